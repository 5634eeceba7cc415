//! The coin grid against brute force: values by definition, outcomes by game-tree search,
//! moves by a naive enumerator written from RULES.md, the constructive winning block on every
//! small anchor and target, the AI, the notation and the contest solver's errors.

use std::collections::HashSet;

use grundy::ai::{self, Level, Reason};
use grundy::game::{Impartial, Notation, Position};
use grundy::games::Face;
use grundy::games::grid::{Block, Cell, CoinGrid, block_toward, cell_value, solve};
use grundy::message::Msg;
use grundy::nimber::{Nimber, mex};
use grundy::solver::{DefinitionMemo, ExactSolution, nimber_by_definition, outcome};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// The grid of `rows` × `cols` whose tails cells are the set bits of `mask` (row-major).
fn grid_from_mask(rows: usize, cols: usize, mask: u64) -> CoinGrid {
    let faces: Vec<Vec<Face>> = (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| {
                    if mask >> (r * cols + c) & 1 == 1 {
                        Face::Tails
                    } else {
                        Face::Heads
                    }
                })
                .collect()
        })
        .collect();
    CoinGrid::new(&faces).unwrap()
}

/// A board just big enough for `anchor`, with T at the anchor only.
fn lone(anchor: Cell) -> CoinGrid {
    let mut faces = vec![vec![Face::Heads; anchor.col]; anchor.row];
    faces[anchor.row - 1][anchor.col - 1] = Face::Tails;
    CoinGrid::new(&faces).unwrap()
}

fn others_xor(block: &Block) -> Nimber {
    block.others().map(cell_value).sum()
}

/// Whether `cells` (holding `anchor`) is 4-connected, by flood fill over a plain set.
fn naive_connected(cells: &HashSet<Cell>, anchor: Cell) -> bool {
    let mut seen = HashSet::from([anchor]);
    let mut stack = vec![anchor];
    while let Some(c) = stack.pop() {
        let candidates = [
            (c.row.wrapping_sub(1), c.col),
            (c.row + 1, c.col),
            (c.row, c.col.wrapping_sub(1)),
            (c.row, c.col + 1),
        ];
        for (row, col) in candidates {
            let n = Cell { row, col };
            if cells.contains(&n) && seen.insert(n) {
                stack.push(n);
            }
        }
    }
    seen.len() == cells.len()
}

/// Every move of `grid` straight from the rules: for each T anchor, every subset of its
/// up-left rectangle that holds the anchor and is 4-connected.
fn naive_moves(grid: &CoinGrid) -> Vec<Block> {
    let mut moves = Vec::new();
    for anchor in grid.tails() {
        let rect: Vec<Cell> = (1..=anchor.row)
            .flat_map(|row| (1..=anchor.col).map(move |col| Cell { row, col }))
            .filter(|&c| c != anchor)
            .collect();
        for subset in 0u32..1 << rect.len() {
            let mut cells: HashSet<Cell> = (0..rect.len())
                .filter(|&k| subset >> k & 1 == 1)
                .map(|k| rect[k])
                .collect();
            cells.insert(anchor);
            if naive_connected(&cells, anchor) {
                moves.push(Block::new(anchor, cells));
            }
        }
    }
    moves
}

const SMALL_BOARDS: [(usize, usize); 12] = [
    (1, 1),
    (1, 6),
    (6, 1),
    (2, 2),
    (2, 3),
    (3, 2),
    (2, 4),
    (4, 2),
    (3, 3),
    (2, 5),
    (5, 2),
    (3, 4),
];

#[test]
fn nim_sum_equals_value_by_definition_on_every_small_position() {
    for (rows, cols) in SMALL_BOARDS {
        let mut memo = DefinitionMemo::default();
        for mask in 0..1u64 << (rows * cols) {
            let grid = grid_from_mask(rows, cols, mask);
            assert_eq!(grid.nim_sum(), memo.nimber(&grid), "{}", grid.to_code());
        }
    }
}

