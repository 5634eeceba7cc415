//! Criterion benchmarks of the engine: `cargo bench --bench engine` (filter with a name, e.g.
//! `cargo bench --bench engine -- contest`).
//!
//! - `contest/*`: the contest solvers on the largest inputs, the very bytes that
//!   `benches/compare.sh` feeds to `grundy solve` and the C++ references (seed 7 of
//!   `benches/support/contest_inputs.rs`). In process the coin row's SG tables are built once
//!   and then cached, so these numbers leave out that one-time cost; compare.sh includes it.
//! - `contest_curriculum/*`: the same for every curriculum format (`p2197` … `fibnim`).
//! - `nim_sum/*`, `parts/*`, `ai_perfect/*`, `winning_move/*`, `stalling_move/*`: the hot paths
//!   of a turn on the largest boards (random 100 × 100 grid, 30000-coin row, 10^6 boxes), from
//!   a winning position (random) and a losing one (the random one after a winning move).
//! - `exact/*`: the remoteness search the AI runs near the end of a game: `solution/*` the
//!   games' compact search (`ExactSolution::new`), `generic/*` the generic walk over whole
//!   positions it replaced (`ExactSolution::generic`, kept as the reference) on the same
//!   positions, and `ai_perfect/*` the AI's whole exact move.
//! - `worst/*`: the AI's move and the analysis (`grundy analyze`) on the positions that used to
//!   take seconds: long boards with few pieces, the sparse-board family (k pieces or tails
//!   coins at random on the largest boards), full boards just past the budget, small grids.
//! - `analysis/*`: what the TUI's hint mode computes for the large positions.
//! - `puzzles/*`: puzzle sheets of 1000 (`grundy puzzles`) at every game and difficulty, and
//!   of 10 at those that took minutes before issue 30.
//! - `worst_curriculum/*`: issue 15's table of the curriculum games and sums (Stair Nim and E&D
//!   analyses, Lieges, 64-component sums, dense DAGs, many queens, long lines) and the worst
//!   cases found hunting for more, the positions `benches/worst_curriculum.sh` measures from
//!   outside.
//!
//! The generic engine (`Analysis::new`, `choose_move`, `ExactSolution::new`) is instantiated
//! here, in the bench crate; the small `Nimber` operators are `#[inline]` so that it runs as
//! it does inside the binary (before they were, `analysis/*` measured 1.2 to 4.7 times slower
//! here than in the binary).

use std::hint::black_box;
use std::time::Duration;

use criterion::{
    BenchmarkId, Criterion, SamplingMode, Throughput, criterion_group, criterion_main,
};
use grundy::ai::{EXACT_BUDGET, Level, choose_move};
use grundy::analysis::{ANALYSIS_BUDGET, ANALYSIS_MOVES, Analysis};
use grundy::game::{Impartial, Notation};
use grundy::games::coins::{self, CoinRow};
use grundy::games::dodgeball::{self, Dodgeball};
use grundy::games::grid::{self, CoinGrid};
use grundy::solver::ExactSolution;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

#[path = "support/contest_inputs.rs"]
mod contest_inputs;
#[path = "support/worst_positions.rs"]
mod worst_positions;

use grundy::games::{AnyPosition, with_position};
use grundy::record::{LINE_TIME, principal_line_shared};
use grundy::solver::SolutionCache;
use worst_positions::Ask;

/// The seed `benches/compare.sh` uses.
const CONTEST_SEED: u64 = 7;

fn contest(c: &mut Criterion) {
    let mut group = c.benchmark_group("contest");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3));
    for game in contest_inputs::GAMES {
        let input = contest_inputs::generate(game, CONTEST_SEED).expect("a known game");
        let solve: fn(&[u8]) -> Result<String, grundy::input::InputError> = match game {
            "coins" => coins::solve,
            "grid" => grid::solve,
            _ => dodgeball::solve,
        };
        let answers = solve(input.as_bytes()).expect("generated input is valid");
        let expected = match game {
            "coins" => 100,
            "grid" => 50,
            _ => 1000,
        };
        assert_eq!(answers.lines().count(), expected, "{game}");
        group.throughput(Throughput::Bytes(input.len() as u64));
        group.bench_with_input(
            BenchmarkId::new(game, describe_input(game)),
            &input,
            |b, i| b.iter(|| solve(black_box(i.as_bytes()))),
        );
    }
    group.finish();
}

