//! The coin-grid board: the grid with row and column numbers, scrolled to the cursor and drawn
//! cell by visible cell (grids reach 100 × 100). The player picks a T coin as the anchor, then
//! builds the block by toggling cells and sees, live, why it is not legal yet and (hints) whether
//! it wins.

use std::collections::{BTreeSet, HashSet};

use anyhow::Context;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position as ScreenPosition, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Block as Frame;

use crate::game::{Impartial, Notation, Position};
use crate::games::grid::values::cell_exponent;
use crate::games::grid::{Block, Cell, CoinGrid, cell_value};
use crate::games::{Face, GameKind};
use crate::locale::Words;
use crate::nimber::Nimber;
use crate::setup::ReplayRng;
use crate::tr;
use crate::tui::board::{Board, BoardAction, BoardAreas, BoardInput, BoardView, GameSetup, Start};
use crate::tui::keymap::{self, Action};
use crate::tui::text;

/// Screen rows above the cells: the column numbers.
const HEADER: u16 = 1;

/// The block the player is building: its anchor and the other cells toggled so far. Any cell
/// may be toggled, so that the panel can say why a block is not legal yet.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Building {
    anchor: Cell,
    others: BTreeSet<Cell>,
    /// Whether this is the winning block the reveal key showed (untouched since).
    revealed: bool,
}

impl Building {
    fn block(&self) -> Block {
        Block::new(self.anchor, self.others.iter().copied())
    }

    /// The block's cells that lie up-left of the anchor and connect to it through the block:
    /// the others are what makes it illegal, marked on the board.
    fn connected(&self) -> HashSet<Cell> {
        let mut reached = HashSet::from([self.anchor]);
        let mut queue = vec![self.anchor];
        while let Some(Cell { row, col }) = queue.pop() {
            let next = [
                Cell::new(row.wrapping_sub(1), col),
                Cell::new(row + 1, col),
                Cell::new(row, col.wrapping_sub(1)),
                Cell::new(row, col + 1),
            ];
            for n in next {
                if n.is_up_left_of(self.anchor) && self.others.contains(&n) && reached.insert(n) {
                    queue.push(n);
                }
            }
        }
        reached
    }
}

/// The view state of the coin grid.
#[derive(Clone, Debug)]
pub struct GridBoard {
    rows: usize,
    cols: usize,
    cursor: Cell,
    building: Option<Building>,
    /// The first row and column on screen, 0-based.
    top: usize,
    left: usize,
    visible_rows: usize,
    visible_cols: usize,
    /// Screen columns per cell, from the last layout: wider when the grid has room.
    cell_width: u16,
    /// Screen rows per row of cells, from the last layout: 2 (the value's exponent, or a
    /// spacer, below the face) when they fit or in hint mode, else 1.
    cell_height: u16,
    /// Whether the second row of a cell shows its value's exponent (hint mode).
    values: bool,
    areas: BoardAreas,
    /// The last AI move the cursor was brought to, so the view follows each one once.
    followed: Option<Block>,
}

/// The number of decimal digits of `n`.
fn digits(n: usize) -> u16 {
    n.to_string().len() as u16
}

/// `2^5+2^1 = 34`: a nim-sum of grid values as the powers of two in it (the board shows
/// exponents), with the number itself when it is small. Long sums are cut after six terms.
fn powers(n: Nimber) -> String {
    if n.is_zero() {
        return "0".to_string();
    }
    let bits: Vec<u32> = n.bits().collect();
    let mut text = bits
        .iter()
        .rev()
        .take(6)
        .map(|k| format!("2^{k}"))
        .collect::<Vec<_>>()
        .join("+");
    if bits.len() > 6 {
        text.push_str(&tr!("board.grid.powers", n = bits.len()));
    }
    if bits.len() > 1
        && let Some(v) = n.to_u64()
        && v < 1 << 20
    {
        text.push_str(&format!(" = {v}"));
    }
    text
}

