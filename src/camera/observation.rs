//! What one camera frame says about the board: the contract between the reading of pixels
//! (`camera::read` and its calibration) and the moves written from it (`camera::moves`).
//!
//! Orientation: point `(x, y)` is [`Coord`]'s — column from the left, row from the top — of the
//! board *as the camera sees it after calibration*: the calibrated corner listed first
//! (`--corners X1,Y1,…`) is A19 (on 19×19), then T19, T1, A1, clockwise. `camera read --json`
//! prints the rows top first, one string a row, `.` empty, `X` black, `O` white.

use crate::clock::Timestamp;
use crate::rules::Coord;

/// What an intersection holds, as read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seen {
    /// No stone.
    Empty,
    /// A black stone.
    Black,
    /// A white stone.
    White,
}

impl Seen {
    /// The character of `camera read`'s board strings: `.`, `X`, `O`.
    pub fn symbol(self) -> char {
        match self {
            Seen::Empty => '.',
            Seen::Black => 'X',
            Seen::White => 'O',
        }
    }
}

/// The reader's belief about one intersection: probabilities of empty, black, white (sum 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PointReading {
    /// Probability of [`Seen::Empty`], [`Seen::Black`], [`Seen::White`], in that order.
    pub p: [f32; 3],
}

impl PointReading {
    /// A certain reading of `seen`.
    pub fn certain(seen: Seen) -> PointReading {
        let mut p = [0.0; 3];
        p[seen as usize] = 1.0;
        PointReading { p }
    }

    /// The likeliest state and its probability.
    pub fn best(&self) -> (Seen, f32) {
        let [e, b, w] = self.p;
        if b >= e && b >= w {
            (Seen::Black, b)
        } else if w >= e && w >= b {
            (Seen::White, w)
        } else {
            (Seen::Empty, e)
        }
    }
}

/// Whether a frame could be read at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gate {
    /// The board was in view and unobstructed: the points are a reading.
    Clear,
    /// A hand or an arm over the board: the points must not be used for moves.
    Hand,
    /// The grid was not found where calibration put it (the board was bumped or the camera
    /// moved): recalibrate or re-fit before reading again.
    GridLost,
    /// The frame itself could not be used (dark, blank, corrupt).
    Unreadable,
}

/// One frame's reading, stamped with the injected time it was taken at.
#[derive(Clone, Debug, PartialEq)]
pub struct Observation {
    /// When the frame was taken (from `time.rs`, never the wall clock inside the core).
    pub at: Timestamp,
    /// Lines of the board (9, 13 or 19).
    pub size: u8,
    /// Whether the points may be used.
    pub gate: Gate,
    /// `size × size` readings, row-major, row 0 the top (see the module's orientation).
    pub points: Vec<PointReading>,
}

impl Observation {
    /// The reading of one point; `None` off the board.
    pub fn at_point(&self, c: Coord) -> Option<&PointReading> {
        if !c.is_on(self.size) {
            return None;
        }
        self.points
            .get(usize::from(c.y) * usize::from(self.size) + usize::from(c.x))
    }
}
