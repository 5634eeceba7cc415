//! `grundy play` (and no command at all): checks the options, loads a save, and runs the
//! terminal game.

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use crate::games::GameKind;
use crate::locale::Words;
use crate::review::{Clock, SystemClock, iso};
use crate::store::Store;
use crate::store::review::Reviews;
use crate::store::save::Save;
use crate::tui::PlayOptions;
use crate::tui::app::Exit;

use super::{Failure, PlayArgs, code_text, parse_code, report};
use crate::tr;

/// Refuses size options that do not belong to the game asked for (they used to be ignored, or
/// `--boxes` made a coin row of that many coins).
fn check_sizes(args: &PlayArgs) -> Result<(), Failure> {
    let given = [
        ("--n", args.n.is_some()),
        ("--maxq", args.maxq.is_some()),
        ("--rows", args.rows.is_some()),
        ("--cols", args.cols.is_some()),
        ("--boxes", args.boxes.is_some()),
    ];
    let allowed: &[&str] = match args.game {
        Some(GameKind::Coins) => &["--n", "--maxq"],
        Some(GameKind::Grid) => &["--rows", "--cols"],
        Some(GameKind::Dodgeball) => &["--n", "--boxes"],
        // The curriculum games take their size from the menu or a code.
        Some(_) => &[],
        None if args.code.is_some() => &[],
        None => {
            if let Some((option, _)) = given.iter().find(|(_, set)| *set) {
                return Err(Failure::Input(
                    tr!("cli.error_size_needs_game", option = option).into(),
                ));
            }
            return Ok(());
        }
    };
    match given
        .iter()
        .find(|(option, set)| *set && !allowed.contains(option))
    {
        Some((option, _)) => {
            let game = args
                .game
                .map_or_else(|| tr!("cli.a_position_code"), |g| g.name().into());
            let allowed = if allowed.is_empty() {
                tr!("cli.error_size_from_code").into_owned()
            } else {
                allowed.join(&tr!("cli.and"))
            };
            Err(Failure::Input(
                tr!(
                    "cli.error_size_not_of_game",
                    option = option,
                    game = game,
                    allowed = allowed
                )
                .into(),
            ))
        }
        None => Ok(()),
    }
}

pub(super) fn play(mut args: PlayArgs) -> Result<ExitCode, Failure> {
    if let Some(path) = args.rules.take() {
        return play_rules(&path, args);
    }
    check_sizes(&args)?;
    let mut game = args.game;
    args.code = args.code.map(code_text).transpose()?;
    if let Some(code) = &args.code {
        // A code names its game; check it here so a bad one is reported before the TUI starts.
        let position = parse_code(code)?;
        let kind = position.kind();
        if game.is_some_and(|g| g != kind) {
            return Err(Failure::Input(
                tr!(
                    "cli.error_code_game_mismatch",
                    code_game = kind.name(),
                    game = game.map(GameKind::name).unwrap_or_default()
                )
                .into(),
            ));
        }
        game = Some(kind);
    }
    let load = args.load.as_deref().map(read_save).transpose()?;
    if let (Some(save), Some(path)) = (&load, &args.load) {
        // Checked here, so a bad move is reported (exit 2) before the TUI starts. A rules
        // file's game is checked by its script once it is on screen; here only that the
        // script is there and compiles.
        match &save.rules {
            None => {
                save.final_position()
                    .map_err(|e| Failure::Input(e.in_file(path).words()))?;
            }
            Some(origin) => {
                crate::rules::budget::answer(crate::rules::budget::Budget::answer(), || {
                    crate::rules::examples::load_saved(origin)
                })
                .map_err(|e| Failure::Input(super::rules::render_error(&e)))?;
            }
        }
    }
    // The flags override the settings for this run only.
    let store = Store::from_env();
    let settings = super::settings_of(&store);
    let options = PlayOptions {
        game,
        code: args.code,
        n: args.n.or(args.boxes).map(|v| v as usize),
        maxq: args.maxq,
        rows: args.rows.map(|v| v as usize),
        cols: args.cols.map(|v| v as usize),
        first: args.first.unwrap_or(settings.settings.first),
        level: args.level.unwrap_or(settings.settings.level),
        hints: args.hints || (settings.settings.hints && !args.no_hints),
        start: args.start,
        seed: args.seed,
        load,
        load_path: args.load.clone(),
        no_coach: args.no_coach,
        learn: None,
        practice: None,
        rules: None,
    };
    run_terminal(options, store, settings)
}

/// A game `grundy drill` is asked for: any name a position code starts with.
fn check_drill_game(game: Option<&str>) -> Result<(), Failure> {
    let games = crate::puzzles::games();
    match game {
        Some(name) if !games.contains(&name) => Err(Failure::Input(
            tr!(
                "drill.error.game",
                name = crate::input::excerpt(name.as_bytes(), 20),
                games = games.join(", ")
            )
            .into_owned(),
        )),
        _ => Ok(()),
    }
}

