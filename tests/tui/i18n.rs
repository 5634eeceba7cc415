//! The terminal game in Simplified and Traditional Chinese: every screen (the menu, each board,
//! help, the coach line, the review, the game record) drawn in zh-CN and zh-TW at 80×24 and
//! 120×40 and compared with the committed snapshots; on every frame drawn, each row fits the
//! screen and no wide character is cut in half; and the Chinese screens are scanned for English
//! words, which would be text built outside the locale files.

use crossterm::event::KeyCode;
use grundy::locale::{self, Lang};
use grundy::tui::PlayOptions;
use ratatui::buffer::Buffer;
use unicode_width::UnicodeWidthStr;

use crate::common;
use common::render::{Harness, options};

/// The 16-coin sample position of RULES.md (MAXQ 4): won for the player; coin 3's move is a
/// blunder (see tui_teacher.rs).
const SAMPLE: &str = "coins:4:HTTHTTTTHTTTHTHH";

/// The two sizes every screen is drawn at.
const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

/// A screen to draw: its name, the game (`None`: the menu), hints, and the keys that lead to it.
struct Scene {
    name: &'static str,
    code: Option<&'static str>,
    hints: bool,
    keys: fn(&mut Harness),
}

fn nothing(_: &mut Harness) {}

/// Plays coin 3's move on the sample: a blunder, which the coach names.
fn blunder(h: &mut Harness) {
    h.key(KeyCode::Tab).enter().enter();
}

/// Plays the first listed move of the first movable part until the game is over.
fn play_out(h: &mut Harness) {
    for _ in 0..60 {
        if h.app.in_game() && game_over(h) {
            return;
        }
        h.key(KeyCode::Tab).enter().enter();
    }
    panic!("the game did not end:\n{}", text(&frame(h)));
}

/// Whether the review popup is up (its title, in the thread's language).
fn game_over(h: &mut Harness) -> bool {
    let title = locale::text("review.title");
    text(&frame(h)).contains(title.trim())
}

fn scenes() -> Vec<Scene> {
    vec![
        Scene {
            name: "menu",
            code: None,
            hints: false,
            keys: nothing,
        },
        Scene {
            name: "menu_settings",
            code: None,
            hints: false,
            keys: |h| {
                h.enter();
            },
        },
        Scene {
            name: "menu_heap_rules",
            code: None,
            hints: false,
            // Down to the heap games, into their settings, up to the rule field, → to Bash.
            keys: |h| {
                h.key(KeyCode::Down).key(KeyCode::Down).key(KeyCode::Down);
                h.enter();
                for _ in 0..6 {
                    h.key(KeyCode::Up);
                }
                h.key(KeyCode::Right);
            },
        },
        Scene {
            name: "coins",
            code: Some(SAMPLE),
            hints: false,
            keys: nothing,
        },
        Scene {
            name: "coins_moves_hints",
            code: Some(SAMPLE),
            hints: true,
            keys: |h| {
                h.key(KeyCode::Tab).enter();
            },
        },
        Scene {
            name: "grid",
            code: Some("grid:HTHTH/TTHHT/HTTTH/THHTT"),
            hints: true,
            // An anchor and one more cell: the block panel.
            keys: |h| {
                h.key(KeyCode::Tab).key(KeyCode::Tab).enter();
            },
        },
        Scene {
            name: "dodgeball",
            code: Some("dodgeball:1111111111"),
            hints: true,
            keys: |h| {
                h.enter();
            },
        },
        Scene {
            name: "nim",
            code: Some("nim:3,4,5"),
            hints: true,
            keys: |h| {
                h.enter();
            },
        },
        Scene {
            name: "kayles",
            code: Some("kayles:5,7,9"),
            hints: true,
            keys: nothing,
        },
        Scene {
            name: "misere",
            code: Some("misere:3,5,1"),
            hints: false,
            keys: nothing,
        },
        Scene {
            name: "wythoff",
            code: Some("wythoff:7,10"),
            hints: true,
            keys: nothing,
        },
        Scene {
            name: "dag",
            code: Some("dag:8:1>2,1>3,2>4,3>4,4>5,3>6,6>7,5>8,7>8,2>6:1,3,2"),
            hints: true,
            keys: nothing,
        },
        Scene {
            name: "stairs",
            code: Some("stairs:2,3,1,4,2,5"),
            hints: true,
            keys: nothing,
        },
        Scene {
            name: "ed",
            code: Some("ed:3,5,2,7,4,4"),
            hints: true,
            keys: nothing,
        },
        Scene {
            name: "fibnim",
            code: Some("fibnim:20"),
            hints: true,
            keys: nothing,
        },
        Scene {
            name: "sum",
            code: Some("nim:3,4+kayles:5+coins:4:HTT+stairs:1,2,3+grundy:7+ed:3,5"),
            hints: true,
            keys: nothing,
        },
        Scene {
            name: "help",
            code: Some(SAMPLE),
            hints: false,
            keys: |h| {
                h.keys("?");
            },
        },
        Scene {
            name: "coach",
            code: Some(SAMPLE),
            hints: true,
            keys: blunder,
        },
        Scene {
            name: "graded_hint",
            code: Some(SAMPLE),
            hints: false,
            keys: |h| {
                h.keys("ww");
            },
        },
        Scene {
            name: "review",
            code: Some(SAMPLE),
            hints: false,
            keys: |h| {
                blunder(h);
                play_out(h);
            },
        },
        Scene {
            name: "record",
            code: Some(SAMPLE),
            hints: true,
            keys: |h| {
                blunder(h);
                h.keys("m").key(KeyCode::Up);
            },
        },
        Scene {
            name: "too_small",
            code: Some(SAMPLE),
            hints: false,
            keys: |h| {
                h.terminal.backend_mut().resize(30, 8);
                h.draw();
            },
        },
    ]
}

