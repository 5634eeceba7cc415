//! Drills: endless exercises drawn from generated positions, checked by the engine. Three
//! kinds: find the winning move (every winning move is accepted), won or lost, and what is
//! this part's value. A verdict carries the right answer and the why-view of the part
//! concerned ([`crate::why`]); the interface chooses the words.

use rand::{Rng, RngExt};

use crate::game::Position;
use crate::games::{AnyPosition, with_position};
use crate::nimber::Nimber;
use crate::nudge::{self, Asked, Nudge};
use crate::puzzles::{self, PuzzleError};
use crate::why::{Derivation, Explain, PartsSum, parts_sum};

/// What a drill asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrillKind {
    /// Find a winning move (the position is won for the player to move).
    WinningMove,
    /// Is the position won or lost for the player to move?
    WonOrLost,
    /// What is the value of this part?
    PartValue,
}

impl DrillKind {
    pub const ALL: [DrillKind; 3] = [
        DrillKind::WinningMove,
        DrillKind::WonOrLost,
        DrillKind::PartValue,
    ];

    /// The kind's name on the command line (`--kind`) and in drills.toml.
    pub fn name(self) -> &'static str {
        match self {
            DrillKind::WinningMove => "winning-move",
            DrillKind::WonOrLost => "won-or-lost",
            DrillKind::PartValue => "part-value",
        }
    }

    /// The kind named `name` ([`DrillKind::name`]).
    pub fn from_name(name: &str) -> Option<DrillKind> {
        DrillKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// The fewest moves a drill's position has at each difficulty (1 to 5), and the fewest
/// options of the part a value drill asks about: a harder drill is never a trivial one (a
/// Nim heap of 1, one move to look at, at difficulty 3).
pub const MIN_MOVES: [usize; 5] = [1, 2, 3, 4, 5];
pub const MIN_PART_OPTIONS: [usize; 5] = [1, 2, 2, 2, 2];

/// Whether `position` is hard enough for a drill at `difficulty` ([`MIN_MOVES`]).
pub fn hard_enough<P: Explain>(position: &P, difficulty: u8) -> bool {
    // Drills are drawn at puzzle sizes: their move lists are short (Practice lists them all).
    position.legal_moves().len() >= MIN_MOVES[usize::from(difficulty.clamp(1, 5)) - 1]
}

/// One exercise: the position's code, and for [`DrillKind::PartValue`] the part asked about
/// (named as `analyze --why` names parts: a number from 1, `ROW,COL` on the grid).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drill {
    pub kind: DrillKind,
    pub code: String,
    pub part: Option<String>,
    pub difficulty: u8,
}

/// A player's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A move in the game's move notation ([`crate::game::Notation::parse_move`]).
    Move(String),
    /// The code of the position after the chosen move.
    Position(String),
    /// Won (true) or lost (false) for the player to move.
    Won(bool),
    /// A part's value.
    Value(Nimber),
}

/// The right answer to a drill.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    /// The codes after every winning move.
    Positions(Vec<String>),
    Won(bool),
    Value(Nimber),
}

/// Why an answer is wrong, beyond "not the expected one".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mistake {
    /// The move does not parse or is not legal here.
    NotAMove,
    /// A legal move, but it leaves a won position to the opponent (of this value, where
    /// values are known).
    LeavesWon { value: Option<Nimber> },
    /// An answer of another kind than the drill asks for.
    WrongKind,
    /// Not the right won/lost or value.
    Incorrect,
}

/// The engine's judgement of an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub right: bool,
    pub mistake: Option<Mistake>,
    pub expected: Expected,
    /// The why-view of the part concerned: the part asked about, or the part of a winning
    /// move.
    pub why: Option<Derivation>,
    /// Where no part has a winning move to show (a lost position): every part's value and
    /// their nim-sum.
    pub sum: Option<PartsSum>,
}

/// Games decided by their own rule rather than by their parts' values (Moore's Nim-K, misère
/// play by the SJ theorem, Every-SG's step counts): no part has a value to ask about.
const NO_PART_VALUES: [&str; 3] = ["nimk", "anti", "every"];

