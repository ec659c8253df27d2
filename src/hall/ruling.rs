//! Rulings the chief arbiter sends to a board, signed with the chief arbiter's ed25519 key.
//!
//! A ruling is an action of the arbiter's shorthand without its time (`loss W 25.2 "second
//! warning"`), addressed to one table and one session. The board verifies the signature with
//! the key it was given (its credentials file, or the key pinned from the desk's first
//! answer on an open server) before it shows the ruling; the board's arbiter then enters it
//! into the journal (`tianyuan hall accept`), where it travels back to the desk like every
//! other entry. Why a signature and not only the server's permissions: the server is run by
//! whoever runs the hall's network, the key stays on the chief arbiter's machine.

use ed25519_dalek::{Signature as EdSignature, Signer, SigningKey, Verifier, VerifyingKey};
use serde::{Deserialize, Serialize};

use crate::seal::hex;

/// The domain separation of the signed bytes (a signature on anything else never verifies).
const DOMAIN: &str = "tianyuan-hall-ruling-v1";

/// One ruling as it travels and as the board keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignedRuling {
    /// The desk's identifier of the ruling (`R` and digits), unique within the event.
    pub id: String,
    /// The event.
    pub event: String,
    /// The table.
    pub table: u32,
    /// The session it applies to.
    pub session: String,
    /// The action in the arbiter's shorthand, without the time.
    pub act: String,
    /// When the chief arbiter made it (UTC, the journal's form).
    pub issued: String,
    /// The signature over the fields above (hex, 64 bytes).
    pub sig: String,
}

/// Why a ruling is not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulingError {
    /// The signature is malformed or does not verify with the chief arbiter's key.
    BadSignature,
    /// The ruling is for another event, table or session.
    NotForUs(String),
}

impl std::fmt::Display for RulingError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RulingError::BadSignature => {
                f.write_str("its signature is not the chief arbiter's: refused")
            }
            RulingError::NotForUs(why) => write!(f, "it is for {why}: refused"),
        }
    }
}

/// The exact bytes signed: each field on its own line after the domain.
fn signed_bytes(r: &SignedRuling) -> Vec<u8> {
    format!(
        "{DOMAIN}\n{}\n{}\n{}\n{}\n{}\n{}",
        r.id, r.event, r.table, r.session, r.issued, r.act
    )
    .into_bytes()
}

/// The chief arbiter's signing key.
#[derive(Clone)]
pub struct ChiefKey(SigningKey);

impl std::fmt::Debug for ChiefKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ChiefKey({})", self.public_hex())
    }
}

impl ChiefKey {
    /// The key from its 32-byte seed (from the OS's random generator, or the key file).
    pub fn from_seed(seed: [u8; 32]) -> ChiefKey {
        ChiefKey(SigningKey::from_bytes(&seed))
    }

    /// The seed, to store in the key file.
    pub fn seed_hex(&self) -> String {
        hex::encode(&self.0.to_bytes())
    }

    /// The key from the key file's text (64 hex digits).
    pub fn from_hex(text: &str) -> Option<ChiefKey> {
        hex::decode_array::<32>(text.trim()).map(ChiefKey::from_seed)
    }

    /// The public key the boards verify with (hex).
    pub fn public_hex(&self) -> String {
        hex::encode(self.0.verifying_key().as_bytes())
    }

    /// Signs a ruling: fills in its signature.
    pub fn sign(&self, mut ruling: SignedRuling) -> SignedRuling {
        let sig = self.0.sign(&signed_bytes(&ruling));
        ruling.sig = hex::encode(&sig.to_bytes());
        ruling
    }
}

/// The public key a board verifies rulings with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChiefPublicKey(VerifyingKey);

impl ChiefPublicKey {
    /// The key from hex, if it is a valid ed25519 public key.
    pub fn from_hex(text: &str) -> Option<ChiefPublicKey> {
        let bytes = hex::decode_array::<32>(text.trim())?;
        VerifyingKey::from_bytes(&bytes).ok().map(ChiefPublicKey)
    }

    /// Hex.
    pub fn to_hex(&self) -> String {
        hex::encode(self.0.as_bytes())
    }

