//! Octal and hexadecimal games by their code: parsing, the values against a mex written here
//! straight from the digits' rule, and the periods of published games (found and proved).

use grundy::lab::{LabRule, OctalCode, find_period};

fn code(text: &str) -> OctalCode {
    OctalCode::parse(text).unwrap_or_else(|e| panic!("{text}: {} at {}", e.message, e.column))
}

/// Published periods (the value tables of *Winning Ways* ch. 4 as OEIS gives them): code,
/// period, the last exception (the last n with G(n) ≠ G(n + period)), and where.
const PUBLISHED: &[(&str, u64, u64, &str)] = &[
    ("0.77", 12, 70, "Kayles, OEIS A002186"),
    ("0.07", 34, 52, "Dawson's Kayles, Winning Ways ch. 4"),
    ("0.137", 34, 51, "Dawson's chess, OEIS A002187"),
    ("0.1377", 24, 140, "OEIS A071434"),
    ("0.177", 20, 496, "OEIS A071435"),
    ("0.117", 48, 46, "OEIS A071453"),
    ("0.11377", 32, 186, "OEIS A071452"),
];

#[test]
fn published_periods_are_found_and_proved() {
    for &(text, period, last, source) in PUBLISHED {
        let rule = LabRule::Octal(code(text));
        let values = rule.values(3000);
        let found = rule
            .period(&values)
            .unwrap_or_else(|| panic!("{text}: no period"));
        assert_eq!(
            (found.period, found.preperiod, found.proved),
            (period, last + 1, true),
            "{text} ({source})"
        );
        assert_eq!(find_period(&values, rule.max_take()), Some(found));
    }
}

use std::collections::HashMap;

use grundy::game::{Impartial, Notation, Position};
use grundy::games::heaps::Heaps;
use proptest::prelude::*;

/// Whether removing `take` tokens from a heap of `x` may leave `k` non-empty heaps, read from
/// the digits as written here (d0 first, `repeat` the last digit forever).
fn may_leave(digits: &[u8], repeat: bool, x: u64, take: u64, k: u32) -> bool {
    let d = match digits.get(take as usize) {
        Some(&d) => d,
        None if repeat => *digits.last().unwrap(),
        None => 0,
    };
    let rest = match x.checked_sub(take) {
        Some(r) => r,
        None => return false,
    };
    let fits = rest >= u64::from(k) && (k > 0 || rest == 0);
    fits && !(take == 0 && k < 2) && d >> k & 1 == 1
}

/// Every way a move can leave a heap of `x`: the sorted non-empty pieces.
fn options(digits: &[u8], repeat: bool, x: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for take in 0..=x {
        let rest = x - take;
        if may_leave(digits, repeat, x, take, 0) {
            out.push(vec![]);
        }
        if may_leave(digits, repeat, x, take, 1) {
            out.push(vec![rest]);
        }
        if may_leave(digits, repeat, x, take, 2) {
            for a in 1..=rest / 2 {
                out.push(vec![a, rest - a]);
            }
        }
        if may_leave(digits, repeat, x, take, 3) {
            for a in 1..=rest / 3 {
                for b in a..=(rest - a) / 2 {
                    out.push(vec![a, b, rest - a - b]);
                }
            }
        }
    }
    out
}

/// Values 0..=n by the definition: the mex of the XOR of the pieces' values (the pieces
/// walked as [`options`] lists them, without building the lists: 20 000 heaps of a splitting
/// game are 10^8 splits).
fn mex_values(digits: &[u8], repeat: bool, n: u64) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    let mut seen: Vec<u64> = Vec::new();
    for x in 0..=n {
        let stamp = x + 1;
        seen.resize(2 * (x as usize) + 2, 0);
        let mut mark = |v: u32| {
            if let Some(s) = seen.get_mut(v as usize) {
                *s = stamp;
            }
        };
        for take in 0..=x {
            let rest = x - take;
            if may_leave(digits, repeat, x, take, 0) {
                mark(0);
            }
            if may_leave(digits, repeat, x, take, 1) {
                mark(g[rest as usize]);
            }
            if may_leave(digits, repeat, x, take, 2) {
                for a in 1..=rest / 2 {
                    mark(g[a as usize] ^ g[(rest - a) as usize]);
                }
            }
            if may_leave(digits, repeat, x, take, 3) {
                for a in 1..=rest / 3 {
                    for b in a..=(rest - a) / 2 {
                        mark(g[a as usize] ^ g[b as usize] ^ g[(rest - a - b) as usize]);
                    }
                }
            }
        }
        g.push(seen.iter().position(|&s| s != stamp).unwrap() as u32);
    }
    g
}

