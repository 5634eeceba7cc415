//! Misère play of any game (anti:) against its rules: every verdict, by the SJ theorem or by
//! the misère search, against a game-tree search written from the rules alone (tests/brute) on
//! every position of up to 3 heaps of at most 7 tokens (Kayles rows of at most 6, and sums of a
//! Nim heap and a Kayles row); misère Nim (`misere:`) agrees with `anti:nim:` on up to 4 heaps
//! of at most 7; the SJ theorem decides Nim at any size and says so; a Kayles row of 3 needs
//! the search; winning moves win; refusals give a reason.

use std::collections::HashMap;

use grundy::game::{Impartial, Notation, Position};
use grundy::games::AnyPosition;
use grundy::games::anti::{Anti, Method};
use grundy::games::heaps::Heaps;
use grundy::message::Msg;

use crate::brute::misere_wins;

fn anti(code: &str) -> Anti {
    Anti::from_code(code).unwrap_or_else(|e| panic!("{code}: {e}"))
}

/// Every sorted list of 1 to `n` heaps of 1 to `most`.
fn lists(n: usize, most: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    let mut level: Vec<Vec<u64>> = vec![vec![]];
    for _ in 0..n {
        level = level
            .into_iter()
            .flat_map(|h: Vec<u64>| {
                let from = h.last().copied().unwrap_or(1);
                (from..=most).map(move |x| {
                    let mut h = h.clone();
                    h.push(x);
                    h
                })
            })
            .collect();
        out.extend(level.clone());
    }
    out
}

