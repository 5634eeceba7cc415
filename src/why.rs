//! Why a part has its value, as a value: a [`Derivation`] lists the part's options (the moves
//! made with it), what each leaves in its place (for a split, the pieces and their XOR), the set
//! of their values and its mex, and for games with a formula the formula with this part's
//! numbers filled in. Nothing here is a sentence: the interface renders a derivation in the
//! reader's language (the command line's `analyze --why`).

use std::collections::HashSet;

use crate::game::{Impartial, Notation};
use crate::games::heaps::{Heaps, Rule};
use crate::games::sum::{Component, Sum};
use crate::games::{
    AnyPosition, anti, coins, dag, dawson, dodgeball, ed, every, fibnim, grid, heaps, nimk, stairs,
    turning, with_position, wythoff,
};
use crate::message::Msg;
use crate::nimber::{Nimber, mex};

/// The part a derivation is about, with the numbers that name it (1-based, as boards show).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PartName {
    /// Heap `number` of a heap game (a row of pins in Kayles), `size` tokens.
    Heap { number: usize, size: u64 },
    /// Row `number` of Dawson's Kayles, `pins` pins.
    PinRow { number: usize, pins: u64 },
    /// A tails coin of the coin row.
    Coin { coin: u32 },
    /// A tails cell of the coin grid.
    Cell { row: usize, col: usize },
    /// The piece in a box of Binary Dodgeball.
    Box { number: usize },
    /// A stair of Stair Nim and its balls.
    Stair { stair: usize, balls: u64 },
    /// Pair `number` of E&D.
    Pair { number: usize, x: u64, y: u64 },
    /// Token `number` of a DAG, on `vertex`.
    Token { number: usize, vertex: u32 },
    /// Queen `number` of Wythoff's game.
    Queen { number: usize, a: u64, b: u64 },
    /// The heap of Fibonacci Nim and the most the next take may be.
    FibHeap { heap: u64, limit: u64 },
    /// Component `number` of a sum, by its code.
    Component { number: usize, code: String },
}

/// What an option leaves in the part's place: one piece, several (a split), or none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    /// A heap (a row of pins in Kayles) of `size`.
    Heap { size: u64 },
    /// A coin the move turns besides the chosen one: its value as a lone T.
    Coin { coin: u32 },
    /// A cell the move turns besides the anchor.
    Cell { row: usize, col: usize },
    /// The box the piece lands in (or empties, on a collision: the same change of value).
    Box { number: usize },
    /// An even stair left with `balls` after carrying balls down from it.
    Stair { stair: usize, balls: u64 },
    /// Carrying balls down from an odd stair raises the even stair below from `from` to `to`:
    /// the change of value is `from ⊕ to`.
    StairRaised { stair: usize, from: u64, to: u64 },
    /// The pair a split leaves in E&D.
    Pair { x: u64, y: u64 },
    /// The vertex a token slides to.
    Vertex { vertex: u32 },
    /// The square a queen goes to.
    Queen { a: u64, b: u64 },
    /// The heap left in Fibonacci Nim and the next limit.
    FibHeap { heap: u64, limit: u64 },
    /// A sum's component after the move, by its code.
    Component { code: String },
}

