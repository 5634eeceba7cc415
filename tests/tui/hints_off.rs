//! Hints off on huge positions (issue 27): a move list too long to show whole lists the same
//! moves whichever of them win — the smallest, then evenly spaced to the largest — and a
//! number typed chooses any move. At 120×40 and 80×24.

use crossterm::event::KeyCode;

use crate::common;
use common::grid::side_panels;
use common::render::{Harness, options};

const SIZES: [(u16, u16); 2] = [(120, 40), (80, 24)];

/// The move list's panel (the second panel of the right-hand column) after choosing the part
/// under the cursor, hints off.
fn listed(code: &str, width: u16, height: u16) -> String {
    let mut h = Harness::new(&options(code), width, height);
    h.enter();
    let screen = h.screen();
    side_panels(&screen)
        .into_iter()
        .nth(1)
        .unwrap_or_else(|| panic!("no move list:\n{screen}"))
}

#[test]
fn fibonacci_nim_of_a_trillion_lists_takes_from_one() {
    for (width, height) in SIZES {
        let mut h = Harness::new(&options("fibnim:1000000000000"), width, height);
        h.enter();
        let screen = h.screen();
        // Issue 27: the list began with the 13 winning takes, take 3, take 16, take 105, …
        assert!(screen.contains("▶ take 1 ("), "{screen}");
        assert!(screen.contains("take 2 ("), "{screen}");
        for winning in ["take 16 ", "take 105 ", "take 10326693860"] {
            assert!(!screen.contains(winning), "{winning} shown:\n{screen}");
        }
        insta::assert_snapshot!(format!("fibnim_trillion_{width}x{height}"), screen);
    }
}

#[test]
fn a_far_queen_does_not_list_its_winning_move() {
    for (width, height) in SIZES {
        let mut h = Harness::new(&options("wythoff:1000000,999999"), width, height);
        h.enter();
        let screen = h.screen();
        // ← 381967 (to the P-position on the queen's row) stood out among round numbers.
        assert!(!screen.contains("381967"), "{screen}");
        assert!(screen.contains("Moves of queen 1"), "{screen}");
        insta::assert_snapshot!(format!("wythoff_far_{width}x{height}"), screen);
    }
}

/// The list of a part is the same when another part changes the winning moves.
#[test]
fn the_list_is_the_same_whichever_moves_win() {
    for (a, b) in [
        ("nim:1000000,5,7", "nim:1000000,5,6"),
        ("kayles:100000,5,7", "kayles:100000,5,6"),
        ("dawson:100000,5,7", "dawson:100000,5,6"),
        ("ed:1000000,999999,5,7", "ed:1000000,999999,5,8"),
        (
            "fibnim:1000000000000:1000000000",
            "fibnim:1000000000001:1000000000",
        ),
        ("nim:1000000+kayles:5,7", "nim:1000000+kayles:5,6"),
    ] {
        for (width, height) in SIZES {
            let (list_a, list_b) = (listed(a, width, height), listed(b, width, height));
            // The moves, without what they leave (a heap of 10^12 or of 10^12 + 1, in
            // brackets, as in the list's title).
            let moves = |list: &str| {
                let mut out = String::new();
                let mut depth = 0;
                // From the selected first move on (the title names the part).
                let list = &list[list.find('▶').expect("a move selected")..];
                for c in list.chars() {
                    match c {
                        '(' => depth += 1,
                        ')' => depth -= 1,
                        c if depth == 0 => out.push(c),
                        _ => {}
                    }
                }
                out
            };
            assert_eq!(
                moves(&list_a),
                moves(&list_b),
                "{a} / {b} at {width}×{height}"
            );
        }
    }
}

/// A number typed chooses that move although the list skips it, and Enter plays it.
#[test]
fn a_typed_number_chooses_any_move() {
    let mut h = Harness::new(&options("fibnim:1000000000000"), 120, 40);
    h.enter().keys("10326693860");
    let screen = h.screen();
    assert!(screen.contains("▶ take 10326693860"), "{screen}");
    assert!(screen.contains("move 10326693860"), "{screen}");
    // Backspace takes a digit back: take 1032669386.
    h.key(KeyCode::Backspace);
    let screen = h.screen();
    assert!(screen.contains("▶ take 1032669386 "), "{screen}");
    h.keys("0").enter();
    let screen = h.screen();
    assert!(screen.contains("take 10326693860"), "{screen}");
    assert!(screen.contains("989673306140"), "{screen}");
}
