//! Text measured in terminal columns: every display width, cut and wrap of the TUI goes through
//! here, so that Chinese (two columns a character, no spaces between words) lays out like English.
//! Widths come from `unicode-width` (as ratatui's own); wrapping from `textwrap`, with a word
//! separator that also breaks between CJK characters.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use textwrap::core::Word;
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// The mark that ends a cut text.
const ELLIPSIS: &str = "…";

/// How many terminal columns `text` takes (a CJK character two, a combining mark none).
pub fn width(text: &str) -> usize {
    text.width()
}

/// `text` in at most `columns` columns: a cut text ends in "…", so it never reads as a shorter
/// text (every cut text can also be read in full in the help popup, `?`). A cut never splits a
/// character: a wide one that does not fit is left out.
pub fn fit(text: &str, columns: usize) -> String {
    if width(text) <= columns {
        text.to_string()
    } else {
        cut_marked(text, columns)
    }
}

/// `text` with its end replaced by "…" (the text goes on after it), in at most `columns` columns.
pub fn cut_marked(text: &str, columns: usize) -> String {
    if columns == 0 {
        return String::new();
    }
    let room = columns - 1;
    let mut end = 0;
    for (i, c) in text.char_indices() {
        let next = i + c.len_utf8();
        if width(&text[..next]) > room {
            break;
        }
        end = next;
    }
    format!("{}{ELLIPSIS}", text[..end].trim_end())
}

/// `text` cut as [`fit`] does and padded with spaces to exactly `columns` columns.
pub fn fit_exact(text: &str, columns: usize) -> String {
    pad(&fit(text, columns), columns)
}

/// `text` padded with spaces at the end to at least `columns` columns (`format!("{:<n}")` counts
/// characters, not columns).
pub fn pad(text: &str, columns: usize) -> String {
    let mut padded = text.to_string();
    padded.extend(std::iter::repeat_n(
        ' ',
        columns.saturating_sub(width(text)),
    ));
    padded
}

/// `text` centred in `columns` columns with spaces on both sides (the odd one on the right),
/// as `format!("{:^n}")` does by characters.
pub fn pad_centre(text: &str, columns: usize) -> String {
    let free = columns.saturating_sub(width(text));
    let left = free / 2;
    let mut padded: String = std::iter::repeat_n(' ', left).collect();
    padded.push_str(text);
    padded.extend(std::iter::repeat_n(' ', free - left));
    padded
}

/// `text` padded with spaces at the start to at least `columns` columns.
pub fn pad_start(text: &str, columns: usize) -> String {
    let mut padded: String =
        std::iter::repeat_n(' ', columns.saturating_sub(width(text))).collect();
    padded.push_str(text);
    padded
}

/// `text` in lines of at most `columns` columns (at least one column), broken at spaces and
/// between CJK characters; a word longer than a line is split. Runs of whitespace (newlines
/// too) count as one space, and there is always at least one line.
///
/// A line never breaks inside a run that reads as one thing, where the run fits on a line: a
/// bracketed formula or pair (`n mod (m + 1)`, `(0, 0)`, `（5 → 1 + 3）`), a list of numbers
/// (`12 6 3`), a separator and what it follows (`a · b`), an operator and its operands
/// (`1 + 9`), an arrow and what it points at (`5 → 4`), a command's option and its argument
/// (`--rules 檔案`), a run of ASCII text without spaces (a command, a file name, a code); and it
/// follows the basic 禁则 rules: no line begins with a closing mark (，。、；：？！）」』…) or
/// ends with an opening one (（「『). A run wider than a line is cut where it reads best (after
/// a `+` or `,` of a code) and never before a closing mark or after an opening one.
pub fn wrap(text: &str, columns: usize) -> Vec<String> {
    let columns = columns.max(1);
    let words: Vec<&str> = text.split_whitespace().collect();
    let text = words.join(" ");
    let words = break_long(unbreakable(&text, columns), columns);
    let mut lines: Vec<String> =
        textwrap::wrap_algorithms::wrap_first_fit(&words, &[columns as f64])
            .into_iter()
            .map(|line| {
                let mut row = String::new();
                for (i, word) in line.iter().enumerate() {
                    row.push_str(word.word);
                    if i + 1 < line.len() {
                        row.push_str(word.whitespace);
                    }
                }
                // A wide character in a one-column line is the only thing that can overflow.
                fit(&row, columns)
            })
            .collect();
    if lines.is_empty() {
        lines.push(String::new());
    }
    lines
}

