//! The command-line test binary: `grundy solve`, `move`, `analyze`, `sg`, `stats` and the
//! interface documented in README.md, run as the real binary or through the library.

#[path = "../brute/mod.rs"]
mod brute;
#[cfg(unix)]
#[path = "../common/students.rs"]
mod students;

mod anti_every;
mod bad_input;
mod chinese;
mod cli;
mod cli_interface;
mod docs;
mod engine_bounds;
#[cfg(unix)]
mod files;
mod glossary;
#[cfg(unix)]
mod judge;
mod learn;
mod practice;

mod lessons;
mod patterns;
mod pictures;
mod review;
mod rules;
mod solve_formats;
mod themes;
mod tutorials;
