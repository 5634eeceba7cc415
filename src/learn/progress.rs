//! Which lessons are done: `learn.toml` in the data directory, beside `stats.toml`.
//!
//! ```toml
//! done = ["positions", "bash"]
//! ```
//!
//! Marking a lesson done takes the data directory's lock, reads the file again under it and
//! adds the lesson to what it finds, then writes atomically: two grundy processes finishing
//! lessons at once both keep theirs. A file that cannot be read is set aside, never
//! overwritten. Lesson ids the course does not know (from a newer grundy) are kept.

use std::collections::BTreeSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::store::{
    FileKind, Store, keep_for_later, kept_for_later, line_of, lock_dir_of, read_text, set_aside,
    toml_message, write_atomic,
};

/// The progress file's name in the data directory.
pub const PROGRESS_FILE: &str = "learn.toml";

/// The lessons done, by id.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Progress {
    pub done: BTreeSet<String>,
}

/// What reading the progress file found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoadedProgress {
    pub progress: Progress,
    /// Why the file could not be read (it is set aside before the next write).
    pub problem: Option<String>,
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

    pub fn parse(text: &str) -> Result<Progress, String> {
        toml::from_str(text).map_err(|e| {
            let line = e.span().map_or(1, |s| line_of(text, s.start));
            format!("{PROGRESS_FILE} line {line}: {}", toml_message(&e))
        })
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
                loaded.progress.done.extend(later.done);
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
        };
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
                problem: Some(format!("{PROGRESS_FILE} cannot be read: {e}")),
            },
        }
    }

    /// Marks lesson `id` done in the file at `path`: under the directory's lock, read, add,
    /// write atomically. Returns the progress as written.
    pub fn mark_done_in_file(path: &Path, id: &str) -> io::Result<Progress> {
        let _lock = lock_dir_of(path)?;
        let loaded = Progress::load_file(path);
        if loaded.problem.is_some() && fs::symlink_metadata(path).is_ok() {
            set_aside(path)?;
        }
        let mut progress = loaded.progress;
        let kept = kept_files(path);
        for (_, later) in &kept {
            progress.done.extend(later.done.iter().cloned());
        }
        progress.done.insert(id.to_string());
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

    #[test]
    fn a_broken_file_is_set_aside_not_lost() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(PROGRESS_FILE);
        fs::write(&path, "done = 3\n").unwrap();
        let loaded = Progress::load(&path);
        assert!(
            loaded
                .problem
                .as_deref()
                .is_some_and(|p| p.contains("line 1")),
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