#[test]
fn cell_value_is_the_value_of_a_lone_tails_coin() {
    // By definition (whole game tree) where the rectangle is small.
    for row in 1..=4 {
        for col in 1..=4 {
            let cell = Cell { row, col };
            if row * col > 12 {
                continue;
            }
            assert_eq!(
                nimber_by_definition(&lone(cell), 1 << 22),
                Some(cell_value(cell)),
                "{cell:?}"
            );
        }
    }
    // Along the strips, using the coin-turning rule: the mex over blocks of the XOR of the
    // other cells' values.
    for k in 1..=24 {
        for cell in [Cell { row: 1, col: k }, Cell { row: k, col: 1 }] {
            let (blocks, more) = lone(cell).blocks_at(cell, usize::MAX);
            assert!(!more);
            assert_eq!(
                mex(blocks.iter().map(others_xor)),
                cell_value(cell),
                "{cell:?}"
            );
        }
    }
    for cell in [
        Cell { row: 2, col: 9 },
        Cell { row: 9, col: 2 },
        Cell { row: 4, col: 4 },
        Cell { row: 3, col: 5 },
    ] {
        let (blocks, _) = lone(cell).blocks_at(cell, usize::MAX);
        assert_eq!(
            mex(blocks.iter().map(others_xor)),
            cell_value(cell),
            "{cell:?}"
        );
    }
    assert_eq!(cell_value(Cell { row: 1, col: 1 }), Nimber::new(1));
    assert_eq!(cell_value(Cell { row: 1, col: 8 }), Nimber::new(8));
    assert_eq!(cell_value(Cell { row: 12, col: 1 }), Nimber::new(4));
    assert_eq!(cell_value(Cell { row: 2, col: 2 }), Nimber::new(4));
    assert_eq!(
        cell_value(Cell { row: 100, col: 100 }),
        Nimber::power_of_two(198)
    );
}

#[test]
fn win_or_loss_from_nim_sum_matches_game_tree_search() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut both = [0, 0];
    for _ in 0..300 {
        let (rows, cols) = SMALL_BOARDS[rng.random_range(0..SMALL_BOARDS.len() - 1)];
        let grid = CoinGrid::random(rows, cols, &mut rng);
        let searched = outcome(&grid, 1 << 20).expect("small board");
        assert_eq!(
            searched.wins,
            !grid.nim_sum().is_zero(),
            "{}",
            grid.to_code()
        );
        both[searched.wins as usize] += 1;
    }
    // The sample is not one-sided.
    assert!(both[0] > 20 && both[1] > 20, "{both:?}");
}

#[test]
fn legal_moves_match_the_naive_enumerator() {
    for (rows, cols) in [
        (1, 5),
        (5, 1),
        (2, 2),
        (2, 3),
        (3, 2),
        (2, 4),
        (4, 2),
        (3, 3),
    ] {
        for mask in 0..1u64 << (rows * cols) {
            let grid = grid_from_mask(rows, cols, mask);
            let fast = grid.legal_moves();
            let naive = naive_moves(&grid);
            let fast_set: HashSet<&Block> = fast.iter().collect();
            assert_eq!(fast_set.len(), fast.len(), "repeated moves");
            assert_eq!(fast_set, naive.iter().collect(), "{}", grid.to_code());
            for mv in &fast {
                assert_eq!(grid.check_move(mv), Ok(()));
            }
        }
    }
}

#[test]
fn check_block_agrees_with_the_rules_on_every_subset() {
    let grid = CoinGrid::from_code("grid:THT/TTH/HTT").unwrap();
    let cells: Vec<Cell> = (1..=3)
        .flat_map(|row| (1..=3).map(move |col| Cell { row, col }))
        .collect();
    for anchor in &cells {
        for subset in 0u32..1 << 9 {
            let set: HashSet<Cell> = (0..9)
                .filter(|&k| subset >> k & 1 == 1)
                .map(|k| cells[k])
                .chain([*anchor])
                .collect();
            let legal = grid.is_tails(*anchor)
                && set.iter().all(|c| c.is_up_left_of(*anchor))
                && naive_connected(&set, *anchor);
            let block = Block::new(*anchor, set);
            assert_eq!(grid.check_block(&block).is_ok(), legal, "{block:?}");
        }
    }
}

