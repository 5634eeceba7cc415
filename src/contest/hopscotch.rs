//! TIOJ 1092 跳格子遊戲 (hop-scotch): circles 1..N joined by one-way arrows with no loop; a
//! token starts on circle 1 and the two players move it in turn along an arrow; who brings it
//! to circle N wins. One token, so no sum: won and lost positions by a sweep in reverse
//! topological order (a min-max tree folded onto the graph, as the wiki's chapter shows it).

use crate::input::{InputError, Name, Numbers, Phrase, Var};
use crate::message::Said;

/// The players' names, as the problem gives them.
const NAMES: [&str; 2] = ["Mimi", "Moumou"];

/// Test cases until `0 0`: each `N E` (N ≤ 10^4, E ≤ 10·N), E lines `a b` (an arrow a → b),
/// then the name of the player who stands on circle 1 (Mimi or Moumou; the other moves
/// first) → the winner's name.
pub fn solve(input: &[u8]) -> Result<String, InputError> {
    let mut numbers = Numbers::new(input);
    let mut out = String::new();
    let mut arrows = Vec::new();
    for case in 1.. {
        let n = numbers.next(
            Phrase(|| Said::new("said.reader.n_or_end").with("case", case)),
            0..=10_000,
        )?;
        let e = numbers.next(Name::OfCase(Var("E", None), case), 0..=100_000)?;
        if n == 0 && e == 0 {
            break;
        }
        if n == 0 || e > 10 * n {
            return Err(InputError::said(
                numbers.line(),
                None,
                Said::new("said.reader.n_and_e")
                    .with("case", case)
                    .with("n", n)
                    .with("e", e),
            ));
        }
        arrows.clear();
        for i in 1..=e {
            let a = numbers.next(Name::ArrowOfCase("a", i, case), 1..=n)?;
            let b = numbers.next(Name::ArrowOfCase("b", i, case), 1..=n)?;
            arrows.push((a as u32 - 1, b as u32 - 1));
        }
        let field = numbers.word(Phrase(|| {
            Said::new("said.reader.player_on_1").with("case", case)
        }))?;
        let Some(standing) = NAMES.iter().position(|name| name.as_bytes() == field.text) else {
            return Err(
                field.error(Said::new("said.reader.not_a_player").with("field", field.shown()))
            );
        };
        let mover = 1 - standing;
        let winner = match mover_wins(n as usize, &arrows) {
            Some(true) => mover,
            Some(false) => standing,
            None => {
                return Err(field.error(Said::new("said.reader.loop").with("case", case)));
            }
        };
        out.push_str(NAMES[winner]);
        out.push('\n');
    }
    numbers.expect_end("`0 0`")?;
    Ok(out)
}

/// Whether the player to move from circle 1 wins, with `n` circles (numbered from 0 here) and
/// `arrows`; `None` when the arrows make a loop. Circle 1 being the finish (n = 1) counts as
/// won by the player standing on it, so the mover loses.
pub fn mover_wins(n: usize, arrows: &[(u32, u32)]) -> Option<bool> {
    let finish = n - 1;
    if finish == 0 {
        return Some(false);
    }
    // Arrows by their tail, in compressed rows.
    let mut start = vec![0u32; n + 1];
    for &(a, _) in arrows {
        start[a as usize + 1] += 1;
    }
    for v in 0..n {
        start[v + 1] += start[v];
    }
    let mut head = vec![0u32; arrows.len()];
    let mut fill = start.clone();
    let mut indegree = vec![0u32; n];
    for &(a, b) in arrows {
        head[fill[a as usize] as usize] = b;
        fill[a as usize] += 1;
        indegree[b as usize] += 1;
    }
    // Kahn's order; the finish ends the game, so its own arrows lead nowhere.
    let mut order = Vec::with_capacity(n);
    order.extend((0..n as u32).filter(|&v| indegree[v as usize] == 0));
    let mut next = 0;
    while next < order.len() {
        let v = order[next] as usize;
        next += 1;
        for &w in &head[start[v] as usize..start[v + 1] as usize] {
            indegree[w as usize] -= 1;
            if indegree[w as usize] == 0 {
                order.push(w);
            }
        }
    }
    if order.len() < n {
        return None;
    }
    // wins[v]: the player to move from v wins — by stepping onto the finish, or onto a circle
    // lost for the player to move there. No arrow out (ruled out by the problem): lost.
    let mut wins = vec![false; n];
    for &v in order.iter().rev() {
        let v = v as usize;
        if v == finish {
            continue;
        }
        wins[v] = head[start[v] as usize..start[v + 1] as usize]
            .iter()
            .any(|&w| w as usize == finish || !wins[w as usize]);
    }
    Some(wins[0])
}
