//! The contest problems of `src/contest` and the formats added with them: each solver against a
//! game-tree search written straight from the problem's rules (no Sprague–Grundy theory, no
//! formula), on small random inputs.

use std::collections::HashMap;
use std::hash::Hash;

use grundy::contest::{barn, candy, discard, hopscotch, prime_powers, scored, string_cuts};
use grundy::games::heaps::contest::{self, Format, at_most_kth_value, one_two_k_value};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// Whether the player to move wins under normal play (no move: lost), by search.
fn wins<S: Clone + Hash + Eq>(
    state: &S,
    moves: &impl Fn(&S) -> Vec<S>,
    memo: &mut HashMap<S, bool>,
) -> bool {
    if let Some(&w) = memo.get(state) {
        return w;
    }
    let w = moves(state).iter().any(|next| !wins(next, moves, memo));
    memo.insert(state.clone(), w);
    w
}

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let mut seen: Vec<u64> = values.into_iter().collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .take_while(|&(i, &v)| i as u64 == v)
        .count() as u64
}

fn solve(format: Format, input: &str) -> String {
    contest::solve(format, input.as_bytes()).unwrap_or_else(|e| panic!("{format:?}: {e}"))
}

fn rng() -> StdRng {
    StdRng::seed_from_u64(26)
}

/// E&D: pairs of heaps; a move drops one heap of a pair and splits the other into two
/// non-empty heaps, which become the pair.
#[test]
fn p2148_equals_search() {
    let moves = |pairs: &Vec<(u64, u64)>| {
        let mut out = Vec::new();
        for (i, &(x, y)) in pairs.iter().enumerate() {
            for keep in [x, y] {
                for a in 1..keep {
                    let mut next = pairs.clone();
                    next[i] = (a.min(keep - a), a.max(keep - a));
                    next.sort_unstable();
                    out.push(next);
                }
            }
        }
        out
    };
    let mut memo = HashMap::new();
    let mut rng = rng();
    for _ in 0..300 {
        let pairs: Vec<(u64, u64)> = (0..rng.random_range(1..=2))
            .map(|_| (rng.random_range(1..=9), rng.random_range(1..=9)))
            .collect();
        let heaps: Vec<String> = pairs
            .iter()
            .flat_map(|&(x, y)| [x, y])
            .map(|h| h.to_string())
            .collect();
        let input = format!("1\n{}\n{}\n", heaps.len(), heaps.join(" "));
        let answer = grundy::games::ed::solve(input.as_bytes()).unwrap();
        let mut start: Vec<(u64, u64)> = pairs.iter().map(|&(x, y)| (x.min(y), x.max(y))).collect();
        start.sort_unstable();
        let expected = if wins(&start, &moves, &mut memo) {
            "YES\n"
        } else {
            "NO\n"
        };
        assert_eq!(answer, expected, "{input}");
    }
}

/// AtCoder DP K: one heap of K, takes from a set.
#[test]
fn dpk_equals_search() {
    let mut rng = rng();
    for _ in 0..300 {
        let k = rng.random_range(1..=60u64);
        let mut set: Vec<u64> = (0..rng.random_range(1..=4))
            .map(|_| rng.random_range(1..=k))
            .collect();
        set.sort_unstable();
        set.dedup();
        let moves = |&x: &u64| set.iter().filter(|&&s| s <= x).map(|&s| x - s).collect();
        let expected = wins(&k, &moves, &mut HashMap::new());
        let list: Vec<String> = set.iter().map(u64::to_string).collect();
        let input = format!("{} {k}\n{}\n", set.len(), list.join(" "));
        assert_eq!(
            solve(Format::Dpk, &input),
            if expected { "First\n" } else { "Second\n" },
            "{input}"
        );
    }
}

/// Codeforces 1194D: the 1-2-k value against a mex table by definition, and the answer
/// against the search.
#[test]
fn cf1194d_equals_search() {
    for k in 3..=40u64 {
        let mut table = vec![0u64; 400];
        for n in 1..400 {
            table[n] = mex([1, 2, k]
                .iter()
                .filter(|&&t| t as usize <= n)
                .map(|&t| table[n - t as usize]));
            assert_eq!(one_two_k_value(k, n as u64), table[n], "k = {k}, n = {n}");
        }
        let moves = |&x: &u64| {
            [1, 2, k]
                .iter()
                .filter(|&&t| t <= x)
                .map(|&t| x - t)
                .collect()
        };
        let mut memo = HashMap::new();
        let lines: Vec<String> = (0..120).map(|n| format!("{n} {k}")).collect();
        let answer = solve(Format::Cf1194d, &format!("120\n{}\n", lines.join("\n")));
        for (n, line) in answer.lines().enumerate() {
            let first = wins(&(n as u64), &moves, &mut memo);
            assert_eq!(
                line,
                if first { "Alice" } else { "Bob" },
                "n = {n}, k = {k}"
            );
        }
    }
    // At 10^18 the formula still answers (the size policy's bound).
    let big = solve(
        Format::Cf1194d,
        "1\n1000000000000000000 999999999999999998\n",
    );
    assert_eq!(big, "Alice\n");
}

