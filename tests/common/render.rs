//! The app on ratatui's `TestBackend`, driven with scripted keys and clicks: as in the real
//! loop, a frame is drawn before any input and after every event (boards lay themselves out,
//! scroll to the cursor and learn their size in the draw), and the AI's replies and the
//! analyses are waited for (`App::settle`) so that every screen is deterministic.

use std::time::Duration;

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use grundy::ai::Level;
use grundy::tui::app::App;
use grundy::tui::theme::Theme;
use grundy::tui::{First, PlayOptions};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// A game from `code` (the app finds its game from the code), you first, the perfect AI,
/// seed 1: every render test's start.
pub fn options(code: &str) -> PlayOptions {
    PlayOptions {
        // No game: the app finds it from the code, as `grundy play --code` does.
        game: None,
        code: Some(code.to_string()),
        first: First::You,
        level: Level::Perfect,
        seed: Some(1),
        ..PlayOptions::default()
    }
}

/// The longest wait for the AI or an analysis before a test goes on regardless.
pub const SETTLE: Duration = Duration::from_secs(10);

pub struct Harness {
    pub app: App,
    pub terminal: Terminal<TestBackend>,
}

impl Harness {
    /// The app for `options` on a `width`×`height` screen, colour theme, no AI delay.
    pub fn new(options: &PlayOptions, width: u16, height: u16) -> Harness {
        Harness::with_theme(options, width, height, Theme::colour())
    }

    pub fn with_theme(options: &PlayOptions, width: u16, height: u16, theme: Theme) -> Harness {
        let app = App::with_delay(options, theme, Duration::ZERO).expect("app starts");
        Harness::from_app(app, width, height)
    }

    /// A harness around an app made by the test (e.g. `App::with_store` on temporary
    /// directories).
    pub fn from_app(app: App, width: u16, height: u16) -> Harness {
        let mut harness = Harness {
            app,
            terminal: Terminal::new(TestBackend::new(width, height)).expect("test terminal"),
        };
        // As in the real loop, the first frame is drawn before any input: boards learn their
        // size (coins per row, visible cells) from it.
        harness.draw();
        harness
    }

    /// A key press (upper-case letters and Shift-Tab with Shift held, as terminals send them).
    pub fn key(&mut self, code: KeyCode) -> &mut Self {
        let modifiers = match code {
            KeyCode::Char(c) if c.is_ascii_uppercase() => KeyModifiers::SHIFT,
            KeyCode::BackTab => KeyModifiers::SHIFT,
            _ => KeyModifiers::NONE,
        };
        self.app
            .handle_event(Event::Key(KeyEvent::new(code, modifiers)));
        self.app.settle(SETTLE);
        // The real loop draws after every event; layout (scrolling) happens in the draw.
        self.draw();
        self
    }

    /// Each character of `text` as a key press.
    pub fn keys(&mut self, text: &str) -> &mut Self {
        for c in text.chars() {
            self.key(KeyCode::Char(c));
        }
        self
    }

    pub fn enter(&mut self) -> &mut Self {
        self.key(KeyCode::Enter)
    }

    /// A left click at a screen cell (0-based).
    pub fn click(&mut self, column: u16, row: u16) -> &mut Self {
        self.mouse(MouseEventKind::Down(MouseButton::Left), column, row)
    }

    /// One turn of the mouse wheel down, over the screen cell (`column`, `row`).
    pub fn wheel_down(&mut self, column: u16, row: u16) -> &mut Self {
        self.mouse(MouseEventKind::ScrollDown, column, row)
    }

    fn mouse(&mut self, kind: MouseEventKind, column: u16, row: u16) -> &mut Self {
        self.app.handle_event(Event::Mouse(MouseEvent {
            kind,
            column,
            row,
            modifiers: KeyModifiers::NONE,
        }));
        self.app.settle(SETTLE);
        self.draw();
        self
    }

    pub fn draw(&mut self) {
        self.app.settle(SETTLE);
        self.app.update();
        let app = &mut self.app;
        self.terminal.draw(|f| app.draw(f)).expect("draw");
    }

