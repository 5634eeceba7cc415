//! The engine is generic over the game traits: here a game the crate does not ship, Kayles,
//! implements `Position` and `Impartial` in a few lines, and the crate's solver, AI and
//! analysis play it correctly with no change. This is how Nim, Kayles, Grundy's game and the
//! rest will plug in.
//!
//! Kayles: rows of pins; a move knocks down one pin or two adjacent pins of one row, which may
//! split it in two. The rows are independent parts; the value of a row of n pins is
//! mex{G(a) ⊕ G(b) : a + b = n − 1 or n − 2} (Guy and Smith).

use grundy::ai::{self, Level};
use grundy::analysis::Analysis;
use grundy::game::{IllegalMove, Impartial, Position};
use grundy::message::Msg;
use grundy::message::Said;
use grundy::nimber::{Nimber, mex};
use grundy::solver::{self, DefinitionMemo};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Rows of pins, longest first (the order of rows does not matter, so one order is kept).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Kayles {
    rows: Vec<u8>,
}

/// Knock down `pins` (1 or 2) pins of row `row`, starting `at` pins from its left end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Knock {
    row: usize,
    at: u8,
    pins: u8,
}

impl Kayles {
    fn new(mut rows: Vec<u8>) -> Kayles {
        rows.retain(|&n| n > 0);
        rows.sort_unstable_by(|a, b| b.cmp(a));
        Kayles { rows }
    }

    fn moves_of_row(&self, row: usize) -> Vec<Knock> {
        let n = self.rows[row];
        (1..=2u8)
            .filter(|&pins| pins <= n)
            .flat_map(|pins| (0..=n - pins).map(move |at| Knock { row, at, pins }))
            .collect()
    }
}

/// The fast value of a row of `n` pins, from the recurrence over splits (SG theory).
fn row_value(n: u8) -> Nimber {
    let mut values: Vec<Nimber> = Vec::new();
    for len in 0..=n as usize {
        let options = (1..=2usize).filter(|&pins| pins <= len).flat_map(|pins| {
            let rest = len - pins;
            let values = &values;
            (0..=rest).map(move |left| values[left] ^ values[rest - left])
        });
        let value = mex(options);
        values.push(value);
    }
    values[n as usize]
}

impl Position for Kayles {
    type Move = Knock;

    fn legal_moves(&self) -> Vec<Knock> {
        (0..self.rows.len())
            .flat_map(|row| self.moves_of_row(row))
            .collect()
    }

    fn check_move(&self, mv: &Knock) -> Result<(), IllegalMove> {
        let Some(&n) = self.rows.get(mv.row) else {
            return Err(IllegalMove::new(
                Said::new("said.move.no_row")
                    .with("number", mv.row)
                    .with("count", self.rows.len()),
            ));
        };
        if !(1..=2).contains(&mv.pins) || mv.at as usize + mv.pins as usize > n as usize {
            return Err(IllegalMove::new(
                Said::new("said.move.no_pins")
                    .with("size", n)
                    .with("count", mv.pins)
                    .with("left", mv.at),
            ));
        }
        Ok(())
    }

    fn play_unchecked(&self, mv: &Knock) -> Kayles {
        let n = self.rows[mv.row];
        let mut rows = self.rows.clone();
        rows[mv.row] = mv.at;
        rows.push(n - mv.at - mv.pins);
        Kayles::new(rows)
    }

    fn is_over(&self) -> bool {
        self.rows.is_empty()
    }
}

impl Impartial for Kayles {
    type Part = usize;

    fn parts(&self) -> Vec<(usize, Nimber)> {
        self.rows
            .iter()
            .enumerate()
            .map(|(i, &n)| (i, row_value(n)))
            .collect()
    }

    fn part_of(&self, mv: &Knock) -> usize {
        mv.row
    }

    fn describe_part(&self, part: usize) -> Msg {
        Msg::Part(grundy::message::PartName::PinRow {
            number: part + 1,
            pins: self.rows[part] as u64,
        })
    }

    fn moves_of(&self, part: usize, limit: usize) -> (Vec<Knock>, bool) {
        let mut moves = self.moves_of_row(part);
        let more = moves.len() > limit;
        moves.truncate(limit);
        (moves, more)
    }

