//! `grundy learn 1` in a pseudo-terminal, by keys as a learner would: the pages, the
//! exercises (one answered wrong first, its reason read, then right), the final game won
//! against the AI by the remainder rule, back on the Learn screen with the lesson done, and the
//! progress file written.

use crate::common;
use common::pty::{Home, Pty};

/// The heap of the one-heap game on the board (`▶ heap 1   ●●●● 7`).
fn heap(pty: &Pty) -> u64 {
    let text = pty.screen_text();
    let line = text
        .lines()
        .find(|l| l.contains("heap 1 "))
        .unwrap_or_else(|| panic!("no heap on screen:\n{text}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words
        .windows(2)
        .position(|w| w == ["heap", "1"])
        .expect("heap 1");
    words[at + 2..]
        .iter()
        .find_map(|w| w.parse().ok())
        .unwrap_or_else(|| panic!("no heap size in {line:?}"))
}

#[test]
fn a_lesson_completed_by_keys() {
    let home = Home::new();
    let mut pty = Pty::spawn_in(&home, &["learn", "1"], &[]);
    pty.wait_for("page 1 of 3");
    pty.wait_taken_over();
    pty.send("\r");
    pty.wait_for("page 2 of 3");
    pty.send("\r\r");
    pty.wait_for("exercise 1 of 5");
    pty.wait_for("Position: bash:3:2");
    // A heap of 2 is won: "lost" is wrong. The first time a nudge comes, which names no
    // move; the second time the reason names the winning move.
    pty.send("n");
    pty.wait_for("Not yet");
    pty.wait_for("Does one of them reach a lost position");
    assert!(!pty.screen_text().contains("take 2 (2 → 0)"));
    pty.send("n");
    pty.wait_for("Not right");
    pty.wait_for("take 2 (2 → 0)");
    pty.send("y");
    pty.wait_for("Right.");
    pty.send("\r");
    pty.wait_for("Position: bash:3:4");
    for (answer, next) in [
        ("n", "bash:3:7"),
        ("y", "bash:3:8"),
        ("n", "exercise 5 of 5"),
    ] {
        pty.send(answer);
        pty.wait_for("Right.");
        pty.send("\r");
        pty.wait_for(next);
    }
    // From 6 the winning move takes 2 (the second in the list) and leaves 4.
    pty.send("\x1b[B\r");
    pty.wait_for("Right.");
    pty.send("\r");
    pty.wait_for("Now play it");
    pty.send("\r");
    pty.wait_for("Your move");
    // The game: always leave a multiple of 4.
    for _ in 0..6 {
        let n = heap(&pty);
        let take = n % 4;
        assert!(take > 0, "the learner's position is won: {n}");
        let now = pty.move_number();
        // Enter lists the heap's moves (take 1, 2, 3); the take-th is the winning one.
        pty.send("\r");
        pty.wait_for("take 1 →");
        for _ in 1..take {
            pty.send("\x1b[B");
        }
        pty.send("\r");
        let next = format!("· move {} ", now + 2);
        pty.wait_until("the AI's reply or the end", |s| {
            let text = s.contents();
            text.contains("You win!") || (text.contains(&next) && text.contains("Your move"))
        });
        if pty.screen_text().contains("You win!") {
            break;
        }
    }
    pty.wait_for("You win!");
    // Enter leaves the finished game: back to the lessons, this one done.
    pty.send("\r");
    pty.wait_for(&format!(
        "1 of {} lessons done",
        grundy::learn::LESSONS.len()
    ));
    pty.wait_for("this lesson is done");
    pty.quit();
    let progress =
        std::fs::read_to_string(home.grundy_data().join("learn.toml")).expect("the progress file");
    assert!(progress.contains("\"positions\""), "{progress}");
}
