//! The engine's values in words: [`Words`] renders a [`Msg`], a verdict, a reason of the AI, a
//! level, a game's title… in a language, from the `engine.*` texts of `locales/engine.toml`.
//! The engine never words anything itself; the terminal game and the command line call this.

use std::fmt::Display;

use super::{Lang, lang, text_in};
use crate::ai::{Level, Reason};
use crate::analysis::MoveCount;
use crate::games::GameKind;
use crate::games::coins::notation::factored;
use crate::games::heaps::Rule;
use crate::message::{Msg, PartName, QueenLine};
use crate::record::{Side, Verdict};
use crate::store::settings::SettingsError;
use crate::store::stats::Record;
use crate::theme::{Idea, Theme};
use crate::tr;

/// A value the interface can say in any of its languages.
pub trait Words {
    /// The value in words in `lang`.
    fn words_in(&self, lang: Lang) -> String;

    /// The value in words in this thread's language.
    fn words(&self) -> String {
        self.words_in(lang())
    }
}

/// An error of a code or a move, worded from `locales/said.toml`.
impl Words for crate::message::Said {
    fn words_in(&self, lang: Lang) -> String {
        self.fill(&|key| text_in(lang, key).into_owned())
    }
}

/// A bad code with the character it is at.
impl Words for crate::game::CodeError {
    fn words_in(&self, lang: Lang) -> String {
        self.said().words_in(lang)
    }
}

/// A save that does not read, with its line.
impl Words for crate::store::save::SaveError {
    fn words_in(&self, lang: Lang) -> String {
        self.said().words_in(lang)
    }
}

/// The text of `key` in `lang` with its `%{name}` placeholders filled from `args`.
pub fn fill(lang: Lang, key: &str, args: &[(&str, &dyn Display)]) -> String {
    let mut text = text_in(lang, key).into_owned();
    for (name, value) in args {
        text = text.replace(&format!("%{{{name}}}"), &value.to_string());
    }
    text
}

/// [`fill`] with the key's `.one` text for a count of 1 and its `.other` text otherwise (the
/// English plural; Chinese has the same text in both).
pub fn counted(lang: Lang, key: &str, count: u64, args: &[(&str, &dyn Display)]) -> String {
    let form = if count == 1 { "one" } else { "other" };
    let mut all: Vec<(&str, &dyn Display)> = vec![("count", &count)];
    all.extend_from_slice(args);
    fill(lang, &format!("{key}.{form}"), &all)
}

/// Numbers joined by `separator`.
fn joined(numbers: &[u64], separator: &str) -> String {
    numbers
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(separator)
}

/// Alternatives joined by the language's "or".
fn either(lang: Lang, items: &[String]) -> String {
    items.join(&text_in(lang, "engine.or"))
}

/// ` (=2^2·3)` after a coin that has a factorisation worth showing.
fn factors(coin: u64) -> String {
    u32::try_from(coin)
        .ok()
        .filter(|&c| c > 0)
        .map(factored)
        .unwrap_or_default()
}

fn coin_flips(lang: Lang, divisor: Option<u64>, flips: &[u64]) -> String {
    let divisor = divisor.map_or_else(|| "?".to_string(), |d| d.to_string());
    fill(
        lang,
        "engine.move.coin_flips",
        &[("divisor", &divisor), ("coins", &joined(flips, " "))],
    )
}

fn cell((row, col): (usize, usize)) -> String {
    format!("({row},{col})")
}

