//! Render tests of the Binary Dodgeball board on ratatui's `TestBackend`: the app is driven
//! with scripted keys and clicks and the screen compared with the committed insta snapshots
//! (tests/snapshots/). Snapshots are taken before any AI move, so the AI's random choices
//! never reach them; tests that play against the AI read its move off the screen.

use std::time::Duration;

use crossterm::event::KeyCode;
use grundy::ai::Level;
use grundy::games::GameKind;
use grundy::tui::app::App;
use grundy::tui::keymap;
use grundy::tui::theme::Theme;
use grundy::tui::{First, PlayOptions};
use ratatui::style::Color;

use crate::common;
use common::render::{Harness, options};

/// 20 boxes, every one full: the standard start.
const FULL20: &str = "dodgeball:11111111111111111111";
/// 16 boxes; the piece in box 1 can land in 2 or 8 (empty) or hit 4 or 16 (pieces).
const MIXED: &str = "dodgeball:1011010011110001";

fn million(first: First) -> PlayOptions {
    PlayOptions {
        game: Some(GameKind::Dodgeball),
        n: Some(1_000_000),
        first,
        level: Level::Perfect,
        seed: Some(1),
        // A seed alone asks for a random board: these tests want the full one.
        start: Some(grundy::tui::board::Start::Standard),
        ..PlayOptions::default()
    }
}

/// The AI's last move as the turn panel words it: (from, to).
fn ai_move(screen: &str) -> (usize, usize) {
    let line = screen
        .lines()
        .find_map(|l| l.split("AI: piece in box ").nth(1))
        .unwrap_or_else(|| panic!("no AI move on screen:\n{screen}"));
    let numbers: Vec<usize> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter(|s| !s.is_empty())
        .take(2)
        .map(|s| s.parse().expect("a box number"))
        .collect();
    (numbers[0], numbers[1])
}

#[test]
fn dodgeball_line_view() {
    let mut h = Harness::new(&options(MIXED), 80, 24);
    insta::assert_snapshot!(h.screen());
}

