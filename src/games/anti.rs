//! Anti-SG: any game or sum of games played under the misère rule, the player who makes the last
//! move loses. Code: `anti:` and a code or a sum (`anti:kayles:3,5`, `anti:nim:3+kayles:4`).
//!
//! Sprague–Grundy values do not add under misère play, so who wins is decided one of two ways,
//! chosen when the position is made and kept by every position reached from it:
//!
//! - **The SJ theorem** (anti-SG): split the position into its single games (each heap of a
//!   heap game that only takes tokens, every other component whole). If in every single
//!   game each reachable position of SG value 0 is over (has no move), the player to move wins
//!   exactly when either the total SG value is not 0 and some single game's value is above 1,
//!   or the total is 0 and no single game's value is above 1. [`sj_condition`] checks the "if"
//!   by walking each single game's positions (the heap rules that let a player take one token
//!   by their value tables); misère Nim meets it, which is why its rule works.
//! - **A search** of the misère game tree ([`misere_search`]), where the theorem does not
//!   decide (a Kayles row of 1, 1 has value 0 and still a move) and the tree is small enough.
//!
//! Where neither decides, the code is refused with the reason. `tests/engine/anti.rs` checks
//! both against a game-tree search from the rules on all small positions.

use std::collections::{HashMap, HashSet};
use std::sync::{Mutex, OnceLock};

use rand::Rng;

use crate::game::{
    CodeError, IllegalMove, Impartial, Notation, Position, SEARCH_MOVES, moves_within,
    value_from_children,
};
use crate::games::AnyPosition;
use crate::games::heaps::{Heaps, Rule, heap_value};
use crate::games::sum::{AnyMove, Component, Sum};
use crate::message::{Msg, Said};
use crate::nimber::Nimber;

/// The most positions the misère search solves for one position.
pub const SEARCH_LIMIT: usize = 40_000;
/// The most positions of one single game walked to check the SJ theorem's condition.
pub const WALK_LIMIT: usize = 20_000;

/// How a misère position is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// The SJ theorem: its condition holds in every single game.
    Sj,
    /// A search of the misère game tree; the theorem's condition fails (or is not known).
    Search,
}

/// A move: a move of one component (boxed: a component's move may itself be of any game).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AntiMove(pub Box<(usize, AnyMove)>);

impl AntiMove {
    pub fn new(mv: (usize, AnyMove)) -> AntiMove {
        AntiMove(Box::new(mv))
    }

    /// The move as a move of the sum.
    pub fn of_sum(&self) -> &(usize, AnyMove) {
        &self.0
    }
}

/// A position of any game or sum under the misère rule.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Anti {
    inner: Sum,
    method: Method,
}

/// Why the SJ theorem's condition does not hold (or is not known to).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotSj {
    /// This position (a code) of a single game has SG value 0 but still a move.
    ZeroWithMoves(String),
    /// The single game (a code) has more positions than the walk looks at.
    TooLarge(String),
}

/// The single games of a component: each heap of a heap game whose moves only take tokens
/// (a heap stays one heap), else the component whole. A game that splits a heap keeps its
/// pieces in one single game: the theorem's proof needs each single game to stay one game.
pub fn single_games(component: &Component) -> Vec<Component> {
    placed_single_games(component)
        .into_iter()
        .map(|(_, game)| game)
        .collect()
}

/// [`single_games`], each with its heap's place in the component (from 0) when the component
/// was split into its heaps, `None` when it is one single game whole.
fn placed_single_games(component: &Component) -> Vec<(Option<usize>, Component)> {
    if let AnyPosition::Heaps(p) = component.to_any()
        && p.rule().takes_only()
        && let Some(singles) = p
            .heaps()
            .iter()
            .map(|&x| {
                Heaps::new(p.rule().clone(), vec![x])
                    .ok()
                    .and_then(|h| Component::new(AnyPosition::Heaps(h)).ok())
            })
            .collect::<Option<Vec<_>>>()
    {
        return singles
            .into_iter()
            .enumerate()
            .map(|(i, game)| (Some(i), game))
            .collect();
    }
    vec![(None, component.clone())]
}

