//! Stair Nim (CSES 1099 "Stair Game"): stairs 1..n with p_k balls on stair k; a move carries
//! one or more balls from a stair k ≥ 2 down to stair k − 1. Balls on stair 1 are out of play.
//!
//! The value of a position is the nim-sum of the ball counts on the **even** stairs: a move
//! from an even stair is a Nim move on that count; a move from an odd stair k adds balls to the
//! even stair k − 1, and the opponent can carry exactly those balls on down to the odd stair
//! k − 2, restoring the count (balls on odd stairs are a reserve that can be copied away). So
//! every even stair is a part worth its count and every odd stair a part worth 0 — the parts
//! are not independent games, but their nim-sum is the position's value (checked against the
//! definition in `tests/engine/boards.rs`).

use rand::{Rng, RngExt};

use crate::game::{CodeError, IllegalMove, Impartial, Notation, Position};
use crate::games::catalogue::{Catalogued, RuleEntry};
use crate::games::list::join;
use crate::input::{InputError, Name, Numbers};
use crate::message::{Msg, PartName, Said};
use crate::nimber::Nimber;

/// Bounds of a position: stairs and balls per stair.
pub const MAX_STAIRS: usize = 1000;
pub const MAX_BALLS: u64 = 1_000_000;

/// A move: carry `count` balls from stair `stair` (≥ 2) down to `stair − 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StairMove {
    pub stair: usize,
    pub count: u64,
}

/// A staircase: `balls[k − 1]` balls on stair k.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StairNim {
    balls: Vec<u64>,
}

impl StairNim {
    pub fn new(balls: Vec<u64>) -> Result<StairNim, Said> {
        if balls.is_empty() || balls.len() > MAX_STAIRS {
            return Err(Said::new("said.stairs.count")
                .with("most", MAX_STAIRS)
                .with("count", balls.len()));
        }
        if let Some((k, &p)) = balls.iter().enumerate().find(|&(_, &p)| p > MAX_BALLS) {
            return Err(Said::new("said.stairs.balls")
                .with("number", k + 1)
                .with("balls", p)
                .with("most", MAX_BALLS));
        }
        Ok(StairNim { balls })
    }

    /// The balls on each stair, stair 1 first.
    pub fn balls(&self) -> &[u64] {
        &self.balls
    }

    /// The value of stair k (1-based): its count on even stairs, 0 on odd ones.
    pub fn stair_value(&self, k: usize) -> u64 {
        if k.is_multiple_of(2) {
            self.balls[k - 1]
        } else {
            0
        }
    }

    fn nim_sum_u64(&self) -> u64 {
        (2..=self.balls.len())
            .step_by(2)
            .fold(0, |acc, k| acc ^ self.balls[k - 1])
    }
}

/// Whether the first player wins a staircase (CSES 1099): the XOR of the even stairs.
pub fn first_wins(balls: &[u64]) -> bool {
    balls.iter().skip(1).step_by(2).fold(0, |acc, &p| acc ^ p) != 0
}

impl Position for StairNim {
    type Move = StairMove;

    fn legal_moves(&self) -> Vec<StairMove> {
        (2..=self.balls.len())
            .flat_map(|stair| {
                (1..=self.balls[stair - 1]).map(move |count| StairMove { stair, count })
            })
            .collect()
    }

    fn check_move(&self, mv: &StairMove) -> Result<(), IllegalMove> {
        if mv.stair < 2 || mv.stair > self.balls.len() {
            return Err(IllegalMove::new(
                Said::new("said.move.stair_from")
                    .with("top", self.balls.len())
                    .with("stair", mv.stair),
            ));
        }
        let there = self.balls[mv.stair - 1];
        if mv.count == 0 || mv.count > there {
            return Err(IllegalMove::new(
                Said::new("said.move.stair_balls")
                    .with("stair", mv.stair)
                    .with("balls", there)
                    .with("count", mv.count),
            ));
        }
        Ok(())
    }

    fn play_unchecked(&self, mv: &StairMove) -> StairNim {
        let mut balls = self.balls.clone();
        balls[mv.stair - 1] -= mv.count;
        balls[mv.stair - 2] += mv.count;
        StairNim { balls }
    }

    fn is_over(&self) -> bool {
        self.balls.iter().skip(1).all(|&p| p == 0)
    }

    /// Exact where the balls are few: balls only move down, so a position is reachable
    /// exactly when, for every stair k, the balls at or above k are at most as many as at the
    /// start (and all the balls are still on the stairs); those positions are counted stair
    /// by stair from the top, by the balls at or above each. Past that, a bound: stair k
    /// holds at most the balls at or above it.
    fn reachable_bound(&self) -> Option<u128> {
        let total: u64 = self.balls.iter().sum();
        if (self.balls.len() as u64).saturating_mul(total + 1) <= EXACT_COUNT_WORK {
            return Some(self.reachable_count(total));
        }
        let mut above = 0u128;
        let mut bound = 1u128;
        for &p in self.balls.iter().rev() {
            above += u128::from(p);
            bound = bound.saturating_mul(above + 1);
        }
        Some(bound)
    }

