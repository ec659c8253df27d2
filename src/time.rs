//! The one module that reads the real monotonic clock.
//!
//! Everything else receives a [`Timestamp`] from here (in the app) or from a manual source
//! (in tests and simulations), so that no test ever sleeps and a stalled frame never changes
//! what a clock shows: clocks compute from absolute timestamps.

use crate::clock::Timestamp;
use std::time::Instant;

/// Something that tells the current instant on the injected time line.
pub trait TimeSource {
    /// The current instant.
    fn now(&self) -> Timestamp;
}

/// The real monotonic clock, counted from the moment this source was created.
#[derive(Clone, Copy, Debug)]
pub struct SystemTimeSource {
    origin: Instant,
}

impl SystemTimeSource {
    /// A source whose origin is now.
    #[allow(clippy::disallowed_methods)] // the one sanctioned reading of the monotonic clock
    pub fn new() -> Self {
        SystemTimeSource {
            origin: Instant::now(),
        }
    }

    /// The real [`Instant`] of a timestamp of this source (for audio scheduling threads).
    pub fn instant_of(&self, t: Timestamp) -> Instant {
        self.origin + std::time::Duration::from_millis(t.0)
    }
}

impl Default for SystemTimeSource {
    fn default() -> Self {
        Self::new()
    }
}

impl TimeSource for SystemTimeSource {
    #[allow(clippy::disallowed_methods)] // the one sanctioned reading of the monotonic clock
    fn now(&self) -> Timestamp {
        Timestamp(self.origin.elapsed().as_millis() as u64)
    }
}

/// A clock that moves only when told to: for tests and simulations.
#[derive(Clone, Debug, Default)]
pub struct ManualTimeSource {
    now: std::cell::Cell<u64>,
}

impl ManualTimeSource {
    /// A manual source at `t`.
    pub fn at(t: Timestamp) -> Self {
        ManualTimeSource {
            now: std::cell::Cell::new(t.0),
        }
    }

    /// Moves the time forward by `ms` milliseconds.
    pub fn advance(&self, ms: u64) {
        self.now.set(self.now.get() + ms);
    }

    /// Sets the time.
    pub fn set(&self, t: Timestamp) {
        self.now.set(t.0);
    }
}

impl TimeSource for ManualTimeSource {
    fn now(&self) -> Timestamp {
        Timestamp(self.now.get())
    }
}

/// The wall-clock time now (UTC), as the journal writes it beside the session's own time
/// line: `2026-11-30T12:01:05.123Z`. Only the edge that writes entries reads it.
#[allow(clippy::disallowed_methods)] // the one sanctioned reading of the wall clock
pub fn utc_now() -> chrono::DateTime<chrono::Utc> {
    chrono::Utc::now()
}

/// The wall-clock time now with the system's offset from UTC (the class file keeps the offset
/// a time was given in, so a teacher reads due times in their own clock).
#[allow(clippy::disallowed_methods)] // the one sanctioned reading of the wall clock
pub fn local_now() -> chrono::DateTime<chrono::FixedOffset> {
    chrono::Local::now().fixed_offset()
}

/// [`utc_now`] in the journal's form.
pub fn utc_text(t: chrono::DateTime<chrono::Utc>) -> String {
    t.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
}
