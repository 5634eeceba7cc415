//! The course: lessons that teach Sprague–Grundy theory in the order the tutorials do, from
//! won and lost positions by hand to the three contest games. A lesson is data — its pages
//! (locale keys), its exercises (a position code and what is asked) and a position to win
//! against the AI — and every answer is computed here by the engine, never written down.
//! [`check`] judges an answer and returns why it is right or wrong as values ([`Why`]); the
//! interface turns them into words. [`progress`] keeps which lessons are done.

pub mod progress;

use crate::game::{Impartial, Notation, Position};
use crate::games::{AnyPosition, with_position};
use crate::lab::{LabRule, Period};
use crate::message::Msg;
use crate::nimber::Nimber;
use crate::nudge::{self, Asked, Nudge};
use crate::rules::examples;
use crate::rules::solve::{self as rules_solve, Judgement, Node, Verdict};
use crate::why::{self, Derivation, Explain, Formula, PartName, WinRule};

/// What an exercise asks about its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// Is the position won for the player to move? (yes or no)
    Won,
    /// The value of a part (named as `analyze --why` names it: `1` for heap 1), found by mex.
    Value { part: &'static str },
    /// A winning move, chosen from the list of every legal move.
    WinningMove,
    /// The nim-sum of the position's parts.
    NimSum,
    /// 打表找规律, on the Lab's table of a rule (the exercise's code is the rule, `0.77` or
    /// `subtraction:1,3,4`) to `n`: its period p…
    Period { n: u64 },
    /// … its preperiod n₀ (the first n from which G(n + p) = G(n) always) …
    Preperiod { n: u64 },
    /// … for an arithmetic period (G(n + p) = G(n) + s), its saltus s …
    Saltus { n: u64 },
    /// … the n below which the periodicity theorem needs G(n + p) = G(n) checked, 2·n₀ + p + t
    /// (t the most tokens a move takes) …
    ProofBound { n: u64 },
    /// … and whether a guessed formula gives every value G(0), …, G(n) (yes or no).
    Formula { guess: Guess, n: u64 },
    /// On a shipped rules file (the exercise's code is `FILE:POSITION`): with best play, does
    /// the player to move win, lose, or is it a draw? Solved by the rules file's search.
    RulesOutcome,
    /// On a shipped scoring rules file: how many points more than the other does the player
    /// to move end with, with best play?
    RulesScore,
}

/// The result of a game with best play, where draws may happen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The player to move wins.
    Win,
    Lose,
    Draw,
}

/// A formula guessed for a rule's values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Guess {
    /// G(n) = n mod m.
    Mod { m: u64 },
    /// G(n) = cycle[n mod len]: the values repeat from 0.
    Cycle(&'static [u64]),
}

impl Guess {
    /// The value the formula gives at `n`.
    pub fn at(self, n: u64) -> u64 {
        match self {
            Guess::Mod { m } => n % m,
            Guess::Cycle(cycle) => cycle[(n % cycle.len() as u64) as usize],
        }
    }
}

/// One exercise: a position and a question about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exercise {
    pub code: &'static str,
    pub ask: Ask,
}

/// One lesson. Its texts are the locale keys `learn.<id>.title` and `learn.<id>.page1` to
/// `learn.<id>.page<pages>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lesson {
    pub id: &'static str,
    /// How many pages of text come before the exercises.
    pub pages: usize,
    pub exercises: &'static [Exercise],
    /// The position the learner must win against the AI (won for the player to move).
    pub game: &'static str,
    /// Whether the lesson comes after values and nim-sums are taught, so that its reasons may
    /// speak of them (the first lessons explain by won and lost positions only).
    pub values_taught: bool,
}

impl Lesson {
    pub fn title_key(&self) -> String {
        format!("learn.{}.title", self.id)
    }

    /// The locale keys of the pages, in order.
    pub fn page_keys(&self) -> Vec<String> {
        (1..=self.pages)
            .map(|i| format!("learn.{}.page{i}", self.id))
            .collect()
    }
}

const fn won(code: &'static str) -> Exercise {
    Exercise {
        code,
        ask: Ask::Won,
    }
}

const fn value(code: &'static str, part: &'static str) -> Exercise {
    Exercise {
        code,
        ask: Ask::Value { part },
    }
}

const fn winning(code: &'static str) -> Exercise {
    Exercise {
        code,
        ask: Ask::WinningMove,
    }
}

const fn period(rule: &'static str, n: u64) -> Exercise {
    Exercise {
        code: rule,
        ask: Ask::Period { n },
    }
}

const fn preperiod(rule: &'static str, n: u64) -> Exercise {
    Exercise {
        code: rule,
        ask: Ask::Preperiod { n },
    }
}

const fn saltus(rule: &'static str, n: u64) -> Exercise {
    Exercise {
        code: rule,
        ask: Ask::Saltus { n },
    }
}

