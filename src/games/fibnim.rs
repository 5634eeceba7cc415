//! Fibonacci Nim (COCI 2010/11 HRPA, Luogu P6487): one heap of N; the first move takes any
//! number but not all; after that each move takes at least 1 and at most twice the previous
//! take. Not a sum: the state is the heap and the most the next take may be. Values come from a
//! table of the game by definition (heaps to [`MAX_HEAP`]); who wins and the winning takes
//! follow Zeckendorf's representation (N as a sum of non-consecutive Fibonacci numbers): the
//! player to move wins exactly when the smallest term is at most the limit, and the winning
//! takes are the sums of the smallest terms ([`winning_takes`]). So heaps play to
//! [`MAX_PLAY_HEAP`] (10^15) by that rule, values shown only where the table reaches; `grundy
//! solve fibnim` answers heaps to 10^15 the same way.

use std::sync::OnceLock;

use rand::{Rng, RngExt};

use crate::game::{CodeError, IllegalMove, Impartial, Notation, Position, spread};
use crate::games::catalogue::{Catalogued, RuleEntry};
use crate::input::{InputError, Name, Numbers, Problem};
use crate::message::{Msg, PartName, Said};
use crate::nimber::Nimber;

/// The largest heap of the value table.
pub const MAX_HEAP: u64 = 300;
/// The largest playable heap (past the table: by Zeckendorf's rule).
pub const MAX_PLAY_HEAP: u64 = 1_000_000_000_000_000;

/// N's Zeckendorf representation, largest term first (Fibonacci numbers 1, 2, 3, 5, 8, …, no
/// two consecutive), by the greedy rule.
pub fn zeckendorf(mut n: u64) -> Vec<u64> {
    let mut terms = Vec::new();
    for &f in FIBS.iter().rev() {
        if f <= n {
            terms.push(f);
            n -= f;
        }
    }
    terms
}

/// The values g[n][l] of a heap of n when the next take may be at most l ≤ n.
fn table() -> &'static Vec<Vec<u32>> {
    static TABLE: OnceLock<Vec<Vec<u32>>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let n_max = MAX_HEAP as usize;
        let mut g: Vec<Vec<u32>> = Vec::with_capacity(n_max + 1);
        for n in 0..=n_max {
            let mut row = vec![0u32; n + 1];
            let mut seen: Vec<bool> = Vec::new();
            for l in 1..=n {
                // Taking t = l joins the options of a limit of l − 1.
                let rest = n - l;
                let v = g[rest][(2 * l).min(rest)] as usize;
                if v >= seen.len() {
                    seen.resize(v + 1, false);
                }
                seen[v] = true;
                row[l] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32;
            }
            g.push(row);
        }
        g
    })
}

/// A heap and the most the next take may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FibNim {
    heap: u64,
    limit: u64,
}

impl FibNim {
    /// A heap of `heap` ≤ [`MAX_PLAY_HEAP`] with the next take at most `limit`.
    pub fn new(heap: u64, limit: u64) -> Result<FibNim, Said> {
        if heap > MAX_PLAY_HEAP {
            return Err(Said::new("said.fibnim.too_big").with("heap", heap));
        }
        Ok(FibNim { heap, limit })
    }

    /// The start: the first move takes any number but not all.
    pub fn start(heap: u64) -> Result<FibNim, Said> {
        FibNim::new(heap, heap.saturating_sub(1))
    }

    pub fn heap(&self) -> u64 {
        self.heap
    }

    pub fn limit(&self) -> u64 {
        self.limit.min(self.heap)
    }

    /// The Sprague–Grundy value of this position, where the table reaches (heaps to
    /// [`MAX_HEAP`]); `None` past it.
    pub fn value(&self) -> Option<u32> {
        (self.heap <= MAX_HEAP).then(|| table()[self.heap as usize][self.limit() as usize])
    }
}

/// Every winning take from a heap of `n` when the next take may be at most `limit`, smallest
/// first. Taking t leaves n − t with limit 2t, lost exactly when its smallest Zeckendorf term
/// is more than 2t (or nothing is left). Such a t is below half that term, so its own terms are
/// all below it and not next to it: n's representation is n − t's with t's below, and t is a
/// sum of n's smallest terms. So the candidates are those sums (about 70 at 10^15), no more.
pub fn winning_takes(n: u64, limit: u64) -> Vec<u64> {
    let terms = zeckendorf(n);
    let mut out = Vec::new();
    let mut t = 0u64;
    for (i, &term) in terms.iter().enumerate().rev() {
        t += term;
        if t > limit.min(n) {
            break;
        }
        // The next term up is the smallest term of what is left (none: the heap is empty).
        let left_lost = i == 0 || terms[i - 1] > 2 * t;
        if left_lost {
            out.push(t);
        }
    }
    out
}

/// The least winning take from a heap of `n` with limit `limit`: the smallest Zeckendorf term
/// when it is at most the limit.
pub fn least_winning_take(n: u64, limit: u64) -> Option<u64> {
    let smallest = *zeckendorf(n).last()?;
    (smallest <= limit).then_some(smallest)
}

