//! Render tests of the terminal game on ratatui's `TestBackend`: the app is driven with
//! scripted keys and clicks, and the screen is compared with the committed insta snapshots
//! (tests/snapshots/). The AI is deterministic here: its seed is fixed and, in the positions
//! snapshotted after an AI move, it has a single good reply or the snapshot is of a state the
//! AI cannot influence.

use std::time::Duration;

use crossterm::event::KeyCode;
use grundy::ai::Level;
use grundy::game::{Notation, Position};
use grundy::games::coins::CoinRow;
use grundy::tui::app::App;
use grundy::tui::board::Side;
use grundy::tui::session::{Session, SessionConfig};
use grundy::tui::theme::Theme;
use grundy::tui::{First, PlayOptions};
use ratatui::style::Color;

use crate::common;
use common::render::{Harness, SETTLE, options};

/// The 16-coin sample position of RULES.md (first case, MAXQ lowered to 4).
const SAMPLE: &str = "coins:4:HTTHTTTTHTTTHTHH";

#[test]
fn menu_game_chooser() {
    let mut h = Harness::new(&PlayOptions::default(), 80, 24);
    insta::assert_snapshot!(h.screen());
}

#[test]
fn menu_settings_after_one_enter() {
    let mut h = Harness::new(&PlayOptions::default(), 80, 24);
    h.enter();
    insta::assert_snapshot!(h.screen());
}

#[test]
fn menu_enter_twice_starts_a_coin_game() {
    let mut h = Harness::new(&PlayOptions::default(), 80, 24);
    h.enter().enter();
    assert!(h.app.in_game());
    assert!(h.screen().contains("20 coins, MAXQ 4"), "{}", h.screen());
}

#[test]
fn menu_typed_sizes_reach_the_game() {
    let mut h = Harness::new(&PlayOptions::default(), 80, 24);
    h.enter();
    // Focus starts on "Start game"; seven fields up is the coin count.
    for _ in 0..7 {
        h.key(KeyCode::Up);
    }
    h.keys("37").key(KeyCode::Down).keys("2");
    h.enter();
    let screen = h.screen();
    assert!(screen.contains("37 coins, MAXQ 2"), "{screen}");
}

#[test]
fn menu_standard_start_turns_every_coin_tails() {
    let mut h = Harness::new(&PlayOptions::default(), 80, 24);
    h.enter();
    // Up five fields from "Start game" is the start; → switches random to standard.
    for _ in 0..5 {
        h.key(KeyCode::Up);
    }
    h.key(KeyCode::Right);
    assert!(
        h.screen().contains("standard: every coin T"),
        "{}",
        h.screen()
    );
    h.enter();
    assert!(h.app.in_game());
    let rows = board_rows(&h.screen());
    assert!(rows.iter().any(|r| r.contains('T')), "{rows:?}");
    assert!(!rows.iter().any(|r| r.contains('H')), "{rows:?}");
}

#[test]
fn menu_reports_a_bad_size_instead_of_starting() {
    let mut h = Harness::new(&PlayOptions::default(), 80, 24);
    h.enter();
    for _ in 0..7 {
        h.key(KeyCode::Up);
    }
    // Erase the 20 down to 0 coins.
    h.key(KeyCode::Backspace).key(KeyCode::Backspace).enter();
    assert!(!h.app.in_game());
    assert!(
        h.screen().contains("Coins 0 is out of range: 1 to 30000"),
        "{}",
        h.screen()
    );
}

#[test]
fn coins_start() {
    let mut h = Harness::new(&options(SAMPLE), 80, 24);
    insta::assert_snapshot!(h.screen());
}

#[test]
fn coins_move_list_previews_the_flips() {
    let mut h = Harness::new(&options(SAMPLE), 80, 24);
    // The cursor starts on coin 2; down a row and right twice is coin 12 = 2^2·3.
    h.key(KeyCode::Char('j'))
        .keys("ll")
        .enter()
        .key(KeyCode::Down);
    insta::assert_snapshot!(h.screen());
}

#[test]
fn coins_hint_mode() {
    let mut h = Harness::new(&options(SAMPLE), 80, 24);
    h.keys("jll").enter().keys("i");
    insta::assert_snapshot!(h.screen());
}

