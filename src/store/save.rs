//! Saved games: a small text format a person can read and edit, read by `grundy play --load`
//! and `grundy analyze --load`, written by `s` in a game and, for the game left unfinished,
//! by quitting (a file of its own in `unfinished/`, which the menu offers to resume).
//!
//! ```text
//! # grundy saved game: the settings, then the moves one a line, then `end`.
//! grundy save 1
//! name 2026-11-23 14-05
//! start coins:4:HTTHTTTTHTTTHTHH
//! first you
//! level perfect
//! seed 1234
//! hints off
//! moves 2
//! 12 6 3
//! 16 8
//! end
//! ```
//!
//! The first line that is not blank or a `#` comment is `grundy save 1` (the format's
//! version). Then one setting a line in any order: `start` (the start position's code,
//! required), `first` (you or ai), `level` (easy, medium, hard, perfect), `seed` (the game's
//! seed: the AI's choices), optional `name`, `hints` (on or off) and `counted yes` (the game
//! already ended once and is in the statistics: it was undone or retried); then `moves N` and the N
//! moves in the game's move notation (`Notation::move_code`: the coin row lists the coins a
//! move turns, the coin grid the block's cells `row,col` with the anchor first, dodgeball
//! `from->to`), the players taking turns from `first`; then `end`. A save cut short has no
//! `end` and is refused, so a truncated file is never read as a shorter game. Every error
//! names its line.
//!
//! A game of a rules file has one more line, `rules example FILE` (a shipped example, by its
//! file name) or `rules file PATH` (the script's absolute path); its `start` and its moves are
//! then positions written as the script's literals (`[3, 4]`), each the position a move
//! reached, and are checked against the script when the game is resumed
//! (`crate::rules::examples::load_saved`, `crate::rules::literal::saved_position`).

use std::fmt;
use std::path::Path;

use clap::ValueEnum;

use crate::ai::Level;
use crate::game::Notation;
use crate::games::{AnyPosition, with_position};
use crate::message::Said;
use crate::setup::First;
use crate::store::{FileKind, MAX_SAVE_BYTES, read_within, write_atomic};

/// The first line of every save, with the format's version.
const MAGIC: &str = "grundy save";
const VERSION: u32 = 1;

/// The rules file a saved game is played by, when it is not a built-in game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SavedRules {
    /// A shipped example (`assets/rules/`), by its file name.
    Example(String),
    /// A script on disk, by its absolute path.
    File(std::path::PathBuf),
}

impl SavedRules {
    /// The script at `path`, found again from anywhere (its absolute path); `None` when the
    /// path cannot be made absolute.
    pub fn of_path(path: &Path) -> Option<SavedRules> {
        std::fs::canonicalize(path)
            .or_else(|_| std::path::absolute(path))
            .ok()
            .map(SavedRules::File)
    }

    /// The value of the `rules` line.
    fn text(&self) -> String {
        match self {
            SavedRules::Example(name) => format!("example {name}"),
            SavedRules::File(path) => format!("file {}", path.display()),
        }
    }

    /// Reads the value of a `rules` line.
    fn parse(value: &str) -> Option<SavedRules> {
        let (kind, rest) = value.split_once(' ')?;
        let rest = rest.trim();
        match kind {
            // Whether the example is shipped, and the file there, is for the game to say
            // when it is resumed.
            "example" if !rest.is_empty() => Some(SavedRules::Example(rest.to_string())),
            "file" if std::path::Path::new(rest).is_absolute() => {
                Some(SavedRules::File(rest.into()))
            }
            _ => None,
        }
    }
}

/// A move of a saved game: its text in the game's move notation and its line in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedMove {
    pub line: usize,
    pub code: String,
}

