//! A game at the board as an append-only log of timestamped events (STYLE.md §5).
//!
//! Every action — a move, a pass, a clock press, a pause, a correction, the agreed count — is an
//! [`Event`] with the instant it happened. The state (board, clock, phase, result) is always
//! the fold of the log over the [`GameSetup`]: [`Session::replay`] rebuilds it from scratch and
//! gives the same state as recording the events one by one. An undo is itself an event that
//! revokes the last move; nothing is ever deleted, so the arbiter's audit trail stays whole.
//!
//! Pure: time comes in as [`Timestamp`]s, nothing here draws, plays sound or reads a file.

mod event;
mod setup;
mod territory;

pub use event::{Event, Stamped};
pub use setup::{GameSetup, Handicap, Outcome, Player};
pub use territory::owned_points;

use crate::clock::{
    AnnounceSettings, ClockError, ClockOutcome, ControlError, GameClock, PauseKind, Side, Timestamp,
};
use crate::rules::{
    AreaCount, Board, Color, Coord, Game, IllegalMove, Move, RulesError, area_count, score,
};
use std::fmt;

/// Where the game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Black places `remaining` more free handicap stones.
    PlacingHandicap {
        /// Stones still to place.
        remaining: u8,
    },
    /// Moves are being played.
    Playing,
    /// Both sides confirmed the end: dead stones are being marked.
    Counting,
    /// The game is over.
    Finished(Outcome),
}

/// Why an event was refused; the session is unchanged.
#[derive(Clone, Debug, PartialEq)]
pub enum SessionError {
    /// The move breaks a rule.
    Illegal(IllegalMove),
    /// It is the other side's turn.
    NotYourTurn(Color),
    /// The event does not fit the phase (e.g. a move during counting).
    WrongPhase,
    /// There is no move to revoke.
    NothingToUndo,
    /// The game is over.
    GameOver,
    /// There is no clock in this game.
    NoClock,
    /// The clock refused.
    Clock(ClockError),
    /// The setup is impossible (size, handicap).
    Setup(RulesError),
    /// The time control is invalid.
    TimeControl(ControlError),
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionError::Illegal(m) => write!(f, "illegal move: {m}"),
            SessionError::NotYourTurn(c) => write!(f, "it is not {c:?}'s turn"),
            SessionError::WrongPhase => f.write_str("not possible at this stage of the game"),
            SessionError::NothingToUndo => f.write_str("there is no move to take back"),
            SessionError::GameOver => f.write_str("the game is over"),
            SessionError::NoClock => f.write_str("this game has no clock"),
            SessionError::Clock(e) => write!(f, "clock: {e}"),
            SessionError::Setup(e) => write!(f, "setup: {e}"),
            SessionError::TimeControl(e) => write!(f, "time control: {e}"),
        }
    }
}

impl std::error::Error for SessionError {}

/// A game in progress or finished: the setup, the log, and the state folded from them.
#[derive(Clone, Debug)]
pub struct Session {
    setup: GameSetup,
    log: Vec<Stamped>,
    game: Game,
    clock: Option<GameClock>,
    phase: Phase,
    /// Free handicap stones placed so far.
    placed: Vec<Coord>,
    /// During counting: one stone of each chain marked dead.
    dead: Vec<Coord>,
    /// Indices into `log` of the move events in force (revoked ones removed), for undo.
    moves_in_force: Vec<usize>,
}

/// The clock's side for a colour.
pub fn side_of(c: Color) -> Side {
    match c {
        Color::Black => Side::Black,
        Color::White => Side::White,
    }
}

/// The colour of a clock side.
pub fn color_of(s: Side) -> Color {
    match s {
        Side::Black => Color::Black,
        Side::White => Color::White,
    }
}

impl Session {
    /// A new game at `at`: fixed handicap stones are placed; the clock (if any) starts for the
    /// side to move once any free handicap stones are down.
    pub fn new(setup: GameSetup, at: Timestamp) -> Result<Session, SessionError> {
        let mut game = Game::new(setup.size, setup.rules.clone()).map_err(SessionError::Setup)?;
        let phase = match setup.handicap {
            Handicap::None => Phase::Playing,
            Handicap::Fixed(n) => {
                game.place_fixed_handicap(n).map_err(SessionError::Setup)?;
                Phase::Playing
            }
            Handicap::Free(n) => {
                // Checks now that the count is possible here, so placement can always finish.
                if !(2..=9).contains(&n)
                    || usize::from(n) >= usize::from(setup.size) * usize::from(setup.size)
                {
                    return Err(SessionError::Setup(RulesError::BadHandicap(n)));
                }
                Phase::PlacingHandicap { remaining: n }
            }
        };
        let clock = match &setup.time_control {
            Some(tc) => Some(
                GameClock::new(tc.clone(), AnnounceSettings::default())
                    .map_err(SessionError::TimeControl)?,
            ),
            None => None,
        };
        let mut s = Session {
            setup,
            log: Vec::new(),
            game,
            clock,
            phase,
            placed: Vec::new(),
            dead: Vec::new(),
            moves_in_force: Vec::new(),
        };
        s.start_clock_if_ready(at);
        Ok(s)
    }

