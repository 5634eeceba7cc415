//! The panels of the game screen around the board: the title, the turn panel (whose move,
//! the last moves, the AI's reason), the nim-sum panel, the hint bar and the game-over box.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use crate::analysis::Analysis;
use crate::game::{Impartial, Position};
use crate::locale::Words;
use crate::tr;
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
                1 => tr!("game.title.over_one").into_owned(),
                n => tr!("game.title.over", n = n).into_owned(),
            }
        } else {
            tr!("game.title.move", n = moves + 1).into_owned()
        };
        // The position now, not the start: a Fibonacci Nim heap and its limit change.
        let full = tr!(
            "game.title.full",
            game = B::KIND.words(),
            size = B::summary(self.session.position()),
            level = config.level.words(),
            progress = progress,
            hints = if self.hints {
                tr!("game.title.hints_on")
            } else {
                "".into()
            }
        )
        .into_owned();
        // A narrow screen gets the short form rather than a cut.
        let short = tr!(
            "game.title.short",
            size = B::summary(self.session.position()),
            level = config.level.words(),
            progress = progress,
            hints = if self.hints {
                tr!("game.title.hints")
            } else {
                "".into()
            }
        )
        .into_owned();
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
            .title(Line::styled(
                text::fit(
                    &tr!("game.turn.title"),
                    area.width.saturating_sub(2) as usize,
                ),
                theme.title,
            ))
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
                Side::You => push(&tr!("game.turn.you_win"), theme.winning, None),
                Side::Ai => push(&tr!("game.turn.ai_wins"), theme.losing, None),
            }
        } else if let Some(failure) = self.session.failure() {
            push(
                &tr!(
                    "game.turn.failed",
                    failure = failure,
                    undo = keymap::key_for(Action::Undo),
                    new = keymap::key_for(Action::NewGame)
                ),
                theme.losing,
                None,
            );
        } else if self.session.thinking() {
            let frame = self.session.thinking_since().map_or(0, |t| {
                (t.elapsed().as_millis() / 100) as usize % SPINNER.len()
            });
            push(
                &tr!("game.turn.thinking", spinner = SPINNER[frame]),
                theme.notice,
                None,
            );
        } else if self.session.to_move() == Side::You {
            push(&tr!("game.turn.your_move"), theme.notice, None);
            // A start lost for the player is said at once, not left for them to find out.
            let has_moved = self.session.history().iter().any(|p| p.by == Side::You);
            // (The game's own rule decides: misère Nim is not won by its nim-sum.)
            let position = self.session.position();
            if !has_moved && !position.mover_wins() && self.reveals() {
                let why = if position.win_rule().is_some() {
                    tr!("game.turn.by_rule")
                } else {
                    tr!("game.turn.nim_sum_zero")
                };
                push(&tr!("game.turn.lost_start", why = why), theme.losing, None);
            }
        } else {
            push(&tr!("game.turn.ai_to_move"), theme.notice, None);
        }
        let history = self.session.history();
        // The last two moves, newest first, each with the AI's reason. When they do not fit,
        // the reasons are cut first (ending in "…"), then the older move goes; a move is cut
        // only when it alone is too long for the panel (the help popup (?) lists every move
        // in full).
        let mut groups: Vec<(Vec<Line>, Vec<Line>)> = Vec::new();
        for played in history.iter().rev().take(2) {
            let who = match played.by {
                Side::You => tr!("game.turn.by_you"),
                Side::Ai => tr!("game.turn.by_ai"),
            };
            let style = if Some(played) == history.last() {
                theme.last_move
            } else {
                theme.text
            };
            let mut group = Vec::new();
            let push = |group: &mut Vec<Line<'static>>,
                        text: &str,
                        style,
                        prefix: Option<(&str, ratatui::style::Style)>| {
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
                &mut group,
                &format!("{who}{}", played.words.words()),
                style,
                Some((&who, theme.title)),
            );
            let mut reason_lines = Vec::new();
            // The AI's reason says who is winning: only where that may be told.
            if let Some(reason) = played
                .reason
                .filter(|r| self.reveals() || *r == crate::ai::Reason::Random)
            {
                push(
                    &mut reason_lines,
                    &format!("↳ {}", reason.words()),
                    theme.dim,
                    None,
                );
            }
            groups.push((group, reason_lines));
        }

        let room = height.saturating_sub(lines.len());
        let used = |groups: &[(Vec<Line>, Vec<Line>)]| -> usize {
            groups.iter().map(|(m, r)| m.len() + r.len()).sum()
        };
        // The text each reason loses, so its last line can be filled up with it before "…".
        let mut lost: Vec<Vec<String>> = vec![Vec::new(); groups.len()];
        // The reasons give up their lines first, the older move's first, down to one; then
        // whole reasons; then the older move (the player's own, which they know) as a whole.
        while used(&groups) > room {
            let Some(i) = (0..groups.len()).rev().find(|&i| groups[i].1.len() > 1) else {
                break;
            };
            if let Some(line) = groups[i].1.pop() {
                let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
                lost[i].insert(0, text);
            }
        }
        while used(&groups) > room {
            let Some(i) = (0..groups.len()).rev().find(|&i| !groups[i].1.is_empty()) else {
                break;
            };
            groups[i].1.clear();
            lost[i].clear();
        }
        // The older move goes whole when the newest then fits; when the newest is too long
        // for the panel anyway (a grid block of hundreds of cells), both are cut instead, the
        // older down to a line, so that the player's own move stays in view.
        let newest_fits = groups.first().is_some_and(|g| g.0.len() <= room);
        if used(&groups) > room && groups.len() > 1 && newest_fits {
            groups.truncate(1);
            lost.truncate(1);
        }
        while used(&groups) > room {
            let Some(i) = (0..groups.len()).rev().find(|&i| groups[i].0.len() > 1) else {
                break;
            };
            if let Some(line) = groups[i].0.pop() {
                let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
                lost[i].insert(0, text);
            }
        }
        for ((mut group, mut reason), lost) in groups.into_iter().zip(lost) {
            let last = if reason.is_empty() {
                group.last_mut()
            } else {
                reason.last_mut()
            };
            if !lost.is_empty()
                && let Some(last) = last
            {
                let kept: String = last.spans.iter().map(|s| s.content.as_ref()).collect();
                let style = last.spans.last().map(|s| s.style).unwrap_or_default();
                let text = format!("{kept} {}", lost.join(" "));
                *last = Line::styled(text::fit(&text, width), style);
            }
            lines.extend(group);
            lines.extend(reason);
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
        let titles = match &text {
            Some(t) if t.grouped => vec![
                tr!("game.nim.title_grouped_long"),
                tr!("game.nim.title_grouped"),
                tr!("game.nim.title_grouped_short"),
            ],
            // Parts with no values (Nim-K): what decides is their binary digits.
            _ if !self.session.position().parts_independent() => {
                vec![tr!("game.nim.title_digits")]
            }
            _ => vec![tr!("game.nim.title")],
        };
        let room = area.width.saturating_sub(2) as usize;
        let title = titles
            .iter()
            .find(|t| text::width(t) <= room)
            .map_or_else(|| text::fit(&titles[0], room), |t| t.to_string());
        Block::bordered()
            .title(Line::styled(title, theme.title))
            .border_style(theme.border)
            .render(area, buf);
        let Some(text) = text else {
            buf.set_stringn(
                inner.x,
                inner.y,
                text::fit(&tr!("game.nim.analysing"), inner.width as usize),
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
            (Side::You, false) => tr!("game.over.ai_no_move"),
            (Side::Ai, false) => tr!("game.over.you_no_move"),
            (Side::You, true) => tr!("game.over.ai_took_last"),
            (Side::Ai, true) => tr!("game.over.you_took_last"),
        };
        if area.width >= 60 && area.height >= 16 {
            crate::tui::review::render(
                area,
                buf,
                theme,
                winner,
                &why,
                self.session.history(),
                self.in_lesson,
            );
            return;
        }
        let popup = area.centered(Constraint::Length(44), Constraint::Length(9));
        Clear.render(popup, buf);
        let (headline, style) = match winner {
            Side::You => (tr!("review.you_win"), theme.winning),
            Side::Ai => (tr!("review.ai_wins"), theme.losing),
        };
        let block = Block::bordered()
            .title(Line::styled(tr!("game.over.title"), theme.title))
            .border_style(theme.focus_border);
        let inner = block.inner(popup);
        block.render(popup, buf);
        text::centred(buf, inner, inner.y + 1, &headline, style);
        text::centred(buf, inner, inner.y + 2, &why, theme.text);
        let moves = match self.session.history().len() {
            1 => tr!("review.one_move").into_owned(),
            n => tr!("review.moves", n = n).into_owned(),
        };
        text::centred(buf, inner, inner.y + 3, &moves, theme.dim);
        let keys = tr!(
            if self.in_lesson {
                "game.over.keys_lesson"
            } else {
                "game.over.keys"
            },
            new = keymap::key_for(Action::NewGame),
            restart = keymap::key_for(Action::Restart),
            undo = keymap::key_for(Action::Undo)
        );
        text::centred(buf, inner, inner.y + 5, &keys, theme.text);
        let keys = tr!("game.over.keys_board", quit = keymap::key_for(Action::Quit));
        text::centred(buf, inner, inner.y + 6, &keys, theme.text);
    }
}

/// The key hint bar: whole entries only, help and quit always kept at the right.
pub fn render_bar(entries: Vec<(String, String)>, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let entry_text = |(key, label): &(String, String)| format!("{key} {label}  ");
    let width = |e: &(String, String)| text::width(&entry_text(e)) as u16;
    let (help, quit) = (
        crate::locale::text("keys.bar.help"),
        crate::locale::text("keys.bar.quit"),
    );
    let (right, left): (Vec<_>, Vec<_>) = entries
        .into_iter()
        .partition(|(_, label)| *label == help || *label == quit);
    let right_width: u16 = right.iter().map(width).sum();
    let mut x = area.x + 1;
    let limit = (area.x + area.width).saturating_sub(right_width);
    let mut put = |x: &mut u16, e: &(String, String)| {
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
