//! What grundy keeps between runs: the settings (a TOML file in the platform's config
//! directory), saved games and the unfinished games to resume (plain text in the data
//! directory), and statistics per game and level (TOML in the data directory).
//!
//! [`Store`] knows where the files are; a disabled store (the in-process tests) reads and
//! writes nothing. Every write is atomic: a temporary file in the same directory, then a
//! rename, so a crash mid-write leaves the old file or the new one, never half of one.
//!
//! Two grundy processes on the same directories are normal (two terminals, a tmux split):
//! a change to a shared file takes the directory's lock ([`lock_dir`]), reads the file again
//! under it and applies the change to what it finds, so neither process undoes the other's.
//! A file that cannot be read is set aside under a name with the time in it, never written
//! over, and every earlier one is kept.
//!
//! Every file is read through [`read_file`]: a regular file only (a pipe or a device in its
//! place is refused without a read that would wait or never end), at most its kind's bound
//! ([`FileKind`]). A lock held elsewhere is waited on for a while only ([`set_lock_wait`]):
//! the terminal game tries again from its loop, and what it could not write when it leaves is
//! kept beside its file ([`keep_for_later`]) for the next change to apply.

pub mod drills;
pub mod review;
pub mod save;
pub mod settings;
pub mod stats;
pub mod unfinished;

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime};

use crate::message::Said;

/// The file names inside the directories.
const SETTINGS_FILE: &str = "settings.toml";
const STATS_FILE: &str = "stats.toml";
const DRILLS_FILE: &str = "drills.toml";
const REVIEW_FILE: &str = "review.toml";
const AUTOSAVE_FILE: &str = "autosave.grundy";
const SAVES_DIR: &str = "saves";
const UNFINISHED_DIR: &str = "unfinished";
/// The lock file of a directory (see [`lock_dir`]).
const LOCK_FILE: &str = ".grundy.lock";
/// grundy's temporary files: `.grundy-XXXXXX.tmp`, renamed over their target when whole.
const TMP_PREFIX: &str = ".grundy-";
const TMP_SUFFIX: &str = ".tmp";
/// A temporary file older than this was left by a process that was killed mid-write (a
/// write takes milliseconds), and is removed when grundy starts.
pub const STALE_TMP_AGE: Duration = Duration::from_secs(600);
/// The largest save grundy reads (`--load`, the saves list): far above any real game (a
/// 10^6-box dodgeball board is a 1 MB code).
pub const MAX_SAVE_BYTES: u64 = 64 << 20;
/// The extension of saved games.
pub const SAVE_EXTENSION: &str = "grundy";

/// Where grundy's files live: `config` holds the settings, `data` the saves and statistics.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Store {
    config: Option<PathBuf>,
    data: Option<PathBuf>,
}

impl Store {
    /// The platform's directories for grundy (`directories::ProjectDirs`): on Linux
    /// `$XDG_CONFIG_HOME/grundy` (default `~/.config/grundy`) and `$XDG_DATA_HOME/grundy`
    /// (default `~/.local/share/grundy`). Disabled if there is no home directory.
    pub fn from_env() -> Store {
        match directories::ProjectDirs::from("", "", "grundy") {
            Some(dirs) => Store::at(dirs.config_dir(), dirs.data_dir()),
            None => Store::disabled(),
        }
    }

    /// A store in the given directories.
    pub fn at(config: impl Into<PathBuf>, data: impl Into<PathBuf>) -> Store {
        Store {
            config: Some(config.into()),
            data: Some(data.into()),
        }
    }

    /// A store that keeps nothing.
    pub fn disabled() -> Store {
        Store::default()
    }

    pub fn is_enabled(&self) -> bool {
        self.config.is_some() && self.data.is_some()
    }

    pub fn settings_path(&self) -> Option<PathBuf> {
        self.config.as_ref().map(|d| d.join(SETTINGS_FILE))
    }

