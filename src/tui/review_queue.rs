//! Practice → Review: the review queue's due items asked one after another ([`crate::review`]),
//! each as the drill it was (find a winning move, won or lost, a part's value), judged by the
//! engine. A right answer pushes the item out on its FSRS schedule, a wrong one brings it back
//! soon; each answer is written to review.toml under the data directory's lock, and counted
//! under the item's theme in drills.toml as a drill's answer is (not rated: see
//! [`Drills::count`]).
//!
//! With hints off, nothing before the answer tells who wins: a blunder's position is asked as
//! "choose your move" (not "find a winning move"), and where the item came from is told only
//! after the answer.
//!
//! State ([`ReviewQueue`]) apart from drawing ([`ReviewQueue::draw`] only reads it) and input
//! ([`ReviewQueue::handle_key`]).

use std::cell::Cell;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use crossterm::event::KeyEvent;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use crate::drill::{self, Answer, DrillKind, Expected, Verdict};
use crate::game::{Notation, Position, shorten_code};
use crate::games::with_position;
use crate::locale::Words;
use crate::review::{Clock, Item, Source, SystemClock};
use crate::store::drills::Drills;
use crate::store::review::Reviews;
use crate::tr;
use crate::tui::keymap::Action;
use crate::tui::practice::{Question, position_lines, question, question_words, wrong_words};
use crate::tui::text;
use crate::tui::theme::Theme;
use crate::tui::why::WhyView;

/// What the review screen asks the app to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewEvent {
    None,
    /// Back to where it was opened from.
    Leave,
}

/// The verdict on an answer, with what it did to the item's schedule.
#[derive(Clone, Debug)]
struct Outcome {
    verdict: Verdict,
    /// The answer in words.
    answer: String,
    /// The winning moves in words (other than the answer), for a winning-move item.
    winning: Vec<String>,
    /// When the item is due again.
    due: DateTime<Utc>,
    why: Option<WhyView>,
}

#[derive(Clone, Debug)]
enum Stage {
    /// Nothing due (or nothing at all).
    Empty,
    Asking(Box<(Item, Question)>),
    Answered(Box<(Item, Question)>, Box<Outcome>),
}

/// The review screen.
pub struct ReviewQueue {
    reviews: Reviews,
    /// Where the queue is kept (`None`: in memory only).
    path: Option<PathBuf>,
    /// The practice records, where each answer is counted under its item's theme as a
    /// drill's is (`None`: not counted).
    drills: Option<PathBuf>,
    /// What went wrong with the file, shown until the next good write.
    problem: Option<String>,
    /// Only this game's items (a name codes start with); `None`: every game's.
    game: Option<String>,
    hints: bool,
    clock: Box<dyn Clock>,
    stage: Stage,
    /// How many items are due ([`ReviewQueue::due`]).
    due: usize,
    /// Answered in this sitting, and answered right.
    answered: u64,
    right: u64,
    /// How many moves the list showed at the last draw (paging moves by it).
    list_rows: Cell<usize>,
}

/// The items of `reviews` due at `now` that can be asked (a hand-edited file may hold one
/// that cannot), of `game` if given.
fn due_items<'a>(
    reviews: &'a Reviews,
    game: Option<&str>,
    now: DateTime<Utc>,
) -> impl Iterator<Item = &'a Item> {
    reviews
        .due(now)
        .into_iter()
        .filter(move |i| game.is_none_or(|g| g == i.game))
}

/// How many items of the queue at `path` are due now (Practice shows it beside Review).
pub fn due_count(path: Option<&Path>) -> usize {
    path.map_or(0, |path| {
        due_items(&Reviews::load(path).reviews, None, SystemClock.now()).count()
    })
}

/// Adds mistakes made now to the queue at `path` (see [`Reviews::add`]); while another
/// grundy holds the lock they are kept beside the file for the next change. Returns what
/// went wrong, in words, if anything did.
pub fn remember(path: Option<&Path>, items: Vec<Item>) -> Option<String> {
    let path = path?;
    if items.is_empty() {
        return None;
    }
    let now = SystemClock.now();
    match Reviews::add_to_file(path, items.clone(), now) {
        Ok(_) => None,
        Err(e) if crate::store::is_lock_busy(&e) => {
            let mut later = Reviews::default();
            for item in items {
                later.add(item, now);
            }
            Reviews::keep_for_later(path, &later)
                .err()
                .map(|_| tr!("queue.not_saved", error = e).into_owned())
        }
        Err(e) => Some(tr!("queue.not_saved", error = e).into_owned()),
    }
}

