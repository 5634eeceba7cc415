//! The settings file, `settings.toml` in the config directory: the last game and the sizes of
//! each game, who moves first, the AI level, hints, coaching and the theme. The menu starts
//! from it and writes it when a setting is changed there; `grundy play` flags override it for
//! one run.
//!
//! Reading never fails: a field that is broken (a wrong type, a value out of range, an
//! unknown name) keeps its default and the first problem is reported in one line naming the
//! field and its line; a file that is not TOML at all gives all the defaults. The file is left
//! as it is until the player changes a setting.
//!
//! Writing edits the file, it does not regenerate it ([`Settings::save_changes`]): only the
//! fields the player changed are written, into the file as it is on disk then (read again
//! under the directory's lock, so another grundy's change is kept); comments, order and keys
//! grundy does not know stay. A file that cannot be read or is not TOML is set aside
//! (`settings.toml.corrupt-<time>`) and a new one written; it is never written over.
//!
//! ```toml
//! game = "coins"        # the game the menu starts on: coins, grid, dodgeball
//! first = "you"         # who moves first: you, ai
//! level = "perfect"     # easy, medium, hard, perfect
//! hints = false
//! coaching = true
//! theme = "auto"        # auto (colours unless NO_COLOR is set) or plain
//! lang = "auto"         # auto (from LC_ALL / LC_MESSAGES / LANG), en, zh-CN or zh-TW
//!
//! [coins]
//! n = 20
//! maxq = 4
//! start = "random"      # random, standard
//! ```

use std::io;
use std::path::Path;

use clap::ValueEnum;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

use crate::ai::Level;
use crate::games::GameKind;
use crate::games::coins::CoinRow;
use crate::lang::LangChoice;
use crate::message::Said;
use crate::setup::{First, GameSetup, Start};
use crate::store::{
    FileKind, kept_for_later, line_of, read_file, read_text, rewrite_locked, write_atomic,
};

/// Which colours the game uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, ValueEnum)]
pub enum ThemeChoice {
    /// Colours, unless `NO_COLOR` is set (the terminal library then drops them anyway).
    #[default]
    #[value(alias = "colour", alias = "color")]
    Auto,
    /// No colours: selection and values marked by bold, reverse video and symbols.
    Plain,
}

/// Everything the settings file holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The game the menu starts on.
    pub game: GameKind,
    /// The sizes and start of each game, in the order of [`GameKind::ALL`].
    pub setups: Vec<GameSetup>,
    pub first: First,
    pub level: Level,
    pub hints: bool,
    /// Coaching (the teacher's comments on each move) on or off.
    pub coaching: bool,
    pub theme: ThemeChoice,
    /// The interface's language; `auto` follows LC_ALL / LC_MESSAGES / LANG.
    pub lang: LangChoice,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            game: GameKind::ALL[0],
            setups: GameKind::ALL.iter().map(|&k| GameSetup::new(k)).collect(),
            first: First::You,
            level: Level::Perfect,
            hints: false,
            coaching: true,
            theme: ThemeChoice::Auto,
            lang: LangChoice::Auto,
        }
    }
}

/// A problem with the settings file, for one line of the menu (worded by the interface:
/// `settings.toml line 2, level: …; using its default` in English).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingsError {
    pub line: usize,
    /// The field (`level`, `coins.maxq`), or empty when the file is not TOML at all.
    pub field: String,
    /// What is wrong, worded in the reader's language when it is shown.
    pub message: Said,
    /// How many further fields were broken too.
    pub more: usize,
}

/// The settings as read from the file, and what was wrong with it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Loaded {
    pub settings: Settings,
    pub problem: Option<SettingsError>,
    /// Whether the file exists (a missing file is not a problem).
    pub found: bool,
    /// The problem with `lang`, when it is not the first problem (the command line, which
    /// reads no other setting for every command, warns of it and of a file it cannot read).
    pub lang_problem: Option<SettingsError>,
}

impl Loaded {
    /// What the command line warns of: a file that cannot be read or is not TOML, or a bad
    /// `lang` (the language it speaks in).
    pub fn language_problem(&self) -> Option<&SettingsError> {
        self.problem
            .as_ref()
            .filter(|p| p.field.is_empty() || p.field == "lang")
            .or(self.lang_problem.as_ref())
    }
}

impl Settings {
    /// The setup of `kind` (sizes, start), without a code.
    pub fn setup(&self, kind: GameKind) -> GameSetup {
        self.setups
            .iter()
            .find(|s| s.kind == kind)
            .cloned()
            .unwrap_or_else(|| GameSetup::new(kind))
    }

