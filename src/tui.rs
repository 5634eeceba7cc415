//! The terminal game.
