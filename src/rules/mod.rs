//! Rules files: a game a player writes down as a Rhai script, which the engine then solves and
//! plays like any built-in game. The script defines functions (`moves` is the only one
//! required; see the README for the interface); this module loads and checks a script, runs
//! its functions in a sandbox with bounds on work, depth and size, and turns what they return
//! into [`Value`] positions once, at the boundary. [`solve`] is the exact search over those
//! positions: win, lose or draw with remoteness, Sprague–Grundy values, minimax scores.
//!
//! The sandbox: the engine has no module loader (`import` does not parse), no `eval`, no file,
//! process or network functions (Rhai has none unless a package adds them), `print` and
//! `debug` write nowhere, and every call stops at an operation limit, a call depth, an
//! expression depth and a size limit, or at the search's deadline. The one thing a script
//! may ask of its host is `lang()`, the reader's language, to word its texts in it.

use std::fmt;
use std::path::Path;

use rhai::{
    AST, CallFnOptions, Dynamic, Engine, EvalAltResult, LexError, ParseError, ParseErrorType, Scope,
};
use thiserror::Error;

pub mod budget;
pub mod examples;
pub mod literal;
pub mod solve;
pub mod value;

pub use value::{NotPosition, Value};

/// The most operations one call of a script function may take (a few tens of milliseconds).
pub const MAX_OPERATIONS: u64 = 2_000_000;

/// The deepest a script's calls may nest (its own recursion included).
pub const MAX_CALL_LEVELS: usize = 48;

/// The largest array (its items and those of the arrays in it) or string a script may build,
/// the largest map, and the largest rules file read. Rhai measures a value's size by walking
/// it, once per step that builds it, and drops, compares and hashes it by recursion: these
/// bounds keep that walk short (a value nested 10 000 deep is walked in well under a
/// millisecond) and its depth far from the stack's end.
pub const MAX_ARRAY: usize = 10_000;
pub const MAX_STRING: usize = 100_000;
pub const MAX_MAP: usize = 1_000;
pub const MAX_FILE_BYTES: u64 = 1 << 20;
/// The most characters of a script's text (a thrown value, a token) or of a position an error
/// quotes: a line's worth, then `…`.
pub const MAX_QUOTED: usize = 80;

/// Text that comes out of a script (its game's name, a board line, a move's words) made fit
/// for a terminal: every control character escaped (`\x1b`), so a script cannot rewrite the
/// screen or the terminal's title. Every string leaving [`Rules`] goes through it.
pub fn shown(text: &str) -> String {
    crate::input::escape_controls(text)
}

/// Script text or a position an error quotes: [`shown`], and at most [`MAX_QUOTED`]
/// characters.
pub fn quoted(text: &str) -> String {
    crate::input::excerpt(text.as_bytes(), MAX_QUOTED)
}

/// A line and column (from 1) of a rules file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    pub line: usize,
    pub column: usize,
}

/// What went wrong with a rules file, a call of one of its functions, or a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The file could not be read, and why.
    Read(ReadProblem),
    /// The file is larger than [`MAX_FILE_BYTES`].
    FileTooLarge,
    /// The script does not parse, and why.
    Parse(Cause),
    /// No `fn moves(s)` or `fn moves(s, side)`.
    NoMoves,
    /// A function of the interface with the wrong number of parameters.
    Arity {
        function: String,
        expected: &'static str,
    },
    /// A function failed while running, and why.
    Failed { function: String, why: Cause },
    /// A call ran past [`MAX_OPERATIONS`].
    Operations { function: String },
    /// Calls nested past [`MAX_CALL_LEVELS`] (endless recursion).
    CallDepth { function: String },
    /// An array or string past its size limit was built.
    DataTooLarge { function: String },
    /// `moves` or `parts` returned something other than an array.
    NotArray { function: String, got: String },
    /// A value that is not a position (a float, a map, `()`), where one was expected.
    NotPosition { function: String, got: String },
    /// A position past the bounds of [`value`] (too many items, too deep, too long a string).
    PositionTooLarge { function: String },
    /// A function returned the wrong type: `misere` a non-bool, `gain` a non-integer, …
    WrongType {
        function: String,
        expected: &'static str,
        got: String,
    },
    /// A position written on the command line that does not read, and why.
    BadPosition(Cause),
    /// The search's deadline passed during a call (not an error of the script: the search
    /// reports it as too large).
    Interrupted,
}

/// Why a rules file could not be read: the common reasons by kind, so that the interface says
/// them in the reader's language; the rest as the system words them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadProblem {
    NotFound,
    Denied,
    /// A directory, a FIFO, a device: only a regular file is read.
    NotRegular,
    NotUtf8,
    Other(String),
}

impl ReadProblem {
    fn of(error: &std::io::Error) -> ReadProblem {
        match error.kind() {
            std::io::ErrorKind::NotFound => ReadProblem::NotFound,
            std::io::ErrorKind::PermissionDenied => ReadProblem::Denied,
            _ => ReadProblem::Other(error.to_string()),
        }
    }
}

