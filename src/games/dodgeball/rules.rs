//! The rules of Binary Dodgeball: the board (which boxes hold a piece), the throws, and playing
//! them. A position is a bitset of boxes with its nim-sum and heap material kept up to date, so
//! a move and the value after it cost O(1) even on 10^6 boxes.

use std::fmt;

use rand::Rng;

use crate::game::{CodeError, IllegalMove, Position};
use crate::message::Said;

/// A piece in box `box_` of `n` boxes is a Nim heap of this size: ⌊log2(n / box_)⌋, the number
/// of times it can still double without leaving the board.
///
/// # Panics
/// If `box_` is not a box of the board (`box_ == 0` or `box_ > n`).
pub fn heap(box_: usize, n: usize) -> u32 {
    assert!(
        (1..=n).contains(&box_),
        "box {box_} is not on a board of {n} boxes"
    );
    // ⌊log2(x)⌋ = ⌊log2(⌊x⌋)⌋ for real x ≥ 1, so integer division loses nothing.
    (n / box_).ilog2()
}

/// A move: the piece in box `from` doubles one or more times to box `to`. When `to` already
/// holds a piece the two collide and both leave the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Throw {
    pub from: u32,
    pub to: u32,
}

impl Throw {
    /// How many doublings the throw makes (`to = from · 2^p`), if it is a throw at all.
    pub fn doublings(self) -> Option<u32> {
        if self.from == 0 || self.to <= self.from || !self.to.is_multiple_of(self.from) {
            return None;
        }
        let ratio = self.to / self.from;
        ratio.is_power_of_two().then(|| ratio.trailing_zeros())
    }
}

impl fmt::Display for Throw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}→{}", self.from, self.to)
    }
}

/// A legal Binary Dodgeball position: `n` boxes (1 ≤ n ≤ [`Dodgeball::MAX_N`]), each empty or
/// holding one piece.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Dodgeball {
    n: u32,
    /// Bit `b % 64` of word `b / 64` is set when box `b` holds a piece. Bit 0 and the bits past
    /// box `n` stay clear, so equal boards have equal words.
    words: Vec<u64>,
    /// The XOR of the heaps of the pieces (below 32: heaps are at most 19).
    nim_sum: u32,
    /// The sum of the heaps: an upper bound on the moves left; 0 exactly when no move is left.
    material: u64,
    /// How many pieces are on the board.
    piece_count: u32,
}

impl Dodgeball {
    /// The most boxes a board may have.
    pub const MAX_N: usize = 1_000_000;

    /// The board whose box `i` (1-based) holds a piece when `pieces[i - 1]`.
    /// An error, at the first box past the bound, when there are no boxes or more than
    /// [`Dodgeball::MAX_N`].
    pub fn new(pieces: &[bool]) -> Result<Dodgeball, CodeError> {
        check_size(pieces.len())?;
        let mut board = Dodgeball::empty(pieces.len());
        for (i, &piece) in pieces.iter().enumerate() {
            if piece {
                board.words[(i + 1) / 64] |= 1 << ((i + 1) % 64);
            }
        }
        board.recount();
        Ok(board)
    }

    /// Every one of the `n` boxes holds a piece: the start of a game.
    ///
    /// # Panics
    /// If `n == 0` or `n > MAX_N`.
    pub fn full(n: usize) -> Dodgeball {
        assert_size(n);
        let mut board = Dodgeball::empty(n);
        board.words.fill(u64::MAX);
        board.clear_outside();
        board.recount();
        board
    }

    /// Each of the `n` boxes holds a piece with probability 1/2.
    ///
    /// # Panics
    /// If `n == 0` or `n > MAX_N`.
    pub fn random<R: Rng + ?Sized>(n: usize, rng: &mut R) -> Dodgeball {
        assert_size(n);
        let mut board = Dodgeball::empty(n);
        for word in &mut board.words {
            *word = rng.next_u64();
        }
        board.clear_outside();
        board.recount();
        board
    }

    /// The number of boxes.
    pub fn n(&self) -> usize {
        self.n as usize
    }

    /// Whether box `box_` (1-based) holds a piece; `false` for a box not on the board.
    pub fn has_piece(&self, box_: usize) -> bool {
        (1..=self.n()).contains(&box_) && self.words[box_ / 64] >> (box_ % 64) & 1 == 1
    }

