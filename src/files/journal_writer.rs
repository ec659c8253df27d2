//! The journal's writer thread: the window never waits on the disk. The host sends each action
//! as a [`Request`]; the thread checks it against its own copy of the session, appends it,
//! syncs it, commits it, and only then answers with the entry as written (never a clone of the
//! whole session), waking the window. A refusal or a failed write answers too, having applied
//! nothing. The thread also creates new sessions (the PIN's Argon2id runs here), opens
//! sessions to resume (the lock, a torn tail) and checks the arbiter's PIN, so nothing slow or
//! secret happens on the thread that draws.
//!
//! One thread serves the window's games one after another: each request names its game, and a
//! request for a new game closes the previous journal (releasing its lock) after everything
//! sent for it was written.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender, channel};

use super::journal::{Journal, JournalError, JournalProblem, NewSession, Slip};
use crate::seal::KdfParams;
use crate::session::shorthand::Line;
use crate::session::{Entry, GameSetup, Session};
use crate::wake::Waker;

/// A game of this run, as the host numbers them: answers for a game that was replaced are
/// recognised and dropped.
pub type GameId = u64;

/// A secret typed by the arbiter (the PIN). Never printed, never written, dropped after use.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(pub String);

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(…)")
    }
}

/// What the host asks of the writer.
#[derive(Debug)]
pub enum Request {
    /// Begin a new game: a journal kept in memory until its first entry, then written into
    /// `folder` (a game without a folder stays in memory: tests only). `pin` gives it the
    /// arbiter's lock (its verifier and HMAC key); the previous game's journal is closed.
    New {
        /// The game.
        game: GameId,
        /// Its setup.
        setup: Box<GameSetup>,
        /// The arbiter's PIN, if the game has a lock.
        pin: Option<Secret>,
        /// The key derivation's cost (the standard one; tests pass a cheap one).
        kdf: KdfParams,
        /// The sessions folder.
        folder: Option<PathBuf>,
    },
    /// Open an unfinished session to go on with it (takes its lock, moves a torn tail aside);
    /// the previous game's journal is closed.
    Open {
        /// The game.
        game: GameId,
        /// The session file.
        path: PathBuf,
    },
    /// Append one action; `secret` is the PIN for sealing and unsealing only.
    Append {
        /// The game.
        game: GameId,
        /// The action at its instant.
        line: Line,
        /// The PIN a seal is encrypted under, or an unsealing opened with.
        secret: Option<Secret>,
    },
    /// Check the arbiter's PIN (Argon2id); on success the journal keeps only the derived keys.
    CheckPin {
        /// The game.
        game: GameId,
        /// The PIN typed.
        pin: Secret,
    },
    /// Go on in a new file in `folder` after a failed write (the stick was pulled).
    Relocate {
        /// The game.
        game: GameId,
        /// The folder to go on in.
        folder: PathBuf,
    },
    /// Close the game's journal (its lock is released); the file stays as it is.
    Close {
        /// The game.
        game: GameId,
    },
}

/// What the writer answers; each answer names its game.
#[derive(Debug)]
pub enum Reply {
    /// A new game's journal exists (in memory until its first entry).
    Ready {
        /// The game.
        game: GameId,
    },
    /// A session was opened to go on with it.
    Opened {
        /// The game.
        game: GameId,
        /// Its file.
        path: PathBuf,
        /// Every entry's exact line (the setup first), numbered from 1: what a hall link
        /// publishes.
        lines: Vec<(u32, Vec<u8>)>,
        /// The session as folded from the file.
        session: Box<Session>,
        /// Whether it has an arbiter's lock.
        locked: bool,
        /// Where a torn tail was moved aside, if one was found.
        moved_aside: Option<PathBuf>,
    },
    /// The session could not be opened.
    OpenFailed {
        /// The game.
        game: GameId,
        /// The file.
        path: PathBuf,
        /// Why.
        problem: JournalProblem,
    },
    /// The entry is on disk (synced) and committed.
    Appended {
        /// The game.
        game: GameId,
        /// The entry as written (its number and instant).
        entry: Box<Entry>,
        /// The file it is in (set once the game is on disk).
        path: Option<PathBuf>,
        /// A sealed move's slip, for the envelope.
        slip: Option<Slip>,
        /// The exact lines newly on disk, numbered (the setup entry too when this entry put the
        /// game on disk): what a hall link publishes, without reading the file again.
        lines: Vec<(u32, Vec<u8>)>,
    },
    /// The action was refused, or the PIN was wrong: nothing was written.
    Refused {
        /// The game.
        game: GameId,
        /// Why.
        problem: JournalProblem,
    },
    /// Writing failed (disk full, device gone): nothing was applied.
    NotSaved {
        /// The game.
        game: GameId,
        /// What the system said.
        problem: JournalProblem,
    },
    /// The PIN was checked.
    PinChecked {
        /// The game.
        game: GameId,
        /// Whether it is the session's PIN.
        ok: bool,
        /// Why it could not be checked (a session without a lock), if so.
        problem: Option<JournalProblem>,
    },
    /// The journal now writes to this file.
    Relocated {
        /// The game.
        game: GameId,
        /// The new file.
        path: PathBuf,
    },
}

