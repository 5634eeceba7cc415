//! Practice: endless drills from generated positions of every game ([`crate::drill`]): find a
//! winning move, say won or lost, give a part's value. The difficulty follows the player's
//! Glicko-2 rating in the game; each answer updates that rating and the overall one, and is
//! saved with them ([`crate::store::drills`]). Three modes: endless, streak (one miss ends
//! the run) and timed (as many as solved in three minutes). After each answer the why-view
//! of the part that matters.
//!
//! State ([`Practice`]) apart from drawing ([`Practice::draw`] only reads it) and input
//! ([`Practice::handle_key`]).

use std::cell::Cell;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent};
use rand::{RngExt, SeedableRng};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use crate::drill::{self, Answer, Drill, DrillKind, Expected, Mistake, Verdict};
use crate::game::{Impartial, Notation, Position, shorten_code};
use crate::games::sum::Component;
use crate::games::{AnyPosition, with_position};
use crate::locale::Words;
use crate::locale::nudge::nudge_words;
use crate::nimber::Nimber;
use crate::puzzles;
use crate::setup::ReplayRng;
use crate::store::drills::{
    ALL, Attempt, Drills, Mode, Rated, Run, TIMED_SECONDS, difficulty_for, kind_name,
};
use crate::tr;
use crate::tui::boards::sketch;
use crate::tui::keymap::Action;
use crate::tui::sheet::{SHEET_SIZE, SheetRun};
use crate::tui::text;
use crate::tui::theme::Theme;
use crate::tui::why::WhyView;
use crate::why::Explain;

/// What Practice asks the app to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PracticeEvent {
    None,
    /// Back to the menu.
    Leave,
    /// Open the review queue ([`crate::tui::review_queue`]).
    Review,
}

/// The fields of the setup page: game, kind, difficulty, mode, start, the review queue, a
/// puzzle sheet.
const SETUP_ROWS: usize = 7;
/// The setup page's Start row, where it opens.
const START_ROW: usize = 4;
/// The setup page's row that opens the review queue.
const REVIEW_ROW: usize = 5;
/// The setup page's Puzzle sheet row.
const SHEET_ROW: usize = 6;

/// A drill on screen, with what answering it needs (the review queue asks its items with it
/// too: [`crate::tui::review_queue`]).
#[derive(Clone, Debug)]
pub(crate) struct Question {
    pub(crate) drill: Drill,
    /// The game it was drawn from (a name codes start with).
    pub(crate) game: String,
    pub(crate) position: AnyPosition,
    /// For "find the winning move": every legal move, its code and its words.
    pub(crate) moves: Vec<(String, String)>,
    pub(crate) cursor: usize,
    /// The first move of the list on screen.
    pub(crate) top: usize,
    /// The value typed (digits).
    pub(crate) typed: String,
    /// Won (true) or lost chosen.
    pub(crate) won: bool,
    /// The nudge after a first wrong answer, in words ([`crate::nudge`]), and the rating
    /// before that answer: the next answer is the last, and is not rated again.
    nudge: Option<(String, Rated)>,
}

impl Question {
    /// What a key does to the question being asked: moves the cursor of the list of moves
    /// (`page` rows on screen, kept in view), flips won/lost, edits the typed value; or answers
    /// it. Shared by Practice and the review queue, which ask the same questions.
    pub(crate) fn key(
        &mut self,
        code: KeyCode,
        action: Option<Action>,
        page: usize,
    ) -> Option<Answer> {
        match self.drill.kind {
            DrillKind::WinningMove => {
                let last = self.moves.len().saturating_sub(1);
                match action {
                    Some(Action::Up) => self.cursor = self.cursor.saturating_sub(1),
                    Some(Action::Down) => self.cursor = (self.cursor + 1).min(last),
                    Some(Action::PageUp) => self.cursor = self.cursor.saturating_sub(page),
                    Some(Action::PageDown) => self.cursor = (self.cursor + page).min(last),
                    Some(Action::Home) => self.cursor = 0,
                    Some(Action::End) => self.cursor = last,
                    Some(Action::Select) => {
                        return self
                            .moves
                            .get(self.cursor)
                            .map(|(code, _)| Answer::Move(code.clone()));
                    }
                    _ => {}
                }
                // The cursor stays on the rows shown.
                if self.cursor < self.top {
                    self.top = self.cursor;
                } else if self.cursor >= self.top + page {
                    self.top = self.cursor + 1 - page;
                }
                None
            }
            DrillKind::WonOrLost => match (code, action) {
                (KeyCode::Char('w' | 'W'), _) => Some(Answer::Won(true)),
                (KeyCode::Char('x' | 'X'), _) => Some(Answer::Won(false)),
                (_, Some(Action::Left | Action::Right | Action::Up | Action::Down)) => {
                    self.won = !self.won;
                    None
                }
                (_, Some(Action::Select)) => Some(Answer::Won(self.won)),
                _ => None,
            },
            DrillKind::PartValue => {
                match code {
                    KeyCode::Char(c) if c.is_ascii_digit() && self.typed.len() < 18 => {
                        self.typed.push(c)
                    }
                    KeyCode::Backspace => {
                        self.typed.pop();
                    }
                    KeyCode::Enter => {
                        return self
                            .typed
                            .parse::<u64>()
                            .ok()
                            .map(|v| Answer::Value(Nimber::new(v)));
                    }
                    _ => {}
                }
                None
            }
        }
    }
}

/// The verdict on an answer and what it did to the rating.
#[derive(Clone, Debug)]
struct Outcome {
    verdict: Verdict,
    /// The answer in words.
    answer: String,
    /// A winning move in words, when the drill asked for one.
    winning: Vec<String>,
    before: Rated,
    after: Rated,
    why: Option<WhyView>,
    /// The answer came after a nudge: the drill counts as missed.
    nudged: bool,
}

