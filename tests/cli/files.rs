//! Every file the command line reads (issue 30): a FIFO or `/dev/zero` in place of
//! settings.toml, stats.toml or drills.toml is refused at once with a message naming it;
//! a NaN rating is refused; TOML errors show no raw control character; `analyze --why`
//! takes digits only and cuts the part it echoes; a bad `lang` is warned of.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use super::cli::grundy_in;

/// Runs `grundy args` in `home`, killed (and the test failed) if it has not ended in 10 s:
/// a blocking read of a FIFO never ends.
fn grundy_within(home: &Path, args: &[&str]) -> Output {
    let mut child = grundy_in(home)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let deadline = Instant::now() + Duration::from_secs(10);
    while child.try_wait().expect("try_wait").is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("grundy {args:?} still running after 10 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("the output")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn mkfifo(path: &Path) {
    assert!(Command::new("mkfifo").arg(path).status().unwrap().success());
}

/// Puts a FIFO, then a link to `/dev/zero`, at `path`, running `check` with each.
fn fifo_then_zero(path: &Path, check: impl Fn()) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    mkfifo(path);
    check();
    std::fs::remove_file(path).unwrap();
    std::os::unix::fs::symlink("/dev/zero", path).unwrap();
    check();
    std::fs::remove_file(path).unwrap();
}

#[test]
fn a_fifo_or_dev_zero_as_settings_is_warned_of_and_the_command_runs() {
    let home = tempfile::tempdir().unwrap();
    let settings = home.path().join("config/grundy/settings.toml");
    fifo_then_zero(&settings, || {
        let o = grundy_within(home.path(), &["analyze", "nim:1,2"]);
        let err = stderr(&o);
        assert!(o.status.success(), "{err}");
        assert!(String::from_utf8_lossy(&o.stdout).contains("nim-sum"));
        assert!(
            err.contains("warning") && err.contains("settings.toml"),
            "{err}"
        );
        assert!(err.contains("not a regular file"), "{err}");
    });
}

