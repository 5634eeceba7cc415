//! How a new match is set up, whatever plays it: who moves first ([`First`]), how a board
//! starts when no position code is given ([`Start`]) and the sizes of each game
//! ([`GameSetup`]). The settings file and saved games store these; the terminal game and the
//! command line read them.

use crate::games::GameKind;

/// Who moves first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum First {
    #[default]
    You,
    Ai,
}

/// How a new game starts, when no position code is given.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Start {
    /// Random faces (or pieces), from the game's seed.
    #[default]
    Random,
    /// Random, then made winning for the player: if the player moves first and the random
    /// board has nim-sum 0, one random move is played on it; if the AI moves first and the
    /// nim-sum is not 0, one move to nim-sum 0 is. Fair to a beginner: perfect play wins.
    RandomWinning,
    /// The game's standard start: dodgeball with every box full (the contest's start),
    /// every coin showing T in the coin games.
    Standard,
}

/// The parameters of a new game, from the menu or the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSetup {
    pub kind: GameKind,
    /// Coin row: the number of coins and MAXQ.
    pub coins: usize,
    pub maxq: u32,
    /// Coin grid: rows × columns.
    pub rows: usize,
    pub cols: usize,
    /// Dodgeball: the number of boxes.
    pub boxes: usize,
    /// Heap games: which rule, an index into `tui::boards::heaps::RULE_STARTS`.
    pub heap_rule: usize,
    /// The parameters of the heap rules that have them: Bash's m (take 1..m), take l..r,
    /// Lieges's k, and the subtraction set (sorted, no repeats).
    pub bash_m: usize,
    pub take_l: usize,
    pub take_r: usize,
    pub lieges_k: usize,
    pub subtraction: Vec<u64>,
    /// The octal game's code (`0.137`), as the menu's code field holds it (checked at Start).
    pub octal: String,
    pub start: Start,
    /// A position code; when given it wins over the sizes and `start`.
    pub code: Option<String>,
}

impl GameSetup {
    pub fn new(kind: GameKind) -> GameSetup {
        GameSetup {
            kind,
            coins: 20,
            maxq: 4,
            rows: 5,
            cols: 6,
            boxes: 12,
            heap_rule: 0,
            bash_m: 3,
            take_l: 2,
            take_r: 5,
            lieges_k: 3,
            subtraction: vec![1, 3, 4],
            octal: "0.137".to_string(),
            start: if kind == GameKind::Dodgeball {
                Start::Standard
            } else {
                Start::Random
            },
            code: None,
        }
    }
}

/// The random generator wherever a seed must replay: random starts, the AI's random choices,
/// saved games. ChaCha12 from `rand_chacha`, whose stream for a seed is fixed, where rand's
/// `StdRng` may change its algorithm in any release (the engine test `seeds` pins a seed's
/// first positions).
pub type ReplayRng = rand_chacha::ChaCha12Rng;
