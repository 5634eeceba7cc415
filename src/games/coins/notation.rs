//! Coin-row position codes, `coins:<MAXQ>:<faces of coins 1..n>` (for example
//! `coins:14:HTTHTTTTHTTTHTHH`), and moves in words. Parsing checks everything and names the
//! character where a code goes wrong.

use super::rules::{Base, CoinMove, CoinRow, split};
use crate::game::{CodeError, IllegalMove, Notation};
use crate::games::Face;
use crate::input::{escape_controls, excerpt};
use crate::message::{Msg, Said};

const PREFIX: &str = "coins:";

impl Notation for CoinRow {
    const GAME: &'static str = "coins";

    fn from_code(code: &str) -> Result<CoinRow, CodeError> {
        // Every valid code is ASCII; after this check byte indices are character columns.
        if let Some((i, ch)) = code.chars().enumerate().find(|(_, ch)| !ch.is_ascii()) {
            return Err(CodeError::new(
                i + 1,
                Said::new("said.code.non_ascii").with("char", escape_controls(&ch.to_string())),
            ));
        }
        let bytes = code.as_bytes();
        if !code.starts_with(PREFIX) {
            let message = match code.find(':') {
                Some(end) if end > 0 => Said::new("said.coins.unknown_game")
                    .with("name", excerpt(&code.as_bytes()[..end], 20)),
                _ => Said::new("said.coins.prefix"),
            };
            return Err(CodeError::new(1, message));
        }

        let maxq_start = PREFIX.len();
        let digits = bytes[maxq_start..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let maxq_end = maxq_start + digits;
        match bytes.get(maxq_end) {
            Some(b':') if digits > 0 => {}
            Some(b':') => {
                return Err(CodeError::new(
                    maxq_start + 1,
                    Said::new("said.coins.maxq_missing"),
                ));
            }
            Some(&b) => {
                return Err(CodeError::new(
                    maxq_end + 1,
                    Said::new("said.coins.maxq_then_colon").with_said("found", shown(b)),
                ));
            }
            None if digits == 0 => {
                return Err(CodeError::new(
                    maxq_start + 1,
                    Said::new("said.coins.maxq_missing_all"),
                ));
            }
            None => {
                return Err(CodeError::new(
                    maxq_end + 1,
                    Said::new("said.coins.faces_missing"),
                ));
            }
        }
        let maxq = code[maxq_start..maxq_end].bytes().fold(0u64, |v, d| {
            (v * 10 + (d - b'0') as u64).min(u64::from(u32::MAX))
        });
        if !(1..=CoinRow::MAX_MAXQ as u64).contains(&maxq) {
            return Err(CodeError::new(
                maxq_start + 1,
                Said::new("said.coins.maxq_range")
                    .with("maxq", excerpt(&bytes[maxq_start..maxq_end], 20))
                    .with("most", CoinRow::MAX_MAXQ),
            ));
        }

        let faces_start = maxq_end + 1;
        let mut faces = Vec::with_capacity(bytes.len() - faces_start);
        for (i, &b) in bytes[faces_start..].iter().enumerate() {
            let column = faces_start + i + 1;
            match b {
                b'H' => faces.push(Face::Heads),
                b'T' => faces.push(Face::Tails),
                b if b.is_ascii_alphabetic() => {
                    return Err(CodeError::new(
                        column,
                        Said::new("said.coins.letter").with("char", b as char),
                    ));
                }
                _ if faces.is_empty() => {
                    return Err(CodeError::new(
                        column,
                        Said::new("said.coins.expected_faces").with_said("found", shown(b)),
                    ));
                }
                _ => {
                    return Err(CodeError::new(
                        column,
                        Said::new("said.coins.after_faces")
                            .with("n", faces.len())
                            .with_said("found", shown(b)),
                    ));
                }
            }
        }
        if faces.is_empty() {
            return Err(CodeError::new(
                faces_start + 1,
                Said::new("said.coins.no_faces"),
            ));
        }
        if faces.len() > CoinRow::MAX_N {
            return Err(CodeError::new(
                faces_start + CoinRow::MAX_N + 1,
                Said::new("said.coins.too_many")
                    .with("count", faces.len())
                    .with("most", CoinRow::MAX_N),
            ));
        }
        CoinRow::new(maxq as u32, &faces)
    }

    fn to_code(&self) -> String {
        let mut code = format!("{PREFIX}{}:", self.maxq());
        code.reserve(self.n());
        let mut tails = self.tails_iter().peekable();
        for coin in 1..=self.n() as u32 {
            if tails.next_if_eq(&coin).is_some() {
                code.push('T');
            } else {
                code.push('H');
            }
        }
        code
    }

    /// In English for example `coin 12 (=2^2·3) ÷2: flip 12 6 3`, or with a step p > 1
    /// `coin 48 (=2^4·3) ÷4: flip 48 12 3`: the coin as [`factored`] writes it everywhere,
    /// then the move as the move list shows it ([`move_flips`]).
    fn describe_move(&self, mv: &CoinMove) -> Msg {
        Msg::CoinMove {
            coin: u64::from(mv.coin),
            divisor: divisor(mv),
            flips: flips(mv),
        }
    }

    /// The coins the move turns, largest first: `12 6 3`.
    fn move_code(&self, mv: &CoinMove) -> String {
        let coins: Vec<String> = mv.flipped().iter().map(u32::to_string).collect();
        coins.join(" ")
    }

    /// Reads `x x/d x/d² …` (the coins a move turns, largest first, d a power of 2 or 3).
    fn parse_move(&self, text: &str) -> Result<CoinMove, IllegalMove> {
        parse_coin_move(text)
    }
}

/// A coin-row move from the coins it turns, largest first (`12 6 3`; commas may separate
/// them too). The first two give the divisor d = x / (x/d), a power of 2 or 3.
fn parse_coin_move(text: &str) -> Result<CoinMove, IllegalMove> {
    let error = IllegalMove::new;
    let mut coins = Vec::new();
    for word in text.split([' ', ',']).filter(|w| !w.is_empty()) {
        let coin: u32 = word
            .parse()
            .map_err(|_| error(Said::new("said.move.coin_number").with("text", word)))?;
        if coins.len() > CoinRow::MAX_MAXQ as usize {
            return Err(error(
                Said::new("said.move.coins_at_most").with("count", CoinRow::MAX_MAXQ + 1),
            ));
        }
        coins.push(coin);
    }
    let (first, second) = match coins.as_slice() {
        [] => {
            return Err(error(Said::new("said.move.coins_form")));
        }
        [coin] => {
            return Err(error(
                Said::new("said.move.coins_one")
                    .with("coin", coin)
                    .with("half", coin / 2),
            ));
        }
        [first, second, ..] => (*first, *second),
    };
    if second == 0 || second >= first || !first.is_multiple_of(second) {
        return Err(error(
            Said::new("said.move.coins_divisor")
                .with("first", first)
                .with("second", second),
        ));
    }
    let divisor = first / second;
    let (base, step) = if divisor.is_power_of_two() {
        (Base::Two, divisor.trailing_zeros())
    } else if 3u32.pow(divisor.ilog(3)) == divisor {
        (Base::Three, divisor.ilog(3))
    } else {
        return Err(error(
            Said::new("said.move.coins_not_power")
                .with("first", first)
                .with("second", second)
                .with("divisor", divisor),
        ));
    };
    let mv = CoinMove {
        coin: first,
        base,
        step,
        count: coins.len() as u32 - 1,
    };
    if mv.flipped() != coins {
        let expected: Vec<String> = mv.flipped().iter().map(u32::to_string).collect();
        return Err(error(
            Said::new("said.move.coins_expected")
                .with("divisor", divisor)
                .with("coins", expected.join(" ")),
        ));
    }
    Ok(mv)
}

/// `2^2·3` for coin 12: the coin as c·2^a·3^b, c first (left out when 1), then the powers of 2
/// and 3 its moves divide away; `None` for a coin coprime to 6, which has no move. The one
/// way a coin is factored, in the command line's output and on every panel of the game.
pub fn factorisation(coin: u32) -> Option<String> {
    let (c, a, b) = split(coin);
    if a + b == 0 {
        return None;
    }
    let power = |radix: u32, e: u32| match e {
        0 => None,
        1 => Some(radix.to_string()),
        e => Some(format!("{radix}^{e}")),
    };
    let factors: Vec<String> = [(c > 1).then(|| c.to_string()), power(2, a), power(3, b)]
        .into_iter()
        .flatten()
        .collect();
    Some(factors.join("·"))
}

/// ` (=2^2·3)` for coin 12 ([`factorisation`] in brackets); empty for a coin coprime to 6,
/// and for 2 and 3, which it would only repeat.
pub fn factored(coin: u32) -> String {
    match factorisation(coin) {
        Some(f) if f != coin.to_string() => format!(" (={f})"),
        _ => String::new(),
    }
}

/// What a move divides by at each step and the coins it flips, in order (`÷2: flip 12 6 3`
/// in English). The move list shows exactly this; [`Notation::describe_move`] puts the coin
/// before it.
pub fn move_flips(mv: &CoinMove) -> Msg {
    Msg::CoinFlips {
        divisor: divisor(mv),
        flips: flips(mv),
    }
}

/// What a move divides by at each step (`None` past `u32`, which no legal move reaches).
fn divisor(mv: &CoinMove) -> Option<u64> {
    mv.base.radix().checked_pow(mv.step).map(u64::from)
}

/// The coins a move flips, largest first.
fn flips(mv: &CoinMove) -> Vec<u64> {
    mv.flipped().into_iter().map(u64::from).collect()
}

/// An ASCII byte for an error message, with an article: `'x'`, `a space`, `a line break`,
/// `control character 0x1B`.
fn shown(b: u8) -> Said {
    match b {
        b if b.is_ascii_graphic() => Said::new("said.char.quoted").with("char", b as char),
        b' ' => Said::new("said.char.space"),
        b'\t' => Said::new("said.char.tab"),
        b'\n' | b'\r' => Said::new("said.char.line_break"),
        b => Said::new("said.char.control").with("code", format!("0x{b:02X}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Impartial;
    use crate::games::coins::rules::Base;

    #[test]
    fn round_trip_and_words() {
        let code = "coins:14:HTTHTTTTHTTTHTHH";
        let p = CoinRow::from_code(code).unwrap();
        assert_eq!(p.to_code(), code);
        assert_eq!(p.maxq(), 14);
        assert_eq!(p.tails(), vec![2, 3, 5, 6, 7, 8, 10, 11, 12, 14]);
        let mv = CoinMove {
            coin: 12,
            base: Base::Two,
            step: 1,
            count: 2,
        };
        assert_eq!(
            p.describe_move(&mv),
            Msg::CoinMove {
                coin: 12,
                divisor: Some(2),
                flips: vec![12, 6, 3]
            }
        );
        assert_eq!(
            p.describe_part(12),
            Msg::Part(crate::why::PartName::Coin { coin: 12 })
        );
        assert_eq!(factored(12), " (=2^2·3)");
        assert_eq!(factored(40), " (=5·2^3)");
        assert_eq!(factored(7), "");
        assert_eq!(factored(2), "");
        assert_eq!(factored(18), " (=2·3^2)");
        assert_eq!(factored(9), " (=3^2)");
        assert_eq!(factorisation(30000).as_deref(), Some("625·2^4·3"));
        let mv = CoinMove {
            coin: 12,
            base: Base::Three,
            step: 1,
            count: 1,
        };
        assert_eq!(
            move_flips(&mv),
            Msg::CoinFlips {
                divisor: Some(3),
                flips: vec![12, 4]
            }
        );
        let mv = CoinMove {
            coin: 48,
            base: Base::Two,
            step: 2,
            count: 2,
        };
        assert_eq!(
            p.describe_move(&mv),
            Msg::CoinMove {
                coin: 48,
                divisor: Some(4),
                flips: vec![48, 12, 3]
            }
        );
        assert_eq!(p.move_code(&mv), "48 12 3");
        assert_eq!(p.parse_move("48 12 3"), Ok(mv));
        assert_eq!(p.parse_move("48,12,3"), Ok(mv));
    }

    #[test]
    fn every_legal_move_code_reads_back() {
        let p = CoinRow::from_code("coins:3:TTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTT")
            .unwrap();
        let moves = crate::game::Position::legal_moves(&p);
        assert!(moves.len() > 50);
        for mv in moves {
            assert_eq!(p.parse_move(&p.move_code(&mv)), Ok(mv));
        }
    }

    #[test]
    fn bad_move_codes_say_why() {
        let p = CoinRow::from_code("coins:4:TTTTTTTTTTTT").unwrap();
        let why = |text: &str| p.parse_move(text).unwrap_err().0.to_string();
        assert!(why("").contains("largest first"));
        assert!(why("12").contains("at least one coin"));
        assert!(why("12 x").contains("'x' is not a coin number"));
        assert!(why("12 5").contains("not coin 12 divided"));
        assert!(why("12 2").contains("divided by 6"));
        assert!(why("12 6 2").contains("the coins are 12 6 3"));
        assert!(why("12 0").contains("not coin 12 divided"));
        assert!(why("99999999999 3").contains("not a coin number"));
    }
}
