//! The real binary in a pseudo-terminal, run twice in the same temporary home: a game left
//! mid-way (q, then y; or Ctrl-C) is resumed from the next run's menu at the same move, and
//! the settings changed in the menu are the next run's.

use crate::common;
use common::pty::{Home, Pty};

const GAME: &[&str] = common::pty::PLAY_SAMPLE_COINS;

/// Plays our move (the first move of the next T coin, Tab) and waits for the AI's reply.
fn play_a_turn(pty: &mut Pty) {
    let next = format!("· move {} ", pty.move_number() + 2);
    pty.send("\t\r");
    pty.wait_for("Moves of coin");
    pty.send("\r");
    pty.wait_until("the AI's reply", |s| {
        let text = s.contents();
        text.contains(&next) && text.contains("Your move")
    });
}

#[test]
fn quit_mid_game_then_resume_it_from_the_menu() {
    let home = Home::new();
    let mut pty = Pty::spawn_in(&home, GAME, &[]);
    pty.wait_for("Your move");
    pty.wait_taken_over();
    play_a_turn(&mut pty);
    let board = pty.screen_text();
    let turn_line = board
        .lines()
        .find(|l| l.contains("AI: coin"))
        .expect("the AI's move in the turn panel")
        .to_string();
    // q asks first, and says the game is kept.
    pty.send("q");
    pty.wait_for("Quitting saves this game");
    pty.send("y");
    assert!(pty.wait_exit().success());
    pty.assert_restored();
    pty.wait_for("the unfinished game is saved in");
    let unfinished = std::fs::read_dir(home.grundy_data().join("unfinished"))
        .expect("the unfinished games' directory")
        .count();
    assert_eq!(unfinished, 1);

    // The next run opens on the menu with the game to resume, focused.
    let mut pty = Pty::spawn_in(&home, &[], &[]);
    pty.wait_for("▶ Resume: Coin row · 16 coins, MAXQ 4 · move 3");
    pty.wait_for("left unfinished after 2 moves");
    pty.send("\r");
    pty.wait_for("Your move");
    assert_eq!(pty.move_number(), 3);
    let resumed = pty.screen_text();
    let ai_move = turn_line
        .split("AI: ")
        .nth(1)
        .unwrap()
        .trim_end_matches('│')
        .trim();
    assert!(resumed.contains(ai_move), "{ai_move:?} not in:\n{resumed}");
    // Play on, then Ctrl-C: saved again without a question.
    play_a_turn(&mut pty);
    pty.send("\x03");
    assert!(pty.wait_exit().success());
    pty.assert_restored();
    let mut pty = Pty::spawn_in(&home, &[], &[]);
    pty.wait_for("▶ Resume: Coin row · 16 coins, MAXQ 4 · move 5");
    pty.quit();
}

#[test]
fn settings_changed_in_the_menu_are_the_next_runs() {
    let home = Home::new();
    let mut pty = Pty::spawn_in(&home, &[], &[]);
    pty.wait_for("Choose a game");
    // Dodgeball, level down from perfect to hard, then start.
    pty.send("\x1b[B\x1b[B\r");
    pty.wait_for("Boxes");
    pty.send("\x1b[A\x1b[A\x1b[A\x1b[D");
    pty.wait_for("◀ hard ▶");
    pty.send("\x1b[B\x1b[B\x1b[B\r");
    pty.wait_for("AI hard");
    pty.quit();
    let settings = std::fs::read_to_string(home.settings()).expect("settings written");
    assert!(settings.contains("game = \"dodgeball\""), "{settings}");
    assert!(settings.contains("level = \"hard\""), "{settings}");

    let mut pty = Pty::spawn_in(&home, &[], &[]);
    pty.wait_for("▶ Binary Dodgeball");
    pty.send("\r");
    pty.wait_for("AI level      hard");
    // A flag overrides for one run and is not written.
    pty.quit();
    let mut pty = Pty::spawn_in(&home, &["play", "dodgeball", "--level", "easy"], &[]);
    pty.wait_for("AI easy");
    pty.quit();
    let again = std::fs::read_to_string(home.settings()).unwrap();
    assert_eq!(again, settings);
}
