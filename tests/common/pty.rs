//! The real `grundy` binary in a pseudo-terminal (portable-pty), its output read into a vt100
//! screen model: keys, SGR mouse clicks and resizes as a player would send them, and checks
//! that the terminal is given back as it was found (no alternate screen, no mouse capture).
//!
//! Nothing here asserts on durations: waits poll the screen until the expected text appears
//! and fail, with the screen, only after a generous [`TIMEOUT`].
//!
//! Every run gets its own config and data directories (`XDG_CONFIG_HOME`, `XDG_DATA_HOME` in
//! a temporary [`Home`]), so no test reads or writes the player's settings, saves or
//! statistics, or sees another test's; [`Pty::spawn_in`] runs the game again in the same one
//! (to resume what an earlier run saved).

use std::io::{Read, Write};
use std::num::NonZeroU16;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use portable_pty::{
    Child, CommandBuilder, ExitStatus, MasterPty, PtyPair, PtySize, native_pty_system,
};

/// How long a wait may take before the test fails with the screen.
pub const TIMEOUT: Duration = Duration::from_secs(10);

pub fn nonzero(n: u16) -> NonZeroU16 {
    NonZeroU16::new(n).expect("a terminal size is not zero")
}

/// `grundy play` of the sample coin row, the player first, with a fixed seed.
pub const PLAY_SAMPLE_COINS: &[&str] = &[
    "play",
    "coins",
    "--code",
    "coins:4:HTTHTTTTHTTTHTHH",
    "--seed",
    "1",
    "--first",
    "you",
];

/// A new 80×24 pseudo-terminal.
pub fn open_pty() -> PtyPair {
    native_pty_system()
        .openpty(PtySize {
            rows: 24,
            cols: 80,
            pixel_width: 0,
            pixel_height: 0,
        })
        .expect("openpty")
}

/// The binary cargo built for this test, or `$GRUNDY_PTY_BIN` when set (to run the same
/// tests against another build).
pub fn grundy_bin() -> String {
    std::env::var("GRUNDY_PTY_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_grundy").to_string())
}

/// Reads `reader` into an 80×24 screen until `text` is on it; fails if the game ends first or
/// after the timeout.
pub fn read_until(reader: &mut dyn Read, text: &str) {
    let mut screen = vt100::Parser::new(nonzero(24), nonzero(80), 0);
    let mut buffer = [0u8; 8192];
    let deadline = Instant::now() + TIMEOUT;
    while !screen.screen().contents().contains(text) {
        assert!(Instant::now() < deadline, "the game did not start");
        let n = reader.read(&mut buffer).expect("read the screen");
        assert!(n > 0, "the game ended early");
        screen.process(&buffer[..n]);
    }
}

/// Waits for `child` to exit after its terminal was closed; kills it and fails after the
/// timeout.
pub fn wait_exit_after_close(child: &mut (dyn Child + Send + Sync)) -> ExitStatus {
    let deadline = Instant::now() + TIMEOUT;
    loop {
        if let Some(status) = child.try_wait().expect("try_wait") {
            return status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("grundy still runs {TIMEOUT:?} after its terminal closed");
        }
        thread::sleep(Duration::from_millis(20));
    }
}

/// A temporary home for grundy's files: `config/` and `data/` under one temporary directory,
/// removed when dropped.
pub struct Home {
    dir: tempfile::TempDir,
}

impl Home {
    pub fn new() -> Home {
        Home {
            dir: tempfile::tempdir().expect("temporary directory"),
        }
    }

    /// `$XDG_CONFIG_HOME`.
    pub fn config(&self) -> PathBuf {
        self.dir.path().join("config")
    }

    /// `$XDG_DATA_HOME`.
    pub fn data(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    /// grundy's own data directory (`$XDG_DATA_HOME/grundy`): saves, autosave, statistics.
    pub fn grundy_data(&self) -> PathBuf {
        self.data().join("grundy")
    }

    /// grundy's settings file.
    pub fn settings(&self) -> PathBuf {
        self.config().join("grundy").join("settings.toml")
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }
}

impl Default for Home {
    fn default() -> Home {
        Home::new()
    }
}

/// A running `grundy` in an 80×24 pseudo-terminal. Killed on drop, so a failing test never
/// leaves it behind.
pub struct Pty {
    pub parser: Arc<Mutex<vt100::Parser>>,
    pub writer: Box<dyn Write + Send>,
    pub master: Box<dyn MasterPty + Send>,
    pub child: Box<dyn Child + Send + Sync>,
    /// The run's own config and data directories, when [`Pty::spawn`] made them.
    pub home: Option<Home>,
}

impl Pty {
    /// Starts `grundy args` with `env` added (and `NO_COLOR` removed unless `env` sets it),
    /// in a fresh temporary [`Home`]. The binary is the one cargo built for this test, or
    /// `$GRUNDY_PTY_BIN` when set (to run the same tests against another build).
    pub fn spawn(args: &[&str], env: &[(&str, &str)]) -> Pty {
        let home = Home::new();
        let mut pty = Pty::spawn_in(&home, args, env);
        pty.home = Some(home);
        pty
    }

    /// [`Pty::spawn`] with grundy's files in `home`, which outlives the run.
    pub fn spawn_in(home: &Home, args: &[&str], env: &[(&str, &str)]) -> Pty {
        Pty::spawn_wrapped(home, "", args, env)
    }