    /// Reads the file at `path`: a missing file gives the defaults quietly, anything else
    /// wrong gives the defaults for what is broken and says what.
    pub fn load(path: &Path) -> Loaded {
        let kept = kept_for_later(path);
        match read_file(path, FileKind::Settings) {
            Ok(bytes) => {
                let (settings, problem, lang_problem) = match String::from_utf8(bytes) {
                    Ok(text) => Settings::parse_with_lang(&with_kept(text, &kept)),
                    Err(e) => {
                        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
                        let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
                        let problem = SettingsError {
                            line,
                            field: String::new(),
                            message: Said::new("said.settings.not_utf8"),
                            more: 0,
                        };
                        (Settings::default(), Some(problem), None)
                    }
                };
                Loaded {
                    settings,
                    problem,
                    found: true,
                    lang_problem,
                }
            }
            Err(e) if e.is_missing() && kept.is_empty() => Loaded::default(),
            // Only changes kept for later: they are the settings.
            Err(e) if e.is_missing() => {
                let (settings, problem, lang_problem) =
                    Settings::parse_with_lang(&with_kept(String::new(), &kept));
                Loaded {
                    settings,
                    problem,
                    found: false,
                    lang_problem,
                }
            }
            Err(e) => Loaded {
                settings: Settings::default(),
                problem: Some(SettingsError {
                    line: 1,
                    field: String::new(),
                    message: Said::new("said.settings.unreadable").with("error", e),
                    more: 0,
                }),
                found: true,
                lang_problem: None,
            },
        }
    }

    /// Writes the file (atomically), every field: for a new file. The game itself writes
    /// with [`Settings::save_changes`], which keeps what the player wrote.
    pub fn save(&self, path: &Path) -> io::Result<()> {
        write_atomic(path, &self.to_toml())
    }

    /// Writes the fields where `self` differs from `before` into the file at `path`, and
    /// nothing else: under the directory's lock the file is read again and edited in place
    /// (comments, order, unknown keys and the other fields kept). A missing file is written
    /// whole; one that cannot be read or parsed is set aside first and a whole one written.
    /// The changes kept for later beside it ([`Settings::keep_for_later`]) are applied
    /// first, oldest first, and removed once written: this change is the newest.
    pub fn save_changes(&self, path: &Path, before: &Settings) -> io::Result<()> {
        rewrite_locked(path, |kept| {
            let (document, broken) = match read_file(path, FileKind::Settings) {
                Ok(bytes) => {
                    let parsed = String::from_utf8(bytes)
                        .ok()
                        .and_then(|text| text.parse::<toml_edit::DocumentMut>().ok());
                    let broken = parsed.is_none();
                    (parsed, broken)
                }
                Err(e) if e.is_missing() => (None, false),
                // Unreadable (its permissions), too large, a pipe or a device: kept as it is
                // (set aside), beside the new file.
                Err(_) => (None, true),
            };
            let mut document = document.unwrap_or_else(|| generated(self));
            apply_kept(&mut document, kept);
            for (section, key, value) in changed_entries(before, self) {
                set_entry(&mut document, &section, &key, &value);
            }
            (document.to_string(), broken, ())
        })
    }

    /// Keeps the fields where `self` differs from `before` for later, when the directory's
    /// lock could not be had as grundy left (another grundy held it): in a file of their own
    /// beside `path` (`settings.toml.pending-<time>-p<pid>-<n>`, see
    /// [`crate::store::keep_for_later`]). Every read of the settings applies it; the next
    /// change written applies it to the file and removes it.
    pub fn keep_for_later(&self, path: &Path, before: &Settings) -> io::Result<std::path::PathBuf> {
        let mut document = toml_edit::DocumentMut::new();
        for (section, key, value) in changed_entries(before, self) {
            set_entry(&mut document, &section, &key, &value);
        }
        crate::store::keep_for_later(path, &document.to_string())
    }

    /// Parses the text of a settings file: the settings (defaults where a field is missing or
    /// broken) and the first problem.
    pub fn parse(text: &str) -> (Settings, Option<SettingsError>) {
        let (settings, problem, _) = Settings::parse_with_lang(text);
        (settings, problem)
    }

