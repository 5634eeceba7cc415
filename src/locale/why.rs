//! A [`Derivation`] in words, in the thread's language (`locales/why.toml`): the one renderer
//! of "why this value", for `analyze --why PART` and for the game's why-view.

use unicode_width::UnicodeWidthStr;

use crate::game::shorten_code;
use crate::games::heaps::Rule;
use crate::games::turning::TurnRule;
use crate::locale::Words;
use crate::nimber::Nimber;
use crate::tr;
use crate::why::{
    Choice, Count, Derivation, Formula, PartError, PartName, PartSyntax, PartsSum, Piece, WinRule,
};

/// Where a derivation is read: the command line (its left-out line names `--moves`) or the
/// game's why-view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reader {
    CommandLine,
    View,
}

/// A value as boards print it: `*3`.
fn star(v: Nimber) -> String {
    format!("*{}", v.short())
}

/// The part a derivation is about, in words ("row 1 (12 pins)").
pub fn part_words(d: &Derivation) -> String {
    part_name_words(&d.part, matches!(d.rule, Some(Rule::Kayles)))
}

/// A part in words; `kayles`: heaps are rows of pins.
pub fn part_name_words(part: &PartName, kayles: bool) -> String {
    match part {
        PartName::Heap { number, size } if kayles => {
            tr!("why.part.row", number = number, size = size).into_owned()
        }
        PartName::PinRow { number, pins } => {
            tr!("why.part.row", number = number, size = pins).into_owned()
        }
        PartName::Heap { number, size } => {
            tr!("why.part.heap", number = number, size = size).into_owned()
        }
        PartName::Coin { coin } => tr!("why.part.coin", coin = coin).into_owned(),
        PartName::Cell { row, col } => tr!("why.part.cell", row = row, col = col).into_owned(),
        PartName::Box { number } => tr!("why.part.box", number = number).into_owned(),
        PartName::Stair { stair, balls } => {
            tr!("why.part.stair", stair = stair, balls = balls).into_owned()
        }
        PartName::Pair { number, x, y } => {
            tr!("why.part.pair", number = number, x = x, y = y).into_owned()
        }
        PartName::Token { number, vertex } => {
            tr!("why.part.token", number = number, vertex = vertex).into_owned()
        }
        PartName::Queen { number, a, b } => {
            tr!("why.part.queen", number = number, a = a, b = b).into_owned()
        }
        PartName::FibHeap { heap, limit } => {
            tr!("why.part.fibheap", heap = heap, limit = limit).into_owned()
        }
        PartName::Component { number, code } => tr!(
            "why.part.component",
            number = number,
            code = shorten_code(code, 40)
        )
        .into_owned(),
    }
}

fn piece_words(p: &Piece) -> String {
    match p {
        Piece::Heap { size } => size.to_string(),
        Piece::Coin { coin } => tr!("why.piece.coin", coin = coin).into_owned(),
        Piece::Cell { row, col } => format!("({row},{col})"),
        Piece::Box { number } => tr!("why.piece.box", number = number).into_owned(),
        Piece::Stair { stair, balls } => {
            tr!("why.piece.stair", stair = stair, balls = balls).into_owned()
        }
        Piece::StairRaised { stair, from, to } => tr!(
            "why.piece.stair_raised",
            stair = stair,
            from = from,
            to = to
        )
        .into_owned(),
        Piece::Pair { x, y } => format!("({x}, {y})"),
        Piece::Vertex { vertex } => tr!("why.piece.vertex", vertex = vertex).into_owned(),
        Piece::Queen { a, b } => format!("({a}, {b})"),
        Piece::FibHeap { heap, limit } => {
            tr!("why.piece.fibheap", heap = heap, limit = limit).into_owned()
        }
        Piece::Component { code } => shorten_code(code, 40),
    }
}

