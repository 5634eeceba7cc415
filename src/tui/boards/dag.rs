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
use crate::games::dag::{Dag, Graph, Slide};
use crate::locale::Words;
use crate::setup::ReplayRng;
use crate::tui::board::{
    Board, BoardAction, BoardAreas, BoardInput, BoardView, GameSetup, ListKey, ListedMove,
    MoveList, Start, render_text_panel,
};
use crate::tui::keymap::{self, Action};
use crate::tui::text;

/// The widest gap between two columns: wider, edges turn into long flat lines.
const MAX_GAP: u16 = 10;
/// The narrowest gap: two cells of line between a label and the next column's arrow.
const MIN_GAP: u16 = 2;

/// The shape of a graph, computed once per graph: its layers and its predecessor lists.
#[derive(Clone, Debug, Default)]
struct Shape {
    /// `layer[v − 1]`: the longest path from v to a vertex with no edge out.
    layer: Vec<usize>,
    /// The vertices of each layer in drawing order, top to bottom (layer 0 is drawn last,
    /// on the right).
    layers: Vec<Vec<u32>>,
    /// `rank[v − 1]`: v's place in its layer.
    rank: Vec<usize>,
    predecessors: Vec<Vec<u32>>,
}

impl Shape {
    fn of(graph: &Graph) -> Shape {
        let n = graph.len();
        let mut predecessors = vec![Vec::new(); n];
        for x in 1..=n as u32 {
            for &y in graph.successors(x) {
                predecessors[y as usize - 1].push(x);
            }
        }
        // Longest path to a sink, in reverse topological order (Kahn on out-degrees).
        let mut out_degree: Vec<usize> =
            (1..=n as u32).map(|v| graph.successors(v).len()).collect();
        let mut ready: Vec<u32> = (1..=n as u32)
            .filter(|&v| out_degree[v as usize - 1] == 0)
            .collect();
        let mut layer = vec![0; n];
        while let Some(v) = ready.pop() {
            layer[v as usize - 1] = graph
                .successors(v)
                .iter()
                .map(|&y| layer[y as usize - 1] + 1)
                .max()
                .unwrap_or(0);
            for &p in &predecessors[v as usize - 1] {
                out_degree[p as usize - 1] -= 1;
                if out_degree[p as usize - 1] == 0 {
                    ready.push(p);
                }
            }
        }
        let depth = layer.iter().copied().max().unwrap_or(0);
        let mut layers = vec![Vec::new(); depth + 1];
        for v in 1..=n as u32 {
            layers[layer[v as usize - 1]].push(v);
        }
        let mut shape = Shape {
            layer,
            layers,
            rank: vec![0; n],
            predecessors,
        };
        shape.order(graph);
        shape
    }

    /// Orders each layer by the mean place of its neighbours (the barycentre heuristic), a
    /// few sweeps each way, so that edges cross less.
    fn order(&mut self, graph: &Graph) {
        self.set_ranks();
        let place = |shape: &Shape, v: u32| {
            let i = v as usize - 1;
            (shape.rank[i] as f64 + 0.5) / shape.layers[shape.layer[i]].len() as f64
        };
        for _ in 0..3 {
            // Left to right (from the top layer down), by predecessors; then back, by successors.
            for k in (0..self.layers.len()).rev() {
                let keys: Vec<(f64, u32)> = self.layers[k]
                    .iter()
                    .map(|&v| {
                        (
                            mean(
                                self.predecessors[v as usize - 1]
                                    .iter()
                                    .map(|&p| place(self, p)),
                            )
                            .unwrap_or_else(|| place(self, v)),
                            v,
                        )
                    })
                    .collect();
                self.layers[k] = sorted(keys);
                self.set_ranks();
            }
            for k in 0..self.layers.len() {
                let keys: Vec<(f64, u32)> = self.layers[k]
                    .iter()
                    .map(|&v| {
                        (
                            mean(graph.successors(v).iter().map(|&s| place(self, s)))
                                .unwrap_or_else(|| place(self, v)),
                            v,
                        )
                    })
                    .collect();
                self.layers[k] = sorted(keys);
                self.set_ranks();
            }
        }
    }

    fn set_ranks(&mut self) {
        for layer in &self.layers {
            for (r, &v) in layer.iter().enumerate() {
                self.rank[v as usize - 1] = r;
            }
        }
    }

    /// The drawing order of vertices: by column (left first), then top to bottom.
    fn key(&self, v: u32) -> (std::cmp::Reverse<usize>, usize) {
        let i = v as usize - 1;
        (std::cmp::Reverse(self.layer[i]), self.rank[i])
    }
}