/// A formula that gives the part's value, with this part's numbers filled in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Formula {
    /// Nim: SG(x) = x.
    Nim { x: u64 },
    /// Bash, take 1..m: SG(x) = x mod (m + 1).
    Bash { x: u64, m: u64 },
    /// Take l..r: SG(x) = ⌊(x mod (l + r)) / l⌋.
    TakeRange { x: u64, l: u64, r: u64 },
    /// Kayles past the table: the value of a row of `x` is that of `same_as` (period 12 from 71).
    KaylesPeriod { x: u64, same_as: u64 },
    /// An octal game past its table: its proved period P from N0 gives SG(x) = SG(same_as),
    /// same_as = N0 + (x − N0) mod P.
    OctalPeriod {
        x: u64,
        same_as: u64,
        period: u64,
        from: u64,
        value: u64,
    },
    /// An octal game past its table with a proved arithmetic period: SG(x) = SG(same_as) +
    /// blocks·S, same_as = N0 + (x − N0) mod P, blocks = ⌊(x − N0)/P⌋; G(n + P) = G(n) + S was
    /// checked for N0 ≤ n ≤ `checked_to`.
    OctalSaltus {
        x: u64,
        same_as: u64,
        period: u64,
        saltus: u64,
        from: u64,
        checked_to: u64,
        blocks: u64,
        value: u64,
    },
    /// Lieges of Legendre: a split into k heaps of y is worth 0 for even k, SG(y) for odd k.
    Lieges { k: u64, x: u64 },
    /// Coprime takes: 0 and even heaps 0, 1 → 1, odd x → the index among the primes of its
    /// least prime factor `least_prime`.
    Coprime { x: u64, least_prime: u64 },
    /// Misère Nim: the heap's normal-play value is x, but the game is decided by [`WinRule`].
    MisereNim { x: u64 },
    /// The coin row: a coin c·2^a·3^b is worth what every coin of class (a, b) is worth.
    CoinClass {
        coin: u32,
        c: u32,
        a: u32,
        b: u32,
        maxq: u32,
    },
    /// The coin grid: on row 1 or column 1, lowbit(i + j − 1); inside, 2^(i + j − 2).
    GridCell { row: usize, col: usize, edge: bool },
    /// Binary Dodgeball: a piece in box i of n is a Nim heap of ⌊log2(n / i)⌋ doublings left.
    DodgeballChain { number: usize, boxes: usize },
    /// Stair Nim: an even stair is a Nim heap of its balls; an odd stair is a reserve worth 0.
    StairNim { stair: usize, balls: u64 },
    /// E&D: the index of the lowest 0 bit of (x − 1) | (y − 1).
    EdLowestZeroBit { x: u64, y: u64 },
    /// Wythoff: (a, b) is lost exactly when it is (⌊kφ⌋, ⌊kφ⌋ + k) for k = |a − b|, in either
    /// order; `lower` is ⌊kφ⌋.
    WythoffBeatty { a: u64, b: u64, k: u64, lower: u64 },
    /// Fibonacci Nim: the player to move wins exactly when the smallest Zeckendorf term of the
    /// heap is at most the limit.
    Zeckendorf {
        heap: u64,
        limit: u64,
        terms: Vec<u64>,
    },
    /// A coin-turning game's coin: Turning Turtles n, Mock Turtles the n-th odious number,
    /// the ruler game lowbit(n).
    TurningCoin { rule: turning::TurnRule, coin: u64 },
    /// A sum's component: the XOR of its own parts' values (the SG theorem).
    SumOfParts { values: Vec<Nimber> },
}

impl Formula {
    /// The value the formula gives from its own numbers (`None`: the formula decides only who
    /// wins, not the value). Tests compare it with the engine's value.
    pub fn evaluate(&self) -> Option<Nimber> {
        let n = |v: u64| Some(Nimber::new(v));
        match self {
            Formula::Nim { x } | Formula::MisereNim { x } => n(*x),
            Formula::Bash { x, m } => n(x % (m + 1)),
            Formula::TakeRange { x, l, r } => n((x % (l + r)) / l),
            Formula::KaylesPeriod { same_as, .. } => n(heaps::heap_value(&Rule::Kayles, *same_as)),
            Formula::OctalPeriod { value, .. } | Formula::OctalSaltus { value, .. } => n(*value),
            Formula::Lieges { .. } => None,
            Formula::Coprime { x, least_prime } => match x {
                0 => n(0),
                1 => n(1),
                _ if x % 2 == 0 => n(0),
                _ => n((2..=*least_prime).filter(|&p| is_prime(p)).count() as u64),
            },
            Formula::CoinClass { a, b, maxq, .. } => {
                Some(coins::values::class_value(*a, *b, *maxq))
            }
            Formula::GridCell { row, col, edge } => Some(if *edge {
                Nimber::power_of_two((row + col - 1).trailing_zeros())
            } else {
                Nimber::power_of_two((row + col - 2) as u32)
            }),
            Formula::DodgeballChain { number, boxes } => n(u64::from((boxes / number).ilog2())),
            Formula::StairNim { stair, balls } => n(if stair % 2 == 0 { *balls } else { 0 }),
            Formula::EdLowestZeroBit { x, y } => n(u64::from(((x - 1) | (y - 1)).trailing_ones())),
            Formula::WythoffBeatty { .. } | Formula::Zeckendorf { .. } => None,
            Formula::TurningCoin { rule, coin } => n(rule.coin_value(*coin)),
            Formula::SumOfParts { values } => Some(values.iter().copied().sum()),
        }
    }

    /// Whether the formula says the part alone is lost for the player to move, where it decides
    /// that without a value (Wythoff's pairs, Zeckendorf's rule).
    pub fn lost(&self) -> Option<bool> {
        match self {
            Formula::WythoffBeatty { a, b, k, lower } => {
                Some(*a.min(b) == *lower && a.abs_diff(*b) == *k)
            }
            Formula::Zeckendorf { limit, terms, .. } => {
                Some(terms.last().is_none_or(|smallest| smallest > limit))
            }
            _ => self.evaluate().map(Nimber::is_zero),
        }
    }
}

