//! The Binary Dodgeball board, in two views: boxes 1..n in a line wrapping to the width, or
//! (the chain view) one chain w, 2w, 4w, … (w odd) per row, right-aligned so that a piece's
//! column is its Nim heap and a throw moves it right along its row. Only visible boxes are
//! drawn and every lookup is O(1) or O(log n), so 10^6 boxes scroll as fast as 20.

use anyhow::Context;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position as ScreenPosition, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Block;

use crate::game::{Impartial, Notation};
use crate::games::GameKind;
use crate::games::dodgeball::chains::{
    box_at_column, chain_count, chain_index, chain_of, column_of, columns,
};
use crate::games::dodgeball::{Dodgeball, Throw, heap};
use crate::setup::ReplayRng;
use crate::tr;
use crate::tui::board::{
    Board, BoardAction, BoardAreas, BoardInput, BoardView, GameSetup, ListKey, ListedMove,
    MoveList, Side, Start,
};
use crate::tui::keymap::{self, Action};
use crate::tui::text;
use crate::tui::theme::Theme;

/// Rows of screen per box: its number, its piece, a note (the heap in hint mode, or the part
/// it plays in the throw being chosen).
const CELL_HEIGHT: u16 = 3;

/// How the boxes are laid out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum View {
    /// Boxes 1..n in reading order, wrapping to the width.
    #[default]
    Line,
    /// One chain w, 2w, 4w, … (w odd) per row, right-aligned: the column is the heap.
    Chains,
}

/// A chosen piece and its throws.
#[derive(Clone, Debug)]
struct Selection {
    from: usize,
    list: MoveList<Throw>,
}

/// The view state of the dodgeball board.
#[derive(Clone, Debug)]
pub struct DodgeballBoard {
    n: usize,
    view: View,
    /// The box under the cursor, 1-based.
    cursor: usize,
    selection: Option<Selection>,
    /// The list entry clicked once: a second click on it plays it.
    armed: Option<usize>,
    /// The first row on screen: a row of boxes (line view) or a chain index (chain view).
    scroll: usize,
    /// The chain view's first column on screen.
    column_scroll: usize,
    per_row: usize,
    rows_visible: usize,
    columns_visible: usize,
    /// The last move already brought into view, so the board follows each AI move once.
    last_seen: Option<Throw>,
    areas: BoardAreas,
}

/// ` = 3·2^2` for box 12: the box as its chain's odd base times a power of two; empty for
/// an odd box (the start of its chain).
pub fn chain_form(b: usize) -> String {
    let (w, k) = chain_of(b);
    match (w, k) {
        (_, 0) => String::new(),
        (1, 1) => String::new(),
        (1, k) => format!(" = 2^{k}"),
        (w, 1) => format!(" = {w}·2"),
        (w, k) => format!(" = {w}·2^{k}"),
    }
}

/// A collision target: its own colour, so it never looks like a landing on an empty box.
/// Without colours it is bold and underlined, and its mark (✸) and note (hit) say it too.
fn collision_style(theme: &Theme) -> Style {
    if theme.colour {
        Style::new()
            .bg(Color::Red)
            .fg(Color::White)
            .add_modifier(Modifier::BOLD)
    } else {
        Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
    }
}

/// A throw as the list shows it: `to box 8`, `to box 8 ✸ collides`.
fn throw_label(position: &Dodgeball, mv: &Throw) -> String {
    if position.collides(mv) {
        tr!("board.dodgeball.to_collides", to = mv.to).into_owned()
    } else {
        tr!("board.dodgeball.to", to = mv.to).into_owned()
    }
}

/// `1 box`, `3 boxes`: the texts `<key>.one` and `<key>.many` (with `%{n}`).
fn plural(count: usize, key: &str) -> String {
    let form = if count == 1 { "one" } else { "many" };
    crate::locale::text(&format!("{key}.{form}")).replace("%{n}", &count.to_string())
}

impl DodgeballBoard {
    /// The current view.
    pub fn view(&self) -> View {
        self.view
    }

    fn cell_width(&self) -> u16 {
        (self.n.to_string().len().max(3) + 2) as u16
    }

