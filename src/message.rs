//! What the engine tells a player, as values: a move, a part of a position or a game's own
//! win rule, with its numbers and no words. The interface renders each one in the player's
//! language (`grundy::locale`'s `Words`, through `locales/engine.toml`), so the engine says
//! the same thing to every reader and a translation is a change to a locale file only.
//!
//! Codes are not messages: a position code ([`crate::game::Notation::to_code`]) and a move
//! code ([`crate::game::Notation::move_code`]) are notation, the same in every language.

pub use crate::why::PartName;

/// A sentence of the engine's, with the numbers it speaks of. Indices called `number` count
/// from 1, as a player counts heaps, rows and tokens.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Msg {
    /// A part of a position (the coin, cell, box, heap… whose value the analysis lists): the
    /// same names the why-view explains ([`PartName`]), one list for both.
    Part(PartName),

    // Moves.
    /// Coin row: the chosen coin, then the divisor of each step and the coins flipped,
    /// largest first. `divisor` is `None` when it overflows (never for a legal move).
    CoinMove {
        coin: u64,
        divisor: Option<u64>,
        flips: Vec<u64>,
    },
    /// Coin row, the move alone as the move list shows it under its coin.
    CoinFlips {
        divisor: Option<u64>,
        flips: Vec<u64>,
    },
    /// Coin grid: the anchor, then the other cells flipped (from the anchor outwards).
    Block {
        anchor: (usize, usize),
        others: Vec<(usize, usize)>,
    },
    /// Binary Dodgeball: the piece in box `from` thrown to box `to`; `collides` when a piece
    /// was there (both leave).
    Throw { from: u64, to: u64, collides: bool },
    /// Take `take` tokens from heap `number`, `from` → `to`.
    Take {
        number: usize,
        take: u64,
        from: u64,
        to: u64,
    },
    /// Kayles: knock out pins `first..=last` of row `number` (of `from` pins), leaving rows
    /// of `pieces` (empty: nothing left).
    Knock {
        number: usize,
        first: u64,
        last: u64,
        from: u64,
        pieces: Vec<u64>,
    },
    /// An octal game: take `take` tokens from heap `number` (of `from`) and leave the rest as
    /// `pieces` (two or three heaps).
    Remove {
        number: usize,
        take: u64,
        from: u64,
        pieces: Vec<u64>,
    },
    /// Split heap `number` of size `from` into `pieces`.
    Split {
        number: usize,
        from: u64,
        pieces: Vec<u64>,
    },
    /// Lieges of Legendre: heap `number` of size `from` becomes `count` heaps of `size`.
    Multiply {
        number: usize,
        from: u64,
        count: u64,
        size: u64,
    },
    /// Stair Nim: carry `count` balls from stair `number` down one stair.
    Carry { number: usize, count: u64 },
    /// E&D: in pair `number`, drop the heap of `dropped` and split `kept` into `left` + `right`.
    EdSplit {
        number: usize,
        dropped: u64,
        kept: u64,
        left: u64,
        right: u64,
    },
    /// DAG: token `number` slides from vertex `from` to vertex `to`.
    Slide { number: usize, from: u64, to: u64 },
    /// Wythoff: queen `number` from `from` to `to`, taking `take` from the heaps of `line`.
    QueenMove {
        number: usize,
        from: (u64, u64),
        to: (u64, u64),
        take: u64,
        line: QueenLine,
    },
    /// Fibonacci Nim: take `take` from a heap of `from`; the next player may take at most
    /// twice as many.
    FibTake { take: u64, from: u64 },
    /// A coin-turning game: turn these coins, the rightmost (tails) first.
    Turn { coins: Vec<u64> },
    /// Every-SG: these moves, one in each component, together.
    Together { moves: Vec<Msg> },
    /// Nim-K: take from several heaps at once, each `(number, take, from, to)`.
    TakeMany { takes: Vec<(usize, u64, u64, u64)> },
    /// A move in component `number` of a sum (whose game's code name is `game`).
    InComponent {
        number: usize,
        game: String,
        mv: Box<Msg>,
    },

    // The win rules of games not decided by the nim-sum (`Impartial::win_rule`).
    /// Misère Nim with a heap larger than 1: play as in Nim; the nim-sum decides.
    MisereAsNim { nim_sum: u64 },
    /// Misère Nim with only heaps of 0 and 1: the parity of the `ones` decides.
    MisereOnes { ones: usize },
    /// Anti-SG decided by the SJ theorem: the total SG value of the single games, the largest
    /// single value and where it is (the component from 0, and its heap from 0 when the
    /// component counts heap by heap), and the verdict.
    AntiSj {
        total: u64,
        largest: u64,
        part: usize,
        heap: Option<usize>,
        wins: bool,
    },
    /// Anti-SG decided by a search of the misère game tree (the SJ theorem does not decide).
    AntiSearch { wins: bool },
    /// Every-SG: each component's step count; the largest decides (odd: the player to move
    /// wins).
    EverySteps { steps: Vec<u32>, wins: bool },
    /// Moore's Nim-K: `counts[d]` heaps have a 1 in binary digit d (2^d); lost exactly when
    /// every count is a multiple of K + 1.
    NimKDigits { k: u64, counts: Vec<u64> },
    /// A lone Wythoff queen past the value table: lost exactly on a P-position
    /// (⌊kφ⌋, ⌊kφ⌋ + k), k = |a − b|; `targets` are the winning squares (none: lost).
    WythoffFormula {
        table: u64,
        k: u64,
        low: u64,
        targets: Vec<(u64, u64)>,
    },
    /// A Fibonacci Nim heap past the value table: the player to move wins exactly when the
    /// smallest Zeckendorf term (`terms`, largest first) is at most `limit`, by taking one of
    /// `takes`.
    FibFormula {
        table: u64,
        heap: u64,
        terms: Vec<u64>,
        limit: u64,
        takes: Vec<u64>,
    },
}