#[test]
fn dodgeball_chain_view() {
    let mut h = Harness::new(&options(FULL20), 80, 24);
    h.keys("v");
    let screen = h.screen();
    assert!(screen.contains("h=4"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn dodgeball_selected_piece_shows_targets_and_a_collision() {
    let mut h = Harness::new(&options(MIXED), 80, 24);
    // The cursor starts on box 1; its throws nearest first: 2, 4 (collides), 8, 16 (collides).
    h.enter().key(KeyCode::Right);
    let screen = h.screen();
    assert!(screen.contains("Throws of box 1"), "{screen}");
    assert!(screen.contains("to box 4 ✸ collides"), "{screen}");
    assert!(screen.contains("to box 8\n") || screen.contains("to box 8 "));
    assert_eq!(h.status(), "box 1 → box 4 · collides: both leave");
    insta::assert_snapshot!(screen);
}

#[test]
fn dodgeball_hint_mode() {
    let mut h = Harness::new(&options(FULL20), 80, 24);
    h.keys("i").enter();
    let screen = h.screen();
    // Box 1 of 20 is a heap of ⌊log2 20⌋ = 4; only its throw to 16 leaves nim-sum 0.
    assert!(screen.contains("*4"), "{screen}");
    assert!(screen.contains("✓ to box 16 ✸ collides"), "{screen}");
    assert!(screen.contains("✗ to box 2 ✸ collides"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn dodgeball_chain_view_selection_with_hints_large() {
    let mut h = Harness::new(&options(MIXED), 120, 40);
    h.keys("vi").enter();
    let screen = h.screen();
    assert!(
        screen.contains("v view"),
        "the hint bar lists the view key:\n{screen}"
    );
    insta::assert_snapshot!(screen);
}

#[test]
fn dodgeball_million_boxes_scrolled_far() {
    let mut h = Harness::new(&million(First::You), 120, 40);
    h.key(KeyCode::End);
    for _ in 0..3 {
        h.key(KeyCode::PageUp);
    }
    let screen = h.screen();
    assert!(screen.contains("1000000 boxes"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn dodgeball_million_boxes_chain_view() {
    let mut h = Harness::new(&million(First::You), 120, 40);
    // Box 1 leads the longest chain, 1, 2, 4, …, 524288: twenty columns, so the view
    // scrolls sideways to show box 1 and marks the columns to the right.
    h.keys("v");
    let screen = h.screen();
    assert!(screen.contains("h=19"), "{screen}");
    assert!(screen.contains('▶'), "{screen}");
    h.key(KeyCode::End);
    let screen = h.screen();
    assert!(screen.contains("1000000"), "{screen}");
    assert!(screen.contains("h=0"), "{screen}");
    assert!(screen.contains('◀'), "{screen}");
    insta::assert_snapshot!(screen);
}

/// Paging, the chain view, Tab and End on 10^6 boxes all answer (how fast: the frame
/// benchmark, `cargo bench --bench tui`).
#[test]
fn million_boxes_answer_every_key() {
    let mut h = Harness::new(&million(First::You), 120, 40);
    for i in 0..40 {
        let key = match i % 4 {
            0 => KeyCode::PageDown,
            1 => KeyCode::Char('v'),
            2 => KeyCode::Tab,
            _ => KeyCode::End,
        };
        h.key(key);
    }
    // Ten rounds of four keys: the view toggled an even number of times, the cursor at the end.
    let screen = h.screen();
    assert!(screen.contains("1000000"), "{screen}");
    assert!(h.status().starts_with("box 1000000 "), "{}", h.status());
}

#[test]
fn keyboard_game_to_the_end_with_revealed_winning_throws() {
    // Nim-sum *4: the player to move wins, so following the revealed move each turn must win.
    let mut h = Harness::new(&options(FULL20), 80, 24);
    for _ in 0..30 {
        if h.screen().contains("Game over") {
            break;
        }
        h.keys("www");
        assert!(h.status().starts_with("A winning move: piece in box"));
        h.enter();
    }
    let screen = h.screen();
    assert!(screen.contains("You win!"), "{screen}");
}

#[test]
fn a_collision_ends_a_short_game() {
    // Pieces in 2, 3, 4: the piece in 2 can only hit 4; then 3 is stuck and the AI has lost.
    let mut h = Harness::new(&options("dodgeball:0111"), 80, 24);
    assert!(h.status().starts_with("box 2 · piece"), "{}", h.status());
    h.enter();
    assert!(h.screen().contains("to box 4 ✸ collides"));
    h.enter();
    let screen = h.screen();
    assert!(screen.contains("You win!"), "{screen}");
    h.key(KeyCode::Esc);
    let screen = h.screen();
    // The turn panel wraps the words: the move, then what it did.
    assert!(screen.contains("You: piece in box 2 → box 4"), "{screen}");
    assert!(screen.contains("(collides: both leave)"), "{screen}");
}

#[test]
fn escape_backs_out_of_a_chosen_piece() {
    let mut h = Harness::new(&options(MIXED), 80, 24);
    h.enter();
    assert!(h.screen().contains("Throws of box 1"));
    h.key(KeyCode::Esc);
    let screen = h.screen();
    assert!(!screen.contains("Throws of box 1"), "{screen}");
    assert_eq!(h.status(), "box 1 · piece · 4 doublings left · 9 pieces");
}

#[test]
fn empty_and_stuck_boxes_say_why_they_cannot_be_chosen() {
    let mut h = Harness::new(&options(MIXED), 80, 24);
    h.key(KeyCode::Right).enter();
    assert!(h.status().starts_with("Box 2 is empty"), "{}", h.status());
    h.key(KeyCode::End).enter();
    assert!(
        h.status()
            .starts_with("The piece in box 16 cannot move: 2·16 = 32 is past the last box, 16"),
        "{}",
        h.status()
    );
}

#[test]
fn tab_jumps_between_pieces_that_can_move() {
    let mut h = Harness::new(&options(MIXED), 80, 24);
    // Pieces 1, 3, 4, 6 can move (9, 10, 11, 12, 16 are past the middle).
    let mut seen = Vec::new();
    for _ in 0..5 {
        h.key(KeyCode::Tab);
        seen.push(h.status().split(' ').nth(1).unwrap_or("").to_string());
    }
    assert_eq!(seen, ["3", "4", "6", "1", "3"]);
    h.key(KeyCode::BackTab);
    assert!(h.status().starts_with("box 1 "), "{}", h.status());
}

#[test]
fn chain_view_keys_follow_chains_and_heaps() {
    let mut h = Harness::new(&options(FULL20), 80, 24);
    h.keys("v");
    assert!(h.status().starts_with("box 1 "));
    h.key(KeyCode::Right);
    assert!(h.status().starts_with("box 2 "), "{}", h.status());
    // Down: chain 3, 6, 12 has no heap-3 column; its nearest box is 3 (heap 2).
    h.key(KeyCode::Down);
    assert!(h.status().starts_with("box 3 "), "{}", h.status());
    h.key(KeyCode::Right);
    assert!(h.status().starts_with("box 6 = 3·2 "), "{}", h.status());
    // Up: back to chain 1, same column (heap 1): box 8.
    h.key(KeyCode::Up);
    assert!(h.status().starts_with("box 8 = 2^3 "), "{}", h.status());
    h.key(KeyCode::Left);
    assert!(h.status().starts_with("box 4 "), "{}", h.status());
    // Tab goes row by row: after 4 in chain 1 comes 8, then chain 3's 3.
    h.key(KeyCode::Tab);
    assert!(h.status().starts_with("box 8 "), "{}", h.status());
    h.key(KeyCode::Tab);
    assert!(h.status().starts_with("box 3 "), "{}", h.status());
    // The view toggles back; the cursor stays on its box.
    h.keys("v");
    assert!(h.status().starts_with("box 3 "), "{}", h.status());
    assert!(!h.screen().contains("h=4"));
}

#[test]
fn mouse_chooses_a_piece_then_a_target() {
    let mut h = Harness::new(&options(MIXED), 80, 24);
    let (x, y) = h.box_cell(3, 5).expect("box 3 on screen");
    h.click(x + 2, y + 1);
    assert!(h.screen().contains("Throws of box 3"));
    // Box 6 holds a piece: the click throws 3 onto it and both leave.
    let (x, y) = h.box_cell(6, 5).expect("box 6 on screen");
    h.click(x + 2, y + 1);
    // The AI's reply may end the game: Esc closes the review to look at the board.
    h.key(KeyCode::Esc);
    let screen = h.screen();
    assert!(screen.contains("You: piece in box 3 → box 6"), "{screen}");
    assert!(screen.contains("(collides: both leave)"), "{screen}");
}

#[test]
fn mouse_clicks_a_listed_throw_twice_to_play_it() {
    let mut h = Harness::new(&options(MIXED), 80, 24);
    let (x, y) = h.box_cell(1, 5).expect("box 1 on screen");
    h.click(x + 2, y + 1);
    let screen = h.screen();
    let (row, line) = screen
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("to box 8"))
        .expect("the throw to 8 is listed");
    let column = line[..line.find("to box 8").unwrap()].chars().count() as u16;
    h.click(column, row as u16);
    assert!(h.status().starts_with("Click the throw again"));
    h.click(column, row as u16);
    assert!(
        h.screen().contains("You: piece in box 1 → box 8"),
        "{}",
        h.screen()
    );
    // Clicks outside anything are ignored.
    h.click(0, 0).click(79, 23);
}

#[test]
fn the_ais_move_is_highlighted_on_the_board() {
    let mut o = options(FULL20);
    o.first = First::Ai;
    let mut h = Harness::new(&o, 80, 24);
    let screen = h.screen();
    let (from, to) = ai_move(&screen);
    let theme = Theme::colour();
    for b in [from, to] {
        let (x, y) = h.box_cell(b, 5).expect("box on screen");
        let buffer = h.terminal.backend().buffer();
        let cell = &buffer[(x + 2, y)];
        assert_eq!(cell.fg, theme.last_move.fg.unwrap(), "box {b}: {cell:?}");
    }
    // Other boxes are not.
    let other = (1..=20).find(|b| ![from, to].contains(b)).unwrap();
    let (x, y) = h.box_cell(other, 5).expect("box on screen");
    let fg = h.terminal.backend().buffer()[(x + 2, y)].fg;
    assert_ne!(fg, theme.last_move.fg.unwrap());
}

#[test]
fn an_ai_move_off_screen_is_brought_into_view() {
    let mut h = Harness::new(&million(First::Ai), 120, 40);
    let screen = h.screen();
    let (from, to) = ai_move(&screen);
    let from_shown = h.box_cell(from, 9).is_some();
    let to_shown = h.box_cell(to, 9).is_some();
    assert!(
        from_shown || to_shown,
        "neither {from} nor {to} on screen:\n{screen}"
    );
}

#[test]
fn no_color_theme_has_no_colours_but_marks_everything() {
    let mut h = Harness::with_theme(&options(MIXED), 80, 24, Theme::plain());
    h.enter().key(KeyCode::Right);
    let buffer = h.terminal.backend().buffer();
    for cell in buffer.content() {
        assert_eq!(cell.fg, Color::Reset, "{cell:?}");
        assert_eq!(cell.bg, Color::Reset, "{cell:?}");
    }
    let screen = h.screen();
    // The chosen target in brackets, a landing ○, a collision ✸ with its word.
    assert!(screen.contains("[✸]"), "{screen}");
    assert!(screen.contains('○'), "{screen}");
    assert!(screen.contains("hit"), "{screen}");
    assert!(screen.contains("from"), "{screen}");
    h.keys("i");
    let screen = h.screen();
    assert!(screen.contains("✓") || screen.contains("✗"), "{screen}");
}

#[test]
fn view_key_is_in_the_keymap_help_and_bar() {
    assert!(
        keymap::help_rows(Some(GameKind::Dodgeball))
            .iter()
            .any(|(keys, help)| keys == "v" && help.contains("chain"))
    );
    assert!(
        keymap::bar(Some(GameKind::Dodgeball))
            .iter()
            .any(|(key, label)| key == "v" && *label == "view")
    );
    for other in [None, Some(GameKind::Coins), Some(GameKind::Grid)] {
        assert!(!keymap::bar(other).iter().any(|(key, _)| key == "v"));
        assert!(!keymap::help_rows(other).iter().any(|(key, _)| key == "v"));
    }
}

#[test]
fn bad_codes_and_sizes_are_errors() {
    let error = App::with_delay(&options("dodgeball:10x1"), Theme::plain(), Duration::ZERO)
        .err()
        .expect("a bad code is an error");
    let text = format!("{error:#}");
    assert!(text.contains("dodgeball:10x1"), "{text}");
    let mut o = million(First::You);
    o.n = Some(1_000_001);
    let error = App::with_delay(&o, Theme::plain(), Duration::ZERO)
        .err()
        .expect("too many boxes");
    assert!(format!("{error:#}").contains("1 to 1000000"));
}

#[test]
fn mouse_works_in_the_chain_view() {
    let mut h = Harness::new(&options(FULL20), 80, 24);
    h.keys("v");
    // The heap row is not a box: a click there does nothing.
    let (x, y) = h.box_cell(3, 5).expect("box 3 on screen");
    h.click(x + 2, 2);
    assert!(!h.screen().contains("Throws of box"));
    h.click(x + 2, y + 1);
    assert!(h.screen().contains("Throws of box 3"));
    // A second click on the chosen piece puts it back; a third chooses it again.
    h.click(x + 2, y + 1);
    assert!(!h.screen().contains("Throws of box 3"));
    h.click(x + 2, y + 1);
    let (x, y) = h.box_cell(12, 5).expect("box 12 on screen");
    h.click(x + 2, y + 1);
    let screen = h.screen();
    assert!(screen.contains("You: piece in box 3 → box 12"), "{screen}");
}

#[test]
fn the_wheel_scrolls_a_large_board() {
    let mut h = Harness::new(&million(First::You), 120, 40);
    assert!(h.status().starts_with("box 1 "));
    for _ in 0..30 {
        h.wheel_down(10, 10);
    }
    let screen = h.screen();
    // Nine boxes a row at this width: thirty turns down is box 1 + 270.
    assert!(h.status().starts_with("box 271 "), "{}", h.status());
    assert!(screen.contains(" 271 "), "{screen}");
    assert!(!screen.contains("   1        2 "), "{screen}");
}

#[test]
fn any_small_board_survives_any_keys_and_clicks() {
    // A fixed pseudo-random walk (no rand: a tiny LCG keeps the test independent of rand's
    // streams) over boards of 1..=40 boxes, both views, both sizes of terminal.
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move |bound: u64| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) % bound
    };
    let keys = [
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::Tab,
        KeyCode::BackTab,
        KeyCode::Enter,
        KeyCode::Esc,
        KeyCode::PageUp,
        KeyCode::PageDown,
        KeyCode::Home,
        KeyCode::End,
        KeyCode::Char('v'),
        KeyCode::Char('i'),
        KeyCode::Char('w'),
        KeyCode::Char('u'),
    ];
    for n in 1..=40u64 {
        let code: String = (0..n)
            .map(|_| if next(3) == 0 { '0' } else { '1' })
            .collect();
        let (width, height) = if n % 2 == 0 { (80, 24) } else { (61, 17) };
        let mut h = Harness::new(&options(&format!("dodgeball:{code}")), width, height);
        for _ in 0..40 {
            if next(4) == 0 {
                let (x, y) = (next(width as u64) as u16, next(height as u64) as u16);
                h.click(x, y);
            } else {
                h.key(keys[next(keys.len() as u64) as usize]);
            }
        }
        // The random keys may have changed the language on the menu's Language field: the
        // checks below read the English screen.
        grundy::locale::set_lang(grundy::locale::Lang::En);
        let screen = h.screen();
        // Enter on a finished game goes back to the menu, which needs 18 rows: at 61×17 it
        // then says so, and no key acts until the screen is larger. At 61×17 the game-over
        // review covers the board's title.
        let menu_too_small = !h.app.in_game() && screen.contains("Terminal too small");
        let review = h.app.in_game() && screen.contains("Game over · review");
        assert!(
            screen.contains("Binary Dodgeball") || menu_too_small || review,
            "n = {n}:\n{screen}"
        );
    }
}

#[test]
fn reveal_highlights_the_winning_throw_on_the_board() {
    // Nim-sum *4 = 100 in binary: only box 1 (heap 4) has that bit, and 4 ^ 4 = 0 means all
    // four doublings, onto the piece in box 16.
    let mut h = Harness::new(&options(FULL20), 80, 24);
    h.keys("www");
    assert_eq!(
        h.status(),
        "A winning move: piece in box 1 → box 16 (collides: both leave). Enter plays it."
    );
    let (x, y) = h.box_cell(16, 5).expect("box 16 on screen");
    let buffer = h.terminal.backend().buffer();
    let mark: String = (x..x + 5).map(|x| buffer[(x, y + 1)].symbol()).collect();
    assert_eq!(mark.trim(), "[✸]");
    assert_eq!(
        buffer[(x + 2, y + 1)].bg,
        Color::Red,
        "a collision's colour"
    );
    // The same in the chain view: the throw runs along the top row.
    h.keys("v");
    let (x, y) = h.box_cell(16, 5).expect("box 16 on screen");
    let buffer = h.terminal.backend().buffer();
    let mark: String = (x..x + 5).map(|x| buffer[(x, y + 1)].symbol()).collect();
    assert_eq!(mark.trim(), "[✸]");
}

#[test]
fn help_shows_the_position_code_shortened_on_a_million_boxes() {
    let mut h = Harness::new(&options(FULL20), 80, 24);
    h.keys("?");
    let screen = h.screen();
    assert!(screen.contains("This position"), "{screen}");
    assert!(
        screen.contains(&format!("dodgeball:{}", "1".repeat(20))),
        "{screen}"
    );
    let mut h = Harness::new(&million(First::You), 120, 60);
    h.keys("?");
    let screen = h.screen();
    // The full board's code: "dodgeball:" and 10^6 digits.
    assert!(screen.contains("(1000010 characters)"), "{screen}");
}
