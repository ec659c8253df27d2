//! The dead-stone suggestion at counting (issue 11 item 5), egui-free.
//!
//! When a game at the board enters counting, [`DeadStoneHelp::sync`] asks the built-in
//! estimator ([`crate::analysis::suggest`]) on a worker thread — a suggestion takes tens of
//! milliseconds on 19×19, too long for a frame — and [`DeadStoneHelp::poll`] takes the answer.
//! The suggestion is only *shown*: nothing reaches the journal until the players or the
//! arbiter accept it ([`accept_events`]: one `Dead` entry per chain whose mark changes, each
//! with the suggestion's provenance in its note), change it chain by chain with clicks, or
//! ignore it. Never applied silently (Art. 8: life and death is agreed by the players).

use std::sync::Arc;
use std::sync::mpsc::{Receiver, channel};

use crate::analysis::{Settings, Status, Suggestion, suggest};
use crate::rules::{Board, Coord, Rules};
use crate::session::{Event, Phase, Session};

pub use crate::wake::Waker;

/// What the estimator is asked about: the position, the rules and the handicap.
#[derive(Clone, Debug)]
pub struct Question {
    /// The board at the end of play.
    pub board: Board,
    /// The rules (komi, ko).
    pub rules: Rules,
    /// Handicap stones (Black returns half a stone each when the rules say so).
    pub handicap: u8,
}

impl Question {
    /// The session's position when it is counting on the app's board, else `None` (a
    /// clock-only session's stones are on a physical board the app does not see).
    pub fn of_counting(session: &Session) -> Option<Question> {
        let on_board = session.setup().mode == crate::session::Mode::Board;
        (on_board && session.phase() == &Phase::Counting).then(|| Question {
            board: session.board(),
            rules: session.game().rules().clone(),
            handicap: session.setup().handicap.stones(),
        })
    }

    /// Identifies the question: the same position and komi get the same suggestion (the
    /// estimator is deterministic), so it is not asked twice.
    fn key(&self) -> u64 {
        self.board.hash()
            ^ u64::from(self.board.size()).rotate_left(56)
            ^ (self.rules.komi.0 as u64).rotate_left(40)
            ^ u64::from(self.handicap).rotate_left(32)
    }
}

/// The suggestion for the position being counted: asked for, ready, or ignored.
#[derive(Default)]
pub struct DeadStoneHelp {
    key: Option<u64>,
    pending: Option<Receiver<Suggestion>>,
    suggestion: Option<Arc<Suggestion>>,
    /// The users chose to go on without it: it is not shown (it can be shown again).
    pub ignored: bool,
}

impl std::fmt::Debug for DeadStoneHelp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DeadStoneHelp")
            .field("key", &self.key)
            .field("computing", &self.pending.is_some())
            .field("ready", &self.suggestion.is_some())
            .field("ignored", &self.ignored)
            .finish()
    }
}

impl DeadStoneHelp {
    /// Follows the position: asks for a suggestion on a worker thread when `question` is new,
    /// forgets it when there is none (play resumed, a new game). Returns whether a job started.
    pub fn sync(&mut self, question: Option<Question>, wake: &Waker) -> bool {
        let Some(q) = question else {
            *self = DeadStoneHelp::default();
            return false;
        };
        let key = q.key();
        if self.key == Some(key) {
            return false;
        }
        *self = DeadStoneHelp {
            key: Some(key),
            ..DeadStoneHelp::default()
        };
        let (tx, rx) = channel();
        let wake = Arc::clone(wake);
        let spawned = std::thread::Builder::new()
            .name("tianyuan-dead-stones".into())
            .spawn(move || {
                let s = suggest(&q.board, &q.rules, q.handicap, &SETTINGS);
                let _ = tx.send(s);
                wake();
            });
        // Without a thread there is no suggestion; counting by hand goes on as before.
        if spawned.is_ok() {
            self.pending = Some(rx);
        }
        spawned.is_ok()
    }

    /// Takes the worker's answer; returns whether it arrived now.
    pub fn poll(&mut self) -> bool {
        let Some(rx) = &self.pending else {
            return false;
        };
        match rx.try_recv() {
            Ok(s) => {
                self.suggestion = Some(Arc::new(s));
                self.pending = None;
                true
            }
            Err(std::sync::mpsc::TryRecvError::Empty) => false,
            Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                self.pending = None;
                false
            }
        }
    }

    /// Whether the estimator is still working.
    pub fn computing(&self) -> bool {
        self.pending.is_some()
    }

    /// The suggestion, once ready, whether shown or ignored.
    pub fn suggestion(&self) -> Option<&Arc<Suggestion>> {
        self.suggestion.as_ref()
    }

    /// The suggestion to show on the board: ready and not ignored.
    pub fn shown(&self) -> Option<&Arc<Suggestion>> {
        self.suggestion.as_ref().filter(|_| !self.ignored)
    }
}