/// The curriculum's contest formats on their largest inputs (the bytes compare.sh feeds to
/// `grundy solve` and the C++ references), in process.
fn contest_curriculum(c: &mut Criterion) {
    let mut group = c.benchmark_group("contest_curriculum");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(2));
    for name in contest_inputs::CURRICULUM {
        let input = contest_inputs::generate(name, CONTEST_SEED).expect("a known format");
        let format = grundy::contest::named(name).expect("a format of the table");
        let solve = |input: &[u8]| match format.read {
            grundy::contest::Read::Whole(solve) => solve(input),
            grundy::contest::Read::Stream(_, solve_from) => {
                solve_from(&mut grundy::input::Reader::new(input))
            }
        };
        solve(input.as_bytes()).expect("generated input is valid");
        group.throughput(Throughput::Bytes(input.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(name), &input, |b, i| {
            b.iter(|| solve(black_box(i.as_bytes())))
        });
    }
    group.finish();
}

fn describe_input(game: &str) -> &'static str {
    match game {
        "coins" => "100x_n30000",
        "grid" => "50x_100x100",
        _ => "1000_k~1e9",
    }
}

/// A won position (`random`) and a lost one: the same after one of its winning moves.
fn won_and_lost<P: Impartial>(random: P) -> [(&'static str, P); 2] {
    let mut rng = StdRng::seed_from_u64(11);
    assert!(!random.nim_sum().is_zero(), "the random position is won");
    let mv = random
        .winning_move(&mut rng)
        .expect("a won position has a winning move");
    let lost = random.clone().play(mv).expect("a winning move is legal");
    assert!(lost.nim_sum().is_zero());
    [("won", random), ("lost", lost)]
}

fn large_grids() -> [(&'static str, CoinGrid); 2] {
    won_and_lost(CoinGrid::random(100, 100, &mut StdRng::seed_from_u64(1)))
}

fn large_rows() -> [(&'static str, CoinRow); 2] {
    won_and_lost(CoinRow::random(30000, 20, &mut StdRng::seed_from_u64(2)))
}

fn large_boards() -> [(&'static str, Dodgeball); 2] {
    won_and_lost(Dodgeball::random(1_000_000, &mut StdRng::seed_from_u64(3)))
}

/// nim_sum, parts, choose_move (perfect), winning_move and stalling_move on `positions`.
fn hot_paths<P: Impartial>(c: &mut Criterion, game: &str, positions: &[(&str, P)]) {
    let (_, won) = &positions[0];
    for (what, bench) in [
        ("nim_sum", (|p: &P| p.nim_sum().is_zero()) as fn(&P) -> bool),
        ("parts", |p: &P| p.parts().len() > 1),
    ] {
        c.benchmark_group(what)
            .sample_size(20)
            .measurement_time(Duration::from_secs(2))
            .bench_function(format!("{game}/won"), |b| b.iter(|| bench(black_box(won))));
    }
    let mut group = c.benchmark_group("ai_perfect");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(2));
    for (label, position) in positions {
        let mut rng = StdRng::seed_from_u64(5);
        group.bench_function(format!("{game}/{label}"), |b| {
            b.iter(|| choose_move(black_box(position), Level::Perfect, &mut rng))
        });
    }
    group.finish();
    let (_, lost) = &positions[1];
    let mut rng = StdRng::seed_from_u64(6);
    c.benchmark_group("winning_move")
        .sample_size(20)
        .measurement_time(Duration::from_secs(2))
        .bench_function(format!("{game}/won"), |b| {
            b.iter(|| black_box(won).winning_move(&mut rng))
        });
    c.benchmark_group("stalling_move")
        .sample_size(20)
        .measurement_time(Duration::from_secs(2))
        .bench_function(format!("{game}/lost"), |b| {
            b.iter(|| black_box(lost).stalling_move(&mut rng))
        });
}

fn engine_hot_paths(c: &mut Criterion) {
    hot_paths(c, "grid_100x100", &large_grids());
    hot_paths(c, "coins_n30000_q20", &large_rows());
    hot_paths(c, "dodgeball_n1e6", &large_boards());
}

/// The exact search (`ExactSolution::new` with the AI's budget), the generic walk on the same
/// position (when `generic`), and the AI's exact move on a position of `expected` reachable
/// positions.
fn exact_one<P: Impartial + Notation>(
    c: &mut Criterion,
    name: &str,
    code: &str,
    expected: usize,
    generic: bool,
) {
    let position = P::from_code(code).expect("a valid code");
    let solved = ExactSolution::new(&position, EXACT_BUDGET).expect("within the budget");
    assert!(solved.is_compact());
    assert_eq!(solved.len(), expected, "{code}");
    let mut group = c.benchmark_group("exact");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3))
        .sampling_mode(SamplingMode::Flat)
        .throughput(Throughput::Elements(expected as u64));
    group.bench_function(format!("solution/{name}"), |b| {
        b.iter(|| ExactSolution::new(black_box(&position), EXACT_BUDGET).map(|s| s.len()))
    });
    if generic {
        let reference = ExactSolution::generic(&position, usize::MAX).expect("small enough");
        assert_eq!(reference.len(), expected);
        assert_eq!(reference.root(), solved.root());
        group.bench_function(format!("generic/{name}"), |b| {
            b.iter(|| ExactSolution::generic(black_box(&position), usize::MAX).map(|s| s.len()))
        });
    }
    let mut rng = StdRng::seed_from_u64(8);
    group.bench_function(format!("ai_perfect/{name}"), |b| {
        b.iter(|| choose_move(black_box(&position), Level::Perfect, &mut rng))
    });
    group.finish();
}

fn exact(c: &mut Criterion) {
    // The full board of 32 boxes: 2^16 = 65536 reachable positions.
    let full = |n: usize| format!("dodgeball:{}", "1".repeat(n));
    exact_one::<Dodgeball>(c, "dodgeball_full32", &full(32), 65_536, true);
    // 22 tails coins, MAXQ 3: 97536 reachable positions.
    let tails = |n: usize| "T".repeat(n);
    exact_one::<CoinRow>(
        c,
        "coins_T22_q3",
        &format!("coins:3:{}", tails(22)),
        97_536,
        true,
    );
    // The grid (a win in one move) and the 3 × 4 board of tails.
    exact_one::<CoinGrid>(c, "grid_THHH_TTTH_TTTT", "grid:THHH/TTTH/TTTT", 2_488, true);
    exact_one::<CoinGrid>(c, "grid_TTTT_TTTT_TTTT", "grid:TTTT/TTTT/TTTT", 4_096, true);
    // Near the budget of 10^6 positions.
    exact_one::<Dodgeball>(c, "dodgeball_full38", &full(38), 524_288, false);
    exact_one::<CoinRow>(
        c,
        "coins_T27_q3",
        &format!("coins:3:{}", tails(27)),
        784_896,
        false,
    );
}

/// A board of `n` boxes with pieces in `boxes`, or a row of `n` coins with tails `coins`.
fn dodgeball_with(n: usize, boxes: &[usize]) -> Dodgeball {
    let mut pieces = vec![false; n];
    for &b in boxes {
        pieces[b - 1] = true;
    }
    Dodgeball::new(&pieces).expect("a valid board")
}

fn coins_with(n: usize, maxq: u32, tails: &[usize]) -> CoinRow {
    let mut faces = vec![grundy::games::Face::Heads; n];
    for &t in tails {
        faces[t - 1] = grundy::games::Face::Tails;
    }
    CoinRow::new(maxq, &faces).expect("a valid row")
}

/// The AI's move and `analyze` (all moves ranked) on `position`.
fn worst_one<P: Impartial>(c: &mut Criterion, name: &str, position: &P) {
    let mut group = c.benchmark_group("worst");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(2))
        .sampling_mode(SamplingMode::Flat);
    let mut rng = StdRng::seed_from_u64(9);
    group.bench_function(format!("ai_perfect/{name}"), |b| {
        b.iter(|| choose_move(black_box(position), Level::Perfect, &mut rng))
    });
    group.bench_function(format!("analyze/{name}"), |b| {
        b.iter(|| Analysis::new(black_box(position), 40, EXACT_BUDGET))
    });
    group.finish();
}

