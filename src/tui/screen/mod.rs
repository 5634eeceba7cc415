//! The game screen: a [`Match`] puts a board ([`Board`]) and a [`Session`] together, draws the
//! title, the board, the turn panel, the move panel, the nim-sum panel and the hint bar, and
//! handles the match's keys (hints, reveal, undo, redo, restart). The app sees it through the
//! object-safe [`GameScreen`], so it never needs to know which game is played.
//!
//! The teacher lives here too, for every game: the coach line after a blunder, the game-record
//! panel, the full-screen record that shows the board at each move (`Browse`), graded hints,
//! the post-game review ([`crate::tui::review`]) and retrying from the player's first blunder.

use std::sync::Arc;
use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Position as ScreenPosition, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Widget};

use crate::analysis::Analysis;
use crate::game::{Impartial, Notation, Position};
use crate::games::GameKind;
use crate::locale::Words;
use crate::store::save::{SaveError, SavedMove};
use crate::tr;
use crate::tui::board::{Board, BoardAction, BoardAreas, BoardInput, BoardView, GameSetup, Side};
use crate::tui::keymap::{self, Action};
use crate::tui::session::{Session, SessionConfig};
use crate::tui::text;
use crate::tui::theme::Theme;
use crate::tui::why::WhyView;
use crate::why::Explain;

// The teacher's part of the match (coach, graded hints, retry, the game record on screen).
mod teacher;
// The nim-sum panel's text, and the panels around the board.
mod nim_sum;
mod panels;

pub use nim_sum::{NimSumText, nim_sum_lines};
pub use panels::render_bar;

/// An input for the game screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScreenInput {
    Action(Action),
    Click(ScreenPosition),
    Wheel {
        down: bool,
        at: ScreenPosition,
    },
    /// A digit typed (`None`: Backspace): chooses a move by its number (see
    /// [`crate::tui::board::MoveList::typed`]).
    Digit(Option<u8>),
}

/// What the game screen asks the app to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScreenEvent {
    None,
    /// Back to the menu.
    NewGame,
}

/// A game being played, whatever the game.
pub trait GameScreen {
    fn kind(&self) -> GameKind;
    /// The setup the game was started from (to fill the menu for the next one).
    fn setup(&self) -> &GameSetup;
    /// The rules of the game, for the help popup.
    fn rules(&self) -> &'static [&'static str];
    /// The code of the position on the board (for `grundy analyze` and `play --code`).
    fn position_code(&self) -> String;
    /// What the screen may have cut, written in full for the help popup: the nim-sum, the
    /// selected move, the side panel, then (`moves`) every move played.
    fn details(&self, theme: &Theme) -> (Vec<String>, Vec<String>);
    /// Takes in the AI's move and analyses; returns whether anything changed.
    fn update(&mut self) -> bool;
    /// Whether a worker thread is running (the AI thinking, an analysis).
    fn busy(&self) -> bool;
    /// The smallest screen the game can be drawn on.
    fn min_size(&self) -> (u16, u16);
    fn draw(&mut self, area: Rect, buf: &mut Buffer, theme: &Theme);
    fn handle(&mut self, input: ScreenInput, theme: &Theme) -> ScreenEvent;
    /// Waits for the worker threads (tests, scripted play), at most `timeout`.
    fn settle(&mut self, timeout: Duration);

    // For saved games, resume and statistics (src/store).

    /// The code of the start position.
    fn start_code(&self) -> String;
    /// The moves played (in effect), oldest first, in the game's move notation
    /// (`Notation::move_code`).
    fn move_codes(&self) -> Vec<String>;
    /// Plays a saved game's moves from the current position, the sides taking turns; each is
    /// read and checked, and the first bad one is an error naming its line.
    fn replay(&mut self, moves: &[SavedMove]) -> Result<(), SaveError>;
    /// How many moves are in effect.
    fn moves_played(&self) -> usize;
    /// Who won, once the game is over.
    fn winner(&self) -> Option<Side>;
    /// The start position's size in words (`20 coins, MAXQ 4`).
    fn summary(&self) -> String;
    /// Whether hints are on (they are saved with the game).
    fn hints(&self) -> bool;
    /// Shows a message in the status line (a game saved, a code copied).
    fn set_message(&mut self, message: String);
    /// Coaching (a line after each blunder of the player's) on or off.
    fn set_coach(&mut self, on: bool);
    /// Marks the game as a lesson's last exercise: its game-over box says that Enter goes
    /// back to the lesson, not to a new game.
    fn set_in_lesson(&mut self) {}
    /// Whether coaching is on (the player may turn it off and on with `c`).
    fn coach(&self) -> bool {
        true
    }
    /// The player's blunders among the moves in effect, once every one of those moves has
    /// its verdict (`None` while one is still being judged, or if the judge failed).
    fn player_blunders(&self) -> Option<u64> {
        None
    }
    /// The player's blunders among the moves in effect, as review items made at `now`: the
    /// position before each, the move played and the moves that kept the win.
    fn blunder_items(&self, _now: chrono::DateTime<chrono::Utc>) -> Vec<crate::review::Item> {
        Vec::new()
    }
    /// The player's blunders taken back (`t`) since the last call, as review items made at
    /// `now`. They go to the review queue when taken back, not at the end: a game left
    /// unfinished after a retry keeps them too, and [`GameScreen::blunder_items`] leaves them
    /// out (a blunder is queued once).
    fn taken_back_items(
        &mut self,
        _now: chrono::DateTime<chrono::Utc>,
    ) -> Vec<crate::review::Item> {
        Vec::new()
    }
    /// Whether the player took the game back to a blunder (`t`) in it.
    fn retried(&self) -> bool {
        false
    }
    /// Whether verdicts are still being computed.
    fn judging(&self) -> bool {
        false
    }
}

