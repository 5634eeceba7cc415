//! The traits every game implements: [`Position`] (the rules: moves and playing them),
//! [`Impartial`] (Sprague–Grundy values through a decomposition into parts) and [`Notation`]
//! (position codes and moves in words). The solver, the AI, the analysis, the command line and
//! the TUI are written against these traits only, so a new game (Nim, Kayles, …) plugs in by
//! implementing them.

use std::fmt::Debug;
use std::hash::Hash;

use rand::Rng;
use thiserror::Error;

use crate::message::{Msg, Said};
use crate::nimber::Nimber;

pub mod search;

/// Why a move is not legal in a position, in words a player can act on: a [`Said`] value the
/// interface words in the reader's language (`Display` is the English).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct IllegalMove(pub Said);

impl IllegalMove {
    /// The reason as a [`Said`]: a key of `locales/said.toml` and its values, never a
    /// sentence in one language.
    pub fn new(reason: Said) -> IllegalMove {
        IllegalMove(reason)
    }
}

/// A move that could not be played. Carries the move and the untouched position.
#[derive(Clone, Debug, Error)]
#[error("illegal move {mv:?}: {reason}")]
pub struct PlayError<P: Position> {
    pub mv: P::Move,
    pub position: P,
    pub reason: IllegalMove,
}

/// A position of an impartial game under normal play (the player who cannot move loses).
/// A value of a type implementing this is always a legal position: constructors check.
pub trait Position: Clone + Eq + Hash + Debug + Send + Sync + 'static {
    type Move: Clone + Eq + Hash + Debug + Send + Sync + 'static;

    /// Every legal move. For games with many moves per position (the coin grid) this is
    /// exponential in the board size: meant for solvers on small positions.
    fn legal_moves(&self) -> Vec<Self::Move>;

    /// `Ok` if `mv` is legal here, else the reason it is not.
    fn check_move(&self, mv: &Self::Move) -> Result<(), IllegalMove>;

    /// The position after `mv`, without checking it.
    ///
    /// # Panics
    /// May panic, or return a meaningless position, if `mv` is not legal here.
    fn play_unchecked(&self, mv: &Self::Move) -> Self;

    /// Whether the player to move has no move: the game is over. Under normal play (every game
    /// but misère Nim) the player to move has lost; see [`Position::mover_wins_when_over`].
    fn is_over(&self) -> bool;

    /// Who has won once the game is over: `false` (the default, normal play) when the player to
    /// move, who cannot move, has lost; `true` under misère play, where the player who made the
    /// last move (took the last token) has lost. Read only when [`Position::is_over`].
    fn mover_wins_when_over(&self) -> bool {
        false
    }

    /// The position after `mv`, or the reason it is illegal with the move and `self` back.
    fn play(self, mv: Self::Move) -> Result<Self, PlayError<Self>> {
        match self.check_move(&mv) {
            Ok(()) => Ok(self.play_unchecked(&mv)),
            Err(reason) => Err(PlayError {
                mv,
                position: self,
                reason,
            }),
        }
    }

    /// The same position in a standard form, for the exact search's table: positions that
    /// differ only in the order of independent parts (heaps listed in another order, empty
    /// heaps) have the same outcome and remoteness, and the search stores them once. `None`:
    /// the position is its own standard form (the default, for every game without one), so
    /// nothing is copied. (The reference search, [`crate::solver::ExactSolution::generic`],
    /// never uses it.)
    fn canonical(&self) -> Option<Self> {
        None
    }

    /// An upper bound on the number of positions reachable from here (counted in
    /// [`Position::canonical`] form), where the game can give one cheaply; the exact solver
    /// uses it to skip hopeless searches. `None`: unknown.
    fn reachable_bound(&self) -> Option<u128> {
        None
    }

    /// An upper bound on the number of legal moves of any position reachable from here, where
    /// the game can give one cheaply. A search lists the moves of every position it reaches,
    /// so the exact solver weighs [`Position::reachable_bound`] by this (the coin grid has
    /// thousands of moves per position on a 4 × 4 board). `None`: unknown, counted as 1.
    fn moves_bound(&self) -> Option<u128> {
        None
    }

    /// A lower bound on the number of distinct positions (in [`Position::canonical`] form)
    /// reachable from here, where the game can give one cheaply: an exact search that must
    /// solve more than its limit is refused before it starts. A chain of moves each lowering
    /// a count by exactly one (take one token, carry one ball one stair down) gives one.
    /// `None`: unknown.
    fn reachable_at_least(&self) -> Option<u128> {
        None
    }

    /// The bytes this position holds on the heap (its vectors), for the exact search's memory
    /// bound: a table of positions costs their size plus this for each.
    fn heap_bytes(&self) -> usize {
        0
    }

    /// The game's own exact search over compact states ([`crate::exact`]), if it has one:
    /// `Some(Ok)` solved, `Some(Err)` known not to finish within `limits`. `None` (the
    /// default): the exact solver uses its generic walk over whole positions.
    #[allow(clippy::type_complexity)]
    fn compact_search(
        &self,
        limits: &search::Limits,
    ) -> Option<Result<Box<dyn search::SolvedTree<Self>>, search::TooLarge>> {
        let _ = limits;
        None
    }
}

