//! Game-tree searches written from the rules alone (no Sprague–Grundy theory), shared by the
//! test binaries that check the curriculum games against them (tests/engine and tests/cli): each
//! includes this folder from its main.rs with `#[path] mod brute;` (a folder without a main.rs,
//! so cargo does not take it for a test binary of its own).

// Each binary uses the searches it needs.
#![allow(dead_code)]

use std::collections::HashMap;

/// The squares a Wythoff queen at (a, b) moves to: left, down, or diagonally toward (0, 0).
pub fn queen_moves(a: u64, b: u64) -> impl Iterator<Item = (u64, u64)> {
    (0..a)
        .map(move |x| (x, b))
        .chain((0..b).map(move |y| (a, y)))
        .chain((1..=a.min(b)).map(move |d| (a - d, b - d)))
}

/// Whether the player to move wins with a queen at (a, b).
pub fn queen_wins(a: u64, b: u64, memo: &mut HashMap<(u64, u64), bool>) -> bool {
    if let Some(&w) = memo.get(&(a, b)) {
        return w;
    }
    let wins = queen_moves(a, b)
        .collect::<Vec<_>>()
        .into_iter()
        .any(|(x, y)| !queen_wins(x, y, memo));
    memo.insert((a, b), wins);
    wins
}

/// Whether the player to move wins Fibonacci Nim with a heap of `n` when the next take may be
/// at most `limit` (each take then allows up to twice itself).
pub fn fib_wins(n: u64, limit: u64, memo: &mut HashMap<(u64, u64), bool>) -> bool {
    let limit = limit.min(n);
    if let Some(&w) = memo.get(&(n, limit)) {
        return w;
    }
    let wins = (1..=limit).any(|t| !fib_wins(n - t, 2 * t, memo));
    memo.insert((n, limit), wins);
    wins
}

/// Whether the player to move wins Dawson's Kayles (octal 0.07) with these rows of pins, by
/// the rules alone: a move knocks down two adjacent pins of one row, leaving the pins on each
/// side of the gap as rows of their own; who cannot move loses.
pub fn dawson_wins(rows: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    // Rows shorter than two have no move and the order of rows does not matter.
    let mut key: Vec<u64> = rows.iter().copied().filter(|&n| n >= 2).collect();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut wins = false;
    'rows: for i in 0..key.len() {
        let n = key[i];
        for left in 0..=n - 2 {
            let mut next = key.clone();
            next[i] = left;
            next.push(n - 2 - left);
            if !dawson_wins(&next, memo) {
                wins = true;
                break 'rows;
            }
        }
    }
    memo.insert(key, wins);
    wins
}
