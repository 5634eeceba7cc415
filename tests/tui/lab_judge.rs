//! The Lab's Judge page (对拍 in the terminal game): the page and its problem list in every
//! language at 80×24 and 120×40 (snapshots, no English on the Chinese ones but the commands,
//! the problems' names and the answers' words, every row fits); then a right and a wrong
//! student program judged on the app's worker thread, their reports (AC with the summary,
//! WA with the shrunk case, grundy's answer and the program's) drawn in every language, and
//! the failing case opened on the board and left back to the Lab.

use crossterm::event::KeyCode;
use grundy::locale::{self, Lang};
use grundy::tui::PlayOptions;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use crate::common::render::Harness;
use crate::common::students::{built, program};
use crate::i18n::{check_widths, english_words, frame, text};

const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

/// Words that stay Latin on the Chinese Judge page: the command as typed, the problems'
/// names (Luogu P2197 Nim…), the answers the problem prints, the judge's verdicts and the
/// compiler.
const JUDGE_LATIN: &[&str] = &[
    "grundy", "judge", "seed", "tests", "Luogu", "Nim", "Yes", "No", "AC", "WA", "PE", "TLE",
    "MLE", "RE", "OLE", "gcc", "cpp", "rs", "py",
    "random", // What the picker scene types to filter the list.
    "cses",
];

/// The screen without the problems' titles on the problem list's rows (the statements'
/// own words, as the contests print them) and the student programs' names.
fn ours(screen: &str) -> String {
    let mut out = String::new();
    for line in screen.lines() {
        let row = line.trim_start_matches(['│', ' ', '▶']);
        let listed = grundy::contest::FORMATS.iter().any(|f| {
            row.starts_with(&format!("{}  ", f.id)) || row.starts_with(&format!("{} ", f.id))
        });
        if !listed {
            out.push_str(
                &line
                    .replace("nim_zero", "")
                    .replace("STUDENTS", "")
                    .replace("PROGRAM", ""),
            );
        }
        out.push('\n');
    }
    out
}

/// The menu, the Lab by its key, then the Judge page (← twice: past the rules files); the
/// app's seed makes the judge's tests the same each run.
fn judge_page(width: u16, height: u16) -> Harness {
    let options = PlayOptions {
        seed: Some(1),
        ..PlayOptions::default()
    };
    let mut h = Harness::new(&options, width, height);
    h.keys("t");
    h.key(KeyCode::Left).key(KeyCode::Left);
    h
}

/// The screen with what changes from run to run written as it does not: the students'
/// directory (a temporary one; on the command line to run the same tests, where a narrow
/// screen may cut it, the program's whole path) and the times (0.01 s).
fn steady(screen: &str) -> String {
    let mut out = String::new();
    for line in screen.lines() {
        match line.find("-- /") {
            Some(at) => {
                out.push_str(&line[..at + 3]);
                out.push_str("PROGRAM");
                if line.ends_with('│') {
                    out.push_str(" │");
                }
            }
            None => out.push_str(line),
        }
        out.push('\n');
    }
    if let Some(dir) = built() {
        out = out.replace(&dir.display().to_string(), "STUDENTS");
    }
    let mut steady = String::new();
    let chars: Vec<char> = out.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        // d.dd → #.##, as many digits before the point as there are.
        if chars[i].is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            if i + 2 < chars.len()
                && chars[i] == '.'
                && chars[i + 1].is_ascii_digit()
                && chars[i + 2].is_ascii_digit()
            {
                steady.extend(std::iter::repeat_n('#', i - start));
                steady.push_str(".##");
                i += 3;
            } else {
                steady.extend(&chars[start..i]);
            }
            continue;
        }
        steady.push(chars[i]);
        i += 1;
    }
    steady
}

/// Checks the screen's rows fit and, on a Chinese one, that no English is left but
/// [`JUDGE_LATIN`] and the typed paths; snapshots it as `NAME`.
fn check(h: &mut Harness, lang: Lang, name: &str, english: &mut Vec<String>) {
    let buffer = frame(h);
    let (width, height) = (buffer.area.width, buffer.area.height);
    let what = format!("{} {name} {width}x{height}", lang.code());
    check_widths(&buffer, &what);
    let screen = steady(&text(&buffer));
    if lang != Lang::En {
        for word in english_words(&ours(&screen)) {
            if !JUDGE_LATIN.contains(&word.as_str()) {
                english.push(format!("{what}: {word}"));
            }
        }
    }
    insta::assert_snapshot!(format!("{}_{name}_{width}x{height}", lang.code()), screen);
}

