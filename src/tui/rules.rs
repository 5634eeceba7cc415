//! A rules file's game against the perfect AI, a screen of the app (`grundy play --rules
//! FILE`, the Lab's rules files, a lesson's game). The board is the script's `show` (or the
//! position's text), the moves are listed (in the script's `describe` words), hints mark each
//! move won, lost or drawn (or its score), and the coach says when a move let a win or a draw
//! go. The app hands it its keys ([`RulesPlay::press`]), lets the AI move
//! ([`RulesPlay::tick`]), draws it ([`RulesPlay::draw_in`]) and keeps it as any game is kept:
//! saved with `s` or on leaving ([`RulesPlay::to_save`]) and resumed from the menu
//! ([`RulesPlay::resume`]), also after the script failed. Drawing only reads [`RulesPlay`].
//!
//! The script is never called on the thread that draws and reads keys: a worker thread
//! analyses each position and says its board and moves (`View`) within an answer's budget,
//! and the screen shows "thinking" until it has them, so that `q`, Esc and Ctrl-C always work
//! and a slow or failing script only stops the game with its error on the screen.

use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent};
use rand::SeedableRng;
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use crate::cli::rules as words;
use crate::lang::Lang;
use crate::locale::Words;
use crate::rules::Rules;
use crate::rules::budget::{self, Budget};
use crate::rules::solve::{self, Analysis, Node};
use crate::setup::{First, ReplayRng};
use crate::store::save::{Save, SavedMove, SavedRules};
use crate::tr;

/// Who made a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mover {
    You,
    Ai,
}

/// How a finished game ended, for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Won,
    Lost,
    Drawn,
}

/// A move of the game as the record keeps it: who played it, in words, with the verdict it
/// led to (as the hints mark a move), whether it was a blunder (it let a win or a draw go, or
/// points), and the game before it, to retry from.
#[derive(Clone, Debug)]
struct Played {
    by: Mover,
    words: String,
    mark: String,
    blunder: bool,
    before: Before,
}

/// The game before a move: enough to play on from there.
#[derive(Clone, Debug)]
struct Before {
    position: Node,
    to_move: u8,
    scores: [i64; 2],
    seen: usize,
}

/// What the screen shows of a position, from the script: the analysis, the board (`show`, else
/// the position's text) and each move in words (`describe`, else the position it reaches).
struct View {
    analysis: Analysis,
    board: Vec<String>,
    said: Vec<String>,
}

/// What the worker is asked: the view of a position, or a saved game's moves played again
/// from a position (each checked against the script).
enum Job {
    View(Node),
    Replay(Node, Vec<SavedMove>),
}

/// A saved move played again: the position it reached, in the script's words, and its gain.
struct Replayed {
    to: Node,
    words: String,
    gain: i64,
}

/// What the worker answers.
enum Done {
    View(Result<View, String>),
    /// The moves that replayed, and the error in the reader's words at the first that did
    /// not (with its line in the save).
    Replay(Vec<Replayed>, Option<String>),
}

/// The thread that calls the script: a job in (with its number and the reader's language),
/// what it found or the error in the reader's words out.
struct Worker {
    jobs: Sender<(u64, Job, Lang)>,
    results: Receiver<(u64, Done)>,
}

/// The worker's stack: room for Rhai's recursion over the deepest value the size limits allow.
const WORKER_STACK: usize = 64 << 20;

