//! The record of a game, for any game: each move with who made it, its verdict (best, good or
//! a blunder from a won position; best stall or shortened from a lost one), the nim-sum after
//! it and the remoteness where the exact search knows it; and the principal line of a position
//! (best play for both sides). Everything is judged through the game traits ([`Impartial`],
//! [`ExactSolution`]), so every game gets its teacher for free.
//!
//! Who wins is decided by the nim-sum (Sprague–Grundy theory, exact on any size); the exact
//! search only adds how fast, on positions small enough to search.

use rand::SeedableRng;

use crate::ai::{Decision, Reason, exact_move};
use crate::game::{Impartial, Notation};
use crate::message::Msg;
use crate::nimber::Nimber;
use crate::setup::ReplayRng;
use crate::solver::{ExactSolution, Outcome, SolutionCache};

/// How many positions a verdict may search to know the remoteness of the moves: as many as
/// the AI searches (under the same deadline), so the verdicts know what the AI knows.
pub const VERDICT_BUDGET: usize = crate::ai::EXACT_BUDGET;

/// Who made a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    You,
    Ai,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::You => Side::Ai,
            Side::Ai => Side::You,
        }
    }
}

/// A move of a game's record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played<M> {
    pub mv: M,
    pub by: Side,
    /// Why the AI chose it (`None` for the player's moves).
    pub reason: Option<Reason>,
    /// The move as a message (`Notation::describe_move` in the position it was played from).
    pub words: Msg,
    /// The engine's verdict, once computed (off the UI thread: it may search).
    pub judgement: Option<Judgement<M>>,
}

/// What a move did, judged from the position it was played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// From a won position: a fastest win (any winning move where the remoteness is unknown).
    Best,
    /// From a won position: still winning, but slower than the fastest win.
    Good,
    /// From a won position to one won for the opponent: hands the win over.
    Blunder,
    /// From a lost position: the slowest loss (the remoteness is known).
    BestStall,
    /// From a lost position: a faster loss than the best stall.
    Shortened,
    /// From a lost position whose remoteness is unknown: every move loses to perfect play.
    Lost,
}

impl Verdict {
    /// The mark in the move list: ✓ best, · good, ?? blunder, - from a lost position whose
    /// remoteness is not known (every move loses: none is better).
    pub fn mark(self) -> &'static str {
        match self {
            Verdict::Best | Verdict::BestStall => "✓",
            Verdict::Good | Verdict::Shortened => "·",
            Verdict::Blunder => "??",
            Verdict::Lost => "-",
        }
    }
}

/// A move's verdict with what it is based on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement<M> {
    pub verdict: Verdict,
    pub nim_sum_before: Nimber,
    pub nim_sum_after: Nimber,
    /// Whether both nim-sums are known (not past a game's value table, where they are
    /// stand-ins that are not shown: [`Impartial::values_known`]).
    pub values_known: bool,
    /// Whether the mover is winning after the move: the opponent's nim-sum is 0, or the
    /// game's own rule says so (misère Nim).
    pub wins_after: bool,
    /// The exact outcome before the move (for the mover), where the search knows it.
    pub before: Option<Outcome>,
    /// The exact outcome after the move (for the opponent, now to move), where known.
    pub after: Option<Outcome>,
    /// A better move, when there was one: after a blunder or a good move, a (fastest) win;
    /// after a shortened loss, the best stall.
    pub better: Option<M>,
    /// `better` in words (filled by [`judge_in_words`]; the traits for words are a game's
    /// [`Notation`]).
    pub better_words: Option<Msg>,
}

impl<M> Judgement<M> {
    /// Whether the player who made the move is winning after it (the opponent to move has
    /// nim-sum 0, or loses by the game's own rule).
    pub fn mover_winning_after(&self) -> bool {
        self.wins_after
    }
}

/// Judges `mv` (legal in `before`), searching at most `budget` positions for remoteness.
pub fn judge<P: Impartial>(before: &P, mv: &P::Move, budget: usize) -> Judgement<P::Move> {
    judge_shared(before, mv, &SolutionCache::new(budget))
}