    /// [`Pty::spawn_in`], run by `sh -c "SHELL; exec grundy ARGS"` when `shell` is not empty
    /// (to start grundy under a `ulimit`, say).
    pub fn spawn_wrapped(home: &Home, shell: &str, args: &[&str], env: &[(&str, &str)]) -> Pty {
        let pair = open_pty();
        let bin = grundy_bin();
        let mut command = if shell.is_empty() {
            let mut command = CommandBuilder::new(bin);
            command.args(args);
            command
        } else {
            let mut command = CommandBuilder::new("sh");
            let script = format!("{shell}; exec \"$0\" \"$@\"");
            command.args(["-c", script.as_str(), &bin]);
            command.args(args);
            command
        };
        command.env("TERM", "xterm-256color");
        command.env_remove("NO_COLOR");
        // The interface's language follows the locale: English unless a test asks for another,
        // whatever the locale of the shell running the tests.
        command.env_remove("LC_ALL");
        command.env_remove("LC_MESSAGES");
        command.env("LANG", "C.UTF-8");
        command.env("XDG_CONFIG_HOME", home.config());
        command.env("XDG_DATA_HOME", home.data());
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
            home: None,
        }
    }

    pub fn screen_text(&self) -> String {
        self.parser.lock().expect("parser").screen().contents()
    }

    /// Waits until `predicate` holds for the screen; fails with the screen after the timeout.
    pub fn wait_until(&self, what: &str, predicate: impl Fn(&vt100::Screen) -> bool) {
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

    pub fn wait_for(&self, text: &str) {
        self.wait_until(&format!("{text:?}"), |s| s.contents().contains(text));
    }

    /// Waits until the game has taken the terminal over: alternate screen and mouse capture.
    pub fn wait_taken_over(&self) {
        self.wait_until("alternate screen and mouse capture", |s| {
            s.alternate_screen() && s.mouse_protocol_mode() != vt100::MouseProtocolMode::None
        });
    }

    pub fn send(&mut self, bytes: &str) {
        self.writer.write_all(bytes.as_bytes()).expect("write");
        self.writer.flush().expect("flush");
    }

    /// The 0-based (column, row) where `text` first appears (waiting for it first).
    pub fn find(&self, text: &str) -> (u16, u16) {
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
    pub fn click(&mut self, column: u16, row: u16) {
        let (x, y) = (column + 1, row + 1);
        self.send(&format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m"));
    }

    pub fn resize(&self, rows: u16, cols: u16) {
        // The screen model first: whatever the program draws once it sees the new size must
        // be read at that size, or a fast redraw lands on the old grid and garbles the screen.
        self.parser
            .lock()
            .expect("parser")
            .screen_mut()
            .set_size(nonzero(rows), nonzero(cols));
        self.master
            .resize(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("resize");
    }

    /// Waits for the child to exit; its exit status.
    pub fn wait_exit(&mut self) -> portable_pty::ExitStatus {
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

    /// The move number in the title line (`… · move 7 · …`).
    pub fn move_number(&self) -> usize {
        let text = self.screen_text();
        text.split("· move ")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no move number in the title:\n{text}"))
    }

    /// Plays the revealed winning move (`w` three times, then `play`'s keys for turn `t`) until the game
    /// is won, at most `turns` times; panics if it is not won by then. The title counts
    /// moves, so after our move and the AI's reply it is two further on.
    pub fn win_with_revealed_moves(
        &mut self,
        revealed: &str,
        play: impl Fn(usize) -> &'static str,
        turns: usize,
    ) {
        for turn in 0..turns {
            let now = self.move_number();
            // The graded hint: winning or losing, which part, then the move.
            self.send("www");
            self.wait_for(revealed);
            self.send(play(turn));
            let next = format!("· move {} ", now + 2);
            self.wait_until("the AI's reply or the end", |s| {
                let text = s.contents();
                text.contains("You win!") || (text.contains(&next) && text.contains("Your move"))
            });
            if self.screen_text().contains("You win!") {
                return;
            }
        }
        panic!("not won in {turns} turns:\n{}", self.screen_text());
    }

    /// Asserts the terminal was given back: main screen, no mouse reporting.
    pub fn assert_restored(&self) {
        let parser = self.parser.lock().expect("parser");
        let screen = parser.screen();
        assert!(!screen.alternate_screen(), "still on the alternate screen");
        assert_eq!(
            screen.mouse_protocol_mode(),
            vt100::MouseProtocolMode::None,
            "mouse capture still on"
        );
    }

    /// Presses `q` (and `y` if the game asks whether to leave an unfinished game), then
    /// asserts a clean exit and the terminal given back.
    pub fn quit(&mut self) {
        self.send("q");
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if self.child.try_wait().expect("try_wait").is_some() {
                break;
            }
            if self.screen_text().contains("n keep playing") {
                self.send("y");
                break;
            }
            if Instant::now() > deadline {
                panic!("grundy did not quit on q; screen:\n{}", self.screen_text());
            }
            thread::sleep(Duration::from_millis(20));
        }
        assert!(self.wait_exit().success(), "grundy failed on q");
        self.assert_restored();
    }

    /// Asserts that no cell of the screen has a colour; returns whether any cell is in
    /// reverse video (how the plain theme marks a selection).
    pub fn assert_no_colours(&self) -> bool {
        let parser = self.parser.lock().expect("parser");
        let screen = parser.screen();
        let (rows, cols) = screen.size();
        let mut reversed = false;
        for row in 0..rows.get() {
            for col in 0..cols.get() {
                let cell = screen.cell(row, col).expect("cell");
                assert_eq!(cell.fgcolor(), vt100::Color::Default, "({row},{col})");
                assert_eq!(cell.bgcolor(), vt100::Color::Default, "({row},{col})");
                reversed |= cell.inverse();
            }
        }
        reversed
    }
}

impl Drop for Pty {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
