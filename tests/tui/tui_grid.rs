//! Render tests of the coin-grid board on ratatui's `TestBackend`: the app is driven with
//! scripted keys and clicks and the screen compared with the committed insta snapshots
//! (tests/snapshots/). Snapshots are taken before any AI move (or of a game the player's own
//! move ends), so the AI's choices never reach them; tests that play against the AI read its
//! move off the screen and assert only what any reply must leave.

use crossterm::event::KeyCode;
use grundy::games::GameKind;
use grundy::tui::keymap;
use grundy::tui::theme::Theme;
use ratatui::style::{Color, Modifier};

use crate::common;
use common::grid::{block_panel, grid_cell, grid_face, move_cells, turn_panel};
use common::render::{Harness, options};

/// 4 × 5, eleven T coins, nim-sum 2^7+2^6+2^4+2^3+2^2 = 220: the player to move wins, and
/// the only anchor of value 2^7 is (4,5).
const SMALL: &str = "grid:HTHTH/TTHHT/HTTTH/THHTT";
const ROWS: usize = 4;
const COLS: usize = 5;

/// A fixed 100 × 100 position (no randomness: the snapshot must not depend on rand's
/// streams), with T coins spread over the whole board.
fn hundred_by_hundred() -> String {
    let rows: Vec<String> = (1..=100usize)
        .map(|r| {
            (1..=100usize)
                .map(|c| {
                    if (r * 7 + c * 3) % 5 == 0 || (r + c) % 11 == 0 {
                        'T'
                    } else {
                        'H'
                    }
                })
                .collect()
        })
        .collect();
    format!("grid:{}", rows.join("/"))
}

/// The faces of the board, row by row, as a code would write them.
fn faces(screen: &str, rows: usize, cols: usize) -> Vec<String> {
    (1..=rows)
        .map(|r| {
            (1..=cols)
                .map(|c| {
                    grid_face(screen, r, c)
                        .unwrap_or_else(|| panic!("cell ({r},{c}) not on screen:\n{screen}"))
                })
                .collect()
        })
        .collect()
}

/// `faces` with `cells` flipped.
fn flipped(mut faces: Vec<String>, cells: &[(usize, usize)]) -> Vec<String> {
    for &(r, c) in cells {
        let mut row: Vec<char> = faces[r - 1].chars().collect();
        row[c - 1] = if row[c - 1] == 'T' { 'H' } else { 'T' };
        faces[r - 1] = row.into_iter().collect();
    }
    faces
}

/// Clicks the middle of cell (`row`, `col`).
fn click_cell(h: &mut Harness, row: usize, col: usize) {
    let screen = h.screen();
    let (x, y) = grid_cell(&screen, row, col)
        .unwrap_or_else(|| panic!("cell ({row},{col}) not on screen:\n{screen}"));
    h.click(x, y);
}

/// Moves the cursor to (`row`, `col`) with Home and the arrow keys, and checks that the
/// status line says it is there.
fn go_to(h: &mut Harness, row: usize, col: usize) {
    h.key(KeyCode::Home);
    for _ in 1..row {
        h.key(KeyCode::Down);
    }
    for _ in 1..col {
        h.key(KeyCode::Right);
    }
    let status = h.status();
    assert!(
        status.starts_with(&format!("cell ({row},{col}) ")),
        "{status}"
    );
}

#[test]
fn grid_start() {
    let mut h = Harness::new(&options(SMALL), 80, 24);
    let screen = h.screen();
    // The cursor starts on the first T coin in reading order.
    assert_eq!(h.status(), "cell (1,2) · T · 11 T coins");
    assert!(screen.contains("[T]"), "{screen}");
    assert!(screen.contains("Pick an anchor (a T coin)"), "{screen}");
    assert_eq!(
        faces(&screen, ROWS, COLS),
        ["HTHTH", "TTHHT", "HTTTH", "THHTT"]
    );
    insta::assert_snapshot!(screen);
}

