//! A game at the board as an append-only log of numbered, timestamped entries (STYLE.md §5).
//!
//! Every action — a move, a pass, a clock press, a pause, a warning, a correction, the agreed
//! count — is an [`Entry`] with its number (the setup is entry 1), the instant on the session's
//! time line, the article it applies and a note. The state (board, clock, phase, result,
//! warnings, rulings) is always the fold of the entries in force over the [`GameSetup`]:
//! [`Session::replay`] rebuilds it from scratch and gives the same state as recording the
//! entries one by one. Consequences are folded, never written: the second warning's loss, a
//! time-out, the end of play after both confirmations. A correction is itself an entry that
//! revokes an earlier one by number ([`Event::Revoke`]); nothing is ever deleted, so the
//! arbiter's audit trail stays whole.
//!
//! Recording is in two steps so that the journal can write first: [`Session::prepare`]
//! checks an entry against a copy of the state (the log is never copied) and
//! [`Session::commit`] makes it part of the session once it is on disk. A refused entry
//! changes nothing.
//!
//! Pure: time comes in as [`Timestamp`]s; nothing here draws, plays sound or reads a file.
//! The text form of actions (the arbiter's shorthand) is in [`shorthand`].

pub mod catalogue;
mod error;
mod event;
mod offer;
mod outcome;
mod ruling;
mod setup;
pub mod shorthand;
mod state;
mod territory;
mod text;

pub use catalogue::{
    CATALOGUE, Detail, Ends, Need, Needs, RulingEntry, RulingError, RulingRequest, RulingSpec,
};
pub use error::SessionError;
pub use event::{Change, Entry, Event};
pub use offer::{Offer, OfferedRuling, Refusal, Repetition};
pub use outcome::{Outcome, OutcomeKind};
pub use ruling::{Ruling, RulingKind};
pub use setup::{Colours, DEFAULT_LATE_LIMIT, EndRule, GameSetup, Handicap, Mode, Player};
pub use state::{Phase, Unsealed, color_of, side_of};
pub use territory::owned_points;
pub use text::{entry_text, event_text, log_line};

use crate::clock::{GameClock, Phrase, Timestamp};
use crate::rules::{AreaCount, Board, Color, Coord, Game, GameResult};
use crate::seal::SealedMove;
use state::State;

/// A game in progress or finished: the setup, the log, and the state folded from them.
#[derive(Clone, Debug)]
pub struct Session {
    setup: GameSetup,
    log: Vec<Entry>,
    /// `revoked[i]` for the entry numbered `i + 2`: a revocation in force took it back.
    revoked: Vec<bool>,
    state: State,
}

/// What recording an entry did, for the shell's follow-up (voice, screen).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Applied {
    /// What the referee's voice says (a warning, a void, a pause …); the clock's own calls
    /// come from the clock's schedule.
    pub spoken: Vec<Phrase>,
    /// The article the entry applied, if any.
    pub article: Option<String>,
    /// The entry ended the game.
    pub finished: bool,
    /// Under simple ko the move recreated the position after this move (Art. 20.3): the
    /// arbiter is offered a draw or a replay.
    pub cycle: Option<usize>,
}

/// An entry checked against the session, ready to be committed once it is on disk.
#[derive(Clone, Debug)]
pub struct Prepared {
    entry: Entry,
    revoked: Vec<bool>,
    state: State,
    was_live: bool,
}

impl Prepared {
    /// The entry.
    pub fn entry(&self) -> &Entry {
        &self.entry
    }

    /// Whether committing it ends the game (a ruled result, a second warning, a lateness
    /// beyond the limit, the time away charged past the flag …): the form asks first.
    pub fn ends_game(&self) -> bool {
        self.was_live && matches!(self.state.phase, Phase::Finished(_))
    }
}

/// Which entries a revocation in force takes back, by `n - 2`. Revocations only name earlier
/// entries, so walking from the last entry back settles each entry before it is reached.
fn revoked_set(log: &[Entry]) -> Vec<bool> {
    let mut revoked = vec![false; log.len()];
    for (i, e) in log.iter().enumerate().rev() {
        if revoked[i] {
            continue;
        }
        if let Event::Revoke(target) = e.event
            && let Some(t) = target.checked_sub(2).map(|t| t as usize)
            && t < i
        {
            revoked[t] = true;
        }
    }
    revoked
}

