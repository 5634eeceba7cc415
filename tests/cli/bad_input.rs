//! Bad input never crashes, hangs or reaches the terminal raw (issue 39): arguments that are
//! not UTF-8 (as codes, as file names), text a rules file makes (its name, board, moves and
//! thrown values), pictures written to a FIFO, formulas too long or too deep, octal tables
//! past what they may cost, and errors that quote a line's worth of the input at most. Run
//! through the real binary with `OsString` arguments.

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};

use super::cli::grundy_in;

/// Runs `grundy args` in a fresh home with empty input, killed (and the test failed) past
/// `seconds`.
fn run(args: &[OsString], seconds: u64) -> Output {
    let home = tempfile::tempdir().unwrap();
    run_in(home.path(), args, seconds)
}

fn run_in(home: &Path, args: &[OsString], seconds: u64) -> Output {
    let mut child = grundy_in(home)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    // The output is read on threads, so a long one cannot fill the pipe and stall the child.
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let reading = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut out, &mut bytes).unwrap();
        bytes
    });
    let reading_err = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut err, &mut bytes).unwrap();
        bytes
    });
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("grundy {args:?} still running after {seconds} s");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    Output {
        status,
        stdout: reading.join().unwrap(),
        stderr: reading_err.join().unwrap(),
    }
}

fn os(args: &[&[u8]]) -> Vec<OsString> {
    args.iter()
        .map(|a| OsString::from_vec(a.to_vec()))
        .collect()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The first raw control character (other than a line end) or C1 control or bidi override in
/// `bytes`, read as text.
fn raw_control(bytes: &[u8]) -> Option<char> {
    text(bytes).chars().find(|&c| {
        (c.is_control() && c != '\n')
            || matches!(c as u32, 0x200B..=0x200F | 0x202A..=0x202E | 0x2066..=0x2069)
    })
}

/// No panic (exit 101 or its message), no raw control character on either stream.
fn assert_sane(args: &[OsString], o: &Output) {
    let err = text(&o.stderr);
    assert_ne!(o.status.code(), Some(101), "{args:?}: {err}");
    assert!(
        o.status.code().is_some(),
        "{args:?}: killed by a signal: {err}"
    );
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert_eq!(raw_control(&o.stderr), None, "{args:?}: stderr {err:?}");
    assert_eq!(
        raw_control(&o.stdout),
        None,
        "{args:?}: stdout {:?}",
        text(&o.stdout)
    );
}

fn asset(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("assets/rules")
        .join(name)
}

/// A file name with a byte that is not UTF-8 (a legal Linux name), in `dir`.
fn non_utf8_name(dir: &Path, stem: &[u8], extension: &str) -> PathBuf {
    let mut name = stem.to_vec();
    name.extend_from_slice(b"\xff\xfe");
    name.extend_from_slice(extension.as_bytes());
    dir.join(OsStr::from_bytes(&name))
}

#[test]
fn a_code_that_is_not_utf8_is_refused_clearly() {
    for args in [
        &[&b"analyze"[..], b"grid\xff:HHH/TTH"][..],
        &[b"move", b"nim:3,\xff"],
        &[b"sg", b"octal", b"0.1\xff7"],
        &[b"sg", b"heaps", b"kayles", b"--check", b"n\xff"],
        &[b"puzzles", b"ni\xffm"],
    ] {
        let args = os(args);
        let o = run(&args, 20);
        assert_sane(&args, &o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o.stderr));
        let err = text(&o.stderr);
        assert!(err.contains("UTF-8"), "{args:?}: {err}");
    }
    // A language that is not UTF-8 is not a language (and chooses none for the help).
    for args in [
        &[&b"analyze"[..], b"--lang", b"zh\xff"][..],
        &[b"analyze", b"--lang=\xff", b"nim:3"],
    ] {
        let args = os(args);
        let o = run(&args, 20);
        assert_sane(&args, &o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o.stderr));
    }
}

#[test]
fn file_names_that_are_not_utf8_still_open() {
    let dir = tempfile::tempdir().unwrap();
    // --rules
    let rules = non_utf8_name(dir.path(), b"cses", ".rhai");
    std::fs::copy(asset("cses2208.rhai"), &rules).unwrap();
    let args = vec![
        OsString::from("analyze"),
        OsString::from("--rules"),
        rules.clone().into_os_string(),
        OsString::from("[1, 2, 3]"),
    ];
    let o = run(&args, 20);
    assert_sane(&args, &o);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("The player to move wins"));
    // --svg and --png
    let (svg, png) = (
        non_utf8_name(dir.path(), b"k", ".svg"),
        non_utf8_name(dir.path(), b"k", ".png"),
    );
    let args = vec![
        OsString::from("sg"),
        OsString::from("heaps"),
        OsString::from("kayles"),
        OsString::from("--svg"),
        svg.clone().into_os_string(),
        OsString::from("--png"),
        png.clone().into_os_string(),
    ];
    let o = run(&args, 20);
    assert_sane(&args, &o);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(std::fs::read(&svg).unwrap().starts_with(b"<svg"));
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    // --load
    let save = grundy::store::save::Save::new(
        "x",
        "nim:3,4".into(),
        grundy::setup::First::You,
        grundy::ai::Level::Perfect,
        1,
        false,
        vec![],
    );
    let saved = non_utf8_name(dir.path(), b"game", ".grundy");
    save.write(&saved).unwrap();
    let args = vec![
        OsString::from("analyze"),
        OsString::from("--load"),
        saved.into_os_string(),
    ];
    let o = run(&args, 20);
    assert_sane(&args, &o);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("nim:3,4"), "{}", text(&o.stdout));
}

