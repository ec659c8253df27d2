//! The arbiter's secrets: the sealed move of an adjournment (Art. 14, 22) and the arbiter's
//! PIN that locks rulings and signs journal entries.
//!
//! No cryptography is written here: Argon2id, XChaCha20-Poly1305, SHA-256 and HMAC come from
//! the RustCrypto crates. This module only fixes *what* is derived, encrypted and committed,
//! so that the journal, the CLI and the app agree. Randomness comes in from the caller (the
//! edge reads the operating system's generator), which keeps this module pure and testable.
//!
//! - [`sealed_move`]: a sealed move is encrypted at rest under a key derived from the PIN (a
//!   random salt per seal, at least 64 MiB and 3 passes), with a fixed-length plaintext so its
//!   size says nothing, and committed publicly as `hex(SHA-256(nonce32 ‖ "R13"))`.
//! - [`pin`]: the session's PIN verifier and the key that signs entries (HMAC-SHA256).
//! - [`hex`]: lower-case hexadecimal.

pub mod hex;
pub mod pin;
pub mod sealed_move;

pub use pin::{PinError, PinKeys, PinRecord, PinStrength, check_pin};
pub use sealed_move::{
    KdfParams, Reveal, SealError, SealRandom, SealedMove, commitment, vertex_text,
};
