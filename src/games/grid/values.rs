//! Sprague–Grundy values of the coin grid and the AI's moves built on them. The grid is a
//! coin-turning game, so a position's value is the nim-sum of the values of its tails cells,
//! and every cell value is a power of two: a nim-sum is a parity count per exponent.

use rand::Rng;

use std::ops::ControlFlow;

use super::rules::for_each_connected_set;
use super::{Block, Cell, CoinGrid};
use crate::ai::pick;
use crate::game::{Impartial, Position, moves_where};
use crate::message::{Msg, PartName};
use crate::nimber::Nimber;

/// The exponent of a cell's value: lowbit(i + j − 1) = 2^e on row 1 or column 1, else
/// e = i + j − 2.
///
/// # Panics
/// If the row or the column is 0.
pub fn cell_exponent(cell: Cell) -> u32 {
    assert!(
        cell.row >= 1 && cell.col >= 1,
        "cells are 1-based: {cell:?}"
    );
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

/// The nim-sum of the values of the tails cells given as one bit row per board row (bit
/// `c − 1` is column `c`). Interior cell values along a row are consecutive powers of two, so
/// a row's interior is its bits shifted into place: one 256-bit shift per row.
pub(crate) fn nim_sum_of_rows<'a>(rows: impl IntoIterator<Item = &'a u128>) -> Nimber {
    let mut sum = [0u64; 4];
    fn toggle(sum: &mut [u64; 4], exponent: u32) {
        sum[(exponent / 64) as usize] ^= 1 << (exponent % 64);
    }
    for (index, &bits) in rows.into_iter().enumerate() {
        let row = index + 1;
        if row == 1 {
            let mut rest = bits;
            while rest != 0 {
                let col = rest.trailing_zeros() + 1;
                rest &= rest - 1;
                toggle(&mut sum, col.trailing_zeros());
            }
            continue;
        }
        if bits & 1 == 1 {
            toggle(&mut sum, row.trailing_zeros());
        }
        // Bit k ≥ 1 (column k + 1) has exponent row + k − 1.
        let interior = bits & !1;
        let limbs = [interior as u64, (interior >> 64) as u64, 0, 0];
        let (limb_shift, bit_shift) = ((row - 1) / 64, (row - 1) % 64);
        for i in (limb_shift..4).rev() {
            let mut limb = limbs[i - limb_shift] << bit_shift;
            if bit_shift > 0 && i > limb_shift {
                limb |= limbs[i - limb_shift - 1] >> (64 - bit_shift);
            }
            sum[i] ^= limb;
        }
    }
    sum.iter()
        .enumerate()
        .flat_map(|(i, &limb)| {
            (0..64)
                .filter(move |k| limb >> k & 1 == 1)
                .map(move |k| Nimber::power_of_two(i as u32 * 64 + k))
        })
        .sum()
}

/// Up to this many blocks in all, a board's moves to a value are all looked at (exact counts
/// for small boards, in sums too).
const SMALL_BOARD_BLOCKS: u128 = 4096;

impl CoinGrid {
    /// The tails cells that can start a winning move: those whose value is the highest bit
    /// of the nim-sum, row-major. Empty when the nim-sum is 0.
    pub fn winning_anchors(&self) -> Vec<Cell> {
        match self.nim_sum().highest_bit() {
            None => Vec::new(),
            Some(h) => self.tails_of_exponent(h),
        }
    }

    /// The tails cells of value 2^`exponent`, row-major, found without scanning the board:
    /// on row 1 and column 1 the cells whose index has lowbit 2^exponent, elsewhere one
    /// anti-diagonal.
    pub fn tails_of_exponent(&self, exponent: u32) -> Vec<Cell> {
        let e = exponent as usize;
        let (rows, cols) = (self.rows(), self.cols());
        let mut cells = Vec::new();
        // Row 1: (1, c) with c = 2^e·odd.
        if e < 7 {
            cells.extend(
                (1..=cols)
                    .filter(|c| c.trailing_zeros() as usize == e)
                    .map(|c| Cell::new(1, c)),
            );
        }
        for row in 2..=rows {
            if row.trailing_zeros() as usize == e {
                cells.push(Cell::new(row, 1));
            }
            // (row, col) with col ≥ 2 and row + col − 2 = e.
            if let Some(col) = (e + 2).checked_sub(row)
                && (2..=cols).contains(&col)
            {
                cells.push(Cell::new(row, col));
            }
        }
        cells.retain(|&c| self.is_tails(c));
        cells
    }

