//! The coin-row board: numbered coins wrapping to the width, a cursor on one coin, the moves of
//! the chosen T coin listed beside it and previewed on the board. Draws only the visible rows,
//! so a row of 30000 coins scrolls as fast as one of 16.

use anyhow::Context;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position as ScreenPosition, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Block;

use crate::game::{Impartial, Notation};
use crate::games::coins::notation;
use crate::games::coins::{CoinMove, CoinRow, coin_value};
use crate::games::{Face, GameKind};
use crate::locale::Words;
use crate::setup::ReplayRng;
use crate::tr;
use crate::tui::board::{
    Board, BoardAction, BoardAreas, BoardInput, BoardView, GameSetup, ListedMove, MoveList, Side,
    Start,
};
use crate::tui::boards::cursor;
use crate::tui::keymap::{self, Action};
use crate::tui::text;

/// Rows of screen per row of coins: the number, the face, the value (hint mode).
const CELL_HEIGHT: u16 = 3;

/// The view state of the coin row.
#[derive(Clone, Debug)]
pub struct CoinsBoard {
    n: usize,
    /// The coin under the cursor, 1-based.
    cursor: usize,
    /// The moves of the chosen coin, when one is chosen.
    list: Option<MoveList<CoinMove>>,
    /// The list entry clicked once: a second click on it plays it.
    armed: Option<usize>,
    /// The first row of coins on screen.
    scroll: usize,
    per_row: usize,
    rows_visible: usize,
    areas: BoardAreas,
    /// The last AI move the cursor was brought to, so each is followed once.
    followed: Option<CoinMove>,
}

impl CoinsBoard {
    fn cell_width(&self) -> u16 {
        (self.n.to_string().len().max(3) + 2) as u16
    }

    fn moves_of(position: &CoinRow, coin: usize) -> Vec<CoinMove> {
        position.moves_of(coin, usize::MAX).0
    }

    /// Opens the move list of the cursor coin, or says why it cannot be chosen.
    fn choose(&mut self, view: &BoardView<'_, CoinRow>) -> BoardAction<CoinMove> {
        let coin = self.cursor;
        if !view.accepting {
            return BoardAction::Message(tr!("game.wait_turn").into_owned());
        }
        if view.position.face(coin) == Face::Heads {
            return BoardAction::Message(
                tr!(
                    "board.coins.heads",
                    coin = coin,
                    key = keymap::key_for(Action::NextPart)
                )
                .into_owned(),
            );
        }
        let moves = Self::moves_of(view.position, coin);
        if moves.is_empty() {
            return BoardAction::Message(
                tr!(
                    "board.coins.no_factor",
                    coin = coin,
                    factored = factored(coin)
                )
                .into_owned(),
            );
        }
        let entries = moves
            .into_iter()
            .map(|mv| ListedMove::new(view.position, mv, move_label(&mv)))
            .collect();
        self.list = Some(MoveList::new(
            tr!("board.coins.moves_of", coin = coin).into_owned(),
            entries,
            false,
        ));
        self.armed = None;
        BoardAction::None
    }

    fn move_cursor(&mut self, to: usize) {
        let to = to.clamp(1, self.n);
        if to != self.cursor {
            self.list = None;
            self.armed = None;
        }
        self.cursor = to;
    }

    /// The next (or previous) coin after the cursor that has a move, wrapping around.
    fn next_movable(&self, position: &CoinRow, forward: bool) -> Option<usize> {
        cursor::next_movable(self.cursor - 1, self.n, forward, |i| {
            let c = i + 1;
            position.face(c) == Face::Tails && !Self::moves_of(position, c).is_empty()
        })
        .map(|i| i + 1)
    }

    fn coin_at(&self, at: ScreenPosition) -> Option<usize> {
        let area = self.areas.board;
        if !area.contains(at) {
            return None;
        }
        let col = ((at.x - area.x) / self.cell_width()) as usize;
        let row = ((at.y - area.y) / CELL_HEIGHT) as usize + self.scroll;
        if col >= self.per_row {
            return None;
        }
        let coin = row * self.per_row + col + 1;
        (coin <= self.n).then_some(coin)
    }

