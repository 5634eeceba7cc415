//! 对拍: checking a student's program against grundy's own solvers. For a contest format of
//! [`crate::contest::FORMATS`] the judge runs the program on the problem's samples, then on
//! random inputs from the format's generator ([`formats`]), small first, then medium, then at
//! the statement's limits, each answered by grundy's solver; compares the outputs token by
//! token; and on the first failure shrinks the input ([`shrink`]) while it still fails.
//! The program runs in [`sandbox`]. Values only: `words` (with the interface) words the
//! report for the command line and the terminal game alike.

pub mod formats;
pub mod input;
pub mod rules;
pub mod samples;
pub mod sandbox;
pub mod shrink;
// Words need the locale, which comes with the interface.
#[cfg(feature = "tui")]
pub mod words;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::SeedableRng;

use crate::contest::{self, Format};
use crate::input::{InputError, Reader};
use crate::setup::ReplayRng;

pub use formats::{Answers, Spec};
use input::{Gen, Level, Node};
use sandbox::{Ending, Limits, Program, Run};

/// The grundy position code of case `i` of an input.
pub type CodeOf = Box<dyn Fn(&Node, usize) -> Option<String> + Send + Sync>;
/// grundy's answer to an input (its tree where it has one: a sample has none), or why it is
/// no input of the problem.
pub type Reference = Box<dyn Fn(Option<&Node>, &[u8]) -> Result<String, JudgeError> + Send + Sync>;
/// A random input's tree at one size.
pub type Generate = Box<dyn Fn(&mut Gen) -> Result<Node, JudgeError> + Send + Sync>;
/// The text of an input's tree.
pub type Render = Box<dyn Fn(&Node) -> Result<String, JudgeError> + Send + Sync>;

/// What a session judges against: a format's generator, printer and constraints, and the
/// reference that answers an input. Built from a contest format ([`Problem::contest`]), an
/// octal code ([`Problem::octal`]) or a rules file (the command line's).
pub struct Problem {
    pub id: String,
    pub time_ms: u64,
    pub memory_mib: u64,
    pub words: Vec<String>,
    pub answers: Answers,
    pub generate: Generate,
    pub render: Render,
    pub valid: Box<dyn Fn(&Node) -> bool + Send + Sync>,
    pub code: CodeOf,
    pub reference: Reference,
    /// Whether `reference` reads the input's tree (a rules file's position), not only its text.
    pub reference_reads_tree: bool,
    /// The samples' inputs and where each is from.
    pub samples: Vec<(String, String)>,
}

impl Problem {
    /// The contest format `id` of [`crate::contest::FORMATS`].
    pub fn contest(id: &str) -> Option<Problem> {
        let format: &'static Format = contest::find(id)?;
        let spec: &'static Spec = formats::spec(id)?;
        Some(Problem {
            id: id.to_string(),
            time_ms: spec.time_ms,
            memory_mib: spec.memory_mib,
            words: spec.words.iter().map(|w| w.to_string()).collect(),
            answers: spec.answers,
            generate: Box::new(|g| Ok((spec.generate)(g))),
            render: Box::new(|node| Ok((spec.render)(node))),
            valid: Box::new(spec.valid),
            code: Box::new(|node, case| (spec.code)(node, case).filter(|c| is_code(c))),
            reference: Box::new(move |_, input| {
                reference(format, input).map_err(JudgeError::Generator)
            }),
            reference_reads_tree: false,
            samples: samples::of(id)
                .into_iter()
                .map(|s| (s.input.to_string(), s.source.to_string()))
                .collect(),
        })
    }