#[derive(Clone, Debug)]
enum Stage {
    /// Choosing the game and the mode.
    Setup,
    Asking(Box<Question>),
    Answered(Box<Question>, Box<Outcome>),
    /// Every puzzle of the sheet is answered: the score.
    SheetDone,
    /// A streak or timed run is over.
    Over {
        solved: u64,
        record: bool,
    },
}

/// The Practice screen.
pub struct Practice {
    /// The games drills come from; `game` 0 is all of them, `i` is `games[i - 1]`, and
    /// `games.len() + 1` the weakest themes ([`Practice::weak`]) when there are any.
    games: Vec<&'static str>,
    game: usize,
    /// The kind of drill asked (`None`: any, drawn each time).
    kind: Option<DrillKind>,
    /// The difficulty (`None`: the one that suits the player's rating).
    difficulty: Option<u8>,
    mode: Mode,
    focus: usize,
    stage: Stage,
    drills: Drills,
    /// Where ratings and attempts are saved (`None`: kept in memory only).
    path: Option<PathBuf>,
    /// What went wrong with the file, shown until the next good write.
    problem: Option<String>,
    rng: ReplayRng,
    /// The run: drills solved and tried, the current streak, the timed run's end.
    solved: u64,
    tried: u64,
    deadline: Option<Instant>,
    /// Seconds left in a timed run, as of the last tick (drawing reads it).
    left: u64,
    /// How many moves the list showed at the last draw (paging moves by it).
    list_rows: Cell<usize>,
    /// The puzzle sheet being played, if one is ([`crate::tui::sheet`]).
    sheet: Option<SheetRun>,
    /// The review queue's file, where missed drills go ([`crate::review`]), and how many of
    /// its items are due (the setup page shows it).
    review: Option<PathBuf>,
    review_due: usize,
    /// The two weakest themes of the records ([`Drills::weakest`]), as Practice opened: the
    /// Game row's last choice, when there are any (`grundy drill --weakest` opens on it).
    weak: Vec<crate::theme::Theme>,
}

impl Practice {
    /// Practice with its records in the file at `path` (read now), on `game` if it is one of
    /// [`puzzles::games`] (else all games), drawing drills from `seed`.
    pub fn new(path: Option<PathBuf>, game: Option<&str>, seed: u64) -> Practice {
        let games = puzzles::games();
        let game = game
            .and_then(|g| games.iter().position(|&n| n == g))
            .map_or(0, |i| i + 1);
        let (drills, problem) = match &path {
            Some(path) => {
                let loaded = Drills::load(path);
                (loaded.drills, loaded.problem.map(|p| p.words()))
            }
            None => (Drills::default(), None),
        };
        let weak = drills.weakest(2);
        Practice {
            games,
            game,
            kind: None,
            difficulty: None,
            mode: Mode::Endless,
            focus: START_ROW,
            stage: Stage::Setup,
            drills,
            path,
            problem,
            rng: ReplayRng::seed_from_u64(seed),
            solved: 0,
            tried: 0,
            deadline: None,
            left: 0,
            list_rows: Cell::new(10),
            sheet: None,
            review: None,
            review_due: 0,
            weak,
        }
    }

    /// Practice drawing its drills from the two weakest themes of the records
    /// ([`Drills::weakest`]); with none weak yet, from the chosen games as always.
    pub fn with_weakest(mut self) -> Practice {
        if !self.weak.is_empty() {
            self.game = self.weakest_row();
        }
        self
    }

    /// The Game row's choice that draws from the weakest themes.
    fn weakest_row(&self) -> usize {
        self.games.len() + 1
    }

    /// How many choices the Game row has: all games, each game, and the weakest themes when
    /// there are any.
    fn game_choices(&self) -> usize {
        self.games.len() + 1 + usize::from(!self.weak.is_empty())
    }

    /// The themes drills are drawn from (empty: the chosen games).
    pub fn themes(&self) -> &[crate::theme::Theme] {
        if self.game == self.weakest_row() {
            &self.weak
        } else {
            &[]
        }
    }

    /// The chosen games, in the reader's words: all games, one game's title, or the weakest
    /// themes (the words `words` gives their names, joined).
    fn games_words(&self, weakest: impl Fn(String) -> String) -> String {
        match self.game {
            0 => tr!("drill.all_games").into_owned(),
            i if i == self.weakest_row() => {
                let named: Vec<String> =
                    self.weak.iter().map(crate::locale::Words::words).collect();
                weakest(named.join(&tr!("drill.themes.joiner")))
            }
            i => crate::locale::game_title(self.games[i - 1]),
        }
    }

    /// Asks a drill of one of the weakest themes, at the player's difficulty in its game.
    /// Returns false when none of them can be drawn (then the chosen games are).
    fn ask_theme(&mut self) -> bool {
        let drills = &self.drills;
        let difficulty = |game: &str| difficulty_for(drills.rated(game).rating);
        match crate::theme::draw(&self.weak, difficulty, &mut self.rng) {
            None => false,
            Some(Ok(drill)) => {
                let game = crate::theme::Theme::of_drill(&drill).game;
                self.stage = Stage::Asking(Box::new(question(drill, &game)));
                true
            }
            Some(Err(_)) => {
                self.problem = Some(tr!("drill.cannot_draw_theme").into_owned());
                self.stage = Stage::Setup;
                true
            }
        }
    }

    /// Practice whose missed drills go to the review queue kept at `path`, its due items
    /// counted now.
    pub fn with_review(mut self, path: Option<PathBuf>) -> Practice {
        self.review_due = crate::tui::review_queue::due_count(path.as_deref());
        self.review = path;
        self
    }

    /// A missed drill goes to the review queue; a problem with its file is shown.
    fn remember_miss(&mut self, drill: &Drill, answer: &str) {
        let now = crate::review::Clock::now(&crate::review::SystemClock);
        let item = crate::review::Item::new(
            &drill.code,
            drill.kind,
            drill.part.clone(),
            crate::review::Source::Drill,
            now,
        )
        .map(|mut item| {
            item.played = Some(answer.to_string());
            item.difficulty = drill.difficulty;
            item
        });
        if let Some(problem) =
            crate::tui::review_queue::remember(self.review.as_deref(), item.into_iter().collect())
        {
            self.problem = Some(problem);
        }
        self.review_due = crate::tui::review_queue::due_count(self.review.as_deref());
    }

