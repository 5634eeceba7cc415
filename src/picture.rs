//! Tables of Sprague–Grundy values as pictures: a sequence G(first), G(first + 1), … as a strip
//! of coloured cells (one colour per value) with its preperiod and period marked, and a
//! two-dimensional table as a heat map. This module says what a picture shows — its cells, their
//! colours, the marks — and builds the pictures of the games' tables; the command line draws them
//! into SVG and PNG files (`grundy sg … --svg/--png`) and the terminal's Lab into the cells of the
//! screen, both from the same [`Palette`], so a value has one colour everywhere.
//!
//! A picture carries no words, only numbers, codes and the symbols of the field (`n`, `p`,
//! `n₀`): a file written in one language serves readers of the others.

use crate::games::coins::{CoinRow, coin_value};
use crate::games::grid::Cell;
use crate::games::grid::values::cell_exponent;
use crate::games::heaps::period::Period;
use crate::games::{ed, wythoff};

/// A colour, as red, green and blue from 0 to 255.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `#rrggbb`.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// Perceived lightness, 0 (black) to 255 (white) (the ITU-R BT.601 weights).
    fn lightness(self) -> u32 {
        (299 * u32::from(self.0) + 587 * u32::from(self.1) + 114 * u32::from(self.2)) / 1000
    }
}

/// The period of a sequence: G(n + period) = G(n) for every n ≥ preperiod.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Marks {
    /// n₀, the first n from which the sequence repeats.
    pub preperiod: u64,
    /// p.
    pub period: u64,
}

/// A sequence of values, G(first) onwards, one cell each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strip {
    /// What the sequence is of: a rule's code (`0.137`, `kayles`).
    pub title: String,
    /// The n of the first value (0 for heaps, 1 for the coins of a row).
    pub first: u64,
    pub values: Vec<u64>,
    /// The period found, if any.
    pub marks: Option<Marks>,
}

impl Strip {
    pub fn new(title: impl Into<String>, first: u64, values: Vec<u64>) -> Strip {
        Strip {
            title: title.into(),
            first,
            values,
            marks: None,
        }
    }

    pub fn with_marks(self, marks: Option<Marks>) -> Strip {
        Strip { marks, ..self }
    }

    /// The largest value (0 for an empty strip).
    pub fn max_value(&self) -> u64 {
        self.values.iter().copied().max().unwrap_or(0)
    }

    /// How many cells a row holds when at most `room` fit: a multiple of the period where one
    /// fits, so that after the preperiod every column holds one value and the period shows as
    /// stripes; else a multiple of 10 (the tables' rows), else `room`.
    pub fn row_width(&self, room: usize) -> usize {
        let room = room.max(1);
        if let Some(marks) = self.marks
            && marks.period >= 1
            && marks.period as usize <= room
        {
            let p = marks.period as usize;
            return room / p * p;
        }
        if room >= 10 { room / 10 * 10 } else { room }
    }

    /// Where the value of `n` sits: (row, column) for rows of `width` cells that start at
    /// [`Strip::first`].
    pub fn place(&self, n: u64, width: usize) -> (usize, usize) {
        let i = (n - self.first) as usize;
        (i / width, i % width)
    }

    /// Whether `n` lies in the preperiod (before n₀).
    pub fn in_preperiod(&self, n: u64) -> bool {
        self.marks.is_some_and(|m| n < m.preperiod)
    }

    /// Whether `n` lies in the first period, n₀ ≤ n < n₀ + p.
    pub fn in_first_period(&self, n: u64) -> bool {
        self.marks
            .is_some_and(|m| n >= m.preperiod && n < m.preperiod + m.period)
    }
}

/// A table of values over two coordinates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeatMap {
    /// What the table is of (`wythoff`, `ed`, `grid`, `coins`).
    pub title: String,
    /// The names of the coordinates down and across (`a`, `b`; `MAXQ`, `n`).
    pub row_axis: String,
    pub col_axis: String,
    /// The coordinate of each row and of each column.
    pub rows: Vec<u64>,
    pub cols: Vec<u64>,
    /// The values, row after row.
    pub values: Vec<u64>,
}

impl HeatMap {
    /// The table of `value(row, col)` over the coordinates given.
    pub fn new(
        title: impl Into<String>,
        (row_axis, rows): (&str, Vec<u64>),
        (col_axis, cols): (&str, Vec<u64>),
        value: impl Fn(u64, u64) -> u64,
    ) -> HeatMap {
        let values = rows
            .iter()
            .flat_map(|&r| cols.iter().map(move |&c| (r, c)))
            .map(|(r, c)| value(r, c))
            .collect();
        HeatMap {
            title: title.into(),
            row_axis: row_axis.to_string(),
            col_axis: col_axis.to_string(),
            rows,
            cols,
            values,
        }
    }

    /// The value in row `r`, column `c` (places, from 0).
    pub fn value(&self, r: usize, c: usize) -> u64 {
        self.values[r * self.cols.len() + c]
    }

