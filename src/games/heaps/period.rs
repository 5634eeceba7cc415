//! The period of a sequence of Sprague–Grundy values, found in a table and, for a take-and-break
//! game that removes at most t tokens a move, proved by the periodicity theorem (Guy and Smith;
//! *Winning Ways* ch. 4): if G(n + p) = G(n) for every N0 ≤ n < 2·N0 + p + t, then for every
//! n ≥ N0. Generic over a plain `&[u32]`, so any table (an octal code, a heap rule, a rules
//! file) can ask.

/// A period found in a table of values: G(n + period) = G(n) for every n ≥ `preperiod` the
/// table reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Period {
    /// N0: the first n from which the values repeat.
    pub preperiod: u64,
    /// P: the smallest period.
    pub period: u64,
    /// Whether the periodicity theorem proves it for every n ≥ N0 (a finite code whose
    /// condition holds in the table), not only for the n the table reaches.
    pub proved: bool,
    /// The last n for which G(n + P) = G(n) was compared (the table's last index − P).
    pub checked_to: u64,
}

impl Period {
    /// The value of a heap of `n` read from `values` (which reach at least N0 + P − 1): past
    /// the table, through the period. Meant for a proved period.
    pub fn value(&self, values: &[u32], n: u64) -> u32 {
        let at = if n < values.len() as u64 {
            n
        } else {
            self.preperiod + (n - self.preperiod) % self.period
        };
        values[at as usize]
    }

    /// The end (exclusive) of the range of n the theorem asks G(n + P) = G(n) for, when a
    /// move removes at most `max_take` tokens and leaves at most `pieces` heaps.
    pub fn theorem_end(&self, max_take: u64, pieces: u32) -> u64 {
        theorem_end(self.preperiod, self.period, max_take, pieces)
    }
}

/// The end (exclusive) of the n the theorem needs: 2·N0 + P + t for moves that leave at most two
/// heaps, k·N0 + (k − 1)·P + t for k ≥ 3 (one of k heaps summing to n + P − i must then be at
/// least N0 + P). N0 counts as at least 1 here: a heap shortened by P to 0 is no heap, and
/// leaving one heap fewer may be a different digit's move (0.4 has G(0) = G(1) = G(2) = 0,
/// then G(3) = 1).
fn theorem_end(preperiod: u64, period: u64, max_take: u64, pieces: u32) -> u64 {
    let k = u64::from(pieces.max(2));
    let start = preperiod.max(1);
    k.saturating_mul(start)
        .saturating_add((k - 1).saturating_mul(period))
        .saturating_add(max_take)
}

/// The smallest period of `values` (G(0), G(1), …) with, for it, the smallest preperiod; `None`
/// when no period shows in the table. A period shows when the table repeats it from N0 to its
/// end over at least N0 + P values (2·N0 + 2·P ≤ length), so a short tail does not pass for a
/// period. It is proved when `max_take` is `Some(t)` (a game whose moves remove at most t
/// tokens and leave at most two heaps) and the table covers the theorem's range.
pub fn find_period(values: &[u32], max_take: Option<u64>) -> Option<Period> {
    find_period_splitting(values, max_take, 2)
}

/// [`find_period`] for a game whose moves leave at most `pieces` heaps (3 for a hexadecimal
/// code with a digit 8–f: its theorem needs a longer range).
pub fn find_period_splitting(values: &[u32], max_take: Option<u64>, pieces: u32) -> Option<Period> {
    let len = values.len() as u64;
    for period in 1..=len / 2 {
        let p = period as usize;
        // The first n from the end where the values differ a period apart: N0 is after it.
        let preperiod = (0..values.len() - p)
            .rev()
            .find(|&n| values[n] != values[n + p])
            .map_or(0, |n| n as u64 + 1);
        if 2 * preperiod + 2 * period > len {
            continue;
        }
        let proved = max_take.is_some_and(|t| {
            theorem_end(preperiod, period, t, pieces).saturating_add(period) <= len
        });
        return Some(Period {
            preperiod,
            period,
            proved,
            checked_to: len - 1 - period,
        });
    }
    None
}
