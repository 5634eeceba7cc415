//! The Lab: opened from the menu by its key, its screens in every language at 80×24 and 120×40
//! (snapshots, no English on the Chinese ones, every row fits), a typed rule tabulated with its
//! period found — the values and the period checked against a brute force written here from
//! the rule — drawn in its values' colours, and the keys (scroll, zoom, a longer table, back).

use crossterm::event::{KeyCode, KeyEvent};
use grundy::locale::{self, Lang};
use grundy::picture::{Palette, Picture};
use grundy::tui::PlayOptions;
use grundy::tui::keymap;
use grundy::tui::lab::{Lab, LabEvent, Verdict};
use grundy::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Color;

use crate::common::render::Harness;
use crate::i18n::{check_widths, english_words, frame, text};

const SIZES: [(u16, u16); 2] = [(80, 24), (120, 40)];

/// Names that stay Latin on the Lab's Chinese screens beyond the other screens' (see
/// i18n.rs): the people games are named after, the command's words as typed, Rhai (the
/// language rules files are written in), and on the Judge page's help the judge's verdicts
/// and the sources' extensions.
const LAB_LATIN: &[&str] = &[
    "Dawson", "Dawson's", "bash", "svg", "png",
    "Rhai", // The judge's command, the sources' extensions and its verdicts.
    "judge", "cpp", "rs", "py", "AC", "WA", "PE", "TLE", "MLE", "RE", "OLE",
    "PATH", // The environment variable a program name is looked up in.
];

/// The contests' ids the rules files' titles keep (`另一个游戏（CSES 2208）`), as the
/// scripts' own Chinese outputs do.
const CONTEST_IDS: &[&str] = &[
    "CSES", "HDU", "POJ", "AGC", "AtCoder", "DP", "CF", "YTP", "TIOJ", "Luogu", "USACO", "POI",
];

/// The menu, then the Lab by its key.
fn open_lab(width: u16, height: u16) -> Harness {
    let mut h = Harness::new(&PlayOptions::default(), width, height);
    h.keys("t");
    h
}

struct Scene {
    name: &'static str,
    keys: fn(&mut Harness),
}

fn scenes() -> Vec<Scene> {
    vec![
        Scene {
            name: "lab",
            keys: |_| {},
        },
        Scene {
            name: "lab_wythoff",
            keys: |h| {
                h.key(KeyCode::Right);
            },
        },
        Scene {
            name: "lab_coins",
            keys: |h| {
                // Past the rules files, the last entry, and the Judge page.
                h.key(KeyCode::Left).key(KeyCode::Left).key(KeyCode::Left);
            },
        },
        Scene {
            name: "lab_typing",
            keys: |h| {
                h.enter().keys("0.7");
            },
        },
        Scene {
            // A rule that does not read: the reason in the reader's words, not the engine's
            // English.
            name: "lab_bad_rule",
            keys: |h| {
                h.enter().keys("0.1x7").enter();
            },
        },
        Scene {
            name: "lab_help",
            keys: |h| {
                h.keys("?");
            },
        },
    ]
}

