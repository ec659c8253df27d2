//! The pending calls of an announcer, in due order: pure, so it is tested without a thread.
//!
//! The clock recomputes its upcoming calls whenever its state changes (a press, a pause, a
//! correction) and hands the whole list over, replacing what was pending. Two rules keep the
//! voice honest across such replacements:
//! - a call already played is not played again when a new list repeats it;
//! - a call whose instant is long past is dropped, not spoken late: "五十秒" said at 52 s would
//!   mislead a player counting on it.

use crate::clock::{Millis, Phrase, Timestamp};
use std::collections::VecDeque;

/// A call to speak at an instant of the clock's time line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Call {
    /// When to start speaking.
    pub due: Timestamp,
    /// What to say.
    pub phrase: Phrase,
}

impl From<crate::clock::Call> for Call {
    fn from(c: crate::clock::Call) -> Call {
        Call {
            due: c.at,
            phrase: c.phrase,
        }
    }
}

/// The voice's calls from the clock's (e.g. [`crate::clock::GameClock::upcoming`]).
pub fn calls_of(clock_calls: impl IntoIterator<Item = crate::clock::Call>) -> Vec<Call> {
    clock_calls.into_iter().map(Call::from).collect()
}

/// A call this late is dropped rather than spoken.
pub const STALE_AFTER: Millis = Millis(500);

/// How long a played call is remembered so that a replacement list does not repeat it.
const REMEMBER_PLAYED: Millis = Millis(10_000);

/// What [`CallQueue::take_due`] hands out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DueCalls {
    /// Calls to play now, in due order.
    pub play: Vec<Call>,
    /// Calls whose instant passed more than [`STALE_AFTER`] ago: not to be spoken.
    pub dropped: Vec<Call>,
}

/// Pending calls sorted by due instant, with a memory of what was played.
#[derive(Clone, Debug, Default)]
pub struct CallQueue {
    pending: VecDeque<Call>,
    played: VecDeque<Call>,
}

impl CallQueue {
    /// An empty queue.
    pub fn new() -> Self {
        Self::default()
    }

    /// Replaces every pending call by `calls` (in any order; equal instants keep their order).
    pub fn replace(&mut self, calls: &[Call]) {
        let mut fresh: Vec<Call> = calls
            .iter()
            .filter(|c| !self.played.contains(c))
            .copied()
            .collect();
        fresh.sort_by_key(|c| c.due);
        self.pending = fresh.into();
    }

    /// Drops every pending call.
    pub fn clear(&mut self) {
        self.pending.clear();
    }

    /// The pending calls in due order.
    pub fn pending(&self) -> impl Iterator<Item = &Call> {
        self.pending.iter()
    }

    /// The instant of the next pending call.
    pub fn next_due(&self) -> Option<Timestamp> {
        self.pending.front().map(|c| c.due)
    }

    /// Removes and returns the calls due at `now` or earlier.
    pub fn take_due(&mut self, now: Timestamp) -> DueCalls {
        let mut out = DueCalls::default();
        while let Some(&call) = self.pending.front() {
            if call.due > now {
                break;
            }
            self.pending.pop_front();
            if now.since(call.due) > STALE_AFTER {
                out.dropped.push(call);
            } else {
                out.play.push(call);
                self.played.push_back(call);
            }
        }
        while self
            .played
            .front()
            .is_some_and(|c| now.since(c.due) > REMEMBER_PLAYED)
        {
            self.played.pop_front();
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(ms: u64, phrase: Phrase) -> Call {
        Call {
            due: Timestamp(ms),
            phrase,
        }
    }

    #[test]
    fn calls_come_out_in_due_order_and_only_when_due() {
        let mut q = CallQueue::new();
        q.replace(&[call(40_000, Phrase::S40), call(30_000, Phrase::S30)]);
        assert_eq!(q.next_due(), Some(Timestamp(30_000)));
        assert_eq!(q.take_due(Timestamp(29_999)), DueCalls::default());
        assert_eq!(
            q.take_due(Timestamp(30_000)).play,
            [call(30_000, Phrase::S30)]
        );
        assert_eq!(q.next_due(), Some(Timestamp(40_000)));
    }

    #[test]
    fn equal_instants_keep_the_given_order() {
        let mut q = CallQueue::new();
        let full_minute = [
            call(60_000, Phrase::OneMinute),
            call(60_000, Phrase::MinutesLeft(4)),
        ];
        q.replace(&full_minute);
        assert_eq!(q.take_due(Timestamp(60_001)).play, full_minute);
    }

    #[test]
    fn a_replacement_drops_the_old_calls() {
        let mut q = CallQueue::new();
        q.replace(&[call(30_000, Phrase::S30), call(40_000, Phrase::S40)]);
        q.replace(&[call(95_000, Phrase::S30)]);
        assert_eq!(q.take_due(Timestamp(60_000)), DueCalls::default());
        assert_eq!(
            q.take_due(Timestamp(95_000)).play,
            [call(95_000, Phrase::S30)]
        );
    }

    #[test]
    fn a_played_call_is_not_repeated_by_a_replacement() {
        let mut q = CallQueue::new();
        q.replace(&[call(30_000, Phrase::S30), call(40_000, Phrase::S40)]);
        assert_eq!(q.take_due(Timestamp(30_002)).play.len(), 1);
        q.replace(&[call(30_000, Phrase::S30), call(40_000, Phrase::S40)]);
        assert_eq!(q.next_due(), Some(Timestamp(40_000)));
    }

    #[test]
    fn a_stale_call_is_dropped_not_spoken_late() {
        let mut q = CallQueue::new();
        q.replace(&[call(50_000, Phrase::S50), call(55_000, Phrase::S55)]);
        let due = q.take_due(Timestamp(55_100));
        assert_eq!(due.dropped, [call(50_000, Phrase::S50)]);
        assert_eq!(due.play, [call(55_000, Phrase::S55)]);
    }

    #[test]
    fn clear_empties_the_queue() {
        let mut q = CallQueue::new();
        q.replace(&[call(1, Phrase::Pause)]);
        q.clear();
        assert_eq!(q.next_due(), None);
    }
}
