//! The class in teaching mode (issue 20 items 1–3 and 6, the window's part): a club teacher's
//! class of children on a shared PC or tablet. Each child picks themself from big tiles at
//! the start of a turn, sees their map of the beginner's path, plays their step's game on
//! their own handicap ladder (the teaching board, `crate::app::teach`) and solves problems
//! chosen for them — near their rating, the due ones first — on a board with large controls,
//! where a wrong move is answered on the board and a hint shows an area. Everything is kept
//! per child in the class file (`crate::class`, `crate::files::class_file`), through jobs the
//! effects runner carries out; the teacher's acts (the class list, deleting, export, import,
//! the PIN, moving a child along or back) wait for the class's PIN, checked on the runner.
//!
//! [`state`] holds everything with no egui; [`problem`] a child at one problem; [`view`] the
//! screens; [`text`] their words in three languages.

pub mod problem;
pub mod state;
pub mod text;
pub mod view;

pub use state::{ClassCommand, ClassOut, ClassRoom, Screen, WallAnchor};
