//! `analyze --rules`, `move --rules` and `sg --rules`: a rules file's game on the command line,
//! and a rules file's errors in the reader's language.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use rand::SeedableRng;

use crate::rules::budget::{self, Budget};
use crate::rules::solve::{self, Analysis, Judgement, Node, Reason, Verdict};
use crate::rules::{
    Cause, MAX_CALL_LEVELS, MAX_OPERATIONS, Problem, ReadProblem, Rules, RulesError,
};
use crate::setup::ReplayRng;
use crate::tr;

use super::{Failure, report};

/// A rules file's error in the reader's language: `FILE:LINE:COL: what`.
pub fn render_error(e: &RulesError) -> String {
    let place = e
        .place
        .map(|p| format!(":{}:{}", p.line, p.column))
        .unwrap_or_default();
    format!("{}{place}: {}", e.file, render_problem(&e.problem))
}

/// A [`Problem`] in words.
pub fn render_problem(problem: &Problem) -> String {
    match problem {
        Problem::Read(why) => {
            let why = match why {
                ReadProblem::NotFound => tr!("rules.read.not_found"),
                ReadProblem::Denied => tr!("rules.read.denied"),
                ReadProblem::NotRegular => tr!("rules.read.not_regular"),
                ReadProblem::NotUtf8 => tr!("rules.read.not_utf8"),
                ReadProblem::Other(why) => why.into(),
            };
            tr!("rules.error.read", why = why).into()
        }
        Problem::FileTooLarge => tr!("rules.error.file_too_large").into(),
        Problem::Parse(why) => tr!("rules.error.parse", why = render_cause(why)).into(),
        Problem::NoMoves => tr!("rules.error.no_moves").into(),
        Problem::Arity { function, expected } => tr!(
            "rules.error.arity",
            function = function,
            expected = expected_words(expected)
        )
        .into(),
        Problem::Failed { function, why } => tr!(
            "rules.error.failed",
            function = function,
            why = render_cause(why)
        )
        .into(),
        Problem::Operations { function } => tr!(
            "rules.error.operations",
            function = function,
            limit = MAX_OPERATIONS
        )
        .into(),
        Problem::CallDepth { function } => tr!(
            "rules.error.call_depth",
            function = function,
            limit = MAX_CALL_LEVELS
        )
        .into(),
        Problem::DataTooLarge { function } => {
            tr!("rules.error.data_too_large", function = function).into()
        }
        Problem::NotArray { function, got } => tr!(
            "rules.error.not_array",
            function = function,
            got = type_words(got)
        )
        .into(),
        Problem::NotPosition { function, got } => tr!(
            "rules.error.not_position",
            function = function,
            got = type_words(got)
        )
        .into(),
        Problem::PositionTooLarge { function } => {
            tr!("rules.error.position_too_large", function = function).into()
        }
        Problem::WrongType {
            function,
            expected,
            got,
        } => tr!(
            "rules.error.wrong_type",
            function = function,
            expected = expected_words(expected),
            got = type_words(got)
        )
        .into(),
        Problem::BadPosition(why) => {
            tr!("rules.error.bad_position", why = render_cause(why)).into()
        }
        Problem::Interrupted => tr!(
            "rules.bounds.out_of_budget",
            operations = budget::ANSWER_OPERATIONS,
            ms = budget::ANSWER_TIME.as_millis()
        )
        .into(),
    }
}

