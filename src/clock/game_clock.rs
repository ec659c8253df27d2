//! The two-sided game clock: explicit inputs at injected instants, answers computed from them.

use super::announce::{AnnounceSettings, Scheduled, turn_schedule};
use super::clock_types::{ClockError, ClockOutcome, PauseKind, Press};
use super::control::{ControlError, Overtime, TimeControl};
use super::event::{Call, ClockEvent, EventKind};
use super::side::Side;
use super::state::SideState;
use super::timestamp::{Millis, Timestamp};
use super::turn::Turn;
use super::view::ClockView;

/// The first point after `e` on the whole-second grid through `origin`.
fn next_on_grid(e: Millis, origin: Millis) -> Millis {
    let k = (e.0 - origin.0).div_euclid(1000) + 1;
    Millis(origin.0 + k * 1000)
}

/// Both sides' clocks for one game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameClock {
    pub(super) control: TimeControl,
    pub(super) settings: AnnounceSettings,
    pub(super) sides: [SideState; 2],
    pub(super) turn: Option<Turn>,
    pub(super) pause: Option<(PauseKind, Timestamp)>,
    pub(super) outcome: Option<ClockOutcome>,
    pub(super) absence_used: [bool; 2],
    pub(super) late_forfeit: [bool; 2],
    pub(super) last_seen: Timestamp,
}

impl GameClock {
    /// A stopped clock for `control` (checked first).
    pub fn new(
        control: TimeControl,
        settings: AnnounceSettings,
    ) -> Result<GameClock, ControlError> {
        control.validate()?;
        let side = SideState::initial(&control);
        Ok(GameClock {
            sides: [side.clone(), side],
            control,
            settings,
            turn: None,
            pause: None,
            outcome: None,
            absence_used: [false; 2],
            late_forfeit: [false; 2],
            last_seen: Timestamp::ZERO,
        })
    }

    /// The time system.
    pub fn control(&self) -> &TimeControl {
        &self.control
    }

    /// Which optional calls are made.
    pub fn settings(&self) -> &AnnounceSettings {
        &self.settings
    }

    /// Changes which optional calls are made.
    pub fn set_settings(&mut self, settings: AnnounceSettings) {
        self.settings = settings;
    }

    /// The side to move, once started.
    pub fn to_move(&self) -> Option<Side> {
        self.turn.as_ref().map(|t| t.side)
    }

    /// Why the clocks are stopped, if they are.
    pub fn paused(&self) -> Option<PauseKind> {
        self.pause.map(|(k, _)| k)
    }

    /// How the game ended on the clock, as of the last input (see [`GameClock::outcome_at`]).
    pub fn outcome(&self) -> Option<ClockOutcome> {
        self.outcome
    }

    /// How the game stands on the clock at `now`, including a time-out that has happened since
    /// the last input.
    pub fn outcome_at(&self, now: Timestamp) -> Option<ClockOutcome> {
        self.outcome.or_else(|| self.timeout_by(now))
    }

    /// Whether `side` has had its approved absence (Art. 23.6).
    pub fn absence_used(&self, side: Side) -> bool {
        self.absence_used[side.index()]
    }

    /// Starts the clock of `first` (Black, or White after handicap stones) at `now`.
    pub fn start(&mut self, now: Timestamp, first: Side) -> Result<(), ClockError> {
        if let Some(o) = self.outcome {
            return Err(ClockError::GameOver(o));
        }
        if self.turn.is_some() {
            return Err(ClockError::AlreadyStarted);
        }
        self.see(now)?;
        self.turn = Some(Turn {
            side: first,
            closed: Vec::new(),
            running_since: Some(now),
        });
        Ok(())
    }

    /// The side to move ends its move at `now`: its time is settled and the opponent's clock
    /// starts. A press at exactly the instant the time runs out is too late (the time-out
    /// comes first), as is a press at exactly the end of a period that is the last.
    pub fn press(&mut self, now: Timestamp) -> Result<Press, ClockError> {
        self.settle(now)?;
        let turn = self.turn.as_ref().ok_or(ClockError::NotStarted)?;
        let counted = match self.pause {
            Some((PauseKind::Arbiter, _)) => return Err(ClockError::Paused),
            Some((PauseKind::CaptureRemoval, _)) | None => turn.counted(now),
        };
        let side = turn.side;
        let state = &self.sides[side.index()];
        let next = state.after_move(&self.control, counted);
        let after = next.view_at(&self.control, Millis::ZERO, false);
        self.sides[side.index()] = next;
        self.pause = None;
        self.turn = Some(Turn {
            side: side.opponent(),
            closed: Vec::new(),
            running_since: Some(now),
        });
        Ok(Press {
            side,
            took: counted,
            after,
        })
    }

