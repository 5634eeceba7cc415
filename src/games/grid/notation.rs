//! Position codes of the coin grid, `grid:<row 1>/<row 2>/…` with rows of H/T (RULES.md,
//! "Position codes"), and moves in words.

use super::rules::row_short;
use super::{Block, Cell, CoinGrid};
use crate::game::{CodeError, IllegalMove, Notation};
use crate::input::{escape_controls, excerpt};
use crate::message::{Msg, Said};

const PREFIX: &str = "grid:";

/// What a code's character is, for the parser.
enum Token {
    Coin(bool),
    RowEnd,
}

/// Checks one finished row: not empty, and as long as row 1. `column` is just past it.
fn finish_row(
    number: usize,
    len: usize,
    first_len: Option<usize>,
    column: usize,
) -> Result<(), CodeError> {
    if len == 0 {
        return Err(CodeError::new(
            column,
            Said::new("said.grid.row_empty").with("row", number),
        ));
    }
    match first_len {
        Some(first) if len < first => Err(CodeError::new(column, row_short(number, len, first))),
        _ => Ok(()),
    }
}

impl Notation for CoinGrid {
    const GAME: &'static str = "grid";

    fn from_code(code: &str) -> Result<CoinGrid, CodeError> {
        let Some(body) = code.strip_prefix(PREFIX) else {
            let shown = excerpt(code.as_bytes(), 12);
            return Err(CodeError::new(
                1,
                Said::new("said.grid.prefix").with("found", shown),
            ));
        };
        let max = CoinGrid::MAX_SIDE;
        let mut tails: Vec<u128> = Vec::new();
        let (mut bits, mut len) = (0u128, 0usize);
        let mut first_len: Option<usize> = None;
        for (index, ch) in body.chars().enumerate() {
            let column = PREFIX.len() + index + 1;
            let row = tails.len() + 1;
            let token = match ch {
                'H' => Token::Coin(false),
                'T' => Token::Coin(true),
                '/' => Token::RowEnd,
                'h' | 't' => {
                    return Err(CodeError::new(
                        column,
                        Said::new("said.grid.lower_case").with("char", ch),
                    ));
                }
                c if c.is_ascii_alphabetic() => {
                    return Err(CodeError::new(
                        column,
                        Said::new("said.grid.not_a_face")
                            .with("char", c)
                            .with("row", row),
                    ));
                }
                c if !c.is_ascii() => {
                    return Err(CodeError::new(
                        column,
                        Said::new("said.grid.non_ascii")
                            .with("char", escape_controls(&c.to_string()))
                            .with("row", row),
                    ));
                }
                c => {
                    let rest = &body[body.char_indices().nth(index).map_or(0, |(i, _)| i)..];
                    // Text after a whole last row, holding no face and no '/', comes after the
                    // code; any other character sits inside the row it interrupts.
                    let after = len > 0 && !rest.contains(['H', 'T', '/']);
                    let message = if after {
                        Said::new("said.grid.after").with("text", excerpt(rest.as_bytes(), 20))
                    } else {
                        Said::new("said.grid.unexpected")
                            .with("char", escape_controls(&c.to_string()))
                            .with("row", row)
                    };
                    return Err(CodeError::new(column, message));
                }
            };
            match token {
                Token::Coin(is_tails) => {
                    if len == max {
                        return Err(CodeError::new(
                            column,
                            Said::new("said.grid.row_long")
                                .with("row", row)
                                .with("most", max),
                        ));
                    }
                    if first_len.is_some_and(|first| len == first) {
                        return Err(CodeError::new(
                            column,
                            Said::new("said.grid.longer_than_first")
                                .with("row", row)
                                .with("first", first_len.unwrap_or(0)),
                        ));
                    }
                    if is_tails {
                        bits |= 1 << len;
                    }
                    len += 1;
                }
                Token::RowEnd => {
                    finish_row(row, len, first_len, column)?;
                    first_len.get_or_insert(len);
                    tails.push(bits);
                    (bits, len) = (0, 0);
                    if tails.len() == max {
                        return Err(CodeError::new(
                            column + 1,
                            Said::new("said.grid.rows").with("most", max),
                        ));
                    }
                }
            }
        }
        let end = PREFIX.len() + body.chars().count() + 1;
        finish_row(tails.len() + 1, len, first_len, end)?;
        tails.push(bits);
        let cols = first_len.unwrap_or(len);
        Ok(CoinGrid::from_tails(cols, tails.into_boxed_slice()))
    }

