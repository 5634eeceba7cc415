//! A position of a rules file: the integers, strings, booleans and (nested) arrays of them that
//! a script's functions take and return, turned once at the boundary into a value of our own
//! that is hashable and ordered (Rhai's `Dynamic` is neither), printed back as a Rhai literal.

use std::fmt;

use rhai::{Array, Dynamic};

/// A position (or a part of one) of a game given by a rules file.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Value {
    Bool(bool),
    Int(i64),
    Str(Box<str>),
    Array(Box<[Value]>),
}

/// The most items (integers, strings, booleans and arrays, nested ones counted) a position may
/// hold: far above any game small enough to search, low enough that a runaway `moves` is
/// stopped at once.
pub const MAX_ITEMS: usize = 4096;

/// The most nested arrays in a position.
pub const MAX_DEPTH: usize = 16;

/// The longest string in a position, in bytes.
pub const MAX_STRING: usize = 4096;

/// Why a script's value is not a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotPosition {
    /// A value of another type (a float, a map, a character, `()`), by Rhai's type name.
    Type(String),
    /// More than [`MAX_ITEMS`] items, a string past [`MAX_STRING`] or arrays nested past
    /// [`MAX_DEPTH`].
    TooLarge,
}

impl Value {
    /// The position a script's value is, checked against the bounds.
    pub fn from_dynamic(value: &Dynamic) -> Result<Value, NotPosition> {
        let mut items = 0;
        Value::convert(value, &mut items, 0)
    }

    fn convert(value: &Dynamic, items: &mut usize, depth: usize) -> Result<Value, NotPosition> {
        *items += 1;
        if *items > MAX_ITEMS || depth > MAX_DEPTH {
            return Err(NotPosition::TooLarge);
        }
        if let Ok(n) = value.as_int() {
            return Ok(Value::Int(n));
        }
        if let Ok(b) = value.as_bool() {
            return Ok(Value::Bool(b));
        }
        if value.is_string() {
            let text = value.clone().into_immutable_string().expect("a string");
            if text.len() > MAX_STRING {
                return Err(NotPosition::TooLarge);
            }
            return Ok(Value::Str(text.as_str().into()));
        }
        if value.is_array() {
            let array = value.read_lock::<Array>().expect("an array");
            let items = array
                .iter()
                .map(|item| Value::convert(item, items, depth + 1))
                .collect::<Result<Vec<_>, _>>()?;
            return Ok(Value::Array(items.into()));
        }
        Err(NotPosition::Type(value.type_name().to_string()))
    }

    /// The script's value of this position.
    pub fn to_dynamic(&self) -> Dynamic {
        match self {
            Value::Bool(b) => Dynamic::from_bool(*b),
            Value::Int(n) => Dynamic::from_int(*n),
            Value::Str(s) => Dynamic::from(s.to_string()),
            Value::Array(items) => {
                Dynamic::from_array(items.iter().map(Value::to_dynamic).collect::<Array>())
            }
        }
    }

    /// The integer, if this is one.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Value::Int(n) => Some(*n),
            _ => None,
        }
    }

    /// About the bytes this value holds on the heap, for the search's memory bound.
    pub fn heap_bytes(&self) -> usize {
        match self {
            Value::Bool(_) | Value::Int(_) => 0,
            Value::Str(s) => s.len(),
            Value::Array(items) => {
                items.len() * std::mem::size_of::<Value>()
                    + items.iter().map(Value::heap_bytes).sum::<usize>()
            }
        }
    }
}

/// The position as a Rhai literal, which reads back as the same position: `[3, 4, 5]`,
/// `"abacaba"`, `7`, `true`.
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Bool(b) => write!(f, "{b}"),
            Value::Int(n) => write!(f, "{n}"),
            Value::Str(s) => {
                f.write_str("\"")?;
                for c in s.chars() {
                    match c {
                        '"' => f.write_str("\\\"")?,
                        '\\' => f.write_str("\\\\")?,
                        '\n' => f.write_str("\\n")?,
                        '\t' => f.write_str("\\t")?,
                        '\r' => f.write_str("\\r")?,
                        c if c.is_control() => write!(f, "\\u{:04x}", c as u32)?,
                        c => write!(f, "{c}")?,
                    }
                }
                f.write_str("\"")
            }
            Value::Array(items) => {
                f.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str("]")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_through_dynamic() {
        let value = Value::Array(
            vec![
                Value::Int(-3),
                Value::Str("a\"b".into()),
                Value::Bool(true),
                Value::Array(vec![Value::Int(1)].into()),
            ]
            .into(),
        );
        assert_eq!(Value::from_dynamic(&value.to_dynamic()), Ok(value.clone()));
        assert_eq!(value.to_string(), r#"[-3, "a\"b", true, [1]]"#);
    }

    #[test]
    fn too_deep_or_too_many_is_refused() {
        let mut deep = Value::Int(0);
        for _ in 0..=MAX_DEPTH + 1 {
            deep = Value::Array(vec![deep].into());
        }
        assert_eq!(
            Value::from_dynamic(&deep.to_dynamic()),
            Err(NotPosition::TooLarge)
        );
        let wide = Value::Array(vec![Value::Int(1); MAX_ITEMS + 1].into());
        assert_eq!(
            Value::from_dynamic(&wide.to_dynamic()),
            Err(NotPosition::TooLarge)
        );
        assert!(matches!(
            Value::from_dynamic(&Dynamic::UNIT),
            Err(NotPosition::Type(_))
        ));
    }
}
