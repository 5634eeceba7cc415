//! The contest problem (PA 2012): for each k, the k-th smallest n whose full board the second
//! player wins. Reads one k per line (blank lines skipped) and never panics on bad input:
//! errors give the line and the character column.

use super::values::nth_second_player_win;
use crate::input::{InputError, Limits, Problem, Reader, excerpt};

/// The largest k the problem allows (k < 10^9).
pub const MAX_K: u64 = 999_999_999;

/// The most values of k one input may ask for (the problem asks one; this reader takes many).
pub const MAX_QUERIES: usize = 1_000_000;

/// What a streamed dodgeball input may hold: 10^6 lines of one k.
pub const LIMITS: Limits = Limits::new(64 << 20, "10^6 values of k, one per line, about 10 MB");

/// Answers every k of `input`, one line each.
pub fn solve(input: &[u8]) -> Result<String, InputError> {
    solve_from(&mut Reader::new(input))
}

/// [`solve`] reading from `reader`, which stops at the first error.
pub fn solve_from(reader: &mut Reader) -> Result<String, InputError> {
    let mut out = String::new();
    let mut answered = 0;
    while let Some(line) = reader.next_line()? {
        let text = std::str::from_utf8(line.text).map_err(|e| {
            let valid = &line.text[..e.valid_up_to()];
            let column = char_count(valid) + 1;
            InputError::of(
                line.number,
                Some(column),
                Problem::NotUtf8(line.text[e.valid_up_to()]),
            )
        })?;
        if line.is_blank() {
            continue;
        }
        if answered == MAX_QUERIES {
            return Err(InputError::of(
                line.number,
                None,
                Problem::TooManyQueries { max: MAX_QUERIES },
            ));
        }
        let mut fields = line.fields();
        let field = fields.next().expect("a line that is not blank has a field");
        let field_text = &text[field.column - 1..field.column - 1 + field.text.len()];
        if let Some((offset, c)) = field_text.char_indices().find(|(_, c)| !c.is_ascii()) {
            return Err(InputError::of(
                line.number,
                Some(char_count(&line.text[..field.column - 1 + offset]) + 1),
                Problem::NotAsciiDigit {
                    var: "k",
                    found: crate::input::escape_controls(&c.to_string()),
                    code: c as u32,
                },
            ));
        }
        let k = field
            .number("k", 1..=MAX_K)
            .map_err(|e| in_characters(e, line.text))?;
        if let Some(extra) = fields.next() {
            let column = char_count(&line.text[..extra.column - 1]) + 1;
            return Err(InputError::of(
                line.number,
                Some(column),
                Problem::OnePerLine {
                    var: "k",
                    field: excerpt(extra.text, 40),
                },
            ));
        }
        out.push_str(&nth_second_player_win(k).to_string());
        out.push('\n');
        answered += 1;
    }
    if answered == 0 {
        return Err(InputError::of(1, None, Problem::NoQueries));
    }
    Ok(out)
}

fn char_count(bytes: &[u8]) -> usize {
    String::from_utf8_lossy(bytes).chars().count()
}

/// The error with its byte column turned into a character column.
fn in_characters(mut error: InputError, line: &[u8]) -> InputError {
    if let Some(column) = error.column {
        error.column = Some(char_count(&line[..(column - 1).min(line.len())]) + 1);
    }
    error
}