/// A part as the analysis lists it (`coin 12 (=2^2·3)`, `heap 2 (5)`).
fn part_words(lang: Lang, part: &PartName) -> String {
    let f = |key: &str, args: &[(&str, &dyn Display)]| fill(lang, key, args);
    match part {
        PartName::Coin { coin } => {
            let coin = u64::from(*coin);
            f(
                "engine.part.coin",
                &[("coin", &coin), ("factored", &factors(coin))],
            )
        }
        PartName::Cell { row, col } => f("engine.part.cell", &[("row", row), ("col", col)]),
        PartName::Box { number } => f("engine.part.box", &[("number", number)]),
        PartName::Heap { number, size } => {
            f("engine.part.heap", &[("number", number), ("size", size)])
        }
        PartName::PinRow { number, pins } => {
            counted(lang, "engine.part.pin_row", *pins, &[("number", number)])
        }
        PartName::Stair { stair, balls } => {
            f("engine.part.stair", &[("number", stair), ("balls", balls)])
        }
        PartName::Pair { number, x, y } => f(
            "engine.part.pair",
            &[("number", number), ("x", x), ("y", y)],
        ),
        PartName::Token { number, vertex } => f(
            "engine.part.token",
            &[("number", number), ("vertex", vertex)],
        ),
        PartName::Queen { number, a, b } => f(
            "engine.part.queen",
            &[("number", number), ("a", a), ("b", b)],
        ),
        PartName::FibHeap { heap, limit } => {
            f("engine.part.fib_heap", &[("heap", heap), ("limit", limit)])
        }
        PartName::Component { number, code } => f(
            "engine.part.component",
            &[("number", number), ("code", code)],
        ),
    }
}

