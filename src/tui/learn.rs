//! The Learn screen: the list of lessons (each done or not), a lesson's pages, its exercises
//! answered by keys (y/n, a number typed, a move chosen from the list) with the engine's
//! reasons in words, and the position to win against the AI, which the app starts as a normal
//! game and comes back from ([`Learn::after_game`]). The lessons and the judging are the
//! core's ([`crate::learn`]); this module keeps the view state and draws it.

use crate::locale::Words;
use crate::locale::nudge::nudge_words;
use std::path::PathBuf;

use crossterm::event::{KeyCode, KeyEvent};

use crate::drill::DrillKind;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Widget};

use crate::learn::progress::{self, Progress};
use crate::learn::{self, Answer, Ask, Checked, Exercise, Guess, LESSONS, Lesson, Outcome, Why};
use crate::locale::text as key_text;
use crate::nimber::Nimber;
use crate::rules::solve::Verdict;
use crate::store::Store;
use crate::tr;
use crate::tui::text;
use crate::tui::theme::Theme;
use crate::why::{Derivation, Formula, PartName, WinRule};

/// The widest the Learn screen gets, in columns.
const MAX_WIDTH: u16 = 90;

/// Where `grundy learn` opens the Learn screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LearnStart {
    /// The list of lessons.
    List,
    /// Lesson `n` (from 0).
    Lesson(usize),
}

/// What the app must do after a key on the Learn screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LearnEvent {
    None,
    /// Back to the menu.
    Menu,
    /// Start a game from `code` against the AI; [`Learn::after_game`] when it ends.
    Play {
        lesson: usize,
        code: String,
    },
    /// Play a rules file's exercise position against the AI (`FILE:POSITION`), then come
    /// back to the exercise.
    Open {
        code: String,
    },
}

/// Where in a lesson the learner is.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    Page(usize),
    Exercise(Box<ExerciseState>),
    /// The final position, to win against the AI.
    Game,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct ExerciseState {
    index: usize,
    /// The number being typed.
    typed: String,
    /// The move chosen in the list, and the list.
    choice: usize,
    moves: Vec<String>,
    /// The last answer and the engine's judgement of it.
    answered: Option<(Answer, Checked)>,
    /// The nudge after the first wrong answer, in words: it stands in for the explanation
    /// until a second wrong answer ([`crate::nudge`]).
    nudge: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum View {
    List,
    Lesson { lesson: usize, step: Step },
}

/// A line to show under the list or the game page, and whether it is good news.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Note {
    text: String,
    good: bool,
}

/// The Learn screen's state.
#[derive(Clone, Debug)]
pub struct Learn {
    view: View,
    /// The lesson the list's cursor is on.
    cursor: usize,
    progress: Progress,
    /// Where progress is kept (`None`: nothing is kept between runs).
    path: Option<PathBuf>,
    note: Option<Note>,
    /// The review queue's file, where wrong answers go ([`crate::review`]).
    review: Option<PathBuf>,
}

impl Learn {
    /// The list of lessons, with the progress read from `store`.
    pub fn new(store: &Store) -> Learn {
        let path = progress::path(store);
        let (progress, problem) = match &path {
            Some(path) => {
                let loaded = Progress::load(path);
                (loaded.progress, loaded.problem.map(|p| p.words()))
            }
            None => (Progress::default(), None),
        };
        Learn {
            view: View::List,
            cursor: 0,
            progress,
            path,
            note: problem.map(|problem| Note {
                text: tr!("learn.list.problem", problem = problem).into_owned(),
                good: false,
            }),
            review: store.review_path(),
        }
    }

    /// Opens lesson `index` (from 0): at its first page, or where it was left (the first
    /// exercise not solved, or the game when every exercise is) if it is not done.
    pub fn open(&mut self, index: usize) {
        let Some(lesson) = LESSONS.get(index) else {
            return;
        };
        self.cursor = index;
        self.note = None;
        let solved = self.progress.solved(lesson.id);
        let step = if self.progress.is_done(lesson.id) || solved.is_empty() {
            Step::Page(0)
        } else {
            let next = (0..lesson.exercises.len())
                .find(|i| !solved.contains(i))
                .unwrap_or(lesson.exercises.len());
            self.note = Some(Note {
                text: tr!("learn.resumed").into_owned(),
                good: true,
            });
            Learn::exercise_or_game(lesson, next)
        };
        self.view = View::Lesson {
            lesson: index,
            step,
        };
    }

    /// The progress as last read or written (tests).
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// Adds `change` to the progress, in the file under its lock (kept beside it when another
    /// grundy holds the lock); a failure to save is told in a note.
    fn save(&mut self, change: &Progress) {
        self.progress.merge(change);
        let Some(path) = &self.path else {
            return;
        };
        match Progress::add_in_file(path, change) {
            Ok(progress) => self.progress = progress,
            Err(e)
                if crate::store::is_lock_busy(&e)
                    && Progress::keep_change_for_later(path, change).is_ok() => {}
            Err(e) => {
                self.note = Some(Note {
                    text: tr!("learn.list.save_failed", error = e).into_owned(),
                    good: false,
                })
            }
        }
    }

    /// Skips the final game of lesson `lesson`: marked "game not won", back to the list.
    fn skip_game(&mut self, lesson: usize) {
        let id = LESSONS[lesson].id.to_string();
        self.show_list();
        self.save(&Progress {
            game_not_won: [id].into(),
            ..Progress::default()
        });
        if self.note.is_none() {
            self.note = Some(Note {
                text: tr!("learn.game.skipped").into_owned(),
                good: false,
            });
        }
        self.cursor = (lesson + 1).min(LESSONS.len() - 1);
    }

    /// Whether lesson `index` is done.
    pub fn is_done(&self, index: usize) -> bool {
        LESSONS
            .get(index)
            .is_some_and(|l| self.progress.is_done(l.id))
    }

