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
    assert!(
        screen.lines().next().unwrap().ends_with("move 1"),
        "a move was played blind:\n{screen}"
    );
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

/// The grid's settings page, the focus on Rows (5 by default).
fn grid_rows_field() -> Harness {
    let mut h = Harness::new(&PlayOptions::default(), 80, 24);
    h.key(KeyCode::Down).enter();
    for _ in 0..7 {
        h.key(KeyCode::Up);
    }
    assert!(h.screen().contains("▶ Rows"), "{}", h.screen());
    h
}

#[test]
fn typing_in_a_number_field_replaces_its_value() {
    let mut h = grid_rows_field();
    h.keys("7");
    assert!(h.screen().contains("◀ 7 ▶"), "{}", h.screen());
    h.keys("0");
    // Typed over the 5, not after it (570).
    assert!(h.screen().contains("◀ 70 ▶"), "{}", h.screen());
    h.keys("0");
    // 700 rows is out of range: shown as typed and said, not cut to 100 in silence.
    let screen = h.screen();
    assert!(screen.contains("◀ 700 (out of range) ▶"), "{screen}");
    assert!(screen.contains("out of range: 1 to 100"), "{screen}");
    insta::assert_snapshot!(screen);
    // Start refuses it and says why.
    for _ in 0..7 {
        h.key(KeyCode::Down);
    }
    h.enter();
    assert!(!h.app.in_game());
    assert!(
        h.screen().contains("Rows 700 is out of range: 1 to 100"),
        "{}",
        h.screen()
    );
    // Back on the field, a new digit starts a new value.
    for _ in 0..7 {
        h.key(KeyCode::Up);
    }
    h.keys("9");
    assert!(h.screen().contains("◀ 9 ▶"), "{}", h.screen());
    for _ in 0..7 {
        h.key(KeyCode::Down);
    }
    h.enter();
    assert!(h.screen().contains("9 × 6"), "{}", h.screen());
}

#[test]
fn an_arrow_brings_an_out_of_range_value_back_into_range() {
    let mut h = grid_rows_field();
    h.keys("570");
    assert!(
        h.screen().contains("◀ 570 (out of range) ▶"),
        "{}",
        h.screen()
    );
    h.key(KeyCode::Left);
    assert!(h.screen().contains("◀ 100 ▶"), "{}", h.screen());
}

#[test]
fn a_lost_start_is_said_at_once() {
    // coin 2 and coin 3 are both T with value *1: nim-sum 0, you to move.
    let mut h = Harness::new(&options("coins:4:HTT"), 80, 24);
    let screen = h.screen();
    assert!(
        screen.contains("You are to move in a lost") && screen.contains("position (nim-sum 0)"),
        "{screen}"
    );
    // A winning start says nothing of the kind.
    let mut h = Harness::new(&options("coins:4:HTH"), 80, 24);
    assert!(!h.screen().contains("lost position"), "{}", h.screen());
}

#[test]
fn the_grid_bar_shows_p_and_a() {
    let mut h = Harness::new(&options("grid:HHH/TTH"), 120, 40);
    let screen = h.screen();
    let bar = screen.lines().last().unwrap();
    assert!(bar.contains("p play") && bar.contains("a alone"), "{bar}");
}

#[test]
fn the_game_over_panel_does_not_ask_for_a_move() {
    // One T coin with one move (2 → 1): you play it and the game is over.
    let mut h = Harness::new(&options("coins:4:HT"), 80, 24);
    h.key(KeyCode::End).enter().enter().key(KeyCode::Esc);
    let screen = h.screen();
    assert!(screen.contains("Game over"), "{screen}");
    assert!(!screen.contains("Choose a coin"), "{screen}");
    assert!(screen.contains("The game is over"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn the_grid_view_follows_the_ai_move() {
    // T at (1,1), (1,2), (1,3) (values 1, 2, 1) and at (100,100) (2^198). The player flips
    // (100,100); the AI answers in row 1, 99 rows up.
    let mut rows = vec!["H".repeat(100); 100];
    rows[0] = format!("TTT{}", "H".repeat(97));
    rows[99] = format!("{}T", "H".repeat(99));
    let code = format!("grid:{}", rows.join("/"));
    let mut h = Harness::new(&options(&code), 120, 40);
    h.key(KeyCode::End);
    assert!(h.screen().contains("rows 67-100"), "{}", h.screen());
    h.key(KeyCode::Char('a'));
    let screen = h.screen();
    assert!(screen.contains("AI: anchor (1,"), "{screen}");
    assert!(
        screen.contains(" rows 1-34 "),
        "the view stayed put:\n{screen}"
    );
}
