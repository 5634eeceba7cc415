//! The judge's report in the reader's words, for the command line and the terminal game alike:
//! the summary line, a verdict, the failure's lines (the test, the shrinking, the times), and
//! why a program cannot be run or a session could not go on. The session itself
//! ([`super::run`]) returns values only.

use std::time::Duration;

use super::sandbox::{Ending, ProgramError, Run};
use super::{Failure, JudgeError, Options, Report, Verdict};
use crate::tr;

/// A duration as the report says it: seconds with two decimals.
/// How the program was built: the compiler's command line, or the interpreter's.
pub fn built(build: &super::sandbox::Build) -> String {
    let key = if build.interpreted {
        "judge.runs_as"
    } else {
        "judge.built"
    };
    tr!(key, command = build.command).into_owned()
}

pub fn seconds(d: Duration) -> String {
    format!("{:.2}", d.as_secs_f64())
}

fn counted(key: &str, n: usize) -> String {
    crate::locale::counted(crate::locale::lang(), key, n as u64, &[])
}

/// `AC: 300 tests (3 samples, 250 random, 47 at the limits), slowest 0.42 s of 1 s (grundy
/// 0.01 s)`.
pub fn summary(report: &Report, options: &Options) -> String {
    let [samples, random, limits] = report.passed;
    let (slowest, own) = report
        .slowest
        .as_ref()
        .map_or((Duration::ZERO, Duration::ZERO), |(_, cpu, own)| {
            (*cpu, *own)
        });
    tr!(
        "judge.accepted",
        tests = counted("judge.count.tests", samples + random + limits),
        samples = counted("judge.count.samples", samples),
        random = random,
        limits = limits,
        slowest = seconds(slowest),
        limit = seconds(options.limits.time),
        own = seconds(own),
        elapsed = seconds(report.elapsed)
    )
    .into_owned()
}

/// What a verdict means, with the limit it is about.
pub fn verdict(verdict: &Verdict, options: &Options) -> String {
    match verdict {
        Verdict::Accepted => tr!("judge.verdict.ac").into_owned(),
        Verdict::WrongAnswer => tr!("judge.verdict.wa").into_owned(),
        Verdict::Presentation => tr!("judge.verdict.pe").into_owned(),
        Verdict::TimeLimit => {
            tr!("judge.verdict.tle", limit = seconds(options.limits.time)).into_owned()
        }
        Verdict::MemoryLimit => {
            tr!("judge.verdict.mle", mib = options.limits.memory >> 20).into_owned()
        }
        Verdict::OutputLimit => {
            tr!("judge.verdict.ole", mib = options.limits.output >> 20).into_owned()
        }
        Verdict::Runtime(Ending::Signaled(signal)) => {
            tr!("judge.verdict.re_signal", signal = signal).into_owned()
        }
        Verdict::Runtime(Ending::Exited(code)) => {
            tr!("judge.verdict.re_exit", code = code).into_owned()
        }
        Verdict::Runtime(_) => tr!("judge.verdict.re_exit", code = "?").into_owned(),
    }
}

/// `WA (wrong answer) on test random-17, 16 passed`.
pub fn failed(failure: &Failure, report: &Report, options: &Options) -> String {
    let [samples, random, limits] = report.passed;
    tr!(
        "judge.failed",
        verdict = failure.verdict.short(),
        words = verdict(&failure.verdict, options),
        test = failure.test.name,
        passed = counted("judge.count.passed", samples + random + limits)
    )
    .into_owned()
}

/// How far the input was shrunk, if it was.
pub fn shrunk(failure: &Failure) -> Option<String> {
    (failure.shrink_runs > 0).then(|| {
        tr!(
            "judge.shrunk",
            from = failure.original_bytes,
            to = failure.input.len(),
            runs = counted("judge.count.runs", failure.shrink_runs),
            time = seconds(failure.shrink_time)
        )
        .into_owned()
    })
}

/// A failure about size (time, memory): no input is shown, the times are.
pub fn about_size(failure: &Failure) -> bool {
    matches!(failure.verdict, Verdict::TimeLimit | Verdict::MemoryLimit)
}

/// The program's time and memory on the failing input beside grundy's time.
pub fn times(failure: &Failure) -> String {
    let judged = &failure.judged;
    tr!(
        "judge.times",
        program = seconds(judged.run.cpu),
        wall = seconds(judged.run.wall),
        own = seconds(judged.reference_time),
        mib = judged.run.peak_memory >> 20,
        bytes = failure.input.len()
    )
    .into_owned()
}

/// The program's output, its control characters escaped line by line (the line ends stay).
pub fn got(run: &Run) -> String {
    let got: Vec<String> = String::from_utf8_lossy(&run.stdout)
        .lines()
        .map(crate::input::escape_controls)
        .collect();
    got.join("\n")
}

/// The end of the program's standard error, its control characters escaped, if it said
/// anything.
pub fn stderr_lines(run: &Run) -> Vec<String> {
    run.stderr_tail
        .trim_end()
        .lines()
        .map(crate::input::escape_controls)
        .collect()
}

/// At most `lines` lines of `text`, and how many more there were.
pub fn clipped(text: &str, lines: usize) -> String {
    let all: Vec<&str> = text.lines().collect();
    if all.len() <= lines {
        return text.trim_end().to_string();
    }
    let mut shown = all[..lines].join("\n");
    shown.push('\n');
    shown.push_str(&tr!("judge.more_lines", count = all.len() - lines));
    shown
}

/// Why a program cannot be run.
pub fn program_error(e: &ProgramError) -> String {
    match e {
        ProgramError::NotFound(path) => tr!("judge.error.not_found", path = path.display()),
        ProgramError::Directory(path) => tr!("judge.error.directory", path = path.display()),
        ProgramError::NotExecutable(path) => {
            tr!("judge.error.not_executable", path = path.display())
        }
        ProgramError::NoCompiler { compiler, source } => tr!(
            "judge.error.no_compiler",
            compiler = compiler,
            path = source.display()
        ),
        ProgramError::Compile { command, output } => {
            tr!("judge.error.compile", command = command, output = output)
        }
        ProgramError::Io(e) => e.to_string().into(),
    }
    .into_owned()
}

/// Why a session could not go on; a rules file's error is worded by `rules_error` (the
/// interface's words for a [`crate::rules::RulesError`]).
pub fn session_error(
    e: &JudgeError,
    rules_error: &dyn Fn(&crate::rules::RulesError) -> String,
) -> String {
    match e {
        JudgeError::Io(e) => e.to_string(),
        JudgeError::Generator(e) => tr!("judge.error.generator", error = e).into_owned(),
        // Only a shrinker's candidate is no position, and it is passed over.
        JudgeError::NotPosition => tr!("judge.error.generator", error = "?").into_owned(),
        JudgeError::Rules(e, None) => rules_error(e),
        JudgeError::Rules(e, Some(position)) => tr!(
            "judge.rules.failed_on",
            position = crate::rules::quoted(position),
            error = rules_error(e)
        )
        .into_owned(),
        JudgeError::TooLarge(position) => tr!(
            "judge.rules.too_large",
            position = crate::rules::quoted(position)
        )
        .into_owned(),
        JudgeError::NoRandom(start) => {
            tr!("judge.rules.no_random", start = crate::rules::quoted(start)).into_owned()
        }
        JudgeError::Cancelled => tr!("judge.cancelled").into_owned(),
    }
}
