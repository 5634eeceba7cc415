//! Practice records, `drills.toml` in the data directory: a Glicko-2 rating per game and one
//! over all games ([`crate::rating`]), the best run of each streak and timed mode, and the
//! attempts themselves (the newest [`MAX_ATTEMPTS`]), and the answers per theme
//! ([`crate::theme`]: the drills' and the review queue's, which are not rated; a file from
//! before themes gets them counted from its attempts). An attempt is one rating period with
//! one game against the puzzle, whose rating comes from its difficulty: a solved drill is a
//! win, a missed one a loss.
//!
//! Recording an attempt takes the data directory's lock, reads the file again and applies the
//! attempt to what it finds (rating updates included), so two grundy processes practising at
//! once both keep their attempts. A file that cannot be read is set aside, never overwritten.
//!
//! ```toml
//! [ratings.all]          # every game together; [ratings.nim], [ratings.kayles], …
//! rating = 1534.2
//! deviation = 201.3
//! volatility = 0.06
//! tried = 4
//! solved = 3
//!
//! [best.nim]            # the best runs: "all" when the games were mixed
//! streak = 5            # drills solved in a row in streak mode
//! timed = 7             # drills solved in one timed run
//!
//! [themes.nim.nim-sum]  # answers per theme (crate::theme): game, then idea
//! tried = 4
//! solved = 3
//!
//! [[attempts]]
//! game = "nim"
//! kind = "winning-move"
//! mode = "endless"
//! code = "nim:3,5,7"
//! difficulty = 3
//! answer = "heap 1: take 1"
//! right = true
//! ```

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::drill::DrillKind;
use crate::message::Said;
use crate::rating::{self, Game, Rating};
use crate::store::{
    FileKind, keep_for_later, kept_for_later, lock_dir_of, read_text, set_aside, write_atomic,
};
use crate::theme::{Idea, Theme};

/// The attempts kept in the file (the oldest go first; the ratings keep what they taught).
pub const MAX_ATTEMPTS: usize = 2000;

/// The most tables a practice file may have (see [`crate::store::check_tables`]).
pub const MAX_TABLES: usize = 10_000;

/// The name the ratings and records over every game are kept under.
pub const ALL: &str = "all";

/// How drills are served.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// One after another, for as long as the player likes.
    #[default]
    Endless,
    /// Until the first miss; the run's length is the record.
    Streak,
    /// As many as the player solves in [`TIMED_SECONDS`].
    Timed,
}

impl Mode {
    pub const ALL: [Mode; 3] = [Mode::Endless, Mode::Streak, Mode::Timed];
}

/// How long a timed run lasts.
pub const TIMED_SECONDS: u64 = 180;

/// A drill kind's name in the file.
pub fn kind_name(kind: DrillKind) -> &'static str {
    kind.name()
}

/// The kind of a name [`kind_name`] gives.
pub fn kind_of_name(name: &str) -> Option<DrillKind> {
    DrillKind::ALL.into_iter().find(|&k| kind_name(k) == name)
}

/// The answers to one theme's drills.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Tally {
    pub tried: u64,
    pub solved: u64,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.tried = self.tried.saturating_add(other.tried);
        self.solved = self.solved.saturating_add(other.solved);
    }

    /// The share answered right, 0..=1 (`None` before the first answer).
    pub fn share(&self) -> Option<f64> {
        (self.tried > 0).then(|| self.solved.min(self.tried) as f64 / self.tried as f64)
    }
}

/// The fewest answers a theme needs before it can be called weak: one miss in one answer is
/// not a weak spot.
pub const WEAK_AFTER: u64 = 3;

/// A rating with the count of drills it saw.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rated {
    #[serde(deserialize_with = "finite")]
    pub rating: f64,
    #[serde(deserialize_with = "positive")]
    pub deviation: f64,
    #[serde(deserialize_with = "positive")]
    pub volatility: f64,
    pub tried: u64,
    pub solved: u64,
}

/// A rating read from the file: a finite number (TOML has `nan` and `inf`, which would stick
/// to a rating forever: every update of NaN is NaN). The file is then set aside as for any
/// other bad value.
fn finite<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<f64, D::Error> {
    let value = f64::deserialize(deserializer)?;
    if value.is_finite() {
        Ok(value)
    } else {
        Err(serde::de::Error::custom(format!(
            "{value} is not a finite number"
        )))
    }
}

