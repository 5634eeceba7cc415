//! The Lab (打表找规律): choose a table — a rule typed in (an octal code such as `0.137`, or any
//! heap rule: `kayles`, `bash:3`, `subtraction:1,3,4`), or one of the two-dimensional tables
//! (Wythoff, E&D, the coin grid's cells, the coin row's places against MAXQ) — and see it as
//! a picture: a sequence as a strip of coloured cells whose rows hold whole periods, with the
//! preperiod and the first period marked and the period found (proved or observed), a table
//! as a heat map. The values and periods are the core's ([`crate::lab`], [`crate::picture`]);
//! this module keeps the view state, computes a table when the player asks for one, and draws.
//!
//! The list of tables is [`SOURCES`]: a new kind of table is a row there and an arm in
//! `Lab::compute`.

use std::cell::Cell;

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Widget};

use crate::lab::check::Formula;
use crate::lab::{LabRule, Period};
use crate::picture::{self, HeatMap, Marks, Palette, Picture, Rgb, Strip};
use crate::tr;
use crate::tui::keymap::{self, Action};
use crate::tui::text;
use crate::tui::theme::Theme;

/// A kind of table the Lab shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A rule typed in: its single-heap values G(0..=n).
    Rule,
    Wythoff,
    Ed,
    Grid,
    Coins,
}

/// The Lab's tables, in the order ←/→ steps through them.
pub const SOURCES: &[Source] = &[
    Source::Rule,
    Source::Wythoff,
    Source::Ed,
    Source::Grid,
    Source::Coins,
];

impl Source {
    /// Its name on the tables line.
    fn name(self) -> String {
        match self {
            Source::Rule => tr!("lab.source.rule"),
            Source::Wythoff => tr!("lab.source.wythoff"),
            Source::Ed => tr!("lab.source.ed"),
            Source::Grid => tr!("lab.source.grid"),
            Source::Coins => tr!("lab.source.coins"),
        }
        .into_owned()
    }

    /// The sizes `<`/`>` step through: values of a rule, or the board's side.
    fn sizes(self) -> &'static [u64] {
        match self {
            Source::Rule => &[100, 300, 1000, 3000, 10_000],
            Source::Wythoff => &[10, 20, 40, 80, 160, 300],
            Source::Ed => &[8, 16, 32, 64, 128],
            Source::Grid => &[6, 12, 24, 48, 100],
            Source::Coins => &[30, 60, 120, 240, 480, 1000],
        }
    }

    /// The size a table starts at (an index of [`Source::sizes`]).
    fn first_size(self) -> usize {
        match self {
            Source::Rule => 2,
            Source::Coins => 1,
            _ => 1,
        }
    }
}

/// What the app must do after a key on the Lab.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LabEvent {
    None,
    /// Back to the menu.
    Menu,
}

/// A formula checked against the table shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It gives every value of the table (how many there are).
    Holds(usize),
    /// The first cell where it differs: its coordinates, the formula's value, the table's.
    Fails {
        at: Vec<(String, i64)>,
        formula: i64,
        table: i64,
    },
    /// It does not parse or evaluate: where (a character, from 1) and why.
    Error { column: usize, message: String },
}