impl Worker {
    fn start(rules: Arc<Rules>) -> Worker {
        let (jobs, inbox) = channel::<(u64, Job, Lang)>();
        let (outbox, results) = channel();
        let spawned = std::thread::Builder::new()
            .name("rules-worker".into())
            .stack_size(WORKER_STACK)
            .spawn(move || {
                while let Ok((id, job, lang)) = inbox.recv() {
                    crate::lang::set_current(lang);
                    let done = match job {
                        Job::View(node) => Done::View(
                            budget::answer(Budget::answer(), || View::of(&rules, &node))
                                .map_err(|e| words::render_error(&e)),
                        ),
                        Job::Replay(start, moves) => {
                            // Each move has an answer's budget, the whole replay a table's:
                            // a save of many slow moves stops, kept, rather than run on.
                            let (replayed, error) =
                                budget::answer(Budget::table(), || replay(&rules, start, &moves));
                            Done::Replay(replayed, error)
                        }
                    };
                    if outbox.send((id, done)).is_err() {
                        break;
                    }
                }
            });
        if let Err(e) = spawned {
            // No thread: every job is answered at once with the reason.
            let (outbox, results) = channel();
            let (jobs, _) = channel();
            let _ = outbox.send((0, Done::View(Err(e.to_string()))));
            return Worker { jobs, results };
        }
        Worker { jobs, results }
    }
}

/// Plays a saved game's `moves` again from `start`, each within an answer's budget: the
/// position a move reached must be one of the script's moves from the one before. Stops at
/// the first that is not (or that the script fails on), with the error naming its line.
fn replay(rules: &Rules, start: Node, moves: &[SavedMove]) -> (Vec<Replayed>, Option<String>) {
    let mut node = start;
    let mut replayed = Vec::with_capacity(moves.len());
    for (i, saved) in moves.iter().enumerate() {
        let step = budget::answer(Budget::answer(), || -> Result<Replayed, String> {
            let at_line = |said: crate::message::Said| {
                crate::store::save::SaveError {
                    line: saved.line,
                    message: said,
                }
                .said()
                .words()
            };
            let to = crate::rules::literal::saved_position(saved.line, &saved.code)
                .map_err(|e| e.said().words())?;
            let script = |e: crate::rules::RulesError| {
                at_line(
                    crate::message::Said::new("said.save.rules_failed")
                        .with("number", i + 1)
                        .with("error", words::render_error(&e)),
                )
            };
            let options = rules.moves(&node.position, node.side).map_err(script)?;
            if !options.contains(&to) {
                return Err(at_line(
                    crate::message::Said::new("said.save.rules_illegal")
                        .with("number", i + 1)
                        .with("code", crate::rules::quoted(&saved.code)),
                ));
            }
            let gain = if rules.scoring() {
                rules.gain(&node.position, &to).map_err(script)?
            } else {
                0
            };
            let words = rules
                .describe(&node.position, &to)
                .map_err(script)?
                .filter(|w| !w.is_empty())
                .unwrap_or_else(|| to.to_string());
            let side = if rules.two_sided() { 1 - node.side } else { 0 };
            Ok(Replayed {
                to: Node::new(to, side),
                words,
                gain,
            })
        });
        match step {
            Ok(step) => {
                node = step.to.clone();
                replayed.push(step);
            }
            Err(error) => return (replayed, Some(error)),
        }
    }
    (replayed, None)
}

impl View {
    fn of(rules: &Rules, node: &Node) -> Result<View, crate::rules::RulesError> {
        let analysis = solve::analyze(rules, node, &solve::ai_limits())?;
        let board = rules
            .show(&node.position)?
            .unwrap_or_else(|| vec![node.position.to_string()]);
        let said = analysis
            .moves
            .iter()
            .map(|step| {
                Ok(rules
                    .describe(&node.position, &step.to.position)?
                    .filter(|w| !w.is_empty())
                    .unwrap_or_else(|| step.to.position.to_string()))
            })
            .collect::<Result<Vec<_>, crate::rules::RulesError>>()?;
        Ok(View {
            analysis,
            board,
            said,
        })
    }
}

