//! `grundy solve`: the names it takes (a problem's id, a game of one format, a game and one of
//! its ids), the errors that list the formats, and every format's official sample.

use crate::cli::{grundy, stdout};
use grundy::contest::FORMATS;

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A game with no format, a format not the game's, a game of several formats without one, an
/// unknown name, an id with a second word: exit 2, never a panic, and the list of formats.
#[test]
fn solve_refuses_what_is_not_a_format_and_lists_them() {
    for (args, input, needles) in [
        (
            &["solve", "dawson"][..],
            &b"1\n5\n"[..],
            &["no contest format", "p2197"][..],
        ),
        (
            &["solve", "dawson", "p2197"],
            b"1\n5\n",
            &["no contest format", "cses1730"],
        ),
        (
            &["solve", "stairs", "p2197"],
            b"1\n1\n1\n",
            &["not a contest format of stairs", "cses1099"],
        ),
        (
            &["solve", "heaps"],
            b"",
            &["name the contest format", "p4279"],
        ),
        (
            &["solve", "chess"],
            b"",
            &["no problem or game", "p2197", "heaps"],
        ),
        (&["solve", "p2197", "heaps"], b"", &["one word too many"]),
    ] {
        let o = grundy(args, input);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        for needle in needles {
            assert!(err.contains(needle), "{args:?}: {needle} in {err}");
        }
    }
}

/// `solve --help` lists every format of the table and every game that has one, and no game
/// that has none.
#[test]
fn solve_help_lists_exactly_the_formats() {
    let o = grundy(&["solve", "--help"], b"");
    let help = stdout(&o);
    for format in FORMATS {
        assert!(
            help.contains(&format!("  {} ", format.id)),
            "{}: {help}",
            format.id
        );
    }
    let games = help
        .lines()
        .find_map(|l| l.strip_prefix("Games with a format: "))
        .expect("the games line");
    let listed: Vec<&str> = games.trim_end_matches('.').split(", ").collect();
    let expected: Vec<&str> = grundy::contest::games().iter().map(|g| g.name()).collect();
    assert_eq!(listed, expected);
    assert!(!listed.contains(&"dawson"), "{help}");
}

/// Every format answers to its id, and today's forms (`solve heaps p2197`, `solve stairs`)
/// give the same answer.
#[test]
fn every_format_answers_to_its_id_and_its_game() {
    let nim = b"2\n2\n1 1\n2\n1 0\n";
    for args in [&["solve", "p2197"][..], &["solve", "heaps", "p2197"]] {
        let o = grundy(args, nim);
        assert_eq!(stdout(&o), "No\nYes\n", "{args:?}: {}", stderr(&o));
    }
    let stairs = b"3\n3\n0 2 1\n4\n1 1 1 1\n2\n5 6\n";
    let by_id = grundy(&["solve", "cses1099"], stairs);
    let by_game = grundy(&["solve", "stairs"], stairs);
    assert_eq!(
        stdout(&by_id),
        "first\nsecond\nfirst\n",
        "{}",
        stderr(&by_id)
    );
    assert_eq!(stdout(&by_id), stdout(&by_game));
    let o = grundy(&["solve", "p2252"], b"3 5\n4 4\n");
    assert_eq!(stdout(&o), "0\n1\n");
}