impl Position for FibNim {
    /// How many tokens to take.
    type Move = u64;

    fn legal_moves(&self) -> Vec<u64> {
        (1..=self.limit()).collect()
    }

    fn check_move(&self, t: &u64) -> Result<(), IllegalMove> {
        if *t == 0 || *t > self.limit() {
            return Err(IllegalMove::new(
                Said::new("said.move.fib_take")
                    .with("most", self.limit())
                    .with("limit", self.limit)
                    .with("take", t),
            ));
        }
        Ok(())
    }

    fn play_unchecked(&self, t: &u64) -> FibNim {
        FibNim {
            heap: self.heap - t,
            limit: 2 * t,
        }
    }

    fn is_over(&self) -> bool {
        self.limit() == 0
    }

    fn reachable_bound(&self) -> Option<u128> {
        Some(u128::from(self.heap + 1).pow(2))
    }

    fn moves_bound(&self) -> Option<u128> {
        Some(u128::from(self.heap).max(1))
    }
}

impl Impartial for FibNim {
    /// The one heap.
    type Part = usize;

    /// The heap's value from the table; past it a stand-in (*0 lost, *1 won) that is never
    /// shown ([`Impartial::values_known`] is false).
    fn parts(&self) -> Vec<(usize, Nimber)> {
        let value = self.value().map_or(u64::from(self.mover_wins()), u64::from);
        vec![(0, Nimber::new(value))]
    }

    fn values_known(&self) -> bool {
        self.value().is_some()
    }

    /// Zeckendorf's rule, at any size: the smallest term at most the limit.
    fn mover_wins(&self) -> bool {
        least_winning_take(self.heap, self.limit()).is_some()
    }

    fn move_wins(&self, t: &u64) -> bool {
        !self.play_unchecked(t).mover_wins()
    }

    /// Said only where the table does not reach; there Zeckendorf's rule decides.
    fn win_rule(&self) -> Option<Msg> {
        if self.values_known() {
            return None;
        }
        let terms = zeckendorf(self.heap);
        let smallest = *terms.last()?;
        Some(Msg::FibFormula {
            table: MAX_HEAP,
            heap: self.heap,
            takes: if smallest <= self.limit() {
                winning_takes(self.heap, self.limit())
            } else {
                Vec::new()
            },
            terms,
            limit: self.limit(),
        })
    }

    fn winning_moves(&self, limit: usize) -> Vec<u64> {
        let mut takes = winning_takes(self.heap, self.limit());
        takes.truncate(limit);
        takes
    }

    fn describe_part(&self, _part: usize) -> Msg {
        Msg::Part(PartName::FibHeap {
            heap: self.heap,
            limit: self.limit(),
        })
    }

    fn part_of(&self, _t: &u64) -> usize {
        0
    }

    /// Takes 1 up to the limit, chosen by [`spread`] when they are too many (a heap of 10^12).
    fn listed_moves(&self, _part: usize, room: usize) -> (Vec<u64>, bool) {
        let most = self.limit();
        let takes = spread(most, room).into_iter().map(|i| i + 1).collect();
        (takes, most > room as u64)
    }

    /// Take `number`.
    fn move_numbered(&self, _part: usize, number: u64) -> Option<u64> {
        (1..=self.limit()).contains(&number).then_some(number)
    }

    /// On the table: every take, 1 up. Past it (up to 10^15 takes): a useful few, as many as
    /// asked — the winning takes, the takes 1 to 20, the sums of the smallest Zeckendorf terms
    /// and the limit itself, smallest first.
    fn moves_of(&self, _part: usize, limit: usize) -> (Vec<u64>, bool) {
        let most = self.limit();
        if self.values_known() {
            return ((1..=most.min(limit as u64)).collect(), most > limit as u64);
        }
        let mut takes: Vec<u64> = (1..=most.min(20)).collect();
        let mut sum = 0;
        for term in zeckendorf(self.heap).into_iter().rev() {
            sum += term;
            if sum <= most {
                takes.push(sum);
            }
        }
        takes.push(most);
        takes.sort_unstable();
        takes.dedup();
        let winning = winning_takes(self.heap, most);
        let mut out: Vec<u64> = winning.iter().copied().take(limit).collect();
        out.extend(
            takes
                .into_iter()
                .filter(|t| !winning.contains(t))
                .take(limit.saturating_sub(out.len())),
        );
        let more = (out.len() as u64) < most;
        (out, more)
    }

    /// Loses slowly: take one token, the least change (the opponent's limit stays 2).
    fn stalling_move<R: Rng + ?Sized>(&self, _rng: &mut R) -> Option<u64> {
        (self.limit() >= 1).then_some(1)
    }
}

impl Notation for FibNim {
    const GAME: &'static str = "fibnim";