    /// Back from the game of lesson `lesson`, `won` by the learner (`None`: left unfinished):
    /// a win marks the lesson done (in the file, under its lock) and shows the list; a loss
    /// or an unfinished game shows the game page again, to play once more.
    pub fn after_game(&mut self, lesson: usize, won: Option<bool>) {
        let Some(this) = LESSONS.get(lesson) else {
            return;
        };
        if won == Some(true) {
            self.progress.done.insert(this.id.to_string());
            let mut note = Note {
                text: tr!("learn.game.won").into_owned(),
                good: true,
            };
            if let Some(path) = &self.path {
                match Progress::mark_done_in_file(path, this.id) {
                    Ok(progress) => self.progress = progress,
                    // Another grundy holds the lock: kept beside the file, for the next read.
                    Err(e)
                        if crate::store::is_lock_busy(&e)
                            && Progress::keep_for_later(path, this.id).is_ok() => {}
                    Err(e) => {
                        note = Note {
                            text: tr!("learn.list.save_failed", error = e).into_owned(),
                            good: false,
                        }
                    }
                }
            }
            self.note = Some(note);
            self.view = View::List;
            self.cursor = (lesson + 1).min(LESSONS.len() - 1);
        } else {
            self.note = won.map(|_| Note {
                text: tr!("learn.game.lost").into_owned(),
                good: false,
            });
            self.view = View::Lesson {
                lesson,
                step: Step::Game,
            };
        }
    }

    /// Tells the learner that the game could not start.
    pub fn game_failed(&mut self, error: &str) {
        self.note = Some(Note {
            text: tr!("learn.game.start_failed", error = error).into_owned(),
            good: false,
        });
    }

    /// Handles a key press.
    pub fn handle_key(&mut self, key: KeyEvent) -> LearnEvent {
        match self.view.clone() {
            View::List => self.list_key(key),
            View::Lesson { lesson, step } => self.lesson_key(lesson, step, key),
        }
    }

    fn list_key(&mut self, key: KeyEvent) -> LearnEvent {
        match key.code {
            KeyCode::Up | KeyCode::Char('k') => {
                self.cursor = self.cursor.checked_sub(1).unwrap_or(LESSONS.len() - 1);
            }
            KeyCode::Down | KeyCode::Char('j') => self.cursor = (self.cursor + 1) % LESSONS.len(),
            KeyCode::Home => self.cursor = 0,
            KeyCode::End => self.cursor = LESSONS.len() - 1,
            KeyCode::Enter | KeyCode::Right | KeyCode::Char(' ' | 'l') => self.open(self.cursor),
            KeyCode::Esc | KeyCode::Left | KeyCode::Char('h') => return LearnEvent::Menu,
            _ => {}
        }
        LearnEvent::None
    }

    fn show_list(&mut self) {
        self.note = None;
        self.view = View::List;
    }

    fn set_step(&mut self, lesson: usize, step: Step) {
        self.note = None;
        self.view = View::Lesson { lesson, step };
    }

    /// The step after the pages, or after exercise `index`.
    fn exercise_or_game(lesson: &Lesson, index: usize) -> Step {
        match lesson.exercises.get(index) {
            Some(exercise) => Step::Exercise(Box::new(ExerciseState {
                index,
                typed: String::new(),
                choice: 0,
                moves: match exercise.ask {
                    Ask::WinningMove => learn::moves(exercise.code)
                        .map(|moves| moves.iter().map(Words::words).collect())
                        .unwrap_or_default(),
                    _ => Vec::new(),
                },
                answered: None,
                nudge: None,
            })),
            None => Step::Game,
        }
    }

    /// The step before `step`.
    fn previous(lesson: &Lesson, step: &Step) -> Option<Step> {
        let last_page = Step::Page(lesson.pages.saturating_sub(1));
        match step {
            Step::Page(0) => None,
            Step::Page(p) => Some(Step::Page(p - 1)),
            Step::Exercise(state) if state.index == 0 => Some(last_page),
            Step::Exercise(state) => Some(Learn::exercise_or_game(lesson, state.index - 1)),
            Step::Game if lesson.exercises.is_empty() => Some(last_page),
            Step::Game => Some(Learn::exercise_or_game(lesson, lesson.exercises.len() - 1)),
        }
    }

