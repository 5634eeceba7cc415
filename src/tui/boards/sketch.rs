//! Small drawings of one position of any game, for the sum board: each component of a sum gets
//! a board of its own in a few rows — heaps as stacks of tokens, a coin row as its faces, a
//! grid as its cells, boxes with pieces, stairs with balls, pairs, tokens on their vertices,
//! queens on their squares. Drawings only read the position, and cut at `width` columns and
//! [`MAX_ROWS`] rows with a note of what is not shown.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

use crate::game::Impartial;
use crate::games::Face;
use crate::games::grid::Cell;
use crate::games::heaps::Rule;
use crate::games::sum::Component;
use crate::games::wythoff::is_p_position;
use crate::locale::Words;
use crate::tui::text;
use crate::tui::theme::Theme;

/// The most rows a drawing takes (one more says what is cut).
pub const MAX_ROWS: usize = 6;

/// The component's game for a frame's title: `Nim`, `Kayles`, `Coin row`.
pub fn title(component: &Component) -> String {
    match component {
        Component::Heaps(p) => p.rule().words(),
        other => crate::games::GameKind::of_code_name(&other.game_name())
            .map_or_else(|| other.game_name(), |k| k.words()),
    }
}

/// A drawing of `component`, at most `width` columns wide and [`MAX_ROWS`] + 1 rows high.
pub fn sketch(component: &Component, width: usize, theme: &Theme) -> Vec<Line<'static>> {
    let width = width.max(8);
    match component {
        Component::Heaps(p) => {
            let (token, label) = match p.rule() {
                Rule::Kayles => ("▮", "row"),
                _ => ("●", "heap"),
            };
            rows_of(
                p.heaps().iter().enumerate().map(|(i, &x)| {
                    counted(format!("{label} {} ({x})", i + 1), x, token, width, theme)
                }),
                p.heaps().len(),
                "heaps",
                theme,
            )
        }
        Component::Stairs(p) => rows_of(
            p.balls().iter().enumerate().rev().map(|(i, &x)| {
                let stair = i + 1;
                // Only even stairs count: the odd ones are drawn dim.
                let mut line = counted(format!("stair {stair} ({x})"), x, "●", width, theme);
                if stair % 2 == 1 {
                    line = line.style(theme.dim);
                }
                line
            }),
            p.balls().len(),
            "stairs",
            theme,
        ),
        Component::Coins(p) => {
            let shown = p.n().min(width.saturating_sub(2) / 2);
            let faces: String = (1..=shown)
                .map(|c| match p.face(c) {
                    Face::Tails => "T ",
                    Face::Heads => "H ",
                })
                .collect();
            let mut spans = vec![Span::styled(faces, theme.tails)];
            if shown < p.n() {
                spans.push(Span::styled(format!("… {} coins", p.n()), theme.dim));
            }
            vec![
                Line::from(spans),
                Line::styled(
                    format!(
                        "{} coins, {} tails up, MAXQ {}",
                        p.n(),
                        p.tails_count(),
                        p.maxq()
                    ),
                    theme.dim,
                ),
            ]
        }
        Component::Grid(p) => {
            let cols = p.cols().min(width.saturating_sub(1) / 2);
            // Cells are numbered from 1, as in the grid's codes and board.
            let mut lines: Vec<Line<'static>> = (1..=p.rows().min(MAX_ROWS))
                .map(|row| {
                    let cells: String = (1..=cols)
                        .map(|col| match p.face(Cell { row, col }) {
                            Face::Tails => "T ",
                            Face::Heads => "H ",
                        })
                        .collect();
                    Line::styled(cells, theme.tails)
                })
                .collect();
            if p.rows() > MAX_ROWS || cols < p.cols() {
                lines.push(Line::styled(
                    format!("{} × {} grid (cut)", p.rows(), p.cols()),
                    theme.dim,
                ));
            }
            lines
        }
        Component::Dodgeball(p) => {
            let shown = p.n().min(width.saturating_sub(2));
            let boxes: String = (1..=shown)
                .map(|b| if p.has_piece(b) { '■' } else { '□' })
                .collect();
            let mut spans = vec![Span::styled(boxes, theme.tails)];
            if shown < p.n() {
                spans.push(Span::styled("…", theme.dim));
            }
            vec![
                Line::from(spans),
                Line::styled(
                    format!("{} boxes, {} pieces", p.n(), p.piece_count()),
                    theme.dim,
                ),
            ]
        }
        Component::Ed(p) => {
            let pairs: Vec<String> = p
                .pairs()
                .iter()
                .map(|(x, y)| format!("({x}, {y})"))
                .collect();
            wrapped(&pairs, width, theme.text)
        }
        Component::Dag(p) => {
            let tokens: Vec<String> = p.tokens().iter().map(|v| format!("● at {v}")).collect();
            let mut lines = wrapped(&tokens, width, theme.tails);
            let edges = (1..=p.graph().len() as u32)
                .map(|v| p.graph().successors(v).len())
                .sum::<usize>();
            lines.push(Line::styled(
                format!("{} vertices, {edges} edges", p.graph().len()),
                theme.dim,
            ));
            lines
        }
        Component::Wythoff(p) => rows_of(
            p.queens().iter().enumerate().map(|(i, &(a, b))| {
                let lost = if is_p_position(a, b) {
                    "  a P-position"
                } else {
                    ""
                };
                Line::from(vec![
                    Span::styled(format!("♛ queen {} at ({a}, {b})", i + 1), theme.tails),
                    Span::styled(lost, theme.dim),
                ])
            }),
            p.queens().len(),
            "queens",
            theme,
        ),
        Component::Fibnim(p) => vec![
            counted(format!("heap ({})", p.heap()), p.heap(), "●", width, theme),
            Line::styled(format!("take 1 to {}", p.limit()), theme.dim),
        ],
        // Any other game: its parts in its own words, one a row.
        other => crate::with_component!(other, p, _wrap, _back => {
            let parts = p.parts();
            let total = parts.len();
            let rows = parts
                .into_iter()
                .map(|(part, _)| Line::styled(text::fit(&p.describe_part(part).words(), width), theme.text))
                .collect::<Vec<_>>();
            rows_of(rows.into_iter(), total, "parts", theme)
        }),
    }
}

