//! The games with a board of their own — Stair Nim, E&D, tokens on a DAG — against their
//! rules: values against values by definition, verdicts against the game-tree search and a
//! recursion written here from the rules, the contest formats against brute force, codes, and
//! property tests of the AI.

use std::collections::HashMap;

use crate::brute;
use brute::{fib_wins, queen_wins};

use grundy::ai::{self, Level};
use grundy::game::{Impartial, Notation, Position};
use grundy::games::dag::{self, Dag};
use grundy::games::ed::{Ed, pair_value};
use grundy::games::fibnim::{self, FibNim, least_winning_take, zeckendorf};
use grundy::games::stairs::{self, StairNim};
use grundy::games::wythoff::{self, Wythoff, is_p_position, isqrt, lower_wythoff, queen_value};
use grundy::games::{AnyPosition, GameKind};
use grundy::solver::{self, nimber_by_definition};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

/// Stair Nim by plain recursion: carry 1..p_k balls from stair k ≥ 2 to k − 1.
fn stairs_wins(balls: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&w) = memo.get(&balls) {
        return w;
    }
    let mut wins = false;
    'search: for k in 1..balls.len() {
        for c in 1..=balls[k] {
            let mut next = balls.clone();
            next[k] -= c;
            next[k - 1] += c;
            if !stairs_wins(next, memo) {
                wins = true;
                break 'search;
            }
        }
    }
    memo.insert(balls, wins);
    wins
}

/// E&D by plain recursion on sorted pairs.
fn ed_wins(pairs: Vec<(u64, u64)>, memo: &mut HashMap<Vec<(u64, u64)>, bool>) -> bool {
    let mut key: Vec<(u64, u64)> = pairs
        .into_iter()
        .map(|(x, y)| (x.min(y), x.max(y)))
        .collect();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut wins = false;
    'search: for i in 0..key.len() {
        for s in [key[i].0, key[i].1] {
            for a in 1..s {
                let mut next = key.clone();
                next[i] = (a, s - a);
                if !ed_wins(next, memo) {
                    wins = true;
                    break 'search;
                }
            }
        }
    }
    memo.insert(key, wins);
    wins
}

#[test]
fn stair_nim_values_and_verdicts() {
    let mut memo = HashMap::new();
    for n in 1..=4usize {
        let mut balls = vec![0u64; n];
        loop {
            let code = format!("stairs:{}", grundy::games::list::join(&balls));
            let p = StairNim::from_code(&code).unwrap();
            assert_eq!(p.to_code(), code);
            assert_eq!(
                nimber_by_definition(&p, 1_000_000),
                Some(p.nim_sum()),
                "{code}: value = nim-sum of the even stairs"
            );
            let brute = stairs_wins(balls.clone(), &mut memo);
            assert_eq!(p.mover_wins(), brute, "{code}");
            assert_eq!(
                solver::outcome(&p, 1_000_000).unwrap().wins,
                brute,
                "{code}"
            );
            assert_eq!(stairs::first_wins(&balls), brute);
            let all: Vec<_> = p
                .legal_moves()
                .into_iter()
                .filter(|m| p.nim_sum_after(m).is_zero())
                .collect();
            let found = p.winning_moves(usize::MAX);
            assert!(found.iter().all(|m| all.contains(m)), "{code}");
            assert_eq!(found.is_empty(), all.is_empty(), "{code}");
            // Next staircase: counting in base 4.
            let mut k = 0;
            while k < n && balls[k] == 3 {
                balls[k] = 0;
                k += 1;
            }
            if k == n {
                break;
            }
            balls[k] += 1;
        }
    }
    let out = stairs::solve(b"2\n3\n0 2 1\n4\n1 1\n1 1\n").unwrap();
    assert_eq!(out, "first\nsecond\n");
    let e = stairs::solve(b"1\n3\n0 x 1\n").unwrap_err();
    assert_eq!((e.line, e.column), (3, Some(3)));
    assert!(StairNim::from_code("stairs:1,,2").is_err());
    assert!(StairNim::from_code("stairs:1,2000000").is_err());
}

