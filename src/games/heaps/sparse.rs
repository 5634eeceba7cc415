//! Long value tables of take-and-break games by the sparse-space method (Berlekamp, *Winning
//! Ways* ch. 4, "Sparse space spells speed"; Flammenkamp's rare and common values).
//!
//! Fix a bit mask M and call a value *rare* when it has an even number of 1-bits under M, and
//! *common* when odd. The XOR of two commons is rare, of a rare and a common is common. In many
//! games (Grundy's game, most octal games) few heaps have rare values. Then the mex of a heap
//! is found without looking at every split:
//! - a common candidate can only come from a split with a rare heap in it, and those splits
//!   are few: all of them are marked first;
//! - a rare candidate below the answer is almost always made by some split of two commons,
//!   found after a few tries; only when the answer itself is rare (rarely) is every split
//!   looked at.
//!
//! The method is exact whatever the mask: a bad mask only makes it slower (mask 0 makes every
//! value rare, which is the plain mex). The mask is chosen from the table so far, again each
//! time the table doubles.

/// A game whose moves take tokens and leave at most two heaps: what [`extend`] needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeBreak {
    /// Takes i that may remove a whole heap of exactly i.
    pub none: Vec<u64>,
    /// Takes i ≥ 1 that may leave one non-empty heap.
    pub one: Vec<u64>,
    /// Takes i ≥ 0 that may leave two non-empty heaps.
    pub two: Vec<u64>,
    /// Whether the two heaps must differ (Grundy's game).
    pub unequal: bool,
}

/// The common-by-common splits walked between two looks at the mex: a look scans the marks,
/// so looking after every split costs more than it saves (256 and 64 were slower on Grundy's
/// game to 3·10^5).
const WALK_BATCH: usize = 128;

/// The work the mex of a heap may do: the state kept between heaps.
struct Sparse {
    mask: u32,
    /// The heaps ≥ 1 with a rare value, in increasing order, and their values beside them (so
    /// the walk over them reads one list, not the table twice).
    rare: Vec<u32>,
    rare_values: Vec<u32>,
    /// `seen[v] != 0`: v is an option of the heap being valued. Bytes, set by plain stores: a
    /// bit set would make every mark a read-modify-write of the same few words, each waiting
    /// for the last (it was slower). Long enough for every XOR of two values so far and the
    /// mex above them, so no mark checks the length.
    seen: Vec<u8>,
}

fn is_rare(mask: u32, v: u32) -> bool {
    (v & mask).count_ones().is_multiple_of(2)
}

impl Sparse {
    fn new(values: &[u32], mask: u32) -> Sparse {
        let rare: Vec<u32> = (1..values.len())
            .filter(|&n| is_rare(mask, values[n]))
            .map(|n| n as u32)
            .collect();
        let rare_values = rare.iter().map(|&r| values[r as usize]).collect();
        let mut state = Sparse {
            mask,
            rare,
            rare_values,
            seen: Vec::new(),
        };
        state.cover(values.iter().copied().max().unwrap_or(0));
        state
    }

    /// Room for the options of heaps whose values are at most `top`: the XOR of two of them is
    /// below the next power of two, and the mex is at most that.
    fn cover(&mut self, top: u32) {
        let room = (u64::from(top) + 1).next_power_of_two() as usize + 1;
        if room > self.seen.len() {
            self.seen.resize(room, 0);
        }
    }

    fn mark(&mut self, v: u32) {
        self.seen[v as usize] = 1;
    }

    /// The least value from `from` up that is not marked (there is one: see [`Sparse::cover`]).
    fn mex_from(&self, from: u32) -> u32 {
        let from = from as usize;
        let gap = self.seen[from..].iter().position(|&s| s == 0);
        (from + gap.unwrap_or(self.seen.len() - from)) as u32
    }
}

/// Marks G(a) ⊕ G(rest − a) for a in lo..=hi (1 ≤ lo, hi < rest): two slices walked towards
/// each other, so no index is checked inside the loop.
fn mark_splits(seen: &mut [u8], g: &[u32], rest: usize, lo: usize, hi: usize) {
    if lo > hi {
        return;
    }
    let left = &g[lo..=hi];
    let right = &g[rest - hi..=rest - lo];
    for (&a, &b) in left.iter().zip(right.iter().rev()) {
        seen[(a ^ b) as usize] = 1;
    }
}

/// The mask under which the fewest heaps 1.. of `values` are rare, among the masks of the bits
/// the values use (at most 10 of them).
fn best_mask(values: &[u32]) -> u32 {
    let top = values.iter().copied().max().unwrap_or(0);
    let bits = (32 - top.leading_zeros()).min(10);
    let mut counts: Vec<u64> = vec![0; 1 << bits];
    let low = (1u32 << bits) - 1;
    for &v in values.iter().skip(1) {
        counts[(v & low) as usize] += 1;
    }
    (0..1u32 << bits)
        .min_by_key(|&mask| {
            counts
                .iter()
                .enumerate()
                .filter(|&(v, _)| is_rare(mask, v as u32))
                .map(|(_, &c)| c)
                .sum::<u64>()
        })
        .unwrap_or(0)
}

