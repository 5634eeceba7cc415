//! `--help` in the reader's language: clap's `Command` for `Cli`, its texts (about, each
//! argument's help, the headings clap writes, the defaults and possible values) replaced by
//! those of `locales/cli-help.toml` when the language is not English. English is the derive's
//! own text, untouched.
//!
//! A text of the command is found by its place: `help.<command path>.about` (`long_about` for
//! `--help`), `help.<command path>.<argument id>` (`…_long`), with the path joined by `.`
//! (`help.sg.coins.maxq`). A global argument is found where it is defined (`help.lang`), and the
//! arguments and subcommand clap adds itself under `help.builtin`.

use clap::builder::{PossibleValue, StyledStr};
use clap::{Arg, Command, CommandFactory};

use super::args::Cli;
use crate::lang::Lang;
use crate::locale;

/// The command line's command with its texts in this thread's language.
pub fn command() -> Command {
    let mut command = Cli::command();
    if locale::lang() == Lang::En {
        return command;
    }
    // Built first: clap adds `--help`, `--version`, the `help` subcommand and the global
    // arguments' copies while it builds, and only then can their texts be replaced.
    command.build();
    localize(command, &[])
}

/// The key of the text `name` of the command at `path`, or of one of its parents' when only
/// they have it (a global argument): `None` when no locale file has it in this language.
pub fn key_of(path: &[&str], name: &str) -> Option<String> {
    (0..=path.len()).rev().find_map(|depth| {
        let key = std::iter::once("help")
            .chain(path[..depth].iter().copied())
            .chain(std::iter::once(name))
            .collect::<Vec<_>>()
            .join(".");
        has(&key).then_some(key)
    })
}

/// Whether `key` has a text in this thread's language (a missing one comes back as the key).
fn has(key: &str) -> bool {
    !locale::text(key).ends_with(key)
}

fn text_of(path: &[&str], name: &str) -> Option<String> {
    key_of(path, name).map(|key| locale::text(&key).into_owned())
}

fn localize(mut command: Command, path: &[&str]) -> Command {
    // The `help` subcommand clap adds (none of grundy's commands is named so): its texts are
    // clap's, the same everywhere.
    let builtin_help = !path.is_empty() && command.get_name() == "help";
    if builtin_help {
        command = command.about(locale::text("help.builtin.help_command").into_owned());
    } else {
        // A text without its translation stays English (a test finds it).
        if let Some(about) = text_of(path, "about").filter(|_| command.get_about().is_some()) {
            command = command.about(about);
        }
        if path == ["solve"] {
            command = command.long_about(solve_help());
        } else if let Some(long) =
            text_of(path, "long_about").filter(|_| command.get_long_about().is_some())
        {
            command = command.long_about(long);
        }
        if let Some(after) =
            text_of(path, "after_long_help").filter(|_| command.get_after_long_help().is_some())
        {
            command = command.after_long_help(after);
        }
    }
    command = command
        .help_template(locale::text("help.builtin.template").into_owned())
        .subcommand_help_heading(locale::text("help.builtin.commands").into_owned());
    let ids: Vec<String> = command
        .get_arguments()
        .map(|a| a.get_id().to_string())
        .collect();
    for id in ids {
        command = command.mut_arg(&id, |arg| localize_arg(arg, path, builtin_help));
    }
    if builtin_help {
        return command;
    }
    let names: Vec<String> = command
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    for sub in names {
        let mut inner: Vec<&str> = path.to_vec();
        inner.push(&sub);
        command = command.mut_subcommand(&sub, |c| localize(c, &inner));
    }
    command
}

fn localize_arg(mut arg: Arg, path: &[&str], builtin_help: bool) -> Arg {
    let id = arg.get_id().to_string();
    let (short, long) = match id.as_str() {
        // The help flag's texts say whether the other form shows more or less.
        "help" => match (arg.get_help(), arg.get_long_help()) {
            (_, Some(_)) => (
                "help.builtin.help_short".to_string(),
                Some("help.builtin.help_long".to_string()),
            ),
            _ => ("help.builtin.help".to_string(), None),
        },
        "version" => ("help.builtin.version".to_string(), None),
        "subcommand" if builtin_help => ("help.builtin.help_subcommand".to_string(), None),
        _ => (
            key_of(path, &id).unwrap_or_default(),
            key_of(path, &format!("{id}_long")),
        ),
    };
    let suffix = notes(&arg);
    let with = |key: &str| StyledStr::from(format!("{}{suffix}", locale::text(key)));
    if arg.get_help().is_some() && !short.is_empty() {
        arg = arg.help(with(&short));
    }
    if let Some(long) = long.filter(|_| arg.get_long_help().is_some()) {
        arg = arg.long_help(with(&long));
    }
    let heading = if arg.is_positional() {
        "help.builtin.arguments"
    } else {
        "help.builtin.options"
    };
    arg.hide_default_value(true)
        .hide_possible_values(true)
        .help_heading(locale::text(heading).into_owned())
}