    /// Checks the signature, then that the ruling is for this event, table and session.
    pub fn verify(
        &self,
        ruling: &SignedRuling,
        event: &str,
        table: u32,
        session: &str,
    ) -> Result<(), RulingError> {
        let sig = hex::decode_array::<64>(&ruling.sig).ok_or(RulingError::BadSignature)?;
        self.0
            .verify(&signed_bytes(ruling), &EdSignature::from_bytes(&sig))
            .map_err(|_| RulingError::BadSignature)?;
        if ruling.event != event {
            return Err(RulingError::NotForUs(format!("event {}", ruling.event)));
        }
        if ruling.table != table {
            return Err(RulingError::NotForUs(format!("table {}", ruling.table)));
        }
        if ruling.session != session {
            return Err(RulingError::NotForUs(format!("session {}", ruling.session)));
        }
        Ok(())
    }
}

/// The note an accepted ruling carries in the board's journal, by which the desk and the
/// board recognise it: `[desk R12-…]`.
pub fn acceptance_mark(id: &str) -> String {
    format!("[desk {id}]")
}

/// The entry of `session` that entered ruling `id`, if one did (its note carries the mark).
pub fn entered_as(session: &crate::session::Session, id: &str) -> Option<u32> {
    let mark = acceptance_mark(id);
    session
        .log()
        .iter()
        .find(|e| e.note.as_deref().is_some_and(|n| n.contains(&mark)))
        .map(|e| e.n)
}

/// The signature state of a ruling as a board received it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Signature {
    /// Verified with the event's desk key (from the credentials or `--desk-key`).
    Verified,
    /// The board has no desk key (an open server without `--desk-key`): it cannot be entered.
    NoKey,
    /// It does not verify with the desk key, or is for another board: refused.
    Bad,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ruling() -> SignedRuling {
        SignedRuling {
            id: "R1".into(),
            event: "cup".into(),
            table: 7,
            session: "00ff00ff00ff00ff".into(),
            act: "loss W 25.2 \"second warning\"".into(),
            issued: "2026-11-30T12:00:00.000Z".into(),
            sig: String::new(),
        }
    }

    /// One way to tamper with a signed ruling, named by the field it changes.
    type Tamper = (&'static str, fn(&mut SignedRuling));

    #[test]
    fn a_signed_ruling_verifies_only_unchanged_and_for_its_board() {
        let key = ChiefKey::from_seed([7; 32]);
        let public = ChiefPublicKey::from_hex(&key.public_hex()).unwrap();
        let signed = key.sign(ruling());
        assert_eq!(public.verify(&signed, "cup", 7, "00ff00ff00ff00ff"), Ok(()));
        let cases: [Tamper; 5] = [
            ("act", |r| r.act = "loss B 25.2".into()),
            ("table", |r| r.table = 8),
            ("id", |r| r.id = "R2".into()),
            ("issued", |r| r.issued.push('1')),
            ("sig", |r| r.sig.replace_range(0..2, "00")),
        ];
        for (what, change) in cases {
            let mut r = signed.clone();
            change(&mut r);
            assert_eq!(
                public.verify(&r, "cup", r.table, "00ff00ff00ff00ff"),
                Err(RulingError::BadSignature),
                "{what}"
            );
        }
        assert!(matches!(
            public.verify(&signed, "cup", 8, "00ff00ff00ff00ff"),
            Err(RulingError::NotForUs(_))
        ));
        let other = ChiefPublicKey::from_hex(&ChiefKey::from_seed([8; 32]).public_hex()).unwrap();
        assert_eq!(
            other.verify(&signed, "cup", 7, "00ff00ff00ff00ff"),
            Err(RulingError::BadSignature)
        );
    }

    #[test]
    fn keys_round_trip_through_hex() {
        let key = ChiefKey::from_seed([3; 32]);
        let again = ChiefKey::from_hex(&key.seed_hex()).unwrap();
        assert_eq!(again.public_hex(), key.public_hex());
        assert!(ChiefKey::from_hex("zz").is_none());
        assert!(ChiefPublicKey::from_hex("00").is_none());
    }
}
