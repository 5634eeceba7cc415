//! What grundy keeps between runs: the settings (a TOML file in the platform's config
//! directory), saved games and the unfinished game to resume (plain text in the data
//! directory), and statistics per game and level (TOML in the data directory).
//!
//! [`Store`] knows where the files are; a disabled store (the in-process tests) reads and
//! writes nothing. Every write is atomic: a temporary file in the same directory, then a
//! rename, so a crash mid-write leaves the old file or the new one, never half of one.

pub mod save;
pub mod settings;
pub mod stats;

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The file names inside the directories.
const SETTINGS_FILE: &str = "settings.toml";
const STATS_FILE: &str = "stats.toml";
const AUTOSAVE_FILE: &str = "autosave.grundy";
const SAVES_DIR: &str = "saves";
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

    /// The unfinished game that the menu offers to resume.
    pub fn autosave_path(&self) -> Option<PathBuf> {
        self.data.as_ref().map(|d| d.join(AUTOSAVE_FILE))
    }

    /// Where `s` in a game saves it.
    pub fn saves_dir(&self) -> Option<PathBuf> {
        self.data.as_ref().map(|d| d.join(SAVES_DIR))
    }
}

/// Writes `text` to `path` atomically: into a temporary file in the same directory (the
/// same file system, so the rename cannot turn into a copy), flushed to disk, then renamed
/// over `path`. Creates the directory if needed.
pub fn write_atomic(path: &Path, text: &str) -> io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let mut file = tempfile::NamedTempFile::new_in(dir)?;
    file.write_all(text.as_bytes())?;
    file.as_file().sync_all()?;
    file.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Moves a file that could not be read aside (`NAME.corrupt`, replacing an older one) before
/// a new file takes its place, so that nothing the player wrote by hand is lost. Returns the
/// new path.
pub fn set_aside(path: &Path) -> io::Result<PathBuf> {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".corrupt");
    let aside = path.with_file_name(name);
    fs::rename(path, &aside)?;
    Ok(aside)
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
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    stamp_of(secs)
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
}
