//! The heap board, one for every heap game (Nim, Kayles, Grundy's game, misère Nim, …): heaps
//! drawn as stacks of tokens (Kayles: rows of pins), a cursor on one heap, its moves listed
//! beside it and the chosen one previewed on the stack.

pub use crate::games::catalogue::{RULE_STARTS, RuleEntry, rule_entry};
use crate::locale::Words;

/// The code of a new game of the menu's heap family: the entry's standard start, or its
/// parameters with random heaps (E&D: an even number of them), or a random graph.
pub fn start_code(setup: &GameSetup, rng: &mut ReplayRng) -> String {
    let entry = rule_entry(setup.heap_rule);
    let (entry_rule, standard_heaps) = entry.start.rsplit_once(':').expect("a code has heaps");
    // The rule with the setup's parameters (Bash's m, take l..r, Lieges's k, the set S).
    let rule = rule_code(setup).unwrap_or_else(|| entry_rule.to_string());
    if setup.start == Start::Standard {
        return if rule == entry_rule {
            entry.start.to_string()
        } else {
            format!("{rule}:{standard_heaps}")
        };
    }
    if entry.name == "dag" {
        return crate::games::dag::Dag::random(rng).to_code();
    }
    if entry.name == "sum" {
        return super::sum::random_code(rng);
    }
    let (count, largest) = match entry.name {
        "ed" | "wythoff" => (2 * rng.random_range(1..=2), 12),
        "stairs" => (rng.random_range(4..=7), 6),
        "fibnim" => (1, 100),
        _ => (rng.random_range(2..=4), 15),
    };
    let heaps: Vec<String> = (0..count)
        .map(|_| rng.random_range(1..=largest).to_string())
        .collect();
    format!("{rule}:{}", heaps.join(","))
}

/// The rule part of a code for the setup's heap game when the rule has parameters the menu
/// sets (`bash:4`, `take:2,5`, `lieges:3`, `subtraction:1,3,4`); `None` for the others.
pub fn rule_code(setup: &GameSetup) -> Option<String> {
    let join = |set: &[u64]| set.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
    Some(match rule_entry(setup.heap_rule).name {
        "bash" => format!("bash:{}", setup.bash_m),
        "take" => format!("take:{},{}", setup.take_l, setup.take_r),
        "lieges" => format!("lieges:{}", setup.lieges_k),
        "subtraction" => format!("subtraction:{}", join(&setup.subtraction)),
        _ => return None,
    })
}

use anyhow::Context;
use rand::RngExt;
use ratatui::buffer::Buffer;
use ratatui::layout::Position as ScreenPosition;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use crate::game::{Impartial, Notation};
use crate::games::GameKind;
use crate::games::heaps::rules::pieces;
use crate::games::heaps::values::HeapValues;
use crate::games::heaps::{Action as HeapAction, HeapMove, Heaps, Rule};
use crate::setup::ReplayRng;
use crate::tui::board::{
    Board, BoardAction, BoardAreas, BoardInput, BoardView, GameSetup, ListedMove, MoveList, Start,
};
use crate::tui::boards::cursor;
use crate::tui::keymap::{self, Action};
use crate::tui::text;

/// Columns before the tokens: `▶ heap 12 `.
const LABEL_WIDTH: u16 = 11;

/// The view state of the heap board: one row per heap.
#[derive(Clone, Debug)]
pub struct HeapsBoard {
    /// The heap under the cursor, 0-based.
    cursor: usize,
    count: usize,
    /// The moves of the chosen heap.
    list: Option<MoveList<HeapMove>>,
    armed: Option<usize>,
    scroll: usize,
    rows_visible: usize,
    areas: BoardAreas,
}

