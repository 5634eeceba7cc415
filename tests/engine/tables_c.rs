//! The long tables against an independent C program of the sparse-space method
//! (benches/c/sparse_space.c, compiled here with the system's C compiler where there is one):
//! Grundy's game and octal codes with long tables, value for value. grundy's own plain-mex
//! checks are in `octal` and `heaps`; this one checks the sparse-space path against code that
//! shares nothing with it.

use std::path::Path;
use std::process::Command;

use grundy::games::heaps::values::grundy_table;
use grundy::lab::OctalCode;

/// The C reference built into a temporary folder, or `None` (with a message) without `cc`.
fn reference() -> Option<(tempfile::TempDir, std::path::PathBuf)> {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let binary = dir.path().join("sparse_space");
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/c/sparse_space.c");
    match Command::new("cc")
        .arg("-O2")
        .arg("-o")
        .arg(&binary)
        .arg(&source)
        .status()
    {
        Ok(status) if status.success() => Some((dir, binary)),
        other => {
            eprintln!("skipped: no C compiler to build the reference ({other:?})");
            None
        }
    }
}

fn c_values(binary: &Path, code: &str, n: u64) -> Vec<u32> {
    let out = Command::new(binary)
        .args([code, &n.to_string(), "--values"])
        .output()
        .expect("the reference runs");
    assert!(
        out.status.success(),
        "{code}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("digits")
        .lines()
        .map(|l| l.parse().expect("a value a line"))
        .collect()
}

#[test]
fn long_tables_equal_an_independent_c_program() {
    let Some((_dir, binary)) = reference() else {
        return;
    };
    assert_eq!(
        grundy_table(30_000),
        c_values(&binary, "grundy", 30_000),
        "Grundy's game"
    );
    for (code, n) in [
        ("0.6", 30_000),
        ("0.354", 100_000),
        ("0.16", 100_000),
        ("0.137", 100_000),
    ] {
        let ours = OctalCode::parse(code).expect("a code").values(n);
        assert_eq!(ours, c_values(&binary, code, n), "octal {code} to {n}");
    }
}
