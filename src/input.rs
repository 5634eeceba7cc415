//! Reading contest input: lines and whitespace-separated fields with their positions, so every
//! error names the line, the field and the character where it is. Works on bytes: input need
//! not be UTF-8, and a stray byte is reported rather than panicking.

use std::fmt;
use std::io::{self, Read};
use std::ops::RangeInclusive;

use thiserror::Error;

/// Bad input: what is wrong and where (1-based line and column). Its `Display` is the English
/// message; the command line renders it in the reader's language (`grundy::locale`), from the
/// [`Problem`] and the [`Name`]s in it.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct InputError {
    pub line: usize,
    /// 1-based character column in the line, where known.
    pub column: Option<usize>,
    pub message: Problem,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.column {
            Some(c) => write!(f, "line {}, column {}: {}", self.line, c, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

impl InputError {
    /// A reader's own check (`said.reader.*`), worded in the reader's language like the
    /// rest: no reader writes free English text.
    pub fn said(line: usize, column: Option<usize>, said: crate::message::Said) -> InputError {
        InputError::of(line, column, Problem::Said(said))
    }

    pub fn of(line: usize, column: Option<usize>, message: Problem) -> InputError {
        InputError {
            line,
            column,
            message,
        }
    }
}

/// What is wrong with an input, as values: the words are the renderer's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// `name` holds `found`, which is not a digit, in the field shown as `field`.
    NotWhole {
        name: Name,
        found: Found,
        field: String,
    },
    TooLarge {
        name: Name,
        field: String,
        max: u64,
    },
    OutOfRange {
        name: Name,
        value: u64,
        low: u64,
        high: u64,
    },
    /// A line of `expected` numbers named `names` (the statement's letters) has `found`.
    FieldCount {
        names: String,
        expected: usize,
        found: usize,
    },
    ExtraField {
        field: String,
        names: String,
    },
    /// The input stops where `what` was expected.
    EndsEarly(Name),
    /// The input holds nothing; it should start with `what`, within the range if given.
    Empty(Name, Option<(u64, u64)>),
    /// `field` follows `after`, where the input should end.
    After {
        field: String,
        after: Name,
    },
    /// A streamed line past this many bytes.
    LineTooLong(usize),
    /// Reading failed (the operating system's words).
    Unreadable(String),
    /// A streamed input past `max` bytes; `valid` says what a valid one holds at most.
    TooMuch {
        max: u64,
        valid: &'static str,
    },
    /// A coin grid's letter that is neither H nor T, in row `row` of case `case`.
    NotHeadsOrTails {
        row: u64,
        case: u64,
        found: Found,
    },
    /// A coin grid's row of `letters` letters where the case has `m` columns.
    RowLength {
        row: u64,
        case: u64,
        letters: usize,
        m: usize,
    },
    /// `field` after a coin grid's row, where the row should end.
    AfterRow {
        field: String,
        row: u64,
        case: u64,
    },
    /// The coin row's value number `coin` is not 0 or 1.
    NotCoin {
        coin: usize,
        field: String,
    },
    /// The coin row's line holds `found` values where `n` were expected.
    CoinCount {
        n: usize,
        found: usize,
    },
    /// E&D's case `case` has an odd number `n` of heaps: they come in pairs.
    OddHeaps {
        case: u64,
        n: u64,
    },
    /// A byte that does not start a UTF-8 character, in a reader that takes UTF-8 text.
    NotUtf8(u8),
    /// More than `max` queries (Binary Dodgeball's values of k) in one input.
    TooManyQueries {
        max: usize,
    },
    /// A non-ASCII character `found` (code point `code`) where the number `var` was expected.
    NotAsciiDigit {
        var: &'static str,
        found: String,
        code: u32,
    },
    /// A second field on a line of one number `var`.
    OnePerLine {
        var: &'static str,
        field: String,
    },
    /// No query at all: Binary Dodgeball's input is values of k, one a line.
    NoQueries,
    /// ABC 297 G's take l..r with `l` = 0 or `l` > `r`.
    TakeRange {
        l: u64,
        r: u64,
    },
    /// A reader's own check (a graph with a cycle, a name that is not a player's), worded
    /// from the locale like the engine's sentences.
    Said(crate::message::Said),
    /// Free text, English only.
    Other(String),
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::NotWhole { name, found, field } => {
                write!(f, "{name} must be a whole number, found {found} in {field}")
            }
            Problem::TooLarge { name, field, max } => {
                write!(f, "{name} {field} is too large (at most {max})")
            }
            Problem::OutOfRange {
                name,
                value,
                low,
                high,
            } => write!(f, "{name} {value} is out of range ({low}..={high})"),
            Problem::FieldCount {
                names,
                expected,
                found,
            } => write!(
                f,
                "expected {names} ({expected}), found {found} field{}",
                if *found == 1 { "" } else { "s" }
            ),
            Problem::ExtraField { field, names } => {
                write!(f, "unexpected extra field {field} after {names}")
            }
            Problem::EndsEarly(what) => write!(f, "input ends early: expected {what}"),
            Problem::Empty(what, None) => write!(f, "empty input: expected {what}"),
            Problem::Empty(what, Some((low, high))) => {
                write!(f, "empty input: expected {what} ({low} to {high})")
            }
            Problem::After { field, after } => write!(f, "unexpected {field} after {after}"),
            Problem::LineTooLong(max) => write!(
                f,
                "this line is longer than {max} bytes; no line of a valid input is so long"
            ),
            Problem::Unreadable(error) => write!(f, "cannot read the input: {error}"),
            Problem::TooMuch { max, valid } => write!(
                f,
                "the input goes on past {}, more than a valid one can hold ({valid}); \
                 nothing after this was read",
                bytes_in_words(*max)
            ),
            Problem::NotHeadsOrTails { row, case, found } => {
                write!(f, "row {row} of case {case}: {found} is not H or T")
            }
            Problem::RowLength {
                row,
                case,
                letters,
                m,
            } => write!(
                f,
                "row {row} of case {case} has {letters} letters, expected m = {m}"
            ),
            Problem::AfterRow { field, row, case } => {
                write!(f, "unexpected {field} after row {row} of case {case}")
            }
            Problem::NotCoin { coin, field } => write!(
                f,
                "coin {coin} must be 0 (tails) or 1 (heads), found {field}"
            ),
            Problem::CoinCount { n, found } => {
                write!(f, "expected {n} coin values (n = {n}), found {found}")
            }
            Problem::OddHeaps { case, n } => write!(
                f,
                "n of case {case} is {n}: the heaps come in pairs, n must be even"
            ),
            Problem::NotUtf8(byte) => write!(f, "byte 0x{byte:02X} is not UTF-8 text"),
            Problem::TooManyQueries { max } => {
                write!(f, "more than {max} values of k: at most {max} per input")
            }
            Problem::NotAsciiDigit { var, found, code } => write!(
                f,
                "{var} must be a whole number, found '{found}' (U+{code:04X})"
            ),
            Problem::OnePerLine { var, field } => {
                write!(f, "one {var} per line: unexpected second field '{field}'")
            }
            Problem::NoQueries => f.write_str("no input: expected k (1 ≤ k < 10^9), one per line"),
            Problem::TakeRange { l, r } => {
                write!(f, "L and R must satisfy 1 ≤ L ≤ R, found L = {l}, R = {r}")
            }
            Problem::Said(said) => write!(f, "{said}"),
            Problem::Other(text) => f.write_str(text),
        }
    }
}

