//! The sealed move (封棋, Art. 14, 22): encrypted at rest, committed in public, opened by the
//! arbiter's PIN or by the paper slip.
//!
//! - Plaintext: always 34 bytes — the point as two bytes (column, row from the top; a pass is
//!   `0xFF 0xFF`) and the 32-byte commitment nonce — so the ciphertext's size says nothing.
//! - Key: Argon2id over the PIN with a random 16-byte salt per seal (at least 64 MiB, 3
//!   passes); cipher XChaCha20-Poly1305 with a random 24-byte nonce per seal; the commitment and
//!   the sealer's colour are authenticated as associated data, so a seal cannot be moved to
//!   another commitment or side.
//! - Commitment: `hex(SHA-256(nonce32 ‖ vertex))` with the vertex in upper-case GTP (`R13`,
//!   `PASS`). The nonce is inside the ciphertext only; `unseal` reveals it, so anyone can then
//!   check the commitment against the move.

use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{XChaCha20Poly1305, XNonce};
use sha2::{Digest, Sha256};

use crate::rules::{Color, Coord, Move};

/// Argon2id's cost settings, stored beside each derived key so it can be derived again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KdfParams {
    /// Memory in KiB.
    pub m_kib: u32,
    /// Passes.
    pub t: u32,
    /// Lanes.
    pub p: u32,
}

impl KdfParams {
    /// What the app and the CLI use: 64 MiB, 3 passes, one lane (the minimum; an
    /// offline search then costs 64 MiB of memory per guess).
    pub const STANDARD: KdfParams = KdfParams {
        m_kib: 64 * 1024,
        t: 3,
        p: 1,
    };

    /// Cheap settings for tests of the format only (never written by the app or the CLI).
    pub const TEST_ONLY: KdfParams = KdfParams {
        m_kib: 64,
        t: 1,
        p: 1,
    };

    /// Derives 32 bytes from `secret` and `salt`.
    pub fn derive(self, secret: &[u8], salt: &[u8]) -> Result<[u8; 32], SealError> {
        let params = argon2::Params::new(self.m_kib, self.t, self.p, Some(32))
            .map_err(|_| SealError::BadParameters)?;
        let argon =
            argon2::Argon2::new(argon2::Algorithm::Argon2id, argon2::Version::V0x13, params);
        let mut out = [0u8; 32];
        argon
            .hash_password_into(secret, salt, &mut out)
            .map_err(|_| SealError::BadParameters)?;
        Ok(out)
    }
}

/// The random bytes one seal needs, read by the caller from the system's generator.
#[derive(Clone, Copy, Debug)]
pub struct SealRandom {
    /// Argon2id salt.
    pub salt: [u8; 16],
    /// XChaCha20-Poly1305 nonce.
    pub xnonce: [u8; 24],
    /// The commitment nonce.
    pub nonce: [u8; 32],
}

/// A sealed move as it is stored: who sealed, the public commitment, and the encrypted point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SealedMove {
    /// The sealer (the side to move at the adjournment).
    pub by: Color,
    /// `SHA-256(nonce ‖ vertex)`.
    pub commitment: [u8; 32],
    /// How the key was derived.
    pub kdf: KdfParams,
    /// The salt of the key derivation.
    pub salt: [u8; 16],
    /// The cipher's nonce.
    pub xnonce: [u8; 24],
    /// The encrypted 34-byte plaintext with its 16-byte tag.
    pub ciphertext: Vec<u8>,
}

/// An opened seal: the move, the commitment nonce, and whether the paper slip opened it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reveal {
    /// The sealed move.
    pub mv: Move,
    /// The commitment nonce.
    pub nonce: [u8; 32],
    /// Opened from the paper slip (the PIN was not used).
    pub by_slip: bool,
}

/// Why a seal could not be made or opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SealError {
    /// The key derivation's settings are out of range.
    BadParameters,
    /// The PIN does not open this seal (or the stored seal was altered).
    WrongPin,
    /// The opened content is not a point of this board.
    Corrupt,
    /// The slip's move and nonce do not match the commitment.
    SlipMismatch,
}

impl std::fmt::Display for SealError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SealError::BadParameters => "the seal's key settings are out of range",
            SealError::WrongPin => "the arbiter PIN does not open this seal",
            SealError::Corrupt => "the sealed content is not a point of this board",
            SealError::SlipMismatch => "the slip's move and nonce do not match the commitment",
        })
    }
}

impl std::error::Error for SealError {}

/// The vertex committed to: upper-case GTP (`R13`), `PASS` for a pass.
pub fn vertex_text(mv: Move, size: u8) -> String {
    match mv {
        Move::Play(c) => c.to_gtp(size).to_ascii_uppercase(),
        Move::Pass => "PASS".to_owned(),
    }
}

/// `SHA-256(nonce ‖ vertex)`.
pub fn commitment(nonce: &[u8; 32], vertex: &str) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(nonce);
    h.update(vertex.as_bytes());
    h.finalize().into()
}

fn associated_data(by: Color, commitment: &[u8; 32]) -> Vec<u8> {
    let mut aad = b"tianyuan-seal-v1".to_vec();
    aad.push(u8::try_from(by.letter()).unwrap_or(b'?'));
    aad.extend_from_slice(commitment);
    aad
}

fn plaintext(mv: Move, nonce: &[u8; 32]) -> [u8; 34] {
    let mut p = [0u8; 34];
    let (x, y) = match mv {
        Move::Play(c) => (c.x, c.y),
        Move::Pass => (0xFF, 0xFF),
    };
    p[0] = x;
    p[1] = y;
    p[2..].copy_from_slice(nonce);
    p
}