    /// Rebuilds a session from its setup and log: the fold. Fails at the first event that
    /// does not apply, which a log written by [`Session::record`] never has.
    pub fn replay(
        setup: GameSetup,
        start: Timestamp,
        log: &[Stamped],
    ) -> Result<Session, SessionError> {
        let mut s = Session::new(setup, start)?;
        for e in log {
            s.record(e.at, e.event.clone())?;
        }
        Ok(s)
    }

    /// Applies `event` at `at` and appends it to the log; on error nothing changes.
    pub fn record(&mut self, at: Timestamp, event: Event) -> Result<(), SessionError> {
        let mut next = self.clone();
        next.apply(at, &event)?;
        next.log.push(Stamped { at, event });
        *self = next;
        Ok(())
    }

    fn apply(&mut self, at: Timestamp, event: &Event) -> Result<(), SessionError> {
        if let Phase::Finished(_) = self.phase {
            return Err(SessionError::GameOver);
        }
        let index = self.log.len();
        match *event {
            Event::Move { color, mv } => {
                self.expect_playing(color)?;
                self.game.play(color, mv).map_err(SessionError::Illegal)?;
                self.moves_in_force.push(index);
                if mv == Move::Pass && self.game.consecutive_passes() >= 2 {
                    self.phase = Phase::Counting;
                }
            }
            Event::ConfirmEnd(color) => {
                self.expect_playing(color)?;
                self.game
                    .play(color, Move::Pass)
                    .map_err(SessionError::Illegal)?;
                self.moves_in_force.push(index);
                if self.game.consecutive_passes() >= 2 {
                    self.phase = Phase::Counting;
                }
            }
            Event::HandicapStone(c) => {
                let Phase::PlacingHandicap { remaining } = self.phase else {
                    return Err(SessionError::WrongPhase);
                };
                if !c.is_on(self.game.size()) {
                    return Err(SessionError::Illegal(IllegalMove::OffBoard));
                }
                if self.placed.contains(&c) {
                    return Err(SessionError::Illegal(IllegalMove::Occupied));
                }
                self.placed.push(c);
                if remaining <= 1 {
                    self.game
                        .place_free_handicap(&self.placed)
                        .map_err(SessionError::Setup)?;
                    self.phase = Phase::Playing;
                    self.start_clock_if_ready(at);
                } else {
                    self.phase = Phase::PlacingHandicap {
                        remaining: remaining - 1,
                    };
                }
            }
            Event::Undo => {
                if self.moves_in_force.pop().is_none() || !self.game.undo() {
                    return Err(SessionError::NothingToUndo);
                }
                if self.phase == Phase::Counting {
                    self.phase = Phase::Playing;
                    self.dead.clear();
                }
            }
            Event::ToggleDead(c) => {
                if self.phase != Phase::Counting {
                    return Err(SessionError::WrongPhase);
                }
                let chain = self.game.board().chain(c);
                if chain.is_empty() {
                    return Err(SessionError::Illegal(IllegalMove::OffBoard));
                }
                let before = self.dead.len();
                self.dead.retain(|d| !chain.contains(d));
                if self.dead.len() == before {
                    self.dead.push(c);
                }
            }
            Event::AcceptCount => {
                if self.phase != Phase::Counting {
                    return Err(SessionError::WrongPhase);
                }
                let (_, result) = self.count().ok_or(SessionError::WrongPhase)?;
                self.finish(at, Outcome::Counted(result));
            }
            Event::ResumePlay => {
                if self.phase != Phase::Counting {
                    return Err(SessionError::WrongPhase);
                }
                self.phase = Phase::Playing;
                self.dead.clear();
            }
            Event::Resign(color) => {
                self.finish(
                    at,
                    Outcome::Resignation {
                        winner: color.opponent(),
                    },
                );
            }
            Event::ClockPress => {
                let clock = self.clock.as_mut().ok_or(SessionError::NoClock)?;
                clock.press(at).map_err(SessionError::Clock)?;
            }
            Event::Pause => {
                let clock = self.clock.as_mut().ok_or(SessionError::NoClock)?;
                clock
                    .pause(at, PauseKind::Arbiter)
                    .map_err(SessionError::Clock)?;
            }
            Event::Resume => {
                let clock = self.clock.as_mut().ok_or(SessionError::NoClock)?;
                clock.resume(at).map_err(SessionError::Clock)?;
            }
            Event::ClockOutcome => {
                let outcome = self.clock_outcome(at).ok_or(SessionError::WrongPhase)?;
                self.finish(at, outcome);
            }
        }
        Ok(())
    }

