//! Arithmetic periods proved: G(n + P) = G(n) + S for every n ≥ N0, from finitely many values,
//! for the hexadecimal games where every take may leave no heap or one (every digit d_i,
//! i ≥ 1, has bits 1 and 2, and the last digit repeats: Lasker's Nim `4.3…`, the split into
//! three `8.3…`, `c.3…`, `4.7…`). The published theorem of this kind is Howse and Nowakowski's
//! ("Periodicity and arithmetic-periodicity in hexadecimal games", TCS 313, 2004); the check
//! here is a residue argument of the same shape, proved below, and asks S = P = 2^k.
//!
//! Write Ĝ for the values the period predicts (the table to N0 + P, then + S a period). Where
//! the table agrees with Ĝ, G(x) = Ĝ(x) for every larger x by induction, when three finite
//! checks hold:
//! 1. **Ĝ is a bijection of ℕ.** The window's values G(N0), …, G(N0 + P − 1) fall in distinct
//!    classes mod S (P = S: one in each), and the values before N0 fill each class below the
//!    window's value exactly once. Then every value is taken once, so a heap's one-heap moves
//!    (to every smaller heap, and to no heap) give every value of a smaller heap and never Ĝ(x).
//! 2. **Every value below Ĝ(x) is an option.** Ĝ(n) − n = δ depends on (n − N0) mod P
//!    (S = P), so a heap y > x ≥ N0 with Ĝ(y) < Ĝ(x) has y − x below the spread of δ: finitely
//!    many offsets a residue. A value of a heap below x is a one-heap move away; each value of
//!    such a y must be a split's: small heaps worth g < S together beside a big one m ≥ N0 are
//!    worth Ĝ(m) with its low bits XOR g, which grows by S a period as Ĝ(y) does, so the split
//!    found for the first x of a residue past the table serves every later x. With 1, the mex
//!    is at least Ĝ(x).
//! 3. **No split reaches Ĝ(x).** Write a value L + S·H, L its low bits: L depends on the
//!    residue only (S a power of two), and the low bits of a nim-sum are the nim-sum of the
//!    low bits, while its high part is at most the sum of the high parts. So a split reaches
//!    Ĝ(x) only if its low bits are λ(x) and δ(x) − λ(x) + i ≤ Σ(δ_j − L_j) over its heaps
//!    (i the take): conditions on residues. For each residue of x and of the take, every way
//!    of leaving two or three heaps (each before N0 by its value, past it by its residue) is
//!    looked at; none may meet both. Any split of a real heap is one of them.
//!
//! Together: Ĝ(x) is the mex of x's options. The checks look at residues, not at heaps, so
//! their work does not grow with the heaps they prove.

use super::octal::{LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO, OctalCode};
use super::period::Period;

/// The largest saltus the check takes on (its split check is S⁴ steps).
pub const MAX_SALTUS: u64 = 64;

/// Whether the residue argument proves `period` (found in `values`, which it holds across)
/// for every n ≥ N0 of the game `code`.
pub fn proves(code: &OctalCode, values: &[u32], period: &Period) -> bool {
    let (n0, p, s) = (period.preperiod, period.period, period.saltus);
    if s == 0 || s != p || !s.is_power_of_two() || s > MAX_SALTUS || !code.repeats() {
        return false;
    }
    // Every take may leave no heap or one.
    let digits = code.digit_count();
    if (1..=digits).any(|i| code.digit(i) & (LEAVE_NONE | LEAVE_ONE) != LEAVE_NONE | LEAVE_ONE) {
        return false;
    }
    let window_end = (n0 + p) as usize;
    if values.len() < window_end || !holds(values, period) {
        return false;
    }
    bijective(values, n0, p) && covered(code, values, period) && splits_miss(code, values, n0, p)
}

/// The table agrees with the period wherever it reaches.
fn holds(values: &[u32], period: &Period) -> bool {
    let (n0, p) = (period.preperiod as usize, period.period as usize);
    (n0..values.len().saturating_sub(p))
        .all(|n| u64::from(values[n + p]) == u64::from(values[n]) + period.saltus)
}

/// Check 1: the window's values one to a class mod S = P, and the values before N0 filling
/// each class below it exactly once.
fn bijective(values: &[u32], n0: u64, p: u64) -> bool {
    let s = p;
    let window: Vec<u64> = (n0..n0 + p)
        .map(|n| u64::from(values[n as usize]))
        .collect();
    let mut top = vec![None; s as usize];
    for &c in &window {
        let class = &mut top[(c % s) as usize];
        if class.is_some() {
            return false;
        }
        *class = Some(c);
    }
    let mut below = vec![0u64; s as usize];
    let mut seen = std::collections::HashSet::new();
    for &v in &values[..n0 as usize] {
        let v = u64::from(v);
        let class = (v % s) as usize;
        if !seen.insert(v) || top[class].is_none_or(|c| v >= c) {
            return false;
        }
        below[class] += 1;
    }
    top.iter()
        .enumerate()
        .all(|(class, c)| c.is_some_and(|c| (c - class as u64) / s == below[class]))
}

