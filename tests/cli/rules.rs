//! `analyze --rules`, `move --rules` and `sg --rules` as a user runs them: the shipped examples'
//! samples, a game played to its end move by move, and bad scripts refused with their place.

use std::path::PathBuf;

use super::cli::{grundy, stdout};

fn example(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("assets/rules")
        .join(name)
        .display()
        .to_string()
}

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let o = grundy(args, b"");
    (
        o.status.code(),
        stdout(&o),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn analyze_answers_the_samples() {
    let cses = example("cses2208.rhai");
    for (position, sentence) in [
        ("[1, 2, 3]", "The player to move wins"),
        ("[2, 2]", "The player to move loses"),
        ("[5, 5, 4, 5]", "The player to move wins"),
    ] {
        let (code, out, err) = run(&["analyze", "--rules", &cses, position]);
        assert_eq!(code, Some(0), "{err}");
        assert!(out.contains(sentence), "{position}: {out}");
    }
    let (_, out, _) = run(&[
        "analyze",
        "--rules",
        &example("candy-piles.rhai"),
        "[1, 2, 3]",
    ]);
    assert!(out.contains("The player to move loses"), "{out}");
    let (_, out, _) = run(&[
        "analyze",
        "--rules",
        &example("dpl-deque.rhai"),
        "[10, 100, 10]",
    ]);
    assert!(out.contains("scores 80 less than the other"), "{out}");
    let (_, out, _) = run(&[
        "analyze",
        "--rules",
        &example("cf388c.rhai"),
        "[[100], [1, 10]]",
    ]);
    // Ciel 101, Jiro 10: a difference of 91 for Ciel, who moves first.
    assert!(out.contains("scores 91 more than the other"), "{out}");
    let (_, out, _) = run(&["analyze", "--rules", &example("graph-cycles.rhai"), "0"]);
    assert!(out.contains("A draw with best play"), "{out}");
    assert!(out.contains("draw "), "{out}");
}

#[test]
fn analyze_speaks_chinese() {
    let (code, out, _) = run(&[
        "--lang",
        "zh-TW",
        "analyze",
        "--rules",
        &example("cses2208.rhai"),
        "[2, 2]",
    ]);
    assert_eq!(code, Some(0));
    assert!(out.contains("輪到走的一方必敗"), "{out}");
    assert!(out.contains("規則檔"), "{out}");
}

/// The AI plays both sides from the start to the end: each `move` prints the position after
/// it last, which the next `move` reads; the game ends with exit 1 (no legal move).
#[test]
fn move_plays_a_game_to_its_end() {
    let file = example("cses2208.rhai");
    let mut position = "[2, 3, 1]".to_string();
    let mut plies = 0;
    loop {
        let (code, out, err) = run(&["move", "--rules", &file, &position, "--seed", "1"]);
        if code == Some(1) {
            assert!(err.contains("no legal move"), "{err}");
            break;
        }
        assert_eq!(code, Some(0), "{err}");
        position = out.lines().last().expect("a last line").to_string();
        plies += 1;
        assert!(plies <= 6, "the game does not end: {position}");
    }
    assert_eq!(position, "[0, 0, 0]");
    // The first player wins (a heap is odd), so the number of moves is odd.
    assert_eq!(plies % 2, 1);
}

#[test]
fn sg_prints_the_values_of_integer_positions() {
    let (code, out, err) = run(&["sg", "--rules", &example("split-equal.rhai"), "--n", "12"]);
    assert_eq!(code, Some(0), "{err}");
    // mex rule by hand: 0:0 1:1 2:2 (from 1 → 1, from split 1+1 → 0) …
    let rows: Vec<&str> = out.lines().filter(|l| l.contains('|')).collect();
    assert!(rows[1].trim_start().starts_with("0 |   0   1   2"), "{out}");
    let (code, _, err) = run(&["sg", "--rules", &example("dpl-deque.rhai"), "--n", "5"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("score"), "{err}");
}

/// Every shipped example that has integer positions tabulates under `sg --rules`: take-by-k's
/// bare n is a heap of n with k = 2, and its values are TIOJ 1940's (the contest formula, not
/// the script).
#[test]
fn sg_tabulates_take_by_k_as_tioj1940() {
    for lang in ["en", "zh-CN"] {
        let (code, out, err) = run(&[
            "--lang",
            lang,
            "sg",
            "--rules",
            &example("take-by-k.rhai"),
            "--n",
            "39",
        ]);
        assert_eq!(code, Some(0), "{err}");
        let values: Vec<u64> = out
            .lines()
            .filter(|l| l.contains('|'))
            .skip(1)
            .flat_map(|l| l.split('|').nth(1).unwrap().split_whitespace())
            .map(|v| v.parse().unwrap())
            .collect();
        let expected: Vec<u64> = (0..40)
            .map(|n| grundy::games::heaps::contest::at_most_kth_value(2, n))
            .collect();
        assert_eq!(values, expected, "{out}");
    }
}

#[test]
fn bad_scripts_are_refused_with_their_place() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let parse = write("parse.rhai", "fn moves(s) {\n  [s - 1\n}\n");
    let (code, _, err) = run(&["analyze", "--rules", &parse, "3"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains(&format!("{parse}:3:")), "{err}");
    let none = write("none.rhai", "fn start() { 3 }");
    let (code, _, err) = run(&["analyze", "--rules", &none]);
    assert_eq!(code, Some(2));
    assert!(err.contains("no fn moves"), "{err}");
    let looping = write("loop.rhai", "fn moves(s) { loop { } }");
    let (code, _, err) = run(&["move", "--rules", &looping, "3"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("operations"), "{err}");
    let not_array = write("bad.rhai", "fn moves(s) { s - 1 }");
    let (code, _, err) = run(&["analyze", "--rules", &not_array, "3"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("must return an array"), "{err}");
    let (code, _, err) = run(&["analyze", "--rules", &not_array]);
    assert_eq!(code, Some(2));
    assert!(err.contains("no fn start()"), "{err}");
    let (code, _, err) = run(&["analyze", "--rules", &not_array, "[3, "]);
    assert_eq!(code, Some(2));
    assert!(err.contains("not a position"), "{err}");
    let (code, _, err) = run(&["analyze", "--rules", &not_array, "--side", "1", "3"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("two-sided"), "{err}");
    let (code, _, err) = run(&["analyze", "--rules", "/no/such/file.rhai"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("/no/such/file.rhai"), "{err}");
    // The Chinese error keeps the place.
    let (code, _, err) = run(&["--lang", "zh-CN", "analyze", "--rules", &parse, "3"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("语法错误") && err.contains(":3:"), "{err}");
}

/// An endless game (every move leads to a new position) is too large, never a hang: the
/// analysis says so within the AI's budget and still lists the moves.
#[test]
fn an_endless_game_is_too_large_not_a_hang() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("up.rhai");
    std::fs::write(&path, "fn moves(s) { [s + 1, s + 2] }").unwrap();
    let path = path.display().to_string();
    let started = std::time::Instant::now();
    let (code, out, err) = run(&["analyze", "--rules", &path, "0"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("Too large to search exactly"), "{out}");
    assert!(out.contains("moves (2)"), "{out}");
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
    let (code, out, _) = run(&["move", "--rules", &path, "0"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("too large to search exactly"), "{out}");
}

/// The attack scripts of the rules-file bounds, one line each: every command answers (exit 0)
/// or refuses (exit 2, the reason on stderr), never past its bounds: no crash (101, 134), no
/// kill; and the largest child's memory, by the kernel's own count, stays under 200 MB.
#[test]
fn attack_scripts_are_answered_or_refused_within_bounds() {
    let attacks = [
        ("fn moves(s) { sleep(30); [] }", "1"),
        (
            "fn moves(s) { if s > 0 { [s - 1] } else { [] } } fn describe(s, t) { loop { } }",
            "3",
        ),
        (
            "fn moves(s) { let out = []; for i in 1..=40 { if s >= i { out.push(s - i); } } out } \
             fn gain(s, t) { let n = 0; while n < 300000 { n += 1; } s - t }",
            "1000000",
        ),
        ("fn moves(s) { [s + 1] }", "0"),
        ("fn moves(s) { [s + 1] } fn parts(s) { [s] }", "0"),
        (
            "fn moves(s) { if s < 10000000 { [s + 1, s + 2] } else { [] } } fn parts(s) { [s] }",
            "0",
        ),
        (
            "fn moves(s) { let out = []; for i in 0..9999 { out.push(s * 10000 + i); } out }",
            "1",
        ),
        (
            "fn moves(s) { let a = []; for i in 0..99000 { a = [a]; } [] }",
            "1",
        ),
        (
            "fn moves(s) { let m = #{}; for i in 0..9000 { m = #{a: m}; } [] }",
            "1",
        ),
        (
            "fn moves(s) { let f = Fn(\"id\"); for i in 0..30 { f = f.curry(f); } [] }",
            "1",
        ),
        (
            "fn moves(s) { let out = []; for i in 0..24 { out.push(s + 1 + i); } out } \
             fn parts(s) { let p = []; for i in 0..4000 { p.push(s); } p }",
            "0",
        ),
        ("fn moves(s) { [] }", "sleep(15)"),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (i, (source, position)) in attacks.iter().enumerate() {
        let path = dir.path().join(format!("attack{i}.rhai"));
        std::fs::write(&path, source).unwrap();
        let path = path.display().to_string();
        for args in [
            vec!["analyze", "--rules", &path, position],
            vec!["move", "--rules", &path, position, "--seed", "1"],
        ] {
            let (code, _, err) = run(&args);
            assert!(
                matches!(code, Some(0..=2)),
                "{source} {args:?}: {code:?} {err}"
            );
            if code == Some(2) {
                assert!(
                    err.contains(&path) || err.contains("not a position"),
                    "{source}: {err}"
                );
            }
        }
    }
    // The position is read, not run: refused at once as not a position.
    let (code, _, err) = run(&["analyze", "--rules", &example("cses2208.rhai"), "sleep(15)"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("not a position"), "{err}");
    // The memory of the heaviest attacks, by the kernel's count (VmHWM, the peak resident
    // size), read while the run lasts.
    // `sg` on the tables that could grow without end (the slowest runs: once each).
    for (source, args) in [
        (attacks[4].0, vec!["sg", "--n", "100"]),
        (attacks[10].0, vec!["sg", "--n", "100"]),
        (attacks[3].0, vec!["analyze"]),
    ] {
        let path = dir.path().join("heavy.rhai");
        std::fs::write(&path, source).unwrap();
        let mut command = vec![args[0], "--rules"];
        let path = path.display().to_string();
        command.push(&path);
        command.extend(&args[1..]);
        if args[0] == "analyze" {
            command.push("0");
        }
        let peak = peak_kb(&command);
        assert!(peak < 200 * 1024, "{source} {command:?}: {peak} kB");
    }
}

/// The peak resident memory of `grundy args` in kB (Linux's VmHWM, read every few
/// milliseconds until it exits).
fn peak_kb(args: &[&str]) -> u64 {
    let home = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .env("XDG_DATA_HOME", home.path().join("data"))
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let status = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    while child.try_wait().unwrap().is_none() {
        if let Ok(text) = std::fs::read_to_string(&status)
            && let Some(line) = text.lines().find(|l| l.starts_with("VmHWM:"))
        {
            let kb = line
                .split_whitespace()
                .nth(1)
                .and_then(|n| n.parse().ok())
                .unwrap_or(0);
            peak = peak.max(kb);
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    peak
}

/// A script that breaks a bound is the same refusal from sg, analyze and move, exit 2, in the
/// three languages; one whose calls together outrun an answer's budget (a `describe` of a
/// million operations for each of many moves) is refused as such.
#[test]
fn a_script_past_its_bounds_is_refused_alike() {
    let dir = tempfile::tempdir().unwrap();
    let looping = dir.path().join("loop.rhai");
    std::fs::write(&looping, "fn moves(s) { loop { } } fn start() { 3 }").unwrap();
    let looping = looping.display().to_string();
    let wordy = dir.path().join("wordy.rhai");
    std::fs::write(
        &wordy,
        "fn moves(s) { if s > 0 { let out = []; for i in 1..=60 { out.push(s + i); } out } else { [] } } \
         fn describe(s, t) { let n = 0; while n < 300000 { n += 1; } \"x\" } fn start() { 1 }",
    )
    .unwrap();
    let wordy = wordy.display().to_string();
    for (lang, operations, budget) in [
        ("en", "operations in one call", "budget for one answer"),
        ("zh-CN", "次运算的上限", "单次回答的限额"),
        ("zh-TW", "次運算的上限", "單次回答的額度"),
    ] {
        for command in ["analyze", "move", "sg"] {
            let mut args = vec!["--lang", lang, command, "--rules", &looping];
            if command == "sg" {
                args.extend(["--n", "10"]);
            }
            let (code, out, err) = run(&args);
            assert_eq!(code, Some(2), "{lang} {command}: {out} {err}");
            assert!(err.contains(operations), "{lang} {command}: {err}");
        }
        for command in ["analyze", "move"] {
            let (code, out, err) = run(&["--lang", lang, command, "--rules", &wordy]);
            if command == "move" {
                // The AI describes one move only: within the budget.
                assert_eq!(code, Some(0), "{lang} {command}: {out} {err}");
                continue;
            }
            assert_eq!(code, Some(2), "{lang} {command}: {out} {err}");
            assert!(err.contains(budget), "{lang} {command}: {err}");
        }
    }
}

/// `sg --rules` prints the period line and honours --check, --svg and --png.
#[test]
fn sg_rules_checks_formulas_and_draws_pictures() {
    let file = example("triangle-split.rhai");
    let (code, out, err) = run(&["sg", "--rules", &file, "--n", "40"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("period 2 from n = 4"), "{out}");
    let (code, out, _) = run(&["sg", "--rules", &file, "--n", "40", "--check", "n % 2"]);
    assert_eq!(code, Some(1), "{out}");
    // G(3) = 2 (the triangle of 3 split into 1 + 2): the first value n % 2 misses.
    assert!(
        out.contains("n % 2 fails at n = 3: the formula gives 1, the table has 2"),
        "{out}"
    );
    let (code, out, _) = run(&[
        "sg",
        "--rules",
        &file,
        "--n",
        "40",
        "--check",
        "if(n >= 4, n % 2, 9)",
    ]);
    assert_eq!(code, Some(1), "{out}");
    let (code, _, err) = run(&["sg", "--rules", &file, "--check", "n +"]);
    assert_eq!(code, Some(2), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("t.svg");
    let png = dir.path().join("t.png");
    let (code, out, err) = run(&[
        "sg",
        "--rules",
        &file,
        "--n",
        "40",
        "--svg",
        &svg.display().to_string(),
        "--png",
        &png.display().to_string(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        std::fs::read_to_string(&svg).unwrap().contains("<svg"),
        "{out}"
    );
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
}

/// Paint Chain (HDU 3980, m = 3) through its parts: a long line is valued at once and the AI's
/// move leaves a position of value 0.
#[test]
fn paint_chain_is_analysed_through_its_parts() {
    let file = example("paint-chain.rhai");
    let (code, out, err) = run(&["analyze", "--rules", &file, "[\"circle\", 100]"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("The player to move"), "{out}");
    let (code, out, err) = run(&["move", "--rules", &file, "90", "--seed", "2"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("perfect AI"), "{out}");
}

/// `--check 'a^b'`: `^` is XOR to a contest programmer but a power to the formula language,
/// so it is refused with that reason and `bitxor(a, b)` offered, in every language; the
/// offered spelling is XOR (it holds for Nim, SG(n) = n = n XOR 0, and fails for n XOR 1).
#[test]
fn a_caret_in_a_formula_is_refused_and_bitxor_offered() {
    for (lang, said) in [
        ("en", "not XOR"),
        ("zh-CN", "不是 C++ 里的异或"),
        ("zh-TW", "XOR"),
    ] {
        let (code, _, err) = run(&[
            "--lang", lang, "sg", "wythoff", "--n", "5", "--check", "a^b",
        ]);
        assert_eq!(code, Some(2), "{err}");
        assert!(err.contains(said) && err.contains("bitxor(a, b)"), "{err}");
    }
    let (code, out, err) = run(&["sg", "heaps", "nim", "--n", "20", "--check", "bitxor(n, 0)"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("holds"), "{out}");
    let (code, out, _) = run(&["sg", "heaps", "nim", "--n", "20", "--check", "bitxor(n, 1)"]);
    assert_ne!(code, Some(0), "{out}");
}
