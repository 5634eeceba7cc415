//! The interface's words in the player's language.
//!
//! Every text the terminal game and the command line show comes from the locale files under
//! `locales/` (rust-i18n's format 2: one TOML table per key with its `en`, `zh-CN` and `zh-TW`
//! texts side by side, so a translator sees the three together and a missing one is easy to
//! spot). They are compiled into the binary. The engine returns values (numbers, moves,
//! message enums); this layer, and the renderers built on it, turn them into words.
//!
//! The language is per thread ([`set_lang`]), not rust-i18n's process-wide locale: the tests
//! draw English and Chinese screens on parallel threads of one process, and the game draws on
//! one thread only.
//!
//! Write `tr!("menu.play")` or `tr!("coach.blunder", nim_sum = n)`; a text's `%{name}`
//! placeholders are filled from the named arguments. For a key built at run time use
//! [`text`]. Tests outside the crate use [`text`] and [`text_in`] (the `tr!` macro names this
//! crate's generated lookup, so it works only inside it).

use std::borrow::Cow;
use std::collections::BTreeSet;

pub use crate::lang::Lang;
pub use words::{
    Words, counted, fill, formula_problem, game_title, game_title_in, moves, position_title,
    position_title_in, shorten_code, verdict_legend,
};

mod input;
pub mod nudge;
pub mod why;
mod words;

/// Sets the language this thread's texts are in.
pub fn set_lang(lang: Lang) {
    crate::lang::set_current(lang);
}

/// The language this thread's texts are in (English until [`set_lang`]).
pub fn lang() -> Lang {
    crate::lang::current()
}

/// A heat map's axis name as the reader reads it: the coin grid's `row` and `col` are words
/// (行/列), the pairs' letters (`a`, `x`) stay as they are.
pub fn axis_words(axis: &str) -> String {
    match axis {
        "row" => text("lab.axis.row").into_owned(),
        "col" => text("lab.axis.col").into_owned(),
        _ => axis.to_string(),
    }
}

/// The text of `key` in this thread's language.
pub fn text(key: &str) -> Cow<'_, str> {
    text_in(lang(), key)
}

/// The text of `key` in `lang`. A key no locale file has comes back as `LANG.key`
/// (`en.menu.nosuch`), which the completeness tests and the screen scans catch.
pub fn text_in(lang: Lang, key: &str) -> Cow<'_, str> {
    crate::_rust_i18n_translate(lang.code(), key)
}

/// Looks `key` up in this thread's language and fills its `%{name}` placeholders.
///
/// ```ignore
/// tr!("menu.play")
/// tr!("coach.blunder", nim_sum = n)
/// ```
#[macro_export]
macro_rules! tr {
    ($key:expr) => {
        rust_i18n::t!($key, locale = $crate::locale::lang().code())
    };
    ($key:expr, $($args:tt)*) => {
        rust_i18n::t!($key, locale = $crate::locale::lang().code(), $($args)*)
    };
}

/// `words` ready to stand before a Chinese character in this thread's language: a name that
/// ends in a number or other Latin text (`硬币 5`, `盒子 3`) gets the space Chinese typesetting
/// puts between the two (`硬币 5 的 SG 值`), one that ends in Chinese (`第 3 堆`) none. English
/// texts put their own spaces: there `words` comes back as it is.
pub fn before_han(words: &str) -> String {
    let latin_end = words.chars().last().is_some_and(|c| c.is_ascii_graphic());
    if lang() != Lang::En && latin_end {
        format!("{words} ")
    } else {
        words.to_string()
    }
}

/// Every key a language has a text for.
pub fn keys(lang: Lang) -> BTreeSet<String> {
    crate::_RUST_I18N_BACKEND
        .messages_for_locale(lang.code())
        .unwrap_or_default()
        .into_iter()
        .map(|(key, _)| key.into_owned())
        .collect()
}