/// A saved game, as read from its text (the moves not yet played over the board: see
/// [`replay`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Save {
    pub name: String,
    /// The start position's code.
    pub start: String,
    pub first: First,
    pub level: Level,
    pub seed: u64,
    pub hints: bool,
    /// The game already ended once and was counted in the statistics (it was then undone or
    /// retried): finishing it again must not count it twice. Written `counted yes`.
    pub counted: bool,
    pub moves: Vec<SavedMove>,
    /// The line of `start`, for errors about the start position.
    pub start_line: usize,
    /// The rules file of a rules-file game (`start` and the moves are then its positions).
    pub rules: Option<SavedRules>,
}

/// What is wrong with a save, and on which line: a [`Said`] value the interface words in the
/// reader's language (`Display` is the English).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveError {
    pub line: usize,
    pub message: Said,
}

impl SaveError {
    /// The error with its line, as one sentence to word.
    pub fn said(&self) -> Said {
        Said::new("said.save.at_line")
            .with("line", self.line)
            .with_said("error", self.message.clone())
    }

    /// The error with the file and the line, as one sentence to word.
    pub fn in_file(&self, path: &Path) -> Said {
        Said::new("said.file.at_path")
            .with(
                "path",
                crate::input::escape_controls(&path.display().to_string()),
            )
            .with_said("error", self.said())
    }
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.said())
    }
}

impl std::error::Error for SaveError {}

/// An error at `line`. It may quote the file (a move's reasons quote the move), which may
/// hold anything: every value it quotes is made fit for a terminal.
fn error(line: usize, message: Said) -> SaveError {
    SaveError {
        line,
        message: message.escaped(100),
    }
}

/// A piece of the file quoted in an error. The file may hold anything: its control characters
/// are shown escaped (`\x1b`), never sent to the terminal, and a long quote is cut.
fn quoted(text: &str) -> String {
    crate::input::excerpt(text.as_bytes(), 60)
}

impl Save {
    /// A save of a game from `start` with `moves` (move codes, oldest first).
    pub fn new(
        name: &str,
        start: String,
        first: First,
        level: Level,
        seed: u64,
        hints: bool,
        moves: Vec<String>,
    ) -> Save {
        Save {
            name: name.lines().next().unwrap_or_default().trim().to_string(),
            start,
            first,
            level,
            seed,
            hints,
            counted: false,
            moves: moves
                .into_iter()
                .map(|code| SavedMove { line: 0, code })
                .collect(),
            start_line: 0,
            rules: None,
        }
    }

    /// The save's text, in the format of the module documentation.
    pub fn to_text(&self) -> String {
        let mut text = String::with_capacity(self.start.len() + 64 * (self.moves.len() + 8));
        text.push_str(
            "# grundy saved game: the settings, then the moves one a line, then `end`.\n\
             # grundy play --load FILE resumes it; grundy analyze --load FILE explains it.\n",
        );
        text.push_str(&format!("{MAGIC} {VERSION}\n"));
        if !self.name.is_empty() {
            text.push_str(&format!("name {}\n", self.name));
        }
        if let Some(rules) = &self.rules {
            text.push_str(&format!("rules {}\n", rules.text()));
        }
        text.push_str(&format!("start {}\n", self.start));
        text.push_str(&format!("first {}\n", name_of(&self.first)));
        text.push_str(&format!("level {}\n", self.level.name()));
        text.push_str(&format!("seed {}\n", self.seed));
        text.push_str(&format!(
            "hints {}\n",
            if self.hints { "on" } else { "off" }
        ));
        if self.counted {
            text.push_str("counted yes\n");
        }
        text.push_str(&format!("moves {}\n", self.moves.len()));
        for mv in &self.moves {
            text.push_str(&mv.code);
            text.push('\n');
        }
        text.push_str("end\n");
        text
    }

