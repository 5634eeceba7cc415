//! Issue 19, "What a new player met": each finding replayed on ratatui's `TestBackend` (or
//! straight on the library where the screen is not the point) and checked fixed.

use crossterm::event::KeyCode;
use grundy::tui::First;

use crate::common;
use common::render::{Harness, options};

/// Texts that tell who is winning or which move wins, none of which may be on the game screen
/// while hints are off and the game goes on.
const VERDICTS: &[&str] = &[
    "✓",
    "✗",
    "??",
    "→*",
    "nim-sum *",
    "(to move)",
    "with best play",
    "lost position",
    "winning",
    "P lost",
    "lost to move",
    "the AI now wins",
];

/// The same, in the help popup, whose rules text speaks of winning in general.
const POPUP_VERDICTS: &[&str] = &[
    "(to move)",
    "with best play",
    "nim-sum *",
    "take 2 wins",
    "lost position",
    "winning:",
];

fn hints_off(code: &str, first: First) -> Harness {
    let mut o = options(code);
    o.first = first;
    o.hints = false;
    Harness::new(&o, 120, 40)
}

/// Item 1: with hints off, neither the board, its panels, the record, the Turn panel (the
/// AI's reasons) nor the help popup says who is winning or which move wins. Every board, you
/// first and the AI first (so that the record, the AI's reason and the verdicts have a move).
#[test]
fn hints_off_no_screen_tells_who_is_winning() {
    for code in [
        "fibnim:20",
        "wythoff:3,7",
        "nim:3,4,5",
        "misere:3,5,1",
        "kayles:5,7,9",
        "coins:4:HTTHTTTTHTTTHTHT",
        "grid:HTHT/TTHT/HTTH",
        "dodgeball:111111111111",
        "ed:3,10,2,7",
        "stairs:2,3,1,4,2,5",
        "dag:4:1>2,2>3,1>3,3>4:1,2",
        "nim:3,4+ed:2,8",
    ] {
        for first in [First::You, First::Ai] {
            let mut h = hints_off(code, first);
            let screen = h.screen();
            // Once the game is over, all may be told.
            assert!(
                !screen.contains("Game over"),
                "{code}: pick a longer game\n{screen}"
            );
            for verdict in VERDICTS {
                assert!(
                    !screen.contains(verdict),
                    "{code} ({first:?}): '{verdict}' on the screen with hints off:\n{screen}"
                );
            }
            // A part chosen: its moves listed (or the block panel, the throws), the status.
            h.enter().key(KeyCode::Down);
            // (The grid's block panel marks a legal block "✓ legal": not a verdict.)
            let screen = h.screen().replace("✓ legal", "legal");
            for verdict in VERDICTS {
                assert!(
                    !screen.contains(verdict),
                    "{code} ({first:?}): '{verdict}' with a part chosen, hints off:\n{screen}"
                );
            }
            h.key(KeyCode::Char('?'));
            let popup = h.screen();
            for verdict in POPUP_VERDICTS {
                assert!(
                    !popup.contains(verdict),
                    "{code} ({first:?}): '{verdict}' in the help with hints off:\n{popup}"
                );
            }
        }
    }
}

/// Item 1, the other side: hints on still say it all.
#[test]
fn hints_on_still_tell_who_is_winning() {
    let mut o = options("fibnim:20");
    o.hints = true;
    let mut h = Harness::new(&o, 120, 40);
    let screen = h.screen();
    assert!(screen.contains("take 2 wins"), "{screen}");
    h.key(KeyCode::Char('?'));
    let popup = h.screen();
    assert!(popup.contains("(to move) win"), "{popup}");
}

