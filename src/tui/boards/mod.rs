//! The boards of the games, and [`start`], the one place that picks a game's board.
//!
//! Boards for the coin grid and dodgeball go in `grid.rs` and `dodgeball.rs` here, implementing
//! [`crate::tui::board::Board`]; until they land, those games show a "coming soon" screen.

pub mod coins;
pub mod dodgeball;

use std::time::Duration;

use rand::rngs::StdRng;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use crate::games::GameKind;
use crate::tui::board::{Board, GameSetup};
use crate::tui::screen::{GameScreen, Match, ScreenEvent, ScreenInput};
use crate::tui::session::SessionConfig;
use crate::tui::theme::Theme;

/// A new match of `setup.kind`: its start position made (or parsed from `setup.code`) and its
/// board ready. Errors (a bad code, a size out of range) are in words for the player.
pub fn start(
    setup: &GameSetup,
    config: SessionConfig,
    hints: bool,
    rng: &mut StdRng,
) -> anyhow::Result<Box<dyn GameScreen>> {
    match setup.kind {
        GameKind::Coins => start_match::<coins::CoinsBoard>(setup, config, hints, rng),
        GameKind::Grid => Ok(Box::new(ComingSoon {
            setup: setup.clone(),
        })),
        GameKind::Dodgeball => start_match::<dodgeball::DodgeballBoard>(setup, config, hints, rng),
    }
}

fn start_match<B: Board>(
    setup: &GameSetup,
    config: SessionConfig,
    hints: bool,
    rng: &mut StdRng,
) -> anyhow::Result<Box<dyn GameScreen>> {
    let position = B::start_position(setup, rng)?;
    Ok(Box::new(Match::<B>::new(
        position,
        setup.clone(),
        config,
        hints,
    )))
}

/// A placeholder for a game whose board is not written yet.
struct ComingSoon {
    setup: GameSetup,
}

impl GameScreen for ComingSoon {
    fn kind(&self) -> GameKind {
        self.setup.kind
    }

    fn setup(&self) -> &GameSetup {
        &self.setup
    }

    fn rules(&self) -> &'static [&'static str] {
        &["This game's board is not ready yet."]
    }

    fn update(&mut self) -> bool {
        false
    }

    fn busy(&self) -> bool {
        false
    }

    fn min_size(&self) -> (u16, u16) {
        (40, 8)
    }

    fn draw(&mut self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        Paragraph::new(vec![
            Line::styled(
                format!("{}: coming soon", self.setup.kind.title()),
                theme.title,
            ),
            Line::raw(""),
            Line::raw("This board is not written yet. Press n for the menu, q to quit."),
        ])
        .wrap(Wrap { trim: true })
        .block(Block::bordered().border_style(theme.border))
        .render(area, buf);
    }

    fn handle(&mut self, input: ScreenInput, _theme: &Theme) -> ScreenEvent {
        match input {
            ScreenInput::Action(crate::tui::keymap::Action::NewGame)
            | ScreenInput::Action(crate::tui::keymap::Action::Back) => ScreenEvent::NewGame,
            _ => ScreenEvent::None,
        }
    }

    fn settle(&mut self, _timeout: Duration) {}
}
