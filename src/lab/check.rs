//! A conjectured formula checked against a table (`sg … --check EXPR`): the expression is
//! evalexpr's (`n % 3`, `if(n % 4 == 0, 0, 1)`, `min(a, b)`), with the table's variables (`n`
//! for a 1-D table, `a` and `b` for a 2-D one). A Rhai-looking `if C { A } else { B }` (as
//! the issue and the lessons write it) is read as `if(C, A, B)` first.

use evalexpr::{
    ContextWithMutableVariables, DefaultNumericTypes, HashMapContext, Node, Value,
    build_operator_tree,
};

/// A formula that does not parse or evaluate: where (a character of the expression, from 1)
/// and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormulaError {
    pub column: usize,
    pub problem: FormulaProblem,
}

/// Why a formula does not parse or evaluate: evalexpr's error kinds, as values the interface
/// words in the reader's language (evalexpr's own texts are English).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormulaProblem {
    /// A `(` with no `)`.
    UnclosedBracket,
    /// A `)` with no `(`.
    UnopenedBracket,
    /// Not a formula at this place (an operator with nothing on one side, two values with
    /// no operator between them, an unknown sign).
    Syntax,
    /// A name the table has not (`m` where the table has `n`).
    UnknownName(String),
    /// A function evalexpr does not know.
    UnknownFunction(String),
    /// A function or operator given the wrong number of arguments.
    ArgumentCount,
    /// A value of the wrong kind where a number was wanted (`true + 1`, a string).
    NotANumber(String),
    /// The formula's value is not an integer (`n / 2.0`, `n > 1`).
    NotAnInteger(String),
    /// A division or remainder by zero (or past the integers' range).
    DivisionByZero,
    /// An integer past the range of 64 bits.
    Overflow,
    /// Anything else, in evalexpr's words.
    Other(String),
    /// Longer than [`MAX_FORMULA_CHARS`] characters.
    TooLong { max: usize },
    /// Brackets nested deeper than [`MAX_FORMULA_DEPTH`].
    TooDeep { max: usize },
    /// A `^`: a power to evalexpr but XOR to every contest programmer, so neither reading
    /// is taken silently; XOR is `bitxor(a, b)`.
    Caret,
}

/// The most characters a formula may have: a formula of a table's pattern is a line, and
/// finding a syntax error's place parses every prefix (quadratic in the length).
pub const MAX_FORMULA_CHARS: usize = 1000;
/// The deepest brackets may nest in a formula: evalexpr builds and evaluates the tree by
/// recursion, one stack frame a level, and thousands of levels overflow the stack.
pub const MAX_FORMULA_DEPTH: usize = 64;

/// The bounds on a formula, checked before evalexpr sees it: its length, then how deep its
/// brackets (and its runs of prefix signs, each another level of the tree) nest.
fn within_bounds(text: &str) -> Result<(), FormulaError> {
    if text.chars().count() > MAX_FORMULA_CHARS {
        return Err(FormulaError {
            column: MAX_FORMULA_CHARS + 1,
            problem: FormulaProblem::TooLong {
                max: MAX_FORMULA_CHARS,
            },
        });
    }
    let mut depth = 0usize;
    let mut signs = 0usize;
    for (i, c) in text.chars().enumerate() {
        match c {
            '(' | '{' | '[' => depth += 1,
            ')' | '}' | ']' => depth = depth.saturating_sub(1),
            _ => {}
        }
        signs = match c {
            '-' | '!' => signs + 1,
            c if c.is_whitespace() => signs,
            _ => 0,
        };
        if depth + signs > MAX_FORMULA_DEPTH {
            return Err(FormulaError {
                column: i + 1,
                problem: FormulaProblem::TooDeep {
                    max: MAX_FORMULA_DEPTH,
                },
            });
        }
    }
    Ok(())
}