#[test]
fn coins_reveal_selects_a_winning_move() {
    let mut h = Harness::new(&options(SAMPLE), 80, 24);
    // The graded hint: winning or losing, then which part, then the move.
    h.keys("w");
    assert!(h.status().starts_with("You are winning"), "{}", h.status());
    h.keys("w");
    assert!(h.status().contains("has a winning move"), "{}", h.status());
    h.keys("w");
    let screen = h.screen();
    assert!(screen.contains("A winning move: coin"), "{screen}");
    // Enter plays it; with perfect play the AI is then lost, so its reply is a stall.
    let before = h.screen();
    h.enter();
    let after = h.screen();
    assert_ne!(before, after);
    h.keys("i");
    let screen = h.screen();
    assert!(screen.contains("≠ 0: you (to move) win"), "{screen}");
}

#[test]
fn coins_help_popup() {
    let mut h = Harness::new(&options(SAMPLE), 80, 24);
    h.keys("?");
    insta::assert_snapshot!(h.screen());
    h.key(KeyCode::Esc);
    assert!(!h.screen().contains("Help: Coin row"));
}

#[test]
fn coins_game_over_you_win() {
    // Coin 2 is the only T: its one move flips 2 and 1, and coin 1 can never be chosen.
    let mut h = Harness::new(&options("coins:1:HT"), 80, 24);
    h.enter().enter();
    insta::assert_snapshot!(h.screen());
    // Enter on the game-over popup opens the menu for a new game.
    h.enter();
    assert!(!h.app.in_game());
    assert!(h.screen().contains("[ Start game ]"));
}

#[test]
fn coins_game_over_ai_wins_and_n_opens_the_menu() {
    let mut o = options("coins:1:HT");
    o.first = First::Ai;
    let mut h = Harness::new(&o, 80, 24);
    let screen = h.screen();
    assert!(screen.contains("The AI wins."), "{screen}");
    // Esc closes the popup to show the board and the AI's move.
    h.key(KeyCode::Esc);
    let screen = h.screen();
    assert!(screen.contains("AI: coin 2 ÷2: flip 2 1"), "{screen}");
    assert!(screen.contains("Game over: the AI wins"), "{screen}");
    h.keys("n");
    assert!(!h.app.in_game());
    assert!(h.screen().contains("[ Start game ]"));
}

#[test]
fn too_small_terminal_says_how_large() {
    let mut h = Harness::new(&options(SAMPLE), 40, 10);
    insta::assert_snapshot!(h.screen());
}

#[test]
fn large_row_scrolls_with_the_cursor() {
    let code = format!("coins:20:{}", "HT".repeat(1500));
    let mut h = Harness::new(&options(&code), 120, 40);
    h.keys("i").key(KeyCode::End);
    insta::assert_snapshot!(h.screen());
}

/// The largest row with hints on pages to its end (how fast: `cargo bench --bench tui`).
#[test]
fn thirty_thousand_coins_page_to_the_end() {
    let code = format!("coins:20:{}", "TTH".repeat(10000));
    let mut h = Harness::new(&options(&code), 120, 40);
    h.keys("i");
    h.draw();
    for _ in 0..20 {
        h.key(KeyCode::PageDown);
        h.draw();
    }
    let screen = h.screen();
    assert!(screen.contains("rows "), "{screen}");
    h.key(KeyCode::End);
    assert!(h.screen().contains("30000"));
}

#[test]
fn mouse_click_chooses_a_coin_and_two_clicks_play_a_move() {
    let mut h = Harness::new(&options(SAMPLE), 80, 24);
    let (x, y) = h.find(" 12 ");
    h.click(x + 1, y + 1);
    assert!(h.screen().contains("Moves of coin 12"));
    let (x, y) = h.find("÷2: flip 12 6 3");
    h.click(x, y);
    assert!(h.screen().contains("Click the move again"));
    h.click(x, y);
    let screen = h.screen();
    assert!(screen.contains("You: coin 12"), "{screen}");
    assert!(screen.contains("AI: coin"), "{screen}");
}

#[test]
fn undo_takes_back_both_moves_and_redo_replays_them() {
    let mut h = Harness::new(&options(SAMPLE), 80, 24);
    let start = h.screen();
    h.enter().enter();
    let after = h.screen();
    assert!(after.contains("AI: coin"), "{after}");
    h.keys("u");
    let undone = h.screen();
    assert!(undone.contains("Took back your move and the AI's reply."));
    assert!(!undone.contains("AI: coin"), "{undone}");
    // Same board as at the start.
    assert_eq!(board_rows(&undone), board_rows(&start));
    h.keys("r");
    assert_eq!(board_rows(&h.screen()), board_rows(&after));
    h.keys("uu");
    assert!(h.screen().contains("Nothing to undo."));
}

