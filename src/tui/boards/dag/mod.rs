//! The graph board of tokens on a DAG: the graph drawn in columns (each vertex in the column of
//! its longest path to a vertex with no edge out, so every edge points right), edges as braille
//! lines, tokens on their vertices. The chosen token's vertex, its out-edges and the selected
//! target are highlighted; a graph too big to draw legibly shows the chosen token's
//! neighbourhood instead (its predecessors, its successors and theirs).

use anyhow::Context;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position as ScreenPosition, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Block;

use crate::game::{Impartial, Notation, Position};
use crate::games::GameKind;
use crate::games::dag::{Dag, Slide};
use crate::locale::Words;
use crate::setup::ReplayRng;
use crate::tr;
use crate::tui::board::{
    Board, BoardAction, BoardAreas, BoardInput, BoardView, GameSetup, ListKey, ListedMove,
    MoveList, Start, render_text_panel,
};
use crate::tui::boards::cursor;
use crate::tui::keymap::{self, Action};
use crate::tui::text;

mod layout;

use layout::Shape;

/// A vertex as drawn: its arrow cell at `x`, its label after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Node {
    v: u32,
    column: usize,
    x: u16,
    y: u16,
    /// Arrow cell and label, with the room the label keeps for a mark.
    width: u16,
    /// Arrow cell and label as drawn now: edges start right after it.
    drawn: u16,
}

/// A column to place: its vertices, and the one a cut column must keep in view.
struct Column {
    vertices: Vec<u32>,
    keep: Option<usize>,
}

/// How strictly columns must fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fit {
    /// Every vertex drawn, within the area.
    Whole,
    /// Columns taller than the area cut to a window.
    Cut,
    /// Cut, and drawn clipped when too wide: the last resort.
    Anyway,
}

/// "+k more" under a cut column.
#[derive(Clone, Debug)]
struct More {
    x: u16,
    y: u16,
    text: String,
}

/// Edges as braille: each cell's dots and how strongly it is highlighted (0 plain, 1 an
/// out-edge of the chosen vertex, 2 the selected move), and the arrow cells before targets.
struct Edges {
    cells: Vec<(u8, u8)>,
    arrows: Vec<(u16, u16, u8)>,
}

/// Columns placed in an area.
struct Placed {
    nodes: Vec<Node>,
    more: Vec<More>,
    spans: Vec<(u16, u16)>,
}

/// What the board draws this frame, fitted in [`Board::layout`].
#[derive(Clone, Debug, Default)]
struct Plan {
    /// The rows of the graph (the board area but its last row, the note).
    area: Rect,
    /// The chosen token's neighbourhood rather than the whole graph.
    around: bool,
    /// Whether the whole graph fits (the player may then switch views).
    whole_fits: bool,
    nodes: Vec<Node>,
    /// Cut columns' "+k more" marks.
    more: Vec<More>,
    /// Each column's first cell (its arrows) and width.
    spans: Vec<(u16, u16)>,
    /// The last row: what is shown.
    note: String,
}

/// The view state: the chosen token, its moves, how the graph is drawn.
#[derive(Clone, Debug)]
pub struct DagBoard {
    shape: Shape,
    /// The chosen token, 0-based.
    token: usize,
    /// The chosen token's moves, in drawing order of their targets.
    list: Option<MoveList<Slide>>,
    /// The move clicked once (its list entry): a second click plays it.
    armed: Option<usize>,
    /// The player asked for the neighbourhood even though the whole graph fits.
    around: bool,
    /// The tallest column of the chosen token's neighbourhood (predecessors, successors,
    /// theirs), whole: the height it asks for.
    neighbourhood: u16,
    hints: bool,
    plan: Plan,
    areas: BoardAreas,
    /// Where the edges are listed as text beside the drawing (a graph of
    /// [`EDGE_LIST_FROM`] vertices or more, on a board wide enough), as last laid out.
    edge_list: Rect,
}

/// From this many vertices a drawing is hard to read alone: the edges are listed beside it.
pub const EDGE_LIST_FROM: usize = 12;

