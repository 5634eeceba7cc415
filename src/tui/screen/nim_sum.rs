//! The nim-sum panel's text: the nim-sum written out as an XOR sum of the parts' values, in
//! binary where it fits, and what it means.

use ratatui::text::{Line, Span};

use crate::analysis::Analysis;
use crate::game::Impartial;
use crate::locale::Words;
use crate::tr;
use crate::tui::board::Side;
use crate::tui::text;
use crate::tui::theme::Theme;

/// The nim-sum panel's text.
pub struct NimSumText {
    pub lines: Vec<Line<'static>>,
    /// Whether parts are grouped by value (too many to list one by one).
    pub grouped: bool,
}

/// A row of the nim-sum panel: a part (or a count of parts) and its value.
struct Entry {
    label: String,
    value: crate::nimber::Nimber,
    /// A value that appears an even number of times, so cancels out.
    cancels: bool,
}

/// Column widths of the nim-sum panel's entries, and how many entries fit side by side.
struct EntryLayout {
    label_width: usize,
    value_width: usize,
    /// Binary digits, when the binary column fits at all.
    bits: Option<usize>,
    /// Width of one entry, its `⊕ ` included.
    cell: usize,
    columns: usize,
}

/// What a grouped entry of even count shows after its value (` (even)`).
fn even_mark() -> std::borrow::Cow<'static, str> {
    tr!("game.nim.even")
}

impl EntryLayout {
    fn new(entries: &[Entry], total: &str, width: usize, grouped: bool) -> EntryLayout {
        let label_width = entries
            .iter()
            .map(|e| text::width(&e.label))
            .max()
            .unwrap_or(0)
            .max(text::width(&tr!("game.nim.label")));
        // The total shares the value column when it fits the panel; a longer one (2^198+…)
        // runs on and is cut with "…" rather than pushing every entry's marks out of sight.
        let entry_values = entries
            .iter()
            .map(|e| text::width(&e.value.short()) + 1)
            .max()
            .unwrap_or(0);
        let value_width = if 2 + label_width + 1 + text::width(total) <= width {
            entry_values.max(text::width(total))
        } else {
            entry_values
        };
        let bits = entries
            .iter()
            .map(|e| e.value.highest_bit().map_or(1, |h| h as usize + 1))
            .max()
            .unwrap_or(1);
        let bits = (2 + label_width + 1 + value_width + 2 + bits <= width).then_some(bits);
        let mut layout = EntryLayout {
            label_width,
            value_width,
            bits,
            cell: 0,
            columns: 1,
        };
        let even = if grouped {
            text::width(&even_mark())
        } else {
            0
        };
        layout.cell = 2 + layout.sum_width() + even;
        layout.columns = ((width + 1) / (layout.cell + 1)).max(1);
        layout
    }

    /// Width of an entry's text without its `⊕ ` and the even mark: the rule's width.
    fn sum_width(&self) -> usize {
        self.label_width + 1 + self.value_width + self.bits.map_or(0, |b| 2 + b)
    }

    fn format(&self, entry: &Entry, grouped: bool) -> String {
        let (lw, vw) = (self.label_width, self.value_width);
        let value = format!("*{}", entry.value.short());
        let mut s = if grouped {
            format!("{} {value:<vw$}", text::pad_start(&entry.label, lw))
        } else {
            format!("{} {value:>vw$}", text::pad(&entry.label, lw))
        };
        if let Some(bits) = self.bits {
            s.push_str("  ");
            s.push_str(&entry.value.to_binary_width(bits));
        }
        if entry.cancels {
            s.push_str(&even_mark());
        }
        s
    }
}

