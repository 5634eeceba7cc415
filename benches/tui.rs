//! How long the terminal game takes to answer a key and draw the next frame on the largest
//! boards, hints on: the TUI must stay responsive up to the bounds (30000 coins, 100 × 100,
//! 10^6 boxes). Drawn on ratatui's `TestBackend` at 120 × 40, so terminal I/O is left out;
//! each iteration is what the event loop does for a key: handle it, update, draw.
//!
//! `cargo bench --bench tui`

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use grundy::ai::Level;
use grundy::games::GameKind;
use grundy::tui::app::App;
use grundy::tui::theme::Theme;
use grundy::tui::{First, PlayOptions};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// A game on the largest board of `game`, hints on, analyses settled.
fn largest(game: GameKind) -> (App, Terminal<TestBackend>) {
    let options = PlayOptions {
        game: Some(game),
        n: match game {
            GameKind::Coins => Some(30_000),
            GameKind::Dodgeball => Some(1_000_000),
            _ => None,
        },
        maxq: Some(20),
        rows: Some(100),
        cols: Some(100),
        first: First::You,
        level: Level::Perfect,
        hints: true,
        seed: Some(1),
        ..PlayOptions::default()
    };
    let mut app = App::with_delay(&options, Theme::colour(), Duration::ZERO)
        .expect("the largest boards are within the bounds");
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("a test terminal");
    // As the event loop does: the first frame asks for the hint analysis, a worker computes
    // it, the next update takes it in. Frames are measured with the hints drawn.
    app.update();
    terminal.draw(|frame| app.draw(frame)).expect("draws");
    app.settle(Duration::from_secs(60));
    app.update();
    terminal.draw(|frame| app.draw(frame)).expect("draws");
    let screen: String = terminal
        .backend()
        .buffer()
        .content()
        .iter()
        .map(|cell| cell.symbol())
        .collect();
    assert!(screen.contains("nim-sum"), "hints drawn before measuring");
    (app, terminal)
}

fn press(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

/// One key and the frame after it, alternating so the board keeps moving.
fn key_and_frame(c: &mut Criterion, name: &str, game: GameKind, keys: [KeyCode; 2]) {
    let (mut app, mut terminal) = largest(game);
    let mut turn = 0;
    c.bench_function(name, |b| {
        b.iter(|| {
            turn += 1;
            app.handle_event(press(keys[turn % 2]));
            app.update();
            terminal
                .draw(|frame| app.draw(black_box(frame)))
                .expect("draws");
        })
    });
}

fn frames(c: &mut Criterion) {
    key_and_frame(
        c,
        "tui: PgDn/PgUp + frame, 30000 coins, hints",
        GameKind::Coins,
        [KeyCode::PageDown, KeyCode::PageUp],
    );
    key_and_frame(
        c,
        "tui: PgDn/PgUp + frame, 100x100 grid, hints",
        GameKind::Grid,
        [KeyCode::PageDown, KeyCode::PageUp],
    );
    key_and_frame(
        c,
        "tui: End/Home + frame, 10^6 boxes, hints",
        GameKind::Dodgeball,
        [KeyCode::End, KeyCode::Home],
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = frames
}
criterion_main!(benches);