#[test]
fn check_block_reasons() {
    let grid = CoinGrid::from_code("grid:THT/TTH/HTT").unwrap();
    let reason = |anchor: (usize, usize), others: &[(usize, usize)]| {
        let cell = |(row, col): (usize, usize)| Cell { row, col };
        grid.check_block(&Block::new(cell(anchor), others.iter().map(|&c| cell(c))))
            .unwrap_err()
            .0
            .to_string()
    };
    assert_eq!(reason((4, 1), &[]), "the anchor (4,1) is off the 3×3 board");
    assert_eq!(reason((0, 1), &[]), "the anchor (0,1) is off the 3×3 board");
    assert_eq!(
        reason((1, 2), &[]),
        "the anchor (1,2) shows H: the anchor must show T"
    );
    assert_eq!(
        reason((2, 2), &[(2, 3)]),
        "cell (2,3) is not up-left of the anchor (2,2)"
    );
    assert_eq!(
        reason((2, 2), &[(3, 1)]),
        "cell (3,1) is not up-left of the anchor (2,2)"
    );
    assert_eq!(reason((2, 2), &[(0, 2)]), "cell (0,2) is off the 3×3 board");
    assert_eq!(
        reason((3, 3), &[(1, 1), (3, 2)]),
        "cell (1,1) is not connected to the anchor (3,3)"
    );
    assert_eq!(
        reason((3, 3), &[(2, 2)]),
        "cell (2,2) is not connected to the anchor (3,3)"
    );
    assert!(
        grid.check_block(&Block::new(Cell { row: 3, col: 3 }, []))
            .is_ok()
    );
}

/// Every anchor of a `side` × `side` corner, every target below its value.
fn check_every_target(max_row: usize, max_col: usize) {
    for row in 1..=max_row {
        for col in 1..=max_col {
            let anchor = Cell { row, col };
            let value = cell_value(anchor).to_u64().unwrap();
            let board = lone(anchor);
            for t in 0..value {
                let target = Nimber::new(t);
                let block = board
                    .block_for_target(anchor, target)
                    .unwrap_or_else(|| panic!("no block at {anchor:?} for {t}"));
                assert_eq!(block.anchor(), anchor);
                assert_eq!(board.check_block(&block), Ok(()), "{anchor:?} t={t}");
                assert_eq!(others_xor(&block), target, "{anchor:?} t={t}");
            }
            assert_eq!(board.block_for_target(anchor, Nimber::new(value)), None);
            assert_eq!(board.block_for_target(anchor, Nimber::new(value + 1)), None);
        }
    }
}

#[test]
fn block_for_target_every_anchor_and_target_up_to_8_by_8() {
    check_every_target(8, 8);
}

#[test]
fn block_for_target_every_target_on_the_strips() {
    // Two rows (and two columns) up to 2^15 targets, one row/column to 100.
    check_every_target(2, 15);
    check_every_target(15, 2);
    check_every_target(1, 100);
    check_every_target(100, 1);
}

#[test]
fn block_for_target_random_on_100_by_100() {
    let mut rng = StdRng::seed_from_u64(11);
    let board = CoinGrid::random(100, 100, &mut rng);
    let all = CoinGrid::new(&vec![vec![Face::Tails; 100]; 100]).unwrap();
    for round in 0..3000 {
        let anchor = match round % 3 {
            0 => Cell {
                row: rng.random_range(1..=2),
                col: rng.random_range(1..=100),
            },
            1 => Cell {
                row: rng.random_range(1..=100),
                col: rng.random_range(1..=2),
            },
            _ => Cell {
                row: rng.random_range(1..=100),
                col: rng.random_range(1..=100),
            },
        };
        let value = cell_value(anchor);
        let e = value.highest_bit().unwrap();
        // A random target below the value, sometimes with few bits set.
        let target: Nimber = (0..e)
            .filter(|_| rng.random_bool(if round % 2 == 0 { 0.5 } else { 0.05 }))
            .map(Nimber::power_of_two)
            .sum();
        let block = all.block_for_target(anchor, target).unwrap();
        assert_eq!(all.check_block(&block), Ok(()));
        assert_eq!(others_xor(&block), target, "{anchor:?} {target:?}");
        assert_eq!(block_toward(anchor, target), Some(block.clone()));
        assert_eq!(
            board.block_for_target(anchor, target).is_some(),
            board.is_tails(anchor)
        );
        assert_eq!(all.block_for_target(anchor, value), None);
    }
    assert_eq!(
        all.block_for_target(Cell { row: 101, col: 1 }, Nimber::ZERO),
        None
    );
    assert_eq!(
        all.block_for_target(Cell { row: 0, col: 1 }, Nimber::ZERO),
        None
    );
}