    pub fn stats_path(&self) -> Option<PathBuf> {
        self.data.as_ref().map(|d| d.join(STATS_FILE))
    }

    /// The practice ratings, best runs and attempts ([`drills`]).
    pub fn drills_path(&self) -> Option<PathBuf> {
        self.data.as_ref().map(|d| d.join(DRILLS_FILE))
    }

    /// The review queue ([`review`]).
    pub fn review_path(&self) -> Option<PathBuf> {
        self.data.as_ref().map(|d| d.join(REVIEW_FILE))
    }

    /// The one autosave file of grundy before each unfinished game had its own: moved into
    /// [`Store::unfinished_dir`] when found.
    pub fn autosave_path(&self) -> Option<PathBuf> {
        self.data.as_ref().map(|d| d.join(AUTOSAVE_FILE))
    }

    /// The unfinished games, one file each, that the menu offers to resume.
    pub fn unfinished_dir(&self) -> Option<PathBuf> {
        self.data.as_ref().map(|d| d.join(UNFINISHED_DIR))
    }

    /// Where `s` in a game saves it.
    pub fn saves_dir(&self) -> Option<PathBuf> {
        self.data.as_ref().map(|d| d.join(SAVES_DIR))
    }

    pub fn data_dir(&self) -> Option<&Path> {
        self.data.as_deref()
    }

    pub fn config_dir(&self) -> Option<&Path> {
        self.config.as_deref()
    }

    /// Removes grundy's temporary files older than [`STALE_TMP_AGE`] from its directories
    /// (left by a process killed mid-write; a younger one may be another process's write in
    /// progress). Returns how many were removed.
    pub fn clean_stale_temporaries(&self) -> usize {
        let dirs = [
            self.config.clone(),
            self.data.clone(),
            self.saves_dir(),
            self.unfinished_dir(),
        ];
        let now = SystemTime::now();
        let mut removed = 0;
        for dir in dirs.into_iter().flatten() {
            let Ok(entries) = fs::read_dir(&dir) else {
                continue;
            };
            for entry in entries.flatten() {
                let name = entry.file_name();
                let Some(name) = name.to_str() else { continue };
                if !is_own_temporary(name) {
                    continue;
                }
                let old = entry
                    .metadata()
                    .ok()
                    .filter(|m| m.is_file())
                    .and_then(|m| m.modified().ok())
                    .and_then(|t| now.duration_since(t).ok())
                    .is_some_and(|age| age >= STALE_TMP_AGE);
                if old && fs::remove_file(entry.path()).is_ok() {
                    removed += 1;
                }
            }
        }
        removed
    }
}

/// Whether `name` is one of grundy's temporary files: `.grundy-*.tmp`, or the
/// `.tmpXXXXXX` names that grundy's writes had before (in grundy's own directories).
fn is_own_temporary(name: &str) -> bool {
    if name.starts_with(TMP_PREFIX) && name.ends_with(TMP_SUFFIX) {
        return true;
    }
    name.strip_prefix(".tmp")
        .is_some_and(|rest| rest.len() == 6 && rest.chars().all(|c| c.is_ascii_alphanumeric()))
}

/// An exclusive lock on a directory's lock file, held until dropped: the changes to the
/// shared files in it (statistics, settings, the unfinished games) take it, re-read the file
/// under it and write it before letting go.
#[derive(Debug)]
pub struct DirLock {
    _file: File,
}

/// How long [`lock_dir`] waits for another grundy that holds the lock, in milliseconds
/// ([`set_lock_wait`]).
static LOCK_WAIT_MS: AtomicU64 = AtomicU64::new(10_000);
/// How often a held lock is tried again.
const LOCK_POLL: Duration = Duration::from_millis(10);

