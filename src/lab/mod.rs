//! The Lab's engine (打表找规律: tabulate, find the pattern, prove it): any heap rule or octal
//! code as a [`LabRule`], its values to a chosen n, and the period of those values
//! ([`find_period`], proved by the periodicity theorem where it applies). The `sg` tables, the
//! Lab screen and its pictures all tabulate through here.
//!
//! - [`LabRule::parse`] reads `0.137`, `octal:0.137`, `4.7`, `0.3…` (or `0.3...`), `dawson`,
//!   `kayles`, `bash:3`, `subtraction:1,3,4`; a [`CodeError`] names the character (from 1).
//! - [`LabRule::values`] gives G(0..=n); [`LabRule::values_reporting`] calls back as it goes,
//!   for a progress bar. Octal codes use the sparse-space method and fill past a proved
//!   period, so a table of a million values of `0.137` takes a fraction of a second.
//! - [`LabRule::period`] finds the smallest period P, then the smallest preperiod N0, of a
//!   table; [`Period::proved`] says whether the periodicity theorem proves it for every
//!   n ≥ N0 (a finite code, G(n + P) = G(n) checked far enough), and [`Period::value`] reads a
//!   value past the table through it.
//! - [`check::Formula`] checks a formula typed by hand (evalexpr; `if C { A } else { B }`
//!   accepted) against a table: [`check::Formula::first_counterexample`].
//!
//! ```
//! use grundy::lab::{LabRule, check::Formula};
//!
//! // Kayles is the octal game 0.77: its values repeat with period 12 from n = 71.
//! let kayles = LabRule::parse("0.77").unwrap();
//! let values = kayles.values(1000);
//! let period = kayles.period(&values).unwrap();
//! assert_eq!((period.period, period.preperiod, period.proved), (12, 71, true));
//! let far = values[71 + (1_000_000_000_000 - 71) % 12];
//! assert_eq!(period.value(&values, 1_000_000_000_000), u64::from(far));
//!
//! // Bash (take 1..3): G(n) = n mod 4.
//! let bash = LabRule::parse("bash:3").unwrap().values(100);
//! let formula = Formula::parse("n % 4").unwrap();
//! let cells = (0..=100).map(|n| (vec![("n", n as i64)], bash[n] as i64));
//! assert!(formula.first_counterexample(cells).unwrap().is_none());
//! ```

pub mod check;
pub mod pairs;
pub mod pattern;

use crate::game::CodeError;
use crate::games::heaps::Rule;
use crate::games::heaps::rules::fibonacci_up_to;
use crate::games::heaps::values::{
    PrimeTable, grundy_table_reporting, lieges_value, staircase_table, subtraction_table,
};

pub use crate::games::heaps::octal::OctalCode;
pub use crate::games::heaps::period::{Period, find_period, find_period_splitting};

/// A rule whose single-heap values the Lab can tabulate: an octal (or hexadecimal) code, or one
/// of the heap games' rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LabRule {
    /// `0.137`, `4.7`, `0.3…`.
    Octal(OctalCode),
    /// `kayles`, `bash:3`, `subtraction:1,3,4`, `grundy`, …
    Heap(Rule),
}