impl GridBoard {
    /// The least screen columns per cell: room for `[T]` or `T→H`, the largest exponent and
    /// the column number, each with a space before the next cell.
    fn min_cell_width(&self) -> u16 {
        let largest_exponent = if self.rows >= 2 && self.cols >= 2 {
            self.rows + self.cols - 2
        } else {
            // Row 1 and column 1 have lowbit values: at most 2^6 on a side of 100.
            6
        };
        4.max(digits(largest_exponent) + 1)
            .max(digits(self.cols) + 1)
    }

    /// Columns of screen left of the cells: the row numbers and a space.
    fn gutter(&self) -> u16 {
        digits(self.rows) + 1
    }

    fn first_tails(position: &CoinGrid) -> Option<Cell> {
        position.tails().first().copied()
    }

    fn move_cursor(&mut self, row: usize, col: usize) {
        self.cursor = Cell::new(row.clamp(1, self.rows), col.clamp(1, self.cols));
    }

    /// The next (or previous) T coin after the cursor in reading order, wrapping around.
    fn next_tails(&self, position: &CoinGrid, forward: bool) -> Option<Cell> {
        let n = self.rows * self.cols;
        let index = (self.cursor.row - 1) * self.cols + self.cursor.col - 1;
        (1..=n)
            .map(|k| {
                if forward {
                    (index + k) % n
                } else {
                    (index + n - k % n) % n
                }
            })
            .map(|i| Cell::new(i / self.cols + 1, i % self.cols + 1))
            .find(|&c| position.is_tails(c))
    }

    fn cell_at(&self, at: ScreenPosition) -> Option<Cell> {
        let area = self.areas.board;
        if !area.contains(at) {
            return None;
        }
        let (x0, y0) = (area.x + self.gutter(), area.y + HEADER);
        if at.x < x0 || at.y < y0 {
            return None;
        }
        let col = ((at.x - x0) / self.cell_width.max(1)) as usize;
        let row = ((at.y - y0) / self.cell_height.max(1)) as usize;
        if col >= self.visible_cols || row >= self.visible_rows {
            return None;
        }
        let cell = Cell::new(self.top + row + 1, self.left + col + 1);
        (cell.row <= self.rows && cell.col <= self.cols).then_some(cell)
    }

    fn not_now(view: &BoardView<'_, CoinGrid>) -> BoardAction<Block> {
        if view.position.is_over() {
            BoardAction::Message(
                tr!(
                    "board.grid.over",
                    undo = keymap::key_for(Action::Undo),
                    new = keymap::key_for(Action::NewGame)
                )
                .into_owned(),
            )
        } else {
            BoardAction::Message(tr!("game.wait_turn").into_owned())
        }
    }

    /// Enter, Space or a click on the cursor cell: pick it as the anchor, toggle it in the
    /// block, or (on the anchor) play the block.
    fn select(&mut self, view: &BoardView<'_, CoinGrid>) -> BoardAction<Block> {
        if !view.accepting {
            return Self::not_now(view);
        }
        let cell = self.cursor;
        match &mut self.building {
            Some(building) if building.anchor == cell => self.play_built(view),
            Some(building) => {
                if !building.others.remove(&cell) {
                    building.others.insert(cell);
                }
                building.revealed = false;
                BoardAction::None
            }
            None if view.position.is_tails(cell) => {
                self.building = Some(Building {
                    anchor: cell,
                    others: BTreeSet::new(),
                    revealed: false,
                });
                BoardAction::None
            }
            None => BoardAction::Message(
                tr!(
                    "board.grid.anchor_heads",
                    cell = cell,
                    key = keymap::key_for(Action::NextPart)
                )
                .into_owned(),
            ),
        }
    }

