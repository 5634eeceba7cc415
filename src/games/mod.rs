//! The games: each in its own module with its rules, its notation and its fast values.

pub mod coins;
pub mod dodgeball;
pub mod grid;

use crate::game::{CodeError, Notation};

/// The side a coin shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Face {
    /// H: front side up. A heads coin cannot be chosen.
    Heads,
    /// T: reverse side up. Only a tails coin can be the chosen coin (anchor) of a move.
    Tails,
}

impl Face {
    pub fn flipped(self) -> Face {
        match self {
            Face::Heads => Face::Tails,
            Face::Tails => Face::Heads,
        }
    }

    /// `H` or `T`, as in position codes.
    pub fn letter(self) -> char {
        match self {
            Face::Heads => 'H',
            Face::Tails => 'T',
        }
    }
}

/// Which game: the names used in position codes and on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum GameKind {
    /// The coin row (SDOI 2016).
    Coins,
    /// The coin grid (ZJOI 2009).
    Grid,
    /// Binary Dodgeball (PA 2012).
    Dodgeball,
}

impl GameKind {
    pub const ALL: [GameKind; 3] = [GameKind::Coins, GameKind::Grid, GameKind::Dodgeball];

    /// The name in codes and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Coins => "coins",
            GameKind::Grid => "grid",
            GameKind::Dodgeball => "dodgeball",
        }
    }

    /// A title for screens.
    pub fn title(self) -> &'static str {
        match self {
            GameKind::Coins => "Coin row",
            GameKind::Grid => "Coin grid",
            GameKind::Dodgeball => "Binary Dodgeball",
        }
    }
}

/// A position of any of the games, as parsed from a code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyPosition {
    Coins(coins::CoinRow),
    Grid(grid::CoinGrid),
    Dodgeball(dodgeball::Dodgeball),
}

impl AnyPosition {
    /// Parses a code of any game; the part before the first `:` names the game.
    pub fn from_code(code: &str) -> Result<AnyPosition, CodeError> {
        let game = code.split(':').next().unwrap_or_default();
        match game {
            "coins" => coins::CoinRow::from_code(code).map(AnyPosition::Coins),
            "grid" => grid::CoinGrid::from_code(code).map(AnyPosition::Grid),
            "dodgeball" => dodgeball::Dodgeball::from_code(code).map(AnyPosition::Dodgeball),
            _ if !code.contains(':') => Err(CodeError::new(
                1,
                "a code starts with its game and a colon: coins:…, grid:… or dodgeball:…",
            )),
            other => Err(CodeError::new(
                1,
                format!(
                    "unknown game '{}': expected coins, grid or dodgeball",
                    crate::input::excerpt(other.as_bytes(), 20)
                ),
            )),
        }
    }

    pub fn kind(&self) -> GameKind {
        match self {
            AnyPosition::Coins(_) => GameKind::Coins,
            AnyPosition::Grid(_) => GameKind::Grid,
            AnyPosition::Dodgeball(_) => GameKind::Dodgeball,
        }
    }

    pub fn to_code(&self) -> String {
        with_position!(self, p => p.to_code())
    }
}

/// Runs the same code on whichever game's position an [`AnyPosition`] holds:
/// `with_position!(any, p => p.to_code())`.
#[macro_export]
macro_rules! with_position {
    ($any:expr, $p:ident => $body:expr) => {
        match $any {
            $crate::games::AnyPosition::Coins($p) => $body,
            $crate::games::AnyPosition::Grid($p) => $body,
            $crate::games::AnyPosition::Dodgeball($p) => $body,
        }
    };
}
pub use crate::with_position;
