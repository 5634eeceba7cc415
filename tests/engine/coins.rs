//! Coin row: the fast values against the definition and against game-tree search, the move
//! generator against one written straight from RULES.md, the AI, the notation and the
//! contest solver (sample and bad input).

use std::collections::HashSet;

use grundy::ai::{self, Level, Reason};
use grundy::game::{Impartial, Notation, Position};
use grundy::games::Face;
use grundy::games::coins::{self, Base, CoinMove, CoinRow, class_value, coin_value};
use grundy::nimber::Nimber;
use grundy::solver::{self, DefinitionMemo, ExactSolution};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// A row of `n` coins whose tails coins are the set bits of `mask` (bit 0 = coin 1).
fn from_mask(maxq: u32, n: usize, mask: u64) -> CoinRow {
    let faces: Vec<Face> = (0..n)
        .map(|i| {
            if mask >> i & 1 == 1 {
                Face::Tails
            } else {
                Face::Heads
            }
        })
        .collect();
    CoinRow::new(maxq, &faces).unwrap()
}

fn lone_tail(maxq: u32, n: usize, coin: usize) -> CoinRow {
    let mut faces = vec![Face::Heads; n];
    faces[coin - 1] = Face::Tails;
    CoinRow::new(maxq, &faces).unwrap()
}

fn random_small(rng: &mut StdRng, max_n: usize) -> CoinRow {
    let n = rng.random_range(1..=max_n);
    let maxq = *[1, 2, 3, 4, 5, 20]
        .get(rng.random_range(0..6))
        .expect("in range");
    CoinRow::random(n, maxq, rng)
}

// ---------------------------------------------------------------------------------------------
// 1. Fast values = values by definition.

#[test]
fn nim_sum_equals_definition_for_every_row_up_to_10_coins() {
    for maxq in [1, 2, 3, 4, 7, 20] {
        // One memo per MAXQ: rows of one n share their subpositions.
        let mut memo = DefinitionMemo::default();
        for n in 1..=10 {
            for mask in 0..1u64 << n {
                let p = from_mask(maxq, n, mask);
                assert_eq!(
                    p.nim_sum(),
                    memo.nimber(&p),
                    "{p:?}: fast nim-sum differs from the definition"
                );
            }
        }
    }
}

#[test]
fn nim_sum_equals_definition_on_random_rows_up_to_16_coins() {
    let mut rng = StdRng::seed_from_u64(11);
    for _ in 0..60 {
        let p = random_small(&mut rng, 16);
        let by_definition = solver::nimber_by_definition(&p, 1 << 17).expect("small tree");
        assert_eq!(p.nim_sum(), by_definition, "{p:?}");
    }
}

/// The claim behind the tables: a lone T at x = c·2^a·3^b has a value that depends on
/// (a, b, MAXQ) only. Checked by definition for every coin up to 200 (a tree of at most
/// 2^((a+1)(b+1)) positions, 2^15 for 144 = 2^4·3^2), so for several c in each small class.
#[test]
fn lone_tail_value_depends_on_exponents_only() {
    const N: usize = 200;
    for maxq in [1, 2, 3, 20] {
        let mut memo = DefinitionMemo::default();
        for coin in 1..=N {
            let (mut c, mut a, mut b) = (coin as u32, 0, 0);
            while c.is_multiple_of(2) {
                c /= 2;
                a += 1;
            }
            while c.is_multiple_of(3) {
                c /= 3;
                b += 1;
            }
            let p = lone_tail(maxq, N, coin);
            let by_definition = memo.nimber(&p);
            assert_eq!(
                coin_value(coin, maxq),
                by_definition,
                "coin {coin} MAXQ {maxq}"
            );
            assert_eq!(
                class_value(a, b, maxq),
                by_definition,
                "coin {coin} MAXQ {maxq}"
            );
        }
    }
}

#[test]
fn parts_are_the_tails_coins_with_their_values() {
    let mut rng = StdRng::seed_from_u64(3);
    for _ in 0..20 {
        let p = CoinRow::random(
            rng.random_range(1..=300),
            rng.random_range(1..=20),
            &mut rng,
        );
        let parts = p.parts();
        let coins: Vec<usize> = parts.iter().map(|&(c, _)| c).collect();
        assert_eq!(coins, p.tails());
        for &(coin, value) in &parts {
            assert_eq!(value, coin_value(coin, p.maxq()));
            assert_eq!(p.face(coin), Face::Tails);
        }
        assert_eq!(p.nim_sum(), parts.iter().map(|&(_, v)| v).sum::<Nimber>());
    }
}