    /// The name the chosen games are rated and recorded under (the weakest themes, of
    /// mixed games, under [`ALL`]).
    fn game_key(&self) -> &str {
        match self.game {
            i if i > 0 && i <= self.games.len() => self.games[i - 1],
            _ => ALL,
        }
    }

    /// The records as last read or written.
    pub fn drills(&self) -> &Drills {
        &self.drills
    }

    /// The smallest screen Practice fits on.
    pub fn min_size() -> (u16, u16) {
        (60, 20)
    }

    /// Starts a run in the chosen mode.
    pub fn start(&mut self) {
        self.solved = 0;
        self.tried = 0;
        self.deadline =
            (self.mode == Mode::Timed).then(|| Instant::now() + Duration::from_secs(TIMED_SECONDS));
        self.left = TIMED_SECONDS;
        self.next();
    }

    /// Plays `sheet`, from its first puzzle (`grundy puzzles … --play`).
    pub fn play_sheet(&mut self, sheet: SheetRun) {
        self.sheet = Some(sheet);
        self.deadline = None;
        self.next();
    }

    /// Draws a sheet of the chosen game (or games) at the chosen difficulty and plays it.
    fn start_sheet(&mut self) {
        let games: Vec<&str> = match self.game {
            i if i > 0 && i <= self.games.len() => vec![self.games[i - 1]],
            // The weakest themes: a sheet of their games (of all, if practice knows none).
            i if i == self.weakest_row() => self
                .games
                .iter()
                .copied()
                .filter(|g| self.weak.iter().any(|t| t.game == *g))
                .collect(),
            _ => self.games.clone(),
        };
        let games = if games.is_empty() {
            self.games.clone()
        } else {
            games
        };
        let difficulty = self
            .difficulty
            .unwrap_or_else(|| difficulty_for(self.drills.rated(self.game_key()).rating));
        match SheetRun::draw(&games, difficulty, &mut self.rng) {
            Ok(sheet) => self.play_sheet(sheet),
            Err(_) => self.problem = Some(cannot_draw(self.game_key(), difficulty)),
        }
    }

    /// The sheet being played (tests).
    pub fn sheet(&self) -> Option<&SheetRun> {
        self.sheet.as_ref()
    }

    /// Chooses what to practise: one kind of drill (`None`: any) at one difficulty
    /// (`None`: the one the rating suggests). `grundy drill --kind --difficulty`; the setup
    /// page's rows do it by keys.
    pub fn choose(&mut self, kind: Option<DrillKind>, difficulty: Option<u8>) {
        self.kind = kind;
        self.difficulty = difficulty.filter(|d| puzzles::DIFFICULTIES.contains(d));
    }

    /// Chooses the mode (tests; the setup page's ←→ do it by keys).
    pub fn set_mode(&mut self, mode: Mode) {
        self.mode = mode;
    }

    /// Draws the next drill: a game (the chosen one, or any), a kind, and the difficulty that
    /// suits the player's rating in that game.
    fn next(&mut self) {
        if let Some(sheet) = &self.sheet {
            self.stage = match sheet.next() {
                Some((drill, game)) => Stage::Asking(Box::new(question(drill, &game))),
                None => Stage::SheetDone,
            };
            return;
        }
        if !self.themes().is_empty() && self.ask_theme() {
            return;
        }
        // Any game or kind is drawn among those that go together (Nim-K has no part values).
        let game = match self.game {
            i if i > 0 && i <= self.games.len() => self.games[i - 1],
            // All games (and the weakest themes' row when none of their drills could be drawn).
            _ => {
                let games: Vec<&'static str> = (self.games.iter().copied())
                    .filter(|game| self.kind.is_none_or(|kind| drill::offers(game, kind)))
                    .collect();
                games[self.rng.random_range(0..games.len())]
            }
        };
        let kind = match self.kind {
            Some(kind) => kind,
            None => {
                let kinds: Vec<DrillKind> = (DrillKind::ALL.into_iter())
                    .filter(|&kind| drill::offers(game, kind))
                    .collect();
                kinds[self.rng.random_range(0..kinds.len())]
            }
        };
        self.ask(game, kind);
    }

    /// Asks a drill of `kind` on `game` at the player's difficulty.
    fn ask(&mut self, game: &str, kind: DrillKind) {
        let difficulty = self
            .difficulty
            .unwrap_or_else(|| difficulty_for(self.drills.rated(game).rating));
        let drill = match drill::generate(game, kind, difficulty, &mut self.rng) {
            Ok(drill) => drill,
            Err(_) => {
                self.problem = Some(cannot_draw(game, difficulty));
                self.stage = Stage::Setup;
                return;
            }
        };
        self.stage = Stage::Asking(Box::new(question(drill, game)));
    }

    /// Asks a drill of `kind` on `game` (tests: each kind on purpose).
    pub fn ask_kind(&mut self, game: &str, kind: DrillKind) {
        self.ask(game, kind);
    }

    /// The drill on screen, if one is asked or answered.
    pub fn drill(&self) -> Option<&Drill> {
        match &self.stage {
            Stage::Asking(q) | Stage::Answered(q, _) => Some(&q.drill),
            _ => None,
        }
    }

    /// The verdict on the last answer, while it is shown.
    pub fn verdict(&self) -> Option<&Verdict> {
        match &self.stage {
            Stage::Answered(_, o) => Some(&o.verdict),
            _ => None,
        }
    }

    /// Drills solved in this run (the streak, in streak mode).
    pub fn solved(&self) -> u64 {
        self.solved
    }

