//! What a diagram shows: the stones of a position and the marks drawn over them.
//!
//! The same `Scene` feeds the SVG writer and the board painter of the app, so a printed diagram
//! and the screen show the same marks in the same places.

use crate::rules::{Board, Color, Coord, MAX_SIZE, MIN_SIZE};

/// A mark drawn on one point (SGF CR, SQ, TR, MA, SL).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PointMark {
    /// Circle (CR).
    Circle,
    /// Square (SQ).
    Square,
    /// Triangle (TR).
    Triangle,
    /// Cross (MA).
    Cross,
    /// Selected point (SL): a tinted square under the point.
    Selected,
}

/// Everything drawn over the stones.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// Shapes on single points; one shape per point is drawn, the last one given wins.
    pub points: Vec<(Coord, PointMark)>,
    /// Text labels (SGF LB); on an empty point the grid is blanked behind the text.
    pub labels: Vec<(Coord, String)>,
    /// Arrows from the first point to the second (SGF AR).
    pub arrows: Vec<(Coord, Coord)>,
    /// Plain lines (SGF LN).
    pub lines: Vec<(Coord, Coord)>,
    /// Points drawn greyed out (SGF DD).
    pub dimmed: Vec<Coord>,
    /// Move numbers written on stones (or on empty points, for moves whose stone is gone).
    pub numbers: Vec<(Coord, u32)>,
    /// The point of the last move, marked when it carries no other mark.
    pub last_move: Option<Coord>,
}

impl Marks {
    /// True when nothing at all is to be drawn over the stones.
    pub fn is_empty(&self) -> bool {
        *self == Marks::default()
    }

    /// The shape drawn on `c`, if any (the last one given wins, as it is drawn on top).
    pub fn point_mark(&self, c: Coord) -> Option<PointMark> {
        self.points
            .iter()
            .rev()
            .find(|(p, _)| *p == c)
            .map(|(_, m)| *m)
    }

    /// The label on `c`, if any.
    pub fn label(&self, c: Coord) -> Option<&str> {
        self.labels
            .iter()
            .rev()
            .find(|(p, _)| *p == c)
            .map(|(_, t)| t.as_str())
    }

    /// The move number written on `c`, if any.
    pub fn number(&self, c: Coord) -> Option<u32> {
        self.numbers
            .iter()
            .rev()
            .find(|(p, _)| *p == c)
            .map(|(_, n)| *n)
    }

    /// True when `c` carries a shape, a label or a number, so a last-move mark would hide it.
    pub fn covers(&self, c: Coord) -> bool {
        self.point_mark(c).is_some() || self.label(c).is_some() || self.number(c).is_some()
    }
}

/// Stones with their marks: the input of every diagram.
///
/// The stones are a plain grid rather than a `rules::Board`: a printed record shows every
/// numbered stone of its moves, even ones captured later, and such a picture is not a position
/// the rules would accept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scene {
    size: u8,
    grid: Vec<Option<Color>>,
    /// What is drawn over the stones.
    pub marks: Marks,
}

impl Scene {
    /// An empty board of `size` lines (clamped to the sizes the rules hold).
    pub fn empty(size: u8) -> Scene {
        let size = size.clamp(MIN_SIZE, MAX_SIZE);
        Scene {
            size,
            grid: vec![None; usize::from(size) * usize::from(size)],
            marks: Marks::default(),
        }
    }

    /// The stones of `board`, with no marks.
    pub fn new(board: &Board) -> Scene {
        let mut scene = Scene::empty(board.size());
        for (c, color) in board.stones() {
            scene.set_stone(c, Some(color));
        }
        scene
    }

    fn index(&self, c: Coord) -> Option<usize> {
        (c.x < self.size && c.y < self.size)
            .then(|| usize::from(c.y) * usize::from(self.size) + usize::from(c.x))
    }

    /// Board size (lines per side).
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The stone on `c`, if any (`None` off the board too).
    pub fn stone(&self, c: Coord) -> Option<Color> {
        self.index(c)
            .and_then(|i| self.grid.get(i).copied().flatten())
    }

    /// Puts a stone on `c` or clears it; points off the board are ignored.
    pub fn set_stone(&mut self, c: Coord, stone: Option<Color>) {
        if let Some(cell) = self.index(c).and_then(|i| self.grid.get_mut(i)) {
            *cell = stone;
        }
    }

    /// Every stone, row by row from the top.
    pub fn stones(&self) -> Vec<(Coord, Color)> {
        let n = self.size;
        (0..n)
            .flat_map(|y| (0..n).map(move |x| Coord::new(x, y)))
            .filter_map(|c| self.stone(c).map(|s| (c, s)))
            .collect()
    }
}
