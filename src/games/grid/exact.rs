//! The coin grid as a flip game for the compact exact search ([`crate::exact`]). Only the cells
//! up-left of some tails cell can ever change (a cell that turns T is up-left of the anchor
//! that turned it), so a position's state is the tails bits of that region, numbered
//! row-major: one component of at most 128 cells. A block's anchor is its last cell in
//! row-major order and goes T → H, so every move lowers the state.
//!
//! The grid has no cheap exact count of its reachable positions, so the search is bounded by
//! the positions and moves it visits, after two lower bounds on the count: every subset of the
//! tails cells is reachable (each tails cell alone is a legal block), and so is every subset
//! of the tails cells after one anchor flips its whole rectangle.

use std::ops::ControlFlow;

use super::rules::for_each_connected_set;
use super::{Block, Cell, CoinGrid};
use crate::exact::{FlipComponent, FlipGame, Limits, Mask, TooLarge};

/// The region that can change: `widths[r]` leading cells of row r + 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    widths: Vec<usize>,
    /// The bit of the first cell of each row.
    starts: Vec<usize>,
}

impl Region {
    fn of(grid: &CoinGrid) -> Region {
        let mut widths = grid.live_widths();
        while widths.last() == Some(&0) {
            widths.pop();
        }
        let mut starts = Vec::with_capacity(widths.len());
        let mut next = 0;
        for &w in &widths {
            starts.push(next);
            next += w;
        }
        Region { widths, starts }
    }

    fn cells(&self) -> usize {
        self.widths.iter().sum()
    }

    fn bit(&self, cell: Cell) -> u32 {
        (self.starts[cell.row - 1] + cell.col - 1) as u32
    }

    fn cell(&self, bit: u32) -> Cell {
        let bit = bit as usize;
        let row = self.starts.partition_point(|&s| s <= bit);
        Cell::new(row, bit - self.starts[row - 1] + 1)
    }
}

/// The most blocks listed for all anchors together (16 bytes each): a region with more has
/// thousands of moves per position, far too many to search.
const MOST_BLOCKS: usize = 1 << 20;

impl FlipGame for CoinGrid {
    type Cells = Region;

    fn flip_components(&self, limits: &Limits) -> Result<Vec<(Region, FlipComponent)>, TooLarge> {
        let region = Region::of(self);
        let cells = region.cells();
        if cells == 0 {
            return Ok(Vec::new());
        }
        if cells > Mask::BITS as usize {
            return Err(TooLarge);
        }
        // Lower bounds on the reachable count: 2^(tails cells), and the same after an anchor
        // flips its whole rectangle.
        let tails: Vec<Cell> = self.tails();
        let mut free = tails.len();
        for &anchor in &tails {
            let inside = tails.iter().filter(|c| c.is_up_left_of(anchor)).count();
            let after = tails.len() + anchor.row * anchor.col - 2 * inside;
            free = free.max(after);
        }
        if free >= usize::BITS as usize || 1usize << free > limits.positions {
            return Err(TooLarge);
        }
        let start = self.flip_state(&region);
        let mut moves: Vec<Vec<Mask>> = vec![Vec::new(); cells];
        let mut listed = 0usize;
        // The tails anchors first: each subset of the tails cells holding anchor A is reachable
        // and has all of A's blocks as moves, so 2^(tails − 1) · blocks(A) moves at least.
        let (tails_bits, others): (Vec<u32>, Vec<u32>) =
            (0..cells as u32).partition(|&bit| start >> bit & 1 == 1);
        for bit in tails_bits.into_iter().chain(others) {
            let anchor = region.cell(bit);
            let mut blocks = Vec::new();
            let flow = for_each_connected_set(anchor, usize::MAX, |set| {
                listed += 1;
                if listed > MOST_BLOCKS || (listed.is_multiple_of(4096) && limits.expired()) {
                    return ControlFlow::Break(());
                }
                blocks.push(
                    set.iter()
                        .fold(0, |flip, &c| flip | (1 as Mask) << region.bit(c)),
                );
                ControlFlow::Continue(())
            });
            if flow.is_break() || limits.expired() {
                return Err(TooLarge);
            }
            if start >> bit & 1 == 1 {
                let least = (blocks.len() as u128) << (tails.len() - 1);
                if least > limits.moves() as u128 {
                    return Err(TooLarge);
                }
            }
            moves[bit as usize] = blocks;
        }
        let component = FlipComponent { start, moves };
        Ok(vec![(region, component)])
    }

    fn flip_state(&self, region: &Region) -> Mask {
        let rows = self.tail_rows();
        region
            .widths
            .iter()
            .zip(&region.starts)
            .enumerate()
            .fold(0, |state, (r, (&w, &start))| {
                let bits = rows.get(r).map_or(0, |&b| b & super::rules::row_mask(w));
                state | (bits as Mask) << start
            })
    }

    fn flip_move(&self, region: &Region, key: u32, flip: Mask) -> Block {
        let mut others = Vec::new();
        let mut rest = flip & !((1 as Mask) << key);
        while rest != 0 {
            others.push(region.cell(rest.trailing_zeros()));
            rest &= rest - 1;
        }
        Block::new(region.cell(key), others)
    }

    fn same_outside(&self, root: &CoinGrid, regions: &[Region]) -> bool {
        if self.rows() != root.rows() || self.cols() != root.cols() {
            return false;
        }
        let widths: &[usize] = regions.first().map_or(&[], |r| &r.widths);
        self.tail_rows()
            .iter()
            .zip(root.tail_rows())
            .enumerate()
            .all(|(r, (&mine, &theirs))| {
                let width = widths.get(r).copied().unwrap_or(0);
                (mine ^ theirs) & !super::rules::row_mask(width) == 0
            })
    }
}
