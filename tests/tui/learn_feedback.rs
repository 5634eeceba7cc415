//! Every lesson's every exercise, in the three languages, answered right and wrong: each verdict
//! and each value its feedback (the reasons, and the nudge a first wrong answer gets) names must
//! be the engine's for that position under the game's own rule, as `analyze` says it of the same
//! code: who wins, the game's own rule where it decides (the SJ theorem or the misère search,
//! Every-SG's step counts, Nim-K's digit counts), the nim-sum only where the nim-sum decides,
//! and for a move the position it leaves.
//!
//! The sentences are found by their templates in the reader's language (`%{name}` holes read
//! back from the text), so a sentence that says the nim-sum decides where it does not, or names
//! a value the engine does not give, fails whichever language it is in.

use grundy::game::{Impartial, Notation, Position};
use grundy::games::AnyPosition;
use grundy::lang::Lang;
use grundy::learn::{self, Answer, Ask, LESSONS, Outcome, Solution};
use grundy::locale::nudge::nudge_words;
use grundy::locale::{Words, set_lang, text};
use grundy::tui::learn::reasons_text;
use grundy::why::Explain;

/// What the engine says of a position, as `analyze` does.
#[derive(Debug)]
struct Facts {
    code: String,
    won: bool,
    /// The nim-sum, where it decides (values known, no rule of the game's own).
    nim_sum: Option<String>,
    /// The game's own rule applied here, in words, where it decides instead.
    rule: Option<String>,
    /// Whether the rule is one the lessons word as `analyze` does (a misère sum, Every-SG,
    /// Nim-K; misère Nim, Fibonacci Nim and Wythoff's pairs have their lessons' own words).
    rule_as_analyze: bool,
}

fn facts_of<P: Impartial + Notation>(p: &P) -> Facts {
    let rule = p.win_rule();
    Facts {
        code: p.to_code(),
        won: if p.is_over() {
            p.mover_wins_when_over()
        } else {
            p.mover_wins()
        },
        nim_sum: (rule.is_none() && p.values_known()).then(|| format!("*{}", p.nim_sum().short())),
        rule_as_analyze: matches!(P::GAME, "anti" | "every" | "nimk"),
        rule: rule.map(|r| r.words()),
    }
}

fn facts(code: &str) -> Facts {
    let p = AnyPosition::from_code(code).unwrap_or_else(|e| panic!("{code}: {e}"));
    grundy::with_position!(&p, p => facts_of(p))
}

/// The position each legal move leaves, in the order of the exercise's move list.
fn after_each(code: &str) -> Vec<Facts> {
    let p = AnyPosition::from_code(code).unwrap();
    grundy::with_position!(&p, p => p
        .legal_moves()
        .iter()
        .map(|mv| facts_of(&p.play_unchecked(mv)))
        .collect())
}

/// A part's value, as `analyze --why` gives it.
fn part_value(code: &str, part: &str) -> Option<String> {
    let p = AnyPosition::from_code(code).unwrap();
    grundy::with_position!(&p, p => {
        let named = p.parse_part(part).ok()?;
        p.parts()
            .into_iter()
            .find(|(q, _)| *q == named)
            .map(|(_, v)| format!("*{}", v.short()))
    })
}

/// A template's text broken at its `%{name}` holes.
enum Piece {
    Fixed(String),
    Hole(String),
}

fn pieces(template: &str) -> Vec<Piece> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(start) = rest.find("%{") {
        if start > 0 {
            out.push(Piece::Fixed(rest[..start].to_string()));
        }
        let end = rest[start..].find('}').expect("a closed hole") + start;
        out.push(Piece::Hole(rest[start + 2..end].to_string()));
        rest = &rest[end + 1..];
    }
    if !rest.is_empty() {
        out.push(Piece::Fixed(rest.to_string()));
    }
    out
}

