//! The real `grundy` binary in a pseudo-terminal on the curriculum games: a Kayles game won
//! with revealed winning moves, misère Nim's own rule in the hints, Stair Nim from the
//! menu's heap family, and a DAG game won on the drawn graph; the terminal is given back each
//! time.

use crate::common;
use common::pty::Pty;

fn play(code: &str) -> Pty {
    Pty::spawn(
        &["play", "--code", code, "--seed", "1", "--first", "you"],
        &[],
    )
}

#[test]
fn kayles_won_with_revealed_moves() {
    let mut pty = play("kayles:4,6");
    pty.wait_for("Your move");
    pty.wait_taken_over();
    pty.send("i");
    pty.wait_for("Nim-sum (XOR)");
    // `w` reveals a winning move in the move list (✓ in hint mode); Enter plays it.
    pty.win_with_revealed_moves("✓", |_| "\r", 12);
    pty.quit();
}

#[test]
fn misere_hints_say_its_rule() {
    let mut pty = play("misere:1,1,1");
    pty.wait_for("Your move");
    pty.send("i");
    pty.wait_for("misère: every heap is 0 or 1");
    pty.wait_for("you (to move) lose, by the game's own rule");
    pty.quit();
}

#[test]
fn stair_nim_from_the_menu() {
    let mut pty = Pty::spawn(&["play", "--seed", "1"], &[]);
    pty.wait_for("Choose a game");
    pty.wait_taken_over();
    // The heap family is the fourth game.
    for _ in 0..3 {
        pty.send("j");
    }
    pty.wait_for("▶ Heap games");
    pty.send("\r");
    pty.wait_for("Start game");
    // The focus starts on the Start button: up to the Game field, which cycles through the
    // family to Stair Nim, then back down and start.
    for _ in 0..6 {
        pty.send("k");
    }
    pty.wait_for("◀ Nim ▶");
    // Bash, Subtraction, Take l..r, Fibonacci takes, Coprime takes, Kayles, Grundy's game,
    // Lieges, Staircase split, Octal game, Misère Nim, then Stair Nim.
    for _ in 0..12 {
        pty.send("l");
    }
    pty.wait_for("◀ Stair Nim ▶");
    pty.wait_for("carry balls from a stair");
    for _ in 0..6 {
        pty.send("j");
    }
    pty.send("\r");
    pty.wait_for("stair 1");
    pty.wait_for("Your move");
    pty.quit();
}

#[test]
fn dag_won_on_the_drawn_graph() {
    // The menu's standard graph with tokens on 1 (value 0) and 3 (value 1): a won start.
    let mut pty = play("dag:8:1>2,1>3,2>4,3>4,4>5,3>6,6>7,5>8,7>8,2>6:1,3");
    pty.wait_for("Your move");
    pty.wait_taken_over();
    pty.wait_for("all 8 vertices");
    pty.send("i");
    pty.wait_for("Nim-sum (XOR)");
    // Tab picks the token on 3; its moves are listed beside the graph.
    pty.send("\t");
    pty.wait_for("Moves of token 2 (vertex 3)");
    pty.win_with_revealed_moves("✓", |_| "\r", 12);
    pty.quit();
}

/// Issue 19, item 4: on Wythoff's board the arrows move the target square and PgUp/PgDn step
/// through the move list, as the key bar says; Enter plays the move the list and the status
/// line show, never another.
#[test]
fn wythoff_arrows_move_the_target_and_pgdn_steps_the_list() {
    let mut pty = play("wythoff:11,7");
    pty.wait_for("Your move");
    pty.wait_taken_over();
    pty.wait_for("PgUp/PgDn list");
    // ↓: the target goes down a square (the list follows: it is one of its moves).
    pty.send("\x1b[B");
    pty.wait_for("target (11, 6)");
    // Esc: the target back on the queen, nothing selected in the list.
    pty.send("\x1b");
    pty.wait_for("arrows move the target");
    // PgDn twice: the second listed move (the list goes near to far since issue 27),
    // (9, 7) ← 2; Enter plays exactly that.
    pty.send("\x1b[6~");
    pty.wait_for("target (10, 7)");
    pty.send("\x1b[6~");
    pty.wait_for("target (9, 7)");
    pty.send("\r");
    pty.wait_for("You: queen 1: (11, 7) → (9, 7)");
    pty.quit();
}

/// Issue 27: with hints off, a Fibonacci Nim heap of 10^12 lists take 1, 2, 3, … (not its
/// winning takes); digits typed choose any take, Backspace erases one, Enter plays it.
#[test]
fn a_typed_number_plays_any_take_of_a_huge_heap() {
    let mut pty = play("fibnim:1000000000000");
    pty.wait_for("Your move");
    pty.wait_taken_over();
    pty.send("\r");
    pty.wait_for("take 2 (");
    assert!(
        !pty.screen_text().contains("take 16 ("),
        "{}",
        pty.screen_text()
    );
    pty.send("103266938609");
    pty.wait_for("move 103266938609");
    pty.send("\x7f");
    pty.wait_for("move 10326693860 ");
    pty.send("\r");
    pty.wait_for("989673306140");
    pty.quit();
}

#[test]
fn nim_k_won_with_revealed_moves() {
    let mut pty = play("nimk:2:1,2,3");
    pty.wait_for("Your move");
    pty.wait_taken_over();
    pty.send("i");
    pty.wait_for("Nim-K (K = 2)");
    pty.win_with_revealed_moves("✓", |_| "\r", 12);
    pty.quit();
}

#[test]
fn misere_kayles_hints_say_which_rule_decided() {
    let mut pty = play("anti:kayles:3+nim:2");
    pty.wait_for("Your move");
    pty.send("i");
    pty.wait_for("the SJ theorem does not decide here");
    pty.quit();
}
