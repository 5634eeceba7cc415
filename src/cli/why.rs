//! `analyze --why PART` in English: the one place a [`Derivation`] becomes words (a locale
//! system replaces this function and nothing else).

use crate::game::shorten_code;
use crate::games::heaps::Rule;
use crate::nimber::Nimber;
use crate::why::{
    Choice, Count, Derivation, Formula, PartError, PartName, PartSyntax, Piece, WinRule,
};

/// A derivation in English, one line per line of output.
pub fn render(d: &Derivation) -> String {
    let star = |v: Nimber| format!("*{}", v.short());
    let kayles = matches!(d.rule, Some(Rule::Kayles));
    let part = match &d.part {
        PartName::Heap { number, size } if kayles => format!("row {number} ({size} pins)"),
        PartName::Heap { number, size } => format!("heap {number} ({size})"),
        PartName::Coin { coin } => format!("coin {coin}"),
        PartName::Cell { row, col } => format!("cell ({row},{col})"),
        PartName::Box { number } => format!("the piece in box {number}"),
        PartName::Stair { stair, balls } => format!("stair {stair} ({balls} balls)"),
        PartName::Pair { number, x, y } => format!("pair {number} ({x}, {y})"),
        PartName::Token { number, vertex } => format!("token {number} (vertex {vertex})"),
        PartName::Queen { number, a, b } => format!("queen {number} ({a}, {b})"),
        PartName::FibHeap { heap, limit } => format!("the heap of {heap} (take ≤ {limit})"),
        PartName::Component { number, code } => {
            format!("component {number} ({})", shorten_code(code, 40))
        }
    };
    let piece = |p: &Piece| match p {
        Piece::Heap { size } => size.to_string(),
        Piece::Coin { coin } => format!("coin {coin}"),
        Piece::Cell { row, col } => format!("({row},{col})"),
        Piece::Box { number } => format!("box {number}"),
        Piece::Stair { stair, balls } => format!("stair {stair} left with {balls}"),
        Piece::StairRaised { stair, from, to } => {
            format!("stair {stair} raised from {from} to {to} (*{from} ⊕ *{to})")
        }
        Piece::Pair { x, y } => format!("({x}, {y})"),
        Piece::Vertex { vertex } => format!("vertex {vertex}"),
        Piece::Queen { a, b } => format!("({a}, {b})"),
        Piece::FibHeap { heap, limit } => format!("{heap} (take ≤ {limit})"),
        Piece::Component { code } => shorten_code(code, 40),
    };
    let mut out = Vec::new();
    out.push(match d.value {
        Some(v) => format!("why {part} is {}:", star(v)),
        None => format!("why {part} is won or lost (its value is past the game's table):"),
    });
    if let Some(formula) = &d.formula {
        let v = formula.evaluate().map(star).unwrap_or_default();
        out.push(format!(
            "  formula: {}",
            match formula {
                Formula::Nim { x } => format!("Nim: SG(x) = x, so SG({x}) = {v}"),
                Formula::Bash { x, m } => format!(
                    "Bash (take 1..{m}): SG(x) = x mod {} = {x} mod {} = {v}",
                    m + 1,
                    m + 1
                ),
                Formula::TakeRange { x, l, r } => format!(
                    "take {l}..{r}: SG(x) = ⌊(x mod {})/{l}⌋ = ⌊{}/{l}⌋ = {v}",
                    l + r,
                    x % (l + r)
                ),
                Formula::KaylesPeriod { x, same_as } => format!(
                    "Kayles repeats with period 12 from 71 rows on: SG({x}) = SG({same_as}) = {v}"
                ),
                Formula::Lieges { k, x } if k % 2 == 0 => format!(
                    "k = {k} is even, so splitting 2y into {k} equal heaps is worth *0 (equal \
                     heaps cancel): SG is 0, 1, 2 for x = 0, 1, 2, then 1 on even x and 0 on \
                     odd x (x = {x})"
                ),
                Formula::Lieges { k, x } => format!(
                    "k = {k} is odd, so splitting 2y into {k} equal heaps is worth SG(y): SG is \
                     0, 1, 0, 1, 2 for x = 0..4, then 0 on odd x and on even x the mex of \
                     SG(x − 1) = 0 and SG(x/2) (x = {x})"
                ),
                Formula::Coprime { x, least_prime } => match x {
                    0 | 1 => format!("coprime takes: SG({x}) = {v}"),
                    _ if x % 2 == 0 => format!(
                        "coprime takes: an even heap can only take odd amounts, leaving odd \
                         heaps: SG({x}) = {v}"
                    ),
                    _ => format!(
                        "coprime takes: an odd heap is worth the index among the primes of its \
                         least prime factor: {x} → {least_prime} → {v}"
                    ),
                },
                Formula::MisereNim { x } => format!(
                    "misère Nim: the heap's normal-play value is {x} = {v}, but who wins is \
                     decided by the misère rule below, not by the nim-sum"
                ),
                Formula::CoinClass {
                    coin,
                    c,
                    a,
                    b,
                    maxq,
                } => format!(
                    "coin row (MAXQ {maxq}): {coin} = {c}·2^{a}·3^{b}; a coin's moves depend \
                     only on (a, b) = ({a}, {b}), so every coin of that class is worth {v}"
                ),
                Formula::GridCell {
                    row,
                    col,
                    edge: true,
                } => format!(
                    "coin grid, row 1 or column 1: SG = lowbit(i + j − 1) = lowbit({}) = {v}",
                    row + col - 1
                ),
                Formula::GridCell {
                    row,
                    col,
                    edge: false,
                } => format!(
                    "coin grid, inside: SG = 2^(i + j − 2) = 2^{} = {v}",
                    row + col - 2
                ),
                Formula::DodgeballChain { number, boxes } => format!(
                    "Binary Dodgeball: the piece in box {number} of {boxes} can double \
                     ⌊log2({boxes}/{number})⌋ more times: a Nim heap of that size, {v}"
                ),
                Formula::StairNim { stair, balls } if stair % 2 == 0 => format!(
                    "Stair Nim: stair {stair} is even, a Nim heap of its {balls} balls: {v}"
                ),
                Formula::StairNim { stair, .. } => format!(
                    "Stair Nim: stair {stair} is odd, a reserve worth *0 (balls carried down \
                     from it can be carried on down by the opponent)"
                ),
                Formula::EdLowestZeroBit { x, y } => format!(
                    "E&D: SG(x, y) = the index of the lowest 0 bit of (x − 1) | (y − 1) = \
                     {} | {} = {:b} in binary: {v}",
                    x - 1,
                    y - 1,
                    (x - 1) | (y - 1)
                ),
                Formula::WythoffBeatty { a, b, k, lower } => format!(
                    "Wythoff: the lost squares are (⌊kφ⌋, ⌊kφ⌋ + k) and their mirror images; \
                     here k = |{a} − {b}| = {k} and ⌊{k}φ⌋ = {lower}, so ({a}, {b}) {} one: \
                     the queen alone is {}",
                    if formula.lost() == Some(true) {
                        "is"
                    } else {
                        "is not"
                    },
                    if formula.lost() == Some(true) {
                        "lost"
                    } else {
                        "won"
                    }
                ),
                Formula::Zeckendorf { heap, limit, terms } => format!(
                    "Fibonacci Nim: {heap} = {} (Zeckendorf); the player to move wins exactly \
                     when the smallest term is at most the limit {limit}: {}",
                    terms
                        .iter()
                        .map(u64::to_string)
                        .collect::<Vec<_>>()
                        .join(" + "),
                    if formula.lost() == Some(true) {
                        "lost"
                    } else {
                        "won"
                    }
                ),
                Formula::SumOfParts { values } => format!(
                    "SG theorem: the component is worth the XOR of its parts' values, {} = {v}",
                    values
                        .iter()
                        .map(|&v| star(v))
                        .collect::<Vec<_>>()
                        .join(" ⊕ ")
                ),
            }
        ));
    } else {
        out.push("  no formula: the value is the mex of the options' values".to_string());
    }
    let listed = d.choices.len();
    out.push(match d.total {
        Count::Exactly(0) => "  no options: no move, so the value is mex{} = *0".to_string(),
        Count::Exactly(n) if n == listed => format!("  options ({n}):"),
        Count::Exactly(n) => format!("  options ({n}, the first {listed} listed):"),
        Count::AtLeast(n) => format!("  options (at least {n}, the first {listed} listed):"),
    });
    for Choice {
        mv,
        pieces,
        value,
        to_lost,
    } in &d.choices
    {
        let names: Vec<String> = pieces.iter().map(|(p, _)| piece(p)).collect();
        let result = match (value, pieces.as_slice()) {
            (Some(v), []) => format!("nothing left = {}", star(*v)),
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
            (None, _) => format!(
                "{}, value not known: {}",
                names.join(" + "),
                if *to_lost { "lost" } else { "won" }
            ),
        };
        out.push(format!("    {mv}  → {result}"));
    }
    let left_out = match d.total {
        Count::Exactly(n) => n.saturating_sub(listed).to_string(),
        Count::AtLeast(n) => format!("at least {}", n.saturating_sub(listed)),
    };
    if left_out != "0" {
        out.push(format!(
            "    … and {left_out} more left out (--moves N lists more)"
        ));
    }
    match (&d.values, d.mex) {
        (Some(values), Some(mex)) => {
            let shown: Vec<String> = values.iter().take(64).map(|&v| star(v)).collect();
            let more = if values.len() > 64 {
                format!(", … {} values in all", values.len())
            } else {
                String::new()
            };
            out.push(format!(
                "  values of the options: {{{}{more}}}",
                shown.join(", ")
            ));
            out.push(format!(
                "  mex = {} (the least value not among them){}",
                star(mex),
                match d.value {
                    Some(v) if v == mex => format!(" = the value {}", star(v)),
                    Some(v) => format!(
                        "; the part's value {} comes from the game's rule, not this mex",
                        star(v)
                    ),
                    None => String::new(),
                }
            ));
        }
        _ => out.push(
            "  too many options, or values past the table, for the mex: the formula decides"
                .to_string(),
        ),
    }
    match d.win_rule {
        Some(WinRule::MisereLikeNim { nim_sum }) => out.push(format!(
            "  misère rule: a heap is larger than 1, so play as in Nim: nim-sum *{nim_sum}, the \
             player to move {}",
            if nim_sum == 0 { "loses" } else { "wins" }
        )),
        Some(WinRule::MisereOnes { ones }) => out.push(format!(
            "  misère rule: every heap is 0 or 1: {ones} heaps of 1, the player to move {}",
            if ones % 2 == 0 { "wins" } else { "loses" }
        )),
        None => {}
    }
    out.join("\n")
}

/// A part name that could not be used, in English.
pub fn render_error(part: &str, e: &PartError) -> String {
    match e {
        PartError::Syntax { expected } => format!(
            "--why {part}: expected {}",
            match expected {
                PartSyntax::Number =>
                    "a part's number from 1 (a heap, coin, box, stair, pair, \
                                       token or queen)",
                PartSyntax::Cell => "a cell as ROW,COL (from 1)",
                PartSyntax::Component =>
                    "a component's number N from 1, or N/PART for a part of it",
            }
        ),
        PartError::NotAPart { parts } => format!(
            "--why {part}: not a part of this position; its parts: {}",
            parts.join(" ")
        ),
    }
}
