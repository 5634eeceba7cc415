//! `grundy puzzles`: a sheet of won positions, one code a line; with `--answers`, a tab and the
//! codes after every winning move. Errors in the chosen language (`locales/cli.toml`), the
//! sheet itself (codes) from [`crate::puzzles`].

use std::io::Write;
use std::process::ExitCode;

use super::Failure;
use crate::puzzles::{self, PuzzleError};
use crate::tr;

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
        PuzzleError::UnknownGame { name } => Failure::Input(
            tr!(
                "cli.error_puzzles_unknown_game",
                name = crate::input::excerpt(name.as_bytes(), 20),
                games = puzzles::games().join(", ")
            )
            .into(),
        ),
        PuzzleError::Family { name } => Failure::Input(
            tr!(
                "cli.error_puzzles_family",
                name = name,
                games = puzzles::games().join(", ")
            )
            .into(),
        ),
        PuzzleError::Difficulty { difficulty } => {
            Failure::Input(tr!("cli.error_puzzles_difficulty", difficulty = difficulty).into())
        }
        PuzzleError::TooFew { made, asked } => Failure::Input(
            tr!(
                "cli.error_puzzles_too_few",
                game = game,
                made = made,
                difficulty = difficulty,
                asked = asked
            )
            .into(),
        ),
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
