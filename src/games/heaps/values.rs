//! Sprague–Grundy values of one heap under each [`Rule`], by formula where one is known and by
//! a mex table (built once, on first use) where not; the `Impartial` implementation of
//! [`Heaps`] (a heap is a part); and misère Nim's own win rule. Every formula and table is
//! checked against values by definition and a game-tree search in `tests/engine/heaps.rs`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use rand::Rng;

use super::octal::OctalCode;
use super::period::Period;
use super::rules::{
    Action, HeapMove, Heaps, MAX_PERIODIC_HEAP, MAX_SIEVE_HEAP, MAX_TABLE_HEAP, Rule,
    fibonacci_up_to, gcd, one_two_k, pieces,
};
use super::sparse::{self, TakeBreak};
use crate::game::{Impartial, Position};
use crate::message::{Msg, PartName};
use crate::nimber::Nimber;

/// The mex of small values, with a scratch array reused across a table's entries.
struct Mex {
    seen: Vec<u32>,
    stamp: u32,
}

impl Mex {
    fn new() -> Mex {
        Mex {
            seen: vec![0; 64],
            stamp: 0,
        }
    }

    fn start(&mut self) {
        self.stamp += 1;
    }

    fn add(&mut self, v: u32) {
        let v = v as usize;
        if v >= self.seen.len() {
            self.seen.resize(v + 1, 0);
        }
        self.seen[v] = self.stamp;
    }

    fn value(&self) -> u32 {
        self.seen
            .iter()
            .position(|&s| s != self.stamp)
            .unwrap_or(self.seen.len()) as u32
    }
}

/// Values of the subtraction game with `set` for heaps 0..=n: g(x) = mex{g(x − s) : s ≤ x}.
pub fn subtraction_table(set: &[u64], n: u64) -> Vec<u32> {
    let mut g = Vec::with_capacity(n as usize + 1);
    let mut mex = Mex::new();
    for x in 0..=n {
        mex.start();
        for &s in set.iter().take_while(|&&s| s <= x) {
            mex.add(g[(x - s) as usize]);
        }
        g.push(mex.value());
    }
    g
}

/// Kayles values for rows of 0..=n pins: a move knocks out 1 or 2 adjacent pins, leaving rows
/// of a and x − a − count pins.
pub fn kayles_table(n: u64) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(n as usize + 1);
    let mut mex = Mex::new();
    for x in 0..=n {
        mex.start();
        for count in 1..=2u64.min(x) {
            // By symmetry a row and its mirror give the same value: half the splits suffice.
            for a in 0..=(x - count) / 2 {
                mex.add(g[a as usize] ^ g[(x - count - a) as usize]);
            }
        }
        g.push(mex.value());
    }
    g
}

/// Grundy's game as the sparse-space method takes it: split without removing, into two
/// unequal heaps.
pub fn grundy_moves() -> TakeBreak {
    TakeBreak {
        none: Vec::new(),
        one: Vec::new(),
        two: vec![0],
        unequal: true,
    }
}

/// Grundy's game values for heaps 0..=n, by the sparse-space method (its rare values are few).
pub fn grundy_table(n: u64) -> Vec<u32> {
    grundy_table_reporting(n, &mut |_| {})
}

/// [`grundy_table`], calling `report` with the values done now and then.
pub fn grundy_table_reporting(n: u64, report: &mut dyn FnMut(u64)) -> Vec<u32> {
    let mut values = vec![0];
    sparse::extend(&grundy_moves(), &mut values, n, report);
    values
}

/// The largest heap of Grundy's game: its sparse-space table to here takes about 250 ms (0.24 s
/// of CPU measured, release build, this project's 2-core machine), no period being known.
pub const MAX_GRUNDY_HEAP: u64 = 40_000;

/// Grundy's game values for heaps 0..=n by mex over every split (the check of the fast table).
pub fn grundy_table_by_mex(n: u64) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(n as usize + 1);
    let mut mex = Mex::new();
    for x in 0..=n {
        mex.start();
        for a in 1..x.div_ceil(2) {
            mex.add(g[a as usize] ^ g[(x - a) as usize]);
        }
        g.push(mex.value());
    }
    g
}

/// Staircase-split values for heaps 0..=n: split into j ≥ 2 heaps of consecutive sizes. A
/// prefix XOR of the values gives each option's value in O(1).
///
/// The heaps that split into j parts are x = j(j+1)/2, then every j-th heap after it (each
/// part one larger). So instead of asking every (x, j) whether j parts fit (a division each,
/// ~4.5·10^7 of them to 10^5), each j waits in the bucket of the next heap it splits, and only
/// the ~6.5·10^5 splits that exist are visited.
pub fn staircase_table(n: u64) -> Vec<u32> {
    let n = n as usize;
    let mut g: Vec<u32> = Vec::with_capacity(n + 1);
    // prefix[i] = g(0) ^ … ^ g(i − 1)
    let mut prefix: Vec<u32> = Vec::with_capacity(n + 2);
    prefix.push(0);
    // bucket[x]: the first count j waiting for heap x, linked through next_count[j]; low[j]:
    // the smallest part of j's split of that heap.
    const NONE: u32 = u32::MAX;
    let mut bucket = vec![NONE; n + 1];
    let mut next_count: Vec<u32> = Vec::new();
    let mut low: Vec<usize> = Vec::new();
    let mut count = 2usize;
    let mut mex = Mex::new();
    for x in 0..=n {
        // Counts whose first split is this heap join here.
        while count * (count + 1) / 2 == x {
            next_count.resize(count + 1, NONE);
            low.resize(count + 1, 0);
            low[count] = 1;
            next_count[count] = bucket[x];
            bucket[x] = count as u32;
            count += 1;
        }
        mex.start();
        let mut j = bucket[x];
        while j != NONE {
            let jj = j as usize;
            let lo = low[jj];
            mex.add(prefix[lo + jj] ^ prefix[lo]);
            let following = next_count[jj];
            // Its next heap is j larger, with each part one larger.
            low[jj] = lo + 1;
            if x + jj <= n {
                next_count[jj] = bucket[x + jj];
                bucket[x + jj] = j;
            }
            j = following;
        }
        let v = mex.value();
        g.push(v);
        prefix.push(prefix[x] ^ v);
    }
    g
}

/// Where Kayles is known to be periodic: g(x) = g(x − 12) for x ≥ [`KAYLES_PERIOD_FROM`] + 12
/// (Guy and Smith; OEIS A002186). `tests/engine/heaps.rs` checks it against the mex table to 10^4.
pub const KAYLES_PERIOD_FROM: u64 = 71;
const KAYLES_TABLE: u64 = 200;

