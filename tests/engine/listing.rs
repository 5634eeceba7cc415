//! The moves a board's list shows when it cannot hold them all ([`Impartial::listed_moves`])
//! must not depend on which moves win: with hints off a list cut short would otherwise point at
//! the answer (issue 27: Fibonacci Nim listed its 13 winning takes first, a far Wythoff queen
//! its P-position among round numbers). For every game, a large position and the same position
//! with another part changed — so that other moves win — list the same moves for the parts
//! left alone, and the change really moved the winning moves.

use std::collections::HashSet;

use grundy::game::Notation;
use grundy::game::{Impartial, LIST_ROOM, Position, spread};
use grundy::games::heaps::Rule;
use grundy::games::wythoff::Wythoff;
use grundy::games::{AnyPosition, GameKind};

/// Per game (a heap rule by its code name): a large position, the same with one part changed,
/// and which parts (indices into `parts()`) are the same in both.
const CASES: &[(&str, &str, &str, &[usize])] = &[
    (
        "coins",
        "coins:4:TTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTT",
        "coins:4:TTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTH",
        &[0, 1, 2, 3, 5, 7, 11, 15, 19, 23, 27, 31, 35],
    ),
    (
        "grid",
        "grid:TTTTT/TTTTT/TTTTT/TTTTT",
        "grid:HTTTT/TTTTT/TTTTT/TTTTT",
        &[12, 16, 17, 18, 19],
    ),
    (
        "dodgeball",
        "dodgeball:1101101101101101101101101101101101101101",
        "dodgeball:0101101101101101101101101101101101101101",
        &[1, 2, 3, 4],
    ),
    ("nim", "nim:1000000,5,7", "nim:1000000,5,6", &[0, 1]),
    ("bash", "bash:3:1000000,5,7", "bash:3:1000000,5,6", &[0, 1]),
    (
        "subtraction",
        "subtraction:1,3,4:10000,5,7",
        "subtraction:1,3,4:10000,5,6",
        &[0, 1],
    ),
    ("take", "take:2,5:10000,5,7", "take:2,5:10000,5,6", &[0, 1]),
    (
        "fibonacci",
        "fibonacci:10000,5,7",
        "fibonacci:10000,5,6",
        &[0, 1],
    ),
    ("coprime", "coprime:10000,5,7", "coprime:10000,5,6", &[0, 1]),
    ("kayles", "kayles:100000,5,7", "kayles:100000,5,6", &[0, 1]),
    ("grundy", "grundy:10000,5,7", "grundy:10000,5,6", &[0, 1]),
    ("lieges", "lieges:3:1000,5,7", "lieges:3:1000,5,6", &[0, 1]),
    (
        "staircase",
        "staircase:10000,5,7",
        "staircase:10000,5,3",
        &[0, 1],
    ),
    (
        "misere",
        "misere:1000000,5,7",
        "misere:1000000,5,6",
        &[0, 1],
    ),
    (
        "stairs",
        "stairs:2,1000000,1,4",
        "stairs:2,1000000,1,3",
        &[1, 2],
    ),
    ("ed", "ed:1000000,999999,5,7", "ed:1000000,999999,5,8", &[0]),
    (
        "wythoff",
        "wythoff:300,299,5,7",
        "wythoff:300,299,5,8",
        &[0],
    ),
    (
        "fibnim",
        "fibnim:1000000000000:1000000000",
        "fibnim:1000000000001:1000000000",
        &[0],
    ),
    (
        "dag",
        "dag:8:1>2,1>3,2>4,3>4,4>5,3>6,6>7,5>8,7>8,2>6:1,3",
        "dag:8:1>2,1>3,2>4,3>4,4>5,3>6,6>7,5>8,7>8,2>6:1,3,2",
        &[0, 1],
    ),
    ("dawson", "dawson:100000,5,7", "dawson:100000,5,6", &[0, 1]),
    (
        "octal",
        "octal:0.137:1000000,5,7",
        "octal:0.137:1000000,5,8",
        &[0, 1],
    ),
    // Coin 1000 turns with any coin before it: a thousand moves, more than the list holds.
    (
        "turning",
        "turtles:HHTHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHT",
        "turtles:HTHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHT",
        &[1],
    ),
    // A misère sum lists each component's moves as the same sum under normal play does.
    (
        "anti",
        "anti:nim:1000000+nim:5,7",
        "anti:nim:1000000+nim:5,6",
        &[0],
    ),
    (
        "sum",
        "nim:1000000+kayles:5,7",
        "nim:1000000+kayles:5,6",
        &[0],
    ),
];

