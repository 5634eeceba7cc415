//! Sprague–Grundy values of the coin grid and the AI's moves built on them. The grid is a
//! coin-turning game, so a position's value is the nim-sum of the values of its tails cells,
//! and every cell value is a power of two: a nim-sum is a parity count per exponent.

use rand::Rng;

use super::block::block_toward;
use super::{Block, Cell, CoinGrid};
use crate::ai::pick;
use crate::game::Impartial;
use crate::nimber::Nimber;

/// The exponent of a cell's value: lowbit(i + j − 1) = 2^e on row 1 or column 1, else
/// e = i + j − 2.
///
/// # Panics
/// If the row or the column is 0.
pub fn cell_exponent(cell: Cell) -> u32 {
    assert!(cell.row >= 1 && cell.col >= 1, "cells are 1-based: {cell:?}");
    if cell.row == 1 || cell.col == 1 {
        (cell.row + cell.col - 1).trailing_zeros()
    } else {
        (cell.row + cell.col - 2) as u32
    }
}

/// The Sprague–Grundy value of a single T at `cell` (RULES.md §2): lowbit(i + j − 1) on row 1
/// or column 1, else 2^(i + j − 2).
///
/// # Panics
/// If the row or the column is 0, or the value does not fit in a [`Nimber`]
/// (row + column > 257; a board cell is at most 200).
pub fn cell_value(cell: Cell) -> Nimber {
    Nimber::power_of_two(cell_exponent(cell))
}

/// The nim-sum of the values of the tails cells given as one bit row per board row.
pub(crate) fn nim_sum_of_rows<'a>(rows: impl IntoIterator<Item = &'a u128>) -> Nimber {
    let mut sum = Nimber::ZERO;
    for (r, &bits) in rows.into_iter().enumerate() {
        let mut rest = bits;
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            sum ^= cell_value(Cell::new(r + 1, c + 1));
        }
    }
    sum
}

impl CoinGrid {
    /// A legal block at `anchor` whose other cells' values XOR to `target`, built directly (see
    /// [`block_toward`]). `None` exactly when there is none: the anchor is off the board or
    /// shows H, or `target ≥ cell_value(anchor)`.
    pub fn block_for_target(&self, anchor: Cell, target: Nimber) -> Option<Block> {
        if !self.is_tails(anchor) {
            return None;
        }
        block_toward(anchor, target)
    }

    /// The tails cells that can start a winning move: those whose value is the highest bit
    /// of the nim-sum. Empty when the nim-sum is 0.
    pub fn winning_anchors(&self) -> Vec<Cell> {
        match self.nim_sum().highest_bit() {
            None => Vec::new(),
            Some(h) => self
                .tails()
                .into_iter()
                .filter(|&c| cell_exponent(c) == h)
                .collect(),
        }
    }

    /// The winning block at `anchor` (one of [`CoinGrid::winning_anchors`]).
    fn winning_block(&self, anchor: Cell, nim_sum: Nimber) -> Option<Block> {
        self.block_for_target(anchor, nim_sum ^ cell_value(anchor))
    }
}

impl Impartial for CoinGrid {
    type Part = Cell;

    fn parts(&self) -> Vec<(Cell, Nimber)> {
        self.tails()
            .into_iter()
            .map(|c| (c, cell_value(c)))
            .collect()
    }

    fn nim_sum(&self) -> Nimber {
        nim_sum_of_rows(self.tail_rows())
    }

    /// Every cell of the block flips, so its value leaves or joins the sum.
    fn nim_sum_after(&self, mv: &Block) -> Nimber {
        mv.cells()
            .iter()
            .fold(self.nim_sum(), |sum, &c| sum ^ cell_value(c))
    }

    fn describe_part(&self, cell: Cell) -> String {
        format!("cell {cell}")
    }

    fn part_of(&self, mv: &Block) -> Cell {
        mv.anchor()
    }

    /// Connected blocks at the anchor, smallest first, found by a reverse-search enumeration;
    /// `limit` keeps this fast on any board.
    fn moves_of(&self, anchor: Cell, limit: usize) -> (Vec<Block>, bool) {
        self.blocks_at(anchor, limit)
    }

    /// One constructed block per anchor whose value is the nim-sum's highest bit.
    fn winning_moves(&self, limit: usize) -> Vec<Block> {
        let nim_sum = self.nim_sum();
        self.winning_anchors()
            .into_iter()
            .take(limit)
            .filter_map(|anchor| self.winning_block(anchor, nim_sum))
            .collect()
    }

    /// A random anchor among the winning ones, with its block built directly.
    fn winning_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Block> {
        let nim_sum = self.nim_sum();
        let anchor = pick(self.winning_anchors(), rng)?;
        self.winning_block(anchor, nim_sum)
    }

    /// Heuristic for a lost position: flip a single tails coin (a lone anchor is always
    /// legal, and taking one coin at a time keeps the game long), choosing the coin after
    /// which the opponent has the fewest winning replies — the tails cells whose value is the
    /// highest bit of the new nim-sum — then the smallest value, then at random. From a won
    /// position this picks a winning lone flip when there is one (no replies win then).
    fn stalling_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Block> {
        let tails = self.tails();
        let nim_sum = self.nim_sum();
        let mut count = [0usize; Nimber::BITS as usize];
        for &cell in &tails {
            count[cell_exponent(cell) as usize] += 1;
        }
        let key = |cell: Cell| {
            let e = cell_exponent(cell);
            let after = nim_sum ^ Nimber::power_of_two(e);
            let replies = match after.highest_bit() {
                None => 0,
                Some(h) if h == e => count[h as usize] - 1,
                Some(h) => count[h as usize],
            };
            (replies, e)
        };
        let best = tails.iter().map(|&c| key(c)).min()?;
        let candidates: Vec<Cell> = tails.into_iter().filter(|&c| key(c) == best).collect();
        pick(candidates, rng).map(|anchor| Block::new(anchor, []))
    }
}
