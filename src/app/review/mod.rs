//! The review panel (issue 5, item 3): navigation with buttons and keys, the variation tree,
//! setup stones, markup tools, annotations, the comment editor, and opening and saving SGF
//! off the UI thread, with drag and drop and a recent files list.
//!
//! The model is [`crate::review::Review`] (pure); this module only draws it and turns input into
//! [`ReviewCommand`]s. The app's board painter draws [`ReviewPanel::scene`]'s stones and calls
//! [`paint_marks`] for the markup; board clicks go to [`ReviewPanel::board_click`].

mod board;
mod command;
mod marks_painter;
mod panel;
mod recent;
mod tree_ui;

pub use board::review_board_ui;
pub use command::{Nav, ReviewCommand, Tool};
pub use marks_painter::paint_marks;
pub use panel::{ReviewPanel, error_text};
pub use recent::RecentFiles;
