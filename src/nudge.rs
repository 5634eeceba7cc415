//! Nudges: what a lesson or a drill says after a first wrong answer, before it shows the
//! answer. A nudge names the next step of the reasoning (list a part's options, find the
//! nim-sum of the other parts, look for a move to a lost position) with the numbers of the
//! question, never the numbers of the answer; the second wrong answer gets the full
//! explanation. Values only: the interface words them (`locale::Words`).

use crate::message::Msg;
use crate::why::{Explain, Formula, PartName, WinRule};

/// What the question asks, as far as a nudge needs to know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked<Part> {
    /// Won or lost for the player to move.
    Won,
    /// A winning move.
    WinningMove,
    /// A part's value.
    Value(Part),
    /// The nim-sum of the parts.
    NimSum,
}

/// A hint that does not give the answer away.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Nudge {
    /// A part's value: list the positions it can move to (`options` of them) and their
    /// values; the value is their mex.
    ListOptions {
        part: PartName,
        kayles: bool,
        options: usize,
    },
    /// A part without moves.
    NoOptions { part: PartName, kayles: bool },
    /// Won or lost where the values decide: the nim-sum of the `parts` parts.
    NimSumOfAll { parts: usize },
    /// A winning move where the values decide: the nim-sum of the other parts is the value
    /// the moved part must take.
    NimSumOfOthers,
    /// Won or lost, or a winning move, decided by the positions the moves reach (a game
    /// whose values are not taught yet, or not known): is one of the `moves` moves to a lost
    /// position?
    MoveToLost { moves: usize, asks_move: bool },
    /// Misère Nim: are all the heaps of one token?
    MisereRule,
    /// A misère sum the SJ theorem decides: the single games' values, their XOR, and whether
    /// one is above 1.
    AntiSj { asks_move: bool },
    /// A misère sum the SJ theorem does not decide (a single game has a position of value 0
    /// with a move): the values do not decide; search the `moves` moves.
    AntiSearch { moves: usize },
    /// Every-SG: each game's step count; the largest one's parity decides.
    EverySteps { asks_move: bool },
    /// Moore's Nim-K: in each binary digit, the count of heaps with a 1 there, modulo K + 1.
    NimKDigits { k: u64, asks_move: bool },
    /// A lone Fibonacci Nim heap: write it as a sum of non-adjacent Fibonacci numbers.
    Zeckendorf { heap: u64 },
    /// A lone Wythoff queen: the lost pairs (⌊kφ⌋, ⌊kφ²⌋) differ by k.
    WythoffPairs,
    /// The nim-sum: write the values in binary, XOR column by column.
    XorInBinary { parts: usize },
    /// A rule's period in its table to `n`.
    FindPeriod { n: u64 },
    /// The saltus of an arithmetic period, from a table to `n`.
    FindSaltus { n: u64 },
    /// A rule's preperiod in its table to `n`.
    FindPreperiod { n: u64 },
    /// The bound of the periodicity theorem: 2·n₀ + p + t.
    ProofBound,
    /// A guessed formula against the table to `n`.
    CheckFormula { n: u64 },
    /// A game the SG theorem does not decide (a rules file's): label the positions from the
    /// ends back.
    SearchWhole,
    /// A rules file's game that splits into independent parts: a sum, decided by the SG
    /// theorem (the XOR of the parts' values, each the mex over its moves).
    ValueOfParts,
    /// A scored game: the best score difference, by minimax.
    Minimax,
}

/// The nudge for `asked` about `position`. `values_taught`: whether the learner knows values
/// and nim-sums yet (the first lessons reason by won and lost positions only).
pub fn nudge<P: Explain>(position: &P, asked: Asked<P::Part>, values_taught: bool) -> Nudge {
    let parts = position.parts();
    let values = values_taught && position.values_known();
    // The rules that decide without values, as the lessons teach them.
    let lone_formula = match parts.as_slice() {
        [(part, _)] => position.formula(*part),
        _ => None,
    };
    match asked {
        Asked::Value(part) => {
            let name = position.part_name(part);
            let kayles = matches!(
                position.heap_rule(),
                Some(crate::games::heaps::Rule::Kayles)
            );
            let (moves, more) = position.moves_of(part, position.walk_limit());
            if moves.is_empty() && !more {
                Nudge::NoOptions { part: name, kayles }
            } else {
                Nudge::ListOptions {
                    part: name,
                    kayles,
                    options: moves.len(),
                }
            }
        }
        Asked::NimSum => Nudge::XorInBinary { parts: parts.len() },
        Asked::Won | Asked::WinningMove => {
            if let Some(WinRule::MisereLikeNim { .. } | WinRule::MisereOnes { .. }) =
                position.own_rule()
            {
                return Nudge::MisereRule;
            }
            match lone_formula {
                Some(Formula::Zeckendorf { heap, .. }) => return Nudge::Zeckendorf { heap },
                Some(Formula::WythoffBeatty { .. }) => return Nudge::WythoffPairs,
                _ => {}
            }
            // A game its own rule decides, not the nim-sum: the nudge names that rule.
            let asks_move = asked == Asked::WinningMove;
            match position.win_rule() {
                Some(Msg::AntiSj { .. }) => return Nudge::AntiSj { asks_move },
                Some(Msg::AntiSearch { .. }) => {
                    return Nudge::AntiSearch {
                        moves: position.legal_moves().len(),
                    };
                }
                Some(Msg::EverySteps { .. }) => return Nudge::EverySteps { asks_move },
                Some(Msg::NimKDigits { k, .. }) => return Nudge::NimKDigits { k, asks_move },
                _ => {}
            }
            match (values && position.own_rule().is_none(), asked) {
                (true, Asked::Won) => Nudge::NimSumOfAll { parts: parts.len() },
                (true, _) => Nudge::NimSumOfOthers,
                (false, _) => Nudge::MoveToLost {
                    moves: position.legal_moves().len(),
                    asks_move: asked == Asked::WinningMove,
                },
            }
        }
    }
}