/// Whether every position of value 0 reachable in the single game `game` is over: the SJ
/// theorem's condition. A heap of a rule that may always take one token reaches every smaller
/// heap, each of which (but 0) has a move, so the value table decides; otherwise the walk.
pub fn sj_condition(game: &Component) -> Result<(), NotSj> {
    if let AnyPosition::Heaps(p) = game.to_any()
        && let [x] = p.heaps()
        && p.rule().takes_only()
        && p.rule() != &Rule::Misere
        // Taking one from a lone token is allowed exactly when every heap may take one (Nim,
        // Bash, coprime and Fibonacci takes; a subtraction set or range with 1 in it).
        && p.rule().allows_take(1, 1)
    {
        if *p.rule() == Rule::Nim {
            return Ok(());
        }
        return match (1..=*x).find(|&y| heap_value(p.rule(), y) == 0) {
            None => Ok(()),
            Some(y) => Err(NotSj::ZeroWithMoves(format!("{}:{y}", p.rule().name()))),
        };
    }
    let too_large = || NotSj::TooLarge(game.to_code());
    if game
        .reachable_at_least()
        .is_some_and(|n| n > WALK_LIMIT as u128)
    {
        return Err(too_large());
    }
    let start = game.canonical().unwrap_or_else(|| game.clone());
    let mut seen: HashSet<Component> = HashSet::new();
    let mut stack = vec![start];
    let mut budget = SEARCH_MOVES;
    while let Some(p) = stack.pop() {
        if !seen.insert(p.clone()) {
            continue;
        }
        if seen.len() > WALK_LIMIT {
            return Err(too_large());
        }
        if p.nim_sum().is_zero() && !p.is_over() {
            return Err(NotSj::ZeroWithMoves(p.to_code()));
        }
        let moves = moves_within(
            p.moves_bound(),
            p.heap_bytes(),
            || p.legal_moves(),
            &mut budget,
        )
        .ok_or_else(too_large)?;
        for mv in moves {
            let next = p.play_unchecked(&mv);
            stack.push(next.canonical().unwrap_or(next));
        }
    }
    Ok(())
}

/// Solved misère positions (standard forms), shared by every search: the AI asks about the
/// position after each of its moves.
fn solved() -> &'static Mutex<HashMap<Sum, bool>> {
    static SOLVED: OnceLock<Mutex<HashMap<Sum, bool>>> = OnceLock::new();
    SOLVED.get_or_init(Default::default)
}

/// Whether the player to move wins `position` under the misère rule (who cannot move has won,
/// the last mover lost), by a search of the game tree; `None` past [`SEARCH_LIMIT`] positions.
/// Depth-first with its own stack (a game may last thousands of moves).
pub fn misere_search(position: &Sum) -> Option<bool> {
    if position
        .reachable_at_least()
        .is_some_and(|n| n > SEARCH_LIMIT as u128)
    {
        return None;
    }
    let standard = |p: Sum| p.canonical().unwrap_or(p);
    let mut budget = SEARCH_MOVES;
    let children = |p: &Sum| {
        let moves = moves_within(
            p.moves_bound(),
            p.heap_bytes(),
            || p.legal_moves(),
            &mut budget,
        )?;
        Some(
            moves
                .iter()
                .map(|mv| standard(p.play_unchecked(mv)))
                .collect(),
        )
    };
    let mut memo = solved().lock().unwrap_or_else(|e| e.into_inner());
    value_from_children(
        standard(position.clone()),
        &mut memo,
        SEARCH_LIMIT,
        children,
        // A move to a position the opponent loses wins at once.
        |child_wins| (!child_wins).then_some(true),
        // Over: the player to move made no last move, so has won; else every move lets the
        // opponent win.
        |children| children.is_empty(),
    )
}

impl Anti {
    /// The misère game of `inner`, if the SJ theorem or the search decides it; else the reason
    /// neither does.
    pub fn new(inner: Sum) -> Result<Anti, Said> {
        let mut failure = None;
        for component in inner.components() {
            for game in single_games(component) {
                if let Err(why) = sj_condition(&game) {
                    failure = Some(why);
                    break;
                }
            }
            if failure.is_some() {
                break;
            }
        }
        let Some(failure) = failure else {
            return Ok(Anti {
                inner,
                method: Method::Sj,
            });
        };
        if misere_search(&inner).is_some() {
            return Ok(Anti {
                inner,
                method: Method::Search,
            });
        }
        let why = match failure {
            NotSj::ZeroWithMoves(code) => Said::new("said.anti.zero_with_moves").with("code", code),
            NotSj::TooLarge(code) => Said::new("said.anti.too_many_positions")
                .with("code", code)
                .with("limit", WALK_LIMIT),
        };
        Err(Said::new("said.anti.no_verdict")
            .with_said("why", why)
            .with("limit", SEARCH_LIMIT))
    }

    pub fn inner(&self) -> &Sum {
        &self.inner
    }

    pub fn method(&self) -> Method {
        self.method
    }