/// The Kayles value of a row of `x` pins: the mex table to 200, then its period of 12.
pub fn kayles_value(x: u64) -> u32 {
    static TABLE: OnceLock<Vec<u32>> = OnceLock::new();
    let table = TABLE.get_or_init(|| kayles_table(KAYLES_TABLE));
    let x = if x <= KAYLES_TABLE {
        x
    } else {
        KAYLES_PERIOD_FROM + (x - KAYLES_PERIOD_FROM) % 12
    };
    table[x as usize]
}

/// How many knocks of a Kayles row of `x` pins leave rows worth `target` together, counted
/// without going through them: a knock of c pins leaves rows a and b = x − c − a, and where
/// both are past [`KAYLES_PERIOD_FROM`] their values depend on a and b modulo 12 only, so
/// the middle of the row is counted a residue at a time; the ends are looked at one by one.
pub fn kayles_knocks_to(x: u64, target: u32) -> u64 {
    let from = KAYLES_PERIOD_FROM;
    let mut count = 0;
    for c in 1..=2u64.min(x) {
        let n = x - c;
        let at = |a: u64| u64::from(kayles_value(a) ^ kayles_value(n - a) == target);
        // The ends: a row of fewer than `from` pins on one side.
        count += (0..=n.min(from - 1)).map(at).sum::<u64>();
        count += (n.saturating_sub(from - 1).max(from)..=n)
            .map(at)
            .sum::<u64>();
        // The middle: a, b ≥ from, a = from + a', b = from + (last − a').
        if let Some(last) = n.checked_sub(2 * from) {
            for r in 0..12 {
                if r > last {
                    break;
                }
                let rows = (last - r) / 12 + 1;
                let other = (last - r) % 12;
                if kayles_value(from + r) ^ kayles_value(from + other) == target {
                    count += rows;
                }
            }
        }
    }
    count
}

/// The first `limit` knocks (count, left) of a Kayles row of `x` pins that leave rows worth
/// `target` together, in move-list order (1 pin before 2, left to right), found as
/// [`kayles_knocks_to`] counts them: the ends one by one, the middle only in the residues
/// modulo 12 that give `target` (a row of 10^6 pins whose knocks to a value lie at its far
/// end is not walked through).
pub fn kayles_knocks_list(x: u64, target: u32, limit: usize) -> Vec<(u64, u64)> {
    let from = KAYLES_PERIOD_FROM;
    let mut out = Vec::new();
    for c in 1..=2u64.min(x) {
        let n = x - c;
        let push = |a: u64, out: &mut Vec<(u64, u64)>| {
            if out.len() < limit && kayles_value(a) ^ kayles_value(n - a) == target {
                out.push((c, a));
            }
        };
        for a in 0..=n.min(from - 1) {
            push(a, &mut out);
        }
        if let Some(last) = n.checked_sub(2 * from) {
            // a = from + 12·block + r for the residues r that give the target.
            let residues: Vec<u64> = (0..12u64.min(last + 1))
                .filter(|&r| {
                    kayles_value(from + r) ^ kayles_value(from + (last - r) % 12) == target
                })
                .collect();
            if !residues.is_empty() {
                'middle: for block in 0..=last / 12 {
                    for &r in &residues {
                        if out.len() >= limit {
                            break 'middle;
                        }
                        let offset = 12 * block + r;
                        if offset <= last {
                            out.push((c, from + offset));
                        }
                    }
                }
            }
        }
        for a in n.saturating_sub(from - 1).max(from)..=n {
            push(a, &mut out);
        }
        if out.len() >= limit {
            break;
        }
    }
    out
}

/// The coprime-take values of the odd numbers to n: for odd x ≥ 3, the index among the primes
/// (2 → 1, 3 → 2, 5 → 3, …) of x's least prime factor. Even numbers need no entry (their value
/// is 0), which halves the table: 4 bytes for every other number (20 MB at 10^7, the largest
/// heap of Codeforces 2004E), not 8 for each.
pub struct PrimeTable {
    /// `odd[i]` for x = 2i + 1 (`odd[0]`, for 1, is unused).
    odd: Vec<u32>,
    /// The primes in order, read off `odd` when first needed (by the coprime takes to a value).
    primes: OnceLock<Vec<u32>>,
}

impl PrimeTable {
    /// A sieve of Eratosthenes over the odd numbers to `n`: the primes in increasing order
    /// each mark the multiples that no smaller prime marked, so a composite keeps its least
    /// prime factor's index.
    pub fn new(n: u64) -> PrimeTable {
        let n = n as usize;
        let mut odd = vec![0u32; n.div_ceil(2).max(1)];
        // 2 is the first prime.
        let mut primes = 1;
        for i in 1..odd.len() {
            if odd[i] != 0 {
                continue;
            }
            primes += 1;
            odd[i] = primes;
            let p = 2 * i + 1;
            // Marking starts at p², the least multiple that no smaller prime divides; odd
            // multiples only (step 2p).
            let mut m = p * p;
            while m <= n {
                let slot = &mut odd[m / 2];
                if *slot == 0 {
                    *slot = primes;
                }
                m += 2 * p;
            }
        }
        PrimeTable {
            odd,
            primes: OnceLock::new(),
        }
    }

    /// The primes to the table's end in order (the prime of index i is `primes()[i − 1]`),
    /// read off the table once, when first asked: the first odd number whose least factor is
    /// a new prime is that prime.
    fn primes(&self) -> &[u32] {
        self.primes.get_or_init(|| {
            let mut primes = vec![2u32];
            for (i, &value) in self.odd.iter().enumerate().skip(1) {
                if value as usize == primes.len() + 1 {
                    primes.push(2 * i as u32 + 1);
                }
            }
            primes
        })
    }

