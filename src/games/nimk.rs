//! Moore's Nim-K: heaps of tokens, and a move takes any positive number of tokens from each of
//! 1 to K heaps at once. Who cannot move (every heap empty) loses. K = 1 is Nim. Code:
//! `nimk:2:3,5,6` (K = 2, heaps of 3, 5 and 6).
//!
//! Not a sum of independent heaps (a move touches several), so the nim-sum of the heaps does
//! not decide: Moore's theorem does. Write every heap in binary and count, for each binary
//! digit, the heaps that have a 1 there; the position is lost exactly when every count is a
//! multiple of K + 1 (the counts are the digits of a base-(K + 1) "sum without carries").
//! [`winning_change`] finds a winning move by the theorem's proof, digit by digit from the
//! top; `tests/engine/nimk.rs` checks the theorem against a game-tree search from the rules.
//!
//! The heaps are the parts: a heap alone is a Nim heap, but its value in a Nim-K position is
//! not known, so the parts report stand-ins ([`Impartial::values_known`] is false) and the
//! hint is the digit counts ([`Msg::NimKDigits`]).

use rand::{Rng, RngExt};

use crate::game::{CodeError, IllegalMove, Impartial, Notation, Position, shorten_code};
use crate::games::catalogue::{Catalogued, RuleEntry, puzzle_parts};
use crate::message::{Msg, PartName, Said};
use crate::nimber::Nimber;

/// At most this many heaps.
pub const MAX_HEAPS: usize = 1000;
/// The largest heap: the theorem decides at any size.
pub const MAX_HEAP: u64 = 1_000_000_000_000_000_000;
/// The largest K (a move takes from at most K heaps; K ≥ the number of heaps is "any heaps").
pub const MAX_K: u64 = 1000;

/// A move: from each listed heap (by index from 0, increasing, 1 to K of them) take the
/// amount beside it (at least 1).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NimKMove {
    pub takes: Vec<(usize, u64)>,
}

/// A Nim-K position: K and the heaps.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NimK {
    k: u64,
    heaps: Vec<u64>,
}

/// For each binary digit (index 0 = 2^0) how many heaps have a 1 there, up to the highest
/// digit any heap has.
pub fn digit_counts(heaps: &[u64]) -> Vec<u64> {
    let top = heaps
        .iter()
        .map(|&h| 64 - h.leading_zeros())
        .max()
        .unwrap_or(0);
    (0..top)
        .map(|bit| heaps.iter().filter(|&&h| h >> bit & 1 == 1).count() as u64)
        .collect()
}

/// Moore's theorem: lost for the player to move exactly when every digit count is a multiple
/// of K + 1.
pub fn is_lost(k: u64, heaps: &[u64]) -> bool {
    digit_counts(heaps).iter().all(|c| c % (k + 1) == 0)
}

/// A winning move of Nim-K, as the heaps' new sizes, or `None` from a lost position. The
/// theorem's proof, digit by digit from the top: a heap already lowered at a higher digit is
/// free below it. At each digit let s be the count of ones among the untouched heaps, mod
/// K + 1. If s is 0 the free heaps take a 0 there; if at least K + 1 − s heaps are free, that
/// many take a 1 (making the count K + 1); otherwise s untouched heaps with a 1 there are
/// lowered (their 1 becomes 0), which touches at most K heaps in all because s + free ≤ K.
pub fn winning_change(k: u64, heaps: &[u64]) -> Option<Vec<u64>> {
    if is_lost(k, heaps) {
        return None;
    }
    let mut target = heaps.to_vec();
    let mut free: Vec<usize> = Vec::new();
    let top = heaps
        .iter()
        .map(|&h| 64 - h.leading_zeros())
        .max()
        .unwrap_or(0);
    for bit in (0..top).rev() {
        let mask = 1u64 << bit;
        let ones: Vec<usize> = (0..heaps.len())
            .filter(|i| !free.contains(i) && heaps[*i] & mask != 0)
            .collect();
        let s = ones.len() as u64 % (k + 1);
        let raise = if s == 0 { 0 } else { k + 1 - s };
        if s != 0 && raise as usize > free.len() {
            // Lower s of the untouched heaps with a 1 here; the free ones take a 0.
            for &i in ones.iter().take(s as usize) {
                target[i] &= !mask;
                free.push(i);
            }
            for &i in &free {
                target[i] &= !mask;
            }
            continue;
        }
        for (n, &i) in free.iter().enumerate() {
            if (n as u64) < raise {
                target[i] |= mask;
            } else {
                target[i] &= !mask;
            }
        }
    }
    debug_assert!(free.len() as u64 <= k && is_lost(k, &target));
    Some(target)
}

