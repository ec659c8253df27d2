//! Restart done right: unfinished sessions are offered at every start (not while teaching mode
//! is on: the offer waits until the mode is left), the time away is measured to the moment the
//! arbiter picks a game, and the session's time line stands still until the arbiter decides
//! whether that time is charged ([`super::live_game::GapDecision`]).

use std::path::PathBuf;

use super::effect::Effect;
use super::live_game::LiveGame;
use super::notice::Notice;
use super::{Host, Tab};
use crate::app::resume::Resumable;
use crate::clock::{Millis, Timestamp};
use crate::files::journal_writer::{Reply, Request};

/// The unfinished sessions found at start, until the offer is answered.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ResumeOffer {
    /// The search is still running.
    pub searching: bool,
    /// What it found (each with the time since its last entry when it was found).
    pub found: Vec<Resumable>,
    /// The app's instant of the search's answer: the time away grows from there.
    pub found_at: Timestamp,
    /// A picked session being opened by the writer: its file and time away.
    pub opening: Option<(crate::files::journal_writer::GameId, PathBuf, Millis)>,
    /// Teaching mode holds the offer back until it is left.
    pub held: bool,
}

impl ResumeOffer {
    /// Whether the offer is on screen.
    pub fn shown(&self) -> bool {
        !self.found.is_empty() && !self.held
    }

    /// Whether the offer is still to come or to be answered.
    pub fn pending(&self) -> bool {
        self.searching || !self.found.is_empty() || self.opening.is_some()
    }

    /// The time away of `r` at the app's `now`.
    pub fn away(&self, r: &Resumable, now: Timestamp) -> Millis {
        Millis(r.away.0 + now.0.saturating_sub(self.found_at.0) as i64)
    }

    /// Not now: the sessions stay on disk for a later start.
    pub fn dismiss(&mut self) {
        self.found.clear();
        self.held = false;
    }
}

impl Host {
    /// The search's answer: the sessions worth offering (a move, a press or a ruling in them;
    /// the live game's own file never).
    pub(super) fn resume_found(
        &mut self,
        found: Vec<Resumable>,
        now: Timestamp,
        fx: &mut Vec<Effect>,
    ) {
        self.resume.searching = false;
        let own = self.game.path.clone();
        self.resume.found = found
            .into_iter()
            .filter(|r| r.worth_offering && Some(&r.path) != own.as_ref())
            .collect();
        self.resume.found_at = now;
        self.resume.held = self.teaching;
        if self.resume.found.is_empty() {
            self.offer_answered(now, fx);
        }
    }

    /// The arbiter picked a session: the writer opens it (its lock, a torn tail); the time
    /// away is fixed now.
    pub(super) fn resume_session(&mut self, path: PathBuf, now: Timestamp, fx: &mut Vec<Effect>) {
        let Some(r) = self.resume.found.iter().find(|r| r.path == path) else {
            return;
        };
        let away = self.resume.away(r, now);
        let id = self.next_game;
        self.next_game += 1;
        self.resume.opening = Some((id, path.clone(), away));
        self.resume.found.clear();
        fx.push(Effect::Journal(Request::Open { game: id, path }));
    }

    /// The writer opened (or could not open) the picked session.
    pub(super) fn resume_opened(&mut self, reply: Reply, now: Timestamp, fx: &mut Vec<Effect>) {
        let Some((id, _, away)) = self.resume.opening.clone() else {
            return;
        };
        if reply.game() != id {
            return;
        }
        self.resume.opening = None;
        match reply {
            Reply::Opened {
                path,
                session,
                locked,
                ..
            } => {
                self.game = LiveGame::resumed(id, *session, path, locked, away, now);
                self.lock.close();
                self.view_move = None;
                self.tab = Tab::Arbiter;
                self.notice = None;
                self.start_after_offer = false;
                fx.extend(self.reschedule_voice(now));
            }
            Reply::OpenFailed { path, problem, .. } => {
                self.notice = Some(Notice::CannotResume(path, problem));
                self.offer_answered(now, fx);
            }
            _ => {}
        }
    }
}
