//! Wythoff's game (Luogu P2252): two heaps a, b; take any number from one heap, or the same
//! number from both — a queen on a quarter-plane moving left, down or diagonally toward the
//! corner (0, 0). Here a position is one or more queens (each a part, so several queens are a
//! sum). Sprague–Grundy values come from a mex table of the board to [`MAX_COORD`], built once.
//! The losing single queens are known exactly, at any size: (⌊kφ⌋, ⌊kφ²⌋) and their mirror
//! images, computed with integer arithmetic only ([`is_p_position`]). So a lone queen plays to
//! [`MAX_BIG_COORD`] (10^9): who wins and the winning moves (to the P-position on its row,
//! column or diagonal, [`winning_targets`]) by the formula, its value shown only where the
//! table reaches. Several queens need their values to be XORed, so they stay on the table.

use std::sync::OnceLock;

use rand::{Rng, RngExt};

use super::list::join;
use super::stairs::parse_list;
use crate::game::{CodeError, IllegalMove, Impartial, Notation, Position, spread};
use crate::games::catalogue::{Catalogued, RuleEntry};
use crate::input::{InputError, Numbers};
use crate::message::{Msg, PartName, QueenLine, Said};
use crate::nimber::Nimber;

/// The largest coordinate of the value table: queens of a sum (several queens) stay within it.
pub const MAX_COORD: u64 = 300;
/// The largest coordinate of a lone queen, played by the P-position formula past the table.
pub const MAX_BIG_COORD: u64 = 1_000_000_000;
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
    // Below this, 5k² fits in 64 bits (every k of a contest input ≤ 10^9): no 128-bit
    // arithmetic on the hot path of `solve`.
    const FITS: u64 = 1_900_000_000;
    if k <= FITS {
        let five = 5 * k * k;
        let mut root = (five as f64).sqrt() as u64;
        while root * root > five {
            root -= 1;
        }
        while (root + 1) * (root + 1) <= five {
            root += 1;
        }
        return (k + root) / 2;
    }
    let k = u128::from(k);
    ((k + isqrt(5 * k * k)) / 2) as u64
}

/// Whether the queen at (a, b) is lost for the player to move: (a, b) = (⌊kφ⌋, ⌊kφ⌋ + k) for
/// k = b − a (a ≤ b), in either order.
pub fn is_p_position(a: u64, b: u64) -> bool {
    let (a, b) = (a.min(b), a.max(b));
    let k = b - a;
    // Most positions are far from the P-position of their diagonal: a float product, good to
    // far better than 1 while kφ < 2^40, rules them out without the exact root.
    if k < 1 << 38 {
        let near = k as f64 * 1.618_033_988_749_895;
        if (a as f64 - near).abs() > 2.0 {
            return false;
        }
    }
    lower_wythoff(k) == a
}

/// The other coordinate of the P-position through `n`: every n ≥ 1 is exactly one of ⌊kφ⌋
/// (partner ⌊kφ⌋ + k) or ⌊kφ⌋ + k (partner ⌊kφ⌋), for one k ≥ 1 (Beatty's theorem); 0 pairs
/// with 0. Binary searches on k with [`lower_wythoff`], so about 60 square roots.
pub fn p_partner(n: u64) -> u64 {
    if n == 0 {
        return 0;
    }
    // The largest k with f(k) ≤ n, for f increasing with f(0) = 0.
    let largest = |f: &dyn Fn(u64) -> u64| {
        let (mut lo, mut hi) = (0u64, n);
        while lo < hi {
            let mid = lo + (hi - lo).div_ceil(2);
            if f(mid) <= n { lo = mid } else { hi = mid - 1 }
        }
        lo
    };
    let k = largest(&lower_wythoff);
    if lower_wythoff(k) == n {
        return n + k;
    }
    let k = largest(&|k| lower_wythoff(k) + k);
    debug_assert_eq!(
        lower_wythoff(k) + k,
        n,
        "every n is a lower or an upper number"
    );
    lower_wythoff(k)
}

