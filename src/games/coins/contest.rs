//! The contest problem (SDOI 2016 "Coin Game"): T cases of `n MAXQ` and a line of n numbers
//! (1 = heads, 0 = tails) in, one `win`/`lose` per case out. Inputs reach 100 cases of 30000
//! coins (6 MB), so coin lines are read in one pass by a byte loop straight into a nim-sum,
//! four coins at a time when laid out as usual; the short lines go through [`crate::input`].

use std::hint::select_unpredictable;

use super::values::table;
use crate::input::{InputError, Limits, Name, Problem, Reader};

/// What a streamed coin-row input may hold: the largest valid one is about 6 MB.
pub const LIMITS: Limits = Limits::new(64 << 20, "100 cases of at most 30000 coins, about 6 MB");

/// Solves a whole contest input: `win` or `lose` per case, each on its own line.
/// Bad input is an error naming the line and column; this never panics.
pub fn solve(input: &[u8]) -> Result<String, InputError> {
    solve_from(&mut Reader::new(input))
}

/// [`solve`] reading from `reader`, which stops at the first error.
pub fn solve_from(reader: &mut Reader) -> Result<String, InputError> {
    let first = reader.expect(Name::Cases("T"));
    let first = match first {
        Ok(line) => line,
        Err(InputError {
            message: Problem::EndsEarly(_),
            ..
        }) => {
            return Err(InputError::of(
                1,
                None,
                Problem::Empty(Name::Cases("T"), Some((1, 100))),
            ));
        }
        Err(e) => return Err(e),
    };
    let [cases] = first.numbers(["T"], [1..=100])?;
    let mut out = String::with_capacity(cases as usize * 5);
    for case in 1..=cases {
        let header = reader.expect(Name::LineOfCase("n MAXQ", case))?;
        let [n, maxq] = header.numbers(["n", "MAXQ"], [1..=30000, 1..=20])?;
        let values = table(maxq as u32).coin_values();
        let sum = coin_line(reader, n as usize, values, case)?;
        out.push_str(if sum != 0 { "win\n" } else { "lose\n" });
    }
    reader.expect_end()?;
    Ok(out)
}

/// Reads the next non-blank line as n coins 0 (tails) / 1 (heads) and returns their
/// nim-sum, `values[i]` being the value of a lone tails coin i.
fn coin_line(reader: &mut Reader, n: usize, values: &[u32], case: u64) -> Result<u32, InputError> {
    loop {
        let number = reader.lines_read() + 1;
        let text = reader.rest()?;
        if text.is_empty() {
            return Err(reader.ends_early(Name::CoinsOfCase(n as u64, case)));
        }
        let (sum, found, end) = scan_coins(text, n, values).map_err(|(offset, field)| {
            InputError::of(
                number,
                Some(char_column(text, offset)),
                Problem::NotCoin {
                    coin: count_fields(&text[..offset]) + 1,
                    field: shown(field),
                },
            )
        })?;
        if found != n && found != 0 {
            let line = &text[..end];
            // Past the last value when there are too few; the first extra one otherwise.
            let after_last = line
                .iter()
                .rposition(|&b| !is_blank(b))
                .map_or(0, |i| i + 1);
            let column = nth_field_start(line, n).unwrap_or(after_last);
            return Err(InputError::of(
                number,
                Some(char_column(line, column)),
                Problem::CoinCount { n, found },
            ));
        }
        reader.consume(end + 1, 1);
        if found == n {
            return Ok(sum);
        }
        // A blank line: the coins are on a later one.
    }
}