/// A position whose Sprague–Grundy value is known through a decomposition into parts (the
/// tails-up coins of a coin-turning game, the pieces of Binary Dodgeball, the heaps of Nim):
/// the value of the position is the nim-sum of the values of its parts.
pub trait Impartial: Position {
    /// One part of the decomposition: a coin, a cell, a box.
    type Part: Copy + Eq + Hash + Debug + Send + Sync + 'static;

    /// The parts of this position with their values, in board order.
    fn parts(&self) -> Vec<(Self::Part, Nimber)>;

    /// The value of the position: the nim-sum of its parts' values.
    fn nim_sum(&self) -> Nimber {
        self.parts().into_iter().map(|(_, v)| v).sum()
    }

    /// The value of the position after `mv` (legal here). Games override this with an
    /// incremental formula.
    fn nim_sum_after(&self, mv: &Self::Move) -> Nimber {
        self.play_unchecked(mv).nim_sum()
    }

    /// How `mv` (legal here) changes the value: the nim-sum after it XOR the nim-sum now. A
    /// walk over many moves reads the nim-sum once and this per move, so games whose nim-sum
    /// costs a pass over every part (queens, tokens, pairs) override it with the moved part's
    /// values alone.
    fn nim_sum_change(&self, mv: &Self::Move) -> Nimber {
        self.nim_sum() + self.nim_sum_after(mv)
    }

    /// A part for listings (`coin 12`, `cell (2,3)`, `box 5` in English), as a message the
    /// interface words.
    fn describe_part(&self, part: Self::Part) -> Msg;

    /// The part a move is made with (the chosen coin, the anchor, the moved piece).
    fn part_of(&self, mv: &Self::Move) -> Self::Part;

    /// The legal moves made with `part`, at most `limit` of them, and whether there were more:
    /// always the first in the part's own order, so a longer list begins with a shorter one.
    fn moves_of(&self, part: Self::Part, limit: usize) -> (Vec<Self::Move>, bool);

    /// The moves of `part` a move list shows when it holds at most `room` of them, in the
    /// part's own order, and whether the part has more: every move when they fit, else the
    /// choice of [`spread`] — made from the count alone, never from a value, so that with
    /// hints off a list cut short cannot point at the winning moves (one rule for every game).
    /// The default goes through [`Impartial::moves_of`] (at most [`WALK_MOVES`] moves), whose
    /// order must then not depend on values; a game with more moves than that, or whose
    /// `moves_of` puts winning moves first past its table (Fibonacci Nim, Wythoff's queens),
    /// overrides this.
    fn listed_moves(&self, part: Self::Part, room: usize) -> (Vec<Self::Move>, bool) {
        let (all, more) = self.moves_of(part, WALK_MOVES);
        if !more && all.len() <= room {
            return (all, false);
        }
        let picked = spread(all.len() as u64, room)
            .into_iter()
            .map(|i| all[i as usize].clone())
            .collect();
        (picked, true)
    }

