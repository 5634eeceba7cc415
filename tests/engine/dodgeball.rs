//! Binary Dodgeball against brute force and the rules text: values by the definition, outcomes
//! by game-tree search, moves by a naive generator, the contest sample, codes, bad input, and
//! the AI's moves (legal, winning, remoteness-optimal).

use std::collections::HashSet;

use grundy::ai::{Level, Reason, choose_move, choose_move_with_budget};
use grundy::game::{Impartial, Notation, Position};
use grundy::games::dodgeball::{
    Dodgeball, Throw, full_board_nim_sum, nth_second_player_win, solve,
};
use grundy::message::Msg;
use grundy::nimber::Nimber;
use grundy::solver::{self, DefinitionMemo, ExactSolution};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// The board of `n` boxes whose box `i` holds a piece when bit `i − 1` of `mask` is set.
fn board(n: usize, mask: u32) -> Dodgeball {
    let pieces: Vec<bool> = (0..n).map(|i| mask >> i & 1 == 1).collect();
    Dodgeball::new(&pieces).unwrap()
}

fn wins(position: &Dodgeball) -> bool {
    !position.nim_sum().is_zero()
}

/// The moves as RULES.md words them, checked pair by pair: a piece in box i goes to box
/// 2^p · i ≤ n for some p ≥ 1.
fn naive_moves(position: &Dodgeball) -> HashSet<Throw> {
    let n = position.n();
    let mut moves = HashSet::new();
    for i in 1..=n {
        if !position.has_piece(i) {
            continue;
        }
        for p in 1..32 {
            let to = (1usize << p) * i;
            if to <= n {
                moves.insert(Throw {
                    from: i as u32,
                    to: to as u32,
                });
            }
        }
    }
    moves
}

#[test]
fn values_match_the_definition_on_every_board_up_to_12() {
    for n in 1..=12 {
        let mut memo = DefinitionMemo::default();
        for mask in 0..1u32 << n {
            let position = board(n, mask);
            assert_eq!(position.nim_sum(), memo.nimber(&position), "{position:?}");
        }
    }
    // And without the shared memo: each root's tree evaluated on its own.
    for n in 1..=7 {
        for mask in 0..1u32 << n {
            let position = board(n, mask);
            let value = solver::nimber_by_definition(&position, 1 << 16).unwrap();
            assert_eq!(position.nim_sum(), value, "{position:?}");
        }
    }
    for n in 8..=12 {
        let full = Dodgeball::full(n);
        let value = solver::nimber_by_definition(&full, 1 << 16).unwrap();
        assert_eq!(full.nim_sum(), value, "{full:?}");
    }
}

#[test]
fn outcomes_match_game_tree_search() {
    // The full board reaches at most 2^⌊n/2⌋ positions (each chain keeps its parity).
    for n in 1..=26 {
        let full = Dodgeball::full(n);
        let outcome = solver::outcome(&full, 1 << 14).unwrap();
        assert_eq!(outcome.wins, wins(&full), "n = {n}");
        assert_eq!(full_board_nim_sum(n as u64) != 0, outcome.wins, "n = {n}");
    }
    let mut rng = StdRng::seed_from_u64(2012);
    for _ in 0..300 {
        let n = rng.random_range(1..=16);
        let position = Dodgeball::random(n, &mut rng);
        let outcome = solver::outcome(&position, 1 << 17).unwrap();
        assert_eq!(outcome.wins, wins(&position), "{position:?}");
    }
}

