//! E&D (SDOI 2009): 2n heaps in pairs (1, 2), (3, 4), …; a move picks a pair, removes one of
//! its heaps and splits the other into two non-empty heaps, which become the pair. Each pair is
//! a game of its own (a part). The value of a pair (x, y) is the index of the lowest 0 bit of
//! (x − 1) | (y − 1) (checked against the definition in `tests/engine/boards.rs`).

use rand::Rng;

use super::stairs::{join, parse_list};
use crate::game::{CodeError, IllegalMove, Impartial, Notation, Position};
use crate::nimber::Nimber;

pub const MAX_PAIRS: usize = 500;
/// The largest heap: values stay below 21, so a winning split is found among the first 2^21
/// ways to split.
pub const MAX_HEAP: u64 = 1_000_000;

/// The value of a pair (x, y), x, y ≥ 1: the index of the lowest 0 bit of (x − 1) | (y − 1).
pub fn pair_value(x: u64, y: u64) -> u64 {
    u64::from(((x - 1) | (y - 1)).trailing_ones())
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
    pub fn new(heaps: &[u64]) -> Result<Ed, String> {
        if heaps.is_empty() || !heaps.len().is_multiple_of(2) {
            return Err(format!(
                "E&D needs an even number of heaps (pairs), not {}",
                heaps.len()
            ));
        }
        if heaps.len() / 2 > MAX_PAIRS {
            return Err(format!("at most {MAX_PAIRS} pairs"));
        }
        if let Some((i, &x)) = heaps
            .iter()
            .enumerate()
            .find(|&(_, &x)| x == 0 || x > MAX_HEAP)
        {
            return Err(format!("heap {} has {x}: heaps are 1 to {MAX_HEAP}", i + 1));
        }
        Ok(Ed {
            pairs: heaps.chunks(2).map(|c| (c[0], c[1])).collect(),
        })
    }

    pub fn pairs(&self) -> &[(u64, u64)] {
        &self.pairs
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
            return Err(IllegalMove(format!("there is no pair {}", mv.pair + 1)));
        }
        let s = self.kept(mv);
        if mv.left == 0 || mv.left >= s {
            return Err(IllegalMove(format!(
                "a heap of {s} cannot be split into {} and {}",
                mv.left,
                s.saturating_sub(mv.left)
            )));
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
        let (x, y) = self.pairs[mv.pair];
        let s = self.kept(mv);
        self.nim_sum() + Nimber::new(pair_value(x, y) ^ pair_value(mv.left, s - mv.left))
    }

    fn describe_part(&self, i: usize) -> String {
        let (x, y) = self.pairs.get(i).copied().unwrap_or((0, 0));
        format!("pair {} ({x}, {y})", i + 1)
    }

    fn part_of(&self, mv: &EdMove) -> usize {
        mv.pair
    }

    fn moves_of(&self, i: usize, limit: usize) -> (Vec<EdMove>, bool) {
        let Some(&(x, y)) = self.pairs.get(i) else {
            return (Vec::new(), false);
        };
        let mut out = Vec::new();
        for (keep, s) in [(0u8, x), (1u8, y)] {
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

    /// For each pair, a split worth (its value XOR the nim-sum): whether a split is worth t
    /// depends only on the low t + 1 bits of its parts, so the first 2^(t+1) splits of each
    /// kept heap hold one if any does.
    fn winning_moves(&self, limit: usize) -> Vec<EdMove> {
        let s = self.nim_sum();
        let mut found = Vec::new();
        if s.is_zero() {
            return found;
        }
        let s = s.to_u64().expect("pair values are small");
        for (i, &(x, y)) in self.pairs.iter().enumerate() {
            let target = pair_value(x, y) ^ s;
            for (keep, heap) in [(0u8, x), (1u8, y)] {
                let last = (heap - 1).min(1 << (target + 1).min(40));
                if let Some(left) = (1..=last).find(|&a| pair_value(a, heap - a) == target)
                    && found.len() < limit
                {
                    found.push(EdMove {
                        pair: i,
                        keep,
                        left,
                    });
                }
            }
        }
        found
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
            .ok_or_else(|| CodeError::new(1, "an E&D code starts with 'ed:'"))?;
        let heaps = parse_list(body, 4, "the heaps", MAX_HEAP)?;
        Ed::new(&heaps).map_err(|e| CodeError::new(4, e))
    }

    fn to_code(&self) -> String {
        let heaps: Vec<u64> = self.pairs.iter().flat_map(|&(x, y)| [x, y]).collect();
        format!("ed:{}", join(&heaps))
    }

    fn describe_move(&self, mv: &EdMove) -> String {
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
