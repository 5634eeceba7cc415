//! Regression tests of issue 9's interface defects, on ratatui's `TestBackend`: keys while the
//! screen is too small, quitting from popups, the help popup's scrolling, cut texts, boards
//! that follow the AI's move, the menu's number fields, the hint bar.

use crossterm::event::KeyCode;
use grundy::games::GameKind;
use grundy::tui::PlayOptions;

mod common;
use common::render::{Harness, options};

/// Resizes the test terminal (the next draw lays everything out again).
fn resize(h: &mut Harness, width: u16, height: u16) {
    h.terminal.backend_mut().resize(width, height);
    h.draw();
}

#[test]
fn keys_do_nothing_in_a_game_while_the_terminal_is_too_small() {
    let mut opts = options("dodgeball:1111111111");
    opts.game = Some(GameKind::Dodgeball);
    let mut h = Harness::new(&opts, 120, 40);
    resize(&mut h, 50, 15);
    assert!(h.screen().contains("Terminal too small"), "{}", h.screen());
    assert!(h.app.is_too_small());
    // Blind: reveal a winning move, play it; hints; new game.
    h.key(KeyCode::Char('w')).enter().key(KeyCode::Char('i'));
    h.key(KeyCode::Char('n'));
    resize(&mut h, 120, 40);
    let screen = h.screen();
    assert!(h.app.in_game(), "{screen}");
    assert!(screen.lines().next().unwrap().ends_with("move 1"), "a move was played blind:\n{screen}");
    assert!(!screen.contains("hints on"), "{screen}");
}

#[test]
fn the_menu_does_not_start_a_game_while_the_terminal_is_too_small() {
    let mut h = Harness::new(&PlayOptions::default(), 50, 15);
    h.enter().enter().enter();
    assert!(!h.app.in_game());
    resize(&mut h, 80, 24);
    assert!(!h.app.in_game());
}

#[test]
fn help_and_quit_still_work_while_the_terminal_is_too_small() {
    let mut h = Harness::new(&PlayOptions::default(), 50, 15);
    h.key(KeyCode::Char('?'));
    assert!(h.screen().contains("Help: grundy"), "{}", h.screen());
    h.key(KeyCode::Char('?'));
    assert!(!h.screen().contains("Help: grundy"), "{}", h.screen());
    h.key(KeyCode::Char('q'));
    assert!(h.app.should_quit());
}

#[test]
fn q_quits_from_the_help_popup_in_a_game() {
    let mut h = Harness::new(&options("coins:4:HTTHTTTTHTTTHTHH"), 120, 40);
    h.key(KeyCode::Char('?'));
    assert!(h.screen().contains("Help: Coin row"));
    h.key(KeyCode::Char('q'));
    assert!(h.app.should_quit());
}

#[test]
fn q_quits_from_the_help_popup_in_the_menu() {
    let mut h = Harness::new(&PlayOptions::default(), 80, 24);
    h.key(KeyCode::Char('?')).key(KeyCode::Char('q'));
    assert!(h.app.should_quit());
}

#[test]
fn the_help_popup_stops_scrolling_at_its_end() {
    let mut h = Harness::new(&options("grid:HHH/TTH"), 80, 24);
    h.key(KeyCode::Char('?'));
    for _ in 0..300 {
        h.key(KeyCode::Down);
    }
    let at_end = h.screen();
    // The last line of the text sits on the box's last row: no empty box below it.
    let lines: Vec<&str> = at_end.lines().collect();
    let bottom = lines
        .iter()
        .rposition(|l| l.contains("Esc or ? close"))
        .expect("popup bottom");
    assert!(
        lines[bottom - 1].contains("to play it"),
        "the help's last line is not at its bottom:\n{at_end}"
    );
    // One up scrolls at once (no invisible overshoot to climb back first).
    h.key(KeyCode::Up);
    assert_ne!(h.screen(), at_end);
    insta::assert_snapshot!(at_end);
}