/// A game of a rules file in progress: the logic; the cursor is the only view state.
pub struct RulesPlay {
    /// The rules, for what they say without a call (misère, scores, title): every call of
    /// the script is the worker's.
    rules: Arc<Rules>,
    worker: Worker,
    /// The number of the last job sent: a view of an older one is not this position's.
    job: u64,
    position: Node,
    /// The player's side: 0 moves first.
    you: u8,
    /// The side to move (alternates, also in a one-sided game).
    to_move: u8,
    /// The script's view of the position, once the worker has it (`None`: thinking).
    view: Option<View>,
    selected: usize,
    hints: bool,
    coach: bool,
    /// The points each side has scored (a scoring game), the player's first.
    scores: [i64; 2],
    /// Positions met, to call a draw when one comes back a third time.
    seen: Vec<Node>,
    last: Option<String>,
    coach_line: Option<String>,
    ending: Option<Ending>,
    rng: ReplayRng,
    /// The seed of the AI's choices, kept in a save.
    seed: u64,
    /// Where the script comes from, for a save (`None`: a script that cannot be found again,
    /// whose game is not saved).
    origin: Option<SavedRules>,
    /// The game's first position.
    start: Node,
    /// A save's moves not yet played again (the worker replays them), or not playable
    /// (the script refused one): kept, so that saving the game again loses none of them.
    pending: Vec<SavedMove>,
    /// A note from the app (the game was kept after the script failed).
    note: Option<String>,
    /// The title shown instead of the script's `name()` (a shipped example's, translated).
    title: Option<String>,
    /// A script error met during the game, in the reader's words: the game stops there.
    failure: Option<String>,
    /// When the position last changed, so that the AI's reply comes after a short pause.
    changed: Instant,
    /// Every move played, for the record at the end and the retry.
    record: Vec<Played>,
}

/// What the app must do after a key on a rules file's game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulesEvent {
    None,
    /// Leave the game (Esc: back to the screen that opened it).
    Leave,
    /// Save the game under a name (`s`).
    Save,
}

/// The pause before the AI's reply, so the player sees the position first.
const AI_PAUSE: Duration = Duration::from_millis(150);

/// How often the same position (with the same side to move) may come back before the game is
/// called a draw: positions repeat only in games that can be drawn.
const REPEATS: usize = 3;

impl RulesPlay {
    pub fn new(
        rules: Rules,
        start: Node,
        first: First,
        hints: bool,
        coach: bool,
        seed: Option<u64>,
    ) -> Result<RulesPlay, crate::rules::RulesError> {
        let you = if first == First::You { 0 } else { 1 };
        let rules = Arc::new(rules);
        let seed = seed.unwrap_or_else(rand::random);
        let mut play = RulesPlay {
            to_move: 0,
            seen: vec![start.clone()],
            start: start.clone(),
            position: start,
            worker: Worker::start(Arc::clone(&rules)),
            job: 0,
            rules,
            you,
            view: None,
            selected: 0,
            hints,
            coach,
            scores: [0, 0],
            last: None,
            coach_line: None,
            ending: None,
            rng: ReplayRng::seed_from_u64(seed),
            seed,
            origin: None,
            pending: Vec::new(),
            note: None,
            title: None,
            failure: None,
            changed: Instant::now(),
            record: Vec::new(),
        };
        play.think();
        Ok(play)
    }

    /// A saved game of `rules` (read from `save`, whose script `origin` names) played on
    /// from where it was left: its moves are played again by the worker, each checked against
    /// the script; the screen thinks meanwhile. A move the script no longer allows stops the
    /// game there with the save's line, and the moves from it are kept for the next save.
    pub fn resume(
        rules: Rules,
        origin: SavedRules,
        save: &Save,
        coach: bool,
    ) -> Result<RulesPlay, String> {
        let start = crate::rules::literal::saved_position(save.start_line, &save.start)
            .map_err(|e| e.said().words())?;
        // Every game of a rules file starts with side 0 to move (the script's first side).
        let mut play = RulesPlay::new(
            rules,
            Node::new(start, 0),
            save.first,
            save.hints,
            coach,
            Some(save.seed),
        )
        .map_err(|e| words::render_error(&e))?;
        play.origin = Some(origin);
        if !save.moves.is_empty() {
            play.pending = save.moves.clone();
            play.job += 1;
            let job = Job::Replay(play.start.clone(), save.moves.clone());
            if play
                .worker
                .jobs
                .send((play.job, job, crate::lang::current()))
                .is_err()
            {
                play.failure = Some(tr!("rules.bounds.no_worker").into_owned());
            }
        }
        Ok(play)
    }