    /// The boxes that hold a piece, ascending.
    pub fn pieces(&self) -> Vec<usize> {
        self.pieces_in(1, self.n()).collect()
    }

    /// How many pieces are on the board.
    pub fn piece_count(&self) -> usize {
        self.piece_count as usize
    }

    /// The sum of the heaps of all pieces. Every move lowers it, so no game from here lasts
    /// more moves than this; it is 0 exactly when the game is over.
    pub fn material(&self) -> u64 {
        self.material
    }

    /// The boxes a piece in box `from` could be thrown to: `2^p · from ≤ n` for `p ≥ 1`,
    /// ascending, whether or not `from` holds a piece. Empty for a box not on the board.
    pub fn targets(&self, from: usize) -> Vec<usize> {
        if !(1..=self.n()).contains(&from) {
            return Vec::new();
        }
        std::iter::successors(Some(2 * from), |&to| Some(2 * to))
            .take_while(|&to| to <= self.n())
            .collect()
    }

    /// The heap of the piece (or of a piece that would be) in box `box_`.
    ///
    /// # Panics
    /// If `box_` is not on the board.
    pub fn heap_of(&self, box_: usize) -> u32 {
        heap(box_, self.n())
    }

    /// The largest heap a piece can have on this board: ⌊log2 n⌋.
    pub fn max_heap(&self) -> u32 {
        self.n.ilog2()
    }

    /// The boxes whose pieces have heap `h`: ⌊n / 2^(h+1)⌋ < box ≤ ⌊n / 2^h⌋ (maybe empty).
    pub fn heap_boxes(&self, h: u32) -> std::ops::RangeInclusive<usize> {
        let n = self.n();
        let shifted = |k: u32| if k >= usize::BITS { 0 } else { n >> k };
        (shifted(h + 1) + 1)..=shifted(h)
    }

    /// Whether the throw lands on a piece (and so removes both).
    pub fn collides(&self, mv: &Throw) -> bool {
        self.has_piece(mv.to as usize)
    }

    /// The pieces in boxes `lo..=hi`, ascending, found a machine word at a time.
    pub fn pieces_in(&self, lo: usize, hi: usize) -> impl Iterator<Item = usize> + '_ {
        let lo = lo.max(1);
        let hi = hi.min(self.n());
        let mut word_index = lo / 64;
        let last_word = hi / 64;
        // Bits of the current word not yet reported, masked to lo..=hi.
        let mut current = if lo <= hi {
            self.masked_word(word_index, lo, hi)
        } else {
            0
        };
        let empty = lo > hi;
        std::iter::from_fn(move || {
            if empty {
                return None;
            }
            loop {
                if current != 0 {
                    let bit = current.trailing_zeros() as usize;
                    current &= current - 1;
                    return Some(word_index * 64 + bit);
                }
                if word_index >= last_word {
                    return None;
                }
                word_index += 1;
                current = self.masked_word(word_index, lo, hi);
            }
        })
    }

    /// How many pieces lie in boxes `lo..=hi`.
    pub fn count_in(&self, lo: usize, hi: usize) -> usize {
        let lo = lo.max(1);
        let hi = hi.min(self.n());
        if lo > hi {
            return 0;
        }
        (lo / 64..=hi / 64)
            .map(|w| self.masked_word(w, lo, hi).count_ones() as usize)
            .sum()
    }

    /// Word `w` with only the bits of boxes `lo..=hi` kept.
    fn masked_word(&self, w: usize, lo: usize, hi: usize) -> u64 {
        let mut word = self.words[w];
        if w == lo / 64 {
            word &= u64::MAX << (lo % 64);
        }
        if w == hi / 64 {
            word &= u64::MAX >> (63 - hi % 64);
        }
        word
    }

    /// The board's words: bit `b % 64` of word `b / 64` is box `b`.
    pub(super) fn words(&self) -> &[u64] {
        &self.words
    }

    /// The cached nim-sum as a machine integer.
    pub(crate) fn nim_sum_u32(&self) -> u32 {
        self.nim_sum
    }

    fn empty(n: usize) -> Dodgeball {
        Dodgeball {
            n: n as u32,
            words: vec![0; n / 64 + 1],
            nim_sum: 0,
            material: 0,
            piece_count: 0,
        }
    }

    fn clear_outside(&mut self) {
        self.words[0] &= !1;
        let n = self.n();
        let last = self.words.len() - 1;
        self.words[last] &= u64::MAX >> (63 - n % 64);
    }

    /// Recomputes the cached values from the pieces, one heap interval at a time.
    fn recount(&mut self) {
        let (mut nim_sum, mut material, mut count) = (0, 0, 0);
        for h in 0..=self.max_heap() {
            let boxes = self.heap_boxes(h);
            let pieces = self.count_in(*boxes.start(), *boxes.end());
            if pieces % 2 == 1 {
                nim_sum ^= h;
            }
            material += pieces as u64 * h as u64;
            count += pieces as u32;
        }
        self.nim_sum = nim_sum;
        self.material = material;
        self.piece_count = count;
    }

    fn toggle(&mut self, box_: usize) {
        self.words[box_ / 64] ^= 1 << (box_ % 64);
    }
}

