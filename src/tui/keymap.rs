//! Every key binding, as data: the one place that maps keys to actions. The help popup and the
//! bottom hint bar are generated from [`BINDINGS`], so they cannot drift from what the keys do.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::games::GameKind;
use crate::locale::text;
use crate::tr;

/// What a key asks for. Boards receive the movement and selection actions; the rest are
/// handled by the match, the menu or the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Up,
    Down,
    Left,
    Right,
    /// Choose the thing under the cursor; play the selected move.
    Select,
    /// Back out of a selection; close a popup.
    Back,
    /// Play the move being built (the coin grid's block), wherever the cursor is.
    PlayBuilt,
    /// Play the smallest move of the part under the cursor (the coin grid: flip the anchor
    /// alone).
    Alone,
    /// Jump to the next part that has a move (next tails coin, next piece).
    NextPart,
    PrevPart,
    PageUp,
    PageDown,
    Home,
    End,
    /// Hint mode on/off: values, nim-sum, winning and losing moves.
    Hints,
    /// Show one winning move.
    Reveal,
    Undo,
    Redo,
    /// Back to the menu for a new game.
    NewGame,
    /// The same start position again.
    Restart,
    /// Switch the board between its views (dodgeball: boxes in a line, or in chains).
    View,
    Help,
    Quit,
    /// Delete a digit in a number field of the menu.
    Erase,
    /// Save the game under a name.
    Save,
    /// Copy the position's code to the clipboard.
    Copy,
    /// The full-screen move list, browsing the board at each move.
    MoveList,
    /// Coaching (a line after each blunder of yours) on/off.
    Coach,
    /// Back to the position before your first blunder, to find the winning move.
    Retry,
    /// The menu's Practice: drills with a rating.
    Practice,
    /// Why the part under the cursor has its value (a hint).
    Why,
    /// The menu's Lab: tabulate a rule, find its period, see the tables as pictures.
    Lab,
    /// The Lab: bigger cells (more of each value shown), or smaller (more values on screen).
    ZoomIn,
    ZoomOut,
    /// The Lab: a longer table, or a shorter one.
    More,
    Fewer,
    /// The Lab: type a formula to check against the table.
    Formula,
    /// The Lab: the formula the catalogue proposes (the pattern row) put in the formula
    /// field, and checked there.
    UsePattern,
    /// The Lab: play the failing case of a program checked (对拍) on the board.
    OpenCase,
}

/// Where a binding applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Menu, game and popups.
    Everywhere,
    /// Only while playing.
    Game,
    /// Only in the menu.
    Menu,
    /// Only while playing this game.
    Only(GameKind),
    /// Only on the Lab screen (which also takes the keys of [`Scope::Everywhere`]).
    Lab,
}

impl Scope {
    /// Whether a binding of this scope applies in the menu (`None`) or in a game.
    fn applies(self, game: Option<GameKind>) -> bool {
        match self {
            Scope::Everywhere => true,
            Scope::Game => game.is_some(),
            Scope::Menu => game.is_none(),
            Scope::Only(kind) => game == Some(kind),
            Scope::Lab => false,
        }
    }

    /// Whether a binding of this scope is live in the games (`true`) or the menu. Keys of one
    /// game are live in all of them, so no two bindings of the games may share a key.
    fn in_games(self, game: bool) -> bool {
        match self {
            Scope::Everywhere => true,
            Scope::Game | Scope::Only(_) => game,
            Scope::Menu => !game,
            Scope::Lab => false,
        }
    }
}

/// One key: a code and whether Ctrl is held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    pub code: KeyCode,
    pub ctrl: bool,
}

const fn key(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        ctrl: false,
    }
}

const fn code(code: KeyCode) -> Key {
    Key { code, ctrl: false }
}

const fn ctrl(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        ctrl: true,
    }
}

impl Key {
    /// The key's name as the help popup and hint bar show it.
    pub fn name(self) -> String {
        let base = match self.code {
            KeyCode::Char(' ') => "Space".to_string(),
            KeyCode::Char(c) => c.to_string(),
            KeyCode::Up => "↑".to_string(),
            KeyCode::Down => "↓".to_string(),
            KeyCode::Left => "←".to_string(),
            KeyCode::Right => "→".to_string(),
            KeyCode::Enter => "Enter".to_string(),
            KeyCode::Esc => "Esc".to_string(),
            KeyCode::Tab => "Tab".to_string(),
            KeyCode::BackTab => "Shift-Tab".to_string(),
            KeyCode::PageUp => "PgUp".to_string(),
            KeyCode::PageDown => "PgDn".to_string(),
            KeyCode::Home => "Home".to_string(),
            KeyCode::End => "End".to_string(),
            KeyCode::Backspace => "Backspace".to_string(),
            other => format!("{other:?}"),
        };
        if self.ctrl {
            format!("Ctrl-{}", base.to_uppercase())
        } else {
            base
        }
    }

