//! The menu: choose a game, then its size, start, who moves first, the AI level, hints and the
//! seed. The "Start game" button has the focus from the beginning, so Enter twice starts a game.
//! With an unfinished game saved, the chooser starts on **Resume** (the newest one); with any
//! save, its last entry **Saved games** lists them all, newest first, to open one. The
//! settings page shows the statistics of the game at the chosen level. The menu starts from
//! the settings file ([`crate::store::settings`]) and gives its state back as settings to
//! write.

use crate::lang::{Lang, LangChoice};
use crate::locale;
use crate::locale::Words;
use crate::tr;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Position as ScreenPosition, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Widget};

use crate::ai::Level;
use crate::games::GameKind;
use crate::games::coins::CoinRow;
use crate::store::settings::{Settings, ThemeChoice};
use crate::store::stats::Stats;
use crate::tui::First;
use crate::tui::board::{GameSetup, Start};
use crate::tui::keymap::{self, Action};
use crate::tui::text;
use crate::tui::theme::Theme;

/// Bounds of the menu's number fields.
const MAX_GRID: usize = 100;
const MAX_BOXES: usize = 1_000_000;
/// Bounds of the heap rules' parameters in the menu (a code may go further).
const MAX_TAKE: usize = 100;
/// The subtraction sets ←/→ step through (digits typed make any set of 1..9).
const SUBTRACTION_SETS: &[&[u64]] = &[
    &[1, 3, 4],
    &[1, 2],
    &[2, 3],
    &[1, 4],
    &[2, 5],
    &[1, 2, 4],
    &[1, 3, 5],
    &[2, 3, 7],
    &[1, 2, 3, 4, 5],
];

/// The octal codes ←/→ step through (digits typed make any code 0.d1d2…): Dawson's chess,
/// Kayles, Dawson's Kayles, games of Winning Ways' tables, a split without taking, Nim.
/// The longest octal code typed in the menu, in characters (a long code has its shorthand,
/// `0.0{999}7`).
const MAX_CODE_TEXT: usize = 80;

const OCTAL_CODES: &[&str] = &[
    "0.137", "0.77", "0.07", "0.1377", "0.177", "0.117", "0.11377", "4.7", "0.6", "0.3...",
    "4.3...", "8.3...",
];

/// The heap rules with parameters in the menu: the rule's name, its title there and the
/// fields of its parameters (shown under the rule).
const RULE_PARAMS: &[(&str, &str, &[Field])] = &[
    ("bash", "menu.rule.bash", &[Field::BashM]),
    ("take", "menu.rule.take", &[Field::TakeL, Field::TakeR]),
    ("lieges", "menu.rule.lieges", &[Field::LiegesK]),
    (
        "subtraction",
        "menu.rule.subtraction",
        &[Field::SubtractionSet],
    ),
    ("octal", "menu.rule.octal", &[Field::OctalCode]),
];

/// The chosen heap rule's entry of [`RULE_PARAMS`], if it has parameters.
fn rule_params(
    setup: &GameSetup,
) -> Option<&'static (&'static str, &'static str, &'static [Field])> {
    let name = crate::tui::boards::heaps::rule_entry(setup.heap_rule).name;
    RULE_PARAMS.iter().find(|(rule, _, _)| *rule == name)
}

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
    /// Bash: m (take 1..m).
    BashM,
    /// Take l..r: l and r.
    TakeL,
    TakeR,
    /// Lieges of Legendre: k.
    LiegesK,
    /// Subtraction game: the set S.
    SubtractionSet,
    /// Octal game: the code.
    OctalCode,
    Start,
    First,
    Level,
    Hints,
    Seed,
    /// The interface's language (all games: it is kept in the settings file).
    Language,
    Go,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    ChooseGame,
    Settings,
    /// The saves list.
    Saves,
}

/// What the menu asks the app to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MenuEvent {
    None,
    Start(MenuChoice),
    /// Resume the unfinished game.
    Resume,
    /// Open the save at this place of the saves list.
    Open(usize),
    /// Open Practice (drills with a rating).
    Practice,
    /// Open the lessons (the Learn entry).
    Learn,
    /// Open the Lab (tables as pictures, periods found).
    Lab,
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
    /// The unfinished game to resume, in words (`Coin row · 20 coins, MAXQ 4 · move 8`), and
    /// a second line about it (its name).
    resume: Option<(String, String)>,
    /// The Resume entry has the focus (on the game chooser).
    on_resume: bool,
    /// The saves, newest first, in words (two lines each), for the saves list.
    saves: Vec<(String, String)>,
    /// The Saved games entry has the focus (on the game chooser).
    on_saves: bool,
    /// The Learn entry (after the games) has the focus.
    on_learn: bool,
    /// The save with the focus in the saves list, and the first one shown.
    save_focus: usize,
    save_top: usize,
    /// A lasting note (a broken settings or save file), shown until it is dealt with.
    pub notice: Option<String>,
    /// The statistics, shown on the settings page for the game and level.
    pub stats: Stats,
    /// The theme from the settings file (not shown: kept so the settings written keep it).
    pub theme: ThemeChoice,
    /// The interface's language, as the settings hold it.
    pub lang: LangChoice,
}

