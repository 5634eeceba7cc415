//! Every-SG (HDU 3595 "GG and MM"): a sum of games in which a turn makes a move in *every*
//! component that can still move; the player who cannot move (every component over) loses, so
//! the last move in the last component to finish decides. Code: `every:` and a code or a sum
//! (`every:nim:3,2+kayles:4`).
//!
//! Sprague–Grundy values do not decide: what matters is how long each component lasts. In a
//! component the player who wins it wants it to last, the loser wants it over, so each
//! position has a step count ([`steps`]): 0 when it is over; for a won position 1 + the largest
//! step among its moves to lost positions (the winner prolongs); for a lost one 1 + the
//! smallest step among all its moves (the loser hurries). The player to move wins exactly when
//! the largest step over the components is odd: playing that way in every component lowers
//! every step by exactly one each turn, so the longest component ends on the winner's move.
//! `tests/engine/every.rs` checks this against a search of the whole simultaneous game.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use rand::Rng;

use crate::game::{
    CodeError, IllegalMove, Impartial, Notation, Position, SEARCH_MOVES, moves_within,
    value_from_children,
};
use crate::games::sum::{AnyMove, Component, Sum};
use crate::input::{InputError, Numbers};
use crate::message::{Msg, Said};
use crate::nimber::Nimber;

/// The most positions of one component whose steps are searched.
pub const SEARCH_LIMIT: usize = 40_000;
/// The most combined moves listed (a move is one move in each component: their product).
pub const MOVE_LIMIT: usize = 4096;

/// A move: one move in each component that can still move, by component index.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EveryMove(pub Vec<(usize, AnyMove)>);

/// An Every-SG position: the components.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Every {
    inner: Sum,
}

/// The outcome of a component position under normal play and its step count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Steps {
    /// Whether the player to move wins this component alone.
    pub wins: bool,
    /// The step count (see the module's documentation).
    pub steps: u32,
}

fn solved() -> &'static Mutex<HashMap<Component, Steps>> {
    static SOLVED: OnceLock<Mutex<HashMap<Component, Steps>>> = OnceLock::new();
    SOLVED.get_or_init(Default::default)
}

/// The step count of a component position, by a search of its game tree; `None` past
/// [`SEARCH_LIMIT`] positions. Depth-first with its own stack.
pub fn steps(component: &Component) -> Option<Steps> {
    if component
        .reachable_at_least()
        .is_some_and(|n| n > SEARCH_LIMIT as u128)
    {
        return None;
    }
    let standard = |c: Component| c.canonical().unwrap_or(c);
    let mut budget = SEARCH_MOVES;
    let children = |c: &Component| {
        let moves = moves_within(
            c.moves_bound(),
            c.heap_bytes(),
            || c.legal_moves(),
            &mut budget,
        )?;
        Some(
            moves
                .iter()
                .map(|mv| standard(c.play_unchecked(mv)))
                .collect(),
        )
    };
    let mut memo = solved().lock().unwrap_or_else(|e| e.into_inner());
    value_from_children(
        standard(component.clone()),
        &mut memo,
        SEARCH_LIMIT,
        children,
        // Every child counts: the winner's step is the longest way to a lost child.
        |_| None,
        |children| {
            let wins = children.iter().any(|s| !s.wins);
            let steps = if children.is_empty() {
                0
            } else if wins {
                1 + children
                    .iter()
                    .filter(|s| !s.wins)
                    .map(|s| s.steps)
                    .max()
                    .unwrap_or(0)
            } else {
                1 + children.iter().map(|s| s.steps).min().unwrap_or(0)
            };
            Steps { wins, steps }
        },
    )
}

impl Every {
    /// The Every-SG game of `inner`, if every component's steps can be searched.
    pub fn new(inner: Sum) -> Result<Every, Said> {
        for c in inner.components() {
            if steps(c).is_none() {
                return Err(Said::new("said.every.too_large")
                    .with("code", c.to_code())
                    .with("limit", SEARCH_LIMIT));
            }
        }
        Ok(Every { inner })
    }

    pub fn inner(&self) -> &Sum {
        &self.inner
    }

    /// Each component's step count, in order (searched when the position was made).
    pub fn component_steps(&self) -> Vec<Steps> {
        self.inner
            .components()
            .iter()
            .map(|c| steps(c).expect("searched when the position was made"))
            .collect()
    }

    /// The move of the strategy: in each component that can move, to a lost position of the
    /// largest step where it is won, else to the smallest step.
    pub fn strategy_move(&self) -> Option<EveryMove> {
        let mut out = Vec::new();
        for (i, c) in self.inner.components().iter().enumerate() {
            let here = steps(c)?;
            if c.is_over() {
                continue;
            }
            let best = c
                .legal_moves()
                .into_iter()
                .filter_map(|mv| steps(&c.play_unchecked(&mv)).map(|s| (mv, s)))
                .filter(|(_, s)| !here.wins || !s.wins)
                .max_by_key(|(_, s)| {
                    if here.wins {
                        i64::from(s.steps)
                    } else {
                        -i64::from(s.steps)
                    }
                })?;
            out.push((i, best.0));
        }
        (!out.is_empty()).then_some(EveryMove(out))
    }