    /// The box the board keeps in view: the chosen target while a piece is chosen, else the
    /// cursor.
    fn focus(&self) -> usize {
        self.selection
            .as_ref()
            .and_then(|s| s.list.selected_move())
            .map_or(self.cursor, |mv| mv.to as usize)
    }

    fn move_cursor(&mut self, to: usize) {
        let to = to.clamp(1, self.n);
        if to != self.cursor {
            self.selection = None;
            self.armed = None;
        }
        self.cursor = to;
    }

    /// Chooses the piece under the cursor and lists its throws, or says why it cannot be.
    fn choose(&mut self, view: &BoardView<'_, Dodgeball>) -> BoardAction<Throw> {
        let from = self.cursor;
        if !view.accepting {
            return BoardAction::Message(tr!("game.wait_turn").into_owned());
        }
        let position = view.position;
        if !position.has_piece(from) {
            return BoardAction::Message(
                tr!(
                    "board.dodgeball.empty",
                    from = from,
                    key = keymap::key_for(Action::NextPart)
                )
                .into_owned(),
            );
        }
        let (moves, _) = position.moves_of(from, usize::MAX);
        if moves.is_empty() {
            return BoardAction::Message(
                tr!(
                    "board.dodgeball.stuck",
                    from = from,
                    double = 2 * from,
                    n = self.n
                )
                .into_owned(),
            );
        }
        let entries = moves
            .into_iter()
            .map(|mv| ListedMove::new(position, mv, throw_label(position, &mv)))
            .collect();
        self.selection = Some(Selection {
            from,
            list: MoveList::new(
                tr!("board.dodgeball.throws_of", from = from).into_owned(),
                entries,
                false,
            ),
        });
        self.armed = None;
        BoardAction::None
    }

    /// The chosen piece's list entry for a throw to `to`, if `to` is one of its targets.
    fn target_entry(&self, to: usize) -> Option<(usize, &ListedMove<Throw>)> {
        let selection = self.selection.as_ref()?;
        let p = Throw {
            from: selection.from as u32,
            to: to as u32,
        }
        .doublings()?;
        // Entries are the targets nearest first: p doublings is entry p − 1.
        let i = p as usize - 1;
        let entry = selection.list.entries.get(i)?;
        (entry.mv.to as usize == to).then_some((i, entry))
    }

    /// The next (or previous) piece after the cursor that can move, wrapping around: in box
    /// order in the line view, row by row in the chain view.
    fn next_movable(&self, position: &Dodgeball, forward: bool) -> Option<usize> {
        let half = self.n / 2;
        if half == 0 {
            return None;
        }
        match self.view {
            View::Line => {
                let c = self.cursor;
                if forward {
                    position
                        .pieces_in(c + 1, half)
                        .next()
                        .or_else(|| position.pieces_in(1, c.min(half)).next())
                } else {
                    position
                        .pieces_in(1, c.saturating_sub(1))
                        .last()
                        .or_else(|| position.pieces_in(c, half).last())
                }
            }
            View::Chains => {
                let rows = chain_count(self.n);
                let here = chain_index(self.cursor);
                let column = column_of(self.cursor, self.n);
                // The pieces of chain i that can move, left to right.
                let in_chain = |i: usize| {
                    std::iter::successors(Some(2 * i + 1), |&b| Some(2 * b))
                        .take_while(move |&b| b <= half)
                        .filter(|&b| position.has_piece(b))
                };
                // Rest of this row first; then the other rows, wrapping back to this one.
                if forward {
                    in_chain(here)
                        .find(|&b| column_of(b, self.n) > column)
                        .or_else(|| {
                            (1..=rows)
                                .map(|k| (here + k) % rows)
                                .find_map(|i| in_chain(i).next())
                        })
                } else {
                    in_chain(here)
                        .filter(|&b| column_of(b, self.n) < column)
                        .last()
                        .or_else(|| {
                            (1..=rows)
                                .map(|k| (here + rows - k) % rows)
                                .find_map(|i| in_chain(i).last())
                        })
                }
            }
        }
    }

