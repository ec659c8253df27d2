//! The journal's writer thread: the app never waits on the disk. The UI sends each action; the
//! thread checks it against the session, appends it, syncs it, commits it, and only then answers
//! with the entry's number and the new session, waking the UI. A refusal or a failed write
//! answers too, having applied nothing.

use std::sync::mpsc::{Receiver, Sender, channel};

use super::jobs::Waker;
use super::journal::{Journal, JournalError, Slip};
use crate::session::shorthand::Line;
use crate::session::{Applied, Session};

/// What the UI asks of the writer.
#[derive(Debug)]
pub enum Request {
    /// Append one action; `pin` unlocks the arbiter's actions (and stays unlocked).
    Append {
        /// The action at its instant.
        line: Line,
        /// The arbiter's PIN, when the action is the arbiter's.
        pin: Option<String>,
    },
    /// Unlock the arbiter's actions with the PIN.
    Unlock(String),
    /// Go on in a new file at this path (after a failed write).
    Relocate(std::path::PathBuf),
}

/// What the writer answers.
#[derive(Debug)]
pub enum Reply {
    /// The entry is on disk and committed.
    Appended {
        /// The entry's number.
        n: u32,
        /// What it did.
        applied: Applied,
        /// The session after it.
        session: Box<Session>,
        /// A sealed move's slip, for the envelope.
        slip: Option<Slip>,
    },
    /// The PIN unlocked the arbiter's actions.
    Unlocked,
    /// The journal now writes to this file.
    Relocated(std::path::PathBuf),
    /// The action was refused, or the PIN was wrong: nothing was written.
    Refused(String),
    /// Writing failed (disk full, device gone): nothing was applied.
    NotSaved(String),
}

/// The handle the UI keeps.
pub struct JournalWriter {
    requests: Sender<Request>,
    replies: Receiver<Reply>,
    waiting: usize,
    path: std::path::PathBuf,
}

impl std::fmt::Debug for JournalWriter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JournalWriter")
            .field("path", &self.path)
            .field("waiting", &self.waiting)
            .finish()
    }
}

impl JournalWriter {
    /// Moves `journal` to a writer thread that wakes the UI with `wake` after each answer.
    pub fn spawn(journal: Journal, wake: Waker) -> std::io::Result<JournalWriter> {
        let (requests, inbox) = channel::<Request>();
        let (outbox, replies) = channel::<Reply>();
        let path = journal.path().to_path_buf();
        std::thread::Builder::new()
            .name("tianyuan-journal".into())
            .spawn(move || {
                let mut journal = journal;
                for request in inbox {
                    let reply = handle(&mut journal, request);
                    if outbox.send(reply).is_err() {
                        break;
                    }
                    wake();
                }
            })?;
        Ok(JournalWriter {
            requests,
            replies,
            waiting: 0,
            path,
        })
    }

    /// The journal's path.
    pub fn path(&self) -> &std::path::Path {
        &self.path
    }

    /// Sends a request; its answer arrives through [`JournalWriter::poll`].
    pub fn send(&mut self, request: Request) {
        if self.requests.send(request).is_ok() {
            self.waiting += 1;
        }
    }

    /// Whether answers are still due ("saving…").
    pub fn busy(&self) -> bool {
        self.waiting > 0
    }

    /// The answers that arrived since the last call.
    pub fn poll(&mut self) -> Vec<Reply> {
        let replies: Vec<Reply> = self.replies.try_iter().collect();
        self.waiting = self.waiting.saturating_sub(replies.len());
        replies
    }
}

fn handle(journal: &mut Journal, request: Request) -> Reply {
    match request {
        Request::Relocate(path) => match journal.relocate(&path) {
            Ok(()) => Reply::Relocated(path),
            Err(e) => Reply::NotSaved(e.to_string()),
        },
        Request::Unlock(pin) => match journal.unlock(&pin) {
            Ok(()) => Reply::Unlocked,
            Err(e) => Reply::Refused(e.to_string()),
        },
        Request::Append { line, pin } => match journal.append_line(&line, pin.as_deref()) {
            Ok(a) => Reply::Appended {
                n: a.n,
                applied: a.applied,
                session: Box::new(journal.session().clone()),
                slip: a.slip,
            },
            Err(JournalError::Io(e)) => Reply::NotSaved(e.to_string()),
            Err(e) => Reply::Refused(e.to_string()),
        },
    }
}
