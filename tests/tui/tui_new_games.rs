//! Render tests of the games of issue 26 on the generic parts board: Moore's Nim-K with its
//! digit counts in the hints, Mock Turtles' coin row, a misère Kayles sum (anti:) with the
//! rule that decided it, and Every-SG with its step counts. Snapshots before any AI move.

use crossterm::event::KeyCode;

use crate::common;
use common::render::{Harness, options};

#[test]
fn nim_k_shows_the_digit_counts() {
    let mut h = Harness::new(&options("nimk:2:3,5,6"), 140, 26);
    h.keys("i");
    let screen = h.screen();
    assert!(screen.contains("K = 2"), "{screen}");
    assert!(screen.contains("2^2:2 2^1:2 2^0:2"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn mock_turtles_row_and_a_previewed_move() {
    let mut h = Harness::new(&options("mock:HTTHT"), 120, 26);
    h.keys("i");
    h.enter().key(KeyCode::Down);
    let screen = h.screen();
    assert!(screen.contains("HTTHT"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn misere_kayles_says_the_search_decided() {
    let mut h = Harness::new(&options("anti:kayles:3+nim:2"), 160, 26);
    h.keys("i");
    let screen = h.screen();
    assert!(screen.contains("misère"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn every_sg_shows_the_step_counts() {
    let mut h = Harness::new(&options("every:nim:3+bash:2:4"), 160, 26);
    h.keys("i");
    let screen = h.screen();
    assert!(screen.contains("Every-SG"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn without_hints_no_verdict_is_shown() {
    for code in [
        "nimk:2:3,5,6",
        "anti:nim:3,4,5",
        "every:nim:3+kayles:4",
        "ruler:TTHT",
    ] {
        let mut h = Harness::new(&options(code), 140, 26);
        let screen = h.screen();
        for tell in [
            "SJ theorem",
            "step count",
            "multiple",
            "you (to move) win",
            "you (to move) lose",
            "✓",
        ] {
            assert!(!screen.contains(tell), "{code}: '{tell}' in\n{screen}");
        }
    }
}