    /// Knock one pin off the end of the longest row: the fewest pins down, the most left.
    fn stalling_move<R: Rng + ?Sized>(&self, _rng: &mut R) -> Option<Knock> {
        (!self.rows.is_empty()).then_some(Knock {
            row: 0,
            at: 0,
            pins: 1,
        })
    }
}

fn positions(max_pins: u8) -> impl Strategy<Value = Kayles> {
    prop::collection::vec(0..=max_pins, 0..=4).prop_map(Kayles::new)
}

#[test]
fn row_values_match_the_definition_and_the_known_sequence() {
    // Kayles values of rows 0..=17 (OEIS A002186).
    let known = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4];
    let mut memo = DefinitionMemo::default();
    for (n, &value) in known.iter().enumerate() {
        let row = Kayles::new(vec![n as u8]);
        assert_eq!(row_value(n as u8), Nimber::from(value), "row of {n}");
        assert_eq!(memo.nimber(&row), Nimber::from(value), "row of {n}");
    }
}

proptest! {
    #[test]
    fn nim_sum_is_the_value_by_definition(position in positions(7)) {
        let by_definition = solver::nimber_by_definition(&position, 1 << 20).expect("small");
        prop_assert_eq!(position.nim_sum(), by_definition);
    }

    #[test]
    fn the_winner_from_the_nim_sum_matches_game_tree_search(position in positions(9)) {
        let searched = solver::outcome(&position, 1 << 20).expect("small");
        prop_assert_eq!(searched.wins, !position.nim_sum().is_zero());
    }

    #[test]
    fn the_generic_ai_plays_legally_and_wins_when_it_can(
        position in positions(40),
        seed in any::<u64>(),
        level in prop::sample::select(Level::ALL.to_vec()),
    ) {
        let mut rng = StdRng::seed_from_u64(seed);
        // Budget 0: rows of up to 40 pins are past exact search, so this is the nim-sum path.
        match ai::choose_move_with_budget(&position, level, &mut rng, 0) {
            None => prop_assert!(position.is_over()),
            Some(decision) => {
                let after = position.clone().play(decision.mv);
                prop_assert!(after.is_ok());
                if level == Level::Perfect && !position.nim_sum().is_zero() {
                    prop_assert!(after.unwrap().nim_sum().is_zero());
                }
            }
        }
    }

    #[test]
    fn the_generic_ai_plays_by_remoteness_on_small_positions(
        position in positions(7),
        seed in any::<u64>(),
    ) {
        let mut rng = StdRng::seed_from_u64(seed);
        let here = solver::outcome(&position, 1 << 20).expect("small");
        match ai::choose_move(&position, Level::Perfect, &mut rng) {
            None => prop_assert!(position.is_over()),
            Some(decision) => {
                let after = position.clone().play(decision.mv).expect("legal");
                let there = solver::outcome(&after, 1 << 20).expect("small");
                // Fastest win or slowest loss: the game goes on exactly as the search says.
                prop_assert_eq!(there.wins, !here.wins);
                prop_assert_eq!(there.remoteness + 1, here.remoteness);
            }
        }
    }

    #[test]
    fn the_analysis_marks_every_move_by_its_outcome(position in positions(8)) {
        let analysis = Analysis::new(&position, usize::MAX, 1 << 20);
        prop_assert_eq!(analysis.moves.len(), position.legal_moves().len());
        let mut seen_losing = false;
        let mut previous: Option<(bool, u32)> = None;
        for report in &analysis.moves {
            let after = position.play_unchecked(&report.mv);
            let searched = solver::outcome(&after, 1 << 20).expect("small");
            // A move wins for its mover exactly when it leaves a lost position.
            prop_assert_eq!(report.wins, !searched.wins);
            prop_assert_eq!(report.remoteness_after, Some(searched.remoteness));
            // Winning moves come first.
            prop_assert!(!(seen_losing && report.wins));
            seen_losing |= !report.wins;
            // Within each group the best first: fastest win, slowest loss.
            if let Some((wins, r)) = previous && wins == report.wins {
                let here = searched.remoteness;
                prop_assert!(if wins { r <= here } else { r >= here }, "{:?}", analysis.moves);
            }
            previous = Some((report.wins, searched.remoteness));
        }
    }
}
