//! The boards of the games, and [`start`], the one place that picks a game's board.
//!
//! Each game's board (`coins.rs`, `grid.rs`, `dodgeball.rs`) implements
//! [`crate::tui::board::Board`].

pub mod coins;
pub mod dodgeball;
pub mod grid;
pub mod heaps;

use rand::rngs::StdRng;

use crate::games::GameKind;
use crate::tui::board::{Board, GameSetup};
use crate::tui::screen::{GameScreen, Match};
use crate::tui::session::SessionConfig;

/// A new match of `setup.kind`: its start position made (or parsed from `setup.code`) and its
/// board ready. Errors (a bad code, a size out of range) are in words for the player.
pub fn start(
    setup: &GameSetup,
    config: SessionConfig,
    hints: bool,
    rng: &mut StdRng,
) -> anyhow::Result<Box<dyn GameScreen>> {
    match setup.kind {
        GameKind::Coins => start_match::<coins::CoinsBoard>(setup, config, hints, rng),
        GameKind::Grid => start_match::<grid::GridBoard>(setup, config, hints, rng),
        GameKind::Dodgeball => start_match::<dodgeball::DodgeballBoard>(setup, config, hints, rng),
        GameKind::Heaps => start_match::<heaps::HeapsBoard>(setup, config, hints, rng),
    }
}

fn start_match<B: Board>(
    setup: &GameSetup,
    config: SessionConfig,
    hints: bool,
    rng: &mut StdRng,
) -> anyhow::Result<Box<dyn GameScreen>> {
    let position = B::start_position(setup, rng)?;
    Ok(Box::new(Match::<B>::new(
        position,
        setup.clone(),
        config,
        hints,
    )))
}