/// A deviation or volatility read from the file: finite and above 0 (Glicko-2 divides by
/// them and takes their logarithm).
fn positive<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<f64, D::Error> {
    let value = finite(deserializer)?;
    if value > 0.0 {
        Ok(value)
    } else {
        Err(serde::de::Error::custom(format!(
            "{value} is not a number above 0"
        )))
    }
}

impl Default for Rated {
    fn default() -> Rated {
        Rated::from(Rating::default())
    }
}

impl From<Rating> for Rated {
    fn from(r: Rating) -> Rated {
        Rated {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
            tried: 0,
            solved: 0,
        }
    }
}

impl Rated {
    pub fn rating(&self) -> Rating {
        Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    /// After one drill of `difficulty`, solved or not.
    fn add(&mut self, difficulty: u8, right: bool) {
        let game = Game {
            opponent: puzzle_rating(difficulty),
            score: if right { 1.0 } else { 0.0 },
        };
        let new = rating::update(self.rating(), &[game], rating::TAU);
        // A file edited by hand may hold nonsense: a rating that is not a number stays put.
        if new.rating.is_finite() && new.deviation.is_finite() && new.volatility.is_finite() {
            let (tried, solved) = (self.tried, self.solved);
            *self = Rated::from(new);
            self.tried = tried;
            self.solved = solved;
        }
        self.tried = self.tried.saturating_add(1);
        if right {
            self.solved = self.solved.saturating_add(1);
        }
    }
}

/// The rating a drill of `difficulty` (1..=5) plays at: 1100, 1300, 1500, 1700, 1900, sure
/// to within RD 100 (the difficulty is known; the puzzle's strength only roughly).
pub fn puzzle_rating(difficulty: u8) -> Rating {
    Rating {
        rating: 900.0 + 200.0 * f64::from(difficulty.clamp(1, 5)),
        deviation: 100.0,
        volatility: 0.06,
    }
}

/// The difficulty that suits a player of `rating`: the one whose puzzles play nearest it.
pub fn difficulty_for(rating: f64) -> u8 {
    let d = ((rating - 900.0) / 200.0).round();
    if d.is_nan() {
        3
    } else {
        d.clamp(1.0, 5.0) as u8
    }
}

/// The best runs under one name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Best {
    /// Drills solved in a row in streak mode.
    pub streak: u64,
    /// Drills solved in one timed run.
    pub timed: u64,
}

/// One answered drill.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attempt {
    /// The game (a name codes start with).
    pub game: String,
    /// [`kind_name`] of the drill.
    pub kind: String,
    pub mode: Mode,
    pub code: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub part: Option<String>,
    pub difficulty: u8,
    /// The answer as given: a move, `won`/`lost`, a value `*n`.
    pub answer: String,
    pub right: bool,
}

/// Everything in the file.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Drills {
    /// Game name (or [`ALL`]) → its rating.
    pub ratings: BTreeMap<String, Rated>,
    /// Game name (or [`ALL`] for mixed games) → the best runs.
    pub best: BTreeMap<String, Best>,
    pub attempts: Vec<Attempt>,
    /// Game → idea name ([`Idea::name`]) → the answers to that theme's drills.
    pub themes: BTreeMap<String, BTreeMap<String, Tally>>,
}

impl Attempt {
    /// What the attempt practised (`None` for a kind this version does not know).
    pub fn theme(&self) -> Option<Theme> {
        Some(Theme::of(&self.game, kind_of_name(&self.kind)?))
    }
}

/// What reading the file found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Loaded {
    pub drills: Drills,
    /// Why the file could not be read (it is then set aside before the next write).
    pub problem: Option<Said>,
}

/// The changes kept for later beside `path` that can be read; one that cannot is left alone.
fn kept_files(path: &Path) -> Vec<(PathBuf, Drills)> {
    kept_for_later(path)
        .into_iter()
        .filter_map(|file| {
            let text = read_text(&file, FileKind::Drills).ok()??;
            Some((file, Drills::parse(&text).ok()?))
        })
        .collect()
}

/// A finished streak or timed run, to keep if it is the best.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// The game, or [`ALL`] for mixed games.
    pub game: String,
    pub mode: Mode,
    pub solved: u64,
}

impl Drills {
    /// The rating of `game` (or [`ALL`]); a new player's where none is kept.
    pub fn rated(&self, game: &str) -> Rated {
        self.ratings.get(game).copied().unwrap_or_default()
    }

