//! The review queue: positions the player got wrong come back on a spaced-repetition
//! schedule. A blunder in a played game (the position before it, the move played, the moves
//! that kept the win), a missed drill and a wrong lesson exercise each become an [`Item`], a
//! drill asked again ([`crate::drill`] judges the answers). Items are scheduled by FSRS, the
//! open-spaced-repetition scheduler Anki uses (the `rs-fsrs` crate): a right answer is rated
//! Good and pushes the item out, a wrong one Again and brings it back soon.
//!
//! Time comes from a [`Clock`], so tests run the schedule on a fake one. The items are kept in
//! `review.toml` ([`crate::store::review`]).

use std::cell::Cell;

use chrono::{DateTime, SecondsFormat, Utc};
use rs_fsrs::{Card, FSRS, Parameters, Rating, State};
use serde::{Deserialize, Serialize};

use crate::drill::{Drill, DrillKind};
use crate::games::AnyPosition;

/// Where a review item came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    /// A blunder of the player's in a played game.
    Game,
    /// A missed drill in Practice.
    Drill,
    /// A wrong answer to a lesson's exercise.
    Lesson,
}

impl Source {
    /// The name `grundy drill --review --list` prints (and the file keeps).
    pub fn name(self) -> &'static str {
        match self {
            Source::Game => "game",
            Source::Drill => "drill",
            Source::Lesson => "lesson",
        }
    }
}

/// The time now, for the schedule: the system's, or a fake one in tests.
pub trait Clock {
    fn now(&self) -> DateTime<Utc>;
}

/// The system's clock.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// A clock that shows the time it is set to, moved on by hand (tests).
#[derive(Clone, Debug)]
pub struct FakeClock(Cell<DateTime<Utc>>);

impl FakeClock {
    pub fn at(time: DateTime<Utc>) -> FakeClock {
        FakeClock(Cell::new(time))
    }

    /// Moves the clock on by `duration`.
    pub fn advance(&self, duration: chrono::Duration) {
        self.0.set(self.0.get() + duration);
    }
}

impl Clock for FakeClock {
    fn now(&self) -> DateTime<Utc> {
        self.0.get()
    }
}

/// A time as ISO 8601 in UTC to the second (`2026-11-26T20:55:03Z`), as the file keeps it and
/// `--list` prints it.
pub fn iso(time: DateTime<Utc>) -> String {
    time.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// The longest position code an item keeps: a blunder in a huge position (a dodgeball board
/// of a million boxes) is not kept, so the file stays within its bound.
pub const MAX_CODE_BYTES: usize = 2048;

/// The most winning moves an item lists (the review judges with every one all the same).
pub const MAX_KEPT: usize = 8;

/// One position to review, with its FSRS schedule.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Item {
    /// The position's code.
    pub code: String,
    /// What is asked about it.
    #[serde(with = "kind_name")]
    pub kind: DrillKind,
    /// The part asked about in a part-value item.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub part: Option<String>,
    /// The game (the name the code starts with).
    pub game: String,
    pub source: Source,
    /// The move played (its code) or the answer given, when the item was made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub played: Option<String>,
    /// The moves that kept the win (their codes), for a blunder.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub kept: Vec<String>,
    /// The drill's difficulty (0: not a generated drill).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub difficulty: u8,
    pub schedule: Schedule,
}

/// An item's FSRS card, in the file's words: dates as ISO 8601 text, the state by name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Schedule {
    /// When the item is due.
    #[serde(with = "iso_time")]
    pub due: DateTime<Utc>,
    #[serde(with = "iso_time")]
    pub last_review: DateTime<Utc>,
    #[serde(deserialize_with = "not_negative")]
    pub stability: f64,
    #[serde(deserialize_with = "not_negative")]
    pub difficulty: f64,
    pub elapsed_days: i64,
    pub scheduled_days: i64,
    pub reps: i32,
    pub lapses: i32,
    #[serde(with = "state_name")]
    pub state: State,
}

impl Schedule {
    /// A new item's: due at once.
    pub fn new(now: DateTime<Utc>) -> Schedule {
        Schedule::from(Card {
            due: now,
            last_review: now,
            ..Card::default()
        })
    }
}

