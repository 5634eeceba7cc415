//! Colours and text styles of the terminal game. Two themes: one with colours, and a plain one
//! for `NO_COLOR` that marks everything with modifiers and symbols only, because crossterm drops
//! the modifiers of a coloured cell when `NO_COLOR` is set.

use ratatui::style::{Color, Modifier, Style};

use crate::store::settings::ThemeChoice;

/// Every style the screens use, by meaning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Theme {
    /// Whether this theme uses colours at all.
    pub colour: bool,
    pub text: Style,
    pub dim: Style,
    pub title: Style,
    pub border: Style,
    pub focus_border: Style,
    /// A key name in the hint bar and the help popup.
    pub key: Style,
    /// A tails-up coin (a coin that can be chosen), a piece.
    pub tails: Style,
    /// A heads-up coin, an empty box.
    pub heads: Style,
    /// The cell under the cursor.
    pub cursor: Style,
    /// The selected entry of a list.
    pub selected: Style,
    /// The cells a previewed move changes.
    pub preview: Style,
    /// The cells the last move changed.
    pub last_move: Style,
    /// A move that wins for the player making it, a won game.
    pub winning: Style,
    /// A move that loses for the player making it, a lost game.
    pub losing: Style,
    /// Something the player should notice (the AI thinking, a message).
    pub notice: Style,
    /// Sprague–Grundy values shown in hint mode.
    pub value: Style,
}

impl Theme {
    /// The theme a settings choice gives, with `NO_COLOR` honoured by `auto`.
    pub fn of(choice: ThemeChoice) -> Theme {
        match choice {
            ThemeChoice::Auto => Theme::from_env(),
            ThemeChoice::Plain => Theme::plain(),
        }
    }

    /// The colour theme, or the plain one when `NO_COLOR` is set to anything non-empty
    /// (<https://no-color.org>).
    pub fn from_env() -> Theme {
        match std::env::var_os("NO_COLOR") {
            Some(v) if !v.is_empty() => Theme::plain(),
            _ => Theme::colour(),
        }
    }

    pub fn colour() -> Theme {
        Theme {
            colour: true,
            text: Style::new(),
            dim: Style::new().fg(Color::DarkGray),
            title: Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD),
            border: Style::new().fg(Color::DarkGray),
            focus_border: Style::new().fg(Color::Cyan),
            key: Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
            tails: Style::new().fg(Color::Yellow).add_modifier(Modifier::BOLD),
            heads: Style::new().fg(Color::Gray),
            cursor: Style::new().add_modifier(Modifier::REVERSED),
            selected: Style::new()
                .bg(Color::Blue)
                .fg(Color::White)
                .add_modifier(Modifier::BOLD),
            preview: Style::new().bg(Color::Blue).fg(Color::White),
            last_move: Style::new()
                .fg(Color::Magenta)
                .add_modifier(Modifier::UNDERLINED),
            winning: Style::new().fg(Color::Green).add_modifier(Modifier::BOLD),
            losing: Style::new().fg(Color::Red),
            notice: Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD),
            value: Style::new().fg(Color::Cyan),
        }
    }

    /// No colours at all: selection is reversed video, the rest bold, underlined or plain,
    /// and every state also has a symbol on screen.
    pub fn plain() -> Theme {
        let bold = Style::new().add_modifier(Modifier::BOLD);
        Theme {
            colour: false,
            text: Style::new(),
            dim: Style::new(),
            title: bold,
            border: Style::new(),
            focus_border: bold,
            key: bold,
            tails: bold,
            heads: Style::new(),
            cursor: Style::new().add_modifier(Modifier::REVERSED),
            selected: Style::new().add_modifier(Modifier::REVERSED),
            preview: Style::new().add_modifier(Modifier::UNDERLINED),
            last_move: Style::new().add_modifier(Modifier::UNDERLINED),
            winning: bold,
            losing: Style::new(),
            notice: bold,
            value: Style::new(),
        }
    }
}
