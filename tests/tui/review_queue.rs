//! Practice → Review (src/tui/review_queue.rs) on ratatui's `TestBackend`, on a fake clock:
//! a blunder's position asked again without telling who wins (hints off), answered right and
//! wrong by keys (the right move worked out from the rules of Nim here), the item pushed out or
//! brought back; the screens at 80×24 and 120×40 in English, 简体中文 and 繁體中文; and the
//! app's Practice page opening the review with the count due.

use chrono::{DateTime, Duration, TimeZone, Utc};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use grundy::drill::DrillKind;
use grundy::locale::{Lang, set_lang};
use grundy::review::{Clock, FakeClock, Item, Source};
use grundy::store::drills::Drills;
use grundy::store::review::Reviews;
use grundy::theme::Theme;
use grundy::tui::keymap;
use grundy::tui::review_queue::ReviewQueue;
use grundy::tui::theme::Theme as Colours;

fn start() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 26, 12, 0, 0).unwrap()
}

/// A clock the queue owns, at the same time as `start()` moved on by `minutes`.
fn clock_after(minutes: i64) -> Box<dyn Clock> {
    let clock = FakeClock::at(start());
    clock.advance(Duration::minutes(minutes));
    Box::new(clock)
}

fn press(q: &mut ReviewQueue, code: KeyCode) {
    let key = KeyEvent::new(code, KeyModifiers::NONE);
    q.handle_key(key, keymap::action(&key, true));
}

fn screen(q: &ReviewQueue, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|f| q.draw(f.area(), f.buffer_mut(), &Colours::plain()))
        .unwrap();
    crate::common::render::buffer_text(terminal.backend().buffer())
}

/// A blunder in nim:3,5 (heap 1: take 1, where heap 2: take 2 kept the win), made at the
/// start, and a missed part-value drill made a minute later.
fn queue() -> Reviews {
    let mut blunder = Item::new(
        "nim:3,5",
        DrillKind::WinningMove,
        None,
        Source::Game,
        start(),
    )
    .expect("a short code");
    blunder.played = Some("heap 1: take 1 (3 → 2)".into());
    blunder.kept = vec!["heap 2: take 2 (5 → 3)".into()];
    let later = start() + Duration::minutes(1);
    let drill = Item::new(
        "kayles:4,2",
        DrillKind::PartValue,
        Some("1".into()),
        Source::Drill,
        later,
    )
    .unwrap();
    let mut reviews = Reviews::default();
    reviews.add(blunder, start());
    reviews.add(drill, later);
    reviews
}

/// The index in the move list of nim:3,5 of a move that keeps the win (right) or not: the
/// list is heap 1's moves (take 1..=3) then heap 2's (take 1..=5); a move wins when the two
/// heaps are left equal.
fn nim_3_5_move(right: bool) -> usize {
    let moves: Vec<(u64, u64)> = (1..=3)
        .map(|t| (3 - t, 5))
        .chain((1..=5).map(|t| (3, 5 - t)))
        .collect();
    moves.iter().position(|(a, b)| (a == b) == right).unwrap()
}

#[test]
fn hints_off_the_blunder_is_asked_without_telling_who_wins() {
    set_lang(Lang::En);
    let q = ReviewQueue::of(queue(), false, clock_after(5));
    assert_eq!(q.due(), 2);
    assert_eq!(q.item().unwrap().code, "nim:3,5", "the longest due first");
    let shown = screen(&q, 80, 24);
    assert!(shown.contains("Your move: choose one."), "{shown}");
    for told in ["winning", "won", "blunder", "you played", "From your game"] {
        assert!(
            !shown.contains(told),
            "{told:?} before the answer:\n{shown}"
        );
    }
    let hinted = screen(&ReviewQueue::of(queue(), true, clock_after(5)), 80, 24);
    assert!(hinted.contains("Find a winning move"), "{hinted}");
    assert!(hinted.contains("you played heap 1: take 1"), "{hinted}");
}