impl Problem {
    /// Whether the English message holds `text` (for tests).
    pub fn contains(&self, text: &str) -> bool {
        self.to_string().contains(text)
    }
}

/// The character a number's field has where a digit should be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// A printable ASCII character, shown quoted.
    Char(char),
    Space,
    /// Any other byte, shown in hexadecimal.
    Byte(u8),
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::Char(c) => write!(f, "'{c}'"),
            Found::Space => f.write_str("a space"),
            Found::Byte(b) => write!(f, "byte 0x{b:02X}"),
        }
    }
}

/// What a field or a line is, for an error: the statement's variable (`n`, `a_3`), said the
/// same in every language, or a phrase with its numbers, which the renderer words. Cheap to
/// make (no allocation but [`Name::Text`]), though the readers still make one only on the
/// error path (through [`Named`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Name {
    /// As written: a variable of the statement, the same in every language (or a phrase not
    /// yet in the locale, then English).
    Text(String),
    /// `the number of cases T`.
    Cases(&'static str),
    /// `the number of tests t`.
    Tests(&'static str),
    /// `n of case 3`, `a_2 of case 3` (with its index).
    OfCase(Var, u64),
    /// `n of test 3`, `a_2 of test 3`.
    OfTest(Var, u64),
    /// `size 2 of case 3`: the size of a heap.
    SizeOfCase(u64, u64),
    /// `heap 2 of case 3`.
    HeapOfCase(u64, u64),
    /// `pile 2`.
    Pile(u64),
    /// `the line `n m` of case 3`: a line of the statement's variables.
    LineOfCase(&'static str, u64),
    /// `the line of 5 coins of case 3`.
    CoinsOfCase(u64, u64),
    /// `row 2 of case 3 (4 letters H/T)`.
    RowOfCase(u64, u64, u64),
    /// `a of arrow 2 of case 3`: an end of an arrow of a graph.
    ArrowOfCase(&'static str, u64, u64),
    /// `the last case`.
    LastCase,
    /// `the last test`.
    LastTest,
    /// A phrase of a reader's own (`y of edge 2`), worded from the locale.
    Said(crate::message::Said),
}

/// A variable of the statement, with its index if it has one (`a_3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Var(pub &'static str, pub Option<u64>);

impl fmt::Display for Var {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.1 {
            Some(i) => write!(f, "{}_{i}", self.0),
            None => f.write_str(self.0),
        }
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Name::Text(text) => f.write_str(text),
            Name::Cases(var) => write!(f, "the number of cases {var}"),
            Name::Tests(var) => write!(f, "the number of tests {var}"),
            Name::OfCase(var, case) => write!(f, "{var} of case {case}"),
            Name::OfTest(var, test) => write!(f, "{var} of test {test}"),
            Name::SizeOfCase(i, case) => write!(f, "size {i} of case {case}"),
            Name::HeapOfCase(i, case) => write!(f, "heap {i} of case {case}"),
            Name::Pile(i) => write!(f, "pile {i}"),
            Name::LineOfCase(vars, case) => write!(f, "the line `{vars}` of case {case}"),
            Name::CoinsOfCase(n, case) => write!(f, "the line of {n} coins of case {case}"),
            Name::RowOfCase(r, case, m) => {
                write!(f, "row {r} of case {case} ({m} letters H/T)")
            }
            Name::ArrowOfCase(end, i, case) => write!(f, "{end} of arrow {i} of case {case}"),
            Name::LastCase => f.write_str("the last case"),
            Name::LastTest => f.write_str("the last test"),
            Name::Said(said) => write!(f, "{said}"),
        }
    }
}

/// What the readers take as a name: a [`Name`], or any text (`"n"`, `format_args!`), which is
/// formatted only for an error.
pub trait Named {
    fn name(&self) -> Name;
}

impl Named for Name {
    fn name(&self) -> Name {
        self.clone()
    }
}

impl Named for str {
    fn name(&self) -> Name {
        Name::Text(self.to_string())
    }
}

impl Named for &str {
    fn name(&self) -> Name {
        Name::Text((*self).to_string())
    }
}

impl Named for crate::message::Said {
    fn name(&self) -> Name {
        Name::Said(self.clone())
    }
}

/// A phrase of the locale made only for an error: `Phrase(|| Said::new(…).with("i", i))` costs
/// nothing on the inputs that are right (a reader names up to 10^6 fields).
pub struct Phrase<F>(pub F);

impl<F: Fn() -> crate::message::Said> Named for Phrase<F> {
    fn name(&self) -> Name {
        Name::Said((self.0)())
    }
}

impl Named for fmt::Arguments<'_> {
    fn name(&self) -> Name {
        Name::Text(self.to_string())
    }
}

