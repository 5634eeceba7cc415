//! Where the real terminal's events come from: a thread reads the terminal with plain blocking
//! reads and a second one waits for signals; both feed one channel that the event loop drains.
//!
//! Why not crossterm's event reader: in crossterm 0.29 it reads one 1024-byte chunk per
//! readiness notice of an edge-triggered poll, so a paste longer than that leaves the rest
//! unread until another key arrives (the game stalls), and on a closed terminal `read` returns
//! 0 forever and it spins at full CPU. Here a blocking read takes whatever is there, end of
//! input ends the game, and TERM, HUP, INT and QUIT end it too, through the same way out as
//! `q` ([`crate::tui::app::App::leave`]), so the terminal is always given back.
//!
//! Both faults are known upstream and their fixes still open, so the project keeps this reader
//! until a crossterm release carries them: crossterm PR #1057 (drain the terminal to
//! `WouldBlock` before returning: the paste stall), PR #1067 (report a terminal that is gone as
//! an error) and issue #793 (an orphaned process at 100 % CPU). Everything else is still
//! crossterm's: its event types, raw mode, the alternate screen, mouse capture.

use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, IsTerminal, Read};
use std::os::fd::AsFd;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use signal_hook::consts::signal::{SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGWINCH, SIGXFSZ};
use signal_hook::iterator::Signals;

use crate::tui::terminal;

/// Where the loop's events come from (the real terminal: [`TerminalEvents`]).
pub trait EventSource {
    /// The next input, or `None` after `timeout` without one. A zero timeout only takes what
    /// is already there.
    fn next(&mut self, timeout: Duration) -> io::Result<Option<Input>>;
}

/// What an [`EventSource`] hands the loop.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Event(Event),
    /// The game must end: the terminal closed, or a signal came.
    End(Exit),
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// The player quit (q, Ctrl-C).
    Quit,
    /// The terminal went away: its input ended (the window closed while SIGHUP was ignored,
    /// as under nohup), or it could no longer be drawn on.
    TerminalClosed,
    /// A signal (TERM, HUP, INT, QUIT) ended the game; the exit code is 128 + the number.
    Signal(i32),
}

/// How long an unfinished escape sequence (or a lone ESC) waits for its next bytes. A pasted
/// burst can be split anywhere between two reads, even inside `ESC [ C`; a key pressed alone
/// arrives whole, so this only delays the Esc key itself.
const SEQUENCE_WAIT: Duration = Duration::from_millis(30);

/// How long after a terminating signal the signal thread waits for the event loop to end the
/// game before it gives the terminal back and exits by itself (the loop may be stuck in a long
/// computation).
const SIGNAL_GRACE: Duration = Duration::from_secs(3);

/// The signals that end the game, each with its conventional exit code 128 + n.
pub const ENDING_SIGNALS: [i32; 4] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT];

/// Set by the signal thread as soon as SIGHUP arrives: the terminal hung up.
static HANGUP: AtomicBool = AtomicBool::new(false);

/// Whether the terminal hung up (SIGHUP came), waiting up to `wait` for the signal: when the
/// terminal closes, the end of input, a failed draw and the signal come at nearly the same
/// time, in any order.
pub fn hung_up(wait: Duration) -> bool {
    let deadline = Instant::now() + wait;
    loop {
        if HANGUP.load(Ordering::SeqCst) {
            return true;
        }
        if Instant::now() >= deadline {
            return false;
        }
        thread::sleep(Duration::from_millis(10));
    }
}

/// SIGXFSZ (a write past the file size limit, `ulimit -f`) would kill grundy with the
/// terminal still raw; caught, the write fails with an error that is reported like a full
/// disk instead.
pub fn ignore_file_size_signal() {
    let _ = signal_hook::flag::register(SIGXFSZ, Arc::new(AtomicBool::new(false)));
}

