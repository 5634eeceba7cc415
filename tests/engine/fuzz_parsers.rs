//! Fuzzing every parser of outside text with proptest: arbitrary bytes and near-valid inputs
//! (a valid input with a few bytes changed, inserted or removed). Each parser must return, not
//! panic or hang; an error must name a place inside the input and carry a short, one-line
//! message with no control character (a hostile input must not reach the terminal raw); and
//! reading a contest input as a stream in tiny chunks must give exactly what reading it from
//! memory gives.
//!
//! Parsers covered: the three contest readers (memory and stream), the position codes of each
//! game and of `AnyPosition`, the terminal's key/mouse byte parser, saved games (which
//! must also write back the text they read and replay to a position or a placed error), the
//! settings file (whose edit must keep the player's text or set it aside, never lose it), the
//! statistics file, the practice file (drills.toml: no rating that is not a number) and the
//! lessons file (learn.toml).
//!
//! `cargo test --test fuzz_parsers` runs a few thousand inputs in seconds; for a longer run set
//! `GRUNDY_FUZZ_CASES` (cases per property, default 1000).

#[cfg(feature = "tui")]
use std::collections::VecDeque;
use std::io::Read;

use grundy::game::Notation;
use grundy::games::coins::CoinRow;
use grundy::games::dodgeball::Dodgeball;
use grundy::games::grid::CoinGrid;
use grundy::games::{AnyPosition, coins, dodgeball, grid};
use grundy::input::{InputError, Limits, Reader};
use grundy::store::save::Save;
#[cfg(feature = "tui")]
use grundy::tui::events::Parser;
use proptest::prelude::*;

fn config() -> ProptestConfig {
    let cases = std::env::var("GRUNDY_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// A message fit for a terminal: short, one line, nothing that steers the terminal.
fn assert_clean(message: &str, input: &[u8]) {
    assert!(
        message.chars().count() <= 400,
        "{} characters for {:?}",
        message.chars().count(),
        String::from_utf8_lossy(input)
    );
    let bad = message.chars().find(|&c| {
        c.is_control()
            || matches!(c as u32, 0x200B..=0x200F | 0x202A..=0x202E | 0x2066..=0x2069 | 0xFEFF)
    });
    assert!(
        bad.is_none(),
        "{bad:?} in the message {message:?} for {:?}",
        String::from_utf8_lossy(input)
    );
}

/// Reads at most `sizes[i]` bytes on the i-th call (cycling): a stream that arrives in pieces.
struct Trickle<'a> {
    data: &'a [u8],
    sizes: Vec<usize>,
    call: usize,
}

impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let size = self.sizes[self.call % self.sizes.len()].max(1);
        self.call += 1;
        let n = size.min(buf.len()).min(self.data.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.data = &self.data[n..];
        Ok(n)
    }
}

type Solve = fn(&mut Reader) -> Result<String, InputError>;

const SOLVERS: [(&str, Solve); 3] = [
    ("coins", coins::contest::solve_from),
    ("grid", grid::contest::solve_from),
    ("dodgeball", dodgeball::contest::solve_from),
];

/// Every solver on `input`: from memory and as a trickling stream, with the checks above.
fn check_contest(input: &[u8], sizes: &[usize]) {
    let lines = input.split(|&b| b == b'\n').count();
    for (game, solve) in SOLVERS {
        let from_memory = solve(&mut Reader::new(input));
        let mut trickle = Trickle {
            data: input,
            sizes: sizes.to_vec(),
            call: 0,
        };
        // Small limits, so that the stream's own refusals are exercised too; an input within
        // them must read the same as from memory.
        let limits = Limits {
            max_bytes: 1 << 20,
            max_line: 4096,
            valid: "test",
        };
        let streamed = solve(&mut Reader::stream(&mut trickle, limits));
        let longest = input.split(|&b| b == b'\n').map(<[u8]>::len).max();
        if longest.unwrap_or(0) <= limits.max_line {
            assert_eq!(
                from_memory,
                streamed,
                "{game}: memory and stream differ on {:?}",
                String::from_utf8_lossy(input)
            );
        }
        for result in [from_memory, streamed] {
            if let Err(e) = result {
                assert!(
                    (1..=lines + 1).contains(&e.line),
                    "{game}: line {} of {lines}",
                    e.line
                );
                assert!(e.column.is_none_or(|c| c >= 1), "{game}: column 0");
                assert_clean(&e.to_string(), input);
            }
        }
    }
}

