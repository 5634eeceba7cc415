//! Coin grid (ZJOI 2009 "Coloring Game", RULES.md §2): a move flips a connected block of coins
//! whose anchor shows T and lies down-right of every other cell of the block.
//!
//! [`rules`] holds positions and legality, [`values`] the Sprague–Grundy values and the AI's
//! moves, [`block`] the constructive winning block, [`exact`] the region that can change for
//! the compact exact search, [`notation`] codes and [`contest`] the contest solver.

pub mod block;
pub mod contest;
pub mod exact;
pub mod notation;
pub mod rules;
pub mod values;

use std::fmt;

pub use block::block_toward;
pub use contest::solve;
pub use rules::CoinGrid;
pub use values::cell_value;

/// A cell of the grid, 1-based: row 1 is the top row, column 1 the left column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    pub row: usize,
    pub col: usize,
}

impl Cell {
    pub const fn new(row: usize, col: usize) -> Cell {
        Cell { row, col }
    }

    /// Whether `self` is up-left of `anchor` (straight up, straight left and the anchor itself
    /// count).
    pub fn is_up_left_of(self, anchor: Cell) -> bool {
        self.row <= anchor.row && self.col <= anchor.col
    }

    /// The same cell with row and column swapped.
    pub fn transposed(self) -> Cell {
        Cell::new(self.col, self.row)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.row, self.col)
    }
}

/// A move: the anchor and every cell the move flips (the anchor included), sorted row-major
/// and without repeats. A block is legal in a position when
/// [`CoinGrid::check_block`] says so.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Block {
    anchor: Cell,
    cells: Vec<Cell>,
}

impl Block {
    /// The block of `anchor` and `others`, sorted and without repeats; the anchor is included
    /// whether or not `others` lists it.
    pub fn new(anchor: Cell, others: impl IntoIterator<Item = Cell>) -> Block {
        let mut cells: Vec<Cell> = others.into_iter().collect();
        cells.push(anchor);
        cells.sort_unstable();
        cells.dedup();
        Block { anchor, cells }
    }

    /// The cell that must show T.
    pub fn anchor(&self) -> Cell {
        self.anchor
    }

    /// Every cell the move flips, the anchor included, row-major.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The cells other than the anchor, row-major.
    pub fn others(&self) -> impl Iterator<Item = Cell> + '_ {
        self.cells
            .iter()
            .copied()
            .filter(move |&c| c != self.anchor)
    }

    pub fn contains(&self, cell: Cell) -> bool {
        self.cells.binary_search(&cell).is_ok()
    }

    /// How many coins the move flips.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Always false: a block holds at least its anchor.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }
}

impl crate::games::catalogue::Catalogued for CoinGrid {
    fn puzzle<R: rand::Rng + ?Sized>(_name: &str, d: usize, rng: &mut R) -> CoinGrid {
        let (rows, cols) = [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4)][d - 1];
        CoinGrid::random(rows, cols, rng)
    }
}
