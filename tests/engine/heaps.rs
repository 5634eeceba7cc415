//! The heap games against their rules: every value (formula or table) against values by
//! definition (`nimber_by_definition`), every verdict against a game-tree search
//! (`solver::outcome`) and against a small win/lose recursion written here from the rules alone,
//! misère Nim against a recursion that really plays the last token, the contest formats on their
//! samples and against brute force, codes, and property tests of the AI.

use std::collections::HashMap;

use grundy::ai::{self, Level};
use grundy::game::{Impartial, Notation, Position};
use grundy::games::heaps::contest::{self, Format, GRUNDY_LAST_ZERO};
use grundy::games::heaps::values::{
    KAYLES_PERIOD_FROM, grundy_table, kayles_table, kayles_value, lieges_value, staircase_table,
};
use grundy::games::heaps::{Heaps, heap_value};
use grundy::games::{AnyPosition, GameKind};
use grundy::message::Msg;
use grundy::nimber::Nimber;
use grundy::solver::{self, nimber_by_definition};
use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;

fn heaps(code: &str) -> Heaps {
    Heaps::from_code(code).unwrap_or_else(|e| panic!("{code}: {e}"))
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn is_fib(n: u64) -> bool {
    let (mut a, mut b) = (1, 2);
    while a < n {
        (a, b) = (b, a + b);
    }
    a == n
}

/// What one move can leave in place of a heap of `x`, written from CURRICULUM.md's rules (no
/// code of the crate): each option is the list of heaps that replace it.
fn options(rule: &str, x: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    let take = |t: u64, out: &mut Vec<Vec<u64>>| out.push(vec![x - t]);
    match rule {
        "nim" => (1..=x).for_each(|t| take(t, &mut out)),
        "bash:3" => (1..=x.min(3)).for_each(|t| take(t, &mut out)),
        "bash:5" => (1..=x.min(5)).for_each(|t| take(t, &mut out)),
        "subtraction:1,3,4" => [1, 3, 4]
            .into_iter()
            .filter(|&t| t <= x)
            .for_each(|t| take(t, &mut out)),
        "subtraction:2,5,7" => [2, 5, 7]
            .into_iter()
            .filter(|&t| t <= x)
            .for_each(|t| take(t, &mut out)),
        "take:2,5" => (2..=x.min(5)).for_each(|t| take(t, &mut out)),
        "take:3,3" => (3..=x.min(3)).for_each(|t| take(t, &mut out)),
        "fibonacci" => (1..=x)
            .filter(|&t| is_fib(t))
            .for_each(|t| take(t, &mut out)),
        "coprime" => (1..=x)
            .filter(|&t| gcd(x, t) == 1)
            .for_each(|t| take(t, &mut out)),
        "kayles" => {
            for count in 1..=x.min(2) {
                for left in 0..=x - count {
                    out.push(vec![left, x - count - left]);
                }
            }
        }
        "grundy" => {
            for a in 1..x {
                if a != x - a {
                    out.push(vec![a, x - a]);
                }
            }
        }
        "lieges:2" | "lieges:3" => {
            let k: usize = rule[7..].parse().unwrap();
            if x >= 1 {
                out.push(vec![x - 1]);
            }
            if x >= 2 && x.is_multiple_of(2) {
                out.push(vec![x / 2; k]);
            }
        }
        "staircase" => {
            for j in 2..=x {
                for a in j..=x {
                    if (a + 1 - j..=a).sum::<u64>() == x {
                        out.push((a + 1 - j..=a).collect());
                    }
                }
            }
        }
        _ => panic!("no rule {rule}"),
    }
    out
}

/// Whether the player to move wins, under normal play, by plain recursion over the rules.
fn brute_wins(rule: &str, heaps: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let mut key: Vec<u64> = heaps.into_iter().filter(|&x| x > 0).collect();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut wins = false;
    'search: for i in 0..key.len() {
        for option in options(rule, key[i]) {
            let mut next = key.clone();
            next.remove(i);
            next.extend(option);
            if !brute_wins(rule, next, memo) {
                wins = true;
                break 'search;
            }
        }
    }
    memo.insert(key, wins);
    wins
}

