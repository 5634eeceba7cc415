//! Practice (src/tui/practice.rs) on ratatui's `TestBackend`: each kind of drill answered
//! right and wrong by keys, the rating moving up and down, the streak and timed runs ending
//! and keeping their records, and every attempt in the data directory's drills.toml.

use std::collections::HashMap;
use std::path::Path;
use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use grundy::drill::{DrillKind, Expected};
use grundy::game::{Impartial, Notation, Position};
use grundy::games::{AnyPosition, with_position};
use grundy::locale::{Lang, set_lang};
use grundy::store::drills::{ALL, Drills, Mode};
use grundy::tui::keymap;
use grundy::tui::practice::Practice;
use grundy::tui::theme::Theme;

fn press(p: &mut Practice, code: KeyCode) {
    let key = KeyEvent::new(code, KeyModifiers::NONE);
    p.handle_key(key, keymap::action(&key, true));
}

fn typed(p: &mut Practice, text: &str) {
    for c in text.chars() {
        press(p, KeyCode::Char(c));
    }
}

/// The screen as text, trailing spaces trimmed.
fn screen(p: &Practice, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|f| p.draw(f.area(), f.buffer_mut(), &Theme::plain()))
        .unwrap();
    crate::common::render::buffer_text(terminal.backend().buffer())
}

fn file(path: &Path) -> Drills {
    let loaded = Drills::load(path);
    assert_eq!(loaded.problem, None);
    loaded.drills
}

/// Whether the drill's position is won for the player to move, by a search over the rules
/// with a table of the positions met (the positions drawn for nim here are small).
fn won_by_search(code: &str) -> bool {
    fn wins<P: Impartial + Notation>(p: &P, seen: &mut HashMap<String, bool>) -> bool {
        let code = p.to_code();
        if let Some(&known) = seen.get(&code) {
            return known;
        }
        let won = p
            .legal_moves()
            .iter()
            .any(|mv| !wins(&p.play_unchecked(mv), seen));
        seen.insert(code, won);
        won
    }
    let position = AnyPosition::from_code(code).unwrap();
    with_position!(&position, p => wins(p, &mut HashMap::new()))
}

/// Answers the drill on screen wrongly twice: the first answer gets a nudge (the drill is
/// asked again, no verdict, the answer not on screen), the second the verdict.
fn miss(p: &mut Practice) {
    answer(p, false);
    assert!(p.verdict().is_none(), "a nudge, not a verdict");
    let shown = screen(p, 100, 40);
    assert!(shown.contains("Not yet"), "{shown}");
    answer(p, false);
}

/// Answers the drill on screen by keys, rightly or wrongly, reading the right answer from
/// the rules (a search), not from the drill's checker.
fn answer(p: &mut Practice, right: bool) {
    let drill = p.drill().unwrap().clone();
    let position = AnyPosition::from_code(&drill.code).unwrap();
    match drill.kind {
        DrillKind::WinningMove => {
            // After a nudge the cursor is still on the move answered.
            press(p, KeyCode::Home);
            // The list shows the legal moves in the game's order.
            let outcomes: Vec<bool> = with_position!(&position, p => p
                .legal_moves()
                .iter()
                .map(|mv| !won_by_search(&p.play_unchecked(mv).to_code()))
                .collect());
            let i = outcomes.iter().position(|&w| w == right).unwrap();
            for _ in 0..i {
                press(p, KeyCode::Down);
            }
            press(p, KeyCode::Enter);
        }
        DrillKind::WonOrLost => {
            let won = won_by_search(&drill.code);
            press(p, KeyCode::Char(if won == right { 'w' } else { 'x' }));
        }
        DrillKind::PartValue => {
            // A nim heap's value is its size.
            let part: usize = drill.part.as_deref().unwrap().parse().unwrap();
            let size = drill.code["nim:".len()..].split(',').nth(part - 1).unwrap();
            let size: u64 = size.parse().unwrap();
            let given = if right { size } else { size + 1 };
            typed(p, &given.to_string());
            press(p, KeyCode::Enter);
        }
    }
}

