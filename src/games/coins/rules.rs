//! The rules of the coin row: positions ([`CoinRow`]), moves ([`CoinMove`]), which moves are
//! legal and what they do. A move turns a tails coin x = c·2^a·3^b and the q coins reached by
//! dividing x by 2^p (or 3^p) q times, for p·q within the exponent and 1 ≤ q ≤ MAXQ.

use std::fmt;

use rand::{Rng, RngExt};

use super::values;
use crate::game::{CodeError, IllegalMove, Position};
use crate::games::Face;
use crate::message::Said;

/// The prime a move divides by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Base {
    /// Divide by 2^p at each step.
    Two,
    /// Divide by 3^p at each step.
    Three,
}

impl Base {
    pub const ALL: [Base; 2] = [Base::Two, Base::Three];

    /// 2 or 3.
    pub fn radix(self) -> u32 {
        match self {
            Base::Two => 2,
            Base::Three => 3,
        }
    }

    /// The exponent of this base in `coin` (a for 2, b for 3).
    pub fn exponent_in(self, coin: u32) -> u32 {
        let (_, a, b) = split(coin);
        match self {
            Base::Two => a,
            Base::Three => b,
        }
    }
}

/// Writes a coin number x ≥ 1 as c·2^a·3^b with c coprime to 6: returns (c, a, b).
pub fn split(coin: u32) -> (u32, u32, u32) {
    debug_assert!(coin >= 1);
    let a = coin.trailing_zeros();
    let mut rest = coin >> a;
    let mut b = 0;
    while rest.is_multiple_of(3) {
        rest /= 3;
        b += 1;
    }
    (rest, a, b)
}

/// A move: choose the tails coin `coin` = c·2^a·3^b, then turn it and the `count` (q) coins
/// `coin / base^step`, `coin / base^(2·step)`, …, `coin / base^(count·step)`. Legal when the
/// coin shows T, `step` (p) ≥ 1, 1 ≤ q ≤ MAXQ and p·q is at most the exponent of `base` in
/// the coin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CoinMove {
    pub coin: u32,
    pub base: Base,
    /// p: each further coin is the previous one divided by base^p.
    pub step: u32,
    /// q: how many coins besides the chosen one are turned.
    pub count: u32,
}

impl CoinMove {
    /// The q+1 coins the move turns: x, x/base^p, …, x/base^(qp), largest first. For a move
    /// that is not legal anywhere (the coin not divisible enough) these are just the
    /// successive integer quotients, possibly 0.
    pub fn flipped(&self) -> Vec<u32> {
        let divisor = self.base.radix().checked_pow(self.step);
        let mut coin = self.coin;
        let mut out = Vec::with_capacity(self.count as usize + 1);
        out.push(coin);
        for _ in 0..self.count {
            coin = divisor.map_or(0, |d| coin / d);
            out.push(coin);
        }
        out
    }
}

/// A legal coin-row position: MAXQ and the faces of coins 1..=n (n ≤ [`CoinRow::MAX_N`]).
///
/// Stored as a bitset of the tails coins, with the position's nim-sum kept up to date as
/// moves are played (it is a function of the faces, so equality and hashing stay consistent).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct CoinRow {
    n: u32,
    maxq: u32,
    /// The nim-sum of the values of the tails coins, maintained by every constructor and move.
    nim_sum: u32,
    /// Bit i-1 of the bitset is coin i; bits past n are always 0.
    tails: Box<[u64]>,
}

impl CoinRow {
    /// The most coins a row may have.
    pub const MAX_N: usize = 30000;
    /// The largest MAXQ.
    pub const MAX_MAXQ: u32 = 20;

