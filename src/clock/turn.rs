//! The running turn: the stretches of real time in which the clock of the side to move ran.
//!
//! Counted time is the sum of closed stretches (ended by a pause) and the open one: each a
//! difference of two injected timestamps, never a sum of frame deltas.

use super::side::Side;
use super::timestamp::{Millis, Timestamp};

/// The running turn: whose, and the stretches of real time in which its clock ran.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Turn {
    /// The side to move.
    pub side: Side,
    /// Closed stretches (start, end) before a pause.
    pub closed: Vec<(Timestamp, Timestamp)>,
    /// The open stretch's start while the clock runs.
    pub running_since: Option<Timestamp>,
}

impl Turn {
    fn counted_closed(&self) -> Millis {
        Millis(self.closed.iter().map(|(a, b)| b.since(*a).0).sum())
    }

    /// Counted time of the turn at `now` (pauses excluded).
    pub fn counted(&self, now: Timestamp) -> Millis {
        let open = self.running_since.map_or(Millis::ZERO, |s| now.since(s));
        self.counted_closed() + open
    }

    /// The real instant at which `offset` of counted time is reached, if it is known: in a
    /// closed stretch, or in the open one; `None` for what lies beyond the pause point.
    /// Counted time that ends a stretch is reached at the pause instant, not again at the
    /// resumption, so that no call is due twice.
    pub fn instant_of(&self, offset: Millis) -> Option<Timestamp> {
        let mut before = Millis::ZERO;
        for &(a, b) in &self.closed {
            let end = before + b.since(a);
            if offset <= end {
                return Some(a + (offset - before));
            }
            before = end;
        }
        self.running_since.map(|s| s + (offset - before))
    }
}