impl HeapsBoard {
    fn choose(&mut self, view: &BoardView<'_, Heaps>) -> BoardAction<HeapMove> {
        if !view.accepting {
            return BoardAction::Message("Wait for your turn.".to_string());
        }
        let (moves, more) = view.position.moves_of(self.cursor, 500);
        if moves.is_empty() {
            return BoardAction::Message(format!(
                "{} has no move ({} jumps to a {} that has one).",
                view.position.describe_part(self.cursor).words(),
                keymap::key_for(Action::NextPart),
                part_word(view.position.rule())
            ));
        }
        let entries = moves
            .into_iter()
            .map(|mv| ListedMove::new(view.position, mv, move_label(view.position, &mv)))
            .collect();
        self.list = Some(MoveList::new(
            format!(
                "Moves of {}",
                view.position.describe_part(self.cursor).words()
            ),
            entries,
            more,
        ));
        self.armed = None;
        BoardAction::None
    }

    fn move_cursor(&mut self, to: usize) {
        let to = to.min(self.count.saturating_sub(1));
        if to != self.cursor {
            self.list = None;
            self.armed = None;
        }
        self.cursor = to;
    }

    fn next_movable(&self, position: &Heaps, forward: bool) -> Option<usize> {
        cursor::next_movable(self.cursor, self.count, forward, |i| {
            !position.moves_of(i, 1).0.is_empty()
        })
    }

    fn heap_at(&self, at: ScreenPosition) -> Option<usize> {
        let area = self.areas.board;
        if !area.contains(at) {
            return None;
        }
        let i = (at.y - area.y) as usize + self.scroll;
        (i < self.count).then_some(i)
    }
}

/// A move as the list shows it: what it takes and what it leaves.
fn move_label(position: &Heaps, mv: &HeapMove) -> String {
    let x = position.heaps()[mv.heap];
    let after = pieces(position.rule(), x, mv.action);
    let left = if after.is_empty() {
        "0".to_string()
    } else {
        after
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join("+")
    };
    match mv.action {
        HeapAction::Take(t) => format!("take {t} → {left}"),
        HeapAction::Knock { count: 1, left: l } => format!("pin {} → {left}", l + 1),
        HeapAction::Knock { count, left: l } => format!("pins {}-{} → {left}", l + 1, l + count),
        HeapAction::Split { .. } | HeapAction::Stairs { .. } | HeapAction::Multiply => {
            format!("split → {left}")
        }
    }
}

/// The tokens of a heap of `x` in `width` cells: one mark per token while they fit, the
/// `removed` last ones (a previewed take) marked apart; a heap too long to draw is cut with
/// its count.
fn token_spans(
    view: &BoardView<'_, Heaps>,
    x: u64,
    removed: Option<(u64, u64)>,
    width: usize,
) -> Vec<Span<'static>> {
    let theme = view.theme;
    let (mark, gone) = match view.position.rule() {
        Rule::Kayles => ("▮", "×"),
        _ => ("●", "○"),
    };
    let shown = (x as usize).min(width.saturating_sub(2));
    let mut spans = Vec::new();
    for k in 0..shown as u64 {
        let is_gone = removed.is_some_and(|(from, count)| k >= from && k < from + count);
        spans.push(if is_gone {
            Span::styled(gone, theme.preview)
        } else {
            Span::styled(mark, theme.tails)
        });
    }
    if (shown as u64) < x {
        spans.push(Span::styled("…", theme.dim));
    }
    spans
}

impl Board for HeapsBoard {
    fn move_list_mut(
        &mut self,
    ) -> Option<&mut MoveList<<Self::Game as crate::game::Position>::Move>> {
        self.list.as_mut()
    }

    fn cursor_part(&self, _position: &Heaps) -> Option<usize> {
        Some(self.cursor)
    }

    type Game = Heaps;

    const KIND: GameKind = GameKind::Heaps;

