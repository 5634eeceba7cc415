//! The winning block, built directly: a connected block at a given anchor whose other cells'
//! values XOR to a given target, in time linear in the board side, never by searching blocks.
//!
//! Interior anchors walk toward (3, 3), taking one bit of the target per step; the 3×3 corner
//! is a table found by brute force; anchors on the first two rows (or columns) use a small
//! dynamic programme over the columns of the strip.

use std::sync::OnceLock;

use super::values::{cell_exponent, cell_value};
use super::{Block, Cell, CoinGrid};
use crate::nimber::Nimber;

/// A connected block at `anchor`, inside its up-left rectangle, whose cells other than the
/// anchor have values XORing to `target`; `None` exactly when `target ≥ cell_value(anchor)`
/// (or the anchor is not a cell of a 100 × 100 board). Whether the block is legal in a
/// position depends only on the anchor showing T.
///
/// Why it always exists: a single T at the anchor has value `cell_value(anchor)`, the mex of
/// these XORs over all blocks, so every smaller target is reached by some block; the
/// construction below finds one (and the tests check every anchor and target on small boards
/// and random ones on 100 × 100).
pub fn block_toward(anchor: Cell, target: Nimber) -> Option<Block> {
    let side = 1..=CoinGrid::MAX_SIDE;
    if !side.contains(&anchor.row) || !side.contains(&anchor.col) {
        return None;
    }
    if target >= cell_value(anchor) {
        return None;
    }
    let Cell { row, col } = anchor;
    let others = if row == 1 {
        row_segment(col, low_u64(target))
    } else if col == 1 {
        transpose(row_segment(row, low_u64(target)))
    } else if row == 2 {
        two_row_strip(col, low_u128(target))
    } else if col == 2 {
        transpose(two_row_strip(row, low_u128(target)))
    } else {
        interior(anchor, target)
    };
    Some(Block::new(anchor, others))
}

fn transpose(cells: Vec<Cell>) -> Vec<Cell> {
    cells.into_iter().map(Cell::transposed).collect()
}

/// The target's low 64 bits (all of it below a row-1 value, at most 64).
fn low_u64(target: Nimber) -> u64 {
    (0..64)
        .filter(|&k| target.bit(k))
        .fold(0, |v, k| v | 1 << k)
}

/// The target's low 128 bits (all of it below a row-2 value, at most 2^100).
fn low_u128(target: Nimber) -> u128 {
    (0..128)
        .filter(|&k| target.bit(k))
        .fold(0, |v, k| v | 1 << k)
}

/// Anchor (1, col): a block on row 1 is a segment ending at the anchor; try every start.
/// Row-1 values are lowbit(c).
fn row_segment(col: usize, target: u64) -> Vec<Cell> {
    let mut xor = 0u64;
    let mut start = col;
    while xor != target {
        // The segment start..col - 1 always reaches the target before start 0, since the
        // anchor's value is the mex of these XORs.
        assert!(
            start > 1,
            "no segment of row 1 ends at column {col} with XOR {target}"
        );
        start -= 1;
        xor ^= 1 << start.trailing_zeros();
    }
    (start..=col).map(|c| Cell::new(1, c)).collect()
}

/// The low-7-bit value of the cells of column `c` chosen by `mask` (bit 0: row 1, bit 1:
/// row 2) on the two top rows, leaving out the anchor (2, anchor_col). Row-1 values
/// lowbit(c) ≤ 64 all lie below 2^7; row 2 has 2 at column 1 and 2^c from column 2 on.
fn strip_low_value(c: usize, mask: usize, anchor_col: usize) -> u32 {
    let mut v = 0;
    if mask & 1 != 0 {
        v ^= 1 << c.trailing_zeros();
    }
    if mask & 2 != 0 && c != anchor_col {
        v ^= match c {
            1 => 2,
            2..=6 => 1 << c,
            _ => 0,
        };
    }
    v
}

/// The set `{x ^ k : x ∈ set}` of 7-bit values, stored as a 128-bit membership mask.
fn xor_translate(mut set: u128, k: u32) -> u128 {
    const LOW_HALVES: [u128; 7] = [
        0x5555_5555_5555_5555_5555_5555_5555_5555,
        0x3333_3333_3333_3333_3333_3333_3333_3333,
        0x0F0F_0F0F_0F0F_0F0F_0F0F_0F0F_0F0F_0F0F,
        0x00FF_00FF_00FF_00FF_00FF_00FF_00FF_00FF,
        0x0000_FFFF_0000_FFFF_0000_FFFF_0000_FFFF,
        0x0000_0000_FFFF_FFFF_0000_0000_FFFF_FFFF,
        0x0000_0000_0000_0000_FFFF_FFFF_FFFF_FFFF,
    ];
    for (b, low) in LOW_HALVES.iter().enumerate() {
        if k >> b & 1 == 1 {
            let shift = 1 << b;
            set = (set & low) << shift | (set >> shift) & low;
        }
    }
    set
}