/// The edges as text, a line per vertex with edges out: `3 → 4 6`.
pub fn edge_lines(graph: &crate::games::dag::Graph) -> Vec<String> {
    (1..=graph.len() as u32)
        .filter(|&v| !graph.successors(v).is_empty())
        .map(|v| {
            let to: Vec<String> = graph.successors(v).iter().map(u32::to_string).collect();
            format!("{v} → {}", to.join(" "))
        })
        .collect()
}

/// Who is who on the board this frame.
struct Marks<'a> {
    chosen: Option<u32>,
    target: Option<u32>,
    successors: &'a [u32],
    last: Option<u32>,
    counts: Vec<usize>,
    hints: bool,
}

impl DagBoard {
    /// The edges as text in their column (see [`edge_lines`]), wrapped under their vertex; a
    /// list longer than the column ends in "…" (the help lists them all).
    fn render_edge_list(&self, position: &Dag, buf: &mut Buffer, theme: &crate::tui::theme::Theme) {
        let area = self.edge_list;
        if area.width < 6 || area.height == 0 {
            return;
        }
        let x = area.x + 2;
        let width = (area.width - 2) as usize;
        let mut rows: Vec<String> = vec![tr!("board.dag.edges").into_owned()];
        for line in edge_lines(position.graph()) {
            rows.extend(text::wrap(&line, width));
        }
        let height = area.height as usize;
        for (k, row) in rows.iter().take(height).enumerate() {
            let row = if k + 1 == height && rows.len() > height {
                text::fit(&format!("{row} …"), width)
            } else {
                row.clone()
            };
            let style = if k == 0 { theme.title } else { theme.dim };
            buf.set_stringn(x, area.y + k as u16, row, width, style);
        }
        for y in area.y..area.y + area.height {
            buf.set_string(area.x, y, "│", theme.border);
        }
    }

    fn vertex(&self, position: &Dag) -> Option<u32> {
        position.tokens().get(self.token).copied()
    }

    fn movable(position: &Dag, token: usize) -> bool {
        position
            .tokens()
            .get(token)
            .is_some_and(|&v| !position.graph().successors(v).is_empty())
    }

    /// One token per vertex that holds a token with a move (the first on it), in token order:
    /// the stops of Tab, since tokens sharing a vertex have the same moves.
    fn stops(position: &Dag) -> Vec<usize> {
        let mut seen = vec![false; position.graph().len() + 1];
        let mut stops = Vec::new();
        for (i, &v) in position.tokens().iter().enumerate() {
            if !seen[v as usize] && Self::movable(position, i) {
                stops.push(i);
            }
            seen[v as usize] = true;
        }
        stops
    }

    fn next_token(&self, position: &Dag, forward: bool) -> Option<usize> {
        let stops = Self::stops(position);
        if stops.is_empty() {
            return None;
        }
        let here = self.vertex(position);
        let n = stops.len();
        let at = stops
            .iter()
            .position(|&i| Some(position.tokens()[i]) == here);
        Some(match (at, forward) {
            (Some(j), true) => stops[(j + 1) % n],
            (Some(j), false) => stops[(j + n - 1) % n],
            (None, true) => stops
                .iter()
                .copied()
                .find(|&i| i > self.token)
                .unwrap_or(stops[0]),
            (None, false) => stops
                .iter()
                .rev()
                .copied()
                .find(|&i| i < self.token)
                .unwrap_or(stops[n - 1]),
        })
    }

