//! How long the terminal game takes to answer a key and draw the next frame on the largest
//! boards, hints on: the TUI must stay responsive up to the bounds (30000 coins, 100 × 100,
//! 10^6 boxes; a 200-vertex graph, a queen at 10^9, a sum of six games). Drawn on ratatui's
//! `TestBackend` at 120 × 40, so terminal I/O is left out; each iteration is what the event
//! loop does for a key: handle it, update, draw.
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
    settled(&PlayOptions {
        game: Some(game),
        n: match game {
            GameKind::Coins => Some(30_000),
            GameKind::Dodgeball => Some(1_000_000),
            _ => None,
        },
        maxq: Some(20),
        rows: Some(100),
        cols: Some(100),
        ..PlayOptions::default()
    })
}

/// A game from `code`, hints on, analyses settled.
fn from_code(code: &str) -> (App, Terminal<TestBackend>) {
    settled(&PlayOptions {
        code: Some(code.to_string()),
        ..PlayOptions::default()
    })
}

/// The app for `options` (you first, the perfect AI, hints on, seed 1), its first frame
/// drawn and the hint analysis taken in.
fn settled(options: &PlayOptions) -> (App, Terminal<TestBackend>) {
    let options = PlayOptions {
        first: First::You,
        level: Level::Perfect,
        hints: true,
        seed: Some(1),
        ..options.clone()
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
    assert!(
        screen.to_lowercase().contains("nim-sum"),
        "hints drawn before measuring"
    );
    (app, terminal)
}

fn press(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

/// One key and the frame after it, alternating so the board keeps moving.
fn key_and_frame(c: &mut Criterion, name: &str, game: GameKind, keys: [KeyCode; 2]) {
    let (app, terminal) = largest(game);
    measure(c, name, app, terminal, keys);
}

fn measure(
    c: &mut Criterion,
    name: &str,
    mut app: App,
    mut terminal: Terminal<TestBackend>,
    keys: [KeyCode; 2],
) {
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
    // The curriculum's largest boards of their own: a graph of 200 vertices (each vertex with
    // edges to the next, the third and the seventh after it), a queen at 10^9, a sum of six
    // games. Tab/Shift-Tab change the chosen token or component; arrows move the queen's target.
    let edges: Vec<String> = (1..=200u32)
        .flat_map(|v| [1, 3, 7].map(|d| (v, v + d)))
        .filter(|&(_, w)| w <= 200)
        .map(|(v, w)| format!("{v}>{w}"))
        .collect();
    let dag = format!("dag:200:{}:1,50,100,150", edges.join(","));
    let (app, terminal) = from_code(&dag);
    measure(
        c,
        "tui: Tab/Shift-Tab + frame, 200-vertex DAG, hints",
        app,
        terminal,
        [KeyCode::Tab, KeyCode::BackTab],
    );
    let (app, terminal) = from_code("wythoff:1000000000,999999999");
    measure(
        c,
        "tui: Left/Right + frame, queen at 10^9, hints",
        app,
        terminal,
        [KeyCode::Left, KeyCode::Right],
    );
    let (app, terminal) =
        from_code("nim:3,4,5+kayles:6,4+coins:4:HTTHTTHT+stairs:1,2,3,4+ed:3,5+grundy:7,9");
    measure(
        c,
        "tui: Down/Up + frame, sum of six games, hints",
        app,
        terminal,
        [KeyCode::Down, KeyCode::Up],
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
