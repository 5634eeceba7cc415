//! Where the features meet (found by playing the merged game): the teacher's verdicts, coach,
//! graded hints, review and retry with the settings, saves, resume and statistics, on a
//! `TestBackend` with the files in temporary directories.

use crate::common;

use std::fs;

use common::render::{Harness, StoreHome as Home, options};
use crossterm::event::KeyCode;
use grundy::ai::Level;
use grundy::tui::PlayOptions;

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
    assert!(
        page.contains("Start         random, winning for you"),
        "{page}"
    );
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
    h.key(KeyCode::Down)
        .key(KeyCode::Down)
        .key(KeyCode::Down)
        .enter();
    assert!(h.app.in_game(), "{}", h.screen());
    let text = home
        .settings_text()
        .expect("written when a setting changed");
    assert!(text.contains("level = \"hard\""), "{text}");
    assert_eq!(
        text.matches("start = \"random-winning\"").count(),
        // Every game of the menu's list (the heap games share one entry).
        grundy::games::GameKind::ALL.len(),
        "{text}"
    );

    // The next run (the file is there now) still offers it.
    let mut h = home.harness(&PlayOptions::default(), 80, 24);
    let page = settings_page(&mut h);
    assert!(
        page.contains("Start         random, winning for you"),
        "{page}"
    );
    assert!(page.contains("AI level      hard"), "{page}");
}

#[test]
fn the_command_line_start_is_unchanged_for_a_new_player() {
    // `grundy play coins --seed N` with no settings file: plain random boards, as before (the
    // fair start is the menu's), so some of them are lost for the player from the start.
    let home = Home::new();
    let lost = (1..=40u64)
        .filter(|&seed| {
            // Hints on: with hints off no screen says that the start is lost.
            let o = PlayOptions {
                game: Some(grundy::games::GameKind::Coins),
                seed: Some(seed),
                hints: true,
                ..PlayOptions::default()
            };
            let mut h = home.harness(&o, 80, 24);
            h.screen().contains("You are to move in a lost")
        })
        .count();
    assert!(lost > 0, "every command-line start was made winning");
    assert_eq!(home.settings_text(), None);
}

/// A 100 × 100 grid with every coin T.
fn full_grid() -> String {
    format!("grid:{}", vec!["T".repeat(100); 100].join("/"))
}

/// The rows of the "Game record" panel beside the board (its inner text, trimmed).
fn record_rows(screen: &str) -> Vec<String> {
    let lines: Vec<&str> = screen.lines().collect();
    let Some(top) = lines.iter().position(|l| l.contains("┌ Game record")) else {
        return Vec::new();
    };
    let x = lines[top].chars().position(|c| c == '┌').expect("corner") + 1;
    lines[top + 1..]
        .iter()
        .take_while(|l| l.chars().nth(x - 1) != Some('└'))
        .map(|l| {
            let inner: String = l.chars().skip(x).collect();
            inner.trim_end_matches('│').trim_end().to_string()
        })
        .filter(|l| !l.is_empty())
        .collect()
}

