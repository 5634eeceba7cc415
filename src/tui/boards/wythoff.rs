//! The queen board of Wythoff's game: the quarter-plane as a grid of squares with real
//! coordinates on its axes, the queens, the squares the chosen queen reaches (its row to the
//! left, its column down, its diagonal toward the corner), the P-positions (lost to move) in
//! view and a target cursor; the moves of the chosen queen listed beside it.
//!
//! The window follows the target and the queen, so a queen at 10^9 plays as well as one at
//! (7, 10): the corner is then off-screen and the header says how far. Only visible squares
//! are drawn, each P-position in view found by [`p_partner`] on its row.

use anyhow::Context;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position as ScreenPosition, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::game::{Impartial, LIST_ROOM, Notation, Position};
use crate::games::GameKind;
use crate::games::wythoff::{
    MAX_BIG_COORD, QueenMove, Wythoff, is_p_position, known_value, p_partner,
};
use crate::locale::Words;
use crate::message::{Msg, QueenLine};
use crate::setup::ReplayRng;
use crate::tr;
use crate::tui::board::{
    Board, BoardAction, BoardAreas, BoardInput, BoardView, GameSetup, ListedMove, MoveList,
    set_line_fit,
};
use crate::tui::keymap::{self, Action};

/// Columns of one square: three for its mark or value, one space.
const CELL: u16 = 4;

/// The view state: the chosen queen, the target square, the window on the quarter-plane.
#[derive(Clone, Debug)]
pub struct WythoffBoard {
    queen: usize,
    target: (u64, u64),
    list: MoveList<QueenMove>,
    /// The move a first click chose; a second click on it plays it.
    armed: Option<QueenMove>,
    /// The square at the bottom left of the window.
    origin: (u64, u64),
    /// Put the chosen queen near the window's top right at the next layout.
    recentre: bool,
    /// Squares in view, as last laid out.
    cols: u64,
    rows: u64,
    /// Where the squares are drawn (the top-left square's first column), as last laid out.
    grid: Rect,
    areas: BoardAreas,
}

/// The squares a queen at (a, b) reaches, as a predicate.
fn reaches((a, b): (u64, u64), (x, y): (u64, u64)) -> bool {
    (y == b && x < a) || (x == a && y < b) || (x < a && y < b && a - x == b - y)
}

/// A listed move in a few columns (the list's title names the queen): the square and the
/// direction and length of the step, `(0, 10) ← 7`, `(7, 3) ↓ 7`, `(3, 6) ↙ 4`; far out the
/// step and the coordinate that changes, `← 1000: x = 999999000`.
fn short_label(position: &Wythoff, mv: &QueenMove) -> String {
    let (a, b) = position.queens().get(mv.queen).copied().unwrap_or((0, 0));
    let (x, y) = mv.to;
    let (arrow, d) = if y == b {
        ("←", a.saturating_sub(x))
    } else if x == a {
        ("↓", b.saturating_sub(y))
    } else {
        ("↙", a.saturating_sub(x))
    };
    if a.max(b) < 100_000 {
        format!("({x}, {y}) {arrow} {d}")
    } else if y == b {
        format!("{arrow} {d}: x = {x}")
    } else {
        // Down or diagonally: the new y says where (on the diagonal x follows).
        format!("{arrow} {d}: y = {y}")
    }
}

impl WythoffBoard {
    fn queen_at(position: &Wythoff, i: usize) -> (u64, u64) {
        position.queens().get(i).copied().unwrap_or((0, 0))
    }

    /// The move to the target, if the chosen queen can make it.
    fn target_move(&self, position: &Wythoff) -> Option<QueenMove> {
        let mv = QueenMove {
            queen: self.queen,
            to: self.target,
        };
        position.check_move(&mv).is_ok().then_some(mv)
    }

    /// Chooses queen `i`: the target back on it, its moves listed.
    fn choose(&mut self, position: &Wythoff, i: usize) {
        self.queen = i.min(position.queens().len().saturating_sub(1));
        self.target = Self::queen_at(position, self.queen);
        self.armed = None;
        let (moves, more) = position.listed_moves(self.queen, LIST_ROOM);
        let entries = moves
            .into_iter()
            .map(|mv| ListedMove::new(position, mv, short_label(position, &mv)))
            .collect();
        self.list = MoveList::new(
            tr!(
                "board.heaps.moves_of",
                part = crate::locale::before_han(&position.describe_part(self.queen).words())
            )
            .into_owned(),
            entries,
            more,
        );
        // The target is on the queen, not a move: nothing in the list is selected.
        self.list.selected = self.list.entries.len();
        self.recentre = true;
    }

