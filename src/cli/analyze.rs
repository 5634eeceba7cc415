//! `grundy analyze`: a position's value, its parts, its winning moves and the principal line.

use std::borrow::Cow;
use std::io::Write;
use std::process::ExitCode;

use crate::analysis::Analysis;
use crate::game::{Impartial, Notation};
use crate::locale::{Words, counted, lang, moves, shorten_code};
use crate::nimber::Nimber;
use crate::record;
use crate::solver::SolutionCache;
use crate::tr;
use crate::tui::text;

use super::Failure;

/// Up to this width the nim-sum is drawn as a column of binary numbers.
const BINARY_WIDTH: u32 = 64;

pub(super) fn analyze<P: Impartial + Notation>(
    position: &P,
    move_limit: usize,
    part_limit: usize,
    cache: &SolutionCache<P>,
    out: &mut impl Write,
) -> Result<ExitCode, Failure> {
    let lang = lang();
    let analysis = Analysis::shared(position, move_limit, cache);
    writeln!(
        out,
        "{}",
        tr!(
            "cli.analyze.position",
            code = shorten_code(&position.to_code(), 120)
        )
    )?;
    writeln!(out)?;
    let parts = &analysis.parts;
    writeln!(
        out,
        "{}",
        counted(lang, "cli.analyze.parts", parts.len() as u64, &[])
    )?;
    if !position.values_known() {
        // Past the game's value table: the parts report stand-ins, which are not shown. Parts
        // that are not separate games (Nim-K's heaps) have no values at all, known or not.
        let (value, nim_sum) = if position.parts_independent() {
            ("cli.analyze.value_unknown", "cli.analyze.nim_sum_unknown")
        } else {
            ("cli.analyze.value_none", "cli.analyze.nim_sum_none")
        };
        for (part, _) in parts.iter().take(part_limit) {
            writeln!(
                out,
                "  {}  {}",
                position.describe_part(*part).words(),
                tr!(value)
            )?;
        }
        writeln!(out, "  {}", tr!(nim_sum))?;
    }
    let width = parts
        .iter()
        .filter_map(|(_, v)| v.highest_bit())
        .max()
        .map_or(1, |h| h + 1)
        .max(analysis.nim_sum.highest_bit().map_or(1, |h| h + 1));
    let names: Vec<String> = parts
        .iter()
        .take(part_limit)
        .map(|(part, _)| position.describe_part(*part).words())
        .collect();
    let nim_sum_label = tr!("cli.analyze.nim_sum");
    // The nim-sum row shares the columns of the parts (display columns: a Chinese character
    // takes two).
    let name_width = names
        .iter()
        .map(|n| text::width(n))
        .max()
        .unwrap_or(0)
        .max(text::width(&nim_sum_label));
    let more_parts = |count: usize| tr!("cli.analyze.more_parts", count = count);
    if !position.values_known() {
    } else if width <= BINARY_WIDTH {
        for (i, ((_, value), name)) in parts.iter().zip(&names).enumerate() {
            let op = if i == 0 { ' ' } else { '^' };
            writeln!(
                out,
                "  {}  {:>6}   {op} {}",
                text::pad(name, name_width),
                value.to_string(),
                value.to_binary_width(width as usize)
            )?;
        }
        if parts.len() > part_limit {
            writeln!(out, "  {}", more_parts(parts.len() - part_limit))?;
        }
        writeln!(
            out,
            "  {:<name_width$}  {:>6}     {}",
            "",
            "",
            "-".repeat(width as usize)
        )?;
        writeln!(
            out,
            "  {}  {:>6}   = {}",
            text::pad(&nim_sum_label, name_width),
            analysis.nim_sum.to_string(),
            analysis.nim_sum.to_binary_width(width as usize)
        )?;
    } else {
        // Grid values are powers of two up to 2^198: a column of 199-digit numbers helps nobody,
        // so show each part's exponent and, per bit, how many parts have it.
        for ((_, value), name) in parts.iter().zip(&names) {
            writeln!(out, "  {}  *{}", text::pad(name, name_width), value.short())?;
        }
        if parts.len() > part_limit {
            writeln!(out, "  {}", more_parts(parts.len() - part_limit))?;
        }
        writeln!(out, "  {}", tr!("cli.analyze.bits"))?;
        let mut bits: Vec<u32> = parts.iter().flat_map(|(_, v)| v.bits()).collect();
        bits.sort_unstable();
        bits.dedup();
        // As many bit rows as parts asked for (--parts), the highest first.
        for bit in bits.iter().rev().take(part_limit) {
            let count = parts.iter().filter(|(_, v)| v.bit(*bit)).count();
            writeln!(
                out,
                "    2^{bit:<4} {count:>4} {}  → {}",
                counted(lang, "cli.analyze.bit_parts", count as u64, &[]),
                if count % 2 == 1 { "1" } else { "0" }
            )?;
        }
        if bits.len() > part_limit {
            writeln!(
                out,
                "    {}",
                tr!("cli.analyze.more_bits", count = bits.len() - part_limit)
            )?;
        }
        writeln!(out, "  {nim_sum_label} = *{}", analysis.nim_sum.short())?;
    }
    writeln!(out)?;
    if let Some(rule) = position.win_rule() {
        // Not decided by the nim-sum (misère Nim): the game's own rule, applied here.
        writeln!(out, "{}", tr!("cli.analyze.own_rule", rule = rule.words()))?;
        if position.is_over() && position.mover_wins_when_over() {
            writeln!(out, "{}", tr!("cli.analyze.over_misere"))?;
        } else if position.is_over() {
            writeln!(out, "{}", tr!("cli.analyze.over_own_rule"))?;
        }
    } else if analysis.mover_wins {
        writeln!(out, "{}", tr!("cli.analyze.mover_wins"))?;
    } else if position.is_over() {
        writeln!(out, "{}", tr!("cli.analyze.over"))?;
    } else {
        writeln!(out, "{}", tr!("cli.analyze.mover_loses"))?;
    }
    if let Some(exact) = analysis.exact {
        let key = if exact.wins {
            "cli.analyze.exact_wins"
        } else {
            "cli.analyze.exact_loses"
        };
        writeln!(
            out,
            "{}",
            counted(lang, key, u64::from(exact.remoteness), &[])
        )?;
    }
    writeln!(out)?;
    let more: Cow<'_, str> = if analysis.moves_truncated {
        tr!("cli.analyze.more_not_listed")
    } else {
        "".into()
    };
    writeln!(
        out,
        "{}",
        tr!(
            "cli.analyze.moves",
            listed = analysis.moves.len(),
            more = more,
            winning = analysis.winning_count.words()
        )
    )?;
    for report in &analysis.moves {
        let then = report
            .remoteness_after
            .map(|r| tr!("cli.analyze.then_best", moves = moves(lang, u64::from(r))).into_owned())
            .unwrap_or_default();
        let mark = if report.wins {
            tr!("cli.analyze.win")
        } else {
            tr!("cli.analyze.lose")
        };
        writeln!(
            out,
            "  {}",
            tr!(
                "cli.analyze.move",
                mark = mark,
                step = position.describe_move(&report.mv).words(),
                after = after_words(position, &report.mv, report.nim_sum_after),
                then = then
            )
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The principal line from `position` for at most `plies` moves: A is the player to move, B
/// the other.
pub(super) fn principal_line<P: Impartial + Notation>(
    position: &P,
    plies: usize,
    cache: &SolutionCache<P>,
    time: std::time::Duration,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let lang = lang();
    let principal = crate::record::principal_line_shared(position, plies, cache, Some(time));
    let line = &principal.moves;
    writeln!(out)?;
    let how = match line.first() {
        None => tr!("cli.line.no_move"),
        Some(first) if first.exact => tr!("cli.line.exact"),
        Some(_) => tr!("cli.line.by_nim_sum"),
    };
    writeln!(out, "{}", tr!("cli.line.heading", how = how))?;
    let mut current = position.clone();
    for (i, ply) in line.iter().enumerate() {
        let who = if i % 2 == 0 { "A" } else { "B" };
        let then = match ply.remoteness_after {
            Some(0) => tr!("cli.line.game_over").into_owned(),
            Some(r) => tr!("cli.line.then", moves = moves(lang, u64::from(r))).into_owned(),
            None => String::new(),
        };
        let exact = if ply.exact {
            "".into()
        } else {
            tr!("cli.line.ply_by_nim_sum")
        };
        writeln!(
            out,
            "  {:>3}. {who}  {}  → {}{then}{exact}",
            i + 1,
            current.describe_move(&ply.mv).words(),
            after_words(&current, &ply.mv, ply.nim_sum_after)
        )?;
        current = current.play_unchecked(&ply.mv);
    }
    if current.is_over() {
        // Normal play: whoever moved last wins; misère play: loses.
        let last_is_a = line.len() % 2 == 1;
        let winner = if last_is_a != current.mover_wins_when_over() {
            "A"
        } else {
            "B"
        };
        writeln!(out, "  {}", tr!("cli.line.winner", winner = winner))?;
    } else if principal.timed_out {
        writeln!(
            out,
            "  {}",
            tr!(
                "cli.line.stopped",
                moves = moves(lang, line.len() as u64),
                plies = plies,
                ms = record::LINE_TIME.as_millis()
            )
        )?;
    } else {
        writeln!(
            out,
            "  {}",
            tr!("cli.line.shown", moves = moves(lang, line.len() as u64))
        )?;
    }
    Ok(())
}

/// The nim-sum after `mv` in words: its value, or past a value table whether the position
/// left is lost, the only thing known there.
pub(super) fn after_words<P: Impartial>(position: &P, mv: &P::Move, value: Nimber) -> String {
    let after = position.play_unchecked(mv);
    if position.values_known() && after.values_known() {
        nim_sum_words(value)
    } else if after.mover_wins() {
        tr!("cli.after_unknown_won").into_owned()
    } else {
        tr!("cli.after_unknown_lost").into_owned()
    }
}

/// A value as every output of grundy writes it: `*5`, or `*2^198+2^3` past 64 bits.
pub(super) fn nim_sum_words(value: Nimber) -> String {
    format!("*{}", value.short())
}