impl FormulaProblem {
    fn of(error: &evalexpr::EvalexprError<DefaultNumericTypes>) -> FormulaProblem {
        use evalexpr::EvalexprError as E;
        match error {
            E::UnmatchedLBrace => FormulaProblem::UnclosedBracket,
            E::UnmatchedRBrace => FormulaProblem::UnopenedBracket,
            E::AppendedToLeafNode
            | E::PrecedenceViolation
            | E::MissingOperatorOutsideOfBrace
            | E::UnmatchedPartialToken { .. }
            | E::UnmatchedDoubleQuote
            | E::IllegalEscapeSequence(_)
            | E::ExpectedEmpty { .. } => FormulaProblem::Syntax,
            E::VariableIdentifierNotFound(name) => FormulaProblem::UnknownName(name.clone()),
            E::FunctionIdentifierNotFound(name) => FormulaProblem::UnknownFunction(name.clone()),
            E::WrongOperatorArgumentAmount { .. } | E::WrongFunctionArgumentAmount { .. } => {
                FormulaProblem::ArgumentCount
            }
            E::ExpectedInt { actual } => FormulaProblem::NotAnInteger(actual.to_string()),
            E::ExpectedNumber { actual }
            | E::ExpectedFloat { actual }
            | E::ExpectedNumberOrString { actual }
            | E::ExpectedBoolean { actual }
            | E::ExpectedString { actual }
            | E::ExpectedTuple { actual } => FormulaProblem::NotANumber(actual.to_string()),
            E::TypeError { actual, .. } => FormulaProblem::NotANumber(actual.to_string()),
            E::WrongTypeCombination { .. } => FormulaProblem::NotANumber(String::new()),
            E::DivisionError { .. } | E::ModulationError { .. } => FormulaProblem::DivisionByZero,
            E::AdditionError { .. }
            | E::SubtractionError { .. }
            | E::NegationError { .. }
            | E::MultiplicationError { .. } => FormulaProblem::Overflow,
            other => FormulaProblem::Other(other.to_string()),
        }
    }
}

/// A compiled formula over named integer variables.
pub struct Formula {
    text: String,
    tree: Node<DefaultNumericTypes>,
}

/// The first place a formula and a table disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counterexample {
    /// The variables there (`n = 12`, or `a = 3, b = 5`).
    pub at: Vec<(String, i64)>,
    /// What the formula gives.
    pub formula: i64,
    /// What the table has.
    pub table: i64,
}

impl Formula {
    /// Compiles `text`; a syntax error names the first character no completion can mend.
    pub fn parse(text: &str) -> Result<Formula, FormulaError> {
        within_bounds(text)?;
        if let Some(byte) = text.find('^') {
            return Err(FormulaError {
                column: text[..byte].chars().count() + 1,
                problem: FormulaProblem::Caret,
            });
        }
        let translated = translate_if(text.trim()).unwrap_or_else(|| text.trim().to_string());
        match build_operator_tree::<DefaultNumericTypes>(&translated) {
            Ok(tree) => Ok(Formula {
                text: text.to_string(),
                tree,
            }),
            Err(error) => Err(FormulaError {
                column: syntax_error_place(text),
                problem: FormulaProblem::of(&error),
            }),
        }
    }

    /// The formula's value with `vars` set; an error (a name it does not know, a value that is
    /// not an integer) names where.
    pub fn eval(&self, vars: &[(&str, i64)]) -> Result<i64, FormulaError> {
        let mut context = HashMapContext::<DefaultNumericTypes>::new();
        for &(name, value) in vars {
            context
                .set_value(name.to_string(), Value::Int(value))
                .expect("integer variables can be set");
        }
        self.tree.eval_int_with_context(&context).map_err(|error| {
            let name = match &error {
                evalexpr::EvalexprError::VariableIdentifierNotFound(name)
                | evalexpr::EvalexprError::FunctionIdentifierNotFound(name) => Some(name.clone()),
                _ => None,
            };
            let column = name
                .and_then(|name| self.text.find(&name))
                .map_or(1, |byte| self.text[..byte].chars().count() + 1);
            FormulaError {
                column,
                problem: FormulaProblem::of(&error),
            }
        })
    }