/// Scans one line of coins at the start of `text` (up to its `\n`): the nim-sum of the tails
/// among the first n values, the number of values, and where the line ends. A value among the
/// first n that is neither 0 nor 1 is an error: its offset and text.
fn scan_coins<'t>(
    text: &'t [u8],
    n: usize,
    values: &[u32],
) -> Result<(u32, usize, usize), (usize, &'t [u8])> {
    let mut sum = 0;
    let mut found = 0;
    let mut i = 0;
    while i < text.len() && text[i] != b'\n' {
        if is_blank(text[i]) {
            i += 1;
            continue;
        }
        // Fast path for the usual layout, one digit and one space per coin: 8 bytes hold 4
        // coins. Anything else (and the last coins of the line) goes the careful way below.
        while found + 4 <= n
            && let Some(chunk) = text.get(i..i + 8)
        {
            let word = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
            // Bytes 0, 2, 4, 6 are '0' or '1' (0x30, 0x31); bytes 1, 3, 5, 7 are spaces.
            if word & 0xFFFE_FFFE_FFFE_FFFE != 0x2030_2030_2030_2030 {
                break;
            }
            for k in 0..4 {
                let tails = (word >> (16 * k)) & 1 == 0;
                // Heads and tails are a coin toss: a branch here would be mispredicted half
                // the time.
                sum ^= select_unpredictable(tails, values[found + 1 + k], 0);
            }
            found += 4;
            i += 8;
        }
        if i >= text.len() || is_blank(text[i]) || text[i] == b'\n' {
            continue;
        }
        let start = i;
        while i < text.len() && !is_blank(text[i]) && text[i] != b'\n' {
            i += 1;
        }
        found += 1;
        if found <= n {
            match &text[start..i] {
                b"0" => sum ^= values[found],
                b"1" => {}
                field => return Err((start, field)),
            }
        }
    }
    Ok((sum, found, i))
}

fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | 0x0B | 0x0C)
}

/// How many blank-separated fields `text` holds.
fn count_fields(text: &[u8]) -> usize {
    text.split(|&b| is_blank(b))
        .filter(|f| !f.is_empty())
        .count()
}

/// The offset of field `index` (0-based) of a line, if it has that many.
fn nth_field_start(line: &[u8], index: usize) -> Option<usize> {
    let mut seen = 0;
    for i in 0..line.len() {
        if !is_blank(line[i]) && (i == 0 || is_blank(line[i - 1])) {
            if seen == index {
                return Some(i);
            }
            seen += 1;
        }
    }
    None
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

/// A field for an error message: a short excerpt, control characters and bytes that are not
/// UTF-8 escaped.
fn shown(field: &[u8]) -> String {
    format!("'{}'", crate::input::excerpt(field, 20))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::find_newline;

    #[test]
    fn newline_search_finds_the_first() {
        let text = b"0 1 0 1 0 1 0 1 0 1\n1 1\n";
        for start in 0..text.len() {
            let expected = text[start..].iter().position(|&b| b == b'\n');
            assert_eq!(find_newline(&text[start..]), expected, "from {start}");
        }
        assert_eq!(find_newline(b""), None);
        assert_eq!(find_newline(b"\xff\x0b\x09\x8a\x0a"), Some(4));
    }

    #[test]
    fn fast_and_careful_paths_agree() {
        let values: Vec<u32> = (0..=64).map(|i| (i * 37 + 5) % 23).collect();
        // Every layout: single spaces (fast), double spaces, tabs, a final blank or none.
        for n in 1..=64usize {
            for mask in [0u64, u64::MAX, 0x5555_5555_5555_5555, 0x1234_5678_9ABC_DEF0] {
                let digits: Vec<&str> = (0..n)
                    .map(|i| if mask >> i & 1 == 1 { "1" } else { "0" })
                    .collect();
                let expected = (1..=n)
                    .filter(|&i| mask >> (i - 1) & 1 == 0)
                    .fold(0, |s, i| s ^ values[i]);
                for sep in [" ", "  ", "\t", " \t"] {
                    for end in ["", " ", "\r\n", "\n0 1"] {
                        let line = format!("{}{end}", digits.join(sep));
                        let (sum, found, _) = scan_coins(line.as_bytes(), n, &values).unwrap();
                        assert_eq!((sum, found), (expected, n), "{line:?}");
                    }
                }
            }
        }
    }
}