/// The estimator's settings at the board: the defaults, which `tianyuan dead-stones` and the
/// accuracy tests use too, so the board shows what the command line prints.
pub const SETTINGS: Settings = Settings {
    playouts_per_side: 128,
    extra_playouts_per_side: 256,
    seed: 0,
};

/// Where the suggestion came from, for the journal entries that accept it.
pub fn provenance() -> String {
    format!(
        "suggestion accepted: built-in estimator (Benson pass-alive, {}+{} playouts per side to move, seed {})",
        SETTINGS.playouts_per_side, SETTINGS.extra_playouts_per_side, SETTINGS.seed
    )
}

/// The journal entries that make the session's dead marks equal the suggestion: one
/// [`Event::Dead`] (a toggle of the chain through the point) for every chain the suggestion
/// calls dead that is not marked, and for every marked chain it does not call dead; each with
/// the provenance and the chain in its note. Empty when the marks already agree.
pub fn accept_events(suggestion: &Suggestion, session: &Session) -> Vec<(Event, String)> {
    let marked = session.dead_stones();
    let size = session.game().size();
    let note = provenance();
    suggestion
        .chains
        .iter()
        .filter_map(|chain| {
            let first: Coord = *chain.stones.first()?;
            let wants_dead = chain.status == Status::Dead;
            let is_dead = chain.stones.iter().any(|s| marked.contains(s));
            (wants_dead != is_dead).then(|| {
                let what = if wants_dead { "dead" } else { "alive" };
                (
                    Event::Dead(first),
                    format!("{note}; {} {what}", first.to_gtp(size)),
                )
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::GameSetup;

    /// A position from rows (top row first): `X` black, `O` white, `.` empty.
    fn board(rows: &[&str]) -> Board {
        let diagram: Vec<String> = rows
            .iter()
            .map(|r| r.chars().map(String::from).collect::<Vec<_>>().join(" "))
            .collect();
        Board::from_diagram(&diagram.join("\n")).expect("diagram")
    }

    fn wait(help: &mut DeadStoneHelp) {
        for _ in 0..2000 {
            if help.poll() || help.suggestion().is_some() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        panic!("no suggestion in 10 s");
    }

    const DEAD_WHITE_INSIDE: [&str; 9] = [
        "..X.XO...",
        ".OX.XO...",
        "..X.XO...",
        "XXX.XO...",
        "....XO...",
        "XXXXXO...",
        "OOOOOO...",
        ".........",
        ".........",
    ];

    #[test]
    fn issue11_the_suggestion_is_asked_once_per_position_and_forgotten_when_play_resumes() {
        let wake: Waker = Arc::new(|| {});
        let q = Question {
            board: board(&DEAD_WHITE_INSIDE),
            rules: Rules::default(),
            handicap: 0,
        };
        let mut help = DeadStoneHelp::default();
        assert!(help.sync(Some(q.clone()), &wake));
        assert!(
            !help.sync(Some(q), &wake),
            "the same position is not asked twice"
        );
        wait(&mut help);
        let s = help.shown().expect("ready");
        assert!(s.dead.contains(&Coord::new(1, 1)), "{:?}", s.dead);
        help.ignored = true;
        assert!(help.shown().is_none() && help.suggestion().is_some());
        help.sync(None, &wake);
        assert!(help.suggestion().is_none() && !help.ignored);
    }

    #[test]
    fn issue11_accepting_toggles_only_the_chains_whose_mark_differs() {
        let b = board(&DEAD_WHITE_INSIDE);
        let s = suggest(&b, &Rules::default(), 0, &SETTINGS);
        let session = Session::new(GameSetup {
            size: 9,
            ..GameSetup::default()
        })
        .expect("session");
        // Not counting: nothing is marked, so every dead chain is an entry.
        let events = accept_events(&s, &session);
        let dead_chains = s.chains.iter().filter(|c| c.status == Status::Dead).count();
        assert_eq!(events.len(), dead_chains);
        assert!(
            events
                .iter()
                .all(|(e, note)| matches!(e, Event::Dead(_)) && note.contains("built-in"))
        );
    }
}
