//! The window's protocol: the plain values that pass between the host, the sub-windows and
//! the effects runner (issue 29 item 1). Which window asks ([`WindowId`]), the file jobs
//! ([`FileJob`]), the workers' jobs ([`Work`]) and their answers ([`WorkDone`]), and the one
//! way an answer comes back to the window that asked ([`Answer`]).
//!
//! Architecture invariant: this module is a leaf of `src/app` — it imports the core
//! (`crate::engine`, `crate::class`, `crate::files` …) and nothing of `crate::app`, egui or
//! eframe (`tests/window_imports.rs` checks it). Everyone may import it; it imports no one.

pub mod class_job;
pub mod work;

use std::path::PathBuf;

pub use class_job::{ClassAnswer, ClassChange, ClassDoc, ClassJob};
pub use work::{
    ComputerAnswer, ComputerSpec, EngineMaker, PinProblem, PinPurpose, Question, ReviewEngine,
    StoredPin, Work, WorkDone,
};

use crate::files::dialogs::Filter;
use crate::files::jobs::FileEvent;

/// A window of the app that asks for work and hears its answers: the live game (its exports,
/// its dead-stone suggestion) and each sub-window. A file job or a worker's job leaves tagged
/// with its window and its answer comes back to the same window (it was `WindowId`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WindowId {
    /// The live game at the board: its exports (the report, the SGF) and its count's
    /// dead-stone suggestion.
    Game,
    /// The review tab's record.
    Review,
    /// The review tab's tools: the position's suggestion and the engine review.
    ReviewTools,
    /// The problems window and its editor.
    Problems,
    /// Teaching mode's board.
    Teach,
    /// The tournament window.
    Tournament,
    /// The class in teaching mode (its files, export and import).
    Class,
}

/// The commands that save a document: the one for a live game's exports is the export
/// itself, so nothing of the game is ever unsaved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SessionExport {
    /// The arbiter's report, printable HTML.
    ReportHtml,
    /// The arbiter's report, plain text.
    ReportText,
    /// The game as SGF.
    Sgf,
}

/// A file job: a dialog, a read or an atomic write, on a worker thread.
#[derive(Clone, Debug, PartialEq)]
pub enum FileJob {
    /// Ask for a file (when no dialog can be shown, the answer is
    /// [`crate::files::jobs::FileEvent::NoDialog`] and the host asks for a path), then read it.
    OpenDialog {
        /// The dialog's title.
        title: String,
        /// What files it shows.
        filter: Filter,
    },
    /// Read a file.
    Read(PathBuf),
    /// Ask where, then write `bytes` there atomically.
    SaveDialog {
        /// The dialog's title.
        title: String,
        /// The suggested name.
        name: String,
        /// What files it shows.
        filter: Filter,
        /// The document.
        bytes: Vec<u8>,
        /// An export (the document stays unsaved) rather than a save.
        export: bool,
    },
    /// Write `bytes` to `path` atomically.
    Write {
        /// Where.
        path: PathBuf,
        /// The document.
        bytes: Vec<u8>,
        /// An export rather than a save.
        export: bool,
        /// Refuse to replace a file that is there ([`crate::files::jobs::FileEvent::AlreadyExists`]).
        new_only: bool,
    },
    /// Build the live game's report or record from its journal on disk (its wall-clock times and
    /// head hash), then ask where to save it (or write it to `to`).
    ExportSession {
        /// The session file.
        journal: PathBuf,
        /// What to build.
        kind: SessionExport,
        /// The dialog's title.
        title: String,
        /// The suggested name.
        name: String,
        /// The path typed where no dialog can be shown.
        to: Option<PathBuf>,
    },
    /// Build a printed problem sheet or a parent's monthly report from a class file (issue
    /// 20 item 5, the HTML `tianyuan class sheets`/`report` write), then ask where to save it,
    /// or write it to `to` — a typed path, never over a file.
    ClassDocument {
        /// The class file.
        class_file: PathBuf,
        /// What to build.
        doc: ClassDoc,
        /// Its language.
        lang: crate::i18n::Lang,
        /// The dialog's title.
        title: String,
        /// The suggested name.
        name: String,
        /// The path typed where no dialog can be shown.
        to: Option<PathBuf>,
    },
}

