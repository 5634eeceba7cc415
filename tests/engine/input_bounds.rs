//! The bounds that keep bad input cheap (issue 39): a formula's length and bracket depth
//! refused before evalexpr parses it, and the cost of an octal table by mex counted before it
//! is built (the count checked against the steps the mex loop takes, counted here from the
//! code's digits).

use grundy::lab::OctalCode;
use grundy::lab::check::{Formula, FormulaProblem, MAX_FORMULA_CHARS, MAX_FORMULA_DEPTH};

#[test]
fn a_formula_past_its_bounds_is_refused_with_the_place() {
    let deep = format!("{}n{}", "(".repeat(40_000), ")".repeat(40_000));
    let e = Formula::parse(&deep).err().expect("refused");
    assert!(matches!(e.problem, FormulaProblem::TooLong { .. }), "{e:?}");
    let deep = format!("{}n{}", "(".repeat(400), ")".repeat(400));
    let e = Formula::parse(&deep).err().expect("refused");
    assert_eq!(
        e.problem,
        FormulaProblem::TooDeep {
            max: MAX_FORMULA_DEPTH
        }
    );
    assert_eq!(e.column, MAX_FORMULA_DEPTH + 1);
    let signs = format!("{}n", "- ".repeat(300));
    let e = Formula::parse(&signs).err().expect("refused");
    assert!(matches!(e.problem, FormulaProblem::TooDeep { .. }), "{e:?}");
    let long = "n+".repeat(MAX_FORMULA_CHARS);
    let e = Formula::parse(&long).err().expect("refused");
    assert_eq!(e.column, MAX_FORMULA_CHARS + 1);
    // Within the bounds, as deep as allowed, a formula parses and evaluates.
    let nested = format!(
        "{}n{}",
        "(".repeat(MAX_FORMULA_DEPTH),
        ")".repeat(MAX_FORMULA_DEPTH)
    );
    assert_eq!(Formula::parse(&nested).unwrap().eval(&[("n", 5)]), Ok(5));
    assert_eq!(
        Formula::parse("-(-(n % 3))").unwrap().eval(&[("n", 5)]),
        Ok(2)
    );
}

/// The steps the mex loop of an octal table takes to heap n, counted from the code's digits
/// as the rules say: every take, each way to leave the rest as one, two or three heaps.
fn steps(code: &str, n: u64) -> u128 {
    let (body, repeats) = match code.strip_suffix("...") {
        Some(body) => (body, true),
        None => (code, false),
    };
    let digits: Vec<u32> = body
        .replace('.', "")
        .chars()
        .map(|c| c.to_digit(16).unwrap())
        .collect();
    let digit = |t: u64| {
        let t = t as usize;
        if t < digits.len() {
            digits[t]
        } else if repeats {
            *digits.last().unwrap()
        } else {
            0
        }
    };
    let mut count: u128 = 0;
    for x in 0..=n {
        let most = if repeats {
            x
        } else {
            x.min(digits.len() as u64 - 1)
        };
        for take in 0..=most {
            let (d, rest) = (digit(take), x - take);
            count += 1;
            if d & 4 != 0 {
                count += u128::from(rest / 2);
            }
            if d & 8 != 0 {
                for a in 1..=rest / 3 {
                    count += u128::from((rest - a) / 2 + 1 - a);
                }
            }
        }
    }
    count
}

#[test]
fn the_cost_of_an_octal_table_by_mex_is_counted_before_it_is_built() {
    for code in ["0.f...", "0.6...", "0.3...", "0.ff", "0.8f", "4.f..."] {
        let octal = OctalCode::parse(code).unwrap();
        for n in [10u64, 40, 120] {
            let actual = steps(code, n);
            // The largest heap within exactly that many steps is about n: the estimate
            // counts a three-heap split's pairs as r²/12.
            let reach = octal.mex_reach(actual, 1_000_000);
            assert!(
                (n - n / 4 - 2..=n + n / 4 + 2).contains(&reach),
                "{code} to {n}: {actual} steps, reach {reach}"
            );
        }
    }
    // A code by the sparse space is never bounded by it.
    let kayles = OctalCode::parse("0.77").unwrap();
    assert_eq!(kayles.mex_reach(0, 12345), 12345);
}
