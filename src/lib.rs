//! grundy: impartial combinatorial games played perfectly through Sprague–Grundy theory.
//!
//! Every position of a sum of games has a value, a [`Nimber`](nimber::Nimber); the player to
//! move wins exactly when the nim-sum (XOR) of the parts' values is not `*0`, and a winning
//! move is one that leaves it `*0`. The library computes those values for each of its games,
//! exactly and on any size, and plays and explains from them:
//!
//! ```
//! use grundy::game::{Impartial, Notation};
//! use grundy::games::AnyPosition;
//! use grundy::nimber::Nimber;
//!
//! // A position code names its game, then the position: Nim with heaps of 3, 5 and 7.
//! let position = AnyPosition::from_code("nim:3,5,7")?;
//! let (nim_sum, winning) = grundy::with_position!(&position, p => (
//!     p.nim_sum(),
//!     p.winning_moves(10).iter().map(|mv| p.move_code(mv)).collect::<Vec<_>>(),
//! ));
//! // 3 ⊕ 5 ⊕ 7 = 1: the player to move wins, by taking one from any heap.
//! assert_eq!(nim_sum, Nimber::new(1));
//! assert_eq!(winning.len(), 3);
//! # Ok::<(), grundy::game::CodeError>(())
//! ```
//!
//! The engine is generic over the traits of [`game`] ([`Position`](game::Position),
//! [`Impartial`](game::Impartial), [`Notation`](game::Notation)): [`solver`] searches game
//! trees exactly (through [`exact`]'s compact states where a game provides them), [`ai`] picks
//! moves, [`analysis`] explains a position and [`record`] judges a game's moves. [`games`]
//! holds the rules of each game and [`AnyPosition`](games::AnyPosition), [`setup`] how a new
//! match starts, [`store`] the settings, saves and statistics on disk.
//!
//! The terminal game (`grundy::tui`) and the command line (`grundy::cli`), behind the `tui`
//! feature (on by default), are the `grundy` binary's: public only so that its tests can
//! drive them, and not part of the library's API.

pub mod ai;
pub mod analysis;
pub mod choice;
#[cfg(feature = "tui")]
#[doc(hidden)]
pub mod cli;
pub mod contest;
pub mod drill;
pub mod exact;
pub mod game;
pub mod games;
pub mod input;
pub mod judge;
pub mod lab;
pub mod lang;
pub mod learn;
#[cfg(feature = "tui")]
#[doc(hidden)]
pub mod locale;
pub mod message;
pub mod nimber;
pub mod nudge;
pub mod picture;
pub mod puzzles;
pub mod rating;
pub mod record;
pub mod review;
pub mod rules;
pub mod setup;
pub mod solver;
pub mod store;
pub mod theme;
#[cfg(feature = "tui")]
#[doc(hidden)]
pub mod tui;
pub mod why;

// The interface's texts (`locales/*.toml`), compiled in; see `locale`.
#[cfg(feature = "tui")]
rust_i18n::i18n!("locales", fallback = "en");