    fn lesson_key(&mut self, index: usize, step: Step, key: KeyEvent) -> LearnEvent {
        let lesson = &LESSONS[index];
        if key.code == KeyCode::Esc {
            self.show_list();
            return LearnEvent::None;
        }
        let back = matches!(key.code, KeyCode::Left)
            || (matches!(key.code, KeyCode::Backspace)
                && !matches!(&step, Step::Exercise(s) if !s.typed.is_empty()));
        if back {
            match Learn::previous(lesson, &step) {
                Some(step) => self.set_step(index, step),
                None => self.show_list(),
            }
            return LearnEvent::None;
        }
        match step {
            Step::Page(p) => {
                if matches!(
                    key.code,
                    KeyCode::Enter | KeyCode::Right | KeyCode::Char(' ' | 'l')
                ) {
                    let next = if p + 1 < lesson.pages {
                        Step::Page(p + 1)
                    } else {
                        Learn::exercise_or_game(lesson, 0)
                    };
                    self.set_step(index, next);
                }
                LearnEvent::None
            }
            Step::Game => {
                match key.code {
                    KeyCode::Enter | KeyCode::Char(' ') => {
                        return LearnEvent::Play {
                            lesson: index,
                            code: lesson.game.to_string(),
                        };
                    }
                    KeyCode::Char('s' | 'S') => self.skip_game(index),
                    _ => {}
                }
                LearnEvent::None
            }
            Step::Exercise(mut state) => {
                let exercise = &lesson.exercises[state.index];
                let solved = state.answered.as_ref().is_some_and(|(_, c)| c.right);
                // A rules file's position is played against the AI with o, answered or not.
                if learn::is_rules(exercise.ask) && key.code == KeyCode::Char('o') {
                    let code = exercise.code.to_string();
                    self.set_step(index, Step::Exercise(state));
                    return LearnEvent::Open { code };
                }
                if solved {
                    if matches!(
                        key.code,
                        KeyCode::Enter | KeyCode::Right | KeyCode::Char(' ')
                    ) {
                        self.set_step(index, Learn::exercise_or_game(lesson, state.index + 1));
                    }
                    return LearnEvent::None;
                }
                let yes_no = matches!(exercise.ask, Ask::Won | Ask::Formula { .. });
                let number = asks_number(exercise.ask);
                let outcome = |o| Some(Answer::Outcome(o));
                let answer = match (exercise.ask, key.code) {
                    (Ask::RulesOutcome, KeyCode::Char('w' | 'W')) => outcome(Outcome::Win),
                    (Ask::RulesOutcome, KeyCode::Char('l' | 'L')) => outcome(Outcome::Lose),
                    (Ask::RulesOutcome, KeyCode::Char('d' | 'D')) => outcome(Outcome::Draw),
                    (_, KeyCode::Char('y' | 'Y')) if yes_no => Some(Answer::Won(true)),
                    (_, KeyCode::Char('n' | 'N')) if yes_no => Some(Answer::Won(false)),
                    (_, KeyCode::Char(c)) if number && c.is_ascii_digit() => {
                        if state.answered.is_some() {
                            // A new try starts a new number.
                            state.typed.clear();
                            state.answered = None;
                        }
                        if state.typed.len() < 9 {
                            state.typed.push(c);
                        }
                        None
                    }
                    (_, KeyCode::Backspace) if number => {
                        state.typed.pop();
                        state.answered = None;
                        None
                    }
                    (_, KeyCode::Enter) if number => state.typed.parse().ok().map(Answer::Number),
                    (Ask::WinningMove, KeyCode::Up | KeyCode::Char('k')) => {
                        state.choice = state.choice.saturating_sub(1);
                        None
                    }
                    (Ask::WinningMove, KeyCode::Down | KeyCode::Char('j')) => {
                        state.choice = (state.choice + 1).min(state.moves.len().saturating_sub(1));
                        None
                    }
                    (Ask::WinningMove, KeyCode::PageUp) => {
                        state.choice = state.choice.saturating_sub(8);
                        None
                    }
                    (Ask::WinningMove, KeyCode::PageDown) => {
                        state.choice = (state.choice + 8).min(state.moves.len().saturating_sub(1));
                        None
                    }
                    (Ask::WinningMove, KeyCode::Enter) if !state.moves.is_empty() => {
                        Some(Answer::Move(state.choice))
                    }
                    _ => None,
                };
                if let Some(answer) = answer
                    && let Ok(checked) = learn::check(exercise, answer)
                {
                    if checked.right {
                        // Kept at once: a lesson left here resumes after this exercise.
                        self.save(&Progress {
                            solved: [(lesson.id.to_string(), [state.index].into())].into(),
                            ..Progress::default()
                        });
                    }
                    if !checked.right && state.nudge.is_none() {
                        self.remember_wrong(exercise);
                    }
                    if !checked.right
                        && state.nudge.is_none()
                        && let Ok(nudge) = learn::nudge(exercise, lesson.values_taught)
                    {
                        // The first wrong answer: a nudge, and the exercise asked again.
                        state.nudge = Some(nudge_words(&nudge));
                        state.typed.clear();
                        state.answered = None;
                    } else {
                        state.answered = Some((answer, checked));
                    }
                }
                self.set_step(index, Step::Exercise(state));
                LearnEvent::None
            }
        }
    }

    /// A wrong answer to an exercise about a position goes to the review queue, asked as the
    /// drill of the same kind (the nim-sum and the Lab's exercises have none); a problem with
    /// the file is shown as the screen's note.
    fn remember_wrong(&mut self, exercise: &learn::Exercise) {
        let (kind, part) = match exercise.ask {
            Ask::Won => (DrillKind::WonOrLost, None),
            Ask::Value { part } => (DrillKind::PartValue, Some(part.to_string())),
            Ask::WinningMove => (DrillKind::WinningMove, None),
            _ => return,
        };
        let now = crate::review::Clock::now(&crate::review::SystemClock);
        let item = crate::review::Item::new(
            exercise.code,
            kind,
            part,
            crate::review::Source::Lesson,
            now,
        );
        if let Some(problem) =
            crate::tui::review_queue::remember(self.review.as_deref(), item.into_iter().collect())
        {
            self.note = Some(Note {
                text: problem,
                good: false,
            });
        }
    }

    /// The smallest screen the Learn screen fits on.
    pub fn min_size(&self) -> (u16, u16) {
        (60, 20)
    }

    /// Draws the screen.
    pub fn draw(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        // Text is read more easily in lines of moderate length: the screen is centred.
        let area = area.centered_horizontally(ratatui::layout::Constraint::Max(MAX_WIDTH));
        let title = match &self.view {
            View::List => format!(" {} ", tr!("learn.title")),
            View::Lesson { lesson, .. } => format!(
                " {} · {} ",
                tr!("learn.lesson_number", n = lesson + 1),
                key_text(&LESSONS[*lesson].title_key())
            ),
        };
        let block = Block::bordered()
            .title(Line::styled(
                text::fit(&title, area.width.saturating_sub(4) as usize),
                theme.title,
            ))
            .border_style(theme.border);
        let inner = block.inner(area);
        block.render(area, buf);
        let inner = Rect {
            x: inner.x + 1,
            width: inner.width.saturating_sub(2),
            ..inner
        };
        if inner.height < 3 {
            return;
        }
        let (lines, keys) = match &self.view {
            View::List => (self.list_lines(inner, theme), tr!("learn.keys.list")),
            View::Lesson { lesson, step } => self.lesson_lines(*lesson, step, inner, theme),
        };
        let body = inner.height - 1;
        for (i, line) in lines.into_iter().take(body as usize).enumerate() {
            buf.set_line(inner.x, inner.y + i as u16, &line, inner.width);
        }
        let keys = text::fit(&keys, inner.width as usize);
        buf.set_stringn(
            inner.x,
            inner.y + body,
            &keys,
            inner.width as usize,
            theme.dim,
        );
    }

