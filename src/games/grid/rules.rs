//! The rules of the coin grid: a legal position ([`CoinGrid`]), when a [`Block`] is a legal
//! move, playing it, and the enumeration of connected blocks behind `legal_moves` and
//! `moves_of` (exponential in the board size, so for small boards or with a limit).

use std::fmt;
use std::ops::ControlFlow;

use rand::{Rng, RngExt};

use super::{Block, Cell};
use crate::game::{CodeError, IllegalMove, Notation, Position};
use crate::games::Face;
use crate::message::Said;

/// A position: rows × cols coins (each side 1..=100), stored as one `u128` of tails bits per
/// row (bit `c − 1` is column `c`). Every value is a legal position.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct CoinGrid {
    cols: u8,
    tails: Box<[u128]>,
}

impl CoinGrid {
    /// The largest number of rows, and of columns.
    pub const MAX_SIDE: usize = 100;

    /// The grid with these rows (row 1 first). Rows must all have the same length, and there
    /// must be 1..=100 rows of 1..=100 coins. An error's column is where the problem would be
    /// in the position code `grid:<row 1>/<row 2>/…` of these rows.
    pub fn new(rows: &[Vec<Face>]) -> Result<CoinGrid, CodeError> {
        const PREFIX: usize = "grid:".len();
        let Some(first) = rows.first() else {
            return Err(CodeError::new(PREFIX + 1, Said::new("said.grid.no_row")));
        };
        let mut column = PREFIX + 1;
        for (index, row) in rows.iter().enumerate() {
            let number = index + 1;
            if number > Self::MAX_SIDE {
                return Err(CodeError::new(
                    column,
                    Said::new("said.grid.rows").with("most", Self::MAX_SIDE),
                ));
            }
            if row.is_empty() {
                return Err(CodeError::new(
                    column,
                    Said::new("said.grid.row_empty").with("row", number),
                ));
            }
            if row.len() > Self::MAX_SIDE {
                return Err(CodeError::new(
                    column + Self::MAX_SIDE,
                    Said::new("said.grid.row_long")
                        .with("row", number)
                        .with("most", Self::MAX_SIDE),
                ));
            }
            if row.len() != first.len() {
                return Err(CodeError::new(
                    column,
                    row_short(number, row.len(), first.len()),
                ));
            }
            column += row.len() + 1;
        }
        let tails = rows
            .iter()
            .map(|row| {
                row.iter()
                    .enumerate()
                    .filter(|(_, face)| **face == Face::Tails)
                    .fold(0u128, |bits, (c, _)| bits | 1 << c)
            })
            .collect();
        Ok(CoinGrid::from_tails(first.len(), tails))
    }

    /// The grid from its tails bits, one `u128` per row (bit `c − 1` is column `c`).
    ///
    /// # Panics
    /// If a side is outside 1..=100, or a bit is set past the last column.
    pub(crate) fn from_tails(cols: usize, tails: Box<[u128]>) -> CoinGrid {
        assert!((1..=Self::MAX_SIDE).contains(&cols), "{cols} columns");
        assert!(
            (1..=Self::MAX_SIDE).contains(&tails.len()),
            "{} rows",
            tails.len()
        );
        assert!(tails.iter().all(|&bits| bits & !row_mask(cols) == 0));
        CoinGrid {
            cols: cols as u8,
            tails,
        }
    }

    /// A grid of the given size with every coin showing H or T at random.
    ///
    /// # Panics
    /// If `rows` or `cols` is outside 1..=100.
    pub fn random<R: Rng + ?Sized>(rows: usize, cols: usize, rng: &mut R) -> CoinGrid {
        assert!(
            (1..=Self::MAX_SIDE).contains(&rows) && (1..=Self::MAX_SIDE).contains(&cols),
            "a grid is 1..=100 × 1..=100, not {rows}×{cols}"
        );
        let tails = (0..rows)
            .map(|_| rng.random::<u128>() & row_mask(cols))
            .collect();
        CoinGrid::from_tails(cols, tails)
    }

    pub fn rows(&self) -> usize {
        self.tails.len()
    }

    pub fn cols(&self) -> usize {
        self.cols as usize
    }