/// Why Rhai refused a script, a position or a call, in words: the common kinds in the
/// reader's language, a rare one in Rhai's (English) words.
fn render_cause(cause: &Cause) -> String {
    match cause {
        Cause::UnexpectedEnd => tr!("rules.cause.unexpected_end"),
        Cause::Missing(token) => tr!("rules.cause.missing", token = token),
        Cause::Unexpected(what) => tr!("rules.cause.unexpected", what = what),
        Cause::UnclosedString => tr!("rules.cause.unclosed_string"),
        Cause::Reserved(word) => tr!("rules.cause.reserved", word = word),
        Cause::ExpressionMissing => tr!("rules.cause.expression_missing"),
        Cause::DefinedTwice {
            function,
            parameters,
        } => tr!(
            "rules.cause.defined_twice",
            function = function,
            count = parameters
        ),
        Cause::Constant(name) => tr!("rules.cause.constant", name = name),
        Cause::NoFunction(signature) => tr!(
            "rules.cause.no_function",
            signature = signature_words(signature)
        ),
        Cause::NoVariable(name) => tr!("rules.cause.no_variable", name = name),
        Cause::ArrayIndex { length, index } => {
            tr!("rules.cause.array_index", index = index, length = length)
        }
        Cause::StringIndex { length, index } => {
            tr!("rules.cause.string_index", index = index, length = length)
        }
        Cause::DivisionByZero => tr!("rules.cause.division_by_zero"),
        Cause::Overflow => tr!("rules.cause.overflow"),
        Cause::Thrown(what) => tr!("rules.cause.thrown", what = what),
        Cause::OfType(got) => tr!("rules.cause.of_type", got = type_words(got)),
        Cause::Mismatch { wanted, found } => tr!(
            "rules.cause.mismatch",
            wanted = type_words(wanted),
            found = type_words(found)
        ),
        Cause::ForNotIterable => tr!("rules.cause.for_not_iterable"),
        Cause::NotIndexable(what) => tr!("rules.cause.not_indexable", what = type_words(what)),
        Cause::PropertyExpected => tr!("rules.cause.property_expected"),
        Cause::VariableExpected => tr!("rules.cause.variable_expected"),
        Cause::Rhai(text) => tr!("rules.cause.rhai", text = text),
    }
    .into_owned()
}

/// What an interface function must take or return, in words: the engine names it by these
/// fixed phrases (`"2 parameters (s, t)"`), each worded here in the reader's language.
fn expected_words(expected: &str) -> String {
    let key = match expected {
        "no parameters" => "rules.expected.none",
        "1 parameter (s)" => "rules.expected.s",
        "1 parameter (s) or 2 (s, side)" => "rules.expected.s_or_side",
        "2 parameters (s, t)" => "rules.expected.s_t",
        "1 parameter (r)" => "rules.expected.r",
        "2 parameters (size, seed)" => "rules.expected.size_seed",
        "true or false" => "rules.expected.bool",
        "a string" => "rules.expected.string",
        "an integer" => "rules.expected.integer",
        "a string or an array of strings" => "rules.expected.strings",
        other => return other.to_string(),
    };
    tr!(key).into_owned()
}

/// A Rhai function signature (`- (&str | ImmutableString, i64)`) with its type names in the
/// reader's words (`- (字符串, 整数)`); the function's name is the script's.
fn signature_words(signature: &str) -> String {
    let Some((name, rest)) = signature.split_once('(') else {
        return signature.to_string();
    };
    let Some(args) = rest.strip_suffix(')') else {
        return signature.to_string();
    };
    let args: Vec<String> = args
        .split(',')
        .filter(|a| !a.trim().is_empty())
        .map(type_words)
        .collect();
    format!("{name}({})", args.join(", "))
}

/// A Rhai type name (`i64`, `&str | ImmutableString`, `array`) in the reader's words.
fn type_words(rhai: &str) -> String {
    let name = rhai.trim();
    // Rhai's parser words a type with its article (`a number`, `an iterable value`).
    let bare = name
        .strip_prefix("an ")
        .or_else(|| name.strip_prefix("a "))
        .unwrap_or(name);
    let key = match bare {
        "iterable value" => "rules.type.iterable",
        "number" => "rules.type.number",
        "boolean" => "rules.type.bool",
        "i64" | "i32" | "u64" | "INT" | "integer" => "rules.type.integer",
        "f64" | "f32" | "FLOAT" | "float" => "rules.type.float",
        "bool" => "rules.type.bool",
        "char" => "rules.type.char",
        "()" | "unit" => "rules.type.unit",
        "array" | "Array" => "rules.type.array",
        "map" | "Map" => "rules.type.map",
        "Fn" | "FnPtr" => "rules.type.function",
        "range" | "RangeInclusive<i64>" | "Range<i64>" => "rules.type.range",
        _ if name.contains("str") || name.contains("ImmutableString") || name == "string" => {
            "rules.type.string"
        }
        _ => return format!("`{name}`"),
    };
    tr!(key).into_owned()
}