fn is_prime(p: u64) -> bool {
    p >= 2
        && (2..)
            .take_while(|d| d * d <= p)
            .all(|d| !p.is_multiple_of(d))
}

fn least_prime_factor(x: u64) -> u64 {
    (2..)
        .take_while(|d| d * d <= x)
        .find(|d| x.is_multiple_of(*d))
        .unwrap_or(x)
}

/// A game's own rule where the nim-sum does not decide (misère Nim).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WinRule {
    /// Some heap is larger than 1: as in Nim, the player to move wins iff the nim-sum ≠ 0.
    MisereLikeNim { nim_sum: u64 },
    /// Every heap is 0 or 1: the player to move wins iff the number of 1-heaps is even.
    MisereOnes { ones: usize },
}

/// One option of the part: the move and what it leaves in the part's place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move in the game's move notation.
    pub mv: String,
    /// The move as the move list says it, for the interface to word in the reader's language.
    pub said: Msg,
    /// The pieces left in the part's place, each with its value where known.
    pub pieces: Vec<(Piece, Option<Nimber>)>,
    /// The option's value: the XOR of the pieces' values (`None` past a value table).
    pub value: Option<Nimber>,
    /// Whether the part alone would be lost for the opponent after the move.
    pub to_lost: bool,
}

/// How many options a part has: all counted, or at least this many (too many to walk).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    Exactly(usize),
    AtLeast(usize),
}

/// Why a part has its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Derivation {
    pub part: PartName,
    /// The heap game's rule, for a heap part.
    pub rule: Option<Rule>,
    /// The engine's value of the part (`None` past a value table).
    pub value: Option<Nimber>,
    pub formula: Option<Formula>,
    /// The first options, in the game's move order.
    pub choices: Vec<Choice>,
    /// How many options there are in all (the ones not in `choices` were left out).
    pub total: Count,
    /// The distinct values of all the options, ascending, when every option was walked and
    /// valued.
    pub values: Option<Vec<Nimber>>,
    /// The mex of `values`.
    pub mex: Option<Nimber>,
    /// The game's own win rule, where the nim-sum does not decide.
    pub win_rule: Option<WinRule>,
    /// The whole game's misère rule (anti-SG), in whose light the values shown, the normal
    /// play's, do not say directly who wins: the SJ theorem's verdict or the search's.
    pub misere: Option<Msg>,
    /// The rule that decides the whole position where the parts are not separate games and
    /// have no values of their own (Nim-K: a move takes from up to K heaps; Moore's theorem).
    pub joint: Option<Msg>,
}

/// Every part's value and their nim-sum: the explanation of a position where no part has a
/// winning move to show (a lost one, nim-sum 0), as the SG theorem gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartsSum {
    pub parts: Vec<(PartName, Nimber)>,
    /// Heaps are rows of pins (Kayles).
    pub kayles: bool,
    pub nim_sum: Nimber,
}

/// The values of `position`'s parts and their nim-sum, where the nim-sum decides the game
/// (`None`: values not known, or a game decided by its own rule).
pub fn parts_sum<P: Explain>(position: &P) -> Option<PartsSum> {
    if !position.values_known() || position.own_rule().is_some() {
        return None;
    }
    Some(PartsSum {
        parts: position
            .parts()
            .into_iter()
            .map(|(part, value)| (position.part_name(part), value))
            .collect(),
        kayles: matches!(position.heap_rule(), Some(Rule::Kayles)),
        nim_sum: position.nim_sum(),
    })
}

/// Why a part name could not be read, or names no part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PartError {
    /// Not in the game's part syntax.
    Syntax { expected: PartSyntax },
    /// A well-formed name of something that is not a part here (a heads coin, an empty box,
    /// heap 9 of 3); `parts` lists the names that are.
    NotAPart { parts: Vec<String> },
}

/// How a game names its parts on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartSyntax {
    /// A number from 1: a heap, a coin, a box, a stair, a pair, a token, a queen.
    Number,
    /// `ROW,COL`.
    Cell,
    /// `N` for component N, or `N/PART` for a part of it.
    Component,
}

/// A game whose parts can say why they have their values.
pub trait Explain: Impartial + Notation {
    /// The part's name with its numbers.
    fn part_name(&self, part: Self::Part) -> PartName;

    /// What `mv` (a move of `part`) leaves in the part's place, each piece with its value.
    fn pieces(&self, part: Self::Part, mv: &Self::Move) -> Vec<(Piece, Option<Nimber>)>;

    /// The formula for the part's value, if the game has one.
    fn formula(&self, part: Self::Part) -> Option<Formula> {
        let _ = part;
        None
    }