#[test]
fn sample_through_solve() {
    let input = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/grid-sample.in"
    ))
    .unwrap();
    let expected = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/grid-sample.out"
    ))
    .unwrap();
    assert_eq!(solve(&input).unwrap(), expected);
}

#[test]
fn solve_agrees_with_nim_sum_on_big_grids() {
    let mut rng = StdRng::seed_from_u64(3);
    let grids: Vec<CoinGrid> = (0..50)
        .map(|_| CoinGrid::random(100, 100, &mut rng))
        .collect();
    let mut input = String::from("50\n");
    let mut expected = String::new();
    for g in &grids {
        input.push_str("100 100\n");
        for row in g.to_code()["grid:".len()..].split('/') {
            input.push_str(row);
            input.push('\n');
        }
        expected.push_str(if g.nim_sum().is_zero() {
            "=_=\n"
        } else {
            "-_-\n"
        });
    }
    assert_eq!(solve(input.as_bytes()).unwrap(), expected);
    // A lost 100 × 100 grid: T at both cells of each of a few equal-valued pairs.
    let lost = "1\n100 100\n".to_string()
        + (1..=100)
            .map(|r| {
                (1..=100)
                    .map(|c| {
                        if (r, c) == (100, 99) || (r, c) == (99, 100) {
                            'T'
                        } else {
                            'H'
                        }
                    })
                    .collect::<String>()
                    + "\n"
            })
            .collect::<String>()
            .as_str();
    assert_eq!(solve(lost.as_bytes()).unwrap(), "=_=\n");
}

fn solve_error(input: &str) -> (usize, Option<usize>, String) {
    let e = solve(input.as_bytes()).unwrap_err();
    (e.line, e.column, e.message.to_string())
}

#[test]
fn solve_reports_bad_input_with_its_place() {
    assert_eq!(
        solve_error(""),
        (
            1,
            None,
            "empty input: expected the number of cases T".into()
        )
    );
    assert_eq!(
        solve_error(" \n\n"),
        (
            1,
            None,
            "empty input: expected the number of cases T".into()
        )
    );
    let (line, column, message) = solve_error("x\n");
    assert_eq!((line, column), (1, Some(1)));
    assert!(message.contains("T must be a whole number"), "{message}");
    let (_, _, message) = solve_error("51\n");
    assert!(
        message.contains("T 51 is out of range (1..=50)"),
        "{message}"
    );
    let (_, _, message) = solve_error("0\n");
    assert!(message.contains("out of range"), "{message}");
    let (line, column, message) = solve_error("1\n2 101\n");
    assert_eq!((line, column), (2, Some(3)));
    assert!(
        message.contains("m 101 is out of range (1..=100)"),
        "{message}"
    );
    let (line, _, message) = solve_error("1\n2\n");
    assert_eq!(line, 2);
    assert!(message.contains("expected n m"), "{message}");
    let (line, column, message) = solve_error("1\n2 3 4\n");
    assert_eq!((line, column), (2, Some(5)));
    assert!(message.contains("unexpected extra field '4'"), "{message}");
    assert_eq!(
        solve_error("1\n2 3\nHHH\nHH\n"),
        (
            4,
            Some(1),
            "row 2 of case 1 has 2 letters, expected m = 3".into()
        )
    );
    assert_eq!(
        solve_error("1\n2 3\nHHHH\nHHH\n"),
        (
            3,
            Some(1),
            "row 1 of case 1 has 4 letters, expected m = 3".into()
        )
    );
    assert_eq!(
        solve_error("1\n2 3\nHTH\nHxH\n"),
        (4, Some(2), "row 2 of case 1: 'x' is not H or T".into())
    );
    assert_eq!(
        solve_error("1\n1 3\nHT\u{e9}\n"),
        (
            3,
            Some(3),
            "row 1 of case 1: byte 0xC3 is not H or T".into()
        )
    );
    let e = solve(b"1\n1 3\nHT\xff\n").unwrap_err();
    assert_eq!(
        (e.line, e.column, e.message.to_string().as_str()),
        (3, Some(3), "row 1 of case 1: byte 0xFF is not H or T")
    );
    let e = solve(b"\xfe\n").unwrap_err();
    assert_eq!((e.line, e.column), (1, Some(1)));
    assert!(e.message.to_string().contains("byte 0xFE"), "{}", e.message);
    let (line, column, message) = solve_error("1\n1 3\nHTH HH\n");
    assert_eq!((line, column), (3, Some(5)));
    assert!(message.contains("unexpected 'HH' after row 1"), "{message}");
    assert_eq!(
        solve_error("2\n2 3\nHHH\nHHH\n1 2\n"),
        (
            6,
            None,
            "input ends early: expected row 1 of case 2 (2 letters H/T)".into()
        )
    );
    assert_eq!(
        solve_error("1\n2 3\nHHH\n"),
        (
            4,
            None,
            "input ends early: expected row 2 of case 1 (3 letters H/T)".into()
        )
    );
    let (line, column, message) = solve_error("1\n1 1\nT\nH\n");
    assert_eq!((line, column), (4, Some(1)));
    assert!(
        message.contains("unexpected 'H' after the last case"),
        "{message}"
    );
    let (line, _, message) = solve_error("2\n1 1\nT\n");
    assert_eq!(line, 4);
    assert!(
        message.contains("input ends early: expected the line `n m` of case 2"),
        "{message}"
    );
    // Blank lines between cases and a missing final newline are fine.
    assert_eq!(solve(b"2\n\n1 1\nT\n\n1 2\r\nTH").unwrap(), "-_-\n-_-\n");
}

