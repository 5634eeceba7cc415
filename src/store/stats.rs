//! Statistics per game and AI level, `stats.toml` in the data directory: games played to the
//! end, won and lost, the current and the best winning streak, and the blunders counted by
//! the teacher's move verdicts (for games that have them). A game counts once, when it first
//! ends; undoing and finishing it again does not count it twice. The heap games count by
//! their rule (`nim`, `misere`, `kayles`, `grundy`, …: the name their codes start with), each
//! apart; `heaps` holds what grundy counted before it told them apart.
//!
//! Counting a game takes the data directory's lock, reads the file again and adds one game
//! to what it finds, so two grundy processes finishing games at once both count. The
//! counters stop at their largest value instead of wrapping to 0.
//!
//! ```toml
//! [coins.perfect]
//! played = 3
//! won = 1
//! lost = 2
//! streak = 0        # wins in a row, up to the last game
//! best_streak = 1
//! blunders = 0      # moves the verdicts called blunders, in the graded games
//! graded = 0        # games that had verdicts
//! retried = 0       # games taken back to a blunder (t) and played on
//! ```

use std::collections::BTreeMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::ai::Level;
use crate::games::GameKind;
use crate::message::Said;
use crate::store::{
    FileKind, keep_for_later, kept_for_later, line_of, lock_dir_of, read_text, set_aside,
    toml_message, write_atomic,
};

/// The record of one game at one level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Record {
    pub played: u64,
    pub won: u64,
    pub lost: u64,
    /// Games won in a row, up to the last one played (0 after a loss).
    pub streak: u64,
    pub best_streak: u64,
    /// Blunders (moves the verdicts call blunders) in the graded games.
    pub blunders: u64,
    /// Games that had verdicts, so blunders per game is `blunders / graded`.
    pub graded: u64,
    /// Games taken back to a blunder (`t`, retry) and played on: counted with that blunder
    /// all the same, and here.
    pub retried: u64,
}

impl Record {
    /// Counts a finished game; `blunders`: the verdicts' count, when the game had them (a
    /// retried game's blunders included); `retried`: the game was taken back to a blunder.
    pub fn add(&mut self, won: bool, blunders: Option<u64>, retried: bool) {
        if retried {
            self.retried = self.retried.saturating_add(1);
        }
        self.played = self.played.saturating_add(1);
        if won {
            self.won = self.won.saturating_add(1);
            self.streak = self.streak.saturating_add(1);
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            self.lost = self.lost.saturating_add(1);
            self.streak = 0;
        }
        if let Some(b) = blunders {
            self.blunders = self.blunders.saturating_add(b);
            self.graded = self.graded.saturating_add(1);
        }
    }

    /// Adds the games of `later`, a record of games played after these (counted apart while
    /// another grundy held the lock: see [`Stats::keep_for_later`]).
    pub fn merge(&mut self, later: &Record) {
        self.played = self.played.saturating_add(later.played);
        self.won = self.won.saturating_add(later.won);
        self.lost = self.lost.saturating_add(later.lost);
        self.blunders = self.blunders.saturating_add(later.blunders);
        self.graded = self.graded.saturating_add(later.graded);
        self.retried = self.retried.saturating_add(later.retried);
        // A loss among the later games ends the streak before them.
        self.streak = if later.lost > 0 {
            later.streak
        } else {
            self.streak.saturating_add(later.streak)
        };
        self.best_streak = self.best_streak.max(later.best_streak).max(self.streak);
    }

    /// Blunders per graded game, if any game was graded.
    pub fn blunders_per_game(&self) -> Option<f64> {
        (self.graded > 0).then(|| self.blunders as f64 / self.graded as f64)
    }
}

/// Every record: game name → level name → record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Stats(pub BTreeMap<String, BTreeMap<String, Record>>);

/// What reading the statistics file found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoadedStats {
    pub stats: Stats,
    /// Why the file could not be read (it is then set aside before the next write).
    pub problem: Option<Said>,
}