    /// The octal (or hexadecimal) game `code`: n (≤ 1000) then n heaps (≤ [`OCTAL_HEAP`]) →
    /// `First` when the player to move wins, else `Second`.
    pub fn octal(text: &str) -> Result<Problem, crate::game::CodeError> {
        let code = crate::games::heaps::octal::OctalCode::parse(text)?;
        let values = code.values(OCTAL_HEAP);
        let name = code.code();
        let printed = name.clone();
        Ok(Problem {
            id: format!("octal {name}"),
            time_ms: 1000,
            memory_mib: 256,
            words: vec!["First".into(), "Second".into()],
            answers: Answers::Whole,
            generate: Box::new(|g| {
                let n = g.count(1, 1000);
                Ok(Node::of((0..n).map(|_| g.value(0, OCTAL_HEAP))))
            }),
            render: Box::new(|node| {
                Ok(format!(
                    "{}\n{}\n",
                    node.items().len(),
                    input::joined(node.nums())
                ))
            }),
            valid: Box::new(|_| true),
            code: Box::new(move |node, _| {
                let heaps: Vec<String> = node.nums().iter().map(u64::to_string).collect();
                Some(format!("octal:{printed}:{}", heaps.join(","))).filter(|c| is_code(c))
            }),
            reference: Box::new(move |_, input| {
                let answer = || -> Result<String, InputError> {
                    let mut numbers = crate::input::Numbers::new(input);
                    let n = numbers.next("n", 1..=1000)?;
                    let mut sum = 0;
                    for i in 1..=n {
                        let a = numbers.next(format_args!("a_{i}"), 0..=OCTAL_HEAP)?;
                        sum ^= values[a as usize];
                    }
                    numbers.expect_end(format_args!("a_{n}"))?;
                    Ok(if sum != 0 { "First\n" } else { "Second\n" }.to_string())
                };
                answer().map_err(JudgeError::Generator)
            }),
            reference_reads_tree: false,
            samples: Vec::new(),
        })
    }
}

/// Whether `code` is a position code grundy reads (`play --code`, `analyze`).
fn is_code(code: &str) -> bool {
    crate::games::AnyPosition::from_code(code).is_ok()
}

/// The largest heap of `--octal`'s inputs.
pub const OCTAL_HEAP: u64 = 2000;

/// What kind of test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Sample,
    Random,
    Limit,
}

/// One test: its name (`sample-1`, `random-17`, `limit-3`), kind and input.
#[derive(Clone, Debug)]
pub struct Test {
    pub name: String,
    pub kind: Kind,
    /// How a random input's tree is drawn again (samples have none: they are shrunk as they
    /// are not): its stream's seed and its size. Kept instead of the tree, which for inputs at
    /// the limits is many times their text (a session of p2197 held 145 MB of trees).
    drawn: Option<(u64, Level)>,
    pub input: String,
}

impl Test {
    /// The tree of a random input, drawn again from its seed (the same tree every time).
    pub fn tree(&self, problem: &Problem) -> Result<Option<Node>, JudgeError> {
        self.drawn
            .map(|(seed, level)| draw(problem, seed, level))
            .transpose()
    }
}

/// The tree of a random input of `level` from the stream of `seed`.
fn draw(problem: &Problem, seed: u64, level: Level) -> Result<Node, JudgeError> {
    let mut rng = ReplayRng::seed_from_u64(seed);
    (problem.generate)(&mut Gen {
        rng: &mut rng,
        level,
    })
}

/// A judge's verdict on one test.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    Accepted,
    WrongAnswer,
    /// Output that is not the problem's words or numbers, or has too few or too many tokens.
    Presentation,
    TimeLimit,
    MemoryLimit,
    /// A non-zero exit code or a signal.
    Runtime(Ending),
    OutputLimit,
}

impl Verdict {
    /// The judge's abbreviation.
    pub fn short(&self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer => "WA",
            Verdict::Presentation => "PE",
            Verdict::TimeLimit => "TLE",
            Verdict::MemoryLimit => "MLE",
            Verdict::Runtime(_) => "RE",
            Verdict::OutputLimit => "OLE",
        }
    }

    /// The same kind of failure (a shrunk input must keep it): RE's exit codes may differ.
    fn same_kind(&self, other: &Verdict) -> bool {
        self.short() == other.short()
    }
}

/// The options of a session.
#[derive(Clone, Debug)]
pub struct Options {
    /// Random tests (the samples come on top).
    pub tests: usize,
    pub seed: u64,
    pub jobs: usize,
    pub limits: Limits,
    /// Most program runs spent shrinking.
    pub shrink_runs: usize,
    /// Set from another thread to stop the session (the terminal game's Esc): the program
    /// running is killed and [`run`] returns [`JudgeError::Cancelled`].
    pub stop: Option<Arc<AtomicBool>>,
}

