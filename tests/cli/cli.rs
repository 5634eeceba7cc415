//! The command line as a user runs it: the real binary, its output and its exit codes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use crate::brute;
use brute::fib_wins;

/// The binary with its config and data directories in `home` (never the user's own files).
pub(crate) fn grundy_in(home: &std::path::Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_grundy"));
    // English whatever the machine's locale: the outputs compared here are the English ones
    // (tests/cli/chinese.rs sets the language itself).
    command
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG");
    command
}

/// Runs `grundy args` with `stdin`, in a fresh temporary home.
pub(crate) fn grundy(args: &[&str], stdin: &[u8]) -> Output {
    let home = tempfile::tempdir().expect("temporary directory");
    grundy_at(home.path(), args, stdin)
}

/// Runs `grundy args` with `stdin`, its files in `home`.
fn grundy_at(home: &std::path::Path, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = grundy_in(home)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut input = child.stdin.take().expect("stdin is piped");
    // A command that refuses its arguments exits without reading its input: a broken pipe
    // here is that, not a failure (the exit code and output are what the tests judge).
    if let Err(e) = input.write_all(stdin) {
        assert_eq!(
            e.kind(),
            std::io::ErrorKind::BrokenPipe,
            "stdin takes the input"
        );
    }
    drop(input);
    child.wait_with_output().expect("the binary finishes")
}

pub(crate) fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

pub(crate) fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("stderr is UTF-8")
}

fn asset(name: &str) -> Vec<u8> {
    std::fs::read(format!("{}/assets/{name}", env!("CARGO_MANIFEST_DIR"))).expect("asset exists")
}

/// Asserts a failure with exit code 2 and a message containing every one of `needles`.
fn assert_input_error(o: &Output, needles: &[&str]) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "stderr: {err}");
    for needle in needles {
        assert!(err.contains(needle), "{needle:?} not in: {err}");
    }
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn solve_answers_the_samples() {
    for game in ["coins", "grid", "dodgeball"] {
        let o = grundy(&["solve", game], &asset(&format!("{game}-sample.in")));
        assert!(o.status.success(), "{game}: {}", stderr(&o));
        assert_eq!(
            stdout(&o),
            String::from_utf8(asset(&format!("{game}-sample.out"))).unwrap(),
            "{game}"
        );
    }
}

#[test]
fn solve_dodgeball_answers_each_k() {
    let o = grundy(&["solve", "dodgeball"], b"1\n2\n3\n4\n5\n6\n7\n8\n");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "1\n10\n11\n34\n35\n40\n41\n68\n");
}

#[test]
fn solve_rejects_bad_input_with_its_place() {
    let cases: &[(&str, &[u8], &[&str])] = &[
        ("coins", b"", &["line 1"]),
        ("coins", b"x\n", &["line 1"]),
        ("coins", b"1\n3 2\n0 1\n", &["line 3", "3"]),
        ("coins", b"1\n3 2\n0 1 2\n", &["line 3", "2"]),
        ("coins", b"1\n3 21\n0 1 1\n", &["line 2", "MAXQ"]),
        ("coins", b"2\n3 2\n0 1 1\n", &["line 4"]),
        ("coins", b"1\n3 2\n0 1 1\n7\n", &["line 4"]),
        ("coins", b"1\n3 2\n0 \xff 1\n", &["line 3"]),
        ("grid", b"1\n2 3\nHHH\nHXH\n", &["line 4", "X"]),
        ("grid", b"1\n2 3\nHHH\nHH\n", &["line 4"]),
        ("grid", b"1\n2 3\nHHH\n", &["line 4"]),
        ("grid", b"1\n101 3\n", &["line 2"]),
        ("grid", b"51\n", &["line 1"]),
        ("dodgeball", b"0\n", &["line 1"]),
        ("dodgeball", b"2\n1000000000\n", &["line 2"]),
        ("dodgeball", b"2\nabc\n", &["line 2"]),
        ("dodgeball", b"", &["line 1"]),
    ];
    for (game, input, needles) in cases {
        let o = grundy(&["solve", game], input);
        assert_input_error(&o, needles);
        assert!(o.stdout.is_empty() || stdout(&o).lines().all(|l| !l.is_empty()));
    }
}

#[test]
fn move_prints_the_position_after_as_last_line() {
    for code in [
        "coins:14:HTTHTTTTHTTTHTHH",
        "grid:HHH/TTH",
        "dodgeball:1111111111",
        "dodgeball:11",
    ] {
        let o = grundy(&["move", code, "--seed", "3"], b"");
        assert!(o.status.success(), "{code}: {}", stderr(&o));
        let out = stdout(&o);
        let last = out.lines().last().expect("some output");
        let game = code.split(':').next().unwrap();
        assert!(last.starts_with(&format!("{game}:")), "{out}");
        assert_ne!(last, code, "the move changed the position");
        // The same seed gives the same move.
        let again = grundy(&["move", code, "--seed", "3"], b"");
        assert_eq!(stdout(&again), out);
    }
}

