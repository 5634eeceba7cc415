//! Wythoff's game (Luogu P2252): two heaps a, b; take any number from one heap, or the same
//! number from both — a queen on a quarter-plane moving left, down or diagonally toward the
//! corner (0, 0). Here a position is one or more queens (each a part, so several queens are a
//! sum), with coordinates up to [`MAX_COORD`]: their Sprague–Grundy values come from a mex
//! table built once. The losing single queens are known exactly, at any size: (⌊kφ⌋, ⌊kφ²⌋)
//! and their mirror images, computed with integer arithmetic only ([`is_p_position`]), which
//! is how `grundy solve wythoff` answers heaps up to 10^9.

use std::sync::OnceLock;

use rand::Rng;

use super::stairs::{join, parse_list};
use crate::game::{CodeError, IllegalMove, Impartial, Notation, Position};
use crate::input::{InputError, Lines};
use crate::nimber::Nimber;

/// The largest coordinate of a playable queen (values by table).
pub const MAX_COORD: u64 = 300;
pub const MAX_QUEENS: usize = 100;

/// ⌊√n⌋ for any u128, exactly.
pub fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    let mut x = (n as f64).sqrt() as u128;
    while x * x > n {
        x -= 1;
    }
    while (x + 1) * (x + 1) <= n {
        x += 1;
    }
    x
}

/// ⌊kφ⌋ = ⌊(k + √(5k²)) / 2⌋, in integers: k + ⌊√(5k²)⌋ is odd or even exactly as
/// k + √(5k²) straddles, and √(5k²) is irrational for k ≥ 1, so flooring the root first
/// loses nothing.
pub fn lower_wythoff(k: u64) -> u64 {
    let k = u128::from(k);
    ((k + isqrt(5 * k * k)) / 2) as u64
}

/// Whether the queen at (a, b) is lost for the player to move: (a, b) = (⌊kφ⌋, ⌊kφ⌋ + k) for
/// k = b − a (a ≤ b), in either order.
pub fn is_p_position(a: u64, b: u64) -> bool {
    let (a, b) = (a.min(b), a.max(b));
    lower_wythoff(b - a) == a
}

/// The Sprague–Grundy values of a queen at (a, b) for 0 ≤ a, b ≤ [`MAX_COORD`].
fn table() -> &'static Vec<Vec<u32>> {
    static TABLE: OnceLock<Vec<Vec<u32>>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let n = MAX_COORD as usize + 1;
        let mut g = vec![vec![0u32; n]; n];
        let mut seen = vec![usize::MAX; 3 * n + 1];
        for a in 0..n {
            for b in 0..n {
                let stamp = a * n + b;
                for x in 0..a {
                    seen[g[x][b] as usize] = stamp;
                }
                for y in 0..b {
                    seen[g[a][y] as usize] = stamp;
                }
                for d in 1..=a.min(b) {
                    seen[g[a - d][b - d] as usize] = stamp;
                }
                g[a][b] = (0..).find(|&v| seen[v] != stamp).expect("a free value") as u32;
            }
        }
        g
    })
}

/// The value of a queen at (a, b), both ≤ [`MAX_COORD`].
pub fn queen_value(a: u64, b: u64) -> u32 {
    table()[a as usize][b as usize]
}

/// A move: queen `queen` (0-based) goes to `(a, b)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QueenMove {
    pub queen: usize,
    pub to: (u64, u64),
}

/// Queens on the quarter-plane.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Wythoff {
    queens: Vec<(u64, u64)>,
}

impl Wythoff {
    pub fn new(coords: &[u64]) -> Result<Wythoff, String> {
        if coords.is_empty() || !coords.len().is_multiple_of(2) {
            return Err(format!(
                "queens are pairs of coordinates a,b: an even count, not {}",
                coords.len()
            ));
        }
        if coords.len() / 2 > MAX_QUEENS {
            return Err(format!("at most {MAX_QUEENS} queens"));
        }
        if let Some(&c) = coords.iter().find(|&&c| c > MAX_COORD) {
            return Err(format!(
                "coordinate {c}: a queen plays on 0..{MAX_COORD} (`grundy solve wythoff` takes \
                 heaps to 10^9)"
            ));
        }
        Ok(Wythoff {
            queens: coords.chunks(2).map(|c| (c[0], c[1])).collect(),
        })
    }

    pub fn queens(&self) -> &[(u64, u64)] {
        &self.queens
    }
}

impl Position for Wythoff {
    type Move = QueenMove;

    fn legal_moves(&self) -> Vec<QueenMove> {
        (0..self.queens.len())
            .flat_map(|i| self.moves_of(i, usize::MAX).0)
            .collect()
    }

    fn check_move(&self, mv: &QueenMove) -> Result<(), IllegalMove> {
        let Some(&(a, b)) = self.queens.get(mv.queen) else {
            return Err(IllegalMove(format!("there is no queen {}", mv.queen + 1)));
        };
        let (x, y) = mv.to;
        let ok = (y == b && x < a) || (x == a && y < b) || (x < a && y < b && a - x == b - y);
        if !ok {
            return Err(IllegalMove(format!(
                "a queen at ({a}, {b}) moves left, down or diagonally toward (0, 0), not to \
                 ({x}, {y})"
            )));
        }
        Ok(())
    }