#[test]
fn a_long_move_in_the_game_record_wraps() {
    // Two moves whose words are longer than the panel at 80×24.
    let mut h = Harness::new(&options("coins:4:HTTHTTTTHTTTHTHH"), 80, 24);
    h.keys("www").enter();
    let screen = h.screen();
    // The panel has three rows: the newest move is shown whole, wrapped (issue 19, item 2),
    // rather than cut.
    let rows = record_rows(&screen);
    assert_eq!(
        rows.join(" ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" "),
        "2 AI coin 4 (=2^2) ÷2: flip 4 2",
        "{screen}"
    );
    // The browsing view (m) on a wide screen has the room: no mark there.
    h.terminal.backend_mut().resize(120, 40);
    h.keys("m");
    let browse = h.screen();
    // Hints are off and the game goes on: the moves without their marks.
    assert!(
        browse.contains("  1 you coin 8 (=2^3) ÷2: flip 8 4 2 "),
        "{browse}"
    );
}

#[test]
fn a_large_grid_nim_sum_leaves_the_coach_line_room_for_the_better_move() {
    // Flip (1,1) alone on the full 100 × 100 grid: a blunder, and the nim-sum it leaves has a
    // hundred powers of two. Hints on: with hints off the coach waits for the game's end.
    let mut o = options(&full_grid());
    o.hints = true;
    let mut h = Harness::new(&o, 80, 24);
    h.key(KeyCode::Home).key(KeyCode::Char('a'));
    let screen = h.screen();
    assert!(
        screen.contains("?? Your move left nim-sum *2^198+…: the AI now wins."),
        "{screen}"
    );
    // The better move, a block of hundreds of cells, is cut so the line keeps its end.
    let start = screen
        .lines()
        .position(|l| l.contains("?? Your move"))
        .expect("the coach's line");
    let coach = screen
        .lines()
        .skip(start)
        .take(4)
        .flat_map(str::split_whitespace)
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        coach.contains("… would have kept the win (u to take it back, t to retry)."),
        "{screen}"
    );
    insta::assert_snapshot!(screen);
    // The browsing view: the record's nim-sum column keeps its width, and the verdict of the
    // AI's reply (a block of hundreds of cells) ends in "…" where its three rows end.
    h.keys("m").key(KeyCode::Up);
    let browse = h.screen();
    assert!(
        browse.contains("  1 you ?? *2^198+… anchor (1,1)"),
        "{browse}"
    );
    // The arrow goes with what it points at, never at a line's end.
    let said = browse.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        said.contains("blunder (hands the win over): nim-sum *2^198+… → *2^198+…"),
        "{browse}"
    );
    assert!(
        !browse.lines().any(|l| l.trim_end().ends_with('→')),
        "{browse}"
    );
    assert!(browse.contains("would have kept the win."), "{browse}");
    h.key(KeyCode::Down);
    let browse = h.screen();
    let lines: Vec<&str> = browse.lines().collect();
    let last_detail = lines[lines.len() - 2];
    assert!(last_detail.ends_with('…'), "{browse}");
}

#[test]
fn the_first_graded_hint_on_a_large_grid_fits_the_status_line() {
    let mut h = Harness::new(&options(&full_grid()), 120, 40);
    h.keys("w");
    let status = h.status();
    assert!(
        status.starts_with("You are winning: nim-sum *2^198+…, not 0.")
            && status.ends_with("(w: which part)."),
        "{status}"
    );
}

#[test]
fn the_statistics_count_the_blunders_of_a_finished_game() {
    let home = Home::new();
    // Coins 2 and 4 show T: flip 4 2 wins at once; coin 2's only move (flip 2 1) hands the
    // win over, and the AI ends the game.
    let mut h = home.harness(&options("coins:2:HTHT"), 80, 24);
    h.enter().enter();
    let screen = h.screen();
    assert!(screen.contains("The AI wins."), "{screen}");
    assert!(
        screen.contains("Blunders (█ on the chart): you 1 (move 1)"),
        "{screen}"
    );
    let stats = grundy::store::stats::Stats::load(&home.store().stats_path().unwrap()).stats;
    let record = stats.record(grundy::games::GameKind::Coins, Level::Perfect);
    assert_eq!(
        (record.played, record.lost, record.blunders, record.graded),
        (1, 1, 1, 1),
        "{record:?}"
    );
    // The menu's line goes on in a second row, broken between its items.
    h.keys("n");
    let menu = h.screen();
    assert!(
        menu.contains("perfect AI: 1 played · 0 won · 1 lost · streak 0 (best 0) ·")
            && menu.contains("1.0 blunders a game"),
        "{menu}"
    );
}

#[test]
fn coaching_turned_off_with_c_stays_off_in_the_next_games() {
    let home = Home::new();
    let mut h = home.harness(&options("coins:2:HTHT"), 80, 24);
    h.keys("c");
    assert!(h.status().starts_with("Coaching off."), "{}", h.status());
    let text = home.settings_text().expect("written when coaching changed");
    assert!(text.contains("coaching = false"), "{text}");
    // The next run: the same blunder (coin 2's only move), and no coach line after the
    // AI's reply.
    let mut h = home.harness(&options("coins:4:HTTT"), 80, 24);
    h.enter().enter().key(KeyCode::Esc);
    let screen = h.screen();
    assert!(screen.contains("AI: "), "{screen}");
    assert!(!screen.contains("?? Your move left"), "{screen}");
    // On again, and written again.
    h.keys("uc");
    assert!(h.status().starts_with("Coaching on"), "{}", h.status());
    h.enter().enter().key(KeyCode::Esc);
    assert!(h.screen().contains("?? Your move left"), "{}", h.screen());
    let text = home.settings_text().unwrap();
    assert!(text.contains("coaching = true"), "{text}");
}

