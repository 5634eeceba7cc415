//! Colours, text styles and glyphs of the terminal game. Two themes: one with colours, and a
//! plain one for `NO_COLOR` that marks everything with modifiers and symbols only, because
//! crossterm drops the modifiers of a coloured cell when `NO_COLOR` is set.
//!
//! Two glyph sets ([`Glyphs`]): the markers, arrows, dots and box drawing the screens use are
//! East-Asian "ambiguous" width — one column to ratatui (and to most terminals), but two in a
//! terminal set to draw them wide, as CJK terminals often are (iTerm2's and GNOME Terminal's
//! "ambiguous-width characters are double-width", mintty, PuTTY with a CJK font). There every
//! one of them pushes the rest of its row a column right and breaks the layout. The wide set
//! draws each as a plain ASCII character of one column everywhere. It is chosen with
//! `GRUNDY_AMBIGUOUS=wide` in the environment rather than a setting, because it is a property
//! of the terminal, like `NO_COLOR`, not of the player: the same settings file serves every
//! terminal the player opens.

use ratatui::buffer::Buffer;
use ratatui::style::{Color, Modifier, Style};
use unicode_width::UnicodeWidthChar;

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
    /// How the ambiguous-width glyphs are drawn.
    pub glyphs: Glyphs,
}

/// The glyphs of ambiguous East-Asian width, and how this terminal is to get them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Glyphs {
    /// As they are: the terminal draws them one column wide, as ratatui counts them.
    Narrow,
    /// Each as an ASCII stand-in of one column (see [`Glyphs::stand_in`]): for terminals that
    /// draw them two columns wide.
    Wide,
}

impl Glyphs {
    /// The set the environment asks for: `GRUNDY_AMBIGUOUS=wide` (or `2`) for terminals that
    /// draw ambiguous-width characters two columns wide; the narrow set otherwise.
    pub fn from_env() -> Glyphs {
        Glyphs::from_var(std::env::var("GRUNDY_AMBIGUOUS").ok().as_deref())
    }

    /// The set a value of `GRUNDY_AMBIGUOUS` asks for.
    pub fn from_var(value: Option<&str>) -> Glyphs {
        match value.map(str::trim) {
            Some(v) if v.eq_ignore_ascii_case("wide") || v == "2" => Glyphs::Wide,
            _ => Glyphs::Narrow,
        }
    }

    /// Whether a character is one a CJK terminal may draw two columns wide, though ratatui
    /// counts one: its East-Asian width is ambiguous.
    pub fn is_ambiguous(c: char) -> bool {
        c.width() == Some(1) && c.width_cjk() == Some(2)
    }

    /// The one-column ASCII character that stands for an ambiguous glyph in the wide set
    /// (`?` for one without a stand-in of its own).
    pub fn stand_in(c: char) -> char {
        match c {
            '·' | '•' | '∙' => '.',
            '…' => '~',
            '→' | '▶' | '►' | '▸' | '»' => '>',
            '←' | '◀' | '◄' | '◂' | '«' => '<',
            '↑' | '▲' => '^',
            '↓' | '▼' => 'v',
            '↙' => '/',
            '●' | '○' | '◎' | '◉' => 'o',
            '■' | '□' | '▮' | '█' | '▒' | '░' | '▓' => '#',
            '▏' | '▕' => '|',
            '×' => 'x',
            // XOR, as programmers write it.
            '⊕' => '^',
            '÷' => '/',
            '≤' => '<',
            '≥' => '>',
            '≠' => '#',
            '±' => '+',
            '−' | '–' | '—' => '-',
            '√' => 'V',
            '∈' => 'E',
            '⌊' | '⌋' => '|',
            '²' => '2',
            // Subscripts (n₀, d₁d₂…, the Lab's lesson): the digit itself.
            '₀'..='₉' => char::from(b'0' + (c as u32 - '₀' as u32) as u8),
            '°' => 'o',
            '‘' | '’' => '\'',
            '“' | '”' => '"',
            '─' | '━' | '═' | '┄' | '┈' => '-',
            '│' | '┃' | '║' | '┆' | '┊' => '|',
            c if ('\u{2500}'..='\u{257F}').contains(&c) => '+',
            _ => '?',
        }
    }