    /// Moves the target to `to`; the list follows when the target is one of its moves.
    fn set_target(&mut self, to: (u64, u64)) {
        self.target = (to.0.min(MAX_BIG_COORD), to.1.min(MAX_BIG_COORD));
        self.armed = None;
        let mv = QueenMove {
            queen: self.queen,
            to: self.target,
        };
        // The list's ▶ marks the target's move, or nothing when the target is not listed:
        // it never points at a move other than the one Enter plays.
        if !self.list.select(&mv) {
            self.list.selected = self.list.entries.len();
        }
    }

    /// PgUp/PgDn and the wheel over the list (`key`: ↑ or ↓): the next move in the list
    /// becomes the target.
    fn step_list(&mut self, key: Action) {
        if self.list.selected >= self.list.entries.len() {
            // Nothing selected (the target is not listed): start at the top.
            self.list.selected = 0;
        } else {
            self.list.key(key, false);
        }
        if let Some(mv) = self.list.selected_move() {
            self.target = mv.to;
            self.armed = None;
        }
    }

    fn next_movable(&self, position: &Wythoff, forward: bool) -> Option<usize> {
        let n = position.queens().len();
        (1..=n)
            .map(|k| {
                if forward {
                    (self.queen + k) % n
                } else {
                    (self.queen + 2 * n - k) % n
                }
            })
            .find(|&i| Self::queen_at(position, i) != (0, 0))
    }

    /// Why the target is not a move, in words.
    fn not_a_move(&self, position: &Wythoff) -> String {
        let (a, b) = Self::queen_at(position, self.queen);
        let (x, y) = self.target;
        if (x, y) == (a, b) {
            tr!(
                "board.wythoff.target_on_queen",
                queen = self.queen + 1,
                key = keymap::key_for(Action::Select)
            )
            .into_owned()
        } else {
            tr!(
                "board.wythoff.not_a_move",
                x = x,
                y = y,
                queen = self.queen + 1,
                a = a,
                b = b
            )
            .into_owned()
        }
    }

    /// The square at a screen cell, if it is one.
    fn square_at(&self, at: ScreenPosition) -> Option<(u64, u64)> {
        if !self.grid.contains(at) {
            return None;
        }
        let col = u64::from((at.x - self.grid.x) / CELL);
        let row = u64::from(at.y - self.grid.y);
        (col < self.cols && row < self.rows)
            .then(|| (self.origin.0 + col, self.origin.1 + self.rows - 1 - row))
    }

    /// Rows of the board around the squares: the header (where the corner is), the x axis and
    /// the legend.
    const CHROME: u16 = 3;

    fn gutter(&self) -> u16 {
        let top = self.origin.1 + self.rows.saturating_sub(1);
        top.to_string().len() as u16 + 2
    }
}

impl Board for WythoffBoard {
    fn move_list_mut(
        &mut self,
    ) -> Option<&mut MoveList<<Self::Game as crate::game::Position>::Move>> {
        Some(&mut self.list)
    }

