//! The review queue's file, `review.toml` in the data directory: the items to review with
//! their FSRS schedules ([`crate::review`]), at most [`MAX_ITEMS`] of them.
//!
//! It is kept as drills.toml is: every change takes the data directory's lock, reads the file
//! again and applies the change to what it finds, so two grundy processes adding items at
//! once both keep theirs; a file that cannot be read is set aside, never overwritten; a change
//! that could not wait for the lock is kept beside the file for the next change to apply.
//!
//! ```toml
//! [[items]]
//! code = "nim:3,5"
//! kind = "winning-move"
//! game = "nim"
//! source = "game"       # game, drill or lesson
//! played = "1-1"        # the move played (a blunder's), or the answer given
//! kept = ["2-3"]        # the moves that kept the win
//!
//! [items.schedule]      # the FSRS card
//! due = "2026-11-26T20:55:03Z"
//! last_review = "2026-11-26T20:45:03Z"
//! stability = 3.1262
//! difficulty = 5.3
//! elapsed_days = 0
//! scheduled_days = 0
//! reps = 1
//! lapses = 0
//! state = "learning"
//! ```

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::message::Said;
use crate::review::{Item, Key};
use crate::store::{
    FileKind, keep_for_later, kept_for_later, lock_dir_of, read_text, set_aside, write_atomic,
};

/// The most items kept: past it, the best-learnt go (the highest FSRS stability).
pub const MAX_ITEMS: usize = 1000;

/// Everything in the file.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Reviews {
    pub items: Vec<Item>,
}

/// What reading the file found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Loaded {
    pub reviews: Reviews,
    /// Why the file could not be read (it is then set aside before the next write).
    pub problem: Option<Said>,
}

impl Reviews {
    fn position(&self, key: &Key) -> Option<usize> {
        self.items.iter().position(|i| &i.key() == key)
    }

    pub fn get(&self, key: &Key) -> Option<&Item> {
        self.position(key).map(|i| &self.items[i])
    }

    /// Adds a mistake made at `now`: a new item, due at once; or, when the position is
    /// already in the queue, a miss of it (rated Again), with what was played now.
    pub fn add(&mut self, item: Item, now: DateTime<Utc>) {
        match self.position(&item.key()) {
            Some(i) => {
                let old = &mut self.items[i];
                old.review(false, now);
                old.source = item.source;
                old.played = item.played;
                if !item.kept.is_empty() {
                    old.kept = item.kept;
                }
            }
            None => self.items.push(item),
        }
        self.bound();
    }

    /// Schedules the item `key` after an answer at `now` (see [`Item::review`]). Returns the
    /// item as scheduled, if it is in the queue.
    pub fn answer(&mut self, key: &Key, right: bool, now: DateTime<Utc>) -> Option<&Item> {
        let i = self.position(key)?;
        self.items[i].review(right, now);
        Some(&self.items[i])
    }

    /// The items due at `now`, the longest due first.
    pub fn due(&self, now: DateTime<Utc>) -> Vec<&Item> {
        let mut due: Vec<&Item> = self.items.iter().filter(|i| i.is_due(now)).collect();
        due.sort_by_key(|i| i.schedule.due);
        due
    }

    /// When the next item not yet due will be.
    pub fn next_due(&self, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        self.items
            .iter()
            .map(|i| i.schedule.due)
            .filter(|&d| d > now)
            .min()
    }

    /// Keeps [`MAX_ITEMS`]: the best-learnt go first.
    fn bound(&mut self) {
        if self.items.len() <= MAX_ITEMS {
            return;
        }
        let mut order: Vec<usize> = (0..self.items.len()).collect();
        order.sort_by(|&a, &b| {
            let (a, b) = (&self.items[a].schedule, &self.items[b].schedule);
            b.stability.total_cmp(&a.stability).then(b.due.cmp(&a.due))
        });
        let mut goes = vec![false; self.items.len()];
        for &i in &order[..self.items.len() - MAX_ITEMS] {
            goes[i] = true;
        }
        let mut goes = goes.into_iter();
        self.items.retain(|_| !goes.next().unwrap_or(false));
    }

