//! What outlives a run, in process on a `TestBackend` with the files in temporary directories:
//! the settings file read into the menu and written when a setting changes (a broken one
//! reported and left alone), `s` saving a game that loads and replays to the same position,
//! leaving an unfinished game (after a y/n question) saving it for the menu's Resume, the
//! statistics counting a won and a lost game, and the code copied.

use crate::common;

use std::fs;

use common::render::{Harness, StoreHome as Home, options};
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use grundy::ai::Level;
use grundy::games::GameKind;
use grundy::store::save::Save;
use grundy::store::stats::Stats;
use grundy::tui::{First, PlayOptions};

/// The code of the position on screen, through the copy key.
fn position_code(h: &mut Harness) -> String {
    h.keys("y");
    h.app.copied().last().expect("a code was copied").clone()
}

const SAMPLE: &str = "coins:4:HTTHTTTTHTTTHTHH";

#[test]
fn settings_round_trip_through_the_menu() {
    let home = Home::new();
    let mut h = home.harness(&PlayOptions::default(), 80, 24);
    // Nothing is written until a setting changes: starting with the defaults writes nothing.
    h.enter().enter();
    assert!(h.app.in_game());
    assert_eq!(home.settings_text(), None);

    // The grid, 7 rows, hints on.
    let mut h = home.harness(&PlayOptions::default(), 80, 24);
    h.key(KeyCode::Down).enter();
    for _ in 0..7 {
        h.key(KeyCode::Up);
    }
    h.key(KeyCode::Backspace).keys("7");
    for _ in 0..5 {
        h.key(KeyCode::Down);
    }
    h.key(KeyCode::Right);
    assert!(h.screen().contains("Hints       ◀ on ▶"), "{}", h.screen());
    h.key(KeyCode::Down).key(KeyCode::Down).enter();
    assert!(h.app.in_game(), "{}", h.screen());
    let text = home
        .settings_text()
        .expect("written when a setting changed");
    assert!(text.contains("game = \"grid\""), "{text}");
    assert!(text.contains("rows = 7"), "{text}");
    assert!(text.contains("hints = true"), "{text}");

    // The next run's menu starts from them: on the grid, whose page shows 7 rows and hints.
    let mut h = home.harness(&PlayOptions::default(), 80, 24);
    h.enter();
    let screen = h.screen();
    assert!(screen.contains("Coin grid"), "{screen}");
    assert!(screen.contains("Rows          7"), "{screen}");
    assert!(screen.contains("Hints         on"), "{screen}");
}

#[test]
fn command_line_overrides_are_not_written() {
    let home = Home::new();
    let o = PlayOptions {
        level: Level::Easy,
        ..PlayOptions::default()
    };
    let mut h = home.harness(&o, 80, 24);
    h.enter();
    assert!(h.screen().contains("AI level      easy"));
    h.enter();
    assert!(h.app.in_game());
    assert_eq!(home.settings_text(), None);
}

#[test]
fn a_broken_settings_file_is_named_on_the_menu_and_left_alone() {
    let home = Home::new();
    let path = home.store().settings_path().unwrap();
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    let broken = "game = \"grid\"\nlevel = \"godlike\"\n";
    fs::write(&path, broken).unwrap();
    let mut h = home.harness(&PlayOptions::default(), 80, 24);
    let screen = h.screen();
    assert!(
        screen.contains("settings.toml line 2, level: \"godlike\" is not one of"),
        "{screen}"
    );
    // The rest of the file is used: the grid is chosen.
    h.enter();
    assert!(h.screen().contains("Coin grid"));
    h.enter();
    assert!(h.app.in_game());
    assert_eq!(fs::read_to_string(&path).unwrap(), broken);
    // A changed setting edits the file: that field is added, the rest (the broken field too)
    // is left as the player wrote it.
    let mut h = home.harness(&PlayOptions::default(), 80, 24);
    h.enter();
    for _ in 0..2 {
        h.key(KeyCode::Up);
    }
    h.key(KeyCode::Right); // hints on
    h.key(KeyCode::Down).key(KeyCode::Down).enter();
    let text = fs::read_to_string(&path).unwrap();
    assert_eq!(text, format!("{broken}hints = true\n"));
}