impl fmt::Display for ReadProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadProblem::NotFound => write!(f, "no such file"),
            ReadProblem::Denied => write!(f, "permission denied"),
            ReadProblem::NotRegular => write!(f, "not a regular file"),
            ReadProblem::NotUtf8 => write!(f, "not UTF-8 text"),
            ReadProblem::Other(why) => write!(f, "{why}"),
        }
    }
}

/// Why Rhai refused a script, a position or a call: the common kinds by kind, so that the
/// interface says them in the reader's language (Rhai's own texts are English); a rare kind in
/// Rhai's words. The place (line and column) is the [`RulesError`]'s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cause {
    /// The text ends in the middle of something: a bracket or a block not closed.
    UnexpectedEnd,
    /// A token that should be here is not: `;`, `,`, `)`, `]`, `}`.
    Missing(String),
    /// A character or a token that has no place here.
    Unexpected(String),
    /// A string whose closing quote is missing.
    UnclosedString,
    /// A symbol or a word Rhai reserves (`@`, `eval`, `import`).
    Reserved(String),
    /// An expression (a value) is missing, after an operator or `=`.
    ExpressionMissing,
    /// A function defined twice with the same number of parameters.
    DefinedTwice {
        function: String,
        parameters: usize,
    },
    /// An assignment to a constant.
    Constant(String),
    /// A call of a function that does not exist for these argument types (Rhai's signature:
    /// `foo (i64)`, `- (array, i64)`).
    NoFunction(String),
    /// A variable that was never set.
    NoVariable(String),
    /// An index past the end of an array (its length, the index).
    ArrayIndex {
        length: usize,
        index: i64,
    },
    /// An index past the end of a string (its length in characters, the index).
    StringIndex {
        length: usize,
        index: i64,
    },
    DivisionByZero,
    /// An integer past 64 bits.
    Overflow,
    /// The script's `throw`, with its own words.
    Thrown(String),
    /// A value of a type no position has (a map, a character, `()`), by Rhai's type name.
    OfType(String),
    /// A value of the wrong type for an operation or a function (Rhai's type names: what was
    /// wanted, what was found).
    Mismatch {
        wanted: String,
        found: String,
    },
    /// A `for` loop over something that is not an array, a range or a string.
    ForNotIterable,
    /// An index (`x[i]`) or a property (`x.name`) on a value that has none (Rhai's type name).
    NotIndexable(String),
    /// A property's name missing after a `.`.
    PropertyExpected,
    /// A variable's name missing (after `let`, `for`, `const`).
    VariableExpected,
    /// A rarer kind, in Rhai's (English) words.
    Rhai(String),
}

impl Cause {
    fn of_parse(kind: &ParseErrorType) -> Cause {
        match kind {
            ParseErrorType::UnexpectedEOF => Cause::UnexpectedEnd,
            ParseErrorType::MissingToken(token, _) => Cause::Missing(quoted(token)),
            ParseErrorType::BadInput(LexError::UnterminatedString) => Cause::UnclosedString,
            ParseErrorType::BadInput(LexError::UnexpectedInput(what)) => {
                Cause::Unexpected(quoted(what))
            }
            ParseErrorType::BadInput(LexError::ImproperSymbol(symbol, _))
            | ParseErrorType::Reserved(symbol) => Cause::Reserved(quoted(symbol)),
            ParseErrorType::ExprExpected(_) => Cause::ExpressionMissing,
            ParseErrorType::FnDuplicatedDefinition(function, parameters) => Cause::DefinedTwice {
                function: function.clone(),
                parameters: *parameters,
            },
            ParseErrorType::AssignmentToConstant(name) => Cause::Constant(name.clone()),
            ParseErrorType::MismatchedType(wanted, found) => Cause::Mismatch {
                wanted: wanted.clone(),
                found: found.clone(),
            },
            ParseErrorType::PropertyExpected => Cause::PropertyExpected,
            ParseErrorType::VariableExpected => Cause::VariableExpected,
            other => Cause::Rhai(quoted(&other.to_string())),
        }
    }

    fn of_run(error: EvalAltResult) -> Cause {
        match error {
            EvalAltResult::ErrorParsing(kind, _) => Cause::of_parse(&kind),
            EvalAltResult::ErrorFunctionNotFound(signature, _) => {
                Cause::NoFunction(quoted(&signature))
            }
            EvalAltResult::ErrorVariableNotFound(name, _) => Cause::NoVariable(quoted(&name)),
            EvalAltResult::ErrorArrayBounds(length, index, _) => {
                Cause::ArrayIndex { length, index }
            }
            EvalAltResult::ErrorStringBounds(length, index, _) => {
                Cause::StringIndex { length, index }
            }
            // Rhai's arithmetic errors are told apart only by their text.
            EvalAltResult::ErrorArithmetic(text, _) if text.starts_with("Division by zero") => {
                Cause::DivisionByZero
            }
            EvalAltResult::ErrorArithmetic(text, _) if text.contains("overflow") => Cause::Overflow,
            EvalAltResult::ErrorRuntime(value, _) => Cause::Thrown(quoted(&value.to_string())),
            EvalAltResult::ErrorMismatchDataType(wanted, found, _)
            | EvalAltResult::ErrorMismatchOutputType(wanted, found, _) => {
                Cause::Mismatch { wanted, found }
            }
            EvalAltResult::ErrorFor(_) => Cause::ForNotIterable,
            EvalAltResult::ErrorIndexingType(what, _) => Cause::NotIndexable(what),
            // `x.name` on a value without that property: Rhai names the type only in its text.
            EvalAltResult::ErrorDotExpr(text, _) if text.starts_with("Unknown property") => {
                let of_type = text
                    .split("type '")
                    .nth(1)
                    .and_then(|rest| rest.split('\'').next())
                    .unwrap_or("?");
                Cause::NotIndexable(of_type.to_string())
            }
            other => Cause::Rhai(quoted(&other.to_string())),
        }
    }
}

