//! What the referee says and when (Art. 12.2): the schedule of one turn.
//!
//! # Chinese byo-yomi with one-minute periods (Art. 12.2, exactly)
//! In every reserved minute that is not the last: 三十秒, 四十秒, 五十秒, 五十五秒, 五十八秒 at
//! 30, 40, 50, 55 and 58 s; at 60 s 一分钟 (`one_minute`), the minute is deducted
//! (`period_used`), then 还剩N分钟 (`minutes_left_N`) with N the reserved minutes still left
//! (said for N ≤ 10, the voice packs having no more). In the last minute: 30, 40, 50 s, then
//! 一 … 九 at 51 … 59 s, and at 60 s 十，超时判负 (`count_10_timeout`) with the time-out. The
//! minute counts from the instant the reserve is reached, even in the middle of a move.
//! Japanese byo-yomi with 60 s periods is called the same way.
//!
//! # Periods of other lengths (blitz `chinese:…,period=30s`, Japanese `3x30s`)
//! Every period is counted like the last minute of Art. 12.2, so that every word spoken is
//! true: the elapsed-second calls (30, 40, 50, 55, 58 s) that fall at least ten seconds before
//! the period's end, then the last nine seconds counted aloud, 一 … 九 (the k-th at k − 10 s
//! before the end). At the end of the last period 十，超时判负 and the time-out; a period that
//! is not the last is deducted without a call, as there are no words for "N periods of S
//! seconds left" (Japanese timekeepers count every period the same way). So a 30 s period
//! hears 一 … 九 at 21 … 29 s; a 2-minute period 30, 40, 50, 55, 58 s, then 一 … 九 at
//! 111 … 119 s.
//!
//! # Canadian blocks
//! 还剩N分钟 when N whole minutes (N ≤ 10) of the block are left (not at its very start), the
//! last nine seconds counted 一 … 九, and 十，超时判负 with the time-out when the block runs out.
//!
//! # Settings ([`AnnounceSettings`])
//! `byoyomi_start_call` says 开始读秒 when the free time runs out (on in the app, off in the
//! simulator). `main_time_calls` says 还剩N分钟 at N minutes of free time left (N ≤ 10) and,
//! where running out of main time loses (Fischer, sudden death), counts its last ten
//! seconds like a last minute (off by default and in the simulator).
//!
//! # Asking for one's time (Art. 16.1)
//! [`time_check`]: in byo-yomi with one-minute periods 还剩N分钟 for the reserved minutes left
//! (counting the running one); otherwise 还剩N分钟 for the whole minutes left of the free time
//! or the Canadian block when that is 1 … 10, and nothing otherwise (the face shows it).

use super::control::{Overtime, TimeControl};
use super::event::EventKind;
use super::phrase::Phrase;
use super::state::SideState;
use super::timestamp::Millis;
use super::view::SideView;
use serde::{Deserialize, Serialize};

const MINUTE: Millis = Millis(60_000);
const SECOND: i64 = 1000;
/// The elapsed-second calls of a minute, in order.
const SECOND_CALLS: [(i64, Phrase); 5] = [
    (30, Phrase::S30),
    (40, Phrase::S40),
    (50, Phrase::S50),
    (55, Phrase::S55),
    (58, Phrase::S58),
];
/// The highest N of 还剩N分钟 in the voice packs.
const MAX_MINUTES_CALL: u32 = 10;

/// Which optional calls are made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct AnnounceSettings {
    /// Say 开始读秒 when a side's free time runs out.
    pub byoyomi_start_call: bool,
    /// Say 还剩N分钟 during main time, and count the end of main time where it loses.
    pub main_time_calls: bool,
}

impl Default for AnnounceSettings {
    fn default() -> Self {
        AnnounceSettings {
            byoyomi_start_call: true,
            main_time_calls: false,
        }
    }
}

impl AnnounceSettings {
    /// Only the calls of Art. 12.2 in byo-yomi: what `tianyuan clock simulate` uses.
    pub const BYOYOMI_ONLY: AnnounceSettings = AnnounceSettings {
        byoyomi_start_call: false,
        main_time_calls: false,
    };
}

/// One event of a turn's schedule, `offset` of counted time after the turn began.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Scheduled {
    pub offset: Millis,
    pub kind: EventKind,
    pub before_press: bool,
}

/// The calls inside one byo-yomi period of `length` (not those at its end), as offsets from
/// its start: see the module documentation.
pub fn period_calls(length: Millis, last: bool) -> Vec<(Millis, Phrase)> {
    if length == MINUTE && !last {
        return SECOND_CALLS
            .iter()
            .map(|&(s, p)| (Millis(s * SECOND), p))
            .collect();
    }
    let mut calls: Vec<(Millis, Phrase)> = SECOND_CALLS
        .iter()
        .filter(|&&(s, _)| s * SECOND <= length.0 - 10 * SECOND)
        .map(|&(s, p)| (Millis(s * SECOND), p))
        .collect();
    calls.extend(final_count(length));
    calls
}