    /// Whether a streak or timed run has ended.
    pub fn is_over(&self) -> bool {
        matches!(self.stage, Stage::Over { .. })
    }

    /// The clock: ends a timed run at its deadline. The app calls it before each frame.
    pub fn tick(&mut self, now: Instant) {
        let Some(deadline) = self.deadline else {
            return;
        };
        self.left = deadline.saturating_duration_since(now).as_secs();
        if now >= deadline && matches!(self.stage, Stage::Asking(_)) {
            self.finish_run();
        }
    }

    /// Another grundy holds the data directory's lock: the change `later` is kept beside the
    /// file, applied by the next read or change ([`Drills::keep_for_later`]), and the player
    /// is told.
    fn keep_for_later(&mut self, path: PathBuf, later: &Drills, busy: std::io::Error) {
        self.problem = Some(match Drills::keep_for_later(&path, later) {
            Ok(_) => tr!("drill.kept_for_later").into_owned(),
            Err(_) => tr!("drill.not_saved", error = busy).into_owned(),
        });
    }

    /// Ends a streak or timed run, keeping it if it is a record.
    fn finish_run(&mut self) {
        self.deadline = None;
        let run = Run {
            game: self.game_key().to_string(),
            mode: self.mode,
            solved: self.solved,
        };
        let before = self.drills.best(&run.game);
        let record = match &self.path {
            Some(path) => match Drills::finish_in_file(path, &run) {
                Ok(drills) => {
                    self.drills = drills;
                    self.problem = None;
                    self.drills.best(&run.game) != before
                }
                Err(e) if crate::store::is_lock_busy(&e) => {
                    let mut later = Drills::default();
                    later.finish(&run);
                    self.keep_for_later(path.clone(), &later, e);
                    self.drills.finish(&run)
                }
                Err(e) => {
                    self.problem = Some(tr!("drill.not_saved", error = e).into_owned());
                    false
                }
            },
            None => self.drills.finish(&run),
        };
        self.stage = Stage::Over {
            solved: self.solved,
            record,
        };
    }

    /// Answers the drill on screen; the verdict, the new ratings and the why-view follow.
    pub fn answer(&mut self, answer: Answer) {
        let Stage::Asking(q) = &self.stage else {
            return;
        };
        let q = q.clone();
        let verdict = drill::check(&q.drill, &answer);
        let words = match &answer {
            Answer::Move(code) => q
                .moves
                .iter()
                .find(|(c, _)| c == code)
                .map_or_else(|| code.clone(), |(_, w)| w.clone()),
            Answer::Position(code) => code.clone(),
            Answer::Won(true) => tr!("drill.won").into_owned(),
            Answer::Won(false) => tr!("drill.lost").into_owned(),
            Answer::Value(v) => format!("*{}", v.short()),
        };
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
        // A miss goes to the review queue once: at the first wrong answer, not again after
        // the nudge.
        if !verdict.right && q.nudge.is_none() {
            self.remember_miss(&q.drill, &words);
        }
        let attempt = Attempt {
            game: q.game.clone(),
            kind: kind_name(q.drill.kind).to_string(),
            mode: self.mode,
            code: q.drill.code.clone(),
            part: q.drill.part.clone(),
            difficulty: q.drill.difficulty,
            answer: words.clone(),
            right: verdict.right,
        };
        let before = match &q.nudge {
            Some((_, before)) => *before,
            // A sheet's puzzle is scored by the sheet, not rated.
            None if self.sheet.is_some() => self.drills.rated(&q.game),
            None => {
                let before = self.drills.rated(&q.game);
                self.record(attempt);
                self.tried += 1;
                before
            }
        };
        if let Some(sheet) = &mut self.sheet {
            sheet.score(verdict.right);
        }
        // A first wrong answer gets a nudge, not the answer: the drill is asked again. Not on
        // a puzzle sheet, whose puzzles take one move each.
        if !verdict.right && q.nudge.is_none() && self.sheet.is_none() {
            let mut q = q;
            q.nudge = Some((nudge_words(&drill::nudge(&q.drill)), before));
            q.typed.clear();
            self.stage = Stage::Asking(q);
            return;
        }
        let nudged = q.nudge.is_some();
        let after = self.drills.rated(&q.game);
        if verdict.right && !nudged {
            self.solved += 1;
        }
        // The why-view of the part the player moved, when the move wins; else the drill's
        // (the part asked about, or a winning move's), or a lost position's parts and nim-sum.
        let own = match (&answer, verdict.right) {
            (Answer::Move(code), true) => with_position!(&q.position, p => p
                .parse_move(code)
                .ok()
                .map(|mv| p.derivation(p.part_of(&mv), usize::MAX))),
            _ => None,
        };
        let why = own
            .as_ref()
            .or(verdict.why.as_ref())
            .map(WhyView::new)
            .or_else(|| verdict.sum.as_ref().map(WhyView::sum));
        self.stage = Stage::Answered(
            q,
            Box::new(Outcome {
                verdict,
                answer: words,
                winning,
                before,
                after,
                why,
                nudged,
            }),
        );
    }

    /// Keeps an attempt in the file (or beside it, when another grundy holds the lock) and in
    /// the records on screen.
    fn record(&mut self, attempt: Attempt) {
        match &self.path {
            Some(path) => match Drills::add_to_file(path, attempt.clone()) {
                Ok(drills) => {
                    self.drills = drills;
                    self.problem = None;
                }
                Err(e) if crate::store::is_lock_busy(&e) => {
                    let later = Drills {
                        attempts: vec![attempt.clone()],
                        ..Drills::default()
                    };
                    self.keep_for_later(path.clone(), &later, e);
                    self.drills.add(attempt);
                }
                Err(e) => {
                    self.problem = Some(tr!("drill.not_saved", error = e).into_owned());
                }
            },
            None => self.drills.add(attempt),
        }
    }