    /// A ball on stair k has k − 1 single steps left, and carrying one ball one stair lowers
    /// their total by exactly one: every total down to 0 is met on the way.
    fn reachable_at_least(&self) -> Option<u128> {
        let steps: u128 = self
            .balls
            .iter()
            .enumerate()
            .map(|(k, &p)| k as u128 * u128::from(p))
            .sum();
        Some(steps + 1)
    }

    fn heap_bytes(&self) -> usize {
        self.balls.capacity() * 8
    }

    fn moves_bound(&self) -> Option<u128> {
        Some(
            self.balls
                .iter()
                .map(|&p| u128::from(p))
                .sum::<u128>()
                .max(1),
        )
    }
}

/// Up to this many (stairs × balls), [`StairNim::reachable_bound`] counts the positions exactly.
const EXACT_COUNT_WORK: u64 = 1 << 22;

impl StairNim {
    /// How many positions are reachable (see [`Position::reachable_bound`]): `ways[t]`, going
    /// down from the top stair, is the number of ways to place t balls on the stairs from here
    /// up, each stair's suffix within the start's.
    fn reachable_count(&self, total: u64) -> u128 {
        let n = self.balls.len();
        // The balls at or above each stair at the start.
        let mut start_above = vec![0u64; n + 1];
        for k in (0..n).rev() {
            start_above[k] = start_above[k + 1] + self.balls[k];
        }
        // The top stair alone: t balls in one way, for t up to its start.
        let mut ways: Vec<u128> = vec![1; start_above[n - 1] as usize + 1];
        for k in (0..n - 1).rev() {
            // ways'[t] = Σ ways[u] for u ≤ min(t, the start's above k + 1).
            let mut prefix = Vec::with_capacity(ways.len());
            let mut sum = 0u128;
            for &w in &ways {
                sum = sum.saturating_add(w);
                prefix.push(sum);
            }
            let top = prefix.len() - 1;
            let limit = if k == 0 { total } else { start_above[k] };
            ways = (0..=limit as usize).map(|t| prefix[t.min(top)]).collect();
        }
        // Every ball is still on a stair: stair 1 holds the rest.
        ways.get(total as usize).copied().unwrap_or(1)
    }

    /// Every move to nim-sum `target`, in stair order. A move changes the count of exactly one
    /// even stair e, so it must bring that count p to p XOR (nim-sum XOR target): down by
    /// carrying the difference from e itself, or up by carrying it from the odd stair e + 1
    /// above, if that stair has the balls. So there is at most one such move per even stair.
    fn moves_to_value(&self, target: Nimber) -> Vec<StairMove> {
        let Some(target) = target.to_u64() else {
            return Vec::new();
        };
        let change = self.nim_sum_u64() ^ target;
        let mut found = Vec::new();
        if change == 0 {
            return found;
        }
        for even in (2..=self.balls.len()).step_by(2) {
            let p = self.balls[even - 1];
            let want = p ^ change;
            if want < p {
                found.push(StairMove {
                    stair: even,
                    count: p - want,
                });
            } else if even < self.balls.len() && want - p <= self.balls[even] {
                found.push(StairMove {
                    stair: even + 1,
                    count: want - p,
                });
            }
        }
        found
    }
}

impl Impartial for StairNim {
    /// A stair, 1-based.
    type Part = usize;

    fn parts(&self) -> Vec<(usize, Nimber)> {
        (1..=self.balls.len())
            .map(|k| (k, Nimber::new(self.stair_value(k))))
            .collect()
    }

    fn nim_sum(&self) -> Nimber {
        Nimber::new(self.nim_sum_u64())
    }

    fn nim_sum_after(&self, mv: &StairMove) -> Nimber {
        self.nim_sum() + self.nim_sum_change(mv)
    }

    fn describe_part(&self, k: usize) -> Msg {
        Msg::Part(PartName::Stair {
            stair: k,
            balls: self.balls.get(k - 1).copied().unwrap_or(0),
        })
    }

    fn part_of(&self, mv: &StairMove) -> usize {
        mv.stair
    }

    fn moves_of(&self, k: usize, limit: usize) -> (Vec<StairMove>, bool) {
        if k < 2 || k > self.balls.len() {
            return (Vec::new(), false);
        }
        let p = self.balls[k - 1];
        let moves = (1..=p.min(limit as u64))
            .map(|count| StairMove { stair: k, count })
            .collect();
        (moves, p > limit as u64)
    }