#[test]
fn moves_match_the_rules_text() {
    let mut rng = StdRng::seed_from_u64(1);
    for _ in 0..300 {
        let n = rng.random_range(1..=80);
        let position = Dodgeball::random(n, &mut rng);
        let expected = naive_moves(&position);
        let listed: Vec<Throw> = position.legal_moves();
        let generated: HashSet<Throw> = listed.iter().copied().collect();
        assert_eq!(generated.len(), listed.len(), "no duplicates");
        assert_eq!(generated, expected, "{position:?}");
        assert_eq!(position.is_over(), expected.is_empty());
        for from in 0..=n as u32 + 2 {
            for to in 0..=2 * n as u32 + 2 {
                let mv = Throw { from, to };
                assert_eq!(
                    position.check_move(&mv).is_ok(),
                    expected.contains(&mv),
                    "{position:?} {mv:?}"
                );
            }
        }
        let mut by_parts = HashSet::new();
        for (part, _) in position.parts() {
            let (moves, more) = position.moves_of(part, usize::MAX);
            assert!(!more);
            for mv in moves {
                assert_eq!(position.part_of(&mv), part);
                by_parts.insert(mv);
            }
        }
        assert_eq!(by_parts, expected);
        // Each child as the rules text says, with its cached values equal to a fresh count's.
        for mv in &listed {
            let child = position.play_unchecked(mv);
            let flags: Vec<bool> = (1..=n)
                .map(|b| match b {
                    _ if b == mv.from as usize => false,
                    _ if b == mv.to as usize => !position.has_piece(b),
                    _ => position.has_piece(b),
                })
                .collect();
            assert_eq!(
                child,
                Dodgeball::new(&flags).unwrap(),
                "{position:?} {mv:?}"
            );
            let by_heaps = child.parts().iter().fold(0, |x, (b, _)| {
                x ^ (0..).take_while(|h| b << h <= n).last().unwrap()
            });
            assert_eq!(
                child.nim_sum(),
                Nimber::new(by_heaps),
                "{position:?} {mv:?}"
            );
            assert_eq!(position.nim_sum_after(mv), child.nim_sum());
        }
    }
}

#[test]
fn contest_sample_and_the_first_lost_boards() {
    let input = std::fs::read("assets/dodgeball-sample.in").unwrap();
    let output = std::fs::read_to_string("assets/dodgeball-sample.out").unwrap();
    assert_eq!(solve(&input).unwrap(), output);

    let listed = std::fs::read_to_string("assets/dodgeball-first.txt").unwrap();
    let first: Vec<u64> = listed
        .lines()
        .filter(|l| !l.starts_with('#'))
        .flat_map(|l| l.split_whitespace().map(|w| w.parse::<u64>().unwrap()))
        .collect();
    assert!(first.len() >= 8);
    for (k, &n) in first.iter().enumerate() {
        assert_eq!(nth_second_player_win(k as u64 + 1), n, "k = {}", k + 1);
    }
    let scanned: Vec<u64> = (1..=first[first.len() - 1])
        .filter(|&n| !wins(&Dodgeball::full(n as usize)))
        .collect();
    assert_eq!(scanned, first);
    let ks: String = (1..=first.len()).map(|k| format!("{k}\n")).collect();
    let answers: String = first.iter().map(|n| format!("{n}\n")).collect();
    assert_eq!(solve(ks.as_bytes()).unwrap(), answers);
    // Blank lines are skipped; CRLF line endings are fine.
    assert_eq!(solve(b"\n2\r\n\n  1  \n\n").unwrap(), "10\n1\n");
}

#[test]
fn the_ai_plays_remoteness_optimally_on_small_boards() {
    let mut rng = StdRng::seed_from_u64(77);
    let mut positions: Vec<Dodgeball> = (1..=16).map(Dodgeball::full).collect();
    for _ in 0..150 {
        let n = rng.random_range(1..=14);
        let position = Dodgeball::random(n, &mut rng);
        // Random boards are mostly won; the move to nim-sum 0 gives a lost one as well.
        if let Some(mv) = position.winning_move(&mut rng) {
            positions.push(position.play_unchecked(&mv));
        }
        positions.push(position);
    }
    let (mut won, mut lost) = (0, 0);
    for position in positions {
        let solution = ExactSolution::new(&position, 1 << 17).unwrap();
        let here = solution.outcome(&position).unwrap();
        let Some(decision) = choose_move(&position, Level::Perfect, &mut rng) else {
            assert!(position.is_over());
            continue;
        };
        let child = position.clone().play(decision.mv).unwrap();
        let after = solution.outcome(&child).unwrap();
        assert_eq!(after.remoteness + 1, here.remoteness, "{position:?}");
        if here.wins {
            assert!(!after.wins, "{position:?}");
            assert_eq!(
                decision.reason,
                Reason::ExactWin {
                    remoteness: here.remoteness
                }
            );
            won += 1;
        } else {
            assert!(after.wins);
            assert_eq!(
                decision.reason,
                Reason::ExactLoss {
                    remoteness: here.remoteness
                }
            );
            lost += 1;
        }
    }
    assert!(won > 50 && lost > 50, "won {won}, lost {lost}");
}