/// CSES 2208: take one token from each heap of a non-empty set of heaps.
#[test]
fn cses2208_equals_search() {
    let moves = |heaps: &Vec<u64>| {
        let live: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] > 0).collect();
        (1u32..1 << live.len())
            .map(|subset| {
                let mut next = heaps.clone();
                for (bit, &i) in live.iter().enumerate() {
                    if (subset >> bit) & 1 == 1 {
                        next[i] -= 1;
                    }
                }
                next.sort_unstable();
                next
            })
            .collect()
    };
    let mut memo = HashMap::new();
    let mut rng = rng();
    for _ in 0..300 {
        let mut heaps: Vec<u64> = (0..rng.random_range(1..=4))
            .map(|_| rng.random_range(1..=6))
            .collect();
        let list: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let input = format!("1\n{}\n{}\n", heaps.len(), list.join(" "));
        heaps.sort_unstable();
        let expected = if wins(&heaps, &moves, &mut memo) {
            "first\n"
        } else {
            "second\n"
        };
        assert_eq!(solve(Format::Cses2208, &input), expected, "{input}");
    }
}

/// TIOJ 1940: take 1..⌊n/k⌋; the value against a mex table by definition, for k to 7.
#[test]
fn tioj1940_equals_mex_table() {
    for k in 1..=7u64 {
        let mut table = vec![0u64; 3000];
        for n in 1..3000 {
            table[n] = mex((1..=n as u64 / k).map(|t| table[n - t as usize]));
            assert_eq!(at_most_kth_value(k, n as u64), table[n], "k = {k}, n = {n}");
        }
    }
    assert_eq!(solve(Format::Tioj1940, "2 10\n"), "5\n");
    assert_eq!(solve(Format::Tioj1940, "1 1000000000\n"), "1000000000\n");
    // Every step of the formula keeps n within range at the size bound, and the answer is at
    // most n / k.
    let big = at_most_kth_value(1000, 1_000_000_000_000_000_000);
    assert_eq!(big, 1_000_000_000_000_000);
}

/// Codeforces 305E on the strings themselves: a position is a multiset of strings.
#[test]
fn cf305e_equals_search() {
    fn cuts(s: &[u8]) -> Vec<usize> {
        (1..s.len().saturating_sub(1))
            .filter(|&i| s[i - 1] == s[i + 1])
            .collect()
    }
    let moves = |parts: &Vec<Vec<u8>>| {
        let mut out = Vec::new();
        for (p, s) in parts.iter().enumerate() {
            for i in cuts(s) {
                let mut next = parts.clone();
                next.remove(p);
                next.extend([s[..i].to_vec(), s[i + 1..].to_vec()]);
                next.retain(|t| t.len() >= 3);
                next.sort();
                out.push(next);
            }
        }
        out
    };
    let mut memo = HashMap::new();
    let mut rng = rng();
    for _ in 0..400 {
        let s: Vec<u8> = (0..rng.random_range(1..=11))
            .map(|_| b"ab"[rng.random_range(0..2)])
            .collect();
        let start = vec![s.clone()];
        let expected = if wins(&start, &moves, &mut memo) {
            // The least i whose cut leaves the opponent lost.
            let i = cuts(&s).into_iter().find(|&i| {
                let mut next = vec![s[..i].to_vec(), s[i + 1..].to_vec()];
                next.retain(|t| t.len() >= 3);
                next.sort();
                !wins(&next, &moves, &mut memo)
            });
            format!(
                "First\n{}\n",
                i.expect("a won string has a winning cut") + 1
            )
        } else {
            "Second\n".to_string()
        };
        let text = String::from_utf8(s).unwrap();
        assert_eq!(
            string_cuts::solve(format!("{text}\n").as_bytes()).unwrap(),
            expected,
            "{text}"
        );
    }
    // The runs are Dawson's chess: a run of L is a row of L + 1 in Dawson's Kayles.
    let runs = string_cuts::run_values(300);
    for (len, &v) in runs.iter().enumerate() {
        assert_eq!(
            v,
            grundy::games::dawson::row_value(len as u64 + 1),
            "run of {len}"
        );
    }
}

