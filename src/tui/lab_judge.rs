//! The Lab's "check a program" page (对拍 in the terminal game): the path of a program of the
//! player's own (a source is compiled as `grundy judge` compiles it), what to check it against
//! (a contest problem, the rules file chosen on the Lab's rules page, or the Lab's octal code),
//! and the judge's report. The session is [`crate::judge::run`] on a worker thread, so the
//! screen keeps drawing and reading keys: it shows the tests done, Esc stops it (the program
//! running is killed with its process group), and its report is worded as the command line
//! words it ([`crate::judge::words`]). A failing case's position opens on the board.

use std::ffi::OsString;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Gauge, Widget};

use crate::contest::{self, Format};
use crate::judge::sandbox::{Program, ProgramError};
use crate::judge::{self, JudgeError, Options, Problem, Report, words};
use crate::locale::Words;
use crate::rules::examples::Example;
use crate::rules::{Rules, RulesError};
use crate::tr;
use crate::tui::keymap::{self, Action};
use crate::tui::text;
use crate::tui::theme::Theme;

/// Most program runs spent shrinking a failure (as the command line).
const SHRINK_RUNS: usize = 3000;

/// The counts of random tests `<`/`>` step through (`--tests`); the samples come on top.
const TEST_COUNTS: [usize; 5] = [30, 100, 300, 1000, 3000];

/// The longest path the page lets the player type.
const MAX_PATH: usize = 400;

/// What a program is checked against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Against {
    /// A contest problem of [`contest::FORMATS`] (`grundy judge ID`).
    Contest,
    /// The rules file chosen on the Lab's rules page (`grundy judge --rules FILE`).
    RulesFile,
    /// The Lab's rule, an octal code (`grundy judge --octal CODE`).
    Octal,
}

const AGAINST: [Against; 3] = [Against::Contest, Against::RulesFile, Against::Octal];

/// The page's rows, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Row {
    Program,
    Against,
    Problem,
    Run,
}

const ROWS: [Row; 4] = [Row::Program, Row::Against, Row::Problem, Row::Run];

/// What the Lab knows that the page checks against: the rules file chosen on its rules page
/// (a shipped example, or the path typed) and its rule.
pub struct Context<'a> {
    pub example: Option<&'static Example>,
    pub rules_path: &'a str,
    pub rule: &'a str,
}

impl Context<'_> {
    /// The rules file chosen, in words: an example's title and file, or the path typed.
    fn rules_words(&self) -> String {
        match self.example {
            Some(example) => format!("{} ({})", super::lab::example_title(example), example.file),
            None if self.rules_path.trim().is_empty() => tr!("lab.judge.no_rules").into_owned(),
            None => self.rules_path.trim().to_string(),
        }
    }
}

/// What the page asks the Lab to do after a key.
#[derive(Debug)]
pub enum CheckEvent {
    None,
    /// Leave the page's keys to the Lab (←/→ between tables, Esc to the menu).
    Unhandled,
    /// Start a session against the rules file chosen: the Lab loads it and calls
    /// [`Check::start_rules`].
    StartRules,
    /// Play a failing case's position (a grundy position code) on the board.
    PlayCode(String),
    /// Play a failing case of a rules file: the position (a Rhai literal) of the file the
    /// session judged against.
    PlayRules {
        example: Option<&'static Example>,
        path: String,
        position: String,
    },
}

/// What the worker sends.
enum Message {
    /// The program is ready: how a source was compiled, if it was one.
    Built(Option<String>),
    Progress(usize, usize),
    Done(Box<Result<(Report, Options), Failed>>),
}

/// Why a session did not give a report.
enum Failed {
    Program(ProgramError),
    Session(JudgeError),
}

/// A session on its worker thread.
struct Running {
    results: Receiver<Message>,
    stop: Arc<AtomicBool>,
    what: String,
    /// The command line that runs the same tests.
    again: String,
    built: Option<String>,
    done: usize,
    all: usize,
}

impl Drop for Running {
    /// A session left (the Lab closed, the game quit) stops: its program is killed, and the
    /// worker is waited for (briefly: it polls the flag every few milliseconds), so that a
    /// quitting grundy leaves no program of the player's running.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        let deadline = Instant::now() + Duration::from_secs(2);
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.results.recv_timeout(left) {
                Ok(Message::Done(_)) | Err(_) => return,
                Ok(_) => {}
            }
        }
    }
}