fn input(e: RulesError) -> Failure {
    Failure::Input(render_error(&e))
}

/// Loads a rules file, its errors as bad input (exit 2).
pub fn load(path: &Path) -> Result<Rules, Failure> {
    Rules::load(path).map_err(input)
}

/// The position to start from: `text` read as a Rhai literal, else the script's `start()`.
pub fn root(rules: &Rules, text: Option<&str>, side: u8) -> Result<Node, Failure> {
    if side != 0 && !rules.two_sided() {
        return Err(Failure::Input(
            tr!("rules.side_one_sided", file = rules.file()).into(),
        ));
    }
    let position = match text {
        Some(text) => rules.parse_position(text).map_err(input)?,
        None => rules
            .start()
            .map_err(input)?
            .ok_or_else(|| Failure::Input(tr!("rules.needs_start", file = rules.file()).into()))?,
    };
    Ok(Node::new(position, side))
}

/// The game's title.
pub fn title(rules: &Rules) -> String {
    let name = rules
        .name()
        .map_or_else(|| tr!("rules.untitled").into_owned(), str::to_string);
    tr!("rules.title", name = name, file = rules.file()).into()
}

/// Why SG values do not apply to these rules, if they do not.
pub fn why_no_values(rules: &Rules) -> Option<String> {
    let key = if rules.two_sided() {
        "rules.why_not.two_sided"
    } else if rules.misere() {
        "rules.why_not.misere"
    } else if rules.scoring() {
        "rules.why_not.scoring"
    } else {
        return None;
    };
    Some(crate::locale::text(key).into_owned())
}

/// The verdict of a position in one sentence.
pub fn verdict_sentence(rules: &Rules, judgement: &Judgement, moves: usize) -> String {
    let count = judgement.remoteness.unwrap_or(0);
    match judgement.verdict {
        Verdict::Win if moves == 0 => tr!("rules.over_won").into(),
        Verdict::Lose if moves == 0 => tr!("rules.over_lost").into(),
        Verdict::Win => match (judgement.remoteness, judgement.value) {
            (None, Some(v)) => tr!("rules.wins_by_value", value = v).into(),
            _ => tr!("rules.wins", count = count).into(),
        },
        Verdict::Lose => match (judgement.remoteness, judgement.value) {
            (None, Some(_)) => tr!("rules.loses_by_value").into(),
            _ => tr!("rules.loses", count = count).into(),
        },
        Verdict::Draw => tr!("rules.draw").into(),
        Verdict::Score(s) if s > 0 => tr!("rules.score_ahead", score = s, count = count).into(),
        Verdict::Score(s) if s < 0 => tr!(
            "rules.score_behind",
            score = s.unsigned_abs(),
            count = count
        )
        .into(),
        Verdict::Score(_) => {
            let _ = rules;
            tr!("rules.score_level", count = count).into()
        }
    }
}

/// A move's mark: won, lost or drawn for the player making it, or a score.
pub fn mark(step: &solve::Step) -> String {
    match step.judgement.map(|j| j.verdict) {
        Some(Verdict::Lose) => tr!("rules.mark.win").into(),
        Some(Verdict::Win) => tr!("rules.mark.lose").into(),
        Some(Verdict::Draw) => tr!("rules.mark.draw").into(),
        Some(Verdict::Score(s)) => format!("{:+4}", step.gain.saturating_sub(s)),
        None => tr!("rules.mark.unknown").into(),
    }
}

