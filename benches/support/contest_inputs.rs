//! The largest contest inputs, generated from a seed: shared by `examples/contest_input.rs`
//! (which prints them for `benches/compare.sh`) and `benches/engine.rs` (which solves them in
//! process), so both measure the same bytes. Included with `#[path]` from each of them.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// The games there are inputs for, by their command-line names.
pub const GAMES: [&str; 3] = ["coins", "grid", "dodgeball"];

/// The input for `game` (`coins`, `grid` or `dodgeball`) from `seed`, or `None` for another
/// name. coins: 100 cases of n = 30000 (MAXQ cycling 1..=20); grid: 50 boards of 100 × 100;
/// dodgeball: 1000 values of k close to 10^9.
pub fn generate(game: &str, seed: u64) -> Option<String> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = String::new();
    match game {
        "coins" => {
            out.push_str("100\n");
            for case in 0..100 {
                out.push_str(&format!("30000 {}\n", case % 20 + 1));
                let faces: Vec<&str> = (0..30000)
                    .map(|_| if rng.random_bool(0.5) { "1" } else { "0" })
                    .collect();
                out.push_str(&faces.join(" "));
                out.push('\n');
            }
        }
        "grid" => {
            out.push_str("50\n");
            for _ in 0..50 {
                out.push_str("100 100\n");
                for _ in 0..100 {
                    out.extend((0..100).map(|_| if rng.random_bool(0.5) { 'T' } else { 'H' }));
                    out.push('\n');
                }
            }
        }
        "dodgeball" => {
            for _ in 0..1000 {
                let k = rng.random_range(999_000_000..1_000_000_000u64);
                out.push_str(&format!("{k}\n"));
            }
        }
        _ => return None,
    }
    Some(out)
}
