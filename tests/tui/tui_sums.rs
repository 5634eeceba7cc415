//! A sum of different games on one screen: a small board per component, each drawn by its own
//! game, the nim-sum panel XORs the components' values and the selected move is drawn as the
//! component after it (TestBackend + insta); the real binary in a pseudo-terminal wins a sum of
//! four games with revealed winning moves.

use crossterm::event::KeyCode;

use crate::common;
use common::pty::Pty;
use common::render::{Harness, options};

#[test]
fn sum_board_lists_components_and_xors_their_values() {
    let mut h = Harness::new(&options("nim:3,4+kayles:5+coins:4:HTT"), 120, 32);
    h.keys("i");
    h.enter().key(KeyCode::Down).key(KeyCode::Down);
    let screen = h.screen();
    // Nim 3 ⊕ 4 = *7, Kayles 5 = *4: the sum is *3, and taking the 3-heap is the winning move.
    assert!(screen.contains("[1] Nim *7"), "{screen}");
    assert!(screen.contains("[2] Kayles *4"), "{screen}");
    // Each component drawn by its game: Nim heaps as tokens, the Kayles row as pins, coins.
    assert!(screen.contains("heap 2 (4)     ●●●●"), "{screen}");
    assert!(screen.contains("row 1 (5)      ▮▮▮▮▮"), "{screen}");
    assert!(screen.contains("H T T"), "{screen}");
    assert!(screen.contains("= nim-sum"), "{screen}");
    assert!(screen.contains("*3  011"), "{screen}");
    assert!(screen.contains("Moves of [1] nim:3,4"), "{screen}");
    assert!(screen.contains("✓ heap 1: take 3 (3 → 0) →*0"), "{screen}");
    // The selected move previewed on its component's board.
    assert!(
        screen.contains("after: heap 1: take 3 (3 → 0)  (*4)"),
        "{screen}"
    );
    insta::assert_snapshot!(screen);
}

/// On a short screen the frames scroll with the cursor, and the board says what is below.
#[test]
fn sum_board_scrolls_to_the_component_under_the_cursor() {
    let code = "nim:3,4+kayles:5+coins:4:HTT+stairs:1,2,3+grundy:7+ed:3,5";
    let mut h = Harness::new(&options(code), 100, 24);
    h.keys("i");
    let screen = h.screen();
    assert!(screen.contains("more below"), "{screen}");
    assert!(!screen.contains("[6] E&D"), "{screen}");
    h.key(KeyCode::End);
    let screen = h.screen();
    assert!(screen.contains("[6] E&D"), "{screen}");
    assert!(screen.contains("(3, 5)"), "{screen}");
    assert!(screen.contains("more above"), "{screen}");
}

#[test]
fn sum_of_four_games_won_with_revealed_moves() {
    let mut pty = Pty::spawn(
        &[
            "play",
            "--code",
            "kayles:4,6+wythoff:2,3+stairs:0,2,3+nim:1",
            "--seed",
            "1",
            "--first",
            "you",
        ],
        &[],
    );
    pty.wait_for("Your move");
    pty.wait_taken_over();
    pty.send("i");
    pty.wait_for("Nim-sum (XOR)");
    // Wait for the reveal's own words: the game record's ✓ marks are on screen from move 3 on.
    pty.win_with_revealed_moves("A winning move:", |_| "\r", 30);
    pty.quit();
}

/// The Turn panel grows to say a long move and the AI's reason in full, instead of cutting
/// them to a fixed eight rows (a sum's moves name their component and game).
#[test]
fn the_turn_panel_says_long_moves_in_full() {
    // Coin 16 flips 16 8 4 2: long words in a narrow panel, and the AI's reply has its reason.
    let code = "coins:4:HHHHHHHHHHHHHHHT+kayles:3+nim:5";
    let mut h = Harness::new(&options(code), 64, 40);
    h.enter().key(KeyCode::Down).key(KeyCode::Down).enter();
    let screen = h.screen();
    let lines: Vec<&str> = screen.lines().collect();
    let top = lines.iter().position(|l| l.contains("┌ Turn")).unwrap();
    let column = lines[top].chars().position(|c| c == '┌').unwrap();
    let column = lines[top]
        .chars()
        .enumerate()
        .skip(column + 1)
        .find(|&(_, c)| c == '┌')
        .map_or(column, |(i, _)| i);
    let turn: Vec<String> = lines[top + 1..]
        .iter()
        .map(|l| l.chars().skip(column).collect::<String>())
        .take_while(|l| !l.starts_with('└'))
        .collect();
    let text = turn.join("\n");
    assert!(text.contains("AI: ["), "{screen}");
    assert!(text.contains("You: [1] Coin row:"), "{screen}");
    assert!(text.contains("flip 16 8 4 2"), "{screen}");
    assert!(!text.contains('…'), "a move cut short:\n{screen}");
}

/// A coin grid inside a sum is drawn by its cells, numbered from 1 as on its own board (the
/// sketch asked for cell (0, 0) and panicked on every grid component, small or 50 × 50).
#[test]
fn grid_components_are_drawn_small_and_large() {
    let mut h = Harness::new(&options("nim:3+grid:HT/TH"), 120, 32);
    let screen = h.screen();
    assert!(screen.contains("H T"), "{screen}");
    assert!(screen.contains("T H"), "{screen}");
    let big = vec!["T".repeat(50); 50].join("/");
    let mut h = Harness::new(&options(&format!("nim:3+grid:{big}")), 120, 32);
    let screen = h.screen();
    assert!(screen.contains("50 × 50 grid (cut)"), "{screen}");
}

/// A component with more parts than its sketch has rows, for every game: the line for the
/// rest is a sentence in each language, never a raw locale key (`en.parts` was one).
#[test]
fn every_component_cut_short_says_what_is_left_out() {
    let components = [
        "dawson:3,3,3,3,3,3,3,3,3",
        "kayles:2,2,2,2,2,2,2,2,2",
        "stairs:1,1,1,1,1,1,1,1,1",
        "wythoff:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18",
        "mock:THTHTHTHTHTHTHTHTH",
        "ed:1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18",
        "turtles:THTHTHTHTHTHTHTHTH",
    ];
    for component in components {
        let code = format!("nim:3+{component}");
        assert!(
            grundy::games::AnyPosition::from_code(&code).is_ok(),
            "{code} is a code"
        );
        for lang in grundy::locale::Lang::ALL {
            grundy::locale::set_lang(lang);
            let mut h = Harness::new(&options(&code), 120, 40);
            h.keys("i");
            let screen = h.screen();
            for raw in ["en.", "zh-CN.", "zh-TW."] {
                assert!(
                    !screen.contains(raw),
                    "{code} ({lang:?}): a raw key\n{screen}"
                );
            }
        }
    }
    grundy::locale::set_lang(grundy::locale::Lang::En);
}
