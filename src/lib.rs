//! grundy: impartial combinatorial games played perfectly through Sprague–Grundy theory.
//!
//! The engine is generic over the traits of [`game`]: [`solver`] searches game trees exactly
//! (through [`exact`]'s compact states where a game provides them),
//! [`ai`] picks moves, [`analysis`] explains a position. [`games`] holds the rules of each game,
//! [`cli`] the command line and [`tui`] the terminal game.

pub mod ai;
pub mod analysis;
pub mod cli;
pub mod drill;
pub mod exact;
pub mod game;
pub mod games;
pub mod input;
pub mod nimber;
pub mod puzzles;
pub mod rating;
pub mod record;
pub mod solver;
pub mod store;
pub mod tui;
pub mod why;
