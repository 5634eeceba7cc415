//! One generator per contest format of [`crate::contest::FORMATS`]: how to draw an input at
//! each [`Level`] within the statement's constraints (the largest at [`Level::Limit`]), how to
//! print it, the statement's constraints the reader does not check, and the grundy position
//! code of one case (for `analyze` and `play --code`).

use super::input::{Gen, Level, Node, joined};

/// Which case an answer line belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answers {
    /// One line per case, in order.
    PerLine,
    /// One string of letters, one per heap 1..n (CSES 1729).
    PerLetter,
    /// The whole output answers one case.
    Whole,
}

/// A format's generator and what goes with it.
pub struct Spec {
    pub id: &'static str,
    /// The statement's limits: time in milliseconds, memory in MiB.
    pub time_ms: u64,
    pub memory_mib: u64,
    /// The words the answers are made of (empty: numbers or free text); a program that prints
    /// another word (`YES` for `Yes`) has a presentation error, not a wrong answer.
    pub words: &'static [&'static str],
    pub answers: Answers,
    pub generate: fn(&mut Gen) -> Node,
    pub render: fn(&Node) -> String,
    /// The statement's constraints that grundy's reader, more lenient, does not check: a
    /// shrunk input must keep them.
    pub valid: fn(&Node) -> bool,
    /// The grundy position code of case `i` (0-based), where the case is a position of a game
    /// of grundy's.
    pub code: fn(&Node, usize) -> Option<String>,
}

fn always(_: &Node) -> bool {
    true
}

fn no_code(_: &Node, _: usize) -> Option<String> {
    None
}

/// `T`, then per case n and its n numbers on the next line.
fn render_cases(node: &Node) -> String {
    let mut out = format!("{}\n", node.items().len());
    for case in node.items() {
        out.push_str(&format!(
            "{}\n{}\n",
            case.items().len(),
            joined(case.nums())
        ));
    }
    out
}

/// Cases of n numbers each in lo..=hi, at most `t_max` cases, n ≤ `n_max`, `sum_max` numbers
/// in all.
fn cases_of(g: &mut Gen, t_max: u64, n_max: u64, sum_max: u64, lo: u64, hi: u64) -> Node {
    let sizes = g.case_sizes(t_max, 1, n_max, sum_max);
    Node::List(
        sizes
            .into_iter()
            .map(|n| Node::of((0..n).map(|_| g.value(lo, hi))))
            .collect(),
    )
}

/// A heap game's code of case `i` of a [`render_cases`] input: `GAME:heaps`.
fn heaps_code(game: &str, node: &Node, i: usize) -> Option<String> {
    let heaps = node.items().get(i)?.nums();
    Some(format!("{game}{}", join_commas(&heaps)))
}

fn join_commas(values: &[u64]) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// Header numbers, then a list on the next line: `[h…, List]` printed `h… \n list`.
fn render_head_list(node: &Node, count_first: bool) -> String {
    let items = node.items();
    let (list, head) = items.split_last().expect("a header and a list");
    let mut head: Vec<u64> = head.iter().map(Node::n).collect();
    if count_first {
        head.insert(0, list.items().len() as u64);
    }
    format!("{}\n{}\n", joined(head), joined(list.nums()))
}

/// The number of a list, then the list: `[List]`.
fn render_count_list(node: &Node) -> String {
    render_head_list(node, true)
}

fn first_list(node: &Node) -> Vec<u64> {
    node.items().last().map(Node::nums).unwrap_or_default()
}

/// One number a line.
fn render_lines(node: &Node) -> String {
    node.nums().iter().map(|k| format!("{k}\n")).collect()
}

/// `[List]`: one list of at most `n_max` numbers in lo..=hi (printed by
/// [`render_count_list`]).
fn one_list(g: &mut Gen, n_max: u64, lo: u64, hi: u64) -> Node {
    let n = g.count(1, n_max);
    Node::List(vec![Node::of((0..n).map(|_| g.value(lo, hi)))])
}

/// Every heap of every case at least 1 (the statements that forbid empty heaps).
fn heaps_at_least_one(node: &Node) -> bool {
    node.items()
        .iter()
        .all(|c| c.nums().iter().all(|&x| x >= 1))
}

/// Every item a pair.
fn pairs(node: &Node) -> bool {
    node.items().iter().all(|t| t.items().len() == 2)
}

const BILLION: u64 = 1_000_000_000;