impl FileJob {
    /// Whether the job needs a file dialog (where none can be shown, the host asks for a
    /// path instead).
    pub fn needs_dialog(&self) -> bool {
        matches!(
            self,
            FileJob::OpenDialog { .. }
                | FileJob::SaveDialog { .. }
                | FileJob::ExportSession { to: None, .. }
                | FileJob::ClassDocument { to: None, .. }
        )
    }

    /// The same job at the path typed where no dialog could be shown: a read of it, or a
    /// write there that never replaces a file the user did not pick in a dialog.
    pub fn at_path(self, path: PathBuf) -> FileJob {
        match self {
            FileJob::OpenDialog { .. } | FileJob::Read(_) => FileJob::Read(path),
            FileJob::SaveDialog { bytes, export, .. } => FileJob::Write {
                path,
                bytes,
                export,
                new_only: true,
            },
            FileJob::Write {
                bytes,
                export,
                new_only,
                ..
            } => FileJob::Write {
                path,
                bytes,
                export,
                new_only,
            },
            FileJob::ExportSession {
                journal,
                kind,
                title,
                name,
                ..
            } => FileJob::ExportSession {
                journal,
                kind,
                title,
                name,
                to: Some(path),
            },
            FileJob::ClassDocument {
                class_file,
                doc,
                lang,
                title,
                name,
                ..
            } => FileJob::ClassDocument {
                class_file,
                doc,
                lang,
                title,
                name,
                to: Some(path),
            },
        }
    }
}

/// An answer from the runner's threads to the window that asked: a file job's outcome or a
/// worker's answer. It reaches the host as `Command::Answer(WindowId, Answer)` and the window
/// hears it through its `on_answer`.
#[derive(Debug)]
pub enum Answer {
    /// A file job finished.
    File(FileEvent),
    /// A worker answered.
    Work(WorkDone),
}

/// A command for a sub-window: the ones every window knows (open, close), or one of its own
/// (`Command::Window(WindowId, WindowCmd)` in the host).
#[derive(Debug)]
pub enum WindowCmd {
    /// Show the window (its menu row).
    Open,
    /// Close it: a way out, asked about first when it holds unsaved work.
    Close,
    /// One of its own commands, of the window's own type (`ReviewCommand`,
    /// `ProblemCommand` …): the window takes it back with [`WindowCmd::own`].
    Own(OwnCmd),
}

impl WindowCmd {
    /// One of a window's own commands.
    pub fn of<T: WindowMsg>(cmd: T) -> WindowCmd {
        WindowCmd::Own(OwnCmd(Box::new(cmd)))
    }

    /// The window's own command of type `T`, or the command back when it is something else
    /// (a window that takes several message types tries each in turn).
    pub fn own<T: WindowMsg>(self) -> Result<T, WindowCmd> {
        match self {
            WindowCmd::Own(OwnCmd(b)) if (b.as_ref() as &dyn std::any::Any).is::<T>() => {
                let any: Box<dyn std::any::Any> = b;
                match any.downcast::<T>() {
                    Ok(t) => Ok(*t),
                    // Checked just above: never reached, and no window takes this.
                    Err(_) => Err(WindowCmd::of(Undeliverable)),
                }
            }
            other => Err(other),
        }
    }

    /// A look at the window's own command of type `T`, if this is one.
    pub fn peek<T: WindowMsg>(&self) -> Option<&T> {
        match self {
            WindowCmd::Own(OwnCmd(b)) => {
                let any: &dyn std::any::Any = b.as_ref();
                any.downcast_ref::<T>()
            }
            _ => None,
        }
    }
}

/// A command no window takes.
#[derive(Debug)]
struct Undeliverable;

/// A window's own command, boxed: the protocol names no window's type, so a new sub-window
/// brings its command type with it and nothing here changes.
pub struct OwnCmd(Box<dyn WindowMsg>);

impl std::fmt::Debug for OwnCmd {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// What a window's own command type is: any plain value that can cross to the runner's
/// threads and be printed.
pub trait WindowMsg: std::any::Any + std::fmt::Debug + Send {}

impl<T: std::any::Any + std::fmt::Debug + Send> WindowMsg for T {}
