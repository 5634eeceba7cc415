//! Dawson's Kayles, the octal game 0.07, in its heap form: rows of pins, and a move knocks
//! down two adjacent pins of one row, which leaves the rest of that row as 0, 1 or 2 rows
//! (a row of n ≥ 2 becomes rows of a and n − 2 − a, for any 0 ≤ a ≤ n − 2). Who cannot move
//! (every row shorter than 2) loses. Code: `dawson:5,8` (rows of 5 and 8 pins).
//!
//! This is the standard convention of *Winning Ways* for 0.07; Dawson's own chess puzzle is the
//! same game one pin over (octal 0.137: a row of n squares there is a row of n + 1 pins here).
//!
//! A row is a part worth its Sprague–Grundy value g(n), computed by mex over the moves up to
//! [`TABLE`] pins; past that g is periodic with period [`PERIOD`] = 34 (Guy and Smith): the
//! last n with g(n) ≠ g(n + 34) is [`LAST_EXCEPTION`], so g(n) = g(n − 34) for every
//! n > [`LAST_EXCEPTION`] + 34. The period also finds a long row's moves to a value without
//! going through them ([`row_moves_to`]), so rows go to 10^18 pins, as Kayles' do.
//! `tests/engine/dawson.rs` checks the period against the mex table and every value against a
//! game-tree search from the rules.

use std::sync::OnceLock;

use rand::{Rng, RngExt};

use crate::game::{CodeError, IllegalMove, Impartial, Notation, Position, shorten_code};
use crate::games::catalogue::{Catalogued, RuleEntry, puzzle_parts};
use crate::games::heaps::Action;
use crate::games::heaps::octal::OctalCode;
use crate::games::heaps::values::{octal_row_moves_to, octal_table_covering};
use crate::message::{Msg, PartName, Said};
use crate::nimber::{Nimber, mex_small};

/// At most this many rows in a code.
pub const MAX_ROWS: usize = 1000;
/// At most this many pins in a row: the values are periodic, so any row is answered at once.
pub const MAX_PINS: u64 = 1_000_000_000_000_000_000;
/// The period of the values (Guy and Smith, *Winning Ways* ch. 4).
pub const PERIOD: u64 = 34;
/// The last row length whose value is not the one 34 pins further on (51 in the chess form
/// 0.137, one pin shorter: the same exception).
pub const LAST_EXCEPTION: u64 = 52;
/// The values are computed by mex up to this many pins, the period takes over after it.
pub const TABLE: u64 = 200;

/// Values by mex for rows of 0..=n pins: a row of x ≥ 2 leaves rows of a and x − 2 − a.
pub fn value_table(n: u64) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(n as usize + 1);
    for x in 0..=n {
        // A row and its mirror give the same value: half the moves suffice.
        let options = (0..=x.saturating_sub(2) / 2)
            .filter(|_| x >= 2)
            .map(|a| g[a as usize] ^ g[(x - 2 - a) as usize]);
        g.push(mex_small(options));
    }
    g
}

/// The value of a row of `n` pins: the mex table to [`TABLE`], then the period.
pub fn row_value(n: u64) -> u32 {
    static VALUES: OnceLock<Vec<u32>> = OnceLock::new();
    let values = VALUES.get_or_init(|| value_table(TABLE));
    let n = if n <= TABLE {
        n
    } else {
        // Into the last full period before the table's end, which is past the exceptions.
        TABLE - PERIOD + 1 + (n - (TABLE - PERIOD + 1)) % PERIOD
    };
    values[n as usize]
}

/// The knocks of a row of `n` pins that leave rows worth `target` together, as the pins left
/// of the knock (`left`, ascending, the move list's order): the first `limit` of them, and how
/// many there are. Dawson's Kayles is the octal game 0.07, whose moves to a value
/// ([`octal_row_moves_to`]) count a long heap's splits a residue of the period at a time; a knock
/// at either end of the row is its one "take 2, leave one heap" move, two knocks here.
pub fn row_moves_to(n: u64, target: u32, limit: usize) -> (Vec<u64>, u64) {
    static CODE: OnceLock<OctalCode> = OnceLock::new();
    let Some(rest) = n.checked_sub(2) else {
        return (Vec::new(), 0);
    };
    let code = CODE.get_or_init(|| OctalCode::parse("0.07").expect("Dawson's Kayles is 0.07"));
    let (actions, mut count) = octal_row_moves_to(
        code,
        &octal_table_covering(code, n),
        n,
        target.into(),
        limit,
    );
    // Listed as they come: the knock at the left end (the whole move, `left` 0), the splits.
    let mut found: Vec<u64> = actions
        .into_iter()
        .map(|action| match action {
            Action::Remove { left, .. } => left,
            other => unreachable!("0.07 only removes two: {other:?}"),
        })
        .collect();
    // The knock at the right end leaves the same row as the one at the left end.
    if rest > 0 && row_value(rest) == target {
        count += 1;
        if found.len() < limit {
            found.push(rest);
        }
    }
    (found, count)
}

