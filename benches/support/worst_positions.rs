//! The positions of issue 15's table and the worst ones found hunting for them, generated from
//! a seed: shared by `examples/worst_positions.rs` (which writes each code to a file, for
//! measuring `grundy move` / `grundy analyze` from outside with `/usr/bin/time -v`) and the
//! `worst_curriculum` group of `benches/engine.rs` (which runs the same engine calls in
//! process). Included with `#[path]` from each of them.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// What is asked of a position: the AI's move, the analysis, or the analysis with a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    Move,
    Analyze,
    /// `analyze --line N`.
    Line(u32),
}

/// One case: a name for files and benchmarks, what is asked, and the position's code.
pub struct Case {
    pub name: &'static str,
    pub ask: Ask,
    pub code: String,
}

fn numbers(values: impl IntoIterator<Item = u64>) -> String {
    values
        .into_iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// `count` E&D pairs of random heaps 1..=10^6.
fn ed(rng: &mut StdRng, pairs: usize) -> String {
    format!(
        "ed:{}",
        numbers((0..2 * pairs).map(|_| rng.random_range(1..=1_000_000)))
    )
}

/// `pairs` random E&D pairs, each given twice: equal pairs cancel, so the nim-sum is 0 and
/// the player to move stalls.
fn ed_lost(rng: &mut StdRng, pairs: usize) -> String {
    let heaps: Vec<u64> = (0..pairs)
        .flat_map(|_| {
            let (x, y) = (
                rng.random_range(1..=1_000_000),
                rng.random_range(1..=1_000_000),
            );
            [x, y, x, y]
        })
        .collect();
    format!("ed:{}", numbers(heaps))
}

/// 1000 stairs of random heights 0..=10^6.
fn stairs(rng: &mut StdRng) -> Vec<u64> {
    (0..1000).map(|_| rng.random_range(0..=1_000_000)).collect()
}

/// `count` heaps near 10^6 (within 1000 of it).
fn near_million(rng: &mut StdRng, count: usize) -> Vec<u64> {
    (0..count)
        .map(|_| rng.random_range(999_000..=1_000_000))
        .collect()
}

/// A coin row of `n` coins, all tails.
fn coins_all_tails(maxq: u32, n: usize) -> String {
    format!("coins:{maxq}:{}", "T".repeat(n))
}

/// The complete DAG on `n` vertices (an edge i → j for every i < j) with `tokens` tokens on
/// vertex 1.
fn complete_dag(n: u32, tokens: usize) -> String {
    let edges: Vec<String> = (1..=n)
        .flat_map(|i| (i + 1..=n).map(move |j| format!("{i}>{j}")))
        .collect();
    format!(
        "dag:{n}:{}:{}",
        edges.join(","),
        numbers(std::iter::repeat_n(1, tokens))
    )
}

/// The 64-component sum of the table: eight of each of Lieges rows, Grundy's game rows of 100
/// heaps ≤ 10^4, Kayles 100 rows ≤ 10^6, E&D 20 pairs, 20 queens at (300, 300), a coin row of
/// 3000 tails, a 50 × 50 grid of tails and a 3000-box dodgeball.
fn mixed_sum(rng: &mut StdRng) -> String {
    let mut parts = Vec::new();
    for _ in 0..8 {
        parts.push(format!("lieges:9:{}", numbers(near_million(rng, 100))));
        parts.push(format!(
            "grundy:{}",
            numbers((0..100).map(|_| rng.random_range(1..=10_000)))
        ));
        parts.push(format!(
            "kayles:{}",
            numbers((0..100).map(|_| rng.random_range(1..=1_000_000)))
        ));
        parts.push(ed(rng, 20));
        parts.push(format!("wythoff:{}", numbers(std::iter::repeat_n(300, 40))));
        parts.push(coins_all_tails(rng.random_range(1..=20), 3000));
        parts.push(format!("grid:{}", vec!["T".repeat(50); 50].join("/")));
        parts.push(format!("dodgeball:{}", "1".repeat(3000)));
    }
    parts.join("+")
}

/// The table's cases, then the worst found hunting: each big position asked both ways, lost
/// positions (the stalling heuristics), and dense graphs.
pub fn cases(seed: u64) -> Vec<Case> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut add = |name, ask, code: String| out.push(Case { name, ask, code });
    // The table of issue 15.
    add("ed_50_analyze", Ask::Analyze, ed(&mut rng, 50));
    add("ed_100_analyze", Ask::Analyze, ed(&mut rng, 100));
    add("ed_500_analyze", Ask::Analyze, ed(&mut rng, 500));
    let steps = stairs(&mut rng);
    add(
        "stairs_1000_analyze",
        Ask::Analyze,
        format!("stairs:{}", numbers(steps.iter().copied())),
    );
    add(
        "stairs_1000_move",
        Ask::Move,
        format!("stairs:{}", numbers(steps.iter().copied())),
    );
    let lieges: Vec<String> = (0..64)
        .map(|_| format!("lieges:9:{}", numbers(near_million(&mut rng, 1000))))
        .collect();
    add("lieges_sum_64_move", Ask::Move, lieges.join("+"));
    let mixed = mixed_sum(&mut rng);
    add("mixed_sum_64_move", Ask::Move, mixed.clone());
    add("lieges_one_move", Ask::Move, "lieges:9:1000000".to_string());
    add("dag_200_1000_move", Ask::Move, complete_dag(200, 1000));
    add(
        "queens_100_move",
        Ask::Move,
        format!("wythoff:{}", numbers((0..100).flat_map(|_| [299, 183]))),
    );
    add(
        "kayles_1000_analyze",
        Ask::Analyze,
        format!("kayles:{}", numbers(near_million(&mut rng, 1000))),
    );
    add(
        "coins_30000_line_10000",
        Ask::Line(10_000),
        coins_all_tails(20, 30000),
    );
    // Hunted: the same positions asked the other way, lost ones, the densest graphs.
    add("mixed_sum_64_analyze", Ask::Analyze, mixed);
    add("lieges_sum_64_analyze", Ask::Analyze, lieges.join("+"));
    add(
        "lieges_one_analyze",
        Ask::Analyze,
        "lieges:9:1000000".to_string(),
    );
    add("ed_500_lost_move", Ask::Move, ed_lost(&mut rng, 250));
    add("ed_500_lost_analyze", Ask::Analyze, ed_lost(&mut rng, 250));
    let mut lost = stairs(&mut rng);
    let rest = lost
        .iter()
        .skip(1)
        .step_by(2)
        .skip(1)
        .fold(0, |a, &p| a ^ p);
    lost[1] = rest;
    add(
        "stairs_1000_lost_move",
        Ask::Move,
        format!("stairs:{}", numbers(lost.iter().copied())),
    );
    add(
        "stairs_1000_line_10000",
        Ask::Line(10_000),
        format!("stairs:{}", numbers(steps.iter().copied())),
    );
    add(
        "dag_200_1000_analyze",
        Ask::Analyze,
        complete_dag(200, 1000),
    );
    add("dag_200_999_move", Ask::Move, complete_dag(200, 999));
    add(
        "queens_100_analyze",
        Ask::Analyze,
        format!("wythoff:{}", numbers((0..100).flat_map(|_| [299, 183]))),
    );
    add(
        "queens_100_random_move",
        Ask::Move,
        format!(
            "wythoff:{}",
            numbers((0..200).map(|_| rng.random_range(200..=300)))
        ),
    );
    add(
        "kayles_1000_move",
        Ask::Move,
        format!("kayles:{}", numbers(near_million(&mut rng, 1000))),
    );
    add(
        "grundy_1000_analyze",
        Ask::Analyze,
        format!(
            "grundy:{}",
            numbers((0..1000).map(|_| rng.random_range(9_000..=10_000)))
        ),
    );
    add(
        "coprime_1000_analyze",
        Ask::Analyze,
        format!("coprime:{}", numbers(near_million(&mut rng, 1000))),
    );
    // Small enough that the exact search is tried: the deadline and the bounds decide.
    add("dag_200_2_move", Ask::Move, complete_dag(200, 2));
    add("dag_200_3_analyze", Ask::Analyze, complete_dag(200, 3));
    add("queen_200_move", Ask::Move, "wythoff:200,200".to_string());
    add(
        "queens_2_analyze",
        Ask::Analyze,
        "wythoff:40,40,40,41".to_string(),
    );
    add("nim_3_heaps_move", Ask::Move, "nim:100,100,100".to_string());
    // Issue 39's: the largest Grundy's game heap (its whole table is built; in process the
    // table is kept after the first run, so measure this one from outside), and a misère Nim
    // of 1000 heaps near 10^18 with a long line (the SJ verdict of every candidate move).
    add("grundy_40000_move", Ask::Move, "grundy:40000".to_string());
    add(
        "anti_nim_1000_line",
        Ask::Line(10_000),
        format!(
            "anti:nim:{}",
            numbers((0..1000).map(|_| rng.random_range(10u64.pow(17)..=10u64.pow(18))))
        ),
    );
    add(
        "sum_small_parts_move",
        Ask::Move,
        "nim:6,7+kayles:9+grundy:12+ed:5,6+stairs:1,2,3+wythoff:3,4+fibnim:20+dag:5:1>2,2>3,1>3,3>4,2>4,4>5:1,2"
            .to_string(),
    );
    out
}
