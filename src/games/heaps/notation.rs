//! Codes of heap-game positions: `<rule>[:<parameters>]:<heaps>`, fields separated by `:`,
//! numbers in a list by `,`. The rule's parameters come first, the heaps (or Kayles rows) last:
//!
//! | rule | code | parameters |
//! |---|---|---|
//! | Nim | `nim:3,4,5` | — |
//! | Bash | `bash:3:10,7` | m: take 1..m |
//! | subtraction set | `subtraction:1,3,4:10,12` | the set S |
//! | take l..r | `take:2,5:10,12` | l, r |
//! | Fibonacci takes | `fibonacci:10,12` | — |
//! | Kayles | `kayles:5,7` | — (rows of pins) |
//! | Grundy's game | `grundy:7,9` | — |
//! | Lieges of Legendre | `lieges:3:4,5` | k |
//! | staircase split | `staircase:10,15` | — |
//! | coprime takes | `coprime:7,9` | — |
//! | octal game | `octal:0.137:5,9` | the code d0.d1d2… (`4.7`, `0.3...`, hex digits 8–f) |
//! | misère Nim | `misere:3,5,1` | — |

use std::sync::Arc;

use super::rules::{Action, HeapMove, Heaps, MAX_FORMULA_HEAP, MAX_LIEGES_K, MAX_SET_LEN, Rule};
use crate::game::{CodeError, IllegalMove, Notation, Position};
use crate::message::{Msg, Said};

/// Whether `name` (the part of a code before its first `:`) is a heap game's.
pub fn is_heap_rule(name: &str) -> bool {
    Rule::NAMES.contains(&name)
}

/// The fields of a code after the rule's name, each with its 1-based starting column.
fn fields(code: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut column = 1;
    for field in code.split(':') {
        out.push((column, field));
        column += field.chars().count() + 1;
    }
    out
}

/// A comma-separated list of numbers starting at `column`, each in `range`.
fn numbers(
    text: &str,
    column: usize,
    what: Said,
    range: std::ops::RangeInclusive<u64>,
) -> Result<Vec<u64>, CodeError> {
    crate::games::list::parse(text, column, what, range, super::MAX_HEAPS)
}

impl Notation for Heaps {
    /// Heap games share one board and one `GameKind`; each code names its own rule.
    const GAME: &'static str = "heaps";

    fn from_code(code: &str) -> Result<Heaps, CodeError> {
        let fields = fields(code);
        let (_, name) = fields[0];
        let wanted = match name {
            "bash" | "subtraction" | "take" | "lieges" | "octal" => 3,
            _ if is_heap_rule(name) => 2,
            _ => {
                return Err(CodeError::new(
                    1,
                    Said::new("said.heaps.unknown_rule")
                        .with("name", name)
                        .with("names", Rule::NAMES.join(", ")),
                ));
            }
        };
        if fields.len() != wanted {
            let shape = match wanted {
                3 => format!("{name}:<parameters>:<heaps>"),
                _ => format!("{name}:<heaps>"),
            };
            let column = fields
                .get(wanted)
                .map_or(code.chars().count() + 1, |f| f.0 - 1);
            return Err(CodeError::new(
                column,
                Said::new("said.code.fields")
                    .with("name", name)
                    .with("wanted", wanted)
                    .with("shape", shape)
                    .with("found", fields.len()),
            ));
        }
        let max = u64::MAX / 4;
        let rule = match name {
            "nim" => Rule::Nim,
            "fibonacci" => Rule::Fibonacci,
            "kayles" => Rule::Kayles,
            "grundy" => Rule::Grundy,
            "staircase" => Rule::Staircase,
            "coprime" => Rule::Coprime,
            "misere" => Rule::Misere,
            "bash" => {
                let [m] = exactly(
                    numbers(
                        fields[1].1,
                        fields[1].0,
                        Said::new("said.what.param").with("name", "m"),
                        1..=max,
                    )?,
                    fields[1].0,
                    Said::new("said.what.param").with("name", "m"),
                )?;
                Rule::Bash { m }
            }
            "lieges" => {
                let [k] = exactly(
                    numbers(
                        fields[1].1,
                        fields[1].0,
                        Said::new("said.what.param").with("name", "k"),
                        1..=MAX_LIEGES_K,
                    )?,
                    fields[1].0,
                    Said::new("said.what.param").with("name", "k"),
                )?;
                Rule::Lieges { k }
            }
            "take" => {
                let [l, r] = exactly(
                    numbers(
                        fields[1].1,
                        fields[1].0,
                        Said::new("said.what.param").with("name", "l,r"),
                        1..=max,
                    )?,
                    fields[1].0,
                    Said::new("said.what.param").with("name", "l,r"),
                )?;
                if l > r {
                    return Err(CodeError::new(
                        fields[1].0,
                        Said::new("said.heaps.take_order").with("l", l).with("r", r),
                    ));
                }
                Rule::TakeRange { l, r }
            }
            "octal" => {
                let code = super::octal::OctalCode::parse(fields[1].1)
                    .map_err(|e| CodeError::new(fields[1].0 + e.column - 1, e.message))?;
                Rule::Octal {
                    code: Arc::new(code),
                }
            }
            "subtraction" => {
                let mut set = numbers(
                    fields[1].1,
                    fields[1].0,
                    Said::new("said.what.subtraction_set"),
                    1..=MAX_FORMULA_HEAP,
                )?;
                if set.len() > MAX_SET_LEN {
                    return Err(CodeError::new(
                        fields[1].0,
                        Said::new("said.heaps.set_too_long").with("most", MAX_SET_LEN),
                    ));
                }
                set.sort_unstable();
                set.dedup();
                Rule::Subtraction {
                    set: Arc::from(set),
                }
            }
            _ => unreachable!("checked above"),
        };
        let (column, text) = *fields.last().expect("at least one field");
        let what = match rule {
            Rule::Kayles => Said::new("said.what.rows"),
            _ => Said::new("said.what.heaps"),
        };
        // Any number is read; a heap past the rule's bound is refused by `Heaps::new` in the
        // size policy's words, the same in every command (an octal game's table grows first).
        let heaps = numbers(text, column, what, 0..=u64::MAX)?;
        Heaps::new(rule, heaps).map_err(|e| CodeError::new(column, e))
    }

