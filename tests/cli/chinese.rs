//! The command line in Chinese (issue 17): `analyze`, `move`, `stats`, `sg` and the error lines
//! print in the language of `--lang`, of the `lang` setting or of LC_ALL / LC_MESSAGES / LANG,
//! and a Chinese output holds no English word besides the codes, numbers and the names the
//! tutorials keep.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Output;

use crate::cli::grundy_in;

/// Runs `grundy args` in a fresh home with the environment variables `env` set (and no other
/// locale variable).
fn run(home: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = grundy_in(home);
    for (name, value) in env {
        command.env(name, value);
    }
    command.args(args).output().expect("the binary runs")
}

fn zh(args: &[&str], lang: &str) -> Output {
    let home = tempfile::tempdir().unwrap();
    let mut all = vec!["--lang", lang];
    all.extend_from_slice(args);
    run(home.path(), &all, &[])
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8")
}

fn ok(o: &Output) -> String {
    assert!(o.status.success(), "{}", text(&o.stderr));
    text(&o.stdout)
}

/// Words the Chinese outputs keep in Latin letters: the game's and the tutorials' own names
/// and notation (Nim, SG, mex, Kayles, lowbit, MAXQ…), and the command's own options.
const KEPT: [&str; 28] = [
    "grundy solve",
    // The computer player, one name on every screen (the glossary's term).
    "AI",
    // The drill kinds as typed after --kind.
    "winning-move",
    "won-or-lost",
    "part-value",
    "XOR",
    "Anti-SG",
    "SJ",
    "Every-SG",
    "Mock Turtles",
    "Turning Turtles",
    "odious",
    "Nim",
    "Wythoff",
    "SG",
    "mex",
    "Dawson's Kayles",
    "Kayles",
    "Grundy",
    "Lieges of Legendre",
    "Binary Dodgeball",
    "MAXQ",
    "lowbit",
    "log2",
    "UTF",
    "MiB",
    "E&D",
    "dodgeball",
];

/// The English words of `output` (runs of two or more ASCII letters), leaving out the position
/// and move codes (a word of a code has a `:` or a digit beside it: `nim:3,4`, `kayles:5`), paths, the
/// options (`--parts`), the game names that codes use and the names in [`KEPT`].
pub(crate) fn english_words(output: &str) -> BTreeSet<String> {
    let mut output = output.to_string();
    for kept in KEPT {
        output = output.replace(kept, " ");
    }
    let code = |word: &str| {
        grundy::games::GameKind::of_code_name(word).is_some()
            || grundy::games::heaps::Rule::NAMES.contains(&word)
    };
    let mut words = BTreeSet::new();
    for token in output.split(|c: char| c.is_whitespace() || !c.is_ascii()) {
        if token.contains(':') || token.contains('/') || token.starts_with('-') {
            continue;
        }
        for word in token.split(|c: char| !c.is_ascii_alphabetic()) {
            if word.len() >= 2 && !code(word) {
                words.insert(word.to_string());
            }
        }
    }
    words
}

/// Every kind of analysis (each game, a sum, a rule of its own, past a value table, a grid
/// past 64 bits) and `move`, `sg` and `stats` in both Chinese scripts: no English word.
#[test]
fn chinese_outputs_have_no_english_words() {
    let big_grid = format!("grid:{}", vec!["T".repeat(40); 40].join("/"));
    let codes = [
        "coins:14:HTTHTTTTHTTTHTHH",
        "grid:HHT/TTH",
        big_grid.as_str(),
        "dodgeball:1111111111",
        "nim:3,4,5",
        "bash:3:10,7",
        "subtraction:1,3,4:10,12",
        "take:2,5:10,12",
        "fibonacci:10,12",
        "coprime:7,9",
        "kayles:5,7",
        "dawson:5,7",
        "grundy:7,9",
        "lieges:3:4,5",
        "staircase:10,15",
        "misere:3,5,1",
        "misere:1,1",
        "misere:1",
        "stairs:2,3,1,4",
        "ed:3,5,2,7",
        "dag:4:1>2,2>3,1>3,3>4:1,2",
        "wythoff:7,10",
        "wythoff:1000000000,999999999",
        "fibnim:20",
        "fibnim:1000000000000000",
        "nim:3,4+kayles:5+coins:4:HTT",
        "octal:0.137:5,9",
        "octal:0.137:1000000000000000000,7",
        "nimk:2:3,5,6",
        "turtles:HTHT",
        "mock:HTTHT",
        "ruler:TTHT",
        "anti:nim:3,4,5",
        "anti:kayles:3+nim:2",
        "every:nim:3+kayles:4",
    ];
    let sg: [&[&str]; 11] = [
        &["sg", "coins", "--n", "30", "--maxq", "3"],
        &["sg", "grid", "--rows", "4", "--cols", "5"],
        &["sg", "dodgeball", "--n", "20"],
        &["sg", "wythoff", "--n", "6"],
        &["sg", "ed", "--n", "6"],
        &["sg", "stairs", "--n", "4"],
        &["sg", "fibnim", "--n", "13"],
        &["sg", "dag", "dag:4:1>2,2>3,1>3,3>4:1,2"],
        &["sg", "heaps", "misere", "--n", "20"],
        &["sg", "octal", "0.137", "--n", "20"],
        &["sg", "heaps", "bash:3", "--n", "20", "--check", "n % 4"],
    ];
    for lang in ["zh-CN", "zh-TW"] {
        let mut outputs = Vec::new();
        for code in codes {
            let o = zh(&["analyze", code, "--moves", "4", "--line", "3"], lang);
            outputs.push((format!("analyze {code}"), ok(&o)));
            let o = zh(&["move", "--seed", "1", code], lang);
            // A finished game (misère 1 after its move…) has no move: an error line, exit 1.
            let out = if o.status.success() {
                text(&o.stdout)
            } else {
                text(&o.stderr)
            };
            outputs.push((format!("move {code}"), out));
        }
        for args in sg {
            outputs.push((args.join(" "), ok(&zh(args, lang))));
        }
        let home = tempfile::tempdir().unwrap();
        let dir = home.path().join("data").join("grundy");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("stats.toml"),
            "[coins.perfect]\nplayed = 3\nwon = 2\nlost = 1\nstreak = 2\nbest_streak = 2\n\
             blunders = 1\ngraded = 2\n",
        )
        .unwrap();
        let stats = run(home.path(), &["--lang", lang, "stats"], &[]);
        outputs.push(("stats".to_string(), ok(&stats)));
        for (what, out) in outputs {
            assert!(
                out.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                "{lang} {what}: no Chinese at all:\n{out}"
            );
            let words = english_words(&out);
            assert!(
                words.is_empty(),
                "{lang} {what}: English words {words:?} in:\n{out}"
            );
        }
    }
}

