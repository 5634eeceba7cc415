//! The engine's bounds seen from the command line (issue 15, and issue 19's item 13): moves
//! listed once each, winning moves counted by arithmetic on positions too large to walk, and
//! a principal line that says where it stopped.

use crate::cli::{grundy, stdout};

/// `grundy args` with `code` on standard input, in a temporary home: its standard output.
fn run(args: &[&str], code: &str) -> String {
    let output = grundy(args, code.as_bytes());
    assert!(output.status.success(), "{args:?}: {output:?}");
    stdout(&output)
}

/// The listed moves' lines (`WIN …` / `lose …`).
fn move_lines(analysis: &str) -> Vec<&str> {
    analysis
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("WIN ") || l.starts_with("lose "))
        .collect()
}

/// The count of winning moves in the header `moves (N listed…, M winning):`.
fn winning_count(analysis: &str) -> String {
    let header = analysis
        .lines()
        .find(|l| l.starts_with("moves ("))
        .expect("a moves header");
    let (_, rest) = header.rsplit_once(", ").expect("the count after a comma");
    rest.trim_end_matches(" winning):").to_string()
}

#[test]
fn a_pair_of_equal_heaps_lists_each_split_once() {
    let out = run(&["analyze", "-"], "ed:5,5");
    let lines = move_lines(&out);
    assert_eq!(lines.len(), 4, "{out}");
    let distinct: std::collections::BTreeSet<&&str> = lines.iter().collect();
    assert_eq!(distinct.len(), lines.len(), "{out}");
}

#[test]
fn winning_moves_of_large_positions_are_counted_exactly() {
    // 500 pairs of heaps near 10^6 and 1000 stairs: 10^9 moves each, counted by arithmetic.
    let heaps: Vec<String> = (0..1000u64)
        .map(|i| (1_000_000 - (i * 7919) % 100_000).to_string())
        .collect();
    let ed = run(&["analyze", "-"], &format!("ed:{}", heaps.join(",")));
    let stairs = run(&["analyze", "-"], &format!("stairs:{}", heaps.join(",")));
    let kayles = run(&["analyze", "-"], &format!("kayles:{}", heaps.join(",")));
    for out in [&ed, &stairs, &kayles] {
        let count = winning_count(out);
        assert!(
            count.parse::<u64>().is_ok(),
            "an exact count, not '{count}'"
        );
    }
}

#[test]
fn a_long_principal_line_ends_or_says_where_it_stopped() {
    let out = run(
        &["analyze", "--moves", "0", "--line", "10000", "-"],
        &format!("coins:20:{}", "T".repeat(30000)),
    );
    let said = out.contains("game over")
        || out.contains("the line is cut at")
        || out.contains("shown; --line N for more");
    assert!(said, "{}", &out[out.len().saturating_sub(400)..]);
    assert!(out.contains("    1. A  "), "the line starts");
}

/// Positions whose exact search or misère search used to start and run for minutes (listing
/// millions of moves): each is now answered from its values, or refused with the reason, at
/// once. Coin rows of 10 000 coins (their reachable count did not fit a u128 and read as
/// "unknown"), E&D pairs of 10^18 (listed by arithmetic), and misère and Every-SG codes whose
/// trees are too large (the searches are bounded by the moves they list, weighed by size).
#[test]
fn huge_positions_are_answered_or_refused_not_searched() {
    let tails = "T".repeat(10_000);
    for game in ["mock", "ruler", "turtles"] {
        // Answered from the coins' values (a row of 10 000 Mock Turtles is lost, the others
        // won): the verdict and the moves listed.
        let out = run(&["analyze", "-"], &format!("{game}:{tails}"));
        assert!(
            out.contains("The player to move") && out.contains("moves (40 listed"),
            "{game}: {out}"
        );
    }
    let ed = run(
        &["analyze", "-"],
        "ed:1000000000000000000,999999999999999999,5,7",
    );
    assert!(ed.contains("WIN "), "{ed}");
    let boxes = "1".repeat(100_000);
    for code in [
        format!("anti:dodgeball:{boxes}"),
        format!("every:dodgeball:{boxes}"),
        "anti:staircase:10000".to_string(),
        "every:staircase:10000".to_string(),
        "anti:kayles:1000000".to_string(),
    ] {
        let output = grundy(&["analyze", "-"], code.as_bytes());
        assert_eq!(output.status.code(), Some(2), "{}", &code[..30]);
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(
            err.contains("too many moves") || err.contains("positions to check"),
            "{err}"
        );
    }
}