/// A blunder as a review item made at `now`: the position before it, the move played and
/// the moves that kept the win. `None` for a position the review cannot ask again (a rules
/// file's game) or too long to keep.
fn blunder_item<P: Impartial + Notation>(
    before: &P,
    mv: &P::Move,
    now: chrono::DateTime<chrono::Utc>,
) -> Option<crate::review::Item> {
    use crate::review::{Item, MAX_KEPT, Source};
    let code = before.to_code();
    crate::games::AnyPosition::from_code(&code).ok()?;
    let mut item = Item::new(
        &code,
        crate::drill::DrillKind::WinningMove,
        None,
        Source::Game,
        now,
    )?;
    item.played = Some(before.move_code(mv));
    item.kept = before
        .winning_moves(MAX_KEPT)
        .iter()
        .map(|m| before.move_code(m))
        .collect();
    Some(item)
}

/// Width of the right-hand column (turn, moves).
const PANEL_WIDTH: u16 = 34;
/// Height of the turn panel: whose move, the last two moves and why the AI chose its move.
const TURN_HEIGHT: u16 = 8;
/// The least height of the nim-sum panel in hint mode.
const NIM_MIN_HEIGHT: u16 = 9;

/// The areas of the game screen, from the last draw.
#[derive(Clone, Copy, Debug, Default)]
struct Areas {
    title: Rect,
    board_frame: Rect,
    board: BoardAreas,
    turn: Rect,
    nim: Rect,
    record: Rect,
    coach: Rect,
    status: Rect,
    bar: Rect,
}

