//! A generic board for games whose parts are best shown as a list: Stair Nim (stairs), E&D
//! (pairs of heaps), Fibonacci Nim (its heap). One row per part — its name, its tokens where it
//! has a count, its value in hint mode — and the moves of the chosen part listed and previewed
//! (the position after the selected move, in words). A new game of this kind implements
//! [`PartsGame`] and gets a board without new TUI code.

use std::marker::PhantomData;

use anyhow::Context;
use ratatui::buffer::Buffer;
use ratatui::layout::Position as ScreenPosition;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use crate::game::{Impartial, LIST_ROOM};
use crate::games::GameKind;
use crate::games::anti::Anti;
use crate::games::dawson::Dawson;
use crate::games::ed::Ed;
use crate::games::every::Every;
use crate::games::fibnim::{FibNim, zeckendorf};
use crate::games::nimk::NimK;
use crate::games::stairs::StairNim;
use crate::games::turning::Turning;
use crate::locale::{self, Words};
use crate::setup::ReplayRng;
use crate::tr;
use crate::tui::board::{
    Board, BoardAction, BoardAreas, BoardInput, BoardView, GameSetup, ListedMove, MoveList,
};
use crate::tui::boards::cursor;
use crate::tui::keymap::{self, Action};
use crate::tui::text;

/// What the generic board needs of a game beyond the game traits.
pub trait PartsGame: crate::why::Explain + Impartial<Part = usize> {
    const KIND: GameKind;
    const RULES: &'static [&'static str];
    /// The locale key of what a part is called in messages ("No part has a move.").
    const PART: &'static str = "board.parts.part";
    /// Every part, in board order (parts with no move or value 0 too).
    fn all_parts(&self) -> Vec<usize>;
    /// Tokens to draw for a part, where it has a count (balls on a stair).
    fn tokens(&self, part: usize) -> Option<u64>;
    /// The position's size in words.
    fn summary(&self) -> String;
    /// More about a part for its row (a token's edges out), if anything. Without `hints` it
    /// must not tell who is winning or which move wins.
    fn detail(&self, _part: usize, _hints: bool) -> Option<String> {
        None
    }
    /// A token and a token the previewed move takes away, as drawn.
    const TOKENS: (&'static str, &'static str) = ("●", "○");
    /// The tokens of its part a move takes away, as (first, count) counted from 0 in the row,
    /// for the preview to mark them; `None`: the move takes none away (it splits a pair).
    fn removed(&self, _mv: &Self::Move) -> Option<(u64, u64)> {
        None
    }
}

impl PartsGame for StairNim {
    const KIND: GameKind = GameKind::Stairs;
    const RULES: &'static [&'static str] = &["rules.stairs.1", "rules.stairs.2"];
    fn all_parts(&self) -> Vec<usize> {
        (1..=self.balls().len()).collect()
    }
    fn tokens(&self, part: usize) -> Option<u64> {
        self.balls().get(part - 1).copied()
    }
    fn summary(&self) -> String {
        let n = self.balls().len() as u64;
        locale::counted(locale::lang(), "board.stairs.summary", n, &[])
    }
    /// The balls carried down leave the stair's end.
    fn removed(&self, mv: &Self::Move) -> Option<(u64, u64)> {
        let balls = self.tokens(mv.stair)?;
        Some((balls - mv.count, mv.count))
    }
}

impl PartsGame for Dawson {
    const KIND: GameKind = GameKind::Dawson;
    const RULES: &'static [&'static str] = &["rules.dawson.1", "rules.dawson.2"];
    const PART: &'static str = "board.heaps.row";
    /// Pins, and the two knocked, as Kayles draws them.
    const TOKENS: (&'static str, &'static str) = ("▮", "×");
    fn all_parts(&self) -> Vec<usize> {
        (0..self.rows().len()).collect()
    }
    fn removed(&self, mv: &Self::Move) -> Option<(u64, u64)> {
        Some((mv.left, 2))
    }
    fn tokens(&self, part: usize) -> Option<u64> {
        self.rows().get(part).copied()
    }
    fn summary(&self) -> String {
        let pins: u64 = self.rows().iter().sum();
        let lang = locale::lang();
        let rows = locale::counted(lang, "board.dawson.rows", self.rows().len() as u64, &[]);
        let pins = locale::counted(lang, "board.dawson.pins", pins, &[]);
        tr!("board.dawson.summary", rows = rows, pins = pins).into_owned()
    }
}

