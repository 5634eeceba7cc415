//! The contest formats of the heap games, each named by its problem. The inputs are read as a
//! stream of whitespace-separated numbers (a case's sizes may sit on one line or several);
//! every error names the line and column of the number at fault.
//!
//! | format | problem | input → output |
//! |---|---|---|
//! | `p2197` | Luogu P2197, Nim | T; per case n, n sizes → `Yes` (first wins) / `No` |
//! | `cses1730` | CSES 1730 Nim Game I | t; per test n, n sizes → `first` / `second` |
//! | `cses1098` | CSES 1098 Nim Game II (take 1..3) | t; per test n, n sizes → `first` / `second` |
//! | `cses1729` | CSES 1729 Stick Game (subtraction set) | `n k`, k sizes of S → W/L for heaps 1..n |
//! | `abc297g` | AtCoder ABC297 G (take l..r) | `N L R`, N sizes → `First` / `Second` |
//! | `cses2207` | CSES 2207 Grundy's game | t; per test n → `first` / `second` |
//! | `cf603c` | Codeforces 603C (Lieges of Legendre) | `n k`, n sizes → `Kevin` / `Nicky` |
//! | `cf87c` | Codeforces 87C (staircase split) | x → least heap count of a winning split, or -1 |
//! | `cf2004e` | Codeforces 2004E (coprime takes) | t; per test n, n sizes → `Alice` / `Bob` |
//! | `p4279` | Luogu P4279 (misère Nim) | T; per case n, n sizes → `John` / `Brother` |
//! | `dpk` | AtCoder DP K Stones (subtraction set) | `N K`, N takes → `First` / `Second` |
//! | `cf1194d` | Codeforces 1194D (take 1, 2 or k) | T; per test `n k` → `Alice` / `Bob` |
//! | `cses2208` | CSES 2208 Another Game (one from each of several heaps) | t; per test n, n sizes → `first` / `second` |
//! | `tioj1940` | TIOJ 1940 拈 (take at most ⌊n/k⌋) | `k n` → the value of a heap of n |

use std::ops::RangeInclusive;

use super::rules::stairs_top;
pub use super::values::one_two_k_value;
use super::values::{PrimeTable, grundy_table, lieges_value, misere_mover_wins, staircase_table};
use crate::input::{InputError, Name, Numbers, Problem, Var};

/// The contest formats, by problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Luogu P2197 (Nim): T cases of n and n sizes → Yes / No.
    P2197,
    /// CSES 1730 Nim Game I: t tests of n and n sizes → first / second.
    Cses1730,
    /// CSES 1098 Nim Game II (take 1..3): t tests of n and n sizes → first / second.
    Cses1098,
    /// CSES 1729 Stick Game: `n k` and the k sizes of S → W or L for each heap 1..n.
    Cses1729,
    /// AtCoder ABC297 G (take L..R): `N L R` and N sizes → First / Second.
    Abc297g,
    /// CSES 2207 Grundy's game: t tests of one heap n → first / second.
    Cses2207,
    /// Codeforces 603C (Lieges of Legendre): `n k` and n sizes → Kevin / Nicky.
    Cf603c,
    /// Codeforces 87C (staircase split): x → the least number of heaps of a winning first
    /// split, or -1.
    Cf87c,
    /// Codeforces 2004E (coprime takes): t tests of n and n sizes → Alice / Bob.
    Cf2004e,
    /// Luogu P4279 (misère Nim): T cases of n and n sizes → John / Brother.
    P4279,
    /// AtCoder DP K Stones: `N K` and the N takes → First / Second for one heap of K.
    Dpk,
    /// Codeforces 1194D 1-2-K Game: T tests of `n k` → Alice (first wins) / Bob.
    Cf1194d,
    /// CSES 2208 Another Game: take one token from each heap of a non-empty set of heaps;
    /// t tests of n and n sizes → first / second.
    Cses2208,
    /// TIOJ 1940 拈 (2016 Taiwan national contest): take 1..⌊n/k⌋ from a heap of n; `k n` →
    /// the heap's value.
    Tioj1940,
}

const SIZE: RangeInclusive<u64> = 0..=1_000_000_000;
const COUNT: RangeInclusive<u64> = 1..=1_000_000;