    /// Applies changes kept for later (see [`Reviews::keep_for_later`]): a new item is added
    /// (a miss, for one already here); an item reviewed is taken as it was last reviewed.
    pub fn apply(&mut self, later: &Reviews) {
        for item in &later.items {
            match self.get(&item.key()) {
                None => self.items.push(item.clone()),
                Some(_) if item.schedule.reps == 0 => {
                    self.add(item.clone(), item.schedule.last_review);
                }
                Some(here) if item.schedule.last_review > here.schedule.last_review => {
                    let i = self.position(&item.key()).expect("found above");
                    self.items[i] = item.clone();
                }
                Some(_) => {}
            }
        }
        self.bound();
    }

    pub fn parse(text: &str) -> Result<Reviews, Said> {
        // Each item is two tables (the item and its schedule).
        crate::store::check_tables("review.toml", text, 4 * MAX_ITEMS)?;
        toml::from_str(text).map_err(|e| crate::store::not_toml("review.toml", text, &e))
    }

    pub fn to_toml(&self) -> String {
        let mut text =
            String::from("# grundy's review queue: positions you got wrong, scheduled by FSRS.\n");
        text.push_str(&toml::to_string(self).unwrap_or_default());
        text
    }

    /// Keeps `later` (items that could not be written: another grundy held the lock) in a
    /// file of its own beside `path`; every read and the next change apply it.
    pub fn keep_for_later(path: &Path, later: &Reviews) -> io::Result<PathBuf> {
        keep_for_later(path, &later.to_toml())
    }

    /// Reads the file, with the changes kept for later applied; a missing one is empty.
    pub fn load(path: &Path) -> Loaded {
        let mut loaded = Reviews::load_file(path);
        if loaded.problem.is_none() {
            for (_, later) in kept_files(path) {
                loaded.reviews.apply(&later);
            }
        }
        loaded
    }

    fn load_file(path: &Path) -> Loaded {
        match read_text(path, FileKind::Review) {
            Ok(Some(text)) => match Reviews::parse(&text) {
                Ok(reviews) => Loaded {
                    reviews,
                    problem: None,
                },
                Err(problem) => Loaded {
                    reviews: Reviews::default(),
                    problem: Some(problem),
                },
            },
            Ok(None) => Loaded::default(),
            Err(e) => Loaded {
                reviews: Reviews::default(),
                problem: Some(crate::store::unreadable("review.toml", e)),
            },
        }
    }

    /// Changes the file at `path` under the directory's lock: read it again, apply `change`,
    /// write atomically. A file that cannot be read is set aside first.
    pub fn change_file(path: &Path, change: impl FnOnce(&mut Reviews)) -> io::Result<Reviews> {
        let _lock = lock_dir_of(path)?;
        let loaded = Reviews::load_file(path);
        if loaded.problem.is_some() && fs::symlink_metadata(path).is_ok() {
            set_aside(path)?;
        }
        let mut reviews = loaded.reviews;
        let kept = kept_files(path);
        for (_, later) in &kept {
            reviews.apply(later);
        }
        change(&mut reviews);
        write_atomic(path, &reviews.to_toml())?;
        for (file, _) in kept {
            let _ = fs::remove_file(file);
        }
        Ok(reviews)
    }

    /// Adds mistakes made at `now` to the file at `path` (see [`Reviews::add`]).
    pub fn add_to_file(path: &Path, items: Vec<Item>, now: DateTime<Utc>) -> io::Result<Reviews> {
        Reviews::change_file(path, |r| {
            for item in items {
                r.add(item, now);
            }
        })
    }

    /// Records an answer to the item `key` in the file at `path` (see [`Reviews::answer`]).
    pub fn answer_in_file(
        path: &Path,
        key: &Key,
        right: bool,
        now: DateTime<Utc>,
    ) -> io::Result<Reviews> {
        Reviews::change_file(path, |r| {
            r.answer(key, right, now);
        })
    }
}

