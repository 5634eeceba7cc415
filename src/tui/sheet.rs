//! A puzzle sheet played in Practice (`grundy puzzles … --play`, or Practice → Puzzle sheet):
//! the sheet's puzzles one after another, each answered by one move from the list of legal
//! moves and scored. The rules are the hints-off ones: no nudge, no rating, nothing on screen
//! says which move wins before the player has moved; after the move, the verdict and the
//! why-view, as for a drill. This module keeps the sheet's state and words its lines;
//! [`crate::tui::practice`] asks and draws the puzzles.

use rand::{Rng, RngExt};

use crate::drill::{Drill, DrillKind};
use crate::puzzles::{self, PuzzleError};
use crate::tr;

/// How many puzzles a sheet started from the Practice page has.
pub const SHEET_SIZE: usize = 10;

/// A sheet being played: its puzzles and the answers so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetRun {
    /// Each puzzle: the game it is of (a name codes start with) and its code.
    puzzles: Vec<(String, String)>,
    difficulty: u8,
    /// Whether each puzzle answered so far was solved, in order.
    results: Vec<bool>,
}

impl SheetRun {
    /// A sheet of the puzzles `codes` (each of `game`), at `difficulty`.
    pub fn new(game: &str, codes: Vec<String>, difficulty: u8) -> SheetRun {
        SheetRun {
            puzzles: codes.into_iter().map(|c| (game.to_string(), c)).collect(),
            difficulty,
            results: Vec::new(),
        }
    }

    /// A sheet of [`SHEET_SIZE`] puzzles drawn from `rng`, each of one of `games` (chosen
    /// anew for each puzzle when there are several), at `difficulty`.
    pub fn draw<R: Rng + ?Sized>(
        games: &[&str],
        difficulty: u8,
        rng: &mut R,
    ) -> Result<SheetRun, PuzzleError> {
        let mut puzzles = Vec::new();
        for _ in 0..SHEET_SIZE {
            let game = games[rng.random_range(0..games.len())];
            let code = puzzles::draw(game, difficulty, rng)?.code;
            puzzles.push((game.to_string(), code));
        }
        Ok(SheetRun {
            puzzles,
            difficulty,
            results: Vec::new(),
        })
    }

    /// The next puzzle to answer, as a "find a winning move" drill, with its game.
    pub fn next(&self) -> Option<(Drill, String)> {
        self.puzzles.get(self.results.len()).map(|(game, code)| {
            (
                Drill {
                    kind: DrillKind::WinningMove,
                    code: code.clone(),
                    part: None,
                    difficulty: self.difficulty,
                },
                game.clone(),
            )
        })
    }

    /// Scores the puzzle on screen.
    pub fn score(&mut self, solved: bool) {
        if self.results.len() < self.puzzles.len() {
            self.results.push(solved);
        }
    }

    /// Plays the sheet again from its first puzzle.
    pub fn restart(&mut self) {
        self.results.clear();
    }

    pub fn solved(&self) -> usize {
        self.results.iter().filter(|&&r| r).count()
    }

    pub fn answered(&self) -> usize {
        self.results.len()
    }

    pub fn len(&self) -> usize {
        self.puzzles.len()
    }

    pub fn is_empty(&self) -> bool {
        self.puzzles.is_empty()
    }

    /// Whether every puzzle has been answered.
    pub fn is_done(&self) -> bool {
        self.results.len() >= self.puzzles.len()
    }

    /// The status line's words: the puzzle on screen and the score so far. `answered`: the
    /// puzzle on screen has been answered (its verdict is shown).
    pub fn status(&self, answered: bool) -> String {
        let on_screen = if answered {
            self.results.len()
        } else {
            self.results.len() + 1
        };
        tr!(
            "sheet.status",
            n = on_screen.clamp(1, self.puzzles.len().max(1)),
            count = self.puzzles.len(),
            solved = self.solved(),
            answered = self.answered()
        )
        .into_owned()
    }

    /// The end page: the score, then each puzzle with a mark.
    pub fn summary(&self) -> Vec<String> {
        let mut lines = vec![
            tr!(
                "sheet.over",
                solved = self.solved(),
                count = self.puzzles.len()
            )
            .into_owned(),
            String::new(),
        ];
        for (i, ((_, code), solved)) in self.puzzles.iter().zip(&self.results).enumerate() {
            let mark = if *solved { "✓" } else { "✗" };
            lines.push(format!(
                "{mark} {:>2}. {}",
                i + 1,
                crate::game::shorten_code(code, 60)
            ));
        }
        lines
    }
}