/// Misère Nim played to the very end: taking the last token loses, so the player facing no
/// token has won.
fn brute_misere(heaps: Vec<u64>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let mut key: Vec<u64> = heaps.into_iter().filter(|&x| x > 0).collect();
    key.sort_unstable();
    if key.is_empty() {
        return true;
    }
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut wins = false;
    'search: for i in 0..key.len() {
        for t in 1..=key[i] {
            let mut next = key.clone();
            next[i] -= t;
            if !brute_misere(next, memo) {
                wins = true;
                break 'search;
            }
        }
    }
    memo.insert(key, wins);
    wins
}

/// The codes' rule prefixes of the rules above, with the largest heap to search.
const RULES: [(&str, u64); 14] = [
    ("nim", 7),
    ("bash:3", 9),
    ("bash:5", 9),
    ("subtraction:1,3,4", 10),
    ("subtraction:2,5,7", 10),
    ("take:2,5", 10),
    ("take:3,3", 10),
    ("fibonacci", 10),
    ("coprime", 10),
    ("kayles", 8),
    ("grundy", 10),
    ("lieges:2", 4),
    ("lieges:3", 4),
    ("staircase", 12),
];

#[test]
fn single_heap_values_equal_values_by_definition() {
    for (rule, max) in RULES {
        // A Lieges split makes k heaps that split again: the ordered positions from 8 pass
        // two million, so its single heaps stop at 6 (the formula is checked far out below).
        let top = if rule.starts_with("lieges") {
            6
        } else {
            max + 6
        };
        for x in 0..=top {
            let p = heaps(&format!("{rule}:{x}"));
            assert_eq!(
                nimber_by_definition(&p, 2_000_000),
                Some(p.nim_sum()),
                "{rule}:{x}"
            );
        }
    }
}

#[test]
fn sums_agree_with_definition_search_and_recursion() {
    for (rule, max) in RULES {
        let mut memo = HashMap::new();
        let small = max.min(6);
        // Splitting games reach many ordered lists of heaps: the search stops at 8 tokens (Lieges, whose splits multiply: 6).
        let splits = ["kayles", "grundy", "lieges:2", "lieges:3", "staircase"].contains(&rule);
        for a in 0..=small {
            for b in 0..=small {
                for c in [0, 1, 3] {
                    let code = format!("{rule}:{a},{b},{c}");
                    let p = heaps(&code);
                    let brute = brute_wins(rule, vec![a, b, c], &mut memo);
                    assert_eq!(p.mover_wins(), brute, "{code}");
                    let most = if rule.starts_with("lieges") { 6 } else { 8 };
                    if splits && a + b + c > most {
                        continue;
                    }
                    let searched = solver::outcome(&p, 2_000_000).expect("small");
                    assert_eq!(searched.wins, brute, "{code}: game-tree search");
                    if a + b + c <= 7 {
                        assert_eq!(
                            nimber_by_definition(&p, 2_000_000),
                            Some(p.nim_sum()),
                            "{code}"
                        );
                    }
                }
            }
        }
    }
}

/// Misère Nim's outcome and remoteness by the standard rules alone: a move takes one or more
/// tokens from one heap, taking the last token is a move, and whoever takes it loses (so the
/// player facing no token has won, with no move left: remoteness 0). Win fastest, lose slowest.
fn brute_misere_remoteness(
    heaps: Vec<u64>,
    memo: &mut HashMap<Vec<u64>, (bool, u32)>,
) -> (bool, u32) {
    let mut key: Vec<u64> = heaps.into_iter().filter(|&x| x > 0).collect();
    key.sort_unstable();
    if key.is_empty() {
        return (true, 0);
    }
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut options = Vec::new();
    for i in 0..key.len() {
        for t in 1..=key[i] {
            let mut next = key.clone();
            next[i] -= t;
            options.push(brute_misere_remoteness(next, memo));
        }
    }
    let fastest_win = options.iter().filter(|o| !o.0).map(|o| o.1).min();
    let result = match fastest_win {
        Some(r) => (true, r + 1),
        None => (false, options.iter().map(|o| o.1 + 1).max().unwrap_or(0)),
    };
    memo.insert(key, result);
    result
}