    /// Where the script comes from, so that the game can be saved and resumed.
    pub fn with_origin(mut self, origin: Option<SavedRules>) -> RulesPlay {
        self.origin = origin;
        self
    }

    /// The game as a save called `name`: the start, and the position each move reached,
    /// then the saved moves not played again; `None` when the script could not be found
    /// again (no origin).
    pub fn to_save(&self, name: &str) -> Option<Save> {
        let origin = self.origin.clone()?;
        let first = if self.you == 0 { First::You } else { First::Ai };
        let mut save = Save::new(
            name,
            self.start.position.to_string(),
            first,
            crate::ai::Level::Perfect,
            self.seed,
            self.hints,
            self.move_codes(),
        );
        save.rules = Some(origin);
        Some(save)
    }

    /// The position each move of the record reached, oldest first.
    fn reached(&self) -> impl Iterator<Item = &Node> {
        self.record
            .iter()
            .skip(1)
            .map(|p| &p.before.position)
            .chain(Some(&self.position).filter(|_| !self.record.is_empty()))
    }

    /// The moves a save of the game would hold (the played ones and those still to replay).
    pub fn moves_played(&self) -> usize {
        self.record.len() + self.pending.len()
    }

    /// The save's moves as codes: the position each move of the record reached, then the
    /// saved moves still to play again (what the app compares to tell a changed game).
    pub fn move_codes(&self) -> Vec<String> {
        self.reached()
            .map(|n| n.position.to_string())
            .chain(self.pending.iter().map(|m| m.code.clone()))
            .collect()
    }

    /// Whether the game can be saved: its script can be found again.
    pub fn savable(&self) -> bool {
        self.origin.is_some()
    }

    /// Whether the game still has moves to play (not over, not stopped).
    pub fn unfinished(&self) -> bool {
        self.ending.is_none()
    }

    /// A line the app adds under the game (where a stopped game was kept).
    pub fn set_note(&mut self, note: String) {
        self.note = Some(note);
    }

    /// Asks the worker for the view of the position now on the board.
    fn think(&mut self) {
        self.job += 1;
        self.view = None;
        let job = (
            self.job,
            Job::View(self.position.clone()),
            crate::lang::current(),
        );
        if self.worker.jobs.send(job).is_err() && self.failure.is_none() {
            self.failure = Some(tr!("rules.bounds.no_worker").into_owned());
        }
    }

    /// Takes in a save's moves played again: each goes into the record (without a verdict:
    /// the game was judged when it was played), then the position they reached is thought
    /// about; at a move that did not replay, the game stops with the error.
    fn take_replayed(&mut self, replayed: Vec<Replayed>, error: Option<String>) {
        let done = replayed.len();
        for step in replayed {
            let mover = self.mover();
            self.record.push(Played {
                by: mover,
                words: step.words.clone(),
                mark: "·".to_string(),
                blunder: false,
                before: Before {
                    position: self.position.clone(),
                    to_move: self.to_move,
                    scores: self.scores,
                    seen: self.seen.len(),
                },
            });
            let side = usize::from(mover == Mover::Ai);
            self.scores[side] = self.scores[side].saturating_add(step.gain);
            self.last = Some(match mover {
                Mover::You => tr!("rules.play.you_played", step = step.words).into_owned(),
                Mover::Ai => tr!("rules.play.ai_played", step = step.words).into_owned(),
            });
            self.position = step.to;
            self.to_move = 1 - self.to_move;
            self.seen.push(self.position.clone());
        }
        self.pending.drain(..done);
        self.changed = Instant::now();
        match error {
            Some(error) => self.failure = Some(error),
            None => self.think(),
        }
    }

