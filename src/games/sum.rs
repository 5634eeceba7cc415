//! Sums of positions of different games: `nim:3,4+kayles:5+coins:4:HTT` is three Nim heaps, a
//! Kayles row and a coin row side by side. A move is a move in exactly one component; who
//! cannot move in any component loses.
//!
//! This is the Sprague–Grundy theorem at work: the value of a sum is the nim-sum (XOR) of its
//! components' values, whatever games they are. A [`Sum`] holds the components as
//! [`Component`]s (an [`AnyPosition`] of one game, never itself a sum) and asks each for its own
//! value; nothing here knows any game's rules.
//!
//! The parts of a sum (in the sense of [`Impartial::parts`]) are its components, each with its
//! nim-sum: a part's moves are that component's moves, so the generic parts board shows a sum as
//! one row per component with its value and XORs the rows.
//!
//! Misère Nim is refused as a component: under misère play the last mover loses, so a misère
//! heap position has no Sprague–Grundy value that could be XORed with the others (misère play
//! of a sum is not decided by the components' values at all).

use rand::Rng;

use crate::game::{CodeError, IllegalMove, Impartial, Notation, Position, shorten_code};
use crate::games::{AnyPosition, heaps};
use crate::message::{Msg, PartName, Said};
use crate::nimber::Nimber;

/// At most this many components in a sum.
pub const MAX_COMPONENTS: usize = 64;

crate::for_each_game!(__declare_components!());

impl Component {
    /// The component of a position of one game; `Err` (the reason) for a sum, for misère
    /// Nim, and for a position past its game's value table.
    pub fn new(position: AnyPosition) -> Result<Component, Said> {
        if let AnyPosition::Heaps(p) = &position
            && matches!(p.rule(), heaps::Rule::Misere)
        {
            return Err(Said::new("said.sum.misere"));
        }
        let played_otherwise = match &position {
            AnyPosition::Anti(_) => Some("said.sum.anti"),
            AnyPosition::Every(_) => Some("said.sum.every"),
            AnyPosition::NimK(_) => Some("said.sum.nimk"),
            _ => None,
        };
        if let Some(why) = played_otherwise {
            return Err(Said::new(why));
        }
        let Ok(component) = position.into_component() else {
            return Err(Said::new("said.sum.nested"));
        };
        // Past its value table a game still plays alone, by its own rule (a lone queen to
        // 10^9, a Fibonacci Nim heap to 10^15), but a sum needs each component's value.
        if !component.values_known() {
            return Err(Said::new("said.sum.past_table").with("code", component.to_code()));
        }
        Ok(component)
    }

    /// Whether the component's value is known (see [`Impartial::values_known`]).
    pub fn values_known(&self) -> bool {
        crate::with_component!(self, p, _w, _b => p.values_known())
    }

    /// The game's name as its code starts (`nim`, `kayles`, `coins`).
    pub fn game_name(&self) -> String {
        let code = self.to_code();
        code.split(':').next().unwrap_or_default().to_string()
    }

    pub fn to_code(&self) -> String {
        crate::with_component!(self, p, _w, _b => p.to_code())
    }

    /// The component's game with its own parameters and without its position: a heap game's
    /// rule as its code writes it (`bash:2`, `subtraction:1,2,4`, `octal:4.3`), any other game
    /// by its name (`kayles`, `coins`). What the component's title is built from, so that a
    /// title names this game's parameters and not the menu's standard ones.
    pub fn rule_code(&self) -> String {
        if let AnyPosition::Heaps(p) = self.to_any()
            && let Ok(empty) = heaps::Heaps::new(p.rule().clone(), vec![0])
        {
            let code = empty.to_code();
            return code.strip_suffix(":0").unwrap_or(&code).to_string();
        }
        self.game_name()
    }

    pub fn nim_sum(&self) -> Nimber {
        crate::with_component!(self, p, _w, _b => p.nim_sum())
    }

    pub fn is_over(&self) -> bool {
        crate::with_component!(self, p, _w, _b => p.is_over())
    }

    pub fn legal_moves(&self) -> Vec<AnyMove> {
        crate::with_component!(self, p, wrap, _b => p.legal_moves().into_iter().map(wrap).collect())
    }

