//! The audio timing log (`--audio-log FILE`): one JSON object per line for each call, with its
//! due instant and the instant its first sample went to the sound device, both in milliseconds
//! on the clock's time line. It is how the 50 ms promise of issue 4 is measured.
//!
//! ```text
//! {"phrase":"s30","due_ms":30000,"start_ms":30000.412,"late_ms":0.412}
//! {"phrase":"s40","due_ms":40000,"dropped_at_ms":40712.0}
//! {"phrase":"minutes_left_4","due_ms":61200,"start_ms":61200.2,"late_ms":0.2,"on_request":true}
//! ```
//!
//! `dropped_at_ms` marks a call that was too late to be worth saying (see
//! [`super::STALE_AFTER`]); `on_request` marks a phrase said at once (its due instant is the
//! request).

use serde::{Deserialize, Serialize};

/// One line of the timing log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LogLine {
    /// The phrase key.
    pub phrase: String,
    /// When the call was due.
    pub due_ms: u64,
    /// When its first sample was handed to the device.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_ms: Option<f64>,
    /// `start_ms − due_ms`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub late_ms: Option<f64>,
    /// When the call was dropped as stale instead of played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dropped_at_ms: Option<f64>,
    /// True for a phrase said on request rather than scheduled.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub on_request: bool,
}

impl LogLine {
    /// A played call.
    pub fn played(phrase: String, due_ms: u64, start_ms: f64, on_request: bool) -> LogLine {
        LogLine {
            phrase,
            due_ms,
            start_ms: Some(round_us(start_ms)),
            late_ms: Some(round_us(start_ms - due_ms as f64)),
            dropped_at_ms: None,
            on_request,
        }
    }

    /// A call dropped as stale.
    pub fn dropped(phrase: String, due_ms: u64, at_ms: f64) -> LogLine {
        LogLine {
            phrase,
            due_ms,
            start_ms: None,
            late_ms: None,
            dropped_at_ms: Some(round_us(at_ms)),
            on_request: false,
        }
    }

    /// The line as written to the log (no newline).
    pub fn to_json(&self) -> String {
        // Serialising plain strings and numbers cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }
}

fn round_us(ms: f64) -> f64 {
    (ms * 1000.0).round() / 1000.0
}

/// The distribution of `start − due` over the scheduled calls of a log.
#[derive(Clone, Debug, PartialEq)]
pub struct Lateness {
    /// Calls played on schedule (requests and dropped calls excluded).
    pub count: usize,
    /// Calls dropped as stale.
    pub dropped: usize,
    /// Smallest lateness, ms.
    pub min: f64,
    /// Median, ms.
    pub median: f64,
    /// 95th percentile (nearest rank), ms.
    pub p95: f64,
    /// Largest, ms.
    pub max: f64,
}

impl Lateness {
    /// The distribution over the lines of a log; `None` if no scheduled call was played.
    /// Lines that are not log lines are skipped.
    pub fn of_log(text: &str) -> Option<Lateness> {
        let lines: Vec<LogLine> = text
            .lines()
            .filter_map(|l| serde_json::from_str(l).ok())
            .collect();
        let dropped = lines.iter().filter(|l| l.dropped_at_ms.is_some()).count();
        let mut late: Vec<f64> = lines
            .iter()
            .filter(|l| !l.on_request)
            .filter_map(|l| l.late_ms)
            .collect();
        late.sort_by(f64::total_cmp);
        let rank = |q: f64| {
            let i = ((q * late.len() as f64).ceil() as usize).saturating_sub(1);
            late.get(i).copied()
        };
        Some(Lateness {
            count: late.len(),
            dropped,
            min: *late.first()?,
            median: rank(0.5)?,
            p95: rank(0.95)?,
            max: *late.last()?,
        })
    }
}

impl std::fmt::Display for Lateness {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} calls, start − due: min {:.3} ms, median {:.3} ms, p95 {:.3} ms, max {:.3} ms; {} dropped",
            self.count, self.min, self.median, self.p95, self.max, self.dropped
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_round_trip_and_summarise() {
        let log: String = [
            LogLine::played("s30".into(), 30_000, 30_001.0, false),
            LogLine::played("s40".into(), 40_000, 40_003.0, false),
            LogLine::played("s50".into(), 50_000, 50_002.0, false),
            LogLine::played("minutes_left_1".into(), 51_000, 51_900.0, true),
            LogLine::dropped("s55".into(), 55_000, 56_000.0),
        ]
        .iter()
        .map(|l| l.to_json() + "\n")
        .collect();
        let d = Lateness::of_log(&log).unwrap();
        assert_eq!((d.count, d.dropped), (3, 1));
        assert_eq!((d.min, d.median, d.p95, d.max), (1.0, 2.0, 3.0, 3.0));
    }

    #[test]
    fn an_empty_log_has_no_distribution() {
        assert_eq!(Lateness::of_log(""), None);
    }
}
