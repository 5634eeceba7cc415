//! Nothing lost (issue 18), in process on a `TestBackend`: two apps on the same directories
//! (as two grundy processes), broken settings set aside and never written over, every
//! unfinished game kept in a file of its own and offered by the menu's saves list, a resumed
//! game claimed, `s` asking before it replaces another game's save, set-asides kept, stale
//! temporary files cleaned, heap games counted by their rule.

use std::fs;
use std::path::PathBuf;

use crate::common::render::{StoreHome as Home, options};
use crossterm::event::KeyCode;
use grundy::ai::Level;
use grundy::store::save::Save;
use grundy::store::stats::Stats;
use grundy::tui::PlayOptions;

const SAMPLE: &str = "coins:4:HTTHTTTTHTTTHTHH";

fn unfinished(home: &Home) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(home.store().unfinished_dir().unwrap()) else {
        return Vec::new();
    };
    entries
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "grundy"))
        .collect()
}

fn codes_of(home: &Home) -> Vec<String> {
    let mut codes: Vec<String> = unfinished(home)
        .iter()
        .map(|p| Save::read(p).unwrap().start)
        .collect();
    codes.sort();
    codes
}

/// Item 3: a game started directly and left unfinished does not replace another unfinished
/// game; nor do two apps leaving games at once.
#[test]
fn every_unfinished_game_keeps_a_file_of_its_own() {
    let home = Home::new();
    let mut a = home.harness(&options(SAMPLE), 80, 24);
    let mut b = home.harness(&options("coins:4:TTTTTTTTTTTTTTTTTTTT"), 80, 24);
    a.key(KeyCode::Tab).enter().enter();
    b.key(KeyCode::Tab).enter().enter();
    a.keys("qy");
    b.keys("qy");
    assert!(a.app.should_quit() && b.app.should_quit());
    // A third game started directly (`grundy play coins`) and left unfinished.
    let mut c = home.harness(&options("coins:3:TTTTTTTTTT"), 80, 24);
    c.key(KeyCode::Tab).enter().enter();
    c.keys("qy");
    assert_eq!(
        codes_of(&home),
        ["coins:3:TTTTTTTTTT", SAMPLE, "coins:4:TTTTTTTTTTTTTTTTTTTT"]
    );
    // The menu offers each: the newest as Resume, all in the saves list.
    let mut menu = home.harness(&PlayOptions::default(), 80, 24);
    let screen = menu.screen();
    assert!(screen.contains("▶ Resume: Coin row"), "{screen}");
    assert!(screen.contains("Saved games: 3"), "{screen}");
    menu.key(KeyCode::Up).enter();
    let screen = menu.screen();
    assert!(screen.contains("Saved games, newest first"), "{screen}");
    assert_eq!(screen.matches("left unfinished · ").count(), 3, "{screen}");
    assert!(
        screen.contains("Coin row · 20 coins, MAXQ 4 · move 3"),
        "{screen}"
    );
}

/// Item 3, the race: app 1 resumes a game, app 2 leaves game C unfinished, app 1 finishes
/// its game: only app 1's file goes, C stays. While app 1 has the game, app 2's menu does
/// not offer it.
#[test]
fn a_resumed_game_is_claimed_and_finishing_it_drops_only_its_file() {
    let home = Home::new();
    // Won in 3 moves with best play (our move, the AI's, ours): left after the first.
    let mut h = home.harness(&options("coins:2:HTTTTT"), 80, 24);
    h.keys("www").enter();
    h.keys("qy");
    assert_eq!(unfinished(&home).len(), 1);
    let mut one = home.harness(&PlayOptions::default(), 80, 24);
    assert!(one.screen().contains("▶ Resume:"), "{}", one.screen());
    one.enter();
    assert!(one.app.in_game());
    // App 2 sees nothing to resume: the game is on app 1's screen.
    let mut two = home.harness(&PlayOptions::default(), 80, 24);
    let screen = two.screen();
    assert!(!screen.contains("Resume:"), "{screen}");
    // Another app leaves game C unfinished.
    let mut c = home.harness(&options(SAMPLE), 80, 24);
    c.key(KeyCode::Tab).enter().enter();
    c.keys("qy");
    assert_eq!(unfinished(&home).len(), 2);
    // App 1 wins its game: its file goes, C's stays.
    one.keys("www").enter();
    assert!(one.screen().contains("You win!"), "{}", one.screen());
    assert_eq!(codes_of(&home), [SAMPLE]);
}

