//! A table of two numbers: the values of a rules file's positions `[a, b]` (the Cutting Game's
//! W × H sheet, a pair of heaps) for 0 ≤ a ≤ A, 0 ≤ b ≤ B, as far as the search goes; the cells
//! `--check` and `--pattern` read, its heat map, and a period by rows or by columns where the
//! table shows one. `grundy sg --rules FILE --rows A --cols B` and the Lab's rules-file page
//! both tabulate through here.

use crate::picture::HeatMap;
use crate::rules::solve::{self, Limits, SearchError};
use crate::rules::{Rules, RulesError, Value};

/// Why a table stopped before its last cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Past the search's limits (positions, memory, time or the answer's operations).
    TooLarge,
    /// The positions repeat: a game with draws has no SG values.
    Repeats,
}

/// The values of the positions [a, b], row after row (a row per a), as far as they were found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairTable {
    /// The last a and the last b asked for.
    pub rows: u32,
    pub cols: u32,
    /// The values found, row after row: every cell of the first rows, then part of the row it
    /// stopped in.
    pub values: Vec<u64>,
    /// The cell it stopped at, and why, if it stopped.
    pub stopped: Option<((i64, i64), Stop)>,
}

/// A period down a table's rows or across its columns: row (or column) n + `period` equals row
/// n for every n ≥ `preperiod` the table holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Repeat {
    pub preperiod: u64,
    pub period: u64,
}

/// The position [a, b].
pub fn pair(a: i64, b: i64) -> Value {
    Value::Array(vec![Value::Int(a), Value::Int(b)].into())
}

/// Whether `position` is a pair of numbers (a start such as `[4, 2]`): its rules file has a
/// table of two numbers.
pub fn is_pair(position: &Value) -> bool {
    matches!(position, Value::Array(items)
        if items.len() == 2 && items.iter().all(|v| matches!(v, Value::Int(x) if *x >= 0)))
}

/// The values of [a, b] for 0 ≤ a ≤ `rows`, 0 ≤ b ≤ `cols`, row by row, from the table the
/// game keeps (a cell valued before is not searched again), until a cell is past `limits` or
/// the answer's budget ([`crate::rules::budget`]). A script's error is returned as it is.
pub fn pair_table(
    rules: &Rules,
    (rows, cols): (u32, u32),
    limits: &Limits,
) -> Result<PairTable, RulesError> {
    let mut values = Vec::with_capacity((rows as usize + 1) * (cols as usize + 1));
    for a in 0..=i64::from(rows) {
        for b in 0..=i64::from(cols) {
            let why = match solve::memo_value(rules, &pair(a, b), limits) {
                Ok(v) => {
                    values.push(v);
                    continue;
                }
                Err(SearchError::Script(e)) => return Err(e),
                Err(SearchError::TooLarge) => Stop::TooLarge,
                Err(SearchError::Repeats) => Stop::Repeats,
            };
            return Ok(PairTable {
                rows,
                cols,
                values,
                stopped: Some(((a, b), why)),
            });
        }
    }
    Ok(PairTable {
        rows,
        cols,
        values,
        stopped: None,
    })
}

impl PairTable {
    fn width(&self) -> usize {
        self.cols as usize + 1
    }

    /// How many rows are whole (a = 0 up to this, not included).
    pub fn whole_rows(&self) -> usize {
        self.values.len() / self.width()
    }

    /// The value of [a, b], if the table reached it.
    pub fn value(&self, a: u32, b: u32) -> Option<u64> {
        if b > self.cols {
            return None;
        }
        self.values
            .get(a as usize * self.width() + b as usize)
            .copied()
    }

    /// Every cell found, as (a, b, value): what `--check` and `--pattern` read.
    pub fn cells(&self) -> Vec<(i64, i64, i64)> {
        let width = self.width();
        self.values
            .iter()
            .enumerate()
            .map(|(i, &v)| {
                let (a, b) = (i / width, i % width);
                (a as i64, b as i64, i64::try_from(v).unwrap_or(i64::MAX))
            })
            .collect()
    }

