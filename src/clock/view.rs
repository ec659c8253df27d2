//! What the clock faces show: plain values for the app, the simulator and the voice.

use super::side::Side;
use super::timestamp::Millis;

/// One side's face at an instant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideView {
    /// Free (main) time left; zero once byo-yomi has begun.
    pub main_left: Millis,
    /// The free time is used up: the side is in byo-yomi (periods or Canadian blocks).
    pub in_byoyomi: bool,
    /// Chinese and Japanese byo-yomi: reserved minutes (periods) left, counting the running one.
    pub periods_left: Option<u32>,
    /// Time used of the running period or Canadian block (zero between turns in periods).
    pub period_elapsed: Millis,
    /// Time left in the running period or Canadian block.
    pub period_left: Millis,
    /// Canadian byo-yomi: moves still to play in the running block, counting the current one.
    pub stones_left: Option<u32>,
    /// The side has run out of time (Art. 23.5).
    pub flagged: bool,
    /// This side's clock is running now.
    pub running: bool,
}

/// Both faces and the clock's state at an instant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockView {
    /// Black's face.
    pub black: SideView,
    /// White's face.
    pub white: SideView,
    /// The side to move (whose clock runs unless paused); `None` before the start.
    pub to_move: Option<Side>,
    /// Both clocks are stopped (Art. 14 or a capture-removal pause).
    pub paused: bool,
    /// The game is over on the clock.
    pub over: bool,
}

impl ClockView {
    /// The face of `side`.
    pub fn side(&self, side: Side) -> &SideView {
        match side {
            Side::Black => &self.black,
            Side::White => &self.white,
        }
    }
}
