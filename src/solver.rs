//! Exact game-tree search straight from the rules, with no Sprague–Grundy theory: who wins and
//! in how many moves (remoteness), and the value of a position by the definition (the mex of its
//! options' values). Both walk every position reachable from a root, so they are for small
//! positions: the brute-force checks of the fast formulas, and the AI's exact play near the end
//! of a game.
//!
//! [`ExactSolution`] uses a game's compact search ([`crate::exact`], through
//! [`Position::compact_search`]) when it has one, and the generic walk here otherwise; the
//! generic walk stays the reference the compact searches are tested against
//! ([`ExactSolution::generic`]).

use std::hash::Hash;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::game::Position;
pub use crate::game::search::Outcome;
use crate::game::search::{Limits, MoveOutcome, SolvedTree};
use crate::nimber::{Nimber, mex};

/// A hash map for the tables of a search, which hold up to millions of small positions looked
/// up once per move: SipHash's defence against hash flooding buys nothing here and costs most
/// of the lookup, so they use rustc's Fx hash (the `rustc-hash` crate, replacing a hand-copied
/// hasher).
pub type FxHashMap<K, V> = rustc_hash::FxHashMap<K, V>;

/// How long the AI's (and the analysis's) exact search may run before it gives up (checked as it goes): the
/// safety net under [`crate::ai::EXACT_BUDGET`] for games without a compact search and for slow machines,
/// with room left in a quarter of a second for the rest of a move or an analysis.
pub const EXACT_DEADLINE: Duration = Duration::from_millis(150);

/// The limits of the AI's and the analysis's exact searches, starting now.
pub fn exact_limits(positions: usize) -> Limits {
    Limits {
        positions,
        deadline: Some(Instant::now() + EXACT_DEADLINE),
        bytes: crate::game::search::SEARCH_BYTES,
    }
}

/// Evaluates every position reachable from `root` bottom-up, `combine` turning the values of a
/// position's options (in `legal_moves` order) into its own. Returns `None` as soon as more than
/// `budget` positions have been reached. Iterative, so long games do not overflow the stack.
pub fn evaluate<P, V, F>(root: &P, budget: usize, combine: F) -> Option<FxHashMap<P, V>>
where
    P: Position,
    V: Copy,
    F: FnMut(&P, &[V]) -> V,
{
    let limits = Limits::positions_only(budget);
    walk(root, &limits, &FxHashMap::default(), false, combine)
}

/// What a table entry of the generic walk costs besides the position's own bytes: the value,
/// the hash table's control byte and its spare room.
const ENTRY_OVERHEAD: usize = 24;

/// The bytes the generic walk keeps for `position` in its table.
fn entry_bytes<P: Position>(position: &P) -> usize {
    std::mem::size_of::<P>() + position.heap_bytes() + ENTRY_OVERHEAD
}

/// [`evaluate`], with the values of `known` positions taken as given: the walk stops there,
/// within `limits`: its positions, its deadline (checked every 1024 steps) and its bytes (each
/// position kept and each move list on the stack counted). The table returned holds the
/// positions newly evaluated.
fn walk<P, V, F>(
    root: &P,
    limits: &Limits,
    known: &FxHashMap<P, V>,
    canonical: bool,
    mut combine: F,
) -> Option<FxHashMap<P, V>>
where
    P: Position,
    V: Copy,
    F: FnMut(&P, &[V]) -> V,
{
    struct Frame<P: Position, V> {
        position: P,
        moves: Vec<P::Move>,
        values: Vec<V>,
    }
    let mut table: FxHashMap<P, V> = FxHashMap::default();
    let frame = |position: P| Frame {
        moves: position.legal_moves(),
        values: Vec::new(),
        position,
    };
    // With `canonical`, every position is stored in its standard form (see
    // `Position::canonical`): one entry for all the orders of the same heaps.
    let standard = |position: P| {
        if canonical {
            position.canonical().unwrap_or(position)
        } else {
            position
        }
    };
    let (budget, deadline) = (limits.positions, limits.deadline);
    let move_bytes = |f: &Frame<P, V>| f.moves.capacity() * std::mem::size_of::<P::Move>();
    let first = frame(standard(root.clone()));
    // The bytes held: every position met (kept in the table or on the stack) and the move
    // lists on the stack.
    let mut bytes = entry_bytes(&first.position) + move_bytes(&first);
    let mut stack = vec![first];
    let mut steps: usize = 0;
    while let Some(top) = stack.last_mut() {
        // The clock is read every 1024 steps, whatever they were: a sum's positions have many
        // moves whose children are mostly known, so new positions alone come too seldom.
        steps += 1;
        if steps.is_multiple_of(1024) && deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        if top.values.len() == top.moves.len() {
            let done = stack.pop().expect("stack is not empty");
            bytes -= move_bytes(&done);
            let value = combine(&done.position, &done.values);
            table.insert(done.position, value);
            if let Some(parent) = stack.last_mut() {
                parent.values.push(value);
            }
            continue;
        }
        let child = standard(top.position.play_unchecked(&top.moves[top.values.len()]));
        match known.get(&child).or_else(|| table.get(&child)) {
            Some(&value) => top.values.push(value),
            None => {
                if table.len() + stack.len() >= budget {
                    return None;
                }
                let next = frame(child);
                bytes += entry_bytes(&next.position) + move_bytes(&next);
                if bytes > limits.bytes {
                    return None;
                }
                stack.push(next);
            }
        }
    }
    Some(table)
}