impl ReviewQueue {
    /// The queue kept in the file at `path` (read now), of `game`'s items or every game's,
    /// on the system clock.
    pub fn new(path: Option<PathBuf>, game: Option<&str>, hints: bool) -> ReviewQueue {
        ReviewQueue::with_clock(path, game, hints, Box::new(SystemClock))
    }

    /// [`ReviewQueue::new`] on `clock` (tests: a fake one).
    pub fn with_clock(
        path: Option<PathBuf>,
        game: Option<&str>,
        hints: bool,
        clock: Box<dyn Clock>,
    ) -> ReviewQueue {
        let loaded = path.as_deref().map(Reviews::load).unwrap_or_default();
        let mut queue = ReviewQueue {
            reviews: loaded.reviews,
            path,
            drills: None,
            problem: loaded.problem.map(|p| p.words()),
            game: game.map(str::to_string),
            hints,
            clock,
            stage: Stage::Empty,
            due: 0,
            answered: 0,
            right: 0,
            list_rows: Cell::new(10),
        };
        queue.next();
        queue
    }

    /// The queue counting each answer under its item's theme in the practice records at
    /// `path` (drills.toml), as Practice counts a drill's: `grundy stats` shows them, and the
    /// weakest themes follow them.
    pub fn with_drills(mut self, path: Option<PathBuf>) -> ReviewQueue {
        self.drills = path;
        self
    }

    /// A queue in memory holding `reviews` (tests).
    pub fn of(reviews: Reviews, hints: bool, clock: Box<dyn Clock>) -> ReviewQueue {
        let mut queue = ReviewQueue::with_clock(None, None, hints, clock);
        queue.reviews = reviews;
        queue.next();
        queue
    }

    /// The smallest screen the review fits on.
    pub fn min_size() -> (u16, u16) {
        (60, 20)
    }

    /// The queue as last read or written.
    pub fn reviews(&self) -> &Reviews {
        &self.reviews
    }

    /// How many items are due (as of the last question or answer).
    pub fn due(&self) -> usize {
        self.due
    }

    /// Counts the items due now that can be asked: after each question and answer, not at
    /// each frame (each item's code is read to know whether it can be asked).
    fn count_due(&mut self) {
        self.due = due_items(&self.reviews, self.game.as_deref(), self.clock.now())
            .filter(|i| i.drill().is_some())
            .count();
    }

    /// The item asked or answered on screen.
    pub fn item(&self) -> Option<&Item> {
        match &self.stage {
            Stage::Asking(asked) | Stage::Answered(asked, _) => Some(&asked.0),
            Stage::Empty => None,
        }
    }

    /// The verdict on the last answer, while it is shown.
    pub fn verdict(&self) -> Option<&Verdict> {
        match &self.stage {
            Stage::Answered(_, o) => Some(&o.verdict),
            _ => None,
        }
    }

    /// Asks the item due the longest, or shows that none is due.
    fn next(&mut self) {
        let now = self.clock.now();
        let next = due_items(&self.reviews, self.game.as_deref(), now)
            .find_map(|item| item.drill().map(|d| (item.clone(), d)));
        self.stage = match next {
            Some((item, drill)) => {
                let game = item.game.clone();
                Stage::Asking(Box::new((item, question(drill, &game))))
            }
            None => Stage::Empty,
        };
        self.count_due();
    }

