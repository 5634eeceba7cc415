//! Regression tests of issue 9's interface defects, on ratatui's `TestBackend`: keys while the
//! screen is too small, quitting from popups, the help popup's scrolling, cut texts, boards
//! that follow the AI's move, the menu's number fields, the hint bar.

use crossterm::event::KeyCode;
use grundy::games::GameKind;
use grundy::tui::PlayOptions;

use crate::common;
use common::render::{Harness, options};

/// Resizes the test terminal (the next draw lays everything out again).
fn resize(h: &mut Harness, width: u16, height: u16) {
    h.terminal.backend_mut().resize(width, height);
    h.draw();
}

#[test]
fn keys_do_nothing_in_a_game_while_the_terminal_is_too_small() {
    let mut opts = options("dodgeball:1111111111");
    opts.game = Some(GameKind::Dodgeball);
    let mut h = Harness::new(&opts, 120, 40);
    resize(&mut h, 50, 15);
    assert!(h.screen().contains("Terminal too small"), "{}", h.screen());
    assert!(h.app.is_too_small());
    // Blind: reveal a winning move, play it; hints; new game.
    h.key(KeyCode::Char('w')).enter().key(KeyCode::Char('i'));
    h.key(KeyCode::Char('n'));
    resize(&mut h, 120, 40);
    let screen = h.screen();
    assert!(h.app.in_game(), "{screen}");
    assert!(
        screen.lines().next().unwrap().ends_with("move 1"),
        "a move was played blind:\n{screen}"
    );
    assert!(!screen.contains("hints on"), "{screen}");
}

#[test]
fn the_menu_does_not_start_a_game_while_the_terminal_is_too_small() {
    let mut h = Harness::new(&PlayOptions::default(), 50, 15);
    h.enter().enter().enter();
    assert!(!h.app.in_game());
    resize(&mut h, 80, 24);
    assert!(!h.app.in_game());
}

#[test]
fn help_and_quit_still_work_while_the_terminal_is_too_small() {
    let mut h = Harness::new(&PlayOptions::default(), 50, 15);
    h.key(KeyCode::Char('?'));
    assert!(h.screen().contains("Help: grundy"), "{}", h.screen());
    h.key(KeyCode::Char('?'));
    assert!(!h.screen().contains("Help: grundy"), "{}", h.screen());
    h.key(KeyCode::Char('q'));
    assert!(h.app.should_quit());
}

#[test]
fn q_quits_from_the_help_popup_in_a_game() {
    let mut h = Harness::new(&options("coins:4:HTTHTTTTHTTTHTHH"), 120, 40);
    h.key(KeyCode::Char('?'));
    assert!(h.screen().contains("Help: Coin row"));
    h.key(KeyCode::Char('q'));
    assert!(h.app.should_quit());
}

#[test]
fn q_quits_from_the_help_popup_in_the_menu() {
    let mut h = Harness::new(&PlayOptions::default(), 80, 24);
    h.key(KeyCode::Char('?')).key(KeyCode::Char('q'));
    assert!(h.app.should_quit());
}

#[test]
fn the_help_popup_stops_scrolling_at_its_end() {
    let mut h = Harness::new(&options("grid:HHH/TTH"), 80, 24);
    h.key(KeyCode::Char('?'));
    for _ in 0..300 {
        h.key(KeyCode::Down);
    }
    let at_end = h.screen();
    // The last line of the text sits on the box's last row: no empty box below it.
    let lines: Vec<&str> = at_end.lines().collect();
    let bottom = lines
        .iter()
        .rposition(|l| l.contains("Esc or ? close"))
        .expect("popup bottom");
    assert!(
        lines[bottom - 1].contains("to play it"),
        "the help's last line is not at its bottom:\n{at_end}"
    );
    // One up scrolls at once (no invisible overshoot to climb back first).
    h.key(KeyCode::Up);
    assert_ne!(h.screen(), at_end);
    insta::assert_snapshot!(at_end);
}

/// The grid's settings page, the focus on Rows (5 by default).
fn grid_rows_field() -> Harness {
    let mut h = Harness::new(&PlayOptions::default(), 80, 24);
    h.key(KeyCode::Down).enter();
    for _ in 0..7 {
        h.key(KeyCode::Up);
    }
    assert!(h.screen().contains("▶ Rows"), "{}", h.screen());
    h
}