/// Item 2: a move list wraps a long move rather than cutting it, so moves that start alike
/// (E&D's "drop 3, split 10 into …") can be told apart.
#[test]
fn long_moves_wrap_in_the_move_list() {
    let mut o = options("ed:3,10");
    o.hints = true;
    let mut h = Harness::new(&o, 120, 40);
    h.enter();
    let screen = h.screen();
    for whole in [
        "split 10 into 1 + 9",
        "split 10 into 2 + 8",
        "split 10 into 3 + 7",
    ] {
        assert!(screen.contains(whole), "'{whole}' cut:\n{screen}");
    }
    // Narrow screen too.
    let mut h = Harness::new(&o, 80, 24);
    h.enter();
    let screen = h.screen();
    assert!(screen.contains("into 1 + 9"), "{screen}");
}

/// Item 3: misère Nim offers taking the last token, and whoever takes it loses.
#[test]
fn misere_last_token_is_a_move_and_loses() {
    let mut h = Harness::new(&options("misere:1"), 120, 40);
    let screen = h.screen();
    assert!(
        screen.contains("move 1"),
        "not over at the start:\n{screen}"
    );
    h.enter().enter();
    let screen = h.screen();
    assert!(screen.contains("You took the last token."), "{screen}");
    assert!(screen.contains("The AI wins."), "{screen}");
}

/// Item 4: Wythoff's key bar says the arrows move the target and PgUp/PgDn step the list.
#[test]
fn wythoff_key_bar_names_each_key() {
    let mut h = Harness::new(&options("wythoff:11,7"), 120, 40);
    let screen = h.screen();
    let bar = screen.lines().last().unwrap_or_default().to_string();
    assert!(bar.contains("target"), "{bar}");
    assert!(bar.contains("PgUp/PgDn list"), "{bar}");
    // PgDn steps the list: the target follows the selected move, which Enter plays.
    h.key(KeyCode::PageDown).key(KeyCode::PageDown);
    let status = h.status();
    let screen = h.screen();
    let selected = screen
        .lines()
        .find_map(|l| l.split_once("▶ (").map(|(_, rest)| format!("({rest}")))
        .expect("a selected move");
    let square = selected.split(' ').take(2).collect::<Vec<_>>().join(" ");
    assert!(status.contains(&square), "{status} / {selected}");
}

/// Item 5: a seed given on the command line means a random board, on a fresh install too
/// (no settings file: dodgeball's default start is the full board).
#[test]
fn dodgeball_with_a_seed_is_random() {
    let o = grundy::tui::PlayOptions {
        game: Some(grundy::games::GameKind::Dodgeball),
        n: Some(40),
        seed: Some(7),
        ..grundy::tui::PlayOptions::default()
    };
    let mut h = Harness::new(&o, 120, 40);
    h.key(KeyCode::Char('?'));
    let popup = h.screen();
    let code = popup
        .split(|c: char| c.is_whitespace() || c == '│')
        .find(|w| w.starts_with("dodgeball:"))
        .unwrap_or_else(|| panic!("the position's code in the help:\n{popup}"))
        .to_string();
    assert!(
        code.contains('0'),
        "a seeded board is random, not full: {code}"
    );
}

/// Item 6: Fibonacci Nim's title follows the heap and its limit.
#[test]
fn fibonacci_nim_title_follows_the_game() {
    let mut h = Harness::new(&options("fibnim:23"), 120, 40);
    // Take 1 (the first listed), the AI answers.
    h.enter().enter();
    let screen = h.screen();
    let title = screen.lines().next().unwrap_or_default().to_string();
    let row = screen
        .lines()
        .find_map(|l| l.split_once("▶ heap ").map(|(_, r)| r.to_string()))
        .expect("the heap's row");
    let heap: String = row.chars().take_while(char::is_ascii_digit).collect();
    assert!(title.contains(&format!("heap {heap},")), "{title} / {row}");
    assert!(!title.contains("heap 23"), "{title}");
}