impl Words for Msg {
    fn words_in(&self, lang: Lang) -> String {
        let f = |key: &str, args: &[(&str, &dyn Display)]| fill(lang, key, args);
        match self {
            Msg::Part(part) => part_words(lang, part),
            Msg::CoinMove {
                coin,
                divisor,
                flips,
            } => f(
                "engine.move.coin",
                &[
                    ("coin", coin),
                    ("factored", &factors(*coin)),
                    ("flips", &coin_flips(lang, *divisor, flips)),
                ],
            ),
            Msg::CoinFlips { divisor, flips } => coin_flips(lang, *divisor, flips),
            Msg::Block { anchor, others } => {
                let cells: Vec<String> = std::iter::once(anchor)
                    .chain(others)
                    .map(|&c| cell(c))
                    .collect();
                f(
                    "engine.move.block",
                    &[("anchor", &cell(*anchor)), ("cells", &cells.join(" "))],
                )
            }
            Msg::Throw { from, to, collides } => f(
                if *collides {
                    "engine.move.throw_collides"
                } else {
                    "engine.move.throw"
                },
                &[("from", from), ("to", to)],
            ),
            Msg::Take {
                number,
                take,
                from,
                to,
            } => f(
                "engine.move.take",
                &[
                    ("number", number),
                    ("take", take),
                    ("from", from),
                    ("to", to),
                ],
            ),
            Msg::Knock {
                number,
                first,
                last,
                from,
                pieces,
            } => {
                let left = if pieces.is_empty() {
                    "0".to_string()
                } else {
                    joined(pieces, " + ")
                };
                f(
                    if first == last {
                        "engine.move.knock_one"
                    } else {
                        "engine.move.knock_two"
                    },
                    &[
                        ("number", number),
                        ("first", first),
                        ("last", last),
                        ("from", from),
                        ("pieces", &left),
                    ],
                )
            }
            Msg::Remove {
                number,
                take,
                from,
                pieces,
            } => f(
                "engine.move.remove",
                &[
                    ("number", number),
                    ("take", take),
                    ("from", from),
                    ("pieces", &joined(pieces, " + ")),
                ],
            ),
            Msg::Split {
                number,
                from,
                pieces,
            } => f(
                "engine.move.split",
                &[
                    ("number", number),
                    ("from", from),
                    ("pieces", &joined(pieces, " + ")),
                ],
            ),
            Msg::Multiply {
                number,
                from,
                count,
                size,
            } => f(
                "engine.move.multiply",
                &[
                    ("number", number),
                    ("from", from),
                    ("count", count),
                    ("size", size),
                ],
            ),
            Msg::Carry { number, count } => counted(
                lang,
                "engine.move.carry",
                *count,
                &[("number", number), ("to", &number.saturating_sub(1))],
            ),
            Msg::EdSplit {
                number,
                dropped,
                kept,
                left,
                right,
            } => f(
                "engine.move.ed_split",
                &[
                    ("number", number),
                    ("dropped", dropped),
                    ("kept", kept),
                    ("left", left),
                    ("right", right),
                ],
            ),
            Msg::Slide { number, from, to } => f(
                "engine.move.slide",
                &[("number", number), ("from", from), ("to", to)],
            ),
            Msg::QueenMove {
                number,
                from: (a, b),
                to: (x, y),
                take,
                line,
            } => f(
                match line {
                    QueenLine::First => "engine.move.queen_first",
                    QueenLine::Second => "engine.move.queen_second",
                    QueenLine::Both => "engine.move.queen_both",
                },
                &[
                    ("number", number),
                    ("a", a),
                    ("b", b),
                    ("x", x),
                    ("y", y),
                    ("take", take),
                ],
            ),
            Msg::FibTake { take, from } => f(
                "engine.move.fib_take",
                &[
                    ("take", take),
                    ("from", from),
                    ("to", &from.saturating_sub(*take)),
                    ("next", &take.saturating_mul(2)),
                ],
            ),
            Msg::Turn { coins } => f("engine.move.turn", &[("coins", &joined(coins, " "))]),
            Msg::AntiSj {
                total,
                largest,
                part,
                heap,
                wins,
            } => {
                // The single game above 1 named as the screen lists it: a part [k], or a heap
                // of it where the part counts heap by heap.
                let place = match heap {
                    Some(h) => f(
                        "engine.rule.anti_sj_heap_of",
                        &[("part", &(part + 1)), ("heap", &(h + 1))],
                    ),
                    None => f("engine.rule.anti_sj_part", &[("part", &(part + 1))]),
                };
                let key = match (*largest > 1, *total != 0) {
                    (true, true) => "engine.rule.anti_sj_big_nonzero",
                    (true, false) => "engine.rule.anti_sj_big_zero",
                    (false, false) => "engine.rule.anti_sj_small_zero",
                    (false, true) => "engine.rule.anti_sj_small_nonzero",
                };
                let verdict = f(
                    if *wins {
                        "engine.rule.anti_wins"
                    } else {
                        "engine.rule.anti_loses"
                    },
                    &[],
                );
                f(
                    key,
                    &[
                        ("total", total),
                        ("largest", largest),
                        ("place", &place),
                        ("verdict", &verdict),
                    ],
                )
            }
            Msg::AntiSearch { wins } => {
                let verdict = f(
                    if *wins {
                        "engine.rule.anti_wins"
                    } else {
                        "engine.rule.anti_loses"
                    },
                    &[],
                );
                f("engine.rule.anti_search", &[("verdict", &verdict)])
            }
            Msg::Together { moves } => {
                let each: Vec<String> = moves.iter().map(|m| m.words_in(lang)).collect();
                each.join(&text_in(lang, "engine.and"))
            }
            Msg::EverySteps { steps, wins } => {
                let largest = steps.iter().copied().max().unwrap_or(0);
                let shown: Vec<String> = steps.iter().map(u32::to_string).collect();
                f(
                    if *wins {
                        "engine.rule.every_wins"
                    } else {
                        "engine.rule.every_loses"
                    },
                    &[("steps", &shown.join(", ")), ("largest", &largest)],
                )
            }
            Msg::TakeMany { takes } => {
                let each: Vec<String> = takes
                    .iter()
                    .map(|(number, take, from, to)| {
                        f(
                            "engine.move.take",
                            &[
                                ("number", number),
                                ("take", take),
                                ("from", from),
                                ("to", to),
                            ],
                        )
                    })
                    .collect();
                each.join(&text_in(lang, "engine.and"))
            }
            Msg::NimKDigits { k, counts } => {
                let base = k + 1;
                let shown: Vec<String> = counts
                    .iter()
                    .enumerate()
                    .rev()
                    .map(|(d, c)| format!("2^{d}:{c}"))
                    .collect();
                let off: Vec<String> = counts
                    .iter()
                    .enumerate()
                    .rev()
                    .filter(|(_, c)| *c % base != 0)
                    .map(|(d, _)| format!("2^{d}"))
                    .collect();
                let verdict = if off.is_empty() {
                    f("engine.rule.nimk_lost", &[("base", &base)])
                } else {
                    f(
                        "engine.rule.nimk_won",
                        &[("base", &base), ("digits", &off.join(" "))],
                    )
                };
                f(
                    "engine.rule.nimk",
                    &[
                        ("k", k),
                        ("counts", &shown.join(" ")),
                        ("verdict", &verdict),
                    ],
                )
            }
            Msg::InComponent { number, game, mv } => f(
                "engine.move.in_component",
                &[
                    ("number", number),
                    ("game", &game_title_in(lang, game)),
                    ("move", &mv.words_in(lang)),
                ],
            ),
            Msg::MisereAsNim { nim_sum } => f(
                if *nim_sum == 0 {
                    "engine.rule.misere_as_nim_loses"
                } else {
                    "engine.rule.misere_as_nim_wins"
                },
                &[("nim_sum", nim_sum)],
            ),
            Msg::MisereOnes { ones } => {
                if ones % 2 == 0 {
                    f("engine.rule.misere_ones_even", &[("ones", ones)])
                } else {
                    counted(
                        lang,
                        "engine.rule.misere_ones_odd",
                        *ones as u64,
                        &[("ones", ones)],
                    )
                }
            }
            Msg::WythoffFormula {
                table,
                k,
                low,
                targets,
            } => {
                let verdict = if targets.is_empty() {
                    f("engine.rule.wythoff_lost", &[])
                } else {
                    let squares: Vec<String> =
                        targets.iter().map(|(x, y)| format!("({x}, {y})")).collect();
                    f(
                        "engine.rule.wythoff_won",
                        &[("targets", &either(lang, &squares))],
                    )
                };
                f(
                    "engine.rule.wythoff",
                    &[
                        ("table", table),
                        ("k", k),
                        ("low", low),
                        ("verdict", &verdict),
                    ],
                )
            }
            Msg::FibFormula {
                table,
                heap,
                terms,
                limit,
                takes,
            } => {
                let smallest = terms.last().copied().unwrap_or(0);
                let verdict = if takes.is_empty() {
                    f(
                        "engine.rule.fib_lost",
                        &[("smallest", &smallest), ("limit", limit)],
                    )
                } else {
                    let takes: Vec<String> = takes.iter().map(u64::to_string).collect();
                    f(
                        "engine.rule.fib_won",
                        &[
                            ("smallest", &smallest),
                            ("limit", limit),
                            ("takes", &either(lang, &takes)),
                        ],
                    )
                };
                f(
                    "engine.rule.fib",
                    &[
                        ("table", table),
                        ("heap", heap),
                        ("sum", &joined(terms, " + ")),
                        ("verdict", &verdict),
                    ],
                )
            }
        }
    }
}

