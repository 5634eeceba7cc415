//! The games: each in its own module with its rules, its notation and its fast values, and
//! [`for_each_game!`](crate::for_each_game), the one table of games from which every list of games is made.
//!
//! The table is a `macro_rules!` table rather than a registry of trait objects: each row names
//! a game's variant, its position type, its name in codes and its title, and the macro makes
//! of them [`GameKind`], [`AnyPosition`], the sum's [`sum::Component`] and [`sum::AnyMove`],
//! names, titles, `from_code` and the dispatch macro [`with_position!`]. The enums stay enums:
//! a `match` on them is checked for exhaustiveness, a game is dispatched with no `dyn`, no
//! allocation and the game's own generic code (the AI and the solver are generic over the
//! position type, which a `dyn` registry could not give them), and a new game is its rules
//! module and one row here.

pub mod anti;
pub mod catalogue;
pub mod coins;
pub mod dag;
pub mod dawson;
pub mod dodgeball;
pub mod ed;
pub mod every;
pub mod fibnim;
pub mod grid;
pub mod heaps;
pub mod list;
pub mod nimk;
pub mod stairs;
pub mod sum;
pub mod turning;
pub mod wythoff;

use crate::game::{CodeError, Notation};
use crate::message::Said;

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

/// The table of games: one row a game — `Variant(position type) "name in codes" "title"`, with
/// `codes LIST` where the game's codes start with other names than its own (the heap games:
/// each code names its rule) — in the order of the menu and of error messages. It hands the
/// rows to `$callback` (a macro of this crate), after `($args)`: each list of games in the
/// crate is made by such a callback, so adding a row adds the game everywhere.
#[doc(hidden)]
#[macro_export]
macro_rules! for_each_game {
    ($callback:ident ! ($($args:tt)*)) => {
        $crate::$callback! { ($($args)*)
            /// The coin row (SDOI 2016).
            Coins($crate::games::coins::CoinRow) "coins" "Coin row";
            /// The coin grid (ZJOI 2009).
            Grid($crate::games::grid::CoinGrid) "grid" "Coin grid";
            /// Binary Dodgeball (PA 2012).
            Dodgeball($crate::games::dodgeball::Dodgeball) "dodgeball" "Binary Dodgeball";
            /// The heap games: Nim, Bash, subtraction games, Kayles, Grundy's game, misère Nim, …
            /// (each code names its rule: `nim:3,4,5`, `kayles:5,7`).
            Heaps($crate::games::heaps::Heaps) "heaps" "Heap games"
                codes $crate::games::heaps::Rule::NAMES;
            /// Stair Nim (CSES 1099): balls move down one stair.
            Stairs($crate::games::stairs::StairNim) "stairs" "Stair Nim";
            /// E&D (SDOI 2009): pairs of heaps, drop one and split the other.
            Ed($crate::games::ed::Ed) "ed" "E&D";
            /// Wythoff's game (Luogu P2252): queens moving left, down or diagonally.
            Wythoff($crate::games::wythoff::Wythoff) "wythoff" "Wythoff's game";
            /// Fibonacci Nim (COCI 2010/11 HRPA): the previous take limits the next.
            Fibnim($crate::games::fibnim::FibNim) "fibnim" "Fibonacci Nim";
            /// Tokens on a directed acyclic graph (LibreOJ 10243).
            Dag($crate::games::dag::Dag) "dag" "Tokens on a DAG";
            /// Dawson's Kayles (octal game 0.07): take two adjacent pins from a row.
            Dawson($crate::games::dawson::Dawson) "dawson" "Dawson's Kayles";
            /// Moore's Nim-K: take from up to K heaps at once.
            NimK($crate::games::nimk::NimK) "nimk" "Moore's Nim-K";
            /// Coin-turning games: Turning Turtles, Mock Turtles and the ruler game (each code
            /// names its rule: `mock:HTTHT`).
            Turning($crate::games::turning::Turning) "turning" "Coin-turning games"
                codes $crate::games::turning::TurnRule::NAMES;
            /// Any game or sum under the misère rule (anti-SG): `anti:kayles:3,5`.
            Anti($crate::games::anti::Anti) "anti" "Misère (anti-SG)";
            /// Every-SG (HDU 3595): a move in every component at once.
            Every($crate::games::every::Every) "every" "Every-SG";
        }
    };
}

