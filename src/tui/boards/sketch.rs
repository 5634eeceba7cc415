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
use crate::locale;
use crate::locale::Words;
use crate::tr;
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
                Rule::Kayles => ("▮", tr!("board.heaps.row")),
                _ => ("●", tr!("board.heaps.heap")),
            };
            rows_of(
                p.heaps().iter().enumerate().map(|(i, &x)| {
                    let name = tr!("board.sketch.counted", word = label, n = i + 1, count = x);
                    counted(name.into_owned(), x, token, width, theme)
                }),
                p.heaps().len(),
                "board.sketch.more_heaps",
                theme,
            )
        }
        Component::Stairs(p) => rows_of(
            p.balls().iter().enumerate().rev().map(|(i, &x)| {
                let stair = i + 1;
                // Only even stairs count: the odd ones are drawn dim.
                let name = tr!(
                    "board.sketch.counted",
                    word = tr!("board.sketch.stair"),
                    n = stair,
                    count = x
                );
                let mut line = counted(name.into_owned(), x, "●", width, theme);
                if stair % 2 == 1 {
                    line = line.style(theme.dim);
                }
                line
            }),
            p.balls().len(),
            "board.sketch.more_stairs",
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
                spans.push(Span::styled(
                    tr!("board.sketch.coins_cut", n = p.n()).into_owned(),
                    theme.dim,
                ));
            }
            vec![
                Line::from(spans),
                Line::styled(
                    tr!(
                        "board.sketch.coins",
                        n = p.n(),
                        tails = p.tails_count(),
                        maxq = p.maxq()
                    )
                    .into_owned(),
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
                    tr!("board.sketch.grid_cut", rows = p.rows(), cols = p.cols()).into_owned(),
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
                    tr!("board.sketch.boxes", n = p.n(), pieces = p.piece_count()).into_owned(),
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
            let tokens: Vec<String> = p
                .tokens()
                .iter()
                .map(|v| tr!("board.sketch.token_at", v = v).into_owned())
                .collect();
            let mut lines = wrapped(&tokens, width, theme.tails);
            let edges = (1..=p.graph().len() as u32)
                .map(|v| p.graph().successors(v).len())
                .sum::<usize>();
            lines.push(Line::styled(
                tr!(
                    "board.sketch.graph",
                    vertices = p.graph().len(),
                    edges = edges
                )
                .into_owned(),
                theme.dim,
            ));
            lines
        }
        Component::Wythoff(p) => rows_of(
            p.queens().iter().enumerate().map(|(i, &(a, b))| {
                let lost = if is_p_position(a, b) {
                    tr!("board.sketch.p_position").into_owned()
                } else {
                    String::new()
                };
                Line::from(vec![
                    Span::styled(
                        tr!("board.sketch.queen", n = i + 1, a = a, b = b).into_owned(),
                        theme.tails,
                    ),
                    Span::styled(lost, theme.dim),
                ])
            }),
            p.queens().len(),
            "board.sketch.more_queens",
            theme,
        ),
        Component::Fibnim(p) => vec![
            counted(
                tr!("board.sketch.fib_heap", count = p.heap()).into_owned(),
                p.heap(),
                "●",
                width,
                theme,
            ),
            Line::styled(
                tr!("board.sketch.fib_limit", limit = p.limit()).into_owned(),
                theme.dim,
            ),
        ],
        // Any other game: its parts in its own words, one a row. (Unreachable while every game
        // has a drawing above; a new game needs none.)
        #[allow(unreachable_patterns)]
        other => crate::with_component!(other, p, _wrap, _back => {
            let parts = p.parts();
            let total = parts.len();
            let rows = parts
                .into_iter()
                .map(|(part, _)| Line::styled(text::fit(&p.describe_part(part).words(), width), theme.text))
                .collect::<Vec<_>>();
            rows_of(rows.into_iter(), total, "board.sketch.more", theme)
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

/// The first [`MAX_ROWS`] of `rows`, and a line for the rest (`what`: the locale key of that
/// line, with `%{n}` the rows left out).
fn rows_of(
    rows: impl Iterator<Item = Line<'static>>,
    total: usize,
    what: &str,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let mut lines: Vec<Line<'static>> = rows.take(MAX_ROWS).collect();
    if total > MAX_ROWS {
        lines.push(Line::styled(
            locale::text(what).replace("%{n}", &(total - MAX_ROWS).to_string()),
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
            tr!("board.sketch.more", n = items.len() - placed).into_owned(),
            style,
        ));
    }
    lines
}