/// A move: knock down pins `left + 1` and `left + 2` (counted from 1) of row `row` (from 0),
/// leaving rows of `left` and `n − 2 − left` pins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DawsonMove {
    pub row: usize,
    pub left: u64,
}

/// Rows of pins. As in Kayles, a knocked row's first piece stays in its place and the other
/// goes to the end; an empty piece is not a row (a row knocked bare stays as 0 pins), so no
/// row changes its number during a game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dawson {
    rows: Vec<u64>,
}

impl Dawson {
    /// A position of 1 to [`MAX_ROWS`] rows of at most [`MAX_PINS`] pins each.
    pub fn new(rows: Vec<u64>) -> Result<Dawson, Said> {
        if rows.is_empty() || rows.len() > MAX_ROWS {
            return Err(Said::new("said.dawson.rows")
                .with("most", MAX_ROWS)
                .with("count", rows.len()));
        }
        if let Some((i, &n)) = rows.iter().enumerate().find(|&(_, &n)| n > MAX_PINS) {
            return Err(Said::new("said.dawson.pins")
                .with("number", i + 1)
                .with("pins", n)
                .with("most", MAX_PINS));
        }
        Ok(Dawson { rows })
    }

    /// The pins in each row, row 1 first.
    pub fn rows(&self) -> &[u64] {
        &self.rows
    }

    fn row(&self, i: usize) -> u64 {
        self.rows.get(i).copied().unwrap_or(0)
    }

    /// What one row's value must change by (XOR) to bring the nim-sum to `target`; `None`
    /// when nothing needs to change or `target` is past the values' range.
    fn change_wanted(&self, target: Nimber) -> Option<u64> {
        let change = self
            .rows
            .iter()
            .fold(target.to_u64()?, |acc, &n| acc ^ u64::from(row_value(n)));
        (change != 0).then_some(change)
    }

    /// The rows a move leaves in place of its row, left to right, empty pieces dropped.
    fn pieces(&self, mv: &DawsonMove) -> Vec<u64> {
        [mv.left, self.row(mv.row) - 2 - mv.left]
            .into_iter()
            .filter(|&p| p > 0)
            .collect()
    }

    /// The row values of the pieces a move leaves, XORed.
    fn pieces_value(&self, mv: &DawsonMove) -> u32 {
        self.pieces(mv).into_iter().fold(0, |v, p| v ^ row_value(p))
    }
}

impl Position for Dawson {
    type Move = DawsonMove;

    fn legal_moves(&self) -> Vec<DawsonMove> {
        (0..self.rows.len())
            .flat_map(|row| self.moves_of(row, usize::MAX).0)
            .collect()
    }

    fn check_move(&self, mv: &DawsonMove) -> Result<(), IllegalMove> {
        let Some(&n) = self.rows.get(mv.row) else {
            return Err(IllegalMove::new(
                Said::new("said.move.no_row")
                    .with("number", mv.row + 1)
                    .with("count", self.rows.len()),
            ));
        };
        if mv.left.saturating_add(2) > n {
            return Err(IllegalMove::new(
                Said::new("said.move.dawson_pins")
                    .with("number", mv.row + 1)
                    .with("pins", n)
                    .with("first", mv.left.saturating_add(1))
                    .with("second", mv.left.saturating_add(2)),
            ));
        }
        Ok(())
    }

    fn play_unchecked(&self, mv: &DawsonMove) -> Dawson {
        let pieces = self.pieces(mv);
        let mut rows = self.rows.clone();
        rows[mv.row] = pieces.first().copied().unwrap_or(0);
        rows.extend(pieces.iter().skip(1));
        Dawson { rows }
    }