/// The fold: the state of `setup` after the entries in force of `log`. Fails at the first entry
/// that does not apply, with its number.
fn fold(setup: &GameSetup, log: &[Entry], revoked: &[bool]) -> Result<State, (u32, SessionError)> {
    let mut state = State::new(setup).map_err(|e| (1, e))?;
    for (e, &gone) in log.iter().zip(revoked) {
        if gone {
            state.note_revoked(e);
        } else {
            state.apply(setup, e).map_err(|err| (e.n, err))?;
        }
    }
    Ok(state)
}

impl Session {
    /// A new game of `setup`: handicap stones are placed; the clock (if any) starts for the side
    /// to move at instant zero, the session's beginning (or once free handicap stones are down).
    pub fn new(setup: GameSetup) -> Result<Session, SessionError> {
        let state = State::new(&setup)?;
        Ok(Session {
            setup,
            log: Vec::new(),
            revoked: Vec::new(),
            state,
        })
    }

    /// Rebuilds a session from its setup and log (entries numbered from 2): the fold. Fails at
    /// the first entry that does not apply, with its number, which a log written through
    /// [`Session::prepare`] never has.
    pub fn replay(setup: GameSetup, log: &[Entry]) -> Result<Session, (u32, SessionError)> {
        let mut session = Session::new(setup).map_err(|e| (1, e))?;
        for e in log {
            let prepared = session.prepare(e.clone()).map_err(|err| (e.n, err))?;
            session.commit(prepared);
        }
        Ok(session)
    }

    /// The number the next entry gets.
    pub fn next_number(&self) -> u32 {
        u32::try_from(self.log.len()).unwrap_or(u32::MAX - 2) + 2
    }

    /// The last entry's instant (zero before any).
    pub fn last_at(&self) -> Timestamp {
        self.log.last().map_or(Timestamp::ZERO, |e| e.at)
    }

    /// Checks `event` at `at` as the next entry; the session is unchanged either way.
    pub fn prepare_event(
        &self,
        at: Timestamp,
        event: Event,
        article: Option<String>,
        note: Option<String>,
    ) -> Result<Prepared, SessionError> {
        self.prepare(Entry {
            n: self.next_number(),
            at,
            event,
            article,
            note,
        })
    }

    /// Checks `entry` (numbered [`Session::next_number`]) against a copy of the state.
    pub fn prepare(&self, entry: Entry) -> Result<Prepared, SessionError> {
        if entry.at < self.last_at() {
            return Err(SessionError::TimeWentBack);
        }
        let n = entry.n;
        if n != self.next_number() {
            return Err(SessionError::EntryNumber(n));
        }
        let was_live = !matches!(self.state.phase, Phase::Finished(_));
        if let Event::Revoke(target) = entry.event {
            // A revocation refolds the whole log without the revoked entry; it is refused if
            // that makes a later entry impossible.
            let in_force = target
                .checked_sub(2)
                .map(|t| t as usize)
                .is_some_and(|t| t < self.log.len() && !self.revoked[t]);
            if !in_force {
                return Err(SessionError::CannotRevoke(target));
            }
            let mut log = self.log.clone();
            log.push(entry.clone());
            let revoked = revoked_set(&log);
            let state = fold(&self.setup, &log, &revoked).map_err(|(entry, because)| {
                SessionError::RevokeBreaks {
                    entry,
                    because: Box::new(because),
                }
            })?;
            return Ok(Prepared {
                entry,
                revoked,
                state,
                was_live,
            });
        }
        let mut state = self.state.clone();
        state.apply(&self.setup, &entry)?;
        let mut revoked = self.revoked.clone();
        revoked.push(false);
        Ok(Prepared {
            entry,
            revoked,
            state,
            was_live,
        })
    }

    /// Makes a prepared entry part of the session (after the journal has it on disk).
    pub fn commit(&mut self, prepared: Prepared) -> Applied {
        let was_live = !matches!(self.state.phase, Phase::Finished(_));
        self.state = prepared.state;
        self.revoked = prepared.revoked;
        self.log.push(prepared.entry);
        Applied {
            spoken: self.state.spoken.clone(),
            article: self.state.last_article.clone(),
            finished: was_live && matches!(self.state.phase, Phase::Finished(_)),
            cycle: self.state.cycle,
        }
    }

