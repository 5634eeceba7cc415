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