/// `label` and `count` tokens, cut to `width`.
fn counted(label: String, count: u64, token: &str, width: usize, theme: &Theme) -> Line<'static> {
    let label = format!("{} ", text::pad(&label, 14));
    let room = width.saturating_sub(text::width(&label) + 1);
    let shown = (count as usize).min(room);
    let mut spans = vec![
        Span::styled(label, theme.text),
        Span::styled(token.repeat(shown), theme.tails),
    ];
    if shown < count as usize {
        spans.push(Span::styled("…", theme.dim));
    }
    Line::from(spans)
}

/// The first [`MAX_ROWS`] of `rows`, and a line for the rest.
fn rows_of(
    rows: impl Iterator<Item = Line<'static>>,
    total: usize,
    what: &str,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let mut lines: Vec<Line<'static>> = rows.take(MAX_ROWS).collect();
    if total > MAX_ROWS {
        lines.push(Line::styled(
            format!("… and {} more {what}", total - MAX_ROWS),
            theme.dim,
        ));
    }
    lines
}

/// `items` separated by spaces, as many a line as fit in `width`, at most [`MAX_ROWS`] lines.
fn wrapped(items: &[String], width: usize, style: Style) -> Vec<Line<'static>> {
    let mut placed = 0;
    let mut lines: Vec<Line<'static>> = text::pack(items, width)
        .into_iter()
        .take(MAX_ROWS)
        .map(|line| {
            placed += line.len();
            Line::styled(text::fit(&line.join(" "), width), style)
        })
        .collect();
    if placed < items.len() {
        lines.push(Line::styled(
            format!("… and {} more", items.len() - placed),
            style,
        ));
    }
    lines
}
