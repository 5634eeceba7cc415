//! Fibonacci Nim (COCI 2010/11 HRPA, Luogu P6487): one heap of N; the first move takes any
//! number but not all; after that each move takes at least 1 and at most twice the previous
//! take. Not a sum: the state is the heap and the most the next take may be. Values come from a
//! table of the game by definition (heaps to [`MAX_HEAP`]); who wins and the least winning
//! take follow Zeckendorf's representation (N as a sum of non-consecutive Fibonacci numbers):
//! the player to move wins exactly when the smallest term is at most the limit, and taking it
//! wins. `grundy solve fibnim` answers heaps to 10^15 that way.

use std::sync::OnceLock;

use rand::Rng;

use crate::game::{CodeError, IllegalMove, Impartial, Notation, Position};
use crate::input::{InputError, Lines};
use crate::nimber::Nimber;

/// The largest playable heap (values by table).
pub const MAX_HEAP: u64 = 300;

/// N's Zeckendorf representation, largest term first (Fibonacci numbers 1, 2, 3, 5, 8, …, no
/// two consecutive), by the greedy rule.
pub fn zeckendorf(mut n: u64) -> Vec<u64> {
    let mut fibs = vec![1u64, 2];
    while let Some(next) = fibs[fibs.len() - 1].checked_add(fibs[fibs.len() - 2]) {
        if next > n {
            break;
        }
        fibs.push(next);
    }
    let mut terms = Vec::new();
    for &f in fibs.iter().rev() {
        if f <= n {
            terms.push(f);
            n -= f;
        }
    }
    terms
}

/// The values g[n][l] of a heap of n when the next take may be at most l ≤ n.
fn table() -> &'static Vec<Vec<u32>> {
    static TABLE: OnceLock<Vec<Vec<u32>>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let n_max = MAX_HEAP as usize;
        let mut g: Vec<Vec<u32>> = Vec::with_capacity(n_max + 1);
        for n in 0..=n_max {
            let mut row = vec![0u32; n + 1];
            let mut seen: Vec<bool> = Vec::new();
            for l in 1..=n {
                // Taking t = l joins the options of a limit of l − 1.
                let rest = n - l;
                let v = g[rest][(2 * l).min(rest)] as usize;
                if v >= seen.len() {
                    seen.resize(v + 1, false);
                }
                seen[v] = true;
                row[l] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32;
            }
            g.push(row);
        }
        g
    })
}

/// A heap and the most the next take may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FibNim {
    heap: u64,
    limit: u64,
}

impl FibNim {
    /// A heap of `heap` ≤ [`MAX_HEAP`] with the next take at most `limit`.
    pub fn new(heap: u64, limit: u64) -> Result<FibNim, String> {
        if heap > MAX_HEAP {
            return Err(format!(
                "a heap of {heap}: play goes to {MAX_HEAP} (`grundy solve fibnim` to 10^15)"
            ));
        }
        Ok(FibNim { heap, limit })
    }

    /// The start: the first move takes any number but not all.
    pub fn start(heap: u64) -> Result<FibNim, String> {
        FibNim::new(heap, heap.saturating_sub(1))
    }

    pub fn heap(&self) -> u64 {
        self.heap
    }

    pub fn limit(&self) -> u64 {
        self.limit.min(self.heap)
    }

    /// The Sprague–Grundy value of this position (from the table).
    pub fn value(&self) -> u32 {
        table()[self.heap as usize][self.limit() as usize]
    }
}

/// The least winning take from a heap of `n` with limit `limit`: the smallest Zeckendorf term
/// when it is at most the limit.
pub fn least_winning_take(n: u64, limit: u64) -> Option<u64> {
    let smallest = *zeckendorf(n).last()?;
    (smallest <= limit).then_some(smallest)
}

impl Position for FibNim {
    /// How many tokens to take.
    type Move = u64;

    fn legal_moves(&self) -> Vec<u64> {
        (1..=self.limit()).collect()
    }

    fn check_move(&self, t: &u64) -> Result<(), IllegalMove> {
        if *t == 0 || *t > self.limit() {
            return Err(IllegalMove(format!(
                "take 1 to {} (the limit is {}), not {t}",
                self.limit(),
                self.limit
            )));
        }
        Ok(())
    }

    fn play_unchecked(&self, t: &u64) -> FibNim {
        FibNim {
            heap: self.heap - t,
            limit: 2 * t,
        }
    }

    fn is_over(&self) -> bool {
        self.limit() == 0
    }

    fn reachable_bound(&self) -> Option<u128> {
        Some(u128::from(self.heap + 1).pow(2))
    }

    fn moves_bound(&self) -> Option<u128> {
        Some(u128::from(self.heap).max(1))
    }
}

impl Impartial for FibNim {
    /// The one heap.
    type Part = usize;

    fn parts(&self) -> Vec<(usize, Nimber)> {
        vec![(0, Nimber::new(self.value().into()))]
    }

    fn describe_part(&self, _part: usize) -> String {
        format!("heap {} (take ≤ {})", self.heap, self.limit())
    }

    fn part_of(&self, _t: &u64) -> usize {
        0
    }

    fn moves_of(&self, _part: usize, limit: usize) -> (Vec<u64>, bool) {
        let most = self.limit();
        ((1..=most.min(limit as u64)).collect(), most > limit as u64)
    }

    /// Loses slowly: take one token, the least change (the opponent's limit stays 2).
    fn stalling_move<R: Rng + ?Sized>(&self, _rng: &mut R) -> Option<u64> {
        (self.limit() >= 1).then_some(1)
    }
}

impl Notation for FibNim {
    const GAME: &'static str = "fibnim";

    /// `fibnim:N` (the start: the first take is anything but all) or `fibnim:N:L` (the next
    /// take at most L).
    fn from_code(code: &str) -> Result<FibNim, CodeError> {
        let fields: Vec<&str> = code.split(':').collect();
        if fields[0] != "fibnim" || !(2..=3).contains(&fields.len()) {
            return Err(CodeError::new(
                1,
                "a Fibonacci Nim code is fibnim:N or fibnim:N:L",
            ));
        }
        let number = |text: &str, column: usize, what: &str| {
            text.parse::<u64>().map_err(|_| {
                CodeError::new(
                    column,
                    format!("{what} must be a whole number, not '{text}'"),
                )
            })
        };
        let heap = number(fields[1], 8, "N")?;
        let position = match fields.get(2) {
            None => FibNim::start(heap),
            Some(l) => FibNim::new(heap, number(l, 9 + fields[1].len(), "L")?),
        };
        position.map_err(|e| CodeError::new(8, e))
    }

    fn to_code(&self) -> String {
        format!("fibnim:{}:{}", self.heap, self.limit)
    }

    fn describe_move(&self, t: &u64) -> String {
        format!(
            "take {t} ({} → {}, next ≤ {})",
            self.heap,
            self.heap - t,
            2 * t
        )
    }
}

/// Luogu P6487: one N (1 ≤ N ≤ 10^15) per line → the smallest term of its Zeckendorf
/// representation, the least first take that wins (N itself when N is a Fibonacci number and
/// the first player cannot win).
pub fn solve(input: &[u8]) -> Result<String, InputError> {
    let mut out = String::new();
    for line in Lines::new(input) {
        if line.is_blank() {
            continue;
        }
        let [n] = line.numbers(["N"], [1..=1_000_000_000_000_000])?;
        let smallest = zeckendorf(n).last().copied().unwrap_or(n);
        out.push_str(&format!("{smallest}\n"));
    }
    if out.is_empty() {
        return Err(InputError::new(1, None, "empty input: expected N"));
    }
    Ok(out)
}
