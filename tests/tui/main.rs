//! The terminal-interface test binary: the app on ratatui's `TestBackend`, driven by scripted
//! keys and clicks and compared with the insta snapshots in tests/tui/snapshots/.

#[path = "../brute/mod.rs"]
mod brute;
#[path = "../common/mod.rs"]
mod common;

mod hints_off;
mod i18n;
mod integration;
mod issue27;
mod lab;
#[cfg(unix)]
mod lab_judge;
mod learn;
mod learn_beyond;
mod learn_feedback;
mod new_player;
mod nothing_lost;
mod persist;
mod practice;
mod practice_weakest;
mod review_queue;
mod rules_lab;
mod rules_record;
mod rules_saved;
mod script_text;
mod tui_dag;
mod tui_dodgeball;
mod tui_events;
mod tui_grid;
mod tui_heaps;
mod tui_interface;
mod tui_new_games;
mod tui_render;
mod tui_sums;
mod tui_teacher;
mod tui_wythoff;
mod why_view;
