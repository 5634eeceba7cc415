//! The cursor over a board's parts (heaps, coins, stairs) and the keys of its open move list,
//! handled the same way on every board that lays its parts out in rows.

use ratatui::layout::Position as ScreenPosition;

use crate::tui::board::{BoardAction, ListKey, MoveList};
use crate::tui::keymap::Action;

/// An open move list takes a key first: `Some(answer)` when it did, the list closed on Esc.
/// `None`: no list is open, or the key is not one of the list's.
pub fn list_key<M: Clone>(
    list: &mut Option<MoveList<M>>,
    action: Action,
    accepting: bool,
) -> Option<BoardAction<M>> {
    match list.as_mut()?.key(action, accepting) {
        ListKey::Handled(answer) => Some(answer),
        ListKey::Close => {
            *list = None;
            Some(BoardAction::None)
        }
        ListKey::Pass => None,
    }
}

/// A click on an open move list (see [`MoveList::click`]): `Some(answer)` when it hit an entry.
pub fn list_click<M: Clone>(
    list: &mut Option<MoveList<M>>,
    at: ScreenPosition,
    armed: &mut Option<usize>,
    accepting: bool,
    what: &str,
) -> Option<BoardAction<M>> {
    list.as_mut()?.click(at, armed, accepting, what)
}

/// The first of `rows` rows to show, `rows_visible` at a time, so that row `cursor_row` is
/// on screen, scrolled no further than needed from `scroll`, the last row no higher than the
/// bottom.
pub fn scroll_to(cursor_row: usize, scroll: usize, rows: usize, rows_visible: usize) -> usize {
    let scroll = if cursor_row < scroll {
        cursor_row
    } else if cursor_row >= scroll + rows_visible {
        cursor_row + 1 - rows_visible
    } else {
        scroll
    };
    scroll.min(rows.saturating_sub(rows_visible))
}

/// Where a cursor key moves the cursor (0-based) over `count` parts laid out `per_row` to a
/// row, `rows_visible` rows on screen: ←→ step one part, ↑↓ one row (not past the ends),
/// PgUp/PgDn a screenful, Home/End to the ends. `None`: not a cursor key.
pub fn step(
    action: Action,
    cursor: usize,
    count: usize,
    per_row: usize,
    rows_visible: usize,
) -> Option<usize> {
    let last = count.saturating_sub(1);
    let page = per_row * rows_visible;
    let to = match action {
        Action::Left => cursor.saturating_sub(1),
        Action::Right => cursor + 1,
        Action::Up => cursor.checked_sub(per_row).unwrap_or(cursor),
        Action::Down if cursor + per_row <= last => cursor + per_row,
        Action::Down => cursor,
        Action::PageUp => cursor.saturating_sub(page),
        Action::PageDown => cursor + page,
        Action::Home => 0,
        Action::End => last,
        _ => return None,
    };
    Some(to.min(last))
}

/// The next (or previous) of `count` parts after `cursor` for which `movable` holds, wrapping
/// around (the cursor's own part last).
pub fn next_movable(
    cursor: usize,
    count: usize,
    forward: bool,
    movable: impl Fn(usize) -> bool,
) -> Option<usize> {
    (1..=count)
        .map(|k| {
            if forward {
                (cursor + k) % count
            } else {
                (cursor + 2 * count - k) % count
            }
        })
        .find(|&i| movable(i))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_of_parts_steps_and_stops_at_the_ends() {
        // Five parts, one to a row (heaps), three rows on screen.
        let at = |action, cursor| step(action, cursor, 5, 1, 3);
        assert_eq!(at(Action::Up, 0), Some(0));
        assert_eq!(at(Action::Left, 2), Some(1));
        assert_eq!(at(Action::Down, 4), Some(4));
        assert_eq!(at(Action::Right, 3), Some(4));
        assert_eq!(at(Action::PageDown, 3), Some(4));
        assert_eq!(at(Action::PageUp, 4), Some(1));
        assert_eq!(at(Action::Home, 3), Some(0));
        assert_eq!(at(Action::End, 1), Some(4));
        assert_eq!(at(Action::Select, 1), None);
    }

    #[test]
    fn a_grid_of_parts_moves_by_rows() {
        // Ten coins, four to a row, two rows on screen.
        let at = |action, cursor| step(action, cursor, 10, 4, 2);
        assert_eq!(at(Action::Down, 5), Some(9));
        assert_eq!(
            at(Action::Down, 6),
            Some(6),
            "no coin below: the cursor stays"
        );
        assert_eq!(at(Action::Up, 3), Some(3));
        assert_eq!(at(Action::Up, 4), Some(0));
        assert_eq!(at(Action::PageDown, 1), Some(9));
        assert_eq!(at(Action::PageUp, 9), Some(1));
    }

    #[test]
    fn the_cursor_row_stays_on_screen() {
        assert_eq!(scroll_to(2, 5, 20, 4), 2, "above: scrolls up to it");
        assert_eq!(scroll_to(9, 2, 20, 4), 6, "below: scrolls down to it");
        assert_eq!(scroll_to(6, 5, 20, 4), 5, "on screen: stays");
        assert_eq!(scroll_to(3, 9, 10, 4), 3);
        assert_eq!(scroll_to(9, 8, 10, 4), 6, "no empty rows after the last");
    }

    #[test]
    fn the_next_movable_part_wraps_around() {
        let movable = |i: usize| i == 1 || i == 3;
        assert_eq!(next_movable(3, 5, true, movable), Some(1));
        assert_eq!(next_movable(1, 5, false, movable), Some(3));
        assert_eq!(next_movable(2, 5, true, |_| false), None);
        assert_eq!(next_movable(0, 0, true, movable), None);
    }
}