#[test]
fn bad_codes_name_their_column() {
    let cases: &[(&str, usize, &str)] = &[
        ("", 1, "starts with 'dodgeball:', but the code ends here"),
        ("dodgeball", 10, "but the code ends here"),
        ("Dodgeball:1", 1, "found 'D' here"),
        ("coins:14:HT", 1, "found 'c' here"),
        ("dodgebal:1", 9, "found ':' here"),
        ("dodgeball:", 11, "no boxes"),
        (
            "dodgeball:10x1",
            13,
            "box 3 must be 0 (empty) or 1 (piece), found 'x'",
        ),
        (
            "dodgeball:102",
            13,
            "box 3 must be 0 (empty) or 1 (piece), found '2'",
        ),
        (
            "dodgeball: 1",
            11,
            "box 1 must be 0 (empty) or 1 (piece), found a space",
        ),
        ("dodgeball:101 ", 14, "box 3 is followed by a space"),
        ("dodgeball:101\n", 14, "box 3 is followed by a line break"),
        ("dodgeball:101:1", 14, "box 3 is followed by ':'"),
        (
            "dodgeball:10é1",
            13,
            "non-ASCII character 'é' (U+00E9) where box 3",
        ),
        ("dödgeball:1", 2, "found 'ö' (U+00F6) here"),
    ];
    for &(code, column, message) in cases {
        let err = Dodgeball::from_code(code).unwrap_err();
        assert_eq!(err.column, column, "{code:?}: {err}");
        assert!(err.message.to_string().contains(message), "{code:?}: {err}");
    }
    let too_long = format!("dodgeball:{}", "1".repeat(Dodgeball::MAX_N + 1));
    let err = Dodgeball::from_code(&too_long).unwrap_err();
    assert_eq!(err.column, 10 + Dodgeball::MAX_N + 1);
    assert!(
        err.message.to_string().contains("at most 1000000 boxes"),
        "{err}"
    );
    let longest = format!("dodgeball:{}", "10".repeat(Dodgeball::MAX_N / 2));
    let position = Dodgeball::from_code(&longest).unwrap();
    assert_eq!(position.n(), Dodgeball::MAX_N);
    assert_eq!(position.to_code(), longest);
}

#[test]
fn bad_contest_input_names_line_and_column() {
    let cases: &[(&[u8], usize, Option<usize>, &str)] = &[
        (b"", 1, None, "no input"),
        (b"\n  \n", 1, None, "no input"),
        (b"12a\n", 1, Some(3), "k must be a whole number, found 'a'"),
        (b"-3\n", 1, Some(1), "found '-'"),
        (b"0\n", 1, Some(1), "k 0 is out of range (1..=999999999)"),
        (b"1000000000\n", 1, Some(1), "out of range"),
        (b"99999999999999999999999", 1, Some(1), "too large"),
        (
            b"2\n 5 6\n",
            2,
            Some(4),
            "one k per line: unexpected second field '6'",
        ),
        (b"2\n\xff\n", 2, Some(1), "byte 0xFF is not UTF-8"),
        (b"1\n2\n  3\xfe", 3, Some(4), "byte 0xFE is not UTF-8"),
        ("é5".as_bytes(), 1, Some(1), "found 'é' (U+00E9)"),
        ("5 é".as_bytes(), 1, Some(3), "unexpected second field 'é'"),
        ("é 1x".as_bytes(), 1, Some(1), "found 'é'"),
        ("  ü1x".as_bytes(), 1, Some(3), "found 'ü'"),
        ("1\n  1é".as_bytes(), 2, Some(4), "found 'é'"),
        ("1\nü 7y".as_bytes(), 2, Some(1), "found 'ü'"),
    ];
    for &(input, line, column, message) in cases {
        let err = solve(input).unwrap_err();
        assert_eq!((err.line, err.column), (line, column), "{input:?}: {err}");
        assert!(
            err.message.to_string().contains(message),
            "{input:?}: {err}"
        );
    }
    // Columns count characters: 'é' is two bytes but one column.
    let err = solve("é é 7x".as_bytes()).unwrap_err();
    assert_eq!(err.column, Some(1));
    let err = solve("  7 é".as_bytes()).unwrap_err();
    assert_eq!(err.column, Some(5), "{err}");
    let err = solve("é\u{a0}".as_bytes()).unwrap_err();
    assert_eq!(err.column, Some(1), "{err}");
}

