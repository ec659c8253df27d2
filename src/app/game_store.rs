//! Where the game at the board lives in the app: its journal, and the session folded from it.
//!
//! Every action goes through the journal. A game starts in memory (the board at launch, tests,
//! screenshots) and is written to the sessions folder at its first entry; from then on a writer
//! thread appends and syncs each entry, and the app shows the action as done only when the
//! writer has answered ("saved" with its number). A refusal or a failed write applies nothing.
//!
//! Egui-free: the shell polls [`GameStore::poll`] once a frame; the writer wakes the window.

use std::path::{Path, PathBuf};

use crate::clock::{Millis, Timestamp};
use crate::files::jobs::Waker;
use crate::files::journal::{Journal, JournalError, NewSession, Slip};
use crate::files::journal_writer::{JournalWriter, Reply, Request};
use crate::seal::KdfParams;
use crate::session::shorthand::{Action, Line};
use crate::session::{Applied, Event, GameSetup, Session};

/// How the store's journal is held.
enum Backing {
    /// On the UI thread (in memory, or on disk in tests): answers at once.
    Here(Box<Journal>),
    /// On the writer thread.
    Thread(JournalWriter),
}

/// What the store reports back to the app.
#[derive(Debug)]
pub enum StoreEvent {
    /// Entry `n` is saved (or, for a game in memory, recorded).
    Saved {
        /// The entry's number.
        n: u32,
        /// What it did.
        applied: Applied,
        /// A sealed move's slip.
        slip: Option<Slip>,
    },
    /// The PIN unlocked the arbiter's actions.
    Unlocked,
    /// Refused, with the reason; nothing written.
    Refused(String),
    /// The write failed: nothing applied.
    NotSaved(String),
    /// The game now goes on in this file.
    Moved(PathBuf),
}

/// The game at the board.
pub struct GameStore {
    backing: Backing,
    /// The session as saved.
    pub session: Session,
    /// The app's instant at which the session's time line began (its T = 0).
    pub origin: Timestamp,
    /// The journal's file, once the game is written.
    pub path: Option<PathBuf>,
    /// The session has an arbiter PIN (its rulings are locked).
    pub locked: bool,
    /// The PIN has been given in this run.
    pub unlocked: bool,
    /// The last saved entry's number.
    pub last_saved: Option<u32>,
    /// The last write failed: what the disk said (the app shows "NOT SAVED").
    pub not_saved: Option<String>,
    /// After a restart: how long the app was away, until the arbiter decides whether that time
    /// is charged. The clocks are shown stopped meanwhile.
    pub gap: Option<Millis>,
    /// Where the journal goes at its first entry (`None`: stays in memory, as in tests).
    folder: Option<PathBuf>,
    wake: Option<Waker>,
}

impl std::fmt::Debug for GameStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameStore")
            .field("path", &self.path)
            .field("last_saved", &self.last_saved)
            .finish()
    }
}