/// What the rules file of a session was, to open its failing case.
#[derive(Clone, Debug)]
struct RulesSource {
    example: Option<&'static Example>,
    path: String,
}

/// The page's state below its rows.
enum State {
    Idle,
    Running(Running),
    Done {
        report: Box<Report>,
        options: Box<Options>,
        built: Option<String>,
        again: String,
        rules: Option<RulesSource>,
    },
    /// Stopped by the player.
    Stopped,
    /// The session could not start or go on, in words.
    Error(String),
}

/// The "check a program" page.
pub struct Check {
    row: usize,
    /// The program's path as typed, and what it was before typing began (Esc brings it back).
    program: String,
    program_typing: Option<String>,
    against: Against,
    /// The contest problem's id.
    problem: String,
    /// The problem list is open: what is typed to filter it, and the place chosen in the
    /// filtered list.
    picking: Option<(String, usize)>,
    state: State,
    /// The seed of the next session (`--seed` of the command line), or a fresh one.
    seed: Option<u64>,
    /// Random tests of a session.
    tests: usize,
    /// The rules file of a session being started (set by [`Check::start_rules`]).
    pending_rules: Option<RulesSource>,
}

impl std::fmt::Debug for Check {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Check")
            .field("program", &self.program)
            .field("against", &self.against)
            .field("problem", &self.problem)
            .finish_non_exhaustive()
    }
}

impl Default for Check {
    fn default() -> Self {
        Check::new()
    }
}

impl Check {
    pub fn new() -> Check {
        Check {
            row: 0,
            program: String::new(),
            program_typing: None,
            against: Against::Contest,
            problem: "p2197".to_string(),
            picking: None,
            state: State::Idle,
            seed: None,
            tests: judge::DEFAULT_TESTS,
            pending_rules: None,
        }
    }

    /// Every session with this seed (the same seed: the same tests).
    pub fn set_seed(&mut self, seed: Option<u64>) {
        self.seed = seed;
    }

    /// Whether a text field takes every key (q and ? too).
    pub fn is_typing(&self) -> bool {
        self.program_typing.is_some() || self.picking.is_some()
    }

    /// Says why a failing case could not be opened.
    pub fn set_error(&mut self, error: String) {
        self.state = State::Error(error);
    }

    /// Whether a session is running.
    pub fn busy(&self) -> bool {
        matches!(self.state, State::Running(_))
    }