fn check_size(n: usize) -> Result<(), CodeError> {
    if n == 0 {
        Err(CodeError::new(
            1,
            Said::new("said.dodgeball.no_boxes").with("most", Dodgeball::MAX_N),
        ))
    } else if n > Dodgeball::MAX_N {
        Err(CodeError::new(
            Dodgeball::MAX_N + 1,
            Said::new("said.dodgeball.size")
                .with("count", n)
                .with("most", Dodgeball::MAX_N),
        ))
    } else {
        Ok(())
    }
}

fn assert_size(n: usize) {
    if let Err(e) = check_size(n) {
        panic!("{}", e.message);
    }
}

impl fmt::Debug for Dodgeball {
    /// The size and the position code, cut after 100 boxes so a large board stays readable.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = self.n().min(100);
        let mut boxes: String = (1..=shown)
            .map(|b| if self.has_piece(b) { '1' } else { '0' })
            .collect();
        if shown < self.n() {
            boxes.push('…');
        }
        write!(
            f,
            "Dodgeball {{ n: {}, pieces: {}, nim_sum: {}, boxes: {boxes} }}",
            self.n, self.piece_count, self.nim_sum
        )
    }
}

impl Position for Dodgeball {
    type Move = Throw;

    /// Every throw of every piece, ascending by box then by distance. About `2 n` moves on a
    /// full board: meant for small positions.
    fn legal_moves(&self) -> Vec<Throw> {
        let mut moves = Vec::new();
        for from in self.pieces_in(1, self.n() / 2) {
            for to in self.targets(from) {
                moves.push(Throw {
                    from: from as u32,
                    to: to as u32,
                });
            }
        }
        moves
    }

    fn check_move(&self, mv: &Throw) -> Result<(), IllegalMove> {
        let n = self.n();
        let (from, to) = (mv.from as usize, mv.to as usize);
        if !(1..=n).contains(&from) {
            return Err(IllegalMove::new(
                Said::new("said.move.no_box").with("box", from).with("n", n),
            ));
        }
        if !self.has_piece(from) {
            return Err(IllegalMove::new(
                Said::new("said.move.empty_box").with("box", from),
            ));
        }
        if mv.doublings().is_none() {
            return Err(IllegalMove::new(describe_targets(
                Said::new("said.move.not_doubled")
                    .with("to", to)
                    .with("from", from),
                &self.targets(from),
            )));
        }
        if to > n {
            return Err(IllegalMove::new(
                Said::new("said.move.no_box").with("box", to).with("n", n),
            ));
        }
        Ok(())
    }

    /// # Panics
    /// If `from` holds no piece or `to` is not on the board.
    fn play_unchecked(&self, mv: &Throw) -> Dodgeball {
        let (from, to) = (mv.from as usize, mv.to as usize);
        assert!(self.has_piece(from), "box {from} holds no piece");
        let (h_from, h_to) = (self.heap_of(from), self.heap_of(to));
        let mut next = self.clone();
        next.toggle(from);
        // Landing on a piece removes both, landing on an empty box fills it: either way the
        // bit of `to` flips, and the nim-sum loses h_from and gains or loses h_to.
        next.toggle(to);
        next.nim_sum ^= h_from ^ h_to;
        if self.has_piece(to) {
            next.material -= (h_from + h_to) as u64;
            next.piece_count -= 2;
        } else {
            next.material -= (h_from - h_to) as u64;
        }
        next
    }