/// `grundy solve --help` in this language: the ids of the formats, each with its problem (as
/// the judge names it), the game that reads it, and what it reads and prints.
fn solve_help() -> String {
    let mut help = locale::text("help.solve.long_about").into_owned();
    for format in crate::contest::FORMATS {
        let also = format.game.map_or(String::new(), |g| {
            crate::tr!("help.solve.also", game = g.name()).into_owned()
        });
        let problem = locale::text(&format!("help.solve.problem.{}", format.id)).into_owned();
        let io = locale::text(&format!("help.solve.io.{}", format.id)).into_owned();
        help.push_str(&format!(
            "  {:<10} {problem}{also}\n  {:<10} {io}\n",
            format.id, ""
        ));
    }
    let games: Vec<&str> = crate::contest::games().iter().map(|g| g.name()).collect();
    help.push_str(&crate::tr!("help.solve.games", games = games.join(", ")));
    help
}

/// The default and the possible values clap would write after an argument's help, in this
/// language (clap writes them in English).
fn notes(arg: &Arg) -> String {
    let mut notes = String::new();
    let takes_value = arg.get_num_args().is_some_and(|n| n.takes_values());
    let defaults: Vec<String> = arg
        .get_default_values()
        .iter()
        .map(|v| v.to_string_lossy().into_owned())
        .collect();
    if takes_value && !defaults.is_empty() && !arg.is_hide_default_value_set() {
        notes.push_str(&crate::tr!(
            "help.builtin.default",
            value = defaults.join(", ")
        ));
    }
    let values: Vec<String> = arg
        .get_possible_values()
        .iter()
        .filter(|v| !v.is_hide_set())
        .map(PossibleValue::get_name)
        .map(str::to_string)
        .collect();
    if takes_value && !values.is_empty() && !arg.is_hide_possible_values_set() {
        notes.push_str(&crate::tr!(
            "help.builtin.possible",
            values = values.join(", ")
        ));
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every text the English `--help` shows has its Chinese, found where [`localize`] looks,
    /// and the English of its key is the command's own (so the key is the right one).
    #[test]
    fn every_help_text_has_its_chinese() {
        let mut command = Cli::command();
        command.build();
        let mut missing = Vec::new();
        for lang in Lang::ALL {
            locale::set_lang(lang);
            walk(&command, &mut Vec::new(), &mut missing);
        }
        locale::set_lang(Lang::En);
        assert!(
            missing.is_empty(),
            "no Chinese for:\n{}",
            missing.join("\n")
        );
    }

    fn walk(command: &Command, path: &mut Vec<String>, missing: &mut Vec<String>) {
        let here: Vec<&str> = path.iter().map(String::as_str).collect();
        let lang = locale::lang().code();
        let mut want = |name: &str, english: String| match key_of(&here, name) {
            None => missing.push(format!("{lang} help.{}.{name}", here.join("."))),
            Some(key) if locale::lang() == Lang::En && locale::text(&key) != english => {
                missing.push(format!("{key}: the English is not {english:?}"))
            }
            Some(_) => {}
        };
        if let Some(about) = command.get_about() {
            want("about", about.to_string());
        }
        // solve's help is built from the table of formats.
        if let Some(long) = command.get_long_about().filter(|_| here != ["solve"]) {
            want("long_about", long.to_string());
        }
        if let Some(after) = command.get_after_long_help() {
            want("after_long_help", after.to_string());
        }
        for arg in command.get_arguments() {
            let id = arg.get_id().as_str();
            if matches!(id, "help" | "version") {
                continue;
            }
            if let Some(help) = arg.get_help() {
                want(id, help.to_string());
            }
            if let Some(long) = arg.get_long_help() {
                want(&format!("{id}_long"), long.to_string());
            }
        }
        for sub in command.get_subcommands() {
            // clap's own `help` subcommand: its texts are `help.builtin`'s.
            if sub.get_name() == "help" {
                continue;
            }
            path.push(sub.get_name().to_string());
            walk(sub, path, missing);
            path.pop();
        }
    }
}
