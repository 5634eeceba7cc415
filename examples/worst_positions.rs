//! Writes the positions of issue 15's table (and the worst found hunting) to a folder, one
//! file per case named `<case>.<move|analyze|line-N>`, holding the code: for measuring
//! `grundy move - < file` and `grundy analyze - < file` with `/usr/bin/time -v`.
//!
//! `cargo run --release --example worst_positions -- DIR [SEED]` (seed 15 by default).

#[path = "../benches/support/worst_positions.rs"]
mod worst_positions;

use worst_positions::Ask;

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let dir = std::path::PathBuf::from(args.next().unwrap_or_else(|| "worst".to_string()));
    let seed = args.next().and_then(|s| s.parse().ok()).unwrap_or(15);
    std::fs::create_dir_all(&dir)?;
    for case in worst_positions::cases(seed) {
        let ask = match case.ask {
            Ask::Move => "move".to_string(),
            Ask::Analyze => "analyze".to_string(),
            Ask::Line(n) => format!("line-{n}"),
        };
        std::fs::write(dir.join(format!("{}.{ask}", case.name)), &case.code)?;
    }
    Ok(())
}