    /// The first cell of `cells` (variables, the table's value) where the formula differs.
    pub fn first_counterexample<'a>(
        &self,
        cells: impl IntoIterator<Item = (Vec<(&'a str, i64)>, i64)>,
    ) -> Result<Option<Counterexample>, FormulaError> {
        for (vars, table) in cells {
            let formula = self.eval(&vars)?;
            if formula != table {
                return Ok(Some(Counterexample {
                    at: vars.iter().map(|&(k, v)| (k.to_string(), v)).collect(),
                    formula,
                    table,
                }));
            }
        }
        Ok(None)
    }
}

/// Whether `text` parses as evalexpr (after the `if … { } else { }` translation).
fn parses(text: &str) -> bool {
    let text = translate_if(text).unwrap_or_else(|| text.to_string());
    build_operator_tree::<DefaultNumericTypes>(&text).is_ok()
}

/// The first character (from 1) after which no completion makes the text parse: each prefix is
/// tried as it is and with a number and closing brackets after it.
fn syntax_error_place(text: &str) -> usize {
    const ENDINGS: [&str; 6] = ["", "0", "0)", "0))", "0)))", ",0)"];
    let cuts: Vec<usize> = text.char_indices().map(|(i, c)| i + c.len_utf8()).collect();
    for (k, &cut) in cuts.iter().enumerate() {
        let prefix = &text[..cut];
        if !ENDINGS.iter().any(|end| parses(&format!("{prefix}{end}"))) {
            return k + 1;
        }
    }
    text.chars().count().max(1)
}

/// `if C { A } else { B }` (B may be another `if`) as evalexpr's `if(C, A, B)`; `None` when
/// the text is not of that shape.
fn translate_if(text: &str) -> Option<String> {
    let text = text.trim();
    let rest = text.strip_prefix("if ")?;
    let open = rest.find('{')?;
    let condition = &rest[..open];
    let (then, after) = braced(&rest[open..])?;
    let after = after.trim().strip_prefix("else")?.trim();
    let otherwise = if after.starts_with("if ") {
        translate_if(after)?
    } else {
        let (otherwise, tail) = braced(after)?;
        if !tail.trim().is_empty() {
            return None;
        }
        translate_if(otherwise).unwrap_or_else(|| otherwise.trim().to_string())
    };
    let then = translate_if(then).unwrap_or_else(|| then.trim().to_string());
    Some(format!("if({}, {then}, {otherwise})", condition.trim()))
}

/// The inside of the `{ … }` that `text` starts with, and what follows it.
fn braced(text: &str) -> Option<(&str, &str)> {
    let inner = text.strip_prefix('{')?;
    let mut depth = 1;
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some((&inner[..i], &inner[i + 1..]));
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rhai_if_reads_as_evalexpr_if() {
        assert_eq!(
            translate_if("if n % 4 == 0 { 0 } else { 1 }").as_deref(),
            Some("if(n % 4 == 0, 0, 1)")
        );
        assert_eq!(
            translate_if("if n < 2 { n } else if n % 2 == 0 { 1 } else { 2 }").as_deref(),
            Some("if(n < 2, n, if(n % 2 == 0, 1, 2))")
        );
        let f = Formula::parse("if n % 4 == 0 { 0 } else { 1 }").unwrap();
        assert_eq!(f.eval(&[("n", 8)]), Ok(0));
        assert_eq!(f.eval(&[("n", 9)]), Ok(1));
    }

    #[test]
    fn errors_name_the_place() {
        // evalexpr reads `n %% 3` and refuses it only when evaluated: no place but the start.
        assert_eq!(Formula::parse("n % (3 +").err().map(|e| e.column), Some(8));
        let f = Formula::parse("m % 3").unwrap();
        assert_eq!(f.eval(&[("n", 1)]).err().map(|e| e.column), Some(1));
        let f = Formula::parse("n % 3 + k").unwrap();
        assert_eq!(f.eval(&[("n", 1)]).err().map(|e| e.column), Some(9));
    }

    /// evalexpr's errors as kinds the interface words (its texts are English).
    #[test]
    fn errors_are_kinds_not_english() {
        let problem = |text: &str, vars: &[(&str, i64)]| match Formula::parse(text) {
            Err(e) => e.problem,
            Ok(f) => f.eval(vars).expect_err(text).problem,
        };
        let n = [("n", 1)];
        assert_eq!(problem("n % (3 +", &n), FormulaProblem::UnclosedBracket);
        assert_eq!(problem("n % 3)", &n), FormulaProblem::UnopenedBracket);
        assert_eq!(
            problem("m % 3", &n),
            FormulaProblem::UnknownName("m".into())
        );
        assert_eq!(
            problem("mex(n)", &n),
            FormulaProblem::UnknownFunction("mex".into())
        );
        assert_eq!(problem("n / 0", &n), FormulaProblem::DivisionByZero);
        assert_eq!(problem("n % 0", &n), FormulaProblem::DivisionByZero);
        assert!(matches!(
            problem("n / 2.5", &n),
            FormulaProblem::NotAnInteger(_)
        ));
        assert_eq!(
            problem("n * 9223372036854775807 * 2", &[("n", 2)]),
            FormulaProblem::Overflow
        );
    }
}