    /// The values of the single games (see [`single_games`]).
    pub fn single_values(&self) -> Vec<Nimber> {
        let mut values = Vec::new();
        for component in self.inner.components() {
            // A heap of a take-only rule is its own single game: its value is read from the
            // rule's table, not from a position built for it (a thousand heaps, each move
            // weighed, built a million of them).
            match component {
                Component::Heaps(p) if p.rule().takes_only() => {
                    values.extend(p.values().into_iter().map(Nimber::new));
                }
                _ => values.extend(single_games(component).iter().map(|g| g.nim_sum())),
            }
        }
        values
    }

    /// The SJ theorem's verdict: (the total value, the largest single value, whether the
    /// player to move wins).
    fn sj_verdict(&self) -> (Nimber, Nimber, bool) {
        let values = self.single_values();
        let total: Nimber = values.iter().copied().sum();
        let largest = values.iter().copied().max().unwrap_or_default();
        let big = largest > Nimber::new(1);
        (total, largest, big != total.is_zero())
    }

    /// Where the first single game of the largest value is: its component (from 0) and, when
    /// the component counts heap by heap, its heap (from 0).
    fn largest_place(&self) -> (usize, Option<usize>) {
        let mut best: Option<(Nimber, usize, Option<usize>)> = None;
        for (part, component) in self.inner.components().iter().enumerate() {
            for (heap, game) in placed_single_games(component) {
                let value = game.nim_sum();
                if best.is_none_or(|(v, _, _)| value > v) {
                    best = Some((value, part, heap));
                }
            }
        }
        best.map_or((0, None), |(_, part, heap)| (part, heap))
    }

    fn after(&self, mv: &AntiMove) -> Anti {
        Anti {
            inner: self.inner.play_unchecked(mv.of_sum()),
            method: self.method,
        }
    }
}

impl Position for Anti {
    type Move = AntiMove;

    fn legal_moves(&self) -> Vec<AntiMove> {
        self.inner
            .legal_moves()
            .into_iter()
            .map(AntiMove::new)
            .collect()
    }

    fn check_move(&self, mv: &AntiMove) -> Result<(), IllegalMove> {
        self.inner.check_move(mv.of_sum())
    }

    fn play_unchecked(&self, mv: &Self::Move) -> Anti {
        self.after(mv)
    }

    fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// The last move lost: the player to move has won.
    fn mover_wins_when_over(&self) -> bool {
        true
    }

    fn canonical(&self) -> Option<Anti> {
        self.inner.canonical().map(|inner| Anti {
            inner,
            method: self.method,
        })
    }

    fn reachable_bound(&self) -> Option<u128> {
        self.inner.reachable_bound()
    }

    fn moves_bound(&self) -> Option<u128> {
        self.inner.moves_bound()
    }

    fn reachable_at_least(&self) -> Option<u128> {
        self.inner.reachable_at_least()
    }

    fn heap_bytes(&self) -> usize {
        self.inner.heap_bytes()
    }
}

impl Impartial for Anti {
    /// A component, from 0.
    type Part = usize;

    /// The components with their normal-play values, shown as they are; the misère rule
    /// decides ([`Impartial::win_rule`]).
    fn parts(&self) -> Vec<(usize, Nimber)> {
        self.inner.parts()
    }

    fn nim_sum_change(&self, mv: &AntiMove) -> Nimber {
        self.inner.nim_sum_change(mv.of_sum())
    }

    fn mover_wins(&self) -> bool {
        match self.method {
            Method::Sj => self.sj_verdict().2,
            Method::Search => misere_search(&self.inner).unwrap_or(false),
        }
    }

    fn move_wins(&self, mv: &Self::Move) -> bool {
        !self.after(mv).mover_wins()
    }

    fn win_rule(&self) -> Option<Msg> {
        Some(match self.method {
            Method::Sj => {
                let (total, largest, wins) = self.sj_verdict();
                let (part, heap) = self.largest_place();
                Msg::AntiSj {
                    total: total.to_u64().unwrap_or(u64::MAX),
                    largest: largest.to_u64().unwrap_or(u64::MAX),
                    part,
                    heap,
                    wins,
                }
            }
            Method::Search => Msg::AntiSearch {
                wins: self.mover_wins(),
            },
        })
    }

    /// By the theorem, a winning move leaves total 0 with a single game above 1, or total 1
    /// with none: among the moves to those totals. By the search, any move to a lost position.
    fn winning_moves(&self, limit: usize) -> Vec<Self::Move> {
        if !self.mover_wins() {
            return Vec::new();
        }
        match self.method {
            Method::Sj => {
                let mut found: Vec<Self::Move> = Vec::new();
                for target in [Nimber::ZERO, Nimber::new(1)] {
                    for mv in self.inner.moves_to_nim_sum(target, usize::MAX) {
                        let mv = AntiMove::new(mv);
                        if found.len() < limit && !found.contains(&mv) && self.move_wins(&mv) {
                            found.push(mv);
                        }
                    }
                }
                found
            }
            Method::Search => crate::game::moves_where(self, limit, |mv| self.move_wins(mv)).0,
        }
    }

