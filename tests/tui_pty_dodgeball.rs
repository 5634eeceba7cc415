//! The real `grundy` binary playing Binary Dodgeball in a pseudo-terminal (portable-pty), its
//! output read into a vt100 screen model: a game played to the end by keys, a throw made by
//! mouse, the chain view, NO_COLOR, and the terminal given back (no alternate screen, no mouse
//! capture) after quitting. The harness is the one of tests/tui_pty.rs.

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
        let bin = std::env::var("GRUNDY_PTY_BIN")
            .unwrap_or_else(|_| env!("CARGO_BIN_EXE_grundy").to_string());
        let mut command = CommandBuilder::new(bin);
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
    pty.wait_until("alternate screen and mouse capture", |s| {
        s.alternate_screen() && s.mouse_protocol_mode() != vt100::MouseProtocolMode::None
    });
    for _ in 0..10 {
        // The title counts moves: after our throw and the AI's reply it is two further on.
        let text = pty.screen_text();
        let now: usize = text
            .split("· move ")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no move number in the title:\n{text}"));
        pty.send("w");
        pty.wait_for("A winning move: piece in box");
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
    assert!(
        pty.screen_text().contains("You win!"),
        "8 boxes cannot last this long:\n{}",
        pty.screen_text()
    );
    pty.send("q");
    assert!(pty.wait_exit().success());
    pty.assert_restored();
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
    pty.wait_for("AI: piece");

    pty.send("q");
    assert!(pty.wait_exit().success());
    pty.assert_restored();
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
    pty.send("q");
    assert!(pty.wait_exit().success());
    pty.assert_restored();
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
    pty.send("q");
    assert!(pty.wait_exit().success());
    pty.assert_restored();
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
        assert!(reversed, "the chosen target is shown in reverse video");
    }
    pty.send("q");
    assert!(pty.wait_exit().success());
    pty.assert_restored();
}
