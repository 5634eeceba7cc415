//! The app: the menu or a game on screen, the help popup over it, and the event loop. The loop
//! is generic over ratatui's `Backend` and over where events come from, so tests drive it on a
//! `TestBackend` with scripted events.
//!
//! The app also keeps what outlives a run ([`crate::store`]): it starts the menu from the
//! settings and writes them when the player changes one; saves the game on `s`; saves an
//! unfinished game on q, Ctrl-C and n (the menu then offers to resume it); asks before n, R or
//! q leave an unfinished game; counts finished games in the statistics; and copies the
//! position's code to the clipboard.

use std::io;
use std::time::{Duration, Instant};

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEventKind};
use rand::{RngExt, SeedableRng};
use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::layout::Position as ScreenPosition;

use crate::games::GameKind;
use crate::locale::{Words, shorten_code};
use crate::setup::ReplayRng;
use crate::store::save::Save;
use crate::store::settings::{Loaded, Settings};
use crate::store::stats::Stats;
use crate::store::unfinished::{self, Claim, Listed};
use crate::store::{Store, date_stamp};
use crate::tr;
use crate::tui::board::Side;
use crate::tui::boards;
use crate::tui::help::Help;
use crate::tui::keymap::{self, Action};
use crate::tui::lab::{Lab, LabEvent, OpenedRules};
use crate::tui::learn::{Learn, LearnEvent, LearnStart};
use crate::tui::menu::{Menu, MenuChoice, MenuEvent};
use crate::tui::practice::{Practice, PracticeEvent};
use crate::tui::review_queue::{ReviewEvent, ReviewQueue};
use crate::tui::rules::{RulesEvent, RulesPlay};
use crate::tui::screen::{GameScreen, ScreenEvent, ScreenInput};
use crate::tui::session::SessionConfig;
use crate::tui::theme::Theme;
use crate::tui::{First, PlayOptions};

mod draw;
mod saving;

pub use crate::tui::events::{EventSource, Exit, Input};

/// At most this many waiting inputs are handled between two frames, and for at most
/// [`DRAIN_TIME`]: a paste of thousands of keys is a few frames, not thousands, and a flood
/// of input cannot keep the screen from being redrawn.
const DRAIN_EVENTS: usize = 4096;
const DRAIN_TIME: Duration = Duration::from_millis(100);

/// What is on screen.
enum Screen {
    Menu(Menu),
    /// The lessons ([`crate::tui::learn`]).
    Learn(Box<Learn>),
    Game {
        game: Box<dyn GameScreen>,
        choice: MenuChoice,
        kept: Kept,
    },
    /// Drills with a rating ([`crate::tui::practice`]).
    Practice(Box<Practice>),
    /// The review queue ([`crate::tui::review_queue`]).
    Review(Box<ReviewQueue>),
    /// Tables as pictures, periods found ([`crate::tui::lab`]).
    Lab(Box<Lab>),
    /// A rules file's game ([`crate::tui::rules`]), and the screen Esc goes back to (the Lab
    /// or the lesson that opened it).
    Rules {
        play: Box<RulesPlay>,
        back: Box<Screen>,
        /// The lesson whose final game this is (from 0): leaving it tells the lesson.
        lesson: Option<usize>,
        kept: Kept,
    },
}

/// What the app knows about the game on screen and its files.
#[derive(Debug, Default)]
struct Kept {
    /// The game's end was counted in the statistics.
    recorded: bool,
    /// This game's own file among the unfinished games (resumed from it, or saved to it on
    /// leaving): see [`crate::store::unfinished`].
    autosave: Option<std::path::PathBuf>,
    /// The hold on that file while a resumed game is on screen, so that another grundy does
    /// not offer it too.
    claim: Option<Claim>,
    /// The file it was last saved to with `s` (or loaded from): saving there again needs no
    /// question, saving over another file does.
    saved_path: Option<std::path::PathBuf>,
    /// The moves when the game was last saved with `s` (or loaded): if they are still the
    /// moves, leaving loses nothing and needs no question.
    saved_moves: Option<Vec<String>>,
    /// The name it was saved or loaded under.
    name: Option<String>,
    /// The lesson whose final position this game is (from 0): leaving the game goes back to
    /// the Learn screen, which marks the lesson done if the player won.
    lesson: Option<usize>,
    /// The Lab this game was opened from (a program's failing case): leaving the game goes
    /// back to it.
    lab: Option<Box<Lab>>,
    /// A rules file's game the script stopped was kept among the unfinished games.
    stopped_kept: bool,
}

/// A game rebuilt from a save (the newest unfinished game the menu offers, or a save opened
/// from the list).
struct Resumable {
    game: Resumed,
    name: String,
    /// The game was counted in the statistics already (see [`Save::counted`]).
    counted: bool,
}

/// The game of a save: a built-in game on its board, or a rules file's game (its moves
/// played again by its worker once it is on screen).
enum Resumed {
    Game {
        game: Box<dyn GameScreen>,
        choice: MenuChoice,
    },
    Rules(Box<RulesPlay>),
}

/// A rules file's game the command line made ready (`grundy play --rules`: the script loaded
/// and its start read before the terminal is taken over), handed to the app to play.
#[derive(Clone)]
pub struct ReadyRules(std::sync::Arc<std::sync::Mutex<Option<Box<RulesPlay>>>>);

impl ReadyRules {
    pub fn new(play: RulesPlay) -> ReadyRules {
        ReadyRules(std::sync::Arc::new(std::sync::Mutex::new(Some(Box::new(
            play,
        )))))
    }

    /// The game, once: the app that plays it takes it.
    fn take(&self) -> Option<Box<RulesPlay>> {
        self.0.lock().ok()?.take()
    }
}

impl PartialEq for ReadyRules {
    fn eq(&self, other: &ReadyRules) -> bool {
        std::sync::Arc::ptr_eq(&self.0, &other.0)
    }
}

impl Eq for ReadyRules {}

impl std::fmt::Debug for ReadyRules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ReadyRules")
    }
}

/// What a confirmation asks about: leaving an unfinished game that is not saved, or saving
/// over another save.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Leave {
    Quit,
    NewGame,
    Restart,
    /// `s` with the name of an existing save of another game: replace it?
    Overwrite(String),
}

