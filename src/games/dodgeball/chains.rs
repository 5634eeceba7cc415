//! The chains of Binary Dodgeball: box `b = w · 2^k` (w odd) is on the chain of `w`, and a
//! throw moves a piece along its chain. Laid out one chain a row, right-aligned, a box's column
//! is its Nim heap: the geometry the board's chain view draws.

use super::heap;

/// Box `b` as its chain's odd base `w` and how far along the chain it is: `b = w · 2^k`.
pub fn chain_of(b: usize) -> (usize, u32) {
    let k = b.trailing_zeros();
    (b >> k, k)
}

/// The row of box `b` in the chain view: chains are in order of their odd base.
pub fn chain_index(b: usize) -> usize {
    (chain_of(b).0 - 1) / 2
}

/// How many chains `n` boxes make: one per odd number up to `n`.
pub fn chain_count(n: usize) -> usize {
    n.div_ceil(2)
}

/// Columns of the chain view: the longest chain, 1, 2, 4, …, has ⌊log2 n⌋ + 1 boxes.
pub fn columns(n: usize) -> usize {
    n.ilog2() as usize + 1
}

/// The column of box `b` in the chain view, from the left: heap `h` is column `C − 1 − h`.
pub fn column_of(b: usize, n: usize) -> usize {
    columns(n) - 1 - heap(b, n) as usize
}

/// The box of chain `i` in column `column`, if the chain reaches that column.
pub fn box_at_column(i: usize, column: usize, n: usize) -> Option<usize> {
    let w = 2 * i + 1;
    if w > n || column >= columns(n) {
        return None;
    }
    let h = columns(n) - 1 - column;
    // The chain from w has heap(w) + 1 boxes, w·2^k holding heap heap(w) − k.
    let length = heap(w, n) as usize + 1;
    (h < length).then(|| w << (length - 1 - h))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chain_geometry_matches_the_heaps() {
        for n in 1..200 {
            let c = columns(n);
            let mut seen = vec![false; n + 1];
            for i in 0..chain_count(n) {
                let mut last_column = None;
                for column in 0..c {
                    if let Some(b) = box_at_column(i, column, n) {
                        assert!(b <= n, "box {b} of {n}");
                        assert_eq!(chain_index(b), i, "box {b} of {n}");
                        assert_eq!(column_of(b, n), column, "box {b} of {n}");
                        assert_eq!(heap(b, n) as usize, c - 1 - column);
                        // Right-aligned: a chain ends in the heap-0 column, without gaps.
                        if let Some(prev) = last_column {
                            assert_eq!(prev + 1, column);
                        }
                        last_column = Some(column);
                        assert!(!seen[b]);
                        seen[b] = true;
                    }
                }
                assert_eq!(last_column, Some(c - 1), "chain {i} of {n}");
            }
            assert!(
                seen[1..].iter().all(|&s| s),
                "every box in one chain, n = {n}"
            );
        }
    }
}
