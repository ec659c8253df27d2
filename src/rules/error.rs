//! Why a board, a setup or a move is refused.

use std::fmt;

use super::coord::Coord;

/// A refused board size, setup or handicap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RulesError {
    /// The board size is outside [`super::MIN_SIZE`]..=[`super::MAX_SIZE`].
    BadSize(u8),
    /// Handicap stones go on an empty board before the first move.
    NotEmpty,
    /// A handicap count the placement table (or the board) does not allow.
    BadHandicap(u8),
    /// A point off the board.
    OffBoard,
    /// A point given twice (free handicap) or in two setup lists at once.
    DuplicatePoint(Coord),
    /// A setup that would leave the chain through this point without liberties.
    NoLiberties(Coord),
    /// A diagram that cannot be read: the reason, in English.
    BadDiagram(String),
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::BadSize(s) => write!(
                f,
                "board size {s} is not supported (from {} to {})",
                super::MIN_SIZE,
                super::MAX_SIZE
            ),
            RulesError::NotEmpty => f.write_str("handicap stones need an empty board"),
            RulesError::BadHandicap(n) => {
                write!(f, "a handicap of {n} stones is not possible here")
            }
            RulesError::OffBoard => f.write_str("point off the board"),
            RulesError::DuplicatePoint(c) => write!(f, "point {c} given twice"),
            RulesError::NoLiberties(c) => {
                write!(f, "the chain at {c} would have no liberties")
            }
            RulesError::BadDiagram(why) => write!(f, "bad board diagram: {why}"),
        }
    }
}

impl std::error::Error for RulesError {}

/// Why a move is rejected. `Display` is English and names the article; [`IllegalMove::zh_hans`]
/// and [`IllegalMove::zh_hant`] give the Chinese text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalMove {
    /// The point is not on the board.
    OffBoard,
    /// A stone is already there.
    Occupied,
    /// Forbidden point (禁着点, Art. 5): the stone or its chain would have no liberty and
    /// capture nothing.
    Suicide,
    /// Immediate recapture of a ko (劫, Art. 20.1) under [`super::KoRule::Simple`]: the
    /// position would repeat the one after move `repeats_after_move` (0 = the start).
    Ko {
        /// The move after which the same position stood.
        repeats_after_move: usize,
    },
    /// Whole-board repetition (全局同形再现, Art. 6) under positional or situational superko.
    Superko {
        /// The move after which the same position stood (0 = the start).
        repeats_after_move: usize,
    },
}

impl IllegalMove {
    /// The article of the Chinese Weiqi Rules that forbids the move, e.g. `"Art. 5"`.
    pub fn article(self) -> &'static str {
        match self {
            IllegalMove::OffBoard | IllegalMove::Occupied => "Art. 2",
            IllegalMove::Suicide => "Art. 5",
            IllegalMove::Ko { .. } => "Art. 20.1",
            IllegalMove::Superko { .. } => "Art. 6",
        }
    }

    /// The reason in Simplified Chinese.
    pub fn zh_hans(self) -> String {
        match self {
            IllegalMove::OffBoard => "不在棋盘上".to_owned(),
            IllegalMove::Occupied => "该点已有棋子".to_owned(),
            IllegalMove::Suicide => "禁着点（第5条）".to_owned(),
            IllegalMove::Ko {
                repeats_after_move: n,
            } => {
                format!("劫：不能立即回提（第20条第1款）；局面将与第{n}手后的局面相同")
            }
            IllegalMove::Superko {
                repeats_after_move: n,
            } => {
                format!("禁止全局同形再现（第6条）：局面将与第{n}手后的局面相同")
            }
        }
    }

    /// The reason in Traditional Chinese.
    pub fn zh_hant(self) -> String {
        match self {
            IllegalMove::OffBoard => "不在棋盤上".to_owned(),
            IllegalMove::Occupied => "該點已有棋子".to_owned(),
            IllegalMove::Suicide => "禁著點（第5條）".to_owned(),
            IllegalMove::Ko {
                repeats_after_move: n,
            } => {
                format!("劫：不能立即回提（第20條第1款）；局面將與第{n}手後的局面相同")
            }
            IllegalMove::Superko {
                repeats_after_move: n,
            } => {
                format!("禁止全局同形再現（第6條）：局面將與第{n}手後的局面相同")
            }
        }
    }
}

impl fmt::Display for IllegalMove {
    /// English, naming the article.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::OffBoard => f.write_str("off the board"),
            IllegalMove::Occupied => f.write_str("occupied point"),
            IllegalMove::Suicide => f.write_str("forbidden point (Art. 5)"),
            IllegalMove::Ko {
                repeats_after_move: n,
            } => write!(
                f,
                "ko: immediate recapture (Art. 20.1); the position would repeat the one after move {n}"
            ),
            IllegalMove::Superko {
                repeats_after_move: n,
            } => write!(
                f,
                "repetition (Art. 6): the position would repeat the one after move {n}"
            ),
        }
    }
}

impl std::error::Error for IllegalMove {}
