//! The rules of the heap games: what one move does to one heap, for each [`Rule`], and the
//! position ([`Heaps`]) with its legal moves. Values are in [`super::values`].

use crate::message::Said;
use std::sync::Arc;

use super::octal::OctalCode;
use crate::game::{IllegalMove, Position};

/// The most heaps a position may have (a Lieges move that would pass it is refused).
pub const MAX_HEAPS: usize = 1000;
/// The largest heap of a rule whose values have a formula (or a proven period: Kayles, the
/// 1-2-k subtraction game), in every command: the size policy's bound, within which every sum
/// and product of the code paths stays in a u64.
pub const MAX_FORMULA_HEAP: u64 = 1_000_000_000_000_000_000;
/// The largest heap of a rule whose values come from a mex table (built once, to this size).
pub const MAX_TABLE_HEAP: u64 = 10_000;
/// The largest heap of a rule whose values a proved period gives (an octal code, once the
/// periodicity theorem holds in its table): the formulas' bound.
pub const MAX_PERIODIC_HEAP: u64 = MAX_FORMULA_HEAP;
/// The largest heap of coprime takes: its values need the heap's least prime factor and that
/// prime's index, from a sieve built once to this size.
pub const MAX_SIEVE_HEAP: u64 = 1_000_000;
/// The largest subtraction set, and its largest element.
pub const MAX_SET_LEN: usize = 100;
/// Lieges of Legendre: the largest k (a move makes k heaps).
pub const MAX_LIEGES_K: u64 = 10;

/// Where a rule's heap values come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValuesBy {
    /// A formula or a proved period: any heap, to [`MAX_FORMULA_HEAP`].
    Formula,
    /// A sieve of the primes, to [`MAX_SIEVE_HEAP`].
    Sieve,
    /// A mex table computed once by search, to [`MAX_TABLE_HEAP`].
    Table,
}

/// The k of a subtraction set {1, 2, k}, k ≥ 3 (Codeforces 1194D's game), whose values have a
/// formula (see `values::one_two_k_value`).
pub fn one_two_k(set: &[u64]) -> Option<u64> {
    match set {
        [1, 2, k] if *k >= 3 => Some(*k),
        _ => None,
    }
}

/// A bound written as a power of ten where it is one (`10^18`), else in digits.
pub fn power_words(n: u64) -> String {
    let mut power = 0;
    let mut rest = n;
    while rest >= 10 && rest.is_multiple_of(10) {
        rest /= 10;
        power += 1;
    }
    if rest == 1 && power > 1 {
        format!("10^{power}")
    } else {
        n.to_string()
    }
}

/// What a move may do to one heap of x tokens.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Take any 1..x. SG(x) = x.
    Nim,
    /// Take 1..m. SG(x) = x mod (m + 1).
    Bash { m: u64 },
    /// Take s for some s of the set (sorted, without repeats), s ≤ x.
    Subtraction { set: Arc<[u64]> },
    /// Take l..r tokens (l ≤ r). SG(x) = ⌊(x mod (l + r)) / l⌋.
    TakeRange { l: u64, r: u64 },
    /// Take a Fibonacci number of tokens (1, 2, 3, 5, 8, …).
    Fibonacci,
    /// A row of x pins: knock down 1 pin or 2 adjacent ones; the row may split in two.
    Kayles,
    /// Split a heap into two unequal non-empty heaps (Grundy's game).
    Grundy,
    /// Take one token; or replace a heap of even size 2y by k heaps of size y.
    Lieges { k: u64 },
    /// Split a heap into two or more heaps of consecutive sizes a, a − 1, …, a − j + 1 ≥ 1.
    Staircase,
    /// Take y ≥ 1 with gcd(x, y) = 1.
    Coprime,
    /// An octal or hexadecimal take-and-break game by its code (`0.137`, `4.7`, `0.3…`).
    Octal { code: Arc<OctalCode> },
    /// Nim, but the player who takes the last token loses: decided by its own rule, not by
    /// the nim-sum. Taking the last token is a move like any other (the only one left with a
    /// lone token); once no token is left, the player to move has won.
    Misere,
}

