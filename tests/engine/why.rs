//! "Why this value" (src/why.rs) against the engine and against values by definition: for
//! every game, each part's derivation lists exactly the part's legal moves, each option's
//! value is the value by definition of what the move leaves in the part's place (a search
//! over the rules alone), the mex of the options is the part's value, and the formula gives it.

use std::collections::HashSet;

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use grundy::game::Notation;
use grundy::games::coins::CoinRow;
use grundy::games::dag::Dag;
use grundy::games::dodgeball::Dodgeball;
use grundy::games::ed::Ed;
use grundy::games::fibnim::FibNim;
use grundy::games::grid::{Cell, CoinGrid};
use grundy::games::heaps::{Heaps, Rule};
use grundy::games::stairs::StairNim;
use grundy::games::wythoff::Wythoff;
use grundy::games::{AnyPosition, Face};
use grundy::nimber::Nimber;
use grundy::solver::nimber_by_definition;
use grundy::why::{Count, Derivation, Explain, Piece, derive};

const BUDGET: usize = 2_000_000;

/// Checks every part of `position`; `by_definition` values what a move of a part leaves in
/// the part's place, by a search over the rules (`None`: no such search for this option).
fn check<P: Explain>(
    position: &P,
    mut by_definition: impl FnMut(&P, P::Part, &P::Move) -> Option<Nimber>,
) {
    let code = position.to_code();
    for (part, value) in position.parts() {
        let d: Derivation = position.derivation(part, usize::MAX);
        // The option list is exactly the part's legal moves, in order.
        let (moves, more) = position.moves_of(part, usize::MAX);
        assert!(!more);
        assert_eq!(d.total, Count::Exactly(moves.len()), "{code} {part:?}");
        let codes: Vec<String> = moves.iter().map(|m| position.move_code(m)).collect();
        let listed: Vec<String> = d.choices.iter().map(|c| c.mv.clone()).collect();
        assert_eq!(codes, listed, "{code} {part:?}");
        for (mv, choice) in moves.iter().zip(&d.choices) {
            position
                .check_move(mv)
                .expect("a listed option is a legal move");
            let option = choice.value.expect("values known on small positions");
            // The option's value is the change the move makes to the whole position's value.
            assert_eq!(
                option,
                position.nim_sum() + position.nim_sum_after(mv) + value,
                "{code} {part:?} {}",
                choice.mv
            );
            if let Some(brute) = by_definition(position, part, mv) {
                assert_eq!(option, brute, "{code} {part:?} {} by definition", choice.mv);
            }
        }
        assert_eq!(d.value, Some(value), "{code} {part:?}");
        let misere_last_heap = matches!(d.rule, Some(Rule::Misere));
        if !misere_last_heap {
            assert_eq!(d.mex, Some(value), "{code} {part:?}: mex");
        }
        if let Some(formula) = &d.formula
            && let Some(v) = formula.evaluate()
        {
            assert_eq!(v, value, "{code} {part:?}: {formula:?}");
        }
        let seen: HashSet<Nimber> = d.choices.iter().filter_map(|c| c.value).collect();
        assert_eq!(seen.len(), d.values.as_ref().map_or(0, Vec::len));
    }
}

fn heap_codes() -> Vec<&'static str> {
    vec![
        "nim",
        "bash:3",
        "subtraction:1,3,4",
        "take:2,5",
        "fibonacci",
        "kayles",
        "grundy",
        "lieges:3",
        "lieges:2",
        "staircase",
        "coprime",
        "misere",
    ]
}

#[test]
fn heap_games_explain_every_heap() {
    let mut rng = StdRng::seed_from_u64(16);
    for rule in heap_codes() {
        // Lieges with odd k multiplies heaps: its search by definition grows fast.
        let largest = if rule == "lieges:3" { 6 } else { 13 };
        for _ in 0..12 {
            let count = rng.random_range(1..=3);
            let heaps: Vec<String> = (0..count)
                .map(|_| rng.random_range(0..=largest).to_string())
                .collect();
            let code = format!("{rule}:{}", heaps.join(","));
            let Ok(AnyPosition::Heaps(p)) = AnyPosition::from_code(&code) else {
                continue;
            };
            let prefix = rule.to_string();
            check(&p, |p, part, mv| {
                if *p.rule() == Rule::Misere {
                    return None;
                }
                let d = p.pieces(part, mv);
                let sizes: Vec<String> = d
                    .iter()
                    .map(|(piece, _)| match piece {
                        Piece::Heap { size } => size.to_string(),
                        other => panic!("{other:?}"),
                    })
                    .collect();
                let sizes = if sizes.is_empty() {
                    "0".to_string()
                } else {
                    sizes.join(",")
                };
                let alone = Heaps::from_code(&format!("{prefix}:{sizes}")).unwrap();
                nimber_by_definition(&alone, BUDGET)
            });
        }
    }
}

#[test]
fn coin_row_explains_every_tails_coin() {
    let mut rng = StdRng::seed_from_u64(17);
    for _ in 0..30 {
        let n = rng.random_range(1..=14);
        let maxq = rng.random_range(1..=3);
        let p = CoinRow::random(n, maxq, &mut rng);
        check(&p, |p, part, mv| {
            let mut faces = vec![Face::Heads; p.n()];
            for (piece, _) in p.pieces(part, mv) {
                let Piece::Coin { coin } = piece else {
                    panic!()
                };
                faces[coin as usize - 1] = faces[coin as usize - 1].flipped();
            }
            nimber_by_definition(&CoinRow::new(p.maxq(), &faces).unwrap(), BUDGET)
        });
    }
}