impl Words for Verdict {
    fn words_in(&self, lang: Lang) -> String {
        let key = match self {
            Verdict::Best => "best",
            Verdict::Good => "good",
            Verdict::Blunder => "blunder",
            Verdict::BestStall => "best_stall",
            Verdict::Shortened => "shortened",
            Verdict::Lost => "lost",
        };
        fill(lang, &format!("engine.verdict.{key}"), &[])
    }
}

/// What the verdicts' marks mean, for a record's title (`✓ best · good ?? blunder - lost`).
pub fn verdict_legend(lang: Lang) -> String {
    fill(lang, "engine.verdict.legend", &[])
}

impl Words for Reason {
    fn words_in(&self, lang: Lang) -> String {
        // Told after the move is made: count the moves still to come.
        let more = |remoteness: u32| {
            counted(
                lang,
                "engine.more_moves",
                u64::from(remoteness.saturating_sub(1)),
                &[],
            )
        };
        match self {
            Reason::ExactWin { remoteness: 1 } => fill(lang, "engine.reason.ends_game", &[]),
            // The move ends the game and loses it: misère's last token.
            Reason::ExactLoss { remoteness: 1 } => fill(lang, "engine.reason.last_move_loses", &[]),
            Reason::ExactWin { remoteness } => fill(
                lang,
                "engine.reason.winning_in",
                &[("more", &more(*remoteness))],
            ),
            Reason::ExactLoss { remoteness } => fill(
                lang,
                "engine.reason.stalling_for",
                &[("more", &more(*remoteness))],
            ),
            Reason::NimSumZero => fill(lang, "engine.reason.nim_sum_zero", &[]),
            Reason::Stalling => fill(lang, "engine.reason.stalling", &[]),
            Reason::Random => fill(lang, "engine.reason.random", &[]),
        }
    }
}

