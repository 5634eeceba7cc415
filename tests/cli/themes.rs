//! `grundy stats` per theme (issue 28, item 2): the answers to drills counted per theme (the
//! game and the idea), the two weakest named, in English, 简体 and 繁體, and no English word
//! on the Chinese outputs.

use std::path::Path;

use grundy::drill::{self, Answer, DrillKind, Expected};
use grundy::store::drills::{Attempt, Drills, Mode, kind_name};
use grundy::theme::Theme;
use rand::SeedableRng;

use crate::chinese::english_words;
use crate::cli::{grundy_in, stderr, stdout};

/// An answer to `drill`, right or wrong as asked: the engine's own expected answer, or one of
/// another kind (for won or lost, the other verdict).
fn answer(drill: &drill::Drill, right: bool) -> Answer {
    let expected = drill::check(drill, &Answer::Won(true)).expected;
    match (expected, right) {
        (Expected::Won(won), right) => Answer::Won(won == right),
        (Expected::Positions(codes), true) => Answer::Position(codes[0].clone()),
        (Expected::Value(value), true) => Answer::Value(value),
        (_, false) => Answer::Won(true),
    }
}

/// Answers drills of `kind` on `game`, `right` of them right and `wrong` wrong, through the
/// library, recorded in the data directory's drills.toml as Practice records them.
fn answer_drills(home: &Path, game: &str, kind: DrillKind, right: usize, wrong: usize) {
    let path = home.join("data").join("grundy").join("drills.toml");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let mut rng = rand::rngs::StdRng::seed_from_u64(right as u64 * 31 + wrong as u64);
    for i in 0..right + wrong {
        let drill = drill::generate(game, kind, 2, &mut rng).unwrap();
        let given = answer(&drill, i < right);
        let verdict = drill::check(&drill, &given);
        assert_eq!(verdict.right, i < right, "{drill:?} {given:?}");
        Drills::add_to_file(
            &path,
            Attempt {
                game: game.to_string(),
                kind: kind_name(kind).to_string(),
                mode: Mode::Endless,
                code: drill.code.clone(),
                part: drill.part.clone(),
                difficulty: drill.difficulty,
                answer: format!("{given:?}"),
                right: verdict.right,
            },
        )
        .unwrap();
    }
}

/// Nim's winning move 4 of 4, Nim's part values 1 of 3, Kayles 0 of 3 (two kinds), Wythoff 0
/// of 2 (too few to be called weak): the weakest are Kayles, then Nim's part values.
fn practised() -> tempfile::TempDir {
    let home = tempfile::tempdir().unwrap();
    answer_drills(home.path(), "nim", DrillKind::WinningMove, 4, 0);
    answer_drills(home.path(), "nim", DrillKind::PartValue, 1, 2);
    answer_drills(home.path(), "kayles", DrillKind::WonOrLost, 0, 2);
    answer_drills(home.path(), "kayles", DrillKind::PartValue, 0, 1);
    answer_drills(home.path(), "wythoff", DrillKind::WonOrLost, 0, 2);
    home
}

fn stats(home: &Path, lang: &str) -> String {
    let o = grundy_in(home)
        .args(["--lang", lang, "stats"])
        .output()
        .expect("the binary runs");
    assert!(o.status.success(), "{}", stderr(&o));
    stdout(&o)
}

/// The line that names the weakest themes.
fn weakest_line<'a>(out: &'a str, start: &str) -> &'a str {
    out.lines()
        .find(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no line starting {start:?} in:\n{out}"))
}

#[test]
fn stats_shows_the_answers_per_theme_and_names_the_two_weakest() {
    let home = practised();
    let out = stats(home.path(), "en");
    assert!(out.contains("Answers per theme:"), "{out}");
    let row = |game: &str, idea: &str| {
        out.lines()
            .find(|l| l.starts_with(game) && l.contains(idea))
            .unwrap_or_else(|| panic!("no row {game} {idea} in:\n{out}"))
            .split_whitespace()
            .rev()
            .take(3)
            .collect::<Vec<_>>()
    };
    // The last three cells, read backwards: share, right, answered.
    assert_eq!(
        row("Nim", "the winning move by the nim-sum"),
        ["100%", "4", "4"]
    );
    assert_eq!(row("Nim", "a part's value by mex"), ["33%", "1", "3"]);
    assert_eq!(row("Kayles", "splitting games"), ["0%", "0", "3"]);
    assert_eq!(row("Wythoff", "Wythoff pairs"), ["0%", "0", "2"]);
    assert_eq!(
        weakest_line(&out, "Weakest:"),
        "Weakest: splitting games (Kayles); a part's value by mex (Nim)."
    );
}

