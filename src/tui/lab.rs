//! The Lab (打表找规律): choose a table — a rule typed in (an octal code such as `0.137`, or any
//! heap rule: `kayles`, `bash:3`, `subtraction:1,3,4`), or one of the two-dimensional tables
//! (Wythoff, E&D, the coin grid's cells, the coin row's places against MAXQ) — and see it as
//! a picture: a sequence as a strip of coloured cells whose rows hold whole periods, with the
//! preperiod and the first period marked and the period found (proved or observed), a table
//! as a heat map. The values and periods are the core's ([`crate::lab`], [`crate::picture`]);
//! this module keeps the view state, computes a table when the player asks for one, and draws.
//!
//! The last entry is not a table: a rules file (a game written down as a Rhai script, see
//! [`crate::rules`]), one of the shipped examples or a file typed by its path, which the Lab
//! loads and hands to the app to play against the perfect AI ([`crate::tui::rules`]).
//!
//! The list of tables is [`SOURCES`]: a new kind of table is a row there and an arm in
//! `Lab::compute`.

use std::cell::Cell;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, TryRecvError, channel};

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Widget};

use crate::lab::check::Formula;
use crate::lab::pairs::{self, PairTable};
use crate::lab::{LabRule, Period};
use crate::locale::Words;
use crate::picture::{self, HeatMap, Palette, Picture, Rgb, Strip};
use crate::rules::Rules;
use crate::rules::examples::{EXAMPLES, Example};
use crate::rules::solve::Node;
use crate::tr;
use crate::tui::keymap::{self, Action};
use crate::tui::lab_judge::{Check, CheckEvent, Context};
use crate::tui::text;
use crate::tui::theme::Theme;

/// A kind of table the Lab shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A rule typed in: its single-heap values G(0..=n).
    Rule,
    Wythoff,
    Ed,
    Grid,
    Coins,
    /// A program of the player's own checked against grundy's solver (对拍,
    /// [`crate::tui::lab_judge`]).
    Judge,
    /// A rules file to play: a shipped example or a path.
    RulesFile,
}

/// The Lab's tables, in the order ←/→ steps through them.
pub const SOURCES: &[Source] = &[
    Source::Rule,
    Source::Wythoff,
    Source::Ed,
    Source::Grid,
    Source::Coins,
    Source::Judge,
    Source::RulesFile,
];

impl Source {
    /// Its name on the tables line.
    fn name(self) -> String {
        match self {
            Source::Rule => tr!("lab.source.rule"),
            Source::Wythoff => tr!("lab.source.wythoff"),
            Source::Ed => tr!("lab.source.ed"),
            Source::Grid => tr!("lab.source.grid"),
            Source::Coins => tr!("lab.source.coins"),
            Source::Judge => tr!("lab.source.judge"),
            Source::RulesFile => tr!("lab.source.rules"),
        }
        .into_owned()
    }

    /// The sizes `<`/`>` step through: values of a rule, or the board's side.
    fn sizes(self) -> &'static [u64] {
        match self {
            Source::Rule => &[100, 300, 1000, 3000, 10_000],
            Source::Wythoff => &[10, 20, 40, 80, 160, 300],
            Source::Ed => &[8, 16, 32, 64, 128],
            Source::Grid => &[6, 12, 24, 48, 100],
            Source::Coins => &[30, 60, 120, 240, 480, 1000],
            // No table: one size, so `<`/`>` do nothing.
            Source::Judge | Source::RulesFile => &[0],
        }
    }

    /// The size a table starts at (an index of [`Source::sizes`]).
    fn first_size(self) -> usize {
        match self {
            Source::Rule => 2,
            Source::Coins => 1,
            Source::Judge | Source::RulesFile => 0,
            _ => 1,
        }
    }
}

/// What the app must do after a key on the Lab.
#[derive(Debug)]
pub enum LabEvent {
    None,
    /// Back to the menu.
    Menu,
    /// Play this rules file against the AI.
    Play(Box<OpenedRules>),
    /// Play this position (a grundy position code) on the board: a failing case of a program
    /// checked.
    PlayCode(String),
}

/// A rules file the Lab loaded, ready to play.
#[derive(Debug)]
pub struct OpenedRules {
    pub rules: Rules,
    /// The position its `start()` gives.
    pub start: Node,
    /// A shipped example's title in the reader's language (else the script's `name()`).
    pub title: Option<String>,
    /// Where the script comes from, for saving the game.
    pub origin: Option<crate::store::save::SavedRules>,
}

/// The longest path the Lab lets the player type.
const MAX_PATH: usize = 400;

/// A formula checked against the table shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It gives every value of the table (how many there are).
    Holds(usize),
    /// The first cell where it differs: its coordinates, the formula's value, the table's.
    Fails {
        at: Vec<(String, i64)>,
        formula: i64,
        table: i64,
    },
    /// It does not parse or evaluate: where (a character, from 1) and why.
    Error { column: usize, message: String },
}