/// One line of input (without its line ending).
#[derive(Clone, Copy, Debug)]
pub struct Line<'a> {
    /// 1-based.
    pub number: usize,
    pub text: &'a [u8],
}

/// One whitespace-separated field of a line.
#[derive(Clone, Copy, Debug)]
pub struct Field<'a> {
    pub line: usize,
    /// 1-based column of the field's first byte.
    pub column: usize,
    pub text: &'a [u8],
}

impl<'a> Line<'a> {
    /// The fields of the line, split on spaces and tabs.
    pub fn fields(&self) -> impl Iterator<Item = Field<'a>> + 'a {
        let text = self.text;
        let line = self.number;
        let mut pos = 0;
        std::iter::from_fn(move || {
            while pos < text.len() && is_blank(text[pos]) {
                pos += 1;
            }
            if pos >= text.len() {
                return None;
            }
            let start = pos;
            while pos < text.len() && !is_blank(text[pos]) {
                pos += 1;
            }
            Some(Field {
                line,
                column: start + 1,
                text: &text[start..pos],
            })
        })
    }

    /// Whether the line holds nothing but blanks.
    pub fn is_blank(&self) -> bool {
        self.text.iter().all(|&b| is_blank(b))
    }

    /// An error at this line.
    pub fn error(&self, said: crate::message::Said) -> InputError {
        InputError::said(self.number, None, said)
    }

    /// Exactly `N` numbers, named by `names`, each within its range.
    pub fn numbers<const N: usize>(
        &self,
        names: [&str; N],
        ranges: [RangeInclusive<u64>; N],
    ) -> Result<[u64; N], InputError> {
        let mut out = [0; N];
        let mut fields = self.fields();
        for i in 0..N {
            let field = fields.next().ok_or_else(|| {
                InputError::of(
                    self.number,
                    None,
                    Problem::FieldCount {
                        names: names.join(" "),
                        expected: N,
                        found: i,
                    },
                )
            })?;
            out[i] = field.number(names[i], ranges[i].clone())?;
        }
        if let Some(extra) = fields.next() {
            return Err(extra.problem(Problem::ExtraField {
                field: extra.shown(),
                names: names.join(" "),
            }));
        }
        Ok(out)
    }
}

