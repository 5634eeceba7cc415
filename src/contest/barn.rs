//! USACO 2022 December Silver, Circular Barn (Luogu P8901): Farmer John and Farmer Nhoj visit
//! rooms 1..N in a circle; in each room FJ takes a turn, then Nhoj; a turn removes 1 or a prime
//! number of cows, at most the room holds; who must move in an empty room loses. Not a sum:
//! the rooms are visited in a fixed order, so what decides is which room empties first, counted
//! in visits. In one room the lost counts are the multiples of 4 (1 and the primes are never
//! 0 mod 4, and 1, 2, 3 reach one), the winner hurries and the loser stalls.

use crate::input::{InputError, Name, Numbers, Var};

/// The most cows in a room.
pub const MAX_COWS: u64 = 5_000_000;

/// T (≤ 1000) tests, each N (≤ 10^5) and a_1..a_N (≤ 5·10^6) → `Farmer John` / `Farmer Nhoj`.
pub fn solve(input: &[u8]) -> Result<String, InputError> {
    let mut numbers = Numbers::new(input);
    let t = numbers.next(Name::Tests("T"), 1..=1000)?;
    let mut tests = Vec::with_capacity(t as usize);
    let mut most = 1;
    for test in 1..=t {
        let n = numbers.next(Name::OfTest(Var("N", None), test), 1..=100_000)?;
        let mut rooms = Vec::with_capacity(n as usize);
        for i in 1..=n {
            let a = numbers.next(Name::OfTest(Var("a", Some(i)), test), 1..=MAX_COWS)?;
            most = most.max(a);
            rooms.push(a as u32);
        }
        tests.push(rooms);
    }
    numbers.expect_end(Name::LastTest)?;
    let takes = FastestTakes::new(most as usize);
    let mut out = String::new();
    for rooms in tests {
        out.push_str(if takes.john_wins(&rooms) {
            "Farmer John\n"
        } else {
            "Farmer Nhoj\n"
        });
    }
    Ok(out)
}

/// The winner's first take in a room of x cows (x not a multiple of 4): the largest take
/// (1 or a prime) p ≤ x with p ≡ x (mod 4), leaving a multiple of 4 as small as can be. Found
/// by stepping down by 4 through a sieve of the odd numbers: primes of a residue class lie a
/// few dozen apart, so a room costs a few lookups, where a table of every x's take would cost
/// 20 MB to fill.
pub struct FastestTakes {
    /// composite[i]: 2i + 1 is composite (1 is not: it counts as a take).
    composite: Vec<bool>,
}

impl FastestTakes {
    /// The sieve to `most` cows.
    pub fn new(most: usize) -> FastestTakes {
        let mut composite = vec![false; most / 2 + 1];
        let mut p = 3;
        while p * p <= most {
            if !composite[p / 2] {
                for multiple in (p * p..=most).step_by(2 * p) {
                    composite[multiple / 2] = true;
                }
            }
            p += 2;
        }
        FastestTakes { composite }
    }

    /// The largest take p ≤ x with p ≡ x (mod 4), x not a multiple of 4.
    pub fn fastest(&self, x: u32) -> u32 {
        if x.is_multiple_of(2) {
            // x ≡ 2 (mod 4): 2 is the only even take.
            return 2;
        }
        // Odd: the steps end at 1 or 3 at the latest, both takes.
        let mut p = x;
        while self.composite[(p / 2) as usize] {
            p -= 4;
        }
        p
    }

    /// In a room of `cows`, whether FJ (who moves first there) wins it, and on which visit
    /// (from 1) its loser finds it empty: the winner takes the fastest way to a multiple of 4,
    /// then answers every take to keep it so; the loser stalls by taking 2 (then the answer is
    /// 2), so each later visit removes 4.
    pub fn room(&self, cows: u32) -> (bool, u32) {
        if cows.is_multiple_of(4) {
            (false, cows / 4 + 1)
        } else {
            (true, (cows - self.fastest(cows)) / 4 + 1)
        }
    }

    /// Whether Farmer John wins: the room whose loser finds it empty first decides, by visit
    /// and then by the room's place.
    pub fn john_wins(&self, rooms: &[u32]) -> bool {
        let mut first = (u32::MAX, true);
        for &cows in rooms {
            let (john, visit) = self.room(cows);
            // Strictly earlier only: an earlier room in the same visit comes first.
            if visit < first.0 {
                first = (visit, john);
            }
        }
        first.1
    }
}
