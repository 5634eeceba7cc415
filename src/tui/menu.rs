//! The menu: choose a game, then its size, start, who moves first, the AI level, hints and the
//! seed. The "Start game" button has the focus from the beginning, so Enter twice starts a game.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Position as ScreenPosition, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Widget};

use crate::ai::Level;
use crate::games::GameKind;
use crate::games::coins::CoinRow;
use crate::tui::First;
use crate::tui::board::{GameSetup, Start, centred};
use crate::tui::keymap::{self, Action};
use crate::tui::theme::Theme;

/// Bounds of the menu's number fields.
const MAX_GRID: usize = 100;
const MAX_BOXES: usize = 1_000_000;

/// A field of the settings page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Coins,
    Maxq,
    Rows,
    Cols,
    Boxes,
    /// Heap games: which rule (Nim, Kayles, …).
    HeapRule,
    Start,
    First,
    Level,
    Hints,
    Seed,
    Go,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    ChooseGame,
    Settings,
}

/// What the menu asks the app to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MenuEvent {
    None,
    Start(MenuChoice),
}

/// A game as chosen in the menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MenuChoice {
    pub setup: GameSetup,
    pub first: First,
    pub level: Level,
    pub hints: bool,
    /// `None`: a fresh seed.
    pub seed: Option<u64>,
}

/// The menu's state.
#[derive(Clone, Debug)]
pub struct Menu {
    step: Step,
    game: usize,
    setups: Vec<GameSetup>,
    first: First,
    level: Level,
    hints: bool,
    seed: Option<u64>,
    focus: usize,
    /// The number field being typed into: the next digit appends instead of replacing.
    typing: bool,
    /// Why the last start failed.
    pub error: Option<String>,
    /// Screen rows of the game entries or the fields, from the last draw, for clicks.
    rows: Vec<Rect>,
}

impl Menu {
    /// A menu on the game chooser, with these defaults.
    pub fn new(first: First, level: Level, hints: bool, seed: Option<u64>) -> Menu {
        Menu {
            step: Step::ChooseGame,
            game: 0,
            setups: GameKind::ALL.iter().map(|&k| GameSetup::new(k)).collect(),
            first,
            level,
            hints,
            seed,
            focus: 0,
            typing: false,
            error: None,
            rows: Vec::new(),
        }
    }

    /// The menu on the settings page of a game played before, to start another.
    pub fn after(choice: &MenuChoice) -> Menu {
        let mut menu = Menu::new(choice.first, choice.level, choice.hints, None);
        menu.game = GameKind::ALL
            .iter()
            .position(|&k| k == choice.setup.kind)
            .unwrap_or(0);
        let mut setup = choice.setup.clone();
        setup.code = None;
        menu.setups[menu.game] = setup;
        menu.open_settings();
        menu
    }

    /// Sets the size fields of `kind` (from the command line).
    pub fn set_setup(&mut self, setup: GameSetup) {
        if let Some(i) = GameKind::ALL.iter().position(|&k| k == setup.kind) {
            self.setups[i] = setup;
        }
    }

    fn kind(&self) -> GameKind {
        GameKind::ALL[self.game]
    }

    fn fields(&self) -> Vec<Field> {
        let mut fields = match self.kind() {
            GameKind::Coins => vec![Field::Coins, Field::Maxq, Field::Start],
            GameKind::Grid => vec![Field::Rows, Field::Cols, Field::Start],
            GameKind::Dodgeball => vec![Field::Boxes, Field::Start],
            // The heap family also offers the games with boards of their own.
            GameKind::Heaps
            | GameKind::Stairs
            | GameKind::Ed
            | GameKind::Dag
            | GameKind::Wythoff
            | GameKind::Fibnim => {
                vec![Field::HeapRule, Field::Start]
            }
        };
        fields.extend([
            Field::First,
            Field::Level,
            Field::Hints,
            Field::Seed,
            Field::Go,
        ]);
        fields
    }

    fn open_settings(&mut self) {
        self.step = Step::Settings;
        self.focus = self.fields().len() - 1;
        self.typing = false;
    }

    fn choice(&self) -> MenuChoice {
        MenuChoice {
            setup: self.setups[self.game].clone(),
            first: self.first,
            level: self.level,
            hints: self.hints,
            seed: self.seed,
        }
    }