    fn to_code(&self) -> String {
        let list = |xs: &[u64]| xs.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        let params = match self.rule() {
            Rule::Bash { m } => format!("{m}:"),
            Rule::Lieges { k } => format!("{k}:"),
            Rule::TakeRange { l, r } => format!("{l},{r}:"),
            Rule::Subtraction { set } => format!("{}:", list(set)),
            Rule::Octal { code } => format!("{}:", code.code()),
            _ => String::new(),
        };
        format!("{}:{params}{}", self.rule().name(), list(self.heaps()))
    }

    fn describe_move(&self, mv: &HeapMove) -> Msg {
        let from = self.heaps().get(mv.heap).copied().unwrap_or(0);
        let number = mv.heap + 1;
        let pieces = || super::rules::pieces(self.rule(), from, mv.action);
        match mv.action {
            Action::Take(take) => Msg::Take {
                number,
                take,
                from,
                to: from.saturating_sub(take),
            },
            Action::Knock { count, left } => Msg::Knock {
                number,
                first: left + 1,
                last: left + count,
                from,
                pieces: pieces(),
            },
            Action::Split { left } => Msg::Split {
                number,
                from,
                pieces: vec![left, from - left],
            },
            Action::Multiply => Msg::Multiply {
                number,
                from,
                count: match self.rule() {
                    Rule::Lieges { k } => *k,
                    _ => 1,
                },
                size: from / 2,
            },
            Action::Stairs { .. } => Msg::Split {
                number,
                from,
                pieces: pieces(),
            },
            Action::Remove { take: 0, .. } => Msg::Split {
                number,
                from,
                pieces: pieces(),
            },
            Action::Remove { take, left: 0, .. } => Msg::Take {
                number,
                take,
                from,
                to: from.saturating_sub(take),
            },
            Action::Remove { take, .. } => Msg::Remove {
                number,
                take,
                from,
                pieces: pieces(),
            },
        }
    }