    fn render_coin(
        &self,
        view: &BoardView<'_, CoinRow>,
        coin: usize,
        cell: Rect,
        preview: &[u32],
        last: &[u32],
        buf: &mut Buffer,
    ) {
        let theme = view.theme;
        let face = view.position.face(coin);
        let is_cursor = coin == self.cursor;
        let in_preview = preview.contains(&(coin as u32));
        let in_last = last.contains(&(coin as u32));
        let w = cell.width as usize;

        let number_style = if in_last { theme.last_move } else { theme.dim };
        buf.set_stringn(cell.x, cell.y, format!("{coin:^w$}"), w, number_style);

        let face_style = match face {
            Face::Tails => theme.tails,
            Face::Heads => theme.heads,
        };
        let (text, style) = if in_preview {
            (
                format!("{}→{}", face.letter(), face.flipped().letter()),
                theme.preview,
            )
        } else if is_cursor {
            (format!("[{}]", face.letter()), face_style)
        } else {
            (face.letter().to_string(), face_style)
        };
        let style = if in_last && !in_preview {
            style.patch(theme.last_move)
        } else {
            style
        };
        let style = if is_cursor {
            style.patch(theme.cursor)
        } else {
            style
        };
        buf.set_stringn(cell.x, cell.y + 1, format!("{text:^w$}"), w, style);

        if view.hints {
            let value = coin_value(coin, view.position.maxq());
            let text = format!("*{}", value.short());
            let style = if face == Face::Tails {
                theme.value
            } else {
                theme.dim
            };
            buf.set_stringn(cell.x, cell.y + 2, format!("{text:^w$}"), w, style);
        }
    }

    fn render_panel(&self, view: &BoardView<'_, CoinRow>, area: Rect, buf: &mut Buffer) {
        let theme = view.theme;
        if let Some(list) = &self.list {
            list.render(area, buf, view.hints, theme);
            return;
        }
        crate::tui::board::render_text_panel(
            Block::bordered()
                .title(Line::styled(tr!("board.moves_title"), theme.title))
                .border_style(theme.border),
            self.panel_lines(view),
            area,
            buf,
            theme,
        );
    }

    /// The side panel's text when no coin is chosen: how to choose one, and the cursor coin.
    fn panel_lines(&self, view: &BoardView<'_, CoinRow>) -> Vec<Line<'static>> {
        let theme = view.theme;
        if crate::game::Position::is_over(view.position) {
            return crate::tui::board::game_over_lines(theme);
        }
        let coin = self.cursor;
        let mut lines = vec![Line::from(tr!("board.coins.choose"))];
        lines.push(Line::from(vec![
            Span::raw(tr!("board.coins.how_1")),
            Span::styled(keymap::key_for(Action::Select), theme.key),
            Span::raw(tr!("board.coins.how_2")),
            Span::styled(keymap::key_for(Action::NextPart), theme.key),
            Span::raw(tr!("board.coins.how_3")),
        ]));
        lines.push(Line::raw(""));
        let face = view.position.face(coin);
        let count = if face == Face::Tails {
            Self::moves_of(view.position, coin).len()
        } else {
            0
        };
        let what = match (face, count) {
            (Face::Heads, _) => tr!("board.coins.cannot"),
            (Face::Tails, 0) => tr!("board.coins.no_move"),
            (Face::Tails, 1) => tr!("board.coins.one_move"),
            (Face::Tails, k) => tr!("board.coins.moves", count = k),
        };
        lines.push(Line::from(
            tr!(
                "board.coins.shows",
                coin = coin,
                factored = factored(coin),
                face = face.letter(),
                what = what
            )
            .into_owned(),
        ));
        lines
    }
}

/// ` (=2^2·3)` for coin 12: the coin row's one factorisation, as the nim-sum panel and the
/// command line write it.
pub fn factored(coin: usize) -> String {
    u32::try_from(coin).map_or_else(|_| String::new(), notation::factored)
}

/// A move as the list shows it: `÷2: flip 12 6 3`, the notation's words after the coin.
fn move_label(mv: &CoinMove) -> String {
    notation::move_flips(mv).words()
}

impl Board for CoinsBoard {
    fn move_list_mut(
        &mut self,
    ) -> Option<&mut MoveList<<Self::Game as crate::game::Position>::Move>> {
        self.list.as_mut()
    }