    /// `fibnim:N` (the start: the first take is anything but all) or `fibnim:N:L` (the next
    /// take at most L).
    fn from_code(code: &str) -> Result<FibNim, CodeError> {
        let fields: Vec<&str> = code.split(':').collect();
        if fields[0] != "fibnim" || !(2..=3).contains(&fields.len()) {
            return Err(CodeError::new(1, Said::new("said.fibnim.shape")));
        }
        let number = |text: &str, column: usize, what: &str| {
            text.parse::<u64>().map_err(|_| {
                CodeError::new(
                    column,
                    Said::new("said.fibnim.number")
                        .with("what", what)
                        .with("text", text),
                )
            })
        };
        let heap = number(fields[1], 8, "N")?;
        let position = match fields.get(2) {
            None => FibNim::start(heap),
            Some(l) => FibNim::new(heap, number(l, 9 + fields[1].len(), "L")?),
        };
        position.map_err(|e| CodeError::new(8, e))
    }

    fn to_code(&self) -> String {
        format!("fibnim:{}:{}", self.heap, self.limit)
    }

    fn describe_move(&self, t: &u64) -> Msg {
        Msg::FibTake {
            take: *t,
            from: self.heap,
        }
    }

    /// `take 3 (10 → 7, next ≤ 6)`, as saved games have always written it.
    fn move_code(&self, t: &u64) -> String {
        format!(
            "take {t} ({} → {}, next ≤ {})",
            self.heap,
            self.heap - t,
            2 * t
        )
    }

    /// Reads `take t …` back without listing the takes (a heap of 10^15 has as many).
    fn parse_move(&self, text: &str) -> Result<u64, IllegalMove> {
        let text = text.trim();
        let bad = || IllegalMove::new(Said::new("said.move.fibnim_take").with("text", text));
        let number = text
            .strip_prefix("take ")
            .and_then(|rest| rest.split(' ').next())
            .ok_or_else(bad)?;
        let t: u64 = number.parse().map_err(|_| bad())?;
        if self.check_move(&t).is_err() || self.move_code(&t) != text {
            return Err(bad());
        }
        Ok(t)
    }
}

/// Luogu P6487: one N (1 ≤ N ≤ 10^15) per line → the smallest term of its Zeckendorf
/// representation, the least first take that wins (N itself when N is a Fibonacci number and
/// the first player cannot win).
pub fn solve(input: &[u8]) -> Result<String, InputError> {
    let mut numbers = Numbers::new(input);
    let mut out = Vec::new();
    while let Some([n]) = numbers.line_of(["N"], [1..=1_000_000_000_000_000])? {
        push_number(&mut out, smallest_zeckendorf_term(n));
        out.push(b'\n');
    }
    if out.is_empty() {
        return Err(InputError::of(
            1,
            None,
            Problem::Empty(Name::Text("N".into()), None),
        ));
    }
    Ok(String::from_utf8(out).expect("digits and line endings are ASCII"))
}

/// The Fibonacci numbers 1, 2, 3, 5, … below 2^64 (the last is F(93) ≈ 1.2·10^19), for the
/// greedy rule without a list per N.
const FIBS: [u64; 92] = {
    let mut fibs = [0u64; 92];
    fibs[0] = 1;
    fibs[1] = 2;
    let mut i = 2;
    while i < 92 {
        fibs[i] = fibs[i - 1] + fibs[i - 2];
        i += 1;
    }
    fibs
};

/// For each bit length L (0..=64), how many of [`FIBS`] have at most L bits: the largest
/// Fibonacci number ≤ n is among the last two of those for n's bit length (a power-of-two
/// range holds at most two Fibonacci numbers, φ² > 2).
const FIBS_BY_BITS: [u8; 65] = {
    let mut counts = [0u8; 65];
    let mut bits = 0;
    while bits <= 64 {
        let mut count = 0;
        while count < FIBS.len() && (bits == 64 || FIBS[count] < 1u64 << bits) {
            count += 1;
        }
        counts[bits] = count as u8;
        bits += 1;
    }
    counts
};

/// The smallest term of N's Zeckendorf representation ([`zeckendorf`]'s last), N ≥ 1: the
/// greedy rule, keeping only the last term taken, each term found from the bit length of
/// what is left rather than by walking down the Fibonacci numbers.
pub fn smallest_zeckendorf_term(mut n: u64) -> u64 {
    let mut last = n;
    while n > 0 {
        let mut i = FIBS_BY_BITS[(64 - n.leading_zeros()) as usize] as usize;
        while FIBS[i - 1] > n {
            i -= 1;
        }
        last = FIBS[i - 1];
        n -= last;
    }
    last
}

/// Appends `n` in decimal (the answers' hot path: no formatter, no allocation).
fn push_number(out: &mut Vec<u8>, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at..]);
}

impl Catalogued for FibNim {
    const ENTRY: Option<RuleEntry> = Some(RuleEntry {
        name: "fibnim",
        title: "Fibonacci Nim",
        rule: "first take anything but all; then at most twice the previous take",
        start: "fibnim:20",
    });

    fn puzzle<R: Rng + ?Sized>(_name: &str, d: usize, rng: &mut R) -> FibNim {
        let most = [12, 25, 60, 120, 300][d - 1];
        FibNim::from_code(&format!("fibnim:{}", rng.random_range(2..=most)))
            .expect("generated codes are in bounds")
    }
}
