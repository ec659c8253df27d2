//! The two sides of the clock.

use serde::{Deserialize, Serialize};

/// One side of the clock: the player of Black or of White.
///
/// The clock has its own type rather than `rules::Color` so that it also serves a physical
/// board (clock-only mode) and stays free of the rules module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    /// The player of Black.
    Black,
    /// The player of White.
    White,
}

impl Side {
    /// Both sides, Black first.
    pub const BOTH: [Side; 2] = [Side::Black, Side::White];

    /// The other side.
    pub fn opponent(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }

    /// `B` or `W`, as in SGF and in the simulator's output.
    pub fn letter(self) -> char {
        match self {
            Side::Black => 'B',
            Side::White => 'W',
        }
    }

    /// 0 for Black, 1 for White: the index into per-side arrays.
    pub(crate) fn index(self) -> usize {
        match self {
            Side::Black => 0,
            Side::White => 1,
        }
    }
}