    fn cursor_part(&self, _position: &CoinRow) -> Option<usize> {
        Some(self.cursor)
    }

    type Game = CoinRow;

    const KIND: GameKind = GameKind::Coins;

    const RULES: &'static [&'static str] = &[
        "rules.coins.1",
        "rules.coins.2",
        "rules.coins.3",
        "rules.coins.4",
    ];

    fn start_position(setup: &GameSetup, rng: &mut ReplayRng) -> anyhow::Result<CoinRow> {
        if let Some(code) = &setup.code {
            return CoinRow::from_code(code).with_context(|| {
                tr!("board.error.bad_code", game = "coins", code = code).into_owned()
            });
        }
        anyhow::ensure!(
            (1..=CoinRow::MAX_N).contains(&setup.coins),
            "{}",
            tr!("board.coins.error_n", max = CoinRow::MAX_N, n = setup.coins)
        );
        anyhow::ensure!(
            (1..=CoinRow::MAX_MAXQ).contains(&setup.maxq),
            "{}",
            tr!(
                "board.coins.error_maxq",
                max = CoinRow::MAX_MAXQ,
                maxq = setup.maxq
            )
        );
        Ok(match setup.start {
            Start::Standard => CoinRow::new(setup.maxq, &vec![Face::Tails; setup.coins])?,
            Start::Random | Start::RandomWinning => CoinRow::random(setup.coins, setup.maxq, rng),
        })
    }

    fn new(position: &CoinRow) -> CoinsBoard {
        let mut board = CoinsBoard {
            n: position.n(),
            cursor: 1,
            list: None,
            armed: None,
            scroll: 0,
            per_row: 1,
            rows_visible: 1,
            areas: BoardAreas::default(),
            followed: None,
        };
        if let Some(first) = board.next_movable(position, true) {
            board.cursor = first;
        }
        board
    }

    fn position_changed(&mut self, position: &CoinRow) {
        self.list = None;
        self.armed = None;
        self.n = position.n();
        self.cursor = self.cursor.clamp(1, self.n);
    }

    fn summary(position: &CoinRow) -> String {
        tr!(
            "board.coins.summary",
            n = position.n(),
            maxq = position.maxq()
        )
        .into_owned()
    }

    fn min_size(&self) -> (u16, u16) {
        (self.cell_width() * 4, CELL_HEIGHT * 2)
    }

    fn height_for(&self, width: u16) -> u16 {
        let per_row = ((width / self.cell_width()) as usize).max(1);
        let rows = self.n.div_ceil(per_row);
        u16::try_from(rows)
            .unwrap_or(u16::MAX)
            .saturating_mul(CELL_HEIGHT)
    }

    fn layout(&mut self, view: &BoardView<'_, CoinRow>, areas: BoardAreas) {
        self.areas = areas;
        // The AI's move may be far off screen in a long row: bring the cursor (and so the
        // view) to its coin once, so the player sees what it did.
        if let Some(last) = view.last.filter(|p| p.by == Side::Ai)
            && self.followed != Some(last.mv)
        {
            self.followed = Some(last.mv);
            if self.list.is_none() {
                self.cursor = (last.mv.coin as usize).clamp(1, self.n);
            }
        }
        let board = areas.board;
        self.per_row = ((board.width / self.cell_width()) as usize).max(1);
        self.rows_visible = ((board.height / CELL_HEIGHT) as usize).max(1);
        let rows = self.n.div_ceil(self.per_row);
        let row = (self.cursor - 1) / self.per_row;
        self.scroll = cursor::scroll_to(row, self.scroll, rows, self.rows_visible);
        if let Some(list) = &mut self.list {
            list.layout_for(areas.moves, view.hints);
        }
    }