    pub fn best(&self, game: &str) -> Best {
        self.best.get(game).copied().unwrap_or_default()
    }

    /// Applies an attempt: the game's rating and the overall one, then the attempt itself.
    pub fn add(&mut self, attempt: Attempt) {
        self.count_theme(&attempt);
        for name in [attempt.game.as_str(), ALL] {
            self.ratings
                .entry(name.to_string())
                .or_default()
                .add(attempt.difficulty, attempt.right);
        }
        self.attempts.push(attempt);
        if self.attempts.len() > MAX_ATTEMPTS {
            let extra = self.attempts.len() - MAX_ATTEMPTS;
            self.attempts.drain(..extra);
        }
    }

    /// Keeps a finished run if it beats the record. Returns whether it did.
    pub fn finish(&mut self, run: &Run) -> bool {
        let best = self.best.entry(run.game.clone()).or_default();
        let record = match run.mode {
            Mode::Endless => return false,
            Mode::Streak => &mut best.streak,
            Mode::Timed => &mut best.timed,
        };
        let beaten = run.solved > *record;
        *record = (*record).max(run.solved);
        beaten
    }

    /// Counts an attempt's answer under its theme.
    fn count_theme(&mut self, attempt: &Attempt) {
        if let Some(theme) = attempt.theme() {
            self.count(&theme, attempt.right);
        }
    }

    /// Counts one answer under `theme`, with no attempt of its own: an answered review item
    /// ([`crate::review`]) counts in its theme as a drill does, but is not rated (an item from
    /// a game or a lesson has no difficulty to rate it at).
    pub fn count(&mut self, theme: &Theme, right: bool) {
        self.tally_mut(&theme.game, theme.idea.name()).add(Tally {
            tried: 1,
            solved: u64::from(right),
        });
    }

    fn tally_mut(&mut self, game: &str, idea: &str) -> &mut Tally {
        self.themes
            .entry(game.to_string())
            .or_default()
            .entry(idea.to_string())
            .or_default()
    }

    /// The themes answered, each with its answers, in the order of games then ideas (a theme
    /// of an idea this version does not know is left out).
    pub fn theme_rows(&self) -> Vec<(Theme, Tally)> {
        let mut rows: Vec<(Theme, Tally)> = self
            .themes
            .iter()
            .flat_map(|(game, ideas)| {
                ideas.iter().filter_map(|(idea, tally)| {
                    let theme = Theme {
                        game: game.clone(),
                        idea: Idea::from_name(idea)?,
                    };
                    (tally.tried > 0).then_some((theme, *tally))
                })
            })
            .collect();
        rows.sort_by(|a, b| a.0.cmp(&b.0));
        rows
    }

    /// The `n` weakest themes: the lowest share right among those with at least
    /// [`WEAK_AFTER`] answers (on a tie, the one answered more often first: its share says
    /// more).
    pub fn weakest(&self, n: usize) -> Vec<Theme> {
        let mut rows: Vec<(Theme, Tally)> = self
            .theme_rows()
            .into_iter()
            .filter(|(_, t)| t.tried >= WEAK_AFTER)
            .collect();
        rows.sort_by(|(a, x), (b, y)| {
            let share = |t: &Tally| t.share().unwrap_or(1.0);
            share(x)
                .total_cmp(&share(y))
                .then(y.tried.cmp(&x.tried))
                .then(a.cmp(b))
        });
        rows.into_iter().take(n).map(|(theme, _)| theme).collect()
    }

    pub fn parse(text: &str) -> Result<Drills, Said> {
        // Ratings and bests per game, themes per game and idea, the attempts: under 3 000.
        crate::store::check_tables("drills.toml", text, MAX_TABLES)?;
        let mut drills: Drills =
            toml::from_str(text).map_err(|e| crate::store::not_toml("drills.toml", text, &e))?;
        // A file from before themes: its attempts are counted (the older ones, gone from the
        // file, are not known any more).
        if drills.themes.is_empty() {
            for attempt in drills.attempts.clone() {
                drills.count_theme(&attempt);
            }
        }
        Ok(drills)
    }

    pub fn to_toml(&self) -> String {
        let mut text = String::from(
            "# grundy practice: Glicko-2 ratings per game (\"all\": every game), best runs, \
             attempts.\n",
        );
        text.push_str(&toml::to_string(self).unwrap_or_default());
        text
    }

