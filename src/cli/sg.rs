//! `grundy sg`: the Sprague–Grundy value tables of the games.

use std::io::Write;
use std::process::ExitCode;

use crate::game::{Impartial, Notation};
use crate::games::{coins, dodgeball, grid, heaps};
use crate::nimber::Nimber;

use super::{Failure, SgTable};
use crate::lab::check::Formula;
use crate::lab::{LabRule, Period};
use crate::locale::Words;
use crate::locale::formula_problem;
use crate::tr;
use crate::tui::text;

/// The most characters of a code or a formula an error quotes (a line's worth).
const QUOTED: usize = 60;
/// The most characters of each value a refusal's sentence names (a list of rules is long).
const SAID_QUOTED: usize = 200;

/// What a table offers `--check`: a row of values indexed by `n` from `first`, or cells
/// (a, b, value) of a 2-D table.
pub(super) enum Checked {
    Line {
        first: i64,
        values: Vec<i64>,
    },
    /// A heap table's values 0..=last, kept as they were computed (a table of 10^7 heaps
    /// would take 80 MB more as `i64`s).
    Heaps {
        values: Vec<u32>,
        last: u64,
    },
    Grid {
        cells: Vec<(i64, i64, i64)>,
    },
}

pub(super) fn sg_table(
    table: &SgTable,
    check: Option<&str>,
    pattern: bool,
    out: &mut impl Write,
) -> Result<ExitCode, Failure> {
    let vars: &[(&str, i64)] = match table {
        SgTable::Grid { .. }
        | SgTable::Wythoff { .. }
        | SgTable::Ed { .. }
        | SgTable::Stairs { .. } => &[("a", 1), ("b", 1)],
        _ => &[("n", 1)],
    };
    let formula = formula_of(check, vars)?;
    let checked = print_table(table, out)?;
    let code = match formula {
        Some(formula) => check_formula(&formula, check.unwrap_or_default(), &checked, out)?,
        None => ExitCode::SUCCESS,
    };
    if pattern {
        writeln!(out, "{}", pattern_line(&checked))?;
    }
    Ok(code)
}

/// The formula of `--check`, parsed and tried once on the table's variables `vars`, so that a
/// bad formula or one that cannot evaluate (a name the table has not, a float) is refused
/// before any table is built.
pub(super) fn formula_of(
    check: Option<&str>,
    vars: &[(&str, i64)],
) -> Result<Option<Formula>, Failure> {
    let refused = |text: &str, column, message| {
        Failure::Input(
            tr!(
                "cli.error_check",
                column = column,
                error = message,
                formula = crate::input::excerpt_at(text, column, QUOTED)
            )
            .into(),
        )
    };
    let formula = check
        .map(|text| {
            Formula::parse(text).map_err(|e| refused(text, e.column, formula_problem(&e.problem)))
        })
        .transpose()?;
    if let (Some(formula), Some(text)) = (&formula, check) {
        formula
            .eval(vars)
            .map_err(|e| refused(text, e.column, formula_problem(&e.problem)))?;
    }
    Ok(formula)
}

impl Checked {
    /// The cells checked, in words: `0 ≤ n ≤ 40`, `1 ≤ a ≤ 16, 1 ≤ b ≤ 16`.
    fn range(&self) -> String {
        match self {
            Checked::Line { first, values } => {
                format!("{first} ≤ n ≤ {}", first + values.len() as i64 - 1)
            }
            Checked::Heaps { last, .. } => format!("0 ≤ n ≤ {last}"),
            Checked::Grid { cells } => {
                let span = |pick: fn(&(i64, i64, i64)) -> i64| {
                    let lo = cells.iter().map(pick).min().unwrap_or(0);
                    let hi = cells.iter().map(pick).max().unwrap_or(0);
                    (lo, hi)
                };
                let ((a0, a1), (b0, b1)) = (span(|c| c.0), span(|c| c.1));
                format!("{a0} ≤ a ≤ {a1}, {b0} ≤ b ≤ {b1}")
            }
        }
    }
}

