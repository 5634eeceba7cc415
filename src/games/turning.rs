//! Coin-turning games (*Winning Ways* ch. 14): a row of coins 1..n, each heads (H) or tails
//! (T). A move turns over a set of coins whose rightmost (largest) coin goes from tails to
//! heads; the others turn whichever way they show. Who cannot move (no tails coin) loses. The
//! rule says which sets may be turned:
//!
//! | rule | code | a move turns | coin n is worth |
//! |---|---|---|---|
//! | Turning Turtles | `turtles:THHT` | coin n, and perhaps one coin left of it | n (it is Nim) |
//! | Mock Turtles | `mock:THHT` | coin n, and perhaps one or two coins left of it | the n-th odious number |
//! | ruler game | `ruler:THHT` | a run of consecutive coins ending at n | lowbit(n), the largest power of 2 dividing n |
//!
//! A coin-turning position is a sum of its tails coins (each tails coin alone is a game; two
//! tails coins on one square would cancel, as values do under XOR), so its value is the XOR of
//! the values of its tails coins. The coin row of SDOI 2016 ([`crate::games::coins`]) is one
//! more game of this family. The values here are formulas; `tests/engine/turning.rs` checks
//! them against values by mex over the rules' moves and a game-tree search of whole rows.

use rand::{Rng, RngExt};

use crate::game::{CodeError, IllegalMove, Impartial, Notation, Position, shorten_code};
use crate::games::Face;
use crate::games::catalogue::{Catalogued, RuleEntry};
use crate::message::Said;
use crate::message::{Msg, PartName};
use crate::nimber::Nimber;

/// At most this many coins in a row.
pub const MAX_COINS: usize = 10_000;

/// Which sets of coins a move may turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TurnRule {
    /// One coin, or two.
    Turtles,
    /// One, two or three coins.
    Mock,
    /// A run of consecutive coins.
    Ruler,
}

impl TurnRule {
    /// The names codes start with, in the menu's order.
    pub const NAMES: [&'static str; 3] = ["turtles", "mock", "ruler"];

    pub fn name(self) -> &'static str {
        match self {
            TurnRule::Turtles => "turtles",
            TurnRule::Mock => "mock",
            TurnRule::Ruler => "ruler",
        }
    }

    fn of_name(name: &str) -> Option<TurnRule> {
        match name {
            "turtles" => Some(TurnRule::Turtles),
            "mock" => Some(TurnRule::Mock),
            "ruler" => Some(TurnRule::Ruler),
            _ => None,
        }
    }

    /// The value of a lone tails coin `n` (from 1).
    pub fn coin_value(self, n: u64) -> u64 {
        match self {
            TurnRule::Turtles => n,
            TurnRule::Mock => odious(n),
            TurnRule::Ruler => n & n.wrapping_neg(),
        }
    }
}

/// The n-th odious number (n ≥ 1; odd count of binary ones): 1, 2, 4, 7, 8, 11, 13, 14, …
/// Of 2(n − 1) and 2(n − 1) + 1 exactly one is odious.
pub fn odious(n: u64) -> u64 {
    let even = 2 * (n - 1);
    if even.count_ones() % 2 == 1 {
        even
    } else {
        even + 1
    }
}

/// The coin whose lone value under Mock Turtles is `value`, if `value` is odious.
fn odious_index(value: u64) -> Option<u64> {
    (value.count_ones() % 2 == 1).then_some(value / 2 + 1)
}

/// A move: turn `right` (a tails coin, from 1) and the coins of `shape` left of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TurnMove {
    pub right: u32,
    pub shape: Shape,
}

/// The coins a move turns besides its rightmost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// Up to two more coins, larger first, 0 for none (Turning and Mock Turtles).
    Coins([u32; 2]),
    /// A run of this many coins in all, the rightmost included (the ruler game).
    Run(u32),
}

impl TurnMove {
    /// Every coin the move turns, rightmost first.
    pub fn coins(&self) -> Vec<u32> {
        match self.shape {
            Shape::Coins(others) => std::iter::once(self.right)
                .chain(others.into_iter().filter(|&c| c > 0))
                .collect(),
            Shape::Run(len) => (0..len).map(|i| self.right - i).collect(),
        }
    }
}

/// A row of coins under one of the rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Turning {
    rule: TurnRule,
    /// Coin i + 1 shows tails.
    tails: Vec<bool>,
}

