//! Text a rules file makes (its game's name, its board, its moves' words, a thrown value) is
//! drawn with its control characters escaped (issue 39): the screen holds `\x1b`, never an
//! ESC, a C1 control or a bidi override that would rewrite the terminal or reorder the text.

use crossterm::event::{KeyCode, KeyEvent};
use grundy::locale::{self, Lang};
use grundy::rules::solve::Node;
use grundy::rules::{Rules, Value};
use grundy::setup::First;
use grundy::tui::rules::RulesPlay;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

const HOSTILE: &str = r#"
fn name() { "Title\x1b]0;owned\x07\u202e game" }
fn start() { 3 }
fn moves(s) {
    if s == 99 { throw "caught \x1b[2J\u202e"; }
    if s > 0 { [s - 1] } else { [] }
}
fn show(s) { ["board \x1b[2J\u202e" + s, "\x9b31m red"] }
fn describe(s, t) { "take one\x1b[H\u2066" }
"#;

/// The first character of the screen that is a control or changes the direction of text.
fn raw(buf: &Buffer) -> Option<String> {
    buf.content()
        .iter()
        .map(|cell| cell.symbol())
        .find_map(|s| {
            s.chars()
                .any(|c| {
                    c.is_control()
                        || matches!(c as u32, 0x200B..=0x200F | 0x202A..=0x202E | 0x2066..=0x2069)
                })
                .then(|| s.escape_unicode().to_string())
        })
}

fn screen_text(buf: &Buffer) -> String {
    buf.content().iter().map(|cell| cell.symbol()).collect()
}

#[test]
fn a_scripts_text_is_drawn_escaped() {
    locale::set_lang(Lang::En);
    let rules = Rules::compile("hostile.rhai", HOSTILE).unwrap();
    let start = Node::new(Value::Int(3), 0);
    let mut play = RulesPlay::new(rules, start, First::You, true, true, Some(1)).unwrap();
    for step in 0..2 {
        let area = Rect::new(0, 0, 120, 40);
        let mut buf = Buffer::empty(area);
        play.draw_in(area, &mut buf);
        assert_eq!(raw(&buf), None, "step {step}");
        let shown = screen_text(&buf);
        assert!(shown.contains("\\x1b"), "step {step}: {shown}");
        assert!(shown.contains("\\u{202e}"), "step {step}: {shown}");
        play.press(KeyEvent::from(KeyCode::Enter));
    }
}

#[test]
fn a_thrown_value_is_worded_escaped() {
    locale::set_lang(Lang::En);
    let rules = Rules::compile("hostile.rhai", HOSTILE).unwrap();
    let error = rules.moves(&Value::Int(99), 0).unwrap_err();
    let words = grundy::cli::rules::render_error(&error);
    assert!(
        !words
            .chars()
            .any(|c| c.is_control() || matches!(c as u32, 0x202A..=0x202E)),
        "{words:?}"
    );
    assert!(words.contains("\\x1b[2J"), "{words}");
    assert!(
        rules
            .name()
            .is_some_and(|name| name.contains("\\x1b]0;owned\\x07"))
    );
}