impl Field<'_> {
    pub fn error(&self, said: crate::message::Said) -> InputError {
        InputError::said(self.line, Some(self.column), said)
    }

    /// The error `problem` at this field.
    pub fn problem(&self, problem: Problem) -> InputError {
        InputError::of(self.line, Some(self.column), problem)
    }

    /// The field as text for a message: a short excerpt, control characters escaped.
    pub fn shown(&self) -> String {
        format!("'{}'", excerpt(self.text, 40))
    }

    /// The field as a decimal number within `range`; `name` says what it is in errors.
    pub fn number(
        &self,
        name: &(impl Named + ?Sized),
        range: RangeInclusive<u64>,
    ) -> Result<u64, InputError> {
        let mut value: u64 = 0;
        for (i, &b) in self.text.iter().enumerate() {
            if !b.is_ascii_digit() {
                let found = if b.is_ascii_graphic() {
                    Found::Char(b as char)
                } else if b == b' ' {
                    Found::Space
                } else {
                    Found::Byte(b)
                };
                return Err(InputError::of(
                    self.line,
                    Some(self.column + i),
                    Problem::NotWhole {
                        name: name.name(),
                        found,
                        field: self.shown(),
                    },
                ));
            }
            value = match value
                .checked_mul(10)
                .and_then(|v| v.checked_add((b - b'0') as u64))
            {
                Some(v) => v,
                None => {
                    return Err(self.problem(Problem::TooLarge {
                        name: name.name(),
                        field: self.shown(),
                        max: *range.end(),
                    }));
                }
            };
        }
        if !range.contains(&value) {
            return Err(self.problem(Problem::OutOfRange {
                name: name.name(),
                value,
                low: *range.start(),
                high: *range.end(),
            }));
        }
        Ok(value)
    }
}

/// The number whose field starts at `start`, and where it ends: `None` unless the field is
/// decimal digits only (ending at a blank, a line ending or the end of the input), fewer than
/// 20 of them, and within `range` — the callers then hand the field to the checked readers for
/// the error. The first 8 digits are read at once where 8 bytes remain, and a byte at a time
/// only past them or near the end: a chunk that holds fewer than 8 digits has found the end.
#[inline(always)]
fn read_number(data: &[u8], start: usize, range: &RangeInclusive<u64>) -> Option<(u64, usize)> {
    let mut pos = start;
    let mut value = 0u64;
    let mut open = true;
    if let Some(chunk) = data.get(pos..pos + 8) {
        let count;
        (value, count) = leading_digits(chunk.try_into().expect("8 bytes"));
        pos += count;
        open = count == 8;
    }
    if open {
        // Wrapping: 20 digits or more are refused below.
        while let Some(&b) = data.get(pos) {
            let digit = b.wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            value = value.wrapping_mul(10).wrapping_add(u64::from(digit));
            pos += 1;
        }
    }
    let ends_well = data.get(pos).is_none_or(|&b| b == b'\n' || is_blank(b));
    (pos > start && ends_well && pos - start < 20 && range.contains(&value)).then_some((value, pos))
}

/// The value of the decimal digits that `chunk` starts with, and how many there are (8 when it
/// is all digits): eight bytes checked and converted at once, in a 64-bit word, rather than a
/// byte at a time.
#[inline(always)]
fn leading_digits(chunk: [u8; 8]) -> (u64, usize) {
    let word = u64::from_le_bytes(chunk);
    let x = word ^ 0x3030_3030_3030_3030;
    // A byte's top bit set: it was not '0'..='9' (x ≥ 10 carries into it, or it had it). The
    // first such byte is right: carries only run toward later bytes, past digits, which carry
    // nothing.
    let not_digit = (x.wrapping_add(0x7676_7676_7676_7676) | x) & 0x8080_8080_8080_8080;
    let count = (not_digit.trailing_zeros() / 8) as usize;
    if count == 0 {
        return (0, 0);
    }
    // The digits moved to the word's top bytes, zeros (leading zeros) below them, then
    // combined in pairs, fours and eights (the first digit is the lowest byte).
    let mut v = x << (8 * (8 - count));
    v = (v & 0x0F0F_0F0F_0F0F_0F0F).wrapping_mul(2561) >> 8;
    v = (v & 0x00FF_00FF_00FF_00FF).wrapping_mul(6_553_601) >> 16;
    v = (v & 0x0000_FFFF_0000_FFFF).wrapping_mul(42_949_672_960_001) >> 32;
    (v, count)
}

fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t' || b == b'\r' || b == 0x0B || b == 0x0C
}

/// The lines of an input already in memory, numbered from 1 (the curriculum games' readers,
/// whose inputs are read whole within a bound). A final line ending does not make an extra
/// line.
pub struct Lines<'a> {
    data: &'a [u8],
    pos: usize,
    number: usize,
}

impl<'a> Lines<'a> {
    pub fn new(data: &'a [u8]) -> Lines<'a> {
        Lines {
            data,
            pos: 0,
            number: 0,
        }
    }

    /// The next line that is not blank, or an error naming `what` was expected. `what` is
    /// only formatted for the error (pass `format_args!`): this runs once per input line.
    pub fn expect(&mut self, what: impl Named) -> Result<Line<'a>, InputError> {
        loop {
            match self.next() {
                Some(line) if line.is_blank() => continue,
                Some(line) => return Ok(line),
                None => {
                    return Err(InputError::of(
                        self.number + 1,
                        None,
                        Problem::EndsEarly(what.name()),
                    ));
                }
            }
        }
    }

