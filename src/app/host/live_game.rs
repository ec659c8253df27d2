//! The game at the board as the host holds it: the session as acknowledged by the journal
//! writer, the session's time line, and what is on its way to the disk. No I/O here: every
//! action becomes a [`Request`] for the writer thread, and the session changes only when the
//! writer answers that the entry is synced ("Saved (entry N)" means on disk).

use std::path::PathBuf;

use crate::clock::{Millis, Timestamp};
use crate::files::journal::JournalProblem;
use crate::files::journal_writer::{GameId, Request, Secret};
use crate::session::shorthand::{Action, Line};
use crate::session::{Event, Session};

/// After a restart: the time away waits for the decision; the time line stands still at
/// `resume_at` meanwhile, so the time spent deciding is never charged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GapDecision {
    /// The wall-clock time from the last entry to the moment the game was picked.
    pub away: Millis,
    /// The session's instant the decision is written at: the last entry's T plus `away`.
    pub resume_at: Timestamp,
    /// The side whose clock was running (it is charged if the arbiter says so).
    pub side: Option<crate::rules::Color>,
}

/// The game at the board.
#[derive(Clone, Debug)]
pub struct LiveGame {
    /// This run's number for the game (answers for a replaced game are dropped).
    pub id: GameId,
    /// The session as saved: every entry in it is on disk (or, in tests, in memory).
    pub session: Session,
    /// The session's instant minus the app's instant, in milliseconds.
    offset: i64,
    /// The journal's file, once the game is written.
    pub path: Option<PathBuf>,
    /// The game has an arbiter's PIN (its rulings are locked).
    pub locked: bool,
    /// Requests sent to the writer and not answered yet ("Saving…").
    pub pending: u32,
    /// The last saved entry's number.
    pub last_saved: Option<u32>,
    /// The last write failed: what the disk said (the window shows "NOT SAVED").
    pub not_saved: Option<JournalProblem>,
    /// After a restart, until the arbiter decides about the time away.
    pub gap: Option<GapDecision>,
    /// The game was opened from a file to go on with it (not begun in this run).
    pub resumed: bool,
}

impl LiveGame {
    /// A new game of `session` begun at the app's instant `now` (its T = 0).
    pub fn new(id: GameId, session: Session, locked: bool, now: Timestamp) -> LiveGame {
        LiveGame {
            id,
            session,
            offset: -(now.0 as i64),
            path: None,
            locked,
            pending: 0,
            last_saved: None,
            not_saved: None,
            gap: None,
            resumed: false,
        }
    }

    /// A session opened from `path` after a restart, picked at `now` after `away` of wall-clock
    /// time since its last entry. Its time line goes on from the last entry's T plus `away`,
    /// standing still until the arbiter decides whether that time is charged.
    pub fn resumed(
        id: GameId,
        session: Session,
        path: PathBuf,
        locked: bool,
        away: Millis,
        now: Timestamp,
    ) -> LiveGame {
        let away = Millis(away.0.max(0));
        let resume_at = Timestamp(
            session
                .last_at()
                .0
                .saturating_add(u64::try_from(away.0).unwrap_or(0)),
        );
        let running = session.outcome().is_none()
            && session
                .clock()
                .is_some_and(|k| k.paused().is_none() && k.to_move().is_some())
            && started(&session);
        let side = session
            .clock()
            .and_then(|k| k.to_move())
            .map(crate::session::color_of);
        let mut game = LiveGame {
            id,
            session,
            offset: 0,
            path: Some(path),
            locked,
            pending: 0,
            last_saved: None,
            not_saved: None,
            gap: None,
            resumed: true,
        };
        game.set_time(now, resume_at);
        if running {
            game.gap = Some(GapDecision {
                away,
                resume_at,
                side,
            });
        }
        game
    }

    /// Sets the time line so that the app's `now` is the session's `at`.
    pub fn set_time(&mut self, now: Timestamp, at: Timestamp) {
        self.offset = at.0 as i64 - now.0 as i64;
    }

