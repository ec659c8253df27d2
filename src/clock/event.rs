//! What the clock announces or does at an instant while a side thinks.

use super::phrase::Phrase;
use super::side::Side;
use super::timestamp::Timestamp;

/// The kind of a scheduled clock event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// The referee says this.
    Say(Phrase),
    /// The side's free time has run out: byo-yomi begins.
    ByoyomiStart,
    /// A full period (reserved minute) was used and deducted; `periods_left` remain.
    PeriodUsed {
        /// Periods left after the deduction.
        periods_left: u32,
    },
    /// The side has run out of time and loses (Art. 23.5).
    Timeout,
}

/// An event due at an instant if the side to move does not press before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockEvent {
    /// When it is due.
    pub at: Timestamp,
    /// The side whose clock runs.
    pub side: Side,
    /// What happens.
    pub kind: EventKind,
    /// A press at exactly `at` comes after this event (the full minute and everything it
    /// brings: "one minute", the deduction, "X minutes left", the time-out; the start of
    /// byo-yomi). Other calls are cancelled by a press at their instant.
    pub before_press: bool,
}

/// A call for the voice: say `phrase` at `at`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Call {
    /// When to say it.
    pub at: Timestamp,
    /// The side whose clock runs.
    pub side: Side,
    /// What to say.
    pub phrase: Phrase,
}