#[test]
fn each_kind_answered_right_and_wrong_moves_the_rating_and_is_saved() {
    set_lang(Lang::En);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("drills.toml");
    let mut p = Practice::new(Some(path.clone()), Some("nim"), 7);
    press(&mut p, KeyCode::Enter);
    let mut saved = 0;
    for kind in DrillKind::ALL {
        for right in [true, false] {
            p.ask_kind("nim", kind);
            let before = p.drills().rated("nim");
            if right {
                answer(&mut p, true);
            } else {
                miss(&mut p);
            }
            let verdict = p.verdict().expect("answered").clone();
            assert_eq!(verdict.right, right, "{kind:?} {:?}", p.drill());
            let after = p.drills().rated("nim");
            if right {
                assert!(
                    after.rating > before.rating,
                    "{kind:?}: {before:?} → {after:?}"
                );
            } else {
                assert!(
                    after.rating < before.rating,
                    "{kind:?}: {before:?} → {after:?}"
                );
            }
            saved += 1;
            let kept = file(&path);
            assert_eq!(kept.attempts.len(), saved);
            let last = kept.attempts.last().unwrap();
            assert_eq!(last.right, right);
            assert_eq!(last.code, p.drill().unwrap().code);
            assert_eq!(kept.rated("nim"), after);
            assert_eq!(kept.rated(ALL).tried, saved as u64);
            // The verdict and the why-view are on screen.
            let shown = screen(&p, 100, 40);
            assert!(
                shown.contains(if right { "Right!" } else { "Not" }),
                "{shown}"
            );
            if matches!(verdict.expected, Expected::Value(_)) || verdict.why.is_some() {
                assert!(shown.contains("why "), "{shown}");
                assert!(shown.contains("mex"), "{shown}");
            }
        }
    }
    // Another Practice on the same file (another grundy) sees every attempt.
    let other = Practice::new(Some(path.clone()), None, 1);
    assert_eq!(other.drills().attempts.len(), 6);
}

#[test]
fn a_miss_ends_a_streak_and_the_record_is_kept() {
    set_lang(Lang::En);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("drills.toml");
    let mut p = Practice::new(Some(path.clone()), Some("nim"), 3);
    // The setup page starts on Start; Mode is the field above it: → to streak.
    press(&mut p, KeyCode::Up);
    press(&mut p, KeyCode::Right);
    assert!(screen(&p, 100, 30).contains("◂ streak ▸"));
    press(&mut p, KeyCode::Enter);
    for _ in 0..2 {
        p.ask_kind("nim", DrillKind::WonOrLost);
        answer(&mut p, true);
        press(&mut p, KeyCode::Enter);
        assert!(!p.is_over());
    }
    assert_eq!(p.solved(), 2);
    p.ask_kind("nim", DrillKind::WinningMove);
    miss(&mut p);
    press(&mut p, KeyCode::Enter);
    assert!(p.is_over());
    let shown = screen(&p, 100, 30);
    assert!(shown.contains("2 solved in a row"), "{shown}");
    assert!(shown.contains("A new record!"), "{shown}");
    assert_eq!(file(&path).best("nim").streak, 2);
    // A shorter run keeps the record.
    press(&mut p, KeyCode::Enter);
    p.ask_kind("nim", DrillKind::WonOrLost);
    miss(&mut p);
    press(&mut p, KeyCode::Enter);
    assert!(p.is_over());
    assert!(!screen(&p, 100, 30).contains("A new record!"));
    assert_eq!(file(&path).best("nim").streak, 2);
}

#[test]
fn a_timed_run_ends_at_its_deadline_and_counts_what_was_solved() {
    set_lang(Lang::En);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("drills.toml");
    let mut p = Practice::new(Some(path.clone()), None, 5);
    p.set_mode(Mode::Timed);
    press(&mut p, KeyCode::Enter);
    assert!(screen(&p, 100, 30).contains("3:00 left"));
    p.ask_kind("nim", DrillKind::WonOrLost);
    answer(&mut p, true);
    press(&mut p, KeyCode::Enter);
    p.tick(Instant::now() + Duration::from_secs(60));
    assert!(!p.is_over());
    assert!(screen(&p, 100, 30).contains(":59 left"));
    // The clock, not a real wait: three minutes later the question is cut short.
    p.tick(Instant::now() + Duration::from_secs(181));
    assert!(p.is_over());
    let shown = screen(&p, 100, 30);
    assert!(shown.contains("Time is up: 1 solved."), "{shown}");
    assert_eq!(file(&path).best(ALL).timed, 1);
}