/// Every place in `lines` where the sentence of locale key `key` stands, with what fills its
/// holes (a hole never spans a line).
fn said(key: &str, lines: &[String]) -> Vec<Vec<(String, String)>> {
    let template = text(key).into_owned();
    assert!(
        !template.starts_with("en.") && !template.starts_with("zh-"),
        "{template}"
    );
    let pieces = pieces(&template);
    let Some(Piece::Fixed(first)) = pieces.first() else {
        panic!("{key}: a template that starts with a hole");
    };
    let mut found = Vec::new();
    for line in lines {
        let mut from = 0;
        while let Some(at) = line[from..].find(first.as_str()) {
            let start = from + at;
            from = start + first.len();
            let mut cursor = from;
            let mut holes = Vec::new();
            let mut ok = true;
            for (i, piece) in pieces.iter().enumerate().skip(1) {
                match piece {
                    Piece::Fixed(f) => {
                        if line[cursor..].starts_with(f.as_str()) {
                            cursor += f.len();
                        } else {
                            ok = false;
                            break;
                        }
                    }
                    Piece::Hole(name) => {
                        let end = match pieces.get(i + 1) {
                            Some(Piece::Fixed(next)) => match line[cursor..].find(next.as_str()) {
                                Some(e) => cursor + e,
                                None => {
                                    ok = false;
                                    break;
                                }
                            },
                            _ => line.len(),
                        };
                        holes.push((name.clone(), line[cursor..end].to_string()));
                        cursor = end;
                    }
                }
            }
            if ok {
                found.push(holes);
            }
        }
    }
    found
}

fn hole<'a>(holes: &'a [(String, String)], name: &str) -> &'a str {
    &holes.iter().find(|(n, _)| n == name).unwrap().1
}

/// The sentences that say the nim-sum decides.
const NIM_SUM_SENTENCES: &[&str] = &[
    "learn.why.won_nim_sum",
    "learn.why.lost_nim_sum",
    "learn.why.move_wins",
    "learn.why.move_leaves",
    "learn.why.nim_sum_now",
    "nudge.nim_sum_of_all",
    "nudge.nim_sum_of_others",
];

