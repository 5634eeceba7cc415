//! Rules files played perfectly through their parts, and every call of a script bounded.
//!
//! - The AI on a game with `fn parts` (split-equal, triangle-split, Mock Turtles, Paint Chain):
//!   from every won position as far as a table reaches within a second's work, its move leaves
//!   a position of value 0 (against the table), and the analysis gives the verdict; Paint
//!   Chain's verdicts against a search of the beads written here from the rules.
//! - The attack scripts (a script that sleeps, loops in `gain` or `describe`, never ends,
//!   returns 10⁴ moves, nests arrays or maps deep, doubles a function pointer): each answer
//!   refuses or answers within its budget, measured by the operations the calls spent and the
//!   bytes the tables hold (counts, not a clock), and random scripts made of those pieces too.

use std::collections::HashMap;

use grundy::rules::budget::{self, Budget};
use grundy::rules::solve::{self, Limits, Node, Reason, Verdict, analyze, best_move};
use grundy::rules::{Cause, MAX_OPERATIONS, Problem, Rules, Value, examples};
use rand::SeedableRng;

fn shipped(file: &str) -> Rules {
    examples::example(file)
        .unwrap_or_else(|| panic!("{file} is shipped"))
        .rules()
        .unwrap_or_else(|e| panic!("{e}"))
}

/// About a second of script on a release build: what a table reaches in that time.
const SECOND: u64 = 40_000_000;

/// The value of `s` through its parts, from the game's table.
fn value(rules: &Rules, s: &Value) -> u64 {
    solve::value_of(rules, s, &Limits::positions(4_000_000))
        .unwrap_or_else(|e| panic!("{e}"))
        .unwrap_or_else(|| panic!("{s} has a value"))
}

/// The heaps 0, 1, … valued within a second's work (at most `cap`): how far the table goes.
fn reach(rules: &Rules, cap: i64) -> i64 {
    let second = Budget {
        operations: SECOND,
        deadline: None,
    };
    budget::answer(second, || {
        let limits = Limits::positions(4_000_000);
        (0..=cap)
            .take_while(|&n| {
                solve::value_of(rules, &Value::Int(n), &limits)
                    .unwrap_or_else(|e| panic!("{e}"))
                    .is_some()
            })
            .last()
            .unwrap_or(0)
    })
}

/// From each won position of `positions`, the AI's move (under the AI's limits and an
/// answer's budget) leaves value 0, and the analysis says the position is won; from a lost
/// one, the analysis says so. Returns how many were won.
fn ai_wins_everywhere(rules: &Rules, positions: &[Value]) -> usize {
    let mut rng = grundy::setup::ReplayRng::seed_from_u64(7);
    let mut won = 0;
    for s in positions {
        let v = value(rules, s);
        let root = Node::new(s.clone(), 0);
        let analysis = budget::answer(Budget::answer(), || {
            analyze(rules, &root, &solve::ai_limits())
        })
        .unwrap_or_else(|e| panic!("{s}: {e}"));
        let judgement = analysis
            .judgement
            .unwrap_or_else(|| panic!("{s}: the verdict is known"));
        assert_eq!(judgement.verdict == Verdict::Win, v != 0, "{s}");
        if v == 0 {
            continue;
        }
        won += 1;
        let (step, reason) = best_move(&analysis, &mut rng).expect("a move");
        assert_eq!(
            value(rules, &step.to.position),
            0,
            "{s} → {}",
            step.to.position
        );
        assert!(matches!(reason, Reason::Win(_)), "{s}: {reason:?}");
    }
    won
}

fn ints(range: std::ops::RangeInclusive<i64>) -> Vec<Value> {
    range.map(Value::Int).collect()
}

fn pairs(max: i64) -> Vec<Value> {
    let mut out = Vec::new();
    for a in 1..=max {
        for b in a..=max {
            out.push(Value::Array(vec![Value::Int(a), Value::Int(b)].into()));
        }
    }
    out
}

#[test]
fn split_equal_is_played_perfectly_through_its_parts() {
    let r = shipped("split-equal.rhai");
    let n = reach(&r, 100);
    assert!(n >= 30, "the table reaches {n}");
    let mut positions = ints(1..=n);
    positions.extend(pairs(12));
    assert!(ai_wins_everywhere(&r, &positions) > 30);
    // The case: 30 is won (SG 3), and the analysis says so at once.
    let root = Node::new(Value::Int(30), 0);
    let analysis = analyze(&r, &root, &solve::ai_limits()).unwrap();
    assert_eq!(analysis.judgement.and_then(|j| j.value), Some(3));
    assert!(analysis.moves.iter().all(|m| m.judgement.is_some()));
}