/// The outcome of every position reachable from a root.
pub struct ExactSolution<P: Position> {
    inner: Solved<P>,
}

enum Solved<P: Position> {
    /// The generic walk: every reachable position in a hash table.
    Generic {
        root: P,
        table: FxHashMap<P, Outcome>,
        /// Whether the table holds positions in canonical form (lookups convert).
        canonical: bool,
    },
    /// The game's own compact search.
    Compact(Box<dyn SolvedTree<P>>),
}

impl<P: Position> ExactSolution<P> {
    /// Solves everything reachable from `root`, or `None` past `budget` positions.
    pub fn new(root: &P, budget: usize) -> Option<ExactSolution<P>> {
        ExactSolution::within(root, &Limits::positions(budget))
    }

    /// Solves everything reachable from `root` within `limits`, by the game's compact search
    /// where it has one ([`Position::compact_search`]), else by the generic walk.
    pub fn within(root: &P, limits: &Limits) -> Option<ExactSolution<P>> {
        match root.compact_search(limits) {
            Some(Ok(solved)) => Some(ExactSolution {
                inner: Solved::Compact(solved),
            }),
            Some(Err(_)) => None,
            None => ExactSolution::generic_within(root, limits, true),
        }
    }

    /// The generic walk, whatever the game: the reference the compact searches are checked
    /// against.
    pub fn generic(root: &P, budget: usize) -> Option<ExactSolution<P>> {
        let limits = Limits::positions_only(budget);
        ExactSolution::generic_within(root, &limits, false)
    }

    /// The generic walk; with `canonical`, over positions in canonical form.
    fn generic_within(root: &P, limits: &Limits, canonical: bool) -> Option<ExactSolution<P>> {
        if hopeless(root, limits) {
            return None;
        }
        let table = walk(
            root,
            limits,
            &FxHashMap::default(),
            canonical,
            |position, options| Outcome::of(position, options),
        )?;
        Some(ExactSolution {
            inner: Solved::Generic {
                root: root.clone(),
                table,
                canonical,
            },
        })
    }

    /// Whether the game's compact search solved this (rather than the generic walk).
    pub fn is_compact(&self) -> bool {
        matches!(self.inner, Solved::Compact(_))
    }

    /// The outcome of a position reachable from the root (`None` for any other). On long
    /// boards this reads the whole position; [`ExactSolution::moves`] answers for the root's
    /// children without that.
    pub fn outcome(&self, position: &P) -> Option<Outcome> {
        match &self.inner {
            Solved::Generic {
                table, canonical, ..
            } => match position.canonical().filter(|_| *canonical) {
                Some(standard) => table.get(&standard).copied(),
                None => table.get(position).copied(),
            },
            Solved::Compact(solved) => solved.outcome(position),
        }
    }

    /// The outcome of the root.
    pub fn root(&self) -> Outcome {
        match &self.inner {
            Solved::Generic { root, .. } => self.outcome(root).expect("the root is solved"),
            Solved::Compact(solved) => solved.root(),
        }
    }

    /// Every legal move of the root, with the outcome after it and how many of the replies
    /// from there lose for the opponent.
    pub fn moves(&self) -> Vec<MoveOutcome<P::Move>> {
        match &self.inner {
            Solved::Generic { root, .. } => self
                .looked_up_moves(root)
                .expect("everything reachable from the root is solved"),
            Solved::Compact(solved) => solved.moves(),
        }
    }

