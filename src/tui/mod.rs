//! The terminal game (ratatui + crossterm): a menu, then a match against the AI on a board
//! for each game, with hints that explain the Sprague–Grundy values, undo/redo, help and mouse.
//!
//! [`run`] is the entry point. [`board`] defines the interface each game's board implements;
//! [`session`] is the generic match logic (history, AI thread, analysis); [`app`] the event
//! loop, generic over ratatui's `Backend` so tests drive it on a `TestBackend`.

pub mod app;
pub mod board;
pub mod boards;
pub mod help;
pub mod keymap;
pub mod menu;
pub mod screen;
pub mod session;
pub mod terminal;
pub mod theme;

use crate::ai::Level;
use crate::games::GameKind;

/// Who moves first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum First {
    #[default]
    You,
    Ai,
}

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
}

/// Runs the terminal game until the player quits, keeping nothing between runs. See
/// [`run_with_store`].
pub fn run(options: PlayOptions) -> anyhow::Result<()> {
    run_with_store(
        options,
        crate::store::Store::disabled(),
        crate::store::settings::Loaded::default(),
    )
}

/// Runs the terminal game until the player quits, with its settings, saves and statistics in
/// `store` (`settings` read from there). A bad position code or size is reported as an error
/// before the terminal is touched; the terminal is restored on every way out, and then where
/// an unfinished game was saved is said on standard error.
pub fn run_with_store(
    options: PlayOptions,
    store: crate::store::Store,
    settings: crate::store::settings::Loaded,
) -> anyhow::Result<()> {
    let theme = settings.settings.theme.theme();
    let mut app = app::App::with_store(&options, theme, app::AI_DELAY, store, settings)?;
    app.copy_to_terminal();
    // Only the pseudo-terminal tests set this: they crash the game on purpose.
    if std::env::var_os("GRUNDY_TEST_PANIC").is_some() {
        app.panic_on_f12();
    }
    let mut terminal = terminal::init()?;
    let guard = terminal::Guard;
    let result = app.run(&mut terminal, &mut app::CrosstermEvents);
    // The loop ends by leaving (autosave), unless it failed (a terminal error): leave now.
    app.leave();
    drop(guard);
    if let Some(note) = app.exit_note() {
        eprintln!("grundy: {note}");
    }
    result
}
