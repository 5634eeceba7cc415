//! Harnesses shared by the terminal-game test binaries, included from each with `mod common;`:
//! [`pty`] runs the real `grundy` binary in a pseudo-terminal, [`render`] drives the app on
//! ratatui's `TestBackend`, and [`grid`] reads the coin-grid board off either's screen.

// Every file in tests/ is a test binary of its own that compiles this module again and uses a
// different subset of it (the pseudo-terminal tests never touch the TestBackend harness, the
// render tests never the pseudo-terminal one, and each uses only some helpers), so what one
// binary leaves unused is not dead code.
#![allow(dead_code)]

pub mod grid;
pub mod pty;
pub mod render;