/// Reads T, then per case n and n sizes, and answers each case with `answer(sizes)`.
fn cases(
    input: &[u8],
    sizes: RangeInclusive<u64>,
    mut answer: impl FnMut(&[u64]) -> &'static str,
) -> Result<String, InputError> {
    let mut numbers = Numbers::new(input);
    let cases = numbers.next(Name::Cases("T"), COUNT)?;
    let mut out = String::new();
    let mut heaps = Vec::new();
    for case in 1..=cases {
        let n = numbers.next(Name::OfCase(Var("n", None), case), COUNT)?;
        heaps.clear();
        for i in 1..=n {
            heaps.push(numbers.next(Name::SizeOfCase(i, case), sizes.clone())?);
        }
        out.push_str(answer(&heaps));
        out.push('\n');
    }
    numbers.expect_end(Name::LastCase)?;
    Ok(out)
}

fn xor(values: impl IntoIterator<Item = u64>) -> u64 {
    values.into_iter().fold(0, |a, b| a ^ b)
}

/// Answers `input` in `format`.
pub fn solve(format: Format, input: &[u8]) -> Result<String, InputError> {
    match format {
        Format::P2197 => cases(input, SIZE, |h| {
            if xor(h.iter().copied()) != 0 {
                "Yes"
            } else {
                "No"
            }
        }),
        Format::Cses1730 => cases(input, SIZE, |h| {
            if xor(h.iter().copied()) != 0 {
                "first"
            } else {
                "second"
            }
        }),
        Format::Cses1098 => cases(input, SIZE, |h| {
            if xor(h.iter().map(|x| x % 4)) != 0 {
                "first"
            } else {
                "second"
            }
        }),
        Format::P4279 => cases(input, SIZE, |h| {
            if misere_mover_wins(h) {
                "John"
            } else {
                "Brother"
            }
        }),
        Format::Cf2004e => {
            // The sieve goes only as far as the largest heap read.
            let mut numbers = Numbers::new(input);
            let t = numbers.next(Name::Tests("t"), COUNT)?;
            let mut tests = Vec::new();
            let mut largest = 1;
            for test in 1..=t {
                let n = numbers.next(Name::OfTest(Var("n", None), test), COUNT)?;
                let mut heaps = Vec::with_capacity(n as usize);
                for i in 1..=n {
                    let x = numbers.next(Name::OfTest(Var("a", Some(i)), test), 1..=10_000_000)?;
                    largest = largest.max(x);
                    heaps.push(x);
                }
                tests.push(heaps);
            }
            numbers.expect_end(Name::LastCase)?;
            let primes = PrimeTable::new(largest);
            let mut out = String::new();
            for heaps in tests {
                let first = xor(heaps.iter().map(|&x| u64::from(primes.coprime_value(x)))) != 0;
                out.push_str(if first { "Alice\n" } else { "Bob\n" });
            }
            Ok(out)
        }
        Format::Cses1729 => {
            let mut numbers = Numbers::new(input);
            let n = numbers.next("n", 1..=1_000_000)?;
            let k = numbers.next("k", 1..=100)?;
            let mut set = Vec::new();
            for i in 1..=k {
                set.push(numbers.next(format_args!("p_{i}"), 1..=1_000_000)?);
            }
            numbers.expect_end(Name::LastCase)?;
            set.sort_unstable();
            set.dedup();
            Ok(stick_game(&set, n))
        }
        Format::Abc297g => {
            let mut numbers = Numbers::new(input);
            let n = numbers.next("N", COUNT)?;
            let l = numbers.next("L", SIZE)?;
            let r = numbers.next("R", SIZE)?;
            if l == 0 || l > r {
                return Err(InputError::of(1, None, Problem::TakeRange { l, r }));
            }
            // Two divisions a heap by the same divisors: by multiplications instead (exact
            // for 32-bit numbers and divisors: heaps and L + R are below 2^31).
            let (by_period, by_l) = (Divisor::new(l + r), Divisor::new(l));
            let mut value = 0;
            for i in 1..=n {
                let x = numbers.next(format_args!("A_{i}"), SIZE)?;
                value ^= by_l.quotient(by_period.remainder(x));
            }
            numbers.expect_end(Name::LastCase)?;
            Ok(if value != 0 { "First\n" } else { "Second\n" }.to_string())
        }
        Format::Cses2207 => {
            let mut numbers = Numbers::new(input);
            let t = numbers.next(Name::Tests("t"), COUNT)?;
            let table = grundy_table(GRUNDY_LAST_ZERO);
            let mut out = String::new();
            for test in 1..=t {
                let n = numbers.next(Name::OfTest(Var("n", None), test), 1..=1_000_000)?;
                out.push_str(if grundy_first_wins(&table, n) {
                    "first\n"
                } else {
                    "second\n"
                });
            }
            numbers.expect_end(Name::LastCase)?;
            Ok(out)
        }
        Format::Cf603c => {
            let mut numbers = Numbers::new(input);
            let n = numbers.next("n", COUNT)?;
            let k = numbers.next("k", 1..=1_000_000_000)?;
            let mut value = 0;
            for i in 1..=n {
                value ^= lieges_value(k, numbers.next(format_args!("a_{i}"), 1..=1_000_000_000)?);
            }
            numbers.expect_end(Name::LastCase)?;
            Ok(if value != 0 { "Kevin\n" } else { "Nicky\n" }.to_string())
        }
        Format::Dpk => {
            let mut numbers = Numbers::new(input);
            let n = numbers.next("N", 1..=100)?;
            let k = numbers.next("K", 1..=100_000)?;
            let mut set = Vec::new();
            for i in 1..=n {
                set.push(numbers.next(format_args!("a_{i}"), 1..=k)?);
            }
            numbers.expect_end(crate::message::Said::new("said.reader.last_take"))?;
            set.sort_unstable();
            set.dedup();
            // The last letter is heap K's.
            let won = stick_game(&set, k).as_bytes()[k as usize - 1] == b'W';
            Ok(if won { "First\n" } else { "Second\n" }.to_string())
        }
        Format::Cf1194d => {
            let mut numbers = Numbers::new(input);
            let t = numbers.next(Name::Tests("T"), 1..=1_000_000)?;
            let mut out = String::new();
            for test in 1..=t {
                let n = numbers.next(Name::OfTest(Var("n", None), test), 0..=MAX_FORMULA_HEAP)?;
                let k = numbers.next(Name::OfTest(Var("k", None), test), 3..=MAX_FORMULA_HEAP)?;
                let won = one_two_k_value(k, n) != 0;
                out.push_str(if won { "Alice\n" } else { "Bob\n" });
            }
            numbers.expect_end(Name::LastTest)?;
            Ok(out)
        }
        // Only the parity of the heaps matters: read, not stored.
        Format::Cses2208 => {
            let mut numbers = Numbers::new(input);
            let t = numbers.next(Name::Tests("t"), COUNT)?;
            let mut out = String::new();
            for test in 1..=t {
                let n = numbers.next(Name::OfTest(Var("n", None), test), COUNT)?;
                let mut odd = 0;
                for i in 1..=n {
                    odd |=
                        numbers.next(Name::OfTest(Var("x", Some(i)), test), 1..=1_000_000_000)?;
                }
                out.push_str(if odd & 1 == 1 { "first\n" } else { "second\n" });
            }
            numbers.expect_end(Name::LastTest)?;
            Ok(out)
        }
        Format::Tioj1940 => {
            let mut numbers = Numbers::new(input);
            let k = numbers.next("k", 1..=MAX_HALVING_K)?;
            let n = numbers.next("n", 0..=MAX_FORMULA_HEAP)?;
            numbers.expect_end("n")?;
            Ok(format!("{}\n", at_most_kth_value(k, n)))
        }
        Format::Cf87c => {
            let mut numbers = Numbers::new(input);
            let x = numbers.next("n", 1..=100_000)?;
            numbers.expect_end(Name::LastCase)?;
            let answer = least_winning_split(&staircase_table(x), x);
            Ok(format!("{}\n", answer.map_or(-1, |j| j as i64)))
        }
    }
}