    /// [`Settings::parse`], and the problem with `lang` (if any) apart.
    fn parse_with_lang(text: &str) -> (Settings, Option<SettingsError>, Option<SettingsError>) {
        let mut settings = Settings::default();
        let table = match DeTable::parse(text) {
            Ok(table) => table.into_inner(),
            Err(e) => {
                let line = e.span().map_or(1, |s| line_of(text, s.start));
                // The message quotes the file: its control characters are shown escaped.
                let message = crate::input::excerpt(e.message().trim().as_bytes(), 300);
                let problem = SettingsError {
                    line,
                    field: String::new(),
                    message: Said::new("said.settings.not_toml").with("message", message),
                    more: 0,
                };
                return (settings, Some(problem), None);
            }
        };
        let mut problems: Vec<(usize, String, Said)> = Vec::new();
        let mut reader = Reader {
            text,
            problems: &mut problems,
        };
        for (key, value) in table.iter() {
            let name = key.get_ref().as_ref();
            let line = line_of(text, value.span().start);
            match name {
                "game" => reader.choice(name, value, &mut settings.game),
                "first" => reader.choice(name, value, &mut settings.first),
                "level" => reader.choice(name, value, &mut settings.level),
                "theme" => reader.choice(name, value, &mut settings.theme),
                "lang" => reader.choice(name, value, &mut settings.lang),
                "hints" => reader.flag(name, value, &mut settings.hints),
                "coaching" => reader.flag(name, value, &mut settings.coaching),
                _ => match GameKind::ALL.iter().position(|k| k.name() == name) {
                    Some(i) => match value.get_ref() {
                        DeValue::Table(section) => {
                            reader.section(name, section, &mut settings.setups[i])
                        }
                        _ => reader.problem(
                            line,
                            name,
                            Said::new("said.settings.table").with("name", name),
                        ),
                    },
                    None => reader.problem(
                        line_of(text, key.span().start),
                        name,
                        Said::new("said.settings.no_such"),
                    ),
                },
            }
        }
        let more = problems.len().saturating_sub(1);
        let error = |(line, field, message): &(usize, String, Said)| SettingsError {
            line: *line,
            field: field.clone(),
            message: message.clone(),
            more: 0,
        };
        // The language's own problem, for the command line, which speaks in it.
        let lang = problems
            .iter()
            .find(|(_, field, _)| field == "lang")
            .map(error);
        let problem = problems
            .iter()
            .min_by_key(|(line, _, _)| *line)
            .map(|p| SettingsError { more, ..error(p) });
        (settings, problem, lang)
    }

    /// The file's text: every field, with comments saying what each may be.
    pub fn to_toml(&self) -> String {
        let mut out = String::from(
            "# grundy settings: written by the menu when a setting changes.\n\
             # Missing fields take their defaults; a broken one is reported on the menu.\n",
        );
        let line = |out: &mut String, key: &str, value: String, comment: String| {
            let entry = format!("{key} = {value}");
            out.push_str(&format!("{entry:<21} # {comment}\n"));
        };
        line(
            &mut out,
            "game",
            quoted(self.game),
            format!("the game the menu starts on: {}", names::<GameKind>()),
        );
        line(&mut out, "first", quoted(self.first), names::<First>());
        line(&mut out, "level", quoted(self.level), names::<Level>());
        line(
            &mut out,
            "hints",
            self.hints.to_string(),
            "true or false".into(),
        );
        line(
            &mut out,
            "coaching",
            self.coaching.to_string(),
            "true or false".into(),
        );
        line(
            &mut out,
            "theme",
            quoted(self.theme),
            "auto (colours unless NO_COLOR is set) or plain".into(),
        );
        line(
            &mut out,
            "lang",
            quoted(self.lang),
            "auto (from LC_ALL / LC_MESSAGES / LANG), en, zh-CN or zh-TW".into(),
        );
        for setup in &self.setups {
            out.push_str(&format!("\n[{}]\n", setup.kind.name()));
            for field in size_fields(setup.kind) {
                let (low, high) = field.range();
                line(
                    &mut out,
                    field.key(),
                    field.get(setup).to_string(),
                    format!("{low} to {high}"),
                );
            }
            line(&mut out, "start", quoted(setup.start), names::<Start>());
            if setup.kind == GameKind::Heaps {
                // Which heap game the menu is on, and the subtraction set.
                let names: Vec<&str> = crate::games::catalogue::RULE_STARTS
                    .iter()
                    .map(|e| e.name)
                    .collect();
                line(
                    &mut out,
                    "game",
                    format!(
                        "\"{}\"",
                        crate::games::catalogue::rule_entry(setup.heap_rule).name
                    ),
                    names.join(", "),
                );
                line(
                    &mut out,
                    "subtraction",
                    format!(
                        "\"{}\"",
                        setup
                            .subtraction
                            .iter()
                            .map(u64::to_string)
                            .collect::<Vec<_>>()
                            .join(",")
                    ),
                    "the subtraction set, numbers 1 to 10000 separated by commas".into(),
                );
                line(
                    &mut out,
                    "octal",
                    format!("\"{}\"", setup.octal),
                    "the octal game's code, like 0.137".into(),
                );
            }
        }
        out
    }
}

