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