    /// The session's instant for the app's `now` (never before the last entry; standing still
    /// while the time away waits for its decision).
    pub fn time(&self, now: Timestamp) -> Timestamp {
        if let Some(gap) = self.gap {
            return gap.resume_at.max(self.session.last_at());
        }
        let t = (now.0 as i64).saturating_add(self.offset).max(0);
        Timestamp(t as u64).max(self.session.last_at())
    }

    /// The app's instant for the session's `at` (the voice is scheduled on the app's time).
    pub fn app_time(&self, at: Timestamp) -> Timestamp {
        Timestamp((at.0 as i64).saturating_sub(self.offset).max(0) as u64)
    }

    /// Whether answers from the writer are still due.
    pub fn busy(&self) -> bool {
        self.pending > 0
    }

    /// Whether the clock has been started: a start signal or a turn was recorded. Until then
    /// the faces stand still (a new game's clock starts only when the arbiter starts it).
    pub fn started(&self) -> bool {
        started(&self.session)
    }

    /// Whether the clock runs on screen: started, and not waiting for the decision on a gap.
    pub fn clock_live(&self) -> bool {
        self.started() && self.gap.is_none()
    }

    /// Whether the game holds anything a restart should offer back: a move, a press or a
    /// ruling, and no result yet.
    pub fn worth_resuming(&self) -> bool {
        self.session.outcome().is_none() && worth_resuming(&self.session)
    }

    /// The request that appends `action` at the app's `now`; `secret` for seals only.
    pub fn append(
        &mut self,
        now: Timestamp,
        action: Action,
        article: Option<String>,
        note: Option<String>,
        secret: Option<Secret>,
    ) -> Request {
        let at = self.time(now);
        self.append_at(at, action, article, note, secret)
    }

    /// The request that appends `action` at the session's instant `at`.
    pub fn append_at(
        &mut self,
        at: Timestamp,
        action: Action,
        article: Option<String>,
        note: Option<String>,
        secret: Option<Secret>,
    ) -> Request {
        self.pending += 1;
        Request::Append {
            game: self.id,
            line: Line {
                at,
                action,
                article,
                note,
            },
            secret,
        }
    }

    /// A request that expects an answer was sent (a PIN check, a move to another folder).
    pub fn sent(&mut self) {
        self.pending += 1;
    }

    /// An answer came.
    pub fn answered(&mut self) {
        self.pending = self.pending.saturating_sub(1);
    }
}

fn started(session: &Session) -> bool {
    session.turns() > 0
        || session
            .log()
            .iter()
            .any(|e| matches!(e.event, Event::Start | Event::Press(_)))
}

/// Whether a session holds a move, a press or a ruling (a launch game with nothing in it is
/// not offered after a restart).
pub fn worth_resuming(session: &Session) -> bool {
    session
        .log()
        .iter()
        .any(|e| e.event.is_turn() || e.event.needs_arbiter())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::GameSetup;

    #[test]
    fn the_time_line_goes_on_from_the_last_entry_plus_the_time_away() {
        let mut s = Session::new(GameSetup {
            time_control: "fischer:main=10m,inc=0".parse().ok(),
            ..GameSetup::default()
        })
        .expect("setup");
        let _ = s.record(Timestamp(0), Event::Start);
        let _ = s.record(
            Timestamp(500_000),
            Event::Move {
                color: crate::rules::Color::Black,
                mv: crate::rules::Move::Pass,
            },
        );
        // The app restarted 3 s ago; the game was away 85 s.
        let g = LiveGame::resumed(
            1,
            s,
            PathBuf::from("x.tyj"),
            false,
            Millis(85_000),
            Timestamp(3_000),
        );
        let gap = g.gap.expect("a running clock asks");
        assert_eq!(gap.resume_at, Timestamp(585_000));
        // Standing still while the arbiter decides.
        assert_eq!(g.time(Timestamp(3_000)), Timestamp(585_000));
        assert_eq!(g.time(Timestamp(60_000)), Timestamp(585_000));
        assert!(!g.clock_live());
    }
}