impl Turning {
    pub fn new(rule: TurnRule, faces: &[Face]) -> Result<Turning, Said> {
        if faces.is_empty() || faces.len() > MAX_COINS {
            return Err(Said::new("said.turning.coin_count")
                .with("most", MAX_COINS)
                .with("count", faces.len()));
        }
        Ok(Turning {
            rule,
            tails: faces.iter().map(|&f| f == Face::Tails).collect(),
        })
    }

    pub fn rule(&self) -> TurnRule {
        self.rule
    }

    /// The faces of coins 1..n.
    pub fn faces(&self) -> Vec<Face> {
        self.tails
            .iter()
            .map(|&t| if t { Face::Tails } else { Face::Heads })
            .collect()
    }

    /// The faces as letters, `HTTH`.
    pub fn letters(&self) -> String {
        self.faces().into_iter().map(Face::letter).collect()
    }

    pub fn len(&self) -> usize {
        self.tails.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tails.is_empty()
    }

    fn is_tails(&self, coin: u32) -> bool {
        coin >= 1 && self.tails.get(coin as usize - 1).copied().unwrap_or(false)
    }

    fn value(&self, coin: u32) -> u64 {
        self.rule.coin_value(u64::from(coin))
    }

    /// Up to `limit` moves whose rightmost coin is `right`, and whether there were more.
    fn moves_at(&self, right: u32, limit: usize) -> (Vec<TurnMove>, bool) {
        let mut out = Vec::new();
        if !self.is_tails(right) {
            return (out, false);
        }
        let mut push = |shape: Shape| {
            if out.len() >= limit {
                return false;
            }
            out.push(TurnMove { right, shape });
            true
        };
        match self.rule {
            TurnRule::Ruler => {
                for len in 1..=right {
                    if !push(Shape::Run(len)) {
                        return (out, true);
                    }
                }
            }
            TurnRule::Turtles | TurnRule::Mock => {
                if !push(Shape::Coins([0, 0])) {
                    return (out, true);
                }
                for a in (1..right).rev() {
                    if !push(Shape::Coins([a, 0])) {
                        return (out, true);
                    }
                    if self.rule == TurnRule::Mock {
                        for b in (1..a).rev() {
                            if !push(Shape::Coins([a, b])) {
                                return (out, true);
                            }
                        }
                    }
                }
            }
        }
        (out, false)
    }

    /// The change of value a move makes: the XOR of the values of every coin it turns.
    fn change(&self, mv: &TurnMove) -> u64 {
        mv.coins().into_iter().fold(0, |acc, c| acc ^ self.value(c))
    }

    /// The moves at `right` whose change of value is `wanted`, found by arithmetic: the
    /// other coins must be worth `wanted` XOR the rightmost's value together.
    fn moves_changing_by(&self, right: u32, wanted: u64, limit: usize) -> Vec<TurnMove> {
        let mut out = Vec::new();
        if !self.is_tails(right) {
            return out;
        }
        let rest = wanted ^ self.value(right);
        let coin_worth = |v: u64| -> Option<u32> {
            let c = match self.rule {
                TurnRule::Turtles => Some(v),
                TurnRule::Mock => odious_index(v),
                TurnRule::Ruler => None,
            }?;
            u32::try_from(c).ok().filter(|&c| c >= 1 && c < right)
        };
        match self.rule {
            TurnRule::Ruler => {
                let mut acc = 0;
                for len in 1..=right {
                    if len > 1 {
                        acc ^= self.value(right - len + 1);
                    }
                    if acc == rest {
                        out.push(TurnMove {
                            right,
                            shape: Shape::Run(len),
                        });
                    }
                }
            }
            TurnRule::Turtles | TurnRule::Mock => {
                if rest == 0 {
                    out.push(TurnMove {
                        right,
                        shape: Shape::Coins([0, 0]),
                    });
                }
                if let Some(a) = coin_worth(rest) {
                    out.push(TurnMove {
                        right,
                        shape: Shape::Coins([a, 0]),
                    });
                }
                if self.rule == TurnRule::Mock {
                    for a in (1..right).rev() {
                        if let Some(b) = coin_worth(rest ^ self.value(a)).filter(|&b| b < a) {
                            out.push(TurnMove {
                                right,
                                shape: Shape::Coins([a, b]),
                            });
                        }
                    }
                }
            }
        }
        out.truncate(limit);
        out
    }