    fn play_unchecked(&self, mv: &QueenMove) -> Wythoff {
        let mut queens = self.queens.clone();
        queens[mv.queen] = mv.to;
        Wythoff { queens }
    }

    fn is_over(&self) -> bool {
        self.queens.iter().all(|&q| q == (0, 0))
    }

    fn reachable_bound(&self) -> Option<u128> {
        Some(self.queens.iter().fold(1u128, |acc, &(a, b)| {
            acc.saturating_mul(u128::from(a + 1) * u128::from(b + 1))
        }))
    }

    fn moves_bound(&self) -> Option<u128> {
        Some(
            self.queens
                .iter()
                .map(|&(a, b)| u128::from(2 * (a + b) + 1))
                .sum(),
        )
    }
}

impl Impartial for Wythoff {
    /// A queen, 0-based.
    type Part = usize;

    fn parts(&self) -> Vec<(usize, Nimber)> {
        self.queens
            .iter()
            .enumerate()
            .map(|(i, &(a, b))| (i, Nimber::new(queen_value(a, b).into())))
            .collect()
    }

    fn nim_sum_after(&self, mv: &QueenMove) -> Nimber {
        let (a, b) = self.queens[mv.queen];
        let change = queen_value(a, b) ^ queen_value(mv.to.0, mv.to.1);
        self.nim_sum() + Nimber::new(change.into())
    }

    fn describe_part(&self, i: usize) -> String {
        let (a, b) = self.queens.get(i).copied().unwrap_or((0, 0));
        format!("queen {} ({a}, {b})", i + 1)
    }

    fn part_of(&self, mv: &QueenMove) -> usize {
        mv.queen
    }

    fn moves_of(&self, i: usize, limit: usize) -> (Vec<QueenMove>, bool) {
        let Some(&(a, b)) = self.queens.get(i) else {
            return (Vec::new(), false);
        };
        let targets = (0..a)
            .map(|x| (x, b))
            .chain((0..b).map(|y| (a, y)))
            .chain((1..=a.min(b)).map(|d| (a - d, b - d)));
        let mut out = Vec::new();
        for to in targets {
            if out.len() >= limit {
                return (out, true);
            }
            out.push(QueenMove { queen: i, to });
        }
        (out, false)
    }

    /// Loses slowly: the shortest step (one square), preferring the moves that leave the
    /// fewest winning replies.
    fn stalling_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<QueenMove> {
        let mut candidates: Vec<(usize, QueenMove)> = Vec::new();
        for (i, &(a, b)) in self.queens.iter().enumerate() {
            for to in [(a.wrapping_sub(1), b), (a, b.wrapping_sub(1))] {
                let mv = QueenMove { queen: i, to };
                if self.check_move(&mv).is_ok() {
                    candidates.push((self.play_unchecked(&mv).winning_moves(64).len(), mv));
                }
            }
            if a > 0 && b > 0 && candidates.is_empty() {
                let mv = QueenMove {
                    queen: i,
                    to: (a - 1, b - 1),
                };
                candidates.push((self.play_unchecked(&mv).winning_moves(64).len(), mv));
            }
        }
        let fewest = candidates.iter().map(|c| c.0).min()?;
        let moves = candidates
            .into_iter()
            .filter(|c| c.0 == fewest)
            .map(|c| c.1)
            .collect();
        crate::ai::pick(moves, rng)
    }
}

impl Notation for Wythoff {
    const GAME: &'static str = "wythoff";

    /// `wythoff:a,b[,c,d…]`: each queen's two coordinates (heap sizes).
    fn from_code(code: &str) -> Result<Wythoff, CodeError> {
        let body = code
            .strip_prefix("wythoff:")
            .ok_or_else(|| CodeError::new(1, "a Wythoff code starts with 'wythoff:'"))?;
        let coords = parse_list(body, 9, "the queens", u64::MAX / 4)?;
        Wythoff::new(&coords).map_err(|e| CodeError::new(9, e))
    }

    fn to_code(&self) -> String {
        let coords: Vec<u64> = self.queens.iter().flat_map(|&(a, b)| [a, b]).collect();
        format!("wythoff:{}", join(&coords))
    }

    fn describe_move(&self, mv: &QueenMove) -> String {
        let (a, b) = self.queens.get(mv.queen).copied().unwrap_or((0, 0));
        let (x, y) = mv.to;
        let how = if y == b {
            format!("take {} from the first heap", a - x)
        } else if x == a {
            format!("take {} from the second heap", b - y)
        } else {
            format!("take {} from both", a - x)
        };
        format!("queen {}: ({a}, {b}) → ({x}, {y}), {how}", mv.queen + 1)
    }
}

/// Luogu P2252: lines of `a b` (heaps up to 10^9) → `1` if the first player wins, else `0`.
pub fn solve(input: &[u8]) -> Result<String, InputError> {
    let mut out = String::new();
    for line in Lines::new(input) {
        if line.is_blank() {
            continue;
        }
        let [a, b] = line.numbers(["a", "b"], [0..=1_000_000_000, 0..=1_000_000_000])?;
        out.push_str(if is_p_position(a, b) { "0\n" } else { "1\n" });
    }
    if out.is_empty() {
        return Err(InputError::new(
            1,
            None,
            "empty input: expected a line `a b`",
        ));
    }
    Ok(out)
}