#[test]
fn restart_goes_back_to_the_start() {
    let mut h = Harness::new(&options(SAMPLE), 80, 24);
    let start = h.screen();
    h.enter().enter().keys("R");
    // A game with moves asks first; n keeps it, y restarts.
    assert!(h.screen().contains("Restart?"), "{}", h.screen());
    h.keys("n");
    assert_ne!(board_rows(&h.screen()), board_rows(&start));
    h.keys("Ry");
    assert_eq!(board_rows(&h.screen()), board_rows(&start));
}

#[test]
fn heads_coin_cannot_be_chosen() {
    let mut h = Harness::new(&options(SAMPLE), 80, 24);
    h.key(KeyCode::Home).enter();
    assert!(
        h.screen()
            .contains("Coin 1 shows H: choose a coin showing T")
    );
}

#[test]
fn no_color_theme_has_no_colours_and_marks_the_cursor() {
    let mut h = Harness::with_theme(&options(SAMPLE), 80, 24, Theme::plain());
    let screen = h.screen();
    assert!(
        screen.contains("[T]"),
        "the cursor is marked by brackets:\n{screen}"
    );
    h.keys("jll").enter().keys("i");
    h.draw();
    let buffer = h.terminal.backend().buffer();
    for cell in buffer.content() {
        assert_eq!(cell.fg, Color::Reset, "{cell:?}");
        assert_eq!(cell.bg, Color::Reset, "{cell:?}");
    }
    let screen = h.screen();
    assert!(
        screen.contains("T→H"),
        "the previewed flips are marked:\n{screen}"
    );
    assert!(
        screen.contains("▶ ✗"),
        "the selected move is marked:\n{screen}"
    );
    assert!(screen.contains("✓ ") || screen.contains("✗ "));
}

#[test]
fn bad_code_is_an_error_before_any_drawing() {
    let error = App::with_delay(&options("coins:4:HTX"), Theme::plain(), Duration::ZERO)
        .err()
        .expect("a bad code is an error");
    let text = format!("{error:#}");
    assert!(text.contains("coins:4:HTX"), "{text}");
    assert!(text.contains("character 11"), "{text}");
    let mut o = options("grid:HT");
    o.game = None;
    assert!(App::with_delay(&o, Theme::plain(), Duration::ZERO).is_ok());
    o.code = Some("chess:HT".into());
    assert!(App::with_delay(&o, Theme::plain(), Duration::ZERO).is_err());
}

/// The rows of the board (the left column), to compare positions across screens.
fn board_rows(screen: &str) -> Vec<String> {
    screen
        .lines()
        .skip(2)
        .take(6)
        .map(|l| {
            // The cursor's brackets are not part of the position.
            l.chars()
                .take(44)
                .map(|c| if c == '[' || c == ']' { ' ' } else { c })
                .collect()
        })
        .collect()
}

fn config(first: Side, delay: Duration) -> SessionConfig {
    SessionConfig {
        first,
        level: Level::Perfect,
        seed: 7,
        ai_delay: delay,
    }
}

#[test]
fn session_undo_keeps_the_ais_opening_move() {
    let start = CoinRow::from_code(SAMPLE).expect("valid");
    let mut s = Session::new(start.clone(), config(Side::Ai, Duration::ZERO));
    s.settle(SETTLE);
    assert_eq!(s.history().len(), 1);
    assert!(
        !s.undo(),
        "the AI's first move is not the player's to take back"
    );
    let mv = s.position().legal_moves()[0];
    s.play(mv).expect("legal");
    s.settle(SETTLE);
    assert_eq!(s.history().len(), 3);
    assert!(s.undo());
    assert_eq!(s.history().len(), 1);
    assert_eq!(s.to_move(), Side::You);
    assert!(s.redo());
    assert_eq!(s.history().len(), 3);
    assert!(!s.redo());
}

