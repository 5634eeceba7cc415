//! A rules file's game as a judge's [`Problem`] (`grundy judge --rules FILE`): the file's own
//! exact search ([`solve::analyze`]) is the reference. One test is one position: the program
//! reads `fn input(s)`'s text (default: the position's literal and a line end) and prints
//! `fn answer(r)`'s words for the result `r` (default: `r` itself), where `r` is `"First"`
//! when the player to move wins, `"Second"` when they lose, `"Draw"` when neither can force
//! an end, and in a scoring game the integer score difference for the player to move. The
//! positions are drawn by `fn random(size, seed)`, or without it, when `start()` is an integer
//! or an array of integers (or there is no `start()`), positions of that shape.
//!
//! Every call of the script runs inside an answer's budget ([`budget::answer`]), as the rest
//! of grundy's do. A position too large for the search at its size is drawn again at half the
//! size, so that a game whose positions grow fast is still judged on what can be searched.
//!
//! The shrinker knows numbers ≥ 0, lists and strings ([`Node`]): a position is kept as such a
//! tree, a negative integer or a boolean as a pair tagged by a string the shrinker never
//! makes up (a NUL byte then `-` or `b`), so that its magnitude can still shrink.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rhai::Dynamic;

use super::formats::Answers;
use super::input::{Gen, Level, Node};
use super::{JudgeError, Problem};
use crate::rules::budget::{self, Budget};
use crate::rules::solve::{self, Limits, SearchError, Verdict};
use crate::rules::{Problem as ScriptProblem, Rules, RulesError, Value};
use crate::solver::FxHashMap;

/// The largest size the judge asks of `fn random` (at the limits); small tests ask 1 to 3,
/// medium ones 4 to 7.
pub const MAX_SIZE: i64 = 10;

/// The operations one answer of the reference may spend (a search of a position and the
/// script's `answer`): far more than the AI's, since a wrong reference would judge wrongly.
pub const REFERENCE_OPERATIONS: u64 = 200_000_000;

/// The wall-clock guard of one answer of the reference (only a very slow machine reaches it).
pub const REFERENCE_TIME: Duration = Duration::from_secs(20);

/// The most positions one search of the reference lists.
pub const REFERENCE_POSITIONS: usize = 1_000_000;

/// The most bytes one search of the reference holds.
pub const REFERENCE_BYTES: usize = 64 << 20;

/// How the judge draws positions when the script does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// `fn random(size, seed)`.
    Script,
    /// An integer 0..=10·size.
    Int,
    /// An array of integers: up to size/2 + 1 of them, each 0..=2·size.
    Ints,
}

/// The result a program answers, for `fn answer(r)`: `"First"`, `"Second"`, `"Draw"`, or the
/// score difference.
fn result_of(verdict: Verdict) -> Dynamic {
    match verdict {
        Verdict::Win => Dynamic::from("First".to_string()),
        Verdict::Lose => Dynamic::from("Second".to_string()),
        Verdict::Draw => Dynamic::from("Draw".to_string()),
        Verdict::Score(s) => Dynamic::from_int(s),
    }
}

/// `f` under the budget of one script answer (the operations of the AI's).
fn scripted<T>(f: impl FnOnce() -> T) -> T {
    budget::answer(Budget::answer(), f)
}

fn script_error(e: RulesError, position: &Value) -> JudgeError {
    if e.problem == ScriptProblem::Interrupted {
        JudgeError::TooLarge(position.to_string())
    } else {
        JudgeError::Rules(Box::new(e), Some(position.to_string()))
    }
}

/// The judge's problem of a rules file.
pub fn problem(rules: Arc<Rules>) -> Result<Problem, JudgeError> {
    let shape = if rules.has_random() {
        Shape::Script
    } else {
        match scripted(|| rules.start()).map_err(|e| JudgeError::Rules(Box::new(e), None))? {
            None | Some(Value::Int(_)) => Shape::Int,
            Some(Value::Array(items)) if items.iter().all(|v| v.as_int().is_some()) => Shape::Ints,
            Some(other) => return Err(JudgeError::NoRandom(other.to_string())),
        }
    };
    let words = words(&rules);
    let game = Arc::new(Game {
        rules,
        shape,
        answers: Mutex::new(FxHashMap::default()),
    });
    let (generate, render, reference) = (game.clone(), game.clone(), game.clone());
    Ok(Problem {
        id: format!("--rules {}", game.rules.file()),
        time_ms: 1000,
        memory_mib: 256,
        words,
        answers: Answers::Whole,
        generate: Box::new(move |g| generate.generate(g)),
        render: Box::new(move |node| {
            let position = decode(node).ok_or(JudgeError::NotPosition)?;
            render.input(&position)
        }),
        valid: Box::new(|node| decode(node).is_some()),
        code: Box::new(|node, _| decode(node).map(|v| v.to_string())),
        reference: Box::new(move |node, _| {
            let position = node.and_then(decode).ok_or(JudgeError::NotPosition)?;
            reference.expected(&position)
        }),
        reference_reads_tree: true,
        samples: Vec::new(),
    })
}