/// The dots of a straight line from `a` to `b` (Bresenham).
fn line(a: (i32, i32), b: (i32, i32), mut dot: impl FnMut(i32, i32)) {
    let (dx, dy) = ((b.0 - a.0).abs(), -(b.1 - a.1).abs());
    let (sx, sy) = (
        if a.0 < b.0 { 1 } else { -1 },
        if a.1 < b.1 { 1 } else { -1 },
    );
    let (mut x, mut y, mut err) = (a.0, a.1, dx + dy);
    loop {
        dot(x, y);
        if (x, y) == b {
            break;
        }
        let e2 = 2 * err;
        if e2 >= dy {
            err += dy;
            x += sx;
        }
        if e2 <= dx {
            err += dx;
            y += sy;
        }
    }
}

/// The first of `texts` that fits in `width` columns, else the last (cut when drawn).
fn first_fitting(texts: &[String], width: u16) -> String {
    texts
        .iter()
        .find(|t| text::width(t) <= width as usize)
        .or(texts.last())
        .cloned()
        .unwrap_or_default()
}

fn mean(values: impl Iterator<Item = f64>) -> Option<f64> {
    let (sum, count) = values.fold((0.0, 0), |(s, c), x| (s + x, c + 1));
    (count > 0).then(|| sum / count as f64)
}

