//! Drawing the app: the screen on top (menu or game), the help, the confirm and save-name
//! popups over it, or the "terminal too small" message.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use crate::locale::shorten_code;
use crate::tui::text;
use crate::tui::theme::Theme;

use super::{App, Leave, Screen};
use crate::tui::practice::Practice;

impl App {
    /// The smallest screen the current screen fits on.
    pub fn min_size(&self) -> (u16, u16) {
        match &self.screen {
            Screen::Menu(menu) => menu.size_needed(),
            Screen::Learn(learn) => learn.min_size(),
            Screen::Game { game, .. } => game.min_size(),
            Screen::Practice(_) => Practice::min_size(),
        }
    }

    /// Draws everything.
    pub fn draw(&mut self, frame: &mut Frame) {
        let area = frame.area();
        self.draw_area(area, frame.buffer_mut());
    }

    fn draw_area(&mut self, area: Rect, buf: &mut Buffer) {
        let (w, h) = self.min_size();
        self.too_small = area.width < w || area.height < h;
        if self.too_small {
            too_small(area, buf, (w, h), &self.theme);
            // The help may be read on a small screen too.
            if let Some(help) = &self.help {
                help.draw(area, buf, &self.theme);
            }
            return;
        }
        match &mut self.screen {
            Screen::Menu(menu) => menu.draw(area, buf, &self.theme),
            Screen::Learn(learn) => learn.draw(area, buf, &self.theme),
            Screen::Game { game, .. } => game.draw(area, buf, &self.theme),
            Screen::Practice(practice) => practice.draw(area, buf, &self.theme),
        }
        if let Some(help) = &self.help {
            help.draw(area, buf, &self.theme);
        }
        if let Some(leave) = &self.confirm {
            self.draw_confirm(leave, area, buf);
        }
        if let Some(name) = &self.prompt {
            self.draw_prompt(name, area, buf);
        }
    }

    fn draw_confirm(&self, leave: &Leave, area: Rect, buf: &mut Buffer) {
        let moves = match &self.screen {
            Screen::Game { game, .. } => game.moves_played(),
            Screen::Menu(_) | Screen::Learn(_) | Screen::Practice(_) => 0,
        };
        // A lesson's game is not kept on leaving (see `autosave`).
        let lesson = matches!(&self.screen, Screen::Game { kept, .. } if kept.lesson.is_some());
        let saves = self.store.unfinished_dir().is_some() && !lesson;
        let (title, what, yes) = match leave {
            Leave::Overwrite(name) => (
                " Replace? ",
                format!(
                    "A save \"{}\" of another game exists.",
                    shorten_code(&crate::input::escape_controls(name), 40)
                ),
                "y replace it",
            ),
            Leave::Quit if saves => (
                " Quit? ",
                "Quitting saves this game: Resume in the menu continues it.".to_string(),
                "y save and quit",
            ),
            Leave::NewGame if saves => (
                " New game? ",
                "This game is saved first: Resume in the menu continues it.".to_string(),
                "y save, new game",
            ),
            Leave::Quit => (
                " Quit? ",
                format!("The {moves} moves of this game are lost."),
                "y quit",
            ),
            Leave::NewGame => (
                " New game? ",
                format!("The {moves} moves of this game are lost."),
                "y new game",
            ),
            Leave::Restart => (
                " Restart? ",
                format!("The {moves} moves played are lost (s saves them first)."),
                "y restart",
            ),
        };
        let keys = format!("{yes} · n keep playing");
        let width = (text::width(&what).max(text::width(&keys)) as u16 + 4).min(area.width);
        self.popup(
            area,
            buf,
            title,
            width,
            &[(what.as_str(), false), (&keys, true)],
        );
    }

    fn draw_prompt(&self, name: &str, area: Rect, buf: &mut Buffer) {
        let dir = self
            .store
            .saves_dir()
            .map(|d| d.display().to_string())
            .unwrap_or_default();
        let line = format!("Name: {name}▏");
        let place = format!("into {}", shorten_code(&dir, 50));
        let keys = "Enter save · Esc cancel";
        let width = [text::width(&line), text::width(&place), text::width(keys)]
            .into_iter()
            .max()
            .unwrap_or(0)
            .max(44) as u16
            + 4;
        self.popup(
            area,
            buf,
            " Save game ",
            width.min(area.width),
            &[(line.as_str(), false), (place.as_str(), true), (keys, true)],
        );
    }

    /// A small bordered popup in the middle of `area` with centred lines (`true`: dim).
    fn popup(&self, area: Rect, buf: &mut Buffer, title: &str, width: u16, lines: &[(&str, bool)]) {
        let height = (lines.len() as u16 * 2 + 1).min(area.height);
        let popup = area.centered(
            ratatui::layout::Constraint::Length(width),
            ratatui::layout::Constraint::Length(height),
        );
        ratatui::widgets::Clear.render(popup, buf);
        let block = Block::bordered()
            .title(Line::styled(title.to_string(), self.theme.title))
            .border_style(self.theme.focus_border);
        let inner = block.inner(popup);
        block.render(popup, buf);
        for (i, (text, dim)) in lines.iter().enumerate() {
            let style = if *dim {
                self.theme.dim
            } else {
                self.theme.text
            };
            text::centred(buf, inner, inner.y + 2 * i as u16, text, style);
        }
    }
}

fn too_small(area: Rect, buf: &mut Buffer, (w, h): (u16, u16), theme: &Theme) {
    let text = vec![
        Line::styled("Terminal too small", theme.title),
        Line::raw(format!("It is {}×{}.", area.width, area.height)),
        Line::raw(format!("grundy needs at least {w}×{h} here.")),
        Line::raw("Enlarge the window, or press q to quit (? help)."),
        Line::raw("Other keys do nothing until it fits."),
    ];
    Paragraph::new(text)
        .wrap(Wrap { trim: true })
        .block(Block::new())
        .render(area, buf);
}
