//! The course's exercises: each one's answer as the engine computes it ([`learn::solve`]),
//! checked against game-tree searches over the rules (who wins, and the Sprague–Grundy value by
//! its definition: the mex of the successors' values); every final game is won for the player
//! to move; and [`learn::check`] accepts the right answer and explains a wrong one.

use std::collections::HashMap;
use std::hash::Hash;

use grundy::game::Position;
use grundy::games::{AnyPosition, with_position};
use grundy::learn::{self, Answer, Ask, LESSONS, Outcome, Solution, Why};
use grundy::nimber::{Nimber, mex};

use crate::brute;

/// Whether the player to move wins, by searching every line of play.
fn wins<P: Position>(p: &P, memo: &mut HashMap<P, bool>) -> bool {
    if let Some(&w) = memo.get(p) {
        return w;
    }
    let w = if p.is_over() {
        p.mover_wins_when_over()
    } else {
        p.legal_moves()
            .iter()
            .any(|mv| !wins(&p.play_unchecked(mv), memo))
    };
    memo.insert(p.clone(), w);
    w
}

/// The Sprague–Grundy value of the whole position by definition.
fn grundy_value<P: Position + Hash>(p: &P, memo: &mut HashMap<P, Nimber>) -> Nimber {
    if let Some(&v) = memo.get(p) {
        return v;
    }
    let options: Vec<Nimber> = p
        .legal_moves()
        .iter()
        .map(|mv| grundy_value(&p.play_unchecked(mv), memo))
        .collect();
    let v = mex(options);
    memo.insert(p.clone(), v);
    v
}

fn brute_wins(code: &str) -> bool {
    // Wythoff and Fibonacci Nim by the searches written from their rules in tests/brute.
    if let Some(rest) = code.strip_prefix("wythoff:") {
        let c: Vec<u64> = rest.split(',').map(|x| x.parse().unwrap()).collect();
        if c.len() == 2 {
            return brute::queen_wins(c[0], c[1], &mut HashMap::new());
        }
    }
    if let Some(rest) = code.strip_prefix("fibnim:")
        && !rest.contains(':')
    {
        let n: u64 = rest.parse().unwrap();
        return brute::fib_wins(n, n - 1, &mut HashMap::new());
    }
    let p = AnyPosition::from_code(code).unwrap();
    with_position!(&p, p => wins(p, &mut HashMap::new()))
}

fn brute_value(code: &str) -> Nimber {
    let p = AnyPosition::from_code(code).unwrap();
    with_position!(&p, p => grundy_value(p, &mut HashMap::new()))
}

#[test]
fn the_course_has_at_least_twelve_lessons_of_three_exercises() {
    assert!(LESSONS.len() >= 12, "{}", LESSONS.len());
    for lesson in LESSONS {
        assert!(lesson.exercises.len() >= 3, "{}", lesson.id);
        assert!(lesson.pages >= 1, "{}", lesson.id);
        assert_eq!(learn::lesson(lesson.id), Some(lesson));
    }
    let mut ids: Vec<_> = LESSONS.iter().map(|l| l.id).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), LESSONS.len(), "lesson ids are unique");
}