impl Options {
    fn stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

/// The default number of random tests.
pub const DEFAULT_TESTS: usize = 300;

/// The most bytes of input all the tests at the limit take together (the rest are dropped):
/// 40 inputs of a megabyte, or 6 of the coin game's 6 MB.
const LIMIT_BYTES: usize = 48 << 20;

/// The statement's limits of a format, with an output cap far above any right answer.
pub fn statement_limits(problem: &Problem) -> Limits {
    Limits {
        time: Duration::from_millis(problem.time_ms),
        memory: problem.memory_mib << 20,
        output: 64 << 20,
    }
}

/// Grundy's answer to `input` in `format`.
pub fn reference(format: &Format, input: &[u8]) -> Result<String, InputError> {
    match format.read {
        contest::Read::Stream(_, solve_from) => solve_from(&mut Reader::new(input)),
        contest::Read::Whole(solve) => solve(input),
    }
}

/// The tests of a session, in order: the samples, then `count` random ones, small (60%),
/// medium (25%), then at the limits (15%, as many as `LIMIT_BYTES` (48 MiB) allows). The same seed
/// gives the same tests.
pub fn tests(problem: &Problem, count: usize, seed: u64) -> Result<Vec<Test>, JudgeError> {
    let mut out: Vec<Test> = problem
        .samples
        .iter()
        .enumerate()
        .map(|(i, (input, _))| Test {
            name: format!("sample-{}", i + 1),
            kind: Kind::Sample,
            drawn: None,
            input: input.clone(),
        })
        .collect();
    let limit = if count == 0 {
        0
    } else {
        (count * 15 / 100).max(1)
    };
    let medium = count.saturating_sub(limit) * 25 / 85;
    let small = count - limit - medium;
    let mut limit_bytes = 0;
    for i in 0..count {
        let (level, kind) = if i < small {
            (Level::Small, Kind::Random)
        } else if i < small + medium {
            (Level::Medium, Kind::Random)
        } else {
            (Level::Limit, Kind::Limit)
        };
        // Each test its own stream, so one test's draws never shift another's.
        let stream = seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let input = (problem.render)(&draw(problem, stream, level)?)?;
        if kind == Kind::Limit {
            limit_bytes += input.len();
            if limit_bytes > LIMIT_BYTES && out.iter().any(|t| t.kind == Kind::Limit) {
                break;
            }
        }
        let name = match kind {
            Kind::Limit => format!("limit-{}", i + 1 - small - medium),
            _ => format!("random-{}", i + 1),
        };
        out.push(Test {
            name,
            kind,
            drawn: Some((stream, level)),
            input,
        });
    }
    Ok(out)
}

/// One test judged.
#[derive(Clone, Debug)]
pub struct Judged {
    pub verdict: Verdict,
    pub expected: String,
    pub run: Run,
    /// Grundy's own time on it.
    pub reference_time: Duration,
}

/// Judges `program`'s output on `input` against grundy's.
pub fn judge_one(
    problem: &Problem,
    program: &Program,
    tree: Option<&Node>,
    input: &str,
    options: &Options,
) -> Result<Judged, JudgeError> {
    let limits = &options.limits;
    let started = Instant::now();
    let expected = (problem.reference)(tree, input.as_bytes())?;
    let reference_time = started.elapsed();
    let run = program
        .run_until(input.as_bytes(), limits, options.stop.as_deref())
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::Interrupted if options.stopped() => JudgeError::Cancelled,
            _ => JudgeError::Io(e),
        })?;
    let verdict = verdict(problem, &expected, &run, limits);
    Ok(Judged {
        verdict,
        expected,
        run,
        reference_time,
    })
}

/// Why a session could not go on.
#[derive(Debug)]
pub enum JudgeError {
    /// The program could not be run at all.
    Io(std::io::Error),
    /// grundy's reader refused an input of its own generator: a bug of grundy's.
    Generator(InputError),
    /// A rules file's function failed (`random`, `input`, `answer`, or `moves` in the search),
    /// and on which position (a Rhai literal) where it was called on one.
    Rules(Box<crate::rules::RulesError>, Option<String>),
    /// A tree that is no position of the rules file (an edit of the shrinker broke a tag: the
    /// candidate is passed over).
    NotPosition,
    /// A rules file's search could not answer this position (a Rhai literal) within its
    /// budget, even at the smallest size.
    TooLarge(String),
    /// A rules file whose positions the judge does not draw by itself (not an integer or an
    /// array of integers) and that has no `fn random`: its `start()` as a literal.
    NoRandom(String),
    /// [`Options::stop`] was set.
    Cancelled,
}