#[test]
fn a_right_answer_pushes_the_item_out_and_a_wrong_one_brings_it_back_soon() {
    set_lang(Lang::En);
    let mut q = ReviewQueue::of(queue(), false, clock_after(5));
    for _ in 0..nim_3_5_move(true) {
        press(&mut q, KeyCode::Down);
    }
    press(&mut q, KeyCode::Enter);
    assert!(q.verdict().unwrap().right);
    let shown = screen(&q, 80, 24);
    assert!(shown.contains("Right!"), "{shown}");
    assert!(shown.contains("you played heap 1: take 1"), "{shown}");
    assert!(shown.contains("Back for review in 10 min."), "{shown}");
    let key = q.item().unwrap().key();
    let pushed = q.reviews().get(&key).unwrap().schedule.due;
    assert_eq!(pushed, start() + Duration::minutes(15));
    // The part-value drill next: a Kayles row of 4 is *1 (one pin off leaves 3 or 1+2, two
    // leave 2 or 1+1: G(4) = mex{3, 1⊕2, 2, 1⊕1} = mex{3, 3, 2, 0} = 1), answered *2.
    press(&mut q, KeyCode::Enter);
    assert_eq!(q.item().unwrap().code, "kayles:4,2");
    press(&mut q, KeyCode::Char('2'));
    press(&mut q, KeyCode::Enter);
    assert!(!q.verdict().unwrap().right);
    let key = q.item().unwrap().key();
    let back = q.reviews().get(&key).unwrap().schedule.due;
    assert!(back - (start() + Duration::minutes(5)) <= Duration::minutes(10));
    assert!(back < pushed, "the miss comes back before the right answer");
    press(&mut q, KeyCode::Enter);
    assert!(q.item().is_none(), "nothing more is due");
    assert!(screen(&q, 80, 24).contains("Nothing to review now."));
}

#[test]
fn a_wrong_move_brings_the_blunder_back() {
    set_lang(Lang::En);
    let mut q = ReviewQueue::of(queue(), true, clock_after(5));
    for _ in 0..nim_3_5_move(false) {
        press(&mut q, KeyCode::Down);
    }
    press(&mut q, KeyCode::Enter);
    assert!(!q.verdict().unwrap().right);
    let shown = screen(&q, 100, 30);
    assert!(
        shown.contains("The winning move: heap 2: take 2"),
        "{shown}"
    );
    let item = q.reviews().get(&q.item().unwrap().key()).unwrap();
    assert!(item.schedule.due <= start() + Duration::minutes(10));
    // Due again once the clock has come to it.
    let again = ReviewQueue::of(q.reviews().clone(), true, clock_after(60));
    assert_eq!(again.due(), 2);
}

/// An answered item counts under its theme in the practice records (drills.toml), as a
/// drill's answer does: the blunder in Nim under Nim's nim-sum, the missed Kayles value under
/// splitting. The ratings stay the drills' own.
#[test]
fn answers_count_under_their_themes_in_the_practice_records() {
    set_lang(Lang::En);
    let dir = tempfile::tempdir().unwrap();
    let review = dir.path().join("review.toml");
    let drills = dir.path().join("drills.toml");
    std::fs::write(&review, queue().to_toml()).unwrap();
    let mut q = ReviewQueue::with_clock(Some(review), None, false, clock_after(5))
        .with_drills(Some(drills.clone()));
    for _ in 0..nim_3_5_move(true) {
        press(&mut q, KeyCode::Down);
    }
    press(&mut q, KeyCode::Enter);
    assert!(q.verdict().unwrap().right);
    press(&mut q, KeyCode::Enter);
    press(&mut q, KeyCode::Char('2'));
    press(&mut q, KeyCode::Enter);
    assert!(!q.verdict().unwrap().right);
    let records = Drills::load(&drills);
    assert_eq!(records.problem, None);
    let rows = records.drills.theme_rows();
    let tally = |game: &str, kind| {
        rows.iter()
            .find(|(t, _)| *t == Theme::of(game, kind))
            .map(|(_, tally)| (tally.tried, tally.solved))
    };
    assert_eq!(tally("nim", DrillKind::WinningMove), Some((1, 1)));
    assert_eq!(tally("kayles", DrillKind::PartValue), Some((1, 0)));
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert!(records.drills.ratings.is_empty(), "not rated");
}