/// Random command lines from words of every command, numbers, codes and bytes that are not
/// UTF-8 or are controls: none panics, hangs or echoes a raw control character. The commands
/// that open the terminal game are left out (the test has no terminal).
#[test]
fn random_command_lines_never_panic() {
    let commands: &[&[u8]] = &[
        b"analyze", b"move", b"sg", b"solve", b"puzzles", b"stats", b"man",
    ];
    let words: &[&[u8]] = &[
        b"--rules",
        b"--svg",
        b"--png",
        b"--load",
        b"--check",
        b"--n",
        b"--lang",
        b"--line",
        b"--why",
        b"--moves",
        b"--seed",
        b"--count",
        b"--side",
        b"heaps",
        b"octal",
        b"kayles",
        b"coins",
        b"grid",
        b"zh-CN",
        b"nim:3,4",
        b"grid:HHH/TTH",
        b"0.137",
        b"0.3...",
        b"n % 3",
        b"[1, 2, 3]",
        b"3",
        b"0",
        b"-",
        b"\xff",
        b"\xc3\x28",
        b"nim:\xfe3",
        b"\x1b[2J",
        b"\xe2\x80\xae",
        b"/nonexistent/\xff.svg",
    ];
    let mut rng = rand::rngs::StdRng::seed_from_u64(39);
    for _ in 0..60 {
        let mut args = vec![commands[rng.random_range(0..commands.len())].to_vec()];
        for _ in 0..rng.random_range(0..5) {
            let mut word = words[rng.random_range(0..words.len())].to_vec();
            // Now and then a random byte inside a word.
            if rng.random_range(0..4) == 0 {
                let at = rng.random_range(0..=word.len());
                word.insert(at, rng.random_range(0x80..=0xffu8));
            }
            args.push(word);
        }
        let args: Vec<OsString> = args.into_iter().map(OsString::from_vec).collect();
        let o = run(&args, 30);
        assert_sane(&args, &o);
    }
}

/// A rules file whose name, board, moves and thrown value hold escape sequences (ESC [2J
/// clears the screen, ESC ]0; sets the title, U+202E reverses the text after it).
const HOSTILE: &str = r#"
fn name() { "Title\x1b]0;owned\x07 game" }
fn start() { 3 }
fn moves(s) {
    if s == 99 {
        let thrown = "caught \x1b[2J\u202e";
        for i in 0..5000 { thrown += "y"; }
        throw thrown;
    }
    if s > 0 { [s - 1] } else { [] }
}
fn show(s) { ["board \x1b[2J" + s, "\x9b31m red"] }
fn describe(s, t) { "take one\x1b[H\r" }
"#;

#[test]
fn text_from_a_rules_file_is_shown_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hostile.rhai");
    std::fs::write(&path, HOSTILE).unwrap();
    let file = path.clone().into_os_string();
    for (position, code) in [("3", 0), ("99", 2)] {
        for command in ["analyze", "move"] {
            let args = vec![
                OsString::from(command),
                OsString::from("--rules"),
                file.clone(),
                OsString::from(position),
            ];
            let o = run(&args, 20);
            assert_sane(&args, &o);
            assert_eq!(o.status.code(), Some(code), "{args:?}: {}", text(&o.stderr));
            let all = format!("{}{}", text(&o.stdout), text(&o.stderr));
            assert!(all.contains("\\x1b"), "{args:?}: {all}");
        }
    }
    // The thrown value is quoted a line's worth at most.
    let args = vec![
        OsString::from("analyze"),
        OsString::from("--rules"),
        file.clone(),
        OsString::from("99"),
    ];
    let o = run(&args, 20);
    assert!(
        o.stderr.len() < 400,
        "{} bytes: {}",
        o.stderr.len(),
        text(&o.stderr)
    );
    assert!(text(&o.stderr).contains('…'), "{}", text(&o.stderr));
}

/// `--svg` and `--png` into a FIFO: the picture replaces it (a temporary file renamed), the
/// command never waits for a reader.
#[test]
fn a_picture_to_a_fifo_does_not_hang() {
    let dir = tempfile::tempdir().unwrap();
    for (option, name) in [("--svg", "p.svg"), ("--png", "p.png")] {
        let fifo = dir.path().join(name);
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        let args = vec![
            OsString::from("sg"),
            OsString::from("octal"),
            OsString::from("0.137"),
            OsString::from(option),
            fifo.clone().into_os_string(),
        ];
        let o = run(&args, 20);
        assert_sane(&args, &o);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        assert!(std::fs::symlink_metadata(&fifo).unwrap().is_file());
        assert!(std::fs::metadata(&fifo).unwrap().len() > 100);
    }
}

