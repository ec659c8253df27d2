//! The board's hall link on its own thread: the window's API (issue 18, for item 6).
//!
//! The window starts one [`HallLink`] for its table from the Hall setting, announces each
//! session it opens ([`HallLink::begin_session`], the next game at the same table included)
//! and feeds it the journal writer's acknowledged entries ([`HallLink::feed`]: the entry's
//! number and its exact line), so the file is never read a second time. Each frame it reads
//! [`HallLink::light`]: the status light, the backlog (entries written and not yet at the
//! desk), and the desk's rulings received, each with its id and signature state. A verified
//! ruling is entered through [`super::accept::ruling_line`] with [`HallLink::desk_key`] and
//! [`HallLink::identity`], then the journal writer with the arbiter's PIN. Dropping the link
//! (or [`HallLink::stop`]) stops it. Without the setting nothing starts and the board works
//! alone exactly as before; a failing network only changes the light.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};

use super::accept::BoardIdentity;
use super::board_link::{BoardOptions, BoardReport, Feed, Source, check_creds, run_board};
use super::creds::{Creds, creds_from_arg};
use super::inbox::{InboxEntry, add_to_inbox};
use super::names::{EventName, parse_table};
use super::outbox::LinkStatus;
use super::ruling::{ChiefPublicKey, Signature, SignedRuling};
use crate::time::SystemTimeSource;
use crate::wake::Waker;

/// The Hall setting as the window keeps it (persisted with the other settings).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct HallSetting {
    /// On or off: off is the board alone, as without hall mode.
    pub enabled: bool,
    /// The hall's server, e.g. `nats://192.168.1.10:4222`.
    pub server: String,
    /// The event's name on the bus.
    pub event: String,
    /// The table, as typed.
    pub table: String,
    /// The board's join code (`ty1:…`) or credentials file (`table-N.creds`); empty: an open
    /// server.
    pub creds: String,
    /// The event's desk key (hex) for an open server, to accept rulings there.
    pub desk_key: String,
}

/// A ruling as the window shows it in the Arbiter tab.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReceivedRuling {
    /// The ruling (its id, action, table, session, time).
    pub ruling: SignedRuling,
    /// Its signature state: only a verified ruling can be entered.
    pub signature: Signature,
}

/// What the window reads each frame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkLight {
    /// The status light.
    pub status: LinkStatus,
    /// Entries written at this board that the desk does not hold yet (every session the link
    /// still carries).
    pub backlog: u32,
    /// The server is open (no credentials): say "anyone on this network can publish".
    pub open_server: bool,
    /// The last thing worth saying (a server error, a refused ruling, the link's end).
    pub note: Option<String>,
    /// Rulings received and not yet entered (newest last).
    pub rulings: Vec<ReceivedRuling>,
    /// Connected to the server, but the desk did not answer the board's last hello: entries
    /// wait on the board and no ruling can come.
    pub desk_silent: bool,
}

/// A running link; stopped when dropped.
#[derive(Debug)]
pub struct HallLink {
    feed: tokio::sync::mpsc::UnboundedSender<Feed>,
    light: Arc<Mutex<LinkLight>>,
    stop: Arc<AtomicBool>,
    key: Option<ChiefPublicKey>,
    identity: BoardIdentity,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// The link's options from the setting (checked: a bad event, table, credentials or key).
pub fn options_of(setting: &HallSetting, source: Source) -> Result<BoardOptions, String> {
    let event = EventName::new(setting.event.trim())?;
    let table = parse_table(setting.table.trim())?;
    let mut options = BoardOptions::new(setting.server.trim(), event.clone(), table, source);
    if !setting.creds.trim().is_empty() {
        let creds: Creds = creds_from_arg(setting.creds.trim())?;
        check_creds(&creds, &event, table)?;
        options.creds = Some(creds);
    }
    if !setting.desk_key.trim().is_empty() {
        options.desk_key = Some(
            ChiefPublicKey::from_hex(setting.desk_key.trim())
                .ok_or("the desk key is not a public key (64 hex digits)")?,
        );
    }
    Ok(options)
}

impl HallLink {
    /// Starts the link as the setting says; `wake` is called when the light changes. Errors
    /// are the setting's: the window shows them and the board goes on alone.
    pub fn start(setting: &HallSetting, wake: Waker) -> Result<HallLink, String> {
        HallLink::start_in(setting, None, wake)
    }

