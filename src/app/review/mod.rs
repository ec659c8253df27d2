//! The review tab (issue 5, item 3; issue 10, items 1, 3, 4, 8): navigation with buttons,
//! keys and the wheel, the variation tree as a graph, setup stones, markup tools,
//! annotations, the comment editor, the game information, undo and redo of every edit, and
//! opening, saving and exporting off the UI thread, with drag and drop and a recent files list.
//!
//! The model is [`crate::review::Review`] (pure). [`ReviewState`] is the tab's state without
//! egui: it applies [`ReviewCommand`]s, asks for file jobs (the host hands them to the effects
//! runner and their answers back) and asks its own questions (deletions, replacing a file);
//! unsaved edits and paths where no dialog shows are the host's one question each. [`ReviewPanel`] draws it in small views
//! (`*_view.rs`, `tree_ui.rs`) that only read and return commands. The app's board painter
//! draws [`ReviewPanel::scene`]'s stones and calls [`paint_marks`] for the markup; board
//! clicks go to [`ReviewPanel::board_click`].

mod board;
pub mod command;
mod comment_view;
mod files_view;
mod info_view;
mod marks_painter;
mod nav_view;
mod notice_view;
mod panel;
mod prompt_view;
mod recent;
pub mod shortcuts;
pub mod state;
mod texts;
mod tools_view;
mod tree_ui;

pub use board::{review_board_ui, review_board_with_ui};
pub use command::{Answer, Nav, Pending, ReviewCommand, Tool};
pub use marks_painter::paint_marks;
pub use panel::{ReviewForm, ReviewPanel, TREE_MIN_HEIGHT, WHEEL_STEP, error_text, is_typing};
pub use recent::RecentFiles;
pub use state::{Notice, NoticeKind, Prompt, ReviewState, Typing, record_name};
pub use texts::{edit_text, removed_text};