fn run(lang: Lang) {
    locale::set_lang(lang);
    let mut english = Vec::new();
    for scene in scenes() {
        for (width, height) in SIZES {
            let mut h = open_lab(width, height);
            (scene.keys)(&mut h);
            let buffer = frame(&mut h);
            let what = format!("{} {} {width}x{height}", lang.code(), scene.name);
            check_widths(&buffer, &what);
            let screen = text(&buffer);
            if lang != Lang::En {
                for word in english_words(&screen) {
                    if !LAB_LATIN.contains(&word.as_str()) {
                        english.push(format!("{what}: {word}"));
                    }
                }
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
fn the_lab_in_english() {
    run(Lang::En);
}

#[test]
fn the_lab_in_simplified_chinese() {
    run(Lang::ZhCn);
}

#[test]
fn the_lab_in_traditional_chinese() {
    run(Lang::ZhTw);
}

/// The values of a single heap under an octal code, straight from its digits: removing i
/// tokens (digit d_i) may leave no heap (bit 1), one heap (bit 2) or two non-empty heaps
/// (bit 4); the value is the mex of the options' XORs.
fn octal_values(digits: &[u8], n: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(n + 1);
    for x in 0..=n {
        let mut seen = std::collections::HashSet::new();
        for (i, &d) in digits.iter().enumerate().skip(1) {
            if i > x {
                break;
            }
            let rest = x - i;
            if d & 1 != 0 && rest == 0 {
                seen.insert(0);
            }
            if d & 2 != 0 && rest > 0 {
                seen.insert(g[rest]);
            }
            if d & 4 != 0 {
                for a in 1..rest {
                    seen.insert(g[a] ^ g[rest - a]);
                }
            }
        }
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

fn press(lab: &mut Lab, code: KeyCode) -> LabEvent {
    let key = KeyEvent::from(code);
    lab.handle_key(key, keymap::lab_action(&key))
}

fn type_rule(lab: &mut Lab, rule: &str) {
    press(lab, KeyCode::Enter);
    for c in rule.chars() {
        press(lab, KeyCode::Char(c));
    }
    press(lab, KeyCode::Enter);
}

fn draw(lab: &Lab, width: u16, height: u16, theme: &Theme) -> Buffer {
    let mut buf = Buffer::empty(Rect::new(0, 0, width, height));
    lab.draw(buf.area, &mut buf, theme);
    buf
}

/// An arithmetic period is shown with its saltus: Lasker's Nim is G(n + 4) = G(n) + 4 from
/// n = 1 (not "period 4", which no heap game of growing values has), in three languages.
#[test]
fn an_arithmetic_period_is_shown_with_its_saltus() {
    let brute = crate::brute::laskers_nim(300);
    assert!((1..=296).all(|n| brute[n + 4] == brute[n] + 4));
    assert_ne!(brute[4], brute[0] + 4, "from n = 1, not 0");
    for lang in [Lang::En, Lang::ZhCn, Lang::ZhTw] {
        locale::set_lang(lang);
        let mut lab = Lab::new();
        type_rule(&mut lab, "4.3...");
        let Picture::Strip(strip) = lab.picture().clone() else {
            panic!("a rule is a strip");
        };
        let period = lab.period().expect("an arithmetic period");
        assert_eq!((period.period, period.saltus, period.preperiod), (4, 4, 1));
        assert!(period.proved);
        // The strip shows G(n) − 4·⌊(n − 1)/4⌋, which repeats: 0, then 1 2 4 3 over and over.
        let shown = strip.values.len().min(brute.len());
        let reduced: Vec<u64> = (0..shown)
            .map(|n| {
                if n == 0 {
                    brute[0]
                } else {
                    brute[n] - 4 * ((n as u64 - 1) / 4)
                }
            })
            .collect();
        assert_eq!(strip.values[..shown], reduced[..]);
        assert_eq!(strip.values[1..9], [1, 2, 4, 3, 1, 2, 4, 3]);
        // A formula is checked against G(n) itself, not the strip's values.
        press(&mut lab, KeyCode::Char('f'));
        for c in "n + if(n % 4 == 0 && n > 0, -1, if(n % 4 == 3, 1, 0))".chars() {
            press(&mut lab, KeyCode::Char(c));
        }
        press(&mut lab, KeyCode::Enter);
        assert!(
            matches!(lab.verdict(), Some(Verdict::Holds(_))),
            "{:?}",
            lab.verdict()
        );
        let screen = text(&draw(&lab, 80, 24, &Theme::colour()));
        let said = match lang {
            Lang::En => "period 4, saltus 4 from n = 1, proved",
            Lang::ZhCn => "周期为 4、跃度为 4，已证明",
            Lang::ZhTw => "週期為 4、躍度為 4，已證明",
        };
        assert!(screen.contains(said), "{screen}");
        // The catalogue's formula is proposed beside the strip (as `sg --pattern` does).
        assert!(
            screen.contains("if(n == 0, 0, n + if(n % 4 == 0, -1, if(n % 4 == 3, 1, 0)))"),
            "{screen}"
        );
        insta::assert_snapshot!(format!("{}_laskers_nim_80x24", lang.code()), screen);
    }
    locale::set_lang(Lang::En);
}

/// The pattern's key puts the proposed formula into the formula field, where it is checked as
/// a typed one: on Lasker's Nim (4.3…) it holds on G(n) itself (the values with their saltus),
/// each value of which is checked here against the brute force too.
#[test]
fn the_proposed_formula_is_checked_by_its_key() {
    locale::set_lang(Lang::En);
    let mut lab = Lab::new();
    type_rule(&mut lab, "4.3...");
    assert_eq!(lab.verdict(), None);
    press(&mut lab, KeyCode::Char('F'));
    let Some(Verdict::Holds(count)) = lab.verdict() else {
        panic!("{:?}", lab.verdict());
    };
    assert_eq!(*count, 1001);
    let screen = text(&draw(&lab, 120, 40, &Theme::colour()));
    let formula = screen
        .lines()
        .find_map(|l| l.split("Formula: ").nth(1))
        .expect("the formula row");
    let expr = formula.split("  holds").next().unwrap().trim();
    // The formula in the field is the pattern row's, and it gives Lasker's Nim as the rules do.
    assert!(screen.contains(&format!("pattern: {expr}")), "{screen}");
    let checked = grundy::lab::check::Formula::parse(expr).unwrap();
    for (n, &g) in crate::brute::laskers_nim(200).iter().enumerate() {
        assert_eq!(
            checked.eval(&[("n", n as i64)]).unwrap(),
            g as i64,
            "n = {n}"
        );
    }
    // Another rule: the field keeps the formula, which now fails and says where.
    type_rule(&mut lab, "0.3...");
    assert!(
        matches!(lab.verdict(), Some(Verdict::Fails { .. })),
        "{:?}",
        lab.verdict()
    );
}

#[test]
fn a_typed_octal_code_is_tabulated_with_its_period() {
    locale::set_lang(Lang::En);
    let mut lab = Lab::new();
    // Kayles, 0.77: period 12 from n = 71 (Guy and Smith; Winning Ways).
    type_rule(&mut lab, "0.77");
    let Picture::Strip(strip) = lab.picture().clone() else {
        panic!("a rule is a strip");
    };
    let brute = octal_values(&[0, 7, 7], strip.values.len() - 1);
    assert_eq!(strip.values, brute);
    let period = lab.period().expect("Kayles has a period");
    assert_eq!((period.period, period.preperiod), (12, 71));
    assert!(period.proved);
    // The period, checked on the brute force: it holds from 71 and not from 70.
    assert!((71..brute.len() - 12).all(|n| brute[n + 12] == brute[n]));
    assert_ne!(brute[70 + 12], brute[70]);

    let buf = draw(&lab, 80, 24, &Theme::colour());
    let screen = text(&buf);
    assert!(screen.contains("period 12 from n = 71, proved"), "{screen}");
    // Rows hold whole periods: 24 cells (2 × 12) of two columns after a gutter of 5 (the
    // labels up to 1000) in the 76 columns inside the border and its padding.
    let palette = Palette::new(strip.max_value());
    let (left, gutter) = (2u16, 5u16);
    let row_text = |y: u16| -> String {
        (left..left + gutter)
            .map(|x| buf[(x, y)].symbol().to_string())
            .collect()
    };
    assert_eq!(row_text(5).trim(), "0");
    assert_eq!(row_text(6).trim(), "24");
    for (n, &v) in brute.iter().enumerate().take(24) {
        let x = left + gutter + 2 * n as u16;
        let c = palette.colour(v);
        assert_eq!(buf[(x, 5)].bg, Color::Rgb(c.0, c.1, c.2), "n = {n}");
        let cell: String = (x..x + 2)
            .map(|x| buf[(x, 5)].symbol().to_string())
            .collect();
        assert_eq!(cell.trim(), v.to_string(), "n = {n}");
    }
}

#[test]
fn the_lab_scrolls_zooms_and_lengthens_by_its_keys() {
    locale::set_lang(Lang::En);
    let mut lab = Lab::new();
    let theme = Theme::colour();
    let label = |buf: &Buffer| -> String {
        (2..7)
            .map(|x| buf[(x, 5)].symbol().to_string())
            .collect::<String>()
            .trim()
            .to_string()
    };
    draw(&lab, 80, 24, &theme);
    press(&mut lab, KeyCode::Down);
    let buf = draw(&lab, 80, 24, &theme);
    // Dawson's chess, 0.137: period 34, one period a row.
    assert_eq!(label(&buf), "34");
    press(&mut lab, KeyCode::PageDown);
    assert_ne!(label(&draw(&lab, 80, 24, &theme)), "34");
    // Zoom out: one column a cell, 68 = 2 × 34 cells a row.
    press(&mut lab, KeyCode::Up);
    press(&mut lab, KeyCode::Home);
    press(&mut lab, KeyCode::Char('-'));
    for _ in 0..40 {
        press(&mut lab, KeyCode::Up);
    }
    let buf = draw(&lab, 80, 24, &theme);
    let second: String = (2..7).map(|x| buf[(x, 6)].symbol().to_string()).collect();
    assert_eq!(second.trim(), "68");
    // A longer table: 0 ≤ n ≤ 3000.
    press(&mut lab, KeyCode::Char('>'));
    let Picture::Strip(strip) = lab.picture() else {
        panic!("a strip");
    };
    assert_eq!(strip.values.len(), 3001);
    assert!(text(&draw(&lab, 80, 24, &theme)).contains("3000"));
    assert!(matches!(press(&mut lab, KeyCode::Esc), LabEvent::Menu));
}

#[test]
fn a_bad_rule_says_where_and_keeps_the_table() {
    locale::set_lang(Lang::En);
    let mut lab = Lab::new();
    let before = lab.picture().clone();
    type_rule(&mut lab, "0.1z");
    assert_eq!(lab.picture(), &before);
    let screen = text(&draw(&lab, 100, 24, &Theme::colour()));
    assert!(screen.contains("'0.1z' at character 4"), "{screen}");
}

#[test]
fn the_heat_maps_are_the_games_tables() {
    locale::set_lang(Lang::En);
    let mut lab = Lab::new();
    press(&mut lab, KeyCode::Right);
    let Picture::HeatMap(map) = lab.picture().clone() else {
        panic!("Wythoff is a heat map");
    };
    // Wythoff's lost queens (⌊kφ⌋, ⌊kφ⌋ + k), and a queen on an edge is a Nim heap.
    for (a, b) in [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)] {
        assert_eq!(map.value(a, b), 0, "({a}, {b})");
        assert_eq!(map.value(b, a), 0, "({b}, {a})");
    }
    assert_eq!(map.value(0, 7), 7);
    press(&mut lab, KeyCode::Right);
    let Picture::HeatMap(map) = lab.picture().clone() else {
        panic!("E&D is a heat map");
    };
    assert_eq!(map.rows.first(), Some(&1));
    // (x − 1) | (y − 1) = 2 | 4 = 6: its lowest 0 bit is bit 0.
    assert_eq!(map.value(2, 4), 0);
    assert_eq!(map.value(1, 2), 2);
}

#[test]
fn a_rule_may_hold_any_letter_and_the_menu_comes_back() {
    locale::set_lang(Lang::En);
    let mut h = open_lab(80, 24);
    assert!(h.screen().contains("Dawson") || h.screen().contains("0.137"));
    // q and ? are letters of a rule while it is typed: no quitting, no help.
    h.enter().keys("q?");
    assert!(!h.app.should_quit());
    assert!(h.screen().contains("q?"), "{}", h.screen());
    h.key(KeyCode::Esc);
    h.key(KeyCode::Esc);
    assert!(h.screen().contains("Choose a game"), "{}", h.screen());
}

#[test]
fn a_formula_is_checked_against_the_table() {
    locale::set_lang(Lang::En);
    let mut lab = Lab::new();
    type_rule(&mut lab, "subtraction:1,3,4");
    // Subtraction {1, 3, 4} is the octal code 0.3033 (take 1, 3 or 4, leaving one heap or none).
    let brute = octal_values(&[0, 3, 0, 3, 3], 1000);
    let Picture::Strip(strip) = lab.picture().clone() else {
        panic!("a strip");
    };
    assert_eq!(strip.values, brute);
    let formula = |lab: &mut Lab, text: &str| {
        press(lab, KeyCode::Char('f'));
        for c in text.chars() {
            press(lab, KeyCode::Char(c));
        }
        press(lab, KeyCode::Enter);
        lab.verdict().cloned()
    };
    // n mod 7 is not it: the first n where it differs from the brute force.
    let first = (0..=1000u64).find(|&n| brute[n as usize] != n % 7).unwrap();
    assert_eq!(
        formula(&mut lab, "n % 7"),
        Some(Verdict::Fails {
            at: vec![("n".to_string(), first as i64)],
            formula: (first % 7) as i64,
            table: brute[first as usize] as i64,
        })
    );
    // 0, 1, 0, 1, 2, 3, 2 repeated is.
    assert_eq!(
        formula(
            &mut lab,
            "if(n % 7 < 4, n % 7 % 2, if(n % 7 == 6, 2, n % 7 - 2))"
        ),
        Some(Verdict::Holds(1001))
    );
    let screen = text(&draw(&lab, 120, 30, &Theme::colour()));
    assert!(screen.contains("holds for all 1001 values"), "{screen}");
    // A formula that does not parse says so, and where (the check module's place).
    assert!(matches!(
        formula(&mut lab, "n %% 7"),
        Some(Verdict::Error { .. })
    ));
    let screen = text(&draw(&lab, 120, 30, &Theme::colour()));
    assert!(screen.contains("at character"), "{screen}");
    // On a heat map the coordinates are a and b: the coin grid's inside rule a + b − 2 fails
    // on the first row, where k counts the 2s of a + b − 1.
    press(&mut lab, KeyCode::Right);
    press(&mut lab, KeyCode::Right);
    press(&mut lab, KeyCode::Right);
    let verdict = formula(&mut lab, "a + b - 2");
    assert_eq!(
        verdict,
        Some(Verdict::Fails {
            at: vec![("a".to_string(), 1), ("b".to_string(), 3)],
            formula: 2,
            table: 0,
        })
    );
}

/// A chord with Ctrl or Alt types nothing into the rule field (Ctrl-U typed a `u`, and the rule
/// `u0.77` was refused).
#[test]
fn ctrl_and_alt_chords_type_nothing_into_the_rule() {
    use crossterm::event::KeyModifiers;
    locale::set_lang(Lang::En);
    let mut lab = Lab::new();
    press(&mut lab, KeyCode::Enter);
    for modifiers in [KeyModifiers::CONTROL, KeyModifiers::ALT] {
        let chord = KeyEvent::new(KeyCode::Char('u'), modifiers);
        lab.handle_key(chord, keymap::lab_action(&chord));
    }
    for c in "0.77".chars() {
        press(&mut lab, KeyCode::Char(c));
    }
    press(&mut lab, KeyCode::Enter);
    let period = lab.period().expect("0.77 is Kayles, with a period");
    assert_eq!((period.period, period.preperiod), (12, 71));
    let screen = text(&draw(&lab, 80, 24, &Theme::colour()));
    assert!(screen.contains("Rule: 0.77 "), "{screen}");
}

/// Keys pressed on a screen.
type Keys = fn(&mut Harness);

/// Every table of the Lab in both Chinese scripts, at both sizes: the table, its help, a
/// formula being typed and checked against it (a heat map's takes a and b), and the rules
/// files' list: no English word is left beyond the codes, commands and names the scan allows.
#[test]
fn every_lab_tab_in_chinese_has_no_english() {
    let mut english = Vec::new();
    for lang in [Lang::ZhCn, Lang::ZhTw] {
        locale::set_lang(lang);
        for (width, height) in SIZES {
            for tab in 0..grundy::tui::lab::SOURCES.len() {
                let views: [(&str, Keys); 3] = [
                    ("table", |_| {}),
                    ("help", |h| {
                        h.keys("?");
                    }),
                    // On a table: a formula checked; on the rules files: a path being typed.
                    ("formula", |h| {
                        h.keys("f").keys("a % 3").enter();
                        h.key(KeyCode::Up).enter();
                    }),
                ];
                for (view, keys) in views {
                    let mut h = open_lab(width, height);
                    for _ in 0..tab {
                        h.key(KeyCode::Right);
                    }
                    keys(&mut h);
                    let buffer = frame(&mut h);
                    let what = format!("{} tab {tab} {view} {width}x{height}", lang.code());
                    check_widths(&buffer, &what);
                    let mut screen = text(&buffer);
                    for example in grundy::rules::examples::EXAMPLES {
                        screen = screen.replace(example.file, "");
                    }
                    for word in english_words(&screen) {
                        // The rules files' list names the contests' problems by their ids;
                        // a help popup over it leaves the ends of file names and keys.
                        let fragment = view == "help"
                            && (grundy::rules::examples::EXAMPLES
                                .iter()
                                .any(|e| e.file.contains(word.as_str()))
                                || ["Enter", "YTP"].iter().any(|k| k.contains(word.as_str())));
                        if !LAB_LATIN.contains(&word.as_str())
                            && !CONTEST_IDS.contains(&word.as_str())
                            && !fragment
                        {
                            english.push(format!("{what}: {word}\n{screen}"));
                        }
                    }
                }
            }
        }
    }
    assert!(
        english.is_empty(),
        "English words on the Lab's Chinese screens:\n{}",
        english.join("\n")
    );
}