    /// The box of chain `i` nearest to `column`: the chain is right-aligned, so a short
    /// chain's nearest box to a column left of it is its first.
    fn chain_box_near(&self, i: usize, column: usize) -> usize {
        let w = 2 * i + 1;
        let first = column_of(w, self.n);
        box_at_column(i, column.max(first), self.n).unwrap_or(w)
    }

    /// Moves the cursor `by` rows (chains in the chain view) up or down.
    fn move_rows(&mut self, by: usize, down: bool) {
        match self.view {
            View::Line => {
                let step = by * self.per_row;
                if down {
                    if self.cursor + step <= self.n {
                        self.move_cursor(self.cursor + step);
                    } else {
                        // A page past the end stops on the last row, in the same column.
                        let last_row = (self.n - 1) / self.per_row;
                        let col = (self.cursor - 1) % self.per_row;
                        self.move_cursor((last_row * self.per_row + col + 1).min(self.n));
                    }
                } else {
                    let to = if self.cursor > step {
                        self.cursor - step
                    } else {
                        (self.cursor - 1) % self.per_row + 1
                    };
                    self.move_cursor(to);
                }
            }
            View::Chains => {
                let here = chain_index(self.cursor);
                let last = chain_count(self.n) - 1;
                let to = if down {
                    (here + by).min(last)
                } else {
                    here.saturating_sub(by)
                };
                let column = column_of(self.cursor, self.n);
                self.move_cursor(self.chain_box_near(to, column));
            }
        }
    }

    /// The box at a screen cell, as last laid out.
    fn box_at(&self, at: ScreenPosition) -> Option<usize> {
        let area = self.areas.board;
        if !area.contains(at) {
            return None;
        }
        let cw = self.cell_width();
        match self.view {
            View::Line => {
                let col = ((at.x - area.x) / cw) as usize;
                let row = ((at.y - area.y) / CELL_HEIGHT) as usize + self.scroll;
                if col >= self.per_row {
                    return None;
                }
                let b = row * self.per_row + col + 1;
                (b <= self.n).then_some(b)
            }
            View::Chains => {
                // The top row holds the heap of each column.
                let dy = at.y.checked_sub(area.y + 1)?;
                let i = (dy / CELL_HEIGHT) as usize + self.scroll;
                let column = ((at.x - area.x) / cw) as usize;
                if column >= self.columns_visible {
                    return None;
                }
                box_at_column(i, column + self.column_scroll, self.n)
            }
        }
    }

    /// Whether box `b` is on screen with the current scroll.
    fn visible(&self, b: usize) -> bool {
        match self.view {
            View::Line => {
                let row = (b - 1) / self.per_row;
                (self.scroll..self.scroll + self.rows_visible).contains(&row)
            }
            View::Chains => {
                let column = column_of(b, self.n);
                (self.scroll..self.scroll + self.rows_visible).contains(&chain_index(b))
                    && (self.column_scroll..self.column_scroll + self.columns_visible)
                        .contains(&column)
            }
        }
    }

    /// A new AI move wholly off screen: bring its target under the cursor so the player sees
    /// it (on a board that fits the screen this never moves the cursor).
    fn follow_last_move(&mut self, view: &BoardView<'_, Dodgeball>) {
        let Some(played) = view.last else {
            self.last_seen = None;
            return;
        };
        if self.last_seen == Some(played.mv) {
            return;
        }
        self.last_seen = Some(played.mv);
        let (from, to) = (played.mv.from as usize, played.mv.to as usize);
        if played.by == Side::Ai
            && self.selection.is_none()
            && to <= self.n
            && !self.visible(from)
            && !self.visible(to)
        {
            self.move_cursor(to);
        }
    }