/// [`judge`] with the exact solutions of `cache`, shared with the AI and the hints (the
/// position a move was made from was searched already, by the AI or the hint analysis).
pub fn judge_shared<P: Impartial>(
    before: &P,
    mv: &P::Move,
    cache: &SolutionCache<P>,
) -> Judgement<P::Move> {
    let nim_sum_before = before.nim_sum();
    let nim_sum_after = before.nim_sum_after(mv);
    let values_known = before.values_known() && before.play_unchecked(mv).values_known();
    let solution = cache.solve(before);
    // The nim-sum decides, or the game's own rule (misère Nim is not won by its nim-sum).
    let won = before.mover_wins();
    let wins_after = before.move_wins(mv);
    let Some(solution) = solution else {
        let (verdict, better) = if !won {
            (Verdict::Lost, None)
        } else if wins_after {
            (Verdict::Best, None)
        } else {
            // The first move to nim-sum 0 the game lists: deterministic, so a test and the
            // coach agree.
            (Verdict::Blunder, before.winning_moves(1).into_iter().next())
        };
        return Judgement {
            verdict,
            nim_sum_before,
            nim_sum_after,
            values_known,
            wins_after,
            before: None,
            after: None,
            better,
            better_words: None,
        };
    };
    let outcome_before = solution.outcome(before);
    let after = solution.outcome(&before.play_unchecked(mv));
    // The best move by remoteness: the fastest win, else the slowest loss.
    let options: Vec<(P::Move, Outcome)> = before
        .legal_moves()
        .into_iter()
        .filter_map(|m| {
            let o = solution.outcome(&before.play_unchecked(&m))?;
            Some((m, o))
        })
        .collect();
    let best = if won {
        options
            .iter()
            .filter(|(_, o)| !o.wins)
            .min_by_key(|(_, o)| o.remoteness)
    } else {
        options.iter().max_by_key(|(_, o)| o.remoteness)
    };
    let best_remoteness = best.map(|(_, o)| o.remoteness);
    let best_move = best.map(|(m, _)| m.clone());
    let after_remoteness = after.map(|o| o.remoteness);
    let (verdict, better) = if won {
        if !wins_after {
            (Verdict::Blunder, best_move)
        } else if after_remoteness == best_remoteness {
            (Verdict::Best, None)
        } else {
            (Verdict::Good, best_move)
        }
    } else if after_remoteness == best_remoteness {
        (Verdict::BestStall, None)
    } else {
        (Verdict::Shortened, best_move)
    };
    Judgement {
        verdict,
        nim_sum_before,
        nim_sum_after,
        values_known,
        wins_after,
        before: outcome_before,
        after,
        better,
        better_words: None,
    }
}

/// [`judge`], with the better move also in words.
pub fn judge_in_words<P: Impartial + Notation>(
    before: &P,
    mv: &P::Move,
    budget: usize,
) -> Judgement<P::Move> {
    judge_in_words_shared(before, mv, &SolutionCache::new(budget))
}

/// [`judge_shared`], with the better move also in words.
pub fn judge_in_words_shared<P: Impartial + Notation>(
    before: &P,
    mv: &P::Move,
    cache: &SolutionCache<P>,
) -> Judgement<P::Move> {
    let mut judgement = judge_shared(before, mv, cache);
    judgement.better_words = judgement.better.as_ref().map(|m| before.describe_move(m));
    judgement
}

/// The moves of `side` judged blunders, oldest first, as indexes into `record`.
pub fn blunders<M>(record: &[Played<M>], side: Side) -> Vec<usize> {
    record
        .iter()
        .enumerate()
        .filter(|(_, p)| {
            p.by == side
                && p.judgement
                    .as_ref()
                    .is_some_and(|j| j.verdict == Verdict::Blunder)
        })
        .map(|(i, _)| i)
        .collect()
}

/// Who was winning after each move (the side that made it, or the other) and in how many
/// moves the game ends with perfect play where known: the value history of the review.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ValuePoint {
    /// The side winning with perfect play after the move.
    pub winning: Side,
    /// Moves left with perfect play, where the exact search knows it.
    pub remoteness: Option<u32>,
    /// The move changed who is winning (a blunder).
    pub turning: bool,
}