impl Menu {
    /// A menu on the game chooser, with these defaults.
    pub fn new(first: First, level: Level, hints: bool, seed: Option<u64>) -> Menu {
        Menu {
            step: Step::ChooseGame,
            game: 0,
            // A new player starts from a random board that perfect play wins.
            setups: GameKind::ALL
                .iter()
                .map(|&k| GameSetup {
                    start: Start::RandomWinning,
                    ..GameSetup::new(k)
                })
                .collect(),
            first,
            level,
            hints,
            seed,
            focus: 0,
            typing: false,
            error: None,
            rows: Vec::new(),
            resume: None,
            on_resume: false,
            saves: Vec::new(),
            on_saves: false,
            on_learn: false,
            save_focus: 0,
            save_top: 0,
            notice: None,
            stats: Stats::default(),
            theme: ThemeChoice::Auto,
            lang: LangChoice::Auto,
        }
    }

    /// A menu on the game chooser, from the settings file: the last game and every game's
    /// sizes, who moves first, the level, hints and the theme.
    pub fn from_settings(settings: &Settings) -> Menu {
        let mut menu = Menu::new(settings.first, settings.level, settings.hints, None);
        for setup in &settings.setups {
            menu.set_setup(setup.clone());
        }
        menu.game = GameKind::ALL
            .iter()
            .position(|&k| k == settings.game)
            .unwrap_or(0);
        menu.theme = settings.theme;
        menu.lang = settings.lang;
        menu
    }

    /// The menu's state as settings (coaching taken from `base`, which the menu does not show).
    pub fn settings(&self, base: &Settings) -> Settings {
        let mut setups = self.setups.clone();
        for setup in &mut setups {
            setup.code = None;
        }
        Settings {
            game: self.kind(),
            setups,
            first: self.first,
            level: self.level,
            hints: self.hints,
            coaching: base.coaching,
            theme: self.theme,
            lang: self.lang,
        }
    }

    /// Who moves first, the level, hints and seed (the command line's, over the settings).
    pub fn set_choices(&mut self, first: First, level: Level, hints: bool, seed: Option<u64>) {
        self.first = first;
        self.level = level;
        self.hints = hints;
        self.seed = seed;
    }

    /// Back on the settings page after the game `choice` (its sizes and choices kept).
    pub fn return_to(&mut self, choice: &MenuChoice) {
        let mut setup = choice.setup.clone();
        setup.code = None;
        self.set_setup(setup);
        if let Some(i) = GameKind::ALL.iter().position(|&k| k == choice.setup.kind) {
            self.game = i;
        }
        self.first = choice.first;
        self.level = choice.level;
        self.hints = choice.hints;
        self.seed = None;
        self.open_settings();
    }

    /// Offers the unfinished game `label` to resume (`None`: nothing to resume); the
    /// chooser's focus goes to it.
    pub fn set_resume(&mut self, label: Option<(String, String)>) {
        self.on_resume = label.is_some() && self.step == Step::ChooseGame;
        self.on_learn &= !self.on_resume;
        self.resume = label;
    }

    /// The saves the list offers, newest first, each in words: the game, its size and move
    /// number; then whether unfinished or named, the date and the name.
    pub fn set_saves(&mut self, saves: Vec<(String, String)>) {
        self.saves = saves;
        if self.saves.is_empty() {
            self.on_saves = false;
            if self.step == Step::Saves {
                self.step = Step::ChooseGame;
            }
        }
        self.save_focus = self.save_focus.min(self.saves.len().saturating_sub(1));
    }

