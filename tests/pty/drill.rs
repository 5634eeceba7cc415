//! `grundy drill nim` in a pseudo-terminal: Practice opens, one drill is answered right and
//! one wrong by keys (the answers worked out here from the rules of Nim), and both attempts
//! are in the data directory's drills.toml when the game is quit.

use crate::common;
use common::pty::{Home, Pty};

use grundy::game::{Impartial, Position};
use grundy::games::{AnyPosition, with_position};
use grundy::store::drills::Drills;

const DOWN: &str = "\x1b[B";

/// The heaps of the position on screen (its `code: nim:…` line).
fn heaps(screen: &str) -> Vec<u64> {
    let line = screen
        .lines()
        .find_map(|l| l.split("code: nim:").nth(1))
        .unwrap_or_else(|| panic!("no code on screen:\n{screen}"));
    line.trim()
        .trim_end_matches('│')
        .trim()
        .split(',')
        .map(|h| h.parse().unwrap())
        .collect()
}

/// Answers the drill on screen: rightly or not. In Nim a heap's value is its size and the
/// player to move wins exactly when the XOR of the sizes is not 0.
fn answer(pty: &mut Pty, right: bool) {
    pty.wait_until("a drill", |s| s.contents().contains("code: nim:"));
    let screen = pty.screen_text();
    let sizes = heaps(&screen);
    let nim_sum = sizes.iter().fold(0, |a, b| a ^ b);
    if screen.contains("Find a winning move") {
        let code = format!(
            "nim:{}",
            sizes
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(",")
        );
        let position = AnyPosition::from_code(&code).unwrap();
        // The list is the legal moves in order; a move wins when it leaves XOR 0.
        let wins: Vec<bool> = with_position!(&position, p => p
            .legal_moves()
            .iter()
            .map(|mv| p.play_unchecked(mv).nim_sum().is_zero())
            .collect());
        let i = wins.iter().position(|&w| w == right).unwrap();
        // Home first: after a nudge the cursor is still on the move answered.
        pty.send("\x1b[H");
        pty.send(&DOWN.repeat(i));
        pty.send("\r");
    } else if screen.contains("won or lost") {
        let won = nim_sum != 0;
        pty.send(if won == right { "w" } else { "x" });
    } else {
        let heap: usize = screen
            .split("What is the value of heap ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .unwrap_or_else(|| panic!("no question:\n{screen}"))
            .parse()
            .unwrap();
        let size = sizes[heap - 1];
        let given = if right { size } else { size + 1 };
        pty.send(&format!("{given}\r"));
    }
}

#[test]
fn drill_nim_answered_right_then_wrong_is_rated_and_saved() {
    let home = Home::new();
    let mut pty = Pty::spawn_in(&home, &["--lang", "en", "drill", "nim"], &[]);
    pty.wait_for("Practice");
    pty.wait_taken_over();
    pty.wait_for("◂ Nim ▸");
    pty.send("\r");
    answer(&mut pty, true);
    pty.wait_for("Right!");
    pty.wait_for("1 of 1 solved");
    pty.send("\r");
    answer(&mut pty, false);
    // The first wrong answer gets a nudge, and the drill is asked again: no verdict yet.
    pty.wait_for("Not yet");
    let nudged = pty.screen_text();
    assert!(
        !nudged.contains("Not right") && !nudged.contains("Not a winning move"),
        "{nudged}"
    );
    assert!(!nudged.contains("The winning move"), "{nudged}");
    answer(&mut pty, false);
    pty.wait_until("the verdict on a wrong answer", |s| {
        s.contents().contains("Not right") || s.contents().contains("Not a winning move")
    });
    pty.wait_for("1 of 2 solved");
    pty.send("q");
    assert!(pty.wait_exit().success());
    pty.assert_restored();
    let drills = Drills::load(&home.grundy_data().join("drills.toml"));
    assert_eq!(drills.problem, None);
    let attempts = &drills.drills.attempts;
    assert_eq!(attempts.len(), 2);
    assert!(attempts[0].right && !attempts[1].right);
    assert!(attempts.iter().all(|a| a.game == "nim"));
    assert_eq!(drills.drills.rated("nim").tried, 2);
}

/// `grundy puzzles nim --play`: two puzzles of the sheet answered by keys (the winning move
/// worked out here from the rules of Nim), then the score.
#[test]
fn a_played_puzzle_sheet_is_scored() {
    let home = Home::new();
    let mut pty = Pty::spawn_in(
        &home,
        &[
            "--lang", "en", "puzzles", "nim", "--count", "2", "--seed", "5", "--play",
        ],
        &[],
    );
    pty.wait_for("Puzzle sheet");
    pty.wait_taken_over();
    for n in 1..=2 {
        pty.wait_for(&format!("puzzle {n} of 2"));
        // Nothing says which move wins before the move.
        let before = pty.screen_text();
        assert!(
            !before.contains("Right!") && !before.contains("*0"),
            "{before}"
        );
        answer(&mut pty, true);
        pty.wait_for("Right!");
        pty.send("\r");
    }
    pty.wait_for("The sheet is done: 2 of 2 puzzles solved.");
    pty.send("q");
    assert!(pty.wait_exit().success());
    pty.assert_restored();
}