#[test]
fn move_from_a_winning_position_leaves_a_lost_one() {
    // Sample 2 of the grid: the first player wins.
    let o = grundy(&["move", "grid:HHH/TTH"], b"");
    let after = stdout(&o).lines().last().unwrap().to_string();
    let a = grundy(&["analyze", &after], b"");
    let report = stdout(&a);
    // Either a lost position with moves left, or the end of the game.
    assert!(
        report.contains("loses against perfect play")
            || report.contains("has no move and has lost"),
        "{report}"
    );
    assert!(!report.contains("The player to move wins"), "{report}");
}

#[test]
fn move_with_no_legal_move_exits_1() {
    for code in ["coins:3:HHH", "grid:HH/HH", "dodgeball:1", "coins:2:TH"] {
        let o = grundy(&["move", code], b"");
        assert_eq!(o.status.code(), Some(1), "{code}: {}", stderr(&o));
        assert!(stderr(&o).contains("no legal move"), "{}", stderr(&o));
    }
}

#[test]
fn bad_codes_are_input_errors_naming_the_character() {
    let cases: &[(&str, &[&str])] = &[
        ("chess:xx", &["unknown game"]),
        ("coinsHTH", &["character 1"]),
        ("coins:3:HTX", &["X", "character 11"]),
        ("coins:0:HT", &["MAXQ"]),
        ("grid:HH/H", &["row"]),
        ("grid:HQ", &["Q"]),
        ("dodgeball:1021", &["2", "character 13"]),
        ("dodgeball:", &[]),
    ];
    for (code, needles) in cases {
        for command in ["move", "analyze"] {
            let o = grundy(&[command, code], b"");
            assert_input_error(&o, needles);
        }
        let o = grundy(&["play", "--code", code], b"");
        assert_input_error(&o, needles);
    }
}

#[test]
fn analyze_explains_the_nim_sum() {
    let o = grundy(&["analyze", "coins:14:HTTHTTTTHTTTHTHH"], b"");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("nim-sum"), "{out}");
    assert!(out.contains("The player to move wins"), "{out}");
    assert!(out.contains("WIN "), "{out}");
    let o = grundy(&["analyze", "grid:HHH/HHH"], b"");
    assert!(stdout(&o).contains("no move"), "{}", stdout(&o));
    // Grid values past 2^64 are shown by their bits.
    let big = format!("grid:{}", vec!["H".repeat(99) + "T"; 100].join("/"));
    let o = grundy(&["analyze", &big, "--moves", "3"], b"");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("2^198"), "{}", stdout(&o));
}

#[test]
fn sg_tables_show_the_patterns() {
    let o = grundy(&["sg", "grid", "--rows", "4", "--cols", "5"], b"");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    // Row 4: col 1 is lowbit(4) = 2^2, then 2^(4+j-2).
    let row4 = out
        .lines()
        .find(|l| l.trim_start().starts_with("4 |"))
        .unwrap();
    let exps: Vec<&str> = row4.split('|').nth(1).unwrap().split_whitespace().collect();
    assert_eq!(exps, ["2", "4", "5", "6", "7"]);

    let o = grundy(&["sg", "dodgeball", "--n", "10"], b"");
    let out = stdout(&o);
    assert!(out.contains("second player wins"), "{out}");
    let o = grundy(&["sg", "coins", "--n", "30", "--maxq", "3"], b"");
    assert!(o.status.success(), "{}", stderr(&o));

    for bad in [
        &["sg", "grid", "--rows", "101", "--cols", "5"][..],
        &["sg", "coins", "--n", "0", "--maxq", "3"],
        &["sg", "dodgeball"],
        &["solve", "chess"],
        &["move"],
    ] {
        let o = grundy(bad, b"");
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
    }
}

