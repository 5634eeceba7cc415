//! The command line's arguments: clap's `Cli`, its commands and their options, the parsers of
//! numbers and seeds, and reading the command line with its errors escaped.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use crate::ai::Level;
use crate::contest::{self, FORMATS};
use crate::games::GameKind;
use crate::input::excerpt;
use crate::lang::Lang;
use crate::tr;
use crate::tui::First;
use crate::tui::board::Start;

use super::{report, without_line_end};

const ABOUT: &str = "Play impartial games against a perfect Sprague–Grundy opponent";

const LONG_ABOUT: &str = "\
Play impartial combinatorial games against an opponent that plays perfectly, and learn why a
position is won, with Sprague–Grundy theory.

Games: coins (the coin row, SDOI 2016), grid (the coin grid, ZJOI 2009), dodgeball (Binary
Dodgeball, PA 2012). A position is written as one line of text, its code:
  coins:<MAXQ>:<faces of coins 1..n, H or T>      coins:14:HTTHTTTTHTTTHTHH
  grid:<row 1>/<row 2>/...  (H or T per cell)      grid:HHH/TTH
  dodgeball:<boxes 1..n, 1 = piece, 0 = empty>     dodgeball:1111111111
The curriculum games: nim:3,4,5  bash:3:10,7  subtraction:1,3,4:10,12  take:2,5:10,12
  fibonacci:10,12  coprime:7,9  kayles:5,7  grundy:7,9  lieges:3:4,5  staircase:10,15
  misere:3,5,1  stairs:2,3,1,4  ed:3,5,2,7  dag:4:1>2,2>3,1>3,3>4:1,2  wythoff:7,10  fibnim:20
  dawson:5,8  nimk:2:3,5,6 (take from up to K heaps)  turtles:HTHT  mock:HTTHT  ruler:TTHT
