//! A board's hall link on its own thread, for the app's hall setting (issue 14 item 3): the
//! same link as `tianyuan hall board`, started for the session file the app writes, with a
//! status light the window reads each frame and the rulings received kept beside the journal
//! (`FILE.rulings`) for the board's arbiter to enter. Without the setting nothing starts and
//! the board works alone exactly as before; with it, a failing network only changes the light.
//!
//! Not wired into the window yet: the app owns a `BoardThread` per open session when the
//! setting is on, shows `status()` beside the clocks and offers `rulings()` in the arbiter tab.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};

use super::board_link::{BoardOptions, BoardReport, run_board};
use super::names::{EventName, parse_table};
use super::outbox::LinkStatus;
use super::ruling::SignedRuling;
use crate::files::rulings_inbox::{InboxEntry, add_to_inbox};
use crate::time::SystemTimeSource;

/// The hall setting as the app keeps it (persisted with the other settings).
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
    /// The board's credentials file from the desk (`table-N.creds`); empty: an open server.
    pub creds: String,
}

/// What the window reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardLight {
    /// The status light.
    pub status: LinkStatus,
    /// The last thing worth saying (a server error, a refused ruling, the link's end).
    pub note: Option<String>,
    /// Rulings received and verified, not yet entered (newest last).
    pub rulings: Vec<SignedRuling>,
}

/// A running link; stopped when dropped.
#[derive(Debug)]
pub struct BoardThread {
    light: Arc<Mutex<BoardLight>>,
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl BoardThread {
    /// Starts the link for `session` as the setting says. Errors are the setting's (a bad
    /// event, table or credentials file): the window shows them and the board goes on alone.
    pub fn start(setting: &HallSetting, session: PathBuf) -> Result<BoardThread, String> {
        let event = EventName::new(setting.event.trim())?;
        let table = parse_table(setting.table.trim())?;
        let mut options = BoardOptions::new(setting.server.trim(), event, table, session.clone());
        if !setting.creds.trim().is_empty() {
            let path = std::path::Path::new(setting.creds.trim());
            let text = crate::files::read_bounded(path, 64 * 1024)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            let text = String::from_utf8(text)
                .map_err(|_| format!("{}: not a credentials file", path.display()))?;
            options.creds = Some(
                super::creds::Creds::parse(&text)
                    .map_err(|e| format!("{}: {e}", path.display()))?,
            );
        }
        let light = Arc::new(Mutex::new(BoardLight {
            status: LinkStatus::Offline { waiting: 0 },
            note: None,
            rulings: Vec::new(),
        }));
        let stop = Arc::new(AtomicBool::new(false));
        let (shared, flag) = (light.clone(), stop.clone());
        let thread = std::thread::Builder::new()
            .name("tianyuan-hall-board".into())
            .spawn(move || run(options, session, shared, flag))
            .map_err(|e| format!("cannot start the hall link: {e}"))?;
        Ok(BoardThread {
            light,
            stop,
            thread: Some(thread),
        })
    }

    /// The light as of now.
    pub fn light(&self) -> BoardLight {
        match self.light.lock() {
            Ok(l) => l.clone(),
            Err(p) => p.into_inner().clone(),
        }
    }

    /// Forgets a ruling once the board's arbiter entered it (or its acceptance failed for good).
    pub fn entered(&self, id: &str) {
        if let Ok(mut l) = self.light.lock() {
            l.rulings.retain(|r| r.id != id);
        }
    }
}

impl Drop for BoardThread {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn run(
    options: BoardOptions,
    journal: PathBuf,
    light: Arc<Mutex<BoardLight>>,
    stop: Arc<AtomicBool>,
) {
    let set = |f: &mut dyn FnMut(&mut BoardLight)| {
        if let Ok(mut l) = light.lock() {
            f(&mut l);
        }
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
        BoardReport::Status(s) => set(&mut |l| l.status = s.clone()),
        BoardReport::Ruling(r, key) => {
            let entry = InboxEntry {
                key,
                ruling: r.clone(),
            };
            // Kept beside the journal first, so a ruling survives the app's restart.
            let kept = add_to_inbox(&journal, &entry);
            set(&mut |l| match &kept {
                Ok(_) => {
                    if !l.rulings.iter().any(|x| x.id == r.id) {
                        l.rulings.push(r.clone());
                    }
                }
                Err(e) => l.note = Some(format!("ruling {} could not be kept: {e}", r.id)),
            });
        }
        BoardReport::RulingRefused(why) => set(&mut |l| l.note = Some(why.clone())),
        BoardReport::Confirmed(_) => {}
        BoardReport::Note(n) => set(&mut |l| l.note = Some(n.clone())),
    }));
    if let Err(e) = result {
        set(&mut |l| l.note = Some(e.clone()));
    }
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
        }
    }

    #[test]
    fn issue14_a_bad_setting_is_refused_and_an_unreachable_server_leaves_the_board_offline() {
        let session = std::env::temp_dir().join(format!("ty-bt-{}.tyj", std::process::id()));
        assert!(BoardThread::start(&setting("a b", "1"), session.clone()).is_err());
        assert!(BoardThread::start(&setting("cup", "zero"), session.clone()).is_err());
        let mut bad_creds = setting("cup", "1");
        bad_creds.creds = "/nonexistent/table-1.creds".into();
        assert!(BoardThread::start(&bad_creds, session.clone()).is_err());
        let link = BoardThread::start(&setting("cup", "1"), session).unwrap();
        assert!(matches!(link.light().status, LinkStatus::Offline { .. }));
        assert!(link.light().rulings.is_empty());
        drop(link); // stops and joins without a server
    }
}