/// The largest heap the formula games take, in every command (the size policy).
pub use super::rules::MAX_FORMULA_HEAP;

/// The largest k of the "take at most ⌊n/k⌋" game: [`at_most_kth_value`] takes about
/// k · ln(n / k) steps.
pub const MAX_HALVING_K: u64 = 1000;

/// The value of a heap of n when a move takes 1..⌊n/k⌋ tokens (TIOJ 1940): n/k when k divides
/// n, else the value of n − ⌊n/k⌋ − 1, the smallest heap a move reaches minus one (the options
/// are the heaps n − ⌊n/k⌋ ..= n − 1, and their values are those of that heap's options and
/// the heap itself). A run of steps with the same ⌊n/k⌋ = q is one jump: the remainder drops
/// by q + 1 each step.
pub fn at_most_kth_value(k: u64, mut n: u64) -> u64 {
    loop {
        let (q, r) = (n / k, n % k);
        if r == 0 {
            return q;
        }
        // Steps of q + 1 within this q; the remainder left is below q + 1.
        let r = r % (q + 1);
        if r == 0 {
            return q;
        }
        n = q * k + r - q - 1;
    }
}

/// The largest single heap of Grundy's game of value 0 (Flammenkamp's tables, which go far
/// past 10^6; tests/engine/heaps.rs checks by mex that none lies between it and 10^4).
/// `cses2207` builds the mex table only this far; see [`grundy_first_wins`].
pub const GRUNDY_LAST_ZERO: u64 = 1222;