A sum of positions of different games joins their codes with +: nim:3,4+kayles:5+coins:4:HTT
(its value is the XOR of the components' values; misère Nim cannot be a component).
anti: plays any code or sum under the misère rule (anti:kayles:3,5, anti:nim:3+kayles:4);
every: moves in every component at once (every:nim:3+kayles:4, Every-SG).

With no command, grundy opens the game menu in the terminal.
Settings, saved games and statistics live in the platform's config and data directories
(on Linux $XDG_CONFIG_HOME/grundy and $XDG_DATA_HOME/grundy); see the README.
Exit codes: 0 success; 1 no legal move (or the terminal went away); 2 bad input or usage;
128 + n after signal n (TERM 143, HUP 129, INT 130, QUIT 131).";

const JUDGE_LONG_ABOUT: &str = "\
Check a program against grundy's solver (对拍): grundy judge PROBLEM -- PROGRAM [ARGS...].
It runs PROGRAM on the problem's samples, then on random inputs from small to the statement's
limits, each answered by grundy's own solver (`grundy solve PROBLEM`), and compares the
outputs token by token. On the first failure it shrinks the input while the program still
fails, and prints the input, the expected answer, the program's, and the position explained.
PROGRAM is an executable, a command, or a source file: .cpp/.cc (g++ -O2 -std=c++17),
.c (gcc -O2 -std=c11), .rs (rustc -O), .py (python3). It runs in a temporary directory with
the test on standard input, under CPU time, memory and output limits; its whole process
group is killed when it ends.
With --rules FILE instead of PROBLEM: a rules file's game, one position a test, its own
search the reference (see the rules files' page for fn input, fn answer and fn random).
Verdicts: AC, WA, PE (not the problem's words), TLE, MLE, RE, OLE (too much output).
Exit codes: 0 accepted; 1 a failed test (or a compile error); 2 bad usage.
In the terminal game: the Lab's Judge page (grundy, t, then ← twice) does the same.";

/// `grundy judge`'s arguments.
#[derive(Debug, clap::Args)]
pub struct JudgeArgs {
    /// The problem's id (`p2197`, `cses1730`, …: see `grundy solve --help`)
    #[arg(value_name = "PROBLEM", required_unless_present_any = ["octal", "rules"])]
    pub problem: Option<String>,
    /// The program and its arguments, after `--`
    #[arg(last = true, required = true, value_name = "PROGRAM")]
    pub program: Vec<std::ffi::OsString>,
    /// Random tests to run (after the samples)
    #[arg(long, default_value_t = 300, value_parser = number(1usize, 100_000))]
    pub tests: usize,
    /// The seed of the random tests: the same seed gives the same tests
    #[arg(long, value_parser = seed)]
    pub seed: Option<u64>,
    /// Write the failing input, grundy's answer and the program's as DIR/NAME.in, .out, .got
    #[arg(long, value_name = "DIR")]
    pub save: Option<PathBuf>,
    /// Tests run at once (default: the number of cores)
    #[arg(long, value_parser = number(1usize, 256))]
    pub jobs: Option<usize>,
    /// CPU time limit per test in seconds (default: the statement's)
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub time_limit: Option<f64>,
    /// Memory limit in MiB (default: the statement's)
    #[arg(long, value_name = "MIB", value_parser = number(16u64, 65_536))]
    pub memory_limit: Option<u64>,
    /// Judge an octal game instead of a problem: the input is n then the n heaps, the answer
    /// First or Second
    #[arg(long, value_name = "CODE", conflicts_with = "problem")]
    pub octal: Option<String>,
    /// Judge the game of a rules file, its own search the reference: the input is fn input(s)
    /// (default: the position's literal), the answer fn answer(r) (default: First, Second,
    /// Draw, or a scoring game's score difference)
    #[arg(long, value_name = "FILE", conflicts_with_all = ["problem", "octal"])]
    pub rules: Option<PathBuf>,
}

/// A time in seconds, 0.01 to 60.
fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if (0.01..=60.0).contains(&s) => Ok(s),
        _ => Err(tr!("judge.error.seconds", value = text).into_owned()),
    }
}

/// The command line of `grundy`.
#[derive(Debug, Parser)]
#[command(name = "grundy", version, about = ABOUT, long_about = LONG_ABOUT)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Language: en, zh-CN or zh-TW (default: the `lang` setting, else LC_ALL/LANG)
    #[arg(long, global = true, value_name = "LANG")]
    pub lang: Option<Lang>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play in the terminal against the AI (the default when no command is given).
    #[command(
        long_about = "Play in the terminal against the AI. With no game, opens the menu.\n\
        Keys: arrows/hjkl move, Enter/Space choose, Esc back, u/r undo/redo, s save, y copy the\n\
        position's code, ? help, q quit (an unfinished game is kept for the menu's Resume).",
        after_long_help = "Environment:\n  NO_COLOR  when set (to anything), a theme without colours: \
        selection and moves are marked with symbols and reverse video."
    )]
    Play(PlayArgs),
    /// Answer a contest input read from standard input, one answer per line on standard output.
    #[command(long_about = solve_help())]
    Solve {
        /// The problem's id (`p2197`, `cses2208`, …), or a game with a contest format (`coins`,
        /// `heaps`, …).
        #[arg(value_name = "PROBLEM|GAME")]
        name: String,
        /// With a game of several formats (`heaps`): the problem's id, e.g. `grundy solve
        /// heaps p2197`.
        #[arg(value_name = "ID")]
        format: Option<String>,
    },
    /// Check a program against grundy's solver (对拍): the samples, then random inputs up to
    /// the problem's limits; the smallest input it gets wrong, explained.
    #[command(long_about = JUDGE_LONG_ABOUT)]
    Judge(Box<JudgeArgs>),
    /// Print the AI's move from a position: the move in words, why, and as the last line the
    /// code of the position after it.
    #[command(long_about = "Print the AI's move from the position CODE.\n\n\
        Output: the move in words, the reason (win by nim-sum 0, exact remoteness, stalling, or\n\
        a random move at weaker levels), and as its last line the code of the position after\n\
        the move. From a position with no legal move: a message on standard error, exit code 1.")]
    Move {
        /// A position code, e.g. coins:14:HTTHTTTTHTTTHTHH; `-` reads it from standard input
        /// (a 10^6-box dodgeball code is longer than an argument may be). With --rules: a
        /// position as a Rhai literal (`[3, 4, 5]`), by default the file's `start()`.
        #[arg(required_unless_present = "rules")]
        code: Option<String>,
        /// A rules file (a Rhai script: see the README) whose game to play the move in.
        #[arg(long, value_name = "FILE")]
        rules: Option<PathBuf>,
        /// With --rules, in a two-sided game: the side to move (0 first, 1 second).
        #[arg(long, default_value_t = 0, value_parser = number(0u8, 1), requires = "rules")]
        side: u8,
        /// How well the AI plays (easy, medium and hard sometimes play a random move).
        #[arg(long, value_enum, default_value_t = Level::Perfect)]
        level: Level,
        /// Seed for the AI's choices among equal moves (the same seed gives the same move).
        #[arg(long, value_parser = seed)]
        seed: Option<u64>,
    },
    /// Explain a position: the value of every part, the nim-sum in binary, the winner and the
    /// winning moves.
    #[command(long_about = "Explain the position CODE:\n\
        - the Sprague–Grundy value of every tails coin, cell or piece;\n\
        - their nim-sum (XOR) in binary;\n\
        - who wins with perfect play (the player to move wins exactly when the nim-sum is\n\
        \u{20}  not 0), and the exact remoteness when the game tree is small;\n\
        - the legal moves, winning ones first, each marked WIN or lose for the player making it.")]
    Analyze {
        /// A position code, e.g. grid:HHH/TTH; `-` reads it from standard input.
        ///
        /// With --rules: a Rhai literal (`[3, 4, 5]`); by default the file's `start()`.
        #[arg(required_unless_present_any = ["load", "rules"])]
        code: Option<String>,
        /// Analyse a position of a rules file's game (a Rhai script: see the README).
        ///
        /// Win, lose or draw with remoteness, the SG value or score, and every move's verdict.
        #[arg(long, value_name = "FILE", conflicts_with_all = ["load", "why", "line"])]
        rules: Option<PathBuf>,
        /// With --rules, in a two-sided game: the side to move (0 first, 1 second).
        #[arg(long, default_value_t = 0, value_parser = number(0u8, 1), requires = "rules")]
        side: u8,
        /// Analyse the position a saved game has reached (the file `s` in the game wrote).
        #[arg(long, value_name = "FILE", conflicts_with = "code")]
        load: Option<PathBuf>,
        /// At most this many moves are listed (0 to 1000).
        #[arg(long, default_value_t = 40, value_parser = number(0u32, MAX_LISTED as u32))]
        moves: u32,
        /// At most this many parts are listed, 0 to 1000 (also bits of a big grid nim-sum).
        #[arg(long, default_value_t = 64, value_parser = number(0u32, MAX_LISTED as u32))]
        parts: u32,
        /// Also print the principal line, at most N moves (1 to 10000).
        #[arg(
            long_help = "Also print the principal line: best play for both sides for at most N \
            moves\n(1 to 10000), by exact remoteness where the search knows it, else by the nim-sum."
        )]
        #[arg(long, value_name = "N", value_parser = number(1u32, 10_000))]
        line: Option<u32>,
        /// Print instead why the part PART has its value (its options, their values, the mex).
        #[arg(
            long_help = "Print instead why the part PART has its value: its options (--moves of \
            them listed),\nwhat each leaves and its value, the set of values and their mex, and \
            the formula\nwhere the game has one. PART: a number from 1 (a heap, coin, box, stair, \
            pair, token,\nqueen), ROW,COL on the grid, N or N/PART for component N of a sum."
        )]
        #[arg(long, value_name = "PART")]
        why: Option<String>,
    },
    /// Print a sheet of puzzles: positions won for the player to move, one code a line.
    #[command(
        long_about = "Print a sheet of puzzles for GAME: positions won for the player to \
        move,\none position code a line. With --answers, each line is the code, a tab, and the \
codes of\nthe positions after every winning move, separated by spaces; with --words, another \
        tab and\nthe winning moves in words. With --play, the sheet opens in the terminal game to \
        be played,\none puzzle after another, scored. GAME is any name \
        a position\ncode starts with (nim, kayles, wythoff, stairs, coins, grid, dodgeball, …). \
        The same seed\ngives the same sheet; bad arguments exit with code 2."
    )]
    Puzzles {
        /// The game: a name a position code starts with (nim, bash, kayles, coins, grid, …).
        game: String,
        /// How many puzzles (1 to 1000).
        #[arg(long, default_value_t = 10, value_parser = number(1u32, 1000))]
        count: u32,
        /// 1 (small, short wins, many winning moves) to 5 (large, long, one or two winning
        /// moves).
        #[arg(long, default_value_t = 3, value_parser = number(1u32, 5))]
        difficulty: u32,
        /// The seed the sheet is drawn from (the same seed gives the same sheet; default:
        /// random).
        #[arg(long, value_parser = seed)]
        seed: Option<u64>,
        /// After each code, a tab and the codes after every winning move.
        #[arg(long)]
        answers: bool,
        /// With the answers, a tab and the winning moves in words, in the chosen language.
        #[arg(long)]
        words: bool,
        /// Play the sheet in the terminal game instead: one puzzle after another, one move
        /// each, scored; nothing shows a winning move before you move.
        #[arg(long)]
        play: bool,
    },
    /// Practise: drills with a rating, in the terminal game (find the winning move, won or
    /// lost, a part's value).
    #[command(
        long_about = "Open the terminal game on Practice: endless drills from generated \
        positions\n(find a winning move, say won or lost, give a part's value), their difficulty \
        following\nyour Glicko-2 rating per game; streak and timed modes. GAME is any name a \
        position code\nstarts with (nim, kayles, coins, …); without it, drills come from every \
        game. Ratings,\nrecords and attempts are kept in the data directory; grundy stats shows \
        them.\n\nWith --review, the review queue instead: the positions you got wrong (a blunder \
        in a game,\na missed drill, a wrong lesson exercise) that are due, scheduled by FSRS; \
        --review --list\nprints them, one a line: the code, a tab, the due date (ISO 8601), a \
        tab, where it came\nfrom (game, drill, lesson).\n\nWith --weakest, drills of your two \
        weakest themes (a theme is the game and the idea:\nthe nim-sum, mex, splitting, Stair \
        Nim's stairs, Wythoff pairs, …; grundy stats names them)."
    )]
    Drill {
        /// The game drills come from (a name a position code starts with); default: all.
        game: Option<String>,
        /// Only this kind of drill: winning-move, won-or-lost or part-value; default: any.
        #[arg(long, value_name = "KIND")]
        kind: Option<String>,
        /// Only this difficulty, 1 (easiest) to 5 (hardest); default: the one your rating
        /// suggests.
        #[arg(long, value_name = "D")]
        difficulty: Option<String>,
        /// Serve the review queue: the positions you got wrong that are due.
        #[arg(long)]
        review: bool,
        /// With --review: print the due items instead, one a line (code, due date, source).
        #[arg(long, requires = "review")]
        list: bool,
        /// Draw the drills from your two weakest themes (as grundy stats names them).
        #[arg(long, conflicts_with_all = ["review", "game"])]
        weakest: bool,
    },
    /// Lessons in Sprague–Grundy theory, each with exercises and a position to win against
    /// the AI.
    #[command(
        long_about = "Open the lessons in the terminal: Sprague–Grundy theory step by step, \
        from won and lost\npositions to the contest games. Each lesson has a few pages, \
        exercises checked by the engine,\nand a position to win against the AI; a won game \
        marks the lesson done (kept in learn.toml\nin the data directory). With N, open \
        lesson N; with --list, print the lessons' titles."
    )]
    Learn {
        /// Open lesson N (from 1) instead of the list of lessons.
        #[arg(value_parser = number(1u32, crate::learn::LESSONS.len() as u32))]
        lesson: Option<u32>,
        /// Print the lessons' titles, one a line, in the chosen language, and exit.
        #[arg(long, conflicts_with = "lesson")]
        list: bool,
    },
    /// Print a table of Sprague–Grundy values, to see the patterns.
    Sg(SgArgs),
    /// Print a shell completion script for grundy on standard output.
    #[command(
        long_about = "Print a shell completion script for grundy on standard output.\n\n\
        bash:  grundy completions bash > ~/.local/share/bash-completion/completions/grundy\n\
        zsh:   grundy completions zsh > ~/.zfunc/_grundy   (with ~/.zfunc in fpath)\n\
        fish:  grundy completions fish > ~/.config/fish/completions/grundy.fish"
    )]
    Completions {
        /// The shell to write the script for.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff) on standard output: `grundy man | man -l -`.
    Man,
    /// Print the statistics: games played, won and lost, and winning streaks per game and AI
    /// level; then the practice ratings and records.
    Stats,
}

