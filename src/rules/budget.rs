//! The work a rules file's script may do for one answer: a count of Rhai operations shared by
//! every call the answer makes (`moves`, `parts`, `gain`, `show`, `describe`, `name`, …) and a
//! deadline as the last guard. Counted in operations first, so that an answer does not depend
//! on how loaded the machine is; the wall clock only stops what the count lets through.
//!
//! The budget is this thread's: [`answer`] opens one around a piece of work (a command, one
//! reply of the AI, one screen of the terminal game), the engine's progress callback charges
//! it (`progress`), and [`super::Rules`]' calls settle each call's count when it returns.

use std::cell::Cell;
use std::time::{Duration, Instant};

/// What one answer may spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Rhai operations over every call of the answer.
    pub operations: u64,
    /// When the answer must be given, whatever the count.
    pub deadline: Option<Instant>,
}

/// The operations of an answer of the AI, the hints or `analyze`: a few hundred milliseconds
/// of script on a slow machine (Rhai runs some tens of millions a second).
pub const ANSWER_OPERATIONS: u64 = 40_000_000;

/// The wall-clock guard of such an answer.
pub const ANSWER_TIME: Duration = Duration::from_millis(900);

/// The operations of a table (`sg --rules`), which may take seconds.
pub const TABLE_OPERATIONS: u64 = 400_000_000;

/// The wall-clock guard of a table.
pub const TABLE_TIME: Duration = Duration::from_secs(10);

impl Budget {
    /// An answer's budget, starting now.
    pub fn answer() -> Budget {
        Budget {
            operations: ANSWER_OPERATIONS,
            deadline: Some(Instant::now() + ANSWER_TIME),
        }
    }

    /// A table's budget, starting now.
    pub fn table() -> Budget {
        Budget {
            operations: TABLE_OPERATIONS,
            deadline: Some(Instant::now() + TABLE_TIME),
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct State {
    /// Operations left to the answer (`None`: no answer open, each call has its own limit).
    left: Option<u64>,
    deadline: Option<Instant>,
    /// The operations of the call running now, as the progress callback last saw them.
    call: u64,
    /// Operations spent by every call settled so far on this thread (for tests and measures).
    spent: u64,
}

thread_local! {
    static STATE: Cell<State> = const {
        Cell::new(State { left: None, deadline: None, call: 0, spent: 0 })
    };
}

fn min_deadline(a: Option<Instant>, b: Option<Instant>) -> Option<Instant> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Runs `f` under `budget` (within the answer already open, if one is: the tighter of the
/// two counts and deadlines); what `f` spends is charged to the outer answer too.
pub fn answer<T>(budget: Budget, f: impl FnOnce() -> T) -> T {
    let outer = STATE.with(Cell::get);
    let left = outer
        .left
        .map_or(budget.operations, |l| l.min(budget.operations));
    STATE.with(|s| {
        s.set(State {
            left: Some(left),
            deadline: min_deadline(outer.deadline, budget.deadline),
            ..outer
        })
    });
    let result = f();
    STATE.with(|s| {
        let inner = s.get();
        let used = left - inner.left.unwrap_or(0).min(left);
        s.set(State {
            left: outer.left.map(|l| l.saturating_sub(used)),
            spent: inner.spent,
            ..outer
        });
    });
    result
}

/// Runs `f` with the deadline tightened to `deadline` and at most `share` of the operations
/// left (a search inside an answer, which leaves the rest for the answer's other calls).
pub fn within<T>(deadline: Option<Instant>, share: (u64, u64), f: impl FnOnce() -> T) -> T {
    let state = STATE.with(Cell::get);
    let operations = state.left.map_or(u64::MAX, |l| {
        l / share.1 * share.0 + l % share.1 * share.0 / share.1
    });
    let budget = Budget {
        operations,
        deadline,
    };
    answer(budget, f)
}

/// Whether the answer has nothing left: no operation, or past its deadline.
pub fn exhausted() -> bool {
    let state = STATE.with(Cell::get);
    state.left == Some(0) || state.deadline.is_some_and(|d| Instant::now() >= d)
}

/// The deadline of the answer open on this thread, if any.
pub fn deadline() -> Option<Instant> {
    STATE.with(Cell::get).deadline
}

/// The operations this thread's script calls have spent in all (a measure for tests).
pub fn spent() -> u64 {
    STATE.with(Cell::get).spent
}

/// Before a call: its count starts at 0.
pub(super) fn start_call() {
    STATE.with(|s| s.set(State { call: 0, ..s.get() }));
}

/// After a call: its operations are charged to the answer.
pub(super) fn end_call() {
    STATE.with(|s| {
        let state = s.get();
        s.set(State {
            left: state.left.map(|l| l.saturating_sub(state.call)),
            spent: state.spent + state.call,
            call: 0,
            ..state
        });
    });
}

/// The engine's progress callback: `operations` is the running call's count so far. Whether
/// the call must stop (past the answer's count, or every thousand operations, its deadline).
pub(super) fn progress(operations: u64) -> bool {
    STATE.with(|s| {
        let state = s.get();
        s.set(State {
            call: operations,
            ..state
        });
        state.left.is_some_and(|l| operations > l)
            || (operations.is_multiple_of(1024)
                && state.deadline.is_some_and(|d| Instant::now() >= d))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inner_answers_charge_the_outer_one() {
        let far = Some(Instant::now() + Duration::from_secs(60));
        answer(
            Budget {
                operations: 1000,
                deadline: far,
            },
            || {
                answer(
                    Budget {
                        operations: 5000,
                        deadline: None,
                    },
                    || {
                        assert_eq!(STATE.with(Cell::get).left, Some(1000));
                        progress(300);
                        end_call();
                    },
                );
                assert_eq!(STATE.with(Cell::get).left, Some(700));
                within(None, (1, 2), || {
                    assert_eq!(STATE.with(Cell::get).left, Some(350));
                    assert!(progress(351));
                });
                assert!(!exhausted());
            },
        );
        assert_eq!(STATE.with(Cell::get).left, None);
    }
}