/// A valid contest input of one of the games, small.
fn valid_contest() -> impl Strategy<Value = Vec<u8>> {
    let coins = prop::collection::vec(
        (1usize..=20, 1u32..=20).prop_flat_map(|(n, q)| {
            prop::collection::vec(any::<bool>(), n).prop_map(move |faces| (q, faces))
        }),
        1..=3,
    )
    .prop_map(|cases| {
        let mut text = format!("{}\n", cases.len());
        for (q, faces) in cases {
            let row: Vec<&str> = faces.iter().map(|&h| if h { "1" } else { "0" }).collect();
            text += &format!("{} {q}\n{}\n", faces.len(), row.join(" "));
        }
        text.into_bytes()
    });
    let grids = prop::collection::vec(
        (1usize..=5, 1usize..=20).prop_flat_map(|(n, m)| {
            prop::collection::vec(prop::collection::vec(any::<bool>(), m), n)
        }),
        1..=3,
    )
    .prop_map(|cases| {
        let mut text = format!("{}\n", cases.len());
        for rows in cases {
            text += &format!("{} {}\n", rows.len(), rows[0].len());
            for row in rows {
                text.extend(row.iter().map(|&t| if t { 'T' } else { 'H' }));
                text.push('\n');
            }
        }
        text.into_bytes()
    });
    let dodgeball = prop::collection::vec(1u64..1_000_000_000, 1..=5).prop_map(|ks| {
        ks.iter()
            .map(|k| format!("{k}\n"))
            .collect::<String>()
            .into_bytes()
    });
    prop_oneof![coins, grids, dodgeball]
}

/// Bytes that matter to the readers, and some that should never appear.
fn interesting_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        prop::sample::select(b"01HT \t\r\n/:-+x\x1b\x00\x0b\x0c\x7f\xef\xbb\xbf\xff\xc3".to_vec()),
        any::<u8>(),
    ]
}

/// A change to an input: replace, insert or remove the byte at a place.
#[derive(Clone, Debug)]
enum Edit {
    Replace(usize, u8),
    Insert(usize, u8),
    Remove(usize),
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    prop::collection::vec(
        prop_oneof![
            (any::<usize>(), interesting_byte()).prop_map(|(i, b)| Edit::Replace(i, b)),
            (any::<usize>(), interesting_byte()).prop_map(|(i, b)| Edit::Insert(i, b)),
            any::<usize>().prop_map(Edit::Remove),
        ],
        1..=3,
    )
}

fn apply(mut bytes: Vec<u8>, edits: &[Edit]) -> Vec<u8> {
    for edit in edits {
        match *edit {
            Edit::Replace(i, b) if !bytes.is_empty() => {
                let len = bytes.len();
                bytes[i % len] = b;
            }
            Edit::Insert(i, b) => {
                let at = i % (bytes.len() + 1);
                bytes.insert(at, b);
            }
            Edit::Remove(i) if !bytes.is_empty() => {
                let len = bytes.len();
                bytes.remove(i % len);
            }
            _ => {}
        }
    }
    bytes
}

fn chunk_sizes() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(1usize..=9, 1..=5)
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn contest_readers_on_arbitrary_bytes(
        input in prop::collection::vec(any::<u8>(), 0..600),
        sizes in chunk_sizes(),
    ) {
        check_contest(&input, &sizes);
    }

    #[test]
    fn contest_readers_on_near_valid_input(
        valid in valid_contest(),
        edits in edits(),
        sizes in chunk_sizes(),
    ) {
        // The valid input itself reads the same both ways, then the broken one.
        check_contest(&valid, &sizes);
        check_contest(&apply(valid, &edits), &sizes);
    }
}

/// Every code parser on `code`: returns, names a place in the code, and round-trips a success.
fn check_code(code: &str) {
    let chars = code.chars().count();
    let input = code.as_bytes();
    match AnyPosition::from_code(code) {
        Ok(position) => {
            let again = AnyPosition::from_code(&position.to_code()).expect("its own code");
            assert_eq!(again, position, "{code:?}");
        }
        Err(e) => {
            assert!(
                (1..=chars + 1).contains(&e.column),
                "column {} in {code:?}",
                e.column
            );
            assert_clean(&e.to_string(), input);
        }
    }
    check_game::<CoinRow>(code);
    check_game::<CoinGrid>(code);
    check_game::<Dodgeball>(code);
}

