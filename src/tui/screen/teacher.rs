//! The teacher's part of the game screen, for every game: the coach's line after a blunder,
//! graded hints, retrying from the player's first blunder, and the full-screen game record
//! that shows the board at each move.

use std::sync::Arc;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Widget};

use super::{Browse, Match, PANEL_WIDTH, ScreenInput, render_bar};
use crate::analysis::Analysis;
use crate::game::Impartial;
use crate::locale::Words;
use crate::tui::board::{Board, BoardAreas, BoardView, Side};
use crate::tui::keymap::{self, Action};
use crate::tui::text;
use crate::tui::theme::Theme;

/// The teacher: coach line, graded hints, retry, the game-record panel and the full-screen
/// record.
impl<B: Board> Match<B> {
    /// The analysis of the position for a hint, or `None` while it is being made: then the
    /// hint waits for it (`reveal_pending`) and says so.
    pub(super) fn analysis_or_wait(&mut self) -> Option<Arc<Analysis<B::Game>>> {
        let analysis = self.session.analysis();
        self.reveal_pending = analysis.is_none();
        if analysis.is_none() {
            self.message = Some("Looking for a winning move…".to_string());
        }
        analysis
    }

    /// The coach's line after a blunder of the player's, once the AI has replied.
    /// Silent while the player may not be told who is winning (hints off, game on).
    pub(super) fn coach_text(&self) -> Option<String> {
        if !self.coach {
            return None;
        }
        // About the AI's move, not a hint about the player's: said with hints off too (it
        // does not say which move wins).
        if self.ai_blundered() {
            return Some(crate::tr!("why.coach.ai_blunder").into_owned());
        }
        if !self.reveals() {
            return None;
        }
        let played = self.session.coach_blunder()?;
        let j = played.judgement.as_ref()?;
        let mut text = if j.values_known {
            format!(
                "?? Your move left nim-sum *{}: the AI now wins.",
                j.nim_sum_after.brief()
            )
        } else {
            "?? Your move left a won position for the AI: the AI now wins.".to_string()
        };
        if let Some(better) = &j.better_words {
            // A grid's block can name hundreds of cells: cut (with "…") so that the line
            // keeps its end.
            let better = text::fit(&better.words(), crate::tui::moves::COACH_MOVE_WIDTH);
            text.push_str(&format!(" {better} would have kept the win"));
        }
        text.push_str(&format!(
            " ({} to take it back, {} to retry).",
            keymap::key_for(Action::Undo),
            keymap::key_for(Action::Retry)
        ));
        Some(text)
    }

    /// Whether the AI's last move (the last move played, the game not over) handed the win
    /// over: a lower level's blunder, from a won position to one won for the player.
    pub(super) fn ai_blundered(&self) -> bool {
        !self.session.is_over()
            && self.session.history().last().is_some_and(|played| {
                played.by == Side::Ai
                    && played
                        .judgement
                        .as_ref()
                        .is_some_and(|j| j.verdict == crate::record::Verdict::Blunder)
            })
    }

    /// The first two levels of the graded hint: winning or losing, then which part has a
    /// winning move. The third is [`Match::reveal`]'s winning move.
    pub(super) fn graded_hint(&mut self) {
        let again = keymap::key_for(Action::Reveal);
        let position = self.session.position();
        let nim_sum = position.nim_sum();
        if self.hint_level <= 1
            && let Some(rule) = position.win_rule()
        {
            // Not an SG game (misère Nim): the game's own rule decides, not the nim-sum.
            let side = if position.mover_wins() {
                "winning"
            } else {
                "losing"
            };
            self.message = Some(format!(
                "You are {side} by the game's own rule: {}",
                rule.words()
            ));
            return;
        } else if self.hint_level <= 1 {
            self.message = Some(if nim_sum.is_zero() {
                format!(
                    "You are losing: the nim-sum is 0, every move leaves it non-zero for the AI. \
                     Make the game last ({again}: more)."
                )
            } else {
                format!(
                    "You are winning: nim-sum *{}, not 0. Find a move to nim-sum 0 \
                     ({again}: which part).",
                    nim_sum.brief()
                )
            });
            return;
        }
        let Some(analysis) = self.analysis_or_wait() else {
            return;
        };
        let position = self.session.position();
        self.message = Some(match analysis.winning().next() {
            Some(report) => format!(
                "{} has a winning move ({again}: the move itself).",
                position.describe_part(position.part_of(&report.mv)).words()
            ),
            None => format!(
                "No part has a winning move: every move loses against perfect play \
                 ({again}: more)."
            ),
        });
    }

    /// Back to the position before the player's first blunder.
    pub(super) fn retry(&mut self) {
        let Some(k) = self.session.first_blunder() else {
            self.message = Some(if self.session.judging() {
                "Still judging the moves; try again in a moment.".to_string()
            } else {
                "No blunder of yours to retry from.".to_string()
            });
            return;
        };
        self.session.retry_from_mistake();
        self.position_changed();
        self.message = Some(format!(
            "Back before move {}, your first blunder: find the move that keeps the win ({} for a hint).",
            k + 1,
            keymap::key_for(Action::Reveal)
        ));
    }

    pub(super) fn scroll_record(&mut self, down: bool) {
        let most = self.session.history().len();
        self.record_back = if down {
            self.record_back.saturating_sub(1)
        } else {
            (self.record_back + 1).min(most)
        };
    }

    pub(super) fn open_browse(&mut self) {
        let selected = self.session.history().len();
        let position = self.session.position().clone();
        let board = B::new(&position);
        self.browse = Some(Browse {
            selected,
            offset: 0,
            position,
            board,
        });
    }