    /// [`HallLink::start`] for a window whose sessions are in `folder`: the link keeps its
    /// ledger there ([`super::board_link::ledger_path`]), and on start carries again every
    /// session the last run carried (read once from its journal), so a window killed with a
    /// backlog loses nothing and the desk gets nothing twice.
    pub fn start_in(
        setting: &HallSetting,
        folder: Option<&Path>,
        wake: Waker,
    ) -> Result<HallLink, String> {
        let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
        let mut options = options_of(setting, Source::Fed(rx))?;
        options.ledger =
            folder.map(|f| super::board_link::ledger_path(f, &options.event, options.table));
        let key = options.key();
        let identity = BoardIdentity {
            event: Some(options.event.as_str().to_owned()),
            table: Some(options.table),
        };
        let open_server = options.creds.is_none();
        let light = Arc::new(Mutex::new(LinkLight {
            status: LinkStatus::Offline { waiting: 0 },
            backlog: 0,
            open_server,
            note: open_server.then(|| super::OPEN_SERVER_WARNING.to_owned()),
            rulings: Vec::new(),
            desk_silent: false,
        }));
        let stop = Arc::new(AtomicBool::new(false));
        let (shared, flag) = (light.clone(), stop.clone());
        let thread = std::thread::Builder::new()
            .name("tianyuan-hall-link".into())
            .spawn(move || run(options, shared, flag, wake))
            .map_err(|e| format!("cannot start the hall link: {e}"))?;
        Ok(HallLink {
            feed: tx,
            light,
            stop,
            key,
            identity,
            thread: Some(thread),
        })
    }

    /// A session begins at this table (a new game, or one opened again): its journal's path.
    /// Its entries follow from entry 1 with [`HallLink::feed`]. The previous session's last
    /// entries still reach the desk.
    pub fn begin_session(&self, journal: &Path) {
        let _ = self.feed.send(Feed::Session(journal.to_path_buf()));
    }

    /// The journal writer acknowledged entry `n`: its exact line (`\n` included).
    pub fn feed(&self, n: u32, line: Vec<u8>) {
        let _ = self.feed.send(Feed::Entry(n, line));
    }

    /// The light as of now.
    pub fn light(&self) -> LinkLight {
        match self.light.lock() {
            Ok(l) => l.clone(),
            Err(p) => p.into_inner().clone(),
        }
    }

    /// The event's desk key rulings are verified with (none: an open server without one).
    pub fn desk_key(&self) -> Option<ChiefPublicKey> {
        self.key
    }

    /// The event and table this board is (for [`super::accept::ruling_line`]).
    pub fn identity(&self) -> &BoardIdentity {
        &self.identity
    }

    /// Forgets a ruling once the board's arbiter entered it.
    pub fn entered(&self, id: &str) {
        if let Ok(mut l) = self.light.lock() {
            l.rulings.retain(|r| r.ruling.id != id);
        }
    }

