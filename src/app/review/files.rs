//! Opening and saving off the UI thread: dialogs, reads and atomic writes run on a worker
//! thread and report back through a channel; the worker wakes the UI when it is done.

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, channel};

use eframe::egui;

/// What a finished file job reports.
#[derive(Debug)]
pub enum FileEvent {
    /// A file was read: its path and bytes.
    Opened(PathBuf, Vec<u8>),
    /// The record was written.
    Saved(PathBuf),
    /// An export (a diagram, a printable record) was written.
    Exported(PathBuf),
    /// The dialog was cancelled.
    Cancelled,
    /// Reading or writing failed (path and the system's reason).
    Failed(PathBuf, String),
}

/// Runs file jobs on worker threads.
#[derive(Debug)]
pub struct FileJobs {
    sender: Sender<FileEvent>,
    receiver: Receiver<FileEvent>,
    running: usize,
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

    fn spawn(&mut self, ctx: &egui::Context, job: impl FnOnce() -> FileEvent + Send + 'static) {
        let sender = self.sender.clone();
        let ctx = ctx.clone();
        self.running += 1;
        let spawned = std::thread::Builder::new()
            .name("tianyuan-file".into())
            .spawn(move || {
                let _ = sender.send(job());
                ctx.request_repaint();
            });
        if let Err(e) = spawned {
            self.running -= 1;
            let _ = self
                .sender
                .send(FileEvent::Failed(PathBuf::new(), e.to_string()));
        }
    }

    /// Asks for an SGF file and reads it.
    pub fn open_dialog(&mut self, ctx: &egui::Context, title: String) {
        self.spawn(ctx, move || {
            let picked = rfd::FileDialog::new()
                .set_title(title)
                .add_filter("SGF", &["sgf", "SGF"])
                .pick_file();
            match picked {
                Some(path) => read(path),
                None => FileEvent::Cancelled,
            }
        });
    }

    /// Reads `path`.
    pub fn open(&mut self, ctx: &egui::Context, path: PathBuf) {
        self.spawn(ctx, move || read(path));
    }

    /// Asks where to save, then writes `text` there atomically.
    pub fn save_dialog(&mut self, ctx: &egui::Context, title: String, name: String, text: String) {
        self.spawn(ctx, move || {
            let picked = rfd::FileDialog::new()
                .set_title(title)
                .set_file_name(name)
                .add_filter("SGF", &["sgf"])
                .save_file();
            match picked {
                Some(path) => write(path, text),
                None => FileEvent::Cancelled,
            }
        });
    }

    /// Asks where to export, then writes `text` there atomically; `filter` names the kind of
    /// file and its extensions (e.g. `("SVG", &["svg"])`).
    pub fn export_dialog(
        &mut self,
        ctx: &egui::Context,
        title: String,
        name: String,
        filter: (&'static str, &'static [&'static str]),
        text: String,
    ) {
        self.spawn(ctx, move || {
            let picked = rfd::FileDialog::new()
                .set_title(title)
                .set_file_name(name)
                .add_filter(filter.0, filter.1)
                .save_file();
            match picked {
                Some(path) => match write(path, text) {
                    FileEvent::Saved(p) => FileEvent::Exported(p),
                    other => other,
                },
                None => FileEvent::Cancelled,
            }
        });
    }

    /// Writes `text` to `path` atomically (temporary file, sync, rename).
    pub fn save(&mut self, ctx: &egui::Context, path: PathBuf, text: String) {
        self.spawn(ctx, move || write(path, text));
    }

    /// The events of jobs finished since the last call.
    pub fn poll(&mut self) -> Vec<FileEvent> {
        let events: Vec<FileEvent> = self.receiver.try_iter().collect();
        self.running = self.running.saturating_sub(events.len());
        events
    }
}

fn read(path: PathBuf) -> FileEvent {
    match std::fs::read(&path) {
        Ok(bytes) => FileEvent::Opened(path, bytes),
        Err(e) => FileEvent::Failed(path, e.to_string()),
    }
}

fn write(path: PathBuf, text: String) -> FileEvent {
    match crate::cli::sgf::write_atomically(&path, text.as_bytes()) {
        Ok(()) => FileEvent::Saved(path),
        Err(e) => FileEvent::Failed(path, e.to_string()),
    }
}