/// Types `path` on the Program row, chooses 30 random tests and runs the judge (the
/// harness waits for its report).
fn run_judge(h: &mut Harness, path: &str) {
    h.enter().keys(path).enter();
    h.keys("<<");
    h.key(KeyCode::Up).enter();
}

fn pages(lang: Lang) {
    locale::set_lang(lang);
    let mut english = Vec::new();
    for (width, height) in SIZES {
        let mut h = judge_page(width, height);
        check(&mut h, lang, "judge", &mut english);
        // The problem list, filtered by what is typed.
        h.key(KeyCode::Down).key(KeyCode::Down).enter().keys("cses");
        check(&mut h, lang, "judge_picker", &mut english);
        h.key(KeyCode::Down).enter();
        let screen = text(&frame(&mut h));
        assert!(screen.contains("cses1098"), "{screen}");
    }
    assert!(
        english.is_empty(),
        "English words on the Chinese screens:\n{}",
        english.join("\n")
    );
}

#[test]
fn the_judge_page_in_english() {
    pages(Lang::En);
}

#[test]
fn the_judge_page_in_simplified_chinese() {
    pages(Lang::ZhCn);
}

#[test]
fn the_judge_page_in_traditional_chinese() {
    pages(Lang::ZhTw);
}

/// One session judged, then its report drawn in every language at both sizes (the report is
/// values: the words are the draw's).
fn reports(h: &mut Harness, name: &str) {
    let mut english = Vec::new();
    for lang in Lang::ALL {
        locale::set_lang(lang);
        for (width, height) in SIZES {
            h.terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
            check(h, lang, name, &mut english);
        }
    }
    locale::set_lang(Lang::En);
    assert!(
        english.is_empty(),
        "English words on the Chinese screens:\n{}",
        english.join("\n")
    );
}

/// A right Nim is accepted: the summary line, the seed's command to run the same tests.
#[test]
fn a_right_program_is_accepted_in_the_lab() {
    let Some(nim) = program("nim") else { return };
    locale::set_lang(Lang::En);
    let mut h = judge_page(80, 24);
    run_judge(&mut h, &nim);
    let lab = h.app.lab().expect("the Lab");
    assert_eq!(lab.check().verdict(), Some("AC"), "{}", h.screen());
    let screen = text(&frame(&mut h));
    assert!(
        screen.contains("AC: 31 tests (1 sample, 26 random, 4 at the limits)"),
        "{screen}"
    );
    reports(&mut h, "judge_ac");
}

/// A Nim wrong only when a heap is 0: WA, the input shrunk to one case of one empty heap,
/// grundy's answer (No) and the program's (Yes); p plays that case (Nim with one heap of 0,
/// over before it starts) and leaving the game comes back to the Lab's report.
#[test]
fn a_wrong_program_is_shrunk_and_its_case_opens_on_the_board() {
    let Some(wrong) = program("nim_zero") else {
        return;
    };
    locale::set_lang(Lang::En);
    let mut h = judge_page(80, 24);
    run_judge(&mut h, &wrong);
    assert_eq!(h.app.lab().expect("the Lab").check().verdict(), Some("WA"));
    let screen = text(&frame(&mut h));
    assert!(screen.contains("WA (wrong answer) on test"), "{screen}");
    let input: Vec<&str> = screen
        .lines()
        .skip_while(|l| !l.contains("input:"))
        .skip(1)
        .take_while(|l| !l.contains("expected"))
        .map(|l| l.trim_matches(|c| c == '│' || c == ' '))
        .collect();
    assert_eq!(input, ["1", "1", "0"], "{screen}");
    reports(&mut h, "judge_wa");
    h.terminal = Terminal::new(TestBackend::new(80, 24)).expect("test terminal");
    h.keys("p");
    assert!(h.app.in_game(), "{}", h.screen());
    let screen = h.screen();
    assert!(
        screen.contains("Nim") && screen.contains("heap 1"),
        "{screen}"
    );
    h.key(KeyCode::Esc).keys("n");
    let screen = text(&frame(&mut h));
    assert!(h.app.lab().is_some(), "{screen}");
    assert!(screen.contains("WA (wrong answer)"), "{screen}");
}
