//! Drills (src/drill.rs): each kind answered right and wrong on every game; every winning move
//! is accepted, a losing move, a non-move and an answer of the wrong kind are refused, and a
//! verdict carries the why-view.

use rand::SeedableRng;
use rand_chacha::ChaCha12Rng;

use grundy::drill::{Answer, DrillKind, Expected, Mistake, check, generate};
use grundy::game::{Impartial, Notation, Position};
use grundy::games::{AnyPosition, with_position};
use grundy::nimber::Nimber;
use grundy::puzzles;

/// Every legal move's code, and whether it wins.
fn moves_of(code: &str) -> Vec<(String, bool)> {
    let position = AnyPosition::from_code(code).unwrap();
    with_position!(&position, p => p
        .legal_moves()
        .into_iter()
        .map(|mv| (p.move_code(&mv), p.move_wins(&mv)))
        .collect())
}

#[test]
fn find_the_winning_move_accepts_every_winning_move_and_no_other() {
    let mut rng = ChaCha12Rng::seed_from_u64(16);
    for game in puzzles::games() {
        let drill = generate(game, DrillKind::WinningMove, 2, &mut rng).unwrap();
        let moves = moves_of(&drill.code);
        let mut winning = 0;
        for (mv, wins) in &moves {
            let verdict = check(&drill, &Answer::Move(mv.clone()));
            assert_eq!(verdict.right, *wins, "{} {mv}", drill.code);
            if *wins {
                winning += 1;
            } else {
                assert!(
                    matches!(verdict.mistake, Some(Mistake::LeavesWon { .. })),
                    "{} {mv}",
                    drill.code
                );
            }
        }
        assert!(winning > 0, "{}", drill.code);
        let verdict = check(&drill, &Answer::Move("no such move".into()));
        assert!(!verdict.right);
        assert_eq!(verdict.mistake, Some(Mistake::NotAMove));
        let Expected::Positions(codes) = &verdict.expected else {
            panic!()
        };
        for code in codes {
            assert!(check(&drill, &Answer::Position(code.clone())).right);
        }
        assert!(!check(&drill, &Answer::Position(drill.code.clone())).right);
        let verdict = check(&drill, &Answer::Won(true));
        assert_eq!(verdict.mistake, Some(Mistake::WrongKind));
        assert!(
            verdict.why.is_some(),
            "the why-view of a winning move's part"
        );
    }
}

#[test]
fn won_or_lost_and_part_values_right_and_wrong() {
    let mut rng = ChaCha12Rng::seed_from_u64(17);
    let (mut won, mut lost) = (0, 0);
    for game in puzzles::games() {
        for difficulty in [1, 3] {
            let drill = generate(game, DrillKind::WonOrLost, difficulty, &mut rng).unwrap();
            let position = AnyPosition::from_code(&drill.code).unwrap();
            let wins = with_position!(&position, p => p.mover_wins());
            if wins {
                won += 1
            } else {
                lost += 1
            }
            assert!(check(&drill, &Answer::Won(wins)).right, "{}", drill.code);
            let verdict = check(&drill, &Answer::Won(!wins));
            assert!(!verdict.right);
            assert_eq!(verdict.mistake, Some(Mistake::Incorrect));
            assert_eq!(verdict.expected, Expected::Won(wins));

            // Nim-K, anti: and every: are decided by their own rules: no part has a value.
            let drill = match generate(game, DrillKind::PartValue, difficulty, &mut rng) {
                Err(_) if ["nimk", "anti", "every"].contains(&game) => continue,
                drill => drill.unwrap(),
            };
            let part = drill.part.clone().expect("a part is asked about");
            let verdict = check(&drill, &Answer::Value(Nimber::ZERO));
            let Expected::Value(value) = verdict.expected else {
                panic!()
            };
            let why = verdict.why.clone().expect("the why-view of the part");
            assert_eq!(why.value, Some(value), "{} part {part}", drill.code);
            assert!(
                check(&drill, &Answer::Value(value)).right,
                "{} {part}",
                drill.code
            );
            let wrong = value + Nimber::new(1);
            let verdict = check(&drill, &Answer::Value(wrong));
            assert!(!verdict.right);
            assert_eq!(verdict.mistake, Some(Mistake::Incorrect));
            assert_eq!(
                check(&drill, &Answer::Won(true)).mistake,
                Some(Mistake::WrongKind)
            );
        }
    }
    assert!(
        won > 0 && lost > 0,
        "both won and lost positions are asked: {won} {lost}"
    );
}