    /// Whether `cell` is on the board.
    pub fn contains(&self, cell: Cell) -> bool {
        (1..=self.rows()).contains(&cell.row) && (1..=self.cols()).contains(&cell.col)
    }

    /// The face of a cell.
    ///
    /// # Panics
    /// If `cell` is off the board.
    pub fn face(&self, cell: Cell) -> Face {
        assert!(self.contains(cell), "cell {cell} is off the board");
        if self.is_tails(cell) {
            Face::Tails
        } else {
            Face::Heads
        }
    }

    /// Whether `cell` is on the board and shows T.
    pub fn is_tails(&self, cell: Cell) -> bool {
        self.contains(cell) && self.tails[cell.row - 1] >> (cell.col - 1) & 1 == 1
    }

    /// The tails bits of row `row` (1-based): bit `c − 1` is column `c`.
    pub fn row_bits(&self, row: usize) -> u128 {
        self.tails[row - 1]
    }

    /// The tails bits of every row, row 1 first.
    pub(crate) fn tail_rows(&self) -> &[u128] {
        &self.tails
    }

    /// Every cell showing T, row-major.
    pub fn tails(&self) -> Vec<Cell> {
        let mut cells = Vec::new();
        for (r, &bits) in self.tails.iter().enumerate() {
            let mut rest = bits;
            while rest != 0 {
                let c = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                cells.push(Cell::new(r + 1, c + 1));
            }
        }
        cells
    }

    /// The same position with rows and columns swapped.
    pub fn transposed(&self) -> CoinGrid {
        let mut tails = vec![0u128; self.cols()].into_boxed_slice();
        for cell in self.tails() {
            tails[cell.col - 1] |= 1 << (cell.row - 1);
        }
        CoinGrid::from_tails(self.rows(), tails)
    }

    /// `Ok` if `block` is a legal move here (the same as `check_move`), else why not.
    pub fn check_block(&self, block: &Block) -> Result<(), IllegalMove> {
        let anchor = block.anchor();
        if !self.contains(anchor) {
            return Err(IllegalMove::new(
                Said::new("said.grid.anchor_off")
                    .with("anchor", anchor)
                    .with("rows", self.rows())
                    .with("cols", self.cols()),
            ));
        }
        if !self.is_tails(anchor) {
            return Err(IllegalMove::new(
                Said::new("said.grid.anchor_heads").with("anchor", anchor),
            ));
        }
        for &cell in block.cells() {
            if !self.contains(cell) {
                return Err(IllegalMove::new(
                    Said::new("said.grid.cell_off")
                        .with("cell", cell)
                        .with("rows", self.rows())
                        .with("cols", self.cols()),
                ));
            }
            if !cell.is_up_left_of(anchor) {
                return Err(IllegalMove::new(
                    Said::new("said.grid.not_up_left")
                        .with("cell", cell)
                        .with("anchor", anchor),
                ));
            }
        }
        // Flood fill from the anchor through the block's cells.
        let mut inside = vec![0u128; anchor.row];
        for &cell in block.cells() {
            inside[cell.row - 1] |= 1 << (cell.col - 1);
        }
        let mut reached = vec![0u128; anchor.row];
        let mut queue = vec![anchor];
        reached[anchor.row - 1] |= 1 << (anchor.col - 1);
        while let Some(cell) = queue.pop() {
            for next in neighbours(cell, anchor) {
                let bit = 1u128 << (next.col - 1);
                if inside[next.row - 1] & bit != 0 && reached[next.row - 1] & bit == 0 {
                    reached[next.row - 1] |= bit;
                    queue.push(next);
                }
            }
        }
        if let Some(&cell) = block
            .cells()
            .iter()
            .find(|c| reached[c.row - 1] >> (c.col - 1) & 1 == 0)
        {
            return Err(IllegalMove::new(
                Said::new("said.grid.not_connected")
                    .with("cell", cell)
                    .with("anchor", anchor),
            ));
        }
        Ok(())
    }

