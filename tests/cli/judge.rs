//! `grundy judge` on real student programs: C sources compiled once per test binary (when gcc
//! is installed; each test says so and passes without it otherwise), judged as a student runs
//! them: the verdicts, the shrunk case, the exit codes, `--seed` and `--save`, and the sandbox
//! stopping a sleeper, a forker and a flood without leaving a process behind.

use std::process::Output;

use super::cli::grundy;
use crate::students::{built, program};

fn judge(args: &[&str]) -> (Output, String) {
    let o = grundy(args, b"");
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    (o, text)
}

/// `grundy ARGS`'s standard output, checked to end with exit code `exit`.
fn judged(args: &[&str], exit: i32) -> String {
    let (o, text) = judge(args);
    assert_eq!(
        code(&o),
        exit,
        "{args:?}: {text}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    text
}

/// `grundy ARGS`'s standard error, checked to end with exit code 2 (bad usage).
fn refused(args: &[&str]) -> String {
    let o = grundy(args, b"");
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(code(&o), 2, "{args:?}: {err}");
    err
}

/// A report's lines but the shrinking's, whose time varies.
fn untimed(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| !l.starts_with("shrunk"))
        .map(String::from)
        .collect()
}

fn code(o: &Output) -> i32 {
    o.status.code().expect("exited")
}

/// A right solution is accepted (exit 0) with the summary line; a source file is compiled,
/// and the compiler and flags said.
#[test]
fn a_right_solution_is_accepted() {
    let Some(nim) = program("nim") else { return };
    let text = judged(
        &["judge", "p2197", "--tests", "60", "--seed", "3", "--", &nim],
        0,
    );
    assert!(
        text.starts_with("AC: 61 tests (1 sample, 51 random, 9 at the limits), slowest "),
        "{text}"
    );
    // From source: compiled with gcc -O2, and still right.
    let source = built().unwrap().join("nim.c");
    let text = judged(
        &[
            "judge",
            "p2197",
            "--tests",
            "5",
            "--",
            source.to_str().unwrap(),
        ],
        0,
    );
    assert!(text.starts_with("compiled: gcc -O2 -std=c11"), "{text}");
    // An octal game: n and the heaps.
    let dawson = program("dawson").unwrap();
    let text = judged(
        &["judge", "--octal", "0.07", "--tests", "40", "--", &dawson],
        0,
    );
    assert!(
        text.starts_with("AC: 40 tests (0 samples, 34 random, 6 at the limits)"),
        "{text}"
    );
    // Nim is not Dawson's Kayles: a wrong answer on a small position, with its code.
    let text = judged(
        &["judge", "--octal", "0.3…", "--tests", "40", "--", &dawson],
        1,
    );
    assert!(
        text.contains("play it: grundy play --code octal:0.3...:"),
        "{text}"
    );
}

/// A Nim wrong only when some heap is 0 is found, shrunk to the single case `0`, explained,
/// and the same seed shows the same; --save writes the oj files.
#[test]
fn a_rare_wrong_answer_is_shrunk_explained_and_saved() {
    let Some(wrong) = program("nim_zero") else {
        return;
    };
    let save = tempfile::tempdir().unwrap();
    let dir = save.path().join("failed");
    let run = |seed: &str| {
        judged(
            &[
                "judge",
                "p2197",
                "--seed",
                seed,
                "--save",
                dir.to_str().unwrap(),
                "--",
                &wrong,
            ],
            1,
        )
    };
    let text = run("11");
    assert!(
        text.starts_with("WA (wrong answer) on test random-"),
        "{text}"
    );
    assert!(
        text.contains("input:\n1\n1\n0\nexpected (grundy's answer):\nNo\ngot:\nYes\n"),
        "{text}"
    );
    assert!(text.contains("nim-sum"), "the position explained: {text}");
    assert!(
        text.contains("play it: grundy play --code nim:0\n"),
        "{text}"
    );
    assert!(text.contains("--seed 11 --"), "{text}");
    // The same seed: the same report but for the times.
    let again = run("11");
    assert_eq!(untimed(&text), untimed(&again));
    // The files, as oj names them.
    let name = text
        .split_whitespace()
        .nth(5)
        .unwrap()
        .trim_end_matches(',');
    assert_eq!(
        std::fs::read_to_string(dir.join(format!("{name}.in"))).unwrap(),
        "1\n1\n0\n"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join(format!("{name}.out"))).unwrap(),
        "No\n"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join(format!("{name}.got"))).unwrap(),
        "Yes\n"
    );
    assert!(dir.join(format!("{name}-original.in")).exists());
}