/// A finished game to count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// The name it is counted under ([`stats_key`]).
    pub game: String,
    pub level: Level,
    pub won: bool,
    /// The verdicts' count of blunders, when the game had them (a retried game's blunders
    /// included).
    pub blunders: Option<u64>,
    /// Whether the game was taken back to a blunder (`t`) and played on.
    pub retried: bool,
}

/// The files of games kept for later beside `path` that can be read, with their games; one
/// that cannot be read is left alone.
fn kept_files(path: &Path) -> Vec<(PathBuf, Stats)> {
    kept_for_later(path)
        .into_iter()
        .filter_map(|file| {
            let text = read_text(&file, FileKind::Stats).ok()??;
            Some((file, Stats::parse(&text).ok()?))
        })
        .collect()
}

/// The name a game from the position `code` is counted under: the heap games by their rule
/// (the name the code starts with: `nim`, `misere`, `kayles`, …), the others by their game.
pub fn stats_key(code: &str) -> String {
    match GameKind::of_code(code) {
        Some(GameKind::Heaps) => code.split(':').next().unwrap_or_default().to_string(),
        Some(kind) => kind.name().to_string(),
        None => "other".to_string(),
    }
}

impl Stats {
    pub fn record(&self, kind: GameKind, level: Level) -> Record {
        self.record_of(kind.name(), level)
    }

    /// The record of the game counted as `game` (see [`stats_key`]).
    pub fn record_of(&self, game: &str, level: Level) -> Record {
        self.0
            .get(game)
            .and_then(|levels| levels.get(level.name()))
            .copied()
            .unwrap_or_default()
    }

    /// Counts a game under `game` (see [`stats_key`]).
    pub fn add(
        &mut self,
        game: &str,
        level: Level,
        won: bool,
        blunders: Option<u64>,
        retried: bool,
    ) {
        self.0
            .entry(game.to_string())
            .or_default()
            .entry(level.name().to_string())
            .or_default()
            .add(won, blunders, retried);
    }

    pub fn parse(text: &str) -> Result<Stats, Said> {
        // A table per game and AI level: a few hundred.
        crate::store::check_tables("stats.toml", text, 5_000)?;
        toml::from_str(text).map_err(|e| {
            let line = e.span().map_or(1, |s| line_of(text, s.start));
            Said::new("said.stats.not_toml")
                .with("line", line)
                .with("message", toml_message(&e))
        })
    }

    pub fn to_toml(&self) -> String {
        let mut text =
            String::from("# grundy statistics per game and AI level; streak = wins in a row.\n");
        text.push_str(&toml::to_string(self).unwrap_or_default());
        text
    }

    /// Reads the file, with the games kept for later ([`Stats::keep_for_later`]) added; a
    /// missing one is empty statistics.
    pub fn load(path: &Path) -> LoadedStats {
        let mut loaded = Stats::load_file(path);
        if loaded.problem.is_none() {
            for (_, later) in kept_files(path) {
                loaded.stats.merge(&later);
            }
        }
        loaded
    }

    /// Reads the file alone.
    fn load_file(path: &Path) -> LoadedStats {
        match read_text(path, FileKind::Stats) {
            Ok(Some(text)) => match Stats::parse(&text) {
                Ok(stats) => LoadedStats {
                    stats,
                    problem: None,
                },
                Err(problem) => LoadedStats {
                    stats: Stats::default(),
                    problem: Some(problem),
                },
            },
            Ok(None) => LoadedStats::default(),
            Err(e) => LoadedStats {
                stats: Stats::default(),
                problem: Some(Said::new("said.stats.unreadable").with_said("error", e)),
            },
        }
    }

    /// Adds every record of `other` (see [`Record::merge`]).
    pub fn merge(&mut self, other: &Stats) {
        for (game, levels) in &other.0 {
            for (level, record) in levels {
                self.0
                    .entry(game.clone())
                    .or_default()
                    .entry(level.clone())
                    .or_default()
                    .merge(record);
            }
        }
    }