/// The scan finds English: it is not a test that cannot fail.
#[test]
fn the_scan_finds_english_words() {
    let home = tempfile::tempdir().unwrap();
    let o = run(home.path(), &["analyze", "nim:3,4,5"], &[]);
    let words = english_words(&ok(&o));
    assert!(
        words.contains("player") && words.contains("wins"),
        "{words:?}"
    );
    assert!(english_words("局面：nim:3,4+kayles:5 --parts 2^3").is_empty());
}

/// `analyze`, `move` and `stats` with `--lang zh-CN` and `--lang zh-TW`: the terms of each
/// script (必胜态 / 必勝態, 异或和 / XOR 和, 先手 …), Simplified characters only in zh-CN and
/// Traditional ones only in zh-TW.
#[test]
fn analyze_move_and_stats_speak_each_script() {
    let analyze = |lang| ok(&zh(&["analyze", "nim:3,4,5", "--line", "2"], lang));
    let cn = analyze("zh-CN");
    for term in [
        "异或和",
        "先手必胜",
        "第 1 堆：取 2 个（3 → 1）",
        "主变",
        "后手",
    ] {
        assert!(cn.contains(term), "{term} not in:\n{cn}");
    }
    let tw = analyze("zh-TW");
    for term in [
        "XOR 和",
        "先手必勝",
        "第 1 堆：取 2 顆（3 → 1）",
        "主變化",
        "後手",
    ] {
        assert!(tw.contains(term), "{term} not in:\n{tw}");
    }
    // Characters that differ between the scripts never cross over.
    for c in ['个', '胜', '后', '异', '变'] {
        assert!(!tw.contains(c), "{c} in zh-TW:\n{tw}");
    }
    for c in ['個', '勝', '後', '異', '變'] {
        assert!(!cn.contains(c), "{c} in zh-CN:\n{cn}");
    }

    let lost = ok(&zh(&["analyze", "nim:1,1"], "zh-CN"));
    assert!(lost.contains("先手必败"), "{lost}");
    let own_rule = ok(&zh(&["analyze", "misere:1,1"], "zh-TW"));
    assert!(
        own_rule.contains("反 Nim") && own_rule.contains("偶數") && own_rule.contains("先手必勝"),
        "{own_rule}"
    );

    let mv = ok(&zh(&["move", "--seed", "1", "coins:4:HTTT"], "zh-CN"));
    let lines: Vec<&str> = mv.lines().collect();
    assert_eq!(lines.len(), 3, "{mv}");
    assert!(lines[0].starts_with("硬币 "), "{mv}");
    assert!(lines[1].contains("AI 难度：完美"), "{mv}");
    // The last line is a code: notation, the same in every language.
    assert!(lines[2].starts_with("coins:4:"), "{mv}");
    let mv = ok(&zh(&["move", "--seed", "1", "grid:HT/TT"], "zh-TW"));
    assert!(mv.starts_with("錨點 ("), "{mv}");
    assert!(mv.contains("AI 難度：完美"), "{mv}");

    for (lang, heading, none) in [
        ("zh-CN", "统计数据", "还没有下完过一局。"),
        ("zh-TW", "統計資料", "還沒有下完過一局。"),
    ] {
        let out = ok(&zh(&["stats"], lang));
        assert!(out.starts_with(heading) && out.contains(none), "{out}");
    }
    let home = tempfile::tempdir().unwrap();
    let dir = home.path().join("data").join("grundy");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("stats.toml"),
        "[grid.hard]\nplayed = 3\nwon = 2\nlost = 1\nstreak = 2\nbest_streak = 2\n",
    )
    .unwrap();
    let out = ok(&run(home.path(), &["--lang", "zh-TW", "stats"], &[]));
    let rows: Vec<&str> = out.lines().collect();
    assert!(rows[1].starts_with("遊戲"), "{out}");
    assert!(
        rows[2].starts_with("染色遊戲") && rows[2].contains("困難"),
        "{out}"
    );
    // The numbers stay under their headings: the columns count display columns, two for a
    // Chinese character.
    let column = |line: &str, at: &str| {
        let end = line.find(at).expect("in the line") + at.len();
        grundy::tui::text::width(&line[..end])
    };
    assert_eq!(column(rows[1], "局數"), column(rows[2], "3"), "{out}");
}

/// With no `--lang`, the environment decides as `setlocale` would: LC_ALL, then LC_MESSAGES,
/// then LANG; `zh_TW` and `zh_HK` are Traditional, `zh_CN` Simplified, anything else English.
#[test]
fn the_environment_chooses_the_language() {
    let home = tempfile::tempdir().unwrap();
    let analyze = |env: &[(&str, &str)]| ok(&run(home.path(), &["analyze", "nim:1,2"], env));
    assert!(analyze(&[("LANG", "zh_TW.UTF-8")]).contains("先手必勝"));
    assert!(analyze(&[("LANG", "zh_HK.UTF-8")]).contains("先手必勝"));
    assert!(analyze(&[("LANG", "zh_CN.UTF-8")]).contains("先手必胜"));
    assert!(analyze(&[("LANG", "zh_CN.UTF-8"), ("LC_ALL", "zh_TW.UTF-8")]).contains("先手必勝"));
    assert!(
        analyze(&[("LANG", "zh_CN.UTF-8"), ("LC_MESSAGES", "en_US.UTF-8")])
            .contains("The player to move wins")
    );
    assert!(analyze(&[("LANG", "de_DE.UTF-8")]).contains("The player to move wins"));
    let mv = ok(&run(
        home.path(),
        &["move", "--seed", "1", "stairs:2,3,1,4"],
        &[("LANG", "zh_TW.UTF-8")],
    ));
    assert!(mv.starts_with("第 ") && mv.contains("AI 難度"), "{mv}");
}

/// The `lang` setting beats the environment, and `--lang` beats the setting.
#[test]
fn the_lang_setting_and_the_flag_choose_the_language() {
    let home = tempfile::tempdir().unwrap();
    let config = home.path().join("config").join("grundy");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(config.join("settings.toml"), "lang = \"zh-CN\"\n").unwrap();
    let out = ok(&run(
        home.path(),
        &["analyze", "nim:1,2"],
        &[("LANG", "zh_TW.UTF-8")],
    ));
    assert!(out.contains("先手必胜"), "{out}");
    let out = ok(&run(
        home.path(),
        &["--lang", "en", "analyze", "nim:1,2"],
        &[],
    ));
    assert!(out.contains("The player to move wins"), "{out}");
    std::fs::write(config.join("settings.toml"), "lang = \"auto\"\n").unwrap();
    let out = ok(&run(
        home.path(),
        &["analyze", "nim:1,2"],
        &[("LANG", "zh_TW.UTF-8")],
    ));
    assert!(out.contains("先手必勝"), "{out}");
}