/// What one case showed: whether a compared part's list was cut short, and whether the
/// change moved the winning moves of the compared parts.
struct Seen {
    cut: bool,
    winners_moved: bool,
}

fn compare<P: Impartial>(a: &P, b: &P, compared: &[usize], name: &str) -> Seen {
    let (parts_a, parts_b) = (a.parts(), b.parts());
    let mut cut = false;
    let mut parts = Vec::new();
    for &i in compared {
        let (part, _) = parts_a[i];
        assert!(
            parts_b.iter().any(|(p, _)| *p == part),
            "{name}: part {i} is in both positions"
        );
        parts.push(part);
        let (listed_a, more_a) = a.listed_moves(part, LIST_ROOM);
        let (listed_b, more_b) = b.listed_moves(part, LIST_ROOM);
        assert!(listed_a.len() <= LIST_ROOM, "{name}: at most the room");
        assert_eq!(
            (listed_a, more_a),
            (listed_b, more_b),
            "{name}: part {i} lists other moves when other moves win"
        );
        cut |= more_a;
        // A move typed by number is the same move too.
        for n in [1, 2, 250, 501, 9999] {
            assert_eq!(
                a.move_numbered(part, n),
                b.move_numbered(part, n),
                "{name}: move {n}"
            );
        }
    }
    let winners = |p: &P| -> HashSet<P::Move> {
        p.winning_moves(1_000_000)
            .into_iter()
            .filter(|m| parts.contains(&p.part_of(m)))
            .collect()
    };
    Seen {
        cut,
        winners_moved: winners(a) != winners(b),
    }
}

fn case(big: &str, other: &str, compared: &[usize], name: &str) -> Seen {
    let a = AnyPosition::from_code(big).unwrap_or_else(|e| panic!("{big}: {e}"));
    let b = AnyPosition::from_code(other).unwrap_or_else(|e| panic!("{other}: {e}"));
    match (&a, &b) {
        (AnyPosition::Coins(a), AnyPosition::Coins(b)) => compare(a, b, compared, name),
        (AnyPosition::Grid(a), AnyPosition::Grid(b)) => compare(a, b, compared, name),
        (AnyPosition::Dodgeball(a), AnyPosition::Dodgeball(b)) => compare(a, b, compared, name),
        (AnyPosition::Heaps(a), AnyPosition::Heaps(b)) => compare(a, b, compared, name),
        (AnyPosition::Stairs(a), AnyPosition::Stairs(b)) => compare(a, b, compared, name),
        (AnyPosition::Ed(a), AnyPosition::Ed(b)) => compare(a, b, compared, name),
        (AnyPosition::Wythoff(a), AnyPosition::Wythoff(b)) => compare(a, b, compared, name),
        (AnyPosition::Fibnim(a), AnyPosition::Fibnim(b)) => compare(a, b, compared, name),
        (AnyPosition::Dag(a), AnyPosition::Dag(b)) => compare(a, b, compared, name),
        (AnyPosition::Dawson(a), AnyPosition::Dawson(b)) => compare(a, b, compared, name),
        (AnyPosition::NimK(a), AnyPosition::NimK(b)) => compare(a, b, compared, name),
        (AnyPosition::Turning(a), AnyPosition::Turning(b)) => compare(a, b, compared, name),
        (AnyPosition::Anti(a), AnyPosition::Anti(b)) => compare(a, b, compared, name),
        (AnyPosition::Every(a), AnyPosition::Every(b)) => compare(a, b, compared, name),
        (AnyPosition::Sum(a), AnyPosition::Sum(b)) => compare(a, b, compared, name),
        _ => panic!("{name}: {big} and {other} are of different games"),
    }
}

