//! The games: each in its own module with its rules, its notation and its fast values.

pub mod coins;
pub mod dodgeball;
pub mod grid;

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
