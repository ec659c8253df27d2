//! Instants and spans of the injected monotonic time, in whole milliseconds.
//!
//! The core never reads the wall clock: every function that depends on time takes a
//! [`Timestamp`] from its caller (the app's [`crate::time::SystemTimeSource`], or a manual
//! source in tests and in `tianyuan clock simulate`).

use serde::{Deserialize, Serialize};
use std::ops::{Add, Sub};

/// A point on the injected monotonic time line: milliseconds since the source's origin.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Timestamp(pub u64);

/// A length of time in milliseconds (may be negative, e.g. an arbiter's correction).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Millis(pub i64);

impl Timestamp {
    /// The origin of the time line.
    pub const ZERO: Timestamp = Timestamp(0);

    /// Milliseconds elapsed from `earlier` to `self`, zero if `earlier` is later.
    pub fn since(self, earlier: Timestamp) -> Millis {
        Millis(self.0.saturating_sub(earlier.0) as i64)
    }
}

impl Millis {
    /// Zero milliseconds.
    pub const ZERO: Millis = Millis(0);

    /// Whole seconds.
    pub const fn from_secs(s: i64) -> Millis {
        Millis(s * 1000)
    }

    /// Whole minutes.
    pub const fn from_mins(m: i64) -> Millis {
        Millis(m * 60_000)
    }
}

impl Add<Millis> for Timestamp {
    type Output = Timestamp;
    fn add(self, d: Millis) -> Timestamp {
        Timestamp(self.0.saturating_add_signed(d.0))
    }
}

impl Sub<Millis> for Timestamp {
    type Output = Timestamp;
    fn sub(self, d: Millis) -> Timestamp {
        Timestamp(self.0.saturating_add_signed(-d.0))
    }
}

impl Add for Millis {
    type Output = Millis;
    fn add(self, o: Millis) -> Millis {
        Millis(self.0 + o.0)
    }
}

impl Sub for Millis {
    type Output = Millis;
    fn sub(self, o: Millis) -> Millis {
        Millis(self.0 - o.0)
    }
}
