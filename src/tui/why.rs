//! The why-view: a part's derivation (its options and their values, the set, the mex, the
//! formula with its numbers) in the player's language, scrollable. The game opens it as a
//! popup on the selected part (a hint: with hints off it shows only that hints are off), and
//! Practice shows it under each answer.

use std::cell::Cell;

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use crate::locale::why::{Reader, lines, sum_lines};
use crate::tr;
use crate::tui::keymap::Action;
use crate::tui::text;
use crate::tui::theme::Theme;
use crate::why::{Derivation, PartsSum};

/// The options a why-view lists (a heap of a million has a million): the rest are counted.
pub const SHOWN_OPTIONS: usize = 200;

/// A why-view's state: its lines and how far it is scrolled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WhyView {
    /// The derivation in words; empty when hints are off.
    lines: Vec<String>,
    /// Hints are off: the view says so and shows nothing else.
    hidden: bool,
    pub scroll: u16,
    /// The last line the view can scroll to, from the last draw.
    max_scroll: Cell<u16>,
}

impl WhyView {
    /// The view of `derivation`, in this thread's language.
    pub fn new(derivation: &Derivation) -> WhyView {
        WhyView {
            lines: lines(derivation, Reader::View),
            hidden: false,
            scroll: 0,
            max_scroll: Cell::new(u16::MAX),
        }
    }

    /// The view of a position's parts and their nim-sum: why no move wins in a lost
    /// position, where no part has a derivation to show.
    pub fn sum(sum: &PartsSum) -> WhyView {
        WhyView {
            lines: sum_lines(sum),
            hidden: false,
            scroll: 0,
            max_scroll: Cell::new(u16::MAX),
        }
    }

    /// The view with hints off: it names no value.
    pub fn hints_off() -> WhyView {
        WhyView {
            lines: Vec::new(),
            hidden: true,
            scroll: 0,
            max_scroll: Cell::new(0),
        }
    }

    /// The text, one string a line (tests read it).
    pub fn text(&self) -> Vec<String> {
        if self.hidden {
            vec![
                tr!(
                    "why.view.hints_off",
                    key = crate::tui::keymap::key_for(Action::Hints)
                )
                .into_owned(),
            ]
        } else {
            self.lines.clone()
        }
    }

    /// The view's lines wrapped to `width` columns by [`text::wrap`] (between CJK characters,
    /// never inside a number or a formula, with the 禁则 rules), a wrapped line keeping its
    /// indent: ratatui's own wrap breaks only at spaces, so a Chinese line broke inside
    /// `|7 − 10|` or went whole to the next row.
    fn paragraph(&self, theme: &Theme, width: u16) -> Paragraph<'static> {
        let mut lines: Vec<Line<'static>> = Vec::new();
        for (i, line) in self.text().into_iter().enumerate() {
            let style = if i == 0 { theme.title } else { theme.text };
            // A line that fits keeps its spacing (two spaces set a value apart).
            if text::width(&line) <= width as usize {
                lines.push(Line::styled(line, style));
                continue;
            }
            let body = line.trim_start();
            let indent = &line[..line.len() - body.len()];
            let room = (width as usize).saturating_sub(text::width(indent)).max(1);
            for row in text::wrap(body, room) {
                lines.push(Line::styled(
                    text::fit(&format!("{indent}{row}"), width as usize),
                    style,
                ));
            }
        }
        Paragraph::new(lines)
    }

    /// Draws the view into `area` (no border), scrolled; remembers how far it can scroll.
    pub fn draw_in(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let paragraph = self.paragraph(theme, area.width);
        let total = paragraph.line_count(area.width);
        let max = u16::try_from(total.saturating_sub(area.height as usize)).unwrap_or(u16::MAX);
        self.max_scroll.set(max);
        paragraph
            .scroll((self.scroll.min(max), 0))
            .render(area, buf);
    }

    /// Draws the view as a popup centred on `area`, with its keys on the border.
    pub fn draw_popup(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let width = area.width.saturating_sub(4).min(90);
        let inner_width = width.saturating_sub(2);
        let total = self.paragraph(theme, inner_width).line_count(inner_width);
        let height = u16::try_from(total + 2)
            .unwrap_or(u16::MAX)
            .min(area.height.saturating_sub(2));
        let popup = area.centered(Constraint::Length(width), Constraint::Length(height));
        Clear.render(popup, buf);
        let hint = format!(" {} ", tr!("why.view.keys"));
        let block = Block::bordered()
            .title(Line::styled(
                format!(" {} ", tr!("why.view.title")),
                theme.title,
            ))
            .title_bottom(Line::styled(
                text::fit(&hint, popup.width.saturating_sub(2) as usize),
                theme.dim,
            ))
            .border_style(theme.focus_border);
        let inner = block.inner(popup);
        block.render(popup, buf);
        self.draw_in(inner, buf, theme);
    }

    /// Scrolls `lines` lines, never past the end (as last drawn).
    pub fn scroll_lines(&mut self, down: bool, lines: u16) {
        if down {
            self.scroll = self.scroll.saturating_add(lines).min(self.max_scroll.get());
        } else {
            self.scroll = self.scroll.min(self.max_scroll.get()).saturating_sub(lines);
        }
    }

    /// A scrolling action; returns whether it was one.
    pub fn scroll(&mut self, action: Action) -> bool {
        match action {
            Action::Up => self.scroll_lines(false, 1),
            Action::Down => self.scroll_lines(true, 1),
            Action::PageUp => self.scroll_lines(false, 10),
            Action::PageDown => self.scroll_lines(true, 10),
            Action::Home => self.scroll_lines(false, u16::MAX),
            Action::End => self.scroll_lines(true, u16::MAX),
            _ => return false,
        }
        true
    }
}