#[test]
fn typing_in_a_number_field_replaces_its_value() {
    let mut h = grid_rows_field();
    h.keys("7");
    assert!(h.screen().contains("◀ 7 ▶"), "{}", h.screen());
    h.keys("0");
    // Typed over the 5, not after it (570).
    assert!(h.screen().contains("◀ 70 ▶"), "{}", h.screen());
    h.keys("0");
    // 700 rows is out of range: shown as typed and said, not cut to 100 in silence.
    let screen = h.screen();
    assert!(screen.contains("◀ 700 (out of range) ▶"), "{screen}");
    assert!(screen.contains("out of range: 1 to 100"), "{screen}");
    insta::assert_snapshot!(screen);
    // Start refuses it and says why.
    for _ in 0..7 {
        h.key(KeyCode::Down);
    }
    h.enter();
    assert!(!h.app.in_game());
    assert!(
        h.screen().contains("Rows 700 is out of range: 1 to 100"),
        "{}",
        h.screen()
    );
    // Back on the field, a new digit starts a new value.
    for _ in 0..7 {
        h.key(KeyCode::Up);
    }
    h.keys("9");
    assert!(h.screen().contains("◀ 9 ▶"), "{}", h.screen());
    for _ in 0..7 {
        h.key(KeyCode::Down);
    }
    h.enter();
    assert!(h.screen().contains("9 × 6"), "{}", h.screen());
}

#[test]
fn an_arrow_brings_an_out_of_range_value_back_into_range() {
    let mut h = grid_rows_field();
    h.keys("570");
    assert!(
        h.screen().contains("◀ 570 (out of range) ▶"),
        "{}",
        h.screen()
    );
    h.key(KeyCode::Left);
    assert!(h.screen().contains("◀ 100 ▶"), "{}", h.screen());
}

#[test]
fn a_lost_start_is_said_at_once() {
    // coin 2 and coin 3 are both T with value *1: nim-sum 0, you to move. Said with hints
    // on; with hints off no screen says who is winning (tests/tui/new_player.rs).
    let mut o = options("coins:4:HTT");
    o.hints = true;
    let mut h = Harness::new(&o, 80, 24);
    let screen = h.screen();
    assert!(
        screen.contains("You are to move in a lost") && screen.contains("position (nim-sum 0)"),
        "{screen}"
    );
    // A winning start says nothing of the kind.
    let mut o = options("coins:4:HTH");
    o.hints = true;
    let mut h = Harness::new(&o, 80, 24);
    assert!(!h.screen().contains("lost position"), "{}", h.screen());
    let mut h = Harness::new(&options("coins:4:HTT"), 80, 24);
    assert!(!h.screen().contains("lost position"), "{}", h.screen());
}

#[test]
fn the_grid_bar_shows_p_and_a() {
    let mut h = Harness::new(&options("grid:HHH/TTH"), 120, 40);
    let screen = h.screen();
    let bar = screen.lines().last().unwrap();
    assert!(bar.contains("p play") && bar.contains("a alone"), "{bar}");
}

#[test]
fn the_game_over_panel_does_not_ask_for_a_move() {
    // One T coin with one move (2 → 1): you play it and the game is over.
    let mut h = Harness::new(&options("coins:4:HT"), 80, 24);
    h.key(KeyCode::End).enter().enter().key(KeyCode::Esc);
    let screen = h.screen();
    assert!(screen.contains("Game over"), "{screen}");
    assert!(!screen.contains("Choose a coin"), "{screen}");
    assert!(screen.contains("The game is over"), "{screen}");
    insta::assert_snapshot!(screen);
}

/// After the game `w` (show a winning move) says the game is over, not "wait for your turn"
/// (issue 29), in English and in Chinese.
#[test]
fn w_after_the_game_says_it_is_over() {
    use grundy::locale::{self, Lang};
    for (lang, expected) in [
        (Lang::En, "The game is over: there is no move to show."),
        (Lang::ZhCn, "对局已经结束"),
    ] {
        locale::set_lang(lang);
        let mut h = Harness::new(&options("coins:4:HT"), 100, 30);
        h.key(KeyCode::End)
            .enter()
            .enter()
            .key(KeyCode::Esc)
            .keys("w");
        let status = h.status_shown();
        locale::set_lang(Lang::En);
        assert!(status.contains(expected), "{status}");
    }
}