/// English, for tests and logs.
impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cause::UnexpectedEnd => write!(f, "the text ends too soon"),
            Cause::Missing(token) => write!(f, "'{token}' expected"),
            Cause::Unexpected(what) => write!(f, "unexpected '{what}'"),
            Cause::UnclosedString => write!(f, "a string is not closed"),
            Cause::Reserved(word) => write!(f, "'{word}' is reserved"),
            Cause::ExpressionMissing => write!(f, "a value expected"),
            Cause::DefinedTwice {
                function,
                parameters,
            } => write!(
                f,
                "fn {function} with {parameters} parameters defined twice"
            ),
            Cause::Constant(name) => write!(f, "cannot assign to the constant {name}"),
            Cause::NoFunction(signature) => write!(f, "function not found: {signature}"),
            Cause::NoVariable(name) => write!(f, "variable not found: {name}"),
            Cause::ArrayIndex { length, index } => {
                write!(f, "index {index} of an array of {length}")
            }
            Cause::StringIndex { length, index } => {
                write!(f, "index {index} of a string of {length}")
            }
            Cause::DivisionByZero => write!(f, "division by zero"),
            Cause::Overflow => write!(f, "integer overflow"),
            Cause::Thrown(what) => write!(f, "thrown: {what}"),
            Cause::OfType(got) => write!(f, "a value of type {got}"),
            Cause::Mismatch { wanted, found } => write!(f, "{wanted} expected, {found} found"),
            Cause::ForNotIterable => write!(f, "a for loop over something not iterable"),
            Cause::NotIndexable(what) => write!(f, "no index or property on {what}"),
            Cause::PropertyExpected => write!(f, "a property's name expected"),
            Cause::VariableExpected => write!(f, "a variable's name expected"),
            Cause::Rhai(text) => write!(f, "{text}"),
        }
    }
}

/// A [`Problem`] with the file and the place in it where there is one.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct RulesError {
    pub file: String,
    pub place: Option<Place>,
    pub problem: Problem,
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(place) = self.place {
            write!(f, ":{}:{}", place.line, place.column)?;
        }
        write!(f, ": {}", self.problem)
    }
}

/// English, for tests and logs; the interface words each problem through its locale.
impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Read(why) => write!(f, "cannot read the rules file: {why}"),
            Problem::FileTooLarge => write!(f, "the rules file is larger than 1 MiB"),
            Problem::Parse(why) => write!(f, "the script does not parse: {why}"),
            Problem::NoMoves => write!(f, "no fn moves(s) (or moves(s, side)) in the script"),
            Problem::Arity { function, expected } => {
                write!(f, "fn {function} must take {expected}")
            }
            Problem::Failed { function, why } => write!(f, "{function} failed: {why}"),
            Problem::Operations { function } => {
                write!(f, "{function} ran past {MAX_OPERATIONS} operations")
            }
            Problem::CallDepth { function } => {
                write!(f, "{function} nested calls past {MAX_CALL_LEVELS} levels")
            }
            Problem::DataTooLarge { function } => {
                write!(f, "{function} built an array or string that is too large")
            }
            Problem::NotArray { function, got } => {
                write!(f, "{function} must return an array, not {got}")
            }
            Problem::NotPosition { function, got } => write!(
                f,
                "{function} returned {got}, which is not a position (integers, strings, booleans and arrays of them)"
            ),
            Problem::PositionTooLarge { function } => {
                write!(f, "{function} returned a position that is too large")
            }
            Problem::WrongType {
                function,
                expected,
                got,
            } => write!(f, "{function} must return {expected}, not {got}"),
            Problem::BadPosition(why) => write!(f, "not a position: {why}"),
            Problem::Interrupted => write!(f, "out of time"),
        }
    }
}

/// Which optional functions of the interface a script defines.
#[derive(Clone, Copy, Debug, Default)]
struct Defined {
    start: bool,
    parts: bool,
    show: bool,
    describe: bool,
    gain: bool,
    input: bool,
    answer: bool,
    random: bool,
}

