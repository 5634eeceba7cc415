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
        "octal" => format!("octal:{}", setup.octal),
        _ => return None,
    })
}

use anyhow::Context;
use rand::RngExt;
use ratatui::buffer::Buffer;
use ratatui::layout::Position as ScreenPosition;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use crate::game::{Impartial, Notation};
use crate::games::GameKind;
use crate::games::heaps::rules::pieces;
use crate::games::heaps::values::HeapValues;
use crate::games::heaps::{Action as HeapAction, HeapMove, Heaps, Rule};
use crate::locale;
use crate::setup::ReplayRng;
use crate::tr;
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
            return BoardAction::Message(tr!("game.wait_turn").into_owned());
        }
        let (moves, more) = view.position.moves_of(self.cursor, 500);
        if moves.is_empty() {
            return BoardAction::Message(
                tr!(
                    "board.heaps.no_move",
                    part = view.position.describe_part(self.cursor).words(),
                    key = keymap::key_for(Action::NextPart),
                    word = part_word(view.position.rule())
                )
                .into_owned(),
            );
        }
        let entries = moves
            .into_iter()
            .map(|mv| ListedMove::new(view.position, mv, move_label(view.position, &mv)))
            .collect();
        self.list = Some(MoveList::new(
            tr!(
                "board.heaps.moves_of",
                part = view.position.describe_part(self.cursor).words()
            )
            .into_owned(),
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
        HeapAction::Take(t) => tr!("board.heaps.take", count = t, left = left).into_owned(),
        HeapAction::Knock { count: 1, left: l } => {
            tr!("board.heaps.pin", pin = l + 1, left = left).into_owned()
        }
        HeapAction::Knock { count, left: l } => tr!(
            "board.heaps.pins",
            from = l + 1,
            to = l + count,
            left = left
        )
        .into_owned(),
        HeapAction::Remove { take, left: 0, .. } if take > 0 => {
            tr!("board.heaps.take", count = take, left = left).into_owned()
        }
        HeapAction::Remove { take, .. } if take > 0 => {
            tr!("board.heaps.take_split", count = take, left = left).into_owned()
        }
        HeapAction::Split { .. }
        | HeapAction::Stairs { .. }
        | HeapAction::Multiply
        | HeapAction::Remove { .. } => tr!("board.heaps.split", left = left).into_owned(),
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
        "rules.heaps.1",
        "rules.heaps.2",
        "rules.heaps.3",
        "rules.heaps.4",
        "rules.heaps.5",
        "rules.heaps.6",
        "rules.heaps.7",
        "rules.heaps.8",
        "rules.heaps.9",
        "rules.heaps.10",
    ];

    fn start_position(setup: &GameSetup, rng: &mut ReplayRng) -> anyhow::Result<Heaps> {
        if let Some(code) = &setup.code {
            return Heaps::from_code(code).with_context(|| {
                tr!("board.error.bad_code", game = "heaps", code = code).into_owned()
            });
        }
        let code = start_code(setup, rng);
        Heaps::from_code(&code)
            .with_context(|| tr!("board.error.bad_start", code = code).into_owned())
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
        let key = match (*position.rule() == Rule::Kayles, n == 1) {
            (true, true) => "board.heaps.summary_row",
            (true, false) => "board.heaps.summary_rows",
            (false, true) => "board.heaps.summary_heap",
            (false, false) => "board.heaps.summary_heaps",
        };
        locale::text(key)
            .replace("%{title}", &rule_title_of(position.rule()))
            .replace("%{n}", &n.to_string())
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
                    text::pad(
                        &tr!(
                            "board.heaps.part",
                            word = part_word(position.rule()),
                            n = i + 1
                        ),
                        9
                    )
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
            let mark = tr!(
                "board.heaps.shown",
                word = part_word(position.rule()),
                first = self.scroll + 1,
                last = (self.scroll + self.rows_visible).min(self.count),
                total = self.count
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
            Line::from(tr!(
                "board.heaps.rule",
                title = rule_title_of(position.rule()),
                rule = rule_line_of(position.rule())
            )),
            Line::raw(""),
            Line::from(vec![
                Span::raw(tr!("board.heaps.pick_1", word = word)),
                Span::styled(keymap::key_for(Action::Select), theme.key),
                Span::raw(tr!("board.heaps.pick_2", word = word)),
                Span::styled(keymap::key_for(Action::NextPart), theme.key),
                Span::raw(tr!("board.heaps.pick_3", word = word)),
            ]),
        ];
        let width = areas.moves.width.saturating_sub(2) as usize;
        Paragraph::new(text::wrap_lines(&lines, width))
            .block(
                Block::bordered()
                    .title(Line::styled(tr!("board.moves_title"), theme.title))
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
                                return BoardAction::Message(
                                    tr!(
                                        "board.heaps.none_movable",
                                        word = part_word(view.position.rule())
                                    )
                                    .into_owned(),
                                );
                            }
                        }
                    }
                    Action::Select => return self.choose(view),
                    _ => {}
                }
                BoardAction::None
            }
            BoardInput::Click(at) => {
                if let Some(answer) = cursor::list_click(
                    &mut self.list,
                    at,
                    &mut self.armed,
                    view.accepting,
                    "board.what.move",
                ) {
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
            spans.push(Span::styled(
                tr!("board.status.value", value = v).into_owned(),
                view.theme.value,
            ));
        }
        let moves = position.moves_of(self.cursor, 1000);
        spans.push(Span::styled(
            crate::tui::board::move_count(moves.0.len(), moves.1),
            view.theme.dim,
        ));
        Line::from(spans)
    }
}