/// Codeforces 850C on the list of numbers itself.
#[test]
fn cf850c_equals_search() {
    fn prime(p: u64) -> bool {
        p >= 2 && (2..p).all(|d| !p.is_multiple_of(d))
    }
    let moves = |list: &Vec<u64>| {
        let mut out = Vec::new();
        let top = list.iter().copied().max().unwrap_or(1);
        for p in (2..=top).filter(|&p| prime(p)) {
            let mut power = p;
            while power <= top {
                if list.iter().any(|&a| a.is_multiple_of(power)) {
                    let mut next: Vec<u64> = list
                        .iter()
                        .map(|&a| {
                            if a.is_multiple_of(power) {
                                a / power
                            } else {
                                a
                            }
                        })
                        .collect();
                    next.sort_unstable();
                    out.push(next);
                }
                power *= p;
            }
        }
        out
    };
    let mut memo = HashMap::new();
    let mut rng = rng();
    for _ in 0..400 {
        let mut list: Vec<u64> = (0..rng.random_range(1..=3))
            .map(|_| rng.random_range(1..=64))
            .collect();
        list.sort_unstable();
        assert_eq!(
            prime_powers::first_wins(&list),
            wins(&list, &moves, &mut memo),
            "{list:?}"
        );
    }
}

/// Candy Piles: eat a largest pile, or one from each pile; who eats the last candy loses (so
/// the player to move with no candy left has won).
#[test]
fn agc002e_equals_search() {
    fn mover_wins(piles: &Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        if piles.is_empty() {
            return true;
        }
        if let Some(&w) = memo.get(piles) {
            return w;
        }
        let largest = piles[..piles.len() - 1].to_vec();
        let mut each: Vec<u64> = piles.iter().filter(|&&p| p > 1).map(|p| p - 1).collect();
        each.sort_unstable();
        let w = !mover_wins(&largest, memo) || !mover_wins(&each, memo);
        memo.insert(piles.clone(), w);
        w
    }
    let mut memo = HashMap::new();
    let mut rng = rng();
    for _ in 0..2000 {
        let mut piles: Vec<u64> = (0..rng.random_range(1..=6))
            .map(|_| rng.random_range(1..=10))
            .collect();
        piles.sort_unstable();
        assert_eq!(
            candy::first_wins(piles.clone()),
            mover_wins(&piles, &mut memo),
            "{piles:?}"
        );
    }
}

/// Deque: the difference of the totals by plain minimax.
#[test]
fn dpl_equals_minimax() {
    fn best(row: &[i64]) -> i64 {
        match row {
            [] => 0,
            [first, rest @ ..] => {
                let (init, last) = row.split_at(row.len() - 1);
                (first - best(rest)).max(last[0] - best(init))
            }
        }
    }
    let mut rng = rng();
    for _ in 0..300 {
        let row: Vec<i64> = (0..rng.random_range(1..=10))
            .map(|_| rng.random_range(1..=100))
            .collect();
        assert_eq!(scored::deque_difference(&row), best(&row), "{row:?}");
    }
}

/// Fox and Card Game: Ciel (tops) and Jiro (bottoms) by minimax over the piles' remains; each
/// maximises their own total, and the totals add up to the cards, so the minimax of Ciel's
/// total minus Jiro's decides both.
#[test]
fn cf388c_equals_minimax() {
    /// The piles' remains (top, bottom) and whose turn, to the mover's margin.
    type Memo = HashMap<(Vec<(usize, usize)>, bool), i64>;
    fn margin(
        piles: &[Vec<u64>],
        ends: &mut Vec<(usize, usize)>,
        ciel: bool,
        memo: &mut Memo,
    ) -> i64 {
        if let Some(&m) = memo.get(&(ends.clone(), ciel)) {
            return m;
        }
        let mut best: Option<i64> = None;
        for p in 0..piles.len() {
            let (lo, hi) = ends[p];
            if lo == hi {
                continue;
            }
            let card = if ciel { piles[p][lo] } else { piles[p][hi - 1] } as i64;
            ends[p] = if ciel { (lo + 1, hi) } else { (lo, hi - 1) };
            let value = card - margin(piles, ends, !ciel, memo);
            ends[p] = (lo, hi);
            best = Some(best.map_or(value, |b| b.max(value)));
        }
        let m = best.unwrap_or(0);
        memo.insert((ends.clone(), ciel), m);
        m
    }
    let mut rng = rng();
    for _ in 0..200 {
        let piles: Vec<Vec<u64>> = (0..rng.random_range(1..=3))
            .map(|_| {
                (0..rng.random_range(1..=4))
                    .map(|_| rng.random_range(1..=20))
                    .collect()
            })
            .collect();
        let total: u64 = piles.iter().flatten().sum();
        let mut ends: Vec<(usize, usize)> = piles.iter().map(|p| (0, p.len())).collect();
        let m = margin(&piles, &mut ends, true, &mut HashMap::new());
        let ciel = (total as i64 + m) / 2;
        let expected = (ciel as u64, total - ciel as u64);
        assert_eq!(scored::fox_totals(&piles), expected, "{piles:?}");
    }
}

