//! E&D (SDOI 2009): 2n heaps in pairs (1, 2), (3, 4), …; a move picks a pair, removes one of
//! its heaps and splits the other into two non-empty heaps, which become the pair. Each pair is
//! a game of its own (a part). The value of a pair (x, y) is the index of the lowest 0 bit of
//! (x − 1) | (y − 1) (checked against the definition in `tests/engine/boards.rs`).

use rand::{Rng, RngExt};

use super::list::join;
use super::stairs::parse_list;
use crate::game::{CodeError, IllegalMove, Impartial, Notation, Position};
use crate::games::catalogue::{Catalogued, RuleEntry, puzzle_parts};
use crate::input::{InputError, Name, Numbers, Problem, Var};
use crate::message::{Msg, PartName, Said};
use crate::nimber::Nimber;

pub const MAX_PAIRS: usize = 500;
/// The largest heap: the value of a pair is a formula and its winning splits are found and
/// counted by arithmetic (`splits_worth`), its list of moves chosen by count alone, so no
/// command walks a heap's splits (issue 26's size policy: a formula takes heaps to 10^18).
pub const MAX_HEAP: u64 = 1_000_000_000_000_000_000;

/// The value of a pair (x, y), x, y ≥ 1: the index of the lowest 0 bit of (x − 1) | (y − 1).
pub fn pair_value(x: u64, y: u64) -> u64 {
    u64::from(((x - 1) | (y - 1)).trailing_ones())
}

/// The splits of a heap of `s` into (a, s − a) worth `t`, a = 1..s − 1: with u = a − 1 and
/// m = s − 2, the value of the split is the number of trailing ones of u | (m − u). It is `t`
/// exactly when the low t bits of u | w are all ones and bit t of both is zero (w = m − u).
/// Then the low t + 1 bits of u and w add up without a carry, to r = m mod 2^(t+1), and
/// u + w = (u | w) + (u & w) gives u & w = q = r − (2^t − 1) on those bits: q must lie in
/// 0..2^t, the bits of q are in both, each other low bit in exactly one, and the bits above
/// t are free (m >> (t + 1) + 1 ways to share them). Returned: `q` (the low bits of the
/// smallest u), the free low bits, and the count of high shares; `None`: no split is worth t.
fn splits_worth(s: u64, t: u64) -> Option<(u64, u64, u64)> {
    let m = s.checked_sub(2)?;
    // Heaps below 2^63 have values below 63 (and 1 << (t + 1) must fit).
    if t >= 63 {
        return None;
    }
    let ones = (1u64 << t) - 1;
    let r = m & ((1u64 << (t + 1)) - 1);
    let q = r.checked_sub(ones).filter(|&q| q <= ones)?;
    Some((q, ones & !q, (m >> (t + 1)) + 1))
}

/// How many splits of a heap of `s` are worth `t` (see `splits_worth`).
pub fn count_splits_worth(s: u64, t: u64) -> u64 {
    splits_worth(s, t).map_or(0, |(_, free, highs)| highs << free.count_ones())
}

/// The first `limit` splits of a heap of `s` worth `t`, as the left part a, ascending.
pub fn splits_worth_list(s: u64, t: u64, limit: usize) -> Vec<u64> {
    let mut out = Vec::new();
    let Some((q, free, highs)) = splits_worth(s, t) else {
        return out;
    };
    for high in 0..highs {
        // The subsets of the free bits in increasing order.
        let mut sub = 0u64;
        loop {
            if out.len() >= limit {
                return out;
            }
            out.push((high << (t + 1)) + (q | sub) + 1);
            if sub == free {
                break;
            }
            sub = ((sub | !free).wrapping_add(1)) & free;
        }
    }
    out
}

/// A move: in pair `pair` (0-based), keep heap `keep` (0: the first, 1: the second), remove
/// the other, and split the kept one into `left` and the rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EdMove {
    pub pair: usize,
    pub keep: u8,
    pub left: u64,
}

/// The pairs of heaps.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ed {
    pairs: Vec<(u64, u64)>,
}