#[test]
fn stats_shows_the_themes_in_chinese_with_no_english_word() {
    let home = practised();
    for (lang, weakest) in [
        (
            "zh-CN",
            "最弱的主题是 Kayles（保龄球游戏）：分裂游戏；尼姆博弈（Nim）：用 mex 求部分的 SG 值。",
        ),
        (
            "zh-TW",
            "最弱的主題是 Kayles（保齡球遊戲）：分裂遊戲；Nim 遊戲：用 mex 求部分的 SG 值。",
        ),
    ] {
        let out = stats(home.path(), lang);
        let start = &weakest[..weakest.find('是').unwrap()];
        assert_eq!(weakest_line(&out, start), weakest, "{lang}:\n{out}");
        assert!(out.contains("分裂"), "{lang}:\n{out}");
        // The rating system's name, as Nim's, stays in Latin letters (the practice table's
        // heading above the themes).
        let words = english_words(&out.replace("Glicko", ""));
        assert!(
            words.is_empty(),
            "{lang}: English words {words:?} in:\n{out}"
        );
    }
}

#[test]
fn stats_names_no_weakest_before_enough_answers_and_reads_an_old_file() {
    let home = tempfile::tempdir().unwrap();
    let dir = home.path().join("data").join("grundy");
    std::fs::create_dir_all(&dir).unwrap();
    // A drills.toml from before themes: its attempts are counted.
    std::fs::write(
        dir.join("drills.toml"),
        "[[attempts]]\ngame = \"stairs\"\nkind = \"won-or-lost\"\nmode = \"endless\"\n\
         code = \"stairs:1,2\"\ndifficulty = 2\nanswer = \"won\"\nright = false\n",
    )
    .unwrap();
    for (lang, none) in [
        ("en", "No theme has 3 answers yet"),
        ("zh-CN", "还没有主题答满 3 题"),
        ("zh-TW", "還沒有主題答滿 3 題"),
    ] {
        let out = stats(home.path(), lang);
        assert!(out.contains(none), "{lang}:\n{out}");
        let stairs = Theme::of("stairs", DrillKind::WonOrLost);
        let lang_of = grundy::lang::Lang::ALL
            .into_iter()
            .find(|l| l.code() == lang);
        let idea = grundy::locale::Words::words_in(&stairs.idea, lang_of.unwrap());
        assert!(out.contains(&idea), "{lang}: no {idea:?} in:\n{out}");
    }
}

#[test]
fn drill_weakest_before_enough_answers_for_stats_is_an_error() {
    let home = tempfile::tempdir().unwrap();
    let o = grundy_in(home.path())
        .args(["--lang", "en", "drill", "--weakest"])
        .output()
        .expect("the binary runs");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("No theme has 3 answers yet"),
        "{}",
        stderr(&o)
    );
    let o = grundy_in(home.path())
        .args(["drill", "--weakest", "--review"])
        .output()
        .expect("the binary runs");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

/// `grundy stats` with a drill of every theme answered (every idea, each kind of the ideas a
/// kind gives): each idea is named in words, in each language, never by its locale key, and
/// the Chinese pages hold no English word.
#[test]
fn stats_names_every_theme_in_every_language() {
    let home = tempfile::tempdir().unwrap();
    for kind in DrillKind::ALL {
        answer_drills(home.path(), "nim", kind, 1, 1);
    }
    for game in [
        "kayles",
        "stairs",
        "wythoff",
        "anti",
        "fibnim",
        "coins",
        "dodgeball",
    ] {
        answer_drills(home.path(), game, DrillKind::WonOrLost, 1, 1);
    }
    for lang in grundy::locale::Lang::ALL {
        let out = stats(home.path(), lang.code());
        assert!(!out.contains("drill."), "{lang:?}: a raw key in:\n{out}");
        for idea in grundy::theme::Idea::ALL {
            let key = format!("drill.themes.idea.{}", idea.name());
            let words = grundy::locale::text_in(lang, &key).into_owned();
            assert!(!words.is_empty() && words != key, "{lang:?}: {key}");
            assert!(out.contains(&words), "{lang:?}: no {words:?} in:\n{out}");
        }
        if lang != grundy::locale::Lang::En {
            let words = english_words(&out.replace("Glicko", ""));
            assert!(
                words.is_empty(),
                "{lang:?}: English words {words:?} in:\n{out}"
            );
        }
    }
}
