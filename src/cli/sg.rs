//! `grundy sg`: the Sprague–Grundy value tables of the games.

use std::io::Write;
use std::process::ExitCode;

use crate::game::{Impartial, Notation};
use crate::games::{coins, dodgeball, grid, heaps};
use crate::nimber::Nimber;

use super::{Failure, SgTable};

pub(super) fn sg_table(table: &SgTable, out: &mut impl Write) -> Result<ExitCode, Failure> {
    match *table {
        SgTable::Coins { n, maxq } => {
            writeln!(
                out,
                "SG value of a lone tails coin at each place, coin row with MAXQ = {maxq}."
            )?;
            writeln!(
                out,
                "Row r, column c: coin r + c. Coins with no factor 2 or 3 can never be chosen: 0."
            )?;
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
            writeln!(
                out,
                "SG value of a lone tails cell on a {rows} × {cols} grid, written as k for 2^k."
            )?;
            writeln!(
                out,
                "Row 1 and column 1: lowbit(i + j − 1); elsewhere 2^(i + j − 2)."
            )?;
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
            writeln!(
                out,
                "SG value of a Wythoff queen at (a, b): row a, column b. Zeros (lost) at \
                 (⌊kφ⌋, ⌊kφ⌋ + k) and mirrors."
            )?;
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
            writeln!(
                out,
                "SG value of an E&D pair (x, y): row x, column y; the index of the lowest 0 bit \
                 of (x − 1) | (y − 1)."
            )?;
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
            writeln!(
                out,
                "SG value of k balls alone on stair s (row s, column k). A move from an even \
                 stair is a Nim move on its count; balls sent from an odd stair onto an even one \
                 can be sent straight on, so odd stairs are worth 0."
            )?;
            write!(out, "{:>6} |", "stair")?;
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
                    let p = crate::games::stairs::StairNim::new(balls).map_err(Failure::Input)?;
                    write!(out, " {:>3}", p.nim_sum().short())?;
                }
                writeln!(out)?;
            }
        }
        SgTable::Fibnim { n } => {
            use crate::games::fibnim::{FibNim, winning_takes, zeckendorf};
            writeln!(
                out,
                "Fibonacci Nim from a heap of n (first take: anything but all). The first player \
                 loses exactly on the Fibonacci numbers; elsewhere taking the smallest term of \
                 n's Zeckendorf representation wins."
            )?;
            writeln!(
                out,
                "{:>5} | {:>5} | {:<18} | Zeckendorf",
                "n", "value", "winning takes"
            )?;
            writeln!(out, "{}", "-".repeat(50))?;
            for heap in 1..=u64::from(n) {
                let start = FibNim::start(heap).map_err(Failure::Input)?;
                let value = start
                    .value()
                    .map_or_else(|| "?".to_string(), |v| v.to_string());
                let takes = winning_takes(heap, start.limit());
                let takes = if takes.is_empty() {
                    "— (lost)".to_string()
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
                writeln!(out, "{heap:>5} | {value:>5} | {takes:<18} | {terms}")?;
            }
        }
        SgTable::Dag { ref code } => {
            let position = crate::games::dag::Dag::from_code(code)
                .map_err(|e| Failure::Input(format!("sg dag: bad code: {e}")))?;
            let graph = position.graph();
            writeln!(
                out,
                "SG value of each vertex of the graph ({} vertices): the mex (least value not \
                 among) of its successors' values; a vertex with no edge out is worth 0.",
                graph.len()
            )?;
            writeln!(
                out,
                "{:>6} | {:>5} | successors (their values)",
                "vertex", "value"
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
                        "none"
                    } else {
                        &successors
                    }
                )?;
            }
        }
        SgTable::Heaps { ref rule, n } => {
            let code = format!("{rule}:0");
            let position = heaps::Heaps::from_code(&code).map_err(|e| {
                Failure::Input(format!("sg heaps: bad rule '{rule}': {}", e.message))
            })?;
            let rule = position.rule();
            writeln!(
                out,
                "SG value of one heap under {}; row r, column c: heap r + c.",
                rule.title()
            )?;
            if *rule == heaps::Rule::Misere {
                writeln!(
                    out,
                    "Misère Nim is not decided by these (normal-play) values: with a heap > 1 the \
                     nim-sum decides as in Nim; with every heap 0 or 1, the parity of the 1-heaps."
                )?;
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
            writeln!(
                out,
                "Nim heap of the piece in each box of {n} boxes: ⌊log2({n} / box)⌋, the doublings left."
            )?;
            writeln!(out, "Row r, column c: box r + c.")?;
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
            writeln!(
                out,
                "Full board: nim-sum {nim_sum}: the {} player wins.",
                if nim_sum == 0 { "second" } else { "first" }
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
