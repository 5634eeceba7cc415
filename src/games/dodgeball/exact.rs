//! Binary Dodgeball as a flip game for the compact exact search ([`crate::exact`]). A piece in
//! box o·2^e (o odd) only ever moves to o·2^e' with e' > e, so the boxes split into chains
//! o, 2o, 4o, … that never interact. A chain matters from its lowest piece up, and only if that
//! piece can still move (it lies in the lower half of the board); its state is a bitmask of at
//! most 20 boxes, whatever n is.
//!
//! Bit k of a chain is the box o·2^(top − k) (the top box is bit 0): a throw turns off the
//! thrower's bit and flips the target's, which is a lower bit, so every throw lowers the state.

use super::rules::{Dodgeball, Throw};
use crate::exact::{FlipComponent, FlipGame, Limits, Mask, TooLarge};

/// A live chain: the boxes odd·2^e for `low ≤ e ≤ top`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chain {
    odd: u32,
    /// The exponent of the chain's lowest piece (at the root).
    low: u32,
    /// The exponent of the chain's top box: odd·2^top ≤ n < odd·2^(top+1).
    top: u32,
}

impl Chain {
    fn box_of(&self, bit: u32) -> usize {
        (self.odd as usize) << (self.top - bit)
    }

    fn cells(&self) -> u32 {
        self.top - self.low + 1
    }
}

/// The live chains of `board`: those with a piece in the lower half of the board, each from
/// its lowest piece up, in order of their odd part.
fn live_chains(board: &Dodgeball, most: usize) -> Result<Vec<Chain>, TooLarge> {
    let n = board.n();
    let mut chains: Vec<Chain> = Vec::new();
    // Ascending boxes meet each chain first at its lowest piece.
    for b in board.pieces_in(1, n / 2) {
        let low = b.trailing_zeros();
        let odd = (b >> low) as u32;
        if chains.iter().any(|c| c.odd == odd) {
            continue;
        }
        // Each live chain has at least two states, so the count of positions is at least
        // 2^(live chains).
        if chains.len() >= most {
            return Err(TooLarge);
        }
        let top = (n / odd as usize).ilog2();
        chains.push(Chain { odd, low, top });
    }
    chains.sort_by_key(|c| c.odd);
    Ok(chains)
}

impl FlipGame for Dodgeball {
    type Cells = Chain;

    fn flip_components(&self, limits: &Limits) -> Result<Vec<(Chain, FlipComponent)>, TooLarge> {
        let most = limits.positions.max(1).ilog2() as usize;
        let chains = live_chains(self, most)?;
        Ok(chains
            .into_iter()
            .map(|chain| {
                let cells = chain.cells();
                let moves = (0..cells)
                    .map(|key| {
                        (0..key)
                            .map(|target| (1 as Mask) << key | (1 as Mask) << target)
                            .collect()
                    })
                    .collect();
                let component = FlipComponent {
                    start: self.flip_state(&chain),
                    moves,
                };
                (chain, component)
            })
            .collect())
    }

    fn flip_state(&self, chain: &Chain) -> Mask {
        (0..chain.cells())
            .filter(|&bit| self.has_piece(chain.box_of(bit)))
            .fold(0, |state, bit| state | (1 as Mask) << bit)
    }

    fn flip_move(&self, chain: &Chain, key: u32, flip: Mask) -> Throw {
        let target = (flip & !((1 as Mask) << key)).trailing_zeros();
        Throw {
            from: chain.box_of(key) as u32,
            to: chain.box_of(target) as u32,
        }
    }

    fn same_outside(&self, root: &Dodgeball, chains: &[Chain]) -> bool {
        if self.n() != root.n() {
            return false;
        }
        let inside = |b: usize| {
            let e = b.trailing_zeros();
            let odd = (b >> e) as u32;
            chains.iter().any(|c| c.odd == odd && e >= c.low)
        };
        self.words()
            .iter()
            .zip(root.words())
            .enumerate()
            .all(|(w, (&mine, &theirs))| {
                let mut diff = mine ^ theirs;
                while diff != 0 {
                    let b = w * 64 + diff.trailing_zeros() as usize;
                    diff &= diff - 1;
                    if !inside(b) {
                        return false;
                    }
                }
                true
            })
    }
}
