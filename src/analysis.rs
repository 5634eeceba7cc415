//! The analysis behind hints and `grundy analyze`: the value of every part, the nim-sum, who
//! wins, and for each legal move whether it wins or loses for the player making it.

use crate::game::Impartial;
use crate::nimber::Nimber;
use crate::solver::{ExactSolution, Outcome};

/// One legal move and what it does to the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveReport<M> {
    pub mv: M,
    /// The nim-sum of the position after the move.
    pub nim_sum_after: Nimber,
    /// Whether the move wins for the player making it (it leaves nim-sum 0).
    pub wins: bool,
    /// How many more moves the game lasts after this one with perfect play, where the tree
    /// was small enough to search exactly.
    pub remoteness_after: Option<u32>,
}

/// Everything the hints show about a position.
#[derive(Clone, Debug)]
pub struct Analysis<P: Impartial> {
    /// Each part (coin, cell, piece) with its Sprague–Grundy value.
    pub parts: Vec<(P::Part, Nimber)>,
    /// The value of the whole position.
    pub nim_sum: Nimber,
    /// Whether the player to move wins with perfect play.
    pub mover_wins: bool,
    /// Exact outcome, with remoteness, when the tree was small enough.
    pub exact: Option<Outcome>,
    /// Legal moves, at most the limit given: winning ones first, then losing ones; each group
    /// fastest win / slowest loss first where the remoteness is known.
    pub moves: Vec<MoveReport<P::Move>>,
    /// Whether there were more legal moves than listed.
    pub moves_truncated: bool,
}

impl<P: Impartial> Analysis<P> {
    /// Analyses `position`, listing at most `move_limit` moves and searching at most
    /// `exact_budget` positions for exact remoteness.
    pub fn new(position: &P, move_limit: usize, exact_budget: usize) -> Analysis<P> {
        let parts = position.parts();
        let nim_sum: Nimber = parts.iter().map(|(_, v)| *v).sum();
        let solution = if exact_budget > 0 {
            ExactSolution::new(position, exact_budget)
        } else {
            None
        };
        let exact = solution.as_ref().and_then(|s| s.outcome(position));

        // Winning moves first, so a truncated list still shows them.
        let mut listed = position.winning_moves(move_limit);
        let mut truncated = false;
        for (part, _) in &parts {
            if listed.len() >= move_limit {
                truncated = true;
                break;
            }
            let (moves, more) = position.moves_of(*part, move_limit - listed.len());
            truncated |= more;
            for mv in moves {
                if !listed.contains(&mv) {
                    listed.push(mv);
                }
            }
        }
        listed.truncate(move_limit);
        let mut moves: Vec<MoveReport<P::Move>> = listed
            .into_iter()
            .map(|mv| {
                let nim_sum_after = position.nim_sum_after(&mv);
                let remoteness_after = solution.as_ref().and_then(|s| {
                    s.outcome(&position.play_unchecked(&mv))
                        .map(|o| o.remoteness)
                });
                MoveReport {
                    // The nim-sum decides, or the game's own rule (misère Nim).
                    wins: position.move_wins(&mv),
                    nim_sum_after,
                    remoteness_after,
                    mv,
                }
            })
            .collect();
        // Best first: winning moves, the fastest win first where the search knows it, then
        // losing ones, the slowest loss first. (A game may find only some winning moves up
        // front, as the grid builds one block per anchor; the rest join the winners here.)
        moves.sort_by_key(|report| {
            let pace = match report.remoteness_after {
                Some(r) if report.wins => i64::from(r),
                Some(r) => -i64::from(r),
                None => i64::MAX,
            };
            (!report.wins, pace)
        });
        Analysis {
            parts,
            nim_sum,
            mover_wins: position.mover_wins(),
            exact,
            moves,
            moves_truncated: truncated,
        }
    }

    /// The winning moves among those listed.
    pub fn winning(&self) -> impl Iterator<Item = &MoveReport<P::Move>> {
        self.moves.iter().filter(|m| m.wins)
    }
}
