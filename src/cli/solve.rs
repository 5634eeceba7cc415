//! `grundy solve`: finds the contest format the command line names (a problem's id, a game of
//! one format, or a game and one of its ids) in [`crate::contest::FORMATS`], reads standard
//! input the way the format asks and prints the answer.

use std::io::{self, Read, Write};
use std::process::ExitCode;

use crate::contest::{self, Format, WHOLE_INPUT_BYTES};
use crate::games::GameKind;
use crate::input::{Reader, excerpt};
use crate::locale::Words;
use crate::tr;

use super::Failure;

/// Answers standard input in the format `name` (and `second`) name.
pub(super) fn solve(
    name: &str,
    second: Option<&str>,
    out: &mut impl Write,
) -> Result<ExitCode, Failure> {
    let format = resolve(name, second)?;
    // Errors name the format as the command line did (`solve grid: line 4 …`).
    let label = match second {
        Some(id) => format!("{name} {id}"),
        None => name.to_string(),
    };
    let stdin = io::stdin();
    let mut source = stdin.lock();
    let answer = match format.read {
        // Read as the parser asks, never whole: the first error stops the reading, and an
        // endless or huge input is refused at its game's bounds.
        contest::Read::Stream(limits, solve_from) => {
            let mut reader = Reader::stream(&mut source, limits);
            let answer = solve_from(&mut reader);
            if let Some(e) = reader.take_io_error() {
                return Err(Failure::Io(e));
            }
            answer
        }
        // Read whole, within a bound far above any valid input, so an endless input is still
        // refused.
        contest::Read::Whole(solve) => {
            let input = read_bounded(&mut source, WHOLE_INPUT_BYTES, &label)?;
            // A byte-order mark (some Windows editors write one) is not part of it.
            solve(input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&input))
        }
    };
    let answer = answer
        .map_err(|e| Failure::Input(tr!("input.solve", label = label, error = e.words()).into()))?;
    out.write_all(answer.as_bytes())?;
    Ok(ExitCode::SUCCESS)
}

/// The format `name` and `second` name, or the error that says why none and lists the ones
/// there are.
fn resolve(name: &str, second: Option<&str>) -> Result<&'static Format, Failure> {
    let every = || contest::ids(contest::FORMATS);
    let shown = |text: &str| excerpt(text.as_bytes(), 40);
    if let Some(format) = contest::find(name) {
        return match second {
            None => Ok(format),
            Some(extra) => Err(Failure::Input(
                tr!(
                    "cli.error_solve_problem_takes_one",
                    name = name,
                    extra = shown(extra)
                )
                .into(),
            )),
        };
    }
    let Some(&game) = GameKind::EVERY.iter().find(|g| g.name() == name) else {
        return Err(Failure::Input(
            tr!(
                "cli.error_solve_unknown",
                name = shown(name),
                formats = every(),
                games = contest::games()
                    .iter()
                    .map(|g| g.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
            .into(),
        ));
    };
    let formats: Vec<&'static Format> = contest::of_game(game).collect();
    let game_name = game.name();
    match (second, formats.as_slice()) {
        (_, []) => Err(Failure::Input(
            tr!(
                "cli.error_solve_no_format",
                game = game_name,
                formats = every()
            )
            .into(),
        )),
        (None, [only]) => Ok(only),
        (None, _) => Err(Failure::Input(
            tr!(
                "cli.error_solve_game_format",
                game = game_name,
                formats = contest::ids(formats)
            )
            .into(),
        )),
        (Some(id), _) => formats.iter().find(|f| f.id == id).copied().ok_or_else(|| {
            Failure::Input(
                tr!(
                    "cli.error_solve_not_its_format",
                    game = game_name,
                    format = shown(id),
                    formats = contest::ids(formats)
                )
                .into(),
            )
        }),
    }
}

/// All of `source`, refused past `max` bytes (an endless `yes` is not read to the end).
fn read_bounded(source: &mut impl Read, max: u64, label: &str) -> Result<Vec<u8>, Failure> {
    // A file on standard input says its size: the buffer is made once at that size instead of
    // growing by doubling (copies and page faults that a 10 MB input pays for several times).
    let size = stdin_file_size().map_or(0, |len| len.min(max) as usize);
    let mut input = Vec::with_capacity(size + 1);
    source.take(max + 1).read_to_end(&mut input)?;
    if input.len() as u64 > max {
        return Err(Failure::Input(
            tr!("cli.error_solve_too_long", game = label, mib = max >> 20).into(),
        ));
    }
    Ok(input)
}

/// The size of standard input when it is a regular file (a redirect from a file), else `None`.
fn stdin_file_size() -> Option<u64> {
    use std::os::fd::AsFd;
    let fd = io::stdin().as_fd().try_clone_to_owned().ok()?;
    let metadata = std::fs::File::from(fd).metadata().ok()?;
    metadata.is_file().then_some(metadata.len())
}
