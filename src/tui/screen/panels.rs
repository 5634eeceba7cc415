//! The panels of the game screen around the board: the title, the turn panel (whose move,
//! the last moves, the AI's reason), the nim-sum panel, the hint bar and the game-over box.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use crate::analysis::Analysis;
use crate::game::{Impartial, Position};
use crate::locale::Words;
use crate::tui::board::{Board, Side};
use crate::tui::keymap::{self, Action};
use crate::tui::text;
use crate::tui::theme::Theme;

use super::{Match, nim_sum_lines};

/// The spinner frames of the "thinking" mark.
const SPINNER: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

impl<B: Board> Match<B> {
    pub(super) fn render_title(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let config = self.session.config();
        let moves = self.session.history().len();
        let progress = if self.session.is_over() {
            match moves {
                1 => "game over after 1 move".to_string(),
                n => format!("game over after {n} moves"),
            }
        } else {
            format!("move {}", moves + 1)
        };
        // The position now, not the start: a Fibonacci Nim heap and its limit change.
        let full = format!(
            " {} · {} · AI {} · {progress}{}",
            B::KIND.words(),
            B::summary(self.session.position()),
            config.level,
            if self.hints { " · hints on" } else { "" }
        );
        // A narrow screen gets the short form rather than a cut.
        let short = format!(
            " {} · {} · {progress}{}",
            B::summary(self.session.position()),
            config.level,
            if self.hints { " · hints" } else { "" }
        );
        let heading = if text::width(&full) <= area.width as usize {
            full
        } else {
            short
        };
        buf.set_style(area, theme.title);
        let heading = text::fit(&heading, area.width as usize);
        buf.set_stringn(area.x, area.y, heading, area.width as usize, theme.title);
    }

    pub(super) fn render_turn(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let block = Block::bordered()
            .title(Line::styled(" Turn ", theme.title))
            .border_style(theme.border);
        let inner = block.inner(area);
        block.render(area, buf);
        let lines = self.turn_lines(inner.width as usize, inner.height as usize, theme);
        Paragraph::new(lines).render(inner, buf);
    }

    /// The Turn panel's text at `width`, cut to `height` rows: whose move it is (and a lost
    /// start said at once), then the last two moves, newest first, each with the AI's reason.
    /// With room to spare nothing is cut, which is how the layout asks what it needs.
    pub(super) fn turn_lines(
        &self,
        width: usize,
        height: usize,
        theme: &Theme,
    ) -> Vec<Line<'static>> {
        // Wrapped here rather than by the paragraph, so that a move cut off at the bottom of
        // the panel ends in "…" instead of reading as a shorter move.
        let mut lines: Vec<Line> = Vec::new();
        let mut push = |text: &str, style, prefix: Option<(&str, ratatui::style::Style)>| {
            for (i, row) in text::wrap(text, width).into_iter().enumerate() {
                match prefix {
                    Some((head, head_style)) if i == 0 && row.starts_with(head) => {
                        let rest = row[head.len()..].to_string();
                        lines.push(Line::from(vec![
                            Span::styled(head.to_string(), head_style),
                            Span::styled(rest, style),
                        ]));
                    }
                    _ => lines.push(Line::styled(row, style)),
                }
            }
        };
        if let Some(winner) = self.session.winner() {
            match winner {
                Side::You => push("Game over: you win ✓", theme.winning, None),
                Side::Ai => push("Game over: the AI wins", theme.losing, None),
            }
        } else if let Some(failure) = self.session.failure() {
            push(
                &format!("⚠ The AI failed: {failure}. u undoes, n starts a new game."),
                theme.losing,
                None,
            );
        } else if self.session.thinking() {
            let frame = self.session.thinking_since().map_or(0, |t| {
                (t.elapsed().as_millis() / 100) as usize % SPINNER.len()
            });
            push(
                &format!("{} AI is thinking…", SPINNER[frame]),
                theme.notice,
                None,
            );
        } else if self.session.to_move() == Side::You {
            push("▶ Your move", theme.notice, None);
            // A start lost for the player is said at once, not left for them to find out.
            let has_moved = self.session.history().iter().any(|p| p.by == Side::You);
            // (The game's own rule decides: misère Nim is not won by its nim-sum.)
            let position = self.session.position();
            if !has_moved && !position.mover_wins() && self.reveals() {
                let why = if position.win_rule().is_some() {
                    "by the game's own rule"
                } else {
                    "nim-sum 0"
                };
                push(
                    &format!(
                        "You are to move in a lost position ({why}): the AI will win with \
                         perfect play unless it errs."
                    ),
                    theme.losing,
                    None,
                );
            }
        } else {
            push("AI to move", theme.notice, None);
        }
        let history = self.session.history();
        // The last two moves, newest first, each with the AI's reason. When they do not fit,
        // they are cut (ending in "…") so that a long AI block never pushes the other move
        // out; the help popup (?) lists every move in full.
        let mut groups: Vec<Vec<Line>> = Vec::new();
        for played in history.iter().rev().take(2) {
            let who = match played.by {
                Side::You => "You: ",
                Side::Ai => "AI: ",
            };
            let style = if Some(played) == history.last() {
                theme.last_move
            } else {
                theme.text
            };
            let mut group = Vec::new();
            let mut push = |text: &str, style, prefix: Option<(&str, ratatui::style::Style)>| {
                for (i, row) in text::wrap(text, width).into_iter().enumerate() {
                    match prefix {
                        Some((head, head_style)) if i == 0 && row.starts_with(head) => {
                            let rest = row[head.len()..].to_string();
                            group.push(Line::from(vec![
                                Span::styled(head.to_string(), head_style),
                                Span::styled(rest, style),
                            ]));
                        }
                        _ => group.push(Line::styled(row, style)),
                    }
                }
            };
            push(
                &format!("{who}{}", played.words.words()),
                style,
                Some((who, theme.title)),
            );
            // The AI's reason says who is winning: only where that may be told.
            if let Some(reason) = played
                .reason
                .filter(|r| self.reveals() || *r == crate::ai::Reason::Random)
            {
                push(&format!("↳ {}", reason.words()), theme.dim, None);
            }
            groups.push(group);
        }

