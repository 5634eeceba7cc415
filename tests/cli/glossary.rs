//! The words of every locale text, read the way a native reader did (issue 29): one Chinese term
//! per idea (the glossary in docs/glossary.toml), and no text in any language that says SG
//! values are added: they are XORed.

use grundy::locale::{Lang, keys, text_in};

/// Every (key, text) of `lang`.
fn texts(lang: Lang) -> Vec<(String, String)> {
    keys(lang)
        .into_iter()
        .map(|key| {
            let text = text_in(lang, &key).into_owned();
            (key, text)
        })
        .collect()
}

/// Whether `pattern` occurs in `text`, where `#` in the pattern stands for a number (a run of
/// digits) or a `%{placeholder}`.
fn occurs(pattern: &str, text: &str) -> bool {
    fn at(pattern: &[char], text: &[char]) -> bool {
        match pattern.split_first() {
            None => true,
            Some(('#', rest)) => {
                let digits = text.iter().take_while(|c| c.is_ascii_digit()).count();
                let placeholder = if text.starts_with(&['%', '{']) {
                    text.iter().position(|&c| c == '}').map_or(0, |end| end + 1)
                } else {
                    0
                };
                let len = digits.max(placeholder);
                len > 0 && at(rest, &text[len..])
            }
            Some((c, rest)) => text.first() == Some(c) && at(rest, &text[1..]),
        }
    }
    let pattern: Vec<char> = pattern.chars().collect();
    let text: Vec<char> = text.chars().collect();
    (0..text.len()).any(|start| at(&pattern, &text[start..]))
}

/// The glossary's rejected words found in the texts of `lang`: (key, word, text).
fn rejected_in(glossary: &toml::Table, lang: Lang) -> Vec<(String, String, String)> {
    let strings = |idea: &toml::Table, field: &str| -> Vec<String> {
        let name = format!("{field}-{}", lang.code());
        idea.get(&name)
            .and_then(|v| v.as_array())
            .map(|list| {
                list.iter()
                    .map(|s| s.as_str().expect("a string").to_string())
                    .collect()
            })
            .unwrap_or_default()
    };
    let ideas = glossary["idea"].as_array().expect("[[idea]] tables");
    let mut found = Vec::new();
    let doc = format!("docs/RULES.{}.md", lang.code());
    let path = format!("{}/{doc}", env!("CARGO_MANIFEST_DIR"));
    let mut all = texts(lang);
    if let Ok(rules) = std::fs::read_to_string(path) {
        all.push((doc, rules));
    }
    for (key, text) in all {
        for idea in ideas {
            let idea = idea.as_table().expect("a table");
            let mut rest = text.clone();
            for allowed in strings(idea, "allow") {
                rest = rest.replace(&allowed, " ");
            }
            for word in strings(idea, "reject") {
                if occurs(&word, &rest) {
                    found.push((key.clone(), word, text.clone()));
                }
            }
        }
    }
    found
}

fn glossary() -> toml::Table {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/glossary.toml");
    std::fs::read_to_string(path)
        .expect("docs/glossary.toml")
        .parse()
        .expect("the glossary is TOML")
}

/// Each idea has one term per script: no locale text, nor the rules document of the script,
/// uses a word the glossary rejects.
#[test]
fn every_chinese_text_uses_the_glossary_terms() {
    let glossary = glossary();
    for lang in [Lang::ZhCn, Lang::ZhTw] {
        let found = rejected_in(&glossary, lang);
        let listed: Vec<String> = found
            .iter()
            .map(|(key, word, text)| format!("{key}: {word:?} in {text:?}"))
            .collect();
        assert!(
            found.is_empty(),
            "{} texts use rejected words:\n{}",
            lang.code(),
            listed.join("\n")
        );
    }
}

