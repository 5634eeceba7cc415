//! Nothing lost (issue 18), with the real binary in pseudo-terminals: two grundy processes on
//! the same directories finishing games at the same time (every game counted) and leaving
//! games unfinished (every one offered by the next run's menu); the terminal closed while
//! frames are written (exit 129, the game saved, no abort); a file size limit (`ulimit -f 0`)
//! turning a save into a reported error, not a kill, and quitting then failing.

use std::io::Read;
use std::time::Duration;

use crate::common;
use common::pty::{
    Home, PLAY_SAMPLE_COINS, Pty, grundy_bin, open_pty, read_until, wait_exit_after_close,
};
use grundy::ai::Level;
use grundy::store::stats::Stats;
use portable_pty::CommandBuilder;

fn stats_path(home: &Home) -> std::path::PathBuf {
    home.grundy_data().join("stats.toml")
}

#[test]
fn two_instances_count_every_finished_game_and_offer_every_unfinished_one() {
    let home = Home::new();
    let nim = ["play", "--code", "nim:1", "--seed", "1", "--first", "you"];
    let mut one = Pty::spawn_in(&home, &nim, &[]);
    let mut two = Pty::spawn_in(&home, &nim, &[]);
    for pty in [&one, &two] {
        pty.wait_for("Your move");
        pty.wait_taken_over();
    }
    const GAMES: usize = 10;
    for _ in 0..GAMES {
        // Both win at once (Enter picks the heap, Enter takes its token), then restart.
        one.send("\r\r");
        two.send("\r\r");
        for pty in [&mut one, &mut two] {
            pty.wait_for("You win!");
            pty.send("R");
        }
        for pty in [&one, &two] {
            pty.wait_until("the restarted game", |s| {
                let text = s.contents();
                text.contains("Your move") && !text.contains("You win!")
            });
        }
    }
    one.quit();
    two.quit();
    let stats = Stats::load(&stats_path(&home));
    assert_eq!(stats.problem, None);
    let text = std::fs::read_to_string(stats_path(&home)).unwrap();
    let played: u64 = stats
        .stats
        .0
        .values()
        .filter_map(|levels| levels.get("perfect"))
        .map(|r| r.played)
        .sum();
    assert_eq!(played, 2 * GAMES as u64, "games lost: {text}");
    // Counted under the heap game's rule.
    assert_eq!(
        stats.stats.record_of("nim", Level::Perfect).played,
        2 * GAMES as u64,
        "{text}"
    );

    // Both leave a game unfinished at the same time.
    let heaps = [
        "play",
        "--code",
        "nim:3,4,5",
        "--seed",
        "1",
        "--first",
        "you",
    ];
    let coins = [
        "play",
        "--code",
        "coins:4:HTTHTTTTHTTTHTHH",
        "--seed",
        "1",
        "--first",
        "you",
    ];
    let mut one = Pty::spawn_in(&home, &heaps, &[]);
    let mut two = Pty::spawn_in(&home, &coins, &[]);
    one.wait_for("Your move");
    two.wait_for("Your move");
    one.send("\r\r");
    two.send("\t\r\r");
    for pty in [&one, &two] {
        pty.wait_until("the AI's reply", |s| {
            let text = s.contents();
            text.contains("· move 3 ") && text.contains("Your move")
        });
    }
    one.send("q");
    two.send("q");
    for pty in [&one, &two] {
        pty.wait_for("Quitting saves this game");
    }
    one.send("y");
    two.send("y");
    for pty in [&mut one, &mut two] {
        assert!(pty.wait_exit().success());
        pty.assert_restored();
    }
    assert_eq!(
        common::unfinished_files(&home.grundy_data().join("unfinished")).len(),
        2
    );

    // The next run offers both.
    let mut menu = Pty::spawn_in(&home, &[], &[]);
    menu.wait_for("▶ Resume:");
    menu.wait_for("Saved games: 2");
    menu.send("k\r");
    menu.wait_for("Saved games, newest first");
    menu.wait_for("Heap games · Nim · 3 heaps · move 3");
    menu.wait_for("Coin row · 16 coins, MAXQ 4 · move 3");
    let screen = menu.screen_text();
    assert_eq!(screen.matches("left unfinished").count(), 2, "{screen}");
    menu.quit();
}

/// The pseudo-terminal's master closed while the game draws its frames (the AI's reply is
/// being animated): the game saves, and exits 129 as for SIGHUP, with no abort.
#[test]
fn a_terminal_closed_mid_frame_saves_and_exits_129() {
    let home = Home::new();
    let pair = open_pty();
    let mut command = CommandBuilder::new(grundy_bin());
    command.args(PLAY_SAMPLE_COINS);
    command.env("TERM", "xterm-256color");
    command.env("XDG_CONFIG_HOME", home.config());
    command.env("XDG_DATA_HOME", home.data());
    let mut child = pair.slave.spawn_command(command).expect("spawn");
    drop(pair.slave);
    let mut reader = pair.master.try_clone_reader().expect("reader");
    let mut writer = pair.master.take_writer().expect("writer");
    read_until(&mut reader, "Your move");
    // Our move; the AI's reply is animated for a while (frames every 80 ms).
    writer.write_all(b"\t\r\r").unwrap();
    writer.flush().unwrap();
    // Read until the frames of the reply come, then close the terminal mid-stream.
    let mut buffer = [0u8; 8192];
    let n = reader.read(&mut buffer).expect("a frame");
    assert!(n > 0);
    std::thread::sleep(Duration::from_millis(50));
    drop(reader);
    drop(writer);
    drop(pair.master);
    let status = wait_exit_after_close(child.as_mut());
    assert_eq!(status.signal(), None, "ended by a signal: {status:?}");
    assert_eq!(status.exit_code(), 129, "{status:?}");
    let files = common::unfinished_files(&home.grundy_data().join("unfinished"));
    assert_eq!(files.len(), 1, "the game is saved");
    let save = grundy::store::save::Save::read(&files[0]).unwrap();
    assert!(!save.moves.is_empty());
}

use std::io::Write;

/// `ulimit -f 0`: a save fails with "File too large" shown in the game (no SIGXFSZ kill, no
/// temporary file left), and quitting when the unfinished game cannot be saved says so and
/// exits non-zero, the terminal given back.
#[test]
fn a_file_size_limit_is_a_reported_error_not_a_kill() {
    let home = Home::new();
    let mut pty = Pty::spawn_wrapped(&home, "ulimit -f 0", PLAY_SAMPLE_COINS, &[]);
    pty.wait_for("Your move");
    pty.wait_taken_over();
    pty.send("\t\r\r");
    pty.wait_until("the AI's reply", |s| {
        let text = s.contents();
        text.contains("· move 3 ") && text.contains("Your move")
    });
    pty.send("s");
    pty.wait_for("Save game");
    pty.send("\r");
    pty.wait_for("Not saved:");
    pty.wait_for("File too");
    pty.send("q");
    pty.wait_for("Quitting saves this game");
    pty.send("y");
    let status = pty.wait_exit();
    assert!(!status.success(), "{status:?}");
    assert_eq!(status.exit_code(), 1, "{status:?}");
    pty.assert_restored();
    pty.wait_for("could not be saved");
    let leftovers: Vec<_> = walk(&home.data())
        .into_iter()
        .filter(|p| p.to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                out.extend(walk(&path));
            } else {
                out.push(path);
            }
        }
    }
    out
}