#[test]
fn every_game_lists_the_same_moves_whichever_win() {
    // Every game of the table, every heap rule and sums: a game added without a case fails.
    let mut names: Vec<&str> = Rule::NAMES.to_vec();
    names.extend(
        GameKind::EVERY
            .iter()
            .filter(|k| **k != GameKind::Heaps)
            .map(|k| k.name()),
    );
    names.push("sum");
    // Nim-K and Every-SG have no case: a Nim-K move takes from up to K heaps at once and an
    // Every-SG move moves in every component, so one part's list names the other parts'
    // moves, and no two positions differ in their winners but not in what a list shows.
    // (`anti:` once seemed to differ too: its parts are the sum's components, so a case must
    // change another component, not another heap of the same one.)
    names.retain(|name| !["nimk", "every"].contains(name));
    for name in &names {
        assert!(
            CASES.iter().any(|c| c.0 == *name),
            "{name} has no case: add a large position of it"
        );
    }
    let mut cut = 0;
    let mut idle = Vec::new();
    for &(name, big, other, compared) in CASES {
        let seen = case(big, other, compared, name);
        if !seen.winners_moved {
            idle.push(name);
        }
        cut += usize::from(seen.cut);
    }
    assert!(
        idle.is_empty(),
        "{idle:?}: the change left the same winning moves, so these cases show nothing"
    );
    // The large parts' lists were cut short: the rule was at work, not just "list them all".
    assert!(cut >= 12, "only {cut} cases cut a list");
}

/// A lone queen far out (its moves are its own): the list is the spread of its moves from
/// near to far, worked out here from the rules alone, whichever square is the P-position.
#[test]
fn a_far_queen_lists_its_moves_by_count_alone() {
    for (a, b) in [
        (1_000_000u64, 999_999u64),
        (1_000_000, 618_034),
        (999_999_999, 3),
    ] {
        let queen = Wythoff::from_code(&format!("wythoff:{a},{b}")).unwrap();
        let mut order: Vec<(u64, u64)> = Vec::new();
        let total = a + b + a.min(b);
        let at = |k: u64| {
            // Near to far: k + 1 steps left, then down, then diagonally.
            if k < a {
                (a - k - 1, b)
            } else if k < a + b {
                (a, b - (k - a) - 1)
            } else {
                let d = k - a - b + 1;
                (a - d, b - d)
            }
        };
        order.extend(spread(total, LIST_ROOM).into_iter().map(at));
        let (listed, more) = queen.listed_moves(0, LIST_ROOM);
        assert!(more);
        let listed: Vec<(u64, u64)> = listed.iter().map(|m| m.to).collect();
        assert_eq!(listed, order);
        for mv in queen.listed_moves(0, LIST_ROOM).0 {
            assert!(queen.check_move(&mv).is_ok());
        }
    }
    // Issue 27's queen: its winning move (← 381967) is not listed, and it has a number …
    let queen = Wythoff::from_code("wythoff:1000000,999999").unwrap();
    let winning = queen.winning_moves(10);
    let (listed, _) = queen.listed_moves(0, LIST_ROOM);
    assert!(winning.iter().all(|w| !listed.contains(w)));
    // … typed by its number, it is chosen all the same.
    let w = winning[0];
    // On the queen's row: move N is N steps left.
    assert_eq!(w.to.1, 999_999);
    let number = 1_000_000 - w.to.0;
    assert_eq!(number, 381_967);
    assert_eq!(queen.move_numbered(0, number), Some(w));
}

/// Issue 27's Fibonacci Nim heap: the list starts with take 1, 2, 3, … and ends with the
/// largest take, whatever the winning takes are.
#[test]
fn fibonacci_nim_lists_takes_by_count_alone() {
    let heap = grundy::games::fibnim::FibNim::from_code("fibnim:1000000000000").unwrap();
    let (listed, more) = heap.listed_moves(0, LIST_ROOM);
    assert!(more);
    assert_eq!(&listed[..5], &[1, 2, 3, 4, 5]);
    assert_eq!(listed.last(), Some(&999_999_999_999));
    let winning = heap.winning_moves(100);
    assert!(winning.contains(&10_326_693_860));
    assert!(!listed.contains(&10_326_693_860));
    assert_eq!(heap.move_numbered(0, 10_326_693_860), Some(10_326_693_860));
}

