//! Why a review operation was refused.

use std::fmt;

use crate::record::{ReplayError, SgfError};
use crate::rules::{IllegalMove, RulesError};

use super::info::InfoError;

/// Why a review operation was refused; the review is unchanged when one is returned.
#[derive(Clone, Debug, PartialEq)]
pub enum ReviewError {
    /// The file is not readable SGF.
    Syntax(SgfError),
    /// The file holds no game tree with that index.
    NoGame(usize),
    /// The game cannot be set up (board size).
    Replay(ReplayError),
    /// The move is illegal here.
    Illegal(IllegalMove),
    /// The setup edit would leave a chain without liberties, or the point is off the board.
    Setup(RulesError),
    /// The root holds the game information and cannot be deleted.
    RootCannotBeDeleted,
    /// Arrows and lines need two different points.
    SamePoint,
    /// There is no move with that number on the current line.
    NoSuchMove(usize),
    /// A game-information value the property does not take.
    Info(InfoError),
}

impl fmt::Display for ReviewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReviewError::Syntax(e) => write!(f, "{e}"),
            ReviewError::NoGame(i) => write!(f, "the file has no game number {}", i + 1),
            ReviewError::Replay(e) => write!(f, "{e}"),
            ReviewError::Illegal(e) => write!(f, "{e}"),
            ReviewError::Setup(e) => write!(f, "{e}"),
            ReviewError::RootCannotBeDeleted => {
                f.write_str("the first node holds the game information and cannot be deleted")
            }
            ReviewError::SamePoint => f.write_str("an arrow or a line needs two different points"),
            ReviewError::NoSuchMove(n) => write!(f, "there is no move {n} on this line"),
            ReviewError::Info(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ReviewError {}