/// An error in Chinese is still bad input: exit 2, one `grundy: 错误：…` line naming the place,
/// nothing on standard output.
#[test]
fn errors_in_chinese_still_exit_2() {
    for (lang, error, place) in [
        (
            "zh-CN",
            "grundy: 错误：局面代码有误（第 7 个字符）",
            "  nim:3,x",
        ),
        (
            "zh-TW",
            "grundy: 錯誤：局面代碼有誤（第 7 個字元）",
            "  nim:3,x",
        ),
    ] {
        let o = zh(&["analyze", "nim:3,x"], lang);
        assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
        let err = text(&o.stderr);
        assert!(err.starts_with(error), "{err}");
        assert!(err.contains(place), "{err}");
        assert!(o.stdout.is_empty());
    }
    let home = tempfile::tempdir().unwrap();
    let o = run(
        home.path(),
        &["puzzles", "nosuch"],
        &[("LANG", "zh_TW.UTF-8")],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).starts_with("grundy: 錯誤：puzzles：沒有以 'nosuch' 開頭的局面代碼"),
        "{}",
        text(&o.stderr)
    );
    let o = zh(&["play", "coins", "--rows", "3"], "zh-CN");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        text(&o.stderr),
        "grundy: 错误：--rows 不是 coins 的尺寸参数（coins 可用的是：--n 和 --maxq）\n"
    );
}

/// Bad codes of every game, bad moves and bad command lines (issue 29): in Chinese the whole
/// error is Chinese, exit code 2, and the English error is unchanged.
#[test]
fn chinese_errors_have_no_english_words() {
    let codes = [
        "nim:3,x",
        "nimm:3",
        "nim",
        "bash:3,4:5",
        "take:5,2:3",
        "subtraction::4",
        "nim:99999999999999999999",
        "coins:0:HT",
        "coins:3:HTX",
        "coins:3: HT",
        "coins:3",
        "grid:HT/T",
        "grid:HT/ht",
        "grid:",
        "dodgeball:10x",
        "dodgeball:",
        "dag:3:1>2,2>1:1",
        "dag:3:1-2:1",
        "dag:3:1>2:9",
        "ed:3,4,5",
        "ed:0,4",
        "stairs:1,2,x",
        "wythoff:1,2,3",
        "wythoff:1,2,2000,3",
        "fibnim:x",
        "fibnim:99999999999999999",
        "dawson:1,x",
        "nim:3+misere:2",
        "nim:3+",
        "nim:3+wythoff:1,2+nimm:4",
        // Nim-K, the coin-turning rows, misère and Every-SG sums, an octal code's digits.
        "nimk:2:3,x",
        "nimk:x:3",
        "nimk:2",
        "nimk:0:3",
        "turtles:HTX",
        "turtles:",
        "mock:HTQ",
        "anti:",
        "anti:nim:3,x",
        "every:nim:3,x",
        "nim:3+anti:nim:2",
        "nim:3+every:nim:2",
        "nim:3+nimk:2:3",
        "octal:0.1x:3",
    ];
    for lang in ["zh-CN", "zh-TW"] {
        for code in codes {
            let o = zh(&["analyze", code], lang);
            assert_eq!(o.status.code(), Some(2), "{lang} {code}");
            let err = text(&o.stderr);
            // The code as typed is quoted back: its letters are the reader's, not English.
            let typed: Vec<&str> = code.split(|c: char| !c.is_ascii_alphabetic()).collect();
            let mut words = english_words(&err);
            words.retain(|w| !typed.contains(&w.as_str()));
            assert!(
                words.is_empty(),
                "{lang} analyze {code}: {words:?} in:\n{err}"
            );
        }
        for args in [
            &["play", "coins", "--n", "0"][..],
            &["nosuch"],
            &["analyze"],
            &["analyze", "nim:1", "--bogus"],
            &["sg", "heaps", "nosuch"],
            // The Lab's rules: an octal code's errors and a heap rule read as one.
            &["sg", "octal", "0.1x7"],
            &["sg", "octal", "bogus"],
            &["sg", "octal", "1.5"],
            &["sg", "octal", "0.1.1"],
            &["sg", "octal", "12.3"],
            &["sg", "octal", "0."],
            &["sg", "octal", ""],
            &["sg", "heaps", "octal:0.x"],
            &["sg", "heaps", "foo"],
            &["sg", "heaps", "bash:x"],
            // A bad formula: evalexpr's error kinds in the reader's words (its texts are
            // English), the place kept.
            &["sg", "octal", "0.77", "--check", "n % (3 +"],
            &["sg", "octal", "0.77", "--check", "n % 3)"],
            &["sg", "octal", "0.77", "--check", "m + 1"],
            &["sg", "heaps", "kayles", "--n", "5", "--check", "n / 0"],
            &["sg", "heaps", "kayles", "--n", "5", "--check", "mex(n)"],
            &["sg", "heaps", "kayles", "--n", "5", "--check", "n / 2.5"],
        ] {
            let o = zh(args, lang);
            assert_eq!(o.status.code(), Some(2), "{lang} {args:?}");
            let err = text(&o.stderr);
            assert!(
                err.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                "{lang} {args:?}: {err}"
            );
            // The arguments as typed and the argument's name in --help (<CODE>) are quoted back.
            let mut words = english_words(&err.replace("<CODE>", ""));
            words.retain(|w| !args.contains(&w.as_str()));
            assert!(words.is_empty(), "{lang} {args:?}: {words:?} in:\n{err}");
        }
    }
    // `--lang` takes the forms LANG uses too.
    let o = zh(&["analyze", "nim:1"], "zh_TW");
    assert!(ok(&o).contains("先手必勝"));
    let o = zh(&["analyze", "nim:1"], "zh_CN");
    assert!(ok(&o).contains("先手必胜"));
    // English stays English.
    let home = tempfile::tempdir().unwrap();
    let o = run(home.path(), &["analyze", "nim:3,x"], &[]);
    assert!(
        text(&o.stderr).contains("'x' in the heaps: expected digits separated by commas"),
        "{}",
        text(&o.stderr)
    );
}

/// A terminal in GB18030 or Big5 (issue 29): Chinese written as UTF-8 would show garbled, so
/// the run falls back to English and says why in one line; a UTF-8 locale keeps Chinese.
#[test]
fn a_terminal_not_in_utf8_gets_english_with_a_note() {
    for locale in ["zh_CN.GB18030", "zh_TW.Big5"] {
        let home = tempfile::tempdir().unwrap();
        let o = run(home.path(), &["analyze", "nim:1"], &[("LANG", locale)]);
        let out = ok(&o);
        assert!(out.contains("The player to move wins"), "{locale}: {out}");
        assert!(
            !out.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "{out}"
        );
        let err = text(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("not UTF-8"), "{locale}: {err}");
    }
    // The help too, and a refused option.
    let home = tempfile::tempdir().unwrap();
    let o = run(home.path(), &["--help"], &[("LANG", "zh_TW.Big5")]);
    assert!(ok(&o).contains("Usage:"), "{}", text(&o.stdout));
    let o = run(
        home.path(),
        &["play", "coins", "--n", "0"],
        &[("LANG", "zh_CN.GB18030")],
    );
    assert!(
        text(&o.stderr).contains("is not in 1..=30000"),
        "{}",
        text(&o.stderr)
    );
    let home = tempfile::tempdir().unwrap();
    let o = run(
        home.path(),
        &["analyze", "nim:1"],
        &[("LANG", "zh_CN.UTF-8")],
    );
    assert!(ok(&o).contains("先手必胜"));
    assert!(text(&o.stderr).is_empty());
}

