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

/// The least remoteness of a puzzle at each difficulty, and the most at difficulty 1 (the
/// meaning of a difficulty, src/puzzles.rs).
const MIN_REMOTENESS: [u32; 5] = [1, 1, 3, 3, 5];
const MAX_EASY_REMOTENESS: u32 = 3;

fn check_sheet(game: &str, difficulty: u8, seed: u64) -> Result<(), TestCaseError> {
    check_sheet_of(game, 3, difficulty, seed, BUDGET)
}

/// A sheet of `count`: every puzzle won, its answers every winning move and its remoteness
/// within the difficulty's bounds, by an exact search of at most `budget` positions where it
/// reaches (else by the values and the win rule over every legal move).
fn check_sheet_of(
    game: &str,
    count: usize,
    difficulty: u8,
    seed: u64,
    budget: usize,
) -> Result<(), TestCaseError> {
    let puzzles = sheet(game, count, difficulty, seed).expect("a sheet");
    prop_assert_eq!(puzzles.len(), count);
    for puzzle in &puzzles {
        let position = AnyPosition::from_code(&puzzle.code).expect("a puzzle's code parses");
        let (expected, exact) = with_position!(&position, p => {
            prop_assert!(!p.is_over() && p.mover_wins(), "{} is not won", puzzle.code);
            if let Some(outcome) = grundy::solver::outcome(p, budget) {
                prop_assert!(outcome.wins, "{}: the exact search says lost", puzzle.code);
                let d = usize::from(difficulty) - 1;
                prop_assert!(
                    outcome.remoteness >= MIN_REMOTENESS[d]
                        && (d > 0 || outcome.remoteness <= MAX_EASY_REMOTENESS),
                    "{}: remoteness {} at difficulty {}",
                    puzzle.code,
                    outcome.remoteness,
                    difficulty
                );
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
        sheet(game, count, difficulty, seed).unwrap(),
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

/// Issue 30: a sheet of 10 at every game and difficulty (the sheets of 1000 are timed in the
/// `puzzles` bench, benches/engine.rs).
#[test]
fn every_game_and_difficulty_makes_a_sheet_of_ten() {
    for game in puzzles::games() {
        for difficulty in 1..=5 {
            check_sheet_of(game, 10, difficulty, 30, 20_000).unwrap();
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The shallow remoteness search the sheets use (outcomes from the values) agrees with
    /// the exact game-tree search, at every bound, on positions small enough to search.
    #[test]
    fn remoteness_at_least_agrees_with_the_exact_search(
        game in proptest::sample::select(puzzles::games()),
        difficulty in 1u8..=3,
        seed in any::<u64>(),
    ) {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha12Rng::seed_from_u64(seed);
        let position = puzzles::random_position(game, difficulty, &mut rng).unwrap();
        with_position!(&position, p => {
            if let Some(outcome) = grundy::solver::outcome(p, 20_000) {
                for k in 0..=8 {
                    prop_assert_eq!(
                        puzzles::remoteness_at_least(p, k),
                        outcome.remoteness >= k,
                        "{} (remoteness {}), k = {}",
                        p.to_code(),
                        outcome.remoteness,
                        k
                    );
                }
            }
        });
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
