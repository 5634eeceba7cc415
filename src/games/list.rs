//! Comma lists of numbers in position codes (`nim:3,4,5`, `stairs:2,3,1`): the one parser and
//! printer every game's notation uses, so every code reports a bad number the same way.

use std::ops::RangeInclusive;

use crate::game::CodeError;
use crate::message::Said;

/// Numbers joined by commas.
pub fn join(values: &[u64]) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// A comma-separated list of at most `most` numbers, each in `range`, starting at character
/// `column` (from 1) of a code; errors name the character and `what` the list is.
pub fn parse(
    text: &str,
    column: usize,
    what: Said,
    range: RangeInclusive<u64>,
    most: usize,
) -> Result<Vec<u64>, CodeError> {
    let said = |key| Said::new(key).with_said("what", what.clone());
    if text.is_empty() {
        return Err(CodeError::new(column, said("said.list.nothing")));
    }
    let mut out = Vec::new();
    let mut at = column;
    for item in text.split(',') {
        if item.is_empty() {
            return Err(CodeError::new(at, said("said.list.empty_number")));
        }
        if let Some((i, c)) = item.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
            return Err(CodeError::new(
                at + item[..i].chars().count(),
                said("said.list.not_a_digit").with("char", c),
            ));
        }
        let value: u64 = item.parse().map_err(|_| {
            CodeError::new(
                at,
                said("said.list.too_large")
                    .with("number", item)
                    .with("most", range.end()),
            )
        })?;
        if !range.contains(&value) {
            return Err(CodeError::new(
                at,
                said("said.list.out_of_range")
                    .with("number", value)
                    .with("least", range.start())
                    .with("most", range.end()),
            ));
        }
        out.push(value);
        at += item.chars().count() + 1;
        if out.len() > most {
            return Err(CodeError::new(
                at,
                said("said.list.too_many").with("most", most),
            ));
        }
    }
    Ok(out)
}
