//! How often each game's stalling heuristic (the AI's move from a lost position when the tree
//! is too large to search) finds a slowest loss, measured against exact remoteness on random
//! lost positions as large as the exact search solves:
//! `cargo run --release --example stalling [positions per game]`.

use grundy::ai::EXACT_BUDGET;
use grundy::game::Impartial;
use grundy::games::coins::CoinRow;
use grundy::games::dodgeball::Dodgeball;
use grundy::games::grid::CoinGrid;
use grundy::solver::ExactSolution;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// A lost position from `random` (the random one if lost, else after a winning move).
fn lost<P: Impartial>(random: P, rng: &mut StdRng) -> P {
    match random.winning_move(rng) {
        Some(mv) => random.play_unchecked(&mv),
        None => random,
    }
}

/// Plays the stalling move of each position and compares it with the slowest loss.
fn measure<P: Impartial>(game: &str, wanted: usize, mut make: impl FnMut(&mut StdRng) -> P) {
    let mut rng = StdRng::seed_from_u64(2026);
    let (mut positions, mut slowest, mut shortfall, mut sizes) = (0, 0, 0u64, 0usize);
    let mut tries = 0;
    while positions < wanted && tries < wanted * 50 {
        tries += 1;
        let position = lost(make(&mut rng), &mut rng);
        if position.is_over() || !position.nim_sum().is_zero() {
            continue;
        }
        let Some(solution) = ExactSolution::new(&position, EXACT_BUDGET) else {
            continue;
        };
        let best = solution
            .moves()
            .iter()
            .map(|m| m.outcome.remoteness)
            .max()
            .expect("a move");
        let mv = position.stalling_move(&mut rng).expect("a move");
        let got = solution
            .outcome(&position.play_unchecked(&mv))
            .expect("a child")
            .remoteness;
        positions += 1;
        sizes += solution.len();
        if got == best {
            slowest += 1;
        }
        shortfall += u64::from(best - got);
    }
    println!(
        "{game}: {positions} lost positions (mean tree {} positions): slowest loss found in {} \
         ({:.1}%), mean shortfall {:.2} moves",
        sizes / positions.max(1),
        slowest,
        100.0 * slowest as f64 / positions.max(1) as f64,
        shortfall as f64 / positions.max(1) as f64
    );
}

fn main() {
    let wanted: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(300);
    measure(
        "dodgeball, random boards of 40 to 80 boxes",
        wanted,
        |rng| Dodgeball::random(rng.random_range(40..=80), rng),
    );
    measure(
        "coin row, random rows of 24 to 40 coins, MAXQ 1 to 20",
        wanted,
        |rng| CoinRow::random(rng.random_range(24..=40), rng.random_range(1..=20), rng),
    );
    measure(
        "coin grid, random boards of 12 to 20 cells",
        wanted,
        |rng| {
            let rows = rng.random_range(3..=4);
            let cols = rng.random_range(4..=5);
            CoinGrid::random(rows, cols, rng)
        },
    );
}