/// A styled line in lines of at most `columns` columns, broken as [`wrap`] breaks its text
/// (at spaces and between CJK characters), each piece keeping the style of its span: the
/// paragraph widget breaks only at spaces, so a Chinese sentence would go whole to the next
/// line, or be split before a closing mark.
pub fn wrap_line(line: &Line<'_>, columns: usize) -> Vec<Line<'static>> {
    let styled: Vec<(char, Style)> = line
        .spans
        .iter()
        .flat_map(|span| {
            let style = line.style.patch(span.style);
            span.content.chars().map(move |c| (c, style))
        })
        .collect();
    let plain: String = styled.iter().map(|(c, _)| *c).collect();
    let mut next = 0;
    wrap(&plain, columns)
        .into_iter()
        .map(|row| {
            let mut spans: Vec<Span<'static>> = Vec::new();
            for c in row.chars() {
                // The row's characters are the text's, in order, less the spaces it was
                // broken or squeezed at (and a "…" that ends a cut).
                let style = match styled[next..].iter().position(|(d, _)| *d == c) {
                    Some(i) => {
                        next += i + 1;
                        styled[next - 1].1
                    }
                    None => styled
                        .get(next.saturating_sub(1))
                        .map_or(line.style, |s| s.1),
                };
                match spans.last_mut() {
                    Some(last) if last.style == style => last.content.to_mut().push(c),
                    _ => spans.push(Span::styled(c.to_string(), style)),
                }
            }
            Line::from(spans)
        })
        .collect()
}

/// Every line of `lines` wrapped by [`wrap_line`].
pub fn wrap_lines(lines: &[Line<'_>], columns: usize) -> Vec<Line<'static>> {
    lines
        .iter()
        .flat_map(|line| wrap_line(line, columns))
        .collect()
}

/// [`wrap`] in at most `rows` lines; the last ends in "…" when the text goes on.
pub fn wrap_rows(text: &str, columns: usize, rows: usize) -> Vec<String> {
    let mut lines = wrap(text, columns);
    if lines.len() > rows {
        lines.truncate(rows);
        if let Some(last) = lines.last_mut() {
            *last = if width(last) < columns {
                format!("{last}{ELLIPSIS}")
            } else {
                cut_marked(last, columns)
            };
        }
    }
    lines
}

/// `items` laid out one space apart in lines of `columns` columns, an item never split (one
/// wider than a line has a line of its own): the items of each line, in order.
pub fn pack<S: AsRef<str>>(items: &[S], columns: usize) -> Vec<&[S]> {
    let words: Vec<Word<'_>> = items
        .iter()
        .map(|item| Word {
            word: item.as_ref(),
            whitespace: " ",
            penalty: "",
            width: width(item.as_ref()),
        })
        .collect();
    let mut start = 0;
    textwrap::wrap_algorithms::wrap_first_fit(&words, &[columns as f64])
        .into_iter()
        .map(|line| {
            let packed = &items[start..start + line.len()];
            start += line.len();
            packed
        })
        // No items make one empty line, which is no line here.
        .filter(|line| !line.is_empty())
        .collect()
}

/// Writes `text` centred in the row `y` of `area`, cut with "…" when it is wider.
pub fn centred(buf: &mut Buffer, area: Rect, y: u16, text: &str, style: Style) {
    let shown = fit(text, area.width as usize);
    let x = area.x + area.width.saturating_sub(width(&shown) as u16) / 2;
    buf.set_stringn(x, y, &shown, area.width as usize, style);
}

/// Blanks every wide character whose second column was drawn over (a popup's border over the
/// text under it): a terminal would show half a character, or push the popup's edge aside.
pub fn mend(buf: &mut Buffer) {
    let area = buf.area;
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            if width(buf[(x, y)].symbol()) < 2 {
                continue;
            }
            let covered = x + 1 >= area.right() || {
                let right = buf[(x + 1, y)].symbol();
                !(right.is_empty() || right == " ")
            };
            if covered {
                let style = buf[(x, y)].style();
                buf[(x, y)].set_symbol(" ").set_style(style);
            }
        }
    }
}

/// The words of a line (one space between words) for the wrap: the pieces [`separate`] finds,
/// joined where a break between them would split one thing (see [`wrap`]). A joined run wider
/// than a line is joined again without the brackets' rule (a long aside in brackets), and
/// failing that breaks at its pieces.
fn unbreakable(line: &str, columns: usize) -> Vec<Word<'_>> {
    let pieces: Vec<Word<'_>> = separate(line).collect();
    let mut words = Vec::new();
    join(line, &pieces, columns, true, &mut words);
    words
}