/// A loaded and checked rules file: its compiled script, the engine that runs it, and what
/// its functions say about the game.
pub struct Rules {
    engine: Engine,
    ast: AST,
    file: String,
    defined: Defined,
    two_sided: bool,
    misere: bool,
    name: Option<String>,
    /// The Sprague–Grundy values of parts found so far, kept for every later answer.
    memo: std::sync::Mutex<solve::GrundyTable>,
}

impl fmt::Debug for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rules").field("file", &self.file).finish()
    }
}

/// The sandboxed engine every rules file runs in.
fn engine() -> Engine {
    let mut engine = Engine::new();
    engine
        .set_max_operations(MAX_OPERATIONS)
        .set_max_call_levels(MAX_CALL_LEVELS)
        .set_max_expr_depths(64, 32)
        .set_max_array_size(MAX_ARRAY)
        .set_max_string_size(MAX_STRING)
        .set_max_map_size(MAX_MAP)
        .set_max_variables(10_000)
        .set_max_functions(10_000)
        .disable_symbol("eval")
        // `curry` builds function pointers whose size no limit counts (doubling one reaches
        // gigabytes in a few steps).
        .disable_symbol("curry");
    // `sleep` blocks the thread past any deadline: the engine's own functions come before
    // the packages', so this one answers every call of it (direct or through `Fn("sleep")`)
    // as a function that does not exist.
    engine.register_fn("sleep", |_: i64| -> Result<(), Box<EvalAltResult>> {
        Err(EvalAltResult::ErrorFunctionNotFound("sleep (i64)".into(), rhai::Position::NONE).into())
    });
    // A script's output would land on the game's screen: it goes nowhere.
    engine.on_print(|_| {});
    engine.on_debug(|_, _, _| {});
    // The reader's language ("en", "zh-CN" or "zh-TW"), so that `name`, `show` and `describe`
    // can speak it: this thread's locale, read at each call (no I/O). The optimizer leaves the
    // call alone (the default level does not run functions at compile time), so a script
    // compiled in one language speaks another when the reader changes it.
    engine.register_fn("lang", || {
        rhai::ImmutableString::from(crate::lang::current().code())
    });
    // Every call is charged to the answer it serves, and stops at its count or deadline.
    engine.on_progress(|operations| budget::progress(operations).then_some(Dynamic::UNIT));
    engine
}

fn place_of(position: rhai::Position) -> Option<Place> {
    Some(Place {
        line: position.line()?,
        column: position.position().unwrap_or(1),
    })
}

impl Rules {
    /// Reads, compiles and checks the rules file at `path`.
    pub fn load(path: &Path) -> Result<Rules, RulesError> {
        let file = shown(&path.display().to_string());
        let error = |problem| RulesError {
            file: file.clone(),
            place: None,
            problem,
        };
        let metadata =
            std::fs::metadata(path).map_err(|e| error(Problem::Read(ReadProblem::of(&e))))?;
        if metadata.len() > MAX_FILE_BYTES {
            return Err(error(Problem::FileTooLarge));
        }
        // A FIFO or a device (/dev/zero) would block or never end a plain read: only a regular
        // file is opened, without waiting, and read within the bound (the store's reader).
        if !metadata.is_file() {
            return Err(error(Problem::Read(ReadProblem::NotRegular)));
        }
        let source = crate::store::read_within(path, crate::store::FileKind::Save, MAX_FILE_BYTES)
            .map_err(|e| {
                error(match e {
                    crate::store::ReadError::NotRegular { .. } => {
                        Problem::Read(ReadProblem::NotRegular)
                    }
                    crate::store::ReadError::TooLarge { .. } => Problem::FileTooLarge,
                    crate::store::ReadError::Io { error, .. } => {
                        Problem::Read(ReadProblem::of(&error))
                    }
                })
            })
            .and_then(|bytes| {
                String::from_utf8(bytes).map_err(|_| error(Problem::Read(ReadProblem::NotUtf8)))
            })?;
        Rules::compile(&file, &source)
    }