impl From<Card> for Schedule {
    fn from(c: Card) -> Schedule {
        Schedule {
            due: c.due,
            last_review: c.last_review,
            stability: c.stability,
            difficulty: c.difficulty,
            elapsed_days: c.elapsed_days,
            scheduled_days: c.scheduled_days,
            reps: c.reps,
            lapses: c.lapses,
            state: c.state,
        }
    }
}

impl From<&Schedule> for Card {
    fn from(s: &Schedule) -> Card {
        Card {
            due: s.due,
            last_review: s.last_review,
            stability: s.stability,
            difficulty: s.difficulty,
            elapsed_days: s.elapsed_days,
            scheduled_days: s.scheduled_days,
            reps: s.reps,
            lapses: s.lapses,
            state: s.state,
        }
    }
}

/// What tells two items apart: the position and the question asked about it.
pub type Key = (String, DrillKind, Option<String>);

impl Item {
    /// A new item, due at once (`code` must be a position's code: its game is the name it
    /// starts with). `None` when the code is longer than [`MAX_CODE_BYTES`].
    pub fn new(
        code: &str,
        kind: DrillKind,
        part: Option<String>,
        source: Source,
        now: DateTime<Utc>,
    ) -> Option<Item> {
        if code.len() > MAX_CODE_BYTES {
            return None;
        }
        Some(Item {
            code: code.to_string(),
            kind,
            part,
            game: crate::store::stats::stats_key(code),
            source,
            played: None,
            kept: Vec::new(),
            difficulty: 0,
            schedule: Schedule::new(now),
        })
    }

    pub fn key(&self) -> Key {
        (self.code.clone(), self.kind, self.part.clone())
    }

    pub fn is_due(&self, now: DateTime<Utc>) -> bool {
        self.schedule.due <= now
    }

    /// The item as a drill to ask, if it can be asked: its code reads as a position and a
    /// part-value item's part has a known value (the file may have been edited by hand).
    pub fn drill(&self) -> Option<Drill> {
        let position = AnyPosition::from_code(&self.code).ok()?;
        if self.kind == DrillKind::PartValue {
            let part = self.part.as_deref()?;
            crate::why::derive(&position, part, 0).ok()?.value?;
        }
        Some(Drill {
            kind: self.kind,
            code: self.code.clone(),
            part: self.part.clone(),
            difficulty: self.difficulty,
        })
    }

    /// Schedules the item after an answer at `now`: Good when right, Again when wrong.
    pub fn review(&mut self, right: bool, now: DateTime<Utc>) {
        let rating = if right { Rating::Good } else { Rating::Again };
        let next = scheduler().next(Card::from(&self.schedule), now, rating);
        self.schedule = Schedule::from(next.card);
    }
}

