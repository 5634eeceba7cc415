//! The fast paths of the curriculum's `solve` formats against slower ones written from the
//! rules or the definitions: the stick game's won/lost table pushed forward against the mex
//! table, the odd-only prime sieve against trial division, Zeckendorf's smallest term without a
//! list against the list, and Wythoff's 64-bit root against the 128-bit one.

use grundy::games::fibnim::{smallest_zeckendorf_term, zeckendorf};
use grundy::games::heaps::contest::{Format, solve, stick_game};
use grundy::games::heaps::values::{PrimeTable, subtraction_table};
use grundy::games::wythoff::{isqrt, lower_wythoff};
use proptest::prelude::*;

/// A won/lost letter per heap 1..=n from the mex table (value ≠ 0 is won).
fn letters_from_values(set: &[u64], n: u64) -> String {
    let table = subtraction_table(set, n);
    let mut out: String = table[1..]
        .iter()
        .map(|&v| if v != 0 { 'W' } else { 'L' })
        .collect();
    out.push('\n');
    out
}

proptest! {
    #[test]
    fn stick_game_matches_the_mex_table(
        mut set in prop::collection::vec(1u64..60, 1..8),
        n in 1u64..3000,
    ) {
        set.sort_unstable();
        set.dedup();
        prop_assert_eq!(stick_game(&set, n), letters_from_values(&set, n));
    }

    #[test]
    fn smallest_zeckendorf_term_is_the_lists_last(n in 1u64..=u64::MAX / 2) {
        prop_assert_eq!(smallest_zeckendorf_term(n), *zeckendorf(n).last().unwrap());
    }

    #[test]
    fn lower_wythoff_agrees_with_128_bit_roots(k in 0u64..4_000_000_000) {
        let wide = u128::from(k);
        prop_assert_eq!(u128::from(lower_wythoff(k)), (wide + isqrt(5 * wide * wide)) / 2);
    }
}

#[test]
fn smallest_zeckendorf_term_around_every_fibonacci_number() {
    let (mut a, mut b) = (1u64, 2u64);
    while let Some(c) = a.checked_add(b) {
        for n in [a - 1, a, a + 1, b - 1, b, b + 1] {
            if n >= 1 {
                assert_eq!(
                    smallest_zeckendorf_term(n),
                    *zeckendorf(n).last().unwrap(),
                    "{n}"
                );
            }
        }
        (a, b) = (b, c);
    }
}

#[test]
fn lower_wythoff_at_the_64_bit_edge() {
    for k in (1_899_999_000..1_900_001_000).chain([u64::MAX / 3, 10u64.pow(12)]) {
        let wide = u128::from(k);
        assert_eq!(
            u128::from(lower_wythoff(k)),
            (wide + isqrt(5 * wide * wide)) / 2,
            "{k}"
        );
    }
}

/// The coprime-take value from its definition: the index among the primes of the least prime
/// factor (by trial division) for odd x ≥ 3.
#[test]
fn odd_sieve_matches_trial_division() {
    let n = 200_000u64;
    let table = PrimeTable::new(n);
    let mut primes = Vec::new();
    for x in 2..=n {
        let least = (2..)
            .take_while(|d| d * d <= x)
            .find(|d| x % d == 0)
            .unwrap_or(x);
        if least == x {
            primes.push(x);
        }
        let expected = if x % 2 == 0 {
            0
        } else {
            primes.iter().position(|&p| p == least).unwrap() as u32 + 1
        };
        assert_eq!(table.coprime_value(x), expected, "{x}");
    }
    assert_eq!(table.coprime_value(1), 1);
    assert_eq!(table.coprime_value(0), 0);
    // A table to an odd or an even bound reaches its last number.
    for bound in [2u64, 3, 9, 10] {
        let small = PrimeTable::new(bound);
        assert_eq!(
            small.coprime_value(bound),
            PrimeTable::new(100).coprime_value(bound)
        );
    }
}

/// The whole formats: cses2207 (a table only to the last losing heap) and cf2004e (the odd
/// sieve) on inputs whose answers come from the definitions above.
#[test]
fn formats_on_small_inputs() {
    let grundy = grundy::games::heaps::values::grundy_table(3000);
    let input: String = format!(
        "3000\n{}",
        (1..=3000).map(|n| format!("{n}\n")).collect::<String>()
    );
    let expected: String = (1..=3000)
        .map(|n| {
            if grundy[n] != 0 {
                "first\n"
            } else {
                "second\n"
            }
        })
        .collect();
    assert_eq!(solve(Format::Cses2207, input.as_bytes()).unwrap(), expected);
    let heaps = [1u64, 2, 3, 9, 15, 25, 49, 97, 1_000_003];
    let input = format!(
        "{}\n{}",
        heaps.len(),
        heaps
            .iter()
            .map(|h| format!("1\n{h}\n"))
            .collect::<String>()
    );
    let table = PrimeTable::new(1_000_003);
    let expected: String = heaps
        .iter()
        .map(|&h| {
            if table.coprime_value(h) != 0 {
                "Alice\n"
            } else {
                "Bob\n"
            }
        })
        .collect();
    assert_eq!(solve(Format::Cf2004e, input.as_bytes()).unwrap(), expected);
}

proptest! {
    #[test]
    fn divisor_divides_like_the_cpu(x in 0u64..1 << 32, d in 1u64..1 << 32) {
        let by = grundy::games::heaps::contest::Divisor::new(d);
        prop_assert_eq!(by.quotient(x), x / d);
        prop_assert_eq!(by.remainder(x), x % d);
    }

    #[test]
    fn p_positions_with_and_without_the_float_test(a in 0u64..2_000_000_000, d in 0u64..3) {
        // Near and on the P-position of a's diagonal, and off it.
        let k = a / 2;
        let lower = lower_wythoff(k);
        for b in [a, lower + k, lower + k + d, lower + k - d.min(lower + k)] {
            let (x, y) = (lower.min(b), lower.max(b));
            let exact = lower_wythoff(y - x) == x;
            prop_assert_eq!(grundy::games::wythoff::is_p_position(lower, b), exact);
            prop_assert_eq!(grundy::games::wythoff::is_p_position(b, a), {
                let (x, y) = (a.min(b), a.max(b));
                lower_wythoff(y - x) == x
            });
        }
    }
}
