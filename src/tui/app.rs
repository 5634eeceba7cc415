//! The app: the menu or a game on screen, the help popup over it, and the event loop. The loop
//! is generic over ratatui's `Backend` and over where events come from, so tests drive it on a
//! `TestBackend` with scripted events.

use std::io;
use std::time::Duration;

use crossterm::event::{Event, KeyCode, KeyEvent, MouseButton, MouseEventKind};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use ratatui::backend::Backend;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position as ScreenPosition, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};
use ratatui::{Frame, Terminal};

use crate::games::GameKind;
use crate::tui::board::{GameSetup, Side};
use crate::tui::boards;
use crate::tui::help::Help;
use crate::tui::keymap::{self, Action};
use crate::tui::menu::{Menu, MenuChoice, MenuEvent};
use crate::tui::screen::{GameScreen, ScreenEvent, ScreenInput};
use crate::tui::session::SessionConfig;
use crate::tui::theme::Theme;
use crate::tui::{First, PlayOptions};

/// Where the loop's events come from.
pub trait EventSource {
    /// The next event, or `None` after `timeout` without one.
    fn next(&mut self, timeout: Duration) -> io::Result<Option<Event>>;
}

/// Events from the real terminal.
pub struct CrosstermEvents;

impl EventSource for CrosstermEvents {
    fn next(&mut self, timeout: Duration) -> io::Result<Option<Event>> {
        if crossterm::event::poll(timeout)? {
            crossterm::event::read().map(Some)
        } else {
            Ok(None)
        }
    }
}

/// What is on screen.
enum Screen {
    Menu(Menu),
    Game {
        game: Box<dyn GameScreen>,
        choice: MenuChoice,
    },
}

/// The whole terminal game.
pub struct App {
    screen: Screen,
    help: Option<Help>,
    theme: Theme,
    quit: bool,
    ai_delay: Duration,
    /// F12 panics: for the test that a panic gives the terminal back (`GRUNDY_TEST_PANIC`).
    panic_key: bool,
}

/// The AI's least reply time in the real game, so the player sees their move land first.
pub const AI_DELAY: Duration = Duration::from_millis(300);

impl App {
    /// The app as the command line asks for it: the menu, or a game started at once. A bad
    /// position code or size is an error here, before the terminal is taken over.
    pub fn from_options(options: &PlayOptions, theme: Theme) -> anyhow::Result<App> {
        App::with_delay(options, theme, AI_DELAY)
    }

    /// [`App::from_options`] with the AI's least reply time (tests use zero).
    pub fn with_delay(
        options: &PlayOptions,
        theme: Theme,
        ai_delay: Duration,
    ) -> anyhow::Result<App> {
        let kind = match (options.game, &options.code) {
            (Some(kind), _) => Some(kind),
            (None, Some(code)) => Some(kind_of_code(code)?),
            (None, None) => None,
        };
        let mut menu = Menu::new(options.first, options.level, options.hints, options.seed);
        let mut app = App {
            screen: Screen::Menu(menu.clone()),
            help: None,
            theme,
            quit: false,
            ai_delay,
            panic_key: false,
        };
        let Some(kind) = kind else {
            return Ok(app);
        };
        let mut setup = GameSetup::new(kind);
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
        if let Some(start) = options.start {
            setup.start = start;
        }
        setup.code = options.code.clone();
        menu.set_setup(setup.clone());
        let choice = MenuChoice {
            setup,
            first: options.first,
            level: options.level,
            hints: options.hints,
            seed: options.seed,
        };
        app.screen = app.start(choice)?;
        Ok(app)
    }

    fn start(&self, mut choice: MenuChoice) -> anyhow::Result<Screen> {
        let seed = choice.seed.unwrap_or_else(|| rand::rng().random());
        choice.seed = Some(seed);
        let mut rng = StdRng::seed_from_u64(seed);
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
        let game = boards::start(&choice.setup, config, choice.hints, &mut rng)?;
        Ok(Screen::Game { game, choice })
    }

    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Whether a worker thread is running (the loop then redraws often, for the spinner).
    pub fn busy(&self) -> bool {
        matches!(&self.screen, Screen::Game { game, .. } if game.busy())
    }

    /// Takes in the workers' results. Returns whether anything changed.
    pub fn update(&mut self) -> bool {
        match &mut self.screen {
            Screen::Game { game, .. } => game.update(),
            Screen::Menu(_) => false,
        }
    }

    /// Waits until the AI and the analyses are done, at most `timeout` (tests).
    pub fn settle(&mut self, timeout: Duration) {
        if let Screen::Game { game, .. } = &mut self.screen {
            game.settle(timeout);
        }
    }

    /// Whether the game screen is on (not the menu).
    pub fn in_game(&self) -> bool {
        matches!(self.screen, Screen::Game { .. })
    }