    /// Tails coins, from 1.
    fn tails_coins(&self) -> impl Iterator<Item = u32> + '_ {
        (1..=self.tails.len() as u32).filter(|&c| self.is_tails(c))
    }
}

impl Position for Turning {
    type Move = TurnMove;

    fn legal_moves(&self) -> Vec<TurnMove> {
        self.tails_coins()
            .flat_map(|c| self.moves_at(c, usize::MAX).0)
            .collect()
    }

    fn check_move(&self, mv: &TurnMove) -> Result<(), IllegalMove> {
        if !self.is_tails(mv.right) {
            return Err(IllegalMove(
                Said::new("said.move.turning_not_tails").with("coin", mv.right),
            ));
        }
        match (self.rule, mv.shape) {
            (TurnRule::Ruler, Shape::Run(len)) if (1..=mv.right).contains(&len) => Ok(()),
            (TurnRule::Turtles, Shape::Coins([a, 0])) if a < mv.right => Ok(()),
            (TurnRule::Mock, Shape::Coins([a, b]))
                if a < mv.right && (b < a || b == 0) && (a > 0 || b == 0) =>
            {
                Ok(())
            }
            _ => Err(IllegalMove(
                Said::new("said.turning.not_a_move")
                    .with("rule", self.rule.name())
                    .with(
                        "coins",
                        mv.coins()
                            .iter()
                            .map(u32::to_string)
                            .collect::<Vec<_>>()
                            .join(" "),
                    ),
            )),
        }
    }

    fn play_unchecked(&self, mv: &TurnMove) -> Turning {
        let mut next = self.clone();
        for c in mv.coins() {
            let i = c as usize - 1;
            next.tails[i] = !next.tails[i];
        }
        next
    }

    fn is_over(&self) -> bool {
        !self.tails.contains(&true)
    }

    /// Coins right of the last tails coin never change: dropped.
    fn canonical(&self) -> Option<Turning> {
        let last = self.tails.iter().rposition(|&t| t).map_or(1, |i| i + 1);
        (last < self.tails.len()).then(|| Turning {
            rule: self.rule,
            tails: self.tails[..last].to_vec(),
        })
    }

    /// Rows of faces of the coins up to the last tails one.
    fn reachable_bound(&self) -> Option<u128> {
        let last = self.tails.iter().rposition(|&t| t).map_or(0, |i| i + 1);
        // Past 127 coins the bound does not fit: as good as unbounded (an unknown bound would
        // let the exact search start on 10 000 coins and list millions of moves).
        Some(1u128.checked_shl(last as u32).unwrap_or(u128::MAX))
    }

    fn moves_bound(&self) -> Option<u128> {
        let n = self.tails.len() as u128;
        Some(match self.rule {
            TurnRule::Mock => n * n * n,
            _ => n * n,
        })
    }

    fn heap_bytes(&self) -> usize {
        self.tails.capacity()
    }
}

impl Impartial for Turning {
    /// A tails coin, from 1.
    type Part = usize;

    fn parts(&self) -> Vec<(usize, Nimber)> {
        self.tails_coins()
            .map(|c| (c as usize, Nimber::new(self.value(c))))
            .collect()
    }

    fn nim_sum_change(&self, mv: &TurnMove) -> Nimber {
        Nimber::new(self.change(mv))
    }

    fn nim_sum_after(&self, mv: &TurnMove) -> Nimber {
        self.nim_sum() + self.nim_sum_change(mv)
    }

    fn describe_part(&self, coin: usize) -> Msg {
        Msg::Part(PartName::Coin { coin: coin as u32 })
    }

    fn part_of(&self, mv: &TurnMove) -> usize {
        mv.right as usize
    }

    fn moves_of(&self, coin: usize, limit: usize) -> (Vec<TurnMove>, bool) {
        match u32::try_from(coin) {
            Ok(coin) => self.moves_at(coin, limit),
            Err(_) => (Vec::new(), false),
        }
    }

    /// Straight to the coins wanted at each tails coin (see `Turning::moves_changing_by`).
    fn moves_to_nim_sum(&self, target: Nimber, limit: usize) -> Vec<TurnMove> {
        let Some(wanted) = (self.nim_sum() + target).to_u64() else {
            return Vec::new();
        };
        if wanted == 0 {
            return Vec::new();
        }
        let mut found = Vec::new();
        for c in self.tails_coins().collect::<Vec<_>>().into_iter().rev() {
            if found.len() >= limit {
                break;
            }
            found.extend(self.moves_changing_by(c, wanted, limit - found.len()));
        }
        found
    }

