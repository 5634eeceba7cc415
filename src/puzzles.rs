//! Puzzle sheets: positions won for the player to move, each with the positions after every
//! winning move, drawn from a seed (ChaCha12, so a seed replays the same sheet whatever rand's
//! `StdRng` becomes). Difficulty 1..=5 scales the size and the number of parts, narrows the
//! winning moves (fewer answers to find) and, where the exact search reaches, lengthens the
//! win (remoteness).

use std::collections::HashSet;

use rand::{Rng, SeedableRng};

use crate::game::{Impartial, Notation};
use crate::games::{AnyPosition, GameKind, heaps, with_position};
use crate::setup::ReplayRng;

/// One puzzle: a position won for the player to move and the positions after each of its
/// winning moves (every one of them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub code: String,
    pub answers: Vec<String>,
}

/// Why a sheet could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// No position code starts with this name.
    UnknownGame { name: String },
    /// A family name, not a game codes start with: `heaps` (name the heap game) or `sum`.
    Family { name: String },
    /// Difficulty outside 1..=5.
    Difficulty { difficulty: u8 },
    /// The game has fewer won positions at this difficulty than the sheet asks for.
    TooFew { made: usize, asked: usize },
}

/// The easiest and the hardest difficulty.
pub const DIFFICULTIES: std::ops::RangeInclusive<u8> = 1..=5;

/// Draws a position of `game` (a name codes start with) at `difficulty`, won or not.
pub fn random_position<R: Rng + ?Sized>(
    game: &str,
    difficulty: u8,
    rng: &mut R,
) -> Result<AnyPosition, PuzzleError> {
    let d = usize::from(difficulty.clamp(1, 5));
    let kind = match GameKind::of_code_name(game) {
        None => {
            return Err(PuzzleError::UnknownGame {
                name: game.to_string(),
            });
        }
        Some(GameKind::Heaps) if game == "heaps" => {
            return Err(PuzzleError::Family {
                name: game.to_string(),
            });
        }
        Some(GameKind::Sum) => {
            return Err(PuzzleError::Family {
                name: game.to_string(),
            });
        }
        Some(kind) => kind,
    };
    Ok(kind.puzzle(game, d, rng).expect("a sum was refused above"))
}

/// The most winning moves a puzzle may have at each difficulty: fewer answers, a harder find.
const MAX_ANSWERS: [usize; 5] = [30, 30, 8, 4, 2];
/// The least remoteness where the exact search reaches, at each difficulty (an easy puzzle
/// is also a short one: at most `MAX_EASY_REMOTENESS` at difficulty 1).
const MIN_REMOTENESS: [u32; 5] = [1, 1, 3, 3, 5];
const MAX_EASY_REMOTENESS: u32 = 3;
/// Positions the exact search may visit to learn a puzzle's remoteness (no deadline: a sheet
/// must not depend on the machine's speed).
const REMOTENESS_BUDGET: usize = 20_000;
/// Draws per puzzle before the sheet gives up; past half of them a repeated position is
/// accepted (a small game has few won positions).
const ATTEMPTS: usize = 4_000;

/// The puzzle `position` makes at `difficulty`, if it is one: won for the player to move,
/// with few enough winning moves and a long enough win.
fn puzzle_of<P: Impartial + Notation>(position: &P, difficulty: u8) -> Option<Puzzle> {
    let d = usize::from(difficulty.clamp(1, 5)) - 1;
    if position.is_over() || !position.mover_wins() {
        return None;
    }
    let winning = every_winning_move(position, MAX_ANSWERS[d] + 1);
    if winning.is_empty() || winning.len() > MAX_ANSWERS[d] {
        return None;
    }
    if let Some(outcome) = crate::solver::outcome(position, REMOTENESS_BUDGET)
        && (outcome.remoteness < MIN_REMOTENESS[d]
            || (d == 0 && outcome.remoteness > MAX_EASY_REMOTENESS))
    {
        return None;
    }
    Some(Puzzle {
        code: position.to_code(),
        answers: codes_after(position, &winning),
    })
}

/// The winning moves of `position`, at most `limit` of them. Every legal move is tried: a
/// game's `winning_moves` may list only some of them (E&D lists one split per pair), and a
/// sheet's answers (a drill's accepted moves) are all of them.
pub(crate) fn every_winning_move<P: Impartial>(position: &P, limit: usize) -> Vec<P::Move> {
    position
        .parts()
        .into_iter()
        .flat_map(|(part, _)| position.moves_of(part, usize::MAX).0)
        .filter(|mv| position.move_wins(mv))
        .take(limit)
        .collect()
}

/// The codes of the positions after `moves`, each once, in the order of the moves.
pub(crate) fn codes_after<P: Impartial + Notation>(position: &P, moves: &[P::Move]) -> Vec<String> {
    let mut codes: Vec<String> = Vec::new();
    for mv in moves {
        let code = position.play_unchecked(mv).to_code();
        if !codes.contains(&code) {
            codes.push(code);
        }
    }
    codes
}

/// A sheet of `count` puzzles of `game` at `difficulty`, the same for the same seed.
pub fn sheet(
    game: &str,
    count: usize,
    difficulty: u8,
    seed: u64,
) -> Result<Vec<Puzzle>, PuzzleError> {
    if !DIFFICULTIES.contains(&difficulty) {
        return Err(PuzzleError::Difficulty { difficulty });
    }
    let mut rng = ReplayRng::seed_from_u64(seed);
    let mut puzzles = Vec::with_capacity(count);
    let mut seen: HashSet<String> = HashSet::new();
    while puzzles.len() < count {
        let mut found = None;
        for attempt in 0..ATTEMPTS {
            let position = random_position(game, difficulty, &mut rng)?;
            let Some(puzzle) = with_position!(&position, p => puzzle_of(p, difficulty)) else {
                continue;
            };
            if seen.contains(&puzzle.code) && attempt < ATTEMPTS / 2 {
                continue;
            }
            found = Some(puzzle);
            break;
        }
        let Some(puzzle) = found else {
            return Err(PuzzleError::TooFew {
                made: puzzles.len(),
                asked: count,
            });
        };
        seen.insert(puzzle.code.clone());
        puzzles.push(puzzle);
    }
    Ok(puzzles)
}

/// One puzzle of `game` at `difficulty` drawn from `rng` (a drill's "find the winning move").
pub fn draw<R: Rng + ?Sized>(
    game: &str,
    difficulty: u8,
    rng: &mut R,
) -> Result<Puzzle, PuzzleError> {
    if !DIFFICULTIES.contains(&difficulty) {
        return Err(PuzzleError::Difficulty { difficulty });
    }
    for _ in 0..ATTEMPTS {
        let position = random_position(game, difficulty, rng)?;
        if let Some(puzzle) = with_position!(&position, p => puzzle_of(p, difficulty)) {
            return Ok(puzzle);
        }
    }
    Err(PuzzleError::TooFew { made: 0, asked: 1 })
}

/// Every game name a puzzle sheet takes: the board games and each heap game.
pub fn games() -> Vec<&'static str> {
    let boards = GameKind::EVERY
        .iter()
        .filter(|k| !matches!(k, GameKind::Heaps | GameKind::Sum))
        .map(|k| k.name());
    boards.chain(heaps::Rule::NAMES).collect()
}
