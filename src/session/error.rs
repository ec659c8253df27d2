//! Why an action was refused. A refused action changes nothing and is not logged.

use std::fmt;

use crate::clock::{ClockError, ControlError};
use crate::rules::{Color, Coord, IllegalMove, RulesError};

/// Why an action was refused; the session is unchanged.
#[derive(Clone, Debug, PartialEq)]
pub enum SessionError {
    /// The move breaks a rule (Art. 5, 6, 20.1 …).
    Illegal(IllegalMove),
    /// It is the other side's turn.
    NotYourTurn(Color),
    /// The action does not fit the phase (e.g. a move during counting).
    WrongPhase,
    /// The game is adjourned: the player to move seals the move instead of playing it.
    Adjourned,
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
    /// An instant earlier than the last entry's.
    TimeWentBack,
    /// A board action in clock-only mode, or a press in board mode.
    WrongMode,
    /// There is no stone on this point.
    NoStone(Coord),
    /// The position edit is impossible (a chain without liberties, a point named twice).
    Edit(RulesError),
    /// The position edit changes nothing.
    NothingChanged,
    /// There is no move to take back.
    NothingToUndo,
    /// The entry's number is not the next one.
    EntryNumber(u32),
    /// There is no entry with this number that can be revoked (the setup, a later one, or one
    /// no longer in force).
    CannotRevoke(u32),
    /// Revoking would make a later entry impossible.
    RevokeBreaks {
        /// The entry that would no longer apply.
        entry: u32,
        /// Why.
        because: Box<SessionError>,
    },
    /// No sealed move is waiting to be opened.
    NotSealed,
    /// A sealed move is already waiting, or the game is not adjourned for sealing.
    CannotSeal,
    /// The revealed move does not match the seal's commitment.
    SealMismatch,
    /// Only the side to move seals.
    NotTheSealer(Color),
    /// In board mode the count on the app's board decides; in clock-only mode the count from
    /// the physical board must be given.
    CountResult,
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |c: &Color| match c {
            Color::Black => "Black",
            Color::White => "White",
        };
        match self {
            SessionError::Illegal(m) => write!(f, "illegal move: {m}"),
            SessionError::NotYourTurn(c) => write!(f, "it is not {}'s turn", side(c)),
            SessionError::WrongPhase => f.write_str("not possible at this stage of the game"),
            SessionError::Adjourned => {
                f.write_str("the game is adjourned: the player to move seals the move (Art. 14)")
            }
            SessionError::GameOver => f.write_str("the game is over"),
            SessionError::NoClock => f.write_str("this game has no clock"),
            SessionError::Clock(e) => write!(f, "clock: {e}"),
            SessionError::Setup(e) => write!(f, "setup: {e}"),
            SessionError::TimeControl(e) => write!(f, "time control: {e}"),
            SessionError::TimeWentBack => f.write_str("the time is earlier than the last entry's"),
            SessionError::WrongMode => f.write_str(
                "not in this mode (moves are entered in board mode, presses in clock-only mode)",
            ),
            SessionError::NoStone(_) => f.write_str("there is no stone on that point"),
            SessionError::Edit(e) => write!(f, "the position edit is impossible: {e}"),
            SessionError::NothingChanged => f.write_str("the position edit changes nothing"),
            SessionError::NothingToUndo => f.write_str("there is no move to take back"),
            SessionError::EntryNumber(n) => write!(f, "entry {n} is out of sequence"),
            SessionError::CannotRevoke(n) => write!(
                f,
                "entry {n} cannot be revoked (the setup, a later entry, or one no longer in force)"
            ),
            SessionError::RevokeBreaks { entry, because } => write!(
                f,
                "revoking it would make entry {entry} impossible: {because}"
            ),
            SessionError::NotSealed => f.write_str("no sealed move is waiting to be opened"),
            SessionError::CannotSeal => f.write_str(
                "a move is sealed only after the arbiter adjourns the game, once per adjournment",
            ),
            SessionError::SealMismatch => {
                f.write_str("the move and nonce do not match the seal's commitment")
            }
            SessionError::NotTheSealer(c) => {
                write!(f, "{} is not to move: only the side to move seals", side(c))
            }
            SessionError::CountResult => f.write_str(
                "in board mode the count on the board decides; in clock-only mode give the count (accept B+3.5)",
            ),
        }
    }
}

impl std::error::Error for SessionError {}