    /// The game's own win rule, where the nim-sum does not decide.
    fn own_rule(&self) -> Option<WinRule> {
        None
    }

    /// The misère rule that decides the whole game, where the values are normal play's.
    fn misere_rule(&self) -> Option<Msg> {
        None
    }

    /// At most this many options are walked to find the mex.
    fn walk_limit(&self) -> usize {
        crate::game::WALK_MOVES
    }

    /// Reads a part name as the command line writes it (numbers from 1).
    fn parse_part(&self, text: &str) -> Result<Self::Part, PartError>;

    /// The derivation of `part`, its first `shown` options listed.
    fn derivation(&self, part: Self::Part, shown: usize) -> Derivation {
        let values_known = self.values_known();
        let value = self
            .parts()
            .into_iter()
            .find(|(p, _)| *p == part)
            .map(|(_, v)| v)
            .filter(|_| values_known);
        let (moves, more) = self.moves_of(part, self.walk_limit());
        // Small values in a bitmap (a Nim heap of 10^6 has 10^6 of them), the rest in a set.
        let mut small: Vec<bool> = Vec::new();
        let mut seen: HashSet<Nimber> = HashSet::new();
        let mut all_valued = !more;
        let mut choices = Vec::new();
        for (i, mv) in moves.iter().enumerate() {
            let pieces = self.pieces(part, mv);
            let option = pieces
                .iter()
                .try_fold(Nimber::ZERO, |acc, (_, v)| v.map(|v| acc + v));
            match option {
                Some(v) => match v.to_u64().filter(|&x| x < 1 << 24) {
                    Some(x) => {
                        let x = x as usize;
                        if x >= small.len() {
                            small.resize(x + 1, false);
                        }
                        small[x] = true;
                    }
                    None => {
                        seen.insert(v);
                    }
                },
                None => all_valued = false,
            }
            if i < shown {
                let to_lost = match option {
                    Some(v) => v.is_zero(),
                    None => !self.play_unchecked(mv).mover_wins(),
                };
                choices.push(Choice {
                    mv: self.move_code(mv),
                    said: self.describe_move(mv),
                    pieces,
                    value: option,
                    to_lost,
                });
            }
        }
        let total = if more {
            Count::AtLeast(moves.len())
        } else {
            Count::Exactly(moves.len())
        };
        let (values, mex) = if all_valued {
            let mut values: Vec<Nimber> = (0..small.len() as u64)
                .filter(|&x| small[x as usize])
                .map(Nimber::new)
                .chain(seen)
                .collect();
            // By size: the highest bit, then the bits below (a binary string only past 64 bits).
            values.sort_by(|a, b| {
                (a.highest_bit().cmp(&b.highest_bit())).then_with(|| {
                    match (a.to_u64(), b.to_u64()) {
                        (Some(x), Some(y)) => x.cmp(&y),
                        _ => a.to_binary().cmp(&b.to_binary()),
                    }
                })
            });
            let m = mex(values.iter().copied());
            (Some(values), Some(m))
        } else {
            (None, None)
        };
        let rule = self.heap_rule();
        Derivation {
            part: self.part_name(part),
            rule,
            value,
            formula: self.formula(part),
            choices,
            total,
            values,
            mex,
            win_rule: self.own_rule(),
            misere: self.misere_rule(),
            joint: if self.parts_independent() {
                None
            } else {
                self.win_rule()
            },
        }
    }

    /// The heap game's rule, for heap positions.
    fn heap_rule(&self) -> Option<Rule> {
        None
    }
}

/// A number from 1 naming one of `count` parts (0-based back).
fn number_from_1(text: &str, count: usize) -> Result<usize, PartError> {
    let n = whole_number(text).ok_or(PartError::Syntax {
        expected: PartSyntax::Number,
    })?;
    if n == 0 || n > count {
        return Err(PartError::NotAPart {
            parts: vec![format!("1..{count}")],
        });
    }
    Ok(n - 1)
}

/// A whole number written with the digits 0-9 only, as the numeric options take them: no
/// sign, no space, no line end (`+1`, ` 1`, `1\n` are not part names).
pub(crate) fn whole_number(text: &str) -> Option<usize> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// The parts of `position`, as the command line names them, for an error.
fn names_of<P: Impartial>(position: &P, name: impl Fn(P::Part) -> String) -> Vec<String> {
    position
        .parts()
        .into_iter()
        .map(|(p, _)| name(p))
        .take(20)
        .collect()
}

impl Explain for Heaps {
    fn part_name(&self, part: usize) -> PartName {
        PartName::Heap {
            number: part + 1,
            size: self.heaps()[part],
        }
    }

