//! The teacher's PIN: set once, kept as an Argon2id verifier in the settings (the arbiter PIN's
//! machinery, [`PinRecord`]), asked before the teaching options, the settings and leaving
//! teaching mode. It keeps children out, nothing more: whoever can edit the settings file can
//! remove it (said in `docs/decisions.md`). Both [`make`] and [`verify`] run Argon2id, which
//! takes a noticeable moment: the effects runner calls them on its threads
//! ([`crate::app::protocol::Work::CheckTeacherPin`], [`crate::app::protocol::Work::MakeTeacherPin`]),
//! never the thread that draws.

use super::prefs::StoredPin;
use crate::app::protocol::PinProblem;
use crate::seal::{KdfParams, PinRecord, check_pin, hex};

/// Whether `pin` is long enough to be a teacher's PIN (the arbiter's minimum, six characters):
/// cheap, checked before any derivation.
pub fn acceptable(pin: &str) -> Result<(), PinProblem> {
    check_pin(pin).map(|_| ()).map_err(|_| PinProblem::TooShort)
}

/// Makes the stored verifier of a new PIN with `salt` (random, from [`crate::entropy`]).
/// Refuses a PIN shorter than the arbiter's minimum (six characters).
pub fn make(pin: &str, salt: [u8; 16], kdf: KdfParams) -> Result<StoredPin, PinProblem> {
    acceptable(pin)?;
    let (record, _) =
        PinRecord::create(pin, salt, kdf).map_err(|e| PinProblem::Derivation(e.to_string()))?;
    Ok(StoredPin {
        salt: hex::encode(&record.salt),
        m_kib: kdf.m_kib,
        t: kdf.t,
        p: kdf.p,
        check: hex::encode(&record.check),
    })
}

/// Whether `pin` is the stored PIN. A damaged verifier accepts nothing (the teacher then
/// removes it from the settings file).
pub fn verify(stored: &StoredPin, pin: &str) -> bool {
    let (Some(salt), Some(check)) = (
        hex::decode_array::<16>(&stored.salt),
        hex::decode_array::<32>(&stored.check),
    ) else {
        return false;
    };
    let record = PinRecord {
        salt,
        kdf: KdfParams {
            m_kib: stored.m_kib,
            t: stored.t,
            p: stored.p,
        },
        check,
    };
    record.unlock(pin).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_teacher_pin_is_kept_hashed_and_recognised() {
        let stored = make("teacher-42", [7; 16], KdfParams::TEST_ONLY).expect("long enough");
        assert!(!stored.check.contains("teacher"));
        assert!(verify(&stored, "teacher-42"));
        assert!(!verify(&stored, "teacher-43"));
        assert!(make("1234", [7; 16], KdfParams::TEST_ONLY).is_err());
        let damaged = StoredPin {
            check: "zz".into(),
            ..stored
        };
        assert!(!verify(&damaged, "teacher-42"));
    }
}
