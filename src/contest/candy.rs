//! AtCoder AGC 002 E Candy Piles: eat every candy of a largest pile, or one candy from each
//! pile; who eats the last candy loses. Not a sum of parts (a move touches every pile), so it
//! is decided by the editorial's walk on the Young diagram of the sorted piles, which the tests
//! check against a game-tree search from the rules.

use crate::input::{InputError, Numbers};

/// N (≤ 10^5) and a_1..a_N (≤ 10^9) → `First` if the first player wins, else `Second`.
pub fn solve(input: &[u8]) -> Result<String, InputError> {
    let mut numbers = Numbers::new(input);
    let n = numbers.next("N", 1..=100_000)?;
    let mut piles = Vec::with_capacity(n as usize);
    for i in 1..=n {
        piles.push(numbers.next(format_args!("a_{i}"), 1..=1_000_000_000)?);
    }
    numbers.expect_end("a_N")?;
    Ok(if first_wins(piles) {
        "First\n"
    } else {
        "Second\n"
    }
    .to_string())
}

/// Whether the player to move wins. The piles sorted from the largest are a staircase (a
/// Young diagram); eating a largest pile removes its column, eating one from each removes the
/// bottom row, so a game is a walk from the corner, right or up, and who steps out of the
/// diagram loses. Walk diagonally to the last square (i, i) inside it: from there the game is
/// decided by the parity of the straight runs up and to the right of it; the mover wins iff
/// either is odd.
pub fn first_wins(mut piles: Vec<u64>) -> bool {
    piles.sort_unstable_by(|a, b| b.cmp(a));
    let n = piles.len();
    // i: the last 1-based index with a_i ≥ i.
    let mut i = 1;
    while i < n && piles[i] > i as u64 {
        i += 1;
    }
    let up = piles[i - 1] - i as u64;
    let mut j = i;
    while j < n && piles[j] >= i as u64 {
        j += 1;
    }
    let right = (j - i) as u64;
    up % 2 == 1 || right % 2 == 1
}