    /// Up to `limit` combined moves: every choice of a move in each component that can move.
    fn moves(&self, limit: usize) -> (Vec<EveryMove>, bool) {
        let mut combos: Vec<Vec<(usize, AnyMove)>> = vec![Vec::new()];
        for (i, c) in self.inner.components().iter().enumerate() {
            if c.is_over() {
                continue;
            }
            let (moves, _) = c.moves(limit);
            let mut next = Vec::new();
            for combo in &combos {
                for mv in &moves {
                    if next.len() > limit {
                        break;
                    }
                    let mut combo = combo.clone();
                    combo.push((i, mv.clone()));
                    next.push(combo);
                }
            }
            combos = next;
        }
        let more = combos.len() > limit;
        combos.truncate(limit);
        let moves: Vec<EveryMove> = combos
            .into_iter()
            .filter(|c| !c.is_empty())
            .map(EveryMove)
            .collect();
        (moves, more)
    }
}

impl Position for Every {
    type Move = EveryMove;

    fn legal_moves(&self) -> Vec<EveryMove> {
        self.moves(usize::MAX).0
    }

    fn check_move(&self, mv: &EveryMove) -> Result<(), IllegalMove> {
        let movable: Vec<usize> = (0..self.inner.components().len())
            .filter(|&i| !self.inner.components()[i].is_over())
            .collect();
        let named: Vec<usize> = mv.0.iter().map(|(i, _)| *i).collect();
        if named != movable {
            let numbers = |parts: &[usize]| {
                let from_one: Vec<String> = parts.iter().map(|i| (i + 1).to_string()).collect();
                from_one.join(", ")
            };
            return Err(IllegalMove(
                Said::new("said.every.all_components")
                    .with("movable", numbers(&movable))
                    .with("named", numbers(&named)),
            ));
        }
        for m in &mv.0 {
            self.inner.check_move(m)?;
        }
        Ok(())
    }

    fn play_unchecked(&self, mv: &EveryMove) -> Every {
        let mut inner = self.inner.clone();
        for m in &mv.0 {
            inner = inner.play_unchecked(m);
        }
        Every { inner }
    }

    fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    fn canonical(&self) -> Option<Every> {
        self.inner.canonical().map(|inner| Every { inner })
    }

    fn reachable_bound(&self) -> Option<u128> {
        self.inner.reachable_bound()
    }

    fn moves_bound(&self) -> Option<u128> {
        self.inner.components().iter().try_fold(1u128, |acc, c| {
            c.moves_bound().map(|b| acc.saturating_mul(b.max(1)))
        })
    }

    fn heap_bytes(&self) -> usize {
        self.inner.heap_bytes()
    }
}

impl Impartial for Every {
    /// A component, from 0.
    type Part = usize;

    /// The components with their normal-play values, shown as they are; the step counts
    /// decide ([`Impartial::win_rule`]).
    fn parts(&self) -> Vec<(usize, Nimber)> {
        self.inner.parts()
    }

    fn nim_sum_change(&self, mv: &EveryMove) -> Nimber {
        self.nim_sum() + self.play_unchecked(mv).nim_sum()
    }

    fn mover_wins(&self) -> bool {
        let largest = self
            .component_steps()
            .iter()
            .map(|s| s.steps)
            .max()
            .unwrap_or(0);
        largest % 2 == 1
    }

    fn move_wins(&self, mv: &EveryMove) -> bool {
        !self.play_unchecked(mv).mover_wins()
    }

    fn win_rule(&self) -> Option<Msg> {
        Some(Msg::EverySteps {
            steps: self.component_steps().iter().map(|s| s.steps).collect(),
            wins: self.mover_wins(),
        })
    }

    /// The strategy's move first, then others among the first [`MOVE_LIMIT`] combined moves.
    fn winning_moves(&self, limit: usize) -> Vec<EveryMove> {
        if !self.mover_wins() {
            return Vec::new();
        }
        let mut found: Vec<EveryMove> = self.strategy_move().into_iter().collect();
        for mv in self.moves(MOVE_LIMIT).0 {
            if found.len() >= limit {
                break;
            }
            if !found.contains(&mv) && self.move_wins(&mv) {
                found.push(mv);
            }
        }
        found.truncate(limit);
        found
    }

    fn count_winning_moves(&self) -> (usize, bool) {
        let (moves, more) = self.moves(MOVE_LIMIT);
        let count = moves.iter().filter(|mv| self.move_wins(mv)).count();
        (count, !more)
    }

    fn describe_part(&self, part: usize) -> Msg {
        self.inner.describe_part(part)
    }

    /// Every move moves in the first component that can move: listed under it.
    fn part_of(&self, mv: &EveryMove) -> usize {
        mv.0.first().map_or(0, |m| m.0)
    }

    fn moves_of(&self, part: usize, limit: usize) -> (Vec<EveryMove>, bool) {
        let first =
            (0..self.inner.components().len()).find(|&i| !self.inner.components()[i].is_over());
        if first != Some(part) {
            return (Vec::new(), false);
        }
        self.moves(limit)
    }