const fn proof_bound(rule: &'static str, n: u64) -> Exercise {
    Exercise {
        code: rule,
        ask: Ask::ProofBound { n },
    }
}

const fn formula(rule: &'static str, guess: Guess, n: u64) -> Exercise {
    Exercise {
        code: rule,
        ask: Ask::Formula { guess, n },
    }
}

const fn rules_outcome(code: &'static str) -> Exercise {
    Exercise {
        code,
        ask: Ask::RulesOutcome,
    }
}

const fn rules_score(code: &'static str) -> Exercise {
    Exercise {
        code,
        ask: Ask::RulesScore,
    }
}

const fn nim_sum(code: &'static str) -> Exercise {
    Exercise {
        code,
        ask: Ask::NimSum,
    }
}

/// The course, in the order the tutorials teach it.
pub const LESSONS: &[Lesson] = &[
    Lesson {
        id: "positions",
        pages: 3,
        exercises: &[
            won("bash:3:2"),
            won("bash:3:4"),
            won("bash:3:7"),
            won("bash:3:8"),
            winning("bash:3:6"),
        ],
        game: "bash:3:11",
        values_taught: false,
    },
    Lesson {
        id: "bash",
        pages: 3,
        exercises: &[
            won("bash:5:18"),
            winning("bash:4:13"),
            won("bash:4:15"),
            winning("bash:6:30"),
        ],
        game: "bash:4:23",
        values_taught: false,
    },
    Lesson {
        id: "nim",
        pages: 4,
        exercises: &[
            won("nim:5,5"),
            nim_sum("nim:3,5,6"),
            won("nim:1,4,5"),
            winning("nim:3,4,5"),
            nim_sum("nim:27,8,5"),
            winning("nim:27,8,5"),
        ],
        game: "nim:7,9,12",
        values_taught: true,
    },
    Lesson {
        id: "mex",
        pages: 3,
        exercises: &[
            value("subtraction:1,3,4:1", "1"),
            value("subtraction:1,3,4:2", "1"),
            value("subtraction:1,3,4:3", "1"),
            value("subtraction:1,3,4:4", "1"),
            value("subtraction:1,3,4:5", "1"),
            value("subtraction:1,3,4:6", "1"),
            value("subtraction:1,3,4:7", "1"),
        ],
        game: "subtraction:1,3,4:10,12,7",
        values_taught: true,
    },
    Lesson {
        id: "sums",
        pages: 3,
        exercises: &[
            nim_sum("bash:3:5,6,7"),
            won("bash:3:9,10,3"),
            winning("bash:3:10,7,6"),
            nim_sum("nim:2,3+bash:3:6"),
            winning("nim:2,3+bash:3:6"),
        ],
        game: "bash:3:9,11,7",
        values_taught: true,
    },
    Lesson {
        id: "splits",
        pages: 4,
        exercises: &[
            value("kayles:4", "1"),
            value("grundy:7", "1"),
            value("lieges:3:4", "1"),
            won("grundy:3,4"),
            winning("kayles:3,5"),
        ],
        game: "kayles:5,7,9",
        values_taught: true,
    },
    Lesson {
        id: "stairs",
        pages: 3,
        exercises: &[
            value("stairs:0,1,4", "2"),
            value("stairs:0,1,4", "3"),
            nim_sum("stairs:3,1,4,2"),
            won("stairs:5,2,0,2"),
            winning("stairs:3,1,4,2"),
        ],
        game: "stairs:0,2,3,3",
        values_taught: true,
    },
    Lesson {
        id: "misere",
        pages: 4,
        exercises: &[
            won("misere:1,1,1"),
            won("misere:1,1"),
            won("misere:2,2"),
            winning("misere:3,1,1"),
            winning("misere:4,1"),
        ],
        game: "misere:3,5,1",
        values_taught: true,
    },
    Lesson {
        id: "wythoff",
        pages: 3,
        exercises: &[
            won("wythoff:3,5"),
            won("wythoff:4,6"),
            winning("wythoff:6,9"),
            winning("wythoff:2,6"),
        ],
        game: "wythoff:7,10",
        values_taught: true,
    },
    Lesson {
        id: "fibnim",
        pages: 3,
        exercises: &[
            won("fibnim:13"),
            won("fibnim:12"),
            winning("fibnim:20"),
            winning("fibnim:43"),
        ],
        game: "fibnim:30",
        values_taught: true,
    },
    Lesson {
        id: "ed",
        pages: 3,
        exercises: &[
            value("ed:2,3", "1"),
            value("ed:3,5", "1"),
            nim_sum("ed:2,3,4,4"),
            winning("ed:2,3,1,1"),
        ],
        game: "ed:3,5,2,7,4,4",
        values_taught: true,
    },
    Lesson {
        id: "dag",
        pages: 3,
        exercises: &[
            value("dag:8:1>2,1>3,2>4,3>4,4>5,3>6,6>7,5>8,7>8,2>6:8", "1"),
            value("dag:8:1>2,1>3,2>4,3>4,4>5,3>6,6>7,5>8,7>8,2>6:5", "1"),
            value("dag:8:1>2,1>3,2>4,3>4,4>5,3>6,6>7,5>8,7>8,2>6:4", "1"),
            value("dag:8:1>2,1>3,2>4,3>4,4>5,3>6,6>7,5>8,7>8,2>6:2", "1"),
            nim_sum("dag:8:1>2,1>3,2>4,3>4,4>5,3>6,6>7,5>8,7>8,2>6:1,3,2"),
            winning("dag:8:1>2,1>3,2>4,3>4,4>5,3>6,6>7,5>8,7>8,2>6:2,5,7"),
        ],
        game: "dag:8:1>2,1>3,2>4,3>4,4>5,3>6,6>7,5>8,7>8,2>6:1,2,5,7",
        values_taught: true,
    },
    Lesson {
        id: "coins",
        pages: 3,
        exercises: &[
            value("coins:4:HHHT", "4"),
            value("coins:4:HHHHHT", "6"),
            nim_sum("coins:4:HHHTHT"),
            winning("coins:4:HTHTHT"),
        ],
        game: "coins:4:HTTHTTTTHTTT",
        values_taught: true,
    },
    Lesson {
        id: "grid",
        pages: 3,
        exercises: &[
            value("grid:HHT", "1,3"),
            value("grid:HH/HT", "2,2"),
            nim_sum("grid:HHH/TTH"),
            winning("grid:HHH/TTH"),
        ],
        game: "grid:HTHT/THTH",
        values_taught: true,
    },
    Lesson {
        id: "dodgeball",
        pages: 3,
        exercises: &[
            value("dodgeball:100000", "1"),
            nim_sum("dodgeball:1111"),
            won("dodgeball:111"),
            won("dodgeball:1111111111"),
            winning("dodgeball:111111"),
        ],
        game: "dodgeball:111111111111",
        values_taught: true,
    },
    Lesson {
        id: "takerange",
        pages: 2,
        exercises: &[
            value("take:2,3:7", "1"),
            value("take:2,3:9", "1"),
            won("take:2,3:5,4"),
            winning("take:2,5:10,12,9"),
        ],
        game: "take:2,5:10,12,9",
        values_taught: true,
    },
    Lesson {
        id: "fibtakes",
        pages: 2,
        exercises: &[
            value("fibonacci:4", "1"),
            value("fibonacci:7", "1"),
            nim_sum("fibonacci:10,12,7"),
            winning("fibonacci:10,12,7"),
        ],
        game: "fibonacci:10,12,7",
        values_taught: true,
    },
    Lesson {
        id: "coprime",
        pages: 2,
        exercises: &[
            value("coprime:9", "1"),
            value("coprime:7", "1"),
            value("coprime:8", "1"),
            winning("coprime:15,5"),
        ],
        game: "coprime:7,9,15",
        values_taught: true,
    },
    Lesson {
        id: "staircase",
        pages: 2,
        exercises: &[
            value("staircase:3", "1"),
            value("staircase:6", "1"),
            won("staircase:3,6"),
            winning("staircase:3,6"),
        ],
        game: "staircase:10,15",
        values_taught: true,
    },
    Lesson {
        id: "dawson",
        pages: 2,
        exercises: &[
            value("dawson:5", "1"),
            value("dawson:8", "1"),
            won("dawson:4,4"),
            winning("dawson:5,8,11"),
        ],
        game: "dawson:5,8,11",
        values_taught: true,
    },
    Lesson {
        id: "lab",
        pages: 5,
        exercises: &[
            formula("bash:3", Guess::Mod { m: 4 }, 100),
            formula("subtraction:1,3,4", Guess::Mod { m: 3 }, 100),
            period("subtraction:1,3,4", 300),
            formula(
                "subtraction:1,3,4",
                Guess::Cycle(&[0, 1, 0, 1, 2, 3, 2]),
                1000,
            ),
            preperiod("0.77", 1000),
            period("0.77", 1000),
            proof_bound("0.77", 1000),
            saltus("4.3...", 1000),
            rules_outcome("cutting.rhai:[4, 3]"),
        ],
        game: "dawson:9,14",
        values_taught: true,
    },
    Lesson {
        id: "beyond",
        pages: 4,
        exercises: &[
            rules_outcome("cses2208.rhai:[1, 2, 3]"),
            rules_outcome("cses2208.rhai:[2, 2, 4]"),
            rules_score("dpl-deque.rhai:[10, 80, 90, 30]"),
            rules_outcome("graph-cycles.rhai:0"),
            rules_outcome("graph-cycles.rhai:4"),
        ],
        game: "rules:cses2208.rhai:[2, 3, 4]",
        values_taught: true,
    },
    Lesson {
        id: "anti",
        pages: 3,
        exercises: &[
            won("anti:nim:1,1,1"),
            won("anti:nim:2,2"),
            won("anti:bash:3:2,3"),
            winning("anti:nim:3,1,1"),
            won("anti:kayles:3"),
        ],
        game: "anti:nim:3,4,5",
        values_taught: true,
    },
    Lesson {
        id: "every",
        pages: 3,
        exercises: &[
            won("every:nim:3"),
            won("every:bash:2:3+nim:1"),
            winning("every:nim:2+bash:2:4"),
        ],
        game: "every:nim:3+kayles:4+bash:2:5",
        values_taught: true,
    },
    Lesson {
        id: "nimk",
        pages: 2,
        exercises: &[
            won("nimk:1:3,5,6"),
            won("nimk:2:1,1,1"),
            won("nimk:2:1,2,3"),
            winning("nimk:2:1,2,3"),
        ],
        game: "nimk:2:3,5,6",
        values_taught: true,
    },
    Lesson {
        id: "turning",
        pages: 3,
        exercises: &[
            value("mock:HHHT", "4"),
            value("ruler:HHHHHHHHHHHT", "12"),
            nim_sum("turtles:THTT"),
            winning("mock:HTTHT"),
        ],
        game: "mock:HTTHTHHTHT",
        values_taught: true,
    },
];