    /// Answers the item on screen: judged, scheduled (Good or Again) and written.
    pub fn answer(&mut self, answer: Answer) {
        let Stage::Asking(asked) = &self.stage else {
            return;
        };
        let (item, q) = (asked.0.clone(), asked.1.clone());
        let verdict = drill::check(&q.drill, &answer);
        let now = self.clock.now();
        let key = item.key();
        match &self.path {
            Some(path) => match Reviews::answer_in_file(path, &key, verdict.right, now) {
                Ok(reviews) => {
                    self.reviews = reviews;
                    self.problem = None;
                }
                Err(e) if crate::store::is_lock_busy(&e) => {
                    self.reviews.answer(&key, verdict.right, now);
                    let later = Reviews {
                        items: self.reviews.get(&key).cloned().into_iter().collect(),
                    };
                    self.problem = Some(match Reviews::keep_for_later(path, &later) {
                        Ok(_) => tr!("queue.kept_for_later").into_owned(),
                        Err(_) => tr!("queue.not_saved", error = e).into_owned(),
                    });
                }
                Err(e) => {
                    self.reviews.answer(&key, verdict.right, now);
                    self.problem = Some(tr!("queue.not_saved", error = e).into_owned());
                }
            },
            None => {
                self.reviews.answer(&key, verdict.right, now);
            }
        }
        self.count_theme(&item, verdict.right);
        let due = self
            .reviews
            .get(&key)
            .map_or(now, |scheduled| scheduled.schedule.due);
        self.answered += 1;
        if verdict.right {
            self.right += 1;
        }
        self.count_due();
        let words = answer_words(&q, &answer);
        let winning = match &verdict.expected {
            Expected::Positions(after) => with_position!(&q.position, p => q
                .moves
                .iter()
                .filter(|(code, _)| Answer::Move(code.clone()) != answer)
                .filter(|(code, _)| {
                    p.parse_move(code)
                        .is_ok_and(|mv| after.contains(&p.play_unchecked(&mv).to_code()))
                })
                .map(|(_, words)| words.clone())
                .collect()),
            _ => Vec::new(),
        };
        // A part's derivation, or the parts and their nim-sum (a won-or-lost item on several
        // heaps, a lost position), as Practice explains the same drill.
        let why = verdict
            .why
            .as_ref()
            .map(WhyView::new)
            .or_else(|| verdict.sum.as_ref().map(WhyView::sum));
        self.stage = Stage::Answered(
            Box::new((item, q)),
            Box::new(Outcome {
                verdict,
                answer: words,
                winning,
                due,
                why,
            }),
        );
    }

    /// Counts an answer under the item's theme in the practice records, under the data
    /// directory's lock as Practice does; while another grundy holds it, the count is kept
    /// beside the file for the next change.
    fn count_theme(&mut self, item: &Item, right: bool) {
        let Some(path) = &self.drills else {
            return;
        };
        let theme = item.theme();
        match Drills::count_in_file(path, &theme, right) {
            Ok(_) => {}
            Err(e) if crate::store::is_lock_busy(&e) => {
                let mut later = Drills::default();
                later.count(&theme, right);
                self.problem = Some(match Drills::keep_for_later(path, &later) {
                    Ok(_) => tr!("drill.kept_for_later").into_owned(),
                    Err(_) => tr!("drill.not_saved", error = e).into_owned(),
                });
            }
            Err(e) => self.problem = Some(tr!("drill.not_saved", error = e).into_owned()),
        }
    }

    /// Handles a key (`action`: what the keymap makes of it).
    pub fn handle_key(&mut self, key: KeyEvent, action: Option<Action>) -> ReviewEvent {
        if action == Some(Action::Back) {
            return ReviewEvent::Leave;
        }
        match &mut self.stage {
            Stage::Empty => {
                if action == Some(Action::Select) {
                    return ReviewEvent::Leave;
                }
            }
            Stage::Asking(asked) => {
                let q = &mut asked.1;
                let page = self.list_rows.get().max(1);
                if let Some(answer) = q.key(key.code, action, page) {
                    self.answer(answer);
                }
            }
            Stage::Answered(_, outcome) => match action {
                Some(Action::Select) => self.next(),
                Some(a) => {
                    if let Some(why) = &mut outcome.why {
                        why.scroll(a);
                    }
                }
                None => {}
            },
        }
        ReviewEvent::None
    }