#[test]
fn sg_tables_of_the_boards_of_their_own() {
    // Fibonacci Nim: the lost heaps (first take anything but all) and the winning takes, each
    // checked by a game-tree search from the rules.
    let o = grundy(&["sg", "fibnim", "--n", "60"], b"");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let mut memo = std::collections::HashMap::new();
    let mut rows = 0;
    for line in out.lines().filter(|l| l.contains(" | ")).skip(1) {
        let cells: Vec<&str> = line.split(" | ").map(str::trim).collect();
        let Ok(n) = cells[0].parse::<u64>() else {
            continue;
        };
        rows += 1;
        let takes: Vec<u64> = (1..n)
            .filter(|&t| !fib_wins(n - t, 2 * t, &mut memo))
            .collect();
        if takes.is_empty() {
            assert_eq!(cells[2], "— (lost)", "{line}");
        } else {
            let listed: Vec<u64> = cells[2].split(", ").map(|t| t.parse().unwrap()).collect();
            assert_eq!(listed, takes, "{line}");
        }
    }
    assert_eq!(rows, 60, "{out}");

    // Stair Nim: odd stairs are worth 0, k balls on an even stair are worth k.
    let o = grundy(&["sg", "stairs", "--n", "4"], b"");
    let out = stdout(&o);
    let row = |s: &str| {
        out.lines()
            .find(|l| l.trim_start().starts_with(&format!("{s} |")))
            .unwrap()
            .split('|')
            .nth(1)
            .unwrap()
            .split_whitespace()
            .map(|v| v.parse::<u64>().unwrap())
            .collect::<Vec<_>>()
    };
    assert_eq!(row("3"), vec![0; 10]);
    assert_eq!(row("4"), (0..10).collect::<Vec<_>>());

    // A DAG: each vertex's value is the mex of its successors'.
    let o = grundy(&["sg", "dag", "dag:4:1>2,2>3,1>3,3>4:1"], b"");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("     4 |    *0 | none"), "{out}");
    assert!(out.contains("     3 |    *1 | 4 (*0)"), "{out}");
    assert!(out.contains("     2 |    *0 | 3 (*1)"), "{out}");
    assert!(out.contains("     1 |    *2 | 2 (*0), 3 (*1)"), "{out}");
    let o = grundy(&["sg", "dag", "dag:2:1>2,2>1:1"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cycle"), "{}", stderr(&o));
}

#[test]
fn help_says_what_the_output_means() {
    let o = grundy(&["--help"], b"");
    let out = stdout(&o);
    for needle in [
        "solve",
        "move",
        "analyze",
        "sg",
        "play",
        "coins:14:",
        "Exit codes",
    ] {
        assert!(out.contains(needle), "{needle}: {out}");
    }
    let o = grundy(&["solve", "--help"], b"");
    assert!(stdout(&o).contains("-_-"), "{}", stdout(&o));
    let o = grundy(&["move", "--help"], b"");
    assert!(stdout(&o).contains("last line"), "{}", stdout(&o));
}

#[test]
fn a_dash_reads_the_code_from_standard_input() {
    // A full 10^6-box board: longer than one command-line argument may be.
    let code = format!("dodgeball:{}\n", "1".repeat(1_000_000));
    let o = grundy(&["move", "-", "--seed", "1"], code.as_bytes());
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let after = out.lines().last().unwrap();
    assert_eq!(after.len(), code.trim_end().len());
    assert_ne!(after, code.trim_end());
    let a = grundy(&["analyze", "-", "--moves", "2"], code.as_bytes());
    assert!(a.status.success(), "{}", stderr(&a));
    let report = stdout(&a);
    assert!(report.contains("(1000010 characters)"), "{report}");
    assert!(report.contains("The player to move wins"), "{report}");
    // The same errors as for a code given as an argument, and non-UTF-8 bytes are named.
    let bad = grundy(&["analyze", "-"], b"grid:HT/TX\n");
    assert_input_error(&bad, &["character 10"]);
    let bytes = grundy(&["move", "-"], b"grid:HT\xff\n");
    assert_input_error(&bytes, &["not UTF-8", "byte 8"]);
    let empty = grundy(&["analyze", "-"], b"");
    assert_input_error(&empty, &["character 1"]);
}

#[test]
fn solve_reads_a_file_given_as_standard_input() {
    // Standard input redirected from a file (`< coins-sample.in`), not a pipe.
    let path = format!("{}/assets/coins-sample.in", env!("CARGO_MANIFEST_DIR"));
    let home = tempfile::tempdir().expect("temporary directory");
    let o = grundy_in(home.path())
        .args(["solve", "coins"])
        .stdin(std::fs::File::open(path).expect("asset exists"))
        .output()
        .expect("the binary runs");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        String::from_utf8(asset("coins-sample.out")).unwrap()
    );
}

#[test]
fn play_without_a_terminal_says_so() {
    // Standard output is a pipe here: the game cannot draw, and says what to use instead.
    for args in [&[][..], &["play", "grid"][..]] {
        let o = grundy(args, b"");
        assert_input_error(&o, &["needs a terminal", "grundy solve"]);
    }
    // A bad code is still reported as such, before the terminal is looked at.
    let o = grundy(&["play", "--code", "grid:HX"], b"");
    assert_input_error(&o, &["bad position code", "character 7"]);
}

