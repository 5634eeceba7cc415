//! The samples a session runs first: each problem's official sample where the project has one
//! (the statements' samples that `tests/cli/solve_formats.rs`, `tests/engine/heaps.rs` and
//! `assets/*-sample.in` check grundy on), and for the few problems whose official sample could
//! not be confirmed, the case the tests count by hand, said so in `source`. A session compares
//! the program with grundy's answer, which those tests hold equal to the statement's.

/// One sample.
pub struct Sample {
    pub id: &'static str,
    pub input: &'static str,
    /// Where it is from.
    pub source: &'static str,
}

const STATEMENT: &str = "the statement's sample";
const BY_HAND: &str = "no official sample confirmed: a case counted by hand";

/// Every sample, by format.
pub const SAMPLES: &[Sample] = &[
    Sample {
        id: "bzoj4600",
        input: include_str!("../../assets/coins-sample.in"),
        source: "docs/RULES.md (assets/coins-sample.in)",
    },
    Sample {
        id: "grid",
        input: include_str!("../../assets/grid-sample.in"),
        source: "docs/RULES.md (assets/grid-sample.in)",
    },
    Sample {
        id: "dodgeball",
        input: include_str!("../../assets/dodgeball-sample.in"),
        source: "docs/RULES.md (assets/dodgeball-sample.in)",
    },
    Sample {
        id: "p2197",
        input: "2\n2\n1 1\n2\n1 0\n",
        source: STATEMENT,
    },
    Sample {
        id: "p4279",
        input: "2\n3\n3 5 1\n1\n1\n",
        source: STATEMENT,
    },
    Sample {
        id: "p2148",
        input: "2\n4\n1 2 3 1\n6\n1 1 1 1 1 1\n",
        source: STATEMENT,
    },
    Sample {
        id: "dpk",
        input: "2 4\n2 3\n",
        source: STATEMENT,
    },
    Sample {
        id: "dpk",
        input: "2 5\n2 3\n",
        source: STATEMENT,
    },
    Sample {
        id: "dpk",
        input: "3 20\n1 2 3\n",
        source: STATEMENT,
    },
    Sample {
        id: "dpk",
        input: "1 100000\n1\n",
        source: STATEMENT,
    },
    Sample {
        id: "dpl",
        input: "4\n10 80 90 30\n",
        source: STATEMENT,
    },
    Sample {
        id: "dpl",
        input: "3\n10 100 10\n",
        source: STATEMENT,
    },
    Sample {
        id: "dpl",
        input: "10\n1000000000 1 1000000000 1 1000000000 1 1000000000 1 1000000000 1\n",
        source: STATEMENT,
    },
    Sample {
        id: "cf1194d",
        input: "4\n0 3\n3 3\n3 4\n4 4\n",
        source: STATEMENT,
    },
    Sample {
        id: "cf305e",
        input: "abacaba\n",
        source: STATEMENT,
    },
    Sample {
        id: "cf305e",
        input: "abcde\n",
        source: STATEMENT,
    },
    Sample {
        id: "cses2208",
        input: "3\n3\n1 2 3\n2\n2 2\n4\n5 5 4 5\n",
        source: STATEMENT,
    },
    Sample {
        id: "cf850c",
        input: "4\n1 1 1 1\n",
        source: STATEMENT,
    },
    Sample {
        id: "cf850c",
        input: "4\n1 1 17 17\n",
        source: STATEMENT,
    },
    Sample {
        id: "cf850c",
        input: "5\n1 2 3 4 5\n",
        source: STATEMENT,
    },
    Sample {
        id: "agc002e",
        input: "2\n1 3\n",
        source: STATEMENT,
    },
    Sample {
        id: "agc002e",
        input: "3\n1 2 3\n",
        source: STATEMENT,
    },
    Sample {
        id: "cf388c",
        input: "2\n1 100\n2 1 10\n",
        source: STATEMENT,
    },
    Sample {
        id: "cf388c",
        input: "3\n3 1 3 2\n3 5 4 6\n2 8 7\n",
        source: STATEMENT,
    },
    Sample {
        id: "p8901",
        input: "5\n1\n4\n1\n9\n2\n2 3\n2\n7 10\n3\n4 9 4\n",
        source: STATEMENT,
    },
    Sample {
        id: "tioj1092",
        input: "5 6\n1 2\n1 3\n2 3\n2 4\n3 5\n4 5\nMimi\n0 0\n",
        source: STATEMENT,
    },
    Sample {
        id: "p5970",
        input: "5 2\n1 1 2 3 4\n",
        source: BY_HAND,
    },
    Sample {
        id: "tioj1940",
        input: "2 10\n",
        source: BY_HAND,
    },
    Sample {
        id: "hdu3595",
        input: "3\n1 1\n1 1\n1 1\n1\n3 2\n",
        source: BY_HAND,
    },
];

/// The samples of the format `id`, in order.
pub fn of(id: &str) -> Vec<&'static Sample> {
    SAMPLES.iter().filter(|s| s.id == id).collect()
}