#[test]
fn ed_pair_values_and_verdicts() {
    for x in 1..=10 {
        for y in 1..=10 {
            let p = Ed::from_code(&format!("ed:{x},{y}")).unwrap();
            assert_eq!(
                nimber_by_definition(&p, 1_000_000).unwrap().to_u64(),
                Some(pair_value(x, y)),
                "({x}, {y})"
            );
        }
    }
    let mut memo = HashMap::new();
    for a in 1..=6 {
        for b in 1..=6 {
            for (c, d) in [(1, 1), (2, 3), (4, 4), (5, 2)] {
                let code = format!("ed:{a},{b},{c},{d}");
                let p = Ed::from_code(&code).unwrap();
                let brute = ed_wins(vec![(a, b), (c, d)], &mut memo);
                assert_eq!(p.mover_wins(), brute, "{code}");
                assert_eq!(
                    solver::outcome(&p, 1_000_000).unwrap().wins,
                    brute,
                    "{code}"
                );
                let has_win = p.legal_moves().iter().any(|m| p.nim_sum_after(m).is_zero());
                assert_eq!(!p.winning_moves(8).is_empty(), has_win, "{code}");
            }
        }
    }
    // Big heaps: a winning split is found quickly.
    let p = Ed::from_code("ed:1000000,999999,3,1").unwrap();
    if p.mover_wins() {
        let w = p.winning_moves(4);
        assert!(!w.is_empty());
        assert!(w.iter().all(|m| p.nim_sum_after(m).is_zero()));
    }
    assert!(
        Ed::from_code("ed:1,2,3")
            .unwrap_err()
            .message
            .to_string()
            .contains("even")
    );
    assert!(Ed::from_code("ed:0,2").is_err());
}

/// A random DAG on n vertices (edges only from lower to higher numbers).
fn random_dag(n: u32, seed: u64) -> Vec<(u32, u32)> {
    let mut state = seed | 1;
    let mut edges = Vec::new();
    for x in 1..=n {
        for y in x + 1..=n {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            if state.is_multiple_of(3) {
                edges.push((x, y));
            }
        }
    }
    edges
}

#[test]
fn dag_values_and_verdicts() {
    for seed in 1..40u64 {
        let n = 2 + (seed % 7) as u32;
        let edges = random_dag(n, seed);
        let edge_text: Vec<String> = edges.iter().map(|(x, y)| format!("{x}>{y}")).collect();
        let tokens = [1, n / 2 + 1, n];
        let code = format!(
            "dag:{n}:{}:{}",
            edge_text.join(","),
            tokens.map(|t| t.to_string()).join(",")
        );
        let p = Dag::from_code(&code).unwrap();
        assert_eq!(Dag::from_code(&p.to_code()).unwrap(), p);
        assert_eq!(
            nimber_by_definition(&p, 1_000_000),
            Some(p.nim_sum()),
            "{code}"
        );
        assert_eq!(
            solver::outcome(&p, 1_000_000).unwrap().wins,
            p.mover_wins(),
            "{code}"
        );
        // The contest reader on the same graph and tokens.
        let mut input = format!("{n} {} 3\n", edges.len());
        for (x, y) in &edges {
            input.push_str(&format!("{x} {y}\n"));
        }
        input.push_str(&format!("{} {} {}\n", tokens[0], tokens[1], tokens[2]));
        let out = dag::solve(input.as_bytes()).unwrap();
        assert_eq!(out, if p.mover_wins() { "win\n" } else { "lose\n" });
    }
    let e = Dag::from_code("dag:3:1>2,2>3,3>1:1").unwrap_err();
    assert!(e.message.to_string().contains("cycle"), "{e}");
    assert!(Dag::from_code("dag:3:1>4:1").is_err());
    assert!(
        Dag::from_code("dag:3:1-2:1")
            .unwrap_err()
            .message
            .to_string()
            .contains("x>y")
    );
    assert!(
        dag::solve(b"2 1 1\n1 2\n")
            .unwrap_err()
            .to_string()
            .contains("ends early")
    );
}