impl PartsGame for NimK {
    const KIND: GameKind = GameKind::NimK;
    const RULES: &'static [&'static str] = &["rules.nimk.1", "rules.nimk.2"];
    fn all_parts(&self) -> Vec<usize> {
        (0..self.heaps().len()).collect()
    }
    fn tokens(&self, part: usize) -> Option<u64> {
        self.heaps().get(part).copied()
    }
    /// With hints: the heap in binary, as wide as the largest heap's, so that the digits the
    /// theorem counts stand in columns (no value: the heaps are not separate games).
    fn detail(&self, part: usize, hints: bool) -> Option<String> {
        if !hints {
            return None;
        }
        let largest = self.heaps().iter().copied().max().unwrap_or(0);
        let digits = (u64::BITS - largest.leading_zeros()).max(1) as usize;
        let heap = *self.heaps().get(part)?;
        Some(tr!("board.nimk.binary", digits = format!("{heap:0digits$b}")).into_owned())
    }
    fn summary(&self) -> String {
        let tokens: u64 = self.heaps().iter().sum();
        tr!(
            "board.nimk.summary",
            k = self.k(),
            heaps = self.heaps().len(),
            tokens = tokens
        )
        .into_owned()
    }
}

/// A row of coins: one row a coin, the whole row of faces in the summary.
impl PartsGame for Turning {
    const KIND: GameKind = GameKind::Turning;
    const RULES: &'static [&'static str] = &["rules.turning.1", "rules.turning.2"];
    const PART: &'static str = "board.turning.coin";
    fn all_parts(&self) -> Vec<usize> {
        (1..=self.len()).collect()
    }
    fn tokens(&self, _part: usize) -> Option<u64> {
        None
    }
    fn summary(&self) -> String {
        tr!(
            "board.turning.summary",
            coins = self.len(),
            faces = self.letters()
        )
        .into_owned()
    }
}

/// A misère game: one row a component, as a sum's.
impl PartsGame for Anti {
    const KIND: GameKind = GameKind::Anti;
    const RULES: &'static [&'static str] = &["rules.anti.1", "rules.anti.2"];
    fn all_parts(&self) -> Vec<usize> {
        (0..self.inner().components().len()).collect()
    }
    fn tokens(&self, _part: usize) -> Option<u64> {
        None
    }
    fn summary(&self) -> String {
        tr!(
            "board.anti.summary",
            components = self.inner().components().len()
        )
        .into_owned()
    }
}

/// Every-SG: one row a component; every move is listed under the first component that can
/// move (a move moves in all of them).
impl PartsGame for Every {
    const KIND: GameKind = GameKind::Every;
    const RULES: &'static [&'static str] = &["rules.every.1", "rules.every.2"];
    fn all_parts(&self) -> Vec<usize> {
        (0..self.inner().components().len()).collect()
    }
    fn tokens(&self, _part: usize) -> Option<u64> {
        None
    }
    fn summary(&self) -> String {
        tr!(
            "board.every.summary",
            components = self.inner().components().len()
        )
        .into_owned()
    }
}

impl PartsGame for Ed {
    const KIND: GameKind = GameKind::Ed;
    const RULES: &'static [&'static str] = &["rules.ed.1", "rules.ed.2"];
    fn all_parts(&self) -> Vec<usize> {
        (0..self.pairs().len()).collect()
    }
    fn tokens(&self, _part: usize) -> Option<u64> {
        None
    }
    fn summary(&self) -> String {
        let n = self.pairs().len() as u64;
        locale::counted(locale::lang(), "board.ed.summary", n, &[])
    }
}