#[test]
fn a_fifo_or_dev_zero_as_stats_or_drills_is_refused_at_once() {
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("data/grundy");
    for name in ["stats.toml", "drills.toml"] {
        fifo_then_zero(&data.join(name), || {
            let o = grundy_within(home.path(), &["stats"]);
            let err = stderr(&o);
            assert_eq!(o.status.code(), Some(2), "{err}");
            assert!(
                err.contains(name) && err.contains("not a regular file"),
                "{err}"
            );
        });
    }
    // Past the bound: refused without reading it all.
    let stats = data.join("stats.toml");
    std::fs::File::create(&stats)
        .unwrap()
        .set_len((1 << 20) + 1)
        .unwrap();
    let o = grundy_within(home.path(), &["stats"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("more than a statistics file may have (1 MiB)"),
        "{err}"
    );
}

#[test]
fn a_rating_that_is_not_a_number_is_refused() {
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("data/grundy");
    std::fs::create_dir_all(&data).unwrap();
    for (value, needle) in [
        ("nan", "not a finite number"),
        ("inf", "not a finite number"),
        ("-inf", "not a finite number"),
    ] {
        std::fs::write(
            data.join("drills.toml"),
            format!("[ratings.nim]\nrating = {value}\ndeviation = 100.0\nvolatility = 0.06\n"),
        )
        .unwrap();
        let o = grundy_within(home.path(), &["stats"]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(
            err.contains("drills.toml line 2") && err.contains(needle),
            "{err}"
        );
    }
    std::fs::write(
        data.join("drills.toml"),
        "[ratings.nim]\nrating = 1500.0\ndeviation = 0.0\nvolatility = 0.06\n",
    )
    .unwrap();
    let o = grundy_within(home.path(), &["stats"]);
    assert!(
        stderr(&o).contains("not a number above 0"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn toml_errors_show_no_raw_control_characters() {
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("data/grundy");
    std::fs::create_dir_all(&data).unwrap();
    // TOML's own escapes: the key read holds the raw control characters.
    let hostile = "[nim.perfect]\nplayed = 1\n\"\\u001b]0;PWN\\u0007\\u001b[2J\" = 3\n";
    std::fs::write(data.join("stats.toml"), hostile).unwrap();
    let o = grundy_within(home.path(), &["stats"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("unknown field"), "{err}");
    assert!(!err.contains('\u{1b}') && !err.contains('\u{7}'), "{err:?}");
    assert!(err.contains("\\x1b[2J"), "{err}");
    std::fs::remove_file(data.join("stats.toml")).unwrap();
    let hostile = "[ratings.nim]\n\"\\u001b[2J\\u009b31m\" = 3\n";
    std::fs::write(data.join("drills.toml"), hostile).unwrap();
    let o = grundy_within(home.path(), &["stats"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        !err.contains('\u{1b}') && !err.contains('\u{9b}'),
        "{err:?}"
    );
}

#[test]
fn why_takes_digits_only_and_cuts_the_part_it_echoes() {
    let long = "9".repeat(100_000) + "x";
    let o = grundy_within(
        Path::new("/nonexistent"),
        &["analyze", "nim:1,2", "--why", &long],
    );
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.len() < 400, "{} bytes of error", err.len());
    for part in ["+1", " 1", "1 ", "1\n", "1,", "٣"] {
        let o = grundy_within(
            Path::new("/nonexistent"),
            &["analyze", "nim:1,2", "--why", part],
        );
        assert_eq!(o.status.code(), Some(2), "{part:?} taken: {}", stderr(&o));
    }
    let o = grundy_within(
        Path::new("/nonexistent"),
        &["analyze", "nim:1,2", "--why", "1"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    for part in ["+1,1", "1, 1"] {
        let o = grundy_within(
            Path::new("/nonexistent"),
            &["analyze", "grid:HT-TT", "--why", part],
        );
        assert_eq!(o.status.code(), Some(2), "{part:?} taken: {}", stderr(&o));
    }
}

#[test]
fn a_bad_lang_in_the_settings_is_warned_of() {
    let home = tempfile::tempdir().unwrap();
    let settings = home.path().join("config/grundy/settings.toml");
    std::fs::create_dir_all(settings.parent().unwrap()).unwrap();
    // Not the first problem of the file: warned of all the same.
    std::fs::write(&settings, "level = \"godlike\"\nlang = \"klingon\"\n").unwrap();
    let o = grundy_within(home.path(), &["analyze", "nim:1,2"]);
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains("warning") && err.contains("lang") && err.contains("klingon"),
        "{err}"
    );
    assert!(err.contains("line 2"), "{err}");
    // A good file: nothing said.
    std::fs::write(&settings, "lang = \"en\"\n").unwrap();
    let o = grundy_within(home.path(), &["analyze", "nim:1,2"]);
    assert_eq!(stderr(&o), "");
}

/// A rules file (`analyze --rules FILE`, issue 25) is read by the same bounded reader: a FIFO
/// and `/dev/zero` are refused at once (exit 2, "not a regular file", in the reader's
/// language), a symbolic link to a regular rules file is read as that file, and a file past
/// the bound (10 MB here) is refused by its size without being read.
#[test]
fn a_rules_file_that_is_a_fifo_a_device_or_too_large_is_refused_at_once() {
    let home = tempfile::tempdir().unwrap();
    let rules = home.path().join("game.rhai");
    let path = rules.to_str().unwrap();
    fifo_then_zero(&rules, || {
        let o = grundy_within(home.path(), &["analyze", "--rules", path, "[1, 2]"]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(
            err.contains("game.rhai") && err.contains("not a regular file"),
            "{err}"
        );
        let o = grundy_within(
            home.path(),
            &["analyze", "--rules", path, "[1, 2]", "--lang", "zh-CN"],
        );
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(
            err.contains("不是普通文件") && !err.contains("regular"),
            "{err}"
        );
    });

    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/rules/cses2208.rhai");
    std::os::unix::fs::symlink(&shipped, &rules).unwrap();
    let o = grundy_within(home.path(), &["analyze", "--rules", path, "[1, 2, 3]"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        String::from_utf8_lossy(&o.stdout).contains("The player to move wins"),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
    std::fs::remove_file(&rules).unwrap();

    let mut large = std::fs::read_to_string(&shipped).unwrap();
    while large.len() < 10_000_000 {
        large.push_str("// a comment that makes the file long, line after line\n");
    }
    std::fs::write(&rules, &large).unwrap();
    let o = grundy_within(home.path(), &["analyze", "--rules", path, "[1, 2, 3]"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("game.rhai") && err.contains("larger than 1 MiB"),
        "{err}"
    );
    assert!(err.len() < 300, "{} bytes of error", err.len());
}

/// A practice file under its size bound but of 100 000 tables (the TOML reader held 300 MB
/// for it) is refused before it is parsed, naming the line of the first table too many, and
/// left as it was.
#[test]
fn a_data_file_of_too_many_tables_is_refused_and_kept() {
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("data/grundy");
    std::fs::create_dir_all(&data).unwrap();
    let many: String = (0..100_000)
        .map(|i| format!("[themes.g{i}.x]\ntried=1\n"))
        .collect();
    let drills = data.join("drills.toml");
    std::fs::write(&drills, &many).unwrap();
    let o = grundy_within(home.path(), &["stats"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    let first_too_many = 2 * grundy::store::drills::MAX_TABLES + 1;
    assert!(
        err.contains(&format!("drills.toml line {first_too_many}"))
            && err.contains("more than 10000 tables"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&drills).unwrap(), many);
    // A file of real size is read: the bound is far above what grundy writes.
    let few: String = (0..2_000)
        .map(|i| format!("[themes.g{i}.x]\ntried=1\n"))
        .collect();
    std::fs::write(&drills, few).unwrap();
    let o = grundy_within(home.path(), &["stats"]);
    assert!(o.status.success(), "{}", stderr(&o));
}