    /// The verdict of the last session, `AC`, `WA`, … (tests read it).
    pub fn verdict(&self) -> Option<&'static str> {
        match &self.state {
            State::Done { report, .. } => Some(
                report
                    .failure
                    .as_ref()
                    .map_or("AC", |failure| failure.verdict.short()),
            ),
            _ => None,
        }
    }

    /// Takes in what the worker sent (a rules file's error worded by `rules_error`). Returns
    /// whether anything changed.
    pub fn tick(&mut self, rules_error: &dyn Fn(&RulesError) -> String) -> bool {
        let State::Running(running) = &mut self.state else {
            return false;
        };
        let mut changed = false;
        let mut finished = None;
        while let Ok(message) = running.results.try_recv() {
            changed = true;
            match message {
                Message::Built(built) => running.built = built,
                Message::Progress(done, all) => {
                    running.done = done;
                    running.all = all;
                }
                Message::Done(result) => {
                    finished = Some(*result);
                    break;
                }
            }
        }
        // The worker gone without a word: it panicked.
        if finished.is_none()
            && matches!(
                running.results.try_recv(),
                Err(std::sync::mpsc::TryRecvError::Disconnected)
            )
        {
            self.state = State::Error(tr!("lab.judge.worker_failed").into_owned());
            return true;
        }
        if let Some(result) = finished {
            let built = running.built.take();
            let again = running.again.clone();
            self.state = match result {
                Ok((report, options)) => State::Done {
                    report: Box::new(report),
                    options: Box::new(options),
                    built,
                    again,
                    rules: self.pending_rules.take(),
                },
                Err(Failed::Session(JudgeError::Cancelled)) => State::Stopped,
                Err(Failed::Program(e)) => State::Error(words::program_error(&e)),
                Err(Failed::Session(e)) => State::Error(words::session_error(&e, rules_error)),
            };
        }
        changed
    }

    /// Waits until the session ends, at most `timeout` (tests).
    pub fn settle(&mut self, timeout: Duration, rules_error: &dyn Fn(&RulesError) -> String) {
        let started = Instant::now();
        while self.busy() && started.elapsed() < timeout {
            self.tick(rules_error);
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// A key on the page: `action` is the Lab's for it (`None` while a field is typed).
    pub fn handle_key(
        &mut self,
        key: KeyEvent,
        action: Option<Action>,
        context: &Context,
    ) -> CheckEvent {
        if let Some(before) = &self.program_typing {
            match key.code {
                KeyCode::Enter => self.program_typing = None,
                KeyCode::Esc => {
                    self.program = before.clone();
                    self.program_typing = None;
                }
                KeyCode::Backspace => {
                    self.program.pop();
                }
                KeyCode::Char(c)
                    if keymap::types_text(&key) && self.program.chars().count() < MAX_PATH =>
                {
                    self.program.push(c)
                }
                _ => {}
            }
            return CheckEvent::None;
        }
        if let Some((filter, at)) = &mut self.picking {
            let shown = matching(filter).len();
            match key.code {
                KeyCode::Enter => {
                    if let Some(format) = matching(filter).get(*at) {
                        self.problem = format.id.to_string();
                    }
                    self.picking = None;
                }
                KeyCode::Esc => self.picking = None,
                KeyCode::Up if shown > 0 => *at = (*at + shown - 1) % shown,
                KeyCode::Down if shown > 0 => *at = (*at + 1) % shown,
                KeyCode::Backspace => {
                    filter.pop();
                    *at = 0;
                }
                KeyCode::Char(c) if keymap::types_text(&key) && filter.chars().count() < 20 => {
                    filter.push(c);
                    *at = 0;
                }
                _ => {}
            }
            return CheckEvent::None;
        }
        if let State::Running(_) = self.state {
            // Esc stops the session; the rest waits for it (←/→ still leave the page).
            return match action {
                Some(Action::Back) => {
                    if let State::Running(running) = &self.state {
                        running.stop.store(true, Ordering::Relaxed);
                    }
                    CheckEvent::None
                }
                Some(Action::Left | Action::Right) => CheckEvent::Unhandled,
                _ => CheckEvent::None,
            };
        }
        match action {
            Some(Action::Up) => self.row = (self.row + ROWS.len() - 1) % ROWS.len(),
            Some(Action::Down) => self.row = (self.row + 1) % ROWS.len(),
            Some(Action::OpenCase) => return self.open_case(),
            Some(action @ (Action::More | Action::Fewer)) => {
                let at = TEST_COUNTS
                    .iter()
                    .position(|&n| n >= self.tests)
                    .unwrap_or(TEST_COUNTS.len() - 1);
                let at = if action == Action::More {
                    (at + 1).min(TEST_COUNTS.len() - 1)
                } else {
                    at.saturating_sub(1)
                };
                self.tests = TEST_COUNTS[at];
            }
            Some(Action::Select) => match ROWS[self.row] {
                Row::Program => self.program_typing = Some(self.program.clone()),
                Row::Against => {
                    let at = AGAINST.iter().position(|&a| a == self.against).unwrap_or(0);
                    self.against = AGAINST[(at + 1) % AGAINST.len()];
                }
                Row::Problem if self.against == Against::Contest => {
                    let at = contest::FORMATS
                        .iter()
                        .position(|f| f.id == self.problem)
                        .unwrap_or(0);
                    self.picking = Some((String::new(), at));
                }
                Row::Problem => {}
                Row::Run => return self.start(context),
            },
            _ => return CheckEvent::Unhandled,
        }
        CheckEvent::None
    }

    /// The failing case of the last session on the board, if it has a position.
    fn open_case(&self) -> CheckEvent {
        let State::Done { report, rules, .. } = &self.state else {
            return CheckEvent::None;
        };
        let Some(code) = report.failure.as_ref().and_then(|f| f.code.clone()) else {
            return CheckEvent::None;
        };
        match rules {
            Some(source) => CheckEvent::PlayRules {
                example: source.example,
                path: source.path.clone(),
                position: code,
            },
            None => CheckEvent::PlayCode(code),
        }
    }

    /// The program's command line: its path, a leading `~/` the home directory.
    fn program_argv(&self) -> Option<Vec<OsString>> {
        let path = self.program.trim();
        if path.is_empty() {
            return None;
        }
        let home = std::env::var_os("HOME").map(PathBuf::from);
        let path = match (path.strip_prefix("~/"), home) {
            (Some(rest), Some(home)) => home.join(rest),
            _ => PathBuf::from(path),
        };
        Some(vec![path.into_os_string()])
    }

    /// Starts a session against the contest problem or the octal code; the rules file is the
    /// Lab's to load ([`CheckEvent::StartRules`]).
    fn start(&mut self, context: &Context) -> CheckEvent {
        let Some(argv) = self.program_argv() else {
            self.state = State::Error(tr!("lab.judge.no_program").into_owned());
            return CheckEvent::None;
        };
        match self.against {
            Against::RulesFile => return CheckEvent::StartRules,
            Against::Contest => {
                let Some(format) = contest::find(&self.problem) else {
                    self.state = State::Error(
                        tr!(
                            "judge.error.unknown",
                            id = crate::input::excerpt(self.problem.as_bytes(), 40),
                            formats = contest::ids(contest::FORMATS)
                        )
                        .into_owned(),
                    );
                    return CheckEvent::None;
                };
                let id = format.id;
                self.spawn(argv, id.to_string(), move || {
                    Problem::contest(id).ok_or(JudgeError::NotPosition)
                });
            }
            Against::Octal => {
                let code = octal_of(context.rule);
                if let Err(e) = crate::games::heaps::octal::OctalCode::parse(&code) {
                    self.state = State::Error(
                        tr!("judge.error.octal", code = code, error = e.words()).into_owned(),
                    );
                    return CheckEvent::None;
                }
                let what = format!("--octal {code}");
                self.spawn(argv, what, move || {
                    // Parsed above: it parses again.
                    Problem::octal(&code).map_err(|_| JudgeError::NotPosition)
                });
            }
        }
        self.pending_rules = None;
        CheckEvent::None
    }

    /// Starts a session against a rules file the Lab loaded (`example`, else the file at
    /// `path`), or says why it could not be loaded.
    pub fn start_rules(
        &mut self,
        loaded: Result<Rules, String>,
        example: Option<&'static Example>,
        path: &str,
    ) {
        let Some(argv) = self.program_argv() else {
            self.state = State::Error(tr!("lab.judge.no_program").into_owned());
            return;
        };
        let rules = match loaded {
            Ok(rules) => Arc::new(rules),
            Err(error) => {
                self.state = State::Error(error);
                return;
            }
        };
        let what = format!("--rules {}", rules.file());
        self.spawn(argv, what, move || judge::rules::problem(rules));
        self.pending_rules = Some(RulesSource {
            example,
            path: path.to_string(),
        });
    }

    /// Runs the session on a worker thread: the problem is made there (a rules file's start
    /// is searched), the program prepared (a source compiled), then judged.
    fn spawn(
        &mut self,
        argv: Vec<OsString>,
        what: String,
        problem: impl FnOnce() -> Result<Problem, JudgeError> + Send + 'static,
    ) {
        let (tx, rx) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let seed = self.seed.unwrap_or_else(rand::random);
        let tests = self.tests;
        let count = if tests == judge::DEFAULT_TESTS {
            String::new()
        } else {
            format!(" --tests {tests}")
        };
        let again = format!(
            "grundy judge {what}{count} --seed {seed} -- {}",
            argv.iter()
                .map(|a| a.to_string_lossy())
                .collect::<Vec<_>>()
                .join(" ")
        );
        let worker_stop = stop.clone();
        let spawned = std::thread::Builder::new()
            .name("grundy-judge".into())
            .spawn(move || {
                let result = (|| {
                    let problem = problem().map_err(Failed::Session)?;
                    let (program, build) = Program::prepare(&argv).map_err(Failed::Program)?;
                    let _ = tx.send(Message::Built(build.as_ref().map(judge::words::built)));
                    let options = Options {
                        tests,
                        seed,
                        jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
                        limits: judge::statement_limits(&problem),
                        shrink_runs: SHRINK_RUNS,
                        stop: Some(worker_stop),
                    };
                    let progress = |done: usize, all: usize| {
                        let _ = tx.send(Message::Progress(done, all));
                    };
                    let report = judge::run(&problem, &program, &options, &progress)
                        .map_err(Failed::Session)?;
                    Ok((report, options))
                })();
                let _ = tx.send(Message::Done(Box::new(result)));
            });
        self.state = match spawned {
            Ok(_) => State::Running(Running {
                results: rx,
                stop,
                what,
                again,
                built: None,
                done: 0,
                all: 0,
            }),
            Err(e) => State::Error(e.to_string()),
        };
    }

    /// Draws the page in `area` (below the Lab's line of tables).
    pub fn draw(&self, area: Rect, buf: &mut Buffer, theme: &Theme, context: &Context) {
        let width = area.width as usize;
        let mut y = area.y;
        let bottom = area.y + area.height;
        for row in text::wrap_rows(&tr!("lab.judge.about"), width, 3) {
            buf.set_stringn(area.x, y, row, width, theme.value);
            y += 1;
        }
        y += 1;
        for (i, row) in ROWS.iter().enumerate() {
            if y >= bottom {
                return;
            }
            let line = self.row_line(*row, i == self.row, theme, context);
            buf.set_line(area.x, y, &line, area.width);
            y += 1;
        }
        y += 1;
        if y >= bottom {
            return;
        }
        let rest = Rect {
            x: area.x,
            y,
            width: area.width,
            height: bottom - y,
        };
        if let Some((filter, at)) = &self.picking {
            draw_picker(filter, *at, rest, buf, theme);
            return;
        }
        self.draw_state(rest, buf, theme);
    }

    fn row_line(&self, row: Row, chosen: bool, theme: &Theme, context: &Context) -> Line<'static> {
        let marker = if chosen { "▶ " } else { "  " };
        let style = if chosen { theme.selected } else { theme.text };
        let enter = keymap::key_for(Action::Select);
        let mut spans = vec![Span::styled(marker, style)];
        // A label, and a space after it unless it ends with a full-width colon (Chinese).
        let label = |spans: &mut Vec<Span<'static>>, text: String| {
            let gap = if text.ends_with('：') { "" } else { " " };
            spans.push(Span::styled(text, style));
            spans.push(Span::raw(gap));
        };
        let hint = |spans: &mut Vec<Span<'static>>, text: String| {
            if chosen {
                spans.push(Span::raw("  "));
                spans.push(Span::styled(text, theme.dim));
            }
        };
        match row {
            Row::Program => {
                label(&mut spans, tr!("lab.judge.program").into_owned());
                spans.push(Span::styled(self.program.clone(), theme.key));
                if self.program_typing.is_some() {
                    spans.push(Span::styled("▏", theme.dim));
                    spans.push(Span::raw("  "));
                    spans.push(Span::styled(
                        tr!("lab.judge.typing").into_owned(),
                        theme.dim,
                    ));
                } else if self.program.is_empty() {
                    spans.push(Span::styled(
                        tr!("lab.judge.type_path", key = enter).into_owned(),
                        theme.dim,
                    ));
                }
            }
            Row::Against => {
                label(&mut spans, tr!("lab.judge.against").into_owned());
                let kind = match self.against {
                    Against::Contest => tr!("lab.judge.against_contest"),
                    Against::RulesFile => tr!("lab.judge.against_rules"),
                    Against::Octal => tr!("lab.judge.against_octal"),
                };
                spans.push(Span::styled(kind.into_owned(), theme.key));
                hint(
                    &mut spans,
                    tr!("lab.judge.change", key = enter).into_owned(),
                );
            }
            Row::Problem => {
                let (name, value) = match self.against {
                    Against::Contest => {
                        let problem = contest::find(&self.problem)
                            .map_or(String::new(), |f| format!("  {}", f.problem));
                        (
                            tr!("lab.judge.problem"),
                            format!("{}{problem}", self.problem),
                        )
                    }
                    Against::RulesFile => (tr!("lab.judge.rules_file"), context.rules_words()),
                    Against::Octal => (tr!("lab.judge.octal"), octal_of(context.rule)),
                };
                label(&mut spans, name.into_owned());
                if let Some((filter, _)) = &self.picking {
                    spans.push(Span::styled(filter.clone(), theme.key));
                    spans.push(Span::styled("▏", theme.dim));
                    spans.push(Span::raw("  "));
                    spans.push(Span::styled(
                        tr!("lab.judge.picking").into_owned(),
                        theme.dim,
                    ));
                } else {
                    spans.push(Span::styled(value, theme.key));
                    let about = match self.against {
                        Against::Contest => tr!("lab.judge.choose", key = enter),
                        Against::RulesFile => tr!("lab.judge.rules_from"),
                        Against::Octal => tr!("lab.judge.octal_from"),
                    };
                    hint(&mut spans, about.into_owned());
                }
            }
            Row::Run => {
                label(&mut spans, tr!("lab.judge.run").into_owned());
                spans.push(Span::styled(
                    tr!("lab.judge.tests", tests = self.tests).into_owned(),
                    theme.key,
                ));
                hint(
                    &mut spans,
                    tr!(
                        "lab.judge.run_key",
                        key = enter,
                        fewer = keymap::key_for(Action::Fewer),
                        more = keymap::key_for(Action::More)
                    )
                    .into_owned(),
                );
            }
        }
        Line::from(spans)
    }

    /// The session's progress, or its report.
    fn draw_state(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let width = area.width as usize;
        let mut lines: Vec<(String, Style)> = Vec::new();
        match &self.state {
            State::Idle => {}
            State::Stopped => lines.push((tr!("judge.cancelled").into_owned(), theme.dim)),
            State::Error(error) => {
                for row in text::wrap_rows(error, width, area.height as usize) {
                    lines.push((row, theme.losing));
                }
            }
            State::Running(running) => {
                if let Some(built) = &running.built {
                    lines.push((built.clone(), theme.dim));
                }
                let said = if running.all == 0 {
                    tr!("lab.judge.starting", what = running.what)
                } else {
                    tr!(
                        "lab.judge.progress",
                        what = running.what,
                        done = running.done,
                        all = running.all,
                        key = keymap::key_for(Action::Back)
                    )
                };
                lines.push((said.into_owned(), theme.text));
                draw_lines(&lines, area, buf);
                let gauge_y = area.y + lines.len() as u16;
                if gauge_y < area.y + area.height && running.all > 0 {
                    let ratio = running.done as f64 / running.all as f64;
                    Gauge::default()
                        .gauge_style(theme.winning)
                        .ratio(ratio.clamp(0.0, 1.0))
                        .label(format!("{}/{}", running.done, running.all))
                        .render(
                            Rect {
                                y: gauge_y,
                                height: 1,
                                ..area
                            },
                            buf,
                        );
                }
                return;
            }
            State::Done {
                report,
                options,
                built,
                again,
                ..
            } => {
                if let Some(built) = built {
                    lines.push((built.clone(), theme.dim));
                }
                lines.push((tr!("judge.again", command = again).into_owned(), theme.dim));
                match &report.failure {
                    None => {
                        for row in text::wrap_rows(&words::summary(report, options), width, 3) {
                            lines.push((row, theme.winning));
                        }
                    }
                    Some(failure) => {
                        for row in
                            text::wrap_rows(&words::failed(failure, report, options), width, 2)
                        {
                            lines.push((row, theme.losing));
                        }
                        if let Some(shrunk) = words::shrunk(failure) {
                            for row in text::wrap_rows(&shrunk, width, 2) {
                                lines.push((row, theme.dim));
                            }
                        }
                        // What follows the failure's head, in the rows left: the input takes
                        // what the answers and the key's line do not.
                        let play = failure.code.is_some();
                        let used = lines.len() + usize::from(play);
                        let room = (area.height as usize).saturating_sub(used);
                        lines.extend(failure_body(failure, room, width, theme));
                        if play {
                            lines.push((
                                tr!("lab.judge.open", key = keymap::key_for(Action::OpenCase))
                                    .into_owned(),
                                theme.key,
                            ));
                        }
                    }
                }
            }
        }
        draw_lines(&lines, area, buf);
    }
}