/// Every game gives drills of every kind at every difficulty (a value drill only where parts
/// have values), and none is easier than its difficulty's lower bound: the position has at
/// least `MIN_MOVES` moves, the part asked about at least `MIN_PART_OPTIONS` options (no Nim
/// heap of 1 at difficulty 3). The moves are counted here from the whole move list.
#[test]
fn no_drill_is_easier_than_its_difficulty_allows() {
    use grundy::drill::{MIN_MOVES, MIN_PART_OPTIONS};
    use grundy::why::Explain;
    let mut rng = ChaCha12Rng::seed_from_u64(4);
    for game in puzzles::games() {
        for difficulty in 1..=5u8 {
            let d = usize::from(difficulty) - 1;
            for kind in DrillKind::ALL {
                for _ in 0..3 {
                    let drill = match generate(game, kind, difficulty, &mut rng) {
                        Err(_)
                            if kind == DrillKind::PartValue
                                && ["nimk", "anti", "every"].contains(&game) =>
                        {
                            continue;
                        }
                        drill => drill
                            .unwrap_or_else(|e| panic!("{game} {kind:?} at {difficulty}: {e:?}")),
                    };
                    assert_eq!(drill.difficulty, difficulty);
                    let position = AnyPosition::from_code(&drill.code).unwrap();
                    let moves = with_position!(&position, p => p.legal_moves().len());
                    assert!(moves >= MIN_MOVES[d], "{} at {difficulty}", drill.code);
                    if let Some(part) = &drill.part {
                        let options = with_position!(&position, p => {
                            let part = p.parse_part(part).unwrap();
                            p.moves_of(part, usize::MAX).0.len()
                        });
                        assert!(
                            options >= MIN_PART_OPTIONS[d],
                            "{} part {part} at {difficulty}",
                            drill.code
                        );
                    }
                }
            }
        }
    }
    // The case the bound was made for: a Nim heap of 1 is never asked at difficulty 3.
    for _ in 0..200 {
        let drill = generate("nim", DrillKind::PartValue, 3, &mut rng).unwrap();
        let part: usize = drill.part.unwrap().parse().unwrap();
        let size = drill.code["nim:".len()..].split(',').nth(part - 1).unwrap();
        assert_ne!(size, "1", "{}", drill.code);
        assert_ne!(size, "0", "{}", drill.code);
    }
}

#[test]
fn drill_kinds_are_named_and_read_back() {
    for kind in DrillKind::ALL {
        assert_eq!(DrillKind::from_name(kind.name()), Some(kind));
    }
    assert_eq!(DrillKind::from_name("move"), None);
}

/// A won-or-lost drill on several heaps is explained by the nim-sum of all of them, won or
/// lost, never by one winning move's heap: the verdict's sum names every heap and its XOR.
#[test]
fn won_or_lost_on_several_heaps_explains_the_nim_sum() {
    for (code, nim_sum) in [("nim:3,5,7", 1), ("nim:1,2,3", 0), ("kayles:4,6", 2)] {
        let drill = grundy::drill::Drill {
            kind: DrillKind::WonOrLost,
            code: code.to_string(),
            part: None,
            difficulty: 2,
        };
        let verdict = check(&drill, &Answer::Won(nim_sum != 0));
        assert!(verdict.right, "{code}");
        assert!(verdict.why.is_none(), "{code}: one heap's derivation");
        let sum = verdict.sum.expect("the parts and their nim-sum");
        assert_eq!(sum.nim_sum, Nimber::new(nim_sum), "{code}");
        assert_eq!(
            sum.parts.len(),
            2 + usize::from(code.starts_with("nim")),
            "{code}"
        );
    }
}