/// Whether `game` gives drills of `kind` (every game gives the other two kinds).
pub fn offers(game: &str, kind: DrillKind) -> bool {
    kind != DrillKind::PartValue || !NO_PART_VALUES.contains(&game)
}

/// A drill of `kind` on `game` (a name position codes start with) at `difficulty` 1..=5.
pub fn generate<R: Rng + ?Sized>(
    game: &str,
    kind: DrillKind,
    difficulty: u8,
    rng: &mut R,
) -> Result<Drill, PuzzleError> {
    let code = match kind {
        DrillKind::WinningMove => {
            // The puzzle sheets' puzzles, past the least number of moves.
            let mut found = None;
            for _ in 0..PART_DRAWS {
                let code = puzzles::draw(game, difficulty, rng)?.code;
                let p = AnyPosition::from_code(&code).expect("a puzzle's code parses");
                if with_position!(&p, p => hard_enough(p, difficulty)) {
                    found = Some(code);
                    break;
                }
            }
            found.ok_or(PuzzleError::TooFew { made: 0, asked: 1 })?
        }
        DrillKind::WonOrLost => {
            if !puzzles::DIFFICULTIES.contains(&difficulty) {
                return Err(PuzzleError::Difficulty { difficulty });
            }
            // A game over is no question, nor one with too few moves; otherwise won and lost
            // come as drawn.
            let mut found = None;
            for _ in 0..PART_DRAWS {
                let p = puzzles::random_position(game, difficulty, rng)?;
                if with_position!(&p, p => !p.is_over() && hard_enough(p, difficulty)) {
                    found = Some(p.to_code());
                    break;
                }
            }
            found.ok_or(PuzzleError::TooFew { made: 0, asked: 1 })?
        }
        DrillKind::PartValue => {
            if !puzzles::DIFFICULTIES.contains(&difficulty) {
                return Err(PuzzleError::Difficulty { difficulty });
            }
            // A game decided by its own rule (Nim-K, anti:, every:) has no part with a value
            // to ask about: give up after a bounded number of draws rather than loop forever.
            for _ in 0..PART_DRAWS {
                let p = puzzles::random_position(game, difficulty, rng)?;
                let names = with_position!(&p, p => if hard_enough(p, difficulty) {
                    part_names(p, difficulty)
                } else {
                    Vec::new()
                });
                if names.is_empty() {
                    continue;
                }
                let part = names[rng.random_range(0..names.len())].clone();
                return Ok(Drill {
                    kind,
                    code: p.to_code(),
                    part: Some(part),
                    difficulty,
                });
            }
            return Err(PuzzleError::TooFew { made: 0, asked: 1 });
        }
    };
    Ok(Drill {
        kind,
        code,
        part: None,
        difficulty,
    })
}

/// How many positions a part-value drill draws before it says the game has no such part.
const PART_DRAWS: usize = 1000;

/// The parts of a position with known values and enough options for `difficulty`
/// ([`MIN_PART_OPTIONS`]), named as the command line names them.
fn part_names<P: Explain>(position: &P, difficulty: u8) -> Vec<String> {
    if !position.values_known() {
        return Vec::new();
    }
    let least = MIN_PART_OPTIONS[usize::from(difficulty.clamp(1, 5)) - 1];
    let all = position.parts();
    all.iter()
        .filter(|(part, _)| position.moves_of(*part, least).0.len() >= least)
        .filter_map(|(part, _)| {
            // The name that reads back as this part: tried in the game's syntax.
            let name = match position.part_name(*part) {
                crate::why::PartName::Heap { number, .. }
                | crate::why::PartName::PinRow { number, .. }
                | crate::why::PartName::Pair { number, .. }
                | crate::why::PartName::Token { number, .. }
                | crate::why::PartName::Queen { number, .. }
                | crate::why::PartName::Component { number, .. } => number.to_string(),
                crate::why::PartName::Coin { coin } => coin.to_string(),
                crate::why::PartName::Cell { row, col } => format!("{row},{col}"),
                crate::why::PartName::Box { number } => number.to_string(),
                crate::why::PartName::Stair { stair, .. } => stair.to_string(),
                crate::why::PartName::FibHeap { .. } => "1".to_string(),
            };
            (position.parse_part(&name).ok() == Some(*part)).then_some(name)
        })
        .collect()
}