    /// Checks that only blank lines remain.
    pub fn expect_end(&mut self) -> Result<(), InputError> {
        for line in self.by_ref() {
            if !line.is_blank() {
                let field = line.fields().next().expect("a non-blank line has a field");
                return Err(field.problem(Problem::After {
                    field: field.shown(),
                    after: Name::LastCase,
                }));
            }
        }
        Ok(())
    }
}

impl<'a> Iterator for Lines<'a> {
    type Item = Line<'a>;

    fn next(&mut self) -> Option<Line<'a>> {
        if self.pos >= self.data.len() {
            return None;
        }
        let rest = &self.data[self.pos..];
        let len = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        self.pos += len + 1;
        self.number += 1;
        Some(Line {
            number: self.number,
            text: &rest[..len],
        })
    }
}

/// The whitespace-separated numbers of an input in memory, whatever lines they are on (the
/// formats whose numbers may wrap lines), each read with its name and range; or, for the
/// formats of one case a line, a line's numbers at a time ([`Numbers::line_of`]).
///
/// This is the curriculum readers' inner loop (up to 10^6 numbers): it scans the bytes once,
/// keeping only the line and where it starts, and formats a number's name only for an error,
/// which it makes by handing the field to [`Field::number`] or the line to [`Line::numbers`], so
/// the messages are the same as the line readers'.
pub struct Numbers<'a> {
    data: &'a [u8],
    pos: usize,
    /// The 1-based line `pos` is on, and the byte where that line starts.
    line: usize,
    line_start: usize,
}

impl<'a> Numbers<'a> {
    pub fn new(data: &'a [u8]) -> Numbers<'a> {
        Numbers {
            data,
            pos: 0,
            line: 1,
            line_start: 0,
        }
    }

    /// Moves past blanks and line endings; whether anything is left.
    #[inline(always)]
    fn skip_blanks(&mut self) -> bool {
        let data = self.data;
        let mut pos = self.pos;
        while let Some(&b) = data.get(pos) {
            if b > b' ' {
                break;
            }
            if b == b'\n' {
                self.line += 1;
                self.line_start = pos + 1;
            } else if !is_blank(b) {
                // Another control character: the field (and its error) starts here.
                break;
            }
            pos += 1;
        }
        self.pos = pos;
        pos < data.len()
    }

    /// The field that starts at `start` (on the current line), for an error message.
    fn field_at(&self, start: usize) -> Field<'a> {
        let len = self.data[start..]
            .iter()
            .position(|&b| b == b'\n' || is_blank(b))
            .unwrap_or(self.data.len() - start);
        Field {
            line: self.line,
            column: start - self.line_start + 1,
            text: &self.data[start..start + len],
        }
    }

    /// The next whitespace-separated word, whatever it holds (a name in a numbers format);
    /// `what` names it if the input ends first.
    pub fn word(&mut self, what: impl Named) -> Result<Field<'a>, InputError> {
        if !self.skip_blanks() {
            return Err(InputError::of(
                self.line,
                None,
                Problem::EndsEarly(what.name()),
            ));
        }
        let field = self.field_at(self.pos);
        self.pos += field.text.len();
        Ok(field)
    }

    /// The 1-based line of the number read last (for an error about it, found after reading).
    pub fn line(&self) -> usize {
        self.line
    }

    /// Checks that no field is left; `after` says after what (`the last test`).
    pub fn expect_end(&mut self, after: impl Named) -> Result<(), InputError> {
        if self.skip_blanks() {
            let field = self.field_at(self.pos);
            return Err(field.problem(Problem::After {
                field: field.shown(),
                after: after.name(),
            }));
        }
        Ok(())
    }

    /// The next number, which must lie in `range`; `what` names it in an error and is formatted
    /// only then (pass `format_args!` or a `&str`). Inlined: at the caller the name's
    /// arguments are built only on the error path.
    #[inline(always)]
    pub fn next(
        &mut self,
        what: impl Named,
        range: RangeInclusive<u64>,
    ) -> Result<u64, InputError> {
        if !self.skip_blanks() {
            return Err(InputError::of(
                self.line,
                None,
                Problem::EndsEarly(what.name()),
            ));
        }
        let start = self.pos;
        let Some((value, end)) = read_number(self.data, start, &range) else {
            return self.number_error(start, &what, range);
        };
        self.pos = end;
        Ok(value)
    }

    /// The error of the field at `start`, which [`Numbers::next`] could not read as a number
    /// in `range` (or, for 20 digits or more, one it reads again checked).
    #[cold]
    fn number_error(
        &mut self,
        start: usize,
        what: &dyn Named,
        range: RangeInclusive<u64>,
    ) -> Result<u64, InputError> {
        let field = self.field_at(start);
        self.pos = start + field.text.len();
        field.number(&what.name(), range)
    }

    /// The numbers of the next line that is not blank: exactly `N` of them, named by `names`
    /// and each within its range; `None` at the end of the input. Inlined, so the names and
    /// ranges are constants at the caller.
    #[inline(always)]
    pub fn line_of<const N: usize>(
        &mut self,
        names: [&str; N],
        ranges: [RangeInclusive<u64>; N],
    ) -> Result<Option<[u64; N]>, InputError> {
        if !self.skip_blanks() {
            return Ok(None);
        }
        let data = self.data;
        let mut out = [0; N];
        let mut pos = self.pos;
        let mut fine = true;
        for (slot, range) in out.iter_mut().zip(&ranges) {
            while pos < data.len() && is_blank(data[pos]) {
                pos += 1;
            }
            let Some((value, end)) = read_number(data, pos, range) else {
                fine = false;
                break;
            };
            *slot = value;
            pos = end;
        }
        while fine && pos < data.len() && is_blank(data[pos]) {
            pos += 1;
        }
        if fine && (pos == data.len() || data[pos] == b'\n') {
            // Past the line ending: the next line starts there.
            self.pos = (pos + 1).min(data.len());
            self.line += 1;
            self.line_start = self.pos;
            return Ok(Some(out));
        }
        // Something is off: the line reader says what and where.
        let line_end = memchr::memchr(b'\n', &data[self.line_start..])
            .map_or(data.len(), |len| self.line_start + len);
        let line = Line {
            number: self.line,
            text: &data[self.line_start..line_end],
        };
        self.pos = line_end;
        line.numbers(names, ranges).map(Some)
    }
}