    fn render_box(&self, view: &BoardView<'_, Dodgeball>, b: usize, cell: Rect, buf: &mut Buffer) {
        let theme = view.theme;
        let w = cell.width as usize;
        let piece = view.position.has_piece(b);
        let target = self.target_entry(b);
        let from = self.selection.as_ref().map(|s| s.from);
        let is_from = from == Some(b);
        let chosen = match (&self.selection, target) {
            (Some(s), Some((i, _))) => s.list.selected == i,
            (Some(_), None) => false,
            (None, _) => b == self.cursor,
        };
        let in_last = view
            .last
            .is_some_and(|p| p.mv.from as usize == b || p.mv.to as usize == b);

        let number_style = if in_last { theme.last_move } else { theme.dim };
        buf.set_stringn(cell.x, cell.y, format!("{b:^w$}"), w, number_style);

        let collision = collision_style(theme);
        let (mark, style) = match target {
            Some(_) if piece => ("✸", collision),
            Some(_) => ("○", theme.preview),
            None if is_from => ("●", theme.selected),
            None if piece => ("●", theme.tails),
            None => ("·", theme.heads),
        };
        let mut style = style;
        if in_last && target.is_none() && !is_from {
            style = style.patch(theme.last_move);
        }
        let text = if chosen {
            style = style.patch(theme.cursor);
            format!("[{mark}]")
        } else {
            mark.to_string()
        };
        buf.set_stringn(cell.x, cell.y + 1, text::pad_centre(&text, w), w, style);

        let note = match target {
            Some((_, entry)) => {
                let word = if piece {
                    tr!("board.dodgeball.hit")
                } else {
                    tr!("board.dodgeball.cell_to")
                };
                if view.hints {
                    let (tick, style) = if entry.wins {
                        ("✓", theme.winning)
                    } else {
                        ("✗", theme.losing)
                    };
                    Some((format!("{tick}{word}"), style))
                } else {
                    Some((
                        word.to_string(),
                        if piece { collision } else { theme.notice },
                    ))
                }
            }
            None if view.hints && piece => Some((format!("*{}", heap(b, self.n)), theme.value)),
            None if is_from => Some((tr!("board.dodgeball.from").into_owned(), theme.notice)),
            None => None,
        };
        if let Some((text, style)) = note {
            buf.set_stringn(cell.x, cell.y + 2, text::pad_centre(&text, w), w, style);
        }
    }

    fn render_line(&self, view: &BoardView<'_, Dodgeball>, board: Rect, buf: &mut Buffer) {
        let cw = self.cell_width();
        for r in 0..self.rows_visible {
            let y = board.y + r as u16 * CELL_HEIGHT;
            if y + CELL_HEIGHT > board.y + board.height {
                break;
            }
            for col in 0..self.per_row {
                let b = (self.scroll + r) * self.per_row + col + 1;
                if b > self.n {
                    break;
                }
                let cell = Rect::new(board.x + col as u16 * cw, y, cw, CELL_HEIGHT);
                self.render_box(view, b, cell, buf);
            }
        }
        let rows = self.n.div_ceil(self.per_row);
        if rows > self.rows_visible {
            let text = tr!(
                "board.rows_shown",
                first = self.scroll + 1,
                last = (self.scroll + self.rows_visible).min(rows),
                total = rows
            );
            scroll_mark(board, &text, buf, view.theme);
        }
    }

    fn render_chains(&self, view: &BoardView<'_, Dodgeball>, board: Rect, buf: &mut Buffer) {
        let theme = view.theme;
        let cw = self.cell_width();
        let total_columns = columns(self.n);
        let shown_columns = self.columns_visible.min(total_columns - self.column_scroll);
        for k in 0..shown_columns {
            let column = self.column_scroll + k;
            let h = total_columns - 1 - column;
            let label = if view.hints {
                format!("*{h}")
            } else {
                format!("h={h}")
            };
            let x = board.x + k as u16 * cw;
            let w = cw as usize;
            buf.set_stringn(x, board.y, format!("{label:^w$}"), w, theme.value);
        }
        if self.column_scroll > 0 {
            buf.set_stringn(board.x, board.y, "◀", 1, theme.notice);
        }
        if self.column_scroll + shown_columns < total_columns && shown_columns > 0 {
            let x = board.x + shown_columns as u16 * cw - 1;
            buf.set_stringn(x, board.y, "▶", 1, theme.notice);
        }
        let chains = chain_count(self.n);
        for r in 0..self.rows_visible {
            let i = self.scroll + r;
            let y = board.y + 1 + r as u16 * CELL_HEIGHT;
            if i >= chains || y + CELL_HEIGHT > board.y + board.height {
                break;
            }
            for k in 0..shown_columns {
                if let Some(b) = box_at_column(i, self.column_scroll + k, self.n) {
                    let cell = Rect::new(board.x + k as u16 * cw, y, cw, CELL_HEIGHT);
                    self.render_box(view, b, cell, buf);
                }
            }
        }
        if chains > self.rows_visible {
            let text = tr!(
                "board.dodgeball.chains_shown",
                first = self.scroll + 1,
                last = (self.scroll + self.rows_visible).min(chains),
                total = chains
            );
            scroll_mark(board, &text, buf, theme);
        }
    }