/// The lesson `id`, if there is one.
pub fn lesson(id: &str) -> Option<&'static Lesson> {
    LESSONS.iter().find(|l| l.id == id)
}

/// An answer to an exercise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Won (true) or lost (false) for the player to move.
    Won(bool),
    /// A number: a part's value or the nim-sum.
    Number(u64),
    /// The move at this place of [`moves`].
    Move(usize),
    /// Win, lose or draw.
    Outcome(Outcome),
}

/// A move and what it leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveAfter {
    /// The move, as the game's move list says it.
    pub mv: Msg,
    /// The nim-sum it leaves, where the nim-sum decides the game.
    pub nim_sum: Option<Nimber>,
    /// The game's own rule applied to the position it leaves, where that rule and not the
    /// nim-sum decides (the SJ theorem or the misère search, Every-SG's step counts, Nim-K's
    /// digit counts): the same words `analyze` gives that position.
    pub rule: Option<Msg>,
    /// Whether it leaves the opponent a lost position.
    pub to_lost: bool,
    /// The opponent's winning answer, when the move leaves them a won position.
    pub reply: Option<Msg>,
}

/// Why the right answer is right, as values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// Won or lost: `example` is a winning move when won, any move (and the opponent's winning
    /// reply) when lost; `nim_sum` where the nim-sum decides; `rule` for misère Nim.
    Outcome {
        won: bool,
        nim_sum: Option<Nimber>,
        rule: Option<WinRule>,
        /// The game's own rule applied here, where it decides instead of the nim-sum (see
        /// [`MoveAfter::rule`]).
        said: Option<Msg>,
        /// A lone Wythoff queen's lost pair or a Fibonacci Nim heap's Zeckendorf terms: the
        /// formula that decides without values.
        formula: Option<Formula>,
        example: Option<MoveAfter>,
    },
    /// A part's value: its options, their values and the mex.
    Value(Box<Derivation>),
    /// The nim-sum: each part's value and their XOR.
    NimSum {
        parts: Vec<(PartName, Nimber)>,
        nim_sum: Nimber,
    },
    /// A rule's period as its table to `n` shows it: p, n₀, whether the periodicity theorem
    /// proves it, and the most tokens a move takes (`None`: no bound, as in 0.3…).
    Period {
        n: u64,
        period: u64,
        preperiod: u64,
        /// What a period adds to the values (0: a pure period).
        saltus: u64,
        proved: bool,
        max_take: Option<u64>,
    },
    /// A guessed formula against the table to `n`: the first n where it differs, with the
    /// value there and the formula's (`None`: it holds throughout).
    Formula {
        n: u64,
        counterexample: Option<(u64, u64, u64)>,
    },
    /// A rules file's position: its verdict with best play (win, lose, draw, or the score,
    /// with the moves to the end where known), and the position a best move leaves.
    Rules {
        judgement: Judgement,
        best: Option<String>,
    },
    /// A move: what the chosen one leaves, the winning moves, and the nim-sum before the
    /// move where the nim-sum decides (the target a winning move cancels).
    Move {
        /// `None` when the answer named no move of the list.
        chosen: Option<MoveAfter>,
        winning: Vec<Msg>,
        nim_sum: Option<Nimber>,
        /// The game's own rule applied before the move, where it decides instead of the
        /// nim-sum.
        said: Option<Msg>,
    },
}

