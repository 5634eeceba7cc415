//! The post-game review on the game-over screen, for any game: who won, the value history
//! (a ratatui chart of who was winning after each move, its height the moves left where the
//! exact search knows them, the blunders that turned the game marked), the blunders of each
//! side, and the keys to retry from the player's first mistake or browse the moves.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::symbols::Marker;
use ratatui::text::Line;
use ratatui::widgets::{Axis, Block, Chart, Clear, Dataset, GraphType, Widget};

use crate::record::{self, Played, Side};
use crate::tr;
use crate::tui::keymap::{self, Action};
use crate::tui::text;
use crate::tui::theme::Theme;

/// Points of a chart: (x, y).
pub type Points = Vec<(f64, f64)>;

/// The points of the value history: x the move number (0: the start), y positive while the
/// player is winning and negative while the AI is, of height the moves left where known (else
/// 1); the game's last point is 0 once it is `over` (no move is left, whether or not the
/// search knew it). Also the points of the blunders.
pub fn chart_points<M>(history: &[Played<M>], over: bool) -> (Points, Points) {
    let values = record::value_history(history);
    let height = |winning: Side, remoteness: Option<u32>| {
        let h = remoteness.map_or(1.0, f64::from);
        if winning == Side::You { h } else { -h }
    };
    let mut line = Vec::new();
    if let Some(first) = history
        .first()
        .and_then(|p| p.judgement.as_ref().map(|j| (p, j)))
    {
        let (played, j) = first;
        let winning = if j.nim_sum_before.is_zero() {
            played.by.other()
        } else {
            played.by
        };
        line.push((0.0, height(winning, j.before.map(|o| o.remoteness))));
    }
    let mut turns = Vec::new();
    for (i, v) in values.iter().enumerate() {
        let last = i + 1 == history.len();
        let y = if last && over {
            0.0
        } else {
            height(v.winning, v.remoteness)
        };
        let point = ((i + 1) as f64, y);
        line.push(point);
        if v.turning {
            turns.push(point);
        }
    }
    (line, turns)
}

/// Blunders of one side in words: `none`, `1 (move 3)`, `2 (moves 3, 7)`.
fn blunder_words<M>(history: &[Played<M>], side: Side) -> String {
    let found = record::blunders(history, side);
    match found.len() {
        0 => tr!("review.blunders.none").into_owned(),
        1 => tr!("review.blunders.one", moves = found[0] + 1).into_owned(),
        n => {
            let list: Vec<String> = found.iter().take(5).map(|i| (i + 1).to_string()).collect();
            let more = if n > 5 { ", …" } else { "" };
            tr!(
                "review.blunders.many",
                n = n,
                moves = format!("{}{more}", list.join(", "))
            )
            .into_owned()
        }
    }
}

/// Draws the review popup over `area` for a finished game won by `winner`.
/// `why` says how it ended (`The AI has no move left.`); `in_lesson`: the game is a lesson's,
/// where Enter goes back to the lesson rather than to a new game.
pub fn render<M>(
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
    winner: Side,
    why: &str,
    history: &[Played<M>],
    in_lesson: bool,
) {
    let width = area.width.saturating_sub(4).min(78);
    let height = area.height.saturating_sub(2).min(20);
    let popup = area.centered(Constraint::Length(width), Constraint::Length(height));
    Clear.render(popup, buf);
    let block = Block::bordered()
        .title(Line::styled(
            text::fit(&tr!("review.title"), width.saturating_sub(2) as usize),
            theme.title,
        ))
        .border_style(theme.focus_border);
    let inner = block.inner(popup);
    block.render(popup, buf);
    if inner.height < 6 {
        return;
    }
    let (headline, style) = match winner {
        Side::You => (tr!("review.you_win"), theme.winning),
        Side::Ai => (tr!("review.ai_wins"), theme.losing),
    };
    text::centred(buf, inner, inner.y, &headline, style);
    let played = match history.len() {
        1 => tr!("review.one_move").into_owned(),
        n => tr!("review.moves", n = n).into_owned(),
    };
    text::centred(
        buf,
        inner,
        inner.y + 1,
        &tr!("review.why_played", why = why, played = played),
        theme.text,
    );

    let bottom = inner.y + inner.height;
    let first_mistake = record::blunders(history, Side::You).first().copied();
    let blunders = tr!(
        "review.blunders_line",
        you = blunder_words(history, Side::You),
        ai = blunder_words(history, Side::Ai)
    );
    text::centred(buf, inner, bottom - 3, &blunders, theme.text);
    let retry = match first_mistake {
        Some(k) => tr!(
            "review.retry",
            retry = keymap::key_for(Action::Retry),
            n = k + 1,
            list = keymap::key_for(Action::MoveList)
        ),
        None => tr!(
            "review.no_blunder",
            list = keymap::key_for(Action::MoveList)
        ),
    };
    text::centred(buf, inner, bottom - 2, &retry, theme.notice);
    let keys = tr!(
        if in_lesson {
            "review.keys_lesson"
        } else {
            "review.keys"
        },
        new = keymap::key_for(Action::NewGame),
        restart = keymap::key_for(Action::Restart),
        undo = keymap::key_for(Action::Undo),
        quit = keymap::key_for(Action::Quit)
    );
    text::centred(buf, inner, bottom - 1, &keys, theme.text);

    let chart_area = Rect {
        x: inner.x,
        y: inner.y + 2,
        width: inner.width,
        height: inner.height.saturating_sub(5),
    };
    if chart_area.height >= 4 {
        render_chart(chart_area, buf, theme, history);
    }
}

/// The value history as a chart (of a finished game).
fn render_chart<M>(area: Rect, buf: &mut Buffer, theme: &Theme, history: &[Played<M>]) {
    let (line, turns) = chart_points(history, true);
    // Some room above the highest point, so a line of height 1 (no move counts known) is not
    // drawn on the border.
    let top = line.iter().map(|(_, y)| y.abs()).fold(1.0, f64::max) * 1.25;
    let counted = history
        .iter()
        .any(|p| p.judgement.as_ref().is_some_and(|j| j.after.is_some()));
    let title = text::fit(
        &if counted {
            tr!("review.chart.title")
        } else {
            tr!("review.chart.title_uncounted")
        },
        area.width.saturating_sub(2) as usize,
    );
    let moves = history.len().max(1) as f64;
    let zero = [(0.0, 0.0), (moves, 0.0)];
    let datasets = vec![
        Dataset::default()
            .marker(Marker::Braille)
            .graph_type(GraphType::Line)
            .style(theme.border)
            .data(&zero),
        Dataset::default()
            .name(tr!("review.chart.who"))
            .marker(Marker::Braille)
            .graph_type(GraphType::Line)
            .style(theme.value)
            .data(&line),
        Dataset::default()
            .name(tr!("review.chart.blunder"))
            .marker(Marker::Block)
            .graph_type(GraphType::Scatter)
            .style(theme.losing)
            .data(&turns),
    ];
    let chart = Chart::new(datasets)
        .block(
            Block::bordered()
                .title(Line::styled(title, theme.dim))
                .border_style(theme.border),
        )
        .x_axis(
            Axis::default()
                .title(Line::styled(tr!("review.chart.move"), theme.dim))
                .style(theme.dim)
                .bounds([0.0, moves])
                .labels(["0".to_string(), history.len().to_string()]),
        )
        .y_axis(
            Axis::default()
                .style(theme.dim)
                .bounds([-top, top])
                .labels([
                    tr!("review.chart.ai").into_owned(),
                    "0".to_string(),
                    tr!("review.chart.you").into_owned(),
                ]),
        );
    chart.render(area, buf);
}
