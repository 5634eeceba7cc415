//! The games' catalogue: the menu's entries of the heap family (each one's name in codes, its
//! title, a one-line rule and its standard start, in the order the menu offers them) and each
//! game's random positions for puzzles ([`Catalogued`]). It belongs to the games, not to a
//! board: the settings file names a heap game by it, and the menu and the heap board list it.

use std::sync::LazyLock;

use rand::{Rng, RngExt};

use crate::games::GameKind;

/// The standard start of the menu's sum: three Nim heaps, a Kayles row and a coin row — a sum
/// of different games, which no other tool lets anyone play.
pub const SUM_STANDARD: &str = "nim:3,4,5+kayles:6+coins:8:HTTHTHHT";

/// A heap game as the menu offers it: its name, a one-line rule and the standard start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleEntry {
    /// The rule's name in codes.
    pub name: &'static str,
    pub title: &'static str,
    /// One line: what a move does.
    pub rule: &'static str,
    /// The standard start's code.
    pub start: &'static str,
}

/// The heap games, by family: take-away games, then splitting games, then misère Nim.
const HEAP_RULES: [RuleEntry; 12] = [
    RuleEntry {
        name: "nim",
        title: "Nim",
        rule: "take any number of tokens from one heap",
        start: "nim:3,4,5",
    },
    RuleEntry {
        name: "bash",
        title: "Bash (take 1..3)",
        rule: "take 1 to m tokens from one heap",
        start: "bash:3:10,7,5",
    },
    RuleEntry {
        name: "subtraction",
        title: "Subtraction game {1,3,4}",
        rule: "take s tokens from one heap, s from the set S",
        start: "subtraction:1,3,4:10,12,7",
    },
    RuleEntry {
        name: "take",
        title: "Take 2..5",
        rule: "take l to r tokens from one heap",
        start: "take:2,5:10,12,9",
    },
    RuleEntry {
        name: "fibonacci",
        title: "Fibonacci takes",
        rule: "take a Fibonacci number of tokens (1, 2, 3, 5, 8, …) from one heap",
        start: "fibonacci:10,12,7",
    },
    RuleEntry {
        name: "coprime",
        title: "Coprime takes",
        rule: "take y tokens from a heap of x, y coprime to x",
        start: "coprime:7,9,15",
    },
    RuleEntry {
        name: "kayles",
        title: "Kayles",
        rule: "knock down 1 pin or 2 adjacent pins of a row; the row may split in two",
        start: "kayles:5,7,9",
    },
    RuleEntry {
        name: "grundy",
        title: "Grundy's game",
        rule: "split one heap into two unequal non-empty heaps",
        start: "grundy:7,9,12",
    },
    RuleEntry {
        name: "lieges",
        title: "Lieges of Legendre (k = 3)",
        rule: "take one token, or turn a heap of 2y into k heaps of y",
        start: "lieges:3:4,5,6",
    },
    RuleEntry {
        name: "staircase",
        title: "Staircase split",
        rule: "split a heap into 2 or more heaps of consecutive sizes (10 = 4+3+2+1)",
        start: "staircase:10,15",
    },
    RuleEntry {
        name: "octal",
        title: "Octal game 0.137",
        rule: "digit i of the code says what taking i tokens may leave: 1 no heap, 2 one, 4 two",
        start: "octal:0.137:5,9,12",
    },
    RuleEntry {
        name: "misere",
        title: "Misère Nim",
        rule: "Nim, but whoever takes the last token loses",
        start: "misere:3,5,1",
    },
];

/// The sum's entry, last in the menu.
const SUM_ENTRY: RuleEntry = RuleEntry {
    name: "sum",
    title: "Sum of games",
    rule: "games side by side; move in any one; XOR of values decides",
    start: SUM_STANDARD,
};

/// The menu's heap family: the heap games, then the games of the table that the menu lists
/// with them ([`Catalogued::ENTRY`]), then sums of games.
pub static RULE_STARTS: LazyLock<Vec<RuleEntry>> = LazyLock::new(|| {
    HEAP_RULES
        .into_iter()
        .chain(GameKind::entries())
        .chain([SUM_ENTRY])
        .collect()
});

/// The entry at `i` (wrapping, so a stale index from a saved setting still names a game).
pub fn rule_entry(i: usize) -> RuleEntry {
    RULE_STARTS[i % RULE_STARTS.len()]
}

/// What the catalogue asks of each game of the table ([`crate::for_each_game!`](crate::for_each_game)) beyond its
/// rules.
pub trait Catalogued: Sized {
    /// The game's entry in the menu's heap family, for a game with no family of its own in the
    /// menu; `None` (the default) for the coin games, Binary Dodgeball and the heap games.
    const ENTRY: Option<RuleEntry> = None;

    /// A random position for a puzzle at `difficulty` (1..=5: larger, and with more parts, as
    /// it grows), won or not. `name` is the name the code starts with (a heap game's rule).
    fn puzzle<R: Rng + ?Sized>(name: &str, difficulty: usize, rng: &mut R) -> Self;
}

/// How many parts (heaps, pairs, tokens) a puzzle at `difficulty` has: 1..=d, at least 2 from
/// difficulty 3 on.
pub fn puzzle_parts<R: Rng + ?Sized>(difficulty: usize, rng: &mut R) -> usize {
    let d = difficulty;
    rng.random_range(if d >= 3 { 2 } else { 1 }..=d.max(2))
}