/// A file name for a new session: date, time, players.
fn session_file_name(setup: &GameSetup, utc: &str) -> String {
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

impl GameStore {
    /// A new game kept in memory until its first entry, then written into `folder` (if any).
    /// `pin` locks its rulings.
    pub fn new_game(
        setup: GameSetup,
        pin: Option<String>,
        origin: Timestamp,
        folder: Option<PathBuf>,
    ) -> Result<GameStore, String> {
        let locked = pin.is_some();
        let new = NewSession {
            pin: pin.clone(),
            kdf: KdfParams::STANDARD,
        };
        let (mut journal, _) =
            Journal::in_memory(setup, &new, &[]).map_err(|(_, e)| e.to_string())?;
        if let Some(pin) = &pin {
            journal.unlock(pin).map_err(|e| e.to_string())?;
        }
        Ok(GameStore {
            session: journal.session().clone(),
            backing: Backing::Here(Box::new(journal)),
            origin,
            path: None,
            locked,
            unlocked: locked,
            last_saved: None,
            not_saved: None,
            gap: None,
            folder,
            wake: None,
        })
    }

    /// A game in memory only, without a lock (tests, screenshots).
    pub fn in_memory(setup: GameSetup, origin: Timestamp) -> Result<GameStore, String> {
        let new = NewSession {
            pin: None,
            kdf: KdfParams::TEST_ONLY,
        };
        let (journal, _) = Journal::in_memory(setup, &new, &[]).map_err(|(_, e)| e.to_string())?;
        Ok(GameStore {
            session: journal.session().clone(),
            backing: Backing::Here(Box::new(journal)),
            origin,
            path: None,
            locked: false,
            unlocked: false,
            last_saved: None,
            not_saved: None,
            gap: None,
            folder: None,
            wake: None,
        })
    }

    /// Reopens a session file after a restart: the writer holds it, the clocks are shown
    /// stopped, and the time away waits for the arbiter's decision. `now_utc_ms` and the last
    /// entry's wall-clock time give the gap; the session's T continues from there.
    pub fn resume(path: &Path, now: Timestamp, away: Millis) -> Result<GameStore, JournalError> {
        let journal = Journal::open(path)?;
        let session = journal.session().clone();
        let locked = journal.header().pin.is_some();
        let last = session.last_at();
        // The session's T now is the last entry's T plus the time away.
        let t_now = last
            .0
            .saturating_add(u64::try_from(away.0.max(0)).unwrap_or(0));
        let origin = Timestamp(now.0.saturating_sub(t_now));
        let live = session.outcome().is_none();
        Ok(GameStore {
            session,
            backing: Backing::Here(Box::new(journal)),
            origin,
            path: Some(path.to_path_buf()),
            locked,
            unlocked: false,
            last_saved: None,
            not_saved: None,
            gap: live.then_some(away),
            folder: path.parent().map(Path::to_path_buf),
            wake: None,
        })
    }

    /// Lets the store wake the window when the writer answers, and moves an on-disk journal to
    /// the writer thread.
    pub fn set_waker(&mut self, wake: Waker) {
        self.wake = Some(wake);
        self.start_thread_if_on_disk();
    }

    fn start_thread_if_on_disk(&mut self) {
        let Some(wake) = self.wake.clone() else {
            return;
        };
        if let Backing::Here(j) = &self.backing
            && j.on_disk()
        {
            let placeholder = Backing::Here(Box::new(
                match Journal::in_memory(
                    self.session.setup().clone(),
                    &NewSession {
                        pin: None,
                        kdf: KdfParams::TEST_ONLY,
                    },
                    &[],
                ) {
                    Ok((j, _)) => j,
                    Err(_) => return,
                },
            ));
            let Backing::Here(journal) = std::mem::replace(&mut self.backing, placeholder) else {
                return;
            };
            match JournalWriter::spawn(*journal, wake) {
                Ok(w) => self.backing = Backing::Thread(w),
                Err(e) => self.not_saved = Some(e.to_string()),
            }
        }
    }

    /// The session's instant for the app's `now`.
    pub fn time(&self, now: Timestamp) -> Timestamp {
        Timestamp(now.0.saturating_sub(self.origin.0)).max(self.session.last_at())
    }

    /// Whether answers from the writer are still due ("saving…").
    pub fn busy(&self) -> bool {
        matches!(&self.backing, Backing::Thread(w) if w.busy())
    }

    /// Whether the clock has been started: a start signal or a turn was recorded. Until then
    /// the faces stand still (a new game's clock starts only when the arbiter starts it).
    pub fn started(&self) -> bool {
        self.session.turns() > 0
            || self
                .session
                .log()
                .iter()
                .any(|e| matches!(e.event, Event::Start | Event::Press(_)))
    }

    /// Sends one action at the app's `now`; `pin` unlocks the arbiter's actions. A game in
    /// memory is written to its folder first.
    pub fn submit(
        &mut self,
        now: Timestamp,
        action: Action,
        article: Option<String>,
        note: Option<String>,
        pin: Option<String>,
    ) -> Vec<StoreEvent> {
        let line = Line {
            at: self.time(now),
            action,
            article,
            note,
        };
        self.submit_line(line, pin)
    }

    /// Sends one parsed line.
    pub fn submit_line(&mut self, line: Line, pin: Option<String>) -> Vec<StoreEvent> {
        self.persist_if_needed();
        match &mut self.backing {
            Backing::Here(journal) => {
                let reply = match journal.append_line(&line, pin.as_deref()) {
                    Ok(a) => StoreEvent::Saved {
                        n: a.n,
                        applied: a.applied,
                        slip: a.slip,
                    },
                    Err(JournalError::Io(e)) => StoreEvent::NotSaved(e.to_string()),
                    Err(e) => StoreEvent::Refused(e.to_string()),
                };
                if pin.is_some() && journal.unlocked() {
                    self.unlocked = true;
                }
                self.session = journal.session().clone();
                self.note(&reply);
                vec![reply]
            }
            Backing::Thread(writer) => {
                writer.send(Request::Append { line, pin });
                Vec::new()
            }
        }
    }

    /// Unlocks the arbiter's actions with `pin`.
    pub fn unlock(&mut self, pin: String) -> Vec<StoreEvent> {
        match &mut self.backing {
            Backing::Here(journal) => match journal.unlock(&pin) {
                Ok(()) => {
                    self.unlocked = true;
                    vec![StoreEvent::Unlocked]
                }
                Err(e) => vec![StoreEvent::Refused(e.to_string())],
            },
            Backing::Thread(writer) => {
                writer.send(Request::Unlock(pin));
                Vec::new()
            }
        }
    }

    /// The writer's answers since the last call.
    pub fn poll(&mut self) -> Vec<StoreEvent> {
        let Backing::Thread(writer) = &mut self.backing else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for reply in writer.poll() {
            let event = match reply {
                Reply::Appended {
                    n,
                    applied,
                    session,
                    slip,
                } => {
                    self.session = *session;
                    StoreEvent::Saved { n, applied, slip }
                }
                Reply::Unlocked => {
                    self.unlocked = true;
                    StoreEvent::Unlocked
                }
                Reply::Relocated(path) => {
                    self.path = Some(path.clone());
                    self.not_saved = None;
                    StoreEvent::Moved(path)
                }
                Reply::Refused(e) => StoreEvent::Refused(e),
                Reply::NotSaved(e) => StoreEvent::NotSaved(e),
            };
            self.note(&event);
            out.push(event);
        }
        out
    }

    fn note(&mut self, event: &StoreEvent) {
        match event {
            StoreEvent::Saved { n, .. } => {
                self.last_saved = Some(*n);
                self.not_saved = None;
                // The arbiter has ruled on the time away: the clocks are live again.
                if matches!(
                    self.session.log().last().map(|e| &e.event),
                    Some(Event::Gap { .. })
                ) {
                    self.gap = None;
                }
            }
            StoreEvent::NotSaved(e) => self.not_saved = Some(e.clone()),
            _ => {}
        }
    }

    /// Writes a game kept in memory into its folder at its first entry.
    fn persist_if_needed(&mut self) {
        let Some(folder) = self.folder.clone() else {
            return;
        };
        let Backing::Here(journal) = &mut self.backing else {
            return;
        };
        if journal.on_disk() {
            return;
        }
        if let Err(e) = std::fs::create_dir_all(&folder) {
            self.not_saved = Some(format!("{}: {e}", folder.display()));
            return;
        }
        let utc = crate::time::utc_text(crate::time::utc_now());
        let name = session_file_name(self.session.setup(), &utc);
        let mut path = folder.join(&name);
        let mut k = 2;
        while path.exists() && k < 1000 {
            path = folder.join(format!("{}-{k}.tyj", name.trim_end_matches(".tyj")));
            k += 1;
        }
        match journal.persist(&path) {
            Ok(()) => {
                self.path = Some(path);
                self.start_thread_if_on_disk();
            }
            Err(e) => self.not_saved = Some(e.to_string()),
        }
    }

    /// Goes on in a new file in `folder` after a failed write (the stick was pulled): every
    /// entry so far is written there from memory; the answer arrives as [`StoreEvent::Moved`].
    pub fn move_to_folder(&mut self, folder: PathBuf) -> Vec<StoreEvent> {
        if let Err(e) = std::fs::create_dir_all(&folder) {
            return vec![StoreEvent::NotSaved(format!("{}: {e}", folder.display()))];
        }
        let utc = crate::time::utc_text(crate::time::utc_now());
        let path = folder.join(session_file_name(self.session.setup(), &utc));
        self.folder = Some(folder);
        match &mut self.backing {
            Backing::Here(journal) => {
                let event = match journal.relocate(&path) {
                    Ok(()) => {
                        self.path = Some(path.clone());
                        self.not_saved = None;
                        StoreEvent::Moved(path)
                    }
                    Err(e) => StoreEvent::NotSaved(e.to_string()),
                };
                self.start_thread_if_on_disk();
                vec![event]
            }
            Backing::Thread(writer) => {
                writer.send(Request::Relocate(path));
                Vec::new()
            }
        }
    }
}