    /// Up to `limit` of this component's moves, gathered part by part (cheaper than
    /// `legal_moves` for the coin grid), and whether there were more.
    pub fn moves(&self, limit: usize) -> (Vec<AnyMove>, bool) {
        crate::with_component!(self, p, wrap, _b => {
            let mut found = Vec::new();
            for (part, _) in p.parts() {
                let room = limit - found.len();
                let (moves, more) = p.moves_of(part, room);
                found.extend(moves.into_iter().map(wrap));
                if more || found.len() >= limit {
                    return (found, true);
                }
            }
            (found, false)
        })
    }

    pub fn check_move(&self, mv: &AnyMove) -> Result<(), IllegalMove> {
        crate::with_component_move!(self, mv, p, m, _b => p.check_move(m), else Err(IllegalMove::new(
            Said::new("said.move.not_of_game").with("game", self.game_name()),
        )))
    }

    /// The component after `mv`; panics if `mv` is of another game.
    pub fn play_unchecked(&self, mv: &AnyMove) -> Component {
        crate::with_component_move!(self, mv, p, m, back => back(p.play_unchecked(m)),
            else panic!("move {mv:?} is not of this component's game"))
    }

    /// How `mv` changes the component's value (see [`Impartial::nim_sum_change`]).
    pub fn nim_sum_change(&self, mv: &AnyMove) -> Nimber {
        crate::with_component_move!(self, mv, p, m, _b => p.nim_sum_change(m),
            else panic!("move {mv:?} is not of this component's game"))
    }

    /// The moves a list shows of a component that is one part (a heap, a row, a queen), by
    /// its game's own [`Impartial::listed_moves`] (a Nim heap of 10^18 is not walked);
    /// `None` for a component of several parts.
    pub fn listed_moves(&self, room: usize) -> Option<(Vec<AnyMove>, bool)> {
        crate::with_component!(self, p, wrap, _b => {
            let parts = p.parts();
            let [(part, _)] = parts.as_slice() else {
                return None;
            };
            let (moves, more) = p.listed_moves(*part, room);
            Some((moves.into_iter().map(wrap).collect(), more))
        })
    }

    /// Move `number` of a component that is one part, by its game's own
    /// [`Impartial::move_numbered`]; `None` for a component of several parts.
    pub fn move_numbered(&self, number: u64) -> Option<Option<AnyMove>> {
        crate::with_component!(self, p, wrap, _b => {
            let parts = p.parts();
            let [(part, _)] = parts.as_slice() else {
                return None;
            };
            Some(p.move_numbered(*part, number).map(wrap))
        })
    }

    /// How many of the component's moves lead to value `target`, and whether that is all.
    pub fn count_moves_to_nim_sum(&self, target: Nimber) -> (usize, bool) {
        crate::with_component!(self, p, _w, _b => p.count_moves_to_nim_sum(target))
    }

    /// The component in its game's standard form, if it is not in it already.
    pub fn canonical(&self) -> Option<Component> {
        crate::with_component!(self, p, _w, back => p.canonical().map(back))
    }

    pub fn reachable_at_least(&self) -> Option<u128> {
        crate::with_component!(self, p, _w, _b => p.reachable_at_least())
    }

    pub fn heap_bytes(&self) -> usize {
        crate::with_component!(self, p, _w, _b => p.heap_bytes())
    }

    /// The component's value after `mv` (legal here).
    pub fn nim_sum_after(&self, mv: &AnyMove) -> Nimber {
        crate::with_component_move!(self, mv, p, m, _b => p.nim_sum_after(m),
            else panic!("move {mv:?} is not of this component's game"))
    }

    /// The move as a message, `None` if it is not of this component's game.
    pub fn describe_move(&self, mv: &AnyMove) -> Option<Msg> {
        crate::with_component_move!(self, mv, p, m, _b => Some(p.describe_move(m)), else None)
    }

    pub fn move_code(&self, mv: &AnyMove) -> String {
        crate::with_component_move!(self, mv, p, m, _b => p.move_code(m), else format!("{mv:?}"))
    }

    pub fn parse_move(&self, text: &str) -> Result<AnyMove, IllegalMove> {
        crate::with_component!(self, p, wrap, _b => p.parse_move(text).map(wrap))
    }

    pub fn reachable_bound(&self) -> Option<u128> {
        crate::with_component!(self, p, _w, _b => p.reachable_bound())
    }

    pub fn moves_bound(&self) -> Option<u128> {
        crate::with_component!(self, p, _w, _b => p.moves_bound())
    }

