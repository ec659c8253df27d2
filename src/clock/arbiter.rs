//! The arbiter's inputs to the clock: late arrival (Art. 23.1–3), corrections, the approved
//! absence (Art. 23.6).

use super::clock_types::{ClockError, ClockOutcome, LateArrival};
use super::control::{MAX_TIME, Overtime};
use super::game_clock::GameClock;
use super::side::Side;
use super::timestamp::{Millis, Timestamp};

impl GameClock {
    /// Records that `side` arrived `late` after the start, with a forfeit `limit` (Art. 23.1–3).
    /// Within the limit the lateness is taken from the side's free time, then from its
    /// byo-yomi (whole periods, as in byo-yomi a part of a period costs nothing; or from its
    /// first Canadian block). Use it when the clocks did not run during the lateness.
    pub fn late_arrival(
        &mut self,
        side: Side,
        late: Millis,
        limit: Millis,
    ) -> Result<LateArrival, ClockError> {
        if let Some(o @ ClockOutcome::TimeOut { .. }) = self.outcome {
            return Err(ClockError::GameOver(o));
        }
        let i = side.index();
        let late = Millis(late.0.clamp(0, MAX_TIME.0));
        let forfeit = late > limit || !self.deduct_lateness(side, late);
        if !forfeit {
            return Ok(LateArrival::Deducted);
        }
        self.late_forfeit[i] = true;
        if self.late_forfeit[side.opponent().index()] {
            self.outcome = Some(ClockOutcome::BothForfeit);
            Ok(LateArrival::BothLose)
        } else {
            self.outcome = Some(ClockOutcome::Forfeit(side));
            Ok(LateArrival::Forfeit)
        }
    }

    /// Charges `side` `late` of lateness at `now` (Art. 23.3), however the clocks ran: the
    /// session works out how much of the lateness its clock did not already run. `Ok(false)`,
    /// with nothing changed, when the side has not that much time left (it then forfeits).
    /// A running side left with less than it has used runs out at `now`.
    pub fn charge_lateness(
        &mut self,
        now: Timestamp,
        side: Side,
        late: Millis,
    ) -> Result<bool, ClockError> {
        self.settle(now)?;
        let late = Millis(late.0.clamp(0, MAX_TIME.0));
        if !self.deduct_lateness(side, late) {
            return Ok(false);
        }
        self.flag_if_out(now);
        Ok(true)
    }

    /// Takes `late` from the side's time; false (and nothing changed) if it has not that much.
    fn deduct_lateness(&mut self, side: Side, late: Millis) -> bool {
        let state = &self.sides[side.index()];
        let mut next = state.clone();
        let excess = Millis(late.0 - state.main.0);
        if excess.0 < 0 || (excess.0 == 0 && self.control.overtime() != Overtime::None) {
            next.main = Millis(state.main.0 - late.0);
        } else {
            next.main = Millis::ZERO;
            match self.control.overtime() {
                Overtime::None => return false,
                Overtime::Periods { length, .. } => {
                    let used = super::state::saturating_u32(excess.0 / length.0);
                    if used >= state.periods {
                        return false;
                    }
                    next.periods = state.periods - used;
                }
                Overtime::Canadian { stones, block } => {
                    let (left, to_play) = if state.overtime {
                        (state.block.0 - late.0, state.stones)
                    } else {
                        (block.0 - excess.0, stones)
                    };
                    if left <= 0 {
                        return false;
                    }
                    next.overtime = true;
                    next.block = Millis(left);
                    next.stones = to_play;
                }
            }
        }
        self.sides[side.index()] = next;
        true
    }

    /// An arbiter's correction of `side`'s free time by `delta` (positive adds), at `now`;
    /// the caller logs it with the ruling. The free time does not go below zero. For a side in
    /// Canadian byo-yomi the correction applies to the running block. If the side to move is
    /// left with less time than it has already used, its time runs out at `now`.
    pub fn correct(&mut self, now: Timestamp, side: Side, delta: Millis) -> Result<(), ClockError> {
        self.settle(now)?;
        let control = self.control.clone();
        let state = &mut self.sides[side.index()];
        let corrected = |t: Millis| Millis(t.0.saturating_add(delta.0).clamp(0, MAX_TIME.0));
        if matches!(control.overtime(), Overtime::Canadian { .. }) && state.overtime {
            state.block = corrected(state.block);
        } else {
            state.main = corrected(state.main);
            if state.main.0 > 0 {
                state.overtime = false;
            }
        }
        self.flag_if_out(now);
        Ok(())
    }

    /// An arbiter's correction of `side`'s byo-yomi periods (reserved minutes) by `delta`, at
    /// `now` (Chinese and Japanese byo-yomi; no effect in other systems). Never below zero;
    /// a side in byo-yomi left with none runs out of time at `now`.
    pub fn correct_periods(
        &mut self,
        now: Timestamp,
        side: Side,
        delta: i32,
    ) -> Result<(), ClockError> {
        self.settle(now)?;
        if matches!(self.control.overtime(), Overtime::Periods { .. }) {
            let state = &mut self.sides[side.index()];
            let periods = (i64::from(state.periods) + i64::from(delta))
                .min(i64::from(super::control::MAX_COUNT));
            state.periods = super::state::saturating_u32(periods);
        }
        self.flag_if_out(now);
        Ok(())
    }

    /// Records the one approved absence of `side` this game (Art. 23.6). The clock is not
    /// stopped: the count goes on while the player is away.
    pub fn approve_absence(&mut self, side: Side) -> Result<(), ClockError> {
        let used = &mut self.absence_used[side.index()];
        if *used {
            return Err(ClockError::AbsenceAlreadyUsed(side));
        }
        *used = true;
        Ok(())
    }

    /// After a correction: a side left with no time at all, or a running side with less
    /// than it has used, is out at `now`.
    fn flag_if_out(&mut self, now: Timestamp) {
        if self.outcome.is_some() {
            return;
        }
        for side in Side::BOTH {
            let flag = self.sides[side.index()].flag_offset(&self.control);
            let used = match &self.turn {
                Some(t) if t.side == side => t.counted(now),
                _ => Millis::ZERO,
            };
            if used >= flag {
                self.outcome = Some(ClockOutcome::TimeOut { side, at: now });
                return;
            }
        }
    }
}
