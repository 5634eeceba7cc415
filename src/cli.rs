//! The command line: `solve` answers the contest formats, `move`, `analyze` and `sg` work on
//! position codes, `play` (and no command at all) opens the terminal game.
//!
//! Exit codes: 0 success, 1 no legal move (`move` on a finished game) or a lost terminal, 2 bad
//! input or usage, 128 + n after signal n.

use crate::lang::Lang;
use std::io::{self, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use rand::SeedableRng;

use crate::ai::{self, Level};
use crate::analysis::Analysis;
use crate::game::{Impartial, Notation, shorten_code};
use crate::games::{
    AnyPosition, GameKind, coins, dag, dodgeball, grid, heaps, stairs, with_position,
};
use crate::input::{Reader, escape_controls, excerpt};
use crate::nimber::Nimber;
use crate::record;
use crate::setup::ReplayRng;
use crate::solver::SolutionCache;
use crate::store::Store;
use crate::store::save::Save;
use crate::store::settings::Settings;
use crate::store::stats::Stats;
use crate::tui::app::Exit;
use crate::tui::board::Start;
use crate::tui::{First, PlayOptions};

mod puzzles;
pub(crate) mod why;

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
A sum of positions of different games joins their codes with +: nim:3,4+kayles:5+coins:4:HTT
(its value is the XOR of the components' values; misère Nim cannot be a component).

With no command, grundy opens the game menu in the terminal.
Settings, saved games and statistics live in the platform's config and data directories
(on Linux $XDG_CONFIG_HOME/grundy and $XDG_DATA_HOME/grundy); see the README.
Exit codes: 0 success; 1 no legal move (or the terminal went away); 2 bad input or usage;
128 + n after signal n (TERM 143, HUP 129, INT 130, QUIT 131).";

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
    #[command(long_about = "Answer a contest input read from standard input.\n\n\
        coins:     T cases of `n MAXQ` and n faces (1 = heads, 0 = tails); prints `win` or `lose`\n\
        \u{20}          for the first player, one line per case.\n\
        grid:      T cases of `n m` and n rows of H/T; prints `-_-` if the first player wins,\n\
        \u{20}          `=_=` if not.\n\
        dodgeball: one k (1 ≤ k < 10^9) per line; prints the k-th smallest number of boxes n for\n\
        \u{20}          which the second player wins the full board.\n\
        heaps FORMAT: the heap games' contest problems, by name:\n\
        \u{20}          p2197 (Nim: Yes/No), cses1730 (Nim: first/second), cses1098 (take 1..3),\n\
        \u{20}          cses1729 (subtraction set: W/L per heap), abc297g (take L..R: First/Second),\n\
        \u{20}          cses2207 (Grundy's game), cf603c (Lieges: Kevin/Nicky), cf87c (staircase\n\
        \u{20}          split: least heap count or -1), cf2004e (coprime: Alice/Bob), p4279 (misère\n\
        \u{20}          Nim: John/Brother).\n\
        stairs:    CSES 1099: t tests of n and p_1..p_n; prints `first` or `second`.\n\
        dag:       LibreOJ 10243: `N M K`, M edges `x y`, K token vertices; prints `win`/`lose`.\n\
        wythoff:   Luogu P2252: lines `a b` (heaps to 10^9); prints 1 if the first player wins,\n\
        \u{20}          else 0.\n\
        fibnim:    Luogu P6487: one N (≤ 10^15) per line; prints the least winning first take,\n\
        \u{20}          the smallest term of N's Zeckendorf representation.\n\n\
        Bad input is reported on standard error with its line and column; exit code 2.")]
    Solve {
        /// The contest format to read.
        #[arg(value_enum)]
        game: GameKind,
        /// For `heaps`: the contest problem, e.g. `grundy solve heaps p2197` (see
        /// `grundy solve --help`).
        #[arg(value_enum)]
        format: Option<heaps::contest::Format>,
    },
    /// Print the AI's move from a position: the move in words, why, and as the last line the
    /// code of the position after it.
    #[command(long_about = "Print the AI's move from the position CODE.\n\n\
        Output: the move in words, the reason (win by nim-sum 0, exact remoteness, stalling, or\n\
        a random move at weaker levels), and as its last line the code of the position after\n\
        the move. From a position with no legal move: a message on standard error, exit code 1.")]
    Move {
        /// A position code, e.g. coins:14:HTTHTTTTHTTTHTHH; `-` reads it from standard input
        /// (a 10^6-box dodgeball code is longer than an argument may be).
        code: String,
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
        #[arg(required_unless_present = "load")]
        code: Option<String>,
        /// Analyse the position a saved game has reached (the file `s` in the game wrote).
        #[arg(long, value_name = "FILE", conflicts_with = "code")]
        load: Option<PathBuf>,
        /// At most this many moves are listed (0 to 1000).
        #[arg(long, default_value_t = 40, value_parser = number(0, MAX_LISTED as u32))]
        moves: u32,
        /// At most this many parts are listed, 0 to 1000 (also bits of a big grid nim-sum).
        #[arg(long, default_value_t = 64, value_parser = number(0, MAX_LISTED as u32))]
        parts: u32,
        /// Also print the principal line, at most N moves (1 to 10000).
        #[arg(
            long_help = "Also print the principal line: best play for both sides for at most N \
            moves\n(1 to 10000), by exact remoteness where the search knows it, else by the nim-sum."
        )]
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=10_000))]
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
        codes of\nthe positions after every winning move, separated by spaces. GAME is any name \
        a position\ncode starts with (nim, kayles, wythoff, stairs, coins, grid, dodgeball, …). \
        The same seed\ngives the same sheet; bad arguments exit with code 2."
    )]
    Puzzles {
        /// The game: a name a position code starts with (nim, bash, kayles, coins, grid, …).
        game: String,
        /// How many puzzles (1 to 1000).
        #[arg(long, default_value_t = 10, value_parser = number(1, 1000))]
        count: u32,
        /// 1 (small, short wins, many winning moves) to 5 (large, long, one or two winning
        /// moves).
        #[arg(long, default_value_t = 3, value_parser = number(1, 5))]
        difficulty: u32,
        /// The seed the sheet is drawn from (the same seed gives the same sheet; default:
        /// random).
        #[arg(long, value_parser = seed)]
        seed: Option<u64>,
        /// After each code, a tab and the codes after every winning move.
        #[arg(long)]
        answers: bool,
    },
    /// Print a table of Sprague–Grundy values, to see the patterns.
    #[command(subcommand)]
    Sg(SgTable),
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
    /// level.
    Stats,
}

