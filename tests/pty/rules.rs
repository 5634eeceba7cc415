//! `grundy play --rules` in a pseudo-terminal: a shipped example played to its end against
//! the perfect AI, with hints and the coach, and the terminal given back.

use crate::common;
use common::pty::Pty;

fn example(name: &str) -> String {
    format!("{}/assets/rules/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// CSES 2208 from [1, 2, 3] (won for the first player): with hints on, the player picks a
/// move marked WIN each turn and beats the perfect AI.
#[test]
fn another_game_won_to_the_end() {
    let file = example("cses2208.rhai");
    let mut pty = Pty::spawn(
        &[
            "play", "--rules", &file, "--first", "you", "--hints", "--seed", "3",
        ],
        &[],
    );
    pty.wait_for("Your move");
    pty.wait_taken_over();
    for _ in 0..10 {
        let screen = pty.screen_text();
        if screen.contains("Game over") {
            break;
        }
        // Move the cursor onto the first WIN move and play it.
        let rows: Vec<&str> = screen.lines().collect();
        let selected = rows.iter().position(|l| l.contains('▶')).expect("a cursor");
        let target = rows
            .iter()
            .position(|l| l.contains("WIN"))
            .expect("a winning move");
        let key = if target > selected { "j" } else { "k" };
        for _ in 0..selected.abs_diff(target) {
            pty.send(key);
        }
        pty.wait_until("the cursor on a WIN move", |s| {
            s.contents()
                .lines()
                .any(|l| l.contains('▶') && l.contains("WIN"))
        });
        // The AI answers on a thread of its own: wait for a reply other than the last one
        // (each leaves fewer coins) and for the thinking line to go, before reading the moves.
        let last_reply = |text: &str| {
            text.lines()
                .find(|l| l.trim_start().starts_with("AI: "))
                .map(str::to_string)
        };
        let before = last_reply(&pty.screen_text());
        pty.send("\r");
        pty.wait_until("the AI's reply or the end", |s| {
            let text = s.contents();
            text.contains("Game over")
                || (last_reply(&text) != before
                    && text.contains("Your move")
                    && !text.contains("Thinking"))
        });
    }
    pty.wait_for("Game over: you won!");
    pty.quit();
}

/// Hints off: no mark on any move and no verdict; the AI's win in the misère Candy Piles
/// from a lost start, played to the end by always taking the first move.
#[test]
fn candy_piles_lost_without_hints() {
    let file = example("candy-piles.rhai");
    let mut pty = Pty::spawn(
        &[
            "play",
            "--rules",
            &file,
            "--code",
            "[1, 2, 3]",
            "--no-hints",
            "--seed",
            "1",
        ],
        &[],
    );
    pty.wait_for("Your move");
    let screen = pty.screen_text();
    assert!(
        !screen.contains("WIN") && !screen.contains("lose"),
        "{screen}"
    );
    for _ in 0..6 {
        if pty.screen_text().contains("Game over") {
            break;
        }
        pty.send("\r");
        std::thread::sleep(std::time::Duration::from_millis(400));
    }
    pty.wait_for("Game over: the AI won.");
    pty.quit();
}

/// From the menu, by keys: the Lab (t), its rules files (←), the first example opened
/// (Enter), a move played against the perfect AI and its reply, Esc back to the Lab, q.
#[test]
fn an_example_is_opened_from_the_menu_and_played() {
    let home = common::pty::Home::new();
    let mut pty = Pty::spawn_in(&home, &[], &[]);
    pty.wait_for("Choose a game");
    pty.wait_taken_over();
    pty.send("t");
    pty.wait_for("period 34");
    pty.send("\x1b[D");
    pty.wait_for("Another Game (CSES 2208)");
    pty.send("\r");
    pty.wait_for("Your move");
    pty.wait_for("moves (7)");
    pty.send("\r");
    pty.wait_for("AI: ");
    pty.send("\x1b");
    pty.wait_for("cses2208.rhai");
    pty.quit();
    pty.assert_restored();
}

/// The attack scripts of the rules-file bounds, in the terminal game: the first screen comes
/// at once (the script runs on a thread of its own: "Thinking…" meanwhile, or the position
/// and its moves, or the script's error), and `q` quits with the terminal given back (exit 0,
/// or 2 when the script failed: its refusal is printed once the terminal is back).
#[test]
fn attack_scripts_show_a_screen_and_quit_on_q() {
    let attacks = [
        "fn moves(s) { if s > 0 { [s - 1] } else { [] } } fn describe(s, t) { loop { } }",
        "fn moves(s) { if s > 0 { [s - 1] } else { [] } } fn show(s) { loop { } }",
        "fn moves(s) { let out = []; for i in 1..=40 { if s >= i { out.push(s - i); } } out } \
         fn gain(s, t) { let n = 0; while n < 300000 { n += 1; } s - t }",
        "fn moves(s) { [s + 1] }",
        "fn moves(s) { let out = []; for i in 0..9999 { out.push(s * 10000 + i); } out }",
        "fn moves(s) { let a = []; for i in 0..99000 { a = [a]; } [] }",
        "fn moves(s) { let n = 0; while n < 1900000 { n += 1; } [s + 1, s + 2] }",
    ];
    let dir = tempfile::tempdir().unwrap();
    for (i, source) in attacks.iter().enumerate() {
        let path = dir.path().join(format!("attack{i}.rhai"));
        std::fs::write(&path, source).unwrap();
        let path = path.display().to_string();
        let position = if source.contains("gain") {
            "1000000"
        } else {
            "3"
        };
        let mut pty = Pty::spawn(&["play", "--rules", &path, "--code", position], &[]);
        pty.wait_taken_over();
        pty.wait_for("q quit");
        pty.send("q");
        let status = pty.wait_exit();
        assert!(
            status.success() || status.exit_code() == 2,
            "{source}: {status:?}\n{}",
            pty.screen_text()
        );
        pty.assert_restored();
    }
}

/// The real binary: a script that fails during the game stops it, the game so far is kept
/// among the unfinished games at once, `q` gives the terminal back with exit 2, and the next
/// run's menu offers the game to resume by the file's name.
#[test]
fn a_game_the_script_stops_is_kept_and_offered_to_resume() {
    let home = common::pty::Home::new();
    let path = home.path().join("chain.rhai");
    std::fs::write(
        &path,
        "fn start() { 4 }\n\
         fn moves(s) { if s > 0 { [s - 1] } else { [] } }\n\
         fn show(s) { if s == 2 { throw \"the board at 2 cannot be drawn\"; } [\"heap \" + s] }\n",
    )
    .unwrap();
    let path = path.display().to_string();
    let mut pty = Pty::spawn_in(&home, &["play", "--rules", &path], &[]);
    pty.wait_taken_over();
    pty.wait_for("heap 4");
    pty.send("\r");
    pty.wait_for("The game so far is kept");
    pty.send("q");
    let status = pty.wait_exit();
    assert_eq!(status.exit_code(), 2, "{}", pty.screen_text());
    pty.assert_restored();
    let unfinished = common::unfinished_files(&home.grundy_data().join("unfinished")).len();
    assert_eq!(unfinished, 1);
    let mut pty = Pty::spawn_in(&home, &[], &[]);
    pty.wait_for("Resume: chain.rhai · rules file · move 3");
    pty.send("\r");
    pty.wait_for("cannot be drawn");
    pty.send("q");
    assert_eq!(pty.wait_exit().exit_code(), 2);
    pty.assert_restored();
}