    fn render_panel(&self, view: &BoardView<'_, Dodgeball>, area: Rect, buf: &mut Buffer) {
        let theme = view.theme;
        if let Some(selection) = &self.selection {
            selection.list.render(area, buf, view.hints, theme);
            return;
        }
        crate::tui::board::render_text_panel(
            Block::bordered()
                .title(Line::styled(tr!("board.dodgeball.throws"), theme.title))
                .border_style(theme.border),
            self.panel_lines(view),
            area,
            buf,
            theme,
        );
    }

    /// The side panel's text when no piece is chosen: how to choose one, and the cursor box.
    fn panel_lines(&self, view: &BoardView<'_, Dodgeball>) -> Vec<Line<'static>> {
        let theme = view.theme;
        if crate::game::Position::is_over(view.position) {
            return crate::tui::board::game_over_lines(theme);
        }
        let b = self.cursor;
        let n = self.n;
        let about = if !view.position.has_piece(b) {
            tr!("board.dodgeball.box_empty", b = b, form = chain_form(b)).into_owned()
        } else {
            let targets = view.position.targets(b);
            match targets.as_slice() {
                [] => tr!(
                    "board.dodgeball.box_stuck",
                    b = b,
                    form = chain_form(b),
                    n = n
                )
                .into_owned(),
                targets => tr!(
                    "board.dodgeball.box_piece",
                    b = b,
                    form = chain_form(b),
                    targets = boxes_words(targets)
                )
                .into_owned(),
            }
        };
        let key = |action| Span::styled(keymap::key_for(action), theme.key);
        // The chain view leads with what it shows, since that is why it is open; both end
        // with the key that switches.
        match self.view {
            View::Line => vec![
                Line::from(vec![
                    Span::raw(tr!("board.dodgeball.how_1")),
                    key(Action::Select),
                    Span::raw(tr!("board.dodgeball.how_2")),
                    key(Action::NextPart),
                    Span::raw(tr!("board.dodgeball.how_3")),
                ]),
                Line::raw(""),
                Line::raw(about),
                Line::raw(""),
                Line::from(vec![
                    key(Action::View),
                    Span::raw(tr!("board.dodgeball.to_chains")),
                ]),
            ],
            View::Chains => vec![
                Line::raw(tr!("board.dodgeball.chains_about")),
                Line::raw(""),
                Line::raw(about),
                Line::raw(""),
                Line::from(vec![
                    key(Action::View),
                    Span::raw(tr!("board.dodgeball.to_line")),
                    key(Action::NextPart),
                    Span::raw(tr!("board.dodgeball.next_piece")),
                ]),
            ],
        }
    }
}

/// `box 4`, `boxes 2, 4 and 8`, `boxes 2, 4, 8, …, 512 (9 boxes, each double the last)`:
/// the boxes a piece can be thrown to, every one of them or, when many, the pattern.
fn boxes_words(boxes: &[usize]) -> String {
    match boxes {
        [] => tr!("board.dodgeball.no_box").into_owned(),
        [one] => tr!("board.dodgeball.one_box", b = one).into_owned(),
        [init @ .., last] if boxes.len() <= 4 => {
            let init: Vec<String> = init.iter().map(usize::to_string).collect();
            tr!(
                "board.dodgeball.boxes",
                init = init.join(&tr!("board.dodgeball.list_separator")),
                last = last
            )
            .into_owned()
        }
        [a, b, c, .., last] => tr!(
            "board.dodgeball.boxes_doubling",
            a = a,
            b = b,
            c = c,
            last = last,
            n = boxes.len()
        )
        .into_owned(),
        _ => unreachable!("lists of 1 to 4 boxes are matched above"),
    }
}

/// A scroll position on the board frame's bottom border, right-aligned.
fn scroll_mark(board: Rect, mark: &str, buf: &mut Buffer, theme: &Theme) {
    if board.width == 0 || board.y == 0 {
        return;
    }
    let mark = &text::fit(mark, board.width as usize);
    let x = (board.x + board.width).saturating_sub(text::width(mark) as u16);
    buf.set_stringn(
        x.max(board.x),
        board.y + board.height,
        mark,
        board.width as usize,
        theme.dim,
    );
}

impl Board for DodgeballBoard {
    fn move_list_mut(
        &mut self,
    ) -> Option<&mut MoveList<<Self::Game as crate::game::Position>::Move>> {
        self.selection.as_mut().map(|s| &mut s.list)
    }