/// A blunder taken back with `t` is queued when it is taken back (the statistics count it as
/// well); played again, taken back again and the game then won, it is still one item, never
/// missed twice over.
#[test]
fn a_blunder_taken_back_is_queued_once() {
    set_lang(Lang::En);
    let home = crate::common::render::StoreHome::new();
    let path = home.store().review_path().unwrap();
    // nim:3,5 is won by taking 2 from heap 2; heap 1: take 1 (the first move listed) hands
    // the win over.
    let mut h = home.harness(&crate::common::render::options("nim:3,5"), 120, 40);
    h.enter().enter();
    assert!(h.screen().contains("move 3"), "{}", h.screen());
    h.keys("t");
    assert!(h.screen().contains("Back before move 1"), "{}", h.screen());
    let queued = Reviews::load(&path).reviews;
    assert_eq!(queued.items.len(), 1, "{queued:?}");
    let item = &queued.items[0];
    assert_eq!((item.code.as_str(), item.source), ("nim:3,5", Source::Game));
    assert!(item.played.is_some());
    assert_eq!(item.kept.len(), 1, "one move keeps the win: heap 2 to 3");
    // The same blunder again, taken back again, then the game won.
    h.enter().enter();
    assert!(h.screen().contains("move 3"), "{}", h.screen());
    h.keys("t");
    for _ in 0..20 {
        if h.screen().contains("You win") {
            break;
        }
        h.keys("www").enter();
    }
    assert!(h.screen().contains("You win"), "{}", h.screen());
    h.key(KeyCode::Esc);
    let queued = Reviews::load(&path).reviews;
    assert_eq!(queued.items.len(), 1, "{queued:?}");
    assert_eq!(queued.items[0].schedule.reps, 0, "never rated a miss again");
}

/// The screens a player meets, in every language and at both sizes, hints off: the question,
/// the answer with its why-view, and the empty queue. No English on the Chinese ones.
#[test]
fn review_screens_in_every_language_at_both_sizes() {
    for (lang, name) in [
        (Lang::En, "en"),
        (Lang::ZhCn, "zh_cn"),
        (Lang::ZhTw, "zh_tw"),
    ] {
        set_lang(lang);
        for (width, height) in [(80, 24), (120, 40)] {
            let size = format!("{width}x{height}");
            let mut q = ReviewQueue::of(queue(), false, clock_after(5));
            let asked = screen(&q, width, height);
            for _ in 0..nim_3_5_move(false) {
                press(&mut q, KeyCode::Down);
            }
            press(&mut q, KeyCode::Enter);
            let answered = screen(&q, width, height);
            let empty = screen(
                &ReviewQueue::of(queue(), false, clock_after(-60)),
                width,
                height,
            );
            if lang != Lang::En {
                for shown in [&asked, &answered, &empty] {
                    let english = crate::i18n::english_words(shown);
                    assert!(english.is_empty(), "{english:?} on\n{shown}");
                }
            }
            insta::assert_snapshot!(format!("review_asked_{name}_{size}"), asked);
            insta::assert_snapshot!(format!("review_answered_{name}_{size}"), answered);
            insta::assert_snapshot!(format!("review_empty_{name}_{size}"), empty);
        }
    }
    set_lang(Lang::En);
}

/// Practice's page shows Review with the count due; choosing it opens the queue kept in the
/// data directory; Esc goes back to Practice.
#[test]
fn practice_opens_the_review_with_the_count_due() {
    set_lang(Lang::En);
    let home = crate::common::render::StoreHome::new();
    let path = home.store().review_path().unwrap();
    let now = Utc::now();
    let item = Item::new("nim:3,5", DrillKind::WinningMove, None, Source::Game, now).unwrap();
    Reviews::add_to_file(&path, vec![item], now).unwrap();
    let mut h = home.harness(&grundy::tui::PlayOptions::default(), 100, 30);
    h.keys("d");
    assert!(h.screen().contains("Review: 1 due"), "{}", h.screen());
    h.key(KeyCode::Down).enter();
    let shown = h.screen();
    assert!(shown.contains("1 due"), "{shown}");
    assert!(shown.contains("code: nim:3,5"), "{shown}");
    h.key(KeyCode::Esc);
    assert!(h.screen().contains("Review: 1 due"), "{}", h.screen());
}