    /// Up to `limit` of the component's moves to value `target`.
    pub fn moves_to_nim_sum(&self, target: Nimber, limit: usize) -> Vec<AnyMove> {
        crate::with_component!(self, p, wrap, _b => {
            p.moves_to_nim_sum(target, limit).into_iter().map(wrap).collect()
        })
    }

    /// The component's own stalling move (meant for a component of value 0).
    pub fn stalling_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<AnyMove> {
        crate::with_component!(self, p, wrap, _b => p.stalling_move(rng).map(wrap))
    }
}

/// A sum of two or more components, each a position of its own game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sum {
    components: Vec<Component>,
}

impl Sum {
    /// A sum of `components` (2 to [`MAX_COMPONENTS`]).
    pub fn new(components: Vec<Component>) -> Result<Sum, Said> {
        if components.len() < 2 {
            return Err(Said::new("said.sum.one"));
        }
        if components.len() > MAX_COMPONENTS {
            return Err(Said::new("said.sum.too_many").with("most", MAX_COMPONENTS));
        }
        Ok(Sum { components })
    }

    pub fn components(&self) -> &[Component] {
        &self.components
    }
}

impl Position for Sum {
    /// (component index from 0, that component's move).
    type Move = (usize, AnyMove);

    fn legal_moves(&self) -> Vec<Self::Move> {
        self.components
            .iter()
            .enumerate()
            .flat_map(|(i, c)| c.legal_moves().into_iter().map(move |m| (i, m)))
            .collect()
    }

    fn check_move(&self, (i, mv): &Self::Move) -> Result<(), IllegalMove> {
        let component = self.components.get(*i).ok_or_else(|| {
            IllegalMove::new(
                Said::new("said.move.no_component")
                    .with("number", i + 1)
                    .with("count", self.components.len()),
            )
        })?;
        component.check_move(mv)
    }

    fn play_unchecked(&self, (i, mv): &Self::Move) -> Self {
        let mut next = self.clone();
        next.components[*i] = self.components[*i].play_unchecked(mv);
        next
    }

    fn is_over(&self) -> bool {
        self.components.iter().all(Component::is_over)
    }

    /// Each component in its standard form (heaps sorted): the exact search stores a sum
    /// once for all the orders of each component's heaps, as the components' own bounds count.
    fn canonical(&self) -> Option<Sum> {
        let standard: Vec<Option<Component>> =
            self.components.iter().map(Component::canonical).collect();
        if standard.iter().all(Option::is_none) {
            return None;
        }
        let components = standard
            .into_iter()
            .zip(&self.components)
            .map(|(s, c)| s.unwrap_or_else(|| c.clone()))
            .collect();
        Some(Sum { components })
    }

    /// Positions of a sum are tuples of the components' positions: the product of their bounds.
    fn reachable_bound(&self) -> Option<u128> {
        self.components.iter().try_fold(1u128, |acc, c| {
            c.reachable_bound().map(|b| acc.saturating_mul(b))
        })
    }

    /// Components are independent: every tuple of their reachable positions is reachable.
    fn reachable_at_least(&self) -> Option<u128> {
        Some(self.components.iter().fold(1u128, |acc, c| {
            acc.saturating_mul(c.reachable_at_least().unwrap_or(1).max(1))
        }))
    }

    fn heap_bytes(&self) -> usize {
        self.components.capacity() * std::mem::size_of::<Component>()
            + self
                .components
                .iter()
                .map(Component::heap_bytes)
                .sum::<usize>()
    }

    /// A move of a sum is a move of one component: the sum of their bounds.
    fn moves_bound(&self) -> Option<u128> {
        self.components.iter().try_fold(0u128, |acc, c| {
            c.moves_bound().map(|b| acc.saturating_add(b))
        })
    }
}

impl Impartial for Sum {
    /// The component's index from 0.
    type Part = usize;

    /// Every component with its value (its own nim-sum): the sum's value is their XOR.
    fn parts(&self) -> Vec<(usize, Nimber)> {
        self.components
            .iter()
            .enumerate()
            .map(|(i, c)| (i, c.nim_sum()))
            .collect()
    }

    /// Only the moved component changes: XOR its old value out and its new one in.
    fn nim_sum_after(&self, (i, mv): &Self::Move) -> Nimber {
        let component = &self.components[*i];
        self.nim_sum() ^ component.nim_sum() ^ component.nim_sum_after(mv)
    }

    fn nim_sum_change(&self, (i, mv): &Self::Move) -> Nimber {
        self.components[*i].nim_sum_change(mv)
    }

