//! Which lessons are done, and how far the others got: `learn.toml` in the data directory,
//! beside `stats.toml`. A lesson left half-way resumes at its first exercise not solved; a
//! lesson whose final game was skipped is marked "game not won" until the game is won.
//!
//! ```toml
//! done = ["positions", "bash"]
//! game_not_won = ["mex"]
//!
//! [solved]
//! nim = [0, 1, 2]
//! ```
//!
//! Marking a lesson done takes the data directory's lock, reads the file again under it and
//! adds the lesson to what it finds, then writes atomically: two grundy processes finishing
//! lessons at once both keep theirs. A file that cannot be read is set aside, never
//! overwritten. Lesson ids the course does not know (from a newer grundy) are kept.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::message::Said;
use crate::store::{
    FileKind, Store, keep_for_later, kept_for_later, lock_dir_of, read_text, set_aside,
    write_atomic,
};

/// The progress file's name in the data directory.
pub const PROGRESS_FILE: &str = "learn.toml";

/// The lessons done, by id.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Progress {
    pub done: BTreeSet<String>,
    /// The lessons whose final game was skipped (its exercises all solved, the game not won).
    #[serde(skip_serializing_if = "BTreeSet::is_empty")]
    pub game_not_won: BTreeSet<String>,
    /// The exercises solved in each lesson, by place (from 0).
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub solved: BTreeMap<String, BTreeSet<usize>>,
}

/// What reading the progress file found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoadedProgress {
    pub progress: Progress,
    /// Why the file could not be read (it is set aside before the next write).
    pub problem: Option<Said>,
}

/// The lessons kept for later beside `path` that can be read; one that cannot is left alone.
fn kept_files(path: &Path) -> Vec<(PathBuf, Progress)> {
    kept_for_later(path)
        .into_iter()
        .filter_map(|file| {
            let text = read_text(&file, FileKind::Learn).ok()??;
            Some((file, Progress::parse(&text).ok()?))
        })
        .collect()
}

/// Where the progress file of `store` is (`None`: a store that keeps nothing).
pub fn path(store: &Store) -> Option<PathBuf> {
    store.data_dir().map(|d| d.join(PROGRESS_FILE))
}

impl Progress {
    pub fn is_done(&self, id: &str) -> bool {
        self.done.contains(id)
    }

    /// Whether lesson `id`'s final game was skipped and has not been won since.
    pub fn is_game_not_won(&self, id: &str) -> bool {
        self.game_not_won.contains(id) && !self.is_done(id)
    }

    /// The exercises of lesson `id` solved, by place.
    pub fn solved(&self, id: &str) -> BTreeSet<usize> {
        self.solved.get(id).cloned().unwrap_or_default()
    }

    /// Adds what `other` holds (another process's change, or one kept for later).
    pub fn merge(&mut self, other: &Progress) {
        self.done.extend(other.done.iter().cloned());
        self.game_not_won.extend(other.game_not_won.iter().cloned());
        for (id, places) in &other.solved {
            self.solved
                .entry(id.clone())
                .or_default()
                .extend(places.iter().copied());
        }
    }

    pub fn parse(text: &str) -> Result<Progress, Said> {
        toml::from_str(text).map_err(|e| crate::store::not_toml(PROGRESS_FILE, text, &e))
    }

    pub fn to_toml(&self) -> String {
        let mut text = String::from("# grundy: the lessons done (grundy learn).\n");
        text.push_str(&toml::to_string(self).unwrap_or_default());
        text
    }

    /// Reads the file, with the lessons kept for later ([`Progress::keep_for_later`]); a
    /// missing one is no lesson done.
    pub fn load(path: &Path) -> LoadedProgress {
        let mut loaded = Progress::load_file(path);
        if loaded.problem.is_none() {
            for (_, later) in kept_files(path) {
                loaded.progress.merge(&later);
            }
        }
        loaded
    }

    /// Keeps lesson `id` done in a file of its own beside `path`, when another grundy held
    /// the lock: every read and the next change of the file add it
    /// ([`crate::store::keep_for_later`]).
    pub fn keep_for_later(path: &Path, id: &str) -> io::Result<PathBuf> {
        let later = Progress {
            done: [id.to_string()].into(),
            ..Progress::default()
        };
        Progress::keep_change_for_later(path, &later)
    }

    /// Keeps the change `later` in a file of its own beside `path`, when another grundy held
    /// the lock: every read and the next change of the file add it.
    pub fn keep_change_for_later(path: &Path, later: &Progress) -> io::Result<PathBuf> {
        keep_for_later(path, &later.to_toml())
    }

    /// Reads the file alone.
    fn load_file(path: &Path) -> LoadedProgress {
        match read_text(path, FileKind::Learn) {
            Ok(Some(text)) => match Progress::parse(&text) {
                Ok(progress) => LoadedProgress {
                    progress,
                    problem: None,
                },
                Err(problem) => LoadedProgress {
                    progress: Progress::default(),
                    problem: Some(problem),
                },
            },
            Ok(None) => LoadedProgress::default(),
            Err(e) => LoadedProgress {
                progress: Progress::default(),
                problem: Some(crate::store::unreadable(PROGRESS_FILE, e)),
            },
        }
    }

