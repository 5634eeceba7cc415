//! Codeforces 305E Playing with String: a move picks a position i, not at either end, with
//! `s[i − 1] = s[i + 1]`, and cuts the string into `s[..i − 1]`, `s[i]` and `s[i + 1..]`. The cut
//! positions come in runs; cutting the j-th of a run of L takes it and its neighbours out,
//! leaving runs of j − 2 and L − j − 1 (octal game 0.137, Dawson's chess: a run of L is worth
//! a row of L + 1 pins of Dawson's Kayles). The first player prints the smallest winning i.

use crate::input::{InputError, Lines};
use crate::message::Said;

/// The longest string.
pub const MAX_LEN: usize = 5000;

/// One string of 1..5000 lowercase letters → `Second` if the second player wins, else
/// `First` and the smallest winning position on the next line.
pub fn solve(input: &[u8]) -> Result<String, InputError> {
    let mut lines = Lines::new(input);
    let line = lines.expect(Said::new("said.reader.string_s"))?;
    let mut fields = line.fields();
    let field = fields.next().expect("a non-blank line has a field");
    if let Some(extra) = fields.next() {
        return Err(extra.error(Said::new("said.reader.after_s").with("field", extra.shown())));
    }
    if field.text.len() > MAX_LEN {
        return Err(field.error(
            Said::new("said.reader.s_too_long")
                .with("letters", field.text.len())
                .with("most", MAX_LEN),
        ));
    }
    if let Some(bad) = field.text.iter().position(|b| !b.is_ascii_lowercase()) {
        return Err(InputError::said(
            line.number,
            Some(field.column + bad),
            Said::new("said.reader.not_lowercase")
                .with("letter", crate::input::excerpt(&field.text[bad..=bad], 4)),
        ));
    }
    lines.expect_end()?;
    Ok(match least_winning_cut(field.text) {
        Some(i) => format!("First\n{i}\n"),
        None => "Second\n".to_string(),
    })
}

/// The value of a run of each length 0..=n: mex over the cuts j = 1..L of the values of the
/// runs j − 2 and L − j − 1 left (none below 0).
pub fn run_values(n: usize) -> Vec<u32> {
    let mut values = vec![0u32; n + 1];
    for len in 1..=n {
        let mut seen = [false; 64];
        for j in 1..=len {
            let left = j.saturating_sub(2);
            let right = (len - j).saturating_sub(1);
            seen[(values[left] ^ values[right]) as usize] = true;
        }
        values[len] = seen.iter().position(|&s| !s).expect("values stay below 64") as u32;
    }
    values
}

/// The smallest 1-based position whose cut leaves nim-sum 0, or `None` when the second player
/// wins.
pub fn least_winning_cut(s: &[u8]) -> Option<usize> {
    let n = s.len();
    // cut[i] (0-based): i may be cut.
    let cut: Vec<bool> = (0..n)
        .map(|i| i >= 1 && i + 1 < n && s[i - 1] == s[i + 1])
        .collect();
    let mut runs = Vec::new();
    let mut i = 0;
    while i < n {
        if cut[i] {
            let start = i;
            while i < n && cut[i] {
                i += 1;
            }
            runs.push((start, i - start));
        } else {
            i += 1;
        }
    }
    let values = run_values(runs.iter().map(|&(_, len)| len).max().unwrap_or(0));
    let total = runs.iter().fold(0, |acc, &(_, len)| acc ^ values[len]);
    if total == 0 {
        return None;
    }
    // Runs in order of place, cuts in order within a run: the first that wins is the least.
    runs.iter().find_map(|&(start, len)| {
        let rest = total ^ values[len];
        (1..=len).find_map(|j| {
            let left = j.saturating_sub(2);
            let right = (len - j).saturating_sub(1);
            (values[left] ^ values[right] == rest).then_some(start + j)
        })
    })
}