#[test]
fn every_answer_is_the_brute_force_answer() {
    for lesson in LESSONS {
        for exercise in lesson.exercises {
            let code = exercise.code;
            let solution = learn::solve(exercise).unwrap_or_else(|e| panic!("{e}"));
            match (exercise.ask, &solution) {
                (Ask::Won, Solution::Won(won)) => {
                    assert_eq!(*won, brute_wins(code), "{code}");
                }
                (Ask::Value { part }, Solution::Number(v)) => {
                    // Value exercises ask about a part alone (or a whole with one part), so
                    // the position's value by definition is the part's.
                    let parts = learn::parts(code).unwrap();
                    if parts.len() == 1 {
                        assert_eq!(*v, brute_value(code), "{code} part {part}");
                    } else {
                        // Stair Nim: the part's value is what it adds to the nim-sum.
                        assert!(code.starts_with("stairs:"), "{code}");
                        let stair: usize = part.parse().unwrap();
                        let mut balls: Vec<&str> = code["stairs:".len()..].split(',').collect();
                        let keep = balls[stair - 1];
                        for (i, b) in balls.iter_mut().enumerate() {
                            *b = if i == stair - 1 { keep } else { "0" };
                        }
                        let alone = format!("stairs:{}", balls.join(","));
                        assert_eq!(*v, brute_value(&alone), "{code} part {part}");
                    }
                }
                (Ask::NimSum, Solution::Number(v)) => {
                    assert_eq!(*v, brute_value(code), "{code}: the SG theorem");
                }
                (Ask::RulesOutcome | Ask::RulesScore, solution) => {
                    assert_eq!(*solution, brute_rules(code), "{code}");
                }
                (Ask::WinningMove, Solution::Moves(places)) => {
                    assert!(!places.is_empty(), "{code} has a winning move");
                    let p = AnyPosition::from_code(code).unwrap();
                    let brute_places: Vec<usize> = with_position!(&p, p => {
                        let mut memo = HashMap::new();
                        p.legal_moves()
                            .iter()
                            .enumerate()
                            .filter(|(_, mv)| {
                                let after = p.play_unchecked(mv);
                                !wins(&after, &mut memo)
                            })
                            .map(|(i, _)| i)
                            .collect()
                    });
                    assert_eq!(places, &brute_places, "{code}");
                    assert_eq!(learn::moves(code).unwrap().len(), {
                        with_position!(&p, p => p.legal_moves().len())
                    });
                }
                (
                    ask @ (Ask::Period { n } | Ask::Preperiod { n } | Ask::ProofBound { n }),
                    Solution::Number(v),
                ) => {
                    let values = brute_table(code, n);
                    let (period, preperiod) = brute_period(&values).expect("a period");
                    let expected = match ask {
                        Ask::Period { .. } => period,
                        Ask::Preperiod { .. } => preperiod,
                        _ => 2 * preperiod + period + brute_rule(code).max_take(),
                    };
                    assert_eq!(v.to_u64(), Some(expected), "{code} {ask:?}");
                }
                (Ask::Saltus { n }, Solution::Number(v)) => {
                    assert_eq!(code, "4.3...", "the saltus exercise is on Lasker's Nim");
                    let values = crate::brute::laskers_nim(n as usize);
                    let (_, saltus) = brute_arithmetic_period(&values).expect("a period");
                    assert_eq!(saltus, 4);
                    assert_eq!(v.to_u64(), Some(saltus), "{code}");
                }
                (Ask::Formula { guess, n }, Solution::Won(holds)) => {
                    let values = brute_table(code, n);
                    let agrees = (0..=n).all(|x| values[x as usize] == guess.at(x));
                    assert_eq!(*holds, agrees, "{code} {guess:?}");
                }
                (ask, solution) => panic!("{code}: {ask:?} answered by {solution:?}"),
            }
        }
    }
}

/// A take-and-break rule as the lesson writes it, read here from its own text: for each
/// number i of tokens a move may take, whether it may leave no heap, one heap, two heaps.
struct BruteRule {
    takes: Vec<(u64, [bool; 3])>,
}

impl BruteRule {
    fn max_take(&self) -> u64 {
        self.takes.iter().map(|(i, _)| *i).max().unwrap()
    }
}

fn brute_rule(code: &str) -> BruteRule {
    let one = [true, true, false];
    let takes = if let Some(m) = code.strip_prefix("bash:") {
        (1..=m.parse().unwrap()).map(|i| (i, one)).collect()
    } else if let Some(set) = code.strip_prefix("subtraction:") {
        set.split(',').map(|i| (i.parse().unwrap(), one)).collect()
    } else {
        // An octal code 0.d1d2…: bit 1 of d_i leaves nothing, bit 2 one heap, bit 4 two.
        let digits = code.strip_prefix("0.").expect("an octal code");
        digits
            .chars()
            .enumerate()
            .map(|(i, d)| {
                let d = d.to_digit(8).unwrap();
                (i as u64 + 1, [d & 1 != 0, d & 2 != 0, d & 4 != 0])
            })
            .collect()
    };
    BruteRule { takes }
}

