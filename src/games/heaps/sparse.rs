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

/// The work the mex of a heap may do: the state kept between heaps.
struct Sparse {
    mask: u32,
    /// The heaps ≥ 1 with a rare value, in increasing order.
    rare: Vec<u32>,
    /// `seen[v] == stamp`: v is an option of the heap being valued.
    seen: Vec<u32>,
    stamp: u32,
}

fn is_rare(mask: u32, v: u32) -> bool {
    (v & mask).count_ones().is_multiple_of(2)
}

impl Sparse {
    fn new(values: &[u32], mask: u32) -> Sparse {
        let rare = (1..values.len())
            .filter(|&n| is_rare(mask, values[n]))
            .map(|n| n as u32)
            .collect();
        Sparse {
            mask,
            rare,
            seen: vec![0; 64],
            stamp: 0,
        }
    }

    fn mark(&mut self, v: u32) {
        let v = v as usize;
        if v >= self.seen.len() {
            self.seen.resize(v + 1, 0);
        }
        self.seen[v] = self.stamp;
    }

    fn marked(&self, v: u32) -> bool {
        self.seen.get(v as usize) == Some(&self.stamp)
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
        }
        values.push(v);
        if x.is_multiple_of(8192) {
            report(x as u64);
        }
    }
    report(n as u64 + 1);
}

/// G(x) from G(0..x).
fn value(game: &TakeBreak, g: &[u32], state: &mut Sparse, x: usize) -> u32 {
    state.stamp = state.stamp.wrapping_add(1);
    if state.stamp == 0 {
        state.seen.fill(0);
        state.stamp = 1;
    }
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
        for k in 0..state.rare.len() {
            let r = state.rare[k] as usize;
            if r >= rest {
                break;
            }
            if game.unequal && 2 * r == rest {
                continue;
            }
            state.mark(g[r] ^ g[rest - r]);
        }
    }
    // The splits of two commons, walked from the small heaps up in growing batches and marked
    // together: a rare candidate below the answer is usually made within the first few hundred
    // splits, and one walk serves every candidate (not one walk each).
    let most = game
        .two
        .iter()
        .filter_map(|&i| x.checked_sub(i as usize))
        .map(|rest| rest / 2)
        .max()
        .unwrap_or(0);
    let mut walked = 0;
    let mut v = 0;
    loop {
        while state.marked(v) {
            v += 1;
        }
        // A common value not marked: no split of two commons makes it (theirs are rare).
        if !is_rare(state.mask, v) || walked >= most {
            return v;
        }
        let upto = (walked * 2).max(64).min(most);
        for &i in &game.two {
            let Some(rest) = x.checked_sub(i as usize) else {
                continue;
            };
            for a in walked + 1..=upto.min(rest / 2) {
                if !(game.unequal && 2 * a == rest) {
                    state.mark(g[a] ^ g[rest - a]);
                }
            }
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
            let known = values.len() as u64;
            let more = (known..=n)
                .map(|x| u32::try_from(period.value(&values, x)).unwrap_or(u32::MAX))
                .collect::<Vec<_>>();
            values.extend(more);
            report(n + 1);
            return (values, Some(period));
        }
        if to == n {
            return (values, None);
        }
        size = size.saturating_mul(2);
    }
}