/// Where a copied code goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Clipboard {
    /// The terminal's clipboard, through an OSC 52 escape sequence on standard output.
    Terminal,
    /// Kept in memory (tests on a `TestBackend`).
    Record(Vec<String>),
}

/// The whole terminal game.
pub struct App {
    screen: Screen,
    help: Option<Help>,
    theme: Theme,
    /// Set when the game is to end, and why.
    exit: Option<Exit>,
    /// The last frame was the "terminal too small" message: the screen under it is not
    /// shown, so no key may act on it (only quit, help and a resize do anything).
    too_small: bool,
    ai_delay: Duration,
    /// F12 panics: for the test that a panic gives the terminal back (`GRUNDY_TEST_PANIC`).
    panic_key: bool,
    /// Where settings, saves and statistics live (disabled: nothing is read or written).
    store: Store,
    /// The settings as the file has them (defaults where it has none or a broken field).
    file_settings: Settings,
    /// The menu's settings when it started: a field the player changes from this is written.
    menu_start: Settings,
    /// The menu's settings now (kept while a game is played).
    menu_settings: Settings,
    /// What was wrong with the settings file, until a setting is written.
    settings_problem: Option<String>,
    stats: Stats,
    stats_problem: Option<String>,
    /// Finished games not yet written to the statistics file: another grundy held the data
    /// directory's lock (see [`App::write_counts`]).
    uncounted: Vec<crate::store::stats::Counted>,
    /// The game said it waits for another grundy's lock.
    waiting_lock: bool,
    /// Settings another grundy's lock kept from the file: written when it lets go.
    unwritten_settings: Option<Settings>,
    /// The newest unfinished game, offered first (its file is in `saves` too).
    resume: Option<((String, String), std::path::PathBuf)>,
    /// The saves list: the unfinished games and the games saved under a name, newest first.
    saves: Vec<Listed>,
    /// Why an unfinished game could not be resumed (its file is set aside).
    resume_problem: Option<String>,
    /// The unfinished game could not be saved on leaving: the exit says so.
    save_failed: bool,
    confirm: Option<Leave>,
    /// The command line's seed (`--seed`): the Lab's program checks use it too.
    seed: Option<u64>,
    /// The name being typed for `s` (save).
    prompt: Option<String>,
    clipboard: Clipboard,
    /// The leaving work (autosave, settings) was done.
    left: bool,
    /// What to tell on standard error once the terminal is given back.
    exit_note: Option<String>,
    /// Whether new games coach the player (tell about blunders).
    coach: bool,
}

/// The AI's least reply time in the real game, so the player sees their move land first.
pub const AI_DELAY: Duration = Duration::from_millis(300);

impl App {
    /// The app as the command line asks for it: the menu, or a game started at once. A bad
    /// position code or size is an error here, before the terminal is taken over.
    pub fn from_options(options: &PlayOptions, theme: Theme) -> anyhow::Result<App> {
        App::with_delay(options, theme, AI_DELAY)
    }

    /// [`App::from_options`] with the AI's least reply time (tests use zero). Keeps nothing
    /// between runs (no settings, saves or statistics): see [`App::with_store`].
    pub fn with_delay(
        options: &PlayOptions,
        theme: Theme,
        ai_delay: Duration,
    ) -> anyhow::Result<App> {
        App::with_store(
            options,
            theme,
            ai_delay,
            Store::disabled(),
            Loaded::default(),
        )
    }

    /// The app with its files in `store` and the settings read from there: the menu starts
    /// from `settings`, and `options` (the command line, already resolved over the settings)
    /// pick the game, who moves first, the level, hints and seed for this run.
    pub fn with_store(
        options: &PlayOptions,
        theme: Theme,
        ai_delay: Duration,
        store: Store,
        settings: Loaded,
    ) -> anyhow::Result<App> {
        let kind = match (options.game, &options.code, &options.load) {
            (_, _, Some(_)) => None,
            (Some(kind), _, _) => Some(kind),
            (None, Some(code), _) => Some(kind_of_code(code)?),
            (None, None, None) => None,
        };
        let mut settings = settings;
        if !settings.found {
            // A new player (no settings file yet): the menu offers a random board that perfect
            // play wins for them; once the menu writes the settings, these starts go with them.
            for setup in &mut settings.settings.setups {
                setup.start = crate::tui::board::Start::RandomWinning;
            }
        }
        // The command line's game takes its sizes and start from the same settings as the
        // menu's (`grundy play dag` starts as the menu's Tokens on a DAG would).
        let command_line = settings.settings.clone();
        let mut menu = Menu::from_settings(&settings.settings);
        menu.set_choices(options.first, options.level, options.hints, options.seed);
        let menu_start = menu.settings(&settings.settings);
        // Temporary files left by a grundy killed mid-write.
        store.clean_stale_temporaries();
        let (stats, stats_problem) = match store.stats_path() {
            Some(path) => {
                let loaded = Stats::load(&path);
                (loaded.stats, loaded.problem.map(|p| p.words()))
            }
            None => (Stats::default(), None),
        };
        let mut app = App {
            screen: Screen::Menu(menu.clone()),
            help: None,
            theme,
            exit: None,
            too_small: false,
            ai_delay,
            panic_key: false,
            store,
            menu_settings: menu_start.clone(),
            menu_start,
            coach: !options.no_coach && settings.settings.coaching,
            file_settings: settings.settings,
            settings_problem: settings.problem.map(|p| p.words()),
            stats,
            stats_problem,
            uncounted: Vec::new(),
            waiting_lock: false,
            unwritten_settings: None,
            resume: None,
            saves: Vec::new(),
            resume_problem: None,
            save_failed: false,
            confirm: None,
            seed: options.seed,
            prompt: None,
            clipboard: Clipboard::Record(Vec::new()),
            left: false,
            exit_note: None,
        };
        if let Some(start) = &options.practice {
            app.screen = if start.review {
                Screen::Review(Box::new(app.review_queue(start.game.as_deref())))
            } else {
                let mut practice = app.practice(start.game.as_deref());
                if start.weakest {
                    practice = practice.with_weakest();
                }
                practice.choose(start.kind, start.difficulty);
                if let Some(sheet) = &start.sheet {
                    practice.play_sheet(sheet.clone());
                }
                Screen::Practice(Box::new(practice))
            };
            return Ok(app);
        }
        if let Some(play) = options.rules.as_ref().and_then(ReadyRules::take) {
            // Esc goes back to the menu, as from any game the command line started.
            app.refresh_menu();
            let placeholder = app.placeholder();
            let back = Box::new(std::mem::replace(&mut app.screen, placeholder));
            app.screen = Screen::Rules {
                play,
                back,
                lesson: None,
                kept: Kept::default(),
            };
            return Ok(app);
        }
        if let Some(save) = &options.load {
            let resumed = app.resumable(save, &tr!("app.resume.the_save"))?;
            let kept = Kept {
                saved_moves: Some(save.moves.iter().map(|m| m.code.clone()).collect()),
                name: Some(save.name.clone()).filter(|n| !n.is_empty()),
                recorded: save.counted,
                saved_path: options.load_path.clone(),
                ..Kept::default()
            };
            app.screen = match resumed.game {
                Resumed::Game { game, choice } => Screen::Game { game, choice, kept },
                Resumed::Rules(play) => Screen::Rules {
                    play,
                    back: Box::new(app.placeholder()),
                    lesson: None,
                    kept,
                },
            };
            return Ok(app);
        }
        if let Some(start) = options.learn {
            let mut learn = Learn::new(&app.store);
            if let LearnStart::Lesson(i) = start {
                learn.open(i);
            }
            app.screen = Screen::Learn(Box::new(learn));
            return Ok(app);
        }
        let Some(kind) = kind else {
            app.refresh_menu();
            return Ok(app);
        };
        let mut setup = command_line.setup(kind);
        if !GameKind::ALL.contains(&kind) {
            // A game the menu lists in its heap family (Tokens on a DAG, Stair Nim, …) starts
            // as that family does.
            setup.start = command_line.setup(GameKind::Heaps).start;
        }
        if let Some(n) = options.n {
            match kind {
                GameKind::Dodgeball => setup.boxes = n,
                _ => setup.coins = n,
            }
        }
        if let Some(q) = options.maxq {
            setup.maxq = q;
        }
        if let Some(r) = options.rows {
            setup.rows = r;
        }
        if let Some(c) = options.cols {
            setup.cols = c;
        }
        // A seed asks for a random board: the same one on every install, whatever start the
        // settings file (or its absence: dodgeball's standard start) would give.
        match (options.start, options.seed) {
            (Some(start), _) => setup.start = start,
            (None, Some(_)) => setup.start = crate::tui::board::Start::Random,
            (None, None) => {}
        }
        setup.code = options.code.clone();
        let choice = MenuChoice {
            setup,
            first: options.first,
            level: options.level,
            hints: options.hints,
            seed: options.seed,
        };
        let (game, choice) = app.start(choice)?;
        app.screen = Screen::Game {
            game,
            choice,
            kept: Kept::default(),
        };
        Ok(app)
    }

