//! The languages grundy speaks, and which one a run uses.
//!
//! Only the choice (and this thread's current language) lives here, in the core: the texts
//! themselves are the interface's (the locale files under `locales/`, rendered by
//! `grundy::locale`). The settings file stores a [`LangChoice`]; `auto` follows the environment
//! the way POSIX programs do (`LC_ALL`, then `LC_MESSAGES`, then `LANG`).

use std::cell::Cell;

use clap::ValueEnum;

thread_local! {
    /// The language this thread's texts are in. It lives in the core, beside the choice, so
    /// that a rules file's `lang()` (src/rules) reads the reader's language without the
    /// interface; the interface sets and reads it through `grundy::locale`.
    static CURRENT: Cell<Lang> = const { Cell::new(Lang::En) };
}

/// The language this thread's texts are in (English until [`set_current`]).
pub fn current() -> Lang {
    CURRENT.with(|l| l.get())
}

/// Sets the language this thread's texts are in.
pub fn set_current(lang: Lang) {
    CURRENT.with(|l| l.set(lang));
}

/// A language of the interface.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, ValueEnum)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Simplified Chinese, as written in mainland China (简体中文).
    #[value(
        name = "zh-CN",
        alias = "zh-cn",
        alias = "zh-Hans",
        alias = "zh-hans",
        alias = "zh",
        alias = "zh_CN"
    )]
    ZhCn,
    /// Traditional Chinese, as written in Taiwan and Hong Kong (繁體中文).
    #[value(
        name = "zh-TW",
        alias = "zh-tw",
        alias = "zh-Hant",
        alias = "zh-hant",
        alias = "zh-HK",
        alias = "zh-hk",
        alias = "zh_TW",
        alias = "zh_HK"
    )]
    ZhTw,
}

impl Lang {
    /// Every language, in the order the menu offers them.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::ZhCn, Lang::ZhTw];

    /// The BCP 47 tag the locale files use (`en`, `zh-CN`, `zh-TW`).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhCn => "zh-CN",
            Lang::ZhTw => "zh-TW",
        }
    }

    /// The language's name in itself, as a language chooser shows it whatever the current
    /// language is.
    pub fn endonym(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::ZhCn => "简体中文",
            Lang::ZhTw => "繁體中文",
        }
    }

    /// The language of a POSIX locale name (`zh_CN.UTF-8`, `zh_TW`, `zh_HK.Big5`, `en_GB`,
    /// `C`): Chinese of Taiwan, Hong Kong or Macau, or written `Hant`, is Traditional; any other
    /// Chinese is Simplified; everything else is English. `None` for an empty name, which
    /// POSIX treats as unset.
    pub fn of_locale(name: &str) -> Option<Lang> {
        let name = name.trim();
        if name.is_empty() {
            return None;
        }
        // `language[_territory][.codeset][@modifier]`; `zh-Hant-TW` style tags too.
        let base = name.split(['.', '@']).next().unwrap_or("");
        let mut parts = base.split(['_', '-']);
        let language = parts.next().unwrap_or("").to_ascii_lowercase();
        if language != "zh" {
            return Some(Lang::En);
        }
        let traditional =
            parts.any(|p| matches!(p.to_ascii_lowercase().as_str(), "tw" | "hk" | "mo" | "hant"));
        Some(if traditional { Lang::ZhTw } else { Lang::ZhCn })
    }

    /// The language the environment asks for: the first of `LC_ALL`, `LC_MESSAGES` and `LANG`
    /// that is set and not empty (as `setlocale` chooses the messages' locale), English if
    /// none is.
    pub fn from_env_vars(get: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .find_map(|var| get(var).and_then(|v| Lang::of_locale(&v)))
            .unwrap_or(Lang::En)
    }

    /// [`Lang::from_env_vars`] on this process's environment.
    pub fn from_env() -> Lang {
        Lang::from_env_vars(|var| std::env::var(var).ok())
    }
}

/// The character set the terminal writes in, when the environment names one other than
/// UTF-8: the codeset of the first of `LC_ALL`, `LC_CTYPE` and `LANG` that is set
/// (`zh_CN.GB18030` → `GB18030`, `zh_TW.Big5` → `Big5`). `None` for UTF-8 or no codeset
/// (then grundy writes UTF-8, as it always does). Chinese written as UTF-8 on a GB18030 or
/// Big5 terminal shows garbled, so the interface falls back to English there.
pub fn non_utf8_charset(get: impl Fn(&str) -> Option<String>) -> Option<String> {
    let locale = ["LC_ALL", "LC_CTYPE", "LANG"]
        .into_iter()
        .find_map(|var| get(var).filter(|v| !v.is_empty()))?;
    let codeset = locale.split('.').nth(1)?.split('@').next()?.to_string();
    let plain: String = codeset
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_lowercase();
    (plain != "utf8").then_some(codeset)
}

