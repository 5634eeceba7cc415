//! The boards of the games, and [`start`], the one place that picks a game's board.
//!
//! Each game's board (`coins.rs`, `grid.rs`, `dodgeball.rs`, `dag.rs`, …) implements
//! [`crate::tui::board::Board`].

pub mod coins;
pub mod cursor;
pub mod dag;
pub mod dodgeball;
pub mod grid;
pub mod heaps;
pub mod parts;
pub mod sketch;
pub mod sum;
pub mod wythoff;

use std::time::{Duration, Instant};

use crate::game::Impartial;
use crate::games::GameKind;
use crate::setup::ReplayRng;
use crate::tui::board::{Board, GameSetup, Side, Start};
use crate::tui::screen::{GameScreen, Match};
use crate::tui::session::SessionConfig;

/// The board a game of the table plays on: its own where it has one (named here), else the
/// generic parts board, which every game implementing [`parts::PartsGame`] gets. So a new game
/// needs no line in this file.
pub trait GameBoard {
    type Board: Board<Game = Self>;
}

impl GameBoard for crate::games::coins::CoinRow {
    type Board = coins::CoinsBoard;
}
impl GameBoard for crate::games::grid::CoinGrid {
    type Board = grid::GridBoard;
}
impl GameBoard for crate::games::dodgeball::Dodgeball {
    type Board = dodgeball::DodgeballBoard;
}
impl GameBoard for crate::games::heaps::Heaps {
    type Board = heaps::HeapsBoard;
}
impl GameBoard for crate::games::dag::Dag {
    type Board = dag::DagBoard;
}
impl GameBoard for crate::games::wythoff::Wythoff {
    type Board = wythoff::WythoffBoard;
}
impl<G: parts::PartsGame> GameBoard for G {
    type Board = parts::PartsBoard<G>;
}

/// The size of the game at `position` in a few words, as its board's title says it
/// (`16 coins, MAXQ 4`): for the menu's list of saves.
pub fn summary_of(position: &crate::games::AnyPosition) -> String {
    fn summary<G: GameBoard>(position: &G) -> String {
        G::Board::summary(position)
    }
    match position {
        crate::games::AnyPosition::Sum(p) => sum::SumBoard::summary(p),
        other => crate::with_position!(other, p => summary(p)),
    }
}

/// A new match of `setup.kind`: its start position made (or parsed from `setup.code`) and its
/// board ready. Errors (a bad code, a size out of range) are in words for the player.
pub fn start(
    setup: &GameSetup,
    config: SessionConfig,
    hints: bool,
    rng: &mut ReplayRng,
) -> anyhow::Result<Box<dyn GameScreen>> {
    // The menu's heap family holds every game but the coin games and Binary Dodgeball: the
    // code (or the chosen entry) names the game. `play dag` with no code: that game's entry.
    let named = GameSetup {
        heap_rule: heaps::RULE_STARTS
            .iter()
            .position(|e| e.name == setup.kind.name())
            .unwrap_or(setup.heap_rule),
        ..setup.clone()
    };
    let (setup, kind) = match setup.kind {
        GameKind::Coins | GameKind::Grid | GameKind::Dodgeball | GameKind::Sum => {
            (setup, setup.kind)
        }
        _ => {
            let setup = if setup.code.is_none() && setup.kind != GameKind::Heaps {
                &named
            } else {
                setup
            };
            let kind = match &setup.code {
                Some(code) => GameKind::of_code(code),
                None => GameKind::of_code_name(heaps::rule_entry(setup.heap_rule).name),
            };
            // A code of a game with a family of its own is the heap board's to refuse.
            let kind = match kind {
                None | Some(GameKind::Coins | GameKind::Grid | GameKind::Dodgeball) => {
                    GameKind::Heaps
                }
                Some(kind) => kind,
            };
            (setup, kind)
        }
    };
    crate::with_kind!(kind, G => start_match::<<G as GameBoard>::Board>(setup, config, hints, rng),
        sum => start_match::<sum::SumBoard>(setup, config, hints, rng))
}

fn start_match<B: Board>(
    setup: &GameSetup,
    config: SessionConfig,
    hints: bool,
    rng: &mut ReplayRng,
) -> anyhow::Result<Box<dyn GameScreen>> {
    let position = if setup.start == Start::RandomWinning && setup.code.is_none() {
        winning_start::<B>(setup, config.first, rng)?
    } else {
        B::start_position(setup, rng)?
    };
    Ok(Box::new(Match::<B>::new(
        position,
        setup.clone(),
        config,
        hints,
    )))
}