    fn is_over(&self) -> bool {
        self.material == 0
    }

    // The chains of boxes o·2^k as independent components (see `exact.rs`).
    crate::exact::flip_compact_search!();

    /// Moves stay inside a chain `o, 2o, 4o, …` (o odd), never move a piece down, and change
    /// a chain's piece count by 0 or −2. So a chain of `L` boxes from its lowest piece up with
    /// `c` pieces reaches at most Σ C(L, j) over j ≤ c with j ≡ c (mod 2) configurations, and
    /// the whole board at most the product of those.
    fn heap_bytes(&self) -> usize {
        self.words.capacity() * 8
    }

    fn reachable_bound(&self) -> Option<u128> {
        let n = self.n();
        let binomial = pascal();
        let mut bound: u128 = 1;
        for odd in (1..=n).step_by(2) {
            let chain = std::iter::successors(Some(odd), |&b| Some(2 * b)).take_while(|&b| b <= n);
            let mut length = 0usize;
            let mut count = 0usize;
            for b in chain {
                if self.has_piece(b) {
                    count += 1;
                }
                if count > 0 {
                    length += 1;
                }
            }
            let configurations: u128 = (0..=count)
                .filter(|j| (count - j).is_multiple_of(2))
                .map(|j| binomial[length][j])
                .sum();
            bound = bound.saturating_mul(configurations);
            if bound == u128::MAX {
                break;
            }
        }
        Some(bound)
    }
}

/// Binomial coefficients C(l, j) for chains of up to 20 boxes (2^20 > 10^6).
fn pascal() -> [[u128; 21]; 21] {
    let mut c = [[0u128; 21]; 21];
    for l in 0..21 {
        c[l][0] = 1;
        for j in 1..=l {
            c[l][j] = c[l - 1][j - 1] + c[l - 1][j];
        }
    }
    c
}

/// `said` with where the piece can go: the boxes, or nowhere.
fn describe_targets(said: Said, targets: &[usize]) -> Said {
    if targets.is_empty() {
        return said.with_said("targets", Said::new("said.move.nowhere"));
    }
    let listed: Vec<String> = targets.iter().map(usize::to_string).collect();
    said.with_said(
        "targets",
        Said::new("said.move.boxes").with("boxes", listed.join(", ")),
    )
}

