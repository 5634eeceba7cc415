//! Found by a new player (issue 27): Dawson's Kayles rows, statistics that keep a retried
//! blunder, fair starts from the command line, at 120×40 and 80×24 with hints off.

use crossterm::event::KeyCode;
use grundy::ai::Level;
use grundy::game::{Impartial, Notation};
use grundy::games::GameKind;
use grundy::games::dag::Dag;
use grundy::games::heaps::Heaps;
use grundy::tui::{First, PlayOptions};

use crate::common;
use common::render::{Harness, StoreHome as Home, options};

const SIZES: [(u16, u16); 2] = [(120, 40), (80, 24)];

/// Knocking the first two pins of a row of 3 leaves that row 1 pin, as in Kayles: no row of 0
/// pins, no new row 3.
#[test]
fn a_dawson_row_keeps_its_first_piece() {
    for (width, height) in SIZES {
        let mut h = Harness::new(&options("dawson:3,6"), width, height);
        // Row 1, its first move: pins 1-2.
        h.enter().enter();
        let screen = h.screen();
        assert!(screen.contains("(3 → 1)"), "{screen}");
        assert!(screen.contains("row 1 (1 pin)"), "{screen}");
        assert!(!screen.contains("(0 pins)"), "{screen}");
        assert!(!screen.contains("0 + 1"), "{screen}");
        insta::assert_snapshot!(format!("dawson_knock_{width}x{height}"), screen);
    }
}

/// The AI's copy of the position: `y` copies its code.
fn position_code(h: &mut Harness) -> String {
    h.keys("y");
    h.app.copied().last().cloned().expect("a code copied")
}

/// `grundy play dag` and `grundy play nim` (no settings file yet, no seed) start as the menu
/// does: random, winning for the player.
#[test]
fn the_command_line_starts_winning_for_you_as_the_menu_does() {
    for game in [GameKind::Dag, GameKind::Heaps] {
        for _ in 0..7 {
            let options = PlayOptions {
                game: Some(game),
                first: First::You,
                level: Level::Perfect,
                ..PlayOptions::default()
            };
            let mut h = Harness::new(&options, 120, 40);
            let code = position_code(&mut h);
            let wins = match game {
                GameKind::Dag => Dag::from_code(&code).unwrap().mover_wins(),
                _ => Heaps::from_code(&code).unwrap().mover_wins(),
            };
            assert!(wins, "{code} is lost for the player to move");
        }
    }
}

/// A fair start needs thought in proportion to its size: nim:8,1 (take 7, then mirror) is
/// too easy a start.
#[test]
fn a_small_obvious_start_is_not_fair_enough() {
    use grundy::tui::board::Side;
    use grundy::tui::boards::start_quality;
    let easy = Heaps::from_code("nim:8,1").unwrap();
    assert!(!start_quality(&easy, Side::You).0);
    let harder = Heaps::from_code("nim:5,6,7").unwrap();
    assert!(start_quality(&harder, Side::You).0);
}

/// A blunder, `t` back to before it, then a win: the statistics count the game with its
/// blunder and as retried.
#[test]
fn a_retried_game_keeps_its_blunder_in_the_statistics() {
    let home = Home::new();
    // nim:3,5 wins by taking 2 from heap 2; taking 1 from heap 1 (the first move listed)
    // hands the win over, and the AI's reply leaves the game going.
    let mut h = home.harness(&options("nim:3,5"), 120, 40);
    h.enter().enter();
    assert!(h.screen().contains("move 3"), "{}", h.screen());
    h.keys("t");
    // Then the winning moves, revealed (w three times) and played, to the end.
    for _ in 0..20 {
        if h.screen().contains("You win") {
            break;
        }
        h.keys("www").enter();
    }
    let screen = h.screen();
    assert!(screen.contains("You win"), "{screen}");
    h.key(KeyCode::Esc);
    let stats = grundy::store::stats::Stats::load(&home.store().stats_path().unwrap()).stats;
    let record = stats.record_of("nim", Level::Perfect);
    assert_eq!(
        (record.played, record.won, record.blunders, record.retried),
        (1, 1, 1, 1),
        "{record:?}"
    );
}

/// At 80 columns the parts board draws pins and balls (it drew `…`), and Dawson's preview
/// marks the knocked pins as Kayles' does.
#[test]
fn eighty_columns_draw_pins_and_balls() {
    let mut h = Harness::new(&options("dawson:4,9"), 80, 24);
    let screen = h.screen();
    assert!(screen.contains("row 1 (4 pins) ▮▮▮▮ "), "{screen}");
    assert!(screen.contains("row 2 (9 pins) ▮▮▮▮▮▮▮▮▮"), "{screen}");
    h.key(KeyCode::Down)
        .enter()
        .key(KeyCode::Down)
        .key(KeyCode::Down);
    let screen = h.screen();
    // Pins 3-4 of row 2 previewed as knocked.
    assert!(screen.contains("▮▮××▮▮▮▮▮"), "{screen}");
    insta::assert_snapshot!("dawson_80x24", screen);
    let mut h = Harness::new(&options("stairs:4,9"), 80, 24);
    let screen = h.screen();
    assert!(screen.contains("●●●●●●●●●"), "{screen}");
    insta::assert_snapshot!("stairs_80x24", screen);
}