    fn note_lines(&self, width: usize, theme: &Theme) -> Vec<Line<'static>> {
        match &self.note {
            Some(note) => {
                let style = if note.good {
                    theme.winning
                } else {
                    theme.notice
                };
                styled(text::wrap(&note.text, width), style)
            }
            None => Vec::new(),
        }
    }

    fn list_lines(&self, area: Rect, theme: &Theme) -> Vec<Line<'static>> {
        let width = area.width as usize;
        let mut lines = styled(text::wrap(&tr!("learn.list.intro"), width), theme.text);
        let done = LESSONS
            .iter()
            .filter(|l| self.progress.is_done(l.id))
            .count();
        lines.push(Line::styled(
            tr!("learn.list.count", done = done, total = LESSONS.len()).into_owned(),
            theme.dim,
        ));
        lines.push(Line::default());
        let notes = self.note_lines(width, theme);
        // Room for the lessons: what the intro, the notes and the key line leave.
        let room = (area.height as usize)
            .saturating_sub(lines.len() + notes.len() + 1 + usize::from(!notes.is_empty()))
            .max(1);
        let first = self
            .cursor
            .saturating_sub(room - 1)
            .min(LESSONS.len() - room.min(LESSONS.len()));
        let mark = tr!("learn.list.done").into_owned();
        // One column for the marks: done, "game not won", or the exercises solved (3/6).
        let mark_width = text::width(&mark)
            .max(text::width(&tr!("learn.list.game_not_won")))
            .max(5);
        for (i, lesson) in LESSONS.iter().enumerate().skip(first).take(room) {
            let selected = i == self.cursor;
            let label = format!(
                "{} {:>2}. {}",
                if selected { "▶" } else { " " },
                i + 1,
                key_text(&lesson.title_key())
            );
            let (mark, mark_style) = self.list_mark(lesson, &mark, theme);
            let room = width.saturating_sub(mark_width + 2);
            let style = if selected { theme.selected } else { theme.text };
            let mut spans = vec![Span::styled(text::fit_exact(&label, room), style)];
            if !mark.is_empty() {
                spans.push(Span::raw("  "));
                spans.push(Span::styled(mark, mark_style));
            }
            lines.push(Line::from(spans));
        }
        if !notes.is_empty() {
            lines.push(Line::default());
            lines.extend(notes);
        }
        lines
    }

    /// The mark beside a lesson in the list: done, "game not won", the exercises solved
    /// so far (`3/6`), or none.
    fn list_mark(&self, lesson: &Lesson, done: &str, theme: &Theme) -> (String, Style) {
        let solved = self.progress.solved(lesson.id).len();
        if self.progress.is_done(lesson.id) {
            (done.to_string(), theme.winning)
        } else if self.progress.is_game_not_won(lesson.id) {
            (tr!("learn.list.game_not_won").into_owned(), theme.notice)
        } else if solved > 0 {
            (format!("{solved}/{}", lesson.exercises.len()), theme.dim)
        } else {
            (String::new(), theme.dim)
        }
    }

    fn lesson_lines(
        &self,
        index: usize,
        step: &Step,
        area: Rect,
        theme: &Theme,
    ) -> (Vec<Line<'static>>, std::borrow::Cow<'static, str>) {
        let lesson = &LESSONS[index];
        let width = area.width as usize;
        let mut lines = Vec::new();
        match step {
            Step::Page(p) => {
                lines.push(Line::styled(
                    tr!("learn.page_of", page = p + 1, pages = lesson.pages).into_owned(),
                    theme.dim,
                ));
                lines.push(Line::default());
                let page = key_text(&lesson.page_keys()[*p]).into_owned();
                lines.extend(styled(text::wrap(&page, width), theme.text));
                (lines, tr!("learn.keys.page"))
            }
            Step::Game => {
                lines.push(Line::default());
                lines.extend(styled(
                    text::wrap(&tr!("learn.game.text"), width),
                    theme.text,
                ));
                lines.push(Line::default());
                let shown = rules_position(lesson.game)
                    .unwrap_or_else(|| tr!("learn.position", code = lesson.game).into_owned());
                lines.push(Line::styled(shown, theme.value));
                lines.extend(styled(position_notes(lesson.game, width), theme.dim));
                if let Ok(parts) = learn::parts(lesson.game) {
                    lines.extend(styled(
                        text::wrap(
                            &tr!("learn.parts", parts = parts_words(&parts, lesson.game)),
                            width,
                        ),
                        theme.dim,
                    ));
                }
                let notes = self.note_lines(width, theme);
                if !notes.is_empty() {
                    lines.push(Line::default());
                    lines.extend(notes);
                }
                (lines, tr!("learn.keys.game"))
            }
            Step::Exercise(state) => {
                let exercise = &lesson.exercises[state.index];
                lines.push(Line::styled(
                    tr!(
                        "learn.exercise_of",
                        n = state.index + 1,
                        total = lesson.exercises.len()
                    )
                    .into_owned(),
                    theme.dim,
                ));
                // "Resumed where you left off", until the first key.
                lines.extend(self.note_lines(width, theme));
                lines.push(Line::default());
                let shown = if learn::is_table(exercise.ask) {
                    tr!("learn.lab.rule", rule = exercise.code)
                } else if let Some(words) = rules_position(exercise.code) {
                    words.into()
                } else {
                    tr!("learn.position", code = exercise.code)
                };
                lines.push(Line::styled(text::fit(&shown, width), theme.value));
                lines.extend(styled(position_notes(exercise.code, width), theme.dim));
                if let Ok(parts) = learn::parts(exercise.code) {
                    lines.extend(styled(
                        text::wrap(
                            &tr!("learn.parts", parts = parts_words(&parts, exercise.code)),
                            width,
                        ),
                        theme.dim,
                    ));
                }
                if let Some(table) = learn::smaller_heaps(exercise) {
                    let cells: Vec<String> = table
                        .iter()
                        .map(|(x, v)| format!("{x}: {}", star(*v)))
                        .collect();
                    // Kayles' heaps are rows of pins.
                    let key = if exercise.code.starts_with("kayles:") {
                        "learn.smaller_rows"
                    } else {
                        "learn.smaller_heaps"
                    };
                    let values = cells.join(&tr!("learn.separator"));
                    lines.extend(styled(
                        text::wrap(
                            &crate::locale::text(key).replace("%{values}", &values),
                            width,
                        ),
                        theme.dim,
                    ));
                }
                lines.push(Line::default());
                lines.extend(styled(text::wrap(&question(exercise), width), theme.text));
                let feedback = state
                    .answered
                    .as_ref()
                    .map(|(answer, checked)| {
                        let lines = Reasons {
                            exercise,
                            values: lesson.values_taught,
                            width,
                        };
                        feedback(&lines, *answer, checked, state, theme)
                    })
                    .unwrap_or_else(|| match &state.nudge {
                        Some(nudge) => {
                            let mut lines = vec![Line::styled(
                                text::fit(&tr!("nudge.not_yet"), width),
                                theme.losing,
                            )];
                            lines.extend(styled(text::wrap(nudge, width), theme.notice));
                            lines
                        }
                        None => Vec::new(),
                    });
                let keys = match (&state.answered, exercise.ask) {
                    (Some((_, c)), ask) if c.right && learn::is_rules(ask) => {
                        tr!("learn.keys.next_rules")
                    }
                    (Some((_, c)), _) if c.right => tr!("learn.keys.next"),
                    (_, Ask::Won) => tr!("learn.keys.won"),
                    (_, Ask::Formula { .. }) => tr!("learn.keys.yes_no"),
                    (_, Ask::WinningMove) => tr!("learn.keys.move"),
                    (_, Ask::RulesOutcome) => tr!("learn.keys.outcome"),
                    (_, Ask::RulesScore) => tr!("learn.keys.score"),
                    _ => tr!("learn.keys.number"),
                };
                match exercise.ask {
                    Ask::Won | Ask::Formula { .. } | Ask::RulesOutcome => {}
                    Ask::Value { .. }
                    | Ask::RulesScore
                    | Ask::NimSum
                    | Ask::Period { .. }
                    | Ask::Preperiod { .. }
                    | Ask::Saltus { .. }
                    | Ask::ProofBound { .. } => {
                        let typing = state.answered.is_none();
                        lines.push(Line::from(vec![
                            Span::styled("› ", theme.dim),
                            Span::styled(state.typed.clone(), theme.key),
                            Span::styled(if typing { "▏" } else { "" }, theme.dim),
                        ]));
                    }
                    Ask::WinningMove => {
                        // The move list gets what the feedback and the key line leave.
                        let room = (area.height as usize)
                            .saturating_sub(lines.len() + feedback.len() + 2)
                            .clamp(3, state.moves.len().max(3));
                        let first = state
                            .choice
                            .saturating_sub(room / 2)
                            .min(state.moves.len().saturating_sub(room));
                        for (i, mv) in state.moves.iter().enumerate().skip(first).take(room) {
                            let selected = i == state.choice;
                            let label = format!("{} {mv}", if selected { "▶" } else { " " });
                            lines.push(Line::styled(
                                text::fit(&label, width),
                                if selected { theme.selected } else { theme.text },
                            ));
                        }
                    }
                }
                if !feedback.is_empty() {
                    lines.push(Line::default());
                    lines.extend(feedback);
                }
                (lines, keys)
            }
        }
    }
}

