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
use crate::judge::sandbox::{Program, ProgramError};
use crate::judge::{self, Failure as Failed, JudgeError, Options, Problem, Report, words};
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
        writeln!(out, "{}", words::built(build))?;
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
        stop: None,
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
            writeln!(out, "{}", words::summary(&report, &options))?;
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
    let words = words::session_error(&e, &|e| super::rules::render_error(e));
    match e {
        JudgeError::Io(e) => Failure::Io(e),
        // A bug of grundy's own: its generator made an input its reader refuses (or a
        // shrinker's candidate that is no position, which is passed over before this).
        JudgeError::Generator(_) | JudgeError::NotPosition | JudgeError::Cancelled => {
            Failure::Other(anyhow::anyhow!("{words}"))
        }
        JudgeError::Rules(..) | JudgeError::TooLarge(_) | JudgeError::NoRandom(_) => {
            Failure::Input(words)
        }
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
    let said = words::program_error(e);
    match e {
        ProgramError::Compile { .. } => Failure::Compile(said),
        ProgramError::Io(e) => Failure::Io(std::io::Error::new(e.kind(), e.to_string())),
        _ => Failure::Input(said),
    }
}

fn print_failure(
    failure: &Failed,
    report: &Report,
    options: &Options,
    rules: Option<&Rules>,
    out: &mut impl Write,
) -> Result<(), Failure> {
    writeln!(out, "{}", words::failed(failure, report, options))?;
    if let Some(shrunk) = words::shrunk(failure) {
        writeln!(out, "{shrunk}")?;
    }
    let judged = &failure.judged;
    if words::about_size(failure) {
        writeln!(out, "{}", words::times(failure))?;
    } else {
        writeln!(out, "{}", tr!("judge.input"))?;
        writeln!(out, "{}", words::clipped(&failure.input, 40))?;
        writeln!(out, "{}", tr!("judge.expected"))?;
        writeln!(out, "{}", words::clipped(&judged.expected, 20))?;
        writeln!(out, "{}", tr!("judge.got"))?;
        writeln!(out, "{}", words::clipped(&words::got(&judged.run), 20))?;
    }
    let stderr = words::stderr_lines(&judged.run);
    if !stderr.is_empty() {
        writeln!(out, "{}", tr!("judge.stderr"))?;
        for line in stderr {
            writeln!(out, "{line}")?;
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