/// Every format's generator, in the order of [`crate::contest::FORMATS`].
pub const SPECS: &[Spec] = &[
    Spec {
        id: "bzoj4600",
        time_ms: 1000,
        memory_mib: 256,
        words: &["win", "lose"],
        answers: Answers::PerLine,
        // Per case [MAXQ, faces (1 heads, 0 tails)].
        generate: |g| {
            let sizes = g.case_sizes(100, 1, 30000, 100 * 30000);
            Node::List(
                sizes
                    .into_iter()
                    .map(|n| {
                        let maxq = g.value(1, 20);
                        Node::List(vec![
                            Node::Num(maxq),
                            Node::of((0..n).map(|_| g.uniform(0, 1))),
                        ])
                    })
                    .collect(),
            )
        },
        render: |node| {
            let mut out = format!("{}\n", node.items().len());
            for case in node.items() {
                let faces = case.items()[1].nums();
                out.push_str(&format!(
                    "{} {}\n{}\n",
                    faces.len(),
                    case.items()[0].n(),
                    joined(faces)
                ));
            }
            out
        },
        valid: always,
        code: |node, i| {
            let case = node.items().get(i)?;
            let faces: String = case.items()[1]
                .nums()
                .iter()
                .map(|&f| if f == 1 { 'H' } else { 'T' })
                .collect();
            Some(format!("coins:{}:{faces}", case.items()[0].n()))
        },
    },
    Spec {
        id: "grid",
        time_ms: 1000,
        memory_mib: 256,
        words: &["-_-", "=_="],
        answers: Answers::PerLine,
        // Per case a list of rows of H/T, all as long.
        generate: |g| {
            let t = g.count(1, 50);
            Node::List(
                (0..t)
                    .map(|_| {
                        let (n, m) = (g.count(1, 100), g.count(1, 100));
                        Node::List(
                            (0..n)
                                .map(|_| {
                                    Node::Text(
                                        (0..m)
                                            .map(|_| if g.uniform(0, 1) == 1 { b'H' } else { b'T' })
                                            .collect(),
                                    )
                                })
                                .collect(),
                        )
                    })
                    .collect(),
            )
        },
        render: |node| {
            let mut out = format!("{}\n", node.items().len());
            for case in node.items() {
                let rows = case.items();
                let m = rows.first().map_or(0, |r| r.text().len());
                out.push_str(&format!("{} {m}\n", rows.len()));
                for row in rows {
                    out.push_str(&String::from_utf8_lossy(row.text()));
                    out.push('\n');
                }
            }
            out
        },
        valid: always,
        code: |node, i| {
            let rows = node.items().get(i)?.items();
            let rows: Vec<String> = rows
                .iter()
                .map(|r| String::from_utf8_lossy(r.text()).into_owned())
                .collect();
            Some(format!("grid:{}", rows.join("/")))
        },
    },
    Spec {
        id: "dodgeball",
        time_ms: 1000,
        memory_mib: 256,
        words: &[],
        answers: Answers::PerLine,
        generate: |g| {
            let count = g.count(1, 100_000);
            Node::of((0..count).map(|_| g.large(1, 999_999_999)))
        },
        render: render_lines,
        valid: always,
        code: no_code,
    },
    Spec {
        id: "p2197",
        time_ms: 1000,
        memory_mib: 128,
        words: &["Yes", "No"],
        answers: Answers::PerLine,
        generate: |g| cases_of(g, 10, 10_000, 100_000, 0, BILLION),
        render: render_cases,
        valid: always,
        code: |node, i| heaps_code("nim:", node, i),
    },
    Spec {
        id: "cses1730",
        time_ms: 1000,
        memory_mib: 512,
        words: &["first", "second"],
        answers: Answers::PerLine,
        generate: |g| cases_of(g, 200_000, 200_000, 200_000, 1, BILLION),
        render: render_cases,
        valid: heaps_at_least_one,
        code: |node, i| heaps_code("nim:", node, i),
    },
    Spec {
        id: "cses1098",
        time_ms: 1000,
        memory_mib: 512,
        words: &["first", "second"],
        answers: Answers::PerLine,
        generate: |g| cases_of(g, 200_000, 200_000, 200_000, 1, BILLION),
        render: render_cases,
        valid: heaps_at_least_one,
        code: |node, i| heaps_code("bash:3:", node, i),
    },
    Spec {
        id: "cses1729",
        time_ms: 1000,
        memory_mib: 512,
        words: &[],
        answers: Answers::PerLetter,
        // [n, the takes]: k ≤ 100 distinct takes ≤ n.
        generate: |g| {
            let n = g.count(1, 1_000_000);
            let k = g.count(1, 100).min(n);
            Node::List(vec![Node::Num(n), Node::of(g.distinct(k, 1, n))])
        },
        render: |node| {
            let takes = first_list(node);
            format!(
                "{} {}\n{}\n",
                node.items()[0].n(),
                takes.len(),
                joined(takes)
            )
        },
        valid: |node| {
            let takes = first_list(node);
            takes.windows(2).all(|w| w[0] < w[1]) && takes.iter().all(|&p| p <= node.items()[0].n())
        },
        code: |node, i| {
            let takes = first_list(node);
            Some(format!("subtraction:{}:{}", join_commas(&takes), i + 1))
        },
    },
    Spec {
        id: "abc297g",
        time_ms: 2000,
        memory_mib: 1024,
        words: &["First", "Second"],
        answers: Answers::Whole,
        // [L, R, the heaps].
        generate: |g| {
            let n = g.count(1, 200_000);
            let l = g.value(1, BILLION);
            let r = g.value(l, BILLION);
            Node::List(vec![
                Node::Num(l),
                Node::Num(r),
                Node::of((0..n).map(|_| g.value(1, BILLION))),
            ])
        },
        render: render_count_list,
        valid: |node| first_list(node).iter().all(|&x| x >= 1),
        code: |node, _| {
            let (l, r) = (node.items()[0].n(), node.items()[1].n());
            Some(format!("take:{l},{r}:{}", join_commas(&first_list(node))))
        },
    },
    Spec {
        id: "cses2207",
        time_ms: 1000,
        memory_mib: 512,
        words: &["first", "second"],
        answers: Answers::PerLine,
        generate: |g| {
            let t = g.count(1, 100_000);
            Node::of((0..t).map(|_| g.value(1, 1_000_000)))
        },
        render: |node| format!("{}\n{}", node.items().len(), render_lines(node)),
        valid: always,
        code: |node, i| Some(format!("grundy:{}", node.items().get(i)?.n())),
    },
    Spec {
        id: "cf603c",
        time_ms: 2000,
        memory_mib: 256,
        words: &["Kevin", "Nicky"],
        answers: Answers::Whole,
        // [k, the heaps].
        generate: |g| {
            let n = g.count(1, 100_000);
            let k = g.value(1, BILLION);
            Node::List(vec![
                Node::Num(k),
                Node::of((0..n).map(|_| g.value(1, BILLION))),
            ])
        },
        render: render_count_list,
        valid: always,
        code: |node, _| {
            Some(format!(
                "lieges:{}:{}",
                node.items()[0].n(),
                join_commas(&first_list(node))
            ))
        },
    },
    Spec {
        id: "cf87c",
        time_ms: 2000,
        memory_mib: 256,
        words: &[],
        answers: Answers::Whole,
        generate: |g| Node::Num(g.large(1, 100_000)),
        render: |node| format!("{}\n", node.n()),
        valid: always,
        code: |node, _| Some(format!("staircase:{}", node.n())),
    },
    Spec {
        id: "cf2004e",
        time_ms: 2000,
        memory_mib: 512,
        words: &["Alice", "Bob"],
        answers: Answers::PerLine,
        generate: |g| cases_of(g, 10_000, 300_000, 300_000, 1, 10_000_000),
        render: render_cases,
        valid: always,
        code: |node, i| heaps_code("coprime:", node, i),
    },
    Spec {
        id: "p4279",
        time_ms: 1000,
        memory_mib: 128,
        words: &["John", "Brother"],
        answers: Answers::PerLine,
        generate: |g| cases_of(g, 500, 50, 500 * 50, 1, 5000),
        render: render_cases,
        valid: heaps_at_least_one,
        code: |node, i| heaps_code("misere:", node, i),
    },
    Spec {
        id: "dpk",
        time_ms: 2000,
        memory_mib: 1024,
        words: &["First", "Second"],
        answers: Answers::Whole,
        // [K, the takes]: 1 ≤ a_1 < … < a_N ≤ K.
        generate: |g| {
            let k = g.count(1, 100_000);
            let n = g.count(1, 100).min(k);
            Node::List(vec![Node::Num(k), Node::of(g.distinct(n, 1, k))])
        },
        render: render_count_list,
        valid: |node| first_list(node).windows(2).all(|w| w[0] < w[1]),
        code: |node, _| {
            Some(format!(
                "subtraction:{}:{}",
                join_commas(&first_list(node)),
                node.items()[0].n()
            ))
        },
    },
    Spec {
        id: "cf1194d",
        time_ms: 2000,
        memory_mib: 256,
        words: &["Alice", "Bob"],
        answers: Answers::PerLine,
        // Per test [n, k].
        generate: |g| {
            let t = g.count(1, 100);
            Node::List(
                (0..t)
                    .map(|_| Node::of([g.large(0, BILLION), g.large(3, BILLION)]))
                    .collect(),
            )
        },
        render: |node| {
            let mut out = format!("{}\n", node.items().len());
            for test in node.items() {
                out.push_str(&format!("{}\n", joined(test.nums())));
            }
            out
        },
        valid: pairs,
        code: |node, i| {
            let [n, k] = node.items().get(i)?.nums()[..] else {
                return None;
            };
            Some(format!("subtraction:1,2,{k}:{n}"))
        },
    },
    Spec {
        id: "cses2208",
        time_ms: 1000,
        memory_mib: 512,
        words: &["first", "second"],
        answers: Answers::PerLine,
        generate: |g| cases_of(g, 200_000, 200_000, 200_000, 1, BILLION),
        render: render_cases,
        valid: always,
        code: no_code,
    },
    Spec {
        id: "tioj1940",
        time_ms: 1000,
        memory_mib: 256,
        words: &[],
        answers: Answers::Whole,
        generate: |g| Node::of([g.large(1, 1000), g.large(0, 1_000_000_000_000_000_000)]),
        render: |node| format!("{}\n", joined(node.nums())),
        valid: |node| node.items().len() == 2,
        code: no_code,
    },
    Spec {
        id: "cses1099",
        time_ms: 1000,
        memory_mib: 512,
        words: &["first", "second"],
        answers: Answers::PerLine,
        generate: |g| cases_of(g, 200_000, 200_000, 200_000, 0, BILLION),
        render: render_cases,
        valid: always,
        code: |node, i| heaps_code("stairs:", node, i),
    },
    Spec {
        id: "loj10243",
        time_ms: 1000,
        memory_mib: 256,
        words: &["win", "lose"],
        answers: Answers::Whole,
        // [N, edges [x, y], tokens]: edges go forward in a random order of the vertices.
        generate: |g| {
            let n = g.count(1, 2000);
            let m = g.count(0, 6000.min(n * (n - 1) / 2));
            let k = g.count(1, n);
            let mut order: Vec<u64> = (1..=n).collect();
            rand::seq::SliceRandom::shuffle(&mut order[..], g.rng);
            let mut edges = std::collections::BTreeSet::new();
            let mut tries = 0;
            while (edges.len() as u64) < m && tries < 100 * m {
                tries += 1;
                let (a, b) = (g.uniform(0, n - 1), g.uniform(0, n - 1));
                if a < b {
                    edges.insert((order[a as usize], order[b as usize]));
                }
            }
            Node::List(vec![
                Node::Num(n),
                Node::List(edges.into_iter().map(|(x, y)| Node::of([x, y])).collect()),
                Node::of((0..k).map(|_| g.uniform(1, n))),
            ])
        },
        render: |node| {
            let items = node.items();
            let (edges, tokens) = (items[1].items(), items[2].nums());
            let mut out = format!("{} {} {}\n", items[0].n(), edges.len(), tokens.len());
            for e in edges {
                out.push_str(&format!("{}\n", joined(e.nums())));
            }
            out.push_str(&format!("{}\n", joined(tokens)));
            out
        },
        valid: |node| {
            let items = node.items();
            !items[2].items().is_empty()
                && items[1].items().iter().all(|e| e.items().len() == 2)
                && items[2].nums().len() as u64 <= items[0].n()
        },
        code: |node, _| {
            let items = node.items();
            let edges: Vec<String> = items[1]
                .items()
                .iter()
                .map(|e| format!("{}>{}", e.items()[0].n(), e.items()[1].n()))
                .collect();
            Some(format!(
                "dag:{}:{}:{}",
                items[0].n(),
                edges.join(","),
                join_commas(&items[2].nums())
            ))
        },
    },
    Spec {
        id: "p2252",
        time_ms: 1000,
        memory_mib: 128,
        words: &[],
        answers: Answers::PerLine,
        generate: |g| {
            let lines = g.count(1, 10_000);
            Node::List(
                (0..lines)
                    .map(|_| Node::of([g.value(0, BILLION), g.value(0, BILLION)]))
                    .collect(),
            )
        },
        render: |node| {
            node.items()
                .iter()
                .map(|l| format!("{}\n", joined(l.nums())))
                .collect()
        },
        valid: pairs,
        code: |node, i| {
            let l = node.items().get(i)?.nums();
            Some(format!("wythoff:{}", join_commas(&l)))
        },
    },
    Spec {
        id: "p6487",
        time_ms: 1000,
        memory_mib: 128,
        words: &[],
        answers: Answers::PerLine,
        generate: |g| {
            let lines = g.count(1, 10_000);
            Node::of((0..lines).map(|_| g.large(1, 1_000_000_000_000_000)))
        },
        render: render_lines,
        valid: always,
        code: |node, i| Some(format!("fibnim:{}", node.items().get(i)?.n())),
    },
    Spec {
        id: "hdu3595",
        time_ms: 1000,
        memory_mib: 128,
        words: &["MM", "GG"],
        answers: Answers::PerLine,
        // Cases, each a list of games [p, q].
        generate: |g| {
            let t = g.count(1, 10);
            Node::List(
                (0..t)
                    .map(|_| {
                        let n = g.count(1, 1000);
                        Node::List(
                            (0..n)
                                .map(|_| Node::of([g.value(1, 1000), g.value(1, 1000)]))
                                .collect(),
                        )
                    })
                    .collect(),
            )
        },
        render: |node| {
            let mut out = String::new();
            for case in node.items() {
                out.push_str(&format!("{}\n", case.items().len()));
                for game in case.items() {
                    out.push_str(&format!("{}\n", joined(game.nums())));
                }
            }
            out
        },
        valid: |node| {
            node.items().iter().all(|c| {
                !c.items().is_empty()
                    && c.items()
                        .iter()
                        .all(|p| p.items().len() == 2 && p.nums().iter().all(|&x| x >= 1))
            })
        },
        code: no_code,
    },
    Spec {
        id: "p2148",
        time_ms: 1000,
        memory_mib: 128,
        words: &["YES", "NO"],
        answers: Answers::PerLine,
        // Per case a list of pairs [x, y].
        generate: |g| {
            let sizes = g.case_sizes(20, 1, 10_000, 20 * 10_000);
            Node::List(
                sizes
                    .into_iter()
                    .map(|pairs| {
                        Node::List(
                            (0..pairs)
                                .map(|_| {
                                    Node::of([g.value(1, 2 * BILLION), g.value(1, 2 * BILLION)])
                                })
                                .collect(),
                        )
                    })
                    .collect(),
            )
        },
        render: |node| {
            let mut out = format!("{}\n", node.items().len());
            for case in node.items() {
                let heaps: Vec<u64> = case.items().iter().flat_map(Node::nums).collect();
                out.push_str(&format!("{}\n{}\n", heaps.len(), joined(heaps)));
            }
            out
        },
        valid: |node| {
            node.items()
                .iter()
                .all(|c| c.items().iter().all(|p| p.items().len() == 2))
        },
        code: |node, i| {
            let heaps: Vec<u64> = node
                .items()
                .get(i)?
                .items()
                .iter()
                .flat_map(Node::nums)
                .collect();
            Some(format!("ed:{}", join_commas(&heaps)))
        },
    },
    Spec {
        id: "cf305e",
        time_ms: 1000,
        memory_mib: 256,
        words: &["First", "Second"],
        answers: Answers::Whole,
        generate: |g| {
            let len = g.count(1, 5000);
            // Few letters, so that centres of palindromes of three (the cuts) are common.
            let letters = g.uniform(1, 4) as u8;
            Node::Text(
                (0..len)
                    .map(|_| b'a' + g.uniform(0, letters as u64 - 1) as u8)
                    .collect(),
            )
        },
        render: |node| format!("{}\n", String::from_utf8_lossy(node.text())),
        valid: always,
        code: no_code,
    },
    Spec {
        id: "cf850c",
        time_ms: 1000,
        memory_mib: 256,
        words: &["Mojtaba", "Arpa"],
        answers: Answers::Whole,
        generate: |g| {
            let n = g.count(1, 100);
            // Powers of small primes and their products: the interesting numbers.
            Node::List(vec![Node::of((0..n).map(|_| {
                if g.level == Level::Small || g.uniform(0, 1) == 0 {
                    let p = [2u64, 3, 5, 7][g.uniform(0, 3) as usize];
                    let e = g.uniform(0, if g.level == Level::Small { 4 } else { 29 });
                    p.saturating_pow(e as u32).min(BILLION)
                } else {
                    g.value(1, BILLION)
                }
            }))])
        },
        render: render_count_list,
        valid: always,
        code: no_code,
    },
    Spec {
        id: "tioj1092",
        time_ms: 1000,
        memory_mib: 256,
        words: &["Mimi", "Moumou"],
        answers: Answers::PerLine,
        // Cases [N, arrows [a, b] with a < b, who stands on circle 1 (0 Mimi, 1 Moumou)].
        generate: |g| {
            let t = g.count(1, 10);
            Node::List(
                (0..t)
                    .map(|_| {
                        let n = g.count(1, 10_000);
                        let e = if n == 1 { 0 } else { g.count(0, 10 * n) };
                        let arrows = (0..e)
                            .map(|_| {
                                let a = g.uniform(1, n - 1);
                                Node::of([a, g.uniform(a + 1, n)])
                            })
                            .collect();
                        Node::List(vec![
                            Node::Num(n),
                            Node::List(arrows),
                            Node::Num(g.uniform(0, 1)),
                        ])
                    })
                    .collect(),
            )
        },
        render: |node| {
            let mut out = String::new();
            for case in node.items() {
                let items = case.items();
                out.push_str(&format!("{} {}\n", items[0].n(), items[1].items().len()));
                for arrow in items[1].items() {
                    out.push_str(&format!("{}\n", joined(arrow.nums())));
                }
                out.push_str(if items[2].n() == 0 {
                    "Mimi\n"
                } else {
                    "Moumou\n"
                });
            }
            out.push_str("0 0\n");
            out
        },
        valid: |node| {
            node.items().iter().all(|c| {
                let items = c.items();
                items[2].n() <= 1
                    && items[1]
                        .items()
                        .iter()
                        .all(|a| a.items().len() == 2 && a.items()[0].n() < a.items()[1].n())
            })
        },
        code: no_code,
    },
    Spec {
        id: "dpl",
        time_ms: 2000,
        memory_mib: 1024,
        words: &[],
        answers: Answers::Whole,
        generate: |g| one_list(g, 3000, 1, BILLION),
        render: render_count_list,
        valid: always,
        code: no_code,
    },
    Spec {
        id: "cf388c",
        time_ms: 1000,
        memory_mib: 256,
        words: &[],
        answers: Answers::Whole,
        generate: |g| {
            let n = g.count(1, 100);
            Node::List(
                (0..n)
                    .map(|_| {
                        let s = g.count(1, 100);
                        Node::of((0..s).map(|_| g.value(1, 1000)))
                    })
                    .collect(),
            )
        },
        render: |node| {
            let mut out = format!("{}\n", node.items().len());
            for pile in node.items() {
                let cards = pile.nums();
                out.push_str(&format!("{} {}\n", cards.len(), joined(cards)));
            }
            out
        },
        valid: always,
        code: no_code,
    },
    Spec {
        id: "agc002e",
        time_ms: 2000,
        memory_mib: 256,
        words: &["First", "Second"],
        answers: Answers::Whole,
        generate: |g| one_list(g, 100_000, 1, BILLION),
        render: render_count_list,
        valid: always,
        code: no_code,
    },
    Spec {
        id: "p8901",
        time_ms: 2000,
        memory_mib: 256,
        words: &["Farmer", "John", "Nhoj"],
        answers: Answers::PerLine,
        generate: |g| cases_of(g, 1000, 100_000, 200_000, 1, 5_000_000),
        render: render_cases,
        valid: always,
        code: no_code,
    },
    Spec {
        id: "p5970",
        time_ms: 3000,
        memory_mib: 128,
        words: &[],
        answers: Answers::Whole,
        // [d, the heaps]: at most 5·10^5 heaps of at most 10^6, 10^7 in all.
        generate: |g| {
            let d = g.value(1, 10);
            let n = g.count(1, 500_000);
            let most = (10_000_000 / n).clamp(1, 1_000_000);
            Node::List(vec![
                Node::Num(d),
                Node::of((0..n).map(|_| g.value(1, most))),
            ])
        },
        render: render_count_list,
        valid: always,
        code: no_code,
    },
];

/// The generator of the format `id`.
pub fn spec(id: &str) -> Option<&'static Spec> {
    SPECS.iter().find(|s| s.id == id)
}
