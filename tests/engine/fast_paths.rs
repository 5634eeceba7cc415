//! The fast paths of issue 15 against the reference walks, on random small positions of every
//! game and on sums: the exact solver the AI uses (compact searches, canonical forms, shared
//! solutions) against the generic walk over whole positions (`ExactSolution::generic`, from the
//! rules alone); the winning-move counts and the moves to a value, counted by arithmetic or by
//! bounded walks, against every legal move looked up in that walk and valued by definition
//! (`DefinitionMemo`); the lower bounds on reachable positions against the positions solved.

use grundy::analysis::Analysis;
use grundy::exact::Limits;
use grundy::game::{Impartial, Notation, Position};
use grundy::games::ed::{count_splits_worth, pair_value, splits_worth_list};
use grundy::games::{AnyPosition, with_position};
use grundy::nimber::Nimber;
use grundy::solver::{DefinitionMemo, ExactSolution, SolutionCache};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

const BUDGET: usize = 200_000;

fn faces(rng: &mut StdRng, n: usize) -> String {
    (0..n)
        .map(|_| if rng.random_bool(0.5) { 'T' } else { 'H' })
        .collect()
}

/// `n` numbers drawn from `values`, comma-separated.
fn numbers(rng: &mut StdRng, n: usize, values: std::ops::Range<u64>) -> String {
    (0..n)
        .map(|_| rng.random_range(values.clone()).to_string())
        .collect::<Vec<_>>()
        .join(",")
}

fn list(rng: &mut StdRng, count: std::ops::Range<usize>, values: std::ops::Range<u64>) -> String {
    let n = rng.random_range(count);
    numbers(rng, n, values)
}

/// `count` pairs of numbers.
fn pairs(rng: &mut StdRng, count: std::ops::Range<usize>, values: std::ops::Range<u64>) -> String {
    let n = rng.random_range(count);
    numbers(rng, 2 * n, values)
}

/// A small random position of one game, by its code; `sum`: a game that may be a component.
fn small(rng: &mut StdRng, sum: bool) -> String {
    let games = if sum { 17 } else { 18 };
    match rng.random_range(0..games) {
        0 => format!("nim:{}", list(rng, 1..4, 0..5)),
        1 => format!("kayles:{}", list(rng, 1..3, 0..7)),
        2 => format!("grundy:{}", list(rng, 1..3, 0..9)),
        3 => format!(
            "lieges:{}:{}",
            rng.random_range(2..4),
            list(rng, 1..3, 0..6)
        ),
        4 => format!("coprime:{}", list(rng, 1..3, 0..7)),
        5 => format!("staircase:{}", list(rng, 1..3, 0..10)),
        6 => format!("take:2:3:{}", list(rng, 1..3, 0..9)),
        7 => format!("subtraction:1,3,4:{}", list(rng, 1..3, 0..9)),
        8 => format!("fibonacci:{}", list(rng, 1..3, 0..9)),
        9 => format!("stairs:{}", list(rng, 1..6, 0..3)),
        10 => format!("ed:{}", pairs(rng, 1..3, 1..7)),
        11 => format!(
            "dag:5:1>2,2>3,1>3,3>4,2>4,4>5,1>5:{}",
            list(rng, 1..4, 1..6)
        ),
        12 => format!("wythoff:{}", pairs(rng, 1..3, 0..4)),
        13 => format!("fibnim:{}", rng.random_range(1..15)),
        14 => {
            let (q, n) = (rng.random_range(1..3), rng.random_range(2..7));
            format!("coins:{q}:{}", faces(rng, n))
        }
        15 => format!("grid:{}/{}", faces(rng, 3), faces(rng, 3)),
        16 => format!(
            "dodgeball:{}",
            (0..rng.random_range(2..8usize))
                .map(|_| if rng.random_bool(0.5) { '1' } else { '0' })
                .collect::<String>()
        ),
        _ => format!("misere:{}", list(rng, 1..3, 1..5)),
    }
}

fn random_position(rng: &mut StdRng) -> AnyPosition {
    loop {
        let code = if rng.random_bool(0.3) {
            let n = rng.random_range(2..4);
            (0..n)
                .map(|_| small(rng, true))
                .collect::<Vec<_>>()
                .join("+")
        } else {
            small(rng, false)
        };
        // A few codes break a bound (a misère Nim of no token): drawn again.
        if let Ok(p) = AnyPosition::from_code(&code) {
            return p;
        }
    }
}

