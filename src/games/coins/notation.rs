//! Coin-row position codes, `coins:<MAXQ>:<faces of coins 1..n>` (for example
//! `coins:14:HTTHTTTTHTTTHTHH`), and moves in words. Parsing checks everything and names the
//! character where a code goes wrong.

use super::rules::{Base, CoinMove, CoinRow, split};
use crate::game::{CodeError, Notation};
use crate::games::Face;
use crate::input::{escape_controls, excerpt};

const PREFIX: &str = "coins:";

impl Notation for CoinRow {
    const GAME: &'static str = "coins";

    fn from_code(code: &str) -> Result<CoinRow, CodeError> {
        // Every valid code is ASCII; after this check byte indices are character columns.
        if let Some((i, ch)) = code.chars().enumerate().find(|(_, ch)| !ch.is_ascii()) {
            return Err(CodeError::new(
                i + 1,
                format!(
                    "unexpected non-ASCII character '{}'",
                    escape_controls(&ch.to_string())
                ),
            ));
        }
        let bytes = code.as_bytes();
        if !code.starts_with(PREFIX) {
            let message = match code.find(':') {
                Some(end) if end > 0 => format!(
                    "unknown game '{}': a coin row code starts with '{PREFIX}'",
                    excerpt(&code.as_bytes()[..end], 20)
                ),
                _ => format!("missing prefix: a coin row code starts with '{PREFIX}'"),
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
                    "MAXQ is missing: expected a number 1 to 20 before ':'",
                ));
            }
            Some(&b) => {
                return Err(CodeError::new(
                    maxq_end + 1,
                    format!(
                        "MAXQ must be a number 1 to 20 followed by ':', found {}",
                        shown(b)
                    ),
                ));
            }
            None if digits == 0 => {
                return Err(CodeError::new(
                    maxq_start + 1,
                    "MAXQ is missing: expected a number 1 to 20, then ':' and the faces",
                ));
            }
            None => {
                return Err(CodeError::new(
                    maxq_end + 1,
                    "expected ':' and the faces after MAXQ",
                ));
            }
        }
        let maxq = code[maxq_start..maxq_end].bytes().fold(0u64, |v, d| {
            (v * 10 + (d - b'0') as u64).min(u64::from(u32::MAX))
        });
        if !(1..=CoinRow::MAX_MAXQ as u64).contains(&maxq) {
            return Err(CodeError::new(
                maxq_start + 1,
                format!(
                    "MAXQ {} is out of range (1..={})",
                    excerpt(&bytes[maxq_start..maxq_end], 20),
                    CoinRow::MAX_MAXQ
                ),
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
                        format!(
                            "letter '{}' is not a coin face: use H (heads) or T (tails)",
                            b as char
                        ),
                    ));
                }
                _ if faces.is_empty() => {
                    return Err(CodeError::new(
                        column,
                        format!("expected the faces H/T of the coins, found {}", shown(b)),
                    ));
                }
                _ => {
                    return Err(CodeError::new(
                        column,
                        format!(
                            "the faces of coins 1..{} are followed by {}: a code ends with its \
                             last face",
                            faces.len(),
                            shown(b)
                        ),
                    ));
                }
            }
        }
        if faces.is_empty() {
            return Err(CodeError::new(
                faces_start + 1,
                "no coins: a row needs at least 1 face H or T after MAXQ",
            ));
        }
        if faces.len() > CoinRow::MAX_N {
            return Err(CodeError::new(
                faces_start + CoinRow::MAX_N + 1,
                format!(
                    "too many coins: {} (at most {})",
                    faces.len(),
                    CoinRow::MAX_N
                ),
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

    /// For example `coin 12 (=3·2^2): flip 12, 6, 3`, or with a step p > 1
    /// `coin 48 (=3·2^4): flip 48, 12, 3 (dividing by 2^2 each time)`.
    fn describe_move(&self, mv: &CoinMove) -> String {
        let coins: Vec<String> = mv.flipped().iter().map(|c| c.to_string()).collect();
        let radix = mv.base.radix();
        let factored = if mv.coin == 0 {
            String::new()
        } else {
            let (c, a, b) = split(mv.coin);
            // The factor that stays the same in every turned coin, then the power divided.
            let (kept, exponent) = match mv.base {
                Base::Two => (c * 3u32.pow(b), a),
                Base::Three => (c << a, b),
            };
            let power = match exponent {
                0 => String::new(),
                1 => radix.to_string(),
                e => format!("{radix}^{e}"),
            };
            match (kept, power.is_empty()) {
                (_, true) => String::new(),
                (1, false) => format!(" (={power})"),
                (k, false) => format!(" (={k}·{power})"),
            }
        };
        let mut text = format!("coin {}{factored}: flip {}", mv.coin, coins.join(", "));
        if mv.step > 1 {
            text.push_str(&format!(" (dividing by {radix}^{} each time)", mv.step));
        }
        text
    }
}

/// ` (=c·2^a·3^b)` for a coin with a + b ≥ 1, leaving out the factors equal to 1; empty for a
/// coin coprime to 6.
pub(crate) fn factored(coin: u32) -> String {
    let (c, a, b) = split(coin);
    let power = |radix: u32, e: u32| match e {
        0 => None,
        1 => Some(radix.to_string()),
        e => Some(format!("{radix}^{e}")),
    };
    let factors: Vec<String> = [(c > 1).then(|| c.to_string()), power(2, a), power(3, b)]
        .into_iter()
        .flatten()
        .collect();
    if a + b == 0 {
        String::new()
    } else {
        format!(" (={})", factors.join("·"))
    }
}

/// An ASCII byte for an error message, with an article: `'x'`, `a space`, `a line break`,
/// `control character 0x1B`.
fn shown(b: u8) -> String {
    match b {
        b if b.is_ascii_graphic() => format!("'{}'", b as char),
        b' ' => "a space".to_string(),
        b'\t' => "a tab".to_string(),
        b'\n' | b'\r' => "a line break".to_string(),
        b => format!("control character 0x{b:02X}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Impartial;

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
        assert_eq!(p.describe_move(&mv), "coin 12 (=3·2^2): flip 12, 6, 3");
        assert_eq!(p.describe_part(12), "coin 12 (=2^2·3)");
        assert_eq!(p.describe_part(40), "coin 40 (=5·2^3)");
        assert_eq!(p.describe_part(7), "coin 7");
        assert_eq!(p.describe_part(0), "coin 0");
        let mv = CoinMove {
            coin: 12,
            base: Base::Three,
            step: 1,
            count: 1,
        };
        assert_eq!(p.describe_move(&mv), "coin 12 (=4·3): flip 12, 4");
        let mv = CoinMove {
            coin: 48,
            base: Base::Two,
            step: 2,
            count: 2,
        };
        assert_eq!(
            p.describe_move(&mv),
            "coin 48 (=3·2^4): flip 48, 12, 3 (dividing by 2^2 each time)"
        );
    }
}