impl PartsGame for FibNim {
    const KIND: GameKind = GameKind::Fibnim;
    const RULES: &'static [&'static str] = &["rules.fibnim.1", "rules.fibnim.2"];
    fn all_parts(&self) -> Vec<usize> {
        vec![0]
    }
    fn tokens(&self, _part: usize) -> Option<u64> {
        Some(self.heap())
    }
    /// A take leaves the heap's end.
    fn removed(&self, t: &u64) -> Option<(u64, u64)> {
        Some((self.heap() - t, *t))
    }
    /// With hints: the Zeckendorf representation and whether its smallest term is a winning
    /// take (the answer, so nothing without hints).
    fn detail(&self, _part: usize, hints: bool) -> Option<String> {
        if !hints {
            return None;
        }
        let terms = zeckendorf(self.heap());
        let smallest = *terms.last()?;
        // A heap of 10^15 has 18 terms: the smallest three tell the rule.
        let shown = &terms[terms.len().saturating_sub(3)..];
        let mut sum = shown
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" + ");
        if shown.len() < terms.len() {
            sum = tr!("board.fibnim.terms", sum = sum, n = terms.len()).into_owned();
        }
        // A long heap is named on its row already: its terms only.
        let whole = if shown.len() < terms.len() {
            sum
        } else {
            format!("{} = {sum}", self.heap())
        };
        Some(if smallest <= self.limit() {
            tr!("board.fibnim.take_wins", whole = whole, take = smallest).into_owned()
        } else {
            tr!(
                "board.fibnim.over_limit",
                whole = whole,
                take = smallest,
                limit = self.limit()
            )
            .into_owned()
        })
    }
    fn summary(&self) -> String {
        tr!(
            "board.fibnim.summary",
            heap = self.heap(),
            limit = self.limit()
        )
        .into_owned()
    }
}

/// A move of the list: its words without the part's name, which the list's title gives.
fn listed<G: PartsGame>(position: &G, mv: G::Move) -> ListedMove<G::Move> {
    let words = position.describe_move(&mv).words();
    let label = words
        .split_once(": ")
        .or_else(|| words.split_once('：'))
        .map_or(words.clone(), |(_, rest)| rest.to_string());
    ListedMove::new(position, mv, label)
}

/// The view state: the part under the cursor and the chosen part's moves.
#[derive(Clone, Debug)]
pub struct PartsBoard<G: PartsGame> {
    cursor: usize,
    parts: Vec<usize>,
    list: Option<MoveList<G::Move>>,
    armed: Option<usize>,
    scroll: usize,
    rows_visible: usize,
    areas: BoardAreas,
    game: PhantomData<G>,
}

impl<G: PartsGame> PartsBoard<G> {
    fn part(&self) -> usize {
        self.parts[self.cursor.min(self.parts.len() - 1)]
    }

    /// The index of the part under the cursor, in board order (for a board that draws the
    /// parts its own way, as the sum board does).
    pub(super) fn cursor(&self) -> usize {
        self.cursor
    }

    /// The open move list, if any.
    pub(super) fn list(&self) -> Option<&MoveList<G::Move>> {
        self.list.as_ref()
    }

    /// Puts the cursor on part `i` (in board order) and lists its moves, as a click on its
    /// row does.
    pub(super) fn choose_part(
        &mut self,
        view: &BoardView<'_, G>,
        i: usize,
    ) -> BoardAction<G::Move> {
        self.move_cursor(i);
        self.choose(view)
    }