    /// Copies go to the terminal's clipboard (the real game) instead of being kept in memory.
    pub fn copy_to_terminal(&mut self) {
        self.clipboard = Clipboard::Terminal;
    }

    /// The codes copied so far, when they are kept in memory (tests).
    pub fn copied(&self) -> &[String] {
        match &self.clipboard {
            Clipboard::Record(codes) => codes,
            Clipboard::Terminal => &[],
        }
    }

    /// What to tell the player on standard error after the terminal is given back (where the
    /// unfinished game went).
    pub fn exit_note(&self) -> Option<&str> {
        self.exit_note.as_deref()
    }

    /// A game rebuilt from a save: its start, then its moves replayed and checked.
    fn resumable(&self, save: &Save, what: &str) -> anyhow::Result<Resumable> {
        if let Some(origin) = &save.rules {
            let rules = crate::rules::examples::load_saved(origin)
                .map_err(|e| anyhow::anyhow!("{what}: {}", crate::cli::rules::render_error(&e)))?;
            let title = crate::rules::examples::saved_label(origin)
                .ok()
                .map(|key| crate::locale::text(key).into_owned());
            let play = RulesPlay::resume(rules, origin.clone(), save, self.coach)
                .map_err(|e| anyhow::anyhow!("{what}: {e}"))?
                .with_title(title);
            return Ok(Resumable {
                game: Resumed::Rules(Box::new(play)),
                name: save.name.clone(),
                counted: save.counted,
            });
        }
        let position = save.start_position()?;
        let mut setup = self.menu_settings.setup(position.kind());
        setup.code = Some(save.start.clone());
        let choice = MenuChoice {
            setup,
            first: save.first,
            level: save.level,
            hints: save.hints,
            seed: Some(save.seed),
        };
        let (mut game, choice) = self.start(choice)?;
        game.replay(&save.moves)
            .map_err(|e| anyhow::anyhow!("{what}: {e}"))?;
        Ok(Resumable {
            game: Resumed::Game { game, choice },
            name: save.name.clone(),
            counted: save.counted,
        })
    }

    /// Reads the unfinished games and the saves into the menu (the newest unfinished game as
    /// its Resume entry, all of them in its saves list), and puts the first problem with the
    /// files (settings, unfinished games, statistics) in the menu's notice line.
    fn refresh_menu(&mut self) {
        self.resume = None;
        self.resume_problem = None;
        // A rules file's game is checked against its script when it is resumed: the script
        // is never called on this thread.
        let (unfinished, problems) = unfinished::unfinished(&self.store, |save| match save.rules {
            Some(_) => Ok(()),
            None => save.final_position().map(|_| ()).map_err(|e| e.said()),
        });
        self.resume_problem = problems.first().map(|problem| problem.words());
        if let Some(newest) = unfinished.first() {
            let label = match &newest.save.rules {
                Some(_) => Ok(rules_resume_words(&newest.save)),
                None => self
                    .resumable(&newest.save, &tr!("app.resume.replay"))
                    .map(|r| match &r.game {
                        Resumed::Game { game, .. } => resume_words(game.as_ref(), &r.name),
                        Resumed::Rules(_) => rules_resume_words(&newest.save),
                    }),
            };
            match label {
                Ok(label) => self.resume = Some((label, newest.path.clone())),
                Err(e) => {
                    let name = newest
                        .path
                        .file_name()
                        .unwrap_or_default()
                        .to_string_lossy();
                    self.resume_problem = Some(
                        tr!(
                            "app.resume.cannot",
                            name = crate::input::escape_controls(&name),
                            error = format!("{e:#}")
                        )
                        .into_owned(),
                    );
                }
            }
        }
        let mut saves = unfinished;
        saves.extend(unfinished::named(&self.store));
        saves.sort_by_key(|b| std::cmp::Reverse(b.modified));
        self.saves = saves;
        let label = self.resume.as_ref().map(|(label, _)| label.clone());
        let listed: Vec<(String, String)> = self.saves.iter().map(listed_words).collect();
        let notice = self
            .settings_problem
            .clone()
            .or_else(|| self.resume_problem.clone())
            .or_else(|| self.stats_problem.clone());
        if let Screen::Menu(menu) = &mut self.screen {
            menu.set_resume(label);
            menu.set_saves(listed);
            menu.notice = notice;
            menu.stats = self.stats.clone();
        }
    }