// ---------------------------------------------------------------------------------------------
// 2. Who wins, by search without Sprague–Grundy theory.

#[test]
fn winner_from_nim_sum_matches_game_tree_search() {
    let mut rng = StdRng::seed_from_u64(5);
    let mut wins = 0;
    for _ in 0..300 {
        let p = random_small(&mut rng, 14);
        let outcome = solver::outcome(&p, 1 << 16).expect("small tree");
        assert_eq!(outcome.wins, !p.nim_sum().is_zero(), "{p:?}");
        wins += outcome.wins as usize;
    }
    // Both kinds of positions were tested.
    assert!((30..270).contains(&wins), "{wins} wins in 300");
}

#[test]
fn reachable_bound_is_an_upper_bound() {
    let mut rng = StdRng::seed_from_u64(8);
    for _ in 0..100 {
        let p = random_small(&mut rng, 14);
        let solution = ExactSolution::new(&p, 1 << 16).expect("small tree");
        let bound = p.reachable_bound().expect("the coin row gives a bound");
        assert!(
            solution.len() as u128 <= bound,
            "{p:?}: {} > {bound}",
            solution.len()
        );
    }
    // Big rows are hopeless for the exact solver, and say so at once.
    let big = CoinRow::random(30000, 20, &mut rng);
    assert_eq!(big.reachable_bound(), Some(u128::MAX));
}

// ---------------------------------------------------------------------------------------------
// 3. The moves, against a generator written straight from the rules text.

/// RULES.md §1: choose a T coin x = c·2^a·3^b; p ≥ 1, 1 ≤ q ≤ MAXQ, p·q ≤ a: flip
/// c·2^(a−p·j)·3^b for j = 0..=q; the same with b and 3.
fn naive_moves(p: &CoinRow) -> Vec<(CoinMove, Vec<u32>)> {
    let mut out = Vec::new();
    for x in 1..=p.n() as u32 {
        if p.face(x as usize) != Face::Tails {
            continue;
        }
        let mut c = x;
        let mut a = 0;
        while c.is_multiple_of(2) {
            c /= 2;
            a += 1;
        }
        let mut b = 0;
        while c.is_multiple_of(3) {
            c /= 3;
            b += 1;
        }
        for step in 1..=a {
            for count in 1..=p.maxq() {
                if step * count <= a {
                    let coins = (0..=count)
                        .map(|j| c * 2u32.pow(a - step * j) * 3u32.pow(b))
                        .collect();
                    let mv = CoinMove {
                        coin: x,
                        base: Base::Two,
                        step,
                        count,
                    };
                    out.push((mv, coins));
                }
            }
        }
        for step in 1..=b {
            for count in 1..=p.maxq() {
                if step * count <= b {
                    let coins = (0..=count)
                        .map(|j| c * 2u32.pow(a) * 3u32.pow(b - step * j))
                        .collect();
                    let mv = CoinMove {
                        coin: x,
                        base: Base::Three,
                        step,
                        count,
                    };
                    out.push((mv, coins));
                }
            }
        }
    }
    out
}

fn faces(p: &CoinRow) -> Vec<Face> {
    (1..=p.n()).map(|c| p.face(c)).collect()
}

#[test]
fn legal_moves_match_the_rules_text() {
    let mut rng = StdRng::seed_from_u64(13);
    for round in 0..200 {
        let n = if round < 150 {
            rng.random_range(1..=40)
        } else {
            rng.random_range(100..=2000)
        };
        let p = CoinRow::random(n, rng.random_range(1..=20), &mut rng);
        let naive = naive_moves(&p);
        let expected: HashSet<CoinMove> = naive.iter().map(|(mv, _)| *mv).collect();
        let generated = p.legal_moves();
        let generated_set: HashSet<CoinMove> = generated.iter().copied().collect();
        assert_eq!(generated.len(), generated_set.len(), "duplicate moves");
        assert_eq!(generated_set, expected, "{p:?}");
        assert_eq!(p.is_over(), naive.is_empty());
        for (mv, coins) in naive.iter().take(50) {
            assert_eq!(&mv.flipped(), coins);
            assert_eq!(p.check_move(mv), Ok(()));
            let mut after = faces(&p);
            for &c in coins {
                after[c as usize - 1] = after[c as usize - 1].flipped();
            }
            let child = p.clone().play(*mv).expect("legal");
            assert_eq!(faces(&child), after);
            assert_eq!(
                child.nim_sum(),
                CoinRow::new(p.maxq(), &after).unwrap().nim_sum()
            );
        }
        // moves_of splits the same moves by chosen coin, with a working limit.
        let mut by_parts = Vec::new();
        for coin in p.tails() {
            let (all, more) = p.moves_of(coin, usize::MAX);
            assert!(!more);
            let (few, more) = p.moves_of(coin, 1);
            assert_eq!(few.len(), all.len().min(1));
            assert_eq!(more, all.len() > 1);
            assert!(all.iter().all(|mv| p.part_of(mv) == coin));
            by_parts.extend(all);
        }
        assert_eq!(by_parts, generated);
    }
}