fn styled(lines: Vec<String>, style: Style) -> Vec<Line<'static>> {
    lines
        .into_iter()
        .map(|line| Line::styled(line, style))
        .collect()
}

/// `*k`.
fn star(v: Nimber) -> String {
    format!("*{}", v.short())
}

/// A part in words.
pub fn part_words(part: &PartName, kayles: bool) -> String {
    match part {
        PartName::Heap { number, size } if kayles => crate::locale::counted(
            crate::locale::lang(),
            "learn.part.row",
            *size,
            &[("n", number)],
        ),
        PartName::PinRow { number, pins } => crate::locale::counted(
            crate::locale::lang(),
            "learn.part.row",
            *pins,
            &[("n", number)],
        ),
        PartName::Heap { number, size } => {
            tr!("learn.part.heap", n = number, size = size).into_owned()
        }
        PartName::Coin { coin } => tr!("learn.part.coin", coin = coin).into_owned(),
        PartName::Cell { row, col } => tr!("learn.part.cell", row = row, col = col).into_owned(),
        PartName::Box { number } => tr!("learn.part.box", n = number).into_owned(),
        PartName::Stair { stair, balls } => {
            tr!("learn.part.stair", stair = stair, balls = balls).into_owned()
        }
        PartName::Pair { number, x, y } => {
            tr!("learn.part.pair", n = number, x = x, y = y).into_owned()
        }
        PartName::Token { number, vertex } => {
            tr!("learn.part.token", n = number, vertex = vertex).into_owned()
        }
        PartName::Queen { a, b, .. } => tr!("learn.part.queen", a = a, b = b).into_owned(),
        PartName::FibHeap { heap, limit } => {
            tr!("learn.part.fibheap", heap = heap, limit = limit).into_owned()
        }
        PartName::Component { number, code } => tr!(
            "learn.part.component",
            n = number,
            code = crate::game::shorten_code(code, 30)
        )
        .into_owned(),
    }
}

/// The rule of a position's game in words, from its code (`None`: a game without a line).
fn rule_words(code: &str) -> Option<String> {
    if code.contains('+') {
        let rules: Vec<String> = code.split('+').filter_map(rule_words).collect();
        return Some(
            tr!(
                "learn.rule.sum",
                rules = rules.join(&tr!("learn.separator_long"))
            )
            .into_owned(),
        );
    }
    let fields: Vec<&str> = code.split(':').collect();
    let param = fields.get(1).copied().unwrap_or_default();
    Some(match fields[0] {
        "bash" => tr!("learn.rule.bash", m = param).into_owned(),
        "subtraction" => tr!("learn.rule.subtraction", set = param.replace(',', ", ")).into_owned(),
        "lieges" => tr!("learn.rule.lieges", k = param).into_owned(),
        "coins" => tr!("learn.rule.coins", maxq = param).into_owned(),
        name @ ("nim" | "kayles" | "grundy" | "misere" | "stairs" | "wythoff" | "fibnim" | "ed"
        | "dag" | "grid" | "dodgeball") => key_text(&format!("learn.rule.{name}")).into_owned(),
        _ => return None,
    })
}

/// The lines under a position's code: its rule, and a graph's edges.
fn position_notes(code: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(rule) = rule_words(code) {
        lines.extend(text::wrap(&tr!("learn.rule", rule = rule), width));
    }
    if let Some(edges) = code
        .strip_prefix("dag:")
        .and_then(|rest| rest.split(':').nth(1))
    {
        let edges = edges.replace('>', "→").replace(',', ", ");
        lines.extend(text::wrap(&tr!("learn.edges", edges = edges), width));
    }
    lines
}

