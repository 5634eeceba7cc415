//! Drawing the app: the screen on top (menu or game), the help, the confirm and save-name
//! popups over it, or the "terminal too small" message.

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget};

use crate::locale::shorten_code;
use crate::tr;
use crate::tui::text;
use crate::tui::theme::Theme;

use super::{App, Leave, Screen};
use crate::tui::practice::Practice;
use crate::tui::rules::RulesPlay;

impl App {
    /// The smallest screen the current screen fits on.
    pub fn min_size(&self) -> (u16, u16) {
        match &self.screen {
            Screen::Menu(menu) => menu.size_needed(),
            Screen::Learn(learn) => learn.min_size(),
            Screen::Game { game, .. } => game.min_size(),
            Screen::Practice(_) => Practice::min_size(),
            Screen::Review(_) => crate::tui::review_queue::ReviewQueue::min_size(),
            Screen::Lab(_) => crate::tui::lab::Lab::min_size(),
            Screen::Rules { .. } => RulesPlay::min_size(),
        }
    }

    /// Draws everything.
    pub fn draw(&mut self, frame: &mut Frame) {
        let area = frame.area();
        let buf = frame.buffer_mut();
        self.draw_area(area, buf);
        // A popup drawn over Chinese text may cover the right half of a wide character: the
        // half left outside would show as garbage.
        text::mend(buf);
        self.theme.glyphs.settle(buf);
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
            Screen::Review(review) => review.draw(area, buf, &self.theme),
            Screen::Lab(lab) => lab.draw(area, buf, &self.theme),
            Screen::Rules { play, .. } => play.draw_in(area, buf),
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
            Screen::Menu(_)
            | Screen::Learn(_)
            | Screen::Practice(_)
            | Screen::Review(_)
            | Screen::Lab(_)
            | Screen::Rules { .. } => 0,
        };
        // A lesson's game is not kept on leaving (see `autosave`).
        let lesson = matches!(&self.screen, Screen::Game { kept, .. } if kept.lesson.is_some());
        let saves = self.store.unfinished_dir().is_some() && !lesson;
        let (title, what, yes) = match leave {
            Leave::Overwrite(name) => (
                tr!("app.confirm.replace"),
                tr!(
                    "app.confirm.replace_what",
                    name = shorten_code(&crate::input::escape_controls(name), 40)
                ),
                tr!("app.confirm.replace_yes"),
            ),
            Leave::Quit if saves => (
                tr!("app.confirm.quit"),
                tr!("app.confirm.quit_saves"),
                tr!("app.confirm.quit_saves_yes"),
            ),
            Leave::NewGame if saves => (
                tr!("app.confirm.new"),
                tr!("app.confirm.new_saves"),
                tr!("app.confirm.new_saves_yes"),
            ),
            Leave::Quit => (
                tr!("app.confirm.quit"),
                tr!("app.confirm.lost", moves = moves),
                tr!("app.confirm.quit_yes"),
            ),
            Leave::NewGame => (
                tr!("app.confirm.new"),
                tr!("app.confirm.lost", moves = moves),
                tr!("app.confirm.new_yes"),
            ),
            Leave::Restart => (
                tr!("app.confirm.restart"),
                tr!("app.confirm.restart_lost", moves = moves),
                tr!("app.confirm.restart_yes"),
            ),
        };
        let keys = tr!("app.confirm.keys", yes = yes);
        let width = (text::width(&what).max(text::width(&keys)) as u16 + 4).min(area.width);
        self.popup(area, buf, &title, width, &[(&what, false), (&keys, true)]);
    }

    fn draw_prompt(&self, name: &str, area: Rect, buf: &mut Buffer) {
        let dir = self
            .store
            .saves_dir()
            .map(|d| d.display().to_string())
            .unwrap_or_default();
        let line = tr!("app.save.name", name = name);
        let place = tr!("app.save.into", dir = shorten_code(&dir, 50));
        let keys = tr!("app.save.keys");
        let width = [text::width(&line), text::width(&place), text::width(&keys)]
            .into_iter()
            .max()
            .unwrap_or(0)
            .max(44) as u16
            + 4;
        self.popup(
            area,
            buf,
            &tr!("app.save.title"),
            width.min(area.width),
            &[(&line, false), (&place, true), (&keys, true)],
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
            .title(Line::styled(
                text::fit(title, popup.width.saturating_sub(2) as usize),
                self.theme.title,
            ))
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
        Line::styled(tr!("app.small.title"), theme.title),
        Line::raw(tr!(
            "app.small.is",
            width = area.width,
            height = area.height
        )),
        Line::raw(tr!("app.small.needs", width = w, height = h)),
        Line::raw(tr!("app.small.enlarge")),
        Line::raw(tr!("app.small.keys")),
    ];
    Paragraph::new(text::wrap_lines(&text, area.width as usize))
        .block(Block::new())
        .render(area, buf);
}