#[test]
fn spread_keeps_the_ends_and_fits_the_room() {
    assert_eq!(spread(5, 10), vec![0, 1, 2, 3, 4]);
    for total in [11u64, 500, 501, 1000, 1_000_003, u64::MAX / 2] {
        for room in [2usize, 3, 10, 500] {
            let s = spread(total, room);
            assert!(s.len() <= room && s.len() >= room.min(total as usize) - 1);
            assert_eq!(s[0], 0);
            assert_eq!(*s.last().unwrap(), total - 1);
            assert!(s.windows(2).all(|w| w[0] < w[1]));
        }
    }
}

/// Heaps to 10^18 (Nim, Kayles, a sum's Nim component): the list and a typed number are
/// worked out without walking every move.
#[test]
fn heaps_of_ten_to_the_eighteen_list_without_walking_them() {
    use grundy::games::heaps::{Action, Heaps};
    use grundy::games::sum::Sum;
    let nim = Heaps::from_code("nim:1000000000000000000,5").unwrap();
    let (listed, more) = nim.listed_moves(0, LIST_ROOM);
    assert!(more && listed.len() == LIST_ROOM);
    assert_eq!(listed[0].action, Action::Take(1));
    assert_eq!(
        listed.last().unwrap().action,
        Action::Take(1_000_000_000_000_000_000)
    );
    let typed = nim.move_numbered(0, 123_456_789_012_345).unwrap();
    assert_eq!(typed.action, Action::Take(123_456_789_012_345));
    assert_eq!(nim.move_numbered(0, 1_000_000_000_000_000_001), None);
    let kayles = Heaps::from_code("kayles:1000000000000000000").unwrap();
    let (listed, more) = kayles.listed_moves(0, LIST_ROOM);
    assert!(more && listed.len() == LIST_ROOM);
    assert!(listed.iter().all(|m| kayles.check_move(m).is_ok()));
    let sum = Sum::from_code("nim:1000000000000000000+kayles:5").unwrap();
    let (listed, more) = sum.listed_moves(0, LIST_ROOM);
    assert!(more && listed.len() == LIST_ROOM);
    assert!(sum.move_numbered(0, 999_999_999_999).is_some());
}

/// E&D pairs to 10^18 (issue 26's size policy): the list and a typed number come by arithmetic,
/// and on pairs small enough to walk they are exactly the walked order's spread; at 10^18 the
/// winning splits are legal, win, and are counted without a walk.
#[test]
fn ed_pairs_list_by_arithmetic_as_walked() {
    use grundy::games::ed::Ed;
    for code in ["ed:7,7", "ed:5,9,2,3", "ed:600,1,2,2", "ed:300,401"] {
        let p = Ed::from_code(code).unwrap();
        for (part, _) in p.parts() {
            let (all, more) = p.moves_of(part, usize::MAX);
            assert!(!more);
            for room in [3, 10, LIST_ROOM] {
                let walked: Vec<_> = spread(all.len() as u64, room)
                    .into_iter()
                    .map(|i| all[i as usize])
                    .collect();
                assert_eq!(p.listed_moves(part, room).0, walked, "{code} part {part}");
            }
            for (k, mv) in all.iter().enumerate() {
                assert_eq!(p.move_numbered(part, k as u64 + 1), Some(*mv));
            }
            assert_eq!(p.move_numbered(part, all.len() as u64 + 1), None);
        }
    }
    let big = Ed::from_code("ed:1000000000000000000,999999999999999999,5,7").unwrap();
    let winning = big.winning_moves(20);
    assert!(!winning.is_empty() && big.mover_wins());
    for mv in &winning {
        assert!(big.check_move(mv).is_ok());
        assert!(!big.play_unchecked(mv).mover_wins());
    }
    let (listed, more) = big.listed_moves(0, LIST_ROOM);
    assert!(more && listed.len() == LIST_ROOM);
    assert!(listed.iter().all(|m| big.check_move(m).is_ok()));
    assert!(big.count_winning_moves().1, "counted exactly");
}
