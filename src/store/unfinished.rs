//! The games left unfinished, one file each in `unfinished/` of the data directory, and the
//! saves list of the menu (those and the games saved under a name, newest first).
//!
//! Every unfinished game has a file of its own (`2026-11-25T14-05-p4242-1.grundy`: the
//! time, the process, a counter), so no game replaces another, whichever grundy left it. A
//! game resumed in one grundy is claimed ([`claim`]: an exclusive lock on `.NAME.lock` beside
//! it, held while the game is on screen and let go by the system if the process dies), and
//! another grundy does not offer it meanwhile. A file that cannot be resumed is set aside
//! (`NAME.corrupt-<time>`) and reported, never written over.

use std::fs::{self, File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::SystemTime;

use crate::message::Said;
use crate::store::save::Save;
use crate::store::{
    FileKind, MAX_SAVE_BYTES, SAVE_EXTENSION, Store, lock_dir, open_lock_file, open_nonblocking,
    own_subdir, read_regular, read_within, set_aside_locked,
};

/// A save found on disk, for the menu's list.
#[derive(Clone, Debug)]
pub struct Listed {
    pub path: PathBuf,
    pub save: Save,
    /// When it was last written.
    pub modified: SystemTime,
    /// Left unfinished (an autosave), not saved under a name.
    pub unfinished: bool,
}

/// A resumed game's hold on its file: while held, no other grundy offers the game.
#[derive(Debug)]
pub struct Claim {
    _file: File,
}

/// The lock file of the unfinished game at `path`: `.NAME.lock` beside it.
fn lock_path(path: &Path) -> PathBuf {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    path.with_file_name(format!(".{name}.lock"))
}

/// Claims the unfinished game at `path` for this process: `None` when another grundy holds it.
pub fn claim(path: &Path) -> io::Result<Option<Claim>> {
    let file = open_lock_file(&lock_path(path))?;
    match fs4::FileExt::try_lock(&file) {
        Ok(()) => Ok(Some(Claim { _file: file })),
        Err(fs4::TryLockError::WouldBlock) => Ok(None),
        Err(fs4::TryLockError::Error(e)) => Err(e),
    }
}

/// Whether another grundy has claimed the game at `path` (it is on its screen).
pub fn claimed_elsewhere(path: &Path) -> bool {
    let lock = lock_path(path);
    // Only grundy's own lock file is asked, never opened if it is anything else (a pipe
    // would block the open, a link lead elsewhere): no grundy holds a claim on that.
    if !fs::symlink_metadata(&lock).is_ok_and(|m| m.is_file()) {
        return false;
    }
    let Ok(file) = open_nonblocking(OpenOptions::new().read(true), &lock) else {
        return false;
    };
    matches!(
        fs4::FileExt::try_lock_shared(&file),
        Err(fs4::TryLockError::WouldBlock)
    )
}

/// Removes a finished game's file and its lock file.
pub fn remove(path: &Path) {
    let _ = fs::remove_file(path);
    let _ = fs::remove_file(lock_path(path));
}

/// A new file name for an unfinished game in `dir`, unique among grundy processes: the time,
/// this process's id and a counter.
pub fn new_path(dir: &Path) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let stamp = crate::store::file_date_stamp();
    loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed) + 1;
        let path = dir.join(format!(
            "{stamp}-p{}-{n}.{SAVE_EXTENSION}",
            std::process::id()
        ));
        if !path.exists() {
            return path;
        }
    }
}

/// Moves the single `autosave.grundy` of earlier versions into the unfinished games.
fn adopt_old_autosave(store: &Store, dir: &Path) {
    let Some(old) = store.autosave_path().filter(|p| p.exists()) else {
        return;
    };
    let Ok(_lock) = lock_dir(dir) else { return };
    let mut target = dir.join(old.file_name().unwrap_or_default());
    if target.exists() {
        target = new_path(dir);
    }
    let _ = fs::rename(&old, target);
}

/// The files `*.grundy` in `dir` with their times.
fn files_in(dir: &Path) -> Vec<(PathBuf, SystemTime)> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            !name.starts_with('.') && name.ends_with(&format!(".{SAVE_EXTENSION}"))
        })
        .filter_map(|e| {
            let meta = e.metadata().ok().filter(|m| m.is_file())?;
            Some((e.path(), meta.modified().unwrap_or(SystemTime::UNIX_EPOCH)))
        })
        .collect()
}