fn code_error(code: &str) -> (usize, String) {
    let e = CoinGrid::from_code(code).unwrap_err();
    (e.column, e.message.to_string())
}

#[test]
fn from_code_reports_bad_codes_with_their_column() {
    assert_eq!(
        code_error("coins:3:HT"),
        (
            1,
            "a grid code starts with `grid:`, found `coins:3:HT`".into()
        )
    );
    assert_eq!(code_error("grid:"), (6, "row 1 is empty".into()));
    assert_eq!(code_error("grid:HH//HH"), (9, "row 2 is empty".into()));
    assert_eq!(code_error("grid:HH/"), (9, "row 2 is empty".into()));
    assert_eq!(
        code_error("grid:HHH/TT/HHH"),
        (12, "row 2 has 2 coins, but row 1 has 3".into())
    );
    assert_eq!(
        code_error("grid:HHH/TTTT"),
        (13, "row 2 is longer than row 1 (3 coins)".into())
    );
    assert_eq!(
        code_error("grid:HHX"),
        (8, "'X' in row 1 is not a face: coins are H or T".into())
    );
    assert_eq!(
        code_error("grid:HH/ht"),
        (9, "'h' is not a face: coins are upper-case H or T".into())
    );
    assert_eq!(
        code_error("grid:HH/HÉ"),
        (
            10,
            "non-ASCII character 'É' in row 2: coins are H or T".into()
        )
    );
    assert_eq!(
        code_error("grid:HH/TT extra"),
        (11, "unexpected text \" extra\" after the grid".into())
    );
    assert_eq!(
        code_error("grid:HH/TT;"),
        (11, "unexpected text \";\" after the grid".into())
    );
    assert_eq!(
        code_error("grid:H1/TT"),
        (
            7,
            "unexpected '1' in row 1: a grid code holds only H, T and '/'".into()
        )
    );
    // Inside a row, not after the grid (issue 11.7).
    assert_eq!(
        code_error("grid:HH-H"),
        (
            8,
            "unexpected '-' in row 1: a grid code holds only H, T and '/'".into()
        )
    );
    assert_eq!(
        code_error("grid:HH/TT\x1b[2J"),
        (11, "unexpected text \"\\x1b[2J\" after the grid".into())
    );
    let wide = format!("grid:{}", "H".repeat(101));
    assert_eq!(
        code_error(&wide),
        (106, "row 1 has more than 100 coins".into())
    );
    let tall = format!("grid:{}", vec!["T"; 101].join("/"));
    assert_eq!(code_error(&tall), (206, "more than 100 rows".into()));
    let ok = format!("grid:{}", vec!["H".repeat(100); 100].join("/"));
    let grid = CoinGrid::from_code(&ok).unwrap();
    assert_eq!((grid.rows(), grid.cols()), (100, 100));
}