    fn is_over(&self) -> bool {
        self.rows.iter().all(|&n| n < 2)
    }

    /// The rows that can still be played, longest first: the order of rows and the rows of 0
    /// or 1 pin change nothing.
    fn canonical(&self) -> Option<Dawson> {
        let mut rows: Vec<u64> = self.rows.iter().copied().filter(|&n| n >= 2).collect();
        rows.sort_unstable_by(|a, b| b.cmp(a));
        if rows.is_empty() {
            rows.push(0);
        }
        (rows != self.rows).then_some(Dawson { rows })
    }

    /// Knocking pins 1 and 2 of a row again and again lowers the pins by two each time: every
    /// such total is met on the way.
    fn reachable_at_least(&self) -> Option<u128> {
        Some(self.rows.iter().map(|&n| u128::from(n / 2)).sum::<u128>() + 1)
    }

    /// A row of n pins has n − 1 moves, and pins only go.
    fn moves_bound(&self) -> Option<u128> {
        Some(
            self.rows
                .iter()
                .map(|&n| u128::from(n))
                .sum::<u128>()
                .max(1),
        )
    }

    fn heap_bytes(&self) -> usize {
        self.rows.capacity() * 8
    }
}

impl Impartial for Dawson {
    /// A row, from 0.
    type Part = usize;

    fn parts(&self) -> Vec<(usize, Nimber)> {
        self.rows
            .iter()
            .enumerate()
            .map(|(i, &n)| (i, Nimber::new(row_value(n).into())))
            .collect()
    }

    /// The knocked row's value out, its two pieces' in.
    fn nim_sum_change(&self, mv: &DawsonMove) -> Nimber {
        Nimber::new((row_value(self.row(mv.row)) ^ self.pieces_value(mv)).into())
    }

    fn nim_sum_after(&self, mv: &DawsonMove) -> Nimber {
        self.nim_sum() + self.nim_sum_change(mv)
    }

    fn describe_part(&self, row: usize) -> Msg {
        Msg::Part(PartName::PinRow {
            number: row + 1,
            pins: self.row(row),
        })
    }

    fn part_of(&self, mv: &DawsonMove) -> usize {
        mv.row
    }

    fn moves_of(&self, row: usize, limit: usize) -> (Vec<DawsonMove>, bool) {
        let n = self.row(row);
        let count = n.saturating_sub(1);
        let moves = (0..count.min(limit as u64))
            .map(|left| DawsonMove { row, left })
            .collect();
        (moves, count > limit as u64)
    }

    /// A row of n pins has n − 1 knocks, one for each `left` from 0: counted, not walked.
    fn listed_moves(&self, row: usize, room: usize) -> (Vec<DawsonMove>, bool) {
        let total = self.row(row).saturating_sub(1);
        let moves = crate::game::spread(total, room)
            .into_iter()
            .map(|left| DawsonMove { row, left })
            .collect();
        (moves, total > room as u64)
    }

    fn move_numbered(&self, row: usize, number: u64) -> Option<DawsonMove> {
        let left = number.checked_sub(1)?;
        (left < self.row(row).saturating_sub(1)).then_some(DawsonMove { row, left })
    }

    /// Straight to the pieces' value wanted in each row ([`row_moves_to`]), rows in order.
    fn moves_to_nim_sum(&self, target: Nimber, limit: usize) -> Vec<DawsonMove> {
        let Some(change) = self.change_wanted(target) else {
            return Vec::new();
        };
        let mut found = Vec::new();
        for (row, &n) in self.rows.iter().enumerate() {
            if found.len() >= limit {
                break;
            }
            let Ok(wanted) = u32::try_from(u64::from(row_value(n)) ^ change) else {
                continue;
            };
            let (lefts, _) = row_moves_to(n, wanted, limit - found.len());
            found.extend(lefts.into_iter().map(|left| DawsonMove { row, left }));
        }
        found
    }

    /// Counted by [`row_moves_to`]: exact at every size.
    fn count_moves_to_nim_sum(&self, target: Nimber) -> (usize, bool) {
        let Some(change) = self.change_wanted(target) else {
            return (0, true);
        };
        let count = self
            .rows
            .iter()
            .filter_map(|&n| {
                let wanted = u32::try_from(u64::from(row_value(n)) ^ change).ok()?;
                Some(row_moves_to(n, wanted, 0).1)
            })
            .fold(0u64, u64::saturating_add);
        (usize::try_from(count).unwrap_or(usize::MAX), true)
    }