/// Every fast path of `position` against the reference walk and the values by definition.
fn check<P: Impartial + Notation>(position: &P) -> bool {
    let code = position.to_code();
    let Some(reference) = ExactSolution::generic(position, BUDGET) else {
        return false;
    };
    // The exact solver the AI uses: compact search or canonical walk.
    let fast = ExactSolution::within(position, &Limits::positions(BUDGET))
        .unwrap_or_else(|| panic!("{code}: the fast solver refused a small position"));
    assert_eq!(
        fast.root(),
        reference.root(),
        "{code}: outcome and remoteness"
    );
    if let Some(least) = position.reachable_at_least() {
        assert!(
            least <= fast.len() as u128,
            "{code}: at least {least} positions claimed, {} solved",
            fast.len()
        );
    }
    if let Some(bound) = position.reachable_bound() {
        assert!(
            bound >= fast.len() as u128,
            "{code}: at most {bound} positions claimed, {} solved",
            fast.len()
        );
        if code.starts_with("stairs:") && !code.contains('+') {
            assert_eq!(bound, reference.len() as u128, "{code}: the exact count");
        }
    }
    let moves = position.legal_moves();
    let lost_after = |mv: &P::Move| {
        !reference
            .outcome(&position.play_unchecked(mv))
            .expect("every child is solved")
            .wins
    };
    let winning = moves.iter().filter(|m| lost_after(m)).count();
    let (count, complete) = position.count_winning_moves();
    if complete {
        assert_eq!(count, winning, "{code}: winning moves counted");
    } else {
        assert!(count <= winning, "{code}: at least {count} of {winning}");
    }
    let listed = position.winning_moves(usize::MAX);
    assert_eq!(
        listed.is_empty(),
        !reference.root().wins,
        "{code}: winning moves listed {listed:?}"
    );
    for mv in &listed {
        assert!(position.check_move(mv).is_ok(), "{code}: {mv:?} is legal");
        assert!(lost_after(mv), "{code}: {mv:?} wins");
    }
    // The analysis and a shared solution agree with the reference.
    // (Their searches have the AI's deadline: on a loaded machine they may give up.)
    let analysis = Analysis::new(position, 1000, BUDGET);
    if let Some(exact) = analysis.exact {
        assert_eq!(exact, reference.root(), "{code}: analysis");
        assert_eq!(
            analysis.winning_count.count, winning,
            "{code}: analysis count"
        );
    }
    let cache = SolutionCache::new(BUDGET);
    if cache.solve(position).is_some() {
        for mv in moves.iter().take(8) {
            let child = position.play_unchecked(mv);
            if let Some(shared) = cache.solve(&child) {
                assert_eq!(
                    shared.outcome(&child),
                    reference.outcome(&child),
                    "{code}: shared solution after {mv:?}"
                );
            }
        }
    }
    // Moves to each value, against the values by definition.
    if position.values_known() && position.win_rule().is_none() {
        let mut memo = DefinitionMemo::default();
        let values: Vec<Nimber> = moves
            .iter()
            .map(|m| memo.nimber(&position.play_unchecked(m)))
            .collect();
        assert_eq!(memo.nimber(position), position.nim_sum(), "{code}: value");
        for target in (0..5).map(Nimber::new) {
            let brute = values.iter().filter(|&&v| v == target).count();
            let (count, complete) = position.count_moves_to_nim_sum(target);
            if complete {
                assert_eq!(count, brute, "{code}: moves to {target}");
            } else {
                assert!(count <= brute, "{code}: at least {count} moves to {target}");
            }
            let found = position.moves_to_nim_sum(target, usize::MAX);
            for mv in &found {
                assert!(position.check_move(mv).is_ok(), "{code}: {mv:?} is legal");
                assert_eq!(
                    memo.nimber(&position.play_unchecked(mv)),
                    target,
                    "{code}: {mv:?} goes to {target}"
                );
            }
            let mut unique = found.clone();
            unique.dedup();
            assert_eq!(unique.len(), found.len(), "{code}: no move twice");
            if complete {
                assert_eq!(found.len(), brute, "{code}: every move to {target} listed");
            }
            if let Some(first) = found.first() {
                assert_eq!(position.moves_to_nim_sum(target, 1), vec![first.clone()]);
            }
        }
    }
    true
}

#[test]
fn fast_paths_agree_with_the_reference_walks() {
    let mut rng = StdRng::seed_from_u64(15);
    let mut checked = 0;
    let mut kinds = std::collections::BTreeSet::new();
    for _ in 0..600 {
        let position = random_position(&mut rng);
        if with_position!(&position, p => check(p)) {
            checked += 1;
            kinds.insert(format!("{:?}", position.kind()));
        }
    }
    assert!(checked >= 500, "only {checked} positions were small enough");
    assert_eq!(kinds.len(), 10, "every game and sums: {kinds:?}");
}

