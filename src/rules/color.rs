//! The two sides.

/// A player's colour; Black moves first (Art. 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Black, who moves first in an even game.
    Black,
    /// White, who moves first after handicap stones.
    White,
}

impl Color {
    /// The other side.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// The SGF/GTP letter: `'B'` or `'W'`.
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }

    /// 0 for Black, 1 for White: an index into per-colour tables.
    pub(crate) fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 1,
        }
    }
}