/// What is known after a move: its value, its remoteness, its score.
pub fn step_details(step: &solve::Step, scoring: bool) -> String {
    let mut details = Vec::new();
    if scoring {
        details.push(tr!("rules.after.gain", gain = step.gain).into_owned());
    }
    if let Some(j) = step.judgement {
        if let Some(v) = j.value {
            details.push(tr!("rules.after.value", value = v).into_owned());
        }
        if let Verdict::Score(s) = j.verdict {
            details.push(
                tr!(
                    "rules.after.ends",
                    score = format!("{:+}", step.gain.saturating_sub(s))
                )
                .into_owned(),
            );
        } else if let Some(r) = j.remoteness.filter(|_| j.verdict != Verdict::Draw) {
            let lang = crate::locale::lang();
            details.push(crate::locale::counted(
                lang,
                "rules.after.remoteness",
                r.into(),
                &[],
            ));
        }
    }
    // Chinese joins and brackets its asides with full-width marks (；（）), as every other line.
    details.join(&tr!("rules.after.separator"))
}

/// A move in words: the script's `describe`, else the position it reaches.
pub fn step_words(rules: &Rules, from: &Node, step: &solve::Step) -> Result<String, Failure> {
    let to = step.to.position.to_string();
    Ok(
        match rules
            .describe(&from.position, &step.to.position)
            .map_err(input)?
        {
            Some(words) if !words.is_empty() => format!("{to}  {words}"),
            _ => to,
        },
    )
}

/// The analysis of `root` within the AI's limits.
pub fn analysis(rules: &Rules, root: &Node) -> Result<Analysis, Failure> {
    solve::analyze(rules, root, &solve::ai_limits()).map_err(input)
}

/// Why an analysis is not exact, in words: too large to search, and for a game of parts, too
/// large to value even its parts (with how many have a value).
pub fn too_large_words(rules: &Rules, analysis: &Analysis) -> String {
    let limits = solve::ai_limits();
    let ms = crate::solver::EXACT_DEADLINE.as_millis();
    let mb = limits.bytes >> 20;
    if rules.impartial() && rules.has_parts() {
        tr!(
            "rules.bounds.parts_too_large",
            ms = ms,
            mb = mb,
            count = analysis.searched
        )
        .into()
    } else {
        tr!("rules.too_large", ms = ms, mb = mb).into()
    }
}

/// `grundy analyze --rules FILE [POSITION]`.
pub fn analyze(
    path: &Path,
    position: Option<&str>,
    side: u8,
    move_limit: usize,
    out: &mut impl Write,
) -> Result<ExitCode, Failure> {
    budget::answer(Budget::answer(), || {
        analyze_within(path, position, side, move_limit, out)
    })
}

fn analyze_within(
    path: &Path,
    position: Option<&str>,
    side: u8,
    move_limit: usize,
    out: &mut impl Write,
) -> Result<ExitCode, Failure> {
    let rules = load(path)?;
    let root = root(&rules, position, side)?;
    writeln!(out, "{}", title(&rules))?;
    explain(&rules, &root, move_limit, out)?;
    Ok(ExitCode::SUCCESS)
}

/// A position of a rules file explained, as `analyze --rules` prints it after the title: the
/// position, its board, the verdict and value, how far the search went, and the moves (at
/// most `move_limit`), the best first. Within the answer's budget the caller opened.
pub fn explain(
    rules: &Rules,
    root: &Node,
    move_limit: usize,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let side = root.side;
    writeln!(out, "{}", tr!("cli.analyze.position", code = root.position))?;
    if rules.two_sided() {
        let key = if side == 0 {
            "rules.to_move.first"
        } else {
            "rules.to_move.second"
        };
        writeln!(out, "{}", crate::locale::text(key))?;
    }
    if let Some(board) = rules.show(&root.position).map_err(input)? {
        for line in board {
            writeln!(out, "  {line}")?;
        }
    }
    writeln!(out)?;
    let analysis = analysis(rules, root)?;
    if let Some(j) = &analysis.judgement {
        writeln!(out, "{}", verdict_sentence(rules, j, analysis.moves.len()))?;
        if let Some(v) = j.value {
            writeln!(out, "{}", tr!("rules.value", value = v))?;
        }
    }
    let no_values = why_no_values(rules).or_else(|| {
        (analysis.exact && analysis.judgement.is_some_and(|j| j.value.is_none()))
            .then(|| crate::locale::text("rules.why_not.repeats").into_owned())
    });
    if let Some(why) = no_values {
        writeln!(out, "{}", tr!("rules.no_value", why = why))?;
    }
    if analysis.exact {
        writeln!(out, "{}", tr!("rules.searched", count = analysis.searched))?;
    } else if analysis.by_parts {
        writeln!(
            out,
            "{}",
            tr!("rules.bounds.by_parts", count = analysis.searched)
        )?;
    } else {
        writeln!(out, "{}", too_large_words(rules, &analysis))?;
    }
    writeln!(out)?;
    writeln!(out, "{}", tr!("rules.moves", count = analysis.moves.len()))?;
    // The best moves first, as the AI ranks them.
    let mut order: Vec<&solve::Step> = analysis.moves.iter().collect();
    order.sort_by_key(|s| std::cmp::Reverse(solve::rank(s, analysis.scoring)));
    for step in order.iter().take(move_limit) {
        let details = step_details(step, analysis.scoring);
        let words = step_words(rules, root, step)?;
        if details.is_empty() {
            writeln!(out, "  {} {words}", mark(step))?;
        } else {
            let details = tr!("rules.after.bracketed", details = details);
            writeln!(out, "  {} {words}{details}", mark(step))?;
        }
    }
    if analysis.moves.len() > move_limit {
        writeln!(
            out,
            "  {}",
            tr!(
                "rules.more_moves",
                count = analysis.moves.len() - move_limit
            )
        )?;
    }
    Ok(())
}

