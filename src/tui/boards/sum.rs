//! The board of a sum of games: one small board per component, stacked, each drawn by its own
//! game ([`super::sketch`]) in a frame titled with the component's game and, in hint mode, its
//! value — the nim-sum panel below XORs those values, which is the Sprague–Grundy theorem on
//! screen. A cursor picks a component; Enter lists its moves, and the selected move is previewed
//! as the component's drawing after it.

use anyhow::Context;
use rand::RngExt;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position as ScreenPosition, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Widget};

use super::parts::{PartsBoard, PartsGame};
use super::sketch::{MAX_ROWS, sketch};
use crate::game::{Notation, Position};
use crate::games::GameKind;
use crate::games::sum::{AnyMove, Component, Sum};
use crate::locale::Words;
use crate::setup::ReplayRng;
use crate::tr;
use crate::tui::board::{
    Board, BoardAction, BoardAreas, BoardInput, BoardView, GameSetup, Start, plain_text,
    render_text_panel,
};
use crate::tui::keymap::{self, Action};
use crate::tui::text;
use crate::tui::theme::Theme;

pub use crate::games::catalogue::SUM_STANDARD as STANDARD;

/// A random sum: two to four components, each a small position of a game picked at random.
pub fn random_code(rng: &mut ReplayRng) -> String {
    let count = rng.random_range(2..=4);
    (0..count)
        .map(|_| {
            let heaps = |rng: &mut ReplayRng, n: usize, most: u64| -> String {
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

/// What a component's frame shows: its drawing and, with the selected move `preview`, the
/// move in words and the drawing after it.
fn drawing(
    component: &Component,
    preview: Option<&AnyMove>,
    width: usize,
    hints: bool,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let mut lines = sketch(component, width, theme);
    if let Some(mv) = preview {
        let after = component.play_unchecked(mv);
        let mut words = vec![
            Span::styled(tr!("board.sum.after"), theme.preview),
            Span::styled(
                component
                    .describe_move(mv)
                    .map(|m| m.words())
                    .unwrap_or_default(),
                theme.preview,
            ),
        ];
        if hints {
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
    lines
}

/// The rows a frame of `lines` takes: at most two drawings and a line, and two for the frame.
fn frame_height(lines: usize) -> u16 {
    u16::try_from(lines.min(2 * MAX_ROWS + 3) + 2).unwrap_or(u16::MAX)
}

/// A component's frame as last laid out: where it is drawn and the height it wanted (more
/// than it got when the screen cut it).
#[derive(Clone, Debug)]
struct Frame {
    index: usize,
    rect: Rect,
    wanted: u16,
    /// What it shows, drawn once per frame here rather than again in render.
    lines: Vec<Line<'static>>,
}

/// The view state. The cursor, the open move list and every key, click and wheel turn that
/// works them are the generic parts board's, a part being a component: this board only draws
/// the components its own way, stacked in frames, and scrolls them.
#[derive(Clone, Debug)]
pub struct SumBoard {
    parts: PartsBoard<Sum>,
    /// The first component drawn.
    scroll: usize,
    /// Each drawn component's frame, for clicks.
    frames: Vec<Frame>,
    /// Each component's frame height at a middling width, for [`Board::height_for`].
    heights: Vec<u16>,
}

impl SumBoard {
    /// The selected move, when it is a move of component `i`.
    fn preview_of(&self, i: usize) -> Option<&AnyMove> {
        let (j, mv) = self.parts.list()?.selected_move()?;
        (*j == i).then_some(mv)
    }
}

/// The side panel while no move list is open: the rule, and how to pick a component.
fn panel_lines(theme: &Theme) -> Vec<Line<'static>> {
    vec![
        Line::from(crate::locale::text(<Sum as PartsGame>::RULES[0]).into_owned()),
        Line::raw(""),
        Line::from(vec![
            Span::raw(tr!("board.sum.pick_1")),
            Span::styled(keymap::key_for(Action::Select), theme.key),
            Span::raw(tr!("board.sum.pick_2")),
        ]),
    ]
}

/// `words` at the right end of row `y` of `frame` (a border row).
fn put_on_border(buf: &mut Buffer, frame: Rect, y: u16, words: &str, style: ratatui::style::Style) {
    let width = text::width(words) as u16;
    if frame.width > width + 2 {
        buf.set_string(frame.right() - width - 2, y, words, style);
    }
}

impl PartsGame for Sum {
    const KIND: GameKind = GameKind::Sum;
    const RULES: &'static [&'static str] = &["rules.sum.1", "rules.sum.2", "rules.sum.3"];
    const PART: &'static str = "board.sum.component";
    fn all_parts(&self) -> Vec<usize> {
        (0..self.components().len()).collect()
    }
    fn tokens(&self, _part: usize) -> Option<u64> {
        None
    }
    fn summary(&self) -> String {
        let games: Vec<String> = self
            .components()
            .iter()
            .map(|c| crate::locale::game_title(&c.rule_code()))
            .collect();
        tr!(
            "board.sum.summary",
            n = games.len(),
            games = games.join(" + ")
        )
        .into_owned()
    }
}

impl Board for SumBoard {
    type Game = Sum;
    const KIND: GameKind = GameKind::Sum;
    const RULES: &'static [&'static str] = <Sum as PartsGame>::RULES;

    fn start_position(setup: &GameSetup, rng: &mut ReplayRng) -> anyhow::Result<Sum> {
        let code = match &setup.code {
            Some(code) => code.clone(),
            None if setup.start == Start::Standard => STANDARD.to_string(),
            None => random_code(rng),
        };
        Sum::from_code(&code)
            .with_context(|| tr!("board.error.bad_code", game = "sum", code = code).into_owned())
    }

    fn new(position: &Sum) -> Self {
        let mut board = SumBoard {
            parts: PartsBoard::new(position),
            scroll: 0,
            frames: Vec::new(),
            heights: Vec::new(),
        };
        board.measure(position);
        board
    }

    fn position_changed(&mut self, position: &Sum) {
        self.parts.position_changed(position);
        self.measure(position);
    }

    fn summary(position: &Sum) -> String {
        position.summary()
    }

    fn min_size(&self) -> (u16, u16) {
        (30, 5)
    }

    fn height_for(&self, width: u16) -> u16 {
        // The frames as last measured, and room for a preview when a move list is open; the
        // match gives less when the screen is smaller, and the board scrolls.
        let _ = width;
        let preview = if self.parts.list().is_some() {
            MAX_ROWS as u16 + 2
        } else {
            0
        };
        self.heights.iter().sum::<u16>() + preview
    }

    fn layout(&mut self, view: &BoardView<'_, Sum>, areas: BoardAreas) {
        // The parts board keeps the move list's area; the board area is this board's alone
        // (a click there is on a frame, not on a row of parts), so to the parts board a page
        // is one component.
        self.parts.layout(
            view,
            BoardAreas {
                board: Rect::default(),
                moves: areas.moves,
            },
        );
        let width = areas.board.width.saturating_sub(2) as usize;
        let mut drawings: Vec<Vec<Line<'static>>> = view
            .position
            .components()
            .iter()
            .enumerate()
            .map(|(i, c)| drawing(c, self.preview_of(i), width, view.hints, view.theme))
            .collect();
        let heights: Vec<u16> = drawings.iter().map(|d| frame_height(d.len())).collect();
        // Scroll so the cursor's frame is whole on screen.
        let cursor = self.parts.cursor();
        self.scroll = self.scroll.min(cursor);
        while self.scroll < cursor
            && heights[self.scroll..=cursor].iter().sum::<u16>() > areas.board.height
        {
            self.scroll += 1;
        }
        self.frames.clear();
        let mut y = areas.board.y;
        let bottom = areas.board.y + areas.board.height;
        for (i, &wanted) in heights.iter().enumerate().skip(self.scroll) {
            if y >= bottom {
                break;
            }
            let h = wanted.min(bottom - y);
            self.frames.push(Frame {
                index: i,
                rect: Rect::new(areas.board.x, y, areas.board.width, h),
                wanted,
                lines: std::mem::take(&mut drawings[i]),
            });
            y += h;
        }
    }

    fn render(&self, view: &BoardView<'_, Sum>, areas: BoardAreas, buf: &mut Buffer) {
        let theme = view.theme;
        let position = view.position;
        let last = view.last.map(|p| p.mv.0);
        let cursor = self.parts.cursor();
        for Frame {
            index, rect, lines, ..
        } in &self.frames
        {
            let (i, frame) = (*index, *rect);
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
                title.push(Span::styled(tr!("board.sum.no_move"), theme.dim));
            }
            let border = if i == cursor {
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
            for (row, line) in lines.iter().enumerate().take(inner.height as usize) {
                buf.set_line(inner.x, inner.y + row as u16, line, inner.width);
            }
        }
        // Frames cut by the screen: say so on the outermost frames' borders.
        if let Some(Frame { rect: top, .. }) = self.frames.first()
            && self.scroll > 0
        {
            let words = tr!("board.sum.more_above", n = self.scroll);
            put_on_border(buf, *top, top.y, &words, theme.notice);
        }
        if let Some(&Frame {
            index: i,
            rect: bottom,
            wanted,
            ..
        }) = self.frames.last()
        {
            let below = position.components().len() - 1 - i;
            let cut = wanted > bottom.height;
            if below > 0 || cut {
                let words = if below > 0 {
                    tr!("board.sum.more_below", n = below)
                } else {
                    tr!("board.sum.cut")
                };
                put_on_border(buf, bottom, bottom.bottom() - 1, &words, theme.notice);
            }
        }
        if let Some(list) = self.parts.list() {
            list.render(areas.moves, buf, view.hints, theme);
            return;
        }
        render_text_panel(
            Block::bordered()
                .title(Line::styled(tr!("board.moves_title"), theme.title))
                .border_style(theme.border),
            panel_lines(theme),
            areas.moves,
            buf,
            theme,
        );
    }

    fn panel_text(&self, view: &BoardView<'_, Sum>) -> Vec<String> {
        if self.parts.list().is_some() {
            return Vec::new();
        }
        plain_text(&panel_lines(view.theme))
    }

    fn handle(
        &mut self,
        view: &BoardView<'_, Sum>,
        input: BoardInput,
    ) -> BoardAction<<Sum as Position>::Move> {
        match input {
            BoardInput::Click(at) => {
                let frame = self
                    .frames
                    .iter()
                    .find(|f| f.rect.contains(ScreenPosition::new(at.x, at.y)));
                match frame {
                    Some(f) => self.parts.choose_part(view, f.index),
                    None => self.parts.handle(view, input),
                }
            }
            _ => self.parts.handle(view, input),
        }
    }

    fn type_number(
        &mut self,
        view: &BoardView<'_, Sum>,
        digit: Option<u8>,
    ) -> BoardAction<<Sum as Position>::Move> {
        self.parts.type_number(view, digit)
    }

    fn show_move(&mut self, view: &BoardView<'_, Sum>, mv: &<Sum as Position>::Move) {
        self.parts.show_move(view, mv);
    }

    fn status(&self, view: &BoardView<'_, Sum>) -> Line<'static> {
        self.parts.status(view)
    }

    fn selected(&self) -> Option<<Sum as Position>::Move> {
        self.parts.list()?.selected_move().cloned()
    }
}

impl SumBoard {
    /// Each component's frame height at a middling width, for [`Board::height_for`].
    fn measure(&mut self, position: &Sum) {
        self.heights = position
            .components()
            .iter()
            .map(|c| frame_height(sketch(c, 60, &Theme::plain()).len()))
            .collect();
    }
}
