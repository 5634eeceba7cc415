//! Names from codes: for every game family, with random parameters, the name a screen shows
//! for a position (a drill's heading and rating, the review queue, a sum's component in
//! `analyze` and on the board) names that code's own parameters, in every language, and a
//! family known only by its name is named without any (a record of games played cannot say
//! which Bash it was).

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use grundy::game::{Notation, Position};
use grundy::games::AnyPosition;
use grundy::lang::Lang;
use grundy::locale::{Words, game_title_in, position_title_in};

const LANGS: [Lang; 3] = [Lang::En, Lang::ZhCn, Lang::ZhTw];

/// A random rule of each family with parameters, as its code writes it, and the numbers the
/// name must show.
fn random_rules(rng: &mut StdRng) -> Vec<(String, Vec<String>)> {
    let m = rng.random_range(1..=40u64);
    let mut set: Vec<u64> = (0..rng.random_range(1..=4))
        .map(|_| rng.random_range(1..=30u64))
        .collect();
    set.sort_unstable();
    set.dedup();
    let l = rng.random_range(1..=9u64);
    let r = l + rng.random_range(0..=9u64);
    let k = rng.random_range(2..=9u64);
    // An octal code 0.d1d2d3 or d0.d1 with digits 0..7, its last digit not 0.
    let mut digits: Vec<u64> = (0..rng.random_range(1..=3))
        .map(|_| rng.random_range(0..=7u64))
        .collect();
    digits.push(rng.random_range(1..=7u64));
    let octal = format!(
        "{}.{}",
        rng.random_range(0..=4u64),
        digits.iter().map(u64::to_string).collect::<String>()
    );
    let set_text: Vec<String> = set.iter().map(u64::to_string).collect();
    vec![
        (format!("bash:{m}"), vec![m.to_string()]),
        (
            format!("subtraction:{}", set_text.join(",")),
            set_text.clone(),
        ),
        (format!("take:{l},{r}"), vec![l.to_string(), r.to_string()]),
        (format!("lieges:{k}"), vec![k.to_string()]),
        (format!("octal:{octal}"), vec![octal]),
    ]
}

/// Whether `number` stands in `text` as a whole number (not inside a longer one).
fn names(text: &str, number: &str) -> bool {
    text.match_indices(number).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + number.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_digit()) && !after.is_some_and(|c| c.is_ascii_digit())
    })
}

fn title(lang: Lang, code: &str) -> String {
    let p = AnyPosition::from_code(code).unwrap_or_else(|e| panic!("{code}: {e}"));
    position_title_in(lang, &p)
}

#[test]
fn every_family_is_named_by_its_own_parameters() {
    let mut rng = StdRng::seed_from_u64(36);
    for _ in 0..60 {
        for (rule, numbers) in random_rules(&mut rng) {
            let heap = rng.random_range(1..=30u64);
            let code = format!("{rule}:{heap}");
            let Ok(position) = AnyPosition::from_code(&code) else {
                // An octal code that allows no move from this heap is refused: not a name's case.
                assert!(rule.starts_with("octal:"), "{code}");
                continue;
            };
            for lang in LANGS {
                let shown = position_title_in(lang, &position);
                let by_rule = game_title_in(lang, &rule);
                for n in &numbers {
                    assert!(names(&shown, n), "{lang:?} {code}: {shown}");
                    assert!(names(&by_rule, n), "{lang:?} {rule}: {by_rule}");
                }
                // The same game inside a sum, a misère game and an Every-SG game.
                for wrapped in [
                    format!("{code}+nim:1"),
                    format!("anti:{code}"),
                    format!("every:{code}+nim:1"),
                ] {
                    let Ok(_) = AnyPosition::from_code(&wrapped) else {
                        continue;
                    };
                    let shown = title(lang, &wrapped);
                    for n in &numbers {
                        assert!(names(&shown, n), "{lang:?} {wrapped}: {shown}");
                    }
                }
            }
        }
    }
    // The families whose parameters are not a heap rule's.
    for _ in 0..30 {
        let k = rng.random_range(1..=6u64);
        let maxq = rng.random_range(1..=9u32);
        for lang in LANGS {
            let nimk = title(lang, &format!("nimk:{k}:3,5,6"));
            assert!(names(&nimk, &k.to_string()), "{lang:?} nimk:{k}: {nimk}");
            let coins = title(lang, &format!("coins:{maxq}:HHT"));
            assert!(
                names(&coins, &maxq.to_string()),
                "{lang:?} coins:{maxq}: {coins}"
            );
        }
    }
    for lang in LANGS {
        let [turtles, mock, ruler] =
            ["turtles:HHT", "mock:HHT", "ruler:HHT"].map(|code| title(lang, code));
        assert!(
            turtles != mock && mock != ruler && turtles != ruler,
            "{turtles} {mock} {ruler}"
        );
    }
}

#[test]
fn a_sums_component_is_named_by_its_own_parameters_in_its_moves() {
    let mut rng = StdRng::seed_from_u64(37);
    for _ in 0..40 {
        for (rule, numbers) in random_rules(&mut rng) {
            let code = format!("{rule}:{}+nim:1", rng.random_range(2..=20u64));
            let Ok(sum) = AnyPosition::from_code(&code) else {
                continue;
            };
            let AnyPosition::Sum(sum) = sum else {
                panic!("{code} is a sum")
            };
            let Some(mv) = sum.legal_moves().into_iter().find(|(c, _)| *c == 0) else {
                continue;
            };
            for lang in LANGS {
                let said = sum.describe_move(&mv).words_in(lang);
                for n in &numbers {
                    assert!(names(&said, n), "{lang:?} {code}: {said}");
                }
            }
        }
    }
}

#[test]
fn a_family_known_only_by_name_is_named_without_parameters() {
    for name in ["bash", "subtraction", "take", "lieges", "octal"] {
        for lang in LANGS {
            let shown = game_title_in(lang, name);
            assert!(
                !shown.chars().any(|c| c.is_ascii_digit()) && !shown.starts_with(lang.code()),
                "{lang:?} {name}: {shown}"
            );
        }
    }
}