/// The verdict on one run.
pub fn verdict(problem: &Problem, expected: &str, run: &Run, limits: &Limits) -> Verdict {
    let failed_to_allocate = |text: &str| {
        [
            "bad_alloc",
            "memory allocation of",
            "MemoryError",
            "Cannot allocate memory",
            "out of memory",
        ]
        .iter()
        .any(|m| text.contains(m))
    };
    match &run.ending {
        Ending::TimedOut => return Verdict::TimeLimit,
        Ending::OutputLimit => return Verdict::OutputLimit,
        _ if run.peak_memory > limits.memory => return Verdict::MemoryLimit,
        Ending::Exited(0) => {}
        ending => {
            if failed_to_allocate(&run.stderr_tail) {
                return Verdict::MemoryLimit;
            }
            return Verdict::Runtime(ending.clone());
        }
    }
    if run.cpu > limits.time {
        return Verdict::TimeLimit;
    }
    compare(&problem.words, expected, &run.stdout)
}

/// Token-by-token comparison, as judges do: whitespace does not matter, case does.
pub fn compare(words: &[String], expected: &str, got: &[u8]) -> Verdict {
    let Ok(got) = std::str::from_utf8(got) else {
        return Verdict::Presentation;
    };
    let want: Vec<&str> = expected.split_ascii_whitespace().collect();
    let have: Vec<&str> = got.split_ascii_whitespace().collect();
    // A token that is no answer at all (`YES` for `Yes`, text for a number) is a
    // presentation error wherever it is.
    let well_formed = |w: &str, h: &str| {
        if words.iter().any(|x| x == w) {
            words.iter().any(|x| x == h)
        } else if w.parse::<i128>().is_ok() {
            h.parse::<i128>().is_ok()
        } else {
            true
        }
    };
    if want.len() != have.len() || want.iter().zip(&have).any(|(w, h)| !well_formed(w, h)) {
        return Verdict::Presentation;
    }
    if want == have {
        Verdict::Accepted
    } else {
        Verdict::WrongAnswer
    }
}

/// The index of the case whose answer is the first to differ.
pub fn failing_case(answers: Answers, expected: &str, got: &[u8]) -> usize {
    let got = String::from_utf8_lossy(got);
    match answers {
        Answers::Whole => 0,
        Answers::PerLine => {
            let mut have = got.lines().map(str::split_ascii_whitespace);
            expected
                .lines()
                .position(|w| {
                    have.next()
                        .is_none_or(|h| !w.split_ascii_whitespace().eq(h))
                })
                .unwrap_or(0)
        }
        Answers::PerLetter => {
            let want = expected.trim().as_bytes();
            let have = got.trim().as_bytes();
            (0..want.len())
                .find(|&i| have.get(i) != want.get(i))
                .unwrap_or(0)
        }
    }
}

/// A failing test, shrunk.
#[derive(Clone, Debug)]
pub struct Failure {
    /// The test that failed first, as run, and its judging.
    pub test: Test,
    pub first: Judged,
    pub verdict: Verdict,
    /// The smallest input found that still fails the same way, and the judging of it.
    pub input: String,
    pub judged: Judged,
    /// The grundy code of the failing case's position, where it is one.
    pub code: Option<String>,
    /// Program runs spent shrinking, and the time they took.
    pub shrink_runs: usize,
    pub shrink_time: Duration,
    /// The bytes of the input before shrinking.
    pub original_bytes: usize,
}

/// A whole session's result.
#[derive(Clone, Debug)]
pub struct Report {
    /// The tests that passed, by kind: samples, random, at the limits.
    pub passed: [usize; 3],
    /// The slowest passed run: its test, the program's CPU time and grundy's.
    pub slowest: Option<(String, Duration, Duration)>,
    pub failure: Option<Failure>,
    pub elapsed: Duration,
}

/// Progress, for a bar: tests done of all.
pub type Progress<'a> = &'a (dyn Fn(usize, usize) + Sync);