    /// The chosen token's moves listed, in the drawing order of their targets (the order ↑/↓
    /// walks them), or no list when it has none.
    fn open(&mut self, position: &Dag) {
        self.armed = None;
        let Some(v) = self.vertex(position) else {
            self.list = None;
            return;
        };
        let graph = position.graph();
        let mut beyond: Vec<u32> = graph
            .successors(v)
            .iter()
            .flat_map(|&s| graph.successors(s).iter().copied())
            .collect();
        beyond.sort_unstable();
        beyond.dedup();
        self.neighbourhood = [
            self.shape.predecessors[v as usize - 1].len(),
            graph.successors(v).len(),
            beyond.len(),
            1,
        ]
        .into_iter()
        .max()
        .unwrap_or(1)
        .min(u16::MAX as usize) as u16;
        let mut targets = position.graph().successors(v).to_vec();
        if targets.is_empty() {
            self.list = None;
            return;
        }
        targets.sort_by_key(|&t| self.shape.key(t));
        let entries = targets
            .into_iter()
            .map(|to| {
                let mv = Slide {
                    token: self.token,
                    to,
                };
                let label = if position.graph().successors(to).is_empty() {
                    tr!("board.dag.to_end", to = to).into_owned()
                } else {
                    tr!("board.dag.to", to = to).into_owned()
                };
                ListedMove::new(position, mv, label)
            })
            .collect();
        self.list = Some(MoveList::new(
            tr!(
                "board.heaps.moves_of",
                part = crate::locale::before_han(&position.describe_part(self.token).words())
            )
            .into_owned(),
            entries,
            false,
        ));
    }

    fn choose_token(&mut self, position: &Dag, token: usize) {
        if token != self.token || self.list.is_none() {
            self.token = token;
            self.open(position);
        }
    }

    fn target(&self) -> Option<u32> {
        self.list
            .as_ref()
            .and_then(|l| l.selected_move())
            .map(|mv| mv.to)
    }

    fn marks<'a>(&self, view: &'a BoardView<'_, Dag>) -> Marks<'a> {
        let position = view.position;
        let chosen = self.vertex(position);
        let mut counts = vec![0; position.graph().len() + 1];
        for &v in position.tokens() {
            counts[v as usize] += 1;
        }
        Marks {
            chosen,
            target: self.target(),
            successors: chosen.map_or(&[], |v| position.graph().successors(v)),
            last: view.last.map(|p| p.mv.to),
            counts,
            hints: view.hints,
        }
    }

    /// A vertex's label: its number, ∎ when it has no edge out, its tokens (● or ●k), and in
    /// hint mode its value and, for a target of the chosen token, whether the move wins.
    fn label(&self, view: &BoardView<'_, Dag>, marks: &Marks<'_>, v: u32) -> Vec<Span<'static>> {
        let theme = view.theme;
        let graph = view.position.graph();
        let terminal = graph.successors(v).is_empty();
        let is_target = marks.successors.contains(&v);
        let number_style = if marks.target == Some(v) {
            theme.preview
        } else if marks.last == Some(v) {
            theme.last_move
        } else if is_target {
            theme.notice
        } else if terminal {
            theme.dim
        } else {
            theme.text
        };
        let mut spans = vec![Span::styled(v.to_string(), number_style)];
        if terminal {
            spans.push(Span::styled("∎", theme.dim));
        }
        match marks.counts[v as usize] {
            0 => {}
            1 => spans.push(Span::styled("●", theme.tails)),
            k => spans.push(Span::styled(format!("●{k}"), theme.tails)),
        }
        if marks.hints {
            spans.push(Span::styled(format!("*{}", graph.value(v)), theme.value));
            if is_target {
                let mv = Slide {
                    token: self.token,
                    to: v,
                };
                spans.push(if view.position.move_wins(&mv) {
                    Span::styled("✓", theme.winning)
                } else {
                    Span::styled("✗", theme.losing)
                });
            }
        }
        if marks.chosen == Some(v) {
            for span in &mut spans {
                span.style = span.style.patch(theme.cursor);
            }
        }
        spans
    }

    /// The room a label takes: its width in hint mode whether hints are on or not (its value,
    /// and for a vertex with an edge into it a cell for the ✓/✗ it gets as a target), so
    /// columns shift neither when another token is picked nor when hints are turned on.
    fn label_width(&self, view: &BoardView<'_, Dag>, marks: &Marks<'_>, v: u32) -> u16 {
        let mut width: usize = self.label(view, marks, v).iter().map(Span::width).sum();
        let is_target = marks.successors.contains(&v);
        if !marks.hints {
            width += format!("*{}", view.position.graph().value(v))
                .chars()
                .count();
            width += usize::from(is_target);
        }
        let mark_room = !is_target && !self.shape.predecessors[v as usize - 1].is_empty();
        (width + usize::from(mark_room)).min(u16::MAX as usize) as u16
    }

    fn node_at(&self, at: ScreenPosition) -> Option<u32> {
        self.plan
            .nodes
            .iter()
            .find(|n| at.y == n.y && at.x >= n.x && at.x < n.x + n.width)
            .map(|n| n.v)
    }

    fn panel_lines(&self, view: &BoardView<'_, Dag>) -> Vec<Line<'static>> {
        let theme = view.theme;
        if view.position.is_over() {
            return crate::tui::board::game_over_lines(theme);
        }
        let first = if Self::movable(view.position, self.token) {
            // The list was closed (Esc).
            crate::locale::text(Self::RULES[0]).into_owned()
        } else {
            tr!(
                "board.dag.no_edge",
                part = view.position.describe_part(self.token).words()
            )
            .into_owned()
        };
        let mut lines = vec![Line::raw(first), Line::raw("")];
        lines.push(Line::from(vec![
            Span::styled(keymap::key_for(Action::NextPart), theme.key),
            Span::raw(tr!("board.dag.how_1")),
            Span::styled(keymap::key_for(Action::Select), theme.key),
            Span::raw(tr!("board.dag.how_2")),
        ]));
        lines
    }
}