/// The file grundy would write for `settings`, parsed.
fn generated(settings: &Settings) -> toml_edit::DocumentMut {
    settings
        .to_toml()
        .parse()
        .expect("grundy writes valid TOML")
}

/// The fields where `after` differs from `before`: (section or "" for the top, key, value).
fn changed_entries(before: &Settings, after: &Settings) -> Vec<(String, String, String)> {
    let old = generated(before);
    let new = generated(after);
    entries(&new)
        .into_iter()
        .filter(|(section, key, value)| lookup(&old, section, key).as_ref() != Some(value))
        .map(|(section, key, value)| (section.to_string(), key.to_string(), value))
        .collect()
}

/// The changes kept for later (`kept`, oldest first; see [`Settings::keep_for_later`])
/// applied to `document`, each field over the file's. A kept file that cannot be read or is
/// not TOML changes nothing.
fn apply_kept(document: &mut toml_edit::DocumentMut, kept: &[std::path::PathBuf]) {
    for file in kept {
        let Ok(Some(text)) = read_text(file, FileKind::Settings) else {
            continue;
        };
        let Ok(later) = text.parse::<toml_edit::DocumentMut>() else {
            continue;
        };
        for (section, key, value) in entries(&later) {
            set_entry(document, section, key, &value);
        }
    }
}

/// The settings file's `text` with the changes kept for later applied (unchanged when there
/// are none, or when it is not TOML: its problem is reported as it stands).
fn with_kept(text: String, kept: &[std::path::PathBuf]) -> String {
    if kept.is_empty() {
        return text;
    }
    match text.parse::<toml_edit::DocumentMut>() {
        Ok(mut document) => {
            apply_kept(&mut document, kept);
            document.to_string()
        }
        Err(_) => text,
    }
}

/// Every value of a generated file: (section or "" for the top, key, value without its
/// comments and spaces).
fn entries(document: &toml_edit::DocumentMut) -> Vec<(&str, &str, String)> {
    let mut out = Vec::new();
    for (key, item) in document.iter() {
        match item {
            toml_edit::Item::Value(v) => out.push(("", key, bare(v))),
            toml_edit::Item::Table(table) => {
                for (inner, item) in table.iter() {
                    if let Some(v) = item.as_value() {
                        out.push((key, inner, bare(v)));
                    }
                }
            }
            _ => {}
        }
    }
    out
}

fn lookup(document: &toml_edit::DocumentMut, section: &str, key: &str) -> Option<String> {
    let item = if section.is_empty() {
        document.get(key)
    } else {
        document.get(section)?.as_table()?.get(key)
    };
    item?.as_value().map(bare)
}

/// A value's text without its decoration (spaces, comments).
fn bare(value: &toml_edit::Value) -> String {
    let mut value = value.clone();
    value.decor_mut().clear();
    value.to_string()
}

/// Sets `section.key` to `value` (TOML text) in the player's file: an existing value keeps its
/// place and its comment; a missing one is added (with its section if needed).
fn set_entry(document: &mut toml_edit::DocumentMut, section: &str, key: &str, value: &str) {
    let Ok(mut new) = value.parse::<toml_edit::Value>() else {
        return;
    };
    let table: &mut toml_edit::Table = if section.is_empty() {
        document.as_table_mut()
    } else {
        let root = document.as_table_mut();
        if !root.get(section).is_some_and(toml_edit::Item::is_table) {
            // Missing, or not a table (the player's own broken value): a section of its own.
            root.insert(section, toml_edit::Item::Table(toml_edit::Table::new()));
        }
        match root
            .get_mut(section)
            .and_then(toml_edit::Item::as_table_mut)
        {
            Some(table) => table,
            None => return,
        }
    };
    match table.get_mut(key) {
        Some(toml_edit::Item::Value(old)) => {
            *new.decor_mut() = old.decor().clone();
            *old = new;
        }
        _ => {
            new.decor_mut().set_prefix(" ");
            table.insert(key, toml_edit::Item::Value(new));
        }
    }
}

/// A number of a game's setup.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SizeField {
    Coins,
    Maxq,
    Rows,
    Cols,
    Boxes,
    /// The heap rules' parameters: Bash's m, take l..r, Lieges's k.
    BashM,
    TakeL,
    TakeR,
    LiegesK,
}

/// The numbers of `kind`'s setup that the file keeps.
fn size_fields(kind: GameKind) -> &'static [SizeField] {
    #[allow(unreachable_patterns)] // games added later keep only their start
    match kind {
        GameKind::Coins => &[SizeField::Coins, SizeField::Maxq],
        GameKind::Grid => &[SizeField::Rows, SizeField::Cols],
        GameKind::Dodgeball => &[SizeField::Boxes],
        GameKind::Heaps => &[
            SizeField::BashM,
            SizeField::TakeL,
            SizeField::TakeR,
            SizeField::LiegesK,
        ],
        _ => &[],
    }
}