/// `--help` and `-h` of grundy and of every command in both scripts (from `--lang` and from
/// LANG): no English sentence. Left out of the scan: what is typed as it stands (the commands,
/// the options and their values, placeholders in capitals, text in backticks, the listed
/// values) and the names of programs and formats.
#[test]
fn help_is_in_the_readers_language() {
    const TYPED: &[&str] = &[
        // The commands, the games and the values of the options, as typed.
        "play",
        "judge",
        "solve",
        "move",
        "analyze",
        "puzzles",
        "drill",
        "learn",
        "sg",
        "completions",
        "man",
        "stats",
        "help",
        "coins",
        "grid",
        "dodgeball",
        "wythoff",
        "ed",
        "stairs",
        "fibnim",
        "dag",
        "heaps",
        "octal",
        "kayles",
        "nim",
        "anti",
        "every",
        "easy",
        "medium",
        "hard",
        "standard",
        "random",
        "winning",
        "game",
        "lang",
        "rows",
        "cols",
        "en",
        "zh",
        "lose",
        "lesson",
        // The problems' ids (bzoj4600, cses1730, …).
        "bzoj",
        "cses",
        "abc",
        "agc",
        "cf",
        "dpk",
        "dpl",
        "hdu",
        "loj",
        "tioj",
        // Programs, files, names and keys.
        "bash",
        "zsh",
        "fish",
        "shell",
        "fpath",
        "zfunc",
        "toml",
        "README",
        "Rhai",
        "Glicko",
        "roff",
        "Linux",
        "evalexpr",
        "Sprague",
        "Esc",
        // The judges and the people of the problems `solve --help` names (Codeforces 388C's
        // Ciel and Jiro, Dawson of Dawson's chess).
        "LibreOJ",
        "AtCoder",
        "Codeforces",
        "Dawson",
        "Ciel",
        "Jiro",
    ];
    // `grundy help` is clap's own subcommand, which takes no `--help`: the list of commands
    // it prints is the root's `--help`, scanned here.
    let commands: [&[&str]; 19] = [
        &[],
        &["play"],
        &["solve"],
        &["move"],
        &["analyze"],
        &["puzzles"],
        &["drill"],
        &["learn"],
        &["sg"],
        &["sg", "coins"],
        &["sg", "grid"],
        &["sg", "dodgeball"],
        &["sg", "wythoff"],
        &["sg", "ed"],
        &["sg", "heaps"],
        &["sg", "octal"],
        &["completions"],
        &["man"],
        &["stats"],
    ];
    let home = tempfile::tempdir().unwrap();
    for (flag, env) in [
        ("zh-CN", ""),
        ("", "zh_TW.UTF-8"),
        ("zh-TW", ""),
        ("", "zh_CN.UTF-8"),
    ] {
        for command in commands {
            for help in ["--help", "-h"] {
                let mut args: Vec<&str> = command.to_vec();
                args.push(help);
                if !flag.is_empty() {
                    args.extend(["--lang", flag]);
                }
                let o = run(home.path(), &args, &[("LANG", env)]);
                let out = ok(&o);
                let what = format!("{flag}{env} grundy {}", args.join(" "));
                assert!(
                    out.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                    "{what}: no Chinese at all:\n{out}"
                );
                // Text in backticks and the listed values are typed as they stand.
                let mut scanned = String::new();
                let mut rest = out.as_str();
                while let Some(start) = rest.find(['`', '[']) {
                    scanned.push_str(&rest[..start]);
                    let close = if rest[start..].starts_with('`') {
                        '`'
                    } else {
                        ']'
                    };
                    match rest[start + 1..].find(close) {
                        Some(end) => rest = &rest[start + 1 + end + 1..],
                        None => rest = "",
                    }
                }
                scanned.push_str(rest);
                let words: Vec<String> = english_words(&scanned)
                    .into_iter()
                    .filter(|w| !w.chars().all(|c| c.is_ascii_uppercase()))
                    .filter(|w| !TYPED.contains(&w.as_str()))
                    .collect();
                assert!(
                    words.is_empty(),
                    "{what}: English words {words:?} in:\n{out}"
                );
            }
        }
    }
    // English stays English.
    let out = ok(&run(home.path(), &["analyze", "--help"], &[("LANG", "C")]));
    assert!(
        out.contains("Explain the position CODE:") && out.contains("Options:"),
        "{out}"
    );
}

/// `grundy solve --help` describes every problem of the contest table in every language: its
/// name as the judge writes it and what it reads and prints. A format without its Chinese
/// description fails here, and the English is the table's own.
#[test]
fn solve_help_describes_every_problem_in_every_language() {
    use grundy::locale::{Lang, text_in};
    for format in grundy::contest::FORMATS {
        for (what, english) in [("problem", format.problem), ("io", format.io)] {
            let key = format!("help.solve.{what}.{}", format.id);
            assert_eq!(text_in(Lang::En, &key), english, "{key}");
            for lang in [Lang::ZhCn, Lang::ZhTw] {
                let text = text_in(lang, &key);
                assert!(
                    text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                    "{key} in {}: {text}",
                    lang.code()
                );
            }
        }
    }
    let home = tempfile::tempdir().unwrap();
    for (lang, problem, io) in [
        (
            "zh-CN",
            "洛谷 P4279 [SHOI2008] 小约翰的游戏（反 Nim）（也可用：solve heaps）",
            "T 组数据，每组 n 和 n 堆的大小 → `John` / `Brother`",
        ),
        (
            "zh-TW",
            "TIOJ 1092 跳格子遊戲（在有向無環圖上搶先到終點）",
            "若干組 `N E`、E 條箭頭、1 號圓圈上的名字，直到 `0 0` → 勝者",
        ),
    ] {
        let out = ok(&run(home.path(), &["--lang", lang, "solve", "--help"], &[]));
        assert!(out.contains(problem) && out.contains(io), "{out}");
    }
}