    type Game = Wythoff;
    const KIND: GameKind = GameKind::Wythoff;
    const RULES: &'static [&'static str] = &[
        "rules.wythoff.1",
        "rules.wythoff.2",
        "rules.wythoff.3",
        "rules.wythoff.4",
    ];

    /// The chosen queen: the why-view explains it wherever the target is.
    fn cursor_part(&self, position: &Wythoff) -> Option<usize> {
        (self.queen < position.queens().len()).then_some(self.queen)
    }

    fn start_position(setup: &GameSetup, rng: &mut ReplayRng) -> anyhow::Result<Wythoff> {
        let code = match &setup.code {
            Some(code) => code.clone(),
            None => super::heaps::start_code(setup, rng),
        };
        Wythoff::from_code(&code).with_context(|| {
            tr!("board.error.bad_code", game = "wythoff", code = code).into_owned()
        })
    }

    fn new(position: &Wythoff) -> Self {
        let mut board = WythoffBoard {
            queen: 0,
            target: (0, 0),
            list: MoveList::new(String::new(), Vec::new(), false),
            armed: None,
            origin: (0, 0),
            recentre: true,
            cols: 1,
            rows: 1,
            grid: Rect::default(),
            areas: BoardAreas::default(),
        };
        let first = if Self::queen_at(position, 0) == (0, 0) {
            board.next_movable(position, true).unwrap_or(0)
        } else {
            0
        };
        board.choose(position, first);
        board
    }

    fn position_changed(&mut self, position: &Wythoff) {
        let mut queen = self.queen.min(position.queens().len().saturating_sub(1));
        if Self::queen_at(position, queen) == (0, 0) {
            self.queen = queen;
            queen = self.next_movable(position, true).unwrap_or(queen);
        }
        self.choose(position, queen);
    }

    fn summary(position: &Wythoff) -> String {
        match position.queens() {
            [(a, b)] => tr!("board.wythoff.queen_at", a = a, b = b).into_owned(),
            queens => tr!("board.wythoff.queens", n = queens.len()).into_owned(),
        }
    }

    fn min_size(&self) -> (u16, u16) {
        // A gutter for 10-digit labels and five squares; three rows of squares and the
        // header, axis and legend.
        (12 + 5 * CELL, Self::CHROME + 3)
    }

    fn height_for(&self, _width: u16) -> u16 {
        // Rows up to the highest queen (or target), capped: the window scrolls past that.
        let top = self
            .target
            .1
            .max(self.origin.1 + self.rows.saturating_sub(1));
        (top + 2).min(20) as u16 + Self::CHROME
    }

    fn layout(&mut self, view: &BoardView<'_, Wythoff>, areas: BoardAreas) {
        self.areas = areas;
        self.list.layout_for(areas.moves, view.hints);
        let board = areas.board;
        self.rows = u64::from(board.height.saturating_sub(Self::CHROME)).max(1);
        // The gutter depends on the labels, which depend on the window: two rounds settle it.
        for _ in 0..2 {
            let gutter = self.gutter();
            self.cols = u64::from(board.width.saturating_sub(gutter) / CELL).max(1);
            let queen = Self::queen_at(view.position, self.queen);
            let (tx, ty) = self.target;
            if self.recentre {
                // The queen near the top right, with its lines stretching into view; the
                // corner in view when it fits.
                let fit = |q: u64, n: u64| q.saturating_sub(n.saturating_sub(2));
                self.origin = (fit(queen.0, self.cols), fit(queen.1, self.rows));
            }
            let follow = |o: u64, t: u64, n: u64| {
                if t < o {
                    t.saturating_sub(n / 4)
                } else if t >= o + n {
                    (t + 1 + n / 4).saturating_sub(n)
                } else {
                    o
                }
            };
            self.origin = (
                follow(self.origin.0, tx, self.cols),
                follow(self.origin.1, ty, self.rows),
            );
        }
        self.recentre = false;
        let gutter = self.gutter();
        self.grid = Rect {
            x: board.x + gutter,
            y: board.y + 1,
            width: (self.cols as u16) * CELL,
            height: self.rows as u16,
        };
    }

    fn render(&self, view: &BoardView<'_, Wythoff>, areas: BoardAreas, buf: &mut Buffer) {
        let board = areas.board;
        let theme = view.theme;
        let position = view.position;
        let queens = position.queens();
        let chosen = Self::queen_at(position, self.queen);
        let (x0, y0) = self.origin;
        let gutter = self.gutter();
        let last = view.last.map(|p| p.mv);
        // The header: where the corner is.
        let header = if (x0, y0) == (0, 0) {
            tr!("board.wythoff.corner").into_owned()
        } else {
            let far = x0.max(y0);
            let away = if far >= 1_000_000_000 {
                "10^9".to_string()
            } else {
                far.to_string()
            };
            tr!("board.wythoff.corner_away", away = away, x = x0, y = y0).into_owned()
        };
        set_line_fit(
            buf,
            board.x,
            board.y,
            &Line::styled(header, theme.dim),
            board.width,
        );
        // The squares, top row first.
        for row in 0..self.rows {
            let y = y0 + self.rows - 1 - row;
            let sy = self.grid.y + row as u16;
            buf.set_stringn(
                board.x,
                sy,
                format!("{y:>w$} │", w = gutter as usize - 2),
                gutter as usize,
                theme.dim,
            );
            // The P-position on this row, if it is in view.
            let p_x = p_partner(y);
            for col in 0..self.cols {
                let x = x0 + col;
                let sx = self.grid.x + col as u16 * CELL;
                let here = (x, y);
                let queen_here = queens.iter().position(|&q| q == here);
                let reachable = reaches(chosen, here);
                // P-positions are the answer: shown only in hint mode.
                let is_p = x == p_x && view.hints;
                let (text, mut style): (String, Style) = if here == chosen {
                    let style = match last {
                        Some(mv) if mv.queen == self.queen && mv.to == here => theme.last_move,
                        _ => theme.tails,
                    };
                    (" ♛ ".into(), style)
                } else if let Some(i) = queen_here {
                    let style = match last {
                        Some(mv) if mv.queen == i && mv.to == here => theme.last_move,
                        _ => theme.text,
                    };
                    (" ♕ ".into(), style)
                } else if view.hints
                    && reachable
                    && position.move_wins(&QueenMove {
                        queen: self.queen,
                        to: here,
                    })
                {
                    // A lone queen: the P-position; several: the square to nim-sum 0.
                    (" ✓ ".into(), theme.winning)
                } else if view.hints
                    && let Some(v) = known_value(x, y)
                {
                    let style = if is_p {
                        theme.losing
                    } else if reachable {
                        theme.preview
                    } else {
                        theme.value
                    };
                    (format!("{v:>3}"), style)
                } else if is_p {
                    (
                        " P ".into(),
                        if reachable { theme.preview } else { theme.dim },
                    )
                } else if reachable {
                    (" • ".into(), theme.preview)
                } else {
                    (" · ".into(), theme.dim)
                };
                if here == self.target && here != chosen {
                    style = theme.cursor;
                }
                buf.set_stringn(sx, sy, text, 3, style);
            }
        }
        // The x axis: labels under their columns, the chosen queen's and the target's first,
        // then every fifth where they fit without touching.
        let axis_y = self.grid.y + self.rows as u16;
        let mut taken: Vec<(u16, u16)> = Vec::new();
        let mut put = |x: u64, style: Style, buf: &mut Buffer| {
            if x < x0 || x >= x0 + self.cols {
                return;
            }
            let label = x.to_string();
            let w = label.len() as u16;
            let centre = self.grid.x + (x - x0) as u16 * CELL + 1;
            let start = centre.saturating_sub((w - 1) / 2).max(board.x + gutter - 1);
            let end = start + w;
            if end > board.x + board.width || taken.iter().any(|&(s, e)| start <= e && s <= end) {
                return;
            }
            taken.push((start, end));
            buf.set_string(start, axis_y, label, style);
        };
        put(chosen.0, theme.title, buf);
        put(self.target.0, theme.cursor, buf);
        for x in x0..x0 + self.cols {
            if x % 5 == 0 || x == x0 {
                put(x, theme.dim, buf);
            }
        }
        // The legend.
        // With several queens a P square is lost for a lone queen only: the nim-sum decides.
        let legend = match (view.hints, queens.len()) {
            (true, 1) => tr!("board.wythoff.legend_hints_one"),
            (true, _) => tr!("board.wythoff.legend_hints_many"),
            (false, 1) => tr!("board.wythoff.legend_one"),
            (false, _) => tr!("board.wythoff.legend_many"),
        };
        set_line_fit(
            buf,
            board.x,
            axis_y + 1,
            &Line::styled(legend, theme.dim),
            board.width,
        );
        self.list.render(areas.moves, buf, view.hints, theme);
    }

    fn handle(
        &mut self,
        view: &BoardView<'_, Wythoff>,
        input: BoardInput,
    ) -> BoardAction<QueenMove> {
        let position = view.position;
        match input {
            BoardInput::Action(action) => {
                let (x, y) = self.target;
                match action {
                    Action::Left => self.set_target((x.saturating_sub(1), y)),
                    Action::Right => self.set_target((x + 1, y)),
                    Action::Up => self.set_target((x, y + 1)),
                    Action::Down => self.set_target((x, y.saturating_sub(1))),
                    Action::PageUp | Action::PageDown => {
                        let key = if action == Action::PageUp {
                            Action::Up
                        } else {
                            Action::Down
                        };
                        self.step_list(key);
                    }
                    Action::Home | Action::Back => {
                        self.set_target(Self::queen_at(position, self.queen))
                    }
                    Action::NextPart | Action::PrevPart => {
                        match self.next_movable(position, action == Action::NextPart) {
                            Some(i) => self.choose(position, i),
                            None => {
                                return BoardAction::Message(
                                    tr!("board.wythoff.none_movable").into_owned(),
                                );
                            }
                        }
                    }
                    Action::Select => {
                        if !view.accepting {
                            return BoardAction::Message(tr!("game.wait_turn").into_owned());
                        }
                        return match self.target_move(position) {
                            Some(mv) => BoardAction::Play(mv),
                            None => BoardAction::Message(self.not_a_move(position)),
                        };
                    }
                    _ => {}
                }
                BoardAction::None
            }
            BoardInput::Click(at) => {
                if let Some(i) = self.list.hit(at) {
                    let mv = self.list.entries[i].mv;
                    if self.armed == Some(mv) && view.accepting {
                        return BoardAction::Play(mv);
                    }
                    self.list.selected = i;
                    self.target = mv.to;
                    self.armed = Some(mv);
                    return BoardAction::Message(
                        tr!(
                            "board.click_again",
                            what = crate::locale::text("board.what.move")
                        )
                        .into_owned(),
                    );
                }
                let Some(square) = self.square_at(at) else {
                    return BoardAction::None;
                };
                let mv = QueenMove {
                    queen: self.queen,
                    to: square,
                };
                if self.armed == Some(mv) && view.accepting {
                    return BoardAction::Play(mv);
                }
                if let Some(i) = position.queens().iter().position(|&q| q == square)
                    && square != Self::queen_at(position, self.queen)
                    && square != (0, 0)
                {
                    self.choose(position, i);
                    return BoardAction::Message(
                        tr!("board.wythoff.chosen", queen = i + 1).into_owned(),
                    );
                }
                self.set_target(square);
                if position.check_move(&mv).is_ok() {
                    self.armed = Some(mv);
                    BoardAction::Message(
                        tr!("board.wythoff.click_again", x = square.0, y = square.1).into_owned(),
                    )
                } else {
                    BoardAction::Message(self.not_a_move(position))
                }
            }
            BoardInput::Wheel { down, at } => {
                let key = if down { Action::Down } else { Action::Up };
                if self.areas.moves.contains(at) {
                    self.step_list(key);
                } else {
                    let (x, y) = self.target;
                    self.set_target((x, if down { y.saturating_sub(1) } else { y + 1 }));
                }
                BoardAction::None
            }
        }
    }

    /// A number typed: that move of the chosen queen (N steps left, then down, then
    /// diagonally, as the list counts them) becomes the target.
    fn type_number(
        &mut self,
        view: &BoardView<'_, Wythoff>,
        digit: Option<u8>,
    ) -> BoardAction<QueenMove> {
        let (position, queen) = (view.position, self.queen);
        let action = self.list.type_digit(digit, |n| {
            let mv = position.move_numbered(queen, n)?;
            Some(ListedMove::new(position, mv, short_label(position, &mv)))
        });
        if let Some(mv) = self.list.selected_move() {
            self.target = mv.to;
            self.armed = None;
        }
        action
    }

    fn show_move(&mut self, view: &BoardView<'_, Wythoff>, mv: &QueenMove) {
        self.choose(view.position, mv.queen);
        if !self.list.select(mv) {
            let label = short_label(view.position, mv);
            self.list
                .entries
                .insert(0, ListedMove::new(view.position, *mv, label));
            self.list.selected = 0;
        }
        self.target = mv.to;
    }

    fn status(&self, view: &BoardView<'_, Wythoff>) -> Line<'static> {
        let position = view.position;
        let theme = view.theme;
        let (x, y) = self.target;
        let mut spans = vec![Span::styled(
            position.describe_part(self.queen).words(),
            theme.title,
        )];
        match self.target_move(position) {
            Some(mv) => {
                let how = match position.describe_move(&mv) {
                    Msg::QueenMove { take, line, .. } => match line {
                        QueenLine::First => tr!("board.wythoff.how.first", take = take),
                        QueenLine::Second => tr!("board.wythoff.how.second", take = take),
                        QueenLine::Both => tr!("board.wythoff.how.both", take = take),
                    },
                    other => other.words().into(),
                };
                spans.push(Span::styled(
                    tr!("board.wythoff.target", x = x, y = y, how = how).into_owned(),
                    theme.text,
                ));
                if view.hints {
                    let (mark, style) = if position.move_wins(&mv) {
                        (tr!("board.mark.wins"), theme.winning)
                    } else {
                        (tr!("board.mark.loses"), theme.losing)
                    };
                    spans.push(Span::styled(mark, style));
                }
            }
            None if self.target == Self::queen_at(position, self.queen) => {
                spans.push(Span::styled(tr!("board.wythoff.arrows"), theme.dim))
            }
            None => spans.push(Span::styled(
                tr!("board.wythoff.target_not_move", x = x, y = y).into_owned(),
                theme.losing,
            )),
        }
        if view.hints {
            let value = match known_value(x, y) {
                Some(v) => tr!("board.status.value", value = v).into_owned(),
                None if is_p_position(x, y) => tr!("board.wythoff.value_p").into_owned(),
                None => tr!("board.wythoff.value_unknown").into_owned(),
            };
            spans.push(Span::styled(value, theme.value));
        }
        Line::from(spans)
    }

    fn selected(&self) -> Option<QueenMove> {
        self.target_move_unchecked()
    }
}

impl WythoffBoard {
    /// The listed move under the selection, for the help popup.
    fn target_move_unchecked(&self) -> Option<QueenMove> {
        self.list.selected_move().copied()
    }
}