/// `grundy drill --weakest` needs weak themes to draw from: before the terminal is taken
/// over, a records file that cannot be read, or no theme with enough answers yet, is an
/// error (exit 2).
fn check_weakest(store: &Store) -> Result<(), Failure> {
    let Some(path) = store.drills_path() else {
        return Err(Failure::Input(tr!("cli.error_no_data_dir").into()));
    };
    let loaded = crate::store::drills::Drills::load(&path);
    if let Some(problem) = loaded.problem {
        return Err(Failure::Input(format!(
            "{} ({})",
            problem.words(),
            path.display()
        )));
    }
    if loaded.drills.weakest(2).is_empty() {
        return Err(Failure::Input(
            tr!(
                "drill.themes.none_weak",
                count = crate::store::drills::WEAK_AFTER
            )
            .into_owned(),
        ));
    }
    Ok(())
}

/// `grundy drill [GAME]`: the terminal game opened on Practice, drills from GAME (any name a
/// position code starts with) or from every game.
pub(super) fn drill(
    game: Option<String>,
    kind: Option<&str>,
    difficulty: Option<&str>,
    weakest: bool,
) -> Result<ExitCode, Failure> {
    // Read here rather than by clap, so that the error is in the reader's language.
    let kind = kind
        .map(|name| {
            crate::drill::DrillKind::from_name(name).ok_or_else(|| {
                Failure::Input(
                    tr!(
                        "drill.error.kind",
                        name = crate::input::excerpt(name.as_bytes(), 20)
                    )
                    .into_owned(),
                )
            })
        })
        .transpose()?;
    let difficulty = difficulty
        .map(|text| {
            text.parse::<u8>()
                .ok()
                .filter(|d| crate::puzzles::DIFFICULTIES.contains(d) && !text.starts_with('+'))
                .ok_or_else(|| {
                    Failure::Input(
                        tr!(
                            "drill.error.difficulty",
                            value = crate::input::excerpt(text.as_bytes(), 20)
                        )
                        .into_owned(),
                    )
                })
        })
        .transpose()?;
    check_drill_game(game.as_deref())?;
    let store = Store::from_env();
    if weakest {
        check_weakest(&store)?;
    }
    let practice = crate::tui::PracticeStart {
        game,
        kind,
        difficulty,
        sheet: None,
        review: false,
        weakest,
    };
    run_screen(
        store,
        PlayOptions {
            practice: Some(practice),
            ..PlayOptions::default()
        },
    )
}

/// `grundy drill --review [GAME]`: the terminal game opened on the review queue (the items
/// of GAME, or of every game); with `list`, the due items printed one a line instead: the
/// code, a tab, the due date (ISO 8601), a tab, the source (`game`, `drill`, `lesson`).
pub(super) fn review(
    game: Option<String>,
    list: bool,
    out: &mut impl Write,
) -> Result<ExitCode, Failure> {
    check_drill_game(game.as_deref())?;
    let store = Store::from_env();
    if list {
        let Some(path) = store.review_path() else {
            return Err(Failure::Input(tr!("cli.error_no_data_dir").into()));
        };
        let loaded = Reviews::load(&path);
        if let Some(problem) = loaded.problem {
            return Err(Failure::Input(format!(
                "{} ({})",
                problem.words(),
                path.display()
            )));
        }
        let now = SystemClock.now();
        for item in loaded.reviews.due(now) {
            if game.as_ref().is_none_or(|g| *g == item.game) {
                // The file may hold anything: a code is printed escaped, never raw.
                writeln!(
                    out,
                    "{}\t{}\t{}",
                    crate::input::escape_controls(&item.code),
                    iso(item.schedule.due),
                    item.source.name()
                )?;
            }
        }
        return Ok(ExitCode::SUCCESS);
    }
    let practice = crate::tui::PracticeStart {
        game,
        review: true,
        ..Default::default()
    };
    run_screen(
        store,
        PlayOptions {
            practice: Some(practice),
            ..PlayOptions::default()
        },
    )
}

/// Runs the terminal game on `screen` (Learn, Practice, a puzzle sheet: the rest of its
/// options as they default) with the player's first move, AI level and hints from the
/// settings file.
pub(super) fn run_screen(store: Store, screen: PlayOptions) -> Result<ExitCode, Failure> {
    let settings = super::settings_of(&store);
    let options = PlayOptions {
        first: settings.settings.first,
        level: settings.settings.level,
        hints: settings.settings.hints,
        ..screen
    };
    run_terminal(options, store, settings)
}