/// How much a streamed input may hold: past these it is refused, whatever follows.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The most bytes read in all.
    pub max_bytes: u64,
    /// The longest line, in bytes without its line ending.
    pub max_line: usize,
    /// What a valid input holds at most, for the message (`"100 cases of 30000 coins, about
    /// 6 MB"`).
    pub valid: &'static str,
}

impl Limits {
    /// Generous bounds for text whose valid form is at most `valid`: lines up to 1 MiB.
    pub const fn new(max_bytes: u64, valid: &'static str) -> Limits {
        Limits {
            max_bytes,
            max_line: 1 << 20,
            valid,
        }
    }
}

/// Where the bytes come from: all in memory, or read from a stream as they are needed.
enum Data<'a> {
    Slice(&'a [u8]),
    Stream {
        source: &'a mut dyn Read,
        /// `max_line + 1` bytes: a line that does not fit is too long.
        buffer: Vec<u8>,
        filled: usize,
        /// Bytes read from `source` so far.
        read: u64,
        eof: bool,
        limits: Limits,
    },
}

/// Contest input, line by line, from memory or from a stream (standard input). A stream is
/// read in bounded chunks as the parser asks for lines, never whole: parsing stops at the
/// first error without reading further, and an input past its [`Limits`] (an endless `yes`, a
/// 30 GB file) is refused as soon as it crosses them. The parser sees complete lines only:
/// [`Reader::rest`] is whole lines, so a fast scanner may run to the next `\n` without
/// checking for the end of a chunk. A byte-order mark at the start is skipped.
pub struct Reader<'a> {
    data: Data<'a>,
    /// Where the parser has got to in the window.
    pos: usize,
    /// The end of the complete lines in the window.
    complete: usize,
    /// How many lines lie before `pos`.
    lines_read: usize,
    started: bool,
    io_error: Option<io::Error>,
}

