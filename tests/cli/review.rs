//! `grundy drill --review --list`: the review queue's due items, one a line (code, tab, due
//! date in ISO 8601, tab, source), the longest due first; a game's items alone with GAME; a
//! broken file named with its line, exit 2.

use std::process::Output;

use crate::cli::{grundy_in, stderr, stdout};

fn list(home: &std::path::Path, extra: &[&str]) -> Output {
    grundy_in(home)
        .args(["--lang", "en", "drill", "--review", "--list"])
        .args(extra)
        .output()
        .expect("the binary runs")
}

fn item(code: &str, kind: &str, source: &str, due: &str) -> String {
    let game = code.split(':').next().unwrap();
    format!(
        "[[items]]\ncode = \"{code}\"\nkind = \"{kind}\"\ngame = \"{game}\"\nsource = \"{source}\"\n\
         [items.schedule]\ndue = \"{due}\"\nlast_review = \"2026-01-01T00:00:00Z\"\n\
         stability = 0.0\ndifficulty = 0.0\nelapsed_days = 0\nscheduled_days = 0\nreps = 0\n\
         lapses = 0\nstate = \"new\"\n\n"
    )
}

fn write_queue(home: &std::path::Path, text: &str) {
    let dir = home.join("data").join("grundy");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("review.toml"), text).unwrap();
}

#[test]
fn the_due_items_are_listed_one_a_line_the_longest_due_first() {
    let home = tempfile::tempdir().unwrap();
    let o = list(home.path(), &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "", "no queue: nothing due");
    let queue = [
        item(
            "kayles:4,2",
            "won-or-lost",
            "lesson",
            "2026-03-02T10:00:00Z",
        ),
        item("nim:3,5", "winning-move", "game", "2026-03-01T09:30:00Z"),
        // Not due for a long time.
        item("nim:1,2", "winning-move", "drill", "2999-01-01T00:00:00Z"),
    ]
    .concat();
    write_queue(home.path(), &queue);
    let o = list(home.path(), &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "nim:3,5\t2026-03-01T09:30:00Z\tgame\nkayles:4,2\t2026-03-02T10:00:00Z\tlesson\n"
    );
    let o = list(home.path(), &["kayles"]);
    assert_eq!(stdout(&o), "kayles:4,2\t2026-03-02T10:00:00Z\tlesson\n");
}

#[test]
fn a_broken_queue_and_a_list_without_review_are_refused() {
    let home = tempfile::tempdir().unwrap();
    write_queue(
        home.path(),
        &item(
            "nim:3,5",
            "winning-move",
            "a friend",
            "2026-03-01T09:30:00Z",
        ),
    );
    let o = list(home.path(), &[]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("review.toml line 5"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    let o = grundy_in(home.path())
        .args(["drill", "--list"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--review"), "{}", stderr(&o));
    let o = list(home.path(), &["chess"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("no drills for 'chess'"),
        "{}",
        stderr(&o)
    );
}