/// A match of the game `B::Game` on the board `B`.
pub struct Match<B: Board> {
    session: Session<B::Game>,
    board: B,
    setup: GameSetup,
    hints: bool,
    /// The player asked for a winning move; shown when the analysis arrives.
    reveal_pending: bool,
    message: Option<String>,
    /// The game-over popup was closed to look at the board.
    over_dismissed: bool,
    /// The game is a lesson's last exercise: leaving it (Enter, n) goes back to the lesson.
    in_lesson: bool,
    areas: Areas,
    /// Whether the coach tells about the player's blunders.
    coach: bool,
    /// How far the graded hint has gone in this position: 0 none, 1 winning or losing,
    /// 2 which part, 3 the move.
    hint_level: u8,
    /// How many rows the game-record panel is scrolled back from its newest move.
    record_back: usize,
    /// The full-screen game record, when open.
    browse: Option<Browse<B>>,
    /// The why-view of a part, when open.
    why: Option<WhyView>,
    /// The player's blunders a retry took back, as (move number from 0, move): the
    /// statistics count them all the same, unless the same move is in the game again.
    retried: Vec<(usize, <B::Game as crate::game::Position>::Move)>,
    /// The blunders of `retried` not yet handed to the review queue: the position before
    /// each (gone from the history once it is taken back) and the move played.
    to_review: Vec<(B::Game, <B::Game as crate::game::Position>::Move)>,
}

/// The full-screen game record: the board after move `selected` (0: the start), read-only.
struct Browse<B: Board> {
    selected: usize,
    offset: usize,
    position: B::Game,
    board: B,
}

impl<B: Board> Match<B> {
    pub fn new(start: B::Game, setup: GameSetup, config: SessionConfig, hints: bool) -> Match<B> {
        let board = B::new(&start);
        Match {
            session: Session::new(start, config),
            board,
            setup,
            hints,
            reveal_pending: false,
            message: None,
            over_dismissed: false,
            in_lesson: false,
            areas: Areas::default(),
            coach: true,
            hint_level: 0,
            record_back: 0,
            browse: None,
            why: None,
            retried: Vec::new(),
            to_review: Vec::new(),
        }
    }

    pub fn session(&self) -> &Session<B::Game> {
        &self.session
    }