/// Circular Barn: the whole game, room by room, FJ then Nhoj in each, by search.
#[test]
fn p8901_equals_search() {
    fn takes(x: u64) -> impl Iterator<Item = u64> {
        (1..=x).filter(|&p| p == 1 || (2..p).all(|d| !p.is_multiple_of(d)))
    }
    // (cows, room, Nhoj to move): whether the player to move wins.
    fn mover_wins(
        cows: &mut Vec<u64>,
        room: usize,
        nhoj: bool,
        memo: &mut HashMap<(Vec<u64>, usize, bool), bool>,
    ) -> bool {
        if cows[room] == 0 {
            return false;
        }
        if let Some(&w) = memo.get(&(cows.clone(), room, nhoj)) {
            return w;
        }
        let (next_room, next_nhoj) = if nhoj {
            ((room + 1) % cows.len(), false)
        } else {
            (room, true)
        };
        let mut w = false;
        for p in takes(cows[room]).collect::<Vec<_>>() {
            cows[room] -= p;
            let lost = !mover_wins(cows, next_room, next_nhoj, memo);
            cows[room] += p;
            if lost {
                w = true;
                break;
            }
        }
        memo.insert((cows.clone(), room, nhoj), w);
        w
    }
    let mut rng = rng();
    let mut memo = HashMap::new();
    let takes_table = barn::FastestTakes::new(20);
    for _ in 0..300 {
        let mut cows: Vec<u64> = (0..rng.random_range(1..=3))
            .map(|_| rng.random_range(1..=14))
            .collect();
        let john = mover_wins(&mut cows, 0, false, &mut memo);
        let rooms: Vec<u32> = cows.iter().map(|&c| c as u32).collect();
        assert_eq!(takes_table.john_wins(&rooms), john, "{cows:?}");
    }
}

/// Nim with discards: every allowed discard, then Nim by search (the first player moves).
#[test]
fn p5970_equals_search() {
    let moves = |heaps: &Vec<u64>| {
        let mut out = Vec::new();
        for i in 0..heaps.len() {
            for left in 0..heaps[i] {
                let mut next = heaps.clone();
                next[i] = left;
                next.retain(|&h| h > 0);
                next.sort_unstable();
                out.push(next);
            }
        }
        out
    };
    let mut memo = HashMap::new();
    let mut rng = rng();
    for _ in 0..200 {
        let n = rng.random_range(1..=7usize);
        let d = rng.random_range(1..=4usize);
        let heaps: Vec<u64> = (0..n).map(|_| rng.random_range(1..=7)).collect();
        let mut count = 0;
        for thrown in 0u32..1 << n {
            let size = thrown.count_ones() as usize;
            if !size.is_multiple_of(d) || size == n {
                continue;
            }
            let mut kept: Vec<u64> = (0..n)
                .filter(|&i| (thrown >> i) & 1 == 0)
                .map(|i| heaps[i])
                .collect();
            kept.sort_unstable();
            if !wins(&kept, &moves, &mut memo) {
                count += 1;
            }
        }
        let mut sorted: Vec<u32> = heaps.iter().map(|&h| h as u32).collect();
        assert_eq!(
            discard::winning_discards(&mut sorted, d),
            count,
            "{heaps:?}, d = {d}"
        );
    }
}

/// TIOJ 1092: the token race on random acyclic graphs, by search from the rules.
#[test]
fn tioj1092_equals_search() {
    fn mover_wins(
        v: u32,
        finish: u32,
        arrows: &[(u32, u32)],
        memo: &mut HashMap<u32, bool>,
    ) -> bool {
        if let Some(&w) = memo.get(&v) {
            return w;
        }
        let w = arrows
            .iter()
            .filter(|&&(a, _)| a == v)
            .any(|&(_, b)| b == finish || !mover_wins(b, finish, arrows, memo));
        memo.insert(v, w);
        w
    }
    let mut rng = rng();
    for _ in 0..500 {
        let n = rng.random_range(2..=9u32);
        // Arrows from a lower to a higher place in a random order of the circles, every circle
        // but the finish with a way on; circle 1 first and the finish last in that order.
        let mut order: Vec<u32> = (1..n - 1).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        order.insert(0, 0);
        order.push(n - 1);
        let mut arrows = Vec::new();
        for i in 0..order.len() - 1 {
            arrows.push((order[i], order[rng.random_range(i + 1..order.len())]));
            for _ in 0..rng.random_range(0..=2) {
                arrows.push((order[i], order[rng.random_range(i + 1..order.len())]));
            }
        }
        let expected = mover_wins(0, n - 1, &arrows, &mut HashMap::new());
        assert_eq!(
            hopscotch::mover_wins(n as usize, &arrows),
            Some(expected),
            "{arrows:?}"
        );
    }
}
