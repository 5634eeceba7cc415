//! `grundy drill --kind --difficulty` and `grundy puzzles … --words` / `--play` as a user runs
//! them: bad values exit with code 2 and a reason in the reader's language, and the winning
//! moves of a sheet come in words in each language, the same moves as the answers' codes.

use std::process::{Command, Output};

use grundy::game::{Notation, Position};
use grundy::games::{AnyPosition, with_position};
use grundy::locale::{Lang, Words, set_lang, text_in};

fn grundy(args: &[&str]) -> Output {
    let home = tempfile::tempdir().expect("temporary directory");
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .env("XDG_DATA_HOME", home.path().join("data"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8")
}

const LANGS: [(&str, Lang); 3] = [
    ("en", Lang::En),
    ("zh-CN", Lang::ZhCn),
    ("zh-TW", Lang::ZhTw),
];

#[test]
fn a_bad_kind_or_difficulty_exits_2_with_a_reason_in_the_readers_language() {
    for (code, _) in LANGS {
        for (args, said) in [
            (["--kind", "move"], ["no kind of drill", "没有叫", "沒有叫"]),
            (
                ["--difficulty", "6"],
                ["not a difficulty", "不是难度", "不是難度"],
            ),
            (
                ["--difficulty", "0"],
                ["not a difficulty", "不是难度", "不是難度"],
            ),
            (
                ["--difficulty", "x"],
                ["not a difficulty", "不是难度", "不是難度"],
            ),
        ] {
            let out = grundy(&["--lang", code, "drill", "nim", args[0], args[1]]);
            assert_eq!(out.status.code(), Some(2), "{code} {args:?}");
            let err = text(&out.stderr);
            let expected = match code {
                "en" => said[0],
                "zh-CN" => said[1],
                _ => said[2],
            };
            assert!(err.contains(expected), "{code} {args:?}: {err}");
            assert!(err.contains(args[1]), "{err}");
            // The kinds are listed, to choose from.
            if args[0] == "--kind" {
                assert!(
                    err.contains("winning-move") && err.contains("part-value"),
                    "{err}"
                );
            }
            assert!(!err.contains("panicked"), "{err}");
        }
    }
}

#[test]
fn the_winning_moves_in_words_in_every_language() {
    for (code, lang) in LANGS {
        let out = grundy(&[
            "--lang",
            code,
            "puzzles",
            "nim",
            "--count",
            "4",
            "--seed",
            "12",
            "--answers",
            "--words",
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
        assert_eq!(lines.len(), 4);
        let separator = text_in(lang, "puzzles.words_separator").into_owned();
        set_lang(lang);
        for line in &lines {
            let columns: Vec<&str> = line.split('\t').collect();
            assert_eq!(columns.len(), 3, "{line}");
            let answers: Vec<&str> = columns[1].split(' ').collect();
            let words: Vec<&str> = columns[2].split(separator.as_str()).collect();
            assert_eq!(answers.len(), words.len(), "{line}");
            // Each answer's move, worded by the library in the same language.
            let position = AnyPosition::from_code(columns[0]).unwrap();
            for (answer, said) in answers.iter().zip(&words) {
                let expected = with_position!(&position, p => p
                    .legal_moves()
                    .iter()
                    .find(|mv| p.play_unchecked(mv).to_code() == *answer)
                    .map(|mv| p.describe_move(mv).words()))
                .unwrap_or_else(|| panic!("{answer} is no move of {}", columns[0]));
                assert_eq!(*said, expected, "{line}");
            }
            if lang != Lang::En {
                assert!(
                    !columns[2].contains("take") && !columns[2].contains("heap"),
                    "{line}"
                );
            }
        }
        // The codes are the same as without --words.
        let plain = grundy(&[
            "puzzles",
            "nim",
            "--count",
            "4",
            "--seed",
            "12",
            "--answers",
        ]);
        let plain: Vec<String> = text(&plain.stdout).lines().map(String::from).collect();
        for (with, without) in lines.iter().zip(&plain) {
            assert!(
                with.starts_with(&format!("{without}\t")),
                "{with} / {without}"
            );
        }
    }
    set_lang(Lang::En);
}

#[test]
fn play_shows_no_answers() {
    let out = grundy(&["puzzles", "nim", "--play", "--answers"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--play shows no answers"));
    let out = grundy(&["--lang", "zh-CN", "puzzles", "nim", "--play", "--words"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("不显示答案"));
    // Without a terminal the sheet cannot be played: said, exit 2.
    let out = grundy(&["puzzles", "nim", "--play", "--count", "2"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
}
