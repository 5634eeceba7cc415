//! Glicko-2 (src/rating.rs) against the worked example in Glickman's "Example of the
//! Glicko-2 system": a 1500 (RD 200, σ 0.06) player beats a 1400 (RD 30) and loses to a 1550
//! (RD 100) and a 1700 (RD 300), τ = 0.5 → 1464.06, RD 151.52, σ 0.05999.

use grundy::rating::{Game, Rating, TAU, update};

fn rated(rating: f64, deviation: f64) -> Rating {
    Rating {
        rating,
        deviation,
        volatility: 0.06,
    }
}

#[test]
fn glickmans_worked_example() {
    let player = rated(1500.0, 200.0);
    let games = [
        Game {
            opponent: rated(1400.0, 30.0),
            score: 1.0,
        },
        Game {
            opponent: rated(1550.0, 100.0),
            score: 0.0,
        },
        Game {
            opponent: rated(1700.0, 300.0),
            score: 0.0,
        },
    ];
    let after = update(player, &games, TAU);
    println!("{after:?}");
    // The paper rounds μ' to −0.2069 before scaling back (1464.06); unrounded it is 1464.0507.
    assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
    assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
    assert!((after.volatility - 0.05999).abs() < 0.000_01, "{after:?}");
}

#[test]
fn a_period_without_games_only_widens_the_deviation() {
    let player = rated(1500.0, 200.0);
    let after = update(player, &[], TAU);
    assert_eq!(after.rating, 1500.0);
    assert_eq!(after.volatility, 0.06);
    // φ* = √(φ² + σ²) on the Glicko-2 scale.
    let phi = 200.0 / 173.7178;
    let expected = (phi * phi + 0.06f64 * 0.06).sqrt() * 173.7178;
    assert!((after.deviation - expected).abs() < 1e-9);
}

#[test]
fn solving_a_puzzle_raises_missing_it_lowers() {
    let player = Rating::default();
    let puzzle = rated(1600.0, 80.0);
    let won = update(
        player,
        &[Game {
            opponent: puzzle,
            score: 1.0,
        }],
        TAU,
    );
    let lost = update(
        player,
        &[Game {
            opponent: puzzle,
            score: 0.0,
        }],
        TAU,
    );
    assert!(won.rating > 1500.0 && lost.rating < 1500.0);
    assert!(won.deviation < 350.0 && lost.deviation < 350.0);
    // Beating a stronger opponent gains more than losing to it costs.
    assert!(won.rating - 1500.0 > 1500.0 - lost.rating);
}