/// The words of the answers, for telling a wrong answer from a presentation error: the
/// tokens of `answer` for each result, or `First`, `Second`, `Draw` by default (a scoring
/// game's answers are numbers).
fn words(rules: &Rules) -> Vec<String> {
    if rules.scoring() && !rules.has_answer() {
        return Vec::new();
    }
    let mut words: Vec<String> = Vec::new();
    for verdict in [Verdict::Win, Verdict::Lose, Verdict::Draw] {
        let text = if rules.has_answer() {
            // A script that answers only the results its game has may refuse the others.
            match scripted(|| rules.answer(result_of(verdict))) {
                Ok(Some(text)) => text,
                _ => continue,
            }
        } else {
            result_of(verdict).to_string()
        };
        for token in text.split_ascii_whitespace() {
            if !words.iter().any(|w| w == token) && token.parse::<i128>().is_err() {
                words.push(token.to_string());
            }
        }
    }
    words
}

/// A rules file's game as the judge runs it, shared by the problem's closures.
struct Game {
    rules: Arc<Rules>,
    shape: Shape,
    /// The answers found while drawing (each position's search is done once).
    answers: Mutex<FxHashMap<Value, String>>,
}

impl Game {
    /// A random position at the test's level: drawn at its size, and again at half the size
    /// while the search cannot answer it.
    fn generate(&self, g: &mut Gen) -> Result<Node, JudgeError> {
        let mut size = match g.level {
            Level::Small => g.uniform(1, 3) as i64,
            Level::Medium => g.uniform(4, 7) as i64,
            Level::Limit => MAX_SIZE,
        };
        loop {
            let position = self.draw(g, size)?;
            match self.expected(&position) {
                Ok(_) => {
                    return encode(&position).ok_or(JudgeError::TooLarge(position.to_string()));
                }
                Err(JudgeError::TooLarge(_)) if size > 1 => size /= 2,
                Err(e) => return Err(e),
            }
        }
    }

    fn draw(&self, g: &mut Gen, size: i64) -> Result<Value, JudgeError> {
        let small = |g: &mut Gen, hi: u64| {
            if g.level == Level::Limit {
                hi - g.uniform(0, hi / 5)
            } else {
                g.uniform(0, hi)
            }
        };
        Ok(match self.shape {
            Shape::Script => {
                let seed = g.uniform(0, (1 << 31) - 1) as i64;
                scripted(|| self.rules.random(size, seed))
                    .map_err(|e| JudgeError::Rules(Box::new(e), None))?
                    .expect("the script has fn random")
            }
            Shape::Int => Value::Int(small(g, 10 * size as u64) as i64),
            Shape::Ints => {
                let n = small(g, size as u64 / 2 + 1).max(1);
                let hi = 2 * size as u64;
                Value::Array(
                    (0..n)
                        .map(|_| Value::Int(g.uniform(0, hi) as i64))
                        .collect(),
                )
            }
        })
    }

    /// The text the program reads for `position`.
    fn input(&self, position: &Value) -> Result<String, JudgeError> {
        let text = scripted(|| self.rules.input(position))
            .map_err(|e| script_error(e, position))?
            .unwrap_or_else(|| position.to_string());
        Ok(if text.ends_with('\n') {
            text
        } else {
            text + "\n"
        })
    }