    fn matches(self, event: &KeyEvent) -> bool {
        let ctrl = event.modifiers.contains(KeyModifiers::CONTROL);
        if ctrl != self.ctrl {
            return false;
        }
        match (self.code, event.code) {
            // Shift only changes the letter (`R` arrives as Char('R') with SHIFT).
            (KeyCode::Char(a), KeyCode::Char(b)) => a == b,
            (a, b) => a == b,
        }
    }
}

/// A binding: its keys, what it does, and how the hint bar and the help popup name it.
#[derive(Clone, Copy, Debug)]
pub struct Binding {
    pub keys: &'static [Key],
    pub action: Action,
    pub scope: Scope,
    /// The locale key of a word or two for the hint bar; empty: not in the bar.
    pub bar: &'static str,
    /// The locale key of a sentence for the help popup.
    pub help: &'static str,
}

/// The default keymap. Order is the order of the help popup and the hint bar.
pub const BINDINGS: &[Binding] = &[
    Binding {
        keys: &[code(KeyCode::Left), key('h')],
        action: Action::Left,
        scope: Scope::Everywhere,
        bar: "",
        help: "keys.help.left",
    },
    Binding {
        keys: &[code(KeyCode::Right), key('l')],
        action: Action::Right,
        scope: Scope::Everywhere,
        bar: "",
        help: "keys.help.right",
    },
    Binding {
        keys: &[code(KeyCode::Up), key('k')],
        action: Action::Up,
        scope: Scope::Everywhere,
        bar: "",
        help: "keys.help.up",
    },
    Binding {
        keys: &[code(KeyCode::Down), key('j')],
        action: Action::Down,
        scope: Scope::Everywhere,
        bar: "",
        help: "keys.help.down",
    },
    Binding {
        keys: &[code(KeyCode::Enter), key(' ')],
        action: Action::Select,
        scope: Scope::Everywhere,
        bar: "keys.bar.select",
        help: "keys.help.select",
    },
    Binding {
        keys: &[code(KeyCode::Esc)],
        action: Action::Back,
        scope: Scope::Everywhere,
        bar: "keys.bar.back",
        help: "keys.help.back",
    },
    Binding {
        keys: &[key('p')],
        action: Action::PlayBuilt,
        scope: Scope::Only(GameKind::Grid),
        bar: "keys.bar.play_built",
        help: "keys.help.play_built",
    },
    Binding {
        keys: &[key('a')],
        action: Action::Alone,
        scope: Scope::Only(GameKind::Grid),
        bar: "keys.bar.alone",
        help: "keys.help.alone",
    },
    Binding {
        keys: &[code(KeyCode::Tab)],
        action: Action::NextPart,
        scope: Scope::Game,
        bar: "",
        help: "keys.help.next_part",
    },
    Binding {
        keys: &[code(KeyCode::BackTab)],
        action: Action::PrevPart,
        scope: Scope::Game,
        bar: "",
        help: "keys.help.prev_part",
    },
    Binding {
        keys: &[code(KeyCode::PageUp)],
        action: Action::PageUp,
        scope: Scope::Game,
        bar: "",
        help: "keys.help.page_up",
    },
    Binding {
        keys: &[code(KeyCode::PageDown)],
        action: Action::PageDown,
        scope: Scope::Game,
        bar: "",
        help: "keys.help.page_down",
    },
    Binding {
        keys: &[code(KeyCode::Home), key('g')],
        action: Action::Home,
        scope: Scope::Game,
        bar: "",
        help: "keys.help.home",
    },
    Binding {
        keys: &[code(KeyCode::End), key('G')],
        action: Action::End,
        scope: Scope::Game,
        bar: "",
        help: "keys.help.end",
    },
    Binding {
        keys: &[key('i')],
        action: Action::Hints,
        scope: Scope::Game,
        bar: "keys.bar.hints",
        help: "keys.help.hints",
    },
    Binding {
        keys: &[key('w')],
        action: Action::Reveal,
        scope: Scope::Game,
        bar: "keys.bar.reveal",
        help: "keys.help.reveal",
    },
    Binding {
        keys: &[key('u')],
        action: Action::Undo,
        scope: Scope::Game,
        bar: "keys.bar.undo",
        help: "keys.help.undo",
    },
    Binding {
        keys: &[key('r')],
        action: Action::Redo,
        scope: Scope::Game,
        bar: "keys.bar.redo",
        help: "keys.help.redo",
    },
    Binding {
        keys: &[key('n')],
        action: Action::NewGame,
        scope: Scope::Game,
        bar: "keys.bar.new_game",
        help: "keys.help.new_game",
    },
    Binding {
        keys: &[key('R')],
        action: Action::Restart,
        scope: Scope::Game,
        bar: "",
        help: "keys.help.restart",
    },
    Binding {
        keys: &[key('s')],
        action: Action::Save,
        scope: Scope::Game,
        bar: "",
        help: "keys.help.save",
    },
    Binding {
        keys: &[key('y')],
        action: Action::Copy,
        scope: Scope::Game,
        bar: "",
        help: "keys.help.copy",
    },
    Binding {
        keys: &[key('v')],
        action: Action::View,
        scope: Scope::Only(GameKind::Dodgeball),
        bar: "keys.bar.view",
        help: "keys.help.view",
    },
    Binding {
        keys: &[key('m')],
        action: Action::MoveList,
        scope: Scope::Game,
        bar: "",
        help: "keys.help.move_list",
    },
    Binding {
        keys: &[key('c')],
        action: Action::Coach,
        scope: Scope::Game,
        bar: "",
        help: "keys.help.coach",
    },
    Binding {
        keys: &[key('t')],
        action: Action::Retry,
        scope: Scope::Game,
        bar: "",
        help: "keys.help.retry",
    },
    Binding {
        keys: &[key('e')],
        action: Action::Why,
        scope: Scope::Game,
        bar: "keys.bar.why",
        help: "keys.help.why",
    },
    Binding {
        keys: &[key('d')],
        action: Action::Practice,
        scope: Scope::Menu,
        // The menu shows Practice as an entry with its key; the bar keeps help and quit.
        bar: "",
        help: "keys.help.practice",
    },
    Binding {
        keys: &[key('t')],
        action: Action::Lab,
        scope: Scope::Menu,
        // As Practice: an entry of the menu with its key.
        bar: "",
        help: "keys.help.lab",
    },
    Binding {
        keys: &[key('+'), key('=')],
        action: Action::ZoomIn,
        scope: Scope::Lab,
        bar: "keys.bar.zoom",
        help: "keys.help.zoom_in",
    },
    Binding {
        keys: &[key('-')],
        action: Action::ZoomOut,
        scope: Scope::Lab,
        bar: "",
        help: "keys.help.zoom_out",
    },
    Binding {
        keys: &[key('f')],
        action: Action::Formula,
        scope: Scope::Lab,
        bar: "keys.bar.formula",
        help: "keys.help.formula",
    },
    Binding {
        keys: &[key('F')],
        action: Action::UsePattern,
        scope: Scope::Lab,
        bar: "keys.bar.use_pattern",
        help: "keys.help.use_pattern",
    },
    Binding {
        keys: &[key('>'), key('.')],
        action: Action::More,
        scope: Scope::Lab,
        bar: "keys.bar.more",
        help: "keys.help.more",
    },
    Binding {
        keys: &[key('<'), key(',')],
        action: Action::Fewer,
        scope: Scope::Lab,
        bar: "",
        help: "keys.help.fewer",
    },
    Binding {
        keys: &[key('p')],
        action: Action::OpenCase,
        scope: Scope::Lab,
        bar: "",
        help: "keys.help.open_case",
    },
    Binding {
        keys: &[code(KeyCode::PageUp)],
        action: Action::PageUp,
        scope: Scope::Lab,
        bar: "",
        help: "keys.help.lab_page_up",
    },
    Binding {
        keys: &[code(KeyCode::PageDown)],
        action: Action::PageDown,
        scope: Scope::Lab,
        bar: "",
        help: "keys.help.lab_page_down",
    },
    Binding {
        keys: &[code(KeyCode::Backspace)],
        action: Action::Erase,
        scope: Scope::Menu,
        bar: "",
        help: "keys.help.erase",
    },
    Binding {
        keys: &[key('?')],
        action: Action::Help,
        scope: Scope::Everywhere,
        bar: "keys.bar.help",
        help: "keys.help.help",
    },
    Binding {
        keys: &[key('q'), ctrl('c')],
        action: Action::Quit,
        scope: Scope::Everywhere,
        bar: "keys.bar.quit",
        help: "keys.help.quit",
    },
];