    fn start(&self, mut choice: MenuChoice) -> anyhow::Result<(Box<dyn GameScreen>, MenuChoice)> {
        let seed = choice.seed.unwrap_or_else(|| rand::rng().random());
        choice.seed = Some(seed);
        let mut rng = ReplayRng::seed_from_u64(seed);
        let config = SessionConfig {
            first: match choice.first {
                First::You => Side::You,
                First::Ai => Side::Ai,
            },
            level: choice.level,
            // A different stream from the start position's, from the same seed.
            seed: seed ^ 0x9e37_79b9_7f4a_7c15,
            ai_delay: self.ai_delay,
        };
        let mut game = boards::start(&choice.setup, config, choice.hints, &mut rng)?;
        game.set_coach(self.coach);
        Ok((game, choice))
    }

    pub fn should_quit(&self) -> bool {
        self.exit.is_some()
    }

    /// Why the game ended, once it has.
    pub fn exit(&self) -> Option<Exit> {
        self.exit
    }

    /// The one way out of the game: quitting (after any confirmation), the terminal closing
    /// and the ending signals all come here, on the UI thread, before the terminal is given
    /// back (or, for a failed draw, just before the error is returned). This is the place to
    /// save an unfinished game: for [`Exit::TerminalClosed`] and [`Exit::Signal`] there is
    /// nobody left to ask.
    pub fn leave(&mut self, why: Exit) {
        self.count_finished_now(true);
        self.keep_unfinished();
        if self.exit.is_none() {
            self.exit = Some(why);
        }
    }

    /// Whether a worker thread is running (the loop then redraws often, for the spinner).
    pub fn busy(&self) -> bool {
        match &self.screen {
            Screen::Game { game, .. } => game.busy(),
            Screen::Rules { play, .. } => play.busy(),
            Screen::Lab(lab) => lab.busy(),
            _ => false,
        }
    }

    /// Takes in the workers' results. Returns whether anything changed.
    pub fn update(&mut self) -> bool {
        let changed = match &mut self.screen {
            Screen::Game { game, .. } => game.update(),
            Screen::Practice(practice) => {
                practice.tick(Instant::now());
                false
            }
            Screen::Rules { play, .. } => play.tick(Instant::now()),
            Screen::Lab(lab) => lab.tick(),
            Screen::Menu(_) | Screen::Learn(_) | Screen::Review(_) => false,
        };
        self.count_finished();
        self.keep_stopped_rules();
        self.write_counts();
        self.write_unwritten_settings();
        changed
    }

    /// Waits until the AI and the analyses are done, at most `timeout` (tests).
    pub fn settle(&mut self, timeout: Duration) {
        match &mut self.screen {
            Screen::Game { game, .. } => game.settle(timeout),
            // The worker's view and the AI's reply, without the pause the player sees.
            Screen::Rules { play, .. } => play.settle(timeout),
            // The program checked, to its report.
            Screen::Lab(lab) => lab.settle(timeout),
            _ => {}
        }
        self.count_finished();
    }

    /// The error of a rules file that stopped the game on screen, if one did.
    pub fn script_failure(&self) -> Option<&str> {
        match &self.screen {
            Screen::Rules { play, .. } => play.failure(),
            _ => None,
        }
    }

    /// Whether the game screen is on (not the menu).
    pub fn in_game(&self) -> bool {
        matches!(self.screen, Screen::Game { .. })
    }

    /// The Lab, when it is on screen (tests read what it says).
    pub fn lab(&self) -> Option<&Lab> {
        match &self.screen {
            Screen::Lab(lab) => Some(lab),
            _ => None,
        }
    }

    /// Whether the last frame was the "terminal too small" message.
    pub fn is_too_small(&self) -> bool {
        self.too_small
    }

    /// The one way to quit with q, from the menu, a game or a popup: asks first when that
    /// would leave an unfinished game that is not saved under a name.
    fn request_quit(&mut self) {
        self.help = None;
        self.ask_or_leave(Leave::Quit);
    }

    pub fn handle_event(&mut self, event: Event) {
        if self.too_small {
            // Nothing under the message may be played blind: a resize redraws (the loop
            // draws after every event), q and Ctrl-C quit, ? opens or closes the help.
            if let Event::Key(key) = event
                && key.is_press()
            {
                let action = keymap::action(&key, self.in_game());
                if keymap::is_interrupt(&key) || action == Some(Action::Quit) {
                    // No popup could be answered under the message: quit (saving the game).
                    self.help = None;
                    self.leave(Exit::Quit);
                } else if action == Some(Action::Help) && self.help.is_some() {
                    self.help = None;
                } else if action == Some(Action::Help) || self.help.is_some() {
                    self.handle_key(key);
                }
            }
            return;
        }
        match event {
            Event::Key(key) if key.is_press() => self.handle_key(key),
            // A question or the save prompt waits for its keys; the mouse does nothing.
            Event::Mouse(_) if self.confirm.is_some() || self.prompt.is_some() => {}
            Event::Mouse(mouse) => {
                let at = ScreenPosition::new(mouse.column, mouse.row);
                let input = match mouse.kind {
                    MouseEventKind::Down(MouseButton::Left) => ScreenInput::Click(at),
                    MouseEventKind::ScrollDown => ScreenInput::Wheel { down: true, at },
                    MouseEventKind::ScrollUp => ScreenInput::Wheel { down: false, at },
                    _ => return,
                };
                if let Some(help) = &mut self.help {
                    if let ScreenInput::Wheel { down, .. } = input {
                        help.scroll_by(down);
                    }
                    return;
                }
                match &mut self.screen {
                    Screen::Menu(menu) => {
                        if let ScreenInput::Click(at) = input {
                            match menu.click(at) {
                                MenuEvent::Start(choice) => self.start_from_menu(choice),
                                MenuEvent::Resume => self.resume_from_menu(),
                                MenuEvent::Open(i) => self.open_from_menu(i),
                                MenuEvent::Practice => self.practice_from_menu(),
                                MenuEvent::Learn => self.open_learn(),
                                MenuEvent::Lab => self.open_lab(),
                                MenuEvent::None => {}
                            }
                        }
                    }
                    Screen::Practice(_) | Screen::Review(_) => {}
                    Screen::Learn(_) => {}
                    Screen::Lab(_) | Screen::Rules { .. } => {}
                    Screen::Game { game, .. } => {
                        let event = game.handle(input, &self.theme);
                        self.after_game_event(event);
                    }
                }
            }
            // grundy does not turn bracketed paste on; a terminal left with it on sends a
            // paste marked, and it is typed, as it was before the reader knew the markers.
            Event::Paste(text) => {
                for c in text.chars() {
                    let key = match c {
                        '\r' | '\n' => KeyEvent::from(KeyCode::Enter),
                        '\t' => KeyEvent::from(KeyCode::Tab),
                        c if c.is_control() => continue,
                        // As the reader gives a typed capital.
                        c if c.is_ascii_uppercase() => {
                            KeyEvent::new(KeyCode::Char(c), KeyModifiers::SHIFT)
                        }
                        c => KeyEvent::from(KeyCode::Char(c)),
                    };
                    self.handle_event(Event::Key(key));
                }
            }
            _ => {}
        }
    }