/// How long taking a directory's lock waits for another grundy before it gives up with an
/// error that [`is_lock_busy`] knows: 10 s unless set. The terminal game waits briefly and
/// tries again from its loop, so a lock held elsewhere never freezes it.
pub fn set_lock_wait(wait: Duration) {
    LOCK_WAIT_MS.store(wait.as_millis() as u64, Ordering::Relaxed);
}

/// Whether `error` says that another grundy held a directory's lock past the wait.
pub fn is_lock_busy(error: &io::Error) -> bool {
    error.kind() == io::ErrorKind::WouldBlock
}

/// Opens (creating it) a lock file of grundy's: without following a symbolic link (a link
/// would lead the new file out of the directory) and without waiting (a pipe in its place
/// would block the open). Anything but a regular file there is set aside (kept, see
/// [`set_aside`]) and a new lock file made.
pub(crate) fn open_lock_file(path: &Path) -> io::Result<File> {
    for _ in 0..2 {
        let mut options = OpenOptions::new();
        options.create(true).truncate(false).read(true).write(true);
        #[cfg(unix)]
        let no_follow = libc::O_NOFOLLOW;
        #[cfg(not(unix))]
        let no_follow = 0;
        match open_with_flags(&mut options, path, no_follow) {
            Ok(file) if file.metadata()?.is_file() => return Ok(file),
            Ok(_) => {}
            // A symbolic link (O_NOFOLLOW refuses it with ELOOP).
            Err(_) if path.is_symlink() => {}
            Err(e) => return Err(e),
        }
        match set_aside(path) {
            Ok(_) => {}
            // Another grundy set it aside first.
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::other(format!(
        "{}: not a regular file",
        crate::input::escape_controls(&path.display().to_string())
    )))
}

/// Takes the lock of `dir` (creating the directory and its lock file), waiting for another
/// grundy that holds it (a change holds it for milliseconds) at most [`set_lock_wait`]'s
/// time: past it the error is [`is_lock_busy`], and the caller keeps its change to try again.
pub fn lock_dir(dir: &Path) -> io::Result<DirLock> {
    fs::create_dir_all(dir)?;
    let path = dir.join(LOCK_FILE);
    let file = open_lock_file(&path)?;
    let deadline = Instant::now() + Duration::from_millis(LOCK_WAIT_MS.load(Ordering::Relaxed));
    loop {
        match fs4::FileExt::try_lock(&file) {
            Ok(()) => return Ok(DirLock { _file: file }),
            Err(fs4::TryLockError::WouldBlock) if Instant::now() < deadline => {
                std::thread::sleep(LOCK_POLL);
            }
            Err(fs4::TryLockError::WouldBlock) => {
                return Err(io::Error::new(
                    io::ErrorKind::WouldBlock,
                    format!(
                        "another grundy holds {}",
                        crate::input::escape_controls(&path.display().to_string())
                    ),
                ));
            }
            Err(fs4::TryLockError::Error(e)) => return Err(e),
        }
    }
}

/// The directory `dir` inside grundy's data directory (`saves`, `unfinished`) as a directory
/// of its own, created when missing: a symbolic link (or a file) in its place is set aside
/// (kept, see [`set_aside`]) and a directory made, so grundy's writes never follow a link out
/// of the data directory.
pub fn own_subdir(dir: &Path) -> io::Result<()> {
    match fs::symlink_metadata(dir) {
        Ok(meta) if meta.is_dir() => Ok(()),
        Ok(_) => {
            match set_aside(dir) {
                Ok(_) => {}
                Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                Err(e) => return Err(e),
            }
            match fs::create_dir(dir) {
                Err(e) if e.kind() != io::ErrorKind::AlreadyExists => Err(e),
                _ => Ok(()),
            }
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => fs::create_dir_all(dir),
        Err(e) => Err(e),
    }
}

/// The lock of the directory `path` is in.
pub fn lock_dir_of(path: &Path) -> io::Result<DirLock> {
    lock_dir(parent_of(path))
}

fn parent_of(path: &Path) -> &Path {
    path.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// The kinds of file grundy reads, each with the most bytes it reads of one (the README's
/// table): far above anything grundy writes, and small enough that parsing one costs little
/// memory (TOML takes some 30 bytes of memory per byte of text).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// `settings.toml`.
    Settings,
    /// `stats.toml`.
    Stats,
    /// `drills.toml`: at most [`drills::MAX_ATTEMPTS`] attempts of a few hundred bytes.
    Drills,
    /// `review.toml`: at most [`review::MAX_ITEMS`] items of codes up to
    /// [`crate::review::MAX_CODE_BYTES`].
    Review,
    /// `learn.toml`.
    Learn,
    /// A saved or unfinished game.
    Save,
}

impl FileKind {
    /// The most bytes grundy reads of a file of this kind.
    pub fn max_bytes(self) -> u64 {
        match self {
            FileKind::Settings | FileKind::Stats | FileKind::Learn => 1 << 20,
            FileKind::Drills | FileKind::Review => 4 << 20,
            FileKind::Save => MAX_SAVE_BYTES,
        }
    }

    /// The key of what a file of this kind is, in the error messages.
    fn key(self) -> &'static str {
        match self {
            FileKind::Settings => "said.file.kind.settings",
            FileKind::Stats => "said.file.kind.stats",
            FileKind::Drills => "said.file.kind.drills",
            FileKind::Review => "said.file.kind.review",
            FileKind::Learn => "said.file.kind.learn",
            FileKind::Save => "said.file.kind.save",
        }
    }

    /// What a file of this kind is, in the error messages.
    fn what(self) -> &'static str {
        match self {
            FileKind::Settings => "a settings file",
            FileKind::Stats => "a statistics file",
            FileKind::Drills => "a practice file",
            FileKind::Review => "a review file",
            FileKind::Learn => "a lessons file",
            FileKind::Save => "a save",
        }
    }
}