/// Runs the terminal game with `options` (the menu, a game, the Learn or the Practice screen)
/// and turns how it ended into the exit code.
pub(super) fn run_terminal(
    options: PlayOptions,
    store: Store,
    settings: crate::store::settings::Loaded,
) -> Result<ExitCode, Failure> {
    if !io::stdout().is_terminal() {
        return Err(Failure::Input(tr!("cli.error_needs_terminal").into()));
    }
    let ended = crate::tui::run_with_store(options, store, settings);
    // A rules file that failed during the game: its refusal again, once the terminal is back.
    let ended = match ended {
        Err(e) => match e.downcast::<crate::tui::ScriptFailed>() {
            Ok(failed) => return Err(Failure::Input(failed.0)),
            Err(e) => Err(e),
        },
        ended => ended,
    };
    // A real hang-up (the terminal closed, SIGHUP came): its code, 129, and nothing printed
    // to a terminal that is gone, whichever of the closed input, the failed draw and the
    // signal the game saw first. The unfinished game was saved on the way out.
    let hung_up = hangup_wait(ended.as_ref().ok()).is_some_and(crate::tui::events::hung_up);
    if hung_up {
        return Ok(ExitCode::from(129));
    }
    match ended.map_err(Failure::Other)? {
        Exit::Quit => Ok(ExitCode::SUCCESS),
        Exit::TerminalClosed => {
            report(&tr!("cli.error_terminal_input_ended"));
            Ok(ExitCode::FAILURE)
        }
        // The conventional code of a process ended by signal n.
        Exit::Signal(n) => Ok(ExitCode::from(128 + n.clamp(1, 127) as u8)),
    }
}

/// How long a game whose terminal went away waits for the SIGHUP that comes with a hang-up.
const HANGUP_WAIT: std::time::Duration = std::time::Duration::from_millis(500);

/// How long the end of a game (`None`: it failed) waits for a SIGHUP before it is told apart
/// from a hang-up, or `None` when it cannot be one. A signal says by itself why the game
/// ended: SIGHUP is a hang-up, SIGTERM, SIGINT and SIGQUIT end it at once, with no wait for a
/// SIGHUP that does not come (issue 30: they once took a fixed 0.5 s). A closed input or a
/// failed draw may come just before the SIGHUP of the same hang-up: that waits.
fn hangup_wait(ended: Option<&Exit>) -> Option<std::time::Duration> {
    match ended {
        Some(Exit::Quit) => None,
        Some(Exit::Signal(_)) => Some(std::time::Duration::ZERO),
        Some(Exit::TerminalClosed) | None => Some(HANGUP_WAIT),
    }
}

/// Reads a saved game; a missing or bad file is bad input (exit 2), named with its line. Only
/// a regular file within [`crate::store::MAX_SAVE_BYTES`] is read.
pub(super) fn read_save(path: &std::path::Path) -> Result<Save, Failure> {
    Save::read(path).map_err(|e| Failure::Input(e.words()))
}

/// `grundy play --rules FILE [--code POSITION]`: the rules file's game in the terminal.
fn play_rules(path: &std::path::Path, args: PlayArgs) -> Result<ExitCode, Failure> {
    let code = args.code.map(code_text).transpose()?;
    // Loading calls `name` and `misere`, the root `start`: one answer's budget for them.
    let (rules, root) =
        crate::rules::budget::answer(crate::rules::budget::Budget::answer(), || {
            let rules = super::rules::load(path)?;
            let root = super::rules::root(&rules, code.as_deref(), 0)?;
            Ok::<_, Failure>((rules, root))
        })?;
    if !io::stdout().is_terminal() {
        return Err(Failure::Input(tr!("cli.error_needs_terminal").into()));
    }
    let store = Store::from_env();
    let settings = super::settings_of(&store);
    let game = crate::tui::rules::RulesPlay::new(
        rules,
        root,
        args.first.unwrap_or(settings.settings.first),
        args.hints || (settings.settings.hints && !args.no_hints),
        !args.no_coach,
        args.seed,
    )
    .map_err(|e| Failure::Input(super::rules::render_error(&e)))?
    .with_origin(crate::store::save::SavedRules::of_path(path));
    let options = PlayOptions {
        seed: args.seed,
        no_coach: args.no_coach,
        rules: Some(crate::tui::app::ReadyRules::new(game)),
        ..PlayOptions::default()
    };
    run_terminal(options, store, settings)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 30: SIGTERM, SIGINT and SIGQUIT end the game without waiting for a SIGHUP; only
    /// an end that a hang-up may explain (the input closed, a failed draw) waits for one.
    #[test]
    fn an_ending_signal_waits_for_no_hangup() {
        for signal in crate::tui::events::ENDING_SIGNALS {
            assert_eq!(
                hangup_wait(Some(&Exit::Signal(signal))),
                Some(std::time::Duration::ZERO),
                "signal {signal}"
            );
        }
        assert_eq!(hangup_wait(Some(&Exit::Quit)), None);
        assert_eq!(hangup_wait(Some(&Exit::TerminalClosed)), Some(HANGUP_WAIT));
        assert_eq!(hangup_wait(None), Some(HANGUP_WAIT));
    }
}
