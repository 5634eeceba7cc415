//! The command line: `solve` answers the contest formats, `move`, `analyze` and `sg` work on
//! position codes, `play` (and no command at all) opens the terminal game.
//!
//! Exit codes: 0 success, 1 no legal move (`move` on a finished game) or a lost terminal, 2 bad
//! input or usage, 128 + n after signal n.

use crate::lang::Lang;
use std::io::{self, Read, Write};
use std::process::ExitCode;

use rand::SeedableRng;

use crate::ai::{self, Level};
use crate::game::{Impartial, Notation};
use crate::games::{AnyPosition, with_position};
use crate::input::{escape_controls, excerpt};
use crate::locale::{Words, counted, lang, shorten_code};
use crate::setup::ReplayRng;
use crate::solver::SolutionCache;
use crate::store::Store;
use crate::store::drills::Drills;
use crate::store::settings::Settings;
use crate::store::stats::Stats;
use crate::tr;
use crate::tui::text;

mod analyze;
mod args;
mod help;
mod judge;
mod learn;
pub mod picture;
mod play;
mod puzzles;
pub mod rules;
mod sg;
mod solve;
use crate::locale::why;

use analyze::{analyze, principal_line};
use args::parse_command_line;
pub use args::{Cli, Command, PlayArgs, SgArgs, SgTable};
use play::{play, read_save};
use sg::sg_table;

/// Runs the command line and returns the process's exit code.
pub fn main() -> ExitCode {
    // A file size limit (`ulimit -f`) makes a save fail with an error, not kill the game.
    crate::tui::events::ignore_file_size_signal();
    let cli = match parse_command_line() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    match run(cli) {
        Ok(code) => code,
        Err(Failure::Input(message)) => {
            report(&tr!("cli.error", message = message));
            ExitCode::from(2)
        }
        Err(Failure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Io(e)) => {
            report(&tr!("cli.error", message = e));
            ExitCode::from(1)
        }
        Err(Failure::Other(e)) => {
            report(&tr!("cli.error", message = format!("{e:#}")));
            ExitCode::from(1)
        }
        Err(Failure::Compile(message)) => {
            report(&message);
            ExitCode::from(1)
        }
    }
}

/// Writes `grundy: message` to standard error, ignoring failure: after a hang-up the terminal
/// may be gone, and `eprintln!` would panic on that.
fn report(message: &str) {
    let _ = writeln!(io::stderr(), "grundy: {message}");
}

/// Why a command failed.
#[derive(Debug)]
pub enum Failure {
    /// Bad input: exit code 2.
    Input(String),
    Io(io::Error),
    Other(anyhow::Error),
    /// A program to judge that does not compile: exit code 1 (the student's failure, not a
    /// bad command line).
    Compile(String),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Io(e)
    }
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<ExitCode, Failure> {
    // `solve` prints the contest's format, and words only in its errors: its start stays free
    // of the settings file, and its language is `--lang` or the environment's.
    // On a terminal whose charset is not UTF-8 it speaks English, and says nothing of it: a
    // judge's script reads its standard error too.
    let lang = if matches!(cli.command, Some(Command::Solve { .. })) {
        match cli.lang.unwrap_or_else(Lang::from_env) {
            Lang::En => Lang::En,
            _ if crate::lang::non_utf8_charset(|var| std::env::var(var).ok()).is_some() => Lang::En,
            chinese => chinese,
        }
    } else {
        in_terminal_charset(chosen_lang(cli.lang))
    };
    crate::locale::set_lang(lang);
    match cli.command {
        // The game holds no lock on standard output while it runs (the signal thread writes
        // there to give the terminal back), and leaves nothing to flush: after a hang-up a
        // flush would fail on the closed terminal and turn exit 129 into 1.
        None => play(PlayArgs::default_menu()),
        Some(Command::Play(args)) => play(args),
        Some(Command::Learn {
            lesson,
            list: false,
        }) => learn::open(lesson),
        Some(command) => run_command(command),
    }
}

/// The language of this run: `--lang`, else the settings' `lang`, else the environment's.
/// A settings file that cannot be read, or a bad `lang` in it, is warned of on standard error
/// (in the language chosen all the same), as the menu tells of a bad setting.
fn chosen_lang(flag: Option<Lang>) -> Lang {
    match flag {
        Some(lang) => lang,
        None => {
            let loaded = settings_of(&Store::from_env());
            let lang = loaded.settings.lang.resolve(Lang::from_env);
            if let Some(problem) = loaded.language_problem() {
                crate::locale::set_lang(lang);
                // Not `eprintln!`, which panics when standard error is closed.
                let _ = writeln!(
                    io::stderr(),
                    "{}",
                    tr!("cli.warning", message = problem.words())
                );
            }
            lang
        }
    }
}