    /// Compiles and checks a script; `file` names it in errors.
    pub fn compile(file: &str, source: &str) -> Result<Rules, RulesError> {
        let engine = engine();
        let ast = engine
            .compile(source)
            .map_err(|ParseError(kind, at)| RulesError {
                file: file.to_string(),
                place: place_of(at),
                problem: Problem::Parse(Cause::of_parse(&kind)),
            })?;
        let mut defined = Defined::default();
        let mut moves_arity = None;
        let mut arity_error = None;
        for function in ast.iter_functions() {
            let arity = function.params.len();
            let (flag, expected, ok) = match function.name {
                "moves" => {
                    moves_arity = Some(arity);
                    (
                        None,
                        "1 parameter (s) or 2 (s, side)",
                        arity == 1 || arity == 2,
                    )
                }
                "start" => (Some(&mut defined.start), "no parameters", arity == 0),
                "parts" => (Some(&mut defined.parts), "1 parameter (s)", arity == 1),
                "show" => (Some(&mut defined.show), "1 parameter (s)", arity == 1),
                "describe" => (
                    Some(&mut defined.describe),
                    "2 parameters (s, t)",
                    arity == 2,
                ),
                "gain" => (Some(&mut defined.gain), "2 parameters (s, t)", arity == 2),
                // `grundy judge --rules`'s: the text a program reads, the word it prints, a
                // random position.
                "input" => (Some(&mut defined.input), "1 parameter (s)", arity == 1),
                "answer" => (Some(&mut defined.answer), "1 parameter (r)", arity == 1),
                "random" => (
                    Some(&mut defined.random),
                    "2 parameters (size, seed)",
                    arity == 2,
                ),
                "name" | "misere" => (None, "no parameters", arity == 0),
                _ => continue,
            };
            if !ok && arity_error.is_none() {
                arity_error = Some(Problem::Arity {
                    function: function.name.to_string(),
                    expected,
                });
            }
            if let Some(flag) = flag {
                *flag = true;
            }
        }
        let error = |problem| RulesError {
            file: file.to_string(),
            place: None,
            problem,
        };
        if let Some(problem) = arity_error {
            return Err(error(problem));
        }
        let Some(arity) = moves_arity else {
            return Err(error(Problem::NoMoves));
        };
        let has = |name: &str| ast.iter_functions().any(|f| f.name == name);
        let (has_misere, has_name) = (has("misere"), has("name"));
        let mut rules = Rules {
            engine,
            ast,
            file: file.to_string(),
            defined,
            two_sided: arity == 2,
            misere: false,
            name: None,
            memo: std::sync::Mutex::new(solve::GrundyTable::new()),
        };
        if has_misere {
            let value = rules.call("misere", ())?;
            rules.misere = value
                .as_bool()
                .map_err(|got| rules.wrong_type("misere", "true or false", got))?;
        }
        if has_name {
            let value = rules.call("name", ())?;
            if !value.is_string() {
                return Err(rules.wrong_type("name", "a string", value.type_name()));
            }
            rules.name = Some(shown(&value.to_string()));
        }
        Ok(rules)
    }

    fn wrong_type(&self, function: &str, expected: &'static str, got: &str) -> RulesError {
        self.error(
            None,
            Problem::WrongType {
                function: function.to_string(),
                expected,
                got: got.to_string(),
            },
        )
    }

    fn error(&self, place: Option<Place>, problem: Problem) -> RulesError {
        RulesError {
            file: self.file.clone(),
            place,
            problem,
        }
    }

    /// The file's name as given.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// The game's title (`fn name()`), if the script gives one.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// Whether the player who makes the last move loses (`fn misere()` returns true).
    pub fn misere(&self) -> bool {
        self.misere
    }

    /// Whether `moves` takes the side to move: a two-sided (partizan) game.
    pub fn two_sided(&self) -> bool {
        self.two_sided
    }

    /// Whether moves score points (`fn gain(s, t)`).
    pub fn scoring(&self) -> bool {
        self.defined.gain
    }

    /// Whether the script splits a position into independent parts (`fn parts(s)`).
    pub fn has_parts(&self) -> bool {
        self.defined.parts
    }

    /// The table of parts' values this game keeps across answers (a poisoned lock only
    /// means an answer stopped half-way: the values in it are still right).
    pub fn memo(&self) -> std::sync::MutexGuard<'_, solve::GrundyTable> {
        self.memo
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Whether Sprague–Grundy values apply: one-sided, normal play, no scores.
    pub fn impartial(&self) -> bool {
        !self.two_sided && !self.misere && !self.defined.gain
    }

    /// Calls a script function, its failures turned into [`RulesError`]s.
    fn call(&self, function: &str, args: impl rhai::FuncArgs) -> Result<Dynamic, RulesError> {
        if budget::exhausted() {
            return Err(self.error(None, Problem::Interrupted));
        }
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        budget::start_call();
        let result = self.engine.call_fn_with_options::<Dynamic>(
            options,
            &mut Scope::new(),
            &self.ast,
            function,
            args,
        );
        budget::end_call();
        result.map_err(|e| self.runtime_error(function, *e))
    }

    fn runtime_error(&self, function: &str, error: EvalAltResult) -> RulesError {
        // The innermost error says what happened, and where.
        let mut error = error;
        while let EvalAltResult::ErrorInFunctionCall(_, _, inner, _) = error {
            error = *inner;
        }
        let place = place_of(error.position());
        let function = function.to_string();
        let problem = match error {
            EvalAltResult::ErrorTooManyOperations(_) => Problem::Operations { function },
            EvalAltResult::ErrorStackOverflow(_) => Problem::CallDepth { function },
            EvalAltResult::ErrorDataTooLarge(..) => Problem::DataTooLarge { function },
            EvalAltResult::ErrorTerminated(..) => Problem::Interrupted,
            other => Problem::Failed {
                function,
                why: Cause::of_run(other),
            },
        };
        self.error(place, problem)
    }

    /// A script's value as a position.
    fn position(&self, function: &str, value: &Dynamic) -> Result<Value, RulesError> {
        Value::from_dynamic(value).map_err(|e| {
            let function = function.to_string();
            self.error(
                None,
                match e {
                    NotPosition::Type(got) => Problem::NotPosition { function, got },
                    NotPosition::TooLarge => Problem::PositionTooLarge { function },
                },
            )
        })
    }

