//! The Learn screen drawn on a buffer: the list of lessons and a lesson page in English and
//! Simplified Chinese (insta snapshots), and an exercise answered wrong then right by keys, its
//! feedback saying why.

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use grundy::lang::Lang;
use grundy::learn::LESSONS;
use grundy::locale::set_lang;
use grundy::store::Store;
use grundy::tui::learn::{Learn, LearnEvent};
use grundy::tui::theme::Theme;

fn screen(learn: &Learn, width: u16, height: u16) -> String {
    let area = Rect::new(0, 0, width, height);
    let mut buf = Buffer::empty(area);
    learn.draw(area, &mut buf, &Theme::plain());
    let mut out = String::new();
    for y in 0..height {
        let mut line = String::new();
        let mut x = 0;
        while x < width {
            let symbol = buf[(x, y)].symbol();
            line.push_str(symbol);
            // A wide character covers the next cell too.
            x += unicode_width::UnicodeWidthStr::width(symbol).max(1) as u16;
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn key(learn: &mut Learn, code: KeyCode) -> LearnEvent {
    learn.handle_key(KeyEvent::from(code))
}

fn keys(learn: &mut Learn, text: &str) {
    for c in text.chars() {
        key(learn, KeyCode::Char(c));
    }
}

#[test]
fn the_lesson_list_in_english_and_chinese() {
    set_lang(Lang::En);
    let learn = Learn::new(&Store::disabled());
    let en = screen(&learn, 80, 24);
    insta::assert_snapshot!("learn_list_en", en);
    assert!(en.contains("Won and lost positions"), "{en}");
    set_lang(Lang::ZhCn);
    let zh = screen(&learn, 80, 24);
    set_lang(Lang::En);
    insta::assert_snapshot!("learn_list_zh_cn", zh);
    assert!(zh.contains("必胜态"), "{zh}");
}

#[test]
fn a_lesson_page_in_english_and_chinese() {
    set_lang(Lang::En);
    let mut learn = Learn::new(&Store::disabled());
    key(&mut learn, KeyCode::Down);
    key(&mut learn, KeyCode::Down);
    key(&mut learn, KeyCode::Enter);
    key(&mut learn, KeyCode::Right);
    let en = screen(&learn, 80, 24);
    insta::assert_snapshot!("learn_page_en", en);
    assert!(
        en.contains("Lesson 3") && en.contains("page 2 of 4"),
        "{en}"
    );
    set_lang(Lang::ZhCn);
    let zh = screen(&learn, 80, 24);
    set_lang(Lang::En);
    insta::assert_snapshot!("learn_page_zh_cn", zh);
    assert!(zh.contains("第 3 课") && zh.contains("异或"), "{zh}");
}

/// Lesson 4 (mex), first exercise: the value of a heap of 1 in the subtraction game {1, 3, 4}.
/// A wrong number shows the options and the mex; the right one moves on.
#[test]
fn a_wrong_value_is_explained_by_the_mex() {
    set_lang(Lang::En);
    let mut learn = Learn::new(&Store::disabled());
    learn.open(3);
    for _ in 0..LESSONS[3].pages {
        key(&mut learn, KeyCode::Enter);
    }
    let asked = screen(&learn, 80, 30);
    assert!(asked.contains("exercise 1 of 7"), "{asked}");
    keys(&mut learn, "3");
    key(&mut learn, KeyCode::Enter);
    // The first wrong answer: a nudge (list the options, take the mex), not the value.
    let nudged = screen(&learn, 80, 30);
    insta::assert_snapshot!("learn_value_nudge_en", nudged);
    assert!(nudged.contains("Not yet"), "{nudged}");
    assert!(nudged.contains("mex"), "{nudged}");
    assert!(!nudged.contains("Not right"), "{nudged}");
    let value = match grundy::learn::solve(&LESSONS[3].exercises[0]).unwrap() {
        grundy::learn::Solution::Number(v) => v,
        other => panic!("{other:?}"),
    };
    assert!(!nudged.contains(&format!("*{}", value.short())), "{nudged}");
    // The second: the whole explanation.
    keys(&mut learn, "3");
    key(&mut learn, KeyCode::Enter);
    let wrong = screen(&learn, 80, 30);
    insta::assert_snapshot!("learn_value_wrong_en", wrong);
    assert!(wrong.contains("Not right"), "{wrong}");
    assert!(wrong.contains("mex"), "{wrong}");
    // Typing again starts a new number.
    keys(&mut learn, "1");
    key(&mut learn, KeyCode::Enter);
    let right = screen(&learn, 80, 30);
    assert!(right.contains("Right."), "{right}");
    key(&mut learn, KeyCode::Enter);
    assert!(screen(&learn, 80, 30).contains("exercise 2 of 7"));
}

/// A move that does not win is refused with the nim-sum it leaves and the opponent's answer.
#[test]
fn a_losing_move_is_explained_by_the_nim_sum_it_leaves() {
    set_lang(Lang::En);
    let mut learn = Learn::new(&Store::disabled());
    learn.open(2);
    for _ in 0..LESSONS[2].pages {
        key(&mut learn, KeyCode::Enter);
    }
    // Nim: exercises 1 to 3 (won? nim-sum, won?), then "find a winning move" in 3, 4, 5.
    keys(&mut learn, "n");
    key(&mut learn, KeyCode::Enter);
    keys(&mut learn, "0");
    key(&mut learn, KeyCode::Enter);
    key(&mut learn, KeyCode::Enter);
    keys(&mut learn, "n");
    key(&mut learn, KeyCode::Enter);
    let asked = screen(&learn, 80, 30);
    assert!(asked.contains("Find a winning move"), "{asked}");
    // The first move, take 1 from the heap of 3, leaves 2, 4, 5: nim-sum *3. The first
    // wrong answer gets a nudge that names no move; the second the reasons.
    key(&mut learn, KeyCode::Enter);
    let nudged = screen(&learn, 80, 30);
    assert!(nudged.contains("nim-sum of the other parts"), "{nudged}");
    assert!(!nudged.contains("not *0"), "{nudged}");
    key(&mut learn, KeyCode::Enter);
    let wrong = screen(&learn, 80, 30);
    assert!(wrong.contains("leaves nim-sum *3, not *0"), "{wrong}");
    assert!(
        wrong.contains("Here the nim-sum is *2 (10 in binary)"),
        "{wrong}"
    );
    key(&mut learn, KeyCode::Down);
    key(&mut learn, KeyCode::Enter);
    assert!(screen(&learn, 80, 30).contains("Right."));
}

#[test]
fn the_last_exercise_leads_to_the_game() {
    set_lang(Lang::En);
    let mut learn = Learn::new(&Store::disabled());
    learn.open(0);
    for _ in 0..LESSONS[0].pages {
        key(&mut learn, KeyCode::Enter);
    }
    for answer in ["y", "n", "y", "n"] {
        keys(&mut learn, answer);
        key(&mut learn, KeyCode::Enter);
    }
    // bash:3:6: the winning move takes 2, the second in the list.
    key(&mut learn, KeyCode::Down);
    key(&mut learn, KeyCode::Enter);
    key(&mut learn, KeyCode::Enter);
    assert_eq!(
        key(&mut learn, KeyCode::Enter),
        LearnEvent::Play {
            lesson: 0,
            code: LESSONS[0].game.to_string()
        }
    );
    learn.after_game(0, Some(false));
    assert!(!learn.is_done(0));
    assert!(screen(&learn, 80, 24).contains("The AI won this time"));
    learn.after_game(0, Some(true));
    assert!(learn.is_done(0));
    assert!(screen(&learn, 80, 24).contains("this lesson is done"));
    // A game left unfinished comes back to the game page without a verdict.
    learn.open(1);
    learn.after_game(1, None);
    let page = screen(&learn, 80, 24);
    assert!(
        page.contains("Now play it") && !page.contains("AI won"),
        "{page}"
    );
    assert!(!learn.is_done(1));
}

/// Every lesson, through the app: its pages, each exercise answered with the engine's answer
/// by keys, the final game started from its code (the learner to move), and back to the
/// lesson's game page when the game is left.
#[test]
fn every_lesson_leads_by_keys_to_its_game() {
    use grundy::learn::{self, Solution};
    use grundy::tui::PlayOptions;
    use grundy::tui::learn::LearnStart;

    set_lang(Lang::En);
    for (i, lesson) in LESSONS.iter().enumerate() {
        let options = PlayOptions {
            learn: Some(LearnStart::Lesson(i)),
            ..PlayOptions::default()
        };
        let mut h = crate::common::render::Harness::new(&options, 100, 40);
        for _ in 0..lesson.pages {
            h.enter();
        }
        for (n, exercise) in lesson.exercises.iter().enumerate() {
            let shown = h.screen();
            assert!(
                shown.contains(&format!("exercise {} of", n + 1)),
                "{}: {shown}",
                lesson.id
            );
            match learn::solve(exercise).unwrap() {
                Solution::Won(true) => {
                    h.keys("y");
                }
                Solution::Won(false) => {
                    h.keys("n");
                }
                Solution::Number(v) => {
                    h.keys(&v.to_u64().unwrap().to_string()).enter();
                }
                Solution::Moves(places) => {
                    for _ in 0..places[0] {
                        h.key(KeyCode::Down);
                    }
                    h.enter();
                }
                Solution::Outcome(o) => {
                    h.keys(match o {
                        learn::Outcome::Win => "w",
                        learn::Outcome::Lose => "l",
                        learn::Outcome::Draw => "d",
                    });
                }
                Solution::Score(s) => {
                    h.keys(&s.to_string()).enter();
                }
            }
            let answered = h.screen();
            assert!(answered.contains("Right."), "{}: {answered}", lesson.id);
            h.enter();
        }
        assert!(h.screen().contains("Now play it"), "{}", lesson.id);
        h.enter();
        assert!(h.screen().contains("Your move"), "{}", lesson.id);
        if lesson.game.starts_with("rules:") {
            // A rules file's game (the lesson beyond the SG theorem): Esc goes back.
            h.key(KeyCode::Esc);
        } else {
            assert!(h.app.in_game(), "{}: {}", lesson.id, h.screen());
            // n leaves the game (no move played: nothing to keep) for the lesson's game page.
            h.keys("n");
        }
        let back = h.screen();
        assert!(!h.app.in_game(), "{}: {back}", lesson.id);
        assert!(back.contains("Now play it"), "{}: {back}", lesson.id);
    }
}

/// Every lesson has its title and pages in every language (the locale test checks that every
/// language has every English key; this checks that the course's keys are among them).
#[test]
fn every_lesson_text_is_in_every_language() {
    for lang in Lang::ALL {
        for lesson in LESSONS {
            for key in std::iter::once(lesson.title_key()).chain(lesson.page_keys()) {
                let text = grundy::locale::text_in(lang, &key);
                assert!(
                    !text.starts_with(&format!("{}.", lang.code())),
                    "{} lacks {key}",
                    lang.code()
                );
            }
        }
    }
}

/// A lesson's game left unfinished is not kept for the menu's Resume (resumed from there it
/// would no longer count for the lesson), and the question before leaving says so.
#[test]
fn a_lesson_game_left_unfinished_is_not_kept() {
    use grundy::tui::PlayOptions;
    use grundy::tui::learn::LearnStart;

    set_lang(Lang::En);
    let home = crate::common::render::StoreHome::new();
    let options = PlayOptions {
        learn: Some(LearnStart::Lesson(0)),
        ..PlayOptions::default()
    };
    let mut h = home.harness(&options, 100, 40);
    for _ in 0..LESSONS[0].pages {
        h.enter();
    }
    for answer in ["y", "n", "y", "n"] {
        h.keys(answer).enter();
    }
    h.key(KeyCode::Down).enter().enter();
    h.enter();
    assert!(h.app.in_game());
    // One move (the heap's first listed take), then leave.
    h.enter().enter();
    h.keys("n");
    let asked = h.screen();
    assert!(asked.contains("moves of this game are lost"), "{asked}");
    h.keys("y");
    assert!(h.screen().contains("Now play it"));
    let unfinished = home.store().unfinished_dir().unwrap();
    let kept = std::fs::read_dir(&unfinished).map_or(0, |d| d.count());
    assert_eq!(kept, 0, "nothing in {}", unfinished.display());
}

/// The menu's Learn entry opens the lessons, and Esc comes back to it.
#[test]
fn the_menu_learn_entry_opens_the_lessons_and_esc_comes_back() {
    use grundy::tui::PlayOptions;

    set_lang(Lang::En);
    let mut h = crate::common::render::Harness::new(&PlayOptions::default(), 80, 24);
    // Up from the first game wraps to the Learn entry, the last one.
    h.key(KeyCode::Up);
    assert!(h.screen().contains("▶ Learn"), "{}", h.screen());
    h.enter();
    let list = h.screen();
    let done = format!("0 of {} lessons done", LESSONS.len());
    assert!(list.contains(&done), "{list}");
    h.key(KeyCode::Esc);
    let menu = h.screen();
    assert!(
        menu.contains("▶ Learn") && menu.contains("Choose a game"),
        "{menu}"
    );
    // Down from the last game reaches it too.
    h.key(KeyCode::Up).key(KeyCode::Down);
    assert!(h.screen().contains("▶ Learn"));
}

/// E&D's first exercise, answered wrong: the mex of the options, then the lesson's rule with
/// the pair's numbers.
#[test]
fn a_wrong_value_shows_the_lessons_formula_too() {
    set_lang(Lang::En);
    let ed = LESSONS.iter().position(|l| l.id == "ed").unwrap();
    let mut learn = Learn::new(&Store::disabled());
    learn.open(ed);
    for _ in 0..LESSONS[ed].pages {
        key(&mut learn, KeyCode::Enter);
    }
    keys(&mut learn, "5");
    key(&mut learn, KeyCode::Enter);
    keys(&mut learn, "5");
    key(&mut learn, KeyCode::Enter);
    // The text as one line: the wrapping may fall anywhere.
    let wrong: String = screen(&learn, 100, 30)
        .replace('│', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(wrong.contains("the mex, is *2"), "{wrong}");
    assert!(wrong.contains("= 1 | 2 = 011"), "{wrong}");
    assert!(
        wrong.contains("lowest 0 bit is at position 2: *2"),
        "{wrong}"
    );
}

/// A lesson left half-way resumes at its first exercise not solved, in another Learn screen
/// on the same data directory (another run of grundy); its final game can be skipped, which
/// marks it "game not won" in the list and in learn.toml, and played again later, which
/// marks it done.
#[test]
fn a_lesson_left_half_way_resumes_and_its_game_can_be_skipped() {
    use grundy::learn::progress::{self, Progress};

    set_lang(Lang::En);
    let dir = tempfile::tempdir().unwrap();
    let store = Store::at(dir.path().join("config"), dir.path().join("data"));
    let mut learn = Learn::new(&store);
    learn.open(0);
    for _ in 0..LESSONS[0].pages {
        key(&mut learn, KeyCode::Enter);
    }
    // bash:3:2 won, bash:3:4 lost: two exercises solved, then the learner leaves.
    for answer in ["y", "n"] {
        keys(&mut learn, answer);
        key(&mut learn, KeyCode::Enter);
    }
    assert!(screen(&learn, 80, 24).contains("exercise 3 of 5"));
    key(&mut learn, KeyCode::Esc);
    let path = progress::path(&store).unwrap();
    assert_eq!(
        Progress::load(&path).progress.solved("positions"),
        [0, 1].into()
    );

    let mut learn = Learn::new(&store);
    let list = screen(&learn, 80, 24);
    assert!(list.contains("2/5"), "{list}");
    learn.open(0);
    let resumed = screen(&learn, 80, 24);
    assert!(resumed.contains("exercise 3 of 5"), "{resumed}");
    assert!(resumed.contains("Resumed where you left off"), "{resumed}");
    assert!(resumed.contains("Position: bash:3:7"), "{resumed}");
    // bash:3:7 won, bash:3:8 lost, then from 6 the winning move takes 2 (the second).
    for answer in ["y", "n"] {
        keys(&mut learn, answer);
        key(&mut learn, KeyCode::Enter);
    }
    key(&mut learn, KeyCode::Down);
    key(&mut learn, KeyCode::Enter);
    key(&mut learn, KeyCode::Enter);
    let game = screen(&learn, 80, 24);
    assert!(
        game.contains("Now play it") && game.contains("s skip"),
        "{game}"
    );
    key(&mut learn, KeyCode::Char('s'));
    let list = screen(&learn, 80, 24);
    assert!(list.contains("game not won"), "{list}");
    assert!(!learn.is_done(0));
    let kept = Progress::load(&path).progress;
    assert!(kept.is_game_not_won("positions"), "{kept:?}");
    assert_eq!(kept.solved("positions").len(), 5);

    // Opened again: straight to the game, which is played and won this time.
    let mut learn = Learn::new(&store);
    learn.open(0);
    assert!(screen(&learn, 80, 24).contains("Now play it"));
    assert_eq!(
        key(&mut learn, KeyCode::Enter),
        LearnEvent::Play {
            lesson: 0,
            code: LESSONS[0].game.to_string()
        }
    );
    learn.after_game(0, Some(true));
    assert!(learn.is_done(0));
    let list = screen(&learn, 80, 24);
    assert!(!list.contains("game not won"), "{list}");
    let kept = Progress::load(&path).progress;
    assert!(kept.is_done("positions") && !kept.is_game_not_won("positions"));
    // A lesson done opens at its first page, to read again.
    learn.open(0);
    assert!(screen(&learn, 80, 24).contains("page 1 of 3"));
}

/// The box at the end of a lesson's game is in the reader's language, both scripts: its title,
/// who won and why, and keys that say Enter goes back to the lesson (not a new game); no
/// English word on the screen.
#[test]
fn the_lessons_game_over_box_is_in_the_readers_language() {
    use grundy::tui::PlayOptions;
    use grundy::tui::learn::LearnStart;

    for lang in [Lang::ZhCn, Lang::ZhTw] {
        set_lang(lang);
        let options = PlayOptions {
            learn: Some(LearnStart::Lesson(0)),
            ..PlayOptions::default()
        };
        let mut h = crate::common::render::Harness::new(&options, 100, 40);
        for _ in 0..LESSONS[0].pages {
            h.enter();
        }
        for answer in ["y", "n", "y", "n"] {
            h.keys(answer).enter();
        }
        h.key(KeyCode::Down).enter().enter();
        h.enter();
        assert!(h.app.in_game(), "{}", h.screen());
        let title = grundy::locale::text("game.over.title").into_owned();
        // The heap's first listed take (Enter opens the list, Enter plays), until the game is
        // over: checked after every key, as Enter on the box goes back to the lesson.
        // (The screen read as a terminal shows it: the test backend keeps stale cells under
        // the right half of a wide character.)
        for _ in 0..80 {
            if crate::i18n::text(&crate::i18n::frame(&mut h)).contains(title.trim()) {
                break;
            }
            h.enter();
        }
        let buffer = crate::i18n::frame(&mut h);
        let screen = crate::i18n::text(&buffer);
        assert!(screen.contains(title.trim()), "{}: {screen}", lang.code());
        let back = grundy::locale::text("review.keys_lesson");
        let back = back.split(" · ").next().unwrap().replace("%{new}", "n");
        assert!(
            screen.contains(&back),
            "{}: {back:?} not in\n{screen}",
            lang.code()
        );
        let english = crate::i18n::english_words(&screen);
        assert!(english.is_empty(), "{}: {english:?}\n{screen}", lang.code());
    }
}
