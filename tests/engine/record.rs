//! The game record's verdicts against the exact game-tree search, on small positions of every
//! game: a blunder is exactly a move from a position won for the mover to one won for the
//! opponent; best is a fastest win, good a slower one; from a lost position, best stall is a
//! slowest loss. And the principal line is best play: each of its moves a best (or best-stall)
//! move by the same search.

use grundy::game::{Impartial, Position};
use grundy::games::coins::CoinRow;
use grundy::games::dodgeball::Dodgeball;
use grundy::games::grid::CoinGrid;
use grundy::record::{Verdict, judge, principal_line};
use grundy::solver::ExactSolution;
use rand::SeedableRng;
use rand::rngs::StdRng;

const BUDGET: usize = 200_000;

/// Checks the verdict of every legal move of `position` against its exact solution. Returns
/// how many moves were judged and how many of them were blunders.
fn check_every_move<P: Impartial>(position: &P) -> (usize, usize) {
    let Some(solution) = ExactSolution::new(position, BUDGET) else {
        return (0, 0);
    };
    let here = solution.outcome(position).expect("root solved");
    let moves = position.legal_moves();
    let outcomes: Vec<_> = moves
        .iter()
        .map(|m| {
            solution
                .outcome(&position.play_unchecked(m))
                .expect("children solved")
        })
        .collect();
    let fastest_win = outcomes
        .iter()
        .filter(|o| !o.wins)
        .map(|o| o.remoteness)
        .min();
    let slowest_loss = outcomes.iter().map(|o| o.remoteness).max();
    let mut blunders = 0;
    for (mv, after) in moves.iter().zip(&outcomes) {
        let j = judge(position, mv, BUDGET);
        // The nim-sum and the search agree on who wins.
        assert_eq!(here.wins, !j.nim_sum_before.is_zero(), "{position:?}");
        assert_eq!(
            after.wins,
            !j.nim_sum_after.is_zero(),
            "{position:?} {mv:?}"
        );
        let blunder = here.wins && after.wins;
        assert_eq!(
            j.verdict == Verdict::Blunder,
            blunder,
            "{position:?} {mv:?}"
        );
        blunders += usize::from(blunder);
        let expected = if here.wins {
            if after.wins {
                Verdict::Blunder
            } else if Some(after.remoteness) == fastest_win {
                Verdict::Best
            } else {
                Verdict::Good
            }
        } else if Some(after.remoteness) == slowest_loss {
            Verdict::BestStall
        } else {
            Verdict::Shortened
        };
        assert_eq!(j.verdict, expected, "{position:?} {mv:?}");
        assert_eq!(j.after, Some(*after));
        // The better move offered is one of the best.
        if let Some(better) = &j.better {
            let o = solution.outcome(&position.play_unchecked(better)).unwrap();
            if here.wins {
                assert!(!o.wins && Some(o.remoteness) == fastest_win);
            } else {
                assert_eq!(Some(o.remoteness), slowest_loss);
            }
        }
        assert_eq!(
            j.better.is_some(),
            !matches!(j.verdict, Verdict::Best | Verdict::BestStall)
        );
        // Without a search the verdict keeps who wins: blunder or not is the same.
        let quick = judge(position, mv, 0);
        assert_eq!(quick.verdict == Verdict::Blunder, blunder);
        if blunder {
            let better = quick.better.expect("a won position has a winning move");
            assert!(position.nim_sum_after(&better).is_zero());
        }
    }
    (moves.len(), blunders)
}

/// Checks that the principal line plays a best move at every ply.
fn check_line<P: Impartial>(position: &P) {
    let Some(solution) = ExactSolution::new(position, BUDGET) else {
        return;
    };
    let line = principal_line(position, 100, BUDGET);
    let mut current = position.clone();
    for ply in &line {
        assert!(ply.exact);
        let v = judge(&current, &ply.mv, BUDGET).verdict;
        assert!(matches!(v, Verdict::Best | Verdict::BestStall), "{v:?}");
        current = current.play_unchecked(&ply.mv);
        assert_eq!(ply.nim_sum_after, current.nim_sum());
        assert_eq!(
            ply.remoteness_after,
            solution.outcome(&current).map(|o| o.remoteness)
        );
    }
    // Best play lasts exactly the remoteness.
    assert!(current.is_over());
    assert_eq!(
        line.len() as u32,
        solution.outcome(position).unwrap().remoteness
    );
}

#[test]
fn coin_row_verdicts_match_exact_search() {
    let mut rng = StdRng::seed_from_u64(7);
    let (mut judged, mut blunders) = (0, 0);
    for i in 0..60 {
        let p = CoinRow::random(4 + i % 9, 1 + (i % 4) as u32, &mut rng);
        let (j, b) = check_every_move(&p);
        judged += j;
        blunders += b;
        if i % 6 == 0 {
            check_line(&p);
        }
    }
    assert!(
        judged > 200 && blunders > 20,
        "{judged} judged, {blunders} blunders"
    );
}

#[test]
fn coin_grid_verdicts_match_exact_search() {
    let mut rng = StdRng::seed_from_u64(8);
    let (mut judged, mut blunders) = (0, 0);
    for i in 0..40 {
        let p = CoinGrid::random(1 + i % 3, 2 + i % 2, &mut rng);
        let (j, b) = check_every_move(&p);
        judged += j;
        blunders += b;
        if i % 5 == 0 {
            check_line(&p);
        }
    }
    assert!(
        judged > 100 && blunders > 10,
        "{judged} judged, {blunders} blunders"
    );
}

#[test]
fn dodgeball_verdicts_match_exact_search() {
    let mut rng = StdRng::seed_from_u64(9);
    let (mut judged, mut blunders) = (0, 0);
    for i in 0..60 {
        let p = Dodgeball::random(4 + i % 10, &mut rng);
        let (j, b) = check_every_move(&p);
        judged += j;
        blunders += b;
        if i % 6 == 0 {
            check_line(&p);
        }
    }
    assert!(
        judged > 150 && blunders > 20,
        "{judged} judged, {blunders} blunders"
    );
}

#[test]
fn without_a_search_the_line_follows_the_nim_sum() {
    // 10^6 boxes: no exact search, the line plays to nim-sum 0 and stalls.
    let mut rng = StdRng::seed_from_u64(3);
    let p = Dodgeball::random(1_000_000, &mut rng);
    let line = principal_line(&p, 6, 1000);
    assert_eq!(line.len(), 6);
    let mut current = p.clone();
    for ply in &line {
        assert!(!ply.exact);
        let won = !current.nim_sum().is_zero();
        current = current.play_unchecked(&ply.mv);
        // Whoever was winning keeps the win.
        if won {
            assert!(ply.nim_sum_after.is_zero());
        }
        assert_eq!(ply.remoteness_after, None);
    }
}
