//! `sg … --pattern`: every formula proposed holds on its table by the `--check` evaluator
//! (the same table, checked anew by the real binary), over the catalogue's games and random
//! octal codes; and the known shapes are found.

use crate::cli::grundy;
use rand::{RngExt, SeedableRng};

/// The proposed formula of `sg ARGS --pattern`, if one was proposed.
fn proposed(args: &[&str]) -> Option<String> {
    let mut all = args.to_vec();
    all.push("--pattern");
    let out = grundy(&all, b"");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let last = text.lines().last().unwrap_or_default().to_string();
    if last.starts_with("no formula") {
        return None;
    }
    Some(
        last.strip_prefix("pattern: ")
            .unwrap_or_else(|| panic!("{args:?}: {last}"))
            .to_string(),
    )
}

/// `sg ARGS --check FORMULA` holds (exit 0, "holds").
fn assert_checks(args: &[&str], formula: &str) {
    let mut all = args.to_vec();
    all.extend(["--check", formula]);
    let out = grundy(&all, b"");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && text.contains("holds"),
        "{args:?} --check {formula}: {}",
        text.lines().last().unwrap_or_default()
    );
}

#[test]
fn every_proposed_formula_is_checked_true_by_check() {
    let mut tables: Vec<Vec<String>> = Vec::new();
    for entry in grundy::games::catalogue::RULE_STARTS.iter() {
        let Some((rule, _)) = entry.start.rsplit_once(':') else {
            continue;
        };
        if grundy::lab::LabRule::parse(rule).is_ok() {
            tables.push(["heaps", rule, "--n", "120"].map(String::from).to_vec());
        }
    }
    for table in [
        "wythoff --n 12",
        "ed --n 12",
        "grid --rows 6 --cols 6",
        "coins --n 40 --maxq 3",
        "dodgeball --n 40",
        "fibnim --n 40",
        "stairs --n 8",
        "octal 4.3... --n 120",
        "octal 8.3... --n 120",
    ] {
        tables.push(table.split(' ').map(String::from).collect());
    }
    let mut rng = rand::rngs::StdRng::seed_from_u64(38);
    for _ in 0..50 {
        let digits: String = (0..rng.random_range(1..=3))
            .map(|_| char::from_digit(rng.random_range(0..8), 8).unwrap())
            .collect();
        let d0 = if rng.random_bool(0.3) { 4 } else { 0 };
        tables.push(vec![
            "octal".into(),
            format!("{d0}.{digits}"),
            "--n".into(),
            "150".into(),
        ]);
    }
    let mut found = 0;
    for table in &tables {
        let args: Vec<&str> = std::iter::once("sg")
            .chain(table.iter().map(String::as_str))
            .collect();
        if let Some(formula) = proposed(&args) {
            assert_checks(&args, &formula);
            found += 1;
        }
    }
    assert!(found > tables.len() / 3, "{found} of {}", tables.len());
}

#[test]
fn laskers_nim_and_ed_have_their_shapes() {
    let lasker = proposed(&["sg", "octal", "4.3...", "--n", "60"]).unwrap();
    assert_eq!(
        lasker,
        "if(n == 0, 0, n + if(n % 4 == 0, -1, if(n % 4 == 3, 1, 0)))"
    );
    let ed = proposed(&["sg", "ed", "--n", "16"]).unwrap();
    assert!(ed.contains("bitor(a - 1, b - 1)"), "{ed}");
    assert_eq!(
        proposed(&["sg", "heaps", "bash:3", "--n", "40"]).as_deref(),
        Some("n % 4")
    );
}

#[test]
fn the_cutting_game_file_agrees_with_a_brute_force_and_poj_2311s_samples() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/rules/cutting.rhai");
    let out = grundy(
        &["sg", "--rules", file, "--rows", "14", "--cols", "14"],
        b"",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let brute = crate::brute::cutting(14);
    let rows: Vec<Vec<u64>> = text
        .lines()
        .skip(3)
        // The table's rows; the periods' line follows them.
        .filter(|line| line.contains('|'))
        .map(|line| {
            let (_, cells) = line.split_once('|').unwrap();
            cells
                .split_whitespace()
                .map(|v| v.parse().unwrap())
                .collect()
        })
        .collect();
    assert_eq!(rows.len(), 15);
    assert!(text.contains("no period by rows or by columns"), "{text}");
    for (a, row) in rows.iter().enumerate() {
        assert_eq!(row, &brute[a][..15], "row {a}");
    }
    // POJ 2311's samples: 2 2 LOSE, 3 2 LOSE, 4 2 WIN.
    for (sheet, wins) in [("[2,2]", false), ("[3,2]", false), ("[4,2]", true)] {
        let out = grundy(&["analyze", "--rules", file, sheet], b"");
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            text.contains("player to move wins"),
            wins,
            "{sheet}: {text}"
        );
    }
}