#[test]
fn formulas_too_long_or_too_deep_are_refused_at_once() {
    let started = Instant::now();
    // 40 000 nested brackets aborted the parser (a stack overflow), and a 20 KB formula with
    // its error at the end took 40 s to place it.
    let deeper = format!("{}n{}", "(".repeat(40_000), ")".repeat(40_000));
    let deep = format!("{}n{}", "(".repeat(400), ")".repeat(400));
    let long = format!("{}+", "n+".repeat(10_000));
    let signs = format!("0+{}n", "-".repeat(500));
    for (formula, needle) in [
        (deeper, "longer than 1000 characters"),
        (deep, "nested deeper than 64"),
        (long, "longer than 1000 characters"),
        (signs, "nested deeper than 64"),
    ] {
        let args = vec![
            OsString::from("sg"),
            OsString::from("heaps"),
            OsString::from("kayles"),
            OsString::from("--check"),
            OsString::from(&formula),
        ];
        let o = run(&args, 20);
        assert_sane(&args, &o);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains(needle), "{err}");
        assert!(err.contains('…'), "{err}");
        assert!(o.stderr.len() < 400, "{} bytes: {err}", o.stderr.len());
    }
    // Just within the bounds, an error at the end is found within a second or two.
    let args = vec![
        OsString::from("sg"),
        OsString::from("heaps"),
        OsString::from("kayles"),
        OsString::from("--check"),
        OsString::from(format!("{}+)", "n+".repeat(495))),
    ];
    let o = run(&args, 20);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn errors_quote_a_line_of_the_input_at_most() {
    let long_octal = format!("0.{}9", "7".repeat(100_000));
    let no_point = "7".repeat(100_000);
    let position = format!("[{}", "1, ".repeat(30_000));
    for args in [
        vec!["sg", "octal", &long_octal],
        vec!["sg", "octal", &no_point],
        vec!["sg", "heaps", &format!("octal:{no_point}")],
        vec!["sg", "kayles", "--check", &format!("{}m", "n+".repeat(400))],
    ] {
        let args: Vec<OsString> = args.into_iter().map(OsString::from).collect();
        let o = run(&args, 20);
        assert_sane(&args, &o);
        assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
        assert!(
            o.stderr.len() < 600,
            "{} bytes: {}",
            o.stderr.len(),
            text(&o.stderr)
        );
    }
    // clap's own refusal of an argument quotes it too.
    let dashes = format!("-{}", "x".repeat(100_000));
    let args = vec![
        OsString::from("sg"),
        OsString::from("kayles"),
        OsString::from(&dashes),
    ];
    let o = run(&args, 20);
    assert_sane(&args, &o);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    assert!(o.stderr.len() < 1000, "{} bytes", o.stderr.len());
    let args = vec![
        OsString::from("analyze"),
        OsString::from("--rules"),
        asset("cses2208.rhai").into_os_string(),
        OsString::from(&position),
    ];
    let o = run(&args, 20);
    assert_sane(&args, &o);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    assert!(o.stderr.len() < 600, "{} bytes", o.stderr.len());
}

/// An octal code valued by mex over every move (repeating, or three-heap moves) has a table
/// only as long as it may cost: the default table of `0.f…` comes at once, a table of 10^5
/// heaps of `0.6…` is refused with the heap it could reach.
#[test]
fn octal_tables_by_mex_are_bounded() {
    let args = os(&[b"sg", b"octal", b"0.f..."]);
    let o = run(&args, 20);
    assert_sane(&args, &o);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let args = os(&[b"sg", b"octal", b"0.6...", b"--n", b"100000"]);
    let o = run(&args, 20);
    assert_sane(&args, &o);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("would take too long"), "{err}");
    assert!(o.stdout.is_empty(), "{}", text(&o.stdout));
    // A repeating code whose arithmetic period a short table proves is read through it to
    // any n (Lasker's Nim, 4.3…, was refused past heap 81 648).
    let args = os(&[b"sg", b"octal", b"4.3...", b"--n", b"1000000"]);
    let o = run(&args, 20);
    assert_sane(&args, &o);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(
        out.contains("period 4, saltus 4 from n = 1 (proved"),
        "{}",
        &out[out.len().saturating_sub(300)..]
    );
    assert!(out.contains("999990 |"), "the table reaches its last row");
}

/// A gain of i64::MIN: the player to move scores 2^63 less, not "-9223372036854775808 less"
/// (a negation past the integers' range).
#[test]
fn the_lowest_gain_is_worded_as_its_size() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("min.rhai");
    std::fs::write(
        &path,
        "fn start() { 1 }\nfn moves(s) { if s > 0 { [s - 1] } else { [] } }\n\
         fn gain(s, t) { -9223372036854775807 - 1 }\n",
    )
    .unwrap();
    let args = vec![
        OsString::from("analyze"),
        OsString::from("--rules"),
        path.into_os_string(),
    ];
    let o = run(&args, 20);
    assert_sane(&args, &o);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(out.contains("scores 9223372036854775808 less"), "{out}");
}