    /// Counts a finished game in the file at `path`: under the directory's lock, read, add,
    /// write atomically (so another grundy's games counted meanwhile are kept). A file that
    /// cannot be read is first set aside (`stats.toml.corrupt-<time>`), never overwritten.
    /// The games kept for later ([`Stats::keep_for_later`]) are added too, and their files
    /// removed. Past the lock's wait ([`crate::store::is_lock_busy`]) nothing is written.
    pub fn add_to_file(
        path: &Path,
        game: &str,
        level: Level,
        won: bool,
        blunders: Option<u64>,
    ) -> io::Result<Stats> {
        Stats::add_all_to_file(
            path,
            &[Counted {
                game: game.to_string(),
                level,
                won,
                blunders,
                retried: false,
            }],
        )
    }

    /// [`Stats::add_to_file`] of several games, in order.
    pub fn add_all_to_file(path: &Path, games: &[Counted]) -> io::Result<Stats> {
        let _lock = lock_dir_of(path)?;
        let loaded = Stats::load_file(path);
        if loaded.problem.is_some() && fs::symlink_metadata(path).is_ok() {
            set_aside(path)?;
        }
        let mut stats = loaded.stats;
        let kept = kept_files(path);
        for (_, later) in &kept {
            stats.merge(later);
        }
        for counted in games {
            stats.add(
                &counted.game,
                counted.level,
                counted.won,
                counted.blunders,
                counted.retried,
            );
        }
        write_atomic(path, &stats.to_toml())?;
        for (file, _) in kept {
            let _ = fs::remove_file(file);
        }
        Ok(stats)
    }

    /// Keeps `games` for the next grundy that counts a game, when the lock could not be had
    /// (another grundy held it as this one left): a file `stats.toml.pending-<time>-p<pid>-<n>`
    /// beside `path`, written atomically without the lock (its name is this process's own).
    /// Every count and every read of the statistics adds it; the next count removes it.
    pub fn keep_for_later(path: &Path, games: &[Counted]) -> io::Result<PathBuf> {
        let mut stats = Stats::default();
        for counted in games {
            stats.add(
                &counted.game,
                counted.level,
                counted.won,
                counted.blunders,
                counted.retried,
            );
        }
        keep_for_later(path, &stats.to_toml())
    }