    /// A press of `side`'s button (two-button physical clock): only the side to move can end
    /// its move.
    pub fn press_by(&mut self, now: Timestamp, side: Side) -> Result<Press, ClockError> {
        match self.to_move() {
            None => Err(ClockError::NotStarted),
            Some(s) if s != side => Err(ClockError::NotYourTurn(side)),
            Some(_) => self.press(now),
        }
    }

    /// The side to move ends its turn while the clocks are stopped (a move entered during an
    /// arbiter's pause, or a sealed move opened on resumption): the time it ran before the pause
    /// is settled as that move's, the turn passes to the opponent, and both clocks stay stopped
    /// until [`GameClock::resume`]. So the clock and the board never disagree on who is to move.
    pub fn press_through_pause(&mut self, now: Timestamp) -> Result<Press, ClockError> {
        if !matches!(self.pause, Some((PauseKind::Arbiter, _))) {
            return self.press(now);
        }
        self.settle(now)?;
        let turn = self.turn.as_ref().ok_or(ClockError::NotStarted)?;
        let counted = turn.counted(now);
        let side = turn.side;
        let next = self.sides[side.index()].after_move(&self.control, counted);
        let after = next.view_at(&self.control, Millis::ZERO, false);
        self.sides[side.index()] = next;
        self.turn = Some(Turn {
            side: side.opponent(),
            closed: Vec::new(),
            running_since: None,
        });
        Ok(Press {
            side,
            took: counted,
            after,
        })
    }

    /// Moves the start of the running turn to `now`: what the clock ran of it before is not
    /// charged (the start signal given later than the session's beginning).
    pub fn restart_turn(&mut self, now: Timestamp) -> Result<(), ClockError> {
        self.settle(now)?;
        let paused = self.pause.is_some();
        let turn = self.turn.as_mut().ok_or(ClockError::NotStarted)?;
        turn.closed.clear();
        turn.running_since = (!paused).then_some(now);
        Ok(())
    }

    /// Stops both clocks at `now` (Art. 14), or only the count of a player in byo-yomi who
    /// removes captured stones (Art. 23.4).
    pub fn pause(&mut self, now: Timestamp, kind: PauseKind) -> Result<(), ClockError> {
        self.settle(now)?;
        if self.pause.is_some() {
            return Err(ClockError::AlreadyPaused);
        }
        let turn = self.turn.as_ref().ok_or(ClockError::NotStarted)?;
        if kind == PauseKind::CaptureRemoval {
            let face =
                self.sides[turn.side.index()].view_at(&self.control, turn.counted(now), true);
            if !face.in_byoyomi {
                return Err(ClockError::NotInByoyomi);
            }
        }
        if let Some(turn) = self.turn.as_mut()
            && let Some(since) = turn.running_since.take()
        {
            turn.closed.push((since, now));
        }
        self.pause = Some((kind, now));
        Ok(())
    }

    /// Stops the count while the player in byo-yomi removes captured stones (Art. 23.4); the
    /// player then presses from the pause, or the arbiter resumes.
    pub fn capture_removal_pause(&mut self, now: Timestamp) -> Result<(), ClockError> {
        self.pause(now, PauseKind::CaptureRemoval)
    }

    /// Restarts the clock of the side to move at `now`.
    pub fn resume(&mut self, now: Timestamp) -> Result<(), ClockError> {
        self.settle(now)?;
        if self.pause.is_none() {
            return Err(ClockError::NotPaused);
        }
        if let Some(turn) = self.turn.as_mut() {
            turn.running_since = Some(now);
        }
        self.pause = None;
        Ok(())
    }

    /// Both faces at `now`.
    pub fn view(&self, now: Timestamp) -> ClockView {
        let outcome = self.outcome_at(now);
        let face = |side: Side| {
            let state = &self.sides[side.index()];
            match &self.turn {
                Some(t) if t.side == side => {
                    let mut v = state.view_at(&self.control, t.counted(now), true);
                    v.running = v.running && self.pause.is_none() && outcome.is_none();
                    v
                }
                _ => state.view_at(&self.control, Millis::ZERO, false),
            }
        };
        ClockView {
            black: face(Side::Black),
            white: face(Side::White),
            to_move: self.to_move(),
            paused: self.pause.is_some(),
            over: outcome.is_some(),
        }
    }

