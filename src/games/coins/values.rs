//! Sprague–Grundy values of the coin row. The coin row is a coin-turning game, so a position's
//! value is the nim-sum of the values of its tails coins taken alone. The moves of a coin
//! x = c·2^a·3^b depend only on (a, b), and every coin they turn has the same c (and the same
//! 3-part, or 2-part), so the value of a lone T at x depends only on (a, b, MAXQ): one small
//! table per MAXQ, built on first use. Tests check all of this against the definition.

use std::sync::OnceLock;

use rand::{Rng, RngExt};

use super::rules::{Base, CoinMove, CoinRow, split};
use crate::game::Impartial;
use crate::message::{Msg, PartName};
use crate::nimber::{Nimber, mex_small};

/// The largest power of 2 in a coin number ≤ 30000 (2^14 = 16384).
pub(crate) const MAX_A: u32 = 14;
/// The largest power of 3 in a coin number ≤ 30000 (3^9 = 19683).
pub(crate) const MAX_B: u32 = 9;

const CLASSES: usize = ((MAX_A + 1) * (MAX_B + 1)) as usize;

fn class_index(a: u32, b: u32) -> usize {
    (a * (MAX_B + 1) + b) as usize
}

/// A move of every coin with exponents (a, b): its base, p and q, and `delta`, the nim-sum of
/// the values of all the coins it turns (the chosen one included). Playing it changes a
/// position's nim-sum by exactly `delta`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ClassMove {
    pub base: Base,
    pub step: u32,
    pub count: u32,
    pub delta: u32,
}

impl ClassMove {
    /// This move made with `coin`.
    pub fn at(&self, coin: u32) -> CoinMove {
        CoinMove {
            coin,
            base: self.base,
            step: self.step,
            count: self.count,
        }
    }
}

/// The values for one MAXQ.
pub(crate) struct Table {
    /// The value of a lone T at c·2^a·3^b, at `class_index(a, b)`.
    value: [u32; CLASSES],
    /// The moves of a coin with exponents (a, b), at `class_index(a, b)`, ordered by base,
    /// then p, then q.
    moves: Vec<Vec<ClassMove>>,
    /// The value of a lone T at each coin 1..=MAX_N (index 0 unused, 0).
    coin_value: Box<[u32]>,
    /// `class_index(a, b)` of each coin 1..=MAX_N (the same for every MAXQ).
    coin_class: &'static [u8],
}

/// `class_index(a, b)` of each coin 0..=MAX_N (coin 0 unused), computed once for all tables.
fn coin_classes() -> &'static [u8] {
    static CLASSES_OF_COINS: OnceLock<Box<[u8]>> = OnceLock::new();
    CLASSES_OF_COINS.get_or_init(|| {
        (0..=CoinRow::MAX_N as u32)
            .map(|coin| match coin {
                0 => 0,
                _ => {
                    let (_, a, b) = split(coin);
                    class_index(a, b) as u8
                }
            })
            .collect()
    })
}

impl Table {
    fn build(maxq: u32) -> Table {
        let mut value = [0u32; CLASSES];
        let mut moves = vec![Vec::new(); CLASSES];
        // (a, b) in increasing order: every move of (a, b) turns coins of smaller classes only.
        for a in 0..=MAX_A {
            for b in 0..=MAX_B {
                let mut class_moves = Vec::new();
                for base in Base::ALL {
                    let exponent = match base {
                        Base::Two => a,
                        Base::Three => b,
                    };
                    for step in 1..=exponent {
                        // XOR of the other turned coins, extended one coin per larger q.
                        let mut others = 0;
                        for count in 1..=maxq.min(exponent / step) {
                            let e = exponent - step * count;
                            others ^= match base {
                                Base::Two => value[class_index(e, b)],
                                Base::Three => value[class_index(a, e)],
                            };
                            class_moves.push(ClassMove {
                                base,
                                step,
                                count,
                                delta: others,
                            });
                        }
                    }
                }
                let v = mex_small(class_moves.iter().map(|m| m.delta));
                for m in &mut class_moves {
                    m.delta ^= v;
                }
                value[class_index(a, b)] = v;
                moves[class_index(a, b)] = class_moves;
            }
        }
        let coin_class = coin_classes();
        let mut coin_value: Box<[u32]> = coin_class
            .iter()
            .map(|&class| value[class as usize])
            .collect();
        coin_value[0] = 0;
        Table {
            value,
            moves,
            coin_value,
            coin_class,
        }
    }