    /// Prepares and commits at once (tests, and sessions kept in memory only).
    pub fn record(&mut self, at: Timestamp, event: Event) -> Result<Applied, SessionError> {
        let prepared = self.prepare_event(at, event, None, None)?;
        Ok(self.commit(prepared))
    }

    /// The setup.
    pub fn setup(&self) -> &GameSetup {
        &self.setup
    }

    /// The log, oldest first (entry 2 first).
    pub fn log(&self) -> &[Entry] {
        &self.log
    }

    /// Whether entry `n` counts (no revocation in force took it back); the setup always does.
    pub fn in_force(&self, n: u32) -> bool {
        match n.checked_sub(2) {
            None => n == 1,
            Some(i) => self.revoked.get(i as usize).is_some_and(|r| !r),
        }
    }

    /// The game (board, moves, captures) as it stands.
    pub fn game(&self) -> &Game {
        &self.state.game
    }

    /// The board to show: during free handicap placement, the stones placed so far.
    pub fn board(&self) -> Board {
        self.state.board()
    }

    /// The clock, if the game has one.
    pub fn clock(&self) -> Option<&GameClock> {
        self.state.clock.as_ref()
    }

    /// The phase.
    pub fn phase(&self) -> &Phase {
        &self.state.phase
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<&Outcome> {
        match &self.state.phase {
            Phase::Finished(o) => Some(o),
            _ => None,
        }
    }

    /// The side to move (on the board; on the clock in clock-only mode), whatever the phase.
    pub fn side_to_move(&self) -> Color {
        self.state.to_move(&self.setup)
    }

    /// The side to move while the game is in play, `None` during counting, after the end and
    /// once a sealed move waits.
    pub fn to_move(&self) -> Option<Color> {
        match self.state.phase {
            Phase::Playing | Phase::PlacingHandicap { .. } => Some(self.side_to_move()),
            Phase::Adjourned if self.state.sealed.is_none() => Some(self.side_to_move()),
            _ => None,
        }
    }

    /// Turns in force: moves, passes, confirmations, voids (and presses in clock-only mode).
    pub fn turns(&self) -> u32 {
        self.state.turns
    }

    /// Warnings in force against `color` (Art. 25.2: the second loses the game).
    pub fn warnings(&self, color: Color) -> u32 {
        self.state.warnings[color.index()]
    }

    /// Admonitions (劝告) against `color`: logged, not counted toward a loss.
    pub fn admonitions(&self, color: Color) -> u32 {
        self.state.admonitions[color.index()]
    }

    /// Every ruling in the log, in order; revoked ones are marked.
    pub fn rulings(&self) -> &[Ruling] {
        &self.state.rulings
    }

    /// Whose confirmation of the end stands (Art. 13.2).
    pub fn confirmed(&self, color: Color) -> bool {
        self.state.confirmed[color.index()]
    }

    /// The sealed move waiting to be opened.
    pub fn sealed(&self) -> Option<&SealedMove> {
        self.state.sealed.as_ref()
    }

    /// The last sealed move opened.
    pub fn unsealed(&self) -> Option<&Unsealed> {
        self.state.unsealed.as_ref()
    }

    /// Every stone of the chains marked dead.
    pub fn dead_stones(&self) -> Vec<Coord> {
        let board = self.state.game.board();
        let mut all: Vec<Coord> = self
            .state
            .dead
            .iter()
            .flat_map(|&c| board.chain(c))
            .collect();
        all.sort();
        all.dedup();
        all
    }

    /// During counting: the area count with the marked dead stones removed, and its result.
    pub fn count(&self) -> Option<(AreaCount, GameResult)> {
        (self.state.phase == Phase::Counting && self.setup.mode == Mode::Board)
            .then(|| self.state.count())
    }

    /// The count as it was accepted (board mode): the board at the end with the dead stones
    /// marked when the game was counted.
    pub fn final_count(&self) -> Option<(AreaCount, GameResult)> {
        match &self.state.phase {
            Phase::Finished(Outcome::Counted(_)) if self.setup.mode == Mode::Board => {
                Some(self.state.count())
            }
            _ => None,
        }
    }

    /// Whether the clock has ended the game by `now` though no entry says so yet: the player to
    /// move and the instant the time ran out.
    pub fn time_out_at(&self, now: Timestamp) -> Option<(Color, Timestamp)> {
        self.state.time_out_at(now)
    }

    /// The last turn in force (a move, pass, confirmation, void or press), for an undo: the
    /// entry to revoke.
    pub fn last_turn(&self) -> Option<u32> {
        self.log
            .iter()
            .rev()
            .find(|e| e.event.is_turn() && self.in_force(e.n))
            .map(|e| e.n)
    }

    /// Why `color` may not put a stone on `point` in the position as it stands, in the
    /// arbiter's terms (forbidden point, ko recapture, longer repetition …); `None` if it may.
    pub fn refusal(&self, color: Color, point: Coord) -> Option<Refusal> {
        self.state.refusal(color, point)
    }

    /// The rulings a refused move offers, for the side to move in play on the app's board:
    /// a forbidden point → void as one pass (Art. 19); an immediate ko recapture → void as
    /// one pass (Art. 20.1) under every ko rule; a longer repetition → a draw or a replay
    /// (Art. 20.3). `None` when the move is legal, not this side's turn, or nothing can be
    /// ruled (occupied, off the board, not in play, clock-only mode).
    pub fn offer_for_refusal(&self, color: Color, point: Coord) -> Option<Offer> {
        if self.setup.mode != Mode::Board
            || self.state.phase != Phase::Playing
            || self.side_to_move() != color
        {
            return None;
        }
        Offer::for_refusal(self.refusal(color, point)?, color, point)
    }

    /// Every cycle played under simple ko (Art. 20.3): a move that recreated an earlier
    /// position, in order (moves revoked since are gone).
    pub fn repetitions(&self) -> &[Repetition] {
        &self.state.repetitions
    }

    /// The cycle the arbiter is to rule on now: the last turn in force recreated an earlier
    /// position under simple ko, and the game goes on. It stands while the players keep
    /// cycling (each move of a cycle repeats the position of one cycle before).
    pub fn pending_repetition(&self) -> Option<&Repetition> {
        let r = self.state.repetitions.last()?;
        let live = matches!(self.state.phase, Phase::Playing | Phase::Adjourned);
        (live && self.last_turn() == Some(r.n)).then_some(r)
    }

    /// The rulings the pending cycle offers: a draw or a replay (Art. 20.3).
    pub fn offer_for_repetition(&self) -> Option<Offer> {
        self.pending_repetition().map(Offer::for_repetition)
    }

    /// Whether placing a stone at `c` now is possible, and why not if not.
    pub fn check_point(&self, c: Coord) -> Result<(), SessionError> {
        match self.state.phase {
            Phase::PlacingHandicap { .. } => {
                if !c.is_on(self.state.game.size()) {
                    Err(SessionError::Illegal(crate::rules::IllegalMove::OffBoard))
                } else if self.state.placed.contains(&c) {
                    Err(SessionError::Illegal(crate::rules::IllegalMove::Occupied))
                } else {
                    Ok(())
                }
            }
            Phase::Playing => {
                let (color, mv) = (self.state.game.to_move(), crate::rules::Move::Play(c));
                self.state
                    .game
                    .check(color, mv)
                    .map_err(|e| self.state.illegal(color, mv, e))
            }
            Phase::Adjourned => Err(SessionError::Adjourned),
            Phase::Counting => Err(SessionError::WrongPhase),
            Phase::Finished(_) => Err(SessionError::GameOver),
        }
    }

    /// The board as rows of `.`, `X` (black) and `O` (white), top row first.
    pub fn board_rows(&self) -> Vec<String> {
        let board = self.board();
        let n = board.size();
        (0..n)
            .map(|y| {
                (0..n)
                    .map(|x| match board.get(Coord::new(x, y)) {
                        Some(Color::Black) => 'X',
                        Some(Color::White) => 'O',
                        None => '.',
                    })
                    .collect()
            })
            .collect()
    }

    /// The position after the first `n` moves in force (handicap stones included), for
    /// navigating the game; `n` beyond the end gives the current position.
    pub fn board_after(&self, n: usize) -> Board {
        let game = &self.state.game;
        if n >= game.moves().len() {
            return game.board().clone();
        }
        let mut g = game.clone();
        while g.moves().len() > n && g.undo() {}
        g.board().clone()
    }
}

#[cfg(test)]
mod tests;