/// Runs the session: every test, on `options.jobs` threads, to the first failure (the failure
/// of the earliest test, whichever thread found it, so the report does not depend on the
/// threads), then shrinks it.
pub fn run(
    problem: &Problem,
    program: &Program,
    options: &Options,
    progress: Progress,
) -> Result<Report, JudgeError> {
    let started = Instant::now();
    let tests = tests(problem, options.tests, options.seed)?;
    progress(0, tests.len());
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    // The earliest failing test so far (index, judging), and the results of the passed tests.
    let first_failure: Mutex<Option<(usize, Judged)>> = Mutex::new(None);
    let passed: Mutex<Vec<(usize, Duration, Duration)>> = Mutex::new(Vec::new());
    let error: Mutex<Option<JudgeError>> = Mutex::new(None);
    let jobs = options.jobs.max(1).min(tests.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= tests.len() {
                        return;
                    }
                    let failed_before = first_failure
                        .lock()
                        .expect("no panics while held")
                        .as_ref()
                        .is_some_and(|(f, _)| *f < i);
                    if failed_before || error.lock().expect("no panics").is_some() {
                        return;
                    }
                    let test = &tests[i];
                    // A tree is drawn again only for a reference that reads it (a rules
                    // file's); a contest's reads the text.
                    let tree = match problem.reference_reads_tree {
                        true => test.tree(problem),
                        false => Ok(None),
                    };
                    let judged = tree.and_then(|tree| {
                        judge_one(problem, program, tree.as_ref(), &test.input, options)
                    });
                    match judged {
                        Ok(judged) if judged.verdict == Verdict::Accepted => {
                            passed.lock().expect("no panics").push((
                                i,
                                judged.run.cpu,
                                judged.reference_time,
                            ));
                        }
                        Ok(judged) => {
                            let mut first = first_failure.lock().expect("no panics");
                            if first.as_ref().is_none_or(|(f, _)| i < *f) {
                                *first = Some((i, judged));
                            }
                        }
                        Err(e) => {
                            *error.lock().expect("no panics") = Some(e);
                            return;
                        }
                    }
                    progress(done.fetch_add(1, Ordering::SeqCst) + 1, tests.len());
                }
            });
        }
    });
    if let Some(e) = error.into_inner().expect("no panics") {
        return Err(e);
    }
    let first_failure = first_failure.into_inner().expect("no panics");
    let mut passed = passed.into_inner().expect("no panics");
    // Only the tests before the failure count: the others ran on threads that had not heard.
    if let Some((f, _)) = &first_failure {
        passed.retain(|(i, ..)| i < f);
    }
    let mut counts = [0; 3];
    for (i, ..) in &passed {
        counts[tests[*i].kind as usize] += 1;
    }
    let slowest = passed
        .iter()
        .max_by_key(|(_, cpu, _)| *cpu)
        .map(|(i, cpu, own)| (tests[*i].name.clone(), *cpu, *own));
    let failure = match first_failure {
        None => None,
        Some((i, judged)) => Some(shrunk(problem, program, options, &tests[i], judged)?),
    };
    Ok(Report {
        passed: counts,
        slowest,
        failure,
        elapsed: started.elapsed(),
    })
}

/// Shrinks a failing test (not a timeout or a memory overrun: those are about size).
fn shrunk(
    problem: &Problem,
    program: &Program,
    options: &Options,
    test: &Test,
    judged: Judged,
) -> Result<Failure, JudgeError> {
    let started = Instant::now();
    let verdict = judged.verdict.clone();
    let first = judged.clone();
    let about_size = matches!(verdict, Verdict::TimeLimit | Verdict::MemoryLimit);
    let (tree, input, judged, runs) = match (test.tree(problem)?, about_size) {
        (Some(tree), false) => {
            let mut best: Option<(Node, String, Judged)> = None;
            let mut io_error = None;
            let (_, runs) = shrink::shrink(tree.clone(), options.shrink_runs, |candidate| {
                if !(problem.valid)(candidate) {
                    return false;
                }
                let Ok(text) = (problem.render)(candidate) else {
                    return false;
                };
                if (problem.reference)(Some(candidate), text.as_bytes()).is_err() {
                    return false;
                }
                if options.stopped() {
                    return false;
                }
                match judge_one(problem, program, Some(candidate), &text, options) {
                    Ok(j) if j.verdict.same_kind(&verdict) => {
                        best = Some((candidate.clone(), text, j));
                        true
                    }
                    Ok(_) => false,
                    Err(e) => {
                        io_error.get_or_insert(e);
                        false
                    }
                }
            });
            if options.stopped() {
                return Err(JudgeError::Cancelled);
            }
            if let Some(e) = io_error
                && best.is_none()
            {
                return Err(e);
            }
            match best {
                Some((tree, text, j)) => (Some(tree), text, j, runs),
                None => (Some(tree.clone()), test.input.clone(), judged, runs),
            }
        }
        (tree, _) => (tree.clone(), test.input.clone(), judged, 0),
    };
    let code = tree.as_ref().and_then(|tree| {
        let case = failing_case(problem.answers, &judged.expected, &judged.run.stdout);
        (problem.code)(tree, case)
    });
    Ok(Failure {
        test: test.clone(),
        first,
        verdict,
        original_bytes: test.input.len(),
        input,
        judged,
        code,
        shrink_runs: runs,
        shrink_time: started.elapsed(),
    })
}