    fn describe_part(&self, part: usize) -> Msg {
        let code = match self.components.get(part) {
            Some(c) => {
                // Short enough for a board row: a long code (a big graph) is cut with …
                let code = c.to_code();
                match code.char_indices().nth(24) {
                    Some((cut, _)) => format!("{}…", &code[..cut]),
                    None => code,
                }
            }
            None => String::new(),
        };
        Msg::Part(PartName::Component {
            number: part + 1,
            code,
        })
    }

    fn part_of(&self, (i, _): &Self::Move) -> usize {
        *i
    }

    /// A component of one part lists by its game's own rule; others by the default walk.
    fn listed_moves(&self, part: usize, room: usize) -> (Vec<Self::Move>, bool) {
        let Some(component) = self.components.get(part) else {
            return (Vec::new(), false);
        };
        if let Some((moves, more)) = component.listed_moves(room) {
            return (moves.into_iter().map(|m| (part, m)).collect(), more);
        }
        let (all, more) = self.moves_of(part, crate::game::WALK_MOVES);
        if !more && all.len() <= room {
            return (all, false);
        }
        let picked = crate::game::spread(all.len() as u64, room)
            .into_iter()
            .map(|i| all[i as usize].clone())
            .collect();
        (picked, true)
    }

    fn move_numbered(&self, part: usize, number: u64) -> Option<Self::Move> {
        let component = self.components.get(part)?;
        if let Some(mv) = component.move_numbered(number) {
            return mv.map(|m| (part, m));
        }
        let index = usize::try_from(number.checked_sub(1)?)
            .ok()
            .filter(|&i| i < crate::game::WALK_MOVES)?;
        self.moves_of(part, index + 1).0.into_iter().nth(index)
    }

    fn moves_of(&self, part: usize, limit: usize) -> (Vec<Self::Move>, bool) {
        match self.components.get(part) {
            Some(c) => {
                let (moves, more) = c.moves(limit);
                (moves.into_iter().map(|m| (part, m)).collect(), more)
            }
            None => (Vec::new(), false),
        }
    }

    /// The moves of one component to the value that makes the XOR 0: for component i of value
    /// v, to v ^ nim-sum (see [`Sum::moves_to_nim_sum`]).
    fn winning_moves(&self, limit: usize) -> Vec<Self::Move> {
        self.moves_to_nim_sum(Nimber::ZERO, limit)
    }

    /// The moves of one component to the value that makes the sum's value `target`: for
    /// component i of value v, to v ^ (nim-sum ^ target). Components whose value has the top
    /// bit of that change first (their target is smaller, so the mex guarantees a move); each
    /// component finds its moves its own way ([`Impartial::moves_to_nim_sum`]), so a sum
    /// costs what its components cost together, never their product.
    fn moves_to_nim_sum(&self, target: Nimber, limit: usize) -> Vec<Self::Move> {
        let values: Vec<Nimber> = self.components.iter().map(Component::nim_sum).collect();
        let change: Nimber = values.iter().copied().sum::<Nimber>() + target;
        let Some(top) = change.highest_bit() else {
            return Vec::new();
        };
        let (sure, maybe): (Vec<usize>, Vec<usize>) =
            (0..values.len()).partition(|&i| values[i].bit(top));
        let mut found = Vec::new();
        for i in sure.into_iter().chain(maybe) {
            if found.len() >= limit {
                break;
            }
            let moves =
                self.components[i].moves_to_nim_sum(values[i] + change, limit - found.len());
            found.extend(moves.into_iter().map(|m| (i, m)));
        }
        found
    }

    /// Each component counts its own moves to the value wanted, its own way: complete when
    /// every component's count is.
    fn count_moves_to_nim_sum(&self, target: Nimber) -> (usize, bool) {
        let values: Vec<Nimber> = self.components.iter().map(Component::nim_sum).collect();
        let change: Nimber = values.iter().copied().sum::<Nimber>() + target;
        if change.is_zero() {
            return (0, true);
        }
        self.components
            .iter()
            .zip(&values)
            .map(|(c, &v)| c.count_moves_to_nim_sum(v + change))
            .fold((0, true), |(n, all), (m, complete)| {
                (n + m, all && complete)
            })
    }

