//! The real binary in a pseudo-terminal under hostile conditions: a paste far longer than one
//! read, the terminal closing while SIGHUP is ignored (nohup), and the signals that end a
//! program (TERM, HUP, INT, QUIT). Each must end or go on cleanly: the terminal given back
//! (cooked mode, main screen, no mouse capture) and the conventional exit code.

use crate::common;
use std::process::Command;

use common::pty::{Pty, grundy_bin, open_pty, read_until, wait_exit_after_close};
use portable_pty::CommandBuilder;

fn play_coins(code: &str) -> Pty {
    Pty::spawn(
        &[
            "play", "coins", "--code", code, "--seed", "1", "--first", "you",
        ],
        &[],
    )
}

/// The terminal's local modes as `stty` would list them (ECHO, ICANON, ISIG, …).
fn local_modes(pty: &Pty) -> Vec<String> {
    let termios = pty.master.get_termios().expect("termios of the pty");
    format!("{:?}", termios.local_flags)
        .split(|c: char| !c.is_ascii_alphanumeric())
        .map(str::to_string)
        .collect()
}

fn assert_cooked(pty: &Pty) {
    let modes = local_modes(pty);
    for mode in ["ECHO", "ICANON", "ISIG"] {
        assert!(
            modes.iter().any(|m| m == mode),
            "{mode} is off after grundy ended: {modes:?}"
        );
    }
}

#[test]
fn a_paste_of_3000_keys_and_q_in_one_write_is_all_read() {
    let mut pty = play_coins("coins:4:HTTHTTTTHTTTHTHH");
    pty.wait_for("Your move");
    pty.wait_taken_over();
    // 9001 bytes in one write: far past crossterm's 1024-byte read, which left the rest
    // unread until another key came.
    let burst = format!("{}q", "\x1b[C".repeat(3000));
    pty.send(&burst);
    let status = pty.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    pty.assert_restored();
    assert_cooked(&pty);
}

#[test]
fn keys_split_inside_escape_sequences_still_work() {
    let mut pty = play_coins("coins:4:HTTHTTTTHTTTHTHH");
    pty.wait_for("Your move");
    pty.wait_taken_over();
    // `?` opens the help; an Esc cut from its sequence's end must not be read as Esc + keys.
    pty.send("?");
    pty.wait_for("Help: Coin row");
    pty.send("\x1b[");
    std::thread::sleep(std::time::Duration::from_millis(5));
    pty.send("B");
    std::thread::sleep(std::time::Duration::from_millis(200));
    assert!(pty.screen_text().contains("Help: Coin row"), "help closed");
    pty.send("\x1b");
    pty.wait_until("help closed by Esc", |s| {
        !s.contents().contains("Help: Coin row")
    });
    pty.quit();
    assert_cooked(&pty);
}

/// Sends `signal` to the running game and checks the exit code and the terminal.
fn ends_on(signal: &str, code: u32, in_menu: bool) {
    let mut pty = if in_menu {
        Pty::spawn(&["play"], &[])
    } else {
        play_coins("coins:4:HTTHTTTTHTTTHTHH")
    };
    pty.wait_for(if in_menu {
        "Binary Dodgeball"
    } else {
        "Your move"
    });
    pty.wait_taken_over();
    assert!(
        !local_modes(&pty).iter().any(|m| m == "ICANON"),
        "the game runs in raw mode"
    );
    let pid = pty.child.process_id().expect("pid").to_string();
    let killed = Command::new("kill")
        .args([&format!("-{signal}"), &pid])
        .status()
        .expect("run kill");
    assert!(killed.success());
    let status = pty.wait_exit();
    assert_eq!(status.exit_code(), code, "{signal}: {status:?}");
    pty.assert_restored();
    assert_cooked(&pty);
}

#[test]
fn sigterm_restores_the_terminal_and_exits_143() {
    ends_on("TERM", 143, false);
}

#[test]
fn sighup_restores_the_terminal_and_exits_129() {
    ends_on("HUP", 129, true);
}

#[test]
fn sigint_restores_the_terminal_and_exits_130() {
    ends_on("INT", 130, false);
}

#[test]
fn sigquit_restores_the_terminal_and_exits_131() {
    ends_on("QUIT", 131, true);
}

/// Under nohup (SIGHUP ignored), closing the terminal used to leave grundy spinning at full
/// CPU on `read() = 0`. Now the end of input ends the game: the process exits.
#[test]
fn a_closed_terminal_with_sighup_ignored_ends_the_game() {
    let pair = open_pty();
    let bin = grundy_bin();
    let mut command = CommandBuilder::new("sh");
    // `trap '' HUP` then exec: the game starts with SIGHUP ignored, as under nohup.
    command.args([
        "-c",
        "trap '' HUP; exec \"$0\" \"$@\"",
        &bin,
        "play",
        "coins",
        "--code",
        "coins:4:HTTHTTTTHTTTHTHH",
    ]);
    command.env("TERM", "xterm-256color");
    let mut child = pair.slave.spawn_command(command).expect("spawn");
    drop(pair.slave);
    let mut reader = pair.master.try_clone_reader().expect("reader");
    let writer = pair.master.take_writer().expect("writer");
    // Read until the game is on screen, then close every handle of the terminal's master side.
    read_until(&mut reader, "Your move");
    drop(reader);
    drop(writer);
    drop(pair.master);
    let status = wait_exit_after_close(child.as_mut());
    assert!(!status.success(), "a closed terminal is not a normal quit");
    assert_eq!(status.signal(), None, "ended by a signal: {status:?}");
}