fn parts_words(parts: &[PartName], code: &str) -> String {
    let kayles = code.starts_with("kayles:");
    let list: Vec<String> = parts.iter().map(|p| part_words(p, kayles)).collect();
    list.join(&tr!("learn.separator"))
}

/// What an exercise asks, in words.
fn question(exercise: &Exercise) -> String {
    match exercise.ask {
        Ask::Won => tr!("learn.ask.won").into_owned(),
        Ask::WinningMove => tr!("learn.ask.winning").into_owned(),
        Ask::NimSum => tr!("learn.ask.nim_sum").into_owned(),
        Ask::Period { n } => tr!("learn.ask.period", n = n).into_owned(),
        Ask::Preperiod { n } => tr!("learn.ask.preperiod", n = n).into_owned(),
        Ask::ProofBound { .. } => tr!("learn.ask.proof_bound").into_owned(),
        Ask::Saltus { n } => tr!("learn.ask.saltus", n = n).into_owned(),
        Ask::Formula { guess, n } => {
            tr!("learn.ask.formula", formula = guess_words(guess), n = n).into_owned()
        }
        Ask::RulesOutcome => tr!("learn.ask.rules_outcome").into_owned(),
        Ask::RulesScore => tr!("learn.ask.rules_score").into_owned(),
        Ask::Value { part } => {
            let name = learn::derivation(exercise.code, part)
                .map(|d| part_words(&d.part, exercise.code.starts_with("kayles:")))
                .unwrap_or_else(|_| part.to_string());
            tr!("learn.ask.value", part = crate::locale::before_han(&name)).into_owned()
        }
    }
}

/// Whether an exercise is answered with a number typed.
fn asks_number(ask: Ask) -> bool {
    matches!(
        ask,
        Ask::Value { .. }
            | Ask::NimSum
            | Ask::Period { .. }
            | Ask::Preperiod { .. }
            | Ask::Saltus { .. }
            | Ask::ProofBound { .. }
            | Ask::RulesScore
    )
}

/// A rules file's position in words: the shipped file's title and the position as written
/// (`None`: not a rules file's code).
fn rules_position(code: &str) -> Option<String> {
    let (example, position) = learn::rules_code(code)?;
    Some(
        tr!(
            "learn.rules.position",
            title = crate::tui::lab::example_title(example),
            file = example.file,
            position = position
        )
        .into_owned(),
    )
}

/// A win, a loss or a draw, as an answer.
fn outcome_words(outcome: Outcome) -> String {
    match outcome {
        Outcome::Win => tr!("learn.answer_won"),
        Outcome::Lose => tr!("learn.answer_lost"),
        Outcome::Draw => tr!("learn.answer_draw"),
    }
    .into_owned()
}

/// A guessed formula, as the tables write it: `n mod 4`, `(0, 1, 0, 1, 2, 3, 2)[n mod 7]`.
fn guess_words(guess: Guess) -> String {
    match guess {
        Guess::Mod { m } => format!("n mod {m}"),
        Guess::Cycle(cycle) => {
            let values: Vec<String> = cycle.iter().map(u64::to_string).collect();
            format!("({})[n mod {}]", values.join(", "), cycle.len())
        }
    }
}

/// What the exercise screen says after `answer` to exercise `exercise` of lesson `lesson`
/// (both from 0) once it shows the reasons (a right answer, or a second wrong one): whether
/// the answer is right, and the reasons' lines at `width` columns. The same words the screen
/// draws; the tests hold them against the engine's analysis of the same position.
pub fn reasons_text(
    lesson: usize,
    exercise: usize,
    answer: Answer,
    width: usize,
) -> Result<(bool, Vec<String>), learn::LessonError> {
    let lesson = &LESSONS[lesson];
    let exercise = &lesson.exercises[exercise];
    let checked = learn::check(exercise, answer)?;
    let reasons = Reasons {
        exercise,
        values: lesson.values_taught,
        width,
    };
    Ok((checked.right, reasons.lines(&checked)))
}

/// The verdict on an answer and the reasons, in words.
/// What the reasons are written for: the exercise, whether the lesson may speak of values,
/// and the width to wrap to.
struct Reasons<'a> {
    exercise: &'a Exercise,
    values: bool,
    width: usize,
}

fn feedback(
    reasons: &Reasons,
    answer: Answer,
    checked: &Checked,
    state: &ExerciseState,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let width = reasons.width;
    let table = learn::is_table(reasons.exercise.ask) || learn::is_rules(reasons.exercise.ask);
    let said = match answer {
        Answer::Won(yes) if table => if yes {
            tr!("learn.answer_yes")
        } else {
            tr!("learn.answer_no")
        }
        .into_owned(),
        Answer::Won(true) => tr!("learn.answer_won").into_owned(),
        Answer::Won(false) => tr!("learn.answer_lost").into_owned(),
        Answer::Number(n) if table => n.to_string(),
        Answer::Number(n) => format!("*{n}"),
        Answer::Move(i) => state.moves.get(i).cloned().unwrap_or_default(),
        Answer::Outcome(o) => outcome_words(o),
    };
    let mut lines = styled(
        text::wrap(&tr!("learn.answer", answer = said), width),
        theme.dim,
    );
    let verdict = if checked.right {
        Line::styled(tr!("learn.right").into_owned(), theme.winning)
    } else {
        Line::styled(text::fit(&tr!("learn.wrong"), width), theme.losing)
    };
    lines.push(verdict);
    lines.extend(styled(reasons.lines(checked), theme.text));
    lines
}