/// Extends `values` (G(0), …, already computed for this game, at least G(0)) to heaps 0..=n,
/// calling `report` with the number of values done now and then.
pub fn extend(game: &TakeBreak, values: &mut Vec<u32>, n: u64, report: &mut dyn FnMut(u64)) {
    if values.is_empty() {
        values.push(0);
    }
    let n = n as usize;
    values.reserve((n + 1).saturating_sub(values.len()));
    let mut state = Sparse::new(values, best_mask(values));
    let mut next_mask_check = (values.len() * 2).max(256);
    while values.len() <= n {
        let x = values.len();
        if x >= next_mask_check {
            let mask = best_mask(values);
            if mask != state.mask {
                state = Sparse::new(values, mask);
            }
            next_mask_check = x * 2;
        }
        let v = value(game, values, &mut state, x);
        if x > 0 && is_rare(state.mask, v) {
            state.rare.push(x as u32);
            state.rare_values.push(v);
        }
        state.cover(v);
        values.push(v);
        if x.is_multiple_of(8192) {
            report(x as u64);
        }
    }
    report(n as u64 + 1);
}

/// The largest a of a split of `rest` into a and rest − a with a ≤ rest − a (a < rest − a
/// when the two heaps must differ).
fn last_split(game: &TakeBreak, rest: usize) -> usize {
    if game.unequal {
        rest.saturating_sub(1) / 2
    } else {
        rest / 2
    }
}

/// G(x) from G(0..x).
fn value(game: &TakeBreak, g: &[u32], state: &mut Sparse, x: usize) -> u32 {
    state.seen.fill(0);
    for &i in &game.none {
        if i as usize == x {
            state.mark(0);
        }
    }
    for &i in &game.one {
        if (i as usize) < x {
            state.mark(g[x - i as usize]);
        }
    }
    // Every split with a rare heap in it (either side).
    for &i in &game.two {
        let Some(rest) = x.checked_sub(i as usize) else {
            continue;
        };
        let below = state.rare.partition_point(|&r| (r as usize) < rest);
        let before = &g[..rest];
        let seen = &mut state.seen[..];
        for (&r, &value) in state.rare[..below].iter().zip(&state.rare_values[..below]) {
            let r = r as usize;
            if !(game.unequal && 2 * r == rest) {
                seen[(value ^ before[rest - r]) as usize] = 1;
            }
        }
    }
    // The splits of two commons, walked from the small heaps up in batches and marked
    // together: a rare candidate below the answer is usually made within the first few
    // thousand splits, and one walk serves every candidate (not one walk each).
    let most = game
        .two
        .iter()
        .filter_map(|&i| x.checked_sub(i as usize))
        .map(|rest| last_split(game, rest))
        .max()
        .unwrap_or(0);
    let mut walked = 0;
    let mut v = 0;
    loop {
        // Marks are only added, so the mex never moves down: look on from the last one.
        v = state.mex_from(v);
        // A common value not marked: no split of two commons makes it (theirs are rare).
        if !is_rare(state.mask, v) || walked >= most {
            return v;
        }
        let upto = (walked + WALK_BATCH).min(most);
        for &i in &game.two {
            let Some(rest) = x.checked_sub(i as usize) else {
                continue;
            };
            let last = upto.min(last_split(game, rest));
            mark_splits(&mut state.seen, g, rest, walked + 1, last);
        }
        walked = upto;
    }
}

/// The values of heaps 0..=n: by [`extend`], and for a game whose moves remove at most
/// `max_take` tokens, through its period as soon as the periodicity theorem proves one (the
/// table is checked each time it doubles), so a table of 10^6 of a periodic game costs its
/// preperiod and a few periods. Returns the values and the proved period, if any.
pub fn table(
    game: &TakeBreak,
    max_take: Option<u64>,
    n: u64,
    report: &mut dyn FnMut(u64),
) -> (Vec<u32>, Option<super::period::Period>) {
    let mut values = vec![0];
    let mut size: u64 = 1024;
    loop {
        let to = size.min(n);
        extend(game, &mut values, to, report);
        if max_take.is_some()
            && let Some(period) = super::period::find_period(&values, max_take)
            && period.proved
        {
            period.extend_through(&mut values, n);
            report(n + 1);
            return (values, Some(period));
        }
        if to == n {
            return (values, None);
        }
        size = size.saturating_mul(2);
    }
}