    fn pieces(&self, part: usize, mv: &heaps::HeapMove) -> Vec<(Piece, Option<Nimber>)> {
        let x = self.heaps()[part];
        let rule = self.rule();
        heaps::rules::pieces(rule, x, mv.action)
            .into_iter()
            .map(|size| {
                (
                    Piece::Heap { size },
                    Some(Nimber::new(heaps::heap_value(rule, size))),
                )
            })
            .collect()
    }

    fn formula(&self, part: usize) -> Option<Formula> {
        let x = self.heaps()[part];
        match *self.rule() {
            Rule::Nim => Some(Formula::Nim { x }),
            Rule::Misere => Some(Formula::MisereNim { x }),
            Rule::Bash { m } => Some(Formula::Bash { x, m }),
            Rule::TakeRange { l, r } => Some(Formula::TakeRange { x, l, r }),
            Rule::Kayles if x > 200 => Some(Formula::KaylesPeriod {
                x,
                same_as: heaps::values::KAYLES_PERIOD_FROM
                    + (x - heaps::values::KAYLES_PERIOD_FROM) % 12,
            }),
            Rule::Lieges { k } => Some(Formula::Lieges { k, x }),
            Rule::Octal { ref code } => {
                let table = heaps::values::octal_table(code);
                let period = table.period?;
                (x >= table.values.len() as u64).then(|| {
                    let (blocks, same_as) = period.reduce(x);
                    if period.saltus > 0 {
                        return Formula::OctalSaltus {
                            x,
                            same_as,
                            period: period.period,
                            saltus: period.saltus,
                            from: period.preperiod,
                            checked_to: period.checked_to,
                            blocks,
                            value: period.value(&table.values, x),
                        };
                    }
                    Formula::OctalPeriod {
                        x,
                        same_as,
                        period: period.period,
                        from: period.preperiod,
                        value: u64::from(table.values[same_as as usize]),
                    }
                })
            }
            Rule::Coprime => Some(Formula::Coprime {
                x,
                least_prime: if x < 2 { 0 } else { least_prime_factor(x) },
            }),
            _ => None,
        }
    }

    fn own_rule(&self) -> Option<WinRule> {
        if *self.rule() != Rule::Misere {
            return None;
        }
        let heaps = self.heaps();
        Some(if heaps.iter().any(|&x| x > 1) {
            WinRule::MisereLikeNim {
                nim_sum: heaps.iter().fold(0, |acc, &x| acc ^ x),
            }
        } else {
            WinRule::MisereOnes {
                ones: heaps.iter().filter(|&&x| x == 1).count(),
            }
        })
    }

    fn heap_rule(&self) -> Option<Rule> {
        Some(self.rule().clone())
    }

    fn parse_part(&self, text: &str) -> Result<usize, PartError> {
        number_from_1(text, self.heaps().len())
    }
}

impl Explain for coins::CoinRow {
    fn part_name(&self, coin: usize) -> PartName {
        PartName::Coin { coin: coin as u32 }
    }

    fn pieces(&self, _coin: usize, mv: &coins::rules::CoinMove) -> Vec<(Piece, Option<Nimber>)> {
        mv.flipped()
            .into_iter()
            .skip(1)
            .map(|coin| {
                (
                    Piece::Coin { coin },
                    Some(coins::values::coin_value(coin as usize, self.maxq())),
                )
            })
            .collect()
    }

    fn formula(&self, coin: usize) -> Option<Formula> {
        let (c, a, b) = coins::rules::split(coin as u32);
        Some(Formula::CoinClass {
            coin: coin as u32,
            c,
            a,
            b,
            maxq: self.maxq(),
        })
    }

    fn parse_part(&self, text: &str) -> Result<usize, PartError> {
        let coin = number_from_1(text, self.n())? + 1;
        if self.face(coin) != crate::games::Face::Tails {
            return Err(PartError::NotAPart {
                parts: names_of(self, |c| c.to_string()),
            });
        }
        Ok(coin)
    }
}

impl Explain for grid::CoinGrid {
    fn part_name(&self, cell: grid::Cell) -> PartName {
        PartName::Cell {
            row: cell.row,
            col: cell.col,
        }
    }

    fn pieces(&self, anchor: grid::Cell, block: &grid::Block) -> Vec<(Piece, Option<Nimber>)> {
        block
            .cells()
            .iter()
            .filter(|&&c| c != anchor)
            .map(|&c| {
                (
                    Piece::Cell {
                        row: c.row,
                        col: c.col,
                    },
                    Some(grid::cell_value(c)),
                )
            })
            .collect()
    }

