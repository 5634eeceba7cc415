//! A match in progress, for any game (`P: Impartial + Notation`): the position and its
//! history with undo/redo, whose turn it is, the AI answering on a worker thread, the hint
//! analysis computed off the UI thread and cached per position, and the game record: every
//! move judged ([`crate::record::judge`]) on a worker thread as it is made.

use crate::tr;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread;
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};

use crate::ai::{Decision, Level, choose_move_shared};
use crate::analysis::Analysis;
use crate::game::{IllegalMove, Impartial, Notation};
use crate::message::Said;
use crate::record::{self, Judgement, Verdict};
use crate::setup::ReplayRng;
use crate::solver::SolutionCache;
use crate::tui::board::{Played, Side};

// The hint analysis's sizes are the engine's (its benchmark measures them).
pub use crate::analysis::{ANALYSIS_BUDGET, ANALYSIS_MOVES};
/// How many analysed positions are kept, so undo and redo show hints at once.
const ANALYSIS_CACHE: usize = 8;
/// How many parts the cached analyses may hold together (each part costs about 40 bytes):
/// a 10^6-box board has half a million parts, so only the newest of its analyses is kept,
/// and memory stays flat however long the game.
const ANALYSIS_CACHE_PARTS: usize = 300_000;

/// The name of the worker threads (the AI, the analyses): their panics are reported in the
/// game rather than by the terminal's panic hook.
pub const WORKER_THREAD: &str = "grundy-worker";

/// Runs `work` on a named worker thread and sends its result, or the panic it ended in, on
/// `tx`. `Err`: the thread could not be started.
fn spawn_worker<P: Impartial>(
    tx: Sender<WorkerResult<P>>,
    work: impl FnOnce() -> WorkerResult<P> + Send + 'static,
) -> Result<(), String> {
    // The worker's words (a better move, a failure) are in the player's language too.
    let lang = crate::locale::lang();
    thread::Builder::new()
        .name(WORKER_THREAD.to_string())
        .spawn(move || {
            crate::locale::set_lang(lang);
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work))
                .unwrap_or_else(|payload| WorkerResult::Failed {
                    message: panic_message(payload.as_ref()),
                });
            // The session may be gone (quit, new game): then nobody is waiting.
            let _ = tx.send(result);
        })
        .map(|_| ())
        .map_err(|e| tr!("game.error.worker", error = e).into_owned())
}

/// The message a worker's panic carried.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| tr!("game.error.unknown").into_owned())
}

/// What the worker threads send back.
enum WorkerResult<P: Impartial> {
    /// A worker panicked (a bug): the game shows it instead of hanging.
    Failed { message: String },
    Ai {
        id: u64,
        decision: Option<Decision<P::Move>>,
    },
    Analysis {
        position: P,
        analysis: Arc<Analysis<P>>,
    },
    /// The verdict of the move with this id.
    Verdict {
        id: u64,
        judgement: Judgement<P::Move>,
    },
}

/// A move to judge: its id, the position it was played in, the move.
struct JudgeJob<P: Impartial> {
    id: u64,
    before: P,
    mv: P::Move,
}

/// The AI's request in flight.
struct AiRequest<M> {
    id: u64,
    started: Instant,
    /// The answer, once it came back (`None` inside: the AI found no move).
    answer: Option<Option<Decision<M>>>,
}

/// Settings of a match that do not change while it is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SessionConfig {
    pub first: Side,
    pub level: Level,
    /// Seeds the AI's choices (and nothing else: the start position is made before).
    pub seed: u64,
    /// The least time between the player's move and the AI's reply, so the player sees both.
    pub ai_delay: Duration,
}

/// A match: the start position, the line of moves (with the moves undone still there for
/// redo), the AI thread and the analyses.
pub struct Session<P: Impartial + Notation> {
    start: P,
    current: P,
    line: Vec<Played<P::Move>>,
    /// An id per move of `line`, to match a verdict computed off the UI thread to its move.
    line_ids: Vec<u64>,
    /// How many moves of `line` are in effect.
    now: usize,
    config: SessionConfig,
    rng: ReplayRng,
    tx: Sender<WorkerResult<P>>,
    rx: Receiver<WorkerResult<P>>,
    ai: Option<AiRequest<P::Move>>,
    next_id: u64,
    analyses: Vec<(P, Arc<Analysis<P>>)>,
    analysing: Option<P>,
    /// Why a worker failed; the AI is not asked again until an undo or restart.
    failure: Option<String>,
    /// The judge: one worker thread that judges the moves in the order they are played (a
    /// replayed game of a hundred moves queues a hundred verdicts, not a hundred threads).
    judge_tx: Option<Sender<JudgeJob<P>>>,
    /// Verdicts being computed.
    judging: usize,
    /// A verdict arrived since [`Session::take_judged`] was last called.
    judged: bool,
    /// The exact searches, one per position, shared by the AI, the hints and the judge.
    solutions: Arc<SolutionCache<P>>,
}

