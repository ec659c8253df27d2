//! The answers and refusals of the [`GameClock`](super::GameClock).

use super::side::Side;
use super::timestamp::{Millis, Timestamp};
use super::view::SideView;

/// Why the clocks were stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PauseKind {
    /// Both clocks stopped by the arbiter, e.g. for lunch or adjournment (Art. 14).
    Arbiter,
    /// The player in byo-yomi removes captured stones; that time is not counted (Art. 23.4).
    /// The player may press the clock from this pause.
    CaptureRemoval,
}

/// How the game ended on the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockOutcome {
    /// `side` exceeded its time (Art. 23.5).
    TimeOut {
        /// The side that lost on time.
        side: Side,
        /// When its time ran out.
        at: Timestamp,
    },
    /// `side` arrived later than the limit and forfeits (Art. 23.1).
    Forfeit(Side),
    /// Both arrived later than the limit: both lose (Art. 23.2).
    BothForfeit,
}

impl ClockOutcome {
    /// Whether `side` lost.
    pub fn loses(&self, side: Side) -> bool {
        match *self {
            ClockOutcome::TimeOut { side: s, .. } | ClockOutcome::Forfeit(s) => s == side,
            ClockOutcome::BothForfeit => true,
        }
    }
}

/// What a late arrival led to (Art. 23.1–3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LateArrival {
    /// Within the limit: the lateness was taken from the side's time.
    Deducted,
    /// Beyond the limit, or more than all the side's time: the side forfeits.
    Forfeit,
    /// The other side was already forfeited for lateness: both lose.
    BothLose,
}

/// A completed move on the clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Press {
    /// The side that ended its move.
    pub side: Side,
    /// Counted time the move took (pauses excluded).
    pub took: Millis,
    /// That side's face after the press (with any increment or deduction).
    pub after: SideView,
}

/// Why an input was refused; the clock is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockError {
    /// The clock has not been started.
    NotStarted,
    /// The clock was already started.
    AlreadyStarted,
    /// The game is over on the clock.
    GameOver(ClockOutcome),
    /// The clocks are stopped by the arbiter.
    Paused,
    /// The clocks are already stopped.
    AlreadyPaused,
    /// The clocks are not stopped.
    NotPaused,
    /// A capture-removal pause applies in byo-yomi only (Art. 23.4).
    NotInByoyomi,
    /// The button pressed belongs to the side not to move.
    NotYourTurn(Side),
    /// The side has already had its approved absence this game (Art. 23.6).
    AbsenceAlreadyUsed(Side),
    /// An instant earlier than one the clock has already seen.
    TimeWentBack,
}

impl std::fmt::Display for ClockError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClockError::NotStarted => f.write_str("the clock has not been started"),
            ClockError::AlreadyStarted => f.write_str("the clock is already running"),
            ClockError::GameOver(o) => write!(f, "the game is over on the clock ({o:?})"),
            ClockError::Paused => f.write_str("the clocks are stopped (Art. 14)"),
            ClockError::AlreadyPaused => f.write_str("the clocks are already stopped"),
            ClockError::NotPaused => f.write_str("the clocks are not stopped"),
            ClockError::NotInByoyomi => {
                f.write_str("capture removal stops the clock in byo-yomi only (Art. 23.4)")
            }
            ClockError::NotYourTurn(s) => write!(f, "it is not {s:?}'s move"),
            ClockError::AbsenceAlreadyUsed(s) => write!(
                f,
                "{s:?} has already had the one approved absence of this game (Art. 23.6)"
            ),
            ClockError::TimeWentBack => f.write_str("an instant earlier than the last one"),
        }
    }
}

impl std::error::Error for ClockError {}
