//! File jobs off the UI thread: each job (a dialog, a read, an atomic write) runs on a worker
//! thread and reports one [`FileEvent`] through a channel; the worker then calls the waker so
//! the window repaints at once with the result (the app never polls on a timer).

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};

use super::dialogs::{self, Filter};

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

pub use crate::wake::Waker;

/// Runs file jobs on worker threads.
pub struct FileJobs {
    sender: Sender<FileEvent>,
    receiver: Receiver<FileEvent>,
    running: usize,
}

impl std::fmt::Debug for FileJobs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FileJobs")
            .field("running", &self.running)
            .finish()
    }
}

impl Default for FileJobs {
    fn default() -> FileJobs {
        let (sender, receiver) = channel();
        FileJobs {
            sender,
            receiver,
            running: 0,
        }
    }
}

impl FileJobs {
    /// Whether a job is still running (the panel shows a busy state).
    pub fn busy(&self) -> bool {
        self.running > 0
    }

    /// Runs `job` on a worker thread; its event arrives through [`FileJobs::poll`].
    pub fn spawn(&mut self, wake: &Waker, job: impl FnOnce() -> FileEvent + Send + 'static) {
        let sender = self.sender.clone();
        let wake = Arc::clone(wake);
        self.running += 1;
        let spawned = std::thread::Builder::new()
            .name("tianyuan-file".into())
            .spawn(move || {
                let _ = sender.send(job());
                wake();
            });
        if let Err(e) = spawned {
            self.running -= 1;
            let _ = self
                .sender
                .send(FileEvent::Failed(PathBuf::new(), e.to_string()));
        }
    }

    /// Asks for a file of kind `filter` and reads it.
    pub fn open_dialog(&mut self, wake: &Waker, title: String, filter: Filter) {
        self.spawn(wake, move || match dialogs::pick_open(&title, filter) {
            Some(path) => read(path),
            None => FileEvent::Cancelled,
        });
    }

    /// Reads `path` (a regular file of at most [`MAX_DOCUMENT_BYTES`]).
    pub fn open(&mut self, wake: &Waker, path: PathBuf) {
        self.spawn(wake, move || read(path));
    }

    /// Asks where to save, then writes `bytes` there atomically.
    pub fn save_dialog(
        &mut self,
        wake: &Waker,
        title: String,
        name: String,
        filter: Filter,
        bytes: Vec<u8>,
    ) {
        self.spawn(wake, move || {
            match dialogs::pick_save(&title, &name, filter) {
                Some(path) => write(path, &bytes),
                None => FileEvent::Cancelled,
            }
        });
    }

    /// Asks where to export, then writes `bytes` there atomically.
    pub fn export_dialog(
        &mut self,
        wake: &Waker,
        title: String,
        name: String,
        filter: Filter,
        bytes: Vec<u8>,
    ) {
        self.spawn(wake, move || {
            match dialogs::pick_save(&title, &name, filter) {
                Some(path) => exported(write(path, &bytes)),
                None => FileEvent::Cancelled,
            }
        });
    }

    /// Writes `bytes` to `path` atomically (temporary file, sync, rename).
    pub fn save(&mut self, wake: &Waker, path: PathBuf, bytes: Vec<u8>) {
        self.spawn(wake, move || write(path, &bytes));
    }

    /// Writes an export to `path` atomically.
    pub fn export(&mut self, wake: &Waker, path: PathBuf, bytes: Vec<u8>) {
        self.spawn(wake, move || exported(write(path, &bytes)));
    }

    /// Writes `bytes` to `path` only if no file is there yet ([`super::write_new`]); reports
    /// [`FileEvent::AlreadyExists`] otherwise, so the user can be asked before a replace.
    pub fn save_new(&mut self, wake: &Waker, path: PathBuf, bytes: Vec<u8>) {
        self.spawn(wake, move || write_new(path, &bytes));
    }

    /// Writes an export to `path` only if no file is there yet, as [`FileJobs::save_new`].
    pub fn export_new(&mut self, wake: &Waker, path: PathBuf, bytes: Vec<u8>) {
        self.spawn(wake, move || exported(write_new(path, &bytes)));
    }

    /// The events of jobs finished since the last call.
    pub fn poll(&mut self) -> Vec<FileEvent> {
        let events: Vec<FileEvent> = self.receiver.try_iter().collect();
        self.running = self.running.saturating_sub(events.len());
        events
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn a_job_reports_once_and_wakes_the_ui() {
        let woken = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&woken);
        let wake: Waker = Arc::new(move || {
            counter.fetch_add(1, Ordering::SeqCst);
        });
        let dir = std::env::temp_dir().join(format!("tianyuan-jobs-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("saved.sgf");
        let mut jobs = FileJobs::default();
        jobs.save(&wake, path.clone(), b"(;GM[1])".to_vec());
        assert!(jobs.busy());
        let mut events = Vec::new();
        for _ in 0..500 {
            events.extend(jobs.poll());
            if !events.is_empty() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        assert!(matches!(events.as_slice(), [FileEvent::Saved(p)] if *p == path));
        assert!(!jobs.busy());
        assert_eq!(woken.load(Ordering::SeqCst), 1);
        assert_eq!(std::fs::read(&path).expect("read"), b"(;GM[1])");
    }
}