/// The input, the expected answer and the program's (or its times, for a failure about size)
/// and its standard error, in at most `room` rows.
fn failure_body(
    failure: &judge::Failure,
    room: usize,
    width: usize,
    theme: &Theme,
) -> Vec<(String, Style)> {
    let judged = &failure.judged;
    let mut out = Vec::new();
    if words::about_size(failure) {
        for row in text::wrap_rows(&words::times(failure), width, 3) {
            out.push((row, theme.text));
        }
    }
    let stderr = words::stderr_lines(&judged.run);
    let stderr_rows = if stderr.is_empty() {
        0
    } else {
        1 + stderr.len().min(2)
    };
    if !words::about_size(failure) {
        let expected = words::clipped(&judged.expected, 2);
        let got = words::clipped(&words::got(&judged.run), 2);
        let answers = 2 + expected.lines().count().max(1) + got.lines().count().max(1);
        let input_rows = room.saturating_sub(answers + stderr_rows + 1).max(1);
        // One row of the input's room goes to the "more lines" note when it is cut.
        let input = if failure.input.lines().count() > input_rows {
            words::clipped(&failure.input, input_rows.saturating_sub(1).max(1))
        } else {
            words::clipped(&failure.input, input_rows)
        };
        out.push((tr!("judge.input").into_owned(), theme.dim));
        out.extend(input.lines().map(|l| (format!("  {l}"), theme.text)));
        out.push((tr!("judge.expected").into_owned(), theme.dim));
        out.extend(expected.lines().map(|l| (format!("  {l}"), theme.winning)));
        out.push((tr!("judge.got").into_owned(), theme.dim));
        out.extend(got.lines().map(|l| (format!("  {l}"), theme.losing)));
    }
    if !stderr.is_empty() {
        out.push((tr!("judge.stderr").into_owned(), theme.dim));
        let skip = stderr.len().saturating_sub(2);
        out.extend(
            stderr[skip..]
                .iter()
                .map(|l| (format!("  {l}"), theme.text)),
        );
    }
    out.truncate(room);
    out
}