#[test]
fn solve_takes_windows_line_ends_and_a_byte_order_mark() {
    for game in ["coins", "grid", "dodgeball"] {
        let sample = String::from_utf8(asset(&format!("{game}-sample.in"))).unwrap();
        let windows = format!("\u{feff}{}", sample.replace('\n', "\r\n"));
        let o = grundy(&["solve", game], windows.as_bytes());
        assert!(o.status.success(), "{game}: {}", stderr(&o));
        assert_eq!(
            stdout(&o),
            String::from_utf8(asset(&format!("{game}-sample.out"))).unwrap(),
            "{game}"
        );
    }
}

/// Runs grundy with `chunk` written to its standard input over and over until it stops reading
/// (an endless `yes`): it must end by itself, with exit code 2.
fn grundy_endless(args: &[&str], chunk: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut input = child.stdin.take().expect("stdin is piped");
    let chunk = chunk.repeat(64 * 1024 / chunk.len().max(1) + 1);
    let writer = std::thread::spawn(move || {
        let mut written: u64 = 0;
        // Stops when grundy closes the pipe; the bound only keeps a broken build from hanging.
        while written < 8 << 30 {
            if input.write_all(&chunk).is_err() {
                break;
            }
            written += chunk.len() as u64;
        }
        written
    });
    let output = child.wait_with_output().expect("the binary finishes");
    let written = writer.join().expect("writer");
    assert!(
        written < 1 << 30,
        "grundy read {written} bytes of an endless input"
    );
    output
}

#[test]
fn endless_or_huge_input_is_refused_without_reading_it_all() {
    // `yes | grundy solve coins`: refused at line 1 at once.
    let o = grundy_endless(&["solve", "coins"], b"y\n");
    assert_input_error(&o, &["line 1, column 1", "T must be a whole number"]);
    // Endless blank lines: refused at the game's bound on the input's size.
    let o = grundy_endless(&["solve", "coins"], b"\n");
    assert_input_error(&o, &["goes on past 64 MiB", "about 6 MB"]);
    let o = grundy_endless(&["solve", "grid"], b" \r\n");
    assert_input_error(&o, &["goes on past 16 MiB"]);
    // An endless line: refused at 1 MiB.
    let o = grundy_endless(&["solve", "grid"], b"1111");
    assert_input_error(&o, &["line 1", "longer than 1048576 bytes"]);
    // Endless valid k: refused past 10^6 of them.
    let o = grundy_endless(&["solve", "dodgeball"], b"1\n");
    assert_input_error(&o, &["line 1000001", "more than 1000000 values of k"]);
    assert!(
        o.stdout.is_empty(),
        "no answers are printed for a refused input"
    );
    // Garbage after a valid start: the first bad line is named.
    let o = grundy_endless(&["solve", "coins"], b"1\n3 2\n0 1 x\n");
    assert_input_error(&o, &["line 3, column 5"]);
}

#[test]
fn a_code_on_standard_input_is_bounded_and_may_end_with_a_line_end() {
    let o = grundy_endless(&["analyze", "-"], b"dodgeball:1111");
    assert_input_error(&o, &["longer than 1000010 characters"]);
    // A byte-order mark before it and one line end after it are not part of the code.
    for input in [
        &b"\xef\xbb\xbfcoins:3:HTT\n"[..],
        b"coins:3:HTT\r\n",
        b"coins:3:HTT",
    ] {
        let o = grundy(&["analyze", "-"], input);
        assert!(o.status.success(), "{input:?}: {}", stderr(&o));
        assert!(stdout(&o).starts_with("position: coins:3:HTT\n"));
    }
    let o = grundy(&["analyze", "coins:3:HTT\n"], b"");
    assert!(o.status.success(), "{}", stderr(&o));
    // Two line ends are one too many.
    let o = grundy(&["analyze", "-"], b"coins:3:HTT\n\n");
    assert_input_error(&o, &["followed by a line break"]);
}

