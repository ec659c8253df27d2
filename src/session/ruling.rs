//! The arbiter's rulings as the log shows them: what kind, which article, whose, when.

use crate::clock::Timestamp;
use crate::rules::Color;

/// The kind of a ruling, as `session show --json` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RulingKind {
    /// A warning (警告).
    Warn,
    /// An admonition (劝告).
    Admonish,
    /// A move voided as one pass.
    Void,
    /// A late arrival.
    Late,
    /// A position edit (moved stones accepted).
    Edit,
    /// A ruled loss.
    Loss,
    /// A ruled draw.
    Draw,
    /// A replay ordered.
    Replay,
    /// Both lose.
    BothLose,
    /// A forfeit.
    Forfeit,
    /// A clock correction.
    Correct,
    /// The approved absence.
    Absence,
    /// A revocation of an earlier entry.
    Revoke,
    /// Any other ruling, a referral to the chief arbiter, the decision on a restart's gap.
    Other,
}

impl RulingKind {
    /// The machine name.
    pub fn name(self) -> &'static str {
        match self {
            RulingKind::Warn => "warn",
            RulingKind::Admonish => "admonish",
            RulingKind::Void => "void",
            RulingKind::Late => "late",
            RulingKind::Edit => "edit",
            RulingKind::Loss => "loss",
            RulingKind::Draw => "draw",
            RulingKind::Replay => "replay",
            RulingKind::BothLose => "bothlose",
            RulingKind::Forfeit => "forfeit",
            RulingKind::Correct => "correct",
            RulingKind::Absence => "absence",
            RulingKind::Revoke => "revoke",
            RulingKind::Other => "other",
        }
    }
}

/// One ruling in the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruling {
    /// The entry's number.
    pub n: u32,
    /// When.
    pub at: Timestamp,
    /// What kind.
    pub kind: RulingKind,
    /// The article: as the arbiter gave it, or the action's usual one.
    pub article: String,
    /// The side it concerns, if one.
    pub side: Option<Color>,
    /// The reason, the outcome, or the referral's text.
    pub note: Option<String>,
    /// A later revocation took it back: it no longer counts.
    pub revoked: bool,
}