impl Reply {
    /// The game the answer is for.
    pub fn game(&self) -> GameId {
        match self {
            Reply::Ready { game }
            | Reply::Opened { game, .. }
            | Reply::OpenFailed { game, .. }
            | Reply::Appended { game, .. }
            | Reply::Refused { game, .. }
            | Reply::NotSaved { game, .. }
            | Reply::PinChecked { game, .. }
            | Reply::Relocated { game, .. } => *game,
        }
    }
}

/// The handle the effects runner keeps. Dropping it lets the thread write what was sent and
/// waits (a bounded time) for it to end, so the last entries and the file's lock are not left
/// to a dying process.
pub struct JournalWriter {
    requests: Option<Sender<Request>>,
    replies: Receiver<Reply>,
    waiting: usize,
    done: Receiver<()>,
}

impl Drop for JournalWriter {
    fn drop(&mut self) {
        self.requests = None;
        let _ = self.done.recv_timeout(std::time::Duration::from_secs(10));
    }
}

impl std::fmt::Debug for JournalWriter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JournalWriter")
            .field("waiting", &self.waiting)
            .finish()
    }
}

impl JournalWriter {
    /// Starts the writer thread; it wakes the window with `wake` after each answer.
    pub fn spawn(wake: Waker) -> std::io::Result<JournalWriter> {
        let (requests, inbox) = channel::<Request>();
        let (outbox, replies) = channel::<Reply>();
        let (finished, done) = channel::<()>();
        std::thread::Builder::new()
            .name("tianyuan-journal".into())
            .spawn(move || {
                let mut current: Option<(GameId, Journal)> = None;
                let mut folder: Option<PathBuf> = None;
                let mut sent = 0usize;
                // Every request sent is handled, also after the window stopped listening.
                for request in inbox {
                    if let Some(reply) = handle(&mut current, &mut folder, &mut sent, request)
                        && outbox.send(reply).is_ok()
                    {
                        wake();
                    }
                }
                // The journal (and its file lock) goes before the window is told it may go.
                drop(current);
                let _ = finished.send(());
            })?;
        Ok(JournalWriter {
            requests: Some(requests),
            replies,
            waiting: 0,
            done,
        })
    }

    /// Sends a request; its answer arrives through [`JournalWriter::poll`].
    pub fn send(&mut self, request: Request) {
        let answered = !matches!(request, Request::Close { .. });
        let sent = self
            .requests
            .as_ref()
            .is_some_and(|r| r.send(request).is_ok());
        if sent && answered {
            self.waiting += 1;
        }
    }

    /// Whether answers are still due.
    pub fn busy(&self) -> bool {
        self.waiting > 0
    }

    /// The answers that arrived since the last call.
    pub fn poll(&mut self) -> Vec<Reply> {
        let out: Vec<Reply> = self.replies.try_iter().collect();
        self.waiting = self.waiting.saturating_sub(out.len());
        out
    }

    /// Waits up to `timeout` for one answer (tests and the close of the window).
    pub fn wait(&mut self, timeout: std::time::Duration) -> Option<Reply> {
        let r = self.replies.recv_timeout(timeout).ok();
        if r.is_some() {
            self.waiting = self.waiting.saturating_sub(1);
        }
        r
    }
}