#[test]
fn control_characters_in_messages_are_escaped() {
    // ESC [2J would clear the screen; CR would rewrite the line.
    let cases: &[(&[&str], &[u8], &str)] = &[
        (&["analyze", "coins:3:H\x1b[2JT"], b"", "\\x1b"),
        (&["analyze", "grid:HH/TT\r"], b"", "\\r"),
        (&["analyze", "chess\x1b:1"], b"", "\\x1b"),
        (&["analyze", "-"], b"dodgeball:1\x1b[31m1", "\\x1b"),
        (&["solve", "grid"], b"1\n1 2\nHH \x1b[2J\n", "\\x1b"),
        (&["solve", "dodgeball"], b"12 \x1b]0;owned\x07\n", "\\x1b"),
        (&["solve", "coins"], b"1\n2 1\n0 \x1b[H\n", "\\x1b"),
        // U+009B, the one-character CSI of 8-bit terminals.
        (
            &["solve", "coins"],
            b"1\r\n3 1\r\n0 1 \xc2\x9b\r\n",
            "\\u{009b}",
        ),
        (
            &["sg", "coins", "--n", "\x1b[2J", "--maxq", "1"],
            b"",
            "\\x1b",
        ),
        (&["move", "--level", "\x1b[2J", "coins:1:T"], b"", "\\x1b"),
    ];
    for (args, input, needle) in cases {
        let o = grundy(args, input);
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        let raw = err
            .chars()
            .find(|&c| c.is_control() && c != '\n' || ('\u{80}'..='\u{9f}').contains(&c));
        assert_eq!(raw, None, "{args:?}: a raw control character in {err:?}");
    }
}

#[test]
fn quoted_input_is_a_short_excerpt() {
    // (An argument may hold at most 128 KiB.)
    let field = "x".repeat(100_000);
    let o = grundy(&["solve", "dodgeball"], format!("1 {field}\n").as_bytes());
    assert_input_error(&o, &["second field", "…"]);
    assert!(o.stderr.len() < 300, "{} bytes of message", o.stderr.len());
    let o = grundy(&["analyze", &format!("{field}:1")], b"");
    assert_input_error(&o, &["unknown game", "…"]);
    // The message lists every game's name (about 450 bytes with the games of issue 26): the
    // bound is on the echoed input, 20 characters of it.
    assert!(o.stderr.len() < 600, "{} bytes of message", o.stderr.len());
    let digits = "9".repeat(100_000);
    let o = grundy(&["analyze", &format!("coins:{digits}:HT")], b"");
    assert_input_error(&o, &["MAXQ 99999", "… is out of range"]);
    assert!(o.stderr.len() < 400, "{} bytes of message", o.stderr.len());
}

#[test]
fn options_that_do_not_fit_are_refused() {
    let cases: &[(&[&str], &str)] = &[
        (&["sg", "dodgeball", "--n", "+1"], "digits"),
        (&["sg", "coins", "--n", " 5", "--maxq", "2"], "digits"),
        (&["move", "coins:1:T", "--seed", "+3"], "digits"),
        (
            &["play", "--code", "coins:3:HTT", "--rows", "9", "--n", "7"],
            "cannot be used with",
        ),
        (
            &["play", "dodgeball", "--n", "100", "--boxes", "200"],
            "cannot be used with",
        ),
        (
            &["play", "coins", "--boxes", "50"],
            "--boxes is not a size of coins",
        ),
        (
            &["play", "coins", "--boxes", "999999"],
            "--boxes is not a size of coins",
        ),
        (&["play", "grid", "--n", "5"], "--n is not a size of grid"),
        (
            &["play", "dodgeball", "--rows", "5"],
            "--rows is not a size of dodgeball",
        ),
        (&["play", "--n", "5"], "--n needs a game"),
        (
            &["analyze", "coins:3:HTT", "--moves", "18446744073709551615"],
            "1000",
        ),
        (&["analyze", "coins:3:HTT", "--parts", "1001"], "1000"),
    ];
    for (args, needle) in cases {
        let o = grundy(args, b"");
        assert_input_error(&o, &[needle]);
    }
}

/// A save of a coin-row game: the start, two moves (ours, then the AI's), `end`.
const SAVE: &str = "grundy save 1\nname two moves\nstart coins:4:HTTHTTTTHTTTHTHH\n\
first you\nlevel perfect\nseed 1\nmoves 2\n2 1\n8 4\nend\n";

#[test]
fn analyze_load_explains_the_position_a_save_reached() {
    let home = tempfile::tempdir().unwrap();
    let path = home.path().join("game.grundy");
    std::fs::write(&path, SAVE).unwrap();
    let o = grundy_at(
        home.path(),
        &["analyze", "--load", path.to_str().unwrap()],
        b"",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("saved game: two moves (2 moves from coins:4:"),
        "{out}"
    );
    // Coins 2, 1 and then 8, 4 turned over.
    assert!(out.contains("position: coins:4:THTTTTTHHTTTHTHH"), "{out}");
}