fn any_board(max_n: usize) -> impl Strategy<Value = Dodgeball> {
    prop::collection::vec(any::<bool>(), 1..=max_n).prop_map(|p| Dodgeball::new(&p).unwrap())
}

fn any_level() -> impl Strategy<Value = Level> {
    prop::sample::select(Level::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn codes_round_trip(pieces in prop::collection::vec(any::<bool>(), 1..400)) {
        let position = Dodgeball::new(&pieces).unwrap();
        let code = position.to_code();
        prop_assert_eq!(code.len(), "dodgeball:".len() + pieces.len());
        let parsed = Dodgeball::from_code(&code).unwrap();
        prop_assert_eq!(&parsed, &position);
        prop_assert_eq!(parsed.to_code(), code);
    }

    #[test]
    fn odd_codes_never_panic(code in "dodgeball:[01a:é ]{0,12}|.{0,16}") {
        match Dodgeball::from_code(&code) {
            Ok(position) => prop_assert_eq!(position.to_code(), code),
            Err(err) => prop_assert!(err.column >= 1 && err.column <= code.chars().count() + 1),
        }
    }

    #[test]
    fn odd_input_never_panics(input in prop::collection::vec(any::<u8>(), 0..40)) {
        if let Err(err) = solve(&input) {
            prop_assert!(err.line >= 1);
        }
    }

    #[test]
    fn every_ai_move_is_legal(
        position in any_board(14),
        big in any_board(600),
        level in any_level(),
        seed in any::<u64>(),
    ) {
        let mut rng = StdRng::seed_from_u64(seed);
        for (position, budget) in [(position, grundy::ai::EXACT_BUDGET), (big, 0)] {
            match choose_move_with_budget(&position, level, &mut rng, budget) {
                None => prop_assert!(position.is_over()),
                Some(decision) => {
                    prop_assert!(position.check_move(&decision.mv).is_ok(), "{:?}", decision);
                }
            }
            if position.nim_sum().is_zero() {
                match position.stalling_move(&mut rng) {
                    None => prop_assert!(position.is_over()),
                    Some(mv) => prop_assert!(position.check_move(&mv).is_ok()),
                }
            }
        }
    }

    #[test]
    fn perfect_ai_moves_to_nim_sum_zero(
        position in any_board(14),
        big in any_board(2000),
        seed in any::<u64>(),
    ) {
        let mut rng = StdRng::seed_from_u64(seed);
        for (position, budget) in [
            (position.clone(), 0),
            (position, grundy::ai::EXACT_BUDGET),
            (big, 0),
        ] {
            if position.nim_sum().is_zero() {
                continue;
            }
            let decision = choose_move_with_budget(&position, Level::Perfect, &mut rng, budget)
                .expect("a winning position has a move");
            prop_assert!(position.nim_sum_after(&decision.mv).is_zero());
            let child = position.play(decision.mv).unwrap();
            prop_assert!(child.nim_sum().is_zero());
        }
    }

    #[test]
    fn illegal_moves_leave_the_position_alone(
        position in any_board(40),
        from in 0u32..45,
        to in 0u32..90,
    ) {
        let mv = Throw { from, to };
        match position.check_move(&mv) {
            Ok(()) => {
                let expected = position.play_unchecked(&mv);
                prop_assert_eq!(position.play(mv).unwrap(), expected);
            }
            Err(reason) => {
                let err = position.clone().play(mv).unwrap_err();
                prop_assert_eq!(&err.position, &position);
                prop_assert_eq!(err.mv, mv);
                prop_assert_eq!(err.reason, reason);
            }
        }
    }
}

#[test]
fn moves_in_words() {
    let position = Dodgeball::from_code("dodgeball:111010000001").unwrap();
    let quiet = Throw { from: 3, to: 6 };
    let collision = Throw { from: 3, to: 12 };
    assert_eq!(
        position.describe_move(&quiet),
        Msg::Throw {
            from: 3,
            to: 6,
            collides: false
        }
    );
    assert_eq!(
        position.describe_move(&collision),
        Msg::Throw {
            from: 3,
            to: 12,
            collides: true
        }
    );
    assert_eq!(
        position.describe_part(5),
        Msg::Part(grundy::message::PartName::Box { number: 5 })
    );
}