/// A formula with its numbers filled in.
pub fn formula_words(formula: &Formula) -> String {
    let v = formula.evaluate().map(star).unwrap_or_default();
    let lost = formula.lost() == Some(true);
    let text = match formula {
        Formula::Nim { x } => tr!("why.formula.nim", x = x, v = v),
        Formula::Bash { x, m } => tr!("why.formula.bash", m = m, m1 = m + 1, x = x, v = v),
        Formula::TakeRange { x, l, r } => tr!(
            "why.formula.take",
            l = l,
            r = r,
            lr = l + r,
            rem = x % (l + r),
            v = v
        ),
        Formula::KaylesPeriod { x, same_as } => {
            tr!("why.formula.kayles_period", x = x, same_as = same_as, v = v)
        }
        Formula::OctalPeriod {
            x,
            same_as,
            period,
            from,
            ..
        } => tr!(
            "why.formula.octal_period",
            x = x,
            same_as = same_as,
            period = period,
            from = from,
            v = v
        ),
        Formula::OctalSaltus {
            x,
            same_as,
            period,
            saltus,
            from,
            checked_to,
            blocks,
            ..
        } => tr!(
            "why.formula.octal_saltus",
            x = x,
            same_as = same_as,
            period = period,
            saltus = saltus,
            from = from,
            to = checked_to,
            blocks = blocks,
            v = v
        ),
        Formula::Lieges { k, x } if k % 2 == 0 => tr!("why.formula.lieges_even", k = k, x = x),
        Formula::Lieges { k, x } => tr!("why.formula.lieges_odd", k = k, x = x),
        Formula::Coprime { x, least_prime } => match x {
            0 | 1 => tr!("why.formula.coprime_small", x = x, v = v),
            _ if x % 2 == 0 => tr!("why.formula.coprime_even", x = x, v = v),
            _ => tr!("why.formula.coprime_odd", x = x, p = least_prime, v = v),
        },
        Formula::MisereNim { x } => tr!("why.formula.misere_nim", x = x, v = v),
        Formula::CoinClass {
            coin,
            c,
            a,
            b,
            maxq,
        } => tr!(
            "why.formula.coin_class",
            maxq = maxq,
            coin = coin,
            c = c,
            a = a,
            b = b,
            v = v
        ),
        Formula::GridCell {
            row,
            col,
            edge: true,
        } => tr!("why.formula.grid_edge", sum = row + col - 1, v = v),
        Formula::GridCell {
            row,
            col,
            edge: false,
        } => tr!("why.formula.grid_inside", exp = row + col - 2, v = v),
        Formula::DodgeballChain { number, boxes } => {
            tr!(
                "why.formula.dodgeball",
                number = number,
                boxes = boxes,
                v = v
            )
        }
        Formula::StairNim { stair, balls } if stair % 2 == 0 => {
            tr!(
                "why.formula.stair_even",
                stair = stair,
                balls = balls,
                v = v
            )
        }
        Formula::StairNim { stair, .. } => tr!("why.formula.stair_odd", stair = stair),
        Formula::EdLowestZeroBit { x, y } => tr!(
            "why.formula.ed",
            x1 = x - 1,
            y1 = y - 1,
            bits = format!("{:b}", (x - 1) | (y - 1)),
            v = v
        ),
        Formula::WythoffBeatty { a, b, k, lower } if lost => {
            tr!(
                "why.formula.wythoff_lost",
                a = a,
                b = b,
                k = k,
                lower = lower
            )
        }
        Formula::WythoffBeatty { a, b, k, lower } => {
            tr!(
                "why.formula.wythoff_won",
                a = a,
                b = b,
                k = k,
                lower = lower
            )
        }
        Formula::Zeckendorf { heap, limit, terms } => {
            let terms = terms
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(" + ");
            if lost {
                tr!(
                    "why.formula.zeckendorf_lost",
                    heap = heap,
                    terms = terms,
                    limit = limit
                )
            } else {
                tr!(
                    "why.formula.zeckendorf_won",
                    heap = heap,
                    terms = terms,
                    limit = limit
                )
            }
        }
        Formula::TurningCoin { rule, coin } => {
            let key = match rule {
                TurnRule::Turtles => "why.formula.turtles",
                TurnRule::Mock => "why.formula.mock",
                TurnRule::Ruler => "why.formula.ruler",
            };
            tr!(key, coin = coin, v = v)
        }
        Formula::SumOfParts { values } => tr!(
            "why.formula.sum",
            values = values
                .iter()
                .map(|&v| star(v))
                .collect::<Vec<_>>()
                .join(" ⊕ "),
            v = v
        ),
    };
    text.into_owned()
}