impl Rule {
    /// The rule's name in codes: `nim`, `bash`, `subtraction`, …
    pub fn name(&self) -> &'static str {
        match self {
            Rule::Nim => "nim",
            Rule::Bash { .. } => "bash",
            Rule::Subtraction { .. } => "subtraction",
            Rule::TakeRange { .. } => "take",
            Rule::Fibonacci => "fibonacci",
            Rule::Kayles => "kayles",
            Rule::Grundy => "grundy",
            Rule::Lieges { .. } => "lieges",
            Rule::Staircase => "staircase",
            Rule::Coprime => "coprime",
            Rule::Octal { .. } => "octal",
            Rule::Misere => "misere",
        }
    }

    /// Every rule name, in the order the menu and the help list them.
    pub const NAMES: [&'static str; 12] = [
        "nim",
        "bash",
        "subtraction",
        "take",
        "fibonacci",
        "kayles",
        "grundy",
        "lieges",
        "staircase",
        "coprime",
        "octal",
        "misere",
    ];

    /// Whether games of this rule differ by parameters written in the code (Bash's m, a
    /// subtraction set, take l..r, Lieges' k, an octal code): a title must name them.
    pub fn has_parameters(&self) -> bool {
        matches!(
            self,
            Rule::Bash { .. }
                | Rule::Subtraction { .. }
                | Rule::TakeRange { .. }
                | Rule::Lieges { .. }
                | Rule::Octal { .. }
        )
    }

    /// The rule in words, for titles: `Bash (take 1..3)`.
    pub fn title(&self) -> String {
        match self {
            Rule::Nim => "Nim".into(),
            Rule::Bash { m } => format!("Bash (take 1..{m})"),
            Rule::Subtraction { set } => format!(
                "Subtraction game S = {{{}}}",
                set.iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Rule::TakeRange { l, r } => format!("Take {l}..{r}"),
            Rule::Fibonacci => "Fibonacci takes".into(),
            Rule::Kayles => "Kayles".into(),
            Rule::Grundy => "Grundy's game".into(),
            Rule::Lieges { k } => format!("Lieges of Legendre (k = {k})"),
            Rule::Staircase => "Staircase split".into(),
            Rule::Coprime => "Coprime takes".into(),
            Rule::Octal { code } => format!("Octal game {code}"),
            Rule::Misere => "Misère Nim".into(),
        }
    }

    /// The largest heap this rule allows in a position, in every command.
    pub fn max_heap(&self) -> u64 {
        match self {
            // The sparse-space table's reach in about 250 ms.
            Rule::Grundy => super::values::MAX_GRUNDY_HEAP,
            // Any heap once its table proved a period, else the table's most.
            Rule::Octal { code } => super::values::octal_table(code).max_heap(),
            _ => match self.values_by() {
                ValuesBy::Formula => MAX_FORMULA_HEAP,
                ValuesBy::Sieve => MAX_SIEVE_HEAP,
                ValuesBy::Table => MAX_TABLE_HEAP,
            },
        }
    }

    /// Where the rule's values come from, which sets its largest heap.
    pub fn values_by(&self) -> ValuesBy {
        match self {
            Rule::Subtraction { set } if one_two_k(set).is_some() => ValuesBy::Formula,
            Rule::Subtraction { .. } | Rule::Fibonacci | Rule::Grundy | Rule::Staircase => {
                ValuesBy::Table
            }
            Rule::Coprime => ValuesBy::Sieve,
            Rule::Octal { code } => {
                if super::values::octal_table(code).max_heap() == MAX_PERIODIC_HEAP {
                    ValuesBy::Formula
                } else {
                    ValuesBy::Table
                }
            }
            _ => ValuesBy::Formula,
        }
    }

    /// Why heaps stop at [`Rule::max_heap`], in the words every command uses: `kayles: values
    /// by a proved formula or period, heaps to 10^18`.
    pub fn bound_words(&self) -> String {
        let how = match self.values_by() {
            ValuesBy::Formula => "values by a proved formula or period",
            ValuesBy::Sieve => "values from a sieve of the primes",
            ValuesBy::Table => "values from a mex table searched once",
        };
        format!(
            "{}: {how}, heaps to {}",
            self.name(),
            power_words(self.max_heap())
        )
    }

    /// Whether every move only takes tokens from one heap (no split): then a position has at
    /// most ∏ (x + 1) successors, a bound the exact search can use.
    pub fn takes_only(&self) -> bool {
        !matches!(
            self,
            Rule::Kayles
                | Rule::Grundy
                | Rule::Lieges { .. }
                | Rule::Staircase
                | Rule::Octal { .. }
        )
    }

    /// Whether a heap's moves to a wanted value are found by arithmetic, without walking its
    /// moves (Nim, Bash, take l..r: values by formula, the sizes reached in a row).
    pub fn reaches_values_directly(&self) -> bool {
        matches!(self, Rule::Nim | Rule::Bash { .. } | Rule::TakeRange { .. })
    }

    /// Whether taking `t` tokens from a heap of `x` is allowed by the rule.
    pub fn allows_take(&self, x: u64, t: u64) -> bool {
        if t == 0 || t > x {
            return false;
        }
        match self {
            Rule::Nim | Rule::Misere => true,
            Rule::Bash { m } => t <= *m,
            Rule::Subtraction { set } => set.binary_search(&t).is_ok(),
            Rule::TakeRange { l, r } => (*l..=*r).contains(&t),
            Rule::Fibonacci => is_fibonacci(t),
            Rule::Coprime => gcd(x, t) == 1,
            Rule::Lieges { .. } => t == 1,
            Rule::Kayles | Rule::Grundy | Rule::Staircase | Rule::Octal { .. } => false,
        }
    }
}

