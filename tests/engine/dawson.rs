//! Dawson's Kayles (octal 0.07) against its rules: the fast values (mex table, then the period
//! of 34) against a win/lose search written from the rules alone (tests/brute), against the
//! exact solver's game-tree search and against values by definition; the period checked where
//! it starts; codes and moves round-trip; property tests of the AI.

use std::collections::HashMap;

use grundy::ai::{self, Level};
use grundy::game::{Impartial, Notation, Position};
use grundy::games::dawson::{
    Dawson, DawsonMove, LAST_EXCEPTION, PERIOD, row_moves_to, row_value, value_table,
};
use grundy::nimber::Nimber;
use grundy::solver::{self, nimber_by_definition};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::brute::dawson_wins;

fn dawson(code: &str) -> Dawson {
    Dawson::from_code(code).unwrap_or_else(|e| panic!("{code}: {e}"))
}

#[test]
fn the_period_starts_after_the_last_exception() {
    let table = value_table(3000);
    // The last row length whose value differs from the one a period further on.
    let last = (0..table.len() - PERIOD as usize)
        .rev()
        .find(|&n| table[n] != table[n + PERIOD as usize]);
    assert_eq!(last, Some(LAST_EXCEPTION as usize));
    // No shorter period holds from there on.
    for p in 1..PERIOD as usize {
        assert!(
            (LAST_EXCEPTION as usize + 1..table.len() - p).any(|n| table[n] != table[n + p]),
            "period {p}"
        );
    }
    for n in 0..table.len() as u64 {
        assert_eq!(row_value(n), table[n as usize], "row of {n}");
    }
    // Far rows through the period: the same as a row a multiple of 34 shorter in the table.
    for n in [10_000, 54_321, 99_999, 100_000] {
        let back = LAST_EXCEPTION + 1 + (n - LAST_EXCEPTION - 1) % PERIOD;
        assert_eq!(row_value(n), table[back as usize], "row of {n}");
    }
}

#[test]
fn single_rows_equal_values_by_definition() {
    for n in 0..=18 {
        let p = dawson(&format!("dawson:{n}"));
        assert_eq!(
            nimber_by_definition(&p, 2_000_000),
            Some(Nimber::new(row_value(n).into())),
            "dawson:{n}"
        );
    }
}

#[test]
fn verdicts_agree_with_the_rules_and_the_search() {
    let mut memo = HashMap::new();
    for a in 0..=12 {
        for b in 0..=9 {
            for c in [0, 2, 5] {
                let rows = vec![a, b, c];
                let p = Dawson::new(rows.clone()).unwrap();
                let brute = dawson_wins(&rows, &mut memo);
                assert_eq!(p.mover_wins(), brute, "{}", p.to_code());
                assert_eq!(p.nim_sum().is_zero(), !brute, "{}", p.to_code());
                if a + b + c <= 11 {
                    let searched = solver::outcome(&p, 2_000_000).expect("small");
                    assert_eq!(searched.wins, brute, "{}: game-tree search", p.to_code());
                }
            }
        }
    }
    // Single rows as far as the search's partitions of the pins stay quick (the period is
    // checked against the mex table above).
    for n in 0..=40 {
        assert_eq!(
            Dawson::new(vec![n]).unwrap().mover_wins(),
            dawson_wins(&[n], &mut memo),
            "dawson:{n}"
        );
    }
}

#[test]
fn codes_and_moves_round_trip_and_bad_ones_say_why() {
    for code in [
        "dawson:0",
        "dawson:5,8",
        "dawson:100000,1,2",
        "dawson:1000000000000000000,3",
        "dawson:0,0,7",
    ] {
        assert_eq!(dawson(code).to_code(), code);
    }
    let p = dawson("dawson:5,8");
    for mv in p.legal_moves() {
        let text = p.move_code(&mv);
        assert_eq!(p.parse_move(&text), Ok(mv), "{text}");
    }
    assert_eq!(p.legal_moves().len(), 4 + 7);
    assert_eq!(
        p.move_code(&DawsonMove { row: 1, left: 2 }),
        "row 2: knock out pins 3-4 (8 → 2 + 4)"
    );
    for (code, column, words) in [
        ("dawson:", 8, "found nothing"),
        ("dawson:5,x", 10, "'x'"),
        ("dawson:1000000000000000001", 8, "out of range"),
        ("kayles:5", 1, "starts with 'dawson:'"),
    ] {
        let e = Dawson::from_code(code).unwrap_err();
        assert_eq!(e.column, column, "{code}: {e}");
        assert!(e.message.to_string().contains(words), "{code}: {e}");
    }
    for bad in [
        "row 1: knock out pins 2-4",
        "row 0: knock out pins 1-2",
        "pins 1-2",
    ] {
        assert!(p.parse_move(bad).is_err(), "{bad}");
    }
    assert!(p.check_move(&DawsonMove { row: 0, left: 4 }).is_err());
    assert!(p.check_move(&DawsonMove { row: 2, left: 0 }).is_err());
}

