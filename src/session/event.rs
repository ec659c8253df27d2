//! What can happen in a game, as entries of the session's log.

use crate::clock::Timestamp;
use crate::rules::{Color, Coord, Move};

/// One action at the board or the clock. The session's state is the fold of these.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// A stone or a pass by `color`.
    Move {
        /// Who played.
        color: Color,
        /// What.
        mv: Move,
    },
    /// A handicap stone placed freely by Black before the first move.
    HandicapStone(Coord),
    /// `color` confirms the end of the game (Art. 13.2, 21.1): it also gives up the move, like a
    /// pass, and the opponent's move retracts it.
    ConfirmEnd(Color),
    /// Revokes the last move still in force (a correction; the revoked entry stays in the log).
    Undo,
    /// During counting: toggles the chain through this point between alive and dead (Art. 8).
    ToggleDead(Coord),
    /// Both sides agree the count: the result is recorded (Art. 9, 11).
    AcceptCount,
    /// Life and death is disputed: play resumes from the final position (Art. 21.3).
    ResumePlay,
    /// `color` resigns (Art. 7).
    Resign(Color),
    /// The side to move ends its move on the clock.
    ClockPress,
    /// The arbiter stops both clocks (Art. 14).
    Pause,
    /// Play resumes after a pause.
    Resume,
    /// The clock reported a loss on time or by forfeit (Art. 23); recorded when the app sees it.
    ClockOutcome,
}

/// An [`Event`] with the instant it was recorded.
#[derive(Clone, Debug, PartialEq)]
pub struct Stamped {
    /// When, on the injected time line.
    pub at: Timestamp,
    /// What.
    pub event: Event,
}