#[test]
fn new_checks_the_shape() {
    let h = Face::Heads;
    assert_eq!(
        CoinGrid::new(&[]).unwrap_err().message.to_string(),
        "a grid needs at least one row"
    );
    let e = CoinGrid::new(&[vec![h, h], vec![h]]).unwrap_err();
    assert_eq!(
        (e.column, e.message.to_string().as_str()),
        (9, "row 2 has 1 coin, but row 1 has 2")
    );
    let e = CoinGrid::new(&[vec![h], vec![]]).unwrap_err();
    assert_eq!(e.message.to_string(), "row 2 is empty");
    assert!(CoinGrid::new(&[vec![h; 101]]).is_err());
    assert!(CoinGrid::new(&vec![vec![h]; 101]).is_err());
    let g = CoinGrid::new(&[vec![h, Face::Tails], vec![Face::Tails, h]]).unwrap();
    assert_eq!(g.to_code(), "grid:HT/TH");
    assert_eq!(g.face(Cell { row: 1, col: 2 }), Face::Tails);
    assert_eq!(
        g.tails(),
        vec![Cell { row: 1, col: 2 }, Cell { row: 2, col: 1 }]
    );
}

#[test]
fn describe_move_in_words() {
    let g = CoinGrid::from_code("grid:HHH/TTT").unwrap();
    let cell = |row, col| Cell { row, col };
    let mv = Block::new(cell(2, 3), [cell(1, 2), cell(1, 3)]);
    // The anchor, then the other cells from the anchor outwards.
    assert_eq!(
        g.describe_move(&mv),
        Msg::Block {
            anchor: (2, 3),
            others: vec![(1, 3), (1, 2)]
        }
    );
    assert_eq!(
        g.describe_move(&Block::new(cell(2, 1), [])),
        Msg::Block {
            anchor: (2, 1),
            others: vec![]
        }
    );
}

#[test]
fn moves_of_lists_small_blocks_first_and_reports_truncation() {
    let mut rng = StdRng::seed_from_u64(5);
    let small = CoinGrid::from_code("grid:THT/TTH/HTT").unwrap();
    for anchor in small.tails() {
        let (all, more) = small.moves_of(anchor, usize::MAX);
        assert!(!more);
        let expected: HashSet<Block> = naive_moves(&small)
            .into_iter()
            .filter(|b| b.anchor() == anchor)
            .collect();
        assert_eq!(all.iter().cloned().collect::<HashSet<_>>(), expected);
        assert!(all.windows(2).all(|w| w[0].len() <= w[1].len()));
        let (some, more) = small.moves_of(anchor, 3);
        assert_eq!(more, all.len() > 3);
        assert_eq!(some.len(), all.len().min(3));
        let (exact, more) = small.moves_of(anchor, all.len());
        assert!(!more);
        assert_eq!(exact.len(), all.len());
    }
    assert_eq!(small.moves_of(Cell { row: 1, col: 2 }, 10), (vec![], false));
    assert_eq!(small.moves_of(Cell { row: 9, col: 9 }, 10), (vec![], false));
    let big = CoinGrid::new(&vec![vec![Face::Tails; 100]; 100]).unwrap();
    for _ in 0..5 {
        let anchor = Cell {
            row: rng.random_range(3..=100),
            col: rng.random_range(3..=100),
        };
        let (blocks, more) = big.moves_of(anchor, 500);
        assert_eq!(blocks.len(), 500);
        assert!(more);
        assert_eq!(blocks.iter().collect::<HashSet<_>>().len(), 500);
        for b in &blocks {
            assert_eq!(big.check_block(b), Ok(()));
        }
        assert!(blocks.windows(2).all(|w| w[0].len() <= w[1].len()));
    }
}

#[test]
fn reachable_bound_holds() {
    let mut rng = StdRng::seed_from_u64(9);
    for _ in 0..100 {
        let (rows, cols) = SMALL_BOARDS[rng.random_range(0..SMALL_BOARDS.len() - 1)];
        let grid = CoinGrid::random(rows, cols, &mut rng);
        let solution = ExactSolution::new(&grid, 1 << 20).unwrap();
        assert!(solution.len() as u128 <= grid.reachable_bound().unwrap());
    }
    let g = CoinGrid::from_code("grid:HHHH/HTHH/HHHH").unwrap();
    assert_eq!(g.reachable_bound(), Some(1 << 4));
    let g = CoinGrid::from_code("grid:HHHT/HTHH/HHHH").unwrap();
    assert_eq!(g.reachable_bound(), Some(1 << 6));
    assert_eq!(
        CoinGrid::new(&vec![vec![Face::Tails; 100]; 100])
            .unwrap()
            .reachable_bound(),
        Some(u128::MAX)
    );
    assert_eq!(
        CoinGrid::from_code("grid:HH").unwrap().reachable_bound(),
        Some(1)
    );
}