/// The widest bracketed run kept on one line: a formula or a pair (`n mod (m + 1)`, `(0, 0)`);
/// a longer aside in brackets (a clause) breaks at its spaces like the sentence around it,
/// or it leaves ragged lines before it.
const BRACKETED_MOST: usize = 20;

/// Pushes onto `words` the runs of `pieces` that hold together, each as one word where it fits
/// in `columns`; `brackets`: whether a space inside ASCII brackets holds too.
fn join<'a>(
    line: &'a str,
    pieces: &[Word<'a>],
    columns: usize,
    brackets: bool,
    words: &mut Vec<Word<'a>>,
) {
    let mut start = 0;
    let mut depth = 0usize;
    for i in 0..pieces.len() {
        for c in pieces[i].word.chars() {
            match c {
                '(' | '[' | '{' | '（' => depth += 1,
                ')' | ']' | '}' | '）' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        let held = pieces
            .get(i + 1)
            .is_some_and(|next| (brackets && depth > 0) || holds(&pieces[i], next));
        if held {
            continue;
        }
        let run = &pieces[start..=i];
        let last = run[run.len() - 1];
        let width = run
            .iter()
            .map(|w| w.width + w.whitespace.len())
            .sum::<usize>()
            - last.whitespace.len();
        if run.len() == 1 {
            words.push(last);
        } else if width <= columns && !(brackets && width > BRACKETED_MOST) {
            let to = offset(line, last.word) + last.word.len() + last.whitespace.len();
            words.push(Word::from(&line[offset(line, run[0].word)..to]));
        } else if brackets {
            join(line, run, columns, false, words);
        } else {
            words.extend_from_slice(run);
        }
        start = i + 1;
    }
}

/// Whether no line may break between the pieces `word` and `next`: before a closing mark or a
/// separator, after an opening mark or an arrow, between two numbers, between a command's
/// option and its argument.
fn holds(word: &Word<'_>, next: &Word<'_>) -> bool {
    let (Some(last), Some(first)) = (word.word.chars().last(), next.word.chars().next()) else {
        return false;
    };
    let operator = |w: &str| w.chars().count() == 1 && OPERATORS.contains(w);
    CLOSING.contains(first)
        || OPENING.contains(last)
        || SEPARATORS.contains(first)
        || operator(word.word)
        || last == '→'
        || (last.is_ascii_digit() && first.is_ascii_digit())
        || (is_option(word.word) && !is_option(next.word))
}

/// Whether a piece is a command's option (`--rules`, `-n`): its argument goes with it.
fn is_option(piece: &str) -> bool {
    let piece = piece.trim_end();
    piece.len() > 1
        && piece.starts_with('-')
        && piece[1..].starts_with(|c: char| c.is_ascii_alphabetic() || c == '-')
        && piece.is_ascii()
}

/// `words` with each word wider than `columns` cut into pieces that fit, each as wide as
/// it can be: cut after the last `+`, `,`, `/`, `;` or `|` in the second half of a line (a
/// code or a list reads on from there), else at the line's end; moved back a character while
/// the piece would end with an opening mark or the rest begin with a closing one.
fn break_long<'a>(words: Vec<Word<'a>>, columns: usize) -> Vec<Word<'a>> {
    let mut out = Vec::with_capacity(words.len());
    for word in words {
        if word.width <= columns {
            out.push(word);
            continue;
        }
        let mut rest = word.word;
        while width(rest) > columns {
            let cut = long_cut(rest, columns);
            out.push(Word {
                word: &rest[..cut],
                whitespace: "",
                penalty: "",
                width: width(&rest[..cut]),
            });
            rest = &rest[cut..];
        }
        out.push(Word {
            word: rest,
            whitespace: word.whitespace,
            penalty: word.penalty,
            width: width(rest),
        });
    }
    out
}

