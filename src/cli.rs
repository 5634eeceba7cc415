//! The command line: `solve` answers the contest formats, `move`, `analyze` and `sg` work on
//! position codes, `play` (and no command at all) opens the terminal game.
//!
//! Exit codes: 0 success, 1 no legal move (`move` on a finished game), 2 bad input or usage.

use std::io::{self, IsTerminal, Read, Write};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use rand::SeedableRng;
use rand::rngs::StdRng;

use crate::ai::{self, Level};
use crate::analysis::Analysis;
use crate::game::{Impartial, Notation, shorten_code};
use crate::games::{
    AnyPosition, GameKind, coins, dag, dodgeball, grid, heaps, stairs, with_position,
};
use crate::nimber::Nimber;
use crate::tui::board::Start;
use crate::tui::{First, PlayOptions};

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

With no command, grundy opens the game menu in the terminal.
Exit codes: 0 success; 1 no legal move; 2 bad input or usage.";

/// The command line of `grundy`.
#[derive(Debug, Parser)]
#[command(name = "grundy", version, about = ABOUT, long_about = LONG_ABOUT)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play in the terminal against the AI (the default when no command is given).
    #[command(
        long_about = "Play in the terminal against the AI. With no game, opens the menu.\n\
        Keys: arrows/hjkl move, Enter/Space choose, Esc back, u/r undo/redo, ? help, q quit."
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
        #[arg(long)]
        seed: Option<u64>,
    },
    /// Explain a position: the value of every part, the nim-sum in binary, the winner and the
    /// winning moves.
    #[command(
        long_about = "Explain the position CODE: the Sprague–Grundy value of every tails \
        coin / cell / piece, their nim-sum (XOR) in binary, who wins with perfect play (the player \
        to move wins exactly when the nim-sum is not 0), the exact remoteness when the game tree is \
        small, and the legal moves, winning ones first, each marked WIN or lose for the player \
        making it."
    )]
    Analyze {
        /// A position code, e.g. grid:HHH/TTH; `-` reads it from standard input.
        code: String,
        /// At most this many moves are listed.
        #[arg(long, default_value_t = 40)]
        moves: usize,
        /// At most this many parts are listed.
        #[arg(long, default_value_t = 64)]
        parts: usize,
    },
    /// Print a table of Sprague–Grundy values, to see the patterns.
    #[command(subcommand)]
    Sg(SgTable),
}

#[derive(Debug, Subcommand)]
pub enum SgTable {
    /// The value of a lone tails coin at each place 1..n of a coin row with MAXQ.
    Coins {
        /// Number of coins (1..=30000).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=30000))]
        n: u32,
        /// MAXQ (1..=20).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=20))]
        maxq: u32,
    },
    /// The value of a lone tails cell at each place of a rows × cols grid, as the exponent k of
    /// its value 2^k.
    Grid {
        /// Rows (1..=100).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100))]
        rows: u32,
        /// Columns (1..=100).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100))]
        cols: u32,
    },
    /// The Nim heap of the piece in each box 1..n (the doublings it has left), and the value
    /// of the full board.
    Dodgeball {
        /// Number of boxes (1..=1000000).
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
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
    /// input.
    #[arg(long)]
    pub code: Option<String>,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = First::You)]
    pub first: First,
    /// How well the AI plays.
    #[arg(long, value_enum, default_value_t = Level::Perfect)]
    pub level: Level,
    /// How a new board starts: standard (dodgeball: every box full; coins and grid: every
    /// coin T) or random (from the seed). Default: standard for dodgeball, random otherwise.
    #[arg(long, value_enum)]
    pub start: Option<Start>,
    /// Start with hints on (SG values, nim-sum, winning/losing moves).
    #[arg(long)]
    pub hints: bool,
    /// Seed for the random start and the AI's choices.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Coin row: number of coins (dodgeball takes it as the number of boxes; --boxes goes to 10^6).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=30000))]
    pub n: Option<u32>,
    /// Coin row: MAXQ.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=20))]
    pub maxq: Option<u32>,
    /// Coin grid: rows.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub rows: Option<u32>,
    /// Coin grid: columns.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub cols: Option<u32>,
    /// Dodgeball: number of boxes.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub boxes: Option<u32>,
}

/// Runs the command line and returns the process's exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        Err(Failure::Input(message)) => {
            eprintln!("grundy: error: {message}");
            ExitCode::from(2)
        }
        Err(Failure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Io(e)) => {
            eprintln!("grundy: error: {e}");
            ExitCode::from(1)
        }
        Err(Failure::Other(e)) => {
            eprintln!("grundy: error: {e:#}");
            ExitCode::from(1)
        }
    }
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
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let code = match cli.command {
        None => play(PlayArgs::default_menu()),
        Some(Command::Play(args)) => play(args),
        Some(Command::Solve { game, format }) => {
            let mut input = Vec::with_capacity(stdin_size_hint());
            io::stdin().read_to_end(&mut input)?;
            // A byte-order mark (some Windows editors write one) is not part of the input.
            let input = input.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&input);
            let answer = match game {
                GameKind::Coins => coins::solve(input),
                GameKind::Grid => grid::solve(input),
                GameKind::Dodgeball => dodgeball::solve(input),
                GameKind::Stairs => stairs::solve(input),
                GameKind::Dag => dag::solve(input),
                GameKind::Wythoff => crate::games::wythoff::solve(input),
                GameKind::Fibnim => crate::games::fibnim::solve(input),
                GameKind::Ed => {
                    return Err(Failure::Input(
                        "solve ed: no contest format for E&D (play it, or analyze ed:…)".into(),
                    ));
                }
                GameKind::Heaps => match format {
                    Some(format) => heaps::contest::solve(format, input),
                    None => {
                        return Err(Failure::Input(format!(
                            "solve heaps: name the contest format: {}",
                            heaps_formats()
                        )));
                    }
                },
            }
            .map_err(|e| Failure::Input(format!("solve {}: {e}", game.name())))?;
            out.write_all(answer.as_bytes())?;
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Move { code, level, seed }) => {
            let position = parse_code(&code_text(code)?)?;
            with_position!(position, p => ai_move(&p, level, seed, &mut out))
        }
        Some(Command::Analyze { code, moves, parts }) => {
            let position = parse_code(&code_text(code)?)?;
            with_position!(position, p => analyze(&p, moves, parts, &mut out))
        }
        Some(Command::Sg(table)) => sg_table(&table, &mut out),
    }?;
    out.flush()?;
    Ok(code)
}