impl NimK {
    /// K from 1 to [`MAX_K`], 1 to [`MAX_HEAPS`] heaps of at most [`MAX_HEAP`].
    pub fn new(k: u64, heaps: Vec<u64>) -> Result<NimK, Said> {
        if !(1..=MAX_K).contains(&k) {
            return Err(Said::new("said.nimk.k_range")
                .with("most", MAX_K)
                .with("k", k));
        }
        if heaps.is_empty() || heaps.len() > MAX_HEAPS {
            return Err(Said::new("said.nimk.heap_count")
                .with("most", MAX_HEAPS)
                .with("count", heaps.len()));
        }
        Ok(NimK { k, heaps })
    }

    pub fn k(&self) -> u64 {
        self.k
    }

    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    /// Whether the moves are few enough to go through one by one (otherwise only the
    /// theorem's winning move is listed).
    fn few_moves(&self) -> bool {
        self.moves_bound().is_some_and(|b| b <= 1 << 16)
    }

    /// The move to the sizes `target` (each at most the heap's size).
    fn move_to(&self, target: &[u64]) -> NimKMove {
        NimKMove {
            takes: self
                .heaps
                .iter()
                .zip(target)
                .enumerate()
                .filter(|(_, (h, t))| t < h)
                .map(|(i, (h, t))| (i, h - t))
                .collect(),
        }
    }

    /// Up to `limit` moves whose first heap is `first`, and whether there were more: every
    /// take from `first`, alone or with takes from up to K − 1 heaps after it.
    fn moves_from(&self, first: usize, limit: usize) -> (Vec<NimKMove>, bool) {
        let mut out = Vec::new();
        let mut takes = Vec::new();
        let more = self.extend_moves(first, &mut takes, limit, &mut out);
        (out, more)
    }

    /// Depth-first: adds to `takes` a take from heap `i`, records the move, then tries the
    /// heaps after `i`. Returns whether it stopped at `limit`.
    fn extend_moves(
        &self,
        i: usize,
        takes: &mut Vec<(usize, u64)>,
        limit: usize,
        out: &mut Vec<NimKMove>,
    ) -> bool {
        for t in 1..=self.heaps[i] {
            if out.len() >= limit {
                return true;
            }
            takes.push((i, t));
            out.push(NimKMove {
                takes: takes.clone(),
            });
            if (takes.len() as u64) < self.k {
                for j in i + 1..self.heaps.len() {
                    if self.heaps[j] > 0 && self.extend_moves(j, takes, limit, out) {
                        takes.pop();
                        return true;
                    }
                }
            }
            takes.pop();
        }
        false
    }
}

impl Position for NimK {
    type Move = NimKMove;

    fn legal_moves(&self) -> Vec<NimKMove> {
        (0..self.heaps.len())
            .flat_map(|i| self.moves_from(i, usize::MAX).0)
            .collect()
    }

    fn check_move(&self, mv: &NimKMove) -> Result<(), IllegalMove> {
        if mv.takes.is_empty() || mv.takes.len() as u64 > self.k {
            return Err(IllegalMove(
                Said::new("said.nimk.take_count")
                    .with("k", self.k)
                    .with("count", mv.takes.len()),
            ));
        }
        let mut last = None;
        for &(i, t) in &mv.takes {
            let Some(&h) = self.heaps.get(i) else {
                return Err(IllegalMove(
                    Said::new("said.move.no_heap")
                        .with("number", i + 1)
                        .with("count", self.heaps.len()),
                ));
            };
            if last.is_some_and(|l| l >= i) {
                return Err(IllegalMove(
                    Said::new("said.nimk.heap_order").with("number", i + 1),
                ));
            }
            if t == 0 || t > h {
                return Err(IllegalMove(
                    Said::new("said.nimk.take_range")
                        .with("number", i + 1)
                        .with("size", h)
                        .with("take", t),
                ));
            }
            last = Some(i);
        }
        Ok(())
    }