/// A missed drill in Practice and a wrong answer to a lesson's exercise each become an item of
/// the queue in the data directory, due at once, with their source; a right answer adds none.
#[test]
fn a_missed_drill_and_a_wrong_lesson_answer_are_queued() {
    use grundy::learn::{Ask, LESSONS};
    use grundy::tui::learn::Learn;
    use grundy::tui::practice::Practice;
    set_lang(Lang::En);
    let home = crate::common::render::StoreHome::new();
    let store = home.store();
    let path = store.review_path().unwrap();
    let mut p = Practice::new(store.drills_path(), Some("nim"), 3).with_review(Some(path.clone()));
    p.ask_kind("nim", DrillKind::WonOrLost);
    let code = p.drill().unwrap().code.clone();
    // Won for the player to move exactly when the heaps' XOR is not 0 (Nim's rule, proved by
    // Bouton): the wrong answer is the other one.
    let heaps: Vec<u64> = code["nim:".len()..]
        .split(',')
        .map(|h| h.parse().unwrap())
        .collect();
    let won = heaps.iter().fold(0, |a, b| a ^ b) != 0;
    let key = KeyEvent::new(
        KeyCode::Char(if won { 'x' } else { 'w' }),
        KeyModifiers::NONE,
    );
    p.handle_key(key, keymap::action(&key, true));
    // The first wrong answer gets a nudge (no verdict yet) and is queued; the second, the
    // verdict, and nothing more in the queue.
    assert!(p.verdict().is_none());
    p.handle_key(key, keymap::action(&key, true));
    assert!(!p.verdict().unwrap().right);
    let queued = Reviews::load(&path).reviews;
    assert_eq!(queued.items.len(), 1);
    assert_eq!(queued.items[0].code, code);
    assert_eq!(queued.items[0].source, Source::Drill);
    assert_eq!(queued.items[0].kind, DrillKind::WonOrLost);
    assert!(queued.items[0].is_due(Utc::now()));

    // Lesson 4's first exercise asks a heap's value; 3 is wrong (see tests/tui/learn.rs).
    let lesson = &LESSONS[3];
    let Ask::Value { part } = lesson.exercises[0].ask else {
        panic!("lesson 4 starts with a value");
    };
    let mut learn = Learn::new(&store);
    learn.open(3);
    for _ in 0..lesson.pages {
        learn.handle_key(KeyEvent::from(KeyCode::Enter));
    }
    learn.handle_key(KeyEvent::from(KeyCode::Char('3')));
    learn.handle_key(KeyEvent::from(KeyCode::Enter));
    let queued = Reviews::load(&path).reviews;
    assert_eq!(queued.items.len(), 2, "{queued:?}");
    let item = &queued.items[1];
    assert_eq!(item.code, lesson.exercises[0].code);
    assert_eq!(
        (item.kind, item.part.as_deref()),
        (DrillKind::PartValue, Some(part))
    );
    assert_eq!(item.source, Source::Lesson);
    assert!(item.drill().is_some(), "asked again as a part-value drill");
}

/// A won-or-lost item answered wrong says why, on the board it asked about, and names the
/// game: the source line, the heaps drawn again, the verdict and the parts' values with their
/// nim-sum (1 ⊕ 2 ⊕ 4 = 7, worked out here from Nim's rule, SG(x) = x).
#[test]
fn a_wrong_won_or_lost_answer_shows_the_board_the_game_and_the_nim_sum() {
    set_lang(Lang::En);
    let mut reviews = Reviews::default();
    let item = Item::new(
        "nim:1,2,4",
        DrillKind::WonOrLost,
        None,
        Source::Drill,
        start(),
    )
    .expect("a short code");
    reviews.add(item, start());
    let mut q = ReviewQueue::of(reviews, true, clock_after(10));
    let asked = screen(&q, 120, 40);
    press(&mut q, KeyCode::Char('x'));
    assert!(!q.verdict().expect("answered").right);
    let answered = screen(&q, 120, 40);
    assert!(answered.contains("Nim"), "{answered}");
    // The board of the question, drawn again above the reason.
    let board: Vec<&str> = asked
        .lines()
        .filter(|l| l.contains('●') || l.contains("heap"))
        .collect();
    assert!(!board.is_empty(), "{asked}");
    for line in board.iter().take(3) {
        assert!(
            answered.contains(line.trim_matches('│').trim()),
            "{line}\n{answered}"
        );
    }
    assert!(answered.contains("*7"), "the nim-sum:\n{answered}");
    for heap in ["*1", "*2", "*4"] {
        assert!(answered.contains(heap), "{heap}:\n{answered}");
    }
}