/// The AI's reason in words.
pub fn reason_words(reason: Reason) -> String {
    match reason {
        Reason::Win(Some(count)) => {
            crate::locale::counted(crate::locale::lang(), "rules.reason.win", count.into(), &[])
        }
        Reason::Win(None) => tr!("rules.reason.win_by_value").into(),
        Reason::Draw => tr!("rules.reason.draw").into(),
        Reason::Stall(Some(count)) => crate::locale::counted(
            crate::locale::lang(),
            "rules.reason.stall",
            count.into(),
            &[],
        ),
        Reason::Stall(None) => tr!("rules.reason.stall_unknown").into(),
        Reason::Score(score) => tr!("rules.reason.score", score = format!("{score:+}")).into(),
        Reason::Guess => tr!("rules.reason.guess").into(),
    }
}

/// Why the AI played its move, with "perfect AI" only when it is: a guess says so.
pub fn reason_line(reason: Reason) -> String {
    if reason == Reason::Guess {
        tr!("rules.bounds.move_guess", reason = reason_words(reason)).into()
    } else {
        tr!("rules.move_reason", reason = reason_words(reason)).into()
    }
}

/// `grundy move --rules FILE [POSITION]`: the move in words, why, and as the last line the
/// position after it.
pub fn ai_move(
    path: &Path,
    position: Option<&str>,
    side: u8,
    seed: Option<u64>,
    out: &mut impl Write,
) -> Result<ExitCode, Failure> {
    budget::answer(Budget::answer(), || {
        ai_move_within(path, position, side, seed, out)
    })
}

fn ai_move_within(
    path: &Path,
    position: Option<&str>,
    side: u8,
    seed: Option<u64>,
    out: &mut impl Write,
) -> Result<ExitCode, Failure> {
    let rules = load(path)?;
    let root = root(&rules, position, side)?;
    let analysis = analysis(&rules, &root)?;
    let mut rng = match seed {
        Some(seed) => ReplayRng::seed_from_u64(seed),
        None => rand::make_rng::<ReplayRng>(),
    };
    let Some((step, reason)) = solve::best_move(&analysis, &mut rng) else {
        report(&tr!("rules.no_move"));
        return Ok(ExitCode::from(1));
    };
    writeln!(out, "{}", step_words(&rules, &root, &step)?)?;
    writeln!(out, "{}", reason_line(reason))?;
    writeln!(out, "{}", step.to.position)?;
    Ok(ExitCode::SUCCESS)
}