/// `code` for a reader: whole, or past `shown` characters its start and its length, in the
/// language of this thread (`nim:3,4,…` and how many characters: a 10^6-box code is a
/// megabyte).
pub fn shorten_code(code: &str, shown: usize) -> String {
    match code.char_indices().nth(shown) {
        Some((cut, _)) => fill(
            lang(),
            "engine.shortened_code",
            &[("start", &&code[..cut]), ("count", &code.chars().count())],
        ),
        None => code.to_string(),
    }
}

/// `1 move`, `3 moves`: a count of moves in words.
pub fn moves(lang: Lang, count: u64) -> String {
    counted(lang, "engine.moves", count, &[])
}

impl Words for MoveCount {
    fn words_in(&self, lang: Lang) -> String {
        let key = if self.complete {
            "engine.count.exactly"
        } else {
            "engine.count.at_least"
        };
        fill(lang, key, &[("count", &self.count)])
    }
}

impl Words for Level {
    fn words_in(&self, lang: Lang) -> String {
        fill(lang, &format!("engine.level.{}", self.name()), &[])
    }
}

impl Words for Side {
    fn words_in(&self, lang: Lang) -> String {
        let key = match self {
            Side::You => "engine.side.you",
            Side::Ai => "engine.side.ai",
        };
        fill(lang, key, &[])
    }
}

/// The title of the game a code starts with (`coins` → 硬币游戏, `kayles` → its rule's title,
/// `nim` → 尼姆博弈), for where a name is meant rather than notation; a name no game has comes
/// back as it is.
pub fn game_title_in(lang: Lang, name: &str) -> String {
    // A heap rule with its parameters (`bash:2`, `octal:4.3`): titled by them.
    if name.contains(':')
        && let Ok(p) =
            <crate::games::heaps::Heaps as crate::game::Notation>::from_code(&format!("{name}:0"))
    {
        return position_title_in(lang, &crate::games::AnyPosition::Heaps(p));
    }
    // A family whose games differ by their parameters, named without any: the menu's title
    // names its standard start's (`Bash (take 1..3)`), which another game of it does not have.
    if matches!(name, "bash" | "subtraction" | "take" | "lieges" | "octal") {
        return fill(lang, &format!("game.family.{name}"), &[]);
    }
    let key = format!("game.rule.{name}.title");
    let rule = text_in(lang, &key);
    if !rule.starts_with(&format!("{}.", lang.code())) {
        return rule.into_owned();
    }
    match GameKind::of_code_name(name) {
        Some(kind) => kind.words_in(lang),
        None => name.to_string(),
    }
}

/// [`game_title_in`] in this thread's language.
pub fn game_title(name: &str) -> String {
    game_title_in(lang(), name)
}

/// The title of a position's game, from its own code: a heap game by its rule with the
/// code's parameters (`Subtraction game S = {1, 2, 4}`), any other game by its kind.
pub fn position_title_in(lang: Lang, position: &crate::games::AnyPosition) -> String {
    use crate::games::AnyPosition as A;
    let titles = |sum: &crate::games::sum::Sum| {
        sum.components()
            .iter()
            .map(|c| position_title_in(lang, &c.to_any()))
            .collect::<Vec<_>>()
            .join(" + ")
    };
    match position {
        // A rule without parameters keeps the menu's title (`Kayles（保龄球游戏）`).
        A::Heaps(p) if p.rule().has_parameters() => p.rule().words_in(lang),
        A::Heaps(p) => game_title_in(lang, p.rule().name()),
        A::Coins(p) => fill(lang, "game.title.coins_q", &[("maxq", &p.maxq())]),
        A::NimK(p) => fill(lang, "game.title.nimk_k", &[("k", &p.k())]),
        A::Turning(p) => fill(
            lang,
            &format!("game.title.turning.{}", p.rule().name()),
            &[],
        ),
        A::Anti(p) => fill(lang, "game.title.anti_of", &[("games", &titles(p.inner()))]),
        A::Every(p) => fill(
            lang,
            "game.title.every_of",
            &[("games", &titles(p.inner()))],
        ),
        A::Sum(p) => titles(p),
        other => game_title_in(lang, other.kind().name()),
    }
}

/// [`position_title_in`] in this thread's language.
pub fn position_title(position: &crate::games::AnyPosition) -> String {
    position_title_in(lang(), position)
}

impl Words for Idea {
    fn words_in(&self, lang: Lang) -> String {
        fill(lang, &format!("drill.themes.idea.{}", self.name()), &[])
    }
}

