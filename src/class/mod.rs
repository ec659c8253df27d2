//! A class of children (issue 20): each child's own profile, problems that adapt and come
//! back, homework cut from the children's games, and the sheets and reports a teacher prints.
//!
//! Pure: no files, no clock, no window. The command line (`tianyuan class …`) and the window
//! read and write the class file through [`crate::files::class_file`]; every act takes its
//! time from the caller.
//!
//! - [`model`]: [`Class`], [`Child`] and what is kept per child (games, attempts, the
//!   ladders, the step, the rating, the schedule);
//! - [`format`]: the class file's bytes, versioned (`docs/class-format.md`);
//! - [`path`]: the path of a beginner, step by step, as data;
//! - [`rating`]: Glicko-2 for children and problems on one scale;
//! - [`schedule`]: the pinned repetition schedule (1, 3, 7, 21 days, then retired);
//! - [`next`]: which problems a child gets next (due, homework, new ones near their rating,
//!   the rest of the path; a problem missed again and again rests);
//! - [`zone`]: the class's time zone (a date alone is the class's midnight);
//! - [`library`]: the problems by identifier, and judging an answer;
//! - [`homework`]: the moments of a child's game that cost most, as draft problems;
//! - [`sheets`] and [`report`]: printable problem sheets and the parents' monthly report
//!   (HTML with inline SVG).
//!
//! What the window (the child's tiles, the map, the problem board in teaching mode) reads and
//! does: the tiles are [`Class::children`] with [`Avatar::picture`]; the map is [`STEPS`] with
//! [`Child::step`] and [`Child::step_progress`]; the next problem is
//! [`Class::next_problems`] over [`Library::for_class`]; the board plays a
//! [`crate::problems::Attempt`] (refutations from the tree, [`crate::problems::Attempt::hint_area`]
//! for the soft hint); the answer is recorded with [`Class::record_attempt`], a game with
//! [`Class::record_game`], both through [`crate::files::class_file::update`]; the ladder's
//! sentence is [`LadderState::explain`].

pub mod avatar;
pub mod format;
pub mod homework;
pub mod library;
pub mod model;
pub mod next;
pub mod path;
pub mod rating;
pub mod report;
pub mod schedule;
pub mod sheets;
mod svg;
pub mod when;
pub mod zone;

pub use library::{Library, judge};
pub use model::{
    Audience, Avatar, Child, Class, ClassError, ClassProblem, GameEntry, GameResult, LadderState,
    Time,
};
pub use path::{GameKind, STEPS, Step};
pub use rating::Rating;