    /// The sizes y < x, largest first, a coprime take from x reaches (gcd(x, x − y) =
    /// gcd(x, y) = 1) with value `target`, without going through the takes: value 0 is an
    /// even size (or 0 from a heap of 1), value 1 is the size 1, and value v ≥ 2 an odd
    /// multiple of the v-th prime p whose least factor is p (none when p divides x).
    pub fn coprime_sizes_to(&self, x: u64, target: u64) -> Box<dyn Iterator<Item = u64> + '_> {
        let coprime = move |y: &u64| gcd(x, *y) == 1;
        match target {
            _ if x == 0 => Box::new(std::iter::empty()),
            0 => {
                let top_even = (x - 1) & !1;
                let evens = (1..=top_even / 2).rev().map(|m| 2 * m);
                Box::new(evens.chain((x == 1).then_some(0)).filter(coprime))
            }
            1 => Box::new((x > 1).then_some(1).into_iter()),
            _ => {
                let Some(&p) = self.primes().get(target as usize - 1) else {
                    return Box::new(std::iter::empty());
                };
                let p = u64::from(p);
                if x.is_multiple_of(p) || x <= p {
                    return Box::new(std::iter::empty());
                }
                // The odd multipliers m with p·m < x, largest first.
                let top = (x - 1) / p;
                let top = if top.is_multiple_of(2) { top - 1 } else { top };
                Box::new(
                    (0..=top / 2)
                        .rev()
                        .map(move |k| p * (2 * k + 1))
                        .filter(move |&y| u64::from(self.coprime_value(y)) == target)
                        .filter(coprime),
                )
            }
        }
    }

    /// The coprime-take value of a heap of `x ≤ n`: 0 → 0, 1 → 1, even → 0, odd → the index
    /// among the primes of its least prime factor.
    pub fn coprime_value(&self, x: u64) -> u32 {
        match x {
            0 => 0,
            1 => 1,
            _ if x.is_multiple_of(2) => 0,
            _ => self.odd[(x / 2) as usize],
        }
    }
}

fn primes() -> &'static PrimeTable {
    static TABLE: OnceLock<PrimeTable> = OnceLock::new();
    TABLE.get_or_init(|| PrimeTable::new(MAX_SIEVE_HEAP))
}

/// Lieges of Legendre (k heaps of y from 2y): with k even, a split of 2y is worth 0 (an even
/// number of equal heaps cancels), so g = 0, 1, 2 for 0, 1, 2 and then 1 on even x, 0 on odd;
/// with k odd a split is worth g(y): g = 0, 1, 0, 1, 2 for x ≤ 4, then 0 on odd x and on even
/// x the mex of g(x − 1) = 0 and g(x/2), i.e. 2 if g(x/2) = 1 else 1.
pub fn lieges_value(k: u64, x: u64) -> u32 {
    if k.is_multiple_of(2) {
        return match x {
            0..=2 => x as u32,
            _ => u32::from(x.is_multiple_of(2)),
        };
    }
    // Odd k: 0, 1, 0, 1, 2 for x = 0..=4; an odd x ≥ 5 is 0; an even x ≥ 6 is the mex of
    // g(x − 1) = 0 and g(x / 2), so 2 when g(x / 2) = 1 and 1 otherwise. Halving down to a base
    // (odd, or ≤ 4) and stepping back up, each step turns 1 into 2 and anything else into 1, so
    // after the first step the values alternate: the count of halvings says which (a loop of
    // shifts, no recursion).
    let base = |x: u64| -> u32 {
        match x {
            0 | 2 => 0,
            1 | 3 => 1,
            4 => 2,
            _ => 0, // odd ≥ 5
        }
    };
    if x <= 4 || x % 2 == 1 {
        return base(x);
    }
    // Halve while the heap is even and at least 6 (at least once here): down to its odd part
    // (≥ 3), or for a power of two (≥ 8) down to 4. Counted from the trailing zeros, not by a
    // loop whose length the branch predictor cannot guess.
    let zeros = x.trailing_zeros();
    let (y, halvings) = match x >> zeros {
        1 => (4, zeros - 2),
        odd => (odd, zeros),
    };
    let first = if base(y) == 1 { 2 } else { 1 };
    if halvings % 2 == 1 { first } else { 3 - first }
}

/// An octal game's values as the game reads them: a table, and past it the proved period.
#[derive(Debug)]
pub struct OctalTable {
    pub values: Arc<Vec<u32>>,
    /// The period, where the periodicity theorem proved it in the table.
    pub period: Option<Period>,
    /// Whether moves may leave three heaps (their moves are walked, never counted by period).
    pub three_heaps: bool,
    /// The longest the table may grow without a proved period ([`octal_table_size`]).
    pub most: u64,
}

impl OctalTable {
    /// The largest heap a position may have: any (to 10^18) once a period is proved (a
    /// three-heap game's only with a saltus: its moves then go by the period's inverse), else
    /// the most the table may grow to ([`octal_table_covering`] grows it on demand).
    pub fn max_heap(&self) -> u64 {
        match self.period {
            Some(p) if !self.three_heaps || p.saltus > 0 => MAX_PERIODIC_HEAP,
            _ => self.most,
        }
    }

    /// Whether the table gives the value of a heap of `x` as it is.
    pub fn covers(&self, x: u64) -> bool {
        x < self.values.len() as u64 || self.max_heap() == MAX_PERIODIC_HEAP
    }

    /// The value of a heap of `x`, which the table must cover ([`OctalTable::covers`]).
    pub fn value(&self, x: u64) -> u64 {
        match (&self.period, x < self.values.len() as u64) {
            (_, true) => u64::from(self.values[x as usize]),
            (Some(period), false) => period.value(&self.values, x),
            (None, false) => panic!("heap {x} is past the octal table"),
        }
    }

    /// The heaps below `below` worth `value`, read off the period without walking the heaps
    /// (an arithmetic period adds S each period, so each residue holds `value` at most once
    /// past N0).
    pub fn heaps_worth(&self, value: u64, below: u64) -> Vec<u64> {
        let mut found: Vec<u64> = (0..(self.values.len() as u64).min(below))
            .filter(|&y| u64::from(self.values[y as usize]) == value)
            .collect();
        let Some(p) = self.period.filter(|p| p.saltus > 0) else {
            return found;
        };
        for r in 0..p.period {
            let start = p.preperiod + r;
            let c = u64::from(self.values[start as usize]);
            let Some(steps) = value.checked_sub(c).filter(|d| d % p.saltus == 0) else {
                continue;
            };
            let y = start.saturating_add((steps / p.saltus).saturating_mul(p.period));
            if y >= self.values.len() as u64 && y < below {
                found.push(y);
            }
        }
        found.sort_unstable();
        found
    }
}

/// How far an octal game's table goes when no period is proved before: the sparse-space method
/// for finite codes with moves to at most two heaps, the plain mex (its work grows as n², n³
/// or n⁴) for the others. Each takes at most about 250 ms on this project's machine.
pub fn octal_table_size(code: &OctalCode) -> u64 {
    let size = match (
        code.take_break().is_some(),
        code.repeats(),
        code.most_pieces(),
    ) {
        (true, _, _) => 1 << 16,
        (false, false, _) => 1 << 9,
        (false, true, 0..=1) => 1 << 12,
        (false, true, 2) => 1 << 9,
        _ => 1 << 7,
    };
    // A long code with three-heap digits (64 of them) costs far more a heap than a short one.
    code.mex_reach(GAME_TABLE_STEPS, size).max(1)
}