fn worst(c: &mut Criterion) {
    const MILLION: usize = Dodgeball::MAX_N;
    worst_one(
        c,
        "dodgeball_1to6_of_1e5",
        &dodgeball_with(100_000, &[1, 2, 3, 4, 5, 6]),
    );
    worst_one(
        c,
        "dodgeball_1to6_of_1e6",
        &dodgeball_with(MILLION, &[1, 2, 3, 4, 5, 6]),
    );
    worst_one(
        c,
        "dodgeball_1to4_of_1e6",
        &dodgeball_with(MILLION, &[1, 2, 3, 4]),
    );
    worst_one(
        c,
        "dodgeball_1357_of_1e6",
        &dodgeball_with(MILLION, &[1, 3, 5, 7]),
    );
    worst_one(c, "dodgeball_full40", &Dodgeball::full(40));
    worst_one(c, "dodgeball_full45", &Dodgeball::full(45));
    worst_one(
        c,
        "dodgeball_random3000",
        &Dodgeball::random(3000, &mut StdRng::seed_from_u64(12)),
    );
    worst_one(
        c,
        "coins_n30000_q20_T108_4096",
        &coins_with(30_000, 20, &[108, 4096]),
    );
    worst_one(
        c,
        "grid_4x4_all_T",
        &CoinGrid::from_code("grid:TTTT/TTTT/TTTT/TTTT").unwrap(),
    );
    // The sparse family: k pieces (tails coins) at random in the lower half of the largest
    // board, the place where pieces can still move.
    let mut rng = StdRng::seed_from_u64(13);
    for k in [2, 4, 6, 8, 12] {
        let boxes: Vec<usize> = (0..k).map(|_| rng.random_range(1..=MILLION / 2)).collect();
        worst_one(
            c,
            &format!("sparse_dodgeball_1e6_k{k}"),
            &dodgeball_with(MILLION, &boxes),
        );
        let coins: Vec<usize> = (0..k).map(|_| rng.random_range(1..=30_000)).collect();
        worst_one(
            c,
            &format!("sparse_coins_30000_q20_k{k}"),
            &coins_with(30_000, 20, &coins),
        );
    }
}