/// The values of positions 0..=n of an impartial rules file, as far as they go, and why they
/// stop there if they do (from the table the game keeps: what an answer valued before is not
/// searched again).
pub fn sg_values(rules: &Rules, n: u32) -> Result<(Vec<u64>, Option<String>), Failure> {
    let limits = solve::table_limits();
    let mut values = Vec::new();
    for x in 0..=i64::from(n) {
        match solve::memo_value(rules, &crate::rules::Value::Int(x), &limits) {
            Ok(v) => values.push(v),
            Err(solve::SearchError::Script(e)) => return Err(input(e)),
            Err(solve::SearchError::TooLarge) => {
                let why = tr!(
                    "rules.bounds.table_too_large",
                    count = rules.memo().len(),
                    mb = solve::TABLE_BYTES >> 20
                );
                return Ok((
                    values,
                    Some(tr!("rules.sg.stopped", n = x, why = why).into()),
                ));
            }
            Err(solve::SearchError::Repeats) => {
                let why = tr!("rules.why_not.repeats");
                return Ok((
                    values,
                    Some(tr!("rules.sg.stopped", n = x, why = why).into()),
                ));
            }
        }
    }
    Ok((values, None))
}

/// `grundy sg --rules FILE --n N`: the values of positions 0..=N, ten to a row, as `sg heaps`
/// prints them, with the period line; `--check FORMULA` over them, `--svg`/`--png` their strip.
pub fn sg_table(
    path: &Path,
    sg: &super::SgArgs,
    out: &mut impl Write,
) -> Result<ExitCode, Failure> {
    budget::answer(Budget::table(), || sg_table_within(path, sg, out))
}

fn sg_table_within(
    path: &Path,
    sg: &super::SgArgs,
    out: &mut impl Write,
) -> Result<ExitCode, Failure> {
    // A bad formula is refused before the script runs.
    let formula = super::sg::formula_of(sg.check.as_deref(), &[("n", 1)])?;
    let rules = load(path)?;
    if let Some(why) = why_no_values(&rules) {
        return Err(Failure::Input(
            tr!("rules.sg.not_impartial", file = rules.file(), why = why).into(),
        ));
    }
    let (values, stopped) = sg_values(&rules, sg.n)?;
    let name = rules
        .name()
        .map_or_else(|| rules.file().to_string(), str::to_string);
    writeln!(out, "{}", tr!("rules.sg.title", name = name))?;
    // The period as it shows in the table, never proved: a script's moves are not an octal
    // code's, so the theorem does not apply.
    let row: Vec<u32> = values
        .iter()
        .map(|&v| u32::try_from(v).unwrap_or(u32::MAX))
        .collect();
    let period = crate::games::heaps::period::find_period(&row, None);
    if let Some(last) = values.len().checked_sub(1) {
        super::sg::heap_rows(&values, last as u64, out)?;
        writeln!(out, "{}", super::sg::period_line(period, last as u64))?;
    }
    if let Some(why) = stopped {
        writeln!(out, "{why}")?;
    }
    if sg.svg.is_some() || sg.png.is_some() {
        let strip =
            crate::picture::Strip::new(name, 0, values.clone()).with_marks(period.map(|p| {
                crate::picture::Marks {
                    preperiod: p.preperiod,
                    period: p.period,
                }
            }));
        super::picture::write_picture(&crate::picture::Picture::Strip(strip), sg, out)?;
    }
    let checked = super::sg::Checked::Line {
        first: 0,
        values: values.iter().map(|&v| v as i64).collect(),
    };
    let code = match &formula {
        Some(formula) => super::sg::check_formula(
            formula,
            sg.check.as_deref().unwrap_or_default(),
            &checked,
            out,
        )?,
        None => ExitCode::SUCCESS,
    };
    if sg.pattern {
        writeln!(out, "{}", super::sg::pattern_line(&checked))?;
    }
    Ok(code)
}

/// `grundy sg --rules FILE --rows A --cols B`: the values of the positions [a, b] for
/// 0 ≤ a ≤ A, 0 ≤ b ≤ B (a two-number game: a W × H sheet, a pair of heaps), a row per a, from
/// [`crate::lab::pairs::pair_table`], with a period by rows or by columns where one shows,
/// `--check` (variables a and b), `--pattern` and the heat map (`--svg`, `--png`) as the
/// built-in tables have them.
pub fn sg_grid_table(
    path: &Path,
    sg: &super::SgArgs,
    out: &mut impl Write,
) -> Result<ExitCode, Failure> {
    budget::answer(Budget::table(), || sg_grid_table_within(path, sg, out))
}