/// The most steps ([`OctalCode::mex_reach`]) a game's octal table by mex may take: about
/// 0.1 s.
const GAME_TABLE_STEPS: u128 = 60_000_000;

/// The table of an octal game as far as it is built (at least 1024 heaps, or to its cap).
pub fn octal_table(code: &OctalCode) -> Arc<OctalTable> {
    octal_table_covering(code, 0)
}

/// The table of an octal game, kept once per code, grown (doubling) until it covers a heap of
/// `x`, proves a period, or reaches [`octal_table_size`]: positions with small heaps of a code
/// without a period cost a short table.
pub fn octal_table_covering(code: &OctalCode, x: u64) -> Arc<OctalTable> {
    type Tables = Mutex<HashMap<OctalCode, Arc<OctalTable>>>;
    static TABLES: OnceLock<Tables> = OnceLock::new();
    let tables = TABLES.get_or_init(Default::default);
    let most = octal_table_size(code);
    let old = tables
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(code)
        .cloned();
    let size = match &old {
        Some(table) if table.covers(x) || table.values.len() as u64 > most => return table.clone(),
        Some(table) => (table.values.len() as u64 * 2).max(x + 1).min(most),
        None => x.max(1023).min(most),
    };
    // Built outside the lock: another code's table need not wait for this one.
    let (mut values, period) = code.table(size, &mut |_| {});
    if let Some(period) = period {
        values.truncate((period.preperiod + period.period) as usize + 1);
        values.shrink_to_fit();
    }
    let table = Arc::new(OctalTable {
        values: Arc::new(values),
        period,
        three_heaps: code.most_pieces() > 2,
        most,
    });
    let mut tables = tables.lock().unwrap_or_else(|e| e.into_inner());
    let kept = tables.entry(code.clone()).or_insert_with(|| table.clone());
    // Another thread may have grown it meanwhile: the longer (or proved) one stays.
    if kept.period.is_none() && (table.period.is_some() || table.values.len() > kept.values.len()) {
        *kept = table;
    }
    kept.clone()
}

/// The moves of an octal heap of `x` that leave heaps worth `target` together: the first
/// `limit` of them in move-list order, and how many there are. With a proved period, a
/// two-heap split whose heaps are both past the preperiod is worth what its residues modulo
/// the period say, so the middle of a heap of 10^18 is counted a residue at a time and listed
/// only in the residues that give `target`; the ends are looked at one by one. Without one,
/// the heap is within the table and every move is looked at. A split is one move per position
/// it leaves (its heaps smallest first), as the move list has it.
pub fn octal_moves_to(
    code: &OctalCode,
    table: &OctalTable,
    x: u64,
    target: u64,
    limit: usize,
) -> (Vec<Action>, u64) {
    moves_to(code, table, x, target, limit, false)
}

/// [`octal_moves_to`] for a row whose places are told apart (Dawson's Kayles, 0.07): a split
/// into 3 + 5 and one into 5 + 3 knock different pins, so both are listed.
pub fn octal_row_moves_to(
    code: &OctalCode,
    table: &OctalTable,
    x: u64,
    target: u64,
    limit: usize,
) -> (Vec<Action>, u64) {
    moves_to(code, table, x, target, limit, true)
}

/// The moves of [`octal_moves_to`]; `each_order`: whether a split is listed once per order of
/// its pieces (a row) rather than once per position.
fn moves_to(
    code: &OctalCode,
    table: &OctalTable,
    x: u64,
    target: u64,
    limit: usize,
    each_order: bool,
) -> (Vec<Action>, u64) {
    if table.period.is_some_and(|p| p.saltus > 0) && x >= table.values.len() as u64 {
        let (found, count, _) = saltus_moves_to(code, table, x, target, limit, each_order);
        return (found, count);
    }
    let g = |y: u64| table.value(y);
    let mut found = Vec::new();
    let mut count = 0u64;
    let hit = |action: Action, found: &mut Vec<Action>, count: &mut u64| {
        *count += 1;
        if found.len() < limit {
            found.push(action);
        }
    };
    let most = code.max_take().map_or(x, |t| t.min(x));
    for take in 0..=most {
        let rest = x - take;
        let whole = Action::Remove {
            take,
            left: 0,
            middle: 0,
        };
        if take > 0
            && (code.allows(x, take, 0) || code.allows(x, take, 1))
            && (if rest == 0 { 0 } else { g(rest) }) == target
        {
            hit(whole, &mut found, &mut count);
        }
        if code.allows(x, take, 3) {
            for (left, middle) in three_splits(rest, each_order) {
                if g(left) ^ g(middle) ^ g(rest - left - middle) == target {
                    hit(
                        Action::Remove { take, left, middle },
                        &mut found,
                        &mut count,
                    );
                }
            }
        }
        if !code.allows(x, take, 2) {
            continue;
        }
        let split = |left: u64| Action::Remove {
            take,
            left,
            middle: 0,
        };
        let period = match table.period {
            Some(p) if p.saltus == 0 && rest >= 2 * p.preperiod.max(1) + 2 * p.period => p,
            _ => {
                let most = if each_order {
                    rest.saturating_sub(1)
                } else {
                    rest / 2
                };
                for left in 1..=most {
                    if g(left) ^ g(rest - left) == target {
                        hit(split(left), &mut found, &mut count);
                    }
                }
                continue;
            }
        };
        let from = period.preperiod.max(1);
        let p = period.period;
        // The left ends: a < from.
        for left in 1..from {
            if g(left) ^ g(rest - left) == target {
                hit(split(left), &mut found, &mut count);
            }
        }
        // The middle: a = from + j, b = from + (last − j), 0 ≤ j ≤ last; a ≤ b while
        // j ≤ last / 2, past which a split is the same position as one before it.
        let last = rest - 2 * from;
        let end = if each_order { last } else { last / 2 };
        let residues: Vec<u64> = (0..p)
            .filter(|&r| r <= end && g(from + r) ^ g(from + (last - r) % p) == target)
            .collect();
        for &r in &residues {
            count += (end - r) / p + 1;
        }
        // No residue gives `target`: nothing to list (and 10^16 empty blocks to skip).
        let blocks = if residues.is_empty() { 0 } else { end / p + 1 };
        'middle: for block in 0..blocks {
            for &r in &residues {
                if found.len() >= limit {
                    break 'middle;
                }
                let j = block * p + r;
                if j <= end {
                    found.push(split(from + j));
                }
            }
        }
        // The right ends: b < from (the left ends' mirror images).
        if each_order {
            for left in rest - from + 1..rest {
                if g(left) ^ g(rest - left) == target {
                    hit(split(left), &mut found, &mut count);
                }
            }
        }
    }
    (found, count)
}