    /// Takes in the worker's view of this position, if it has come. Returns whether it did.
    fn receive(&mut self) -> bool {
        let mut changed = false;
        while let Ok((job, done)) = self.worker.results.try_recv() {
            if job != self.job && job != 0 {
                continue;
            }
            changed = true;
            match done {
                Done::View(Ok(view)) => {
                    self.view = Some(view);
                    self.selected = 0;
                    self.check_end();
                }
                Done::View(Err(e)) => self.failure = Some(e),
                Done::Replay(replayed, error) => self.take_replayed(replayed, error),
            }
        }
        changed
    }

    /// Whether the worker is still on this position (or on a save's moves).
    pub fn thinking(&self) -> bool {
        self.view.is_none() && self.failure.is_none()
    }

    /// Whether a save's moves are still being played again.
    fn replaying(&self) -> bool {
        !self.pending.is_empty() && self.failure.is_none()
    }

    /// Whether there is work to wait for: the worker thinking or the AI to move (the app's
    /// loop then wakes up often).
    pub fn busy(&self) -> bool {
        self.thinking() || self.ai_to_move()
    }

    /// Waits until the worker and the AI are done, at most `timeout`, without the pause the
    /// player sees before the AI's reply (tests).
    pub fn settle(&mut self, timeout: Duration) {
        let deadline = Instant::now() + timeout;
        while self.busy() && Instant::now() < deadline {
            if !self.tick(Instant::now() + Duration::from_secs(1)) {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
    }

    /// The analysis of the position, once the worker has it.
    fn analysis(&self) -> Option<&Analysis> {
        self.view.as_ref().map(|v| &v.analysis)
    }

    /// The moves of the position (none while thinking).
    fn moves(&self) -> &[solve::Step] {
        self.analysis().map_or(&[], |a| &a.moves)
    }

    fn scoring(&self) -> bool {
        self.rules.scoring()
    }

    /// Shows `title` instead of the script's `name()`.
    pub fn with_title(mut self, title: Option<String>) -> RulesPlay {
        self.title = title.or(self.title);
        self
    }

    /// The script error that stopped the game, if one did.
    pub fn failure(&self) -> Option<&str> {
        self.failure.as_deref()
    }

    /// Whether the AI is to move.
    pub fn ai_to_move(&self) -> bool {
        self.ending.is_none() && self.failure.is_none() && self.mover() == Mover::Ai
    }

    /// Takes in the worker's view, then plays the AI's move once it has the view and the
    /// pause after the last change is over. Returns whether the screen changed.
    pub fn tick(&mut self, now: Instant) -> bool {
        let received = self.receive();
        if !self.ai_to_move()
            || self.view.is_none()
            || now.saturating_duration_since(self.changed) < AI_PAUSE
        {
            return received;
        }
        self.ai_turn();
        true
    }

    /// A key of the app's: the game's keys, Esc to leave; a script error stops the game and
    /// is kept to show.
    pub fn press(&mut self, key: KeyEvent) -> RulesEvent {
        if !key.is_press() {
            return RulesEvent::None;
        }
        match key.code {
            KeyCode::Esc => return RulesEvent::Leave,
            KeyCode::Char('s') if self.savable() => return RulesEvent::Save,
            _ => {}
        }
        if self.failure.is_some() || self.replaying() {
            return RulesEvent::None;
        }
        self.handle_key(key);
        RulesEvent::None
    }

    /// The smallest screen the game fits on.
    pub fn min_size() -> (u16, u16) {
        (40, 14)
    }

    fn mover(&self) -> Mover {
        if self.to_move == self.you {
            Mover::You
        } else {
            Mover::Ai
        }
    }

    /// How the game ended, once it has.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// Plays move `index` of the current position (once the worker has its view).
    fn play(&mut self, index: usize) {
        let Some(view) = &self.view else {
            return;
        };
        let Some(step) = view.analysis.moves.get(index).cloned() else {
            return;
        };
        let said = view.said[index].clone();
        let mover = self.mover();
        let before = Before {
            position: self.position.clone(),
            to_move: self.to_move,
            scores: self.scores,
            seen: self.seen.len(),
        };
        let blunder = self.lets_go(&step);
        self.record.push(Played {
            by: mover,
            words: said.clone(),
            mark: words::mark(&step),
            blunder,
            before,
        });
        let side = usize::from(mover == Mover::Ai);
        self.scores[side] = self.scores[side].saturating_add(step.gain);
        if mover == Mover::You && self.coach {
            self.coach_line = self.coaching(&step);
        }
        self.last = Some(match mover {
            Mover::You => tr!("rules.play.you_played", step = said).into_owned(),
            Mover::Ai => tr!("rules.play.ai_played", step = said).into_owned(),
        });
        self.position = step.to;
        self.to_move = 1 - self.to_move;
        self.seen.push(self.position.clone());
        self.changed = Instant::now();
        self.selected = 0;
        self.think();
    }

    /// Whether `step` lets a win or a draw go, or points, against the best move: a slower
    /// win is no blunder (the outcome is the same).
    fn lets_go(&self, step: &solve::Step) -> bool {
        let outcome = |m: &solve::Step| solve::rank(m, self.scoring()).0;
        let best = self.moves().iter().map(outcome).max();
        step.judgement.is_some() && best.is_some_and(|best| outcome(step) < best)
    }

    /// What the coach says of the player's move: a win or a draw let go.
    fn coaching(&self, step: &solve::Step) -> Option<String> {
        let best = self
            .moves()
            .iter()
            .map(|m| solve::rank(m, self.scoring()))
            .max()?;
        let this = solve::rank(step, self.scoring());
        if !self.lets_go(step) {
            return None;
        }
        let kind = |rank: (i128, i64)| rank.0.signum();
        let key = if self.scoring() {
            "rules.play.coach_points"
        } else if kind(best) > 0 {
            "rules.play.coach_win"
        } else if kind(best) == 0 && kind(this) < 0 {
            "rules.play.coach_draw"
        } else {
            return None;
        };
        Some(crate::locale::text(key).into_owned())
    }

    /// The place in the record of the player's first blunder, if any.
    fn first_blunder(&self) -> Option<usize> {
        self.record
            .iter()
            .position(|p| p.by == Mover::You && p.blunder)
    }

    /// Back to the position before the player's first blunder, to find a better move; the
    /// moves after it are forgotten.
    fn retry(&mut self) {
        let Some(at) = self.first_blunder() else {
            return;
        };
        let before = self.record[at].before.clone();
        self.record.truncate(at);
        self.seen.truncate(before.seen);
        self.position = before.position;
        self.to_move = before.to_move;
        self.scores = before.scores;
        self.ending = None;
        self.coach_line = None;
        self.last = Some(tr!("rules.play.retried", n = at + 1).into_owned());
        self.changed = Instant::now();
        self.selected = 0;
        self.think();
    }

    fn check_end(&mut self) {
        let repeated = self.seen.iter().filter(|n| **n == self.position).count();
        if self.view.is_some() && self.moves().is_empty() {
            let mover_wins = self.rules.misere();
            let you_move = self.mover() == Mover::You;
            self.ending = Some(if self.rules.scoring() {
                match self.scores[0].cmp(&self.scores[1]) {
                    std::cmp::Ordering::Greater => Ending::Won,
                    std::cmp::Ordering::Less => Ending::Lost,
                    std::cmp::Ordering::Equal => Ending::Drawn,
                }
            } else if mover_wins == you_move {
                Ending::Won
            } else {
                Ending::Lost
            });
        } else if repeated >= REPEATS {
            self.ending = Some(Ending::Drawn);
        }
    }

    /// The AI's move, when it is its turn.
    fn ai_turn(&mut self) {
        if self.ending.is_some() || self.mover() != Mover::Ai {
            return;
        }
        let Some(view) = &self.view else {
            return;
        };
        let Some((step, _)) = solve::best_move(&view.analysis, &mut self.rng) else {
            return;
        };
        let index = self
            .moves()
            .iter()
            .position(|m| m.to == step.to)
            .expect("the AI plays a listed move");
        self.play(index)
    }

    fn handle_key(&mut self, key: KeyEvent) {
        if !key.is_press() {
            return;
        }
        let count = self.moves().len();
        match key.code {
            KeyCode::Char('i') | KeyCode::Char('h') => self.hints = !self.hints,
            KeyCode::Char('c') => self.coach = !self.coach,
            KeyCode::Char('t') => self.retry(),
            KeyCode::Up | KeyCode::Char('k') if count > 0 => {
                self.selected = (self.selected + count - 1) % count
            }
            KeyCode::Down | KeyCode::Char('j') if count > 0 => {
                self.selected = (self.selected + 1) % count
            }
            KeyCode::Enter | KeyCode::Char(' ')
                if self.ending.is_none() && self.mover() == Mover::You =>
            {
                self.play(self.selected);
            }
            _ => {}
        }
    }

    /// Draws the game on the whole frame.
    pub fn draw(&self, frame: &mut Frame) {
        let area = frame.area();
        self.draw_in(area, frame.buffer_mut());
    }

    /// Draws the game in `area`: title, board, status, moves, keys.
    pub fn draw_in(&self, area: Rect, buf: &mut Buffer) {
        let board: Vec<String> = match &self.view {
            Some(view) => view.board.clone(),
            None => vec![self.position.position.to_string()],
        };
        let [top, middle, bottom] = area.layout(&Layout::vertical([
            Constraint::Length(board.len().min(12) as u16 + 2),
            Constraint::Min(3),
            // At the end, two more lines: the blunders and the retry; a stopped game's
            // error and where it was kept take two too, and the keys stay in sight.
            Constraint::Length(
                if self.ending.is_some() || self.failure.is_some() || self.note.is_some() {
                    7
                } else {
                    5
                },
            ),
        ]));
        let title = self.title.clone().unwrap_or_else(|| {
            self.rules
                .name()
                .map_or_else(|| tr!("rules.untitled").into_owned(), str::to_string)
        });
        Paragraph::new(board.into_iter().map(Line::from).collect::<Vec<_>>())
            .block(Block::bordered().title(Line::from(title)))
            .render(top, buf);
        let mut lines = Vec::new();
        let said = self.view.as_ref().map_or(&[][..], |v| &v.said[..]);
        for (i, (step, said)) in self.moves().iter().zip(said).enumerate() {
            let said = said.clone();
            let marker = if i == self.selected { "▶ " } else { "  " };
            let mut spans = vec![Span::raw(marker)];
            if self.hints {
                spans.push(Span::raw(format!("{} ", words::mark(step))));
            }
            spans.push(Span::raw(said));
            let style = if i == self.selected {
                Style::default().add_modifier(Modifier::REVERSED)
            } else {
                Style::default()
            };
            lines.push(Line::from(spans).style(style));
        }
        if self.ending.is_some() {
            self.draw_record(middle, buf);
            self.draw_status(bottom, buf);
            return;
        }
        let skip = self
            .selected
            .saturating_sub(middle.height.saturating_sub(3) as usize);
        if self.thinking() {
            lines.push(Line::from(tr!("rules.bounds.thinking").into_owned()));
        }
        let moves_title = tr!("rules.moves", count = self.moves().len()).into_owned();
        Paragraph::new(lines.into_iter().skip(skip).collect::<Vec<_>>())
            .block(Block::bordered().title(Line::from(moves_title)))
            .render(middle, buf);
        self.draw_status(bottom, buf);
    }

    /// The record, once the game is over: every move with the verdict it led to and the
    /// blunders marked, the last moves in sight.
    fn draw_record(&self, area: Rect, buf: &mut Buffer) {
        let lines: Vec<Line> = self
            .record
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let who = match p.by {
                    Mover::You => tr!("rules.play.you_played", step = &p.words),
                    Mover::Ai => tr!("rules.play.ai_played", step = &p.words),
                };
                let mut spans = vec![
                    Span::raw(format!("{:>3}. ", i + 1)),
                    Span::raw(format!("{} ", p.mark)),
                    Span::raw(who.into_owned()),
                ];
                if p.blunder {
                    spans.push(Span::styled(
                        format!("  {}", tr!("rules.record.blunder")),
                        Style::default().add_modifier(Modifier::BOLD),
                    ));
                }
                Line::from(spans)
            })
            .collect();
        let skip = lines
            .len()
            .saturating_sub(area.height.saturating_sub(2) as usize);
        let title = tr!("rules.record.title", count = self.record.len()).into_owned();
        Paragraph::new(lines.into_iter().skip(skip).collect::<Vec<_>>())
            .block(Block::bordered().title(Line::from(title)))
            .render(area, buf);
    }

