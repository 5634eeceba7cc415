//! The help popup: the rules of the current game and every key, generated from the keymap.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use crate::games::GameKind;
use crate::locale;
use crate::locale::shorten_code;
use crate::tr;
use crate::tui::keymap;
use crate::tui::text;
use crate::tui::theme::Theme;

/// The help popup's state: what it shows and how far it is scrolled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Help {
    pub title: String,
    /// The locale keys of the rules' paragraphs.
    pub rules: &'static [&'static str],
    /// The game whose keys are shown; `None`: the menu's.
    pub game: Option<GameKind>,
    pub scroll: u16,
    /// The last line the popup can scroll to (the text's end at the bottom of the box), from
    /// the last draw: scrolling stops there instead of running into an empty box.
    max_scroll: std::cell::Cell<u16>,
    /// The code of the position on the board, in a game, shortened for the popup.
    pub code: Option<String>,
    /// What the game screen may cut, in full: the nim-sum, the selected move, the side panel.
    pub about: Vec<String>,
    /// Every move played, with the AI's reasons.
    pub moves: Vec<String>,
    /// The keys shown are the Lab's (not the menu's or a game's).
    pub lab: bool,
    /// The keys shown, where they are none of the above (a rules file's game).
    pub keys: Option<Vec<(String, String)>>,
}

