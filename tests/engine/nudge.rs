//! Nudges (src/nudge.rs): the hint after a first wrong answer in a lesson or a drill names the
//! next step and never the answer. Checked three ways: a won/lost nudge is the same for a won
//! and a lost position of the same shape (so it cannot tell which), a value's nudge does not
//! hold the value, a move's nudge holds no winning move; in every language. And a lost
//! position's explanation: every part's value and the nim-sum 0.

use rand::SeedableRng;
use rand_chacha::ChaCha12Rng;

use grundy::drill::{self, Answer, DrillKind, Expected, check, generate};
use grundy::game::{Impartial, Notation, Position};
use grundy::games::{AnyPosition, with_position};
use grundy::learn::{self, LESSONS, Solution};
use grundy::locale::nudge::nudge_words;
use grundy::locale::why::sum_lines;
use grundy::locale::{Lang, Words, set_lang};
use grundy::nimber::Nimber;
use grundy::nudge::{Asked, Nudge, nudge};
use grundy::puzzles;

const LANGS: [Lang; 3] = [Lang::En, Lang::ZhCn, Lang::ZhTw];

/// Every winning move of `code`, in words, in this thread's language.
fn winning_words(code: &str) -> Vec<String> {
    let p = AnyPosition::from_code(code).unwrap();
    with_position!(&p, p => p
        .legal_moves()
        .into_iter()
        .filter(|mv| p.move_wins(mv))
        .map(|mv| p.describe_move(&mv).words())
        .collect())
}

/// Whether the player to move wins `position`, by a search over the moves (no values).
fn wins_by_search<P: Impartial>(p: &P) -> bool {
    p.legal_moves()
        .iter()
        .any(|mv| !wins_by_search(&p.play_unchecked(mv)))
}

#[test]
fn a_won_or_lost_nudge_is_the_same_for_won_and_lost_positions() {
    // Nim with three heaps: the won and the lost ones get one nudge.
    let mut seen = Vec::new();
    for a in 1..=5u64 {
        for b in 1..=5 {
            for c in 1..=5 {
                let p = AnyPosition::from_code(&format!("nim:{a},{b},{c}")).unwrap();
                with_position!(&p, p => {
                    let won = wins_by_search(p);
                    seen.push((won, nudge(p, Asked::Won, true)));
                });
            }
        }
    }
    assert!(seen.iter().any(|(won, _)| *won) && seen.iter().any(|(won, _)| !*won));
    assert!(
        seen.iter()
            .all(|(_, n)| *n == Nudge::NimSumOfAll { parts: 3 })
    );
    // Before values are taught (Bash, take 1 to 3): only the number of moves, 3 from 3 up.
    for n in 3..=20u64 {
        let p = AnyPosition::from_code(&format!("bash:3:{n}")).unwrap();
        let nudged = with_position!(&p, p => nudge(p, Asked::Won, false));
        assert_eq!(
            nudged,
            Nudge::MoveToLost {
                moves: 3,
                asks_move: false
            },
            "bash:3:{n}"
        );
    }
}

#[test]
fn no_lesson_nudge_gives_the_answer() {
    for lesson in LESSONS {
        for exercise in lesson.exercises {
            let nudged = learn::nudge(exercise, lesson.values_taught)
                .unwrap_or_else(|e| panic!("{}: {e}", exercise.code));
            let solution = learn::solve(exercise).unwrap();
            for lang in LANGS {
                set_lang(lang);
                let words = nudge_words(&nudged);
                assert!(!words.is_empty() && !words.contains("%{"), "{words}");
                match &solution {
                    Solution::Number(v) if !learn::is_table(exercise.ask) => {
                        assert!(
                            !words.contains(&format!("*{}", v.short())),
                            "{}: {words}",
                            exercise.code
                        );
                    }
                    Solution::Moves(_) => {
                        for mv in winning_words(exercise.code) {
                            assert!(!words.contains(&mv), "{}: {words}", exercise.code);
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    set_lang(Lang::En);
}

#[test]
fn no_drill_nudge_gives_the_answer() {
    let mut rng = ChaCha12Rng::seed_from_u64(28);
    for game in puzzles::games() {
        for kind in DrillKind::ALL {
            for difficulty in [2, 4] {
                let Ok(d) = generate(game, kind, difficulty, &mut rng) else {
                    // A game decided by its own rule has no part to ask the value of.
                    assert_eq!(kind, DrillKind::PartValue, "{game}");
                    continue;
                };
                let nudged = drill::nudge(&d);
                let verdict = check(&d, &Answer::Won(true));
                for lang in LANGS {
                    set_lang(lang);
                    let words = nudge_words(&nudged);
                    match &verdict.expected {
                        Expected::Value(v) => {
                            assert!(!words.contains(&format!("*{}", v.short())), "{words}")
                        }
                        Expected::Positions(_) => {
                            for mv in winning_words(&d.code) {
                                assert!(!words.contains(&mv), "{}: {words}", d.code);
                            }
                        }
                        Expected::Won(_) => assert!(
                            !matches!(nudged, Nudge::ListOptions { .. }),
                            "{}: {nudged:?}",
                            d.code
                        ),
                    }
                }
            }
        }
    }
    set_lang(Lang::En);
}

#[test]
fn a_value_nudge_names_the_part_and_counts_its_options() {
    set_lang(Lang::En);
    let p = AnyPosition::from_code("subtraction:1,3,4:5").unwrap();
    let nudged = with_position!(&p, p => nudge(p, Asked::Value(p.parts()[0].0), true));
    // From 5: take 1, 3 or 4.
    assert!(
        matches!(nudged, Nudge::ListOptions { options: 3, .. }),
        "{nudged:?}"
    );
    let words = nudge_words(&nudged);
    assert!(
        words.contains("heap 1 (5)") && words.contains("3 of them"),
        "{words}"
    );
    assert!(words.contains("mex"), "{words}");
}

#[test]
fn a_lost_position_is_explained_by_every_part_and_the_nim_sum_0() {
    set_lang(Lang::En);
    let d = drill::Drill {
        kind: DrillKind::WonOrLost,
        code: "nim:3,5,6".to_string(),
        part: None,
        difficulty: 3,
    };
    let verdict = check(&d, &Answer::Won(true));
    assert!(!verdict.right && verdict.why.is_none());
    let sum = verdict.sum.expect("a lost position's parts and nim-sum");
    assert_eq!(sum.nim_sum, Nimber::ZERO);
    let values: Vec<Nimber> = sum.parts.iter().map(|(_, v)| *v).collect();
    assert_eq!(values, [3, 5, 6].map(Nimber::new));
    for lang in LANGS {
        set_lang(lang);
        let lines = sum_lines(&sum);
        let text = lines.join("\n");
        for v in ["*3", "*5", "*6", "*0", "011", "101", "110", "000"] {
            assert!(text.contains(v), "{v}: {text}");
        }
        assert!(!text.contains("No part"), "{text}");
    }
    set_lang(Lang::En);
    // Kayles rows are named as rows of pins.
    let d = drill::Drill {
        code: "kayles:1,1".to_string(),
        ..d
    };
    let sum = check(&d, &Answer::Won(true)).sum.unwrap();
    assert!(sum_lines(&sum).join("\n").contains("row 2 (1 pins)"));
}