    /// The winning block at `anchor` (one of [`CoinGrid::winning_anchors`]).
    /// Whether every block of the board can be looked at in a moment ([`SMALL_BOARD_BLOCKS`]).
    fn few_blocks(&self) -> bool {
        self.moves_bound().is_some_and(|b| b <= SMALL_BOARD_BLOCKS)
    }

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
        self.nim_sum() + self.nim_sum_change(mv)
    }

    fn describe_part(&self, cell: Cell) -> Msg {
        Msg::Part(PartName::Cell {
            row: cell.row,
            col: cell.col,
        })
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

    /// The blocks are walked (a small board's thousands) but only a winning one is built: its
    /// cells' values XOR to the nim-sum. An anchor off row 1 and column 1 holds the highest bit
    /// of every block it makes (each other cell of the block is worth less: 2^(i + j − 2) for
    /// a cell inside, at most lowbit(j) ≤ j − 1 < i + j − 2 on row 1, likewise on column 1),
    /// so only those of the nim-sum's highest bit are walked; the blocks of row 1 and column 1
    /// (segments, a few per anchor) all are. Each anchor's in [`CoinGrid::blocks_at`]'s order
    /// (smallest first, then the search's), so the list is the default's.
    fn every_winning_move(&self, limit: usize) -> Vec<Block> {
        let nim_sum = self.nim_sum();
        let mut found = Vec::new();
        let Some(top) = nim_sum.highest_bit() else {
            return found;
        };
        if limit == 0 {
            return found;
        }
        for anchor in self.tails() {
            if anchor.row > 1 && anchor.col > 1 && cell_exponent(anchor) != top {
                continue;
            }
            let first = found.len();
            let _ = for_each_connected_set(anchor, usize::MAX, |set| {
                let change = set
                    .iter()
                    .fold(Nimber::ZERO, |sum, &cell| sum ^ cell_value(cell));
                if change == nim_sum {
                    found.push(Block::new(anchor, set.iter().copied()));
                }
                ControlFlow::Continue(())
            });
            found[first..].sort_by_key(Block::len);
            if found.len() >= limit {
                found.truncate(limit);
                break;
            }
        }
        found
    }

    /// Every cell of the block flips: the change is the XOR of their values.
    fn nim_sum_change(&self, mv: &Block) -> Nimber {
        mv.cells()
            .iter()
            .fold(Nimber::ZERO, |sum, &c| sum ^ cell_value(c))
    }

    /// On a small board every block is looked at; on a large one (whose blocks are too many
    /// to go through), one block built per anchor whose value is the change's highest bit.
    fn moves_to_nim_sum(&self, target: Nimber, limit: usize) -> Vec<Block> {
        let change = self.nim_sum() + target;
        let Some(top) = change.highest_bit() else {
            return Vec::new();
        };
        if self.few_blocks() {
            return moves_where(self, limit, |mv| self.nim_sum_change(mv) == change).0;
        }
        self.tails_of_exponent(top)
            .into_iter()
            .take(limit)
            .filter_map(|anchor| self.block_for_target(anchor, change ^ cell_value(anchor)))
            .collect()
    }

    /// On a small board, every block counted. On a large one the blocks are too many to go
    /// through: at least one block per anchor whose value is the change's highest bit (more
    /// blocks at those anchors, and blocks at row-1 or column-1 anchors of other values, may
    /// get there too).
    fn count_moves_to_nim_sum(&self, target: Nimber) -> (usize, bool) {
        let change = self.nim_sum() + target;
        let Some(top) = change.highest_bit() else {
            return (0, true);
        };
        if self.few_blocks() {
            let (found, complete) =
                moves_where(self, usize::MAX, |mv| self.nim_sum_change(mv) == change);
            return (found.len(), complete);
        }
        (self.tails_of_exponent(top).len(), false)
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
        let nim_sum = self.nim_sum();
        let mut count = [0usize; Nimber::BITS as usize];
        for cell in self.tails() {
            count[cell_exponent(cell) as usize] += 1;
        }
        // The key depends on the flipped coin's exponent only.
        let replies = |e: u32| match (nim_sum ^ Nimber::power_of_two(e)).highest_bit() {
            None => 0,
            Some(h) if h == e => count[h as usize] - 1,
            Some(h) => count[h as usize],
        };
        let best = (0..Nimber::BITS)
            .filter(|&e| count[e as usize] > 0)
            .min_by_key(|&e| (replies(e), e))?;
        pick(self.tails_of_exponent(best), rng).map(|anchor| Block::new(anchor, []))
    }
}
