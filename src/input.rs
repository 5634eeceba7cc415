//! Reading contest input: lines and whitespace-separated fields with their positions, so every
//! error names the line, the field and the character where it is. Works on bytes: input need
//! not be UTF-8, and a stray byte is reported rather than panicking.

use std::fmt;
use std::ops::RangeInclusive;

use thiserror::Error;

/// Bad input: what is wrong and where (1-based line and column).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct InputError {
    pub line: usize,
    /// 1-based character column in the line, where known.
    pub column: Option<usize>,
    pub message: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(c) => write!(f, "line {}, column {}: {}", self.line, c, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

impl InputError {
    pub fn new(line: usize, column: Option<usize>, message: impl Into<String>) -> InputError {
        InputError {
            line,
            column,
            message: message.into(),
        }
    }
}

/// One line of input (without its line ending).
#[derive(Clone, Copy, Debug)]
pub struct Line<'a> {
    /// 1-based.
    pub number: usize,
    pub text: &'a [u8],
}

/// One whitespace-separated field of a line.
#[derive(Clone, Copy, Debug)]
pub struct Field<'a> {
    pub line: usize,
    /// 1-based column of the field's first byte.
    pub column: usize,
    pub text: &'a [u8],
}

impl<'a> Line<'a> {
    /// The fields of the line, split on spaces and tabs.
    pub fn fields(&self) -> impl Iterator<Item = Field<'a>> + 'a {
        let text = self.text;
        let line = self.number;
        let mut pos = 0;
        std::iter::from_fn(move || {
            while pos < text.len() && is_blank(text[pos]) {
                pos += 1;
            }
            if pos >= text.len() {
                return None;
            }
            let start = pos;
            while pos < text.len() && !is_blank(text[pos]) {
                pos += 1;
            }
            Some(Field {
                line,
                column: start + 1,
                text: &text[start..pos],
            })
        })
    }

    /// Whether the line holds nothing but blanks.
    pub fn is_blank(&self) -> bool {
        self.text.iter().all(|&b| is_blank(b))
    }

    /// An error at this line.
    pub fn error(&self, message: impl Into<String>) -> InputError {
        InputError::new(self.number, None, message)
    }

    /// Exactly `N` numbers, named by `names`, each within its range.
    pub fn numbers<const N: usize>(
        &self,
        names: [&str; N],
        ranges: [RangeInclusive<u64>; N],
    ) -> Result<[u64; N], InputError> {
        let mut out = [0; N];
        let mut fields = self.fields();
        for i in 0..N {
            let field = fields.next().ok_or_else(|| {
                self.error(format!(
                    "expected {} ({}), found {} field{}",
                    names.join(" "),
                    N,
                    i,
                    if i == 1 { "" } else { "s" }
                ))
            })?;
            out[i] = field.number(names[i], ranges[i].clone())?;
        }
        if let Some(extra) = fields.next() {
            return Err(extra.error(format!(
                "unexpected extra field {} after {}",
                extra.shown(),
                names.join(" ")
            )));
        }
        Ok(out)
    }
}

impl Field<'_> {
    pub fn error(&self, message: impl Into<String>) -> InputError {
        InputError::new(self.line, Some(self.column), message)
    }

    /// The field as text for a message, with bytes that are not printable ASCII escaped.
    pub fn shown(&self) -> String {
        let mut s = String::from("'");
        for &b in self.text.iter().take(40) {
            if b.is_ascii_graphic() {
                s.push(b as char);
            } else {
                s.push_str(&format!("\\x{b:02X}"));
            }
        }
        if self.text.len() > 40 {
            s.push('…');
        }
        s.push('\'');
        s
    }

    /// The field as a decimal number within `range`; `name` says what it is in errors.
    pub fn number(&self, name: &str, range: RangeInclusive<u64>) -> Result<u64, InputError> {
        let mut value: u64 = 0;
        for (i, &b) in self.text.iter().enumerate() {
            if !b.is_ascii_digit() {
                let what = if b.is_ascii_graphic() {
                    format!("'{}'", b as char)
                } else {
                    format!("byte 0x{b:02X}")
                };
                return Err(InputError::new(
                    self.line,
                    Some(self.column + i),
                    format!(
                        "{name} must be a whole number, found {what} in {}",
                        self.shown()
                    ),
                ));
            }
            value = match value
                .checked_mul(10)
                .and_then(|v| v.checked_add((b - b'0') as u64))
            {
                Some(v) => v,
                None => {
                    return Err(self.error(format!(
                        "{name} {} is too large (at most {})",
                        self.shown(),
                        range.end()
                    )));
                }
            };
        }
        if !range.contains(&value) {
            return Err(self.error(format!(
                "{name} {value} is out of range ({}..={})",
                range.start(),
                range.end()
            )));
        }
        Ok(value)
    }
}

fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t' || b == b'\r' || b == 0x0B || b == 0x0C
}

/// The lines of an input, numbered from 1. A final line ending does not make an extra line.
pub struct Lines<'a> {
    data: &'a [u8],
    pos: usize,
    number: usize,
}

impl<'a> Lines<'a> {
    pub fn new(data: &'a [u8]) -> Lines<'a> {
        Lines {
            data,
            pos: 0,
            number: 0,
        }
    }

    /// The next line that is not blank, or an error naming `what` was expected. `what` is
    /// only formatted for the error (pass `format_args!`): this runs once per input line.
    pub fn expect(&mut self, what: impl fmt::Display) -> Result<Line<'a>, InputError> {
        loop {
            match self.next() {
                Some(line) if line.is_blank() => continue,
                Some(line) => return Ok(line),
                None => {
                    return Err(InputError::new(
                        self.number + 1,
                        None,
                        format!("input ends early: expected {what}"),
                    ));
                }
            }
        }
    }

    /// Checks that only blank lines remain.
    pub fn expect_end(&mut self) -> Result<(), InputError> {
        for line in self.by_ref() {
            if !line.is_blank() {
                let field = line.fields().next().expect("a non-blank line has a field");
                return Err(
                    field.error(format!("unexpected {} after the last case", field.shown()))
                );
            }
        }
        Ok(())
    }
}

impl<'a> Iterator for Lines<'a> {
    type Item = Line<'a>;

    fn next(&mut self) -> Option<Line<'a>> {
        if self.pos >= self.data.len() {
            return None;
        }
        let rest = &self.data[self.pos..];
        let len = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        self.pos += len + 1;
        self.number += 1;
        Some(Line {
            number: self.number,
            text: &rest[..len],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_errors_name_their_place() {
        let mut lines = Lines::new(b"2\n16 4x\n\n  7 8 9\n");
        let first = lines.expect("T").unwrap();
        assert_eq!(first.numbers(["T"], [1..=100]).unwrap(), [2]);
        let second = lines.expect("n MAXQ").unwrap();
        let err = second
            .numbers(["n", "MAXQ"], [1..=30000, 1..=20])
            .unwrap_err();
        assert_eq!((err.line, err.column), (2, Some(5)));
        assert!(
            err.to_string().contains("MAXQ must be a whole number"),
            "{err}"
        );
        let third = lines.expect("n MAXQ").unwrap();
        assert_eq!(third.number, 4);
        let err = third
            .numbers(["n", "MAXQ"], [1..=30000, 1..=20])
            .unwrap_err();
        assert_eq!((err.line, err.column), (4, Some(7)));
        let err = lines.expect("coins").unwrap_err();
        assert!(err.to_string().contains("input ends early"), "{err}");
    }

    #[test]
    fn ranges_overflow_and_bytes() {
        let line = Line {
            number: 1,
            text: b"99999999999999999999999 0 \xff",
        };
        let fields: Vec<_> = line.fields().collect();
        assert!(
            fields[0]
                .number("k", 1..=10)
                .unwrap_err()
                .message
                .contains("too large")
        );
        assert!(
            fields[1]
                .number("k", 1..=10)
                .unwrap_err()
                .message
                .contains("out of range")
        );
        assert!(
            fields[2]
                .number("k", 1..=10)
                .unwrap_err()
                .message
                .contains("byte 0xFF")
        );
    }
}