#[test]
fn the_grid_view_follows_the_ai_move() {
    // T at (1,1), (1,2), (1,3) (values 1, 2, 1) and at (100,100) (2^198). The player flips
    // (100,100); the AI answers in row 1, 99 rows up.
    let mut rows = vec!["H".repeat(100); 100];
    rows[0] = format!("TTT{}", "H".repeat(97));
    rows[99] = format!("{}T", "H".repeat(99));
    let code = format!("grid:{}", rows.join("/"));
    let mut h = Harness::new(&options(&code), 120, 40);
    h.key(KeyCode::End);
    assert!(h.screen().contains("rows 67-100"), "{}", h.screen());
    h.key(KeyCode::Char('a'));
    let screen = h.screen();
    assert!(screen.contains("AI: anchor (1,"), "{screen}");
    // From row 1 down (how many rows show depends on the coach line under the board).
    assert!(
        screen.contains(" rows 1-3"),
        "the view stayed put:\n{screen}"
    );
}

/// A 100 × 100 grid with every coin T.
fn full_grid() -> String {
    format!("grid:{}", vec!["T".repeat(100); 100].join("/"))
}

/// The help popup's text from its first line to its last, scrolled through a page at a
/// time: every row of the popup once, in order.
fn whole_help(h: &mut Harness) -> String {
    h.key(KeyCode::Char('?'));
    let mut seen: Vec<String> = Vec::new();
    let mut last_page = String::new();
    for _ in 0..200 {
        let screen = h.screen();
        let lines: Vec<Vec<char>> = screen.lines().map(|l| l.chars().collect()).collect();
        // The popup's box: its top-left corner is the one before "Help:".
        let top = lines
            .iter()
            .position(|l| l.iter().collect::<String>().contains("┌ Help:"))
            .expect("help open");
        let text: String = lines[top].iter().collect();
        let left = text[..text.find("┌ Help:").unwrap()].chars().count();
        let right = left
            + 1
            + lines[top][left + 1..]
                .iter()
                .position(|&c| c == '┐')
                .unwrap();
        let mut page = Vec::new();
        for line in &lines[top + 1..] {
            if line.get(left) == Some(&'└') {
                break;
            }
            page.push(
                line[left + 1..right.min(line.len())]
                    .iter()
                    .collect::<String>(),
            );
        }
        let joined = page.join("\n");
        if joined == last_page {
            break;
        }
        // Pages overlap at the end: keep only rows not already at the end of what was seen.
        let overlap = (0..=page.len().min(seen.len()))
            .rev()
            .find(|&k| seen[seen.len() - k..] == page[..k])
            .unwrap_or(0);
        seen.extend(page[overlap..].iter().cloned());
        last_page = joined;
        h.key(KeyCode::PageDown);
    }
    h.key(KeyCode::Esc);
    seen.join("\n")
}

#[test]
fn a_long_nim_sum_ends_in_an_ellipsis_and_the_help_writes_it_whole() {
    let mut h = Harness::new(&options(&full_grid()), 120, 40);
    h.key(KeyCode::Char('i'));
    let screen = h.screen();
    let total = screen
        .lines()
        .find(|l| l.contains("= nim-sum *2^"))
        .unwrap_or_else(|| panic!("no nim-sum row:\n{screen}"));
    let panel = total.split("││").next().unwrap_or("");
    assert!(panel.trim_end_matches('│').ends_with('…'), "{total}");
    let help = whole_help(&mut h);
    // The whole value ends in its lowest power (the wrapped help may break it anywhere).
    let flat: String = help.split_whitespace().collect::<Vec<_>>().join("");
    use grundy::game::{Impartial, Notation};
    let whole = grundy::games::grid::CoinGrid::from_code(&full_grid())
        .unwrap()
        .nim_sum()
        .short();
    assert!(whole.len() > 200, "{whole}");
    assert!(flat.contains(&format!("nim-sum*{whole}≠0")), "{help}");
}