impl Board for DagBoard {
    fn move_list_mut(
        &mut self,
    ) -> Option<&mut MoveList<<Self::Game as crate::game::Position>::Move>> {
        self.list.as_mut()
    }

    type Game = Dag;
    const KIND: GameKind = GameKind::Dag;
    const RULES: &'static [&'static str] =
        &["rules.dag.1", "rules.dag.2", "rules.dag.3", "rules.dag.4"];

    fn start_position(setup: &GameSetup, rng: &mut ReplayRng) -> anyhow::Result<Dag> {
        let code = match &setup.code {
            Some(code) => code.clone(),
            None if setup.start == Start::Standard => super::heaps::start_code(setup, rng),
            None => Dag::random(rng).to_code(),
        };
        Dag::from_code(&code)
            .with_context(|| tr!("board.error.bad_code", game = "dag", code = code).into_owned())
    }

    fn new(position: &Dag) -> DagBoard {
        let mut board = DagBoard {
            shape: Shape::of(position.graph()),
            token: 0,
            list: None,
            armed: None,
            around: false,
            neighbourhood: 1,
            hints: false,
            plan: Plan::default(),
            areas: BoardAreas::default(),
            edge_list: Rect::default(),
        };
        if let Some(&first) = Self::stops(position).first() {
            board.token = first;
        }
        board.open(position);
        board
    }

    fn position_changed(&mut self, position: &Dag) {
        if self.shape.layer.len() != position.graph().len() {
            self.shape = Shape::of(position.graph());
        }
        self.token = self.token.min(position.tokens().len().saturating_sub(1));
        if !Self::movable(position, self.token)
            && let Some(next) = self.next_token(position, true)
        {
            self.token = next;
        }
        self.open(position);
    }

    fn summary(position: &Dag) -> String {
        let vertices = position.graph().len();
        match position.tokens().len() {
            1 => tr!("board.dag.summary_one", vertices = vertices).into_owned(),
            n => tr!("board.dag.summary", vertices = vertices, tokens = n).into_owned(),
        }
    }

    fn min_size(&self) -> (u16, u16) {
        (34, 6)
    }

    fn height_for(&self, _width: u16) -> u16 {
        // The tallest column with a blank row between vertices and around them (some room
        // for the edges' slopes even when columns are short), and the note.
        let tallest = if self.plan.around {
            self.neighbourhood
        } else {
            self.shape
                .layers
                .iter()
                .map(|l| l.len() as u16)
                .max()
                .unwrap_or(1)
        };
        (2 * tallest + 1).clamp(7, 24) + 1
    }

    fn layout(&mut self, view: &BoardView<'_, Dag>, areas: BoardAreas) {
        self.areas = areas;
        self.hints = view.hints;
        let board = areas.board;
        // A big graph: a column of its edges at the right, the drawing in the rest.
        let lines = edge_lines(view.position.graph());
        let widest = lines.iter().map(|l| text::width(l)).max().unwrap_or(0) as u16;
        let column = (widest + 3).min(board.width / 3);
        self.edge_list = if view.position.graph().len() >= EDGE_LIST_FROM && board.width >= 60 {
            Rect {
                x: board.x + board.width - column,
                width: column,
                ..board
            }
        } else {
            Rect::default()
        };
        let drawing = Rect {
            width: board.width - self.edge_list.width,
            ..board
        };
        self.plan = self.fit_plan(view, drawing);
        if let Some(list) = &mut self.list {
            list.layout_for(areas.moves, view.hints);
        }
    }

    fn render(&self, view: &BoardView<'_, Dag>, areas: BoardAreas, buf: &mut Buffer) {
        let theme = view.theme;
        let board = areas.board;
        let graph = view.position.graph();
        let marks = self.marks(view);
        let area = self.plan.area.intersection(board);
        let Edges { cells, arrows } = self.edges(graph, &marks);
        let edge_style = |rank: u8| match rank {
            0 => theme.dim,
            1 => theme.notice,
            _ => theme.key,
        };
        for y in 0..area.height {
            for x in 0..area.width {
                let (bits, rank) = cells[y as usize * self.plan.area.width as usize + x as usize];
                if bits != 0 {
                    let symbol = char::from_u32(0x2800 + bits as u32).unwrap_or(' ');
                    if let Some(cell) = buf.cell_mut((area.x + x, area.y + y)) {
                        cell.set_char(symbol).set_style(edge_style(rank));
                    }
                }
            }
        }
        for &(x, y, rank) in &arrows {
            if area.contains(ScreenPosition::new(x, y)) {
                let symbol = if rank == 0 { "▸" } else { "▶" };
                buf.set_string(x, y, symbol, edge_style(rank));
            }
        }
        // Labels last: a "+k more" never hides a vertex.
        for more in &self.plan.more {
            if more.x < area.x + area.width {
                let room = (area.x + area.width - more.x) as usize;
                buf.set_stringn(more.x, more.y, &more.text, room, theme.dim);
            }
        }
        for node in &self.plan.nodes {
            let line = Line::from(self.label(view, &marks, node.v));
            let right = area.x + area.width;
            if node.x + 1 < right {
                buf.set_line(node.x + 1, node.y, &line, right - node.x - 1);
            }
        }
        self.render_edge_list(view.position, buf, theme);
        let board = Rect {
            width: board.width - self.edge_list.width.min(board.width),
            ..board
        };
        if board.height > 0 {
            let note = text::fit(&self.plan.note, board.width as usize);
            buf.set_stringn(
                board.x,
                board.y + board.height - 1,
                note,
                board.width as usize,
                theme.dim,
            );
        }
        match &self.list {
            Some(list) => list.render(areas.moves, buf, view.hints, theme),
            None => render_text_panel(
                Block::bordered()
                    .title(Line::styled(tr!("board.moves_title"), theme.title))
                    .border_style(theme.border),
                self.panel_lines(view),
                areas.moves,
                buf,
                theme,
            ),
        }
    }

    fn handle(&mut self, view: &BoardView<'_, Dag>, input: BoardInput) -> BoardAction<Slide> {
        let position = view.position;
        match input {
            BoardInput::Action(action) => {
                let action = match action {
                    Action::Left => Action::Up,
                    Action::Right => Action::Down,
                    other => other,
                };
                if let Some(list) = &mut self.list {
                    match action {
                        Action::Home => list.selected = 0,
                        Action::End => list.selected = list.entries.len().saturating_sub(1),
                        _ => {}
                    }
                    match list.key(action, view.accepting) {
                        ListKey::Handled(answer) => {
                            self.armed = None;
                            return answer;
                        }
                        ListKey::Close => {
                            self.list = None;
                            return BoardAction::None;
                        }
                        ListKey::Pass => {}
                    }
                }
                match action {
                    Action::NextPart | Action::PrevPart => {
                        match self.next_token(position, action == Action::NextPart) {
                            Some(i) => {
                                self.token = i;
                                self.open(position);
                            }
                            None => {
                                return BoardAction::Message(
                                    tr!("board.dag.none_movable").into_owned(),
                                );
                            }
                        }
                    }
                    Action::Up | Action::Down | Action::Select => {
                        self.open(position);
                        if self.list.is_none() {
                            return BoardAction::Message(
                                tr!(
                                    "board.dag.no_edge_key",
                                    part = crate::locale::before_han(
                                        &position.describe_part(self.token).words()
                                    ),
                                    key = keymap::key_for(Action::NextPart)
                                )
                                .into_owned(),
                            );
                        }
                    }
                    Action::View => {
                        if !self.plan.whole_fits {
                            self.around = false;
                            return BoardAction::Message(tr!("board.dag.no_fit").into_owned());
                        }
                        self.around = !self.around;
                        return BoardAction::Message(if self.around {
                            tr!("board.dag.view_around").into_owned()
                        } else {
                            tr!("board.dag.view_whole").into_owned()
                        });
                    }
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
                let Some(v) = self.node_at(at) else {
                    return BoardAction::None;
                };
                let chosen = self.vertex(position);
                if let Some(list) = &mut self.list
                    && let Some(i) = list.entries.iter().position(|e| e.mv.to == v)
                {
                    if self.armed == Some(i) && view.accepting {
                        return BoardAction::Play(list.entries[i].mv);
                    }
                    list.selected = i;
                    self.armed = Some(i);
                    let from = chosen.unwrap_or(0);
                    let also = if position.tokens().contains(&v) {
                        tr!(
                            "board.dag.also",
                            key = keymap::key_for(Action::NextPart),
                            v = v
                        )
                        .into_owned()
                    } else {
                        String::new()
                    };
                    return BoardAction::Message(
                        tr!("board.dag.click_again", v = v, from = from, also = also).into_owned(),
                    );
                }
                match position.tokens().iter().position(|&t| t == v) {
                    Some(_) if chosen == Some(v) => BoardAction::None,
                    Some(i) => {
                        self.choose_token(position, i);
                        if self.list.is_none() {
                            return BoardAction::Message(
                                tr!("board.dag.stuck", v = v).into_owned(),
                            );
                        }
                        BoardAction::None
                    }
                    None => BoardAction::Message(tr!("board.dag.no_token", v = v).into_owned()),
                }
            }
            BoardInput::Wheel { down, at } => {
                if let Some(list) = &mut self.list
                    && (self.areas.moves.contains(at) || self.areas.board.contains(at))
                {
                    list.wheel(down);
                    self.armed = None;
                }
                BoardAction::None
            }
        }
    }

    fn show_move(&mut self, view: &BoardView<'_, Dag>, mv: &Slide) {
        self.token = mv.token;
        self.open(view.position);
        if let Some(list) = &mut self.list {
            list.select(mv);
        }
    }

    fn status(&self, view: &BoardView<'_, Dag>) -> Line<'static> {
        let position = view.position;
        let theme = view.theme;
        let Some(v) = self.vertex(position) else {
            return Line::default();
        };
        let moves = position.graph().successors(v).len();
        let mut spans = vec![Span::styled(
            position.describe_part(self.token).words(),
            theme.title,
        )];
        let sharing = position.tokens().iter().filter(|&&t| t == v).count();
        if sharing > 1 {
            spans.push(Span::styled(
                tr!("board.dag.sharing", n = sharing).into_owned(),
                theme.dim,
            ));
        }
        if view.hints {
            spans.push(Span::styled(
                tr!("board.status.value", value = position.graph().value(v)).into_owned(),
                theme.value,
            ));
        }
        spans.push(Span::styled(
            crate::tui::board::move_count(moves, false),
            theme.dim,
        ));
        if let Some(t) = self.target() {
            spans.push(Span::styled(format!(" · → {t}"), theme.dim));
        }
        if self.plan.around && self.plan.whole_fits {
            spans.push(Span::styled(tr!("board.dag.v_whole"), theme.dim));
        }
        Line::from(spans)
    }

    fn selected(&self) -> Option<Slide> {
        self.list.as_ref().and_then(|l| l.selected_move()).copied()
    }
}