    const RULES: &'static [&'static str] = &[
        "Heap games: a position is a list of heaps of tokens; a move changes one heap. Each heap \
         is a game of its own, so a position's value is the nim-sum (XOR) of its heaps' values, \
         and the player to move wins exactly when it is not 0 — except misère Nim (below).",
        "Nim: take any number from one heap. SG(x) = x: a heap of x reaches every smaller one. \
         Bash (take 1..m): SG(x) = x mod (m+1), since from x you reach the m values below it. \
         Take l..r: SG(x) = ⌊(x mod (l+r)) / l⌋.",
        "Subtraction game S (take s ∈ S) and Fibonacci takes (take 1, 2, 3, 5, 8, …): values by \
         the definition, the mex of the values of the heaps you can reach; a finite S makes them \
         periodic (`grundy sg heaps subtraction:1,3,4`).",
        "Coprime takes (take y with gcd(x, y) = 1): an even heap is worth 0 (only an odd take is \
         coprime to it, and every odd heap is worth more than 0); an odd prime p is worth its \
         index among the primes (3 → 2, 5 → 3: it reaches every smaller value), an odd \
         composite the value of its least prime factor.",
        "Kayles: a row of pins; knock down one pin or two adjacent ones, which may split the row \
         in two: a move replaces a row by two rows, worth the XOR of their values. The values \
         are periodic with period 12 from 71 pins on.",
        "Grundy's game: split a heap into two unequal non-empty heaps (1 and 2 cannot move). No \
         formula is known: values by the mex, computed once to 10000.",
        "Lieges of Legendre (k): take one token, or turn a heap of 2y into k heaps of y. The k \
         equal heaps are worth g(y) for odd k and 0 for even k (equal values cancel in pairs), \
         which gives each parity of k its own short pattern.",
        "Staircase split: split a heap into two or more heaps of consecutive sizes a, a−1, …, \
         a−j+1 (10 = 4+3+2+1). Values by the mex, each option's value a XOR of consecutive table \
         entries.",
        "Misère Nim: Nim, but whoever takes the last token LOSES. It is not decided by the \
         nim-sum: with some heap larger than 1 play as in Nim (nim-sum ≠ 0 wins, and leave an odd \
         number of 1-heaps when you reduce the last big heap); with every heap 0 or 1, the player \
         to move wins exactly when the number of 1-heaps is even. Taking the last token is a move \
         (the only one left when one token is), and whoever makes it loses.",
        "Keys: ↑/↓ pick a heap, Enter lists its moves (each previewed on the heap: ○ tokens \
         taken, × pins knocked down), Enter again plays the selected one.",
    ];

    fn start_position(setup: &GameSetup, rng: &mut ReplayRng) -> anyhow::Result<Heaps> {
        if let Some(code) = &setup.code {
            return Heaps::from_code(code).with_context(|| format!("bad heap game code '{code}'"));
        }
        let code = start_code(setup, rng);
        Heaps::from_code(&code).with_context(|| format!("bad start '{code}'"))
    }

    fn new(position: &Heaps) -> HeapsBoard {
        let mut board = HeapsBoard {
            cursor: 0,
            count: position.heaps().len(),
            list: None,
            armed: None,
            scroll: 0,
            rows_visible: 1,
            areas: BoardAreas::default(),
        };
        if position.moves_of(0, 1).0.is_empty()
            && let Some(i) = board.next_movable(position, true)
        {
            board.cursor = i;
        }
        board
    }

    fn position_changed(&mut self, position: &Heaps) {
        self.list = None;
        self.armed = None;
        self.count = position.heaps().len();
        self.cursor = self.cursor.min(self.count.saturating_sub(1));
    }

    fn summary(position: &Heaps) -> String {
        let n = position.heaps().len();
        format!(
            "{} · {n} {}{}",
            position.rule().words(),
            if *position.rule() == Rule::Kayles {
                "row"
            } else {
                "heap"
            },
            if n == 1 { "" } else { "s" }
        )
    }

    fn min_size(&self) -> (u16, u16) {
        (LABEL_WIDTH + 20, 3)
    }

    fn height_for(&self, _width: u16) -> u16 {
        u16::try_from(self.count).unwrap_or(u16::MAX)
    }

    fn layout(&mut self, view: &BoardView<'_, Heaps>, areas: BoardAreas) {
        self.areas = areas;
        self.rows_visible = (areas.board.height as usize).max(1);
        self.scroll = cursor::scroll_to(self.cursor, self.scroll, self.count, self.rows_visible);
        if let Some(list) = &mut self.list {
            list.layout_for(areas.moves, view.hints);
        }
    }

    fn render(&self, view: &BoardView<'_, Heaps>, areas: BoardAreas, buf: &mut Buffer) {
        let board = areas.board;
        let theme = view.theme;
        let position = view.position;
        let values = HeapValues::new(position.rule());
        let selected = self.list.as_ref().and_then(|l| l.selected_move());
        let last_heap = view.last.map(|p| p.mv.heap);
        for row in 0..self
            .rows_visible
            .min(self.count - self.scroll.min(self.count))
        {
            let i = self.scroll + row;
            let y = board.y + row as u16;
            let x = position.heaps()[i];
            let is_cursor = i == self.cursor;
            let mut spans = vec![Span::styled(
                format!(
                    "{}{}",
                    if is_cursor { "▶ " } else { "  " },
                    text::pad(&format!("{} {}", part_word(position.rule()), i + 1), 9)
                ),
                if last_heap == Some(i) {
                    theme.last_move
                } else if is_cursor {
                    theme.cursor
                } else {
                    theme.dim
                },
            )];
            // The previewed move: which tokens it takes, and what the heap becomes.
            let preview = selected.filter(|mv| mv.heap == i);
            let removed = preview.and_then(|mv| match mv.action {
                HeapAction::Take(t) => Some((x - t, t)),
                HeapAction::Knock { count, left } => Some((left, count)),
                _ => None,
            });
            let tail = match preview {
                Some(mv) => format!(" {x} → {}", move_label(position, mv)),
                None => format!(" {x}"),
            };
            let mut tail_spans = vec![Span::styled(
                tail,
                if preview.is_some() {
                    theme.preview
                } else {
                    theme.text
                },
            )];
            if view.hints {
                tail_spans.push(Span::styled(format!("  *{}", values.value(x)), theme.value));
            }
            let tail_width: usize = tail_spans.iter().map(|s| text::width(&s.content)).sum();
            let room = (board.width as usize).saturating_sub(LABEL_WIDTH as usize + tail_width);
            spans.extend(token_spans(view, x, removed, room));
            spans.extend(tail_spans);
            buf.set_line(board.x, y, &Line::from(spans), board.width);
        }
        if self.count > self.rows_visible && board.y > 0 {
            let mark = format!(
                " {}s {}-{} of {} ",
                part_word(position.rule()),
                self.scroll + 1,
                (self.scroll + self.rows_visible).min(self.count),
                self.count
            );
            let x = (board.x + board.width).saturating_sub(text::width(&mark) as u16);
            buf.set_string(x, board.y + board.height, mark, theme.dim);
        }
        if let Some(list) = &self.list {
            list.render(areas.moves, buf, view.hints, theme);
            return;
        }
        let word = part_word(position.rule());
        let lines = vec![
            Line::from(format!(
                "{}: {}",
                position.rule().words(),
                rule_line(position.rule())
            )),
            Line::raw(""),
            Line::from(vec![
                Span::raw(format!("Pick a {word} with ↑/↓ and press ")),
                Span::styled(keymap::key_for(Action::Select), theme.key),
                Span::raw(" to list its moves; "),
                Span::styled(keymap::key_for(Action::NextPart), theme.key),
                Span::raw(format!(" jumps to the next {word} with a move.")),
            ]),
        ];
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .block(
                Block::bordered()
                    .title(Line::styled(" Moves ", theme.title))
                    .border_style(theme.border),
            )
            .render(areas.moves, buf);
    }

    fn handle(&mut self, view: &BoardView<'_, Heaps>, input: BoardInput) -> BoardAction<HeapMove> {
        match input {
            BoardInput::Action(action) => {
                if let Some(answer) = cursor::list_key(&mut self.list, action, view.accepting) {
                    return answer;
                }
                if let Some(to) =
                    cursor::step(action, self.cursor, self.count, 1, self.rows_visible)
                {
                    self.move_cursor(to);
                    return BoardAction::None;
                }
                match action {
                    Action::NextPart | Action::PrevPart => {
                        match self.next_movable(view.position, action == Action::NextPart) {
                            Some(i) => self.move_cursor(i),
                            None => {
                                return BoardAction::Message(format!(
                                    "No {} has a move.",
                                    part_word(view.position.rule())
                                ));
                            }
                        }
                    }
                    Action::Select => return self.choose(view),
                    _ => {}
                }
                BoardAction::None
            }
            BoardInput::Click(at) => {
                if let Some(answer) =
                    cursor::list_click(&mut self.list, at, &mut self.armed, view.accepting, "move")
                {
                    return answer;
                }
                if let Some(i) = self.heap_at(at) {
                    self.move_cursor(i);
                    return self.choose(view);
                }
                BoardAction::None
            }
            BoardInput::Wheel { down, at } => {
                if let Some(list) = &mut self.list
                    && self.areas.moves.contains(at)
                {
                    list.wheel(down);
                } else if self.areas.board.contains(at) {
                    let key = if down { Action::Down } else { Action::Up };
                    if let Some(to) = cursor::step(key, self.cursor, self.count, 1, 1) {
                        self.move_cursor(to);
                    }
                }
                BoardAction::None
            }
        }
    }

    fn show_move(&mut self, view: &BoardView<'_, Heaps>, mv: &HeapMove) {
        self.move_cursor(mv.heap);
        self.list = None;
        if let BoardAction::None = self.choose(view)
            && let Some(list) = &mut self.list
            && !list.select(mv)
        {
            // Past the first 500 moves of a big heap: list the revealed move alone.
            list.entries.insert(
                0,
                ListedMove::new(view.position, *mv, move_label(view.position, mv)),
            );
            list.selected = 0;
        }
    }

    fn status(&self, view: &BoardView<'_, Heaps>) -> Line<'static> {
        let position = view.position;
        let mut spans = vec![Span::styled(
            position.describe_part(self.cursor).words(),
            view.theme.title,
        )];
        if view.hints {
            let v = HeapValues::new(position.rule()).value(position.heaps()[self.cursor]);
            spans.push(Span::styled(format!(" · value *{v}"), view.theme.value));
        }
        let moves = position.moves_of(self.cursor, 1000);
        spans.push(Span::styled(
            format!(
                " · {}{} move{}",
                moves.0.len(),
                if moves.1 { "+" } else { "" },
                if moves.0.len() == 1 { "" } else { "s" }
            ),
            view.theme.dim,
        ));
        Line::from(spans)
    }
}

/// What a part of the rule's positions is called: a Kayles `row` of pins, else a `heap`.
fn part_word(rule: &Rule) -> &'static str {
    if *rule == Rule::Kayles { "row" } else { "heap" }
}

/// The one-line rule of a position's rule, from the menu's entries (parameters as coded).
fn rule_line(rule: &Rule) -> String {
    match rule {
        Rule::Bash { m } => format!("take 1 to {m} tokens from one heap"),
        Rule::Subtraction { set } => format!(
            "take s tokens from one heap, s in {{{}}}",
            set.iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Rule::TakeRange { l, r } => format!("take {l} to {r} tokens from one heap"),
        Rule::Lieges { k } => {
            format!("take one token, or turn a heap of 2y into {k} heaps of y")
        }
        _ => RULE_STARTS
            .iter()
            .find(|e| e.name == rule.name())
            .map_or(String::new(), |e| e.rule.to_string()),
    }
}
