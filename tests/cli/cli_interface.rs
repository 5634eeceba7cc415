//! The command line's formatting (issue 9): `analyze` columns, plurals and large values,
//! `--help` texts, completions and the man page, and every command example shown in the README
//! run and compared with the README's text.

use std::process::{Command, Output, Stdio};

fn grundy(args: &[&str]) -> Output {
    // The README shows the English outputs, whatever the machine's locale.
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

#[test]
fn the_nim_sum_row_shares_the_columns_of_the_parts() {
    let out = stdout(&grundy(&["analyze", "dodgeball:1111111111"]));
    let lines: Vec<&str> = out.lines().collect();
    let part = lines.iter().find(|l| l.contains("box 1 ")).expect("box 1");
    let sum = lines
        .iter()
        .find(|l| l.contains("nim-sum  "))
        .expect("nim-sum row");
    // The value column (`*3` / `*0`) and the binary column end at the same place.
    let value_end = |l: &str| l.find('*').map(|i| i + 2).expect("a value");
    assert_eq!(value_end(part), value_end(sum), "\n{out}");
    assert_eq!(part.chars().count(), sum.chars().count(), "\n{out}");
}

#[test]
fn counts_of_one_are_singular() {
    let o = grundy(&["analyze", "grid:HHH/T"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("row 2 has 1 coin, but row 1 has 3"), "{err}");
    assert!(!err.contains("1 coins"), "{err}");
}

/// A 100 × 100 grid with every coin T: values up to 2^198.
fn full_grid() -> String {
    let row = "T".repeat(100);
    format!("grid:{}", vec![row; 100].join("/"))
}

#[test]
fn large_grid_values_are_written_as_values() {
    let out = stdout(&grundy(&[
        "analyze",
        &full_grid(),
        "--parts",
        "3",
        "--moves",
        "1",
    ]));
    assert!(out.contains("  cell (1,1)  *1\n"), "{out}");
    assert!(out.contains("  nim-sum = *"), "{out}");
    // --parts limits the bit table too: 3 rows and a count of the rest.
    let bit_rows = out.lines().filter(|l| l.starts_with("    2^")).count();
    assert_eq!(bit_rows, 3, "{out}");
    assert!(out.contains("lower bits (--parts)"), "{out}");
}

#[test]
fn help_texts_are_wrapped_and_complete() {
    let analyze = stdout(&grundy(&["analyze", "--help"]));
    let longest = analyze
        .lines()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0);
    assert!(longest <= 100, "a {longest}-character line:\n{analyze}");
    let play = stdout(&grundy(&["play", "--help"]));
    for needle in [
        "[default: 20]",
        "[default: 4]",
        "[default: 5]",
        "[default: 6]",
        "[default: 12]",
        "NO_COLOR",
    ] {
        assert!(play.contains(needle), "{needle} not in:\n{play}");
    }
}

#[test]
fn completions_and_man_page() {
    for (shell, needle) in [
        ("bash", "_grundy()"),
        ("zsh", "#compdef grundy"),
        ("fish", "complete -c grundy"),
    ] {
        let o = grundy(&["completions", shell]);
        assert!(o.status.success());
        let script = stdout(&o);
        assert!(script.contains(needle), "{shell}:\n{script}");
        assert!(script.contains("analyze"), "{shell}");
    }
    let o = grundy(&["man"]);
    assert!(o.status.success());
    let page = stdout(&o);
    assert!(page.contains(".TH grundy 1"), "{page}");
    assert!(page.contains("analyze"), "{page}");
    let o = grundy(&["completions", "tcsh"]);
    assert_eq!(o.status.code(), Some(2));
}

/// One command example of the README: the command after `$ ` and the lines shown under it.
struct Example {
    command: String,
    shown: Vec<String>,
}

/// The README and every chapter of the book (docs/src/*.md), each as (its path, its text).
pub(crate) fn documents() -> Vec<(String, String)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = vec![root.join("README.md")];
    let mut chapters: Vec<_> = std::fs::read_dir(root.join("docs/src"))
        .expect("docs/src")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    chapters.sort();
    paths.extend(chapters);
    paths
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("a document");
            (p.display().to_string(), text)
        })
        .collect()
}

/// Every `$ grundy …` example in the shell blocks of the README and the book, with the output
/// shown for it.
fn readme_examples() -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    for (_, text) in documents() {
        examples.extend(examples_of(&text));
    }
    examples
}

