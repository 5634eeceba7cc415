//! Render tests of the graph board of tokens on a DAG on ratatui's `TestBackend`: a small
//! graph drawn whole with hints off and on, tokens sharing a vertex, a 200-vertex graph shown
//! around the chosen token, and moves played by keys and by clicks. Snapshots are taken
//! before any AI move.

use crossterm::event::KeyCode;
use grundy::game::Notation;
use grundy::games::dag::Dag;
use grundy::tui::theme::Theme;
use proptest::prelude::*;
use ratatui::style::Modifier;

use crate::common;
use common::render::{Harness, options};

/// The menu's standard start: 5 layers, tokens on 1, 3 and 2.
const SMALL: &str = "dag:8:1>2,1>3,2>4,3>4,4>5,3>6,6>7,5>8,7>8,2>6:1,3,2";
/// Three tokens on vertex 2, one on 5.
const SHARED: &str = "dag:6:1>2,2>3,2>4,3>5,4>5,5>6,1>4:2,2,2,5";

/// A 200-vertex graph, each vertex with up to four edges to the next 15 (a fixed xorshift,
/// so the snapshot is stable), tokens spread over it.
fn big_code() -> String {
    let n = 200u32;
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut edges = Vec::new();
    for x in 1..=n {
        let mut targets: Vec<u32> = (0..next() % 5)
            .map(|_| x + 1 + (next() % 15) as u32)
            .filter(|&y| y <= n)
            .collect();
        targets.sort_unstable();
        targets.dedup();
        edges.extend(targets.into_iter().map(|y| format!("{x}>{y}")));
    }
    format!("dag:{n}:{}:3,3,50,120,199", edges.join(","))
}

/// The screen's row holding `text`, from its first occurrence.
fn row_of(screen: &str, text: &str) -> usize {
    screen
        .lines()
        .position(|l| l.contains(text))
        .unwrap_or_else(|| panic!("{text:?} not on screen:\n{screen}"))
}

#[test]
fn small_graph_drawn_whole() {
    let mut h = Harness::new(&options(SMALL), 80, 24);
    let screen = h.screen();
    assert!(screen.contains("all 8 vertices"), "{screen}");
    // Vertex 8 has no edge out; tokens on 1, 2, 3; the chosen token's moves listed.
    assert!(screen.contains("8∎"), "{screen}");
    for v in ["1●", "2●", "3●"] {
        assert!(screen.contains(v), "{v}\n{screen}");
    }
    assert!(screen.contains("Moves of token 1 (vertex 1)"), "{screen}");
    assert!(screen.contains("▶ to 2"), "{screen}");
    // Edges are drawn (braille) and end in arrows.
    assert!(screen.contains('▶') && screen.contains('▸'), "{screen}");
    assert!(
        screen
            .chars()
            .any(|c| ('\u{2801}'..='\u{28ff}').contains(&c)),
        "{screen}"
    );
    insta::assert_snapshot!(screen);
}

#[test]
fn small_graph_with_hints_shows_values_and_winning_targets() {
    let mut h = Harness::new(&options(SMALL), 100, 30);
    h.keys("i");
    let screen = h.screen();
    let position = Dag::from_code(SMALL).unwrap();
    let graph = position.graph();
    // Every vertex's value by the mex, next to its number (after ∎ or the tokens).
    for v in 1..=8u32 {
        let tokens = position.tokens().iter().filter(|&&t| t == v).count();
        let label = format!(
            "{v}{}{}*{}",
            if graph.successors(v).is_empty() {
                "∎"
            } else {
                ""
            },
            if tokens > 0 { "●" } else { "" },
            graph.value(v)
        );
        assert!(screen.contains(&label), "{label}\n{screen}");
    }
    // Token 1 sits on vertex 1: its targets are marked, winning ones ✓.
    for &to in graph.successors(1) {
        let wins = grundy::game::Impartial::move_wins(
            &position,
            &grundy::games::dag::Slide { token: 0, to },
        );
        let mark = if wins { "✓" } else { "✗" };
        let label = format!("{to}●*{}{mark}", graph.value(to));
        assert!(screen.contains(&label), "{label}\n{screen}");
    }
    insta::assert_snapshot!(screen);
}

#[test]
fn tokens_sharing_a_vertex_show_a_count_and_tab_visits_it_once() {
    let mut h = Harness::new(&options(SHARED), 80, 24);
    let screen = h.screen();
    assert!(screen.contains("2●3"), "{screen}");
    assert!(screen.contains("5●"), "{screen}");
    assert!(h.status().contains("3 tokens here"), "{}", h.status());
    insta::assert_snapshot!(screen);
    // Tab: the token on 5, then back to the first token on 2 (its two others skipped).
    h.key(KeyCode::Tab);
    assert!(
        h.status().starts_with("token 4 (vertex 5)"),
        "{}",
        h.status()
    );
    h.key(KeyCode::Tab);
    assert!(
        h.status().starts_with("token 1 (vertex 2)"),
        "{}",
        h.status()
    );
    h.key(KeyCode::BackTab);
    assert!(
        h.status().starts_with("token 4 (vertex 5)"),
        "{}",
        h.status()
    );
}