#[test]
fn quitting_a_saved_game_unchanged_keeps_the_other_unfinished_game_for_resume() {
    let home = Home::new();
    // An unfinished game, left with q: the autosave holds it.
    let mut h = home.harness(&options("coins:4:HTTHTTTTHTTTHTHH"), 80, 24);
    h.key(KeyCode::Tab).enter().enter();
    h.keys("qy");
    assert!(h.app.should_quit());
    let unfinished = || -> Vec<std::path::PathBuf> {
        fs::read_dir(home.store().unfinished_dir().unwrap())
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "grundy"))
            .collect()
    };
    let files = unfinished();
    assert_eq!(files.len(), 1);
    let autosave = files[0].clone();
    let before = fs::read_to_string(&autosave).expect("autosaved");
    // Another game, saved under a name, then quit unchanged (q asks nothing).
    let mut h = home.harness(&options("coins:4:TTTTTTTTTTTTTTTTTTTT"), 80, 24);
    h.key(KeyCode::Tab).enter().enter();
    h.keys("s");
    for _ in 0..20 {
        h.key(KeyCode::Backspace);
    }
    h.keys("other").enter();
    h.keys("q");
    assert!(h.app.should_quit());
    assert_eq!(
        fs::read_to_string(&autosave).unwrap(),
        before,
        "the first game's autosave was replaced"
    );
    // Loaded and quit at once: the same.
    let saved = home.store().saves_dir().unwrap().join("other.grundy");
    let o = PlayOptions {
        load: Some(grundy::store::save::Save::read(&saved).unwrap()),
        ..PlayOptions::default()
    };
    let mut h = home.harness(&o, 80, 24);
    h.keys("q");
    assert!(h.app.should_quit());
    assert_eq!(fs::read_to_string(&autosave).unwrap(), before);
    assert_eq!(unfinished().len(), 1);
    // A move after loading: unsaved again, so q asks and it gets a file of its own; the
    // first game's stays as it was.
    let mut h = home.harness(&o, 80, 24);
    h.key(KeyCode::Tab).enter().enter();
    assert!(h.screen().contains("move 5"), "{}", h.screen());
    h.keys("q");
    assert!(h.screen().contains("Quit?"), "{}", h.screen());
    h.keys("y");
    assert_eq!(fs::read_to_string(&autosave).unwrap(), before);
    assert_eq!(unfinished().len(), 2);
}

#[test]
fn a_game_counted_before_it_was_retried_is_not_counted_again_when_resumed() {
    // The autosave of a game that ended (and was counted), was retried from the player's
    // mistake and left unfinished: `counted yes`. Coins 2 and 4 show T; flip 4 2 wins.
    let save = |counted: &str| {
        format!(
            "grundy save 1\nstart coins:2:HTHT\nfirst you\nlevel perfect\nseed 1\n{counted}\
             moves 0\nend\n"
        )
    };
    for (counted, played) in [("counted yes\n", 0), ("", 1)] {
        let home = Home::new();
        let path = home.store().autosave_path().unwrap();
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, save(counted)).unwrap();
        let mut h = home.harness(&PlayOptions::default(), 80, 24);
        assert!(h.screen().contains("Resume"), "{}", h.screen());
        h.enter();
        assert!(h.app.in_game(), "{}", h.screen());
        h.keys("www").enter();
        assert!(h.screen().contains("You win!"), "{}", h.screen());
        let stats = grundy::store::stats::Stats::load(&home.store().stats_path().unwrap()).stats;
        let r = stats.record(grundy::games::GameKind::Coins, Level::Perfect);
        assert_eq!(r.played, played, "{counted:?}: {r:?}");
    }
}
