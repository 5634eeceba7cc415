//! The contest problem (ZJOI 2009): for each grid, `-_-` if the first player wins, else `=_=`.
//! Input errors name the line and column.

use super::values::nim_sum_of_rows;
use crate::input::{Field, InputError, Lines};

/// Answers the contest input: T (1..=50), then per case `n m` (1..=100 each) and n rows of m
/// letters H/T. One output line per case.
pub fn solve(input: &[u8]) -> Result<String, InputError> {
    let mut lines = Lines::new(input);
    if input.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(InputError::new(
            1,
            None,
            "empty input: expected the number of cases T",
        ));
    }
    let [cases] = lines
        .expect("the number of cases T")?
        .numbers(["T"], [1..=50])?;
    let mut out = String::new();
    for case in 1..=cases {
        let [n, m] = lines
            .expect(format_args!("the line `n m` of case {case}"))?
            .numbers(["n", "m"], [1..=100, 1..=100])?;
        let m = m as usize;
        let mut rows = Vec::with_capacity(n as usize);
        for r in 1..=n {
            let line = lines.expect(format_args!("row {r} of case {case} ({m} letters H/T)"))?;
            let mut fields = line.fields();
            let field = fields.next().expect("a non-blank line has a field");
            let bits = row_bits(field, r, case)?;
            if field.text.len() != m {
                return Err(field.error(format!(
                    "row {r} of case {case} has {} letters, expected m = {m}",
                    field.text.len()
                )));
            }
            if let Some(extra) = fields.next() {
                return Err(extra.error(format!(
                    "unexpected {} after row {r} of case {case}",
                    extra.shown()
                )));
            }
            rows.push(bits);
        }
        let first_wins = !nim_sum_of_rows(&rows).is_zero();
        out.push_str(if first_wins { "-_-\n" } else { "=_=\n" });
    }
    lines.expect_end()?;
    Ok(out)
}

/// The T cells of a row as bits (bit `c − 1` for column `c`), or the first letter that is not
/// H or T. The letters are checked all at once and only a bad row is walked again, to name
/// the place: this loop is most of the time of `solve` on the largest inputs.
fn row_bits(field: Field, row: u64, case: u64) -> Result<u128, InputError> {
    let mut bits = 0u128;
    let mut letters = true;
    for (k, &b) in field.text.iter().enumerate().take(128) {
        bits |= u128::from(b == b'T') << k;
        letters &= b == b'T' || b == b'H';
    }
    if letters {
        return Ok(bits);
    }
    let (k, &b) = field
        .text
        .iter()
        .enumerate()
        .find(|&(_, &b)| b != b'T' && b != b'H')
        .expect("a letter is neither H nor T");
    let what = if b.is_ascii_graphic() {
        format!("'{}'", b as char)
    } else {
        format!("byte 0x{b:02X}")
    };
    Err(InputError::new(
        field.line,
        Some(field.column + k),
        format!("row {row} of case {case}: {what} is not H or T"),
    ))
}