/// What one option leaves, with its value: `3 + 7 = *3 ⊕ *2 = *1`.
pub fn choice_words(choice: &Choice) -> String {
    let Choice {
        pieces,
        value,
        to_lost,
        ..
    } = choice;
    let names: Vec<String> = pieces.iter().map(|(p, _)| piece_words(p)).collect();
    match (value, pieces.as_slice()) {
        (Some(v), []) => tr!("why.choice.nothing", v = star(*v)).into_owned(),
        (Some(v), [_]) => format!("{} = {}", names[0], star(*v)),
        (Some(v), _) => format!(
            "{} = {} = {}",
            names.join(" + "),
            pieces
                .iter()
                .map(|(_, v)| v.map(star).unwrap_or_default())
                .collect::<Vec<_>>()
                .join(" ⊕ "),
            star(*v)
        ),
        (None, _) if *to_lost => {
            tr!("why.choice.unknown_lost", pieces = names.join(" + ")).into_owned()
        }
        (None, _) => tr!("why.choice.unknown_won", pieces = names.join(" + ")).into_owned(),
    }
}

/// The options listed, and how many were left out, as [`lines`] shows them.
fn option_lines(d: &Derivation, reader: Reader, joint: bool, out: &mut Vec<String>) {
    let listed = d.choices.len();
    out.push(format!(
        "  {}",
        match d.total {
            Count::Exactly(0) => tr!("why.options.none"),
            Count::Exactly(n) if n == listed => tr!("why.options.all", n = n),
            Count::Exactly(n) => tr!("why.options.first", n = n, listed = listed),
            Count::AtLeast(n) => tr!("why.options.at_least", n = n, listed = listed),
        }
    ));
    for choice in &d.choices {
        // English keeps the move notation `analyze` lists (English words already); another
        // language words the move, as its move lists do.
        let mv = match crate::locale::lang() {
            crate::lang::Lang::En => choice.mv.clone(),
            _ => choice.said.words(),
        };
        let after = if joint {
            joint_choice_words(choice)
        } else {
            choice_words(choice)
        };
        out.push(format!("    {mv}  → {after}"));
    }
    let left_out = match d.total {
        Count::Exactly(n) => (n.saturating_sub(listed), false),
        Count::AtLeast(n) => (n.saturating_sub(listed), true),
    };
    match (left_out, reader) {
        ((0, false), _) => {}
        ((n, false), Reader::CommandLine) => {
            out.push(format!("    {}", tr!("why.left_out", n = n)))
        }
        ((n, true), Reader::CommandLine) => {
            out.push(format!("    {}", tr!("why.left_out_at_least", n = n)))
        }
        ((n, false), Reader::View) => out.push(format!("    {}", tr!("why.left_out_view", n = n))),
        ((n, true), Reader::View) => {
            out.push(format!("    {}", tr!("why.left_out_view_at_least", n = n)))
        }
    }
}

/// What an option of a part with no value of its own leaves: the pieces, and whether the
/// whole position is then won or lost for the player to move (the one decided by the rule).
fn joint_choice_words(choice: &Choice) -> String {
    let pieces: Vec<String> = choice.pieces.iter().map(|(p, _)| piece_words(p)).collect();
    let key = if choice.to_lost {
        "why.choice.joint_lost"
    } else {
        "why.choice.joint_won"
    };
    tr!(key, pieces = pieces.join(" + ")).into_owned()
}

/// A part that is not a separate game (a Nim-K heap): no value, no mex; the rule that decides
/// the whole position, then its options and what each leaves the opponent.
fn joint_lines(d: &Derivation, rule: &crate::message::Msg, reader: Reader) -> Vec<String> {
    let part = super::before_han(&part_words(d));
    let mut out = vec![
        tr!("why.title_joint", part = part).into_owned(),
        format!("  {}", tr!("why.joint_rule", rule = rule.words())),
    ];
    option_lines(d, reader, true, &mut out);
    out
}