#[test]
fn triangle_split_is_played_perfectly_through_its_parts() {
    let r = shipped("triangle-split.rhai");
    let n = reach(&r, 100);
    assert!(n >= 30, "the table reaches {n}");
    let mut positions = ints(1..=n);
    positions.extend(pairs(12));
    assert!(ai_wins_everywhere(&r, &positions) > 20);
}

#[test]
fn mock_turtles_is_played_perfectly_through_its_parts() {
    let r = shipped("mock-turtles.rhai");
    let mut positions = Vec::new();
    for len in 1..=7u32 {
        for bits in 0..(1u32 << len) {
            let row: String = (0..len)
                .map(|i| if bits >> i & 1 == 1 { 'H' } else { 'T' })
                .collect();
            positions.push(Value::Str(row.into()));
        }
    }
    // Longer rows, past a whole search: through the parts only.
    let mut seed = 11u64;
    for _ in 0..40 {
        let row: String = (0..24)
            .map(|_| {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
                if seed >> 62 == 0 { 'H' } else { 'T' }
            })
            .collect();
        positions.push(Value::Str(row.into()));
    }
    assert!(ai_wins_everywhere(&r, &positions) > 100);
}

/// Whether the player to move wins a Paint Chain position, searched bead by bead from the
/// rules: `painted` a mask of the `n` beads (a circle when `circle`), a move paints 3
/// consecutive unpainted beads.
fn paint_wins(painted: u32, n: u32, circle: bool, memo: &mut HashMap<u32, bool>) -> bool {
    let starts = if circle { n } else { n.saturating_sub(2) };
    let options = |&painted: &u32| -> Vec<u32> {
        (0..starts)
            .map(|start| (0..3).map(|k| 1 << ((start + k) % n)).sum::<u32>())
            .filter(|run| n >= 3 && painted & run == 0)
            .map(|run| painted | run)
            .collect()
    };
    crate::brute::normal_play_wins(&painted, &options, memo)
}

#[test]
fn paint_chain_against_the_beads() {
    let r = shipped("paint-chain.rhai");
    for n in 0..=16u32 {
        for circle in [false, true] {
            let text = if circle {
                format!("[\"circle\", {n}]")
            } else {
                n.to_string()
            };
            let s = r.parse_position(&text).unwrap();
            let expected = paint_wins(0, n, circle, &mut HashMap::new());
            assert_eq!(value(&r, &s) != 0, expected, "{text}");
            let root = Node::new(s, 0);
            let analysis = analyze(&r, &root, &solve::ai_limits()).unwrap();
            let verdict = analysis.judgement.expect("a verdict").verdict;
            assert_eq!(verdict == Verdict::Win, expected, "{text}");
        }
    }
    let n = reach(&r, 120);
    assert!(n >= 30, "the table reaches {n}");
    let mut positions = ints(1..=n);
    positions.extend(
        (1..=n).map(|n| Value::Array(vec![Value::Str("circle".into()), Value::Int(n)].into())),
    );
    positions.extend(pairs(12));
    assert!(ai_wins_everywhere(&r, &positions) > 30);
}

// ---- the bounds ----