        let room = height.saturating_sub(lines.len());
        // The text each group loses, so its last line can be filled up with it before "…".
        let mut lost: Vec<Vec<String>> = vec![Vec::new(); groups.len()];
        // The older move (the player's own, which they know) gives up its lines first, down
        // to one; then the newest, which the board also highlights.
        while groups.iter().map(Vec::len).sum::<usize>() > room {
            let Some(i) = (0..groups.len()).rev().find(|&i| groups[i].len() > 1) else {
                break;
            };
            if let Some(line) = groups[i].pop() {
                let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
                lost[i].insert(0, text);
            }
        }
        for (mut group, lost) in groups.into_iter().zip(lost) {
            if !lost.is_empty()
                && let Some(last) = group.last_mut()
            {
                let kept: String = last.spans.iter().map(|s| s.content.as_ref()).collect();
                let style = last.spans.last().map(|s| s.style).unwrap_or_default();
                let text = format!("{kept} {}", lost.join(" "));
                *last = Line::styled(text::fit(&text, width), style);
            }
            lines.extend(group);
        }
        if lines.len() > height && height > 0 {
            lines.truncate(height);
            let last = lines.last_mut().expect("height > 0");
            *last = ends_in_ellipsis(last, width);
        }
        lines
    }

    pub(super) fn render_nim(
        &self,
        area: Rect,
        buf: &mut Buffer,
        theme: &Theme,
        analysis: Option<&Analysis<B::Game>>,
    ) {
        let inner = Block::bordered().inner(area);
        let text = analysis.map(|analysis| {
            nim_sum_lines(
                self.session.position(),
                analysis,
                inner.width as usize,
                inner.height as usize,
                self.session.to_move(),
                theme,
            )
        });
        // The longest title that fits: a narrow panel says less rather than cutting it.
        let titles: &[&str] = match &text {
            Some(t) if t.grouped => &[
                " Nim-sum (XOR) · parts grouped by value: pairs cancel ",
                " Nim-sum (XOR) · grouped by value ",
                " Nim-sum · grouped ",
            ],
            _ => &[" Nim-sum (XOR) "],
        };
        let room = area.width.saturating_sub(2) as usize;
        let title = titles
            .iter()
            .find(|t| text::width(t) <= room)
            .map_or_else(|| text::fit(titles[0], room), |t| t.to_string());
        Block::bordered()
            .title(Line::styled(title, theme.title))
            .border_style(theme.border)
            .render(area, buf);
        let Some(text) = text else {
            buf.set_stringn(
                inner.x,
                inner.y,
                "analysing…",
                inner.width as usize,
                theme.dim,
            );
            return;
        };
        // A line too long (a nim-sum of 2^198+…) ends in "…"; the help (?) writes it whole.
        for (i, line) in text.lines.iter().enumerate().take(inner.height as usize) {
            crate::tui::board::set_line_fit(buf, inner.x, inner.y + i as u16, line, inner.width);
        }
    }

    pub(super) fn render_bar(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        render_bar(keymap::bar(Some(B::KIND)), area, buf, theme);
    }

    pub(super) fn render_over(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let Some(winner) = self.session.winner() else {
            return;
        };
        if self.over_dismissed {
            return;
        }
        // How it ended: under normal play the loser has no move; under misère play (the
        // game says so) the loser took the last token.
        let misere = self.session.position().mover_wins_when_over();
        let why = match (winner, misere) {
            (Side::You, false) => "The AI has no move left.",
            (Side::Ai, false) => "You have no move left.",
            (Side::You, true) => "The AI took the last token.",
            (Side::Ai, true) => "You took the last token.",
        };
        if area.width >= 60 && area.height >= 16 {
            crate::tui::review::render(area, buf, theme, winner, why, self.session.history());
            return;
        }
        let popup = area.centered(Constraint::Length(44), Constraint::Length(9));
        Clear.render(popup, buf);
        let (headline, style) = match winner {
            Side::You => ("You win!", theme.winning),
            Side::Ai => ("The AI wins.", theme.losing),
        };
        let block = Block::bordered()
            .title(Line::styled(" Game over ", theme.title))
            .border_style(theme.focus_border);
        let inner = block.inner(popup);
        block.render(popup, buf);
        text::centred(buf, inner, inner.y + 1, headline, style);
        text::centred(buf, inner, inner.y + 2, why, theme.text);
        let moves = match self.session.history().len() {
            1 => "1 move played.".to_string(),
            n => format!("{n} moves played."),
        };
        text::centred(buf, inner, inner.y + 3, &moves, theme.dim);
        let keys = format!(
            "Enter/{} new game · {} restart · {} undo",
            keymap::key_for(Action::NewGame),
            keymap::key_for(Action::Restart),
            keymap::key_for(Action::Undo)
        );
        text::centred(buf, inner, inner.y + 5, &keys, theme.text);
        let keys = format!(
            "Esc look at the board · {} quit",
            keymap::key_for(Action::Quit)
        );
        text::centred(buf, inner, inner.y + 6, &keys, theme.text);
    }
}