/// The frame the app draws now (as the terminal would get it), not the test backend's copy:
/// the backend keeps stale cells under the right half of a wide character, which a terminal
/// never shows.
pub(super) fn frame(h: &mut Harness) -> Buffer {
    h.draw();
    let app = &mut h.app;
    let completed = h.terminal.draw(|f| app.draw(f)).expect("draw");
    completed.buffer.clone()
}

/// The screen as a terminal shows it: a wide character's second column is not a cell of its
/// own. Trailing spaces trimmed.
pub(super) fn text(buffer: &Buffer) -> String {
    let mut out = String::new();
    for y in 0..buffer.area.height {
        let mut line = String::new();
        let mut x = 0;
        while x < buffer.area.width {
            let symbol = buffer[(x, y)].symbol();
            line.push_str(symbol);
            x += symbol.width().max(1) as u16;
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Every row of `buffer` fits the screen, and no wide character is cut: it does not start in
/// the last column, and nothing was drawn over its right half.
pub(super) fn check_widths(buffer: &Buffer, what: &str) {
    let area = buffer.area;
    for y in 0..area.height {
        let mut columns = 0;
        let mut x = 0;
        while x < area.width {
            let symbol = buffer[(x, y)].symbol();
            let width = symbol.width().max(1) as u16;
            if width == 2 {
                assert!(
                    x + 1 < area.width,
                    "{what}: {symbol:?} in the last column of row {y}:\n{}",
                    text(buffer)
                );
                let right = buffer[(x + 1, y)].symbol();
                assert!(
                    right == " " || right.is_empty(),
                    "{what}: {symbol:?} at ({x}, {y}) cut in half by {right:?}:\n{}",
                    text(buffer)
                );
            }
            columns += width;
            x += width;
        }
        assert!(columns <= area.width, "{what}: row {y} is {columns} wide");
    }
}

/// Words that stay in Latin letters on a Chinese screen: key names, the names the field keeps
/// (Nim, SG, mex, Binary Dodgeball, Kayles, E&D), the program's commands and notation.
const LATIN: &[&str] = &[
    // Keys, as printed on the keyboard.
    "Enter",
    "Esc",
    "Tab",
    "Shift",
    "Space",
    "PgUp",
    "PgDn",
    "Home",
    "End",
    "Backspace",
    "Ctrl",
    // Names that stay Latin; English is the language's name in itself.
    "English",
    "Nim",
    "SG",
    "mex",
    "AI",
    "Binary",
    "Dodgeball",
    "Kayles",
    "Grundy",
    "Lieges",
    "of",
    "Legendre",
    "ED",
    "MAXQ",
    "XOR",
    "Wythoff",
    "lowbit",
    "odious",
    "SJ",
    "Mock",
    "Turning",
    "Turtles",
    "Anti",
    "Every",
    "gcd",
    "mod",
    "grundy",
    "OSC",
    "SDOI",
    "ZJOI",
    "PA",
    "DAG",
    "DAGs",
    "hjkl",
    "qp",
    // Commands and their arguments, as typed.
    "analyze",
    "play",
    "code",
    "CODE",
    "load",
    "FILE",
    "sg",
    "heaps",
    "subtraction",
    // Position codes of the sum's components.
    "nim",
    "kayles",
    "coins",
    "stairs",
    "ed",
    "HTT",
    "HT",
    "TH",
    "HH",
    "TT",
];

/// The English words on a screen that no allowance covers.
pub(super) fn english_words(screen: &str) -> Vec<String> {
    // A word cut by "…" is the start of a name a narrow screen has no room for (the 120×40
    // scene shows it whole, and is scanned too): leave the fragment out.
    let mut uncut = String::new();
    let mut run = String::new();
    for c in screen.chars() {
        if c.is_ascii_alphabetic() {
            run.push(c);
            continue;
        }
        if c != '…' {
            uncut.push_str(&run);
        }
        run.clear();
        uncut.push(c);
    }
    uncut.push_str(&run);
    let mut found = Vec::new();
    for word in uncut
        .split(|c: char| !c.is_ascii_alphabetic() && c != '\'' && c != '&')
        .map(|w| w.trim_matches('\''))
    {
        let letters = word.chars().filter(|c| c.is_ascii_alphabetic()).count();
        // Single letters are notation: H, T, x, y, k, P, the keys.
        // Coin faces in a position's code (HTTHT…) are notation too.
        if letters < 2 || word == "E&D" || word.chars().all(|c| c == 'H' || c == 'T') {
            continue;
        }
        if LATIN.contains(&word) {
            continue;
        }
        if !found.iter().any(|f: &String| f == word) {
            found.push(word.to_string());
        }
    }
    found
}

fn harness(scene: &Scene, width: u16, height: u16) -> Harness {
    let options = match scene.code {
        Some(code) => PlayOptions {
            hints: scene.hints,
            ..options(code)
        },
        None => PlayOptions::default(),
    };
    let mut h = Harness::new(&options, width, height);
    (scene.keys)(&mut h);
    h
}

fn run(lang: Lang) {
    locale::set_lang(lang);
    let mut english = Vec::new();
    for scene in scenes() {
        for (width, height) in SIZES {
            let mut h = harness(&scene, width, height);
            let buffer = frame(&mut h);
            let what = format!("{} {} {width}x{height}", lang.code(), scene.name);
            check_widths(&buffer, &what);
            let screen = text(&buffer);
            for word in english_words(&screen) {
                english.push(format!("{what}: {word}"));
            }
            insta::assert_snapshot!(
                format!("{}_{}_{width}x{height}", lang.code(), scene.name),
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
fn every_screen_in_simplified_chinese() {
    run(Lang::ZhCn);
}

#[test]
fn every_screen_in_traditional_chinese() {
    run(Lang::ZhTw);
}

/// The frames of a whole game, not only the snapshots: every one fits, in both scripts and in
/// English, with the narrow and the wide glyph sets.
#[test]
fn every_frame_of_a_game_fits() {
    for lang in Lang::ALL {
        locale::set_lang(lang);
        for (width, height) in [(62, 16), (80, 24), (120, 40)] {
            let mut h = Harness::new(&options(SAMPLE), width, height);
            for keys in ["", "?", "\u{1b}", "i", "w", "ww", "m", "\u{1b}", "n"] {
                for c in keys.chars() {
                    match c {
                        '\u{1b}' => h.key(KeyCode::Esc),
                        c => h.key(KeyCode::Char(c)),
                    };
                }
                let buffer = frame(&mut h);
                check_widths(
                    &buffer,
                    &format!("{} {width}x{height} after {keys:?}", lang.code()),
                );
            }
        }
    }
}

/// The menu's Language field changes the language at once and the English names of the
/// languages show in their own scripts.
#[test]
fn the_language_field_switches_at_once() {
    locale::set_lang(Lang::En);
    let mut h = Harness::new(&PlayOptions::default(), 80, 24);
    h.enter();
    // The field is the first of the page: up from Start game, round to the top.
    for _ in 0..20 {
        if text(&frame(&mut h)).contains("▶ Language") {
            break;
        }
        h.key(KeyCode::Up);
    }
    assert!(
        text(&frame(&mut h)).contains("▶ Language"),
        "{}",
        text(&frame(&mut h))
    );
    h.key(KeyCode::Right).key(KeyCode::Right);
    assert_eq!(locale::lang(), Lang::ZhCn);
    let screen = text(&frame(&mut h));
    assert!(screen.contains("简体中文"), "{screen}");
    assert!(screen.contains("开始游戏"), "{screen}");
    h.key(KeyCode::Right);
    assert_eq!(locale::lang(), Lang::ZhTw);
    assert!(text(&frame(&mut h)).contains("開始遊戲"));
    h.key(KeyCode::Right).key(KeyCode::Right);
    assert_eq!(locale::lang(), Lang::En);
    assert!(text(&frame(&mut h)).contains("[ Start game ]"));
}

/// With the glyph set for terminals that draw ambiguous-width characters two columns wide, no
/// frame holds one (each is an ASCII stand-in of one column), in any language, on any screen
/// of a game: the menu, the board with hints, the move list, help, the record and the review.
#[test]
fn the_wide_glyph_set_leaves_no_ambiguous_character() {
    use grundy::tui::theme::{Glyphs, Theme};
    let theme = Theme {
        glyphs: Glyphs::Wide,
        ..Theme::colour()
    };
    for lang in Lang::ALL {
        locale::set_lang(lang);
        for code in [SAMPLE, "wythoff:7,10", "dodgeball:1111111111"] {
            let options = PlayOptions {
                hints: true,
                ..options(code)
            };
            let mut h = Harness::with_theme(&options, 80, 24, theme.clone());
            for keys in ["", "\r", "?", "\u{1b}", "w", "m", "\u{1b}", "n"] {
                for c in keys.chars() {
                    match c {
                        '\u{1b}' => h.key(KeyCode::Esc),
                        '\r' => h.enter(),
                        c => h.key(KeyCode::Char(c)),
                    };
                }
                let buffer = frame(&mut h);
                let screen = text(&buffer);
                let left: Vec<char> = screen
                    .chars()
                    .filter(|&c| Glyphs::is_ambiguous(c))
                    .collect();
                assert!(
                    left.is_empty(),
                    "{} {code} after {keys:?}: {left:?} left:\n{screen}",
                    lang.code()
                );
                check_widths(&buffer, &format!("{} {code} wide glyphs", lang.code()));
            }
        }
    }
}

/// The language chosen in the menu is written to settings.toml when the game is left, and the
/// next run starts in it.
#[test]
fn the_chosen_language_is_kept_in_the_settings() {
    locale::set_lang(Lang::En);
    let home = common::render::StoreHome::new();
    let mut h = home.harness(&PlayOptions::default(), 80, 24);
    h.enter();
    for _ in 0..20 {
        if text(&frame(&mut h)).contains("▶ Language") {
            break;
        }
        h.key(KeyCode::Up);
    }
    // From auto, ← goes round to the last language, 繁體中文.
    h.key(KeyCode::Left);
    assert_eq!(locale::lang(), Lang::ZhTw);
    h.app.keep_unfinished();
    let settings = home.settings_text().expect("a settings file");
    assert!(settings.contains("lang = \"zh-TW\""), "{settings}");
    // The next run reads it: its menu shows the choice.
    locale::set_lang(Lang::En);
    let mut again = home.harness(&PlayOptions::default(), 80, 24);
    again.enter();
    assert!(
        text(&frame(&mut again)).contains("繁體中文"),
        "{}",
        text(&frame(&mut again))
    );
}

/// The screens issue 29 found cut or wrong in Chinese, at both sizes in both scripts: the
/// menu's statistics line with blunders per game (whole, in two rows where it is long), and
/// the why-view opened under a Wythoff queen (the queen's derivation) and on an H coin of the
/// grid (it says the coin is no part, not that nothing is selected). Snapshots, with the width
/// and English checks of every scene.
#[test]
fn the_fixed_screens_of_issue_29() {
    for lang in [Lang::ZhCn, Lang::ZhTw] {
        locale::set_lang(lang);
        for (width, height) in SIZES {
            let home = common::render::StoreHome::new();
            let data = home.path().join("data");
            std::fs::create_dir_all(&data).unwrap();
            std::fs::write(
                data.join("stats.toml"),
                "[coins.perfect]\nplayed = 13\nwon = 5\nlost = 8\nstreak = 2\nbest_streak = 3\n\
                 blunders = 7\ngraded = 9\n",
            )
            .unwrap();
            let mut menu = home.harness(&PlayOptions::default(), width, height);
            menu.enter();
            let mut queen = Harness::new(
                &PlayOptions {
                    hints: true,
                    ..options("wythoff:7,10")
                },
                width,
                height,
            );
            queen.keys("e");
            let mut coin = Harness::new(
                &PlayOptions {
                    hints: true,
                    ..options("grid:HTHTH/TTHHT/HTTTH/THHTT")
                },
                width,
                height,
            );
            coin.key(KeyCode::Left).keys("e");
            for (name, h) in [
                ("menu_stats", &mut menu),
                ("why_queen", &mut queen),
                ("why_h_coin", &mut coin),
            ] {
                let buffer = frame(h);
                let what = format!("{} {name} {width}x{height}", lang.code());
                check_widths(&buffer, &what);
                let screen = text(&buffer);
                let english = english_words(&screen);
                assert!(english.is_empty(), "{what}: {english:?}\n{screen}");
                insta::assert_snapshot!(format!("{}_{name}_{width}x{height}", lang.code()), screen);
            }
            let menu = text(&frame(&mut menu));
            assert!(!menu.contains('…'), "the statistics are cut:\n{menu}");
            let coin = text(&frame(&mut coin));
            assert!(!coin.contains(&*locale::text("why.view.no_part")), "{coin}");
        }
    }
}

/// The message after `s` names the file whole at 80×24 in both scripts: it wraps, never cut.
#[test]
fn the_save_message_is_whole_at_80x24() {
    for lang in [Lang::ZhCn, Lang::ZhTw] {
        locale::set_lang(lang);
        let home = common::render::StoreHome::new();
        let mut h = home.harness(&options("nim:3,4,5"), 80, 24);
        h.keys("s").enter();
        let screen = text(&frame(&mut h));
        let saves = home.path().join("data").join("saves");
        let file = std::fs::read_dir(&saves)
            .expect("a save was written")
            .next()
            .unwrap()
            .unwrap()
            .path();
        // The path may be broken at a space of its own: compared without spaces.
        let squeeze = |s: &str| s.split_whitespace().collect::<String>();
        assert!(
            squeeze(&screen).contains(&squeeze(&file.to_string_lossy())) && !screen.contains('…'),
            "{} {}:\n{screen}",
            lang.code(),
            file.display()
        );
        check_widths(&frame(&mut h), "save message");
    }
}

/// The line-breaking rules on the screens where Chinese broke badly: every row of every panel
/// (the text between two borders) neither begins with a closing mark nor ends with an opening
/// one or an arrow, and a command's option keeps its argument.
fn check_line_breaks(screen: &str, what: &str) {
    const CLOSING: &str = "，。、；：！？）」』》〉】”’";
    const OPENING: &str = "（「『《〈【“‘";
    for row in screen.lines() {
        for cell in row.split(['│', '┌', '┐', '└', '┘']) {
            let cell = cell.trim();
            let (Some(first), Some(last)) = (cell.chars().next(), cell.chars().last()) else {
                continue;
            };
            assert!(
                !CLOSING.contains(first),
                "{what}: a line begins with {first:?}: {cell:?}\n{screen}"
            );
            assert!(
                !OPENING.contains(last) && last != '→',
                "{what}: a line ends with {last:?}: {cell:?}\n{screen}"
            );
            assert!(
                !cell.ends_with("--rules")
                    && !cell.ends_with("--rules 檔")
                    && !cell.ends_with("--rules 文"),
                "{what}: a command is split: {cell:?}\n{screen}"
            );
        }
    }
}

/// The screens a native reader found broken: the rules panel of a sum (a line began with
/// "。"), a Kayles move list inside a sum (`（5 →` / `4）`), lesson 22's first page (`--rules
/// 檔` / `案`) and the zh-TW menu (its heap games' line cut at 120 columns). Snapshots in both
/// scripts at both sizes, each checked by the line-breaking rules.
#[test]
fn the_broken_lines_of_issue_36() {
    use grundy::store::Store;
    use grundy::tui::learn::Learn;
    use ratatui::layout::Rect;
    for lang in [Lang::ZhCn, Lang::ZhTw] {
        locale::set_lang(lang);
        for (width, height) in SIZES {
            let sum = || Harness::new(&options("nim:3,9+kayles:5+bash:3:7"), width, height);
            let mut rules = sum();
            let mut kayles = sum();
            kayles.key(KeyCode::Down).enter();
            let mut menu = Harness::new(&PlayOptions::default(), width, height);
            let mut learn = Learn::new(&Store::disabled());
            learn.open(21);
            let mut lesson = Buffer::empty(Rect::new(0, 0, width, height));
            learn.draw(
                lesson.area,
                &mut lesson,
                &grundy::tui::theme::Theme::plain(),
            );
            for (name, buffer) in [
                ("sum_rules", frame(&mut rules)),
                ("sum_kayles_moves", frame(&mut kayles)),
                ("lesson_22", lesson),
                ("menu_36", frame(&mut menu)),
            ] {
                let what = format!("{} {name} {width}x{height}", lang.code());
                check_widths(&buffer, &what);
                let screen = text(&buffer);
                check_line_breaks(&screen, &what);
                if name == "menu_36" {
                    let cut = screen
                        .lines()
                        .flat_map(|row| row.split('│'))
                        .map(str::trim)
                        .find(|cell| cell.ends_with('…') && !cell.ends_with("……"));
                    assert!(cut.is_none(), "{what}: a line is cut: {cut:?}\n{screen}");
                }
                if name == "lesson_22" {
                    let file = if lang == Lang::ZhCn {
                        "--rules 文件"
                    } else {
                        "--rules 檔案"
                    };
                    assert!(screen.contains(file), "{what}\n{screen}");
                }
                insta::assert_snapshot!(format!("{}_{name}_{width}x{height}", lang.code()), screen);
            }
        }
    }
}

/// Moore's Nim-K with hints, in every language: its heaps are not separate games, so no heap
/// shows a value ("value ?") and the panel says no value exists (not that it is past a
/// table); it shows what decides instead, each heap in binary and the digit counts.
#[test]
fn nim_k_shows_the_binary_digits_that_decide_not_values() {
    for lang in Lang::ALL {
        locale::set_lang(lang);
        for (width, height) in SIZES {
            let mut h = Harness::new(
                &PlayOptions {
                    hints: true,
                    ..options("nimk:2:3,5,6")
                },
                width,
                height,
            );
            let buffer = frame(&mut h);
            let what = format!("{} nimk {width}x{height}", lang.code());
            check_widths(&buffer, &what);
            let screen = text(&buffer);
            for never in [
                locale::text("board.value_unknown"),
                locale::text("game.nim.value_unknown"),
            ] {
                assert!(!screen.contains(&*never), "{what}: {never}\n{screen}");
            }
            for binary in ["011", "101", "110"] {
                assert!(screen.contains(binary), "{what}: {binary}\n{screen}");
            }
            assert!(screen.contains("2^0:2"), "{what}\n{screen}");
            if lang != Lang::En {
                let english = english_words(&screen);
                assert!(english.is_empty(), "{what}: {english:?}\n{screen}");
            }
            insta::assert_snapshot!(
                format!("{}_nimk_hints_{width}x{height}", lang.code()),
                screen
            );
        }
    }
}