/// `lines`, one a row, cut to the area.
fn draw_lines(lines: &[(String, Style)], area: Rect, buf: &mut Buffer) {
    for (i, (line, style)) in lines.iter().take(area.height as usize).enumerate() {
        let shown = text::fit(line, area.width as usize);
        buf.set_stringn(
            area.x,
            area.y + i as u16,
            shown,
            area.width as usize,
            *style,
        );
    }
}

/// The problems whose id or title holds `filter` (any case).
fn matching(filter: &str) -> Vec<&'static Format> {
    let filter = filter.trim().to_lowercase();
    contest::FORMATS
        .iter()
        .filter(|f| f.id.contains(&filter) || f.problem.to_lowercase().contains(&filter))
        .collect()
}

/// The list of problems, filtered by what is typed, the chosen one in sight.
fn draw_picker(filter: &str, at: usize, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let shown = matching(filter);
    if shown.is_empty() {
        buf.set_stringn(
            area.x,
            area.y,
            tr!("lab.judge.no_match", filter = filter),
            area.width as usize,
            theme.losing,
        );
        return;
    }
    let room = area.height as usize;
    let first = (at + 1).saturating_sub(room.max(1));
    let id_width = shown.iter().map(|f| f.id.len()).max().unwrap_or(0);
    for (row, i) in (first..shown.len()).take(room).enumerate() {
        let format = shown[i];
        let chosen = i == at;
        let style = if chosen { theme.selected } else { theme.text };
        let line = Line::from(vec![
            Span::styled(if chosen { "▶ " } else { "  " }, style),
            Span::styled(format!("{:<id_width$}", format.id), style),
            Span::raw("  "),
            Span::styled(format.problem, theme.dim),
        ]);
        buf.set_line(area.x, area.y + row as u16, &line, area.width);
    }
}

/// The Lab's rule as an octal code: the code it stands for when it is a named rule with one
/// (`kayles` is 0.77), else as typed.
fn octal_of(rule: &str) -> String {
    match crate::lab::LabRule::parse(rule) {
        Ok(crate::lab::LabRule::Octal(code)) => code.code(),
        _ => rule.trim().to_string(),
    }
}