/// The value history of `record`, one point per judged move (stops at the first move not
/// judged yet).
pub fn value_history<M>(record: &[Played<M>]) -> Vec<ValuePoint> {
    record
        .iter()
        .map_while(|p| {
            let j = p.judgement.as_ref()?;
            Some(ValuePoint {
                winning: if j.mover_winning_after() {
                    p.by
                } else {
                    p.by.other()
                },
                remoteness: j.after.map(|o| o.remoteness),
                turning: j.verdict == Verdict::Blunder,
            })
        })
        .collect()
}

/// One ply of a principal line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineMove<M> {
    pub mv: M,
    pub nim_sum_after: Nimber,
    /// Whether the move was chosen by exact search (else by the nim-sum or the stalling
    /// heuristic).
    pub exact: bool,
    /// Moves left after this one with perfect play, where the exact search knows it.
    pub remoteness_after: Option<u32>,
}

/// How long an analysis with its principal line may take: past this the line stops and says
/// so ([`PrincipalLine`]), so `analyze --line 10000` answers in a quarter of a second whatever
/// the position.
pub const LINE_TIME: std::time::Duration = std::time::Duration::from_millis(200);

/// A principal line and whether it stopped at [`LINE_TIME`] before its length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrincipalLine<M> {
    pub moves: Vec<LineMove<M>>,
    /// Whether the line stopped at the time limit (not at its length or the game's end).
    pub timed_out: bool,
}

/// The principal line from `position`: best play for both sides for at most `plies` moves,
/// by exact remoteness (fastest win, slowest loss) where a search of at most `budget`
/// positions knows it, else by the Sprague–Grundy move (to nim-sum 0) or the game's stall.
/// Ties are broken the same way every time.
pub fn principal_line<P: Impartial>(
    position: &P,
    plies: usize,
    budget: usize,
) -> Vec<LineMove<P::Move>> {
    principal_line_shared(position, plies, &SolutionCache::new(budget), None).moves
}

/// [`principal_line`] with the exact solutions of `cache` (the analysis of the same position
/// searched it already), stopping after `time` if given.
pub fn principal_line_shared<P: Impartial>(
    position: &P,
    plies: usize,
    cache: &SolutionCache<P>,
    time: Option<std::time::Duration>,
) -> PrincipalLine<P::Move> {
    let started = std::time::Instant::now();
    let mut rng = ReplayRng::seed_from_u64(0);
    let mut line = Vec::new();
    let mut current = position.clone();
    let mut solution = cache.solve(position);
    // One deadline for the retries: a position too big to search is retried further down
    // the line (it shrinks), but the retries share the time of one search.
    let limits = crate::ai::exact_limits(cache.budget());
    let mut timed_out = false;
    while line.len() < plies && !current.is_over() {
        // The first move is always made: a line that stops before it says nothing.
        if !line.is_empty() && time.is_some_and(|t| started.elapsed() >= t) {
            timed_out = true;
            break;
        }
        // A solution from an earlier position covers every position reachable from it. A
        // position too large to search is tried again as the line goes on, at plies 1, 2, 4,
        // 8, …: the tree shrinks, and a long line does not pay a search attempt every ply.
        let retry = line.len().is_power_of_two();
        if solution.is_none() && retry && cache.budget() > 0 && !limits.expired() {
            solution = ExactSolution::within(&current, &limits).map(std::sync::Arc::new);
        }
        let decision: Option<Decision<P::Move>> = match &solution {
            Some(s) => exact_move(&current, s, &mut rng),
            None if current.mover_wins() => {
                current
                    .winning_moves(1)
                    .into_iter()
                    .next()
                    .map(|mv| Decision {
                        mv,
                        reason: Reason::NimSumZero,
                    })
            }
            None => current.stalling_move(&mut rng).map(|mv| Decision {
                mv,
                reason: Reason::Stalling,
            }),
        };
        let Some(decision) = decision else { break };
        let next = current.play_unchecked(&decision.mv);
        let remoteness_after = solution
            .as_ref()
            .and_then(|s| s.outcome(&next))
            .map(|o| o.remoteness);
        line.push(LineMove {
            nim_sum_after: next.nim_sum(),
            exact: matches!(
                decision.reason,
                Reason::ExactWin { .. } | Reason::ExactLoss { .. }
            ),
            remoteness_after,
            mv: decision.mv,
        });
        current = next;
    }
    PrincipalLine {
        moves: line,
        timed_out,
    }
}
