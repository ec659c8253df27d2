//! What teaching mode remembers between runs: the teacher's choices, the handicap ladders and
//! the teacher's PIN verifier. One `#[serde(default)]` struct inside the app's settings, so an
//! older settings file reads it as the defaults.

use serde::{Deserialize, Serialize};

/// The game the children play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameKind {
    /// The capture game (吃子棋): first to capture the target wins.
    #[default]
    Capture,
    /// Ordinary Go, counted by area.
    Go,
}

/// Who plays against the child.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum OpponentKind {
    /// Two children at one board (or a child and the teacher).
    Person,
    /// Our own computer player at the teacher's level.
    #[default]
    Computer,
    /// Our own computer player on the handicap ladder (level and stones move after each game).
    Ladder,
    /// An engine over GTP (GNU Go with a level, or any command line); ordinary Go only.
    Engine,
}

pub use crate::app::protocol::StoredPin;

/// A rung of a handicap ladder, as saved: the computer's level 1–5 and the stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedRung {
    /// The computer's level, 1–5.
    pub level: u8,
    /// Stones for the child (positive) or the computer (negative).
    pub handicap: i8,
}

impl Default for SavedRung {
    /// Level 1, the child moving first (capture game) or taking Black without komi (Go).
    fn default() -> SavedRung {
        SavedRung {
            level: 1,
            handicap: 1,
        }
    }
}

/// Teaching mode's saved preferences.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct TeachPrefs {
    /// Board size: 9, 13 or 19.
    pub size: u8,
    /// Capture game or Go.
    pub kind: GameKind,
    /// Stones to capture to win the capture game (1, 3, 5 or any from 1).
    pub target: u32,
    /// The capture game's start: `empty` or `crosscut` ([`crate::teach::capture::StartPosition`]).
    pub start: String,
    /// Handicap stones for Black (without the ladder).
    pub handicap: u8,
    /// Who plays the child.
    pub opponent: OpponentKind,
    /// The computer's level, 1–5 (without the ladder).
    pub level: u8,
    /// The child plays Black (`true`) or White against the computer (without the ladder).
    pub child_black: bool,
    /// The engine's command line: `gnugo` for Debian's GNU Go, or any command.
    pub engine: String,
    /// GNU Go's level, 0–10.
    pub engine_level: u8,
    /// Show each chain's liberty count.
    pub show_liberties: bool,
    /// Highlight chains in atari.
    pub show_atari: bool,
    /// On hover, show what the move would capture.
    pub show_preview: bool,
    /// Highlight the last capture.
    pub show_last_capture: bool,
    /// Stone and capture sounds.
    pub sounds: bool,
    /// Bigger buttons and text (tablets, projectors).
    pub large_controls: bool,
    /// The capture game's ladder.
    pub capture_ladder: SavedRung,
    /// Ordinary Go's ladder.
    pub go_ladder: SavedRung,
    /// The teacher's PIN, if one is set.
    pub teacher_pin: Option<StoredPin>,
    /// Games started so far: each game's computer seed comes from it, so no two games repeat
    /// and a test replays exactly.
    pub games_played: u64,
}

impl Default for TeachPrefs {
    fn default() -> TeachPrefs {
        TeachPrefs {
            size: 9,
            kind: GameKind::Capture,
            target: 1,
            start: "empty".into(),
            handicap: 0,
            opponent: OpponentKind::Computer,
            level: 1,
            child_black: true,
            engine: "gnugo".into(),
            engine_level: 1,
            show_liberties: true,
            show_atari: true,
            show_preview: true,
            show_last_capture: true,
            sounds: true,
            large_controls: false,
            capture_ladder: SavedRung::default(),
            go_ladder: SavedRung::default(),
            teacher_pin: None,
            games_played: 0,
        }
    }
}