/// The action of `event` in the game (`game`: true) or the menu, if any.
pub fn action(event: &KeyEvent, game: bool) -> Option<Action> {
    BINDINGS
        .iter()
        .filter(|b| b.scope.in_games(game))
        .find(|b| b.keys.iter().any(|k| k.matches(event)))
        .map(|b| b.action)
}

/// The action of `event` on the Lab screen, if any: its own keys and those of every screen.
pub fn lab_action(event: &KeyEvent) -> Option<Action> {
    BINDINGS
        .iter()
        .filter(|b| matches!(b.scope, Scope::Everywhere | Scope::Lab))
        .find(|b| b.keys.iter().any(|k| k.matches(event)))
        .map(|b| b.action)
}

/// The Lab's rows of the help popup, with every key.
pub fn lab_help_rows() -> Vec<(String, String)> {
    BINDINGS
        .iter()
        .filter(|b| matches!(b.scope, Scope::Everywhere | Scope::Lab))
        .map(|b| {
            let keys: Vec<String> = b.keys.iter().map(|k| k.name()).collect();
            (keys.join(" "), text(b.help).into_owned())
        })
        .collect()
}

/// The Lab's hint bar: the arrows, then its bindings and every screen's that have a label.
pub fn lab_bar() -> Vec<(String, String)> {
    let mut entries = vec![
        ("←→".to_string(), tr!("keys.bar.source").into_owned()),
        ("↑↓".to_string(), tr!("keys.bar.scroll").into_owned()),
    ];
    entries.extend(
        BINDINGS
            .iter()
            .filter(|b| !b.bar.is_empty())
            .filter(|b| matches!(b.scope, Scope::Everywhere | Scope::Lab))
            // Enter only types a rule there, which the rule's line says.
            .filter(|b| b.action != Action::Select)
            .map(|b| (b.keys[0].name(), text(b.bar).into_owned())),
    );
    entries
}

