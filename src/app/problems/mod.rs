//! The problems window (issue 11 item 6): a child solves problems from the shipped set or an
//! SGF file — a wrong move gets the tree's refutation on the board and "try again", a right
//! one gets the reply and goes on, progress is shown — and a teacher writes problems (places
//! stones, plays the right and wrong lines, marks them) and saves them as SGF.
//!
//! [`ProblemsState`] applies [`ProblemCommand`]s with no egui (the pure cores are
//! [`crate::problems`]); [`view`] draws it and returns commands. Files go through
//! [`crate::files::jobs::FileJobs`] (atomic writes, worker threads).

mod state;
pub mod view;

pub use state::{EditTool, EditorInputs, Mode, ProblemCommand, ProblemsState, Source};
