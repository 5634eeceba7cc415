//! The compact exact search (`grundy::exact`, used by `ExactSolution::new` for the three games)
//! against two references on many random small positions of every game, sparse long boards
//! included: the generic walk over whole positions (`ExactSolution::generic`), and a brute
//! force written here from the rules text alone, on plain vectors of faces.
//!
//! Compared: the root's outcome and remoteness, the number of positions, every root move's
//! outcome and its count of losing replies, and outcomes of positions reached by random play.

// The brute force's states are plain vectors, and its children functions take `&S`.
#![allow(clippy::ptr_arg)]

use std::collections::HashMap;
use std::hash::Hash;

use grundy::exact::Limits;
use grundy::game::{Impartial, Notation, Position};
use grundy::games::Face;
use grundy::games::coins::CoinRow;
use grundy::games::dodgeball::Dodgeball;
use grundy::games::grid::{Cell, CoinGrid};
use grundy::solver::{ExactSolution, Outcome};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// Remoteness by plain recursion over a game given as a children function: 0 with no move,
/// else 1 + the least even (lost) child's if any, else 1 + the largest child's.
fn brute_remoteness<S: Clone + Eq + Hash>(
    state: &S,
    children: &impl Fn(&S) -> Vec<S>,
    memo: &mut HashMap<S, u32>,
) -> u32 {
    if let Some(&r) = memo.get(state) {
        return r;
    }
    let rs: Vec<u32> = children(state)
        .iter()
        .map(|c| brute_remoteness(c, children, memo))
        .collect();
    let r = match rs.iter().filter(|r| *r % 2 == 0).min() {
        Some(lost) => lost + 1,
        None => rs.iter().max().map_or(0, |r| r + 1),
    };
    memo.insert(state.clone(), r);
    r
}

/// Dodgeball from RULES.md §3 on `boxes[i]` = box i + 1 holds a piece.
// The brute force is generic over the state (a Vec), so its children take &Vec.
#[allow(clippy::ptr_arg)]
fn dodgeball_children(boxes: &Vec<bool>) -> Vec<Vec<bool>> {
    let n = boxes.len();
    let mut out = Vec::new();
    for i in 1..=n {
        if !boxes[i - 1] {
            continue;
        }
        let mut to = 2 * i;
        while to <= n {
            let mut next = boxes.clone();
            next[i - 1] = false;
            // Onto an empty box it stays; onto a piece both leave.
            next[to - 1] = !boxes[to - 1];
            out.push(next);
            to *= 2;
        }
    }
    out
}

/// The coin row from RULES.md §1 on `tails[i]` = coin i + 1 shows T.
// The brute force is generic over the state (a Vec), so its children take &Vec.
#[allow(clippy::ptr_arg)]
fn coin_children(tails: &Vec<bool>, maxq: u32) -> Vec<Vec<bool>> {
    let n = tails.len() as u64;
    let mut out = Vec::new();
    for x in 1..=n {
        if !tails[(x - 1) as usize] {
            continue;
        }
        for radix in [2u64, 3] {
            let mut exponent = 0;
            let mut y = x;
            while y % radix == 0 {
                y /= radix;
                exponent += 1;
            }
            for p in 1..=exponent {
                for q in 1..=maxq {
                    if p * q > exponent {
                        break;
                    }
                    let mut next = tails.clone();
                    let mut coin = x;
                    for _ in 0..=q {
                        next[(coin - 1) as usize] ^= true;
                        coin /= radix.pow(p);
                    }
                    out.push(next);
                }
            }
        }
    }
    out
}

/// The coin grid from RULES.md §2 on `cells[r][c]` = T, blocks found by trying every subset
/// of the anchor's up-left rectangle and checking connectivity.
// The brute force is generic over the state (a Vec), so its children take &Vec.
#[allow(clippy::ptr_arg)]
fn grid_children(cells: &Vec<Vec<bool>>) -> Vec<Vec<Vec<bool>>> {
    let mut out = Vec::new();
    for ar in 0..cells.len() {
        for ac in 0..cells[0].len() {
            if !cells[ar][ac] {
                continue;
            }
            let rect: Vec<(usize, usize)> = (0..=ar)
                .flat_map(|r| (0..=ac).map(move |c| (r, c)))
                .filter(|&rc| rc != (ar, ac))
                .collect();
            for subset in 0u32..1 << rect.len() {
                let mut block: Vec<(usize, usize)> = (0..rect.len())
                    .filter(|k| subset >> k & 1 == 1)
                    .map(|k| rect[k])
                    .collect();
                block.push((ar, ac));
                if !connected(&block) {
                    continue;
                }
                let mut next = cells.clone();
                for &(r, c) in &block {
                    next[r][c] ^= true;
                }
                out.push(next);
            }
        }
    }
    out
}