    pub fn max_value(&self) -> u64 {
        self.values.iter().copied().max().unwrap_or(0)
    }
}

/// A picture of a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Picture {
    Strip(Strip),
    HeatMap(HeatMap),
}

impl Picture {
    pub fn max_value(&self) -> u64 {
        match self {
            Picture::Strip(strip) => strip.max_value(),
            Picture::HeatMap(map) => map.max_value(),
        }
    }

    pub fn title(&self) -> &str {
        match self {
            Picture::Strip(strip) => &strip.title,
            Picture::HeatMap(map) => &map.title,
        }
    }
}

/// The colour of each value. 0, the values of the lost positions, is near-black everywhere;
/// up to [`Palette::DISTINCT`] the others get colours of their own, far apart (a sequence's
/// values are small, and a period shows best when every value is told apart at a glance);
/// beyond it the values run along a gradient from blue to yellow (viridis), where
/// nearness of colour means nearness of value (Wythoff's table reaches 2n).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    max: u64,
}

/// The colours of the values 1..=10 (Tableau 10): distinct for readers with the common
/// colour-vision deficiencies too.
const CATEGORICAL: [Rgb; 10] = [
    Rgb(0x4e, 0x79, 0xa7),
    Rgb(0xf2, 0x8e, 0x2b),
    Rgb(0xe1, 0x57, 0x59),
    Rgb(0x76, 0xb7, 0xb2),
    Rgb(0x59, 0xa1, 0x4f),
    Rgb(0xed, 0xc9, 0x48),
    Rgb(0xb0, 0x7a, 0xa1),
    Rgb(0xff, 0x9d, 0xa7),
    Rgb(0x9c, 0x75, 0x5f),
    Rgb(0xba, 0xb0, 0xac),
];

/// Viridis at five stops, from its blue on (its darkest purple would be near 0's black).
const GRADIENT: [Rgb; 5] = [
    Rgb(0x3b, 0x52, 0x8b),
    Rgb(0x21, 0x91, 0x8c),
    Rgb(0x5e, 0xc9, 0x62),
    Rgb(0xb5, 0xde, 0x2b),
    Rgb(0xfd, 0xe7, 0x25),
];

/// The colour of 0.
const ZERO: Rgb = Rgb(0x1e, 0x1e, 0x1e);

impl Palette {
    /// Up to this largest value every value has a colour of its own.
    pub const DISTINCT: u64 = CATEGORICAL.len() as u64;

    /// The palette of a picture whose largest value is `max`.
    pub fn new(max: u64) -> Palette {
        Palette { max }
    }

    /// Whether every value has a colour of its own (else they run along a gradient).
    pub fn is_distinct(self) -> bool {
        self.max <= Palette::DISTINCT
    }

    pub fn max(self) -> u64 {
        self.max
    }

    /// The colour of `value`.
    pub fn colour(self, value: u64) -> Rgb {
        if value == 0 {
            return ZERO;
        }
        if self.is_distinct() {
            return CATEGORICAL[(value - 1) as usize % CATEGORICAL.len()];
        }
        let t = (value.min(self.max) - 1) as f64 / (self.max - 1).max(1) as f64;
        let spans = (GRADIENT.len() - 1) as f64;
        let at = (t * spans).min(spans - 1e-9);
        let (i, frac) = (at.floor() as usize, at.fract());
        let mix =
            |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * frac).round() as u8;
        let (a, b) = (GRADIENT[i], GRADIENT[i + 1]);
        Rgb(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
    }

    /// The colour to write a number in on a cell of `value`: black on light cells, white on
    /// dark ones.
    pub fn ink(self, value: u64) -> Rgb {
        if self.colour(value).lightness() > 140 {
            Rgb(0, 0, 0)
        } else {
            Rgb(0xff, 0xff, 0xff)
        }
    }

    /// The values a legend shows for a picture holding `values`: each value present when they
    /// have colours of their own, else a few steps of the gradient from 0 to the largest.
    pub fn legend(self, values: impl IntoIterator<Item = u64>) -> Vec<u64> {
        if self.is_distinct() {
            let mut present: Vec<u64> = values.into_iter().collect();
            present.sort_unstable();
            present.dedup();
            return present;
        }
        let steps = 6;
        let mut shown: Vec<u64> = (0..=steps).map(|i| self.max * i / steps).collect();
        shown.dedup();
        shown
    }
}

/// Wythoff's game: the value of a queen at (a, b), 0 ≤ a, b ≤ n (n at most
/// [`wythoff::MAX_COORD`]).
pub fn wythoff(n: u64) -> HeatMap {
    let n = n.min(wythoff::MAX_COORD);
    HeatMap::new(
        "wythoff",
        ("a", (0..=n).collect()),
        ("b", (0..=n).collect()),
        |a, b| u64::from(wythoff::queen_value(a, b)),
    )
}