impl Reasons<'_> {
    fn lines(&self, checked: &Checked) -> Vec<String> {
        let width = self.width;
        let kayles = self.exercise.code.starts_with("kayles:");
        // Before values are taught, a nim-sum means nothing to the learner: the reasons speak of
        // won and lost positions only.
        let shown = |v: Option<Nimber>| v.filter(|_| self.values);
        let mut out = Vec::new();
        let mut say = |line: String| out.extend(text::wrap(&line, width));
        match &checked.why {
            Why::Outcome {
                won,
                nim_sum,
                rule,
                said,
                formula,
                example,
            } => {
                if let Some(formula) = formula {
                    say(formula_words(formula));
                }
                // A game its own rule decides: that rule's verdict, as `analyze` words it.
                if let Some(said) = said {
                    say(tr!("cli.analyze.own_rule", rule = said.words()).into_owned());
                }
                match (rule, shown(*nim_sum)) {
                    (Some(WinRule::MisereOnes { ones }), _) => {
                        say(tr!("learn.why.misere_ones", ones = ones).into_owned())
                    }
                    (Some(WinRule::MisereLikeNim { nim_sum }), _) => {
                        say(tr!("learn.why.misere_nim", nim_sum = format!("*{nim_sum}"))
                            .into_owned())
                    }
                    (None, Some(v)) if v.is_zero() => {
                        say(tr!("learn.why.lost_nim_sum").into_owned())
                    }
                    (None, Some(v)) => {
                        say(tr!("learn.why.won_nim_sum", nim_sum = star(v)).into_owned())
                    }
                    (None, None) => {}
                }
                if let Some(example) = example {
                    if *won {
                        say(tr!("learn.why.won_by", mv = example.mv.words()).into_owned());
                    } else if let Some(reply) = &example.reply {
                        say(tr!(
                            "learn.why.lost_by",
                            mv = example.mv.words(),
                            reply = reply.words()
                        )
                        .into_owned());
                    }
                }
            }
            Why::Value(d) => return derivation_lines(d, kayles, width),
            Why::Rules { judgement, best } => {
                let moves = judgement.remoteness.unwrap_or(0);
                let lang = crate::locale::lang();
                let count = u64::from(moves);
                say(match judgement.verdict {
                    Verdict::Win => crate::locale::counted(lang, "learn.why.rules_win", count, &[]),
                    Verdict::Lose => {
                        crate::locale::counted(lang, "learn.why.rules_lose", count, &[])
                    }
                    Verdict::Draw => tr!("learn.why.rules_draw").into_owned(),
                    Verdict::Score(s) => {
                        tr!("learn.why.rules_score", score = s, count = moves).into_owned()
                    }
                });
                if let Some(best) = best {
                    let key = match judgement.verdict {
                        Verdict::Lose => "learn.why.rules_best_lose",
                        Verdict::Draw => "learn.why.rules_best_draw",
                        _ => "learn.why.rules_best",
                    };
                    say(crate::locale::text(key).replace("%{position}", best));
                }
                say(tr!("learn.why.rules_open").into_owned());
            }
            Why::Period {
                n,
                period,
                preperiod,
                saltus,
                proved,
                max_take,
            } => {
                say(if *saltus == 0 {
                    tr!(
                        "learn.why.period",
                        n = n,
                        period = period,
                        preperiod = preperiod
                    )
                } else {
                    tr!(
                        "learn.why.saltus",
                        n = n,
                        period = period,
                        preperiod = preperiod,
                        saltus = saltus
                    )
                }
                .into_owned());
                match (proved, max_take) {
                    (true, Some(t)) => say(tr!(
                        "learn.why.period_proved",
                        preperiod = preperiod,
                        period = period,
                        t = t,
                        bound = 2 * preperiod + period + t,
                        last = (2 * preperiod + period + t).saturating_sub(1)
                    )
                    .into_owned()),
                    // An arithmetic period is proved by its own check, not the theorem's bound.
                    (true, _) if *saltus > 0 => say(tr!(
                        "learn.why.saltus_proved",
                        preperiod = preperiod,
                        period = period,
                        saltus = saltus
                    )
                    .into_owned()),
                    _ => say(tr!("learn.why.period_observed").into_owned()),
                }
            }
            Why::Formula { n, counterexample } => match counterexample {
                None => say(tr!("learn.why.formula_holds", n = n).into_owned()),
                Some((x, value, said)) => say(tr!(
                    "learn.why.formula_fails",
                    at = x,
                    value = value,
                    said = said
                )
                .into_owned()),
            },
            Why::NimSum { parts, nim_sum } => {
                say(tr!("learn.why.parts").into_owned());
                let names: Vec<String> = parts.iter().map(|(p, _)| part_words(p, kayles)).collect();
                let total = tr!("learn.why.nim_sum").into_owned();
                let name_width = names
                    .iter()
                    .chain([&total])
                    .map(|n| text::width(n))
                    .max()
                    .unwrap_or(0)
                    .min(width / 2);
                let bits = parts
                    .iter()
                    .map(|(_, v)| *v)
                    .chain([*nim_sum])
                    .map(|v| v.to_binary().len())
                    .max()
                    .unwrap_or(1);
                let values: Vec<String> = parts.iter().map(|(_, v)| star(*v)).collect();
                let value_width = values
                    .iter()
                    .map(|v| v.len())
                    .chain([star(*nim_sum).len()])
                    .max()
                    .unwrap_or(2);
                for (i, ((name, (_, v)), shown)) in names.iter().zip(parts).zip(&values).enumerate()
                {
                    out.push(text::fit(
                        &format!(
                            "  {} {:>value_width$}  {} {}",
                            text::fit_exact(name, name_width),
                            shown,
                            if i == 0 { " " } else { "⊕" },
                            v.to_binary_width(bits)
                        ),
                        width,
                    ));
                }
                out.push(text::fit(
                    &format!(
                        "  {} {:>value_width$}  = {}",
                        text::fit_exact(&total, name_width),
                        star(*nim_sum),
                        nim_sum.to_binary_width(bits)
                    ),
                    width,
                ));
            }
            Why::Move {
                chosen,
                winning,
                nim_sum,
                said,
            } => {
                if let Some(chosen) = chosen {
                    let mv = chosen.mv.words();
                    let mv = mv.as_str();
                    match (&chosen.rule, &chosen.reply) {
                        (Some(rule), Some(reply)) => say(tr!(
                            "learn.why.move_rule_leaves",
                            mv = mv,
                            rule = rule.words(),
                            reply = reply.words()
                        )
                        .into_owned()),
                        (Some(rule), None) => {
                            say(tr!("learn.why.move_rule", mv = mv, rule = rule.words())
                                .into_owned())
                        }
                        (None, _) => {}
                    }
                    match (chosen.to_lost, shown(chosen.nim_sum), &chosen.reply) {
                        _ if chosen.rule.is_some() => {}
                        (true, Some(_), _) => say(tr!("learn.why.move_wins", mv = mv).into_owned()),
                        (true, None, _) => {
                            say(tr!("learn.why.move_wins_rule", mv = mv).into_owned())
                        }
                        (false, Some(v), Some(reply)) => say(tr!(
                            "learn.why.move_leaves",
                            mv = mv,
                            nim_sum = star(v),
                            reply = reply.words()
                        )
                        .into_owned()),
                        (false, _, Some(reply)) => {
                            say(
                                tr!("learn.why.move_leaves_rule", mv = mv, reply = reply.words())
                                    .into_owned(),
                            )
                        }
                        (false, _, None) => {}
                    }
                }
                if let (false, Some(said)) = (checked.right, said) {
                    say(tr!("cli.analyze.own_rule", rule = said.words()).into_owned());
                }
                if let (false, Some(now)) = (checked.right, shown(*nim_sum)) {
                    say(tr!(
                        "learn.why.nim_sum_now",
                        nim_sum = star(now),
                        binary = now.to_binary()
                    )
                    .into_owned());
                }
                if checked.right && winning.len() > 1 {
                    let moves: Vec<String> = winning.iter().map(Words::words).collect();
                    let separator = tr!("learn.separator_long");
                    if moves.iter().any(|m| m.contains(separator.trim())) {
                        // A move that is itself a list (Every-SG moves in every game): one a
                        // line, so the separator between moves is not the one inside them.
                        say(tr!("learn.why.other_winning_list").into_owned());
                        for mv in moves {
                            say(format!("  · {mv}"));
                        }
                    } else {
                        say(
                            tr!("learn.why.other_winning", moves = moves.join(&separator))
                                .into_owned(),
                        );
                    }
                }
            }
        }
        out
    }
}

