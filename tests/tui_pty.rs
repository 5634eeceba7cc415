//! The real `grundy` binary in a pseudo-terminal (portable-pty), its output read into a vt100
//! screen model: keys, mouse clicks, resizes and quitting as a player would, and the terminal
//! left as it was found (no alternate screen, no mouse capture) afterwards.

use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

const TIMEOUT: Duration = Duration::from_secs(10);

fn nonzero(n: u16) -> NonZeroU16 {
    NonZeroU16::new(n).expect("a terminal size is not zero")
}

/// A running `grundy` in an 80×24 pseudo-terminal. Killed on drop, so a failing test never
/// leaves it behind.
struct Pty {
    parser: Arc<Mutex<vt100::Parser>>,
    writer: Box<dyn Write + Send>,
    master: Box<dyn MasterPty + Send>,
    child: Box<dyn Child + Send + Sync>,
}

impl Pty {
    fn spawn(args: &[&str], env: &[(&str, &str)]) -> Pty {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows: 24,
                cols: 80,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("openpty");
        let mut command = CommandBuilder::new(env!("CARGO_BIN_EXE_grundy"));
        command.args(args);
        command.env("TERM", "xterm-256color");
        command.env_remove("NO_COLOR");
        for (k, v) in env {
            command.env(k, v);
        }
        let child = pair.slave.spawn_command(command).expect("spawn grundy");
        // The child holds the slave now; without our copy, reads see EOF when it exits.
        drop(pair.slave);
        let mut reader = pair.master.try_clone_reader().expect("reader");
        let writer = pair.master.take_writer().expect("writer");
        let parser = Arc::new(Mutex::new(vt100::Parser::new(nonzero(24), nonzero(80), 0)));
        let sink = Arc::clone(&parser);
        thread::spawn(move || {
            let mut buf = [0u8; 8192];
            loop {
                match reader.read(&mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => sink.lock().expect("parser").process(&buf[..n]),
                }
            }
        });
        Pty {
            parser,
            writer,
            master: pair.master,
            child,
        }
    }

    fn screen_text(&self) -> String {
        self.parser.lock().expect("parser").screen().contents()
    }

    /// Waits until `predicate` holds for the screen; fails with the screen after the timeout.
    fn wait_until(&self, what: &str, predicate: impl Fn(&vt100::Screen) -> bool) {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            {
                let parser = self.parser.lock().expect("parser");
                if predicate(parser.screen()) {
                    return;
                }
            }
            if Instant::now() > deadline {
                panic!(
                    "timed out waiting for {what}; screen:\n{}",
                    self.screen_text()
                );
            }
            thread::sleep(Duration::from_millis(20));
        }
    }

    fn wait_for(&self, text: &str) {
        self.wait_until(&format!("{text:?}"), |s| s.contents().contains(text));
    }

    fn send(&mut self, bytes: &str) {
        self.writer.write_all(bytes.as_bytes()).expect("write");
        self.writer.flush().expect("flush");
    }

    /// The 0-based (column, row) where `text` first appears.
    fn find(&self, text: &str) -> (u16, u16) {
        self.wait_for(text);
        let contents = self.screen_text();
        for (row, line) in contents.lines().enumerate() {
            if let Some(i) = line.find(text) {
                return (line[..i].chars().count() as u16, row as u16);
            }
        }
        panic!("{text:?} not on screen:\n{contents}");
    }

    /// A left click (press and release, SGR mouse encoding) at a 0-based screen cell.
    fn click(&mut self, column: u16, row: u16) {
        let (x, y) = (column + 1, row + 1);
        self.send(&format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m"));
    }

    fn resize(&self, rows: u16, cols: u16) {
        self.master
            .resize(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("resize");
        self.parser
            .lock()
            .expect("parser")
            .screen_mut()
            .set_size(nonzero(rows), nonzero(cols));
    }

    /// Waits for the child to exit; its exit status.
    fn wait_exit(&mut self) -> portable_pty::ExitStatus {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if let Some(status) = self.child.try_wait().expect("try_wait") {
                // Let the reader thread take in the last bytes (the terminal restore).
                thread::sleep(Duration::from_millis(100));
                return status;
            }
            if Instant::now() > deadline {
                panic!("grundy did not exit; screen:\n{}", self.screen_text());
            }
            thread::sleep(Duration::from_millis(20));
        }
    }

    /// Asserts the terminal was given back: main screen, no mouse reporting.
    fn assert_restored(&self) {
        let parser = self.parser.lock().expect("parser");
        let screen = parser.screen();
        assert!(!screen.alternate_screen(), "still on the alternate screen");
        assert_eq!(
            screen.mouse_protocol_mode(),
            vt100::MouseProtocolMode::None,
            "mouse capture still on"
        );
    }
}

impl Drop for Pty {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

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
    pty.wait_until("alternate screen and mouse capture", |s| {
        s.alternate_screen() && s.mouse_protocol_mode() != vt100::MouseProtocolMode::None
    });

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

    pty.send("q");
    assert!(pty.wait_exit().success());
    pty.assert_restored();
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
    pty.send("q");
    assert!(pty.wait_exit().success());
    pty.assert_restored();
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
fn menu_enter_twice_starts_a_game() {
    let mut pty = Pty::spawn(&[], &[]);
    pty.wait_for("Choose a game");
    pty.send("\r");
    pty.wait_for("[ Start game ]");
    pty.send("\r");
    pty.wait_for("Your move");
    pty.send("q");
    assert!(pty.wait_exit().success());
    pty.assert_restored();
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
    pty.send("q");
    assert!(pty.wait_exit().success());
    pty.assert_restored();
}

#[test]
fn no_color_draws_without_colours() {
    let mut pty = spawn(&play("coins:4:HTTHTTTTHTTTHTHH", &[]), &[("NO_COLOR", "1")]);
    pty.wait_for("Your move");
    pty.send("i\r");
    pty.wait_for("Moves of coin 2");
    pty.wait_for("Nim-sum (XOR)");
    {
        let parser = pty.parser.lock().expect("parser");
        let screen = parser.screen();
        let mut reversed = false;
        for row in 0..24 {
            for col in 0..80 {
                let cell = screen.cell(row, col).expect("cell");
                assert_eq!(cell.fgcolor(), vt100::Color::Default, "({row},{col})");
                assert_eq!(cell.bgcolor(), vt100::Color::Default, "({row},{col})");
                reversed |= cell.inverse();
            }
        }
        assert!(reversed, "the selection is shown in reverse video");
    }
    pty.send("q");
    assert!(pty.wait_exit().success());
    pty.assert_restored();
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
