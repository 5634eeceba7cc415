//! Every file grundy reads (issue 30): a FIFO or a device in a file's place is refused at
//! once with a message naming the file, never read until it ends; a file past its kind's
//! bound is refused; a link never leads a lock file or the unfinished games out of the data
//! directory; a held lock is given up on after the wait, never waited on forever.

use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::mpsc;
use std::time::Duration;

use grundy::learn::progress::Progress;
use grundy::store::drills::Drills;
use grundy::store::settings::Settings;
use grundy::store::stats::Stats;
use grundy::store::{FileKind, Store, read_file, unfinished};

/// Runs `f` on a thread and fails if it has not returned within 10 s (a blocking read of a
/// FIFO would never return: the test must fail, not hang).
fn within_seconds<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = send.send(f());
    });
    receive
        .recv_timeout(Duration::from_secs(10))
        .unwrap_or_else(|_| panic!("{what}: still reading after 10 s"))
}

fn mkfifo(path: &Path) {
    assert!(
        Command::new("mkfifo")
            .arg(path)
            .status()
            .expect("mkfifo runs")
            .success()
    );
}

/// A FIFO, a link to `/dev/zero` and a file one byte past the bound, in `dir` as `name`,
/// one after another: `check` gets the path of each and what the problem must say.
fn hostile_files(dir: &Path, name: &str, kind: FileKind, check: impl Fn(&Path, &str)) {
    let path = dir.join(name);
    mkfifo(&path);
    check(&path, "not a regular file");
    std::fs::remove_file(&path).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &path).unwrap();
    check(&path, "not a regular file");
    std::fs::remove_file(&path).unwrap();
    std::fs::File::create(&path)
        .unwrap()
        .set_len(kind.max_bytes() + 1)
        .unwrap();
    check(&path, "more than");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn every_toml_file_refuses_a_fifo_a_device_and_a_huge_file_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path().to_path_buf();
    hostile_files(&dir, "settings.toml", FileKind::Settings, |path, needle| {
        let path = path.to_path_buf();
        let loaded = within_seconds("settings.toml", move || Settings::load(&path));
        let problem = loaded.problem.expect("a problem");
        let message = problem.message.to_string();
        assert!(message.contains(needle), "{problem:?}");
        assert!(message.contains("settings.toml"), "{problem:?}");
        assert_eq!(loaded.settings, Settings::default());
    });
    hostile_files(&dir, "stats.toml", FileKind::Stats, |path, needle| {
        let path = path.to_path_buf();
        let loaded = within_seconds("stats.toml", move || Stats::load(&path));
        let problem = loaded.problem.expect("a problem").to_string();
        assert!(
            problem.contains(needle) && problem.contains("stats.toml"),
            "{problem}"
        );
    });
    hostile_files(&dir, "drills.toml", FileKind::Drills, |path, needle| {
        let path = path.to_path_buf();
        let loaded = within_seconds("drills.toml", move || Drills::load(&path));
        let problem = loaded.problem.expect("a problem").to_string();
        assert!(
            problem.contains(needle) && problem.contains("drills.toml"),
            "{problem}"
        );
    });
    hostile_files(&dir, "learn.toml", FileKind::Learn, |path, needle| {
        let path = path.to_path_buf();
        let loaded = within_seconds("learn.toml", move || Progress::load(&path));
        let problem = loaded.problem.expect("a problem").to_string();
        assert!(
            problem.contains(needle) && problem.contains("learn.toml"),
            "{problem}"
        );
    });
    hostile_files(&dir, "game.grundy", FileKind::Save, |path, needle| {
        let path = path.to_path_buf();
        let read = within_seconds("a save", move || grundy::store::save::Save::read(&path));
        let problem = read.expect_err("refused").to_string();
        assert!(
            problem.contains(needle) && problem.contains("game.grundy"),
            "{problem}"
        );
    });
}

