//! The engine test binary: each game checked against a game-tree search written from its rules
//! (tests/brute and the searches in each module), property tests of the AI and the notation, the
//! exact search, sums, records and the parsers' fuzz targets. One binary for all of them, so the
//! crate is linked once (see the test-build note in README.md).

#[path = "../brute/mod.rs"]
mod brute;

mod anti;
mod boards;
mod coins;
mod contest_fast;
mod contest_problems;
mod dawson;
mod dodgeball;
mod drill;
mod every;
mod exact;
mod fast_paths;
#[cfg(unix)]
mod files;
mod fuzz_parsers;
mod generic_engine;
mod grid;
mod heaps;
mod input_bounds;
mod judge;
mod learn;
mod listing;
// Names are words: the locale is the interface's.
#[cfg(feature = "tui")]
mod names;
mod nimk;
// The nudges are checked in words: the locale is the terminal interface's.
#[cfg(feature = "tui")]
mod nudge;
mod octal;
mod puzzles;
mod rating;
mod record;
mod rules;
mod rules_bounds;
mod rules_native;
mod seeds;
mod sums;
mod tables_c;
mod turning;
mod why;
mod wythoff_big;
