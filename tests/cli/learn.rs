//! `grundy puzzles` and `grundy analyze --why` as a user runs them: output format, the same
//! sheet for the same seed, and exit code 2 with a reason for bad arguments.

use std::process::{Command, Output};

fn grundy(args: &[&str]) -> Output {
    let home = tempfile::tempdir().expect("temporary directory");
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .env("XDG_DATA_HOME", home.path().join("data"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8")
}

#[test]
fn a_sheet_is_one_code_a_line_and_answers_follow_a_tab() {
    let plain = grundy(&["puzzles", "kayles", "--count", "4", "--seed", "9"]);
    assert_eq!(plain.status.code(), Some(0));
    let codes: Vec<String> = text(&plain.stdout).lines().map(String::from).collect();
    assert_eq!(codes.len(), 4);
    assert!(
        codes
            .iter()
            .all(|c| c.starts_with("kayles:") && !c.contains('\t'))
    );
    let with = grundy(&[
        "puzzles",
        "kayles",
        "--count",
        "4",
        "--seed",
        "9",
        "--answers",
    ]);
    assert_eq!(with.status.code(), Some(0));
    for (line, code) in text(&with.stdout).lines().zip(&codes) {
        let (first, answers) = line.split_once('\t').expect("a tab after the code");
        assert_eq!(first, code, "--answers keeps the same sheet");
        assert!(
            answers.split(' ').all(|a| a.starts_with("kayles:")),
            "{line}"
        );
    }
    // The same seed, the same sheet.
    let again = grundy(&["puzzles", "kayles", "--count", "4", "--seed", "9"]);
    assert_eq!(again.stdout, plain.stdout);
}

#[test]
fn bad_puzzle_arguments_exit_2_with_the_reason() {
    for (args, reason) in [
        (
            vec!["puzzles", "chess"],
            "no position code starts with 'chess'",
        ),
        (vec!["puzzles", "heaps"], "a family, not a game"),
        (
            vec!["puzzles", "nim", "--difficulty", "6"],
            "6 is not in 1..=5",
        ),
        (
            vec!["puzzles", "nim", "--count", "0"],
            "0 is not in 1..=1000",
        ),
        (vec!["puzzles", "nim", "--seed", "x"], "digits 0-9 only"),
    ] {
        let out = grundy(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            text(&out.stderr).contains(reason),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn why_shows_the_options_their_xor_and_the_mex() {
    let out = grundy(&["analyze", "kayles:12", "--why", "1", "--moves", "2"]);
    assert_eq!(out.status.code(), Some(0));
    let shown = text(&out.stdout);
    assert!(shown.starts_with("why row 1 (12 pins) is *4:"), "{shown}");
    assert!(shown.contains("1 + 10 = *1 ⊕ *2 = *3"), "{shown}");
    assert!(shown.contains("and 21 more left out"), "{shown}");
    assert!(
        shown.contains("values of the options: {*0, *1, *2, *3, *5, *6, *7}"),
        "{shown}"
    );
    assert!(shown.contains("mex = *4"), "{shown}");
    let out = grundy(&["analyze", "bash:3:10", "--why", "1"]);
    assert!(text(&out.stdout).contains("x mod 4 = 10 mod 4 = *2"));
    for (args, reason) in [
        (
            vec!["analyze", "nim:3", "--why", "2"],
            "not a part of this position",
        ),
        (
            vec!["analyze", "grid:TT", "--why", "1"],
            "a cell as ROW,COL",
        ),
        (
            vec!["analyze", "nim:3+kayles:4", "--why", "x"],
            "a component's number",
        ),
    ] {
        let out = grundy(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            text(&out.stderr).contains(reason),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}
