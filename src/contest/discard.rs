//! POI 2016 Nim z utrudnieniem (Nim with a handicap, Luogu P5970): before a game of Nim, the
//! second player throws away a number of heaps that is a multiple of d (not all of them), then
//! the first player moves; count the ways that leave the second player winning, modulo
//! 10^9 + 7. The second player wins Nim iff the heaps left have nim-sum 0, so the count is of
//! the thrown sets whose nim-sum is the whole nim-sum, by a dynamic programme over (size mod d,
//! nim-sum).

use crate::input::{InputError, Numbers};
use crate::message::Said;

const MODULUS: u32 = 1_000_000_007;

/// The most heaps, the largest heap and the largest sum of heaps the problem allows: the
/// programme's work is about 2·d·(sum of the heaps), so the sum bounds the time.
pub const MAX_HEAPS: u64 = 500_000;
pub const MAX_HEAP: u64 = 1_000_000;
pub const MAX_SUM: u64 = 10_000_000;

/// `n d` (d ≤ 10) and a_1..a_n → the number of ways, modulo 10^9 + 7.
pub fn solve(input: &[u8]) -> Result<String, InputError> {
    let mut numbers = Numbers::new(input);
    let n = numbers.next("n", 1..=MAX_HEAPS)?;
    let d = numbers.next("d", 1..=10)?;
    let mut heaps = Vec::with_capacity(n as usize);
    let mut sum = 0;
    for i in 1..=n {
        let a = numbers.next(format_args!("a_{i}"), 1..=MAX_HEAP)?;
        sum += a;
        if sum > MAX_SUM {
            return Err(InputError::said(
                numbers.line(),
                None,
                Said::new("said.reader.heaps_sum")
                    .with("most", MAX_SUM)
                    .with("i", i),
            ));
        }
        heaps.push(a as u32);
    }
    numbers.expect_end("a_n")?;
    Ok(format!("{}\n", winning_discards(&mut heaps, d as usize)))
}

/// The number of sets of heaps, of a size divisible by `d` and not all of them, whose nim-sum
/// equals the nim-sum of all the heaps (so what is left has nim-sum 0), modulo 10^9 + 7.
///
/// `ways[j][x]`: the sets among the heaps seen so far of size ≡ j (mod d) and nim-sum x. The
/// heaps are taken smallest first: a nim-sum of heaps up to a is below the power of 2 above a,
/// so each heap updates only that many entries of each row.
pub fn winning_discards(heaps: &mut [u32], d: usize) -> u32 {
    heaps.sort_unstable();
    let total = heaps.iter().fold(0, |acc, &a| acc ^ a);
    let width = heaps
        .last()
        .map_or(1, |&a| (a as usize + 1).next_power_of_two());
    let mut ways = vec![vec![0u32; width]; d];
    ways[0][0] = 1;
    let mut wrap = vec![0u32; width];
    let add = |a: u32, b: u32| {
        let s = a + b;
        if s >= MODULUS { s - MODULUS } else { s }
    };
    for &a in heaps.iter() {
        let a = a as usize;
        let reach = (a + 1).next_power_of_two();
        // Row d − 1 feeds row 0; keep it before it changes.
        wrap[..reach].copy_from_slice(&ways[d - 1][..reach]);
        for j in (1..d).rev() {
            let (lower, upper) = ways.split_at_mut(j);
            let (from, to) = (&lower[j - 1], &mut upper[0]);
            for x in 0..reach {
                to[x] = add(to[x], from[x ^ a]);
            }
        }
        for x in 0..reach {
            ways[0][x] = add(ways[0][x], wrap[x ^ a]);
        }
    }
    let mut count = ways[0][total as usize];
    // Throwing every heap away is not allowed.
    if heaps.len().is_multiple_of(d) {
        count = (count + MODULUS - 1) % MODULUS;
    }
    count
}