/// A write to a file that is a FIFO (or a link to a device) sets it aside, kept, and writes a
/// new file: nothing the player had is lost, and the write does not hang.
#[test]
fn a_write_over_a_fifo_sets_it_aside_and_does_not_hang() {
    let dir = tempfile::tempdir().unwrap();
    let stats = dir.path().join("stats.toml");
    mkfifo(&stats);
    let path = stats.clone();
    let written = within_seconds("counting a game", move || {
        Stats::add_to_file(&path, "nim", grundy::ai::Level::Perfect, true, None)
    })
    .expect("counted");
    assert_eq!(written.record_of("nim", grundy::ai::Level::Perfect).won, 1);
    let aside = grundy::store::set_aside_files(&stats);
    assert_eq!(aside.len(), 1, "{aside:?}");
    assert!(
        std::fs::symlink_metadata(&aside[0])
            .unwrap()
            .file_type()
            .is_fifo()
    );

    let drills = dir.path().join("drills.toml");
    std::os::unix::fs::symlink("/dev/zero", &drills).unwrap();
    let path = drills.clone();
    within_seconds("a practice run", move || {
        Drills::change_file(&path, |d| {
            d.best.entry("nim".into()).or_default().streak = 3;
        })
    })
    .expect("written");
    assert_eq!(Drills::load(&drills).drills.best("nim").streak, 3);
    let aside = grundy::store::set_aside_files(&drills);
    assert_eq!(
        std::fs::read_link(&aside[0]).unwrap(),
        Path::new("/dev/zero")
    );
}

/// The unfinished games: a FIFO or a device link named like a game, or a FIFO in place of a
/// game's claim lock, never blocks the menu's list or a claim.
#[test]
fn unfinished_games_and_their_claims_never_block() {
    let home = tempfile::tempdir().unwrap();
    let store = Store::at(home.path().join("config"), home.path().join("data"));
    let dir = store.unfinished_dir().unwrap();
    std::fs::create_dir_all(&dir).unwrap();
    mkfifo(&dir.join("pipe.grundy"));
    std::os::unix::fs::symlink("/dev/zero", dir.join("zero.grundy")).unwrap();
    // A real game whose claim lock is a FIFO.
    let save = grundy::store::save::Save::new(
        "x",
        "nim:3,4".into(),
        grundy::setup::First::You,
        grundy::ai::Level::Perfect,
        1,
        false,
        vec![],
    );
    let game = dir.join("game.grundy");
    save.write(&game).unwrap();
    mkfifo(&dir.join(".game.grundy.lock"));
    let listing = store.clone();
    let (listed, _problems) = within_seconds("the unfinished games", move || {
        unfinished::unfinished(&listing, |_| Ok(()))
    });
    let names: Vec<PathBuf> = listed.iter().map(|l| l.path.clone()).collect();
    assert_eq!(names, std::slice::from_ref(&game));
    let claimed = game.clone();
    let claim = within_seconds("a claim", move || {
        unfinished::claim(&claimed).map(|c| c.is_some())
    });
    assert!(claim.expect("claimed"), "the game can be claimed");
    // The FIFO was set aside (kept), a lock file of grundy's own made.
    let lock = dir.join(".game.grundy.lock");
    assert!(std::fs::symlink_metadata(&lock).unwrap().is_file());
    assert_eq!(grundy::store::set_aside_files(&lock).len(), 1);
}

/// A dangling link in place of the lock file whose target's directory exists: the open must
/// refuse the link (`O_NOFOLLOW` together with `O_NONBLOCK`), not create the target there.
#[test]
fn a_lock_link_into_an_existing_directory_creates_nothing_there() {
    let home = tempfile::tempdir().unwrap();
    let outside = home.path().join("outside");
    let data = home.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::create_dir_all(&outside).unwrap();
    std::os::unix::fs::symlink(outside.join("lock"), data.join(".grundy.lock")).unwrap();
    Stats::add_to_file(
        &data.join("stats.toml"),
        "nim",
        grundy::ai::Level::Perfect,
        true,
        None,
    )
    .unwrap();
    assert!(
        !outside.join("lock").exists(),
        "the lock was made outside the data directory"
    );
    assert!(
        std::fs::symlink_metadata(data.join(".grundy.lock"))
            .unwrap()
            .is_file()
    );
    let aside = grundy::store::set_aside_files(&data.join(".grundy.lock"));
    assert_eq!(std::fs::read_link(&aside[0]).unwrap(), outside.join("lock"));
}