    fn play_built(&mut self, view: &BoardView<'_, CoinGrid>) -> BoardAction<Block> {
        if !view.accepting {
            return Self::not_now(view);
        }
        let Some(building) = &self.building else {
            return BoardAction::Message(
                tr!("board.grid.no_block", key = keymap::key_for(Action::Select)).into_owned(),
            );
        };
        let block = building.block();
        match view.position.check_block(&block) {
            Ok(()) => BoardAction::Play(block),
            Err(why) => {
                BoardAction::Message(tr!("board.grid.not_legal", why = why.0.words()).into_owned())
            }
        }
    }

    /// Flips the anchor (or, with no block started, the cursor's coin) alone.
    fn alone(&mut self, view: &BoardView<'_, CoinGrid>) -> BoardAction<Block> {
        if !view.accepting {
            return Self::not_now(view);
        }
        let anchor = self.building.as_ref().map_or(self.cursor, |b| b.anchor);
        if view.position.is_tails(anchor) {
            BoardAction::Play(Block::new(anchor, []))
        } else {
            BoardAction::Message(tr!("board.grid.alone_heads", cell = anchor).into_owned())
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn render_cell(
        &self,
        view: &BoardView<'_, CoinGrid>,
        cell: Cell,
        x: u16,
        y: u16,
        connected: Option<&HashSet<Cell>>,
        buf: &mut Buffer,
    ) {
        let theme = view.theme;
        let w = self.cell_width as usize;
        let face = view.position.face(cell);
        let is_cursor = cell == self.cursor;
        let in_block = self
            .building
            .as_ref()
            .is_some_and(|b| b.anchor == cell || b.others.contains(&cell));
        let stray = in_block && connected.is_some_and(|c| !c.contains(&cell));
        let in_last = view.last.is_some_and(|p| p.mv.contains(cell));

        let (text, mut style) = if stray {
            (
                format!("?{}?", face.letter()),
                theme.preview.patch(theme.losing),
            )
        } else if in_block {
            (
                format!("{}→{}", face.letter(), face.flipped().letter()),
                theme.preview,
            )
        } else {
            let style = match face {
                Face::Tails => theme.tails,
                Face::Heads => theme.heads,
            };
            if is_cursor {
                (format!("[{}]", face.letter()), style)
            } else {
                (face.letter().to_string(), style)
            }
        };
        if in_last && !in_block {
            style = style.patch(theme.last_move);
        }
        if is_cursor {
            style = style.patch(theme.cursor);
        }
        buf.set_stringn(x, y, format!("{text:^w$}"), w, style);

        if self.cell_height >= 2 {
            let mut style = if !self.values {
                Style::new()
            } else if face == Face::Tails {
                theme.value
            } else {
                theme.dim
            };
            if in_block {
                style = style.patch(theme.preview);
            }
            if is_cursor {
                style = style.patch(theme.cursor);
            }
            let text = if self.values {
                cell_exponent(cell).to_string()
            } else {
                String::new()
            };
            buf.set_stringn(x, y + 1, format!("{text:^w$}"), w, style);
        }
    }

    /// The side panel: how to pick an anchor, or the block being built — legal or why not,
    /// and in hint mode whether it wins. Most important first, since a short panel cuts the
    /// end.
    fn render_panel(&self, view: &BoardView<'_, CoinGrid>, area: Rect, buf: &mut Buffer) {
        let theme = view.theme;
        let title = match &self.building {
            Some(b) if b.revealed => tr!("board.grid.title_winning", cell = b.anchor),
            Some(b) => tr!("board.grid.title_at", cell = b.anchor),
            None => tr!("board.grid.title"),
        };
        crate::tui::board::render_text_panel(
            Frame::bordered()
                .title(Line::styled(
                    text::fit(&title, area.width.saturating_sub(2) as usize),
                    theme.title,
                ))
                .border_style(if self.building.is_some() {
                    theme.focus_border
                } else {
                    theme.border
                }),
            self.panel_lines(view),
            area,
            buf,
            theme,
        );
    }

    /// The side panel's text: how to pick an anchor, or the block being built.
    fn panel_lines(&self, view: &BoardView<'_, CoinGrid>) -> Vec<Line<'static>> {
        let theme = view.theme;
        if view.position.is_over() {
            return crate::tui::board::game_over_lines(theme);
        }
        let key = |action: Action| Span::styled(keymap::key_for(action), theme.key);
        let mut lines: Vec<Line<'static>> = Vec::new();
        match &self.building {
            None => {
                let cell = self.cursor;
                let face = view.position.face(cell);
                let mut about = vec![Span::raw(
                    tr!("board.grid.cell_shows", cell = cell, face = face.letter()).into_owned(),
                )];
                if view.hints {
                    about.push(Span::styled(
                        tr!("board.grid.cell_value", k = cell_exponent(cell)).into_owned(),
                        theme.value,
                    ));
                }
                about.push(Span::raw(tr!("board.grid.full_stop")));
                lines.push(Line::from(about));
                lines.push(Line::from(vec![
                    Span::raw(tr!("board.grid.pick_1")),
                    key(Action::Select),
                    Span::raw(tr!("board.grid.pick_2")),
                    key(Action::Alone),
                    Span::raw(tr!("board.grid.pick_3")),
                    key(Action::NextPart),
                    Span::raw(tr!("board.grid.pick_4")),
                ]));
            }
            Some(building) => {
                let block = building.block();
                match view.position.check_block(&block) {
                    Ok(()) => {
                        let coins = match block.len() {
                            1 => tr!("board.grid.anchor_alone"),
                            n => tr!("board.grid.coins", n = n),
                        };
                        lines.push(Line::from(vec![
                            Span::styled(
                                tr!("board.grid.legal", coins = coins).into_owned(),
                                theme.winning,
                            ),
                            key(Action::PlayBuilt),
                            Span::raw(tr!("board.grid.legal_play")),
                        ]));
                    }
                    Err(why) => lines.push(Line::styled(
                        tr!("board.grid.not_legal_mark", why = why.0.words()).into_owned(),
                        theme.losing,
                    )),
                }
                if view.hints {
                    lines.extend(self.hint_lines(view, &block));
                }
                lines.push(Line::from(vec![
                    Span::styled("Space", theme.key),
                    Span::raw("/"),
                    key(Action::Select),
                    Span::raw(tr!("board.grid.keys_toggle")),
                    key(Action::PlayBuilt),
                    Span::raw(tr!("board.grid.keys_play")),
                    key(Action::Alone),
                    Span::raw(tr!("board.grid.keys_alone")),
                    key(Action::Back),
                    Span::raw(tr!("board.grid.keys_drop")),
                ]));
            }
        }
        let mut legend = Vec::new();
        if self.building.is_some() {
            legend.push(Span::styled("T→H", theme.preview));
            legend.push(Span::raw(tr!("board.grid.legend_flips")));
            legend.push(Span::styled("?H?", theme.preview.patch(theme.losing)));
            legend.push(Span::raw(tr!("board.grid.legend_illegal")));
        }
        if view.last.is_some() {
            if !legend.is_empty() {
                legend.push(Span::raw(" · "));
            }
            legend.push(Span::styled(tr!("board.grid.underlined"), theme.last_move));
            legend.push(Span::raw(tr!("board.grid.last_move")));
        }
        if !legend.is_empty() {
            lines.push(Line::from(legend));
        }
        if view.hints {
            lines.push(Line::styled(tr!("board.grid.under_coin"), theme.value));
        }
        lines
    }

    /// Hint mode while building: the XOR of the block's other cells against what a winning
    /// block needs, nim-sum ⊕ value(anchor), and whether this block wins.
    fn hint_lines(&self, view: &BoardView<'_, CoinGrid>, block: &Block) -> Vec<Line<'static>> {
        let theme = view.theme;
        let anchor = block.anchor();
        let others: Nimber = block.others().map(cell_value).sum();
        let needed = view.position.nim_sum() ^ cell_value(anchor);
        let mut lines = vec![Line::from(vec![
            Span::raw(tr!("board.grid.xor_others")),
            Span::styled(powers(others), theme.value),
            Span::raw(tr!("board.grid.win_needs")),
            Span::styled(powers(needed), theme.value),
        ])];
        let legal = view.position.check_block(block).is_ok();
        let winning_anchor = match view.position.nim_sum().highest_bit() {
            Some(h) => tr!("board.grid.winning_anchors", k = h),
            None => tr!("board.grid.no_win"),
        };
        lines.push(if others == needed && legal {
            Line::styled(tr!("board.grid.wins"), theme.winning)
        } else if others == needed {
            Line::styled(tr!("board.grid.wins_once_legal"), theme.winning)
        } else if needed >= cell_value(anchor) {
            Line::styled(
                tr!("board.grid.no_block_wins", anchors = winning_anchor).into_owned(),
                theme.losing,
            )
        } else {
            Line::styled(
                tr!("board.grid.loses", key = keymap::key_for(Action::Reveal)).into_owned(),
                theme.losing,
            )
        });
        lines
    }
}

impl Board for GridBoard {
    fn cursor_part(&self, _position: &CoinGrid) -> Option<Cell> {
        Some(self.cursor)
    }

    type Game = CoinGrid;

    const KIND: GameKind = GameKind::Grid;

    const RULES: &'static [&'static str] = &["rules.grid.1", "rules.grid.2", "rules.grid.3"];

    fn start_position(setup: &GameSetup, rng: &mut ReplayRng) -> anyhow::Result<CoinGrid> {
        if let Some(code) = &setup.code {
            return CoinGrid::from_code(code).with_context(|| {
                tr!("board.error.bad_code", game = "grid", code = code).into_owned()
            });
        }
        let side = 1..=CoinGrid::MAX_SIDE;
        anyhow::ensure!(
            side.contains(&setup.rows),
            "{}",
            tr!(
                "board.grid.error_rows",
                max = CoinGrid::MAX_SIDE,
                n = setup.rows
            )
        );
        anyhow::ensure!(
            side.contains(&setup.cols),
            "{}",
            tr!(
                "board.grid.error_cols",
                max = CoinGrid::MAX_SIDE,
                n = setup.cols
            )
        );
        Ok(match setup.start {
            Start::Standard => CoinGrid::new(&vec![vec![Face::Tails; setup.cols]; setup.rows])?,
            Start::Random | Start::RandomWinning => CoinGrid::random(setup.rows, setup.cols, rng),
        })
    }

    fn new(position: &CoinGrid) -> GridBoard {
        GridBoard {
            rows: position.rows(),
            cols: position.cols(),
            cursor: Self::first_tails(position).unwrap_or(Cell::new(1, 1)),
            building: None,
            top: 0,
            left: 0,
            visible_rows: 1,
            visible_cols: 1,
            cell_width: 3,
            cell_height: 1,
            values: false,
            areas: BoardAreas::default(),
            followed: None,
        }
    }

    fn position_changed(&mut self, position: &CoinGrid) {
        self.building = None;
        self.rows = position.rows();
        self.cols = position.cols();
        self.move_cursor(self.cursor.row, self.cursor.col);
    }

    fn summary(position: &CoinGrid) -> String {
        format!("{} × {}", position.rows(), position.cols())
    }

    fn min_size(&self) -> (u16, u16) {
        (self.gutter() + self.min_cell_width() * 3, HEADER + 2 * 2)
    }

    /// The match asks only in hint mode, where a row of cells takes two screen rows.
    fn height_for(&self, _width: u16) -> u16 {
        u16::try_from(self.rows)
            .unwrap_or(u16::MAX)
            .saturating_mul(2)
            .saturating_add(HEADER)
    }

    fn layout(&mut self, view: &BoardView<'_, CoinGrid>, areas: BoardAreas) {
        self.areas = areas;
        // The AI's block may be far off screen on a large grid: bring the cursor (and so the
        // view) to its anchor once, so the player sees what it did.
        if let Some(last) = view.last.filter(|p| p.by == crate::tui::board::Side::Ai)
            && self.followed.as_ref() != Some(&last.mv)
        {
            self.followed = Some(last.mv.clone());
            if self.building.is_none() {
                let anchor = last.mv.anchor();
                self.cursor = Cell::new(
                    anchor.row.clamp(1, self.rows),
                    anchor.col.clamp(1, self.cols),
                );
            }
        }
        let board = areas.board;
        let width = board.width.saturating_sub(self.gutter());
        let height = board.height.saturating_sub(HEADER);
        // A small grid gets wider cells and a spacer row, so cells look square rather than
        // huddled in a corner.
        let least = self.min_cell_width();
        let room = u16::try_from(self.cols).map_or(0, |cols| width / cols);
        self.cell_width = room.clamp(least, least.max(5));
        self.values = view.hints;
        let tall = self.rows.saturating_mul(2) <= height as usize;
        self.cell_height = if view.hints || tall { 2 } else { 1 };
        self.visible_cols = ((width / self.cell_width) as usize).clamp(1, self.cols);
        self.visible_rows = ((height / self.cell_height) as usize).clamp(1, self.rows);
        let fit = |first: &mut usize, at: usize, visible: usize, total: usize| {
            if at < *first {
                *first = at;
            } else if at >= *first + visible {
                *first = at + 1 - visible;
            }
            *first = (*first).min(total - visible);
        };
        fit(
            &mut self.top,
            self.cursor.row - 1,
            self.visible_rows,
            self.rows,
        );
        fit(
            &mut self.left,
            self.cursor.col - 1,
            self.visible_cols,
            self.cols,
        );
    }

    fn render(&self, view: &BoardView<'_, CoinGrid>, areas: BoardAreas, buf: &mut Buffer) {
        let theme = view.theme;
        let board = areas.board;
        let (cw, ch, gutter) = (self.cell_width, self.cell_height, self.gutter());
        let bottom = board.y + board.height;
        let right = board.x + board.width;
        let connected = self.building.as_ref().map(Building::connected);
        if board.height > HEADER {
            for j in 0..self.visible_cols {
                let col = self.left + j + 1;
                let x = board.x + gutter + j as u16 * cw;
                if x + cw > right {
                    break;
                }
                let style = if col == self.cursor.col {
                    theme.key
                } else {
                    theme.dim
                };
                buf.set_stringn(
                    x,
                    board.y,
                    format!("{col:^w$}", w = cw as usize),
                    cw as usize,
                    style,
                );
            }
        }
        for i in 0..self.visible_rows {
            let row = self.top + i + 1;
            let y = board.y + HEADER + i as u16 * ch;
            if y + ch > bottom {
                break;
            }
            let style = if row == self.cursor.row {
                theme.key
            } else {
                theme.dim
            };
            let g = gutter as usize - 1;
            buf.set_stringn(board.x, y, format!("{row:>g$}"), g, style);
            for j in 0..self.visible_cols {
                let x = board.x + gutter + j as u16 * cw;
                if x + cw > right {
                    break;
                }
                let cell = Cell::new(row, self.left + j + 1);
                self.render_cell(view, cell, x, y, connected.as_ref(), buf);
            }
        }
        // Where the view is, when the grid does not fit.
        if (self.visible_rows < self.rows || self.visible_cols < self.cols) && board.y > 0 {
            let (rows, cols) = (
                format!("{}-{}", self.top + 1, self.top + self.visible_rows),
                format!("{}-{}", self.left + 1, self.left + self.visible_cols),
            );
            // The longest form that fits the frame: a narrow board gets the short one.
            let mark = [
                tr!(
                    "board.grid.shown_long",
                    rows = rows,
                    cols = cols,
                    all_rows = self.rows,
                    all_cols = self.cols
                ),
                tr!(
                    "board.grid.shown_medium",
                    rows = rows,
                    cols = cols,
                    all_rows = self.rows,
                    all_cols = self.cols
                ),
                tr!("board.grid.shown_short", rows = rows, cols = cols),
            ]
            .into_iter()
            .find(|t| text::width(t) <= board.width as usize)
            .map_or_else(
                || {
                    text::fit(
                        tr!("board.grid.shown_short", rows = rows, cols = cols).trim_end(),
                        board.width as usize,
                    )
                },
                |t| t.into_owned(),
            );
            let x = right.saturating_sub(text::width(&mark) as u16).max(board.x);
            buf.set_stringn(x, bottom, mark, board.width as usize, theme.dim);
        }
        self.render_panel(view, areas.moves, buf);
    }

    fn handle(&mut self, view: &BoardView<'_, CoinGrid>, input: BoardInput) -> BoardAction<Block> {
        let Cell { row, col } = self.cursor;
        match input {
            BoardInput::Action(action) => {
                match action {
                    Action::Left => self.move_cursor(row, col.saturating_sub(1)),
                    Action::Right => self.move_cursor(row, col + 1),
                    Action::Up => self.move_cursor(row.saturating_sub(1), col),
                    Action::Down => self.move_cursor(row + 1, col),
                    Action::PageUp => self.move_cursor(row.saturating_sub(self.visible_rows), col),
                    Action::PageDown => self.move_cursor(row + self.visible_rows, col),
                    Action::Home => self.move_cursor(1, 1),
                    Action::End => self.move_cursor(self.rows, self.cols),
                    Action::NextPart | Action::PrevPart => {
                        match self.next_tails(view.position, action == Action::NextPart) {
                            Some(c) => self.cursor = c,
                            None => {
                                return BoardAction::Message(
                                    tr!("board.grid.no_tails").into_owned(),
                                );
                            }
                        }
                    }
                    Action::Select => return self.select(view),
                    Action::PlayBuilt => return self.play_built(view),
                    Action::Alone => return self.alone(view),
                    Action::Back if self.building.is_some() => {
                        self.building = None;
                        return BoardAction::Message(tr!("board.grid.dropped").into_owned());
                    }
                    _ => {}
                }
                BoardAction::None
            }
            BoardInput::Click(at) => match self.cell_at(at) {
                Some(cell) => {
                    self.cursor = cell;
                    self.select(view)
                }
                None => BoardAction::None,
            },
            BoardInput::Wheel { down, at } => {
                if self.areas.board.contains(at) {
                    if down {
                        self.move_cursor(row + 1, col);
                    } else {
                        self.move_cursor(row.saturating_sub(1), col);
                    }
                }
                BoardAction::None
            }
        }
    }

    fn show_move(&mut self, _view: &BoardView<'_, CoinGrid>, mv: &Block) {
        self.cursor = mv.anchor();
        self.building = Some(Building {
            anchor: mv.anchor(),
            others: mv.others().collect(),
            revealed: true,
        });
    }

    fn panel_text(&self, view: &BoardView<'_, CoinGrid>) -> Vec<String> {
        if false {
            return Vec::new();
        }
        crate::tui::board::plain_text(&self.panel_lines(view))
    }

    fn status(&self, view: &BoardView<'_, CoinGrid>) -> Line<'static> {
        let cell = self.cursor;
        let face = view.position.face(cell);
        let mut spans = vec![
            Span::styled(
                tr!("board.grid.cell", cell = cell).into_owned(),
                view.theme.title,
            ),
            Span::raw(format!(" · {}", face.letter())),
        ];
        if view.hints {
            spans.push(Span::styled(
                tr!("board.grid.status_value", k = cell_exponent(cell)).into_owned(),
                view.theme.value,
            ));
        }
        spans.push(Span::styled(
            match (1..=self.rows)
                .map(|r| view.position.row_bits(r).count_ones())
                .sum::<u32>()
            {
                1 => tr!("board.coins.one_tails").into_owned(),
                k => tr!("board.coins.tails", count = k).into_owned(),
            },
            Style::new().patch(view.theme.dim),
        ));
        Line::from(spans)
    }
}