#[test]
fn winning_and_stalling_moves() {
    let mut rng = StdRng::seed_from_u64(13);
    let mut lost_seen = 0;
    for round in 0..400 {
        let side = if round % 2 == 0 { 4 } else { 100 };
        let grid = CoinGrid::random(
            rng.random_range(1..=side),
            rng.random_range(1..=side),
            &mut rng,
        );
        let n = grid.nim_sum();
        let winning = grid.winning_moves(usize::MAX);
        assert_eq!(winning.is_empty(), n.is_zero());
        for mv in &winning {
            assert_eq!(grid.check_move(mv), Ok(()));
            assert!(grid.nim_sum_after(mv).is_zero());
            assert!(grid.play_unchecked(mv).nim_sum().is_zero());
        }
        assert_eq!(grid.winning_moves(1).len(), winning.len().min(1));
        if let Some(mv) = grid.winning_move(&mut rng) {
            assert!(winning.iter().any(|w| w.anchor() == mv.anchor()));
            assert!(grid.nim_sum_after(&mv).is_zero());
        } else {
            assert!(n.is_zero());
        }
        // Stalling from a lost position: build one by playing a winning move.
        let lost = match winning.first() {
            Some(mv) => grid.play_unchecked(mv),
            None => grid.clone(),
        };
        let Some(stall) = lost.stalling_move(&mut rng) else {
            assert!(lost.is_over());
            continue;
        };
        lost_seen += 1;
        assert_eq!(lost.check_move(&stall), Ok(()));
        assert_eq!(stall.len(), 1);
        if side > 4 {
            continue;
        }
        // The fewest winning replies among lone flips, counted the slow way.
        let replies = |mv: &Block| {
            let child = lost.play_unchecked(mv);
            child.winning_moves(usize::MAX).len()
        };
        let best = lost
            .tails()
            .into_iter()
            .map(|c| replies(&Block::new(c, [])))
            .min()
            .unwrap();
        assert_eq!(replies(&stall), best);
    }
    assert!(lost_seen > 150);
}

#[test]
fn perfect_ai_plays_by_remoteness_on_small_boards() {
    let mut rng = StdRng::seed_from_u64(17);
    let mut checked = 0;
    for _ in 0..150 {
        let grid = CoinGrid::random(rng.random_range(1..=3), rng.random_range(1..=3), &mut rng);
        let Some(decision) = ai::choose_move(&grid, Level::Perfect, &mut rng) else {
            assert!(grid.is_over());
            continue;
        };
        let solution = ExactSolution::new(&grid, 1 << 20).unwrap();
        let here = solution.outcome(&grid).unwrap();
        let child = grid.clone().play(decision.mv).unwrap();
        let after = solution.outcome(&child).unwrap();
        assert_eq!(after.remoteness + 1, here.remoteness, "{}", grid.to_code());
        if here.wins {
            assert!(!after.wins);
            assert_eq!(
                decision.reason,
                Reason::ExactWin {
                    remoteness: here.remoteness
                }
            );
        } else {
            assert_eq!(
                decision.reason,
                Reason::ExactLoss {
                    remoteness: here.remoteness
                }
            );
        }
        checked += 1;
    }
    assert!(checked > 100);
}

#[test]
fn play_rejects_illegal_blocks_and_keeps_the_position() {
    let grid = CoinGrid::from_code("grid:THT/TTH").unwrap();
    let mv = Block::new(Cell { row: 1, col: 2 }, []);
    let err = grid.clone().play(mv.clone()).unwrap_err();
    assert_eq!(err.position, grid);
    assert_eq!(err.mv, mv);
    assert!(err.reason.0.to_string().contains("shows H"));
    let after = grid
        .clone()
        .play(Block::new(
            Cell { row: 2, col: 2 },
            [Cell { row: 1, col: 2 }],
        ))
        .unwrap();
    assert_eq!(after.to_code(), "grid:TTT/THH");
}