    /// Every legal block anchored at `anchor`, smallest blocks first, at most `limit` of them,
    /// and whether there were more. None if `anchor` is off the board or shows H.
    pub fn blocks_at(&self, anchor: Cell, limit: usize) -> (Vec<Block>, bool) {
        if !self.is_tails(anchor) {
            return (Vec::new(), false);
        }
        if limit == usize::MAX {
            let mut found = Vec::new();
            let _ = for_each_connected_set(anchor, usize::MAX, |set| {
                found.push(Block::new(anchor, set.iter().copied()));
                ControlFlow::Continue(())
            });
            found.sort_by_key(Block::len);
            return (found, false);
        }
        // Iterative deepening on the block size, so that a truncated list holds the smallest
        // blocks rather than the first branch of the search.
        let mut found = Vec::new();
        for size in 1.. {
            let mut of_size = 0usize;
            let flow = for_each_connected_set(anchor, size, |set| {
                if set.len() == size {
                    of_size += 1;
                    found.push(Block::new(anchor, set.iter().copied()));
                    if found.len() > limit {
                        return ControlFlow::Break(());
                    }
                }
                ControlFlow::Continue(())
            });
            if flow.is_break() {
                found.truncate(limit);
                return (found, true);
            }
            if of_size == 0 {
                break;
            }
        }
        (found, false)
    }
}

/// Bits 0..cols set.
pub(crate) fn row_mask(cols: usize) -> u128 {
    if cols >= 128 {
        u128::MAX
    } else {
        (1u128 << cols) - 1
    }
}

/// The 4-neighbours of `cell` inside the up-left rectangle of `anchor`.
fn neighbours(cell: Cell, anchor: Cell) -> impl Iterator<Item = Cell> {
    let Cell { row, col } = cell;
    [
        (row > 1).then(|| Cell::new(row - 1, col)),
        (col > 1).then(|| Cell::new(row, col - 1)),
        (row < anchor.row).then(|| Cell::new(row + 1, col)),
        (col < anchor.col).then(|| Cell::new(row, col + 1)),
    ]
    .into_iter()
    .flatten()
}

/// Calls `visit` once with every connected set of cells that holds `anchor`, lies in its
/// up-left rectangle and has at most `max_size` cells (unsorted, anchor first), until `visit`
/// breaks.
///
/// The search grows the set from a frontier of candidate neighbours; the branch that adds the
/// k-th candidate forbids candidates 1..k, so every set is produced exactly once (the
/// reverse-search enumeration of connected induced subgraphs).
pub(crate) fn for_each_connected_set(
    anchor: Cell,
    max_size: usize,
    mut visit: impl FnMut(&[Cell]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    struct Search<'v, V> {
        anchor: Cell,
        max_size: usize,
        /// Cells in the set, in the frontier, or forbidden: never added as new candidates.
        blocked: Vec<u128>,
        set: Vec<Cell>,
        /// The frontiers of the sets being grown, one above the other (see `grow`).
        frontiers: Vec<Cell>,
        visit: &'v mut V,
    }
    impl<V: FnMut(&[Cell]) -> ControlFlow<()>> Search<'_, V> {
        fn is_blocked(&self, cell: Cell) -> bool {
            self.blocked[cell.row - 1] >> (cell.col - 1) & 1 == 1
        }
        fn toggle(&mut self, cell: Cell) {
            self.blocked[cell.row - 1] ^= 1 << (cell.col - 1);
        }
        /// Grows the set from the frontier `frontiers[start..end]`. Every frontier lives in
        /// one stack, each above the one it came from, so that the search allocates nothing
        /// per set (a small grid has thousands of blocks per anchor, and a puzzle sheet walks
        /// them for every position it judges).
        fn grow(&mut self, start: usize, end: usize) -> ControlFlow<()> {
            (self.visit)(&self.set)?;
            if self.set.len() >= self.max_size {
                return ControlFlow::Continue(());
            }
            for index in start..end {
                let cell = self.frontiers[index];
                let next = self.frontiers.len();
                self.frontiers.extend_from_within(index + 1..end);
                let kept = self.frontiers.len();
                for n in neighbours(cell, self.anchor) {
                    if !self.is_blocked(n) {
                        self.toggle(n);
                        self.frontiers.push(n);
                    }
                }
                self.set.push(cell);
                let flow = self.grow(next, self.frontiers.len());
                self.set.pop();
                for added in kept..self.frontiers.len() {
                    let n = self.frontiers[added];
                    self.toggle(n);
                }
                self.frontiers.truncate(next);
                flow?;
            }
            ControlFlow::Continue(())
        }
    }
    if anchor.row == 0 || anchor.col == 0 || anchor.col > 128 || max_size == 0 {
        return ControlFlow::Continue(());
    }
    let mut search = Search {
        anchor,
        max_size,
        blocked: vec![0; anchor.row],
        set: vec![anchor],
        frontiers: neighbours(anchor, anchor).collect(),
        visit: &mut visit,
    };
    search.toggle(anchor);
    for index in 0..search.frontiers.len() {
        let cell = search.frontiers[index];
        search.toggle(cell);
    }
    let end = search.frontiers.len();
    search.grow(0, end)
}

