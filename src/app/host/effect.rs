//! What must happen outside the host after a command: the effects runner
//! ([`crate::app::effects::Runner`]) carries each [`Effect`] out on its threads and answers with
//! [`super::Command`]s. Plain values: a host test reads them without a window or a thread.

use std::path::PathBuf;

use crate::audio::Request as VoiceRequest;
use crate::files::dialogs::Filter;
use crate::files::journal_writer::Request as JournalRequest;

/// Who asked for a file job: its answer goes back there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FileOwner {
    /// The live game's exports (the report, the SGF).
    Game,
    /// The review tab's record.
    Review,
    /// The problems window and its editor.
    Problems,
    /// The tournament window.
    Tournament,
    /// The class in teaching mode (its export and import).
    Class,
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
        kind: super::command::SessionExport,
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
        doc: super::class_job::ClassDoc,
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

/// One thing to do outside the host.
#[derive(Debug)]
pub enum Effect {
    /// A request for the journal writer thread.
    Journal(JournalRequest),
    /// A file job for `owner`.
    File(FileOwner, FileJob),
    /// A request for the voice (its own thread).
    Voice(VoiceRequest),
    /// Look for unfinished sessions in this folder (at start).
    FindUnfinished(PathBuf),
    /// Close the window for good (everything asked and answered).
    CloseWindow,
    /// Keep the window open: the window manager's close request is answered by a question.
    CancelClose,
    // ----- the sub-windows' workers (issue 17 items 2, 10) -----
    /// A job for the runner's workers: the teaching computer, the engine review, the
    /// dead-stone estimator, the teacher's PIN.
    Work(super::work::Work),
    // ----- the hall (issue 18 item 6) -----
    /// A request for the hall link the runner owns.
    Hall(super::hall::HallRequest),
    /// A job on the class files (issue 20): listing, opening, creating, importing, changing.
    Class(super::class_job::ClassJob),
}