    fn choose(&mut self, view: &BoardView<'_, G>) -> BoardAction<G::Move> {
        if !view.accepting {
            return BoardAction::Message(tr!("game.wait_turn").into_owned());
        }
        let part = self.part();
        let (moves, more) = view.position.listed_moves(part, LIST_ROOM);
        if moves.is_empty() {
            return BoardAction::Message(
                tr!(
                    "board.parts.no_move",
                    part = crate::locale::before_han(&view.position.describe_part(part).words()),
                    key = keymap::key_for(Action::NextPart)
                )
                .into_owned(),
            );
        }
        let entries = moves
            .into_iter()
            .map(|mv| listed(view.position, mv))
            .collect();
        self.list = Some(MoveList::new(
            tr!(
                "board.heaps.moves_of",
                part = crate::locale::before_han(&view.position.describe_part(part).words())
            )
            .into_owned(),
            entries,
            more,
        ));
        self.armed = None;
        BoardAction::None
    }

    fn move_cursor(&mut self, to: usize) {
        let to = to.min(self.parts.len().saturating_sub(1));
        if to != self.cursor {
            self.list = None;
            self.armed = None;
        }
        self.cursor = to;
    }

    fn next_movable(&self, position: &G, forward: bool) -> Option<usize> {
        cursor::next_movable(self.cursor, self.parts.len(), forward, |i| {
            !position.moves_of(self.parts[i], 1).0.is_empty()
        })
    }
}

impl<G: PartsGame> Board for PartsBoard<G> {
    fn move_list_mut(
        &mut self,
    ) -> Option<&mut MoveList<<Self::Game as crate::game::Position>::Move>> {
        self.list.as_mut()
    }

    fn cursor_part(&self, _position: &G) -> Option<usize> {
        (!self.parts.is_empty()).then(|| self.part())
    }