pub(super) fn size_error(n: usize) -> Option<CodeError> {
    check_size(n).err()
}

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    use super::*;
    use crate::solver::ExactSolution;

    fn board(code: &str) -> Dodgeball {
        let pieces: Vec<bool> = code.chars().map(|c| c == '1').collect();
        Dodgeball::new(&pieces).unwrap()
    }

    #[test]
    fn heap_is_doublings_left() {
        for n in 1..300 {
            for b in 1..=n {
                let doublings = (0..).take_while(|&h| b << h <= n).last().unwrap();
                assert_eq!(heap(b, n), doublings, "box {b} of {n}");
            }
        }
        assert_eq!(heap(1, Dodgeball::MAX_N), 19);
    }

    #[test]
    fn word_scans_match_box_by_box() {
        let mut rng = StdRng::seed_from_u64(7);
        for _ in 0..200 {
            let n = rng.random_range(1..400);
            let b = Dodgeball::random(n, &mut rng);
            let naive: Vec<usize> = (1..=n).filter(|&i| b.has_piece(i)).collect();
            assert_eq!(b.pieces(), naive);
            assert!(!b.has_piece(0) && !b.has_piece(n + 1));
            let lo = rng.random_range(0..n + 5);
            let hi = rng.random_range(0..n + 5);
            let inside: Vec<usize> = naive
                .iter()
                .copied()
                .filter(|i| (lo..=hi).contains(i))
                .collect();
            assert_eq!(b.pieces_in(lo, hi).collect::<Vec<_>>(), inside);
            assert_eq!(b.count_in(lo, hi), inside.len());
            assert_eq!(b.piece_count(), naive.len());
            let material: u64 = naive.iter().map(|&i| heap(i, n) as u64).sum();
            assert_eq!(b.material(), material);
        }
    }

    #[test]
    fn heap_intervals_partition_the_board() {
        for n in 1..200 {
            let b = Dodgeball::full(n);
            let mut boxes: Vec<usize> = (0..=b.max_heap())
                .rev()
                .flat_map(|h| b.heap_boxes(h))
                .collect();
            boxes.sort();
            assert_eq!(boxes, (1..=n).collect::<Vec<_>>());
            for h in 0..=b.max_heap() {
                assert!(b.heap_boxes(h).all(|i| heap(i, n) == h));
            }
        }
    }

    #[test]
    fn sizes_are_checked() {
        assert_eq!(Dodgeball::new(&[]).unwrap_err().column, 1);
        let too_many = vec![true; Dodgeball::MAX_N + 1];
        let err = Dodgeball::new(&too_many).unwrap_err();
        assert_eq!(err.column, Dodgeball::MAX_N + 1);
        assert!(err.message.to_string().contains("at most 1000000"), "{err}");
        assert_eq!(Dodgeball::full(Dodgeball::MAX_N).n(), Dodgeball::MAX_N);
        assert_eq!(Dodgeball::full(3).pieces(), vec![1, 2, 3]);
    }

    #[test]
    #[should_panic(expected = "no boxes")]
    fn full_of_nothing_panics() {
        Dodgeball::full(0);
    }

    #[test]
    fn illegal_moves_say_why() {
        let b = board("1011000000");
        let reason = |from, to| b.check_move(&Throw { from, to }).unwrap_err().0.to_string();
        assert!(reason(0, 2).contains("no box 0"));
        assert!(reason(11, 22).contains("no box 11"));
        assert!(reason(2, 4).contains("box 2 holds no piece"));
        assert!(
            reason(3, 9).contains("box 9 is not box 3 doubled"),
            "{}",
            reason(3, 9)
        );
        assert!(
            reason(3, 3).ends_with("can go to box 6"),
            "{}",
            reason(3, 3)
        );
        assert!(reason(1, 3).ends_with("box 2, 4, 8"), "{}", reason(1, 3));
        assert!(reason(3, 12).contains("no box 12"));
        assert!(reason(4, 2).contains("not box 4 doubled"));
        assert!(b.check_move(&Throw { from: 1, to: 8 }).is_ok());
        let err = b.clone().play(Throw { from: 2, to: 4 }).unwrap_err();
        assert_eq!(err.position, b);
        assert_eq!(err.mv, Throw { from: 2, to: 4 });
    }

    #[test]
    fn moves_update_the_cached_values() {
        let mut rng = StdRng::seed_from_u64(11);
        for _ in 0..300 {
            let n = rng.random_range(1..300);
            let mut b = Dodgeball::random(n, &mut rng);
            while !b.is_over() {
                let moves = b.legal_moves();
                let mv = moves[rng.random_range(0..moves.len())];
                let collides = b.collides(&mv);
                let before = b.piece_count();
                b = b.play(mv).unwrap();
                let flags: Vec<bool> = (1..=n).map(|i| b.has_piece(i)).collect();
                // Eq compares the cached nim-sum, material and count with a fresh count.
                assert_eq!(b, Dodgeball::new(&flags).unwrap());
                assert_eq!(b.piece_count() + if collides { 2 } else { 0 }, before);
                assert!(!b.has_piece(mv.from as usize));
                assert_eq!(b.has_piece(mv.to as usize), !collides);
            }
            assert!(b.legal_moves().is_empty());
        }
    }

    #[test]
    fn reachable_bound_holds() {
        let mut rng = StdRng::seed_from_u64(5);
        for n in 1..=22 {
            for b in [Dodgeball::full(n), Dodgeball::random(n, &mut rng)] {
                let bound = b.reachable_bound().unwrap();
                let solved = ExactSolution::new(&b, 1 << 20).unwrap();
                assert!(
                    solved.len() as u128 <= bound,
                    "{b:?}: {} > {bound}",
                    solved.len()
                );
            }
        }
        // The full board: every chain keeps its parity, so 2^⌊n/2⌋ at most.
        assert_eq!(Dodgeball::full(20).reachable_bound(), Some(1 << 10));
        assert_eq!(
            Dodgeball::full(Dodgeball::MAX_N).reachable_bound(),
            Some(u128::MAX)
        );
    }
}