    /// The value of a lone T at a coin with exponents (a, b).
    pub fn class_value(&self, a: u32, b: u32) -> u32 {
        self.value[class_index(a, b)]
    }

    /// The moves of a coin with exponents (a, b).
    pub fn moves(&self, a: u32, b: u32) -> &[ClassMove] {
        &self.moves[class_index(a, b)]
    }

    /// The value of a lone T at `coin` (1..=MAX_N).
    pub fn coin_value(&self, coin: u32) -> u32 {
        self.coin_value[coin as usize]
    }

    /// The moves of `coin` (1..=MAX_N) if it shows T.
    pub fn coin_moves(&self, coin: u32) -> &[ClassMove] {
        &self.moves[self.coin_class[coin as usize] as usize]
    }

    /// The value of each coin 0..=MAX_N (0 for the unused coin 0), for hot loops.
    pub fn coin_values(&self) -> &[u32] {
        &self.coin_value
    }
}

/// The table for `maxq` (1..=20), built on first use.
pub(crate) fn table(maxq: u32) -> &'static Table {
    static TABLES: [OnceLock<Table>; CoinRow::MAX_MAXQ as usize] =
        [const { OnceLock::new() }; CoinRow::MAX_MAXQ as usize];
    TABLES[(maxq - 1) as usize].get_or_init(|| Table::build(maxq))
}

/// The Sprague–Grundy value of a lone T at `coin` when a move turns at most `maxq` further
/// coins; the value of a position is the nim-sum of these over its tails coins.
///
/// # Panics
/// If `coin` is not in 1..=[`CoinRow::MAX_N`] or `maxq` not in 1..=[`CoinRow::MAX_MAXQ`].
pub fn coin_value(coin: usize, maxq: u32) -> Nimber {
    assert!(
        (1..=CoinRow::MAX_N).contains(&coin),
        "coin {coin} is not in 1..={}",
        CoinRow::MAX_N
    );
    assert!(
        (1..=CoinRow::MAX_MAXQ).contains(&maxq),
        "MAXQ {maxq} is not in 1..={}",
        CoinRow::MAX_MAXQ
    );
    Nimber::new(table(maxq).coin_value(coin as u32) as u64)
}

/// The Sprague–Grundy value of a lone T at any coin c·2^a·3^b (c coprime to 6) when a move
/// turns at most `maxq` further coins.
///
/// # Panics
/// If `a` > 14, `b` > 9 (no coin up to 30000 has more) or `maxq` not in 1..=20.
pub fn class_value(a: u32, b: u32, maxq: u32) -> Nimber {
    assert!(a <= MAX_A && b <= MAX_B, "2^{a}·3^{b} exceeds every coin");
    assert!(
        (1..=CoinRow::MAX_MAXQ).contains(&maxq),
        "MAXQ {maxq} is not in 1..={}",
        CoinRow::MAX_MAXQ
    );
    Nimber::new(table(maxq).class_value(a, b) as u64)
}

/// The nim-sum of the tails coins of `row`, from scratch.
pub(crate) fn nim_sum_of_tails(row: &CoinRow) -> u32 {
    let values = table(row.maxq()).coin_values();
    row.tails_iter()
        .fold(0, |sum, coin| sum ^ values[coin as usize])
}

/// How a move changes the nim-sum: the nim-sum of the values of the coins it turns.
pub(crate) fn move_delta(maxq: u32, mv: &CoinMove) -> u32 {
    let values = table(maxq).coin_values();
    let divisor = mv.base.radix().checked_pow(mv.step).unwrap_or(u32::MAX);
    let mut coin = mv.coin;
    let mut delta = values[coin as usize];
    for _ in 0..mv.count {
        coin /= divisor;
        delta ^= values[coin as usize];
    }
    delta
}