/// Whether `n ≥ 1` is a Fibonacci number 1, 2, 3, 5, 8, …
pub fn is_fibonacci(n: u64) -> bool {
    let (mut a, mut b) = (1u64, 2u64);
    while a < n {
        (a, b) = (b, a.saturating_add(b));
    }
    a == n
}

/// The Fibonacci numbers 1, 2, 3, 5, 8, … up to `limit`.
pub fn fibonacci_up_to(limit: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let (mut a, mut b) = (1u64, 2u64);
    while a <= limit {
        out.push(a);
        (a, b) = (b, a.saturating_add(b));
    }
    out
}

pub fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// What a move does to its heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Take this many tokens.
    Take(u64),
    /// Kayles: knock down `count` (1 or 2) pins after the first `left`: the row becomes rows
    /// of `left` and `x − left − count` pins.
    Knock { count: u64, left: u64 },
    /// Grundy's game: split into `left` and `x − left`, `left < x − left`.
    Split { left: u64 },
    /// Lieges of Legendre: a heap of 2y becomes k heaps of y.
    Multiply,
    /// Staircase split into `count` heaps a, a − 1, …, a − count + 1.
    Stairs { count: u64 },
    /// An octal game: remove `take` tokens and leave the rest as heaps `left`, `middle` and
    /// the remainder. One heap: `left = middle = 0`; two: `left ≥ 1`, `middle = 0`; three:
    /// both ≥ 1 (each way to write a move has one form).
    Remove { take: u64, left: u64, middle: u64 },
}

/// A move: which heap (0-based) and what happens to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HeapMove {
    pub heap: usize,
    pub action: Action,
}

/// The largest heap a, if a heap of x splits into `count` consecutive heaps a, …, a − count + 1
/// (all ≥ 1).
pub fn stairs_top(x: u64, count: u64) -> Option<u64> {
    if count < 2 {
        return None;
    }
    // x = count·a − count(count − 1)/2, and the smallest heap a − count + 1 ≥ 1.
    let triangle = count.checked_mul(count - 1)? / 2;
    let sum = x.checked_add(triangle)?;
    (sum % count == 0 && sum / count >= count).then(|| sum / count)
}

/// The heaps a move leaves in place of a heap of `x` (empty pieces dropped; in board order).
pub fn pieces(rule: &Rule, x: u64, action: Action) -> Vec<u64> {
    let mut out = Vec::new();
    match action {
        Action::Take(t) => out.push(x - t),
        Action::Knock { count, left } => {
            out.push(left);
            out.push(x - left - count);
        }
        Action::Split { left } => {
            out.push(left);
            out.push(x - left);
        }
        Action::Multiply => {
            let k = match rule {
                Rule::Lieges { k } => *k,
                _ => 1,
            };
            out.extend(std::iter::repeat_n(x / 2, k as usize));
        }
        Action::Stairs { count } => {
            let top = stairs_top(x, count).unwrap_or(0);
            out.extend((0..count).map(|i| top - i));
        }
        Action::Remove { take, left, middle } => {
            out.push(left);
            out.push(middle);
            out.push(
                x.saturating_sub(take)
                    .saturating_sub(left)
                    .saturating_sub(middle),
            );
        }
    }
    out.retain(|&p| p > 0);
    out
}