    fn view<'a>(
        session: &'a Session<B::Game>,
        hints: bool,
        theme: &'a Theme,
    ) -> BoardView<'a, B::Game> {
        BoardView {
            position: session.position(),
            accepting: session.accepting(),
            hints,
            last: session.last(),
            theme,
        }
    }

    /// Whether the screen may tell who is winning and which moves win: with hints on, or
    /// once the game is over. With hints off nothing else does (no verdict, no nim-sum, no
    /// AI's reason, no coach) unless the player asks (w, t).
    fn reveals(&self) -> bool {
        self.hints || self.session.is_over()
    }

    fn position_changed(&mut self) {
        self.board.position_changed(self.session.position());
        self.over_dismissed = false;
        self.reveal_pending = false;
        self.hint_level = 0;
        self.record_back = 0;
    }

    fn layout_areas(&self, area: Rect) -> Areas {
        // The coach's line sits under the board, above the status line, while it has
        // something to say (at most COACH_ROWS rows).
        let coach_rows = self.coach_text().map_or(0, |t| {
            text::wrap(&t, area.width.saturating_sub(2) as usize)
                .len()
                .min(crate::tui::moves::COACH_ROWS) as u16
        });
        let [title, middle, coach, status, bar] = area.layout(&Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(0),
            Constraint::Length(coach_rows),
            Constraint::Length(1),
            Constraint::Length(1),
        ]));
        let panel = PANEL_WIDTH.min(middle.width / 2);
        let [left, right] = middle.layout(&Layout::horizontal([
            Constraint::Min(0),
            Constraint::Length(panel),
        ]));
        // Hints put the nim-sum under the board, where it has the width for binary rows:
        // the board keeps what it needs (up to all but NIM_MIN_HEIGHT rows), the panel the rest.
        let (board_frame, nim) = if self.hints {
            let wanted = self
                .board
                .height_for(left.width.saturating_sub(2))
                .saturating_add(2);
            // On a short screen the two share the height; on a tall one the nim-sum gets
            // at least two fifths.
            let nim_least = if left.height < 2 * NIM_MIN_HEIGHT {
                left.height / 2
            } else {
                NIM_MIN_HEIGHT.max(left.height * 2 / 5)
            };
            let board_height = wanted
                .min(left.height.saturating_sub(nim_least))
                .max(left.height.min(5));
            let [board_frame, nim] = left.layout(&Layout::vertical([
                Constraint::Length(board_height),
                Constraint::Min(0),
            ]));
            (board_frame, nim)
        } else {
            (left, Rect::default())
        };
        // The Turn panel grows to say the last two moves in full (a sum's or a big board's
        // moves run long), up to two fifths of the column; the game record takes what the
        // board's own panel can spare.
        let wanted = self
            .turn_lines(
                right.width.saturating_sub(2) as usize,
                usize::MAX,
                &Theme::plain(),
            )
            .len() as u16
            + 2;
        let turn_height = wanted.clamp(TURN_HEIGHT, TURN_HEIGHT.max(right.height * 2 / 5));
        let spare = right.height.saturating_sub(turn_height);
        let record_height = if self.session.history().is_empty() || spare < 12 {
            0
        } else {
            (spare - 8).min(9)
        };
        let [turn, moves, record] = right.layout(&Layout::vertical([
            Constraint::Length(turn_height),
            Constraint::Min(0),
            Constraint::Length(record_height),
        ]));
        let inner = Block::bordered().inner(board_frame);
        Areas {
            title,
            board_frame,
            board: BoardAreas {
                board: inner,
                moves,
            },
            turn,
            nim,
            record,
            coach,
            status,
            bar,
        }
    }

    fn reveal(&mut self, theme: &Theme) {
        if self.hint_level < 3 {
            self.graded_hint();
            return;
        }
        let Some(analysis) = self.analysis_or_wait() else {
            return;
        };
        match analysis.winning().next() {
            Some(report) => {
                let mv = report.mv.clone();
                let words = self.session.position().describe_move(&mv).words();
                let view = Self::view(&self.session, self.hints, theme);
                self.board.show_move(&view, &mv);
                self.message = Some(
                    tr!(
                        "game.reveal.move",
                        words = words,
                        key = keymap::key_for(Action::Select)
                    )
                    .into_owned(),
                );
            }
            // Lost: the slowest loss where the exact search knows it (the moves are sorted
            // slowest loss first).
            None => match analysis.moves.first() {
                Some(report) if report.remoteness_after.is_some() => {
                    let mv = report.mv.clone();
                    let n = report.remoteness_after.unwrap_or(0) + 1;
                    let words = self.session.position().describe_move(&mv).words();
                    let view = Self::view(&self.session, self.hints, theme);
                    self.board.show_move(&view, &mv);
                    self.message = Some(
                        crate::tr!(
                            "why.slowest_loss",
                            mv = words,
                            n = n,
                            key = keymap::key_for(Action::Select)
                        )
                        .into_owned(),
                    );
                }
                _ => {
                    self.message = Some(tr!("game.reveal.none").into_owned());
                }
            },
        }
    }
}

impl<B: Board> GameScreen for Match<B> {
    fn kind(&self) -> GameKind {
        B::KIND
    }

    fn setup(&self) -> &GameSetup {
        &self.setup
    }

