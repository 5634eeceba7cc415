//! The terminal game (ratatui + crossterm): a menu, then a match against the AI on a board
//! for each game, with hints that explain the Sprague–Grundy values, undo/redo, help and mouse.
//!
//! [`run`] is the entry point. [`board`] defines the interface each game's board implements;
//! [`session`] is the generic match logic (history, AI thread, analysis); [`app`] the event
//! loop, generic over ratatui's `Backend` so tests drive it on a `TestBackend`.

pub mod app;
pub mod board;
pub mod boards;
pub mod events;
pub mod help;
pub mod keymap;
pub mod lab;
pub mod lab_judge;
pub mod learn;
pub mod menu;
pub mod moves;
pub mod practice;
pub mod review;
pub mod review_queue;
pub mod rules;
pub mod screen;
pub mod session;
pub mod sheet;
pub mod terminal;
pub mod text;
pub mod theme;
pub mod why;

use std::io::Write;

use crate::ai::Level;
use crate::games::GameKind;

// Who moves first is part of a match's setup, which the core stores (saves, settings).
pub use crate::setup::First;

/// What `grundy` and `grundy play …` ask the terminal game for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayOptions {
    /// `None`: open the menu.
    pub game: Option<GameKind>,
    /// A position code to start from.
    pub code: Option<String>,
    /// Coins in the row, or boxes in dodgeball.
    pub n: Option<usize>,
    pub maxq: Option<u32>,
    pub rows: Option<usize>,
    pub cols: Option<usize>,
    pub first: First,
    pub level: Level,
    pub hints: bool,
    /// How a new board starts; `None`: the game's default (dodgeball standard, coins random).
    pub start: Option<board::Start>,
    /// Seeds the start position and the AI; `None`: a fresh seed.
    pub seed: Option<u64>,
    /// A saved game to resume (`grundy play --load FILE`), checked before the terminal is
    /// taken over; it wins over everything above.
    pub load: Option<crate::store::save::Save>,
    /// The file `load` was read from (saving there again with `s` needs no question).
    pub load_path: Option<std::path::PathBuf>,
    /// No coaching: the game does not tell about the player's blunders.
    pub no_coach: bool,
    /// Open the Learn screen (`grundy learn`) instead of the menu or a game.
    pub learn: Option<learn::LearnStart>,
    /// Open on Practice instead (`grundy drill [GAME]`).
    pub practice: Option<PracticeStart>,
    /// A rules file's game to play (`grundy play --rules FILE`), made ready before the
    /// terminal is taken over.
    pub rules: Option<app::ReadyRules>,
}

/// A rules file failed during the game: its refusal in the reader's words, said again once
/// the terminal is given back (the game so far was kept among the unfinished games).
#[derive(Debug)]
pub struct ScriptFailed(pub String);

impl std::fmt::Display for ScriptFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ScriptFailed {}

/// What `grundy drill` asks Practice for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PracticeStart {
    /// The game drills come from (a name position codes start with); `None`: every game.
    pub game: Option<String>,
    /// One kind of drill (`--kind`); `None`: any.
    pub kind: Option<crate::drill::DrillKind>,
    /// One difficulty, 1 to 5 (`--difficulty`); `None`: the one the rating suggests.
    pub difficulty: Option<u8>,
    /// A puzzle sheet to play instead of drills (`grundy puzzles … --play`).
    pub sheet: Option<sheet::SheetRun>,
    /// Open on the review queue (`grundy drill --review`) instead of the drills.
    pub review: bool,
    /// Draw the drills from the two weakest themes (`grundy drill --weakest`).
    pub weakest: bool,
}

/// How long a write of the game waits for another grundy's lock before the loop goes on.
const LOCK_WAIT: std::time::Duration = std::time::Duration::from_millis(50);

/// Runs the terminal game until it ends, keeping nothing between runs (see
/// [`run_with_store`]), and says why it ended.
pub fn run(options: PlayOptions) -> anyhow::Result<app::Exit> {
    run_with_store(
        options,
        crate::store::Store::disabled(),
        crate::store::settings::Loaded::default(),
    )
}

/// Runs the terminal game until it ends (the player quit, the terminal closed, a signal),
/// with its settings, saves and statistics in `store` (`settings` read from there), and says
/// why it ended. A bad position code or size is reported as an error before the terminal is
/// touched; the terminal is restored on every way out, signals included, and then where an
/// unfinished game was saved is said on standard error.
pub fn run_with_store(
    options: PlayOptions,
    store: crate::store::Store,
    settings: crate::store::settings::Loaded,
) -> anyhow::Result<app::Exit> {
    let theme = theme::Theme::of(settings.settings.theme);
    // A lock another grundy holds must never freeze the game: each write waits briefly, and
    // what could not be written is tried again from the loop.
    crate::store::set_lock_wait(LOCK_WAIT);
    let mut app = app::App::with_store(&options, theme, app::AI_DELAY, store, settings)?;
    app.copy_to_terminal();
    // Only the pseudo-terminal tests set this: they crash the game on purpose.
    if std::env::var_os("GRUNDY_TEST_PANIC").is_some() {
        app.panic_on_f12();
    }
    // Signals are caught before the terminal is taken over, so none can leave it raw.
    let mut events = events::TerminalEvents::start()?;
    let mut terminal = terminal::init()?;
    let guard = terminal::Guard;
    // A panic in the loop (a bug) is caught long enough to keep the unfinished game, then
    // goes on: the hook has given the terminal back and printed it, and the exit says failure.
    let mut panicked = None;
    let result = events
        .read_terminal()
        .map_err(anyhow::Error::from)
        .and_then(|()| {
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                app.run(&mut terminal, &mut events)
            }))
            .unwrap_or_else(|payload| {
                panicked = Some(payload);
                Ok(app::Exit::TerminalClosed)
            })
        });
    // An input error ends the loop without `App::leave`: the game is kept all the same. After
    // a panic the app may be half-way through a change: keeping the game must not panic again.
    let kept = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| app.keep_unfinished()));
    drop(guard);
    // `restore` showed the cursor. ratatui's own drop would show it again and, failing on a
    // terminal that is gone, print to a standard error that is gone too: a panic inside a
    // drop, which aborts. The process ends soon; the terminal's memory goes with it.
    std::mem::forget(terminal);
    // After a hang-up there is no terminal to tell: the note would go nowhere.
    if kept.is_ok()
        && !events::hung_up(std::time::Duration::ZERO)
        && let Some(note) = app.exit_note()
    {
        // Not `eprintln!`, which panics when standard error is gone (a closed terminal).
        let _ = writeln!(std::io::stderr(), "grundy: {note}");
    }
    if let Some(payload) = panicked {
        std::panic::resume_unwind(payload);
    }
    if app.save_failed() && matches!(result, Ok(app::Exit::Quit)) {
        return Err(anyhow::anyhow!("{}", crate::tr!("app.note.quit_unsaved")));
    }
    if let (Some(failure), Ok(app::Exit::Quit)) = (app.script_failure(), &result) {
        return Err(anyhow::Error::new(ScriptFailed(failure.to_string())));
    }
    result
}