/// A position of a heap game: the rule and the heaps, in board order. Heap numbers never
/// shift: an emptied heap stays where it is (as 0), and a split keeps its first piece in
/// place of the heap it splits and puts the others at the end.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Heaps {
    rule: Rule,
    heaps: Vec<u64>,
}

impl Heaps {
    /// A position, checked against the bounds: 1..=[`MAX_HEAPS`] heaps, each at most the
    /// rule's [`Rule::max_heap`]. (Misère Nim with no token left is a finished game, won by
    /// the player to move.)
    pub fn new(rule: Rule, heaps: Vec<u64>) -> Result<Heaps, Said> {
        if heaps.is_empty() {
            return Err(Said::new("said.heaps.none"));
        }
        if heaps.len() > MAX_HEAPS {
            return Err(Said::new("said.heaps.too_many")
                .with("count", heaps.len())
                .with("most", MAX_HEAPS));
        }
        if let Rule::Octal { code } = &rule {
            // The table grows to the largest heap (or proves a period) before the bound is read.
            let largest = heaps.iter().copied().max().unwrap_or(0);
            super::values::octal_table_covering(code, largest.min(MAX_PERIODIC_HEAP));
        }
        let max = rule.max_heap();
        if let Some((i, &x)) = heaps.iter().enumerate().find(|&(_, &x)| x > max) {
            let how = match rule.values_by() {
                ValuesBy::Formula => "said.heaps.by.formula",
                ValuesBy::Sieve => "said.heaps.by.sieve",
                ValuesBy::Table => "said.heaps.by.table",
            };
            return Err(Said::new("said.heaps.too_big")
                .with("number", i + 1)
                .with("size", x)
                .with("rule", rule.name())
                .with_said("how", Said::new(how))
                .with("most", power_words(max)));
        }
        Ok(Heaps { rule, heaps })
    }

    pub fn rule(&self) -> &Rule {
        &self.rule
    }

    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    /// All the tokens: up to 1000 heaps of 10^18, so more than a u64 holds.
    pub fn total(&self) -> u128 {
        self.heaps.iter().map(|&x| u128::from(x)).sum()
    }

    /// The legal moves of heap `i`, in order, at most `limit`, and whether there were more.
    pub fn heap_moves(&self, i: usize, limit: usize) -> (Vec<HeapMove>, bool) {
        let mut actions = self.heap_actions(i);
        let out: Vec<HeapMove> = actions
            .by_ref()
            .take(limit)
            .map(|action| HeapMove { heap: i, action })
            .collect();
        let more = out.len() == limit && actions.next().is_some();
        (out, more)
    }

    /// Heap `i`'s takes when they are every number from `low` to `high` (Nim, misère Nim,
    /// Bash, take l..r), so that they are counted and numbered by arithmetic (a heap of
    /// 10^18); `None` for the other rules, or a heap out of range.
    pub fn take_range(&self, i: usize) -> Option<(u64, u64)> {
        let x = *self.heaps.get(i)?;
        match &self.rule {
            Rule::Nim | Rule::Misere => Some((1, x)),
            Rule::Bash { m } => Some((1, x.min(*m))),
            Rule::TakeRange { l, r } => Some((*l, x.min(*r))),
            _ => None,
        }
    }