    /// Draws the screen, reading state only.
    pub fn draw(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let block = Block::bordered()
            .title(Line::styled(
                format!(" {} ", tr!("queue.title")),
                theme.title,
            ))
            .border_style(theme.border);
        let inner = block.inner(area);
        block.render(area, buf);
        if inner.height < 4 || inner.width < 20 {
            return;
        }
        let bar_y = inner.y + inner.height - 1;
        let width = inner.width as usize;
        let mut y = inner.y;
        let mut put = |buf: &mut Buffer, line: Line<'_>| {
            if y < bar_y {
                buf.set_line(inner.x, y, &line, inner.width);
                y += 1;
            }
        };
        put(
            buf,
            Line::from(vec![
                Span::styled(tr!("queue.due", n = self.due()).into_owned(), theme.title),
                Span::raw(" · "),
                Span::raw(
                    tr!(
                        "queue.sitting",
                        right = self.right,
                        answered = self.answered
                    )
                    .into_owned(),
                ),
            ]),
        );
        if let Some(problem) = &self.problem {
            put(buf, Line::styled(text::fit(problem, width), theme.notice));
        }
        y += 1;
        let body = Rect::new(inner.x, y.min(bar_y), inner.width, bar_y.saturating_sub(y));
        let keys = match &self.stage {
            Stage::Empty => {
                self.draw_empty(body, buf, theme);
                tr!("queue.keys.empty")
            }
            Stage::Asking(asked) => {
                self.draw_question(&asked.0, &asked.1, body, buf, theme);
                match asked.1.drill.kind {
                    DrillKind::WinningMove => tr!("drill.keys.move"),
                    DrillKind::WonOrLost => tr!("drill.keys.won_lost"),
                    DrillKind::PartValue => tr!("drill.keys.value"),
                }
            }
            Stage::Answered(asked, outcome) => {
                self.draw_outcome(&asked.0, &asked.1, outcome, body, buf, theme);
                tr!("queue.keys.answered")
            }
        };
        buf.set_line(
            inner.x,
            bar_y,
            &Line::styled(text::fit(&keys, width), theme.dim),
            inner.width,
        );
    }

    fn draw_empty(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let now = self.clock.now();
        let mut lines = vec![Line::styled(
            tr!("queue.nothing_due").into_owned(),
            theme.title,
        )];
        let next = self
            .reviews
            .items
            .iter()
            .filter(|i| self.game.as_ref().is_none_or(|g| *g == i.game))
            .map(|i| i.schedule.due)
            .filter(|&d| d > now)
            .min();
        lines.push(Line::raw(match next {
            Some(due) => tr!("queue.next_due", when = when_words(due - now)).into_owned(),
            None => tr!("queue.empty").into_owned(),
        }));
        lines.push(Line::raw(""));
        lines.push(Line::styled(tr!("queue.about").into_owned(), theme.dim));
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .render(area, buf);
    }

    /// What is asked: with hints off a blunder's position is only "your move".
    fn ask_words(&self, q: &Question) -> String {
        if q.drill.kind == DrillKind::WinningMove && !self.hints {
            tr!("queue.ask.move_blind").into_owned()
        } else {
            question_words(q)
        }
    }

    fn draw_question(
        &self,
        item: &Item,
        q: &Question,
        area: Rect,
        buf: &mut Buffer,
        theme: &Theme,
    ) {
        let width = area.width as usize;
        let mut lines = vec![Line::styled(self.ask_words(q), theme.title)];
        // Where it came from says, for a blunder, that the position was won: told before the
        // answer with hints on only.
        if self.hints {
            lines.push(Line::styled(source_words(item, q), theme.dim));
        }
        lines.push(Line::raw(""));
        lines.extend(position_lines(&q.position, width, theme));
        lines.push(Line::styled(
            text::fit(
                &tr!("drill.code", code = shorten_code(&q.drill.code, 200)),
                width,
            ),
            theme.dim,
        ));
        lines.push(Line::raw(""));
        // The position on top, the answer below in what is left.
        let shown = lines.len().min(area.height as usize);
        for (i, line) in lines.iter().take(shown).enumerate() {
            buf.set_line(area.x, area.y + i as u16, line, area.width);
        }
        let rest = Rect::new(
            area.x,
            area.y + shown as u16,
            area.width,
            area.height - shown as u16,
        );
        if rest.height == 0 {
            return;
        }
        match q.drill.kind {
            DrillKind::WinningMove => {
                let rows = rest.height as usize;
                self.list_rows.set(rows);
                for (i, (_, words)) in q.moves.iter().enumerate().skip(q.top).take(rows) {
                    let selected = i == q.cursor;
                    let line = Line::styled(
                        text::fit(
                            &format!("{} {words}", if selected { "▶" } else { " " }),
                            width,
                        ),
                        if selected { theme.selected } else { theme.text },
                    );
                    buf.set_line(rest.x, rest.y + (i - q.top) as u16, &line, rest.width);
                }
            }
            DrillKind::WonOrLost => {
                let choice = |label: String, on: bool| {
                    Span::styled(
                        format!(" {} {label} ", if on { "▶" } else { " " }),
                        if on { theme.selected } else { theme.text },
                    )
                };
                let line = Line::from(vec![
                    choice(tr!("drill.answer_won").into_owned(), q.won),
                    Span::raw("   "),
                    choice(tr!("drill.answer_lost").into_owned(), !q.won),
                ]);
                buf.set_line(rest.x, rest.y, &line, rest.width);
            }
            DrillKind::PartValue => {
                let line = Line::from(vec![
                    Span::raw(tr!("drill.value_prompt").into_owned()),
                    Span::styled(format!(" *{}▏", q.typed), theme.selected),
                ]);
                buf.set_line(rest.x, rest.y, &line, rest.width);
            }
        }
    }

    fn draw_outcome(
        &self,
        item: &Item,
        q: &Question,
        outcome: &Outcome,
        area: Rect,
        buf: &mut Buffer,
        theme: &Theme,
    ) {
        let v = &outcome.verdict;
        // The question, where it came from (the game by name) and the board it was asked on,
        // so that the reason below points at something on screen.
        let mut lines = vec![
            Line::styled(self.ask_words(q), theme.dim),
            Line::styled(source_words(item, q), theme.dim),
        ];
        lines.extend(position_lines(&q.position, area.width as usize, theme));
        lines.push(Line::raw(
            tr!("drill.your_answer", answer = outcome.answer.as_str()).into_owned(),
        ));
        lines.push(if v.right {
            Line::styled(tr!("drill.right").into_owned(), theme.winning)
        } else {
            Line::styled(wrong_words(v), theme.losing)
        });
        if let Some(first) = outcome.winning.first() {
            lines.push(Line::raw(match (v.right, outcome.winning.len()) {
                (true, 1) => tr!("drill.also_winning", mv = first.as_str()).into_owned(),
                (true, n) => {
                    tr!("drill.also_winning_more", mv = first.as_str(), more = n - 1).into_owned()
                }
                (false, 1) => tr!("drill.the_winning_move", mv = first.as_str()).into_owned(),
                (false, n) => {
                    tr!("drill.winning_moves", mv = first.as_str(), more = n - 1).into_owned()
                }
            }));
        }
        lines.push(Line::styled(
            tr!(
                "queue.again_in",
                when = when_words(outcome.due - self.clock.now())
            )
            .into_owned(),
            theme.value,
        ));
        lines.push(Line::raw(""));
        let mut used = 0u16;
        for line in &lines {
            let paragraph = Paragraph::new(line.clone()).wrap(Wrap { trim: false });
            let rows = paragraph.line_count(area.width) as u16;
            if used + rows > area.height {
                break;
            }
            paragraph.render(Rect::new(area.x, area.y + used, area.width, rows), buf);
            used += rows;
        }
        let rest = Rect::new(area.x, area.y + used, area.width, area.height - used);
        if let Some(why) = &outcome.why {
            why.draw_in(rest, buf, theme);
        }
    }
}