/// FSRS with its default parameters (the weights FSRS-5 ships, no fuzz: a schedule the tests
/// can state).
fn scheduler() -> FSRS {
    FSRS::new(Parameters::default())
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// Reads and writes an item's kind by the names drills.toml uses.
mod kind_name {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::drill::DrillKind;
    use crate::store::drills::kind_name;

    pub fn serialize<S: Serializer>(kind: &DrillKind, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(kind_name(*kind))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<DrillKind, D::Error> {
        let name = String::deserialize(d)?;
        DrillKind::ALL
            .into_iter()
            .find(|&k| kind_name(k) == name)
            .ok_or_else(|| {
                serde::de::Error::custom(format!(
                    "unknown kind {:?} (winning-move, won-or-lost, part-value)",
                    crate::input::excerpt(name.as_bytes(), 40)
                ))
            })
    }
}

/// Reads and writes an FSRS state by name (`new`, `learning`, `review`, `relearning`).
mod state_name {
    use rs_fsrs::State;
    use serde::{Deserialize, Deserializer, Serializer};

    const NAMES: [(State, &str); 4] = [
        (State::New, "new"),
        (State::Learning, "learning"),
        (State::Review, "review"),
        (State::Relearning, "relearning"),
    ];

    pub fn serialize<S: Serializer>(state: &State, s: S) -> Result<S::Ok, S::Error> {
        let name = NAMES
            .iter()
            .find(|(st, _)| st == state)
            .map_or("new", |n| n.1);
        s.serialize_str(name)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<State, D::Error> {
        let name = String::deserialize(d)?;
        NAMES
            .iter()
            .find(|(_, n)| *n == name)
            .map(|(st, _)| *st)
            .ok_or_else(|| {
                serde::de::Error::custom(format!(
                    "unknown state {:?} (new, learning, review, relearning)",
                    crate::input::excerpt(name.as_bytes(), 40)
                ))
            })
    }
}

/// Reads and writes a time as ISO 8601 text ([`iso`]).
mod iso_time {
    use chrono::{DateTime, Utc};
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(time: &DateTime<Utc>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&super::iso(*time))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<DateTime<Utc>, D::Error> {
        let text = String::deserialize(d)?;
        DateTime::parse_from_rfc3339(&text)
            .map(|t| t.with_timezone(&Utc))
            .map_err(|e| {
                serde::de::Error::custom(format!(
                    "{:?} is not an ISO 8601 time: {e}",
                    crate::input::excerpt(text.as_bytes(), 40)
                ))
            })
    }
}

/// A stability or difficulty read from the file: a finite number, not below 0 (FSRS takes
/// powers and logarithms of them; a NaN would stay forever).
fn not_negative<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<f64, D::Error> {
    let value = f64::deserialize(deserializer)?;
    if value.is_finite() && value >= 0.0 {
        Ok(value)
    } else {
        Err(serde::de::Error::custom(format!(
            "{value} is not a finite number of at least 0"
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration, TimeZone};

    fn start() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 26, 12, 0, 0).unwrap()
    }

    fn item(clock: &FakeClock) -> Item {
        Item::new(
            "nim:3,5",
            DrillKind::WinningMove,
            None,
            Source::Game,
            clock.now(),
        )
        .unwrap()
    }

    #[test]
    fn a_new_item_is_due_at_once() {
        let clock = FakeClock::at(start());
        let item = item(&clock);
        assert!(item.is_due(clock.now()));
        assert_eq!(item.game, "nim");
        assert!(item.drill().is_some());
    }

    #[test]
    fn again_brings_an_item_back_soon_and_good_pushes_it_out() {
        let clock = FakeClock::at(start());
        let mut again = item(&clock);
        let mut good = item(&clock);
        again.review(false, clock.now());
        good.review(true, clock.now());
        let soon = again.schedule.due - clock.now();
        let later = good.schedule.due - clock.now();
        assert!(
            soon > Duration::zero() && soon <= Duration::minutes(10),
            "{soon}"
        );
        assert!(later > soon, "{later} after good, {soon} after again");
        assert!(!good.is_due(clock.now()));
        // The item comes back: due once its time has come.
        clock.advance(later);
        assert!(good.is_due(clock.now()));
        // Right again once learnt: days away, where a miss is minutes away.
        good.review(true, clock.now());
        let days = good.schedule.due - clock.now();
        assert!(days >= Duration::days(1), "{days}");
        let mut lapse = good.clone();
        clock.advance(days);
        lapse.review(false, clock.now());
        assert!(lapse.schedule.due - clock.now() <= Duration::minutes(10));
        assert_eq!(lapse.schedule.lapses, 1);
        good.review(true, clock.now());
        assert!(
            good.schedule.due - clock.now() > days,
            "each right answer waits longer"
        );
    }

    #[test]
    fn items_read_back_as_written() {
        let clock = FakeClock::at(start());
        let mut item = item(&clock);
        item.played = Some("1-1".into());
        item.kept = vec!["2-3".into()];
        item.review(true, clock.now());
        #[derive(Serialize, Deserialize)]
        struct One {
            items: Vec<Item>,
        }
        let text = toml::to_string(&One {
            items: vec![item.clone()],
        })
        .unwrap();
        assert!(text.contains("due = \"2026-11-26T12:10:00Z\""), "{text}");
        assert!(text.contains("state = \"learning\""), "{text}");
        let back: One = toml::from_str(&text).unwrap();
        assert_eq!(back.items, [item]);
    }

    #[test]
    fn a_long_code_is_not_kept_and_a_bad_one_is_not_asked() {
        let long = format!("nim:{}", vec!["1"; MAX_CODE_BYTES].join(","));
        let now = start();
        assert!(Item::new(&long, DrillKind::WonOrLost, None, Source::Drill, now).is_none());
        let bad = Item::new("nim:x", DrillKind::WonOrLost, None, Source::Drill, now).unwrap();
        assert!(bad.drill().is_none());
        let no_part = Item::new(
            "nim:3,5",
            DrillKind::PartValue,
            Some("9".into()),
            Source::Drill,
            now,
        )
        .unwrap();
        assert!(no_part.drill().is_none());
    }
}
