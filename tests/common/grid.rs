//! Reading the coin-grid board off a screen (a `TestBackend` buffer or a vt100 screen, as
//! text): where a cell is, to click it, and what it shows. The board is the left frame: its
//! top border on screen row 1, the column numbers on row 2, then each row of cells with its
//! number right-aligned in the gutter.

/// The screen row of the column numbers.
const HEADER_ROW: usize = 2;

/// The 0-based screen (column, row) of the middle of cell (`row`, `col`)'s face, if that
/// cell is on screen.
pub fn grid_cell(screen: &str, row: usize, col: usize) -> Option<(u16, u16)> {
    let lines: Vec<Vec<char>> = screen.lines().map(|l| l.chars().collect()).collect();
    let header = lines.get(HEADER_ROW)?;
    // The board's inside runs from column 1 to its right border.
    let right = header.iter().skip(1).position(|&c| c == '│')? + 1;
    let x = number_at(&header[..right], col)?;
    let y = lines
        .iter()
        .enumerate()
        .skip(HEADER_ROW + 1)
        .find(|(_, line)| row_label(line, right) == Some(row))
        .map(|(y, _)| y)?;
    Some((x as u16, y as u16))
}

/// The face letter of cell (`row`, `col`), `H` or `T`, whatever marks it: `[T]` (cursor),
/// `T→H` (in the block), `?T?` (in the block but making it illegal).
pub fn grid_face(screen: &str, row: usize, col: usize) -> Option<char> {
    let (x, y) = grid_cell(screen, row, col)?;
    let line: Vec<char> = screen.lines().nth(y as usize)?.chars().collect();
    let x = x as usize;
    // The letter itself, or the one left of the arrow of `T→H`.
    [x, x.wrapping_sub(1), x + 1]
        .into_iter()
        .filter_map(|x| line.get(x).copied())
        .find(|c| *c == 'H' || *c == 'T')
}

/// The middle column of the token `n` in a row of numbers.
fn number_at(line: &[char], n: usize) -> Option<usize> {
    let wanted = n.to_string();
    let mut x = 0;
    while x < line.len() {
        if line[x].is_ascii_digit() {
            let start = x;
            while x < line.len() && line[x].is_ascii_digit() {
                x += 1;
            }
            let token: String = line[start..x].iter().collect();
            if token == wanted {
                return Some(start + (x - start - 1) / 2);
            }
        } else {
            x += 1;
        }
    }
    None
}

/// The row number at the start of a board line of faces: digits in the gutter followed by a
/// cell that is not a number (the second screen row of a cell, its value's exponent in hint
/// mode, is a row of numbers).
fn row_label(line: &[char], right: usize) -> Option<usize> {
    let inside: String = line.get(1..right.min(line.len()))?.iter().collect();
    let rest = inside.trim_start();
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let after = rest[digits.len()..].trim_start();
    let first = after.chars().next()?;
    if digits.is_empty() || first.is_ascii_digit() {
        return None;
    }
    digits.parse().ok()
}

/// The texts of the panels of the right-hand column, top to bottom (the turn panel, then the
/// block panel), each with its wrapped lines joined by single spaces so that a sentence reads
/// whole wherever the panel broke it.
pub fn side_panels(screen: &str) -> Vec<String> {
    /// The width of the column, borders included (the game screen's `PANEL_WIDTH`).
    const PANEL: usize = 34;
    let width = screen.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    let from = width.saturating_sub(PANEL - 1);
    let mut panels = Vec::new();
    let mut words: Vec<String> = Vec::new();
    for line in screen.lines() {
        let chars: Vec<char> = line.chars().collect();
        if chars.len() < width {
            continue;
        }
        let inner: String = chars[from..width - 1].iter().collect();
        if inner.contains('─') {
            // A border: the end of a panel.
            if !words.is_empty() {
                panels.push(words.join(" "));
                words.clear();
            }
            continue;
        }
        words.extend(inner.split_whitespace().map(str::to_string));
    }
    if !words.is_empty() {
        panels.push(words.join(" "));
    }
    panels
}

/// The turn panel's text (see [`side_panels`]).
pub fn turn_panel(screen: &str) -> String {
    side_panels(screen).into_iter().next().unwrap_or_default()
}

/// The block panel's text (see [`side_panels`]).
pub fn block_panel(screen: &str) -> String {
    side_panels(screen).into_iter().nth(1).unwrap_or_default()
}

/// The cells flipped by the move the turn panel shows for `who` (`"You"` or `"AI"`), anchor
/// first: `AI: anchor (4,5): flip (4,5) (4,4) …`.
pub fn move_cells(screen: &str, who: &str) -> Option<Vec<(usize, usize)>> {
    let turn = turn_panel(screen);
    let start = turn.find(&format!("{who}: anchor "))?;
    let words = &turn[start..];
    let words = &words[words.find(": flip ")? + ": flip ".len()..];
    let mut cells = Vec::new();
    for word in words.split(' ') {
        let Some((r, c)) = word
            .strip_prefix('(')
            .and_then(|w| w.strip_suffix(')'))
            .and_then(|w| w.split_once(','))
        else {
            break;
        };
        cells.push((r.parse().ok()?, c.parse().ok()?));
    }
    Some(cells)
}
