//! The game in Chinese in a real pseudo-terminal: with `LANG=zh_CN.UTF-8` (and no settings
//! file) the menu is in Simplified Chinese, and a game started from it is played to its end
//! by keys, every screen of it in Chinese; `LANG=zh_TW.UTF-8` gives Traditional Chinese.

use std::time::{Duration, Instant};

use crate::common;
use common::pty::{Pty, TIMEOUT};

/// The move number in the Chinese title line (`… · 第 7 步 · …`).
fn move_number(pty: &Pty) -> Option<usize> {
    let text = pty.screen_text();
    let title = text.lines().next()?;
    let after = title.split("第 ").nth(1)?;
    after.split_whitespace().next()?.parse().ok()
}

#[test]
fn the_chinese_menu_starts_a_game_played_to_its_end() {
    let mut pty = Pty::spawn(&[], &[("LANG", "zh_CN.UTF-8")]);
    pty.wait_for("选择游戏");
    pty.wait_for("公平组合游戏");
    pty.wait_taken_over();
    // Enter: the game's settings, in Chinese; Enter again starts the game (a random start
    // that perfect play wins for the player).
    pty.send("\r");
    pty.wait_for("开始游戏");
    pty.wait_for("语言");
    pty.send("\r");
    pty.wait_for("轮到你走");
    // The graded hint three times shows the winning move and selects it; Enter plays it.
    let deadline = Instant::now() + TIMEOUT * 6;
    loop {
        assert!(
            Instant::now() < deadline,
            "not won in time:\n{}",
            pty.screen_text()
        );
        if pty.screen_text().contains("你赢了") {
            break;
        }
        let before = move_number(&pty).expect("a move number in the title");
        pty.send("www");
        pty.wait_for("必胜的一步");
        pty.send("\r");
        pty.wait_until("the AI's reply or the end", |s| {
            let text = s.contents();
            text.contains("你赢了")
                || (text.contains("轮到你走")
                    && text
                        .lines()
                        .next()
                        .is_some_and(|t| t.contains(&format!("第 {} 步", before + 2))))
        });
        std::thread::sleep(Duration::from_millis(20));
    }
    let screen = pty.screen_text();
    assert!(screen.contains("对局结束"), "{screen}");
    assert!(!screen.contains("You win"), "{screen}");
    pty.quit();
}

#[test]
fn a_taiwan_locale_gives_traditional_chinese() {
    let mut pty = Pty::spawn(&[], &[("LANG", "zh_TW.UTF-8")]);
    pty.wait_for("選擇遊戲");
    pty.wait_taken_over();
    pty.quit();
}