    fn expect_playing(&self, color: Color) -> Result<(), SessionError> {
        if self.phase != Phase::Playing {
            return Err(SessionError::WrongPhase);
        }
        if color != self.game.to_move() {
            return Err(SessionError::NotYourTurn(color));
        }
        Ok(())
    }

    fn start_clock_if_ready(&mut self, at: Timestamp) {
        if self.phase != Phase::Playing {
            return;
        }
        let first = side_of(self.game.to_move());
        if let Some(clock) = self.clock.as_mut()
            && clock.to_move().is_none()
        {
            // A new clock always starts; an error would only mean it already runs.
            let _ = clock.start(at, first);
        }
    }

    fn finish(&mut self, at: Timestamp, outcome: Outcome) {
        self.phase = Phase::Finished(outcome);
        if let Some(clock) = self.clock.as_mut()
            && clock.paused().is_none()
            && clock.outcome_at(at).is_none()
        {
            // Stopping the clocks at the end; a refusal means they are stopped already.
            let _ = clock.pause(at, PauseKind::Arbiter);
        }
    }

    fn clock_outcome(&self, at: Timestamp) -> Option<Outcome> {
        let clock = self.clock.as_ref()?;
        let o = clock.outcome_at(at)?;
        let winner = match o {
            ClockOutcome::TimeOut { side, .. } | ClockOutcome::Forfeit(side) => {
                Some(color_of(side.opponent()))
            }
            ClockOutcome::BothForfeit => None,
        };
        Some(Outcome::Time { winner })
    }

    /// Whether the clock has ended the game at `now` without the log knowing yet: the app
    /// then records [`Event::ClockOutcome`].
    pub fn clock_ended(&self, now: Timestamp) -> bool {
        !matches!(self.phase, Phase::Finished(_)) && self.clock_outcome(now).is_some()
    }

    /// The setup.
    pub fn setup(&self) -> &GameSetup {
        &self.setup
    }

    /// The log, oldest first.
    pub fn log(&self) -> &[Stamped] {
        &self.log
    }

    /// The game (board, moves, captures) as it stands.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The board to show: during free handicap placement, the stones placed so far.
    pub fn board(&self) -> Board {
        if let Phase::PlacingHandicap { .. } = self.phase {
            let mut g = self.game.clone();
            if g.setup(&self.placed, &[], &[]).is_ok() {
                return g.board().clone();
            }
        }
        self.game.board().clone()
    }

    /// The clock, if the game has one.
    pub fn clock(&self) -> Option<&GameClock> {
        self.clock.as_ref()
    }

    /// The phase.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Finished(o) => Some(o),
            _ => None,
        }
    }

    /// Every stone of the chains marked dead.
    pub fn dead_stones(&self) -> Vec<Coord> {
        let board = self.game.board();
        let mut all: Vec<Coord> = self.dead.iter().flat_map(|&c| board.chain(c)).collect();
        all.sort();
        all.dedup();
        all
    }

    /// During counting: the area count with the marked dead stones removed, and its result.
    pub fn count(&self) -> Option<(AreaCount, crate::rules::GameResult)> {
        if self.phase != Phase::Counting {
            return None;
        }
        let count = area_count(self.game.board(), &self.dead);
        let result = score(&count, self.game.rules(), self.game.handicap());
        Some((count, result))
    }

    /// The side to move, or `None` when the game is not in play.
    pub fn to_move(&self) -> Option<Color> {
        match self.phase {
            Phase::Playing => Some(self.game.to_move()),
            Phase::PlacingHandicap { .. } => Some(Color::Black),
            _ => None,
        }
    }

    /// Whether placing a stone at `c` now is possible, and why not if not.
    pub fn check_point(&self, c: Coord) -> Result<(), SessionError> {
        match self.phase {
            Phase::PlacingHandicap { .. } => {
                if !c.is_on(self.game.size()) {
                    Err(SessionError::Illegal(IllegalMove::OffBoard))
                } else if self.placed.contains(&c) {
                    Err(SessionError::Illegal(IllegalMove::Occupied))
                } else {
                    Ok(())
                }
            }
            Phase::Playing => self
                .game
                .check(self.game.to_move(), Move::Play(c))
                .map_err(SessionError::Illegal),
            Phase::Counting => Err(SessionError::WrongPhase),
            Phase::Finished(_) => Err(SessionError::GameOver),
        }
    }

    /// The position after the first `n` moves in force (handicap stones included), for
    /// navigating the game; `n` beyond the end gives the current position.
    pub fn board_after(&self, n: usize) -> Board {
        if n >= self.game.moves().len() {
            return self.game.board().clone();
        }
        let mut g = self.game.clone();
        while g.moves().len() > n && g.undo() {}
        g.board().clone()
    }
}

#[cfg(test)]
mod tests;