    fn count_moves_to_nim_sum(&self, target: Nimber) -> (usize, bool) {
        (self.moves_to_nim_sum(target, usize::MAX).len(), true)
    }

    /// Loses slowly: turn the leftmost tails coin alone (the smallest change).
    fn stalling_move<R: Rng + ?Sized>(&self, _rng: &mut R) -> Option<TurnMove> {
        let right = self.tails_coins().next()?;
        Some(match self.rule {
            TurnRule::Ruler => TurnMove {
                right,
                shape: Shape::Run(1),
            },
            _ => TurnMove {
                right,
                shape: Shape::Coins([0, 0]),
            },
        })
    }
}

impl Notation for Turning {
    const GAME: &'static str = "turning";

    /// `turtles:FACES`, `mock:FACES` or `ruler:FACES`, the faces H or T of coins 1..n.
    fn from_code(code: &str) -> Result<Turning, CodeError> {
        let (name, faces) = code
            .split_once(':')
            .ok_or_else(|| CodeError::new(1, Said::new("said.turning.shape")))?;
        let rule = TurnRule::of_name(name).ok_or_else(|| {
            CodeError::new(
                1,
                Said::new("said.turning.unknown_rule").with("name", shorten_code(name, 20)),
            )
        })?;
        let start = name.chars().count() + 2;
        let mut out = Vec::new();
        for (i, ch) in faces.chars().enumerate() {
            out.push(match ch {
                'H' => Face::Heads,
                'T' => Face::Tails,
                other => {
                    return Err(CodeError::new(
                        start + i,
                        Said::new("said.turning.face").with("char", other.escape_default()),
                    ));
                }
            });
        }
        Turning::new(rule, &out).map_err(|e| CodeError::new(start, e))
    }

    fn to_code(&self) -> String {
        format!("{}:{}", self.rule.name(), self.letters())
    }

    fn describe_move(&self, mv: &TurnMove) -> Msg {
        Msg::Turn {
            coins: mv.coins().into_iter().map(u64::from).collect(),
        }
    }

    /// `turn 7 4 2` (the coins, rightmost first).
    fn move_code(&self, mv: &TurnMove) -> String {
        let coins: Vec<String> = mv.coins().iter().map(u32::to_string).collect();
        format!("turn {}", coins.join(" "))
    }

    fn parse_move(&self, text: &str) -> Result<TurnMove, IllegalMove> {
        let text = text.trim();
        let bad = || {
            IllegalMove(Said::new("said.turning.move_form").with("text", shorten_code(text, 40)))
        };
        let coins: Vec<u32> = text
            .strip_prefix("turn ")
            .ok_or_else(bad)?
            .split_whitespace()
            .map(|c| c.parse::<u32>().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        let (&right, others) = coins.split_first().ok_or_else(bad)?;
        let shape = match self.rule {
            TurnRule::Ruler => {
                let len = coins.len() as u32;
                if coins
                    .iter()
                    .enumerate()
                    .any(|(i, &c)| c + i as u32 != right)
                {
                    return Err(bad());
                }
                Shape::Run(len)
            }
            _ => match others {
                [] => Shape::Coins([0, 0]),
                [a] => Shape::Coins([*a, 0]),
                [a, b] => Shape::Coins([*a, *b]),
                _ => return Err(bad()),
            },
        };
        Ok(TurnMove { right, shape })
    }
}

impl Catalogued for Turning {
    const ENTRY: Option<RuleEntry> = Some(RuleEntry {
        name: "mock",
        title: "Mock Turtles",
        rule: "turn 1 to 3 coins, the rightmost from tails to heads",
        start: "mock:HTTHTHHTHT",
    });

    fn puzzle<R: Rng + ?Sized>(name: &str, d: usize, rng: &mut R) -> Turning {
        let rule = TurnRule::of_name(name).unwrap_or(TurnRule::Mock);
        let n = [6, 9, 12, 16, 24][d - 1];
        let mut faces: Vec<Face> = (0..n)
            .map(|_| {
                if rng.random_bool(0.4) {
                    Face::Tails
                } else {
                    Face::Heads
                }
            })
            .collect();
        faces[n - 1] = Face::Tails;
        Turning::new(rule, &faces).expect("generated rows are in bounds")
    }
}