/// The `pattern: EXPR` line (`--pattern`): the catalogue's first formula that holds on every
/// cell `--check` would check, or the line saying none does.
pub(super) fn pattern_line(checked: &Checked) -> String {
    use crate::lab::pattern::{propose_grid, propose_line};
    let found = match checked {
        Checked::Line { first, values } => propose_line(values, *first, "n"),
        Checked::Heaps { values, last } => {
            let values: Vec<i64> = values
                .iter()
                .take(*last as usize + 1)
                .map(|&v| i64::from(v))
                .collect();
            propose_line(&values, 0, "n")
        }
        Checked::Grid { cells } => propose_grid(cells),
    };
    match found {
        Some(formula) => tr!("cli.sg.pattern", formula = formula).into_owned(),
        None => tr!("cli.sg.no_pattern", range = checked.range()).into_owned(),
    }
}

/// Checks `formula` over the cells a table offers and prints where it holds or the first
/// counterexample (exit code 1).
pub(super) fn check_formula(
    formula: &Formula,
    text: &str,
    checked: &Checked,
    out: &mut impl Write,
) -> Result<ExitCode, Failure> {
    let bad = |e: crate::lab::check::FormulaError| {
        Failure::Input(
            tr!(
                "cli.error_check",
                column = e.column,
                error = formula_problem(&e.problem),
                formula = crate::input::excerpt_at(text, e.column, QUOTED)
            )
            .into(),
        )
    };
    let found = match checked {
        Checked::Line { first, values } => {
            let cells = values
                .iter()
                .enumerate()
                .map(|(i, &v)| (vec![("n", first + i as i64)], v));
            formula.first_counterexample(cells)
        }
        Checked::Heaps { values, last } => {
            let cells = values
                .iter()
                .take(*last as usize + 1)
                .enumerate()
                .map(|(i, &v)| (vec![("n", i as i64)], i64::from(v)));
            formula.first_counterexample(cells)
        }
        Checked::Grid { cells } => formula
            .first_counterexample(cells.iter().map(|&(a, b, v)| (vec![("a", a), ("b", b)], v))),
    }
    .map_err(bad)?;
    match found {
        None => {
            writeln!(
                out,
                "{}",
                tr!(
                    "cli.sg.check_holds",
                    formula = text,
                    range = checked.range()
                )
            )?;
            Ok(ExitCode::SUCCESS)
        }
        Some(c) => {
            let at =
                c.at.iter()
                    .map(|(k, v)| format!("{k} = {v}"))
                    .collect::<Vec<_>>()
                    .join(", ");
            writeln!(
                out,
                "{}",
                tr!(
                    "cli.sg.check_fails",
                    formula = text,
                    at = at,
                    gives = c.formula,
                    table = c.table
                )
            )?;
            Ok(ExitCode::from(1))
        }
    }
}

/// The period line under a heap table: proved (with the range the theorem's condition was
/// checked on), observed, or none up to the table's end.
pub(super) fn period_line(period: Option<Period>, n: u64) -> String {
    match period {
        Some(p) if p.saltus > 0 => tr!(
            if p.proved {
                "cli.sg.period_saltus_proved"
            } else {
                "cli.sg.period_saltus_observed"
            },
            period = p.period,
            saltus = p.saltus,
            from = p.preperiod,
            to = p.checked_to
        )
        .into_owned(),
        Some(p) if p.proved => tr!(
            "cli.sg.period_proved",
            period = p.period,
            from = p.preperiod,
            to = p.checked_to
        )
        .into_owned(),
        Some(p) => tr!(
            "cli.sg.period_observed",
            period = p.period,
            from = p.preperiod,
            to = p.checked_to
        )
        .into_owned(),
        None => tr!("cli.sg.period_none", n = n).into_owned(),
    }
}

/// The steps (options valued) a table by mex may take unasked, to show a period in a short
/// table: about 0.1 s.
const PADDING_STEPS: u128 = 100_000_000;
/// The most steps a table by mex may take (about 5 s, with a progress bar after the first).
const MAX_TABLE_STEPS: u128 = 5_000_000_000;

