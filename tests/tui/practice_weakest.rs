//! Practice on the weakest themes (`grundy drill --weakest`, issue 28 item 2): every drill
//! drawn belongs to one of the two weakest themes the records name.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use grundy::drill::DrillKind;
use grundy::locale::{Lang, set_lang};
use grundy::store::drills::{Attempt, Drills, Mode, kind_name};
use grundy::theme::{Idea, Theme};
use grundy::tui::keymap;
use grundy::tui::practice::Practice;

fn press(p: &mut Practice, code: KeyCode) {
    let key = KeyEvent::new(code, KeyModifiers::NONE);
    p.handle_key(key, keymap::action(&key, true));
}

/// The screen as text at 100×30, its lines joined with spaces.
fn screen(p: &Practice) -> String {
    screen_at(p, 100, 30)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The screen as drawn, `width`×`height`.
fn screen_at(p: &Practice, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|f| {
            p.draw(
                f.area(),
                f.buffer_mut(),
                &grundy::tui::theme::Theme::plain(),
            )
        })
        .unwrap();
    crate::common::render::buffer_text(terminal.backend().buffer())
}

fn attempt(game: &str, kind: DrillKind, right: bool) -> Attempt {
    Attempt {
        game: game.to_string(),
        kind: kind_name(kind).to_string(),
        mode: Mode::Endless,
        code: "nim:1,2".to_string(),
        part: None,
        difficulty: 2,
        answer: "won".to_string(),
        right,
    }
}

#[test]
fn practice_on_the_weakest_draws_only_their_drills() {
    set_lang(Lang::En);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("drills.toml");
    // Nim's part values 0 of 3 and Kayles 1 of 3 are the weakest; Nim's winning move (3 of 3)
    // and Stair Nim (0 of 1: too few answers) are not.
    let results = [
        ("nim", DrillKind::PartValue, [false, false, false]),
        ("kayles", DrillKind::WonOrLost, [true, false, false]),
        ("nim", DrillKind::WinningMove, [true, true, true]),
    ];
    for (game, kind, rights) in results {
        for right in rights {
            Drills::add_to_file(&path, attempt(game, kind, right)).unwrap();
        }
    }
    Drills::add_to_file(&path, attempt("stairs", DrillKind::WonOrLost, false)).unwrap();
    let mut p = Practice::new(Some(path.clone()), None, 13).with_weakest();
    let weakest = [
        Theme::of("nim", DrillKind::PartValue),
        Theme::of("kayles", DrillKind::WinningMove),
    ];
    assert_eq!(p.themes(), weakest);
    assert_eq!(weakest[1].idea, Idea::Splitting);
    // The Game row and the header say what is drawn: the two themes, not all games.
    let shown = screen(&p);
    assert!(
        shown.contains(
            "Game ◂ weakest themes: a part's value by mex (Nim); splitting games (Kayles) ▸"
        ),
        "{shown}"
    );
    assert!(!shown.contains("all games"), "{shown}");
    press(&mut p, KeyCode::Enter);
    let mut drawn = Vec::new();
    for _ in 0..16 {
        let drill = p.drill().expect("a drill is asked").clone();
        let theme = Theme::of_drill(&drill);
        assert!(weakest.contains(&theme), "{drill:?} is of {theme:?}");
        drawn.push((theme, drill.kind));
        // Any answer, then on to the next drill. A first wrong answer gets a nudge and the
        // question again; the second gets the verdict.
        for _ in 0..2 {
            if p.verdict().is_some() {
                break;
            }
            match drill.kind {
                DrillKind::WonOrLost => press(&mut p, KeyCode::Char('w')),
                DrillKind::PartValue => {
                    press(&mut p, KeyCode::Char('0'));
                    press(&mut p, KeyCode::Enter);
                }
                DrillKind::WinningMove => press(&mut p, KeyCode::Enter),
            }
        }
        assert!(p.verdict().is_some(), "answered: {drill:?}");
        press(&mut p, KeyCode::Enter);
    }
    // Both themes come up, Kayles in more than one kind; Nim only as a part's value.
    assert!(drawn.iter().any(|(t, _)| *t == weakest[0]));
    assert!(drawn.iter().any(|(t, _)| *t == weakest[1]));
    assert!(
        drawn
            .iter()
            .filter(|(t, _)| t.game == "nim")
            .all(|(_, k)| *k == DrillKind::PartValue)
    );
    // Every answer is recorded under its theme.
    let rows = Drills::load(&path).drills.theme_rows();
    let tried: u64 = rows
        .iter()
        .filter(|(t, _)| weakest.contains(t))
        .map(|(_, tally)| tally.tried)
        .sum();
    assert_eq!(tried, 6 + 16);
}

