//! A position written as text (on the command line, in a lesson, a saved game): read as a
//! literal only — integers, strings, `true`/`false` and arrays of them, as [`Value`] prints
//! them — never run as code, so that `sleep(15)` or a loop given as a position is refused at
//! once rather than evaluated.

use super::value::{MAX_DEPTH, MAX_ITEMS, MAX_STRING};
use super::{Cause, NotPosition, Value};

/// The longest text read as a position.
pub const MAX_TEXT: usize = 1 << 20;

/// Why a text is not a position, and at which character (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LiteralError {
    Bad { why: Cause, column: usize },
    TooLarge,
}

impl From<NotPosition> for LiteralError {
    fn from(_: NotPosition) -> LiteralError {
        LiteralError::TooLarge
    }
}

/// Reads `text` as one position.
pub fn parse(text: &str) -> Result<Value, LiteralError> {
    if text.len() > MAX_TEXT {
        return Err(LiteralError::TooLarge);
    }
    let mut reader = Reader {
        chars: text.chars().collect(),
        at: 0,
        items: 0,
    };
    reader.blank();
    let value = reader.value(0)?;
    reader.blank();
    if reader.at < reader.chars.len() {
        return Err(reader.unexpected());
    }
    Ok(value)
}

struct Reader {
    chars: Vec<char>,
    at: usize,
    items: usize,
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn blank(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    fn bad(&self, why: Cause) -> LiteralError {
        LiteralError::Bad {
            why,
            column: self.at + 1,
        }
    }

    fn unexpected(&self) -> LiteralError {
        match self.peek() {
            None => self.bad(Cause::UnexpectedEnd),
            Some(c) => self.bad(Cause::Unexpected(c.to_string())),
        }
    }

    fn value(&mut self, depth: usize) -> Result<Value, LiteralError> {
        self.items += 1;
        if self.items > MAX_ITEMS || depth > MAX_DEPTH {
            return Err(LiteralError::TooLarge);
        }
        match self.peek() {
            Some('[') => self.array(depth),
            Some('"') => self.string(),
            Some('#') if self.chars.get(self.at + 1) == Some(&'{') => {
                Err(self.bad(Cause::OfType("map".to_string())))
            }
            Some('\'') => Err(self.bad(Cause::OfType("char".to_string()))),
            Some(c) if c.is_ascii_digit() || c == '-' || c == '+' => self.integer(),
            Some(c) if c.is_alphabetic() || c == '_' => {
                let start = self.at;
                while self.peek().is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    self.at += 1;
                }
                let word: String = self.chars[start..self.at].iter().collect();
                match word.as_str() {
                    "true" => Ok(Value::Bool(true)),
                    "false" => Ok(Value::Bool(false)),
                    _ => {
                        self.at = start;
                        Err(self.bad(Cause::Unexpected(word)))
                    }
                }
            }
            _ => Err(self.unexpected()),
        }
    }

    fn array(&mut self, depth: usize) -> Result<Value, LiteralError> {
        self.at += 1;
        let mut items = Vec::new();
        loop {
            self.blank();
            if self.peek() == Some(']') {
                self.at += 1;
                return Ok(Value::Array(items.into()));
            }
            items.push(self.value(depth + 1)?);
            self.blank();
            match self.peek() {
                Some(',') => self.at += 1,
                Some(']') => {}
                None => return Err(self.bad(Cause::UnexpectedEnd)),
                Some(_) => return Err(self.bad(Cause::Missing(",".to_string()))),
            }
        }
    }

