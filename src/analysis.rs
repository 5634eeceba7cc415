//! The analysis behind hints and `grundy analyze`: the value of every part, the nim-sum, who
//! wins, and for each legal move whether it wins or loses for the player making it.

use crate::game::Impartial;
use crate::nimber::Nimber;
use crate::solver::{Outcome, SolutionCache};

/// How many moves the hint analysis lists (winning ones first).
pub const ANALYSIS_MOVES: usize = 64;
/// How many positions the exact searches of a match (the AI's, the hint analysis's and the
/// judge's, one per position, shared) may solve.
pub const ANALYSIS_BUDGET: usize = crate::ai::EXACT_BUDGET;

/// A count of moves, or a lower bound on it where the moves are too many to go through (the
/// blocks of a large coin grid).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveCount {
    pub count: usize,
    /// Whether `count` is all of them (else: at least this many).
    pub complete: bool,
}

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
    /// How many parts have each non-zero value, by value, and how many are worth 0: the
    /// nim-sum panel groups parts by value when they are too many to list (10^6 boxes), and
    /// counting them once per position keeps that out of every frame.
    pub value_counts: Vec<(Nimber, usize)>,
    pub zero_parts: usize,
    /// The value of the whole position.
    pub nim_sum: Nimber,
    /// Whether the player to move wins with perfect play.
    pub mover_wins: bool,
    /// Exact outcome, with remoteness, when the tree was small enough.
    pub exact: Option<Outcome>,
    /// Legal moves, at most the limit given, best first: winning ones, then losing ones; each
    /// group fastest win / slowest loss first where the remoteness is known (when the exact
    /// search solved the position, these are the best of all legal moves).
    pub moves: Vec<MoveReport<P::Move>>,
    /// Whether there were more legal moves than listed.
    pub moves_truncated: bool,
    /// How many legal moves win, listed or not.
    pub winning_count: MoveCount,
}

impl<P: Impartial> Analysis<P> {
    /// Analyses `position`, listing at most `move_limit` moves and searching at most
    /// `exact_budget` positions (and [`crate::ai::EXACT_DEADLINE`]) for exact remoteness.
    pub fn new(position: &P, move_limit: usize, exact_budget: usize) -> Analysis<P> {
        Analysis::shared(position, move_limit, &SolutionCache::new(exact_budget))
    }

    /// [`Analysis::new`] with the exact solutions of `cache`, shared with the AI, the
    /// verdicts and the principal line.
    pub fn shared(position: &P, move_limit: usize, cache: &SolutionCache<P>) -> Analysis<P> {
        let parts = position.parts();
        let nim_sum: Nimber = parts.iter().map(|(_, v)| *v).sum();
        let solution = cache.solve(position);
        // The nim-sum is read once: a move's report reads only what the move changes (a sum
        // of 64 games of 1000 heaps would otherwise value every heap again for every move).
        let own_rule = position.win_rule().is_some();
        let report = |mv: P::Move, remoteness_after: Option<u32>| {
            let nim_sum_after = nim_sum + position.nim_sum_change(&mv);
            MoveReport {
                // The nim-sum decides, or the game's own rule (misère Nim).
                wins: if own_rule {
                    position.move_wins(&mv)
                } else {
                    nim_sum_after.is_zero()
                },
                nim_sum_after,
                remoteness_after,
                mv,
            }
        };
        let (mut moves, truncated, winning_count) = match &solution {
            // Every move is solved: rank them all by their outcomes, then word only the best.
            Some(solution) => {
                let mut solved = solution
                    .moves_from(position)
                    .expect("the solution covers the position");
                let count = MoveCount {
                    count: solved.iter().filter(|m| !m.outcome.wins).count(),
                    complete: true,
                };
                let truncated = solved.len() > move_limit;
                solved.sort_by_key(|m| {
                    let r = i64::from(m.outcome.remoteness);
                    (m.outcome.wins, if m.outcome.wins { -r } else { r })
                });
                solved.truncate(move_limit);
                let moves: Vec<MoveReport<P::Move>> = solved
                    .into_iter()
                    .map(|m| report(m.mv, Some(m.outcome.remoteness)))
                    .collect();
                (moves, truncated, count)
            }
            None => {
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
                let (count, complete) = position.count_winning_moves();
                let moves = listed.into_iter().map(|mv| report(mv, None)).collect();
                (moves, truncated, MoveCount { count, complete })
            }
        };
        // Best first: winning moves, the fastest win first where the search knows it, then
        // losing ones, the slowest loss first.
        moves.sort_by_key(|report| {
            let pace = match report.remoteness_after {
                Some(r) if report.wins => i64::from(r),
                Some(r) => -i64::from(r),
                None => i64::MAX,
            };
            (!report.wins, pace)
        });
        moves.truncate(move_limit);
        let mut counts: std::collections::BTreeMap<Nimber, usize> = Default::default();
        for (_, v) in &parts {
            *counts.entry(*v).or_default() += 1;
        }
        let zero_parts = counts.remove(&Nimber::default()).unwrap_or(0);
        Analysis {
            value_counts: counts.into_iter().collect(),
            zero_parts,
            parts,
            nim_sum,
            mover_wins: position.mover_wins(),
            exact: solution.as_ref().and_then(|s| s.outcome(position)),
            moves,
            moves_truncated: truncated,
            winning_count,
        }
    }

    /// The winning moves among those listed.
    pub fn winning(&self) -> impl Iterator<Item = &MoveReport<P::Move>> {
        self.moves.iter().filter(|m| m.wins)
    }
}