/// A theme: the game's title and the idea (`Kayles (splitting games)`).
impl Words for Theme {
    fn words_in(&self, lang: Lang) -> String {
        fill(
            lang,
            "drill.themes.named",
            &[
                ("game", &game_title_in(lang, &self.game)),
                ("idea", &self.idea.words_in(lang)),
            ],
        )
    }
}

impl Words for GameKind {
    fn words_in(&self, lang: Lang) -> String {
        fill(lang, &format!("engine.game.{}", self.name()), &[])
    }
}

impl Words for Rule {
    fn words_in(&self, lang: Lang) -> String {
        let key = format!("engine.heap_rule.{}", self.name());
        match self {
            Rule::Bash { m } => fill(lang, &key, &[("m", m)]),
            Rule::Subtraction { set } => fill(lang, &key, &[("set", &joined(set, ", "))]),
            Rule::TakeRange { l, r } => fill(lang, &key, &[("l", l), ("r", r)]),
            Rule::Lieges { k } => fill(lang, &key, &[("k", k)]),
            Rule::Octal { code } => fill(lang, &key, &[("code", &code.to_string())]),
            _ => fill(lang, &key, &[]),
        }
    }
}

impl Words for SettingsError {
    fn words_in(&self, lang: Lang) -> String {
        let mut words = if self.field.is_empty() {
            fill(
                lang,
                "engine.settings_error.file",
                &[
                    ("line", &self.line),
                    ("message", &self.message.words_in(lang)),
                ],
            )
        } else {
            fill(
                lang,
                "engine.settings_error.field",
                &[
                    ("line", &self.line),
                    ("field", &self.field),
                    ("message", &self.message.words_in(lang)),
                ],
            )
        };
        if self.more > 0 {
            words.push_str(&counted(
                lang,
                "engine.settings_error.more",
                self.more as u64,
                &[],
            ));
        }
        words
    }
}

/// `5 played · 3 won · 2 lost · streak 1 (best 2)`, and blunders per game when known.
impl Words for Record {
    fn words_in(&self, lang: Lang) -> String {
        let mut words = fill(
            lang,
            "engine.stats.record",
            &[
                ("played", &self.played),
                ("won", &self.won),
                ("lost", &self.lost),
                ("streak", &self.streak),
                ("best", &self.best_streak),
            ],
        );
        if let Some(rate) = self.blunders_per_game() {
            words.push_str(&fill(
                lang,
                "engine.stats.blunders",
                &[("rate", &format!("{rate:.1}"))],
            ));
        }
        words
    }
}