    /// Makes F12 panic, so a test can check what a crash leaves of the terminal.
    pub fn panic_on_f12(&mut self) {
        self.panic_key = true;
    }

    fn handle_key(&mut self, key: KeyEvent) {
        if self.panic_key && key.code == KeyCode::F(12) {
            panic!("F12 pressed with GRUNDY_TEST_PANIC set");
        }
        if keymap::is_interrupt(&key) {
            self.leave(Exit::Quit);
            return;
        }
        if self.prompt.is_some() {
            self.prompt_key(key);
            return;
        }
        if let Some(leave) = self.confirm.clone() {
            match key.code {
                KeyCode::Char('y' | 'Y') => {
                    self.confirm = None;
                    self.leave_game(leave);
                }
                KeyCode::Char('n' | 'N') | KeyCode::Esc => self.confirm = None,
                _ => {}
            }
            return;
        }
        // A rule being typed in the Lab takes every key (q and ? may be in a rule).
        if let Screen::Lab(lab) = &mut self.screen
            && lab.is_typing()
            && self.help.is_none()
        {
            // A typed path opens its rules file with Enter.
            let event = lab.handle_key(key, None);
            self.after_lab_event(event);
            return;
        }
        // An octal code typed in the menu takes its letters and marks (a–f, '.', '{', '}').
        if let Screen::Menu(menu) = &mut self.screen
            && self.help.is_none()
            && let KeyCode::Char(c) = key.code
            && !key
                .modifiers
                .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
            && menu.type_code_char(c)
        {
            return;
        }
        let in_game = self.in_game();
        let action = keymap::action(&key, in_game);
        if let Some(help) = &mut self.help {
            match action {
                // q quits from the help as from everywhere else, as the help says.
                Some(Action::Quit) => self.request_quit(),
                Some(Action::Back | Action::Help | Action::Select) => self.help = None,
                Some(Action::Up) => help.scroll_by(false),
                Some(Action::Down) => help.scroll_by(true),
                Some(Action::PageUp) => help.scroll_lines(false, 10),
                Some(Action::PageDown) => help.scroll_lines(true, 10),
                Some(Action::Home) => help.scroll_lines(false, u16::MAX),
                Some(Action::End) => help.scroll_lines(true, u16::MAX),
                _ => {}
            }
            return;
        }
        match action {
            Some(Action::Quit) => {
                self.request_quit();
                return;
            }
            Some(Action::Help) => {
                self.help = Some(match &self.screen {
                    Screen::Menu(_)
                    | Screen::Learn(_)
                    | Screen::Practice(_)
                    | Screen::Review(_) => Help::new("grundy".to_string(), &[], None),
                    Screen::Lab(_) => Help::lab(),
                    Screen::Rules { .. } => Help::rules_file(),
                    Screen::Game { game, .. } => {
                        Help::new(game.kind().words(), game.rules(), Some(game.kind()))
                            .with_code(&game.position_code())
                            .with_details(game.details(&self.theme))
                    }
                });
                return;
            }
            _ => {}
        }
        match &mut self.screen {
            Screen::Menu(menu) => {
                let digit = match key.code {
                    KeyCode::Char(c) => c.to_digit(10),
                    _ => None,
                };
                match menu.handle(action, digit) {
                    MenuEvent::Start(choice) => self.start_from_menu(choice),
                    MenuEvent::Resume => self.resume_from_menu(),
                    MenuEvent::Open(i) => self.open_from_menu(i),
                    MenuEvent::Learn => self.open_learn(),
                    MenuEvent::Practice => self.practice_from_menu(),
                    MenuEvent::Lab => self.open_lab(),
                    MenuEvent::None => {}
                }
            }
            Screen::Learn(learn) => match learn.handle_key(key) {
                LearnEvent::None => {}
                LearnEvent::Menu => {
                    self.screen = Screen::Menu(Menu::from_settings(&self.menu_settings));
                    self.refresh_menu();
                    // After the refresh, which puts the focus on Resume when there is one.
                    if let Screen::Menu(menu) = &mut self.screen {
                        menu.focus_learn();
                    }
                }
                LearnEvent::Play { lesson, code } => self.start_lesson_game(lesson, &code),
                LearnEvent::Open { code } => self.open_lesson_rules(None, &code),
            },
            Screen::Lab(lab) => {
                let event = lab.handle_key(key, keymap::lab_action(&key));
                self.after_lab_event(event);
            }
            Screen::Rules { play, kept, .. } => match play.press(key) {
                RulesEvent::Leave => self.leave_rules(),
                RulesEvent::Save => {
                    if self.store.saves_dir().is_some() {
                        self.prompt = Some(kept.name.clone().unwrap_or_else(date_stamp));
                    } else {
                        play.set_note(tr!("app.save.off").into_owned());
                    }
                }
                RulesEvent::None => {}
            },
            Screen::Practice(practice) => {
                // Practice pages through lists as a game does (PgUp, Home, End).
                match practice.handle_key(key, keymap::action(&key, true)) {
                    PracticeEvent::Leave => {
                        self.screen = Screen::Menu(Menu::from_settings(&self.menu_settings));
                        self.refresh_menu();
                    }
                    PracticeEvent::Review => {
                        self.screen = Screen::Review(Box::new(self.review_queue(None)));
                    }
                    PracticeEvent::None => {}
                }
            }
            Screen::Review(review) => {
                // Back to Practice, where the count of due items is read again.
                if review.handle_key(key, keymap::action(&key, true)) == ReviewEvent::Leave {
                    self.screen = Screen::Practice(Box::new(self.practice(None)));
                }
            }
            Screen::Game { game, kept, .. } => match action {
                Some(Action::NewGame) => self.ask_or_leave(Leave::NewGame),
                Some(Action::Restart) => self.ask_or_leave(Leave::Restart),
                Some(Action::Save) => {
                    if self.store.saves_dir().is_some() {
                        self.prompt = Some(kept.name.clone().unwrap_or_else(date_stamp));
                    } else {
                        game.set_message(tr!("app.save.off").into_owned());
                    }
                }
                Some(Action::Copy) => self.copy_code(),
                Some(Action::Coach) => {
                    game.handle(ScreenInput::Action(Action::Coach), &self.theme);
                    let on = game.coach();
                    self.save_coaching(on);
                }
                Some(action) => {
                    let event = game.handle(ScreenInput::Action(action), &self.theme);
                    self.after_game_event(event);
                }
                // Digits and Backspace choose a move by its number.
                None => {
                    let digit = match key.code {
                        KeyCode::Char(c) => c.to_digit(10).map(|d| Some(d as u8)),
                        KeyCode::Backspace => Some(None),
                        _ => None,
                    };
                    if let Some(digit) = digit {
                        let event = game.handle(ScreenInput::Digit(digit), &self.theme);
                        self.after_game_event(event);
                    }
                }
            },
        }
        self.count_finished();
    }

