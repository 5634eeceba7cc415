//! The contest problem (SDOI 2016 "Coin Game"): T cases of `n MAXQ` and a line of n numbers
//! (1 = heads, 0 = tails) in, one `win`/`lose` per case out. Inputs reach 100 cases of 30000
//! coins, so the coin lines are read by a byte loop straight into a nim-sum.

use super::values::table;
use crate::input::{InputError, Line, Lines};

/// Solves a whole contest input: `win` or `lose` per case, each on its own line.
/// Bad input is an error naming the line and column; this never panics.
pub fn solve(input: &[u8]) -> Result<String, InputError> {
    if input.iter().all(|&b| is_blank(b) || b == b'\n') {
        return Err(InputError::new(
            1,
            None,
            "empty input: expected the number of cases T (1 to 100)",
        ));
    }
    let mut lines = Lines::new(input);
    let first = lines.expect("the number of cases T")?;
    let [cases] = first.numbers(["T"], [1..=100])?;
    let mut out = String::with_capacity(cases as usize * 5);
    for case in 1..=cases {
        let header = lines.expect(&format!("the line `n MAXQ` of case {case}"))?;
        let [n, maxq] = header.numbers(["n", "MAXQ"], [1..=30000, 1..=20])?;
        let coins = lines.expect(&format!("the line of {n} coins of case {case}"))?;
        let sum = coin_line_nim_sum(&coins, n as usize, table(maxq as u32).coin_values())?;
        out.push_str(if sum != 0 { "win\n" } else { "lose\n" });
    }
    lines.expect_end()?;
    Ok(out)
}

/// The nim-sum of a line of n coins given as 0 (tails) / 1 (heads), `values[i]` being the
/// value of a lone tails coin i.
fn coin_line_nim_sum(line: &Line, n: usize, values: &[u32]) -> Result<u32, InputError> {
    let text = line.text;
    let mut sum = 0;
    let mut found = 0;
    // Where the first value past n starts, reported once the whole line is counted.
    let mut first_extra = None;
    let mut i = 0;
    while i < text.len() {
        if is_blank(text[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < text.len() && !is_blank(text[i]) {
            i += 1;
        }
        found += 1;
        if found > n {
            first_extra.get_or_insert(start);
            continue;
        }
        match &text[start..i] {
            b"0" => sum ^= values[found],
            b"1" => {}
            field => {
                return Err(InputError::new(
                    line.number,
                    Some(char_column(text, start)),
                    format!(
                        "coin {found} must be 0 (tails) or 1 (heads), found {}",
                        shown(field)
                    ),
                ));
            }
        }
    }
    if found != n {
        let column = char_column(text, first_extra.unwrap_or(text.len()));
        return Err(InputError::new(
            line.number,
            Some(column),
            format!("expected {n} coin values (n = {n}), found {found}"),
        ));
    }
    Ok(sum)
}

fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | 0x0B | 0x0C)
}

/// The 1-based character column of byte `offset` in a line (UTF-8 continuation bytes do not
/// start a character).
fn char_column(text: &[u8], offset: usize) -> usize {
    text[..offset]
        .iter()
        .filter(|&&b| !(0x80..0xC0).contains(&b))
        .count()
        + 1
}

/// A field for an error message: as text if it is UTF-8, else with its bytes escaped.
fn shown(field: &[u8]) -> String {
    const MAX: usize = 20;
    match std::str::from_utf8(field) {
        Ok(text) if text.chars().count() <= MAX => format!("'{text}'"),
        Ok(text) => format!("'{}…'", text.chars().take(MAX).collect::<String>()),
        Err(_) => {
            let escaped: String = field
                .iter()
                .take(MAX)
                .map(|&b| {
                    if b.is_ascii_graphic() {
                        (b as char).to_string()
                    } else {
                        format!("\\x{b:02X}")
                    }
                })
                .collect();
            format!("'{escaped}' (bytes that are not UTF-8 text)")
        }
    }
}