/// The size of standard input when it is a file (`< input.txt`), so that a 6 MB contest
/// input is read into one buffer instead of a doubling one; 0 when unknown (a pipe).
fn stdin_size_hint() -> usize {
    use std::os::fd::AsFd;
    io::stdin()
        .as_fd()
        .try_clone_to_owned()
        .ok()
        .and_then(|fd| std::fs::File::from(fd).metadata().ok())
        .filter(|meta| meta.is_file())
        .map_or(0, |meta| meta.len() as usize + 1)
}

/// The code itself, or for `-` the one line on standard input.
fn code_text(code: String) -> Result<String, Failure> {
    if code != "-" {
        return Ok(code);
    }
    let mut bytes = Vec::new();
    io::stdin().read_to_end(&mut bytes)?;
    let text = String::from_utf8(bytes).map_err(|e| {
        Failure::Input(format!(
            "the code on standard input is not UTF-8 (byte {})",
            e.utf8_error().valid_up_to() + 1
        ))
    })?;
    let line = text.strip_suffix('\n').unwrap_or(&text);
    Ok(line.strip_suffix('\r').unwrap_or(line).to_string())
}

fn parse_code(code: &str) -> Result<AnyPosition, Failure> {
    AnyPosition::from_code(code).map_err(|e| {
        let shown: String = code.chars().take(60).collect();
        let caret = if e.column <= 60 {
            format!("\n  {shown}\n  {}^", " ".repeat(e.column.saturating_sub(1)))
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
            first: First::You,
            level: Level::Perfect,
            hints: false,
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

fn play(mut args: PlayArgs) -> Result<ExitCode, Failure> {
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
    let options = PlayOptions {
        game,
        code: args.code,
        n: args.n.or(args.boxes).map(|v| v as usize),
        maxq: args.maxq,
        rows: args.rows.map(|v| v as usize),
        cols: args.cols.map(|v| v as usize),
        first: args.first,
        level: args.level,
        hints: args.hints,
        start: args.start,
        seed: args.seed,
    };
    if !io::stdout().is_terminal() {
        return Err(Failure::Input(
            "the game needs a terminal, and standard output is not one; for scripts and pipes \
             use grundy solve, move, analyze or sg"
                .to_string(),
        ));
    }
    crate::tui::run(options).map_err(Failure::Other)?;
    Ok(ExitCode::SUCCESS)
}

fn ai_move<P: Impartial + Notation>(
    position: &P,
    level: Level,
    seed: Option<u64>,
    out: &mut impl Write,
) -> Result<ExitCode, Failure> {
    let mut rng = match seed {
        Some(seed) => StdRng::seed_from_u64(seed),
        None => rand::make_rng::<StdRng>(),
    };
    let Some(decision) = ai::choose_move(position, level, &mut rng) else {
        eprintln!("grundy: no legal move: the game is over and the player to move has lost");
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
    out: &mut impl Write,
) -> Result<ExitCode, Failure> {
    let analysis = Analysis::new(position, move_limit, ai::EXACT_BUDGET);
    writeln!(out, "position: {}", shorten_code(&position.to_code(), 120))?;
    writeln!(out)?;
    let parts = &analysis.parts;
    writeln!(
        out,
        "{} part{} with a move or a value:",
        parts.len(),
        if parts.len() == 1 { "" } else { "s" }
    )?;
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
    let name_width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
    if width <= BINARY_WIDTH {
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
            writeln!(out, "  {name:<name_width$}  {}", value.short())?;
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
        for bit in bits.iter().rev() {
            let count = parts.iter().filter(|(_, v)| v.bit(*bit)).count();
            writeln!(
                out,
                "    2^{bit:<4} {count:>4} part{}  → {}",
                if count == 1 { " " } else { "s" },
                if count % 2 == 1 { "1" } else { "0" }
            )?;
        }
        writeln!(out, "  nim-sum = {}", nim_sum_words(analysis.nim_sum))?;
    }
    writeln!(out)?;
    if let Some(rule) = position.win_rule() {
        // Not decided by the nim-sum (misère Nim): the game's own rule, applied here.
        writeln!(
            out,
            "Decided by the game's own rule, not the nim-sum: {rule}."
        )?;
        if position.is_over() {
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
    let winning = analysis.winning().count();
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
            nim_sum_words(report.nim_sum_after)
        )?;
    }
    Ok(ExitCode::SUCCESS)
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

fn nim_sum_words(value: Nimber) -> String {
    if value.highest_bit().is_some_and(|h| h >= 64) {
        value.short()
    } else {
        value.to_string()
    }
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
