//! The heap board, one for every heap game (Nim, Kayles, Grundy's game, misère Nim, …): heaps
//! drawn as stacks of tokens (Kayles: rows of pins), a cursor on one heap, its moves listed
//! beside it and the chosen one previewed on the stack.

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
pub const RULE_STARTS: [RuleEntry; 11] = [
    RuleEntry {
        name: "nim",
        title: "Nim",
        rule: "take any number of tokens from one heap",
        start: "nim:3,4,5",
    },
    RuleEntry {
        name: "bash",
        title: "Bash (take 1..3)",
        rule: "take 1 to m tokens from one heap (here m = 3)",
        start: "bash:3:10,7,5",
    },
    RuleEntry {
        name: "subtraction",
        title: "Subtraction game {1,3,4}",
        rule: "take s tokens from one heap, s from the set S (here 1, 3 or 4)",
        start: "subtraction:1,3,4:10,12,7",
    },
    RuleEntry {
        name: "take",
        title: "Take 2..5",
        rule: "take l to r tokens from one heap (here 2 to 5)",
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
        rule: "take one token, or turn a heap of 2y into k heaps of y (here k = 3)",
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
];

/// The entry at `i` (wrapping, so a stale index from a saved setting still names a game).
pub fn rule_entry(i: usize) -> RuleEntry {
    RULE_STARTS[i % RULE_STARTS.len()]
}
