//! `grundy judge PROBLEM -- PROGRAM`: the command line of [`crate::judge`]. It prepares the
//! program (compiling a source), runs the session with a progress bar on standard error, and
//! words the report: the summary line, or the failing case shrunk, with grundy's explanation
//! of its position (`analyze`) and the `play --code` line.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::contest;
use crate::games::{AnyPosition, with_position};
use crate::judge::sandbox::{Ending, Program, ProgramError};
use crate::judge::{self, Failure as Failed, JudgeError, Options, Problem, Report, Verdict};
use crate::rules::Rules;
use crate::rules::budget::{self, Budget};
use crate::solver::SolutionCache;
use crate::tr;

use super::args::JudgeArgs;
use super::{Failure, analyze::analyze};

/// Most program runs spent shrinking a failure.
const SHRINK_RUNS: usize = 3000;

pub(super) fn judge(args: JudgeArgs, out: &mut impl Write) -> Result<ExitCode, Failure> {
    let (problem, rules) = problem_of(&args)?;
    let (program, build) = Program::prepare(&args.program).map_err(|e| program_error(&e))?;
    if let Some(build) = &build {
        writeln!(out, "{}", tr!("judge.built", command = build.command))?;
    }
    let mut limits = judge::statement_limits(&problem);
    if let Some(seconds) = args.time_limit {
        limits.time = Duration::from_secs_f64(seconds);
    }
    if let Some(mib) = args.memory_limit {
        limits.memory = mib << 20;
    }
    let seed = args.seed.unwrap_or_else(rand::random);
    let options = Options {
        tests: args.tests,
        seed,
        jobs: args
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
        limits,
        shrink_runs: SHRINK_RUNS,
    };
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} {msg}") {
        bar.set_style(style);
    }
    bar.set_message(problem.id.clone());
    let progress = |done: usize, all: usize| {
        bar.set_length(all as u64);
        bar.set_position(done as u64);
    };
    let report = judge::run(&problem, &program, &options, &progress);
    bar.finish_and_clear();
    let report = report.map_err(session_error)?;
    let again = again_line(&args, seed);
    match &report.failure {
        None => {
            writeln!(out, "{}", summary(&report, &options))?;
            Ok(ExitCode::SUCCESS)
        }
        Some(failure) => {
            print_failure(failure, &report, &options, rules.as_deref(), out)?;
            writeln!(out, "{}", tr!("judge.again", command = again))?;
            if let Some(dir) = &args.save {
                save(dir, failure)?;
                writeln!(out, "{}", tr!("judge.saved", dir = dir.display()))?;
            }
            Ok(ExitCode::from(1))
        }
    }
}

/// Why a session could not start or go on, as the command line's failure.
fn session_error(e: JudgeError) -> Failure {
    match e {
        JudgeError::Io(e) => Failure::Io(e),
        // A bug of grundy's own: its generator made an input its reader refuses.
        JudgeError::Generator(e) => Failure::Other(anyhow::anyhow!(
            "{}",
            tr!("judge.error.generator", error = e)
        )),
        // Only a shrinker's candidate is no position, and it is passed over.
        JudgeError::NotPosition => Failure::Other(anyhow::anyhow!(
            "{}",
            tr!("judge.error.generator", error = "?")
        )),
        JudgeError::Rules(e, None) => Failure::Input(super::rules::render_error(&e)),
        JudgeError::Rules(e, Some(position)) => Failure::Input(
            tr!(
                "judge.rules.failed_on",
                position = crate::rules::quoted(&position),
                error = super::rules::render_error(&e)
            )
            .into(),
        ),
        JudgeError::TooLarge(position) => Failure::Input(
            tr!(
                "judge.rules.too_large",
                position = crate::rules::quoted(&position)
            )
            .into(),
        ),
        JudgeError::NoRandom(start) => Failure::Input(
            tr!(
                "judge.rules.no_random",
                start = crate::rules::quoted(&start)
            )
            .into(),
        ),
    }
}