/// G(0..=n) of a single heap, by the mex over the rule's options.
fn brute_table(code: &str, n: u64) -> Vec<u64> {
    let rule = brute_rule(code);
    let mut g: Vec<u64> = Vec::new();
    for x in 0..=n {
        let mut seen = std::collections::HashSet::new();
        for &(i, [none, one, two]) in &rule.takes {
            if i > x {
                continue;
            }
            let rest = x - i;
            if rest == 0 && none {
                seen.insert(0);
            }
            if rest > 0 && one {
                seen.insert(g[rest as usize]);
            }
            if two {
                for a in 1..rest {
                    seen.insert(g[a as usize] ^ g[(rest - a) as usize]);
                }
            }
        }
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

/// The smallest p with G(n + p) − G(n) one number s from some n₀ on, seen twice over at
/// least: (p, s).
fn brute_arithmetic_period(values: &[u64]) -> Option<(u64, u64)> {
    let len = values.len();
    (1..len / 2).find_map(|p| {
        let s = values[len - 1].checked_sub(values[len - 1 - p])?;
        let n0 = (0..len - p)
            .rev()
            .find(|&n| values[n + p] != values[n] + s)
            .map_or(0, |n| n + 1);
        (2 * n0 + 2 * p <= len).then_some((p as u64, s))
    })
}

/// The smallest period of a table and, for it, the smallest preperiod, seen twice over at
/// least (2·n₀ + 2·p ≤ the table's length).
fn brute_period(values: &[u64]) -> Option<(u64, u64)> {
    let len = values.len();
    (1..len).find_map(|p| {
        let n0 = (0..len - p)
            .rev()
            .find(|&n| values[n + p] != values[n])
            .map_or(0, |n| n + 1);
        (2 * n0 + 2 * p <= len).then_some((p as u64, n0 as u64))
    })
}

#[test]
fn every_final_game_is_won_for_the_learner() {
    for lesson in LESSONS {
        assert!(learn::mover_wins(lesson.game).unwrap(), "{}", lesson.game);
        let brute = match lesson.game.strip_prefix("rules:") {
            Some(code) => brute_rules(code) == Solution::Outcome(Outcome::Win),
            None => brute_wins(lesson.game),
        };
        assert!(brute, "{}", lesson.game);
    }
}

/// A shipped rules file's position solved by the brute forces of tests/engine/rules.rs,
/// written from the problems' rules: CSES 2208 by a memoised search over the heaps, DP L by
/// the recurrence of the best difference, the graph with cycles by fixpoint iteration.
fn brute_rules(code: &str) -> Solution {
    use crate::rules::{another_game_wins, deque_best, fixpoint, graph_edges};
    use grundy::rules::solve::Verdict;
    let (file, position) = code.split_once(':').expect("FILE:POSITION");
    let numbers = |text: &str| -> Vec<i64> {
        text.trim_matches(|c| c == '[' || c == ']')
            .split(',')
            .filter(|t| !t.trim().is_empty())
            .map(|t| t.trim().parse().unwrap())
            .collect()
    };
    match file {
        "cses2208.rhai" => {
            let mut heaps: Vec<u64> = numbers(position).iter().map(|&h| h as u64).collect();
            if another_game_wins(&mut heaps, &mut HashMap::new()) {
                Solution::Outcome(Outcome::Win)
            } else {
                Solution::Outcome(Outcome::Lose)
            }
        }
        "dpl-deque.rhai" => Solution::Score(deque_best(&numbers(position))),
        "graph-cycles.rhai" => {
            let vertex: usize = position.trim().parse().unwrap();
            Solution::Outcome(match fixpoint(&graph_edges())[vertex] {
                Verdict::Win => Outcome::Win,
                Verdict::Lose => Outcome::Lose,
                _ => Outcome::Draw,
            })
        }
        "cutting.rhai" => {
            let ns = numbers(position);
            let (w, h) = (ns[0] as usize, ns[1] as usize);
            let won = crate::brute::cutting(w.max(h))[w][h] != 0;
            Solution::Outcome(if won { Outcome::Win } else { Outcome::Lose })
        }
        other => panic!("no brute force for {other}"),
    }
}

/// The lesson beyond the SG theorem asks, between its exercises, for each kind of answer:
/// a win, a loss, a draw and a score.
#[test]
fn the_lesson_beyond_sg_asks_every_outcome() {
    let lesson = learn::lesson("beyond").expect("the lesson");
    let solutions: Vec<Solution> = lesson
        .exercises
        .iter()
        .map(|e| learn::solve(e).unwrap())
        .collect();
    for wanted in [Outcome::Win, Outcome::Lose, Outcome::Draw] {
        assert!(solutions.contains(&Solution::Outcome(wanted)), "{wanted:?}");
    }
    assert!(solutions.iter().any(|s| matches!(s, Solution::Score(_))));
    // After the Lab's lesson.
    let place = |id| LESSONS.iter().position(|l| l.id == id).unwrap();
    assert_eq!(place("beyond"), place("lab") + 1);
}

/// Right answers are accepted; every wrong one is refused with its reason as values.
#[test]
fn check_accepts_the_answer_and_explains_a_wrong_one() {
    for lesson in LESSONS {
        for exercise in lesson.exercises {
            let code = exercise.code;
            let (right, wrong) = match learn::solve(exercise).unwrap() {
                Solution::Won(w) => (Answer::Won(w), Answer::Won(!w)),
                Solution::Number(v) => {
                    let v = v.to_u64().unwrap();
                    (Answer::Number(v), Answer::Number(v + 1))
                }
                Solution::Outcome(o) => {
                    let other = if o == Outcome::Draw {
                        Outcome::Win
                    } else {
                        Outcome::Draw
                    };
                    (Answer::Outcome(o), Answer::Outcome(other))
                }
                Solution::Score(s) => {
                    let s = u64::try_from(s).expect("the lesson's scores are not negative");
                    (Answer::Number(s), Answer::Number(s + 1))
                }
                Solution::Moves(places) => {
                    let n = learn::moves(code).unwrap().len();
                    let wrong = (0..n).find(|i| !places.contains(i));
                    (
                        Answer::Move(places[0]),
                        Answer::Move(wrong.unwrap_or(usize::MAX)),
                    )
                }
            };
            let yes = learn::check(exercise, right).unwrap();
            assert!(yes.right, "{code} {right:?}");
            let no = learn::check(exercise, wrong).unwrap();
            assert!(!no.right, "{code} {wrong:?}");
            match (&exercise.ask, &no.why) {
                (Ask::Won, Why::Outcome { won, example, .. }) => {
                    assert_eq!(Answer::Won(*won), right);
                    assert!(example.is_some(), "{code}: a move to show");
                }
                (Ask::Value { .. }, Why::Value(d)) => {
                    // The mex of the options' values is the value.
                    let values = d.values.clone().expect("every option valued");
                    assert_eq!(d.mex, Some(mex(values)));
                    assert_eq!(d.mex, d.value, "{code}");
                }
                (Ask::NimSum, Why::NimSum { parts, nim_sum }) => {
                    assert_eq!(
                        parts.iter().map(|(_, v)| *v).sum::<Nimber>(),
                        *nim_sum,
                        "{code}"
                    );
                }
                (
                    Ask::WinningMove,
                    Why::Move {
                        chosen,
                        winning,
                        nim_sum,
                        ..
                    },
                ) => {
                    assert!(!winning.is_empty());
                    // A position with a winning move is not at nim-sum *0.
                    assert!(nim_sum.is_none_or(|v| !v.is_zero()), "{code}");
                    if let Answer::Move(i) = wrong
                        && i != usize::MAX
                    {
                        let chosen = chosen.as_ref().expect("a move of the list was chosen");
                        assert!(!chosen.to_lost, "{code}");
                        assert!(chosen.reply.is_some(), "{code}: the opponent's answer");
                        if let Some(v) = chosen.nim_sum {
                            assert!(!v.is_zero(), "{code}");
                        }
                    }
                }
                (
                    Ask::Period { .. }
                    | Ask::Preperiod { .. }
                    | Ask::Saltus { .. }
                    | Ask::ProofBound { .. },
                    Why::Period { proved, .. },
                ) => {
                    // The lesson's periods are of finite rules: proved by the theorem.
                    assert!(proved, "{code}");
                }
                (Ask::Formula { .. }, Why::Formula { counterexample, .. }) => {
                    if let Some((n, value, said)) = counterexample {
                        assert_ne!(value, said, "{code} at {n}");
                    }
                }
                (Ask::RulesOutcome | Ask::RulesScore, Why::Rules { judgement, best }) => {
                    // A move to show, and the moves to the end where the game ends.
                    assert!(best.is_some(), "{code}");
                    assert_eq!(
                        judgement.remoteness.is_some(),
                        judgement.verdict != grundy::rules::solve::Verdict::Draw,
                        "{code}"
                    );
                }
                (ask, why) => panic!("{code}: {ask:?} explained by {why:?}"),
            }
        }
    }
}

/// The table shown beside a heap's value exercise: every smaller heap's value, by definition.
#[test]
fn the_table_so_far_is_every_smaller_heap_by_definition() {
    let mut shown = 0;
    for lesson in LESSONS {
        for exercise in lesson.exercises {
            let Some(table) = learn::smaller_heaps(exercise) else {
                continue;
            };
            shown += 1;
            let (prefix, size) = exercise.code.rsplit_once(':').unwrap();
            let size: u64 = size.parse().unwrap();
            assert_eq!(table.len() as u64, size, "{}", exercise.code);
            for (heap, value) in table {
                assert_eq!(
                    value,
                    brute_value(&format!("{prefix}:{heap}")),
                    "{prefix}:{heap}"
                );
            }
        }
    }
    // The mex lesson's seven cells and the splitting games' three.
    assert!(shown >= 10, "{shown}");
}

/// A rules file's exercise is nudged by the rule that decides it: a game that splits into
/// parts (the Cutting Game's sheets) is a sum the SG theorem decides, so its nudge never says
/// the theorem does not apply; a game that does not split is searched whole.
#[test]
fn a_rules_exercise_is_nudged_by_whether_its_game_is_a_sum() {
    use grundy::nudge::Nudge;
    let mut sums = 0;
    for lesson in LESSONS {
        for exercise in lesson.exercises {
            if exercise.ask != Ask::RulesOutcome {
                continue;
            }
            let (example, _) = learn::rules_code(exercise.code).unwrap();
            let rules = example.rules().unwrap();
            let sum = rules.has_parts() && rules.impartial();
            let nudge = learn::nudge(exercise, lesson.values_taught).unwrap();
            let expected = if sum {
                Nudge::ValueOfParts
            } else {
                Nudge::SearchWhole
            };
            assert_eq!(nudge, expected, "{}", exercise.code);
            sums += usize::from(sum);
        }
    }
    assert!(sums >= 1, "the Cutting Game's exercise is a sum");
}