/// A move typed or read back (`parse_move`, then `check_move`: a save's moves, a drill's
/// answers) that is not a move of the game: its reason in both scripts has no English besides the notation it shows.
#[test]
fn typed_move_errors_are_in_the_readers_language() {
    use grundy::game::{Notation, Position};
    use grundy::games::AnyPosition;
    use grundy::locale::{Lang, Words};
    let cases = [
        ("dodgeball:1111111111", "3 to 12"),
        ("dodgeball:1111111111", "x->12"),
        ("dodgeball:1111111111", "3->y"),
        ("coins:4:HTTHTTTTHTTTHTHH", "x 6"),
        ("coins:4:HTTHTTTTHTTTHTHH", ""),
        ("coins:4:HTTHTTTTHTTTHTHH", "12"),
        ("coins:4:HTTHTTTTHTTTHTHH", "12 5"),
        ("coins:4:HTTHTTTTHTTTHTHH", "12 2"),
        ("grid:HTH/TTH", "x"),
        ("grid:HTH/TTH", "1,2 1,2"),
        ("grid:HTH/TTH", ""),
        ("wythoff:7,10", "queen 9: to (1, 1)"),
        ("fibnim:20", "take x"),
        ("nim:3,4+kayles:5", "2 take 1"),
        ("octal:0.137:5,9", "take 2"),
        ("dawson:5,8", "knock 1"),
        ("nim:3,4", "take 9"),
        ("nimk:2:3,5,6", "take x"),
        ("nimk:2:3,5,6", "take 1 from heap 9"),
        ("nimk:2:3,5,6", "take 9 from heap 1"),
        ("nimk:2:3,5,6", "take 1 from heap 2, 1 from heap 1"),
        (
            "nimk:2:3,5,6",
            "take 1 from heap 1, 1 from heap 2, 1 from heap 3",
        ),
        ("turtles:HTHT", "flip 2"),
        ("turtles:HTHT", "turn 4 3 2 1"),
        ("ruler:HTHT", "turn 4 2"),
    ];
    for (code, typed) in cases {
        let position = AnyPosition::from_code(code).unwrap();
        // Read, then checked against the position (a Nim-K move reads before its heaps are
        // looked at).
        let error = grundy::with_position!(&position, p => p
            .parse_move(typed)
            .and_then(|mv| p.check_move(&mv)))
        .expect_err(typed);
        for lang in [Lang::ZhCn, Lang::ZhTw] {
            let words = error.0.words_in(lang);
            assert!(
                words
                    .chars()
                    .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                "{code} {typed:?}: {words}"
            );
            // What the reader typed and the notation a move is written in are quoted as they
            // stand.
            let mut scanned = words.replace(typed, " ");
            for notation in [
                "take T from heap H, T from heap H, …",
                "turn",
                "row R: knock out pins A-B",
                "heap N: take T",
                "heap N: split X into A + B",
            ] {
                scanned = scanned.replace(notation, " ");
            }
            let english = english_words(&scanned);
            assert!(
                english.is_empty(),
                "{code} {typed:?}: {english:?} in {words}"
            );
        }
        // English stays English.
        let en = error.0.words_in(Lang::En);
        assert!(
            !en.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "{en}"
        );
    }
}

/// A setting out of its range or of the wrong kind: the warning and its detail in Chinese.
#[test]
fn the_settings_warning_is_chinese_in_full() {
    use grundy::locale::{Lang, Words};
    use grundy::store::settings::Settings;
    for (file, zh_cn, zh_tw) in [
        (
            "[coins]\nn = 99999\n",
            "99999 不在 1 到 30000 之间",
            "99999 不在 1 到 30000 之間",
        ),
        (
            "hints = 3\n",
            "应当是 true 或 false，却是数 3",
            "應當是 true 或 false，卻是數 3",
        ),
        ("levle = 1\n", "没有这个设置项", "沒有這個設定項"),
    ] {
        let (_, problem) = Settings::parse(file);
        let problem = problem.expect(file);
        let cn = problem.words_in(Lang::ZhCn);
        let tw = problem.words_in(Lang::ZhTw);
        assert!(cn.contains(zh_cn), "{cn}");
        assert!(tw.contains(zh_tw), "{tw}");
        for words in [cn, tw] {
            // The file, the field and the values as TOML writes them stay as they are.
            let mut scanned = words.replace("settings.toml", " ");
            for typed in ["hints", "true", "false", "levle"] {
                scanned = scanned.replace(typed, " ");
            }
            let english = english_words(&scanned);
            assert!(english.is_empty(), "{english:?} in {words}");
        }
    }
}

/// A value clap refuses: the reason too is in the reader's language.
#[test]
fn option_value_reasons_are_in_the_readers_language() {
    for (args, lang, reason) in [
        (
            &["play", "coins", "--n", "0"][..],
            "zh-TW",
            "0 不在 1 到 30000 之間",
        ),
        (
            &["play", "coins", "--n", "x"][..],
            "zh-CN",
            "应当是只用数字 0-9 写成的整数",
        ),
        (
            &["analyze", "nim:3", "--moves", "99999"][..],
            "zh-CN",
            "99999 不在 0 到 1000 之间",
        ),
        (
            &["sg", "wythoff", "--n", "1e3"][..],
            "zh-TW",
            "應當是只用數字 0-9 寫成的整數",
        ),
    ] {
        let o = zh(args, lang);
        assert_eq!(o.status.code(), Some(2));
        let err = text(&o.stderr);
        assert!(err.contains(reason), "{err}");
        // The option's placeholder (`<MOVES>`) is in capitals, as clap writes it.
        let english: Vec<String> = english_words(&err)
            .into_iter()
            .filter(|w| !w.chars().all(|c| c.is_ascii_uppercase()))
            .collect();
        assert!(english.is_empty(), "{english:?} in {err}");
    }
    let home = tempfile::tempdir().unwrap();
    let o = run(
        home.path(),
        &["play", "coins", "--n", "0"],
        &[("LANG", "C")],
    );
    assert!(
        text(&o.stderr).contains("invalid value '0' for '--n <N>': 0 is not in 1..=30000"),
        "{}",
        text(&o.stderr)
    );
}