    /// A row with the given MAXQ and faces of coins 1..=n. Checks 1 ≤ n ≤ 30000 and
    /// 1 ≤ MAXQ ≤ 20; the error's column is 1 for MAXQ and the first offending coin for n.
    pub fn new(maxq: u32, faces: &[Face]) -> Result<CoinRow, CodeError> {
        if !(1..=Self::MAX_MAXQ).contains(&maxq) {
            return Err(CodeError::new(
                1,
                Said::new("said.coins.maxq_range")
                    .with("maxq", maxq)
                    .with("most", Self::MAX_MAXQ),
            ));
        }
        if faces.is_empty() {
            return Err(CodeError::new(1, Said::new("said.coins.no_coin")));
        }
        if faces.len() > Self::MAX_N {
            return Err(CodeError::new(
                Self::MAX_N + 1,
                Said::new("said.coins.too_many")
                    .with("count", faces.len())
                    .with("most", Self::MAX_N),
            ));
        }
        let mut row = CoinRow::empty(faces.len(), maxq);
        for (i, &face) in faces.iter().enumerate() {
            if face == Face::Tails {
                row.tails[i / 64] |= 1 << (i % 64);
            }
        }
        row.nim_sum = values::nim_sum_of_tails(&row);
        Ok(row)
    }

    /// A row with every coin heads (nim-sum 0; bounds already checked by the caller).
    pub(crate) fn empty(n: usize, maxq: u32) -> CoinRow {
        CoinRow {
            n: n as u32,
            maxq,
            nim_sum: 0,
            tails: vec![0; n.div_ceil(64)].into_boxed_slice(),
        }
    }

    /// A random row of `n` coins, each tails with probability 1/2.
    ///
    /// # Panics
    /// If `n` is not in 1..=[`CoinRow::MAX_N`] or `maxq` not in 1..=[`CoinRow::MAX_MAXQ`].
    pub fn random<R: Rng + ?Sized>(n: usize, maxq: u32, rng: &mut R) -> CoinRow {
        assert!(
            (1..=Self::MAX_N).contains(&n),
            "a coin row has 1 to {} coins, not {n}",
            Self::MAX_N
        );
        assert!(
            (1..=Self::MAX_MAXQ).contains(&maxq),
            "MAXQ is 1 to {}, not {maxq}",
            Self::MAX_MAXQ
        );
        let mut row = CoinRow::empty(n, maxq);
        for word in row.tails.iter_mut() {
            *word = rng.random();
        }
        if !n.is_multiple_of(64) {
            let last = row.tails.len() - 1;
            row.tails[last] &= (1u64 << (n % 64)) - 1;
        }
        row.nim_sum = values::nim_sum_of_tails(&row);
        row
    }

    /// How many coins there are.
    pub fn n(&self) -> usize {
        self.n as usize
    }

    /// The most coins besides the chosen one that a move may turn.
    pub fn maxq(&self) -> u32 {
        self.maxq
    }

    /// The face of `coin` (1-based).
    ///
    /// # Panics
    /// If `coin` is not in 1..=n.
    pub fn face(&self, coin: usize) -> Face {
        assert!(
            (1..=self.n()).contains(&coin),
            "coin {coin} is not in 1..={}",
            self.n
        );
        if self.is_tails(coin as u32) {
            Face::Tails
        } else {
            Face::Heads
        }
    }

    /// The coins showing T, ascending.
    pub fn tails(&self) -> Vec<usize> {
        self.tails_iter().map(|c| c as usize).collect()
    }

    /// How many coins show T.
    pub fn tails_count(&self) -> usize {
        self.tails.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The tails coins, ascending, without allocating.
    pub(crate) fn tails_iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.tails.iter().enumerate().flat_map(|(i, &word)| {
            let mut rest = word;
            std::iter::from_fn(move || {
                if rest == 0 {
                    return None;
                }
                let bit = rest.trailing_zeros();
                rest &= rest - 1;
                Some(i as u32 * 64 + bit + 1)
            })
        })
    }

    /// Whether `coin` (1..=n) shows T.
    pub(crate) fn is_tails(&self, coin: u32) -> bool {
        let i = (coin - 1) as usize;
        self.tails[i / 64] >> (i % 64) & 1 == 1
    }

    /// The tails bitset: bit i − 1 of word (i − 1) / 64 is coin i.
    pub(super) fn tail_words(&self) -> &[u64] {
        &self.tails
    }