/// Checks the feedback `lines` to an answer about `position` (`moves`: what each move of the
/// exercise's list leaves). Returns the problems found.
fn check_position_words(
    position: &Facts,
    moves: &[(String, Facts)],
    lines: &[String],
    nudge: bool,
    asks_move: bool,
    problems: &mut Vec<String>,
) {
    let mut problem = |what: String| problems.push(format!("{what}\n    {}", lines.join("\n    ")));
    if position.nim_sum.is_none() {
        for key in NIM_SUM_SENTENCES {
            if !said(key, lines).is_empty() {
                problem(format!(
                    "{}: says the nim-sum decides ({key}), but the game's own rule does",
                    position.code
                ));
            }
        }
    }
    for holes in said("learn.why.won_nim_sum", lines) {
        if !position.won || position.nim_sum.as_deref() != Some(hole(&holes, "nim_sum")) {
            problem(format!(
                "{}: says won with nim-sum {}; the engine: won {}, nim-sum {:?}",
                position.code,
                hole(&holes, "nim_sum"),
                position.won,
                position.nim_sum
            ));
        }
    }
    if !said("learn.why.lost_nim_sum", lines).is_empty()
        && (position.won || position.nim_sum.as_deref() != Some("*0"))
    {
        problem(format!("{}: says lost with nim-sum *0", position.code));
    }
    if !said("learn.why.won_by", lines).is_empty() && !position.won {
        problem(format!("{}: says won, the engine says lost", position.code));
    }
    if !said("learn.why.lost_by", lines).is_empty() && position.won {
        problem(format!("{}: says lost, the engine says won", position.code));
    }
    for holes in said("learn.why.nim_sum_now", lines) {
        if position.nim_sum.as_deref() != Some(hole(&holes, "nim_sum")) {
            problem(format!(
                "{}: names the nim-sum {}, the engine {:?}",
                position.code,
                hole(&holes, "nim_sum"),
                position.nim_sum
            ));
        }
    }
    if let (Some(rule), true, false) = (&position.rule, position.rule_as_analyze, nudge) {
        let stated = text("cli.analyze.own_rule").replace("%{rule}", rule);
        // A winning move's feedback speaks of the position it leaves, and may leave out the one
        // before it when the answer is right.
        if !asks_move && !lines.iter().any(|l| l.contains(&stated)) {
            problem(format!(
                "{}: the engine's own rule is not stated: {stated}",
                position.code
            ));
        }
    }
    // What a named move leaves.
    let move_sentences: &[(&str, Option<bool>)] = &[
        ("learn.why.move_wins", Some(false)),
        ("learn.why.move_wins_rule", Some(false)),
        ("learn.why.move_leaves", Some(true)),
        ("learn.why.move_leaves_rule", Some(true)),
        ("learn.why.move_rule", None),
        ("learn.why.move_rule_leaves", Some(true)),
    ];
    for (key, opponent_wins) in move_sentences {
        for holes in said(key, lines) {
            let mv = hole(&holes, "mv");
            let Some((_, after)) = moves.iter().find(|(m, _)| m == mv) else {
                problem(format!(
                    "{}: {key} names a move not in the list: {mv}",
                    position.code
                ));
                continue;
            };
            if let Some(wins) = opponent_wins
                && after.won != *wins
            {
                problem(format!(
                    "{}: {key}: after {mv} the opponent {} ; the engine: {}",
                    position.code,
                    if *wins { "wins" } else { "loses" },
                    if after.won { "wins" } else { "loses" }
                ));
            }
            if *key == "learn.why.move_wins" && after.nim_sum.as_deref() != Some("*0") {
                problem(format!(
                    "{}: says {mv} leaves nim-sum *0; the engine: {:?} ({})",
                    position.code, after.nim_sum, after.code
                ));
            }
            if *key == "learn.why.move_leaves"
                && after.nim_sum.as_deref() != Some(hole(&holes, "nim_sum"))
            {
                problem(format!(
                    "{}: says {mv} leaves nim-sum {}; the engine: {:?}",
                    position.code,
                    hole(&holes, "nim_sum"),
                    after.nim_sum
                ));
            }
            if key.starts_with("learn.why.move_rule")
                && after.rule.as_deref() != Some(hole(&holes, "rule"))
            {
                problem(format!(
                    "{}: says after {mv}: {}; the engine: {:?}",
                    position.code,
                    hole(&holes, "rule"),
                    after.rule
                ));
            }
            if asks_move
                && after.rule_as_analyze
                && after.rule.is_some()
                && !key.starts_with("learn.why.move_rule")
            {
                problem(format!(
                    "{}: {mv} is explained without its own rule ({key})",
                    position.code
                ));
            }
        }
    }
}

/// The right answer by the engine and one wrong answer, for an exercise about a position.
fn answers(code: &str, ask: Ask, moves: &[(String, Facts)]) -> (Answer, Option<Answer>) {
    let here = facts(code);
    let number = |v: Option<String>| {
        let v: u64 = v.expect("a value")[1..].parse().expect("a small value");
        (Answer::Number(v), Some(Answer::Number(v + 1)))
    };
    match ask {
        Ask::Won => (Answer::Won(here.won), Some(Answer::Won(!here.won))),
        Ask::WinningMove => {
            let right = moves
                .iter()
                .position(|(_, after)| !after.won)
                .expect("a won position has a winning move");
            let wrong = moves.iter().position(|(_, after)| after.won);
            (Answer::Move(right), wrong.map(Answer::Move))
        }
        Ask::NimSum => number(here.nim_sum),
        Ask::Value { part } => number(part_value(code, part)),
        _ => unreachable!("a position's exercise"),
    }
}

