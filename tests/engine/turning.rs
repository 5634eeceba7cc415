//! The coin-turning games (Turning Turtles, Mock Turtles, the ruler game) against their rules:
//! each coin's value formula against the mex over the rule's moves, and the XOR of the tails
//! coins' values against a game-tree search of whole rows from the rules alone (tests/brute),
//! on every row of up to 10 coins; the generated moves are the rules' moves; codes and moves
//! round-trip.

use std::collections::HashMap;

use grundy::game::{Impartial, Notation, Position};
use grundy::games::Face;
use grundy::games::turning::{TurnRule, Turning, odious};
use grundy::nimber::mex;

use crate::brute::{turning_sets, turning_wins};

const RULES: [(&str, TurnRule); 3] = [
    ("turtles", TurnRule::Turtles),
    ("mock", TurnRule::Mock),
    ("ruler", TurnRule::Ruler),
];

fn row(rule: TurnRule, tails: u64, n: u32) -> Turning {
    let faces: Vec<Face> = (0..n)
        .map(|i| {
            if tails >> i & 1 == 1 {
                Face::Tails
            } else {
                Face::Heads
            }
        })
        .collect();
    Turning::new(rule, &faces).unwrap()
}

#[test]
fn each_coins_value_is_the_mex_over_the_rules_moves() {
    for (name, rule) in RULES {
        // The value of a set of tails coins, by definition, from the coins' values below.
        let mut value: Vec<u64> = vec![0];
        for coin in 1..=40u32 {
            let options = turning_sets(name, coin).into_iter().map(|set| {
                (1..coin)
                    .filter(|c| set >> (c - 1) & 1 == 1)
                    .fold(0, |acc, c| acc ^ value[c as usize])
            });
            let v = mex(options.map(grundy::nimber::Nimber::new))
                .to_u64()
                .unwrap();
            assert_eq!(rule.coin_value(u64::from(coin)), v, "{name} coin {coin}");
            value.push(v);
        }
    }
    assert_eq!(
        (1..=8).map(odious).collect::<Vec<_>>(),
        [1, 2, 4, 7, 8, 11, 13, 14]
    );
}

#[test]
fn the_xor_of_the_tails_coins_matches_the_search_on_every_small_row() {
    for (name, rule) in RULES {
        let mut memo = HashMap::new();
        let n = 10;
        for tails in 0..1u64 << n {
            let p = row(rule, tails, n);
            let wins = turning_wins(name, tails, &mut memo);
            assert_eq!(p.mover_wins(), wins, "{}", p.to_code());
            for mv in p.winning_moves(64) {
                p.check_move(&mv).unwrap();
                assert!(
                    !p.play_unchecked(&mv).mover_wins(),
                    "{} {mv:?}",
                    p.to_code()
                );
            }
            let moves = p.legal_moves();
            let expected: usize = (1..=n)
                .filter(|c| tails >> (c - 1) & 1 == 1)
                .map(|c| turning_sets(name, c).len())
                .sum();
            assert_eq!(moves.len(), expected, "{}", p.to_code());
            let winning = moves.iter().filter(|mv| p.move_wins(mv)).count();
            assert_eq!(p.count_winning_moves(), (winning, true), "{}", p.to_code());
        }
    }
}

#[test]
fn codes_and_moves_round_trip() {
    for code in ["turtles:HTHT", "mock:THHTT", "ruler:TTTTTTTT"] {
        let p = Turning::from_code(code).unwrap();
        assert_eq!(p.to_code(), code);
        for mv in p.legal_moves() {
            assert_eq!(p.parse_move(&p.move_code(&mv)).unwrap(), mv);
        }
    }
    for bad in ["turtles:", "mock:HXT", "flip:HT", "mock"] {
        assert!(Turning::from_code(bad).is_err(), "{bad}");
    }
    let p = Turning::from_code("ruler:HTHT").unwrap();
    assert!(p.parse_move("turn 4 2").is_err());
    let mv = p.parse_move("turn 1").unwrap();
    assert!(p.check_move(&mv).is_err(), "coin 1 is heads");
}