/// The attack scripts: each one line, with the position it is tried on.
const ATTACKS: &[(&str, &str)] = &[
    ("fn moves(s) { sleep(30); [] }", "1"),
    ("fn moves(s) { call(Fn(\"sleep\"), 30); [] }", "1"),
    (
        "fn moves(s) { if s > 0 { [s - 1] } else { [] } } fn describe(s, t) { sleep(100000); \"zz\" }",
        "3",
    ),
    (
        "fn moves(s) { if s > 0 { [s - 1] } else { [] } } fn describe(s, t) { loop { } }",
        "3",
    ),
    (
        "fn moves(s) { let out = []; for i in 1..=40 { if s >= i { out.push(s - i); } } out } \
         fn gain(s, t) { let n = 0; while n < 300000 { n += 1; } s - t }",
        "1000000",
    ),
    ("fn moves(s) { [s + 1] }", "0"),
    ("fn moves(s) { [s + 1] } fn parts(s) { [s] }", "0"),
    (
        "fn moves(s) { if s < 10000000 { [s + 1, s + 2] } else { [] } } fn parts(s) { [s] }",
        "0",
    ),
    (
        "fn moves(s) { let out = []; for i in 0..9999 { out.push(s * 10000 + i); } out }",
        "1",
    ),
    (
        "fn moves(s) { let a = []; for i in 0..99000 { a = [a]; } [] }",
        "1",
    ),
    (
        "fn moves(s) { let a = []; for i in 0..50000 { a = [a]; } [a] }",
        "1",
    ),
    (
        "fn moves(s) { let m = #{}; for i in 0..9000 { m = #{a: m}; } [] }",
        "1",
    ),
    (
        "fn moves(s) { let a = []; for i in 0..4000 { a = [#{a: a}]; } [] }",
        "1",
    ),
    (
        "fn moves(s) { let f = Fn(\"id\"); for i in 0..30 { f = f.curry(f); } [] } fn id(x) { x }",
        "1",
    ),
    (
        "fn moves(s) { let out = []; for i in 0..24 { out.push(s + 1 + i); } out } \
         fn parts(s) { let p = []; for i in 0..4000 { p.push(s); } p }",
        "0",
    ),
    (
        "fn moves(s) { let t = \"x\"; while t.len() < 100000 { t += t; } [] }",
        "1",
    ),
    (
        "fn moves(s) { if s > 0 { [s - 1] } else { [] } } fn show(s) { loop { } }",
        "3",
    ),
    ("fn moves(s) { [] } fn name() { loop { } }", "1"),
    ("fn moves(s) { [] } fn misere() { loop { } }", "1"),
    ("fn moves(s) { [] } fn start() { loop { } }", "1"),
];

/// What one answer spent: the operations of its calls.
fn spent_by<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let before = budget::spent();
    let result = f();
    (result, budget::spent() - before)
}

/// Every attack, as `analyze` and the AI answer it and as `sg` tabulates it: each answer
/// ends within its count of operations (one call's limit past it at most: a call is charged
/// when it ends), and a table holds no more than its bytes.
/// Runs `f` on a thread with the stack the terminal game gives its script worker (a test
/// thread has 2 MB; Rhai walks and drops a value as deep as the size limits allow by
/// recursion, which an unoptimised build does in larger frames).
fn on_worker_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(f)
        .expect("a thread")
        .join()
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
}

#[test]
fn attack_scripts_answer_or_refuse_within_their_budget() {
    on_worker_stack(attack_scripts_within_budget);
}

fn attack_scripts_within_budget() {
    for &(source, position) in ATTACKS {
        let (rules, spent) =
            spent_by(|| budget::answer(Budget::answer(), || Rules::compile("attack.rhai", source)));
        assert!(
            spent <= budget::ANSWER_OPERATIONS + MAX_OPERATIONS,
            "{source}: {spent}"
        );
        let Ok(rules) = rules else {
            continue;
        };
        let root = Node::new(rules.parse_position(position).unwrap(), 0);
        let (_, spent) = spent_by(|| {
            budget::answer(Budget::answer(), || {
                let _ = rules.start();
                let _ = rules.show(&root.position);
                if let Ok(analysis) = analyze(&rules, &root, &solve::ai_limits()) {
                    for m in analysis.moves.iter().take(24) {
                        let _ = rules.describe(&root.position, &m.to.position);
                    }
                }
            })
        });
        assert!(
            spent <= budget::ANSWER_OPERATIONS + MAX_OPERATIONS,
            "{source}: {spent}"
        );
        if rules.impartial() {
            let limits = Limits {
                positions: 4_000_000,
                deadline: None,
                bytes: 100 << 20,
            };
            let (_, spent) = spent_by(|| {
                budget::answer(Budget::table(), || {
                    for n in 0..=100 {
                        if solve::value_of(&rules, &Value::Int(n), &limits)
                            .ok()
                            .flatten()
                            .is_none()
                        {
                            break;
                        }
                    }
                })
            });
            assert!(
                spent <= budget::TABLE_OPERATIONS + MAX_OPERATIONS,
                "{source}: {spent}"
            );
            assert!(rules.memo().bytes() <= 100 << 20, "{source}");
        }
    }
}

