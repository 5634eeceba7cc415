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
