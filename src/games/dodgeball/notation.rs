//! Position codes for Binary Dodgeball (`dodgeball:1011…`, one 0/1 per box) and throws in
//! words. Parsing checks every character and the board size; columns in errors count
//! characters from 1, prefix included.

use super::rules::{Dodgeball, Throw, size_error};
use crate::game::{CodeError, IllegalMove, Notation, Position};
use crate::message::Msg;

const PREFIX: &str = "dodgeball:";

impl Notation for Dodgeball {
    const GAME: &'static str = "dodgeball";

    fn from_code(code: &str) -> Result<Dodgeball, CodeError> {
        let mut chars = code.chars().enumerate();
        for (expected, (i, found)) in PREFIX.chars().zip(chars.by_ref()) {
            if found != expected {
                return Err(CodeError::new(
                    i + 1,
                    format!(
                        "a dodgeball code starts with '{PREFIX}', found {} here",
                        shown(found)
                    ),
                ));
            }
        }
        if code.chars().count() < PREFIX.len() {
            return Err(CodeError::new(
                code.chars().count() + 1,
                format!("a dodgeball code starts with '{PREFIX}', but the code ends here"),
            ));
        }
        let mut pieces = Vec::new();
        for (i, c) in chars {
            let column = i + 1;
            let box_ = pieces.len() + 1;
            match c {
                '0' | '1' if box_ > Dodgeball::MAX_N => {
                    return Err(CodeError::new(
                        column,
                        format!(
                            "too many boxes: a board has at most {} boxes",
                            Dodgeball::MAX_N
                        ),
                    ));
                }
                '0' => pieces.push(false),
                '1' => pieces.push(true),
                c if !c.is_ascii() => {
                    return Err(CodeError::new(
                        column,
                        format!(
                            "non-ASCII character {} where box {box_} should be",
                            shown(c)
                        ),
                    ));
                }
                c if c.is_ascii_alphanumeric() || pieces.is_empty() => {
                    return Err(CodeError::new(
                        column,
                        format!(
                            "box {box_} must be 0 (empty) or 1 (piece), found {}",
                            shown(c)
                        ),
                    ));
                }
                c => {
                    return Err(CodeError::new(
                        column,
                        format!(
                            "box {} is followed by {}: the code ends with its last box",
                            box_ - 1,
                            shown(c)
                        ),
                    ));
                }
            }
        }
        if pieces.is_empty() {
            return Err(CodeError::new(
                PREFIX.len() + 1,
                format!(
                    "no boxes after '{PREFIX}': a board has 1 to {} boxes",
                    Dodgeball::MAX_N
                ),
            ));
        }
        if let Some(mut error) = size_error(pieces.len()) {
            error.column += PREFIX.len();
            return Err(error);
        }
        Dodgeball::new(&pieces)
    }

    fn to_code(&self) -> String {
        let mut code = String::with_capacity(PREFIX.len() + self.n());
        code.push_str(PREFIX);
        code.extend((1..=self.n()).map(|b| if self.has_piece(b) { '1' } else { '0' }));
        code
    }

    /// The throw, and whether the piece collides (box `to` holds a piece: both leave).
    fn describe_move(&self, mv: &Throw) -> Msg {
        Msg::Throw {
            from: u64::from(mv.from),
            to: u64::from(mv.to),
            collides: self.check_move(mv).is_ok() && self.collides(mv),
        }
    }

    /// `3->12`: the piece in box 3 thrown to box 12.
    fn move_code(&self, mv: &Throw) -> String {
        format!("{}->{}", mv.from, mv.to)
    }

    /// Reads `from->to` (`→` is read too).
    fn parse_move(&self, text: &str) -> Result<Throw, IllegalMove> {
        let text = text.trim();
        let (from, to) = text
            .split_once("->")
            .or_else(|| text.split_once('→'))
            .ok_or_else(|| {
                IllegalMove::new(format!(
                    "'{text}' is not a throw: write from->to, e.g. 3->12"
                ))
            })?;
        let number = |s: &str, what: &str| {
            s.trim().parse::<u32>().map_err(|_| {
                IllegalMove::new(format!("'{}' is not a box number ({what})", s.trim()))
            })
        };
        Ok(Throw {
            from: number(from, "the box thrown from")?,
            to: number(to, "the box thrown to")?,
        })
    }
}

/// A character for an error message: quoted, with blanks and control characters named.
fn shown(c: char) -> String {
    match c {
        ' ' => "a space".to_string(),
        '\t' => "a tab".to_string(),
        '\n' | '\r' => "a line break".to_string(),
        c if c.is_control() => format!("control character U+{:04X}", c as u32),
        c if !c.is_ascii() => format!(
            "'{}' (U+{:04X})",
            crate::input::escape_controls(&c.to_string()),
            c as u32
        ),
        c => format!("'{c}'"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_legal_move_code_reads_back() {
        let p = Dodgeball::from_code("dodgeball:1111111111111111111111111").unwrap();
        for mv in p.legal_moves() {
            assert_eq!(p.parse_move(&p.move_code(&mv)), Ok(mv));
        }
        assert_eq!(p.parse_move("3 → 12"), Ok(Throw { from: 3, to: 12 }));
        let why = |text: &str| p.parse_move(text).unwrap_err().0;
        assert!(why("3 12").contains("write from->to"));
        assert!(why("x->12").contains("'x' is not a box number"));
        assert!(why("3->").contains("is not a box number (the box thrown to)"));
    }
}
