//! Writes the largest contest inputs to standard output, for benchmarks:
//! `cargo run --release --example contest_input -- coins|grid|dodgeball [seed]`.
//! coins: 100 cases of n = 30000 (MAXQ cycling 1..=20); grid: 50 boards of 100 × 100;
//! dodgeball: 1000 values of k close to 10^9; and each curriculum contest format by its name
//! (`p2197`, `cses1729`, …, `stairs`, `dag`, `wythoff`, `fibnim`). The generator is shared with
//! `benches/engine.rs`, which solves the same inputs in process.

use std::io::{self, Write};

#[path = "../benches/support/contest_inputs.rs"]
mod contest_inputs;

fn main() -> io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let game = args.get(1).map(String::as_str).unwrap_or("coins");
    let seed = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let Some(input) = contest_inputs::generate(game, seed) else {
        eprintln!(
            "unknown game {game}: {}, {}",
            contest_inputs::GAMES.join(", "),
            contest_inputs::CURRICULUM.join(", ")
        );
        std::process::exit(2);
    };
    let mut out = io::stdout().lock();
    out.write_all(input.as_bytes())?;
    out.flush()
}