/// `grundy sg TABLE [--check EXPR] [--svg FILE] [--png FILE]`: a table, a formula checked
/// against it, and its picture; or `--rules FILE --n N` for a rules file's positions 0..=N.
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_required = false)]
pub struct SgArgs {
    #[command(subcommand)]
    pub table: Option<SgTable>,
    /// The values of the integer positions 0..=N of the game a rules file defines (one-sided,
    /// normal play, no scores), ten to a row.
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    /// With --rules: the largest position (0..=100000).
    #[arg(long, default_value_t = 99, value_parser = number(0u32, 100_000), requires = "rules")]
    pub n: u32,
    /// Check a formula against the table: `n % 3`, `if(n % 4 == 0, 0, 1)` (evalexpr's
    /// syntax; `if C { A } else { B }` is read as `if(C, A, B)`), with `n` the heap (box,
    /// place, vertex) of a 1-D table and `a`, `b` the row and column of a 2-D one. Prints
    /// where it holds, or the first counterexample (exit code 1).
    #[arg(long, global = true, value_name = "EXPR")]
    pub check: Option<String>,
    /// Also draw the table as a picture into FILE, as SVG: a sequence as a strip of coloured
    /// cells (a colour per value, the preperiod and the period framed), a two-dimensional
    /// table as a heat map.
    #[arg(long, global = true, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// The same picture as a PNG.
    #[arg(long, global = true, value_name = "FILE")]
    pub png: Option<PathBuf>,
    /// How --svg and --png draw a sequence: `strip` (coloured cells) or `line` (G(n) as a
    /// line over n; an arithmetic period's saltus taken out as in the strip).
    #[arg(long, global = true, value_enum, default_value_t = Plot::Strip)]
    pub plot: Plot,
    /// Propose a formula for the table: the first of a catalogue of shapes (a constant, n,
    /// n mod m, n except on some residues, the lowest set or unset bit, the parity of the
    /// 1-bits, a period or an arithmetic period as a residue table; for two numbers f(a) ⊕
    /// g(b), a table by (a mod p, b mod q), Wythoff's pairs) that gives every value, printed
    /// as `pattern: EXPR` in the syntax --check reads.
    #[arg(long, global = true)]
    pub pattern: bool,
    /// With --rules: positions are pairs [a, b], rows a = 0..=A (at most 300).
    #[arg(long, value_name = "A", requires = "rules", requires = "cols", value_parser = number(0u32, 300))]
    pub rows: Option<u32>,
    /// With --rules: columns b = 0..=B of the pairs [a, b] (at most 300).
    #[arg(long, value_name = "B", requires = "rules", requires = "rows", value_parser = number(0u32, 300))]
    pub cols: Option<u32>,
}