    /// The status under the moves: whose turn or the result, the scores, the last move, the
    /// coach, the verdict with hints, then at the end the blunders and the retry, and the keys.
    fn draw_status(&self, bottom: Rect, buf: &mut Buffer) {
        let mut status = Vec::new();
        status.push(Line::from(self.status_line()));
        if self.rules.scoring() {
            status.push(Line::from(
                tr!(
                    "rules.play.scores",
                    you = self.scores[0],
                    ai = self.scores[1]
                )
                .into_owned(),
            ));
        }
        if let Some(last) = &self.last {
            status.push(Line::from(last.clone()));
        }
        if let Some(coach) = &self.coach_line {
            status.push(Line::from(coach.clone()));
        }
        if let Some(failure) = &self.failure {
            status.push(Line::from(failure.clone()));
        }
        if let Some(note) = &self.note {
            status.push(Line::from(note.clone()));
        }
        if self.hints
            && self.ending.is_none()
            && let Some(j) = self.analysis().and_then(|a| a.judgement.as_ref())
        {
            let sentence = words::verdict_sentence(&self.rules, j, self.moves().len());
            status.push(Line::from(sentence));
        }
        if self.ending.is_some() {
            let count = |by| {
                self.record
                    .iter()
                    .filter(|p| p.by == by && p.blunder)
                    .count()
            };
            status.push(Line::from(
                tr!(
                    "rules.record.blunders",
                    you = count(Mover::You),
                    ai = count(Mover::Ai)
                )
                .into_owned(),
            ));
            status.push(Line::from(match self.first_blunder() {
                Some(at) => tr!("rules.record.retry", n = at + 1).into_owned(),
                None => tr!("rules.record.no_blunder").into_owned(),
            }));
        }
        let keys = if self.origin.is_some() {
            tr!("rules.play.keys_save")
        } else {
            tr!("rules.play.keys_app")
        };
        status.push(Line::from(keys.into_owned()));
        Paragraph::new(status)
            .wrap(Wrap { trim: true })
            .render(bottom, buf);
    }