/// Item 1: two apps finishing games in turn both count: each change is applied to the file
/// as it is then, not to what the app read when it started.
#[test]
fn two_apps_finishing_games_count_every_game() {
    let home = Home::new();
    let mut a = home.harness(&options("nim:1"), 80, 24);
    let mut b = home.harness(&options("nim:1"), 80, 24);
    for _ in 0..3 {
        for h in [&mut a, &mut b] {
            h.enter().enter();
            assert!(h.screen().contains("You win!"), "{}", h.screen());
            h.keys("R");
        }
    }
    let stats = Stats::load(&home.store().stats_path().unwrap()).stats;
    assert_eq!(stats.record_of("nim", Level::Perfect).played, 6);
}

/// Item 11 (issue 19): the heap games count by their rule.
#[test]
fn heap_games_are_counted_by_their_rule() {
    let home = Home::new();
    for code in ["nim:1", "kayles:1", "nim:1"] {
        let mut h = home.harness(&options(code), 80, 24);
        h.enter().enter();
        assert!(h.screen().contains("You win!"), "{code}: {}", h.screen());
    }
    let stats = Stats::load(&home.store().stats_path().unwrap()).stats;
    assert_eq!(stats.record_of("nim", Level::Perfect).played, 2);
    assert_eq!(stats.record_of("kayles", Level::Perfect).played, 1);
    assert_eq!(stats.record_of("heaps", Level::Perfect).played, 0);
    // The menu's page of the heap games shows the chosen rule's record (Nim, the first).
    let mut menu = home.harness(&PlayOptions::default(), 80, 24);
    for _ in 0..3 {
        menu.key(KeyCode::Down);
    }
    menu.enter();
    let screen = menu.screen();
    assert!(
        screen.contains("◀ Nim ▶") || screen.contains("Nim"),
        "{screen}"
    );
    assert!(
        screen.contains("perfect AI: 2 played · 2 won · 0 lost"),
        "{screen}"
    );
}

/// Item 2: a settings file that is not TOML is set aside when a setting is written, not
/// overwritten; one with an unknown key and a bad value is edited, both kept.
#[test]
fn broken_settings_are_set_aside_or_kept_never_regenerated() {
    let home = Home::new();
    let path = home.store().settings_path().unwrap();
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    let binary = b"\x00\x01level = \xff\xfe\n".to_vec();
    fs::write(&path, &binary).unwrap();
    let mut h = home.harness(&PlayOptions::default(), 80, 24);
    h.key(KeyCode::Down).keys("q");
    assert!(h.app.should_quit());
    let aside = grundy::store::set_aside_files(&path);
    assert_eq!(aside.len(), 1);
    assert_eq!(fs::read(&aside[0]).unwrap(), binary);
    assert!(
        fs::read_to_string(&path)
            .unwrap()
            .contains("game = \"grid\"")
    );

    let text = "# mine\ncolour = \"blue\"   # not grundy's\nlevel = \"godlike\"\n";
    fs::write(&path, text).unwrap();
    let mut h = home.harness(&PlayOptions::default(), 80, 24);
    h.key(KeyCode::Down).keys("q");
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        format!("{text}game = \"grid\"\n")
    );
    assert_eq!(grundy::store::set_aside_files(&path).len(), 1);
}

/// Item 5: `s` with the name of another game's save asks first; `.` and `..` name no file.
#[test]
fn saving_over_another_games_save_asks_first() {
    let home = Home::new();
    let save_as = |h: &mut crate::common::render::Harness, name: &str| {
        h.keys("s");
        for _ in 0..30 {
            h.key(KeyCode::Backspace);
        }
        h.keys(name).enter();
    };
    let mut first = home.harness(&options(SAMPLE), 80, 24);
    first.key(KeyCode::Tab).enter().enter();
    save_as(&mut first, "mine");
    assert!(first.status().starts_with("Saved:"), "{}", first.status());
    let path = home.store().saves_dir().unwrap().join("mine.grundy");
    let before = fs::read_to_string(&path).unwrap();
    // The same game again under its name: no question.
    first.key(KeyCode::Tab).enter().enter();
    save_as(&mut first, "mine");
    assert!(first.status().starts_with("Saved:"), "{}", first.status());
    let before_other = fs::read_to_string(&path).unwrap();
    assert_ne!(before_other, before);
    // Another game: asked; n keeps the file.
    let mut other = home.harness(&options("coins:4:TTTTTTTTTTTTTTTTTTTT"), 80, 24);
    other.key(KeyCode::Tab).enter().enter();
    save_as(&mut other, "mine");
    assert!(other.screen().contains("Replace?"), "{}", other.screen());
    other.keys("n");
    assert_eq!(fs::read_to_string(&path).unwrap(), before_other);
    save_as(&mut other, "mine");
    other.keys("y");
    assert!(other.status().starts_with("Saved:"), "{}", other.status());
    assert!(Save::read(&path).unwrap().start.starts_with("coins:4:TTTT"));
    for nameless in [".", ".."] {
        save_as(&mut other, nameless);
        assert!(
            other.status().starts_with("Not saved:"),
            "{nameless}: {}",
            other.status()
        );
    }
    let names: Vec<_> = fs::read_dir(home.store().saves_dir().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["mine.grundy"]);
}