/// How a sequence's picture is drawn (`sg --plot`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Plot {
    Strip,
    Line,
}

#[derive(Debug, Subcommand)]
pub enum SgTable {
    /// The value of a lone tails coin at each place 1..n of a coin row with MAXQ.
    Coins {
        /// Number of coins (1..=30000).
        #[arg(long, value_parser = number(1u32, 30000))]
        n: u32,
        /// MAXQ (1..=20).
        #[arg(long, value_parser = number(1u32, 20))]
        maxq: u32,
    },
    /// The value of a lone tails cell at each place of a rows × cols grid, as the exponent k of
    /// its value 2^k.
    Grid {
        /// Rows (1..=100).
        #[arg(long, value_parser = number(1u32, 100))]
        rows: u32,
        /// Columns (1..=100).
        #[arg(long, value_parser = number(1u32, 100))]
        cols: u32,
    },
    /// The Nim heap of the piece in each box 1..n (the doublings it has left), and the value
    /// of the full board.
    Dodgeball {
        /// Number of boxes (1..=1000000).
        #[arg(long, value_parser = number(1u32, 1_000_000))]
        n: u32,
    },
    /// Wythoff's game: the value of a queen at (a, b) for a, b ≤ n; the zeros are the lost
    /// queens (⌊kφ⌋, ⌊kφ⌋ + k) and their mirrors.
    Wythoff {
        /// The largest coordinate (1..=300).
        #[arg(long, default_value_t = 20, value_parser = number(1u32, 300))]
        n: u32,
    },
    /// E&D: the value of a pair (x, y) for x, y ≤ n, the index of the lowest 0 bit of
    /// (x − 1) | (y − 1).
    Ed {
        /// The largest heap (1..=1000).
        #[arg(long, default_value_t = 16, value_parser = number(1u32, 1000))]
        n: u32,
    },
    /// Stair Nim: the value of k balls alone on stair s (k balls on an even stair are a Nim
    /// heap of k; on an odd stair they are worth 0).
    Stairs {
        /// The number of stairs (1..=40).
        #[arg(long, default_value_t = 8, value_parser = number(1u32, 40))]
        n: u32,
    },
    /// Fibonacci Nim: for each heap 1..n at the start, its value, the winning first takes and
    /// its Zeckendorf representation; the lost heaps are the Fibonacci numbers.
    Fibnim {
        /// The largest heap (1..=300, the value table's reach).
        #[arg(long, default_value_t = 34, value_parser = number(1u32, 300))]
        n: u32,
    },
    /// Tokens on a DAG: the value of every vertex of the graph of a `dag:` code, the mex of its
    /// successors' values.
    Dag {
        /// A `dag:` position code (its tokens are ignored).
        code: String,
    },
    /// The value of one heap of 0..n under a heap game's rule, 10 to a row, so its period
    /// shows: RULE is a code without heaps (`nim`, `bash:3`, `subtraction:1,3,4`, `kayles`, …).
    Heaps {
        /// The rule: `kayles`, `grundy`, `dawson`, `bash:3`, `take:2,5`, `lieges:3`,
        /// `octal:0.137`, …
        rule: String,
        /// The largest heap (1..=10000000).
        #[arg(long, default_value_t = 99, value_parser = number(1u32, 10_000_000))]
        n: u32,
    },
    /// An octal or hexadecimal game by its code (`0.137`, `0.77`, `4.7`, `0.3...`): the value
    /// of one heap of 0..n, 10 to a row, and its period (proved by the periodicity theorem
    /// where it holds in the table).
    Octal {
        /// The code d0.d1d2…: digit i says what removing i tokens may leave (bit 1 no heap,
        /// 2 one, 4 two, 8 three); a final `...` repeats the last digit.
        code: String,
        /// The largest heap (1..=10000000).
        #[arg(long, default_value_t = 99, value_parser = number(1u32, 10_000_000))]
        n: u32,
    },
}

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game; without it, the menu opens.
    #[arg(value_enum)]
    pub game: Option<GameKind>,
    /// Start from this position code instead of a new board; `-` reads it from standard
    /// input. The code gives the game's size, so no size option goes with it. With --rules:
    /// the position to start from, as a Rhai literal (`[3, 4, 5]`).
    #[arg(long, conflicts_with_all = ["n", "maxq", "rows", "cols", "boxes", "start"])]
    pub code: Option<String>,
    /// Play the game a rules file defines (a Rhai script: see the README) against the perfect
    /// AI, from its `start()` or from --code POSITION.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["game", "load", "n", "maxq", "rows", "cols", "boxes", "start", "level"])]
    pub rules: Option<PathBuf>,
    /// Resume a saved game (a file `s` in the game wrote, or the autosave).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["code", "game"])]
    pub load: Option<PathBuf>,
    /// Who moves first (default: the settings', else you).
    #[arg(long, value_enum)]
    pub first: Option<First>,
    /// How well the AI plays (default: the settings', else perfect).
    #[arg(long, value_enum)]
    pub level: Option<Level>,
    /// How a new board starts: standard (dodgeball: every box full; coins and grid: every
    /// coin T), random (from the seed) or random-winning (random, then made winning for you:
    /// a non-zero nim-sum when you move first, zero when the AI does). Default: the settings'
    /// (at first standard for dodgeball, random otherwise).
    #[arg(long, value_enum)]
    pub start: Option<Start>,
    /// Start with hints on (SG values, nim-sum, winning/losing moves); default: the settings'.
    #[arg(long)]
    pub hints: bool,
    /// Start with hints off, whatever the settings say.
    #[arg(long, conflicts_with = "hints")]
    pub no_hints: bool,
    /// No coaching: the game does not tell, after the AI's reply, that your move was a blunder
    /// (`c` switches it in the game).
    #[arg(long)]
    pub no_coach: bool,
    /// Seed for the random start and the AI's choices.
    #[arg(long, value_parser = seed)]
    pub seed: Option<u64>,
    /// Coin row: number of coins, 1 to 30000 [default: 20] (dodgeball takes it as the number
    /// of boxes; --boxes goes to 10^6).
    #[arg(long, value_parser = number(1u32, 30000))]
    pub n: Option<u32>,
    /// Coin row: MAXQ, 1 to 20 [default: 4].
    #[arg(long, value_parser = number(1u32, 20))]
    pub maxq: Option<u32>,
    /// Coin grid: rows, 1 to 100 [default: 5].
    #[arg(long, value_parser = number(1u32, 100))]
    pub rows: Option<u32>,
    /// Coin grid: columns, 1 to 100 [default: 6].
    #[arg(long, value_parser = number(1u32, 100))]
    pub cols: Option<u32>,
    /// Dodgeball: number of boxes, 1 to 1000000 [default: 12].
    #[arg(long, value_parser = number(1u32, 1_000_000), conflicts_with = "n")]
    pub boxes: Option<u32>,
}