    /// Handles a key: `digit` is a typed digit, for number fields.
    pub fn handle(&mut self, action: Option<Action>, digit: Option<u32>) -> MenuEvent {
        if action.is_some() || digit.is_some() {
            self.error = None;
        }
        match self.step {
            Step::ChooseGame => match action {
                Some(Action::Up) => {
                    self.game = (self.game + GameKind::ALL.len() - 1) % GameKind::ALL.len()
                }
                Some(Action::Down) => self.game = (self.game + 1) % GameKind::ALL.len(),
                Some(Action::Select) | Some(Action::Right) => self.open_settings(),
                _ => {}
            },
            Step::Settings => {
                let fields = self.fields();
                let field = fields[self.focus.min(fields.len() - 1)];
                if let Some(d) = digit {
                    self.type_digit(field, d);
                    return MenuEvent::None;
                }
                match action {
                    Some(Action::Up) => {
                        self.focus = (self.focus + fields.len() - 1) % fields.len();
                        self.typing = false;
                    }
                    Some(Action::Down) => {
                        self.focus = (self.focus + 1) % fields.len();
                        self.typing = false;
                    }
                    Some(Action::Left) => self.change(field, false),
                    Some(Action::Right) => self.change(field, true),
                    Some(Action::Erase) => self.erase(field),
                    Some(Action::Back) => {
                        self.step = Step::ChooseGame;
                    }
                    Some(Action::Select) => return MenuEvent::Start(self.choice()),
                    _ => {}
                }
            }
        }
        MenuEvent::None
    }

    /// Handles a left click.
    pub fn click(&mut self, at: ScreenPosition) -> MenuEvent {
        let Some(i) = self.rows.iter().position(|r| r.contains(at)) else {
            return MenuEvent::None;
        };
        match self.step {
            Step::ChooseGame => {
                self.game = i;
                self.open_settings();
                MenuEvent::None
            }
            Step::Settings => {
                self.focus = i;
                self.typing = false;
                if self.fields()[i] == Field::Go {
                    MenuEvent::Start(self.choice())
                } else {
                    MenuEvent::None
                }
            }
        }
    }

    fn number(&mut self, field: Field) -> Option<(&mut usize, usize)> {
        let setup = &mut self.setups[self.game];
        match field {
            Field::Coins => Some((&mut setup.coins, CoinRow::MAX_N)),
            Field::Rows => Some((&mut setup.rows, MAX_GRID)),
            Field::Cols => Some((&mut setup.cols, MAX_GRID)),
            Field::Boxes => Some((&mut setup.boxes, MAX_BOXES)),
            _ => None,
        }
    }

    fn type_digit(&mut self, field: Field, d: u32) {
        let typing = self.typing;
        self.typing = true;
        if field == Field::Maxq {
            let setup = &mut self.setups[self.game];
            let v = if typing { setup.maxq * 10 + d } else { d };
            setup.maxq = v.min(CoinRow::MAX_MAXQ);
            return;
        }
        if field == Field::Seed {
            let v = if typing { self.seed.unwrap_or(0) } else { 0 };
            self.seed = Some(v.saturating_mul(10).saturating_add(d as u64));
            return;
        }
        if let Some((value, max)) = self.number(field) {
            let v = if typing {
                *value * 10 + d as usize
            } else {
                d as usize
            };
            *value = v.min(max);
        } else {
            self.typing = false;
        }
    }

    fn erase(&mut self, field: Field) {
        self.typing = true;
        match field {
            Field::Maxq => self.setups[self.game].maxq /= 10,
            Field::Seed => {
                self.seed = self.seed.map(|s| s / 10).filter(|&s| s > 0);
            }
            _ => {
                if let Some((value, _)) = self.number(field) {
                    *value /= 10;
                }
            }
        }
    }

