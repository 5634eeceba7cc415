//! The README and the book in `docs/` (mdBook's layout) as a reader follows them: the README
//! stays a short front door, `SUMMARY.md` names every chapter, and every link between them
//! (a file, and the heading an anchor names) resolves. The commands they show are run by
//! `cli_interface`.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use crate::cli_interface::documents;

/// The anchor mdBook and the forges give a heading: lower case, spaces to dashes, punctuation
/// other than `-` and `_` dropped (letters of any script kept).
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The lines of a Markdown text outside its fenced code blocks (and not the fences).
fn prose_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut in_block = false;
    text.lines().filter(move |line| {
        if line.starts_with("```") {
            in_block = !in_block;
            return false;
        }
        !in_block
    })
}

/// The headings of a Markdown text outside its code blocks, as anchors.
fn anchors(text: &str) -> HashSet<String> {
    let mut found = HashSet::new();
    for line in prose_lines(text) {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if hashes > 0 && line[hashes..].starts_with(' ') {
            found.insert(anchor(&line[hashes..]));
        }
    }
    found
}

/// Every `](target)` link outside code blocks: its target as written.
fn links(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in prose_lines(text) {
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            found.push(after[..end].to_string());
            rest = &after[end..];
        }
    }
    found
}

#[test]
fn every_link_of_the_readme_and_the_book_resolves() {
    let mut checked = 0;
    for (path, text) in documents() {
        let here = PathBuf::from(&path);
        let dir = here.parent().expect("a document's folder");
        for target in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, fragment) = match target.split_once('#') {
                Some((file, fragment)) => (file, Some(fragment)),
                None => (target.as_str(), None),
            };
            let linked = if file.is_empty() {
                here.clone()
            } else {
                dir.join(file)
            };
            assert!(
                linked.exists(),
                "{path}: the link {target:?} names {} which does not exist",
                linked.display()
            );
            if let Some(fragment) = fragment {
                let text = std::fs::read_to_string(&linked).expect("a linked Markdown file");
                assert!(
                    anchors(&text).contains(fragment),
                    "{path}: the link {target:?} names no heading of {}",
                    linked.display()
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 30, "only {checked} links checked");
}

#[test]
fn the_summary_names_every_chapter_once_and_the_readme_stays_short() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/src");
    let summary = std::fs::read_to_string(src.join("SUMMARY.md")).expect("SUMMARY.md");
    let named: Vec<String> = links(&summary);
    let unique: HashSet<&String> = named.iter().collect();
    assert_eq!(
        unique.len(),
        named.len(),
        "a chapter named twice: {named:?}"
    );
    for entry in std::fs::read_dir(&src).expect("docs/src") {
        let name = entry
            .expect("entry")
            .file_name()
            .into_string()
            .expect("UTF-8");
        if name.ends_with(".md") && name != "SUMMARY.md" {
            assert!(named.contains(&name), "SUMMARY.md does not name {name}");
        }
    }
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("README.md");
    let lines = readme.lines().count();
    assert!(
        lines <= 200,
        "README.md has {lines} lines: the detail belongs in the book"
    );
    assert!(
        readme.contains("cargo run --release") && readme.contains("cargo test"),
        "the README shows the two set-up commands"
    );
}