    fn play_unchecked(&self, mv: &NimKMove) -> NimK {
        let mut heaps = self.heaps.clone();
        for &(i, t) in &mv.takes {
            heaps[i] -= t;
        }
        NimK { k: self.k, heaps }
    }

    fn is_over(&self) -> bool {
        self.heaps.iter().all(|&h| h == 0)
    }

    /// The non-empty heaps, largest first.
    fn canonical(&self) -> Option<NimK> {
        let mut heaps: Vec<u64> = self.heaps.iter().copied().filter(|&h| h > 0).collect();
        heaps.sort_unstable_by(|a, b| b.cmp(a));
        if heaps.is_empty() {
            heaps.push(0);
        }
        (heaps != self.heaps).then_some(NimK { k: self.k, heaps })
    }

    /// Tuples of heap sizes at most the heaps.
    fn reachable_bound(&self) -> Option<u128> {
        self.heaps
            .iter()
            .try_fold(1u128, |acc, &h| acc.checked_mul(u128::from(h) + 1))
            .or(Some(u128::MAX))
    }

    /// Taking one token at a time meets every total on the way.
    fn reachable_at_least(&self) -> Option<u128> {
        Some(self.heaps.iter().map(|&h| u128::from(h)).sum::<u128>() + 1)
    }

    /// A move is a choice of up to K heaps and a take from each: at most ∏ (h + 1).
    fn moves_bound(&self) -> Option<u128> {
        Some(self.reachable_bound().unwrap_or(u128::MAX).max(1))
    }

    fn heap_bytes(&self) -> usize {
        self.heaps.capacity() * 8
    }
}

impl Impartial for NimK {
    /// A heap, from 0.
    type Part = usize;

    /// Stand-ins, never shown (the values are not known): the first heap reports *1 when the
    /// player to move wins, so "nim-sum 0 ⇔ lost" stays true.
    fn parts(&self) -> Vec<(usize, Nimber)> {
        let wins = self.mover_wins();
        (0..self.heaps.len())
            .map(|i| (i, Nimber::new(u64::from(i == 0 && wins))))
            .collect()
    }

    fn values_known(&self) -> bool {
        false
    }

    /// A move takes from up to K heaps: the heaps are not separate games.
    fn parts_independent(&self) -> bool {
        false
    }

    fn mover_wins(&self) -> bool {
        !is_lost(self.k, &self.heaps)
    }

    fn move_wins(&self, mv: &NimKMove) -> bool {
        is_lost(self.k, &self.play_unchecked(mv).heaps)
    }

    fn win_rule(&self) -> Option<Msg> {
        Some(Msg::NimKDigits {
            k: self.k,
            counts: digit_counts(&self.heaps),
        })
    }

    /// The move of the theorem's proof first, then others found among the first moves.
    fn winning_moves(&self, limit: usize) -> Vec<NimKMove> {
        let Some(target) = winning_change(self.k, &self.heaps) else {
            return Vec::new();
        };
        let first = self.move_to(&target);
        let mut found = Vec::new();
        if self.few_moves() {
            found =
                crate::game::moves_where(self, limit, |mv| mv != &first && self.move_wins(mv)).0;
        }
        found.insert(0, first);
        found.truncate(limit);
        found
    }

    fn count_winning_moves(&self) -> (usize, bool) {
        if !self.mover_wins() {
            return (0, true);
        }
        if !self.few_moves() {
            return (1, false);
        }
        let (found, complete) = crate::game::moves_where(self, usize::MAX, |mv| self.move_wins(mv));
        (found.len().max(1), complete)
    }

    fn describe_part(&self, part: usize) -> Msg {
        Msg::Part(PartName::Heap {
            number: part + 1,
            size: self.heaps.get(part).copied().unwrap_or(0),
        })
    }

