//! The rules files shipped in `assets/rules/`, built into the binary so that the menu's Lab
//! opens them on any machine (`cargo run --release` from anywhere, an installed binary): each
//! with its file name (how errors name it) and the locale key of its title.

use super::{Rules, RulesError};

/// A shipped rules file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Example {
    /// Its name in `assets/rules/`.
    pub file: &'static str,
    /// The locale key of its title (`rules.example.<id>`).
    pub title: &'static str,
    pub source: &'static str,
}

impl Example {
    /// The compiled rules.
    pub fn rules(&self) -> Result<Rules, RulesError> {
        Rules::compile(self.file, self.source)
    }
}

macro_rules! example {
    ($file:literal, $id:literal) => {
        Example {
            file: $file,
            title: concat!("rules.example.", $id),
            source: include_str!(concat!("../../assets/rules/", $file)),
        }
    };
}

/// Every shipped rules file, in the order the Lab lists them: the non-sums, the scoring and
/// two-sided games, the draws, then the sums of heaps and coins.
pub const EXAMPLES: &[Example] = &[
    example!("cses2208.rhai", "cses2208"),
    example!("candy-piles.rhai", "candy_piles"),
    example!("dpl-deque.rhai", "dpl"),
    example!("cf388c.rhai", "cf388c"),
    example!("minmax-tree.rhai", "minmax"),
    example!("graph-cycles.rhai", "graph_cycles"),
    example!("loopy-subtraction.rhai", "loopy"),
    example!("split-equal.rhai", "split_equal"),
    example!("triangle-split.rhai", "triangle"),
    example!("take-by-k.rhai", "take_by_k"),
    example!("mock-turtles.rhai", "mock_turtles"),
    example!("paint-chain.rhai", "paint_chain"),
    example!("cutting.rhai", "cutting"),
];

/// The shipped example of file name `file`, if there is one.
pub fn example(file: &str) -> Option<&'static Example> {
    EXAMPLES.iter().find(|e| e.file == file)
}

/// The rules of a saved game, compiled again from the shipped example or read again from the
/// file it names.
pub fn load_saved(saved: &crate::store::save::SavedRules) -> Result<Rules, RulesError> {
    use crate::store::save::SavedRules;
    match saved {
        SavedRules::Example(name) => match example(name) {
            Some(example) => example.rules(),
            // No longer shipped: refused as a file that is not there (no file is looked for).
            None => Err(RulesError {
                file: super::shown(name),
                place: None,
                problem: super::Problem::Read(super::ReadProblem::NotFound),
            }),
        },
        SavedRules::File(path) => Rules::load(path),
    }
}

/// A saved game's script for lists of saves: the shipped example's title key, or else
/// (`Err`) the file's name.
pub fn saved_label(saved: &crate::store::save::SavedRules) -> Result<&'static str, String> {
    use crate::store::save::SavedRules;
    match saved {
        SavedRules::Example(name) => example(name).map(|e| e.title).ok_or_else(|| name.clone()),
        SavedRules::File(path) => Err(path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default()),
    }
}