/// The graded hint names the move whole at 80 columns: a status too long for its row takes
/// the key bar's row too.
#[test]
fn the_graded_hint_names_the_whole_move_at_80_columns() {
    let mut h = Harness::new(&options("grid:TTTTT/TTTTT/TTTTT/TTTTT"), 80, 24);
    // The first hint's sentence (cut before) is read whole too.
    h.keys("w");
    let screen = h.screen();
    assert!(screen.contains("(w: which part)."), "{screen}");
    h.keys("ww");
    let screen = h.screen();
    let lines: Vec<&str> = screen.lines().collect();
    let bottom = format!(
        "{} {}",
        lines[lines.len() - 2].trim(),
        lines[lines.len() - 1].trim()
    );
    assert!(bottom.starts_with("A winning move: "), "{screen}");
    assert!(bottom.ends_with("Enter plays it."), "{screen}");
    assert!(!bottom.contains('…'), "{screen}");
    insta::assert_snapshot!("graded_hint_80x24", screen);
}

/// The Turn panel names the moves whole: reasons and then the older move give way first.
#[test]
fn the_turn_panel_never_cuts_a_move() {
    for (width, height) in SIZES {
        let mut h = Harness::new(&options("dawson:5,8,11,13"), width, height);
        h.enter().enter();
        let screen = h.screen();
        let turn = common::grid::turn_panel(&screen);
        assert!(!turn.contains('…'), "{screen}");
        assert!(turn.contains("AI: row "), "{screen}");
        assert!(turn.contains(")"), "{screen}");
    }
}

/// Plurals and names: a row of 1 pin, E&D with one pair, Kayles' frame, Fibonacci Nim's label
/// apart from its tokens.
#[test]
fn the_words_are_right() {
    let mut h = Harness::new(&options("dawson:3,6"), 120, 40);
    h.enter().enter();
    let screen = h.screen();
    assert!(screen.contains("row 1 (1 pin)"), "{screen}");
    assert!(
        screen.contains("pins ·") && !screen.contains(" 1 pins"),
        "{screen}"
    );
    assert!(!screen.contains("1 pins"), "{screen}");
    let screen = Harness::new(&options("ed:3,5"), 120, 40).screen();
    assert!(screen.contains("1 pair "), "{screen}");
    assert!(!screen.contains("1 pairs"), "{screen}");
    let screen = Harness::new(&options("kayles:5,7"), 120, 40).screen();
    assert!(screen.contains("┌ Kayles "), "{screen}");
    assert!(!screen.contains("┌ Heap games"), "{screen}");
    let screen = Harness::new(&options("fibnim:1000000000000"), 120, 40).screen();
    assert!(screen.contains("999999999999) ●●●"), "{screen}");
}

/// Misère Nim's record does not show a nim-sum that disagrees with the ✓ beside it: the game's
/// own rule judged.
#[test]
fn the_misere_record_says_the_rule_judged() {
    // Heaps of 1: taking one from the three leaves two, an even count — won under misère
    // play, though the nim-sum after is 0... or 1: the rule, not the nim-sum, judges.
    let mut h = Harness::new(&options("misere:1,1,1"), 120, 40);
    h.keys("i").enter().enter();
    let screen = h.screen();
    assert!(screen.contains("✓  rule"), "{screen}");
}

/// A DAG of 12 vertices or more lists its edges as text beside the drawing.
#[test]
fn a_big_dag_lists_its_edges() {
    let code = "dag:13:1>2,1>3,2>4,3>5,4>6,5>7,6>8,7>9,8>10,9>11,10>12,11>13,12>13,1>13:1,2";
    for (width, height) in SIZES {
        let mut h = Harness::new(&options(code), width, height);
        let screen = h.screen();
        if width >= 120 {
            assert!(screen.contains("Edges"), "{screen}");
            assert!(screen.contains("1 → 2 3 13"), "{screen}");
            assert!(screen.contains("12 → 13"), "{screen}");
        }
        insta::assert_snapshot!(format!("dag_edges_{width}x{height}"), screen);
    }
}

/// Misère Nim's last AI move (taking the last token, lost) is not "stalling, 0 more moves".
#[test]
fn the_misere_ai_says_its_last_move_loses() {
    let mut h = Harness::new(&options("misere:1,1"), 120, 40);
    h.keys("i").enter().enter();
    let screen = h.screen();
    assert!(screen.contains("You win"), "{screen}");
    h.key(KeyCode::Esc);
    let screen = h.screen();
    assert!(!screen.contains("0 more moves"), "{screen}");
    assert!(screen.contains("this last one, which loses"), "{screen}");
}