#[derive(Debug, Subcommand)]
pub enum SgTable {
    /// The value of a lone tails coin at each place 1..n of a coin row with MAXQ.
    Coins {
        /// Number of coins (1..=30000).
        #[arg(long, value_parser = number(1, 30000))]
        n: u32,
        /// MAXQ (1..=20).
        #[arg(long, value_parser = number(1, 20))]
        maxq: u32,
    },
    /// The value of a lone tails cell at each place of a rows × cols grid, as the exponent k of
    /// its value 2^k.
    Grid {
        /// Rows (1..=100).
        #[arg(long, value_parser = number(1, 100))]
        rows: u32,
        /// Columns (1..=100).
        #[arg(long, value_parser = number(1, 100))]
        cols: u32,
    },
    /// The Nim heap of the piece in each box 1..n (the doublings it has left), and the value
    /// of the full board.
    Dodgeball {
        /// Number of boxes (1..=1000000).
        #[arg(long, value_parser = number(1, 1_000_000))]
        n: u32,
    },
    /// Wythoff's game: the value of a queen at (a, b) for a, b ≤ n; the zeros are the lost
    /// queens (⌊kφ⌋, ⌊kφ⌋ + k) and their mirrors.
    Wythoff {
        /// The largest coordinate (1..=300).
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=300))]
        n: u32,
    },
    /// E&D: the value of a pair (x, y) for x, y ≤ n, the index of the lowest 0 bit of
    /// (x − 1) | (y − 1).
    Ed {
        /// The largest heap (1..=1000).
        #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=1000))]
        n: u32,
    },
    /// Stair Nim: the value of k balls alone on stair s (k balls on an even stair are a Nim
    /// heap of k; on an odd stair they are worth 0).
    Stairs {
        /// The number of stairs (1..=40).
        #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=40))]
        n: u32,
    },
    /// Fibonacci Nim: for each heap 1..n at the start, its value, the winning first takes and
    /// its Zeckendorf representation; the lost heaps are the Fibonacci numbers.
    Fibnim {
        /// The largest heap (1..=300, the value table's reach).
        #[arg(long, default_value_t = 34, value_parser = clap::value_parser!(u32).range(1..=300))]
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
        /// The rule: `kayles`, `grundy`, `bash:3`, `take:2,5`, `lieges:3`, …
        rule: String,
        /// The largest heap (1..=10000).
        #[arg(long, default_value_t = 99, value_parser = clap::value_parser!(u32).range(1..=10_000))]
        n: u32,
    },
}

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The game; without it, the menu opens.
    #[arg(value_enum)]
    pub game: Option<GameKind>,
    /// Start from this position code instead of a new board; `-` reads it from standard
    /// input. The code gives the game's size, so no size option goes with it.
    #[arg(long, conflicts_with_all = ["n", "maxq", "rows", "cols", "boxes", "start"])]
    pub code: Option<String>,
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
    #[arg(long, value_parser = number(1, 30000))]
    pub n: Option<u32>,
    /// Coin row: MAXQ, 1 to 20 [default: 4].
    #[arg(long, value_parser = number(1, 20))]
    pub maxq: Option<u32>,
    /// Coin grid: rows, 1 to 100 [default: 5].
    #[arg(long, value_parser = number(1, 100))]
    pub rows: Option<u32>,
    /// Coin grid: columns, 1 to 100 [default: 6].
    #[arg(long, value_parser = number(1, 100))]
    pub cols: Option<u32>,
    /// Dodgeball: number of boxes, 1 to 1000000 [default: 12].
    #[arg(long, value_parser = number(1, 1_000_000), conflicts_with = "n")]
    pub boxes: Option<u32>,
}

/// The most moves or parts `analyze` lists: listing is quadratic in the count on the largest
/// grids, and a longer list is no help to a reader.
const MAX_LISTED: usize = 1000;

/// A clap parser for a whole number in `min..=max`, written in digits only (`+1`, ` 1` and
/// `1e3` are refused, as a contest reader refuses them).
fn number(min: u32, max: u32) -> impl Fn(&str) -> Result<u32, String> + Clone {
    move |text: &str| {
        let value = digits(text)?;
        match u32::try_from(value) {
            Ok(v) if (min..=max).contains(&v) => Ok(v),
            _ => Err(format!("{value} is not in {min}..={max}")),
        }
    }
}

/// A clap parser for a seed: a whole number in digits only.
fn seed(text: &str) -> Result<u64, String> {
    digits(text)
}

fn digits(text: &str) -> Result<u64, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err("expected a whole number written with the digits 0-9 only".to_string());
    }
    text.parse()
        .map_err(|_| format!("too large (at most {})", u64::MAX))
}

/// Parses the command line. A clap error is printed with the control characters of the
/// arguments it quotes escaped (`\x1b`), so an argument cannot rewrite the terminal.
fn parse_command_line() -> Result<Cli, ExitCode> {
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
    match Cli::try_parse() {
        Ok(cli) => Ok(cli),
        Err(e) if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) => {
            let _ = e.print();
            Err(ExitCode::SUCCESS)
        }
        Err(e) if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            Err(ExitCode::from(2))
        }
        Err(e) => {
            let text = e.render().to_string();
            let shown: Vec<String> = text.lines().map(escape_controls).collect();
            let _ = writeln!(io::stderr(), "{}", shown.join("\n").trim_end());
            Err(ExitCode::from(2))
        }
    }
}

