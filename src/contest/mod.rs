//! The contest formats, one table: each row a problem's id (`p2197`, `cses2208`, …), the game
//! whose `grundy solve GAME` form reads it, the problem, one line of what it reads and prints,
//! and its solver. `grundy solve` and its `--help`, the error that lists the formats and the
//! benchmarks all read this table, so a new format is one row here (and its solver).
//!
//! The problems that are not a game of grundy's own table live in this module's files: scored
//! games ([`scored`]: AtCoder DP L, Codeforces 388C), Candy Piles ([`candy`]), the circular barn
//! ([`barn`]), POI's Nim with discards ([`discard`]), the hop-scotch race on a DAG
//! ([`hopscotch`]), Arpa's prime powers ([`prime_powers`]) and the string cuts ([`string_cuts`]).

pub mod barn;
pub mod candy;
pub mod discard;
pub mod hopscotch;
pub mod prime_powers;
pub mod scored;
pub mod string_cuts;

use crate::games::heaps::contest::{self as heaps, Format as Heap};
use crate::games::{GameKind, coins, dag, dodgeball, ed, fibnim, grid, stairs, wythoff};
use crate::input::{InputError, Limits, Reader};

/// How a format's input is read.
#[derive(Clone, Copy)]
pub enum Read {
    /// As the parser asks for lines, never whole, within the limits: the seed games, whose
    /// inputs run to tens of megabytes.
    Stream(Limits, fn(&mut Reader) -> Result<String, InputError>),
    /// Whole, within [`WHOLE_INPUT_BYTES`], then parsed in memory.
    Whole(fn(&[u8]) -> Result<String, InputError>),
}

/// One contest format.
#[derive(Clone, Copy)]
pub struct Format {
    /// The problem's id, as `grundy solve ID` takes it: the judge's letters and the problem's
    /// number (`p` for Luogu).
    pub id: &'static str,
    /// The game this is a format of: `grundy solve GAME` (the only format of the game) or
    /// `grundy solve GAME ID` reads it too. `None`: a problem that is no game of grundy's.
    pub game: Option<GameKind>,
    /// The problem, for the help: judge, number and title.
    pub problem: &'static str,
    /// What it reads and prints, in a few words.
    pub io: &'static str,
    pub read: Read,
}

/// The most bytes a format read whole may take: far above any valid input (CSES 1729's 10^6
/// heaps are a few megabytes).
pub const WHOLE_INPUT_BYTES: u64 = 64 << 20;

/// A heap game's format of `heaps::contest`, as a table row's solver.
macro_rules! heap_format {
    ($variant:ident) => {
        Read::Whole(|input| heaps::solve(Heap::$variant, input))
    };
}

