//! The DAG board's layout: the graph's layers (each vertex in the column of its longest path
//! to a vertex with no edge out), placing and cutting columns to fit, and the edges between
//! drawn vertices as braille lines.

use ratatui::layout::Rect;
use ratatui::text::Span;

use crate::games::dag::{Dag, Graph};
use crate::tui::board::{Board, BoardView};
use crate::tui::text;

use super::{Column, DagBoard, Edges, Fit, Marks, More, Node, Placed, Plan};

/// The widest gap between two columns: wider, edges turn into long flat lines.
const MAX_GAP: u16 = 10;
/// The narrowest gap: two cells of line between a label and the next column's arrow.
const MIN_GAP: u16 = 2;

/// The shape of a graph, computed once per graph: its layers and its predecessor lists.
#[derive(Clone, Debug, Default)]
pub(super) struct Shape {
    /// `layer[v − 1]`: the longest path from v to a vertex with no edge out.
    pub(super) layer: Vec<usize>,
    /// The vertices of each layer in drawing order, top to bottom (layer 0 is drawn last,
    /// on the right).
    pub(super) layers: Vec<Vec<u32>>,
    /// `rank[v − 1]`: v's place in its layer.
    rank: Vec<usize>,
    pub(super) predecessors: Vec<Vec<u32>>,
}

impl Shape {
    pub(super) fn of(graph: &Graph) -> Shape {
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
    pub(super) fn key(&self, v: u32) -> (std::cmp::Reverse<usize>, usize) {
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

impl DagBoard {
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
    pub(super) fn fit_plan(&self, view: &BoardView<'_, Dag>, board: Rect) -> Plan {
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

    /// The edges between drawn vertices (those going right: a neighbourhood's column may
    /// hold an edge between two of its own vertices, which is not drawn).
    pub(super) fn edges(&self, graph: &Graph, marks: &Marks<'_>) -> Edges {
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
}