    /// The actions of heap `i`'s legal moves, in order, one at a time: a walk that stops
    /// early (a few winning moves of a Kayles row of 10^6) lists no more than it looks at.
    pub fn heap_actions(&self, i: usize) -> Box<dyn Iterator<Item = Action> + '_> {
        let Some(&x) = self.heaps.get(i) else {
            return Box::new(std::iter::empty());
        };
        match &self.rule {
            Rule::Subtraction { set } => Box::new(
                set.iter()
                    .take_while(move |&&t| t <= x)
                    .map(|&t| Action::Take(t)),
            ),
            Rule::Fibonacci => Box::new(fibonacci_up_to(x).into_iter().map(Action::Take)),
            Rule::TakeRange { l, r } => Box::new((*l..=x.min(*r)).map(Action::Take)),
            Rule::Nim | Rule::Misere | Rule::Bash { .. } | Rule::Coprime => {
                let most = match self.rule {
                    Rule::Bash { m } => x.min(m),
                    _ => x,
                };
                Box::new(
                    (1..=most)
                        .filter(move |&t| self.rule.allows_take(x, t))
                        .map(Action::Take),
                )
            }
            Rule::Lieges { .. } => {
                let take = (x >= 1).then_some(Action::Take(1));
                let multiply =
                    (x >= 2 && x % 2 == 0 && self.multiply_fits()).then_some(Action::Multiply);
                Box::new(take.into_iter().chain(multiply))
            }
            Rule::Kayles => Box::new((1..=2u64.min(x)).flat_map(move |count| {
                (0..=x - count).map(move |left| Action::Knock { count, left })
            })),
            Rule::Grundy => Box::new((1..x.div_ceil(2)).map(|left| Action::Split { left })),
            Rule::Octal { code } => Box::new(octal_actions(code, x)),
            Rule::Staircase => Box::new(
                (2..)
                    .take_while(move |&count: &u64| count * (count + 1) / 2 <= x)
                    .filter(move |&count| stairs_top(x, count).is_some())
                    .map(|count| Action::Stairs { count }),
            ),
        }
    }

    /// Whether a Lieges move (one heap becomes k) keeps the position within [`MAX_HEAPS`].
    fn multiply_fits(&self) -> bool {
        match self.rule {
            Rule::Lieges { k } => self.heaps.len() - 1 + k as usize <= MAX_HEAPS,
            _ => false,
        }
    }
}

/// The moves of an octal heap of `x`, lazily (a heap of 10^18 lists no more than is asked):
/// by take, and for each take no heap or one heap first, then the two-heap splits by their
/// left heap, then the three-heap ones. A split is listed once per position it leaves, its
/// heaps smallest first (`1 + 2 + 17`, never also `2 + 1 + 17`): the heaps of a position are
/// independent, so the order of the pieces is no other move.
fn octal_actions(code: &OctalCode, x: u64) -> impl Iterator<Item = Action> + '_ {
    let most = code.max_take().map_or(x, |t| t.min(x));
    (0..=most).flat_map(move |take| {
        let rest = x - take;
        let whole = (take > 0 && (code.allows(x, take, 0) || code.allows(x, take, 1))).then_some(
            Action::Remove {
                take,
                left: 0,
                middle: 0,
            },
        );
        let two = code
            .allows(x, take, 2)
            .then(|| {
                (1..=rest / 2).map(move |left| Action::Remove {
                    take,
                    left,
                    middle: 0,
                })
            })
            .into_iter()
            .flatten();
        let three = code
            .allows(x, take, 3)
            .then(|| {
                (1..=rest / 3).flat_map(move |left| {
                    (left..=(rest - left) / 2).map(move |middle| Action::Remove {
                        take,
                        left,
                        middle,
                    })
                })
            })
            .into_iter()
            .flatten();
        whole.into_iter().chain(two).chain(three)
    })
}

/// How many non-empty heaps a `Remove` leaves from a heap of `x`, if it is written in its one
/// form and fits the heap.
pub fn remove_pieces(x: u64, take: u64, left: u64, middle: u64) -> Option<u32> {
    let rest = x.checked_sub(take)?;
    match (left, middle) {
        (0, 0) => Some(u32::from(rest > 0)),
        (0, _) => None,
        (_, 0) => (left < rest).then_some(2),
        _ => (left.checked_add(middle)? < rest).then_some(3),
    }
}

fn pieces_of_remove(x: u64, take: u64, left: u64, middle: u64) -> Vec<u64> {
    let mut out = vec![
        left,
        middle,
        x.saturating_sub(take)
            .saturating_sub(left)
            .saturating_sub(middle),
    ];
    out.retain(|&p| p > 0);
    out
}