/// Why a file could not be read ([`read_file`]).
#[derive(Debug)]
pub enum ReadError {
    /// Not a regular file: a directory, a pipe (reading it would wait forever), a device
    /// (`/dev/zero` never ends).
    NotRegular {
        path: PathBuf,
        kind: FileKind,
    },
    /// Larger than its kind may be (`max` bytes).
    TooLarge {
        path: PathBuf,
        kind: FileKind,
        max: u64,
    },
    Io {
        path: PathBuf,
        error: io::Error,
    },
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let shown = |path: &Path| crate::input::escape_controls(&path.display().to_string());
        match self {
            ReadError::NotRegular { path, kind } => write!(
                f,
                "{}: not a regular file (a directory, device or pipe): not {}",
                shown(path),
                kind.what()
            ),
            ReadError::TooLarge { path, kind, max } => write!(
                f,
                "{}: more than {} may have ({})",
                shown(path),
                kind.what(),
                size_words(*max)
            ),
            ReadError::Io { path, error } => write!(f, "{}: {error}", shown(path)),
        }
    }
}

impl std::error::Error for ReadError {}

impl ReadError {
    /// The error as a sentence to word in the reader's language (`Display` is the English),
    /// naming the file.
    pub fn said(&self) -> Said {
        let shown = |path: &Path| crate::input::escape_controls(&path.display().to_string());
        let kind = |kind: &FileKind| Said::new(kind.key());
        match self {
            ReadError::NotRegular { path, kind: k } => Said::new("said.file.not_regular")
                .with("path", shown(path))
                .with_said("kind", kind(k)),
            ReadError::TooLarge { path, kind: k, max } => Said::new("said.file.too_large")
                .with("path", shown(path))
                .with_said("kind", kind(k))
                .with("size", size_words(*max)),
            ReadError::Io { path, error } => Said::new("said.file.io")
                .with("path", shown(path))
                .with_said("error", io_said(error)),
        }
    }

