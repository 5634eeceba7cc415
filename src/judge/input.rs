//! A contest input as a tree: numbers, lists and strings, with every count (T, n, the length of
//! a string) left out and written back when the tree is printed. The shrinker works on the tree
//! ([`shrink::edits`](super::shrink::edits)), so removing a case or a heap can never
//! leave a count that disagrees with what follows it.

use rand::RngExt;
use rand::seq::SliceRandom;

use crate::setup::ReplayRng;

/// One part of an input.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Node {
    Num(u64),
    List(Vec<Node>),
    /// A word or string, as bytes (letters the format allows).
    Text(Vec<u8>),
}

impl Node {
    /// The number of a `Num` (0 for anything else).
    pub fn n(&self) -> u64 {
        match self {
            Node::Num(x) => *x,
            _ => 0,
        }
    }

    /// The items of a `List` (none for anything else).
    pub fn items(&self) -> &[Node] {
        match self {
            Node::List(items) => items,
            _ => &[],
        }
    }

    /// The numbers of a list of numbers.
    pub fn nums(&self) -> Vec<u64> {
        self.items().iter().map(Node::n).collect()
    }

    /// The bytes of a `Text` (none for anything else).
    pub fn text(&self) -> &[u8] {
        match self {
            Node::Text(t) => t,
            _ => &[],
        }
    }

    /// A list of numbers.
    pub fn of(values: impl IntoIterator<Item = u64>) -> Node {
        Node::List(values.into_iter().map(Node::Num).collect())
    }
}

/// How large a random input is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// A few cases of a few small numbers: where most wrong answers are found, and small
    /// enough to read.
    Small,
    /// Tens to hundreds of items, numbers across their whole range.
    Medium,
    /// The statement's largest: every count at its bound (the worst case of a slow solution).
    Limit,
}

/// Draws the parts of an input at one [`Level`].
pub struct Gen<'a> {
    pub rng: &'a mut ReplayRng,
    pub level: Level,
}

impl Gen<'_> {
    /// A count in lo..=hi: a handful when small, up to a few hundred at medium, `hi` at the
    /// limit.
    pub fn count(&mut self, lo: u64, hi: u64) -> u64 {
        let top = match self.level {
            Level::Small => hi.min(lo + 4),
            Level::Medium => hi.min(lo.max(200)),
            Level::Limit => return hi,
        };
        self.rng.random_range(lo..=top)
    }

    /// A value in lo..=hi: 0..9 above `lo` when small; else spread over the orders of
    /// magnitude (so small and huge values both come), the bounds themselves now and then.
    pub fn value(&mut self, lo: u64, hi: u64) -> u64 {
        match self.level {
            Level::Small => self.rng.random_range(lo..=hi.min(lo + 9)),
            _ => match self.rng.random_range(0..12) {
                0 => hi,
                1 => lo,
                2 => hi.saturating_sub(self.rng.random_range(0..8)).max(lo),
                _ => self.spread(lo, hi),
            },
        }
    }

    /// A value where a large one is the hard one (a single n, a query): within 100 of `hi` at
    /// the limit, else as [`Gen::value`].
    pub fn large(&mut self, lo: u64, hi: u64) -> u64 {
        match self.level {
            Level::Limit => hi - self.rng.random_range(0..=(hi - lo).min(100)),
            _ => self.value(lo, hi),
        }
    }

    /// A value in lo..=hi whose bit length is uniform.
    pub fn spread(&mut self, lo: u64, hi: u64) -> u64 {
        let width = hi - lo;
        let bits = 64 - width.leading_zeros();
        let b = self.rng.random_range(0..=bits);
        let top = if b >= 64 { u64::MAX } else { (1u64 << b) - 1 };
        lo + self.rng.random_range(0..=top.min(width))
    }

    /// A number in the range, uniformly.
    pub fn uniform(&mut self, lo: u64, hi: u64) -> u64 {
        self.rng.random_range(lo..=hi)
    }

    /// The sizes of the cases of an input of at most `t_max` cases of n_min..=n_max items each,
    /// at most `sum_max` items in all. At the limit, one of the two worst shapes: as many of
    /// the largest cases as the sum allows, or the most cases, as large as the sum allows.
    pub fn case_sizes(&mut self, t_max: u64, n_min: u64, n_max: u64, sum_max: u64) -> Vec<u64> {
        match self.level {
            Level::Limit => {
                if self.rng.random_bool(0.5) {
                    let t = (sum_max / n_max).clamp(1, t_max);
                    vec![n_max.min(sum_max); t as usize]
                } else {
                    let n = (sum_max / t_max).clamp(n_min, n_max);
                    vec![n; t_max.min(sum_max / n.max(1)).max(1) as usize]
                }
            }
            _ => {
                let t = self.count(
                    1,
                    t_max.min(if self.level == Level::Small { 3 } else { 20 }),
                );
                let mut left = sum_max;
                let mut sizes = Vec::new();
                for _ in 0..t {
                    if left < n_min.max(1) {
                        break;
                    }
                    let n = self.count(n_min, n_max.min(left));
                    left -= n;
                    sizes.push(n);
                }
                sizes
            }
        }
    }

    /// `count` distinct values in lo..=hi, in increasing order (small ones when small).
    pub fn distinct(&mut self, count: u64, lo: u64, hi: u64) -> Vec<u64> {
        let hi = match self.level {
            Level::Small => hi.min(lo + 2 * count + 4),
            _ => hi,
        };
        let count = count.min(hi - lo + 1);
        let mut chosen: Vec<u64> = if hi - lo < 4 * count {
            // Dense: a shuffle of the whole range.
            let mut all: Vec<u64> = (lo..=hi).collect();
            all.shuffle(self.rng);
            all.truncate(count as usize);
            all
        } else {
            let mut set = std::collections::BTreeSet::new();
            while (set.len() as u64) < count {
                set.insert(self.spread(lo, hi));
            }
            set.into_iter().collect()
        };
        chosen.sort_unstable();
        chosen
    }
}

/// The numbers joined by spaces.
pub fn joined(values: impl IntoIterator<Item = u64>) -> String {
    let mut out = String::new();
    for (i, v) in values.into_iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&v.to_string());
    }
    out
}