    /// The next instant after `now` at which a shown second or the clock's state changes, for
    /// `request_repaint_after`: the running face's whole seconds (counted back from the end of
    /// its free time or Canadian block, forward from the start of a period), the start of
    /// byo-yomi, a period's end, the time-out. `None` while nothing runs.
    pub fn next_change(&self, now: Timestamp) -> Option<Timestamp> {
        if self.pause.is_some() || self.outcome_at(now).is_some() {
            return None;
        }
        let turn = self.turn.as_ref()?;
        turn.running_since?;
        let state = &self.sides[turn.side.index()];
        let e = turn.counted(now);
        let next = if e < state.main || self.control.overtime() == Overtime::None {
            next_on_grid(e, state.main)
        } else {
            match self.control.overtime() {
                Overtime::Periods { length, .. } => {
                    let period_start = e - Millis((e.0 - state.main.0) % length.0);
                    next_on_grid(e, period_start).min(period_start + length)
                }
                Overtime::Canadian { block, .. } => {
                    let end = if state.overtime {
                        state.block
                    } else {
                        state.main + block
                    };
                    next_on_grid(e, end)
                }
                Overtime::None => next_on_grid(e, state.main),
            }
        };
        let next = next.min(state.flag_offset(&self.control));
        Some(now + Millis((next - e).0.max(1)))
    }

    /// Everything due in the running turn from its start until the time-out if nobody presses,
    /// with the real instants known so far (none beyond the pause point while paused).
    pub fn turn_events(&self) -> Vec<ClockEvent> {
        let Some(turn) = &self.turn else {
            return Vec::new();
        };
        if matches!(
            self.outcome,
            Some(ClockOutcome::Forfeit(_) | ClockOutcome::BothForfeit)
        ) {
            return Vec::new();
        }
        let state = &self.sides[turn.side.index()];
        turn_schedule(&self.control, &self.settings, state)
            .into_iter()
            .filter_map(
                |Scheduled {
                     offset,
                     kind,
                     before_press,
                 }| {
                    Some(ClockEvent {
                        at: turn.instant_of(offset)?,
                        side: turn.side,
                        kind,
                        before_press,
                    })
                },
            )
            .collect()
    }

    /// The events of the running turn up to `now`, as they stand if the side presses at
    /// `now`: those due before `now`, and those at `now` that come before a press (see
    /// [`ClockEvent::before_press`]).
    pub fn events_until_press(&self, now: Timestamp) -> Vec<ClockEvent> {
        let mut out: Vec<ClockEvent> = self
            .turn_events()
            .into_iter()
            .filter(|e| e.at < now || (e.at == now && e.before_press))
            .collect();
        if let Some(i) = out.iter().position(|e| e.kind == EventKind::Timeout) {
            out.truncate(i + 1);
        }
        out
    }

    /// The calls that will be due after `now` if nobody presses, in time order, ending with
    /// the time-out call: for the voice to schedule ahead. Empty while paused or over.
    pub fn upcoming(&self, now: Timestamp) -> Vec<Call> {
        if self.pause.is_some() || self.outcome_at(now).is_some() {
            return Vec::new();
        }
        self.turn_events()
            .into_iter()
            .filter(|e| e.at > now)
            .filter_map(|e| match e.kind {
                EventKind::Say(phrase) => Some(Call {
                    at: e.at,
                    side: e.side,
                    phrase,
                }),
                _ => None,
            })
            .collect()
    }

    /// The calls due in `(from, to]` of the running turn.
    pub fn due_calls(&self, from: Timestamp, to: Timestamp) -> Vec<Call> {
        self.turn_events()
            .into_iter()
            .filter(|e| e.at > from && e.at <= to)
            .filter_map(|e| match e.kind {
                EventKind::Say(phrase) => Some(Call {
                    at: e.at,
                    side: e.side,
                    phrase,
                }),
                _ => None,
            })
            .collect()
    }

    /// What to say when `side` asks for its time at `now` (Art. 16.1).
    pub fn time_check(&self, now: Timestamp, side: Side) -> Vec<super::Phrase> {
        let view = self.view(now);
        super::announce::time_check(&self.control, view.side(side))
    }

    pub(super) fn see(&mut self, now: Timestamp) -> Result<(), ClockError> {
        if now < self.last_seen {
            return Err(ClockError::TimeWentBack);
        }
        self.last_seen = now;
        Ok(())
    }

    /// The time-out of the running side by `now`, if its time has run out.
    pub(super) fn timeout_by(&self, now: Timestamp) -> Option<ClockOutcome> {
        let turn = self.turn.as_ref()?;
        let state = &self.sides[turn.side.index()];
        let flag = state.flag_offset(&self.control);
        if turn.counted(now) < flag {
            return None;
        }
        Some(ClockOutcome::TimeOut {
            side: turn.side,
            at: turn.instant_of(flag).unwrap_or(now),
        })
    }

    /// Brings the outcome up to `now` and refuses input after the game is over.
    pub(super) fn settle(&mut self, now: Timestamp) -> Result<(), ClockError> {
        self.see(now)?;
        if self.outcome.is_none() {
            self.outcome = self.timeout_by(now);
        }
        match self.outcome {
            Some(o) => Err(ClockError::GameOver(o)),
            None => Ok(()),
        }
    }
}
