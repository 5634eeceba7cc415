//! The coin row as a flip game for the compact exact search ([`crate::exact`]). A move of coin
//! x = c·2^a·3^b turns coins c·2^i·3^j with the same c, so the coins split into classes by c
//! that never interact. A class matters when one of its tails coins can be chosen, and then
//! only its coins below a tails coin (c·2^i·3^j with i ≤ a and j ≤ b for a tails c·2^a·3^b)
//! can ever change: a few dozen at most, whatever n is.
//!
//! Bit k of a class is its k-th smallest such coin. A move turns off its chosen coin, the
//! largest it turns, so every move lowers the state.

use super::rules::{Base, CoinMove, CoinRow, split};
use super::values;
use crate::exact::{FlipComponent, FlipGame, Limits, Mask, TooLarge};

/// A live class: the coins that can change, ascending (bit k is `coins[k]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Class {
    c: u32,
    coins: Vec<u32>,
}

impl Class {
    fn bit_of(&self, coin: u32) -> Option<u32> {
        self.coins.binary_search(&coin).ok().map(|k| k as u32)
    }
}

/// The live classes of `row`, in order of c, or [`TooLarge`] past `most` classes or with a
/// class of more than 128 coins.
fn live_classes(row: &CoinRow, most: usize) -> Result<Vec<Class>, TooLarge> {
    // For each live class, the exponents (a, b) of its tails coins that can be chosen.
    let mut classes: Vec<(u32, Vec<(u32, u32)>)> = Vec::new();
    for coin in row.tails_iter() {
        let (c, a, b) = split(coin);
        if a == 0 && b == 0 {
            continue;
        }
        match classes.iter_mut().find(|(k, _)| *k == c) {
            Some((_, tops)) => tops.push((a, b)),
            None => {
                // Each live class has at least two states.
                if classes.len() >= most {
                    return Err(TooLarge);
                }
                classes.push((c, vec![(a, b)]));
            }
        }
    }
    classes.sort_by_key(|(c, _)| *c);
    classes
        .into_iter()
        .map(|(c, tops)| {
            let mut coins = Vec::new();
            let mut power3 = 1u32;
            for j in 0..=values::MAX_B {
                let mut power2 = 1u32;
                for i in 0..=values::MAX_A {
                    if tops.iter().any(|&(a, b)| i <= a && j <= b) {
                        coins.push(c * power2 * power3);
                    }
                    power2 *= 2;
                }
                power3 *= 3;
            }
            coins.sort_unstable();
            if coins.len() > Mask::BITS as usize {
                return Err(TooLarge);
            }
            Ok(Class { c, coins })
        })
        .collect()
}

impl FlipGame for CoinRow {
    type Cells = Class;

    fn flip_components(&self, limits: &Limits) -> Result<Vec<(Class, FlipComponent)>, TooLarge> {
        let most = limits.positions.max(1).ilog2() as usize;
        let table = values::table(self.maxq());
        let classes = live_classes(self, most)?;
        Ok(classes
            .into_iter()
            .map(|class| {
                let moves = class
                    .coins
                    .iter()
                    .map(|&x| {
                        let (_, a, b) = split(x);
                        table
                            .moves(a, b)
                            .iter()
                            .map(|m| {
                                m.at(x).flipped().into_iter().fold(0, |flip, coin| {
                                    let bit = class.bit_of(coin).expect("the class is closed");
                                    flip | (1 as Mask) << bit
                                })
                            })
                            .collect()
                    })
                    .collect();
                let component = FlipComponent {
                    start: self.flip_state(&class),
                    moves,
                };
                (class, component)
            })
            .collect())
    }

    fn flip_state(&self, class: &Class) -> Mask {
        class
            .coins
            .iter()
            .enumerate()
            .filter(|&(_, &coin)| coin as usize <= self.n() && self.is_tails(coin))
            .fold(0, |state, (bit, _)| state | (1 as Mask) << bit)
    }

    fn flip_move(&self, class: &Class, key: u32, flip: Mask) -> CoinMove {
        let coin = class.coins[key as usize];
        let rest = flip & !((1 as Mask) << key);
        let next = class.coins[(127 - rest.leading_zeros()) as usize];
        let ratio = coin / next;
        let (base, step) = if ratio.is_power_of_two() {
            (Base::Two, ratio.trailing_zeros())
        } else {
            (Base::Three, ratio.ilog(3))
        };
        CoinMove {
            coin,
            base,
            step,
            count: rest.count_ones(),
        }
    }

    fn same_outside(&self, root: &CoinRow, classes: &[Class]) -> bool {
        if self.n() != root.n() || self.maxq() != root.maxq() {
            return false;
        }
        let inside = |coin: u32| {
            let (c, _, _) = split(coin);
            classes
                .iter()
                .any(|class| class.c == c && class.bit_of(coin).is_some())
        };
        self.tail_words()
            .iter()
            .zip(root.tail_words())
            .enumerate()
            .all(|(w, (&mine, &theirs))| {
                let mut diff = mine ^ theirs;
                while diff != 0 {
                    let coin = (w * 64) as u32 + diff.trailing_zeros() + 1;
                    diff &= diff - 1;
                    if !inside(coin) {
                        return false;
                    }
                }
                true
            })
    }
}
