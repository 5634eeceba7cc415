//! A held data-directory lock never freezes the game (issue 30): with another process holding
//! `.grundy.lock` as a game ends, the game says it waits, keeps answering keys, counts the game
//! once the lock is let go; and quitting while it is still held is answered at once, the game
//! kept beside stats.toml and counted by the next read.

use crate::common;
use common::pty::{Home, Pty};
use grundy::ai::Level;
use grundy::store::stats::Stats;

#[test]
fn a_held_lock_never_freezes_the_game_and_no_game_is_lost() {
    let home = Home::new();
    std::fs::create_dir_all(home.grundy_data()).unwrap();
    let stats = home.grundy_data().join("stats.toml");
    let holder = std::fs::File::create(home.grundy_data().join(".grundy.lock")).unwrap();
    fs4::FileExt::lock(&holder).unwrap();
    let nim = ["play", "--code", "nim:1", "--seed", "1", "--first", "you"];
    let mut pty = Pty::spawn_in(&home, &nim, &[]);
    pty.wait_for("Your move");
    pty.wait_taken_over();
    // Enter picks the heap, Enter takes its token: the game is won and to be counted.
    pty.send("\r\r");
    pty.wait_for("You win!");
    pty.wait_for("Waiting for another grundy");
    // Still answering: the help opens and closes.
    pty.send("?");
    pty.wait_for("Help:");
    pty.send("\x1b");
    pty.wait_until("the help closed", |s| !s.contents().contains("Help:"));
    assert!(!stats.exists(), "written under another's lock");
    fs4::FileExt::unlock(&holder).unwrap();
    pty.wait_for("The other grundy let go");
    let played = |stats: &std::path::Path| {
        Stats::load(stats)
            .stats
            .record_of("nim", Level::Perfect)
            .played
    };
    assert_eq!(played(&stats), 1);

    // Held again as the next game ends: q is answered at once, and the game is not lost.
    fs4::FileExt::lock(&holder).unwrap();
    pty.send("R");
    pty.wait_until("the restarted game", |s| {
        let text = s.contents();
        text.contains("Your move") && !text.contains("You win!")
    });
    pty.send("\r\r");
    pty.wait_for("Waiting for another grundy");
    pty.send("q");
    assert!(pty.wait_exit().success(), "{}", pty.screen_text());
    pty.assert_restored();
    let in_file = std::fs::read_to_string(&stats).unwrap();
    assert!(in_file.contains("played = 1"), "{in_file}");
    assert_eq!(grundy::store::kept_for_later(&stats).len(), 1);
    assert_eq!(played(&stats), 2, "the kept game is read");
    drop(holder);
}

/// A settings change that meets another grundy's lock on the settings file as the game is
/// left is kept (issue 30): beside settings.toml, said on leaving, read by the next start.
#[test]
fn a_settings_change_that_meets_the_lock_on_leaving_is_kept() {
    let home = Home::new();
    let config = home.settings().parent().unwrap().to_path_buf();
    std::fs::create_dir_all(&config).unwrap();
    let holder = std::fs::File::create(config.join(".grundy.lock")).unwrap();
    fs4::FileExt::lock(&holder).unwrap();
    let nim = ["play", "--code", "nim:1", "--seed", "1", "--first", "you"];
    let mut pty = Pty::spawn_in(&home, &nim, &[]);
    pty.wait_for("Your move");
    pty.wait_taken_over();
    // c turns coaching off for the next games too: a change of the settings file.
    pty.send("c");
    pty.wait_for("Waiting for another grundy");
    // The game is won (nothing to keep for Resume), then left with the lock still held.
    pty.send("\r\r");
    pty.wait_for("You win!");
    pty.send("q");
    assert!(pty.wait_exit().success(), "{}", pty.screen_text());
    pty.assert_restored();
    let said = pty.screen_text();
    assert!(said.contains("applied at the next start"), "{said}");
    assert!(!home.settings().exists(), "written under another's lock");
    assert_eq!(grundy::store::kept_for_later(&home.settings()).len(), 1);
    let loaded = grundy::store::settings::Settings::load(&home.settings());
    assert!(!loaded.settings.coaching, "the next start reads the change");
    drop(holder);
}
