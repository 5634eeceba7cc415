//! THE BOARD INTERFACE: what each game's board implements so that the generic match
//! ([`crate::tui::session`]) can play it.
//!
//! A board is the game's *view state* only — cursor, selection, scroll offset, the rectangles
//! it was last drawn in (for mouse hit-testing) — never the position: the match owns the
//! position, the history and the AI, and hands the board a read-only [`BoardView`] each time.
//!
//! The contract, per frame and per input:
//! 1. [`Board::layout`] (mutable) fits the view state to the areas of this frame: scroll so the
//!    cursor is visible, remember the areas for hit-testing. Keep it O(visible cells).
//! 2. [`Board::render`] (read-only) draws the board into `areas.board` and its move list or
//!    selection panel into `areas.moves`. Draw only what is visible: rows reach 30000 coins,
//!    grids 100 × 100, dodgeball 10^6 boxes.
//! 3. [`Board::handle`] turns an input (a keymap [`Action`], a click, a wheel turn) into a
//!    [`BoardAction`]: nothing, a message, or [`BoardAction::Play`] of a move the board has
//!    checked with `check_move`. Inputs arrive only while `view.accepting` is true, except
//!    pure cursor motion which boards may allow at any time.
//! 4. After every change of position (a move, undo, redo, restart) the match calls
//!    [`Board::position_changed`]: drop a selection that no longer applies.
//!
//! In hint mode (`view.hints`) a board shows the Sprague–Grundy value of every visible part and
//! marks each listed move winning (`theme.winning` and ✓) or losing (`theme.losing` and ✗) for
//! the player making it — [`ListedMove::wins`] computes that. The nim-sum panel is drawn by the
//! match from the parts' values, not by the board.
//!
//! Adding a game's board: write `src/tui/boards/<game>.rs` with a type implementing [`Board`]
//! (`boards/coins.rs`, `grid.rs` and `dodgeball.rs` are complete ones), add a `GameKind` and
//! its arm to `start` in `src/tui/boards/mod.rs`. Nothing else in the TUI needs to change: the
//! menu, help popup, nim-sum panel, undo/redo, AI thread and game-over screen are generic.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position as ScreenPosition, Rect};
use ratatui::text::{Line, Span};

use crate::game::Impartial;
use crate::games::GameKind;
use crate::locale;
use crate::nimber::Nimber;
use crate::setup::ReplayRng;
use crate::tr;
use crate::tui::keymap::Action;
use crate::tui::text;
use crate::tui::theme::Theme;

// How a match is set up is the core's (the settings file and saves store it); re-exported
// here, where the boards and the menu have always found it.
pub use crate::setup::{GameSetup, Start};

// Who moved and the record of a move are engine-side (the game record judges every move);
// re-exported here, where the boards have always found them.
pub use crate::record::{Played, Side};

/// What a board may read while drawing and handling input.
pub struct BoardView<'a, P: Impartial> {
    pub position: &'a P,
    /// Whether the player may move now (false while the AI thinks and after the game ends).
    pub accepting: bool,
    /// Hint mode: show values, mark moves winning/losing.
    pub hints: bool,
    /// The last move played, to highlight on the board.
    pub last: Option<&'a Played<P::Move>>,
    pub theme: &'a Theme,
}

/// The two areas a board draws in: the board itself and a side panel for its move list (or,
/// for a game that builds moves differently, whatever explains the current selection).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BoardAreas {
    pub board: Rect,
    pub moves: Rect,
}

/// An input for a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardInput {
    /// A key, already mapped by the keymap: movement, [`Action::Select`], [`Action::Back`],
    /// [`Action::NextPart`], paging. Other actions never reach a board.
    Action(Action),
    /// A left click at a screen cell.
    Click(ScreenPosition),
    /// The mouse wheel (`down`: towards the end of the board) at a screen cell.
    Wheel { down: bool, at: ScreenPosition },
}