/// How far to build a heap rule's table for `sg … --n n`: at least to 1023 so that a period
/// shows in a short table, but an octal code valued by mex over every move (a repeating or a
/// three-heap code) only as far as [`PADDING_STEPS`] go, and refused past [`MAX_TABLE_STEPS`].
fn table_reach(rule: &LabRule, n: u64) -> Result<u64, Failure> {
    let code = match rule {
        LabRule::Octal(code) => code,
        LabRule::Heap(heaps::Rule::Octal { code }) => &**code,
        LabRule::Heap(_) => return Ok(n.max(1023)),
    };
    let most = code.mex_reach(MAX_TABLE_STEPS, n);
    if most < n {
        // A code whose period a short table proves (Lasker's Nim, 4.3…, from a few dozen
        // heaps) is read through it to any n: its table is not a mex to every heap.
        let trial = code.mex_reach(PADDING_STEPS, n);
        if code.table(trial, &mut |_| {}).1.is_some_and(|p| p.proved) {
            return Ok(n);
        }
        return Err(Failure::Input(
            tr!("cli.sg.octal_too_slow", code = code, n = n, most = most).into(),
        ));
    }
    Ok(n.max(code.mex_reach(PADDING_STEPS, 1023)))
}

/// A heap rule's values to `upto` (from [`table_reach`]) and their period, with a progress
/// bar on stderr when it takes more than a second.
fn rule_values(rule: &LabRule, upto: u64) -> (Vec<u32>, Option<Period>) {
    let bar = Progress::new(upto + 1);
    let mut report = |done: u64| bar.set(done);
    let (values, proved) = match rule {
        LabRule::Octal(code) => code.table(upto, &mut report),
        _ => (rule.values_reporting(upto, &mut report), None),
    };
    bar.finish();
    let period = proved.or_else(|| rule.period(&values));
    (values, period)
}

/// A progress bar on stderr (indicatif; hidden when stderr is not a terminal) that shows
/// itself only once the work has taken a second.
struct Progress {
    bar: indicatif::ProgressBar,
    start: std::time::Instant,
}

impl Progress {
    fn new(total: u64) -> Progress {
        let bar = indicatif::ProgressBar::with_draw_target(
            Some(total),
            indicatif::ProgressDrawTarget::hidden(),
        );
        bar.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} ({eta})")
                .expect("a valid template"),
        );
        Progress {
            bar,
            start: std::time::Instant::now(),
        }
    }

    fn set(&self, done: u64) {
        if self.bar.is_hidden() && self.start.elapsed() >= std::time::Duration::from_secs(1) {
            self.bar
                .set_draw_target(indicatif::ProgressDrawTarget::stderr());
        }
        self.bar.set_position(done);
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// The characters `value` is shown in, counted as it is written: no string is made for it (a
/// table of 10^7 made one a value only to find the column's width).
fn shown_width(value: &impl std::fmt::Display) -> usize {
    struct Count(usize);
    impl std::fmt::Write for Count {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            self.0 += s.chars().count();
            Ok(())
        }
    }
    let mut count = Count(0);
    let _ = std::fmt::Write::write_fmt(&mut count, format_args!("{value}"));
    count.0
}