impl<'a> Reader<'a> {
    /// The whole input, already in memory.
    pub fn new(data: &'a [u8]) -> Reader<'a> {
        Reader {
            data: Data::Slice(data),
            pos: 0,
            complete: data.len(),
            lines_read: 0,
            started: false,
            io_error: None,
        }
    }

    /// An input read from `source` as needed, within `limits`.
    pub fn stream(source: &'a mut dyn Read, limits: Limits) -> Reader<'a> {
        Reader {
            data: Data::Stream {
                source,
                buffer: vec![0; limits.max_line + 1],
                filled: 0,
                read: 0,
                eof: false,
                limits,
            },
            pos: 0,
            complete: 0,
            lines_read: 0,
            started: false,
            io_error: None,
        }
    }

    /// The error of a failed read, if reading failed (the parse error then says only that
    /// the input could not be read).
    pub fn take_io_error(&mut self) -> Option<io::Error> {
        self.io_error.take()
    }

    fn window(&self) -> &[u8] {
        match &self.data {
            Data::Slice(data) => data,
            Data::Stream { buffer, filled, .. } => &buffer[..*filled],
        }
    }

    /// The complete lines not yet taken, reading more when none are left; empty at the end of
    /// the input.
    pub fn rest(&mut self) -> Result<&[u8], InputError> {
        if self.pos >= self.complete {
            self.refill()?;
        }
        if !self.started {
            self.started = true;
            // A byte-order mark (some Windows editors write one) is not part of the input.
            if self.window()[self.pos..self.complete].starts_with(b"\xEF\xBB\xBF") {
                self.pos += 3;
                if self.pos >= self.complete {
                    self.refill()?;
                }
            }
        }
        let (pos, complete) = (self.pos, self.complete);
        Ok(&self.window()[pos..complete])
    }

    /// Takes `bytes` of [`Reader::rest`], which held `lines` line endings (or the last line).
    pub fn consume(&mut self, bytes: usize, lines: usize) {
        self.pos = (self.pos + bytes).min(self.complete);
        self.lines_read += lines;
    }

    /// How many lines were taken.
    pub fn lines_read(&self) -> usize {
        self.lines_read
    }

    /// Makes complete lines available after `pos`, if the input has any more.
    fn refill(&mut self) -> Result<(), InputError> {
        let next_line = self.lines_read + 1;
        let Data::Stream {
            source,
            buffer,
            filled,
            read,
            eof,
            limits,
        } = &mut self.data
        else {
            return Ok(());
        };
        // Keep only the unfinished line.
        buffer.copy_within(self.pos..*filled, 0);
        *filled -= self.pos;
        self.pos = 0;
        self.complete = 0;
        loop {
            if *eof {
                self.complete = *filled;
                return Ok(());
            }
            if *filled == buffer.len() {
                return Err(InputError::of(
                    next_line,
                    None,
                    Problem::LineTooLong(limits.max_line),
                ));
            }
            let n = match source.read(&mut buffer[*filled..]) {
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    let message = Problem::Unreadable(e.to_string());
                    self.io_error = Some(e);
                    return Err(InputError::of(next_line, None, message));
                }
            };
            *read += n as u64;
            if *read > limits.max_bytes {
                return Err(InputError::of(
                    next_line,
                    None,
                    Problem::TooMuch {
                        max: limits.max_bytes,
                        valid: limits.valid,
                    },
                ));
            }
            if n == 0 {
                *eof = true;
                continue;
            }
            let start = *filled;
            *filled += n;
            if let Some(last) = buffer[start..*filled].iter().rposition(|&b| b == b'\n') {
                self.complete = start + last + 1;
                return Ok(());
            }
        }
    }

    /// The next line (without its line ending), or `None` at the end of the input.
    pub fn next_line(&mut self) -> Result<Option<Line<'_>>, InputError> {
        let rest = self.rest()?;
        if rest.is_empty() {
            return Ok(None);
        }
        let len = find_newline(rest).unwrap_or(rest.len());
        let (start, number) = (self.pos, self.lines_read + 1);
        self.consume(len + 1, 1);
        Ok(Some(Line {
            number,
            text: &self.window()[start..start + len],
        }))
    }

    /// The next line that is not blank, or an error naming `what` was expected. `what` is
    /// only formatted for the error (pass `format_args!`): this runs once per input line.
    pub fn expect(&mut self, what: impl Named) -> Result<Line<'_>, InputError> {
        loop {
            let rest = self.rest()?;
            if rest.is_empty() {
                return Err(self.ends_early(what));
            }
            let len = find_newline(rest).unwrap_or(rest.len());
            if rest[..len].iter().all(|&b| is_blank(b)) {
                self.consume(len + 1, 1);
                continue;
            }
            let (start, number) = (self.pos, self.lines_read + 1);
            self.consume(len + 1, 1);
            return Ok(Line {
                number,
                text: &self.window()[start..start + len],
            });
        }
    }

    /// The error for an input that stops before `what`.
    pub fn ends_early(&self, what: impl Named) -> InputError {
        InputError::of(self.lines_read + 1, None, Problem::EndsEarly(what.name()))
    }

    /// Checks that only blank lines remain.
    pub fn expect_end(&mut self) -> Result<(), InputError> {
        while let Some(line) = self.next_line()? {
            if let Some(field) = line.fields().next() {
                return Err(field.problem(Problem::After {
                    field: field.shown(),
                    after: Name::LastCase,
                }));
            }
        }
        Ok(())
    }
}

/// `bytes` as `64 MiB` or `1048576 bytes`.
pub fn bytes_in_words(bytes: u64) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{bytes} bytes")
    }
}

/// The first `\n` in `data` (memchr: a word or a vector register at a time).
pub fn find_newline(data: &[u8]) -> Option<usize> {
    memchr::memchr(b'\n', data)
}

/// Text from the input for a message: at most `max` characters (then `…`), every control
/// character and every byte that is not UTF-8 written as an escape (`\x1b`, `\r`, `\xff`), so
/// a hostile input cannot move the cursor or rewrite the screen through an error message.
pub fn excerpt(bytes: &[u8], max: usize) -> String {
    let mut out = String::new();
    let mut shown = 0;
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            if shown == max {
                out.push('…');
                return out;
            }
            push_escaped(&mut out, c);
            shown += 1;
        }
        for &b in chunk.invalid() {
            if shown == max {
                out.push('…');
                return out;
            }
            out.push_str(&format!("\\x{b:02x}"));
            shown += 1;
        }
    }
    out
}