/// 一 … 九 in the last nine seconds before `end`, those after the offset 0.
fn final_count(end: Millis) -> impl Iterator<Item = (Millis, Phrase)> {
    (1..=9u8)
        .map(move |k| {
            (
                Millis(end.0 - (10 - i64::from(k)) * SECOND),
                Phrase::Count(k),
            )
        })
        .filter(|(at, _)| at.0 > 0)
}

/// 还剩N分钟 at N whole minutes before `end`, strictly after `start`.
fn minutes_left_calls(start: Millis, end: Millis) -> impl Iterator<Item = (Millis, Phrase)> {
    (1..=MAX_MINUTES_CALL as u8)
        .rev()
        .map(move |n| {
            (
                Millis(end.0 - i64::from(n) * MINUTE.0),
                Phrase::MinutesLeft(n),
            )
        })
        .filter(move |(at, _)| *at > start)
}

/// Everything that happens in a turn that starts from `state` if the side never presses, in
/// time order, ending with the time-out.
pub(crate) fn turn_schedule(
    control: &TimeControl,
    settings: &AnnounceSettings,
    state: &SideState,
) -> Vec<Scheduled> {
    let mut out = Vec::new();
    let mut at = |offset: Millis, kind: EventKind, before_press: bool| {
        out.push(Scheduled {
            offset,
            kind,
            before_press,
        })
    };
    let say = EventKind::Say;
    if settings.main_time_calls {
        for (t, p) in minutes_left_calls(Millis::ZERO, state.main) {
            at(t, say(p), false);
        }
    }
    match control.overtime() {
        Overtime::None => {
            if settings.main_time_calls {
                for (t, p) in final_count(state.main) {
                    at(t, say(p), false);
                }
                at(state.main, say(Phrase::Count10Timeout), true);
            }
            at(state.main, EventKind::Timeout, true);
        }
        Overtime::Periods { length, .. } => {
            let start = state.main;
            if !state.overtime {
                at(start, EventKind::ByoyomiStart, true);
                if settings.byoyomi_start_call {
                    at(start, say(Phrase::ByoyomiStart), true);
                }
            }
            for k in 0..state.periods {
                let period_start = start + Millis(i64::from(k) * length.0);
                let left = state.periods - k;
                let last = left == 1;
                for (t, p) in period_calls(length, last) {
                    at(period_start + t, say(p), false);
                }
                let end = period_start + length;
                if last {
                    at(end, say(Phrase::Count10Timeout), true);
                    at(end, EventKind::Timeout, true);
                } else {
                    let after = left - 1;
                    if length == MINUTE {
                        at(end, say(Phrase::OneMinute), true);
                    }
                    at(
                        end,
                        EventKind::PeriodUsed {
                            periods_left: after,
                        },
                        true,
                    );
                    if length == MINUTE && after <= MAX_MINUTES_CALL {
                        at(end, say(Phrase::MinutesLeft(after as u8)), true);
                    }
                }
            }
        }
        Overtime::Canadian { block, .. } => {
            let (start, end) = if state.overtime {
                (Millis::ZERO, state.block)
            } else {
                at(state.main, EventKind::ByoyomiStart, true);
                if settings.byoyomi_start_call {
                    at(state.main, say(Phrase::ByoyomiStart), true);
                }
                (state.main, state.main + block)
            };
            for (t, p) in minutes_left_calls(start, end) {
                at(t, say(p), false);
            }
            for (t, p) in final_count(end - start) {
                at(start + t, say(p), false);
            }
            at(end, say(Phrase::Count10Timeout), true);
            at(end, EventKind::Timeout, true);
        }
    }
    // Stable: events at one instant keep the order in which they are said.
    out.sort_by_key(|s| s.offset);
    out
}

/// What to answer a player who asks for their time (Art. 16.1), from their face: see the
/// module documentation.
pub fn time_check(control: &TimeControl, face: &SideView) -> Vec<Phrase> {
    if face.flagged {
        return Vec::new();
    }
    if let (Overtime::Periods { length, .. }, true) = (control.overtime(), face.in_byoyomi)
        && length == MINUTE
    {
        return match face.periods_left {
            Some(n @ 1..=MAX_MINUTES_CALL) => vec![Phrase::MinutesLeft(n as u8)],
            _ => Vec::new(),
        };
    }
    let left = if face.in_byoyomi {
        face.period_left
    } else {
        face.main_left
    };
    match left.0 / MINUTE.0 {
        n @ 1..=10 => vec![Phrase::MinutesLeft(n as u8)],
        _ => Vec::new(),
    }
}

/// Every phrase any schedule or time check can produce: for checking the voice packs.
pub fn all_scheduled_phrases() -> Vec<Phrase> {
    let mut v = vec![
        Phrase::ByoyomiStart,
        Phrase::S30,
        Phrase::S40,
        Phrase::S50,
        Phrase::S55,
        Phrase::S58,
        Phrase::OneMinute,
        Phrase::Count10Timeout,
    ];
    v.extend((1..=MAX_MINUTES_CALL as u8).map(Phrase::MinutesLeft));
    v.extend((1..=9).map(Phrase::Count));
    v
}