/// Runs the command line and returns the process's exit code.
pub fn main() -> ExitCode {
    // A file size limit (`ulimit -f`) makes a save fail with an error, not kill the game.
    crate::tui::events::ignore_file_size_signal();
    let cli = match parse_command_line() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    match run(cli) {
        Ok(code) => code,
        Err(Failure::Input(message)) => {
            report(&format!("error: {message}"));
            ExitCode::from(2)
        }
        Err(Failure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Io(e)) => {
            report(&format!("error: {e}"));
            ExitCode::from(1)
        }
        Err(Failure::Other(e)) => {
            report(&format!("error: {e:#}"));
            ExitCode::from(1)
        }
    }
}

/// Writes `grundy: message` to standard error, ignoring failure: after a hang-up the terminal
/// may be gone, and `eprintln!` would panic on that.
fn report(message: &str) {
    let _ = writeln!(io::stderr(), "grundy: {message}");
}

/// Why a command failed.
#[derive(Debug)]
pub enum Failure {
    /// Bad input: exit code 2.
    Input(String),
    Io(io::Error),
    Other(anyhow::Error),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Io(e)
    }
}

/// Runs a parsed command line.
pub fn run(cli: Cli) -> Result<ExitCode, Failure> {
    crate::locale::set_lang(chosen_lang(cli.lang));
    match cli.command {
        // The game holds no lock on standard output while it runs (the signal thread writes
        // there to give the terminal back), and leaves nothing to flush: after a hang-up a
        // flush would fail on the closed terminal and turn exit 129 into 1.
        None => play(PlayArgs::default_menu()),
        Some(Command::Play(args)) => play(args),
        Some(command) => run_command(command),
    }
}

/// The language of this run: `--lang`, else the settings' `lang`, else the environment's.
fn chosen_lang(flag: Option<Lang>) -> Lang {
    flag.unwrap_or_else(|| {
        Store::from_env()
            .settings_path()
            .map(|path| Settings::load(&path).settings.lang)
            .unwrap_or_default()
            .resolve(Lang::from_env)
    })
}