/// E&D: the value of a pair (x, y), 1 ≤ x, y ≤ n.
pub fn ed(n: u64) -> HeatMap {
    HeatMap::new(
        "ed",
        ("x", (1..=n).collect()),
        ("y", (1..=n).collect()),
        ed::pair_value,
    )
}

/// The coin grid: the value 2^k of a lone tails cell, shown as its exponent k.
pub fn grid(rows: u64, cols: u64) -> HeatMap {
    HeatMap::new(
        "grid",
        ("row", (1..=rows).collect()),
        ("col", (1..=cols).collect()),
        |row, col| {
            u64::from(cell_exponent(Cell {
                row: row as usize,
                col: col as usize,
            }))
        },
    )
}

/// The coin row: the value of a lone tails coin at each place 1..=n (down) against MAXQ
/// 1..=maxq (across rows). `n` and `maxq` are cut to the row's bounds.
pub fn coins(n: u64, maxq: u32) -> HeatMap {
    let n = n.clamp(1, CoinRow::MAX_N as u64);
    let maxq = maxq.clamp(1, CoinRow::MAX_MAXQ);
    HeatMap::new(
        "coins",
        ("MAXQ", (1..=u64::from(maxq)).collect()),
        ("n", (1..=n).collect()),
        |q, place| {
            coin_value(place as usize, q as u32)
                .to_u64()
                .expect("a coin's value fits 64 bits")
        },
    )
}

/// The strip of a rule's values G(0), G(1), … (`title`: its code), marked with its period.
/// An arithmetic period's saltus is taken out first (G(n) − S·⌊(n − N0)/P⌋, said in the
/// title): its raw values all differ and hide the period that this shows.
pub fn sequence_strip(title: String, values: &[u32], period: Option<Period>) -> Strip {
    let marks = period.map(|period| Marks {
        preperiod: period.preperiod,
        period: period.period,
    });
    let (title, shown): (String, Vec<u64>) = match period.filter(|p| p.saltus > 0) {
        Some(p) => (
            format!(
                "{title}: G(n) − {}·⌊(n − {})/{}⌋",
                p.saltus, p.preperiod, p.period
            ),
            (0..)
                .zip(values)
                .map(|(x, &v)| p.without_saltus(x, u64::from(v)))
                .collect(),
        ),
        None => (title, values.iter().map(|&v| u64::from(v)).collect()),
    };
    Strip::new(title, 0, shown).with_marks(marks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_hold_whole_periods() {
        let strip = Strip::new("t", 0, vec![0; 100]).with_marks(Some(Marks {
            preperiod: 3,
            period: 12,
        }));
        assert_eq!(strip.row_width(40), 36);
        assert_eq!(strip.row_width(12), 12);
        // A period longer than the room: rows of tens.
        assert_eq!(strip.row_width(11), 10);
        assert_eq!(Strip::new("t", 0, vec![]).row_width(57), 50);
        assert_eq!(Strip::new("t", 0, vec![]).row_width(7), 7);
        assert_eq!(strip.place(37, 36), (1, 1));
        assert!(strip.in_preperiod(2) && !strip.in_preperiod(3));
        assert!(strip.in_first_period(14) && !strip.in_first_period(15));
    }

    #[test]
    fn small_values_have_colours_of_their_own() {
        let palette = Palette::new(10);
        let colours: Vec<Rgb> = (0..=10).map(|v| palette.colour(v)).collect();
        for (i, a) in colours.iter().enumerate() {
            for b in &colours[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert_eq!(palette.colour(0), ZERO);
        assert_eq!(palette.ink(0), Rgb(255, 255, 255));
        assert_eq!(palette.legend([3, 0, 3, 1]), vec![0, 1, 3]);
    }

    #[test]
    fn large_values_run_along_the_gradient() {
        let palette = Palette::new(100);
        assert!(!palette.is_distinct());
        assert_eq!(palette.colour(1), GRADIENT[0]);
        assert_eq!(palette.colour(100), GRADIENT[4]);
        assert_eq!(palette.colour(0), ZERO);
        assert_eq!(palette.legend([]).first(), Some(&0));
        assert_eq!(palette.legend([]).last(), Some(&100));
    }

    #[test]
    fn the_tables_match_the_games() {
        let map = wythoff(5);
        assert_eq!(map.value(1, 2), 0);
        assert_eq!(map.value(3, 5), 0);
        assert_eq!(map.value(0, 4), 4);
        let map = ed(4);
        // (x − 1) | (y − 1) = 1 | 2 = 3: two trailing ones.
        assert_eq!(map.value(1, 2), 2);
        let map = grid(3, 3);
        assert_eq!(map.value(0, 0), 0);
        assert_eq!(map.value(2, 2), 4);
        let map = coins(6, 2);
        assert_eq!(map.rows, vec![1, 2]);
        assert_eq!(map.cols.len(), 6);
        assert_eq!(map.value(1, 3), coin_value(4, 2).to_u64().unwrap());
    }
}