impl Ed {
    pub fn new(heaps: &[u64]) -> Result<Ed, Said> {
        if heaps.is_empty() || !heaps.len().is_multiple_of(2) {
            return Err(Said::new("said.ed.odd").with("count", heaps.len()));
        }
        if heaps.len() / 2 > MAX_PAIRS {
            return Err(Said::new("said.ed.pairs").with("most", MAX_PAIRS));
        }
        if let Some((i, &x)) = heaps
            .iter()
            .enumerate()
            .find(|&(_, &x)| x == 0 || x > MAX_HEAP)
        {
            return Err(Said::new("said.ed.heap")
                .with("number", i + 1)
                .with("size", x)
                .with("most", MAX_HEAP));
        }
        Ok(Ed {
            pairs: heaps.chunks(2).map(|c| (c[0], c[1])).collect(),
        })
    }

    pub fn pairs(&self) -> &[(u64, u64)] {
        &self.pairs
    }

    /// The heaps a move in the pair (x, y) may keep, with which one (0: the first): both,
    /// or only the first when they are equal (keeping either gives the same positions).
    fn kept_heaps(x: u64, y: u64) -> impl Iterator<Item = (u8, u64)> {
        [(0u8, x), (1u8, y)]
            .into_iter()
            .take(if x == y { 1 } else { 2 })
    }

    fn kept(&self, mv: &EdMove) -> u64 {
        let (x, y) = self.pairs[mv.pair];
        if mv.keep == 0 { x } else { y }
    }
}

impl Position for Ed {
    type Move = EdMove;

    fn legal_moves(&self) -> Vec<EdMove> {
        (0..self.pairs.len())
            .flat_map(|i| self.moves_of(i, usize::MAX).0)
            .collect()
    }

    fn check_move(&self, mv: &EdMove) -> Result<(), IllegalMove> {
        if mv.pair >= self.pairs.len() || mv.keep > 1 {
            return Err(IllegalMove::new(
                Said::new("said.move.no_pair").with("number", mv.pair + 1),
            ));
        }
        let s = self.kept(mv);
        if mv.left == 0 || mv.left >= s {
            return Err(IllegalMove::new(
                Said::new("said.move.ed_split")
                    .with("size", s)
                    .with("left", mv.left)
                    .with("right", s.saturating_sub(mv.left)),
            ));
        }
        Ok(())
    }

    fn play_unchecked(&self, mv: &EdMove) -> Ed {
        let s = self.kept(mv);
        let mut pairs = self.pairs.clone();
        pairs[mv.pair] = (mv.left, s - mv.left);
        Ed { pairs }
    }

    fn is_over(&self) -> bool {
        self.pairs.iter().all(|&(x, y)| x == 1 && y == 1)
    }

    fn reachable_bound(&self) -> Option<u128> {
        // A pair whose larger heap is s only ever becomes pairs (a, b) with a + b ≤ s.
        Some(self.pairs.iter().fold(1u128, |acc, &(x, y)| {
            let s = u128::from(x.max(y));
            acc.saturating_mul(s * s / 2 + 2)
        }))
    }

    /// Pairs are independent, and a pair whose larger heap is s passes through (1, s − 1),
    /// (1, s − 2), …, (1, 1): at least s − 1 states each.
    fn reachable_at_least(&self) -> Option<u128> {
        Some(self.pairs.iter().fold(1u128, |acc, &(x, y)| {
            acc.saturating_mul(u128::from(x.max(y) - 1).max(1))
        }))
    }

    fn heap_bytes(&self) -> usize {
        self.pairs.capacity() * std::mem::size_of::<(u64, u64)>()
    }

    fn moves_bound(&self) -> Option<u128> {
        Some(
            self.pairs
                .iter()
                .map(|&(x, y)| u128::from(x + y))
                .sum::<u128>()
                .max(1),
        )
    }
}

impl Impartial for Ed {
    /// A pair, 0-based.
    type Part = usize;

    fn parts(&self) -> Vec<(usize, Nimber)> {
        self.pairs
            .iter()
            .enumerate()
            .map(|(i, &(x, y))| (i, Nimber::new(pair_value(x, y))))
            .collect()
    }

    fn nim_sum_after(&self, mv: &EdMove) -> Nimber {
        self.nim_sum() + self.nim_sum_change(mv)
    }

    fn describe_part(&self, i: usize) -> Msg {
        let (x, y) = self.pairs.get(i).copied().unwrap_or((0, 0));
        Msg::Part(PartName::Pair {
            number: i + 1,
            x,
            y,
        })
    }

    fn part_of(&self, mv: &EdMove) -> usize {
        mv.pair
    }