/// At most this many tails coins are looked at by [`CoinRow::stalling_move`] before it
/// samples; per class (a, b) it then keeps [`STALL_PER_CLASS`] random coins.
const STALL_ALL_COINS: usize = 600;
const STALL_PER_CLASS: usize = 4;

impl Impartial for CoinRow {
    /// A coin number, 1-based.
    type Part = usize;

    fn parts(&self) -> Vec<(usize, Nimber)> {
        let table = table(self.maxq());
        self.tails_iter()
            .map(|coin| (coin as usize, Nimber::new(table.coin_value(coin) as u64)))
            .collect()
    }

    fn nim_sum(&self) -> Nimber {
        Nimber::new(self.cached_nim_sum() as u64)
    }

    /// The nim-sum here plus the values of the q+1 turned coins.
    fn nim_sum_after(&self, mv: &CoinMove) -> Nimber {
        Nimber::new((self.cached_nim_sum() ^ move_delta(self.maxq(), mv)) as u64)
    }

    fn nim_sum_change(&self, mv: &CoinMove) -> Nimber {
        Nimber::new(move_delta(self.maxq(), mv) as u64)
    }

    /// The coin (shown with its c·2^a·3^b, `coin 40 (=5·2^3)`).
    fn describe_part(&self, coin: usize) -> Msg {
        Msg::Part(PartName::Coin { coin: coin as u32 })
    }

    fn part_of(&self, mv: &CoinMove) -> usize {
        mv.coin as usize
    }

    fn moves_of(&self, coin: usize, limit: usize) -> (Vec<CoinMove>, bool) {
        let coin = u32::try_from(coin).unwrap_or(0);
        let mut all = self.moves_with(coin);
        let moves: Vec<CoinMove> = all.by_ref().take(limit).collect();
        (moves, all.next().is_some())
    }

    /// Goes through the tails coins and the moves of each, comparing the precomputed change
    /// of the nim-sum (which depends on the coin's class only) with the nim-sum.
    fn winning_moves(&self, limit: usize) -> Vec<CoinMove> {
        let sum = self.cached_nim_sum();
        let mut found = Vec::new();
        if sum == 0 {
            return found;
        }
        let table = table(self.maxq());
        for coin in self.tails_iter() {
            for m in table.coin_moves(coin) {
                if m.delta == sum {
                    if found.len() >= limit {
                        return found;
                    }
                    found.push(m.at(coin));
                }
            }
        }
        found
    }

    /// Every move of every tails coin whose precomputed change of the nim-sum is the nim-sum.
    fn count_winning_moves(&self) -> (usize, bool) {
        let sum = self.cached_nim_sum();
        if sum == 0 {
            return (0, true);
        }
        let table = table(self.maxq());
        let count = self
            .tails_iter()
            .map(|coin| {
                table
                    .coin_moves(coin)
                    .iter()
                    .filter(|m| m.delta == sum)
                    .count()
            })
            .sum();
        (count, true)
    }