/// `sleep` is not in the engine, however it is called; `curry` does not parse.
#[test]
fn a_script_cannot_sleep_or_curry() {
    for call in [
        "sleep(1)",
        "call(Fn(\"sleep\"), 1)",
        "Fn(\"sleep\").call(1)",
    ] {
        let source = format!("fn moves(s) {{ {call}; [] }}");
        let r = Rules::compile("t.rhai", &source).unwrap_or_else(|e| panic!("{e}"));
        let started = std::time::Instant::now();
        let e = r.moves(&Value::Int(1), 0).unwrap_err();
        assert!(
            matches!(
                &e.problem,
                Problem::Failed {
                    why: Cause::NoFunction(_),
                    ..
                }
            ),
            "{call}: {e}"
        );
        // A second of sleep would show even on a loaded machine.
        assert!(
            started.elapsed() < std::time::Duration::from_secs(1),
            "{call}"
        );
    }
    let e = Rules::compile(
        "t.rhai",
        "fn moves(s) { let f = Fn(\"x\"); f.curry(1); [] }",
    )
    .unwrap_err();
    assert!(matches!(e.problem, Problem::Parse(_)), "{e}");
    let r = Rules::compile(
        "t.rhai",
        "fn moves(s) { call(Fn(\"curry\"), Fn(\"x\"), 1); [] }",
    );
    if let Ok(r) = r {
        assert!(r.moves(&Value::Int(1), 0).is_err());
    }
    // A position is read as a literal, never run.
    let r = Rules::compile("t.rhai", "fn moves(s) { [] }").unwrap();
    let e = r.parse_position("sleep(15)").unwrap_err();
    assert!(matches!(e.problem, Problem::BadPosition(_)), "{e}");
}

/// An endless game is a refusal within the table's bytes, not gigabytes: the parts being
/// valued count as well as the values found.
#[test]
fn an_endless_game_is_refused_within_its_bytes() {
    let r = Rules::compile("up.rhai", "fn moves(s) { [s + 1] } fn parts(s) { [s] }").unwrap();
    let limits = Limits {
        positions: usize::MAX,
        deadline: None,
        bytes: 4 << 20,
    };
    let (found, spent) = spent_by(|| {
        budget::answer(Budget::table(), || {
            solve::value_of(&r, &Value::Int(0), &limits)
        })
    });
    assert_eq!(found, Ok(None));
    // 4 MB of positions is some ten thousand calls of a few operations: far below the count.
    assert!(spent < budget::TABLE_OPERATIONS / 10, "{spent}");
}

/// Random scripts made of the attacks' pieces: no answer outlives its count of operations.
#[test]
fn random_attack_scripts_stay_within_their_budget() {
    let pieces = [
        "let a = []; for i in 0..99000 { a = [a]; }",
        "let m = #{}; for i in 0..9000 { m = #{a: m}; }",
        "let t = \"x\"; while t.len() < 100000 { t += t; }",
        "let out = []; for i in 0..9999 { out.push(s + i); }",
        "loop { }",
        "sleep(1);",
        "call(Fn(\"sleep\"), 1);",
        "let f = Fn(\"moves\"); f = f.curry(f);",
        "let n = 0; while n < 300000 { n += 1; }",
        "s += 1;",
    ];
    let ends = ["[s + 1]", "[s - 1]", "[]", "[s + 1, s + 2]", "out", "[a]"];
    let extras = [
        "",
        "fn parts(s) { [s] }",
        "fn gain(s, t) { let n = 0; while n < 300000 { n += 1; } 1 }",
        "fn describe(s, t) { loop { } }",
        "fn show(s) { let a = []; for i in 0..99000 { a = [a]; } \"x\" }",
    ];
    let mut seed = 3u64;
    let mut next = |m: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize % m
    };
    for _ in 0..40 {
        let body: Vec<&str> = (0..1 + next(3))
            .map(|_| pieces[next(pieces.len())])
            .collect();
        let source = format!(
            "fn moves(s) {{ if s > 50 {{ return []; }} {} {} }} {}",
            body.join(" "),
            ends[next(ends.len())],
            extras[next(extras.len())]
        );
        let Ok(rules) = Rules::compile("fuzz.rhai", &source) else {
            continue;
        };
        let root = Node::new(Value::Int(0), 0);
        let (_, spent) = spent_by(|| {
            budget::answer(Budget::answer(), || {
                let _ = rules.show(&root.position);
                if let Ok(analysis) = analyze(&rules, &root, &solve::ai_limits()) {
                    for m in &analysis.moves {
                        let _ = rules.describe(&root.position, &m.to.position);
                    }
                }
            })
        });
        assert!(
            spent <= budget::ANSWER_OPERATIONS + MAX_OPERATIONS,
            "{source}: {spent}"
        );
    }
}