/// Where a run wider than `columns` is cut (see [`break_long`]): a byte offset past at least
/// its first character.
fn long_cut(run: &str, columns: usize) -> usize {
    let ends: Vec<usize> = run
        .char_indices()
        .map(|(i, c)| i + c.len_utf8())
        .take_while(|&end| width(&run[..end]) <= columns)
        .collect();
    let Some(&widest) = ends.last() else {
        // Not even one character fits: it goes alone (and is cut by the caller's fit).
        return run.chars().next().map_or(run.len(), char::len_utf8);
    };
    let allowed = |end: usize| {
        let before = run[..end].chars().next_back();
        let after = run[end..].chars().next();
        !before.is_some_and(|c| OPENING.contains(c) || c == '(' || c == '→')
            && !after.is_some_and(|c| CLOSING.contains(c))
    };
    let soft = ends.iter().rev().copied().find(|&end| {
        width(&run[..end]) * 2 >= columns
            && run[..end].ends_with(['+', ',', '/', ';', '|'])
            && allowed(end)
    });
    soft.or_else(|| ends.iter().rev().copied().find(|&end| allowed(end)))
        .unwrap_or(widest)
}

/// Where `piece`, a slice of `line`, starts in it.
fn offset(line: &str, piece: &str) -> usize {
    piece.as_ptr() as usize - line.as_ptr() as usize
}

/// Splits a line (one space between words) into the pieces a line may break after: a word with
/// its space, or a single CJK character, which needs no space to be broken after.
fn separate(line: &str) -> Box<dyn Iterator<Item = Word<'_>> + '_> {
    let mut words = Vec::new();
    let mut start = 0;
    let mut previous: Option<char> = None;
    // Whether the piece being read is a command option's argument (`--rules 檔案`): a
    // placeholder in Chinese is one word of the command, not characters to break between.
    let mut argument = false;
    for (i, c) in line.char_indices() {
        if let Some(p) = previous {
            let after_space = p == ' ' && c != ' ';
            // A combining mark belongs to the character before it: no break before one.
            let between_cjk = p != ' '
                && c != ' '
                && c.width().unwrap_or(0) > 0
                && (is_wide(p) || is_wide(c))
                && !CLOSING.contains(c)
                && !OPENING.contains(p)
                && !(argument
                    && is_wide(p)
                    && is_wide(c)
                    && !CLOSING.contains(p)
                    && !OPENING.contains(c));
            if after_space || between_cjk {
                let piece = &line[start..i];
                argument = after_space && is_option(piece);
                words.push(Word::from(piece));
                start = i;
            }
        }
        previous = Some(c);
    }
    if start < line.len() {
        words.push(Word::from(&line[start..]));
    }
    Box::new(words.into_iter())
}

/// Punctuation that must not begin a line, and punctuation that must not end one.
const CLOSING: &str = "，。、；：！？）」』》〉】”’…";
const OPENING: &str = "（「『《〈【“‘";

