//! `grundy puzzles`: a sheet of won positions, one code a line; with `--answers`, a tab and the
//! codes after every winning move. Errors in the chosen language (`locales/cli.toml`), the
//! sheet itself (codes) from [`crate::puzzles`].

use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget};

use super::Failure;
use crate::game::{Notation, Position};
use crate::games::{AnyPosition, with_position};
use crate::locale::Words;
use crate::puzzles::{self, PuzzleError};
use crate::tr;
use crate::tui::sheet::SheetRun;

/// A sheet that takes longer than this shows a progress bar on standard error.
const QUIET_TIME: Duration = Duration::from_secs(1);

/// What a printed sheet shows of each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// The code alone.
    Codes,
    /// The code, a tab, the codes after every winning move.
    Answers,
    /// The answers, another tab, and the winning moves in words.
    Words,
}

/// The winning moves of `puzzle` in words, in the order of its answers.
fn answer_words(puzzle: &puzzles::Puzzle) -> String {
    let position = AnyPosition::from_code(&puzzle.code).expect("a puzzle's code parses");
    let words: Vec<String> = with_position!(&position, p => {
        let moves: Vec<(String, String)> = p
            .legal_moves()
            .iter()
            .map(|mv| (p.play_unchecked(mv).to_code(), p.describe_move(mv).words()))
            .collect();
        puzzle
            .answers
            .iter()
            .filter_map(|answer| moves.iter().find(|(after, _)| after == answer))
            .map(|(_, words)| words.clone())
            .collect()
    });
    words.join(&tr!("puzzles.words_separator"))
}

/// Makes the sheet and opens it in the terminal game, to be played puzzle by puzzle
/// ([`crate::tui::sheet`]). The sheet is made before the terminal is taken over, so that a
/// bad argument is told on standard error.
pub fn play(game: &str, count: usize, difficulty: u8, seed: u64) -> Result<ExitCode, Failure> {
    let failure = |e: PuzzleError| failure_of(e, game, difficulty);
    let codes = puzzles::sheet(game, count, difficulty, seed)
        .map_err(failure)?
        .into_iter()
        .map(|p| p.code)
        .collect();
    let practice = crate::tui::PracticeStart {
        game: Some(game.to_string()),
        difficulty: Some(difficulty),
        sheet: Some(SheetRun::new(game, codes, difficulty)),
        ..Default::default()
    };
    super::play::run_screen(
        crate::store::Store::from_env(),
        crate::tui::PlayOptions {
            practice: Some(practice),
            ..crate::tui::PlayOptions::default()
        },
    )
}

/// Prints the sheet of `count` puzzles of `game` at `difficulty` drawn from `seed`, each line
/// as soon as its puzzle is made; past [`QUIET_TIME`] a progress bar on standard error (never
/// drawn when that is not a terminal).
pub fn print(
    game: &str,
    count: usize,
    difficulty: u8,
    seed: u64,
    shown: Shown,
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
            match shown {
                Shown::Codes => writeln!(out, "{}", puzzle.code)?,
                Shown::Answers => writeln!(out, "{}\t{}", puzzle.code, puzzle.answers.join(" "))?,
                Shown::Words => writeln!(
                    out,
                    "{}\t{}\t{}",
                    puzzle.code,
                    puzzle.answers.join(" "),
                    answer_words(&puzzle)
                )?,
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
