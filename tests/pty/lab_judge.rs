//! The Lab's Judge page in a pseudo-terminal, by keys from the menu: the path of a wrong
//! student program typed (a Nim wrong only when a heap is 0), the judge run on the worker
//! thread while the screen keeps drawing, WA with the input shrunk to one case of one empty
//! heap, the case opened on the board, and back to the Lab's report.

use crate::common;
use common::pty::{Home, Pty};
use common::students::program;

#[test]
fn a_wrong_program_is_judged_in_the_lab_and_its_case_played() {
    let Some(wrong) = program("nim_zero") else {
        return;
    };
    let home = Home::new();
    // The app's seed is the judge's: the same tests each run (30 of them find the case).
    let mut pty = Pty::spawn_in(&home, &["play", "--seed", "1"], &[]);
    pty.wait_for("Choose a game");
    pty.wait_taken_over();
    pty.send("t");
    pty.wait_for("period 34 from n = 52");
    // ← ← : past the rules files to the Judge page.
    pty.send("\x1b[D");
    pty.wait_for("Your own file:");
    pty.send("\x1b[D");
    pty.wait_for("Check a program of your own");
    pty.send("\r");
    pty.wait_for("Enter done");
    pty.send(&wrong);
    pty.send("\r");
    // 30 random tests, then the Check row (↑ from the first row) and Enter.
    pty.send("<<");
    pty.wait_for("30 random tests");
    pty.send("\x1b[A");
    pty.wait_for("Enter to run the judge");
    pty.send("\r");
    pty.wait_for("play this case on the board");
    let screen = pty.screen_text();
    assert!(screen.contains("WA (wrong answer) on test"), "{screen}");
    let input: Vec<&str> = screen
        .lines()
        .skip_while(|l| !l.contains("input:"))
        .skip(1)
        .take_while(|l| !l.contains("expected"))
        .map(|l| l.trim_matches(|c| c == '│' || c == ' '))
        .collect();
    assert_eq!(input, ["1", "1", "0"], "{screen}");
    assert!(screen.contains("No") && screen.contains("Yes"), "{screen}");
    // The case on the board: Nim, one heap of 0, lost for the player to move.
    pty.send("p");
    pty.wait_for("The AI wins");
    pty.send("\x1b");
    pty.wait_for("heap 1");
    pty.send("n");
    pty.wait_for("WA (wrong answer) on test");
    pty.quit();
    pty.assert_restored();
}