    /// Applies changes made after these records (kept for later while another grundy held
    /// the lock: see [`Drills::keep_for_later`]): each attempt added, each answer counted
    /// under its theme alone added to the theme, each best run finished.
    pub fn apply(&mut self, later: &Drills) {
        for attempt in &later.attempts {
            self.add(attempt.clone());
        }
        // The answers counted under a theme alone (review answers): what `later` counts
        // beyond its own attempts, which were counted as they were added above.
        let mut by_attempts = Drills::default();
        for attempt in &later.attempts {
            by_attempts.count_theme(attempt);
        }
        for (game, ideas) in &later.themes {
            for (idea, tally) in ideas {
                let counted = by_attempts
                    .themes
                    .get(game)
                    .and_then(|ideas| ideas.get(idea))
                    .copied()
                    .unwrap_or_default();
                self.tally_mut(game, idea).add(Tally {
                    tried: tally.tried.saturating_sub(counted.tried),
                    solved: tally.solved.saturating_sub(counted.solved),
                });
            }
        }
        for (game, best) in &later.best {
            for (mode, solved) in [(Mode::Streak, best.streak), (Mode::Timed, best.timed)] {
                self.finish(&Run {
                    game: game.clone(),
                    mode,
                    solved,
                });
            }
        }
    }

    /// Keeps `later` (the attempts and runs that could not be written: another grundy held
    /// the lock) in a file of its own beside `path`; every read and the next change of the
    /// file apply it ([`crate::store::keep_for_later`]).
    pub fn keep_for_later(path: &Path, later: &Drills) -> io::Result<PathBuf> {
        keep_for_later(path, &later.to_toml())
    }

    /// Reads the file, with the changes kept for later applied; a missing one is a new
    /// player's.
    pub fn load(path: &Path) -> Loaded {
        let mut loaded = Drills::load_file(path);
        if loaded.problem.is_none() {
            for (_, later) in kept_files(path) {
                loaded.drills.apply(&later);
            }
        }
        loaded
    }

    /// Reads the file alone.
    fn load_file(path: &Path) -> Loaded {
        match read_text(path, FileKind::Drills) {
            Ok(Some(text)) => match Drills::parse(&text) {
                Ok(drills) => Loaded {
                    drills,
                    problem: None,
                },
                Err(problem) => Loaded {
                    drills: Drills::default(),
                    problem: Some(problem),
                },
            },
            Ok(None) => Loaded::default(),
            Err(e) => Loaded {
                drills: Drills::default(),
                problem: Some(crate::store::unreadable("drills.toml", e)),
            },
        }
    }

    /// Changes the file at `path` under the directory's lock: read it again, apply `change`,
    /// write atomically. A file that cannot be read is set aside first.
    pub fn change_file(path: &Path, change: impl FnOnce(&mut Drills)) -> io::Result<Drills> {
        let _lock = lock_dir_of(path)?;
        let loaded = Drills::load_file(path);
        if loaded.problem.is_some() && fs::symlink_metadata(path).is_ok() {
            set_aside(path)?;
        }
        let mut drills = loaded.drills;
        let kept = kept_files(path);
        for (_, later) in &kept {
            drills.apply(later);
        }
        change(&mut drills);
        write_atomic(path, &drills.to_toml())?;
        for (file, _) in kept {
            let _ = fs::remove_file(file);
        }
        Ok(drills)
    }

    /// Records an attempt in the file at `path` (see [`Drills::change_file`]).
    pub fn add_to_file(path: &Path, attempt: Attempt) -> io::Result<Drills> {
        Drills::change_file(path, |d| d.add(attempt))
    }

    /// Counts an answer under `theme` in the file at `path` (see [`Drills::count`]).
    pub fn count_in_file(path: &Path, theme: &Theme, right: bool) -> io::Result<Drills> {
        Drills::change_file(path, |d| d.count(theme, right))
    }

    /// Records a finished run in the file at `path`.
    pub fn finish_in_file(path: &Path, run: &Run) -> io::Result<Drills> {
        Drills::change_file(path, |d| {
            d.finish(run);
        })
    }