/// The engine's judgement of an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    pub right: bool,
    pub why: Why,
}

/// The right answer to an exercise, computed by the engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solution {
    Won(bool),
    Number(Nimber),
    /// The places in [`moves`] of every winning move.
    Moves(Vec<usize>),
    Outcome(Outcome),
    /// A scoring game's best score difference.
    Score(i64),
}

/// Why an exercise cannot be asked (a broken lesson: the tests catch it).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LessonError {
    #[error("{code}: {message}")]
    Code { code: String, message: String },
    #[error("{code}: no part {part}")]
    Part { code: String, part: String },
}

fn position(code: &str) -> Result<AnyPosition, LessonError> {
    AnyPosition::from_code(code).map_err(|e| LessonError::Code {
        code: code.to_string(),
        message: e.to_string(),
    })
}

/// The legal moves of a position, in words, in the game's order: the list a
/// [`Ask::WinningMove`] exercise chooses from.
pub fn moves(code: &str) -> Result<Vec<Msg>, LessonError> {
    let p = position(code)?;
    Ok(with_position!(&p, p => p
        .legal_moves()
        .iter()
        .map(|mv| p.describe_move(mv))
        .collect()))
}

/// The parts of a position by name, for showing it (values are not shown: they are asked).
pub fn parts(code: &str) -> Result<Vec<PartName>, LessonError> {
    let p = position(code)?;
    Ok(with_position!(&p, p => p
        .parts()
        .into_iter()
        .map(|(part, _)| p.part_name(part))
        .collect()))
}