impl SizeField {
    fn key(self) -> &'static str {
        match self {
            SizeField::Coins => "n",
            SizeField::Maxq => "maxq",
            SizeField::Rows => "rows",
            SizeField::Cols => "cols",
            SizeField::Boxes => "boxes",
            SizeField::BashM => "bash_m",
            SizeField::TakeL => "take_l",
            SizeField::TakeR => "take_r",
            SizeField::LiegesK => "lieges_k",
        }
    }

    fn range(self) -> (usize, usize) {
        match self {
            SizeField::Coins => (1, CoinRow::MAX_N),
            SizeField::Maxq => (1, CoinRow::MAX_MAXQ as usize),
            SizeField::Rows | SizeField::Cols => (1, 100),
            SizeField::Boxes => (1, 1_000_000),
            SizeField::BashM | SizeField::TakeL | SizeField::TakeR => (1, 100),
            SizeField::LiegesK => (1, crate::games::heaps::rules::MAX_LIEGES_K as usize),
        }
    }

    fn get(self, setup: &GameSetup) -> usize {
        match self {
            SizeField::Coins => setup.coins,
            SizeField::Maxq => setup.maxq as usize,
            SizeField::Rows => setup.rows,
            SizeField::Cols => setup.cols,
            SizeField::Boxes => setup.boxes,
            SizeField::BashM => setup.bash_m,
            SizeField::TakeL => setup.take_l,
            SizeField::TakeR => setup.take_r,
            SizeField::LiegesK => setup.lieges_k,
        }
    }

    fn set(self, setup: &mut GameSetup, value: usize) {
        match self {
            SizeField::Coins => setup.coins = value,
            SizeField::Maxq => setup.maxq = value as u32,
            SizeField::Rows => setup.rows = value,
            SizeField::Cols => setup.cols = value,
            SizeField::Boxes => setup.boxes = value,
            SizeField::BashM => setup.bash_m = value,
            SizeField::TakeL => setup.take_l = value,
            SizeField::TakeR => setup.take_r = value,
            SizeField::LiegesK => setup.lieges_k = value,
        }
    }
}

/// Reads fields, collecting problems (line, field, message).
struct Reader<'a> {
    text: &'a str,
    problems: &'a mut Vec<(usize, String, Said)>,
}

