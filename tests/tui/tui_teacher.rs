//! The teacher on ratatui's `TestBackend`: the coach line after a blunder, the game-record
//! panel, the full-screen record browsing the board at each move, graded hints, the post-game
//! review with its value-history chart and "retry from your mistake". The AI's seed is fixed,
//! so its replies (and the screens) are the same every run.

use crossterm::event::KeyCode;
use grundy::tui::PlayOptions;

use crate::common;
use common::render::{Harness, options};

/// The 16-coin sample position of RULES.md (MAXQ 4): won for the player, nim-sum *7; only
/// coin 8's moves win, so coin 3's move (flip 3, 1, to *6) is a blunder.
const SAMPLE: &str = "coins:4:HTTHTTTTHTTTHTHH";

/// The sample with hints on: with hints off the coach, the record's marks and the browsing
/// view's verdicts wait for the game's end (issue 19: no screen tells who is winning).
fn taught() -> PlayOptions {
    PlayOptions {
        hints: true,
        ..options(SAMPLE)
    }
}

/// Plays coin 3's move (Tab to the next T coin, Enter, Enter): a blunder.
fn blunder(h: &mut Harness) {
    h.key(KeyCode::Tab).enter().enter();
}

/// Plays the first listed move of the first T coin until the game is over.
fn play_out(h: &mut Harness) {
    for _ in 0..40 {
        if h.screen().contains("Game over") {
            return;
        }
        h.key(KeyCode::Tab).enter().enter();
    }
    panic!("the game did not end:\n{}", h.screen());
}

#[test]
fn coach_line_after_a_blunder_and_the_record_panel() {
    let mut h = Harness::new(&taught(), 80, 24);
    blunder(&mut h);
    let screen = h.screen();
    assert!(
        screen.contains("?? Your move left nim-sum *6: the AI now wins. coin 8"),
        "{screen}"
    );
    assert!(screen.contains("would have kept the win"), "{screen}");
    insta::assert_snapshot!(screen);
    // c switches the coach off: the line goes.
    h.keys("c");
    let screen = h.screen();
    assert!(!screen.contains("Your move left"), "{screen}");
}

#[test]
fn no_coach_option_says_nothing() {
    let options = PlayOptions {
        no_coach: true,
        ..taught()
    };
    let mut h = Harness::new(&options, 80, 24);
    blunder(&mut h);
    assert!(!h.screen().contains("Your move left"), "{}", h.screen());
    // The record still judges the move.
    h.keys("m").key(KeyCode::Up);
    assert!(
        h.screen().contains("blunder (hands the win over)"),
        "{}",
        h.screen()
    );
}