/// One game's parser on `code`: an error names a place; a position reads back from its code.
fn check_game<P: Notation + PartialEq + std::fmt::Debug>(code: &str) {
    let chars = code.chars().count();
    match P::from_code(code) {
        Ok(position) => {
            let again = P::from_code(&position.to_code()).expect("its own code");
            assert_eq!(again, position, "{code:?}");
        }
        Err(e) => {
            assert!(
                (1..=chars + 1).contains(&e.column),
                "column {} in {code:?}",
                e.column
            );
            assert_clean(&e.to_string(), code.as_bytes());
        }
    }
}

fn valid_code() -> impl Strategy<Value = String> {
    let coins = (1u32..=20, prop::collection::vec(any::<bool>(), 1..40)).prop_map(|(q, f)| {
        format!(
            "coins:{q}:{}",
            f.iter()
                .map(|&t| if t { 'T' } else { 'H' })
                .collect::<String>()
        )
    });
    let grid = (1usize..=6, 1usize..=8)
        .prop_flat_map(|(r, c)| prop::collection::vec(prop::collection::vec(any::<bool>(), c), r))
        .prop_map(|rows| {
            let rows: Vec<String> = rows
                .iter()
                .map(|row| row.iter().map(|&t| if t { 'T' } else { 'H' }).collect())
                .collect();
            format!("grid:{}", rows.join("/"))
        });
    let dodgeball = prop::collection::vec(any::<bool>(), 1..40).prop_map(|b| {
        format!(
            "dodgeball:{}",
            b.iter()
                .map(|&p| if p { '1' } else { '0' })
                .collect::<String>()
        )
    });
    prop_oneof![coins, grid, dodgeball]
}