/// Every screen's keys that have a label, but Enter (whose row says what it does there): the
/// end of the Lab's pages' bars that have no table keys.
fn everywhere_bar() -> impl Iterator<Item = (String, String)> {
    BINDINGS
        .iter()
        .filter(|b| !b.bar.is_empty() && b.scope == Scope::Everywhere)
        .filter(|b| b.action != Action::Select)
        .map(|b| (b.keys[0].name(), text(b.bar).into_owned()))
}

/// The Lab's hint bar on the rules files: choose one and open it; the table keys do nothing
/// there.
pub fn lab_rules_bar() -> Vec<(String, String)> {
    let mut entries = vec![
        ("←→".to_string(), tr!("keys.bar.source").into_owned()),
        ("↑↓".to_string(), tr!("keys.bar.choose").into_owned()),
        (key_for(Action::Select), tr!("keys.bar.open").into_owned()),
    ];
    entries.extend(everywhere_bar());
    entries
}

/// The Lab's hint bar on the check page: its rows (the chosen one says what Enter does
/// there), then every screen's keys.
pub fn lab_judge_bar() -> Vec<(String, String)> {
    let mut entries = vec![
        ("←→".to_string(), tr!("keys.bar.source").into_owned()),
        ("↑↓".to_string(), tr!("keys.bar.choose").into_owned()),
    ];
    entries.extend(everywhere_bar());
    entries
}

/// The first key of `action`, for messages such as "press w".
pub fn key_for(action: Action) -> String {
    BINDINGS
        .iter()
        .find(|b| b.action == action)
        .and_then(|b| b.keys.first())
        .map(|k| k.name())
        .unwrap_or_default()
}

/// Whether `event` is Ctrl-C, which quits from anywhere, even a popup.
pub fn is_interrupt(event: &KeyEvent) -> bool {
    event.modifiers.contains(KeyModifiers::CONTROL) && event.code == KeyCode::Char('c')
}

/// The bindings shown in the help popup for a game or (`None`) the menu, with every key.
pub fn help_rows(game: Option<GameKind>) -> Vec<(String, String)> {
    BINDINGS
        .iter()
        .filter(|b| b.scope.applies(game))
        .map(|b| {
            let keys: Vec<String> = b.keys.iter().map(|k| k.name()).collect();
            (keys.join(" "), text(b.help).into_owned())
        })
        .collect()
}