#[test]
fn grid_hint_mode() {
    let mut h = Harness::new(&options(SMALL), 80, 24);
    h.keys("i");
    let screen = h.screen();
    // Under each coin the exponent k of its value 2^k: lowbit(i+j−1) on row 1 and column 1,
    // i+j−2 inside.
    assert!(screen.contains("│    0    1    0    2    0"), "{screen}");
    assert!(screen.contains("│    2    4    5    6    7"), "{screen}");
    assert!(screen.contains("Under each coin: k"), "{screen}");
    assert!(screen.contains("value 2^1"), "{screen}");
    assert!(screen.contains("nim-sum *220"), "{screen}");
    assert!(screen.contains("≠ 0: you (to move) win"), "{screen}");
    assert_eq!(h.status(), "cell (1,2) · T · value 2^1 · 11 T coins");
    insta::assert_snapshot!(screen);
}

#[test]
fn grid_block_not_connected_says_why() {
    let mut h = Harness::new(&options(SMALL), 80, 24);
    // Anchor (3,4), then (1,2): up-left of it, but with no cells of the block between.
    go_to(&mut h, 3, 4);
    h.enter();
    go_to(&mut h, 1, 2);
    h.enter();
    let screen = h.screen();
    assert!(screen.contains("Block at (3,4)"), "{screen}");
    assert!(
        block_panel(&screen)
            .contains("✗ not legal yet: cell (1,2) is not connected to the anchor (3,4)"),
        "{screen}"
    );
    assert!(
        screen.contains("?T?"),
        "the stray cell is marked:\n{screen}"
    );
    assert!(screen.contains("T→H"), "the anchor flips:\n{screen}");
    // p says why too, and plays nothing.
    h.keys("p");
    assert_eq!(
        h.status(),
        "Not legal yet: cell (1,2) is not connected to the anchor (3,4)."
    );
    let screen = h.screen();
    assert!(screen.contains("▶ Your move"), "{screen}");
    assert!(!screen.contains("You:"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn grid_legal_block_built_with_hints() {
    let mut h = Harness::new(&options(SMALL), 80, 24);
    // Anchor (4,5) (value 2^7), then (4,4) (2^6) and (3,4) (2^5): connected, legal, but the
    // others XOR to 2^6+2^5 = 96 where a win needs 220 ⊕ 2^7 = 92.
    h.key(KeyCode::End).enter();
    h.key(KeyCode::Left).enter();
    h.key(KeyCode::Up).enter();
    h.keys("i");
    let screen = h.screen();
    assert!(screen.contains("Block at (4,5)"), "{screen}");
    assert!(screen.contains("✓ legal, flips 3 coins"), "{screen}");
    let panels = block_panel(&screen);
    assert!(
        panels.contains("XOR of the others 2^6+2^5 = 96, a win needs 2^6+2^4+2^3+2^2 = 92"),
        "{panels}"
    );
    assert!(
        panels.contains("✗ loses; a winning block at this anchor exists (w shows one)"),
        "{panels}"
    );
    assert_eq!(grid_face(&screen, 3, 4), Some('T'));
    insta::assert_snapshot!(screen);
}

#[test]
fn grid_revealed_winning_block() {
    let mut h = Harness::new(&options(SMALL), 80, 24);
    h.keys("iwww");
    let screen = h.screen();
    assert!(screen.contains("Winning block at (4,5)"), "{screen}");
    assert!(screen.contains("✓ wins: leaves nim-sum 0"), "{screen}");
    assert!(
        h.status()
            .starts_with("A winning move: anchor (4,5): flip (4,5) (4,4) (4,3)"),
        "{}",
        h.status()
    );
    insta::assert_snapshot!(screen);
    // Enter (the cursor is on the anchor) plays it. The AI's reply and its reason (with the
    // exact remoteness) leave the player's move one row of the Turn panel, cut with "…":
    // the help lists it in full.
    h.enter();
    let screen = h.screen();
    assert!(screen.contains("You: anchor (4,5): flip (4,5)"), "{screen}");
    assert!(screen.contains("AI: anchor"), "{screen}");
    assert_eq!(grid_face(&screen, 4, 5), Some('H'));
    h.terminal.backend_mut().resize(120, 40);
    h.keys("?").key(KeyCode::End);
    let help = h.screen();
    assert!(
        help.contains("1. you: anchor (4,5): flip (4,5) (4,4) (4,3) (3,4) (3,3) (2,3) (2,2)"),
        "{help}"
    );
}

#[test]
fn grid_help_popup() {
    let mut h = Harness::new(&options(SMALL), 80, 24);
    h.keys("?");
    let screen = h.screen();
    assert!(screen.contains("Help: Coin grid"), "{screen}");
    insta::assert_snapshot!(screen);
    h.key(KeyCode::Esc);
    assert!(!h.screen().contains("Help: Coin grid"));
}

#[test]
fn grid_game_over_you_win() {
    // One T, at (2,2): flipping it alone leaves the AI no move.
    let mut h = Harness::new(&options("grid:HH/HT"), 80, 24);
    assert_eq!(h.status(), "cell (2,2) · T · 1 T coin");
    h.keys("a");
    let screen = h.screen();
    assert!(screen.contains("You win!"), "{screen}");
    assert!(screen.contains("game over after 1 move"), "{screen}");
    insta::assert_snapshot!(screen);
    // Esc shows the board; the board then refuses moves and says why.
    h.key(KeyCode::Esc);
    let screen = h.screen();
    assert!(screen.contains("Game over: you win ✓"), "{screen}");
    assert!(screen.contains("You: anchor (2,2): flip (2,2)"), "{screen}");
    assert_eq!(faces(&screen, 2, 2), ["HH", "HH"]);
    h.enter();
    assert_eq!(
        h.status(),
        "The game is over: u undoes, n starts a new one."
    );
    h.keys("n");
    assert!(!h.app.in_game());
}

#[test]
fn grid_large_board_scrolled_with_hints() {
    let mut h = Harness::new(&options(&hundred_by_hundred()), 120, 40);
    h.keys("i").key(KeyCode::End);
    assert!(
        h.status().starts_with("cell (100,100) · T · value 2^198"),
        "{}",
        h.status()
    );
    // Up a page and three columns left: the view follows the cursor.
    h.key(KeyCode::PageUp);
    for _ in 0..3 {
        h.key(KeyCode::Left);
    }
    let screen = h.screen();
    assert!(
        h.status().starts_with("cell (90,97) · T · value 2^185"),
        "{}",
        h.status()
    );
    assert!(
        screen.contains("rows 90-99 of 100 · columns 81-100 of 100"),
        "{screen}"
    );
    assert!(screen.contains("[T]"), "the cursor is on screen:\n{screen}");
    // The largest exponent, 2^198 at (100,100), is off screen now; (99,100)'s 197 is not.
    assert!(screen.contains(" 197 "), "{screen}");
    assert!(!screen.contains(" 198"), "{screen}");
    insta::assert_snapshot!(screen);
    // Home goes back to the top-left corner.
    h.key(KeyCode::Home);
    let screen = h.screen();
    assert!(screen.contains("rows 1-10 of 100 · columns 1-20 of 100"));
}

#[test]
fn grid_no_color_theme() {
    let mut h = Harness::with_theme(&options(SMALL), 80, 24, Theme::plain());
    // A block with a stray cell, hints on: every state must show without colours.
    go_to(&mut h, 3, 4);
    h.enter().key(KeyCode::Left).enter();
    h.key(KeyCode::Up).key(KeyCode::Up).enter();
    h.keys("i");
    let screen = h.screen();
    // (1,3) is an H, not connected to the anchor (3,4): the cursor is on it.
    assert!(screen.contains("?H?"), "{screen}");
    assert!(screen.contains("T→H"), "{screen}");
    assert!(screen.contains("✗ not legal yet"), "{screen}");
    let buffer = h.terminal.backend().buffer();
    for cell in buffer.content() {
        assert_eq!(cell.fg, Color::Reset, "{cell:?}");
        assert_eq!(cell.bg, Color::Reset, "{cell:?}");
    }
    // The cursor in reverse video, the block's cells underlined.
    let (x, y) = grid_cell(&screen, 1, 3).expect("(1,3) on screen");
    assert!(buffer[(x, y)].modifier.contains(Modifier::REVERSED));
    let (x, y) = grid_cell(&screen, 3, 3).expect("(3,3) on screen");
    assert!(buffer[(x, y)].modifier.contains(Modifier::UNDERLINED));
    insta::assert_snapshot!(screen);
    // Without a block the cursor is also bracketed.
    h.key(KeyCode::Esc);
    assert!(h.screen().contains("[H]"), "{}", h.screen());
}

#[test]
fn alone_flips_a_tails_cell_and_the_ai_answers() {
    let mut h = Harness::new(&options(SMALL), 80, 24);
    // (4,5) is the last cell: no anchor lies down-right of it, so no later move can flip it
    // back, whatever the AI replies.
    h.key(KeyCode::End);
    assert_eq!(h.status(), "cell (4,5) · T · 11 T coins");
    h.keys("a");
    let screen = h.screen();
    assert!(screen.contains("You: anchor (4,5): flip (4,5)"), "{screen}");
    assert!(screen.contains("AI: anchor"), "the AI answers:\n{screen}");
    assert!(screen.contains("▶ Your move"), "{screen}");
    assert!(screen.contains("· move 3"), "{screen}");
    assert_eq!(grid_face(&screen, 4, 5), Some('H'));
    // The cursor follows the AI's move to its anchor, which it turned to H.
    let ai = move_cells(&screen, "AI").unwrap_or_else(|| panic!("no AI move:\n{screen}"));
    let (row, col) = ai[0];
    assert!(
        h.status()
            .starts_with(&format!("cell ({row},{col}) · H · ")),
        "{}",
        h.status()
    );
    // The board is the start with both moves' cells flipped.
    let start = faces(&Harness::new(&options(SMALL), 80, 24).screen(), ROWS, COLS);
    assert_eq!(
        faces(&screen, ROWS, COLS),
        flipped(flipped(start, &[(4, 5)]), &ai)
    );
}

#[test]
fn alone_on_a_heads_cell_and_p_without_a_block_say_why() {
    let mut h = Harness::new(&options(SMALL), 80, 24);
    h.key(KeyCode::Home).keys("a");
    assert_eq!(
        h.status(),
        "Cell (1,1) shows H: only a T coin can be flipped alone."
    );
    h.keys("p");
    assert_eq!(
        h.status(),
        "No block yet: Enter on a T coin picks it as the anchor."
    );
    h.enter();
    assert_eq!(
        h.status(),
        "Cell (1,1) shows H: the anchor must show T (Tab jumps to one)."
    );
    assert!(!h.screen().contains("You:"));
}

#[test]
fn undo_takes_back_both_moves_and_redo_replays_them() {
    let mut h = Harness::new(&options(SMALL), 80, 24);
    let start = faces(&h.screen(), ROWS, COLS);
    h.key(KeyCode::End).keys("a");
    let after_screen = h.screen();
    assert!(after_screen.contains("AI: anchor"), "{after_screen}");
    let after = faces(&after_screen, ROWS, COLS);
    assert_ne!(after, start);
    h.keys("u");
    let screen = h.screen();
    assert_eq!(h.status(), "Took back your move and the AI's reply.");
    assert!(!screen.contains("You:"), "{screen}");
    assert!(!screen.contains("AI: anchor"), "{screen}");
    assert!(screen.contains("· move 1"), "{screen}");
    assert_eq!(faces(&screen, ROWS, COLS), start);
    h.keys("r");
    assert_eq!(faces(&h.screen(), ROWS, COLS), after);
    h.keys("uu");
    assert_eq!(h.status(), "Nothing to undo.");
    assert_eq!(faces(&h.screen(), ROWS, COLS), start);
}

#[test]
fn a_click_picks_the_anchor_toggles_cells_and_plays_the_block() {
    let mut h = Harness::new(&options(SMALL), 80, 24);
    let start = faces(&h.screen(), ROWS, COLS);
    // A click on an H coin with no block says why it cannot be the anchor.
    click_cell(&mut h, 1, 1);
    assert_eq!(
        h.status(),
        "Cell (1,1) shows H: the anchor must show T (Tab jumps to one)."
    );
    click_cell(&mut h, 3, 4);
    let screen = h.screen();
    assert!(screen.contains("Block at (3,4)"), "{screen}");
    assert!(h.status().starts_with("cell (3,4) · T"), "{}", h.status());
    // (3,3) in, out, and (2,4) (an H above the anchor) in.
    click_cell(&mut h, 3, 3);
    assert!(h.screen().contains("✓ legal, flips 2 coins"));
    click_cell(&mut h, 3, 3);
    assert!(h.screen().contains("✓ legal, flips the anchor alone"));
    click_cell(&mut h, 2, 4);
    let screen = h.screen();
    assert!(screen.contains("✓ legal, flips 2 coins"), "{screen}");
    assert!(screen.contains("H→T"), "{screen}");
    // A click on the anchor plays the block.
    click_cell(&mut h, 3, 4);
    let screen = h.screen();
    // The turn panel may cut the player's move short (the AI's reply comes first), so the
    // board tells what was flipped: the start, then both moves.
    assert!(
        turn_panel(&screen).contains("You: anchor (3,4): flip (3,4)"),
        "{screen}"
    );
    let ai = move_cells(&screen, "AI").unwrap_or_else(|| panic!("no AI move:\n{screen}"));
    assert_eq!(
        faces(&screen, ROWS, COLS),
        flipped(flipped(start, &[(3, 4), (2, 4)]), &ai)
    );
    // Clicks outside the cells are ignored.
    let before = h.screen();
    h.click(0, 0).click(1, 2).click(79, 23);
    assert_eq!(faces(&h.screen(), ROWS, COLS), faces(&before, ROWS, COLS));
}

#[test]
fn clicks_in_hint_mode_hit_both_screen_rows_of_a_cell() {
    let mut h = Harness::new(&options(SMALL), 80, 24);
    h.keys("i");
    let screen = h.screen();
    let (x, y) = grid_cell(&screen, 4, 5).expect("(4,5) on screen");
    // The row below the face holds the value's exponent: part of the same cell.
    h.click(x, y + 1);
    assert!(h.screen().contains("Block at (4,5)"), "{}", h.screen());
    let (x, y) = grid_cell(&screen, 3, 5).expect("(3,5) on screen");
    h.click(x, y + 1);
    let screen = h.screen();
    assert!(h.status().starts_with("cell (3,5) · H"), "{}", h.status());
    assert!(screen.contains("✓ legal, flips 2 coins"), "{screen}");
}

#[test]
fn a_cell_down_right_of_the_anchor_is_not_up_left() {
    let mut h = Harness::new(&options(SMALL), 80, 24);
    go_to(&mut h, 3, 4);
    h.enter();
    h.key(KeyCode::Down).key(KeyCode::Right).enter();
    let screen = h.screen();
    assert!(
        block_panel(&screen)
            .contains("✗ not legal yet: cell (4,5) is not up-left of the anchor (3,4)"),
        "{screen}"
    );
    h.keys("p");
    assert_eq!(
        h.status(),
        "Not legal yet: cell (4,5) is not up-left of the anchor (3,4)."
    );
    // a still flips the anchor alone, wherever the cursor is.
    h.keys("a");
    let screen = h.screen();
    assert_eq!(move_cells(&screen, "You"), Some(vec![(3, 4)]), "{screen}");
}

#[test]
fn escape_drops_the_block() {
    let mut h = Harness::new(&options(SMALL), 80, 24);
    h.enter();
    assert!(h.screen().contains("Block at (1,2)"));
    h.key(KeyCode::Esc);
    assert_eq!(h.status(), "Block dropped.");
    let screen = h.screen();
    assert!(!screen.contains("Block at"), "{screen}");
    assert!(screen.contains("Pick an anchor"), "{screen}");
}

#[test]
fn tab_jumps_between_tails_coins() {
    let mut h = Harness::new(&options(SMALL), 80, 24);
    let mut seen = Vec::new();
    for _ in 0..3 {
        h.key(KeyCode::Tab);
        seen.push(h.status().split(" · ").next().unwrap_or("").to_string());
    }
    assert_eq!(seen, ["cell (1,4)", "cell (2,1)", "cell (2,2)"]);
    h.key(KeyCode::BackTab);
    assert!(h.status().starts_with("cell (2,1) "), "{}", h.status());
    // Backwards from the first T wraps to the last.
    h.key(KeyCode::Home).key(KeyCode::BackTab);
    assert!(h.status().starts_with("cell (4,5) "), "{}", h.status());
}

#[test]
fn the_wheel_moves_the_cursor_on_a_large_board() {
    let mut h = Harness::new(&options(&hundred_by_hundred()), 120, 40);
    h.key(KeyCode::Home);
    for _ in 0..60 {
        h.wheel_down(10, 10);
    }
    let screen = h.screen();
    assert!(h.status().starts_with("cell (61,1) "), "{}", h.status());
    assert!(grid_cell(&screen, 61, 1).is_some(), "{screen}");
    assert!(grid_cell(&screen, 1, 1).is_none(), "{screen}");
}

#[test]
fn keyboard_game_to_the_end_with_revealed_winning_blocks() {
    let mut h = Harness::new(&options(SMALL), 80, 24);
    for _ in 0..40 {
        if h.screen().contains("Game over") {
            break;
        }
        h.keys("www");
        assert!(
            h.status().starts_with("A winning move: anchor"),
            "{}",
            h.status()
        );
        h.enter();
    }
    let screen = h.screen();
    assert!(screen.contains("You win!"), "{screen}");
}

#[test]
fn grid_keys_are_in_the_grid_help_only() {
    for (key, words) in [("p", "play the block"), ("a", "alone")] {
        assert!(
            keymap::help_rows(Some(GameKind::Grid))
                .iter()
                .any(|(keys, help)| keys == key && help.contains(words)),
            "{key}"
        );
        for other in [None, Some(GameKind::Coins), Some(GameKind::Dodgeball)] {
            assert!(!keymap::help_rows(other).iter().any(|(k, _)| k == key));
        }
    }
}

#[test]
fn a_click_on_a_scrolled_board_picks_the_cell_under_it() {
    let mut h = Harness::new(&options(&hundred_by_hundred()), 120, 40);
    h.key(KeyCode::End);
    let screen = h.screen();
    assert!(grid_cell(&screen, 1, 1).is_none(), "scrolled:\n{screen}");
    // (95,91) is an H: the click moves the cursor there and says it cannot be the anchor.
    assert_eq!(grid_face(&screen, 95, 91), Some('H'));
    click_cell(&mut h, 95, 91);
    assert_eq!(
        h.status(),
        "Cell (95,91) shows H: the anchor must show T (Tab jumps to one)."
    );
    h.key(KeyCode::Esc);
    assert!(h.status().starts_with("cell (95,91) · H"), "{}", h.status());
    // (100,100) is a T: a click picks it as the anchor.
    click_cell(&mut h, 100, 100);
    assert!(h.screen().contains("Block at (100,100)"), "{}", h.screen());
}

#[test]
fn narrow_cells_keep_a_space_between_block_marks() {
    // 1 × 30 on an 80-column screen: the cells get the least width, which must leave a
    // space after the 3-column marks `T→H` and `?T?`, or a block's cells read as one word.
    let mut h = Harness::new(&options(&format!("grid:{}", "T".repeat(30))), 80, 24);
    h.key(KeyCode::End).enter();
    for _ in 0..5 {
        h.key(KeyCode::Left).enter();
    }
    let screen = h.screen();
    assert!(screen.contains("✓ legal, flips 6 coins"), "{screen}");
    let row = screen
        .lines()
        .find(|l| l.starts_with("│1 "))
        .unwrap_or_else(|| panic!("no row 1:\n{screen}"));
    assert!(
        !row.contains("HT→") && !row.contains("H[") && !row.contains("]T"),
        "cells run together: {row:?}"
    );
}

#[test]
fn the_turn_panel_never_shows_a_cut_move_as_whole() {
    // One move flips the whole row of 30 T coins and ends the game. The turn panel (8 rows)
    // has no room for the move's 30 cells; cut without a mark, "You: anchor (1,30): flip
    // (1,30) … (1,14)" would read as a legal move of its own.
    let mut h = Harness::new(&options(&format!("grid:{}", "T".repeat(30))), 80, 24);
    h.key(KeyCode::End).enter();
    for _ in 0..29 {
        h.key(KeyCode::Left).enter();
    }
    h.keys("p");
    assert!(h.screen().contains("You win!"), "{}", h.screen());
    h.key(KeyCode::Esc);
    let screen = h.screen();
    let turn = turn_panel(&screen);
    let shown = &turn[turn.find("You: anchor").expect("the move is shown")..];
    assert!(
        shown.contains("(1,1)") || shown.contains('…'),
        "the move is cut without a mark:\n{screen}"
    );
}