fn interesting_char() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            'H', 'T', 'h', '0', '1', '2', '/', ':', ' ', '\n', '\r', '\t', '\u{1b}', '\u{0}',
            '\u{7f}', '\u{9b}', '\u{202e}', '\u{feff}', 'É', '字', '+', '-',
        ]),
        any::<char>(),
    ]
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn codes_on_arbitrary_text(code in ".{0,80}") {
        check_code(&code);
    }

    #[test]
    fn codes_on_arbitrary_bytes_as_text(bytes in prop::collection::vec(any::<u8>(), 0..80)) {
        check_code(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn codes_near_valid(
        valid in valid_code(),
        edits in prop::collection::vec((any::<usize>(), interesting_char(), 0u8..3), 1..=3),
    ) {
        check_code(&valid);
        let mut chars: Vec<char> = valid.chars().collect();
        for (i, c, kind) in edits {
            let len = chars.len();
            match kind {
                0 if len > 0 => chars[i % len] = c,
                1 => chars.insert(i % (len + 1), c),
                _ if len > 0 => {
                    chars.remove(i % len);
                }
                _ => {}
            }
        }
        check_code(&chars.into_iter().collect::<String>());
    }
}

// The terminal reader is the terminal game's: without the `tui` feature there is none.
#[cfg(feature = "tui")]
proptest! {
    #![proptest_config(config())]

    /// The terminal's byte parser: any bytes, cut anywhere between reads, give the same
    /// events as read at once, and never panic.
    #[test]
    fn terminal_input_parser(
        bytes in prop::collection::vec(
            prop_oneof![
                prop::sample::select(b"\x1b[<0;;M~O1234567890;ABCDHFZPm\xc3\xa9\r\t\x03".to_vec()),
                any::<u8>(),
            ],
            0..200,
        ),
        cuts in prop::collection::vec(any::<usize>(), 0..6),
    ) {
        let mut whole = VecDeque::new();
        let mut parser = Parser::default();
        parser.advance(&bytes, &mut whole);
        parser.flush(&mut whole);

        let mut cuts: Vec<usize> = cuts.iter().map(|c| c % (bytes.len() + 1)).collect();
        cuts.sort_unstable();
        let mut pieces = VecDeque::new();
        let mut parser = Parser::default();
        let mut start = 0;
        for cut in cuts.into_iter().chain([bytes.len()]) {
            parser.advance(&bytes[start..cut], &mut pieces);
            start = cut;
        }
        parser.flush(&mut pieces);
        prop_assert_eq!(whole, pieces);
    }
}

// Saved games: arbitrary bytes, and real saves with `edits()` applied.

/// Real saves, one per contest game, in the format `s` writes (the README's sample first).
const SAVES: [&str; 3] = [
    "# grundy saved game\ngrundy save 1\nname 2026-11-23 14-05\nstart coins:4:HTTHTTTTHTTTHTHH\n\
     first you\nlevel perfect\nseed 1234\nhints off\nmoves 2\n2 1\n8 4\nend\n",
    "grundy save 1\nstart grid:HHH/TTH\nfirst you\nlevel hard\nseed 7\nmoves 1\n2,2 2,1\nend\n",
    "grundy save 1\nname dodge\nstart dodgeball:111111\nfirst ai\nlevel easy\nseed 3\nhints on\n\
     moves 2\n3->6\n1->4\nend\n",
];

/// A save either reads, writes back the same text and replays to a position or to an error
/// naming its line; or it is refused with an error that names its line and is fit for a
/// terminal. Never a panic.
fn check_save(input: &[u8]) {
    let lines = input.split(|&b| b == b'\n').count();
    match Save::parse(input) {
        Ok(save) => {
            let text = save.to_text();
            let again = Save::parse(text.as_bytes()).expect("a save's own text reads back");
            assert_eq!(
                again.to_text(),
                text,
                "{:?}",
                String::from_utf8_lossy(input)
            );
            if let Err(e) = save.final_position() {
                assert!(e.line <= lines + 1, "line {} of {lines}: {e}", e.line);
                assert_clean(&e.to_string(), input);
            }
        }
        Err(e) => {
            assert!(e.line <= lines + 1, "line {} of {lines}: {e}", e.line);
            assert_clean(&e.to_string(), input);
        }
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn saved_games_on_arbitrary_bytes(input in prop::collection::vec(any::<u8>(), 0..400)) {
        check_save(&input);
    }

    #[test]
    fn saved_games_edited_by_hand(which in 0..SAVES.len(), edits in edits()) {
        check_save(&apply(SAVES[which].as_bytes().to_vec(), &edits));
    }
}

#[test]
fn the_sample_saves_replay() {
    for text in SAVES {
        let save = Save::parse(text.as_bytes()).expect("the sample reads");
        save.final_position().expect("the sample replays");
    }
}

const SETTINGS: &[&str] = &[
    "# mine\ngame = \"grid\"   # the grid\nlevel = \"easy\"\nfavourite = 7\n\n[coins]\nn = 99\n\
     maxq = 3 # few\nstart = \"random\"\n[grid]\nrows = 4\n",
    "hints = true\ncoaching = false\ntheme = \"plain\"\n[dodgeball]\nboxes = 40\n",
];

/// A settings file: read with defaults and at most one problem, named with its line and fit
/// for a terminal; then a changed setting written into it either edits it (the change read
/// back) or sets the file aside whole first. Never a panic, never a lost file.
fn check_settings(input: &[u8]) {
    use grundy::store::settings::Settings;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("settings.toml");
    std::fs::write(&path, input).unwrap();
    let loaded = Settings::load(&path);
    let lines = input.split(|&b| b == b'\n').count();
    if let Some(problem) = &loaded.problem {
        assert!(
            problem.line <= lines + 1,
            "line {} of {lines}",
            problem.line
        );
        assert_clean(&problem.field, input);
        assert_clean(&problem.message.to_string(), input);
    }
    let before = loaded.settings;
    let mut after = before.clone();
    after.level = match before.level {
        grundy::ai::Level::Easy => grundy::ai::Level::Hard,
        _ => grundy::ai::Level::Easy,
    };
    after.save_changes(&path, &before).expect("written");
    assert_eq!(Settings::load(&path).settings.level, after.level);
    let aside = grundy::store::set_aside_files(&path);
    match aside.as_slice() {
        [] => {}
        [one] => assert_eq!(std::fs::read(one).unwrap(), input),
        more => panic!("{} set-asides", more.len()),
    }
}

const STATS: &[&str] = &[
    "# grundy statistics\n[coins.perfect]\nplayed = 3\nwon = 1\nlost = 2\nstreak = 0\n\
     best_streak = 1\nblunders = 0\ngraded = 0\n[nim.easy]\nplayed = 18446744073709551615\n",
];

/// The statistics file: read, or refused with an error naming its line and fit for a
/// terminal; what is read writes back to the same statistics, and its table prints no
/// control character.
fn check_stats(input: &[u8]) {
    use grundy::store::stats::Stats;
    let Ok(text) = std::str::from_utf8(input) else {
        return;
    };
    let lines = text.split('\n').count();
    match Stats::parse(text) {
        Ok(stats) => {
            assert_eq!(Stats::parse(&stats.to_toml()).unwrap(), stats, "{text:?}");
            for (game, _, _) in stats.rows() {
                assert!(!game.chars().any(|c| c.is_control()), "{game:?}");
            }
        }
        Err(e) => {
            let e = e.to_string();
            let line: usize = e
                .strip_prefix("stats.toml line ")
                .and_then(|rest| rest.split(':').next())
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("no line in {e:?}"));
            assert!(line <= lines + 1, "line {line} of {lines}: {e}");
            assert_clean(&e, input);
        }
    }
}

const DRILLS: &[&str] = &[
    "# grundy practice\n[ratings.all]\nrating = 1534.2\ndeviation = 201.3\nvolatility = 0.06\n\
     tried = 4\nsolved = 3\n\n[ratings.nim]\nrating = 1500.0\ndeviation = 350.0\n\
     volatility = 0.06\ntried = 0\nsolved = 0\n\n[best.nim]\nstreak = 5\ntimed = 7\n\n\
     [[attempts]]\ngame = \"nim\"\nkind = \"winning-move\"\nmode = \"endless\"\n\
     code = \"nim:3,5,7\"\ndifficulty = 3\nanswer = \"heap 1: take 1\"\nright = true\n",
];

const LEARN: &[&str] = &["# grundy: the lessons done\ndone = [\"positions\", \"bash\"]\n"];

/// A TOML file's error: it names a line of the input (after `NAME line `) and is fit for a
/// terminal.
fn check_toml_error(e: &str, name: &str, text: &str, input: &[u8]) {
    let lines = text.split('\n').count();
    let line: usize = e
        .strip_prefix(&format!("{name} line "))
        .and_then(|rest| rest.split(':').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no line in {e:?}"));
    assert!(line <= lines + 1, "line {line} of {lines}: {e}");
    assert_clean(e, input);
}

/// The practice file: read, with every rating a finite number (NaN would stick forever), or
/// refused with an error naming its line and fit for a terminal; what is read writes back to
/// the same records, and a drill answered on it keeps every rating finite.
fn check_drills(input: &[u8]) {
    use grundy::store::drills::{Attempt, Drills, Mode};
    let Ok(text) = std::str::from_utf8(input) else {
        return;
    };
    match Drills::parse(text) {
        Ok(mut drills) => {
            assert_eq!(
                Drills::parse(&drills.to_toml()).unwrap(),
                drills,
                "{text:?}"
            );
            drills.add(Attempt {
                game: "nim".into(),
                kind: "winning-move".into(),
                mode: Mode::Endless,
                code: "nim:3,5,7".into(),
                part: None,
                difficulty: 3,
                answer: "heap 1: take 1".into(),
                right: true,
            });
            for (name, rated) in &drills.ratings {
                let r = rated.rating();
                assert!(
                    r.rating.is_finite() && r.deviation.is_finite() && r.volatility.is_finite(),
                    "{name}: {r:?} from {text:?}"
                );
            }
        }
        Err(e) => check_toml_error(&e.to_string(), "drills.toml", text, input),
    }
}

/// The lessons file: read (and written back the same) or refused with a placed, clean error.
fn check_learn(input: &[u8]) {
    use grundy::learn::progress::Progress;
    let Ok(text) = std::str::from_utf8(input) else {
        return;
    };
    match Progress::parse(text) {
        Ok(progress) => {
            assert_eq!(
                Progress::parse(&progress.to_toml()).unwrap(),
                progress,
                "{text:?}"
            )
        }
        Err(e) => check_toml_error(&e.to_string(), "learn.toml", text, input),
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn drills_on_arbitrary_bytes(input in prop::collection::vec(any::<u8>(), 0..300)) {
        check_drills(&input);
    }

    #[test]
    fn drills_edited_by_hand(which in 0..DRILLS.len(), edits in edits()) {
        check_drills(&apply(DRILLS[which].as_bytes().to_vec(), &edits));
    }

    #[test]
    fn learn_on_arbitrary_bytes(input in prop::collection::vec(any::<u8>(), 0..300)) {
        check_learn(&input);
    }

    #[test]
    fn learn_edited_by_hand(which in 0..LEARN.len(), edits in edits()) {
        check_learn(&apply(LEARN[which].as_bytes().to_vec(), &edits));
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn settings_on_arbitrary_bytes(input in prop::collection::vec(any::<u8>(), 0..300)) {
        check_settings(&input);
    }

    #[test]
    fn settings_edited_by_hand(which in 0..SETTINGS.len(), edits in edits()) {
        check_settings(&apply(SETTINGS[which].as_bytes().to_vec(), &edits));
    }

    #[test]
    fn stats_on_arbitrary_bytes(input in prop::collection::vec(any::<u8>(), 0..300)) {
        check_stats(&input);
    }

    #[test]
    fn stats_edited_by_hand(which in 0..STATS.len(), edits in edits()) {
        check_stats(&apply(STATS[which].as_bytes().to_vec(), &edits));
    }
}