    /// Leaves the game (or quits) at once, or first asks when that would leave an unfinished
    /// game that is not saved under a name.
    fn ask_or_leave(&mut self, leave: Leave) {
        if self.unsaved() {
            self.confirm = Some(leave);
        } else {
            self.leave_game(leave);
        }
    }

    fn leave_game(&mut self, leave: Leave) {
        if let Leave::Overwrite(name) = leave {
            self.write_save(&name);
            return;
        }
        // A finished game whose last verdict is still being judged is counted before it
        // goes (a restarted game counts again when it ends).
        self.count_finished_now(true);
        match leave {
            Leave::Overwrite(_) => {}
            Leave::Quit => self.leave(Exit::Quit),
            Leave::NewGame => self.back_to_menu(),
            Leave::Restart => {
                if let Screen::Game { game, kept, .. } = &mut self.screen {
                    game.handle(ScreenInput::Action(Action::Restart), &self.theme);
                    kept.recorded = false;
                }
            }
        }
    }

    /// Practice with its records in the data directory, on `game` (all games: `None`).
    fn practice(&self, game: Option<&str>) -> Practice {
        Practice::new(self.store.drills_path(), game, rand::rng().random())
            .with_review(self.store.review_path())
    }

    /// The review queue kept in the data directory, of `game`'s items (all: `None`); with
    /// hints off it does not tell who wins before an answer.
    fn review_queue(&self, game: Option<&str>) -> ReviewQueue {
        ReviewQueue::new(self.store.review_path(), game, self.menu_settings.hints)
            .with_drills(self.store.drills_path())
    }

    /// The menu's Practice entry.
    fn practice_from_menu(&mut self) {
        self.save_settings();
        self.screen = Screen::Practice(Box::new(self.practice(None)));
    }

    /// Back to the menu after a game: an unfinished one is saved for Resume first. A lesson's
    /// game goes back to the Learn screen instead, which counts a win.
    fn back_to_menu(&mut self) {
        // Whether this save fails (not an earlier one), kept for the exit as before.
        let failed_before = std::mem::take(&mut self.save_failed);
        let note = self.autosave();
        let failed = self.save_failed;
        self.save_failed |= failed_before;
        if let Screen::Game { kept, .. } = &mut self.screen
            && let Some(lab) = kept.lab.take()
        {
            self.screen = Screen::Lab(lab);
            return;
        }
        let Screen::Game { choice, kept, game } = &self.screen else {
            return;
        };
        if let Some(lesson) = kept.lesson {
            let won = game.winner().map(|winner| winner == Side::You);
            let mut learn = Learn::new(&self.store);
            learn.after_game(lesson, won);
            self.screen = Screen::Learn(Box::new(learn));
            return;
        }
        let mut menu = Menu::from_settings(&self.menu_settings);
        menu.return_to(choice);
        self.screen = Screen::Menu(menu);
        self.refresh_menu();
        if let (Some(note), Screen::Menu(menu)) = (note, &mut self.screen)
            && failed
        {
            menu.error = Some(tr!("app.warning", note = note).into_owned());
        }
    }

    /// Resumes the newest unfinished game (the menu's Resume entry).
    fn resume_from_menu(&mut self) {
        if let Some((_, path)) = self.resume.take() {
            self.open_file(&path, true);
        }
    }

    /// Opens the save `i` of the menu's list.
    fn open_from_menu(&mut self, i: usize) {
        if let Some(listed) = self.saves.get(i) {
            let (path, unfinished) = (listed.path.clone(), listed.unfinished);
            self.open_file(&path, unfinished);
        }
    }

    /// An error on the menu's screen (refreshed first: the files may have changed).
    fn menu_error(&mut self, message: &str) {
        self.refresh_menu();
        if let Screen::Menu(menu) = &mut self.screen {
            menu.error = Some(message.to_string());
        }
    }

    /// A key while the save name is typed.
    fn prompt_key(&mut self, key: KeyEvent) {
        let Some(name) = &mut self.prompt else {
            return;
        };
        match key.code {
            KeyCode::Esc => self.prompt = None,
            KeyCode::Enter => {
                let name = name.trim().to_string();
                self.prompt = None;
                self.save_as(&name);
            }
            KeyCode::Backspace => {
                name.pop();
            }
            KeyCode::Char(c) if super::keymap::types_text(&key) && name.chars().count() < 60 => {
                name.push(c)
            }
            _ => {}
        }
    }