/// Tokens on a DAG by plain recursion on the rules, with no values: a move slides one token
/// along an edge of `edges`, who cannot move loses. Tokens are sorted (their order does not
/// matter).
fn dag_wins(edges: &[(u32, u32)], tokens: &[u32], memo: &mut HashMap<Vec<u32>, bool>) -> bool {
    let mut key = tokens.to_vec();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut wins = false;
    'search: for i in 0..key.len() {
        for &(x, y) in edges {
            if x == key[i] {
                let mut next = key.clone();
                next[i] = y;
                if !dag_wins(edges, &next, memo) {
                    wins = true;
                    break 'search;
                }
            }
        }
    }
    memo.insert(key, wins);
    wins
}

#[test]
fn dag_against_a_search_from_the_rules() {
    for seed in 1..30u64 {
        let n = 3 + (seed % 6) as u32;
        let edges = random_dag(n, seed * 7919);
        let edge_text: Vec<String> = edges.iter().map(|(x, y)| format!("{x}>{y}")).collect();
        let mut memo = HashMap::new();
        // Every multiset of one to three tokens.
        for a in 1..=n {
            for b in a..=n {
                for c in b..=n + 1 {
                    let tokens: Vec<u32> = [a, b, c].into_iter().filter(|&t| t <= n).collect();
                    let text: Vec<String> = tokens.iter().map(u32::to_string).collect();
                    let code = format!("dag:{n}:{}:{}", edge_text.join(","), text.join(","));
                    let p = Dag::from_code(&code).unwrap();
                    let brute = dag_wins(&edges, &tokens, &mut memo);
                    assert_eq!(p.mover_wins(), brute, "{code}");
                    // Every winning move the engine offers leaves a lost position.
                    let winning = p.winning_moves(usize::MAX);
                    assert_eq!(!winning.is_empty(), brute, "{code}");
                    for mv in winning {
                        let after = p.play_unchecked(&mv);
                        assert!(
                            !dag_wins(&edges, after.tokens(), &mut memo),
                            "{code} {mv:?}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn random_dag_starts_have_layers_and_tokens_that_move() {
    let mut rng = StdRng::seed_from_u64(5);
    for _ in 0..200 {
        let p = Dag::random(&mut rng);
        let graph = p.graph();
        assert_eq!(Dag::from_code(&p.to_code()).unwrap(), p);
        assert!((2..=4).contains(&p.tokens().len()), "{}", p.to_code());
        assert!(
            p.tokens().iter().all(|&v| !graph.successors(v).is_empty()),
            "{}",
            p.to_code()
        );
        // The longest path (vertices are numbered along the edges): 3 or 4 edges.
        let n = graph.len() as u32;
        let mut depth = vec![0; n as usize + 1];
        for v in (1..=n).rev() {
            depth[v as usize] = graph
                .successors(v)
                .iter()
                .map(|&s| depth[s as usize] + 1)
                .max()
                .unwrap_or(0);
        }
        let longest = depth.iter().copied().max().unwrap();
        assert!((3..=4).contains(&longest), "{}", p.to_code());
        assert!((1..=n).any(|v| graph.value(v) >= 2), "{}", p.to_code());
        assert!(graph.len() <= 14, "{}", p.to_code());
    }
}

#[test]
fn wythoff_values_p_positions_and_contest() {
    for a in 0..=10 {
        for b in 0..=10 {
            let p = Wythoff::from_code(&format!("wythoff:{a},{b}")).unwrap();
            assert_eq!(
                nimber_by_definition(&p, 1_000_000).unwrap().to_u64(),
                Some(u64::from(queen_value(a, b))),
                "({a}, {b})"
            );
        }
    }
    // The closed form of the lost queens against the recursion and the table, whole board.
    let mut memo = HashMap::new();
    for a in 0..=300 {
        for b in 0..=300 {
            let lost = queen_value(a, b) == 0;
            assert_eq!(is_p_position(a, b), lost, "({a}, {b})");
            if a <= 60 && b <= 60 {
                assert_eq!(queen_wins(a, b, &mut memo), !lost, "({a}, {b})");
            }
        }
    }
    // Far out: the lower and upper Wythoff sequences split the positive integers (each appears
    // exactly once, as Beatty's theorem says of ⌊kφ⌋ and ⌊kφ²⌋), checked to 2·10^6.
    let limit = 2_000_000usize;
    let mut hits = vec![0u8; limit + 1];
    for k in 1..=limit as u64 {
        let low = lower_wythoff(k);
        for v in [low, low + k] {
            if v as usize <= limit {
                hits[v as usize] += 1;
            }
        }
    }
    assert!(hits[1..].iter().all(|&h| h == 1));
    // Exact square roots at the top of the range (10^9 heaps: 5k² near 5·10^18).
    for n in [
        0u128,
        1,
        2,
        3,
        4,
        5 * 999_999_999u128.pow(2),
        u64::MAX as u128,
        10u128.pow(30) + 7,
    ] {
        let r = isqrt(n);
        assert!(r * r <= n && (r + 1) * (r + 1) > n, "isqrt({n})");
    }
    assert_eq!(lower_wythoff(1_000_000_000), 1_618_033_988);
    let out = wythoff::solve(
        b"2 1\n3 5\n4 4\n618033988 999999999\n999999999 618033988\n618033989 999999999\n0 0\n",
    )
    .unwrap();
    // (618033988, 999999999) is k = 381966011 (checked with 60-digit decimals of φ).
    assert_eq!(out, "0\n0\n1\n0\n0\n1\n0\n");
    let e = wythoff::solve(b"2 x\n").unwrap_err();
    assert_eq!((e.line, e.column), (1, Some(3)));
    // A lone queen plays to 10^9; several queens stay on the value table.
    assert!(Wythoff::from_code("wythoff:301,2").is_ok());
    assert!(Wythoff::from_code("wythoff:1000000001,2").is_err());
    assert!(Wythoff::from_code("wythoff:301,2,1,1").is_err());
    assert!(Wythoff::from_code("wythoff:3").is_err());
}

#[test]
fn fibonacci_nim_values_zeckendorf_and_contest() {
    let mut memo = HashMap::new();
    for n in 0..=300u64 {
        for limit in [n.saturating_sub(1), 1, 2, 3, 5, 7, 12, 40] {
            let p = FibNim::new(n, limit).unwrap();
            let brute = fib_wins(n, limit, &mut memo);
            assert_eq!(p.mover_wins(), brute, "heap {n}, limit {limit}");
            // Zeckendorf: the mover wins iff the smallest term is at most the limit, and
            // taking it wins.
            assert_eq!(
                least_winning_take(n, p.limit()).is_some(),
                brute,
                "{n} {limit}"
            );
            if let Some(t) = least_winning_take(n, p.limit()) {
                assert!(!fib_wins(n - t, 2 * t, &mut memo), "{n} {limit}: take {t}");
                assert!((1..t).all(|s| fib_wins(n - s, 2 * s, &mut memo)), "least");
            }
            if n <= 24 {
                assert_eq!(
                    nimber_by_definition(&p, 1_000_000),
                    Some(p.nim_sum()),
                    "heap {n}, limit {limit}"
                );
                assert_eq!(solver::outcome(&p, 1_000_000).unwrap().wins, brute);
            }
        }
    }
    // The first player loses exactly on Fibonacci heaps.
    let losing: Vec<u64> = (1..=300)
        .filter(|&n| !FibNim::start(n).unwrap().mover_wins())
        .collect();
    assert_eq!(losing, vec![1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233]);
    assert_eq!(zeckendorf(100), vec![89, 8, 3]);
    assert_eq!(
        zeckendorf(1_000_000_000_000_000).iter().sum::<u64>(),
        1_000_000_000_000_000
    );
    let out = fibnim::solve(b"20\n13\n1000000000000000\n").unwrap();
    let big = *zeckendorf(1_000_000_000_000_000).last().unwrap();
    assert_eq!(out, format!("2\n13\n{big}\n"));
    assert!(fibnim::solve(b"0\n").is_err());
    assert_eq!(
        FibNim::from_code("fibnim:20").unwrap().to_code(),
        "fibnim:20:19"
    );
    assert!(FibNim::from_code("fibnim:1000000000000000").is_ok());
    assert!(FibNim::from_code("fibnim:1000000000000001").is_err());
    assert!(
        FibNim::from_code("fibnim:x")
            .unwrap_err()
            .message
            .to_string()
            .contains("whole number")
    );
}

#[test]
fn codes_name_their_game() {
    for (code, kind) in [
        ("stairs:0,1,2", GameKind::Stairs),
        ("ed:1,2,3,4", GameKind::Ed),
        ("dag:2:1>2:1", GameKind::Dag),
        ("wythoff:3,5,2,2", GameKind::Wythoff),
        ("fibnim:20:19", GameKind::Fibnim),
    ] {
        let p = AnyPosition::from_code(code).unwrap();
        assert_eq!(p.kind(), kind);
        assert_eq!(p.to_code(), code);
        assert_eq!(GameKind::of_code_name(kind.name()), Some(kind));
    }
}

fn check_ai<P: Impartial>(p: &P, seed: u64) -> Result<(), TestCaseError> {
    let mut rng = StdRng::seed_from_u64(seed);
    for level in [Level::Perfect, Level::Medium] {
        match ai::choose_move(p, level, &mut rng) {
            None => prop_assert!(p.is_over()),
            Some(d) => {
                prop_assert!(p.check_move(&d.mv).is_ok());
                if level == Level::Perfect && p.mover_wins() {
                    prop_assert!(p.nim_sum_after(&d.mv).is_zero());
                }
            }
        }
    }
    for mv in p.winning_moves(16) {
        prop_assert!(p.play_unchecked(&mv).nim_sum().is_zero());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn stair_ai(balls in prop::collection::vec(0u64..30, 1..8), seed in any::<u64>()) {
        let p = StairNim::new(balls).unwrap();
        prop_assert_eq!(StairNim::from_code(&p.to_code()).unwrap(), p.clone());
        check_ai(&p, seed)?;
    }

    #[test]
    fn ed_ai(heaps in prop::collection::vec(1u64..40, 1..4), seed in any::<u64>()) {
        let heaps: Vec<u64> = heaps.iter().flat_map(|&x| [x, x / 2 + 1]).collect();
        let p = Ed::new(&heaps).unwrap();
        prop_assert_eq!(Ed::from_code(&p.to_code()).unwrap(), p.clone());
        check_ai(&p, seed)?;
    }

    #[test]
    fn wythoff_ai(coords in prop::collection::vec(0u64..=300, 1..3), seed in any::<u64>()) {
        let coords: Vec<u64> = coords.iter().flat_map(|&x| [x, (x * 7 + 3) % 301]).collect();
        let p = Wythoff::new(&coords).unwrap();
        prop_assert_eq!(Wythoff::from_code(&p.to_code()).unwrap(), p.clone());
        check_ai(&p, seed)?;
    }

    #[test]
    fn fibnim_ai(n in 0u64..=300, limit in 0u64..400, seed in any::<u64>()) {
        let p = FibNim::new(n, limit).unwrap();
        prop_assert_eq!(FibNim::from_code(&p.to_code()).unwrap(), p);
        check_ai(&p, seed)?;
    }

    #[test]
    fn dag_ai(seed in 1u64..1000, tokens in prop::collection::vec(1u32..=12, 1..5)) {
        let edges: Vec<String> = random_dag(12, seed).iter().map(|(x, y)| format!("{x}>{y}")).collect();
        let code = format!(
            "dag:12:{}:{}",
            edges.join(","),
            tokens.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
        );
        let p = Dag::from_code(&code).unwrap();
        check_ai(&p, seed)?;
    }
}
