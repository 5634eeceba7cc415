//! The pseudo-terminal test binary: the real `grundy` binary run in a pseudo-terminal
//! (portable-pty + vt100) and played by keys, as a person would.

#[path = "../common/mod.rs"]
mod common;

mod drill;
mod lab;
#[cfg(unix)]
mod lab_judge;
mod learn;
mod locks;
mod nothing_lost;
mod review;
mod rules;
mod tui_pty;
mod tui_pty_chinese;
mod tui_pty_dodgeball;
mod tui_pty_grid;
mod tui_pty_heaps;
mod tui_pty_interface;
mod tui_pty_persist;
mod tui_pty_robust;
mod tui_pty_teacher;