    /// A script's array of positions.
    fn positions(&self, function: &str, value: Dynamic) -> Result<Vec<Value>, RulesError> {
        if !value.is_array() {
            return Err(self.error(
                None,
                Problem::NotArray {
                    function: function.to_string(),
                    got: value.type_name().to_string(),
                },
            ));
        }
        let array = value.into_array().expect("an array");
        array
            .iter()
            .map(|item| self.position(function, item))
            .collect()
    }

    /// The position a new game starts from, if the script has `fn start()`.
    pub fn start(&self) -> Result<Option<Value>, RulesError> {
        if !self.defined.start {
            return Ok(None);
        }
        let value = self.call("start", ())?;
        self.position("start", &value).map(Some)
    }

    /// The positions one move of `side` (0 first player, 1 second; ignored by a one-sided
    /// game) reaches from `s`, in the script's order.
    pub fn moves(&self, s: &Value, side: u8) -> Result<Vec<Value>, RulesError> {
        let value = if self.two_sided {
            self.call("moves", (s.to_dynamic(), i64::from(side)))?
        } else {
            self.call("moves", (s.to_dynamic(),))?
        };
        self.positions("moves", value)
    }

    /// `s`'s independent parts (`fn parts`), or `s` alone when the script has none.
    pub fn parts(&self, s: &Value) -> Result<Vec<Value>, RulesError> {
        if !self.defined.parts {
            return Ok(vec![s.clone()]);
        }
        let value = self.call("parts", (s.to_dynamic(),))?;
        self.positions("parts", value)
    }

    /// The points the mover scores by moving `s → t` (0 without `fn gain`).
    pub fn gain(&self, s: &Value, t: &Value) -> Result<i64, RulesError> {
        if !self.defined.gain {
            return Ok(0);
        }
        let value = self.call("gain", (s.to_dynamic(), t.to_dynamic()))?;
        value
            .as_int()
            .map_err(|got| self.wrong_type("gain", "an integer", got))
    }

    /// The board's lines (`fn show`, a string or an array of strings), if the script draws one.
    pub fn show(&self, s: &Value) -> Result<Option<Vec<String>>, RulesError> {
        if !self.defined.show {
            return Ok(None);
        }
        let value = self.call("show", (s.to_dynamic(),))?;
        self.lines("show", value).map(Some)
    }

    /// The move `s → t` in the script's words (`fn describe`), if it gives them.
    pub fn describe(&self, s: &Value, t: &Value) -> Result<Option<String>, RulesError> {
        if !self.defined.describe {
            return Ok(None);
        }
        let value = self.call("describe", (s.to_dynamic(), t.to_dynamic()))?;
        Ok(Some(self.lines("describe", value)?.join(" ")))
    }

    fn lines(&self, function: &str, value: Dynamic) -> Result<Vec<String>, RulesError> {
        if value.is_array() {
            value
                .into_array()
                .expect("an array")
                .iter()
                .map(|item| self.text_item(function, item).map(|line| shown(&line)))
                .collect()
        } else {
            self.text_item(function, &value)
                .map(|text| text.lines().map(shown).collect())
        }
    }

    /// A string, a number, a boolean or a character as text (else a wrong type).
    fn text_item(&self, function: &str, item: &Dynamic) -> Result<String, RulesError> {
        if item.is_string() || item.is_int() || item.is_bool() || item.is_char() {
            Ok(item.to_string())
        } else {
            Err(self.wrong_type(
                function,
                "a string or an array of strings",
                item.type_name(),
            ))
        }
    }

    /// Whether the script says how to answer a result (`fn answer(r)`).
    pub fn has_answer(&self) -> bool {
        self.defined.answer
    }

    /// Whether the script draws its own random positions (`fn random(size, seed)`).
    pub fn has_random(&self) -> bool {
        self.defined.random
    }

    /// The text a program reads for position `s` (`fn input(s)`: a string, or an array of
    /// lines), if the script gives one; its control characters are the script's own (a
    /// program reads them, no terminal shows them).
    pub fn input(&self, s: &Value) -> Result<Option<String>, RulesError> {
        if !self.defined.input {
            return Ok(None);
        }
        let value = self.call("input", (s.to_dynamic(),))?;
        self.text_or_lines("input", value).map(Some)
    }

    /// The word a program must print for the result `r` (`fn answer(r)`), if the script
    /// gives one.
    pub fn answer(&self, r: Dynamic) -> Result<Option<String>, RulesError> {
        if !self.defined.answer {
            return Ok(None);
        }
        let value = self.call("answer", (r,))?;
        self.text_or_lines("answer", value).map(Some)
    }

    /// A random position of about `size` drawn from `seed` (`fn random(size, seed)`), if the
    /// script draws them.
    pub fn random(&self, size: i64, seed: i64) -> Result<Option<Value>, RulesError> {
        if !self.defined.random {
            return Ok(None);
        }
        let value = self.call("random", (size, seed))?;
        self.position("random", &value).map(Some)
    }