/// A random grid code of up to `max` × `max` coins.
fn grid_code(max: usize) -> impl Strategy<Value = String> {
    (1..=max, 1..=max).prop_flat_map(|(rows, cols)| {
        prop::collection::vec(prop::collection::vec(prop::bool::ANY, cols), rows).prop_map(|rows| {
            let rows: Vec<String> = rows
                .iter()
                .map(|r| r.iter().map(|&t| if t { 'T' } else { 'H' }).collect())
                .collect();
            format!("grid:{}", rows.join("/"))
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn notation_round_trips(code in grid_code(100)) {
        let grid = CoinGrid::from_code(&code).unwrap();
        prop_assert_eq!(grid.to_code(), code);
        let faces: Vec<Vec<Face>> = (1..=grid.rows())
            .map(|row| (1..=grid.cols()).map(|col| grid.face(Cell { row, col })).collect())
            .collect();
        prop_assert_eq!(CoinGrid::new(&faces).unwrap(), grid);
    }

    #[test]
    fn ai_moves_are_legal_at_every_level(code in grid_code(100), seed in any::<u64>()) {
        let grid = CoinGrid::from_code(&code).unwrap();
        let mut rng = StdRng::seed_from_u64(seed);
        for level in Level::ALL {
            match ai::choose_move_with_budget(&grid, level, &mut rng, 0) {
                Some(decision) => {
                    prop_assert_eq!(grid.check_move(&decision.mv), Ok(()));
                    if level == Level::Perfect && !grid.nim_sum().is_zero() {
                        prop_assert!(grid.nim_sum_after(&decision.mv).is_zero());
                        prop_assert_eq!(decision.reason, Reason::NimSumZero);
                    }
                }
                None => prop_assert!(grid.is_over()),
            }
        }
    }

    #[test]
    fn ai_moves_are_legal_on_small_boards_with_search(code in grid_code(3), seed in any::<u64>()) {
        let grid = CoinGrid::from_code(&code).unwrap();
        let mut rng = StdRng::seed_from_u64(seed);
        for level in Level::ALL {
            if let Some(decision) = ai::choose_move(&grid, level, &mut rng) {
                prop_assert_eq!(grid.check_move(&decision.mv), Ok(()));
            }
        }
    }

    #[test]
    fn perfect_ai_wins_a_whole_game(code in grid_code(12), seed in any::<u64>()) {
        // Perfect against Easy, move by move: whoever faces nim-sum ≠ 0 with Perfect to move
        // leaves 0; the game always ends.
        let mut grid = CoinGrid::from_code(&code).unwrap();
        let mut rng = StdRng::seed_from_u64(seed);
        let mut perfect_to_move = true;
        let mut moves = 0;
        while let Some(d) = ai::choose_move_with_budget(
            &grid,
            if perfect_to_move { Level::Perfect } else { Level::Easy },
            &mut rng,
            0,
        ) {
            let before = grid.nim_sum();
            grid = grid.play(d.mv).unwrap();
            if perfect_to_move && !before.is_zero() {
                prop_assert!(grid.nim_sum().is_zero());
            }
            perfect_to_move = !perfect_to_move;
            moves += 1;
            prop_assert!(moves < 100_000);
        }
    }

    #[test]
    fn nim_sum_after_is_incremental(code in grid_code(10), seed in any::<u64>()) {
        let grid = CoinGrid::from_code(&code).unwrap();
        let mut rng = StdRng::seed_from_u64(seed);
        if let Some(mv) = ai::random_move(&grid, &mut rng) {
            prop_assert_eq!(grid.nim_sum_after(&mv), grid.play_unchecked(&mv).nim_sum());
        }
    }
}

#[test]
fn same_values_under_transposition() {
    let mut rng = StdRng::seed_from_u64(21);
    for _ in 0..50 {
        let g = CoinGrid::random(
            rng.random_range(1..=100),
            rng.random_range(1..=100),
            &mut rng,
        );
        assert_eq!(g.nim_sum(), g.transposed().nim_sum());
        assert_eq!(g.transposed().transposed(), g);
    }
}
