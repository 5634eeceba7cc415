//! Heap games: a position is a list of heaps and a [`Rule`] saying what a move does to one
//! heap (take some tokens, knock pins out of a row, split a heap). Nim, Bash, subtraction
//! games, take l..r, Fibonacci takes, Kayles, Grundy's game, Lieges of Legendre, the staircase
//! split, coprime takes and misère Nim are all this one module: every heap is a part, so a
//! position's value is the nim-sum of its heaps' values — except misère Nim, which is decided
//! by its own rule ([`crate::game::Impartial::mover_wins`]).
//!
//! [`rules`] holds the rules and the moves, [`values`] each rule's Sprague–Grundy values (by
//! formula, or by a mex table computed once), [`notation`] the codes, [`contest`] the contest
//! formats.

pub mod contest;
pub mod notation;
pub mod rules;
pub mod values;

pub use rules::{Action, HeapMove, Heaps, MAX_HEAPS, Rule};
pub use values::{heap_value, misere_mover_wins};