fn pieces_said(pieces: &[u64]) -> Said {
    if pieces.is_empty() {
        return Said::new("said.move.leaves_nothing");
    }
    Said::new("said.move.leaves_heaps").with(
        "heaps",
        pieces
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" + "),
    )
}

/// The number of partitions of all n ≤ `total` (multisets of positive sizes summing to at
/// most `total`), saturating: p(n) counted part size by part size, summed.
fn partitions_up_to(total: u64) -> u128 {
    // p(400) is about 7·10^18: past that the count saturates anyway.
    if total > 400 {
        return u128::MAX;
    }
    let n = total as usize;
    let mut p = vec![0u128; n + 1];
    p[0] = 1;
    for part in 1..=n {
        for m in part..=n {
            p[m] = p[m].saturating_add(p[m - part]);
        }
    }
    p.iter().fold(0u128, |acc, &x| acc.saturating_add(x))
}

impl Position for Heaps {
    type Move = HeapMove;

    fn legal_moves(&self) -> Vec<HeapMove> {
        (0..self.heaps.len())
            .flat_map(|i| self.heap_moves(i, usize::MAX).0)
            .collect()
    }

    fn check_move(&self, mv: &HeapMove) -> Result<(), IllegalMove> {
        let Some(&x) = self.heaps.get(mv.heap) else {
            return Err(IllegalMove::new(
                Said::new("said.move.no_heap")
                    .with("number", mv.heap + 1)
                    .with("count", self.heaps.len()),
            ));
        };
        let name = self.rule.name();
        let bad = |why: Said| Err(IllegalMove::new(why));
        match (mv.action, &self.rule) {
            (Action::Take(t), _)
                if self.rule.takes_only() || matches!(self.rule, Rule::Lieges { .. }) =>
            {
                if t == 0 || t > x {
                    return bad(Said::new("said.move.take_too_many")
                        .with("number", mv.heap + 1)
                        .with("size", x)
                        .with("take", t));
                }
                if !self.rule.allows_take(x, t) {
                    return bad(Said::new("said.move.take_not_allowed")
                        .with("rule", name)
                        .with("take", t)
                        .with("size", x));
                }
                Ok(())
            }
            (Action::Knock { count, left }, Rule::Kayles) => {
                if !(1..=2).contains(&count) || left.checked_add(count).is_none_or(|end| end > x) {
                    return bad(Said::new("said.move.no_pins")
                        .with("size", x)
                        .with("count", count)
                        .with("left", left));
                }
                Ok(())
            }
            (Action::Split { left }, Rule::Grundy) => {
                if left == 0 || left.saturating_mul(2) >= x {
                    return bad(Said::new("said.move.grundy_split")
                        .with("size", x)
                        .with("left", left)
                        .with("right", x.saturating_sub(left)));
                }
                Ok(())
            }
            (Action::Multiply, Rule::Lieges { k }) => {
                if x == 0 || x % 2 == 1 {
                    return bad(Said::new("said.move.lieges_odd")
                        .with("k", k)
                        .with("size", x));
                }
                if !self.multiply_fits() {
                    return bad(Said::new("said.move.too_many_heaps").with("most", MAX_HEAPS));
                }
                Ok(())
            }
            (Action::Stairs { count }, Rule::Staircase) => match stairs_top(x, count) {
                Some(_) => Ok(()),
                None => bad(Said::new("said.move.staircase")
                    .with("size", x)
                    .with("count", count)),
            },
            (Action::Remove { take, left, middle }, Rule::Octal { code }) => {
                let pieces = remove_pieces(x, take, left, middle);
                match pieces {
                    Some(k) if code.allows(x, take, k) => Ok(()),
                    _ => bad(Said::new("said.move.octal_leaves")
                        .with("rule", name)
                        .with("take", take)
                        .with("size", x)
                        .with_said(
                            "left",
                            pieces_said(&pieces_of_remove(x, take, left, middle)),
                        )),
                }
            }
            (action, _) => bad(Said::new("said.move.no_such_move")
                .with("rule", name)
                .with("action", format!("{action:?}"))),
        }
    }

