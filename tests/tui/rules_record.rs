//! The record of a rules file's game: at the end, every move with the verdict it led to and
//! the blunders marked, the blunders counted, and t to retry from the player's first blunder
//! (the position before it, the moves after it forgotten). Snapshots of the end in every
//! language at 80×24 and 120×40, no English on the Chinese screens outside the script's rows.

use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent};
use grundy::locale::{self, Lang};
use grundy::rules::examples;
use grundy::rules::solve::Node;
use grundy::setup::First;
use grundy::tui::rules::{Ending, RulesPlay};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use crate::i18n::{check_widths, english_words, text};

/// CSES 2208 from `position`, the player first, hints off, the coach on, seed 7.
fn game(position: &str) -> RulesPlay {
    let example = examples::example("cses2208.rhai").unwrap();
    let rules = example.rules().unwrap();
    let start = Node::new(rules.parse_position(position).unwrap(), 0);
    let mut play = RulesPlay::new(rules, start, First::You, false, true, Some(7)).unwrap();
    play.settle(Duration::from_secs(60));
    play
}

/// A key, then the AI's reply (without its pause).
fn press(play: &mut RulesPlay, code: KeyCode) {
    play.press(KeyEvent::from(code));
    play.settle(Duration::from_secs(60));
}

fn screen(play: &RulesPlay, width: u16, height: u16) -> Buffer {
    let area = Rect::new(0, 0, width, height);
    let mut buf = Buffer::empty(area);
    play.draw_in(area, &mut buf);
    buf
}

/// From [1, 2, 3] (won), the first move listed leaves [0, 2, 3], an odd heap for the AI: a
/// blunder. Then the first move each turn until the end.
fn lost_game() -> RulesPlay {
    let mut play = game("[1, 2, 3]");
    for _ in 0..10 {
        if play.ending().is_some() {
            break;
        }
        press(&mut play, KeyCode::Enter);
    }
    play
}

#[test]
fn the_record_marks_the_blunder_and_retry_goes_back_before_it() {
    locale::set_lang(Lang::En);
    let mut play = lost_game();
    assert_eq!(play.ending(), Some(Ending::Lost));
    let end = text(&screen(&play, 100, 30));
    assert!(end.contains("record ("), "{end}");
    assert!(
        end.contains("  1. lose You: one coin from each of 1 heap, leaving [0, 2, 3]  ✗ blunder"),
        "{end}"
    );
    assert!(end.contains("Blunders: you 1"), "{end}");
    assert!(end.contains("t: retry from your mistake (move 1)"), "{end}");
    // No move of the AI is a blunder: it plays perfectly.
    assert!(
        !end.lines()
            .any(|l| l.contains("AI: ") && l.contains("blunder")),
        "{end}"
    );
    press(&mut play, KeyCode::Char('t'));
    assert_eq!(play.ending(), None);
    let back = text(&screen(&play, 100, 30));
    assert!(back.contains("heap 3: ooo (3)"), "{back}");
    assert!(back.contains("Back before your move 1"), "{back}");
    assert!(back.contains("moves (7)"), "{back}");
    // The retried game is won by moving to all heaps even: [0, 2, 2] (the 5th move listed).
    for _ in 0..4 {
        press(&mut play, KeyCode::Down);
    }
    press(&mut play, KeyCode::Enter);
    let after = text(&screen(&play, 100, 30));
    assert!(!after.contains("let a win slip"), "{after}");
    assert!(after.contains("Your move"), "{after}");
    // t with no blunder of the player's does nothing.
    let before = text(&screen(&play, 100, 30));
    press(&mut play, KeyCode::Char('t'));
    assert_eq!(text(&screen(&play, 100, 30)), before);
}

/// A game won without a blunder says so, and t does nothing.
#[test]
fn a_game_without_a_blunder_has_no_retry() {
    locale::set_lang(Lang::En);
    let mut play = game("[1]");
    press(&mut play, KeyCode::Enter);
    assert_eq!(play.ending(), Some(Ending::Won));
    let end = text(&screen(&play, 80, 24));
    assert!(end.contains("No blunder of yours."), "{end}");
    assert!(!end.contains("✗"), "{end}");
    press(&mut play, KeyCode::Char('t'));
    assert_eq!(play.ending(), Some(Ending::Won));
}

#[test]
fn the_end_of_a_game_in_every_language() {
    let mut english = Vec::new();
    for lang in Lang::ALL {
        locale::set_lang(lang);
        let play = lost_game();
        for (width, height) in [(80, 24), (120, 40)] {
            let buffer = screen(&play, width, height);
            let what = format!("{} {width}x{height}", lang.code());
            check_widths(&buffer, &what);
            let shown = text(&buffer);
            if lang != Lang::En {
                // The whole screen, the script's own words included (its `name`, `show` and
                // `describe` speak the reader's language through `lang()`).
                for word in english_words(&shown) {
                    if !["CSES", "AI"].contains(&word.as_str()) {
                        english.push(format!("{what}: {word}"));
                    }
                }
            }
            insta::assert_snapshot!(format!("{}_rules_end_{width}x{height}", lang.code()), shown);
        }
    }
    locale::set_lang(Lang::En);
    assert!(english.is_empty(), "{}", english.join("\n"));
}
