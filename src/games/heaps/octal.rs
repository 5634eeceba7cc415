//! Octal and hexadecimal take-and-break games by their code (`0.137`, `4.7`, `0.3…`, `0.f`):
//! digit d_i (i ≥ 1) says what removing i tokens from a heap may leave — bit 1 no heap, bit 2
//! one heap, bit 4 two non-empty heaps, bit 8 (a hexadecimal digit 8–f) three — and d_0 (0, 4,
//! 8 or c) whether a heap may be split without removing anything. A final `…` or `...` repeats
//! the last digit forever (`0.3…` is Nim).
//!
//! [`OctalCode`] is the rules object: it parses and prints the code, answers which moves a digit
//! allows, and computes the values by mex straight from the digits ([`OctalCode::values`]).

use std::fmt;

use super::period::{Period, find_period_splitting};
use crate::game::CodeError;
use crate::message::Said;

/// The most digits after the point (a contest's "remove exactly m in a row", m ≤ 1000, is a
/// code of m digits; the values' work grows with them).
pub const MAX_DIGITS: usize = 10_000;

/// A run of one digit this long or longer is printed in the shorthand `d{count}`.
const SHORTHAND_RUN: usize = 6;

/// Bit 1 of a digit: removing i tokens may leave no heap (the heap had exactly i).
pub const LEAVE_NONE: u8 = 1;
/// Bit 2: removing i tokens may leave one non-empty heap.
pub const LEAVE_ONE: u8 = 2;
/// Bit 4: removing i tokens may leave two non-empty heaps.
pub const LEAVE_TWO: u8 = 4;
/// Bit 8 (hexadecimal digits 8–f): removing i tokens may leave three non-empty heaps.
pub const LEAVE_THREE: u8 = 8;

/// An octal or hexadecimal game's code, parsed once: after that every digit is in range and d_0
/// has no bit 1 or 2. Trailing zeros are dropped (`0.70` is `0.7`), so equal games have equal
/// codes.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OctalCode {
    /// d_0, d_1, …, d_k: `digits[i]` for removing i tokens; the last is non-zero unless the
    /// code is `0.0` (a game without moves).
    digits: Vec<u8>,
    /// Whether the last digit repeats forever (`0.3…`).
    repeats: bool,
}