    pub(crate) fn cached_nim_sum(&self) -> u32 {
        self.nim_sum
    }

    fn flip(&mut self, coin: u32) {
        let i = (coin - 1) as usize;
        self.tails[i / 64] ^= 1 << (i % 64);
    }

    /// Every legal move made with `coin`, in the order (base, p, q); empty if the coin is out
    /// of range or shows H.
    pub(crate) fn moves_with(&self, coin: u32) -> impl Iterator<Item = CoinMove> + '_ {
        let chosen = (1..=self.n).contains(&coin) && self.is_tails(coin);
        let table = values::table(self.maxq);
        let class: &[values::ClassMove] = if chosen {
            let (_, a, b) = split(coin);
            table.moves(a, b)
        } else {
            &[]
        };
        class.iter().map(move |m| m.at(coin))
    }
}

/// Shown as the position code, shortened past 80 coins.
impl fmt::Debug for CoinRow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SHOWN: usize = 80;
        write!(f, "coins:{}:", self.maxq)?;
        for coin in 1..=self.n().min(SHOWN) {
            write!(f, "{}", self.face(coin).letter())?;
        }
        if self.n() > SHOWN {
            write!(f, "…(n = {})", self.n)?;
        }
        Ok(())
    }
}

impl Position for CoinRow {
    type Move = CoinMove;

    fn legal_moves(&self) -> Vec<CoinMove> {
        self.tails_iter()
            .flat_map(|coin| self.moves_with(coin))
            .collect()
    }

    fn check_move(&self, mv: &CoinMove) -> Result<(), IllegalMove> {
        let coin = mv.coin;
        if !(1..=self.n).contains(&coin) {
            return Err(IllegalMove::new(
                Said::new("said.move.no_coin")
                    .with("coin", coin)
                    .with("n", self.n),
            ));
        }
        if !self.is_tails(coin) {
            return Err(IllegalMove::new(
                Said::new("said.move.coin_heads").with("coin", coin),
            ));
        }
        if mv.step == 0 {
            return Err(IllegalMove::new(Said::new("said.move.step")));
        }
        if !(1..=self.maxq).contains(&mv.count) {
            return Err(IllegalMove::new(
                Said::new("said.move.count")
                    .with("maxq", self.maxq)
                    .with("count", mv.count),
            ));
        }
        let radix = mv.base.radix();
        let exponent = mv.base.exponent_in(coin);
        if (mv.step as u64) * (mv.count as u64) > exponent as u64 {
            let key = if exponent == 1 {
                "said.move.divided_only.one"
            } else {
                "said.move.divided_only.other"
            };
            return Err(IllegalMove::new(
                Said::new(key)
                    .with("coin", coin)
                    .with("radix", radix)
                    .with("exponent", exponent)
                    .with("p", mv.step)
                    .with("q", mv.count)
                    .with("product", mv.step as u64 * mv.count as u64),
            ));
        }
        Ok(())
    }

    fn play_unchecked(&self, mv: &CoinMove) -> CoinRow {
        let mut next = self.clone();
        next.nim_sum ^= values::move_delta(self.maxq, mv);
        for coin in mv.flipped() {
            next.flip(coin);
        }
        next
    }

    /// A tails coin with a ≥ 1 or b ≥ 1 always has the move p = q = 1; a tails coin coprime
    /// to 6 has none.
    fn is_over(&self) -> bool {
        self.tails_iter()
            .all(|coin| !coin.is_multiple_of(2) && !coin.is_multiple_of(3))
    }

    // The classes of coins c·2^a·3^b as independent components (see `exact.rs`).
    crate::exact::flip_compact_search!();

    /// 2^k, where k counts the coins any sequence of moves can ever turn: the coins
    /// c·2^i·3^j with i ≤ a and j ≤ b for some tails coin c·2^a·3^b. Every reachable
    /// position differs from this one in those coins only.
    fn heap_bytes(&self) -> usize {
        self.tails.len() * 8
    }