/// The problem the arguments name, and the rules file it is the game of, if it is one.
fn problem_of(args: &JudgeArgs) -> Result<(Problem, Option<Arc<Rules>>), Failure> {
    if let Some(code) = &args.octal {
        let problem = Problem::octal(code).map_err(|e| {
            Failure::Input(tr!("judge.error.octal", code = code, error = e.words()).into())
        })?;
        return Ok((problem, None));
    }
    if let Some(path) = &args.rules {
        let rules = Arc::new(budget::answer(Budget::answer(), || {
            super::rules::load(path)
        })?);
        let problem = judge::rules::problem(rules.clone()).map_err(session_error)?;
        return Ok((problem, Some(rules)));
    }
    let id = args.problem.as_deref().unwrap_or_default();
    let problem = Problem::contest(id).ok_or_else(|| {
        Failure::Input(
            tr!(
                "judge.error.unknown",
                id = crate::input::excerpt(id.as_bytes(), 40),
                formats = contest::ids(contest::FORMATS)
            )
            .into(),
        )
    })?;
    Ok((problem, None))
}

use crate::locale::Words;

fn program_error(e: &ProgramError) -> Failure {
    match e {
        ProgramError::NotFound(path) => {
            Failure::Input(tr!("judge.error.not_found", path = path.display()).into())
        }
        ProgramError::Directory(path) => {
            Failure::Input(tr!("judge.error.directory", path = path.display()).into())
        }
        ProgramError::NotExecutable(path) => {
            Failure::Input(tr!("judge.error.not_executable", path = path.display()).into())
        }
        ProgramError::NoCompiler { compiler, source } => Failure::Input(
            tr!(
                "judge.error.no_compiler",
                compiler = compiler,
                path = source.display()
            )
            .into(),
        ),
        ProgramError::Compile { command, output } => {
            Failure::Compile(tr!("judge.error.compile", command = command, output = output).into())
        }
        ProgramError::Io(e) => Failure::Io(std::io::Error::new(e.kind(), e.to_string())),
    }
}

fn seconds(d: Duration) -> String {
    format!("{:.2}", d.as_secs_f64())
}

/// `AC: 300 tests (3 samples, 250 random, 47 at the limits), slowest 0.42 s of 1 s (grundy
/// 0.01 s)`.
fn summary(report: &Report, options: &Options) -> String {
    let [samples, random, limits] = report.passed;
    let (slowest, own) = report
        .slowest
        .as_ref()
        .map_or((Duration::ZERO, Duration::ZERO), |(_, cpu, own)| {
            (*cpu, *own)
        });
    let lang = crate::locale::lang();
    let count = |key: &str, n: usize| crate::locale::counted(lang, key, n as u64, &[]);
    tr!(
        "judge.accepted",
        tests = count("judge.count.tests", samples + random + limits),
        samples = count("judge.count.samples", samples),
        random = random,
        limits = limits,
        slowest = seconds(slowest),
        limit = seconds(options.limits.time),
        own = seconds(own),
        elapsed = seconds(report.elapsed)
    )
    .into_owned()
}