    fn count_winning_moves(&self) -> (usize, bool) {
        let all = self.winning_moves(usize::MAX);
        (
            all.len(),
            self.method == Method::Sj || all.len() < crate::game::WALK_MOVES,
        )
    }

    fn describe_part(&self, part: usize) -> Msg {
        self.inner.describe_part(part)
    }

    fn part_of(&self, mv: &AntiMove) -> usize {
        mv.of_sum().0
    }

    fn moves_of(&self, part: usize, limit: usize) -> (Vec<AntiMove>, bool) {
        let (moves, more) = self.inner.moves_of(part, limit);
        (moves.into_iter().map(AntiMove::new).collect(), more)
    }

    /// The inner sum's list (its heaps of 10^18 are listed by count, never walked), so the
    /// misère rule shows the same moves as normal play: which moves win changes no list.
    fn listed_moves(&self, part: usize, room: usize) -> (Vec<AntiMove>, bool) {
        let (moves, more) = self.inner.listed_moves(part, room);
        (moves.into_iter().map(AntiMove::new).collect(), more)
    }

    fn move_numbered(&self, part: usize, number: u64) -> Option<AntiMove> {
        self.inner.move_numbered(part, number).map(AntiMove::new)
    }

    /// Loses slowly: the move that leaves the opponent the fewest winning replies among a few.
    fn stalling_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Self::Move> {
        let (moves, _) = crate::game::moves_where(self, 32, |_| true);
        let fewest = moves
            .iter()
            .map(|mv| self.after(mv).winning_moves(8).len())
            .min()?;
        let best: Vec<Self::Move> = moves
            .into_iter()
            .filter(|mv| self.after(mv).winning_moves(8).len() == fewest)
            .collect();
        crate::ai::pick(best, rng)
    }
}

impl Notation for Anti {
    const GAME: &'static str = "anti";

    /// `anti:` and a code or a sum of codes.
    fn from_code(code: &str) -> Result<Anti, CodeError> {
        let body = code
            .strip_prefix("anti:")
            .ok_or_else(|| CodeError::new(1, Said::new("said.anti.prefix")))?;
        let components =
            Sum::components_from_code(body).map_err(|e| CodeError::new(e.column + 5, e.message))?;
        let inner = Sum::of_components(components).map_err(|e| CodeError::new(6, e))?;
        Anti::new(inner).map_err(|e| CodeError::new(6, e))
    }

    fn to_code(&self) -> String {
        format!("anti:{}", self.inner.to_code())
    }

    fn describe_move(&self, mv: &AntiMove) -> Msg {
        let mv = mv.of_sum();
        match self.inner.components() {
            [only] => only
                .describe_move(&mv.1)
                .unwrap_or_else(|| self.inner.describe_move(mv)),
            _ => self.inner.describe_move(mv),
        }
    }

    fn move_code(&self, mv: &AntiMove) -> String {
        self.inner.move_code(mv.of_sum())
    }

    fn parse_move(&self, text: &str) -> Result<AntiMove, IllegalMove> {
        self.inner.parse_move(text).map(AntiMove::new)
    }
}

impl crate::games::catalogue::Catalogued for Anti {
    const ENTRY: Option<crate::games::catalogue::RuleEntry> =
        Some(crate::games::catalogue::RuleEntry {
            name: "anti",
            title: "Misère (anti-SG)",
            rule: "any heap game or sum, but who makes the last move loses",
            start: "anti:kayles:2,3+nim:4",
        });

    fn puzzle<R: Rng + ?Sized>(_name: &str, d: usize, rng: &mut R) -> Anti {
        use rand::RngExt;
        let most = [3, 4, 5, 6, 8][d - 1];
        // At most three heaps: a misère Kayles sum of more is past the search.
        let heaps: Vec<String> = (0..crate::games::catalogue::puzzle_parts(d, rng).min(3))
            .map(|_| rng.random_range(1..=most).to_string())
            .collect();
        let rule = ["nim", "kayles", "bash:2", "subtraction:1,3"][rng.random_range(0..4)];
        Anti::from_code(&format!("anti:{rule}:{}", heaps.join(",")))
            .expect("generated small positions are decided")
    }
}