/// The splits of a heap worth a value, by arithmetic, against every split.
#[test]
fn ed_splits_by_arithmetic_match_every_split() {
    for s in 1..=300u64 {
        for t in 0..12 {
            let brute: Vec<u64> = (1..s).filter(|&a| pair_value(a, s - a) == t).collect();
            assert_eq!(count_splits_worth(s, t), brute.len() as u64, "s {s} t {t}");
            assert_eq!(splits_worth_list(s, t, usize::MAX), brute, "s {s} t {t}");
            assert_eq!(
                splits_worth_list(s, t, 3),
                brute[..brute.len().min(3)],
                "s {s} t {t}"
            );
        }
    }
    // Heaps of 10^6 and values past any split's.
    let s = 1_000_000;
    assert_eq!(count_splits_worth(s, 45), 0);
    let total: u64 = (0..25).map(|t| count_splits_worth(s, t)).sum();
    assert_eq!(total, s - 1, "every split has one value");
}

/// A pair of equal heaps lists each resulting position once (keeping either heap is the
/// same), and the other way stays legal.
#[test]
fn ed_equal_heaps_list_each_result_once() {
    let p = grundy::games::ed::Ed::from_code("ed:5,5").unwrap();
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 4);
    let words: std::collections::HashSet<grundy::message::Msg> =
        moves.iter().map(|m| p.describe_move(m)).collect();
    assert_eq!(words.len(), moves.len());
    let other = grundy::games::ed::EdMove {
        pair: 0,
        keep: 1,
        left: 1,
    };
    assert!(p.check_move(&other).is_ok());
}

/// Lower bounds refuse a search at once, and the byte bound stops one that would outgrow it.
#[test]
fn hopeless_searches_are_refused() {
    for code in [
        "lieges:9:1000000",
        "kayles:1000000",
        "nim:1000,1000,1000",
        "stairs:0,1000,1000,1000",
        "ed:1000,1000,1000,1000",
    ] {
        let p = AnyPosition::from_code(code).unwrap();
        let refused = with_position!(&p, p => ExactSolution::within(p, &Limits::positions(1_000_000)).is_none());
        assert!(refused, "{code}");
    }
    // Few positions but big ones: 1000 heaps, every position kept is 8 kB.
    let big = format!("lieges:3:{}", vec!["2"; 1000].join(","));
    let p = AnyPosition::from_code(&big).unwrap();
    let limits = Limits {
        bytes: 1 << 20,
        ..Limits::positions(1_000_000)
    };
    let refused = with_position!(&p, p => ExactSolution::within(p, &limits).is_none());
    assert!(refused, "the byte bound");
    // The compact searches count their tables too.
    for code in ["dodgeball:11111111111111111111", "coins:3:HTTTTTTTTTTTTTTT"] {
        let p = AnyPosition::from_code(code).unwrap();
        let tight = Limits {
            bytes: 1 << 10,
            ..Limits::positions(1_000_000)
        };
        with_position!(&p, p => {
            assert!(ExactSolution::within(p, &Limits::positions(1_000_000)).is_some(), "{code}");
            assert!(ExactSolution::within(p, &tight).is_none(), "{code}: the byte bound");
        });
    }
}

/// Kayles knocks to a value, counted a residue at a time, against every knock.
#[test]
fn kayles_knocks_by_arithmetic_match_every_knock() {
    use grundy::games::heaps::values::{kayles_knocks_list, kayles_knocks_to, kayles_value};
    for x in (0..=420).chain([1_000_000, 999_999, 999_998]) {
        let mut brute = [0u64; 16];
        for c in 1..=2u64.min(x) {
            for a in 0..=x - c {
                brute[(kayles_value(a) ^ kayles_value(x - c - a)) as usize] += 1;
            }
        }
        for target in 0..16 {
            assert_eq!(
                kayles_knocks_to(x, target),
                brute[target as usize],
                "x {x} target {target}"
            );
            if x <= 420 {
                let every: Vec<(u64, u64)> = (1..=2u64.min(x))
                    .flat_map(|c| (0..=x - c).map(move |a| (c, a)))
                    .filter(|&(c, a)| kayles_value(a) ^ kayles_value(x - c - a) == target)
                    .collect();
                assert_eq!(kayles_knocks_list(x, target, usize::MAX), every, "x {x}");
                assert_eq!(
                    kayles_knocks_list(x, target, 5),
                    every[..every.len().min(5)],
                    "x {x}"
                );
            }
        }
    }
}

/// One search per position: the AI, the hints and the judge asking about the same position get
/// the same solution, and a generic solution answers for the positions after its root.
#[test]
fn a_position_is_searched_once() {
    let cache = SolutionCache::new(BUDGET);
    let p = grundy::games::heaps::Heaps::from_code("kayles:5,6").unwrap();
    let first = cache.solve(&p).expect("small");
    let again = cache.solve(&p).expect("small");
    assert!(std::sync::Arc::ptr_eq(&first, &again));
    let mv = p.legal_moves()[0];
    let child = p.play_unchecked(&mv);
    let after = cache.solve(&child).expect("covered");
    assert!(
        std::sync::Arc::ptr_eq(&first, &after),
        "the root's solution"
    );
    let big = grundy::games::heaps::Heaps::from_code("nim:1000000").unwrap();
    assert!(cache.solve(&big).is_none());
}