    fn change(&mut self, field: Field, up: bool) {
        self.typing = false;
        let step = |v: usize, max: usize| -> usize {
            if up {
                (v + 1).min(max)
            } else {
                v.saturating_sub(1).max(1)
            }
        };
        match field {
            Field::Maxq => {
                let setup = &mut self.setups[self.game];
                setup.maxq = step(setup.maxq as usize, CoinRow::MAX_MAXQ as usize) as u32;
            }
            Field::HeapRule => {
                // Cycles through the heap games.
                let setup = &mut self.setups[self.game];
                let count = crate::tui::boards::heaps::RULE_STARTS.len();
                setup.heap_rule = if up {
                    (setup.heap_rule + 1) % count
                } else {
                    (setup.heap_rule + count - 1) % count
                };
            }
            Field::Start => {
                let setup = &mut self.setups[self.game];
                setup.start = match setup.start {
                    Start::Random => Start::Standard,
                    Start::Standard => Start::Random,
                };
            }
            Field::First => {
                self.first = match self.first {
                    First::You => First::Ai,
                    First::Ai => First::You,
                }
            }
            Field::Level => {
                let i = Level::ALL
                    .iter()
                    .position(|&l| l == self.level)
                    .unwrap_or(0);
                let j = if up {
                    (i + 1).min(Level::ALL.len() - 1)
                } else {
                    i.saturating_sub(1)
                };
                self.level = Level::ALL[j];
            }
            Field::Hints => self.hints = !self.hints,
            Field::Seed => {
                self.seed = match (self.seed, up) {
                    (None, true) => Some(1),
                    (None, false) => None,
                    (Some(s), true) => Some(s.saturating_add(1)),
                    (Some(s), false) => s.checked_sub(1).filter(|&s| s > 0),
                };
            }
            Field::Go => {}
            _ => {
                if let Some((value, max)) = self.number(field) {
                    *value = step(*value, max);
                }
            }
        }
    }

    fn field_text(&self, field: Field) -> (&'static str, String) {
        let setup = &self.setups[self.game];
        match field {
            Field::Coins => ("Coins", setup.coins.to_string()),
            Field::Maxq => ("MAXQ", setup.maxq.to_string()),
            Field::Rows => ("Rows", setup.rows.to_string()),
            Field::Cols => ("Columns", setup.cols.to_string()),
            Field::Boxes => ("Boxes", setup.boxes.to_string()),
            Field::HeapRule => (
                "Game",
                crate::tui::boards::heaps::rule_entry(setup.heap_rule)
                    .title
                    .to_string(),
            ),
            Field::Start => (
                "Start",
                match (setup.start, setup.kind) {
                    (Start::Standard, GameKind::Dodgeball) => {
                        "standard: every box full".to_string()
                    }
                    (Start::Standard, GameKind::Heaps) => format!(
                        "standard: {}",
                        crate::tui::boards::heaps::rule_entry(setup.heap_rule).start
                    ),
                    (Start::Standard, _) => "standard: every coin T".to_string(),
                    (Start::Random, _) => "random".to_string(),
                },
            ),
            Field::First => (
                "First move",
                match self.first {
                    First::You => "you".to_string(),
                    First::Ai => "AI".to_string(),
                },
            ),
            Field::Level => ("AI level", self.level.to_string()),
            Field::Hints => ("Hints", if self.hints { "on" } else { "off" }.to_string()),
            Field::Seed => (
                "Seed",
                self.seed
                    .map_or_else(|| "auto".to_string(), |s| s.to_string()),
            ),
            Field::Go => ("", String::new()),
        }
    }

    /// The smallest screen the menu fits on.
    pub fn min_size() -> (u16, u16) {
        (52, 18)
    }

