//! Comma lists of numbers in position codes (`nim:3,4,5`, `stairs:2,3,1`): the one parser and
//! printer every game's notation uses, so every code reports a bad number the same way.

use std::ops::RangeInclusive;

use crate::game::CodeError;

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
    what: &str,
    range: RangeInclusive<u64>,
    most: usize,
) -> Result<Vec<u64>, CodeError> {
    if text.is_empty() {
        return Err(CodeError::new(
            column,
            format!("expected {what}, found nothing"),
        ));
    }
    let mut out = Vec::new();
    let mut at = column;
    for item in text.split(',') {
        if item.is_empty() {
            return Err(CodeError::new(at, format!("empty number in {what}")));
        }
        if let Some((i, c)) = item.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
            return Err(CodeError::new(
                at + item[..i].chars().count(),
                format!("'{c}' in {what}: expected digits separated by commas"),
            ));
        }
        let value: u64 = item.parse().map_err(|_| {
            CodeError::new(
                at,
                format!("{item} in {what} is too large (at most {})", range.end()),
            )
        })?;
        if !range.contains(&value) {
            return Err(CodeError::new(
                at,
                format!(
                    "{value} in {what} is out of range ({}..={})",
                    range.start(),
                    range.end()
                ),
            ));
        }
        out.push(value);
        at += item.chars().count() + 1;
        if out.len() > most {
            return Err(CodeError::new(
                at,
                format!("more than {most} numbers in {what}"),
            ));
        }
    }
    Ok(out)
}
