//! `grundy learn`: the Learn screen in the terminal, or with `--list` the lessons' titles, one
//! a line, in the chosen language.

use std::io::{self, Write};
use std::process::ExitCode;

use crate::learn::LESSONS;
use crate::store::Store;
use crate::tui::PlayOptions;
use crate::tui::learn::LearnStart;

use super::Failure;
use super::play::run_screen;

/// Prints `1. title` for each lesson.
pub(super) fn list(out: &mut impl Write) -> io::Result<()> {
    for (i, lesson) in LESSONS.iter().enumerate() {
        writeln!(
            out,
            "{}. {}",
            i + 1,
            crate::locale::text(&lesson.title_key())
        )?;
    }
    Ok(())
}

/// Opens the Learn screen, at lesson `lesson` (from 1; checked by the argument parser).
pub(super) fn open(lesson: Option<u32>) -> Result<ExitCode, Failure> {
    let learn = match lesson {
        Some(n) => LearnStart::Lesson(n as usize - 1),
        None => LearnStart::List,
    };
    run_screen(
        Store::from_env(),
        PlayOptions {
            learn: Some(learn),
            ..PlayOptions::default()
        },
    )
}
