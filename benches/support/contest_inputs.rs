//! The largest contest inputs, generated from a seed: shared by `examples/contest_input.rs`
//! (which prints them for `benches/compare.sh`) and `benches/engine.rs` (which solves them in
//! process), so both measure the same bytes. Included with `#[path]` from each of them.

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// The seed games there are inputs for, by their command-line names.
pub const GAMES: [&str; 3] = ["coins", "grid", "dodgeball"];

/// The curriculum's contest formats there are inputs for: the heap games' formats by problem
/// (`grundy solve heaps FORMAT`), then the games with a format of their own
/// (`grundy solve GAME`).
pub const CURRICULUM: [&str; 27] = [
    "p2197", "cses1730", "cses1098", "cses1729", "abc297g", "cses2207", "cf603c", "cf87c",
    "cf2004e", "p4279", "stairs", "dag", "wythoff", "fibnim", "p2148", "dpk", "dpl", "cf1194d",
    "cf305e", "cses2208", "cf850c", "agc002e", "cf388c", "p8901", "p5970", "tioj1092", "tioj1940",
];

/// The input for `game` (a seed game of [`GAMES`] or a format of [`CURRICULUM`]) from `seed`,
/// or `None` for another name. coins: 100 cases of n = 30000 (MAXQ cycling 1..=20); grid: 50
/// boards of 100 × 100; dodgeball: 1000 values of k close to 10^9. The curriculum's inputs are
/// each format's largest (about 10^6 numbers where the limits allow), described at each arm.
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
        // 10 cases of 10^5 heaps below 10^4 (the problem's bound).
        "p2197" | "p4279" => heap_cases(&mut out, &mut rng, 10, 100_000, 1, 9_999),
        // 10^6 heaps in all, up to 10^9.
        "cses1730" | "cses1098" => heap_cases(&mut out, &mut rng, 10, 100_000, 1, 1_000_000_000),
        "cses1729" => {
            out.push_str("1000000 100\n");
            let set: Vec<String> = (0..100)
                .map(|_| rng.random_range(1..=1_000_000u64).to_string())
                .collect();
            out.push_str(&set.join(" "));
            out.push('\n');
        }
        "abc297g" => {
            let (l, r) = (
                rng.random_range(1..=1000u64),
                rng.random_range(1000..=100_000u64),
            );
            out.push_str(&format!("200000 {l} {r}\n"));
            number_line(&mut out, &mut rng, 200_000, 1, 1_000_000_000);
        }
        "cses2207" => {
            out.push_str("100000\n");
            for _ in 0..100_000 {
                out.push_str(&format!("{}\n", rng.random_range(1..=1_000_000u64)));
            }
        }
        "cf603c" => {
            let k = rng.random_range(1..=1_000_000_000u64);
            out.push_str(&format!("100000 {k}\n"));
            number_line(&mut out, &mut rng, 100_000, 1, 1_000_000_000);
        }
        "cf87c" => out.push_str("100000\n"),
        // One test of 3·10^5 heaps up to 10^7 (the sieve goes to the largest).
        "cf2004e" => heap_cases(&mut out, &mut rng, 1, 300_000, 1, 10_000_000),
        // 10 tests of 10^5 stairs.
        "stairs" => heap_cases(&mut out, &mut rng, 10, 100_000, 0, 1_000_000_000),
        "dag" => {
            // 2000 vertices, 6000 edges from a lower to a higher number, 10^5 tokens.
            let (n, m, k) = (2000u64, 6000, 100_000);
            out.push_str(&format!("{n} {m} {k}\n"));
            for _ in 0..m {
                let x = rng.random_range(1..n);
                let y = rng.random_range(x + 1..=n);
                out.push_str(&format!("{x} {y}\n"));
            }
            number_line(&mut out, &mut rng, k, 1, n);
        }
        "wythoff" => {
            for _ in 0..100_000 {
                let (a, b) = (
                    rng.random_range(0..=1_000_000_000u64),
                    rng.random_range(0..=1_000_000_000u64),
                );
                out.push_str(&format!("{a} {b}\n"));
            }
        }
        "fibnim" => {
            for _ in 0..100_000 {
                out.push_str(&format!(
                    "{}\n",
                    rng.random_range(1..=1_000_000_000_000_000u64)
                ));
            }
        }
        // 20 cases of 2·10^4 heaps up to 2·10^9 (the problem's bounds).
        "p2148" => heap_cases(&mut out, &mut rng, 20, 20_000, 1, 2_000_000_000),
        "dpk" => {
            let mut set: Vec<u64> = (0..100).map(|_| rng.random_range(1..=100_000u64)).collect();
            set.sort_unstable();
            set.dedup();
            out.push_str(&format!("{} 100000\n", set.len()));
            let list: Vec<String> = set.iter().map(u64::to_string).collect();
            out.push_str(&list.join(" "));
            out.push('\n');
        }
        "dpl" => {
            out.push_str("3000\n");
            number_line(&mut out, &mut rng, 3000, 1, 1_000_000_000);
        }
        // 10^5 tests (the problem has at most 100; more, so the time is the reading's).
        "cf1194d" => {
            out.push_str("100000\n");
            for _ in 0..100_000 {
                let (n, k) = (
                    rng.random_range(0..=1_000_000_000u64),
                    rng.random_range(3..=1_000_000_000u64),
                );
                out.push_str(&format!("{n} {k}\n"));
            }
        }
        // 5000 letters of two kinds: many cuts, long runs.
        "cf305e" => {
            out.extend((0..5000).map(|_| if rng.random_bool(0.3) { 'b' } else { 'a' }));
            out.push('\n');
        }
        // The problem's sum of n: 2·10^5 heaps in one test.
        "cses2208" => heap_cases(&mut out, &mut rng, 1, 200_000, 1, 1_000_000_000),
        // 100 numbers, half of them products of small prime powers (long exponent masks).
        "cf850c" => {
            out.push_str("100\n");
            let numbers: Vec<String> = (0..100)
                .map(|i| {
                    if i % 2 == 0 {
                        rng.random_range(1..=1_000_000_000u64)
                    } else {
                        let (mut x, mut p) = (1u64, [2u64, 3, 5, 7][i % 4]);
                        while x * p <= 1_000_000_000 && rng.random_bool(0.9) {
                            x *= p;
                            if rng.random_bool(0.2) {
                                p = [2, 3, 5, 7][rng.random_range(0..4)];
                            }
                        }
                        x
                    }
                    .to_string()
                })
                .collect();
            out.push_str(&numbers.join(" "));
            out.push('\n');
        }
        "agc002e" => {
            out.push_str("100000\n");
            number_line(&mut out, &mut rng, 100_000, 1, 1_000_000_000);
        }
        // 100 piles of 100 cards.
        "cf388c" => {
            out.push_str("100\n");
            for _ in 0..100 {
                let size = rng.random_range(99..=100u64);
                out.push_str(&format!("{size} "));
                number_line(&mut out, &mut rng, size, 1, 1000);
            }
        }
        // The problem's sum of N: two tests of 10^5 rooms up to 5·10^6 cows.
        "p8901" => heap_cases(&mut out, &mut rng, 2, 100_000, 1, 5_000_000),
        // 5·10^5 heaps, d = 10, the heaps adding up to 10^7: nine heaps near 10^6 (the widest
        // nim-sums) and the rest small.
        "p5970" => {
            out.push_str("500000 10\n");
            let mut heaps: Vec<String> = (0..9)
                .map(|_| rng.random_range(900_000..=1_000_000u64).to_string())
                .collect();
            heaps.extend((9..500_000).map(|_| rng.random_range(1..=3u64).to_string()));
            out.push_str(&heaps.join(" "));
            out.push('\n');
        }
        // 5 cases of 10^4 circles and 10^5 arrows, each arrow to a higher circle.
        "tioj1092" => {
            for case in 0..5 {
                let (n, e) = (10_000u64, 100_000);
                out.push_str(&format!("{n} {e}\n"));
                for i in 0..e {
                    let a = if i < n - 1 {
                        i + 1
                    } else {
                        rng.random_range(1..n)
                    };
                    let b = rng.random_range(a + 1..=n.min(a + 50));
                    out.push_str(&format!("{a} {b}\n"));
                }
                out.push_str(if case % 2 == 0 { "Mimi\n" } else { "Moumou\n" });
            }
            out.push_str("0 0\n");
        }
        "tioj1940" => out.push_str("2 999999999\n"),
        _ => return None,
    }
    Some(out)
}

/// `cases` cases, each a line `n` and a line of n numbers in `low..=high`, after a line with
/// the number of cases.
fn heap_cases(out: &mut String, rng: &mut StdRng, cases: usize, n: usize, low: u64, high: u64) {
    out.push_str(&format!("{cases}\n"));
    for _ in 0..cases {
        out.push_str(&format!("{n}\n"));
        number_line(out, rng, n, low, high);
    }
}

/// A line of `n` numbers in `low..=high`.
fn number_line(out: &mut String, rng: &mut StdRng, n: impl TryInto<usize>, low: u64, high: u64) {
    let n = n.try_into().unwrap_or(0);
    let numbers: Vec<String> = (0..n)
        .map(|_| rng.random_range(low..=high).to_string())
        .collect();
    out.push_str(&numbers.join(" "));
    out.push('\n');
}
