//! Where the features meet (found by playing the merged game): the teacher's verdicts, coach,
//! graded hints, review and retry with the settings, saves, resume and statistics, on a
//! `TestBackend` with the files in temporary directories.

mod common;

use std::fs;
use std::time::Duration;

use common::render::Harness;
use crossterm::event::KeyCode;
use grundy::ai::Level;
use grundy::store::Store;
use grundy::store::settings::Settings;
use grundy::tui::app::App;
use grundy::tui::theme::Theme;
use grundy::tui::{First, PlayOptions};

/// A store in a temporary directory, removed at the end of the test.
struct Home {
    dir: tempfile::TempDir,
}

impl Home {
    fn new() -> Home {
        Home {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    fn store(&self) -> Store {
        Store::at(self.dir.path().join("config"), self.dir.path().join("data"))
    }

    /// The app for `options` with its files here, the settings read from the file. As
    /// `grundy play` does, options left at their defaults take the settings' values.
    fn harness(&self, options: &PlayOptions, width: u16, height: u16) -> Harness {
        let store = self.store();
        let settings = Settings::load(&store.settings_path().unwrap());
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

    fn settings_text(&self) -> Option<String> {
        fs::read_to_string(self.store().settings_path().unwrap()).ok()
    }
}

/// The menu's settings page of the game chosen first (the coin row).
fn settings_page(h: &mut Harness) -> String {
    h.enter();
    h.screen()
}

#[test]
fn a_new_player_starts_from_a_winning_board_and_keeps_it_after_changing_a_setting() {
    let home = Home::new();
    // No settings file: the teacher's fair start is the menu's default, for every game.
    let mut h = home.harness(&PlayOptions::default(), 80, 24);
    let page = settings_page(&mut h);
    assert!(page.contains("Start         random, winning for you"), "{page}");
    // Starting with the defaults writes nothing.
    h.enter();
    assert!(h.app.in_game());
    assert_eq!(home.settings_text(), None);

    // The level changed: the settings are written, the fair starts with them.
    let mut h = home.harness(&PlayOptions::default(), 80, 24);
    h.enter();
    for _ in 0..3 {
        h.key(KeyCode::Up);
    }
    assert!(h.screen().contains("▶ AI level"), "{}", h.screen());
    h.key(KeyCode::Left);
    h.key(KeyCode::Down).key(KeyCode::Down).key(KeyCode::Down).enter();
    assert!(h.app.in_game(), "{}", h.screen());
    let text = home.settings_text().expect("written when a setting changed");
    assert!(text.contains("level = \"hard\""), "{text}");
    assert_eq!(
        text.matches("start = \"random-winning\"").count(),
        3,
        "{text}"
    );

    // The next run (the file is there now) still offers it.
    let mut h = home.harness(&PlayOptions::default(), 80, 24);
    let page = settings_page(&mut h);
    assert!(page.contains("Start         random, winning for you"), "{page}");
    assert!(page.contains("AI level      hard"), "{page}");
}

#[test]
fn the_command_line_start_is_unchanged_for_a_new_player() {
    // `grundy play coins --seed N` with no settings file: plain random boards, as before (the
    // fair start is the menu's), so some of them are lost for the player from the start.
    let home = Home::new();
    let lost = (1..=40u64)
        .filter(|&seed| {
            let o = PlayOptions {
                game: Some(grundy::games::GameKind::Coins),
                seed: Some(seed),
                ..PlayOptions::default()
            };
            let mut h = home.harness(&o, 80, 24);
            h.screen().contains("You are to move in a lost")
        })
        .count();
    assert!(lost > 0, "every command-line start was made winning");
    assert_eq!(home.settings_text(), None);
}