/// A file name for a new session: date and time (UTC, no `:` so that it is valid everywhere),
/// then the players.
pub fn session_file_name(setup: &GameSetup, utc: &str) -> String {
    let clean = |s: &str| -> String {
        s.chars()
            .filter(|c| c.is_alphanumeric() || *c == '-')
            .take(24)
            .collect()
    };
    let stamp: String = utc
        .chars()
        .filter(|c| c.is_ascii_digit())
        .take(14)
        .collect();
    let mut name = format!(
        "{}-{}",
        &stamp[..stamp.len().min(8)],
        &stamp[stamp.len().min(8)..]
    );
    for p in [&setup.black.name, &setup.white.name] {
        let c = clean(p);
        if !c.is_empty() {
            name.push('-');
            name.push_str(&c);
        }
    }
    name.push_str(".tyj");
    name
}

/// A free path for a new session of `setup` in `folder`.
fn new_session_path(folder: &Path, setup: &GameSetup) -> PathBuf {
    let utc = crate::time::utc_text(crate::time::utc_now());
    let name = session_file_name(setup, &utc);
    let mut path = folder.join(&name);
    let mut k = 2;
    while path.exists() && k < 10_000 {
        path = folder.join(format!("{}-{k}.tyj", name.trim_end_matches(".tyj")));
        k += 1;
    }
    path
}

/// Writes a journal kept in memory into `folder` (at its first entry).
fn persist(journal: &mut Journal, folder: &Path) -> Result<(), JournalError> {
    std::fs::create_dir_all(folder)?;
    let path = new_session_path(folder, journal.session().setup());
    journal.persist(&path)
}

/// The lines of `bytes` from offset `from`, numbered after the `before` lines ahead of them.
fn numbered_lines(bytes: &[u8], from: usize) -> Vec<(u32, Vec<u8>)> {
    let before = bytes
        .get(..from)
        .map_or(0, |b| b.iter().filter(|&&c| c == b'\n').count());
    bytes
        .get(from..)
        .unwrap_or_default()
        .split_inclusive(|&c| c == b'\n')
        .enumerate()
        .map(|(i, line)| {
            (
                u32::try_from(before + i + 1).unwrap_or(u32::MAX),
                line.to_vec(),
            )
        })
        .collect()
}