/// Anchor (2, col), col ≥ 2: a block inside the two top rows is a run of columns a..=col,
/// each holding row 1, row 2 or both, where neighbouring columns share a row. Bits ≥ 7 of
/// the target come only from the row-2 cell of the same column, so those cells are forced,
/// and a dynamic programme over columns (from the anchor leftwards) tracks the reachable
/// low-7-bit XORs for each column mask.
fn two_row_strip(col: usize, target: u128) -> Vec<Cell> {
    let low_target = (target & 127) as u32;
    let forced_row_2 = |c: usize| c >= 7 && target >> c & 1 == 1;
    let allowed = |c: usize, mask: usize| {
        let has_row_2 = mask & 2 != 0;
        if c == col {
            has_row_2
        } else if c >= 7 {
            has_row_2 == forced_row_2(c)
        } else {
            true
        }
    };
    // reach[c][mask]: the XORs (low 7 bits) of the valid runs c..=col whose column c has
    // `mask`.
    let mut reach = vec![[0u128; 4]; col + 1];
    for mask in 1..4 {
        if allowed(col, mask) {
            reach[col][mask] = 1 << strip_low_value(col, mask, col);
        }
    }
    for c in (1..col).rev() {
        for mask in 1..4 {
            if !allowed(c, mask) {
                continue;
            }
            let before = (1..4)
                .filter(|&m| m & mask != 0)
                .fold(0, |set, m| set | reach[c + 1][m]);
            reach[c][mask] = xor_translate(before, strip_low_value(c, mask, col));
        }
    }
    // A run may stop at column a only if no forced row-2 cell lies left of a.
    let lowest_forced = (7..col).find(|&c| forced_row_2(c)).unwrap_or(col);
    let (mut c, mut mask) = (1..=col.min(lowest_forced))
        .rev()
        .find_map(|a| {
            (1..4)
                .find(|&m| reach[a][m] >> low_target & 1 == 1)
                .map(|m| (a, m))
        })
        .expect("every target below the anchor's value is reachable in the strip");
    let mut cells = Vec::new();
    let mut x = low_target;
    loop {
        if mask & 1 != 0 {
            cells.push(Cell::new(1, c));
        }
        if mask & 2 != 0 {
            cells.push(Cell::new(2, c));
        }
        if c == col {
            break;
        }
        x ^= strip_low_value(c, mask, col);
        mask = (1..4)
            .find(|&m| m & mask != 0 && reach[c + 1][m] >> x & 1 == 1)
            .expect("a reachable state has a reachable predecessor");
        c += 1;
    }
    cells
}

/// For each target t < 16, a connected block at (3, 3) in the 3×3 corner whose other cells'
/// values XOR to t (the fewest cells), found once by trying all 256 subsets.
fn corner_table() -> &'static [Vec<Cell>; 16] {
    static TABLE: OnceLock<[Vec<Cell>; 16]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let anchor = Cell::new(3, 3);
        let others: Vec<Cell> = (1..=3)
            .flat_map(|r| (1..=3).map(move |c| Cell::new(r, c)))
            .filter(|&c| c != anchor)
            .collect();
        let board = CoinGrid::from_tails(3, vec![0, 0, 0b100].into_boxed_slice());
        let mut table: [Option<Vec<Cell>>; 16] = Default::default();
        for subset in 0u32..1 << others.len() {
            let cells: Vec<Cell> = (0..others.len())
                .filter(|&k| subset >> k & 1 == 1)
                .map(|k| others[k])
                .collect();
            let block = Block::new(anchor, cells.iter().copied());
            if board.check_block(&block).is_err() {
                continue;
            }
            let xor = cells.iter().fold(0usize, |v, &c| v ^ 1 << cell_exponent(c));
            let slot = &mut table[xor];
            if slot.as_ref().is_none_or(|best| best.len() > cells.len()) {
                *slot = Some(cells);
            }
        }
        table.map(|cells| cells.expect("the 3×3 corner reaches every value below 16"))
    })
}

/// Anchor (i, j) with i, j ≥ 3, value 2^e (e = i + j − 2), target t < 2^e. Step toward
/// (3, 3) through the sub-anchor s one row up (if i > j) or one column left, of value
/// 2^(e−1): if bit e − 1 of t is set, s takes it; otherwise the other neighbour of the anchor
/// on the same diagonal, also of value 2^(e−1), joins to cancel s. That neighbour lies
/// outside s's rectangle, so it never meets the rest of the block.
fn interior(anchor: Cell, target: Nimber) -> Vec<Cell> {
    let mut cells = Vec::new();
    let (mut i, mut j) = (anchor.row, anchor.col);
    let mut t = target;
    while !t.is_zero() {
        if (i, j) == (3, 3) {
            let t = t.to_u64().expect("below 16 at (3, 3)") as usize;
            cells.extend_from_slice(&corner_table()[t]);
            break;
        }
        let half = (i + j - 3) as u32;
        let (sub, partner) = if i > j {
            (Cell::new(i - 1, j), Cell::new(i, j - 1))
        } else {
            (Cell::new(i, j - 1), Cell::new(i - 1, j))
        };
        if t.bit(half) {
            t ^= Nimber::power_of_two(half);
        } else {
            cells.push(partner);
        }
        cells.push(sub);
        (i, j) = (sub.row, sub.col);
    }
    cells
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
}