/// Splits of a big heap looked at, at most, by [`saltus_moves_to`].
const SALTUS_SPLIT_WORK: u64 = 1 << 16;

/// The moves of a heap of `x` of an arithmetic-periodic octal game worth `target`: the
/// one-heap moves (and the take of all) by the period's inverse, every one of them; the splits
/// walked from the smallest takes and heaps for at most `SALTUS_SPLIT_WORK` splits. Returns
/// the first `limit` in move-list order, how many were found, and whether that is all of them.
pub fn saltus_moves_to(
    code: &OctalCode,
    table: &OctalTable,
    x: u64,
    target: u64,
    limit: usize,
    each_order: bool,
) -> (Vec<Action>, u64, bool) {
    let remove = |take, left, middle| Action::Remove { take, left, middle };
    // (take, kind, action): the move list's order is by take, then no heap or one, then the
    // two-heap splits, then the three-heap ones.
    let mut found: Vec<(u64, u8, Action)> = Vec::new();
    for y in table.heaps_worth(target, x) {
        let take = x - y;
        if code.allows(x, take, u32::from(y > 0)) {
            found.push((take, 0, remove(take, 0, 0)));
        }
    }
    let mut work = 0u64;
    let mut complete = true;
    let most = code.max_take().map_or(x, |t| t.min(x));
    'takes: for take in 0..=most {
        let rest = x - take;
        if code.allows(x, take, 2) {
            for left in 1..=rest / 2 {
                work += 1;
                if work > SALTUS_SPLIT_WORK {
                    complete = false;
                    break 'takes;
                }
                if table.value(left) ^ table.value(rest - left) == target {
                    found.push((take, 1, remove(take, left, 0)));
                    if each_order && left != rest - left {
                        found.push((take, 1, remove(take, rest - left, 0)));
                    }
                }
            }
        }
        if code.allows(x, take, 3) {
            for (left, middle) in three_splits(rest, each_order) {
                work += 1;
                if work > SALTUS_SPLIT_WORK {
                    complete = false;
                    break 'takes;
                }
                let right = rest - left - middle;
                if table.value(left) ^ table.value(middle) ^ table.value(right) == target {
                    found.push((take, 2, remove(take, left, middle)));
                }
            }
        }
        // Past the code's digits every take is the last digit's: with no split in it, the
        // rest leave one heap or none (counted above).
        if take >= code.digit_count()
            && code.digit(take + 1) & (super::octal::LEAVE_TWO | super::octal::LEAVE_THREE) == 0
        {
            break;
        }
    }
    found.sort_unstable_by_key(|&(take, kind, action)| match action {
        Action::Remove { left, middle, .. } => (take, kind, left, middle),
        _ => (take, kind, 0, 0),
    });
    let count = found.len() as u64;
    let moves = found.into_iter().take(limit).map(|(_, _, a)| a).collect();
    (moves, count, complete)
}

/// Whether [`octal_moves_to`] counts every move of a heap of `x` (an arithmetic-periodic
/// game's big heap counts its splits only as far as it walks them).
pub fn octal_counts_all(code: &OctalCode, table: &OctalTable, x: u64) -> bool {
    !(table.period.is_some_and(|p| p.saltus > 0) && x >= table.values.len() as u64)
        || saltus_moves_to(code, table, x, 0, 0, false).2
}

/// The three-heap splits of `rest` tokens as (left, middle), the right heap the rest: every
/// order of the pieces, or (`each_order` false) each position once, left ≤ middle ≤ right.
fn three_splits(rest: u64, each_order: bool) -> Box<dyn Iterator<Item = (u64, u64)>> {
    if each_order {
        Box::new(
            (1..rest.saturating_sub(1))
                .flat_map(move |left| (1..rest - left).map(move |middle| (left, middle))),
        )
    } else {
        Box::new(
            (1..=rest / 3)
                .flat_map(move |left| (left..=(rest - left) / 2).map(move |middle| (left, middle))),
        )
    }
}

/// The value of a heap of n in the 1-2-k game (take 1, 2 or k; Codeforces 1194D): n mod 3 when
/// 3 does not divide k; when it does, the period is k + 1, with the heap of k worth 3 and the
/// others r mod 3 (r = n mod (k + 1)). Checked against the mex table in
/// tests/engine/contest_problems.rs.
pub fn one_two_k_value(k: u64, n: u64) -> u64 {
    if !k.is_multiple_of(3) {
        return n % 3;
    }
    match n % (k + 1) {
        r if r == k => 3,
        r => r % 3,
    }
}

/// The value of one heap: a function of the heap's size, with any table it needs fetched once.
pub struct HeapValues {
    rule: Rule,
    table: Option<Arc<Vec<u32>>>,
    octal: Option<Arc<OctalTable>>,
}

impl HeapValues {
    pub fn new(rule: &Rule) -> HeapValues {
        let table = match rule {
            Rule::Subtraction { set } if one_two_k(set).is_some() => None,
            Rule::Subtraction { set } => Some(subtraction_values(set)),
            Rule::Fibonacci => Some(static_table(&FIBONACCI, || {
                subtraction_table(&fibonacci_up_to(MAX_TABLE_HEAP), MAX_TABLE_HEAP)
            })),
            Rule::Grundy => Some(grundy_covering(SMALL_GRUNDY_TABLE)),
            Rule::Staircase => Some(static_table(&STAIRCASE, || staircase_table(MAX_TABLE_HEAP))),
            _ => None,
        };
        let octal = match rule {
            Rule::Octal { code } => Some(octal_table(code)),
            _ => None,
        };
        HeapValues {
            rule: rule.clone(),
            table,
            octal,
        }
    }