/// Too slow, crashing, the wrong words: TLE at the limits (with both times), RE with the
/// program's standard error and the smallest heap that crashes it, PE.
#[test]
fn slow_crashing_and_misspoken_programs_get_their_verdicts() {
    let Some(slow) = program("nim_slow") else {
        return;
    };
    let text = judged(
        &[
            "judge",
            "p2197",
            "--tests",
            "20",
            "--time-limit",
            "0.3",
            "--seed",
            "1",
            "--",
            &slow,
        ],
        1,
    );
    assert!(
        text.starts_with("TLE (over the time limit of 0.30 s) on test limit-"),
        "{text}"
    );
    assert!(text.contains("grundy: "), "{text}");
    let crash = program("nim_crash").unwrap();
    let text = judged(&["judge", "p2197", "--seed", "2", "--", &crash], 1);
    assert!(
        text.starts_with("RE (runtime error: killed by signal 6)"),
        "{text}"
    );
    assert!(text.contains("input:\n1\n1\n100\n"), "{text}");
    assert!(text.contains("heap too big"), "{text}");
    let shout = program("nim_shout").unwrap();
    let text = judged(&["judge", "p2197", "--", &shout], 1);
    assert!(text.starts_with("PE ("), "{text}");
    assert!(text.contains("got:\nNO\nYES\n"), "{text}");
}

