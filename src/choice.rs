//! The engine's random choices, in one place below the game traits and the AI: every choice
//! draws from the caller's generator the same way, so a seed replays the same game.

use rand::{Rng, RngExt};

/// A random element of `items`.
pub fn pick<T, R: Rng + ?Sized>(mut items: Vec<T>, rng: &mut R) -> Option<T> {
    if items.is_empty() {
        None
    } else {
        let i = rng.random_range(0..items.len());
        Some(items.swap_remove(i))
    }
}