#[test]
fn a_bad_save_is_an_input_error_naming_its_line() {
    let home = tempfile::tempdir().unwrap();
    let path = home.path().join("game.grundy");
    std::fs::write(&path, SAVE.replace("8 4\n", "8 3\n")).unwrap();
    for command in ["analyze", "play"] {
        let o = grundy_at(
            home.path(),
            &[command, "--load", path.to_str().unwrap()],
            b"",
        );
        assert_input_error(&o, &["game.grundy: line 9: move 2 `8 3`"]);
    }
    // Cut short: no `end`.
    std::fs::write(&path, &SAVE[..SAVE.len() - 4]).unwrap();
    let o = grundy_at(
        home.path(),
        &["analyze", "--load", path.to_str().unwrap()],
        b"",
    );
    assert_input_error(&o, &["line 9", "cut short"]);
    let o = grundy_at(home.path(), &["play", "--load", "no-such-file"], b"");
    assert_input_error(&o, &["no-such-file"]);
    // The file is left as it was.
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        &SAVE[..SAVE.len() - 4]
    );
}

#[test]
fn stats_prints_the_table_from_the_data_directory() {
    let home = tempfile::tempdir().unwrap();
    let o = grundy_at(home.path(), &["stats"], b"");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("No games finished yet."),
        "{}",
        stdout(&o)
    );
    let dir = home.path().join("data").join("grundy");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("stats.toml"),
        "[grid.hard]\nplayed = 3\nwon = 2\nlost = 1\nstreak = 2\nbest_streak = 2\n",
    )
    .unwrap();
    let o = grundy_at(home.path(), &["stats"], b"");
    let out = stdout(&o);
    assert!(
        out.contains("Coin grid  hard          3     2     1      2     2         -"),
        "{out}"
    );
    std::fs::write(dir.join("stats.toml"), "[grid.hard]\nplayed = -1\n").unwrap();
    let o = grundy_at(home.path(), &["stats"], b"");
    assert_input_error(&o, &["stats.toml line 2"]);
}

#[test]
fn analyze_line_plays_best_moves_to_the_end() {
    // The sample row: exact search knows it, so the line is best play to the end, and its
    // length is the remoteness analyze reports.
    let o = grundy(
        &[
            "analyze",
            "coins:4:HTTHTTTTHTTTHTHH",
            "--line",
            "40",
            "--moves",
            "1",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("remoteness 7"), "{out}");
    let plies: Vec<&str> = out
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()) && l.contains(". "))
        .collect();
    assert_eq!(plies.len(), 7, "{out}");
    assert!(
        plies[0].contains(". A ") && plies[1].contains(". B "),
        "{out}"
    );
    assert!(plies[6].contains("game over"), "{out}");
    assert!(out.contains("game over: A wins."), "{out}");
}

#[test]
fn analyze_line_without_exact_search_follows_the_nim_sum() {
    let code = format!("dodgeball:{}", "1".repeat(5000));
    let o = grundy(&["analyze", &code, "--line", "3", "--moves", "1"], b"");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("no exact search here"), "{out}");
    assert_eq!(out.matches("(by nim-sum)").count(), 3, "{out}");
    assert!(out.contains("3 moves shown"), "{out}");
    let o = grundy(&["analyze", "grid:HHH/TTH", "--line", "0"], b"");
    assert_input_error(&o, &["--line"]);
}

/// Issue 18, item 8: text from files (a save's name, a key of stats.toml) reaches the output
/// escaped: no escape sequence, carriage return or C1 control is printed raw.
#[test]
fn names_and_keys_from_files_are_printed_escaped() {
    let home = tempfile::tempdir().unwrap();
    let path = home.path().join("game.grundy");
    let hostile = "\x1b[2J\x1b]0;owned\x07\u{9b}31m\rname";
    std::fs::write(&path, SAVE.replace("two moves", hostile)).unwrap();
    let o = grundy_at(
        home.path(),
        &["analyze", "--load", path.to_str().unwrap()],
        b"",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let first = out.lines().next().unwrap();
    assert!(
        !first.chars().any(|c| c.is_control()),
        "raw control characters: {first:?}"
    );
    assert!(first.contains("\\x1b[2J"), "{first}");
    let dir = home.path().join("data").join("grundy");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("stats.toml"),
        "[\"\\u001b[2J\\u009b31m\\r\".perfect]\nplayed = 1\nwon = 1\n",
    )
    .unwrap();
    let o = grundy_at(home.path(), &["stats"], b"");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        !out.chars().any(|c| c.is_control() && c != '\n'),
        "raw control characters: {out:?}"
    );
    assert!(out.contains("\\x1b[2J"), "{out}");
}