/// `lang`, or English where the terminal's charset is not UTF-8: Chinese is written as UTF-8,
/// and on a terminal in another charset it would show garbled (said once, in English).
fn in_terminal_charset(lang: Lang) -> Lang {
    if lang != Lang::En
        && let Some(charset) = crate::lang::non_utf8_charset(|var| std::env::var(var).ok())
    {
        crate::locale::set_lang(Lang::En);
        report(&tr!("cli.not_utf8", charset = charset));
        return Lang::En;
    }
    lang
}

/// The settings in `store`'s config directory (the defaults where there is none).
fn settings_of(store: &Store) -> crate::store::settings::Loaded {
    store
        .settings_path()
        .map(|path| Settings::load(&path))
        .unwrap_or_default()
}

/// Runs a command other than the game, its output on standard output.
fn run_command(command: Command) -> Result<ExitCode, Failure> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let code = match command {
        Command::Play(args) => play(args),
        Command::Solve { name, format } => solve::solve(&name, format.as_deref(), &mut out),
        Command::Judge(args) => judge::judge(*args, &mut out),
        Command::Move {
            code,
            rules: Some(path),
            side,
            seed,
            ..
        } => {
            let code = code.map(code_text).transpose()?;
            rules::ai_move(&path, code.as_deref(), side, seed, &mut out)
        }
        Command::Move {
            code, level, seed, ..
        } => {
            let code = code.ok_or_else(|| Failure::Input(tr!("cli.error_needs_code").into()))?;
            let position = parse_code(&code_text(code)?)?;
            with_position!(position, p => ai_move(&p, level, seed, &mut out))
        }
        Command::Analyze {
            code,
            rules: Some(path),
            side,
            moves,
            ..
        } => {
            let code = code.map(code_text).transpose()?;
            rules::analyze(&path, code.as_deref(), side, moves as usize, &mut out)
        }
        Command::Analyze {
            code,
            load,
            moves,
            parts,
            line,
            why,
            ..
        } => {
            let position = match (load, code) {
                (Some(path), _) => {
                    let save = read_save(&path)?;
                    let position = save
                        .final_position()
                        .map_err(|e| Failure::Input(e.in_file(&path).words()))?;
                    // The name is the file's text: its control characters are shown escaped.
                    let name = if save.name.is_empty() {
                        tr!("cli.unnamed").into_owned()
                    } else {
                        crate::input::excerpt(save.name.as_bytes(), 80)
                    };
                    let count = save.moves.len() as u64;
                    let start = shorten_code(&save.start, 60);
                    writeln!(
                        out,
                        "{}",
                        counted(
                            lang(),
                            "cli.saved_game",
                            count,
                            &[("name", &name), ("start", &start)]
                        )
                    )?;
                    position
                }
                (None, Some(code)) => parse_code(&code_text(code)?)?,
                (None, None) => {
                    return Err(Failure::Input(tr!("cli.error_needs_code").into()));
                }
            };
            if let Some(part) = why {
                let derivation = crate::why::derive(&position, &part, moves as usize)
                    .map_err(|e| Failure::Input(why::render_error(&part, &e)))?;
                writeln!(out, "{}", why::render(&derivation))?;
                out.flush()?;
                return Ok(ExitCode::SUCCESS);
            }
            with_position!(position, p => {
                // One exact search for the analysis and the line, and one time for the
                // answer: the line has what the analysis left of it.
                let started = std::time::Instant::now();
                let cache = SolutionCache::new(ai::EXACT_BUDGET);
                let exit = analyze(&p, moves as usize, parts as usize, &cache, &mut out)?;
                if let Some(plies) = line {
                    let time = crate::record::LINE_TIME.saturating_sub(started.elapsed());
                    principal_line(&p, plies as usize, &cache, time, &mut out)?;
                }
                Ok(exit)
            })
        }
        Command::Puzzles {
            game,
            count,
            difficulty,
            seed,
            answers,
            words,
            play,
        } => {
            let seed = seed.unwrap_or_else(rand::random);
            if play {
                if answers || words {
                    return Err(Failure::Input(tr!("cli.error_puzzles_play_answers").into()));
                }
                puzzles::play(&game, count as usize, difficulty as u8, seed)
            } else {
                let shown = match (answers || words, words) {
                    (false, _) => puzzles::Shown::Codes,
                    (true, false) => puzzles::Shown::Answers,
                    (true, true) => puzzles::Shown::Words,
                };
                puzzles::print(
                    &game,
                    count as usize,
                    difficulty as u8,
                    seed,
                    shown,
                    &mut out,
                )
            }
        }
        Command::Drill {
            game,
            review: true,
            list,
            ..
        } => play::review(game, list, &mut out),
        Command::Drill {
            game,
            kind,
            difficulty,
            weakest,
            ..
        } => play::drill(game, kind.as_deref(), difficulty.as_deref(), weakest),
        Command::Sg(sg) => match (&sg.rules, &sg.table) {
            (Some(path), _) if sg.rows.is_some() => rules::sg_grid_table(path, &sg, &mut out),
            (Some(path), _) => rules::sg_table(path, &sg, &mut out),
            (None, Some(table)) => {
                let code = sg_table(table, sg.check.as_deref(), sg.pattern, &mut out)?;
                picture::write_asked(table, &sg, &mut out)?;
                Ok(code)
            }
            (None, None) => Err(Failure::Input(tr!("rules.sg.needs_table").into())),
        },
        Command::Completions { shell } => {
            let mut command = <Cli as clap::CommandFactory>::command();
            // Into memory first: `generate` panics when it cannot write (`| head`).
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut command, "grundy", &mut script);
            out.write_all(&script)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Man => {
            let command = <Cli as clap::CommandFactory>::command();
            clap_mangen::Man::new(command).render(&mut out)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Learn { lesson, list } => {
            if !list {
                return learn::open(lesson);
            }
            learn::list(&mut out)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Stats => {
            let store = Store::from_env();
            let Some(path) = store.stats_path() else {
                return Err(Failure::Input(tr!("cli.error_no_data_dir").into()));
            };
            let loaded = Stats::load(&path);
            if let Some(problem) = loaded.problem {
                return Err(Failure::Input(format!(
                    "{} ({})",
                    problem.words(),
                    path.display()
                )));
            }
            writeln!(out, "{}", tr!("cli.stats.from", path = path.display()))?;
            out.write_all(stats_table(&loaded.stats).as_bytes())?;
            if let Some(path) = store.drills_path() {
                let drills = Drills::load(&path);
                if let Some(problem) = drills.problem {
                    return Err(Failure::Input(format!(
                        "{} ({})",
                        problem.words(),
                        path.display()
                    )));
                }
                if !drills.drills.names().is_empty() {
                    writeln!(out, "\n{}", tr!("drill.stats.from", path = path.display()))?;
                    out.write_all(drills_table(&drills.drills).as_bytes())?;
                }
                if !drills.drills.theme_rows().is_empty() {
                    writeln!(out, "\n{}", tr!("drill.themes.from"))?;
                    out.write_all(themes_table(&drills.drills).as_bytes())?;
                }
            }
            Ok(ExitCode::SUCCESS)
        }
    }?;
    out.flush()?;
    Ok(code)
}

/// The practice ratings and best runs under the games' table: one row per game practised,
/// the overall row last.
fn drills_table(drills: &Drills) -> String {
    // A key of the file may hold anything: shown escaped, never sent raw.
    let shown = |name: &str| {
        if name == crate::store::drills::ALL {
            tr!("drill.stats.all").into_owned()
        } else {
            crate::locale::game_title(&crate::input::excerpt(name.as_bytes(), 40))
        }
    };
    // The first column as wide as its widest title (a game's title may be wide, in Chinese).
    let first = drills
        .names()
        .iter()
        .map(|name| text::width(&shown(name)))
        .chain([
            10,
            text::width(&crate::locale::text("drill.stats.practice")),
        ])
        .max()
        .unwrap_or(10);
    let columns = [
        (first, false),
        (6, true),
        (5, true),
        (5, true),
        (6, true),
        (6, true),
        (5, true),
    ];
    let line = |cells: [String; 7]| {
        let cells: Vec<String> = cells
            .iter()
            .zip(columns)
            .map(|(text, (width, right))| {
                if right {
                    text::pad_start(text, width)
                } else {
                    text::pad(text, width)
                }
            })
            .collect();
        format!("{}\n", cells.join(" ").trim_end())
    };
    let mut out = line(
        [
            "practice",
            "rating",
            "deviation",
            "tried",
            "solved",
            "streak",
            "timed",
        ]
        .map(|key| crate::locale::text(&format!("drill.stats.{key}")).into_owned()),
    );
    for name in drills.names() {
        let (r, best) = (drills.rated(&name), drills.best(&name));
        out.push_str(&line([
            shown(&name),
            format!("{:.0}", r.rating),
            format!("{:.0}", r.deviation),
            r.tried.to_string(),
            r.solved.to_string(),
            best.streak.to_string(),
            best.timed.to_string(),
        ]));
    }
    out
}

/// The answers per theme under the practice table: game, idea, answered, right, share; then
/// the two weakest themes named (or why none is yet).
fn themes_table(drills: &Drills) -> String {
    let rows = drills.theme_rows();
    let heading = |key: &str| crate::locale::text(&format!("drill.themes.{key}")).into_owned();
    // A key of the file may hold anything: a game is shown escaped, never sent raw.
    let game = |name: &str| crate::locale::game_title(&excerpt(name.as_bytes(), 40));
    let widest = |least: String, texts: Vec<String>| {
        texts
            .iter()
            .map(|t| text::width(t))
            .fold(text::width(&least), usize::max)
    };
    let game_width = widest(
        heading("game"),
        rows.iter().map(|(theme, _)| game(&theme.game)).collect(),
    );
    let idea_width = widest(
        heading("idea"),
        rows.iter().map(|(theme, _)| theme.idea.words()).collect(),
    );
    let line = |cells: [String; 5]| {
        let widths = [game_width, idea_width, 8, 6, 6];
        let cells: Vec<String> = cells
            .iter()
            .zip(widths)
            .enumerate()
            .map(|(i, (text, width))| {
                if i < 2 {
                    text::pad(text, width)
                } else {
                    text::pad_start(text, width)
                }
            })
            .collect();
        format!("{}\n", cells.join(" ").trim_end())
    };
    let mut out = line(["game", "idea", "answered", "right", "share"].map(heading));
    for (theme, tally) in &rows {
        let share = tally
            .share()
            .map_or_else(|| "-".to_string(), |s| format!("{:.0}%", s * 100.0));
        out.push_str(&line([
            game(&theme.game),
            theme.idea.words(),
            tally.tried.to_string(),
            tally.solved.to_string(),
            share,
        ]));
    }
    let weakest = drills.weakest(2);
    out.push('\n');
    if weakest.is_empty() {
        out.push_str(&tr!(
            "drill.themes.none_weak",
            count = crate::store::drills::WEAK_AFTER
        ));
    } else {
        let named: Vec<String> = weakest
            .iter()
            .map(|t| crate::theme::Theme {
                game: excerpt(t.game.as_bytes(), 40),
                idea: t.idea,
            })
            .map(|t| t.words())
            .collect();
        out.push_str(&tr!(
            "drill.themes.weakest",
            themes = named.join(&tr!("drill.themes.joiner"))
        ));
    }
    out.push('\n');
    out
}

/// The table `grundy stats` prints: one row per game and level played, the columns measured
/// in display columns (a Chinese heading takes two a character).
fn stats_table(stats: &Stats) -> String {
    let rows = stats.rows();
    if rows.is_empty() {
        return format!("{}\n", tr!("cli.stats.none"));
    }
    let heading = |key: &str| crate::locale::text(&format!("cli.stats.{key}")).into_owned();
    // Each column as wide as its heading and its widest cell: a long name (`subtraction`, a
    // Chinese level) keeps the columns after it in line.
    let widest = |least: usize, texts: &mut dyn Iterator<Item = String>| {
        texts.map(|t| text::width(&t)).fold(least, usize::max)
    };
    let game_width = widest(
        text::width(&heading("game")),
        &mut rows
            .iter()
            .map(|(game, _, _)| crate::locale::game_title(game)),
    );
    let level_width = widest(
        text::width(&heading("level")),
        &mut rows.iter().map(|(_, level, _)| level.words()),
    );
    let columns = [
        (game_width.max(10), false),
        (level_width.max(8), false),
        (6, true),
        (5, true),
        (5, true),
        (6, true),
        (5, true),
        (9, true),
        (7, true),
    ];
    let cell = |text: &str, (width, right): (usize, bool)| {
        if right {
            text::pad_start(text, width)
        } else {
            text::pad(text, width)
        }
    };
    let line = |cells: [String; 9]| {
        let cells: Vec<String> = cells
            .iter()
            .zip(columns)
            .map(|(text, column)| cell(text, column))
            .collect();
        format!("{}\n", cells.join(" ").trim_end())
    };
    let mut out = line(
        [
            "game", "level", "played", "won", "lost", "streak", "best", "blunders", "retried",
        ]
        .map(heading),
    );
    for (game, level, r) in rows {
        let blunders = r.blunders_per_game().map_or_else(
            || "-".to_string(),
            |b| tr!("cli.stats.per_game", rate = format!("{b:.1}")).into_owned(),
        );
        out.push_str(&line([
            crate::locale::game_title(&game),
            level.words(),
            r.played.to_string(),
            r.won.to_string(),
            r.lost.to_string(),
            r.streak.to_string(),
            r.best_streak.to_string(),
            blunders,
            r.retried.to_string(),
        ]));
    }
    out
}

/// `code` without one final line end (`\n` or `\r\n`), as the last line of a file has.
fn without_line_end(code: &str) -> &str {
    match code.strip_suffix('\n') {
        Some(line) => line.strip_suffix('\r').unwrap_or(line),
        None => code,
    }
}

/// The longest code a position can have: a 10^6-box dodgeball board.
const MAX_CODE: usize = "dodgeball:".len() + 1_000_000;

/// The code itself, or for `-` the one line on standard input (a byte-order mark before it and
/// one line ending after it are not part of it). Standard input is read only up to the
/// longest code there is.
fn code_text(code: String) -> Result<String, Failure> {
    if code != "-" {
        return Ok(without_line_end(&code).to_string());
    }
    let mut bytes = Vec::new();
    // Room for the longest code, a byte-order mark, a line ending, and one byte to tell that
    // there is more.
    let cap = MAX_CODE + 3 + 2 + 1;
    io::stdin()
        .lock()
        .take(cap as u64)
        .read_to_end(&mut bytes)?;
    let text = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    let text = match text.strip_suffix(b"\n") {
        Some(line) => line.strip_suffix(b"\r").unwrap_or(line),
        None => text,
    };
    if text.len() > MAX_CODE {
        return Err(Failure::Input(
            tr!(
                "cli.error_stdin_too_long",
                max = MAX_CODE,
                start = excerpt(text, 40)
            )
            .into(),
        ));
    }
    let text = std::str::from_utf8(text).map_err(|e| {
        Failure::Input(
            tr!(
                "cli.error_stdin_not_utf8",
                byte = e.valid_up_to() + 1,
                start = excerpt(text, 40)
            )
            .into(),
        )
    })?;
    Ok(text.to_string())
}

/// The position of a code, or an error that quotes the code (its first 60 characters, control
/// characters escaped) with a caret under the bad character.
fn parse_code(code: &str) -> Result<AnyPosition, Failure> {
    AnyPosition::from_code(code).map_err(|e| {
        let caret = if e.column <= 60 {
            let before: String = code.chars().take(e.column.saturating_sub(1)).collect();
            // The caret goes under the character, however wide the escapes (or CJK characters,
            // two columns each) before it are.
            let indent = crate::tui::text::width(&escape_controls(&before));
            format!(
                "\n  {}\n  {}^",
                excerpt(code.as_bytes(), 60),
                " ".repeat(indent)
            )
        } else {
            String::new()
        };
        let error = tr!(
            "cli.error_bad_code",
            error = e.message.words(),
            column = e.column
        );
        Failure::Input(format!("{error}{caret}"))
    })
}

fn ai_move<P: Impartial + Notation>(
    position: &P,
    level: Level,
    seed: Option<u64>,
    out: &mut impl Write,
) -> Result<ExitCode, Failure> {
    let mut rng = match seed {
        Some(seed) => ReplayRng::seed_from_u64(seed),
        None => rand::make_rng::<ReplayRng>(),
    };
    let Some(decision) = ai::choose_move(position, level, &mut rng) else {
        report(&tr!("cli.error_no_legal_move"));
        return Ok(ExitCode::from(1));
    };
    let after = position.play_unchecked(&decision.mv);
    writeln!(out, "{}", position.describe_move(&decision.mv).words())?;
    writeln!(
        out,
        "{}",
        tr!(
            "cli.move_reason",
            reason = decision.reason.words(),
            level = level.words()
        )
    )?;
    writeln!(out, "{}", after.to_code())?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn command_line_is_well_formed() {
        Cli::command().debug_assert();
    }
}