/// Whether an exercise asks about a rule's table (the Lab's) rather than a position.
pub fn is_table(ask: Ask) -> bool {
    matches!(
        ask,
        Ask::Period { .. }
            | Ask::Preperiod { .. }
            | Ask::Saltus { .. }
            | Ask::ProofBound { .. }
            | Ask::Formula { .. }
    )
}

/// A rule's table to `n` and its period, as the Lab finds them.
fn table(rule: &str, n: u64) -> Result<(LabRule, Vec<u32>, Option<Period>), LessonError> {
    let lab_rule = LabRule::parse(rule).map_err(|e| LessonError::Code {
        code: rule.to_string(),
        message: e.message.to_string(),
    })?;
    let values = lab_rule.values(n);
    let period = lab_rule.period(&values);
    Ok((lab_rule, values, period))
}

/// What a table exercise's answer rests on, as values.
fn table_why(rule: &str, ask: Ask) -> Result<Why, LessonError> {
    let no_period = || LessonError::Code {
        code: rule.to_string(),
        message: "no period in its table".to_string(),
    };
    Ok(match ask {
        Ask::Formula { guess, n } => {
            let (_, values, _) = table(rule, n)?;
            let counterexample = (0..=n)
                .map(|x| (x, u64::from(values[x as usize]), guess.at(x)))
                .find(|(_, value, said)| value != said);
            Why::Formula { n, counterexample }
        }
        Ask::Period { n } | Ask::Preperiod { n } | Ask::Saltus { n } | Ask::ProofBound { n } => {
            let (lab_rule, _, period) = table(rule, n)?;
            let period = period.ok_or_else(no_period)?;
            let max_take = lab_rule.max_take();
            if matches!(ask, Ask::ProofBound { .. }) && max_take.is_none() {
                return Err(no_period());
            }
            Why::Period {
                n,
                period: period.period,
                preperiod: period.preperiod,
                saltus: period.saltus,
                proved: period.proved,
                max_take,
            }
        }
        _ => unreachable!("a position's exercise"),
    })
}

/// The right answer to a table exercise, from what it rests on.
fn table_solution(ask: Ask, why: &Why) -> Solution {
    match (ask, why) {
        (Ask::Formula { .. }, Why::Formula { counterexample, .. }) => {
            Solution::Won(counterexample.is_none())
        }
        (
            _,
            Why::Period {
                period,
                preperiod,
                saltus,
                max_take,
                ..
            },
        ) => Solution::Number(Nimber::new(match ask {
            Ask::Period { .. } => *period,
            Ask::Preperiod { .. } => *preperiod,
            Ask::Saltus { .. } => *saltus,
            _ => 2 * preperiod + period + max_take.unwrap_or(0),
        })),
        _ => unreachable!("a table exercise rests on its table"),
    }
}

/// Whether an exercise asks about a rules file's position.
pub fn is_rules(ask: Ask) -> bool {
    matches!(ask, Ask::RulesOutcome | Ask::RulesScore)
}

/// A lesson's code of a rules file's position (`FILE:POSITION`, or `rules:FILE:POSITION` for
/// a lesson's game): the shipped file and the position.
pub fn rules_code(code: &str) -> Option<(&'static examples::Example, &str)> {
    let code = code.strip_prefix("rules:").unwrap_or(code);
    let (file, position) = code.split_once(':')?;
    Some((examples::example(file)?, position))
}