    /// Stops the link (the same as dropping it).
    pub fn stop(self) {}
}

impl Drop for HallLink {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Keeps a verified ruling beside its journal (so it survives a restart and `tianyuan hall
/// accept` sees it); says whether it was kept.
pub fn keep_ruling(journal: Option<&Path>, ruling: &SignedRuling) -> Result<bool, String> {
    match journal {
        None => Ok(false),
        Some(j) => add_to_inbox(
            j,
            &InboxEntry {
                ruling: ruling.clone(),
            },
        )
        .map_err(|e| format!("ruling {} could not be kept: {e}", ruling.id)),
    }
}

fn run(options: BoardOptions, light: Arc<Mutex<LinkLight>>, stop: Arc<AtomicBool>, wake: Waker) {
    let set = |f: &mut dyn FnMut(&mut LinkLight)| {
        if let Ok(mut l) = light.lock() {
            f(&mut l);
        }
        wake();
    };
    let rt = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            set(&mut |l| l.note = Some(format!("cannot start the network runtime: {e}")));
            return;
        }
    };
    let time = SystemTimeSource::new();
    let result = rt.block_on(run_board(options, &time, stop, |r| match r {
        BoardReport::Status(s) => set(&mut |l| {
            if matches!(s, LinkStatus::Offline { .. }) {
                // Cut off from the server: whether the desk answers is not known.
                l.desk_silent = false;
            }
            l.status = s.clone();
        }),
        BoardReport::DeskAnswers(yes) => set(&mut |l| l.desk_silent = !yes),
        BoardReport::Backlog(n) => set(&mut |l| l.backlog = n),
        BoardReport::Ruling(r, signature, journal) => {
            let kept = match signature {
                Signature::Verified => keep_ruling(journal.as_deref(), &r),
                _ => Ok(false),
            };
            set(&mut |l| {
                if let Err(e) = &kept {
                    l.note = Some(e.clone());
                }
                if !l.rulings.iter().any(|x| x.ruling.id == r.id) {
                    l.rulings.push(ReceivedRuling {
                        ruling: r.clone(),
                        signature,
                    });
                }
            });
        }
        BoardReport::RulingRefused(why) => set(&mut |l| l.note = Some(why.clone())),
        BoardReport::Confirmed(_) | BoardReport::Asked(_) => {}
        BoardReport::Note(n) => set(&mut |l| l.note = Some(n.clone())),
    }));
    if let Err(e) = result {
        set(&mut |l| l.note = Some(e.clone()));
    }
}

/// The journal a ruling's inbox sits beside, for a window that keeps several sessions.
pub fn inbox_of(journal: &Path) -> PathBuf {
    super::inbox::inbox_path(journal)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setting(event: &str, table: &str) -> HallSetting {
        HallSetting {
            enabled: true,
            // Nothing listens on port 1: the link stays offline and the board works alone.
            server: "nats://127.0.0.1:1".into(),
            event: event.into(),
            table: table.into(),
            creds: String::new(),
            desk_key: String::new(),
        }
    }

    #[test]
    fn issue18_a_bad_setting_is_refused_and_an_unreachable_server_leaves_the_board_offline() {
        let none = crate::wake::none();
        assert!(HallLink::start(&setting("a b", "1"), none.clone()).is_err());
        assert!(HallLink::start(&setting("cup", "zero"), none.clone()).is_err());
        let mut bad_creds = setting("cup", "1");
        bad_creds.creds = "/nonexistent/table-1.creds".into();
        assert!(HallLink::start(&bad_creds, none.clone()).is_err());
        let mut code = setting("cup", "1");
        code.creds = "ty1:cup:1:SUxxxxxxxxxxxxxxxx:00".into();
        let e = HallLink::start(&code, none.clone()).unwrap_err();
        assert!(e.contains("join code") && !e.contains("SUxxxx"), "{e}");
        let mut key = setting("cup", "1");
        key.desk_key = "12".into();
        assert!(HallLink::start(&key, none.clone()).is_err());
        let link = HallLink::start(&setting("cup", "1"), none).unwrap();
        let light = link.light();
        assert!(matches!(light.status, LinkStatus::Offline { .. }));
        assert!(light.open_server && light.rulings.is_empty());
        assert!(link.desk_key().is_none());
        link.begin_session(Path::new("/nonexistent/game.tyj"));
        link.feed(1, b"not a line\n".to_vec());
        link.stop(); // stops and joins without a server
    }
}