impl SealedMove {
    /// Seals `mv` by `by` on a board of `size` under `pin`.
    pub fn seal(
        pin: &str,
        by: Color,
        mv: Move,
        size: u8,
        kdf: KdfParams,
        random: &SealRandom,
    ) -> Result<SealedMove, SealError> {
        let commitment = commitment(&random.nonce, &vertex_text(mv, size));
        let key = kdf.derive(pin.as_bytes(), &random.salt)?;
        let cipher = XChaCha20Poly1305::new((&key).into());
        let aad = associated_data(by, &commitment);
        let plain = plaintext(mv, &random.nonce);
        let ciphertext = cipher
            .encrypt(
                &XNonce::from(random.xnonce),
                Payload {
                    msg: &plain,
                    aad: &aad,
                },
            )
            .map_err(|_| SealError::BadParameters)?;
        Ok(SealedMove {
            by,
            commitment,
            kdf,
            salt: random.salt,
            xnonce: random.xnonce,
            ciphertext,
        })
    }

    /// Opens the seal with `pin` on a board of `size`.
    pub fn open(&self, pin: &str, size: u8) -> Result<Reveal, SealError> {
        let key = self.kdf.derive(pin.as_bytes(), &self.salt)?;
        let cipher = XChaCha20Poly1305::new((&key).into());
        let aad = associated_data(self.by, &self.commitment);
        let plain = cipher
            .decrypt(
                &XNonce::from(self.xnonce),
                Payload {
                    msg: &self.ciphertext,
                    aad: &aad,
                },
            )
            .map_err(|_| SealError::WrongPin)?;
        let (point, nonce) = plain.split_at_checked(2).ok_or(SealError::Corrupt)?;
        let nonce: [u8; 32] = nonce.try_into().map_err(|_| SealError::Corrupt)?;
        let mv = match (point[0], point[1]) {
            (0xFF, 0xFF) => Move::Pass,
            (x, y) if x < size && y < size => Move::Play(Coord::new(x, y)),
            _ => return Err(SealError::Corrupt),
        };
        let reveal = Reveal {
            mv,
            nonce,
            by_slip: false,
        };
        if !self.matches(&reveal, size) {
            return Err(SealError::Corrupt);
        }
        Ok(reveal)
    }

    /// Whether `reveal` (from the PIN or from the slip) matches the public commitment.
    pub fn matches(&self, reveal: &Reveal, size: u8) -> bool {
        commitment(&reveal.nonce, &vertex_text(reveal.mv, size)) == self.commitment
    }

    /// Opens the seal from the paper slip: accepted when the move and nonce match the
    /// commitment.
    pub fn open_with_slip(&self, mv: Move, nonce: [u8; 32], size: u8) -> Result<Reveal, SealError> {
        let reveal = Reveal {
            mv,
            nonce,
            by_slip: true,
        };
        if self.matches(&reveal, size) {
            Ok(reveal)
        } else {
            Err(SealError::SlipMismatch)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn random(k: u8) -> SealRandom {
        SealRandom {
            salt: [k; 16],
            xnonce: [k.wrapping_add(1); 24],
            nonce: [k.wrapping_add(2); 32],
        }
    }

    #[test]
    fn a_seal_opens_with_its_pin_only_and_hides_its_size() {
        let r13 = Move::Play(Coord::from_gtp("R13", 19).expect("vertex"));
        let s = SealedMove::seal(
            "arbiter-1",
            Color::Black,
            r13,
            19,
            KdfParams::TEST_ONLY,
            &random(1),
        )
        .expect("seal");
        let pass = SealedMove::seal(
            "arbiter-1",
            Color::Black,
            Move::Pass,
            19,
            KdfParams::TEST_ONLY,
            &random(2),
        )
        .expect("seal");
        assert_eq!(
            s.ciphertext.len(),
            pass.ciphertext.len(),
            "fixed-length plaintext"
        );
        assert_eq!(s.open("arbiter-1", 19).map(|r| r.mv), Ok(r13));
        assert_eq!(s.open("arbiter-2", 19), Err(SealError::WrongPin));
        let opened = s.open("arbiter-1", 19).expect("open");
        let expected = {
            let mut h = Sha256::new();
            h.update(opened.nonce);
            h.update(b"R13");
            let out: [u8; 32] = h.finalize().into();
            out
        };
        assert_eq!(s.commitment, expected);
    }

    #[test]
    fn the_slip_opens_only_when_it_matches() {
        let r = random(7);
        let c3 = Move::Play(Coord::from_gtp("C3", 9).expect("vertex"));
        let s = SealedMove::seal("pin-pin", Color::White, c3, 9, KdfParams::TEST_ONLY, &r)
            .expect("seal");
        assert!(s.open_with_slip(c3, r.nonce, 9).is_ok());
        let d3 = Move::Play(Coord::from_gtp("D3", 9).expect("vertex"));
        assert_eq!(
            s.open_with_slip(d3, r.nonce, 9),
            Err(SealError::SlipMismatch)
        );
        assert_eq!(
            s.open_with_slip(c3, [0; 32], 9),
            Err(SealError::SlipMismatch)
        );
    }

    #[test]
    fn a_seal_moved_to_the_other_side_does_not_open() {
        let mut s = SealedMove::seal(
            "pin-pin",
            Color::White,
            Move::Pass,
            9,
            KdfParams::TEST_ONLY,
            &random(3),
        )
        .expect("seal");
        s.by = Color::Black;
        assert_eq!(s.open("pin-pin", 9), Err(SealError::WrongPin));
    }
}
