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

/// A Nim-K heap is not a separate game: `analyze` and its why-view say it has no value of its
/// own (not "value not known", not a mex), name Moore's theorem, and mark each option won or
/// lost for the opponent as the theorem says (digit counts mod K + 1, computed here).
#[test]
fn a_nim_k_heap_has_no_value_and_its_why_says_what_decides() {
    let out = stdout(&grundy(&["analyze", "nimk:2:3,5,6"], b""));
    assert!(
        out.contains("heap 1 (3)  no value of its own") && !out.contains("value not known"),
        "{out}"
    );
    let lost = |heaps: &[u64]| {
        (0..64).all(|d| heaps.iter().filter(|&&h| h >> d & 1 == 1).count() % 3 == 0)
    };
    let out = stdout(&grundy(
        &["analyze", "nimk:2:3,5,6", "--why", "1", "--moves", "100"],
        b"",
    ));
    assert!(
        out.contains("has no value of its own") && out.contains("Moore's theorem"),
        "{out}"
    );
    assert!(
        !out.contains("mex") && !out.contains("value not known"),
        "{out}"
    );
    let mut checked = 0;
    for line in out.lines().filter(|l| l.starts_with("    take ")) {
        // "take 1 from heap 1, 2 from heap 2  → 2 + 3: won for the opponent"
        let (mv, after) = line
            .trim()
            .split_once("  → ")
            .expect("a move and what it leaves");
        let mut heaps = vec![3u64, 5, 6];
        for take in mv.trim_start_matches("take ").split(", ") {
            let (t, h) = take.split_once(" from heap ").expect("t from heap h");
            let (t, h): (u64, usize) = (t.parse().unwrap(), h.parse().unwrap());
            heaps[h - 1] -= t;
        }
        assert_eq!(
            after.contains("lost for the opponent"),
            lost(&heaps),
            "{line}"
        );
        checked += 1;
    }
    assert!(checked >= 30, "{checked} options checked:\n{out}");
    let out = stdout(&grundy(
        &["--lang", "zh-TW", "analyze", "nimk:2:3,5,6", "--why", "1"],
        b"",
    ));
    assert!(
        out.contains("摩爾定理") && out.contains("沒有自己的 SG 值"),
        "{out}"
    );
}