    type Game = Dodgeball;

    const KIND: GameKind = GameKind::Dodgeball;

    const RULES: &'static [&'static str] = &[
        "rules.dodgeball.1",
        "rules.dodgeball.2",
        "rules.dodgeball.3",
    ];

    fn start_position(setup: &GameSetup, rng: &mut ReplayRng) -> anyhow::Result<Dodgeball> {
        if let Some(code) = &setup.code {
            return Dodgeball::from_code(code).with_context(|| {
                tr!("board.error.bad_code", game = "dodgeball", code = code).into_owned()
            });
        }
        anyhow::ensure!(
            (1..=Dodgeball::MAX_N).contains(&setup.boxes),
            "{}",
            tr!(
                "board.dodgeball.error_n",
                max = Dodgeball::MAX_N,
                n = setup.boxes
            )
        );
        Ok(match setup.start {
            Start::Standard => Dodgeball::full(setup.boxes),
            Start::Random | Start::RandomWinning => Dodgeball::random(setup.boxes, rng),
        })
    }

    fn new(position: &Dodgeball) -> DodgeballBoard {
        let n = position.n();
        DodgeballBoard {
            n,
            view: View::Line,
            cursor: position.pieces_in(1, n / 2).next().unwrap_or(1),
            selection: None,
            armed: None,
            scroll: 0,
            column_scroll: 0,
            per_row: 1,
            rows_visible: 1,
            columns_visible: 1,
            last_seen: None,
            areas: BoardAreas::default(),
        }
    }

    fn position_changed(&mut self, position: &Dodgeball) {
        self.selection = None;
        self.armed = None;
        self.n = position.n();
        self.cursor = self.cursor.clamp(1, self.n);
    }

    fn summary(position: &Dodgeball) -> String {
        plural(position.n(), "board.dodgeball.boxes_count")
    }

    fn min_size(&self) -> (u16, u16) {
        // The chain view's heap row is one more than the line view needs.
        (self.cell_width() * 4, CELL_HEIGHT * 2 + 1)
    }

    fn height_for(&self, width: u16) -> u16 {
        let rows = match self.view {
            View::Line => {
                let per_row = ((width / self.cell_width()) as usize).max(1);
                self.n.div_ceil(per_row)
            }
            View::Chains => chain_count(self.n),
        };
        let header = if self.view == View::Chains { 1 } else { 0 };
        u16::try_from(rows)
            .unwrap_or(u16::MAX)
            .saturating_mul(CELL_HEIGHT)
            .saturating_add(header)
    }