/// `grundy solve --help`: every format of the table, by id, with the game that reads it.
fn solve_help() -> String {
    let mut help = String::from(
        "Answer a contest input read from standard input: grundy solve PROBLEM, where PROBLEM is \
        the\nproblem's id below; or grundy solve GAME (a game of one format) or grundy solve \
        GAME ID.\n\n",
    );
    for format in FORMATS {
        let game = format
            .game
            .map_or(String::new(), |g| format!(" (also: solve {})", g.name()));
        help.push_str(&format!(
            "  {:<10} {}{game}\n  {:<10} {}\n",
            format.id, format.problem, "", format.io
        ));
    }
    let games: Vec<&str> = contest::games().iter().map(|g| g.name()).collect();
    help.push_str(&format!(
        "\nGames with a format: {}.\nBad input is reported on standard error with its line \
        and column; exit code 2.",
        games.join(", ")
    ));
    help
}

/// The most moves or parts `analyze` lists: listing is quadratic in the count on the largest
/// grids, and a longer list is no help to a reader.
const MAX_LISTED: usize = 1000;

/// A clap parser for a whole number in `min..=max`, written in digits only (`+1`, ` 1` and
/// `1e3` are refused, as a contest reader refuses them). Its reasons are in the language the
/// command line is read in, which clap's own number parsers' are not.
fn number<T>(min: T, max: T) -> impl Fn(&str) -> Result<T, String> + Clone
where
    T: TryFrom<u64> + PartialOrd + std::fmt::Display + Copy + Send + Sync + 'static,
{
    move |text: &str| {
        let value = digits(text)?;
        match T::try_from(value) {
            Ok(v) if (min..=max).contains(&v) => Ok(v),
            _ => Err(tr!("cli.value.range", value = value, min = min, max = max).into_owned()),
        }
    }
}