    /// The first piece of the heap moved stays in its place (an emptied heap stays as 0); the
    /// other pieces of a split go to the end: no heap (no Kayles row) changes its number.
    fn play_unchecked(&self, mv: &HeapMove) -> Heaps {
        let x = self.heaps[mv.heap];
        let mut heaps = self.heaps.clone();
        let new = pieces(&self.rule, x, mv.action);
        heaps[mv.heap] = new.first().copied().unwrap_or(0);
        heaps.extend(new.iter().skip(1));
        Heaps {
            rule: self.rule.clone(),
            heaps,
        }
    }

    fn is_over(&self) -> bool {
        (0..self.heaps.len()).all(|i| self.heap_moves(i, 1).0.is_empty())
    }

    /// Misère Nim: whoever took the last token has lost.
    fn mover_wins_when_over(&self) -> bool {
        self.rule == Rule::Misere
    }

    /// The heaps sorted, largest first, without the empty ones (one heap of 0 if all are):
    /// the heaps of a position are independent, so their order does not change who wins or
    /// how fast. `None` when they are so already.
    fn canonical(&self) -> Option<Heaps> {
        let standard = match self.heaps.as_slice() {
            [0] => true,
            heaps => heaps.windows(2).all(|w| w[0] >= w[1]) && heaps.last() != Some(&0),
        };
        if standard {
            return None;
        }
        let mut heaps: Vec<u64> = self.heaps.iter().copied().filter(|&x| x > 0).collect();
        heaps.sort_unstable_by(|a, b| b.cmp(a));
        if heaps.is_empty() {
            heaps.push(0);
        }
        Some(Heaps {
            rule: self.rule.clone(),
            heaps,
        })
    }

    fn reachable_bound(&self) -> Option<u128> {
        if !self.rule.takes_only() {
            // Kayles, Grundy's game and the staircase split never add tokens: a canonical
            // position reachable from here is a multiset of heap sizes summing to at most
            // the total, a partition of some n ≤ total (octal games too). Lieges may add
            // tokens: unknown.
            return match self.rule {
                Rule::Lieges { .. } => None,
                _ => Some(partitions_up_to(
                    u64::try_from(self.total()).unwrap_or(u64::MAX),
                )),
            };
        }
        Some(
            self.heaps
                .iter()
                .fold(1u128, |acc, &x| acc.saturating_mul(u128::from(x) + 1)),
        )
    }

    /// Where a move lowers the tokens by exactly one (take one, knock down an end pin), every
    /// total down to 0 is met; Grundy's game splits off heaps of 1, one more each move.
    /// Canonical forms keep both counts, so these positions are distinct.
    fn reachable_at_least(&self) -> Option<u128> {
        let total = self.total();
        match &self.rule {
            Rule::Nim
            | Rule::Misere
            | Rule::Bash { .. }
            | Rule::Fibonacci
            | Rule::Coprime
            | Rule::Lieges { .. }
            | Rule::Kayles
            | Rule::TakeRange { l: 1, .. } => Some(total + 1),
            Rule::Subtraction { set } if set.first() == Some(&1) => Some(total + 1),
            Rule::Grundy => Some(
                self.heaps
                    .iter()
                    .map(|&x| u128::from(x.saturating_sub(2)))
                    .sum::<u128>()
                    + 1,
            ),
            _ => None,
        }
    }

    fn heap_bytes(&self) -> usize {
        self.heaps.capacity() * 8
    }

    fn moves_bound(&self) -> Option<u128> {
        match &self.rule {
            Rule::Lieges { .. } => None,
            // A heap of x has at most x + 1 takes, each with at most x splits (x² for
            // three heaps).
            Rule::Octal { code } => Some(
                self.heaps
                    .iter()
                    .map(|&x| {
                        let x = u128::from(x) + 1;
                        match code.most_pieces() {
                            3 => x.saturating_mul(x).saturating_mul(x),
                            _ => x.saturating_mul(x),
                        }
                    })
                    .fold(0u128, |a, b| a.saturating_add(b))
                    .max(1),
            ),
            _ => Some(
                self.heaps
                    .iter()
                    .map(|&x| 2 * u128::from(x))
                    .sum::<u128>()
                    .max(1),
            ),
        }
    }
}
