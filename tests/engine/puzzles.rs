//! Puzzle sheets (src/puzzles.rs): for every game and difficulty, every puzzle is won for the
//! player to move and its answers are exactly the positions after the moves to a position lost
//! for the opponent, by the exact search where it reaches (else by the game's values and win
//! rule, over every legal move); the same seed gives the same sheet.

use std::collections::BTreeSet;

use proptest::prelude::*;

use grundy::game::{Impartial, Notation, Position};
use grundy::games::{AnyPosition, with_position};
use grundy::puzzles::{self, PuzzleError, sheet};
use grundy::solver::ExactSolution;

const BUDGET: usize = 300_000;

/// The codes after every move to a position lost for the opponent, and whether the exact
/// search found them.
fn lost_for_opponent<P: Impartial + Notation>(p: &P) -> (BTreeSet<String>, bool) {
    if let Some(solution) = ExactSolution::new(p, BUDGET) {
        let codes = solution
            .moves()
            .into_iter()
            .filter(|m| !m.outcome.wins)
            .map(|m| p.play_unchecked(&m.mv).to_code())
            .collect();
        return (codes, true);
    }
    let codes = p
        .legal_moves()
        .into_iter()
        .map(|mv| p.play_unchecked(&mv))
        .filter(|after| !after.mover_wins())
        .map(|after| after.to_code())
        .collect();
    (codes, false)
}

fn check_sheet(game: &str, difficulty: u8, seed: u64) -> Result<(), TestCaseError> {
    let puzzles = sheet(game, 3, difficulty, seed).expect("a sheet");
    prop_assert_eq!(puzzles.len(), 3);
    for puzzle in &puzzles {
        let position = AnyPosition::from_code(&puzzle.code).expect("a puzzle's code parses");
        let (expected, exact) = with_position!(&position, p => {
            prop_assert!(!p.is_over() && p.mover_wins(), "{} is not won", puzzle.code);
            if let Some(outcome) = grundy::solver::outcome(p, BUDGET) {
                prop_assert!(outcome.wins, "{}: the exact search says lost", puzzle.code);
            }
            lost_for_opponent(p)
        });
        let answers: BTreeSet<String> = puzzle.answers.iter().cloned().collect();
        prop_assert_eq!(answers.len(), puzzle.answers.len(), "answers repeat");
        prop_assert_eq!(
            &answers,
            &expected,
            "{} (difficulty {}, exact search: {})",
            puzzle.code,
            difficulty,
            exact
        );
    }
    prop_assert_eq!(
        sheet(game, 3, difficulty, seed).unwrap(),
        puzzles,
        "same seed"
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn every_puzzle_is_won_and_its_answers_are_every_winning_move(
        game in proptest::sample::select(puzzles::games()),
        difficulty in 1u8..=5,
        seed in any::<u64>(),
    ) {
        check_sheet(game, difficulty, seed)?;
    }
}

#[test]
fn every_game_and_difficulty_makes_a_sheet() {
    for game in puzzles::games() {
        for difficulty in 1..=5 {
            check_sheet(game, difficulty, 16).unwrap();
        }
    }
}

#[test]
fn another_seed_gives_another_sheet_and_bad_names_are_refused() {
    let a = sheet("nim", 10, 3, 1).unwrap();
    let b = sheet("nim", 10, 3, 2).unwrap();
    assert_ne!(a, b);
    assert!(matches!(
        sheet("chess", 1, 1, 0),
        Err(PuzzleError::UnknownGame { .. })
    ));
    assert!(matches!(
        sheet("heaps", 1, 1, 0),
        Err(PuzzleError::Family { .. })
    ));
    assert!(matches!(
        sheet("sum", 1, 1, 0),
        Err(PuzzleError::Family { .. })
    ));
    assert!(matches!(
        sheet("nim", 1, 6, 0),
        Err(PuzzleError::Difficulty { difficulty: 6 })
    ));
    // Fibonacci Nim at difficulty 1 has few won heaps: a long sheet repeats, a longer one is
    // refused only if not even repeats fill it (they do).
    assert_eq!(sheet("fibnim", 30, 1, 0).unwrap().len(), 30);
}