impl OctalCode {
    /// Parses `0.137`, `.137`, `4.7`, `0.3…` / `0.3...`, `0.f` (digits 8–f hexadecimal, either
    /// case), with `d{count}` for a digit written `count` times (`0.0{999}7`: remove exactly
    /// 1000, HDU 3980), to [`MAX_DIGITS`] digits. Errors name the character (from 1) and the
    /// reason.
    pub fn parse(text: &str) -> Result<OctalCode, CodeError> {
        if text.trim().is_empty() {
            return Err(CodeError::new(1, Said::new("said.octal.empty")));
        }
        let (body, repeats) = match text.strip_suffix('…').or_else(|| text.strip_suffix("...")) {
            Some(body) => (body, true),
            None => (text, false),
        };
        let Some((whole, fraction)) = body.split_once('.') else {
            return Err(CodeError::new(
                body.chars().count() + 1,
                Said::new("said.octal.no_point").with("code", text),
            ));
        };
        let first = match whole {
            "" => 0,
            _ if whole.chars().count() == 1 => {
                let c = whole.chars().next().expect("one character");
                hex_digit(c).ok_or_else(|| {
                    CodeError::new(1, Said::new("said.octal.first_digit").with("char", c))
                })?
            }
            _ => {
                return Err(CodeError::new(
                    2,
                    Said::new("said.octal.whole_too_long").with("whole", whole),
                ));
            }
        };
        if first & (LEAVE_NONE | LEAVE_ONE) != 0 {
            return Err(CodeError::new(
                1,
                Said::new("said.octal.first_not_split").with("digit", format!("{first:x}")),
            ));
        }
        let start = whole.chars().count() + 2;
        if fraction.is_empty() {
            return Err(CodeError::new(start, Said::new("said.octal.no_digits")));
        }
        let mut digits = vec![first];
        let chars: Vec<char> = fraction.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            if c == '{' {
                // `d{count}`: the digit before, count times in all.
                let close = chars[i..].iter().position(|&c| c == '}').map(|k| i + k);
                let Some(close) = close else {
                    return Err(CodeError::new(
                        start + i,
                        Said::new("said.octal.count_unclosed"),
                    ));
                };
                let text: String = chars[i + 1..close].iter().collect();
                let count = text.parse::<usize>().ok().filter(|&k| k >= 1);
                let (Some(count), Some(&d)) = (count, digits.get(1..).and_then(|d| d.last()))
                else {
                    return Err(CodeError::new(
                        start + i,
                        Said::new("said.octal.count_bad").with("count", text),
                    ));
                };
                if digits.len() + count - 1 > MAX_DIGITS + 1 {
                    return Err(CodeError::new(
                        start + i,
                        Said::new("said.octal.too_many_digits").with("most", MAX_DIGITS),
                    ));
                }
                digits.extend(std::iter::repeat_n(d, count - 1));
                i = close + 1;
                continue;
            }
            let Some(d) = hex_digit(c) else {
                let why = if c == '.' || c == '…' {
                    Said::new("said.octal.repeat_not_last")
                } else {
                    Said::new("said.octal.not_a_digit").with("char", c)
                };
                return Err(CodeError::new(start + i, why));
            };
            digits.push(d);
            if digits.len() - 1 > MAX_DIGITS {
                return Err(CodeError::new(
                    start + i,
                    Said::new("said.octal.too_many_digits").with("most", MAX_DIGITS),
                ));
            }
            i += 1;
        }
        // A repeated 0 is no move at all; trailing zeros of a finite code say nothing.
        let repeats = repeats && digits.last() != Some(&0);
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(OctalCode { digits, repeats })
    }

    /// The digit for removing `i` tokens (`d_0` for 0).
    pub fn digit(&self, i: u64) -> u8 {
        match usize::try_from(i).ok().and_then(|i| self.digits.get(i)) {
            Some(&d) => d,
            None if self.repeats => *self.digits.last().expect("at least d0"),
            None => 0,
        }
    }

    /// The most tokens a move removes (t of the periodicity theorem); `None` when the last
    /// digit repeats forever.
    pub fn max_take(&self) -> Option<u64> {
        (!self.repeats).then(|| self.digits.len() as u64 - 1)
    }

    /// How many digits the code has after the point (the last one repeats if
    /// [`OctalCode::repeats`]).
    pub fn digit_count(&self) -> u64 {
        self.digits.len() as u64 - 1
    }

    /// Whether the last digit repeats forever.
    pub fn repeats(&self) -> bool {
        self.repeats
    }

    /// The most heaps a move leaves (0 to 3).
    pub fn most_pieces(&self) -> u32 {
        let bits = self.digits.iter().fold(0, |acc, &d| acc | d);
        match bits {
            b if b & LEAVE_THREE != 0 => 3,
            b if b & LEAVE_TWO != 0 => 2,
            b if b & LEAVE_ONE != 0 => 1,
            _ => 0,
        }
    }

    /// Whether some digit is hexadecimal (8–f).
    pub fn is_hexadecimal(&self) -> bool {
        self.digits.iter().any(|&d| d & LEAVE_THREE != 0)
    }

    /// Whether a move may remove `take` tokens from a heap of `x` and leave `pieces` non-empty
    /// heaps.
    pub fn allows(&self, x: u64, take: u64, pieces: u32) -> bool {
        if take > x {
            return false;
        }
        let rest = x - take;
        let fits = match pieces {
            0 => rest == 0,
            1 => rest >= 1,
            2 => rest >= 2,
            3 => rest >= 3,
            _ => false,
        };
        // Removing nothing and leaving the heap as it was is no move.
        fits && !(take == 0 && pieces < 2) && self.digit(take) & (1 << pieces) != 0
    }

    /// The values of heaps 0..=n: by the sparse-space method for a finite code whose moves
    /// leave at most two heaps, read through the period once the periodicity theorem proves
    /// one; by mex straight from the digits otherwise ([`OctalCode::values_by_mex`]).
    pub fn values(&self, n: u64) -> Vec<u32> {
        self.values_reporting(n, &mut |_| {})
    }

    /// [`OctalCode::values`], calling `report` with the number of values done now and then
    /// (for a progress bar).
    pub fn values_reporting(&self, n: u64, report: &mut dyn FnMut(u64)) -> Vec<u32> {
        self.table(n, report).0
    }

    /// The values of heaps 0..=n and the proved period, if the table proved one.
    pub fn table(&self, n: u64, report: &mut dyn FnMut(u64)) -> (Vec<u32>, Option<Period>) {
        match self.take_break() {
            Some(game) => super::sparse::table(&game, self.max_take(), n, report),
            None => self.table_by_mex(n, report),
        }
    }

    /// The values by mex, in doubling steps, read through the period once
    /// [`super::arithmetic::proves`] proves an arithmetic one (Lasker's Nim to 10^7 costs a
    /// table of a few dozen heaps, not 10^14 steps).
    fn table_by_mex(&self, n: u64, report: &mut dyn FnMut(u64)) -> (Vec<u32>, Option<Period>) {
        let mut values = Vec::new();
        // Three-heap moves cost n³ a value: their first step is short.
        let mut size: u64 = if self.most_pieces() > 2 { 63 } else { 255 };
        loop {
            let to = size.min(n);
            self.extend_by_mex(&mut values, to, report);
            if let Some(period) = find_period_splitting(&values, None, self.most_pieces())
                && super::arithmetic::proves(self, &values, &period)
            {
                let period = Period {
                    proved: true,
                    ..period
                };
                period.extend_through(&mut values, n);
                report(n + 1);
                return (values, Some(period));
            }
            if to == n {
                return (values, None);
            }
            size = size.saturating_mul(2).saturating_add(1);
        }
    }

    /// The moves as the sparse-space method takes them: a finite code whose moves leave at
    /// most two heaps. `None` for a repeating code or a hexadecimal one with three-heap moves.
    pub fn take_break(&self) -> Option<super::sparse::TakeBreak> {
        if self.repeats || self.most_pieces() > 2 {
            return None;
        }
        let takes = |bit: u8| -> Vec<u64> {
            (0..self.digits.len() as u64)
                .filter(|&i| self.digit(i) & bit != 0)
                .collect()
        };
        Some(super::sparse::TakeBreak {
            none: takes(LEAVE_NONE),
            one: takes(LEAVE_ONE),
            two: takes(LEAVE_TWO),
            unequal: false,
        })
    }

    /// The largest `n` whose table [`OctalCode::table`] builds in at most `budget` steps (a
    /// step: one take tried, or one option's value marked), capped at `cap`. A table by the
    /// sparse space (a finite code whose moves leave at most two heaps) is cheap: `cap`. By
    /// mex, a take that leaves r tokens costs r/2 steps with a two-heap digit and r²/12 with a
    /// three-heap one.
    pub fn mex_reach(&self, budget: u128, cap: u64) -> u64 {
        if self.take_break().is_some() {
            return cap;
        }
        // The steps of one take by digit d that leaves rests low..=high (Σ r, Σ r² summed).
        let s1 = |b: u128| b * (b + 1) / 2;
        let s2 = |b: u128| b * (b + 1) * (2 * b + 1) / 6;
        let cost = |d: u8, low: u128, high: u128| {
            let sum = |s: &dyn Fn(u128) -> u128| s(high) - if low == 0 { 0 } else { s(low - 1) };
            let mut steps = high - low + 1;
            if d & LEAVE_TWO != 0 {
                steps += sum(&s1) / 2;
            }
            if d & LEAVE_THREE != 0 {
                steps += sum(&s2) / 12;
            }
            steps
        };
        let written = self.digits.len() as u64;
        let mut spent: u128 = 0;
        for x in 0..=cap {
            let most = self.max_take().map_or(x, |t| t.min(x));
            for take in 0..=most.min(written - 1) {
                let rest = u128::from(x - take);
                spent += cost(self.digit(take), rest, rest);
            }
            // A repeating code's takes past its written digits, by its last digit at once.
            if most >= written {
                spent += cost(
                    self.digit(written),
                    u128::from(x - most),
                    u128::from(x - written),
                );
            }
            if spent > budget {
                return x.saturating_sub(1);
            }
        }
        cap
    }

    /// The values of heaps 0..=n by mex straight from the digits: every take, every way to
    /// leave the rest as 0 to 3 heaps. O(n²) per value with two-heap digits, O(n³) with
    /// three-heap ones.
    pub fn values_by_mex(&self, n: u64, report: &mut dyn FnMut(u64)) -> Vec<u32> {
        let mut g = Vec::new();
        self.extend_by_mex(&mut g, n, report);
        g
    }

    /// [`OctalCode::values_by_mex`] from the values `g` already holds to heaps 0..=n.
    pub fn extend_by_mex(&self, g: &mut Vec<u32>, n: u64, report: &mut dyn FnMut(u64)) {
        g.reserve((n as usize + 1).saturating_sub(g.len()));
        let mut seen: Vec<bool> = Vec::new();
        for x in g.len() as u64..=n {
            seen.clear();
            let mut mark = |v: u32| {
                let v = v as usize;
                if v >= seen.len() {
                    seen.resize(v + 1, false);
                }
                seen[v] = true;
            };
            let most = match self.max_take() {
                Some(t) => t.min(x),
                None => x,
            };
            for take in 0..=most {
                let d = self.digit(take);
                let rest = (x - take) as usize;
                if d & LEAVE_NONE != 0 && rest == 0 && take > 0 {
                    mark(0);
                }
                if d & LEAVE_ONE != 0 && rest >= 1 && take > 0 {
                    mark(g[rest]);
                }
                if d & LEAVE_TWO != 0 {
                    for a in 1..=rest / 2 {
                        mark(g[a] ^ g[rest - a]);
                    }
                }
                if d & LEAVE_THREE != 0 {
                    for a in 1..=rest / 3 {
                        for b in a..=(rest - a) / 2 {
                            mark(g[a] ^ g[b] ^ g[rest - a - b]);
                        }
                    }
                }
            }
            g.push(seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32);
            // Often: a heap here costs x to x³ steps, so a slow table still shows progress.
            if x % 64 == 0 {
                report(x);
            }
        }
        report(n + 1);
    }
}

