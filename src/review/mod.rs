//! Reviewing a game record: a cursor on the record's game tree, the position at the cursor,
//! navigation, and edits (moves as variations, deletion, promotion, setup stones, comments,
//! markup, annotations) that go straight into the tree, so saving writes them as SGF.
//!
//! Pure: no GUI and no files. The app's review panel ([`crate::app`]) turns clicks and keys
//! into calls on [`Review`] and draws [`Review::scene`]; the same scene prints as a diagram.
//! Every edit returns a `Result` or a flag and leaves the review unchanged when refused, and
//! every edit can be undone and redone ([`Review::undo`], [`Review::redo`]): the history keeps
//! the nodes an edit touched, before and after, per game of the file.
//!
//! Linear in the record: navigation keeps one position and takes moves back with the rules
//! core's undo, so opening and walking a record of N moves costs time proportional to N.

mod annotation;
mod edit;
mod error;
mod history;
mod info;
pub mod markup;
mod model;
mod shape;
mod step;
#[cfg(test)]
mod tests;
mod tree_view;
mod undo;

pub use annotation::{MoveAnnotation, PositionAnnotation};
pub use error::ReviewError;
pub use history::{EditKind, Removed};
pub use info::{InfoError, InfoField};
pub use model::Review;
pub use step::{Applied, apply_node, apply_node_traced, node_move};
pub use tree_view::{TreeCell, tree_cells};