#[test]
fn two_hundred_vertices_show_the_chosen_tokens_neighbourhood() {
    let code = big_code();
    let position = Dag::from_code(&code).unwrap();
    assert_eq!(position.graph().len(), 200);
    let mut h = Harness::new(&options(&code), 80, 24);
    h.keys("i");
    let screen = h.screen();
    let status = h.status();
    // The chosen token's vertex, from the status line.
    let v: u32 = status
        .split("(vertex ")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no vertex in {status}"));
    assert!(screen.contains(&format!("around {v} (of 200)")), "{screen}");
    // Its successors are drawn, each with its value and a verdict.
    for &s in position.graph().successors(v) {
        assert!(
            screen.contains(&format!("{s}")),
            "successor {s} of {v}\n{screen}"
        );
    }
    insta::assert_snapshot!(screen);
    // Tab moves the view to the next token's vertex.
    h.key(KeyCode::Tab);
    let next = h.status();
    assert_ne!(next, status);
    let screen = h.screen();
    assert!(screen.contains("around"), "{screen}");
}

#[test]
fn the_chosen_vertex_and_the_selected_target_are_highlighted() {
    let mut h = Harness::new(&options(SMALL), 80, 24);
    h.key(KeyCode::Down);
    let screen = h.screen();
    // Token 1 on vertex 1; ↓ selects its second target, 3 (the list is in drawing order).
    assert!(screen.contains("▶ to 3"), "{screen}");
    let (x1, y1) = h.find("1●");
    let (x3, y3) = h.find("3●");
    let buffer = h.terminal.backend().buffer().clone();
    assert!(
        buffer[(x1, y1)].modifier.contains(Modifier::REVERSED),
        "vertex 1 is the chosen one"
    );
    assert_eq!(
        buffer[(x3, y3)].bg,
        ratatui::style::Color::Blue,
        "vertex 3 is the selected target"
    );
    // The arrow into the selected target is the bright one.
    assert_eq!(buffer[(x3 - 1, y3)].symbol(), "▶");
}

#[test]
fn a_move_played_by_keys() {
    let mut h = Harness::new(&options(SMALL), 100, 30);
    // Tab to token 2 (vertex 3), ↓ to its second target, Enter.
    h.key(KeyCode::Tab);
    assert!(
        h.status().starts_with("token 2 (vertex 3)"),
        "{}",
        h.status()
    );
    let screen = h.screen();
    let first = row_of(&screen, "▶ to ");
    h.key(KeyCode::Down);
    let screen = h.screen();
    let line = screen.lines().nth(first + 1).unwrap();
    let target: u32 = line
        .split("▶ to ")
        .nth(1)
        .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no selected target\n{screen}"));
    h.enter();
    let screen = h.screen();
    // The move is in the record, and the AI has replied (move 3 is next).
    assert!(
        screen.contains(&format!("token 2: 3 → {target}")),
        "{screen}"
    );
    assert!(screen.contains("move 3"), "{screen}");
}

#[test]
fn a_move_played_by_clicks() {
    let mut h = Harness::new(&options(SHARED), 100, 30);
    assert!(
        h.status().starts_with("token 1 (vertex 2)"),
        "{}",
        h.status()
    );
    // A click on vertex 5 picks its token; a click on its target 6 selects it, a second
    // click plays it.
    let (x, y) = h.find("5●");
    h.click(x, y);
    assert!(
        h.status().starts_with("token 4 (vertex 5)"),
        "{}",
        h.status()
    );
    let (x, y) = h.find("▶6");
    h.click(x + 1, y);
    assert!(
        h.screen().contains("Click vertex 6 again"),
        "{}",
        h.screen()
    );
    h.click(x + 1, y);
    let screen = h.screen();
    assert!(screen.contains("token 4: 5 → 6"), "{screen}");
    // Token 4 is stuck on 6 now: the board has picked a token with a move.
    assert!(!h.status().starts_with("token 4"), "{}", h.status());
}

