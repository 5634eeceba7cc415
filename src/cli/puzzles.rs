//! `grundy puzzles`: a sheet of won positions, one code a line; with `--answers`, a tab and the
//! codes after every winning move. Errors in English here, the sheet itself from
//! [`crate::puzzles`].

use std::io::Write;
use std::process::ExitCode;

use super::Failure;
use crate::puzzles::{self, PuzzleError};

/// Prints the sheet of `count` puzzles of `game` at `difficulty` drawn from `seed`.
pub fn print(
    game: &str,
    count: usize,
    difficulty: u8,
    seed: u64,
    answers: bool,
    out: &mut impl Write,
) -> Result<ExitCode, Failure> {
    let sheet = puzzles::sheet(game, count, difficulty, seed).map_err(|e| match e {
        PuzzleError::UnknownGame { name } => Failure::Input(format!(
            "puzzles: no position code starts with '{}'; games: {}",
            crate::input::excerpt(name.as_bytes(), 20),
            puzzles::games().join(", ")
        )),
        PuzzleError::Family { name } => Failure::Input(format!(
            "puzzles: '{name}' is a family, not a game; name one of: {}",
            puzzles::games().join(", ")
        )),
        PuzzleError::Difficulty { difficulty } => {
            Failure::Input(format!("puzzles: difficulty {difficulty} is not in 1..=5"))
        }
        PuzzleError::TooFew { made, asked } => Failure::Input(format!(
            "puzzles: {game} has only {made} different won positions at difficulty \
             {difficulty}, not {asked}: ask for fewer, or a higher difficulty"
        )),
    })?;
    for puzzle in sheet {
        if answers {
            writeln!(out, "{}\t{}", puzzle.code, puzzle.answers.join(" "))?;
        } else {
            writeln!(out, "{}", puzzle.code)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