/// The changes kept for later beside `path` that can be read; one that cannot is left alone.
fn kept_files(path: &Path) -> Vec<(PathBuf, Reviews)> {
    kept_for_later(path)
        .into_iter()
        .filter_map(|file| {
            let text = read_text(&file, FileKind::Review).ok()??;
            Some((file, Reviews::parse(&text).ok()?))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::drill::DrillKind;
    use crate::review::{Clock, FakeClock, Source};
    use chrono::{Duration, TimeZone};

    fn clock() -> FakeClock {
        FakeClock::at(Utc.with_ymd_and_hms(2026, 11, 26, 12, 0, 0).unwrap())
    }

    fn item(code: &str, now: DateTime<Utc>) -> Item {
        Item::new(code, DrillKind::WinningMove, None, Source::Game, now).unwrap()
    }

    #[test]
    fn two_writers_keep_each_others_items() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("review.toml");
        let clock = clock();
        // As two processes would: each writes from what it read before the other wrote.
        let first = Reviews::add_to_file(&path, vec![item("nim:3,5", clock.now())], clock.now());
        let second = Reviews::add_to_file(&path, vec![item("nim:1,2", clock.now())], clock.now());
        assert_eq!(first.unwrap().items.len(), 1);
        let second = second.unwrap();
        assert_eq!(second.items.len(), 2);
        let read = Reviews::load(&path);
        assert_eq!(read.problem, None);
        assert_eq!(read.reviews, second);
    }

    #[test]
    fn threads_adding_at_once_lose_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("review.toml");
        let now = clock().now();
        std::thread::scope(|s| {
            for t in 0..4 {
                let path = &path;
                s.spawn(move || {
                    for k in 1..=5 {
                        let code = format!("nim:{t},{k},9");
                        Reviews::add_to_file(path, vec![item(&code, now)], now).unwrap();
                    }
                });
            }
        });
        assert_eq!(Reviews::load(&path).reviews.items.len(), 20);
    }

    #[test]
    fn the_same_mistake_again_is_a_miss_not_a_second_item() {
        let clock = clock();
        let mut r = Reviews::default();
        r.add(item("nim:3,5", clock.now()), clock.now());
        let key = r.items[0].key();
        r.answer(&key, true, clock.now());
        assert!(r.due(clock.now()).is_empty());
        assert_eq!(r.next_due(clock.now()), Some(r.items[0].schedule.due));
        clock.advance(Duration::minutes(2));
        r.add(item("nim:3,5", clock.now()), clock.now());
        assert_eq!(r.items.len(), 1);
        assert_eq!(r.items[0].schedule.reps, 2);
        assert!(r.items[0].schedule.due <= clock.now() + Duration::minutes(10));
    }

    #[test]
    fn a_broken_file_is_set_aside_and_a_new_one_written() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("review.toml");
        fs::write(&path, "[[items]]\ncode = \"nim:1\"\nkind = \"guess\"\n").unwrap();
        let problem = Reviews::load(&path).problem.unwrap().to_string();
        assert!(problem.contains("review.toml line 3"), "{problem}");
        let now = clock().now();
        let r = Reviews::add_to_file(&path, vec![item("nim:3,5", now)], now).unwrap();
        assert_eq!(r.items.len(), 1);
        let aside = crate::store::set_aside_files(&path);
        assert_eq!(aside.len(), 1);
        assert!(fs::read_to_string(&aside[0]).unwrap().contains("guess"));
    }

    #[test]
    fn a_file_over_its_bound_is_refused_and_set_aside() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("review.toml");
        let big = "#".repeat(FileKind::Review.max_bytes() as usize + 1);
        fs::write(&path, &big).unwrap();
        let problem = Reviews::load(&path).problem.unwrap().to_string();
        assert!(problem.contains("more than a review file"), "{problem}");
        let now = clock().now();
        Reviews::add_to_file(&path, vec![item("nim:3,5", now)], now).unwrap();
        assert_eq!(crate::store::set_aside_files(&path).len(), 1);
    }

    #[test]
    fn a_change_kept_for_later_is_applied_by_the_next_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("review.toml");
        let now = clock().now();
        Reviews::add_to_file(&path, vec![item("nim:3,5", now)], now).unwrap();
        let later = Reviews {
            items: vec![item("nim:1,2", now)],
        };
        Reviews::keep_for_later(&path, &later).unwrap();
        assert_eq!(Reviews::load(&path).reviews.items.len(), 2);
        Reviews::add_to_file(&path, vec![item("nim:7", now)], now).unwrap();
        assert!(kept_for_later(&path).is_empty());
        assert_eq!(Reviews::load_file(&path).reviews.items.len(), 3);
    }

    #[test]
    fn the_best_learnt_go_past_the_bound() {
        let now = clock().now();
        let mut r = Reviews::default();
        for k in 0..MAX_ITEMS {
            r.add(item(&format!("nim:{},1", k + 2), now), now);
        }
        let learnt = r.items[0].key();
        r.answer(&learnt, true, now);
        r.add(item("nim:1", now), now);
        assert_eq!(r.items.len(), MAX_ITEMS);
        assert!(r.get(&learnt).is_none());
        assert!(r.get(&item("nim:1", now).key()).is_some());
    }
}
