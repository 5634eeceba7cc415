//! Codeforces 850C Arpa and a game with Mojtaba: a list of numbers; a move picks a prime power
//! p^k (k ≥ 1) dividing at least one number and divides every number divisible by it by p^k.
//! The primes are independent games; for one prime the state is the set of exponents present
//! (a bitmask: exponents up to 29 for numbers ≤ 10^9), and a move k turns every exponent
//! e ≥ k into e − k. Values by mex over masks, memoised.

use std::collections::HashMap;

use crate::input::{InputError, Numbers};

/// n (≤ 100) and a_1..a_n (≤ 10^9) → `Mojtaba` if the first player (Mojtaba) wins, else
/// `Arpa`.
pub fn solve(input: &[u8]) -> Result<String, InputError> {
    let mut numbers = Numbers::new(input);
    let n = numbers.next("n", 1..=100)?;
    let mut list = Vec::with_capacity(n as usize);
    for i in 1..=n {
        list.push(numbers.next(format_args!("a_{i}"), 1..=1_000_000_000)?);
    }
    numbers.expect_end("a_n")?;
    let first = first_wins(&list);
    Ok(if first { "Mojtaba\n" } else { "Arpa\n" }.to_string())
}

/// Whether the player to move wins: the nim-sum over the primes of their masks' values.
pub fn first_wins(list: &[u64]) -> bool {
    let mut masks: HashMap<u64, u32> = HashMap::new();
    for &a in list {
        for (p, e) in factorise(a) {
            *masks.entry(p).or_default() |= 1 << e;
        }
    }
    let mut memo = HashMap::new();
    masks
        .values()
        .fold(0, |acc, &mask| acc ^ mask_value(mask, &mut memo))
        != 0
}

/// The value of one prime's game with the exponents of `mask` (bit e: some number has
/// exactly e factors p; bit 0 is never set).
pub fn mask_value(mask: u32, memo: &mut HashMap<u32, u32>) -> u32 {
    if mask == 0 {
        return 0;
    }
    if let Some(&v) = memo.get(&mask) {
        return v;
    }
    let top = 31 - mask.leading_zeros();
    let mut seen = 0u64;
    for k in 1..=top {
        // Exponents below k stay; those from k on drop by k (to 0: no longer divisible).
        let after = ((mask & ((1 << k) - 1)) | (mask >> k)) & !1;
        seen |= 1 << mask_value(after, memo).min(63);
    }
    let value = seen.trailing_ones();
    memo.insert(mask, value);
    value
}

/// The prime factors of `a` with their exponents, by trial division (a ≤ 10^9: divisors to
/// 31623).
fn factorise(mut a: u64) -> Vec<(u64, u32)> {
    let mut out = Vec::new();
    let mut p = 2;
    while p * p <= a {
        if a.is_multiple_of(p) {
            let mut e = 0;
            while a.is_multiple_of(p) {
                a /= p;
                e += 1;
            }
            out.push((p, e));
        }
        p += if p == 2 { 1 } else { 2 };
    }
    if a > 1 {
        out.push((a, 1));
    }
    out
}