/// Marks that must not begin a line: `a · b`, `3 + 4`, `x = 0`. An arrow may (a move list
/// puts `→*k` at the start of a row).
const SEPARATORS: &str = "·+=⊕×−≤≥<>";

/// Operators that hold what follows them too: `1 + 9` stays whole.
const OPERATORS: &str = "+=⊕×−";

fn is_wide(c: char) -> bool {
    c.width() == Some(2)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn chinese_characters_take_two_columns() {
        assert_eq!(width("必胜态与必败态"), 14);
        assert_eq!(width("SG 函数"), 7);
        assert_eq!(width("Nim 和 = 0"), 10);
        assert_eq!(width("e\u{301}"), 1);
    }

    #[test]
    fn fit_keeps_what_fits_and_marks_a_cut() {
        assert_eq!(fit("必胜态", 6), "必胜态");
        assert_eq!(fit("必胜态与必败态", 7), "必胜态…");
        assert_eq!(fit("take 1 to 3", 8), "take 1…");
        assert_eq!(fit("abc", 0), "");
    }

    #[test]
    fn a_cut_never_splits_a_wide_character() {
        // 5 columns: "a必" is 3, "胜" would make 5 and leave no room for the mark.
        assert_eq!(fit("a必胜态", 5), "a必…");
        assert_eq!(fit_exact("a必胜态", 5), "a必… ");
        assert_eq!(width(&fit_exact("a必胜态", 5)), 5);
        assert_eq!(fit("必胜", 1), "…");
        assert_eq!(fit_exact("先手", 7), "先手   ");
    }

    #[test]
    fn padding_counts_columns() {
        assert_eq!(pad("先手", 6), "先手  ");
        assert_eq!(pad("先手", 3), "先手");
        assert_eq!(pad_start("后手", 5), " 后手");
        assert_eq!(pad("heap", 6), format!("{:<6}", "heap"));
        assert_eq!(pad_centre("hit", 6), format!("{:^6}", "hit"));
        assert_eq!(pad_centre("✓撞", 6), " ✓撞  ");
    }

    #[test]
    fn chinese_wraps_between_characters() {
        assert_eq!(
            wrap("必胜态与必败态的判定", 8),
            vec!["必胜态与", "必败态的", "判定"]
        );
        // Odd widths leave a column free rather than split a character.
        assert_eq!(
            wrap("必胜态与必败态", 5),
            vec!["必胜", "态与", "必败", "态"]
        );
    }

    #[test]
    fn punctuation_stays_with_its_character() {
        let lines = wrap("先手必胜，后手必败。", 8);
        assert_eq!(lines, vec!["先手必", "胜，后手", "必败。"]);
    }

    #[test]
    fn mixed_text_wraps_at_spaces_and_between_characters() {
        assert_eq!(
            wrap("Nim 和为 0 时先手必败", 8),
            vec!["Nim 和为", "0 时先手", "必败"]
        );
        assert_eq!(wrap("SG 函数 mex", 6), vec!["SG 函", "数 mex"]);
        let pieces: Vec<&str> = separate("必\u{301}胜，好 ab").map(|w| w.word).collect();
        assert_eq!(pieces, vec!["必\u{301}", "胜，", "好", "ab"]);
    }

    #[test]
    fn english_wraps_at_spaces_and_splits_long_words() {
        assert_eq!(wrap("ab cd ef", 5), vec!["ab cd", "ef"]);
        assert_eq!(wrap("abcdefg h", 3), vec!["abc", "def", "g h"]);
        assert_eq!(wrap("", 4), vec![""]);
        assert_eq!(wrap("↳ é ü", 3), vec!["↳ é", "ü"]);
        assert_eq!(wrap("  two\n lines  ", 20), vec!["two lines"]);
        assert_eq!(wrap("a nim-sum of 0", 7), vec!["a", "nim-sum", "of 0"]);
    }

    #[test]
    fn numbers_formulas_and_pairs_stay_whole() {
        // A list of numbers: the coin move of issue 29 broke as "翻转 18" / "6".
        assert_eq!(
            wrap("硬币 18 ÷3：翻转 18 6", 19),
            vec!["硬币 18 ÷3：翻转", "18 6"]
        );
        // A formula in brackets, and a pair.
        assert_eq!(
            wrap("SG(n) = n mod (m + 1) 对每个 n", 16),
            vec!["SG(n) = n mod", "(m + 1) 对每个 n"]
        );
        assert_eq!(wrap("目标 (0, 0) 已到", 8), vec!["目标", "(0, 0)", "已到"]);
        // A bracketed run wider than a line still breaks, at its spaces.
        assert_eq!(
            wrap("(one two three four)", 9),
            vec!["(one two", "three", "four)"]
        );
    }

    #[test]
    fn no_line_begins_with_a_closing_mark_or_a_separator() {
        // "。" after a space (a path or a code ends the sentence) and "·" between items.
        assert_eq!(
            wrap("用 grundy play --load 'a.toml' 。", 30),
            vec!["用 grundy play", "--load 'a.toml' 。"]
        );
        assert_eq!(
            wrap("胜 5 · 负 2 · 连胜 3", 10),
            vec!["胜 5 · 负", "2 · 连胜 3"]
        );
        for columns in 1..40 {
            let text =
                "已下 12 局 · 胜 5 · 负 7（最高 3）。轮到你走，「先手」必胜：取 (1, 2) → (0, 0)。";
            for (i, line) in wrap(text, columns).iter().enumerate() {
                let first = line.chars().next().unwrap_or(' ');
                let last = line.chars().last().unwrap_or(' ');
                if columns >= 10 && i > 0 {
                    assert!(
                        !CLOSING.contains(first) && first != '·',
                        "{columns}: {line:?}"
                    );
                }
                if columns >= 10 {
                    assert!(!OPENING.contains(last), "{columns}: {line:?}");
                }
            }
        }
    }

    /// The lines that broke on the screens a native reader checked: a sum's rules panel began a
    /// line with "。", a Kayles move broke as "（5 →" / "4）", lesson 22 split a command as
    /// "--rules 檔" / "案".
    #[test]
    fn no_break_inside_brackets_after_an_arrow_or_inside_a_command() {
        let rules = "游戏的和：不同游戏的局面并排放在一起，代码用 + 连接（nim:3,4+kayles:5+coins:4:HTT）。每步只在其中一个子游戏里按它自己的规则走一步。";
        let lines = wrap(rules, 32);
        assert!(lines.iter().all(|l| !l.starts_with('。')), "{lines:?}");
        assert!(
            lines.iter().any(|l| l.ends_with("kayles:5+")),
            "a code too long for a line is cut after a +: {lines:?}"
        );
        assert_eq!(
            wrap("第 1 排：击倒第 1 个球瓶（5 → 4）", 30),
            vec!["第 1 排：击倒第 1 个球瓶", "（5 → 4）"]
        );
        assert_eq!(
            wrap("第 2 堆：取 3 个（9 → 1 + 6）", 20),
            vec!["第 2 堆：取 3 个", "（9 → 1 + 6）"]
        );
        // After an arrow, never a break (where the move fits a line); before one, a break is
        // fine.
        for columns in 10..20 {
            for line in wrap("5 → 4 再 7 → 1 + 6 与 3 → 0", columns) {
                assert!(!line.ends_with('→'), "{columns}: {line:?}");
            }
        }
        let lesson = "命令列上：grundy play --rules 檔案）開啟三個這樣的遊戲。";
        for columns in 14..40 {
            let lines = wrap(lesson, columns);
            assert!(
                lines.iter().any(|l| l.contains("--rules 檔案")),
                "{columns}: {lines:?}"
            );
            for word in ["grundy", "play"] {
                assert!(
                    lines.iter().any(|l| l.contains(word)),
                    "{columns}: {lines:?}"
                );
            }
        }
        // A run wider than a line: never a closing mark first, never an opening one last.
        for columns in 6..34 {
            let lines = wrap("见（nim:3,4+kayles:5+coins:4:HTT）。然后", columns);
            for (i, line) in lines.iter().enumerate() {
                let first = line.chars().next().unwrap_or(' ');
                assert!(i == 0 || !CLOSING.contains(first), "{columns}: {lines:?}");
                assert!(!line.ends_with('（'), "{columns}: {lines:?}");
            }
        }
    }

    #[test]
    fn wrap_rows_marks_the_text_that_goes_on() {
        assert_eq!(wrap_rows("ab cd ef gh ij", 5, 2), vec!["ab cd", "ef g…"]);
        assert_eq!(wrap_rows("ab cd ef", 6, 1), vec!["ab cd…"]);
        assert_eq!(wrap_rows("必胜态与必败态", 4, 2), vec!["必胜", "态…"]);
        assert_eq!(wrap_rows("ab", 5, 2), vec!["ab"]);
    }

    #[test]
    fn a_wide_character_under_a_border_is_blanked() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 6, 1));
        buf.set_string(0, 0, "必胜态", Style::new());
        let whole = buf.clone();
        mend(&mut buf);
        assert_eq!(buf, whole);
        // A border over the right half of 胜 (column 3).
        buf.set_string(3, 0, "│", Style::new());
        mend(&mut buf);
        let row: Vec<&str> = buf.content.iter().map(|c| c.symbol()).collect();
        assert_eq!(row, ["必", " ", " ", "│", "态", " "]);
    }

    #[test]
    fn a_styled_line_wraps_between_characters_and_keeps_its_styles() {
        use ratatui::style::Modifier;
        let bold = Style::new().add_modifier(Modifier::BOLD);
        let line = Line::from(vec![
            Span::raw("移动光标后按 "),
            Span::styled("Enter", bold),
            Span::raw("，或直接点击。"),
        ]);
        let rows = wrap_line(&line, 16);
        let texts: Vec<String> = rows
            .iter()
            .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect();
        assert_eq!(texts, vec!["移动光标后按", "Enter，或直接点", "击。"]);
        assert_eq!(rows[1].spans[0].content, "Enter");
        assert_eq!(rows[1].spans[0].style, bold);
        assert_eq!(rows[1].spans[1].style, Style::new());
        assert_eq!(wrap_line(&Line::raw(""), 5).len(), 1);
    }

    #[test]
    fn pack_keeps_items_whole() {
        let items = ["(1, 2)", "(3, 4)", "必胜态", "x"];
        let lines: Vec<String> = pack(&items, 13).iter().map(|l| l.join(" ")).collect();
        assert_eq!(lines, vec!["(1, 2) (3, 4)", "必胜态 x"]);
        assert_eq!(pack(&items, 3).len(), 4);
        assert!(pack::<&str>(&[], 5).is_empty());
    }

    fn mixed_text() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            "[a-z]{1,6}",
            Just(" ".to_string()),
            "[必胜态与败先手后异或函数]{1,5}",
            Just("e\u{301}".to_string()),
            Just("\u{301}".to_string()),
            Just("，".to_string()),
            Just("（".to_string()),
            Just("…".to_string()),
        ];
        prop::collection::vec(piece, 0..20).prop_map(|pieces| pieces.concat())
    }

    proptest! {
        #[test]
        fn every_line_fits(text in mixed_text(), columns in 1usize..30) {
            for line in wrap(&text, columns) {
                prop_assert!(width(&line) <= columns, "{line:?} wider than {columns}");
            }
            prop_assert!(width(&fit(&text, columns)) <= columns);
            prop_assert_eq!(width(&fit_exact(&text, columns)), columns);
            for line in wrap_rows(&text, columns, 3) {
                prop_assert!(width(&line) <= columns);
            }
        }

        #[test]
        fn wrapping_loses_no_text(text in mixed_text(), columns in 2usize..30) {
            let squeeze = |s: &str| s.split_whitespace().collect::<String>();
            prop_assert_eq!(squeeze(&wrap(&text, columns).concat()), squeeze(&text));
        }
    }
}
