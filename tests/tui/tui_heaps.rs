//! Render tests of the heap board on ratatui's `TestBackend`: a Kayles position with hints and
//! a previewed move, and misère Nim's own rule in the nim-sum panel. Snapshots are taken
//! before any AI move.

use crossterm::event::KeyCode;

use crate::common;
use common::render::{Harness, options};

#[test]
fn kayles_move_previewed_with_hints() {
    let mut h = Harness::new(&options("kayles:5,7,9"), 100, 24);
    h.keys("i");
    h.key(KeyCode::Down)
        .enter()
        .key(KeyCode::Down)
        .key(KeyCode::Down)
        .key(KeyCode::Down);
    let screen = h.screen();
    // The fourth move of row 2 knocks out pin 4, leaving 3 + 3: nim-sum 0, marked winning.
    assert!(screen.contains("pin 4 → 3+3"), "{screen}");
    assert!(screen.contains("✓ pin 4"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn misere_panel_states_its_own_rule() {
    let mut h = Harness::new(&options("misere:1,1,1,1"), 140, 24);
    h.keys("i");
    let screen = h.screen();
    // Nim-sum 0, yet the player to move wins: an even number of 1-heaps.
    assert!(screen.contains("= nim-sum"), "{screen}");
    assert!(screen.contains("you (to move) win"), "{screen}");
    assert!(screen.contains("even"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn stair_nim_board_with_hints() {
    let mut h = Harness::new(&options("stairs:2,3,1,4,2,5"), 120, 24);
    h.keys("i");
    h.enter().key(KeyCode::Down);
    let screen = h.screen();
    // Even stairs carry the value; the selected move is previewed on its stair.
    assert!(screen.contains("stair 2 (3)"), "{screen}");
    assert!(
        screen.contains("← stair 2: carry 2 balls down to stair 1"),
        "{screen}"
    );
    insta::assert_snapshot!(screen);
}