fn any_rows() -> impl Strategy<Value = Vec<u64>> {
    prop_oneof![
        prop::collection::vec(0u64..=20, 1..=4),
        prop::collection::vec(0u64..=300, 1..=3),
        prop::collection::vec(0u64..=100_000, 1..=2),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn ai_moves_are_legal_and_win_to_nim_sum_zero(rows in any_rows(), seed in any::<u64>()) {
        let p = Dawson::new(rows).unwrap();
        let code = p.to_code();
        prop_assert_eq!(Dawson::from_code(&code).unwrap(), p.clone());
        let mut rng = StdRng::seed_from_u64(seed);
        for level in [Level::Perfect, Level::Easy] {
            match ai::choose_move(&p, level, &mut rng) {
                None => prop_assert!(p.is_over()),
                Some(d) => {
                    prop_assert!(p.check_move(&d.mv).is_ok(), "{}: {:?}", code, d.mv);
                    if level == Level::Perfect && !p.nim_sum().is_zero() {
                        let after = p.play_unchecked(&d.mv);
                        prop_assert!(after.nim_sum().is_zero(), "{}: {:?}", code, d.mv);
                    }
                }
            }
        }
        for mv in p.winning_moves(16) {
            prop_assert!(p.check_move(&mv).is_ok());
            prop_assert!(p.play_unchecked(&mv).nim_sum().is_zero(), "{}", code);
        }
        // The incremental value after a move is the value of the position it leads to.
        let (moves, _) = p.moves_of(0, 64);
        for mv in moves {
            prop_assert!(p.check_move(&mv).is_ok());
            prop_assert_eq!(p.nim_sum_after(&mv), p.play_unchecked(&mv).nim_sum());
        }
    }
}

/// One row of the table makes Dawson's Kayles a game everywhere: its kind, name and title, the
/// parser of any code, sums, the menu's catalogue and the puzzles' list; and every game of the
/// table is found again by its name.
#[test]
fn the_table_row_makes_a_game_everywhere() {
    use grundy::games::catalogue::RULE_STARTS;
    use grundy::games::{AnyPosition, GameKind};
    let any = AnyPosition::from_code("dawson:5,8").unwrap();
    assert_eq!(any.kind(), GameKind::Dawson);
    assert_eq!(any.to_code(), "dawson:5,8");
    assert_eq!(GameKind::of_code_name("dawson"), Some(GameKind::Dawson));
    assert_eq!(GameKind::Dawson.title(), "Dawson's Kayles");
    let sum = AnyPosition::from_code("nim:3+dawson:7").unwrap();
    assert_eq!(sum.kind(), GameKind::Sum);
    assert!(grundy::puzzles::games().contains(&"dawson"));
    for kind in GameKind::EVERY {
        for name in kind.code_names() {
            assert_eq!(GameKind::of_code_name(name), Some(*kind), "{name}");
        }
    }
    // Every menu entry's start is a position of the game the entry names.
    for entry in RULE_STARTS.iter() {
        let start = AnyPosition::from_code(entry.start).unwrap();
        assert_eq!(
            Some(start.kind()),
            GameKind::of_code_name(entry.name),
            "{}",
            entry.name
        );
    }
    assert!(RULE_STARTS.iter().any(|e| e.name == "dawson"));
}

/// Issue 27: a knocked row follows Kayles' rule — its first piece stays, the other goes to
/// the end, an empty piece is no row — on the board, in the move's words and code, and in a sum.
#[test]
fn a_knocked_row_keeps_its_first_piece_as_kayles_does() {
    let p = dawson("dawson:3,15");
    // Pins 1-2 of row 1: one pin is left, in row 1; no row of 0 and no new row.
    let mv = DawsonMove { row: 0, left: 0 };
    assert_eq!(p.play_unchecked(&mv).rows(), &[1, 15]);
    assert_eq!(p.move_code(&mv), "row 1: knock out pins 1-2 (3 → 1)");
    assert_eq!(p.parse_move(&p.move_code(&mv)), Ok(mv));
    // The middle of a row: the right piece goes to the end.
    let mv = DawsonMove { row: 1, left: 4 };
    assert_eq!(p.play_unchecked(&mv).rows(), &[3, 4, 9]);
    assert_eq!(p.move_code(&mv), "row 2: knock out pins 5-6 (15 → 4 + 9)");
    // A row of two knocked bare stays as 0 pins.
    let two = dawson("dawson:2,5");
    let mv = DawsonMove { row: 0, left: 0 };
    assert_eq!(two.play_unchecked(&mv).rows(), &[0, 5]);
    assert_eq!(two.move_code(&mv), "row 1: knock out pins 1-2 (2 → 0)");
    // The same pieces as the heap form of Kayles would keep for a knock of 2 (Kayles' rule).
    let kayles = grundy::games::heaps::Heaps::from_code("kayles:3,15").unwrap();
    let knock = grundy::games::heaps::HeapMove {
        heap: 0,
        action: grundy::games::heaps::Action::Knock { count: 2, left: 0 },
    };
    assert_eq!(kayles.play_unchecked(&knock).heaps(), &[1, 15]);
    // An old save's words (`3 → 0 + 1`) still read as the same move.
    assert_eq!(
        p.parse_move("row 1: knock out pins 1-2 (3 → 0 + 1)"),
        Ok(DawsonMove { row: 0, left: 0 })
    );
    // Every move's nim-sum after is the value of the rows it leaves.
    for mv in p.legal_moves() {
        assert_eq!(p.nim_sum_after(&mv), p.play_unchecked(&mv).nim_sum());
    }
}

/// In a sum, a Dawson's component plays by the same rule.
#[test]
fn a_sum_knocks_dawson_rows_by_the_same_rule() {
    use grundy::games::sum::Sum;
    let sum = Sum::from_code("dawson:3,15+nim:2").unwrap();
    let mv = sum
        .legal_moves()
        .into_iter()
        .find(|m| m.0 == 0 && sum.move_code(m).contains("row 1: knock out pins 1-2"))
        .expect("the move");
    assert!(
        sum.move_code(&mv).contains("(3 → 1)"),
        "{}",
        sum.move_code(&mv)
    );
    assert_eq!(
        sum.play_unchecked(&mv).to_code(),
        "dawson:1,15+nim:2",
        "the first piece stays in row 1"
    );
}

/// The knocks of a row to each value, by the period, equal a walk over every knock (the pieces'
/// values from the row values): every row to 400 pins, and long rows, in full and cut short.
#[test]
fn moves_to_a_value_by_the_period_equal_a_walk_over_every_knock() {
    let walk = |n: u64, target: u32| -> Vec<u64> {
        (0..n.saturating_sub(1))
            .filter(|&left| row_value(left) ^ row_value(n - 2 - left) == target)
            .collect()
    };
    let lengths = (0..=400).chain([1_000, 4_097, 100_003, 250_000]);
    for n in lengths {
        for target in 0..10 {
            let all = walk(n, target);
            let (found, count) = row_moves_to(n, target, usize::MAX);
            assert_eq!(found, all, "row of {n} to {target}");
            assert_eq!(count, all.len() as u64, "row of {n} to {target}");
            let (first, count) = row_moves_to(n, target, 5);
            assert_eq!(first, all[..all.len().min(5)], "row of {n} to {target}");
            assert_eq!(count, all.len() as u64);
        }
    }
}

/// Rows to 10^18 pins play as every other row: the winning moves win (by the row values, not
/// by the code under test), their count is exact, and a move list and a typed number reach
/// the far end of the row.
#[test]
fn rows_of_a_billion_billion_pins_are_answered_by_the_period() {
    let p = dawson("dawson:1000000000000000000,999999999999999999,7");
    assert!(p.mover_wins());
    let wins = p.winning_moves(64);
    assert!(!wins.is_empty());
    for mv in &wins {
        p.check_move(mv).unwrap();
        let after = p.play_unchecked(mv);
        let nim_sum = after.rows().iter().fold(0, |acc, &n| acc ^ row_value(n));
        assert_eq!(nim_sum, 0, "{}", p.move_code(mv));
    }
    let (count, exact) = p.count_winning_moves();
    assert!(exact);
    assert!(count > 1_000_000_000, "{count}");
    assert_eq!(p.every_winning_move(64), wins);
    let (listed, more) = p.listed_moves(0, 20);
    assert!(more);
    assert_eq!(listed.len(), 20);
    assert_eq!(
        listed.last(),
        Some(&DawsonMove {
            row: 0,
            left: 999_999_999_999_999_998
        })
    );
    assert_eq!(
        p.move_numbered(0, 999_999_999_999_999_999),
        Some(DawsonMove {
            row: 0,
            left: 999_999_999_999_999_998
        })
    );
    assert_eq!(p.move_numbered(0, 1_000_000_000_000_000_000), None);
    let mut rng = StdRng::seed_from_u64(7);
    let d = ai::choose_move(&p, Level::Perfect, &mut rng).expect("a move");
    assert!(p.play_unchecked(&d.mv).nim_sum().is_zero());
}
