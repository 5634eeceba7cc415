//! Coin row (SDOI 2016 "Coin Game", RULES.md §1): a row of coins where a move turns a tails coin
//! x and the coins x/2^p, x/2^(2p), … (or the same with 3). The rules live in [`rules`], the
//! position codes in [`notation`], the Sprague–Grundy values in [`values`], the classes of
//! coins c·2^a·3^b for the compact exact search in [`exact`] and the contest solver in
//! [`contest`].

pub mod contest;
pub mod exact;
pub mod notation;
pub mod rules;
pub mod values;

pub use contest::solve;
pub use rules::{Base, CoinMove, CoinRow};
pub use values::{class_value, coin_value};

impl crate::games::catalogue::Catalogued for CoinRow {
    fn puzzle<R: rand::Rng + ?Sized>(_name: &str, d: usize, rng: &mut R) -> CoinRow {
        use rand::RngExt;
        let n = [6, 10, 16, 30, 60][d - 1];
        let n = rng.random_range(n / 2..=n);
        let maxq = rng.random_range(1..=(d as u32 + 1).min(4));
        CoinRow::random(n, maxq, rng)
    }
}