    /// Whether there is no such file (a missing settings or statistics file is not a problem).
    pub fn is_missing(&self) -> bool {
        matches!(self, ReadError::Io { error, .. } if error.kind() == io::ErrorKind::NotFound)
    }
}

/// An input or output error in words: the usual kinds by name, any other by the system's own
/// text (which no locale translates).
pub fn io_said(error: &io::Error) -> Said {
    let key = match error.kind() {
        io::ErrorKind::NotFound => "said.io.not_found",
        io::ErrorKind::PermissionDenied => "said.io.permission",
        io::ErrorKind::IsADirectory => "said.io.directory",
        io::ErrorKind::StorageFull => "said.io.full",
        io::ErrorKind::ReadOnlyFilesystem => "said.io.read_only",
        io::ErrorKind::InvalidData => "said.io.invalid_data",
        _ => "said.io.other",
    };
    Said::new(key).with("detail", error)
}

/// Opens `path` for reading without waiting: a pipe with no writer would block a plain open,
/// and a lock file may be anything the player put there.
pub(crate) fn open_nonblocking(options: &mut OpenOptions, path: &Path) -> io::Result<File> {
    open_with_flags(options, path, 0)
}

/// [`open_nonblocking`] with more of the system's open flags (`O_NOFOLLOW`). They go in one
/// `custom_flags` call: a second call replaces the flags of the first.
fn open_with_flags(options: &mut OpenOptions, path: &Path, flags: i32) -> io::Result<File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | flags);
    }
    #[cfg(not(unix))]
    let _ = flags;
    options.open(path)
}

/// The one reader of every file grundy reads (settings, statistics, practice, lessons,
/// saves): only a regular file, never opened if it is anything else and opened without
/// waiting (a pipe that appears meanwhile is refused too), and at most `kind`'s bound, read
/// with that bound whatever the file claims. The error names the file.
pub fn read_file(path: &Path, kind: FileKind) -> Result<Vec<u8>, ReadError> {
    read_within(path, kind, kind.max_bytes())
}

/// [`read_file`] of a text file: `None` when there is no such file, an error (naming the
/// file) when it cannot be read or is not UTF-8.
/// Refuses a data file (`name`) with more than `most` tables (`[…]` and `[[…]]` headers)
/// before the TOML reader sees it: that reader holds about 3 KB a table, so a practice file of
/// 100 000 one-line tables (2.5 MB, under the size bound) took 300 MB. Real files have a few
/// thousand at most. The error names the line of the first table too many.
pub fn check_tables(name: &str, text: &str, most: usize) -> Result<(), Said> {
    let mut tables = 0;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with('[') {
            tables += 1;
            if tables > most {
                return Err(Said::new("said.data.too_many_tables")
                    .with("file", name)
                    .with("line", i + 1)
                    .with("most", most));
            }
        }
    }
    Ok(())
}

/// A data file (`name`, as `drills.toml`) that is not valid TOML or has a value of the wrong
/// type, at its `line`: the TOML reader's own message follows, as for settings.toml.
pub fn not_toml(name: &str, text: &str, error: &toml::de::Error) -> Said {
    let line = error.span().map_or(1, |s| line_of(text, s.start));
    Said::new("said.data.not_toml")
        .with("file", name)
        .with("line", line)
        .with("message", toml_message(error))
}

/// A data file (`name`) that could not be read, and why.
pub fn unreadable(name: &str, error: Said) -> Said {
    Said::new("said.data.unreadable")
        .with("file", name)
        .with_said("error", error)
}

pub fn read_text(path: &Path, kind: FileKind) -> Result<Option<String>, Said> {
    match read_file(path, kind) {
        Ok(bytes) => String::from_utf8(bytes).map(Some).map_err(|_| {
            Said::new("said.file.not_utf8").with(
                "path",
                crate::input::escape_controls(&path.display().to_string()),
            )
        }),
        Err(e) if e.is_missing() => Ok(None),
        Err(e) => Err(e.said()),
    }
}

