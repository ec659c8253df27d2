//! File jobs' bodies and answers: a read, an atomic write, a write that never replaces, each
//! reporting one [`FileEvent`]. The window's one executor of file jobs is the effects runner
//! ([`crate::app::effects::Runner`]), which runs these on its threads (never the thread that
//! draws) and hands the events to the host.

use std::path::PathBuf;

/// The largest file the app reads as a document (an SGF record): far above any real record,
/// far below what would stall the machine.
pub const MAX_DOCUMENT_BYTES: u64 = 64 * 1024 * 1024;

/// What a finished file job reports.
#[derive(Debug)]
pub enum FileEvent {
    /// A file was read: its path and bytes.
    Opened(PathBuf, Vec<u8>),
    /// The document was written.
    Saved(PathBuf),
    /// An export (a diagram, a printable record, a report) was written.
    Exported(PathBuf),
    /// A write that must not replace a file found one there (its path); nothing was written.
    AlreadyExists(PathBuf),
    /// The dialog was cancelled.
    Cancelled,
    /// Reading or writing failed (path and the system's reason).
    Failed(PathBuf, String),
}

/// Reads `path` as a document (at most [`MAX_DOCUMENT_BYTES`]).
pub fn read(path: PathBuf) -> FileEvent {
    match super::read_bounded(&path, MAX_DOCUMENT_BYTES) {
        Ok(bytes) => FileEvent::Opened(path, bytes),
        Err(e) => FileEvent::Failed(path, e.to_string()),
    }
}

/// Writes `bytes` to `path` atomically.
pub fn write(path: PathBuf, bytes: &[u8]) -> FileEvent {
    match super::write_atomically(&path, bytes) {
        Ok(()) => FileEvent::Saved(path),
        Err(e) => FileEvent::Failed(path, e.to_string()),
    }
}

/// Writes `bytes` to `path` only if no file is there yet.
pub fn write_new(path: PathBuf, bytes: &[u8]) -> FileEvent {
    match super::write_new(&path, bytes) {
        Ok(()) => FileEvent::Saved(path),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => FileEvent::AlreadyExists(path),
        Err(e) => FileEvent::Failed(path, e.to_string()),
    }
}

/// A save reported as an export.
pub fn exported(event: FileEvent) -> FileEvent {
    match event {
        FileEvent::Saved(p) => FileEvent::Exported(p),
        other => other,
    }
}