    /// Move number `number` (1 for the first) of `part`, in the order of
    /// [`Impartial::listed_moves`]: the move a player chooses by typing its number when the
    /// list could not show it. `None` past the last.
    fn move_numbered(&self, part: Self::Part, number: u64) -> Option<Self::Move> {
        // As far as the walk goes (a game with more moves overrides this).
        let index = usize::try_from(number.checked_sub(1)?)
            .ok()
            .filter(|&i| i < WALK_MOVES)?;
        self.moves_of(part, index + 1).0.into_iter().nth(index)
    }

    /// Whether every part's value is known. A game whose values come from a table can still
    /// play past it by its own rule (a lone Wythoff queen at 10^9, a Fibonacci Nim heap of
    /// 10^15): its parts then report stand-ins that keep "nim-sum 0 ⇔ lost" true (*0 for a
    /// lost position, *1 for a won one), which no display may show as values — it writes that
    /// the value is not known, and [`Impartial::win_rule`] says what decides.
    fn values_known(&self) -> bool {
        true
    }

    /// Whether the parts are independent games, each with a value of its own. Not so where a
    /// move may change several parts at once (Moore's Nim-K): there no part has a value, and
    /// [`Impartial::win_rule`] says what decides; a display says that, not "past the table".
    fn parts_independent(&self) -> bool {
        true
    }

    /// Whether the player to move wins with perfect play. For a sum under normal play (every
    /// game here but the few below) that is exactly when the nim-sum is not 0: the default.
    ///
    /// A game that is not decided by the nim-sum of its parts — misère Nim (who takes the last
    /// token loses), Fibonacci Nim (the previous take limits the next) — overrides this and
    /// [`Impartial::move_wins`] with its own rule, and says so in [`Impartial::win_rule`]. Its
    /// parts still show their honest values (a misère heap's normal-play value), but the AI,
    /// the analysis and the hints decide by these two methods, never by the nim-sum.
    fn mover_wins(&self) -> bool {
        !self.nim_sum().is_zero()
    }

    /// Whether `mv` (legal here) wins for the player making it: the opponent is left lost.
    fn move_wins(&self, mv: &Self::Move) -> bool {
        self.nim_sum_after(mv).is_zero()
    }

    /// For a game not decided by the nim-sum: its win rule applied to this position, for
    /// hints (in English `misère: a heap is larger than 1, so play as in Nim: …`). `None`
    /// (the default): the nim-sum decides.
    fn win_rule(&self) -> Option<Msg> {
        None
    }

    /// Up to `limit` winning moves: to nim-sum 0 ([`Impartial::moves_to_nim_sum`]), or by
    /// the game's own rule ([`Impartial::move_wins`]) where the values are not known. None if
    /// the player to move loses. A game decided by its own rule with known values (misère
    /// Nim) overrides this.
    fn winning_moves(&self, limit: usize) -> Vec<Self::Move> {
        if !self.mover_wins() {
            return Vec::new();
        }
        if self.values_known() {
            return self.moves_to_nim_sum(Nimber::ZERO, limit);
        }
        moves_where(self, limit, |mv| self.move_wins(mv)).0
    }

    /// Up to `limit` legal moves after which the position's nim-sum is `target` (with `target`
    /// 0: the winning moves under normal play). A sum of games uses it on each component: the
    /// winning moves of a sum are the moves of one component to the value that makes the XOR
    /// 0. The default goes through the moves part by part, at most [`WALK_MOVES`] of them;
    /// games with a faster way (the heap games: straight to the heap values wanted) override
    /// it. Past a value table ([`Impartial::values_known`]) only the moves to a lost position
    /// are known, by the game's own rule: they are the moves to *0, and no other value is
    /// known.
    fn moves_to_nim_sum(&self, target: Nimber, limit: usize) -> Vec<Self::Move> {
        if !self.values_known() {
            return if target.is_zero() {
                self.winning_moves(limit)
            } else {
                Vec::new()
            };
        }
        let wanted = self.nim_sum() + target;
        if wanted.is_zero() {
            return Vec::new();
        }
        moves_where(self, limit, |mv| self.nim_sum_change(mv) == wanted).0
    }