/// Each new format's official sample (statements looked up; see the README's list for which
/// could not be confirmed), run as a user runs it.
#[test]
fn the_new_formats_answer_their_samples() {
    let samples: &[(&str, &str, &str)] = &[
        ("p2148", "2\n4\n1 2 3 1\n6\n1 1 1 1 1 1\n", "YES\nNO\n"),
        ("ed", "2\n4\n1 2 3 1\n6\n1 1 1 1 1 1\n", "YES\nNO\n"),
        ("dpk", "2 4\n2 3\n", "First\n"),
        ("dpk", "2 5\n2 3\n", "Second\n"),
        ("dpk", "2 7\n2 3\n", "First\n"),
        ("dpk", "3 20\n1 2 3\n", "Second\n"),
        ("dpk", "3 21\n1 2 3\n", "First\n"),
        ("dpk", "1 100000\n1\n", "Second\n"),
        ("dpl", "4\n10 80 90 30\n", "10\n"),
        ("dpl", "3\n10 100 10\n", "-80\n"),
        ("dpl", "1\n10\n", "10\n"),
        (
            "dpl",
            "10\n1000000000 1 1000000000 1 1000000000 1 1000000000 1 1000000000 1\n",
            "4999999995\n",
        ),
        ("dpl", "6\n4 2 9 7 1 5\n", "2\n"),
        (
            "cf1194d",
            "4\n0 3\n3 3\n3 4\n4 4\n",
            "Bob\nAlice\nBob\nAlice\n",
        ),
        ("cf305e", "abacaba\n", "First\n2\n"),
        ("cf305e", "abcde\n", "Second\n"),
        (
            "cses2208",
            "3\n3\n1 2 3\n2\n2 2\n4\n5 5 4 5\n",
            "first\nsecond\nfirst\n",
        ),
        ("cf850c", "4\n1 1 1 1\n", "Arpa\n"),
        ("cf850c", "4\n1 1 17 17\n", "Mojtaba\n"),
        ("cf850c", "4\n1 1 17 289\n", "Arpa\n"),
        ("cf850c", "5\n1 2 3 4 5\n", "Arpa\n"),
        ("agc002e", "2\n1 3\n", "First\n"),
        ("agc002e", "3\n1 2 1\n", "First\n"),
        ("agc002e", "3\n1 2 3\n", "Second\n"),
        ("cf388c", "2\n1 100\n2 1 10\n", "101 10\n"),
        ("cf388c", "1\n9 2 8 6 5 9 4 7 1 3\n", "30 15\n"),
        ("cf388c", "3\n3 1 3 2\n3 5 4 6\n2 8 7\n", "18 18\n"),
        (
            "cf388c",
            "3\n3 1000 1000 1000\n6 1000 1000 1000 1000 1000 1000\n5 1000 1000 1000 1000 1000\n",
            "7000 7000\n",
        ),
        (
            "p8901",
            "5\n1\n4\n1\n9\n2\n2 3\n2\n7 10\n3\n4 9 4\n",
            "Farmer Nhoj\nFarmer John\nFarmer John\nFarmer John\nFarmer Nhoj\n",
        ),
        // Not the official sample (which could not be confirmed): counted by hand, the two
        // pairs (1, 4) thrown away leave 1 ⊕ 2 ⊕ 3 = 0.
        ("p5970", "5 2\n1 1 2 3 4\n", "2\n"),
        (
            "tioj1092",
            "5 6\n1 2\n1 3\n2 3\n2 4\n3 5\n4 5\nMimi\n0 0\n",
            "Moumou\n",
        ),
        // No official sample found: the wiki's rule, k = 2 (G(10) = 10 / 2) and k = 1.
        ("tioj1940", "2 10\n", "5\n"),
        ("tioj1940", "1 7\n", "7\n"),
    ];
    for &(id, input, expected) in samples {
        let o = grundy(&["solve", id], input.as_bytes());
        assert_eq!(stdout(&o), expected, "{id}: {input:?}: {}", stderr(&o));
    }
    // Bad input: exit 2 with the place, never a panic.
    for (id, input, needle) in [
        ("cf305e", "abXa\n", "column 3"),
        ("p2148", "1\n3\n1 2 3\n", "even"),
        ("tioj1092", "2 1\n1 2\nNobody\n0 0\n", "not Mimi or Moumou"),
        ("cf388c", "1\n3 1 2\n", "found 2"),
        ("p5970", "2 1\n1000000 1000001\n", "line 2, column 9"),
    ] {
        let o = grundy(&["solve", id], input.as_bytes());
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{id}: {err}");
        assert!(err.contains(needle), "{id}: {needle} in {err}");
    }
}

/// The size policy: a rule whose values come by formula or proved period takes heaps to 10^18
/// in every command; a searched one states its bound in the same words everywhere.
#[test]
fn formula_games_take_heaps_to_10_18_in_every_command() {
    let big = "1000000000000000000";
    for code in [
        format!("nim:{big},3"),
        format!("misere:{big},1"),
        format!("bash:3:{big}"),
        format!("take:2,5:{big},7"),
        format!("kayles:{big},999999999999999999"),
        format!("lieges:3:{big}"),
        // Codeforces 1194D's game as a code: k = 10^9, by its formula.
        format!("subtraction:1,2,1000000000:{big},1000000000"),
    ] {
        for args in [
            &["analyze", code.as_str(), "--moves", "3"][..],
            &["move", code.as_str(), "--seed", "1"],
            &["analyze", code.as_str(), "--why", "1", "--moves", "3"],
        ] {
            let o = grundy(args, b"");
            assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        }
    }
    // Past the bounds: the same words from analyze, move and play.
    for (code, words) in [
        (
            "nim:1000000000000000001",
            "nim: values by a proved formula or period, heaps to 10^18",
        ),
        (
            "grundy:40001",
            "grundy: values from a mex table searched once, heaps to 40000",
        ),
    ] {
        for command in ["analyze", "move", "play"] {
            let args: &[&str] = if command == "play" {
                &["play", "--code", code]
            } else {
                &[command, code]
            };
            let o = grundy(args, b"");
            let err = stderr(&o);
            assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
            assert!(err.contains(words), "{args:?}: {err}");
        }
    }
}