#[test]
fn record_panel_lists_moves_with_marks() {
    let mut h = Harness::new(&taught(), 100, 40);
    // A winning move first (coin 8 is the first listed move when hints reveal it).
    h.keys("www").enter();
    let screen = h.screen();
    assert!(screen.contains("Game record"), "{screen}");
    assert!(screen.contains("  1 you ✓  *0"), "{screen}");
    assert!(screen.contains("  2 AI  ✓  *"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn full_screen_record_browses_the_board_at_each_move() {
    let mut h = Harness::new(&taught(), 80, 24);
    blunder(&mut h);
    h.keys("m");
    let screen = h.screen();
    assert!(screen.contains("the board at move 2 of 2"), "{screen}");
    h.key(KeyCode::Up);
    let screen = h.screen();
    assert!(screen.contains("the board at move 1 of 2"), "{screen}");
    assert!(
        screen.contains("You coin 3 ÷3: flip 3 1: blunder (hands the win over): nim-sum *7 → *6"),
        "{screen}"
    );
    insta::assert_snapshot!(screen);
    h.key(KeyCode::Home);
    assert!(h.screen().contains("the board at the start"));
    // Any other key goes back to the game, unchanged.
    h.key(KeyCode::Esc);
    let screen = h.screen();
    assert!(screen.contains("move 3"), "{screen}");
    assert!(screen.contains("Your move left nim-sum *6"), "{screen}");
}

#[test]
fn graded_hints_go_from_who_wins_to_the_part_to_the_move() {
    let mut h = Harness::new(&options(SAMPLE), 80, 24);
    h.keys("w");
    assert_eq!(
        h.status(),
        "You are winning: nim-sum *7, not 0. Find a move to nim-sum 0 (w: which part)."
    );
    h.keys("w");
    assert_eq!(
        h.status(),
        "coin 8 (=2^3) has a winning move (w: the move itself)."
    );
    h.keys("w");
    assert!(
        h.status().starts_with("A winning move: coin 8"),
        "{}",
        h.status()
    );
}

#[test]
fn review_after_a_lost_game_and_retry_from_the_mistake() {
    let mut h = Harness::new(&options(SAMPLE), 80, 24);
    blunder(&mut h);
    play_out(&mut h);
    let screen = h.screen();
    assert!(screen.contains("The AI wins."), "{screen}");
    assert!(screen.contains("you 1 (move 1) · AI none"), "{screen}");
    assert!(
        screen.contains("t retry from your mistake (move 1)"),
        "{screen}"
    );
    insta::assert_snapshot!(screen);
    h.keys("t");
    let screen = h.screen();
    assert!(screen.contains("Back before move 1"), "{screen}");
    assert!(screen.contains("· move 1"), "{screen}");
    // The same position as the start: the winning move is there to find.
    h.keys("www").enter();
    // Hints off, game on: the record names the move without its mark (issue 19).
    let screen = h.screen();
    assert!(screen.contains("You: coin 8 (=2^3)"), "{screen}");
    assert!(!screen.contains('✓'), "{screen}");
}

mod session {
    use std::time::Duration;

    use grundy::ai::Level;
    use grundy::game::{Impartial, Position};
    use grundy::games::coins::CoinRow;
    use grundy::games::dodgeball::Dodgeball;
    use grundy::record::{VERDICT_BUDGET, judge};
    use grundy::tui::board::Side;
    use grundy::tui::session::{Session, SessionConfig};
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    const WAIT: Duration = Duration::from_secs(30);

    fn config() -> SessionConfig {
        SessionConfig {
            first: Side::You,
            level: Level::Perfect,
            seed: 5,
            ai_delay: Duration::ZERO,
        }
    }

    #[test]
    fn every_move_of_both_sides_is_judged_as_the_engine_judges_it() {
        let mut rng = StdRng::seed_from_u64(11);
        let start = CoinRow::random(14, 3, &mut rng);
        let mut s = Session::new(start.clone(), config());
        while !s.is_over() {
            let mv = s.position().legal_moves()[0];
            s.play(mv).unwrap();
            s.settle(WAIT);
        }
        let mut position = start;
        assert!(s.history().len() >= 2);
        for played in s.history() {
            let expected = judge(&position, &played.mv, VERDICT_BUDGET);
            let got = played.judgement.as_ref().expect("judged");
            assert_eq!(got.verdict, expected.verdict);
            assert_eq!(got.nim_sum_after, expected.nim_sum_after);
            assert_eq!(got.after, expected.after);
            position = position.play_unchecked(&played.mv);
        }
        // Retry goes back to the position before the first blunder of the player's.
        if let Some(k) = s.first_blunder() {
            assert!(s.retry_from_mistake());
            assert_eq!(s.history().len(), k);
            assert!(!s.position().nim_sum().is_zero(), "won before the blunder");
        }
    }

    #[test]
    fn analyses_of_huge_boards_are_not_hoarded() {
        // 400 000 boxes, about 200 000 pieces (parts) a board: each analysis holds about
        // 8 MB; the cache keeps no more than 300 000 parts, whatever the number of moves.
        let mut rng = StdRng::seed_from_u64(12);
        let start = Dodgeball::random(400_000, &mut rng);
        let mut s = Session::new(start, config());
        for _ in 0..4 {
            s.analysis();
            s.settle(WAIT);
            assert!(s.analysis().is_some(), "analysed");
            assert!(
                s.cached_analysis_parts() <= 300_000,
                "{}",
                s.cached_analysis_parts()
            );
            let mv = grundy::ai::random_move(s.position(), &mut rng).expect("a move");
            s.play(mv).unwrap();
            s.settle(WAIT);
        }
    }
}
