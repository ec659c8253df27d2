//! The padded cells of a [`Board`] as the analysis walks them: the on-board cells in board
//! order, their four neighbours (the wall border makes every neighbour a valid index), and
//! chains and empty regions found by flood fill. Slow-path helpers: the playouts use the
//! board's incremental chains instead.

use crate::rules::cell_codes::{BLACK, WHITE};
use crate::rules::{Board, Color, Coord};

/// The cell code of a colour on the board.
pub(crate) fn code(color: Color) -> u8 {
    match color {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

/// The colour of a cell code, `None` for empty and wall.
pub(crate) fn color_of(v: u8) -> Option<Color> {
    match v {
        BLACK => Some(Color::Black),
        WHITE => Some(Color::White),
        _ => None,
    }
}

/// The geometry of one board's padded cells.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cells {
    stride: usize,
    /// One past the largest on-board cell: the length of per-cell tables.
    pub(crate) len: usize,
}

impl Cells {
    /// The geometry of `board`.
    pub(crate) fn of(board: &Board) -> Cells {
        let stride = usize::from(board.size()) + 1;
        Cells {
            stride,
            len: (usize::from(board.size()) + 2) * stride + 1,
        }
    }

    /// The distance between two rows of cells.
    #[inline]
    pub(crate) fn stride(self) -> usize {
        self.stride
    }

    /// The four neighbours of an on-board cell (walls included).
    #[inline]
    pub(crate) fn neighbours(self, p: usize) -> [usize; 4] {
        [p - self.stride, p - 1, p + 1, p + self.stride]
    }
}

/// Every on-board cell of `board`, row by row from the top.
pub(crate) fn on_board(board: &Board) -> impl Iterator<Item = usize> + '_ {
    board.points().map(|c| board.cell(c))
}

/// The coordinates of `cells`, in board order (top row first).
pub(crate) fn coords(board: &Board, cells: impl IntoIterator<Item = usize>) -> Vec<Coord> {
    let mut out: Vec<Coord> = cells.into_iter().map(|p| board.coord(p)).collect();
    out.sort_by_key(|c| (c.y, c.x));
    out.dedup();
    out
}