    /// The moves to nim-sum 0 are every winning move, found without listing a row's knocks.
    fn every_winning_move(&self, limit: usize) -> Vec<DawsonMove> {
        self.moves_to_nim_sum(Nimber::ZERO, limit)
    }

    /// Loses slowly: knock the two pins at the end of a random row that has them, so the row
    /// stays whole and the most pins stay in play.
    fn stalling_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<DawsonMove> {
        let rows: Vec<usize> = (0..self.rows.len())
            .filter(|&i| self.rows[i] >= 2)
            .collect();
        crate::ai::pick(rows, rng).map(|row| DawsonMove { row, left: 0 })
    }
}

impl Notation for Dawson {
    const GAME: &'static str = "dawson";

    /// `dawson:n1,n2,…`: the pins in each row.
    fn from_code(code: &str) -> Result<Dawson, CodeError> {
        let body = code
            .strip_prefix("dawson:")
            .ok_or_else(|| CodeError::new(1, Said::new("said.dawson.prefix")))?;
        let rows = crate::games::list::parse(
            body,
            8,
            Said::new("said.what.rows"),
            0..=MAX_PINS,
            MAX_ROWS,
        )?;
        Dawson::new(rows).map_err(|e| CodeError::new(8, e))
    }

    fn to_code(&self) -> String {
        format!("dawson:{}", crate::games::list::join(&self.rows))
    }

    /// Knock out pins 3-4 of row 2 (8 → 2 + 4), as a message.
    fn describe_move(&self, mv: &DawsonMove) -> Msg {
        Msg::Knock {
            number: mv.row + 1,
            first: mv.left + 1,
            last: mv.left + 2,
            from: self.row(mv.row),
            pieces: self.pieces(mv),
        }
    }

    /// `row 2: knock out pins 3-4 (8 → 2 + 4)`, what [`Notation::parse_move`] reads: the rows
    /// left as the move's words give them (`(3 → 1)` at the row's end, `(2 → 0)` for a row
    /// knocked bare).
    fn move_code(&self, mv: &DawsonMove) -> String {
        let pieces = self.pieces(mv);
        let left = if pieces.is_empty() {
            "0".to_string()
        } else {
            pieces
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" + ")
        };
        format!(
            "row {}: knock out pins {}-{} ({} → {left})",
            mv.row + 1,
            mv.left + 1,
            mv.left + 2,
            self.row(mv.row)
        )
    }

    /// `row R: knock out pins A-B`, and whatever follows (the description's rows).
    fn parse_move(&self, text: &str) -> Result<DawsonMove, IllegalMove> {
        let bad = || {
            IllegalMove::new(
                Said::new("said.move.dawson_form").with("text", shorten_code(text.trim(), 40)),
            )
        };
        let rest = text.trim().strip_prefix("row ").ok_or_else(bad)?;
        let (row, rest) = rest.split_once(':').ok_or_else(bad)?;
        let pins = rest
            .trim_start()
            .strip_prefix("knock out pins ")
            .ok_or_else(bad)?;
        let pins = pins.split_whitespace().next().unwrap_or_default();
        let (a, b) = pins.split_once('-').ok_or_else(bad)?;
        let number = |s: &str| s.trim().parse::<u64>().map_err(|_| bad());
        let (row, a, b) = (number(row)?, number(a)?, number(b)?);
        if row == 0 || a == 0 || b != a + 1 {
            return Err(bad());
        }
        Ok(DawsonMove {
            row: usize::try_from(row - 1).map_err(|_| bad())?,
            left: a - 1,
        })
    }
}

impl Catalogued for Dawson {
    const ENTRY: Option<RuleEntry> = Some(RuleEntry {
        name: "dawson",
        title: "Dawson's Kayles",
        rule: "knock down 2 adjacent pins of a row; the row may split in two",
        start: "dawson:5,8,11",
    });

    fn puzzle<R: Rng + ?Sized>(_name: &str, d: usize, rng: &mut R) -> Dawson {
        let most = [6, 10, 16, 30, 60][d - 1];
        let rows = (0..puzzle_parts(d, rng))
            .map(|_| rng.random_range(2..=most))
            .collect();
        Dawson::new(rows).expect("generated rows are in bounds")
    }
}
