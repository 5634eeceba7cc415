//! Replayable seeds: a seed gives the same generator stream and the same random starts in
//! every release. `grundy play --seed N` and a saved game's `seed` line depend on it, so these
//! values are pinned: a change here means old seeds no longer replay (a new rand_chacha major
//! version, or a game's `random` drawing differently), and needs a deliberate decision.

use grundy::game::Notation;
use grundy::games::coins::CoinRow;
use grundy::games::dag::Dag;
use grundy::games::dodgeball::Dodgeball;
use grundy::games::grid::CoinGrid;
use grundy::setup::ReplayRng;
use rand::{Rng, SeedableRng};

const SEED: u64 = 2026;

/// ChaCha12's stream itself, from `seed_from_u64` (rand_core's documented, portable seeding).
/// rand 0.10.3's `StdRng` happens to give the same stream today (checked when this test was
/// written), so moving to `ReplayRng` changed no seed; rand does not promise it will stay so.
#[test]
fn a_seed_gives_the_same_stream() {
    let mut rng = ReplayRng::seed_from_u64(SEED);
    let first: Vec<u64> = (0..4).map(|_| rng.next_u64()).collect();
    assert_eq!(
        first,
        [
            7277142902859610732,
            1906657862272805328,
            12686899135957838703,
            11816338627841126760,
        ]
    );
}

/// The first random starts of each game that draws its own, one generator in turn.
#[test]
fn a_seed_gives_the_same_first_positions() {
    let mut rng = ReplayRng::seed_from_u64(SEED);
    let codes = [
        CoinRow::random(20, 4, &mut rng).to_code(),
        CoinRow::random(20, 4, &mut rng).to_code(),
        CoinGrid::random(5, 6, &mut rng).to_code(),
        Dodgeball::random(12, &mut rng).to_code(),
        Dag::random(&mut rng).to_code(),
    ];
    assert_eq!(
        codes,
        [
            "coins:4:HHTTHTTHHTHTTTHTTTHH",
            "coins:4:HHHHTHTTTHHTHTTTTHHT",
            "grid:TTTTHT/TTHHTH/HHHHTT/THTTHT/HTHTTT",
            "dodgeball:000000010101",
            "dag:11:1>5,1>7,2>4,2>3,3>8,3>6,4>6,4>7,4>9,5>6,6>10,6>9,7>9,8>9,9>11,10>11:5,10",
        ]
    );
}