/// The scan is not one that cannot fail: a rejected word in a text is found, one inside an
/// allowed compound is not, and `#` matches numbers and placeholders.
#[test]
fn the_glossary_scan_finds_rejected_words() {
    assert!(occurs("取 # 個", "從第一堆取 12 個"));
    assert!(occurs("取 # 個", "取 %{take} 個（"));
    assert!(!occurs("取 # 個", "取 12 顆"));
    assert!(!occurs("取 # 個", "取 個"));
    let glossary = glossary();
    let ideas = glossary["idea"].as_array().unwrap();
    assert!(ideas.len() >= 10);
    for idea in ideas {
        let idea = idea.as_table().unwrap();
        assert!(
            idea.contains_key("zh-CN") && idea.contains_key("zh-TW"),
            "{idea:?}"
        );
        assert!(
            idea.contains_key("reject-zh-CN") || idea.contains_key("reject-zh-TW"),
            "{idea:?} rejects nothing"
        );
    }
    // The anchor: 角 alone is rejected, 对角线 is not.
    let anchor = ideas
        .iter()
        .find(|i| i["zh-CN"].as_str() == Some("锚点"))
        .unwrap()
        .as_table()
        .unwrap();
    let allow: Vec<&str> = anchor["allow-zh-CN"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    let strip = |text: &str| {
        allow
            .iter()
            .fold(text.to_string(), |t, a| t.replace(a, " "))
    };
    assert!(occurs("角", &strip("选一个角")));
    assert!(!occurs("角", &strip("沿对角线走到角落")));
}

/// Words that say values are added, per language. SG values combine by XOR; the one
/// misconception the SG theorem lesson must not teach is that they add up.
fn says_added(lang: Lang, sentence: &str) -> bool {
    match lang {
        Lang::En => {
            let lower = sentence.to_lowercase();
            // XOR is addition without carries: that definition of it is right.
            let lower = lower.replace("add them without carries", "");
            let adds = lower
                .split(|c: char| !c.is_ascii_alphabetic())
                .any(|w| matches!(w, "add" | "adds" | "added" | "adding"));
            let values = ["value", "sg", "nim-sum", "nimber", "numbers"]
                .iter()
                .any(|w| lower.contains(w));
            adds && values
        }
        Lang::ZhCn | Lang::ZhTw => [
            "相加",
            "加起来",
            "加起來",
            "加在一起",
            "加总",
            "加總",
            "加上它的值",
            "值的和",
            "值之和",
        ]
        .iter()
        .any(|w| sentence.contains(w)),
    }
}

/// The sentences of a text (split after . ! ? 。！？；).
fn sentences(text: &str) -> Vec<&str> {
    text.split_inclusive(['.', '!', '?', '。', '！', '？', '；'])
        .collect()
}

/// No lesson, rule text, why-view line or message in any language says SG values are added;
/// nor do the rules documents.
#[test]
fn no_text_says_sg_values_are_added() {
    let mut found = Vec::new();
    for lang in Lang::ALL {
        for (key, text) in texts(lang) {
            for sentence in sentences(&text) {
                if says_added(lang, sentence) {
                    found.push(format!("{} {key}: {sentence}", lang.code()));
                }
            }
        }
    }
    for (doc, lang) in [
        ("docs/RULES.md", Lang::En),
        ("docs/RULES.zh-CN.md", Lang::ZhCn),
        ("docs/RULES.zh-TW.md", Lang::ZhTw),
    ] {
        let path = format!("{}/{doc}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).expect(doc);
        for sentence in sentences(&text) {
            if says_added(lang, sentence) {
                found.push(format!("{doc}: {sentence}"));
            }
        }
    }
    assert!(found.is_empty(), "values added:\n{}", found.join("\n"));
}

/// The scan would have caught the two lessons the native reader flagged.
#[test]
fn the_added_scan_finds_the_old_slips() {
    assert!(says_added(
        Lang::ZhCn,
        "一个 Nim 局面和一堆巴什博弈，照样通过 SG 值相加。"
    ));
    assert!(says_added(Lang::ZhTw, "各部分的值不能相加。"));
    assert!(says_added(
        Lang::En,
        "For a single game won or lost would be enough; the numbers are what the next lesson adds up."
    ));
    assert!(!says_added(
        Lang::En,
        "A move from an odd stair adds balls to the even stair below."
    ));
    assert!(!says_added(Lang::ZhCn, "各部分 SG 值的异或。"));
}

/// zh-TW's mex is over the non-negative integers: in Taiwan 自然數 starts at 1, and mex{1, 2} = 0
/// would read false.
#[test]
fn zh_tw_mex_is_over_the_non_negative_integers() {
    let mut mex_texts = 0;
    for (key, text) in texts(Lang::ZhTw) {
        assert!(!text.contains("自然數"), "zh-TW {key}: {text}");
        if text.contains("mex") && text.contains("非負整數") {
            mex_texts += 1;
        }
    }
    // The lesson, the why-view's three lines and the rules of the graph game.
    assert!(mex_texts >= 5, "{mex_texts}");
    let rules =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/RULES.zh-TW.md"))
            .unwrap();
    assert!(!rules.contains("自然數") && rules.contains("非負整數"));
}

/// The wordings the native reader asked for (issue 29 item 7), each checked in its text.
#[test]
fn the_wording_reads_as_a_native_reader_writes_it() {
    let cn = |key: &str| text_in(Lang::ZhCn, key).into_owned();
    let tw = |key: &str| text_in(Lang::ZhTw, key).into_owned();
    // Moves are counted in 种 (kinds), not 步 (steps of a game).
    assert!(cn("cli.analyze.moves").contains("其中胜着 %{winning} 种"));
    assert!(tw("cli.analyze.moves").contains("其中勝著 %{winning} 種"));
    // A move's verdict is a winning or losing move (胜着 / 败着), as the screens mark it: 必胜
    // beside a resulting position reads as that position's verdict.
    for key in ["cli.analyze.win", "rules.mark.win", "board.mark.wins"] {
        assert!(
            cn(key).contains("✓ 胜着") && tw(key).contains("✓ 勝著"),
            "{key}"
        );
    }
    for key in ["cli.analyze.lose", "rules.mark.lose", "board.mark.loses"] {
        assert!(
            cn(key).contains("✗ 败着") && tw(key).contains("✗ 敗著"),
            "{key}"
        );
    }
    // "No game finished yet", not "the unfinished games".
    assert_eq!(cn("cli.stats.none"), "还没有下完过一局。");
    assert_eq!(tw("cli.stats.none"), "還沒有下完過一局。");
    // 和 between two adjectives reads as a sum of games.
    assert!(!cn("menu.saves_entry").contains("和命名"));
    assert!(!tw("menu.saves_entry").contains("和命名"));
    // Lesson 3 does not say "SG 值" before lesson 4 defines it.
    assert!(!cn("learn.ask.nim_sum").contains("SG"));
    assert!(!tw("learn.ask.nim_sum").contains("SG"));
    // Lesson 7 names the floor stair 0, as the tutorials do.
    assert!(cn("learn.stairs.page1").contains("第 0 级"));
    assert!(tw("learn.stairs.page1").contains("第 0 級"));
    // Lesson 8 states the misère Nim theorem in one line.
    assert!(cn("learn.misere.page3").contains("一句话：先手必胜，当且仅当"));
    assert!(tw("learn.misere.page3").contains("一句話：先手必勝，若且唯若"));
    assert!(text_in(Lang::En, "learn.misere.page3").contains("In one line"));
    // "Some heap has more than one" is 至少有一堆, never a bare 有一堆.
    for lang in [Lang::ZhCn, Lang::ZhTw] {
        for (key, text) in texts(lang) {
            for bare in ["有一堆多于", "有一堆大于", "有一堆多於", "有一堆大於"]
            {
                for (at, _) in text.match_indices(bare) {
                    assert!(
                        text[..at].ends_with("至少"),
                        "{} {key}: {bare} without 至少 in {text}",
                        lang.code()
                    );
                }
            }
        }
    }
}

/// A Latin name and a Chinese character are set apart by a space (`异或和为 *0`, `照 Nim 下`),
/// as Chinese typesetting does.
#[test]
fn latin_names_are_spaced_from_chinese() {
    let han = |c: char| ('\u{4e00}'..='\u{9fff}').contains(&c);
    for lang in [Lang::ZhCn, Lang::ZhTw] {
        for (key, text) in texts(lang) {
            for name in ["Nim", "Wythoff", "XOR", "SG", "mex", "Kayles"] {
                for (at, _) in text.match_indices(name) {
                    let before = text[..at].chars().last();
                    let after = text[at + name.len()..].chars().next();
                    assert!(
                        !before.is_some_and(han) && !after.is_some_and(han),
                        "{} {key}: {name} touches a Chinese character in {text}",
                        lang.code()
                    );
                }
            }
        }
    }
}