/// Whether `signal` was ignored when the process started, from the `SigIgn` mask of
/// /proc/self/status (Linux; elsewhere every signal counts as not ignored). Read before any
/// handler is installed.
fn ignored_at_start(signal: i32) -> bool {
    let Ok(status) = std::fs::read_to_string("/proc/self/status") else {
        return false;
    };
    status
        .lines()
        .find_map(|line| line.strip_prefix("SigIgn:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| (1..=64).contains(&signal) && mask >> (signal - 1) & 1 == 1)
}

/// What the threads send to the event loop.
enum Message {
    Bytes(Vec<u8>),
    /// The terminal's input ended (read returned 0, or an error such as EIO after a hang-up).
    Closed,
    Signal(i32),
    Resize,
}

/// Events from the real terminal: see the module documentation.
pub struct TerminalEvents {
    receiver: Receiver<Message>,
    parser: Parser,
    queue: VecDeque<Event>,
    /// Set once the input has closed: handed out after the events still queued.
    end: Option<Exit>,
    /// For the reader thread, until [`TerminalEvents::read_terminal`] starts it.
    sender: Option<Sender<Message>>,
}

impl TerminalEvents {
    /// Starts the signal thread. Call before the terminal is taken over, so that a signal in
    /// between is not lost; the reader starts with [`TerminalEvents::read_terminal`].
    pub fn start() -> io::Result<TerminalEvents> {
        let (sender, receiver) = mpsc::channel();
        // A signal ignored when grundy started stays ignored, as a shell does it: under nohup
        // a hang-up must not end the game (the closed terminal's end of input does).
        let caught = ENDING_SIGNALS
            .iter()
            .copied()
            .filter(|&s| !ignored_at_start(s));
        let mut signals = Signals::new(caught.chain([SIGWINCH]))?;
        let to_loop = sender.clone();
        thread::Builder::new()
            .name("grundy-signals".to_string())
            .spawn(move || {
                for signal in signals.forever() {
                    if signal == SIGWINCH {
                        let _ = to_loop.send(Message::Resize);
                        continue;
                    }
                    if signal == SIGHUP {
                        HANGUP.store(true, Ordering::SeqCst);
                    }
                    let _ = to_loop.send(Message::Signal(signal));
                    thread::sleep(SIGNAL_GRACE);
                    // The loop did not end the game in time: give the terminal back anyway.
                    let _ = terminal::restore();
                    std::process::exit(128 + signal);
                }
            })?;
        let events = TerminalEvents {
            receiver,
            parser: Parser::default(),
            queue: VecDeque::new(),
            end: None,
            sender: Some(sender),
        };
        Ok(events)
    }

    /// Starts reading the terminal: standard input when it is one, else `/dev/tty` (as with
    /// `grundy play --code - < board.txt`).
    pub fn read_terminal(&mut self) -> io::Result<()> {
        let sender = self
            .sender
            .take()
            .ok_or_else(|| io::Error::other("the terminal reader is already running"))?;
        let stdin = io::stdin();
        let mut tty = if stdin.is_terminal() {
            File::from(stdin.as_fd().try_clone_to_owned()?)
        } else {
            File::open("/dev/tty")?
        };
        thread::Builder::new()
            .name("grundy-input".to_string())
            .spawn(move || {
                let mut buffer = vec![0u8; 4096];
                loop {
                    match tty.read(&mut buffer) {
                        Ok(0) => break,
                        Ok(n) => {
                            if sender.send(Message::Bytes(buffer[..n].to_vec())).is_err() {
                                return;
                            }
                        }
                        Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                        // EIO after a hang-up: the terminal is gone just the same.
                        Err(_) => break,
                    }
                }
                let _ = sender.send(Message::Closed);
            })?;
        Ok(())
    }
}

impl EventSource for TerminalEvents {
    fn next(&mut self, timeout: Duration) -> io::Result<Option<Input>> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(event) = self.queue.pop_front() {
                return Ok(Some(Input::Event(event)));
            }
            if let Some(end) = self.end {
                return Ok(Some(Input::End(end)));
            }
            let now = Instant::now();
            let left = deadline.saturating_duration_since(now);
            let wait = if self.parser.is_pending() {
                self.parser.wait()
            } else {
                left
            };
            match self.receiver.recv_timeout(wait) {
                Ok(Message::Bytes(bytes)) => self.parser.advance(&bytes, &mut self.queue),
                Ok(Message::Resize) => {
                    let (width, height) = crossterm::terminal::size()?;
                    self.queue.push_back(Event::Resize(width, height));
                }
                Ok(Message::Signal(signal)) => return Ok(Some(Input::End(Exit::Signal(signal)))),
                Ok(Message::Closed) | Err(RecvTimeoutError::Disconnected) => {
                    self.parser.flush(&mut self.queue);
                    self.end = Some(Exit::TerminalClosed);
                }
                Err(RecvTimeoutError::Timeout) if self.parser.is_pending() => {
                    self.parser.flush(&mut self.queue);
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
            if self.queue.is_empty() && self.end.is_none() && Instant::now() >= deadline {
                return Ok(None);
            }
        }
    }
}

/// The longest escape sequence kept while waiting for its end; anything longer is not one a
/// terminal sends, and is dropped.
const MAX_SEQUENCE: usize = 64;

/// Bracketed paste (xterm's mode 2004): the terminal sends a paste between these markers.
const PASTE_START: &[u8] = b"\x1b[200~";
const PASTE_END: &[u8] = b"\x1b[201~";
/// The longest paste kept; what comes after is read as typed. A terminal that lost the end
/// marker (crossterm issue #1060: its parser then swallows all input for good) costs at most
/// this much memory and [`PASTE_WAIT`] of time.
const MAX_PASTE: usize = 1 << 20;
/// How long a paste waits for its next bytes (or its end marker) before it is taken as it
/// stands: longer than [`SEQUENCE_WAIT`], since a long paste can arrive in slow pieces.
const PASTE_WAIT: Duration = Duration::from_millis(500);

/// Turns the bytes a terminal sends into key and mouse events (xterm's encodings: CSI and SS3
/// keys with modifiers, SGR and X10 mouse reports, UTF-8 text, control keys; the Linux
/// console's F1–F5; focus reports; bracketed pastes). Bytes that mean nothing are dropped;
/// nothing here can panic on any input (a property test feeds it random bytes).
#[derive(Debug, Default)]
pub struct Parser {
    pending: Vec<u8>,
    /// The text of a bracketed paste so far, while its end marker is awaited.
    paste: Option<Vec<u8>>,
}

/// One step of parsing.
enum Step {
    /// An event (or nothing meaningful) and how many bytes it took.
    Done(Option<Event>, usize),
    /// The bytes so far start a sequence that is not complete.
    Incomplete,
}

impl Parser {
    /// Whether the end of an unfinished sequence (or of a paste) is awaited.
    pub fn is_pending(&self) -> bool {
        !self.pending.is_empty() || self.paste.is_some()
    }

    /// How long to wait for the rest of what is pending before [`Parser::flush`].
    pub fn wait(&self) -> Duration {
        if self.paste.is_some() {
            PASTE_WAIT
        } else {
            SEQUENCE_WAIT
        }
    }

    /// Parses `bytes` after whatever was pending; complete events go to `out`. An unfinished
    /// sequence at the end waits for more bytes or [`Parser::flush`].
    pub fn advance(&mut self, bytes: &[u8], out: &mut VecDeque<Event>) {
        self.pending.extend_from_slice(bytes);
        let mut start = 0;
        while start < self.pending.len() {
            if let Some(paste) = &mut self.paste {
                let rest = &self.pending[start..];
                let end = memchr::memmem::find(rest, PASTE_END);
                // Surely the paste's: up to its end, or all but a tail that may start the end.
                let inside = end.unwrap_or(rest.len().saturating_sub(PASTE_END.len() - 1));
                let take = inside.min(MAX_PASTE - paste.len());
                paste.extend_from_slice(&rest[..take]);
                start += take;
                if end == Some(take) {
                    start += PASTE_END.len();
                } else if paste.len() < MAX_PASTE {
                    break;
                }
                out.extend(self.paste.take().map(pasted));
                continue;
            }
            if self.pending[start..].starts_with(PASTE_START) {
                self.paste = Some(Vec::new());
                start += PASTE_START.len();
                continue;
            }
            match parse(&self.pending[start..]) {
                Step::Done(event, used) => {
                    out.extend(event);
                    start += used.max(1);
                }
                Step::Incomplete if self.pending.len() - start > MAX_SEQUENCE => start += 1,
                Step::Incomplete => break,
            }
        }
        self.pending.drain(..start);
    }

    /// No more bytes came: a lone ESC is the Esc key; an unfinished sequence is parsed as far
    /// as it goes (ESC then the rest as keys).
    pub fn flush(&mut self, out: &mut VecDeque<Event>) {
        let pending = std::mem::take(&mut self.pending);
        if let Some(mut paste) = self.paste.take() {
            // The end marker never came: the paste is what did.
            paste.extend_from_slice(&pending);
            out.push_back(pasted(paste));
            return;
        }
        if pending.is_empty() {
            return;
        }
        if pending[0] == 0x1B {
            out.push_back(key(KeyCode::Esc, KeyModifiers::NONE));
        }
        // Whatever followed the ESC (or an unfinished UTF-8 character, dropped) as it stands.
        let rest = if pending[0] == 0x1B {
            &pending[1..]
        } else {
            &pending[..0]
        };
        self.advance(rest, out);
        if self.is_pending() {
            // Only an unfinished UTF-8 character or sequence can remain: drop it.
            self.pending.clear();
        }
    }
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(code, modifiers))
}

fn pasted(bytes: Vec<u8>) -> Event {
    Event::Paste(String::from_utf8_lossy(&bytes).into_owned())
}

/// Parses the first event of `bytes` (not empty).
fn parse(bytes: &[u8]) -> Step {
    let none = KeyModifiers::NONE;
    let control = KeyModifiers::CONTROL;
    let done = |code, modifiers| Step::Done(Some(key(code, modifiers)), 1);
    match bytes[0] {
        0x1B => parse_escape(bytes),
        b'\r' | b'\n' => done(KeyCode::Enter, none),
        b'\t' => done(KeyCode::Tab, none),
        0x7F | 0x08 => done(KeyCode::Backspace, none),
        0x00 => done(KeyCode::Char(' '), control),
        b @ 0x01..=0x1A => done(KeyCode::Char((b - 1 + b'a') as char), control),
        b @ 0x1C..=0x1F => done(KeyCode::Char((b - 0x1C + b'4') as char), control),
        b @ 0x20..=0x7E => {
            let c = b as char;
            let modifiers = if c.is_ascii_uppercase() {
                KeyModifiers::SHIFT
            } else {
                none
            };
            done(KeyCode::Char(c), modifiers)
        }
        lead => {
            let len = match lead {
                0xC2..=0xDF => 2,
                0xE0..=0xEF => 3,
                0xF0..=0xF4 => 4,
                // A continuation byte or an invalid lead: nothing.
                _ => return Step::Done(None, 1),
            };
            if bytes.len() < len {
                // Incomplete unless a byte so far already breaks the character.
                if bytes[1..].iter().all(|b| (0x80..0xC0).contains(b)) {
                    return Step::Incomplete;
                }
                return Step::Done(None, 1);
            }
            match std::str::from_utf8(&bytes[..len]) {
                Ok(s) => {
                    let c = s.chars().next().expect("one character");
                    Step::Done(Some(key(KeyCode::Char(c), none)), len)
                }
                Err(_) => Step::Done(None, 1),
            }
        }
    }
}

/// `bytes` starts with ESC.
fn parse_escape(bytes: &[u8]) -> Step {
    let Some(&second) = bytes.get(1) else {
        return Step::Incomplete;
    };
    match second {
        b'[' => parse_csi(bytes),
        b'O' => {
            let Some(&third) = bytes.get(2) else {
                return Step::Incomplete;
            };
            let code = match third {
                b'A' => KeyCode::Up,
                b'B' => KeyCode::Down,
                b'C' => KeyCode::Right,
                b'D' => KeyCode::Left,
                b'H' => KeyCode::Home,
                b'F' => KeyCode::End,
                b'P'..=b'S' => KeyCode::F(third - b'P' + 1),
                _ => return Step::Done(None, 3),
            };
            Step::Done(Some(key(code, KeyModifiers::NONE)), 3)
        }
        // ESC ESC: the first is the Esc key.
        0x1B => Step::Done(Some(key(KeyCode::Esc, KeyModifiers::NONE)), 1),
        // ESC then a key: that key with Alt.
        _ => match parse(&bytes[1..]) {
            Step::Incomplete => Step::Incomplete,
            Step::Done(Some(Event::Key(mut k)), used) => {
                k.modifiers |= KeyModifiers::ALT;
                Step::Done(Some(Event::Key(k)), used + 1)
            }
            Step::Done(other, used) => Step::Done(other, used + 1),
        },
    }
}

/// `bytes` starts with `ESC [`.
fn parse_csi(bytes: &[u8]) -> Step {
    let Some(&third) = bytes.get(2) else {
        return Step::Incomplete;
    };
    if third == b'M' {
        // X10 mouse: ESC [ M, then button, column and row, each + 32.
        let Some(report) = bytes.get(3..6) else {
            return Step::Incomplete;
        };
        let [b, x, y] = [report[0], report[1], report[2]].map(|v| v.saturating_sub(32));
        let event = mouse(u16::from(b), u16::from(x), u16::from(y), b & 3 == 3, true);
        return Step::Done(event, 6);
    }
    if third == b'[' {
        // The Linux console's F1–F5: ESC [ [ A to ESC [ [ E.
        let Some(&fourth) = bytes.get(3) else {
            return Step::Incomplete;
        };
        return match fourth {
            b'A'..=b'E' => Step::Done(
                Some(key(KeyCode::F(fourth - b'A' + 1), KeyModifiers::NONE)),
                4,
            ),
            _ => Step::Done(None, 3),
        };
    }
    // Parameter bytes 0x30–0x3F, intermediate bytes 0x20–0x2F, then the final byte.
    let mut end = 2;
    while end < bytes.len() && (0x20..=0x3F).contains(&bytes[end]) {
        end += 1;
    }
    let Some(&last) = bytes.get(end) else {
        return Step::Incomplete;
    };
    let used = end + 1;
    if !(0x40..=0x7E).contains(&last) {
        // Not a sequence: drop what was read of it.
        return Step::Done(None, end);
    }
    let params = &bytes[2..end];
    if let Some(sgr) = params.strip_prefix(b"<") {
        let numbers = numbers(sgr);
        let event = match (last, numbers.as_slice()) {
            (b'M' | b'm', &[Some(b), Some(x), Some(y)]) => mouse(b, x, y, last == b'm', false),
            _ => None,
        };
        return Step::Done(event, used);
    }
    // Focus reports (xterm's mode 1004).
    match (last, params) {
        (b'I', b"") => return Step::Done(Some(Event::FocusGained), used),
        (b'O', b"") => return Step::Done(Some(Event::FocusLost), used),
        _ => {}
    }
    let numbers = numbers(params);
    let first = numbers.first().copied().flatten();
    let modifiers = modifiers(numbers.get(1).copied().flatten());
    let code = match last {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'H' => KeyCode::Home,
        b'F' => KeyCode::End,
        b'Z' => {
            return Step::Done(Some(key(KeyCode::BackTab, KeyModifiers::SHIFT)), used);
        }
        b'P'..=b'S' => KeyCode::F(last - b'P' + 1),
        b'~' => match first {
            Some(1 | 7) => KeyCode::Home,
            Some(2) => KeyCode::Insert,
            Some(3) => KeyCode::Delete,
            Some(4 | 8) => KeyCode::End,
            Some(5) => KeyCode::PageUp,
            Some(6) => KeyCode::PageDown,
            Some(n @ 11..=15) => KeyCode::F((n - 10) as u8),
            Some(n @ 17..=21) => KeyCode::F((n - 11) as u8),
            Some(n @ 23..=24) => KeyCode::F((n - 12) as u8),
            _ => return Step::Done(None, used),
        },
        _ => return Step::Done(None, used),
    };
    Step::Done(Some(key(code, modifiers)), used)
}

/// The `;`-separated numbers of a sequence (`None` for one that is not a number).
fn numbers(params: &[u8]) -> Vec<Option<u16>> {
    params
        .split(|&b| b == b';')
        .map(|p| std::str::from_utf8(p).ok().and_then(|s| s.parse().ok()))
        .collect()
}

/// xterm's modifier parameter: 1 + (1 shift, 2 alt, 4 control).
fn modifiers(parameter: Option<u16>) -> KeyModifiers {
    let bits = parameter.unwrap_or(1).saturating_sub(1);
    modifier_bits(bits, [1, 2, 4])
}

/// The modifiers whose bits (`[shift, alt, control]`) are set in `bits`.
fn modifier_bits(bits: u16, [shift, alt, control]: [u16; 3]) -> KeyModifiers {
    let mut modifiers = KeyModifiers::NONE;
    if bits & shift != 0 {
        modifiers |= KeyModifiers::SHIFT;
    }
    if bits & alt != 0 {
        modifiers |= KeyModifiers::ALT;
    }
    if bits & control != 0 {
        modifiers |= KeyModifiers::CONTROL;
    }
    modifiers
}

/// A mouse report: button bits `b`, 1-based column and row; `release` for a button going up
/// (X10 reports say only "some button").
fn mouse(b: u16, x: u16, y: u16, release: bool, x10: bool) -> Option<Event> {
    let button = match b & 3 {
        0 => MouseButton::Left,
        1 => MouseButton::Middle,
        2 => MouseButton::Right,
        _ => MouseButton::Left,
    };
    let kind = if b & 64 != 0 {
        match b & 3 {
            0 => MouseEventKind::ScrollUp,
            1 => MouseEventKind::ScrollDown,
            2 => MouseEventKind::ScrollLeft,
            _ => MouseEventKind::ScrollRight,
        }
    } else if b & 32 != 0 {
        if b & 3 == 3 {
            MouseEventKind::Moved
        } else {
            MouseEventKind::Drag(button)
        }
    } else if release {
        MouseEventKind::Up(button)
    } else if x10 && b & 3 == 3 {
        return None;
    } else {
        MouseEventKind::Down(button)
    };
    Some(Event::Mouse(MouseEvent {
        kind,
        column: x.saturating_sub(1),
        row: y.saturating_sub(1),
        modifiers: modifier_bits(b, [4, 8, 16]),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(chunks: &[&[u8]]) -> Vec<Event> {
        let mut parser = Parser::default();
        let mut out = VecDeque::new();
        for chunk in chunks {
            parser.advance(chunk, &mut out);
        }
        parser.flush(&mut out);
        out.into()
    }

    fn k(code: KeyCode) -> Event {
        key(code, KeyModifiers::NONE)
    }

    #[test]
    fn keys_and_sequences() {
        assert_eq!(
            events(&[b"a\r\x1b[A\x1b[1;5C\x1bOP\x1b[5~\x1b[24~\x1b[Z\x03\xc3\xa9"]),
            vec![
                k(KeyCode::Char('a')),
                k(KeyCode::Enter),
                k(KeyCode::Up),
                key(KeyCode::Right, KeyModifiers::CONTROL),
                k(KeyCode::F(1)),
                k(KeyCode::PageUp),
                k(KeyCode::F(12)),
                key(KeyCode::BackTab, KeyModifiers::SHIFT),
                key(KeyCode::Char('c'), KeyModifiers::CONTROL),
                k(KeyCode::Char('é')),
            ]
        );
        assert_eq!(events(&[b"\x1b"]), vec![k(KeyCode::Esc)]);
        assert_eq!(
            events(&[b"\x1bq"]),
            vec![key(KeyCode::Char('q'), KeyModifiers::ALT)]
        );
        assert_eq!(
            events(&[b"R"]),
            vec![key(KeyCode::Char('R'), KeyModifiers::SHIFT)]
        );
    }

    #[test]
    fn a_sequence_split_between_reads_is_one_key() {
        let whole: Vec<u8> = b"\x1b[C".repeat(5);
        for cut in 0..whole.len() {
            let got = events(&[&whole[..cut], &whole[cut..]]);
            assert_eq!(got, vec![k(KeyCode::Right); 5], "cut at {cut}");
        }
        assert_eq!(events(&[b"\xe2\x82", b"\xac"]), vec![k(KeyCode::Char('€'))]);
    }

    #[test]
    fn mouse_reports() {
        let got = events(&[b"\x1b[<0;5;3M\x1b[<0;5;3m\x1b[<65;1;1M\x1b[M !!"]);
        let kinds: Vec<(MouseEventKind, u16, u16)> = got
            .iter()
            .map(|e| match e {
                Event::Mouse(m) => (m.kind, m.column, m.row),
                other => panic!("not a mouse event: {other:?}"),
            })
            .collect();
        assert_eq!(
            kinds,
            vec![
                (MouseEventKind::Down(MouseButton::Left), 4, 2),
                (MouseEventKind::Up(MouseButton::Left), 4, 2),
                (MouseEventKind::ScrollDown, 0, 0),
                (MouseEventKind::Down(MouseButton::Left), 0, 0),
            ]
        );
    }

    #[test]
    fn garbage_is_dropped_and_what_follows_still_parses() {
        let got = events(&[b"\x1b[99999999999;xq", b"\xff\xfe\x80q"]);
        assert_eq!(got.last(), Some(&k(KeyCode::Char('q'))));
        let endless = [b"\x1b[".as_slice(), &[b'1'; 200]].concat();
        assert_eq!(
            events(&[&endless, b"q"]).last(),
            Some(&k(KeyCode::Char('q')))
        );
    }

    /// What crossterm's parser reads and this one once dropped or misread: the Linux
    /// console's F1–F5 (`ESC [ [ A`, once Shift+A), focus reports, bracketed pastes.
    #[test]
    fn linux_console_function_keys() {
        let got = events(&[b"\x1b[[A\x1b[[B\x1b[[C\x1b[[D\x1b[[E"]);
        assert_eq!(got, (1..=5).map(|n| k(KeyCode::F(n))).collect::<Vec<_>>());
        // Split between reads, and an unknown one dropped without eating the next key.
        assert_eq!(events(&[b"\x1b[", b"[", b"E"]), vec![k(KeyCode::F(5))]);
        assert_eq!(events(&[b"\x1b[[q"]), vec![k(KeyCode::Char('q'))]);
    }

    #[test]
    fn focus_reports() {
        assert_eq!(
            events(&[b"\x1b[I", b"x\x1b[O"]),
            vec![Event::FocusGained, k(KeyCode::Char('x')), Event::FocusLost]
        );
    }

    #[test]
    fn bracketed_paste_is_one_event() {
        let paste = |text: &str| Event::Paste(text.to_string());
        assert_eq!(
            events(&[b"a\x1b[200~x\r\x1b[Ay\x1b[201~b"]),
            vec![
                k(KeyCode::Char('a')),
                paste("x\r\x1b[Ay"),
                k(KeyCode::Char('b'))
            ]
        );
        // Cut anywhere, the end marker too.
        let whole: &[u8] = b"\x1b[200~hello, \xc3\xa9\x1b[201~q";
        for cut in 0..=whole.len() {
            let got = events(&[&whole[..cut], &whole[cut..]]);
            assert_eq!(
                got,
                vec![paste("hello, é"), k(KeyCode::Char('q'))],
                "cut at {cut}"
            );
        }
        // The end marker lost: flushing (no more bytes) ends the paste with what came.
        let mut parser = Parser::default();
        let mut out = VecDeque::new();
        parser.advance(b"\x1b[200~abc\x1b[20", &mut out);
        assert!(out.is_empty() && parser.is_pending());
        assert_eq!(parser.wait(), PASTE_WAIT);
        parser.flush(&mut out);
        assert_eq!(Vec::from(out), vec![paste("abc\x1b[20")]);
        assert!(!parser.is_pending());
    }

    #[test]
    fn a_paste_is_bounded() {
        let mut parser = Parser::default();
        let mut out = VecDeque::new();
        parser.advance(PASTE_START, &mut out);
        parser.advance(&vec![b'x'; MAX_PASTE + 2], &mut out);
        parser.advance(b"\x1b[201~", &mut out);
        let got = Vec::from(out);
        assert_eq!(got.len(), 3, "the paste, then two keys");
        assert_eq!(got[0], Event::Paste("x".repeat(MAX_PASTE)));
        assert_eq!(got[1..], [k(KeyCode::Char('x')), k(KeyCode::Char('x'))]);
        assert!(!parser.is_pending());
    }
}