fn verdict_words(verdict: &Verdict, options: &Options) -> String {
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

/// At most `lines` lines of `text`, and how many more there were.
fn clipped(text: &str, lines: usize) -> String {
    let all: Vec<&str> = text.lines().collect();
    if all.len() <= lines {
        return text.trim_end().to_string();
    }
    let mut shown = all[..lines].join("\n");
    shown.push('\n');
    shown.push_str(&tr!("judge.more_lines", count = all.len() - lines));
    shown
}

fn print_failure(
    failure: &Failed,
    report: &Report,
    options: &Options,
    rules: Option<&Rules>,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let [samples, random, limits] = report.passed;
    writeln!(
        out,
        "{}",
        tr!(
            "judge.failed",
            verdict = failure.verdict.short(),
            words = verdict_words(&failure.verdict, options),
            test = failure.test.name,
            passed = crate::locale::counted(
                crate::locale::lang(),
                "judge.count.passed",
                (samples + random + limits) as u64,
                &[]
            )
        )
    )?;
    if failure.shrink_runs > 0 {
        writeln!(
            out,
            "{}",
            tr!(
                "judge.shrunk",
                from = failure.original_bytes,
                to = failure.input.len(),
                runs = crate::locale::counted(
                    crate::locale::lang(),
                    "judge.count.runs",
                    failure.shrink_runs as u64,
                    &[]
                ),
                time = seconds(failure.shrink_time)
            )
        )?;
    }
    let judged = &failure.judged;
    if matches!(failure.verdict, Verdict::TimeLimit | Verdict::MemoryLimit) {
        writeln!(
            out,
            "{}",
            tr!(
                "judge.times",
                program = seconds(judged.run.cpu),
                wall = seconds(judged.run.wall),
                own = seconds(judged.reference_time),
                mib = judged.run.peak_memory >> 20,
                bytes = failure.input.len()
            )
        )?;
    } else {
        writeln!(out, "{}", tr!("judge.input"))?;
        writeln!(out, "{}", clipped(&failure.input, 40))?;
        writeln!(out, "{}", tr!("judge.expected"))?;
        writeln!(out, "{}", clipped(&judged.expected, 20))?;
        writeln!(out, "{}", tr!("judge.got"))?;
        // Its control characters escaped, line by line (the line ends stay line ends).
        let got: Vec<String> = String::from_utf8_lossy(&judged.run.stdout)
            .lines()
            .map(crate::input::escape_controls)
            .collect();
        let got = got.join("\n");
        writeln!(out, "{}", clipped(&got, 20))?;
    }
    if !judged.run.stderr_tail.trim().is_empty() {
        writeln!(out, "{}", tr!("judge.stderr"))?;
        for line in judged.run.stderr_tail.trim_end().lines() {
            writeln!(out, "{}", crate::input::escape_controls(line))?;
        }
    }
    if let (Some(code), Some(rules)) = (&failure.code, rules) {
        writeln!(out)?;
        explain_rules(rules, code, out)?;
    } else if let Some(code) = &failure.code
        && let Ok(position) = AnyPosition::from_code(code)
    {
        writeln!(out)?;
        with_position!(position, p => {
            let cache = SolutionCache::new(crate::ai::EXACT_BUDGET);
            analyze(&p, 3, 12, &cache, out)?;
        });
        writeln!(out, "{}", tr!("judge.play", code = code))?;
    }
    Ok(())
}

/// A rules file's failing position explained as `analyze --rules` does (within an answer's
/// budget), and the `play --rules` line to play it.
fn explain_rules(rules: &Rules, code: &str, out: &mut impl Write) -> Result<(), Failure> {
    budget::answer(Budget::answer(), || {
        let root = super::rules::root(rules, Some(code), 0)?;
        super::rules::explain(rules, &root, 12, out)
    })?;
    writeln!(
        out,
        "{}",
        tr!(
            "judge.rules.play",
            file = shell_word(rules.file()),
            code = shell_word(code)
        )
    )?;
    Ok(())
}

/// `word` as one word of a POSIX shell's command line: as it is when it is made of safe
/// characters, else in single quotes.
fn shell_word(word: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "-_./:,=+@%".contains(c);
    if !word.is_empty() && word.chars().all(safe) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// The command that runs the same tests again.
fn again_line(args: &JudgeArgs, seed: u64) -> String {
    let mut line = String::from("grundy judge");
    if let Some(code) = &args.octal {
        line.push_str(&format!(" --octal {code}"));
    } else if let Some(path) = &args.rules {
        line.push_str(&format!(
            " --rules {}",
            shell_word(&path.display().to_string())
        ));
    } else if let Some(id) = &args.problem {
        line.push_str(&format!(" {id}"));
    }
    if args.tests != judge::DEFAULT_TESTS {
        line.push_str(&format!(" --tests {}", args.tests));
    }
    line.push_str(&format!(" --seed {seed} --"));
    for arg in &args.program {
        line.push(' ');
        line.push_str(&arg.to_string_lossy());
    }
    line
}

/// The failing input as oj lays tests out: `NAME.in`, `NAME.out` (grundy's answer),
/// `NAME.got` (the program's), the shrunk input under the test's name and the one first found
/// under `NAME-original`.
fn save(dir: &Path, failure: &Failed) -> Result<(), Failure> {
    std::fs::create_dir_all(dir)?;
    let name = &failure.test.name;
    let write = |stem: &str, input: &str, expected: &str, got: &[u8]| -> std::io::Result<()> {
        std::fs::write(dir.join(format!("{stem}.in")), input)?;
        std::fs::write(dir.join(format!("{stem}.out")), expected)?;
        std::fs::write(dir.join(format!("{stem}.got")), got)
    };
    write(
        name,
        &failure.input,
        &failure.judged.expected,
        &failure.judged.run.stdout,
    )?;
    if failure.shrink_runs > 0 {
        write(
            &format!("{name}-original"),
            &failure.test.input,
            &failure.first.expected,
            &failure.first.run.stdout,
        )?;
    }
    Ok(())
}