/// A cell of a table for a formula: its coordinates by name, and its value.
type FormulaCell = (Vec<(&'static str, i64)>, i64);

/// The rule the Lab starts with: Dawson's chess, whose period (34) is long enough to see.
const FIRST_RULE: &str = "0.137";

/// The widest cell, in columns.
const MAX_ZOOM: u16 = 3;

/// The Lab's state.
#[derive(Debug)]
pub struct Lab {
    /// The place in [`SOURCES`] of the table shown.
    source: usize,
    /// The place in its sizes of each source's size.
    sizes: Vec<usize>,
    /// The rule as typed (the one shown, or being typed).
    rule: String,
    /// The rule is being typed: keys go to it. It holds the rule shown before, which Esc
    /// brings back.
    typing: Option<String>,
    /// The table shown, and a sequence's period.
    picture: Picture,
    period: Option<Period>,
    /// The formula the catalogue proposes for the sequence shown (`Some(None)`: none fits;
    /// `None`: not a sequence).
    pattern: Option<Option<String>>,
    /// Why the typed rule could not be read.
    error: Option<String>,
    /// A formula guessed for the table (`n % 3`; `a`, `b` on a heat map), empty for none, and
    /// what checking it against the table found.
    formula: String,
    verdict: Option<Verdict>,
    /// The formula is being typed; it holds the formula before, which Esc brings back.
    formula_typing: Option<String>,
    /// The first row of cells shown.
    scroll: usize,
    /// A cell's width in columns (1 to [`MAX_ZOOM`]).
    zoom: u16,
    /// Rows of cells there are and rows the last draw showed, so that scrolling stops at the
    /// end (written by the draw, as the help popup's scroll limit is).
    rows: Cell<(usize, usize)>,
    /// The rules file chosen: a place in [`EXAMPLES`], or just past them for the typed path.
    rules_at: usize,
    /// The path of a rules file of the player's own, as typed.
    path: String,
    /// The path is being typed; it holds the path before, which Esc brings back.
    path_typing: Option<String>,
    /// Why the rules file chosen could not be opened.
    rules_error: Option<String>,
    /// The "check a program" page.
    check: Check,
    /// A rules file whose positions are pairs, opened as its table of two numbers.
    pairs: Option<PairsView>,
}

/// The sides a table of two numbers steps through (`<`/`>`): [a, b] for 0 ≤ a, b ≤ side.
const PAIR_SIDES: &[u32] = &[10, 20, 30];

/// The side a table of two numbers starts at (a place in [`PAIR_SIDES`]).
const FIRST_PAIR_SIDE: usize = 1;

/// A rules file whose positions are pairs [a, b] (the Cutting Game's sheet), opened on the rules
/// files' page: its table computed on a worker thread, under a table's budget, then shown as a
/// heat map with its pattern and its periods by rows and by columns; Enter plays it.
struct PairsView {
    /// The rules, shared with the worker (its table of values serves the next size too).
    rules: Arc<Rules>,
    /// The example's title in the reader's language, or the script's `name()` or file.
    title: String,
    /// The start the game is played from, as a Rhai literal.
    start: String,
    /// A place in [`PAIR_SIDES`].
    side: usize,
    state: PairsState,
}

impl std::fmt::Debug for PairsView {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PairsView")
            .field("title", &self.title)
            .field("side", &self.side)
            .finish_non_exhaustive()
    }
}

enum PairsState {
    /// The worker is tabulating; it sends the table, or a script's error in words.
    Running(Receiver<Result<PairTable, String>>),
    Done(Box<PairTable>),
    Error(String),
}

impl PairsView {
    fn side(&self) -> u32 {
        PAIR_SIDES[self.side]
    }

    /// Starts tabulating at the side chosen, on a worker thread: the table's budget
    /// ([`crate::rules::budget::Budget::table`]) and limits are the command line's.
    fn start(&mut self) {
        let (tx, rx) = channel();
        let rules = Arc::clone(&self.rules);
        let side = self.side();
        let spawned = std::thread::Builder::new()
            .name("grundy-lab-pairs".into())
            .spawn(move || {
                use crate::rules::budget::{self, Budget};
                let table = budget::answer(Budget::table(), || {
                    pairs::pair_table(&rules, (side, side), &crate::rules::solve::table_limits())
                });
                let _ = tx.send(table.map_err(|e| rules_words(&e)));
            });
        self.state = match spawned {
            Ok(_) => PairsState::Running(rx),
            Err(e) => PairsState::Error(e.to_string()),
        };
    }

    /// Takes in the worker's table. Returns whether it came.
    fn tick(&mut self) -> bool {
        let PairsState::Running(rx) = &self.state else {
            return false;
        };
        self.state = match rx.try_recv() {
            Ok(Ok(table)) => PairsState::Done(Box::new(table)),
            Ok(Err(error)) => PairsState::Error(error),
            Err(TryRecvError::Empty) => return false,
            Err(TryRecvError::Disconnected) => {
                PairsState::Error(tr!("lab.judge.worker_failed").into_owned())
            }
        };
        true
    }
}

impl Default for Lab {
    fn default() -> Self {
        Lab::new()
    }
}

impl Lab {
    /// The Lab on its first table: Dawson's chess (0.137).
    pub fn new() -> Lab {
        let mut lab = Lab {
            source: 0,
            sizes: SOURCES.iter().map(|s| s.first_size()).collect(),
            rule: FIRST_RULE.to_string(),
            typing: None,
            picture: Picture::Strip(Strip::new("", 0, Vec::new())),
            period: None,
            pattern: None,
            error: None,
            formula: String::new(),
            verdict: None,
            formula_typing: None,
            scroll: 0,
            zoom: 2,
            rows: Cell::new((0, 0)),
            rules_at: 0,
            path: String::new(),
            path_typing: None,
            rules_error: None,
            check: Check::new(),
            pairs: None,
        };
        lab.compute();
        lab
    }

    /// The smallest screen the Lab fits on.
    pub fn min_size() -> (u16, u16) {
        (60, 16)
    }

    /// Whether the rule is being typed (every key goes to it, q and ? too).
    pub fn is_typing(&self) -> bool {
        self.typing.is_some()
            || self.formula_typing.is_some()
            || self.path_typing.is_some()
            || (self.kind() == Source::Judge && self.check.is_typing())
    }

    /// The Lab whose program checks use `seed` (the command line's `--seed`: the same tests
    /// each time), or a fresh seed each time.
    pub fn with_seed(mut self, seed: Option<u64>) -> Lab {
        self.check.set_seed(seed);
        self
    }

    /// Says why a failing case could not be played.
    pub fn set_check_error(&mut self, error: String) {
        self.check.set_error(error);
    }

    /// The "check a program" page (tests read its verdict).
    pub fn check(&self) -> &Check {
        &self.check
    }

    /// Whether a program is being checked (the loop then redraws often, for the progress).
    pub fn busy(&self) -> bool {
        self.check.busy() || self.pairs_busy()
    }

    /// Whether a table of two numbers is being computed.
    fn pairs_busy(&self) -> bool {
        matches!(
            self.pairs,
            Some(PairsView {
                state: PairsState::Running(_),
                ..
            })
        )
    }

    /// Takes in the judge's progress and report, and a table of two numbers computed. Returns
    /// whether anything changed.
    pub fn tick(&mut self) -> bool {
        let judged = self.check.tick(&rules_words);
        let tabulated = self.pairs.as_mut().is_some_and(PairsView::tick);
        if tabulated {
            self.show_pairs();
        }
        judged || tabulated
    }

    /// Waits until the program checked is judged and a table of two numbers computed, at most
    /// `timeout` (tests).
    pub fn settle(&mut self, timeout: std::time::Duration) {
        self.check.settle(timeout, &rules_words);
        let started = std::time::Instant::now();
        while self.pairs_busy() && started.elapsed() < timeout {
            std::thread::sleep(std::time::Duration::from_millis(2));
            self.tick();
        }
    }

    /// The table of two numbers shown, once computed (tests read it).
    pub fn pair_table(&self) -> Option<&PairTable> {
        match &self.pairs.as_ref()?.state {
            PairsState::Done(table) => Some(table),
            _ => None,
        }
    }

    /// The table of two numbers computed, as the picture, the pattern and the formula's
    /// check see it (the heat map of its whole rows).
    fn show_pairs(&mut self) {
        self.scroll = 0;
        let Some(view) = &self.pairs else {
            return;
        };
        let PairsState::Done(table) = &view.state else {
            self.pattern = None;
            return;
        };
        // The whole rows, as the heat map and the formula's check have them.
        let whole = table.whole_rows() * (table.cols as usize + 1);
        let cells: Vec<_> = table.cells().into_iter().take(whole).collect();
        self.pattern = (!cells.is_empty()).then(|| crate::lab::pattern::propose_grid(&cells));
        self.picture = Picture::HeatMap(table.heat_map(view.title.clone()));
        self.check_formula();
    }

    /// Opens `opened` (its start a pair) as its table of two numbers.
    fn open_pairs(&mut self, opened: OpenedRules) {
        let title = opened.title.clone().unwrap_or_else(|| {
            opened
                .rules
                .name()
                .map_or_else(|| opened.rules.file().to_string(), str::to_string)
        });
        let mut view = PairsView {
            rules: Arc::new(opened.rules),
            title,
            start: opened.start.position.to_string(),
            side: FIRST_PAIR_SIDE,
            state: PairsState::Error(String::new()),
        };
        view.start();
        self.pairs = Some(view);
        self.pattern = None;
        self.verdict = None;
        // Values past 9 are common (the Cutting Game's reach 20): cells of three columns.
        self.zoom = MAX_ZOOM;
    }

    /// What the check page checks against: the rules file chosen and the rule.
    fn check_context(&self) -> Context<'_> {
        Context {
            example: EXAMPLES.get(self.rules_at),
            rules_path: &self.path,
            rule: &self.rule,
        }
    }

    /// A key on the check page; what it leaves (←/→, Esc) is the Lab's.
    fn check_key(&mut self, key: KeyEvent, action: Option<Action>) -> Option<LabEvent> {
        let context = Context {
            example: EXAMPLES.get(self.rules_at),
            rules_path: &self.path,
            rule: &self.rule,
        };
        match self.check.handle_key(key, action, &context) {
            CheckEvent::None => Some(LabEvent::None),
            CheckEvent::Unhandled => None,
            CheckEvent::StartRules => {
                let example = EXAMPLES.get(self.rules_at);
                let loaded = load_rules(example, &self.path).map(|opened| opened.rules);
                let path = self.path.clone();
                self.check.start_rules(loaded, example, &path);
                Some(LabEvent::None)
            }
            CheckEvent::PlayCode(code) => Some(LabEvent::PlayCode(code)),
            CheckEvent::PlayRules {
                example,
                path,
                position,
            } => {
                let opened = load_rules(example, &path).and_then(|mut opened| {
                    let at = opened
                        .rules
                        .parse_position(&position)
                        .map_err(|e| rules_words(&e))?;
                    opened.start = Node::new(at, 0);
                    Ok(opened)
                });
                Some(match opened {
                    Ok(opened) => LabEvent::Play(Box::new(opened)),
                    Err(error) => {
                        self.check.set_error(error);
                        LabEvent::None
                    }
                })
            }
        }
    }

    /// Opens the Lab on the rules files (`grundy` then t, ←: the same place).
    pub fn on_rules_files() -> Lab {
        let mut lab = Lab::new();
        let at = SOURCES
            .iter()
            .position(|&s| s == Source::RulesFile)
            .unwrap_or(0);
        lab.choose(at);
        lab
    }

    /// Says why a rules file the Lab loaded could not be played (its start is too large to
    /// search, a function failed on it): the app tried and failed.
    pub fn set_rules_error(&mut self, error: String) {
        self.rules_error = Some(error);
    }

    /// Why the rules file chosen could not be opened, if it could not.
    pub fn rules_error(&self) -> Option<&str> {
        self.rules_error.as_deref()
    }

    /// Loads the rules file chosen and its start: the play event, or the error kept to show.
    fn open_rules(&mut self) -> LabEvent {
        let example = EXAMPLES.get(self.rules_at);
        match load_rules(example, &self.path) {
            Ok(opened) if self.pairs.is_none() && has_pair_table(&opened) => {
                self.rules_error = None;
                self.open_pairs(opened);
                LabEvent::None
            }
            Ok(opened) => {
                self.rules_error = None;
                LabEvent::Play(Box::new(opened))
            }
            Err(error) => {
                self.rules_error = Some(error);
                LabEvent::None
            }
        }
    }

    /// A key on the rules files' list (the path being typed takes every key).
    fn rules_key(&mut self, key: KeyEvent, action: Option<Action>) -> LabEvent {
        if let Some(before) = &self.path_typing {
            match key.code {
                KeyCode::Enter => {
                    self.path_typing = None;
                    return self.open_rules();
                }
                KeyCode::Esc => {
                    self.path = before.clone();
                    self.path_typing = None;
                }
                KeyCode::Backspace => {
                    self.path.pop();
                }
                KeyCode::Char(c)
                    if super::keymap::types_text(&key) && self.path.chars().count() < MAX_PATH =>
                {
                    self.path.push(c)
                }
                _ => {}
            }
            return LabEvent::None;
        }
        let count = EXAMPLES.len() + 1;
        match action {
            Some(Action::Up) => self.rules_at = (self.rules_at + count - 1) % count,
            Some(Action::Down) => self.rules_at = (self.rules_at + 1) % count,
            Some(Action::Select) if self.rules_at == EXAMPLES.len() => {
                self.rules_error = None;
                self.path_typing = Some(self.path.clone());
            }
            Some(Action::Select) => return self.open_rules(),
            _ => {}
        }
        LabEvent::None
    }

    /// What checking the formula found, if one is set.
    pub fn verdict(&self) -> Option<&Verdict> {
        self.verdict.as_ref()
    }

    /// Checks the formula against the table shown (an empty formula: no verdict).
    fn check_formula(&mut self) {
        self.verdict = None;
        if self.formula.trim().is_empty() {
            return;
        }
        let formula = match Formula::parse(&self.formula) {
            Ok(formula) => formula,
            Err(e) => {
                self.verdict = Some(Verdict::Error {
                    column: e.column,
                    message: crate::locale::formula_problem(&e.problem),
                });
                return;
            }
        };
        let as_i64 = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
        let (cells, count): (Vec<FormulaCell>, usize) = match &self.picture {
            Picture::Strip(strip) => (
                strip
                    .values
                    .iter()
                    .enumerate()
                    .map(|(i, &v)| {
                        let n = strip.first + i as u64;
                        (vec![("n", as_i64(n))], as_i64(self.value_shown_as(n, v)))
                    })
                    .collect(),
                strip.values.len(),
            ),
            Picture::HeatMap(map) => (
                (0..map.rows.len())
                    .flat_map(|r| (0..map.cols.len()).map(move |c| (r, c)))
                    .map(|(r, c)| {
                        let at = vec![("a", as_i64(map.rows[r])), ("b", as_i64(map.cols[c]))];
                        (at, as_i64(map.value(r, c)))
                    })
                    .collect(),
                map.values.len(),
            ),
        };
        self.verdict = Some(match formula.first_counterexample(cells) {
            Ok(None) => Verdict::Holds(count),
            Ok(Some(c)) => Verdict::Fails {
                at: c.at,
                formula: c.formula,
                table: c.table,
            },
            Err(e) => Verdict::Error {
                column: e.column,
                message: crate::locale::formula_problem(&e.problem),
            },
        });
    }

    /// The formula the catalogue proposes for the table shown put into the formula field and
    /// checked there as one typed by hand (nothing when none is proposed): the check is the
    /// field's own, against G(n) (the values with their saltus), not the proposer's word.
    fn use_pattern(&mut self) {
        if let Some(Some(expr)) = &self.pattern {
            self.formula = expr.clone();
            self.formula_typing = None;
            self.check_formula();
        }
    }

    /// G(n) of a value the strip shows: the saltus put back where the strip took it out.
    fn value_shown_as(&self, n: u64, shown: u64) -> u64 {
        match self.period.filter(|p| p.saltus > 0 && n >= p.preperiod) {
            Some(p) => shown.saturating_add(p.saltus.saturating_mul(p.reduce(n).0)),
            None => shown,
        }
    }

    fn kind(&self) -> Source {
        SOURCES[self.source]
    }

    fn size(&self) -> u64 {
        let source = self.kind();
        source.sizes()[self.sizes[self.source]]
    }

    /// The table shown (tests read it).
    pub fn picture(&self) -> &Picture {
        &self.picture
    }

    /// The period found for the sequence shown, if any.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// Tabulates the table chosen; a rule that cannot be read keeps the table before it and
    /// says why.
    fn compute(&mut self) {
        let size = self.size();
        self.scroll = 0;
        self.period = None;
        self.pattern = None;
        self.picture = match self.kind() {
            Source::Rule => match LabRule::parse(&self.rule) {
                Ok(rule) => {
                    self.error = None;
                    let values = rule.values(size);
                    self.period = rule.period(&values);
                    // As `sg --pattern`: the first formula of the catalogue that fits every
                    // value shown (a few milliseconds for the longest table here).
                    let raw: Vec<i64> = values.iter().map(|&v| i64::from(v)).collect();
                    self.pattern = Some(crate::lab::pattern::propose_line(&raw, 0, "n"));
                    // An arithmetic period's saltus taken out of the strip (a formula is
                    // still checked against G(n): see `check_formula`).
                    Picture::Strip(picture::sequence_strip(rule.code(), &values, self.period))
                }
                Err(e) => {
                    self.error = Some(
                        tr!(
                            "lab.bad_rule",
                            rule = crate::input::escape_controls(&self.rule),
                            column = e.column,
                            error = e.message.words()
                        )
                        .into_owned(),
                    );
                    return;
                }
            },
            Source::Wythoff => Picture::HeatMap(picture::wythoff(size)),
            Source::Ed => Picture::HeatMap(picture::ed(size)),
            Source::Grid => Picture::HeatMap(picture::grid(size, size)),
            Source::Coins => Picture::HeatMap(picture::coins(size, 20)),
            // Not a table: the picture before stays, unseen.
            Source::Judge | Source::RulesFile => return,
        };
        self.check_formula();
    }

    /// Handles a key: `action` is the keymap's for it ([`keymap::lab_action`]).
    pub fn handle_key(&mut self, key: KeyEvent, action: Option<Action>) -> LabEvent {
        if self.kind() == Source::Judge {
            if let Some(event) = self.check_key(key, action) {
                return event;
            }
            // ←/→ and Esc, below; the table keys do nothing here.
            if !matches!(action, Some(Action::Back | Action::Left | Action::Right)) {
                return LabEvent::None;
            }
        }
        if self.kind() == Source::RulesFile && self.pairs.is_some() && self.formula_typing.is_none()
        {
            match action {
                // Play it, from its start.
                Some(Action::Select) => return self.open_rules(),
                Some(Action::Back) => {
                    self.pairs = None;
                    self.pattern = None;
                    self.verdict = None;
                    self.scroll = 0;
                    return LabEvent::None;
                }
                Some(Action::More | Action::Fewer) => {
                    self.resize_pairs(action == Some(Action::More));
                    return LabEvent::None;
                }
                // The rest as on a table: scroll, zoom, the formula, the pattern.
                _ => {}
            }
        } else if self.kind() == Source::RulesFile
            && (self.path_typing.is_some()
                || matches!(
                    action,
                    Some(Action::Up | Action::Down | Action::Select | Action::PageUp)
                        | Some(Action::PageDown | Action::ZoomIn | Action::ZoomOut)
                        | Some(Action::Formula | Action::More | Action::Fewer)
                        | Some(Action::UsePattern)
                ))
        {
            return self.rules_key(key, action);
        }
        if let Some(before) = &self.formula_typing {
            match key.code {
                KeyCode::Enter => {
                    self.formula_typing = None;
                    self.check_formula();
                }
                KeyCode::Esc => {
                    self.formula = before.clone();
                    self.formula_typing = None;
                }
                KeyCode::Backspace => {
                    self.formula.pop();
                }
                KeyCode::Char(c)
                    if super::keymap::types_text(&key) && self.formula.chars().count() < 60 =>
                {
                    self.formula.push(c)
                }
                _ => {}
            }
            return LabEvent::None;
        }
        if let Some(before) = &self.typing {
            match key.code {
                KeyCode::Enter => {
                    self.typing = None;
                    self.compute();
                }
                KeyCode::Esc => {
                    self.rule = before.clone();
                    self.typing = None;
                }
                KeyCode::Backspace => {
                    self.rule.pop();
                }
                KeyCode::Char(c)
                    if super::keymap::types_text(&key) && self.rule.chars().count() < 40 =>
                {
                    self.rule.push(c)
                }
                _ => {}
            }
            return LabEvent::None;
        }
        let (total, shown) = self.rows.get();
        let last = total.saturating_sub(shown.max(1));
        match action {
            Some(Action::Back) => return LabEvent::Menu,
            Some(Action::Left) => self.choose((self.source + SOURCES.len() - 1) % SOURCES.len()),
            Some(Action::Right) => self.choose((self.source + 1) % SOURCES.len()),
            Some(Action::Select) if self.kind() == Source::Rule => {
                self.typing = Some(std::mem::take(&mut self.rule));
            }
            Some(Action::Up) => self.scroll = self.scroll.saturating_sub(1),
            Some(Action::Down) => self.scroll = (self.scroll + 1).min(last),
            Some(Action::PageUp) => self.scroll = self.scroll.saturating_sub(shown.max(1)),
            Some(Action::PageDown) => self.scroll = (self.scroll + shown.max(1)).min(last),
            Some(Action::ZoomIn) => self.zoom = (self.zoom + 1).min(MAX_ZOOM),
            Some(Action::ZoomOut) => self.zoom = self.zoom.saturating_sub(1).max(1),
            Some(Action::Formula) => {
                self.formula_typing = Some(std::mem::take(&mut self.formula));
            }
            Some(Action::UsePattern) => self.use_pattern(),
            Some(Action::More) => self.resize(true),
            Some(Action::Fewer) => self.resize(false),
            _ => {}
        }
        LabEvent::None
    }

    fn choose(&mut self, source: usize) {
        self.source = source;
        // A table of two numbers belongs to the rules files' page: leaving it closes it.
        self.pairs = None;
        self.compute();
    }

    /// A larger or smaller table of two numbers, computed again (the values found before are
    /// in the rules' own table: a larger side only searches the new cells).
    fn resize_pairs(&mut self, larger: bool) {
        let Some(view) = &mut self.pairs else {
            return;
        };
        let new = if larger {
            (view.side + 1).min(PAIR_SIDES.len() - 1)
        } else {
            view.side.saturating_sub(1)
        };
        if new != view.side && !matches!(view.state, PairsState::Running(_)) {
            view.side = new;
            view.start();
            self.pattern = None;
            self.verdict = None;
        }
    }

    fn resize(&mut self, larger: bool) {
        let sizes = self.kind().sizes().len();
        let at = &mut self.sizes[self.source];
        let new = if larger {
            (*at + 1).min(sizes - 1)
        } else {
            at.saturating_sub(1)
        };
        if new != *at {
            *at = new;
            self.compute();
        }
    }

    /// Draws the Lab.
    pub fn draw(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let block = Block::bordered()
            .title(Line::styled(format!(" {} ", tr!("lab.title")), theme.title))
            .title_bottom(bar_line(theme, self.kind(), self.pairs.is_some()))
            .border_style(theme.border);
        let inner = block.inner(area);
        block.render(area, buf);
        let inner = Rect {
            x: inner.x + 1,
            width: inner.width.saturating_sub(2),
            ..inner
        };
        if inner.height < 6 {
            return;
        }
        let width = inner.width as usize;
        buf.set_line(
            inner.x,
            inner.y,
            &self.sources_line(theme, width),
            inner.width,
        );
        if self.kind() == Source::RulesFile && self.pairs.is_none() {
            self.draw_rules_files(inner, buf, theme);
            return;
        }
        if self.kind() == Source::Judge {
            let page = Rect {
                y: inner.y + 1,
                height: inner.height - 1,
                ..inner
            };
            self.check.draw(page, buf, theme, &self.check_context());
            return;
        }
        buf.set_line(inner.x, inner.y + 1, &self.input_line(theme), inner.width);
        // Two rows: a proved period says how far it was checked, and why that is enough.
        let (about, style) = self.about(theme);
        for (i, row) in text::wrap_rows(&about, width, 2).into_iter().enumerate() {
            buf.set_stringn(inner.x, inner.y + 2 + i as u16, row, width, style);
        }
        // The legend takes the last row, the marks' key the one above it for a sequence.
        let marks_row = matches!(&self.picture, Picture::Strip(s) if s.marks.is_some());
        let formula_row = self.formula_typing.is_some() || self.verdict.is_some();
        let pattern_row =
            matches!(self.kind(), Source::Rule | Source::RulesFile) && self.pattern.is_some();
        // A table of two numbers still being computed (or that failed): no picture yet.
        if self.kind() == Source::RulesFile && self.pair_table().is_none() {
            return;
        }
        let legend_rows =
            1 + u16::from(marks_row) + u16::from(formula_row) + u16::from(pattern_row);
        let body = Rect {
            y: inner.y + 4,
            height: inner.height.saturating_sub(4 + legend_rows + 1),
            ..inner
        };
        match &self.picture {
            Picture::Strip(strip) => self.draw_strip(strip, body, buf, theme),
            Picture::HeatMap(map) => self.draw_map(map, body, buf, theme),
        }
        let mut legend_y = inner.y + inner.height - legend_rows;
        if pattern_row && let Some(pattern) = &self.pattern {
            let said = match (pattern, self.pair_table()) {
                (Some(expr), _) => tr!("lab.pattern.found", expr = expr),
                (None, Some(table)) => tr!(
                    "lab.pattern.none_pairs",
                    rows = table.whole_rows().saturating_sub(1),
                    cols = table.cols
                ),
                (None, None) => tr!("lab.pattern.none", n = self.size()),
            };
            let said = text::fit(&said, width);
            buf.set_stringn(inner.x, legend_y, said, width, theme.value);
            legend_y += 1;
        }
        if formula_row {
            buf.set_line(
                inner.x,
                legend_y,
                &self.formula_line(theme, width),
                inner.width,
            );
            legend_y += 1;
        }
        if marks_row {
            let line = Line::from(vec![
                Span::styled(
                    tr!("lab.marks.preperiod").into_owned(),
                    preperiod_style(Style::new()),
                ),
                Span::raw("  "),
                Span::styled(
                    tr!("lab.marks.period").into_owned(),
                    period_style(Style::new()),
                ),
            ]);
            buf.set_line(inner.x, legend_y, &line, inner.width);
        }
        buf.set_line(
            inner.x,
            legend_y + u16::from(marks_row),
            &self.legend(theme),
            inner.width,
        );
    }

    /// The formula being typed, or the formula and what the check found.
    fn formula_line(&self, theme: &Theme, width: usize) -> Line<'static> {
        let head = Span::styled(tr!("lab.formula").into_owned(), theme.text);
        let formula = Span::styled(self.formula.clone(), theme.key);
        if self.formula_typing.is_some() {
            return Line::from(vec![
                head,
                Span::raw(" "),
                formula,
                Span::styled("▏", theme.dim),
                Span::raw("  "),
                Span::styled(tr!("lab.formula_typing").into_owned(), theme.dim),
            ]);
        }
        let (said, style) = match &self.verdict {
            Some(Verdict::Holds(count)) => (tr!("lab.formula_holds", count = count), theme.winning),
            Some(Verdict::Fails { at, formula, table }) => {
                let at: Vec<String> = at.iter().map(|(k, v)| format!("{k} = {v}")).collect();
                (
                    tr!(
                        "lab.formula_fails",
                        at = at.join(", "),
                        formula = formula,
                        table = table
                    ),
                    theme.losing,
                )
            }
            Some(Verdict::Error { column, message }) => (
                tr!("lab.formula_error", column = column, error = message),
                theme.losing,
            ),
            None => (Default::default(), theme.dim),
        };
        let room =
            width.saturating_sub(text::width(&format!("{} {}  ", head.content, self.formula)));
        Line::from(vec![
            head,
            Span::raw(" "),
            formula,
            Span::raw("  "),
            Span::styled(text::fit(&said, room), style),
        ])
    }

    fn sources_line(&self, theme: &Theme, width: usize) -> Line<'static> {
        let mut spans = Vec::new();
        for (i, source) in SOURCES.iter().enumerate() {
            let name = format!(" {} ", source.name());
            spans.push(if i == self.source {
                Span::styled(name, theme.selected)
            } else {
                Span::styled(name, theme.text)
            });
            spans.push(Span::raw(" "));
        }
        let line = Line::from(spans);
        if line.width() > width {
            // Only the chosen one, between arrows, when the names do not fit.
            return Line::from(vec![
                Span::styled("◀ ", theme.dim),
                Span::styled(self.kind().name(), theme.selected),
                Span::styled(" ▶", theme.dim),
            ]);
        }
        line
    }

    fn input_line(&self, theme: &Theme) -> Line<'static> {
        let size = self.size();
        match self.kind() {
            Source::Rule => {
                let mut spans = vec![
                    Span::styled(tr!("lab.rule").into_owned(), theme.text),
                    Span::raw(" "),
                    Span::styled(self.rule.clone(), theme.key),
                ];
                if self.typing.is_some() {
                    spans.push(Span::styled("▏", theme.dim));
                    spans.push(Span::raw("  "));
                    spans.push(Span::styled(tr!("lab.typing").into_owned(), theme.dim));
                } else {
                    spans.push(Span::raw("  "));
                    let key = keymap::key_for(Action::Select);
                    let said = match self.period.filter(|p| p.saltus > 0) {
                        Some(p) => tr!(
                            "lab.values_saltus",
                            saltus = p.saltus,
                            from = p.preperiod,
                            period = p.period,
                            n = size,
                            key = key
                        ),
                        None => tr!("lab.values", n = size, key = key),
                    };
                    spans.push(Span::styled(said.into_owned(), theme.dim));
                }
                Line::from(spans)
            }
            Source::Coins => Line::styled(tr!("lab.size.coins", n = size).into_owned(), theme.dim),
            Source::Wythoff => {
                Line::styled(tr!("lab.size.wythoff", n = size).into_owned(), theme.dim)
            }
            Source::Ed => Line::styled(tr!("lab.size.ed", n = size).into_owned(), theme.dim),
            Source::Grid => Line::styled(tr!("lab.size.grid", n = size).into_owned(), theme.dim),
            Source::RulesFile => match &self.pairs {
                Some(view) => Line::styled(
                    tr!(
                        "lab.pairs.title",
                        name = view.title,
                        n = view.side(),
                        start = view.start,
                        key = keymap::key_for(Action::Select)
                    )
                    .into_owned(),
                    theme.dim,
                ),
                None => Line::default(),
            },
            Source::Judge => Line::default(),
        }
    }

    /// The line under the input: the period found, an error, or what a heat map shows.
    fn about(&self, theme: &Theme) -> (String, Style) {
        if let Some(error) = &self.error {
            return (error.clone(), theme.losing);
        }
        let text = match self.kind() {
            Source::Rule => {
                let n = self.size();
                match self.period {
                    // An arithmetic period: G(n + P) = G(n) + S, which "period P" alone would
                    // misstate (Lasker's Nim, 4.3…, is not periodic).
                    Some(p) if p.saltus > 0 && p.proved => tr!(
                        "lab.period.saltus_proved",
                        period = p.period,
                        saltus = p.saltus,
                        from = p.preperiod,
                        checked = p.checked_to
                    ),
                    Some(p) if p.saltus > 0 => tr!(
                        "lab.period.saltus_observed",
                        period = p.period,
                        saltus = p.saltus,
                        from = p.preperiod,
                        checked = p.checked_to
                    ),
                    Some(p) if p.proved => tr!(
                        "lab.period.proved",
                        period = p.period,
                        from = p.preperiod,
                        checked = p.checked_to
                    ),
                    Some(p) => tr!(
                        "lab.period.observed",
                        period = p.period,
                        from = p.preperiod,
                        checked = p.checked_to
                    ),
                    None => tr!("lab.period.none", n = n),
                }
            }
            Source::Wythoff => tr!("lab.about.wythoff"),
            Source::Ed => tr!("lab.about.ed"),
            Source::Grid => tr!("lab.about.grid"),
            Source::Coins => tr!("lab.about.coins"),
            Source::RulesFile => match self.pairs.as_ref().map(|v| &v.state) {
                Some(PairsState::Running(_)) => tr!("lab.pairs.computing"),
                Some(PairsState::Error(error)) => return (error.clone(), theme.losing),
                Some(PairsState::Done(table)) => {
                    let mut said = crate::cli::rules::pair_period_lines(table).join("; ");
                    if let Some(((a, b), stop)) = table.stopped {
                        said = format!(
                            "{} {said}",
                            tr!(
                                "rules.sg.stopped",
                                n = format!("[{a}, {b}]"),
                                why = crate::cli::rules::pair_stop_words(stop)
                            )
                        );
                    }
                    said.into()
                }
                None => tr!("lab.rules.about", key = keymap::key_for(Action::Select)),
            },
            Source::Judge => tr!("lab.judge.about"),
        };
        (text.into_owned(), theme.value)
    }

    /// The rules files: what they are (or why the one chosen did not open), the shipped
    /// examples by title and file, and the row of a path typed.
    fn draw_rules_files(&self, inner: Rect, buf: &mut Buffer, theme: &Theme) {
        let width = inner.width as usize;
        let (about, style) = match &self.rules_error {
            Some(error) => (error.clone(), theme.losing),
            None => (
                tr!("lab.rules.about", key = keymap::key_for(Action::Select)).into_owned(),
                theme.value,
            ),
        };
        // Up to three rows: a parse error's place and reason are both wanted.
        for (i, row) in text::wrap_rows(&about, width, 3).into_iter().enumerate() {
            buf.set_stringn(inner.x, inner.y + 1 + i as u16, row, width, style);
        }
        let top = inner.y + 5;
        let room = inner.height.saturating_sub(6) as usize;
        let rows = EXAMPLES.len() + 1;
        // The chosen row stays in sight on a short screen.
        let first = (self.rules_at + 1).saturating_sub(room.max(1)).min(rows);
        let file_width = EXAMPLES.iter().map(|e| e.file.len()).max().unwrap_or(0);
        for (shown, at) in (first..rows).take(room).enumerate() {
            let y = top + shown as u16;
            let chosen = at == self.rules_at;
            let marker = if chosen { "▶ " } else { "  " };
            let style = if chosen { theme.selected } else { theme.text };
            let line = match EXAMPLES.get(at) {
                Some(example) => {
                    let title = example_title(example);
                    let title_room = width.saturating_sub(file_width + 4);
                    let title = text::fit(&title, title_room);
                    let pad = title_room.saturating_sub(text::width(&title));
                    Line::from(vec![
                        Span::styled(marker, style),
                        Span::styled(title, style),
                        Span::raw(" ".repeat(pad + 2)),
                        Span::styled(example.file, theme.dim),
                    ])
                }
                None => {
                    let mut spans = vec![
                        Span::styled(marker, style),
                        Span::styled(tr!("lab.rules.path").into_owned(), style),
                        Span::raw(" "),
                        Span::styled(self.path.clone(), theme.key),
                    ];
                    if self.path_typing.is_some() {
                        spans.push(Span::styled("▏", theme.dim));
                        spans.push(Span::raw("  "));
                        spans.push(Span::styled(
                            tr!("lab.rules.typing").into_owned(),
                            theme.dim,
                        ));
                    } else if self.path.is_empty() {
                        spans.push(Span::styled(
                            tr!("lab.rules.type_path", key = keymap::key_for(Action::Select))
                                .into_owned(),
                            theme.dim,
                        ));
                    }
                    Line::from(spans)
                }
            };
            buf.set_line(inner.x, y, &line, inner.width);
        }
    }

    /// The style of a cell of `value`: its colour behind, its number in ink over it.
    fn cell_style(palette: Palette, value: u64, theme: &Theme) -> Style {
        if !theme.colour {
            return theme.text;
        }
        let rgb = |c: Rgb| Color::Rgb(c.0, c.1, c.2);
        Style::new()
            .bg(rgb(palette.colour(value)))
            .fg(rgb(palette.ink(value)))
    }

    /// A cell's text: the value right-aligned in `zoom` columns, or a digit of base 36 (then
    /// `+`) in one column. With colours, a one-column cell is its colour alone.
    fn cell_text(&self, value: u64, theme: &Theme) -> String {
        let zoom = self.zoom as usize;
        if zoom == 1 {
            if theme.colour {
                return " ".to_string();
            }
            return char::from_digit(value as u32, 36)
                .filter(|_| value < 36)
                .unwrap_or('+')
                .to_string();
        }
        let number = value.to_string();
        if number.len() >= zoom {
            // Too wide: the colour says it (a `+` in the plain theme).
            return if theme.colour {
                " ".repeat(zoom)
            } else {
                format!("{}+", " ".repeat(zoom - 1))
            };
        }
        format!("{number:>zoom$}")
    }

    fn draw_strip(&self, strip: &Strip, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let palette = Palette::new(strip.max_value());
        let last = strip.first + strip.values.len().saturating_sub(1) as u64;
        let gutter = last.to_string().len().max(3) as u16 + 1;
        let room = (area.width.saturating_sub(gutter) / self.zoom) as usize;
        let columns = strip.row_width(room).max(1);
        let total = strip.values.len().div_ceil(columns);
        let shown = area.height as usize;
        self.rows.set((total, shown));
        let first = self.scroll.min(total.saturating_sub(shown));
        for (r, row) in (first..total).take(shown).enumerate() {
            let y = area.y + r as u16;
            let n = strip.first + (row * columns) as u64;
            let label = format!("{n:>w$}", w = gutter as usize - 1);
            buf.set_string(area.x, y, label, theme.dim);
            for col in 0..columns {
                let i = row * columns + col;
                let Some(&value) = strip.values.get(i) else {
                    break;
                };
                let n = strip.first + i as u64;
                let mut style = Lab::cell_style(palette, value, theme);
                if strip.in_preperiod(n) {
                    style = preperiod_style(style);
                } else if strip.in_first_period(n) {
                    style = period_style(style);
                }
                let x = area.x + gutter + col as u16 * self.zoom;
                buf.set_string(x, y, self.cell_text(value, theme), style);
            }
        }
    }

    fn draw_map(&self, map: &HeatMap, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let palette = Palette::new(map.max_value());
        let widest = map.rows.iter().max().copied().unwrap_or(0).to_string();
        let corner = format!(
            "{}\\{}",
            crate::locale::axis_words(&map.row_axis),
            crate::locale::axis_words(&map.col_axis)
        );
        let gutter = widest.len().max(text::width(&corner)) as u16 + 1;
        let room = (area.width.saturating_sub(gutter) / self.zoom) as usize;
        let columns = map.cols.len().min(room);
        // The header: the axes' names, and a coordinate every few columns.
        buf.set_stringn(area.x, area.y, &corner, gutter as usize, theme.dim);
        let step = (map
            .cols
            .iter()
            .max()
            .copied()
            .unwrap_or(0)
            .to_string()
            .len() as u16
            + 1)
        .div_ceil(self.zoom)
        .max(1) as usize;
        for col in (0..columns).step_by(step) {
            let x = area.x + gutter + col as u16 * self.zoom;
            let label = map.cols[col].to_string();
            let room = area.x + area.width - x;
            buf.set_stringn(x, area.y, &label, room as usize, theme.dim);
        }
        let total = map.rows.len();
        let shown = area.height.saturating_sub(1) as usize;
        self.rows.set((total, shown));
        let first = self.scroll.min(total.saturating_sub(shown));
        for (r, row) in (first..total).take(shown).enumerate() {
            let y = area.y + 1 + r as u16;
            let label = format!("{:>w$}", map.rows[row], w = gutter as usize - 1);
            buf.set_string(area.x, y, label, theme.dim);
            for col in 0..columns {
                let value = map.value(row, col);
                let x = area.x + gutter + col as u16 * self.zoom;
                let style = Lab::cell_style(palette, value, theme);
                buf.set_string(x, y, self.cell_text(value, theme), style);
            }
        }
    }

    /// The legend: a swatch and the value for each value (or gradient step) there is.
    fn legend(&self, theme: &Theme) -> Line<'static> {
        let palette = Palette::new(self.picture.max_value());
        let values = match &self.picture {
            Picture::Strip(strip) => palette.legend(strip.values.iter().copied()),
            Picture::HeatMap(map) => palette.legend(map.values.iter().copied()),
        };
        let mut spans = vec![Span::styled(tr!("lab.legend").into_owned(), theme.dim)];
        for value in values {
            spans.push(Span::raw(" "));
            if theme.colour {
                spans.push(Span::styled("  ", Lab::cell_style(palette, value, theme)));
            }
            spans.push(Span::styled(format!("{value}"), theme.text));
        }
        if !palette.is_distinct() {
            spans.push(Span::styled(
                format!("  {}", tr!("lab.legend_gradient")),
                theme.dim,
            ));
        }
        Line::from(spans)
    }
}