/// A saved game that does not read (issue 29): `analyze --load` and `play --load` name the
/// file and the line, and in Chinese the reason is Chinese too: a move that does not read, an
/// illegal one, a bad setting, a file cut short, a missing file. What the file holds is quoted
/// in backticks as it stands.
#[test]
fn broken_saves_are_reported_in_the_readers_language() {
    let head = "grundy save 1\nstart nim:3,4\nfirst you\nlevel perfect\nseed 1\nhints off\n";
    let saves = [
        format!("{head}moves 1\nheap 1: take 2\nend\n"),
        format!("{head}moves 1\n1 9\nend\n"),
        format!("{head}moves 1\n1 1\n"),
        format!("{head}moves 2\n1 1\nend\n"),
        format!("{head}moves 0\nend\nmore\n"),
        "grundy save 1\nstart nim:3,4\nseed x\n".to_string(),
        "grundy save 1\nstart nim:3,x\n".to_string(),
        "grundy save 1\nlevel godlike\n".to_string(),
        "grundy save 1\nhints maybe\n".to_string(),
        "grundy save 1\ncolour blue\n".to_string(),
        "grundy save 9\n".to_string(),
        "a shopping list\n".to_string(),
        String::new(),
    ];
    // The values a save is written with, quoted as they stand.
    let typed = |err: &str| {
        let mut scanned = String::new();
        let mut rest = err;
        while let Some(start) = rest.find('`') {
            scanned.push_str(&rest[..start]);
            match rest[start + 1..].find('`') {
                Some(end) => rest = &rest[start + 1 + end + 1..],
                None => rest = "",
            }
        }
        scanned.push_str(rest);
        scanned
    };
    for lang in ["zh-CN", "zh-TW"] {
        for (i, save) in saves.iter().enumerate() {
            let home = tempfile::tempdir().unwrap();
            let path = home.path().join("broken.grundy");
            std::fs::write(&path, save).unwrap();
            let file = path.to_str().unwrap();
            for command in ["analyze", "play"] {
                let o = zh(&[command, "--load", file], lang);
                assert_eq!(o.status.code(), Some(2), "{lang} {command} save {i}");
                let err = text(&o.stderr);
                assert!(err.contains("broken.grundy"), "{err}");
                assert!(
                    err.contains("第 ") && err.contains(" 行："),
                    "{lang} save {i}: no line in {err}"
                );
                // The quoted move (`heap 1: take 2`) comes back quoted a second time in the
                // parser's own words.
                let words = english_words(&typed(&err).replace("heap 1: take 2", " "));
                assert!(
                    words.is_empty(),
                    "{lang} {command} save {i}: {words:?} in:\n{err}"
                );
            }
        }
        let o = zh(&["analyze", "--load", "/nonexistent/x.grundy"], lang);
        assert_eq!(o.status.code(), Some(2));
        let err = text(&o.stderr);
        assert!(english_words(&err).is_empty(), "{err}");
    }
    // English stays English.
    let home = tempfile::tempdir().unwrap();
    let path = home.path().join("broken.grundy");
    std::fs::write(&path, &saves[0]).unwrap();
    let o = run(
        home.path(),
        &["analyze", "--load", path.to_str().unwrap()],
        &[],
    );
    assert!(
        text(&o.stderr).contains("line 8: move 1 `heap 1: take 2` cannot be read:"),
        "{}",
        text(&o.stderr)
    );
}

/// A statistics file that does not read, and a picture that cannot be written: the reason in
/// the reader's words (the TOML reader's and the system's English left out), exit code 2.
#[test]
fn file_problems_are_reported_in_the_readers_language() {
    for lang in ["zh-CN", "zh-TW"] {
        for broken in [
            &b"this is [not toml\n"[..],
            b"[coins.perfect]\nplayed = \"x\"\n",
            b"\xff\n",
        ] {
            let home = tempfile::tempdir().unwrap();
            let dir = home.path().join("data").join("grundy");
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(dir.join("stats.toml"), broken).unwrap();
            let o = run(home.path(), &["--lang", lang, "stats"], &[]);
            assert_eq!(o.status.code(), Some(2), "{lang} {broken:?}");
            let err = text(&o.stderr);
            assert!(err.contains("stats.toml"), "{err}");
            // The file's name and its format's name stay as they are; after them the TOML
            // reader's own message (its English, as in the settings' warning) is quoted.
            let ours = err
                .find("不对：")
                .or_else(|| err.find("不對："))
                .map_or(err.as_str(), |end| &err[..end]);
            let words = english_words(&ours.replace("stats.toml", " ").replace("TOML", " "));
            assert!(words.is_empty(), "{lang} {broken:?}: {words:?} in:\n{err}");
        }
        // The practice and review files, as `stats` and `drill --review --list` read them.
        for (file, args) in [
            ("drills.toml", &["stats"][..]),
            ("review.toml", &["drill", "--review", "--list"][..]),
        ] {
            for broken in [&b"this is [not toml\n"[..], b"\xff\n"] {
                let home = tempfile::tempdir().unwrap();
                let dir = home.path().join("data").join("grundy");
                std::fs::create_dir_all(&dir).unwrap();
                std::fs::write(dir.join(file), broken).unwrap();
                let mut all = vec!["--lang", lang];
                all.extend_from_slice(args);
                let o = run(home.path(), &all, &[]);
                assert_eq!(o.status.code(), Some(2), "{lang} {file} {broken:?}");
                let err = text(&o.stderr);
                assert!(err.contains(file), "{err}");
                let ours = err
                    .find("不对：")
                    .or_else(|| err.find("不對："))
                    .map_or(err.as_str(), |end| &err[..end]);
                let words = english_words(&ours.replace(file, " ").replace("TOML", " "));
                assert!(words.is_empty(), "{lang} {file}: {words:?} in:\n{err}");
            }
        }
        let o = zh(
            &[
                "sg",
                "heaps",
                "kayles",
                "--n",
                "5",
                "--svg",
                "/nonexistent/x.svg",
            ],
            lang,
        );
        assert_eq!(o.status.code(), Some(2));
        let err = text(&o.stderr);
        assert!(err.contains("/nonexistent/x.svg"), "{err}");
        assert!(english_words(&err).is_empty(), "{lang}: {err}");
    }
}

/// Every shipped rules file speaks the reader's language through `lang()`: its `name`, `show`
/// and `describe` texts in a Chinese `analyze` and `move` hold no English word (the contests'
/// names and problem ids stay, as the Lab's titles keep them; so do the interface's functions
/// as written, `fn parts`, `fn moves(s, side)`, and the unit MB; a position is the script's
/// notation, `"THTTH"`), and Simplified and Traditional characters do not cross over.
#[test]
fn shipped_rules_files_speak_chinese() {
    const IDS: [&str; 13] = [
        "CSES", "HDU", "POJ", "AGC", "AtCoder", "DP", "CF", "YTP", "TIOJ", "fn", "parts", "side",
        "MB",
    ];
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/rules");
    let mut english = Vec::new();
    for example in grundy::rules::examples::EXAMPLES {
        let path = dir.join(example.file).display().to_string();
        for lang in ["zh-CN", "zh-TW"] {
            let analyze = ok(&zh(&["analyze", "--rules", &path], lang));
            let played = ok(&zh(&["move", "--rules", &path, "--seed", "1"], lang));
            let both = format!("{analyze}\n{played}");
            // A move's details are bracketed and joined with full-width marks: （…；…）.
            for line in analyze.lines() {
                assert!(
                    !line.contains("  (") && !line.contains("; "),
                    "half-width (…; …) in {} {lang}: {line}",
                    example.file
                );
            }
            // A string position is notation: "THTTHH".
            let mut scanned = String::new();
            for (i, piece) in both.split('"').enumerate() {
                if i % 2 == 0 {
                    scanned.push_str(piece);
                }
            }
            let mut words = english_words(&scanned);
            words.retain(|w| !IDS.contains(&w.as_str()));
            for word in words {
                english.push(format!("{} {lang}: {word}", example.file));
            }
            let theirs = if lang == "zh-CN" {
                "個後點從這葉節轉幣雙隊幾兩減環極顆遊"
            } else {
                "个后点从这叶节转币双队几两减环极颗游"
            };
            for c in theirs.chars() {
                assert!(!both.contains(c), "{c} in {} {lang}:\n{both}", example.file);
            }
        }
    }
    assert!(english.is_empty(), "English from the scripts: {english:?}");
    let cses = dir.join("cses2208.rhai").display().to_string();
    let cn = ok(&zh(&["analyze", "--rules", &cses, "[1, 2]"], "zh-CN"));
    for said in [
        "另一个游戏（CSES 2208）",
        "第 2 堆：**（2 枚）",
        "从 2 堆各取一枚硬币，剩下 [0, 1]",
    ] {
        assert!(cn.contains(said), "{said} not in:\n{cn}");
    }
    let tw = ok(&zh(&["analyze", "--rules", &cses, "[1, 2]"], "zh-TW"));
    for said in [
        "另一個遊戲（CSES 2208）",
        "從 2 堆各取一枚硬幣，剩下 [0, 1]",
    ] {
        assert!(tw.contains(said), "{said} not in:\n{tw}");
    }
}