impl<P: Impartial + Notation> Session<P> {
    pub fn new(start: P, config: SessionConfig) -> Session<P> {
        let (tx, rx) = channel();
        Session {
            current: start.clone(),
            start,
            line: Vec::new(),
            line_ids: Vec::new(),
            now: 0,
            rng: ReplayRng::seed_from_u64(config.seed),
            config,
            tx,
            rx,
            ai: None,
            next_id: 0,
            analyses: Vec::new(),
            analysing: None,
            failure: None,
            judge_tx: None,
            judging: 0,
            judged: false,
            solutions: Arc::new(SolutionCache::new(ANALYSIS_BUDGET)),
        }
    }

    pub fn position(&self) -> &P {
        &self.current
    }

    pub fn start(&self) -> &P {
        &self.start
    }

    pub fn config(&self) -> SessionConfig {
        self.config
    }

    /// The moves in effect, oldest first.
    pub fn history(&self) -> &[Played<P::Move>] {
        &self.line[..self.now]
    }

    pub fn last(&self) -> Option<&Played<P::Move>> {
        self.history().last()
    }

    /// The last move `side` made, if it is among the last two.
    pub fn last_by(&self, side: Side) -> Option<&Played<P::Move>> {
        self.history().iter().rev().take(2).find(|p| p.by == side)
    }

    pub fn to_move(&self) -> Side {
        if self.now.is_multiple_of(2) {
            self.config.first
        } else {
            self.config.first.other()
        }
    }

    pub fn is_over(&self) -> bool {
        self.current.is_over()
    }

    /// Who won, once the game is over: under normal play the side that made the last move
    /// (the other one has no move); under misère play the other side.
    pub fn winner(&self) -> Option<Side> {
        self.is_over().then(|| {
            if self.current.mover_wins_when_over() {
                self.to_move()
            } else {
                self.to_move().other()
            }
        })
    }

    /// Whether the player may move now.
    pub fn accepting(&self) -> bool {
        !self.is_over() && self.to_move() == Side::You
    }

    /// Whether the AI is working on its move.
    pub fn thinking(&self) -> bool {
        self.ai.is_some()
    }

    /// When the AI started thinking.
    pub fn thinking_since(&self) -> Option<Instant> {
        self.ai.as_ref().map(|r| r.started)
    }

    pub fn analysing(&self) -> bool {
        self.analysing.is_some()
    }

    /// Why the AI or an analysis failed (a bug in the engine), if one did.
    pub fn failure(&self) -> Option<&str> {
        self.failure.as_deref()
    }

    /// Plays the player's move.
    pub fn play(&mut self, mv: P::Move) -> Result<(), IllegalMove> {
        if !self.accepting() {
            return Err(IllegalMove(Said::new("said.game.not_your_move")));
        }
        self.push(mv, Side::You, None)
    }