impl LabRule {
    /// Reads a rule as the `sg` commands and the Lab take it: an octal code (`0.137`,
    /// `octal:0.137`), `dawson` (Dawson's Kayles, 0.07), or a heap rule without heaps
    /// (`kayles`, `bash:3`, `take:2,5`). Errors name the character (from 1) and the reason.
    pub fn parse(text: &str) -> Result<LabRule, CodeError> {
        let text = text.trim();
        if let Some(code) = text.strip_prefix("octal:") {
            return OctalCode::parse(code)
                .map(LabRule::Octal)
                .map_err(|e| CodeError::new(e.column + "octal:".len(), e.message));
        }
        if text == "dawson" {
            return Ok(LabRule::Octal(
                OctalCode::parse("0.07").expect("Dawson's Kayles is 0.07"),
            ));
        }
        let starts_like_code = text
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_hexdigit() || c == '.');
        let name = text.split(':').next().unwrap_or_default();
        if starts_like_code && !crate::games::heaps::notation::is_heap_rule(name) {
            return OctalCode::parse(text).map(LabRule::Octal);
        }
        use crate::game::Notation;
        let position = crate::games::heaps::Heaps::from_code(&format!("{text}:0"))?;
        Ok(LabRule::Heap(position.rule().clone()))
    }

    /// The rule as [`LabRule::parse`] reads it back: `0.137`, `kayles`, `bash:3`.
    pub fn code(&self) -> String {
        match self {
            LabRule::Octal(code) => code.code(),
            LabRule::Heap(rule) => {
                use crate::game::Notation;
                let position = crate::games::heaps::Heaps::new(rule.clone(), vec![0])
                    .expect("one empty heap is a position");
                let code = position.to_code();
                code.strip_suffix(":0").unwrap_or(&code).to_string()
            }
        }
    }

    /// The values G(0), …, G(n) of a single heap.
    pub fn values(&self, n: u64) -> Vec<u32> {
        self.values_reporting(n, &mut |_| {})
    }

    /// [`LabRule::values`], calling `report` now and then with how many values are done (of
    /// n + 1), for a progress bar or a gauge.
    pub fn values_reporting(&self, n: u64, report: &mut dyn FnMut(u64)) -> Vec<u32> {
        let formula = |f: &dyn Fn(u64) -> u64| -> Vec<u32> {
            (0..=n)
                .map(|x| u32::try_from(f(x)).unwrap_or(u32::MAX))
                .collect()
        };
        let values = match self {
            LabRule::Octal(code) => return code.values_reporting(n, report),
            LabRule::Heap(Rule::Octal { code }) => return code.values_reporting(n, report),
            LabRule::Heap(rule) => match rule {
                Rule::Nim | Rule::Misere => formula(&|x| x),
                Rule::Bash { m } => formula(&|x| x % (m + 1)),
                Rule::TakeRange { l, r } => formula(&|x| (x % (l + r)) / l),
                Rule::Lieges { k } => formula(&|x| u64::from(lieges_value(*k, x))),
                Rule::Subtraction { set } => subtraction_table(set, n),
                Rule::Fibonacci => subtraction_table(&fibonacci_up_to(n), n),
                // Kayles is 0.77: its table through the sparse space and its proved period.
                Rule::Kayles => {
                    let kayles = OctalCode::parse("0.77").expect("Kayles is 0.77");
                    return kayles.values_reporting(n, report);
                }
                Rule::Grundy => grundy_table_reporting(n, report),
                Rule::Staircase => staircase_table(n),
                Rule::Octal { .. } => unreachable!("valued by its code above"),
                Rule::Coprime => {
                    let primes = PrimeTable::new(n);
                    (0..=n).map(|x| primes.coprime_value(x)).collect()
                }
            },
        };
        report(n + 1);
        values
    }

    /// The most tokens a move removes, when the rule is a take-and-break game with such a
    /// bound (the t of the periodicity theorem): a finite octal code, Bash, a subtraction set,
    /// take l..r, Kayles (0.77). `None` otherwise (Nim, Grundy's game, Lieges, …).
    pub fn max_take(&self) -> Option<u64> {
        match self {
            LabRule::Octal(code) => code.max_take(),
            LabRule::Heap(rule) => match rule {
                Rule::Bash { m } => Some(*m),
                Rule::Subtraction { set } => set.last().copied(),
                Rule::TakeRange { r, .. } => Some(*r),
                Rule::Kayles => Some(2),
                Rule::Octal { code } => code.max_take(),
                _ => None,
            },
        }
    }

    /// The most heaps a move leaves (for the theorem's range).
    pub fn most_pieces(&self) -> u32 {
        match self {
            LabRule::Octal(code) => code.most_pieces(),
            LabRule::Heap(Rule::Kayles) => 2,
            LabRule::Heap(Rule::Octal { code }) => code.most_pieces(),
            LabRule::Heap(_) => 1,
        }
    }

    /// The period of this rule's `values` (from [`LabRule::values`]), with its saltus,
    /// proved where a theorem applies: the periodicity theorem for a pure period of a finite
    /// code, the arithmetic-periodicity check ([`crate::games::heaps::arithmetic`]) for a
    /// saltus.
    pub fn period(&self, values: &[u32]) -> Option<Period> {
        let period = find_period_splitting(values, self.max_take(), self.most_pieces())?;
        let code = match self {
            LabRule::Octal(code) => Some(code.clone()),
            LabRule::Heap(Rule::Octal { code }) => Some((**code).clone()),
            // Nim is 0.3…: its saltus 1 has the same proof.
            LabRule::Heap(Rule::Nim) => OctalCode::parse("0.3...").ok(),
            _ => None,
        };
        let proved = period.proved
            || period.saltus > 0
                && code.is_some_and(|code| {
                    crate::games::heaps::arithmetic::proves(&code, values, &period)
                });
        Some(Period { proved, ..period })
    }
}
