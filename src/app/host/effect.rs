//! What must happen outside the host after a command: the effects runner
//! ([`crate::app::effects::Runner`]) carries each [`Effect`] out on its threads and answers with
//! [`super::Command`]s. Plain values: a host test reads them without a window or a thread.

use std::path::PathBuf;

use crate::app::protocol::{FileJob, WindowId, Work};
use crate::audio::Request as VoiceRequest;
use crate::files::journal_writer::Request as JournalRequest;

/// One thing to do outside the host.
#[derive(Debug)]
pub enum Effect {
    /// A request for the journal writer thread.
    Journal(JournalRequest),
    /// A file job for a window: its answer comes back to it as
    /// `Command::Answer(window, Answer::File(..))`.
    File(WindowId, FileJob),
    /// A request for the voice (its own thread).
    Voice(VoiceRequest),
    /// Look for unfinished sessions in this folder (at start).
    FindUnfinished(PathBuf),
    /// Close the window for good (everything asked and answered).
    CloseWindow,
    /// Keep the window open: the window manager's close request is answered by a question.
    CancelClose,
    /// A job for the runner's workers (the teaching computer, the engine review, the
    /// dead-stone estimator, the PINs, the class files) for a window: its answer comes back
    /// to it as `Command::Answer(window, Answer::Work(..))`.
    Work(WindowId, Work),
    // ----- the hall (issue 18 item 6) -----
    /// A request for the hall link the runner owns.
    Hall(super::hall::HallRequest),
}
