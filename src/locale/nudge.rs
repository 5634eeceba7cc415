//! A [`Nudge`] in words, in the thread's language (`locales/nudge.toml`): the hint a lesson or
//! a drill gives after a first wrong answer.

use crate::nudge::Nudge;
use crate::tr;

use super::before_han;
use super::why::part_name_words;

/// The nudge in words: one sentence or two, with the question's numbers and never the
/// answer's.
pub fn nudge_words(nudge: &Nudge) -> String {
    match nudge {
        Nudge::ListOptions {
            part,
            kayles,
            options,
        } => tr!(
            "nudge.list_options",
            part = before_han(&part_name_words(part, *kayles)),
            options = options
        )
        .into_owned(),
        Nudge::NoOptions { part, kayles } => tr!(
            "nudge.no_options",
            part = before_han(&part_name_words(part, *kayles))
        )
        .into_owned(),
        Nudge::NimSumOfAll { parts } => tr!("nudge.nim_sum_of_all", parts = parts).into_owned(),
        Nudge::NimSumOfOthers => tr!("nudge.nim_sum_of_others").into_owned(),
        Nudge::MoveToLost {
            asks_move: false,
            moves,
        } => tr!("nudge.move_to_lost", moves = moves).into_owned(),
        Nudge::MoveToLost {
            asks_move: true, ..
        } => tr!("nudge.move_to_lost_move").into_owned(),
        Nudge::MisereRule => tr!("nudge.misere").into_owned(),
        Nudge::AntiSj { asks_move: false } => tr!("nudge.anti_sj").into_owned(),
        Nudge::AntiSj { asks_move: true } => tr!("nudge.anti_sj_move").into_owned(),
        Nudge::AntiSearch { moves } => tr!("nudge.anti_search", moves = moves).into_owned(),
        Nudge::EverySteps { asks_move: false } => tr!("nudge.every_steps").into_owned(),
        Nudge::EverySteps { asks_move: true } => tr!("nudge.every_steps_move").into_owned(),
        Nudge::NimKDigits {
            k,
            asks_move: false,
        } => tr!("nudge.nimk_digits", k = k, base = k + 1).into_owned(),
        Nudge::NimKDigits { k, asks_move: true } => {
            tr!("nudge.nimk_digits_move", k = k, base = k + 1).into_owned()
        }
        Nudge::Zeckendorf { heap } => tr!("nudge.zeckendorf", heap = heap).into_owned(),
        Nudge::WythoffPairs => tr!("nudge.wythoff").into_owned(),
        Nudge::XorInBinary { parts } => tr!("nudge.xor_binary", parts = parts).into_owned(),
        Nudge::FindPeriod { n } => tr!("nudge.period", n = n).into_owned(),
        Nudge::FindSaltus { n } => tr!("nudge.saltus", n = n).into_owned(),
        Nudge::FindPreperiod { n } => tr!("nudge.preperiod", n = n).into_owned(),
        Nudge::ProofBound => tr!("nudge.proof_bound").into_owned(),
        Nudge::CheckFormula { n } => tr!("nudge.formula", n = n).into_owned(),
        Nudge::SearchWhole => tr!("nudge.search_whole").into_owned(),
        Nudge::ValueOfParts => tr!("nudge.value_of_parts").into_owned(),
        Nudge::Minimax => tr!("nudge.minimax").into_owned(),
    }
}
