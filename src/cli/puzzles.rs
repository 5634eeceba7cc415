//! `grundy puzzles`: a sheet of won positions, one code a line; with `--answers`, a tab and the
//! codes after every winning move. Errors in the chosen language (`locales/cli.toml`), the
//! sheet itself (codes) from [`crate::puzzles`].

use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget};

use super::Failure;
use crate::puzzles::{self, PuzzleError};
use crate::tr;

/// A sheet that takes longer than this shows a progress bar on standard error.
const QUIET_TIME: Duration = Duration::from_secs(1);

/// Prints the sheet of `count` puzzles of `game` at `difficulty` drawn from `seed`, each line
/// as soon as its puzzle is made; past [`QUIET_TIME`] a progress bar on standard error (never
/// drawn when that is not a terminal).
pub fn print(
    game: &str,
    count: usize,
    difficulty: u8,
    seed: u64,
    answers: bool,
    out: &mut impl Write,
) -> Result<ExitCode, Failure> {
    let failure = |e: PuzzleError| failure_of(e, game, difficulty);
    let sheet = puzzles::Sheet::new(game, count, difficulty, seed).map_err(failure)?;
    let started = Instant::now();
    let bar = ProgressBar::hidden();
    bar.set_length(count as u64);
    let mut bar_shown = false;
    for puzzle in sheet {
        let puzzle = puzzle.map_err(failure)?;
        bar.suspend(|| -> Result<(), Failure> {
            if answers {
                writeln!(out, "{}\t{}", puzzle.code, puzzle.answers.join(" "))?;
            } else {
                writeln!(out, "{}", puzzle.code)?;
            }
            out.flush()?;
            Ok(())
        })?;
        bar.inc(1);
        if !bar_shown && started.elapsed() > QUIET_TIME {
            bar.set_draw_target(ProgressDrawTarget::stderr());
            bar_shown = true;
        }
    }
    bar.finish_and_clear();
    Ok(ExitCode::SUCCESS)
}

/// A sheet's error in the chosen language.
fn failure_of(e: PuzzleError, game: &str, difficulty: u8) -> Failure {
    match e {
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
    }
}