#[test]
fn misere_rule_matches_play_to_the_last_token() {
    let mut memo = HashMap::new();
    let mut remoteness_memo = HashMap::new();
    for a in 0..=6 {
        for b in 0..=6 {
            for c in 0..=4 {
                for d in [0, 1] {
                    let code = format!("misere:{a},{b},{c},{d}");
                    let p = heaps(&code);
                    let brute = brute_misere(vec![a, b, c, d], &mut memo);
                    assert_eq!(p.mover_wins(), brute, "{code}");
                    // The game as grundy plays it, searched: outcome and remoteness as in the
                    // standard game, where the last token is taken (and loses).
                    let searched = solver::outcome(&p, 2_000_000).expect("small");
                    let (wins, remoteness) =
                        brute_misere_remoteness(vec![a, b, c, d], &mut remoteness_memo);
                    assert_eq!(searched.wins, brute, "{code}: game-tree search");
                    assert_eq!(
                        (searched.wins, searched.remoteness),
                        (wins, remoteness),
                        "{code}: remoteness of the standard game"
                    );
                    // Every take is offered, the last token's included: a heap of x has x.
                    assert_eq!(
                        p.legal_moves().len() as u64,
                        a + b + c + d,
                        "{code}: every take is a move"
                    );
                    assert_eq!(p.is_over(), a + b + c + d == 0, "{code}");
                    for mv in p.legal_moves() {
                        let after = p.play_unchecked(&mv);
                        assert_eq!(
                            p.move_wins(&mv),
                            !brute_misere(after.heaps().to_vec(), &mut memo)
                        );
                    }
                    let winning = p.winning_moves(usize::MAX);
                    let all: Vec<_> = p
                        .legal_moves()
                        .into_iter()
                        .filter(|m| p.move_wins(m))
                        .collect();
                    assert_eq!(winning.len(), all.len(), "{code}: every winning move found");
                }
            }
        }
    }
    // The hint says which case of the rule applies.
    assert_eq!(
        heaps("misere:1,1").win_rule(),
        Some(Msg::MisereOnes { ones: 2 })
    );
    assert!(heaps("misere:1,1").mover_wins());
    // Its nim-sum is 0, yet the player to move wins: the nim-sum does not decide misère Nim.
    assert!(heaps("misere:1,1").nim_sum().is_zero());
    assert_eq!(
        heaps("misere:3,5,1").win_rule(),
        Some(Msg::MisereAsNim { nim_sum: 3 ^ 5 ^ 1 })
    );
}