fn connected(block: &[(usize, usize)]) -> bool {
    let mut reached = vec![block[block.len() - 1]];
    let mut i = 0;
    while i < reached.len() {
        let (r, c) = reached[i];
        i += 1;
        for &other in block {
            let (r2, c2) = other;
            if r.abs_diff(r2) + c.abs_diff(c2) == 1 && !reached.contains(&other) {
                reached.push(other);
            }
        }
    }
    reached.len() == block.len()
}

/// Checks the compact search against the generic walk and against `brute` (the remoteness of
/// a position by the brute force), at the root, after each root move and along random games.
fn check<P: Impartial + Notation>(root: &P, brute: &mut impl FnMut(&P) -> u32, rng: &mut StdRng) {
    let code = root.to_code();
    let compact = ExactSolution::new(root, 1 << 20)
        .unwrap_or_else(|| panic!("{code}: compact search refused"));
    assert!(compact.is_compact(), "{code}");
    let generic = ExactSolution::generic(root, 1 << 22).expect("small enough");
    assert!(!generic.is_compact());
    assert_eq!(compact.root(), generic.root(), "{code}");
    assert_eq!(compact.outcome(root), Some(compact.root()), "{code}");
    assert_eq!(compact.len(), generic.len(), "positions of {code}");
    let r = brute(root);
    assert_eq!(
        compact.root(),
        Outcome {
            wins: r % 2 == 1,
            remoteness: r
        },
        "{code}"
    );
    assert_eq!(compact.root().wins, !root.nim_sum().is_zero(), "{code}");

    let mut mine = compact.moves();
    let mut theirs = generic.moves();
    assert_eq!(mine.len(), root.legal_moves().len(), "{code}");
    let key = |m: &grundy::exact::MoveOutcome<P::Move>| format!("{:?}", m.mv);
    mine.sort_by_key(key);
    theirs.sort_by_key(key);
    assert_eq!(mine, theirs, "moves of {code}");
    for m in &mine {
        let child = root.play_unchecked(&m.mv);
        assert_eq!(
            compact.outcome(&child),
            Some(m.outcome),
            "{code} {:?}",
            m.mv
        );
    }

    // Random games: every position on the way is in both tables with the same outcome.
    for _ in 0..3 {
        let mut p = root.clone();
        loop {
            assert_eq!(compact.outcome(&p), generic.outcome(&p), "{}", p.to_code());
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())].clone();
            p = p.play_unchecked(&mv);
        }
    }
}

fn random_bools(n: usize, density: f64, rng: &mut StdRng) -> Vec<bool> {
    (0..n).map(|_| rng.random_bool(density)).collect()
}

/// `count` pieces (or tails coins) at random places of 1..=n.
fn sparse_bools(n: usize, count: usize, rng: &mut StdRng) -> Vec<bool> {
    let mut v = vec![false; n];
    for _ in 0..count {
        v[rng.random_range(0..n)] = true;
    }
    v
}

#[test]
fn dodgeball_matches_the_references() {
    let mut rng = StdRng::seed_from_u64(61);
    let mut memo = HashMap::new();
    let mut brute = |p: &Dodgeball| {
        let boxes: Vec<bool> = (1..=p.n()).map(|b| p.has_piece(b)).collect();
        brute_remoteness(&boxes, &dodgeball_children, &mut memo)
    };
    for round in 0..300 {
        let boxes = if round % 3 == 0 {
            // A long sparse board: a few pieces anywhere in up to 3000 boxes.
            let n = rng.random_range(50..3000);
            sparse_bools(n, rng.random_range(1..6), &mut rng)
        } else {
            random_bools(rng.random_range(1..23), 0.5, &mut rng)
        };
        if boxes.iter().all(|b| !b) {
            continue;
        }
        check(&Dodgeball::new(&boxes).unwrap(), &mut brute, &mut rng);
    }
    check(&Dodgeball::full(26), &mut brute, &mut rng);
}