fn examples_of(readme: &str) -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    let mut in_block = false;
    let mut current: Option<Example> = None;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_block = !in_block && line.trim_start_matches('`') == "sh";
            if let Some(e) = current.take() {
                examples.push(e);
            }
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            if let Some(e) = current.take() {
                examples.push(e);
            }
            current = Some(Example {
                command: command.to_string(),
                shown: Vec::new(),
            });
        } else if let Some(e) = &mut current {
            e.shown.push(line.to_string());
        }
    }
    examples
}

/// The book's sample saved game: its `text` block that starts as a save file does.
fn readme_sample_save() -> String {
    let readme = documents()
        .into_iter()
        .map(|(_, text)| text)
        .find(|text| text.contains("```text\n# grundy saved game"))
        .expect("the book shows a saved game");
    let start = readme
        .find("```text\n# grundy saved game")
        .expect("the README shows a saved game")
        + "```text\n".len();
    let end = start + readme[start..].find("```").expect("the block ends");
    readme[start..end].to_string()
}

#[test]
fn every_command_shown_in_the_readme_prints_what_the_readme_shows() {
    let examples = readme_examples();
    assert!(
        examples.len() >= 6,
        "only {} examples found",
        examples.len()
    );
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_grundy"))
        .parent()
        .expect("bin dir")
        .to_path_buf();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // The examples run in a directory of their own that holds the README's sample save as
    // `game.grundy` (the save examples read it).
    let dir = tempfile::tempdir().expect("temporary directory");
    std::fs::write(dir.path().join("game.grundy"), readme_sample_save()).expect("sample save");
    // The README's commands run from the repository's root: its rules files are `assets/…`.
    #[cfg(unix)]
    std::os::unix::fs::symlink(
        concat!(env!("CARGO_MANIFEST_DIR"), "/assets"),
        dir.path().join("assets"),
    )
    .expect("assets link");
    for example in examples {
        let o = Command::new("bash")
            .arg("-c")
            .arg(format!("{} 2>&1", example.command))
            .current_dir(dir.path())
            .env("PATH", &path)
            .env_remove("NO_COLOR")
            // English unless an example asks for a language itself.
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env_remove("LANG")
            // No example may read or write the user's settings, saves or statistics.
            .env("XDG_CONFIG_HOME", dir.path().join("config"))
            .env("XDG_DATA_HOME", dir.path().join("data"))
            .stdin(Stdio::null())
            .output()
            .expect("bash runs");
        let actual = String::from_utf8_lossy(&o.stdout).into_owned();
        let actual: Vec<&str> = actual.lines().collect();
        // A last shown line of just "…" means the README shows the first lines only.
        let (shown, prefix_only) = match example.shown.last().map(|l| l.trim()) {
            Some("…") => (&example.shown[..example.shown.len() - 1], true),
            _ => (&example.shown[..], false),
        };
        let compared = if prefix_only {
            &actual[..shown.len().min(actual.len())]
        } else {
            &actual[..]
        };
        assert_eq!(
            compared,
            shown,
            "README example `{}` differs from the real output:\n{}",
            example.command,
            actual.join("\n")
        );
    }
}

#[test]
fn every_play_command_shown_in_the_readme_parses() {
    use clap::Parser;
    let documents = documents();
    let mut in_block = false;
    let mut checked = 0;
    for line in documents.iter().flat_map(|(_, text)| text.lines()) {
        if line.starts_with("```") {
            in_block = !in_block && line.trim_start_matches('`') == "sh";
            continue;
        }
        // The terminal game cannot run in a test: its command line is checked instead.
        if in_block && line.starts_with("grundy ") {
            let command = line.split('#').next().unwrap_or("");
            // Words as the shell splits them: a '…' quoted word (a rules position such as
            // '[10, 80, 90]') is one word, without its quotes.
            let mut words: Vec<String> = Vec::new();
            for (i, part) in command.split('\'').enumerate() {
                if i % 2 == 1 {
                    words.push(part.to_string());
                } else {
                    words.extend(part.split_whitespace().map(str::to_string));
                }
            }
            if let Err(e) = grundy::cli::Cli::try_parse_from(&words) {
                panic!("README command `{command}` does not parse:\n{e}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 5, "only {checked} commands checked");
}
