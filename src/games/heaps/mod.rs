//! Heap games: a position is a list of heaps and a [`Rule`] saying what a move does to one
//! heap (take some tokens, knock pins out of a row, split a heap). Nim, Bash, subtraction
//! games, take l..r, Fibonacci takes, Kayles, Grundy's game, Lieges of Legendre, the staircase
//! split, coprime takes and misère Nim are all this one module: every heap is a part, so a
//! position's value is the nim-sum of its heaps' values — except misère Nim, which is decided
//! by its own rule ([`crate::game::Impartial::mover_wins`]).
//!
//! [`rules`] holds the rules and the moves, [`values`] each rule's Sprague–Grundy values (by
//! formula, or by a mex table computed once), [`notation`] the codes, [`contest`] the contest
//! formats.

pub mod arithmetic;
pub mod contest;
pub mod notation;
pub mod octal;
pub mod period;
pub mod rules;
pub mod sparse;
pub mod values;

pub use rules::{Action, HeapMove, Heaps, MAX_HEAPS, Rule};
pub use values::{heap_value, misere_mover_wins};

impl crate::games::catalogue::Catalogued for Heaps {
    /// A position of the heap game `name` (its rule; Bash, subtraction, take and Lieges with
    /// random parameters).
    fn puzzle<R: rand::Rng + ?Sized>(name: &str, d: usize, rng: &mut R) -> Heaps {
        use crate::game::Notation;
        use crate::games::list::join;
        use rand::RngExt;
        let most: u64 = [5, 9, 16, 30, 60][d - 1];
        let count = crate::games::catalogue::puzzle_parts(d, rng);
        let (rule, most) = match name {
            "bash" => (format!("bash:{}", rng.random_range(2..=4)), most),
            "subtraction" => {
                let mut set: Vec<u64> = vec![1];
                set.extend((0..rng.random_range(1..=2)).map(|_| rng.random_range(2..=6)));
                set.sort_unstable();
                set.dedup();
                (format!("subtraction:{}", join(&set)), most)
            }
            "take" => {
                let l = rng.random_range(1..=3);
                (format!("take:{l},{}", l + rng.random_range(0..=4)), most)
            }
            // A split into k heaps multiplies the heaps: kept small.
            "lieges" => (format!("lieges:{}", rng.random_range(2..=3)), most.min(12)),
            // Dawson's chess, Kayles, Dawson's Kayles or a game of Winning Ways' tables.
            "octal" => {
                const CODES: [&str; 6] = ["0.137", "0.77", "0.07", "0.1377", "0.117", "4.7"];
                let code = CODES[rng.random_range(0..CODES.len())];
                (format!("octal:{code}"), most)
            }
            name => (name.to_string(), most),
        };
        let heaps: Vec<u64> = (0..count).map(|_| rng.random_range(1..=most)).collect();
        Heaps::from_code(&format!("{rule}:{}", join(&heaps)))
            .expect("generated codes are in bounds")
    }
}