/// Runs a command other than the game, its output on standard output.
fn run_command(command: Command) -> Result<ExitCode, Failure> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let code = match command {
        Command::Play(args) => play(args),
        Command::Solve { game, format } => {
            let stdin = io::stdin();
            let mut source = stdin.lock();
            let answer = match game {
                // Read as the parser asks, never whole: the first error stops the reading,
                // and an endless or huge input is refused at its game's bounds.
                GameKind::Coins | GameKind::Grid | GameKind::Dodgeball => {
                    let limits = match game {
                        GameKind::Coins => coins::contest::LIMITS,
                        GameKind::Grid => grid::contest::LIMITS,
                        _ => dodgeball::contest::LIMITS,
                    };
                    let mut reader = Reader::stream(&mut source, limits);
                    let answer = match game {
                        GameKind::Coins => coins::contest::solve_from(&mut reader),
                        GameKind::Grid => grid::contest::solve_from(&mut reader),
                        _ => dodgeball::contest::solve_from(&mut reader),
                    };
                    if let Some(e) = reader.take_io_error() {
                        return Err(Failure::Io(e));
                    }
                    answer
                }
                GameKind::Ed => {
                    return Err(Failure::Input(
                        "solve ed: no contest format for E&D (play it, or analyze ed:…)".into(),
                    ));
                }
                GameKind::Heaps if format.is_none() => {
                    return Err(Failure::Input(format!(
                        "solve heaps: name the contest format: {}",
                        heaps_formats()
                    )));
                }
                // The curriculum's inputs are read whole, within a bound far above any valid
                // one, so an endless input is still refused.
                _ => {
                    let input = read_bounded(&mut source, CURRICULUM_INPUT_BYTES, game)?;
                    // A byte-order mark (some Windows editors write one) is not part of it.
                    let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&input);
                    match (game, format) {
                        (GameKind::Stairs, _) => stairs::solve(input),
                        (GameKind::Dag, _) => dag::solve(input),
                        (GameKind::Wythoff, _) => crate::games::wythoff::solve(input),
                        (GameKind::Fibnim, _) => crate::games::fibnim::solve(input),
                        (_, Some(format)) => heaps::contest::solve(format, input),
                        (_, None) => unreachable!("heaps without a format returned above"),
                    }
                }
            };
            let answer =
                answer.map_err(|e| Failure::Input(format!("solve {}: {e}", game.name())))?;
            out.write_all(answer.as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Move { code, level, seed } => {
            let position = parse_code(&code_text(code)?)?;
            with_position!(position, p => ai_move(&p, level, seed, &mut out))
        }
        Command::Analyze {
            code,
            load,
            moves,
            parts,
            line,
            why,
        } => {
            let position = match (load, code) {
                (Some(path), _) => {
                    let save = read_save(&path)?;
                    let position = save
                        .final_position()
                        .map_err(|e| Failure::Input(format!("{}: {e}", path.display())))?;
                    // The name is the file's text: its control characters are shown escaped.
                    writeln!(
                        out,
                        "saved game: {} ({} move{} from {})",
                        if save.name.is_empty() {
                            "unnamed".to_string()
                        } else {
                            crate::input::excerpt(save.name.as_bytes(), 80)
                        },
                        save.moves.len(),
                        if save.moves.len() == 1 { "" } else { "s" },
                        shorten_code(&save.start, 60)
                    )?;
                    position
                }
                (None, Some(code)) => parse_code(&code_text(code)?)?,
                (None, None) => {
                    return Err(Failure::Input("analyze needs a CODE or --load FILE".into()));
                }
            };
            if let Some(part) = why {
                let derivation = crate::why::derive(&position, &part, moves as usize)
                    .map_err(|e| Failure::Input(why::render_error(&part, &e)))?;
                writeln!(out, "{}", why::render(&derivation))?;
                out.flush()?;
                return Ok(ExitCode::SUCCESS);
            }
            with_position!(position, p => {
                // One exact search for the analysis and the line.
                let cache = SolutionCache::new(ai::EXACT_BUDGET);
                let exit = analyze(&p, moves as usize, parts as usize, &cache, &mut out)?;
                if let Some(plies) = line {
                    principal_line(&p, plies as usize, &cache, &mut out)?;
                }
                Ok(exit)
            })
        }
        Command::Puzzles {
            game,
            count,
            difficulty,
            seed,
            answers,
        } => puzzles::print(
            &game,
            count as usize,
            difficulty as u8,
            seed.unwrap_or_else(rand::random),
            answers,
            &mut out,
        ),
        Command::Sg(table) => sg_table(&table, &mut out),
        Command::Completions { shell } => {
            let mut command = <Cli as clap::CommandFactory>::command();
            // Into memory first: `generate` panics when it cannot write (`| head`).
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut command, "grundy", &mut script);
            out.write_all(&script)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Man => {
            let command = <Cli as clap::CommandFactory>::command();
            clap_mangen::Man::new(command).render(&mut out)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Stats => {
            let store = Store::from_env();
            let Some(path) = store.stats_path() else {
                return Err(Failure::Input(
                    "no data directory (no home directory?): no statistics".into(),
                ));
            };
            let loaded = Stats::load(&path);
            if let Some(problem) = loaded.problem {
                return Err(Failure::Input(format!("{problem} ({})", path.display())));
            }
            writeln!(out, "Statistics from {}:", path.display())?;
            out.write_all(loaded.stats.table().as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }
    }?;
    out.flush()?;
    Ok(code)
}

/// `code` without one final line end (`\n` or `\r\n`), as the last line of a file has.
fn without_line_end(code: &str) -> &str {
    match code.strip_suffix('\n') {
        Some(line) => line.strip_suffix('\r').unwrap_or(line),
        None => code,
    }
}

/// The longest code a position can have: a 10^6-box dodgeball board.
const MAX_CODE: usize = "dodgeball:".len() + 1_000_000;

/// The code itself, or for `-` the one line on standard input (a byte-order mark before it and
/// one line ending after it are not part of it). Standard input is read only up to the
/// longest code there is.
fn code_text(code: String) -> Result<String, Failure> {
    if code != "-" {
        return Ok(without_line_end(&code).to_string());
    }
    let mut bytes = Vec::new();
    // Room for the longest code, a byte-order mark, a line ending, and one byte to tell that
    // there is more.
    let cap = MAX_CODE + 3 + 2 + 1;
    io::stdin()
        .lock()
        .take(cap as u64)
        .read_to_end(&mut bytes)?;
    let text = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    let text = match text.strip_suffix(b"\n") {
        Some(line) => line.strip_suffix(b"\r").unwrap_or(line),
        None => text,
    };
    if text.len() > MAX_CODE {
        return Err(Failure::Input(format!(
            "the code on standard input is longer than {MAX_CODE} characters, the longest a \
             position code can be (a 10^6-box dodgeball board); it starts '{}'",
            excerpt(text, 40)
        )));
    }
    let text = std::str::from_utf8(text).map_err(|e| {
        Failure::Input(format!(
            "the code on standard input is not UTF-8 (byte {}): '{}'",
            e.valid_up_to() + 1,
            excerpt(text, 40)
        ))
    })?;
    Ok(text.to_string())
}

/// The position of a code, or an error that quotes the code (its first 60 characters, control
/// characters escaped) with a caret under the bad character.
fn parse_code(code: &str) -> Result<AnyPosition, Failure> {
    AnyPosition::from_code(code).map_err(|e| {
        let caret = if e.column <= 60 {
            let before: String = code.chars().take(e.column.saturating_sub(1)).collect();
            // The caret goes under the character, however wide the escapes before it are.
            let indent = escape_controls(&before).chars().count();
            format!(
                "\n  {}\n  {}^",
                excerpt(code.as_bytes(), 60),
                " ".repeat(indent)
            )
        } else {
            String::new()
        };
        Failure::Input(format!("bad position code: {e}{caret}"))
    })
}

impl PlayArgs {
    fn default_menu() -> PlayArgs {
        PlayArgs {
            game: None,
            code: None,
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

/// Refuses size options that do not belong to the game asked for (they used to be ignored, or
/// `--boxes` made a coin row of that many coins).
fn check_sizes(args: &PlayArgs) -> Result<(), Failure> {
    let given = [
        ("--n", args.n.is_some()),
        ("--maxq", args.maxq.is_some()),
        ("--rows", args.rows.is_some()),
        ("--cols", args.cols.is_some()),
        ("--boxes", args.boxes.is_some()),
    ];
    let allowed: &[&str] = match args.game {
        Some(GameKind::Coins) => &["--n", "--maxq"],
        Some(GameKind::Grid) => &["--rows", "--cols"],
        Some(GameKind::Dodgeball) => &["--n", "--boxes"],
        // The curriculum games take their size from the menu or a code.
        Some(_) => &[],
        None if args.code.is_some() => &[],
        None => {
            if let Some((option, _)) = given.iter().find(|(_, set)| *set) {
                return Err(Failure::Input(format!(
                    "{option} needs a game: for example grundy play coins --n 30, grid --rows 6 \
                     --cols 8, or dodgeball --boxes 40"
                )));
            }
            return Ok(());
        }
    };
    match given
        .iter()
        .find(|(option, set)| *set && !allowed.contains(option))
    {
        Some((option, _)) => Err(Failure::Input(format!(
            "{option} is not a size of {}: {} takes {}",
            args.game.map(GameKind::name).unwrap_or("a position code"),
            args.game.map(GameKind::name).unwrap_or("a position code"),
            if allowed.is_empty() {
                "no size option (the code gives the size)".to_string()
            } else {
                allowed.join(" and ")
            }
        ))),
        None => Ok(()),
    }
}

fn play(mut args: PlayArgs) -> Result<ExitCode, Failure> {
    check_sizes(&args)?;
    let mut game = args.game;
    args.code = args.code.map(code_text).transpose()?;
    if let Some(code) = &args.code {
        // A code names its game; check it here so a bad one is reported before the TUI starts.
        let position = parse_code(code)?;
        let kind = position.kind();
        if game.is_some_and(|g| g != kind) {
            return Err(Failure::Input(format!(
                "--code is a {} position but the game asked for is {}",
                kind.name(),
                game.map(GameKind::name).unwrap_or_default()
            )));
        }
        game = Some(kind);
    }
    let load = args.load.as_deref().map(read_save).transpose()?;
    if let (Some(save), Some(path)) = (&load, &args.load) {
        // Checked here, so a bad move is reported (exit 2) before the TUI starts.
        save.final_position()
            .map_err(|e| Failure::Input(format!("{}: {e}", path.display())))?;
    }
    // The flags override the settings for this run only.
    let store = Store::from_env();
    let settings = store
        .settings_path()
        .map(|path| Settings::load(&path))
        .unwrap_or_default();
    let options = PlayOptions {
        game,
        code: args.code,
        n: args.n.or(args.boxes).map(|v| v as usize),
        maxq: args.maxq,
        rows: args.rows.map(|v| v as usize),
        cols: args.cols.map(|v| v as usize),
        first: args.first.unwrap_or(settings.settings.first),
        level: args.level.unwrap_or(settings.settings.level),
        hints: args.hints || (settings.settings.hints && !args.no_hints),
        start: args.start,
        seed: args.seed,
        load,
        load_path: args.load.clone(),
        no_coach: args.no_coach,
    };
    if !io::stdout().is_terminal() {
        return Err(Failure::Input(
            "the game needs a terminal, and standard output is not one; for scripts and pipes \
             use grundy solve, move, analyze or sg"
                .to_string(),
        ));
    }
    let ended = crate::tui::run_with_store(options, store, settings);
    // A real hang-up (the terminal closed, SIGHUP came): its code, 129, and nothing printed
    // to a terminal that is gone, whichever of the closed input, the failed draw and the
    // signal the game saw first. The unfinished game was saved on the way out.
    if !matches!(ended, Ok(Exit::Quit)) && crate::tui::events::hung_up(HANGUP_WAIT) {
        return Ok(ExitCode::from(129));
    }
    match ended.map_err(Failure::Other)? {
        Exit::Quit => Ok(ExitCode::SUCCESS),
        Exit::TerminalClosed => {
            report("the terminal's input ended, so the game did");
            Ok(ExitCode::FAILURE)
        }
        // The conventional code of a process ended by signal n.
        Exit::Signal(n) => Ok(ExitCode::from(128 + n.clamp(1, 127) as u8)),
    }
}

/// How long a game whose terminal went away waits for the SIGHUP that comes with a hang-up.
const HANGUP_WAIT: std::time::Duration = std::time::Duration::from_millis(500);

/// Reads a saved game; a missing or bad file is bad input (exit 2), named with its line. Only
/// a regular file within [`crate::store::MAX_SAVE_BYTES`] is read.
fn read_save(path: &std::path::Path) -> Result<Save, Failure> {
    Save::read(path).map_err(Failure::Input)
}

fn ai_move<P: Impartial + Notation>(
    position: &P,
    level: Level,
    seed: Option<u64>,
    out: &mut impl Write,
) -> Result<ExitCode, Failure> {
    let mut rng = match seed {
        Some(seed) => ReplayRng::seed_from_u64(seed),
        None => rand::make_rng::<ReplayRng>(),
    };
    let Some(decision) = ai::choose_move(position, level, &mut rng) else {
        report("no legal move: the game is over and the player to move has lost");
        return Ok(ExitCode::from(1));
    };
    let after = position.play_unchecked(&decision.mv);
    writeln!(out, "{}", position.describe_move(&decision.mv))?;
    writeln!(out, "({}; {} AI)", decision.reason, level)?;
    writeln!(out, "{}", after.to_code())?;
    Ok(ExitCode::SUCCESS)
}

/// Up to this width the nim-sum is drawn as a column of binary numbers.
const BINARY_WIDTH: u32 = 64;

fn analyze<P: Impartial + Notation>(
    position: &P,
    move_limit: usize,
    part_limit: usize,
    cache: &SolutionCache<P>,
    out: &mut impl Write,
) -> Result<ExitCode, Failure> {
    let analysis = Analysis::shared(position, move_limit, cache);
    writeln!(out, "position: {}", shorten_code(&position.to_code(), 120))?;
    writeln!(out)?;
    let parts = &analysis.parts;
    writeln!(
        out,
        "{} part{} with a move or a value:",
        parts.len(),
        if parts.len() == 1 { "" } else { "s" }
    )?;
    if !position.values_known() {
        // Past the game's value table: the parts report stand-ins, which are not shown.
        for (part, _) in parts.iter().take(part_limit) {
            writeln!(out, "  {}  value not known", position.describe_part(*part))?;
        }
        writeln!(
            out,
            "  nim-sum: not known (past the game's value table; no formula gives it)"
        )?;
    }
    let width = parts
        .iter()
        .filter_map(|(_, v)| v.highest_bit())
        .max()
        .map_or(1, |h| h + 1)
        .max(analysis.nim_sum.highest_bit().map_or(1, |h| h + 1));
    let names: Vec<String> = parts
        .iter()
        .take(part_limit)
        .map(|(part, _)| position.describe_part(*part))
        .collect();
    // The nim-sum row shares the columns of the parts.
    let name_width = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(0)
        .max("nim-sum".len());
    if !position.values_known() {
    } else if width <= BINARY_WIDTH {
        for (i, ((_, value), name)) in parts.iter().zip(&names).enumerate() {
            let op = if i == 0 { ' ' } else { '^' };
            writeln!(
                out,
                "  {name:<name_width$}  {:>6}   {op} {}",
                value.to_string(),
                value.to_binary_width(width as usize)
            )?;
        }
        if parts.len() > part_limit {
            writeln!(out, "  … and {} more (--parts)", parts.len() - part_limit)?;
        }
        writeln!(
            out,
            "  {:<name_width$}  {:>6}     {}",
            "",
            "",
            "-".repeat(width as usize)
        )?;
        writeln!(
            out,
            "  {:<name_width$}  {:>6}   = {}",
            "nim-sum",
            analysis.nim_sum.to_string(),
            analysis.nim_sum.to_binary_width(width as usize)
        )?;
    } else {
        // Grid values are powers of two up to 2^198: a column of 199-digit numbers helps nobody,
        // so show each part's exponent and, per bit, how many parts have it.
        for ((_, value), name) in parts.iter().zip(&names) {
            writeln!(out, "  {name:<name_width$}  *{}", value.short())?;
        }
        if parts.len() > part_limit {
            writeln!(out, "  … and {} more (--parts)", parts.len() - part_limit)?;
        }
        writeln!(
            out,
            "  bits of the nim-sum (a bit is set when an odd number of parts have it):"
        )?;
        let mut bits: Vec<u32> = parts.iter().flat_map(|(_, v)| v.bits()).collect();
        bits.sort_unstable();
        bits.dedup();
        // As many bit rows as parts asked for (--parts), the highest first.
        for bit in bits.iter().rev().take(part_limit) {
            let count = parts.iter().filter(|(_, v)| v.bit(*bit)).count();
            writeln!(
                out,
                "    2^{bit:<4} {count:>4} part{}  → {}",
                if count == 1 { " " } else { "s" },
                if count % 2 == 1 { "1" } else { "0" }
            )?;
        }
        if bits.len() > part_limit {
            writeln!(
                out,
                "    … and {} lower bits (--parts)",
                bits.len() - part_limit
            )?;
        }
        writeln!(out, "  nim-sum = *{}", analysis.nim_sum.short())?;
    }
    writeln!(out)?;
    if let Some(rule) = position.win_rule() {
        // Not decided by the nim-sum (misère Nim): the game's own rule, applied here.
        writeln!(
            out,
            "Decided by the game's own rule, not the nim-sum: {rule}."
        )?;
        if position.is_over() && position.mover_wins_when_over() {
            writeln!(
                out,
                "No move is left: the other player made the last move and has lost, so the \
                 player to move has won."
            )?;
        } else if position.is_over() {
            writeln!(
                out,
                "The player to move has no move left to make and has lost."
            )?;
        }
    } else if analysis.mover_wins {
        writeln!(
            out,
            "The player to move wins (nim-sum is not 0): move to nim-sum 0."
        )?;
    } else if position.is_over() {
        writeln!(out, "The player to move has no move and has lost.")?;
    } else {
        writeln!(
            out,
            "The player to move loses against perfect play (nim-sum is 0): every move leaves a \
             non-zero nim-sum."
        )?;
    }
    if let Some(exact) = analysis.exact {
        writeln!(
            out,
            "Exact search: {} in {} move{} with perfect play (remoteness {}).",
            if exact.wins { "wins" } else { "loses" },
            exact.remoteness,
            if exact.remoteness == 1 { "" } else { "s" },
            exact.remoteness
        )?;
    }
    let winning = analysis.winning_count;
    writeln!(out)?;
    writeln!(
        out,
        "moves ({} listed{}, {} winning):",
        analysis.moves.len(),
        if analysis.moves_truncated {
            ", more not listed"
        } else {
            ""
        },
        winning
    )?;
    for report in &analysis.moves {
        let remoteness = report
            .remoteness_after
            .map(|r| format!(", then {} with best play", ai::moves(r)))
            .unwrap_or_default();
        writeln!(
            out,
            "  {} {}  (nim-sum after: {}{remoteness})",
            if report.wins { "WIN " } else { "lose" },
            position.describe_move(&report.mv),
            after_words(position, &report.mv, report.nim_sum_after)
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The principal line from `position` for at most `plies` moves: A is the player to move, B
/// the other.
fn principal_line<P: Impartial + Notation>(
    position: &P,
    plies: usize,
    cache: &SolutionCache<P>,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let principal =
        crate::record::principal_line_shared(position, plies, cache, Some(record::LINE_TIME));
    let line = &principal.moves;
    writeln!(out)?;
    let how = match line.first() {
        None => "no move".to_string(),
        Some(first) if first.exact => {
            "exact search: the winner wins fastest, the loser loses slowest".to_string()
        }
        Some(_) => "no exact search here: moves to nim-sum 0, else the game's stall".to_string(),
    };
    writeln!(
        out,
        "principal line (A: the player to move, B: the other; {how}):"
    )?;
    let mut current = position.clone();
    for (i, ply) in line.iter().enumerate() {
        let who = if i % 2 == 0 { "A" } else { "B" };
        let then = match ply.remoteness_after {
            Some(0) => ", game over".to_string(),
            Some(r) => format!(", then {}", ai::moves(r)),
            None => String::new(),
        };
        let exact = if ply.exact { "" } else { "  (by nim-sum)" };
        writeln!(
            out,
            "  {:>3}. {who}  {}  → {}{then}{exact}",
            i + 1,
            current.describe_move(&ply.mv),
            after_words(&current, &ply.mv, ply.nim_sum_after)
        )?;
        current = current.play_unchecked(&ply.mv);
    }
    if current.is_over() {
        // Normal play: whoever moved last wins; misère play: loses.
        let last_is_a = line.len() % 2 == 1;
        let winner = if last_is_a != current.mover_wins_when_over() {
            "A"
        } else {
            "B"
        };
        writeln!(out, "  game over: {winner} wins.")?;
    } else if principal.timed_out {
        writeln!(
            out,
            "  … (stopped after {} of the {plies} asked: the line is cut at {} ms)",
            ai::moves(line.len() as u32),
            record::LINE_TIME.as_millis()
        )?;
    } else {
        writeln!(
            out,
            "  … ({} shown; --line N for more)",
            ai::moves(line.len() as u32)
        )?;
    }
    Ok(())
}

/// The heap games' contest formats, for an error message.
fn heaps_formats() -> String {
    use clap::ValueEnum;
    heaps::contest::Format::value_variants()
        .iter()
        .filter_map(|f| f.to_possible_value())
        .map(|v| v.get_name().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The most bytes `solve` reads for a curriculum game's contest input: far above any valid one
/// (CSES 1729's 10^6 heaps are a few megabytes).
const CURRICULUM_INPUT_BYTES: u64 = 64 << 20;

/// All of `source`, refused past `max` bytes (an endless `yes` is not read to the end).
fn read_bounded(source: &mut impl Read, max: u64, game: GameKind) -> Result<Vec<u8>, Failure> {
    // A file on standard input says its size: the buffer is made once at that size instead of
    // growing by doubling (copies and page faults that a 10 MB input pays for several times).
    let size = stdin_file_size().map_or(0, |len| len.min(max) as usize);
    let mut input = Vec::with_capacity(size + 1);
    source.take(max + 1).read_to_end(&mut input)?;
    if input.len() as u64 > max {
        return Err(Failure::Input(format!(
            "solve {}: the input goes on past {} MiB, more than any valid input",
            game.name(),
            max >> 20
        )));
    }
    Ok(input)
}

/// The size of standard input when it is a regular file (a redirect from a file), else `None`.
fn stdin_file_size() -> Option<u64> {
    use std::os::fd::AsFd;
    let fd = io::stdin().as_fd().try_clone_to_owned().ok()?;
    let metadata = std::fs::File::from(fd).metadata().ok()?;
    metadata.is_file().then_some(metadata.len())
}

/// The nim-sum after `mv` in words: its value, or past a value table whether the position
/// left is lost, the only thing known there.
fn after_words<P: Impartial>(position: &P, mv: &P::Move, value: Nimber) -> String {
    let after = position.play_unchecked(mv);
    if position.values_known() && after.values_known() {
        nim_sum_words(value)
    } else if after.mover_wins() {
        "not known, a won position".to_string()
    } else {
        "not known, a lost position".to_string()
    }
}

/// A value as every output of grundy writes it: `*5`, or `*2^198+2^3` past 64 bits.
fn nim_sum_words(value: Nimber) -> String {
    format!("*{}", value.short())
}

fn sg_table(table: &SgTable, out: &mut impl Write) -> Result<ExitCode, Failure> {
    match *table {
        SgTable::Coins { n, maxq } => {
            writeln!(
                out,
                "SG value of a lone tails coin at each place, coin row with MAXQ = {maxq}."
            )?;
            writeln!(
                out,
                "Row r, column c: coin r + c. Coins with no factor 2 or 3 can never be chosen: 0."
            )?;
            let values: Vec<Nimber> = (1..=n as usize)
                .map(|x| coins::coin_value(x, maxq))
                .collect();
            let cell = values
                .iter()
                .map(|v| v.to_string().len())
                .max()
                .unwrap_or(2)
                .max(3);
            write!(out, "{:>6} |", "")?;
            for c in 1..=10 {
                write!(out, " {:>cell$}", format!("+{c}"))?;
            }
            writeln!(out)?;
            writeln!(out, "{}", "-".repeat(8 + 10 * (cell + 1)))?;
            for (row, chunk) in values.chunks(10).enumerate() {
                write!(out, "{:>6} |", row * 10)?;
                for v in chunk {
                    write!(out, " {:>cell$}", v.to_string())?;
                }
                writeln!(out)?;
            }
        }
        SgTable::Grid { rows, cols } => {
            writeln!(
                out,
                "SG value of a lone tails cell on a {rows} × {cols} grid, written as k for 2^k."
            )?;
            writeln!(
                out,
                "Row 1 and column 1: lowbit(i + j − 1); elsewhere 2^(i + j − 2)."
            )?;
            let cell = 4;
            write!(out, "{:>4} |", "")?;
            for c in 1..=cols {
                write!(out, "{c:>cell$}")?;
            }
            writeln!(out)?;
            writeln!(out, "{}", "-".repeat(6 + cols as usize * cell))?;
            for r in 1..=rows as usize {
                write!(out, "{r:>4} |")?;
                for c in 1..=cols as usize {
                    let value = grid::cell_value(grid::Cell { row: r, col: c });
                    let k = value.highest_bit().expect("cell values are powers of two");
                    write!(out, "{k:>cell$}")?;
                }
                writeln!(out)?;
            }
        }
        SgTable::Wythoff { n } => {
            writeln!(
                out,
                "SG value of a Wythoff queen at (a, b): row a, column b. Zeros (lost) at \
                 (⌊kφ⌋, ⌊kφ⌋ + k) and mirrors."
            )?;
            let n = u64::from(n);
            write!(out, "{:>4} |", "")?;
            for b in 0..=n {
                write!(out, " {b:>3}")?;
            }
            writeln!(out)?;
            writeln!(out, "{}", "-".repeat(6 + 4 * (n as usize + 1)))?;
            for a in 0..=n {
                write!(out, "{a:>4} |")?;
                for b in 0..=n {
                    write!(out, " {:>3}", crate::games::wythoff::queen_value(a, b))?;
                }
                writeln!(out)?;
            }
        }
        SgTable::Ed { n } => {
            writeln!(
                out,
                "SG value of an E&D pair (x, y): row x, column y; the index of the lowest 0 bit \
                 of (x − 1) | (y − 1)."
            )?;
            let n = u64::from(n);
            write!(out, "{:>4} |", "")?;
            for y in 1..=n {
                write!(out, " {y:>3}")?;
            }
            writeln!(out)?;
            writeln!(out, "{}", "-".repeat(6 + 4 * n as usize))?;
            for x in 1..=n {
                write!(out, "{x:>4} |")?;
                for y in 1..=n {
                    write!(out, " {:>3}", crate::games::ed::pair_value(x, y))?;
                }
                writeln!(out)?;
            }
        }
        SgTable::Stairs { n } => {
            writeln!(
                out,
                "SG value of k balls alone on stair s (row s, column k). A move from an even \
                 stair is a Nim move on its count; balls sent from an odd stair onto an even one \
                 can be sent straight on, so odd stairs are worth 0."
            )?;
            write!(out, "{:>6} |", "stair")?;
            for k in 0..=9 {
                write!(out, " {k:>3}")?;
            }
            writeln!(out)?;
            writeln!(out, "{}", "-".repeat(8 + 40))?;
            for stair in 1..=n as usize {
                write!(out, "{stair:>6} |")?;
                for k in 0..=9u64 {
                    let mut balls = vec![0; stair];
                    balls[stair - 1] = k;
                    let p = crate::games::stairs::StairNim::new(balls).map_err(Failure::Input)?;
                    write!(out, " {:>3}", p.nim_sum().short())?;
                }
                writeln!(out)?;
            }
        }
        SgTable::Fibnim { n } => {
            use crate::games::fibnim::{FibNim, winning_takes, zeckendorf};
            writeln!(
                out,
                "Fibonacci Nim from a heap of n (first take: anything but all). The first player \
                 loses exactly on the Fibonacci numbers; elsewhere taking the smallest term of \
                 n's Zeckendorf representation wins."
            )?;
            writeln!(
                out,
                "{:>5} | {:>5} | {:<18} | Zeckendorf",
                "n", "value", "winning takes"
            )?;
            writeln!(out, "{}", "-".repeat(50))?;
            for heap in 1..=u64::from(n) {
                let start = FibNim::start(heap).map_err(Failure::Input)?;
                let value = start
                    .value()
                    .map_or_else(|| "?".to_string(), |v| v.to_string());
                let takes = winning_takes(heap, start.limit());
                let takes = if takes.is_empty() {
                    "— (lost)".to_string()
                } else {
                    takes
                        .iter()
                        .map(u64::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                let terms = zeckendorf(heap)
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(" + ");
                writeln!(out, "{heap:>5} | {value:>5} | {takes:<18} | {terms}")?;
            }
        }
        SgTable::Dag { ref code } => {
            let position = crate::games::dag::Dag::from_code(code)
                .map_err(|e| Failure::Input(format!("sg dag: bad code: {e}")))?;
            let graph = position.graph();
            writeln!(
                out,
                "SG value of each vertex of the graph ({} vertices): the mex (least value not \
                 among) of its successors' values; a vertex with no edge out is worth 0.",
                graph.len()
            )?;
            writeln!(
                out,
                "{:>6} | {:>5} | successors (their values)",
                "vertex", "value"
            )?;
            writeln!(out, "{}", "-".repeat(50))?;
            for v in 1..=graph.len() as u32 {
                let successors = graph
                    .successors(v)
                    .iter()
                    .map(|&w| format!("{w} (*{})", graph.value(w)))
                    .collect::<Vec<_>>()
                    .join(", ");
                writeln!(
                    out,
                    "{v:>6} | {:>5} | {}",
                    format!("*{}", graph.value(v)),
                    if successors.is_empty() {
                        "none"
                    } else {
                        &successors
                    }
                )?;
            }
        }
        SgTable::Heaps { ref rule, n } => {
            let code = format!("{rule}:0");
            let position = heaps::Heaps::from_code(&code).map_err(|e| {
                Failure::Input(format!("sg heaps: bad rule '{rule}': {}", e.message))
            })?;
            let rule = position.rule();
            writeln!(
                out,
                "SG value of one heap under {}; row r, column c: heap r + c.",
                rule.title()
            )?;
            if *rule == heaps::Rule::Misere {
                writeln!(
                    out,
                    "Misère Nim is not decided by these (normal-play) values: with a heap > 1 the \
                     nim-sum decides as in Nim; with every heap 0 or 1, the parity of the 1-heaps."
                )?;
            }
            let values = heaps::values::HeapValues::new(rule);
            write!(out, "{:>6} |", "")?;
            for c in 0..10 {
                write!(out, " {:>3}", format!("+{c}"))?;
            }
            writeln!(out)?;
            writeln!(out, "{}", "-".repeat(8 + 40))?;
            for row in (0..=u64::from(n)).step_by(10) {
                write!(out, "{row:>6} |")?;
                for x in row..=(row + 9).min(u64::from(n)) {
                    write!(out, " {:>3}", values.value(x))?;
                }
                writeln!(out)?;
            }
        }
        SgTable::Dodgeball { n } => {
            let n = n as usize;
            writeln!(
                out,
                "Nim heap of the piece in each box of {n} boxes: ⌊log2({n} / box)⌋, the doublings left."
            )?;
            writeln!(out, "Row r, column c: box r + c.")?;
            write!(out, "{:>8} |", "")?;
            for c in 1..=10 {
                write!(out, " {:>3}", format!("+{c}"))?;
            }
            writeln!(out)?;
            writeln!(out, "{}", "-".repeat(10 + 40))?;
            let heaps: Vec<u32> = (1..=n).map(|i| dodgeball::heap(i, n)).collect();
            for (row, chunk) in heaps.chunks(10).enumerate() {
                write!(out, "{:>8} |", row * 10)?;
                for h in chunk {
                    write!(out, " {h:>3}")?;
                }
                writeln!(out)?;
            }
            let nim_sum = dodgeball::full_board_nim_sum(n as u64);
            writeln!(
                out,
                "Full board: nim-sum {nim_sum}: the {} player wins.",
                if nim_sum == 0 { "second" } else { "first" }
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn command_line_is_well_formed() {
        Cli::command().debug_assert();
    }
}
