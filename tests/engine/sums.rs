//! Sums of positions of different games (`nim:3,4+kayles:5+coins:4:HTT`) against the rules: the
//! verdict of a sum against the game-tree search (`solver::outcome`, which knows nothing of
//! Sprague–Grundy values), its nim-sum against the value by definition
//! (`nimber_by_definition`), property tests of the AI and of codes, and bad codes on the
//! command line (exit 2 with the place).

use grundy::ai::{self, Level};
use grundy::game::{Impartial, Notation, Position};
use grundy::games::sum::Sum;
use grundy::games::{AnyPosition, GameKind};
use grundy::message::Msg;
use grundy::solver::{self, nimber_by_definition};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

const BUDGET: usize = 2_000_000;

fn faces(rng: &mut StdRng, n: usize) -> String {
    (0..n)
        .map(|_| if rng.random_bool(0.5) { 'T' } else { 'H' })
        .collect()
}

/// The code of a small random position of one of the games (any but misère Nim).
fn component(rng: &mut StdRng) -> String {
    match rng.random_range(0..14) {
        0 => format!("nim:{},{}", rng.random_range(0..4), rng.random_range(0..4)),
        1 => format!("kayles:{}", rng.random_range(1..6)),
        2 => {
            let (q, n) = (rng.random_range(1..3), rng.random_range(2..5));
            format!("coins:{q}:{}", faces(rng, n))
        }
        3 => format!("grid:{}/{}", faces(rng, 2), faces(rng, 2)),
        4 => format!(
            "dodgeball:{}",
            (0..rng.random_range(2..5usize))
                .map(|_| if rng.random_bool(0.5) { '1' } else { '0' })
                .collect::<String>()
        ),
        5 => format!(
            "stairs:{},{},{}",
            rng.random_range(0..2),
            rng.random_range(0..3),
            rng.random_range(0..3)
        ),
        6 => format!("ed:{},{}", rng.random_range(1..5), rng.random_range(1..5)),
        7 => format!(
            "dag:4:1>2,2>3,1>3,3>4,2>4:{},{}",
            rng.random_range(1..5),
            rng.random_range(1..5)
        ),
        8 => format!(
            "wythoff:{},{}",
            rng.random_range(0..4),
            rng.random_range(0..4)
        ),
        9 => format!("fibnim:{}", rng.random_range(1..8)),
        10 => format!("subtraction:1,3:{}", rng.random_range(0..8)),
        11 => format!("grundy:{}", rng.random_range(1..8)),
        12 => format!(
            "dawson:{},{}",
            rng.random_range(0..7),
            rng.random_range(0..5)
        ),
        _ => format!("bash:2:{}", rng.random_range(0..7)),
    }
}

fn random_sum_code(rng: &mut StdRng) -> String {
    let n = rng.random_range(2..5);
    (0..n).map(|_| component(rng)).collect::<Vec<_>>().join("+")
}

fn sum(code: &str) -> Sum {
    Sum::from_code(code).unwrap_or_else(|e| panic!("{code}: {e}"))
}

/// The Sprague–Grundy theorem on many small random sums of different games: the player to move
/// wins exactly when the XOR of the components' values is not 0 (checked by a game-tree search
/// of the sum itself), and that XOR is the sum's value by definition.
#[test]
fn sums_agree_with_the_game_tree_and_the_definition() {
    let mut rng = StdRng::seed_from_u64(2026);
    let mut kinds = std::collections::HashSet::new();
    let (mut won, mut lost) = (0, 0);
    for _ in 0..300 {
        let code = random_sum_code(&mut rng);
        let p = sum(&code);
        let outcome =
            solver::outcome(&p, BUDGET).unwrap_or_else(|| panic!("{code}: search too large"));
        assert_eq!(outcome.wins, !p.nim_sum().is_zero(), "{code}");
        assert_eq!(outcome.wins, p.mover_wins(), "{code}");
        let by_definition = nimber_by_definition(&p, BUDGET).unwrap();
        assert_eq!(by_definition, p.nim_sum(), "{code}");
        // The sum's value is the XOR of each component's value by definition.
        let xor = p
            .components()
            .iter()
            .map(|c| with_any(&c.to_any()))
            .fold(grundy::nimber::Nimber::default(), |a, b| a ^ b);
        assert_eq!(xor, by_definition, "{code}");
        for c in p.components() {
            kinds.insert(c.game_name());
        }
        if outcome.wins { won += 1 } else { lost += 1 }
    }
    assert!(kinds.len() >= 12, "every game appears: {kinds:?}");
    assert!(
        won > 30 && lost > 30,
        "both verdicts tested: {won} won, {lost} lost"
    );
}

fn with_any(p: &AnyPosition) -> grundy::nimber::Nimber {
    grundy::with_position!(p, q => nimber_by_definition(q, BUDGET).unwrap())
}