/// Every format, in the order of the help: the seed games, the heap games, the curriculum's
/// boards, then the problems that are not a game of grundy's.
pub const FORMATS: &[Format] = &[
    Format {
        id: "bzoj4600",
        game: Some(GameKind::Coins),
        problem: "SDOI 2016 coin game (BZOJ 4600)",
        io: "T cases of `n MAXQ` and n faces (1 heads, 0 tails) → win / lose",
        read: Read::Stream(coins::contest::LIMITS, coins::contest::solve_from),
    },
    Format {
        // No judge's number for it could be confirmed: known by the game's name.
        id: "grid",
        game: Some(GameKind::Grid),
        problem: "ZJOI 2009 coin grid",
        io: "T cases of `n m` and n rows of H/T → -_- (first wins) / =_=",
        read: Read::Stream(grid::contest::LIMITS, grid::contest::solve_from),
    },
    Format {
        // No judge's number for it could be confirmed: known by the game's name.
        id: "dodgeball",
        game: Some(GameKind::Dodgeball),
        problem: "PA 2012 Binary Dodgeball",
        io: "one k (1 ≤ k < 10^9) a line → the k-th smallest n the second player wins",
        read: Read::Stream(dodgeball::contest::LIMITS, dodgeball::contest::solve_from),
    },
    Format {
        id: "p2197",
        game: Some(GameKind::Heaps),
        problem: "Luogu P2197 Nim",
        io: "T cases of n and n sizes → Yes / No",
        read: heap_format!(P2197),
    },
    Format {
        id: "cses1730",
        game: Some(GameKind::Heaps),
        problem: "CSES 1730 Nim Game I",
        io: "t tests of n and n sizes → first / second",
        read: heap_format!(Cses1730),
    },
    Format {
        id: "cses1098",
        game: Some(GameKind::Heaps),
        problem: "CSES 1098 Nim Game II (take 1..3)",
        io: "t tests of n and n sizes → first / second",
        read: heap_format!(Cses1098),
    },
    Format {
        id: "cses1729",
        game: Some(GameKind::Heaps),
        problem: "CSES 1729 Stick Game (subtraction set)",
        io: "`n k` and the k takes → W/L for each heap 1..n",
        read: heap_format!(Cses1729),
    },
    Format {
        id: "abc297g",
        game: Some(GameKind::Heaps),
        problem: "AtCoder ABC297 G (take L..R)",
        io: "`N L R` and N sizes → First / Second",
        read: heap_format!(Abc297g),
    },
    Format {
        id: "cses2207",
        game: Some(GameKind::Heaps),
        problem: "CSES 2207 Grundy's Game",
        io: "t tests of one heap n → first / second",
        read: heap_format!(Cses2207),
    },
    Format {
        id: "cf603c",
        game: Some(GameKind::Heaps),
        problem: "Codeforces 603C Lieges of Legendre",
        io: "`n k` and n sizes → Kevin / Nicky",
        read: heap_format!(Cf603c),
    },
    Format {
        id: "cf87c",
        game: Some(GameKind::Heaps),
        problem: "Codeforces 87C (staircase split)",
        io: "x → the least heap count of a winning split, or -1",
        read: heap_format!(Cf87c),
    },
    Format {
        id: "cf2004e",
        game: Some(GameKind::Heaps),
        problem: "Codeforces 2004E (coprime takes)",
        io: "t tests of n and n sizes → Alice / Bob",
        read: heap_format!(Cf2004e),
    },
    Format {
        id: "p4279",
        game: Some(GameKind::Heaps),
        problem: "Luogu P4279 (misère Nim)",
        io: "T cases of n and n sizes → John / Brother",
        read: heap_format!(P4279),
    },
    Format {
        id: "dpk",
        game: Some(GameKind::Heaps),
        problem: "AtCoder DP K Stones (subtraction set)",
        io: "`N K` and the N takes → First / Second for a heap of K",
        read: heap_format!(Dpk),
    },
    Format {
        id: "cf1194d",
        game: Some(GameKind::Heaps),
        problem: "Codeforces 1194D 1-2-K Game",
        io: "T tests of `n k` → Alice (first wins) / Bob",
        read: heap_format!(Cf1194d),
    },
    Format {
        id: "cses2208",
        game: Some(GameKind::Heaps),
        problem: "CSES 2208 Another Game (one token from each of several heaps)",
        io: "t tests of n and n sizes → first / second",
        read: heap_format!(Cses2208),
    },
    Format {
        id: "tioj1940",
        game: Some(GameKind::Heaps),
        problem: "TIOJ 1940 拈 (take at most ⌊n/k⌋)",
        io: "`k n` → the SG value of a heap of n",
        read: heap_format!(Tioj1940),
    },
    Format {
        id: "cses1099",
        game: Some(GameKind::Stairs),
        problem: "CSES 1099 Stair Game",
        io: "t tests of n and p_1..p_n → first / second",
        read: Read::Whole(stairs::solve),
    },
    Format {
        id: "loj10243",
        game: Some(GameKind::Dag),
        problem: "LibreOJ 10243 (tokens on a DAG)",
        io: "`N M K`, M edges `x y`, K token vertices → win / lose",
        read: Read::Whole(dag::solve),
    },
    Format {
        id: "p2252",
        game: Some(GameKind::Wythoff),
        problem: "Luogu P2252 Wythoff's game",
        io: "lines `a b` (heaps ≤ 10^9) → 1 (first wins) / 0",
        read: Read::Whole(wythoff::solve),
    },
    Format {
        id: "p6487",
        game: Some(GameKind::Fibnim),
        problem: "Luogu P6487 Fibonacci Nim",
        io: "one N (≤ 10^15) a line → the least winning first take",
        read: Read::Whole(fibnim::solve),
    },
    Format {
        id: "p2148",
        game: Some(GameKind::Ed),
        problem: "Luogu P2148 E&D (SDOI 2009)",
        io: "T cases of n and the n heaps, paired → YES (first wins) / NO",
        read: Read::Whole(ed::solve),
    },
    Format {
        id: "cf305e",
        game: None,
        problem: "Codeforces 305E Playing with String (runs of Dawson's chess)",
        io: "a string → Second, or First and the least winning cut",
        read: Read::Whole(string_cuts::solve),
    },
    Format {
        id: "cf850c",
        game: None,
        problem: "Codeforces 850C Arpa and a game with Mojtaba (prime powers)",
        io: "n and n numbers → Mojtaba (first wins) / Arpa",
        read: Read::Whole(prime_powers::solve),
    },
    Format {
        id: "tioj1092",
        game: None,
        problem: "TIOJ 1092 跳格子遊戲 (a race to the finish of a DAG)",
        io: "cases `N E`, E arrows, the name on circle 1, until `0 0` → the winner",
        read: Read::Whole(hopscotch::solve),
    },
    Format {
        id: "dpl",
        game: None,
        problem: "AtCoder DP L Deque (scored: take from either end)",
        io: "N and a_1..a_N → X − Y with best play",
        read: Read::Whole(scored::deque),
    },
    Format {
        id: "cf388c",
        game: None,
        problem: "Codeforces 388C Fox and Card Game (scored: tops and bottoms)",
        io: "n piles `s c_1..c_s` → Ciel's total and Jiro's",
        read: Read::Whole(scored::fox_cards),
    },
    Format {
        id: "agc002e",
        game: None,
        problem: "AtCoder AGC 002 E Candy Piles (not a sum)",
        io: "N and a_1..a_N → First / Second",
        read: Read::Whole(candy::solve),
    },
    Format {
        id: "p8901",
        game: None,
        problem: "USACO 2022 Dec Silver Circular Barn (Luogu P8901)",
        io: "T tests of N and a_1..a_N → Farmer John / Farmer Nhoj",
        read: Read::Whole(barn::solve),
    },
    Format {
        id: "p5970",
        game: None,
        problem: "POI 2016 Nim z utrudnieniem (Luogu P5970)",
        io: "`n d` and a_1..a_n → winning discards mod 10^9 + 7",
        read: Read::Whole(discard::solve),
    },
];

/// The format of this id.
pub fn find(id: &str) -> Option<&'static Format> {
    FORMATS.iter().find(|f| f.id == id)
}

/// The format of this id, or the only format of the game of this name (`stairs`).
pub fn named(name: &str) -> Option<&'static Format> {
    find(name).or_else(|| {
        let game = GameKind::EVERY.iter().find(|g| g.name() == name)?;
        let mut formats = of_game(*game);
        let only = formats.next()?;
        formats.next().is_none().then_some(only)
    })
}

/// The formats of `game`, in the table's order.
pub fn of_game(game: GameKind) -> impl Iterator<Item = &'static Format> {
    FORMATS.iter().filter(move |f| f.game == Some(game))
}

/// The games that have a format, in the table's order, each once.
pub fn games() -> Vec<GameKind> {
    let mut games: Vec<GameKind> = Vec::new();
    for game in FORMATS.iter().filter_map(|f| f.game) {
        if !games.contains(&game) {
            games.push(game);
        }
    }
    games
}

/// Every id, joined with `, ` (for an error message).
pub fn ids(formats: impl IntoIterator<Item = &'static Format>) -> String {
    formats
        .into_iter()
        .map(|f| f.id)
        .collect::<Vec<_>>()
        .join(", ")
}
