//! Moore's Nim-K against its rules: the theorem (lost iff every binary digit's count of ones
//! is a multiple of K + 1) against a game-tree search from the rules alone (tests/brute) on
//! every position of up to 4 heaps of at most 7 tokens for K = 1, 2, 3; the theorem's winning
//! move always legal and winning; the generated moves exactly the rules' moves; codes and
//! moves round-trip.

use std::collections::HashMap;

use grundy::game::{Impartial, Notation, Position};
use grundy::games::nimk::{NimK, NimKMove, is_lost, winning_change};
use proptest::prelude::*;

use crate::brute::nimk_wins;

/// Every list of `n` heaps of at most `most` tokens, sorted (order does not matter).
fn all_heaps(n: usize, most: u64) -> Vec<Vec<u64>> {
    let mut out = vec![vec![]];
    for _ in 0..n {
        out = out
            .into_iter()
            .flat_map(|h: Vec<u64>| {
                let from = h.last().copied().unwrap_or(0);
                (from..=most).map(move |x| {
                    let mut h = h.clone();
                    h.push(x);
                    h
                })
            })
            .collect();
    }
    out
}

#[test]
fn moores_theorem_matches_the_search_on_small_positions() {
    for k in 1..=3 {
        let mut memo = HashMap::new();
        let mut checked = 0;
        for n in 1..=4 {
            for heaps in all_heaps(n, 7) {
                let p = NimK::new(k as u64, heaps.clone()).unwrap();
                let wins = nimk_wins(k, &heaps, &mut memo);
                assert_eq!(p.mover_wins(), wins, "K = {k}, heaps {heaps:?}");
                assert_eq!(is_lost(k as u64, &heaps), !wins);
                if wins {
                    let target = winning_change(k as u64, &heaps).expect("a won position");
                    let mv = p.winning_moves(1).remove(0);
                    p.check_move(&mv).unwrap();
                    assert!(!nimk_wins(k, &target, &mut memo), "{heaps:?} → {target:?}");
                    assert!(!nimk_wins(k, p.play_unchecked(&mv).heaps(), &mut memo));
                } else {
                    assert!(p.winning_moves(8).is_empty());
                }
                checked += 1;
            }
        }
        assert!(checked > 400);
    }
}

#[test]
fn the_moves_are_the_rules_moves() {
    let p = NimK::from_code("nimk:2:2,0,3,1").unwrap();
    let moves = p.legal_moves();
    // Subsets of one or two of the non-empty heaps, any take from each.
    let expected = 2 + 3 + 1 + 2 * 3 + 2 + 3;
    assert_eq!(moves.len(), expected);
    for mv in &moves {
        p.check_move(mv).unwrap();
        assert_eq!(p.parse_move(&p.move_code(mv)).unwrap(), *mv);
    }
    let three = NimKMove {
        takes: vec![(0, 1), (2, 1), (3, 1)],
    };
    assert!(p.check_move(&three).is_err());
    assert!(
        p.check_move(&NimKMove {
            takes: vec![(1, 1)]
        })
        .is_err()
    );
    assert!(
        p.check_move(&NimKMove {
            takes: vec![(2, 1), (0, 1)]
        })
        .is_err()
    );
}

#[test]
fn codes_round_trip_and_bad_codes_say_where() {
    for code in ["nimk:1:3,4,5", "nimk:3:0,1,1000000000000000000"] {
        assert_eq!(NimK::from_code(code).unwrap().to_code(), code);
    }
    for bad in ["nimk:0:3", "nimk:2", "nimk:x:3", "nimk:2:3,,4", "nimk:2:"] {
        assert!(NimK::from_code(bad).is_err(), "{bad}");
    }
}

proptest! {
    /// At any size the theorem's move is legal, touches at most K heaps and leaves a lost
    /// position.
    #[test]
    fn the_theorems_move_wins_at_any_size(
        k in 1u64..6,
        heaps in proptest::collection::vec(0u64..1_000_000_000_000_000_000, 1..12),
    ) {
        let p = NimK::new(k, heaps.clone()).unwrap();
        match winning_change(k, &heaps) {
            None => prop_assert!(!p.mover_wins()),
            Some(target) => {
                let mv = p.winning_moves(1).remove(0);
                prop_assert!(p.check_move(&mv).is_ok());
                prop_assert!(mv.takes.len() as u64 <= k);
                prop_assert!(is_lost(k, &target));
                prop_assert!(!p.play_unchecked(&mv).mover_wins());
            }
        }
    }
}