/// A cell of a table for a formula: its coordinates by name, and its value.
type FormulaCell = (Vec<(&'static str, i64)>, i64);

/// The rule the Lab starts with: Dawson's chess, whose period (34) is long enough to see.
const FIRST_RULE: &str = "0.137";

/// The widest cell, in columns.
const MAX_ZOOM: u16 = 3;

/// The Lab's state.
#[derive(Clone, Debug)]
pub struct Lab {
    /// The place in [`SOURCES`] of the table shown.
    source: usize,
    /// The place in its sizes of each source's size.
    sizes: Vec<usize>,
    /// The rule as typed (the one shown, or being typed).
    rule: String,
    /// The rule is being typed: keys go to it. It holds the rule shown before, which Esc
    /// brings back.
    typing: Option<String>,
    /// The table shown, and a sequence's period.
    picture: Picture,
    period: Option<Period>,
    /// Why the typed rule could not be read.
    error: Option<String>,
    /// A formula guessed for the table (`n % 3`; `a`, `b` on a heat map), empty for none, and
    /// what checking it against the table found.
    formula: String,
    verdict: Option<Verdict>,
    /// The formula is being typed; it holds the formula before, which Esc brings back.
    formula_typing: Option<String>,
    /// The first row of cells shown.
    scroll: usize,
    /// A cell's width in columns (1 to [`MAX_ZOOM`]).
    zoom: u16,
    /// Rows of cells there are and rows the last draw showed, so that scrolling stops at the
    /// end (written by the draw, as the help popup's scroll limit is).
    rows: Cell<(usize, usize)>,
}

impl Default for Lab {
    fn default() -> Self {
        Lab::new()
    }
}

impl Lab {
    /// The Lab on its first table: Dawson's chess (0.137).
    pub fn new() -> Lab {
        let mut lab = Lab {
            source: 0,
            sizes: SOURCES.iter().map(|s| s.first_size()).collect(),
            rule: FIRST_RULE.to_string(),
            typing: None,
            picture: Picture::Strip(Strip::new("", 0, Vec::new())),
            period: None,
            error: None,
            formula: String::new(),
            verdict: None,
            formula_typing: None,
            scroll: 0,
            zoom: 2,
            rows: Cell::new((0, 0)),
        };
        lab.compute();
        lab
    }

    /// The smallest screen the Lab fits on.
    pub fn min_size() -> (u16, u16) {
        (60, 16)
    }

    /// Whether the rule is being typed (every key goes to it, q and ? too).
    pub fn is_typing(&self) -> bool {
        self.typing.is_some() || self.formula_typing.is_some()
    }

    /// What checking the formula found, if one is set.
    pub fn verdict(&self) -> Option<&Verdict> {
        self.verdict.as_ref()
    }

    /// Checks the formula against the table shown (an empty formula: no verdict).
    fn check_formula(&mut self) {
        self.verdict = None;
        if self.formula.trim().is_empty() {
            return;
        }
        let formula = match Formula::parse(&self.formula) {
            Ok(formula) => formula,
            Err(e) => {
                self.verdict = Some(Verdict::Error {
                    column: e.column,
                    message: crate::locale::formula_problem(&e.problem),
                });
                return;
            }
        };
        let as_i64 = |v: u64| i64::try_from(v).unwrap_or(i64::MAX);
        let (cells, count): (Vec<FormulaCell>, usize) = match &self.picture {
            Picture::Strip(strip) => (
                strip
                    .values
                    .iter()
                    .enumerate()
                    .map(|(i, &v)| (vec![("n", as_i64(strip.first + i as u64))], as_i64(v)))
                    .collect(),
                strip.values.len(),
            ),
            Picture::HeatMap(map) => (
                (0..map.rows.len())
                    .flat_map(|r| (0..map.cols.len()).map(move |c| (r, c)))
                    .map(|(r, c)| {
                        let at = vec![("a", as_i64(map.rows[r])), ("b", as_i64(map.cols[c]))];
                        (at, as_i64(map.value(r, c)))
                    })
                    .collect(),
                map.values.len(),
            ),
        };
        self.verdict = Some(match formula.first_counterexample(cells) {
            Ok(None) => Verdict::Holds(count),
            Ok(Some(c)) => Verdict::Fails {
                at: c.at,
                formula: c.formula,
                table: c.table,
            },
            Err(e) => Verdict::Error {
                column: e.column,
                message: crate::locale::formula_problem(&e.problem),
            },
        });
    }

    fn kind(&self) -> Source {
        SOURCES[self.source]
    }

    fn size(&self) -> u64 {
        let source = self.kind();
        source.sizes()[self.sizes[self.source]]
    }

    /// The table shown (tests read it).
    pub fn picture(&self) -> &Picture {
        &self.picture
    }

    /// The period found for the sequence shown, if any.
    pub fn period(&self) -> Option<Period> {
        self.period
    }

    /// Tabulates the table chosen; a rule that cannot be read keeps the table before it and
    /// says why.
    fn compute(&mut self) {
        let size = self.size();
        self.scroll = 0;
        self.period = None;
        self.picture = match self.kind() {
            Source::Rule => match LabRule::parse(&self.rule) {
                Ok(rule) => {
                    self.error = None;
                    let values = rule.values(size);
                    self.period = rule.period(&values);
                    let marks = self.period.map(|p| Marks {
                        preperiod: p.preperiod,
                        period: p.period,
                    });
                    Picture::Strip(
                        Strip::new(rule.code(), 0, values.into_iter().map(u64::from).collect())
                            .with_marks(marks),
                    )
                }
                Err(e) => {
                    self.error = Some(
                        tr!(
                            "lab.bad_rule",
                            rule = crate::input::escape_controls(&self.rule),
                            column = e.column,
                            error = e.message
                        )
                        .into_owned(),
                    );
                    return;
                }
            },
            Source::Wythoff => Picture::HeatMap(picture::wythoff(size)),
            Source::Ed => Picture::HeatMap(picture::ed(size)),
            Source::Grid => Picture::HeatMap(picture::grid(size, size)),
            Source::Coins => Picture::HeatMap(picture::coins(size, 20)),
        };
        self.check_formula();
    }

    /// Handles a key: `action` is the keymap's for it ([`keymap::lab_action`]).
    pub fn handle_key(&mut self, key: KeyEvent, action: Option<Action>) -> LabEvent {
        if let Some(before) = &self.formula_typing {
            match key.code {
                KeyCode::Enter => {
                    self.formula_typing = None;
                    self.check_formula();
                }
                KeyCode::Esc => {
                    self.formula = before.clone();
                    self.formula_typing = None;
                }
                KeyCode::Backspace => {
                    self.formula.pop();
                }
                KeyCode::Char(c) if !c.is_control() && self.formula.chars().count() < 60 => {
                    self.formula.push(c)
                }
                _ => {}
            }
            return LabEvent::None;
        }
        if let Some(before) = &self.typing {
            match key.code {
                KeyCode::Enter => {
                    self.typing = None;
                    self.compute();
                }
                KeyCode::Esc => {
                    self.rule = before.clone();
                    self.typing = None;
                }
                KeyCode::Backspace => {
                    self.rule.pop();
                }
                KeyCode::Char(c) if !c.is_control() && self.rule.chars().count() < 40 => {
                    self.rule.push(c)
                }
                _ => {}
            }
            return LabEvent::None;
        }
        let (total, shown) = self.rows.get();
        let last = total.saturating_sub(shown.max(1));
        match action {
            Some(Action::Back) => return LabEvent::Menu,
            Some(Action::Left) => self.choose((self.source + SOURCES.len() - 1) % SOURCES.len()),
            Some(Action::Right) => self.choose((self.source + 1) % SOURCES.len()),
            Some(Action::Select) if self.kind() == Source::Rule => {
                self.typing = Some(std::mem::take(&mut self.rule));
            }
            Some(Action::Up) => self.scroll = self.scroll.saturating_sub(1),
            Some(Action::Down) => self.scroll = (self.scroll + 1).min(last),
            Some(Action::PageUp) => self.scroll = self.scroll.saturating_sub(shown.max(1)),
            Some(Action::PageDown) => self.scroll = (self.scroll + shown.max(1)).min(last),
            Some(Action::ZoomIn) => self.zoom = (self.zoom + 1).min(MAX_ZOOM),
            Some(Action::ZoomOut) => self.zoom = self.zoom.saturating_sub(1).max(1),
            Some(Action::Formula) => {
                self.formula_typing = Some(std::mem::take(&mut self.formula));
            }
            Some(Action::More) => self.resize(true),
            Some(Action::Fewer) => self.resize(false),
            _ => {}
        }
        LabEvent::None
    }

    fn choose(&mut self, source: usize) {
        self.source = source;
        self.compute();
    }

    fn resize(&mut self, larger: bool) {
        let sizes = self.kind().sizes().len();
        let at = &mut self.sizes[self.source];
        let new = if larger {
            (*at + 1).min(sizes - 1)
        } else {
            at.saturating_sub(1)
        };
        if new != *at {
            *at = new;
            self.compute();
        }
    }

    /// Draws the Lab.
    pub fn draw(&self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let block = Block::bordered()
            .title(Line::styled(format!(" {} ", tr!("lab.title")), theme.title))
            .title_bottom(bar_line(theme))
            .border_style(theme.border);
        let inner = block.inner(area);
        block.render(area, buf);
        let inner = Rect {
            x: inner.x + 1,
            width: inner.width.saturating_sub(2),
            ..inner
        };
        if inner.height < 6 {
            return;
        }
        let width = inner.width as usize;
        buf.set_line(
            inner.x,
            inner.y,
            &self.sources_line(theme, width),
            inner.width,
        );
        buf.set_line(inner.x, inner.y + 1, &self.input_line(theme), inner.width);
        // Two rows: a proved period says how far it was checked, and why that is enough.
        let (about, style) = self.about(theme);
        for (i, row) in text::wrap_rows(&about, width, 2).into_iter().enumerate() {
            buf.set_stringn(inner.x, inner.y + 2 + i as u16, row, width, style);
        }
        // The legend takes the last row, the marks' key the one above it for a sequence.
        let marks_row = matches!(&self.picture, Picture::Strip(s) if s.marks.is_some());
        let formula_row = self.formula_typing.is_some() || self.verdict.is_some();
        let legend_rows = 1 + u16::from(marks_row) + u16::from(formula_row);
        let body = Rect {
            y: inner.y + 4,
            height: inner.height.saturating_sub(4 + legend_rows + 1),
            ..inner
        };
        match &self.picture {
            Picture::Strip(strip) => self.draw_strip(strip, body, buf, theme),
            Picture::HeatMap(map) => self.draw_map(map, body, buf, theme),
        }
        let mut legend_y = inner.y + inner.height - legend_rows;
        if formula_row {
            buf.set_line(
                inner.x,
                legend_y,
                &self.formula_line(theme, width),
                inner.width,
            );
            legend_y += 1;
        }
        if marks_row {
            let line = Line::from(vec![
                Span::styled(
                    tr!("lab.marks.preperiod").into_owned(),
                    preperiod_style(Style::new()),
                ),
                Span::raw("  "),
                Span::styled(
                    tr!("lab.marks.period").into_owned(),
                    period_style(Style::new()),
                ),
            ]);
            buf.set_line(inner.x, legend_y, &line, inner.width);
        }
        buf.set_line(
            inner.x,
            legend_y + u16::from(marks_row),
            &self.legend(theme),
            inner.width,
        );
    }

    /// The formula being typed, or the formula and what the check found.
    fn formula_line(&self, theme: &Theme, width: usize) -> Line<'static> {
        let head = Span::styled(tr!("lab.formula").into_owned(), theme.text);
        let formula = Span::styled(self.formula.clone(), theme.key);
        if self.formula_typing.is_some() {
            return Line::from(vec![
                head,
                Span::raw(" "),
                formula,
                Span::styled("▏", theme.dim),
                Span::raw("  "),
                Span::styled(tr!("lab.formula_typing").into_owned(), theme.dim),
            ]);
        }
        let (said, style) = match &self.verdict {
            Some(Verdict::Holds(count)) => (tr!("lab.formula_holds", count = count), theme.winning),
            Some(Verdict::Fails { at, formula, table }) => {
                let at: Vec<String> = at.iter().map(|(k, v)| format!("{k} = {v}")).collect();
                (
                    tr!(
                        "lab.formula_fails",
                        at = at.join(", "),
                        formula = formula,
                        table = table
                    ),
                    theme.losing,
                )
            }
            Some(Verdict::Error { column, message }) => (
                tr!("lab.formula_error", column = column, error = message),
                theme.losing,
            ),
            None => (Default::default(), theme.dim),
        };
        let room =
            width.saturating_sub(text::width(&format!("{} {}  ", head.content, self.formula)));
        Line::from(vec![
            head,
            Span::raw(" "),
            formula,
            Span::raw("  "),
            Span::styled(text::fit(&said, room), style),
        ])
    }

    fn sources_line(&self, theme: &Theme, width: usize) -> Line<'static> {
        let mut spans = Vec::new();
        for (i, source) in SOURCES.iter().enumerate() {
            let name = format!(" {} ", source.name());
            spans.push(if i == self.source {
                Span::styled(name, theme.selected)
            } else {
                Span::styled(name, theme.text)
            });
            spans.push(Span::raw(" "));
        }
        let line = Line::from(spans);
        if line.width() > width {
            // Only the chosen one, between arrows, when the names do not fit.
            return Line::from(vec![
                Span::styled("◀ ", theme.dim),
                Span::styled(self.kind().name(), theme.selected),
                Span::styled(" ▶", theme.dim),
            ]);
        }
        line
    }

    fn input_line(&self, theme: &Theme) -> Line<'static> {
        let size = self.size();
        match self.kind() {
            Source::Rule => {
                let mut spans = vec![
                    Span::styled(tr!("lab.rule").into_owned(), theme.text),
                    Span::raw(" "),
                    Span::styled(self.rule.clone(), theme.key),
                ];
                if self.typing.is_some() {
                    spans.push(Span::styled("▏", theme.dim));
                    spans.push(Span::raw("  "));
                    spans.push(Span::styled(tr!("lab.typing").into_owned(), theme.dim));
                } else {
                    spans.push(Span::raw("  "));
                    spans.push(Span::styled(
                        tr!(
                            "lab.values",
                            n = size,
                            key = keymap::key_for(Action::Select)
                        )
                        .into_owned(),
                        theme.dim,
                    ));
                }
                Line::from(spans)
            }
            Source::Coins => Line::styled(tr!("lab.size.coins", n = size).into_owned(), theme.dim),
            Source::Wythoff => {
                Line::styled(tr!("lab.size.wythoff", n = size).into_owned(), theme.dim)
            }
            Source::Ed => Line::styled(tr!("lab.size.ed", n = size).into_owned(), theme.dim),
            Source::Grid => Line::styled(tr!("lab.size.grid", n = size).into_owned(), theme.dim),
        }
    }

    /// The line under the input: the period found, an error, or what a heat map shows.
    fn about(&self, theme: &Theme) -> (String, Style) {
        if let Some(error) = &self.error {
            return (error.clone(), theme.losing);
        }
        let text = match self.kind() {
            Source::Rule => {
                let n = self.size();
                match self.period {
                    Some(p) if p.proved => tr!(
                        "lab.period.proved",
                        period = p.period,
                        from = p.preperiod,
                        checked = p.checked_to
                    ),
                    Some(p) => tr!(
                        "lab.period.observed",
                        period = p.period,
                        from = p.preperiod,
                        checked = p.checked_to
                    ),
                    None => tr!("lab.period.none", n = n),
                }
            }
            Source::Wythoff => tr!("lab.about.wythoff"),
            Source::Ed => tr!("lab.about.ed"),
            Source::Grid => tr!("lab.about.grid"),
            Source::Coins => tr!("lab.about.coins"),
        };
        (text.into_owned(), theme.value)
    }

    /// The style of a cell of `value`: its colour behind, its number in ink over it.
    fn cell_style(palette: Palette, value: u64, theme: &Theme) -> Style {
        if !theme.colour {
            return theme.text;
        }
        let rgb = |c: Rgb| Color::Rgb(c.0, c.1, c.2);
        Style::new()
            .bg(rgb(palette.colour(value)))
            .fg(rgb(palette.ink(value)))
    }

    /// A cell's text: the value right-aligned in `zoom` columns, or a digit of base 36 (then
    /// `+`) in one column. With colours, a one-column cell is its colour alone.
    fn cell_text(&self, value: u64, theme: &Theme) -> String {
        let zoom = self.zoom as usize;
        if zoom == 1 {
            if theme.colour {
                return " ".to_string();
            }
            return char::from_digit(value as u32, 36)
                .filter(|_| value < 36)
                .unwrap_or('+')
                .to_string();
        }
        let number = value.to_string();
        if number.len() >= zoom {
            // Too wide: the colour says it (a `+` in the plain theme).
            return if theme.colour {
                " ".repeat(zoom)
            } else {
                format!("{}+", " ".repeat(zoom - 1))
            };
        }
        format!("{number:>zoom$}")
    }

    fn draw_strip(&self, strip: &Strip, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let palette = Palette::new(strip.max_value());
        let last = strip.first + strip.values.len().saturating_sub(1) as u64;
        let gutter = last.to_string().len().max(3) as u16 + 1;
        let room = (area.width.saturating_sub(gutter) / self.zoom) as usize;
        let columns = strip.row_width(room).max(1);
        let total = strip.values.len().div_ceil(columns);
        let shown = area.height as usize;
        self.rows.set((total, shown));
        let first = self.scroll.min(total.saturating_sub(shown));
        for (r, row) in (first..total).take(shown).enumerate() {
            let y = area.y + r as u16;
            let n = strip.first + (row * columns) as u64;
            let label = format!("{n:>w$}", w = gutter as usize - 1);
            buf.set_string(area.x, y, label, theme.dim);
            for col in 0..columns {
                let i = row * columns + col;
                let Some(&value) = strip.values.get(i) else {
                    break;
                };
                let n = strip.first + i as u64;
                let mut style = Lab::cell_style(palette, value, theme);
                if strip.in_preperiod(n) {
                    style = preperiod_style(style);
                } else if strip.in_first_period(n) {
                    style = period_style(style);
                }
                let x = area.x + gutter + col as u16 * self.zoom;
                buf.set_string(x, y, self.cell_text(value, theme), style);
            }
        }
    }

    fn draw_map(&self, map: &HeatMap, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let palette = Palette::new(map.max_value());
        let widest = map.rows.iter().max().copied().unwrap_or(0).to_string();
        let corner = format!("{}\\{}", map.row_axis, map.col_axis);
        let gutter = widest.len().max(text::width(&corner)) as u16 + 1;
        let room = (area.width.saturating_sub(gutter) / self.zoom) as usize;
        let columns = map.cols.len().min(room);
        // The header: the axes' names, and a coordinate every few columns.
        buf.set_stringn(area.x, area.y, &corner, gutter as usize, theme.dim);
        let step = (map
            .cols
            .iter()
            .max()
            .copied()
            .unwrap_or(0)
            .to_string()
            .len() as u16
            + 1)
        .div_ceil(self.zoom)
        .max(1) as usize;
        for col in (0..columns).step_by(step) {
            let x = area.x + gutter + col as u16 * self.zoom;
            let label = map.cols[col].to_string();
            let room = area.x + area.width - x;
            buf.set_stringn(x, area.y, &label, room as usize, theme.dim);
        }
        let total = map.rows.len();
        let shown = area.height.saturating_sub(1) as usize;
        self.rows.set((total, shown));
        let first = self.scroll.min(total.saturating_sub(shown));
        for (r, row) in (first..total).take(shown).enumerate() {
            let y = area.y + 1 + r as u16;
            let label = format!("{:>w$}", map.rows[row], w = gutter as usize - 1);
            buf.set_string(area.x, y, label, theme.dim);
            for col in 0..columns {
                let value = map.value(row, col);
                let x = area.x + gutter + col as u16 * self.zoom;
                let style = Lab::cell_style(palette, value, theme);
                buf.set_string(x, y, self.cell_text(value, theme), style);
            }
        }
    }

    /// The legend: a swatch and the value for each value (or gradient step) there is.
    fn legend(&self, theme: &Theme) -> Line<'static> {
        let palette = Palette::new(self.picture.max_value());
        let values = match &self.picture {
            Picture::Strip(strip) => palette.legend(strip.values.iter().copied()),
            Picture::HeatMap(map) => palette.legend(map.values.iter().copied()),
        };
        let mut spans = vec![Span::styled(tr!("lab.legend").into_owned(), theme.dim)];
        for value in values {
            spans.push(Span::raw(" "));
            if theme.colour {
                spans.push(Span::styled("  ", Lab::cell_style(palette, value, theme)));
            }
            spans.push(Span::styled(format!("{value}"), theme.text));
        }
        if !palette.is_distinct() {
            spans.push(Span::styled(
                format!("  {}", tr!("lab.legend_gradient")),
                theme.dim,
            ));
        }
        Line::from(spans)
    }
}

/// The preperiod's cells: dim and italic (in every theme).
fn preperiod_style(style: Style) -> Style {
    style.add_modifier(Modifier::DIM | Modifier::ITALIC)
}

/// The first period's cells: underlined and bold (in every theme).
fn period_style(style: Style) -> Style {
    style.add_modifier(Modifier::UNDERLINED | Modifier::BOLD)
}

fn bar_line(theme: &Theme) -> Line<'static> {
    let mut spans = vec![Span::raw(" ")];
    for (key, label) in keymap::lab_bar() {
        spans.push(Span::styled(key, theme.key));
        spans.push(Span::styled(format!(" {label} "), theme.dim));
    }
    Line::from(spans)
}
