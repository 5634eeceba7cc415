//! The review queue end to end: a game of Nim played in a pseudo-terminal with a blunder in it
//! (from 3,5, won by taking 2 from heap 2, the player takes 1 from heap 1), lost to the end;
//! then `grundy drill --review --list` on the same data directory lists the position before
//! the blunder, due now, from a game. Then Practice → Review asks it again, without telling
//! (hints off) that the position is won, and the right answer counts under its theme in
//! `grundy stats`.

use std::process::Command;

use crate::common;
use common::pty::{Home, Pty, grundy_bin};

const DOWN: &str = "\x1b[B";

fn list(home: &Home) -> String {
    let out = Command::new(grundy_bin())
        .args(["--lang", "en", "drill", "--review", "--list"])
        .env("XDG_CONFIG_HOME", home.config())
        .env("XDG_DATA_HOME", home.data())
        .output()
        .expect("grundy runs");
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn a_blunder_in_a_game_is_listed_for_review_and_asked_again() {
    let home = Home::new();
    assert_eq!(list(&home), "", "nothing to review before any game");
    let mut pty = Pty::spawn_in(
        &home,
        &[
            "--lang", "en", "play", "heaps", "--code", "nim:3,5", "--first", "you",
        ],
        &[],
    );
    pty.wait_for("Your move");
    // Heap 1's moves, the first of them: take 1, leaving 2,5 (nim-sum 7: won for the AI).
    pty.send("\r");
    pty.wait_for("Moves of heap 1");
    pty.send("\r");
    // The AI answers 2,2; the player takes heap 1 and the AI the last heap.
    pty.wait_for("· move 3 ");
    pty.send("\r");
    pty.wait_for("Moves of heap 1");
    pty.send(DOWN);
    pty.send("\r");
    pty.wait_for("The AI wins.");
    pty.wait_for("Blunders");
    pty.quit();

    let listed = list(&home);
    let lines: Vec<&str> = listed.lines().collect();
    assert_eq!(lines.len(), 1, "{listed}");
    let fields: Vec<&str> = lines[0].split('\t').collect();
    assert_eq!(fields.len(), 3, "{listed}");
    assert_eq!(fields[0], "nim:3,5", "the position before the blunder");
    assert_eq!(fields[2], "game");
    // ISO 8601 in UTC to the second: 2026-11-26T20:45:46Z.
    let due = fields[1].as_bytes();
    assert_eq!(due.len(), 20, "{listed}");
    assert!(
        due[4] == b'-' && due[10] == b'T' && due[19] == b'Z',
        "{listed}"
    );

    // Practice → Review (the row under Start), with the count due.
    let mut pty = Pty::spawn_in(&home, &["--lang", "en", "drill"], &[]);
    pty.wait_for("Review: 1 due");
    pty.send(DOWN);
    pty.send("\r");
    pty.wait_for("code: nim:3,5");
    let asked = pty.screen_text();
    assert!(asked.contains("Your move: choose one."), "{asked}");
    assert!(
        !asked.contains("winning"),
        "hints off: who wins is not told\n{asked}"
    );
    // Heap 2: take 2 keeps the win (3 XOR 3 = 0): the list is heap 1's three moves, then
    // heap 2's.
    pty.send(&DOWN.repeat(4));
    pty.send("\r");
    pty.wait_for("Right!");
    pty.wait_for("you played heap 1: take 1");
    pty.quit();
    assert_eq!(list(&home), "", "a right answer pushes the item out");

    // The answer counts under its theme in `grundy stats`, as a drill's would.
    let out = Command::new(grundy_bin())
        .args(["--lang", "en", "stats"])
        .env("XDG_CONFIG_HOME", home.config())
        .env("XDG_DATA_HOME", home.data())
        .output()
        .expect("grundy runs");
    assert!(out.status.success(), "{out:?}");
    let stats = String::from_utf8(out.stdout).expect("UTF-8");
    let row = stats
        .lines()
        .skip_while(|l| !l.starts_with("Answers per theme:"))
        .find(|l| l.starts_with("Nim") && l.contains("the winning move by the nim-sum"))
        .unwrap_or_else(|| panic!("no theme row for the review answer in:\n{stats}"));
    let cells: Vec<&str> = row.split_whitespace().rev().take(3).collect();
    assert_eq!(cells, ["100%", "1", "1"], "share, right, answered: {row}");
}

/// A blunder taken back with `t` (the game then left unfinished) is still a mistake worth
/// reviewing: `--list` shows the position before it, once, though it was played and taken
/// back twice.
#[test]
fn a_blunder_taken_back_is_listed_for_review() {
    let home = Home::new();
    let mut pty = Pty::spawn_in(
        &home,
        &[
            "--lang", "en", "play", "heaps", "--code", "nim:3,5", "--first", "you",
        ],
        &[],
    );
    for _ in 0..2 {
        pty.wait_for("Your move");
        // Heap 1: take 1, leaving 2,5 (won for the AI), which answers.
        pty.send("\r");
        pty.wait_for("Moves of heap 1");
        pty.send("\r");
        pty.wait_for("· move 3 ");
        take_back(&mut pty);
    }
    pty.quit();
    let listed = list(&home);
    let lines: Vec<&str> = listed.lines().collect();
    assert_eq!(lines.len(), 1, "{listed}");
    let fields: Vec<&str> = lines[0].split('\t').collect();
    assert_eq!(fields[0], "nim:3,5", "the position before the blunder");
    assert_eq!(fields[2], "game");
}

/// Presses `t` until the game is back before the blunder (the moves may still be judged).
fn take_back(pty: &mut Pty) {
    let deadline = std::time::Instant::now() + common::pty::TIMEOUT;
    // Pressed once whatever the screen says (it may still say so from the last time).
    pty.send("t");
    std::thread::sleep(std::time::Duration::from_millis(200));
    while !pty.screen_text().contains("Back before move 1") {
        assert!(
            std::time::Instant::now() < deadline,
            "t did not take the blunder back; screen:\n{}",
            pty.screen_text()
        );
        pty.send("t");
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
}