fn sorted(mut keys: Vec<(f64, u32)>) -> Vec<u32> {
    keys.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    keys.into_iter().map(|(_, v)| v).collect()
}

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
                    format!("to {to} (no edge out)")
                } else {
                    format!("to {to}")
                };
                ListedMove::new(position, mv, label)
            })
            .collect();
        self.list = Some(MoveList::new(
            format!("Moves of {}", position.describe_part(self.token).words()),
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

    /// Places `columns` in `area`: None when they do not fit (too wide, or a column taller
    /// than the area for [`Fit::Whole`]). A cut column shows a window of its vertices (its
    /// `keep` inside it) and "+k more".
    fn place(
        &self,
        view: &BoardView<'_, Dag>,
        marks: &Marks<'_>,
        columns: &[Column],
        area: Rect,
        fit: Fit,
    ) -> Option<Placed> {
        let rows = area.height as usize;
        if rows == 0 || columns.is_empty() {
            return None;
        }
        // The window of each column.
        let mut windows = Vec::new();
        for column in columns {
            let k = column.vertices.len();
            if k <= rows {
                windows.push((0, k, false));
            } else if fit != Fit::Whole && rows >= 2 {
                let shown = rows - 1;
                let start = column.keep.map_or(0, |i| (i + 1).saturating_sub(shown));
                windows.push((start, shown, true));
            } else {
                return None;
            }
        }
        let widths: Vec<u16> = columns
            .iter()
            .zip(&windows)
            .map(|(column, &(start, shown, _))| {
                1 + column.vertices[start..start + shown]
                    .iter()
                    .map(|&v| self.label_width(view, marks, v))
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let total: u16 = widths.iter().sum();
        let gaps = columns.len() as u16 - 1;
        let room = area.width.saturating_sub(total);
        if room < MIN_GAP * gaps && fit != Fit::Anyway {
            return None;
        }
        let gap = room
            .checked_div(gaps)
            .map_or(0, |g| g.clamp(MIN_GAP, MAX_GAP));
        let used = total + gap * gaps;
        let mut x = area.x + area.width.saturating_sub(used) / 2;
        let mut nodes = Vec::new();
        let mut more = Vec::new();
        let mut spans = Vec::new();
        for (c, (column, &(start, shown, is_cut))) in columns.iter().zip(&windows).enumerate() {
            let height = if is_cut { rows - 1 } else { rows };
            for (i, &v) in column.vertices[start..start + shown].iter().enumerate() {
                let y = area.y + ((2 * i + 1) * height / (2 * shown)) as u16;
                nodes.push(Node {
                    v,
                    column: c,
                    x,
                    y,
                    width: 1 + self.label_width(view, marks, v),
                    drawn: 1 + self
                        .label(view, marks, v)
                        .iter()
                        .map(Span::width)
                        .sum::<usize>()
                        .min(u16::MAX as usize - 1) as u16,
                });
            }
            if is_cut {
                more.push(More {
                    x: x + 1,
                    y: area.y + height as u16,
                    text: match (start, column.vertices.len() - start - shown) {
                        (0, below) => format!("+{below} more"),
                        (above, 0) => format!("+{above} more above"),
                        (above, below) => format!("↑{above} ↓{below} more"),
                    },
                });
            }
            spans.push((x, widths[c]));
            x = x.saturating_add(widths[c] + gap);
        }
        Some(Placed { nodes, more, spans })
    }

    /// Fits the plan of this frame: the whole graph if it fits (and the player did not ask
    /// for the neighbourhood), else the chosen token's neighbourhood, as much as fits.
    fn fit_plan(&self, view: &BoardView<'_, Dag>, board: Rect) -> Plan {
        let graph = view.position.graph();
        let marks = self.marks(view);
        // No taller than the graph asks for: hints (the nim-sum panel under the board) take
        // height from a tall board, and must not move a vertex.
        let area = Rect {
            height: board
                .height
                .saturating_sub(1)
                .min(self.height_for(board.width).saturating_sub(1)),
            ..board
        };
        let columns: Vec<Column> = self
            .shape
            .layers
            .iter()
            .rev()
            .map(|layer| Column {
                vertices: layer.clone(),
                keep: None,
            })
            .collect();
        let whole = self.place(view, &marks, &columns, area, Fit::Whole);
        let whole_fits = whole.is_some();
        if let Some(Placed { nodes, more, spans }) = whole
            && (!self.around || marks.chosen.is_none())
        {
            return Plan {
                area,
                around: false,
                whole_fits,
                nodes,
                more,
                spans,
                note: first_fitting(
                    &[
                        format!("all {} vertices · edges go → · ∎ no edge out", graph.len()),
                        format!("all {} vertices · ∎ no edge out", graph.len()),
                    ],
                    board.width,
                ),
            };
        }
        let Some(v) = marks.chosen else {
            return Plan {
                area,
                note: "no token".to_string(),
                ..Plan::default()
            };
        };
        let by_key = |mut vs: Vec<u32>| {
            vs.sort_by_key(|&t| self.shape.key(t));
            vs.dedup();
            vs
        };
        let before = by_key(self.shape.predecessors[v as usize - 1].clone());
        let after = by_key(graph.successors(v).to_vec());
        let beyond = by_key(
            after
                .iter()
                .flat_map(|&s| graph.successors(s).iter().copied())
                .filter(|t| !after.contains(t))
                .collect(),
        );
        let target_at = marks
            .target
            .and_then(|t| after.iter().position(|&s| s == t));
        let me = [v];
        // From the most to the least shown; empty columns left out.
        let tries: [(&[u32], &[u32], &[u32]); 4] = [
            (&before, &after, &beyond),
            (&[], &after, &beyond),
            (&before, &after, &[]),
            (&[], &after, &[]),
        ];
        let mut placed = None;
        for (k, (b, a, z)) in tries.iter().enumerate() {
            let columns: Vec<Column> = [(*b, None), (&me[..], None), (*a, target_at), (*z, None)]
                .into_iter()
                .filter(|(column, _)| !column.is_empty())
                .map(|(column, keep)| Column {
                    vertices: column.to_vec(),
                    keep,
                })
                .collect();
            let fit = if k + 1 == tries.len() {
                Fit::Anyway
            } else {
                Fit::Cut
            };
            if let Some(p) = self.place(view, &marks, &columns, area, fit) {
                placed = Some((p, b.len() == before.len(), z.len() == beyond.len()));
                break;
            }
        }
        let Some((Placed { nodes, more, spans }, with_before, with_beyond)) = placed else {
            return Plan {
                area,
                around: true,
                whole_fits,
                note: format!("vertex {v}: the board is too small"),
                ..Plan::default()
            };
        };
        let hidden = |shown: bool| if shown { "" } else { " (not drawn)" };
        let mut parts = vec![
            format!(
                "{} in{}",
                before.len(),
                hidden(with_before || before.is_empty())
            ),
            format!("{} out", after.len()),
        ];
        if !beyond.is_empty() {
            parts.push(format!("{} beyond{}", beyond.len(), hidden(with_beyond)));
        }
        Plan {
            area,
            around: true,
            whole_fits,
            nodes,
            more,
            spans,
            note: first_fitting(
                &[
                    format!("around {v} (of {}): {}", graph.len(), parts.join(", ")),
                    format!("around {v}: {}", parts.join(", ")),
                ],
                board.width,
            ),
        }
    }

    fn node_at(&self, at: ScreenPosition) -> Option<u32> {
        self.plan
            .nodes
            .iter()
            .find(|n| at.y == n.y && at.x >= n.x && at.x < n.x + n.width)
            .map(|n| n.v)
    }

    /// The edges between drawn vertices (those going right: a neighbourhood's column may
    /// hold an edge between two of its own vertices, which is not drawn).
    fn edges(&self, graph: &Graph, marks: &Marks<'_>) -> Edges {
        let area = self.plan.area;
        let (w, h) = (area.width as i32, area.height as i32);
        let mut cells = vec![(0u8, 0u8); (w * h).max(0) as usize];
        let mut arrows: Vec<(u16, u16, u8)> = Vec::new();
        let mut node_of = vec![None; graph.len() + 1];
        // The rows each column's labels take: an edge crossing a column passes between them.
        let mut taken = vec![Vec::new(); self.plan.spans.len()];
        for (i, node) in self.plan.nodes.iter().enumerate() {
            node_of[node.v as usize] = Some(i);
            taken[node.column].push(node.y);
        }
        for more in &self.plan.more {
            if let Some(c) = self.plan.spans.iter().position(|s| s.0 + 1 == more.x) {
                taken[c].push(more.y);
            }
        }
        for from in &self.plan.nodes {
            for &to_v in graph.successors(from.v) {
                let Some(to) = node_of[to_v as usize].map(|i| self.plan.nodes[i]) else {
                    continue;
                };
                if to.column <= from.column {
                    continue;
                }
                let rank = match (marks.chosen == Some(from.v), marks.target == Some(to_v)) {
                    (true, true) => 2,
                    (true, false) => 1,
                    _ => 0,
                };
                // Dots: two per cell across, four down; an edge runs along the second row of
                // dots of its rows.
                let row = |y: u16| 4 * (y - area.y) as i32 + 1;
                let column = |x: u16| 2 * (x - area.x) as i32;
                let mut points = vec![(column(from.x + from.drawn), row(from.y))];
                for c in from.column + 1..to.column {
                    let (x, width) = self.plan.spans[c];
                    // Where the straight line would cross, moved to the nearest free row.
                    let t = (x - from.x) as f64 / (to.x - from.x).max(1) as f64;
                    let straight = from.y as f64 + t * (to.y as f64 - from.y as f64);
                    let free = (area.y..area.y + area.height)
                        .filter(|y| !taken[c].contains(y))
                        .min_by(|a, b| {
                            (*a as f64 - straight)
                                .abs()
                                .total_cmp(&(*b as f64 - straight).abs())
                        });
                    if let Some(y) = free {
                        points.push((column(x) - 1, row(y)));
                        points.push((column(x + width) + 1, row(y)));
                    }
                }
                points.push((column(to.x) - 1, row(to.y)));
                for pair in points.windows(2) {
                    line(pair[0], pair[1], |x, y| {
                        let (cx, cy) = (x.div_euclid(2), y.div_euclid(4));
                        if cx < 0 || cy < 0 || cx >= w || cy >= h {
                            return;
                        }
                        const BITS: [[u8; 4]; 2] =
                            [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]];
                        let cell = &mut cells[(cy * w + cx) as usize];
                        cell.0 |= BITS[x.rem_euclid(2) as usize][y.rem_euclid(4) as usize];
                        cell.1 = cell.1.max(rank);
                    });
                }
                match arrows.iter_mut().find(|a| a.0 == to.x && a.1 == to.y) {
                    Some(a) => a.2 = a.2.max(rank),
                    None => arrows.push((to.x, to.y, rank)),
                }
            }
        }
        Edges { cells, arrows }
    }

    fn panel_lines(&self, view: &BoardView<'_, Dag>) -> Vec<Line<'static>> {
        let theme = view.theme;
        if view.position.is_over() {
            return crate::tui::board::game_over_lines(theme);
        }
        let first = if Self::movable(view.position, self.token) {
            // The list was closed (Esc).
            Self::RULES[0].to_string()
        } else {
            format!(
                "{} has no edge out.",
                view.position.describe_part(self.token).words()
            )
        };
        let mut lines = vec![Line::raw(first), Line::raw("")];
        lines.push(Line::from(vec![
            Span::styled(keymap::key_for(Action::NextPart), theme.key),
            Span::raw(" picks a token with a move, ↑/↓ its target, "),
            Span::styled(keymap::key_for(Action::Select), theme.key),
            Span::raw(" plays."),
        ]));
        lines
    }
}

impl Board for DagBoard {
    type Game = Dag;
    const KIND: GameKind = GameKind::Dag;
    const RULES: &'static [&'static str] = &[
        "Tokens on a directed acyclic graph: a move slides one token along an edge. Tokens may \
         share a vertex. Who cannot move loses.",
        "Each token is a game of its own; the value of a vertex is the mex (least value not \
         among) of its successors' values, so a vertex with no edge out (∎) is worth 0. The \
         position's value is the nim-sum of the tokens' vertices' values.",
        "The board: each vertex is drawn in the column of its longest path to a vertex with no \
         edge out, so every edge points right, into a ▸ before its target. ● is a token (●3: \
         three on one vertex). The chosen token's vertex is reversed, its out-edges and targets \
         bright, the selected target marked. Hints add each vertex's value (*k) and mark the \
         targets ✓ (the move wins) or ✗. A graph too big for the screen shows the chosen \
         token's neighbourhood: the vertices with an edge into it, its targets and theirs.",
        "Keys: Tab / Shift-Tab pick the token, ↑/↓ (or ←/→) its target, Enter plays; v switches \
         between the whole graph and the neighbourhood. Mouse: click a token's vertex to pick \
         it, click a target to select it and again to play.",
    ];

    fn start_position(setup: &GameSetup, rng: &mut ReplayRng) -> anyhow::Result<Dag> {
        let code = match &setup.code {
            Some(code) => code.clone(),
            None if setup.start == Start::Standard => super::heaps::start_code(setup, rng),
            None => Dag::random(rng).to_code(),
        };
        Dag::from_code(&code).with_context(|| format!("bad dag code '{code}'"))
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
        format!(
            "{} vertices, {} token{}",
            position.graph().len(),
            position.tokens().len(),
            if position.tokens().len() == 1 {
                ""
            } else {
                "s"
            }
        )
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
        self.plan = self.fit_plan(view, areas.board);
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
                    .title(Line::styled(" Moves ", theme.title))
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
                            None => return BoardAction::Message("No token has a move.".into()),
                        }
                    }
                    Action::Up | Action::Down | Action::Select => {
                        self.open(position);
                        if self.list.is_none() {
                            return BoardAction::Message(format!(
                                "{} has no edge out ({} picks a token that has one).",
                                position.describe_part(self.token).words(),
                                keymap::key_for(Action::NextPart)
                            ));
                        }
                    }
                    Action::View => {
                        if !self.plan.whole_fits {
                            self.around = false;
                            return BoardAction::Message(
                                "The whole graph does not fit here: the board shows the chosen \
                                 token's neighbourhood."
                                    .into(),
                            );
                        }
                        self.around = !self.around;
                        return BoardAction::Message(if self.around {
                            "The chosen token's neighbourhood (v: the whole graph).".into()
                        } else {
                            "The whole graph where it fits (v: the neighbourhood).".into()
                        });
                    }
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
                        format!(
                            " ({} picks the token on {v} instead)",
                            keymap::key_for(Action::NextPart)
                        )
                    } else {
                        String::new()
                    };
                    return BoardAction::Message(format!(
                        "Click vertex {v} again (or press Enter) to slide the token from {from} to {v}{also}."
                    ));
                }
                match position.tokens().iter().position(|&t| t == v) {
                    Some(_) if chosen == Some(v) => BoardAction::None,
                    Some(i) => {
                        self.choose_token(position, i);
                        if self.list.is_none() {
                            return BoardAction::Message(format!(
                                "Vertex {v} has no edge out: its token cannot move."
                            ));
                        }
                        BoardAction::None
                    }
                    None => BoardAction::Message(format!(
                        "No token on vertex {v}: click a vertex with a ● to pick its token."
                    )),
                }
            }
            BoardInput::Wheel { down, at } => {
                if let Some(list) = &mut self.list
                    && (self.areas.moves.contains(at) || self.areas.board.contains(at))
                {
                    if down {
                        list.down();
                    } else {
                        list.up();
                    }
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
            spans.push(Span::styled(format!(" · {sharing} tokens here"), theme.dim));
        }
        if view.hints {
            spans.push(Span::styled(
                format!(" · value *{}", position.graph().value(v)),
                theme.value,
            ));
        }
        spans.push(Span::styled(
            format!(" · {moves} move{}", if moves == 1 { "" } else { "s" }),
            theme.dim,
        ));
        if let Some(t) = self.target() {
            spans.push(Span::styled(format!(" · → {t}"), theme.dim));
        }
        if self.plan.around && self.plan.whole_fits {
            spans.push(Span::styled(" · v: whole graph", theme.dim));
        }
        Line::from(spans)
    }

    fn selected(&self) -> Option<Slide> {
        self.list.as_ref().and_then(|l| l.selected_move()).copied()
    }
}