/// The hint bar entries for a game or (`None`) the menu: the first key and the short label.
pub fn bar(game: Option<GameKind>) -> Vec<(String, String)> {
    let mut entries: Vec<(String, String)> = Vec::new();
    if game == Some(GameKind::Wythoff) {
        // Wythoff's board: the arrows move the target square, never the list's selection;
        // the list is stepped with PgUp/PgDn (one meaning per key, said here).
        entries.push(("←↓↑→".to_string(), tr!("keys.bar.target").into_owned()));
        entries.push(("PgUp/PgDn".to_string(), tr!("keys.bar.list").into_owned()));
    } else if game.is_some() {
        entries.push(("←↓↑→".to_string(), tr!("keys.bar.move").into_owned()));
    } else {
        entries.push(("↑↓".to_string(), tr!("keys.bar.field").into_owned()));
        entries.push(("←→".to_string(), tr!("keys.bar.change").into_owned()));
    }
    entries.extend(
        BINDINGS
            .iter()
            .filter(|b| !b.bar.is_empty())
            .filter(|b| b.scope.applies(game))
            .map(|b| (b.keys[0].name(), text(b.bar).into_owned())),
    );
    entries
}

/// Whether `key` types its character into a text field: not a control character, and not a
/// chord with Ctrl or Alt (Ctrl-U typed a `u` into the Lab's rule field).
pub fn types_text(key: &KeyEvent) -> bool {
    matches!(key.code, KeyCode::Char(c) if !c.is_control())
        && !key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, modifiers)
    }

    #[test]
    fn no_key_is_bound_twice_in_one_scope() {
        for game in [true, false] {
            let mut seen: Vec<Key> = Vec::new();
            for b in BINDINGS.iter().filter(|b| b.scope.in_games(game)) {
                for k in b.keys {
                    assert!(!seen.contains(k), "{} bound twice", k.name());
                    seen.push(*k);
                }
            }
        }
    }

    #[test]
    fn no_key_is_bound_twice_in_the_lab() {
        let mut seen: Vec<Key> = Vec::new();
        for b in BINDINGS
            .iter()
            .filter(|b| matches!(b.scope, Scope::Everywhere | Scope::Lab))
        {
            for k in b.keys {
                assert!(!seen.contains(k), "{} bound twice", k.name());
                seen.push(*k);
            }
        }
        let none = KeyModifiers::NONE;
        assert_eq!(
            lab_action(&press(KeyCode::Char('+'), none)),
            Some(Action::ZoomIn)
        );
        assert_eq!(
            lab_action(&press(KeyCode::PageDown, none)),
            Some(Action::PageDown)
        );
        // The games' keys do nothing there.
        assert_eq!(lab_action(&press(KeyCode::Char('u'), none)), None);
    }

    #[test]
    fn keys_map_to_actions() {
        let none = KeyModifiers::NONE;
        assert_eq!(
            action(&press(KeyCode::Char('k'), none), true),
            Some(Action::Up)
        );
        assert_eq!(action(&press(KeyCode::Up, none), false), Some(Action::Up));
        assert_eq!(
            action(&press(KeyCode::Char('R'), KeyModifiers::SHIFT), true),
            Some(Action::Restart)
        );
        assert_eq!(
            action(&press(KeyCode::Char('r'), none), true),
            Some(Action::Redo)
        );
        assert_eq!(
            action(&press(KeyCode::Char('c'), KeyModifiers::CONTROL), true),
            Some(Action::Quit)
        );
        // Plain c is the coach; only Ctrl-C quits.
        assert_eq!(
            action(&press(KeyCode::Char('c'), none), true),
            Some(Action::Coach)
        );
        assert_eq!(action(&press(KeyCode::Char('c'), none), false), None);
        assert_eq!(
            action(&press(KeyCode::Char('m'), none), true),
            Some(Action::MoveList)
        );
        assert_eq!(
            action(&press(KeyCode::Char('t'), none), true),
            Some(Action::Retry)
        );
        assert_eq!(action(&press(KeyCode::Char('z'), none), true), None);
        assert_eq!(action(&press(KeyCode::Char('u'), none), false), None);
        assert_eq!(
            action(&press(KeyCode::Backspace, none), false),
            Some(Action::Erase)
        );
    }
}
