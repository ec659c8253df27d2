//! The dead-stone suggestion at counting (issue 11 item 5), egui-free.
//!
//! When a game at the board enters counting, [`DeadStoneHelp::sync`] says which position to
//! ask the built-in estimator ([`crate::analysis::suggest`]) about — a suggestion takes tens of
//! milliseconds on 19×19, too long for a frame, so the host hands the question to the effects
//! runner ([`crate::app::protocol::Work::Suggest`]) — and [`DeadStoneHelp::answer`] takes the
//! answer, skipping one about a position no longer asked.
//! The suggestion is only *shown*: nothing reaches the journal until the players or the
//! arbiter accept it ([`accept_events`]: one `Dead` entry per chain whose mark changes, each
//! with the suggestion's provenance in its note), change it chain by chain with clicks, or
//! ignore it. Never applied silently (Art. 8: life and death is agreed by the players).

use std::sync::Arc;

use crate::analysis::{Settings, Status, Suggestion};
use crate::rules::Coord;
use crate::session::{Event, Session};

pub use crate::app::protocol::work::Question;

/// The suggestion for the position being counted: asked for, ready, or ignored.
#[derive(Clone, Debug, Default)]
pub struct DeadStoneHelp {
    key: Option<u64>,
    waiting: bool,
    suggestion: Option<Arc<Suggestion>>,
    /// The users chose to go on without it: it is not shown (it can be shown again).
    pub ignored: bool,
}

impl DeadStoneHelp {
    /// Follows the position: returns the question to ask (with its key) when `question` is
    /// new, and forgets the suggestion when there is none (play resumed, a new game).
    pub fn sync(&mut self, question: Option<Question>) -> Option<(u64, Question)> {
        let Some(q) = question else {
            if self.key.is_some() || self.ignored {
                *self = DeadStoneHelp::default();
            }
            return None;
        };
        let key = q.key();
        if self.key == Some(key) {
            return None;
        }
        *self = DeadStoneHelp {
            key: Some(key),
            waiting: true,
            ..DeadStoneHelp::default()
        };
        Some((key, q))
    }

    /// Takes the estimator's answer about the position of `key`; an answer about another
    /// position (asked before the position changed) is skipped. Returns whether it was taken.
    pub fn answer(&mut self, key: u64, suggestion: Arc<Suggestion>) -> bool {
        if self.key != Some(key) || !self.waiting {
            return false;
        }
        self.waiting = false;
        self.suggestion = Some(suggestion);
        true
    }

    /// Whether the estimator is still working.
    pub fn computing(&self) -> bool {
        self.waiting
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
    use crate::analysis::suggest;
    use crate::rules::{Board, Rules};
    use crate::session::GameSetup;

    /// A position from rows (top row first): `X` black, `O` white, `.` empty.
    fn board(rows: &[&str]) -> Board {
        let diagram: Vec<String> = rows
            .iter()
            .map(|r| r.chars().map(String::from).collect::<Vec<_>>().join(" "))
            .collect();
        Board::from_diagram(&diagram.join("\n")).expect("diagram")
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
        let q = Question {
            board: board(&DEAD_WHITE_INSIDE),
            rules: Rules::default(),
            handicap: 0,
        };
        let mut help = DeadStoneHelp::default();
        let (key, asked) = help.sync(Some(q.clone())).expect("asked");
        assert!(
            help.sync(Some(q)).is_none(),
            "the same position is not asked twice"
        );
        assert!(help.computing());
        // An answer about another position (asked before it changed) is skipped.
        let s = Arc::new(suggest(&asked.board, &asked.rules, 0, &SETTINGS));
        assert!(!help.answer(key ^ 1, Arc::clone(&s)));
        assert!(help.answer(key, s));
        let s = help.shown().expect("ready");
        assert!(s.dead.contains(&Coord::new(1, 1)), "{:?}", s.dead);
        help.ignored = true;
        assert!(help.shown().is_none() && help.suggestion().is_some());
        assert!(help.sync(None).is_none());
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