    /// `heap 2: take 3 (7 → 4)`: the words saved games have always written, read back by
    /// [`Notation::parse_move`]'s search of the legal moves.
    fn move_code(&self, mv: &HeapMove) -> String {
        let x = self.heaps().get(mv.heap).copied().unwrap_or(0);
        let n = mv.heap + 1;
        let join = |pieces: Vec<u64>| {
            pieces
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" + ")
        };
        match mv.action {
            Action::Take(t) => format!("heap {n}: take {t} ({x} → {})", x.saturating_sub(t)),
            Action::Knock { count: 1, left } => format!(
                "row {n}: knock out pin {} ({x} → {})",
                left + 1,
                join(super::rules::pieces(self.rule(), x, mv.action)).if_empty("0")
            ),
            Action::Knock { count, left } => format!(
                "row {n}: knock out pins {}-{} ({x} → {})",
                left + 1,
                left + count,
                join(super::rules::pieces(self.rule(), x, mv.action)).if_empty("0")
            ),
            Action::Split { left } => format!("heap {n}: split {x} into {left} + {}", x - left),
            Action::Multiply => {
                let k = match self.rule() {
                    Rule::Lieges { k } => *k,
                    _ => 1,
                };
                format!("heap {n}: {x} → {k} heaps of {}", x / 2)
            }
            Action::Stairs { .. } | Action::Remove { take: 0, .. } => format!(
                "heap {n}: split {x} into {}",
                join(super::rules::pieces(self.rule(), x, mv.action))
            ),
            Action::Remove { take, .. } => format!(
                "heap {n}: take {take} ({x} → {})",
                join(super::rules::pieces(self.rule(), x, mv.action)).if_empty("0")
            ),
        }
    }

    /// An octal game's move is read from its words (`heap 2: take 1 (9 → 3 + 5)`, `heap 1:
    /// split 7 into 3 + 4`): a heap of 10^18 has too many moves to search. Other rules search
    /// the legal moves for the code, as [`Notation::parse_move`] does by default.
    fn parse_move(&self, text: &str) -> Result<HeapMove, IllegalMove> {
        let text = text.trim();
        if matches!(self.rule(), Rule::Octal { .. }) {
            return parse_octal_move(self, text);
        }
        self.legal_moves()
            .into_iter()
            .find(|mv| self.move_code(mv) == text)
            .ok_or_else(|| IllegalMove(Said::new("said.move.not_legal_here").with("text", text)))
    }
}

/// `heap N: take T (X → A + B)` or `heap N: split X into A + B`, the heap's size X and the
/// pieces agreeing with the position.
fn parse_octal_move(position: &Heaps, text: &str) -> Result<HeapMove, IllegalMove> {
    let bad = || {
        IllegalMove(
            Said::new("said.move.octal_form").with("text", crate::game::shorten_code(text, 40)),
        )
    };
    let number = |s: &str| s.trim().parse::<u64>().map_err(|_| bad());
    let list = |s: &str| -> Result<Vec<u64>, IllegalMove> {
        let s = s.trim();
        if s == "0" {
            return Ok(Vec::new());
        }
        s.split('+').map(number).collect()
    };
    let rest = text.strip_prefix("heap ").ok_or_else(bad)?;
    let (heap, rest) = rest.split_once(':').ok_or_else(bad)?;
    let heap = number(heap)?;
    let rest = rest.trim();
    let (take, from, pieces) = if let Some(split) = rest.strip_prefix("split ") {
        let (from, into) = split.split_once(" into ").ok_or_else(bad)?;
        (0, number(from)?, list(into)?)
    } else {
        let take = rest.strip_prefix("take ").ok_or_else(bad)?;
        let (take, paren) = take.split_once('(').ok_or_else(bad)?;
        let inner = paren.trim().strip_suffix(')').ok_or_else(bad)?;
        let (from, to) = inner.split_once('→').ok_or_else(bad)?;
        (number(take)?, number(from)?, list(to)?)
    };
    let index = usize::try_from(heap)
        .ok()
        .and_then(|h| h.checked_sub(1))
        .ok_or_else(bad)?;
    let Some(&size) = position.heaps().get(index) else {
        return Err(IllegalMove(
            Said::new("said.move.no_heap")
                .with("number", heap)
                .with("count", position.heaps().len()),
        ));
    };
    let total = pieces.iter().try_fold(take, |a, &p| a.checked_add(p));
    if from != size || total != Some(size) || pieces.contains(&0) || pieces.len() > 3 {
        return Err(IllegalMove(
            Said::new("said.move.does_not_fit")
                .with("text", crate::game::shorten_code(text, 40))
                .with("number", heap)
                .with("size", size),
        ));
    }
    let (left, middle) = match pieces.as_slice() {
        [_, _] => (pieces[0], 0),
        [a, b, _] => (*a, *b),
        _ => (0, 0),
    };
    Ok(HeapMove {
        heap: index,
        action: Action::Remove { take, left, middle },
    })
}

trait IfEmpty {
    fn if_empty(self, instead: &str) -> String;
}

impl IfEmpty for String {
    fn if_empty(self, instead: &str) -> String {
        if self.is_empty() {
            instead.to_string()
        } else {
            self
        }
    }
}

/// Exactly `N` numbers for the parameter `what`.
fn exactly<const N: usize>(
    values: Vec<u64>,
    column: usize,
    what: Said,
) -> Result<[u64; N], CodeError> {
    let count = values.len();
    let key = if N == 1 {
        "said.list.count.one"
    } else {
        "said.list.count.other"
    };
    values.try_into().map_err(|_| {
        CodeError::new(
            column,
            Said::new(key)
                .with_said("what", what)
                .with("wanted", N)
                .with("found", count),
        )
    })
}
