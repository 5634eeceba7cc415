//! Harnesses shared by the terminal-game test binaries (tests/tui and tests/pty), included from
//! each one's main.rs with `#[path] mod common;`:
//! [`pty`] runs the real `grundy` binary in a pseudo-terminal, [`render`] drives the app on
//! ratatui's `TestBackend`, and [`grid`] reads the coin-grid board off either's screen, and [`students`] builds the
//! judge's student programs.

// Each test binary compiles this module again and uses a different subset of it (the
// pseudo-terminal tests never touch the TestBackend harness, the render tests barely the
// pseudo-terminal one), so what one binary leaves unused is not dead code.
#![allow(dead_code)]

pub mod grid;
pub mod pty;
pub mod render;
pub mod students;

/// The unfinished games' files (`*.grundy`) in the directory `dir`, oldest first; none when
/// it does not exist.
pub fn unfinished_files(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<_> = entries
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "grundy"))
        .collect();
    files.sort_by_key(|p| std::fs::metadata(p).unwrap().modified().unwrap());
    files
}