/// The squares a queen at (a, b) can move to that are P-positions (lost for the opponent): the
/// winning moves of a lone queen, at most three (its row, its column, its diagonal), none when
/// (a, b) is itself a P-position. No enumeration: each line holds at most one P-position.
pub fn winning_targets(a: u64, b: u64) -> Vec<(u64, u64)> {
    let mut out = Vec::new();
    // Along the row (b stays): the partner of b, if it is left of a.
    let x = p_partner(b);
    if x < a {
        out.push((x, b));
    }
    // Down the column (a stays).
    let y = p_partner(a);
    if y < b {
        out.push((a, y));
    }
    // Down the diagonal: the difference k = |a − b| stays; its P-position is
    // (⌊kφ⌋, ⌊kφ⌋ + k) in the same order as (a, b).
    let k = a.abs_diff(b);
    let low = lower_wythoff(k);
    if low < a.min(b) {
        let d = a.min(b) - low;
        out.push((a - d, b - d));
    }
    out
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

/// The value of a queen at (a, b) where the table reaches, else `None` (not known: no formula
/// gives it, and a table to 10^9 would be 10^18 entries).
pub fn known_value(a: u64, b: u64) -> Option<u32> {
    (a <= MAX_COORD && b <= MAX_COORD).then(|| queen_value(a, b))
}

/// The nimber a lone queen reports as its part's value: its value where known; past the table
/// a stand-in, *0 for a P-position (exact) and *1 otherwise, that keeps "nim-sum 0 ⇔ lost"
/// true for the generic code but is never shown ([`Impartial::values_known`] is false).
fn queen_nimber(a: u64, b: u64) -> Nimber {
    match known_value(a, b) {
        Some(v) => Nimber::new(v.into()),
        None => Nimber::new(u64::from(!is_p_position(a, b))),
    }
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
    pub fn new(coords: &[u64]) -> Result<Wythoff, Said> {
        if coords.is_empty() || !coords.len().is_multiple_of(2) {
            return Err(Said::new("said.wythoff.odd").with("count", coords.len()));
        }
        if coords.len() / 2 > MAX_QUEENS {
            return Err(Said::new("said.wythoff.queens").with("most", MAX_QUEENS));
        }
        if let Some(&c) = coords.iter().find(|&&c| c > MAX_BIG_COORD) {
            return Err(Said::new("said.wythoff.too_far").with("coordinate", c));
        }
        if coords.len() > 2
            && let Some(i) = coords.iter().position(|&c| c > MAX_COORD)
        {
            return Err(Said::new("said.wythoff.past_table")
                .with("number", i / 2 + 1)
                .with("coordinate", coords[i])
                .with("most", MAX_COORD));
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
            return Err(IllegalMove::new(
                Said::new("said.move.no_queen").with("number", mv.queen + 1),
            ));
        };
        let (x, y) = mv.to;
        let ok = (y == b && x < a) || (x == a && y < b) || (x < a && y < b && a - x == b - y);
        if !ok {
            return Err(IllegalMove::new(
                Said::new("said.move.queen")
                    .with("a", a)
                    .with("b", b)
                    .with("x", x)
                    .with("y", y),
            ));
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

    fn heap_bytes(&self) -> usize {
        self.queens.capacity() * 16
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
            .map(|(i, &(a, b))| (i, queen_nimber(a, b)))
            .collect()
    }

    fn nim_sum_after(&self, mv: &QueenMove) -> Nimber {
        self.nim_sum() + self.nim_sum_change(mv)
    }

    fn nim_sum_change(&self, mv: &QueenMove) -> Nimber {
        let (a, b) = self.queens[mv.queen];
        queen_nimber(a, b) + queen_nimber(mv.to.0, mv.to.1)
    }

    fn values_known(&self) -> bool {
        self.queens
            .iter()
            .all(|&(a, b)| known_value(a, b).is_some())
    }

    /// A lone queen past the table: lost exactly on a P-position. Otherwise the nim-sum.
    fn mover_wins(&self) -> bool {
        match self.queens.as_slice() {
            [(a, b)] => !is_p_position(*a, *b),
            _ => !self.nim_sum().is_zero(),
        }
    }

    fn move_wins(&self, mv: &QueenMove) -> bool {
        match self.queens.as_slice() {
            [_] => is_p_position(mv.to.0, mv.to.1),
            _ => self.nim_sum_after(mv).is_zero(),
        }
    }

    fn win_rule(&self) -> Option<Msg> {
        if self.values_known() {
            return None;
        }
        let &[(a, b)] = self.queens.as_slice() else {
            return None;
        };
        let k = a.abs_diff(b);
        Some(Msg::WythoffFormula {
            table: MAX_COORD,
            k,
            low: lower_wythoff(k),
            targets: if is_p_position(a, b) {
                Vec::new()
            } else {
                winning_targets(a, b)
            },
        })
    }

    /// A lone queen: the P-positions on its lines, by the formula (any size). Several queens
    /// (all on the table): the moves to nim-sum 0.
    fn winning_moves(&self, limit: usize) -> Vec<QueenMove> {
        match self.queens.as_slice() {
            [(a, b)] => winning_targets(*a, *b)
                .into_iter()
                .take(limit)
                .map(|to| QueenMove { queen: 0, to })
                .collect(),
            _ => self.moves_to_nim_sum(Nimber::ZERO, limit),
        }
    }

    fn describe_part(&self, i: usize) -> Msg {
        let (a, b) = self.queens.get(i).copied().unwrap_or((0, 0));
        Msg::Part(PartName::Queen {
            number: i + 1,
            a,
            b,
        })
    }

    fn part_of(&self, mv: &QueenMove) -> usize {
        mv.queen
    }

    /// The queen's moves from near to far (the row, then the column, then the diagonal, each
    /// one step, two steps, …), chosen by [`spread`] when they are too many: a queen at 10^6
    /// has three million.
    fn listed_moves(&self, i: usize, room: usize) -> (Vec<QueenMove>, bool) {
        let Some(&(a, b)) = self.queens.get(i) else {
            return (Vec::new(), false);
        };
        let total = a + b + a.min(b);
        let moves = spread(total, room)
            .into_iter()
            .filter_map(|k| self.move_numbered(i, k + 1))
            .collect();
        (moves, total > room as u64)
    }

    /// Move `number` in the order of [`Wythoff::listed_moves`].
    fn move_numbered(&self, i: usize, number: u64) -> Option<QueenMove> {
        let &(a, b) = self.queens.get(i)?;
        let k = number.checked_sub(1)?;
        // Move k + 1 on its line is k + 1 steps from the queen.
        let to = if k < a {
            (a - k - 1, b)
        } else if k < a + b {
            (a, b - (k - a) - 1)
        } else if k < a + b + a.min(b) {
            let d = k - a - b + 1;
            (a - d, b - d)
        } else {
            return None;
        };
        Some(QueenMove { queen: i, to })
    }

    /// On the table: the row left to right, the column bottom up, the diagonal from near to
    /// far. Past it (a queen has up to 3·10^9 moves): the winning moves first, then the
    /// nearest squares on each line, one step further each round, as many as asked.
    fn moves_of(&self, i: usize, limit: usize) -> (Vec<QueenMove>, bool) {
        let Some(&(a, b)) = self.queens.get(i) else {
            return (Vec::new(), false);
        };
        let total = a + b + a.min(b);
        let mut out = Vec::new();
        if known_value(a, b).is_some() {
            let targets = (0..a)
                .map(|x| (x, b))
                .chain((0..b).map(|y| (a, y)))
                .chain((1..=a.min(b)).map(|d| (a - d, b - d)));
            for to in targets {
                if out.len() >= limit {
                    return (out, true);
                }
                out.push(QueenMove { queen: i, to });
            }
            return (out, false);
        }
        let winning = winning_targets(a, b);
        out.extend(
            winning
                .iter()
                .take(limit)
                .map(|&to| QueenMove { queen: i, to }),
        );
        let mut d = 1;
        while out.len() < limit && (out.len() as u64) < total {
            for (ok, to) in [
                (d <= a, (a.wrapping_sub(d), b)),
                (d <= b, (a, b.wrapping_sub(d))),
                (d <= a.min(b), (a.wrapping_sub(d), b.wrapping_sub(d))),
            ] {
                if ok && !winning.contains(&to) && out.len() < limit {
                    out.push(QueenMove { queen: i, to });
                }
            }
            d += 1;
        }
        let more = (out.len() as u64) < total;
        (out, more)
    }

    /// Loses slowly: the shortest step (one square), preferring the moves that leave the
    /// fewest winning replies. Queens on the same square have the same steps and leave the
    /// same replies (the positions after differ only in the order of the queens), so each
    /// square's steps are weighed once (100 queens on one square: 2 steps to weigh, not 200).
    fn stalling_move<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<QueenMove> {
        // (from, to, winning replies after) of each step weighed.
        type Weighed = Vec<((u64, u64), (u64, u64), usize)>;
        let mut weighed: Weighed = Vec::new();
        let mut candidates: Vec<(usize, QueenMove)> = Vec::new();
        let weigh = |mv: QueenMove, weighed: &mut Weighed| {
            let from = self.queens[mv.queen];
            let replies = match weighed.iter().find(|w| w.0 == from && w.1 == mv.to) {
                Some(w) => w.2,
                None => {
                    let replies = self.play_unchecked(&mv).winning_moves(64).len();
                    weighed.push((from, mv.to, replies));
                    replies
                }
            };
            (replies, mv)
        };
        for (i, &(a, b)) in self.queens.iter().enumerate() {
            for to in [(a.wrapping_sub(1), b), (a, b.wrapping_sub(1))] {
                let mv = QueenMove { queen: i, to };
                if self.check_move(&mv).is_ok() {
                    candidates.push(weigh(mv, &mut weighed));
                }
            }
            if a > 0 && b > 0 && candidates.is_empty() {
                let mv = QueenMove {
                    queen: i,
                    to: (a - 1, b - 1),
                };
                candidates.push(weigh(mv, &mut weighed));
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
            .ok_or_else(|| CodeError::new(1, Said::new("said.wythoff.prefix")))?;
        let coords = parse_list(body, 9, Said::new("said.what.queens"), u64::MAX / 4)?;
        Wythoff::new(&coords).map_err(|e| CodeError::new(9, e))
    }

    fn to_code(&self) -> String {
        let coords: Vec<u64> = self.queens.iter().flat_map(|&(a, b)| [a, b]).collect();
        format!("wythoff:{}", join(&coords))
    }

    fn describe_move(&self, mv: &QueenMove) -> Msg {
        let (a, b) = self.queens.get(mv.queen).copied().unwrap_or((0, 0));
        let (x, y) = mv.to;
        let (take, line) = if y == b {
            (a - x, QueenLine::First)
        } else if x == a {
            (b - y, QueenLine::Second)
        } else {
            (a - x, QueenLine::Both)
        };
        Msg::QueenMove {
            number: mv.queen + 1,
            from: (a, b),
            to: mv.to,
            take,
            line,
        }
    }

    /// `queen 1: (5, 3) → (2, 3), take 3 from the first heap`, as saved games have always
    /// written it; [`Notation::parse_move`] reads the queen and the square after `→`.
    fn move_code(&self, mv: &QueenMove) -> String {
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

    /// Reads [`Notation::move_code`]'s words back without listing the moves (a queen at
    /// 10^9 has 3·10^9): the queen's number and the square after `→`.
    fn parse_move(&self, text: &str) -> Result<QueenMove, IllegalMove> {
        let text = text.trim();
        let bad = || IllegalMove::new(Said::new("said.move.queen_move").with("text", text));
        let rest = text.strip_prefix("queen ").ok_or_else(bad)?;
        let (number, rest) = rest.split_once(':').ok_or_else(bad)?;
        let queen = number
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .ok_or_else(bad)?;
        let (_, to) = rest.split_once("→ (").ok_or_else(bad)?;
        let (to, _) = to.split_once(')').ok_or_else(bad)?;
        let (x, y) = to.split_once(", ").ok_or_else(bad)?;
        let (x, y) = (x.parse().map_err(|_| bad())?, y.parse().map_err(|_| bad())?);
        let mv = QueenMove { queen, to: (x, y) };
        // The words must be exactly this game's (the take in words matches the squares).
        if self.queens.get(queen).is_none()
            || self.check_move(&mv).is_err()
            || self.move_code(&mv) != text
        {
            return Err(bad());
        }
        Ok(mv)
    }
}

/// Luogu P2252: lines of `a b` (heaps up to 10^9) → `1` if the first player wins, else `0`.
pub fn solve(input: &[u8]) -> Result<String, InputError> {
    let mut numbers = Numbers::new(input);
    let mut out = String::new();
    let heap = 0..=1_000_000_000;
    while let Some([a, b]) = numbers.line_of(["a", "b"], [heap.clone(), heap.clone()])? {
        out.push_str(if is_p_position(a, b) { "0\n" } else { "1\n" });
    }
    if out.is_empty() {
        return Err(InputError::said(
            1,
            None,
            Said::new("said.reader.empty_pairs"),
        ));
    }
    Ok(out)
}

impl Catalogued for Wythoff {
    const ENTRY: Option<RuleEntry> = Some(RuleEntry {
        name: "wythoff",
        title: "Wythoff's game",
        rule: "take any number from one heap, or the same number from both",
        start: "wythoff:7,10",
    });

    fn puzzle<R: Rng + ?Sized>(_name: &str, d: usize, rng: &mut R) -> Wythoff {
        let most = [5, 10, 20, 40, 100][d - 1];
        let queens = if d >= 4 { 2 } else { 1 };
        let coords: Vec<u64> = (0..2 * queens)
            .map(|_| rng.random_range(0..=most))
            .collect();
        Wythoff::from_code(&format!("wythoff:{}", join(&coords)))
            .expect("generated codes are in bounds")
    }
}
