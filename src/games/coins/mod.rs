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