/// Bad usage is exit 2 with a clear error: an unknown problem, a program that does not exist,
/// a directory, a file that is not executable.
#[test]
fn bad_usage_is_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let text = dir.path().join("notes.txt");
    std::fs::write(&text, "hello").unwrap();
    for (args, needle) in [
        (vec!["judge", "p9999", "--", "true"], "no problem p9999"),
        (
            vec!["judge", "p2197", "--", "/no/such/program"],
            "is not found",
        ),
        (
            vec!["judge", "p2197", "--", dir.path().to_str().unwrap()],
            "is a directory",
        ),
        (
            vec!["judge", "p2197", "--", text.to_str().unwrap()],
            "is not executable",
        ),
        (vec!["judge", "p2197"], "PROGRAM"),
    ] {
        let err = refused(&args);
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

fn alive(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok()
}

/// A program that forks a child and sleeps is stopped at the time limit, its child too, and
/// neither is left (not even a zombie); a flood of output is stopped at the output limit.
#[test]
fn the_sandbox_stops_sleepers_forkers_and_floods() {
    let Some(forker) = program("forker") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    let started = std::time::Instant::now();
    let (o, text) = judge(&[
        "judge",
        "p2197",
        "--tests",
        "1",
        "--jobs",
        "1",
        "--time-limit",
        "0.2",
        "--",
        &forker,
        pids.to_str().unwrap(),
    ]);
    // Sleeping uses no CPU: stopped by the wall clock, 2 × 0.2 s + 1 s.
    assert!(
        started.elapsed().as_secs_f64() < 5.0,
        "{:?}",
        started.elapsed()
    );
    assert_eq!(code(&o), 1, "{text}");
    assert!(text.starts_with("TLE"), "{text}");
    let written = std::fs::read_to_string(&pids).unwrap();
    for pid in written.split_whitespace() {
        assert!(!alive(pid), "process {pid} outlived the judge");
    }
    let flood = program("flood").unwrap();
    let started = std::time::Instant::now();
    let (o, text) = judge(&["judge", "p2197", "--tests", "1", "--", &flood]);
    assert!(started.elapsed().as_secs_f64() < 20.0);
    assert_eq!(code(&o), 1, "{text}");
    assert!(text.starts_with("OLE"), "{text}");
}

/// A session stopped from another thread (the Lab's Esc) kills the program running at once,
/// long before its wall-clock limit (2 × 1 s + 1 s for P2197), its forked child too, and
/// ends as cancelled.
#[test]
fn a_stopped_session_kills_its_program_at_once() {
    use grundy::judge::sandbox::Program;
    use grundy::judge::{self, JudgeError, Options, Problem};
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::{Duration, Instant};

    let Some(forker) = program("forker") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    let problem = Problem::contest("p2197").unwrap();
    let argv = [forker.into(), pids.clone().into_os_string()];
    let (program, _) = Program::prepare(&argv).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let options = Options {
        tests: 5,
        seed: 1,
        jobs: 1,
        limits: judge::statement_limits(&problem),
        shrink_runs: 10,
        stop: Some(stop.clone()),
    };
    let stopped_at = std::thread::scope(|scope| {
        let stopper = scope.spawn(|| {
            // Once the program has forked and said so.
            while std::fs::read_to_string(&pids).map_or(true, |p| p.split_whitespace().count() < 2)
            {
                std::thread::sleep(Duration::from_millis(5));
            }
            stop.store(true, Ordering::Relaxed);
            Instant::now()
        });
        let result = judge::run(&problem, &program, &options, &|_, _| {});
        assert!(matches!(result, Err(JudgeError::Cancelled)), "{result:?}");
        let stopped_at = stopper.join().unwrap();
        (stopped_at, Instant::now())
    });
    let took = stopped_at.1 - stopped_at.0;
    assert!(took < Duration::from_millis(1500), "stopped after {took:?}");
    let written = std::fs::read_to_string(&pids).unwrap();
    for pid in written.split_whitespace() {
        assert!(!alive(pid), "process {pid} outlived the stopped session");
    }
}

/// The summary counts in each language: one sample and one test passed are singular in
/// English; Chinese counts the same either way.
#[test]
fn the_summary_says_one_sample() {
    let Some(nim) = program("nim") else { return };
    let nim = &nim;
    for (lang, start) in [
        (
            "en",
            "AC: 2 tests (1 sample, 0 random, 1 at the limits), slowest ",
        ),
        (
            "zh-CN",
            "AC：2 组测试（样例 1 组，随机 0 组，极限 1 组），最慢 ",
        ),
        (
            "zh-TW",
            "AC：2 筆測資（範例 1 筆，隨機 0 筆，極限 1 筆），最慢 ",
        ),
    ] {
        let text = judged(
            &["--lang", lang, "judge", "p2197", "--tests", "1", "--", nim],
            0,
        );
        assert!(text.starts_with(start), "{lang}: {text}");
    }
    // A failure after one test: `after 1 test passed`.
    let wrong = program("nim_zero").unwrap();
    let text = judged(&["judge", "p2197", "--seed", "11", "--", &wrong], 1);
    let first = text.lines().next().unwrap();
    assert!(
        first.ends_with(" tests passed") || first.ends_with(", after 1 test passed"),
        "{first}"
    );
    assert!(!first.ends_with(", after 1 tests passed"), "{first}");
}

/// A shipped rules file's own search is the reference (`judge --rules`): its positions (an
/// array of heaps) drawn with no help from the script, the program reading the position's
/// literal and printing First or Second. A right program is accepted; one that forgets the
/// splits is shown the smallest heap it gets wrong, explained as `analyze --rules` does, with
/// the `play --rules` line, and the same seed shows the same.
#[test]
fn a_rules_files_search_judges_a_program() {
    let Some(right) = program("split") else {
        return;
    };
    let rules = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/rules/split-equal.rhai");
    let text = judged(
        &[
            "judge", "--rules", rules, "--tests", "40", "--seed", "4", "--", &right,
        ],
        0,
    );
    assert!(
        text.starts_with("AC: 40 tests (0 samples, 34 random, 6 at the limits), slowest "),
        "{text}"
    );
    let wrong = program("split_no_splits").unwrap();
    let run = |seed: &str| {
        judged(
            &["judge", "--rules", rules, "--seed", seed, "--", &wrong],
            1,
        )
    };
    let text = run("5");
    assert!(
        text.starts_with("WA (wrong answer) on test random-"),
        "{text}"
    );
    // A heap of 2 splits into 1 + 1 (value 0): the smallest position the program gets wrong.
    assert!(
        text.contains("input:\n[2]\nexpected (grundy's answer):\nFirst\ngot:\nSecond\n"),
        "{text}"
    );
    assert!(
        text.contains("SG value: 2"),
        "the position explained: {text}"
    );
    assert!(text.contains("  WIN  [1, 1]"), "the winning move: {text}");
    assert!(
        text.contains(&format!(
            "play it: grundy play --rules {rules} --code '[2]'\n"
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!("grundy judge --rules {rules} --seed 5 --")),
        "{text}"
    );
    let again = run("5");
    assert_eq!(untimed(&text), untimed(&again));
}

/// A rules file of the test's own with `fn input`, `fn answer` and `fn random`: Nim, read as
/// Luogu P2197 reads it (T = 1, n, the heaps) and answered Yes or No. The Nim that is wrong
/// only when some heap is 0 is shrunk to the single heap 0, and the game's position shown.
#[test]
fn a_rules_files_input_answer_and_random_are_used() {
    let Some(right) = program("nim") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("nim.rhai");
    std::fs::write(
        &file,
        r#"
fn moves(s) {
    let out = [];
    for i in 0..s.len() {
        for y in 0..s[i] { let t = s; t[i] = y; out.push(t); }
    }
    out
}
fn parts(s) { s.map(|x| [x]) }
fn input(s) {
    let heaps = "";
    for x in s { if heaps != "" { heaps += " "; } heaps += `${x}`; }
    ["1", `${s.len()}`, heaps]
}
fn answer(r) { if r == "First" { "Yes" } else { "No" } }
fn random(size, seed) {
    let x = seed;
    let out = [];
    for i in 0..(1 + seed % size) {
        x = (x * 1103515245 + 12345) % 2147483648;
        out.push(x % (size + 3));
    }
    out
}
"#,
    )
    .unwrap();
    let file = file.to_str().unwrap();
    let text = judged(
        &["judge", "--rules", file, "--tests", "60", "--", &right],
        0,
    );
    assert!(text.starts_with("AC: 60 tests (0 samples, "), "{text}");
    let wrong = program("nim_zero").unwrap();
    let text = judged(&["judge", "--rules", file, "--seed", "8", "--", &wrong], 1);
    assert!(
        text.contains("input:\n1\n1\n0\nexpected (grundy's answer):\nNo\ngot:\nYes\n"),
        "{text}"
    );
    assert!(text.contains("position: [0]"), "{text}");
    assert!(text.contains("--code '[0]'"), "{text}");
    // The words are answer's: `YES` is not one of them (a presentation error).
    let shout = program("nim_shout").unwrap();
    let text = judged(&["judge", "--rules", file, "--", &shout], 1);
    assert!(text.starts_with("PE ("), "{text}");
}

/// A rules file the judge cannot draw positions of by itself, or whose script fails on a
/// drawn position, is bad usage (exit 2) with a clear error.
#[test]
fn a_rules_file_without_a_way_to_draw_positions_is_refused() {
    let take = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/rules/take-by-k.rhai");
    let err = refused(&["judge", "--rules", take, "--", "true"]);
    assert!(
        err.contains("start() is [2, [5, 8]]") && err.contains("add fn random(size, seed)"),
        "{err}"
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.rhai");
    std::fs::write(&file, "fn moves(s) { [] }\nfn input(s) { s / 0 }\n").unwrap();
    let err = refused(&["judge", "--rules", file.to_str().unwrap(), "--", "true"]);
    assert!(
        err.contains("judge --rules: on the position ") && err.contains("division by zero"),
        "{err}"
    );
}