/// The formula that gives a part's value at once, with the part's numbers, for the games
/// whose lessons teach one (E&D, the coin grid, Binary Dodgeball, Stair Nim).
fn value_formula_words(formula: &Formula) -> Option<String> {
    let value = formula.evaluate().map(star).unwrap_or_default();
    Some(match formula {
        Formula::EdLowestZeroBit { x, y } => {
            let width = ((x - 1) | (y - 1)).max(1).ilog2() as usize + 2;
            tr!(
                "learn.formula.ed",
                x = x - 1,
                y = y - 1,
                or = format!("{:0width$b}", (x - 1) | (y - 1)),
                value = ((x - 1) | (y - 1)).trailing_ones()
            )
            .into_owned()
        }
        Formula::GridCell {
            row,
            col,
            edge: true,
        } => tr!(
            "learn.formula.grid_edge",
            row = row,
            col = col,
            sum = row + col - 1,
            value = value
        )
        .into_owned(),
        Formula::GridCell { row, col, .. } => tr!(
            "learn.formula.grid_inside",
            row = row,
            col = col,
            value = value
        )
        .into_owned(),
        Formula::DodgeballChain { number, boxes } => tr!(
            "learn.formula.dodgeball",
            boxes = boxes,
            number = number,
            value = value
        )
        .into_owned(),
        Formula::StairNim { stair, balls } if stair % 2 == 0 => {
            tr!("learn.formula.stair_even", stair = stair, balls = balls).into_owned()
        }
        Formula::StairNim { stair, .. } => {
            tr!("learn.formula.stair_odd", stair = stair).into_owned()
        }
        _ => return None,
    })
}

/// The formula that decides a lone Wythoff queen or a Fibonacci Nim heap, in words.
fn formula_words(formula: &Formula) -> String {
    match formula {
        Formula::Zeckendorf { heap, limit, terms } => {
            let sum: Vec<String> = terms.iter().map(u64::to_string).collect();
            let smallest = terms.last().copied().unwrap_or(0);
            let key = if smallest <= *limit {
                "learn.why.zeckendorf_won"
            } else {
                "learn.why.zeckendorf_lost"
            };
            tr!(
                key,
                heap = heap,
                terms = sum.join(" + "),
                smallest = smallest,
                limit = limit
            )
            .into_owned()
        }
        Formula::WythoffBeatty { a, b, k, lower } => {
            let key = if formula.lost() == Some(true) {
                "learn.why.wythoff_lost"
            } else {
                "learn.why.wythoff_won"
            };
            tr!(key, a = a, b = b, k = k, lower = lower, upper = lower + k).into_owned()
        }
        _ => String::new(),
    }
}

/// A part's options with their values and the mex, at most ten options listed.
fn derivation_lines(d: &Derivation, kayles: bool, width: usize) -> Vec<String> {
    const SHOWN: usize = 10;
    let part = part_words(&d.part, kayles);
    let mut out = Vec::new();
    if d.choices.is_empty() {
        out.extend(text::wrap(
            &tr!("learn.why.no_options", part = part.as_str()),
            width,
        ));
        return out;
    }
    out.extend(text::wrap(
        &tr!("learn.why.options", part = crate::locale::before_han(&part)),
        width,
    ));
    for choice in d.choices.iter().take(SHOWN) {
        let value = choice.value.map(star).unwrap_or_else(|| "?".to_string());
        let pieces: Vec<String> = choice
            .pieces
            .iter()
            .map(|(_, v)| v.map(star).unwrap_or_else(|| "?".to_string()))
            .collect();
        let sum = if pieces.len() > 1 {
            format!("{} = {value}", pieces.join(" ⊕ "))
        } else {
            value
        };
        // The option as the move list says it, in the reader's language.
        let mv = choice.said.words();
        out.push(text::fit(&format!("  {mv}  → {sum}"), width));
    }
    if d.choices.len() > SHOWN {
        out.push(format!(
            "  {}",
            tr!("learn.why.more_options", count = d.choices.len() - SHOWN)
        ));
    }
    let formula = d.formula.as_ref().and_then(value_formula_words);
    if let (Some(values), Some(mex)) = (&d.values, d.mex) {
        let values: Vec<String> = values.iter().map(|v| star(*v)).collect();
        out.extend(text::wrap(
            &tr!("learn.why.mex", values = values.join(", "), mex = star(mex)),
            width,
        ));
    }
    if let Some(formula) = formula {
        out.extend(text::wrap(&formula, width));
    }
    out
}