    /// From a sum of value 0: in a component of value 0, that component's own stalling move
    /// (the loss there takes longest; the others stay as they were), else any move of a random
    /// component that has one. A heuristic, like every game's.
    fn stalling_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Self::Move> {
        let movable: Vec<usize> = (0..self.components.len())
            .filter(|&i| !self.components[i].is_over())
            .collect();
        let zero: Vec<usize> = movable
            .iter()
            .copied()
            .filter(|&i| self.components[i].nim_sum().is_zero())
            .collect();
        if let Some(i) = crate::ai::pick(zero, rng)
            && let Some(mv) = self.components[i].stalling_move(rng)
        {
            return Some((i, mv));
        }
        let i = crate::ai::pick(movable, rng)?;
        let (moves, _) = self.components[i].moves(64);
        crate::ai::pick(moves, rng).map(|m| (i, m))
    }
}

impl Notation for Sum {
    const GAME: &'static str = "sum";

    /// Components' codes joined with `+`. An error in a component names its character in the
    /// whole code.
    fn from_code(code: &str) -> Result<Sum, CodeError> {
        let components = Sum::components_from_code(code)?;
        Sum::new(components).map_err(|why| CodeError::new(1, why))
    }

    fn to_code(&self) -> String {
        self.components
            .iter()
            .map(Component::to_code)
            .collect::<Vec<_>>()
            .join("+")
    }

    /// The component (from 1), its game's code name and the move in it: in English
    /// `[2] kayles: row 1: …`. A move not of its component's game (never legal) is shown by
    /// its code.
    fn describe_move(&self, (i, mv): &Self::Move) -> Msg {
        let inner = self.components.get(*i).and_then(|c| c.describe_move(mv));
        Msg::InComponent {
            number: i + 1,
            game: self
                .components
                .get(*i)
                .map_or_else(String::new, Component::rule_code),
            mv: Box::new(inner.unwrap_or_else(|| {
                Msg::Part(PartName::Component {
                    number: i + 1,
                    code: format!("{mv:?}"),
                })
            })),
        }
    }

    /// `[2] ` and the component's own move code.
    fn move_code(&self, (i, mv): &Self::Move) -> String {
        match self.components.get(*i) {
            Some(c) => format!("[{}] {}", i + 1, c.move_code(mv)),
            None => format!("[{}] {mv:?}", i + 1),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Self::Move, IllegalMove> {
        let text = text.trim();
        let bad = || {
            IllegalMove::new(Said::new("said.move.sum_form").with("text", shorten_code(text, 40)))
        };
        let rest = text.strip_prefix('[').ok_or_else(bad)?;
        let (index, rest) = rest.split_once(']').ok_or_else(bad)?;
        let n: usize = index.trim().parse().map_err(|_| bad())?;
        let component = n
            .checked_sub(1)
            .and_then(|i| self.components.get(i))
            .ok_or_else(|| {
                IllegalMove::new(
                    Said::new("said.move.no_component")
                        .with("number", n)
                        .with("count", self.components.len()),
                )
            })?;
        component.parse_move(rest).map(|m| (n - 1, m))
    }
}

impl Sum {
    /// The components of a code joined with `+` (one or more), each checked by
    /// [`Component::new`]; an error names its character in the whole code.
    pub fn components_from_code(code: &str) -> Result<Vec<Component>, CodeError> {
        let mut components = Vec::new();
        let mut column = 1; // 1-based character index where the current component starts
        for (n, text) in code.split('+').enumerate() {
            if n >= MAX_COMPONENTS {
                return Err(CodeError::new(
                    column,
                    Said::new("said.sum.too_many").with("most", MAX_COMPONENTS),
                ));
            }
            if text.trim().is_empty() {
                return Err(CodeError::new(
                    column,
                    Said::new("said.sum.empty").with("number", n + 1),
                ));
            }
            let position = AnyPosition::from_code(text).map_err(|e| {
                CodeError::new(
                    column + e.column - 1,
                    Said::new("said.sum.in_component")
                        .with("number", n + 1)
                        .with_said("error", e.message),
                )
            })?;
            let component = Component::new(position).map_err(|why| CodeError::new(column, why))?;
            components.push(component);
            column += text.chars().count() + 1;
        }
        Ok(components)
    }

    /// A sum of 1 to [`MAX_COMPONENTS`] components, for the games made of a sum of games
    /// played another way (misère, all at once), where one component is a game too.
    pub fn of_components(components: Vec<Component>) -> Result<Sum, Said> {
        if components.is_empty() || components.len() > MAX_COMPONENTS {
            return Err(Said::new("said.sum.component_count").with("most", MAX_COMPONENTS));
        }
        Ok(Sum { components })
    }
}