    /// Copies the position's code to the clipboard and shows it.
    fn copy_code(&mut self) {
        let Screen::Game { game, .. } = &mut self.screen else {
            return;
        };
        let code = game.position_code();
        let sent = match &mut self.clipboard {
            Clipboard::Terminal => crossterm::execute!(
                io::stdout(),
                crossterm::clipboard::CopyToClipboard::to_clipboard_from(code.as_bytes())
            ),
            Clipboard::Record(codes) => {
                codes.push(code.clone());
                Ok(())
            }
        };
        game.set_message(match sent {
            Ok(()) => tr!("app.copied", code = shorten_code(&code, 60)).into_owned(),
            Err(e) => {
                tr!("app.copy_failed", error = e, code = shorten_code(&code, 60)).into_owned()
            }
        });
    }

    fn start_from_menu(&mut self, choice: MenuChoice) {
        self.save_settings();
        match self.start(choice) {
            Ok((game, choice)) => {
                self.screen = Screen::Game {
                    game,
                    choice,
                    kept: Kept::default(),
                }
            }
            Err(e) => {
                if let Screen::Menu(menu) = &mut self.screen {
                    menu.error = Some(format!("{e:#}"));
                }
            }
        }
    }

    fn after_lab_event(&mut self, event: LabEvent) {
        match event {
            LabEvent::None => {}
            LabEvent::Menu => {
                self.screen = Screen::Menu(Menu::from_settings(&self.menu_settings));
                self.refresh_menu();
            }
            LabEvent::Play(opened) => self.play_rules(*opened),
            LabEvent::PlayCode(code) => self.play_from_lab(&code),
        }
    }

    /// Plays a position the Lab found (a program's failing case) with the menu's choices,
    /// you first; leaving the game comes back to the Lab as it was.
    fn play_from_lab(&mut self, code: &str) {
        let started = kind_of_code(code).and_then(|kind| {
            let mut setup = self.menu_settings.setup(kind);
            setup.code = Some(code.to_string());
            self.start(MenuChoice {
                setup,
                first: First::You,
                level: self.menu_settings.level,
                hints: self.menu_settings.hints,
                seed: self.seed,
            })
        });
        match started {
            Ok((game, choice)) => {
                let placeholder = self.placeholder();
                let Screen::Lab(lab) = std::mem::replace(&mut self.screen, placeholder) else {
                    return;
                };
                self.screen = Screen::Game {
                    game,
                    choice,
                    kept: Kept {
                        lab: Some(lab),
                        ..Kept::default()
                    },
                }
            }
            Err(e) => {
                if let Screen::Lab(lab) = &mut self.screen {
                    lab.set_check_error(format!("{e:#}"));
                }
            }
        }
    }

    /// Plays a rules file the Lab (or a lesson) opened, the player first, with the menu's
    /// hints and the coach as set; the screen before comes back with Esc. A start the AI
    /// cannot search is said on the screen before, which stays.
    fn play_rules(&mut self, opened: OpenedRules) {
        let OpenedRules {
            rules,
            start,
            title,
            origin,
        } = opened;
        let game = RulesPlay::new(
            rules,
            start,
            First::You,
            self.menu_settings.hints,
            self.coach,
            self.seed,
        );
        match game {
            Ok(game) => {
                let placeholder = self.placeholder();
                let back = std::mem::replace(&mut self.screen, placeholder);
                self.screen = Screen::Rules {
                    play: Box::new(game.with_title(title).with_origin(origin)),
                    back: Box::new(back),
                    lesson: None,
                    kept: Kept::default(),
                };
            }
            Err(e) => {
                let error = crate::cli::rules::render_error(&e);
                if let Screen::Lab(lab) = &mut self.screen {
                    lab.set_rules_error(error);
                }
            }
        }
    }

    /// A screen to hold the place while the one on screen is moved.
    fn placeholder(&self) -> Screen {
        Screen::Menu(Menu::from_settings(&self.menu_settings))
    }

    /// Leaves a rules file's game for the screen that opened it; an unfinished game is
    /// kept for Resume first, as a game left for the menu is.
    fn leave_rules(&mut self) {
        self.autosave();
        let placeholder = self.placeholder();
        let screen = std::mem::replace(&mut self.screen, placeholder);
        if let Screen::Rules {
            back, lesson, play, ..
        } = screen
        {
            self.screen = *back;
            if let (Some(lesson), Screen::Learn(learn)) = (lesson, &mut self.screen) {
                let won = play.ending().map(|e| e == crate::tui::rules::Ending::Won);
                learn.after_game(lesson, won);
            }
        }
    }

    /// Plays a lesson's rules file position (`FILE:POSITION`, or `rules:FILE:POSITION` for
    /// the final game of `lesson`) against the perfect AI, the learner first and without
    /// hints, as a lesson's game is; Esc comes back to the lesson.
    fn open_lesson_rules(&mut self, lesson: Option<usize>, code: &str) {
        let started = crate::learn::rules_code(code)
            .ok_or_else(|| code.to_string())
            .and_then(|(example, text)| {
                let words = |e: crate::rules::RulesError| crate::cli::rules::render_error(&e);
                let rules = example.rules().map_err(words)?;
                let position = rules.parse_position(text).map_err(words)?;
                let title = crate::tui::lab::example_title(example);
                let start = crate::rules::solve::Node::new(position, 0);
                let origin = crate::store::save::SavedRules::Example(example.file.to_string());
                RulesPlay::new(rules, start, First::You, false, self.coach, None)
                    .map(|game| game.with_title(Some(title)).with_origin(Some(origin)))
                    .map_err(words)
            });
        match started {
            Ok(game) => {
                let placeholder = self.placeholder();
                let back = std::mem::replace(&mut self.screen, placeholder);
                self.screen = Screen::Rules {
                    play: Box::new(game),
                    back: Box::new(back),
                    lesson,
                    kept: Kept::default(),
                };
            }
            Err(error) => {
                if let Screen::Learn(learn) = &mut self.screen {
                    learn.game_failed(&error);
                }
            }
        }
    }