/// The `%{name}` placeholders of a text, for checking that a translation fills the same ones.
pub fn placeholders(text: &str) -> BTreeSet<&str> {
    let mut names = BTreeSet::new();
    let mut rest = text;
    while let Some(start) = rest.find("%{") {
        let after = &rest[start + 2..];
        match after.find('}') {
            Some(end) => {
                names.insert(&after[..end]);
                rest = &after[end + 1..];
            }
            None => break,
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// Every locale key the code names as a literal exists: a `tr!("…")`, a `text("…")`, and
    /// any string literal shaped like a key under one of the locale files' namespaces
    /// (`"board.sketch.more"` handed to a helper that looks it up). A key named in code but
    /// written in no file shows as `en.key` on screen, which only a screen scan would catch.
    #[test]
    fn every_key_the_code_names_exists() {
        fn rust_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
            for entry in std::fs::read_dir(dir).expect("src") {
                let path = entry.expect("entry").path();
                if path.is_dir() {
                    rust_files(&path, out);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    out.push(path);
                }
            }
        }
        let english = keys(Lang::En);
        let namespaces: BTreeSet<&str> =
            english.iter().filter_map(|k| k.split('.').next()).collect();
        let is_key_shaped = |s: &str| {
            s.contains('.')
                && !s.ends_with('.')
                && s.split('.').all(|seg| {
                    !seg.is_empty()
                        && seg.chars().all(|c| {
                            c.is_ascii_lowercase() || c.is_ascii_digit() || "_-".contains(c)
                        })
                })
                && namespaces.contains(s.split('.').next().unwrap_or(""))
        };
        let mut files = Vec::new();
        rust_files(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            &mut files,
        );
        let mut named = 0;
        let mut missing = Vec::new();
        for file in files {
            let source = std::fs::read_to_string(&file).expect("a source file");
            for (line_number, line) in source.lines().enumerate() {
                let code = line.split("//").next().unwrap_or("");
                let literals = code.split('"').skip(1).step_by(2);
                for literal in literals {
                    let after_call = ["tr!(", "text(", "text_in("]
                        .iter()
                        .any(|call| code.contains(&format!("{call}\"{literal}\"")));
                    // File names (`review.toml`), and the key the fallback test asks for.
                    let file_name = [
                        ".toml", ".rs", ".md", ".rhai", ".svg", ".png", ".lock", ".in", ".out",
                    ]
                    .iter()
                    .any(|ext| literal.ends_with(ext));
                    if !(after_call || is_key_shaped(literal))
                        || file_name
                        || literal == "no.such.key"
                    {
                        continue;
                    }
                    named += 1;
                    // A key some keys are built under (`format!("{prefix}.{name}")`) counts.
                    let prefix = format!("{literal}.");
                    if !english.contains(literal)
                        && english
                            .range(prefix.clone()..)
                            .next()
                            .is_none_or(|k| !k.starts_with(&prefix))
                    {
                        missing.push(format!(
                            "{}:{}: {literal:?}",
                            file.display(),
                            line_number + 1
                        ));
                    }
                }
            }
        }
        assert!(named > 500, "only {named} keys found in the code");
        assert!(
            missing.is_empty(),
            "keys no locale file has:\n{}",
            missing.join("\n")
        );
    }

    /// No fallback text ever shows: every language has every English key, no extra ones, no
    /// empty texts, and each translation fills the placeholders the English fills.
    #[test]
    fn every_language_has_every_key() {
        let english = keys(Lang::En);
        assert!(!english.is_empty());
        for lang in Lang::ALL {
            let own = keys(lang);
            let missing: Vec<_> = english.difference(&own).collect();
            assert!(missing.is_empty(), "{} lacks {missing:?}", lang.code());
            let extra: Vec<_> = own.difference(&english).collect();
            assert!(
                extra.is_empty(),
                "{} has keys English lacks: {extra:?}",
                lang.code()
            );
            for key in &english {
                let en = text_in(Lang::En, key);
                let this = text_in(lang, key);
                assert!(!this.trim().is_empty(), "{} {key} is empty", lang.code());
                assert_eq!(
                    placeholders(&this),
                    placeholders(&en),
                    "{} {key}: {this:?} fills other placeholders than {en:?}",
                    lang.code()
                );
            }
        }
    }

    /// rust-i18n merges every file of `locales/` into one table, and a key written in two files
    /// silently keeps one of the texts (which one depends on the order files are read): each key
    /// must be in one file only.
    #[test]
    fn no_key_is_in_two_locale_files() {
        fn walk(table: &toml::Table, path: &str, file: &str, seen: &mut BTreeMap<String, String>) {
            if table.contains_key("en") {
                if let Some(first) = seen.insert(path.to_string(), file.to_string()) {
                    panic!("{path} is in both locales/{first} and locales/{file}");
                }
                return;
            }
            for (name, value) in table {
                if let toml::Value::Table(inner) = value {
                    let path = if path.is_empty() {
                        name.clone()
                    } else {
                        format!("{path}.{name}")
                    };
                    walk(inner, &path, file, seen);
                }
            }
        }
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .expect("locales/")
            .map(|entry| entry.expect("a locale file").path())
            .filter(|path| path.extension().is_some_and(|e| e == "toml"))
            .collect();
        files.sort();
        let mut seen = BTreeMap::new();
        for path in &files {
            let file = path.file_name().unwrap().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(path).expect("a readable locale file");
            let table: toml::Table = text
                .parse()
                .unwrap_or_else(|e| panic!("locales/{file}: {e}"));
            walk(&table, "", &file, &mut seen);
        }
        assert!(seen.len() > 100, "only {} keys found", seen.len());
    }

    #[test]
    fn the_thread_language_chooses_the_text() {
        set_lang(Lang::ZhTw);
        assert_eq!(tr!("lang.setting"), "語言");
        set_lang(Lang::En);
        assert_eq!(tr!("lang.setting"), "Language");
        assert_eq!(text("no.such.key"), "en.no.such.key");
    }

    #[test]
    fn a_name_ending_in_a_number_is_spaced_before_chinese() {
        set_lang(Lang::ZhCn);
        assert_eq!(before_han("硬币 5"), "硬币 5 ");
        assert_eq!(before_han("格子 (1, 2)"), "格子 (1, 2) ");
        assert_eq!(before_han("第 3 堆"), "第 3 堆");
        set_lang(Lang::En);
        assert_eq!(before_han("coin 5"), "coin 5");
    }

    #[test]
    fn placeholders_are_found() {
        let found = placeholders("%{a} and %{bc}, %{a}; %{open");
        assert_eq!(found.into_iter().collect::<Vec<_>>(), ["a", "bc"]);
    }
}