/// Records whose two weakest themes are Nim's part values (0 of 3) and Kayles (1 of 3).
fn weak_records() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("drills.toml");
    for (game, kind, rights) in [
        ("nim", DrillKind::PartValue, [false, false, false]),
        ("kayles", DrillKind::WonOrLost, [true, false, false]),
        ("nim", DrillKind::WinningMove, [true, true, true]),
    ] {
        for right in rights {
            Drills::add_to_file(&path, attempt(game, kind, right)).unwrap();
        }
    }
    (dir, path)
}

/// `grundy drill --weakest` at 80×24: the setup's Game row names the two weakest themes in the
/// reader's language (on two rows where one is too narrow), never "all games"; the header
/// names them too, or calls them the weakest where the line has no room; in English, 简体
/// and 繁體, with no English on the Chinese screens.
#[test]
fn the_weakest_themes_are_named_on_the_setup_and_in_the_header() {
    let (_dir, path) = weak_records();
    for (lang, name, all_games, named) in [
        (
            Lang::En,
            "en",
            "all games",
            ["a part's value by mex (Nim)", "splitting games"],
        ),
        (
            Lang::ZhCn,
            "zh_cn",
            "全部游戏",
            ["用 mex 求部分的 SG 值", "分裂游戏"],
        ),
        (
            Lang::ZhTw,
            "zh_tw",
            "全部遊戲",
            ["用 mex 求部分的 SG 值", "分裂遊戲"],
        ),
    ] {
        set_lang(lang);
        let mut p = Practice::new(Some(path.clone()), None, 13).with_weakest();
        let setup = screen_at(&p, 80, 24);
        // A wide character is drawn with a blank cell after it: compared without blanks.
        let packed = |text: &str| text.replace(' ', "");
        assert!(!packed(&setup).contains(&packed(all_games)), "{setup}");
        for theme in named {
            assert!(
                packed(&setup).contains(&packed(theme)),
                "{theme} on\n{setup}"
            );
        }
        if lang != Lang::En {
            let english = crate::i18n::english_words(&setup);
            assert!(english.is_empty(), "{english:?} on\n{setup}");
        }
        insta::assert_snapshot!(format!("practice_weakest_setup_{name}"), setup);
        // A drill asked: the header still says where it comes from.
        press(&mut p, KeyCode::Enter);
        assert!(p.drill().is_some());
        let asked = screen_at(&p, 80, 24);
        let header = packed(asked.lines().nth(1).unwrap_or_default());
        assert!(!header.contains(&packed(all_games)), "{header}");
        let short = match lang {
            Lang::En => "your weakest themes",
            Lang::ZhCn => "你最弱的主题",
            _ => "你最弱的主題",
        };
        assert!(
            header.contains(&packed(short)) || named.iter().all(|t| header.contains(&packed(t))),
            "{header}"
        );
    }
    set_lang(Lang::En);
}

/// The Game row's ←→ go from the weakest themes to all games and the games one by one, and
/// back; Practice opened from the menu offers them too, last on the row.
#[test]
fn the_game_row_offers_the_weakest_themes() {
    set_lang(Lang::En);
    let (_dir, path) = weak_records();
    let mut p = Practice::new(Some(path.clone()), None, 13).with_weakest();
    assert_eq!(p.themes().len(), 2);
    for _ in 0..4 {
        press(&mut p, KeyCode::Up);
    }
    press(&mut p, KeyCode::Right);
    assert!(p.themes().is_empty());
    assert!(screen(&p).contains("Game ◂ all games ▸"), "{}", screen(&p));
    press(&mut p, KeyCode::Left);
    assert_eq!(p.themes().len(), 2);
    // From the menu: all games first, the weakest themes one step left.
    let mut p = Practice::new(Some(path), None, 13);
    assert!(p.themes().is_empty());
    assert!(screen(&p).contains("Game ◂ all games ▸"), "{}", screen(&p));
    for _ in 0..4 {
        press(&mut p, KeyCode::Up);
    }
    press(&mut p, KeyCode::Left);
    assert_eq!(p.themes().len(), 2);
    assert!(screen(&p).contains("weakest themes:"), "{}", screen(&p));
    // With no theme weak yet, the row has only the games.
    let mut fresh = Practice::new(None, None, 13).with_weakest();
    assert!(fresh.themes().is_empty());
    for _ in 0..4 {
        press(&mut fresh, KeyCode::Up);
    }
    press(&mut fresh, KeyCode::Left);
    assert!(fresh.themes().is_empty());
    assert!(!screen(&fresh).contains("weakest"), "{}", screen(&fresh));
}
