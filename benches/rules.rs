//! Criterion benchmarks of rules files: `cargo bench --bench rules`.
//!
//! - `rules/search/cses2208`: the exact search of CSES 2208 (assets/rules/cses2208.rhai) from
//!   [4, 5, 6, 7], as positions searched per second (criterion's elements/s): each position is
//!   one call of the script's `moves` and the retrograde analysis over the graph.
//! - `rules/ai_reply/*`: the AI's whole reply (the analysis within the AI's limits and the
//!   choice of a move) on every shipped example, from its `start()`: the worst reply time.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use grundy::rules::Rules;
use grundy::rules::solve::{Limits, Node, Solution, ai_limits, analyze, best_move};
use rand::SeedableRng;

fn example(name: &str) -> Rules {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("assets/rules")
        .join(name);
    Rules::load(&path).expect("a shipped example loads")
}

fn search(c: &mut Criterion) {
    let rules = example("cses2208.rhai");
    let root = Node::new(rules.parse_position("[4, 5, 6, 7]").unwrap(), 0);
    let limits = Limits::positions(1 << 22);
    let count = Solution::search(&rules, &root, &limits).unwrap().len();
    let mut group = c.benchmark_group("rules/search");
    group.throughput(Throughput::Elements(count as u64));
    group.bench_function("cses2208", |b| {
        b.iter(|| Solution::search(&rules, black_box(&root), &limits).unwrap())
    });
    group.finish();
}

const EXAMPLES: [&str; 10] = [
    "candy-piles.rhai",
    "cf388c.rhai",
    "cses2208.rhai",
    "dpl-deque.rhai",
    "graph-cycles.rhai",
    "minmax-tree.rhai",
    "mock-turtles.rhai",
    "split-equal.rhai",
    "take-by-k.rhai",
    "triangle-split.rhai",
];

fn ai_reply(c: &mut Criterion) {
    let mut group = c.benchmark_group("rules/ai_reply");
    for name in EXAMPLES {
        let rules = example(name);
        let root = Node::new(rules.start().unwrap().expect("a start"), 0);
        let mut rng = rand_chacha::ChaCha12Rng::seed_from_u64(1);
        group.bench_function(name.trim_end_matches(".rhai"), |b| {
            b.iter(|| {
                let analysis = analyze(&rules, black_box(&root), &ai_limits()).unwrap();
                best_move(&analysis, &mut rng)
            })
        });
    }
    group.finish();
}

criterion_group!(benches, search, ai_reply);
criterion_main!(benches);