#[test]
fn coin_row_matches_the_references() {
    let mut rng = StdRng::seed_from_u64(62);
    let mut memo = HashMap::new();
    for round in 0..300 {
        let maxq = rng.random_range(1..=20);
        let tails = if round % 3 == 0 {
            // A long sparse row: two or three tails coins among up to 3000.
            let n = rng.random_range(50..3000);
            sparse_bools(n, rng.random_range(1..4), &mut rng)
        } else {
            random_bools(rng.random_range(1..19), 0.5, &mut rng)
        };
        let faces: Vec<Face> = tails
            .iter()
            .map(|&t| if t { Face::Tails } else { Face::Heads })
            .collect();
        let row = CoinRow::new(maxq, &faces).unwrap();
        if ExactSolution::generic(&row, 1 << 18).is_none() {
            continue;
        }
        let mut brute = |p: &CoinRow| {
            let tails: Vec<bool> = (1..=p.n()).map(|c| p.face(c) == Face::Tails).collect();
            memo.clear();
            brute_remoteness(&tails, &|t: &Vec<bool>| coin_children(t, maxq), &mut memo)
        };
        check(&row, &mut brute, &mut rng);
    }
}

#[test]
fn grid_matches_the_references() {
    let mut rng = StdRng::seed_from_u64(63);
    let mut memo = HashMap::new();
    let mut brute = |p: &CoinGrid| {
        let cells: Vec<Vec<bool>> = (1..=p.rows())
            .map(|r| {
                (1..=p.cols())
                    .map(|c| p.face(Cell::new(r, c)) == Face::Tails)
                    .collect()
            })
            .collect();
        brute_remoteness(&cells, &grid_children, &mut memo)
    };
    let mut checked = 0;
    for _ in 0..300 {
        let rows = rng.random_range(1..=4);
        let cols = rng.random_range(1..=4);
        let grid = CoinGrid::random(rows, cols, &mut rng);
        // Keep the brute force's subsets and the generic walk small.
        if rows * cols > 12 || ExactSolution::generic(&grid, 1 << 17).is_none() {
            continue;
        }
        check(&grid, &mut brute, &mut rng);
        checked += 1;
    }
    assert!(checked > 100, "only {checked} grids checked");
    let example = CoinGrid::from_code("grid:THHH/TTTH/TTTT").unwrap();
    check(&example, &mut brute, &mut rng);
}

/// The example: searched, and won in one move (flip all eight tails cells at (3,4)).
#[test]
fn a_small_grid_is_won_in_one_move() {
    let grid = CoinGrid::from_code("grid:THHH/TTTH/TTTT").unwrap();
    let solution = ExactSolution::new(&grid, grundy::ai::EXACT_BUDGET).expect("searched");
    assert_eq!(
        solution.root(),
        Outcome {
            wins: true,
            remoteness: 1
        }
    );
    let mut rng = StdRng::seed_from_u64(1);
    let decision = grundy::ai::choose_move(&grid, grundy::ai::Level::Perfect, &mut rng).unwrap();
    assert!(
        grid.play_unchecked(&decision.mv).is_over(),
        "{:?}",
        decision.mv
    );
}

/// Positions that are not reachable from the root are not answered.
#[test]
fn unreachable_positions_have_no_outcome() {
    let root = Dodgeball::from_code(&format!("dodgeball:1100{}", "0".repeat(200))).unwrap();
    let solution = ExactSolution::new(&root, 1000).unwrap();
    let elsewhere = Dodgeball::from_code(&format!("dodgeball:1100{}1", "0".repeat(199))).unwrap();
    assert_eq!(solution.outcome(&elsewhere), None);
    let other_size = Dodgeball::from_code("dodgeball:1100").unwrap();
    assert_eq!(solution.outcome(&other_size), None);
    let row = CoinRow::from_code(&format!("coins:3:HHHT{}", "H".repeat(100))).unwrap();
    let solution = ExactSolution::new(&row, 1000).unwrap();
    let elsewhere = CoinRow::from_code(&format!("coins:3:HHHT{}T", "H".repeat(99))).unwrap();
    assert_eq!(solution.outcome(&elsewhere), None);
    let grid = CoinGrid::from_code("grid:HT/HH").unwrap();
    let solution = ExactSolution::new(&grid, 1000).unwrap();
    assert_eq!(
        solution.outcome(&CoinGrid::from_code("grid:HT/HT").unwrap()),
        None
    );
}

/// The exact count decides before searching: a tree past the budget is refused, one within
/// it is solved, whatever the board's length.
#[test]
fn the_count_decides_before_searching() {
    // Pieces in boxes 1..6 of 10^6 boxes: a handful of chains.
    let mut boxes = vec![false; Dodgeball::MAX_N];
    boxes[..6].fill(true);
    let board = Dodgeball::new(&boxes).unwrap();
    let solved = ExactSolution::new(&board, grundy::ai::EXACT_BUDGET);
    if let Some(s) = &solved {
        assert!(s.len() <= grundy::ai::EXACT_BUDGET);
    }
    // The full board of 60 boxes has 2^30 positions: refused at once.
    assert!(ExactSolution::new(&Dodgeball::full(60), 1 << 20).is_none());
    let limits = Limits::positions(1 << 16);
    assert!(ExactSolution::within(&Dodgeball::full(32), &limits).is_some());
    assert!(ExactSolution::within(&Dodgeball::full(34), &limits).is_none());
}

