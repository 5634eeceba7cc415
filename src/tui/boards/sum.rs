//! The board of a sum of games: one small board per component, stacked, each drawn by its own
//! game ([`super::sketch`]) in a frame titled with the component's game and, in hint mode, its
//! value — the nim-sum panel below XORs those values, which is the Sprague–Grundy theorem on
//! screen. A cursor picks a component; Enter lists its moves, and the selected move is previewed
//! as the component's drawing after it.

use anyhow::Context;
use rand::RngExt;
use rand::rngs::StdRng;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position as ScreenPosition, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use super::sketch::{MAX_ROWS, sketch};
use crate::game::{Impartial, Notation};
use crate::games::GameKind;
use crate::games::sum::{Component, Sum};
use crate::tui::board::{
    Board, BoardAction, BoardAreas, BoardInput, BoardView, GameSetup, ListKey, ListedMove,
    MoveList, Start,
};
use crate::tui::keymap::{self, Action};

/// The standard start of the menu's sum: three Nim heaps, a Kayles row and a coin row — the
/// issue's own example of a sum no other tool lets anyone play.
pub const STANDARD: &str = "nim:3,4,5+kayles:6+coins:8:HTTHTHHT";

/// A random sum: two to four components, each a small position of a game picked at random.
pub fn random_code(rng: &mut StdRng) -> String {
    let count = rng.random_range(2..=4);
    (0..count)
        .map(|_| {
            let heaps = |rng: &mut StdRng, n: usize, most: u64| -> String {
                (0..n)
                    .map(|_| rng.random_range(1..=most).to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            };
            match rng.random_range(0..8) {
                0 => format!("nim:{}", heaps(rng, 2, 7)),
                1 => format!("kayles:{}", heaps(rng, 1, 9)),
                2 => format!("grundy:{}", heaps(rng, 1, 12)),
                3 => format!("bash:3:{}", heaps(rng, 2, 10)),
                4 => {
                    let n = rng.random_range(5..=10);
                    let faces: String = (0..n)
                        .map(|_| if rng.random_bool(0.5) { 'T' } else { 'H' })
                        .collect();
                    format!("coins:{}:{faces}", rng.random_range(2..=4))
                }
                5 => format!("stairs:{}", heaps(rng, 4, 4)),
                6 => format!("wythoff:{}", heaps(rng, 2, 9)),
                _ => format!("ed:{}", heaps(rng, 2, 9)),
            }
        })
        .collect::<Vec<_>>()
        .join("+")
}

/// The rows a component's frame takes: its drawing and, when it has the selected move, the
/// drawing after it, and two for the frame.
fn frame_height(component: &Component, width: usize, preview: bool) -> u16 {
    let theme = crate::tui::theme::Theme::plain();
    let rows = sketch(component, width, &theme).len();
    let rows = if preview { 2 * rows + 1 } else { rows };
    u16::try_from(rows.min(2 * MAX_ROWS + 3) + 2).unwrap_or(u16::MAX)
}

/// The view state: the component under the cursor, its open move list, the frames as drawn.
#[derive(Clone, Debug)]
pub struct SumBoard {
    cursor: usize,
    count: usize,
    list: Option<MoveList<(usize, crate::games::sum::AnyMove)>>,
    armed: Option<usize>,
    /// The first component drawn.
    scroll: usize,
    /// Each drawn component's frame, for clicks.
    frames: Vec<(usize, Rect)>,
    /// Each component's frame height at a middling width, for [`Board::height_for`].
    heights: Vec<u16>,
    areas: BoardAreas,
}

impl SumBoard {
    fn choose(&mut self, view: &BoardView<'_, Sum>) -> BoardAction<<Sum as Position>::Move> {
        if !view.accepting {
            return BoardAction::Message("Wait for your turn.".to_string());
        }
        let i = self.cursor;
        let (moves, more) = view.position.moves_of(i, 500);
        if moves.is_empty() {
            return BoardAction::Message(format!(
                "{} has no move ({} jumps to one that has).",
                view.position.describe_part(i),
                keymap::key_for(Action::NextPart)
            ));
        }
        let entries = moves
            .into_iter()
            .map(|mv| {
                // The list's title names the component: drop `[i] game: ` from each move.
                let words = view.position.describe_move(&mv);
                let label = words
                    .split_once(": ")
                    .map_or(words.clone(), |(_, rest)| rest.to_string());
                ListedMove::new(view.position, mv, label)
            })
            .collect();
        self.list = Some(MoveList::new(
            format!("Moves of {}", view.position.describe_part(i)),
            entries,
            more,
        ));
        self.armed = None;
        BoardAction::None
    }

    fn move_cursor(&mut self, to: usize) {
        let to = to.min(self.count.saturating_sub(1));
        if to != self.cursor {
            self.list = None;
            self.armed = None;
        }
        self.cursor = to;
    }

    fn next_movable(&self, position: &Sum, forward: bool) -> Option<usize> {
        let n = self.count;
        (1..=n)
            .map(|k| {
                if forward {
                    (self.cursor + k) % n
                } else {
                    (self.cursor + 2 * n - k) % n
                }
            })
            .find(|&i| !position.components()[i].is_over())
    }

    /// The selected move, when it is a move of component `i`.
    fn preview_of(&self, i: usize) -> Option<&crate::games::sum::AnyMove> {
        let (j, mv) = self.list.as_ref()?.selected_move()?;
        (*j == i).then_some(mv)
    }
}

use crate::game::Position;

/// `words` at the right end of row `y` of `frame` (a border row).
fn put_on_border(buf: &mut Buffer, frame: Rect, y: u16, words: &str, style: ratatui::style::Style) {
    let width = words.chars().count() as u16;
    if frame.width > width + 2 {
        buf.set_string(frame.right() - width - 2, y, words, style);
    }
}

impl Board for SumBoard {
    type Game = Sum;
    const KIND: GameKind = GameKind::Sum;
    const RULES: &'static [&'static str] = &[
        "A sum of games: positions of different games side by side, written as their codes \
         joined with + (nim:3,4+kayles:5+coins:4:HTT). A move is a move in exactly one \
         component, by that game's rules. Who cannot move in any component loses.",
        "The Sprague–Grundy theorem: every component is worth a nimber (its own nim-sum), and \
         the sum is worth the nim-sum (XOR) of the components' values, whatever their games. \
         To win, move in one component to the value that makes the XOR 0: a component worth v \
         must go to v XOR (the nim-sum), which is smaller when v has the nim-sum's top bit.",
        "Misère Nim cannot be a component: the last mover loses there, so it has no such value.",
    ];

    fn start_position(setup: &GameSetup, rng: &mut StdRng) -> anyhow::Result<Sum> {
        let code = match &setup.code {
            Some(code) => code.clone(),
            None if setup.start == Start::Standard => STANDARD.to_string(),
            None => random_code(rng),
        };
        Sum::from_code(&code).with_context(|| format!("bad sum code '{code}'"))
    }

    fn new(position: &Sum) -> Self {
        let mut board = SumBoard {
            cursor: 0,
            count: position.components().len(),
            list: None,
            armed: None,
            scroll: 0,
            frames: Vec::new(),
            heights: Vec::new(),
            areas: BoardAreas::default(),
        };
        board.position_changed(position);
        if position.components()[0].is_over()
            && let Some(i) = board.next_movable(position, true)
        {
            board.cursor = i;
        }
        board
    }

    fn position_changed(&mut self, position: &Sum) {
        self.list = None;
        self.armed = None;
        self.count = position.components().len();
        self.cursor = self.cursor.min(self.count.saturating_sub(1));
        self.heights = position
            .components()
            .iter()
            .map(|c| frame_height(c, 60, false))
            .collect();
    }

    fn summary(position: &Sum) -> String {
        let games: Vec<String> = position
            .components()
            .iter()
            .map(Component::game_name)
            .collect();
        format!("{} components: {}", games.len(), games.join(" + "))
    }

    fn min_size(&self) -> (u16, u16) {
        (30, 5)
    }

    fn height_for(&self, width: u16) -> u16 {
        // The frames as last measured, and room for a preview when a move list is open; the
        // match gives less when the screen is smaller, and the board scrolls.
        let _ = width;
        let preview = if self.list.is_some() {
            MAX_ROWS as u16 + 2
        } else {
            0
        };
        self.heights.iter().sum::<u16>() + preview
    }

    fn layout(&mut self, view: &BoardView<'_, Sum>, areas: BoardAreas) {
        self.areas = areas;
        let width = areas.board.width.saturating_sub(2) as usize;
        let heights: Vec<u16> = view
            .position
            .components()
            .iter()
            .enumerate()
            .map(|(i, c)| frame_height(c, width, self.preview_of(i).is_some()))
            .collect();
        // Scroll so the cursor's frame is whole on screen.
        self.scroll = self.scroll.min(self.cursor);
        while self.scroll < self.cursor
            && heights[self.scroll..=self.cursor].iter().sum::<u16>() > areas.board.height
        {
            self.scroll += 1;
        }
        self.frames.clear();
        let mut y = areas.board.y;
        for (i, &h) in heights.iter().enumerate().skip(self.scroll) {
            let bottom = areas.board.y + areas.board.height;
            if y >= bottom {
                break;
            }
            let h = h.min(bottom - y);
            self.frames
                .push((i, Rect::new(areas.board.x, y, areas.board.width, h)));
            y += h;
        }
        if let Some(list) = &mut self.list {
            list.layout(areas.moves);
        }
    }

    fn render(&self, view: &BoardView<'_, Sum>, areas: BoardAreas, buf: &mut Buffer) {
        let theme = view.theme;
        let position = view.position;
        let last = view.last.map(|p| p.mv.0);
        for &(i, frame) in &self.frames {
            let component = &position.components()[i];
            let mut title = vec![Span::styled(
                format!(" [{}] {} ", i + 1, super::sketch::title(component)),
                theme.title,
            )];
            if view.hints {
                title.push(Span::styled(
                    format!("*{} ", component.nim_sum().short()),
                    theme.value,
                ));
            }
            if component.is_over() {
                title.push(Span::styled("no move ", theme.dim));
            }
            let border = if i == self.cursor {
                theme.focus_border
            } else if last == Some(i) {
                theme.last_move
            } else {
                theme.border
            };
            let block = Block::bordered()
                .title(Line::from(title))
                .border_style(border);
            let inner = block.inner(frame);
            block.render(frame, buf);
            let width = inner.width as usize;
            let mut lines = sketch(component, width, theme);
            if let Some(mv) = self.preview_of(i) {
                let after = component.play_unchecked(mv);
                let mut words = vec![Span::styled("after: ", theme.preview)];
                words.push(Span::styled(component.describe_move(mv), theme.preview));
                if view.hints {
                    words.push(Span::styled(
                        format!("  (*{})", after.nim_sum().short()),
                        theme.value,
                    ));
                }
                lines.push(Line::from(words));
                lines.extend(
                    sketch(&after, width, theme)
                        .into_iter()
                        .map(|l| l.style(theme.preview)),
                );
            }
            for (row, line) in lines.iter().enumerate().take(inner.height as usize) {
                buf.set_line(inner.x, inner.y + row as u16, line, inner.width);
            }
        }
        // Frames cut by the screen: say so on the outermost frames' borders.
        if let Some(&(_, top)) = self.frames.first()
            && self.scroll > 0
        {
            let words = format!(" ↑ {} more above ", self.scroll);
            put_on_border(buf, top, top.y, &words, theme.notice);
        }
        if let Some(&(i, bottom)) = self.frames.last() {
            let below = self.count - 1 - i;
            let cut = bottom.y + bottom.height > areas.board.y + areas.board.height
                || frame_height(
                    &position.components()[i],
                    bottom.width.saturating_sub(2) as usize,
                    self.preview_of(i).is_some(),
                ) > bottom.height;
            if below > 0 || cut {
                let words = if below > 0 {
                    format!(" ↓ {below} more below ")
                } else {
                    " ↓ cut ".to_string()
                };
                put_on_border(buf, bottom, bottom.bottom() - 1, &words, theme.notice);
            }
        }
        if let Some(list) = &self.list {
            list.render(areas.moves, buf, view.hints, theme);
            return;
        }
        let lines = vec![
            Line::from(Self::RULES[0]),
            Line::raw(""),
            Line::from(vec![
                Span::raw("↑/↓ pick a component, "),
                Span::styled(keymap::key_for(Action::Select), theme.key),
                Span::raw(" lists its moves."),
            ]),
        ];
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .block(
                Block::bordered()
                    .title(Line::styled(" Moves ", theme.title))
                    .border_style(theme.border),
            )
            .render(areas.moves, buf);
    }

    fn handle(
        &mut self,
        view: &BoardView<'_, Sum>,
        input: BoardInput,
    ) -> BoardAction<<Sum as Position>::Move> {
        match input {
            BoardInput::Action(action) => {
                if let Some(list) = &mut self.list {
                    match list.key(action, view.accepting) {
                        ListKey::Handled(answer) => return answer,
                        ListKey::Close => {
                            self.list = None;
                            return BoardAction::None;
                        }
                        ListKey::Pass => {}
                    }
                }
                match action {
                    Action::Up | Action::Left | Action::PageUp => {
                        self.move_cursor(self.cursor.saturating_sub(1))
                    }
                    Action::Down | Action::Right | Action::PageDown => {
                        self.move_cursor(self.cursor + 1)
                    }
                    Action::Home => self.move_cursor(0),
                    Action::End => self.move_cursor(self.count),
                    Action::NextPart | Action::PrevPart => {
                        match self.next_movable(view.position, action == Action::NextPart) {
                            Some(i) => self.move_cursor(i),
                            None => {
                                return BoardAction::Message("No component has a move.".into());
                            }
                        }
                    }
                    Action::Select => return self.choose(view),
                    _ => {}
                }
                BoardAction::None
            }
            BoardInput::Click(at) => {
                if let Some(list) = &mut self.list
                    && let Some(answer) = list.click(at, &mut self.armed, view.accepting, "move")
                {
                    return answer;
                }
                let hit = self
                    .frames
                    .iter()
                    .find(|(_, r)| r.contains(ScreenPosition::new(at.x, at.y)))
                    .map(|&(i, _)| i);
                if let Some(i) = hit {
                    self.move_cursor(i);
                    return self.choose(view);
                }
                BoardAction::None
            }
            BoardInput::Wheel { down, at } => {
                if let Some(list) = &mut self.list
                    && self.areas.moves.contains(at)
                {
                    if down {
                        list.down();
                    } else {
                        list.up();
                    }
                } else if down {
                    self.move_cursor(self.cursor + 1);
                } else {
                    self.move_cursor(self.cursor.saturating_sub(1));
                }
                BoardAction::None
            }
        }
    }

    fn show_move(&mut self, view: &BoardView<'_, Sum>, mv: &<Sum as Position>::Move) {
        self.move_cursor(mv.0);
        self.list = None;
        if let BoardAction::None = self.choose(view)
            && let Some(list) = &mut self.list
            && !list.select(mv)
        {
            let label = view.position.describe_move(mv);
            list.entries
                .insert(0, ListedMove::new(view.position, mv.clone(), label));
            list.selected = 0;
        }
    }

    fn status(&self, view: &BoardView<'_, Sum>) -> Line<'static> {
        let i = self.cursor;
        let (moves, more) = view.position.components()[i].moves(1000);
        Line::from(vec![
            Span::styled(view.position.describe_part(i), view.theme.title),
            Span::styled(
                format!(
                    " · {}{} move{}",
                    moves.len(),
                    if more { "+" } else { "" },
                    if moves.len() == 1 { "" } else { "s" }
                ),
                view.theme.dim,
            ),
        ])
    }

    fn selected(&self) -> Option<<Sum as Position>::Move> {
        self.list.as_ref()?.selected_move().cloned()
    }
}