    fn rules(&self) -> &'static [&'static str] {
        B::RULES
    }

    fn position_code(&self) -> String {
        self.session.position().to_code()
    }

    fn details(&self, theme: &Theme) -> (Vec<String>, Vec<String>) {
        let view = Self::view(&self.session, self.hints, theme);
        let position = self.session.position();
        let nim_sum = position.nim_sum();
        let verdict = nim_sum::verdict_words(nim_sum.is_zero(), self.session.to_move(), false);
        // Past a value table the nim-sum is not known: a stand-in is not shown.
        let nim_sum_words = if position.values_known() {
            format!("*{}", nim_sum.short())
        } else if !position.parts_independent() {
            tr!("game.about.no_part_values").into_owned()
        } else {
            tr!("game.about.not_known").into_owned()
        };
        let mut about = match position.win_rule().map(|r| r.words()) {
            // Hints off, game on: who is winning is not told.
            _ if !self.reveals() => vec![tr!("game.about.hints_off").into_owned()],
            // Not an SG game (misère Nim): its own rule decides, not the nim-sum.
            Some(rule) => vec![
                tr!(
                    "game.about.own_rule",
                    nim_sum = nim_sum_words,
                    verdict = nim_sum::verdict_words(
                        !position.mover_wins(),
                        self.session.to_move(),
                        true
                    ),
                    rule = rule
                )
                .into_owned(),
            ],
            None => vec![
                tr!(
                    "game.about.nim_sum",
                    nim_sum = nim_sum.short(),
                    verdict = verdict
                )
                .into_owned(),
            ],
        };
        if let Some(mv) = self.board.selected() {
            about.push(
                tr!(
                    "game.about.selected",
                    words = position.describe_move(&mv).words()
                )
                .into_owned(),
            );
        }
        let panel: Vec<String> = self
            .board
            .panel_text(&view)
            .into_iter()
            .filter(|l| !l.is_empty())
            .collect();
        if !panel.is_empty() {
            about.push(tr!("game.about.panel").into_owned());
            about.extend(panel.into_iter().map(|l| format!("  {l}")));
        }
        let moves = self
            .session
            .history()
            .iter()
            .enumerate()
            .map(|(i, played)| {
                let who = match played.by {
                    Side::You => tr!("game.side.you"),
                    Side::Ai => tr!("game.side.ai"),
                };
                let reason = played
                    .reason
                    .filter(|r| self.reveals() || *r == crate::ai::Reason::Random)
                    .map(|r| format!(" ({})", r.words()))
                    .unwrap_or_default();
                tr!(
                    "game.about.move",
                    n = i + 1,
                    who = who,
                    words = played.words.words(),
                    reason = reason
                )
                .into_owned()
            })
            .collect();
        (about, moves)
    }

    fn update(&mut self) -> bool {
        let changed = self.session.update();
        let judged = self.session.take_judged();
        if changed {
            self.position_changed();
        }
        if self.hints || self.reveal_pending {
            let had = self.session.cached_analysis().is_some();
            let now = self.session.analysis().is_some();
            if now && !had {
                return true;
            }
        }
        changed || judged
    }

    fn set_coach(&mut self, on: bool) {
        self.coach = on;
    }

    fn set_in_lesson(&mut self) {
        self.in_lesson = true;
    }

    fn coach(&self) -> bool {
        self.coach
    }

    fn player_blunders(&self) -> Option<u64> {
        let history = self.session.history();
        if history.iter().any(|p| p.judgement.is_none()) {
            return None;
        }
        let taken_back = self
            .retried
            .iter()
            .filter(|(i, mv)| history.get(*i).is_none_or(|p| &p.mv != mv))
            .count();
        Some((crate::record::blunders(history, Side::You).len() + taken_back) as u64)
    }

    fn blunder_items(&self, now: chrono::DateTime<chrono::Utc>) -> Vec<crate::review::Item> {
        let history = self.session.history();
        crate::record::blunders(history, Side::You)
            .into_iter()
            // A blunder taken back and played again was queued when it was taken back.
            .filter(|&k| !self.retried.contains(&(k, history[k].mv.clone())))
            .filter_map(|k| blunder_item(&self.session.position_at(k), &history[k].mv, now))
            .collect()
    }

    fn taken_back_items(&mut self, now: chrono::DateTime<chrono::Utc>) -> Vec<crate::review::Item> {
        std::mem::take(&mut self.to_review)
            .iter()
            .filter_map(|(before, mv)| blunder_item(before, mv, now))
            .collect()
    }

    fn retried(&self) -> bool {
        !self.retried.is_empty()
    }

    fn judging(&self) -> bool {
        self.session.judging()
    }

    fn busy(&self) -> bool {
        self.session.thinking() || self.session.analysing() || self.session.judging()
    }

    fn min_size(&self) -> (u16, u16) {
        let (w, h) = self.board.min_size();
        (
            (w + 2 + crate::tui::board::MIN_MOVES_WIDTH).max(60),
            (h + 2 + 3).max(16),
        )
    }

    fn draw(&mut self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        if self.reveal_pending && self.session.cached_analysis().is_some() {
            self.reveal(theme);
        }
        if self.browse.is_some() {
            self.draw_browse(area, buf, theme);
            return;
        }
        let areas = self.layout_areas(area);
        self.areas = areas;
        self.fill_remoteness();
        {
            let view = Self::view(&self.session, self.hints, theme);
            self.board.layout(&view, areas.board);
        }
        let analysis: Option<Arc<Analysis<B::Game>>> = self.session.cached_analysis();
        let view = Self::view(&self.session, self.hints, theme);
        self.render_title(areas.title, buf, theme);
        Block::bordered()
            .title(Line::styled(
                text::fit(
                    &format!(" {} ", B::frame_title(self.session.position())),
                    areas.board_frame.width.saturating_sub(2) as usize,
                ),
                theme.title,
            ))
            .border_style(theme.border)
            .render(areas.board_frame, buf);
        self.board.render(&view, areas.board, buf);
        self.render_turn(areas.turn, buf, theme);
        if let Some(coach) = self.coach_text().filter(|_| areas.coach.height > 0) {
            let width = areas.coach.width.saturating_sub(2) as usize;
            let rows = text::wrap(&coach, width);
            for (i, row) in rows.iter().take(areas.coach.height as usize).enumerate() {
                let cut = i + 1 == areas.coach.height as usize && rows.len() > i + 1;
                let text = if cut {
                    format!("{row}…")
                } else {
                    row.clone()
                };
                buf.set_stringn(
                    areas.coach.x + 1,
                    areas.coach.y + i as u16,
                    text,
                    width + 1,
                    theme.losing,
                );
            }
        }
        if areas.record.height > 0 {
            crate::tui::moves::render_panel(
                self.session.history(),
                self.record_back,
                self.reveals(),
                areas.record,
                buf,
                theme,
            );
        }
        if self.hints {
            self.render_nim(areas.nim, buf, theme, analysis.as_deref());
        }
        let status = match &self.message {
            Some(m) => Line::styled(m.clone(), theme.notice),
            None => self.board.status(&view),
        };
        let room = areas.status.width.saturating_sub(1);
        let cut = status.width() > room as usize && room > 0;
        let plain: String = status.spans.iter().map(|s| s.content.as_ref()).collect();
        let wrapped = if cut {
            text::wrap(&plain, room as usize - 1)
        } else {
            Vec::new()
        };
        if wrapped.len() == 2 && areas.bar.height > 0 {
            // Too long for one row (a move named by the graded hint at 80 columns): it takes
            // the key bar's row too, so the move is read whole.
            let style = status.spans.first().map(|s| s.style).unwrap_or_default();
            for (row, y) in wrapped.iter().zip([areas.status.y, areas.bar.y]) {
                buf.set_stringn(areas.status.x + 1, y, row, room as usize, style);
            }
        } else {
            // A message cut at the screen's edge says so, rather than ending mid-word.
            let shown = if cut { room - 1 } else { room };
            buf.set_line(areas.status.x + 1, areas.status.y, &status, shown);
            if cut {
                let style = status.spans.last().map(|s| s.style).unwrap_or_default();
                buf.set_string(areas.status.x + shown + 1, areas.status.y, "…", style);
            }
            self.render_bar(areas.bar, buf, theme);
        }
        self.render_over(area, buf, theme);
        if let Some(why) = &self.why {
            why.draw_popup(area, buf, theme);
        }
    }

    fn handle(&mut self, input: ScreenInput, theme: &Theme) -> ScreenEvent {
        self.message = None;
        if let Some(why) = &mut self.why {
            // The popup takes the keys until it is closed; the wheel scrolls it.
            match input {
                ScreenInput::Action(Action::Back | Action::Select | Action::Why) => self.why = None,
                ScreenInput::Action(action) => {
                    why.scroll(action);
                }
                ScreenInput::Wheel { down, .. } => why.scroll_lines(down, 1),
                ScreenInput::Click(_) | ScreenInput::Digit(_) => {}
            }
            return ScreenEvent::None;
        }
        if input == ScreenInput::Action(Action::Why) {
            self.open_why();
            return ScreenEvent::None;
        }
        if self.browse.is_some() {
            self.handle_browse(input);
            return ScreenEvent::None;
        }
        if let ScreenInput::Wheel { down, at } = input
            && self.areas.record.contains(at)
        {
            self.scroll_record(down);
            return ScreenEvent::None;
        }
        let over_popup = self.session.is_over() && !self.over_dismissed;
        if let ScreenInput::Action(action) = input {
            match action {
                Action::MoveList => {
                    self.open_browse();
                    return ScreenEvent::None;
                }
                Action::Coach => {
                    self.coach = !self.coach;
                    self.message = Some(if self.coach {
                        tr!("coach.on").into_owned()
                    } else {
                        tr!("coach.off").into_owned()
                    });
                    return ScreenEvent::None;
                }
                Action::Retry => {
                    self.retry();
                    return ScreenEvent::None;
                }
                Action::Hints => {
                    self.hints = !self.hints;
                    if self.hints {
                        self.session.analysis();
                    }
                    return ScreenEvent::None;
                }
                Action::Reveal => {
                    if self.session.accepting() {
                        self.hint_level = (self.hint_level + 1).min(3);
                        self.reveal(theme);
                    } else if self.session.is_over() {
                        self.message = Some(tr!("game.over_no_hint").into_owned());
                    } else {
                        self.message = Some(tr!("game.wait_turn").into_owned());
                    }
                    return ScreenEvent::None;
                }
                Action::Undo => {
                    if self.session.undo() {
                        self.position_changed();
                        self.message = Some(tr!("game.undone").into_owned());
                    } else {
                        self.message = Some(tr!("game.nothing_to_undo").into_owned());
                    }
                    return ScreenEvent::None;
                }
                Action::Redo => {
                    if self.session.redo() {
                        self.position_changed();
                    } else {
                        self.message = Some(tr!("game.nothing_to_redo").into_owned());
                    }
                    return ScreenEvent::None;
                }
                Action::NewGame => return ScreenEvent::NewGame,
                Action::Restart => {
                    self.session.restart();
                    self.retried.clear();
                    self.position_changed();
                    self.message = Some(tr!("game.restarted").into_owned());
                    return ScreenEvent::None;
                }
                Action::Select if over_popup => return ScreenEvent::NewGame,
                Action::Back if over_popup => {
                    self.over_dismissed = true;
                    return ScreenEvent::None;
                }
                _ if over_popup => return ScreenEvent::None,
                _ => {}
            }
        } else if over_popup {
            return ScreenEvent::None;
        }
        let view = Self::view(&self.session, self.hints, theme);
        let action = match input {
            ScreenInput::Action(a) => self.board.handle(&view, BoardInput::Action(a)),
            ScreenInput::Click(at) => self.board.handle(&view, BoardInput::Click(at)),
            ScreenInput::Wheel { down, at } => {
                self.board.handle(&view, BoardInput::Wheel { down, at })
            }
            ScreenInput::Digit(digit) => self.board.type_number(&view, digit),
        };
        match action {
            BoardAction::None => {}
            BoardAction::Message(m) => self.message = Some(m),
            BoardAction::Play(mv) => {
                if !self.session.accepting() {
                    self.message = Some(tr!("game.ai_turn").into_owned());
                } else {
                    match self.session.play(mv) {
                        Ok(()) => {
                            self.position_changed();
                            self.session.update();
                        }
                        Err(e) => {
                            self.message =
                                Some(tr!("game.illegal", error = e.0.words()).into_owned())
                        }
                    }
                }
            }
        }
        ScreenEvent::None
    }

    fn start_code(&self) -> String {
        self.saved_start_code()
    }

    fn move_codes(&self) -> Vec<String> {
        self.saved_move_codes()
    }

    fn replay(&mut self, moves: &[SavedMove]) -> Result<(), SaveError> {
        self.replay_saved(moves)
    }

    fn moves_played(&self) -> usize {
        self.session.history().len()
    }

    fn winner(&self) -> Option<Side> {
        self.session.winner()
    }

    fn summary(&self) -> String {
        B::summary(self.session.start())
    }

    fn hints(&self) -> bool {
        self.hints
    }

    fn set_message(&mut self, message: String) {
        self.message = Some(message);
    }

    fn settle(&mut self, timeout: Duration) {
        if self.session.settle(timeout) {
            self.position_changed();
        }
        // An AI move may have started a new request (never: the AI moves once), or hints
        // may need the analysis of the new position.
        if self.hints || self.reveal_pending {
            self.session.analysis();
            self.session.settle(timeout);
        }
    }
}