/// A clap parser for a seed: a whole number in digits only.
fn seed(text: &str) -> Result<u64, String> {
    digits(text)
}

fn digits(text: &str) -> Result<u64, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(tr!("cli.value.digits").into_owned());
    }
    text.parse()
        .map_err(|_| tr!("cli.value.too_large", max = u64::MAX).into_owned())
}

/// Parses the command line. A clap error is printed with the control characters of the
/// arguments it quotes escaped (`\x1b`), so an argument cannot rewrite the terminal.
pub(super) fn parse_command_line() -> Result<Cli, ExitCode> {
    use clap::error::ErrorKind;
    // No valid argument holds a control character (a code may end with one line end). clap
    // would quote such an argument raw, or drop its escape sequences from the message.
    for (i, arg) in std::env::args_os().enumerate().skip(1) {
        let text = arg.to_string_lossy();
        if without_line_end(&text).chars().any(char::is_control) {
            report(&format!(
                "error: argument {i} holds a control character: '{}'",
                excerpt(text.as_bytes(), 60)
            ));
            return Err(ExitCode::from(2));
        }
    }
    // The help and clap's errors are written in the language of the arguments (or the
    // environment); the command then sets its own, from the settings too.
    let lang = lang_of_arguments();
    crate::locale::set_lang(lang);
    let parsed = super::help::command()
        .try_get_matches()
        .and_then(|mut matches| <Cli as clap::FromArgMatches>::from_arg_matches_mut(&mut matches));
    crate::locale::set_lang(Lang::En);
    match parsed {
        Ok(cli) => Ok(cli),
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            let _ = e.print();
            Err(ExitCode::SUCCESS)
        }
        Err(e) if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            Err(ExitCode::from(2))
        }
        // clap says only that some argument is not UTF-8: name it, with its bytes escaped.
        Err(e) if e.kind() == ErrorKind::InvalidUtf8 => {
            crate::locale::set_lang(lang);
            let (i, arg) = std::env::args_os()
                .enumerate()
                .skip(1)
                .find(|(_, arg)| arg.to_str().is_none())
                .unwrap_or_default();
            report(&tr!(
                "cli.error_not_utf8",
                index = i,
                arg = excerpt(arg.as_encoded_bytes(), 60)
            ));
            Err(ExitCode::from(2))
        }
        Err(e) => {
            let text = if lang == Lang::En {
                e.render().to_string()
            } else {
                crate::locale::set_lang(lang);
                clap_error_words(&e)
            };
            // A line's worth of each line: clap quotes a refused argument whole (twice).
            let shown: Vec<String> = text
                .lines()
                .map(|line| excerpt(line.as_bytes(), 200))
                .collect();
            let _ = writeln!(io::stderr(), "{}", shown.join("\n").trim_end());
            Err(ExitCode::from(2))
        }
    }
}