#[test]
fn a_saved_game_loads_and_replays_to_the_same_position() {
    let home = Home::new();
    let mut h = home.harness(&options(SAMPLE), 80, 24);
    // Three moves of ours (the first move of the first T coin each time) and the AI's.
    for _ in 0..3 {
        h.key(KeyCode::Tab).enter().enter();
    }
    let code = position_code(&mut h);
    assert_ne!(code, SAMPLE);
    h.keys("s");
    assert!(h.screen().contains("Save game"));
    for _ in 0..20 {
        h.key(KeyCode::Backspace);
    }
    h.keys("three moves").enter();
    assert!(
        h.status().starts_with("Saved: grundy play --load"),
        "{}",
        h.status()
    );
    let path = home.store().saves_dir().unwrap().join("three moves.grundy");
    let save = Save::read(&path).unwrap();
    assert_eq!(save.name, "three moves");
    assert_eq!(save.moves.len(), 6);
    assert_eq!(save.final_position().unwrap().to_code(), code);
    // Saved: q quits without asking.
    h.keys("q");
    assert!(h.app.should_quit());

    // Loaded into a new run: the same position, the same move number.
    let o = PlayOptions {
        load: Some(save),
        ..PlayOptions::default()
    };
    let mut h = home.harness(&o, 80, 24);
    assert!(h.screen().contains("move 7"), "{}", h.screen());
    assert_eq!(position_code(&mut h), code);
}

#[test]
fn leaving_an_unfinished_game_asks_saves_it_and_the_menu_resumes_it() {
    let home = Home::new();
    let mut h = home.harness(&options(SAMPLE), 80, 24);
    // No move yet: n goes straight to the menu, nothing to resume.
    h.keys("n");
    assert!(!h.app.in_game());
    assert!(!h.screen().contains("Resume"));
    let mut h = home.harness(&options(SAMPLE), 80, 24);
    h.key(KeyCode::Tab).enter().enter();
    let code = position_code(&mut h);
    // q asks; n keeps playing.
    h.keys("q");
    assert!(
        h.screen().contains("Quitting saves this game"),
        "{}",
        h.screen()
    );
    h.keys("n");
    assert!(!h.app.should_quit());
    assert!(!h.screen().contains("Quitting saves"));
    // n asks too; y saves it and opens the menu, which offers it first.
    h.keys("n");
    assert!(h.screen().contains("New game?"), "{}", h.screen());
    h.keys("y");
    assert!(!h.app.in_game());
    // The menu is on the new game's settings; Esc shows the games, Up the Resume entry.
    h.key(KeyCode::Esc).key(KeyCode::Up);
    let screen = h.screen();
    assert!(
        screen.contains("▶ Resume: Coin row · 16 coins, MAXQ 4 · move 3"),
        "{screen}"
    );
    assert!(screen.contains("left unfinished after 2 moves"), "{screen}");
    h.enter();
    assert!(h.app.in_game());
    assert_eq!(position_code(&mut h), code);
    // Ctrl-C saves without asking.
    h.key(KeyCode::Tab).enter().enter();
    let code = position_code(&mut h);
    h.app.handle_event(Event::Key(KeyEvent::new(
        KeyCode::Char('c'),
        KeyModifiers::CONTROL,
    )));
    assert!(h.app.should_quit());
    let files = common::unfinished_files(&home.store().unfinished_dir().unwrap());
    assert_eq!(files.len(), 1, "the resumed game keeps its one file");
    let autosave = Save::read(&files[0]).unwrap();
    assert_eq!(autosave.final_position().unwrap().to_code(), code);
    assert_eq!(autosave.moves.len(), 4);
}

#[test]
fn a_corrupt_autosave_is_reported_and_kept() {
    let home = Home::new();
    let path = home.store().autosave_path().unwrap();
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(&path, "grundy save 1\nstart coins:4:TT\nfirst you\n").unwrap();
    // A fixed seed: a random board's first move could end the game, and a finished game is
    // not saved (the test would then fail one time in a few).
    let seeded = PlayOptions {
        seed: Some(5),
        ..PlayOptions::default()
    };
    let mut h = home.harness(&seeded, 80, 24);
    let screen = h.screen();
    assert!(
        screen.contains("Cannot resume autosave.grundy: line 3:"),
        "{screen}"
    );
    assert!(!screen.contains("Resume:"), "{screen}");
    // A new unfinished game saved on leaving puts the old file aside instead of losing it.
    h.enter().enter();
    h.key(KeyCode::Tab).enter().enter();
    assert!(!h.screen().contains("Game over"), "{}", h.screen());
    h.keys("qy");
    assert!(h.app.should_quit());
    let moved = home
        .store()
        .unfinished_dir()
        .unwrap()
        .join("autosave.grundy");
    let aside = grundy::store::set_aside_files(&moved);
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert_eq!(
        fs::read_to_string(&aside[0]).unwrap(),
        "grundy save 1\nstart coins:4:TT\nfirst you\n"
    );
    let files = common::unfinished_files(&home.store().unfinished_dir().unwrap());
    assert_eq!(files.len(), 1);
    assert!(Save::read(&files[0]).is_ok());
}