#[test]
fn codes_parse_through_any_position_and_name_the_place_of_errors() {
    let code = "nim:3,4+kayles:5+coins:4:HTT";
    let any = AnyPosition::from_code(code).unwrap();
    assert_eq!(any.kind(), GameKind::Sum);
    assert_eq!(any.to_code(), code);
    let p = sum(code);
    assert_eq!(p.components().len(), 3);
    // nim 3 ^ 4 = 7, Kayles 5 = 4, coin row HTT with q = 4: 7 ^ 4 ^ v.
    let values: Vec<u64> = p.parts().iter().map(|(_, v)| v.to_u64().unwrap()).collect();
    assert_eq!(values[..2], [7, 4]);
    for (bad, column, words) in [
        ("nim:3+", 7, "empty"),
        ("+nim:3", 1, "empty"),
        ("nim:3++kayles:2", 7, "empty"),
        ("nim:3+chess:1", 7, "unknown game 'chess'"),
        ("nim:3+misere:2", 7, "misère Nim cannot be part of a sum"),
        // Past their tables a queen and a Fibonacci Nim heap play alone, not in a sum.
        ("nim:1+wythoff:1000,1", 7, "no known Sprague–Grundy value"),
        ("fibnim:400+nim:2", 1, "no known Sprague–Grundy value"),
        ("nim:3+kayles:5,x", 16, "component 2"),
        ("kayles:1+nim:3+coins:4:HTX", 26, "component 3"),
    ] {
        let e = AnyPosition::from_code(bad).unwrap_err();
        assert_eq!(e.column, column, "{bad}: {e}");
        assert!(e.message.to_string().contains(words), "{bad}: {e}");
    }
}

#[test]
fn moves_are_described_and_read_back_by_component() {
    let p = sum("nim:3,4+kayles:5");
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 7 + 9, "3 + 4 Nim takes, 9 Kayles knocks");
    for mv in &moves {
        let Msg::InComponent { number, .. } = p.describe_move(mv) else {
            panic!("{mv:?} is not described as a component's move");
        };
        assert_eq!(number, mv.0 + 1);
        assert_eq!(&p.parse_move(&p.move_code(mv)).unwrap(), mv);
    }
    let component_game = |mv| match p.describe_move(mv) {
        Msg::InComponent { number, game, mv } => (number, game, *mv),
        other => panic!("{other:?}"),
    };
    assert!(matches!(component_game(&moves[0]), (1, game, Msg::Take { .. }) if game == "nim"));
    assert!(matches!(component_game(&moves[7]), (2, game, Msg::Knock { .. }) if game == "kayles"));
    assert!(p.parse_move("[3] heap 1: take 1").is_err());
    assert!(p.parse_move("take 1").is_err());
    // A component's move cannot be played in another component of another game.
    let (_, nim_move) = moves[0].clone();
    assert!(p.check_move(&(1, nim_move.clone())).is_err());
    assert!(p.check_move(&(5, nim_move)).is_err());
}

fn any_sum_code() -> impl Strategy<Value = String> {
    any::<u64>().prop_map(|seed| random_sum_code(&mut StdRng::seed_from_u64(seed)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn ai_moves_are_legal_and_win_from_won_sums(code in any_sum_code(), seed in any::<u64>()) {
        let p = sum(&code);
        prop_assert_eq!(Sum::from_code(&p.to_code()).unwrap(), p.clone());
        prop_assert_eq!(AnyPosition::from_code(&code).unwrap(), AnyPosition::Sum(p.clone()));
        let mut rng = StdRng::seed_from_u64(seed);
        for level in [Level::Perfect, Level::Easy] {
            match ai::choose_move(&p, level, &mut rng) {
                None => prop_assert!(p.is_over()),
                Some(d) => {
                    prop_assert!(p.check_move(&d.mv).is_ok(), "{}: {:?}", code, d.mv);
                    if level == Level::Perfect && !p.nim_sum().is_zero() {
                        prop_assert!(
                            p.play_unchecked(&d.mv).nim_sum().is_zero(),
                            "{}: the AI's move leaves nim-sum 0", code
                        );
                    }
                }
            }
        }
        if let Some(mv) = p.stalling_move(&mut rng) {
            prop_assert!(p.check_move(&mv).is_ok());
        } else {
            prop_assert!(p.is_over());
        }
        // Each component's listed moves are exactly its legal moves, and the incremental
        // nim-sum after a move is the recomputed one.
        let listed: usize = (0..p.components().len()).map(|i| p.moves_of(i, usize::MAX).0.len()).sum();
        prop_assert_eq!(listed, p.legal_moves().len());
        let winning = p.winning_moves(usize::MAX);
        prop_assert_eq!(p.count_winning_moves(), (winning.len(), true));
        for mv in p.legal_moves() {
            let after = p.play_unchecked(&mv);
            prop_assert_eq!(p.nim_sum_after(&mv), after.nim_sum());
            prop_assert_eq!(winning.contains(&mv), after.nim_sum().is_zero());
            prop_assert_eq!(Sum::from_code(&after.to_code()).unwrap(), after);
        }
    }
}

/// `analyze` and `move` on a sum, and bad codes: exit 2 with the place.
#[test]
fn command_line_on_sums() {
    use std::process::Command;
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let (code, out, _) = run(&["analyze", "nim:3,4+kayles:5+coins:4:HTT"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("[2] kayles:5         *4"), "{out}");
    assert!(out.contains("WIN  [1] Nim: heap 1: take 3"), "{out}");
    let (code, out, _) = run(&["move", "nim:3,4+kayles:5", "--seed", "1"]);
    assert_eq!(code, Some(0));
    let last = out.lines().last().unwrap();
    assert!(sum(last).nim_sum().is_zero(), "{out}");
    for (bad, column) in [("nim:3+", 7), ("nim:3+chess:1", 7), ("nim:3+misere:2", 7)] {
        let (code, _, err) = run(&["analyze", bad]);
        assert_eq!(code, Some(2), "{bad}: {err}");
        assert!(
            err.contains(&format!("(at character {column})")),
            "{bad}: {err}"
        );
    }
    let (_, _, err) = run(&["move", "nim:3+misere:2"]);
    assert!(err.contains("no Sprague–Grundy value"), "{err}");
}
