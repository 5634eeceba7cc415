//! The game record on screen, for any game: one row per move (number, who, verdict mark
//! ✓ best · good ?? blunder - lost (every move loses), the nim-sum after it, the move in words; the mark and
//! the nim-sum only where the player may see who is winning), as a small panel beside
//! the board that follows the game and as the full-screen list of the browsing view.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Widget};

use crate::locale::Words;
use crate::record::{Played, Side, Verdict};
use crate::tr;
use crate::tui::board::set_line_fit;
use crate::tui::text;
use crate::tui::theme::Theme;

/// At most this many characters of the better move in a verdict's sentence (the coach's line
/// and the browsing view have three rows): a coin or piece move is far shorter; a large
/// grid's block of hundreds of cells is cut with "…" (the help, ?, writes every move played).
pub const BETTER_MOVE_WIDTH: usize = 64;

/// At most this many characters of the better move in the coach's line, which has up to
/// [`COACH_ROWS`] rows of the screen's width: a coin grid's block of a few dozen cells whole.
pub const COACH_MOVE_WIDTH: usize = 150;

/// The most rows the coach's line takes under the board.
pub const COACH_ROWS: usize = 4;

/// The style of a verdict's mark.
fn mark_style(verdict: Option<Verdict>, theme: &Theme) -> Style {
    match verdict {
        Some(Verdict::Best | Verdict::BestStall) => theme.winning,
        Some(Verdict::Blunder) => theme.losing,
        _ => theme.dim,
    }
}

/// Move `number` (1-based) of the record as one row. Without `judged` (hints off during a
/// game) the verdict's mark and the nim-sum after the move are left out: they tell who is
/// winning.
pub fn row<M>(number: usize, played: &Played<M>, judged: bool, theme: &Theme) -> Line<'static> {
    let judgement = played.judgement.as_ref().filter(|_| judged);
    let verdict = judgement.map(|j| j.verdict);
    let mark = match verdict {
        Some(v) => v.mark(),
        None if judged => "…",
        None => "",
    };
    let nim_sum = judgement
        // A large grid's nim-sum keeps its highest power of two here; the browsing view's
        // verdict line writes it whole.
        .map_or(String::new(), |j| {
            if j.wins_after != j.nim_sum_after.is_zero() {
                // Misère Nim's own rule judged, not the nim-sum (which says the opposite
                // here): the column says so rather than show a nim-sum beside the mark.
                tr!("game.record.rule").into_owned()
            } else if j.values_known {
                format!("*{}", j.nim_sum_after.brief())
            } else {
                "*?".to_string()
            }
        });
    let who = match played.by {
        Side::You => tr!("game.side.you"),
        Side::Ai => tr!("game.side.ai"),
    };
    let mut spans = vec![
        Span::styled(format!("{number:>3} "), theme.dim),
        Span::styled(format!("{} ", text::pad(&who, 3)), theme.title),
    ];
    if judged {
        spans.push(Span::styled(
            format!("{mark:<2} "),
            mark_style(verdict, theme),
        ));
        spans.push(Span::styled(
            format!("{} ", text::pad(&nim_sum, 4)),
            theme.value,
        ));
    }
    spans.push(Span::styled(played.words.words(), theme.text));
    Line::from(spans)
}

/// Move `number` of the record in rows of `width`: its row (see [`row`]) with the move's words
/// wrapped under the start of the words, so a long move is read whole (a coin's name
/// `coin 20 (=5·2^2)` and its flips).
pub fn rows<M>(
    number: usize,
    played: &Played<M>,
    judged: bool,
    width: u16,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let line = row(number, played, judged, theme);
    let Some((words, head)) = line.spans.split_last() else {
        return vec![line];
    };
    let indent: usize = head.iter().map(Span::width).sum();
    let room = (width as usize).saturating_sub(indent);
    if line.width() <= width as usize || room < 8 {
        return vec![line];
    }
    let wrapped = text::wrap(&words.content, room);
    wrapped
        .into_iter()
        .enumerate()
        .map(|(k, text)| {
            let mut spans = if k == 0 {
                head.to_vec()
            } else {
                vec![Span::raw(" ".repeat(indent))]
            };
            spans.push(Span::styled(text, words.style));
            Line::from(spans)
        })
        .collect()
}

/// The first entry to show so that `selected` is shown whole in `height` rows, keeping
/// `offset` where it can; `rows_of(i)` is entry i's height.
pub fn scroll_to_rows(
    selected: usize,
    offset: usize,
    height: usize,
    rows_of: impl Fn(usize) -> usize,
) -> usize {
    if height == 0 {
        return offset;
    }
    let mut offset = offset.min(selected);
    while offset < selected && (offset..=selected).map(&rows_of).sum::<usize>() > height {
        offset += 1;
    }
    offset
}