/// Issue 18, item 9: `--load` reads only a regular file within its bound: `/dev/zero`, a
/// FIFO and a directory are refused at once (exit 2), and so is a file past 64 MiB.
#[test]
fn load_reads_only_regular_files_within_the_bound() {
    let home = tempfile::tempdir().unwrap();
    let fifo = home.path().join("fifo");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let big = home.path().join("big.grundy");
    std::fs::File::create(&big)
        .unwrap()
        .set_len((64 << 20) + 1)
        .unwrap();
    let started = std::time::Instant::now();
    for (file, needle) in [
        ("/dev/zero", "not a regular file"),
        (fifo.to_str().unwrap(), "not a regular file"),
        (home.path().to_str().unwrap(), "not a regular file"),
        (big.to_str().unwrap(), "more than a save may have (64 MiB)"),
    ] {
        for command in ["analyze", "play"] {
            let o = grundy_at(home.path(), &[command, "--load", file], b"");
            assert_input_error(&o, &[needle]);
        }
    }
    assert!(
        started.elapsed() < std::time::Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn stats_shows_the_practice_ratings_and_drill_refuses_an_unknown_game() {
    let home = tempfile::tempdir().unwrap();
    let dir = home.path().join("data").join("grundy");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("drills.toml"),
        "[ratings.nim]\nrating = 1612.4\ndeviation = 180.2\nvolatility = 0.06\ntried = 3\n\
         solved = 2\n\n[ratings.all]\nrating = 1612.4\ndeviation = 180.2\nvolatility = 0.06\n\
         tried = 3\nsolved = 2\n\n[best.nim]\nstreak = 2\ntimed = 0\n",
    )
    .unwrap();
    let o = grundy_at(home.path(), &["stats"], b"");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Practice ratings (Glicko-2)"), "{out}");
    assert!(
        out.contains("Nim          1612   180     3      2      2     0"),
        "{out}"
    );
    assert!(
        out.contains("all          1612   180     3      2      0     0"),
        "{out}"
    );
    let o = grundy_at(home.path(), &["drill", "chess"], b"");
    assert_input_error(&o, &["drill: no drills for 'chess'", "nim"]);
}

/// Dawson's Kayles, a game of the table with no code of its own in the command line: `move`
/// plays a winning move (to a position the rules alone say is lost), `analyze` takes it alone
/// and in a sum, `puzzles` makes a sheet, and a bad code names its character.
#[test]
fn dawson_plays_through_the_table_alone_and_in_sums() {
    let mut memo = std::collections::HashMap::new();
    for code in ["dawson:5,8", "dawson:7", "dawson:4,9,3"] {
        let o = grundy(&["move", code], b"");
        let out = stdout(&o);
        assert!(o.status.success(), "{code}: {o:?}");
        let after = out.lines().last().expect("the position after the move");
        let rows: Vec<u64> = after
            .strip_prefix("dawson:")
            .expect("a dawson code")
            .split(',')
            .map(|n| n.parse().expect("a number"))
            .collect();
        let before: Vec<u64> = code[7..].split(',').map(|n| n.parse().unwrap()).collect();
        assert!(brute::dawson_wins(&before, &mut memo), "{code} is won");
        assert!(
            !brute::dawson_wins(&rows, &mut memo),
            "{code} → {after}: lost for the opponent"
        );
    }
    let o = grundy(&["analyze", "nim:3+dawson:7"], b"");
    assert!(o.status.success(), "{o:?}");
    assert!(stdout(&o).contains("[2] dawson:7"), "{}", stdout(&o));
    let o = grundy(&["puzzles", "dawson", "--count", "3"], b"");
    assert!(o.status.success(), "{o:?}");
    assert!(stdout(&o).contains("dawson:"), "{}", stdout(&o));
    assert_input_error(
        &grundy(&["analyze", "dawson:5,x"], b""),
        &["'x'", "character 10"],
    );
}

/// `grundy stats` keeps its columns in line after a long name (`subtraction`), and counts
/// retried games.
#[test]
fn stats_lines_up_long_names() {
    let home = tempfile::tempdir().unwrap();
    let dir = home.path().join("data").join("grundy");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("stats.toml"),
        "[nim.perfect]\nplayed = 3\nwon = 2\nlost = 1\n\n\
         [subtraction.perfect]\nplayed = 12\nwon = 2\nlost = 10\nretried = 4\n",
    )
    .unwrap();
    let o = grundy_at(home.path(), &["stats"], b"");
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().filter(|l| l.contains("perfect")).collect();
    assert_eq!(lines.len(), 2, "{out}");
    // The level starts in the same column on every row, after at least one space.
    let level_at: Vec<usize> = lines.iter().map(|l| l.find("perfect").unwrap()).collect();
    assert_eq!(level_at[0], level_at[1], "{out}");
    assert!(lines[1].starts_with("Subtraction game "), "{out}");
    let header = out.lines().find(|l| l.starts_with("game")).unwrap();
    assert_eq!(header.find("level"), Some(level_at[0]), "{out}");
    assert!(header.ends_with("retried"), "{out}");
    assert!(lines[1].ends_with(" 4"), "{out}");
}