    /// Plays `mv` for whichever side is to move, without asking the AI: replaying a saved
    /// game (the move is checked like any other).
    pub fn play_recorded(&mut self, mv: P::Move) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove(Said::new("said.game.over")));
        }
        self.ai = None;
        self.push(mv, self.to_move(), None)
    }

    fn push(
        &mut self,
        mv: P::Move,
        by: Side,
        reason: Option<crate::ai::Reason>,
    ) -> Result<(), IllegalMove> {
        self.current.check_move(&mv)?;
        let words = self.current.describe_move(&mv);
        let before = self.current.clone();
        self.current = self.current.play_unchecked(&mv);
        self.line.truncate(self.now);
        self.line_ids.truncate(self.now);
        let id = self.next_id;
        self.next_id += 1;
        self.judge(id, before, mv.clone());
        self.line.push(Played {
            mv,
            by,
            reason,
            words,
            judgement: None,
        });
        self.line_ids.push(id);
        self.now += 1;
        Ok(())
    }

    /// Judges the move `id`, `mv` from `before`, on a worker thread (the search may take a
    /// few milliseconds; the UI never waits for it).
    fn judge(&mut self, id: u64, before: P, mv: P::Move) {
        if self.judge_tx.is_none() {
            let (jobs_tx, jobs) = channel::<JudgeJob<P>>();
            let tx = self.tx.clone();
            let solutions = Arc::clone(&self.solutions);
            let lang = crate::locale::lang();
            let started = thread::Builder::new()
                .name(WORKER_THREAD.to_string())
                .spawn(move || {
                    crate::locale::set_lang(lang);
                    // Ends when the session (the jobs' sender) is gone.
                    for job in jobs {
                        let judged = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            record::judge_in_words_shared(&job.before, &job.mv, &solutions)
                        }));
                        let result = match judged {
                            Ok(judgement) => WorkerResult::Verdict {
                                id: job.id,
                                judgement,
                            },
                            Err(payload) => WorkerResult::Failed {
                                message: tr!(
                                    "game.error.judge",
                                    error = panic_message(payload.as_ref())
                                )
                                .into_owned(),
                            },
                        };
                        if tx.send(result).is_err() {
                            return;
                        }
                    }
                });
            match started {
                Ok(_) => self.judge_tx = Some(jobs_tx),
                Err(e) => {
                    self.failure = Some(tr!("game.error.worker", error = e).into_owned());
                    return;
                }
            }
        }
        let job = JudgeJob { id, before, mv };
        if self
            .judge_tx
            .as_ref()
            .is_some_and(|tx| tx.send(job).is_ok())
        {
            self.judging += 1;
        }
    }

    /// Whether verdicts are still being computed.
    pub fn judging(&self) -> bool {
        self.judging > 0
    }

    /// Whether a verdict arrived since the last call (the screen then redraws).
    pub fn take_judged(&mut self) -> bool {
        std::mem::take(&mut self.judged)
    }

    /// The whole record, the undone moves included (for browsing after an undo).
    pub fn record(&self) -> &[Played<P::Move>] {
        &self.line
    }

    /// The position after the first `k` moves of the record (replayed from the start).
    pub fn position_at(&self, k: usize) -> P {
        let mut position = self.start.clone();
        for played in &self.line[..k.min(self.line.len())] {
            position = position.play_unchecked(&played.mv);
        }
        position
    }

    /// The index of the player's first blunder among the moves in effect.
    pub fn first_blunder(&self) -> Option<usize> {
        record::blunders(self.history(), Side::You).first().copied()
    }

    /// Goes back to the position before the player's first blunder, to find the winning move
    /// there (the moves after it stay for redo). `false`: no blunder of the player's.
    pub fn retry_from_mistake(&mut self) -> bool {
        let Some(k) = self.first_blunder() else {
            return false;
        };
        self.ai = None;
        self.failure = None;
        self.now = k;
        self.replay();
        true
    }

    /// The player's move that the coach should tell about: the last move of the player's, if
    /// it was a blunder and the AI's reply came after it.
    pub fn coach_blunder(&self) -> Option<&Played<P::Move>> {
        let history = self.history();
        let mine = history.iter().rposition(|p| p.by == Side::You)?;
        let played = &history[mine];
        let blunder = played
            .judgement
            .as_ref()
            .is_some_and(|j| j.verdict == Verdict::Blunder);
        // Told after the AI's reply, so the player sees what the blunder allowed.
        (blunder && history.len() - mine == 2).then_some(played)
    }

    /// Takes back the player's last move and the AI's replies after it. `false`: nothing to
    /// take back (no move of the player's yet).
    pub fn undo(&mut self) -> bool {
        let mut k = self.now;
        while k > 0 && self.line[k - 1].by == Side::Ai {
            k -= 1;
        }
        if k == 0 {
            return false;
        }
        self.ai = None;
        self.failure = None;
        self.now = k - 1;
        self.replay();
        true
    }

    /// Plays again the next undone move and the AI's replies recorded after it.
    pub fn redo(&mut self) -> bool {
        if self.now >= self.line.len() {
            return false;
        }
        self.ai = None;
        let mut k = self.now + 1;
        while k < self.line.len() && self.line[k].by == Side::Ai {
            k += 1;
        }
        for played in &self.line[self.now..k] {
            self.current = self.current.play_unchecked(&played.mv);
        }
        self.now = k;
        true
    }

    /// Whether there is something to undo / redo.
    pub fn can_undo(&self) -> bool {
        self.history().iter().any(|p| p.by == Side::You)
    }

    pub fn can_redo(&self) -> bool {
        self.now < self.line.len()
    }

    /// Back to the start position, with an empty history.
    pub fn restart(&mut self) {
        self.ai = None;
        self.failure = None;
        self.line.clear();
        self.line_ids.clear();
        self.now = 0;
        self.current = self.start.clone();
    }

    /// The position after the first `now` moves, replayed from the start (positions are not
    /// stored: a 30000-coin row would cost 30 kB a move).
    fn replay(&mut self) {
        let mut position = self.start.clone();
        for played in &self.line[..self.now] {
            position = position.play_unchecked(&played.mv);
        }
        self.current = position;
    }

    /// Takes in the workers' results, plays the AI's move when it is ready, starts the AI when
    /// it is its turn. Returns whether the position changed.
    pub fn update(&mut self) -> bool {
        while let Ok(result) = self.rx.try_recv() {
            match result {
                WorkerResult::Ai { id, decision } => {
                    if let Some(request) = self.ai.as_mut().filter(|r| r.id == id) {
                        request.answer = Some(decision);
                    }
                }
                WorkerResult::Failed { message } => {
                    self.failure = Some(message);
                    self.ai = None;
                    self.analysing = None;
                    // Which worker failed is not known: no verdict is waited for any more.
                    self.judging = 0;
                }
                WorkerResult::Analysis { position, analysis } => {
                    if self.analysing.as_ref() == Some(&position) {
                        self.analysing = None;
                    }
                    self.analyses.push((position, analysis));
                    // Oldest out first, down to the cache's size and parts; the newest stays.
                    let parts = |a: &[(P, Arc<Analysis<P>>)]| -> usize {
                        a.iter().map(|(_, a)| a.parts.len()).sum()
                    };
                    while self.analyses.len() > 1
                        && (self.analyses.len() > ANALYSIS_CACHE
                            || parts(&self.analyses) > ANALYSIS_CACHE_PARTS)
                    {
                        self.analyses.remove(0);
                    }
                }
                WorkerResult::Verdict { id, judgement } => {
                    self.judging = self.judging.saturating_sub(1);
                    if let Some(k) = self.line_ids.iter().position(|&i| i == id) {
                        self.line[k].judgement = Some(judgement);
                        self.judged = true;
                    }
                }
            }
        }
        let mut changed = false;
        let ready = self
            .ai
            .as_ref()
            .is_some_and(|r| r.answer.is_some() && r.started.elapsed() >= self.config.ai_delay);
        if ready {
            let request = self.ai.take().expect("checked above");
            if let Some(Some(decision)) = request.answer {
                // The AI only proposes legal moves; if one were not, the game would stall
                // here rather than break the position.
                changed = self
                    .push(decision.mv, Side::Ai, Some(decision.reason))
                    .is_ok();
            }
        }
        if self.ai.is_none()
            && self.failure.is_none()
            && !self.is_over()
            && self.to_move() == Side::Ai
        {
            self.start_ai();
        }
        changed
    }

    fn start_ai(&mut self) {
        let id = self.next_id;
        self.next_id += 1;
        let seed: u64 = self.rng.random();
        let position = self.current.clone();
        let level = self.config.level;
        let tx = self.tx.clone();
        let solutions = Arc::clone(&self.solutions);
        self.failure = spawn_worker(tx, move || {
            let mut rng = ReplayRng::seed_from_u64(seed);
            let decision = choose_move_shared(&position, level, &mut rng, &solutions);
            WorkerResult::Ai { id, decision }
        })
        .err();
        self.ai = Some(AiRequest {
            id,
            started: Instant::now(),
            answer: None,
        });
    }

    /// The analysis of the current position, if computed; otherwise starts computing it (on a
    /// worker thread) and returns `None`.
    pub fn analysis(&mut self) -> Option<Arc<Analysis<P>>> {
        if let Some((_, a)) = self.analyses.iter().find(|(p, _)| p == &self.current) {
            return Some(Arc::clone(a));
        }
        if self.analysing.as_ref() != Some(&self.current) && self.failure.is_none() {
            let position = self.current.clone();
            self.analysing = Some(position.clone());
            let tx = self.tx.clone();
            let solutions = Arc::clone(&self.solutions);
            let result = spawn_worker(tx, move || {
                let analysis = Arc::new(Analysis::shared(&position, ANALYSIS_MOVES, &solutions));
                WorkerResult::Analysis { position, analysis }
            });
            if let Err(e) = result {
                self.failure = Some(e);
                self.analysing = None;
            }
        }
        None
    }

    /// How many parts the cached analyses hold together (memory: about 40 bytes a part).
    pub fn cached_analysis_parts(&self) -> usize {
        self.analyses.iter().map(|(_, a)| a.parts.len()).sum()
    }

    /// The cached analysis of the current position, without starting one.
    pub fn cached_analysis(&self) -> Option<Arc<Analysis<P>>> {
        self.analyses
            .iter()
            .find(|(p, _)| p == &self.current)
            .map(|(_, a)| Arc::clone(a))
    }

    /// Waits (sleeping, for tests and scripted play) until neither the AI nor an analysis is
    /// running, at most `timeout`. Returns whether the position changed.
    pub fn settle(&mut self, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        let mut changed = false;
        loop {
            changed |= self.update();
            if (!self.thinking() && !self.analysing() && !self.judging())
                || Instant::now() >= deadline
            {
                return changed;
            }
            thread::sleep(Duration::from_millis(2));
        }
    }
}
