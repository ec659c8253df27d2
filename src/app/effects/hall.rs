//! The hall link in the effects runner (issue 18 item 6): the runner owns the table's one
//! [`HallLink`] and carries out the host's [`HallRequest`]s on it; the link's light comes back
//! as [`HallCommand::Light`] whenever it changes (the link wakes the window).
//!
//! Starting reads the credentials file (when one is named) and spawns the link's thread, so it
//! runs on a short-lived worker; stopping joins the link's thread, so a stopped link is dropped
//! on another worker. The thread that draws never waits on either.

use std::sync::mpsc::{Receiver, TryRecvError, channel};

use crate::app::host::Command;
use crate::app::host::hall::{HallCommand, HallRequest};
use crate::hall::link::{HallLink, LinkLight};
use crate::wake::Waker;

/// The runner's side of the hall.
pub struct HallRunner {
    link: Option<HallLink>,
    starting: Option<Receiver<Result<HallLink, String>>>,
    last: Option<LinkLight>,
    wake: Waker,
}

impl std::fmt::Debug for HallRunner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HallRunner")
            .field("linked", &self.link.is_some())
            .field("starting", &self.starting.is_some())
            .finish()
    }
}

impl HallRunner {
    /// No link yet; `wake` wakes the window when the link's light changes.
    pub fn new(wake: Waker) -> HallRunner {
        HallRunner {
            link: None,
            starting: None,
            last: None,
            wake,
        }
    }

    /// Carries out one request of the host.
    pub fn run(&mut self, request: HallRequest) {
        match request {
            HallRequest::Start(setting, folder) => {
                self.stop();
                let (tx, rx) = channel();
                let wake = self.wake.clone();
                let spawned = std::thread::Builder::new()
                    .name("tianyuan-hall-start".into())
                    .spawn(move || {
                        let started = HallLink::start_in(&setting, folder.as_deref(), wake.clone());
                        // Stopped meanwhile: the link is dropped (and stopped) here.
                        let _ = tx.send(started);
                        wake();
                    });
                if spawned.is_ok() {
                    self.starting = Some(rx);
                }
            }
            HallRequest::Stop => self.stop(),
            HallRequest::Begin(path) => {
                if let Some(l) = &self.link {
                    l.begin_session(&path);
                }
            }
            HallRequest::Feed(lines) => {
                if let Some(l) = &self.link {
                    for (n, line) in lines {
                        l.feed(n, line);
                    }
                }
            }
            HallRequest::Entered(id) => {
                if let Some(l) = &self.link {
                    l.entered(&id);
                }
            }
        }
    }

    fn stop(&mut self) {
        self.starting = None;
        self.last = None;
        if let Some(link) = self.link.take() {
            // Joining the link's thread may take a poll's time: not on the thread that draws.
            let dropped = std::thread::Builder::new()
                .name("tianyuan-hall-stop".into())
                .spawn(move || drop(link));
            // Without a thread the link is already dropped (and joined) in the failed closure.
            let _ = dropped;
        }
    }

    /// The link started (or was refused), and the light if it changed.
    pub fn poll(&mut self) -> Vec<Command> {
        let mut out = Vec::new();
        if let Some(rx) = &self.starting {
            let answer = match rx.try_recv() {
                Ok(Ok(link)) => {
                    let light = link.light();
                    let started = HallCommand::Started {
                        key: link.desk_key(),
                        identity: link.identity().clone(),
                        open_server: light.open_server,
                    };
                    self.link = Some(link);
                    Some(started)
                }
                Ok(Err(why)) => Some(HallCommand::Refused(why)),
                Err(TryRecvError::Empty) => None,
                Err(TryRecvError::Disconnected) => Some(HallCommand::Refused(
                    "the hall link could not start".to_owned(),
                )),
            };
            if let Some(a) = answer {
                self.starting = None;
                out.push(Command::Hall(a));
            }
        }
        if let Some(link) = &self.link {
            let light = link.light();
            if self.last.as_ref() != Some(&light) {
                self.last = Some(light.clone());
                out.push(Command::Hall(HallCommand::Light(light)));
            }
        }
        out
    }

    /// Whether the link is still starting (its answer is due).
    pub fn busy(&self) -> bool {
        self.starting.is_some()
    }
}
