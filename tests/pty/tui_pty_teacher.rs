//! The teacher in a real terminal: a blunder on purpose, the coach's line after the AI's reply,
//! the game played out to the review, and "retry from your mistake" back to the position
//! before the blunder, where the winning move is found with the graded hint.

use crate::common;
use common::pty::Pty;

#[test]
fn blunder_coach_review_and_retry_from_the_mistake() {
    let mut pty = Pty::spawn(
        &[
            "play",
            "--code",
            "coins:4:HTTHTTTTHTTTHTHH",
            "--seed",
            "1",
            "--first",
            "you",
            // With hints off the coach waits for the game's end (issue 19).
            "--hints",
        ],
        &[],
    );
    pty.wait_for("Your move");
    pty.wait_taken_over();

    // Coin 2 (under the cursor): its only move leaves nim-sum *6, a blunder from *7.
    pty.send("\r");
    pty.wait_for("Moves of coin 2");
    pty.send("\r");
    pty.wait_for("?? Your move left nim-sum *6: the AI now wins.");
    pty.wait_for("would have kept the win");

    // Play on to the end: the first move of the next T coin, each turn.
    for _ in 0..20 {
        if pty.screen_text().contains("Game over") {
            break;
        }
        let now = pty.move_number();
        pty.send("\t\r\r");
        let next = format!("· move {} ", now + 2);
        pty.wait_until("the AI's reply or the end", |s| {
            let text = s.contents();
            text.contains("Game over") || (text.contains(&next) && text.contains("Your move"))
        });
    }
    pty.wait_for("The AI wins.");
    pty.wait_for("you 1 (move 1)");
    pty.wait_for("t retry from your mistake (move 1)");

    // Retry: back before move 1, where coin 8 wins.
    pty.send("t");
    pty.wait_for("Back before move 1");
    assert_eq!(pty.move_number(), 1);
    pty.send("www");
    pty.wait_for("A winning move: coin 8");
    pty.send("\r");
    pty.wait_for("You: coin 8");
    pty.wait_for("Your move");
    assert!(!pty.screen_text().contains("Your move left"));
    pty.quit();
}
