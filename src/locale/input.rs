//! Bad contest input in words: an [`InputError`] (src/input.rs) in the reader's language, from
//! the `input.*` texts of `locales/input.toml`. The English is the core's `Display`, byte for
//! byte (a test below holds the two together); Chinese puts the space between Chinese and Latin
//! text where a placeholder's value meets Chinese.

use std::fmt::Display;

use super::words::{Words, fill};
use super::{Lang, text_in};
use crate::input::{Found, InputError, Name, Problem, Var};

impl Words for InputError {
    fn words_in(&self, lang: Lang) -> String {
        let message = self.message.words_in(lang);
        match self.column {
            Some(column) => said(
                lang,
                "input.at_column",
                &[
                    ("line", &self.line),
                    ("column", &column),
                    ("message", &message),
                ],
            ),
            None => said(
                lang,
                "input.at_line",
                &[("line", &self.line), ("message", &message)],
            ),
        }
    }
}

impl Words for Problem {
    fn words_in(&self, lang: Lang) -> String {
        match self {
            Problem::NotWhole { name, found, field } => said(
                lang,
                "input.not_whole",
                &[
                    ("name", &name.words_in(lang)),
                    ("found", &found.words_in(lang)),
                    ("field", field),
                ],
            ),
            Problem::TooLarge { name, field, max } => said(
                lang,
                "input.too_large",
                &[
                    ("name", &name.words_in(lang)),
                    ("field", field),
                    ("max", max),
                ],
            ),
            Problem::OutOfRange {
                name,
                value,
                low,
                high,
            } => said(
                lang,
                "input.out_of_range",
                &[
                    ("name", &name.words_in(lang)),
                    ("value", value),
                    ("low", low),
                    ("high", high),
                ],
            ),
            Problem::FieldCount {
                names,
                expected,
                found,
            } => {
                let form = if *found == 1 { "one" } else { "other" };
                said(
                    lang,
                    &format!("input.field_count.{form}"),
                    &[("names", names), ("expected", expected), ("count", found)],
                )
            }
            Problem::ExtraField { field, names } => said(
                lang,
                "input.extra_field",
                &[("field", field), ("names", names)],
            ),
            Problem::EndsEarly(what) => {
                said(lang, "input.ends_early", &[("what", &what.words_in(lang))])
            }
            Problem::Empty(what, None) => {
                said(lang, "input.empty", &[("what", &what.words_in(lang))])
            }
            Problem::Empty(what, Some((low, high))) => said(
                lang,
                "input.empty_in",
                &[("what", &what.words_in(lang)), ("low", low), ("high", high)],
            ),
            Problem::After { field, after } => said(
                lang,
                "input.after",
                &[("field", field), ("after", &after.words_in(lang))],
            ),
            Problem::LineTooLong(max) => said(lang, "input.line_too_long", &[("max", max)]),
            Problem::Unreadable(error) => said(lang, "input.unreadable", &[("error", error)]),
            Problem::TooMuch { max, valid } => {
                let size = if *max >= 1 << 20 && max.is_multiple_of(1 << 20) {
                    fill(lang, "input.size_mib", &[("count", &(max >> 20))])
                } else {
                    fill(lang, "input.size_bytes", &[("count", max)])
                };
                said(lang, "input.too_much", &[("size", &size), ("valid", valid)])
            }
            Problem::NotHeadsOrTails { row, case, found } => said(
                lang,
                "input.not_heads_or_tails",
                &[
                    ("row", row),
                    ("case", case),
                    ("found", &found.words_in(lang)),
                ],
            ),
            Problem::RowLength {
                row,
                case,
                letters,
                m,
            } => said(
                lang,
                "input.row_length",
                &[("row", row), ("case", case), ("letters", letters), ("m", m)],
            ),
            Problem::AfterRow { field, row, case } => said(
                lang,
                "input.after_row",
                &[("field", field), ("row", row), ("case", case)],
            ),
            Problem::NotCoin { coin, field } => {
                said(lang, "input.not_coin", &[("coin", coin), ("field", field)])
            }
            Problem::CoinCount { n, found } => {
                said(lang, "input.coin_count", &[("n", n), ("found", found)])
            }
            Problem::OddHeaps { case, n } => {
                said(lang, "input.odd_heaps", &[("case", case), ("n", n)])
            }
            Problem::NotUtf8(byte) => {
                said(lang, "input.not_utf8", &[("byte", &format!("{byte:02X}"))])
            }
            Problem::TooManyQueries { max } => {
                said(lang, "input.too_many_queries", &[("max", max)])
            }
            Problem::NotAsciiDigit { var, found, code } => said(
                lang,
                "input.not_ascii_digit",
                &[
                    ("var", var),
                    ("found", found),
                    ("code", &format!("{code:04X}")),
                ],
            ),
            Problem::OnePerLine { var, field } => said(
                lang,
                "input.one_per_line",
                &[("var", var), ("field", field)],
            ),
            Problem::NoQueries => said(lang, "input.no_queries", &[]),
            Problem::TakeRange { l, r } => said(lang, "input.take_range", &[("l", l), ("r", r)]),
            Problem::Said(said) => said.words_in(lang),
            Problem::Other(text) => text.clone(),
        }
    }
}