/// The nim-sum as an XOR sum written out: one row per part of non-zero value (its label, its
/// value, its value in binary), a count of the parts of value 0, a rule, the nim-sum, and what
/// it means. Binary columns are dropped when they do not fit (values reach 2^198): values are
/// then written as powers of two.
pub fn nim_sum_lines<P: Impartial>(
    position: &P,
    analysis: &Analysis<P>,
    width: usize,
    height: usize,
    to_move: Side,
    theme: &Theme,
) -> NimSumText {
    if !position.values_known() {
        // Past the game's value table (a lone Wythoff queen at 10^9): no value to XOR, only
        // the game's own rule, which says what decides.
        let zero = !analysis.mover_wins;
        let style = if zero { theme.losing } else { theme.winning };
        // Parts that are not separate games (Nim-K) have no values at all, past a table or not.
        let unknown = if position.parts_independent() {
            tr!("game.nim.value_unknown")
        } else {
            tr!("game.nim.no_part_values")
        };
        let mut lines: Vec<Line<'static>> = text::wrap(&unknown, width.max(1))
            .into_iter()
            .map(|r| Line::styled(r, theme.dim))
            .collect();
        lines.extend([Line::styled(
            tr!(
                "game.nim.by_rule",
                verdict = verdict_words(zero, to_move, true)
            )
            .into_owned(),
            style,
        )]);
        let rule = position.win_rule().map(|r| r.words()).unwrap_or_default();
        let room = height.saturating_sub(lines.len());
        lines.extend(
            text::wrap(&rule, width.max(1))
                .into_iter()
                .take(room)
                .map(|r| Line::styled(r, style)),
        );
        return NimSumText {
            lines,
            grouped: false,
        };
    }
    // Parts of value 0 change nothing in an XOR: counted, not listed. (Counted once per
    // position, in the analysis: a board of 10^6 boxes has ~500 000 parts.)
    let parts = analysis.parts.iter().filter(|(_, v)| !v.is_zero());
    let zeros = analysis.zero_parts;
    let nonzero = analysis.parts.len() - zeros;
    // Rows left for parts after the zero count, the rule, the total, the verdict, exact play.
    // A short panel drops the exact-play line, then the zero count, before the sum itself.
    let mut show_exact = analysis.exact.is_some();
    let mut show_zeros = zeros > 0 || nonzero == 0;
    if show_exact && height < 3 + usize::from(show_zeros) + 2 {
        show_exact = false;
    }
    if show_zeros && height < 3 + 2 {
        show_zeros = false;
    }
    let reserved = 3 + usize::from(show_zeros) + usize::from(show_exact);
    let room = height.saturating_sub(reserved).max(1);
    let total = format!("*{}", analysis.nim_sum.short());
    // No entry is narrower than 8 columns ("⊕ " and the shortest label and value): past this
    // many parts they cannot fit one by one, so their labels are not even made (a long row
    // has thousands of parts, and this runs every frame).
    let most = room * (width / 8).max(1);
    let per_part: Vec<Entry> = parts
        .take(most + 1)
        .map(|(part, v)| Entry {
            label: position.describe_part(*part).words(),
            value: *v,
            cancels: false,
        })
        .collect();
    // One entry per part when they fit (in as many columns as the width allows); else one
    // per value with its count, since equal values cancel in pairs.
    let part_layout = EntryLayout::new(&per_part, &total, width, false);
    let grouped = nonzero > room * part_layout.columns;
    let (entries, layout) = if grouped {
        let entries: Vec<Entry> = analysis
            .value_counts
            .iter()
            .map(|&(value, k)| Entry {
                label: tr!("game.nim.times", k = k).into_owned(),
                value,
                cancels: k % 2 == 0,
            })
            .collect();
        let layout = EntryLayout::new(&entries, &total, width, true);
        (entries, layout)
    } else {
        (per_part, part_layout)
    };
    let mut lines = Vec::new();
    let capacity = room * layout.columns;
    let shown = if entries.len() > capacity {
        // The last line says how many more.
        (room - 1) * layout.columns
    } else {
        entries.len()
    };
    // Column-major, so the entries read down each column; one column when that fits.
    let line_count = if shown <= room {
        shown
    } else {
        shown.div_ceil(layout.columns)
    }
    .max(1);
    let mut rows: Vec<Vec<Span<'static>>> = vec![Vec::new(); line_count];
    for (i, entry) in entries.iter().take(shown).enumerate() {
        let (column, line) = (i / line_count, i % line_count);
        let prefix = if i == 0 { "  " } else { "⊕ " };
        let spans = &mut rows[line];
        if column > 0 {
            spans.push(Span::raw(" "));
        }
        spans.push(Span::styled(prefix, theme.dim));
        let text = layout.format(entry, grouped);
        let padded = text::pad(&text, layout.cell - 2);
        spans.push(Span::styled(
            padded,
            if entry.cancels {
                theme.dim
            } else {
                theme.value
            },
        ));
    }
    if shown > 0 {
        lines.extend(rows.into_iter().map(Line::from));
    }
    if shown < entries.len() {
        lines.push(Line::styled(
            format!(
                "{} {}",
                if shown > 0 { "⊕" } else { " " },
                if grouped {
                    tr!("game.nim.more_values", n = entries.len() - shown)
                } else {
                    tr!("game.nim.more_parts", n = entries.len() - shown)
                }
            ),
            theme.dim,
        ));
    }
    if show_zeros {
        let plus = if shown > 0 { "⊕" } else { " " };
        let text = match zeros {
            0 => tr!("game.nim.no_parts").into_owned(),
            1 => format!("{plus} {}", tr!("game.nim.one_zero")),
            k => format!("{plus} {}", tr!("game.nim.zeros", k = k)),
        };
        lines.push(Line::styled(text, theme.dim));
    }
    let rule_width = layout.sum_width().min(width.saturating_sub(2));
    lines.push(Line::styled(
        format!("  {}", "─".repeat(rule_width)),
        theme.dim,
    ));
    // The verdict: by the nim-sum, or by the game's own rule (misère Nim), which the
    // analysis applied; the rule's words replace the nim-sum's.
    let zero = !analysis.mover_wins;
    let total_style = if zero { theme.losing } else { theme.winning };
    lines.push(Line::from(vec![
        Span::raw("= "),
        Span::styled(
            layout.format(
                &Entry {
                    label: tr!("game.nim.label").into_owned(),
                    value: analysis.nim_sum,
                    cancels: false,
                },
                grouped,
            ),
            total_style,
        ),
    ]));
    let rule = position.win_rule().map(|r| r.words());
    let verdict = if rule.is_some() {
        tr!(
            "game.nim.by_rule",
            verdict = verdict_words(zero, to_move, true)
        )
        .into_owned()
    } else {
        verdict_words(zero, to_move, false)
    };
    lines.push(Line::styled(verdict, total_style));
    if let Some(rule) = rule {
        // The rule in words, wrapped to the panel, as far as the panel has rows.
        let rows = text::wrap(&rule, width);
        let room = height.saturating_sub(lines.len() + usize::from(show_exact));
        lines.extend(
            rows.into_iter()
                .take(room)
                .map(|r| Line::styled(r, total_style)),
        );
    }
    if let Some(exact) = analysis.exact.filter(|_| show_exact) {
        lines.push(Line::styled(
            tr!(
                "game.nim.lasts",
                moves = crate::locale::moves(crate::locale::lang(), u64::from(exact.remoteness))
            )
            .into_owned(),
            theme.dim,
        ));
    }
    NimSumText { lines, grouped }
}

/// Who wins with best play, in words: `= 0: you (to move) lose with best play`, or without the
/// nim-sum (`by_rule`: the game's own rule decides) `you (to move) lose`. `lost`: the player
/// to move loses.
pub(super) fn verdict_words(lost: bool, to_move: Side, by_rule: bool) -> String {
    let key = match (by_rule, lost, to_move) {
        (false, true, Side::You) => "game.nim.you_lose",
        (false, true, Side::Ai) => "game.nim.ai_loses",
        (false, false, Side::You) => "game.nim.you_win",
        (false, false, Side::Ai) => "game.nim.ai_wins",
        (true, true, Side::You) => "game.nim.rule_you_lose",
        (true, true, Side::Ai) => "game.nim.rule_ai_loses",
        (true, false, Side::You) => "game.nim.rule_you_win",
        (true, false, Side::Ai) => "game.nim.rule_ai_wins",
    };
    crate::locale::text(key).into_owned()
}