/// The language of the help and of an error in the command line itself, which clap finds
/// before the options are read: `--lang` as written (if it names a language), else the
/// environment's; English on a terminal not in UTF-8.
fn lang_of_arguments() -> Lang {
    // `args_os`: an argument need not be UTF-8 (a file name), and `args` panics on one.
    let args: Vec<String> = std::env::args_os()
        .map(|arg| arg.to_string_lossy().into_owned())
        .collect();
    let given = args
        .iter()
        .enumerate()
        .find_map(|(i, arg)| match arg.strip_prefix("--lang") {
            Some("") => args.get(i + 1).cloned(),
            Some(rest) => rest.strip_prefix('=').map(str::to_string),
            None => None,
        });
    let lang = given
        .and_then(|name| <Lang as clap::ValueEnum>::from_str(&name, true).ok())
        .unwrap_or_else(Lang::from_env);
    // Chinese is written as UTF-8: on a terminal in another charset the help and the errors
    // are English, as every command's output is (which says why).
    if crate::lang::non_utf8_charset(|var| std::env::var(var).ok()).is_some() {
        return Lang::En;
    }
    lang
}

/// clap's error in this thread's language, from its kind and the context clap gives: which
/// argument, which value, what was expected. The usage lines clap prints are English, so the
/// Chinese points to `--help` instead.
fn clap_error_words(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let context = |kind: ContextKind| match e.get(kind) {
        Some(ContextValue::String(s)) => s.clone(),
        Some(ContextValue::Strings(list)) => list.join(", "),
        Some(ContextValue::StyledStr(s)) => s.to_string(),
        Some(ContextValue::StyledStrs(list)) => list
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        Some(ContextValue::Number(n)) => n.to_string(),
        _ => String::new(),
    };
    let arg = context(ContextKind::InvalidArg);
    let value = context(ContextKind::InvalidValue);
    let valid = context(ContextKind::ValidValue);
    let line = match e.kind() {
        // The parser's reason (a number out of its range), already in this language.
        ErrorKind::ValueValidation if std::error::Error::source(e).is_some() => tr!(
            "cli.clap.invalid_value_because",
            arg = arg,
            value = value,
            reason = std::error::Error::source(e)
                .map(ToString::to_string)
                .unwrap_or_default()
        ),
        ErrorKind::InvalidValue | ErrorKind::ValueValidation if valid.is_empty() => {
            tr!("cli.clap.invalid_value", arg = arg, value = value)
        }
        ErrorKind::InvalidValue | ErrorKind::ValueValidation => tr!(
            "cli.clap.invalid_value_of",
            arg = arg,
            value = value,
            valid = valid
        ),
        ErrorKind::UnknownArgument => tr!("cli.clap.unknown_argument", arg = arg),
        ErrorKind::InvalidSubcommand => tr!(
            "cli.clap.unknown_subcommand",
            name = context(ContextKind::InvalidSubcommand)
        ),
        ErrorKind::MissingRequiredArgument => tr!("cli.clap.missing", arg = arg),
        ErrorKind::MissingSubcommand => tr!("cli.clap.missing_subcommand"),
        ErrorKind::ArgumentConflict => tr!(
            "cli.clap.conflict",
            arg = arg,
            other = context(ContextKind::PriorArg)
        ),
        ErrorKind::TooManyValues | ErrorKind::WrongNumberOfValues => {
            tr!("cli.clap.values", arg = arg, value = value)
        }
        _ => tr!("cli.clap.other"),
    };
    format!(
        "{}\n\n{}",
        tr!("cli.clap.error", message = line),
        tr!("cli.clap.help")
    )
}

impl PlayArgs {
    pub(super) fn default_menu() -> PlayArgs {
        PlayArgs {
            game: None,
            code: None,
            rules: None,
            load: None,
            first: None,
            level: None,
            hints: false,
            no_coach: false,
            no_hints: false,
            start: None,
            seed: None,
            n: None,
            maxq: None,
            rows: None,
            cols: None,
            boxes: None,
        }
    }
}