#[test]
fn long_coin_moves_keep_their_nim_sum_after_on_a_small_screen() {
    let mut opts = options("coins:20:HT");
    opts.code = None;
    opts.game = Some(GameKind::Coins);
    opts.n = Some(30000);
    opts.maxq = Some(20);
    opts.hints = true;
    opts.start = Some(grundy::tui::board::Start::Standard);
    let mut h = Harness::new(&opts, 62, 16);
    h.key(KeyCode::End).enter().key(KeyCode::Down);
    let screen = h.screen();
    // A long move wraps: its →*k ends it, on its own row or the next.
    let lines: Vec<&str> = screen.lines().collect();
    let moves: Vec<usize> = (0..lines.len())
        // (The coins a move flips are a list of numbers, kept on one row.)
        .filter(|&i| lines[i].contains("30000 15000"))
        .collect();
    assert!(moves.len() >= 2, "{screen}");
    for &i in &moves {
        let whole = format!("{}{}", lines[i], lines.get(i + 1).unwrap_or(&""));
        assert!(whole.contains("→*"), "a move lost its →*k:\n{screen}");
    }
    insta::assert_snapshot!(screen);
    // The selected move in full, in the help.
    let help = whole_help(&mut h);
    let flat: String = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("selected move: coin 30000 (=625·2^4·3) ÷2: flip 30000 15000 7500"),
        "{help}"
    );
}

#[test]
fn panel_titles_and_texts_are_not_cut_silently_at_80_by_24_and_62_by_16() {
    for (w, hgt) in [(80, 24), (62, 16)] {
        let mut h = Harness::new(&options(&full_grid()), w, hgt);
        h.key(KeyCode::Char('i'));
        let screen = h.screen();
        assert!(!screen.contains("pai┐"), "{screen}");
        // Every panel title ends in its closing space and border, not mid-word.
        for line in screen.lines().filter(|l| l.contains("┌ ")) {
            for title in line.split("┌ ").skip(1) {
                let title = title.split(" ─").next().unwrap_or("");
                assert!(!title.ends_with('┐'), "cut title {title:?}:\n{screen}");
            }
        }
        insta::assert_snapshot!(format!("grid_full_hints_{w}x{hgt}"), screen);
    }
}

#[test]
fn the_turn_panel_keeps_both_moves_when_the_ai_block_is_long() {
    let mut h = Harness::new(&options(&full_grid()), 80, 24);
    // Flip (1,1) alone: the AI answers with the winning block.
    h.key(KeyCode::Home).key(KeyCode::Char('a'));
    let screen = h.screen();
    let turn: String = screen
        .lines()
        .take(9)
        .map(|l| l.chars().skip(46).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(turn.contains("AI: anchor"), "{screen}");
    assert!(
        turn.contains("You: anchor (1,1)"),
        "the player's move was pushed out:\n{screen}"
    );
    insta::assert_snapshot!(screen);
}

#[test]
fn a_short_help_popup_is_as_tall_as_its_text() {
    let mut h = Harness::new(&PlayOptions::default(), 80, 24);
    h.key(KeyCode::Char('?'));
    let screen = h.screen();
    let lines: Vec<&str> = screen.lines().collect();
    let bottom = lines
        .iter()
        .rposition(|l| l.contains("q quits"))
        .expect("popup bottom");
    assert!(
        lines[bottom - 1].contains("quit (Ctrl-C quits from anywhere)"),
        "an empty box under the help:\n{screen}"
    );
    insta::assert_snapshot!(screen);
}

#[test]
fn the_menu_fits_where_a_game_fits() {
    // 62×16 is enough for a game; `n` goes back to the menu, which fits there too.
    let mut h = Harness::new(&options("coins:4:HTTHTTTTHTTTHTHH"), 62, 16);
    assert!(!h.screen().contains("Terminal too small"), "{}", h.screen());
    h.key(KeyCode::Char('n'));
    let screen = h.screen();
    assert!(!h.app.in_game());
    assert!(screen.contains("[ Start game ]"), "{screen}");
    assert!(!screen.contains("Terminal too small"), "{screen}");
    insta::assert_snapshot!(screen);
    h.enter();
    assert!(h.app.in_game(), "{}", h.screen());
}