/// Whether a rules file opened has a table of two numbers: an impartial game in normal play
/// without scores (the games `sg --rules` tabulates) whose start is a pair [a, b].
fn has_pair_table(opened: &OpenedRules) -> bool {
    let rules = &opened.rules;
    !rules.two_sided()
        && !rules.misere()
        && !rules.scoring()
        && pairs::is_pair(&opened.start.position)
}

/// A rules file's error in the reader's words.
fn rules_words(e: &crate::rules::RulesError) -> String {
    crate::cli::rules::render_error(e)
}

/// A shipped example's title in the reader's language.
pub fn example_title(example: &Example) -> String {
    crate::locale::text(example.title).into_owned()
}

/// Loads a shipped example, or else the file at `path` (a leading `~/` is the home
/// directory), and reads its start: the rules ready to play, or why not in the reader's words.
fn load_rules(example: Option<&Example>, path: &str) -> Result<OpenedRules, String> {
    use crate::cli::rules as words;
    use crate::store::save::SavedRules;
    let (rules, title, origin) = match example {
        Some(example) => (
            example.rules().map_err(|e| words::render_error(&e))?,
            Some(example_title(example)),
            Some(SavedRules::Example(example.file.to_string())),
        ),
        None => {
            let path = path.trim();
            if path.is_empty() {
                return Err(tr!("lab.rules.no_path").into_owned());
            }
            let home = std::env::var_os("HOME").map(std::path::PathBuf::from);
            let path = match (path.strip_prefix("~/"), home) {
                (Some(rest), Some(home)) => home.join(rest),
                _ => std::path::PathBuf::from(path),
            };
            let rules = Rules::load(&path).map_err(|e| words::render_error(&e))?;
            (rules, None, SavedRules::of_path(&path))
        }
    };
    let start = match rules.start().map_err(|e| words::render_error(&e))? {
        Some(position) => Node::new(position, 0),
        None => return Err(tr!("lab.rules.needs_start", file = rules.file()).into_owned()),
    };
    Ok(OpenedRules {
        rules,
        start,
        title,
        origin,
    })
}

/// The preperiod's cells: dim and italic (in every theme).
fn preperiod_style(style: Style) -> Style {
    style.add_modifier(Modifier::DIM | Modifier::ITALIC)
}

/// The first period's cells: underlined and bold (in every theme).
fn period_style(style: Style) -> Style {
    style.add_modifier(Modifier::UNDERLINED | Modifier::BOLD)
}

/// The key bar of `source`'s page (`table`: a rules file's table of two numbers is shown,
/// with the table keys).
fn bar_line(theme: &Theme, source: Source, table: bool) -> Line<'static> {
    let mut spans = vec![Span::raw(" ")];
    let entries = match source {
        Source::RulesFile if !table => keymap::lab_rules_bar(),
        Source::Judge => keymap::lab_judge_bar(),
        _ => keymap::lab_bar(),
    };
    for (key, label) in entries {
        spans.push(Span::styled(key, theme.key));
        spans.push(Span::styled(format!(" {label} "), theme.dim));
    }
    Line::from(spans)
}
