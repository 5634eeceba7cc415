//! Render and input tests of the queen board (Wythoff's game) on ratatui's `TestBackend`: a
//! small board with hints off and on, a queen at 10^9 with the corner off-screen, two queens,
//! and moves played by keys and by two clicks. Snapshots are taken before any AI move.

use crossterm::event::KeyCode;

use crate::common;
use common::render::{Harness, options};

#[test]
fn small_board_without_hints() {
    let mut h = Harness::new(&options("wythoff:7,10"), 100, 28);
    let screen = h.screen();
    assert!(
        screen.contains("corner (0, 0) at the bottom left"),
        "{screen}"
    );
    assert!(screen.contains("♛"), "{screen}");
    // With hints off nothing tells the answer: no P-position marked, no value shown.
    assert!(!screen.contains(" P "), "{screen}");
    assert!(!screen.contains("✓"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn small_board_with_hints_marks_the_winning_square() {
    let mut h = Harness::new(&options("wythoff:7,10"), 100, 28);
    h.keys("i").key(KeyCode::Left);
    let screen = h.screen();
    // (6, 10) is the P-position on the queen's row: the winning move, and its value is 0.
    let status = h.status();
    assert!(status.contains("target (6, 10)"), "{status}");
    assert!(status.contains("✓ wins"), "{status}");
    assert!(status.contains("value *0"), "{status}");
    assert!(screen.contains("✓ (6, 10) ← 1 →*0"), "{screen}");
    insta::assert_snapshot!(screen);
}

/// The status line names the target and the take in both Chinese scripts, whole (issue 29: it
/// once cut the words at the comma inside `(6, 10)`).
#[test]
fn the_target_status_reads_whole_in_chinese() {
    use grundy::locale::{self, Lang};
    for (lang, expected) in [
        (Lang::ZhCn, "目标 (6, 10)：从第一堆取 1 个"),
        (Lang::ZhTw, "目標 (6, 10)：從第一堆取 1 顆"),
        (Lang::En, "target (6, 10): take 1 from the first heap"),
    ] {
        locale::set_lang(lang);
        let mut h = Harness::new(&options("wythoff:7,10"), 100, 28);
        h.keys("i").key(KeyCode::Left);
        let status = h.status_shown();
        locale::set_lang(Lang::En);
        assert!(status.contains(expected), "{}: {status}", lang.code());
    }
}

#[test]
fn queen_at_a_billion_keeps_the_corner_in_words() {
    let mut h = Harness::new(&options("wythoff:1000000000,999999999"), 110, 32);
    h.keys("i");
    let screen = h.screen();
    assert!(screen.contains("corner (0, 0) off-screen"), "{screen}");
    assert!(screen.contains("999999999 │"), "{screen}");
    // No value is made up past the table: the rule says what decides.
    assert!(screen.contains("value: not known"), "{screen}");
    assert!(screen.contains("by the game's own rule"), "{screen}");
    assert!(!screen.contains("*1"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn two_queens_switch_with_tab() {
    let mut h = Harness::new(&options("wythoff:3,5,7,4"), 100, 28);
    h.key(KeyCode::Tab);
    let screen = h.screen();
    assert!(screen.contains("Moves of queen 2 (7, 4)"), "{screen}");
    assert!(screen.contains("♕"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn moves_played_by_keys_and_by_two_clicks() {
    let mut h = Harness::new(&options("wythoff:7,10"), 100, 28);
    // Up from the queen is not a move: Enter says why and plays nothing.
    h.key(KeyCode::Up).enter();
    let screen = h.screen();
    assert!(screen.contains("not a move of queen 1"), "{screen}");
    assert!(screen.contains("move 1"), "{screen}");
    // Back to the queen, one square left: the winning move, played by Enter.
    h.key(KeyCode::Esc).key(KeyCode::Left).enter();
    let screen = h.screen();
    assert!(screen.contains("(7, 10) → (6, 10)"), "{screen}");
    // The AI replied (a stall from the lost (6, 10)); now two clicks on a square play it.
    let (x, y) = h.find("♛");
    h.click(x - 4, y);
    let screen = h.screen();
    assert!(screen.contains("again (or press Enter)"), "{screen}");
    assert!(screen.contains("move 3"), "{screen}");
    h.click(x - 4, y);
    let screen = h.screen();
    // Played, and the AI replied: the record has four moves.
    assert!(screen.contains("move 5"), "{screen}");
    // Hints are off: the record names the moves without verdicts (issue 19).
    assert!(!screen.contains("you ?? "), "{screen}");
    assert!(screen.contains("  3 you queen 1"), "{screen}");
}

#[test]
fn big_fibonacci_heap_hides_unknown_values() {
    let mut h = Harness::new(&options("fibnim:1000000000000000"), 150, 30);
    h.keys("i");
    let screen = h.screen();
    assert!(screen.contains("value ?"), "{screen}");
    assert!(screen.contains("value: not known"), "{screen}");
    assert!(screen.contains("take 3"), "{screen}");
}