/// The most random boards [`winning_start`] draws, and the time it may take: a safety net far
/// above what the draws take (about 0.5 s on a 100 × 100 grid), since a draw cut by the clock
/// would make a seed's start depend on the machine's speed.
const START_TRIES: usize = 24;
const START_TIME: Duration = Duration::from_secs(3);

/// A random board of the setup's size made winning for the player ([`winning_for`]) that needs
/// thought ([`start_quality`]): of up to `START_TRIES` boards drawn (within
/// `START_TIME`), the first that does, else the one that comes closest.
pub fn winning_start<B: Board>(
    setup: &GameSetup,
    first: Side,
    rng: &mut ReplayRng,
) -> anyhow::Result<B::Game> {
    let random = GameSetup {
        start: Start::Random,
        ..setup.clone()
    };
    let until = Instant::now() + START_TIME;
    let mut best: Option<(i64, B::Game)> = None;
    for _ in 0..START_TRIES {
        let position = winning_for(B::start_position(&random, rng)?, first, rng);
        let (thoughtful, score) = start_quality(&position, first);
        if thoughtful {
            return Ok(position);
        }
        if best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((score, position));
        }
        if Instant::now() >= until {
            break;
        }
    }
    Ok(best.expect("at least one board drawn").1)
}

/// Whether a start made winning for the player needs thought, and a score to compare those
/// that do not (higher is better). It needs thought when perfect play takes at least a few
/// moves — a third of its parts (coins, pieces, heaps) or one more than the square root of
/// the player's moves, whichever is more, from 2 to 7, where a short search knows the game's
/// length (a board too large to search is long enough) — and, when the player moves first,
/// when only one move wins or at most a third of them do (a quarter from 20 moves, a fifth
/// from 60).
pub fn start_quality<P: Impartial>(position: &P, first: Side) -> (bool, i64) {
    let parts = position.parts();
    // The player's moves now, each part's counted to 256: the board's size as the player
    // meets it. A bigger board asks for a longer game and a smaller share of winning moves
    // (nim:8,1 — take 7, then mirror — is over in 3 moves, one move in 9 wins).
    let total: usize = parts
        .iter()
        .map(|(part, _)| position.moves_of(*part, 256).0.len())
        .sum();
    let least = ((parts.len() as u32 / 3).max(total.isqrt() as u32 + 1)).clamp(2, 7);
    let share = 3 + usize::from(total >= 20) + usize::from(total >= 60);
    // No deadline: the same seed must give the same start on any machine, so the search is
    // bounded by its count of positions alone.
    let limits = crate::exact::Limits {
        positions: 20_000,
        deadline: None,
        bytes: crate::exact::SEARCH_BYTES,
    };
    let remoteness = crate::solver::ExactSolution::within(position, &limits)
        .and_then(|s| s.outcome(position))
        .map(|o| o.remoteness);
    let long = remoteness.is_none_or(|r| r >= least);
    let (winning, total) = match first {
        Side::You => (position.count_winning_moves().0, total),
        // The AI moves first from a lost position: any move it makes leaves a win.
        Side::Ai => (0, 1),
    };
    let few = winning <= 1 || winning * share <= total;
    let length = i64::from(remoteness.unwrap_or(least).min(least));
    let share = (100 * winning).checked_div(total).unwrap_or(0) as i64;
    (long && few, 1000 * length - share)
}

/// `position` made winning for the player: the player to move must have a non-zero nim-sum
/// when the player moves first, zero when the AI does. One move fixes a board that is not:
/// any move from nim-sum 0 leaves a non-zero one, and a winning move leaves 0. (A board with
/// no move at all is left as it is.)
pub fn winning_for<P: Impartial>(position: P, first: Side, rng: &mut ReplayRng) -> P {
    let zero = !position.mover_wins();
    let fix = match (first, zero) {
        (Side::You, true) => crate::ai::random_move(&position, rng),
        (Side::Ai, false) => position.winning_move(rng),
        _ => None,
    };
    match fix {
        Some(mv) => position.play_unchecked(&mv),
        None => position,
    }
}
