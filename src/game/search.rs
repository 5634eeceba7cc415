//! What an exact search is asked and what it gives back, whoever runs it: the [`Limits`] of a
//! search, the [`Outcome`] of a position, and the [`SolvedTree`] a game's own compact search
//! ([`super::Position::compact_search`]) hands to the exact solver. They live beside the game
//! traits, which name them, so that the traits import no search: the generic walk
//! (`crate::solver`) and the compact one (`crate::exact`) both build on this.

use std::time::Instant;

use super::Position;

/// How much an exact search may do.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The most positions a search may solve (the compact search refuses a tree whose exact
    /// count is larger before it starts).
    pub positions: usize,
    /// When to give up, checked as the search goes; `None`: never.
    pub deadline: Option<Instant>,
    /// The most bytes the search's tables may hold (the generic walk counts each position it
    /// keeps, with its vectors, and refuses a search whose least count cannot fit).
    pub bytes: usize,
}

/// The memory an exact search may use by default: with the value tables and the rest of the
/// program, a process stays under 100 MB whatever the machine has.
pub const SEARCH_BYTES: usize = 48 << 20;

/// A compact search lists the moves of every position it solves: this many per position on
/// average are allowed (the coin row with MAXQ 20 has dozens per tails coin).
pub const MOVES_PER_POSITION: usize = 24;

impl Limits {
    /// At most `positions` positions, no deadline.
    pub fn positions(positions: usize) -> Limits {
        Limits {
            positions,
            deadline: None,
            bytes: SEARCH_BYTES,
        }
    }

    /// At most `positions` positions and no byte bound: the reference walks, which count
    /// positions only.
    pub fn positions_only(positions: usize) -> Limits {
        Limits {
            bytes: usize::MAX,
            ..Limits::positions(positions)
        }
    }

    /// The most moves a compact search may look at, all positions together.
    pub fn moves(&self) -> usize {
        self.positions.saturating_mul(MOVES_PER_POSITION).max(1024)
    }

    /// Whether the deadline has passed.
    pub fn expired(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// A search that cannot finish within its [`Limits`] (known before starting, or found on the
/// way).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooLarge;

/// A solved game tree, as the exact solver needs it, whatever its representation.
pub trait SolvedTree<P: Position>: Send + Sync {
    /// How many positions were solved.
    fn len(&self) -> usize;
    /// Never: a solved tree holds at least its root.
    fn is_empty(&self) -> bool {
        false
    }
    /// The root position.
    fn root_position(&self) -> &P;
    /// The outcome of the root.
    fn root(&self) -> Outcome;
    /// The outcome of a position reachable from the root (`None` for others).
    fn outcome(&self, position: &P) -> Option<Outcome>;
    /// Every legal move of the root with its outcome.
    fn moves(&self) -> Vec<MoveOutcome<P::Move>>;
}

/// A move of the root of a solved tree and what it leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveOutcome<M> {
    pub mv: M,
    /// The outcome of the position after the move (for the opponent, who moves next).
    pub outcome: Outcome,
    /// How many of the opponent's replies from there lose for the opponent (lead to a
    /// position won by the player making `mv`): the chances the move gives them to go wrong.
    pub losing_replies: usize,
}

/// Who wins a position with both sides playing perfectly, and how fast.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Whether the player to move wins.
    pub wins: bool,
    /// Remoteness: 0 with no move; for a win, 1 + the least remoteness among moves to lost
    /// positions (win fastest); for a loss, 1 + the largest remoteness among all moves (lose
    /// slowest). Perfect play ends the game in exactly this many moves.
    pub remoteness: u32,
}

impl Outcome {
    /// The outcome of `position` from its options' outcomes: [`Outcome::from_options`], but a
    /// finished game is won by the player to move where the game says so (misère play).
    pub fn of<P: Position>(position: &P, options: &[Outcome]) -> Outcome {
        if options.is_empty() && position.mover_wins_when_over() {
            return Outcome {
                wins: true,
                remoteness: 0,
            };
        }
        Outcome::from_options(options)
    }

    /// The outcome of a position from its options' outcomes.
    pub fn from_options(options: &[Outcome]) -> Outcome {
        let fastest_win = options
            .iter()
            .filter(|o| !o.wins)
            .map(|o| o.remoteness)
            .min();
        match fastest_win {
            Some(r) => Outcome {
                wins: true,
                remoteness: r + 1,
            },
            None => Outcome {
                wins: false,
                remoteness: options.iter().map(|o| o.remoteness + 1).max().unwrap_or(0),
            },
        }
    }
}