    fn layout(&mut self, view: &BoardView<'_, Dodgeball>, areas: BoardAreas) {
        self.areas = areas;
        let board = areas.board;
        let cw = self.cell_width();
        match self.view {
            View::Line => {
                self.per_row = ((board.width / cw) as usize).max(1);
                self.rows_visible = ((board.height / CELL_HEIGHT) as usize).max(1);
            }
            View::Chains => {
                self.columns_visible = ((board.width / cw) as usize).max(1);
                self.rows_visible =
                    ((board.height.saturating_sub(1) / CELL_HEIGHT) as usize).max(1);
            }
        }
        self.follow_last_move(view);
        let focus = self.focus();
        let (row, rows) = match self.view {
            View::Line => ((focus - 1) / self.per_row, self.n.div_ceil(self.per_row)),
            View::Chains => (chain_index(focus), chain_count(self.n)),
        };
        if row < self.scroll {
            self.scroll = row;
        } else if row >= self.scroll + self.rows_visible {
            self.scroll = row + 1 - self.rows_visible;
        }
        self.scroll = self.scroll.min(rows.saturating_sub(self.rows_visible));
        if self.view == View::Chains {
            let column = column_of(focus, self.n);
            if column < self.column_scroll {
                self.column_scroll = column;
            } else if column >= self.column_scroll + self.columns_visible {
                self.column_scroll = column + 1 - self.columns_visible;
            }
            self.column_scroll = self
                .column_scroll
                .min(columns(self.n).saturating_sub(self.columns_visible));
        }
        if let Some(selection) = &mut self.selection {
            selection.list.layout_for(areas.moves, view.hints);
        }
    }

    fn render(&self, view: &BoardView<'_, Dodgeball>, areas: BoardAreas, buf: &mut Buffer) {
        match self.view {
            View::Line => self.render_line(view, areas.board, buf),
            View::Chains => self.render_chains(view, areas.board, buf),
        }
        self.render_panel(view, areas.moves, buf);
    }

