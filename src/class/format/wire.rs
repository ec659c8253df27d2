//! The class file's members exactly as written (version 2, `docs/class-format.md`): the
//! boundary types between the bytes and the model. Every struct refuses a member it does not
//! have (`deny_unknown_fields`) and requires every member it has: a damaged name is an error
//! that names it, never a member silently left at a default. A member that may be empty is
//! written empty (`[]`, `{}`, `""`, `null`), never left out.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize};

/// An `Option` member that must be present (as `null` when there is nothing): serde would
/// otherwise read a missing `Option` as `None`.
fn required<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(d)
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FileW {
    pub format: String,
    pub version: u32,
    pub name: String,
    pub teacher: String,
    pub created: String,
    pub time_zone: String,
    #[serde(deserialize_with = "required")]
    pub pin: Option<PinW>,
    pub most_captures_moves: u32,
    pub children: Vec<ChildW>,
    pub problem_ratings: BTreeMap<String, RatingW>,
    pub problems: Vec<ProblemW>,
    pub checksum: String,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PinW {
    pub salt: String,
    pub kdf: KdfW,
    pub check: String,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct KdfW {
    pub m_kib: u32,
    pub t: u32,
    pub p: u32,
}

#[derive(Serialize, Deserialize, Clone, Copy)]
#[serde(deny_unknown_fields)]
pub(super) struct RatingW {
    pub rating: f64,
    pub rd: f64,
    pub volatility: f64,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct LadderW {
    pub level: u8,
    pub handicap: i8,
    pub max_stones: u8,
    pub level_steps: bool,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ChildW {
    pub nick: String,
    pub avatar: String,
    pub note: String,
    pub joined: String,
    pub step: u8,
    pub steps: Vec<StepW>,
    pub capture_ladder: LadderW,
    pub go_ladder: LadderW,
    pub rating: RatingW,
    pub games: Vec<GameW>,
    pub attempts: Vec<AttemptW>,
    pub schedule: BTreeMap<String, SlotW>,
    pub assigned: Vec<String>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct StepW {
    pub at: String,
    pub from: u8,
    pub to: u8,
    pub reason: String,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct GameW {
    pub at: String,
    pub kind: String,
    pub opponent: String,
    #[serde(deserialize_with = "required")]
    pub computer_level: Option<u8>,
    pub handicap: i8,
    pub color: String,
    pub result: String,
    pub sgf: String,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct AttemptW {
    pub at: String,
    pub problem: String,
    pub answer: Vec<String>,
    pub right: bool,
    pub hints: u32,
    #[serde(deserialize_with = "required")]
    pub seconds: Option<u32>,
    pub rating_after: f64,
}

/// A problem's place in a child's schedule: `{"days", "due"}` while it comes back,
/// `{"retired"}` once retired (which shape is checked when the slot is read).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SlotW {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub due: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retired: Option<String>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ProblemW {
    pub id: String,
    pub sgf: String,
    pub child: String,
    pub move_number: u32,
    pub reason: String,
    pub created: String,
    pub approved: bool,
    pub for_class: bool,
    pub discarded: bool,
}