/// Judges `answer` to `drill`.
///
/// # Panics
/// If the drill's code or part does not parse (drills come from [`generate`]).
pub fn check(drill: &Drill, answer: &Answer) -> Verdict {
    let position = AnyPosition::from_code(&drill.code).expect("a drill's code parses");
    with_position!(&position, p => judge(p, drill, answer))
}

fn judge<P: Explain>(p: &P, drill: &Drill, answer: &Answer) -> Verdict {
    match drill.kind {
        DrillKind::WinningMove => {
            let winning = puzzles::every_winning_move(p, usize::MAX);
            let codes = puzzles::codes_after(p, &winning);
            let why = winning
                .first()
                .map(|mv| p.derivation(p.part_of(mv), usize::MAX));
            // The position after the answer, if it is a legal move's.
            let after: Option<P> = match answer {
                Answer::Move(text) => p
                    .parse_move(text)
                    .ok()
                    .filter(|mv| p.check_move(mv).is_ok())
                    .map(|mv| p.play_unchecked(&mv)),
                Answer::Position(code) => p
                    .parts()
                    .into_iter()
                    .flat_map(|(part, _)| p.moves_of(part, usize::MAX).0)
                    .map(|mv| p.play_unchecked(&mv))
                    .find(|after| after.to_code() == *code),
                _ => {
                    return Verdict {
                        right: false,
                        mistake: Some(Mistake::WrongKind),
                        expected: Expected::Positions(codes),
                        why,
                        sum: None,
                    };
                }
            };
            let (right, mistake) = match &after {
                None => (false, Some(Mistake::NotAMove)),
                Some(after) if codes.contains(&after.to_code()) => (true, None),
                Some(after) => (
                    false,
                    Some(Mistake::LeavesWon {
                        value: after.values_known().then(|| after.nim_sum()),
                    }),
                ),
            };
            Verdict {
                right,
                mistake,
                expected: Expected::Positions(codes),
                why,
                sum: None,
            }
        }
        DrillKind::WonOrLost => {
            let wins = p.mover_wins();
            // Of several parts with values, the nim-sum decides, won or lost: one winning
            // move's part would explain a single heap, not the verdict. A single part (or a
            // game of its own rule) is explained by its winning move's part.
            let sum = parts_sum(p);
            let why = match &sum {
                Some(sum) if sum.parts.len() > 1 => None,
                _ => p
                    .winning_moves(1)
                    .first()
                    .map(|mv| p.derivation(p.part_of(mv), 16)),
            };
            let right = *answer == Answer::Won(wins);
            Verdict {
                right,
                mistake: (!right).then_some(match answer {
                    Answer::Won(_) => Mistake::Incorrect,
                    _ => Mistake::WrongKind,
                }),
                expected: Expected::Won(wins),
                sum: if why.is_none() { sum } else { None },
                why,
            }
        }
        DrillKind::PartValue => {
            let name = drill.part.as_deref().expect("a part drill names its part");
            let part = p.parse_part(name).expect("a drill's part parses");
            let why = p.derivation(part, usize::MAX);
            let value = why.value.expect("a part drill's values are known");
            let right = *answer == Answer::Value(value);
            Verdict {
                right,
                mistake: (!right).then_some(match answer {
                    Answer::Value(_) => Mistake::Incorrect,
                    _ => Mistake::WrongKind,
                }),
                expected: Expected::Value(value),
                why: Some(why),
                sum: None,
            }
        }
    }
}

/// The nudge after a first wrong answer to `drill`: the next step of the reasoning, not the
/// answer ([`crate::nudge`]).
///
/// # Panics
/// If the drill's code or part does not parse (drills come from [`generate`]).
pub fn nudge(drill: &Drill) -> Nudge {
    let position = AnyPosition::from_code(&drill.code).expect("a drill's code parses");
    with_position!(&position, p => {
        let asked = match drill.kind {
            DrillKind::WinningMove => Asked::WinningMove,
            DrillKind::WonOrLost => Asked::Won,
            DrillKind::PartValue => {
                let name = drill.part.as_deref().expect("a part drill names its part");
                Asked::Value(p.parse_part(name).expect("a drill's part parses"))
            }
        };
        nudge::nudge(p, asked, true)
    })
}
