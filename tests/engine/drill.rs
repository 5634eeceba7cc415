//! Drills (src/drill.rs): each kind answered right and wrong on every game; every winning move
//! is accepted, a losing move, a non-move and an answer of the wrong kind are refused, and a
//! verdict carries the why-view.

use rand::SeedableRng;
use rand_chacha::ChaCha12Rng;

use grundy::drill::{Answer, DrillKind, Expected, Mistake, check, generate};
use grundy::game::{Impartial, Notation, Position};
use grundy::games::{AnyPosition, with_position};
use grundy::nimber::Nimber;
use grundy::puzzles;

/// Every legal move's code, and whether it wins.
fn moves_of(code: &str) -> Vec<(String, bool)> {
    let position = AnyPosition::from_code(code).unwrap();
    with_position!(&position, p => p
        .legal_moves()
        .into_iter()
        .map(|mv| (p.move_code(&mv), p.move_wins(&mv)))
        .collect())
}

#[test]
fn find_the_winning_move_accepts_every_winning_move_and_no_other() {
    let mut rng = ChaCha12Rng::seed_from_u64(16);
    for game in puzzles::games() {
        let drill = generate(game, DrillKind::WinningMove, 2, &mut rng).unwrap();
        let moves = moves_of(&drill.code);
        let mut winning = 0;
        for (mv, wins) in &moves {
            let verdict = check(&drill, &Answer::Move(mv.clone()));
            assert_eq!(verdict.right, *wins, "{} {mv}", drill.code);
            if *wins {
                winning += 1;
            } else {
                assert!(
                    matches!(verdict.mistake, Some(Mistake::LeavesWon { .. })),
                    "{} {mv}",
                    drill.code
                );
            }
        }
        assert!(winning > 0, "{}", drill.code);
        let verdict = check(&drill, &Answer::Move("no such move".into()));
        assert!(!verdict.right);
        assert_eq!(verdict.mistake, Some(Mistake::NotAMove));
        let Expected::Positions(codes) = &verdict.expected else {
            panic!()
        };
        for code in codes {
            assert!(check(&drill, &Answer::Position(code.clone())).right);
        }
        assert!(!check(&drill, &Answer::Position(drill.code.clone())).right);
        let verdict = check(&drill, &Answer::Won(true));
        assert_eq!(verdict.mistake, Some(Mistake::WrongKind));
        assert!(
            verdict.why.is_some(),
            "the why-view of a winning move's part"
        );
    }
}

#[test]
fn won_or_lost_and_part_values_right_and_wrong() {
    let mut rng = ChaCha12Rng::seed_from_u64(17);
    let (mut won, mut lost) = (0, 0);
    for game in puzzles::games() {
        for difficulty in [1, 3] {
            let drill = generate(game, DrillKind::WonOrLost, difficulty, &mut rng).unwrap();
            let position = AnyPosition::from_code(&drill.code).unwrap();
            let wins = with_position!(&position, p => p.mover_wins());
            if wins {
                won += 1
            } else {
                lost += 1
            }
            assert!(check(&drill, &Answer::Won(wins)).right, "{}", drill.code);
            let verdict = check(&drill, &Answer::Won(!wins));
            assert!(!verdict.right);
            assert_eq!(verdict.mistake, Some(Mistake::Incorrect));
            assert_eq!(verdict.expected, Expected::Won(wins));

            // Nim-K, anti: and every: are decided by their own rules: no part has a value.
            let drill = match generate(game, DrillKind::PartValue, difficulty, &mut rng) {
                Err(_) if ["nimk", "anti", "every"].contains(&game) => continue,
                drill => drill.unwrap(),
            };
            let part = drill.part.clone().expect("a part is asked about");
            let verdict = check(&drill, &Answer::Value(Nimber::ZERO));
            let Expected::Value(value) = verdict.expected else {
                panic!()
            };
            let why = verdict.why.clone().expect("the why-view of the part");
            assert_eq!(why.value, Some(value), "{} part {part}", drill.code);
            assert!(
                check(&drill, &Answer::Value(value)).right,
                "{} {part}",
                drill.code
            );
            let wrong = value + Nimber::new(1);
            let verdict = check(&drill, &Answer::Value(wrong));
            assert!(!verdict.right);
            assert_eq!(verdict.mistake, Some(Mistake::Incorrect));
            assert_eq!(
                check(&drill, &Answer::Won(true)).mistake,
                Some(Mistake::WrongKind)
            );
        }
    }
    assert!(
        won > 0 && lost > 0,
        "both won and lost positions are asked: {won} {lost}"
    );
}