    fn formula(&self, cell: grid::Cell) -> Option<Formula> {
        Some(Formula::GridCell {
            row: cell.row,
            col: cell.col,
            edge: cell.row == 1 || cell.col == 1,
        })
    }

    /// Blocks are exponentially many: a far anchor is explained by its formula.
    fn walk_limit(&self) -> usize {
        20_000
    }

    fn parse_part(&self, text: &str) -> Result<grid::Cell, PartError> {
        let syntax = PartError::Syntax {
            expected: PartSyntax::Cell,
        };
        let (r, c) = text.split_once(',').ok_or(syntax.clone())?;
        let (Some(row), Some(col)) = (whole_number(r), whole_number(c)) else {
            return Err(syntax);
        };
        let cell = grid::Cell::new(row, col);
        if !self.contains(cell) || !self.is_tails(cell) {
            return Err(PartError::NotAPart {
                parts: names_of(self, |c| format!("{},{}", c.row, c.col)),
            });
        }
        Ok(cell)
    }
}

impl Explain for dodgeball::Dodgeball {
    fn part_name(&self, part: usize) -> PartName {
        PartName::Box { number: part }
    }

    fn pieces(&self, _part: usize, mv: &dodgeball::rules::Throw) -> Vec<(Piece, Option<Nimber>)> {
        vec![(
            Piece::Box {
                number: mv.to as usize,
            },
            Some(Nimber::new(u64::from(self.heap_of(mv.to as usize)))),
        )]
    }

    fn formula(&self, part: usize) -> Option<Formula> {
        Some(Formula::DodgeballChain {
            number: part,
            boxes: self.n(),
        })
    }

    fn parse_part(&self, text: &str) -> Result<usize, PartError> {
        let b = number_from_1(text, self.n())? + 1;
        if !self.has_piece(b) {
            return Err(PartError::NotAPart {
                parts: names_of(self, |b| b.to_string()),
            });
        }
        Ok(b)
    }
}

impl Explain for stairs::StairNim {
    fn part_name(&self, k: usize) -> PartName {
        PartName::Stair {
            stair: k,
            balls: self.balls()[k - 1],
        }
    }

    fn pieces(&self, k: usize, mv: &stairs::StairMove) -> Vec<(Piece, Option<Nimber>)> {
        let balls = self.balls();
        if k.is_multiple_of(2) {
            let left = balls[k - 1] - mv.count;
            vec![(
                Piece::Stair {
                    stair: k,
                    balls: left,
                },
                Some(Nimber::new(left)),
            )]
        } else {
            let from = balls[k - 2];
            let to = from + mv.count;
            vec![(
                Piece::StairRaised {
                    stair: k - 1,
                    from,
                    to,
                },
                Some(Nimber::new(from ^ to)),
            )]
        }
    }

    fn formula(&self, k: usize) -> Option<Formula> {
        Some(Formula::StairNim {
            stair: k,
            balls: self.balls()[k - 1],
        })
    }

    fn parse_part(&self, text: &str) -> Result<usize, PartError> {
        Ok(number_from_1(text, self.balls().len())? + 1)
    }
}

impl Explain for ed::Ed {
    fn part_name(&self, i: usize) -> PartName {
        let (x, y) = self.pairs()[i];
        PartName::Pair {
            number: i + 1,
            x,
            y,
        }
    }

    fn pieces(&self, i: usize, mv: &ed::EdMove) -> Vec<(Piece, Option<Nimber>)> {
        let (x, y) = self.pairs()[i];
        let kept = if mv.keep == 0 { x } else { y };
        let (a, b) = (mv.left, kept - mv.left);
        vec![(
            Piece::Pair { x: a, y: b },
            Some(Nimber::new(ed::pair_value(a, b))),
        )]
    }

    fn formula(&self, i: usize) -> Option<Formula> {
        let (x, y) = self.pairs()[i];
        Some(Formula::EdLowestZeroBit { x, y })
    }

    fn parse_part(&self, text: &str) -> Result<usize, PartError> {
        number_from_1(text, self.pairs().len())
    }
}

impl Explain for dag::Dag {
    fn part_name(&self, i: usize) -> PartName {
        PartName::Token {
            number: i + 1,
            vertex: self.tokens()[i],
        }
    }

    fn pieces(&self, _i: usize, mv: &dag::Slide) -> Vec<(Piece, Option<Nimber>)> {
        vec![(
            Piece::Vertex { vertex: mv.to },
            Some(Nimber::new(u64::from(self.graph().value(mv.to)))),
        )]
    }

    fn parse_part(&self, text: &str) -> Result<usize, PartError> {
        number_from_1(text, self.tokens().len())
    }
}