#[test]
fn check_move_agrees_with_the_rules_text_on_random_moves() {
    let mut rng = StdRng::seed_from_u64(17);
    for _ in 0..100 {
        let p = random_small(&mut rng, 60);
        let legal: HashSet<CoinMove> = naive_moves(&p).into_iter().map(|(mv, _)| mv).collect();
        for _ in 0..100 {
            let mv = CoinMove {
                coin: rng.random_range(0..=p.n() as u32 + 2),
                base: if rng.random_bool(0.5) {
                    Base::Two
                } else {
                    Base::Three
                },
                step: rng.random_range(0..=6),
                count: rng.random_range(0..=p.maxq() + 2),
            };
            assert_eq!(
                p.check_move(&mv).is_ok(),
                legal.contains(&mv),
                "{mv:?} in {p:?}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Fast winning and stalling moves.

#[test]
fn winning_moves_are_exactly_the_moves_to_nim_sum_zero() {
    let mut rng = StdRng::seed_from_u64(19);
    for round in 0..40 {
        let n = if round < 30 { 40 } else { 3000 };
        let p = CoinRow::random(n, rng.random_range(1..=20), &mut rng);
        let fast: HashSet<CoinMove> = p.winning_moves(usize::MAX).into_iter().collect();
        let slow: HashSet<CoinMove> = p
            .legal_moves()
            .into_iter()
            .filter(|mv| p.play_unchecked(mv).nim_sum().is_zero())
            .collect();
        assert_eq!(fast, slow, "{p:?}");
        assert_eq!(fast.is_empty(), p.nim_sum().is_zero());
        assert!(p.winning_moves(1).len() <= 1);
    }
}

#[test]
fn winning_moves_on_the_largest_row() {
    let mut rng = StdRng::seed_from_u64(23);
    let p = CoinRow::random(CoinRow::MAX_N, 20, &mut rng);
    assert!(!p.nim_sum().is_zero(), "seed gives a won row");
    let winning = p.winning_moves(usize::MAX);
    assert!(!winning.is_empty());
    for mv in &winning {
        assert!(p.play_unchecked(mv).nim_sum().is_zero());
    }
    // From the lost row that follows, stalling is legal and quick.
    let lost = p.play_unchecked(&winning[0]);
    let mv = lost.stalling_move(&mut rng).expect("moves remain");
    assert_eq!(lost.check_move(&mv), Ok(()));
}

/// The documented stalling key of a move, from scratch: (winning replies, −tails left, q).
fn stalling_key(p: &CoinRow, mv: &CoinMove) -> (usize, i64, u32) {
    let child = p.play_unchecked(mv);
    let sum = child.nim_sum();
    let replies = match sum.highest_bit() {
        None => 0,
        Some(h) => child
            .tails()
            .into_iter()
            .filter(|&c| coin_value(c, p.maxq()).bit(h))
            .count(),
    };
    (replies, -(child.tails().len() as i64), mv.count)
}

#[test]
fn stalling_move_is_best_by_its_documented_heuristic() {
    let mut rng = StdRng::seed_from_u64(29);
    let mut tested = 0;
    while tested < 100 {
        let p = random_small(&mut rng, 200);
        if !p.nim_sum().is_zero() || p.is_over() {
            continue;
        }
        tested += 1;
        let best = p
            .legal_moves()
            .iter()
            .map(|mv| stalling_key(&p, mv))
            .min()
            .expect("not over");
        let mv = p.stalling_move(&mut rng).expect("not over");
        assert_eq!(p.check_move(&mv), Ok(()));
        assert_eq!(stalling_key(&p, &mv), best, "{mv:?} in {p:?}");
        let decision = ai::choose_move_with_budget(&p, Level::Perfect, &mut rng, 0).unwrap();
        assert_eq!(decision.reason, Reason::Stalling);
        assert_eq!(stalling_key(&p, &decision.mv), best);
    }
    let over = from_mask(3, 7, 0b1010001);
    assert!(over.is_over());
    assert_eq!(over.stalling_move(&mut rng), None);
}

// ---------------------------------------------------------------------------------------------
// 4. The contest solver on the RULES.md sample and on random inputs.

#[test]
fn sample_from_the_rules() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/assets");
    let input = std::fs::read(format!("{dir}/coins-sample.in")).unwrap();
    let output = std::fs::read_to_string(format!("{dir}/coins-sample.out")).unwrap();
    assert_eq!(coins::solve(&input).unwrap(), output);
}

#[test]
fn solve_agrees_with_positions() {
    let mut rng = StdRng::seed_from_u64(31);
    let rows: Vec<CoinRow> = (0..100)
        .map(|case| {
            // Two cases of the largest size, the rest small.
            let n = if case < 2 {
                CoinRow::MAX_N
            } else {
                rng.random_range(1..=300)
            };
            CoinRow::random(n, rng.random_range(1..=20), &mut rng)
        })
        .collect();
    let mut input = format!("{}\n", rows.len());
    for p in &rows {
        input.push_str(&format!("{} {}\n", p.n(), p.maxq()));
        let line: Vec<&str> = (1..=p.n())
            .map(|c| match p.face(c) {
                Face::Heads => "1",
                Face::Tails => "0",
            })
            .collect();
        input.push_str(&line.join(" "));
        input.push('\n');
    }
    let expected: String = rows
        .iter()
        .map(|p| {
            if p.nim_sum().is_zero() {
                "lose\n"
            } else {
                "win\n"
            }
        })
        .collect();
    assert_eq!(coins::solve(input.as_bytes()).unwrap(), expected);
    // Windows line endings, blank lines and extra blanks change nothing.
    let loose = input.replace('\n', " \r\n\r\n").replace(' ', "\t ");
    assert_eq!(coins::solve(loose.as_bytes()).unwrap(), expected);
}

// ---------------------------------------------------------------------------------------------
// 5. Properties: notation, the AI, illegal moves.

fn row_strategy(max_n: usize) -> impl Strategy<Value = CoinRow> {
    (
        1..=CoinRow::MAX_MAXQ,
        prop::collection::vec(any::<bool>(), 1..=max_n),
    )
        .prop_map(|(maxq, tails)| {
            let faces: Vec<Face> = tails
                .into_iter()
                .map(|t| if t { Face::Tails } else { Face::Heads })
                .collect();
            CoinRow::new(maxq, &faces).unwrap()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn notation_round_trips(maxq in 1..=20u32, faces in "[HT]{1,300}") {
        let code = format!("coins:{maxq}:{faces}");
        let p = CoinRow::from_code(&code).unwrap();
        prop_assert_eq!(p.to_code(), code.clone());
        prop_assert_eq!(p.n(), faces.len());
        prop_assert_eq!(CoinRow::from_code(&p.to_code()).unwrap(), p);
    }

    #[test]
    fn every_ai_move_is_legal(small in row_strategy(12), big_n in 200..2000usize, seed: u64) {
        let mut rng = StdRng::seed_from_u64(seed);
        let big = CoinRow::random(big_n, small.maxq(), &mut rng);
        for p in [&small, &big] {
            for level in Level::ALL {
                for _ in 0..3 {
                    match ai::choose_move(p, level, &mut rng) {
                        Some(decision) => prop_assert_eq!(p.check_move(&decision.mv), Ok(())),
                        None => prop_assert!(p.is_over()),
                    }
                }
            }
        }
    }

    #[test]
    fn perfect_ai_moves_to_nim_sum_zero(small in row_strategy(12), big_n in 200..3000usize, seed: u64) {
        let mut rng = StdRng::seed_from_u64(seed);
        let big = CoinRow::random(big_n, small.maxq(), &mut rng);
        for p in [&small, &big] {
            if p.nim_sum().is_zero() {
                continue;
            }
            for budget in [0, ai::EXACT_BUDGET] {
                let decision = ai::choose_move_with_budget(p, Level::Perfect, &mut rng, budget)
                    .expect("a won position has a move");
                prop_assert_eq!(p.check_move(&decision.mv), Ok(()));
                prop_assert!(p.nim_sum_after(&decision.mv).is_zero());
                prop_assert!(p.play_unchecked(&decision.mv).nim_sum().is_zero());
            }
        }
    }

    #[test]
    fn illegal_moves_are_refused_with_the_position_untouched(
        p in row_strategy(40),
        coin in 0..45u32,
        three: bool,
        step in 0..7u32,
        count in 0..23u32,
    ) {
        let mv = CoinMove { coin, base: if three { Base::Three } else { Base::Two }, step, count };
        let legal = naive_moves(&p).into_iter().any(|(m, _)| m == mv);
        match p.clone().play(mv) {
            Ok(child) => {
                prop_assert!(legal);
                prop_assert_eq!(child, p.play_unchecked(&mv));
            }
            Err(error) => {
                prop_assert!(!legal);
                prop_assert_eq!(error.mv, mv);
                prop_assert_eq!(&error.position, &p);
                prop_assert!(!error.reason.0.to_string().is_empty());
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// 6. Remoteness: the perfect AI wins fastest and loses slowest on small rows.

#[test]
fn perfect_ai_is_remoteness_optimal_on_small_rows() {
    let mut rng = StdRng::seed_from_u64(37);
    let (mut won, mut lost) = (0, 0);
    while won + lost < 150 {
        let p = random_small(&mut rng, 11);
        if p.is_over() {
            continue;
        }
        let solution = ExactSolution::new(&p, 1 << 16).expect("small tree");
        let here = solution.outcome(&p).unwrap();
        let decision = ai::choose_move(&p, Level::Perfect, &mut rng).unwrap();
        let child = solution
            .outcome(&p.play_unchecked(&decision.mv))
            .expect("children are solved");
        assert_eq!(child.remoteness + 1, here.remoteness, "{p:?}");
        if here.wins {
            won += 1;
            assert!(!child.wins);
            assert_eq!(
                decision.reason,
                Reason::ExactWin {
                    remoteness: here.remoteness
                }
            );
        } else {
            lost += 1;
            assert!(child.wins);
            assert_eq!(
                decision.reason,
                Reason::ExactLoss {
                    remoteness: here.remoteness
                }
            );
        }
    }
    assert!(won > 10 && lost > 10, "{won} won, {lost} lost");
}

// ---------------------------------------------------------------------------------------------
// 7. Bad input.

fn code_error(code: &str) -> (usize, String) {
    let error = CoinRow::from_code(code).expect_err(code);
    (error.column, error.message.to_string())
}

#[test]
fn bad_codes_name_what_and_where() {
    let cases: &[(&str, usize, &str)] = &[
        ("", 1, "missing prefix"),
        ("HTTH", 1, "missing prefix"),
        ("grid:HHH/TTH", 1, "unknown game 'grid'"),
        (
            "coins:x:HT",
            7,
            "MAXQ must be a number 1 to 20 followed by ':', found 'x'",
        ),
        ("coins:1x:HT", 8, "found 'x'"),
        ("coins::HT", 7, "MAXQ is missing"),
        ("coins:", 7, "MAXQ is missing"),
        ("coins:0:HT", 7, "MAXQ 0 is out of range (1..=20)"),
        ("coins:21:HT", 7, "MAXQ 21 is out of range"),
        ("coins:99999999999999999999999:H", 7, "out of range"),
        ("coins:14", 9, "expected ':' and the faces"),
        ("coins:14:", 10, "no coins"),
        ("coins:14:HTXH", 12, "letter 'X' is not a coin face"),
        ("coins:14:HTtH", 12, "letter 't'"),
        (
            "coins:14:HTH:",
            13,
            "the faces of coins 1..3 are followed by ':'",
        ),
        (
            "coins:14:HTH TT",
            13,
            "are followed by a space: a code ends",
        ),
        (
            "coins:14:-HT",
            10,
            "expected the faces H/T of the coins, found '-'",
        ),
        ("coins:14:HTéH", 12, "non-ASCII character 'é'"),
        ("cöins:14:HT", 2, "non-ASCII character 'ö'"),
    ];
    for &(code, column, message) in cases {
        let (c, m) = code_error(code);
        assert_eq!(c, column, "{code}: {m}");
        assert!(m.contains(message), "{code}: {m}");
    }
    let too_long = format!("coins:1:{}", "H".repeat(30001));
    assert_eq!(
        code_error(&too_long),
        (30009, "too many coins: 30001 (at most 30000)".to_string())
    );
    let longest = format!("coins:1:{}", "T".repeat(30000));
    assert_eq!(CoinRow::from_code(&longest).unwrap().to_code(), longest);
    // The constructor checks the same bounds.
    assert!(CoinRow::new(0, &[Face::Tails]).is_err());
    assert!(CoinRow::new(21, &[Face::Tails]).is_err());
    assert!(CoinRow::new(3, &[]).is_err());
    assert!(CoinRow::new(3, &vec![Face::Heads; 30001]).is_err());
}

fn input_error(input: &[u8]) -> (usize, Option<usize>, String) {
    let error = coins::solve(input).expect_err(&String::from_utf8_lossy(input));
    (error.line, error.column, error.message.to_string())
}

#[test]
fn bad_contest_input_names_what_and_where() {
    let cases: &[(&[u8], usize, Option<usize>, &str)] = &[
        (b"", 1, None, "empty input"),
        (b" \n\r\n\n", 1, None, "empty input"),
        (b"x\n", 1, Some(1), "T must be a whole number, found 'x'"),
        (b"0\n", 1, Some(1), "T 0 is out of range (1..=100)"),
        (b"101\n", 1, Some(1), "T 101 is out of range"),
        (b"1 2\n", 1, Some(3), "unexpected extra field '2' after T"),
        (b"1\n16\n", 2, None, "expected n MAXQ (2), found 1 field"),
        (
            b"1\n16 21\n",
            2,
            Some(4),
            "MAXQ 21 is out of range (1..=20)",
        ),
        (
            b"1\n0 3\n0\n",
            2,
            Some(1),
            "n 0 is out of range (1..=30000)",
        ),
        (b"1\n30001 3\n", 2, Some(1), "n 30001 is out of range"),
        (
            b"1\n3 x\n",
            2,
            Some(3),
            "MAXQ must be a whole number, found 'x'",
        ),
        (b"1\n3 1 9\n", 2, Some(5), "unexpected extra field '9'"),
        (
            b"1\n3 1\n0 1\n",
            3,
            Some(4),
            "expected 3 coin values (n = 3), found 2",
        ),
        (
            b"1\n3 1\n0 1 0 1 1\n",
            3,
            Some(7),
            "expected 3 coin values (n = 3), found 5",
        ),
        (
            b"1\n3 1\n0 2 1\n",
            3,
            Some(3),
            "coin 2 must be 0 (tails) or 1 (heads), found '2'",
        ),
        (
            b"1\n3 1\n0 1 00\n",
            3,
            Some(5),
            "coin 3 must be 0 (tails) or 1 (heads), found '00'",
        ),
        (b"1\n3 1\n0 1,0\n", 3, Some(3), "found '1,0'"),
        (
            b"1\r\n3 1\r\n0 1 \r\n",
            3,
            Some(4),
            "expected 3 coin values (n = 3), found 2",
        ),
        (b"1\n3 1\n\n \n0 1\n", 5, Some(4), "found 2"),
        (
            b"1\n5 1\n0 1 0 1 2 1 1 1 0\n",
            3,
            Some(9),
            "coin 5 must be 0 (tails) or 1 (heads), found '2'",
        ),
        (
            b"1\n9 1\n0 1 0 1 0 1 0 1 0 1 1\n",
            3,
            Some(19),
            "expected 9 coin values (n = 9), found 11",
        ),
        (
            b"2\n3 1\n0 1 0\n",
            4,
            None,
            "input ends early: expected the line `n MAXQ` of case 2",
        ),
        (
            b"1\n3 1\n",
            3,
            None,
            "input ends early: expected the line of 3 coins of case 1",
        ),
        (
            b"1\n1 1\n0\nextra\n",
            4,
            Some(1),
            "unexpected 'extra' after the last case",
        ),
        (
            b"1\n1 1\n0\n\n  1\n",
            5,
            Some(3),
            "unexpected '1' after the last case",
        ),
        (b"1\n3 1\n0 \xff 1\n", 3, Some(3), "found '\\xff'"),
        (b"1\n3 \xfe\n", 2, Some(3), "byte 0xFE"),
        // A byte-order mark is skipped; columns count from after it.
        (
            b"\xef\xbb\xbf1\n",
            2,
            None,
            "expected the line `n MAXQ` of case 1",
        ),
        (b"\xef\xbb\xbfx\n", 1, Some(1), "T must be a whole number"),
        (b"1\n2 1\n\xc3\xa9 0\n", 3, Some(1), "found 'é'"),
    ];
    for &(input, line, column, message) in cases {
        let (l, c, m) = input_error(input);
        let shown = String::from_utf8_lossy(input);
        assert_eq!((l, c), (line, column), "{shown:?}: {m}");
        assert!(m.contains(message), "{shown:?}: {m}");
    }
}