    /// Draws the menu and remembers its rows for clicks.
    pub fn draw(&mut self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let width = area.width.min(64);
        let height = area.height.min(18);
        let popup = area.centered(Constraint::Length(width), Constraint::Length(height));
        Clear.render(popup, buf);
        let block = Block::bordered()
            .title(Line::styled(" grundy ", theme.title))
            .title_bottom(bar_line(theme))
            .border_style(theme.focus_border);
        let inner = block.inner(popup);
        block.render(popup, buf);
        centred(
            buf,
            inner,
            inner.y,
            "Impartial games against a Sprague–Grundy AI",
            theme.dim,
        );
        self.rows.clear();
        match self.step {
            Step::ChooseGame => {
                buf.set_string(inner.x + 2, inner.y + 2, "Choose a game", theme.title);
                for (i, kind) in GameKind::ALL.iter().enumerate() {
                    let y = inner.y + 4 + 2 * i as u16;
                    let row = Rect::new(inner.x + 1, y, inner.width.saturating_sub(2), 2);
                    self.rows.push(row);
                    let selected = i == self.game;
                    let marker = if selected { "▶ " } else { "  " };
                    let style = if selected { theme.selected } else { theme.text };
                    if selected {
                        buf.set_style(Rect { height: 1, ..row }, theme.selected);
                    }
                    buf.set_stringn(
                        row.x + 1,
                        y,
                        format!("{marker}{}", kind.title()),
                        row.width as usize,
                        style,
                    );
                    buf.set_stringn(
                        row.x + 5,
                        y + 1,
                        game_blurb(*kind),
                        row.width.saturating_sub(4) as usize,
                        theme.dim,
                    );
                }
                let hint = format!("{} continue", keymap::key_for(Action::Select));
                centred(buf, inner, inner.y + inner.height - 1, &hint, theme.dim);
            }
            Step::Settings => {
                buf.set_string(inner.x + 2, inner.y + 2, self.kind().title(), theme.title);
                let fields = self.fields();
                for (i, field) in fields.iter().enumerate() {
                    let y = inner.y + 4 + i as u16;
                    let row = Rect::new(inner.x + 1, y, inner.width.saturating_sub(2), 1);
                    self.rows.push(row);
                    let focused = i == self.focus;
                    if *field == Field::Go {
                        let y = y + 1;
                        let text = "[ Start game ]";
                        let style = if focused { theme.selected } else { theme.title };
                        centred(buf, inner, y, text, style);
                        self.rows[i] = Rect::new(
                            inner.x + inner.width.saturating_sub(text.len() as u16) / 2,
                            y,
                            text.len() as u16,
                            1,
                        );
                        continue;
                    }
                    let (label, value) = self.field_text(*field);
                    let marker = if focused { "▶ " } else { "  " };
                    let mut spans = vec![
                        Span::styled(marker, theme.text),
                        Span::styled(format!("{label:<12}"), theme.text),
                    ];
                    if focused {
                        spans.push(Span::styled(format!("◀ {value} ▶"), theme.selected));
                    } else {
                        spans.push(Span::styled(format!("  {value}"), theme.text));
                    }
                    buf.set_line(row.x + 1, y, &Line::from(spans), row.width);
                }
                let note = match self.error.as_deref() {
                    Some(e) => Line::styled(e.to_string(), theme.losing),
                    None if fields[self.focus] == Field::HeapRule => Line::styled(
                        crate::tui::boards::heaps::rule_entry(self.setups[self.game].heap_rule)
                            .rule,
                        theme.dim,
                    ),
                    None => Line::styled(field_note(fields[self.focus]), theme.dim),
                };
                buf.set_line(
                    inner.x + 2,
                    inner.y + inner.height - 1,
                    &note,
                    inner.width.saturating_sub(2),
                );
            }
        }
    }
}

fn field_note(field: Field) -> &'static str {
    match field {
        Field::Coins => "1 to 30000; type digits or ←/→",
        Field::Maxq => "how many further coins a move may flip: 1 to 20",
        Field::Rows | Field::Cols => "1 to 100; type digits or ←/→",
        Field::Boxes => "1 to 1000000; type digits or ←/→",
        Field::HeapRule => "←/→ choose the heap game (its rule is in the help, ?)",
        Field::Start => "standard: every box full / every coin T; random: from the seed",
        Field::First => "who makes the first move",
        Field::Level => "easy, medium and hard sometimes play at random",
        Field::Hints => "values, nim-sum and winning moves (i toggles in game)",
        Field::Seed => "auto, or type digits: the same seed, the same game",
        Field::Go => "Enter starts; Esc goes back to the games",
    }
}

fn game_blurb(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Coins => "flip a T coin x and x/2^p, x/2^2p, … (SDOI 2016)",
        GameKind::Grid => "flip a block of coins up-left of a T (ZJOI 2009)",
        GameKind::Dodgeball => "throw a piece from box i to box 2^p·i (PA 2012)",
        GameKind::Heaps
        | GameKind::Stairs
        | GameKind::Ed
        | GameKind::Dag
        | GameKind::Wythoff
        | GameKind::Fibnim => "Nim, Kayles, Grundy's game, misère Nim, Wythoff, E&D, …",
    }
}

fn bar_line(theme: &Theme) -> Line<'static> {
    let mut spans = vec![Span::raw(" ")];
    for (key, label) in keymap::bar(None) {
        spans.push(Span::styled(key, theme.key));
        spans.push(Span::styled(format!(" {label} "), theme.dim));
    }
    Line::from(spans)
}