/// The `lang` setting: a language, or `auto` to follow the environment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, ValueEnum)]
pub enum LangChoice {
    /// The language of `LC_ALL` / `LC_MESSAGES` / `LANG`.
    #[default]
    Auto,
    #[value(name = "en")]
    En,
    #[value(name = "zh-CN", alias = "zh-cn", alias = "zh-Hans", alias = "zh")]
    ZhCn,
    #[value(name = "zh-TW", alias = "zh-tw", alias = "zh-Hant", alias = "zh-HK")]
    ZhTw,
}

impl LangChoice {
    /// The language this choice means in this environment.
    pub fn resolve(self, environment: impl FnOnce() -> Lang) -> Lang {
        match self {
            LangChoice::Auto => environment(),
            LangChoice::En => Lang::En,
            LangChoice::ZhCn => Lang::ZhCn,
            LangChoice::ZhTw => Lang::ZhTw,
        }
    }
}

impl From<Lang> for LangChoice {
    fn from(lang: Lang) -> LangChoice {
        match lang {
            Lang::En => LangChoice::En,
            Lang::ZhCn => LangChoice::ZhCn,
            Lang::ZhTw => LangChoice::ZhTw,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_gb18030_or_big5_locale_is_not_utf8() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |var: &str| {
                pairs
                    .iter()
                    .find(|(k, _)| *k == var)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(
            non_utf8_charset(env(&[("LANG", "zh_CN.GB18030")])).as_deref(),
            Some("GB18030")
        );
        assert_eq!(
            non_utf8_charset(env(&[("LC_ALL", "zh_TW.Big5"), ("LANG", "zh_TW.UTF-8")])).as_deref(),
            Some("Big5")
        );
        assert_eq!(non_utf8_charset(env(&[("LANG", "zh_CN.UTF-8")])), None);
        assert_eq!(non_utf8_charset(env(&[("LANG", "zh_TW.utf8")])), None);
        assert_eq!(non_utf8_charset(env(&[("LANG", "C")])), None);
        assert_eq!(non_utf8_charset(env(&[])), None);
    }

    #[test]
    fn posix_locale_names() {
        for (name, lang) in [
            ("zh_CN.UTF-8", Lang::ZhCn),
            ("zh_SG", Lang::ZhCn),
            ("zh", Lang::ZhCn),
            ("zh_TW.UTF-8", Lang::ZhTw),
            ("zh_HK.Big5-HKSCS", Lang::ZhTw),
            ("zh-Hant-TW", Lang::ZhTw),
            ("zh_MO", Lang::ZhTw),
            ("en_GB.UTF-8", Lang::En),
            ("C", Lang::En),
            ("POSIX", Lang::En),
            ("C.UTF-8", Lang::En),
            ("ja_JP.UTF-8", Lang::En),
        ] {
            assert_eq!(Lang::of_locale(name), Some(lang), "{name}");
        }
        assert_eq!(Lang::of_locale(""), None);
    }

    #[test]
    fn the_first_set_variable_decides() {
        let env = |vars: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                vars.iter()
                    .find(|(k, _)| *k == name)
                    .map(|(_, v)| v.to_string())
            }
        };
        assert_eq!(
            Lang::from_env_vars(env(&[("LANG", "zh_TW.UTF-8"), ("LC_ALL", "zh_CN.UTF-8")])),
            Lang::ZhCn
        );
        assert_eq!(
            Lang::from_env_vars(env(&[("LANG", "zh_TW.UTF-8"), ("LC_ALL", "")])),
            Lang::ZhTw
        );
        assert_eq!(
            Lang::from_env_vars(env(&[("LC_MESSAGES", "en_US"), ("LANG", "zh_CN")])),
            Lang::En
        );
        assert_eq!(Lang::from_env_vars(env(&[])), Lang::En);
    }

    #[test]
    fn codes_parse_back() {
        for lang in Lang::ALL {
            assert_eq!(Lang::from_str(lang.code(), false), Ok(lang));
            assert_eq!(
                LangChoice::from_str(lang.code(), false).map(|c| c.resolve(|| Lang::En)),
                Ok(lang)
            );
        }
    }
}