/// What a part of the rule's positions is called: a Kayles `row` of pins, else a `heap`.
fn part_word(rule: &Rule) -> std::borrow::Cow<'static, str> {
    if *rule == Rule::Kayles {
        tr!("board.heaps.row")
    } else {
        tr!("board.heaps.heap")
    }
}

/// A rule's name with its parameters, in the player's language (`Bash (take 1..3)`).
pub fn rule_title_of(rule: &Rule) -> String {
    let set = |set: &[u64]| {
        set.iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    match rule {
        Rule::Bash { m } => tr!("game.rule.bash.title_m", m = m).into_owned(),
        Rule::Subtraction { set: s } => {
            tr!("game.rule.subtraction.title_set", set = set(s)).into_owned()
        }
        Rule::TakeRange { l, r } => tr!("game.rule.take.title_lr", l = l, r = r).into_owned(),
        Rule::Lieges { k } => tr!("game.rule.lieges.title_k", k = k).into_owned(),
        Rule::Octal { code } => tr!("game.rule.octal.title_code", code = code).into_owned(),
        other => locale::text(&format!("game.rule.{}.title", other.name())).into_owned(),
    }
}

/// The one-line rule of a position's rule (parameters as coded).
fn rule_line_of(rule: &Rule) -> String {
    match rule {
        Rule::Bash { m } => tr!("game.rule.bash.line_m", m = m).into_owned(),
        Rule::Subtraction { set } => tr!(
            "game.rule.subtraction.line_set",
            set = set
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        )
        .into_owned(),
        Rule::TakeRange { l, r } => tr!("game.rule.take.line_lr", l = l, r = r).into_owned(),
        Rule::Lieges { k } => tr!("game.rule.lieges.line_k", k = k).into_owned(),
        Rule::Octal { code } => tr!("game.rule.octal.line_code", code = code).into_owned(),
        other => locale::text(&format!("game.rule.{}.line", other.name())).into_owned(),
    }
}

/// The menu's title of the heap family's entry `i` (its standard parameters).
pub fn rule_title(i: usize) -> String {
    locale::text(&format!("game.rule.{}.title", rule_entry(i).name)).into_owned()
}

/// The menu's one-line rule of the heap family's entry `i`.
pub fn rule_line(i: usize) -> String {
    locale::text(&format!("game.rule.{}.line", rule_entry(i).name)).into_owned()
}