/// Declares, from the table, the game kinds and the position of any game (a callback of
/// [`for_each_game!`](crate::for_each_game), called once, here).
#[doc(hidden)]
#[macro_export]
macro_rules! __declare_games {
    (() $( $(#[$doc:meta])* $kind:ident($ty:ty) $name:literal $title:literal
        $(codes $codes:expr)?; )*) => {
        /// Which game: the names used in position codes and on the command line.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, clap::ValueEnum)]
        pub enum GameKind {
            $( $(#[$doc])* $kind, )*
            /// A sum of positions of different games, codes joined with `+`
            /// (`nim:3,4+kayles:5`). Not a game of its own on the command line (no
            /// `solve`/`sg` for it), so clap skips it.
            #[value(skip)]
            Sum,
        }

        impl GameKind {
            /// Every game, in the table's order (the sum, which is made of them, is not one).
            pub const EVERY: &[GameKind] = &[$(GameKind::$kind),*];

            /// The name in codes and on the command line.
            pub fn name(self) -> &'static str {
                match self {
                    $( GameKind::$kind => $name, )*
                    GameKind::Sum => "sum",
                }
            }

            /// A title for screens.
            pub fn title(self) -> &'static str {
                match self {
                    $( GameKind::$kind => $title, )*
                    GameKind::Sum => "Sum of games",
                }
            }

            /// A random position of this game for a puzzle (see [`catalogue::Catalogued`]);
            /// `name` is the name the code starts with (a heap game's rule). `None`: a sum.
            pub fn puzzle<R: rand::Rng + ?Sized>(
                self,
                name: &str,
                difficulty: usize,
                rng: &mut R,
            ) -> Option<AnyPosition> {
                match self {
                    $( GameKind::$kind => Some(AnyPosition::$kind(
                        <$ty as catalogue::Catalogued>::puzzle(name, difficulty, rng),
                    )), )*
                    GameKind::Sum => None,
                }
            }

            /// The menu entries of the games the menu lists under the heap family, in the
            /// table's order (see [`catalogue::Catalogued::ENTRY`]).
            pub fn entries() -> Vec<catalogue::RuleEntry> {
                [$( <$ty as catalogue::Catalogued>::ENTRY ),*].into_iter().flatten().collect()
            }

            /// The names this game's codes start with: its own name, or its `codes` list.
            pub fn code_names(self) -> &'static [&'static str] {
                match self {
                    $( GameKind::$kind => {
                        #[allow(unused_variables)]
                        let names: &'static [&'static str] = &[$name];
                        $( let names: &'static [&'static str] = &$codes; )?
                        names
                    } )*
                    GameKind::Sum => &[],
                }
            }
        }

        /// A position of any of the games, as parsed from a code.
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub enum AnyPosition {
            $( $kind($ty), )*
            Sum(sum::Sum),
        }

        impl AnyPosition {
            pub fn kind(&self) -> GameKind {
                match self {
                    $( AnyPosition::$kind(_) => GameKind::$kind, )*
                    AnyPosition::Sum(_) => GameKind::Sum,
                }
            }

            /// Parses the code of a game of the table (not a sum): the part before the first
            /// `:` names the game.
            fn from_game_code(code: &str) -> Result<AnyPosition, CodeError> {
                let name = code.split(':').next().unwrap_or_default();
                $( if GameKind::$kind.code_names().contains(&name) {
                    return <$ty as Notation>::from_code(code).map(AnyPosition::$kind);
                } )*
                Err(unknown_game(code))
            }

            /// The position as a component of a sum; `Err` gives a sum back.
            pub(crate) fn into_component(self) -> Result<sum::Component, AnyPosition> {
                match self {
                    $( AnyPosition::$kind(p) => Ok(sum::Component::$kind(p)), )*
                    other @ AnyPosition::Sum(_) => Err(other),
                }
            }
        }

        impl sum::Component {
            /// The component as a position of its own game.
            pub fn to_any(&self) -> AnyPosition {
                match self {
                    $( sum::Component::$kind(p) => AnyPosition::$kind(p.clone()), )*
                }
            }
        }
    };
}

