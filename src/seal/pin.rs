//! The arbiter's PIN: checked against a verifier stored in the session's setup entry, and the
//! key that signs the entries made with it (HMAC-SHA256).
//!
//! One Argon2id derivation (64 MiB, 3 passes, a random salt per session) gives a 32-byte key
//! `k`; the setup stores `SHA-256("tianyuan-pin-check" ‖ k)`; entries carry
//! `HMAC-SHA256(SHA-256("tianyuan-pin-hmac" ‖ k), entry)`. What this protects and what it
//! does not is in `docs/session-format.md`: the lock keeps players and children from ruling or
//! editing at the board; the HMAC lets `verify --pin` catch a rewritten entry made with the PIN;
//! a PIN of digits only falls to an offline search in hours.

use hmac::{Hmac, KeyInit, Mac};
use sha2::{Digest, Sha256};

use super::sealed_move::{KdfParams, SealError};

/// The shortest PIN accepted.
pub const MIN_PIN_CHARS: usize = 6;

/// Why a PIN was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PinError {
    /// Fewer than [`MIN_PIN_CHARS`] characters.
    TooShort,
}

impl std::fmt::Display for PinError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PinError::TooShort => write!(
                f,
                "the arbiter PIN needs at least {MIN_PIN_CHARS} characters (8 or more, with letters, recommended)"
            ),
        }
    }
}

impl std::error::Error for PinError {}

/// How strong an accepted PIN is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PinStrength {
    /// Letters or other characters besides digits.
    Fair,
    /// Digits only: accepted, with the warning that an offline search breaks it in hours.
    DigitsOnly,
}

/// Checks a new PIN: at least six characters; digits only is accepted with a warning.
pub fn check_pin(pin: &str) -> Result<PinStrength, PinError> {
    if pin.chars().count() < MIN_PIN_CHARS {
        return Err(PinError::TooShort);
    }
    if pin.chars().all(|c| c.is_ascii_digit()) {
        Ok(PinStrength::DigitsOnly)
    } else {
        Ok(PinStrength::Fair)
    }
}

/// What the setup stores to recognise the PIN.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PinRecord {
    /// The derivation's salt.
    pub salt: [u8; 16],
    /// The derivation's settings.
    pub kdf: KdfParams,
    /// `SHA-256("tianyuan-pin-check" ‖ k)`.
    pub check: [u8; 32],
}

/// The key that signs entries, once the PIN is known.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct PinKeys {
    hmac_key: [u8; 32],
}

impl std::fmt::Debug for PinKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PinKeys(…)")
    }
}

fn tagged(tag: &[u8], k: &[u8; 32]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(tag);
    h.update(k);
    h.finalize().into()
}

impl PinRecord {
    /// A new verifier for `pin` with a fresh `salt`, and the signing key.
    pub fn create(
        pin: &str,
        salt: [u8; 16],
        kdf: KdfParams,
    ) -> Result<(PinRecord, PinKeys), SealError> {
        let k = kdf.derive(pin.as_bytes(), &salt)?;
        let record = PinRecord {
            salt,
            kdf,
            check: tagged(b"tianyuan-pin-check", &k),
        };
        Ok((
            record,
            PinKeys {
                hmac_key: tagged(b"tianyuan-pin-hmac", &k),
            },
        ))
    }

    /// The signing key if `pin` is this session's PIN.
    pub fn unlock(&self, pin: &str) -> Option<PinKeys> {
        let k = self.kdf.derive(pin.as_bytes(), &self.salt).ok()?;
        let check = tagged(b"tianyuan-pin-check", &k);
        // Compare without an early exit, so the time taken says nothing of where they differ.
        let same = check
            .iter()
            .zip(self.check.iter())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0;
        same.then(|| PinKeys {
            hmac_key: tagged(b"tianyuan-pin-hmac", &k),
        })
    }
}

impl PinKeys {
    /// `HMAC-SHA256(key, bytes)`.
    pub fn sign(&self, bytes: &[u8]) -> [u8; 32] {
        let Ok(mut mac) = <Hmac<Sha256> as KeyInit>::new_from_slice(&self.hmac_key) else {
            // HMAC takes keys of any length; this branch cannot be reached.
            return [0; 32];
        };
        mac.update(bytes);
        mac.finalize().into_bytes().into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pins_are_checked_and_unlock_only_their_record() {
        assert_eq!(check_pin("12345"), Err(PinError::TooShort));
        assert_eq!(check_pin("123456"), Ok(PinStrength::DigitsOnly));
        assert_eq!(check_pin("abc123"), Ok(PinStrength::Fair));
        let (record, keys) =
            PinRecord::create("abc123", [9; 16], KdfParams::TEST_ONLY).expect("create");
        assert_eq!(record.unlock("abc123"), Some(keys));
        assert_eq!(record.unlock("abc124"), None);
        assert_ne!(keys.sign(b"entry"), keys.sign(b"entrx"));
    }
}