#[test]
fn kayles_period_and_grundy_zeros_hold_to_ten_thousand() {
    let table = kayles_table(10_000);
    for x in 0..=10_000u64 {
        assert_eq!(kayles_value(x), table[x as usize], "Kayles row of {x}");
    }
    for x in KAYLES_PERIOD_FROM + 12..=10_000 {
        assert_eq!(table[x as usize], table[x as usize - 12], "period at {x}");
    }
    // Kayles values 0..=11 (OEIS A002186).
    assert_eq!(&table[..12], &[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    let grundy = grundy_table(10_000);
    let zeros: Vec<usize> = (0..grundy.len()).filter(|&x| grundy[x] == 0).collect();
    assert_eq!(*zeros.last().unwrap() as u64, GRUNDY_LAST_ZERO);
    assert_eq!(&zeros[..6], &[0, 1, 2, 4, 7, 10]);
}

#[test]
fn formulas_against_mex_tables_far_out() {
    // Coprime takes: the formula against the mex of its definition to 3000.
    let mut g = vec![0u64; 3001];
    for x in 1..=3000u64 {
        let seen: Vec<u64> = (1..=x)
            .filter(|&y| gcd(x, y) == 1)
            .map(|y| g[(x - y) as usize])
            .collect();
        g[x as usize] = (0..).find(|v| !seen.contains(v)).unwrap();
        assert_eq!(
            heap_value(&heaps("coprime:1").rule().clone(), x),
            g[x as usize],
            "coprime {x}"
        );
    }
    // Lieges: the formula against a mex table of the rules (a split is k equal heaps: their
    // XOR is g(y) for odd k, 0 for even k) to 10^5.
    for k in 1..=4u64 {
        let mut g = vec![0u32; 100_001];
        for x in 1..=100_000usize {
            let mut seen = vec![g[x - 1]];
            if x % 2 == 0 {
                seen.push(if k % 2 == 1 { g[x / 2] } else { 0 });
            }
            g[x] = (0..).find(|v| !seen.contains(v)).unwrap();
            assert_eq!(lieges_value(k, x as u64), g[x], "lieges k={k} x={x}");
        }
    }
    // take l..r and Bash: the formulas against a subtraction table.
    for (l, r) in [(1, 1), (1, 3), (2, 5), (3, 3), (4, 9)] {
        let set: Vec<u64> = (l..=r).collect();
        let table = grundy::games::heaps::values::subtraction_table(&set, 2000);
        let rule = heaps(&format!("take:{l},{r}:1")).rule().clone();
        for x in 0..=2000 {
            assert_eq!(
                heap_value(&rule, x),
                u64::from(table[x as usize]),
                "take {l}..{r}: {x}"
            );
        }
    }
    // Staircase split: the bucketed table against a mex straight from the rule (every count j
    // asked whether x = j·a − j(j−1)/2 with parts a, a−1, …, a−j+1 ≥ 1) to 20 000, and its
    // prefix at the contest's size is the same table.
    let table = staircase_table(100_000);
    assert_eq!(table.len(), 100_001);
    let mut g = vec![0u32; 20_001];
    for x in 1..=20_000u64 {
        let mut seen = Vec::new();
        for j in 2..=x {
            let triangle = j * (j - 1) / 2;
            if triangle + j > x {
                break;
            }
            if (x + triangle) % j == 0 {
                let top = (x + triangle) / j;
                seen.push((top + 1 - j..=top).fold(0, |acc, h| acc ^ g[h as usize]));
            }
        }
        g[x as usize] = (0..).find(|v| !seen.contains(v)).unwrap();
    }
    assert_eq!(
        &table[..=20_000],
        &g[..],
        "staircase table against the rule's mex"
    );
}

#[test]
fn big_heaps_within_bounds_are_fast_and_honest() {
    let p = heaps("nim:1000000,999999,3");
    assert_eq!(p.nim_sum(), Nimber::new(1_000_000 ^ 999_999 ^ 3));
    let w = p.winning_moves(4);
    assert!(!w.is_empty());
    for mv in &w {
        assert!(p.nim_sum_after(mv).is_zero());
    }
    let mut rng = StdRng::seed_from_u64(1);
    let d = ai::choose_move(&p, Level::Perfect, &mut rng).unwrap();
    assert!(p.play_unchecked(&d.mv).nim_sum().is_zero());
    for code in [
        "kayles:1000000,77",
        "coprime:999999,1000000",
        "lieges:3:1000000,5",
        "grundy:10000,9999",
        "subtraction:1,3,4:10000",
        "misere:1000000,1000000,1",
        "bash:1000:1000000",
        "take:5,100:1000000,17",
        "staircase:10000,55",
        "fibonacci:10000,33",
    ] {
        let p = heaps(code);
        let d = ai::choose_move(&p, Level::Perfect, &mut rng).expect(code);
        assert!(p.check_move(&d.mv).is_ok(), "{code}");
        if p.mover_wins() {
            assert!(!p.play_unchecked(&d.mv).mover_wins(), "{code}: the AI wins");
        }
    }
}

#[test]
fn codes_round_trip_and_bad_codes_say_where() {
    for code in [
        "nim:3,4,5",
        "bash:3:10,7",
        "subtraction:1,3,4:10,12",
        "take:2,5:10,12",
        "fibonacci:10,12",
        "kayles:5,7",
        "grundy:7,9",
        "lieges:3:4,5",
        "staircase:10,15",
        "coprime:7,9",
        "misere:3,5,1",
        "nim:0",
    ] {
        assert_eq!(heaps(code).to_code(), code);
        let any = AnyPosition::from_code(code).unwrap();
        assert_eq!(any.kind(), GameKind::Heaps);
        assert_eq!(any.to_code(), code);
    }
    assert_eq!(
        heaps("subtraction:4,1,3,1:2").to_code(),
        "subtraction:1,3,4:2"
    );
    for (code, column, words) in [
        ("nim:3,x", 7, "'x'"),
        ("nim:", 5, "expected the heaps"),
        ("nim:3,,4", 7, "empty"),
        ("bash:0:3", 6, "out of range"),
        ("bash:3", 7, "fields"),
        ("take:5,2:3", 6, "l ≤ r"),
        (
            "grundy:40001",
            8,
            "values from a mex table searched once, heaps to 40000",
        ),
        (
            "nim:1000000000000000001",
            5,
            "a proved formula or period, heaps to 10^18",
        ),
        ("coprime:1000001", 9, "a sieve of the primes, heaps to 10^6"),
        ("lieges:11:4", 8, "out of range"),
        ("kayles:99999999999999999999999", 8, "too large"),
        ("nimm:3", 1, "not a heap game"),
    ] {
        let e = Heaps::from_code(code).expect_err(code);
        assert_eq!(e.column, column, "{code}: {e}");
        assert!(e.message.to_string().contains(words), "{code}: {e}");
    }
    assert!(
        AnyPosition::from_code("nimm:3")
            .unwrap_err()
            .message
            .to_string()
            .contains("heap game")
    );
}

#[test]
fn illegal_moves_are_refused_with_reasons() {
    use grundy::games::heaps::{Action, HeapMove};
    let mv = |heap, action| HeapMove { heap, action };
    assert!(heaps("bash:3:10").play(mv(0, Action::Take(4))).is_err());
    assert!(
        heaps("grundy:8")
            .play(mv(0, Action::Split { left: 4 }))
            .is_err()
    );
    assert!(
        heaps("grundy:8")
            .play(mv(0, Action::Split { left: 3 }))
            .is_ok()
    );
    assert!(
        heaps("kayles:3")
            .play(mv(0, Action::Knock { count: 2, left: 2 }))
            .is_err()
    );
    // Misère Nim: taking the last token is a move (it loses); taking more is not.
    assert!(heaps("misere:3").play(mv(0, Action::Take(3))).is_ok());
    assert!(heaps("misere:3").play(mv(0, Action::Take(4))).is_err());
    assert!(heaps("nim:3").play(mv(1, Action::Take(1))).is_err());
    assert!(heaps("coprime:9").play(mv(0, Action::Take(3))).is_err());
    assert!(heaps("lieges:3:5").play(mv(0, Action::Multiply)).is_err());
    let after = heaps("lieges:3:6").play(mv(0, Action::Multiply)).unwrap();
    assert_eq!(after.heaps(), &[3, 3, 3]);
    let after = heaps("staircase:10")
        .play(mv(0, Action::Stairs { count: 4 }))
        .unwrap();
    assert_eq!(after.heaps(), &[4, 3, 2, 1]);
    // A split keeps its first piece in place and puts the other at the end: row 2 (2 pins)
    // is still row 2 (issue 19, item 7: rows renumbered after a split).
    let after = heaps("kayles:7,2")
        .play(mv(0, Action::Knock { count: 2, left: 2 }))
        .unwrap();
    assert_eq!(after.heaps(), &[2, 2, 3]);
    let after = heaps("grundy:7,4")
        .play(mv(0, Action::Split { left: 3 }))
        .unwrap();
    assert_eq!(after.heaps(), &[3, 4, 4]);
}

fn run(format: Format, input: &str) -> String {
    contest::solve(format, input.as_bytes()).unwrap_or_else(|e| panic!("{format:?}: {e}"))
}

#[test]
fn contest_samples() {
    assert_eq!(run(Format::P2197, "2\n2\n1 1\n2\n1 0\n"), "No\nYes\n");
    assert_eq!(run(Format::P4279, "2\n3\n3 5 1\n1\n1\n"), "John\nBrother\n");
    // Sizes may be split over lines.
    assert_eq!(
        run(Format::Cses1730, "2\n3\n1 2\n3\n2\n5 4\n"),
        "second\nfirst\n"
    );
    assert_eq!(run(Format::Cses1098, "1\n2\n4 8\n"), "second\n");
    let e = contest::solve(Format::P2197, b"2\n2\n1 x\n").unwrap_err();
    assert_eq!((e.line, e.column), (3, Some(3)));
    assert!(
        contest::solve(Format::P2197, b"1\n2\n1\n")
            .unwrap_err()
            .to_string()
            .contains("ends early")
    );
    assert!(
        contest::solve(Format::P2197, b"1\n1\n1\n7\n")
            .unwrap_err()
            .to_string()
            .contains("after the last case")
    );
}

#[test]
fn contest_answers_against_brute_force() {
    // CSES 1729: W/L per heap of the subtraction game, against the recursion.
    let out = run(Format::Cses1729, "12 3\n1 3 4\n");
    let mut memo = HashMap::new();
    let expected: String = (1..=12)
        .map(|x| {
            if brute_wins("subtraction:1,3,4", vec![x], &mut memo) {
                'W'
            } else {
                'L'
            }
        })
        .collect();
    assert_eq!(out.trim(), expected);
    // ABC297 G: take 2..5.
    let mut memo = HashMap::new();
    for a in 0..8 {
        for b in 0..8 {
            let out = run(Format::Abc297g, &format!("2 2 5\n{a} {b}\n"));
            let first = brute_wins("take:2,5", vec![a, b], &mut memo);
            assert_eq!(out, if first { "First\n" } else { "Second\n" }, "{a} {b}");
        }
    }
    // CSES 2207: one heap of Grundy's game.
    let mut memo = HashMap::new();
    for n in 1..=14 {
        let out = run(Format::Cses2207, &format!("1\n{n}\n"));
        let first = brute_wins("grundy", vec![n], &mut memo);
        assert_eq!(out, if first { "first\n" } else { "second\n" }, "{n}");
    }
    // CF 603C: Lieges with k = 2 and 3.
    for k in [2u64, 3] {
        let rule = format!("lieges:{k}");
        let mut memo = HashMap::new();
        for a in 1..7 {
            for b in 1..7 {
                let out = run(Format::Cf603c, &format!("2 {k}\n{a} {b}\n"));
                let first = brute_wins(&rule, vec![a, b], &mut memo);
                assert_eq!(
                    out,
                    if first { "Kevin\n" } else { "Nicky\n" },
                    "k={k}: {a} {b}"
                );
            }
        }
    }
    // CF 2004E: coprime takes.
    let mut memo = HashMap::new();
    for a in 1..9 {
        for b in 1..9 {
            let out = run(Format::Cf2004e, &format!("1\n2\n{a} {b}\n"));
            let first = brute_wins("coprime", vec![a, b], &mut memo);
            assert_eq!(out, if first { "Alice\n" } else { "Bob\n" }, "{a} {b}");
        }
    }
    // CF 87C: the least number of heaps of a winning first split, by brute force.
    let mut memo = HashMap::new();
    for x in 1..=40u64 {
        let least = options("staircase", x)
            .into_iter()
            .filter(|o| !brute_wins("staircase", o.clone(), &mut memo))
            .map(|o| o.len() as i64)
            .min()
            .unwrap_or(-1);
        assert_eq!(
            run(Format::Cf87c, &format!("{x}\n")),
            format!("{least}\n"),
            "x = {x}"
        );
    }
    // P4279: misère Nim against the recursion that takes the last token.
    let mut memo = HashMap::new();
    for a in 0..6 {
        for b in 1..6 {
            let out = run(Format::P4279, &format!("1\n2\n{a} {b}\n"));
            let first = brute_misere(vec![a, b], &mut memo);
            assert_eq!(out, if first { "John\n" } else { "Brother\n" }, "{a} {b}");
        }
    }
}

fn any_code() -> impl Strategy<Value = String> {
    let rule = prop::sample::select(vec![
        "nim",
        "bash:3",
        "subtraction:1,3,4",
        "take:2,5",
        "fibonacci",
        "coprime",
        "kayles",
        "grundy",
        "lieges:3",
        "lieges:2",
        "staircase",
        "misere",
    ]);
    (rule, prop::collection::vec(0u64..40, 1..5)).prop_map(|(rule, mut heaps)| {
        // Splitting games stay small enough for the AI's exact search to finish quickly.
        if ["kayles", "grundy", "lieges:3", "lieges:2", "staircase"].contains(&rule) {
            heaps.iter_mut().for_each(|x| *x %= 9);
        }
        format!(
            "{rule}:{}",
            heaps
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(",")
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn ai_moves_are_legal_and_winning_moves_win(code in any_code(), seed in any::<u64>()) {
        let p = heaps(&code);
        prop_assert_eq!(Heaps::from_code(&p.to_code()).unwrap(), p.clone());
        let mut rng = StdRng::seed_from_u64(seed);
        for level in [Level::Perfect, Level::Easy] {
            match ai::choose_move(&p, level, &mut rng) {
                None => prop_assert!(p.is_over()),
                Some(d) => {
                    prop_assert!(p.check_move(&d.mv).is_ok(), "{}: {:?}", code, d.mv);
                    if level == Level::Perfect && p.mover_wins() {
                        prop_assert!(!p.play_unchecked(&d.mv).mover_wins(), "{}", code);
                    }
                }
            }
        }
        for mv in p.winning_moves(16) {
            let after = p.play_unchecked(&mv);
            prop_assert!(!after.mover_wins());
            if !code.starts_with("misere") {
                prop_assert!(after.nim_sum().is_zero(), "{}: nim-sum 0 after a winning move", code);
            }
        }
        // Each heap's listed moves are exactly the legal ones of that heap.
        let listed: usize = (0..p.heaps().len()).map(|i| p.moves_of(i, usize::MAX).0.len()).sum();
        prop_assert_eq!(listed, p.legal_moves().len());
        for mv in p.legal_moves() {
            prop_assert!(p.check_move(&mv).is_ok());
            prop_assert_eq!(p.nim_sum_after(&mv), p.play_unchecked(&mv).nim_sum());
        }
        // The short cuts to a wanted nim-sum (Nim and Bash by arithmetic, takes without
        // listing pieces) find exactly the legal moves that reach it, for every target.
        if !code.starts_with("misere") {
            for target in 0..16u64 {
                let target = Nimber::new(target);
                let mut fast = p.moves_to_nim_sum(target, usize::MAX);
                let mut slow: Vec<_> = p
                    .legal_moves()
                    .into_iter()
                    .filter(|mv| p.nim_sum_after(mv) == target)
                    .collect();
                // Only heaps whose value has the top bit of the change are sure to have such
                // a move; others are searched while small (all of them here).
                fast.sort_by_key(|mv| format!("{mv:?}"));
                slow.sort_by_key(|mv| format!("{mv:?}"));
                prop_assert_eq!(fast, slow, "{} to {}", code, target);
            }
        }
        let winning = p.legal_moves().into_iter().filter(|mv| p.move_wins(mv)).count();
        prop_assert_eq!(p.count_winning_moves(), (winning, true), "{}", code);
    }
}

/// The command line on the new games: solve, sg, analyze and move, and bad input (exit 2).
#[test]
fn command_line_on_heap_games() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let run = |args: &[&str], input: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        (
            out.status.code(),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let (code, out, _) = run(&["solve", "heaps", "p2197"], "2\n2\n1 1\n2\n1 0\n");
    assert_eq!((code, out.as_str()), (Some(0), "No\nYes\n"));
    let (code, out, _) = run(&["solve", "heaps", "p4279"], "2\n3\n3 5 1\n1\n1\n");
    assert_eq!((code, out.as_str()), (Some(0), "John\nBrother\n"));
    let (code, _, err) = run(&["solve", "heaps"], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("name the contest format"), "{err}");
    let (code, _, err) = run(&["solve", "heaps", "p2197"], "1\n2\n1 q\n");
    assert_eq!(code, Some(2));
    assert!(err.contains("line 3, column 3"), "{err}");
    let (code, out, _) = run(&["sg", "heaps", "kayles", "--n", "23"], "");
    assert_eq!(code, Some(0));
    assert!(
        out.contains("    10 |   2   6   4   1   2   7   1   4   3   2"),
        "{out}"
    );
    let (code, out, _) = run(&["analyze", "misere:1,1"], "");
    assert_eq!(code, Some(0));
    assert!(out.contains("own rule") && out.contains("even"), "{out}");
    let (code, out, _) = run(&["move", "nim:3,4,5", "--seed", "3"], "");
    assert_eq!(code, Some(0));
    let last = out.lines().last().unwrap();
    assert!(heaps(last).nim_sum().is_zero(), "{out}");
    let (code, _, err) = run(&["analyze", "kayles:5,x"], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("at character 10"), "{err}");
    let (code, out, _) = run(&["solve", "wythoff"], "3 5\n4 4\n");
    assert_eq!((code, out.as_str()), (Some(0), "0\n1\n"));
    // One token left: taking it is the only move, and it loses.
    let (code, out, _) = run(&["move", "-"], "misere:1");
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(out.lines().last(), Some("misere:0"), "{out}");
    let (code, out, _) = run(&["move", "-"], "misere:0");
    assert_eq!(code, Some(1), "no token left: no move ({out})");
    let (code, out, _) = run(&["analyze", "misere:1"], "");
    assert_eq!(code, Some(0));
    assert!(out.contains("loses in 1 move"), "{out}");
    let (code, out, _) = run(&["analyze", "misere:3"], "");
    assert_eq!(code, Some(0));
    assert!(
        out.contains("take 3"),
        "misere:3 lists taking all three: {out}"
    );
    let (code, out, _) = run(&["analyze", "misere:0"], "");
    assert_eq!(code, Some(0));
    assert!(out.contains("has won"), "{out}");
    // Item 13 of issue 19: misère is one of the rules `sg heaps` names.
    let (code, out, err) = run(&["sg", "heaps", "misere", "--n", "5"], "");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("     0 |   0   1   2   3   4   5"), "{out}");
}