/// Who wins a position (sorted heaps) by a game-tree search over the digits' moves: no
/// Sprague–Grundy theory.
fn mover_wins(
    digits: &[u8],
    repeat: bool,
    heaps: Vec<u64>,
    memo: &mut HashMap<Vec<u64>, bool>,
) -> bool {
    if let Some(&w) = memo.get(&heaps) {
        return w;
    }
    let mut wins = false;
    'search: for i in 0..heaps.len() {
        if i > 0 && heaps[i] == heaps[i - 1] {
            continue;
        }
        for pieces in options(digits, repeat, heaps[i]) {
            let mut next: Vec<u64> = heaps.clone();
            next.remove(i);
            next.extend(pieces);
            next.retain(|&p| p > 0);
            next.sort_unstable();
            if !mover_wins(digits, repeat, next, memo) {
                wins = true;
                break 'search;
            }
        }
    }
    memo.insert(heaps, wins);
    wins
}

fn code_text(digits: &[u8], repeat: bool) -> String {
    let mut s = format!("{:x}.", digits[0]);
    for d in &digits[1..] {
        s.push_str(&format!("{d:x}"));
    }
    if repeat {
        s.push_str("...");
    }
    s
}

/// Random codes: d0 in {0, 4, 8, c}, 1 to 3 digits after the point, octal or hexadecimal,
/// sometimes with the last digit repeated.
fn codes() -> impl Strategy<Value = (Vec<u8>, bool)> {
    (
        prop::sample::select(vec![0u8, 4, 8, 12]),
        prop::collection::vec(0u8..16, 1..=3),
        prop::bool::weighted(0.15),
        prop::bool::ANY,
    )
        .prop_map(|(d0, rest, repeat, octal)| {
            let mut digits = vec![if octal { d0 & 4 } else { d0 }];
            digits.extend(rest.into_iter().map(|d| if octal { d & 7 } else { d }));
            (digits, repeat)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The values to n = 500 (150 for codes with repeated splitting digits, whose definition
    /// costs n³ here) are the mex of the digits' rule.
    #[test]
    fn values_are_the_mex_of_the_digits((digits, repeat) in codes()) {
        let text = code_text(&digits, repeat);
        let code = OctalCode::parse(&text).unwrap();
        let heavy = (repeat && digits.last().unwrap() & 12 != 0) || digits.iter().any(|d| d & 8 != 0);
        let n = if heavy { 150 } else { 500 };
        prop_assert_eq!(code.values(n), mex_values(&digits, repeat, n), "{}", text);
    }

    /// The engine's play agrees with a game-tree search: who wins, and every winning move it
    /// lists leaves a lost position; a code and every move code read back.
    #[test]
    fn play_agrees_with_a_search((digits, repeat) in codes(), heaps in prop::collection::vec(0u64..=9, 1..=3)) {
        let text = code_text(&digits, repeat);
        let position = Heaps::from_code(&format!("octal:{text}:{}", heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(","))).unwrap();
        prop_assert_eq!(Heaps::from_code(&position.to_code()).unwrap(), position.clone());
        let mut memo = HashMap::new();
        let mut sorted: Vec<u64> = heaps.iter().copied().filter(|&x| x > 0).collect();
        sorted.sort_unstable();
        let wins = mover_wins(&digits, repeat, sorted, &mut memo);
        prop_assert_eq!(position.mover_wins(), wins, "{}", position.to_code());
        let winning = position.winning_moves(usize::MAX);
        prop_assert_eq!(winning.is_empty(), !wins);
        for mv in position.legal_moves() {
            prop_assert_eq!(position.parse_move(&position.move_code(&mv)).unwrap(), mv);
            let after = position.play_unchecked(&mv);
            let mut rest: Vec<u64> = after.heaps().iter().copied().filter(|&x| x > 0).collect();
            rest.sort_unstable();
            let lost = !mover_wins(&digits, repeat, rest, &mut memo);
            prop_assert_eq!(winning.contains(&mv), lost, "{} {:?}", position.to_code(), mv);
        }
        let (count, exact) = position.count_winning_moves();
        prop_assert!(exact);
        prop_assert_eq!(count, winning.len());
    }

    /// A heap's moves are the positions the digits' rule leaves, each once: a split into
    /// 1 + 2 + 17 is not listed again as 2 + 1 + 17 (`octal:8.3...:20` listed 191 moves where
    /// the rule gives 53 positions).
    #[test]
    fn each_position_a_heap_can_leave_is_one_move((digits, repeat) in codes(), x in 0u64..=24) {
        let text = code_text(&digits, repeat);
        let Ok(position) = Heaps::from_code(&format!("octal:{text}:{x}")) else {
            return Ok(());
        };
        let mut listed: Vec<Vec<u64>> = position
            .legal_moves()
            .iter()
            .map(|mv| {
                let mut left: Vec<u64> =
                    position.play_unchecked(mv).heaps().iter().copied().filter(|&h| h > 0).collect();
                left.sort_unstable();
                left
            })
            .collect();
        listed.sort();
        let mut wanted = options(&digits, repeat, x);
        wanted.sort();
        prop_assert_eq!(listed, wanted, "octal:{}:{}", text, x);
    }
}

/// Past a proved period's preperiod a split's middle is counted a residue at a time: the
/// counts of the moves to each nim-sum there are the moves the list has, one per position.
#[test]
fn counted_splits_are_the_listed_ones_past_the_period() {
    for digits in ["0.77", "0.07", "0.137", "4.7", "0.6"] {
        for x in [150u64, 199, 200, 263] {
            for other in 0..=8 {
                let code = format!("octal:{digits}:{x},{other}");
                let p = Heaps::from_code(&code).unwrap();
                let (count, exact) = p.count_winning_moves();
                let by_list = p
                    .legal_moves()
                    .iter()
                    .filter(|mv| p.play_unchecked(mv).nim_sum().is_zero())
                    .count();
                assert!(exact, "{code}");
                assert_eq!(count, by_list, "{code}");
            }
        }
    }
}

#[test]
fn a_proved_period_gives_the_plain_values_to_20000() {
    for &(text, _, _, source) in PUBLISHED {
        let parsed = code(text);
        let mut digits = vec![0u8];
        digits.extend(text[2..].chars().map(|c| c.to_digit(16).unwrap() as u8));
        let plain = mex_values(&digits, false, 20_000);
        let (table, period) = parsed.table(20_000, &mut |_| {});
        let period = period.unwrap_or_else(|| panic!("{text}: no proved period"));
        assert!((table.len() as u64) > 20_000);
        // The game reads a heap through the period once past its short table (grown on
        // demand where the first 1024 heaps did not prove it: 0.177).
        let position = Heaps::from_code(&format!("octal:{text}:0")).unwrap();
        let values = grundy::games::heaps::values::HeapValues::new(position.rule());
        for n in 0..=20_000u64 {
            assert_eq!(
                period.value(&table, n),
                u64::from(plain[n as usize]),
                "{text} ({source}) at {n}"
            );
            assert_eq!(
                values.value(n),
                u64::from(plain[n as usize]),
                "{text} game value at {n}"
            );
        }
    }
}

#[test]
fn grundys_game_by_sparse_space_equals_the_mex() {
    use grundy::games::heaps::values::{grundy_table, grundy_table_by_mex};
    assert_eq!(grundy_table(4000), grundy_table_by_mex(4000));
}

#[test]
fn huge_heaps_of_a_proved_game_are_played_by_the_period() {
    let p = Heaps::from_code("octal:0.137:1000000000000000000,7").unwrap();
    let moves = p.winning_moves(5);
    assert!(!moves.is_empty());
    for mv in &moves {
        assert!(p.play_unchecked(mv).nim_sum().is_zero());
    }
    let (count, exact) = p.count_winning_moves();
    assert!(exact && count > 5);
    // A code whose period is not proved keeps the table's bound, in the same words as every
    // rule (0.2…, G(n) = n − 1, is arithmetic-periodic but outside the proved family).
    let err = Heaps::from_code("octal:0.2...:5000").unwrap_err();
    assert!(
        err.message.to_string().contains("heaps to 4096"),
        "{}",
        err.message
    );
}

/// A heap of 10^18 whose period gives no move to the value wanted is answered at once: the
/// search for moves went through 10^16 empty blocks of the period (`analyze
/// octal:0.77:1000000000000000000,5` ran for minutes). Every heap beside it, every code of the
/// published periods: the count is exact and the moves listed win.
#[test]
fn huge_heaps_with_no_move_to_a_value_are_answered_at_once() {
    for digits in ["0.77", "0.07", "0.137", "0.1377", "0.117"] {
        for other in 0..=12 {
            let code = format!("octal:{digits}:1000000000000000000,{other}");
            let p = Heaps::from_code(&code).unwrap();
            let (count, exact) = p.count_winning_moves();
            assert!(exact, "{code}");
            let moves = p.winning_moves(8);
            assert_eq!(moves.len(), count.min(8), "{code}");
            for mv in &moves {
                assert!(p.play_unchecked(mv).nim_sum().is_zero(), "{code}");
            }
        }
    }
}

#[test]
fn bad_codes_name_the_place_and_the_reason() {
    for (text, column, word) in [
        ("", 1, "empty"),
        ("0.1x7", 4, "'x'"),
        ("1.7", 1, "d0"),
        ("2.7", 1, "d0"),
        ("0.", 3, "no digits"),
        ("0137", 5, "no point"),
        ("0.1.3", 4, "repeat mark"),
    ] {
        let e = OctalCode::parse(text)
            .err()
            .unwrap_or_else(|| panic!("{text} parsed"));
        assert_eq!(e.column, column, "{text}: {}", e.message);
        assert!(
            e.message.to_string().contains(word),
            "{text}: {}",
            e.message
        );
    }
    assert_eq!(code("0.3…").code(), "0.3...");
    assert_eq!(code("0.3...").to_string(), "0.3…");
    assert_eq!(code("0.70").code(), "0.7");
    assert_eq!(code(".137").code(), "0.137");
    assert_eq!(code("0.F").code(), "0.f");
}

/// Codes with d0 ∈ {4, 8} (a split without a take) or a repeated last digit, where the
/// arithmetic periods live: 1 to 3 digits, hexadecimal.
fn saltus_codes() -> impl Strategy<Value = (Vec<u8>, bool)> {
    (
        prop::sample::select(vec![0u8, 4, 8]),
        prop::collection::vec(0u8..16, 1..=3),
        prop::bool::ANY,
        prop::bool::weighted(0.5),
    )
        .prop_map(|(d0, mut rest, repeat, nim)| {
            // Half of them take any number as Nim does (every digit has bits 1 and 2), the
            // family the arithmetic-periodicity check proves.
            if nim {
                rest.iter_mut().for_each(|d| *d |= 3);
            }
            let d0 = if d0 == 0 && !repeat { 4 } else { d0 };
            let mut digits = vec![d0];
            digits.extend(rest);
            (digits, repeat || nim)
        })
        .prop_filter("a code", |(digits, _)| digits.len() > 1)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// Every period found (with its saltus) holds on the whole table it was found in, and
    /// every proved one on a table ten times longer, both by the plain mex of the digits.
    #[test]
    fn arithmetic_periods_hold_and_proved_ones_hold_ten_times_further((digits, repeat) in saltus_codes()) {
        let text = code_text(&digits, repeat);
        let code = OctalCode::parse(&text).unwrap();
        let three = digits.iter().any(|d| d & 8 != 0);
        let n: u64 = if three { 23 } else { 47 };
        let rule = LabRule::Octal(code);
        let values = mex_values(&digits, repeat, n);
        prop_assert_eq!(&rule.values(n), &values, "{}", text);
        let Some(period) = rule.period(&values) else { return Ok(()); };
        let holds = |values: &[u32], to: usize| {
            (period.preperiod as usize..to - period.period as usize).all(|m| {
                u64::from(values[m + period.period as usize]) == u64::from(values[m]) + period.saltus
            })
        };
        prop_assert!(holds(&values, values.len()), "{} {:?}", text, period);
        if period.proved {
            let longer = mex_values(&digits, repeat, 10 * (n + 1) - 1);
            prop_assert!(holds(&longer, longer.len()), "{} {:?} proved but fails by {}", text, period, 10 * (n + 1));
            for (m, &v) in longer.iter().enumerate() {
                prop_assert_eq!(period.value(&values, m as u64), u64::from(v), "{} at {}", text, m);
            }
        }
    }
}

/// Lasker's Nim (HDU 3032) and the split into three (HDU 5795): the saltus found, proved, and
/// the values read from it at any heap.
#[test]
fn laskers_nim_and_the_split_into_three_are_proved() {
    for (text, n0, p, s) in [("4.3...", 1, 4, 4), ("8.3...", 1, 8, 8)] {
        let rule = LabRule::Octal(code(text));
        let values = rule.values(200);
        let found = rule.period(&values).unwrap();
        assert_eq!(
            (found.preperiod, found.period, found.saltus, found.proved),
            (n0, p, s, true),
            "{text}"
        );
        let (table, proved) = code(text).table(100_000, &mut |_| {});
        assert_eq!(proved.map(|p| (p.period, p.saltus)), Some((p, s)), "{text}");
        assert_eq!(table.len(), 100_001);
    }
    // The contests' closed forms: Lasker's Nim n%4 ∈ {1,2} → n, 3 → n+1, 0 → n−1; the split
    // into three n%8 = 7 → n+1, 0 → n−1, else n.
    let lasker = Heaps::from_code("octal:4.3...:1000000000000000000,999999999999999999,7").unwrap();
    assert_eq!(
        lasker.values(),
        vec![999_999_999_999_999_999, 1_000_000_000_000_000_000, 8]
    );
    let three = Heaps::from_code("octal:8.3...:1000000000000000000,999999999999999999").unwrap();
    assert_eq!(
        three.values(),
        vec![999_999_999_999_999_999, 1_000_000_000_000_000_000]
    );
    for p in [lasker, three] {
        let moves = p.winning_moves(4);
        assert!(!moves.is_empty(), "{}", p.to_code());
        for mv in &moves {
            assert!(p.play_unchecked(mv).nim_sum().is_zero(), "{}", p.to_code());
        }
    }
}

/// Long codes: HDU 3980's "remove exactly m in a row" for m = 1000 is `0.0{999}7`, read back in
/// the same shorthand; its values against the plain mex of the written-out digits.
#[test]
fn long_codes_and_their_shorthand() {
    let long = code("0.0{999}7");
    assert_eq!(long.digit_count(), 1000);
    assert_eq!(long.code(), "0.0{999}7");
    assert_eq!(code(&long.code()), long);
    let small = code("0.0{4}7");
    assert_eq!(small.code(), "0.00007");
    let mut digits = vec![0u8; 6];
    digits[5] = 7;
    assert_eq!(small.values(300), mex_values(&digits, false, 300));
    assert_eq!(long.values(3000), {
        let mut digits = vec![0u8; 1001];
        digits[1000] = 7;
        mex_values(&digits, false, 3000)
    });
    for (text, column) in [("0.{3}7", 3), ("0.3{0}", 4), ("0.3{x}", 4), ("0.3{4", 4)] {
        let e = OctalCode::parse(text)
            .err()
            .unwrap_or_else(|| panic!("{text} parsed"));
        assert_eq!(e.column, column, "{text}: {}", e.message);
    }
    assert!(OctalCode::parse("0.3{20000}").is_err());
}
