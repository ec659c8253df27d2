//! Reviewing a game record: a cursor on the record's game tree, the position at the cursor,
//! navigation, and edits (moves as variations, deletion, promotion, setup stones, comments,
//! markup, annotations) that go straight into the tree, so saving writes them as SGF.
//!
//! Pure: no GUI and no files. The app's review panel ([`crate::app`]) turns clicks and keys
//! into calls on [`Review`] and draws [`Review::scene`]; the same scene prints as a diagram.
//! Every edit returns a `Result` or a flag and leaves the review unchanged when refused.

mod annotation;
mod edit;
mod error;
pub mod markup;
mod model;
mod step;
mod tree_view;

pub use annotation::{MoveAnnotation, PositionAnnotation};
pub use error::ReviewError;
pub use model::Review;
pub use step::{apply_node, node_move};
pub use tree_view::{TreeCell, tree_cells};