/// Which heaps a Wythoff queen's move takes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QueenLine {
    /// From the first heap (along the row).
    First,
    /// From the second heap (along the column).
    Second,
    /// The same from both (along the diagonal).
    Both,
}

/// A sentence the engine says about a bad position code or an illegal move, as a value: the
/// key of its text in `locales/said.toml` and the values it names. The interface words it in
/// the reader's language (`grundy::locale`'s `Words`); `Display` gives the English, read from
/// the same file, so the engine without the interface still explains itself and the English
/// is written once.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Said {
    key: &'static str,
    args: Vec<(&'static str, SaidArg)>,
}

/// A value a [`Said`] names: notation or a number, the same in every language, or a phrase
/// of its own to be worded (`the heaps`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SaidArg {
    Text(String),
    Said(Said),
}

impl Said {
    /// The sentence of `key` (under `said.` in `locales/said.toml`), before its values.
    pub fn new(key: &'static str) -> Said {
        Said {
            key,
            args: Vec::new(),
        }
    }

    /// Names `value` (notation or a number) as `%{name}`.
    pub fn with(mut self, name: &'static str, value: impl std::fmt::Display) -> Said {
        self.args.push((name, SaidArg::Text(value.to_string())));
        self
    }

    /// Names the phrase `said` as `%{name}`, worded in the same language as the sentence.
    pub fn with_said(mut self, name: &'static str, said: Said) -> Said {
        self.args.push((name, SaidArg::Said(said)));
        self
    }

    /// The same sentence with every value it quotes (here and in its phrases) fit for a
    /// terminal: control characters escaped (`\x1b`), at most `max` characters each. For a
    /// sentence that quotes a file, which may hold anything.
    pub fn escaped(mut self, max: usize) -> Said {
        for (_, value) in &mut self.args {
            match value {
                SaidArg::Text(text) => *text = crate::input::excerpt(text.as_bytes(), max),
                SaidArg::Said(said) => *said = said.clone().escaped(max),
            }
        }
        self
    }

    /// The key of its text in the locale files.
    pub fn key(&self) -> &'static str {
        self.key
    }

    /// The sentence with `text_of(key)` as the text of each key (its own and its phrases'),
    /// the placeholders filled.
    pub fn fill(&self, text_of: &dyn Fn(&str) -> String) -> String {
        let mut text = text_of(self.key);
        for (name, value) in &self.args {
            let value = match value {
                SaidArg::Text(t) => t.clone(),
                SaidArg::Said(s) => s.fill(text_of),
            };
            text = text.replace(&format!("%{{{name}}}"), &value);
        }
        text
    }

    /// The English text of `key`, from `locales/said.toml` (the key itself if the file has
    /// none, which the locale tests catch).
    pub fn english(key: &str) -> String {
        use std::sync::LazyLock;
        // The sentences of said.toml, and those of the readers' own checks (lessons2.toml).
        static FILES: LazyLock<[toml::Table; 2]> = LazyLock::new(|| {
            [
                include_str!("../locales/said.toml")
                    .parse()
                    .expect("locales/said.toml is TOML"),
                include_str!("../locales/lessons2.toml")
                    .parse()
                    .expect("locales/lessons2.toml is TOML"),
            ]
        });
        FILES
            .iter()
            .find_map(|file| english_in(file, key))
            .unwrap_or_else(|| key.to_string())
    }
}

/// The English text of `key` in one locale file, if it has it.
fn english_in(file: &toml::Table, key: &str) -> Option<String> {
    let mut table = file;
    let mut parts = key.split('.').peekable();
    while let Some(part) = parts.next() {
        let next = table.get(part)?.as_table()?;
        if parts.peek().is_none() {
            return next.get("en")?.as_str().map(str::to_string);
        }
        table = next;
    }
    None
}

/// A sentence no locale key words yet: shown as it is, in English, in every language. The
/// Chinese scans of the errors find these; each one left is a text still to move into
/// `locales/said.toml`.
impl std::fmt::Display for Said {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.fill(&Said::english))
    }
}