/// The setup page, a question and an answer with its why-view, in English and Chinese.
#[test]
fn practice_screens_in_english_and_chinese() {
    for (lang, name) in [(Lang::En, "en"), (Lang::ZhCn, "zh_cn")] {
        set_lang(lang);
        let mut p = Practice::new(None, Some("kayles"), 11);
        insta::assert_snapshot!(format!("practice_setup_{name}"), screen(&p, 80, 24));
        press(&mut p, KeyCode::Enter);
        p.ask_kind("kayles", DrillKind::PartValue);
        insta::assert_snapshot!(format!("practice_question_{name}"), screen(&p, 80, 24));
        typed(&mut p, "0");
        press(&mut p, KeyCode::Enter);
        if p.verdict().is_none() {
            // A wrong first answer: the nudge, then the same answer again.
            insta::assert_snapshot!(format!("practice_nudge_{name}"), screen(&p, 80, 24));
            typed(&mut p, "0");
            press(&mut p, KeyCode::Enter);
        }
        insta::assert_snapshot!(format!("practice_answered_{name}"), screen(&p, 80, 30));
    }
    set_lang(Lang::En);
}

/// The menu's Practice entry (key d) opens Practice in the app; an answer there is saved in
/// the store's data directory; Esc goes back to the menu.
#[test]
fn the_menu_opens_practice_and_an_answer_is_saved_in_the_data_directory() {
    set_lang(Lang::En);
    let home = crate::common::render::StoreHome::new();
    let mut h = home.harness(&grundy::tui::PlayOptions::default(), 100, 30);
    assert!(h.screen().contains("d  Practice"));
    h.keys("d");
    assert!(h.screen().contains("◂ all games ▸"), "{}", h.screen());
    h.enter();
    // Any answer of the drill's kind: it is the saving that is checked here.
    let screen = h.screen();
    for _ in 0..2 {
        // A wrong first answer gets a nudge: the same answer again then gets the verdict.
        if h.screen().contains("Your answer:") {
            break;
        }
        if screen.contains("won or lost") {
            h.keys("w");
        } else if screen.contains("What is the value") {
            h.keys("0").enter();
        } else {
            h.enter();
        }
    }
    assert!(h.screen().contains("Your answer:"), "{}", h.screen());
    let path = home.store().drills_path().unwrap();
    assert_eq!(file(&path).attempts.len(), 1);
    h.key(KeyCode::Esc).key(KeyCode::Esc);
    assert!(h.screen().contains("Choose a game"), "{}", h.screen());
}

/// One kind at one difficulty, chosen on the setup page by keys: every drill asked is of that
/// kind and difficulty.
#[test]
fn the_setup_page_chooses_the_kind_and_the_difficulty() {
    set_lang(Lang::En);
    let mut p = Practice::new(None, Some("nim"), 21);
    // From Start: Mode, Difficulty, Kind above it.
    press(&mut p, KeyCode::Up);
    press(&mut p, KeyCode::Up);
    press(&mut p, KeyCode::Right);
    press(&mut p, KeyCode::Right);
    press(&mut p, KeyCode::Up);
    press(&mut p, KeyCode::Right);
    press(&mut p, KeyCode::Right);
    let shown = screen(&p, 80, 24);
    assert!(shown.contains("◂ won or lost ▸"), "{shown}");
    assert!(shown.contains("◂ 2 of 5 ▸"), "{shown}");
    press(&mut p, KeyCode::Down);
    press(&mut p, KeyCode::Down);
    press(&mut p, KeyCode::Enter);
    for _ in 0..10 {
        let drill = p.drill().expect("a drill").clone();
        assert_eq!(drill.kind, DrillKind::WonOrLost);
        assert_eq!(drill.difficulty, 2);
        answer(&mut p, true);
        press(&mut p, KeyCode::Enter);
    }
    // `grundy drill --kind part-value --difficulty 4` does it at the start.
    let mut p = Practice::new(None, Some("nim"), 22);
    p.choose(Some(DrillKind::PartValue), Some(4));
    press(&mut p, KeyCode::Enter);
    for _ in 0..5 {
        let drill = p.drill().unwrap().clone();
        assert_eq!((drill.kind, drill.difficulty), (DrillKind::PartValue, 4));
        answer(&mut p, true);
        press(&mut p, KeyCode::Enter);
    }
    let shown = screen(&p, 80, 24);
    assert!(shown.contains("What is the value"), "{shown}");
}

