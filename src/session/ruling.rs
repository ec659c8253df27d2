//! The arbiter's rulings as the log shows them: what kind, which article, whose, when.

use crate::clock::Timestamp;
use crate::rules::{Color, Coord};

pub use super::catalogue::RulingKind;

/// One ruling in the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruling {
    /// The entry's number.
    pub n: u32,
    /// When.
    pub at: Timestamp,
    /// What kind (its row of the catalogue).
    pub kind: RulingKind,
    /// The article: as the arbiter gave it, or the action's usual one.
    pub article: String,
    /// The side it concerns, if one.
    pub side: Option<Color>,
    /// The point it concerns: a void move's (or a sealed move's that became a pass, Art. 22).
    pub point: Option<Coord>,
    /// The reason, the outcome, or the referral's text.
    pub note: Option<String>,
    /// A later revocation took it back: it no longer counts.
    pub revoked: bool,
}