/// Item 6: garbage in stats.toml, a game, other garbage, a game: both garbages kept.
#[test]
fn every_broken_statistics_file_is_kept() {
    let home = Home::new();
    let path = home.store().stats_path().unwrap();
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    for garbage in ["first garbage", "second garbage"] {
        fs::write(&path, garbage).unwrap();
        let mut h = home.harness(&options("nim:1"), 80, 24);
        h.enter().enter();
        assert!(h.screen().contains("You win!"), "{}", h.screen());
    }
    let mut kept: Vec<String> = grundy::store::set_aside_files(&path)
        .iter()
        .map(|p| fs::read_to_string(p).unwrap())
        .collect();
    kept.sort();
    assert_eq!(kept, ["first garbage", "second garbage"]);
}

/// Item 10: a `.tmp` file of grundy's naming left by a kill is removed at the next start.
#[test]
fn temporaries_left_by_a_kill_are_cleaned_at_start() {
    let home = Home::new();
    let data = home.store().data_dir().unwrap().to_path_buf();
    fs::create_dir_all(&data).unwrap();
    let left = data.join(".grundy-AbC123.tmp");
    let file = fs::File::create(&left).unwrap();
    file.set_modified(std::time::SystemTime::now() - std::time::Duration::from_secs(3600))
        .unwrap();
    let _h = home.harness(&PlayOptions::default(), 80, 24);
    assert!(!left.exists());
}

/// Item 12 (issue 19): the saves list opens a named save, newest first.
#[test]
fn the_saves_list_opens_a_named_save() {
    let home = Home::new();
    let mut h = home.harness(&options(SAMPLE), 80, 24);
    h.key(KeyCode::Tab).enter().enter();
    h.keys("s");
    for _ in 0..30 {
        h.key(KeyCode::Backspace);
    }
    h.keys("named").enter();
    h.keys("q");
    assert!(h.app.should_quit());
    // A name with an escape sequence in it, as a hand-edited file may have.
    let path = home.store().saves_dir().unwrap().join("named.grundy");
    let text = fs::read_to_string(&path).unwrap();
    fs::write(&path, text.replace("name named", "name \x1b[2Jnamed")).unwrap();
    let mut menu = home.harness(&PlayOptions::default(), 80, 24);
    let screen = menu.screen();
    assert!(!screen.contains("Resume:"), "{screen}");
    assert!(screen.contains("Saved games: 1"), "{screen}");
    menu.key(KeyCode::Up).enter();
    let screen = menu.screen();
    assert!(
        screen.contains("Coin row · 16 coins, MAXQ 4 · move 3"),
        "{screen}"
    );
    // The name came from a file: its escape shown, never sent.
    assert!(screen.contains("saved as \"\\x1b[2Jnamed\""), "{screen}");
    menu.enter();
    assert!(menu.app.in_game(), "{}", menu.screen());
    assert!(menu.screen().contains("move 3"), "{}", menu.screen());
    // Unchanged: q quits without asking.
    menu.keys("q");
    assert!(menu.app.should_quit());
}

/// At 80×24 a notice (a broken settings file) does not hide the Resume entry, the games or
/// the Saved games entry.
#[test]
fn a_notice_hides_no_entry_of_the_chooser() {
    let home = Home::new();
    let mut h = home.harness(&options(SAMPLE), 80, 24);
    h.key(KeyCode::Tab).enter().enter();
    h.keys("qy");
    let path = home.store().settings_path().unwrap();
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(&path, "level = \"godlike\"\n").unwrap();
    let mut menu = home.harness(&PlayOptions::default(), 80, 24);
    let screen = menu.screen();
    for entry in [
        "▶ Resume: Coin row",
        "Coin row\n",
        "Heap games\n",
        "Nim, Kayles, misère Nim",
        "Saved games: 1",
        "settings.toml line 1, level",
        "Enter continue",
    ] {
        assert!(
            screen.lines().any(|l| l.contains(entry.trim_end())),
            "{entry:?} not on:\n{screen}"
        );
    }
}
