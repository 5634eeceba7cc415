//! The Lab's rules files: the shipped examples listed and opened from the menu (t, then ←),
//! a path typed, the errors of a file that cannot be played said in the reader's language
//! (a missing file, a FIFO, a parse error with its FILE:LINE:COL), a move played against the AI
//! and Esc back to the Lab. Snapshots in every language at 80×24 and 120×40, no English on the
//! Chinese screens but the files' names and the script's own words.

use crossterm::event::KeyCode;
use grundy::locale::{self, Lang};
use grundy::rules::examples::EXAMPLES;
use grundy::tui::PlayOptions;

use crate::common::render::Harness;
use crate::i18n::{check_widths, english_words, frame, text};

const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

/// Names that stay Latin: the contests' names and problem ids, Rhai, the README, and the
/// script's functions as written (`fn moves(s)`, `fn start()`).
const RULES_LATIN: &[&str] = &[
    "CSES", "AGC", "AtCoder", "DP", "CF", "YTP", "TIOJ", "HDU", "POJ", "Mock", "Turtles", "Rhai",
    "fn", "moves", "start", "rules", "README", "UTF", "rhai",
];

/// The paths the scenes type (the player's words, not the interface's).
const TYPED: &[&str] = &["~/games/my.rhai", "/no/such/dir/game.rhai"];

/// The menu, then the Lab by its key, then the rules files (← from the first table).
fn rules_files(width: u16, height: u16) -> Harness {
    let mut h = Harness::new(&PlayOptions::default(), width, height);
    h.keys("t");
    h.key(KeyCode::Left);
    h
}

/// Types `path` on the list's last row and opens it.
fn open_path(h: &mut Harness, path: &str) {
    h.key(KeyCode::Up).enter();
    for c in path.chars() {
        h.key(KeyCode::Char(c));
    }
    h.enter();
}

struct Scene {
    name: &'static str,
    keys: fn(&mut Harness),
}

fn scenes() -> Vec<Scene> {
    vec![
        Scene {
            name: "list",
            keys: |_| {},
        },
        Scene {
            name: "typing",
            keys: |h| {
                h.key(KeyCode::Up).enter().keys(TYPED[0]);
            },
        },
        Scene {
            name: "missing",
            keys: |h| open_path(h, TYPED[1]),
        },
        Scene {
            name: "game",
            // The graph with cycles: its board and moves are numbers.
            keys: |h| {
                let at = EXAMPLES
                    .iter()
                    .position(|e| e.file == "graph-cycles.rhai")
                    .unwrap();
                for _ in 0..at {
                    h.key(KeyCode::Down);
                }
                h.enter();
            },
        },
        Scene {
            // The Cutting Game's positions are pairs [w, h]: it opens on its table.
            name: "cutting_table",
            keys: |h| {
                choose(h, "cutting.rhai");
                h.enter();
            },
        },
        Scene {
            name: "game_help",
            keys: |h| {
                h.enter().keys("?");
            },
        },
    ]
}

/// Steps down the list to the shipped example `file`.
fn choose(h: &mut Harness, file: &str) {
    let at = EXAMPLES.iter().position(|e| e.file == file).unwrap();
    for _ in 0..at {
        h.key(KeyCode::Down);
    }
}

/// A rules file whose positions are pairs opens on its table of two numbers, computed on a
/// worker thread: the Cutting Game's agrees with a brute force written here, the heat map
/// and the periods' line show, and Enter then plays it from its start; Esc goes back.
#[test]
fn a_rules_file_of_pairs_opens_on_its_table() {
    locale::set_lang(Lang::En);
    let mut h = rules_files(120, 40);
    choose(&mut h, "cutting.rhai");
    h.enter();
    let brute = crate::brute::cutting(20);
    let lab = h.app.lab().expect("still the Lab");
    let table = lab.pair_table().expect("the table, computed");
    assert_eq!((table.rows, table.cols, table.stopped), (20, 20, None));
    for (w, row) in brute.iter().enumerate() {
        for (c, &v) in row.iter().enumerate() {
            assert_eq!(table.value(w as u32, c as u32), Some(v), "[{w}, {c}]");
        }
    }
    let screen = h.screen();
    assert!(
        screen.contains("value of [a, b], 0 ≤ a, b ≤ 20"),
        "{screen}"
    );
    assert!(screen.contains("Enter play from [4, 2]"), "{screen}");
    assert!(
        screen.contains("no period by rows or by columns"),
        "{screen}"
    );
    assert!(screen.contains("a\\b"), "{screen}");
    // A formula is checked against the table, a and b its numbers.
    h.keys("f0").enter();
    assert!(
        h.screen().contains("fails at a = 2, b = 4"),
        "{}",
        h.screen()
    );
    h.enter();
    assert!(h.screen().contains("Your move"), "{}", h.screen());
    h.key(KeyCode::Esc).key(KeyCode::Esc);
    assert!(h.screen().contains("cutting.rhai"), "{}", h.screen());
}

