//! Teaching mode (issue 11): a child at the board, with the teacher nearby. Not an arbiter
//! session: no journal, no rulings, no clock; take-back undoes. The window becomes the
//! teaching board — the capture game or small-board Go, against another child, our own
//! computer player (a level, or the handicap ladder) or an engine over GTP — with liberty
//! counts, ataris, the hover preview, the last capture, refused moves explained, sounds and a
//! celebration. The teacher's options and leaving the mode are behind the teacher's PIN.
//!
//! [`state`] holds everything with no egui (tested by unit tests); the views are thin.

pub mod board_view;
pub mod celebration;
pub mod computer;
pub mod mode;
pub mod panel;
pub mod prefs;
pub mod state;
pub mod teacher_pin;
pub mod window;

pub use mode::TeachMode;
pub use prefs::TeachPrefs;
pub use state::{TeachCommand, TeachEffects, TeachState};
pub use window::TeachForm;

#[cfg(test)]
mod state_tests;