/// `1 MiB`, `4 KiB`, `300 bytes`.
fn size_words(bytes: u64) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else if bytes >= 1 << 10 && bytes.is_multiple_of(1 << 10) {
        format!("{} KiB", bytes >> 10)
    } else {
        format!("{bytes} bytes")
    }
}

/// [`read_file`] with a bound of `max` bytes.
pub fn read_within(path: &Path, kind: FileKind, max: u64) -> Result<Vec<u8>, ReadError> {
    let io_error = |error: io::Error| ReadError::Io {
        path: path.to_path_buf(),
        error,
    };
    let not_regular = || ReadError::NotRegular {
        path: path.to_path_buf(),
        kind,
    };
    let too_large = || ReadError::TooLarge {
        path: path.to_path_buf(),
        kind,
        max,
    };
    let meta = fs::metadata(path).map_err(io_error)?;
    if !meta.is_file() {
        return Err(not_regular());
    }
    if meta.len() > max {
        return Err(too_large());
    }
    let file = open_nonblocking(OpenOptions::new().read(true), path).map_err(io_error)?;
    // The file may have been replaced between the two looks: the open one decides.
    if !file.metadata().map_err(io_error)?.is_file() {
        return Err(not_regular());
    }
    let mut bytes = Vec::new();
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(io_error)?;
    if bytes.len() as u64 > max {
        return Err(too_large());
    }
    Ok(bytes)
}

/// Reads a file that should be a save: [`read_file`] of a [`FileKind::Save`] of at most
/// `max` bytes ([`MAX_SAVE_BYTES`] outside the tests). The error says what is wrong, in words.
pub fn read_regular(path: &Path, max: u64) -> Result<Vec<u8>, String> {
    read_within(path, FileKind::Save, max).map_err(|e| e.to_string())
}

/// Writes `text` to `path` atomically: into a temporary file in the same directory (the
/// same file system, so the rename cannot turn into a copy), flushed to disk, then renamed
/// over `path`. Creates the directory if needed.
pub fn write_atomic(path: &Path, text: &str) -> io::Result<()> {
    fs::create_dir_all(parent_of(path))?;
    write_replacing(path, text.as_bytes())
}

