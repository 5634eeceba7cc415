//! Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013), as lichess rates
//! players and puzzles: a rating, its deviation (how unsure it is) and its volatility (how
//! erratic the player is), updated once per rating period from the games of that period. A
//! drill's puzzle is the opponent: a solved puzzle is a win, a missed one a loss.

use std::f64::consts::PI;

/// The factor between the Glicko scale (1500 ± 350) and Glicko-2's internal one.
const SCALE: f64 = 173.7178;
/// The system constant τ: how much the volatility may change in a period (Glickman suggests
/// 0.3 to 1.2; his example uses 0.5).
pub const TAU: f64 = 0.5;
/// The tolerance of the volatility's iteration.
const EPSILON: f64 = 0.000_001;

/// A rating on the Glicko scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    /// The rating deviation RD: about 95% sure the strength is within ±2 RD.
    pub deviation: f64,
    /// σ: the degree of expected fluctuation.
    pub volatility: f64,
}

impl Default for Rating {
    /// A new player (or puzzle): 1500, RD 350, σ 0.06.
    fn default() -> Rating {
        Rating {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
        }
    }
}

/// One game of a rating period: the opponent's rating before the period and the score (1 a
/// win, 0.5 a draw, 0 a loss).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Game {
    pub opponent: Rating,
    pub score: f64,
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

/// `player`'s rating after a rating period with `games` (none: only the deviation grows),
/// with system constant `tau`. Glickman's steps 2 to 8.
pub fn update(player: Rating, games: &[Game], tau: f64) -> Rating {
    // Step 2: to the Glicko-2 scale.
    let mu = (player.rating - 1500.0) / SCALE;
    let phi = player.deviation / SCALE;
    let sigma = player.volatility;
    if games.is_empty() {
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        return Rating {
            deviation: phi_star * SCALE,
            ..player
        };
    }
    // Steps 3 and 4: the estimated variance v and the improvement Δ.
    let mut inverse_v = 0.0;
    let mut sum = 0.0;
    for game in games {
        let mu_j = (game.opponent.rating - 1500.0) / SCALE;
        let phi_j = game.opponent.deviation / SCALE;
        let e = expected(mu, mu_j, phi_j);
        inverse_v += g(phi_j).powi(2) * e * (1.0 - e);
        sum += g(phi_j) * (game.score - e);
    }
    let v = 1.0 / inverse_v;
    let delta = v * sum;
    // Step 5: the new volatility, by the Illinois algorithm on f.
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
            - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    while (big_b - big_a).abs() > EPSILON {
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(big_c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    let new_sigma = (big_a / 2.0).exp();
    // Steps 6 and 7: the new deviation and rating.
    let phi_star = (phi * phi + new_sigma * new_sigma).sqrt();
    let new_phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let new_mu = mu + new_phi * new_phi * sum;
    // Step 8: back to the Glicko scale.
    Rating {
        rating: SCALE * new_mu + 1500.0,
        deviation: SCALE * new_phi,
        volatility: new_sigma,
    }
}