    fn render(&self, view: &BoardView<'_, CoinRow>, areas: BoardAreas, buf: &mut Buffer) {
        let board = areas.board;
        let cw = self.cell_width();
        let preview: Vec<u32> = self
            .list
            .as_ref()
            .and_then(|l| l.selected_move())
            .map(CoinMove::flipped)
            .unwrap_or_default();
        let last: Vec<u32> = view.last.map(|p| p.mv.flipped()).unwrap_or_default();
        for r in 0..self.rows_visible {
            let y = board.y + r as u16 * CELL_HEIGHT;
            if y + CELL_HEIGHT > board.y + board.height {
                break;
            }
            for col in 0..self.per_row {
                let coin = (self.scroll + r) * self.per_row + col + 1;
                if coin > self.n {
                    break;
                }
                let cell = Rect::new(board.x + col as u16 * cw, y, cw, CELL_HEIGHT);
                self.render_coin(view, coin, cell, &preview, &last, buf);
            }
        }
        // A scroll mark when the row does not fit.
        let rows = self.n.div_ceil(self.per_row);
        if rows > self.rows_visible && board.width > 0 && board.y > 0 {
            let mark = tr!(
                "board.rows_shown",
                first = self.scroll + 1,
                last = (self.scroll + self.rows_visible).min(rows),
                total = rows
            );
            let mark = text::fit(&mark, board.width as usize);
            let x = (board.x + board.width).saturating_sub(text::width(&mark) as u16);
            buf.set_string(x, board.y + board.height, mark, view.theme.dim);
        }
        self.render_panel(view, areas.moves, buf);
    }

    fn handle(
        &mut self,
        view: &BoardView<'_, CoinRow>,
        input: BoardInput,
    ) -> BoardAction<CoinMove> {
        match input {
            BoardInput::Action(action) => {
                if let Some(answer) = cursor::list_key(&mut self.list, action, view.accepting) {
                    return answer;
                }
                // The cursor is 1-based here (coin 1 is the leftmost).
                let (per_row, rows) = (self.per_row, self.rows_visible);
                if let Some(to) = cursor::step(action, self.cursor - 1, self.n, per_row, rows) {
                    self.move_cursor(to + 1);
                    return BoardAction::None;
                }
                match action {
                    Action::NextPart | Action::PrevPart => {
                        match self.next_movable(view.position, action == Action::NextPart) {
                            Some(c) => self.move_cursor(c),
                            None => {
                                return BoardAction::Message(
                                    tr!("board.coins.none_movable").into_owned(),
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
                if let Some(coin) = self.coin_at(at) {
                    self.move_cursor(coin);
                    if view.position.face(coin) == Face::Tails {
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
                    return BoardAction::None;
                }
                if self.areas.board.contains(at) {
                    let key = if down { Action::Down } else { Action::Up };
                    if let Some(to) = cursor::step(key, self.cursor - 1, self.n, self.per_row, 1) {
                        self.move_cursor(to + 1);
                    }
                }
                BoardAction::None
            }
        }
    }

    fn show_move(&mut self, view: &BoardView<'_, CoinRow>, mv: &CoinMove) {
        self.move_cursor(mv.coin as usize);
        self.list = None;
        if let BoardAction::None = self.choose(view)
            && let Some(list) = &mut self.list
        {
            list.select(mv);
        }
    }

    fn panel_text(&self, view: &BoardView<'_, CoinRow>) -> Vec<String> {
        if self.list.is_some() {
            return Vec::new();
        }
        crate::tui::board::plain_text(&self.panel_lines(view))
    }

    fn selected(&self) -> Option<<CoinRow as crate::game::Position>::Move> {
        self.list.as_ref().and_then(|l| l.selected_move()).copied()
    }

    fn status(&self, view: &BoardView<'_, CoinRow>) -> Line<'static> {
        let coin = self.cursor;
        let face = view.position.face(coin);
        let mut spans = vec![
            Span::styled(
                tr!("board.coins.coin", coin = coin).into_owned(),
                view.theme.title,
            ),
            Span::raw(format!("{} · {}", factored(coin), face.letter())),
        ];
        if view.hints {
            let value = coin_value(coin, view.position.maxq());
            spans.push(Span::styled(
                tr!("board.status.value", value = value.short()).into_owned(),
                view.theme.value,
            ));
        }
        spans.push(Span::styled(
            match view.position.tails_count() {
                1 => tr!("board.coins.one_tails").into_owned(),
                k => tr!("board.coins.tails", count = k).into_owned(),
            },
            Style::new().patch(view.theme.dim),
        ));
        Line::from(spans)
    }
}