fn join(heaps: &[u64]) -> String {
    heaps
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// The verdict and every listed winning move against the search from the rules.
fn check(p: &Anti, mut brute: impl FnMut(&Anti) -> bool) {
    let wins = brute(p);
    assert_eq!(p.mover_wins(), wins, "{}", p.to_code());
    let winning = p.winning_moves(usize::MAX);
    assert_eq!(winning.is_empty(), !wins, "{}", p.to_code());
    for mv in p.legal_moves() {
        let after = p.play_unchecked(&mv);
        assert_eq!(
            winning.contains(&mv),
            !brute(&after),
            "{} then {}",
            p.to_code(),
            p.move_code(&mv)
        );
    }
}

/// The heaps of an anti: position of heap games, with their rules' letters for the brute force.
fn heaps_of(p: &Anti) -> Vec<(char, u64)> {
    p.inner()
        .components()
        .iter()
        .flat_map(|c| match c.to_any() {
            AnyPosition::Heaps(h) => {
                let kind = match h.rule().name() {
                    "nim" => 'n',
                    "bash" => 'b',
                    "subtraction" => 's',
                    "kayles" => 'k',
                    other => panic!("no brute force for {other}"),
                };
                h.heaps().iter().map(|&x| (kind, x)).collect::<Vec<_>>()
            }
            other => panic!("not a heap game: {}", other.to_code()),
        })
        .collect()
}

#[test]
fn the_verdicts_match_a_misere_search_of_the_rules() {
    let mut memo = HashMap::new();
    let mut by = HashMap::new();
    let mut positions = Vec::new();
    for heaps in lists(3, 7) {
        for rule in ["nim", "bash:3", "subtraction:1,3"] {
            positions.push(format!("anti:{rule}:{}", join(&heaps)));
        }
    }
    for heaps in lists(3, 6) {
        positions.push(format!("anti:kayles:{}", join(&heaps)));
    }
    for a in 1..=5 {
        for b in 1..=6 {
            positions.push(format!("anti:nim:{a}+kayles:{b}"));
            positions.push(format!("anti:bash:3:{a}+nim:{b}"));
        }
    }
    for code in &positions {
        let p = anti(code);
        *by.entry(p.method()).or_insert(0) += 1;
        check(&p, |q| misere_wins(&heaps_of(q), &mut memo));
    }
    // Both ways of deciding were exercised.
    assert!(by[&Method::Sj] > 100, "{by:?}");
    assert!(by[&Method::Search] > 100, "{by:?}");
}

#[test]
fn misere_nim_agrees_with_anti_nim() {
    for heaps in lists(4, 7) {
        let code = join(&heaps);
        let misere = Heaps::from_code(&format!("misere:{code}")).unwrap();
        let p = anti(&format!("anti:nim:{code}"));
        assert_eq!(p.method(), Method::Sj);
        assert_eq!(p.mover_wins(), misere.mover_wins(), "{code}");
    }
}

#[test]
fn the_sj_theorem_decides_nim_at_any_size_and_says_which_condition() {
    let p = anti("anti:nim:1000000,999999,3");
    assert_eq!(p.method(), Method::Sj);
    assert!(p.mover_wins());
    assert!(matches!(
        p.win_rule(),
        Some(Msg::AntiSj {
            total: 124,
            largest: 1_000_000,
            part: 0,
            heap: Some(0),
            wins: true
        })
    ));
    let mv = p.winning_moves(1).remove(0);
    assert!(!p.play_unchecked(&mv).mover_wins());
    // Only heaps of 1: the parity decides (an even count wins).
    assert!(anti("anti:nim:1,1").mover_wins());
    assert!(!anti("anti:nim:1,1,1").mover_wins());
    // A Kayles row of 3 reaches rows 1, 1 (value 0, a move left): the search decides.
    let k = anti("anti:kayles:3");
    assert_eq!(k.method(), Method::Search);
    assert!(matches!(k.win_rule(), Some(Msg::AntiSearch { .. })));
    // Bash take 1..3 reaches 4 (value 0, moves left): the search decides small heaps.
    assert_eq!(anti("anti:bash:3:5,2").method(), Method::Search);
    assert_eq!(anti("anti:bash:3:3,2").method(), Method::Sj);
}

#[test]
fn undecided_positions_are_refused_with_the_reason() {
    let e = Anti::from_code("anti:bash:3:1000000,5").unwrap_err();
    assert!(
        e.message.to_string().contains("bash:4 has SG value 0"),
        "{e}"
    );
    for bad in [
        "anti:",
        "anti:nim:3+",
        "anti:misere:3",
        "anti:anti:nim:3",
        "anti:nimk:2:3",
    ] {
        assert!(Anti::from_code(bad).is_err(), "{bad}");
    }
    assert!(AnyPosition::from_code("nim:3+anti:nim:3").is_err());
    // Huge single games are refused at once, not walked move by move: each of these listed a
    // million children per position and ran for minutes (the misère search and the SJ walk
    // are bounded by the moves they list, `game::SEARCH_MOVES`, as well as by positions).
    for (huge, reason) in [
        (
            "anti:kayles:1000000",
            "kayles:1000000 has more than 20000 positions",
        ),
        (
            "anti:octal:0.137:1000000,5,7",
            "octal:0.137:1000000,5,7 has more than 20000 positions",
        ),
        ("anti:octal:0.137:100000", "has more than 20000 positions"),
    ] {
        let e = Anti::from_code(huge).unwrap_err();
        assert!(e.message.to_string().contains(reason), "{huge}: {e}");
    }
    for huge in ["every:kayles:1000000", "every:octal:0.137:1000000,5,7"] {
        let e = AnyPosition::from_code(huge).unwrap_err();
        assert!(
            e.message
                .to_string()
                .contains("positions or too many moves"),
            "{huge}: {e}"
        );
    }
    // Nim's heaps of 10^18 are still decided by the theorem.
    assert!(Anti::from_code("anti:nim:1000000000000000000,5,7").is_ok());
    let p = AnyPosition::from_code("anti:nim:3+kayles:2").unwrap();
    assert_eq!(p.to_code(), "anti:nim:3+kayles:2");
}

/// The SJ theorem's line names the single game above 1 as the screen lists it: a heap of a
/// part (`heap 2 of [3]`), whose value is the one the line gives, in every language; a part
/// that is one single game whole is named by its number.
#[cfg(feature = "tui")]
#[test]
fn the_sj_line_names_the_single_game_above_1() {
    use grundy::lang::Lang;
    use grundy::locale::Words;
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};
    let mut rng = StdRng::seed_from_u64(36);
    let mut named = 0;
    for _ in 0..200 {
        let parts: Vec<Vec<u64>> = (0..rng.random_range(1..=3))
            .map(|_| {
                (0..rng.random_range(1..=3))
                    .map(|_| rng.random_range(0..=9u64))
                    .collect()
            })
            .collect();
        let code = format!(
            "anti:{}",
            parts
                .iter()
                .map(|h| format!(
                    "nim:{}",
                    h.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
                ))
                .collect::<Vec<_>>()
                .join("+")
        );
        let Ok(p) = Anti::from_code(&code) else {
            continue;
        };
        let Some(Msg::AntiSj {
            largest,
            part,
            heap,
            ..
        }) = p.win_rule()
        else {
            panic!("{code}: Nim is decided by the SJ theorem");
        };
        // A Nim heap is worth its size: the largest single game is the largest heap.
        let most = parts.iter().flatten().copied().max().unwrap_or(0);
        assert_eq!(largest, most, "{code}");
        if largest < 2 {
            continue;
        }
        let heap = heap.expect("a Nim part counts heap by heap");
        assert_eq!(
            parts[part][heap], largest,
            "{code}: part {part} heap {heap}"
        );
        let words = p.win_rule().unwrap().words_in(Lang::En);
        let place = format!("(heap {} of [{}]: *{largest})", heap + 1, part + 1);
        assert!(words.contains(&place), "{code}: {words}");
        for lang in [Lang::ZhCn, Lang::ZhTw] {
            let words = p.win_rule().unwrap().words_in(lang);
            let place = format!("（[{}] 的第 {} 堆：*{largest}）", part + 1, heap + 1);
            assert!(words.contains(&place), "{code} {lang:?}: {words}");
        }
        named += 1;
    }
    assert!(named > 50, "{named}");
    // A Kayles row is one single game whole (a move may split it): named by its part.
    let p = anti("anti:nim:1+kayles:2");
    assert!(
        matches!(
            p.win_rule(),
            Some(Msg::AntiSj {
                largest: 2,
                part: 1,
                heap: None,
                ..
            })
        ),
        "{:?}",
        p.win_rule()
    );
    let words = p.win_rule().unwrap().words_in(Lang::En);
    assert!(words.contains("above 1 ([2]: *2)"), "{words}");
}
