//! Position codes for Binary Dodgeball (`dodgeball:1011…`, one 0/1 per box) and throws in
//! words. Parsing checks every character and the board size; columns in errors count
//! characters from 1, prefix included.

use super::rules::{Dodgeball, Throw, size_error};
use crate::game::{CodeError, IllegalMove, Notation, Position};
use crate::message::{Msg, Said};

const PREFIX: &str = "dodgeball:";

impl Notation for Dodgeball {
    const GAME: &'static str = "dodgeball";

    fn from_code(code: &str) -> Result<Dodgeball, CodeError> {
        let mut chars = code.chars().enumerate();
        for (expected, (i, found)) in PREFIX.chars().zip(chars.by_ref()) {
            if found != expected {
                return Err(CodeError::new(
                    i + 1,
                    Said::new("said.dodgeball.prefix_found").with_said("found", shown(found)),
                ));
            }
        }
        if code.chars().count() < PREFIX.len() {
            return Err(CodeError::new(
                code.chars().count() + 1,
                Said::new("said.dodgeball.prefix_ends"),
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
                        Said::new("said.dodgeball.too_many").with("most", Dodgeball::MAX_N),
                    ));
                }
                '0' => pieces.push(false),
                '1' => pieces.push(true),
                c if !c.is_ascii() => {
                    return Err(CodeError::new(
                        column,
                        Said::new("said.dodgeball.non_ascii")
                            .with_said("found", shown(c))
                            .with("box", box_),
                    ));
                }
                c if c.is_ascii_alphanumeric() || pieces.is_empty() => {
                    return Err(CodeError::new(
                        column,
                        Said::new("said.dodgeball.not_a_box")
                            .with("box", box_)
                            .with_said("found", shown(c)),
                    ));
                }
                c => {
                    return Err(CodeError::new(
                        column,
                        Said::new("said.dodgeball.after_boxes")
                            .with("box", box_ - 1)
                            .with_said("found", shown(c)),
                    ));
                }
            }
        }
        if pieces.is_empty() {
            return Err(CodeError::new(
                PREFIX.len() + 1,
                Said::new("said.dodgeball.no_boxes").with("most", Dodgeball::MAX_N),
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
                IllegalMove::new(Said::new("said.move.throw_form").with("text", text))
            })?;
        let number = |s: &str, what: &'static str| {
            s.trim()
                .parse::<u32>()
                .map_err(|_| IllegalMove::new(Said::new(what).with("text", s.trim())))
        };
        Ok(Throw {
            from: number(from, "said.move.throw_from")?,
            to: number(to, "said.move.throw_to")?,
        })
    }
}

/// A character for an error message: quoted, with blanks and control characters named.
fn shown(c: char) -> Said {
    match c {
        ' ' => Said::new("said.char.space"),
        '\t' => Said::new("said.char.tab"),
        '\n' | '\r' => Said::new("said.char.line_break"),
        c if c.is_control() => {
            Said::new("said.char.control").with("code", format!("U+{:04X}", c as u32))
        }
        c if !c.is_ascii() => Said::new("said.char.unicode")
            .with("char", crate::input::escape_controls(&c.to_string()))
            .with("code", format!("U+{:04X}", c as u32)),
        c => Said::new("said.char.quoted").with("char", c),
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
        let why = |text: &str| p.parse_move(text).unwrap_err().0.to_string();
        assert!(why("3 12").contains("write from->to"));
        assert!(why("x->12").contains("'x' is not a box number"));
        assert!(why("3->").contains("is not a box number (the box thrown to)"));
    }
}