    fn status_line(&self) -> String {
        if self.failure.is_some() {
            return tr!("rules.play.stopped").into();
        }
        match self.ending {
            Some(Ending::Won) => tr!("rules.play.you_won").into(),
            Some(Ending::Lost) => tr!("rules.play.ai_won").into(),
            Some(Ending::Drawn) => tr!("rules.play.drawn").into(),
            None if self.replaying() => tr!("rules.play.replaying").into(),
            None if self.thinking() && self.mover() == Mover::You => {
                tr!("rules.bounds.thinking").into()
            }
            None if self.mover() == Mover::You => tr!("rules.play.your_move").into(),
            None => tr!("rules.play.ai_thinking").into(),
        }
    }
}

/// The game's keys for the help popup (inside the app, where Esc goes back).
pub fn help_rows() -> Vec<(String, String)> {
    [
        ("↑ ↓ k j", "rules.help.keys.choose"),
        ("Enter Space", "rules.help.keys.play"),
        ("i h", "rules.help.keys.hints"),
        ("c", "rules.help.keys.coach"),
        ("t", "rules.help.keys.retry"),
        ("s", "rules.help.keys.save"),
        ("Esc", "rules.help.keys.back"),
        ("?", "keys.help.help"),
        ("q Ctrl-C", "keys.help.quit"),
    ]
    .into_iter()
    .map(|(keys, help)| (keys.to_string(), crate::locale::text(help).into_owned()))
    .collect()
}