/// A rules file's position searched whole: its verdict and a best move in the script's words.
fn rules_why(code: &str) -> Result<Why, LessonError> {
    let failed = |message: String| LessonError::Code {
        code: code.to_string(),
        message,
    };
    let (example, text) = rules_code(code).ok_or_else(|| failed("no such rules file".into()))?;
    let rules = example.rules().map_err(|e| failed(e.to_string()))?;
    let position = rules
        .parse_position(text)
        .map_err(|e| failed(e.to_string()))?;
    let root = Node::new(position, 0);
    let limits = rules_solve::Limits::positions(1_000_000);
    let analysis =
        rules_solve::analyze(&rules, &root, &limits).map_err(|e| failed(e.to_string()))?;
    let judgement = analysis
        .judgement
        .filter(|_| analysis.exact)
        .ok_or_else(|| failed("too large to search exactly".into()))?;
    let best = analysis
        .moves
        .iter()
        .max_by_key(|m| rules_solve::rank(m, analysis.scoring))
        // The position it leaves, as written: the script's words are in one language.
        .map(|m| m.to.position.to_string());
    Ok(Why::Rules { judgement, best })
}

/// The right answer to a rules file's exercise, from its verdict.
fn rules_solution(ask: Ask, why: &Why) -> Result<Solution, LessonError> {
    let Why::Rules { judgement, .. } = why else {
        unreachable!("a rules exercise rests on its search")
    };
    Ok(match (ask, judgement.verdict) {
        (Ask::RulesScore, Verdict::Score(s)) => Solution::Score(s),
        (Ask::RulesOutcome, Verdict::Win) => Solution::Outcome(Outcome::Win),
        (Ask::RulesOutcome, Verdict::Lose) => Solution::Outcome(Outcome::Lose),
        (Ask::RulesOutcome, Verdict::Draw) => Solution::Outcome(Outcome::Draw),
        (ask, verdict) => {
            return Err(LessonError::Code {
                code: format!("{ask:?}"),
                message: format!("a rules exercise of the wrong kind: {verdict:?}"),
            });
        }
    })
}

/// The right answer to `exercise`.
pub fn solve(exercise: &Exercise) -> Result<Solution, LessonError> {
    if is_rules(exercise.ask) {
        let why = rules_why(exercise.code)?;
        return rules_solution(exercise.ask, &why);
    }
    if is_table(exercise.ask) {
        let why = table_why(exercise.code, exercise.ask)?;
        return Ok(table_solution(exercise.ask, &why));
    }
    let p = position(exercise.code)?;
    with_position!(&p, p => solve_in(p, exercise))
}

fn solve_in<P: Explain>(p: &P, exercise: &Exercise) -> Result<Solution, LessonError> {
    Ok(match exercise.ask {
        Ask::Won => Solution::Won(p.mover_wins()),
        Ask::NimSum => Solution::Number(p.nim_sum()),
        Ask::Period { .. }
        | Ask::Preperiod { .. }
        | Ask::Saltus { .. }
        | Ask::ProofBound { .. }
        | Ask::Formula { .. } => {
            let why = table_why(exercise.code, exercise.ask)?;
            table_solution(exercise.ask, &why)
        }
        Ask::RulesOutcome | Ask::RulesScore => {
            rules_solution(exercise.ask, &rules_why(exercise.code)?)?
        }
        Ask::Value { part } => Solution::Number(part_value(p, exercise.code, part)?.0),
        Ask::WinningMove => Solution::Moves(
            p.legal_moves()
                .iter()
                .enumerate()
                .filter(|(_, mv)| leaves_lost(p, mv))
                .map(|(i, _)| i)
                .collect(),
        ),
    })
}

/// The value of `part` and its derivation.
fn part_value<P: Explain>(
    p: &P,
    code: &str,
    part: &str,
) -> Result<(Nimber, Derivation), LessonError> {
    let missing = || LessonError::Part {
        code: code.to_string(),
        part: part.to_string(),
    };
    let named = p.parse_part(part).map_err(|_| missing())?;
    let derivation = p.derivation(named, usize::MAX);
    let value = derivation.value.ok_or_else(missing)?;
    Ok((value, derivation))
}

/// Whether `mv` leaves the opponent lost, by the game's own rule (misère Nim and Fibonacci
/// Nim decide without the nim-sum).
fn leaves_lost<P: Impartial>(p: &P, mv: &P::Move) -> bool {
    let after = p.play_unchecked(mv);
    if after.is_over() {
        return !after.mover_wins_when_over();
    }
    !after.mover_wins()
}

