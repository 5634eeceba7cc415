//! Issue 9's defects in the real binary in a pseudo-terminal: keys do nothing while the
//! "Terminal too small" message is shown, and q quits from the help popup.

use crate::common;
use common::pty::Pty;

#[test]
fn keys_wait_while_the_terminal_is_too_small_and_q_quits_from_the_help() {
    let mut pty = Pty::spawn(
        &[
            "play",
            "dodgeball",
            "--code",
            "dodgeball:1111111111",
            "--seed",
            "1",
        ],
        &[],
    );
    pty.wait_for("Your move");
    pty.wait_taken_over();
    pty.resize(15, 50);
    pty.wait_for("Terminal too small");
    // Blind: reveal a winning move and play it, hints on, a new game.
    pty.send("www");
    pty.send("\r");
    pty.send("i");
    pty.send("n");
    // The help opens and closes even so.
    pty.send("?");
    pty.wait_for("Help: Binary Dodgeball");
    pty.send("?");
    pty.wait_until("help closed", |s| {
        !s.contents().contains("Help: Binary Dodgeball")
    });
    pty.resize(24, 80);
    pty.wait_for("Your move");
    let screen = pty.screen_text();
    assert!(
        screen
            .lines()
            .next()
            .unwrap_or("")
            .trim_end()
            .ends_with("move 1"),
        "a key acted while the screen was too small:\n{screen}"
    );
    assert!(!screen.contains("hints on"), "{screen}");
    // q in the help quits, as the help says.
    pty.send("?");
    pty.wait_for("Help: Binary Dodgeball");
    pty.quit();
}