/// The parts of [`GameScreen`] for saved games, resume and statistics.
impl<B: Board> Match<B> {
    fn saved_start_code(&self) -> String {
        self.session.start().to_code()
    }

    fn saved_move_codes(&self) -> Vec<String> {
        let mut position = self.session.start().clone();
        let mut codes = Vec::with_capacity(self.session.history().len());
        for played in self.session.history() {
            codes.push(position.move_code(&played.mv));
            position = position.play_unchecked(&played.mv);
        }
        codes
    }

    fn replay_saved(&mut self, moves: &[SavedMove]) -> Result<(), SaveError> {
        let (_, played) = crate::store::save::replay(self.session.position(), moves)?;
        for (number, (mv, saved)) in (1..).zip(played.into_iter().zip(moves)) {
            self.session.play_recorded(mv).map_err(|e| SaveError {
                line: saved.line,
                message: crate::message::Said::new("said.save.move_illegal")
                    .with("number", number)
                    .with("code", crate::input::excerpt(saved.code.as_bytes(), 60))
                    .with_said("error", e.0),
            })?;
        }
        self.position_changed();
        Ok(())
    }
}

impl<B: Board> Match<B> {
    /// The position being played (tests).
    pub fn position(&self) -> &B::Game {
        self.session.position()
    }