/// Why a formula (`sg --check`, the Lab's `f`) does not parse or evaluate, in the reader's
/// language: evalexpr's error kinds ([`crate::lab::check::FormulaProblem`]), whose own texts
/// are English.
pub fn formula_problem(problem: &crate::lab::check::FormulaProblem) -> String {
    use crate::lab::check::FormulaProblem as P;
    let quoted = |text: &str| crate::input::excerpt(text.as_bytes(), 40);
    match problem {
        P::UnclosedBracket => tr!("formula.error.unclosed").into_owned(),
        P::UnopenedBracket => tr!("formula.error.unopened").into_owned(),
        P::Syntax => tr!("formula.error.syntax").into_owned(),
        P::UnknownName(name) => tr!("formula.error.unknown_name", name = quoted(name)).into_owned(),
        P::UnknownFunction(name) => {
            tr!("formula.error.unknown_function", name = quoted(name)).into_owned()
        }
        P::ArgumentCount => tr!("formula.error.arguments").into_owned(),
        P::NotANumber(value) => {
            tr!("formula.error.not_a_number", value = quoted(value)).into_owned()
        }
        P::NotAnInteger(value) => {
            tr!("formula.error.not_an_integer", value = quoted(value)).into_owned()
        }
        P::DivisionByZero => tr!("formula.error.division").into_owned(),
        P::Overflow => tr!("formula.error.overflow").into_owned(),
        P::Other(text) => quoted(text),
        P::TooLong { max } => tr!("formula.error.too_long", max = max).into_owned(),
        P::TooDeep { max } => tr!("formula.error.too_deep", max = max).into_owned(),
        P::Caret => tr!("formula.error.caret").into_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The English rendering says what the engine's sentences always said.
    #[test]
    fn english_sentences() {
        let en = |m: Msg| m.words_in(Lang::En);
        assert_eq!(
            en(Msg::CoinMove {
                coin: 12,
                divisor: Some(2),
                flips: vec![12, 6, 3]
            }),
            "coin 12 (=2^2·3) ÷2: flip 12 6 3"
        );
        assert_eq!(
            en(Msg::Block {
                anchor: (2, 3),
                others: vec![(1, 3), (1, 2)]
            }),
            "anchor (2,3): flip (2,3) (1,3) (1,2)"
        );
        assert_eq!(
            en(Msg::Throw {
                from: 3,
                to: 6,
                collides: true
            }),
            "piece in box 3 → box 6 (collides: both leave)"
        );
        assert_eq!(
            en(Msg::Knock {
                number: 2,
                first: 3,
                last: 4,
                from: 4,
                pieces: vec![2]
            }),
            "row 2: knock out pins 3-4 (4 → 2)"
        );
        assert_eq!(
            en(Msg::Carry {
                number: 3,
                count: 1
            }),
            "stair 3: carry 1 ball down to stair 2"
        );
        assert_eq!(
            en(Msg::QueenMove {
                number: 1,
                from: (5, 3),
                to: (2, 0),
                take: 3,
                line: QueenLine::Both
            }),
            "queen 1: (5, 3) → (2, 0), take 3 from both"
        );
        assert_eq!(
            en(Msg::MisereOnes { ones: 1 }),
            "misère: every heap is 0 or 1, so the nim-sum does not decide: 1 heap of 1 (odd), \
             the player to move loses (the last token is theirs)"
        );
        assert_eq!(
            Reason::ExactWin { remoteness: 4 }.words_in(Lang::En),
            "winning, 3 more moves to the end"
        );
        assert_eq!(moves(Lang::En, 1), "1 move");
        let count = MoveCount {
            count: 3,
            complete: false,
        };
        assert_eq!(count.words_in(Lang::En), "at least 3");
        assert_eq!(count.words_in(Lang::ZhTw), "至少 3");
        let problem = SettingsError {
            line: 1,
            field: "levle".to_string(),
            message: crate::message::Said::new("said.settings.no_such"),
            more: 0,
        };
        assert_eq!(
            problem.words_in(Lang::En),
            "settings.toml line 1, levle: no such setting; using its default"
        );
        let problem = SettingsError {
            line: 2,
            field: String::new(),
            message: crate::message::Said::new("said.settings.not_toml").with("message", "x"),
            more: 2,
        };
        assert_eq!(
            problem.words_in(Lang::En),
            "settings.toml line 2: not valid TOML: x; using the defaults (and 2 more problems)"
        );
        assert_eq!(
            problem.words_in(Lang::ZhCn),
            "settings.toml 第 2 行：不是有效的 TOML：x；改用默认设置（另有 2 处问题）"
        );
        assert_eq!(shorten_code("nim:1,2,3", 5), "nim:1… (9 characters)");
    }

    /// Every game of the table, and the sum, has its title in every language.
    #[test]
    fn every_game_has_a_title() {
        for kind in GameKind::EVERY.iter().chain([&GameKind::Sum]) {
            for lang in Lang::ALL {
                let title = kind.words_in(lang);
                assert!(!title.starts_with(lang.code()), "{kind:?}: {title}");
            }
        }
    }

    #[test]
    fn chinese_sentences() {
        let mv = Msg::Take {
            number: 2,
            take: 3,
            from: 7,
            to: 4,
        };
        assert_eq!(mv.words_in(Lang::ZhCn), "第 2 堆：取 3 个（7 → 4）");
        assert_eq!(mv.words_in(Lang::ZhTw), "第 2 堆：取 3 顆（7 → 4）");
        assert_eq!(GameKind::Coins.words_in(Lang::ZhCn), "硬币游戏");
        assert_eq!(GameKind::Grid.words_in(Lang::ZhTw), "染色遊戲");
        assert_eq!(
            Verdict::Blunder.words_in(Lang::ZhTw),
            "失誤（把勝局讓給對手）"
        );
    }
}