    /// The whole rows as a heat map (rows a, columns b) titled `title`.
    pub fn heat_map(&self, title: impl Into<String>) -> HeatMap {
        let width = self.width();
        let rows = self.whole_rows();
        HeatMap::new(
            title,
            ("a", (0..rows as u64).collect()),
            ("b", (0..width as u64).collect()),
            |a, b| self.values[a as usize * width + b as usize],
        )
    }

    /// The period down the whole rows: row a + p equals row a from some a₀ on.
    pub fn row_period(&self) -> Option<Repeat> {
        let rows: Vec<&[u64]> = self.values.chunks_exact(self.width()).collect();
        repeat(&rows)
    }

    /// The period across the columns of the whole rows: column b + q equals column b from
    /// some b₀ on.
    pub fn col_period(&self) -> Option<Repeat> {
        let rows = self.whole_rows();
        if rows == 0 {
            return None;
        }
        let width = self.width();
        let columns: Vec<Vec<u64>> = (0..width)
            .map(|b| (0..rows).map(|a| self.values[a * width + b]).collect())
            .collect();
        repeat(&columns)
    }
}

/// The smallest period of `items` with, for it, the smallest preperiod, under the rule of
/// [`crate::games::heaps::period::find_period`]: the table repeats it from n₀ to its end over
/// at least n₀ + p items (2·n₀ + 2·p ≤ length), so a short tail does not pass for a period.
pub fn repeat<T: PartialEq>(items: &[T]) -> Option<Repeat> {
    let len = items.len();
    for p in 1..=len / 2 {
        let preperiod = (0..len - p)
            .rev()
            .find(|&n| items[n + p] != items[n])
            .map_or(0, |n| n + 1);
        if 2 * preperiod + 2 * p <= len {
            return Some(Repeat {
                preperiod: preperiod as u64,
                period: p as u64,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repeat_needs_its_evidence() {
        assert_eq!(
            repeat(&[5, 1, 2, 1, 2, 1, 2]),
            Some(Repeat {
                preperiod: 1,
                period: 2
            })
        );
        // 1 2 3 1 2 3 shows period 3 from 0; 9 1 2 3 1 2 3 from 1 needs 2 + 6 ≤ 7: no.
        assert_eq!(repeat(&[9, 1, 2, 3, 1, 2, 3]), None);
        assert_eq!(repeat::<u8>(&[]), None);
    }

    #[test]
    fn a_table_of_two_heaps_reads_by_rows_and_columns() {
        // Two heaps of take 1 or 2: G(a) ⊕ G(b) with G(n) = n mod 3.
        let rules = Rules::compile(
            "two.rhai",
            "fn start() { [1, 1] }\n\
             fn moves(s) { let out = []; for i in 0..2 { for t in 1..=2 { \
             if s[i] >= t { let m = s; m[i] -= t; out.push(m); } } } out }",
        )
        .unwrap();
        let limits = Limits {
            positions: 100_000,
            deadline: None,
            bytes: 1 << 24,
        };
        let table = pair_table(&rules, (7, 5), &limits).unwrap();
        assert_eq!(table.stopped, None);
        assert_eq!(table.whole_rows(), 8);
        for a in 0..=7u32 {
            for b in 0..=5u32 {
                assert_eq!(table.value(a, b), Some(u64::from((a % 3) ^ (b % 3))));
            }
        }
        let three = Some(Repeat {
            preperiod: 0,
            period: 3,
        });
        assert_eq!((table.row_period(), table.col_period()), (three, three));
        let map = table.heat_map("two");
        assert_eq!((map.rows.len(), map.cols.len()), (8, 6));
        assert_eq!(map.value(4, 2), 1 ^ 2);
        assert_eq!(table.cells()[6 * 2 + 1], (2, 1, 3));
        assert!(is_pair(&pair(4, 2)) && !is_pair(&Value::Int(3)));
    }
}
