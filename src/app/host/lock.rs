//! The arbiter's lock in the window: rulings, corrections, adjournment, sealing, unsealing,
//! revocations, take-backs and the decision on a restart's time away each ask for the PIN,
//! unless the arbiter unlocked within the last [`ArbiterLock::timeout`] (60 s by default,
//! 0–300 s in the settings). The unlock lives in this process only: a restart starts locked.
//! The PIN is never kept here: it goes to the journal writer, which checks it (Argon2id) and
//! keeps only the derived keys. The prompt is the window's one [`PinGate`].

use crate::app::pin_gate::PinGate;
use crate::clock::Timestamp;

use super::command::ArbiterAct;

pub use crate::app::settings::{DEFAULT_UNLOCK_SECONDS, MAX_UNLOCK_SECONDS};

/// What waits for the PIN.
#[derive(Clone, Debug, PartialEq)]
pub enum Waiting {
    /// An arbiter's act, done once the PIN is checked.
    Act(ArbiterAct),
    /// The decision on the time away after a restart.
    Gap(bool),
    /// Taking back the last turn.
    Undo,
    /// Entering the desk's ruling with this id (issue 18 item 6).
    DeskRuling(String),
}

/// The lock.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ArbiterLock {
    /// Open until this instant of the app's time line.
    open_until: Option<Timestamp>,
    /// The PIN prompt: what waits for it, the check running on the journal writer, a wrong
    /// PIN.
    pub gate: PinGate<Waiting>,
}

impl ArbiterLock {
    /// Whether the lock is open at `now`.
    pub fn is_open(&self, now: Timestamp) -> bool {
        self.open_until.is_some_and(|t| now < t)
    }

    /// Seconds left before it closes again, while open.
    pub fn seconds_left(&self, now: Timestamp) -> Option<u64> {
        self.open_until
            .filter(|&t| now < t)
            .map(|t| (t.0 - now.0).div_ceil(1000))
    }

    /// When the shown countdown next changes (for the repaint), while open.
    pub fn next_change(&self, now: Timestamp) -> Option<Timestamp> {
        let t = self.open_until.filter(|&t| now < t)?;
        let left = t.0 - now.0;
        let step = left % 1000;
        Some(Timestamp(now.0 + if step == 0 { 1000 } else { step }))
    }

    /// Opens it for `seconds` from `now` (after the PIN was checked). Zero seconds opens it
    /// for the one act that asked.
    pub fn open(&mut self, now: Timestamp, seconds: u32) {
        let seconds = seconds.min(MAX_UNLOCK_SECONDS);
        self.open_until = (seconds > 0).then(|| Timestamp(now.0 + u64::from(seconds) * 1000));
        self.gate.cancel();
    }

    /// Closes it now ("Lock now", a new game, a resumed game).
    pub fn close(&mut self) {
        self.open_until = None;
        self.gate.cancel();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lock_closes_after_its_time_and_counts_down() {
        let mut lock = ArbiterLock::default();
        assert!(!lock.is_open(Timestamp(0)));
        lock.open(Timestamp(1_000), 60);
        assert!(lock.is_open(Timestamp(60_999)));
        assert!(!lock.is_open(Timestamp(61_000)));
        assert_eq!(lock.seconds_left(Timestamp(1_500)), Some(60));
        assert_eq!(lock.seconds_left(Timestamp(60_001)), Some(1));
        assert_eq!(lock.next_change(Timestamp(1_500)), Some(Timestamp(2_000)));
        lock.open(Timestamp(0), 0);
        assert!(!lock.is_open(Timestamp(0)));
        lock.open(Timestamp(0), 9_999);
        assert!(lock.is_open(Timestamp(299_999)) && !lock.is_open(Timestamp(300_000)));
    }
}