impl Explain for wythoff::Wythoff {
    fn part_name(&self, i: usize) -> PartName {
        let (a, b) = self.queens()[i];
        PartName::Queen {
            number: i + 1,
            a,
            b,
        }
    }

    fn pieces(&self, _i: usize, mv: &wythoff::QueenMove) -> Vec<(Piece, Option<Nimber>)> {
        let (a, b) = mv.to;
        vec![(
            Piece::Queen { a, b },
            wythoff::known_value(a, b).map(|v| Nimber::new(v.into())),
        )]
    }

    fn formula(&self, i: usize) -> Option<Formula> {
        let (a, b) = self.queens()[i];
        let k = a.abs_diff(b);
        Some(Formula::WythoffBeatty {
            a,
            b,
            k,
            lower: wythoff::lower_wythoff(k),
        })
    }

    /// Past the table a queen has up to 3·10^9 moves: its formula says who wins.
    fn walk_limit(&self) -> usize {
        if self.values_known() {
            crate::game::WALK_MOVES
        } else {
            64
        }
    }

    fn parse_part(&self, text: &str) -> Result<usize, PartError> {
        number_from_1(text, self.queens().len())
    }
}

impl Explain for fibnim::FibNim {
    fn part_name(&self, _part: usize) -> PartName {
        PartName::FibHeap {
            heap: self.heap(),
            limit: self.limit(),
        }
    }

    fn pieces(&self, _part: usize, t: &u64) -> Vec<(Piece, Option<Nimber>)> {
        let heap = self.heap() - t;
        let limit = (2 * t).min(heap);
        let value = fibnim::FibNim::new(heap, limit)
            .ok()
            .and_then(|p| p.value())
            .map(|v| Nimber::new(v.into()));
        vec![(Piece::FibHeap { heap, limit }, value)]
    }

    fn formula(&self, _part: usize) -> Option<Formula> {
        Some(Formula::Zeckendorf {
            heap: self.heap(),
            limit: self.limit(),
            terms: fibnim::zeckendorf(self.heap()),
        })
    }

    fn walk_limit(&self) -> usize {
        if self.values_known() {
            crate::game::WALK_MOVES
        } else {
            64
        }
    }

    fn parse_part(&self, text: &str) -> Result<usize, PartError> {
        number_from_1(text, 1)
    }
}

impl Explain for dawson::Dawson {
    fn part_name(&self, part: usize) -> PartName {
        PartName::PinRow {
            number: part + 1,
            pins: self.rows()[part],
        }
    }

    fn pieces(&self, part: usize, mv: &dawson::DawsonMove) -> Vec<(Piece, Option<Nimber>)> {
        let right = self.rows()[part] - 2 - mv.left;
        [mv.left, right]
            .into_iter()
            .filter(|&size| size > 0)
            .map(|size| {
                let value = Nimber::new(dawson::row_value(size).into());
                (Piece::Heap { size }, Some(value))
            })
            .collect()
    }

    /// Past the mex table a row's value is read from the period.
    fn formula(&self, part: usize) -> Option<Formula> {
        let x = self.rows()[part];
        let from = dawson::LAST_EXCEPTION + 1;
        (x > dawson::TABLE).then(|| {
            let same_as = from + (x - from) % dawson::PERIOD;
            Formula::OctalPeriod {
                x,
                same_as,
                period: dawson::PERIOD,
                from,
                value: dawson::row_value(same_as).into(),
            }
        })
    }

    fn parse_part(&self, text: &str) -> Result<usize, PartError> {
        number_from_1(text, self.rows().len())
    }
}

/// A Nim-K move may take from several heaps: the heaps it leaves, none with a known value
/// (Moore's theorem decides, not values).
impl Explain for nimk::NimK {
    fn part_name(&self, part: usize) -> PartName {
        PartName::Heap {
            number: part + 1,
            size: self.heaps()[part],
        }
    }

    fn pieces(&self, _part: usize, mv: &nimk::NimKMove) -> Vec<(Piece, Option<Nimber>)> {
        mv.takes
            .iter()
            .map(|&(i, t)| {
                (
                    Piece::Heap {
                        size: self.heaps()[i] - t,
                    },
                    None,
                )
            })
            .collect()
    }

    fn walk_limit(&self) -> usize {
        4096
    }

    fn parse_part(&self, text: &str) -> Result<usize, PartError> {
        number_from_1(text, self.heaps().len())
    }
}

/// A coin-turning move turns its rightmost coin and others: each other coin is a piece worth
/// its value as a lone tails coin.
impl Explain for turning::Turning {
    fn part_name(&self, coin: usize) -> PartName {
        PartName::Coin { coin: coin as u32 }
    }