    /// After a verdict: the next drill, or the end of a streak (a miss) or timed run.
    fn go_on(&mut self) {
        let Stage::Answered(_, outcome) = &self.stage else {
            return;
        };
        let missed = !outcome.verdict.right || outcome.nudged;
        let time_up = self.deadline.is_some_and(|d| Instant::now() >= d);
        if (self.mode == Mode::Streak && missed) || (self.mode == Mode::Timed && time_up) {
            self.finish_run();
        } else {
            self.next();
        }
    }

    /// Leaves the run for the setup page (a streak or timed run left is kept as it stands).
    fn back_to_setup(&mut self) {
        if self.sheet.take().is_some() {
            self.stage = Stage::Setup;
            return;
        }
        if self.mode != Mode::Endless && !matches!(self.stage, Stage::Setup | Stage::Over { .. }) {
            self.finish_run();
        }
        self.stage = Stage::Setup;
        self.deadline = None;
    }

    /// Handles a key (`action`: what the keymap makes of it).
    pub fn handle_key(&mut self, key: KeyEvent, action: Option<Action>) -> PracticeEvent {
        match &mut self.stage {
            Stage::Setup => match action {
                Some(Action::Up) => self.focus = (self.focus + SETUP_ROWS - 1) % SETUP_ROWS,
                Some(Action::Down) => self.focus = (self.focus + 1) % SETUP_ROWS,
                Some(Action::Left) | Some(Action::Right) => {
                    let right = action == Some(Action::Right);
                    match self.focus {
                        0 => {
                            let n = self.game_choices();
                            self.game = if right {
                                (self.game + 1) % n
                            } else {
                                (self.game + n - 1) % n
                            };
                        }
                        1 => self.kind = step_kind(self.kind, right),
                        2 => self.difficulty = step_difficulty(self.difficulty, right),
                        3 => {
                            let i = Mode::ALL.iter().position(|&m| m == self.mode).unwrap_or(0);
                            let n = Mode::ALL.len();
                            self.mode =
                                Mode::ALL[if right { (i + 1) % n } else { (i + n - 1) % n }];
                        }
                        _ => {}
                    }
                }
                Some(Action::Select) if self.focus == SHEET_ROW => self.start_sheet(),
                Some(Action::Select) if self.focus == REVIEW_ROW => return PracticeEvent::Review,
                Some(Action::Select) => self.start(),
                Some(Action::Back) => return PracticeEvent::Leave,
                _ => {}
            },
            Stage::Asking(q) => {
                if action == Some(Action::Back) {
                    self.back_to_setup();
                    return PracticeEvent::None;
                }
                let page = self.list_rows.get().max(1);
                if let Some(answer) = q.key(key.code, action, page) {
                    self.answer(answer);
                }
            }
            Stage::Answered(_, outcome) => match action {
                Some(Action::Select) => self.go_on(),
                Some(Action::Back) => self.back_to_setup(),
                Some(a) => {
                    if let Some(why) = &mut outcome.why {
                        why.scroll(a);
                    }
                }
                None => {}
            },
            Stage::Over { .. } => match action {
                Some(Action::Select) => self.start(),
                Some(Action::Back) => self.stage = Stage::Setup,
                _ => {}
            },
            Stage::SheetDone => match action {
                Some(Action::Select) => {
                    if let Some(sheet) = &mut self.sheet {
                        sheet.restart();
                    }
                    self.next();
                }
                Some(Action::Back) => self.back_to_setup(),
                _ => {}
            },
        }
        PracticeEvent::None
    }