    /// How many legal moves lead to nim-sum `target`, and whether that is all of them
    /// (`false`: at least this many). The default counts by going through the moves, at most
    /// [`WALK_MOVES`] of them; games that count by arithmetic override it (Stair Nim, E&D,
    /// the heap games). Past a value table only the moves to *0 are known (the game's own
    /// winning moves, which such a game lists in full).
    fn count_moves_to_nim_sum(&self, target: Nimber) -> (usize, bool) {
        if !self.values_known() {
            return if target.is_zero() {
                (self.winning_moves(usize::MAX).len(), true)
            } else {
                (0, false)
            };
        }
        let wanted = self.nim_sum() + target;
        if wanted.is_zero() {
            return (0, true);
        }
        let (found, complete) =
            moves_where(self, usize::MAX, |mv| self.nim_sum_change(mv) == wanted);
        (found.len(), complete)
    }

    /// Every legal move that wins (leaves the opponent lost), at most `limit` of them, part by
    /// part in board order and each part's in the order of [`Impartial::moves_of`]. Unlike
    /// [`Impartial::winning_moves`], which may give only some (E&D one split per pair, the
    /// grid one block per anchor), none is left out: a puzzle's answers and the moves a drill
    /// accepts. The default tries every legal move; a game with a faster way to the same list
    /// overrides it (the coin grid builds only the winning blocks).
    fn every_winning_move(&self, limit: usize) -> Vec<Self::Move> {
        self.parts()
            .into_iter()
            .flat_map(|(part, _)| self.moves_of(part, usize::MAX).0)
            .filter(|mv| self.move_wins(mv))
            .take(limit)
            .collect()
    }

    /// How many legal moves win, and whether that is all of them (`false`: at least this
    /// many; a game whose moves are too many to go through says so): the moves to nim-sum 0,
    /// or by the game's own rule where it overrides this (misère Nim).
    fn count_winning_moves(&self) -> (usize, bool) {
        self.count_moves_to_nim_sum(Nimber::default())
    }

    /// A move to nim-sum 0 chosen at random among the winning ones, or `None` from a position
    /// of value 0.
    fn winning_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Self::Move> {
        crate::choice::pick(self.winning_moves(64), rng)
    }

    /// From a position of value 0 (lost against perfect play), the move that makes the loss
    /// take longest and gives the opponent most chances to go wrong, by a heuristic the game
    /// documents. `None` when there is no move.
    fn stalling_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Self::Move>;
}

/// The most moves a default walk ([`Impartial::moves_to_nim_sum`],
/// [`Impartial::count_moves_to_nim_sum`]) goes through on one position: a few milliseconds,
/// whatever the position (a Stair Nim position of 1000 stairs has 10^9 moves, a coin grid's
/// are exponentially many).
pub const WALK_MOVES: usize = 1 << 21;

/// The most moves a search of a game tree outside the exact solver (the misère search, the
/// SJ theorem's walk, Every-SG's step counts) lists in all, each weighed by the size of its
/// position (see [`moves_within`]): a position limit alone does not bound the work when each
/// position has a million moves (`anti:kayles:1000000` listed a million children per position
/// and ran for minutes) or is itself large (a 10^5-box dodgeball row copied per child).
pub const SEARCH_MOVES: u128 = 1 << 18;