#[test]
fn coin_grid_explains_every_tails_cell() {
    let mut rng = StdRng::seed_from_u64(18);
    for _ in 0..20 {
        let rows = rng.random_range(1..=3);
        let cols = rng.random_range(1..=3);
        let p = CoinGrid::random(rows, cols, &mut rng);
        check(&p, |p, part, mv| {
            let mut faces = vec![vec![Face::Heads; p.cols()]; p.rows()];
            for (piece, _) in p.pieces(part, mv) {
                let Piece::Cell { row, col } = piece else {
                    panic!()
                };
                faces[row - 1][col - 1] = Face::Tails;
            }
            nimber_by_definition(&CoinGrid::new(&faces).unwrap(), BUDGET)
        });
    }
    // A far cell: too many blocks to walk, the formula gives the value.
    let p =
        CoinGrid::from_code("grid:HHHHHHHHHH/HHHHHHHHHH/HHHHHHHHHH/HHHHHHHHHH/HHHHHHHHHT").unwrap();
    let d = p.derivation(Cell::new(5, 10), 5);
    assert!(matches!(d.total, Count::AtLeast(_)));
    assert_eq!(d.mex, None);
    assert_eq!(d.formula.unwrap().evaluate(), d.value);
}

#[test]
fn dodgeball_explains_every_piece() {
    let mut rng = StdRng::seed_from_u64(19);
    for _ in 0..30 {
        let n = rng.random_range(1..=12);
        let p = Dodgeball::random(n, &mut rng);
        check(&p, |p, part, mv| {
            let _ = part;
            let mut pieces = vec![false; p.n()];
            pieces[mv.to as usize - 1] = true;
            nimber_by_definition(&Dodgeball::new(&pieces).unwrap(), BUDGET)
        });
    }
}

#[test]
fn curriculum_boards_explain_every_part() {
    let mut rng = StdRng::seed_from_u64(20);
    for _ in 0..20 {
        let balls: Vec<u64> = (0..rng.random_range(1..=5))
            .map(|_| rng.random_range(0..=4))
            .collect();
        // An odd stair's option raises the even stair below: no lone position to value.
        check(&StairNim::new(balls).unwrap(), |p, part, mv| {
            (part % 2 == 0).then(|| {
                let mut alone = vec![0; p.balls().len()];
                alone[part - 1] = p.balls()[part - 1] - mv.count;
                nimber_by_definition(&StairNim::new(alone).unwrap(), BUDGET).unwrap()
            })
        });
        let heaps: Vec<u64> = (0..2 * rng.random_range(1..=2))
            .map(|_| rng.random_range(1..=9))
            .collect();
        check(&Ed::new(&heaps).unwrap(), |p, part, mv| {
            let pieces = p.pieces(part, mv);
            let [(Piece::Pair { x, y }, _)] = pieces.as_slice() else {
                panic!()
            };
            nimber_by_definition(&Ed::new(&[*x, *y]).unwrap(), BUDGET)
        });
        let coords: Vec<u64> = (0..2 * rng.random_range(1..=2))
            .map(|_| rng.random_range(0..=7))
            .collect();
        check(&Wythoff::new(&coords).unwrap(), |_, _, mv| {
            nimber_by_definition(&Wythoff::new(&[mv.to.0, mv.to.1]).unwrap(), BUDGET)
        });
        let heap = rng.random_range(1..=20);
        check(&FibNim::start(heap).unwrap(), |p, _, t| {
            let left = p.heap() - t;
            nimber_by_definition(&FibNim::new(left, 2 * t).unwrap(), BUDGET)
        });
        let dag = Dag::random(&mut rng);
        check(&dag, |p, _, slide| {
            let code = p.to_code();
            let (graph, _) = code.rsplit_once(':').unwrap();
            let alone = Dag::from_code(&format!("{graph}:{}", slide.to)).unwrap();
            nimber_by_definition(&alone, BUDGET)
        });
    }
}

#[test]
fn sums_explain_components_and_their_parts() {
    let AnyPosition::Sum(sum) =
        AnyPosition::from_code("nim:3,4+kayles:5+coins:4:HTTT+stairs:2,3,1,4").unwrap()
    else {
        panic!()
    };
    check(&sum, |_, _, _| None);
    let any = AnyPosition::Sum(sum);
    let d = derive(&any, "2/1", 100).unwrap();
    assert_eq!(d.mex, d.value);
    assert_eq!(d.value, Some(Nimber::new(4)));
    assert!(derive(&any, "9", 1).is_err());
    assert!(derive(&any, "x", 1).is_err());
    assert!(
        derive(&any, "3/1", 1).is_err(),
        "coin 1 shows heads: not a part"
    );
}

#[test]
fn past_the_tables_the_formula_decides() {
    let lost = Wythoff::new(&[1_000_000, 1_618_034]).unwrap();
    let d = lost.derivation(0, 3);
    assert_eq!(d.value, None);
    assert_eq!(d.formula.unwrap().lost(), Some(true));
    assert!(d.choices.iter().all(|c| !c.to_lost));
    let won = FibNim::start(1_000_000_000_000).unwrap();
    let d = won.derivation(0, 100);
    assert_eq!(d.formula.unwrap().lost(), Some(false));
    assert!(d.choices.iter().any(|c| c.to_lost));
    // A big Nim heap: every option walked, the mex is still the value.
    let nim = Heaps::from_code("nim:1000000").unwrap();
    let d = nim.derivation(0, 10);
    assert_eq!(d.total, Count::Exactly(1_000_000));
    assert_eq!(d.mex, Some(Nimber::new(1_000_000)));
    // Kayles past its table: the period, and the mex over 2·10^6 options, agree.
    let kayles = Heaps::from_code("kayles:1000000").unwrap();
    let d = kayles.derivation(0, 0);
    assert_eq!(d.formula.unwrap().evaluate(), d.value);
    assert_eq!(d.mex, d.value);
}
