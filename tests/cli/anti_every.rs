//! The games of issue 26 on the command line: `analyze` says which rule decided a misère
//! position (the SJ theorem or the search), shows Every-SG's step counts and Nim-K's digit
//! counts; `solve hdu3595` (and `solve every`) answers; refusals exit 2 with the reason.

use crate::cli::{grundy, stdout};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn analyze_says_which_rule_decided() {
    let o = grundy(&["analyze", "anti:nim:1,2"], b"");
    let out = stdout(&o);
    assert!(out.contains("by the SJ theorem"), "{out}");
    assert!(
        out.contains("XOR to *3 ≠ 0 and a single game is above 1 (heap 2 of [1]: *2)"),
        "{out}"
    );
    assert!(out.contains("WIN  heap 2: take 2 (2 → 0)"), "{out}");
    let out = stdout(&grundy(&["analyze", "anti:kayles:3,5"], b""));
    assert!(
        out.contains("a search of the misère game tree decides"),
        "{out}"
    );
    let out = stdout(&grundy(&["analyze", "every:nim:3+bash:2:3"], b""));
    assert!(
        out.contains("Every-SG: each component's step count"),
        "{out}"
    );
    let out = stdout(&grundy(&["analyze", "nimk:2:1,1,1"], b""));
    assert!(out.contains("2^0:3"), "{out}");
    assert!(out.contains("the player to move loses"), "{out}");
}

#[test]
fn undecided_and_misplaced_positions_exit_2_with_the_reason() {
    for (code, needle) in [
        (
            "anti:bash:3:1000000,5",
            "bash:4 has SG value 0 but still has a move",
        ),
        (
            "nim:3+anti:nim:2",
            "misère game (anti:) is played under its own rule",
        ),
        ("nim:3+nimk:2:1,2", "Moore's theorem"),
        ("nim:3+every:nim:2", "step counts"),
    ] {
        let o = grundy(&["analyze", code], b"");
        assert_eq!(o.status.code(), Some(2), "{code}");
        assert!(
            text(&o.stderr).contains(needle),
            "{code}: {}",
            text(&o.stderr)
        );
    }
}

#[test]
fn solve_hdu3595_answers() {
    // Worked by hand (the official sample could not be confirmed): three games of 1 1 last one
    // step each (odd: MM); 3 2 lasts two (even: GG).
    let input = b"3\n1 1\n1 1\n1 1\n1\n3 2\n";
    for args in [&["solve", "hdu3595"][..], &["solve", "every"]] {
        let o = grundy(args, input);
        assert_eq!(stdout(&o), "MM\nGG\n", "{args:?}: {}", text(&o.stderr));
    }
    let o = grundy(&["solve", "hdu3595"], b"1\n1001 2\n");
    assert_eq!(o.status.code(), Some(2));
}

/// The why-view of a misère position shows normal-play values: it says that under the misère
/// rule they do not decide directly, and what does (a won `anti:nim:1,1` is worth *0).
#[test]
fn a_misere_why_says_the_values_do_not_decide() {
    let out = stdout(&grundy(&["analyze", "anti:nim:1,1", "--why", "1"], b""));
    assert!(out.contains("is *0"), "{out}");
    assert!(
        out.contains("under the misère rule they do not say directly who wins")
            && out.contains("so the player to move wins"),
        "{out}"
    );
    for (lang, said) in [("zh-CN", "在反常规则下"), ("zh-TW", "在反常規則下")] {
        let out = stdout(&grundy(
            &[
                "--lang",
                lang,
                "analyze",
                "anti:kayles:3+nim:2",
                "--why",
                "1",
            ],
            b"",
        ));
        assert!(out.contains(said) && out.contains("SJ"), "{lang}: {out}");
    }
    // Normal play says nothing of the kind.
    let out = stdout(&grundy(&["analyze", "nim:1,1", "--why", "1"], b""));
    assert!(!out.contains("misère"), "{out}");
}