/// Item 7: Kayles's panel speaks of rows.
#[test]
fn kayles_panel_says_rows() {
    let mut h = Harness::new(&options("kayles:5,7,9"), 120, 40);
    let screen = h.screen();
    assert!(screen.contains("Pick a row"), "{screen}");
    assert!(!screen.contains("Pick a heap"), "{screen}");
}

/// Item 8: the value history ends on the 0 line when the game is over, and an AI move from a
/// lost position with no move count has a mark that the legend explains.
#[test]
fn review_ends_at_zero_and_every_move_has_a_mark() {
    use grundy::game::{Notation, Position};
    use grundy::games::heaps::Heaps;
    use grundy::record::{Played, Side, Verdict, judge_in_words};
    let p = Heaps::from_code("nim:1").unwrap();
    let mv = p.legal_moves()[0];
    let history = vec![Played {
        words: p.describe_move(&mv),
        judgement: Some(judge_in_words(&p, &mv, 1000)),
        mv,
        by: Side::You,
        reason: None,
    }];
    let (line, _) = grundy::tui::review::chart_points(&history, true);
    assert_eq!(line.last().map(|p| p.1), Some(0.0), "{line:?}");
    assert_ne!(Verdict::Lost.mark().trim(), "");
    for lang in grundy::lang::Lang::ALL {
        assert!(grundy::locale::verdict_legend(lang).contains(Verdict::Lost.mark()));
    }
}

/// Item 9: turning hints on does not move a DAG's vertices.
#[test]
fn dag_hints_keep_the_vertices_in_place() {
    let code = "dag:9:1>2,1>3,2>4,3>4,3>5,4>6,5>6,6>7,5>8,8>9,7>9:1,3";
    let mut h = Harness::new(&options(code), 120, 40);
    let plain = h.screen();
    h.keys("i");
    let hinted = h.screen();
    // The board frame with hints ends at its first bottom border on the left.
    let bottom = hinted
        .lines()
        .position(|l| l.starts_with('└'))
        .expect("board frame");
    let labels = |screen: &str| {
        let mut out = Vec::new();
        // Above the note ("all 9 vertices …") on the board's last row.
        for (y, line) in screen.lines().enumerate().take(bottom - 1).skip(1) {
            let chars: Vec<char> = line.chars().take(80).collect();
            for x in 0..chars.len() {
                let starts = chars[x].is_ascii_digit()
                    && (x == 0 || !(chars[x - 1].is_ascii_digit() || chars[x - 1] == '*'));
                if starts {
                    let n: String = chars[x..]
                        .iter()
                        .take_while(|c| c.is_ascii_digit())
                        .collect();
                    out.push((y, x, n));
                }
            }
        }
        out
    };
    let (a, b) = (labels(&plain), labels(&hinted));
    assert_eq!(a, b, "{a:?}\n{b:?}\n{plain}\n{hinted}");
}

/// The heap family's settings page, reached from the chooser: the focus on the Game field.
fn heap_games_page(h: &mut Harness) {
    for _ in 0..8 {
        if h.screen().contains("▶ Heap games") {
            break;
        }
        h.key(KeyCode::Down);
    }
    h.enter();
    for _ in 0..12 {
        if h.screen().contains("▶ Game") {
            return;
        }
        h.key(KeyCode::Up);
    }
    panic!("no Game field:\n{}", h.screen());
}

