//! The repetition schedule (pinned by issue 20; the checks use it):
//!
//! - a problem **missed** is due again **1 day** later;
//! - each later **right** answer moves it to **3**, then **7**, then **21** days (counted from
//!   that answer);
//! - a **miss** at any point starts again at 1 day;
//! - a right answer when it stood at 21 days **retires** it.
//!
//! A problem answered right the first time it is tried never enters the schedule. A right
//! answer given before the problem is due counts like one given on time (the child knew it).
//! A retired problem that is missed again (a teacher may set it again) starts at 1 day.
//! A right answer after a hint counts as right here (the rating counts it as half a win).

use chrono::{DateTime, Duration, FixedOffset};

/// The intervals in days, in order.
pub const INTERVALS: [u32; 4] = [1, 3, 7, 21];

/// Where one problem stands for one child.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// Due again at `due`, after an interval of `days`.
    Due {
        /// The interval (1, 3, 7 or 21 days).
        days: u32,
        /// When it is due: the last answer's time plus the interval.
        due: DateTime<FixedOffset>,
    },
    /// Right at 21 days: it does not come back.
    Retired {
        /// When it retired.
        at: DateTime<FixedOffset>,
    },
}

impl Slot {
    /// The due time, when it is still scheduled.
    pub fn due(&self) -> Option<DateTime<FixedOffset>> {
        match self {
            Slot::Due { due, .. } => Some(*due),
            Slot::Retired { .. } => None,
        }
    }

    /// Whether it is due at `at` (due time reached).
    pub fn is_due(&self, at: DateTime<FixedOffset>) -> bool {
        self.due().is_some_and(|d| d <= at)
    }
}

fn in_days(at: DateTime<FixedOffset>, days: u32) -> DateTime<FixedOffset> {
    at + Duration::days(i64::from(days))
}

/// The slot after an answer at `at` (`right` or missed), from the slot before (`None`: not
/// scheduled). `None` after means the problem is not on the schedule.
pub fn next(before: Option<Slot>, right: bool, at: DateTime<FixedOffset>) -> Option<Slot> {
    if !right {
        return Some(Slot::Due {
            days: INTERVALS[0],
            due: in_days(at, INTERVALS[0]),
        });
    }
    match before {
        None => None,
        Some(Slot::Retired { at }) => Some(Slot::Retired { at }),
        Some(Slot::Due { days, .. }) => {
            match INTERVALS.iter().position(|&d| d == days) {
                Some(i) if i + 1 < INTERVALS.len() => Some(Slot::Due {
                    days: INTERVALS[i + 1],
                    due: in_days(at, INTERVALS[i + 1]),
                }),
                // 21 days (or an interval this version does not know): retired.
                _ => Some(Slot::Retired { at }),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> DateTime<FixedOffset> {
        DateTime::parse_from_rfc3339(s).expect("time")
    }

    /// (name, answers as (day offset, right), the slot after them as "due:DAYS@day" or
    /// "retired" or "none").
    #[test]
    fn the_pinned_schedule_on_a_table() {
        let start = t("2025-03-01T16:00:00+08:00");
        let at = |day: i64| start + Duration::days(day);
        let cases: &[(&str, &[(i64, bool)], &str)] = &[
            ("right first time: never scheduled", &[(0, true)], "none"),
            ("missed: 1 day", &[(0, false)], "1@1"),
            ("missed then right: 3 days", &[(0, false), (1, true)], "3@4"),
            ("then 7", &[(0, false), (1, true), (4, true)], "7@11"),
            (
                "then 21",
                &[(0, false), (1, true), (4, true), (11, true)],
                "21@32",
            ),
            (
                "right at 21: retired",
                &[(0, false), (1, true), (4, true), (11, true), (32, true)],
                "retired",
            ),
            (
                "a miss at 7 starts again at 1",
                &[(0, false), (1, true), (4, true), (11, false)],
                "1@12",
            ),
            (
                "a miss at 21 starts again at 1",
                &[(0, false), (1, true), (4, true), (11, true), (32, false)],
                "1@33",
            ),
            (
                "late answers count from the answer",
                &[(0, false), (5, true)],
                "3@8",
            ),
            (
                "an early right answer moves it on",
                &[(0, false), (0, true)],
                "3@3",
            ),
            (
                "a retired problem missed again comes back",
                &[
                    (0, false),
                    (1, true),
                    (4, true),
                    (11, true),
                    (32, true),
                    (40, false),
                ],
                "1@41",
            ),
            (
                "a retired problem answered right stays retired",
                &[
                    (0, false),
                    (1, true),
                    (4, true),
                    (11, true),
                    (32, true),
                    (40, true),
                ],
                "retired",
            ),
            (
                "two misses: 1 day from the last",
                &[(0, false), (2, false)],
                "1@3",
            ),
        ];
        for (name, answers, want) in cases {
            let mut slot = None;
            for &(day, right) in *answers {
                slot = next(slot, right, at(day));
            }
            let got = match slot {
                None => "none".to_string(),
                Some(Slot::Retired { .. }) => "retired".to_string(),
                Some(Slot::Due { days, due }) => {
                    format!("{days}@{}", (due - start).num_days())
                }
            };
            assert_eq!(got, *want, "{name}");
            if let Some(Slot::Due { due, .. }) = slot {
                // Same clock time, same offset: due exactly N×24 h after the answer.
                assert_eq!(due.offset(), start.offset(), "{name}");
                assert!(
                    slot.is_some_and(|s| s.is_due(due) && !s.is_due(due - Duration::seconds(1)))
                );
            }
        }
    }
}