/// The moves `list` gives, charged to `budget`: each move costs 1 plus a unit per 64 bytes of
/// the position (`bytes`, its [`Position::heap_bytes`]), since each child is a copy of it to
/// build, bring to standard form and hash. `None`, leaving the budget alone, when `bound`
/// (the position's [`Position::moves_bound`]) or the moves cost more than is left, so a
/// position with a million moves is refused before they are listed.
pub fn moves_within<M>(
    bound: Option<u128>,
    bytes: usize,
    list: impl FnOnce() -> Vec<M>,
    budget: &mut u128,
) -> Option<Vec<M>> {
    let each = 1 + bytes as u128 / 64;
    if bound.is_some_and(|b| b.saturating_mul(each) > *budget) {
        return None;
    }
    let moves = list();
    *budget = budget.checked_sub(moves.len() as u128 * each)?;
    Some(moves)
}

/// The value of `root` in a game tree searched outside the exact solver (the misère search,
/// Every-SG's step counts), where each position's value comes from its children's: `value` of
/// the children's values in order (no children: the position is over), unless a child's value
/// alone already `decides` it (under misère play one lost child makes a won position, so the
/// rest need no search). `children` lists a position's children in standard form, `None` when
/// the search's budget for moves is spent (see [`moves_within`]). Depth-first with its own
/// stack, since a game may last thousands of moves, each child list scanned once from where it
/// was left. Solved positions go into `memo`, kept between calls (the AI asks about the
/// position after each of its moves) and emptied past 4 × `limit` entries. `None`: more than
/// `limit` new positions, or `children` gave up.
pub fn value_from_children<P: Clone + Eq + Hash, V: Copy>(
    root: P,
    memo: &mut std::collections::HashMap<P, V>,
    limit: usize,
    mut children: impl FnMut(&P) -> Option<Vec<P>>,
    decides: impl Fn(V) -> Option<V>,
    value: impl Fn(&[V]) -> V,
) -> Option<V> {
    if memo.len() > 4 * limit {
        memo.clear();
    }
    if let Some(&v) = memo.get(&root) {
        return Some(v);
    }
    let mut stack = vec![(children(&root)?, root.clone(), 0usize)];
    let mut added = 0usize;
    while let Some((kids, _, next)) = stack.last_mut() {
        let mut decided = None;
        while let Some(child) = kids.get(*next) {
            let Some(&v) = memo.get(child) else { break };
            decided = decides(v);
            if decided.is_some() {
                break;
            }
            *next += 1;
        }
        if decided.is_none() && *next == kids.len() {
            let known: Vec<V> = kids.iter().map(|c| memo[c]).collect();
            decided = Some(value(&known));
        }
        match decided {
            Some(v) => {
                let (_, position, _) = stack.pop().expect("the top frame");
                memo.insert(position, v);
                added += 1;
                if added > limit {
                    return None;
                }
            }
            None => {
                let child = kids[*next].clone();
                stack.push((children(&child)?, child, 0));
            }
        }
    }
    memo.get(&root).copied()
}

/// The most moves a board's list holds for one part; past it [`spread`] chooses which.
pub const LIST_ROOM: usize = 500;

/// Which of a part's `total` moves (numbered from 0 in the part's own order) a list of `room`
/// shows: all of them when they fit; else the first half of the room from the smallest move
/// on, then evenly spaced up to the largest (which is always shown). Only the count and the
/// room decide, so the moves listed say nothing about which of them win.
pub fn spread(total: u64, room: usize) -> Vec<u64> {
    let room = room as u64;
    if total <= room {
        return (0..total).collect();
    }
    if room <= 1 {
        return (0..room.min(total)).collect();
    }
    let first = room / 2;
    let rest = room - first;
    // Indices first..total−1 in `rest` even steps, ending on the last move.
    let span = total - 1 - first;
    let mut out: Vec<u64> = (0..first).collect();
    out.extend((1..=rest).map(|k| {
        let step = u128::from(span) * u128::from(k) / u128::from(rest);
        first + step as u64
    }));
    out.dedup();
    out
}