#[test]
fn sg_octal_prints_the_table_and_its_proved_period() {
    let o = grundy(&["sg", "octal", "0.137", "--n", "100"], b"");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("    10 |   3   2   2   4   0   5   2   2   3   3"),
        "{out}"
    );
    let last = out.lines().last().unwrap();
    assert!(last.starts_with("period 34 from n = 52 (proved"), "{last}");
    // Dawson's Kayles by name, and a repeating code (Nim) has period 1 with saltus 1.
    let o = grundy(&["sg", "heaps", "dawson", "--n", "20"], b"");
    assert!(
        stdout(&o)
            .lines()
            .last()
            .unwrap()
            .starts_with("period 34 from n = 53 (proved")
    );
    let o = grundy(&["sg", "octal", "0.3...", "--n", "20"], b"");
    let last = stdout(&o).lines().last().unwrap().to_string();
    assert!(
        last.starts_with("period 1, saltus 1 from n = 0 (proved"),
        "{last}"
    );
    // Lasker's Nim (HDU 3032): period 4, saltus 4 from n = 1, proved.
    let o = grundy(&["sg", "octal", "4.3...", "--n", "20"], b"");
    let last = stdout(&o).lines().last().unwrap().to_string();
    assert!(
        last.starts_with("period 4, saltus 4 from n = 1 (proved"),
        "{last}"
    );
    // Fibonacci takes repeat, but no theorem bounds their takes.
    let o = grundy(&["sg", "heaps", "fibonacci", "--n", "20"], b"");
    let out = stdout(&o);
    assert!(
        out.lines().last().unwrap().contains("observed, not proved") || out.contains("no period"),
        "{out}"
    );
    // A bad code: exit 2, the character and the reason.
    let o = grundy(&["sg", "octal", "0.19x"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("character 5") && stderr(&o).contains("'x'"),
        "{}",
        stderr(&o)
    );
    let o = grundy(&["analyze", "octal:1.7:5"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("d0"), "{}", stderr(&o));
}

#[test]
fn check_says_where_a_formula_holds_or_fails() {
    let o = grundy(
        &["sg", "heaps", "bash:3", "--n", "40", "--check", "n % 4"],
        b"",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o).lines().last(),
        Some("n % 4 holds for 0 ≤ n ≤ 40")
    );
    let o = grundy(
        &[
            "sg",
            "octal",
            "0.07",
            "--check",
            "if n % 4 == 0 { 0 } else { 1 }",
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stdout(&o).lines().last(),
        Some("if n % 4 == 0 { 0 } else { 1 } fails at n = 1: the formula gives 1, the table has 0")
    );
    let o = grundy(
        &["sg", "wythoff", "--n", "5", "--check", "if(a == b, 0, 1)"],
        b"",
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("fails at a = 0, b = 2: the formula gives 1, the table has 2"));
    // A bad expression: exit 2 with the place, before any table.
    let o = grundy(&["sg", "octal", "0.77", "--check", "n %% 3"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(stdout(&o).is_empty());
    assert!(stderr(&o).contains("character"), "{}", stderr(&o));
    let o = grundy(&["sg", "octal", "0.77", "--check", "m + 1"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("character 1"), "{}", stderr(&o));
}

#[test]
fn octal_games_play_everywhere_a_heap_game_plays() {
    // A heap of 10^18 of a proved game: analyzed and moved at once.
    let o = grundy(
        &["move", "octal:0.137:1000000000000000000,7", "--seed", "1"],
        b"",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let after = stdout(&o).lines().last().unwrap().to_string();
    assert!(after.starts_with("octal:0.137:"), "{after}");
    let o = grundy(
        &["analyze", "octal:0.137:1000000000000000000", "--why", "1"],
        b"",
    );
    assert!(
        stdout(&o).contains("period 34 from heap 52"),
        "{}",
        stdout(&o)
    );
    // Sums, with another game.
    let o = grundy(&["analyze", "octal:0.77:7+nim:3"], b"");
    assert!(o.status.success(), "{}", stderr(&o));
    // Grundy's game now reaches 4·10^4 (its fast table's 250 ms), and says so past it.
    let o = grundy(&["analyze", "grundy:40000"], b"");
    assert!(o.status.success(), "{}", stderr(&o));
    let o = grundy(&["analyze", "grundy:40001"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("heaps to 40000"), "{}", stderr(&o));
}