    /// The names with a rating or a best run, the games in order and [`ALL`] last: the rows
    /// `grundy stats` prints.
    pub fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = self
            .ratings
            .keys()
            .chain(self.best.keys())
            .cloned()
            .collect();
        names.sort();
        names.dedup();
        names.sort_by_key(|n| n == ALL);
        names
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attempt(game: &str, difficulty: u8, right: bool) -> Attempt {
        Attempt {
            game: game.to_string(),
            kind: kind_name(DrillKind::WinningMove).to_string(),
            mode: Mode::Endless,
            code: "nim:1,2".to_string(),
            part: None,
            difficulty,
            answer: "heap 2: take 1".to_string(),
            right,
        }
    }

    #[test]
    fn a_solved_drill_raises_the_rating_and_a_missed_one_lowers_it() {
        let mut d = Drills::default();
        d.add(attempt("nim", 3, true));
        let up = d.rated("nim");
        assert!(up.rating > 1500.0 && up.deviation < 350.0, "{up:?}");
        assert_eq!((up.tried, up.solved), (1, 1));
        assert_eq!(d.rated(ALL), up);
        d.add(attempt("kayles", 3, false));
        assert!(d.rated("kayles").rating < 1500.0);
        assert_eq!(d.rated("nim"), up, "another game's rating is apart");
        let all = d.rated(ALL);
        assert_eq!((all.tried, all.solved), (2, 1));
        assert!(all.rating < up.rating);
    }

    fn of_kind(game: &str, kind: DrillKind, right: bool) -> Attempt {
        Attempt {
            kind: kind_name(kind).to_string(),
            ..attempt(game, 3, right)
        }
    }

    #[test]
    fn answers_are_counted_per_theme_and_the_weakest_named() {
        let mut d = Drills::default();
        // Nim's nim-sum: 3 of 4; Nim's mex: 1 of 3; Kayles (splitting): 0 of 3; Wythoff: 0 of 2
        // (too few answers to be called weak).
        for right in [true, true, true, false] {
            d.add(of_kind("nim", DrillKind::WinningMove, right));
        }
        for right in [true, false, false] {
            d.add(of_kind("nim", DrillKind::PartValue, right));
        }
        for kind in DrillKind::ALL {
            d.add(of_kind("kayles", kind, false));
        }
        for _ in 0..2 {
            d.add(of_kind("wythoff", DrillKind::WonOrLost, false));
        }
        let rows = d.theme_rows();
        assert_eq!(rows.len(), 4);
        let nim_sum = Theme::of("nim", DrillKind::WinningMove);
        let mex = Theme::of("nim", DrillKind::PartValue);
        let splitting = Theme::of("kayles", DrillKind::WinningMove);
        assert!(rows.contains(&(
            nim_sum.clone(),
            Tally {
                tried: 4,
                solved: 3
            }
        )));
        assert_eq!(d.weakest(2), [splitting, mex]);
        assert_eq!(d.weakest(5).len(), 3);
        // The file keeps the tallies, and reads them back.
        let read = Drills::parse(&d.to_toml()).unwrap();
        assert_eq!(read, d);
        assert!(d.to_toml().contains("[themes.nim.nim-sum]"));
    }

    #[test]
    fn a_file_from_before_themes_loads_with_its_attempts_counted() {
        let old = "[ratings.all]\nrating = 1500.0\ndeviation = 300.0\nvolatility = 0.06\n\
                   tried = 2\nsolved = 1\n\n\
                   [[attempts]]\ngame = \"nim\"\nkind = \"part-value\"\nmode = \"endless\"\n\
                   code = \"nim:3,5\"\npart = \"1\"\ndifficulty = 2\nanswer = \"*3\"\nright = true\n\n\
                   [[attempts]]\ngame = \"stairs\"\nkind = \"won-or-lost\"\nmode = \"streak\"\n\
                   code = \"stairs:1,2\"\ndifficulty = 2\nanswer = \"won\"\nright = false\n";
        let d = Drills::parse(old).unwrap();
        assert_eq!(d.attempts.len(), 2);
        let rows = d.theme_rows();
        assert_eq!(
            rows,
            [
                (
                    Theme::of("nim", DrillKind::PartValue),
                    Tally {
                        tried: 1,
                        solved: 1
                    }
                ),
                (
                    Theme::of("stairs", DrillKind::WonOrLost),
                    Tally {
                        tried: 1,
                        solved: 0
                    }
                ),
            ]
        );
        assert_eq!(rows[1].0.idea, Idea::OddStairs);
    }