/// Item 11: the menu sets Bash's m (and the other rules' parameters), the game starts with
/// it, and the heap game and its parameters are remembered by the settings file.
#[test]
fn menu_sets_rule_parameters_and_remembers_the_heap_game() {
    let home = common::render::StoreHome::new();
    let mut h = home.harness(&grundy::tui::PlayOptions::default(), 100, 30);
    heap_games_page(&mut h);
    // Nim → Bash.
    h.key(KeyCode::Right);
    let page = h.screen();
    assert!(page.contains("Bash"), "{page}");
    assert!(page.contains("  m "), "Bash's m is a field:\n{page}");
    h.key(KeyCode::Down).key(KeyCode::Right);
    let page = h.screen();
    assert!(page.contains("◀ 4 ▶"), "{page}");
    // Take l..r has two fields; Lieges its k; the subtraction game its set.
    h.key(KeyCode::Up).key(KeyCode::Right);
    assert!(h.screen().contains("Subtraction game"), "{}", h.screen());
    assert!(h.screen().contains("set S"), "{}", h.screen());
    h.key(KeyCode::Right);
    let page = h.screen();
    assert!(page.contains("  l ") && page.contains("  r "), "{page}");
    h.key(KeyCode::Left).key(KeyCode::Left);
    // Back on Bash, m still 4: start the game (a standard start to know its heaps).
    // Down to Start (after Game and m), then to its standard choice.
    h.key(KeyCode::Down).key(KeyCode::Down);
    for _ in 0..3 {
        if h.screen().contains("standard: bash:4:") {
            break;
        }
        h.key(KeyCode::Right);
    }
    assert!(h.screen().contains("standard: bash:4:"), "{}", h.screen());
    // Start game (the last field).
    for _ in 0..5 {
        h.key(KeyCode::Down);
    }
    h.enter();
    let screen = h.screen();
    assert!(screen.contains("Bash (take 1..4)"), "{screen}");
    // Back to the menu and out: the settings keep the heap game and m.
    h.keys("n");
    let text = home.settings_text().unwrap_or_default();
    assert!(text.contains("game = \"bash\""), "{text}");
    assert!(text.contains("bash_m = 4"), "{text}");
    let mut h = home.harness(&grundy::tui::PlayOptions::default(), 100, 30);
    heap_games_page(&mut h);
    let page = h.screen();
    assert!(page.contains("◀ Bash ▶"), "{page}");
    assert!(page.contains("  4"), "{page}");
}

/// The position on screen, from its code in the help popup.
fn code_on_screen(h: &mut Harness) -> String {
    h.key(KeyCode::Char('?'));
    let popup = h.screen();
    h.key(KeyCode::Esc);
    let code: String = popup
        .split(|c: char| c.is_whitespace() || c == '│')
        .find(|w| w.contains(':') && !w.ends_with(':'))
        .unwrap_or_else(|| panic!("no code in the help:\n{popup}"))
        .to_string();
    code
}

/// Perfect play's length, the winning first moves and all first moves of `code`.
fn start_shape<P: grundy::game::Impartial + grundy::game::Notation>(
    code: &str,
) -> (u32, usize, usize) {
    let p = P::from_code(code).unwrap();
    let r = grundy::solver::outcome(&p, 1_000_000).unwrap().remoteness;
    (r, p.count_winning_moves().0, p.legal_moves().len())
}

/// Item 10: "random, winning for you" starts need thought: perfect play takes more than one
/// move, and at most a third of the first moves win (or only one does).
#[test]
fn winning_starts_need_thought() {
    use grundy::games::GameKind;
    use grundy::games::coins::CoinRow;
    use grundy::games::dodgeball::Dodgeball;
    for (kind, n) in [(GameKind::Dodgeball, 12), (GameKind::Coins, 10)] {
        for seed in 1..=6 {
            let o = grundy::tui::PlayOptions {
                game: Some(kind),
                n: Some(n),
                seed: Some(seed),
                start: Some(grundy::tui::board::Start::RandomWinning),
                ..grundy::tui::PlayOptions::default()
            };
            let mut h = Harness::new(&o, 120, 40);
            let code = code_on_screen(&mut h);
            let (remoteness, winning, total) = match kind {
                GameKind::Dodgeball => start_shape::<Dodgeball>(&code),
                _ => start_shape::<CoinRow>(&code),
            };
            assert!(remoteness >= 2, "{code}: over in {remoteness} move(s)");
            assert!(
                winning <= 1 || winning * 3 <= total,
                "{code}: {winning} of {total} moves win"
            );
        }
    }
}
