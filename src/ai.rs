//! The computer player. From a winning position it moves to nim-sum 0; from a losing one it
//! stalls. When the whole game tree from the position is small enough to search (see
//! [`EXACT_BUDGET`] and [`EXACT_DEADLINE`]) it plays by remoteness instead, as GamesCrafters'
//! solvers do: it wins in the fewest moves and loses in the most.
//!
//! Levels below [`Level::Perfect`] sometimes play a random legal move instead of the best one,
//! so that a beginner can win.

use std::fmt;

use rand::{Rng, RngExt};

pub use crate::choice::pick;
use crate::game::Impartial;
pub use crate::solver::{EXACT_DEADLINE, exact_limits};
use crate::solver::{ExactSolution, Outcome, SolutionCache};

/// How many positions the AI may search to play exactly by remoteness. Past this it uses the
/// Sprague–Grundy move (winning) or the game's stalling heuristic (losing). The games' compact
/// searches know the exact count before they start and refuse a larger tree at once; they
/// solve 10^6 positions in well under a quarter of a second (`cargo bench --bench engine --
/// exact`).
pub const EXACT_BUDGET: usize = 1_000_000;

/// How well the AI plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Level {
    /// Plays a random legal move half of the time, the best move otherwise.
    Easy,
    /// Plays a random legal move one time in four.
    Medium,
    /// Plays a random legal move one time in ten.
    Hard,
    /// Always the best move: never lets a won position go, and loses as slowly as possible.
    #[default]
    Perfect,
}

impl Level {
    /// The chance of a random move instead of the best one.
    pub fn blunder_chance(self) -> f64 {
        match self {
            Level::Easy => 0.5,
            Level::Medium => 0.25,
            Level::Hard => 0.1,
            Level::Perfect => 0.0,
        }
    }

    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Perfect];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Perfect => "perfect",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why the AI chose its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Exact search: the move wins, and the game is over after `remoteness` moves, this one
    /// included.
    ExactWin { remoteness: u32 },
    /// Exact search: the position is lost; the move makes it last `remoteness` moves, this
    /// one included.
    ExactLoss { remoteness: u32 },
    /// The move leaves nim-sum 0: a win for the AI with perfect play.
    NimSumZero,
    /// The position is lost against perfect play; the move is the game's stalling choice.
    Stalling,
    /// A deliberate random move (levels below perfect).
    Random,
}

/// A move with the reason for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision<M> {
    pub mv: M,
    pub reason: Reason,
}

/// A uniformly chosen part that has a move, then one of its moves (at most the first 1024 of
/// them): a random legal move without listing every move of the position.
pub fn random_move<P: Impartial, R: Rng + ?Sized>(position: &P, rng: &mut R) -> Option<P::Move> {
    let mut parts: Vec<P::Part> = position.parts().into_iter().map(|(p, _)| p).collect();
    while !parts.is_empty() {
        let i = rng.random_range(0..parts.len());
        let part = parts.swap_remove(i);
        let (moves, _) = position.moves_of(part, 1024);
        if let Some(mv) = pick(moves, rng) {
            return Some(mv);
        }
    }
    None
}

/// The AI's move at `level`, or `None` if the game is over.
pub fn choose_move<P: Impartial, R: Rng + ?Sized>(
    position: &P,
    level: Level,
    rng: &mut R,
) -> Option<Decision<P::Move>> {
    choose_move_with_budget(position, level, rng, EXACT_BUDGET)
}

/// [`choose_move`] with an explicit exact-search budget (0: never search).
pub fn choose_move_with_budget<P: Impartial, R: Rng + ?Sized>(
    position: &P,
    level: Level,
    rng: &mut R,
    budget: usize,
) -> Option<Decision<P::Move>> {
    choose_move_shared(position, level, rng, &SolutionCache::new(budget))
}

/// [`choose_move`] with the exact solutions of `cache`, shared with the hints, the verdicts
/// and the principal line: a position searched by one of them is not searched again.
pub fn choose_move_shared<P: Impartial, R: Rng + ?Sized>(
    position: &P,
    level: Level,
    rng: &mut R,
    cache: &SolutionCache<P>,
) -> Option<Decision<P::Move>> {
    if position.is_over() {
        return None;
    }
    if level.blunder_chance() > 0.0
        && rng.random_bool(level.blunder_chance())
        && let Some(mv) = random_move(position, rng)
    {
        return Some(Decision {
            mv,
            reason: Reason::Random,
        });
    }
    if let Some(solution) = cache.solve(position) {
        return exact_move(position, &solution, rng);
    }
    if position.mover_wins()
        && let Some(mv) = position.winning_move(rng)
    {
        return Some(Decision {
            mv,
            reason: Reason::NimSumZero,
        });
    }
    position.stalling_move(rng).map(|mv| Decision {
        mv,
        reason: Reason::Stalling,
    })
}

/// The remoteness-optimal move from a solved position: the fastest win, else the slowest loss;
/// among equals, the one leaving the opponent the most moves that throw the game away.
pub fn exact_move<P: Impartial, R: Rng + ?Sized>(
    position: &P,
    solution: &ExactSolution<P>,
    rng: &mut R,
) -> Option<Decision<P::Move>> {
    let here = solution.outcome(position)?;
    let scored = solution.moves_from(position)?;
    let best_key = |o: &Outcome, mistakes: usize| -> (bool, i64, usize) {
        if here.wins {
            // Move to a lost position, as fast as possible.
            (!o.wins, -(o.remoteness as i64), mistakes)
        } else {
            (true, o.remoteness as i64, mistakes)
        }
    };
    let best = scored
        .iter()
        .map(|m| best_key(&m.outcome, m.losing_replies))
        .max()?;
    let candidates: Vec<P::Move> = scored
        .into_iter()
        .filter(|m| best_key(&m.outcome, m.losing_replies) == best)
        .map(|m| m.mv)
        .collect();
    let mv = pick(candidates, rng)?;
    let reason = if here.wins {
        Reason::ExactWin {
            remoteness: here.remoteness,
        }
    } else {
        Reason::ExactLoss {
            remoteness: here.remoteness,
        }
    };
    Some(Decision { mv, reason })
}