    /// Keeping either heap, each split in turn. In a pair of equal heaps, keeping the second
    /// heap gives the same positions as keeping the first, so only the first is listed (the
    /// other is still legal).
    fn moves_of(&self, i: usize, limit: usize) -> (Vec<EdMove>, bool) {
        let Some(&(x, y)) = self.pairs.get(i) else {
            return (Vec::new(), false);
        };
        let mut out = Vec::new();
        for (keep, s) in Ed::kept_heaps(x, y) {
            for left in 1..s {
                if out.len() >= limit {
                    return (out, true);
                }
                out.push(EdMove {
                    pair: i,
                    keep,
                    left,
                });
            }
        }
        (out, false)
    }

    /// [`crate::game::spread`] over the pair's moves in the order of
    /// [`Impartial::moves_of`], by arithmetic: a pair of 10^18 is never walked.
    fn listed_moves(&self, i: usize, room: usize) -> (Vec<EdMove>, bool) {
        let Some(&(x, y)) = self.pairs.get(i) else {
            return (Vec::new(), false);
        };
        let total: u64 = Ed::kept_heaps(x, y).map(|(_, s)| s - 1).sum();
        let moves = crate::game::spread(total, room)
            .into_iter()
            .filter_map(|k| self.move_numbered(i, k + 1))
            .collect();
        (moves, total > room as u64)
    }

    /// Move `number` (from 1) of the pair: the splits keeping the first heap, then those
    /// keeping the second.
    fn move_numbered(&self, i: usize, number: u64) -> Option<EdMove> {
        let &(x, y) = self.pairs.get(i)?;
        let mut index = number.checked_sub(1)?;
        for (keep, s) in Ed::kept_heaps(x, y) {
            if index < s - 1 {
                return Some(EdMove {
                    pair: i,
                    keep,
                    left: index + 1,
                });
            }
            index -= s - 1;
        }
        None
    }

    /// The pair's value before and after: the other pairs stay.
    fn nim_sum_change(&self, mv: &EdMove) -> Nimber {
        let (x, y) = self.pairs[mv.pair];
        let s = self.kept(mv);
        Nimber::new(pair_value(x, y) ^ pair_value(mv.left, s - mv.left))
    }

    /// For each pair, its splits worth (its value XOR the nim-sum), found by arithmetic
    /// ([`splits_worth_list`]).
    fn winning_moves(&self, limit: usize) -> Vec<EdMove> {
        self.moves_to_nim_sum(Nimber::ZERO, limit)
    }

    fn moves_to_nim_sum(&self, target: Nimber, limit: usize) -> Vec<EdMove> {
        let mut found = Vec::new();
        let Some(change) = (self.nim_sum() + target).to_u64() else {
            return found;
        };
        if change == 0 {
            return found;
        }
        for (i, &(x, y)) in self.pairs.iter().enumerate() {
            let want = pair_value(x, y) ^ change;
            for (keep, s) in Ed::kept_heaps(x, y) {
                let room = limit.saturating_sub(found.len());
                if room == 0 {
                    return found;
                }
                found.extend(
                    splits_worth_list(s, want, room)
                        .into_iter()
                        .map(|left| EdMove {
                            pair: i,
                            keep,
                            left,
                        }),
                );
            }
        }
        found
    }

    /// Counted by arithmetic ([`count_splits_worth`]): exact, without listing a split.
    fn count_moves_to_nim_sum(&self, target: Nimber) -> (usize, bool) {
        let Some(change) = (self.nim_sum() + target).to_u64() else {
            return (0, true);
        };
        if change == 0 {
            return (0, true);
        }
        let count: u64 = self
            .pairs
            .iter()
            .map(|&(x, y)| {
                let want = pair_value(x, y) ^ change;
                Ed::kept_heaps(x, y)
                    .map(|(_, s)| count_splits_worth(s, want))
                    .sum::<u64>()
            })
            .sum();
        (count as usize, true)
    }

    /// Loses slowly: keep the larger heap of a pair and split it as evenly as it goes (the
    /// most tokens stay in play), preferring moves that leave the fewest winning replies.
    fn stalling_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<EdMove> {
        let mut candidates: Vec<(u64, usize, EdMove)> = Vec::new();
        for (i, &(x, y)) in self.pairs.iter().enumerate() {
            let (keep, s) = if x >= y { (0u8, x) } else { (1u8, y) };
            if s < 2 {
                continue;
            }
            for left in [s / 2, s.div_ceil(2), 1] {
                if left >= 1 && left < s {
                    let mv = EdMove {
                        pair: i,
                        keep,
                        left,
                    };
                    let replies = self.play_unchecked(&mv).winning_moves(64).len();
                    candidates.push((u64::MAX - s, replies, mv));
                }
            }
        }
        let best = candidates.iter().map(|c| (c.0, c.1)).min()?;
        let moves = candidates
            .into_iter()
            .filter(|c| (c.0, c.1) == best)
            .map(|c| c.2)
            .collect();
        crate::ai::pick(moves, rng)
    }
}

