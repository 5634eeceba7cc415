//! docs/tutorials.md, the table of every game and problem the two tutorials name (issue 26),
//! read and run: each code is analysed, each rules file opened, each solve id found in
//! `grundy solve --help`, each lesson found by its title in `grundy learn --list`. A row that
//! names what grundy does not have fails here.

use std::path::Path;
use std::process::Output;

/// The binary in a temporary home, in English whatever the machine's locale (the harness's).
fn grundy(args: &[&str]) -> Output {
    crate::cli::grundy(args, b"")
}

fn out(args: &[&str]) -> String {
    let o = grundy(args);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).expect("UTF-8")
}

/// A cell without its backticks; `None` for a dash.
fn cell(text: &str) -> Option<String> {
    let text = text.trim().trim_matches('`').to_string();
    (text != "—").then_some(text)
}

#[test]
fn every_row_of_the_tutorials_table_is_there() {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/tutorials.md"))
            .expect("docs/tutorials.md");
    let solve_help = out(&["solve", "--help"]);
    let lessons = out(&["learn", "--list", "--lang", "en"]);
    let mut rows = 0;
    let (mut played, mut solved, mut taught) = (0, 0, 0);
    for line in doc
        .lines()
        .filter(|l| l.starts_with("| ") && l.as_bytes()[2].is_ascii_digit())
    {
        let cells: Vec<&str> = line.split('|').collect();
        assert_eq!(cells.len(), 7, "{line}");
        let (number, name) = (cells[1].trim(), cells[2].trim());
        rows += 1;
        assert_eq!(number, rows.to_string(), "rows are numbered in order");
        if let Some(play) = cell(cells[3]) {
            let args: Vec<&str> = match play.strip_prefix("--rules ") {
                Some(file) => vec!["analyze", "--rules", file],
                None => vec!["analyze", play.as_str()],
            };
            let o = grundy(&args);
            assert_eq!(
                o.status.code(),
                Some(0),
                "row {number} ({name}): {args:?}: {}",
                String::from_utf8_lossy(&o.stderr)
            );
            played += 1;
        }
        if let Some(id) = cell(cells[4]) {
            assert!(
                solve_help
                    .lines()
                    .any(|l| l.split_whitespace().next() == Some(&id)),
                "row {number} ({name}): no `grundy solve {id}`"
            );
            solved += 1;
        }
        if let Some(title) = cell(cells[5]) {
            assert!(
                lessons
                    .lines()
                    .any(|l| l.split_once(". ").map(|(_, t)| t) == Some(&title)),
                "row {number} ({name}): no lesson titled {title:?}"
            );
            taught += 1;
        }
    }
    // The issue counted 43 entries in the tutorials; the table splits a few of them.
    assert!(rows >= 43, "{rows} rows");
    assert!(
        played >= 40 && solved >= 30 && taught >= 38,
        "{played} {solved} {taught}"
    );
}