fn handle(
    current: &mut Option<(GameId, Journal)>,
    folder: &mut Option<PathBuf>,
    sent: &mut usize,
    request: Request,
) -> Option<Reply> {
    match request {
        Request::New {
            game,
            setup,
            pin,
            kdf,
            folder: f,
        } => {
            *current = None;
            *folder = f;
            let new = NewSession {
                pin: pin.map(|p| p.0),
                kdf,
            };
            match Journal::in_memory(*setup, &new, &[]) {
                Ok((journal, _)) => {
                    *sent = 0;
                    *current = Some((game, journal));
                    Some(Reply::Ready { game })
                }
                Err((_, e)) => Some(Reply::Refused {
                    game,
                    problem: e.problem(),
                }),
            }
        }
        Request::Open { game, path } => {
            // The game on the board stays open until the other one is: a session that cannot
            // be opened (another program holds it) leaves everything as it was.
            match Journal::open(&path) {
                Ok(journal) => {
                    *folder = path.parent().map(Path::to_path_buf);
                    *sent = journal.bytes().len();
                    let reply = Reply::Opened {
                        game,
                        path: path.clone(),
                        lines: numbered_lines(journal.bytes(), 0),
                        session: Box::new(journal.session().clone()),
                        locked: journal.header().pin.is_some(),
                        moved_aside: journal.moved_aside().map(Path::to_path_buf),
                    };
                    *current = Some((game, journal));
                    Some(reply)
                }
                Err(e) => Some(Reply::OpenFailed {
                    game,
                    path,
                    problem: e.problem(),
                }),
            }
        }
        Request::Close { game } => {
            if current.as_ref().is_some_and(|(g, _)| *g == game) {
                *current = None;
            }
            None
        }
        Request::Append { game, line, secret } => {
            let Some((_, journal)) = current.as_mut().filter(|(g, _)| *g == game) else {
                return Some(Reply::Refused {
                    game,
                    problem: JournalProblem::Closed,
                });
            };
            if !journal.on_disk()
                && let Some(f) = folder.as_deref()
                && let Err(e) = persist(journal, f)
            {
                return Some(Reply::NotSaved {
                    game,
                    problem: e.problem(),
                });
            }
            let secret = secret.map(|s| s.0);
            match journal.append_line(&line, secret.as_deref()) {
                Ok(a) => {
                    let entry = journal.session().log().last().cloned();
                    let path = journal.on_disk().then(|| journal.path().to_path_buf());
                    let lines = numbered_lines(journal.bytes(), *sent);
                    *sent = journal.bytes().len();
                    match entry.filter(|e| e.n == a.n) {
                        Some(entry) => Some(Reply::Appended {
                            game,
                            entry: Box::new(entry),
                            path,
                            slip: a.slip,
                            lines,
                        }),
                        None => Some(Reply::NotSaved {
                            game,
                            problem: JournalProblem::Closed,
                        }),
                    }
                }
                Err(JournalError::Io(e)) => Some(Reply::NotSaved {
                    game,
                    problem: JournalError::Io(e).problem(),
                }),
                Err(e) => Some(Reply::Refused {
                    game,
                    problem: e.problem(),
                }),
            }
        }
        Request::CheckPin { game, pin } => {
            let Some((_, journal)) = current.as_mut().filter(|(g, _)| *g == game) else {
                return Some(Reply::Refused {
                    game,
                    problem: JournalProblem::Closed,
                });
            };
            match journal.check_pin(&pin.0) {
                Ok(ok) => Some(Reply::PinChecked {
                    game,
                    ok,
                    problem: None,
                }),
                Err(e) => Some(Reply::PinChecked {
                    game,
                    ok: false,
                    problem: Some(e.problem()),
                }),
            }
        }
        Request::Relocate { game, folder: f } => {
            let Some((_, journal)) = current.as_mut().filter(|(g, _)| *g == game) else {
                return Some(Reply::Refused {
                    game,
                    problem: JournalProblem::Closed,
                });
            };
            if let Err(e) = std::fs::create_dir_all(&f) {
                return Some(Reply::NotSaved {
                    game,
                    problem: JournalError::Io(e).problem(),
                });
            }
            let path = new_session_path(&f, journal.session().setup());
            *folder = Some(f);
            match journal.relocate(&path) {
                Ok(()) => Some(Reply::Relocated { game, path }),
                Err(e) => Some(Reply::NotSaved {
                    game,
                    problem: e.problem(),
                }),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Timestamp;
    use crate::rules::{Color, Coord, Move};
    use crate::session::Event;
    use crate::session::shorthand::Action;
    use std::time::Duration;

    fn writer() -> JournalWriter {
        JournalWriter::spawn(crate::wake::none()).expect("thread")
    }

    fn wait(w: &mut JournalWriter) -> Reply {
        w.wait(Duration::from_secs(20)).expect("an answer")
    }

    #[test]
    fn a_new_game_is_written_at_its_first_entry_off_this_thread() {
        let dir = std::env::temp_dir().join(format!("ty-writer-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut w = writer();
        w.send(Request::New {
            game: 1,
            setup: Box::default(),
            pin: None,
            kdf: KdfParams::TEST_ONLY,
            folder: Some(dir.clone()),
        });
        assert!(matches!(wait(&mut w), Reply::Ready { game: 1 }));
        assert!(!dir.exists(), "nothing is written before the first entry");
        let before = super::super::journal::syncs_on_this_thread();
        w.send(Request::Append {
            game: 1,
            line: Line {
                at: Timestamp(5),
                action: Action::Event(Event::Move {
                    color: Color::Black,
                    mv: Move::Play(Coord::new(3, 3)),
                }),
                article: None,
                note: None,
            },
            secret: None,
        });
        match wait(&mut w) {
            Reply::Appended {
                entry, path, lines, ..
            } => {
                assert_eq!(entry.n, 2);
                assert!(path.is_some_and(|p| p.exists()));
                // The setup and the move: both newly on disk, exactly as written.
                assert_eq!(lines.iter().map(|(n, _)| *n).collect::<Vec<_>>(), [1, 2]);
                assert!(lines.iter().all(|(_, l)| l.ends_with(b"\n")));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(super::super::journal::syncs_on_this_thread(), before);
        // An answer for a game that is not the writer's is a refusal, never a write.
        w.send(Request::Append {
            game: 7,
            line: Line {
                at: Timestamp(6),
                action: Action::Event(Event::Pause),
                article: None,
                note: None,
            },
            secret: None,
        });
        assert!(matches!(wait(&mut w), Reply::Refused { game: 7, .. }));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