impl Notation for Ed {
    const GAME: &'static str = "ed";

    /// `ed:x1,y1,x2,y2,…`: the heaps in order, paired (1, 2), (3, 4), …
    fn from_code(code: &str) -> Result<Ed, CodeError> {
        let body = code
            .strip_prefix("ed:")
            .ok_or_else(|| CodeError::new(1, Said::new("said.ed.prefix")))?;
        let heaps = parse_list(body, 4, Said::new("said.what.heaps"), MAX_HEAP)?;
        Ed::new(&heaps).map_err(|e| CodeError::new(4, e))
    }

    fn to_code(&self) -> String {
        let heaps: Vec<u64> = self.pairs.iter().flat_map(|&(x, y)| [x, y]).collect();
        format!("ed:{}", join(&heaps))
    }

    fn describe_move(&self, mv: &EdMove) -> Msg {
        let (x, y) = self.pairs.get(mv.pair).copied().unwrap_or((0, 0));
        let (kept, dropped) = if mv.keep == 0 { (x, y) } else { (y, x) };
        Msg::EdSplit {
            number: mv.pair + 1,
            dropped,
            kept,
            left: mv.left,
            right: kept.saturating_sub(mv.left),
        }
    }

    /// `pair 1: drop 3, split 5 into 2 + 3`, as saved games have always written it.
    fn move_code(&self, mv: &EdMove) -> String {
        let (x, y) = self.pairs.get(mv.pair).copied().unwrap_or((0, 0));
        let s = if mv.keep == 0 { x } else { y };
        format!(
            "pair {}: drop {}, split {s} into {} + {}",
            mv.pair + 1,
            if mv.keep == 0 { y } else { x },
            mv.left,
            s.saturating_sub(mv.left)
        )
    }
}

impl Catalogued for Ed {
    const ENTRY: Option<RuleEntry> = Some(RuleEntry {
        name: "ed",
        title: "E&D",
        rule: "in a pair of heaps, drop one and split the other into a new pair",
        start: "ed:3,5,2,7,4,4",
    });

    fn puzzle<R: Rng + ?Sized>(_name: &str, d: usize, rng: &mut R) -> Ed {
        let most = [4, 8, 16, 32, 64][d - 1];
        let heaps: Vec<u64> = (0..2 * puzzle_parts(d, rng).min(3))
            .map(|_| rng.random_range(1..=most))
            .collect();
        Ed::from_code(&format!("ed:{}", join(&heaps))).expect("generated codes are in bounds")
    }
}

/// Luogu P2148 (SDOI 2009 E&D): T cases (T ≤ 20), each n (even, ≤ 2·10^4) and the n heaps
/// (≤ 2·10^9) paired (1, 2), (3, 4), … → `YES` if the first player wins, else `NO`. The value of
/// a pair is [`pair_value`], whatever the heaps' size.
pub fn solve(input: &[u8]) -> Result<String, InputError> {
    let mut numbers = Numbers::new(input);
    let cases = numbers.next(Name::Cases("T"), 1..=1_000_000)?;
    let mut out = String::new();
    for case in 1..=cases {
        let n = numbers.next(Name::OfCase(Var("n", None), case), 2..=1_000_000)?;
        if n % 2 == 1 {
            return Err(InputError::of(
                numbers.line(),
                None,
                Problem::OddHeaps { case, n },
            ));
        }
        let mut value = 0;
        for pair in 1..=n / 2 {
            let x = numbers.next(Name::HeapOfCase(2 * pair - 1, case), 1..=MAX_CONTEST_HEAP)?;
            let y = numbers.next(Name::HeapOfCase(2 * pair, case), 1..=MAX_CONTEST_HEAP)?;
            value ^= pair_value(x, y);
        }
        out.push_str(if value != 0 { "YES\n" } else { "NO\n" });
    }
    numbers.expect_end(Name::LastCase)?;
    Ok(out)
}

/// The largest heap `solve` takes: the value is a formula, so any heap would do; 10^18 is the
/// size policy's bound for formula games.
const MAX_CONTEST_HEAP: u64 = 1_000_000_000_000_000_000;