impl fmt::Debug for CoinGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CoinGrid({})", self.to_code())
    }
}

/// The moves and their legality. `legal_moves` lists every connected block of every tails
/// anchor: exponential in the board size, for small boards only (the solver's brute force).
impl Position for CoinGrid {
    type Move = Block;

    fn legal_moves(&self) -> Vec<Block> {
        let mut moves = Vec::new();
        for anchor in self.tails() {
            let _ = for_each_connected_set(anchor, usize::MAX, |set| {
                moves.push(Block::new(anchor, set.iter().copied()));
                ControlFlow::Continue(())
            });
        }
        moves
    }

    fn check_move(&self, mv: &Block) -> Result<(), IllegalMove> {
        self.check_block(mv)
    }

    fn play_unchecked(&self, mv: &Block) -> CoinGrid {
        let mut next = self.clone();
        for &cell in mv.cells() {
            next.tails[cell.row - 1] ^= 1 << (cell.col - 1);
        }
        next
    }

    fn is_over(&self) -> bool {
        self.tails.iter().all(|&bits| bits == 0)
    }

    // The region up-left of the tails cells as one component (see `exact.rs`).
    crate::exact::flip_compact_search!();

    /// 2^(the number of cells up-left of some tails cell): no other cell ever changes, since
    /// a cell that turns T lies up-left of the anchor that flipped it.
    fn heap_bytes(&self) -> usize {
        self.tails.len() * 16
    }

    fn reachable_bound(&self) -> Option<u128> {
        let cells: usize = self.live_widths().iter().sum();
        Some(if cells >= 128 {
            u128::MAX
        } else {
            1u128 << cells
        })
    }

    /// The blocks of every cell that can ever show T (those up-left of a tails cell): a
    /// cell (1, c) has c blocks (segments of row 1), (r, 1) has r, and any other cell at most
    /// 2^(r·c − 1), one per subset of its rectangle holding it.
    fn moves_bound(&self) -> Option<u128> {
        let mut total = 0u128;
        for (index, &width) in self.live_widths().iter().enumerate() {
            let row = index + 1;
            for col in 1..=width {
                let blocks = if row == 1 || col == 1 {
                    (row * col) as u128
                } else if row * col > 128 {
                    u128::MAX
                } else {
                    1u128 << (row * col - 1)
                };
                total = total.saturating_add(blocks);
            }
        }
        Some(total)
    }
}

impl CoinGrid {
    /// For each row, how many of its leading cells lie up-left of some tails cell (the only
    /// cells a game from here can ever change).
    pub(crate) fn live_widths(&self) -> Vec<usize> {
        let mut widest = 0usize;
        let mut widths: Vec<usize> = self
            .tails
            .iter()
            .rev()
            .map(|&bits| {
                widest = widest.max(128 - bits.leading_zeros() as usize);
                widest
            })
            .collect();
        widths.reverse();
        widths
    }
}

/// `1 coin`, `3 coins`: a count of coins for messages.
/// Row `row` has `coins` coins, fewer than row 1's `first`.
pub fn row_short(row: usize, coins: usize, first: usize) -> Said {
    let key = if coins == 1 {
        "said.grid.row_short.one"
    } else {
        "said.grid.row_short.other"
    };
    Said::new(key)
        .with("row", row)
        .with("coins", coins)
        .with("first", first)
}