impl Help {
    pub fn new(title: String, rules: &'static [&'static str], game: Option<GameKind>) -> Help {
        Help {
            title,
            rules,
            game,
            scroll: 0,
            max_scroll: std::cell::Cell::new(u16::MAX),
            code: None,
            about: Vec::new(),
            moves: Vec::new(),
            lab: false,
            keys: None,
        }
    }

    /// The help of a rules file's game: what a rules file is, and the game's keys.
    pub fn rules_file() -> Help {
        Help {
            keys: Some(crate::tui::rules::help_rows()),
            ..Help::new(
                tr!("lab.source.rules").into_owned(),
                &["rules.help.about"],
                None,
            )
        }
    }

    /// The help of the Lab: what it does, and its keys.
    pub fn lab() -> Help {
        Help {
            lab: true,
            ..Help::new(
                tr!("lab.title").into_owned(),
                &["lab.help.about", "lab.judge.help"],
                None,
            )
        }
    }

    /// Shows `code`, the position on the board, so the player can take it to the command line.
    pub fn with_code(mut self, code: &str) -> Help {
        // Up to 10^6 boxes: a megabyte of code would bury the keys.
        self.code = Some(shorten_code(code, 400));
        self
    }

    /// Adds what the game screen may have cut (see `GameScreen::details`), to read in full.
    pub fn with_details(mut self, (about, moves): (Vec<String>, Vec<String>)) -> Help {
        self.about = about;
        self.moves = moves;
        self
    }

    /// The popup's text for an inner width of `width` columns: paragraphs are left to the
    /// paragraph's wrap, but key descriptions wrap here, under their own column.
    fn lines(&self, theme: &Theme, width: usize) -> Vec<Line<'static>> {
        let mut lines = Vec::new();
        // Paragraphs are wrapped here, where Chinese may break between characters but not
        // before a closing mark; the paragraph widget only breaks at spaces.
        // A paragraph's indentation (the side panel's lines) is kept on every row of it.
        let wrapped = |lines: &mut Vec<Line<'static>>, paragraph: &str, style| {
            let body = paragraph.trim_start();
            let indent = &paragraph[..paragraph.len() - body.len()];
            let room = width.saturating_sub(text::width(indent));
            lines.extend(
                text::wrap(body, room)
                    .into_iter()
                    .map(|row| Line::styled(format!("{indent}{row}"), style)),
            );
        };
        if !self.rules.is_empty() {
            lines.push(Line::styled(tr!("help.rules").into_owned(), theme.title));
            for paragraph in self.rules {
                wrapped(&mut lines, &locale::text(paragraph), theme.text);
                lines.push(Line::raw(""));
            }
        }
        if let Some(code) = &self.code {
            lines.push(Line::styled(tr!("help.position").into_owned(), theme.title));
            lines.push(Line::raw(code.clone()));
            wrapped(&mut lines, &tr!("help.code_commands"), theme.dim);
            for line in &self.about {
                wrapped(&mut lines, line, theme.text);
            }
            lines.push(Line::raw(""));
        }
        lines.push(Line::styled(tr!("help.keys").into_owned(), theme.title));
        let rows = if let Some(keys) = &self.keys {
            keys.clone()
        } else if self.lab {
            keymap::lab_help_rows()
        } else {
            keymap::help_rows(self.game)
        };
        let keys_width = rows.iter().map(|(k, _)| text::width(k)).max().unwrap_or(0);
        // A description that wraps goes on under its own column, not under the keys.
        let indent = keys_width + 2;
        let mut key_row = |keys: String, help: &str| {
            let rows = text::wrap(help, width.saturating_sub(indent));
            for (i, row) in rows.into_iter().enumerate() {
                let head = if i == 0 {
                    let pad = indent.saturating_sub(text::width(&keys));
                    vec![
                        Span::styled(keys.clone(), theme.key),
                        Span::raw(" ".repeat(pad)),
                    ]
                } else {
                    vec![Span::raw(" ".repeat(indent))]
                };
                let mut spans = head;
                spans.push(Span::raw(row));
                lines.push(Line::from(spans));
            }
        };
        for (keys, help) in rows {
            key_row(keys, &help);
        }
        if self.game.is_some() {
            key_row(tr!("keys.mouse").into_owned(), &tr!("keys.help.mouse"));
        }
        if !self.moves.is_empty() {
            lines.push(Line::raw(""));
            lines.push(Line::styled(tr!("help.moves").into_owned(), theme.title));
            for line in &self.moves {
                wrapped(&mut lines, line, theme.text);
            }
        }
        lines
    }

    /// Draws the popup centred on `area`.
    pub fn draw(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let width = area.width.saturating_sub(4).min(76);
        let paragraph = Paragraph::new(self.lines(theme, width.saturating_sub(2) as usize))
            .wrap(Wrap { trim: false });
        let total = paragraph.line_count(width.saturating_sub(2));
        // As tall as the text, at most the screen: no empty box under a short help.
        let height = u16::try_from(total + 2)
            .unwrap_or(u16::MAX)
            .min(area.height.saturating_sub(2));
        let popup = area.centered(Constraint::Length(width), Constraint::Length(height));
        Clear.render(popup, buf);
        let block = Block::bordered()
            .title(Line::styled(
                text::fit(
                    &tr!("help.title", game = self.title),
                    popup.width.saturating_sub(2) as usize,
                ),
                theme.title,
            ))
            .border_style(theme.focus_border);
        let inner = block.inner(popup);
        let max_scroll =
            u16::try_from(total.saturating_sub(inner.height as usize)).unwrap_or(u16::MAX);
        self.max_scroll.set(max_scroll);
        let scroll = self.scroll.min(max_scroll);
        let (first, last) = (
            scroll + 1,
            (scroll as usize + inner.height as usize).min(total),
        );
        // The longest hint that fits the border.
        let hints = if max_scroll == 0 {
            vec![
                tr!("help.bar.still_long").into_owned(),
                tr!("help.bar.still_short").into_owned(),
            ]
        } else {
            vec![
                tr!(
                    "help.bar.scroll_long",
                    first = first,
                    last = last,
                    total = total
                )
                .into_owned(),
                tr!(
                    "help.bar.scroll_short",
                    first = first,
                    last = last,
                    total = total
                )
                .into_owned(),
                format!(" ↑↓ {first}-{last}/{total} · Esc · q "),
            ]
        };
        let room = popup.width.saturating_sub(2) as usize;
        let hint = hints
            .iter()
            .find(|h| text::width(h) <= room)
            .unwrap_or(&hints[hints.len() - 1])
            .clone();
        paragraph
            .scroll((scroll, 0))
            .block(block.title_bottom(Line::styled(
                text::fit(&hint, popup.width.saturating_sub(2) as usize),
                theme.dim,
            )))
            .render(popup, buf);
    }

    /// Scrolls a line (`down` or up), never past the end of the text (as last drawn).
    pub fn scroll_by(&mut self, down: bool) {
        self.scroll_lines(down, 1);
    }

    /// Scrolls `lines` lines, never past the end of the text (as last drawn).
    pub fn scroll_lines(&mut self, down: bool, lines: u16) {
        if down {
            self.scroll = self.scroll.saturating_add(lines).min(self.max_scroll.get());
        } else {
            self.scroll = self.scroll.min(self.max_scroll.get()).saturating_sub(lines);
        }
    }
}
