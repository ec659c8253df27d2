//! The problems window (issue 11 item 6): a child solves problems from the shipped set or an
//! SGF file — a wrong move gets the tree's refutation on the board and "try again", a right
//! one gets the reply and goes on, progress is shown — and a teacher writes problems (places
//! stones, plays the right and wrong lines, marks them) and saves them as SGF.
//!
//! [`ProblemsState`] applies [`ProblemCommand`]s with no egui (the pure cores are
//! [`crate::problems`]) and asks for file jobs, which the host hands to the effects runner
//! (atomic writes, off the UI thread); [`view`] draws it and returns commands. A problem of a
//! collection is edited inside it, and saved with all the others.

pub mod state;
pub mod view;

pub use state::{DraftOrigin, EditTool, EditorInputs, Mode, ProblemCommand, ProblemsState, Source};
