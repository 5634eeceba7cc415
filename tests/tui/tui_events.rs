//! The event loop on a `TestBackend` with a scripted event source: everything already waiting
//! is handled before the next frame (a paste of thousands of keys is a frame or two, not
//! thousands), and the ends that do not come from a key (the terminal closing, a signal) leave
//! through the same way out as `q`, with their reason.

use std::collections::VecDeque;
use std::io;
use std::time::Duration;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use grundy::games::GameKind;
use grundy::tui::PlayOptions;
use grundy::tui::app::{App, EventSource, Exit, Input};
use grundy::tui::theme::Theme;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// Hands out its inputs; counts the waits that may block, i.e. the frames drawn before them.
struct Scripted {
    inputs: VecDeque<Input>,
    frames: usize,
}

impl EventSource for Scripted {
    fn next(&mut self, timeout: Duration) -> io::Result<Option<Input>> {
        if !timeout.is_zero() {
            self.frames += 1;
        }
        match self.inputs.pop_front() {
            Some(input) => Ok(Some(input)),
            None if timeout.is_zero() => Ok(None),
            // Nothing more is scripted: end rather than wait forever.
            None => Ok(Some(Input::End(Exit::TerminalClosed))),
        }
    }
}

fn key(code: KeyCode) -> Input {
    Input::Event(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)))
}

fn run(inputs: Vec<Input>) -> (Exit, usize) {
    let options = PlayOptions {
        game: Some(GameKind::Coins),
        code: Some("coins:4:HTTHTTTTHTTTHTHH".to_string()),
        ..PlayOptions::default()
    };
    let mut app = App::with_delay(&options, Theme::plain(), Duration::ZERO).expect("app");
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("terminal");
    let mut events = Scripted {
        inputs: inputs.into(),
        frames: 0,
    };
    let exit = app.run(&mut terminal, &mut events).expect("the loop runs");
    assert_eq!(app.exit(), Some(exit));
    assert!(app.should_quit());
    (exit, events.frames)
}

#[test]
fn a_burst_of_keys_is_handled_before_the_next_frame() {
    let mut inputs: Vec<Input> = (0..3000).map(|_| key(KeyCode::Right)).collect();
    inputs.push(key(KeyCode::Char('q')));
    let (exit, frames) = run(inputs);
    assert_eq!(exit, Exit::Quit);
    // One frame when the keys are handled within the loop's 100 ms drain slice; a loaded
    // machine may need a few more, never one a key as before.
    assert!(frames < 100, "3001 waiting keys took {frames} frames");
}

#[test]
fn the_terminal_closing_and_signals_end_the_game_with_their_reason() {
    let (exit, _) = run(vec![key(KeyCode::Right), Input::End(Exit::TerminalClosed)]);
    assert_eq!(exit, Exit::TerminalClosed);
    let (exit, _) = run(vec![Input::End(Exit::Signal(15)), key(KeyCode::Char('q'))]);
    assert_eq!(exit, Exit::Signal(15), "the first reason to leave wins");
    let ctrl_c = Input::Event(Event::Key(KeyEvent::new(
        KeyCode::Char('c'),
        KeyModifiers::CONTROL,
    )));
    let (exit, _) = run(vec![ctrl_c]);
    assert_eq!(exit, Exit::Quit);
}

/// A bracketed paste (from a terminal left with the mode on) is typed: a pasted `q` quits, and
/// focus reports do nothing.
#[test]
fn a_paste_is_typed_and_focus_reports_do_nothing() {
    let (exit, _) = run(vec![
        Input::Event(Event::FocusLost),
        Input::Event(Event::FocusGained),
        key(KeyCode::Right),
        Input::End(Exit::TerminalClosed),
    ]);
    assert_eq!(exit, Exit::TerminalClosed, "the focus reports did not quit");
    let (exit, _) = run(vec![
        Input::Event(Event::Paste("q".to_string())),
        Input::End(Exit::TerminalClosed),
    ]);
    assert_eq!(exit, Exit::Quit, "the pasted q quit");
}