/// The part of `text` around its character `column` (from 1) for a message that names that
/// place: all of it when it has at most `max` characters, else `max` of them with the place
/// among them and `…` where it is cut; escaped as [`excerpt`] escapes.
pub fn excerpt_at(text: &str, column: usize, max: usize) -> String {
    let count = text.chars().count();
    if count <= max {
        return excerpt(text.as_bytes(), max);
    }
    let start = column.saturating_sub(max / 2 + 1).min(count - max);
    let from = text
        .char_indices()
        .nth(start)
        .map_or(text.len(), |(i, _)| i);
    let mut out = String::new();
    if start > 0 {
        out.push('…');
    }
    out.push_str(&excerpt(&text.as_bytes()[from..], max));
    out
}

/// `text` with its control characters escaped (see [`excerpt`]), whole.
pub fn escape_controls(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_escaped(&mut out, c);
    }
    out
}

fn push_escaped(out: &mut String, c: char) {
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        c if (c as u32) < 0x80 && c.is_control() => out.push_str(&format!("\\x{:02x}", c as u32)),
        // C1 controls (U+0080–U+009F) act like ESC sequences on some terminals; bidi controls
        // and the like can reorder what is shown.
        c if c.is_control() || is_format(c) => out.push_str(&format!("\\u{{{:04x}}}", c as u32)),
        c => out.push(c),
    }
}

/// Invisible characters that change how text around them is shown (bidi overrides, zero
/// widths).
fn is_format(c: char) -> bool {
    matches!(c as u32, 0x200B..=0x200F | 0x202A..=0x202E | 0x2066..=0x2069 | 0xFEFF)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_errors_name_their_place() {
        let mut lines = Reader::new(b"2\n16 4x\n\n  7 8 9\n");
        let first = lines.expect("T").unwrap();
        assert_eq!(first.numbers(["T"], [1..=100]).unwrap(), [2]);
        let second = lines.expect("n MAXQ").unwrap();
        let err = second
            .numbers(["n", "MAXQ"], [1..=30000, 1..=20])
            .unwrap_err();
        assert_eq!((err.line, err.column), (2, Some(5)));
        assert!(
            err.to_string().contains("MAXQ must be a whole number"),
            "{err}"
        );
        let third = lines.expect("n MAXQ").unwrap();
        assert_eq!(third.number, 4);
        let err = third
            .numbers(["n", "MAXQ"], [1..=30000, 1..=20])
            .unwrap_err();
        assert_eq!((err.line, err.column), (4, Some(7)));
        let err = lines.expect("coins").unwrap_err();
        assert!(err.to_string().contains("input ends early"), "{err}");
    }

    #[test]
    fn ranges_overflow_and_bytes() {
        let line = Line {
            number: 1,
            text: b"99999999999999999999999 0 \xff",
        };
        let fields: Vec<_> = line.fields().collect();
        assert!(
            fields[0]
                .number("k", 1..=10)
                .unwrap_err()
                .message
                .contains("too large")
        );
        assert!(
            fields[1]
                .number("k", 1..=10)
                .unwrap_err()
                .message
                .contains("out of range")
        );
        assert!(
            fields[2]
                .number("k", 1..=10)
                .unwrap_err()
                .message
                .contains("byte 0xFF")
        );
    }
}

#[cfg(test)]
mod number_tests {
    use super::*;

    /// The 8-byte digit reader against reading a byte at a time, on every count of leading
    /// digits and every kind of byte after them.
    #[test]
    fn leading_digits_agree_with_the_bytes() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let others = [
            b' ', b'\n', b'\t', b'/', b':', b'a', 0, 0xFF, 0x80, 0xB0, b'-',
        ];
        for _ in 0..20_000 {
            let mut chunk = [0u8; 8];
            for b in &mut chunk {
                let r = next();
                *b = if r % 3 == 0 {
                    others[(r >> 8) as usize % others.len()]
                } else {
                    b'0' + (r >> 8) as u8 % 10
                };
            }
            let count = chunk.iter().take_while(|b| b.is_ascii_digit()).count();
            let value = chunk[..count]
                .iter()
                .fold(0u64, |v, &b| v * 10 + u64::from(b - b'0'));
            assert_eq!(leading_digits(chunk), (value, count), "{chunk:?}");
        }
    }

    /// `Numbers::next` reads what `str::parse` reads, wherever the numbers lie in the input.
    #[test]
    fn numbers_read_what_parse_reads() {
        let mut seed = 7u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..500 {
            let mut text = String::new();
            let mut expected = Vec::new();
            for _ in 0..(next() % 30) {
                let digits = 1 + next() % 20;
                let number = next() % 10u64.pow(digits.min(19) as u32);
                let seps = [" ", "\n", "  ", "\t", " \r\n", "\n\n"];
                text.push_str(seps[(next() % 6) as usize]);
                // Leading zeros sometimes.
                if next() % 5 == 0 {
                    text.push_str("00");
                }
                text.push_str(&number.to_string());
                expected.push(number);
            }
            let mut numbers = Numbers::new(text.as_bytes());
            for &e in &expected {
                assert_eq!(numbers.next("x", 0..=u64::MAX).unwrap(), e, "{text:?}");
            }
            assert!(numbers.expect_end("the end").is_ok(), "{text:?}");
        }
    }
}
