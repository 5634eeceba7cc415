//! The lesson "when the SG theorem does not apply": its exercises on rules files (a non-sum,
//! a scoring game, a draw) in every language at 80×24 and 120×40 (snapshots, no English on the
//! Chinese screens but the files' names and the contests'), each position opened from its
//! rules file with o and played against the AI, Esc back to the exercise; the final game, a
//! rules file too, opened from the game page.

use crossterm::event::KeyCode;
use grundy::learn::LESSONS;
use grundy::locale::{self, Lang};
use grundy::rules::examples::EXAMPLES;
use grundy::tui::PlayOptions;
use grundy::tui::learn::LearnStart;

use crate::common::render::Harness;
use crate::i18n::{check_widths, english_words, frame, text};

/// Names that stay Latin: the games' names as the problems give them, the contests' names,
/// Rhai and its `fn` (the lesson's pages and the exercises' titles).
const LATIN: &[&str] = &["CSES", "AGC", "AtCoder", "DP", "Rhai", "rules", "minimax"];

/// A scene: its name and the keys that lead to it from the one before.
type Scene = (&'static str, fn(&mut Harness));

fn lesson() -> usize {
    LESSONS.iter().position(|l| l.id == "beyond").unwrap()
}

/// The lesson opened, its pages read: the first exercise.
fn first_exercise(width: u16, height: u16) -> Harness {
    let options = PlayOptions {
        learn: Some(LearnStart::Lesson(lesson())),
        ..PlayOptions::default()
    };
    let mut h = Harness::new(&options, width, height);
    for _ in 0..LESSONS[lesson()].pages {
        h.enter();
    }
    h
}

fn scan(screen: &str) -> Vec<String> {
    let mut screen = screen.to_string();
    for example in EXAMPLES {
        screen = screen.replace(example.file, "");
    }
    english_words(&screen)
        .into_iter()
        .filter(|w| !LATIN.contains(&w.as_str()))
        .collect()
}

#[test]
fn the_exercises_in_every_language() {
    let mut english = Vec::new();
    for lang in Lang::ALL {
        locale::set_lang(lang);
        for (width, height) in [(80, 24), (120, 40)] {
            let mut h = first_exercise(width, height);
            // The first page of the lesson, the non-sum answered, the score asked.
            let scenes: [Scene; 3] = [
                ("asked", |_| {}),
                ("answered", |h| {
                    h.keys("w");
                }),
                ("score", |h| {
                    // A wrong score twice: a nudge first, then the explanation.
                    h.enter().keys("l").enter().keys("5").enter();
                    h.keys("5").enter();
                }),
            ];
            for (name, keys) in scenes {
                keys(&mut h);
                let buffer = frame(&mut h);
                let what = format!("{} {name} {width}x{height}", lang.code());
                check_widths(&buffer, &what);
                let screen = text(&buffer);
                if lang != Lang::En {
                    english.extend(scan(&screen).into_iter().map(|w| format!("{what}: {w}")));
                }
                insta::assert_snapshot!(
                    format!("{}_beyond_{name}_{width}x{height}", lang.code()),
                    screen
                );
            }
        }
    }
    locale::set_lang(Lang::En);
    assert!(
        english.is_empty(),
        "English on Chinese screens:\n{}",
        english.join("\n")
    );
}

/// o on an exercise plays its position from its rules file against the AI; a move is played
/// and answered; Esc comes back to the exercise as it was.
#[test]
fn an_exercise_is_opened_from_its_rules_file() {
    locale::set_lang(Lang::En);
    let mut h = first_exercise(100, 30);
    h.keys("w");
    assert!(h.screen().contains("Right."), "{}", h.screen());
    h.keys("o");
    let screen = h.screen();
    assert!(screen.contains("Another Game (CSES 2208)"), "{screen}");
    assert!(screen.contains("heap 3: ooo (3)"), "{screen}");
    h.enter();
    assert!(h.screen().contains("AI: "), "{}", h.screen());
    h.key(KeyCode::Esc);
    let screen = h.screen();
    assert!(screen.contains("exercise 1 of 5"), "{screen}");
    assert!(screen.contains("Right."), "{screen}");
    // The draw: the graph with cycles from vertex 0, opened before it is answered.
    h.enter().keys("l").enter().keys("10").enter().enter();
    assert!(
        h.screen().contains("graph-cycles.rhai: 0"),
        "{}",
        h.screen()
    );
    h.keys("o");
    assert!(h.screen().contains("* 0 -> [1, 2]"), "{}", h.screen());
    h.key(KeyCode::Esc);
    assert!(h.screen().contains("exercise 4 of 5"), "{}", h.screen());
}

/// The final game is a rules file's: Enter on the game page opens it, Esc leaves it unfinished
/// and the game page comes back.
#[test]
fn the_final_game_is_played_from_its_rules_file() {
    locale::set_lang(Lang::En);
    let mut h = first_exercise(100, 30);
    h.keys("w")
        .enter()
        .keys("l")
        .enter()
        .keys("10")
        .enter()
        .enter();
    h.keys("d").enter().keys("w").enter();
    let page = h.screen();
    assert!(page.contains("cses2208.rhai: [2, 3, 4]"), "{page}");
    h.enter();
    let game = h.screen();
    assert!(game.contains("Another Game (CSES 2208)"), "{game}");
    assert!(game.contains("Your move"), "{game}");
    h.key(KeyCode::Esc);
    assert!(
        h.screen().contains("cses2208.rhai: [2, 3, 4]"),
        "{}",
        h.screen()
    );
}
