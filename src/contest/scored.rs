//! Two scored games, where each player wants the larger total rather than the last move, so
//! Sprague–Grundy theory does not apply: AtCoder DP L Deque (take from either end of one row)
//! by a dynamic programme over intervals, and Codeforces 388C Fox and Card Game (Ciel takes
//! tops, Jiro bottoms) by its exchange argument.

use crate::input::{InputError, Numbers};

/// AtCoder DP L Deque: N (≤ 3000) and a_1..a_N (≤ 10^9); Taro and Jiro take from either end in
/// turn, Taro first, each wanting the larger total → X − Y, Taro's total minus Jiro's.
pub fn deque(input: &[u8]) -> Result<String, InputError> {
    let mut numbers = Numbers::new(input);
    let n = numbers.next("N", 1..=3000)?;
    let mut row = Vec::with_capacity(n as usize);
    for i in 1..=n {
        row.push(numbers.next(format_args!("a_{i}"), 1..=1_000_000_000)? as i64);
    }
    numbers.expect_end("a_N")?;
    Ok(format!("{}\n", deque_difference(&row)))
}

/// The mover's total minus the other's from the row `row` with best play by both: over
/// intervals by length, best[l] for the interval of this length starting at l is the better
/// of taking its first or its last number, minus the best of what is left.
pub fn deque_difference(row: &[i64]) -> i64 {
    let n = row.len();
    // Length 1: the one number.
    let mut best = row.to_vec();
    for len in 2..=n {
        for l in 0..=n - len {
            let r = l + len - 1;
            best[l] = (row[l] - best[l + 1]).max(row[r] - best[l]);
        }
    }
    best.first().copied().unwrap_or(0)
}