    /// The rows of the table `grundy stats` prints: one per game and level played, games in
    /// name order, levels easiest first. A game's name is a key of the file, which may hold
    /// anything: it comes escaped (`\x1b`), fit for a terminal.
    pub fn rows(&self) -> Vec<(String, Level, Record)> {
        let mut rows = Vec::new();
        for (game, levels) in &self.0 {
            let game = crate::input::excerpt(game.as_bytes(), 40);
            for level in Level::ALL {
                if let Some(r) = levels.get(level.name()) {
                    rows.push((game.clone(), level, *r));
                }
            }
        }
        rows
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_won_and_a_lost_game_are_counted_with_streaks() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.toml");
        Stats::add_to_file(&path, "coins", Level::Perfect, true, None).unwrap();
        Stats::add_to_file(&path, "coins", Level::Perfect, true, Some(2)).unwrap();
        let stats = Stats::add_to_file(&path, "coins", Level::Perfect, false, None).unwrap();
        let r = stats.record(GameKind::Coins, Level::Perfect);
        assert_eq!(
            (r.played, r.won, r.lost, r.streak, r.best_streak),
            (3, 2, 1, 0, 2)
        );
        assert_eq!(r.blunders_per_game(), Some(2.0));
        assert_eq!(Stats::load(&path).stats, stats);
        assert_eq!(
            stats.record(GameKind::Grid, Level::Perfect),
            Record::default()
        );
        let rows = stats.rows();
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].0, "coins");
        assert_eq!(rows[0].1, Level::Perfect);
        assert_eq!((rows[0].2.played, rows[0].2.won, rows[0].2.lost), (3, 2, 1));
    }

    #[test]
    fn a_broken_file_is_set_aside_not_lost() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.toml");
        fs::write(&path, "[coins.perfect]\nplayed = \"many\"\n").unwrap();
        let problem = Stats::load(&path).problem.unwrap();
        assert!(
            problem.to_string().starts_with("stats.toml line 2:"),
            "{problem}"
        );
        Stats::add_to_file(&path, "grid", Level::Easy, false, None).unwrap();
        let aside = crate::store::set_aside_files(&path);
        assert_eq!(aside.len(), 1);
        assert_eq!(
            fs::read_to_string(&aside[0]).unwrap(),
            "[coins.perfect]\nplayed = \"many\"\n"
        );
        assert_eq!(
            Stats::load(&path)
                .stats
                .record(GameKind::Grid, Level::Easy)
                .lost,
            1
        );
    }

    #[test]
    fn counters_stop_at_their_largest_value() {
        let mut r = Record {
            played: u64::MAX,
            won: u64::MAX,
            streak: u64::MAX,
            best_streak: u64::MAX,
            blunders: u64::MAX - 1,
            graded: u64::MAX,
            ..Record::default()
        };
        r.add(true, Some(5), false);
        assert_eq!(
            (
                r.played,
                r.won,
                r.streak,
                r.best_streak,
                r.blunders,
                r.graded
            ),
            (u64::MAX, u64::MAX, u64::MAX, u64::MAX, u64::MAX, u64::MAX)
        );
        r.lost = u64::MAX;
        r.add(false, None, false);
        assert_eq!((r.lost, r.streak), (u64::MAX, 0));
    }

    #[test]
    fn a_retried_game_counts_its_blunder_and_as_retried() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.toml");
        let game = |blunders, retried| Counted {
            game: "grid".to_string(),
            level: Level::Perfect,
            won: true,
            blunders: Some(blunders),
            retried,
        };
        Stats::add_all_to_file(&path, &[game(1, true)]).unwrap();
        let stats = Stats::add_all_to_file(&path, &[game(0, false)]);
        let r = stats.unwrap().record_of("grid", Level::Perfect);
        assert_eq!((r.won, r.blunders, r.graded, r.retried), (2, 1, 2, 1));
        // Read back from the file as written.
        let r = Stats::load(&path).stats.record_of("grid", Level::Perfect);
        assert_eq!(r.retried, 1);
        // A file from before the counter reads as 0 retried.
        let old = Stats::parse("[nim.perfect]\nplayed = 1\nwon = 1\n").unwrap();
        assert_eq!(old.record_of("nim", Level::Perfect).retried, 0);
    }

    #[test]
    fn heap_games_count_by_their_rule() {
        assert_eq!(stats_key("nim:3,4,5"), "nim");
        assert_eq!(stats_key("misere:1,2"), "misere");
        assert_eq!(stats_key("kayles:5"), "kayles");
        assert_eq!(stats_key("coins:4:HTTH"), "coins");
        assert_eq!(stats_key("wythoff:3,5"), "wythoff");
        let mut stats = Stats::default();
        stats.add("nim", Level::Perfect, true, None, false);
        stats.add("misere", Level::Perfect, false, None, false);
        let games: Vec<String> = stats.rows().into_iter().map(|(game, _, _)| game).collect();
        assert_eq!(games, ["misere", "nim"]);
    }

    #[test]
    fn keys_from_the_file_are_shown_escaped() {
        let text = "[\"\\u001b[2J\\u009b31m\\r\".perfect]\nplayed = 1\n";
        let stats = Stats::parse(text).unwrap();
        let rows = stats.rows();
        let game = &rows[0].0;
        assert!(!game.chars().any(|c| c.is_control()), "{game:?}");
        assert!(game.contains("\\x1b[2J"), "{game}");
    }

    #[test]
    fn two_writers_at_once_lose_no_game() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.toml");
        let threads: Vec<_> = (0..4)
            .map(|_| {
                let path = path.clone();
                std::thread::spawn(move || {
                    for _ in 0..25 {
                        Stats::add_to_file(&path, "nim", Level::Perfect, true, None).unwrap();
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        let played = Stats::load(&path)
            .stats
            .record_of("nim", Level::Perfect)
            .played;
        assert_eq!(played, 100);
    }
}