impl Reader<'_> {
    /// A problem with `field`: a key of the file, which may hold anything, so it is kept
    /// with its control characters escaped and cut, fit for a terminal.
    fn problem(&mut self, line: usize, field: &str, message: Said) {
        let field = crate::input::excerpt(field.as_bytes(), 60);
        self.problems.push((line, field, message));
    }

    fn line(&self, value: &Spanned<DeValue>) -> usize {
        line_of(self.text, value.span().start)
    }

    fn choice<T: ValueEnum>(&mut self, field: &str, value: &Spanned<DeValue>, into: &mut T) {
        let line = self.line(value);
        match value.get_ref() {
            DeValue::String(s) => match T::from_str(s, false) {
                Ok(v) => *into = v,
                Err(_) => self.problem(
                    line,
                    field,
                    Said::new("said.settings.not_one_of")
                        .with("value", format!("{:?}", s.as_ref()))
                        .with("names", names::<T>()),
                ),
            },
            other => self.problem(
                line,
                field,
                Said::new("said.settings.quoted_name")
                    .with("names", names::<T>())
                    .with_said("found", kind_of(other)),
            ),
        }
    }

    fn flag(&mut self, field: &str, value: &Spanned<DeValue>, into: &mut bool) {
        match value.get_ref() {
            DeValue::Boolean(b) => *into = *b,
            other => {
                let line = self.line(value);
                self.problem(
                    line,
                    field,
                    Said::new("said.settings.true_false").with_said("found", kind_of(other)),
                );
            }
        }
    }

    /// The heap section's texts: the heap game's name, the subtraction set.
    fn heap_text(
        &mut self,
        field: &str,
        key: &str,
        value: &Spanned<DeValue>,
        setup: &mut GameSetup,
    ) {
        let line = self.line(value);
        let DeValue::String(text) = value.get_ref() else {
            self.problem(line, field, Said::new("said.settings.quoted_text"));
            return;
        };
        let text: &str = text.as_ref();
        if key == "game" {
            match crate::games::catalogue::RULE_STARTS
                .iter()
                .position(|e| e.name == text)
            {
                Some(i) => setup.heap_rule = i,
                None => self.problem(
                    line,
                    field,
                    Said::new("said.settings.not_heap_game").with("value", format!("{text:?}")),
                ),
            }
            return;
        }
        if key == "octal" {
            match crate::games::heaps::octal::OctalCode::parse(text) {
                Ok(code) => setup.octal = code.code(),
                Err(e) => self.problem(
                    line,
                    field,
                    Said::new("said.settings.not_octal")
                        .with("value", format!("{text:?}"))
                        .with_said("why", e.message),
                ),
            }
            return;
        }
        let set: Option<Vec<u64>> = text
            .split(',')
            .map(|n| {
                n.trim()
                    .parse::<u64>()
                    .ok()
                    .filter(|n| (1..=10_000).contains(n))
            })
            .collect();
        match set {
            Some(mut set) if !set.is_empty() && set.len() <= 100 => {
                set.sort_unstable();
                set.dedup();
                setup.subtraction = set;
            }
            _ => self.problem(
                line,
                field,
                Said::new("said.settings.not_set").with("value", format!("{text:?}")),
            ),
        }
    }

    fn section(&mut self, name: &str, section: &DeTable, setup: &mut GameSetup) {
        for (key, value) in section.iter() {
            let key_name = key.get_ref().as_ref();
            let field = format!("{name}.{key_name}");
            let line = self.line(value);
            if key_name == "start" {
                self.choice(&field, value, &mut setup.start);
                continue;
            }
            if setup.kind == GameKind::Heaps && matches!(key_name, "game" | "subtraction" | "octal")
            {
                self.heap_text(&field, key_name, value, setup);
                continue;
            }
            let Some(size) = size_fields(setup.kind).iter().find(|f| f.key() == key_name) else {
                let line = line_of(self.text, key.span().start);
                self.problem(line, &field, Said::new("said.settings.no_such"));
                continue;
            };
            let (low, high) = size.range();
            let number = match value.get_ref() {
                DeValue::Integer(i) => {
                    let digits = i.as_str().replace('_', "");
                    i64::from_str_radix(&digits, i.radix()).ok()
                }
                _ => None,
            };
            match number {
                Some(v) if (low as i64..=high as i64).contains(&v) => size.set(setup, v as usize),
                Some(v) => self.problem(
                    line,
                    &field,
                    Said::new("said.settings.out_of_range")
                        .with("value", v)
                        .with("low", low)
                        .with("high", high),
                ),
                None => self.problem(
                    line,
                    &field,
                    Said::new("said.settings.whole_number")
                        .with("low", low)
                        .with("high", high)
                        .with_said("found", kind_of(value.get_ref())),
                ),
            }
        }
    }
}

/// `"name"` of an enum value, as TOML.
fn quoted<T: ValueEnum>(value: T) -> String {
    format!("\"{}\"", name_of(&value))
}

fn name_of<T: ValueEnum>(value: &T) -> String {
    value
        .to_possible_value()
        .map(|v| v.get_name().to_string())
        .unwrap_or_default()
}

/// The names of an enum's values: `easy, medium, hard, perfect`.
fn names<T: ValueEnum>() -> String {
    let names: Vec<String> = T::value_variants().iter().map(name_of).collect();
    names.join(", ")
}