    /// The Sprague–Grundy value of a heap of `x` (misère Nim: its normal-play value x).
    pub fn value(&self, x: u64) -> u64 {
        if let Some(table) = &self.table {
            return match table.get(x as usize) {
                Some(&v) => u64::from(v),
                // Grundy's game grows its table to the heaps asked about.
                None if self.rule == Rule::Grundy => u64::from(grundy_covering(x)[x as usize]),
                None => panic!("heap {x} is past the {:?} table", self.rule),
            };
        }
        if let Some(octal) = &self.octal {
            if !octal.covers(x)
                && let Rule::Octal { code } = &self.rule
            {
                return octal_table_covering(code, x).value(x);
            }
            return octal.value(x);
        }
        match self.rule {
            Rule::Nim | Rule::Misere => x,
            Rule::Bash { m } => x % (m + 1),
            Rule::TakeRange { l, r } => (x % (l + r)) / l,
            Rule::Kayles => u64::from(kayles_value(x)),
            Rule::Lieges { k } => u64::from(lieges_value(k, x)),
            Rule::Coprime => u64::from(primes().coprime_value(x)),
            // The one subtraction set without a table: its values have a formula.
            Rule::Subtraction { ref set } => {
                one_two_k_value(one_two_k(set).expect("a table unless 1-2-k"), x)
            }
            Rule::Fibonacci | Rule::Grundy | Rule::Staircase | Rule::Octal { .. } => {
                unreachable!("table rules have a table")
            }
        }
    }

    /// The nim-sum of the heaps `pieces`.
    pub fn of_pieces(&self, pieces: &[u64]) -> u64 {
        pieces.iter().fold(0, |acc, &p| acc ^ self.value(p))
    }
}

/// The value of a heap of `x` under `rule` (fetches the rule's table: for one-off use).
pub fn heap_value(rule: &Rule, x: u64) -> u64 {
    HeapValues::new(rule).value(x)
}

static FIBONACCI: OnceLock<Arc<Vec<u32>>> = OnceLock::new();

/// The Grundy's game table every position starts with; it grows when a larger heap is asked.
const SMALL_GRUNDY_TABLE: u64 = 1023;

/// Grundy's game's table to at least heap `x`, grown on demand (at least doubling each time)
/// and shared: the whole table to [`MAX_GRUNDY_HEAP`] takes about 250 ms, which a game of
/// small heaps should not pay (`analyze grundy:100` built all of it).
fn grundy_covering(x: u64) -> Arc<Vec<u32>> {
    static GRUNDY: Mutex<Option<Arc<Vec<u32>>>> = Mutex::new(None);
    let mut table = GRUNDY.lock().unwrap_or_else(|e| e.into_inner());
    let have = table.as_ref().map_or(0, |t| t.len() as u64);
    if have <= x {
        let mut values = table.as_ref().map_or_else(|| vec![0], |t| t.to_vec());
        let n = x.max(2 * have).min(MAX_GRUNDY_HEAP).max(x);
        sparse::extend(&grundy_moves(), &mut values, n, &mut |_| {});
        *table = Some(Arc::new(values));
    }
    table.clone().expect("the table was built above")
}
static STAIRCASE: OnceLock<Arc<Vec<u32>>> = OnceLock::new();

fn static_table(cell: &OnceLock<Arc<Vec<u32>>>, make: fn() -> Vec<u32>) -> Arc<Vec<u32>> {
    cell.get_or_init(|| Arc::new(make())).clone()
}

/// The subtraction table of `set` to [`MAX_TABLE_HEAP`], built once per set.
fn subtraction_values(set: &Arc<[u64]>) -> Arc<Vec<u32>> {
    type Tables = Mutex<HashMap<Arc<[u64]>, Arc<Vec<u32>>>>;
    static TABLES: OnceLock<Tables> = OnceLock::new();
    let tables = TABLES.get_or_init(Default::default);
    let mut tables = tables.lock().unwrap_or_else(|e| e.into_inner());
    tables
        .entry(set.clone())
        .or_insert_with(|| Arc::new(subtraction_table(set, MAX_TABLE_HEAP)))
        .clone()
}

/// Misère Nim's win rule (Bouton): with some heap larger than 1, the player to move wins
/// exactly when the nim-sum is not 0, as in Nim; with every heap 0 or 1, exactly when the
/// number of 1-heaps is even (each move takes one, and whoever faces a lone token must take it).
pub fn misere_mover_wins(heaps: &[u64]) -> bool {
    if heaps.iter().any(|&x| x > 1) {
        heaps.iter().fold(0, |acc, &x| acc ^ x) != 0
    } else {
        heaps.iter().filter(|&&x| x == 1).count() % 2 == 0
    }
}

/// Up to this many moves, a position's winning moves are counted one by one.
const COUNT_WORK: u128 = crate::game::WALK_MOVES as u128;

impl Heaps {
    /// The value of each heap, in board order.
    pub fn values(&self) -> Vec<u64> {
        let values = HeapValues::new(self.rule());
        self.heaps().iter().map(|&x| values.value(x)).collect()
    }

    /// The moves of heap `i` after which the position's nim-sum is 0, up to `limit`: every
    /// move whose pieces are worth `target` = the heap's value XOR the nim-sum.
    fn moves_to_value(
        &self,
        values: &HeapValues,
        i: usize,
        target: u64,
        limit: usize,
    ) -> Vec<HeapMove> {
        let x = self.heaps()[i];
        let take = |t: u64| HeapMove {
            heap: i,
            action: Action::Take(t),
        };
        match *self.rule() {
            // A Nim heap of x goes to any smaller size, and its value is its size: one move.
            Rule::Nim => {
                return if target < x && limit > 0 {
                    vec![take(x - target)]
                } else {
                    Vec::new()
                };
            }
            // Bash: the value is x mod (m + 1) and a move reaches x − m..x − 1, m sizes in a
            // row, so at most one of them has each value: the largest size under x with that
            // remainder, if a take of at most m reaches it.
            Rule::Bash { m } => {
                if target > m || x == 0 || limit == 0 {
                    return Vec::new();
                }
                let below = x - 1;
                let y = below.checked_sub((below % (m + 1) + (m + 1) - target) % (m + 1));
                return match y {
                    Some(y) if below - y < m => vec![take(x - y)],
                    _ => Vec::new(),
                };
            }
            // Take l..r: the value ⌊(y mod (l + r)) / l⌋ is `target` on runs of l sizes, one
            // per period of l + r; the sizes a take reaches, x − r..x − l, meet at most two.
            Rule::TakeRange { l, r } => {
                let period = l + r;
                let Some(hi) = x.checked_sub(l) else {
                    return Vec::new();
                };
                let lo = x.saturating_sub(r);
                let Some(first) = target.checked_mul(l).filter(|&a| a < period) else {
                    return Vec::new();
                };
                let last = (first + l - 1).min(period - 1);
                let mut found = Vec::new();
                // Largest size first: the takes in increasing order, as the move list has them.
                for block in (lo / period..=hi / period).rev() {
                    let (from, to) = (block * period + first, block * period + last);
                    for y in (from.max(lo)..=to.min(hi)).rev() {
                        if found.len() >= limit {
                            return found;
                        }
                        found.push(take(x - y));
                    }
                }
                return found;
            }
            _ => {}
        }
        if *self.rule() == Rule::Kayles {
            let Ok(target) = u32::try_from(target) else {
                return Vec::new();
            };
            return kayles_knocks_list(x, target, limit)
                .into_iter()
                .map(|(count, left)| HeapMove {
                    heap: i,
                    action: Action::Knock { count, left },
                })
                .collect();
        }
        if let Rule::Octal { code } = self.rule() {
            let table = octal_table(code);
            return octal_moves_to(code, &table, x, target, limit)
                .0
                .into_iter()
                .map(|action| HeapMove { heap: i, action })
                .collect();
        }
        if *self.rule() == Rule::Coprime {
            return primes()
                .coprime_sizes_to(x, target)
                .take(limit)
                .map(|y| take(x - y))
                .collect();
        }
        let mut found = Vec::new();
        // The moves are walked one at a time (a Kayles row of 10^6 has 2·10^6, a coprime heap
        // 10^6 takes), valued without listing the pieces, and the walk stops at `limit`.
        for action in self.heap_actions(i) {
            if found.len() >= limit {
                break;
            }
            let after = match action {
                Action::Take(t) => values.value(x - t),
                Action::Knock { count, left } => {
                    values.value(left) ^ values.value(x - left - count)
                }
                Action::Split { left } => values.value(left) ^ values.value(x - left),
                action => values.of_pieces(&pieces(self.rule(), x, action)),
            };
            if after == target {
                found.push(HeapMove { heap: i, action });
            }
        }
        found
    }

