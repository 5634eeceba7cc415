//! `grundy analyze`: a position's value, its parts, its winning moves and the principal line.

use std::io::Write;
use std::process::ExitCode;

use crate::ai;
use crate::analysis::Analysis;
use crate::game::{Impartial, Notation, shorten_code};
use crate::nimber::Nimber;
use crate::record;
use crate::solver::SolutionCache;

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
    let analysis = Analysis::shared(position, move_limit, cache);
    writeln!(out, "position: {}", shorten_code(&position.to_code(), 120))?;
    writeln!(out)?;
    let parts = &analysis.parts;
    writeln!(
        out,
        "{} part{} with a move or a value:",
        parts.len(),
        if parts.len() == 1 { "" } else { "s" }
    )?;
    if !position.values_known() {
        // Past the game's value table: the parts report stand-ins, which are not shown.
        for (part, _) in parts.iter().take(part_limit) {
            writeln!(out, "  {}  value not known", position.describe_part(*part))?;
        }
        writeln!(
            out,
            "  nim-sum: not known (past the game's value table; no formula gives it)"
        )?;
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
        .map(|(part, _)| position.describe_part(*part))
        .collect();
    // The nim-sum row shares the columns of the parts.
    let name_width = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(0)
        .max("nim-sum".len());
    if !position.values_known() {
    } else if width <= BINARY_WIDTH {
        for (i, ((_, value), name)) in parts.iter().zip(&names).enumerate() {
            let op = if i == 0 { ' ' } else { '^' };
            writeln!(
                out,
                "  {name:<name_width$}  {:>6}   {op} {}",
                value.to_string(),
                value.to_binary_width(width as usize)
            )?;
        }
        if parts.len() > part_limit {
            writeln!(out, "  … and {} more (--parts)", parts.len() - part_limit)?;
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
            "  {:<name_width$}  {:>6}   = {}",
            "nim-sum",
            analysis.nim_sum.to_string(),
            analysis.nim_sum.to_binary_width(width as usize)
        )?;
    } else {
        // Grid values are powers of two up to 2^198: a column of 199-digit numbers helps nobody,
        // so show each part's exponent and, per bit, how many parts have it.
        for ((_, value), name) in parts.iter().zip(&names) {
            writeln!(out, "  {name:<name_width$}  *{}", value.short())?;
        }
        if parts.len() > part_limit {
            writeln!(out, "  … and {} more (--parts)", parts.len() - part_limit)?;
        }
        writeln!(
            out,
            "  bits of the nim-sum (a bit is set when an odd number of parts have it):"
        )?;
        let mut bits: Vec<u32> = parts.iter().flat_map(|(_, v)| v.bits()).collect();
        bits.sort_unstable();
        bits.dedup();
        // As many bit rows as parts asked for (--parts), the highest first.
        for bit in bits.iter().rev().take(part_limit) {
            let count = parts.iter().filter(|(_, v)| v.bit(*bit)).count();
            writeln!(
                out,
                "    2^{bit:<4} {count:>4} part{}  → {}",
                if count == 1 { " " } else { "s" },
                if count % 2 == 1 { "1" } else { "0" }
            )?;
        }
        if bits.len() > part_limit {
            writeln!(
                out,
                "    … and {} lower bits (--parts)",
                bits.len() - part_limit
            )?;
        }
        writeln!(out, "  nim-sum = *{}", analysis.nim_sum.short())?;
    }
    writeln!(out)?;
    if let Some(rule) = position.win_rule() {
        // Not decided by the nim-sum (misère Nim): the game's own rule, applied here.
        writeln!(
            out,
            "Decided by the game's own rule, not the nim-sum: {rule}."
        )?;
        if position.is_over() && position.mover_wins_when_over() {
            writeln!(
                out,
                "No move is left: the other player made the last move and has lost, so the \
                 player to move has won."
            )?;
        } else if position.is_over() {
            writeln!(
                out,
                "The player to move has no move left to make and has lost."
            )?;
        }
    } else if analysis.mover_wins {
        writeln!(
            out,
            "The player to move wins (nim-sum is not 0): move to nim-sum 0."
        )?;
    } else if position.is_over() {
        writeln!(out, "The player to move has no move and has lost.")?;
    } else {
        writeln!(
            out,
            "The player to move loses against perfect play (nim-sum is 0): every move leaves a \
             non-zero nim-sum."
        )?;
    }
    if let Some(exact) = analysis.exact {
        writeln!(
            out,
            "Exact search: {} in {} move{} with perfect play (remoteness {}).",
            if exact.wins { "wins" } else { "loses" },
            exact.remoteness,
            if exact.remoteness == 1 { "" } else { "s" },
            exact.remoteness
        )?;
    }
    let winning = analysis.winning_count;
    writeln!(out)?;
    writeln!(
        out,
        "moves ({} listed{}, {} winning):",
        analysis.moves.len(),
        if analysis.moves_truncated {
            ", more not listed"
        } else {
            ""
        },
        winning
    )?;
    for report in &analysis.moves {
        let remoteness = report
            .remoteness_after
            .map(|r| format!(", then {} with best play", ai::moves(r)))
            .unwrap_or_default();
        writeln!(
            out,
            "  {} {}  (nim-sum after: {}{remoteness})",
            if report.wins { "WIN " } else { "lose" },
            position.describe_move(&report.mv),
            after_words(position, &report.mv, report.nim_sum_after)
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
    out: &mut impl Write,
) -> Result<(), Failure> {
    let principal =
        crate::record::principal_line_shared(position, plies, cache, Some(record::LINE_TIME));
    let line = &principal.moves;
    writeln!(out)?;
    let how = match line.first() {
        None => "no move".to_string(),
        Some(first) if first.exact => {
            "exact search: the winner wins fastest, the loser loses slowest".to_string()
        }
        Some(_) => "no exact search here: moves to nim-sum 0, else the game's stall".to_string(),
    };
    writeln!(
        out,
        "principal line (A: the player to move, B: the other; {how}):"
    )?;
    let mut current = position.clone();
    for (i, ply) in line.iter().enumerate() {
        let who = if i % 2 == 0 { "A" } else { "B" };
        let then = match ply.remoteness_after {
            Some(0) => ", game over".to_string(),
            Some(r) => format!(", then {}", ai::moves(r)),
            None => String::new(),
        };
        let exact = if ply.exact { "" } else { "  (by nim-sum)" };
        writeln!(
            out,
            "  {:>3}. {who}  {}  → {}{then}{exact}",
            i + 1,
            current.describe_move(&ply.mv),
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
        writeln!(out, "  game over: {winner} wins.")?;
    } else if principal.timed_out {
        writeln!(
            out,
            "  … (stopped after {} of the {plies} asked: the line is cut at {} ms)",
            ai::moves(line.len() as u32),
            record::LINE_TIME.as_millis()
        )?;
    } else {
        writeln!(
            out,
            "  … ({} shown; --line N for more)",
            ai::moves(line.len() as u32)
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
        "not known, a won position".to_string()
    } else {
        "not known, a lost position".to_string()
    }
}

/// A value as every output of grundy writes it: `*5`, or `*2^198+2^3` past 64 bits.
pub(super) fn nim_sum_words(value: Nimber) -> String {
    format!("*{}", value.short())
}