/// A derivation in the thread's language, one string per line: the title, then indented
/// lines (two spaces, four for an option).
pub fn lines(d: &Derivation, reader: Reader) -> Vec<String> {
    if let Some(rule) = &d.joint {
        return joint_lines(d, rule, reader);
    }
    let part = super::before_han(&part_words(d));
    let mut out = Vec::new();
    out.push(match d.value {
        Some(v) => tr!("why.title", part = part, value = star(v)).into_owned(),
        None => tr!("why.title_unknown", part = part).into_owned(),
    });
    out.push(format!(
        "  {}",
        match &d.formula {
            Some(formula) => tr!("why.formula", text = formula_words(formula)),
            None => tr!("why.no_formula"),
        }
    ));
    option_lines(d, reader, false, &mut out);
    match (&d.values, d.mex) {
        (Some(values), Some(mex)) => {
            let shown = values
                .iter()
                .take(64)
                .map(|&v| star(v))
                .collect::<Vec<_>>()
                .join(", ");
            out.push(format!(
                "  {}",
                if values.len() > 64 {
                    tr!("why.values_more", values = shown, n = values.len())
                } else {
                    tr!("why.values", values = shown)
                }
            ));
            out.push(format!(
                "  {}",
                match d.value {
                    Some(v) if v == mex => tr!("why.mex_value", mex = star(mex), v = star(v)),
                    Some(v) => tr!("why.mex_rule", mex = star(mex), v = star(v)),
                    None => tr!("why.mex_only", mex = star(mex)),
                }
            ));
        }
        _ => out.push(format!("  {}", tr!("why.no_mex"))),
    }
    match d.win_rule {
        Some(WinRule::MisereLikeNim { nim_sum }) if nim_sum == 0 => out.push(format!(
            "  {}",
            tr!("why.misere_nim_loses", nim_sum = nim_sum)
        )),
        Some(WinRule::MisereLikeNim { nim_sum }) => out.push(format!(
            "  {}",
            tr!("why.misere_nim_wins", nim_sum = nim_sum)
        )),
        Some(WinRule::MisereOnes { ones }) if ones % 2 == 0 => {
            out.push(format!("  {}", tr!("why.misere_ones_wins", ones = ones)))
        }
        Some(WinRule::MisereOnes { ones }) => {
            out.push(format!("  {}", tr!("why.misere_ones_loses", ones = ones)))
        }
        None => {}
    }
    if let Some(rule) = &d.misere {
        out.push(format!(
            "  {}",
            tr!("why.misere_values", rule = rule.words())
        ));
    }
    out
}

/// A derivation as `analyze --why` prints it, in the thread's language.
pub fn render(d: &Derivation) -> String {
    lines(d, Reader::CommandLine).join("\n")
}

/// A part name that could not be used, in the thread's language.
pub fn render_error(part: &str, e: &PartError) -> String {
    // As a code in an error is cut: the part is what the player typed, of any length.
    let part = crate::input::excerpt(part.as_bytes(), 60);
    let part = part.as_str();
    match e {
        PartError::Syntax { expected } => match expected {
            PartSyntax::Number => tr!("why.error.number", part = part),
            PartSyntax::Cell => tr!("why.error.cell", part = part),
            PartSyntax::Component => tr!("why.error.component", part = part),
        },
        PartError::NotAPart { parts } => {
            tr!("why.error.not_a_part", part = part, parts = parts.join(" "))
        }
    }
    .into_owned()
}

/// Every part's value and their nim-sum in the thread's language, one string per line: the
/// explanation of a position where no part has a winning move (a lost one).
pub fn sum_lines(sum: &PartsSum) -> Vec<String> {
    let mut out = vec![if sum.nim_sum.is_zero() {
        tr!("why.sum.title").into_owned()
    } else {
        tr!("why.sum.title_won").into_owned()
    }];
    let names: Vec<String> = sum
        .parts
        .iter()
        .map(|(part, _)| part_name_words(part, sum.kayles))
        .collect();
    let total = tr!("why.sum.total").into_owned();
    let name_width = names
        .iter()
        .chain([&total])
        .map(|n| n.width())
        .max()
        .unwrap_or(0);
    let bits = sum
        .parts
        .iter()
        .map(|(_, v)| *v)
        .chain([sum.nim_sum])
        .map(|v| v.to_binary().len())
        .max()
        .unwrap_or(1);
    for (i, (name, (_, v))) in names.iter().zip(&sum.parts).enumerate() {
        out.push(format!(
            "  {} {:>6}  {} {}",
            padded(name, name_width),
            star(*v),
            if i == 0 { " " } else { "⊕" },
            v.to_binary_width(bits)
        ));
    }
    out.push(format!(
        "  {} {:>6}  = {}",
        padded(&total, name_width),
        star(sum.nim_sum),
        sum.nim_sum.to_binary_width(bits)
    ));
    if sum.nim_sum.is_zero() {
        out.push(format!("  {}", tr!("why.sum.lost")));
    }
    out
}

/// `text` padded with spaces to `columns` terminal columns (a CJK character takes two).
fn padded(text: &str, columns: usize) -> String {
    let fill = columns.saturating_sub(text.width());
    format!("{text}{}", " ".repeat(fill))
}