    /// Makes a drawn frame safe for this set: in the wide set every ambiguous glyph becomes its
    /// stand-in, so that no cell takes more columns on the terminal than ratatui gave it.
    pub fn settle(self, buf: &mut Buffer) {
        if self == Glyphs::Narrow {
            return;
        }
        for cell in buf.content.iter_mut() {
            let mut chars = cell.symbol().chars();
            if let (Some(c), None) = (chars.next(), chars.next())
                && Glyphs::is_ambiguous(c)
            {
                cell.set_char(Glyphs::stand_in(c));
            }
        }
    }
}

impl Theme {
    /// The theme a settings choice gives, with `NO_COLOR` honoured by `auto`.
    pub fn of(choice: ThemeChoice) -> Theme {
        let theme = match choice {
            ThemeChoice::Auto => Theme::from_env(),
            ThemeChoice::Plain => Theme::plain(),
        };
        Theme {
            glyphs: Glyphs::from_env(),
            ..theme
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
            glyphs: Glyphs::Narrow,
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
            glyphs: Glyphs::Narrow,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wide_set_is_asked_for_by_the_environment() {
        assert_eq!(Glyphs::from_var(Some("wide")), Glyphs::Wide);
        assert_eq!(Glyphs::from_var(Some(" WIDE ")), Glyphs::Wide);
        assert_eq!(Glyphs::from_var(Some("2")), Glyphs::Wide);
        assert_eq!(Glyphs::from_var(Some("narrow")), Glyphs::Narrow);
        assert_eq!(Glyphs::from_var(Some("")), Glyphs::Narrow);
        assert_eq!(Glyphs::from_var(None), Glyphs::Narrow);
    }

    #[test]
    fn ambiguous_glyphs_have_one_column_stand_ins() {
        for c in "·…→←↑↓●▶◀×✓█─│┌┐└┘├┤▒•≤".chars() {
            if Glyphs::is_ambiguous(c) {
                let s = Glyphs::stand_in(c);
                assert!(s.is_ascii() && s != '?', "{c} has no stand-in of its own");
            }
        }
        // Chinese characters and ASCII are not ambiguous: they stay.
        for c in "必胜态ab1 （，".chars() {
            assert!(!Glyphs::is_ambiguous(c), "{c}");
        }
    }

    /// Every ambiguous glyph of every text in every language, and of the glyphs the screens
    /// draw themselves, has a stand-in of its own (not the `?` of an unknown one).
    #[test]
    fn every_glyph_in_use_has_a_stand_in() {
        use crate::locale::{self, Lang};
        let mut texts: Vec<String> = Vec::new();
        for lang in Lang::ALL {
            for key in locale::keys(lang) {
                texts.push(locale::text_in(lang, &key).into_owned());
            }
        }
        // Drawn by the code: markers, the nim-sum panel, the boards, borders and the chart.
        texts.push("▶◀▸▮●○■□✸∎⊕…·→←↑↓↙×÷─│┌┐└┘├┤┬┴┼█▒▏⌊⌋√≤≥≠−".to_string());
        for text in texts {
            for c in text.chars().filter(|&c| Glyphs::is_ambiguous(c)) {
                assert_ne!(
                    Glyphs::stand_in(c),
                    '?',
                    "{c:?} (in {text:?}) has no stand-in"
                );
            }
        }
    }

    #[test]
    fn the_wide_set_replaces_every_ambiguous_glyph_of_a_frame() {
        use ratatui::layout::Rect;
        let mut buf = Buffer::empty(Rect::new(0, 0, 12, 1));
        buf.set_string(0, 0, "▶ 必胜 · …→", Style::new());
        let before = buf.clone();
        Glyphs::Narrow.settle(&mut buf);
        assert_eq!(buf, before);
        Glyphs::Wide.settle(&mut buf);
        let row: String = buf.content.iter().map(|c| c.symbol()).collect();
        // A wide character's second column is a cell of its own (a space).
        assert_eq!(row, "> 必 胜  . ~> ");
    }
}