/// Writes `bytes` to `path` as [`write_atomic`] does, in a directory that must exist: never
/// opening `path` itself, so a pipe or a link in its place neither blocks the write nor leads
/// it elsewhere (the new file replaces it).
pub fn write_replacing(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = parent_of(path);
    // grundy's own name, so that one left by a kill is known and cleaned at the next start.
    let mut file = tempfile::Builder::new()
        .prefix(TMP_PREFIX)
        .suffix(TMP_SUFFIX)
        .tempfile_in(dir)?;
    file.write_all(bytes)?;
    file.as_file().sync_all()?;
    file.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Moves a file that could not be read aside before a new file takes its place, so that
/// nothing the player wrote by hand is lost: `NAME.corrupt-2026-11-25T14-05-09`, with `-2`,
/// `-3`, … added when that name is taken, so every earlier one is kept. Returns the new path.
pub fn set_aside(path: &Path) -> io::Result<PathBuf> {
    let secs = seconds_of(SystemTime::now());
    let stamp = format!("{}-{:02}", file_stamp_of(secs), secs % 60);
    let base = path.file_name().unwrap_or_default().to_string_lossy();
    for n in 1u32.. {
        let name = if n == 1 {
            format!("{base}.corrupt-{stamp}")
        } else {
            format!("{base}.corrupt-{stamp}-{n}")
        };
        let aside = path.with_file_name(name);
        // Never over another set-aside: a hard link fails when the name is taken, and only
        // then is the file's own name removed.
        match fs::hard_link(path, &aside) {
            Ok(()) => {
                fs::remove_file(path)?;
                return Ok(aside);
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            // No hard links here (some file systems): a rename after checking the name.
            Err(_) if !aside.exists() => {
                fs::rename(path, &aside)?;
                return Ok(aside);
            }
            Err(_) => continue,
        }
    }
    unreachable!("a free name is found")
}

/// Sets the file at `path` aside (see [`set_aside`]) under its directory's lock, if it is
/// still there (another grundy may have set it aside meanwhile). Returns the new path.
pub fn set_aside_locked(path: &Path) -> io::Result<Option<PathBuf>> {
    let _lock = lock_dir_of(path)?;
    if !path.exists() {
        return Ok(None);
    }
    set_aside(path).map(Some)
}

/// Changes a shared file under its directory's lock, so that another grundy's change made
/// meanwhile is kept: `change` is given the changes kept for later beside the file
/// ([`keep_for_later`], oldest first), reads the file again and returns the new text (those
/// changes applied), whether the file there was broken (then it is set aside first, never
/// written over) and what the caller wants back; the text is then written atomically and the
/// kept changes, now in it, removed.
pub fn rewrite_locked<T>(
    path: &Path,
    change: impl FnOnce(&[PathBuf]) -> (String, bool, T),
) -> io::Result<T> {
    let _lock = lock_dir_of(path)?;
    let kept = kept_for_later(path);
    let (text, broken, out) = change(&kept);
    if broken {
        set_aside(path)?;
    }
    write_atomic(path, &text)?;
    for file in kept {
        let _ = fs::remove_file(file);
    }
    Ok(out)
}

/// What the names of the changes kept for later add to their file's name.
const PENDING: &str = ".pending-";

/// Keeps a change to the shared file at `path` for later, when its directory's lock could not
/// be had (another grundy held it as this one left): `text` in a file of its own beside it,
/// `NAME.pending-<time>-p<pid>-<n>`, written atomically without the lock (the name is this
/// process's own). The next change to the file applies it and removes it.
pub fn keep_for_later(path: &Path, text: &str) -> io::Result<PathBuf> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let kept = path.with_file_name(format!(
        "{name}{PENDING}{}-p{}-{}",
        file_date_stamp(),
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    write_atomic(&kept, text)?;
    Ok(kept)
}

/// The changes kept for later beside `path` ([`keep_for_later`]), oldest first.
pub fn kept_for_later(path: &Path) -> Vec<PathBuf> {
    files_beside(path, PENDING)
}

/// The files set aside from `path` (see [`set_aside`]), oldest first.
pub fn set_aside_files(path: &Path) -> Vec<PathBuf> {
    files_beside(path, ".corrupt-")
}

/// The files beside `path` named after it with `suffix` and more (`stats.toml.corrupt-…`),
/// oldest first by modification time.
fn files_beside(path: &Path, suffix: &str) -> Vec<PathBuf> {
    let Some(base) = path.file_name().map(|n| n.to_string_lossy().into_owned()) else {
        return Vec::new();
    };
    let prefix = format!("{base}{suffix}");
    let mut found: Vec<(SystemTime, PathBuf)> = fs::read_dir(parent_of(path))
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with(&prefix))
        .map(|e| {
            let time = e
                .metadata()
                .and_then(|m| m.modified())
                .unwrap_or(SystemTime::UNIX_EPOCH);
            (time, e.path())
        })
        .collect();
    found.sort();
    found.into_iter().map(|(_, p)| p).collect()
}

/// A TOML parser's message about a file, fit for a terminal: the file may hold anything, and
/// the message quotes it (`unknown field `…``), so its control characters are shown escaped
/// (`\x1b`) and a long quote is cut.
pub fn toml_message(error: &toml::de::Error) -> String {
    crate::input::excerpt(error.message().trim().as_bytes(), 300)
}

/// The 1-based line of byte offset `at` in `text`.
pub fn line_of(text: &str, at: usize) -> usize {
    let at = at.min(text.len());
    text.as_bytes()[..at]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// Today's date and the time (UTC) as `2026-11-23 14-05`, for default save names; computed
/// from the system clock without a calendar crate (days since 1970 to a civil date).
pub fn date_stamp() -> String {
    stamp_of(seconds_of(SystemTime::now()))
}

/// The time now as [`date_stamp`] but with no space (`2026-11-23T14-05`), for file names.
pub fn file_date_stamp() -> String {
    file_stamp_of(seconds_of(SystemTime::now()))
}

fn file_stamp_of(secs: u64) -> String {
    stamp_of(secs).replacen(' ', "T", 1)
}

/// Seconds since 1970 (0 for a time before it).
fn seconds_of(time: SystemTime) -> u64 {
    time.duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// A file's time as `2026-11-23 14:05` (UTC), for the saves list.
pub fn time_words(time: SystemTime) -> String {
    let stamp = stamp_of(seconds_of(time));
    // `2026-11-23 14-05` → `2026-11-23 14:05`.
    match stamp.rsplit_once('-') {
        Some((head, minute)) => format!("{head}:{minute}"),
        None => stamp,
    }
}

fn stamp_of(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let (hour, minute) = ((secs % 86_400) / 3600, (secs % 3600) / 60);
    // Howard Hinnant's days_from_civil, inverted.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02} {hour:02}-{minute:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_from_seconds() {
        assert_eq!(stamp_of(0), "1970-01-01 00-00");
        assert_eq!(stamp_of(951_782_400), "2000-02-29 00-00");
        assert_eq!(stamp_of(1_795_000_000), "2026-11-18 11-06");
    }

    #[test]
    fn atomic_write_replaces_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join("f.txt");
        write_atomic(&path, "one").unwrap();
        write_atomic(&path, "two").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "two");
        let files: Vec<_> = fs::read_dir(path.parent().unwrap()).unwrap().collect();
        assert_eq!(files.len(), 1);
        let aside = set_aside(&path).unwrap();
        assert_eq!(fs::read_to_string(aside).unwrap(), "two");
        assert!(!path.exists());
    }

    #[test]
    fn every_set_aside_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stats.toml");
        for text in ["first", "second", "third"] {
            fs::write(&path, text).unwrap();
            set_aside(&path).unwrap();
        }
        let kept: Vec<String> = set_aside_files(&path)
            .iter()
            .map(|p| fs::read_to_string(p).unwrap())
            .collect();
        let mut sorted = kept.clone();
        sorted.sort();
        assert_eq!(sorted, ["first", "second", "third"]);
    }

    #[test]
    fn stale_temporaries_of_grundy_are_cleaned_young_ones_and_others_kept() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::at(dir.path().join("config"), dir.path().join("data"));
        let data = dir.path().join("data");
        fs::create_dir_all(&data).unwrap();
        let old = SystemTime::now() - STALE_TMP_AGE - Duration::from_secs(5);
        for name in [
            ".grundy-abc123.tmp",
            ".tmpAbC123",
            "mine.tmp",
            ".grundy-young.tmp",
        ] {
            let file = File::create(data.join(name)).unwrap();
            if name != ".grundy-young.tmp" {
                file.set_modified(old).unwrap();
            }
        }
        assert_eq!(store.clean_stale_temporaries(), 2);
        let mut left: Vec<String> = fs::read_dir(&data)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, [".grundy-young.tmp", "mine.tmp"]);
    }

    #[test]
    fn only_regular_files_within_the_bound_are_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        fs::write(&path, "12345").unwrap();
        assert_eq!(read_regular(&path, 5).unwrap(), b"12345");
        assert!(
            read_regular(&path, 4)
                .unwrap_err()
                .contains("more than a save")
        );
        assert!(
            read_regular(dir.path(), 4)
                .unwrap_err()
                .contains("not a regular file")
        );
        #[cfg(unix)]
        assert!(
            read_regular(Path::new("/dev/zero"), 4)
                .unwrap_err()
                .contains("not a regular file")
        );
    }
}