    /// Writes the save to `path` atomically.
    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        write_atomic(path, &self.to_text())
    }

    /// Reads and parses the file at `path`; the error names the file and the line. Only a
    /// regular file of at most [`MAX_SAVE_BYTES`] is read (not a pipe, not `/dev/zero`).
    pub fn read(path: &Path) -> Result<Save, Said> {
        let bytes = read_within(path, FileKind::Save, MAX_SAVE_BYTES).map_err(|e| e.said())?;
        Save::parse(&bytes).map_err(|e| e.in_file(path))
    }

    /// Parses a save's bytes. Checks the format and the start code; the moves are checked
    /// against the board by [`replay`].
    pub fn parse(bytes: &[u8]) -> Result<Save, SaveError> {
        let text = std::str::from_utf8(bytes).map_err(|e| {
            let line = bytes[..e.valid_up_to()]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
                + 1;
            error(line, Said::new("said.save.not_utf8"))
        })?;
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut lines = text
            .split('\n')
            .enumerate()
            .map(|(i, l)| (i + 1, l.strip_suffix('\r').unwrap_or(l)))
            .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
        // Errors about a file that ends too soon point at its last line with text.
        let last_line = text.trim_end().split('\n').count();
        let cut_short = |when: Said| {
            error(
                last_line,
                Said::new("said.save.cut_short").with_said("when", when),
            )
        };

        let (line, first) = lines.next().ok_or_else(|| {
            error(
                1,
                Said::new("said.save.empty").with("magic", format!("{MAGIC} {VERSION}")),
            )
        })?;
        match first.trim().strip_prefix(MAGIC).map(str::trim) {
            Some(v) if v == VERSION.to_string() => {}
            Some(v) if v.parse::<u32>().is_ok_and(|v| v > VERSION) => {
                return Err(error(
                    line,
                    Said::new("said.save.newer")
                        .with("found", v)
                        .with("version", VERSION),
                ));
            }
            _ => {
                return Err(error(
                    line,
                    Said::new("said.save.not_a_save").with("magic", format!("{MAGIC} {VERSION}")),
                ));
            }
        }

        let mut name = None;
        let mut start: Option<(usize, String)> = None;
        let mut first_player = None;
        let mut level = None;
        let mut seed = None;
        let mut hints = None;
        let mut counted = None;
        let mut rules: Option<SavedRules> = None;
        let count = loop {
            let Some((line, text)) = lines.next() else {
                return Err(cut_short(Said::new("said.save.before_moves")));
            };
            let (key, value) = text.trim().split_once(' ').unwrap_or((text.trim(), ""));
            let value = value.trim();
            let duplicate = |seen: bool| -> Result<(), SaveError> {
                if seen {
                    Err(error(
                        line,
                        Said::new("said.save.twice").with("key", quoted(key)),
                    ))
                } else {
                    Ok(())
                }
            };
            match key {
                "name" => {
                    duplicate(name.is_some())?;
                    name = Some(value.to_string());
                }
                "start" => {
                    duplicate(start.is_some())?;
                    // Checked after the settings: a rules file's start is its own literal.
                    start = Some((line, value.to_string()));
                }
                "rules" => {
                    duplicate(rules.is_some())?;
                    rules = Some(SavedRules::parse(value).ok_or_else(|| {
                        error(
                            line,
                            Said::new("said.save.rules").with("value", quoted(value)),
                        )
                    })?);
                }
                "first" => {
                    duplicate(first_player.is_some())?;
                    first_player = Some(choice::<First>(line, key, value)?);
                }
                "level" => {
                    duplicate(level.is_some())?;
                    level = Some(choice::<Level>(line, key, value)?);
                }
                "seed" => {
                    duplicate(seed.is_some())?;
                    seed = Some(value.parse::<u64>().map_err(|_| {
                        error(
                            line,
                            Said::new("said.save.seed").with("value", quoted(value)),
                        )
                    })?);
                }
                "hints" => {
                    duplicate(hints.is_some())?;
                    hints = Some(match value {
                        "on" => true,
                        "off" => false,
                        _ => {
                            return Err(error(
                                line,
                                Said::new("said.save.hints").with("value", quoted(value)),
                            ));
                        }
                    });
                }
                "counted" => {
                    duplicate(counted.is_some())?;
                    counted = Some(match value {
                        "yes" => true,
                        "no" => false,
                        _ => {
                            return Err(error(
                                line,
                                Said::new("said.save.counted").with("value", quoted(value)),
                            ));
                        }
                    });
                }
                "moves" => {
                    break value.parse::<usize>().map_err(|_| {
                        error(
                            line,
                            Said::new("said.save.moves").with("value", quoted(value)),
                        )
                    })?;
                }
                _ => {
                    let shown: String = text.chars().take(30).collect();
                    return Err(error(
                        line,
                        Said::new("said.save.unknown_line").with("text", quoted(&shown)),
                    ));
                }
            }
        };
        let moves_line = last_seen(text, count);
        let missing = |what: &str| {
            error(
                moves_line,
                Said::new("said.save.missing").with("what", what),
            )
        };
        let (start_line, start) = start.ok_or_else(|| missing("start"))?;
        // A rules file's positions are the script's to check, when it is resumed.
        if rules.is_none() {
            AnyPosition::from_code(&start).map_err(|e| {
                error(
                    start_line,
                    Said::new("said.save.start").with_said("error", e.said()),
                )
            })?;
        }
        let first = first_player.ok_or_else(|| missing("first"))?;
        let level = level.ok_or_else(|| missing("level"))?;
        let seed = seed.ok_or_else(|| missing("seed"))?;

        let mut moves: Vec<SavedMove> = Vec::new();
        loop {
            let Some((line, text)) = lines.next() else {
                return Err(cut_short(if moves.len() == count {
                    Said::new("said.save.after_all").with("count", count)
                } else {
                    Said::new("said.save.after_some")
                        .with("done", moves.len())
                        .with("count", count)
                }));
            };
            let text = text.trim();
            if text == "end" {
                if moves.len() != count {
                    return Err(error(
                        line,
                        Said::new("said.save.end_early")
                            .with("done", moves.len())
                            .with("count", count),
                    ));
                }
                break;
            }
            if moves.len() == count {
                return Err(error(
                    line,
                    Said::new("said.save.expected_end")
                        .with("count", count)
                        .with("text", quoted(text)),
                ));
            }
            moves.push(SavedMove {
                line,
                code: text.to_string(),
            });
        }
        if let Some((line, text)) = lines.next() {
            let shown: String = text.chars().take(30).collect();
            return Err(error(
                line,
                Said::new("said.save.after_end").with("text", quoted(&shown)),
            ));
        }
        Ok(Save {
            name: name.unwrap_or_default(),
            start,
            first,
            level,
            seed,
            hints: hints.unwrap_or(false),
            counted: counted.unwrap_or(false),
            moves,
            start_line,
            rules,
        })
    }

    /// The start position, parsed (checked when the save was read). A rules file's game has
    /// none of the built-in games' positions: it is played again by its script.
    pub fn start_position(&self) -> Result<AnyPosition, SaveError> {
        if self.rules.is_some() {
            return Err(error(self.start_line, Said::new("said.save.rules_game")));
        }
        AnyPosition::from_code(&self.start).map_err(|e| {
            error(
                self.start_line,
                Said::new("said.save.start").with_said("error", e.said()),
            )
        })
    }

    /// The position after every move, each checked; the error names the move's line.
    pub fn final_position(&self) -> Result<AnyPosition, SaveError> {
        let start = self.start_position()?;
        let code = with_position!(start, p => replay(&p, &self.moves)?.0.to_code());
        AnyPosition::from_code(&code).map_err(|e| error(self.start_line, e.said()))
    }
}