    /// Whether the chooser offers a game to resume.
    pub fn has_resume(&self) -> bool {
        self.resume.is_some()
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
            // The heap family also offers every other game of the table, and sums.
            _ => {
                let mut fields = vec![Field::HeapRule];
                // The chosen rule's parameters, under it.
                let setup = &self.setups[self.game];
                if let Some((_, _, params)) = rule_params(setup) {
                    fields.extend_from_slice(params);
                }
                fields.push(Field::Start);
                fields
            }
        };
        fields.extend([
            Field::First,
            Field::Level,
            Field::Hints,
            Field::Seed,
            Field::Go,
        ]);
        // The language first: a player who cannot read the others finds it at the top.
        fields.insert(0, Field::Language);
        fields
    }

    /// The chooser with the focus on the Learn entry (coming back from the lessons).
    pub fn focus_learn(&mut self) {
        self.step = Step::ChooseGame;
        self.on_learn = true;
        self.on_resume = false;
        self.on_saves = false;
    }

    /// The Learn entry: its title and a line under it, the first row selected with the focus.
    fn draw_learn_entry(&mut self, row: Rect, buf: &mut Buffer, theme: &Theme) {
        self.rows.push(row);
        let (marker, style) = if self.on_learn {
            buf.set_style(Rect { height: 1, ..row }, theme.selected);
            ("▶ ", theme.selected)
        } else {
            ("  ", theme.text)
        };
        let title = format!("{marker}{}", crate::tr!("learn.menu"));
        buf.set_stringn(
            row.x + 1,
            row.y,
            text::fit(&title, row.width as usize),
            row.width as usize,
            style,
        );
        let note = crate::tr!("learn.menu_note");
        let room = row.width.saturating_sub(4) as usize;
        buf.set_stringn(
            row.x + 5,
            row.y + 1,
            text::fit(&note, room),
            room,
            theme.dim,
        );
    }

    fn open_saves(&mut self) {
        self.step = Step::Saves;
        self.on_saves = false;
        self.save_focus = 0;
        self.save_top = 0;
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
            Step::Saves => match action {
                Some(Action::Up) => {
                    self.save_focus = self.save_focus.saturating_sub(1);
                }
                Some(Action::Down) => {
                    self.save_focus = (self.save_focus + 1).min(self.saves.len().saturating_sub(1));
                }
                Some(Action::Select) | Some(Action::Right) if !self.saves.is_empty() => {
                    return MenuEvent::Open(self.save_focus);
                }
                Some(Action::Back) | Some(Action::Left) => {
                    self.step = Step::ChooseGame;
                    self.on_resume = false;
                    self.on_saves = true;
                }
                _ => {}
            },
            Step::ChooseGame if action == Some(Action::Practice) => return MenuEvent::Practice,
            Step::ChooseGame if action == Some(Action::Lab) => return MenuEvent::Lab,
            Step::ChooseGame if self.on_learn => match action {
                Some(Action::Up) => {
                    self.on_learn = false;
                    self.game = GameKind::ALL.len() - 1;
                }
                Some(Action::Down) => {
                    self.on_learn = false;
                    if !self.saves.is_empty() {
                        self.on_saves = true;
                    } else if self.resume.is_some() {
                        self.on_resume = true;
                    } else {
                        self.game = 0;
                    }
                }
                Some(Action::Select) | Some(Action::Right) => return MenuEvent::Learn,
                _ => {}
            },
            Step::ChooseGame if self.on_saves => match action {
                Some(Action::Up) => {
                    self.on_saves = false;
                    self.on_learn = true;
                }
                Some(Action::Down) => {
                    self.on_saves = false;
                    if self.resume.is_some() {
                        self.on_resume = true;
                    } else {
                        self.game = 0;
                    }
                }
                Some(Action::Select) | Some(Action::Right) => self.open_saves(),
                _ => {}
            },
            Step::ChooseGame if self.on_resume => match action {
                Some(Action::Up) if !self.saves.is_empty() => {
                    self.on_resume = false;
                    self.on_saves = true;
                }
                Some(Action::Up) => {
                    self.on_resume = false;
                    self.on_learn = true;
                }
                Some(Action::Down) => {
                    self.on_resume = false;
                    self.game = 0;
                }
                Some(Action::Select) | Some(Action::Right) => return MenuEvent::Resume,
                _ => {}
            },
            Step::ChooseGame => match action {
                Some(Action::Up) if self.game == 0 && self.resume.is_some() => {
                    self.on_resume = true
                }
                Some(Action::Down) if self.game + 1 == GameKind::ALL.len() => self.on_learn = true,
                Some(Action::Up) if self.game == 0 && !self.saves.is_empty() => {
                    self.on_saves = true
                }
                Some(Action::Up) if self.game == 0 => self.on_learn = true,
                Some(Action::Up) => self.game -= 1,
                Some(Action::Down) => self.game += 1,
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
                        self.typing = false;
                    }
                    Some(Action::Select) => {
                        if let Some(e) = self.range_error() {
                            self.error = Some(e);
                            return MenuEvent::None;
                        }
                        return MenuEvent::Start(self.choice());
                    }
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
            Step::Saves => {
                let at = self.save_top + i;
                if at < self.saves.len() {
                    self.save_focus = at;
                    MenuEvent::Open(at)
                } else {
                    MenuEvent::None
                }
            }
            Step::ChooseGame if self.resume.is_some() && i == 0 => MenuEvent::Resume,
            Step::ChooseGame => {
                let game = i - usize::from(self.resume.is_some());
                if game == GameKind::ALL.len() {
                    return MenuEvent::Learn;
                }
                // Practice is the last row: after Learn and, when there are saves, Saved games.
                let practice_row = GameKind::ALL.len() + 1 + usize::from(!self.saves.is_empty());
                if game == practice_row {
                    return MenuEvent::Practice;
                }
                if game == practice_row + 1 {
                    return MenuEvent::Lab;
                }
                if game > GameKind::ALL.len() {
                    self.open_saves();
                    return MenuEvent::None;
                }
                self.game = game;
                self.on_resume = false;
                self.on_saves = false;
                self.on_learn = false;
                self.open_settings();
                MenuEvent::None
            }
            Step::Settings => {
                self.focus = i;
                self.typing = false;
                if self.fields()[i] == Field::Go {
                    if let Some(e) = self.range_error() {
                        self.error = Some(e);
                        return MenuEvent::None;
                    }
                    MenuEvent::Start(self.choice())
                } else {
                    MenuEvent::None
                }
            }
        }
    }

    fn number(&mut self, field: Field) -> Option<(&mut usize, usize)> {
        let setup = &mut self.setups[self.game];
        let value = match field {
            Field::Coins => &mut setup.coins,
            Field::Rows => &mut setup.rows,
            Field::Cols => &mut setup.cols,
            Field::Boxes => &mut setup.boxes,
            Field::BashM => &mut setup.bash_m,
            Field::TakeL => &mut setup.take_l,
            Field::TakeR => &mut setup.take_r,
            Field::LiegesK => &mut setup.lieges_k,
            _ => return None,
        };
        Some((value, max_of(field)?))
    }

    /// A typed digit: the first one after the focus arrives replaces the value, the next
    /// ones append. The value is kept as typed, even out of range (then shown as such and
    /// refused by Start), rather than silently changed.
    fn type_digit(&mut self, field: Field, d: u32) {
        let typing = self.typing;
        self.typing = true;
        // Nine digits are more than any field takes: further digits are ignored.
        const MOST: u64 = 999_999_999;
        let next = |old: u64| {
            if !typing {
                d as u64
            } else if old > MOST / 10 {
                old
            } else {
                old * 10 + d as u64
            }
        };
        if field == Field::Maxq {
            let setup = &mut self.setups[self.game];
            setup.maxq = next(setup.maxq as u64) as u32;
            return;
        }
        if field == Field::Seed {
            let v = if typing { self.seed.unwrap_or(0) } else { 0 };
            self.seed = Some(v.saturating_mul(10).saturating_add(d as u64));
            return;
        }
        if field == Field::SubtractionSet {
            // Each digit 1..9 typed is one number of the set (the first starts a new set).
            let set = &mut self.setups[self.game].subtraction;
            if !typing {
                set.clear();
            }
            if d > 0 && !set.contains(&u64::from(d)) {
                set.push(u64::from(d));
                set.sort_unstable();
            }
            return;
        }
        if field == Field::OctalCode {
            // Each digit typed is the next digit after the point (the first starts a new code).
            let code = &mut self.setups[self.game].octal;
            if !typing {
                *code = "0.".to_string();
            }
            if code.chars().count() < MAX_CODE_TEXT {
                code.push(char::from_digit(d, 10).unwrap_or('0'));
            }
            return;
        }
        if let Some((value, _)) = self.number(field) {
            *value = next(*value as u64) as usize;
        } else {
            self.typing = false;
        }
    }

    /// A character of an octal code typed on the code field (digits go through
    /// [`Menu::type_digit`]): a–f append a hexadecimal digit, `{`, `}` a repeat count
    /// (`0.0{999}7`), `.` after a lone first digit makes it d0 (`4`, `.` → `4.`) and anywhere
    /// else is a repeat mark (`4.3...`). Whether the key was taken.
    pub fn type_code_char(&mut self, c: char) -> bool {
        if self.step != Step::Settings {
            return false;
        }
        let fields = self.fields();
        if fields.get(self.focus.min(fields.len().saturating_sub(1))) != Some(&Field::OctalCode) {
            return false;
        }
        let c = c.to_ascii_lowercase();
        if !matches!(c, 'a'..='f' | '.' | '{' | '}' | '…') {
            return false;
        }
        self.error = None;
        let typing = self.typing;
        self.typing = true;
        let code = &mut self.setups[self.game].octal;
        if !typing {
            *code = "0.".to_string();
        }
        if c == '.' && code.len() == 3 && code.starts_with("0.") {
            // "0.4" then '.': the 4 was d0.
            let d0 = code.remove(2);
            *code = format!("{d0}.");
        } else if c == '.' && code == "0." {
            // A '.' first keeps the code as it was started.
        } else if code.chars().count() < MAX_CODE_TEXT {
            code.push(c);
        }
        true
    }

    /// The range of a number field, and its value now.
    fn range(&self, field: Field) -> Option<(usize, usize)> {
        let setup = &self.setups[self.game];
        let value = match field {
            Field::Coins => setup.coins,
            Field::Maxq => setup.maxq as usize,
            Field::Rows => setup.rows,
            Field::Cols => setup.cols,
            Field::Boxes => setup.boxes,
            Field::BashM => setup.bash_m,
            Field::TakeL => setup.take_l,
            Field::TakeR => setup.take_r,
            Field::LiegesK => setup.lieges_k,
            _ => return None,
        };
        Some((value, max_of(field)?))
    }

    /// Whether a number field holds a value outside its range 1..=max.
    fn out_of_range(&self, field: Field) -> bool {
        self.range(field)
            .is_some_and(|(value, max)| value == 0 || value > max)
    }

    /// What is wrong with the first field out of range, if any.
    fn range_error(&self) -> Option<String> {
        let fields = self.fields();
        let setup = &self.setups[self.game];
        if fields.contains(&Field::TakeR) && setup.take_l > setup.take_r {
            return Some(
                tr!("menu.error.take_order", l = setup.take_l, r = setup.take_r).into_owned(),
            );
        }
        if fields.contains(&Field::SubtractionSet) && setup.subtraction.is_empty() {
            return Some(tr!("menu.error.empty_set").into_owned());
        }
        if fields.contains(&Field::OctalCode)
            && let Err(e) = crate::games::heaps::octal::OctalCode::parse(&setup.octal)
        {
            return Some(
                tr!("menu.error.octal", code = setup.octal, column = e.column).into_owned(),
            );
        }
        fields.into_iter().find(|&f| self.out_of_range(f)).map(|f| {
            let (label, value) = self.field_text(f);
            let max = self.range(f).map_or(0, |(_, max)| max);
            tr!(
                "menu.error.range",
                field = label.trim(),
                value = value,
                max = max
            )
            .into_owned()
        })
    }

    fn erase(&mut self, field: Field) {
        self.typing = true;
        match field {
            Field::Maxq => self.setups[self.game].maxq /= 10,
            Field::Seed => {
                self.seed = self.seed.map(|s| s / 10).filter(|&s| s > 0);
            }
            Field::SubtractionSet => {
                self.setups[self.game].subtraction.pop();
            }
            Field::OctalCode => {
                let code = &mut self.setups[self.game].octal;
                if code.len() > 2 {
                    code.pop();
                }
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
        // From an out-of-range value, a step lands back in range.
        let step = |v: usize, max: usize| -> usize {
            if up {
                (v + 1).clamp(1, max)
            } else {
                v.saturating_sub(1).clamp(1, max)
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
                setup.start = match (setup.start, up) {
                    (Start::Random, true) | (Start::Standard, false) => Start::RandomWinning,
                    (Start::RandomWinning, true) | (Start::Random, false) => Start::Standard,
                    (Start::Standard, true) | (Start::RandomWinning, false) => Start::Random,
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
            Field::SubtractionSet => {
                let set = &mut self.setups[self.game].subtraction;
                let count = SUBTRACTION_SETS.len();
                let next = match SUBTRACTION_SETS.iter().position(|s| *s == set.as_slice()) {
                    Some(i) if up => (i + 1) % count,
                    Some(i) => (i + count - 1) % count,
                    None => 0,
                };
                *set = SUBTRACTION_SETS[next].to_vec();
            }
            Field::OctalCode => {
                let code = &mut self.setups[self.game].octal;
                let count = OCTAL_CODES.len();
                let next = match OCTAL_CODES.iter().position(|c| *c == code.as_str()) {
                    Some(i) if up => (i + 1) % count,
                    Some(i) => (i + count - 1) % count,
                    None => 0,
                };
                *code = OCTAL_CODES[next].to_string();
            }
            Field::Language => {
                // Auto, then the languages in the menu's order, round.
                let choices = [
                    LangChoice::Auto,
                    LangChoice::En,
                    LangChoice::ZhCn,
                    LangChoice::ZhTw,
                ];
                let i = choices.iter().position(|&c| c == self.lang).unwrap_or(0);
                let count = choices.len();
                self.lang = choices[if up {
                    (i + 1) % count
                } else {
                    (i + count - 1) % count
                }];
                // At once: the next frame is drawn in it.
                locale::set_lang(self.lang.resolve(Lang::from_env));
            }
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

    fn field_text(&self, field: Field) -> (String, String) {
        let setup = &self.setups[self.game];
        let label = |key: &str| locale::text(key).into_owned();
        match field {
            Field::Coins => (label("menu.field.coins"), setup.coins.to_string()),
            Field::Maxq => ("MAXQ".to_string(), setup.maxq.to_string()),
            Field::Rows => (label("menu.field.rows"), setup.rows.to_string()),
            Field::Cols => (label("menu.field.cols"), setup.cols.to_string()),
            Field::Boxes => (label("menu.field.boxes"), setup.boxes.to_string()),
            Field::HeapRule => (
                label("menu.field.game"),
                // A rule with parameters by its own name: they are the fields below.
                match rule_params(setup) {
                    Some((_, title, _)) => label(title),
                    None => crate::tui::boards::heaps::rule_title(setup.heap_rule),
                },
            ),
            Field::BashM => ("  m".to_string(), setup.bash_m.to_string()),
            Field::TakeL => ("  l".to_string(), setup.take_l.to_string()),
            Field::TakeR => ("  r".to_string(), setup.take_r.to_string()),
            Field::LiegesK => ("  k".to_string(), setup.lieges_k.to_string()),
            Field::SubtractionSet => (
                format!("  {}", locale::text("menu.field.set")),
                setup
                    .subtraction
                    .iter()
                    .map(u64::to_string)
                    .collect::<Vec<_>>()
                    .join(", "),
            ),
            Field::OctalCode => (
                format!("  {}", locale::text("menu.field.code")),
                setup.octal.clone(),
            ),
            Field::Start => (
                label("menu.field.start"),
                match (setup.start, setup.kind) {
                    (Start::Standard, GameKind::Dodgeball) => label("menu.start.boxes_full"),
                    (Start::Standard, GameKind::Heaps) => tr!(
                        "menu.start.standard_code",
                        code = crate::tui::boards::heaps::start_code(
                            setup,
                            &mut rand::SeedableRng::seed_from_u64(0)
                        )
                    )
                    .into_owned(),
                    (Start::Standard, _) => label("menu.start.coins_tails"),
                    (Start::Random, _) => label("menu.start.random"),
                    (Start::RandomWinning, _) => label("menu.start.winning"),
                },
            ),
            Field::First => (
                label("menu.field.first"),
                match self.first {
                    First::You => label("menu.first.you"),
                    First::Ai => label("menu.first.ai"),
                },
            ),
            Field::Level => (label("menu.field.level"), self.level.words()),
            Field::Hints => (
                label("menu.field.hints"),
                label(if self.hints { "menu.on" } else { "menu.off" }),
            ),
            Field::Seed => (
                label("menu.field.seed"),
                self.seed
                    .map_or_else(|| label("menu.seed.auto"), |s| s.to_string()),
            ),
            Field::Language => (
                label("lang.setting"),
                match self.lang {
                    LangChoice::Auto => {
                        tr!("lang.auto", lang = Lang::from_env().endonym()).into_owned()
                    }
                    choice => choice.resolve(Lang::from_env).endonym().to_string(),
                },
            ),
            Field::Go => (String::new(), String::new()),
        }
    }

    /// The smallest screen the menu fits on, whatever page it shows.
    pub fn min_size() -> (u16, u16) {
        (52, 16)
    }

    /// The smallest screen this menu's page fits on: the fields, a gap, the Start button and
    /// the note under it must not overlap, so more fields need more rows.
    pub fn size_needed(&self) -> (u16, u16) {
        let (width, least) = Menu::min_size();
        let fields = match self.step {
            Step::ChooseGame | Step::Saves => 0,
            Step::Settings => self.fields().len() as u16,
        };
        // The fields start on the third row (under the tagline, the game and its record),
        // the Start button has a row of space above it and the note is under it.
        (width, least.max(fields + 7))
    }

    /// Draws the menu and remembers its rows for clicks.
    pub fn draw(&mut self, area: Rect, buf: &mut Buffer, theme: &Theme) {
        let width = area.width.min(64);
        // The chooser grows (as far as the screen allows) so that a notice does not hide the
        // Resume, the games or the Saved games entries: rows for the header, Resume, the games,
        // Saved games, the notice's lines, the hint and the border.
        let chooser = match self.step {
            Step::ChooseGame => {
                let notice = if self.error.is_some() || self.notice.is_some() {
                    3
                } else {
                    0
                };
                4 + 2 * u16::from(self.resume.is_some())
                    + 2 * GameKind::ALL.len() as u16
                    + 2
                    + u16::from(!self.saves.is_empty())
                    + 1
                    + 1
                    + notice
                    + 1
                    + 2
            }
            _ => 0,
        };
        let height = area.height.min(18.max(self.size_needed().1).max(chooser));
        let popup = area.centered(Constraint::Length(width), Constraint::Length(height));
        Clear.render(popup, buf);
        let block = Block::bordered()
            .title(Line::styled(" grundy ", theme.title))
            .title_bottom(bar_line(theme))
            .border_style(theme.focus_border);
        let inner = block.inner(popup);
        block.render(popup, buf);
        text::centred(buf, inner, inner.y, &tr!("menu.tagline"), theme.dim);
        self.rows.clear();
        match self.step {
            Step::ChooseGame => {
                buf.set_stringn(
                    inner.x + 2,
                    inner.y + 2,
                    text::fit(&tr!("menu.choose"), inner.width.saturating_sub(3) as usize),
                    inner.width.saturating_sub(3) as usize,
                    theme.title,
                );
                let mut top = inner.y + 4;
                if let Some((label, detail)) = &self.resume {
                    let row = Rect::new(inner.x + 1, top, inner.width.saturating_sub(2), 2);
                    self.rows.push(row);
                    let (marker, style) = focus_marker(buf, row, self.on_resume, theme);
                    buf.set_stringn(
                        row.x + 1,
                        top,
                        text::fit(
                            &format!("{marker}{}", tr!("menu.resume", game = label)),
                            row.width.saturating_sub(1) as usize,
                        ),
                        row.width.saturating_sub(1) as usize,
                        style,
                    );
                    buf.set_stringn(
                        row.x + 5,
                        top + 1,
                        text::fit(detail, row.width.saturating_sub(4) as usize),
                        row.width.saturating_sub(4) as usize,
                        theme.dim,
                    );
                    top += 2;
                }
                for (i, kind) in GameKind::ALL.iter().enumerate() {
                    let y = top + 2 * i as u16;
                    let row = Rect::new(inner.x + 1, y, inner.width.saturating_sub(2), 2);
                    self.rows.push(row);
                    let selected = i == self.game && !self.on_resume && !self.on_learn;
                    let marker = if selected { "▶ " } else { "  " };
                    let style = if selected { theme.selected } else { theme.text };
                    if selected {
                        buf.set_style(Rect { height: 1, ..row }, theme.selected);
                    }
                    buf.set_stringn(
                        row.x + 1,
                        y,
                        text::fit(&format!("{marker}{}", kind.words()), row.width as usize),
                        row.width as usize,
                        style,
                    );
                    buf.set_stringn(
                        row.x + 5,
                        y + 1,
                        text::fit(&game_blurb(*kind), row.width.saturating_sub(4) as usize),
                        row.width.saturating_sub(4) as usize,
                        theme.dim,
                    );
                }
                let learn = top + 2 * GameKind::ALL.len() as u16;
                self.draw_learn_entry(
                    Rect::new(inner.x + 1, learn, inner.width.saturating_sub(2), 2),
                    buf,
                    theme,
                );
                let below = learn + 2;
                if !self.saves.is_empty() && below + 1 < inner.y + inner.height {
                    let row = Rect::new(inner.x + 1, below, inner.width.saturating_sub(2), 1);
                    self.rows.push(row);
                    let (marker, style) = focus_marker(buf, row, self.on_saves, theme);
                    let count = self.saves.len();
                    buf.set_stringn(
                        row.x + 1,
                        below,
                        text::fit(
                            &format!("{marker}{}", tr!("menu.saves_entry", count = count)),
                            row.width.saturating_sub(1) as usize,
                        ),
                        row.width.saturating_sub(1) as usize,
                        style,
                    );
                }
                let below = below + u16::from(!self.saves.is_empty());
                // Practice and the Lab are opened by their keys (or a click), outside the
                // chooser's focus cycle.
                let entries = [
                    (Action::Practice, crate::tr!("drill.menu_entry")),
                    (Action::Lab, crate::tr!("lab.menu_entry")),
                ];
                for (y, (action, label)) in (below..).zip(entries) {
                    if y + 1 >= inner.y + inner.height {
                        break;
                    }
                    let row = Rect::new(inner.x + 1, y, inner.width.saturating_sub(2), 1);
                    self.rows.push(row);
                    let width = row.width.saturating_sub(1) as usize;
                    buf.set_stringn(
                        row.x + 1,
                        y,
                        text::fit(&format!("{}  {label}", keymap::key_for(action)), width),
                        width,
                        theme.text,
                    );
                }
                let hint = tr!("menu.continue", key = keymap::key_for(Action::Select));
                text::centred(buf, inner, inner.y + inner.height - 1, &hint, theme.dim);
                if let Some(notice) = self.error.as_ref().or(self.notice.as_ref()) {
                    // Up to three lines above the hint: a file's problem names the file, the line
                    // and what is wrong, which rarely fits in one.
                    let width = inner.width.saturating_sub(2) as usize;
                    let lines = text::wrap_rows(notice, width, 3);
                    let top = inner.y + inner.height - 1 - lines.len() as u16;
                    for (i, line) in lines.into_iter().enumerate() {
                        // Over the entries it covers: their row cleared first, so no end of
                        // theirs shows after a shorter line.
                        let row = Rect::new(inner.x, top + i as u16, inner.width, 1);
                        Clear.render(row, buf);
                        buf.set_stringn(inner.x + 1, top + i as u16, line, width, theme.losing);
                    }
                }
            }
            Step::Saves => self.draw_saves(inner, buf, theme),
            Step::Settings => {
                let room = inner.width.saturating_sub(3) as usize;
                buf.set_stringn(
                    inner.x + 2,
                    inner.y + 1,
                    text::fit(&self.kind().words(), room),
                    room,
                    theme.title,
                );
                let record = self.stats.record_of(&self.stats_key(), self.level);
                let stats = if record.played == 0 {
                    tr!("menu.stats.none", level = self.level.words())
                } else {
                    tr!(
                        "menu.stats.record",
                        level = self.level.words(),
                        record = record.words()
                    )
                };
                let fields = self.fields();
                // With blunders per game the line can be longer than the menu: it goes on in a
                // second row, broken between its items (`a · b`), where the fields leave one
                // free; else it is cut with "…" (`grundy stats` writes it whole).
                let items: Vec<String> = {
                    let parts: Vec<&str> = stats.split(" · ").collect();
                    let last = parts.len() - 1;
                    parts
                        .iter()
                        .enumerate()
                        .map(|(i, p)| {
                            if i < last {
                                format!("{p} ·")
                            } else {
                                p.to_string()
                            }
                        })
                        .collect()
                };
                let packed = text::pack(&items, room);
                let stats_rows: Vec<String> =
                    if packed.len() == 2 && inner.height as usize >= fields.len() + 7 {
                        packed.iter().map(|row| row.join(" ")).collect()
                    } else {
                        vec![text::fit(&stats, room)]
                    };
                for (i, row) in stats_rows.iter().enumerate() {
                    buf.set_stringn(inner.x + 2, inner.y + 2 + i as u16, row, room, theme.dim);
                }
                let top = inner.y + 2 + stats_rows.len() as u16;
                for (i, field) in fields.iter().enumerate() {
                    let y = top + i as u16;
                    let row = Rect::new(inner.x + 1, y, inner.width.saturating_sub(2), 1);
                    self.rows.push(row);
                    let focused = i == self.focus;
                    if *field == Field::Go {
                        let y = y + 1;
                        let text = &*tr!("menu.start_game");
                        let style = if focused { theme.selected } else { theme.title };
                        text::centred(buf, inner, y, text, style);
                        self.rows[i] = Rect::new(
                            inner.x + inner.width.saturating_sub(text::width(text) as u16) / 2,
                            y,
                            text::width(text) as u16,
                            1,
                        );
                        continue;
                    }
                    let (label, value) = self.field_text(*field);
                    let marker = if focused { "▶ " } else { "  " };
                    let mut spans = vec![
                        Span::styled(marker, theme.text),
                        Span::styled(text::pad(&label, 12), theme.text),
                    ];
                    let bad = self.out_of_range(*field);
                    let shown = if bad {
                        tr!("menu.out_of_range_value", value = value).into_owned()
                    } else {
                        value
                    };
                    if focused {
                        let style = if bad {
                            theme.selected.patch(theme.losing)
                        } else {
                            theme.selected
                        };
                        spans.push(Span::styled(format!("◀ {shown} ▶"), style));
                    } else {
                        let style = if bad { theme.losing } else { theme.text };
                        spans.push(Span::styled(format!("  {shown}"), style));
                    }
                    buf.set_line(row.x + 1, y, &Line::from(spans), row.width);
                }
                let focused = fields[self.focus.min(fields.len() - 1)];
                match self.error.as_deref().or(self.notice.as_deref()) {
                    // A problem may take the row under the Start button too.
                    Some(e) => {
                        let width = inner.width.saturating_sub(2) as usize;
                        let lines = text::wrap_rows(e, width, 2);
                        let top = inner.y + inner.height - lines.len() as u16;
                        for (i, line) in lines.into_iter().enumerate() {
                            buf.set_stringn(inner.x + 2, top + i as u16, line, width, theme.losing);
                        }
                    }
                    None if focused == Field::HeapRule => {
                        let rule =
                            crate::tui::boards::heaps::rule_line(self.setups[self.game].heap_rule);
                        let room = inner.width.saturating_sub(3);
                        buf.set_stringn(
                            inner.x + 2,
                            inner.y + inner.height - 1,
                            text::fit(&rule, room as usize),
                            room as usize,
                            theme.dim,
                        );
                    }
                    None => {
                        let (note, style) = if self.out_of_range(focused) {
                            (
                                tr!("menu.note.out_of_range", note = field_note(focused)),
                                theme.losing,
                            )
                        } else {
                            (field_note(focused), theme.dim)
                        };
                        let room = inner.width.saturating_sub(3);
                        buf.set_stringn(
                            inner.x + 2,
                            inner.y + inner.height - 1,
                            text::fit(&note, room as usize),
                            room as usize,
                            style,
                        );
                    }
                }
            }
        }
    }
}

impl Menu {
    /// The name the chosen game is counted under in the statistics: a heap game by its rule.
    fn stats_key(&self) -> String {
        let setup = &self.setups[self.game];
        match self.kind() {
            GameKind::Heaps => crate::tui::boards::heaps::rule_entry(setup.heap_rule)
                .name
                .to_string(),
            kind => kind.name().to_string(),
        }
    }

    /// The saves list: two lines a save, the focused one marked; scrolled to keep the focus
    /// in view.
    fn draw_saves(&mut self, inner: Rect, buf: &mut Buffer, theme: &Theme) {
        let room = inner.width.saturating_sub(3) as usize;
        buf.set_stringn(
            inner.x + 2,
            inner.y + 2,
            text::fit(&tr!("menu.saves_title"), room),
            room,
            theme.title,
        );
        let first_row = inner.y + 4;
        let last_row = inner.y + inner.height.saturating_sub(2);
        let room = (last_row.saturating_sub(first_row) / 2).max(1) as usize;
        if self.save_focus < self.save_top {
            self.save_top = self.save_focus;
        } else if self.save_focus >= self.save_top + room {
            self.save_top = self.save_focus + 1 - room;
        }
        let width = inner.width.saturating_sub(2);
        for (shown, (i, (line, detail))) in self
            .saves
            .iter()
            .enumerate()
            .skip(self.save_top)
            .take(room)
            .enumerate()
        {
            let y = first_row + 2 * shown as u16;
            let row = Rect::new(inner.x + 1, y, width, 2);
            self.rows.push(row);
            let focused = i == self.save_focus;
            let (marker, style) = focus_marker(buf, row, focused, theme);
            buf.set_stringn(
                row.x + 1,
                y,
                text::fit(&format!("{marker}{line}"), width.saturating_sub(1) as usize),
                width.saturating_sub(1) as usize,
                style,
            );
            buf.set_stringn(
                row.x + 5,
                y + 1,
                text::fit(detail, width.saturating_sub(4) as usize),
                width.saturating_sub(4) as usize,
                theme.dim,
            );
        }
        let more = self.saves.len().saturating_sub(self.save_top + room);
        let hint = if more > 0 {
            tr!("menu.saves_hint_more", more = more)
        } else {
            tr!("menu.saves_hint")
        };
        match self.error.as_ref() {
            Some(e) => {
                let lines = text::wrap_rows(e, width as usize, 1);
                buf.set_stringn(
                    inner.x + 1,
                    inner.y + inner.height - 1,
                    &lines[0],
                    width as usize,
                    theme.losing,
                );
            }
            None => text::centred(buf, inner, inner.y + inner.height - 1, &hint, theme.dim),
        }
    }
}

/// The largest value of a number field (the smallest is 1).
fn max_of(field: Field) -> Option<usize> {
    match field {
        Field::Coins => Some(CoinRow::MAX_N),
        Field::Maxq => Some(CoinRow::MAX_MAXQ as usize),
        Field::Rows | Field::Cols => Some(MAX_GRID),
        Field::Boxes => Some(MAX_BOXES),
        Field::BashM | Field::TakeL | Field::TakeR => Some(MAX_TAKE),
        Field::LiegesK => Some(crate::games::heaps::rules::MAX_LIEGES_K as usize),
        _ => None,
    }
}

/// The marker and style of a menu row's first line: `▶ ` and the selection's colours, the
/// line filled with them, when the row has the focus.
fn focus_marker(
    buf: &mut Buffer,
    row: Rect,
    focused: bool,
    theme: &Theme,
) -> (&'static str, Style) {
    if focused {
        buf.set_style(Rect { height: 1, ..row }, theme.selected);
        ("▶ ", theme.selected)
    } else {
        ("  ", theme.text)
    }
}

fn field_note(field: Field) -> std::borrow::Cow<'static, str> {
    let key = match field {
        Field::Coins => "menu.note.coins",
        Field::Maxq => "menu.note.maxq",
        Field::Rows | Field::Cols => "menu.note.grid",
        Field::Boxes => "menu.note.boxes",
        Field::HeapRule => "menu.note.heap_rule",
        Field::BashM => "menu.note.bash_m",
        Field::TakeL | Field::TakeR => "menu.note.take",
        Field::LiegesK => "menu.note.lieges_k",
        Field::SubtractionSet => "menu.note.set",
        Field::OctalCode => "menu.note.octal",
        Field::Start => "menu.note.start",
        Field::First => "menu.note.first",
        Field::Level => "menu.note.level",
        Field::Hints => "menu.note.hints",
        Field::Seed => "menu.note.seed",
        Field::Language => "menu.note.language",
        Field::Go => "menu.note.go",
    };
    locale::text(key)
}

fn game_blurb(kind: GameKind) -> std::borrow::Cow<'static, str> {
    match kind {
        GameKind::Coins => tr!("menu.blurb.coins"),
        GameKind::Grid => tr!("menu.blurb.grid"),
        GameKind::Dodgeball => tr!("menu.blurb.dodgeball"),
        _ => tr!("menu.blurb.heaps"),
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
