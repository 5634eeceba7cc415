//! `grundy learn --list` in English and Chinese (flag and environment), and lesson numbers out
//! of range refused with exit code 2.

use std::process::{Command, Output, Stdio};

use grundy::lang::Lang;
use grundy::learn::LESSONS;
use grundy::locale::text_in;

fn learn(args: &[&str], env: &[(&str, &str)]) -> Output {
    let home = tempfile::tempdir().expect("temporary directory");
    let mut command = Command::new(env!("CARGO_BIN_EXE_grundy"));
    command
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .env("XDG_DATA_HOME", home.path().join("data"))
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG");
    for (k, v) in env {
        command.env(k, v);
    }
    command
        .arg("learn")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

fn titles(lang: Lang) -> Vec<String> {
    LESSONS
        .iter()
        .enumerate()
        .map(|(i, l)| format!("{}. {}", i + 1, text_in(lang, &l.title_key())))
        .collect()
}

#[test]
fn the_list_is_one_title_a_line_in_the_chosen_language() {
    let en = learn(&["--list"], &[]);
    assert_eq!(en.status.code(), Some(0));
    let lines: Vec<String> = String::from_utf8(en.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(lines, titles(Lang::En));
    assert_eq!(lines[2], "3. Nim and why the XOR");

    let zh = learn(&["--list", "--lang", "zh-CN"], &[]);
    assert_eq!(zh.status.code(), Some(0));
    let zh_lines: Vec<String> = String::from_utf8(zh.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(zh_lines, titles(Lang::ZhCn));
    assert_eq!(zh_lines[0], "1. 必胜态与必败态：手算");

    // The environment's language when no flag says otherwise.
    let tw = learn(&["--list"], &[("LANG", "zh_TW.UTF-8")]);
    let tw_text = String::from_utf8(tw.stdout).unwrap();
    assert_eq!(tw_text.lines().count(), LESSONS.len());
    assert!(tw_text.starts_with("1. 必勝態與必敗態"), "{tw_text}");
}

#[test]
fn a_lesson_number_out_of_range_is_refused() {
    for bad in ["0", &(LESSONS.len() + 1).to_string(), "x"] {
        let o = learn(&[bad], &[]);
        assert_eq!(o.status.code(), Some(2), "{bad}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("LESSON"), "{bad}: {err}");
    }
    let both = learn(&["3", "--list"], &[]);
    assert_eq!(both.status.code(), Some(2));
}