fn analysis_of<P: Impartial>(c: &mut Criterion, game: &str, positions: &[(&str, P)]) {
    let mut group = c.benchmark_group("analysis");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(2));
    for (label, position) in positions {
        group.bench_function(format!("{game}/{label}"), |b| {
            b.iter(|| Analysis::new(black_box(position), ANALYSIS_MOVES, ANALYSIS_BUDGET))
        });
    }
    group.finish();
}

fn analysis(c: &mut Criterion) {
    analysis_of(c, "grid_100x100", &large_grids());
    analysis_of(c, "coins_n30000_q20", &large_rows());
    analysis_of(c, "dodgeball_n1e6", &large_boards());
}

/// Issue 15's table and the worst cases found hunting (benches/support/worst_positions.rs, the
/// positions `benches/worst_curriculum.sh` measures from outside): the AI's move
/// (`grundy move`), the analysis (`grundy analyze`, 40 moves listed) and the analysis with the
/// principal line, in process (parsing left out).
fn worst_curriculum(c: &mut Criterion) {
    let mut group = c.benchmark_group("worst_curriculum");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .sampling_mode(SamplingMode::Flat);
    for case in worst_positions::cases(15) {
        let position = AnyPosition::from_code(&case.code).expect("the cases parse");
        with_position!(&position, p => {
            group.bench_function(case.name, |b| match case.ask {
                Ask::Move => b.iter(|| {
                    choose_move(black_box(p), Level::Perfect, &mut StdRng::seed_from_u64(1))
                }),
                Ask::Analyze => b.iter(|| Analysis::new(black_box(p), 40, EXACT_BUDGET)),
                Ask::Line(plies) => b.iter(|| {
                    let cache = SolutionCache::new(EXACT_BUDGET);
                    let analysis = Analysis::shared(black_box(p), 40, &cache);
                    let line = principal_line_shared(p, plies as usize, &cache, Some(LINE_TIME));
                    (analysis.moves.len(), line.moves.len())
                }),
            });
        });
    }
    group.finish();
}

/// Misère (`anti:`) and Every-SG (`every:`) codes: the decision made when the code is read
/// (the SJ theorem's walk, the misère search, the step counts), at the sizes where it is
/// answered and at those where it is refused — a refusal must come inside the budget too
/// (`anti:kayles:1000000` listed a million children per position and ran for minutes).
fn misere_every(c: &mut Criterion) {
    let mut group = c.benchmark_group("misere_every");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .sampling_mode(SamplingMode::Flat);
    for code in [
        "anti:kayles:12,13",
        "anti:kayles:40",
        "anti:kayles:1000000",
        "anti:grundy:100",
        "anti:grundy:30000",
        "anti:octal:0.137:30,20",
        "anti:octal:0.137:1000000,5,7",
        "anti:nim:1000000000000000000,5,7",
        "every:kayles:20",
        "every:grundy:200",
        "every:octal:0.137:1000000,5,7",
    ] {
        group.bench_function(code, |b| {
            b.iter(|| AnyPosition::from_code(black_box(code)).is_ok())
        });
    }
    group.finish();
}