    /// Steps through the record (↑↓, paging, first/last); any other key closes it.
    pub(super) fn handle_browse(&mut self, input: ScreenInput) {
        let Some(browse) = &mut self.browse else {
            return;
        };
        let last = self.session.history().len();
        let step = match input {
            ScreenInput::Action(Action::Up | Action::Left) => {
                Some(browse.selected.saturating_sub(1))
            }
            ScreenInput::Action(Action::Down | Action::Right) => {
                Some((browse.selected + 1).min(last))
            }
            ScreenInput::Action(Action::PageUp) => Some(browse.selected.saturating_sub(10)),
            ScreenInput::Action(Action::PageDown) => Some((browse.selected + 10).min(last)),
            ScreenInput::Action(Action::Home) => Some(0),
            ScreenInput::Action(Action::End) => Some(last),
            ScreenInput::Wheel { down, .. } => Some(if down {
                (browse.selected + 1).min(last)
            } else {
                browse.selected.saturating_sub(1)
            }),
            ScreenInput::Click(_) => None,
            ScreenInput::Action(_) => None,
        };
        match step {
            Some(k) => {
                if k != browse.selected {
                    browse.selected = k;
                    browse.position = self.session.position_at(k);
                    browse.board.position_changed(&browse.position);
                }
            }
            None => self.browse = None,
        }
    }

    /// The full-screen record: the board after the selected move on the left, every move on
    /// the right, the selected move explained under the board.
    pub(super) fn draw_browse(&mut self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let history = self.session.history();
        let Some(browse) = &mut self.browse else {
            return;
        };
        let [title, middle, detail, bar] = area.layout(&Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(0),
            Constraint::Length(3),
            Constraint::Length(1),
        ]));
        let list_width = (area.width / 2).clamp(PANEL_WIDTH.min(area.width), 64);
        let [left, right] = middle.layout(&Layout::horizontal([
            Constraint::Min(0),
            Constraint::Length(list_width),
        ]));
        let at = if browse.selected == 0 {
            "the start".to_string()
        } else {
            format!("move {} of {}", browse.selected, history.len())
        };
        let heading = format!(
            " {} · game record · the board at {at} (read-only)",
            B::KIND.words()
        );
        buf.set_style(title, theme.title);
        let heading = text::fit(&heading, title.width as usize);
        buf.set_stringn(title.x, title.y, heading, title.width as usize, theme.title);

        let last = browse.selected.checked_sub(1).map(|k| &history[k]);
        let judged = self.hints || self.session.is_over();
        let view = BoardView {
            position: &browse.position,
            accepting: false,
            hints: self.hints,
            last,
            theme,
        };
        let areas = BoardAreas {
            board: Block::bordered().inner(left),
            moves: right,
        };
        browse.board.layout(&view, areas);
        Block::bordered()
            .title(Line::styled(format!(" {} ", B::KIND.words()), theme.title))
            .border_style(theme.border)
            .render(left, buf);
        browse.board.render(&view, areas, buf);

        // The record over the board's own panel.
        Clear.render(right, buf);
        let title = if judged {
            format!(" {} ", crate::locale::verdict_legend(crate::locale::lang()))
        } else {
            " Moves (verdicts: with hints, i, or after the game) ".to_string()
        };
        let block = Block::bordered()
            .title(Line::styled(
                text::fit(&title, right.width.saturating_sub(2) as usize),
                theme.title,
            ))
            .border_style(theme.focus_border);
        let rows = block.inner(right);
        block.render(right, buf);
        let selected = browse.selected.checked_sub(1);
        let width = rows.width;
        browse.offset = crate::tui::moves::scroll_to_rows(
            selected.unwrap_or(0),
            browse.offset,
            rows.height as usize,
            |i| crate::tui::moves::rows(i + 1, &history[i], judged, width, theme).len(),
        );
        crate::tui::moves::render_rows(
            history,
            history.len(),
            browse.offset,
            selected,
            judged,
            rows,
            buf,
            theme,
        );
        if history.is_empty() {
            buf.set_stringn(
                rows.x,
                rows.y,
                "No moves yet.",
                rows.width as usize,
                theme.dim,
            );
        }

        let explanation = match last {
            // The verdict tells who is winning: not while hints are off and the game is on.
            Some(played) if !judged => format!(
                "{} {}.",
                match played.by {
                    Side::You => "You",
                    Side::Ai => "AI",
                },
                played.words.words()
            ),
            None if !judged => "The start position.".to_string(),
            Some(played) => format!(
                "{} {}: {}",
                match played.by {
                    Side::You => "You",
                    Side::Ai => "AI",
                },
                played.words.words(),
                crate::tui::moves::explain(played)
            ),
            None if !browse.position.values_known() => {
                "The start position: its nim-sum is not known (past the table).".to_string()
            }
            None => format!(
                "The start position: nim-sum *{}.",
                browse.position.nim_sum().short()
            ),
        };
        let width = detail.width.saturating_sub(2) as usize;
        let rows = text::wrap(&explanation, width);
        let shown = rows.len().min(detail.height as usize);
        for (i, row) in rows.iter().take(shown).enumerate() {
            // Text cut at the bottom says so (a large grid's block of hundreds of cells; the
            // help, ?, lists every move whole).
            let row = if i + 1 == shown && rows.len() > shown {
                text::fit(&format!("{row} …"), width)
            } else {
                row.clone()
            };
            buf.set_stringn(
                detail.x + 1,
                detail.y + i as u16,
                row,
                detail.width as usize,
                theme.text,
            );
        }
        render_bar(
            vec![
                ("↑↓".to_string(), "step"),
                ("PgUp/PgDn".to_string(), "10 moves"),
                ("Home/End".to_string(), "start/end"),
                ("Esc".to_string(), "(or any other key) back to the game"),
            ],
            bar,
            buf,
            theme,
        );
    }
}