    type Game = G;
    const KIND: GameKind = G::KIND;
    const RULES: &'static [&'static str] = G::RULES;

    fn start_position(setup: &GameSetup, rng: &mut ReplayRng) -> anyhow::Result<G> {
        let code = match &setup.code {
            Some(code) => code.clone(),
            None => super::heaps::start_code(setup, rng),
        };
        G::from_code(&code)
            .with_context(|| tr!("board.error.bad_code", game = G::GAME, code = code).into_owned())
    }

    fn new(position: &G) -> Self {
        let mut board = PartsBoard {
            cursor: 0,
            parts: position.all_parts(),
            list: None,
            armed: None,
            scroll: 0,
            rows_visible: 1,
            areas: BoardAreas::default(),
            game: PhantomData,
        };
        if position.moves_of(board.parts[0], 1).0.is_empty()
            && let Some(i) = board.next_movable(position, true)
        {
            board.cursor = i;
        }
        board
    }

    fn position_changed(&mut self, position: &G) {
        self.list = None;
        self.armed = None;
        self.parts = position.all_parts();
        self.cursor = self.cursor.min(self.parts.len().saturating_sub(1));
    }

    fn summary(position: &G) -> String {
        position.summary()
    }

    fn min_size(&self) -> (u16, u16) {
        (30, 3)
    }

    fn height_for(&self, _width: u16) -> u16 {
        u16::try_from(self.parts.len()).unwrap_or(u16::MAX)
    }

    fn layout(&mut self, view: &BoardView<'_, G>, areas: BoardAreas) {
        self.areas = areas;
        self.rows_visible = (areas.board.height as usize).max(1);
        self.scroll = cursor::scroll_to(
            self.cursor,
            self.scroll,
            self.parts.len(),
            self.rows_visible,
        );
        if let Some(list) = &mut self.list {
            list.layout_for(areas.moves, view.hints);
        }
    }

    fn render(&self, view: &BoardView<'_, G>, areas: BoardAreas, buf: &mut Buffer) {
        let board = areas.board;
        let theme = view.theme;
        let position = view.position;
        let values = position.parts();
        let selected = self.list.as_ref().and_then(|l| l.selected_move());
        let last = view.last.map(|p| position_part(position, &p.mv));
        // Names padded to line up the tokens: to the longest name, from a third of the board
        // up to 24 columns (80 columns leave the pins room).
        let widest = self
            .parts
            .iter()
            .map(|&p| text::width(&position.describe_part(p).words()) + 1)
            .max()
            .unwrap_or(0);
        let pad = widest.max(board.width as usize / 3).min(24);
        for row in 0..self
            .rows_visible
            .min(self.parts.len().saturating_sub(self.scroll))
        {
            let i = self.scroll + row;
            let part = self.parts[i];
            let is_cursor = i == self.cursor;
            let mut spans = vec![Span::styled(
                format!(
                    "{}{}",
                    if is_cursor { "▶ " } else { "  " },
                    text::pad(&position.describe_part(part).words(), pad)
                ),
                if last == Some(part) {
                    theme.last_move
                } else if is_cursor {
                    theme.cursor
                } else {
                    theme.text
                },
            )];
            let preview = selected.filter(|mv| position.part_of(mv) == part);
            if let Some(count) = position.tokens(part) {
                // Room left after the name, the detail and the value (a heap of 10^15 has a
                // long name and more tokens than any screen); the preview's words come after
                // the tokens where there is room (the list names the move too).
                let used: usize = spans.iter().map(|s| s.width()).sum();
                let detail = position
                    .detail(part, view.hints)
                    .map_or(0, |d| text::width(&d).max(16) + 1);
                let value = if view.hints { 8 } else { 0 };
                let room = (board.width as usize).saturating_sub(used + 1 + detail + value + 2);
                // Too little room for a heap's worth: no tokens rather than a stub.
                let shown = if room < 5 {
                    0
                } else {
                    (count as usize).min(room)
                };
                let (token, gone) = G::TOKENS;
                let removed = preview.and_then(|mv| position.removed(mv));
                let is_gone = |k: u64| removed.is_some_and(|(from, n)| k >= from && k < from + n);
                // Runs of kept and taken tokens, each run one span.
                let mut k = 0u64;
                // A name longer than the pad (a heap of 10^12) is not glued to its tokens.
                if !spans[0].content.ends_with(' ') {
                    spans.push(Span::raw(" "));
                }
                while k < shown as u64 {
                    let gone_run = is_gone(k);
                    let start = k;
                    while k < shown as u64 && is_gone(k) == gone_run {
                        k += 1;
                    }
                    let run = (k - start) as usize;
                    spans.push(if gone_run {
                        Span::styled(gone.repeat(run), theme.preview)
                    } else {
                        Span::styled(token.repeat(run), theme.tails)
                    });
                }
                if shown < count as usize {
                    spans.push(Span::styled("…", theme.dim));
                }
            }
            if let Some(detail) = position.detail(part, view.hints) {
                spans.push(Span::styled(
                    format!(" {}", text::pad(&detail, 16)),
                    theme.dim,
                ));
            }
            // Parts that are not separate games (Nim-K) have no value to show, known or not.
            if view.hints
                && position.parts_independent()
                && let Some((_, v)) = values.iter().find(|(p, _)| *p == part)
            {
                // Past a game's value table the value is not known: a stand-in is not shown.
                let value = if position.values_known() {
                    format!("  *{}", v.short())
                } else {
                    format!("  {}", tr!("board.value_unknown"))
                };
                spans.push(Span::styled(value, theme.value));
            }
            if let Some(mv) = preview {
                // The move in words where it fits whole (the tokens mark it, the list names it).
                let words = format!("  ← {}", position.describe_move(mv).words());
                let used: usize = spans.iter().map(|s| s.width()).sum();
                if used + text::width(&words) <= board.width as usize {
                    spans.push(Span::styled(words, theme.preview));
                }
            }
            buf.set_line(
                board.x,
                board.y + row as u16,
                &Line::from(spans),
                board.width,
            );
        }
        if let Some(list) = &self.list {
            list.render(areas.moves, buf, view.hints, theme);
            return;
        }
        let lines = vec![
            Line::from(
                G::RULES
                    .first()
                    .map_or_else(String::new, |key| crate::locale::text(key).into_owned()),
            ),
            Line::raw(""),
            Line::from(vec![
                Span::raw(tr!("board.parts.pick_1")),
                Span::styled(keymap::key_for(Action::Select), theme.key),
                Span::raw(tr!("board.parts.pick_2")),
            ]),
        ];
        let width = areas.moves.width.saturating_sub(2) as usize;
        Paragraph::new(text::wrap_lines(&lines, width))
            .block(
                Block::bordered()
                    .title(Line::styled(tr!("board.moves_title"), theme.title))
                    .border_style(theme.border),
            )
            .render(areas.moves, buf);
    }

    fn handle(&mut self, view: &BoardView<'_, G>, input: BoardInput) -> BoardAction<G::Move> {
        match input {
            BoardInput::Action(action) => {
                if let Some(answer) = cursor::list_key(&mut self.list, action, view.accepting) {
                    return answer;
                }
                let count = self.parts.len();
                if let Some(to) = cursor::step(action, self.cursor, count, 1, self.rows_visible) {
                    self.move_cursor(to);
                    return BoardAction::None;
                }
                match action {
                    Action::NextPart | Action::PrevPart => {
                        match self.next_movable(view.position, action == Action::NextPart) {
                            Some(i) => self.move_cursor(i),
                            None => {
                                return BoardAction::Message(
                                    tr!(
                                        "board.heaps.none_movable",
                                        word = crate::locale::text(G::PART)
                                    )
                                    .into_owned(),
                                );
                            }
                        }
                    }
                    Action::Select => return self.choose(view),
                    _ => {}
                }
                BoardAction::None
            }
            BoardInput::Click(at) => {
                if let Some(answer) = cursor::list_click(
                    &mut self.list,
                    at,
                    &mut self.armed,
                    view.accepting,
                    "board.what.move",
                ) {
                    return answer;
                }
                let area = self.areas.board;
                if area.contains(ScreenPosition::new(at.x, at.y)) {
                    let i = (at.y - area.y) as usize + self.scroll;
                    if i < self.parts.len() {
                        self.move_cursor(i);
                        return self.choose(view);
                    }
                }
                BoardAction::None
            }
            BoardInput::Wheel { down, at } => {
                if let Some(list) = &mut self.list
                    && self.areas.moves.contains(at)
                {
                    list.wheel(down);
                } else {
                    let key = if down { Action::Down } else { Action::Up };
                    if let Some(to) = cursor::step(key, self.cursor, self.parts.len(), 1, 1) {
                        self.move_cursor(to);
                    }
                }
                BoardAction::None
            }
        }
    }

    fn type_number(&mut self, view: &BoardView<'_, G>, digit: Option<u8>) -> BoardAction<G::Move> {
        if self.list.is_none()
            && let action @ BoardAction::Message(_) = self.choose(view)
        {
            return action;
        }
        let (position, part) = (view.position, self.part());
        match &mut self.list {
            Some(list) => list.type_digit(digit, |n| {
                Some(listed(position, position.move_numbered(part, n)?))
            }),
            None => BoardAction::None,
        }
    }

    fn show_move(&mut self, view: &BoardView<'_, G>, mv: &G::Move) {
        let part = view.position.part_of(mv);
        if let Some(i) = self.parts.iter().position(|&p| p == part) {
            self.move_cursor(i);
        }
        self.list = None;
        if let BoardAction::None = self.choose(view)
            && let Some(list) = &mut self.list
            && !list.select(mv)
        {
            let label = view.position.describe_move(mv).words();
            list.entries
                .insert(0, ListedMove::new(view.position, mv.clone(), label));
            list.selected = 0;
        }
    }

    fn status(&self, view: &BoardView<'_, G>) -> Line<'static> {
        let part = self.part();
        let moves = view.position.listed_moves(part, 1000);
        Line::from(vec![
            Span::styled(view.position.describe_part(part).words(), view.theme.title),
            Span::styled(
                crate::tui::board::move_count(moves.0.len(), moves.1),
                view.theme.dim,
            ),
        ])
    }
}

fn position_part<G: PartsGame>(position: &G, mv: &G::Move) -> usize {
    position.part_of(mv)
}