/// The key hint bar: whole entries only, help and quit always kept at the right.
pub fn render_bar(
    entries: Vec<(String, &'static str)>,
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
) {
    let entry_text = |(key, label): &(String, &str)| format!("{key} {label}  ");
    let width = |e: &(String, &str)| text::width(&entry_text(e)) as u16;
    let (right, left): (Vec<_>, Vec<_>) = entries
        .into_iter()
        .partition(|(_, label)| *label == "help" || *label == "quit");
    let right_width: u16 = right.iter().map(width).sum();
    let mut x = area.x + 1;
    let limit = (area.x + area.width).saturating_sub(right_width);
    let mut put = |x: &mut u16, e: &(String, &str)| {
        buf.set_string(*x, area.y, &e.0, theme.key);
        buf.set_string(
            *x + text::width(&e.0) as u16,
            area.y,
            format!(" {}", e.1),
            theme.dim,
        );
        *x += width(e);
    };
    for e in &left {
        if x + width(e) > limit {
            break;
        }
        put(&mut x, e);
    }
    let mut x = limit.max(x);
    for e in &right {
        if x + width(e) > area.x + area.width + 2 {
            break;
        }
        put(&mut x, e);
    }
}

/// `line` with its end replaced by "…" (it was cut after it), in at most `width` columns.
fn ends_in_ellipsis(line: &Line<'_>, width: usize) -> Line<'static> {
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    let style = line.spans.last().map(|s| s.style).unwrap_or_default();
    Line::styled(text::cut_marked(&text, width), style)
}
