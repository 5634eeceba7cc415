//! The Lab in a pseudo-terminal, by keys from the menu: opened with its key, a rule typed
//! (Kayles, 0.77) and its period shown, the Wythoff and E&D heat maps, the help, back to the menu, quit.

use crate::common;
use common::pty::{Home, Pty};

#[test]
fn the_lab_is_opened_from_the_menu_by_keys() {
    let home = Home::new();
    let mut pty = Pty::spawn_in(&home, &[], &[]);
    pty.wait_for("Choose a game");
    pty.wait_taken_over();
    pty.wait_for("Lab");
    pty.send("t");
    pty.wait_for("period 34 from n = 52, proved");
    // Another rule, typed: Kayles.
    pty.send("\r0.77\r");
    pty.wait_for("period 12 from n = 71, proved");
    // → → to E&D's heat map.
    pty.send("\x1b[C");
    pty.wait_for("the lost queens");
    pty.send("\x1b[C");
    pty.wait_for("lowest 0 bit");
    pty.send("?");
    pty.wait_for("The Lab tabulates");
    pty.send("\x1b");
    pty.wait_for("lowest 0 bit");
    pty.send("\x1b");
    pty.wait_for("Choose a game");
    pty.quit();
    pty.assert_restored();
}