/// Why a table of two numbers stopped, in words.
pub fn pair_stop_words(stop: crate::lab::pairs::Stop) -> String {
    match stop {
        crate::lab::pairs::Stop::TooLarge => tr!("rules.sg.too_large"),
        crate::lab::pairs::Stop::Repeats => tr!("rules.why_not.repeats"),
    }
    .into_owned()
}

/// The lines saying the periods by rows and by columns of a table of two numbers, or that it
/// shows none.
pub fn pair_period_lines(table: &crate::lab::pairs::PairTable) -> Vec<String> {
    let rows = table.whole_rows() as u64;
    let cols = u64::from(table.cols) + 1;
    let mut lines: Vec<String> = [
        ("lab.pairs.row_period", table.row_period(), rows),
        ("lab.pairs.col_period", table.col_period(), cols),
    ]
    .into_iter()
    .filter_map(|(key, period, count)| {
        let p = period?;
        let to = count - 1 - p.period;
        Some(tr!(key, period = p.period, from = p.preperiod, to = to).into_owned())
    })
    .collect();
    if lines.is_empty() {
        lines.push(tr!("lab.pairs.no_period").into_owned());
    }
    lines
}

fn sg_grid_table_within(
    path: &Path,
    sg: &super::SgArgs,
    out: &mut impl Write,
) -> Result<ExitCode, Failure> {
    let (rows, cols) = (sg.rows.unwrap_or(0), sg.cols.unwrap_or(0));
    let rules = load(path)?;
    if let Some(why) = why_no_values(&rules) {
        return Err(Failure::Input(
            tr!("rules.sg.not_impartial", file = rules.file(), why = why).into(),
        ));
    }
    let check = sg.check.as_deref();
    let formula = super::sg::formula_of(check, &[("a", 1), ("b", 1)])?;
    let name = rules
        .name()
        .map_or_else(|| rules.file().to_string(), str::to_string);
    let table = crate::lab::pairs::pair_table(&rules, (rows, cols), &solve::table_limits())
        .map_err(input)?;
    writeln!(out, "{}", tr!("rules.sg.grid_title", name = name))?;
    write!(out, "{:>4} |", "a\\b")?;
    for b in 0..=cols {
        write!(out, " {b:>3}")?;
    }
    writeln!(out)?;
    writeln!(out, "{}", "-".repeat(6 + 4 * (cols as usize + 1)))?;
    for (a, row) in table.values.chunks(cols as usize + 1).enumerate() {
        write!(out, "{a:>4} |")?;
        for v in row {
            write!(out, " {v:>3}")?;
        }
        writeln!(out)?;
    }
    if let Some(((a, b), stop)) = table.stopped {
        if table.values.len() % (cols as usize + 1) == 0 {
            // The stop is at a row's first cell: that row is not started.
            writeln!(out, "{a:>4} |")?;
        }
        writeln!(
            out,
            "{}",
            tr!(
                "rules.sg.stopped",
                n = format!("[{a}, {b}]"),
                why = pair_stop_words(stop)
            )
        )?;
    }
    if table.whole_rows() > 0 {
        for line in pair_period_lines(&table) {
            writeln!(out, "{line}")?;
        }
    }
    if (sg.svg.is_some() || sg.png.is_some()) && table.whole_rows() > 0 {
        let map = crate::picture::Picture::HeatMap(table.heat_map(name));
        super::picture::write_picture(&map, sg, out)?;
    }
    let checked = super::sg::Checked::Grid {
        cells: table.cells(),
    };
    let code = match (&formula, check) {
        (Some(formula), Some(text)) => super::sg::check_formula(formula, text, &checked, out)?,
        _ => ExitCode::SUCCESS,
    };
    if sg.pattern {
        writeln!(out, "{}", super::sg::pattern_line(&checked))?;
    }
    Ok(code)
}