/// Plays `moves` from `start`, reading each with `Notation::parse_move` and checking it:
/// the position after them and the moves. An unreadable or illegal move is an error naming
/// its line.
pub fn replay<P: Notation>(start: &P, moves: &[SavedMove]) -> Result<(P, Vec<P::Move>), SaveError> {
    let mut position = start.clone();
    let mut played = Vec::with_capacity(moves.len());
    for (i, saved) in moves.iter().enumerate() {
        let number = i + 1;
        let mv = position.parse_move(&saved.code).map_err(|e| {
            error(
                saved.line,
                Said::new("said.save.move_unreadable")
                    .with("number", number)
                    .with("code", quoted(&saved.code))
                    .with_said("error", e.0),
            )
        })?;
        position = position.play(mv.clone()).map_err(|e| {
            error(
                saved.line,
                Said::new("said.save.move_illegal")
                    .with("number", number)
                    .with("code", quoted(&saved.code))
                    .with_said("error", e.reason.0),
            )
        })?;
        played.push(mv);
    }
    Ok((position, played))
}

/// The line `moves N` is on (for errors about the settings before it).
fn last_seen(text: &str, count: usize) -> usize {
    let wanted = format!("moves {count}");
    text.split('\n')
        .position(|l| l.trim() == wanted)
        .map_or(1, |i| i + 1)
}

