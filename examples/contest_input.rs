//! Writes the largest contest inputs to standard output, for benchmarks:
//! `cargo run --release --example contest_input -- coins|grid|dodgeball [seed]`.
//! coins: 100 cases of n = 30000 (MAXQ cycling 1..=20); grid: 50 boards of 100 × 100;
//! dodgeball: 1000 values of k close to 10^9.

use std::io::{self, Write};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

fn main() -> io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let game = args.get(1).map(String::as_str).unwrap_or("coins");
    let seed = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = io::BufWriter::new(io::stdout().lock());
    match game {
        "coins" => {
            writeln!(out, "100")?;
            for case in 0..100 {
                writeln!(out, "30000 {}", case % 20 + 1)?;
                let faces: Vec<&str> = (0..30000)
                    .map(|_| if rng.random_bool(0.5) { "1" } else { "0" })
                    .collect();
                writeln!(out, "{}", faces.join(" "))?;
            }
        }
        "grid" => {
            writeln!(out, "50")?;
            for _ in 0..50 {
                writeln!(out, "100 100")?;
                for _ in 0..100 {
                    let row: String = (0..100)
                        .map(|_| if rng.random_bool(0.5) { 'T' } else { 'H' })
                        .collect();
                    writeln!(out, "{row}")?;
                }
            }
        }
        "dodgeball" => {
            for _ in 0..1000 {
                writeln!(out, "{}", rng.random_range(999_000_000..1_000_000_000u64))?;
            }
        }
        other => {
            eprintln!("unknown game {other}: coins, grid or dodgeball");
            std::process::exit(2);
        }
    }
    out.flush()
}