/// Prints 0..=n of `values`, 10 to a row (the built-in tables and a rules file's).
pub(super) fn heap_rows<V: std::fmt::Display>(
    values: &[V],
    n: u64,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let cell = values
        .iter()
        .take(n as usize + 1)
        .map(shown_width)
        .max()
        .unwrap_or(3)
        .max(3);
    write!(out, "{:>6} |", "")?;
    for c in 0..10 {
        write!(out, " {:>cell$}", format!("+{c}"))?;
    }
    writeln!(out)?;
    writeln!(out, "{}", "-".repeat(8 + 10 * (cell + 1)))?;
    for row in (0..=n).step_by(10) {
        write!(out, "{row:>6} |")?;
        for x in row..=(row + 9).min(n) {
            write!(out, " {:>cell$}", values[x as usize])?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// Prints a table and gives back what `--check` can check in it.
fn print_table(table: &SgTable, out: &mut impl Write) -> Result<Checked, Failure> {
    let checked;
    match *table {
        SgTable::Coins { n, maxq } => {
            writeln!(out, "{}", tr!("cli.sg.coins", maxq = maxq))?;
            writeln!(out, "{}", tr!("cli.sg.coins_layout"))?;
            let values: Vec<Nimber> = (1..=n as usize)
                .map(|x| coins::coin_value(x, maxq))
                .collect();
            checked = Checked::Line {
                first: 1,
                values: values
                    .iter()
                    .map(|v| v.to_u64().map_or(-1, |v| v as i64))
                    .collect(),
            };
            let cell = values.iter().map(shown_width).max().unwrap_or(2).max(3);
            write!(out, "{:>6} |", "")?;
            for c in 1..=10 {
                write!(out, " {:>cell$}", format!("+{c}"))?;
            }
            writeln!(out)?;
            writeln!(out, "{}", "-".repeat(8 + 10 * (cell + 1)))?;
            for (row, chunk) in values.chunks(10).enumerate() {
                write!(out, "{:>6} |", row * 10)?;
                for v in chunk {
                    // Nimber's Display ignores the width: pad its text.
                    write!(out, " {:>cell$}", v.to_string())?;
                }
                writeln!(out)?;
            }
        }
        SgTable::Grid { rows, cols } => {
            writeln!(out, "{}", tr!("cli.sg.grid", rows = rows, cols = cols))?;
            writeln!(out, "{}", tr!("cli.sg.grid_rule"))?;
            let cell = 4;
            write!(out, "{:>4} |", "")?;
            for c in 1..=cols {
                write!(out, "{c:>cell$}")?;
            }
            writeln!(out)?;
            writeln!(out, "{}", "-".repeat(6 + cols as usize * cell))?;
            let mut cells = Vec::new();
            for r in 1..=rows as usize {
                write!(out, "{r:>4} |")?;
                for c in 1..=cols as usize {
                    let value = grid::cell_value(grid::Cell { row: r, col: c });
                    let k = value.highest_bit().expect("cell values are powers of two");
                    write!(out, "{k:>cell$}")?;
                    cells.push((r as i64, c as i64, i64::from(k)));
                }
                writeln!(out)?;
            }
            checked = Checked::Grid { cells };
        }
        SgTable::Wythoff { n } => {
            writeln!(out, "{}", tr!("cli.sg.wythoff"))?;
            let n = u64::from(n);
            write!(out, "{:>4} |", "")?;
            for b in 0..=n {
                write!(out, " {b:>3}")?;
            }
            writeln!(out)?;
            writeln!(out, "{}", "-".repeat(6 + 4 * (n as usize + 1)))?;
            let mut cells = Vec::new();
            for a in 0..=n {
                write!(out, "{a:>4} |")?;
                for b in 0..=n {
                    let v = crate::games::wythoff::queen_value(a, b);
                    write!(out, " {v:>3}")?;
                    cells.push((a as i64, b as i64, v as i64));
                }
                writeln!(out)?;
            }
            checked = Checked::Grid { cells };
        }
        SgTable::Ed { n } => {
            writeln!(out, "{}", tr!("cli.sg.ed"))?;
            let n = u64::from(n);
            write!(out, "{:>4} |", "")?;
            for y in 1..=n {
                write!(out, " {y:>3}")?;
            }
            writeln!(out)?;
            writeln!(out, "{}", "-".repeat(6 + 4 * n as usize))?;
            let mut cells = Vec::new();
            for x in 1..=n {
                write!(out, "{x:>4} |")?;
                for y in 1..=n {
                    let v = crate::games::ed::pair_value(x, y);
                    write!(out, " {v:>3}")?;
                    cells.push((x as i64, y as i64, v as i64));
                }
                writeln!(out)?;
            }
            checked = Checked::Grid { cells };
        }
        SgTable::Stairs { n } => {
            writeln!(out, "{}", tr!("cli.sg.stairs"))?;
            write!(out, "{} |", text::pad_start(&tr!("cli.sg.stair"), 6))?;
            for k in 0..=9 {
                write!(out, " {k:>3}")?;
            }
            writeln!(out)?;
            writeln!(out, "{}", "-".repeat(8 + 40))?;
            let mut cells = Vec::new();
            for stair in 1..=n as usize {
                write!(out, "{stair:>6} |")?;
                for k in 0..=9u64 {
                    let mut balls = vec![0; stair];
                    balls[stair - 1] = k;
                    let p = crate::games::stairs::StairNim::new(balls)
                        .map_err(|e| Failure::Input(e.words()))?;
                    write!(out, " {:>3}", p.nim_sum().short())?;
                    let value = p.nim_sum().to_u64().map_or(-1, |v| v as i64);
                    cells.push((stair as i64, k as i64, value));
                }
                writeln!(out)?;
            }
            checked = Checked::Grid { cells };
        }
        SgTable::Fibnim { n } => {
            use crate::games::fibnim::{FibNim, winning_takes, zeckendorf};
            writeln!(out, "{}", tr!("cli.sg.fibnim"))?;
            writeln!(
                out,
                "{:>5} | {} | {} | {}",
                "n",
                text::pad_start(&tr!("cli.sg.value"), 5),
                text::pad(&tr!("cli.sg.winning_takes"), 18),
                tr!("cli.sg.zeckendorf")
            )?;
            writeln!(out, "{}", "-".repeat(50))?;
            let mut values = Vec::new();
            for heap in 1..=u64::from(n) {
                let start = FibNim::start(heap).map_err(|e| Failure::Input(e.words()))?;
                values.push(start.value().map_or(-1, |v| v as i64));
                let value = start
                    .value()
                    .map_or_else(|| "?".to_string(), |v| v.to_string());
                let takes = winning_takes(heap, start.limit());
                let takes = if takes.is_empty() {
                    tr!("cli.sg.lost").into_owned()
                } else {
                    takes
                        .iter()
                        .map(u64::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                let terms = zeckendorf(heap)
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(" + ");
                writeln!(
                    out,
                    "{heap:>5} | {value:>5} | {} | {terms}",
                    text::pad(&takes, 18)
                )?;
            }
            checked = Checked::Line { first: 1, values };
        }
        SgTable::Dag { ref code } => {
            let position = crate::games::dag::Dag::from_code(code).map_err(|e| {
                Failure::Input(tr!("cli.error_sg_dag_code", error = e.words()).into())
            })?;
            let graph = position.graph();
            writeln!(out, "{}", tr!("cli.sg.dag", count = graph.len()))?;
            writeln!(
                out,
                "{} | {} | {}",
                text::pad_start(&tr!("cli.sg.vertex"), 6),
                text::pad_start(&tr!("cli.sg.value"), 5),
                tr!("cli.sg.successors")
            )?;
            writeln!(out, "{}", "-".repeat(50))?;
            checked = Checked::Line {
                first: 1,
                values: (1..=graph.len() as u32)
                    .map(|v| i64::from(graph.value(v)))
                    .collect(),
            };
            for v in 1..=graph.len() as u32 {
                let successors = graph
                    .successors(v)
                    .iter()
                    .map(|&w| format!("{w} (*{})", graph.value(w)))
                    .collect::<Vec<_>>()
                    .join(", ");
                writeln!(
                    out,
                    "{v:>6} | {:>5} | {}",
                    format!("*{}", graph.value(v)),
                    if successors.is_empty() {
                        tr!("cli.sg.none")
                    } else {
                        successors.into()
                    }
                )?;
            }
        }
        SgTable::Heaps { ref rule, n } => {
            let rule = heap_rule(rule)?;
            let n = u64::from(n);
            let upto = table_reach(&rule, n)?;
            match &rule {
                LabRule::Heap(rule) => {
                    // Kayles is played on a row of pins, not a heap of stones.
                    let title = if *rule == heaps::Rule::Kayles {
                        tr!("cli.sg.pins", rule = rule.words())
                    } else {
                        tr!("cli.sg.heaps", rule = rule.words())
                    };
                    writeln!(out, "{title}")?;
                    if *rule == heaps::Rule::Misere {
                        writeln!(out, "{}", tr!("cli.sg.misere"))?;
                    }
                }
                LabRule::Octal(code) => {
                    writeln!(out, "{}", tr!("cli.sg.octal", code = code))?;
                }
            }
            checked = heap_table(&rule, n, upto, out)?;
        }
        SgTable::Octal { ref code, n } => {
            let parsed = octal_code(code)?;
            let code_shown = parsed.to_string();
            let rule = LabRule::Octal(parsed);
            let upto = table_reach(&rule, u64::from(n))?;
            writeln!(out, "{}", tr!("cli.sg.octal", code = code_shown))?;
            checked = heap_table(&rule, u64::from(n), upto, out)?;
        }
        SgTable::Dodgeball { n } => {
            let n = n as usize;
            writeln!(out, "{}", tr!("cli.sg.dodgeball", n = n))?;
            writeln!(out, "{}", tr!("cli.sg.dodgeball_layout"))?;
            write!(out, "{:>8} |", "")?;
            for c in 1..=10 {
                write!(out, " {:>3}", format!("+{c}"))?;
            }
            writeln!(out)?;
            writeln!(out, "{}", "-".repeat(10 + 40))?;
            let heaps: Vec<u32> = (1..=n).map(|i| dodgeball::heap(i, n)).collect();
            checked = Checked::Line {
                first: 1,
                values: heaps.iter().map(|&h| i64::from(h)).collect(),
            };
            for (row, chunk) in heaps.chunks(10).enumerate() {
                write!(out, "{:>8} |", row * 10)?;
                for h in chunk {
                    write!(out, " {h:>3}")?;
                }
                writeln!(out)?;
            }
            let nim_sum = dodgeball::full_board_nim_sum(n as u64);
            let key = if nim_sum == 0 {
                "cli.sg.full_board_second"
            } else {
                "cli.sg.full_board_first"
            };
            writeln!(out, "{}", tr!(key, nim_sum = nim_sum))?;
        }
    }
    Ok(checked)
}

/// The values of one heap of 0..=n under `rule`, 10 to a row, and the period line.
fn heap_table(rule: &LabRule, n: u64, upto: u64, out: &mut impl Write) -> Result<Checked, Failure> {
    let (values, period) = rule_values(rule, upto);
    heap_rows(&values, n, out)?;
    writeln!(out, "{}", period_line(period, values.len() as u64 - 1))?;
    Ok(Checked::Heaps { values, last: n })
}

/// The heap rule `sg heaps RULE` names (and its picture), or the refusal in words.
pub(super) fn heap_rule(rule: &str) -> Result<LabRule, Failure> {
    LabRule::parse(rule).map_err(|e| {
        Failure::Input(
            tr!(
                "cli.error_sg_heaps_rule",
                rule = crate::input::excerpt(rule.as_bytes(), QUOTED),
                error = e.message.clone().escaped(SAID_QUOTED).words()
            )
            .into(),
        )
    })
}

/// The octal code `sg octal CODE` names (and its picture), or the refusal with its place.
pub(super) fn octal_code(code: &str) -> Result<crate::lab::OctalCode, Failure> {
    crate::lab::OctalCode::parse(code).map_err(|e| {
        Failure::Input(
            tr!(
                "cli.error_sg_octal_code",
                code = crate::input::excerpt_at(code, e.column, QUOTED),
                column = e.column,
                error = e.message.clone().escaped(SAID_QUOTED).words()
            )
            .into(),
        )
    })
}