    /// The Lab (the menu's Lab entry).
    fn open_lab(&mut self) {
        self.save_settings();
        self.screen = Screen::Lab(Box::new(Lab::new().with_seed(self.seed)));
    }

    /// The Learn screen (the menu's Learn entry).
    fn open_learn(&mut self) {
        self.save_settings();
        self.screen = Screen::Learn(Box::new(Learn::new(&self.store)));
    }

    /// Starts the final game of `lesson` from `code`: the learner moves first against the
    /// perfect AI, without hints.
    fn start_lesson_game(&mut self, lesson: usize, code: &str) {
        if code.starts_with("rules:") {
            self.open_lesson_rules(Some(lesson), code);
            return;
        }
        let started = kind_of_code(code).and_then(|kind| {
            let mut setup = self.menu_settings.setup(kind);
            setup.code = Some(code.to_string());
            self.start(MenuChoice {
                setup,
                first: First::You,
                level: crate::ai::Level::Perfect,
                hints: false,
                seed: None,
            })
        });
        match started {
            Ok((mut game, choice)) => {
                game.set_in_lesson();
                self.screen = Screen::Game {
                    game,
                    choice,
                    kept: Kept {
                        lesson: Some(lesson),
                        ..Kept::default()
                    },
                }
            }
            Err(e) => {
                if let Screen::Learn(learn) = &mut self.screen {
                    learn.game_failed(&format!("{e:#}"));
                }
            }
        }
    }

    fn after_game_event(&mut self, event: ScreenEvent) {
        // A blunder taken back (`t`) goes to the review queue at once, whether or not the
        // game is finished later.
        if let Screen::Game { game, .. } = &mut self.screen {
            let items =
                game.taken_back_items(crate::review::Clock::now(&crate::review::SystemClock));
            self.remember(items);
        }
        if event == ScreenEvent::NewGame {
            self.ask_or_leave(Leave::NewGame);
        }
    }

    /// Handles one input.
    pub fn handle_input(&mut self, input: Input) {
        match input {
            Input::Event(event) => self.handle_event(event),
            Input::End(why) => self.leave(why),
        }
    }

    /// The event loop: draw, wait for an event (briefly while the AI thinks, to animate the
    /// spinner), handle it and everything else already waiting, until the game ends; returns
    /// why it ended.
    pub fn run<B: Backend, E: EventSource>(
        &mut self,
        terminal: &mut Terminal<B>,
        events: &mut E,
    ) -> anyhow::Result<Exit>
    where
        B::Error: Send + Sync + 'static,
    {
        loop {
            if let Some(exit) = self.exit {
                return Ok(exit);
            }
            self.update();
            if let Err(e) = terminal.draw(|frame| self.draw(frame)) {
                self.leave(Exit::TerminalClosed);
                return Err(e.into());
            }
            let timeout = if self.busy() {
                Duration::from_millis(80)
            } else {
                Duration::from_millis(250)
            };
            let Some(first) = events.next(timeout)? else {
                continue;
            };
            self.handle_input(first);
            let started = Instant::now();
            for _ in 1..DRAIN_EVENTS {
                if self.exit.is_some() || started.elapsed() > DRAIN_TIME {
                    break;
                }
                self.update();
                match events.next(Duration::ZERO)? {
                    Some(input) => self.handle_input(input),
                    None => break,
                }
            }
        }
    }
}

/// The menu's Resume entry for a built-in game: the game, its size and the move to come;
/// the save's name and its moves.
fn resume_words(game: &dyn GameScreen, name: &str) -> (String, String) {
    let moves = game.moves_played();
    (
        tr!(
            "app.resume.label",
            game = game.kind().words(),
            size = game.summary(),
            n = moves + 1
        )
        .into_owned(),
        moved_words(name, moves),
    )
}

/// The save's name and how many moves it holds.
fn moved_words(name: &str, moves: usize) -> String {
    if moves == 1 {
        tr!(
            "app.resume.detail_one",
            name = crate::input::escape_controls(name)
        )
    } else {
        tr!(
            "app.resume.detail",
            name = crate::input::escape_controls(name),
            moves = moves
        )
    }
    .into_owned()
}

/// The Resume entry for a rules file's game, from its save alone (the script is not run).
fn rules_resume_words(save: &Save) -> (String, String) {
    (
        rules_save_title(save, save.moves.len()),
        moved_words(&save.name, save.moves.len()),
    )
}

/// A rules file's saved game in words: the example's title or the file's name, and the move
/// to come.
fn rules_save_title(save: &Save, moves: usize) -> String {
    let title = match save.rules.as_ref().map(crate::rules::examples::saved_label) {
        Some(Ok(key)) => crate::locale::text(key).into_owned(),
        Some(Err(file)) => crate::input::escape_controls(&file),
        None => "?".to_string(),
    };
    tr!("app.resume.rules_label", game = title, n = moves + 1).into_owned()
}

/// A save of the menu's list in words: the game, its size and move number; then whether it
/// was left unfinished or saved under a name, its name and its date. Names come from files:
/// their control characters are shown escaped.
fn listed_words(listed: &Listed) -> (String, String) {
    let save = &listed.save;
    // As the Resume entry says it: the game's title, then its board's summary (a heap game's
    // summary names its rule).
    let line = if save.rules.is_some() {
        rules_save_title(save, save.moves.len())
    } else {
        let (title, size) = match crate::games::AnyPosition::from_code(&save.start) {
            Ok(position) => (position.kind().words(), boards::summary_of(&position)),
            Err(_) => ("?".to_string(), String::new()),
        };
        tr!(
            "app.resume.label",
            game = title,
            size = size,
            n = save.moves.len() + 1
        )
        .into_owned()
    };
    let name = crate::input::escape_controls(&save.name);
    let date = crate::store::time_words(listed.modified);
    let detail = if listed.unfinished {
        tr!("app.saves.unfinished", date = date, name = name)
    } else {
        tr!("app.saves.named", date = date, name = name)
    }
    .into_owned();
    (line, detail)
}

/// The game named by a code's prefix (`coins:…` → coins).
fn kind_of_code(code: &str) -> anyhow::Result<GameKind> {
    GameKind::of_code(code).ok_or_else(|| {
        anyhow::anyhow!(
            "bad position code '{}': it must start with coins:, grid:, dodgeball: or a heap \
             game (nim:, kayles:, …)",
            crate::input::excerpt(code.as_bytes(), 40)
        )
    })
}
