//! Puzzle sheets: positions won for the player to move, each with the positions after every
//! winning move, drawn from a seed (ChaCha12, so a seed replays the same sheet whatever rand's
//! `StdRng` becomes). Difficulty 1..=5 scales the size and the number of parts, narrows the
//! winning moves (fewer answers to find) and lengthens the win (remoteness: at least 3 or 5
//! moves; at most 3 at difficulty 1).
//!
//! A sheet is made one puzzle at a time ([`Sheet`], an iterator), so it can be printed as it
//! goes. The remoteness is decided by a search only as deep as the bound
//! ([`remoteness_at_least`]), with the outcomes on the way from the game's values: exact for
//! every position, however large, where a whole game-tree search (which a sheet once ran on
//! every candidate, and skipped past a budget) took up to 20 000 positions per candidate. A
//! game with few puzzles at a difficulty (Fibonacci Nim has 59 starts at difficulty 3) runs out
//! of new ones: a sheet then repeats puzzles, and once it has had to, it looks for a new one
//! only briefly before each repeat.

use std::collections::{HashMap, HashSet};

use rand::{Rng, SeedableRng};

use crate::game::{Impartial, Notation, Position};
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
/// The least remoteness at each difficulty (an easy puzzle is also a short one: at most
/// `MAX_EASY_REMOTENESS` at difficulty 1).
const MIN_REMOTENESS: [u32; 5] = [1, 1, 3, 3, 5];
const MAX_EASY_REMOTENESS: u32 = 3;
/// Draws per puzzle before the sheet gives up; past half of them a repeated position is
/// accepted (a small game has few won positions).
const ATTEMPTS: usize = 4_000;
/// Once a sheet has had to repeat a puzzle (its game has few at this difficulty), the draws
/// that look for a new one before each further repeat.
const FRESH_AFTER_REPEAT: usize = 64;

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
    // Every winning move leaves the opponent lost: the least remoteness among them is one
    // less than the position's.
    let long_enough = MIN_REMOTENESS[d] <= 1
        || winning
            .iter()
            .all(|mv| remoteness_at_least(&position.play_unchecked(mv), MIN_REMOTENESS[d] - 1));
    if !long_enough || (d == 0 && remoteness_at_least(position, MAX_EASY_REMOTENESS + 1)) {
        return None;
    }
    Some(Puzzle {
        code: position.to_code(),
        answers: codes_after(position, &winning),
    })
}

/// Whether the remoteness of `position` (the number of moves perfect play takes to the end:
/// the winner hurries, the loser delays; see [`crate::game::search::Outcome`]) is at least
/// `k`: a search `k` moves deep at most, each position's outcome from the game's win rule
/// ([`Impartial::mover_wins`], the values) rather than from a search below it. A won position
/// has it if every winning move leaves at least `k - 1`; a lost one if some move does. Only
/// the winning moves of won positions are followed, and a lost position stops at its first
/// long enough move, so the cost grows with the moves, not with the game tree.
pub fn remoteness_at_least<P: Impartial>(position: &P, k: u32) -> bool {
    match k {
        0 => return true,
        // Any move left makes at least one more.
        1 => return !position.is_over(),
        _ if position.is_over() => return false,
        _ => {}
    }
    if position.mover_wins() {
        return every_winning_move(position, usize::MAX)
            .iter()
            .all(|mv| remoteness_at_least(&position.play_unchecked(mv), k - 1));
    }
    // The moves part by part, each part's listed only when reached: a lost position usually
    // stops at its first move, and a board with thousands of moves (the coin grid) lists few.
    let mut moves = position
        .parts()
        .into_iter()
        .flat_map(|(part, _)| position.moves_of(part, usize::MAX).0);
    moves.any(|mv| remoteness_at_least(&position.play_unchecked(&mv), k - 1))
}

/// The winning moves of `position`, at most `limit` of them: every one
/// ([`Impartial::every_winning_move`]; a game's `winning_moves` may list only some of them, E&D
/// one split per pair), since a sheet's answers (a drill's accepted moves) are all of them.
pub(crate) fn every_winning_move<P: Impartial>(position: &P, limit: usize) -> Vec<P::Move> {
    position.every_winning_move(limit)
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
    Sheet::new(game, count, difficulty, seed)?.collect()
}

/// A sheet being made: an iterator over its puzzles, each made when asked for (so the sheet
/// can be printed as it goes), ending after `count` of them or at the first error.
pub struct Sheet {
    game: String,
    difficulty: u8,
    left: usize,
    made: usize,
    rng: ReplayRng,
    /// The codes of the puzzles given so far.
    seen: HashSet<String>,
    /// Every position drawn so far (won for the player to move), by code, with its puzzle if
    /// it is one: a small game draws the same positions again and again.
    judged: HashMap<String, Option<Puzzle>>,
    /// Draws that look for a new puzzle before a repeat is taken: fewer once one was taken.
    fresh: usize,
}

impl Sheet {
    /// The sheet of `count` puzzles of `game` at `difficulty` drawn from `seed`. A difficulty
    /// out of range is refused here, an unknown game or a family name by the first puzzle.
    pub fn new(game: &str, count: usize, difficulty: u8, seed: u64) -> Result<Sheet, PuzzleError> {
        if !DIFFICULTIES.contains(&difficulty) {
            return Err(PuzzleError::Difficulty { difficulty });
        }
        Ok(Sheet {
            game: game.to_string(),
            difficulty,
            left: count,
            made: 0,
            rng: ReplayRng::seed_from_u64(seed),
            seen: HashSet::new(),
            judged: HashMap::new(),
            fresh: ATTEMPTS / 2,
        })
    }

    /// The next puzzle.
    fn make(&mut self) -> Result<Puzzle, PuzzleError> {
        for attempt in 0..ATTEMPTS {
            let position = random_position(&self.game, self.difficulty, &mut self.rng)?;
            let difficulty = self.difficulty;
            let judged = &mut self.judged;
            let puzzle = with_position!(&position, p => {
                // A lost position is no puzzle, and costs nothing to tell.
                if p.is_over() || !p.mover_wins() {
                    continue;
                }
                judged
                    .entry(p.to_code())
                    .or_insert_with(|| puzzle_of(p, difficulty))
                    .clone()
            });
            let Some(puzzle) = puzzle else {
                continue;
            };
            if self.seen.contains(&puzzle.code) {
                if attempt < self.fresh {
                    continue;
                }
                // New puzzles have run out: the next ones look for one only briefly.
                self.fresh = FRESH_AFTER_REPEAT;
            }
            self.seen.insert(puzzle.code.clone());
            return Ok(puzzle);
        }
        Err(PuzzleError::TooFew {
            made: self.made,
            asked: self.made + self.left,
        })
    }
}

impl Iterator for Sheet {
    type Item = Result<Puzzle, PuzzleError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.left == 0 {
            return None;
        }
        let next = self.make();
        match next {
            Ok(_) => {
                self.left -= 1;
                self.made += 1;
            }
            // The first error ends the sheet.
            Err(_) => self.left = 0,
        }
        Some(next)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, Some(self.left))
    }
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