/// The analysis counts every winning move, lists the best first, and says "at least" where it
/// cannot count.
#[test]
fn analysis_counts_every_winning_move() {
    use grundy::analysis::Analysis;
    for (code, winning) in [("grid:TTTT/TTTT/TTTT", 11), ("grid:TTT/TTT", 3)] {
        let grid = CoinGrid::from_code(code).unwrap();
        let all = grid.legal_moves();
        let brute = all
            .iter()
            .filter(|mv| grid.nim_sum_after(mv).is_zero())
            .count();
        assert_eq!(brute, winning, "{code}");
        for limit in [0, 1, 5, 1000] {
            let analysis = Analysis::new(&grid, limit, grundy::ai::EXACT_BUDGET);
            assert_eq!(
                analysis.winning_count.count, winning,
                "{code} --moves {limit}"
            );
            assert!(analysis.winning_count.complete);
            assert_eq!(analysis.moves.len(), limit.min(all.len()));
            if let Some(first) = analysis.moves.first() {
                // The fastest win first.
                let fastest = analysis.exact.unwrap().remoteness - 1;
                assert_eq!(first.remoteness_after, Some(fastest), "{code}");
                assert!(first.wins);
            }
        }
    }
    let big = CoinGrid::random(60, 60, &mut StdRng::seed_from_u64(4));
    let analysis = Analysis::new(&big, 10, grundy::ai::EXACT_BUDGET);
    assert!(analysis.exact.is_none());
    assert!(!analysis.winning_count.complete && analysis.winning_count.count >= 1);
    let row = CoinRow::random(3000, 5, &mut StdRng::seed_from_u64(5));
    let analysis = Analysis::new(&row, 10, grundy::ai::EXACT_BUDGET);
    let all = row.legal_moves();
    let brute = all
        .iter()
        .filter(|mv| row.nim_sum_after(mv).is_zero())
        .count();
    assert_eq!(analysis.winning_count.count, brute);
    assert!(analysis.winning_count.complete);
    let board = Dodgeball::random(3000, &mut StdRng::seed_from_u64(6));
    let analysis = Analysis::new(&board, 10, grundy::ai::EXACT_BUDGET);
    let brute = board
        .legal_moves()
        .iter()
        .filter(|mv| board.nim_sum_after(mv).is_zero())
        .count();
    assert_eq!(analysis.winning_count.count, brute);
}

/// The heap games' search stores each position once in canonical form (heaps sorted, empty
/// ones dropped): it must agree with the reference walk over positions as they are, on the
/// root's outcome and remoteness, every root move's outcome and its losing replies.
#[test]
fn canonical_heap_search_agrees_with_the_walk_over_positions_as_they_are() {
    use grundy::games::heaps::Heaps;
    let mut rng = StdRng::seed_from_u64(10);
    let rules = [
        "kayles",
        "grundy",
        "staircase",
        "lieges:2",
        "lieges:3",
        "nim",
        "bash:3",
        "coprime",
    ];
    for case in 0..160 {
        let rule = rules[case % rules.len()];
        // Lieges multiplies heaps: the walk over ordered positions stays small with two heaps
        // below 5.
        let lieges = rule.starts_with("lieges");
        let count = rng.random_range(1..=if lieges { 2 } else { 3 });
        let most = if lieges { 4 } else { 7u64 };
        let heaps: Vec<String> = (0..count)
            .map(|_| rng.random_range(0..=most).to_string())
            .collect();
        let code = format!("{rule}:{}", heaps.join(","));
        let p = Heaps::from_code(&code).unwrap();
        let fast = ExactSolution::new(&p, 2_000_000).expect("small");
        let reference = ExactSolution::generic(&p, 2_000_000)
            .unwrap_or_else(|| panic!("{code}: the reference walk is too big"));
        assert_eq!(fast.root(), reference.root(), "{code}");
        let moves = |s: &ExactSolution<Heaps>| {
            s.moves()
                .into_iter()
                .map(|m| (format!("{:?}", m.mv), m.outcome, m.losing_replies))
                .collect::<Vec<_>>()
        };
        assert_eq!(moves(&fast), moves(&reference), "{code}");
        // Fewer positions stored: every order of the same heaps is one entry.
        assert!(fast.len() <= reference.len(), "{code}");
    }
}
