//! The one edge module that touches the file system for documents: atomic replacement, bounded
//! reads, the file jobs that run off the UI thread, and the session journal's writer.
//!
//! Why one module: a referee's ruling and a reviewer's afternoon of comments must never be lost
//! to a half-written file, and that promise is only as good as the one place that keeps it. The
//! pure core (`rules`, `clock`, `session`, `record`, `tournament` …) never reads or writes a
//! file; the command line, the GTP engine and the app all go through here.
//!
//! - [`atomic`]: write to a temporary file beside the target, `fsync`, rename, `fsync` the folder;
//!   [`atomic::write_new`] refuses to replace an existing file; [`atomic::read_bounded`] reads
//!   only regular files up to a size bound.
//! - [`jobs`]: the bodies of file jobs (a bounded read, an atomic write, a write that never
//!   replaces) and their [`jobs::FileEvent`]s; the window's effects runner runs them on its
//!   threads.
//! - [`dialogs`]: the native Open/Save dialogs (rfd), and whether any can be shown here.

pub mod atomic;
pub mod class_file;
pub mod dialogs;
pub mod jobs;
pub mod journal;
pub mod journal_writer;

pub use atomic::{read_bounded, write_atomically, write_new};