    fn pieces(&self, _coin: usize, mv: &turning::TurnMove) -> Vec<(Piece, Option<Nimber>)> {
        mv.coins()
            .into_iter()
            .skip(1)
            .map(|coin| {
                let value = self.rule().coin_value(u64::from(coin));
                (Piece::Coin { coin }, Some(Nimber::new(value)))
            })
            .collect()
    }

    fn formula(&self, coin: usize) -> Option<Formula> {
        Some(Formula::TurningCoin {
            rule: self.rule(),
            coin: coin as u64,
        })
    }

    fn parse_part(&self, text: &str) -> Result<usize, PartError> {
        let coin = number_from_1(text, self.len())? + 1;
        if self.parts().iter().any(|(c, _)| *c == coin) {
            Ok(coin)
        } else {
            Err(PartError::NotAPart {
                parts: self.parts().iter().map(|(c, _)| c.to_string()).collect(),
            })
        }
    }
}

/// A misère game's components have their normal-play values, derived as a sum's are.
impl Explain for anti::Anti {
    fn part_name(&self, i: usize) -> PartName {
        self.inner().part_name(i)
    }

    fn pieces(&self, i: usize, mv: &anti::AntiMove) -> Vec<(Piece, Option<Nimber>)> {
        self.inner().pieces(i, mv.of_sum())
    }

    fn formula(&self, i: usize) -> Option<Formula> {
        self.inner().formula(i)
    }

    fn walk_limit(&self) -> usize {
        self.inner().walk_limit()
    }

    /// The values are normal play's: under the misère rule the SJ theorem (or a search)
    /// decides, not the value alone.
    fn misere_rule(&self) -> Option<Msg> {
        self.win_rule()
    }

    fn parse_part(&self, text: &str) -> Result<usize, PartError> {
        self.inner().parse_part(text)
    }
}

/// An Every-SG move moves in every component: the pieces are the components after it.
impl Explain for every::Every {
    fn part_name(&self, i: usize) -> PartName {
        self.inner().part_name(i)
    }

    fn pieces(&self, _i: usize, mv: &every::EveryMove) -> Vec<(Piece, Option<Nimber>)> {
        mv.0.iter()
            .flat_map(|m| self.inner().pieces(m.0, m))
            .collect()
    }

    fn formula(&self, i: usize) -> Option<Formula> {
        self.inner().formula(i)
    }

    fn walk_limit(&self) -> usize {
        every::MOVE_LIMIT
    }

    fn parse_part(&self, text: &str) -> Result<usize, PartError> {
        self.inner().parse_part(text)
    }
}

impl Explain for Sum {
    fn part_name(&self, i: usize) -> PartName {
        PartName::Component {
            number: i + 1,
            code: self.components()[i].to_code(),
        }
    }

    fn pieces(
        &self,
        i: usize,
        mv: &(usize, crate::games::sum::AnyMove),
    ) -> Vec<(Piece, Option<Nimber>)> {
        let component: &Component = &self.components()[i];
        let after = component.play_unchecked(&mv.1);
        let value = after.values_known().then(|| after.nim_sum());
        vec![(
            Piece::Component {
                code: after.to_code(),
            },
            value,
        )]
    }

    fn formula(&self, i: usize) -> Option<Formula> {
        let any = self.components()[i].to_any();
        let values: Vec<Nimber> =
            with_position!(&any, p => p.parts().into_iter().map(|(_, v)| v).collect());
        Some(Formula::SumOfParts { values })
    }

    /// A component's moves are all its parts' moves: walked while few.
    fn walk_limit(&self) -> usize {
        200_000
    }

    fn parse_part(&self, text: &str) -> Result<usize, PartError> {
        let first = text.split('/').next().unwrap_or_default();
        number_from_1(first, self.components().len()).map_err(|e| match e {
            PartError::Syntax { .. } => PartError::Syntax {
                expected: PartSyntax::Component,
            },
            other => other,
        })
    }
}

/// The derivation of the part `part` (as the command line names it) of any position: for a
/// sum, `N` is component N and `N/PART` a part of component N. `shown` options are listed.
pub fn derive(position: &AnyPosition, part: &str, shown: usize) -> Result<Derivation, PartError> {
    if let AnyPosition::Sum(sum) = position
        && let Some((first, rest)) = part.split_once('/')
    {
        let i = sum.parse_part(first)?;
        return derive(&sum.components()[i].to_any(), rest, shown);
    }
    with_position!(position, p => {
        let part = p.parse_part(part)?;
        Ok(p.derivation(part, shown))
    })
}