/// The right answer to a table's or a rules file's exercise (the Lab's table and the rules
/// file's search are tested against brute force elsewhere) and a wrong one.
fn other_answers(solution: &Solution) -> (Answer, Answer) {
    match solution {
        Solution::Won(yes) => (Answer::Won(*yes), Answer::Won(!yes)),
        Solution::Number(n) => {
            let n = n.to_u64().unwrap();
            (Answer::Number(n), Answer::Number(n + 7))
        }
        Solution::Score(s) => (Answer::Number(*s as u64), Answer::Number(*s as u64 + 1)),
        Solution::Outcome(o) => (
            Answer::Outcome(*o),
            Answer::Outcome(if *o == Outcome::Win {
                Outcome::Lose
            } else {
                Outcome::Win
            }),
        ),
        Solution::Moves(_) => unreachable!("a position's exercise"),
    }
}

#[test]
fn every_exercise_is_explained_by_its_own_rule_in_every_language() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for lang in [Lang::En, Lang::ZhCn, Lang::ZhTw] {
        set_lang(lang);
        for (l, lesson) in LESSONS.iter().enumerate() {
            for (e, exercise) in lesson.exercises.iter().enumerate() {
                let at = format!(
                    "{lang:?} lesson {} ({}) exercise {}",
                    l + 1,
                    lesson.id,
                    e + 1
                );
                let table = learn::is_table(exercise.ask) || learn::is_rules(exercise.ask);
                if table {
                    let solution = learn::solve(exercise).unwrap();
                    let (right, wrong) = other_answers(&solution);
                    for (answer, is_right) in [(right, true), (wrong, false)] {
                        let (judged, lines) = reasons_text(l, e, answer, 100_000).unwrap();
                        assert_eq!(judged, is_right, "{at}: {answer:?}");
                        assert!(!lines.is_empty(), "{at}: no reasons");
                        // A period the engine proved is never worded as only observed.
                        let why = learn::check(exercise, answer).unwrap().why;
                        if matches!(why, learn::Why::Period { proved: true, .. }) {
                            let observed = text("learn.why.period_observed");
                            assert!(
                                !lines.iter().any(|l| l.contains(&*observed)),
                                "{at}: {lines:?}"
                            );
                        }
                        checked += 1;
                    }
                    continue;
                }
                let here = facts(exercise.code);
                let moves: Vec<(String, Facts)> = learn::moves(exercise.code)
                    .unwrap()
                    .iter()
                    .map(Words::words)
                    .zip(after_each(exercise.code))
                    .collect();
                let (right, wrong) = answers(exercise.code, exercise.ask, &moves);
                let asks_move = exercise.ask == Ask::WinningMove;
                for (answer, is_right) in [(Some(right), true), (wrong, false)] {
                    let Some(answer) = answer else { continue };
                    let (judged, lines) = reasons_text(l, e, answer, 100_000).unwrap();
                    if judged != is_right {
                        problems.push(format!(
                            "{at}: {answer:?} judged {}, the engine says {}",
                            if judged { "right" } else { "wrong" },
                            if is_right { "right" } else { "wrong" }
                        ));
                    }
                    let before = problems.len();
                    check_position_words(&here, &moves, &lines, false, asks_move, &mut problems);
                    if !is_right {
                        // The first wrong answer gets a nudge before the reasons.
                        let nudge =
                            nudge_words(&learn::nudge(exercise, lesson.values_taught).unwrap());
                        check_position_words(
                            &here,
                            &moves,
                            &[nudge],
                            true,
                            asks_move,
                            &mut problems,
                        );
                    }
                    for p in &mut problems[before..] {
                        *p = format!("{at}, answer {answer:?}: {p}");
                    }
                    checked += 1;
                }
            }
        }
    }
    set_lang(Lang::En);
    assert!(checked > 300, "only {checked} answers walked");
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