/// The answer in words: a move as the list words it, won/lost, a value.
fn answer_words(q: &Question, answer: &Answer) -> String {
    match answer {
        Answer::Move(code) => q
            .moves
            .iter()
            .find(|(c, _)| c == code)
            .map_or_else(|| code.clone(), |(_, w)| w.clone()),
        Answer::Position(code) => code.clone(),
        Answer::Won(true) => tr!("drill.won").into_owned(),
        Answer::Won(false) => tr!("drill.lost").into_owned(),
        Answer::Value(v) => format!("*{}", v.short()),
    }
}

/// Where the item came from, in words: the game and, for a blunder, the move played.
fn source_words(item: &Item, q: &Question) -> String {
    let game = crate::locale::position_title(&q.position);
    match item.source {
        Source::Game => {
            let played = item.played.as_deref().and_then(|code| {
                with_position!(&q.position, p => p
                    .parse_move(code)
                    .ok()
                    .map(|mv| p.describe_move(&mv).words()))
            });
            match played {
                Some(played) => tr!("queue.from_game_played", game = game, mv = played),
                None => tr!("queue.from_game", game = game),
            }
        }
        Source::Drill => tr!("queue.from_drill", game = game),
        Source::Lesson => tr!("queue.from_lesson", game = game),
    }
    .into_owned()
}

/// How long until a time, in words: minutes, hours or days (never less than a minute).
fn when_words(until: chrono::Duration) -> String {
    // Rounded up: an item due in 9 min 59 s is "in 10 min".
    let minutes = ((until.num_seconds() + 59) / 60).max(1);
    if minutes < 60 {
        tr!("queue.in_minutes", n = minutes).into_owned()
    } else if minutes < 48 * 60 {
        tr!("queue.in_hours", n = minutes / 60).into_owned()
    } else {
        tr!("queue.in_days", n = minutes / (24 * 60)).into_owned()
    }
}
