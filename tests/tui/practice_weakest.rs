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

/// The screen as text, its lines joined with spaces (the long line wraps).
fn screen(p: &Practice) -> String {
    let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
    terminal
        .draw(|f| {
            p.draw(
                f.area(),
                f.buffer_mut(),
                &grundy::tui::theme::Theme::plain(),
            )
        })
        .unwrap();
    let text = crate::common::render::buffer_text(terminal.backend().buffer());
    text.split_whitespace().collect::<Vec<_>>().join(" ")
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
    assert!(
        screen(&p).contains(
            "Drills from your weakest themes: a part's value by mex (Nim); splitting games \
             (Kayles)."
        ),
        "{}",
        screen(&p)
    );
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
