//! `grundy sg`: the Sprague–Grundy value tables of the games.

use std::io::Write;
use std::process::ExitCode;

use crate::game::{Impartial, Notation};
use crate::games::{coins, dodgeball, grid, heaps};
use crate::nimber::Nimber;

use super::{Failure, SgTable};
use crate::locale::Words;
use crate::tr;
use crate::tui::text;

pub(super) fn sg_table(table: &SgTable, out: &mut impl Write) -> Result<ExitCode, Failure> {
    match *table {
        SgTable::Coins { n, maxq } => {
            writeln!(out, "{}", tr!("cli.sg.coins", maxq = maxq))?;
            writeln!(out, "{}", tr!("cli.sg.coins_layout"))?;
            let values: Vec<Nimber> = (1..=n as usize)
                .map(|x| coins::coin_value(x, maxq))
                .collect();
            let cell = values
                .iter()
                .map(|v| v.to_string().len())
                .max()
                .unwrap_or(2)
                .max(3);
            write!(out, "{:>6} |", "")?;
            for c in 1..=10 {
                write!(out, " {:>cell$}", format!("+{c}"))?;
            }
            writeln!(out)?;
            writeln!(out, "{}", "-".repeat(8 + 10 * (cell + 1)))?;
            for (row, chunk) in values.chunks(10).enumerate() {
                write!(out, "{:>6} |", row * 10)?;
                for v in chunk {
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
            for r in 1..=rows as usize {
                write!(out, "{r:>4} |")?;
                for c in 1..=cols as usize {
                    let value = grid::cell_value(grid::Cell { row: r, col: c });
                    let k = value.highest_bit().expect("cell values are powers of two");
                    write!(out, "{k:>cell$}")?;
                }
                writeln!(out)?;
            }
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
            for a in 0..=n {
                write!(out, "{a:>4} |")?;
                for b in 0..=n {
                    write!(out, " {:>3}", crate::games::wythoff::queen_value(a, b))?;
                }
                writeln!(out)?;
            }
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
            for x in 1..=n {
                write!(out, "{x:>4} |")?;
                for y in 1..=n {
                    write!(out, " {:>3}", crate::games::ed::pair_value(x, y))?;
                }
                writeln!(out)?;
            }
        }
        SgTable::Stairs { n } => {
            writeln!(out, "{}", tr!("cli.sg.stairs"))?;
            write!(out, "{} |", text::pad_start(&tr!("cli.sg.stair"), 6))?;
            for k in 0..=9 {
                write!(out, " {k:>3}")?;
            }
            writeln!(out)?;
            writeln!(out, "{}", "-".repeat(8 + 40))?;
            for stair in 1..=n as usize {
                write!(out, "{stair:>6} |")?;
                for k in 0..=9u64 {
                    let mut balls = vec![0; stair];
                    balls[stair - 1] = k;
                    let p = crate::games::stairs::StairNim::new(balls)
                        .map_err(|e| Failure::Input(e.words()))?;
                    write!(out, " {:>3}", p.nim_sum().short())?;
                }
                writeln!(out)?;
            }
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
            for heap in 1..=u64::from(n) {
                let start = FibNim::start(heap).map_err(|e| Failure::Input(e.words()))?;
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
            let code = format!("{rule}:0");
            let position = heaps::Heaps::from_code(&code).map_err(|e| {
                Failure::Input(
                    tr!(
                        "cli.error_sg_heaps_rule",
                        rule = rule,
                        error = e.message.words()
                    )
                    .into(),
                )
            })?;
            let rule = position.rule();
            writeln!(out, "{}", tr!("cli.sg.heaps", rule = rule.words()))?;
            if *rule == heaps::Rule::Misere {
                writeln!(out, "{}", tr!("cli.sg.misere"))?;
            }
            let values = heaps::values::HeapValues::new(rule);
            write!(out, "{:>6} |", "")?;
            for c in 0..10 {
                write!(out, " {:>3}", format!("+{c}"))?;
            }
            writeln!(out)?;
            writeln!(out, "{}", "-".repeat(8 + 40))?;
            for row in (0..=u64::from(n)).step_by(10) {
                write!(out, "{row:>6} |")?;
                for x in row..=(row + 9).min(u64::from(n)) {
                    write!(out, " {:>3}", values.value(x))?;
                }
                writeln!(out)?;
            }
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
    Ok(ExitCode::SUCCESS)
}