/// The Lab's long tables: Dawson's chess 0.137 to 10^6 (its period proved, then read
/// through), Grundy's game to 4·10^4 (its bound) and 10^6, and the octal codes with long
/// tables by the sparse-space method — each beside `benches/c/sparse_space.c`, the same method
/// in C (built here with `cc -O2`; skipped with a message without a C compiler), so one
/// `cargo bench --bench engine -- lab_tables` gives both columns. The C side is timed as a
/// process (its start, about a millisecond, is in it).
fn lab_tables(c: &mut Criterion) {
    use grundy::games::heaps::values::grundy_table;
    use grundy::lab::OctalCode;
    let mut group = c.benchmark_group("lab_tables");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .sampling_mode(SamplingMode::Flat);
    let dawson_chess = OctalCode::parse("0.137").expect("a code");
    group.bench_function("octal 0.137 to 10^6", |b| {
        b.iter(|| dawson_chess.values(black_box(1_000_000)).len())
    });
    group.bench_function("grundy's game to 4·10^4", |b| {
        b.iter(|| grundy_table(black_box(40_000)).len())
    });
    let reference = c_reference();
    group.measurement_time(Duration::from_secs(30));
    for (name, n) in [
        ("grundy", 1_000_000u64),
        ("0.6", 1_000_000),
        ("0.354", 1_000_000),
    ] {
        let rust = format!("{name} to 10^6");
        if name == "grundy" {
            group.bench_function(&rust, |b| b.iter(|| grundy_table(black_box(n)).len()));
        } else {
            // The sparse-space table itself (no period is proved for these to 10^6).
            let code = OctalCode::parse(name).expect("a code");
            group.bench_function(&rust, |b| b.iter(|| code.values(black_box(n)).len()));
        }
        if let Some((_dir, binary)) = &reference {
            group.bench_function(format!("C {name} to 10^6"), |b| {
                b.iter(|| {
                    let out = std::process::Command::new(binary)
                        .args([name, &n.to_string()])
                        .output()
                        .expect("the C reference runs");
                    assert!(out.status.success());
                    out.stdout.len()
                })
            });
        }
    }
    group.finish();
}

/// `benches/c/sparse_space.c` built with `cc -O2` into a temporary folder, or `None` with a
/// message when there is no C compiler.
fn c_reference() -> Option<(tempfile::TempDir, std::path::PathBuf)> {
    let dir = tempfile::tempdir().ok()?;
    let binary = dir.path().join("sparse_space");
    let source = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/c/sparse_space.c");
    match std::process::Command::new("cc")
        .args(["-O2", "-o"])
        .arg(&binary)
        .arg(source)
        .status()
    {
        Ok(status) if status.success() => Some((dir, binary)),
        other => {
            eprintln!("lab_tables: the C reference is skipped: no C compiler ({other:?})");
            None
        }
    }
}

/// `grundy puzzles --count 1000` at every game and difficulty (issue 30's budget: at most 10 s
/// and 100 MB each), and the sheet of 10 (at most 250 ms) at the ones that took longest before
/// issue 30. `cargo bench --bench engine -- puzzles` (about 15 minutes; `-- puzzles/grid` for
/// one game).
fn puzzles(c: &mut Criterion) {
    let mut group = c.benchmark_group("puzzles");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_secs(2))
        .sampling_mode(SamplingMode::Flat);
    let sheet = |game: &str, count: usize, difficulty: u8| {
        grundy::puzzles::sheet(game, count, difficulty, black_box(1))
            .expect("a sheet")
            .len()
    };
    for game in grundy::puzzles::games() {
        for difficulty in grundy::puzzles::DIFFICULTIES {
            let id = BenchmarkId::new(format!("{game}_d{difficulty}"), 1000);
            group.bench_function(id, |b| b.iter(|| sheet(game, 1000, difficulty)));
        }
    }
    let slowest_before = [
        ("fibnim", 4),
        ("fibnim", 5),
        ("wythoff", 3),
        ("grid", 5),
        ("dawson", 5),
        ("lieges", 5),
    ];
    for (game, difficulty) in slowest_before {
        let id = BenchmarkId::new(format!("{game}_d{difficulty}"), 10);
        group.bench_function(id, |b| b.iter(|| sheet(game, 10, difficulty)));
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_secs(1));
    targets = contest, contest_curriculum, engine_hot_paths, exact, worst, analysis,
        worst_curriculum, misere_every, lab_tables, puzzles
}
criterion_main!(benches);