    /// Up to `limit` moves to nim-sum `target`, and whether they are all of them (`false`: a
    /// big heap whose value lacks the change's top bit was not walked).
    fn moves_to_nim_sum_checked(&self, target: Nimber, limit: usize) -> (Vec<HeapMove>, bool) {
        let values = HeapValues::new(self.rule());
        let heap_values = self.values();
        let Some(target) = target.to_u64() else {
            return (Vec::new(), true);
        };
        // The change needed: the nim-sum now XOR the target (0: no move gets there).
        let nim_sum = heap_values.iter().fold(0, |acc, &v| acc ^ v) ^ target;
        if nim_sum == 0 {
            return (Vec::new(), true);
        }
        // A heap whose value has the nim-sum's top bit has a move to value ^ nim-sum (smaller,
        // so the mex guarantees it): those first. Other heaps may have one too where a move
        // can raise a value (Kayles, Grundy's game); they are walked only while small, or
        // where the rule goes straight to the sizes wanted.
        // An octal heap is within its table, or its period counts its moves.
        let direct =
            self.rule().reaches_values_directly() || matches!(self.rule(), Rule::Octal { .. });
        let top = 63 - nim_sum.leading_zeros();
        let (sure, maybe): (Vec<usize>, Vec<usize>) =
            (0..heap_values.len()).partition(|&i| heap_values[i] >> top & 1 == 1);
        let (maybe, skipped): (Vec<usize>, Vec<usize>) = maybe
            .into_iter()
            .partition(|&i| direct || self.heaps()[i] <= MAX_TABLE_HEAP);
        let mut found = Vec::new();
        for i in sure.into_iter().chain(maybe) {
            if found.len() >= limit {
                return (found, false);
            }
            let target = heap_values[i] ^ nim_sum;
            found.extend(self.moves_to_value(&values, i, target, limit - found.len()));
        }
        let complete = skipped.is_empty() && found.len() < limit;
        (found, complete)
    }

    /// Misère Nim's winning moves: the position after must be lost by the rule, and only a
    /// heap's Nim move (to x XOR nim-sum), or taking it to 0 or 1, can do that.
    fn misere_winning_moves(&self, limit: usize) -> Vec<HeapMove> {
        let nim_sum = self.heaps().iter().fold(0, |acc, &x| acc ^ x);
        let mut found = Vec::new();
        for (i, &x) in self.heaps().iter().enumerate() {
            let mut targets = vec![x ^ nim_sum, 0, 1];
            targets.sort_unstable();
            targets.dedup();
            for y in targets {
                if y >= x || found.len() >= limit {
                    continue;
                }
                let mv = HeapMove {
                    heap: i,
                    action: Action::Take(x - y),
                };
                if self.check_move(&mv).is_ok() && self.move_wins(&mv) {
                    found.push(mv);
                }
            }
        }
        found
    }
}

impl Impartial for Heaps {
    type Part = usize;

    fn parts(&self) -> Vec<(usize, Nimber)> {
        self.values()
            .into_iter()
            .enumerate()
            .map(|(i, v)| (i, Nimber::new(v)))
            .collect()
    }

    fn nim_sum_after(&self, mv: &HeapMove) -> Nimber {
        self.nim_sum() + self.nim_sum_change(mv)
    }

    fn nim_sum_change(&self, mv: &HeapMove) -> Nimber {
        let values = HeapValues::new(self.rule());
        let x = self.heaps()[mv.heap];
        let after = values.of_pieces(&pieces(self.rule(), x, mv.action));
        Nimber::new(values.value(x) ^ after)
    }

    fn mover_wins(&self) -> bool {
        match self.rule() {
            Rule::Misere => misere_mover_wins(self.heaps()),
            _ => !self.nim_sum().is_zero(),
        }
    }

    fn move_wins(&self, mv: &HeapMove) -> bool {
        match self.rule() {
            Rule::Misere => !misere_mover_wins(self.play_unchecked(mv).heaps()),
            _ => self.nim_sum_after(mv).is_zero(),
        }
    }

    fn win_rule(&self) -> Option<Msg> {
        if *self.rule() != Rule::Misere {
            return None;
        }
        let heaps = self.heaps();
        Some(if heaps.iter().any(|&x| x > 1) {
            Msg::MisereAsNim {
                nim_sum: heaps.iter().fold(0, |acc, &x| acc ^ x),
            }
        } else {
            Msg::MisereOnes {
                ones: heaps.iter().filter(|&&x| x == 1).count(),
            }
        })
    }

    fn describe_part(&self, part: usize) -> Msg {
        let size = self.heaps().get(part).copied().unwrap_or(0);
        let number = part + 1;
        match self.rule() {
            Rule::Kayles => Msg::Part(PartName::PinRow { number, pins: size }),
            _ => Msg::Part(PartName::Heap { number, size }),
        }
    }

