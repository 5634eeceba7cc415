//! The games: each in its own module with its rules, its notation and its fast values.

pub mod catalogue;
pub mod coins;
pub mod dag;
pub mod dodgeball;
pub mod ed;
pub mod fibnim;
pub mod grid;
pub mod heaps;
pub mod stairs;
pub mod sum;
pub mod wythoff;

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
    /// The heap games: Nim, Bash, subtraction games, Kayles, Grundy's game, misère Nim, …
    /// (each code names its rule: `nim:3,4,5`, `kayles:5,7`).
    Heaps,
    /// Stair Nim (CSES 1099): balls move down one stair.
    Stairs,
    /// E&D (SDOI 2009): pairs of heaps, drop one and split the other.
    Ed,
    /// Tokens on a directed acyclic graph (LibreOJ 10243).
    Dag,
    /// Wythoff's game (Luogu P2252): queens moving left, down or diagonally.
    Wythoff,
    /// Fibonacci Nim (COCI 2010/11 HRPA): the previous take limits the next.
    Fibnim,
    /// A sum of positions of different games, codes joined with `+` (`nim:3,4+kayles:5`).
    /// Not a game of its own on the command line (no `solve`/`sg` for it), so clap skips it.
    #[value(skip)]
    Sum,
}

impl GameKind {
    pub const ALL: [GameKind; 4] = [
        GameKind::Coins,
        GameKind::Grid,
        GameKind::Dodgeball,
        GameKind::Heaps,
    ];

    /// Every game, the menu's [`GameKind::ALL`] and the games with a board of their own that
    /// the menu offers under the heap games' family.
    pub const EVERY: [GameKind; 9] = [
        GameKind::Coins,
        GameKind::Grid,
        GameKind::Dodgeball,
        GameKind::Heaps,
        GameKind::Stairs,
        GameKind::Ed,
        GameKind::Dag,
        GameKind::Wythoff,
        GameKind::Fibnim,
    ];

    /// The game whose codes start with `name` (a heap game's codes start with its rule;
    /// `sum` is the menu's name for a sum, whose codes start with a component's).
    pub fn of_code_name(name: &str) -> Option<GameKind> {
        if heaps::notation::is_heap_rule(name) {
            return Some(GameKind::Heaps);
        }
        GameKind::EVERY
            .iter()
            .chain([&GameKind::Sum])
            .copied()
            .find(|k| k.name() == name)
    }

    /// The game a position code is of: a code with `+` is a sum of components, whatever the
    /// first one's game; otherwise the part before the first `:` names the game.
    pub fn of_code(code: &str) -> Option<GameKind> {
        if code.contains('+') {
            return Some(GameKind::Sum);
        }
        GameKind::of_code_name(code.split(':').next().unwrap_or_default())
    }

    /// The name in codes and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Coins => "coins",
            GameKind::Grid => "grid",
            GameKind::Dodgeball => "dodgeball",
            GameKind::Heaps => "heaps",
            GameKind::Stairs => "stairs",
            GameKind::Ed => "ed",
            GameKind::Dag => "dag",
            GameKind::Wythoff => "wythoff",
            GameKind::Fibnim => "fibnim",
            GameKind::Sum => "sum",
        }
    }

    /// A title for screens.
    pub fn title(self) -> &'static str {
        match self {
            GameKind::Coins => "Coin row",
            GameKind::Grid => "Coin grid",
            GameKind::Dodgeball => "Binary Dodgeball",
            GameKind::Heaps => "Heap games",
            GameKind::Stairs => "Stair Nim",
            GameKind::Ed => "E&D",
            GameKind::Dag => "Tokens on a DAG",
            GameKind::Wythoff => "Wythoff's game",
            GameKind::Fibnim => "Fibonacci Nim",
            GameKind::Sum => "Sum of games",
        }
    }
}

/// A position of any of the games, as parsed from a code.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AnyPosition {
    Coins(coins::CoinRow),
    Grid(grid::CoinGrid),
    Dodgeball(dodgeball::Dodgeball),
    Heaps(heaps::Heaps),
    Stairs(stairs::StairNim),
    Ed(ed::Ed),
    Dag(dag::Dag),
    Wythoff(wythoff::Wythoff),
    Fibnim(fibnim::FibNim),
    Sum(sum::Sum),
}

impl AnyPosition {
    /// Parses a code of any game; the part before the first `:` names the game. A code with
    /// `+` is a sum of components of any games ([`sum::Sum`]).
    pub fn from_code(code: &str) -> Result<AnyPosition, CodeError> {
        if code.contains('+') {
            return sum::Sum::from_code(code).map(AnyPosition::Sum);
        }
        let game = code.split(':').next().unwrap_or_default();
        match game {
            "coins" => coins::CoinRow::from_code(code).map(AnyPosition::Coins),
            "grid" => grid::CoinGrid::from_code(code).map(AnyPosition::Grid),
            "dodgeball" => dodgeball::Dodgeball::from_code(code).map(AnyPosition::Dodgeball),
            "stairs" => stairs::StairNim::from_code(code).map(AnyPosition::Stairs),
            "ed" => ed::Ed::from_code(code).map(AnyPosition::Ed),
            "dag" => dag::Dag::from_code(code).map(AnyPosition::Dag),
            "wythoff" => wythoff::Wythoff::from_code(code).map(AnyPosition::Wythoff),
            "fibnim" => fibnim::FibNim::from_code(code).map(AnyPosition::Fibnim),
            name if heaps::notation::is_heap_rule(name) => {
                heaps::Heaps::from_code(code).map(AnyPosition::Heaps)
            }
            _ if !code.contains(':') => Err(CodeError::new(
                1,
                "a code starts with its game and a colon: coins:…, grid:…, dodgeball:… or a \
                 heap game (nim:…, kayles:…, …)",
            )),
            other => Err(CodeError::new(
                1,
                format!(
                    "unknown game '{}': expected coins, grid, dodgeball, stairs, ed, dag, wythoff, fibnim or a heap game ({})",
                    crate::input::excerpt(other.as_bytes(), 20),
                    heaps::Rule::NAMES.join(", ")
                ),
            )),
        }
    }

    pub fn kind(&self) -> GameKind {
        match self {
            AnyPosition::Coins(_) => GameKind::Coins,
            AnyPosition::Grid(_) => GameKind::Grid,
            AnyPosition::Dodgeball(_) => GameKind::Dodgeball,
            AnyPosition::Heaps(_) => GameKind::Heaps,
            AnyPosition::Stairs(_) => GameKind::Stairs,
            AnyPosition::Ed(_) => GameKind::Ed,
            AnyPosition::Dag(_) => GameKind::Dag,
            AnyPosition::Wythoff(_) => GameKind::Wythoff,
            AnyPosition::Fibnim(_) => GameKind::Fibnim,
            AnyPosition::Sum(_) => GameKind::Sum,
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
            $crate::games::AnyPosition::Heaps($p) => $body,
            $crate::games::AnyPosition::Stairs($p) => $body,
            $crate::games::AnyPosition::Ed($p) => $body,
            $crate::games::AnyPosition::Dag($p) => $body,
            $crate::games::AnyPosition::Wythoff($p) => $body,
            $crate::games::AnyPosition::Fibnim($p) => $body,
            $crate::games::AnyPosition::Sum($p) => $body,
        }
    };
}
pub use crate::with_position;