    /// The first heap a move takes from.
    fn part_of(&self, mv: &NimKMove) -> usize {
        mv.takes.first().map_or(0, |t| t.0)
    }

    fn moves_of(&self, part: usize, limit: usize) -> (Vec<NimKMove>, bool) {
        if self.heaps.get(part).is_none_or(|&h| h == 0) {
            return (Vec::new(), false);
        }
        self.moves_from(part, limit)
    }

    /// Loses slowly: one token from one random non-empty heap.
    fn stalling_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<NimKMove> {
        let heaps: Vec<usize> = (0..self.heaps.len())
            .filter(|&i| self.heaps[i] > 0)
            .collect();
        crate::ai::pick(heaps, rng).map(|i| NimKMove {
            takes: vec![(i, 1)],
        })
    }
}

impl Notation for NimK {
    const GAME: &'static str = "nimk";

    /// `nimk:K:h1,h2,…`.
    fn from_code(code: &str) -> Result<NimK, CodeError> {
        let body = code
            .strip_prefix("nimk:")
            .ok_or_else(|| CodeError::new(1, Said::new("said.nimk.prefix")))?;
        let (k, heaps) = body
            .split_once(':')
            .ok_or_else(|| CodeError::new(6, Said::new("said.nimk.shape")))?;
        let k: u64 = k.parse().map_err(|_| {
            CodeError::new(
                6,
                Said::new("said.nimk.k_number").with("k", shorten_code(k, 20)),
            )
        })?;
        let column = 7 + body.find(':').unwrap_or(0);
        let heaps = crate::games::list::parse(
            heaps,
            column,
            Said::new("said.what.heaps"),
            0..=MAX_HEAP,
            MAX_HEAPS,
        )?;
        NimK::new(k, heaps).map_err(|e| CodeError::new(6, e))
    }

    fn to_code(&self) -> String {
        format!("nimk:{}:{}", self.k, crate::games::list::join(&self.heaps))
    }

    fn describe_move(&self, mv: &NimKMove) -> Msg {
        Msg::TakeMany {
            takes: mv
                .takes
                .iter()
                .map(|&(i, t)| (i + 1, t, self.heaps[i], self.heaps[i] - t))
                .collect(),
        }
    }

    /// `take 2 from heap 1, 3 from heap 3`.
    fn move_code(&self, mv: &NimKMove) -> String {
        let parts: Vec<String> = mv
            .takes
            .iter()
            .map(|&(i, t)| format!("{t} from heap {}", i + 1))
            .collect();
        format!("take {}", parts.join(", "))
    }

    /// Reads [`Notation::move_code`]'s form without listing the moves.
    fn parse_move(&self, text: &str) -> Result<NimKMove, IllegalMove> {
        let text = text.trim();
        let bad =
            || IllegalMove(Said::new("said.nimk.move_form").with("text", shorten_code(text, 40)));
        let rest = text.strip_prefix("take ").ok_or_else(bad)?;
        let mut takes = Vec::new();
        for item in rest.split(',') {
            let (t, heap) = item.trim().split_once(" from heap ").ok_or_else(bad)?;
            let t: u64 = t.trim().parse().map_err(|_| bad())?;
            let heap: usize = heap.trim().parse().map_err(|_| bad())?;
            if heap == 0 {
                return Err(bad());
            }
            takes.push((heap - 1, t));
        }
        Ok(NimKMove { takes })
    }
}

impl Catalogued for NimK {
    const ENTRY: Option<RuleEntry> = Some(RuleEntry {
        name: "nimk",
        title: "Moore's Nim-K (K = 2)",
        rule: "take any number of tokens from each of up to K heaps at once",
        start: "nimk:2:3,5,6,7",
    });

    fn puzzle<R: Rng + ?Sized>(_name: &str, d: usize, rng: &mut R) -> NimK {
        // Small: a move is a choice of heaps and a take from each, and a sheet tries them all.
        let most = [3, 4, 5, 6, 8][d - 1];
        let heaps = (0..(puzzle_parts(d, rng) + 1).min(4))
            .map(|_| rng.random_range(1..=most))
            .collect();
        NimK::new(rng.random_range(2..=3), heaps).expect("generated heaps are in bounds")
    }
}