impl Words for Found {
    fn words_in(&self, lang: Lang) -> String {
        match self {
            Found::Char(_) => self.to_string(),
            Found::Space => text_in(lang, "input.found_space").into_owned(),
            Found::Byte(b) => fill(lang, "input.found_byte", &[("hex", &format!("{b:02X}"))]),
        }
    }
}

impl Words for Name {
    fn words_in(&self, lang: Lang) -> String {
        match self {
            Name::Text(text) => text.clone(),
            Name::Cases(var) => said(lang, "input.name_cases", &[("var", var)]),
            Name::Tests(var) => said(lang, "input.name_tests", &[("var", var)]),
            Name::OfCase(var, case) => said(
                lang,
                "input.name_of_case",
                &[("var", var as &Var), ("case", case)],
            ),
            Name::OfTest(var, test) => said(
                lang,
                "input.name_of_test",
                &[("var", var as &Var), ("test", test)],
            ),
            Name::SizeOfCase(i, case) => {
                said(lang, "input.name_size_of_case", &[("i", i), ("case", case)])
            }
            Name::HeapOfCase(i, case) => {
                said(lang, "input.name_heap_of_case", &[("i", i), ("case", case)])
            }
            Name::Pile(i) => said(lang, "input.name_pile", &[("i", i)]),
            Name::LineOfCase(vars, case) => said(
                lang,
                "input.name_line_of_case",
                &[("vars", vars), ("case", case)],
            ),
            Name::CoinsOfCase(n, case) => said(
                lang,
                "input.name_coins_of_case",
                &[("n", n), ("case", case)],
            ),
            Name::RowOfCase(r, case, m) => said(
                lang,
                "input.name_row_of_case",
                &[("r", r), ("case", case), ("m", m)],
            ),
            Name::ArrowOfCase(end, i, case) => said(
                lang,
                "input.name_arrow_of_case",
                &[("end", end), ("i", i), ("case", case)],
            ),
            Name::LastCase => text_in(lang, "input.name_last_case").into_owned(),
            Name::LastTest => text_in(lang, "input.name_last_test").into_owned(),
            Name::Said(said) => said.words_in(lang),
        }
    }
}

/// The text of `key` in `lang` with its placeholders filled from `args`; in Chinese a value
/// that begins or ends with Latin text (a letter, a digit, a quoted field) where it meets a
/// Chinese character gets a space there (`第 1 组数据的 n 为 0`), so the templates can stand
/// their placeholders right against the Chinese whatever the value turns out to be.
fn said(lang: Lang, key: &str, args: &[(&str, &dyn Display)]) -> String {
    let template = text_in(lang, key);
    if lang == Lang::En {
        return fill(lang, key, args);
    }
    let mut out = String::with_capacity(template.len() + 32);
    let mut rest: &str = &template;
    while let Some(start) = rest.find("%{") {
        let Some(len) = rest[start..].find('}') else {
            break;
        };
        let name = &rest[start + 2..start + len];
        let Some((_, value)) = args.iter().find(|(n, _)| *n == name) else {
            out.push_str(&rest[..start + len + 1]);
            rest = &rest[start + len + 1..];
            continue;
        };
        let value = value.to_string();
        out.push_str(&rest[..start]);
        let before = out.chars().last();
        let after = rest[start + len + 1..].chars().next();
        if before.is_some_and(is_han) && value.chars().next().is_some_and(is_latin) {
            out.push(' ');
        }
        out.push_str(&value);
        if after.is_some_and(is_han) && value.chars().last().is_some_and(is_latin) {
            out.push(' ');
        }
        rest = &rest[start + len + 1..];
    }
    out.push_str(rest);
    out
}

/// A Chinese character (not its punctuation, which takes no space).
fn is_han(c: char) -> bool {
    matches!(c, '\u{3400}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}')
}