    pub fn handle_event(&mut self, event: Event) {
        match event {
            Event::Key(key) if key.is_press() => self.handle_key(key),
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
                        if let ScreenInput::Click(at) = input
                            && let MenuEvent::Start(choice) = menu.click(at)
                        {
                            self.start_from_menu(choice);
                        }
                    }
                    Screen::Game { game, .. } => {
                        let event = game.handle(input, &self.theme);
                        self.after_game_event(event);
                    }
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
            self.quit = true;
            return;
        }
        let in_game = self.in_game();
        let action = keymap::action(&key, in_game);
        if let Some(help) = &mut self.help {
            match action {
                Some(Action::Back | Action::Help | Action::Select | Action::Quit) => {
                    self.help = None
                }
                Some(Action::Up) => help.scroll_by(false),
                Some(Action::Down) => help.scroll_by(true),
                _ => {}
            }
            return;
        }
        match action {
            Some(Action::Quit) => {
                self.quit = true;
                return;
            }
            Some(Action::Help) => {
                self.help = Some(match &self.screen {
                    Screen::Menu(_) => Help::new("grundy".to_string(), &[], None),
                    Screen::Game { game, .. } => Help::new(
                        game.kind().title().to_string(),
                        game.rules(),
                        Some(game.kind()),
                    )
                    .with_code(&game.position_code()),
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
                if let MenuEvent::Start(choice) = menu.handle(action, digit) {
                    self.start_from_menu(choice);
                }
            }
            Screen::Game { game, .. } => {
                if let Some(action) = action {
                    let event = game.handle(ScreenInput::Action(action), &self.theme);
                    self.after_game_event(event);
                }
            }
        }
    }

    fn start_from_menu(&mut self, choice: MenuChoice) {
        match self.start(choice) {
            Ok(screen) => self.screen = screen,
            Err(e) => {
                if let Screen::Menu(menu) = &mut self.screen {
                    menu.error = Some(format!("{e:#}"));
                }
            }
        }
    }

    fn after_game_event(&mut self, event: ScreenEvent) {
        if event == ScreenEvent::NewGame
            && let Screen::Game { choice, .. } = &self.screen
        {
            let mut choice = choice.clone();
            choice.seed = None;
            self.screen = Screen::Menu(Menu::after(&choice));
        }
    }

    /// The smallest screen the current screen fits on.
    pub fn min_size(&self) -> (u16, u16) {
        match &self.screen {
            Screen::Menu(_) => Menu::min_size(),
            Screen::Game { game, .. } => game.min_size(),
        }
    }

    /// Draws everything.
    pub fn draw(&mut self, frame: &mut Frame) {
        let area = frame.area();
        self.draw_area(area, frame.buffer_mut());
    }

    fn draw_area(&mut self, area: Rect, buf: &mut Buffer) {
        let (w, h) = self.min_size();
        if area.width < w || area.height < h {
            too_small(area, buf, (w, h), &self.theme);
            return;
        }
        match &mut self.screen {
            Screen::Menu(menu) => menu.draw(area, buf, &self.theme),
            Screen::Game { game, .. } => game.draw(area, buf, &self.theme),
        }
        if let Some(help) = &self.help {
            help.draw(area, buf, &self.theme);
        }
    }

    /// The event loop: draw, wait for an event (briefly while the AI thinks, to animate the
    /// spinner), handle it, until the player quits.
    pub fn run<B: Backend, E: EventSource>(
        &mut self,
        terminal: &mut Terminal<B>,
        events: &mut E,
    ) -> anyhow::Result<()>
    where
        B::Error: Send + Sync + 'static,
    {
        while !self.quit {
            self.update();
            terminal.draw(|frame| self.draw(frame))?;
            let timeout = if self.busy() {
                Duration::from_millis(80)
            } else {
                Duration::from_millis(250)
            };
            if let Some(event) = events.next(timeout)? {
                self.handle_event(event);
            }
        }
        Ok(())
    }
}

/// The game named by a code's prefix (`coins:…` → coins).
fn kind_of_code(code: &str) -> anyhow::Result<GameKind> {
    let name = code.split(':').next().unwrap_or("");
    GameKind::of_code_name(name).ok_or_else(|| {
        anyhow::anyhow!(
            "bad position code '{code}': it must start with coins:, grid:, dodgeball: or a \
             heap game (nim:, kayles:, …)"
        )
    })
}

fn too_small(area: Rect, buf: &mut Buffer, (w, h): (u16, u16), theme: &Theme) {
    let text = vec![
        Line::styled("Terminal too small", theme.title),
        Line::raw(format!("It is {}×{}.", area.width, area.height)),
        Line::raw(format!("grundy needs at least {w}×{h} here.")),
        Line::raw("Enlarge the window, or press q to quit."),
    ];
    Paragraph::new(text)
        .wrap(Wrap { trim: true })
        .block(Block::new())
        .render(area, buf);
}