/// A puzzle sheet: one move per puzzle (a wrong one gets no nudge), scored, unrated; the end
/// page gives the score and each puzzle's mark. Nothing before the move says which one wins.
#[test]
fn a_puzzle_sheet_is_played_and_scored() {
    set_lang(Lang::En);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("drills.toml");
    let mut p = Practice::new(Some(path.clone()), Some("nim"), 1);
    let codes: Vec<String> = grundy::puzzles::sheet("nim", 3, 3, 8)
        .unwrap()
        .into_iter()
        .map(|p| p.code)
        .collect();
    p.play_sheet(grundy::tui::sheet::SheetRun::new("nim", codes.clone(), 3));
    for (i, right) in [true, false, true].into_iter().enumerate() {
        let drill = p.drill().unwrap().clone();
        assert_eq!(drill.code, codes[i]);
        let before = screen(&p, 80, 24);
        assert!(
            before.contains(&format!("puzzle {} of 3", i + 1)),
            "{before}"
        );
        assert!(
            !before.contains("*0") && !before.contains("Not yet"),
            "{before}"
        );
        answer(&mut p, right);
        // One move: the verdict at once, right or wrong.
        assert_eq!(p.verdict().expect("a verdict").right, right);
        press(&mut p, KeyCode::Enter);
    }
    let done = screen(&p, 80, 24);
    assert!(
        done.contains("The sheet is done: 2 of 3 puzzles solved."),
        "{done}"
    );
    assert!(done.contains("✓  1.") && done.contains("✗  2."), "{done}");
    assert_eq!(p.sheet().unwrap().solved(), 2);
    // Not rated: nothing in drills.toml.
    assert!(Drills::load(&path).drills.attempts.is_empty());
    // Enter plays it again; Esc goes back to the setup page.
    press(&mut p, KeyCode::Enter);
    assert_eq!(p.drill().unwrap().code, codes[0]);
    press(&mut p, KeyCode::Esc);
    assert!(screen(&p, 80, 24).contains("Puzzle sheet"));
    assert!(p.sheet().is_none());
}

/// The setup page's Puzzle sheet row draws a sheet of the chosen game and plays it.
#[test]
fn the_setup_page_starts_a_puzzle_sheet() {
    set_lang(Lang::ZhCn);
    let mut p = Practice::new(None, Some("kayles"), 2);
    // From Start: Review, then Puzzle sheet.
    press(&mut p, KeyCode::Down);
    press(&mut p, KeyCode::Down);
    press(&mut p, KeyCode::Enter);
    let sheet = p.sheet().expect("a sheet");
    assert_eq!(sheet.len(), grundy::tui::sheet::SHEET_SIZE);
    let shown = screen(&p, 80, 24);
    set_lang(Lang::En);
    assert!(
        shown.replace(' ', "").contains("习题单") && shown.replace(' ', "").contains("第1题"),
        "{shown}"
    );
    assert!(p.drill().unwrap().code.starts_with("kayles:"));
}

/// "All games" and "every kind" draw only a game and a kind that go together: Nim-K, `anti:`
/// and `every:` have no part values to ask about, and drawing one of them for a value drill
/// showed an error in place of a drill (a 1-in-30 chance at each drill).
#[test]
fn any_game_and_any_kind_always_give_a_drill() {
    set_lang(Lang::En);
    for seed in 0..300 {
        let mut p = Practice::new(None, None, seed);
        p.start();
        assert!(p.drill().is_some(), "seed {seed}: no drill");
    }
}