    /// Loses slowly: the strategy's move, which makes every component last longest for the
    /// side that wins it and end soonest where it is lost.
    fn stalling_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<EveryMove> {
        self.strategy_move()
            .or_else(|| crate::ai::pick(self.moves(64).0, rng))
    }
}

impl Notation for Every {
    const GAME: &'static str = "every";

    /// `every:` and a code or a sum of codes.
    fn from_code(code: &str) -> Result<Every, CodeError> {
        let body = code
            .strip_prefix("every:")
            .ok_or_else(|| CodeError::new(1, Said::new("said.every.prefix")))?;
        let components =
            Sum::components_from_code(body).map_err(|e| CodeError::new(e.column + 6, e.message))?;
        let inner = Sum::of_components(components).map_err(|e| CodeError::new(7, e))?;
        Every::new(inner).map_err(|e| CodeError::new(7, e))
    }

    fn to_code(&self) -> String {
        format!("every:{}", self.inner.to_code())
    }

    fn describe_move(&self, mv: &EveryMove) -> Msg {
        Msg::Together {
            moves: mv.0.iter().map(|m| self.inner.describe_move(m)).collect(),
        }
    }

    /// The components' moves joined with ` & `.
    fn move_code(&self, mv: &EveryMove) -> String {
        mv.0.iter()
            .map(|m| self.inner.move_code(m))
            .collect::<Vec<_>>()
            .join(" & ")
    }

    fn parse_move(&self, text: &str) -> Result<EveryMove, IllegalMove> {
        text.split(" & ")
            .map(|t| self.inner.parse_move(t))
            .collect::<Result<Vec<_>, _>>()
            .map(EveryMove)
    }
}

impl crate::games::catalogue::Catalogued for Every {
    const ENTRY: Option<crate::games::catalogue::RuleEntry> =
        Some(crate::games::catalogue::RuleEntry {
            name: "every",
            title: "Every-SG",
            rule: "move in every game that can still move; the last move wins",
            start: "every:nim:3+kayles:4+bash:2:5",
        });

    fn puzzle<R: Rng + ?Sized>(_name: &str, d: usize, rng: &mut R) -> Every {
        use rand::RngExt;
        let most = [3, 4, 5, 6, 7][d - 1];
        // At most three components: a move is one move in each, and a sheet tries them all.
        let parts: Vec<String> = (0..(crate::games::catalogue::puzzle_parts(d, rng) + 1).min(3))
            .map(|_| {
                let rule = ["nim", "kayles", "bash:2"][rng.random_range(0..3)];
                format!("{rule}:{}", rng.random_range(1..=most))
            })
            .collect();
        Every::from_code(&format!("every:{}", parts.join("+")))
            .expect("generated small positions are searched")
    }
}

/// Euclid's game of HDU 3595: piles `a` and `b`; a move takes a positive multiple of the
/// smaller pile from the larger; a pile of 0 ends the game. Its step count, by the recursion
/// over the moves (which all lead to (a − k·b, b), a ≥ b), from `memo` (indexed by (a, b)).
pub fn euclid_steps(a: u64, b: u64, memo: &mut HashMap<(u64, u64), Steps>) -> Steps {
    let (a, b) = if a >= b { (a, b) } else { (b, a) };
    if b == 0 {
        return Steps {
            wins: false,
            steps: 0,
        };
    }
    if let Some(&s) = memo.get(&(a, b)) {
        return s;
    }
    let options: Vec<Steps> = (1..=a / b)
        .map(|k| euclid_steps(a - k * b, b, memo))
        .collect();
    let wins = options.iter().any(|s| !s.wins);
    let steps = if wins {
        1 + options
            .iter()
            .filter(|s| !s.wins)
            .map(|s| s.steps)
            .max()
            .unwrap_or(0)
    } else {
        1 + options.iter().map(|s| s.steps).min().unwrap_or(0)
    };
    let s = Steps { wins, steps };
    memo.insert((a, b), s);
    s
}

/// HDU 3595 "GG and MM": test cases to the end of the input, each `N` (≤ 1000) then N lines
/// `p q` (≤ 1000), the piles of N games of Euclid's game played all at once (Every-SG), MM
/// first → `MM` if the first player wins, else `GG`, one line per case. A case of N = 0 ends
/// the input.
pub fn solve(input: &[u8]) -> Result<String, InputError> {
    let mut numbers = Numbers::new(input);
    let mut memo = HashMap::new();
    let mut out = String::new();
    while let Some([n]) = numbers.line_of(["N"], [0..=1000])? {
        // Some judges' data end with a 0 (the reference solutions stop there).
        if n == 0 {
            break;
        }
        let mut largest = 0;
        for _ in 0..n {
            let [p, q] = numbers
                .line_of(["p", "q"], [0..=1000, 0..=1000])?
                .ok_or_else(|| {
                    InputError::said(numbers.line(), None, Said::new("said.reader.ends_in_case"))
                })?;
            largest = largest.max(euclid_steps(p, q, &mut memo).steps);
        }
        out.push_str(if largest % 2 == 1 { "MM\n" } else { "GG\n" });
    }
    Ok(out)
}