    fn string(&mut self) -> Result<Value, LiteralError> {
        self.at += 1;
        let mut text = String::new();
        loop {
            let Some(c) = self.peek() else {
                return Err(self.bad(Cause::UnclosedString));
            };
            self.at += 1;
            match c {
                '"' => break,
                '\\' => {
                    let Some(e) = self.peek() else {
                        return Err(self.bad(Cause::UnclosedString));
                    };
                    self.at += 1;
                    text.push(match e {
                        'n' => '\n',
                        't' => '\t',
                        'r' => '\r',
                        '0' => '\0',
                        '"' | '\\' | '\'' => e,
                        'x' | 'u' | 'U' => {
                            let digits = match e {
                                'x' => 2,
                                'u' => 4,
                                _ => 8,
                            };
                            let hex: String = self
                                .chars
                                .get(self.at..self.at + digits)
                                .map(|h| h.iter().collect())
                                .unwrap_or_default();
                            let c = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32);
                            let Some(c) = c.filter(|_| hex.len() == digits) else {
                                return Err(self.bad(Cause::Unexpected(format!("\\{e}{hex}"))));
                            };
                            self.at += digits;
                            c
                        }
                        other => {
                            return Err(self.bad(Cause::Unexpected(format!("\\{other}"))));
                        }
                    });
                }
                c => text.push(c),
            }
            if text.len() > MAX_STRING {
                return Err(LiteralError::TooLarge);
            }
        }
        Ok(Value::Str(text.into()))
    }

    fn integer(&mut self) -> Result<Value, LiteralError> {
        let start = self.at;
        let negative = match self.peek() {
            Some('-') => {
                self.at += 1;
                true
            }
            Some('+') => {
                self.at += 1;
                false
            }
            _ => false,
        };
        let radix = match (self.peek(), self.chars.get(self.at + 1)) {
            (Some('0'), Some('x')) => 16,
            (Some('0'), Some('o')) => 8,
            (Some('0'), Some('b')) => 2,
            _ => 10,
        };
        if radix != 10 {
            self.at += 2;
        }
        let digits_from = self.at;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            self.at += 1;
        }
        let digits: String = self.chars[digits_from..self.at]
            .iter()
            .filter(|&&c| c != '_')
            .collect();
        let text: String = self.chars[start..self.at].iter().collect();
        if digits.is_empty() {
            return Err(self.unexpected());
        }
        // The sign goes with the digits, so that i64::MIN reads.
        let signed = if negative {
            format!("-{digits}")
        } else {
            digits
        };
        i64::from_str_radix(&signed, radix)
            .map(Value::Int)
            .map_err(|e| {
                let why = match e.kind() {
                    std::num::IntErrorKind::PosOverflow | std::num::IntErrorKind::NegOverflow => {
                        Cause::Overflow
                    }
                    _ => Cause::Unexpected(text),
                };
                LiteralError::Bad {
                    why,
                    column: start + 1,
                }
            })
    }
}

/// A rules file's position in a save (`start`, a move), read as a literal only: whether it is
/// the script's position is for the script to say when the game is played again.
pub fn saved_position(line: usize, text: &str) -> Result<Value, crate::store::save::SaveError> {
    parse(text).map_err(|e| {
        let column = match e {
            LiteralError::Bad { column, .. } => column,
            LiteralError::TooLarge => 1,
        };
        crate::store::save::SaveError {
            line,
            message: crate::message::Said::new("said.save.literal")
                .with("text", crate::input::excerpt(text.as_bytes(), 60))
                .with("column", column)
                .escaped(100),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_values_print() {
        for text in [
            "7",
            "-9223372036854775808",
            "[3, [4, \"ab\"], true]",
            "\"a\\\"b\\\\c\\n\\u0001\"",
            "[]",
            "\"THHTH\"",
        ] {
            let value = parse(text).expect(text);
            assert_eq!(parse(&value.to_string()), Ok(value.clone()), "{text}");
        }
        assert_eq!(parse(" [1,2 ,3] "), parse("[1, 2, 3]"));
        assert_eq!(parse("0x10"), Ok(Value::Int(16)));
        assert_eq!(parse("1_000"), Ok(Value::Int(1000)));
    }

    #[test]
    fn code_is_not_run() {
        for text in [
            "sleep(15)",
            "[1, 2] + [3]",
            "1 + 1",
            "loop {}",
            "x",
            "[1, f()]",
        ] {
            assert!(
                matches!(parse(text), Err(LiteralError::Bad { .. })),
                "{text}"
            );
        }
        assert!(matches!(
            parse("#{a: 1}"),
            Err(LiteralError::Bad {
                why: Cause::OfType(_),
                ..
            })
        ));
        assert!(matches!(
            parse("[3, "),
            Err(LiteralError::Bad {
                why: Cause::UnexpectedEnd,
                ..
            })
        ));
        let deep = "[".repeat(50_000);
        assert_eq!(parse(&deep), Err(LiteralError::TooLarge));
        assert!(matches!(
            parse("99999999999999999999"),
            Err(LiteralError::Bad {
                why: Cause::Overflow,
                ..
            })
        ));
    }
}
