//! The real `grundy` binary playing Binary Dodgeball in a pseudo-terminal (portable-pty), its
//! output read into a vt100 screen model: a game played to the end by keys, a throw made by
//! mouse, the chain view, NO_COLOR, and the terminal given back (no alternate screen, no mouse
//! capture) after quitting. The harness is in tests/common/pty.rs.

use crate::common;
use common::pty::Pty;

fn play(code: &str, extra: &[&str]) -> Pty {
    let mut args = vec![
        "play",
        "dodgeball",
        "--code",
        code,
        "--first",
        "you",
        "--seed",
        "1",
    ];
    args.extend_from_slice(extra);
    Pty::spawn(&args, &[])
}

/// The 0-based cell of box `b`'s number on the line view of a small board: its number
/// centred in a 5-column cell, on a row of the board frame.
fn box_cell(pty: &Pty, b: usize) -> (u16, u16) {
    pty.wait_for("Your move");
    let contents = pty.screen_text();
    for (row, line) in contents.lines().enumerate().skip(1) {
        let cells: Vec<char> = line.chars().collect();
        // Cells start one column right of the frame, 5 columns each.
        let mut x = 1;
        while x + 5 <= cells.len() {
            let text: String = cells[x..x + 5].iter().collect();
            if text.trim() == b.to_string()
                && cells[x..x + 5]
                    .iter()
                    .all(|c| *c == ' ' || c.is_ascii_digit())
            {
                return (x as u16, row as u16);
            }
            x += 5;
        }
    }
    panic!("box {b} not on screen:\n{contents}");
}

#[test]
fn revealed_throws_win_a_game_played_by_keys() {
    // Eight full boxes: heaps 3, 2, 1, 1, 0, 0, 0, 0, nim-sum 1: the player to move wins.
    let mut pty = play("dodgeball:11111111", &[]);
    pty.wait_for("Your move");
    pty.wait_taken_over();
    // 8 boxes cannot last 10 turns.
    pty.win_with_revealed_moves("A winning move: piece in box", |_| "\r", 10);
    pty.quit();
}

#[test]
fn a_throw_by_mouse_the_chain_view_and_quit() {
    // Box 1's throws: 2 (empty), 4 (a piece: collides), 8 (empty), 16 (a piece).
    let mut pty = play("dodgeball:1011010011110001", &[]);
    pty.wait_for("Your move");

    // The chain view: heaps as columns; back to the line view.
    pty.send("v");
    pty.wait_for("h=4");
    pty.wait_for("Rows: chains w, 2w, 4w");
    pty.send("v");
    pty.wait_until("the line view", |s| !s.contents().contains("h=4"));

    let (x, y) = box_cell(&pty, 1);
    pty.click(x + 2, y + 1);
    pty.wait_for("Throws of box 1");
    pty.wait_for("to box 4 ✸ collides");
    let (x, y) = box_cell(&pty, 4);
    pty.click(x + 2, y + 1);
    pty.wait_for("You: piece in box 1 → box 4");
    pty.wait_for("(collides: both leave)");
    // The AI's reply may end the game: its review covers the turn panel until Esc.
    pty.wait_until("the AI's reply", |s| {
        s.contents().contains("AI: piece") || s.contents().contains("Game over")
    });
    if pty.screen_text().contains("Game over") {
        pty.send("\x1b");
    }
    pty.wait_for("AI: piece");

    pty.quit();
}

#[test]
fn a_collision_ends_the_game_and_escape_shows_the_board() {
    // Pieces in 2, 3, 4: 2 can only hit 4; then 3 is stuck and the AI has lost.
    let mut pty = play("dodgeball:0111", &[]);
    pty.wait_for("Your move");
    pty.send("\r");
    pty.wait_for("to box 4 ✸ collides");
    pty.send("\r");
    pty.wait_for("You win!");
    pty.send("\x1b");
    pty.wait_for("Game over: you win");
    pty.quit();
}

#[test]
fn million_boxes_scroll_to_the_end() {
    let mut pty = Pty::spawn(
        &[
            "play",
            "dodgeball",
            "--boxes",
            "1000000",
            "--first",
            "you",
            "--seed",
            "1",
        ],
        &[],
    );
    pty.wait_for("1000000 boxes");
    pty.send("\x1b[F");
    pty.wait_for("box 1000000 = 15625·2^6");
    pty.send("v");
    pty.wait_for("h=0");
    pty.send("\x1b[H");
    pty.wait_for("h=19");
    // Wider, the hint bar has room for the view key.
    pty.resize(30, 110);
    pty.wait_for("v view");
    pty.quit();
}

#[test]
fn no_color_marks_targets_without_colours() {
    let mut pty = Pty::spawn(
        &[
            "play",
            "dodgeball",
            "--code",
            "dodgeball:1011010011110001",
            "--first",
            "you",
            "--seed",
            "1",
        ],
        &[("NO_COLOR", "1")],
    );
    pty.wait_for("Your move");
    pty.send("i\r");
    pty.wait_for("Throws of box 1");
    pty.wait_for("Nim-sum (XOR)");
    pty.wait_for("✓to");
    assert!(
        pty.assert_no_colours(),
        "the chosen target is shown in reverse video"
    );
    pty.quit();
}