/// What a board asks the match to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardAction<M> {
    /// Nothing (the board may have changed its own view state).
    None,
    /// Play this legal move for the player.
    Play(M),
    /// Tell the player something, e.g. why a coin cannot be chosen.
    Message(String),
}

/// A game's board. See the module documentation for the contract.
pub trait Board: Sized + 'static {
    type Game: crate::why::Explain;

    /// Which game this board plays.
    const KIND: GameKind;

    /// The locale keys of the rules, a paragraph per key (`rules.<game>.<n>` in
    /// `locales/tui-rules.toml`), for the help popup.
    const RULES: &'static [&'static str];

    /// The start position: `setup.code` parsed if given (its error, in words, if it does not
    /// parse), else a position of the setup's size, random from `rng` or standard.
    fn start_position(setup: &GameSetup, rng: &mut ReplayRng) -> anyhow::Result<Self::Game>;

    /// A fresh view state for `position`.
    fn new(position: &Self::Game) -> Self;

    /// The position changed: keep the cursor where it makes sense, drop stale selections.
    fn position_changed(&mut self, position: &Self::Game);

    /// The position's size in words for the title bar: `20 coins, MAXQ 4`, `5 × 6`.
    fn summary(position: &Self::Game) -> String;

    /// The title on the board's frame: the game's name, or the rule's where one board plays
    /// many games (Kayles, not "Heap games").
    fn frame_title(position: &Self::Game) -> String {
        let _ = position;
        crate::locale::Words::words(&Self::KIND)
    }

    /// The smallest board area (width, height) the board can be drawn in; the move panel
    /// needs at least [`MIN_MOVES_WIDTH`] × 6 beside it.
    fn min_size(&self) -> (u16, u16);

    /// The height the whole board needs at this width (border excluded). The match gives it
    /// no more than that when the nim-sum panel wants the room below; given less, it scrolls.
    fn height_for(&self, width: u16) -> u16;

    /// Fits the view state to this frame's areas and remembers them for hit-testing.
    fn layout(&mut self, view: &BoardView<'_, Self::Game>, areas: BoardAreas);

    /// Draws the board and its panel, reading state only.
    fn render(&self, view: &BoardView<'_, Self::Game>, areas: BoardAreas, buf: &mut Buffer);

    /// Handles an input.
    fn handle(
        &mut self,
        view: &BoardView<'_, Self::Game>,
        input: BoardInput,
    ) -> BoardAction<<Self::Game as crate::game::Position>::Move>;

    /// Selects `mv` (a revealed winning move) so that [`Action::Select`] plays it.
    fn show_move(
        &mut self,
        view: &BoardView<'_, Self::Game>,
        mv: &<Self::Game as crate::game::Position>::Move,
    );

    /// One line about the cursor for the status bar, e.g. `coin 12 (=2^2·3) · T · value *3`.
    fn status(&self, view: &BoardView<'_, Self::Game>) -> Line<'static>;

    /// The side panel's text in full, a paragraph per entry, for the help popup: the panel
    /// may have to cut it. Empty when the panel shows a move list (see [`Board::selected`]).
    fn panel_text(&self, view: &BoardView<'_, Self::Game>) -> Vec<String> {
        let _ = view;
        Vec::new()
    }

    /// The move selected in the board's move list, if any: the help popup writes it in full,
    /// since the list may cut a long one.
    fn selected(&self) -> Option<<Self::Game as crate::game::Position>::Move> {
        None
    }

    /// The part under the cursor (a heap, coin, cell, piece), for the why-view: by default
    /// the part of the move selected in the list. The match keeps it only if it is one of
    /// the position's parts.
    fn cursor_part(&self, position: &Self::Game) -> Option<<Self::Game as Impartial>::Part> {
        self.selected().map(|mv| position.part_of(&mv))
    }

    /// A digit typed in a game (`None`: Backspace), for a board whose list may not hold every
    /// move: the number typed chooses that move of the part under the cursor (see
    /// [`MoveList::typed`]). The default: digits do nothing.
    fn type_number(
        &mut self,
        view: &BoardView<'_, Self::Game>,
        digit: Option<u8>,
    ) -> BoardAction<<Self::Game as crate::game::Position>::Move> {
        let _ = (view, digit);
        BoardAction::None
    }

    /// The open move list, if the board has one: the match fills in each move's remoteness
    /// where the exact search knows it.
    fn move_list_mut(
        &mut self,
    ) -> Option<&mut MoveList<<Self::Game as crate::game::Position>::Move>> {
        None
    }
}

/// The plain text of `lines`, a string per line (for the help popup).
pub fn plain_text(lines: &[Line<'_>]) -> Vec<String> {
    lines
        .iter()
        .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
        .collect()
}

/// ` · 3 moves` for a status bar: how many moves a part has (`more`: at least that many).
pub fn move_count(count: usize, more: bool) -> String {
    let count_text = format!("{count}{}", if more { "+" } else { "" });
    if count == 1 && !more {
        tr!("board.status.one_move").into_owned()
    } else {
        tr!("board.status.moves", count = count_text).into_owned()
    }
}

/// The narrowest move panel a board should expect.
pub const MIN_MOVES_WIDTH: u16 = 24;

/// A legal move in a board's move list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListedMove<M> {
    pub mv: M,
    pub label: String,
    /// Whether the move wins for the player making it (leaves nim-sum 0).
    pub wins: bool,
    /// The nim-sum after the move, shown in hint mode.
    pub nim_sum_after: Nimber,
    /// Whether that nim-sum is known (not past a game's value table: then it is a stand-in,
    /// not shown).
    pub after_known: bool,
    /// How many more moves the game lasts after this one with perfect play, where the exact
    /// search knows it: hint mode shows "wins in N" / "loses in N".
    pub remoteness_after: Option<u32>,
}

impl<M> ListedMove<M> {
    /// `mv` labelled, with whether it wins computed from the game's nim-sum after it.
    pub fn new<P: Impartial<Move = M>>(position: &P, mv: M, label: String) -> ListedMove<M> {
        let nim_sum_after = position.nim_sum_after(&mv);
        // The nim-sum decides, or the game's own rule (misère Nim).
        let wins = position.move_wins(&mv);
        let after_known = position.values_known() && position.play_unchecked(&mv).values_known();
        ListedMove {
            mv,
            label,
            wins,
            nim_sum_after,
            after_known,
            remoteness_after: None,
        }
    }
}

/// " wins in N" or " loses in N" for a move whose remoteness the exact search knows (N
/// counts the move itself: "wins in 1" ends the game), else nothing.
pub fn pace_words<M>(entry: &ListedMove<M>) -> String {
    match entry.remoteness_after {
        Some(r) if entry.wins => format!(" {}", crate::tr!("why.pace.wins_in", n = r + 1)),
        Some(r) => format!(" {}", crate::tr!("why.pace.loses_in", n = r + 1)),
        None => String::new(),
    }
}

/// A scrolling, selectable list of moves with mouse hit-testing: the move panel of a board.
/// A move too long for the panel wraps onto more rows, so that every move can be told apart
/// (a sum's moves all start with the same component's name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveList<M> {
    pub title: String,
    pub entries: Vec<ListedMove<M>>,
    /// Whether the game had more moves than listed.
    pub truncated: bool,
    pub selected: usize,
    offset: usize,
    /// The rows of entries, as last laid out.
    rows: Rect,
    /// Whether the last layout was for hint mode (marks and nim-sums take room).
    hints: bool,
    /// The number being typed to choose a move the list may not show: move number N of the
    /// part, in the part's own order (for a heap, Fibonacci Nim or a stair: take N).
    pub typed: String,
    /// Whether the first entry is the typed move, put there by [`MoveList::type_digit`].
    typed_entry: bool,
}

/// What a key did to an open move list.
pub enum ListKey<M> {
    /// The list took the key; the board answers with this.
    Handled(BoardAction<M>),
    /// Esc: the board closes the list.
    Close,
    /// Not a key of the list: the board handles it.
    Pass,
}

impl<M: Clone> MoveList<M> {
    /// The keys of an open list, the same on every board: ↑↓ step through it, Enter plays the
    /// selected move (on the player's turn), Esc closes it.
    pub fn key(&mut self, action: Action, accepting: bool) -> ListKey<M> {
        match action {
            Action::Up => {
                self.up();
                ListKey::Handled(BoardAction::None)
            }
            Action::Down => {
                self.down();
                ListKey::Handled(BoardAction::None)
            }
            Action::Select => ListKey::Handled(match self.selected_move() {
                Some(mv) if accepting => BoardAction::Play(mv.clone()),
                Some(_) => BoardAction::Message(tr!("game.wait_turn").into_owned()),
                None => BoardAction::None,
            }),
            Action::Back => ListKey::Close,
            _ => ListKey::Pass,
        }
    }

    /// A click on the list, the same on every board: the first click on an entry selects it
    /// and arms it (`armed`, which the board clears when the list changes), a second click on
    /// the armed entry plays it on the player's turn. `None`: the click is not on an entry.
    /// `what` is the locale key of the move's name in the prompt (`board.what.move`).
    pub fn click(
        &mut self,
        at: ScreenPosition,
        armed: &mut Option<usize>,
        accepting: bool,
        what: &str,
    ) -> Option<BoardAction<M>> {
        let i = self.hit(at)?;
        if *armed == Some(i) && accepting {
            return Some(BoardAction::Play(self.entries[i].mv.clone()));
        }
        self.selected = i;
        *armed = Some(i);
        Some(BoardAction::Message(
            tr!("board.click_again", what = locale::text(what)).into_owned(),
        ))
    }
}

impl<M: Clone> MoveList<M> {
    /// A copy to lay out for drawing (see [`MoveList::render`]).
    fn clone_layout(&self) -> MoveList<M> {
        self.clone()
    }

    pub fn new(title: String, entries: Vec<ListedMove<M>>, truncated: bool) -> MoveList<M> {
        MoveList {
            title,
            entries,
            truncated,
            selected: 0,
            offset: 0,
            rows: Rect::default(),
            hints: false,
            typed: String::new(),
            typed_entry: false,
        }
    }

    /// A digit typed (`None`: Backspace erases one): the number so far chooses move
    /// `numbered(n)` of the part, selected where the list shows it, else put first. The list
    /// lists the same moves whatever their values; this is how the player reaches any other.
    /// A message when no move has that number.
    pub fn type_digit(
        &mut self,
        digit: Option<u8>,
        numbered: impl Fn(u64) -> Option<ListedMove<M>>,
    ) -> BoardAction<M>
    where
        M: PartialEq,
    {
        match digit {
            Some(d) if self.typed.len() < 18 => {
                if !(self.typed.is_empty() && d == 0) {
                    self.typed.push(char::from(b'0' + d));
                }
            }
            Some(_) => {}
            None => {
                self.typed.pop();
            }
        }
        if self.typed_entry {
            self.entries.remove(0);
            self.typed_entry = false;
            self.selected = self.selected.saturating_sub(1);
        }
        let Ok(number) = self.typed.parse::<u64>() else {
            return BoardAction::None;
        };
        let Some(entry) = numbered(number) else {
            return BoardAction::Message(tr!("board.list.no_number", n = number).into_owned());
        };
        if !self.select(&entry.mv) {
            self.entries.insert(0, entry);
            self.typed_entry = true;
            self.selected = 0;
        }
        BoardAction::None
    }

    /// Sets each move's remoteness from `remoteness_after` (the exact search's).
    pub fn set_remoteness(&mut self, remoteness_after: impl Fn(&M) -> Option<u32>) {
        for entry in &mut self.entries {
            entry.remoteness_after = remoteness_after(&entry.mv);
        }
    }

    pub fn selected_move(&self) -> Option<&M> {
        self.entries.get(self.selected).map(|e| &e.mv)
    }

    pub fn up(&mut self) {
        self.selected = self.selected.saturating_sub(1);
    }

    pub fn down(&mut self) {
        if self.selected + 1 < self.entries.len() {
            self.selected += 1;
        }
    }

    /// The mouse wheel over the list: down or up a move.
    pub fn wheel(&mut self, down: bool) {
        if down { self.down() } else { self.up() }
    }

    /// Selects the entry whose move is `mv`, if listed.
    pub fn select(&mut self, mv: &M) -> bool
    where
        M: PartialEq,
    {
        match self.entries.iter().position(|e| &e.mv == mv) {
            Some(i) => {
                self.selected = i;
                true
            }
            None => false,
        }
    }

    /// Scrolls so the selection is visible inside `area` (the whole panel, border included),
    /// its entries wrapped as in hint mode or not (`hints`).
    pub fn layout_for(&mut self, area: Rect, hints: bool) {
        self.rows = Self::rows_of(area, self.truncated);
        self.hints = hints;
        let height = self.rows.height as usize;
        if height == 0 || self.entries.is_empty() {
            self.offset = 0;
            return;
        }
        // Nothing selected (past the end): the list stays where it is.
        let selected = if self.selected < self.entries.len() {
            self.selected
        } else {
            self.offset.min(self.entries.len() - 1)
        };
        if selected < self.offset {
            self.offset = selected;
        }
        // Down from the offset until the selected entry ends inside the panel.
        while self.offset < selected
            && (self.offset..=selected)
                .map(|i| self.entry_rows(i).len())
                .sum::<usize>()
                > height
        {
            self.offset += 1;
        }
        // No empty rows at the end while earlier entries would fill them.
        while self.offset > 0
            && (self.offset - 1..self.entries.len())
                .map(|i| self.entry_rows(i).len())
                .sum::<usize>()
                <= height
        {
            self.offset -= 1;
        }
    }

    /// [`MoveList::layout_for`] as in hint mode: the room the marks take is kept either way.
    pub fn layout(&mut self, area: Rect) {
        self.layout_for(area, true);
    }

    /// The width taken before an entry's text: `▶ ` and, in hint mode, `✓ `.
    fn lead(&self) -> usize {
        if self.hints { 4 } else { 2 }
    }

    /// Entry `i`'s text in rows of the panel's width (after its lead): the move, wrapped at
    /// spaces; in hint mode the nim-sum after it ends the last row.
    fn entry_rows(&self, i: usize) -> Vec<String> {
        let Some(entry) = self.entries.get(i) else {
            return Vec::new();
        };
        let width = (self.rows.width as usize)
            .saturating_sub(self.lead())
            .max(1);
        let text = if self.hints && entry.after_known {
            format!(
                "{} →*{}{}",
                entry.label,
                entry.nim_sum_after.short(),
                pace_words(entry)
            )
        } else if self.hints {
            format!("{}{}", entry.label, pace_words(entry))
        } else {
            entry.label.clone()
        };
        let rows = text::wrap(&text, width);
        if rows.is_empty() {
            vec![String::new()]
        } else {
            rows
        }
    }

    /// The entries shown from the offset: (entry, first row, rows), as many as fit.
    fn visible(&self) -> Vec<(usize, u16, Vec<String>)> {
        let mut out = Vec::new();
        let mut y = 0u16;
        for i in self.offset..self.entries.len() {
            if y >= self.rows.height {
                break;
            }
            let rows = self.entry_rows(i);
            let n = rows.len() as u16;
            out.push((i, y, rows));
            y = y.saturating_add(n);
        }
        out
    }

    fn rows_of(area: Rect, truncated: bool) -> Rect {
        let inner = Rect {
            x: area.x + 1,
            y: area.y + 1,
            width: area.width.saturating_sub(2),
            height: area.height.saturating_sub(2),
        };
        if truncated {
            Rect {
                height: inner.height.saturating_sub(1),
                ..inner
            }
        } else {
            inner
        }
    }

    /// The entry at a screen cell, as last laid out.
    pub fn hit(&self, at: ScreenPosition) -> Option<usize> {
        if !self.rows.contains(at) {
            return None;
        }
        let row = at.y - self.rows.y;
        self.visible()
            .into_iter()
            .find(|(_, y, rows)| (*y..y + rows.len() as u16).contains(&row))
            .map(|(i, _, _)| i)
    }

    /// Draws the list in a bordered panel: in hint mode each entry is marked ✓ (winning) or ✗
    /// (losing) in the theme's colours.
    pub fn render(&self, area: Rect, buf: &mut Buffer, hints: bool, theme: &Theme) {
        use ratatui::widgets::{Block, Widget};
        let title = text::fit(
            &format!(" {} ", self.title),
            area.width.saturating_sub(2) as usize,
        );
        let block = Block::bordered()
            .title(Line::styled(title, theme.title))
            .border_style(theme.focus_border);
        block.render(area, buf);
        let rows = Self::rows_of(area, self.truncated);
        // The rows as laid out (a list drawn without a layout this frame is laid out for
        // `hints` here, on a copy).
        let laid;
        let list = if self.rows == rows && self.hints == hints {
            self
        } else {
            let mut copy = self.clone_layout();
            copy.layout_for(area, hints);
            laid = copy;
            &laid
        };
        let mut shown_last = list.offset;
        for (i, first, texts) in list.visible() {
            let entry = &list.entries[i];
            let selected = i == list.selected;
            let count = texts.len();
            for (k, text) in texts.into_iter().enumerate() {
                let y = rows.y + first + k as u16;
                if y >= rows.y + rows.height {
                    break;
                }
                let cut = k + 1 < count && y + 1 == rows.y + rows.height;
                let mut spans = Vec::new();
                spans.push(Span::raw(match (k, selected) {
                    (0, true) => "▶ ",
                    _ => "  ",
                }));
                let style = if hints && entry.wins {
                    theme.winning
                } else {
                    theme.text
                };
                if hints {
                    if k == 0 {
                        let (mark, mark_style) = if entry.wins {
                            ("✓ ", theme.winning)
                        } else {
                            ("✗ ", theme.losing)
                        };
                        spans.push(Span::styled(mark, mark_style));
                    } else {
                        spans.push(Span::raw("  "));
                    }
                    // "wins in N" / "loses in N" ends the entry's last row in the colour of a
                    // win or a loss (Gamesman's), after the nim-sum it leaves, dimmed.
                    let pace = pace_words(entry);
                    let (text, pace) = match text.strip_suffix(&pace) {
                        Some(head) if !pace.is_empty() && k + 1 == count => {
                            (head.to_string(), Some(pace))
                        }
                        _ => (text, None),
                    };
                    let after = format!(" →*{}", entry.nim_sum_after.short());
                    match text.strip_suffix(&after) {
                        Some(head) if entry.after_known && k + 1 == count => {
                            spans.push(Span::styled(head.to_string(), style));
                            spans.push(Span::styled(after, theme.dim));
                        }
                        _ => spans.push(Span::styled(text, style)),
                    }
                    if let Some(pace) = pace {
                        let pace_style = if entry.wins {
                            theme.winning
                        } else {
                            theme.losing
                        };
                        spans.push(Span::styled(pace, pace_style));
                    }
                } else {
                    spans.push(Span::styled(text, style));
                }
                if cut {
                    // The entry goes on past the panel's last row: it says so.
                    spans.push(Span::raw(" …"));
                }
                let mut line = Line::from(spans);
                if selected {
                    line = line.patch_style(theme.selected);
                    buf.set_style(
                        Rect {
                            y,
                            height: 1,
                            ..rows
                        },
                        theme.selected,
                    );
                }
                set_line_fit(buf, rows.x, y, &line, rows.width);
            }
            if first as usize + count <= rows.height as usize {
                shown_last = i;
            }
        }
        if self.truncated {
            let y = rows.y + rows.height;
            buf.set_stringn(
                rows.x,
                y,
                text::fit(&tr!("board.list.more_moves"), rows.width as usize),
                rows.width as usize,
                theme.dim,
            );
        }
        let bottom = area.y + area.height.saturating_sub(1);
        let mut count_width = 0;
        let all_shown = list.offset == 0 && shown_last + 1 >= list.entries.len();
        if !all_shown && rows.height > 0 && !list.entries.is_empty() {
            let shown = tr!(
                "board.list.shown",
                first = list.offset + 1,
                last = shown_last + 1,
                total = list.entries.len()
            );
            count_width = text::width(&shown) as u16 + 1;
            let x = (area.x + area.width).saturating_sub(count_width);
            buf.set_string(x, bottom, shown, theme.dim);
        }
        if !self.typed.is_empty() {
            let typed = tr!("board.list.typed", n = self.typed.as_str());
            count_width += text::width(&typed) as u16 + 1;
            let x = (area.x + area.width).saturating_sub(count_width);
            buf.set_string(x, bottom, typed, theme.key);
        }
        // What the →*k after each move means, on the bottom border where it fits.
        let legend = tr!("board.list.legend");
        if hints && text::width(&legend) as u16 + count_width + 2 <= area.width {
            buf.set_string(area.x + 1, bottom, legend, theme.dim);
        }
    }
}

/// Writes `line` at (`x`, `y`) in at most `width` columns, ending in "…" when it is cut.
pub fn set_line_fit(buf: &mut Buffer, x: u16, y: u16, line: &Line<'_>, width: u16) {
    // Padding at the end is no text: losing it cuts nothing.
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    let text_width = ratatui::text::Line::raw(text.trim_end()).width();
    if text_width <= width as usize || width == 0 {
        buf.set_line(x, y, line, width);
        return;
    }
    buf.set_line(x, y, line, width - 1);
    // The style of the span the cut falls in, so the mark reads as part of that text.
    let mut seen = 0;
    let style = line
        .spans
        .iter()
        .find(|s| {
            seen += s.width();
            seen >= width as usize
        })
        .map(|s| line.style.patch(s.style))
        .unwrap_or(line.style);
    buf.set_string(x + width - 1, y, "…", style);
}

/// A side panel of wrapped text in a bordered box. Text that does not fit is not cut
/// silently: the last row shown ends in "…" and the border says where to read it all.
pub fn render_text_panel(
    block: ratatui::widgets::Block<'_>,
    lines: Vec<Line<'_>>,
    area: Rect,
    buf: &mut Buffer,
    theme: &Theme,
) {
    use ratatui::widgets::{Paragraph, Widget};
    let inner = block.inner(area);
    let lines = text::wrap_lines(&lines, inner.width as usize);
    let cut = lines.len() > inner.height as usize;
    let paragraph = Paragraph::new(lines);
    let block = if cut {
        block.title_bottom(Line::styled(tr!("board.panel.more"), theme.dim).right_aligned())
    } else {
        block
    };
    paragraph.block(block).render(area, buf);
    if cut && inner.width > 0 && inner.height > 0 {
        let y = inner.y + inner.height - 1;
        // After the last character of the last row shown, or over it when the row is full.
        let end = (inner.x..inner.x + inner.width)
            .rev()
            .find(|&x| buf[(x, y)].symbol() != " ")
            .map_or(inner.x, |x| x + 1);
        let x = end.min(inner.x + inner.width - 1);
        buf.set_string(x, y, "…", theme.dim);
    }
}

/// The side panel's text once the game is over, instead of how to choose a move.
pub fn game_over_lines(theme: &Theme) -> Vec<Line<'static>> {
    use crate::tui::keymap::{self, Action};
    vec![
        Line::raw(tr!("board.over.title")),
        Line::from(vec![
            Span::styled(keymap::key_for(Action::Undo), theme.key),
            Span::raw(tr!("board.over.undo")),
            Span::styled(keymap::key_for(Action::NewGame), theme.key),
            Span::raw(tr!("board.over.new")),
            Span::styled(keymap::key_for(Action::Restart), theme.key),
            Span::raw(tr!("board.over.restart")),
        ]),
    ]
}