/// Check 2: every value below Ĝ(x) is an option of x, for every x past the table. A value
/// Ĝ(y) of a heap y < x is a one-heap move away. A value of a heap y = x + d above x needs a
/// split: a small heap a with G(a) < S beside a big one m ≥ N0, whose nim-sum
/// (Ĝ(m) with its low bits XOR G(a)) grows by S a period exactly as Ĝ(x + d) does, so the
/// split found for the first x past the table of each residue serves every later one.
fn covered(code: &OctalCode, values: &[u32], period: &Period) -> bool {
    let (n0, p, s) = (period.preperiod, period.period, period.saltus);
    let len = values.len() as u64;
    let g = |y: u64| period.value(values, y);
    let delta: Vec<i64> = (0..p)
        .map(|r| i64::from(values[(n0 + r) as usize]) - (n0 + r) as i64)
        .collect();
    let spread =
        delta.iter().max().copied().unwrap_or(0) - delta.iter().min().copied().unwrap_or(0);
    let digits = code.digit_count();
    (0..p).all(|r| {
        // The first heap past the table with this residue.
        let x = len + (n0 + r + p - len % p) % p;
        (1..=spread as u64).all(|d| {
            let v = g(x + d);
            if v >= g(x) {
                return true;
            }
            // The small heaps beside the big one: one (a two-heap split) or two (three).
            let bound = len.min(48);
            (0..=digits + p).any(|take| {
                let digit = code.digit(take);
                let mut smalls: Vec<(u64, u64)> = Vec::new();
                if digit & LEAVE_TWO != 0 {
                    smalls.extend((1..bound).map(|a| (a, u64::from(values[a as usize]))));
                }
                if digit & LEAVE_THREE != 0 {
                    for a in 1..bound {
                        for b in a..bound {
                            let worth = u64::from(values[a as usize] ^ values[b as usize]);
                            smalls.push((a + b, worth));
                        }
                    }
                }
                smalls.into_iter().any(|(size, small)| {
                    small < s
                        && x.checked_sub(take + size)
                            .is_some_and(|m| m >= n0.max(1) && g(m) ^ small == v)
                })
            })
        })
    })
}

/// Check 3: no split reaches Ĝ(x). Write a value as L + S·H (L its low bits). A split's
/// heaps are worth ⊕L_j + S·(⊕H_j), so reaching Ĝ(x) = λ + S·H_x needs ⊕L_j = λ and
/// ⊕H_j = H_x ≤ ΣH_j; with Ĝ(n) = n + δ(n) and the heaps summing to x − i that reads
/// δ(x) − λ + i ≤ Σ(δ_j − L_j), a condition on residues only (a heap before N0 by its own
/// value). For each residue of x and of the take, the combinations of heaps are tabulated by
/// (size mod P, ⊕L) with the largest Σ(δ_j − L_j); none may meet both conditions.
fn splits_miss(code: &OctalCode, values: &[u32], n0: u64, p: u64) -> bool {
    let s = p;
    let cells = (p * s) as usize;
    let cell = |residue: u64, low: u64| (residue * s + low) as usize;
    // One heap of a split: (size mod P, low bits) → the largest δ − L.
    let mut one: Vec<Option<i64>> = vec![None; cells];
    let put = |table: &mut Vec<Option<i64>>, at: usize, w: i64| {
        table[at] = Some(table[at].map_or(w, |old: i64| old.max(w)));
    };
    let heap = |a: u64| {
        let v = u64::from(values[a as usize]);
        (cell(a % p, v % s), v as i64 - a as i64 - (v % s) as i64)
    };
    for a in 1..n0 + p {
        let (at, w) = heap(a);
        put(&mut one, at, w);
    }
    let combine = |left: &[Option<i64>], right: &[Option<i64>]| {
        let mut out: Vec<Option<i64>> = vec![None; cells];
        for (i, wi) in left.iter().enumerate() {
            let Some(wi) = wi else { continue };
            for (j, wj) in right.iter().enumerate() {
                let Some(wj) = wj else { continue };
                let (ri, li) = (i as u64 / s, i as u64 % s);
                let (rj, lj) = (j as u64 / s, j as u64 % s);
                let at = cell((ri + rj) % p, li ^ lj);
                out[at] = Some(out[at].map_or(wi + wj, |old| old.max(wi + wj)));
            }
        }
        out
    };
    let two = combine(&one, &one);
    let three = combine(&two, &one);
    let digits = code.digit_count();
    // The takes: each digit of the code, then the repeated digit at the smallest take of
    // each residue past the digits (a larger take only makes the condition harder).
    let mut takes: Vec<(u64, u8)> = (0..=digits).map(|i| (i, code.digit(i))).collect();
    takes.extend((digits + 1..=digits + p).map(|i| (i, code.digit(i))));
    (0..p).all(|r| {
        let x = n0 + r;
        let gx = u64::from(values[x as usize]);
        let target = gx % s;
        let need = gx as i64 - x as i64 - target as i64;
        takes.iter().all(|&(take, digit)| {
            let rest = (x % p + p - take % p) % p;
            let reaches = |table: &[Option<i64>]| {
                table[cell(rest, target)].is_some_and(|w| need + take as i64 <= w)
            };
            !(digit & LEAVE_TWO != 0 && reaches(&two)
                || digit & LEAVE_THREE != 0 && reaches(&three))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::heaps::period::find_period_splitting;

    fn found(code: &str, n: u64) -> (Period, bool) {
        let code = OctalCode::parse(code).unwrap();
        let values = code.values_by_mex(n, &mut |_| {});
        let period = find_period_splitting(&values, None, code.most_pieces()).unwrap();
        (period, proves(&code, &values, &period))
    }

    #[test]
    fn laskers_nim_and_the_split_into_three() {
        let (p, proved) = found("4.3...", 200);
        assert_eq!((p.preperiod, p.period, p.saltus, proved), (1, 4, 4, true));
        let (p, proved) = found("8.3...", 100);
        assert_eq!((p.period, p.saltus, proved), (8, 8, true));
    }

    #[test]
    fn nim_is_its_own_saltus() {
        let (p, proved) = found("0.3...", 50);
        assert_eq!((p.preperiod, p.period, p.saltus, proved), (0, 1, 1, true));
    }
}