#[test]
fn statistics_count_a_won_and_a_lost_game() {
    let home = Home::new();
    // Coin 2 is the only T: whoever moves first wins at once.
    let mut won = options("coins:1:HT");
    won.first = First::You;
    let mut h = home.harness(&won, 80, 24);
    h.enter().enter();
    assert!(h.screen().contains("You win!"));
    let mut lost = options("coins:1:HT");
    lost.first = First::Ai;
    let mut h = home.harness(&lost, 80, 24);
    assert!(h.screen().contains("The AI wins."));
    let stats = Stats::load(&home.store().stats_path().unwrap());
    assert_eq!(stats.problem, None);
    let record = stats.stats.record(GameKind::Coins, Level::Perfect);
    assert_eq!(
        (
            record.played,
            record.won,
            record.lost,
            record.streak,
            record.best_streak
        ),
        (2, 1, 1, 0, 1)
    );
    // The menu shows them for the game and level.
    h.keys("n");
    let screen = h.screen();
    assert!(
        screen.contains("perfect AI: 2 played · 1 won · 1 lost · streak 0 (best 1)"),
        "{screen}"
    );
}

#[test]
fn a_finished_game_is_counted_once_and_its_autosave_dropped() {
    let home = Home::new();
    // Won in 3 moves with best play: our winning move, the AI's reply, our last move.
    let mut h = home.harness(&options("coins:2:HTTTTT"), 80, 24);
    h.keys("www").enter();
    assert!(h.screen().contains("move 3"), "{}", h.screen());
    h.keys("qy");
    assert!(h.app.should_quit());
    let files = common::unfinished_files(&home.store().unfinished_dir().unwrap());
    assert_eq!(files.len(), 1);
    let path = files[0].clone();
    // Resumed from the menu and won.
    let mut h = home.harness(&PlayOptions::default(), 80, 24);
    h.enter();
    assert!(h.app.in_game());
    h.keys("www").enter();
    assert!(h.screen().contains("You win!"), "{}", h.screen());
    assert!(!path.exists(), "the finished game's autosave is dropped");
    // Undo and the same win again: still one game.
    h.key(KeyCode::Esc).keys("u");
    assert!(!h.screen().contains("Game over"), "{}", h.screen());
    h.keys("www").enter();
    assert!(h.screen().contains("You win!"), "{}", h.screen());
    let stats = Stats::load(&home.store().stats_path().unwrap()).stats;
    let record = stats.record(GameKind::Coins, Level::Perfect);
    assert_eq!((record.played, record.won), (1, 1));
    // Quitting a finished game neither asks nor saves it.
    h.keys("q");
    assert!(h.app.should_quit());
    assert!(!path.exists());
}

#[test]
fn the_copy_key_copies_the_code_and_shows_it() {
    let mut h = Harness::new(&options(SAMPLE), 80, 24);
    h.keys("y");
    assert_eq!(h.app.copied(), [SAMPLE.to_string()]);
    assert_eq!(h.status(), format!("Copied (OSC 52): {SAMPLE}"));
}

/// Games of each kind played out by the AI on both sides, saved, read back and replayed: the
/// same position; and every cut of the file short of its last line break is refused with a
/// line number, the file itself untouched.
#[test]
fn saves_of_every_game_replay_and_every_truncation_is_refused() {
    use grundy::game::Notation;
    use grundy::games::AnyPosition;
    use rand::SeedableRng;

    fn moves_of<P: grundy::game::Impartial + Notation>(
        start: &P,
        count: usize,
    ) -> (Vec<String>, String) {
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        let mut position = start.clone();
        let mut codes = Vec::new();
        for _ in 0..count {
            let Some(decision) = grundy::ai::choose_move(&position, Level::Medium, &mut rng) else {
                break;
            };
            codes.push(position.move_code(&decision.mv));
            position = position
                .play(decision.mv)
                .expect("the AI plays legal moves");
        }
        (codes, position.to_code())
    }

    let home = Home::new();
    for (i, start) in [
        "coins:3:TTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTT",
        "grid:TTTTT/TTTTT/TTTTT/TTTTT",
        "dodgeball:1111111111111111111111111111111",
    ]
    .into_iter()
    .enumerate()
    {
        let position = AnyPosition::from_code(start).unwrap();
        let (codes, end) = grundy::with_position!(position, p => moves_of(&p, 6));
        assert!(codes.len() >= 4, "{start}: {codes:?}");
        let save = Save::new(
            "test",
            start.to_string(),
            First::You,
            Level::Hard,
            9,
            false,
            codes,
        );
        let path = home.path().join(format!("{i}.grundy"));
        save.write(&path).unwrap();
        let read = Save::read(&path).unwrap();
        assert_eq!(read.final_position().unwrap().to_code(), end, "{start}");
        let bytes = fs::read(&path).unwrap();
        let lines = bytes.iter().filter(|&&b| b == b'\n').count();
        for cut in 0..bytes.len() - 1 {
            let e = Save::parse(&bytes[..cut]).expect_err(&format!("{start}: cut at {cut}"));
            assert!((1..=lines).contains(&e.line), "{start}: cut {cut}: {e}");
        }
        assert_eq!(fs::read(&path).unwrap(), bytes);
    }
}
