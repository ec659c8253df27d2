//! The pure simulation behind `tianyuan clock simulate`: a game on a manual time line.
//!
//! Black moves first and the sides alternate; move i takes `moves[i]`. The clock starts at
//! `t_ms` 0 and nothing else happens (no pauses). For each move the events of the turn come
//! in time order, then the press; a move ending exactly on a call's instant ends before that
//! call, except for the events of a period's end (the full minute with its calls and the
//! deduction; in the last period the time-out) and the start of byo-yomi, which come first.
//!
//! So a move that ends exactly when the free time runs out prints `byoyomi_start` and then
//! the `press` at the same `t_ms` (with `main_ms` 0 and all periods left): the free time is
//! used up, the move cost no period, and the side's next move is in byo-yomi. A time-out
//! ends the simulation (no press after it).

use super::announce::AnnounceSettings;
use super::control::{ControlError, TimeControl};
use super::event::{ClockEvent, EventKind};
use super::game_clock::GameClock;
use super::side::Side;
use super::timestamp::{Millis, Timestamp};
use super::view::SideView;
use serde::Serialize;

/// One line of the simulator's output.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SimEvent {
    /// Milliseconds since the start of the game.
    pub t_ms: u64,
    /// `B` or `W`: the side whose clock it concerns.
    pub side: String,
    /// `press`, `byoyomi_start`, `say`, `period_used` or `timeout`.
    pub event: String,
    /// The phrase key of a `say` event (`s30`, `minutes_left_4`, …).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phrase: Option<String>,
    /// The Mandarin words of a `say` event.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// Free time left after a press (0 in byo-yomi).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub main_ms: Option<i64>,
    /// Periods (reserved minutes) left, counting the running one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub periods: Option<u32>,
    /// Canadian byo-yomi: moves still to play in the block.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stones: Option<u32>,
    /// Canadian byo-yomi: time left in the block.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub block_ms: Option<i64>,
}

impl SimEvent {
    fn new(at: Timestamp, side: Side, event: &str) -> SimEvent {
        SimEvent {
            t_ms: at.0,
            side: side.letter().to_string(),
            event: event.to_string(),
            phrase: None,
            text: None,
            main_ms: None,
            periods: None,
            stones: None,
            block_ms: None,
        }
    }

    fn with_face(mut self, face: &SideView) -> SimEvent {
        self.main_ms = Some(face.main_left.0);
        self.periods = face.periods_left;
        self.stones = face.stones_left;
        if face.stones_left.is_some() && face.in_byoyomi {
            self.block_ms = Some(face.period_left.0);
        }
        self
    }
}

/// Runs a game in which move i takes `moves[i]` (Black first), with the calls of `settings`.
pub fn simulate(
    control: &TimeControl,
    settings: AnnounceSettings,
    moves: &[Millis],
) -> Result<Vec<SimEvent>, ControlError> {
    let mut clock = GameClock::new(control.clone(), settings)?;
    let mut out = Vec::new();
    let mut now = Timestamp::ZERO;
    if clock.start(now, Side::Black).is_err() {
        return Ok(out);
    }
    for &took in moves {
        now = now + Millis(took.0.max(0));
        for event in clock.events_until_press(now) {
            out.push(describe(&clock, &event));
            if event.kind == EventKind::Timeout {
                return Ok(out);
            }
        }
        match clock.press(now) {
            Ok(press) => out.push(SimEvent::new(now, press.side, "press").with_face(&press.after)),
            Err(_) => break,
        }
    }
    Ok(out)
}

fn describe(clock: &GameClock, event: &ClockEvent) -> SimEvent {
    let line = |name: &str| SimEvent::new(event.at, event.side, name);
    match event.kind {
        EventKind::Say(phrase) => SimEvent {
            phrase: Some(phrase.key()),
            text: Some(phrase.text_zh_hans()),
            ..line("say")
        },
        EventKind::ByoyomiStart => {
            line("byoyomi_start").with_face(clock.view(event.at).side(event.side))
        }
        EventKind::PeriodUsed { periods_left } => SimEvent {
            periods: Some(periods_left),
            ..line("period_used")
        },
        EventKind::Timeout => line("timeout"),
    }
}