/// A dangling link in place of the data directory's lock file or of `unfinished/` never
/// leads a write out of the data directory: the link is set aside (kept) and grundy's own
/// file or directory made in its place.
#[test]
fn links_never_lead_writes_out_of_the_data_directory() {
    let home = tempfile::tempdir().unwrap();
    let outside = home.path().join("outside");
    let data = home.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    std::os::unix::fs::symlink(outside.join("lock"), data.join(".grundy.lock")).unwrap();
    Stats::add_to_file(
        &data.join("stats.toml"),
        "nim",
        grundy::ai::Level::Perfect,
        true,
        None,
    )
    .unwrap();
    assert!(!outside.join("lock").exists(), "the lock was made outside");
    assert!(
        std::fs::symlink_metadata(data.join(".grundy.lock"))
            .unwrap()
            .is_file()
    );

    let store = Store::at(home.path().join("config"), home.path().join("data2"));
    let unfinished_dir = store.unfinished_dir().unwrap();
    std::fs::create_dir_all(outside.join("games")).unwrap();
    std::fs::create_dir_all(store.data_dir().unwrap()).unwrap();
    std::os::unix::fs::symlink(outside.join("games"), &unfinished_dir).unwrap();
    grundy::store::own_subdir(&unfinished_dir).unwrap();
    assert!(std::fs::symlink_metadata(&unfinished_dir).unwrap().is_dir());
    let aside = grundy::store::set_aside_files(&unfinished_dir);
    assert_eq!(
        std::fs::read_link(&aside[0]).unwrap(),
        outside.join("games")
    );
    // The listing does the same before it reads or sets aside anything there.
    std::fs::remove_dir(&unfinished_dir).unwrap();
    std::os::unix::fs::symlink(outside.join("games"), &unfinished_dir).unwrap();
    std::fs::write(outside.join("games").join("bad.grundy"), "not a save").unwrap();
    let (listed, problems) = unfinished::unfinished(&store, |_| Ok(()));
    assert!(listed.is_empty() && problems.is_empty(), "{problems:?}");
    assert!(
        outside.join("games").join("bad.grundy").exists(),
        "set aside out there"
    );
}

/// A lock another process holds is given up on after the wait, with an error the game knows
/// ([`grundy::store::is_lock_busy`]), and the file is left as it was.
#[test]
fn a_held_lock_is_given_up_on_after_the_wait() {
    let dir = tempfile::tempdir().unwrap();
    let stats = dir.path().join("stats.toml");
    Stats::add_to_file(&stats, "nim", grundy::ai::Level::Perfect, true, None).unwrap();
    let holder = std::fs::File::open(dir.path().join(".grundy.lock")).unwrap();
    fs4::FileExt::lock(&holder).unwrap();
    grundy::store::set_lock_wait(Duration::from_millis(100));
    let path = stats.clone();
    let result = within_seconds("a held lock", move || {
        Stats::add_to_file(&path, "nim", grundy::ai::Level::Perfect, true, None)
    });
    grundy::store::set_lock_wait(Duration::from_secs(10));
    let error = result.expect_err("the lock is held");
    assert!(grundy::store::is_lock_busy(&error), "{error}");
    assert!(error.to_string().contains(".grundy.lock"), "{error}");
    // Kept for later, then counted by the next count once the lock is free.
    let counted = grundy::store::stats::Counted {
        game: "nim".into(),
        level: grundy::ai::Level::Perfect,
        won: false,
        blunders: None,
        retried: false,
    };
    Stats::keep_for_later(&stats, std::slice::from_ref(&counted)).unwrap();
    assert_eq!(
        Stats::load(&stats)
            .stats
            .record_of("nim", grundy::ai::Level::Perfect)
            .played,
        2,
        "a read adds the kept games"
    );
    drop(holder);
    let after = Stats::add_to_file(&stats, "nim", grundy::ai::Level::Perfect, true, None).unwrap();
    let record = after.record_of("nim", grundy::ai::Level::Perfect);
    assert_eq!(
        (record.played, record.won, record.lost, record.streak),
        (3, 2, 1, 1)
    );
    assert!(grundy::store::kept_for_later(&stats).is_empty());
    assert!(read_file(&stats, FileKind::Stats).is_ok());
}