/// A rules file that does not parse or fails as it runs: the common kinds of Rhai's errors
/// (whose texts are English) in the reader's language, `FILE:LINE:COL` kept, exit code 2.
#[test]
fn rules_file_errors_speak_chinese() {
    let home = tempfile::tempdir().unwrap();
    let cases = [
        ("fn moves(s) {\n  [s - 1\n}\n", ":3:1:"),
        ("fn moves(s) { let x = 1 let y = 2; [] }", ":1:25:"),
        ("fn moves(s) { \"abc }", ":1:15:"),
        ("fn moves(s) { let x = ; [] }", ":1:23:"),
        ("fn moves(s) { [] }\nfn moves(s) { [] }", ":2:1:"),
        ("fn moves(s) { const x = 1; x = 2; [] }", ":1:28:"),
        ("fn moves(s) { foo(1) }", ":1:15:"),
        ("fn moves(s) { [y] }", ":1:16:"),
        ("fn moves(s) { [s[10]] }", ":1:18:"),
        ("fn moves(s) { [1 / 0] }", ":1:18:"),
        (
            "fn moves(s) { let x = 9223372036854775807; [x + 1] }",
            ":1:47:",
        ),
        ("fn moves(s) { @ }", ":1:15:"),
    ];
    for (i, (source, place)) in cases.iter().enumerate() {
        let file = home.path().join(format!("bad{i}.rhai"));
        std::fs::write(&file, source).unwrap();
        let path = file.display().to_string();
        for lang in ["zh-CN", "zh-TW"] {
            let o = zh(&["analyze", "--rules", &path, "[1, 2]"], lang);
            assert_eq!(o.status.code(), Some(2), "{lang} {source}");
            let err = text(&o.stderr);
            assert!(err.contains(&format!("bad{i}.rhai{place}")), "{err}");
            // The script's own names (fn, moves, foo, x, y) are the writer's words.
            let mut words = english_words(&err);
            words.retain(|w| !["fn", "moves", "foo"].contains(&w.as_str()));
            assert!(words.is_empty(), "{lang} {source}: {words:?} in:\n{err}");
        }
    }
}

/// The rules-file errors Rhai words in English (a wrong type, a `for` over a number, a
/// property missing after a dot, a function called with arguments of the wrong types) and the
/// interface's own checks (a function's parameters, `name`'s type): in Chinese, with Rhai's
/// type names (`i64`, `&str | ImmutableString`) in the reader's words.
#[test]
fn every_kind_of_rules_file_error_speaks_chinese() {
    let home = tempfile::tempdir().unwrap();
    let cases = [
        "fn describe(s) { \"\" }\nfn moves(s) { [] }",
        "fn start() { 1 }\nfn moves() { [] }",
        "fn name() { 1 }\nfn moves(s) { [] }",
        "fn misere() { 1 }\nfn moves(s) { [] }",
        "fn moves(s) { for x in 5 { } [] }",
        "fn moves(s) { s. }",
        "fn moves(s) { let a = \"x\"; [a - 1] }",
        "fn moves(s) { let a = 1; a.b }",
        "fn moves(s) { #{a: 1} }",
        "fn moves(s) { 5 }",
    ];
    for (i, source) in cases.iter().enumerate() {
        let file = home.path().join(format!("kind{i}.rhai"));
        std::fs::write(&file, source).unwrap();
        let path = file.display().to_string();
        for lang in ["zh-CN", "zh-TW"] {
            let o = zh(&["analyze", "--rules", &path, "[1, 2]"], lang);
            assert_eq!(o.status.code(), Some(2), "{lang} {source}");
            let err = text(&o.stderr);
            // The script's own names are the writer's words.
            let mut words = english_words(&err);
            words.retain(|w| {
                ![
                    "fn", "moves", "describe", "start", "name", "misere", "for", "in", "side",
                    "true", "false",
                ]
                .contains(&w.as_str())
            });
            assert!(words.is_empty(), "{lang} {source}: {words:?} in:\n{err}");
        }
    }
}

/// Each reader's own checks (a graph with a cycle, a name that is not a player's, a pile short
/// of cards, a range), beyond the shared number reader's: in both Chinese scripts, with no
/// English word but the quoted input and the statement's names, and no Rust range `1..=3`.
#[test]
fn every_solve_readers_own_check_speaks_chinese() {
    let cases: [(&str, &str, &str); 18] = [
        (
            "loj10243",
            "3 3 1\n1 2\n2 3\n3 1\n1\n",
            "图中有环（经过顶点 1）",
        ),
        (
            "loj10243",
            "3 2 1\n1 2\n2 9\n1\n",
            "第 2 条边的 y 为 9，超出范围（应在 1 到 3 之间）",
        ),
        (
            "loj10243",
            "3 1 1\n1 2\n9\n",
            "第 1 枚棋子所在的顶点为 9，超出范围（应在 1 到 3 之间）",
        ),
        (
            "loj10243",
            "3 1 1\n1 2\n1 4\n",
            "棋子所在的顶点之后还有多余的 '4'",
        ),
        (
            "tioj1092",
            "2 1\n1 2\nA\n0 0\n",
            "'A' 既不是 Mimi 也不是 Moumou",
        ),
        (
            "tioj1092",
            "2 1\n1 2\n",
            "缺少第 1 组数据中站在 1 号圈上的玩家名字",
        ),
        (
            "tioj1092",
            "0 3\n",
            "第 1 组数据：N = 0，E = 3：须满足 1 ≤ N 且 E ≤ 10·N",
        ),
        (
            "tioj1092",
            "3 3\n1 2\n2 1\n2 3\nMimi\n0 0\n",
            "第 1 组数据：箭头构成了环，而题目保证没有环",
        ),
        (
            "tioj1092",
            "x",
            "第 1 组数据的 N（或结尾的 `0 0`）必须是非负整数",
        ),
        ("cf388c", "2\n3 3 1\n", "第 1 堆应有 3 张牌，只找到 2 张"),
        ("cf388c", "1\n1 3 4\n", "第 1 堆的 1 张牌之后还有多余的 '4'"),
        ("cf388c", "1\n2 3 x\n", "第 1 堆的第 2 张牌必须是非负整数"),
        ("cf305e", "abc d\n", "s 之后还有多余的 'd'"),
        ("cf305e", "aBc\n", "'B' 不是小写字母"),
        ("cf305e", "", "缺少字符串 s"),
        ("p2252", "", "输入为空：应有一行 `a b`"),
        ("hdu3595", "2\n1 1\n", "第 3 行：输入在一组数据的中间结束了"),
        ("dpk", "1 5\n2 3\n", "最后一种取法之后还有多余的 '3'"),
    ];
    let home = tempfile::tempdir().unwrap();
    for (problem, input, zh_cn) in cases {
        for lang in ["zh-CN", "zh-TW"] {
            let o = crate::cli::grundy_in(home.path())
                .args(["--lang", lang, "solve", problem])
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .and_then(|mut child| {
                    use std::io::Write;
                    child.stdin.take().unwrap().write_all(input.as_bytes())?;
                    child.wait_with_output()
                })
                .expect("the binary runs");
            let err = text(&o.stderr);
            assert_eq!(o.status.code(), Some(2), "{err}");
            if lang == "zh-CN" {
                assert!(err.contains(zh_cn), "{problem}: {err}");
            }
            assert!(!err.contains("..="), "{problem}: {err}");
            let said: String = err
                .replacen(&format!("solve {problem}"), " ", 1)
                .replace("Mimi", " ")
                .replace("Moumou", " ")
                .split('\'')
                .step_by(2)
                .collect::<Vec<_>>()
                .join(" ");
            let english = english_words(&said);
            assert!(english.is_empty(), "{lang} {problem}: {err}: {english:?}");
        }
    }
}

