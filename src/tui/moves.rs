//! The game record on screen, for any game: one row per move (number, who, verdict mark
//! ✓ best · good ?? blunder, the nim-sum after it, the move in words), as a small panel beside
//! the board that follows the game and as the full-screen list of the browsing view.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Widget};

use crate::record::{Played, Side, Verdict};
use crate::tui::board::{fit, set_line_fit};
use crate::tui::theme::Theme;

/// At most this many characters of the better move in a verdict's sentence (the coach's line
/// and the browsing view have three rows): a coin or piece move is far shorter; a large
/// grid's block of hundreds of cells is cut with "…" (the help, ?, writes every move played).
pub const BETTER_MOVE_WIDTH: usize = 64;

/// The style of a verdict's mark.
fn mark_style(verdict: Option<Verdict>, theme: &Theme) -> Style {
    match verdict {
        Some(Verdict::Best | Verdict::BestStall) => theme.winning,
        Some(Verdict::Blunder) => theme.losing,
        _ => theme.dim,
    }
}

/// Move `number` (1-based) of the record as one row.
pub fn row<M>(number: usize, played: &Played<M>, theme: &Theme) -> Line<'static> {
    let verdict = played.judgement.as_ref().map(|j| j.verdict);
    let mark = verdict.map_or("…", |v| v.mark());
    let nim_sum = played
        .judgement
        .as_ref()
        // A large grid's nim-sum keeps its highest power of two here; the browsing view's
        // verdict line writes it whole.
        .map_or(String::new(), |j| {
            if j.values_known {
                format!("*{}", j.nim_sum_after.brief())
            } else {
                "*?".to_string()
            }
        });
    let who = match played.by {
        Side::You => "you",
        Side::Ai => "AI ",
    };
    Line::from(vec![
        Span::styled(format!("{number:>3} "), theme.dim),
        Span::styled(format!("{who} "), theme.title),
        Span::styled(format!("{mark:<2} "), mark_style(verdict, theme)),
        Span::styled(format!("{nim_sum:<4} "), theme.value),
        Span::styled(played.words.clone(), theme.text),
    ])
}

/// The first row to show so that `selected` is visible in `height` rows, keeping `offset`
/// where it can.
pub fn scroll_to(selected: usize, offset: usize, height: usize) -> usize {
    if height == 0 {
        return offset;
    }
    if selected < offset {
        selected
    } else if selected >= offset + height {
        selected + 1 - height
    } else {
        offset
    }
}

/// Draws rows `offset..` of `record` in `area` (no border), the entry `selected` (if any)
/// highlighted; moves from `now` on (undone, kept for redo) dimmed.
pub fn render_rows<M>(
    record: &[Played<M>],
    now: usize,
    offset: usize,
    selected: Option<usize>,
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
) {
    for (y, (i, played)) in record
        .iter()
        .enumerate()
        .skip(offset)
        .take(area.height as usize)
        .enumerate()
    {
        let y = area.y + y as u16;
        let mut line = row(i + 1, played, theme);
        if i >= now {
            line = line.patch_style(theme.dim);
        }
        if selected == Some(i) {
            line = line.patch_style(theme.selected);
            buf.set_style(
                Rect {
                    y,
                    height: 1,
                    ..area
                },
                theme.selected,
            );
        }
        // A move cut at the panel's edge ends in "…" (the browsing view, m, is wider, and
        // the help lists every move whole).
        set_line_fit(buf, area.x, y, &line, area.width);
    }
}

/// The move-list panel beside the board: the last moves in effect, newest at the bottom, or
/// scrolled back `back` rows with the mouse wheel.
pub fn render_panel<M>(
    record: &[Played<M>],
    back: usize,
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
) {
    let block = Block::bordered()
        .title(Line::styled(" Game record · m: full ", theme.title))
        .border_style(theme.border);
    let inner = block.inner(area);
    block.render(area, buf);
    let height = inner.height as usize;
    let last_page = record.len().saturating_sub(height);
    let offset = last_page.saturating_sub(back);
    render_rows(record, record.len(), offset, None, inner, buf, theme);
    if record.len() > height && height > 0 {
        let shown = format!(
            " {}-{} of {} ",
            offset + 1,
            (offset + height).min(record.len()),
            record.len()
        );
        let x = (area.x + area.width).saturating_sub(shown.chars().count() as u16 + 1);
        buf.set_string(x, area.y + area.height - 1, shown, theme.dim);
    }
}

/// The verdict of a move in a sentence or two, for the browsing view and the coach.
pub fn explain<M>(played: &Played<M>) -> String {
    let Some(j) = &played.judgement else {
        return "judging…".to_string();
    };
    let mut text = if j.values_known {
        format!(
            "{}: nim-sum *{} → *{}",
            j.verdict,
            j.nim_sum_before.brief(),
            j.nim_sum_after.brief()
        )
    } else {
        // Past a game's value table: the game's own rule judged, the nim-sums are not known.
        format!(
            "{}: {}",
            j.verdict,
            if j.wins_after {
                "left a lost position, by the game's own rule"
            } else {
                "left a won position, by the game's own rule"
            }
        )
    };
    if let Some(after) = j.after {
        text.push_str(&format!(
            "; then {} with best play",
            crate::ai::moves(after.remoteness)
        ));
    }
    if let Some(better) = &j.better_words {
        let better = fit(better, BETTER_MOVE_WIDTH);
        let what = match j.verdict {
            Verdict::Blunder => "would have kept the win",
            Verdict::Good => "wins faster",
            _ => "loses more slowly",
        };
        text.push_str(&format!(". {better} {what}"));
    }
    text.push('.');
    text
}