    /// The heuristic, in order of importance:
    /// 1. **Fewest winning replies**: after the move the nim-sum is s ≠ 0 with highest bit h;
    ///    every tails coin whose value has bit h set has a reply to nim-sum 0, so the move
    ///    that leaves the fewest such coins gives the opponent the fewest ways to win (and the
    ///    most ways to go wrong).
    /// 2. **Most tails coins left**: more coins to play with makes the game last longer.
    /// 3. **Fewest coins turned** (smallest q).
    ///
    /// Ties are broken at random. Each candidate costs O(q), from per-bit counts of the tails
    /// coins' values. On large rows (more than 600 tails coins with a move) only up to 4
    /// random coins of each class (a, b) are candidates; coins of one class have the same
    /// moves and the same changes of nim-sum, so every reachable nim-sum is still considered.
    fn stalling_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<CoinMove> {
        let table = table(self.maxq());
        let sum = self.cached_nim_sum();
        let mut bit_counts = [0i64; 32];
        let mut by_class: Vec<Vec<u32>> = vec![Vec::new(); CLASSES];
        let mut movable = 0;
        for coin in self.tails_iter() {
            let v = table.coin_value(coin);
            for (bit, count) in bit_counts.iter_mut().enumerate() {
                *count += (v >> bit & 1) as i64;
            }
            let class = table.coin_class[coin as usize] as usize;
            if !table.moves[class].is_empty() {
                by_class[class].push(coin);
                movable += 1;
            }
        }
        if movable > STALL_ALL_COINS {
            for coins in &mut by_class {
                // A partial Fisher–Yates shuffle puts a random sample first.
                let keep = coins.len().min(STALL_PER_CLASS);
                for i in 0..keep {
                    let j = rng.random_range(i..coins.len());
                    coins.swap(i, j);
                }
                coins.truncate(keep);
            }
        }
        let tails_here = self.tails_count() as i64;
        let mut best: Option<(i64, i64, u32)> = None;
        let mut candidates: Vec<CoinMove> = Vec::new();
        for (class, coins) in by_class.iter().enumerate() {
            for &coin in coins {
                for m in &table.moves[class] {
                    let after = sum ^ m.delta;
                    let high = (after != 0).then(|| 31 - after.leading_zeros());
                    let mut replies = high.map_or(0, |h| bit_counts[h as usize]);
                    let mut tails_after = tails_here;
                    let divisor = m.base.radix().pow(m.step);
                    let mut y = coin;
                    for _ in 0..=m.count {
                        let change = if self.is_tails(y) { -1 } else { 1 };
                        tails_after += change;
                        if let Some(h) = high
                            && table.coin_value(y) >> h & 1 == 1
                        {
                            replies += change;
                        }
                        y /= divisor;
                    }
                    let key = (replies, -tails_after, m.count);
                    if best.is_none_or(|b| key < b) {
                        best = Some(key);
                        candidates.clear();
                    }
                    if best == Some(key) {
                        candidates.push(m.at(coin));
                    }
                }
            }
        }
        crate::ai::pick(candidates, rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Position;

    #[test]
    fn values_of_small_classes_by_hand() {
        // MAXQ = 1: a move turns x and x/2^p (p ≤ a) or x/3^p (p ≤ b). A lone T at 2 can only
        // move to a lone T at 1 (value 0), so it has value mex{0} = 1.
        let t = table(1);
        assert_eq!(t.class_value(0, 0), 0);
        assert_eq!(t.class_value(1, 0), 1);
        // At 4: moves to {2} (1) and {1} (0): mex = 2.
        assert_eq!(t.class_value(2, 0), 2);
        // At 3: moves to {1} only: 1. At 6 = 2·3: to {3} (1) or {2} (1): mex{1} = 0.
        assert_eq!(t.class_value(0, 1), 1);
        assert_eq!(t.class_value(1, 1), 0);
        // At 12 = 2^2·3: to {6} (0), {3} (1), {4} (2): 3.
        assert_eq!(t.class_value(2, 1), 3);
        assert_eq!(coin_value(12, 1), Nimber::new(3));
        assert_eq!(coin_value(5 * 12, 1), Nimber::new(3));
        assert_eq!(class_value(2, 1, 1), Nimber::new(3));
    }

    #[test]
    fn every_table_is_consistent_with_its_moves() {
        for maxq in 1..=CoinRow::MAX_MAXQ {
            let t = table(maxq);
            for a in 0..=MAX_A {
                for b in 0..=MAX_B {
                    let v = t.class_value(a, b);
                    let options: Vec<u32> = t.moves(a, b).iter().map(|m| m.delta ^ v).collect();
                    assert!(!options.contains(&v));
                    assert!((0..v).all(|w| options.contains(&w)));
                    assert!(v < 256, "values fit in a byte: {v}");
                }
            }
        }
    }

    #[test]
    fn nim_sum_is_kept_up_to_date() {
        let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(7);
        for maxq in [1, 3, 20] {
            let mut p = CoinRow::random(500, maxq, &mut rng);
            while let Some(mv) = crate::ai::random_move(&p, &mut rng) {
                let expected = p.nim_sum_after(&mv);
                p = p.play(mv).unwrap();
                assert_eq!(p.nim_sum(), expected);
                assert_eq!(p.cached_nim_sum(), nim_sum_of_tails(&p));
            }
            assert!(p.is_over());
            assert!(
                p.tails()
                    .iter()
                    .all(|&c| !c.is_multiple_of(2) && !c.is_multiple_of(3))
            );
        }
    }
}