    /// Draws the screen, reading state only.
    pub fn draw(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let block = Block::bordered()
            .title(Line::styled(
                format!(" {} ", tr!("drill.title")),
                theme.title,
            ))
            .border_style(theme.border);
        let inner = block.inner(area);
        block.render(area, buf);
        if inner.height < 4 || inner.width < 20 {
            return;
        }
        let bar_y = inner.y + inner.height - 1;
        let mut y = inner.y;
        let width = inner.width as usize;
        let put = |buf: &mut Buffer, y: &mut u16, line: Line<'_>| {
            if *y < bar_y {
                buf.set_line(inner.x, *y, &line, inner.width);
                *y += 1;
            }
        };
        put(buf, &mut y, self.status_line(theme, width));
        if let Some(problem) = &self.problem {
            put(
                buf,
                &mut y,
                Line::styled(text::fit(problem, width), theme.notice),
            );
        }
        y += 1;
        let body = Rect::new(inner.x, y.min(bar_y), inner.width, bar_y.saturating_sub(y));
        let keys = match &self.stage {
            Stage::Setup => {
                self.draw_setup(body, buf, theme);
                tr!("drill.keys.setup")
            }
            Stage::Asking(q) => {
                self.draw_question(q, body, buf, theme);
                match q.drill.kind {
                    DrillKind::WinningMove => tr!("drill.keys.move"),
                    DrillKind::WonOrLost => tr!("drill.keys.won_lost"),
                    DrillKind::PartValue => tr!("drill.keys.value"),
                }
            }
            Stage::Answered(q, outcome) => {
                self.draw_outcome(q, outcome, body, buf, theme);
                tr!("drill.keys.answered")
            }
            Stage::SheetDone => {
                let lines: Vec<Line> = self
                    .sheet
                    .as_ref()
                    .map(SheetRun::summary)
                    .unwrap_or_default()
                    .into_iter()
                    .enumerate()
                    .map(|(i, l)| Line::styled(l, if i == 0 { theme.title } else { theme.text }))
                    .collect();
                Paragraph::new(lines).render(body, buf);
                tr!("sheet.keys.over")
            }
            Stage::Over { solved, record } => {
                let mut lines = vec![Line::styled(
                    match self.mode {
                        Mode::Timed => tr!("drill.over.timed", solved = solved),
                        _ => tr!("drill.over.streak", solved = solved),
                    }
                    .into_owned(),
                    theme.title,
                )];
                if *record {
                    lines.push(Line::styled(
                        tr!("drill.over.record").into_owned(),
                        theme.winning,
                    ));
                }
                let best = self.drills.best(self.game_key());
                lines.push(Line::raw(
                    tr!("drill.over.best", streak = best.streak, timed = best.timed).into_owned(),
                ));
                Paragraph::new(lines)
                    .wrap(Wrap { trim: false })
                    .render(body, buf);
                tr!("drill.keys.over")
            }
        };
        buf.set_line(
            inner.x,
            bar_y,
            &Line::styled(text::fit(&keys, width), theme.dim),
            inner.width,
        );
    }

    /// The Game row's value in pieces, each on a row of its own: one piece where it fits in
    /// `columns`; else, for the weakest themes, one theme a piece.
    fn game_value(&self, columns: usize) -> Vec<String> {
        let weakest = |themes: String| tr!("drill.weakest_themes", themes = themes).into_owned();
        let whole = format!("◂ {} ▸", self.games_words(weakest));
        if text::width(&whole) <= columns || self.game != self.weakest_row() {
            return vec![whole];
        }
        let joiner = tr!("drill.themes.joiner");
        let last = self.weak.len() - 1;
        self.weak
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let named = crate::locale::Words::words(t);
                match i {
                    0 => format!("◂ {}{joiner}", weakest(named)),
                    i if i == last => format!("{named} ▸"),
                    _ => format!("{named}{joiner}"),
                }
            })
            .collect()
    }

    /// The top line: the games, the mode, the rating and the run so far, in `width` columns
    /// (the weakest themes named where the line has room, else called so).
    fn status_line(&self, theme: &Theme, width: usize) -> Line<'static> {
        let key = self.game_key();
        let rated = self.drills.rated(key);
        let games =
            self.games_words(|themes| tr!("drill.weakest_themes", themes = themes).into_owned());
        if let Some(sheet) = &self.sheet {
            return Line::from(vec![
                Span::styled(tr!("sheet.title").into_owned(), theme.title),
                Span::raw(" · "),
                Span::raw(sheet.status(!matches!(self.stage, Stage::Asking(_)))),
            ]);
        }
        let mut spans = vec![
            Span::styled(games, theme.title),
            Span::raw(" · "),
            Span::raw(mode_words(self.mode)),
            Span::raw(" · "),
            Span::styled(
                tr!(
                    "drill.rating",
                    rating = format!("{:.0}", rated.rating),
                    deviation = format!("{:.0}", rated.deviation)
                )
                .into_owned(),
                theme.value,
            ),
        ];
        if !matches!(self.stage, Stage::Setup) {
            spans.push(Span::raw(" · "));
            spans.push(Span::raw(match self.mode {
                Mode::Streak => tr!("drill.streak_now", n = self.solved).into_owned(),
                Mode::Timed => tr!(
                    "drill.timed_now",
                    time = format!("{}:{:02}", self.left / 60, self.left % 60),
                    n = self.solved
                )
                .into_owned(),
                Mode::Endless => tr!(
                    "drill.endless_now",
                    solved = self.solved,
                    tried = self.tried
                )
                .into_owned(),
            }));
        }
        let mut line = Line::from(spans);
        if line.width() > width && self.game == self.weakest_row() {
            line.spans[0] = Span::styled(tr!("drill.weakest_short").into_owned(), theme.title);
        }
        line
    }

    fn draw_setup(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let labels = [
            tr!("drill.setup.game").into_owned(),
            tr!("drill.setup.kind").into_owned(),
            tr!("drill.setup.difficulty").into_owned(),
            tr!("drill.setup.mode").into_owned(),
            tr!("drill.setup.start").into_owned(),
            tr!("queue.menu_entry", n = self.review_due).into_owned(),
            tr!("drill.setup.sheet").into_owned(),
        ];
        // Review's and the sheet's longer labels are alone on their rows: the others line up
        // without them.
        let label_width = labels[..REVIEW_ROW]
            .iter()
            .map(|l| text::width(l))
            .max()
            .unwrap_or(0)
            + 2;
        let values = [
            self.game_value(area.width as usize - (2 + label_width).min(area.width as usize)),
            vec![format!("◂ {} ▸", kind_words(self.kind))],
            vec![format!("◂ {} ▸", difficulty_words(self.difficulty))],
            vec![format!("◂ {} ▸", mode_words(self.mode))],
            Vec::new(),
            Vec::new(),
            vec![tr!("drill.setup.sheet_about", count = SHEET_SIZE).into_owned()],
        ];
        let mut lines = Vec::new();
        for (i, (label, pieces)) in labels.iter().zip(values).enumerate() {
            let style = if i == self.focus {
                theme.selected
            } else {
                theme.text
            };
            let label_width = label_width.max(text::width(label) + 2);
            // A value too long for its row goes on under itself, each piece on a row of its own
            // (the weakest themes: one a row).
            let columns = (area.width as usize).saturating_sub(2 + label_width);
            let mut rows: Vec<String> = pieces
                .iter()
                .flat_map(|piece| text::wrap(piece, columns))
                .collect();
            if rows.is_empty() {
                rows.push(String::new());
            }
            for (j, value) in rows.into_iter().enumerate() {
                let (mark, label) = match j {
                    0 => (if i == self.focus { "▶" } else { " " }, label.as_str()),
                    _ => (" ", ""),
                };
                lines.push(Line::from(vec![
                    Span::styled(format!("{mark} "), style),
                    Span::styled(text::pad(label, label_width), style),
                    Span::styled(value, style),
                ]));
            }
        }
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            match self.mode {
                Mode::Endless => tr!("drill.about.endless"),
                Mode::Streak => tr!("drill.about.streak"),
                Mode::Timed => tr!("drill.about.timed", minutes = TIMED_SECONDS / 60),
            }
            .into_owned(),
            theme.dim,
        ));
        lines.push(Line::styled(
            tr!("drill.about.kinds").into_owned(),
            theme.dim,
        ));
        lines.push(Line::raw(""));
        let best = self.drills.best(self.game_key());
        lines.push(Line::raw(
            tr!("drill.over.best", streak = best.streak, timed = best.timed).into_owned(),
        ));
        let overall = self.drills.rated(ALL);
        lines.push(Line::raw(
            tr!(
                "drill.overall",
                rating = format!("{:.0}", overall.rating),
                deviation = format!("{:.0}", overall.deviation),
                solved = overall.solved,
                tried = overall.tried
            )
            .into_owned(),
        ));
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .render(area, buf);
    }

    fn draw_question(&self, q: &Question, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let width = area.width as usize;
        let mut lines = vec![Line::styled(question_words(q), theme.title)];
        lines.push(Line::styled(
            tr!(
                "drill.difficulty",
                game = crate::locale::position_title(&q.position),
                difficulty = q.drill.difficulty
            )
            .into_owned(),
            theme.dim,
        ));
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
        if let Some((nudge, _)) = &q.nudge {
            lines.push(Line::styled(
                text::fit(&tr!("nudge.not_yet"), width),
                theme.losing,
            ));
            for row in text::wrap(nudge, width) {
                lines.push(Line::styled(row, theme.notice));
            }
            lines.push(Line::raw(""));
        }
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
        match q.drill.kind {
            DrillKind::WinningMove => {
                let rows = (rest.height as usize).max(1);
                self.list_rows.set(rows);
                for (i, (_, words)) in q.moves.iter().enumerate().skip(q.top).take(rows) {
                    let selected = i == q.cursor;
                    let style = if selected { theme.selected } else { theme.text };
                    let line = Line::styled(
                        text::fit(
                            &format!("{} {words}", if selected { "▶" } else { " " }),
                            width,
                        ),
                        style,
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
                if rest.height > 0 {
                    buf.set_line(rest.x, rest.y, &line, rest.width);
                }
            }
            DrillKind::PartValue => {
                let line = Line::from(vec![
                    Span::raw(tr!("drill.value_prompt").into_owned()),
                    Span::styled(format!(" *{}▏", q.typed), theme.selected),
                ]);
                if rest.height > 0 {
                    buf.set_line(rest.x, rest.y, &line, rest.width);
                }
            }
        }
    }

    fn draw_outcome(
        &self,
        q: &Question,
        outcome: &Outcome,
        area: Rect,
        buf: &mut Buffer,
        theme: &Theme,
    ) {
        let width = area.width as usize;
        let v = &outcome.verdict;
        let mut lines = vec![Line::styled(question_words(q), theme.dim)];
        lines.push(Line::raw(
            tr!("drill.your_answer", answer = outcome.answer.as_str()).into_owned(),
        ));
        let (verdict, style) = if v.right && outcome.nudged {
            (tr!("drill.right_after_nudge").into_owned(), theme.winning)
        } else if v.right {
            (tr!("drill.right").into_owned(), theme.winning)
        } else {
            (wrong_words(v), theme.losing)
        };
        lines.push(Line::styled(verdict, style));
        // The other winning moves after a right answer; one to learn from after a wrong one.
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
        let change = outcome.after.rating - outcome.before.rating;
        // A sheet's puzzles are scored, not rated.
        lines.push(Line::styled(
            match &self.sheet {
                Some(sheet) => sheet.status(true),
                None => tr!(
                    "drill.rating_change",
                    game = crate::locale::position_title(&q.position),
                    before = format!("{:.0}", outcome.before.rating),
                    after = format!("{:.0}", outcome.after.rating),
                    change = format!("{change:+.0}")
                )
                .into_owned(),
            },
            theme.value,
        ));
        lines.push(Line::raw(""));
        let mut used = 0u16;
        for line in &lines {
            let rows = Paragraph::new(line.clone())
                .wrap(Wrap { trim: false })
                .line_count(area.width) as u16;
            if used + rows > area.height {
                break;
            }
            Paragraph::new(line.clone())
                .wrap(Wrap { trim: false })
                .render(Rect::new(area.x, area.y + used, area.width, rows), buf);
            used += rows;
        }
        let rest = Rect::new(area.x, area.y + used, area.width, area.height - used);
        if let Some(why) = &outcome.why {
            why.draw_in(rest, buf, theme);
        } else if rest.height > 0 {
            buf.set_line(
                rest.x,
                rest.y,
                &Line::styled(text::fit(&tr!("drill.no_why"), width), theme.dim),
                rest.width,
            );
        }
    }
}

/// A drill with its position read and, for a winning-move drill, its moves listed.
pub(crate) fn question(drill: Drill, game: &str) -> Question {
    let position = AnyPosition::from_code(&drill.code).expect("a drill's code parses");
    let moves = if drill.kind == DrillKind::WinningMove {
        with_position!(&position, p => p
            .legal_moves()
            .into_iter()
            .map(|mv| (p.move_code(&mv), p.describe_move(&mv).words()))
            .collect())
    } else {
        Vec::new()
    };
    Question {
        drill,
        game: game.to_string(),
        position,
        moves,
        cursor: 0,
        top: 0,
        typed: String::new(),
        won: true,
        nudge: None,
    }
}

/// The kind after (`right`) or before `kind` in the setup row: any, then each kind.
fn step_kind(kind: Option<DrillKind>, right: bool) -> Option<DrillKind> {
    let choices: Vec<Option<DrillKind>> = std::iter::once(None)
        .chain(DrillKind::ALL.map(Some))
        .collect();
    step(&choices, kind, right)
}

/// The difficulty after or before `difficulty` in the setup row: by rating, then 1 to 5.
fn step_difficulty(difficulty: Option<u8>, right: bool) -> Option<u8> {
    let choices: Vec<Option<u8>> = std::iter::once(None)
        .chain(puzzles::DIFFICULTIES.map(Some))
        .collect();
    step(&choices, difficulty, right)
}

/// The choice after (`right`) or before `now` in `choices`, round.
fn step<T: PartialEq + Copy>(choices: &[T], now: T, right: bool) -> T {
    let n = choices.len();
    let i = choices.iter().position(|&c| c == now).unwrap_or(0);
    choices[if right { (i + 1) % n } else { (i + n - 1) % n }]
}

fn kind_words(kind: Option<DrillKind>) -> String {
    match kind {
        None => tr!("drill.kind.any").into_owned(),
        Some(kind) => crate::locale::text(&format!("drill.kind.{}", kind.name())).into_owned(),
    }
}

fn difficulty_words(difficulty: Option<u8>) -> String {
    match difficulty {
        None => tr!("drill.difficulty.rating").into_owned(),
        Some(d) => tr!("drill.difficulty.fixed", difficulty = d).into_owned(),
    }
}

fn mode_words(mode: Mode) -> String {
    match mode {
        Mode::Endless => tr!("drill.mode.endless"),
        Mode::Streak => tr!("drill.mode.streak"),
        Mode::Timed => tr!("drill.mode.timed", minutes = TIMED_SECONDS / 60),
    }
    .into_owned()
}

/// What the drill asks, in words.
pub(crate) fn question_words(q: &Question) -> String {
    match q.drill.kind {
        DrillKind::WinningMove => tr!("drill.ask.move").into_owned(),
        DrillKind::WonOrLost => tr!("drill.ask.won_lost").into_owned(),
        DrillKind::PartValue => {
            let part = q.drill.part.as_deref().unwrap_or("1");
            let name = crate::why::derive(&q.position, part, 0)
                .map(|d| crate::locale::why::part_words(&d))
                .unwrap_or_else(|_| part.to_string());
            tr!("drill.ask.value", part = crate::locale::before_han(&name)).into_owned()
        }
    }
}

/// Why an answer is wrong, in words.
pub(crate) fn wrong_words(v: &Verdict) -> String {
    match (&v.mistake, &v.expected) {
        (Some(Mistake::LeavesWon { value: Some(value) }), _) => tr!(
            "drill.wrong.leaves_value",
            value = format!("*{}", value.short())
        )
        .into_owned(),
        (Some(Mistake::LeavesWon { value: None }), _) => tr!("drill.wrong.leaves_won").into_owned(),
        (_, Expected::Won(true)) => tr!("drill.wrong.was_won").into_owned(),
        (_, Expected::Won(false)) => tr!("drill.wrong.was_lost").into_owned(),
        (_, Expected::Value(value)) => {
            tr!("drill.wrong.value", value = format!("*{}", value.short())).into_owned()
        }
        _ => tr!("drill.wrong.not_a_move").into_owned(),
    }
}

/// The position drawn for a drill: each component's sketch, except where a sketch would tell
/// the answer (Wythoff's marks lost squares) or leave out what it needs (a DAG's edges).
pub(crate) fn position_lines(
    position: &AnyPosition,
    width: usize,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let components: Vec<Component> = match position {
        AnyPosition::Sum(sum) => sum.components().to_vec(),
        other => Component::new(other.clone()).into_iter().collect(),
    };
    let several = components.len() > 1;
    let mut lines = Vec::new();
    for (i, component) in components.iter().enumerate() {
        // The game's title names its rule (Bash, take 1–3): the drill cannot be solved
        // without it.
        lines.push(Line::styled(
            if several {
                format!("[{}] {}", i + 1, sketch::title(component))
            } else {
                sketch::title(component)
            },
            theme.title,
        ));
        match component {
            Component::Wythoff(p) => {
                for (n, &(a, b)) in p.queens().iter().enumerate() {
                    lines.push(Line::styled(
                        tr!("drill.queen", number = n + 1, a = a, b = b).into_owned(),
                        theme.tails,
                    ));
                }
            }
            Component::Dag(p) => {
                let tokens: Vec<String> = p.tokens().iter().map(u32::to_string).collect();
                lines.push(Line::styled(
                    tr!("drill.tokens", vertices = tokens.join(", ")).into_owned(),
                    theme.tails,
                ));
                let edges: Vec<String> = (1..=p.graph().len() as u32)
                    .flat_map(|v| {
                        p.graph()
                            .successors(v)
                            .iter()
                            .map(move |w| format!("{v}→{w}"))
                    })
                    .collect();
                for row in text::wrap(&edges.join("  "), width) {
                    lines.push(Line::styled(row, Style::default()));
                }
            }
            // Coins, cells and boxes are named by number in the drills: the sketches do not
            // number them, so their places are listed under them.
            Component::Dodgeball(_) | Component::Coins(_) | Component::Grid(_) => {
                lines.extend(sketch::sketch(component, width, theme));
                let places = match component {
                    Component::Dodgeball(p) => {
                        let boxes: Vec<String> = p.pieces().iter().map(usize::to_string).collect();
                        tr!("drill.pieces", boxes = boxes.join(", "))
                    }
                    Component::Coins(p) => {
                        let coins: Vec<String> = p.tails().iter().map(usize::to_string).collect();
                        tr!("drill.tails", coins = coins.join(", "))
                    }
                    Component::Grid(p) => {
                        let cells: Vec<String> = p
                            .tails()
                            .iter()
                            .map(|c| format!("({},{})", c.row, c.col))
                            .collect();
                        tr!("drill.tails_cells", cells = cells.join(" "))
                    }
                    _ => Default::default(),
                };
                for row in text::wrap(&places, width) {
                    lines.push(Line::styled(row, theme.dim));
                }
            }
            other => lines.extend(sketch::sketch(other, width, theme)),
        }
    }
    lines
}

/// Why no drill or sheet came, in the reader's words: `game` (a code name, or all games) has
/// no such position at `difficulty`.
fn cannot_draw(game: &str, difficulty: u8) -> String {
    let game = if game == ALL {
        tr!("drill.all_games").into_owned()
    } else {
        crate::locale::game_title(game)
    };
    tr!("drill.cannot_draw", game = game, difficulty = difficulty).into_owned()
}