    /// What the program must print for `position`: the search's result, in `answer`'s words.
    fn expected(&self, position: &Value) -> Result<String, JudgeError> {
        if let Some(text) = self.lock().get(position) {
            return Ok(text.clone());
        }
        let deadline = Some(Instant::now() + REFERENCE_TIME);
        let budget = Budget {
            operations: REFERENCE_OPERATIONS,
            deadline,
        };
        let limits = Limits {
            positions: REFERENCE_POSITIONS,
            bytes: REFERENCE_BYTES,
            deadline,
        };
        let r = budget::answer(budget, || self.verdict(position, &limits).map(result_of))?;
        // The words are the script's own call, under an answer's budget as `input` and
        // `random` are: the search's larger budget is for the search.
        let said = scripted(|| self.rules.answer(r.clone())).map_err(|e| {
            // Out of time here is `answer`'s own fault, never the search's size.
            JudgeError::Rules(Box::new(e), Some(position.to_string()))
        })?;
        let text = said.unwrap_or_else(|| r.to_string()) + "\n";
        self.lock().insert(position.clone(), text.clone());
        Ok(text)
    }

    /// The result of `position` with best play: through its parts' Sprague–Grundy values
    /// where the game has them (the values kept for every later test), else by the search of
    /// every position reachable from it.
    fn verdict(&self, position: &Value, limits: &Limits) -> Result<Verdict, JudgeError> {
        let rules = &self.rules;
        let too_large = || JudgeError::TooLarge(position.to_string());
        let error = |e: SearchError| match e {
            SearchError::Script(e) => script_error(e, position),
            SearchError::TooLarge | SearchError::Repeats => too_large(),
        };
        if rules.impartial() && rules.has_parts() {
            match solve::value_of(rules, position, limits) {
                Ok(Some(v)) => return Ok(if v == 0 { Verdict::Lose } else { Verdict::Win }),
                Ok(None) => {}
                Err(e) => return Err(script_error(e, position)),
            }
        }
        let root = solve::Node::new(position.clone(), 0);
        let solution = solve::Solution::search(rules, &root, limits).map_err(error)?;
        Ok(solution.judge(&root).ok_or_else(too_large)?.verdict)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, FxHashMap<Value, String>> {
        self.answers
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The tag of a negative integer's pair, and of a boolean's.
const NEGATIVE: &[u8] = b"\0-";
const BOOLEAN: &[u8] = b"\0b";

/// A position as the shrinker's tree (`None`: a string the tags would be mistaken for).
pub fn encode(value: &Value) -> Option<Node> {
    Some(match value {
        Value::Int(n) if *n >= 0 => Node::Num(*n as u64),
        Value::Int(n) => Node::List(vec![
            Node::Text(NEGATIVE.to_vec()),
            Node::Num(n.unsigned_abs()),
        ]),
        Value::Bool(b) => Node::List(vec![Node::Text(BOOLEAN.to_vec()), Node::Num(u64::from(*b))]),
        Value::Str(s) if s.starts_with('\0') => return None,
        Value::Str(s) => Node::Text(s.as_bytes().to_vec()),
        Value::Array(items) => Node::List(items.iter().map(encode).collect::<Option<_>>()?),
    })
}

/// The position a shrinker's tree is (`None`: an edit broke a tag, or a string that is no
/// longer UTF-8).
pub fn decode(node: &Node) -> Option<Value> {
    Some(match node {
        Node::Num(n) => Value::Int(i64::try_from(*n).ok()?),
        Node::Text(bytes) if bytes.first() == Some(&0) => return None,
        Node::Text(bytes) => Value::Str(std::str::from_utf8(bytes).ok()?.into()),
        Node::List(items) => match items.as_slice() {
            [Node::Text(tag), Node::Num(n)] if tag == NEGATIVE => {
                Value::Int(-i64::try_from(*n).ok()?)
            }
            [Node::Text(tag), Node::Num(n)] if tag == BOOLEAN && *n <= 1 => Value::Bool(*n == 1),
            _ => Value::Array(items.iter().map(decode).collect::<Option<_>>()?),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_round_trip_through_the_shrinkers_tree() {
        let rules = Rules::compile("t.rhai", "fn moves(s) { [] }").unwrap();
        for text in ["7", "[3, 0, 5]", "[-4, true, \"ab\", [false, []]]", "[]"] {
            let value = rules.parse_position(text).unwrap();
            let node = encode(&value).unwrap();
            assert_eq!(decode(&node), Some(value), "{text}");
        }
        // A broken tag is no position; a smaller magnitude is.
        let minus = encode(&Value::Int(-3)).unwrap();
        let Node::List(items) = &minus else { panic!() };
        assert_eq!(decode(&Node::List(vec![items[0].clone()])), None);
        let smaller = Node::List(vec![items[0].clone(), Node::Num(1)]);
        assert_eq!(decode(&smaller), Some(Value::Int(-1)));
    }
}