/// A digit 0–9 or a–f (either case).
fn hex_digit(c: char) -> Option<u8> {
    c.to_digit(16).map(|d| d as u8)
}

/// `0.137`, `4.7`, `0.3…` (hexadecimal digits in lower case); [`OctalCode::code`] gives the
/// ASCII form for position codes.
impl fmt::Display for OctalCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.digits_text())?;
        if self.repeats {
            write!(f, "…")?;
        }
        Ok(())
    }
}

impl OctalCode {
    /// The code in ASCII, for position codes and files: `0.3...` rather than `0.3…`.
    pub fn code(&self) -> String {
        let mut out = self.digits_text();
        if self.repeats {
            out.push_str("...");
        }
        out
    }

    /// The digits, a run of [`SHORTHAND_RUN`] or more of one digit as `d{count}`
    /// (`0.0{999}7`), which [`OctalCode::parse`] reads back.
    fn digits_text(&self) -> String {
        let mut out = format!("{:x}.", self.digits[0]);
        if self.digits.len() == 1 {
            out.push('0');
        }
        let rest = &self.digits[1..];
        let mut i = 0;
        while i < rest.len() {
            let d = rest[i];
            let run = rest[i..].iter().take_while(|&&e| e == d).count();
            if run >= SHORTHAND_RUN {
                out.push_str(&format!("{d:x}{{{run}}}"));
            } else {
                for _ in 0..run {
                    out.push_str(&format!("{d:x}"));
                }
            }
            i += run;
        }
        out
    }
}

impl std::str::FromStr for OctalCode {
    type Err = CodeError;

    fn from_str(text: &str) -> Result<OctalCode, CodeError> {
        OctalCode::parse(text)
    }
}
