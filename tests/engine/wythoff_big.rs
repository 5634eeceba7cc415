//! Wythoff's game and Fibonacci Nim past their value tables: a lone queen to 10^9 and a heap to
//! 10^15 play by the P-position formula and Zeckendorf's rule. Checked against game-tree
//! searches written from the rules (no SG theory) on small boards, then by properties at the
//! big sizes: the AI's moves are legal and a winning one leaves a lost position.

use std::collections::HashMap;

use crate::brute;
use brute::{fib_wins, queen_moves, queen_wins};

use grundy::ai::{self, Level};
use grundy::game::{Impartial, Notation, Position};
use grundy::games::fibnim::{FibNim, winning_takes, zeckendorf};
use grundy::games::wythoff::{QueenMove, Wythoff, is_p_position, p_partner, winning_targets};
use grundy::message::Msg;
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

#[test]
fn queen_winning_moves_match_the_search() {
    let mut memo = HashMap::new();
    for a in 0..=40u64 {
        for b in 0..=40u64 {
            // Every move to a square the search says is lost for the opponent, and no other.
            let mut brute: Vec<(u64, u64)> = queen_moves(a, b)
                .filter(|&(x, y)| !queen_wins(x, y, &mut memo))
                .collect();
            let mut fast = winning_targets(a, b);
            brute.sort_unstable();
            fast.sort_unstable();
            assert_eq!(fast, brute, "({a}, {b})");
            let p = Wythoff::new(&[a, b]).unwrap();
            assert_eq!(p.mover_wins(), queen_wins(a, b, &mut memo), "({a}, {b})");
            assert_eq!(p.count_winning_moves(), (brute.len(), true));
        }
    }
    // The partner of n is the other coordinate of the one P-position through n.
    for n in 0..=200u64 {
        let partners: Vec<u64> = (0..=400).filter(|&m| is_p_position(n, m)).collect();
        assert_eq!(partners, vec![p_partner(n)], "{n}");
    }
}

#[test]
fn big_queens_play_and_several_stay_on_the_table() {
    let p = Wythoff::from_code("wythoff:1000000000,999999999").unwrap();
    assert!(!p.values_known());
    assert!(p.mover_wins());
    let Some(Msg::WythoffFormula { targets, k, .. }) = p.win_rule() else {
        panic!("a lone queen past the table is decided by the formula");
    };
    assert_eq!(k, 1);
    assert!(targets.contains(&(618033988, 999999999)), "{targets:?}");
    // Moves are listed by the few asked for, never all 3·10^9.
    let (moves, more) = p.moves_of(0, 10);
    assert_eq!(moves.len(), 10);
    assert!(more);
    for mv in &moves {
        assert!(p.check_move(mv).is_ok());
    }
    // A move code reads back without listing the moves.
    let mv = QueenMove {
        queen: 0,
        to: (618_033_988, 999_999_999),
    };
    assert_eq!(p.parse_move(&p.move_code(&mv)).unwrap(), mv);
    assert!(p.parse_move("queen 1: nowhere").is_err());
    // Several queens need values that are known only on the table.
    let e = Wythoff::from_code("wythoff:3,5,1000,2").unwrap_err();
    assert!(
        e.message
            .to_string()
            .contains("queen 2 has coordinate 1000"),
        "{e}"
    );
    assert!(Wythoff::from_code("wythoff:1000000001,0").is_err());
}

#[test]
fn fibonacci_nim_rule_and_winning_takes_match_the_search() {
    let mut memo = HashMap::new();
    for n in 0..=60u64 {
        for limit in 0..=n {
            let p = FibNim::new(n, limit).unwrap();
            assert_eq!(p.mover_wins(), fib_wins(n, limit, &mut memo), "{n} {limit}");
            let brute: Vec<u64> = (1..=limit)
                .filter(|&t| !fib_wins(n - t, 2 * t, &mut memo))
                .collect();
            assert_eq!(winning_takes(n, limit), brute, "{n} {limit}");
            assert_eq!(p.winning_moves(usize::MAX), brute, "{n} {limit}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn big_queen_ai(a in 0u64..=1_000_000_000, b in 0u64..=1_000_000_000, seed in any::<u64>()) {
        let p = Wythoff::new(&[a, b]).unwrap();
        prop_assert_eq!(Wythoff::from_code(&p.to_code()).unwrap(), p.clone());
        let mut rng = StdRng::seed_from_u64(seed);
        let Some(decision) = ai::choose_move(&p, Level::Perfect, &mut rng) else {
            prop_assert_eq!((a, b), (0, 0));
            return Ok(());
        };
        prop_assert!(p.check_move(&decision.mv).is_ok());
        let (x, y) = decision.mv.to;
        if p.mover_wins() {
            prop_assert!(is_p_position(x, y), "({a}, {b}) → ({x}, {y})");
        } else {
            // A stall: one square at a time.
            prop_assert!(a - x <= 1 && b - y <= 1, "({a}, {b}) → ({x}, {y})");
        }
        for mv in p.winning_moves(8) {
            prop_assert!(p.check_move(&mv).is_ok());
            prop_assert!(!p.play_unchecked(&mv).mover_wins());
        }
    }

    #[test]
    fn big_fibnim_ai(n in 1u64..=1_000_000_000_000_000, limit in any::<u64>(), start in any::<bool>(), seed in any::<u64>()) {
        let p = if start { FibNim::start(n).unwrap() } else { FibNim::new(n, limit).unwrap() };
        prop_assert_eq!(FibNim::from_code(&p.to_code()).unwrap(), p);
        let mut rng = StdRng::seed_from_u64(seed);
        let Some(decision) = ai::choose_move(&p, Level::Perfect, &mut rng) else {
            prop_assert!(p.is_over());
            return Ok(());
        };
        let t = decision.mv;
        prop_assert!(p.check_move(&t).is_ok());
        let smallest = *zeckendorf(n).last().unwrap();
        prop_assert_eq!(p.mover_wins(), smallest <= p.limit());
        if p.mover_wins() {
            // Lost after it by the Zeckendorf rule: the smallest term left exceeds 2t.
            let left = n - t;
            prop_assert!(left == 0 || *zeckendorf(left).last().unwrap() > 2 * t, "{} take {}", n, t);
        }
        let (listed, _) = p.moves_of(0, 40);
        prop_assert!(listed.len() <= 40);
        for t in listed {
            prop_assert!(p.check_move(&t).is_ok());
        }
    }
}