#[test]
fn a_column_too_tall_keeps_the_selected_target_in_view() {
    // Vertex 1 has 39 targets: more than the rows of an 80 × 24 screen.
    let edges: Vec<String> = (2..=40)
        .map(|y| format!("1>{y}"))
        .chain((2..=40).step_by(3).map(|x| format!("{x}>41")))
        .collect();
    let code = format!("dag:41:{}:1,5", edges.join(","));
    let mut h = Harness::new(&options(&code), 80, 24);
    let screen = h.screen();
    assert!(
        screen.contains("around 1 (of 41): 0 in, 39 out"),
        "{screen}"
    );
    assert!(screen.contains(" more"), "{screen}");
    for _ in 0..30 {
        h.key(KeyCode::Down);
    }
    let status = h.status();
    let target = status
        .split("→ ")
        .nth(1)
        .unwrap_or_else(|| panic!("no target in {status}"))
        .split_whitespace()
        .next()
        .unwrap()
        .to_string();
    let screen = h.screen();
    // The 31st target, drawn on the board (its arrow before it), with the count above.
    assert!(screen.contains(&format!("▶{target}")), "{target}\n{screen}");
    assert!(screen.contains('↑'), "{screen}");
}

#[test]
fn any_screen_size_draws_without_a_panic() {
    let big = big_code();
    for code in [SMALL, SHARED, big.as_str()] {
        let mut h = Harness::new(&options(code), 80, 24);
        // Hints off, then on.
        for _ in 0..2 {
            for (w, hgt) in [(60, 16), (61, 17), (100, 30), (250, 70), (400, 200)] {
                h.terminal.backend_mut().resize(w, hgt);
                h.terminal
                    .resize(ratatui::layout::Rect::new(0, 0, w, hgt))
                    .unwrap();
                let screen = h.screen();
                assert!(
                    screen.contains("Tokens on a DAG"),
                    "{code} at {w}×{hgt}\n{screen}"
                );
                h.key(KeyCode::Tab).key(KeyCode::Down);
            }
            h.keys("i");
        }
    }
}

#[test]
fn without_colours_the_chosen_vertex_and_the_target_are_still_marked() {
    let mut h = Harness::with_theme(&options(SMALL), 80, 24, Theme::plain());
    h.key(KeyCode::Down);
    let (x1, y1) = h.find("1●");
    let (x3, y3) = h.find("3●");
    let (x4, y4) = h.find("4");
    let buffer = h.terminal.backend().buffer().clone();
    assert!(buffer[(x1, y1)].modifier.contains(Modifier::REVERSED));
    assert!(buffer[(x3, y3)].modifier.contains(Modifier::UNDERLINED));
    // Arrows: ▶ into the chosen token's targets, ▸ into any other vertex.
    assert_eq!(buffer[(x3 - 1, y3)].symbol(), "▶");
    assert_eq!(buffer[(x4 - 1, y4)].symbol(), "▸");
}

/// A random DAG code of up to 9 vertices (edges from lower to higher numbers) and 1 to 4
/// tokens.
fn small_dag() -> impl Strategy<Value = String> {
    (2u32..=9)
        .prop_flat_map(|n| {
            let pairs: Vec<(u32, u32)> = (1..=n)
                .flat_map(|x| (x + 1..=n).map(move |y| (x, y)))
                .collect();
            (
                Just(n),
                proptest::sample::subsequence(pairs.clone(), 0..=pairs.len()),
                proptest::collection::vec(1..=n, 1..=4),
            )
        })
        .prop_map(|(n, edges, tokens)| {
            let edges: Vec<String> = edges.iter().map(|(x, y)| format!("{x}>{y}")).collect();
            let tokens: Vec<String> = tokens.iter().map(u32::to_string).collect();
            format!("dag:{n}:{}:{}", edges.join(","), tokens.join(","))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Keys and clicks anywhere, on a random graph and screen, until the game is over: the
    /// board never panics and the game stays on screen.
    #[test]
    fn random_keys_and_clicks_never_break_the_board(
        code in small_dag(),
        inputs in proptest::collection::vec((0u8..9, 0u16..100, 0u16..30), 1..40),
        wide in proptest::bool::ANY,
    ) {
        let (w, hgt) = if wide { (100, 30) } else { (80, 24) };
        let mut h = Harness::new(&options(&code), w, hgt);
        for (kind, x, y) in inputs {
            if h.screen().contains("Game over") {
                // Enter there starts a new game from the menu: the board's part is done.
                break;
            }
            match kind {
                0 => { h.key(KeyCode::Tab); }
                1 => { h.key(KeyCode::BackTab); }
                2 => { h.key(KeyCode::Up); }
                3 => { h.key(KeyCode::Down); }
                4 => { h.enter(); }
                5 => { h.keys("i"); }
                6 => { h.keys("v"); }
                7 => { h.key(KeyCode::Esc); }
                _ => { h.click(x % w, y % hgt); }
            }
            let screen = h.screen();
            prop_assert!(screen.contains("Tokens on a DAG"), "{}", screen);
        }
    }
}