    #[test]
    fn an_answer_counted_alone_goes_to_its_theme_not_the_ratings() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("drills.toml");
        Drills::add_to_file(&path, of_kind("nim", DrillKind::WinningMove, true)).unwrap();
        let nim_sum = Theme::of("nim", DrillKind::WinningMove);
        let d = Drills::count_in_file(&path, &nim_sum, false).unwrap();
        assert_eq!(
            d.theme_rows(),
            [(
                nim_sum.clone(),
                Tally {
                    tried: 2,
                    solved: 1
                }
            )]
        );
        assert_eq!(d.rated("nim").tried, 1, "not rated");
        assert_eq!(d.attempts.len(), 1);
        // Kept for later (another grundy held the lock): applied once by the next change, an
        // attempt kept beside it counted once too.
        let mut alone = Drills::default();
        alone.count(&nim_sum, true);
        Drills::keep_for_later(&path, &alone).unwrap();
        let mut with_attempt = Drills::default();
        with_attempt.add(of_kind("nim", DrillKind::WinningMove, false));
        Drills::keep_for_later(&path, &with_attempt).unwrap();
        let splitting = Theme::of("kayles", DrillKind::WonOrLost);
        let d = Drills::count_in_file(&path, &splitting, true).unwrap();
        let tally = |theme: &Theme| {
            d.theme_rows()
                .into_iter()
                .find(|(t, _)| t == theme)
                .map(|(_, tally)| tally)
        };
        assert_eq!(
            tally(&nim_sum),
            Some(Tally {
                tried: 4,
                solved: 2
            })
        );
        assert_eq!(
            tally(&splitting),
            Some(Tally {
                tried: 1,
                solved: 1
            })
        );
        assert_eq!(d.attempts.len(), 2);
        assert_eq!(Drills::load(&path).drills, d);
    }

    #[test]
    fn the_difficulty_follows_the_rating() {
        assert_eq!(difficulty_for(1500.0), 3);
        assert_eq!(difficulty_for(0.0), 1);
        assert_eq!(difficulty_for(3000.0), 5);
        assert_eq!(difficulty_for(1720.0), 4);
        assert_eq!(difficulty_for(f64::NAN), 3);
        for d in 1..=5 {
            assert_eq!(difficulty_for(puzzle_rating(d).rating), d);
        }
    }

    #[test]
    fn runs_keep_the_best() {
        let mut d = Drills::default();
        let run = |solved| Run {
            game: "nim".into(),
            mode: Mode::Streak,
            solved,
        };
        assert!(d.finish(&run(4)));
        assert!(!d.finish(&run(2)));
        assert_eq!(d.best("nim").streak, 4);
        assert!(d.finish(&Run {
            mode: Mode::Timed,
            ..run(1)
        }));
        assert_eq!(
            d.best("nim"),
            Best {
                streak: 4,
                timed: 1
            }
        );
    }

    #[test]
    fn two_writers_keep_each_others_attempts_and_old_attempts_go() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("drills.toml");
        // As two processes would: each writes from what it read before the other wrote.
        let first = Drills::add_to_file(&path, attempt("nim", 2, true)).unwrap();
        let second = Drills::add_to_file(&path, attempt("kayles", 2, false)).unwrap();
        assert_eq!(first.attempts.len(), 1);
        assert_eq!(second.attempts.len(), 2);
        let read = Drills::load(&path);
        assert_eq!(read.problem, None);
        assert_eq!(read.drills, second);
        let mut many = Drills::default();
        for i in 0..MAX_ATTEMPTS + 5 {
            many.add(attempt("nim", 1, i % 2 == 0));
        }
        assert_eq!(many.attempts.len(), MAX_ATTEMPTS);
        assert_eq!(many.rated("nim").tried, (MAX_ATTEMPTS + 5) as u64);
    }

    #[test]
    fn a_broken_file_is_set_aside_and_the_rows_end_with_the_overall_rating() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("drills.toml");
        fs::write(&path, "[ratings.nim]\nrating = \"high\"\n").unwrap();
        assert!(
            Drills::load(&path)
                .problem
                .unwrap()
                .to_string()
                .contains("line 2")
        );
        let d = Drills::add_to_file(&path, attempt("nim", 3, true)).unwrap();
        let aside = fs::read_dir(dir.path())
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .file_name()
                    .to_string_lossy()
                    .contains("corrupt")
            })
            .count();
        assert_eq!(aside, 1);
        assert_eq!(d.names(), ["nim", ALL]);
        assert!(Drills::default().names().is_empty());
    }
}
