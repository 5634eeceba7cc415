//! The shipped rules files against the native `solve` formats of the same problems (issue 26's
//! "rules files cross-tested against the native formats"): on many small random inputs, the
//! verdict `analyze --rules` finds by searching the rules file equals the answer the format's
//! solver prints for the same input — CSES 2208, AtCoder DP L, Codeforces 388C, AGC 002 E and
//! TIOJ 1940. The two are written independently: the scripts from the rules, the formats from
//! each problem's known solution (some heap odd; the interval recurrence; the piles' halves
//! and middles; the staircase of Candy Piles; the take-at-most table).

use std::path::PathBuf;

use grundy::contest::{FORMATS, Read};
use grundy::rules::solve::{GrundyTable, Limits, Node, Solution, Verdict};
use grundy::rules::{Rules, Value};

fn rules(file: &str) -> Rules {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("assets/rules")
        .join(file);
    Rules::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

/// The answer the native format `id` prints for `input`.
fn native(id: &str, input: &str) -> String {
    let format = FORMATS.iter().find(|f| f.id == id).expect("a format");
    let Read::Whole(solve) = format.read else {
        panic!("{id} is read whole");
    };
    solve(input.as_bytes())
        .unwrap_or_else(|e| panic!("{id} on {input:?}: {e:?}"))
        .trim()
        .to_string()
}

/// The root's verdict searched from the rules file, the first player to move.
fn searched(rules: &Rules, position: &str) -> Verdict {
    let value: Value = rules.parse_position(position).unwrap();
    let root = Node::new(value, 0);
    let solution = Solution::search(rules, &root, &Limits::positions(2_000_000)).expect("small");
    solution.judge(&root).expect("the root").verdict
}

/// A small deterministic generator (xorshift), so that a failure names its input again.
struct Draw(u64);

impl Draw {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }

    /// `len` numbers in `low..=high`.
    fn list(&mut self, len: u64, low: u64, high: u64) -> Vec<u64> {
        (0..len).map(|_| low + self.below(high - low + 1)).collect()
    }
}

fn words(list: &[u64]) -> String {
    list.iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn literal(list: &[u64]) -> String {
    format!(
        "[{}]",
        list.iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    )
}

#[test]
fn cses2208_rules_equal_the_format() {
    let r = rules("cses2208.rhai");
    let mut draw = Draw(2208);
    for _ in 0..150 {
        let n = 1 + draw.below(4);
        let heaps = draw.list(n, 1, 5);
        let said = native("cses2208", &format!("1\n{n}\n{}\n", words(&heaps)));
        let verdict = searched(&r, &literal(&heaps));
        let first = verdict == Verdict::Win;
        assert_eq!(said == "first", first, "{heaps:?}: {said} vs {verdict:?}");
    }
}

#[test]
fn dpl_rules_equal_the_format() {
    let r = rules("dpl-deque.rhai");
    let mut draw = Draw(12);
    for _ in 0..150 {
        let n = 1 + draw.below(7);
        let row = draw.list(n, 1, 100);
        let said: i64 = native("dpl", &format!("{n}\n{}\n", words(&row)))
            .parse()
            .unwrap();
        assert_eq!(
            searched(&r, &literal(&row)),
            Verdict::Score(said),
            "{row:?}"
        );
    }
}

#[test]
fn cf388c_rules_equal_the_format() {
    let r = rules("cf388c.rhai");
    let mut draw = Draw(388);
    for _ in 0..100 {
        let n = 1 + draw.below(3);
        let piles: Vec<Vec<u64>> = (0..n)
            .map(|_| {
                let s = 1 + draw.below(3);
                draw.list(s, 1, 50)
            })
            .collect();
        let input: String = std::iter::once(format!("{n}\n"))
            .chain(piles.iter().map(|p| format!("{} {}\n", p.len(), words(p))))
            .collect();
        let said = native("cf388c", &input);
        let (ciel, jiro) = said.split_once(' ').expect("two totals");
        let (ciel, jiro): (i64, i64) = (ciel.parse().unwrap(), jiro.parse().unwrap());
        let position = format!(
            "[{}]",
            piles
                .iter()
                .map(|p| literal(p))
                .collect::<Vec<_>>()
                .join(", ")
        );
        // The script's score is Ciel's lead, Ciel moving first.
        assert_eq!(
            searched(&r, &position),
            Verdict::Score(ciel - jiro),
            "{piles:?}: {said}"
        );
    }
}

#[test]
fn candy_piles_rules_equal_the_format() {
    let r = rules("candy-piles.rhai");
    let mut draw = Draw(2002);
    for _ in 0..150 {
        let n = 1 + draw.below(4);
        let piles = draw.list(n, 1, 5);
        let said = native("agc002e", &format!("{n}\n{}\n", words(&piles)));
        let verdict = searched(&r, &literal(&piles));
        assert_eq!(
            said == "First",
            verdict == Verdict::Win,
            "{piles:?}: {said} vs {verdict:?}"
        );
    }
}

#[test]
fn take_by_k_rules_equal_the_format() {
    let r = rules("take-by-k.rhai");
    let mut table = GrundyTable::new();
    let mut draw = Draw(1940);
    for _ in 0..150 {
        let k = 1 + draw.below(5);
        let n = draw.below(60);
        let said: u64 = native("tioj1940", &format!("{k} {n}\n")).parse().unwrap();
        let position = r.parse_position(&format!("[{k}, [{n}]]")).unwrap();
        let value = table
            .value(&r, &position, &Limits::positions(2_000_000))
            .unwrap();
        assert_eq!(value, said, "k = {k}, n = {n}");
    }
}