    /// A string, a number or an array of them (lines), as text.
    fn text_or_lines(&self, function: &str, value: Dynamic) -> Result<String, RulesError> {
        if value.is_array() {
            let lines = value
                .into_array()
                .expect("an array")
                .iter()
                .map(|item| self.text_item(function, item))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(lines.join("\n"))
        } else {
            self.text_item(function, &value)
        }
    }

    /// A position written as a Rhai literal (`[3, 4, 5]`, `"abacaba"`, `7`): read as a
    /// literal only, never run.
    pub fn parse_position(&self, text: &str) -> Result<Value, RulesError> {
        literal::parse(text).map_err(|e| match e {
            literal::LiteralError::Bad { why, column } => RulesError {
                file: quoted(text),
                place: Some(Place { line: 1, column }),
                problem: Problem::BadPosition(why),
            },
            literal::LiteralError::TooLarge => RulesError {
                file: quoted(text),
                place: None,
                problem: Problem::PositionTooLarge {
                    function: "the command line".to_string(),
                },
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(source: &str) -> RulesError {
        Rules::compile("t.rhai", source).expect_err("should be refused")
    }

    fn call_problem(source: &str, s: &str) -> RulesError {
        let rules = Rules::compile("t.rhai", source).expect("compiles");
        let s = rules.parse_position(s).expect("a position");
        rules.moves(&s, 0).expect_err("should fail")
    }

    #[test]
    fn parse_errors_name_line_and_column() {
        let e = problem("fn moves(s) {\n  [s - 1\n}\n");
        assert!(matches!(e.problem, Problem::Parse(_)), "{e}");
        let place = e.place.expect("a place");
        assert_eq!(place.line, 3, "{e}");
        assert!(e.to_string().starts_with("t.rhai:3:"), "{e}");
    }

    #[test]
    fn moves_is_required_with_its_arity() {
        assert_eq!(problem("fn start() { 3 }").problem, Problem::NoMoves);
        assert!(matches!(
            problem("fn moves() { [] }").problem,
            Problem::Arity { .. }
        ));
        assert!(matches!(
            problem("fn moves(s) { [] } fn describe(s) { \"\" }").problem,
            Problem::Arity { .. }
        ));
    }

    #[test]
    fn bad_returns_are_clear_errors() {
        let e = call_problem("fn moves(s) { 3 }", "1");
        assert!(matches!(e.problem, Problem::NotArray { .. }), "{e}");
        let e = call_problem("fn moves(s) { [#{a: 1}] }", "1");
        assert!(matches!(e.problem, Problem::NotPosition { .. }), "{e}");
        let e = call_problem("fn moves(s) { [()] }", "1");
        assert!(matches!(e.problem, Problem::NotPosition { .. }), "{e}");
        let e = call_problem(
            "fn moves(s) { let a = []; for i in 0..5000 { a.push(i); } [a] }",
            "1",
        );
        assert!(matches!(e.problem, Problem::PositionTooLarge { .. }), "{e}");
        let e = problem("fn moves(s) { [] } fn misere() { 1 }");
        assert!(matches!(e.problem, Problem::WrongType { .. }), "{e}");
    }

    #[test]
    fn runaway_scripts_stop_at_the_limits() {
        let e = call_problem("fn moves(s) { loop { } }", "1");
        assert!(matches!(e.problem, Problem::Operations { .. }), "{e}");
        let e = call_problem("fn f(n) { f(n + 1) } fn moves(s) { f(s) }", "1");
        assert!(matches!(e.problem, Problem::CallDepth { .. }), "{e}");
        let e = call_problem("fn moves(s) { let t = \"x\"; loop { t += t; } }", "1");
        assert!(matches!(e.problem, Problem::DataTooLarge { .. }), "{e}");
        let e = call_problem("fn moves(s) { [s / 0] }", "1");
        assert!(matches!(e.problem, Problem::Failed { .. }), "{e}");
        assert_eq!(e.place.map(|p| p.line), Some(1), "{e}");
    }

    #[test]
    fn the_deadline_stops_a_call() {
        let rules = Rules::compile(
            "t.rhai",
            "fn moves(s) { let n = 0; while n < 1000000 { n += 1; } [] }",
        )
        .unwrap();
        let now = budget::Budget {
            operations: u64::MAX,
            deadline: Some(std::time::Instant::now()),
        };
        let e = budget::answer(now, || rules.moves(&Value::Int(1), 0)).expect_err("stopped");
        assert_eq!(e.problem, Problem::Interrupted);
        // And a count of operations stops it as well, whatever the clock says.
        let few = budget::Budget {
            operations: 10_000,
            deadline: None,
        };
        let e = budget::answer(few, || rules.moves(&Value::Int(1), 0)).expect_err("stopped");
        assert_eq!(e.problem, Problem::Interrupted);
    }

    /// The sandbox: no module loading, no eval, no file, process or network access.
    #[test]
    fn a_script_reaches_nothing_outside() {
        // `import` does not even parse: the engine has no modules.
        let e = problem("import \"std\" as s; fn moves(n) { [] }");
        assert!(matches!(e.problem, Problem::Parse(_)), "{e}");
        let e = problem("fn moves(s) { eval(\"1\") }");
        assert!(matches!(e.problem, Problem::Parse(_)), "{e}");
        for call in [
            "open_file(\"/etc/passwd\")",
            "read_file(\"/etc/passwd\")",
            "File(\"/etc/passwd\")",
            "fs::read(\"/etc/passwd\")",
            "system(\"ls\")",
            "exec(\"ls\")",
            "command(\"ls\")",
            "http_get(\"http://example.com\")",
            "connect(\"127.0.0.1:80\")",
            "env(\"HOME\")",
        ] {
            let source = format!("fn moves(s) {{ {call}; [] }}");
            match Rules::compile("t.rhai", &source) {
                Err(e) => assert!(matches!(e.problem, Problem::Parse(_)), "{call}: {e}"),
                Ok(rules) => {
                    let e = rules.moves(&Value::Int(1), 0).expect_err(call);
                    let Problem::Failed { why, .. } = &e.problem else {
                        panic!("{call}: {e}");
                    };
                    assert!(matches!(why, Cause::NoFunction(_)), "{call}: {why}");
                }
            }
        }
        // print and debug are allowed but go nowhere (the test's output shows nothing).
        let rules = Rules::compile("t.rhai", "fn moves(s) { print(\"x\"); debug(s); [] }").unwrap();
        assert_eq!(rules.moves(&Value::Int(1), 0), Ok(Vec::new()));
    }

    /// The common mistakes come back by kind (the interface words them), with their place.
    #[test]
    fn rhai_errors_come_back_by_kind() {
        let parse = |source: &str| problem(source).problem;
        assert_eq!(
            parse("fn moves(s) { let x = 1 let y = 2; [] }"),
            Problem::Parse(Cause::Missing(";".to_string()))
        );
        assert_eq!(
            parse("fn moves(s) { \"abc }"),
            Problem::Parse(Cause::UnclosedString)
        );
        assert_eq!(
            parse("fn moves(s) { let x = ; [] }"),
            Problem::Parse(Cause::Unexpected(";".to_string()))
        );
        assert!(matches!(
            parse("fn moves(s) { [] }\nfn moves(s) { [] }"),
            Problem::Parse(Cause::DefinedTwice { parameters: 1, .. })
        ));
        assert!(matches!(
            parse("fn moves(s) { const x = 1; x = 2; [] }"),
            Problem::Parse(Cause::Constant(_))
        ));
        let run = |source: &str| call_problem(source, "[1, 2]").problem;
        let failed = |why| Problem::Failed {
            function: "moves".to_string(),
            why,
        };
        assert_eq!(
            run("fn moves(s) { foo(1) }"),
            failed(Cause::NoFunction("foo (i64)".to_string()))
        );
        assert_eq!(
            run("fn moves(s) { [y] }"),
            failed(Cause::NoVariable("y".to_string()))
        );
        assert_eq!(
            run("fn moves(s) { [s[10]] }"),
            failed(Cause::ArrayIndex {
                length: 2,
                index: 10
            })
        );
        assert_eq!(
            run("fn moves(s) { [1 / 0] }"),
            failed(Cause::DivisionByZero)
        );
        assert_eq!(
            run("fn moves(s) { let x = 9223372036854775807; [x + 1] }"),
            failed(Cause::Overflow)
        );
        assert_eq!(
            run("fn moves(s) { throw \"no moves here\" }"),
            failed(Cause::Thrown("no moves here".to_string()))
        );
        let rules = Rules::compile("t.rhai", "fn moves(s) { [] }").unwrap();
        assert_eq!(
            rules.parse_position("#{a: 1}").map_err(|e| e.problem),
            Err(Problem::BadPosition(Cause::OfType("map".to_string())))
        );
    }

    /// `lang()` is the reader's language at the time of the call, not at compile time.
    #[test]
    fn lang_is_the_readers_language() {
        use crate::lang::{Lang, set_current as set_lang};
        let source = "fn name() { lang() } fn moves(s) { [] } fn describe(s, t) { lang() }";
        let rules = Rules::compile("t.rhai", source).unwrap();
        assert_eq!(rules.name(), Some("en"));
        for lang in Lang::ALL {
            set_lang(lang);
            let said = rules.describe(&Value::Int(1), &Value::Int(0));
            set_lang(Lang::En);
            assert_eq!(said, Ok(Some(lang.code().to_string())));
        }
    }

    #[test]
    fn positions_read_from_literals() {
        let rules = Rules::compile("t.rhai", "fn moves(s) { [] }").unwrap();
        let p = rules.parse_position("[3, [4, \"ab\"], true]").unwrap();
        assert_eq!(p.to_string(), "[3, [4, \"ab\"], true]");
        assert_eq!(rules.parse_position(&p.to_string()), Ok(p));
        assert!(rules.parse_position("[3, ").is_err());
        assert!(rules.parse_position("#{a: 1}").is_err());
    }
}