/// The screen without the shipped files' names and the rows drawn inside the game's boxes
/// (the script's own words: its board and its moves, which it writes in one language).
fn ours(screen: &str, game: bool) -> String {
    let mut out = String::new();
    for line in screen.lines() {
        if game && line.starts_with('│') {
            continue;
        }
        let mut line = line.to_string();
        for name in EXAMPLES.iter().map(|e| e.file).chain(TYPED.iter().copied()) {
            line = line.replace(name, "");
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

fn run(lang: Lang) {
    locale::set_lang(lang);
    let mut english = Vec::new();
    for scene in scenes() {
        for (width, height) in SIZES {
            let mut h = rules_files(width, height);
            (scene.keys)(&mut h);
            let buffer = frame(&mut h);
            let what = format!("{} {} {width}x{height}", lang.code(), scene.name);
            check_widths(&buffer, &what);
            let screen = text(&buffer);
            if lang != Lang::En {
                let game = scene.name.starts_with("game");
                for word in english_words(&ours(&screen, game)) {
                    if !RULES_LATIN.contains(&word.as_str()) {
                        english.push(format!("{what}: {word}"));
                    }
                }
            }
            insta::assert_snapshot!(
                format!("{}_rules_{}_{width}x{height}", lang.code(), scene.name),
                screen
            );
        }
    }
    assert!(
        english.is_empty(),
        "English words on the Chinese screens:\n{}",
        english.join("\n")
    );
}

#[test]
fn the_rules_files_in_english() {
    run(Lang::En);
}

#[test]
fn the_rules_files_in_simplified_chinese() {
    run(Lang::ZhCn);
}

#[test]
fn the_rules_files_in_traditional_chinese() {
    run(Lang::ZhTw);
}

/// Every shipped example has a title in every language.
#[test]
fn every_example_has_a_title_in_every_language() {
    for lang in Lang::ALL {
        for example in EXAMPLES {
            let title = locale::text_in(lang, example.title);
            assert!(
                !title.is_empty() && !title.contains("rules.example"),
                "{} has no {} title: {title}",
                example.file,
                lang.code()
            );
        }
    }
}

/// Every shipped example opens from the list, its title in the reader's language on the
/// game's board, and Esc comes back to the list with the next one chosen as before.
#[test]
fn every_example_opens_from_the_lab() {
    locale::set_lang(Lang::ZhCn);
    let mut h = rules_files(120, 40);
    for (i, example) in EXAMPLES.iter().enumerate() {
        h.enter();
        // A game of pairs opens on its table first; Enter there plays it.
        let table = h.app.lab().is_some_and(|lab| lab.pair_table().is_some());
        if table {
            h.enter();
        }
        let screen = text(&frame(&mut h));
        let title = locale::text(example.title);
        assert!(screen.contains(&*title), "{}:\n{screen}", example.file);
        assert!(screen.contains("轮到你走"), "{}:\n{screen}", example.file);
        h.key(KeyCode::Esc);
        if table {
            h.key(KeyCode::Esc);
        }
        let screen = text(&frame(&mut h));
        assert!(screen.contains("规则文件"), "{screen}");
        let chosen = screen
            .lines()
            .find(|l| l.contains('▶'))
            .expect("a chosen row");
        assert!(chosen.contains(example.file), "{i}: {chosen}");
        h.key(KeyCode::Down);
    }
    locale::set_lang(Lang::En);
}

/// A move played against the AI: the player's move and the AI's reply are said; Esc back to
/// the Lab and again to the menu.
#[test]
fn a_move_is_played_against_the_ai() {
    locale::set_lang(Lang::En);
    let mut h = rules_files(80, 24);
    h.enter();
    assert!(h.screen().contains("Your move"), "{}", h.screen());
    h.enter();
    let screen = h.screen();
    assert!(screen.contains("AI: "), "{screen}");
    assert!(screen.contains("Your move"), "{screen}");
    h.key(KeyCode::Esc);
    assert!(h.screen().contains("Rules file"), "{}", h.screen());
    h.key(KeyCode::Esc);
    assert!(h.screen().contains("Choose a game"), "{}", h.screen());
}

/// The errors of a file that cannot be played: each in the reader's language, the Lab still
/// on screen, nothing panics.
#[test]
fn a_file_that_cannot_be_played_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.rhai");
    std::fs::write(&bad, "fn moves(s) {\n  [s - 1\n}\n").unwrap();
    let no_start = dir.path().join("no-start.rhai");
    std::fs::write(&no_start, "fn moves(s) { [] }\n").unwrap();
    let fifo = dir.path().join("fifo.rhai");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    let cases: Vec<(std::path::PathBuf, &str, &str)> = vec![
        (
            dir.path().join("missing.rhai"),
            "no such file",
            "没有这个文件",
        ),
        (
            dir.path().to_path_buf(),
            "not a regular file",
            "不是普通文件",
        ),
        (bad.clone(), ":3:1: ", ":3:1: "),
        (no_start, "has no fn start()", "没有 fn start()"),
    ];
    let fifo_case = (fifo, "not a regular file", "不是普通文件");
    for (lang, en) in [(Lang::En, true), (Lang::ZhCn, false)] {
        locale::set_lang(lang);
        for (path, english, chinese) in cases.iter().chain(made.then_some(&fifo_case)) {
            let mut h = rules_files(120, 40);
            open_path(&mut h, &path.display().to_string());
            let screen = text(&frame(&mut h));
            let said = if en { english } else { chinese };
            assert!(
                screen.contains(said),
                "{}: {said}\n{screen}",
                path.display()
            );
            assert!(screen.contains(&path.display().to_string()), "{screen}");
            let lab = h.app.lab().expect("the Lab stays");
            assert!(lab.rules_error().is_some());
        }
    }
    locale::set_lang(Lang::En);
}
