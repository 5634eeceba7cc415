//! The real `grundy` binary playing the coin grid in a pseudo-terminal (portable-pty), its
//! output read into a vt100 screen model: a game played to the end by keys with the revealed
//! winning blocks, a block built and played by mouse, hints on and off, undo, NO_COLOR, and
//! the terminal given back (no alternate screen, no mouse capture) after quitting. The
//! harness is in tests/common/pty.rs.

use crate::common;
use common::grid::{grid_cell, grid_face};
use common::pty::Pty;

/// 4 × 5, nim-sum 220: the player to move wins (the same position as tests/tui_grid.rs).
const SMALL: &str = "grid:HTHTH/TTHHT/HTTTH/THHTT";

fn play(code: &str, env: &[(&str, &str)]) -> Pty {
    Pty::spawn(
        &[
            "play", "grid", "--code", code, "--first", "you", "--seed", "1",
        ],
        env,
    )
}

/// The faces of the board on screen, row by row.
fn faces(pty: &Pty, rows: usize, cols: usize) -> Vec<String> {
    let screen = pty.screen_text();
    (1..=rows)
        .map(|r| {
            (1..=cols)
                .map(|c| {
                    grid_face(&screen, r, c)
                        .unwrap_or_else(|| panic!("cell ({r},{c}) not on screen:\n{screen}"))
                })
                .collect()
        })
        .collect()
}

/// Clicks the middle of cell (`row`, `col`).
fn click_cell(pty: &mut Pty, row: usize, col: usize) {
    let screen = pty.screen_text();
    let (x, y) = grid_cell(&screen, row, col)
        .unwrap_or_else(|| panic!("cell ({row},{col}) not on screen:\n{screen}"));
    pty.click(x, y);
}

#[test]
fn revealed_blocks_win_a_game_played_by_keys() {
    // 3 × 3, nim-sum *20: the player to move wins, so playing the revealed block each turn
    // must win.
    let mut pty = play("grid:HTT/TTH/THT", &[]);
    pty.wait_for("Your move");
    pty.wait_taken_over();
    // Enter on the anchor (where the reveal puts the cursor) or p plays the block; 9 cells
    // cannot last 20 turns.
    pty.win_with_revealed_moves(
        "Winning block at",
        |turn| if turn % 2 == 0 { "\r" } else { "p" },
        20,
    );
    let screen = pty.screen_text();
    assert!(screen.contains("The AI has no move left."), "{screen}");
    // Esc shows the board: every coin shows H.
    pty.send("\x1b");
    pty.wait_for("Game over: you win");
    assert_eq!(faces(&pty, 3, 3), ["HHH", "HHH", "HHH"]);
    pty.quit();
}

#[test]
fn a_block_by_mouse_hints_and_undo() {
    let mut pty = play(SMALL, &[]);
    pty.wait_for("Your move");
    pty.wait_taken_over();
    let start = faces(&pty, 4, 5);
    assert_eq!(start, ["HTHTH", "TTHHT", "HTTTH", "THHTT"]);

    // Hints on: exponents under the coins and the nim-sum; then off again.
    pty.send("i");
    pty.wait_for("Under each coin: k");
    pty.wait_for("nim-sum *220");
    pty.wait_for("│    2    4    5    6    7");
    pty.send("i");
    pty.wait_until("hints off", |s| !s.contents().contains("Nim-sum (XOR)"));

    // By mouse: the anchor (3,4), the H above it, then the anchor again plays the block.
    click_cell(&mut pty, 3, 4);
    pty.wait_for("Block at (3,4)");
    click_cell(&mut pty, 2, 4);
    pty.wait_for("✓ legal, flips 2 coins");
    pty.wait_for("H→T");
    click_cell(&mut pty, 3, 4);
    pty.wait_for("You: anchor (3,4): flip (3,4)");
    pty.wait_for("AI: anchor");
    pty.wait_for("Your move");
    assert_ne!(faces(&pty, 4, 5), start);

    // Undo takes back both moves.
    pty.send("u");
    pty.wait_for("Took back your move and the AI's reply.");
    pty.wait_until("no move in the turn panel", |s| {
        !s.contents().contains("AI: anchor")
    });
    assert_eq!(faces(&pty, 4, 5), start);
    pty.quit();
}

#[test]
fn no_color_marks_the_block_without_colours() {
    let mut pty = play(SMALL, &[("NO_COLOR", "1")]);
    pty.wait_for("Your move");
    // The anchor (1,2), then (1,1) beside it and (2,2) below it: not up-left, so it is
    // marked as what makes the block illegal.
    pty.send("\r");
    pty.wait_for("Block at (1,2)");
    pty.send("h\r");
    pty.wait_for("✓ legal, flips 2 coins");
    pty.send("lj\r");
    pty.wait_for("?T?");
    pty.wait_for("not up-left of the anchor (1,2)");
    assert!(
        pty.assert_no_colours(),
        "the cursor is shown in reverse video"
    );
    {
        let parser = pty.parser.lock().expect("parser");
        let screen = parser.screen();
        let (x, y) = grid_cell(&screen.contents(), 1, 1).expect("(1,1) on screen");
        let cell = screen.cell(y, x).expect("cell");
        assert!(cell.underline(), "a cell of the block is underlined");
    }
    pty.quit();
}

#[test]
fn large_board_scrolls_with_the_cursor_and_survives_a_resize() {
    let mut pty = Pty::spawn(
        &[
            "play", "grid", "--rows", "100", "--cols", "100", "--first", "you", "--seed", "1",
        ],
        &[],
    );
    pty.wait_for("100 × 100");
    pty.wait_for("rows 1-");
    pty.send("\x1b[F");
    pty.wait_for("cell (100,100)");
    pty.wait_for(" of 100 · columns ");
    assert!(grid_cell(&pty.screen_text(), 100, 100).is_some());
    pty.resize(40, 120);
    pty.wait_until("the wider board", |s| {
        grid_cell(&s.contents(), 100, 81).is_some()
    });
    pty.send("i");
    pty.wait_for("value 2^198");
    pty.quit();
}