    fn handle(&mut self, view: &BoardView<'_, Dodgeball>, input: BoardInput) -> BoardAction<Throw> {
        match input {
            BoardInput::Action(action) => {
                if let Some(selection) = &mut self.selection {
                    // The targets lie along the board: ←→ step through them too.
                    let key = match action {
                        Action::Left => Action::Up,
                        Action::Right => Action::Down,
                        other => other,
                    };
                    match selection.list.key(key, view.accepting) {
                        ListKey::Handled(answer) => return answer,
                        ListKey::Close => {
                            self.selection = None;
                            self.armed = None;
                            return BoardAction::None;
                        }
                        ListKey::Pass => {}
                    }
                }
                let page = self.rows_visible.max(1);
                match action {
                    Action::View => {
                        self.view = match self.view {
                            View::Line => View::Chains,
                            View::Chains => View::Line,
                        };
                    }
                    Action::Left => match self.view {
                        View::Line => self.move_cursor(self.cursor.saturating_sub(1)),
                        View::Chains if self.cursor.is_multiple_of(2) => {
                            self.move_cursor(self.cursor / 2)
                        }
                        View::Chains => {}
                    },
                    Action::Right => match self.view {
                        View::Line => self.move_cursor(self.cursor + 1),
                        View::Chains if 2 * self.cursor <= self.n => {
                            self.move_cursor(2 * self.cursor)
                        }
                        View::Chains => {}
                    },
                    Action::Up => self.move_rows(1, false),
                    Action::Down => self.move_rows(1, true),
                    Action::PageUp => self.move_rows(page, false),
                    Action::PageDown => self.move_rows(page, true),
                    Action::Home => self.move_cursor(1),
                    Action::End => self.move_cursor(self.n),
                    Action::NextPart | Action::PrevPart => {
                        match self.next_movable(view.position, action == Action::NextPart) {
                            Some(b) => self.move_cursor(b),
                            None => {
                                return BoardAction::Message(
                                    tr!("board.dodgeball.none_movable").into_owned(),
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
                if let Some(selection) = &mut self.selection
                    && let Some(answer) = selection.list.click(
                        at,
                        &mut self.armed,
                        view.accepting,
                        "board.what.throw",
                    )
                {
                    return answer;
                }
                let Some(b) = self.box_at(at) else {
                    return BoardAction::None;
                };
                if let Some(selection) = &self.selection {
                    if b == selection.from {
                        // A second click on the chosen piece puts it back.
                        self.selection = None;
                        self.armed = None;
                        return BoardAction::None;
                    }
                    if let Some((_, entry)) = self.target_entry(b) {
                        return if view.accepting {
                            BoardAction::Play(entry.mv)
                        } else {
                            BoardAction::Message(tr!("game.wait_turn").into_owned())
                        };
                    }
                }
                self.move_cursor(b);
                if view.position.has_piece(b) {
                    self.choose(view)
                } else {
                    BoardAction::None
                }
            }
            BoardInput::Wheel { down, at } => {
                if let Some(selection) = &mut self.selection
                    && self.areas.moves.contains(at)
                {
                    selection.list.wheel(down);
                    return BoardAction::None;
                }
                if self.areas.board.contains(at) {
                    self.move_rows(1, down);
                }
                BoardAction::None
            }
        }
    }

    fn show_move(&mut self, view: &BoardView<'_, Dodgeball>, mv: &Throw) {
        self.selection = None;
        self.move_cursor(mv.from as usize);
        if let BoardAction::None = self.choose(view)
            && let Some(selection) = &mut self.selection
        {
            selection.list.select(mv);
        }
    }

    fn panel_text(&self, view: &BoardView<'_, Dodgeball>) -> Vec<String> {
        if self.selection.is_some() {
            return Vec::new();
        }
        crate::tui::board::plain_text(&self.panel_lines(view))
    }

    fn selected(&self) -> Option<<Dodgeball as crate::game::Position>::Move> {
        self.selection
            .as_ref()
            .and_then(|s| s.list.selected_move())
            .copied()
    }

    fn status(&self, view: &BoardView<'_, Dodgeball>) -> Line<'static> {
        let theme = view.theme;
        let position = view.position;
        if let Some(mv) = self.selection.as_ref().and_then(|s| s.list.selected_move()) {
            let mut spans = vec![
                Span::styled(
                    tr!("board.dodgeball.throw", from = mv.from, to = mv.to).into_owned(),
                    theme.title,
                ),
                if position.collides(mv) {
                    Span::styled(tr!("board.dodgeball.collides"), collision_style(theme))
                } else {
                    Span::raw(tr!("board.dodgeball.lands"))
                },
            ];
            if view.hints {
                spans.push(Span::styled(
                    tr!(
                        "board.dodgeball.nim_sum_after",
                        value = position.nim_sum_after(mv).short()
                    )
                    .into_owned(),
                    theme.value,
                ));
            }
            return Line::from(spans);
        }
        let b = self.cursor;
        let mut spans = vec![
            Span::styled(tr!("board.dodgeball.box", b = b).into_owned(), theme.title),
            Span::raw(chain_form(b)),
        ];
        if position.has_piece(b) {
            let h = heap(b, self.n) as usize;
            spans.push(Span::raw(tr!("board.dodgeball.piece")));
            if view.hints {
                spans.push(Span::styled(
                    tr!("board.dodgeball.heap", h = h).into_owned(),
                    theme.value,
                ));
            } else {
                spans.push(Span::raw(format!(
                    " · {}",
                    plural(h, "board.dodgeball.doublings")
                )));
            }
        } else {
            spans.push(Span::raw(tr!("board.dodgeball.empty_box")));
        }
        spans.push(Span::styled(
            format!(
                " · {}",
                plural(position.piece_count(), "board.dodgeball.pieces")
            ),
            theme.dim,
        ));
        Line::from(spans)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chain_forms() {
        assert_eq!(chain_form(1), "");
        assert_eq!(chain_form(2), "");
        assert_eq!(chain_form(7), "");
        assert_eq!(chain_form(8), " = 2^3");
        assert_eq!(chain_form(6), " = 3·2");
        assert_eq!(boxes_words(&[4]), "box 4");
        assert_eq!(boxes_words(&[2, 4, 8]), "boxes 2, 4 and 8");
        assert_eq!(
            boxes_words(&[2, 4, 8, 16, 32]),
            "boxes 2, 4, 8, …, 32 (5 boxes, each double the last)"
        );
        assert_eq!(chain_form(12), " = 3·2^2");
    }
}
