//! Binary Dodgeball (PA 2012): boxes 1..n, a piece doubles its box, and two pieces that meet
//! both leave. [`rules`] holds the board and its moves, [`notation`] its codes, [`values`] the
//! Sprague–Grundy values and the AI's moves, [`exact`] the chains o·2^k for the compact exact
//! search, [`chains`] the chains laid out one a row (a box's column is its heap), [`contest`]
//! the contest problem.

pub mod chains;
pub mod contest;
pub mod exact;
pub mod notation;
pub mod rules;
pub mod values;

pub use contest::solve;
pub use rules::{Dodgeball, Throw, heap};
pub use values::{full_board_nim_sum, nth_second_player_win, second_player_wins_up_to};

impl crate::games::catalogue::Catalogued for Dodgeball {
    fn puzzle<R: rand::Rng + ?Sized>(_name: &str, d: usize, rng: &mut R) -> Dodgeball {
        use rand::RngExt;
        let n = [6, 10, 16, 30, 60][d - 1];
        let n = rng.random_range(n / 2..=n);
        Dodgeball::random(n, rng)
    }
}
