//! The board geometry of `crate::geometry` (Art. 33) in millimetres, the unit of the SVG output.

use crate::geometry::{BoardGeometry, LabelStyle, Rect, column_label, row_label};
use crate::rules::Coord;

/// Caller units per centimetre: the diagrams are drawn in millimetres.
const MM_PER_CM: f32 = 10.0;

/// Positions and sizes of one board in millimetres; the origin is the top-left corner of the wood.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    geometry: BoardGeometry,
}

impl Layout {
    /// The standard board of Art. 33 for `size` lines, at real size.
    pub fn standard(size: u8) -> Layout {
        let w = BoardGeometry::board_width_cm(size) * MM_PER_CM;
        let h = BoardGeometry::board_height_cm(size) * MM_PER_CM;
        let area = Rect {
            x: 0.0,
            y: 0.0,
            w,
            h,
        };
        Layout {
            geometry: BoardGeometry::real_size_in(size, MM_PER_CM, area),
        }
    }

    /// Lines per side.
    pub fn size(&self) -> u8 {
        self.geometry.size()
    }

    /// Width of the whole board.
    pub fn width(&self) -> f64 {
        f64::from(self.geometry.board_rect().w)
    }

    /// Height of the whole board.
    pub fn height(&self) -> f64 {
        f64::from(self.geometry.board_rect().h)
    }

    /// Distance between vertical lines.
    pub fn cell_w(&self) -> f64 {
        f64::from(self.geometry.cell_width())
    }

    /// Distance between horizontal lines.
    pub fn cell_h(&self) -> f64 {
        f64::from(self.geometry.cell_height())
    }

    /// Stone diameter.
    pub fn stone_d(&self) -> f64 {
        2.0 * f64::from(self.geometry.stone_radius())
    }

    /// Width of the inner lines.
    pub fn line_w(&self) -> f64 {
        f64::from(self.geometry.line_width())
    }

    /// Width of the outermost lines.
    pub fn edge_w(&self) -> f64 {
        f64::from(self.geometry.outer_line_width())
    }

    /// Radius of a star point.
    pub fn star_r(&self) -> f64 {
        f64::from(self.geometry.star_radius())
    }

    /// Centre of the point `c`.
    pub fn center(&self, c: Coord) -> (f64, f64) {
        let (x, y) = self.geometry.point_of(c);
        (f64::from(x), f64::from(y))
    }

    /// The star points of this size.
    pub fn star_points(&self) -> Vec<Coord> {
        crate::geometry::star_points(self.size())
    }

    /// Distance from the outermost line to the centre of a margin label: the middle of the
    /// wood left between a stone on that line and the board's edge, so labels never touch
    /// stones (the screen places them nearer the line, under the stones' edge).
    fn label_offset(&self) -> f64 {
        let r = self.stone_d() / 2.0;
        let margin = f64::from(self.geometry.grid_rect().x - self.geometry.board_rect().x);
        r + (margin - r) / 2.0
    }

    /// Font size of the margin labels: fits the strip between the stones and the edge.
    pub fn label_font(&self) -> f64 {
        let r = self.stone_d() / 2.0;
        let margin = f64::from(self.geometry.grid_rect().x - self.geometry.board_rect().x);
        ((margin - r) * 0.62).max(1.0)
    }

    /// The margin labels: (x, y, text) for every line, on all four sides.
    pub fn labels(&self, style: LabelStyle) -> Vec<(f64, f64, String)> {
        let n = self.size();
        let last = n.saturating_sub(1);
        let off = self.label_offset();
        let (_, top) = self.center(Coord::new(0, 0));
        let (left, _) = self.center(Coord::new(0, 0));
        let (right, bottom) = self.center(Coord::new(last, last));
        let mut out = Vec::new();
        for i in 0..n {
            let (x, y) = self.center(Coord::new(i, i));
            let col = column_label(i, style);
            out.push((x, top - off, col.clone()));
            out.push((x, bottom + off, col));
            let row = row_label(i, n, style);
            out.push((left - off, y, row.clone()));
            out.push((right + off, y, row));
        }
        out
    }
}
