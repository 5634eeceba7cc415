//! The period of a sequence of Sprague–Grundy values, found in a table and, for a take-and-break
//! game that removes at most t tokens a move, proved by the periodicity theorem (Guy and Smith;
//! *Winning Ways* ch. 4): if G(n + p) = G(n) for every N0 ≤ n < 2·N0 + p + t, then for every
//! n ≥ N0. A period may carry a saltus S (arithmetic periodicity, G(n + P) = G(n) + S, as in
//! Lasker's Nim); [`super::arithmetic`] proves those. Generic over a plain `&[u32]`, so any
//! table (an octal code, a heap rule, a rules file) can ask.

/// A period found in a table of values: G(n + period) = G(n) + saltus for every n ≥
/// `preperiod` the table reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Period {
    /// N0: the first n from which the values repeat.
    pub preperiod: u64,
    /// P: the smallest period.
    pub period: u64,
    /// S: what a period adds to the values (0 for a pure period).
    pub saltus: u64,
    /// Whether the periodicity theorem proves it for every n ≥ N0 (a finite code whose
    /// condition holds in the table), not only for the n the table reaches.
    pub proved: bool,
    /// The last n for which G(n + P) = G(n) was compared (the table's last index − P).
    pub checked_to: u64,
}

impl Period {
    /// The value of a heap of `n` read from `values` (which reach at least N0 + P − 1): past
    /// the table, through the period: G(N0 + r + qP) = G(N0 + r) + q·S. Meant for a proved
    /// period.
    pub fn value(&self, values: &[u32], n: u64) -> u64 {
        if n < values.len() as u64 {
            return u64::from(values[n as usize]);
        }
        self.through(values, n)
    }

    /// G(n) for n ≥ N0 read through the period from `values` (which reach N0 + P − 1).
    fn through(&self, values: &[u32], n: u64) -> u64 {
        let (blocks, at) = self.reduce(n);
        u64::from(values[at as usize]).saturating_add(self.saltus.saturating_mul(blocks))
    }

    /// Extends `values` (which reach at least N0 + P − 1) to heaps 0..=n through the period, in
    /// place: a table of 10^7 read through its period is one copy (40 MB), not the computed
    /// part and a second list of the rest. Values past `u32` are kept at `u32::MAX`.
    pub fn extend_through(&self, values: &mut Vec<u32>, n: u64) {
        let known = values.len() as u64;
        if n < known {
            return;
        }
        values.reserve_exact((n + 1 - known) as usize);
        for x in known..=n {
            let value = self.through(values, x);
            values.push(u32::try_from(value).unwrap_or(u32::MAX));
        }
    }

    /// `n` ≥ N0 as N0 + r + q·P: (q, N0 + r).
    pub fn reduce(&self, n: u64) -> (u64, u64) {
        let past = n - self.preperiod;
        (past / self.period, self.preperiod + past % self.period)
    }

    /// G(n) − S·⌊(n − N0)/P⌋ for n ≥ N0 (G(n) before it): the values with the saltus taken
    /// out, periodic where the values are arithmetic-periodic.
    pub fn without_saltus(&self, n: u64, value: u64) -> u64 {
        match n.checked_sub(self.preperiod) {
            Some(past) => value.saturating_sub(self.saltus * (past / self.period)),
            None => value,
        }
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
/// code with a digit 8–f: its theorem needs a longer range). The smallest P wins, whatever its
/// saltus (Nim's 0, 1, 2, … is P = 1, S = 1); the periodicity theorem proves pure periods only.
pub fn find_period_splitting(values: &[u32], max_take: Option<u64>, pieces: u32) -> Option<Period> {
    let len = values.len() as u64;
    for period in 1..=len / 2 {
        let p = period as usize;
        // The saltus the table's end shows for this period: the values must not fall.
        let last = values.len() - 1;
        let Some(saltus) = values[last].checked_sub(values[last - p]) else {
            continue;
        };
        // The first n from the end where the values differ a period apart by another step:
        // N0 is after it.
        let preperiod = (0..values.len() - p)
            .rev()
            .find(|&n| values[n + p].checked_sub(values[n]) != Some(saltus))
            .map_or(0, |n| n as u64 + 1);
        if 2 * preperiod + 2 * period > len {
            continue;
        }
        let proved = saltus == 0
            && max_take.is_some_and(|t| {
                theorem_end(preperiod, period, t, pieces).saturating_add(period) <= len
            });
        return Some(Period {
            preperiod,
            period,
            saltus: u64::from(saltus),
            proved,
            checked_to: len - 1 - period,
        });
    }
    None
}