    fn to_code(&self) -> String {
        let mut code = String::from(PREFIX);
        for r in 0..self.rows() {
            if r > 0 {
                code.push('/');
            }
            let bits = self.row_bits(r + 1);
            code.extend((0..self.cols()).map(|c| if bits >> c & 1 == 1 { 'T' } else { 'H' }));
        }
        code
    }

    /// The anchor, then the other cells from the anchor outwards (bottom-right first): in
    /// English `anchor (2,3): flip (2,3) (1,3) (1,2)`.
    fn describe_move(&self, mv: &Block) -> Msg {
        let anchor = mv.anchor();
        Msg::Block {
            anchor: (anchor.row, anchor.col),
            others: mv
                .others()
                .map(|c| (c.row, c.col))
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect(),
        }
    }

    /// The block's cells as `row,col`, the anchor first: `2,3 1,3 1,2`. (Listing every
    /// block to search for a code would be exponential.)
    fn move_code(&self, mv: &Block) -> String {
        let anchor = mv.anchor();
        let mut code = format!("{},{}", anchor.row, anchor.col);
        for cell in mv.others().collect::<Vec<_>>().into_iter().rev() {
            code.push_str(&format!(" {},{}", cell.row, cell.col));
        }
        code
    }

    /// Reads `row,col row,col …`, the anchor first (`(2,3)` with brackets is read too).
    fn parse_move(&self, text: &str) -> Result<Block, IllegalMove> {
        let mut cells: Vec<Cell> = Vec::new();
        for word in text.split_whitespace() {
            let inner = word.trim_start_matches('(').trim_end_matches(')');
            let cell = inner
                .split_once(',')
                .and_then(|(r, c)| Some(Cell::new(r.parse().ok()?, c.parse().ok()?)))
                .ok_or_else(|| {
                    IllegalMove::new(Said::new("said.move.cell_form").with("text", word))
                })?;
            if cells.contains(&cell) {
                return Err(IllegalMove::new(
                    Said::new("said.move.cell_twice").with("cell", cell),
                ));
            }
            if cells.len() >= CoinGrid::MAX_SIDE * CoinGrid::MAX_SIDE {
                return Err(IllegalMove::new(Said::new("said.move.cells_too_many")));
            }
            cells.push(cell);
        }
        let Some((&anchor, others)) = cells.split_first() else {
            return Err(IllegalMove::new(Said::new("said.move.cells_form")));
        };
        Ok(Block::new(anchor, others.iter().copied()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Position;

    #[test]
    fn every_legal_move_code_reads_back() {
        let p = CoinGrid::from_code("grid:TTT/TTT/TTT").unwrap();
        let moves = p.legal_moves();
        assert!(moves.len() > 100);
        for mv in moves {
            let code = p.move_code(&mv);
            assert_eq!(p.parse_move(&code), Ok(mv), "{code}");
        }
        let mv = p.parse_move("(2,2) (2,1)").unwrap();
        assert_eq!(p.move_code(&mv), "2,2 2,1");
    }

    #[test]
    fn bad_move_codes_say_why() {
        let p = CoinGrid::from_code("grid:TTT/TTT").unwrap();
        let why = |text: &str| p.parse_move(text).unwrap_err().0.to_string();
        assert!(why("").contains("anchor first"));
        assert!(why("2,2 x").contains("'x' is not a cell"));
        assert!(why("2,2 2;1").contains("is not a cell"));
        assert!(why("2,2 2,1 2,1").contains("listed twice"));
        // Parsed, but not legal: check_move says why.
        let off = p.parse_move("3,3").unwrap();
        assert!(p.check_move(&off).is_err());
    }
}
