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
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use crate::analysis::Analysis;
use crate::game::{Impartial, Notation, Position};
use crate::games::GameKind;
use crate::store::save::{SaveError, SavedMove};
use crate::tui::board::{Board, BoardAction, BoardAreas, BoardInput, BoardView, GameSetup, Side};
use crate::tui::keymap::{self, Action};
use crate::tui::session::{Session, SessionConfig};
use crate::tui::text;
use crate::tui::theme::Theme;

// The teacher's part of the match (coach, graded hints, retry, the game record on screen).
mod teacher;

/// An input for the game screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScreenInput {
    Action(Action),
    Click(ScreenPosition),
    Wheel { down: bool, at: ScreenPosition },
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
    /// Whether coaching is on (the player may turn it off and on with `c`).
    fn coach(&self) -> bool {
        true
    }
    /// The player's blunders among the moves in effect, once every one of those moves has
    /// its verdict (`None` while one is still being judged, or if the judge failed).
    fn player_blunders(&self) -> Option<u64> {
        None
    }
    /// Whether verdicts are still being computed.
    fn judging(&self) -> bool {
        false
    }
}

/// The spinner frames of the "thinking" mark.
const SPINNER: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
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
            areas: Areas::default(),
            coach: true,
            hint_level: 0,
            record_back: 0,
            browse: None,
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

    fn render_title(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
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
            B::KIND.title(),
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

    fn render_turn(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
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
    fn turn_lines(&self, width: usize, height: usize, theme: &Theme) -> Vec<Line<'static>> {
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
                &format!("{who}{}", played.words),
                style,
                Some((who, theme.title)),
            );
            // The AI's reason says who is winning: only where that may be told.
            if let Some(reason) = played
                .reason
                .filter(|r| self.reveals() || *r == crate::ai::Reason::Random)
            {
                push(&format!("↳ {reason}"), theme.dim, None);
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

    fn render_nim(
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

    fn render_bar(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        render_bar(keymap::bar(Some(B::KIND)), area, buf, theme);
    }

    fn render_over(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
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

    fn reveal(&mut self, theme: &Theme) {
        if self.hint_level < 3 {
            self.graded_hint();
            return;
        }
        let Some(analysis) = self.session.analysis() else {
            self.reveal_pending = true;
            self.message = Some("Looking for a winning move…".to_string());
            return;
        };
        self.reveal_pending = false;
        match analysis.winning().next() {
            Some(report) => {
                let mv = report.mv.clone();
                let words = self.session.position().describe_move(&mv);
                let view = Self::view(&self.session, self.hints, theme);
                self.board.show_move(&view, &mv);
                self.message = Some(format!(
                    "A winning move: {words}. {} plays it.",
                    keymap::key_for(Action::Select)
                ));
            }
            None => {
                self.message = Some(
                    "No winning move: the nim-sum is 0, every move loses against perfect play."
                        .to_string(),
                );
            }
        }
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

/// What a grouped entry of even count shows after its value.
const EVEN: &str = " (even)";

impl EntryLayout {
    fn new(entries: &[Entry], total: &str, width: usize, grouped: bool) -> EntryLayout {
        let label_width = entries
            .iter()
            .map(|e| text::width(&e.label))
            .max()
            .unwrap_or(0)
            .max("nim-sum".len());
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
        let even = if grouped { EVEN.len() } else { 0 };
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
            s.push_str(EVEN);
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
        let (mover, outcome) = match (to_move, zero) {
            (Side::You, true) => ("you", "lose"),
            (Side::You, false) => ("you", "win"),
            (Side::Ai, true) => ("the AI", "loses"),
            (Side::Ai, false) => ("the AI", "wins"),
        };
        let mut lines = vec![
            Line::styled("value: not known (past the table)", theme.dim),
            Line::styled(
                format!("{mover} (to move) {outcome}, by the game's own rule:"),
                style,
            ),
        ];
        let rule = position.win_rule().unwrap_or_default();
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
            label: position.describe_part(*part),
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
                label: format!("{k} ×"),
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
        let padded = format!("{text:<w$}", w = layout.cell - 2);
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
                "{} … {} more {}",
                if shown > 0 { "⊕" } else { " " },
                entries.len() - shown,
                if grouped { "values" } else { "parts" }
            ),
            theme.dim,
        ));
    }
    if show_zeros {
        let plus = if shown > 0 { "⊕" } else { " " };
        let text = match zeros {
            0 => "no parts: the XOR of nothing is 0".to_string(),
            1 => format!("{plus} 1 part of value 0 (changes nothing)"),
            k => format!("{plus} {k} parts of value 0 (change nothing)"),
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
                    label: "nim-sum".to_string(),
                    value: analysis.nim_sum,
                    cancels: false,
                },
                grouped,
            ),
            total_style,
        ),
    ]));
    let (mover, lose, win) = match to_move {
        Side::You => ("you", "lose", "win"),
        Side::Ai => ("the AI", "loses", "wins"),
    };
    let rule = position.win_rule();
    let verdict = if rule.is_some() {
        let outcome = if zero { lose } else { win };
        format!("{mover} (to move) {outcome}, by the game's own rule:")
    } else if zero {
        format!("= 0: {mover} (to move) {lose} with best play")
    } else {
        format!("≠ 0: {mover} (to move) {win} with best play")
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
            format!(
                "with best play the game lasts {}",
                crate::ai::moves(exact.remoteness)
            ),
            theme.dim,
        ));
    }
    NimSumText { lines, grouped }
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
        let verdict = match (nim_sum.is_zero(), self.session.to_move()) {
            (true, Side::You) => "= 0: you (to move) lose with best play",
            (true, Side::Ai) => "= 0: the AI (to move) loses with best play",
            (false, Side::You) => "≠ 0: you (to move) win with best play",
            (false, Side::Ai) => "≠ 0: the AI (to move) wins with best play",
        };
        // Past a value table the nim-sum is not known: a stand-in is not shown.
        let nim_sum_words = if position.values_known() {
            format!("*{}", nim_sum.short())
        } else {
            "not known (past the table)".to_string()
        };
        let mut about = match position.win_rule() {
            // Hints off, game on: who is winning is not told.
            _ if !self.reveals() => {
                vec!["hints are off: i shows the nim-sum and who is winning".to_string()]
            }
            // Not an SG game (misère Nim): its own rule decides, not the nim-sum.
            Some(rule) => vec![format!(
                "nim-sum {nim_sum_words}; {} (to move) {} by the game's own rule: {rule}",
                if self.session.to_move() == Side::You {
                    "you"
                } else {
                    "the AI"
                },
                if position.mover_wins() {
                    "wins"
                } else {
                    "loses"
                },
            )],
            None => vec![format!("nim-sum *{} {verdict}", nim_sum.short())],
        };
        if let Some(mv) = self.board.selected() {
            about.push(format!("selected move: {}", position.describe_move(&mv)));
        }
        let panel: Vec<String> = self
            .board
            .panel_text(&view)
            .into_iter()
            .filter(|l| !l.is_empty())
            .collect();
        if !panel.is_empty() {
            about.push("side panel:".to_string());
            about.extend(panel.into_iter().map(|l| format!("  {l}")));
        }
        let moves = self
            .session
            .history()
            .iter()
            .enumerate()
            .map(|(i, played)| {
                let who = match played.by {
                    Side::You => "you",
                    Side::Ai => "AI",
                };
                let reason = played
                    .reason
                    .filter(|r| self.reveals() || *r == crate::ai::Reason::Random)
                    .map(|r| format!(" ({r})"))
                    .unwrap_or_default();
                format!("{}. {who}: {}{reason}", i + 1, played.words)
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

    fn coach(&self) -> bool {
        self.coach
    }

    fn player_blunders(&self) -> Option<u64> {
        let history = self.session.history();
        if history.iter().any(|p| p.judgement.is_none()) {
            return None;
        }
        Some(crate::record::blunders(history, Side::You).len() as u64)
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
        {
            let view = Self::view(&self.session, self.hints, theme);
            self.board.layout(&view, areas.board);
        }
        let analysis: Option<Arc<Analysis<B::Game>>> = self.session.cached_analysis();
        let view = Self::view(&self.session, self.hints, theme);
        self.render_title(areas.title, buf, theme);
        Block::bordered()
            .title(Line::styled(format!(" {} ", B::KIND.title()), theme.title))
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
        // A message cut at the screen's edge says so, rather than ending mid-word.
        let shown = if cut { room - 1 } else { room };
        buf.set_line(areas.status.x + 1, areas.status.y, &status, shown);
        if cut {
            let style = status.spans.last().map(|s| s.style).unwrap_or_default();
            buf.set_string(areas.status.x + shown + 1, areas.status.y, "…", style);
        }
        self.render_bar(areas.bar, buf, theme);
        self.render_over(area, buf, theme);
    }

    fn handle(&mut self, input: ScreenInput, theme: &Theme) -> ScreenEvent {
        self.message = None;
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
                        "Coaching on: a blunder of yours is told after the AI's reply.".into()
                    } else {
                        "Coaching off.".into()
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
                    } else {
                        self.message = Some("Wait for your turn.".to_string());
                    }
                    return ScreenEvent::None;
                }
                Action::Undo => {
                    if self.session.undo() {
                        self.position_changed();
                        self.message = Some("Took back your move and the AI's reply.".into());
                    } else {
                        self.message = Some("Nothing to undo.".to_string());
                    }
                    return ScreenEvent::None;
                }
                Action::Redo => {
                    if self.session.redo() {
                        self.position_changed();
                    } else {
                        self.message = Some("Nothing to redo.".to_string());
                    }
                    return ScreenEvent::None;
                }
                Action::NewGame => return ScreenEvent::NewGame,
                Action::Restart => {
                    self.session.restart();
                    self.position_changed();
                    self.message = Some("Restarted from the start position.".to_string());
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
        let board_input = match input {
            ScreenInput::Action(a) => BoardInput::Action(a),
            ScreenInput::Click(at) => BoardInput::Click(at),
            ScreenInput::Wheel { down, at } => BoardInput::Wheel { down, at },
        };
        let view = Self::view(&self.session, self.hints, theme);
        match self.board.handle(&view, board_input) {
            BoardAction::None => {}
            BoardAction::Message(m) => self.message = Some(m),
            BoardAction::Play(mv) => {
                if !self.session.accepting() {
                    self.message = Some("Wait: it is the AI's turn.".to_string());
                } else {
                    match self.session.play(mv) {
                        Ok(()) => {
                            self.position_changed();
                            self.session.update();
                        }
                        Err(e) => self.message = Some(format!("Illegal move: {e}")),
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
        for (mv, saved) in played.into_iter().zip(moves) {
            self.session.play_recorded(mv).map_err(|e| SaveError {
                line: saved.line,
                message: format!("move `{}`: {e}", saved.code),
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

/// `line` with its end replaced by "…" (it was cut after it), in at most `width` columns.
fn ends_in_ellipsis(line: &Line<'_>, width: usize) -> Line<'static> {
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    let style = line.spans.last().map(|s| s.style).unwrap_or_default();
    Line::styled(text::cut_marked(&text, width), style)
}