fn is_latin(c: char) -> bool {
    c.is_ascii_graphic()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::{Limits, Numbers, Reader};

    /// Errors of every kind the readers make, as the readers make them.
    fn errors() -> Vec<InputError> {
        let mut out = Vec::new();
        let mut reader = Reader::new(b"2\n16 4x\n3\n 1 2 3\n\n9 9 9\n");
        reader.expect("T").unwrap();
        let line = reader.expect("n MAXQ").unwrap();
        out.push(
            line.numbers(["n", "MAXQ"], [1..=30000, 1..=20])
                .unwrap_err(),
        );
        let line = reader.expect("n MAXQ").unwrap();
        out.push(
            line.numbers(["n", "MAXQ"], [1..=30000, 1..=20])
                .unwrap_err(),
        );
        let line = reader.expect("n MAXQ").unwrap();
        out.push(
            line.numbers(["n", "MAXQ"], [1..=30000, 1..=20])
                .unwrap_err(),
        );
        out.push(reader.expect_end().unwrap_err());
        out.push(reader.expect(Name::OfCase(Var("n", None), 3)).unwrap_err());
        for (text, name) in [
            (&b"x1"[..], Name::SizeOfCase(1, 2)),
            (b"1\x01", Name::Cases("T")),
            (b"99999999999999999999999", Name::Tests("t")),
            (b"0", Name::OfTest(Var("a", Some(4)), 7)),
            (b"5", Name::Text("k".to_string())),
            (b"y", Name::HeapOfCase(3, 2)),
            (b"y", Name::Pile(3)),
            (b"y", Name::LineOfCase("n m", 2)),
            (b"y", Name::CoinsOfCase(5, 2)),
            (b"y", Name::RowOfCase(1, 2, 3)),
            (b"y", Name::ArrowOfCase("a", 1, 2)),
        ] {
            out.push(Numbers::new(text).next(name, 1..=4).unwrap_err());
        }
        let mut numbers = Numbers::new(b"1 2");
        numbers.next("n", 1..=4).unwrap();
        out.push(numbers.expect_end(Name::LastTest).unwrap_err());
        out.push(Numbers::new(b" \n ").next("k", 1..=4).unwrap_err());
        let mut long: &[u8] = &[b'1'; 4096];
        let limits = Limits {
            max_bytes: 1 << 20,
            max_line: 10,
            valid: "a case",
        };
        out.push(Reader::stream(&mut long, limits).expect("T").unwrap_err());
        let mut big: &[u8] = &[b'\n'; 4096];
        let limits = Limits {
            max_bytes: 100,
            max_line: 10,
            valid: "a case",
        };
        out.push(Reader::stream(&mut big, limits).expect("T").unwrap_err());
        out.push(InputError::of(
            1,
            None,
            Problem::Empty(Name::Cases("T"), Some((1, 100))),
        ));
        out.push(InputError::of(
            1,
            None,
            Problem::Empty(Name::Cases("T"), None),
        ));
        out.push(InputError::of(1, None, Problem::Unreadable("gone".into())));
        out
    }

    /// The English words are the core's `Display`, byte for byte: the tests of `solve` compare
    /// the one, the command line prints the other.
    #[test]
    fn english_is_the_display() {
        let errors = errors();
        assert_eq!(errors.len(), 23);
        for error in errors {
            assert_eq!(error.words_in(Lang::En), error.to_string());
        }
    }

    /// Chinese reads as Chinese: no English word but the statements' variables and the input.
    #[test]
    fn chinese_has_no_english_words() {
        for lang in [Lang::ZhCn, Lang::ZhTw] {
            for error in errors() {
                let words = error.words_in(lang);
                if matches!(error.message, Problem::Unreadable(_)) {
                    continue;
                }
                let english: Vec<&str> = words
                    .split(|c: char| !c.is_ascii_alphabetic())
                    .filter(|w| w.len() >= 2 && !["MAXQ", "MiB"].contains(w))
                    .collect();
                // The streamed reader's `valid` is English still (Limits::valid).
                if matches!(error.message, Problem::TooMuch { .. }) {
                    assert_eq!(english, ["case"], "{words}");
                    continue;
                }
                assert!(english.is_empty(), "{lang:?}: {words}: {english:?}");
            }
        }
    }

    #[test]
    fn chinese_spaces_latin_from_han() {
        let error = Numbers::new(b"x")
            .next(Name::SizeOfCase(1, 1), 1..=4)
            .unwrap_err();
        assert_eq!(
            error.words_in(Lang::ZhCn),
            "第 1 行第 1 列：第 1 组数据的第 1 堆的大小必须是非负整数，却是 'x'（在 'x' 中）"
        );
        let error = Numbers::new(b"0")
            .next(Name::OfCase(Var("n", None), 2), 1..=4)
            .unwrap_err();
        assert_eq!(
            error.words_in(Lang::ZhTw),
            "第 1 行第 1 欄：第 2 組測資的 n 為 0，超出範圍（應在 1 到 4 之間）"
        );
    }
}
