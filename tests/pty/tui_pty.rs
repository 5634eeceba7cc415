//! The real `grundy` binary in a pseudo-terminal (portable-pty), its output read into a vt100
//! screen model: keys, mouse clicks, resizes and quitting as a player would, and the terminal
//! left as it was found (no alternate screen, no mouse capture) afterwards.

use crate::common;
use common::pty::Pty;

const ARGS: &[&str] = &["--seed", "1", "--first", "you"];

fn play(code: &str, extra: &[&str]) -> Vec<String> {
    let mut args = vec!["play", "coins", "--code", code];
    args.extend_from_slice(ARGS);
    args.extend_from_slice(extra);
    args.into_iter().map(String::from).collect()
}

fn spawn(args: &[String], env: &[(&str, &str)]) -> Pty {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    Pty::spawn(&args, env)
}

#[test]
fn keys_hints_mouse_undo_and_quit() {
    let mut pty = spawn(&play("coins:4:HTTHTTTTHTTTHTHH", &[]), &[]);
    pty.wait_for("Your move");
    pty.wait_taken_over();

    // Hints on: values and the nim-sum panel.
    pty.send("i");
    pty.wait_for("Nim-sum (XOR)");
    pty.wait_for("≠ 0: you (to move) win");

    // A move by keyboard: the cursor starts on coin 2; Enter lists its move, Enter plays it.
    pty.send("\r");
    pty.wait_for("Moves of coin 2");
    pty.send("\r");
    pty.wait_for("You: coin 2");
    pty.wait_for("AI: coin");
    pty.wait_for("Your move");

    // Undo takes back both moves.
    pty.send("u");
    pty.wait_for("Took back your move and the AI's reply.");
    pty.wait_until("no move in the turn panel", |s| {
        !s.contents().contains("AI: coin")
    });

    // A move by mouse: click coin 12's face, then its first move twice.
    let (x, y) = pty.find(" 12 ");
    pty.click(x + 1, y + 1);
    pty.wait_for("Moves of coin 12");
    let (x, y) = pty.find("÷2: flip 12 6 →");
    pty.click(x, y);
    pty.wait_for("Click the move again");
    pty.click(x, y);
    pty.wait_for("You: coin 12");
    pty.wait_for("AI: coin");

    pty.quit();
}

#[test]
fn short_game_to_the_end_then_a_new_game_from_the_menu() {
    // Coin 2 is the only T; its one move leaves nothing the AI can choose.
    let mut pty = spawn(&play("coins:1:HT", &[]), &[]);
    pty.wait_for("Your move");
    pty.send("\r");
    pty.wait_for("Moves of coin 2");
    pty.send("\r");
    pty.wait_for("You win!");
    // Enter on the game-over popup: the menu for a new game; Enter again starts it.
    pty.send("\r");
    pty.wait_for("[ Start game ]");
    pty.send("\r");
    pty.wait_for("Your move");
    pty.send("?");
    pty.wait_for("Help: Coin row");
    pty.send("\x1b");
    pty.wait_until("help closed", |s| !s.contents().contains("Help: Coin row"));
    pty.quit();
}

#[test]
fn ai_first_and_ctrl_c_restores_the_terminal() {
    let mut args = play("coins:4:HTTHTTTTHTTTHTHH", &[]);
    let i = args.iter().position(|a| a == "you").expect("--first you");
    args[i] = "ai".to_string();
    let mut pty = spawn(&args, &[]);
    pty.wait_for("AI: coin");
    pty.wait_for("Your move");
    pty.send("\x03");
    assert!(pty.wait_exit().success());
    pty.assert_restored();
}

#[test]
fn a_panic_gives_the_terminal_back_and_then_reports() {
    let args = play("coins:4:HTTHTTTTHTTTHTHH", &[]);
    let mut pty = spawn(
        &args,
        &[("GRUNDY_TEST_PANIC", "1"), ("RUST_BACKTRACE", "0")],
    );
    pty.wait_for("Your move");
    crash_with_f12(&mut pty);
}

/// F12 panics the game (GRUNDY_TEST_PANIC): it exits with failure, gives the terminal back,
/// and then prints the panic's message, on the main screen.
fn crash_with_f12(pty: &mut Pty) {
    pty.send("\x1b[24~"); // F12
    let status = pty.wait_exit();
    assert!(!status.success(), "a panic exits with failure");
    pty.assert_restored();
    pty.wait_for("F12 pressed with GRUNDY_TEST_PANIC set");
}

/// A crash mid-game keeps the unfinished game for Resume, as quitting does.
#[test]
fn a_panic_keeps_the_unfinished_game() {
    let home = common::pty::Home::new();
    let args = play("coins:4:HTTHTTTTHTTTHTHH", &[]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut pty = Pty::spawn_in(
        &home,
        &args,
        &[("GRUNDY_TEST_PANIC", "1"), ("RUST_BACKTRACE", "0")],
    );
    pty.wait_for("Your move");
    pty.wait_taken_over();
    // One move each: the revealed winning move, then the AI's reply.
    pty.send("www");
    pty.wait_for("A winning move:");
    pty.send("\r");
    pty.wait_until("the AI's reply", |s| s.contents().contains("AI: "));
    pty.wait_for("Your move");
    crash_with_f12(&mut pty);
    pty.wait_for("the unfinished game is saved in");
    let unfinished = home.grundy_data().join("unfinished");
    let autosave = std::fs::read_dir(&unfinished)
        .expect("the unfinished games' directory")
        .filter_map(Result::ok)
        .any(|e| e.file_name().to_string_lossy().ends_with(".grundy"));
    assert!(autosave, "no autosave in {}", unfinished.display());
}

#[test]
fn menu_enter_twice_starts_a_game() {
    let mut pty = Pty::spawn(&[], &[]);
    pty.wait_for("Choose a game");
    pty.send("\r");
    pty.wait_for("[ Start game ]");
    pty.send("\r");
    pty.wait_for("Your move");
    pty.quit();
}

#[test]
fn resize_to_too_small_and_back() {
    let mut pty = spawn(&play("coins:4:HTTHTTTTHTTTHTHH", &[]), &[]);
    pty.wait_for("Your move");
    pty.resize(12, 50);
    pty.wait_for("Terminal too small");
    pty.wait_for("It is 50×12.");
    pty.resize(24, 80);
    pty.wait_for("Your move");
    pty.quit();
}

#[test]
fn no_color_draws_without_colours() {
    let mut pty = spawn(&play("coins:4:HTTHTTTTHTTTHTHH", &[]), &[("NO_COLOR", "1")]);
    pty.wait_for("Your move");
    pty.send("i\r");
    pty.wait_for("Moves of coin 2");
    pty.wait_for("Nim-sum (XOR)");
    assert!(
        pty.assert_no_colours(),
        "the selection is shown in reverse video"
    );
    pty.quit();
}

#[test]
fn bad_code_is_reported_without_taking_over_the_terminal() {
    let mut pty = spawn(&play("coins:4:HTX", &[]), &[]);
    let status = pty.wait_exit();
    assert!(!status.success());
    let text = pty.screen_text();
    assert!(text.contains("coins:4:HTX"), "{text}");
    pty.assert_restored();
}