/// Up to `limit` moves of `position` for which `wanted` holds, part by part in board order,
/// going through at most [`WALK_MOVES`] moves; and whether every move was looked at (so that
/// the moves found are all of them). The walk behind [`Impartial::winning_moves`],
/// [`Impartial::moves_to_nim_sum`] and [`Impartial::count_moves_to_nim_sum`].
pub fn moves_where<P: Impartial>(
    position: &P,
    limit: usize,
    wanted: impl Fn(&P::Move) -> bool,
) -> (Vec<P::Move>, bool) {
    let mut found = Vec::new();
    let mut left = WALK_MOVES;
    for (part, _) in position.parts() {
        // A part's moves are listed a few at first and more only while too few are wanted: a
        // caller that needs 32 moves of a heap of 10^18 must not list two million of them.
        // (A part lists its moves in one order, so a longer list begins with the shorter.)
        let mut ask = limit
            .saturating_sub(found.len())
            .saturating_mul(4)
            .clamp(1, left);
        let (listed, hits, more) = loop {
            let (moves, more) = position.moves_of(part, ask);
            let listed = moves.len();
            let hits: Vec<P::Move> = moves.into_iter().filter(|mv| wanted(mv)).collect();
            if !more || ask == left || found.len() + hits.len() >= limit {
                break (listed, hits, more);
            }
            ask = ask.saturating_mul(16).min(left);
        };
        left -= listed;
        for mv in hits {
            if found.len() >= limit {
                return (found, false);
            }
            found.push(mv);
        }
        if more || left == 0 {
            return (found, false);
        }
    }
    (found, true)
}

/// A position's code (one line of text, see RULES.md), its moves' codes, and its moves as
/// messages for the interface to word.
pub trait Notation: Position {
    /// The game's name in codes and on the command line: `coins`, `grid`, `dodgeball`.
    const GAME: &'static str;

    /// Parses a whole code, `game:…` prefix included.
    fn from_code(code: &str) -> Result<Self, CodeError>;

    /// The code of this position; `from_code(p.to_code()) == p`.
    fn to_code(&self) -> String;

    /// A move as a message (in English e.g. `coin 12 (=2^2·3) ÷2: flip 12 6 3`).
    fn describe_move(&self, mv: &Self::Move) -> Msg;

    /// The move as one short line that [`Notation::parse_move`] reads back in this position
    /// (saved games write one a line): notation, the same in every language.
    fn move_code(&self, mv: &Self::Move) -> String;

    /// Reads a move written by [`Notation::move_code`] in this position. The move is not
    /// checked for legality here (`Position::check_move` does that), only that it is a move
    /// of this game. The default searches `legal_moves()` for a move whose code is `text`:
    /// fine for small games; the coin grid, whose moves are exponentially many, overrides it.
    fn parse_move(&self, text: &str) -> Result<Self::Move, IllegalMove> {
        let text = text.trim();
        self.legal_moves()
            .into_iter()
            .find(|mv| self.move_code(mv) == text)
            .ok_or_else(|| IllegalMove(Said::new("said.move.not_legal_here").with("text", text)))
    }
}

/// `code` for a reader: whole, or past `shown` characters its start and its length (a
/// 10^6-box code is a megabyte).
pub fn shorten_code(code: &str, shown: usize) -> String {
    match code.char_indices().nth(shown) {
        Some((cut, _)) => format!("{}… ({} characters)", &code[..cut], code.chars().count()),
        None => code.to_string(),
    }
}

/// A position code that does not parse or breaks a bound.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{message} (at character {column})")]
pub struct CodeError {
    /// 1-based character index into the code where the problem is.
    pub column: usize,
    /// What is wrong, as a value the interface words (`Display` is the English).
    pub message: Said,
}

impl CodeError {
    pub fn new(column: usize, message: Said) -> CodeError {
        CodeError { column, message }
    }

    /// The error with the character it is at, as one sentence to word.
    pub fn said(&self) -> Said {
        Said::new("said.at_character")
            .with_said("error", self.message.clone())
            .with("column", self.column)
    }
}