    /// The root position.
    pub fn root_position(&self) -> &P {
        match &self.inner {
            Solved::Generic { root, .. } => root,
            Solved::Compact(solved) => solved.root_position(),
        }
    }

    /// [`ExactSolution::moves`] of any position reachable from the root (`None` for others):
    /// from the root itself without reading whole positions, elsewhere by looking up each
    /// child and grandchild.
    pub fn moves_from(&self, position: &P) -> Option<Vec<MoveOutcome<P::Move>>> {
        if position == self.root_position() {
            return Some(self.moves());
        }
        self.outcome(position)?;
        self.looked_up_moves(position)
    }

    /// Every legal move of `position` with its outcome and losing replies, each child and
    /// grandchild looked up in the solution (`None` if one is not in it).
    fn looked_up_moves(&self, position: &P) -> Option<Vec<MoveOutcome<P::Move>>> {
        position
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let child = position.play_unchecked(&mv);
                let outcome = self.outcome(&child)?;
                let mut losing_replies = 0;
                for reply in child.legal_moves() {
                    losing_replies +=
                        usize::from(self.outcome(&child.play_unchecked(&reply))?.wins);
                }
                Some(MoveOutcome {
                    mv,
                    outcome,
                    losing_replies,
                })
            })
            .collect()
    }

    /// How many positions were solved.
    pub fn len(&self) -> usize {
        match &self.inner {
            Solved::Generic { table, .. } => table.len(),
            Solved::Compact(solved) => solved.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Whether the generic walk from `root` cannot finish within `limits`, known before it
/// starts: the game's least count of reachable positions is past the positions or the bytes
/// allowed, or its work (positions it may reach times the moves it lists there) is past
/// [`WORK_PER_POSITION`] moves a position.
fn hopeless<P: Position>(root: &P, limits: &Limits) -> bool {
    if let Some(least) = root.reachable_at_least() {
        // Each position kept costs at least its own size (its vectors may shrink).
        let bytes = least.saturating_mul((std::mem::size_of::<P>() + ENTRY_OVERHEAD) as u128);
        if least > limits.positions as u128 || bytes > limits.bytes as u128 {
            return true;
        }
    }
    let work = root
        .reachable_bound()
        .map(|bound| bound.saturating_mul(root.moves_bound().unwrap_or(1)));
    // The bounds multiply loose bounds together: with no deadline (the reference searches of
    // the tests) only a far larger count is refused.
    let per_position = if limits.deadline.is_some() {
        WORK_PER_POSITION
    } else {
        64
    };
    work.is_some_and(|work| work > limits.positions as u128 * per_position)
}

/// The walk looks up about 10^8 moves a second on a quiet machine (a queen at (140, 140) on
/// the table: 1.7 · 10^7 moves in 0.2 s), half that under load: with 10^6 positions allowed
/// and a deadline, a search of more than 8 · 10^6 moves is not tried; it would likely reach
/// the deadline having spent it for nothing.
const WORK_PER_POSITION: u128 = 8;

/// One exact search per position, shared by everything that asks about it: the AI's move, the
/// hint analysis, the verdict on the move made there and the principal line. Each would
/// otherwise search the same tree again (three searches a ply in the TUI). The last few
/// positions' results are kept, refusals too (a position too large to search is not tried
/// again by the next asker); a generic solution also answers for every position reachable
/// from its root. The search runs under the lock, so a second asker waits for the first
/// one's result instead of searching alongside it.
pub struct SolutionCache<P: Position> {
    budget: usize,
    kept: Mutex<Vec<Kept<P>>>,
}

/// A position searched and what the search gave (`None`: refused).
type Kept<P> = (P, Option<Arc<ExactSolution<P>>>);

/// How many positions' results a [`SolutionCache`] keeps.
const CACHED_SOLUTIONS: usize = 4;

impl<P: Position> SolutionCache<P> {
    /// A cache whose searches solve at most `budget` positions (0: never search), within the
    /// AI's deadline ([`exact_limits`]).
    pub fn new(budget: usize) -> SolutionCache<P> {
        SolutionCache {
            budget,
            kept: Mutex::new(Vec::new()),
        }
    }

    /// The most positions a search of this cache may solve.
    pub fn budget(&self) -> usize {
        self.budget
    }

    /// The exact solution of `position`: a kept one that covers it, else a new search from
    /// it (`None`: refused, now or before).
    pub fn solve(&self, position: &P) -> Option<Arc<ExactSolution<P>>> {
        if self.budget == 0 {
            return None;
        }
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(k) = kept.iter().position(|(root, _)| root == position) {
            let entry = kept.remove(k);
            let solution = entry.1.clone();
            kept.push(entry);
            return solution;
        }
        // A generic solution holds every position reachable from its root, looked up cheaply.
        if let Some(solution) = kept.iter().rev().find_map(|(_, s)| {
            s.as_ref()
                .filter(|s| !s.is_compact() && s.outcome(position).is_some())
        }) {
            return Some(solution.clone());
        }
        let solution = ExactSolution::within(position, &exact_limits(self.budget)).map(Arc::new);
        if kept.len() >= CACHED_SOLUTIONS {
            kept.remove(0);
        }
        kept.push((position.clone(), solution.clone()));
        solution
    }
}

/// Who wins `position`, by game-tree search (`None` past `budget` positions).
pub fn outcome<P: Position>(position: &P, budget: usize) -> Option<Outcome> {
    ExactSolution::new(position, budget)?.outcome(position)
}

/// The Sprague–Grundy value of `position` by the definition: the mex of its options' values,
/// over the whole game tree (`None` past `budget` positions).
pub fn nimber_by_definition<P: Position>(position: &P, budget: usize) -> Option<Nimber> {
    let table = evaluate(position, budget, |_, options: &[Nimber]| {
        mex(options.iter().copied())
    })?;
    table.get(position).copied()
}

/// Memoised values by definition, shared across many roots (for tables of small positions).
pub struct DefinitionMemo<P: Position + Hash> {
    table: FxHashMap<P, Nimber>,
}

impl<P: Position> Default for DefinitionMemo<P> {
    fn default() -> Self {
        DefinitionMemo {
            table: FxHashMap::default(),
        }
    }
}

impl<P: Position> DefinitionMemo<P> {
    /// The value of `position` by definition, reusing every value computed before.
    pub fn nimber(&mut self, position: &P) -> Nimber {
        if let Some(&v) = self.table.get(position) {
            return v;
        }
        // Known values short-cut the walk: a position already in the memo is a leaf here.
        let unlimited = Limits::positions_only(usize::MAX);
        let fresh = walk(
            position,
            &unlimited,
            &self.table,
            false,
            |_, options: &[Nimber]| mex(options.iter().copied()),
        )
        .expect("no budget");
        let value = fresh[position];
        self.table.extend(fresh);
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::IllegalMove;

    /// Subtraction game S = {1, 2, 3} on one heap: values n mod 4.
    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    struct Heap(u32);

    impl Position for Heap {
        type Move = u32;
        fn legal_moves(&self) -> Vec<u32> {
            (1..=3).filter(|&k| k <= self.0).collect()
        }
        fn check_move(&self, mv: &u32) -> Result<(), IllegalMove> {
            if (1..=3).contains(mv) && *mv <= self.0 {
                Ok(())
            } else {
                Err(IllegalMove(crate::message::Said::new(
                    "said.move.take_too_many",
                )))
            }
        }
        fn play_unchecked(&self, mv: &u32) -> Heap {
            Heap(self.0 - mv)
        }
        fn is_over(&self) -> bool {
            self.0 == 0
        }
    }

    #[test]
    fn subtraction_game_values_and_remoteness() {
        for n in 0..40 {
            assert_eq!(
                nimber_by_definition(&Heap(n), 1000),
                Some(Nimber::new((n % 4) as u64))
            );
            let o = outcome(&Heap(n), 1000).unwrap();
            assert_eq!(o.wins, n % 4 != 0, "heap {n}");
            // Perfect play takes one heap-of-4 block per two moves.
            let expected = if n % 4 == 0 { n / 2 } else { n / 4 * 2 + 1 };
            assert_eq!(o.remoteness, expected, "heap {n}");
        }
        let mut memo = DefinitionMemo::default();
        assert_eq!(memo.nimber(&Heap(30)), Nimber::new(2));
        assert_eq!(memo.nimber(&Heap(33)), Nimber::new(1));
    }

    #[test]
    fn budget_is_respected() {
        assert!(outcome(&Heap(100), 10).is_none());
        assert!(Heap(5).play(7).is_err());
        assert_eq!(Heap(5).play(2).unwrap(), Heap(3));
    }
}
