//! Game-tree searches written from the rules alone (no Sprague–Grundy theory), shared by the
//! test binaries that check the games against them (tests/engine, tests/cli and tests/tui): each
//! includes this folder from its main.rs with `#[path] mod brute;` (a folder without a main.rs,
//! so cargo does not take it for a test binary of its own).

// Each binary uses the searches it needs.
#![allow(dead_code)]

use std::collections::HashMap;

/// Whether the player to move wins from `position` in normal play, by searching every line
/// of `options` (the positions one move leads to), memoised in `memo`.
pub fn normal_play_wins<S: Clone + Eq + std::hash::Hash>(
    position: &S,
    options: &dyn Fn(&S) -> Vec<S>,
    memo: &mut HashMap<S, bool>,
) -> bool {
    if let Some(&w) = memo.get(position) {
        return w;
    }
    let wins = options(position)
        .iter()
        .any(|next| !normal_play_wins(next, options, memo));
    memo.insert(position.clone(), wins);
    wins
}

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

/// Whether the player to move wins Moore's Nim-K with these heaps, by the rules alone: a move
/// takes at least one token from each of 1 to `k` heaps; who cannot move loses.
pub fn nimk_wins(k: usize, heaps: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    // Every vector below `key` (each heap at most its size) that differs in 1..=k heaps.
    let mut wins = false;
    let mut next = key.clone();
    fn walk(
        i: usize,
        changed: usize,
        k: usize,
        key: &[u64],
        next: &mut Vec<u64>,
        memo: &mut HashMap<Vec<u64>, bool>,
        wins: &mut bool,
    ) {
        if *wins {
            return;
        }
        if i == key.len() {
            if changed > 0 && !nimk_wins(k, next, memo) {
                *wins = true;
            }
            return;
        }
        walk(i + 1, changed, k, key, next, memo, wins);
        if changed < k {
            for v in 0..key[i] {
                next[i] = v;
                walk(i + 1, changed + 1, k, key, next, memo, wins);
            }
            next[i] = key[i];
        }
    }
    walk(0, 0, k, &key, &mut next, memo, &mut wins);
    memo.insert(key, wins);
    wins
}

/// The sets of coins (as bitmasks, bit i-1 for coin i) a coin-turning move with rightmost coin
/// `right` may turn, by the rules: `turtles` one or two coins, `mock` one to three, `ruler` a
/// run of consecutive coins.
pub fn turning_sets(rule: &str, right: u32) -> Vec<u64> {
    let bit = |c: u32| 1u64 << (c - 1);
    let mut out = vec![bit(right)];
    match rule {
        "ruler" => {
            for len in 2..=right {
                out.push((right - len + 1..=right).map(bit).fold(0, |a, b| a | b));
            }
        }
        _ => {
            for a in 1..right {
                out.push(bit(right) | bit(a));
                if rule == "mock" {
                    for b in 1..a {
                        out.push(bit(right) | bit(a) | bit(b));
                    }
                }
            }
        }
    }
    out
}

/// Whether the player to move wins a coin-turning game with these tails coins (a bitmask), by
/// the rules alone: a move turns a set the rule allows whose rightmost coin is tails.
pub fn turning_wins(rule: &str, tails: u64, memo: &mut HashMap<u64, bool>) -> bool {
    if let Some(&w) = memo.get(&tails) {
        return w;
    }
    let wins = (1..=64u32).filter(|&c| tails >> (c - 1) & 1 == 1).any(|c| {
        turning_sets(rule, c)
            .into_iter()
            .any(|set| !turning_wins(rule, tails ^ set, memo))
    });
    memo.insert(tails, wins);
    wins
}

/// What one move may leave of a heap of `x` under the rule `kind`, by the rules alone: `n` Nim
/// (take any), `b` Bash take 1..3, `s` subtraction {1, 3}, `k` Kayles (knock down 1 pin or 2
/// adjacent pins of a row, which may leave two rows).
pub fn heap_options(kind: char, x: u64) -> Vec<Vec<u64>> {
    match kind {
        'n' => (0..x).map(|y| vec![y]).collect(),
        'b' => (1..=3.min(x)).map(|t| vec![x - t]).collect(),
        's' => [1, 3]
            .into_iter()
            .filter(|&t| t <= x)
            .map(|t| vec![x - t])
            .collect(),
        'k' => {
            let mut out = Vec::new();
            for count in 1..=2u64.min(x) {
                for left in 0..=x - count {
                    out.push(vec![left, x - count - left]);
                }
            }
            out
        }
        _ => panic!("unknown rule {kind}"),
    }
}

