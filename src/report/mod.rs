//! What a finished (or adjourned, or running) arbiter session gives the chief arbiter and the
//! record keepers: the game report (printable HTML and plain text) and the game as SGF.
//!
//! Pure: both are built from the folded [`Session`] and the journal as read (for each entry's
//! wall-clock time and the head hash that ties the paper to the file). The sealed move's point
//! never appears before it is opened: only its commitment is printed.

mod report_text;
mod sgf_export;

pub use report_text::Report;
pub use sgf_export::session_sgf;