    /// The screen as text, trailing spaces trimmed.
    pub fn screen(&mut self) -> String {
        self.draw();
        buffer_text(self.terminal.backend().buffer())
    }

    /// The status line (second from the bottom), trimmed.
    pub fn status(&mut self) -> String {
        let screen = self.screen();
        let lines: Vec<&str> = screen.lines().collect();
        lines[lines.len() - 2].trim().to_string()
    }

    /// The status line as a terminal shows it, trimmed: the cell a wide character covers is
    /// not drawn, whatever the buffer still holds there.
    pub fn status_shown(&mut self) -> String {
        self.draw();
        let buffer = self.terminal.backend().buffer();
        let y = buffer.area.height - 2;
        let mut line = String::new();
        let mut covered = 0;
        for x in 0..buffer.area.width {
            let symbol = buffer[(x, y)].symbol();
            if covered > 0 {
                covered -= 1;
                continue;
            }
            covered = unicode_width::UnicodeWidthStr::width(symbol).saturating_sub(1);
            line.push_str(symbol);
        }
        line.trim().to_string()
    }

    /// The screen cell where `text` first appears.
    pub fn find(&mut self, text: &str) -> (u16, u16) {
        let screen = self.screen();
        for (y, line) in screen.lines().enumerate() {
            if let Some(i) = line.find(text) {
                let x = line[..i].chars().count();
                return (x as u16, y as u16);
            }
        }
        panic!("{text:?} not on screen:\n{screen}");
    }

    /// The screen cell of box `b`'s number on a dodgeball board (the left frame, rows below
    /// the title), found as a cell of `width` columns whose text is exactly the number.
    pub fn box_cell(&mut self, b: usize, width: u16) -> Option<(u16, u16)> {
        self.draw();
        let buffer = self.terminal.backend().buffer();
        let board_right = buffer.area.width.saturating_sub(34);
        for y in 2..buffer.area.height.saturating_sub(2) {
            let mut x = 1;
            while x + width <= board_right {
                let text: String = (x..x + width).map(|x| buffer[(x, y)].symbol()).collect();
                if text.trim() == b.to_string() {
                    return Some((x, y));
                }
                x += width;
            }
        }
        None
    }
}

/// A player's home for one test: config and data directories of its own, so settings,
/// saves and statistics start empty and stay apart.
pub struct StoreHome {
    dir: tempfile::TempDir,
}

impl StoreHome {
    pub fn new() -> StoreHome {
        StoreHome {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    /// The directory itself, for files a test writes beside the store.
    pub fn path(&self) -> &std::path::Path {
        self.dir.path()
    }

    pub fn store(&self) -> grundy::store::Store {
        grundy::store::Store::at(self.dir.path().join("config"), self.dir.path().join("data"))
    }

    /// The app for `options` with its files here, the settings read from the file. As
    /// `grundy play` does, options left at their defaults take the settings' values.
    pub fn harness(&self, options: &PlayOptions, width: u16, height: u16) -> Harness {
        let store = self.store();
        let settings = grundy::store::settings::Settings::load(&store.settings_path().unwrap());
        let mut options = options.clone();
        if options.first == First::default() {
            options.first = settings.settings.first;
        }
        if options.level == Level::default() {
            options.level = settings.settings.level;
        }
        options.hints |= settings.settings.hints;
        let app = App::with_store(&options, Theme::colour(), Duration::ZERO, store, settings)
            .expect("app starts");
        Harness::from_app(app, width, height)
    }

    pub fn settings_text(&self) -> Option<String> {
        std::fs::read_to_string(self.store().settings_path().unwrap()).ok()
    }
}

/// A buffer as text, a line a row, trailing spaces trimmed.
pub fn buffer_text(buffer: &ratatui::buffer::Buffer) -> String {
    let mut out = String::new();
    for y in 0..buffer.area.height {
        let mut line = String::new();
        for x in 0..buffer.area.width {
            line.push_str(buffer[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}