    fn reachable_bound(&self) -> Option<u128> {
        let mut marked = vec![0u64; self.tails.len()];
        let mut count: u32 = 0;
        for coin in self.tails_iter() {
            let i = (coin - 1) as usize;
            // A marked tails coin lies below an earlier one, so its coins are marked too.
            if marked[i / 64] >> (i % 64) & 1 == 1 {
                continue;
            }
            let (c, a, b) = split(coin);
            let mut power3 = 1;
            for _ in 0..=b {
                let mut y = c * power3;
                for _ in 0..=a {
                    let j = (y - 1) as usize;
                    if marked[j / 64] >> (j % 64) & 1 == 0 {
                        marked[j / 64] |= 1 << (j % 64);
                        count += 1;
                    }
                    y *= 2;
                }
                power3 *= 3;
            }
            if count >= 128 {
                return Some(u128::MAX);
            }
        }
        Some(1u128 << count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(maxq: u32, faces: &str) -> CoinRow {
        let faces: Vec<Face> = faces
            .chars()
            .map(|c| if c == 'T' { Face::Tails } else { Face::Heads })
            .collect();
        CoinRow::new(maxq, &faces).unwrap()
    }

    #[test]
    fn split_finds_the_exponents() {
        assert_eq!(split(1), (1, 0, 0));
        assert_eq!(split(12), (1, 2, 1));
        assert_eq!(split(5 * 16 * 27), (5, 4, 3));
        assert_eq!(split(7), (7, 0, 0));
    }

    #[test]
    fn flipped_coins_of_a_move() {
        let mv = CoinMove {
            coin: 48,
            base: Base::Two,
            step: 2,
            count: 2,
        };
        assert_eq!(mv.flipped(), vec![48, 12, 3]);
        let mv = CoinMove {
            coin: 54,
            base: Base::Three,
            step: 1,
            count: 3,
        };
        assert_eq!(mv.flipped(), vec![54, 18, 6, 2]);
        // Nonsense moves do not panic.
        let mv = CoinMove {
            coin: 5,
            base: Base::Three,
            step: 40,
            count: 2,
        };
        assert_eq!(mv.flipped(), vec![5, 0, 0]);
    }

    #[test]
    fn moves_and_their_checks() {
        // Coin 12 = 2^2·3 is the only tails coin.
        let p = row(2, "HHHHHHHHHHHT");
        let moves = p.legal_moves();
        // Base 2: (p,q) = (1,1), (1,2), (2,1); base 3: (1,1).
        assert_eq!(moves.len(), 4);
        for mv in &moves {
            assert_eq!(p.check_move(mv), Ok(()));
        }
        let bad = CoinMove {
            coin: 12,
            base: Base::Two,
            step: 1,
            count: 3,
        };
        assert!(
            p.check_move(&bad)
                .unwrap_err()
                .0
                .to_string()
                .contains("MAXQ = 2")
        );
        let bad = CoinMove {
            coin: 12,
            base: Base::Three,
            step: 2,
            count: 1,
        };
        assert!(
            p.check_move(&bad)
                .unwrap_err()
                .0
                .to_string()
                .contains("divided by 3 only 1 time,")
        );
        let bad = CoinMove { coin: 6, ..bad };
        assert!(
            p.check_move(&bad)
                .unwrap_err()
                .0
                .to_string()
                .contains("shows H")
        );
        let bad = CoinMove { coin: 13, ..bad };
        assert!(
            p.check_move(&bad)
                .unwrap_err()
                .0
                .to_string()
                .contains("no coin 13")
        );
        let child = p.play_unchecked(&moves[0]);
        assert_eq!(child.tails(), vec![6]);
    }

    #[test]
    fn game_over_and_bound() {
        assert!(row(3, "THHHTHT").is_over());
        assert!(!row(3, "THHHTTT").is_over());
        // Coin 12's coins are 1, 2, 3, 4, 6, 12; coin 4's are inside them; coin 5 is alone.
        assert_eq!(row(1, "HHHTTHHHHHHT").reachable_bound(), Some(1 << 7));
    }
}