fn choice<T: ValueEnum>(line: usize, key: &str, value: &str) -> Result<T, SaveError> {
    T::from_str(value, false).map_err(|_| {
        let names: Vec<String> = T::value_variants()
            .iter()
            .map(|v| format!("`{}`", name_of(v)))
            .collect();
        error(
            line,
            Said::new("said.save.not_one_of")
                .with("key", key)
                .with("value", quoted(value))
                .with("names", names.join(", ")),
        )
    })
}

fn name_of<T: ValueEnum>(value: &T) -> String {
    value
        .to_possible_value()
        .map(|v| v.get_name().to_string())
        .unwrap_or_default()
}

/// A file name for a save called `name`: letters, digits, blanks, `-`, `_` and `.` kept, any
/// other character replaced by `-`; never hidden. `None` for a name without a letter or a
/// digit (`.`, `..`, `--`), which would name no file or the same one as another.
pub fn file_name(name: &str) -> Option<String> {
    if !name.chars().any(char::is_alphanumeric) {
        return None;
    }
    let clean: String = name
        .trim()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, ' ' | '-' | '_' | '.') {
                c
            } else {
                '-'
            }
        })
        .collect();
    let clean = clean.trim_start_matches('.').trim().to_string();
    Some(format!("{clean}.{}", crate::store::SAVE_EXTENSION))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Position;
    use crate::games::coins::CoinRow;

    fn sample() -> Save {
        let start = CoinRow::from_code("coins:4:HTTHTTTTHTTTHTHH").unwrap();
        let mut position = start.clone();
        let mut codes = Vec::new();
        for _ in 0..4 {
            let mv = position.legal_moves().into_iter().last().unwrap();
            codes.push(position.move_code(&mv));
            position = position.play_unchecked(&mv);
        }
        Save::new(
            "a game",
            start.to_code(),
            First::Ai,
            Level::Hard,
            77,
            true,
            codes,
        )
    }

    #[test]
    fn written_and_read_back() {
        let save = sample();
        let text = save.to_text();
        let read = Save::parse(text.as_bytes()).unwrap();
        assert_eq!(read.to_text(), text);
        assert_eq!(read.name, "a game");
        assert_eq!(
            (read.first, read.level, read.seed, read.hints),
            (First::Ai, Level::Hard, 77, true)
        );
        assert_eq!(read.moves.len(), 4);
        assert_eq!(read.moves[0].line, 11);
        read.final_position().unwrap();
    }

    #[test]
    fn a_counted_game_says_so_and_reads_back() {
        let mut save = sample();
        assert!(
            !save.to_text().contains("counted"),
            "only written when true"
        );
        save.counted = true;
        let text = save.to_text();
        assert!(text.contains("\ncounted yes\nmoves 4\n"), "{text}");
        assert!(Save::parse(text.as_bytes()).unwrap().counted);
        let e = Save::parse(text.replace("counted yes", "counted maybe").as_bytes()).unwrap_err();
        assert!(
            e.message.to_string().contains("counted is yes or no"),
            "{e}"
        );
    }

    #[test]
    fn every_cut_is_an_error_naming_a_line() {
        let text = sample().to_text();
        let bytes = text.as_bytes();
        let lines = text.lines().count();
        for cut in 0..bytes.len() - 1 {
            let e = Save::parse(&bytes[..cut]).expect_err(&format!("cut at {cut} accepted"));
            assert!((1..=lines).contains(&e.line), "cut {cut}: {e}");
            assert!(!e.message.to_string().is_empty());
        }
        // Only the final line break may go.
        assert!(Save::parse(&bytes[..bytes.len() - 1]).is_ok());
    }

    #[test]
    fn hand_edits_are_errors_naming_their_line() {
        let text = sample().to_text();
        let edit = |from: &str, to: &str| {
            let edited = text.replacen(from, to, 1);
            assert_ne!(edited, text, "{from}");
            match Save::parse(edited.as_bytes()) {
                Ok(save) => save.final_position().map(|_| ()).unwrap_err(),
                Err(e) => e,
            }
        };
        assert_eq!(edit("level hard", "level godlike").line, 7);
        assert!(
            edit("level hard", "level godlike")
                .message
                .to_string()
                .contains("`easy`, `medium`, `hard`, `perfect`")
        );
        assert_eq!(edit("seed 77", "seed -1").line, 8);
        assert_eq!(edit("first ai", "first me").line, 6);
        assert_eq!(edit("hints on", "hints maybe").line, 9);
        assert_eq!(edit("start coins:4:", "start coins:44:").line, 5);
        assert_eq!(edit("moves 4", "moves 5").line, 15);
        assert_eq!(edit("moves 4", "moves 3").line, 14);
        assert_eq!(edit("moves 4", "moves x").line, 10);
        assert_eq!(
            edit("grundy save 1", "grundy save 2").message.to_string(),
            "format version 2 is newer than this grundy reads (1)"
        );
        assert_eq!(edit("end\n", "end\nmore\n").line, 16);
        assert_eq!(edit("seed 77\n", "").line, 9);
        assert!(
            edit("seed 77\n", "")
                .message
                .to_string()
                .contains("no `seed` line")
        );
        assert_eq!(edit("name a game", "colour blue").line, 4);
        // A move changed: its line and what is wrong with it.
        let first_move = text.lines().nth(10).unwrap();
        let e = edit(&format!("\n{first_move}\n"), "\n2 x\n");
        assert_eq!(e.line, 11, "{e}");
        assert!(
            e.message
                .to_string()
                .starts_with("move 1 `2 x` cannot be read"),
            "{e}"
        );
        let e = edit(&format!("\n{first_move}\n"), "\n4 2\n");
        assert_eq!(e.line, 11, "{e}");
        assert!(e.message.to_string().contains("not legal here"), "{e}");
        // Comments, blank lines and Windows line ends are fine.
        let relaxed = text
            .replace('\n', "\r\n")
            .replace("moves 4", "\n# four\nmoves 4");
        assert_eq!(Save::parse(relaxed.as_bytes()).unwrap().moves.len(), 4);
        assert_eq!(Save::parse(b"").unwrap_err().line, 1);
        assert_eq!(Save::parse(b"\xff").unwrap_err().line, 1);
    }

    #[test]
    fn file_names_are_tame() {
        let name = |n: &str| file_name(n).unwrap();
        assert_eq!(name("2026-11-23 14-05"), "2026-11-23 14-05.grundy");
        assert_eq!(name("../etc/passwd"), "-etc-passwd.grundy");
        assert_eq!(name(".hidden"), "hidden.grundy");
        for nameless in ["  ", ".", "..", "--", "./.."] {
            assert_eq!(file_name(nameless), None, "{nameless:?}");
        }
    }
}