/// Whether the player to move wins a sum of heaps (each with its rule) under the misère rule,
/// by the rules alone: who cannot move has won (the last mover lost).
pub fn misere_wins(heaps: &[(char, u64)], memo: &mut HashMap<Vec<(char, u64)>, bool>) -> bool {
    let mut key: Vec<(char, u64)> = heaps.iter().copied().filter(|h| h.1 > 0).collect();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut any_move = false;
    let mut wins = false;
    'all: for i in 0..key.len() {
        let (kind, x) = key[i];
        for pieces in heap_options(kind, x) {
            any_move = true;
            let mut next = key.clone();
            next.remove(i);
            next.extend(pieces.into_iter().map(|p| (kind, p)));
            if !misere_wins(&next, memo) {
                wins = true;
                break 'all;
            }
        }
    }
    let wins = wins || !any_move;
    memo.insert(key, wins);
    wins
}

/// The positions one move leaves of a component of heaps under the rule `kind` (see
/// [`heap_options`]), each with its heaps sorted and its empty heaps dropped.
pub fn component_moves(kind: char, heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for i in 0..heaps.len() {
        for pieces in heap_options(kind, heaps[i]) {
            let mut next: Vec<u64> = heaps.to_vec();
            next.remove(i);
            next.extend(pieces);
            next.retain(|&x| x > 0);
            next.sort_unstable();
            out.push(next);
        }
    }
    out
}

/// Whether the player to move wins an Every-SG game, by the rules alone: each turn makes a
/// move in every component that can move; who cannot move in any component loses.
pub fn every_wins(
    components: &[(char, Vec<u64>)],
    memo: &mut HashMap<Vec<(char, Vec<u64>)>, bool>,
) -> bool {
    let key: Vec<(char, Vec<u64>)> = components
        .iter()
        .map(|(k, h)| {
            let mut h: Vec<u64> = h.iter().copied().filter(|&x| x > 0).collect();
            h.sort_unstable();
            (*k, h)
        })
        .collect();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    // Every combination of one move in each component that has one.
    let mut combos: Vec<Vec<(char, Vec<u64>)>> = vec![Vec::new()];
    let mut any = false;
    for (kind, heaps) in &key {
        let moves = component_moves(*kind, heaps);
        if moves.is_empty() {
            for c in &mut combos {
                c.push((*kind, heaps.clone()));
            }
            continue;
        }
        any = true;
        combos = combos
            .into_iter()
            .flat_map(|c| {
                moves.iter().map(move |m| {
                    let mut c = c.clone();
                    c.push((*kind, m.clone()));
                    c
                })
            })
            .collect();
    }
    let wins = any && combos.iter().any(|c| !every_wins(c, memo));
    memo.insert(key, wins);
    wins
}

/// Lasker's Nim (4.3…) from its rules: take any number from a heap, or split it into two
/// non-empty heaps; G(0..=n) by the mex over the options.
pub fn laskers_nim(n: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for x in 0..=n {
        let mut seen: std::collections::HashSet<u64> = (0..x).map(|k| g[k]).collect();
        seen.extend((1..x).map(|a| g[a] ^ g[x - a]));
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

/// The Cutting Game straight from POJ 2311's rules, G(w, h) for w, h ≤ `side`: a cut leaves
/// two sheets; a cut leaving a strip 1 wide lets the opponent cut out 1 × 1 at once, so the
/// sheets' normal-play moves are the cuts into two sheets of at least 2 × 2 each.
pub fn cutting(side: usize) -> Vec<Vec<u64>> {
    let n = side + 1;
    let mut g = vec![vec![0u64; n]; n];
    for w in 0..n {
        for h in 0..n {
            let mut seen = std::collections::BTreeSet::new();
            // A sheet thinner than 2 has no cut worth making: each leaves a strip of 1.
            if w >= 2 && h >= 2 {
                for c in 2..=w.saturating_sub(2) {
                    seen.insert(g[c][h] ^ g[w - c][h]);
                }
                for c in 2..=h.saturating_sub(2) {
                    seen.insert(g[w][c] ^ g[w][h - c]);
                }
            }
            g[w][h] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
    }
    g
}
