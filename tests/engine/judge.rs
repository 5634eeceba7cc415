//! The judge's generators and shrinker (src/judge): every contest format has a generator, its
//! inputs at every size are accepted by grundy's own reader and keep the statement's
//! constraints, the largest reach the limits, and the shrinker finds the smallest failing
//! input of a known bug.

use grundy::contest::FORMATS;
use grundy::judge::input::{Gen, Level, Node};
use grundy::judge::{Problem, formats, shrink, tests};
use grundy::setup::ReplayRng;
use rand::SeedableRng;

fn generated(problem: &Problem, level: Level, seed: u64) -> (Node, String) {
    let mut rng = ReplayRng::seed_from_u64(seed);
    let tree = (problem.generate)(&mut Gen {
        rng: &mut rng,
        level,
    })
    .expect("a format's generator never fails");
    let text = (problem.render)(&tree).expect("a format's printer never fails");
    (tree, text)
}

/// Every format of `grundy solve` has a generator whose inputs, small, medium and at the
/// limits, grundy's reader accepts and the statement's constraints hold for; the inputs at
/// the limits are the largest; and the samples are accepted too.
#[test]
fn every_format_generates_inputs_its_reader_accepts() {
    for format in FORMATS {
        let problem = Problem::contest(format.id)
            .unwrap_or_else(|| panic!("{}: no generator for the format", format.id));
        let mut largest_below = 0;
        for (level, count) in [(Level::Small, 40), (Level::Medium, 6), (Level::Limit, 1)] {
            for seed in 0..count {
                let (tree, text) = generated(&problem, level, seed);
                if let Err(e) = (problem.reference)(Some(&tree), text.as_bytes()) {
                    panic!(
                        "{} {level:?} seed {seed}: the reader refuses it: {e:?}\n{}",
                        format.id,
                        &text[..text.len().min(400)]
                    );
                }
                assert!((problem.valid)(&tree), "{} {level:?} {seed}", format.id);
                if level == Level::Limit {
                    assert!(
                        text.len() * 4 >= largest_below * 3,
                        "{}: the limit's input ({} bytes) is smaller than a medium one ({largest_below})",
                        format.id,
                        text.len()
                    );
                } else {
                    largest_below = largest_below.max(text.len());
                }
            }
        }
        for (input, source) in &problem.samples {
            assert!(
                (problem.reference)(None, input.as_bytes()).is_ok(),
                "{}: sample ({source}) refused",
                format.id
            );
        }
    }
    assert_eq!(
        formats::SPECS.len(),
        FORMATS.len(),
        "a generator of no format"
    );
}

/// The limits reached, on formats whose statement is known: Luogu P2197's 10 cases of 10^4
/// heaps, CSES's 2·10^5 numbers, a heap to 10^9.
#[test]
fn the_largest_inputs_reach_the_statements_limits() {
    let p2197 = Problem::contest("p2197").unwrap();
    let (tree, _) = generated(&p2197, Level::Limit, 7);
    let heaps: usize = tree.items().iter().map(|c| c.items().len()).sum();
    assert!(tree.items().len() <= 10 && heaps == 100_000, "{heaps}");
    let cses = Problem::contest("cses1730").unwrap();
    for seed in 0..2 {
        let (tree, _) = generated(&cses, Level::Limit, seed);
        let heaps: usize = tree.items().iter().map(|c| c.items().len()).sum();
        assert_eq!(heaps, 200_000);
    }
    let largest = (0..6)
        .flat_map(|seed| generated(&cses, Level::Medium, seed).0.items().to_vec())
        .flat_map(|c| c.nums())
        .max()
        .unwrap();
    assert!(largest > 100_000_000, "{largest}");
}

/// The same seed gives the same tests; another seed others.
#[test]
fn a_seed_gives_the_same_tests() {
    let problem = Problem::contest("cf603c").unwrap();
    let inputs = |seed| -> Vec<String> {
        tests(&problem, 40, seed)
            .unwrap()
            .into_iter()
            .map(|t| t.input)
            .collect()
    };
    assert_eq!(inputs(5), inputs(5));
    assert_ne!(inputs(5), inputs(6));
}

/// A bug that shows only when some heap is 0 is shrunk to one case of the heap 0 alone, from
/// a large input, in a few hundred candidates at most.
#[test]
fn the_shrinker_finds_the_smallest_case() {
    let problem = Problem::contest("p2197").unwrap();
    let (tree, _) = generated(&problem, Level::Medium, 3);
    // Plant a 0 among other heaps of a later case.
    let mut tree = tree;
    if let Node::List(cases) = &mut tree
        && let Some(Node::List(heaps)) = cases.last_mut()
    {
        heaps.push(Node::Num(0));
    }
    let fails = |t: &Node| t.items().iter().any(|c| c.nums().contains(&0));
    let (smallest, calls) = shrink::shrink(tree, 5000, fails);
    assert_eq!((problem.render)(&smallest).unwrap(), "1\n1\n0\n");
    assert!(calls < 1000, "{calls}");
}
