//! What the app remembers between runs, and nothing else (STYLE.md §4).
//!
//! Saved through eframe's storage (RON under the platform's data folder) as one
//! `#[serde(default)]` struct: a field added later reads as its default from an older file,
//! and a damaged entry falls back to the defaults rather than failing the start.

use crate::geometry::LabelStyle;
use crate::i18n::Lang;
use serde::{Deserialize, Serialize};

/// The longest unlock of the arbiter's lock the settings allow, in seconds.
pub const MAX_UNLOCK_SECONDS: u32 = 300;

/// The arbiter's lock's default unlock, in seconds.
pub const DEFAULT_UNLOCK_SECONDS: u32 = 60;

/// The storage key of the settings.
pub const STORAGE_KEY: &str = "tianyuan-settings";

/// The ko rule chosen in the new-game dialog, as saved (the rules type has no serde).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum SavedKoRule {
    /// Positional superko (the Chinese rules, Art. 6).
    #[default]
    Positional,
    /// Situational superko.
    Situational,
    /// Simple ko only.
    Simple,
}

/// The user's preferences.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// The language chosen in the menu; `None` follows the system locale.
    pub lang: Option<Lang>,
    /// Draw the coordinate labels in the margin.
    pub show_coordinates: bool,
    /// Letters and numbers, or numbers only.
    pub label_style: LabelStyle,
    /// Number the stones with their move numbers.
    pub show_move_numbers: bool,
    /// Mark the last move.
    pub show_last_move: bool,
    /// Placing a stone also presses the clock.
    pub placing_presses_clock: bool,
    /// Draw the board at its real size (2.3 cm cells).
    pub real_size: bool,
    /// Screen points per centimetre for the real-size mode, as calibrated by the user.
    pub points_per_cm: f32,
    /// The user's calibration wins over the size the display server reports.
    pub points_per_cm_manual: bool,
    /// Voice volume, 0–1.
    pub volume: f32,
    /// Voice muted.
    pub muted: bool,
    /// New-game defaults: board size.
    pub new_size: u8,
    /// New-game defaults: komi in quarter-stones (15 = 3¾ stones = 7.5 points).
    pub new_komi_quarters: i32,
    /// New-game defaults: ko rule.
    pub new_ko: SavedKoRule,
    /// New-game defaults: the clock's SPEC string, empty for no clock.
    pub new_time_control: String,
    /// Recently opened files, most recent first.
    pub recent_files: Vec<String>,
    /// Teaching mode's choices, ladders and the teacher's PIN verifier.
    pub teach: crate::app::teach::prefs::TeachPrefs,
    /// The review engine: GNU Go's level.
    pub review_engine_level: u8,
    /// The review engine: another GTP engine's command line, used when
    /// `review_engine_use_command`.
    pub review_engine_command: String,
    /// The review engine is the command line rather than GNU Go.
    pub review_engine_use_command: bool,
    /// Teaching mode was on when the app ended: it comes back at the next start (so closing
    /// the window never gets round the teacher's PIN).
    pub teaching_on: bool,
    /// How long the arbiter's lock stays open after the PIN, in seconds (0–300).
    pub unlock_seconds: u32,
    /// The hall at this table (issue 18 item 6): server, event, table, join code or
    /// credentials file, desk key, and whether the table is linked (it links again at start).
    pub hall: crate::hall::link::HallSetting,
    /// The class open in teaching mode (issue 20): it opens again at the next start.
    pub class_file: Option<String>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            lang: None,
            show_coordinates: true,
            label_style: LabelStyle::LettersAndNumbers,
            show_move_numbers: false,
            show_last_move: true,
            placing_presses_clock: true,
            real_size: false,
            // 96 logical dpi.
            points_per_cm: 96.0 / 2.54,
            points_per_cm_manual: false,
            volume: 0.8,
            muted: false,
            new_size: 19,
            new_komi_quarters: 15,
            new_ko: SavedKoRule::Positional,
            new_time_control: String::new(),
            recent_files: Vec::new(),
            teach: crate::app::teach::prefs::TeachPrefs::default(),
            review_engine_level: 5,
            review_engine_command: String::new(),
            review_engine_use_command: false,
            teaching_on: false,
            unlock_seconds: DEFAULT_UNLOCK_SECONDS,
            hall: Default::default(),
            class_file: None,
        }
    }
}

impl Settings {
    /// Reads the settings from their RON text; anything unreadable gives the defaults.
    pub fn from_ron(text: &str) -> Settings {
        ron::from_str(text).unwrap_or_default()
    }

    /// The settings as RON text.
    pub fn to_ron(&self) -> String {
        ron::to_string(self).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_and_survive_damage() {
        let s = Settings {
            lang: Some(Lang::ZhHant),
            new_size: 13,
            show_move_numbers: true,
            ..Settings::default()
        };
        assert_eq!(Settings::from_ron(&s.to_ron()), s);
        assert_eq!(Settings::from_ron("not ron at all"), Settings::default());
        // An older file without newer fields reads them as defaults.
        let old = Settings::from_ron("(show_coordinates: false)");
        assert!(!old.show_coordinates);
        assert_eq!(old.new_size, 19);
    }
}