#[test]
fn session_undo_while_the_ai_thinks_cancels_its_reply() {
    let start = CoinRow::from_code(SAMPLE).expect("valid");
    let mut s = Session::new(start.clone(), config(Side::You, Duration::from_millis(200)));
    let mv = start.legal_moves()[0];
    s.play(mv).expect("legal");
    s.update();
    assert!(s.thinking());
    assert!(s.undo());
    assert!(!s.thinking());
    assert_eq!(s.position(), &start);
    std::thread::sleep(Duration::from_millis(300));
    s.update();
    assert_eq!(s.position(), &start, "a cancelled reply is not played");
    assert!(s.history().is_empty());
    // Redo replays the player's move; the AI then thinks again.
    assert!(s.redo());
    s.settle(SETTLE);
    assert_eq!(s.history().len(), 2);
}

#[test]
fn session_refuses_moves_out_of_turn() {
    let start = CoinRow::from_code(SAMPLE).expect("valid");
    let mut s = Session::new(start.clone(), config(Side::Ai, Duration::from_secs(5)));
    s.update();
    let mv = start.legal_moves()[0];
    assert!(s.play(mv).is_err());
}

#[test]
fn the_cursor_follows_the_ais_move_on_a_long_row() {
    let mut o = options(&format!("coins:20:{}", "HT".repeat(1500)));
    o.first = First::Ai;
    let mut h = Harness::new(&o, 80, 24);
    let screen = h.screen();
    let words = screen
        .split("AI: coin ")
        .nth(1)
        .unwrap_or_else(|| panic!("no AI move:\n{screen}"));
    let coin: String = words.chars().take_while(char::is_ascii_digit).collect();
    // The status line describes the cursor's coin: the one the AI chose.
    let status = screen.lines().nth(22).expect("status line");
    assert!(
        status.starts_with(&format!(" coin {coin} ")),
        "{status:?} vs coin {coin}:\n{screen}"
    );
    assert!(screen.contains("[H]"), "{screen}");
}

/// A game whose move generator panics: stands for a bug in an engine.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Broken(u32);

impl Position for Broken {
    type Move = u32;

    fn legal_moves(&self) -> Vec<u32> {
        panic!("legal_moves is broken");
    }

    fn check_move(&self, mv: &u32) -> Result<(), grundy::game::IllegalMove> {
        if (1..=self.0).contains(mv) {
            Ok(())
        } else {
            Err(grundy::game::IllegalMove(grundy::message::Said::new(
                "said.move.take_too_many",
            )))
        }
    }

    fn play_unchecked(&self, mv: &u32) -> Broken {
        Broken(self.0 - mv)
    }

    fn is_over(&self) -> bool {
        self.0 == 0
    }
}

impl grundy::game::Impartial for Broken {
    type Part = usize;

    fn parts(&self) -> Vec<(usize, grundy::nimber::Nimber)> {
        vec![(0, grundy::nimber::Nimber::new(u64::from(self.0)))]
    }

    fn part_of(&self, _: &u32) -> usize {
        0
    }

    fn describe_part(&self, _: usize) -> grundy::message::Msg {
        grundy::message::Msg::Part(grundy::message::PartName::Heap {
            number: 1,
            size: u64::from(self.0),
        })
    }

    fn moves_of(&self, _: usize, _: usize) -> (Vec<u32>, bool) {
        panic!("moves_of is broken");
    }

    fn stalling_move<R: rand::Rng + ?Sized>(&self, _: &mut R) -> Option<u32> {
        panic!("stalling_move is broken");
    }
}

impl Notation for Broken {
    const GAME: &'static str = "broken";

    fn from_code(_: &str) -> Result<Broken, grundy::game::CodeError> {
        Ok(Broken(5))
    }

    fn to_code(&self) -> String {
        format!("broken:{}", self.0)
    }

    fn describe_move(&self, mv: &u32) -> grundy::message::Msg {
        grundy::message::Msg::Take {
            number: 1,
            take: u64::from(*mv),
            from: u64::from(self.0),
            to: u64::from(self.0 - mv),
        }
    }

    fn move_code(&self, mv: &u32) -> String {
        format!("take {mv}")
    }
}

#[test]
fn a_panicking_ai_is_reported_not_hung_and_undo_clears_it() {
    let mut s = Session::new(Broken(5), config(Side::You, Duration::ZERO));
    s.play(2).expect("legal");
    s.settle(SETTLE);
    assert!(!s.thinking());
    let failure = s.failure().expect("the failure is reported");
    assert!(failure.contains("broken"), "{failure}");
    // No new attempt while failed.
    s.update();
    assert!(!s.thinking());
    assert!(s.undo());
    assert!(s.failure().is_none());
    assert_eq!(s.position(), &Broken(5));
}