/// Whether the first player wins Grundy's game on one heap of `n`: from the mex table where it
/// reaches, else by the published fact that no heap past 1222 has value 0.
pub fn grundy_first_wins(table: &[u32], n: u64) -> bool {
    match table.get(n as usize) {
        Some(&v) => v != 0,
        None => n > GRUNDY_LAST_ZERO,
    }
}

/// Division of 32-bit numbers by a fixed 32-bit divisor d ≥ 1 with multiplications (Lemire,
/// Kaser and Kurz, "Faster remainder by direct computation", 2019): with M = ⌈2^64 / d⌉, the
/// quotient is the top 64 bits of M·x and the remainder those of (M·x mod 2^64)·d.
#[derive(Clone, Copy, Debug)]
pub struct Divisor {
    d: u64,
    m: u64,
}

impl Divisor {
    /// Division by `d`, 1 ≤ d < 2^32.
    pub fn new(d: u64) -> Divisor {
        assert!((1..1 << 32).contains(&d), "a 32-bit divisor");
        // ⌈2^64 / d⌉ = ⌊(2^64 − 1) / d⌋ + 1, which wraps to 0 for d = 1 (handled below).
        Divisor {
            d,
            m: (u64::MAX / d).wrapping_add(1),
        }
    }

    /// ⌊x / d⌋ for x < 2^32.
    #[inline]
    pub fn quotient(self, x: u64) -> u64 {
        if self.d == 1 {
            return x;
        }
        ((u128::from(self.m) * u128::from(x)) >> 64) as u64
    }

    /// x mod d for x < 2^32.
    #[inline]
    pub fn remainder(self, x: u64) -> u64 {
        if self.d == 1 {
            return 0;
        }
        let low = self.m.wrapping_mul(x);
        ((u128::from(low) * u128::from(self.d)) >> 64) as u64
    }
}

/// CSES 1729: `W` or `L` for each heap 1..=n of the subtraction game with the sorted set
/// `set`, and a line ending. Only won or lost matters, not the value, and it is pushed forward:
/// each lost heap x makes every x + s won. That costs k stores per lost heap and no test per
/// won one, where asking each heap "does some take leave a lost heap?" tests up to k takes per
/// heap with a branch each. The letters are the table itself.
pub fn stick_game(set: &[u64], n: u64) -> String {
    let n = n as usize;
    // out[x] for the heap of x: out[0] is the lost empty heap, dropped at the end.
    let mut out = vec![b'L'; n + 2];
    for x in 0..=n {
        if out[x] == b'L' {
            for &s in set {
                match out.get_mut(x + s as usize) {
                    Some(target) if x + (s as usize) <= n => *target = b'W',
                    _ => break,
                }
            }
        }
    }
    out[n + 1] = b'\n';
    String::from_utf8(out.split_off(1)).expect("the letters are ASCII")
}

/// Codeforces 87C: the least j ≥ 2 such that splitting `x` into j consecutive heaps leaves
/// nim-sum 0, from the staircase table `g` (to at least x).
pub fn least_winning_split(g: &[u32], x: u64) -> Option<u64> {
    let mut count = 2;
    while count * (count + 1) / 2 <= x {
        if let Some(top) = stairs_top(x, count) {
            let value = (top + 1 - count..=top).fold(0, |acc, h| acc ^ g[h as usize]);
            if value == 0 {
                return Some(count);
            }
        }
        count += 1;
    }
    None
}