/// `solve`'s bad input in Chinese, chosen by `--lang` or by LANG (solve reads no settings
/// file): every kind of error the input readers make, on several problems, names the line and
/// the column and what is wrong in Chinese, with no English but the command, the problem's
/// id, the statement's variables and the quoted input; still exit 2 and nothing on standard
/// output.
#[test]
fn solve_errors_are_in_the_readers_language() {
    let cases: [(&str, &str, &str); 23] = [
        (
            "p2197",
            "1\n2 x\n",
            "第 2 行第 3 列：第 1 组数据的第 1 堆的大小必须是非负整数，却是 'x'（在 'x' 中）",
        ),
        (
            "p2197",
            "1\n0\n",
            "第 1 组数据的 n 为 0，超出范围（应在 1 到 1000000 之间）",
        ),
        (
            "p2197",
            "1\n2 1\n",
            "第 3 行：输入提前结束：缺少第 1 组数据的第 2 堆的大小",
        ),
        ("p2197", "1\n1 1\n5\n", "最后一组数据之后还有多余的 '5'"),
        ("p2197", "x\n", "数据组数 T 必须是非负整数"),
        ("cses1730", "2\n1\n1\n", "缺少第 2 组数据的 n"),
        (
            "cses1730",
            "1\n2\n1 \u{1}\n",
            "却是字节 0x01（在 '\\x01' 中）",
        ),
        (
            "coins",
            "1\n3\n",
            "第 2 行：应有 n MAXQ（2 个数），只找到 1 个",
        ),
        ("coins", "1\n3 1 9\n", "n MAXQ 之后多了一项 '9'"),
        ("coins", "", "输入为空：应以数据组数 T（1 到 100）开头"),
        (
            "cses1099",
            "1\n1\n99999999999999999999999\n",
            "p_k 为 '99999999999999999999999'，太大了",
        ),
        ("grid", "1\n1 1\nH\n7\n", "最后一组数据之后还有多余的 '7'"),
        (
            "grid",
            "1\n1 2\nHX\n",
            "第 1 组数据的第 1 行：'X' 不是 H 或 T",
        ),
        (
            "grid",
            "1\n1 2\nHHH\n",
            "第 1 组数据的第 1 行有 3 个字母，应当是 m = 2 个",
        ),
        (
            "grid",
            "1\n1 2\nHH T\n",
            "第 1 组数据的第 1 行后面多出了 'T'",
        ),
        (
            "p2148",
            "1\n3\n1 2 3\n",
            "第 1 组数据的 n 为 3：石子堆是成对的",
        ),
        (
            "coins",
            "1\n3 1\n1 2 0\n",
            "第 2 枚硬币必须是 0（反面）或 1（正面），却是 '2'",
        ),
        (
            "coins",
            "1\n3 1\n1 0\n",
            "应当有 3 枚硬币的值（n = 3），却有 2 个",
        ),
        ("dodgeball", "2 3\n", "每行只能有一个 k：多出了第二项 '3'"),
        ("dodgeball", "", "没有输入：应当每行一个 k（1 ≤ k < 10^9）"),
        (
            "dodgeball",
            "\u{663}\n",
            "k 必须是非负整数，却是 '٣'（U+0663）",
        ),
        (
            "dodgeball",
            "7\n\u{e9}\n",
            "第 2 行第 1 列：k 必须是非负整数，却是 'é'（U+00E9）",
        ),
        (
            "abc297g",
            "1 3 2\n5\n",
            "L 和 R 必须满足 1 ≤ L ≤ R，却是 L = 3，R = 2",
        ),
    ];
    let home = tempfile::tempdir().unwrap();
    for (problem, input, zh_cn) in cases {
        for (lang, env) in [
            ("zh-CN", ("LANG", "C")),
            ("zh-TW", ("LANG", "C")),
            ("en", ("LANG", "C")),
            ("zh-CN", ("LC_ALL", "zh_CN.UTF-8")),
        ] {
            let mut command = crate::cli::grundy_in(home.path());
            command.env(env.0, env.1);
            if env.0 == "LANG" {
                command.args(["--lang", lang]);
            }
            let o = command
                .args(["solve", problem])
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .and_then(|mut child| {
                    use std::io::Write;
                    child.stdin.take().unwrap().write_all(input.as_bytes())?;
                    child.wait_with_output()
                })
                .expect("the binary runs");
            let err = text(&o.stderr);
            assert_eq!(o.status.code(), Some(2), "{err}");
            assert!(o.stdout.is_empty(), "{err}");
            assert_eq!(err.lines().count(), 1, "{err}");
            if lang == "en" {
                assert!(err.starts_with("grundy: error: solve "), "{err}");
                continue;
            }
            let heading = if lang == "zh-CN" {
                "grundy: 错误：solve "
            } else {
                "grundy: 錯誤：solve "
            };
            assert!(err.starts_with(heading), "{err}");
            if lang == "zh-CN" {
                assert!(err.contains(zh_cn), "{err}");
            }
            // The quoted input aside; the scan passes the one-letter variables and `MAXQ`.
            let said: String = err
                .replacen(&format!("solve {problem}"), " ", 1)
                .split('\'')
                .step_by(2)
                .collect::<Vec<_>>()
                .join(" ");
            let english = english_words(&said);
            assert!(english.is_empty(), "{lang} {problem}: {err}: {english:?}");
        }
    }
}
