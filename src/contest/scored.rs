//! Two scored games, where each player wants the larger total rather than the last move, so
//! Sprague–Grundy theory does not apply: AtCoder DP L Deque (take from either end of one row)
//! by a dynamic programme over intervals, and Codeforces 388C Fox and Card Game (Ciel takes
//! tops, Jiro bottoms) by its exchange argument.

use crate::input::{InputError, Lines, Name, Numbers, Phrase};
use crate::message::Said;

/// AtCoder DP L Deque: N (≤ 3000) and a_1..a_N (≤ 10^9); Taro and Jiro take from either end in
/// turn, Taro first, each wanting the larger total → X − Y, Taro's total minus Jiro's.
pub fn deque(input: &[u8]) -> Result<String, InputError> {
    let mut numbers = Numbers::new(input);
    let n = numbers.next("N", 1..=3000)?;
    let mut row = Vec::with_capacity(n as usize);
    for i in 1..=n {
        row.push(numbers.next(format_args!("a_{i}"), 1..=1_000_000_000)? as i64);
    }
    numbers.expect_end("a_N")?;
    Ok(format!("{}\n", deque_difference(&row)))
}

/// The mover's total minus the other's from the row `row` with best play by both: over
/// intervals by length, `best[l]` for the interval of this length starting at l is the better
/// of taking its first or its last number, minus the best of what is left.
pub fn deque_difference(row: &[i64]) -> i64 {
    let n = row.len();
    // Length 1: the one number.
    let mut best = row.to_vec();
    for len in 2..=n {
        // The m intervals of this length: the slices' lengths let the compiler drop the
        // bounds checks of the inner loop (N²/2 = 4.5·10^6 steps at N = 3000).
        let m = n - len + 1;
        let (firsts, lasts) = (&row[..m], &row[len - 1..][..m]);
        let best = &mut best[..=m];
        for l in 0..m {
            best[l] = (firsts[l] - best[l + 1]).max(lasts[l] - best[l]);
        }
    }
    best.first().copied().unwrap_or(0)
}

/// Codeforces 388C Fox and Card Game: n piles (≤ 100), each a line `s c_1 .. c_s` from top to
/// bottom (s ≤ 100, c ≤ 1000); Ciel takes from the tops, Jiro from the bottoms, Ciel first,
/// each wanting the larger total → Ciel's total and Jiro's.
pub fn fox_cards(input: &[u8]) -> Result<String, InputError> {
    let mut lines = Lines::new(input);
    let [n] = lines.expect("n")?.numbers(["n"], [1..=100])?;
    let mut piles = Vec::with_capacity(n as usize);
    for pile in 1..=n {
        let line = lines.expect(Name::Pile(pile))?;
        let mut fields = line.fields();
        let count = fields
            .next()
            .ok_or_else(|| line.error(Said::new("said.reader.pile_count").with("pile", pile)))?
            .number("s", 1..=100)?;
        let mut cards = Vec::with_capacity(count as usize);
        for i in 1..=count {
            let field = fields.next().ok_or_else(|| {
                line.error(
                    Said::new("said.reader.pile_cards")
                        .with("pile", pile)
                        .with("count", count)
                        .with("found", i - 1),
                )
            })?;
            let card = Phrase(|| {
                Said::new("said.reader.card")
                    .with("i", i)
                    .with("pile", pile)
            });
            cards.push(field.number(&card, 1..=1000)?);
        }
        if let Some(extra) = fields.next() {
            return Err(extra.error(
                Said::new("said.reader.after_cards")
                    .with("field", extra.shown())
                    .with("count", count)
                    .with("pile", pile),
            ));
        }
        piles.push(cards);
    }
    lines.expect_end()?;
    let (ciel, jiro) = fox_totals(&piles);
    Ok(format!("{ciel} {jiro}\n"))
}

/// Ciel's and Jiro's totals with best play. Each can keep the half of every pile on their own
/// side whatever the other does (answer each move on the same pile), so the upper halves are
/// Ciel's and the lower halves Jiro's; the middle cards of odd piles are what is contested,
/// and they go largest first, alternately, Ciel first.
pub fn fox_totals(piles: &[Vec<u64>]) -> (u64, u64) {
    let (mut ciel, mut jiro) = (0, 0);
    let mut middles = Vec::new();
    for pile in piles {
        let half = pile.len() / 2;
        ciel += pile[..half].iter().sum::<u64>();
        jiro += pile[pile.len() - half..].iter().sum::<u64>();
        if pile.len() % 2 == 1 {
            middles.push(pile[half]);
        }
    }
    middles.sort_unstable_by(|a, b| b.cmp(a));
    for (i, card) in middles.into_iter().enumerate() {
        if i.is_multiple_of(2) {
            ciel += card;
        } else {
            jiro += card;
        }
    }
    (ciel, jiro)
}