    /// Only the even stairs carry value, and a move changes exactly one of them: from even
    /// stair e by carrying balls down, or from the odd stair e + 1 by carrying balls onto it.
    fn nim_sum_change(&self, mv: &StairMove) -> Nimber {
        Nimber::new(if mv.stair.is_multiple_of(2) {
            let before = self.balls[mv.stair - 1];
            before ^ (before - mv.count)
        } else {
            let before = self.balls[mv.stair - 2];
            before ^ (before + mv.count)
        })
    }

    /// To nim-sum 0: see `StairNim::moves_to_value`.
    fn winning_moves(&self, limit: usize) -> Vec<StairMove> {
        self.moves_to_nim_sum(Nimber::ZERO, limit)
    }

    fn moves_to_nim_sum(&self, target: Nimber, limit: usize) -> Vec<StairMove> {
        let mut found = self.moves_to_value(target);
        found.truncate(limit);
        found
    }

    /// Counted by arithmetic: at most one move per even stair (see
    /// `StairNim::moves_to_value`), so always the exact count.
    fn count_moves_to_nim_sum(&self, target: Nimber) -> (usize, bool) {
        (self.moves_to_value(target).len(), true)
    }

    /// Loses slowly: carry a single ball, from the lowest stair that has a move (the ball has
    /// the least way still to go), preferring the moves that leave the fewest winning replies.
    fn stalling_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<StairMove> {
        let mut candidates: Vec<(usize, StairMove)> = (2..=self.balls.len())
            .filter(|&k| self.balls[k - 1] > 0)
            .map(|stair| {
                let mv = StairMove { stair, count: 1 };
                (self.play_unchecked(&mv).winning_moves(64).len(), mv)
            })
            .collect();
        let fewest = candidates.iter().map(|c| c.0).min()?;
        candidates.retain(|c| c.0 == fewest);
        crate::ai::pick(candidates.into_iter().map(|c| c.1).collect(), rng)
    }
}

impl Notation for StairNim {
    const GAME: &'static str = "stairs";

    /// `stairs:p1,p2,…,pn`: the balls on stairs 1..n.
    fn from_code(code: &str) -> Result<StairNim, CodeError> {
        let body = code
            .strip_prefix("stairs:")
            .ok_or_else(|| CodeError::new(1, Said::new("said.stairs.prefix")))?;
        let balls = parse_list(body, 8, Said::new("said.what.stairs"), MAX_BALLS)?;
        StairNim::new(balls).map_err(|e| CodeError::new(8, e))
    }

    fn to_code(&self) -> String {
        format!("stairs:{}", join(&self.balls))
    }

    fn describe_move(&self, mv: &StairMove) -> Msg {
        Msg::Carry {
            number: mv.stair,
            count: mv.count,
        }
    }

    /// `stair 3: carry 2 balls down to stair 2`, as saved games have always written it.
    fn move_code(&self, mv: &StairMove) -> String {
        format!(
            "stair {}: carry {} ball{} down to stair {}",
            mv.stair,
            mv.count,
            if mv.count == 1 { "" } else { "s" },
            mv.stair - 1
        )
    }
}

/// A comma-separated list of numbers ≤ `max`, starting at character `column` of a code.
pub fn parse_list(text: &str, column: usize, what: Said, max: u64) -> Result<Vec<u64>, CodeError> {
    crate::games::list::parse(text, column, what, 0..=max, 100_000)
}

/// CSES 1099: t tests, each n and p_1..p_n (numbers may wrap lines) → `first` / `second`.
pub fn solve(input: &[u8]) -> Result<String, InputError> {
    let mut numbers = Numbers::new(input);
    let t = numbers.next(Name::Tests("t"), 1..=1_000_000)?;
    let mut next = |what: &str, range| numbers.next(what, range);
    let mut out = String::new();
    for _ in 0..t {
        let n = next("n", 1..=1_000_000)?;
        let mut x = 0;
        for k in 1..=n {
            let p = next("p_k", 0..=1_000_000_000)?;
            if k % 2 == 0 {
                x ^= p;
            }
        }
        out.push_str(if x != 0 { "first\n" } else { "second\n" });
    }
    numbers.expect_end(Name::LastTest)?;
    Ok(out)
}

impl Catalogued for StairNim {
    const ENTRY: Option<RuleEntry> = Some(RuleEntry {
        name: "stairs",
        title: "Stair Nim",
        rule: "carry balls from a stair k ≥ 2 down to stair k − 1",
        start: "stairs:2,3,1,4,2,5",
    });

    fn puzzle<R: Rng + ?Sized>(_name: &str, d: usize, rng: &mut R) -> StairNim {
        let stairs = rng.random_range(d + 1..=d + 3);
        let most = [2, 3, 5, 7, 9][d - 1];
        let balls = (0..stairs).map(|_| rng.random_range(0..=most)).collect();
        StairNim::new(balls).expect("generated stairs are in bounds")
    }
}