/// Draws entries `offset..` of `record` in `area` (no border), each wrapped to the width, the
/// entry `selected` (if any) highlighted; moves from `now` on (undone, kept for redo) dimmed;
/// verdicts shown when `judged` (see [`row`]).
#[allow(clippy::too_many_arguments)]
pub fn render_rows<M>(
    record: &[Played<M>],
    now: usize,
    offset: usize,
    selected: Option<usize>,
    judged: bool,
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
) {
    let mut y = area.y;
    let bottom = area.y + area.height;
    for (i, played) in record.iter().enumerate().skip(offset) {
        if y >= bottom {
            break;
        }
        let lines = rows(i + 1, played, judged, area.width, theme);
        let count = lines.len();
        for (k, mut line) in lines.into_iter().enumerate() {
            if y >= bottom {
                break;
            }
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
            // An entry going on past the last row ends in "…" (the help lists every move).
            if k + 1 < count && y + 1 == bottom {
                let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
                line = Line::styled(
                    text::fit(&format!("{text} …"), area.width as usize),
                    line.style,
                );
            }
            set_line_fit(buf, area.x, y, &line, area.width);
            y += 1;
        }
    }
}

/// The move-list panel beside the board: the last moves in effect, newest at the bottom, or
/// scrolled back `back` moves with the mouse wheel; verdicts shown when `judged`.
pub fn render_panel<M>(
    record: &[Played<M>],
    back: usize,
    judged: bool,
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
) {
    let block = Block::bordered()
        .title(Line::styled(
            text::fit(
                &tr!("game.record.title"),
                area.width.saturating_sub(2) as usize,
            ),
            theme.title,
        ))
        .border_style(theme.border);
    let inner = block.inner(area);
    block.render(area, buf);
    let height = inner.height as usize;
    let rows_of = |i: usize| rows(i + 1, &record[i], judged, inner.width, theme).len();
    // The newest move `back` from the end shown last, whole, with as many before it as fit.
    let last = record.len().saturating_sub(1 + back);
    let offset = scroll_to_rows(last, 0, height, rows_of);
    let mut used = 0;
    // The entry at the offset is shown (cut if it is taller than the panel).
    let mut shown_to = (offset + 1).min(record.len());
    for i in offset..record.len() {
        used += rows_of(i);
        if used > height {
            break;
        }
        shown_to = i + 1;
    }
    render_rows(
        record,
        record.len(),
        offset,
        None,
        judged,
        inner,
        buf,
        theme,
    );
    if (offset > 0 || shown_to < record.len()) && height > 0 {
        let shown = tr!(
            "board.list.shown",
            first = offset + 1,
            last = shown_to,
            total = record.len()
        );
        let x = (area.x + area.width).saturating_sub(text::width(&shown) as u16 + 1);
        buf.set_string(x, area.y + area.height - 1, shown, theme.dim);
    }
}

/// The verdict of a move in a sentence or two, for the browsing view and the coach.
pub fn explain<M>(played: &Played<M>) -> String {
    let Some(j) = &played.judgement else {
        return tr!("game.record.judging").into_owned();
    };
    let mut text = if j.values_known {
        tr!(
            "game.record.nim_sums",
            verdict = j.verdict.words(),
            before = j.nim_sum_before.brief(),
            after = j.nim_sum_after.brief()
        )
        .into_owned()
    } else {
        // Past a game's value table: the game's own rule judged, the nim-sums are not known.
        let left = if j.wins_after {
            tr!("game.record.left_lost")
        } else {
            tr!("game.record.left_won")
        };
        tr!(
            "game.record.by_rule",
            verdict = j.verdict.words(),
            left = left
        )
        .into_owned()
    };
    if let Some(after) = j.after {
        text.push_str(&tr!(
            "game.record.then",
            moves = crate::locale::moves(crate::locale::lang(), u64::from(after.remoteness))
        ));
    }
    if let Some(better) = &j.better_words {
        let better = text::fit(&better.words(), BETTER_MOVE_WIDTH);
        let what = match j.verdict {
            Verdict::Blunder => tr!("game.record.kept_win"),
            Verdict::Good => tr!("game.record.wins_faster"),
            _ => tr!("game.record.loses_slower"),
        };
        text.push_str(&tr!("game.record.better", better = better, what = what));
    }
    text.push_str(&tr!("game.record.end"));
    text
}