/// Whether the reasons speak of the nim-sum: not for misère Nim (its own rule decides), nor
/// for Fibonacci Nim and a lone Wythoff queen (their lessons teach the rule that decides them,
/// Zeckendorf's terms and the lost pairs, not their values), nor past a value table.
fn nim_sum_decides<P: Explain>(p: &P) -> bool {
    let by_formula = P::GAME == "fibnim" || (P::GAME == "wythoff" && p.parts().len() == 1);
    p.values_known() && p.own_rule().is_none() && p.win_rule().is_none() && !by_formula
}

/// The game's own rule applied to `p`, where it and not the nim-sum decides and the lesson has
/// no words of its own for it (misère Nim's [`WinRule`], Zeckendorf's terms and Wythoff's pairs
/// have theirs): misère sums (the SJ theorem, or the search where it does not apply), Every-SG's
/// step counts, Nim-K's digit counts. The same [`Msg`] `analyze` words.
fn rule_said<P: Explain>(p: &P) -> Option<Msg> {
    if p.own_rule().is_some() || P::GAME == "fibnim" || P::GAME == "wythoff" {
        return None;
    }
    p.win_rule()
}

fn move_after<P: Explain>(p: &P, mv: &P::Move) -> MoveAfter {
    let after = p.play_unchecked(mv);
    let to_lost = leaves_lost(p, mv);
    MoveAfter {
        mv: p.describe_move(mv),
        nim_sum: nim_sum_decides(p).then(|| after.nim_sum()),
        rule: rule_said(&after),
        to_lost,
        reply: if to_lost || after.is_over() {
            None
        } else {
            after
                .legal_moves()
                .iter()
                .find(|reply| leaves_lost(&after, reply))
                .map(|reply| after.describe_move(reply))
        },
    }
}

/// Judges `answer` to `exercise`.
pub fn check(exercise: &Exercise, answer: Answer) -> Result<Checked, LessonError> {
    if is_rules(exercise.ask) {
        let why = rules_why(exercise.code)?;
        let right = match (rules_solution(exercise.ask, &why)?, answer) {
            (Solution::Outcome(o), Answer::Outcome(said)) => o == said,
            (Solution::Score(s), Answer::Number(said)) => i64::try_from(said) == Ok(s),
            _ => false,
        };
        return Ok(Checked { right, why });
    }
    if is_table(exercise.ask) {
        let why = table_why(exercise.code, exercise.ask)?;
        let right = match (table_solution(exercise.ask, &why), answer) {
            (Solution::Won(yes), Answer::Won(said)) => yes == said,
            // The bound is where the check stops (n < 2·n₀ + p + t); the last n checked, one
            // less, is the same answer (the lesson's page says "checking to n = 155").
            (Solution::Number(n), Answer::Number(said))
                if matches!(exercise.ask, Ask::ProofBound { .. }) =>
            {
                n == Nimber::new(said) || n == Nimber::new(said.saturating_add(1))
            }
            (Solution::Number(n), Answer::Number(said)) => n == Nimber::new(said),
            _ => false,
        };
        return Ok(Checked { right, why });
    }
    let p = position(exercise.code)?;
    with_position!(&p, p => check_in(p, exercise, answer))
}

fn check_in<P: Explain>(
    p: &P,
    exercise: &Exercise,
    answer: Answer,
) -> Result<Checked, LessonError> {
    let solution = solve_in(p, exercise)?;
    let right = match (&solution, answer) {
        (Solution::Won(won), Answer::Won(said)) => *won == said,
        (Solution::Number(n), Answer::Number(said)) => *n == Nimber::new(said),
        (Solution::Moves(places), Answer::Move(i)) => places.contains(&i),
        _ => false,
    };
    let why = match exercise.ask {
        Ask::Won => {
            let won = p.mover_wins();
            let moves = p.legal_moves();
            let example = if won {
                moves.iter().find(|mv| leaves_lost(p, mv))
            } else {
                moves.first()
            };
            let parts = p.parts();
            let formula = match parts.as_slice() {
                [(part, _)] => p.formula(*part).filter(|f| {
                    matches!(
                        f,
                        Formula::Zeckendorf { .. } | Formula::WythoffBeatty { .. }
                    )
                }),
                _ => None,
            };
            Why::Outcome {
                won,
                nim_sum: nim_sum_decides(p).then(|| p.nim_sum()),
                rule: p.own_rule(),
                said: rule_said(p),
                formula,
                example: example.map(|mv| move_after(p, mv)),
            }
        }
        Ask::Value { part } => {
            let derivation = part_value(p, exercise.code, part)?.1;
            Why::Value(Box::new(derivation))
        }
        Ask::NimSum => Why::NimSum {
            parts: p
                .parts()
                .into_iter()
                .map(|(part, v)| (p.part_name(part), v))
                .collect(),
            nim_sum: p.nim_sum(),
        },
        Ask::Period { .. }
        | Ask::Preperiod { .. }
        | Ask::Saltus { .. }
        | Ask::ProofBound { .. }
        | Ask::Formula { .. } => table_why(exercise.code, exercise.ask)?,
        Ask::RulesOutcome | Ask::RulesScore => rules_why(exercise.code)?,
        Ask::WinningMove => {
            let moves = p.legal_moves();
            let chosen = match answer {
                Answer::Move(i) if i < moves.len() => Some(move_after(p, &moves[i])),
                _ => None,
            };
            Why::Move {
                chosen,
                winning: moves
                    .iter()
                    .filter(|mv| leaves_lost(p, mv))
                    .map(|mv| p.describe_move(mv))
                    .collect(),
                nim_sum: nim_sum_decides(p).then(|| p.nim_sum()),
                said: rule_said(p),
            }
        }
    };
    Ok(Checked { right, why })
}