    fn part_of(&self, mv: &HeapMove) -> usize {
        mv.heap
    }

    fn moves_of(&self, part: usize, limit: usize) -> (Vec<HeapMove>, bool) {
        self.heap_moves(part, limit)
    }

    /// [`crate::game::spread`] over the heap's actions in order. A rule whose takes are a
    /// range (Nim, misère Nim, Bash, take l..r: heaps to 10^18) is counted by arithmetic;
    /// the others are walked twice without gathering their actions, at most
    /// [`crate::game::WALK_MOVES`] of them (past that, the spread covers the first ones).
    fn listed_moves(&self, part: usize, room: usize) -> (Vec<HeapMove>, bool) {
        if let Some((low, high)) = self.take_range(part) {
            let total = (high + 1).saturating_sub(low);
            let moves = crate::game::spread(total, room)
                .into_iter()
                .map(|i| HeapMove {
                    heap: part,
                    action: Action::Take(low + i),
                })
                .collect();
            return (moves, total > room as u64);
        }
        let walk = crate::game::WALK_MOVES;
        let total = self.heap_actions(part).take(walk + 1).count();
        let more = total > walk;
        let mut wanted = crate::game::spread(total.min(walk) as u64, room)
            .into_iter()
            .peekable();
        let mut out = Vec::new();
        for (k, action) in self.heap_actions(part).take(walk).enumerate() {
            if wanted.peek() == Some(&(k as u64)) {
                wanted.next();
                out.push(HeapMove { heap: part, action });
            }
        }
        (out, more || total > room)
    }

    /// Move `number` in the heap's order: take `number` where the takes are a range from 1,
    /// by arithmetic; else walked (to [`crate::game::WALK_MOVES`]).
    fn move_numbered(&self, part: usize, number: u64) -> Option<HeapMove> {
        let index = number.checked_sub(1)?;
        let action = match self.take_range(part) {
            Some((low, high)) => Action::Take(low.checked_add(index).filter(|&t| t <= high)?),
            None => {
                let index = usize::try_from(index)
                    .ok()
                    .filter(|&i| i < crate::game::WALK_MOVES)?;
                self.heap_actions(part).nth(index)?
            }
        };
        Some(HeapMove { heap: part, action })
    }

    fn winning_moves(&self, limit: usize) -> Vec<HeapMove> {
        if *self.rule() == Rule::Misere {
            return self.misere_winning_moves(limit);
        }
        self.moves_to_nim_sum(Nimber::default(), limit)
    }

    /// Straight to the heap values wanted: a heap of value v must go to v ^ (nim-sum ^ target).
    /// (Normal-play values, misère Nim's heaps included: a sum refuses misère components.)
    fn moves_to_nim_sum(&self, target: Nimber, limit: usize) -> Vec<HeapMove> {
        self.moves_to_nim_sum_checked(target, limit).0
    }

    /// Misère Nim by its own rule; otherwise the moves to nim-sum 0
    /// ([`Heaps::count_moves_to_nim_sum`]).
    fn count_winning_moves(&self) -> (usize, bool) {
        if *self.rule() == Rule::Misere {
            return (self.misere_winning_moves(usize::MAX).len(), true);
        }
        self.count_moves_to_nim_sum(Nimber::default())
    }

    /// Counted without listing every move: Nim, Bash and take l..r go straight to the sizes
    /// wanted, and a position with few moves is walked; elsewhere (a Kayles row of 10^5, a
    /// coprime heap of 10^7) the count stops at 64 and says "at least".
    fn count_moves_to_nim_sum(&self, target: Nimber) -> (usize, bool) {
        if *self.rule() == Rule::Kayles {
            let values = self.values();
            let Some(change) = change_wanted(target, &values) else {
                return (0, true);
            };
            let count: u64 = self
                .heaps()
                .iter()
                .zip(&values)
                .filter_map(|(&x, &v)| Some(kayles_knocks_to(x, u32::try_from(v ^ change).ok()?)))
                .sum();
            return (count as usize, true);
        }
        if let Rule::Octal { code } = self.rule() {
            let table = octal_table(code);
            let values = self.values();
            let Some(change) = change_wanted(target, &values) else {
                return (0, true);
            };
            let count: u64 = self
                .heaps()
                .iter()
                .zip(&values)
                .map(|(&x, &v)| octal_moves_to(code, &table, x, v ^ change, 0).1)
                .fold(0u64, u64::saturating_add);
            let complete = self
                .heaps()
                .iter()
                .all(|&x| octal_counts_all(code, &table, x));
            return (usize::try_from(count).unwrap_or(usize::MAX), complete);
        }
        let direct = self.rule().reaches_values_directly();
        // Lieges: at most two moves a heap (take one, or multiply).
        let few = matches!(self.rule(), Rule::Lieges { .. })
            || self.moves_bound().is_some_and(|b| b <= COUNT_WORK);
        let limit = if direct || few { usize::MAX } else { 64 };
        let (moves, complete) = self.moves_to_nim_sum_checked(target, limit);
        (moves.len(), complete)
    }

    /// Loses as slowly as a heuristic can without search: the move that removes the fewest
    /// tokens (one token, one pin; a split removes none), so the most material stays; among
    /// those, the move that leaves the opponent the fewest winning replies.
    fn stalling_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<HeapMove> {
        let mut candidates: Vec<(u64, usize, HeapMove)> = Vec::new();
        for i in 0..self.heaps().len() {
            let x = self.heaps()[i];
            for mv in self.heap_moves(i, 32).0 {
                let left: u64 = pieces(self.rule(), x, mv.action).iter().sum();
                let removed = x.saturating_sub(left);
                candidates.push((removed, 0, mv));
            }
        }
        let least = candidates.iter().map(|c| c.0).min()?;
        candidates.retain(|c| c.0 == least);
        candidates.truncate(64);
        for c in &mut candidates {
            c.1 = self.play_unchecked(&c.2).winning_moves(64).len();
        }
        let fewest = candidates.iter().map(|c| c.1).min()?;
        let best: Vec<HeapMove> = candidates
            .into_iter()
            .filter(|c| c.1 == fewest)
            .map(|c| c.2)
            .collect();
        crate::ai::pick(best, rng)
    }
}

/// What one heap's value must change by (XOR) to bring the heaps' `values` to the nim-sum
/// `target`; `None` when nothing needs to change or the target is past a heap value's range.
fn change_wanted(target: Nimber, values: &[u64]) -> Option<u64> {
    let change = values.iter().fold(target.to_u64()?, |a, &v| a ^ v);
    (change != 0).then_some(change)
}
