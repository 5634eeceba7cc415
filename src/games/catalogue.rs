//! The heap games' catalogue: each one's name in codes, its title, a one-line rule and its
//! standard start, in the order the menu offers them. It belongs to the games, not to a board:
//! the settings file names a heap game by it, and the menu and the heap board list it.

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

/// The heap games, by family: take-away games, then splitting games, then misère Nim; then
/// the games with a board of their own that the menu lists with them, and sums of games.
pub const RULE_STARTS: [RuleEntry; 17] = [
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
        name: "misere",
        title: "Misère Nim",
        rule: "Nim, but whoever takes the last token loses",
        start: "misere:3,5,1",
    },
    RuleEntry {
        name: "stairs",
        title: "Stair Nim",
        rule: "carry balls from a stair k ≥ 2 down to stair k − 1",
        start: "stairs:2,3,1,4,2,5",
    },
    RuleEntry {
        name: "ed",
        title: "E&D",
        rule: "in a pair of heaps, drop one and split the other into a new pair",
        start: "ed:3,5,2,7,4,4",
    },
    RuleEntry {
        name: "wythoff",
        title: "Wythoff's game",
        rule: "take any number from one heap, or the same number from both",
        start: "wythoff:7,10",
    },
    RuleEntry {
        name: "fibnim",
        title: "Fibonacci Nim",
        rule: "first take anything but all; then at most twice the previous take",
        start: "fibnim:20",
    },
    RuleEntry {
        name: "dag",
        title: "Tokens on a DAG",
        rule: "slide one token along an edge of the graph",
        start: "dag:8:1>2,1>3,2>4,3>4,4>5,3>6,6>7,5>8,7>8,2>6:1,3,2",
    },
    RuleEntry {
        name: "sum",
        title: "Sum of games",
        rule: "games side by side; move in any one; XOR of values decides",
        start: SUM_STANDARD,
    },
];

/// The entry at `i` (wrapping, so a stale index from a saved setting still names a game).
pub fn rule_entry(i: usize) -> RuleEntry {
    RULE_STARTS[i % RULE_STARTS.len()]
}
