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
use crate::tr;
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
            self.message = Some(tr!("coach.hint.looking").into_owned());
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
            tr!("coach.left_nim_sum", nim_sum = j.nim_sum_after.brief()).into_owned()
        } else {
            tr!("coach.left_won").into_owned()
        };
        if let Some(better) = &j.better_words {
            // A grid's block can name hundreds of cells: cut (with "…") so that the line
            // keeps its end.
            let better = text::fit(&better.words(), crate::tui::moves::COACH_MOVE_WIDTH);
            text.push_str(&tr!("coach.better", better = better));
        }
        text.push_str(&tr!(
            "coach.keys",
            undo = keymap::key_for(Action::Undo),
            retry = keymap::key_for(Action::Retry)
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
            let key = if position.mover_wins() {
                "coach.hint.rule_winning"
            } else {
                "coach.hint.rule_losing"
            };
            self.message = Some(crate::locale::text(key).replace("%{rule}", &rule.words()));
            return;
        } else if self.hint_level <= 1 {
            self.message = Some(if nim_sum.is_zero() {
                tr!("coach.hint.losing", key = again).into_owned()
            } else {
                tr!("coach.hint.winning", nim_sum = nim_sum.brief(), key = again).into_owned()
            });
            return;
        }
        let Some(analysis) = self.analysis_or_wait() else {
            return;
        };
        let position = self.session.position();
        self.message = Some(match analysis.winning().next() {
            Some(report) => tr!(
                "coach.hint.part",
                part = position.describe_part(position.part_of(&report.mv)).words(),
                key = again
            )
            .into_owned(),
            None => tr!("coach.hint.no_part", key = again).into_owned(),
        });
    }

    /// Back to the position before the player's first blunder.
    pub(super) fn retry(&mut self) {
        let Some(k) = self.session.first_blunder() else {
            self.message = Some(if self.session.judging() {
                tr!("coach.retry.judging").into_owned()
            } else {
                tr!("coach.retry.none").into_owned()
            });
            return;
        };
        // The blunders taken back still count in the statistics (see `player_blunders`), and
        // go to the review queue now (see `taken_back_items`).
        let history = self.session.history();
        for i in crate::record::blunders(history, Side::You) {
            let taken = (i, history[i].mv.clone());
            if i >= k && !self.retried.contains(&taken) {
                self.to_review
                    .push((self.session.position_at(i), taken.1.clone()));
                self.retried.push(taken);
            }
        }
        self.session.retry_from_mistake();
        self.position_changed();
        self.message = Some(
            tr!(
                "coach.retry.back",
                n = k + 1,
                key = keymap::key_for(Action::Reveal)
            )
            .into_owned(),
        );
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
            ScreenInput::Click(_) | ScreenInput::Digit(_) => None,
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
            tr!("game.browse.at_start")
        } else {
            tr!(
                "game.browse.at_move",
                n = browse.selected,
                total = history.len()
            )
        };
        let heading = tr!("game.browse.heading", game = B::KIND.words(), at = at);
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
            .title(Line::styled(
                text::fit(
                    &format!(" {} ", B::KIND.words()),
                    left.width.saturating_sub(2) as usize,
                ),
                theme.title,
            ))
            .border_style(theme.border)
            .render(left, buf);
        browse.board.render(&view, areas, buf);

        // The record over the board's own panel.
        Clear.render(right, buf);
        let title = if judged {
            format!(" {} ", crate::locale::verdict_legend(crate::locale::lang()))
        } else {
            tr!("game.browse.unjudged").into_owned()
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
                text::fit(&tr!("game.browse.no_moves"), rows.width as usize),
                rows.width as usize,
                theme.dim,
            );
        }

        let explanation = match last {
            // The verdict tells who is winning: not while hints are off and the game is on.
            Some(played) if !judged => tr!(
                "game.browse.played",
                who = who(played.by),
                words = played.words.words()
            )
            .into_owned(),
            None if !judged => tr!("game.browse.start").into_owned(),
            Some(played) => tr!(
                "game.browse.played_judged",
                who = who(played.by),
                words = played.words.words(),
                verdict = crate::tui::moves::explain(played)
            )
            .into_owned(),
            None if !browse.position.values_known() => {
                tr!("game.browse.start_unknown").into_owned()
            }
            None => tr!(
                "game.browse.start_nim_sum",
                nim_sum = browse.position.nim_sum().short()
            )
            .into_owned(),
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
                ("↑↓".to_string(), tr!("game.browse.bar.step").into_owned()),
                (
                    "PgUp/PgDn".to_string(),
                    tr!("game.browse.bar.ten").into_owned(),
                ),
                (
                    "Home/End".to_string(),
                    tr!("game.browse.bar.ends").into_owned(),
                ),
                ("Esc".to_string(), tr!("game.browse.bar.back").into_owned()),
            ],
            bar,
            buf,
            theme,
        );
    }
}

/// Who played a move, as the record's sentences start.
fn who(side: Side) -> std::borrow::Cow<'static, str> {
    match side {
        Side::You => tr!("game.browse.by_you"),
        Side::Ai => tr!("game.browse.by_ai"),
    }
}
