//! One side's time, and what a turn of a given counted length does to it.
//!
//! These are pure functions of the state at the start of a turn and the time counted in the
//! turn so far: [`GameClock`](super::GameClock) never accumulates anything else.

use super::control::{Overtime, TimeControl};
use super::timestamp::Millis;
use super::view::SideView;

/// One side's time between turns (or at the start of the running turn).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SideState {
    /// Free (main) time left.
    pub main: Millis,
    /// Byo-yomi periods left (Chinese reserved minutes, Japanese periods).
    pub periods: u32,
    /// Canadian: moves still to play in the running block (counting the next one).
    pub stones: u32,
    /// Canadian: time left in the running block.
    pub block: Millis,
    /// The side's free time has run out and byo-yomi began in an earlier turn (so that
    /// `byoyomi_start` is said once).
    pub overtime: bool,
}

impl SideState {
    /// The state each side starts the game with.
    pub fn initial(control: &TimeControl) -> SideState {
        let periods = match control.overtime() {
            Overtime::Periods { count, .. } => count,
            _ => 0,
        };
        SideState {
            main: control.main_time(),
            periods,
            stones: 0,
            block: Millis::ZERO,
            overtime: false,
        }
    }

    /// The counted time into a turn at which this side runs out of time (if it does not press
    /// first; a press at exactly this instant is too late).
    pub fn flag_offset(&self, control: &TimeControl) -> Millis {
        match control.overtime() {
            Overtime::None => self.main,
            Overtime::Periods { length, .. } => {
                Millis(self.main.0 + i64::from(self.periods) * length.0)
            }
            Overtime::Canadian { block, .. } => {
                if self.overtime {
                    self.block
                } else {
                    self.main + block
                }
            }
        }
    }

    /// The state after a move that took `took` of counted time (less than
    /// [`SideState::flag_offset`]), including the Fischer increment and Canadian renewal.
    pub fn after_move(&self, control: &TimeControl, took: Millis) -> SideState {
        let mut next = self.clone();
        match control.overtime() {
            Overtime::None => {
                next.main = Millis((self.main.0 - took.0).max(0)) + control.increment();
            }
            Overtime::Periods { length, .. } => {
                if took < self.main {
                    next.main = Millis(self.main.0 - took.0);
                } else {
                    let used = (took.0 - self.main.0) / length.0;
                    next.main = Millis::ZERO;
                    next.periods = self.periods.saturating_sub(saturating_u32(used));
                    next.overtime = true;
                }
            }
            Overtime::Canadian { stones, block } => {
                if !self.overtime && took < self.main {
                    next.main = Millis(self.main.0 - took.0);
                } else {
                    let (left, to_play) = if self.overtime {
                        (self.block.0 - took.0, self.stones)
                    } else {
                        (block.0 - (took.0 - self.main.0), stones)
                    };
                    next.main = Millis::ZERO;
                    next.overtime = true;
                    if to_play <= 1 {
                        next.stones = stones;
                        next.block = block;
                    } else {
                        next.stones = to_play - 1;
                        next.block = Millis(left.max(0));
                    }
                }
            }
        }
        next
    }

    /// What the side's face shows `elapsed` into its turn (`running`), or between turns.
    pub fn view_at(&self, control: &TimeControl, elapsed: Millis, running: bool) -> SideView {
        let flag = self.flag_offset(control);
        let e = Millis(elapsed.0.clamp(0, flag.0));
        let flagged = e >= flag;
        let mut v = SideView {
            main_left: Millis((self.main.0 - e.0).max(0)),
            in_byoyomi: false,
            periods_left: None,
            period_elapsed: Millis::ZERO,
            period_left: Millis::ZERO,
            stones_left: None,
            flagged,
            running: running && !flagged,
        };
        match control.overtime() {
            Overtime::None => {}
            Overtime::Periods { length, .. } => {
                if e < self.main {
                    v.periods_left = Some(self.periods);
                    v.period_left = length;
                } else {
                    let into_byoyomi = e.0 - self.main.0;
                    let used = saturating_u32(into_byoyomi / length.0);
                    let left = self.periods.saturating_sub(used);
                    v.in_byoyomi = true;
                    v.periods_left = Some(left);
                    if left > 0 {
                        v.period_elapsed = Millis(into_byoyomi % length.0);
                        v.period_left = length - v.period_elapsed;
                    }
                }
            }
            Overtime::Canadian { stones, block } => {
                if self.overtime {
                    v.in_byoyomi = true;
                    v.stones_left = Some(self.stones);
                    v.period_left = Millis(self.block.0 - e.0);
                    // A correction may have given the block more than its length.
                    v.period_elapsed = Millis((block.0 - v.period_left.0).max(0));
                } else if e >= self.main {
                    v.in_byoyomi = true;
                    v.stones_left = Some(stones);
                    v.period_elapsed = Millis(e.0 - self.main.0);
                    v.period_left = block - v.period_elapsed;
                } else {
                    v.period_left = block;
                }
            }
        }
        v
    }
}

pub(crate) fn saturating_u32(n: i64) -> u32 {
    u32::try_from(n.max(0)).unwrap_or(u32::MAX)
}