/// The unfinished games that can be resumed here, newest first, and what was wrong with the
/// others: a file that cannot be read or replayed (`check`) is set aside and named in a
/// problem; a game another grundy has on screen is left out.
pub fn unfinished(
    store: &Store,
    check: impl Fn(&Save) -> Result<(), Said>,
) -> (Vec<Listed>, Vec<Said>) {
    let Some(dir) = store.unfinished_dir() else {
        return (Vec::new(), Vec::new());
    };
    // A link in the directory's place is set aside before any file in it is read or set
    // aside (it would lead there out of the data directory).
    if fs::symlink_metadata(&dir).is_ok() && own_subdir(&dir).is_err() {
        return (Vec::new(), Vec::new());
    }
    adopt_old_autosave(store, &dir);
    let mut listed = Vec::new();
    let mut problems = Vec::new();
    for (path, modified) in files_in(&dir) {
        if claimed_elsewhere(&path) {
            continue;
        }
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let name = crate::input::escape_controls(&name);
        let read = read_within(&path, FileKind::Save, MAX_SAVE_BYTES)
            .map_err(|e| e.said())
            .and_then(|bytes| Save::parse(&bytes).map_err(|e| e.said()))
            .and_then(|save| check(&save).map(|()| save));
        match read {
            Ok(save) => listed.push(Listed {
                path,
                save,
                modified,
                unfinished: true,
            }),
            Err(e) => {
                // Under the lock: another grundy may be setting the same file aside.
                let aside = set_aside_locked(&path).ok().flatten();
                let kept =
                    aside.and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()));
                problems.push(match kept {
                    Some(kept) => Said::new("said.save.cannot_resume_kept")
                        .with("name", name)
                        .with_said("error", e)
                        .with("kept", crate::input::escape_controls(&kept)),
                    None => Said::new("said.save.cannot_resume")
                        .with("name", name)
                        .with_said("error", e),
                });
            }
        }
    }
    listed.sort_by_key(|b| std::cmp::Reverse(b.modified));
    (listed, problems)
}

/// The games saved under a name (`s`), newest first; files that cannot be read are left out.
pub fn named(store: &Store) -> Vec<Listed> {
    let Some(dir) = store.saves_dir() else {
        return Vec::new();
    };
    let mut listed: Vec<Listed> = files_in(&dir)
        .into_iter()
        .filter_map(|(path, modified)| {
            let bytes = read_regular(&path, MAX_SAVE_BYTES).ok()?;
            let save = Save::parse(&bytes).ok()?;
            Some(Listed {
                path,
                save,
                modified,
                unfinished: false,
            })
        })
        .collect();
    listed.sort_by_key(|b| std::cmp::Reverse(b.modified));
    listed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::setup::First;

    fn save(name: &str) -> Save {
        Save::new(
            name,
            "nim:3,4,5".into(),
            First::You,
            Level::Perfect,
            1,
            false,
            vec![],
        )
    }

    #[test]
    fn each_unfinished_game_has_its_own_file_and_a_claim_hides_it() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::at(dir.path().join("c"), dir.path().join("d"));
        let games = store.unfinished_dir().unwrap();
        fs::create_dir_all(&games).unwrap();
        let (a, b) = (new_path(&games), new_path(&games));
        assert_ne!(a, b);
        save("a").write(&a).unwrap();
        save("b").write(&b).unwrap();
        let (listed, problems) = unfinished(&store, |_| Ok(()));
        assert!(problems.is_empty());
        assert_eq!(listed.len(), 2);
        let held = claim(&a).unwrap().expect("free");
        assert!(claim(&a).unwrap().is_none(), "claimed twice");
        let (listed, _) = unfinished(&store, |_| Ok(()));
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].save.name, "b");
        drop(held);
        assert_eq!(unfinished(&store, |_| Ok(())).0.len(), 2);
        remove(&a);
        assert_eq!(unfinished(&store, |_| Ok(())).0.len(), 1);
    }

    #[test]
    fn the_old_autosave_is_adopted_and_a_broken_one_set_aside() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::at(dir.path().join("c"), dir.path().join("d"));
        let old = store.autosave_path().unwrap();
        fs::create_dir_all(old.parent().unwrap()).unwrap();
        save("old").write(&old).unwrap();
        let (listed, _) = unfinished(&store, |_| Ok(()));
        assert_eq!(listed[0].save.name, "old");
        assert!(!old.exists());
        let broken = store.unfinished_dir().unwrap().join("x.grundy");
        fs::write(&broken, "grundy save 1\nstart coins:4:TT\n").unwrap();
        let (listed, problems) = unfinished(&store, |_| Ok(()));
        assert_eq!(listed.len(), 1);
        assert!(
            problems[0]
                .to_string()
                .starts_with("Cannot resume x.grundy: line 2"),
            "{problems:?}"
        );
        assert!(!broken.exists());
        assert_eq!(crate::store::set_aside_files(&broken).len(), 1);
    }
}