    pub fn is_over(&self) -> bool {
        self.session.position().is_over()
    }
}

impl<B: Board> Match<B> {
    /// In hint mode, each listed move's remoteness where the exact search solved the
    /// position ("wins in N" / "loses in N"); none without hints.
    fn fill_remoteness(&mut self) {
        let analysis = self
            .session
            .cached_analysis()
            .filter(|a| self.hints && a.exact.is_some());
        if let Some(list) = self.board.move_list_mut() {
            list.set_remoteness(|mv| {
                let report = analysis.as_ref()?.moves.iter().find(|r| &r.mv == mv)?;
                report.remoteness_after
            });
        }
    }

    /// Opens the why-view of the part under the cursor: a hint, so with hints off (and the
    /// game not over) it says only that hints are off.
    fn open_why(&mut self) {
        if !self.reveals() {
            self.why = Some(WhyView::hints_off());
            return;
        }
        let position = self.session.position();
        let under = self.board.cursor_part(position);
        let is_part = under
            .as_ref()
            .is_some_and(|part| position.parts().iter().any(|(p, _)| p == part));
        match under {
            Some(part) if is_part => {
                self.why = Some(WhyView::new(
                    &position.derivation(part, crate::tui::why::SHOWN_OPTIONS),
                ))
            }
            // An H coin or an empty box: a place of the board, but no part of the sum.
            Some(_) => self.message = Some(crate::tr!("why.view.not_a_part").into_owned()),
            None => self.message = Some(crate::tr!("why.view.no_part").into_owned()),
        }
    }
}