/// Declares, from the table, a sum's component and move (a callback of [`for_each_game!`](crate::for_each_game),
/// called once, in [`sum`]).
#[doc(hidden)]
#[macro_export]
macro_rules! __declare_components {
    (() $( $(#[$doc:meta])* $kind:ident($ty:ty) $name:literal $title:literal
        $(codes $codes:expr)?; )*) => {
        /// One component of a sum: a position of one game (any game but a sum).
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub enum Component {
            $( $kind($ty), )*
        }

        /// A move of one component's game.
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub enum AnyMove {
            $( $kind(<$ty as Position>::Move), )*
        }
    };
}

/// Runs the same code on whichever game's position an [`AnyPosition`] holds:
/// `with_position!(any, p => p.to_code())`.
#[macro_export]
macro_rules! with_position {
    ($any:expr, $p:ident => $body:expr) => {
        $crate::for_each_game!(__with_position!($any, $p, $body))
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __with_position {
    (($any:expr, $p:ident, $body:expr) $( $(#[$doc:meta])* $kind:ident($ty:ty) $name:literal
        $title:literal $(codes $codes:expr)?; )*) => {
        match $any {
            $( $crate::games::AnyPosition::$kind($p) => $body, )*
            $crate::games::AnyPosition::Sum($p) => $body,
        }
    };
}
pub use crate::with_position;

/// Runs the same code with `$t` naming the position type of a game kind (`$sum` for
/// [`GameKind::Sum`]): `with_kind!(kind, P => P::GAME, sum => "sum")`.
#[macro_export]
macro_rules! with_kind {
    ($kind:expr, $t:ident => $body:expr, sum => $sum:expr) => {
        $crate::for_each_game!(__with_kind!($kind, $t, $body, $sum))
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __with_kind {
    (($which:expr, $t:ident, $body:expr, $sum:expr) $( $(#[$doc:meta])* $kind:ident($ty:ty)
        $name:literal $title:literal $(codes $codes:expr)?; )*) => {
        match $which {
            $( $crate::games::GameKind::$kind => {
                type $t = $ty;
                $body
            } )*
            $crate::games::GameKind::Sum => $sum,
        }
    };
}

/// Runs `$body` on the position a [`sum::Component`] holds, with `$wrap` bound to the matching
/// [`sum::AnyMove`] constructor (to wrap that game's moves) and `$back` to the component one:
/// `with_component!(c, p, wrap, back => …)`.
#[doc(hidden)]
#[macro_export]
macro_rules! with_component {
    ($c:expr, $p:ident, $wrap:ident, $back:ident => $body:expr) => {
        $crate::for_each_game!(__with_component!($c, $p, $wrap, $back, $body))
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __with_component {
    (($c:expr, $p:ident, $wrap:ident, $back:ident, $body:expr) $( $(#[$doc:meta])*
        $kind:ident($ty:ty) $name:literal $title:literal $(codes $codes:expr)?; )*) => {
        match $c {
            $( $crate::games::sum::Component::$kind($p) => {
                #[allow(unused_variables)]
                let ($wrap, $back) = (
                    $crate::games::sum::AnyMove::$kind,
                    $crate::games::sum::Component::$kind,
                );
                $body
            } )*
        }
    };
}

/// Runs `$body` on a component and a move of the same game, with `$back` bound to the
/// component's constructor; `$other` when the move is of another game.
#[doc(hidden)]
#[macro_export]
macro_rules! with_component_move {
    ($c:expr, $mv:expr, $p:ident, $m:ident, $back:ident => $body:expr, else $other:expr) => {
        $crate::for_each_game!(__with_component_move!(
            $c, $mv, $p, $m, $back, $body, $other
        ))
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __with_component_move {
    (($c:expr, $mv:expr, $p:ident, $m:ident, $back:ident, $body:expr, $other:expr)
        $( $(#[$doc:meta])* $kind:ident($ty:ty) $name:literal $title:literal
        $(codes $codes:expr)?; )*) => {
        #[allow(unreachable_patterns)]
        match ($c, $mv) {
            $( ($crate::games::sum::Component::$kind($p), $crate::games::sum::AnyMove::$kind($m)) => {
                #[allow(unused_variables)]
                let $back = $crate::games::sum::Component::$kind;
                $body
            } )*
            _ => $other,
        }
    };
}

crate::for_each_game!(__declare_games!());

impl GameKind {
    pub const ALL: [GameKind; 4] = [
        GameKind::Coins,
        GameKind::Grid,
        GameKind::Dodgeball,
        GameKind::Heaps,
    ];

    /// The game whose codes start with `name` (a heap game's codes start with its rule;
    /// `sum` is the menu's name for a sum, whose codes start with a component's).
    pub fn of_code_name(name: &str) -> Option<GameKind> {
        GameKind::EVERY
            .iter()
            .chain([&GameKind::Sum])
            .copied()
            .find(|k| k.name() == name || k.code_names().contains(&name))
    }

    /// The game a position code is of: a code with `+` is a sum of components, whatever the
    /// first one's game; otherwise the part before the first `:` names the game.
    pub fn of_code(code: &str) -> Option<GameKind> {
        if code.contains('+') && !takes_a_sum(code) {
            return Some(GameKind::Sum);
        }
        GameKind::of_code_name(code.split(':').next().unwrap_or_default())
    }
}

impl AnyPosition {
    /// Parses a code of any game; the part before the first `:` names the game. A code with
    /// `+` is a sum of components of any games ([`sum::Sum`]).
    pub fn from_code(code: &str) -> Result<AnyPosition, CodeError> {
        if code.contains('+') && !takes_a_sum(code) {
            return sum::Sum::from_code(code).map(AnyPosition::Sum);
        }
        AnyPosition::from_game_code(code)
    }

    pub fn to_code(&self) -> String {
        with_position!(self, p => p.to_code())
    }
}

/// The games whose code holds a whole sum after their name (`anti:nim:3+kayles:4`): a `+` in
/// such a code does not make the code a sum.
pub const SUM_GAMES: [&str; 2] = ["anti", "every"];

/// Whether `code` is of a game of [`SUM_GAMES`].
fn takes_a_sum(code: &str) -> bool {
    let name = code.split(':').next().unwrap_or_default();
    SUM_GAMES.contains(&name)
}

/// The error for a code whose first field names no game of the table.
fn unknown_game(code: &str) -> CodeError {
    // The games known by their own name, then the heap games, known by their rules' names.
    let (own, families): (Vec<GameKind>, Vec<GameKind>) = GameKind::EVERY
        .iter()
        .partition(|k| k.code_names() == [k.name()]);
    let games: Vec<&str> = own.iter().map(|k| k.name()).collect();
    let rules: Vec<&str> = families
        .iter()
        .flat_map(|k| k.code_names())
        .copied()
        .collect();
    let said = |key| {
        Said::new(key)
            .with("games", games.join(", "))
            .with("rules", rules.join(", "))
    };
    if !code.contains(':') {
        return CodeError::new(1, said("said.code.no_colon"));
    }
    let name = code.split(':').next().unwrap_or_default();
    CodeError::new(
        1,
        said("said.code.unknown_game").with("name", crate::input::excerpt(name.as_bytes(), 20)),
    )
}