/// What a TOML value is, for "expected …, found …".
fn kind_of(value: &DeValue) -> Said {
    match value {
        DeValue::String(s) => {
            Said::new("said.settings.found.text").with("value", format!("{:?}", s.as_ref()))
        }
        DeValue::Integer(i) => Said::new("said.settings.found.number").with("value", i.as_str()),
        DeValue::Float(f) => Said::new("said.settings.found.number").with("value", f),
        DeValue::Boolean(b) => Said::new("said.settings.found.boolean").with("value", b),
        DeValue::Datetime(_) => Said::new("said.settings.found.date"),
        DeValue::Array(_) => Said::new("said.settings.found.list"),
        DeValue::Table(_) => Said::new("said.settings.found.table"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn changed() -> Settings {
        let mut s = Settings {
            game: GameKind::Grid,
            first: First::Ai,
            level: Level::Medium,
            hints: true,
            coaching: false,
            theme: ThemeChoice::Plain,
            lang: LangChoice::ZhTw,
            ..Settings::default()
        };
        s.setups[0].coins = 123;
        s.setups[0].maxq = 7;
        s.setups[1].rows = 9;
        s.setups[1].cols = 11;
        s.setups[1].start = Start::Standard;
        s.setups[2].boxes = 999_999;
        s.setups[2].start = Start::Random;
        s
    }

    #[test]
    fn round_trip() {
        for settings in [Settings::default(), changed()] {
            let text = settings.to_toml();
            assert_eq!(Settings::parse(&text), (settings, None), "{text}");
        }
    }

    #[test]
    fn missing_fields_take_defaults_quietly() {
        let (s, problem) = Settings::parse("level = \"easy\"\n");
        assert_eq!(problem, None);
        assert_eq!(s.level, Level::Easy);
        assert_eq!(s.first, First::You);
        assert_eq!(Settings::parse(""), (Settings::default(), None));
    }

    #[test]
    fn each_broken_field_is_named_with_its_line_and_the_rest_is_kept() {
        let good = changed();
        let text = good.to_toml();
        let lines: Vec<&str> = text.lines().collect();
        let mut checked = 0;
        for (i, line) in lines.iter().enumerate() {
            let Some((key, _)) = line.split_once(" = ") else {
                continue;
            };
            let key = key.trim();
            for bad in ["\"nonsense\"", "12345678", "[1, 2]"] {
                let mut broken: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
                broken[i] = format!("{key} = {bad}");
                let (settings, problem) = Settings::parse(&broken.join("\n"));
                let problem = problem.unwrap_or_else(|| panic!("{key} = {bad} accepted"));
                assert_eq!(problem.line, i + 1, "{problem:?}");
                assert!(problem.field.ends_with(key), "{problem:?}");
                assert_eq!(problem.more, 0);
                // Every other field is what the file said.
                let mut expected = good.clone();
                let defaults = Settings::default();
                match problem.field.as_str() {
                    "game" => expected.game = defaults.game,
                    "first" => expected.first = defaults.first,
                    "level" => expected.level = defaults.level,
                    "hints" => expected.hints = defaults.hints,
                    "coaching" => expected.coaching = defaults.coaching,
                    "theme" => expected.theme = defaults.theme,
                    "lang" => expected.lang = defaults.lang,
                    _ => {}
                }
                if let Some((section, key)) = problem.field.split_once('.') {
                    let i = GameKind::ALL
                        .iter()
                        .position(|k| k.name() == section)
                        .unwrap();
                    let fresh = GameSetup::new(GameKind::ALL[i]);
                    let setup = &mut expected.setups[i];
                    match size_fields(setup.kind).iter().find(|f| f.key() == key) {
                        Some(field) => field.set(setup, field.get(&fresh)),
                        None => setup.start = fresh.start,
                    }
                }
                assert_eq!(settings, expected, "{key} = {bad}");
                checked += 1;
            }
        }
        assert!(checked >= 3 * 13, "{checked}");
    }

    #[test]
    fn not_toml_at_all_gives_the_defaults_and_the_line() {
        let (s, problem) = Settings::parse("level = \"easy\"\nhints = tru e\n");
        assert_eq!(s, Settings::default());
        let problem = problem.unwrap();
        assert_eq!(problem.line, 2);
        assert_eq!(problem.field, "");
        assert!(
            problem.message.to_string().starts_with("not valid TOML"),
            "{problem:?}"
        );
        let (_, problem) = Settings::parse("levle = \"easy\"\n");
        assert_eq!(
            problem,
            Some(SettingsError {
                line: 1,
                field: "levle".to_string(),
                message: Said::new("said.settings.no_such"),
                more: 0
            })
        );
    }

    #[test]
    fn a_missing_file_is_no_problem_and_a_broken_one_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.toml");
        assert_eq!(Settings::load(&path), Loaded::default());
        fs::write(&path, "level = 3\n").unwrap();
        let loaded = Settings::load(&path);
        assert!(loaded.found);
        assert_eq!(loaded.problem.unwrap().field, "level");
        assert_eq!(fs::read_to_string(&path).unwrap(), "level = 3\n");
        fs::write(&path, b"level = \"\xff\"\n").unwrap();
        assert!(
            Settings::load(&path)
                .problem
                .unwrap()
                .message
                .to_string()
                .contains("UTF-8")
        );
        changed().save(&path).unwrap();
        assert_eq!(Settings::load(&path).settings, changed());
    }

    #[test]
    fn a_change_edits_only_its_field_keeping_comments_and_unknown_keys() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.toml");
        let text = "# my settings\nlevel = \"easy\"   # easy for now\nfavourite = 7\n\n\
                    [coins]\nn = 99 # long rows\nmaxq = \"bad\"\n";
        fs::write(&path, text).unwrap();
        let before = Settings::load(&path).settings;
        let mut after = before.clone();
        after.level = Level::Hard;
        after.setups[0].coins = 30;
        after.save_changes(&path, &before).unwrap();
        let written = fs::read_to_string(&path).unwrap();
        assert_eq!(
            written,
            "# my settings\nlevel = \"hard\"   # easy for now\nfavourite = 7\n\n\
             [coins]\nn = 30 # long rows\nmaxq = \"bad\"\n"
        );
        assert!(crate::store::set_aside_files(&path).is_empty());
        // A field not in the file is added, in its section.
        let before = Settings::load(&path).settings;
        let mut after = before.clone();
        after.hints = true;
        after.setups[1].rows = 9;
        after.save_changes(&path, &before).unwrap();
        let written = fs::read_to_string(&path).unwrap();
        assert!(
            written.starts_with("# my settings\nlevel = \"hard\""),
            "{written}"
        );
        let loaded = Settings::load(&path).settings;
        assert!(loaded.hints);
        assert_eq!(loaded.setups[1].rows, 9);
        assert_eq!(loaded.setups[0].coins, 30);
    }

    #[test]
    fn two_writers_keep_each_others_change() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.toml");
        let start = Settings::default();
        start.save(&path).unwrap();
        let mut one = start.clone();
        one.level = Level::Easy;
        let mut two = start.clone();
        two.hints = true;
        one.save_changes(&path, &start).unwrap();
        two.save_changes(&path, &start).unwrap();
        let loaded = Settings::load(&path).settings;
        assert_eq!((loaded.level, loaded.hints), (Level::Easy, true));
    }

    #[test]
    fn a_file_that_is_not_toml_is_set_aside_never_written_over() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.toml");
        let nested = format!("a = {}{}\n", "[".repeat(5000), "]".repeat(5000));
        let broken: [&[u8]; 4] = [
            b"level = \"easy\"\nhints = tru e\n",
            b"level = \"\xff\"\n",
            b"\x00\x01\x02\x7fELF",
            nested.as_bytes(),
        ];
        for (i, bytes) in broken.iter().enumerate() {
            fs::write(&path, bytes).unwrap();
            let before = Settings::load(&path);
            assert!(before.problem.is_some(), "{i}");
            let mut after = before.settings.clone();
            after.level = Level::Medium;
            after.save_changes(&path, &before.settings).unwrap();
            assert_eq!(Settings::load(&path).settings.level, Level::Medium);
            let aside = crate::store::set_aside_files(&path);
            assert_eq!(aside.len(), i + 1, "every earlier set-aside is kept");
            let kept: Vec<Vec<u8>> = aside.iter().map(|p| fs::read(p).unwrap()).collect();
            assert!(kept.contains(&bytes.to_vec()), "{i}");
        }
    }

    /// Issue 30: a change that met another grundy's lock as grundy left is kept beside the
    /// file, read by the next start, and written (then removed) by the next change, which
    /// wins where both set a field.
    #[test]
    fn a_change_kept_for_later_is_read_and_then_written() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.toml");
        fs::write(&path, "# mine\nlevel = \"easy\"\n").unwrap();
        let before = Settings::load(&path).settings;
        let mut after = before.clone();
        after.hints = true;
        after.level = Level::Hard;
        after.setups[0].coins = 33;
        after.keep_for_later(&path, &before).unwrap();
        assert_eq!(
            fs::read_to_string(&path).unwrap(),
            "# mine\nlevel = \"easy\"\n"
        );
        assert_eq!(crate::store::kept_for_later(&path).len(), 1);
        let loaded = Settings::load(&path);
        assert_eq!(loaded.problem, None);
        assert_eq!(
            loaded.settings, after,
            "the next start reads the kept change"
        );

        // Another grundy's change, written later: applied over the kept one.
        let mut other = loaded.settings.clone();
        other.level = Level::Medium;
        other.save_changes(&path, &loaded.settings).unwrap();
        assert!(crate::store::kept_for_later(&path).is_empty());
        let written = fs::read_to_string(&path).unwrap();
        assert!(written.starts_with("# mine\n"), "{written}");
        let loaded = Settings::load(&path).settings;
        assert_eq!(
            (loaded.level, loaded.hints, loaded.setups[0].coins),
            (Level::Medium, true, 33)
        );

        // With no file at all: the kept change is the settings, and is written with the next.
        let path = dir.path().join("new/settings.toml");
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        let first = Settings {
            theme: ThemeChoice::Plain,
            ..Settings::default()
        };
        first.keep_for_later(&path, &Settings::default()).unwrap();
        let loaded = Settings::load(&path);
        assert!(!loaded.found);
        assert_eq!(loaded.settings, first);
        let next = Settings {
            hints: true,
            ..Settings::default()
        };
        next.save_changes(&path, &Settings::default()).unwrap();
        let loaded = Settings::load(&path).settings;
        assert_eq!((loaded.theme, loaded.hints), (ThemeChoice::Plain, true));
        assert!(crate::store::kept_for_later(&path).is_empty());
    }
}
