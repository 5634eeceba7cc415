//! Taking over the terminal and giving it back: raw mode, the alternate screen and mouse
//! capture on; all three off again on quit, on error and on panic. ratatui's own panic hook
//! leaves mouse capture on, so this module installs its own, chained with the previous one.

use std::io::{self, Stdout, Write, stdout};
use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};

use crossterm::cursor::Show;
use crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use crossterm::execute;
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

use crate::tui::session::WORKER_THREAD;

pub type Tui = Terminal<CrosstermBackend<Stdout>>;

/// Whether the terminal is taken over now. Giving it back twice would do harm: leaving the
/// alternate screen a second time moves the cursor back up again, and what was printed
/// since (a panic's message) is then written over.
static TAKEN: AtomicBool = AtomicBool::new(false);

/// Raw mode, alternate screen, mouse capture; the panic hook that undoes them.
pub fn init() -> io::Result<Tui> {
    install_panic_hook();
    TAKEN.store(true, Ordering::SeqCst);
    enable_raw_mode()?;
    if let Err(e) = execute!(stdout(), EnterAlternateScreen, EnableMouseCapture) {
        let _ = restore();
        return Err(e);
    }
    match Terminal::new(CrosstermBackend::new(stdout())) {
        Ok(terminal) => Ok(terminal),
        Err(e) => {
            let _ = restore();
            Err(e)
        }
    }
}

/// Mouse capture off, alternate screen off, cursor shown, raw mode off. Only the first call
/// after [`init`] does anything, so it is safe to call from every way out.
pub fn restore() -> io::Result<()> {
    if !TAKEN.swap(false, Ordering::SeqCst) {
        return Ok(());
    }
    let mut out = stdout();
    // Try every step even if one fails, so a half-broken terminal gets as much back as it can.
    let a = execute!(out, DisableMouseCapture, LeaveAlternateScreen, Show);
    let b = disable_raw_mode();
    let _ = out.flush();
    a.and(b)
}

fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            // A worker's panic is caught and shown in the game (see session.rs); printing it
            // here would scribble over the screen the TUI still owns.
            let worker = std::thread::current().name() == Some(WORKER_THREAD);
            if !worker {
                let _ = restore();
                previous(info);
            }
        }));
    });
}

/// Restores the terminal when dropped: on an early return with `?` as well as at the end.
pub struct Guard;

impl Drop for Guard {
    fn drop(&mut self) {
        let _ = restore();
    }
}