/// For a value asked of a lone heap of a heap game: the values of every smaller heap of the
/// same game, the table filled so far (as the tutorials fill it, from 0 upwards), so that the
/// exercise is the mex and not a search. `None` for other exercises.
pub fn smaller_heaps(exercise: &Exercise) -> Option<Vec<(u64, Nimber)>> {
    if !matches!(exercise.ask, Ask::Value { .. }) {
        return None;
    }
    let Ok(AnyPosition::Heaps(heaps)) = AnyPosition::from_code(exercise.code) else {
        return None;
    };
    let [size] = heaps.heaps() else {
        return None;
    };
    let (prefix, _) = exercise.code.rsplit_once(':')?;
    (0..*size)
        .map(|smaller| {
            let p = AnyPosition::from_code(&format!("{prefix}:{smaller}")).ok()?;
            Some((smaller, with_position!(&p, p => p.nim_sum())))
        })
        .collect()
}

/// The derivation of a part by name, for an interface that shows it on its own.
pub fn derivation(code: &str, part: &str) -> Result<Derivation, LessonError> {
    let p = position(code)?;
    why::derive(&p, part, usize::MAX).map_err(|_| LessonError::Part {
        code: code.to_string(),
        part: part.to_string(),
    })
}

/// Whether the position of `code` is won for the player to move (the lessons' final games
/// must be).
pub fn mover_wins(code: &str) -> Result<bool, LessonError> {
    if code.starts_with("rules:") {
        let Why::Rules { judgement, .. } = rules_why(code)? else {
            unreachable!("a rules file's search")
        };
        return Ok(judgement.verdict == Verdict::Win);
    }
    let p = position(code)?;
    Ok(with_position!(&p, p => p.mover_wins()))
}

/// The nudge after a first wrong answer to `exercise` ([`crate::nudge`]): the next step of the
/// reasoning, not the answer. `values_taught`: the lesson's [`Lesson::values_taught`].
pub fn nudge(exercise: &Exercise, values_taught: bool) -> Result<Nudge, LessonError> {
    let asked = match exercise.ask {
        Ask::Period { n } => return Ok(Nudge::FindPeriod { n }),
        Ask::Preperiod { n } => return Ok(Nudge::FindPreperiod { n }),
        Ask::ProofBound { .. } => return Ok(Nudge::ProofBound),
        Ask::Saltus { n } => return Ok(Nudge::FindSaltus { n }),
        Ask::Formula { n, .. } => return Ok(Nudge::CheckFormula { n }),
        // A game that splits into parts (`fn parts`, impartial, normal play) is a sum: the
        // SG theorem decides it. Any other rules file's game is searched whole.
        Ask::RulesOutcome => {
            let (example, _) = rules_code(exercise.code).ok_or_else(|| LessonError::Code {
                code: exercise.code.to_string(),
                message: "no such rules file".into(),
            })?;
            let rules = example.rules().map_err(|e| LessonError::Code {
                code: exercise.code.to_string(),
                message: e.to_string(),
            })?;
            return Ok(if rules.has_parts() && rules.impartial() {
                Nudge::ValueOfParts
            } else {
                Nudge::SearchWhole
            });
        }
        Ask::RulesScore => return Ok(Nudge::Minimax),
        Ask::Won => Asked::Won,
        Ask::WinningMove => Asked::WinningMove,
        Ask::NimSum => Asked::NimSum,
        Ask::Value { part } => Asked::Value(part),
    };
    let p = position(exercise.code)?;
    with_position!(&p, p => {
        let asked = match asked {
            Asked::Value(part) => Asked::Value(p.parse_part(part).map_err(|_| LessonError::Part {
                code: exercise.code.to_string(),
                part: part.to_string(),
            })?),
            Asked::Won => Asked::Won,
            Asked::WinningMove => Asked::WinningMove,
            Asked::NimSum => Asked::NimSum,
        };
        Ok(nudge::nudge(p, asked, values_taught))
    })
}