    /// Marks lesson `id` done in the file at `path`: under the directory's lock, read, add,
    /// write atomically. Returns the progress as written.
    pub fn mark_done_in_file(path: &Path, id: &str) -> io::Result<Progress> {
        let change = Progress {
            done: [id.to_string()].into(),
            ..Progress::default()
        };
        Progress::add_in_file(path, &change)
    }

    /// Adds `change` (lessons done, exercises solved, games skipped) to the file at `path`:
    /// under the directory's lock, read, add, write atomically. Returns the progress as
    /// written.
    pub fn add_in_file(path: &Path, change: &Progress) -> io::Result<Progress> {
        let _lock = lock_dir_of(path)?;
        let loaded = Progress::load_file(path);
        if loaded.problem.is_some() && fs::symlink_metadata(path).is_ok() {
            set_aside(path)?;
        }
        let mut progress = loaded.progress;
        let kept = kept_files(path);
        for (_, later) in &kept {
            progress.merge(later);
        }
        progress.merge(change);
        write_atomic(path, &progress.to_toml())?;
        for (file, _) in kept {
            let _ = fs::remove_file(file);
        }
        Ok(progress)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lesson_marked_done_is_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(PROGRESS_FILE);
        assert!(Progress::load(&path).progress.done.is_empty());
        Progress::mark_done_in_file(&path, "nim").unwrap();
        let progress = Progress::mark_done_in_file(&path, "mex").unwrap();
        assert!(progress.is_done("nim") && progress.is_done("mex"));
        assert_eq!(Progress::load(&path).progress, progress);
        assert!(!progress.is_done("bash"));
    }

    /// Two processes' worth of writers on one file: every lesson either marks is kept, because
    /// each re-reads the file under the lock before adding its own.
    #[test]
    fn two_writers_lose_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(PROGRESS_FILE);
        let writers: Vec<_> = ["a", "b"]
            .into_iter()
            .map(|who| {
                let path = path.clone();
                std::thread::spawn(move || {
                    for i in 0..40 {
                        Progress::mark_done_in_file(&path, &format!("{who}{i}")).unwrap();
                    }
                })
            })
            .collect();
        for w in writers {
            w.join().unwrap();
        }
        let done = Progress::load(&path).progress.done;
        assert_eq!(done.len(), 80, "{done:?}");
    }

    /// A writer holding an old copy in memory (the Learn screen read the file at its start)
    /// does not undo what another process wrote since: marking goes through the file.
    #[test]
    fn a_stale_copy_does_not_undo_another_writer() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(PROGRESS_FILE);
        let stale = Progress::load(&path).progress;
        Progress::mark_done_in_file(&path, "nim").unwrap();
        assert!(!stale.is_done("nim"));
        let now = Progress::mark_done_in_file(&path, "bash").unwrap();
        assert!(now.is_done("nim") && now.is_done("bash"));
    }

    /// Exercises solved and a skipped game are kept and read back; an old file (done only)
    /// still reads, and a file with only `done` is written as before.
    #[test]
    fn exercises_solved_and_games_skipped_are_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(PROGRESS_FILE);
        fs::write(&path, "done = [\"positions\"]\n").unwrap();
        let solved = |id: &str, place: usize| Progress {
            solved: [(id.to_string(), [place].into())].into(),
            ..Progress::default()
        };
        Progress::add_in_file(&path, &solved("nim", 0)).unwrap();
        Progress::add_in_file(&path, &solved("nim", 2)).unwrap();
        let skipped = Progress {
            game_not_won: ["mex".to_string()].into(),
            ..Progress::default()
        };
        let progress = Progress::add_in_file(&path, &skipped).unwrap();
        assert_eq!(progress.solved("nim"), [0, 2].into());
        assert!(progress.is_game_not_won("mex") && progress.is_done("positions"));
        assert_eq!(Progress::load(&path).progress, progress);
        let text = fs::read_to_string(&path).unwrap();
        assert!(text.contains("game_not_won = [\"mex\"]"), "{text}");
        assert!(
            text.contains("[solved]") && text.contains("nim = [0, 2]"),
            "{text}"
        );
        // Winning the game later: done, and no longer "game not won".
        let progress = Progress::mark_done_in_file(&path, "mex").unwrap();
        assert!(progress.is_done("mex") && !progress.is_game_not_won("mex"));
        // A change kept for later (the lock was held) is read back with the file.
        Progress::keep_change_for_later(&path, &solved("bash", 1)).unwrap();
        assert_eq!(Progress::load(&path).progress.solved("bash"), [1].into());
    }

    #[test]
    fn a_broken_file_is_set_aside_not_lost() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(PROGRESS_FILE);
        fs::write(&path, "done = 3\n").unwrap();
        let loaded = Progress::load(&path);
        assert!(
            loaded
                .problem
                .as_ref()
                .is_some_and(|p| p.to_string().contains("line 1")),
            "{loaded:?}"
        );
        let progress = Progress::mark_done_in_file(&path, "nim").unwrap();
        assert!(progress.is_done("nim"));
        let aside = fs::read_dir(dir.path())
            .unwrap()
            .filter_map(Result::ok)
            .filter(|e| e.file_name().to_string_lossy().contains("corrupt"))
            .count();
        assert_eq!(aside, 1);
    }
}
