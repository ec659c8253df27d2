//! The board's geometry after Art. 33 of the Chinese Weiqi Rules, with no drawing library.
//!
//! A real board is slightly taller than wide: a cell is 2.3 cm wide and 2.45 cm tall, the grid
//! has a 2 cm margin, and a stone is 2.25 cm across, so neighbouring stones almost touch
//! left and right and leave a gap above and below. Everything here is measured in centimetres
//! and scaled to whatever rectangle the caller has (a window, an SVG page, a real-size screen),
//! always keeping that ratio. The board view and the SVG diagrams both use this module, so a
//! screenshot and a printed diagram have the same proportions.
//!
//! Coordinates are [`Coord`]s: `x` is the column from the left, `y` the row from the top.

use crate::rules::Coord;

/// Spacing of the vertical lines: the width of one cell (Art. 33: 2.25–2.35 cm).
pub const CELL_WIDTH_CM: f32 = 2.3;
/// Spacing of the horizontal lines: the height of one cell (Art. 33: 2.4–2.5 cm).
pub const CELL_HEIGHT_CM: f32 = 2.45;
/// Wood outside the outermost lines, on every side (Art. 33: 2 cm).
pub const MARGIN_CM: f32 = 2.0;
/// Diameter of a stone (Art. 33: 2.2–2.3 cm).
pub const STONE_DIAMETER_CM: f32 = 2.25;
/// Weight of the inner lines; real boards draw them about 1 mm wide.
pub const LINE_WIDTH_CM: f32 = 0.08;
/// Weight of the outermost line, drawn about twice as heavy as the inner lines on real boards.
pub const OUTER_LINE_WIDTH_CM: f32 = 0.16;
/// Diameter of a star point (星位) dot.
pub const STAR_DIAMETER_CM: f32 = 0.4;

/// How the margin labels the lines.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum LabelStyle {
    /// Columns A–T without I (left to right), rows 1–19 counted from the bottom: GTP and most software.
    #[default]
    LettersAndNumbers,
    /// Numbers only, as in Chinese books: columns 1–19 left to right, rows 1–19 from the top.
    NumbersOnly,
}

/// Where margin labels are centred, as a fraction of the margin from the board's outer edge.
const LABEL_INSET: f32 = 0.25;

/// The column letters without I, as GTP and printed boards use them.
const COLUMN_LETTERS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The label of column `x` (0-based from the left).
pub fn column_label(x: u8, style: LabelStyle) -> String {
    match style {
        LabelStyle::LettersAndNumbers => match COLUMN_LETTERS.get(usize::from(x)) {
            Some(&b) => char::from(b).to_string(),
            None => (u32::from(x) + 1).to_string(),
        },
        LabelStyle::NumbersOnly => (u32::from(x) + 1).to_string(),
    }
}

/// The label of row `y` (0-based from the top) on a board of `size` lines.
pub fn row_label(y: u8, size: u8, style: LabelStyle) -> String {
    match style {
        LabelStyle::LettersAndNumbers => (u32::from(size).saturating_sub(u32::from(y))).to_string(),
        LabelStyle::NumbersOnly => (u32::from(y) + 1).to_string(),
    }
}

/// The star points (星位) of a board of `size` lines.
///
/// 19×19 has nine (4-4 corners, 4-10 sides, tengen); 13×13 and 9×9 have five (corners and
/// centre), as the issue and real boards have them. Other sizes follow the same pattern:
/// corner stars on the 4th line from 13 lines up and on the 3rd line from 7 to 12; side stars
/// only on odd boards of 15 lines or more; a centre star on every odd board of 5 lines or more.
pub fn star_points(size: u8) -> Vec<Coord> {
    let mut points = Vec::new();
    if size < 5 {
        return points;
    }
    let odd = size % 2 == 1;
    let mid = size / 2;
    let edge = match size {
        13.. => Some(3),
        7..=12 => Some(2),
        _ => None,
    };
    if let Some(e) = edge {
        let far = size - 1 - e;
        for &(x, y) in &[(e, e), (far, e), (e, far), (far, far)] {
            points.push(Coord::new(x, y));
        }
        if odd && size >= 15 {
            for &(x, y) in &[(mid, e), (e, mid), (far, mid), (mid, far)] {
                points.push(Coord::new(x, y));
            }
        }
    }
    if odd {
        points.push(Coord::new(mid, mid));
    }
    points.sort();
    points
}

/// A rectangle: left, top, width, height, in the caller's units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    /// Left edge.
    pub x: f32,
    /// Top edge.
    pub y: f32,
    /// Width.
    pub w: f32,
    /// Height.
    pub h: f32,
}

/// The board of one size laid out at one scale and position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardGeometry {
    size: u8,
    /// Caller units per centimetre.
    scale: f32,
    /// Top-left corner of the wood.
    left: f32,
    top: f32,
}

impl BoardGeometry {
    /// Width of the whole board (wood) in centimetres: the grid plus a margin on each side.
    pub fn board_width_cm(size: u8) -> f32 {
        f32::from(size.max(1) - 1) * CELL_WIDTH_CM + 2.0 * MARGIN_CM
    }

    /// Height of the whole board (wood) in centimetres.
    pub fn board_height_cm(size: u8) -> f32 {
        f32::from(size.max(1) - 1) * CELL_HEIGHT_CM + 2.0 * MARGIN_CM
    }

    /// The largest board that fits a `width` × `height` area whose top-left is the origin,
    /// centred in it, keeping Art. 33's proportions.
    pub fn fit(size: u8, width: f32, height: f32) -> BoardGeometry {
        Self::fit_in(
            size,
            Rect {
                x: 0.0,
                y: 0.0,
                w: width,
                h: height,
            },
        )
    }

    /// The largest board that fits `area`, centred in it, keeping Art. 33's proportions.
    pub fn fit_in(size: u8, area: Rect) -> BoardGeometry {
        let bw = Self::board_width_cm(size);
        let bh = Self::board_height_cm(size);
        let scale = (area.w / bw).min(area.h / bh).max(0.0);
        let left = area.x + (area.w - bw * scale) / 2.0;
        let top = area.y + (area.h - bh * scale) / 2.0;
        BoardGeometry {
            size,
            scale,
            left,
            top,
        }
    }

    /// A board at a fixed scale (`units_per_cm`) centred in `area`: the real-size mode, where a
    /// cell is 2.3 cm wide on the screen whatever the window (it may overflow a small window).
    pub fn real_size_in(size: u8, units_per_cm: f32, area: Rect) -> BoardGeometry {
        let scale = units_per_cm.max(0.0);
        let left = area.x + (area.w - Self::board_width_cm(size) * scale) / 2.0;
        let top = area.y + (area.h - Self::board_height_cm(size) * scale) / 2.0;
        BoardGeometry {
            size,
            scale,
            left,
            top,
        }
    }

    /// Number of lines.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// Caller units per centimetre.
    pub fn units_per_cm(&self) -> f32 {
        self.scale
    }

    /// The wood, margin included.
    pub fn board_rect(&self) -> Rect {
        Rect {
            x: self.left,
            y: self.top,
            w: Self::board_width_cm(self.size) * self.scale,
            h: Self::board_height_cm(self.size) * self.scale,
        }
    }

    /// The rectangle spanned by the outermost lines.
    pub fn grid_rect(&self) -> Rect {
        let m = MARGIN_CM * self.scale;
        let b = self.board_rect();
        Rect {
            x: b.x + m,
            y: b.y + m,
            w: b.w - 2.0 * m,
            h: b.h - 2.0 * m,
        }
    }

    /// Distance between vertical lines.
    pub fn cell_width(&self) -> f32 {
        CELL_WIDTH_CM * self.scale
    }

    /// Distance between horizontal lines.
    pub fn cell_height(&self) -> f32 {
        CELL_HEIGHT_CM * self.scale
    }

    /// The centre of intersection `c`.
    pub fn point_of(&self, c: Coord) -> (f32, f32) {
        let g = self.grid_rect();
        (
            g.x + f32::from(c.x) * self.cell_width(),
            g.y + f32::from(c.y) * self.cell_height(),
        )
    }

    /// The intersection nearest to `(x, y)`, if the point lies within half a cell of it
    /// (so a click anywhere on the grid or just outside its edge finds a point; the far margin does not).
    pub fn coord_at(&self, x: f32, y: f32) -> Option<Coord> {
        let (cw, ch) = (self.cell_width(), self.cell_height());
        if !(cw > 0.0 && ch > 0.0 && x.is_finite() && y.is_finite()) {
            return None;
        }
        let g = self.grid_rect();
        let col = ((x - g.x) / cw).round();
        let row = ((y - g.y) / ch).round();
        let last = f32::from(self.size.max(1) - 1);
        if !(0.0..=last).contains(&col) || !(0.0..=last).contains(&row) {
            return None;
        }
        // Within the rectangle of half a cell around the intersection.
        let (px, py) = (g.x + col * cw, g.y + row * ch);
        if (x - px).abs() > cw / 2.0 || (y - py).abs() > ch / 2.0 {
            return None;
        }
        Some(Coord::new(col as u8, row as u8))
    }

    /// Radius of a stone.
    pub fn stone_radius(&self) -> f32 {
        STONE_DIAMETER_CM / 2.0 * self.scale
    }

    /// Width of the inner lines.
    pub fn line_width(&self) -> f32 {
        LINE_WIDTH_CM * self.scale
    }

    /// Width of the outermost line.
    pub fn outer_line_width(&self) -> f32 {
        OUTER_LINE_WIDTH_CM * self.scale
    }

    /// Radius of a star point dot.
    pub fn star_radius(&self) -> f32 {
        STAR_DIAMETER_CM / 2.0 * self.scale
    }

    /// Where the label of column `x` goes: in the outer part of the top and bottom margins, clear
    /// of the edge stones (which reach 1.125 cm into the 2 cm margin).
    pub fn column_label_positions(&self, x: u8) -> [(f32, f32); 2] {
        let b = self.board_rect();
        let px = self.point_of(Coord::new(x, 0)).0;
        let m = MARGIN_CM * self.scale;
        [
            (px, b.y + m * LABEL_INSET),
            (px, b.y + b.h - m * LABEL_INSET),
        ]
    }

    /// Where the label of row `y` goes: in the outer part of the left and right margins.
    pub fn row_label_positions(&self, y: u8) -> [(f32, f32); 2] {
        let b = self.board_rect();
        let py = self.point_of(Coord::new(0, y)).1;
        let m = MARGIN_CM * self.scale;
        [
            (b.x + m * LABEL_INSET, py),
            (b.x + b.w - m * LABEL_INSET, py),
        ]
    }

    /// A font height for margin labels that fits between the edge stones and the board's edge.
    pub fn label_font_size(&self) -> f32 {
        0.64 * self.scale
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(x: u8, y: u8) -> Coord {
        Coord::new(x, y)
    }

    #[test]
    fn art33_cells_keep_the_2_3_by_2_45_ratio_in_any_window() {
        for (w, h) in [
            (800.0, 800.0),
            (1920.0, 600.0),
            (300.0, 1200.0),
            (123.0, 77.0),
        ] {
            let g = BoardGeometry::fit(19, w, h);
            let ratio = g.cell_height() / g.cell_width();
            assert!((ratio - 2.45 / 2.3).abs() < 1e-5, "{w}x{h}: {ratio}");
            let b = g.board_rect();
            assert!(b.w <= w + 0.01 && b.h <= h + 0.01);
            // The board touches two opposite sides of the area: it is the largest that fits.
            assert!((b.w - w).abs() < 0.01 || (b.h - h).abs() < 0.01);
        }
    }

    #[test]
    fn art33_margin_and_stone_are_scaled_with_the_cell() {
        let g = BoardGeometry::fit(19, 1000.0, 1000.0);
        let s = g.units_per_cm();
        assert!((g.grid_rect().x - g.board_rect().x - 2.0 * s).abs() < 1e-3);
        assert!((g.stone_radius() * 2.0 / g.cell_width() - 2.25 / 2.3).abs() < 1e-5);
        assert!(g.outer_line_width() > g.line_width());
        // 18 cells of 2.3 plus two margins of 2: 45.4 cm wide, 18 × 2.45 + 4 = 48.1 cm tall.
        assert!((BoardGeometry::board_width_cm(19) - 45.4).abs() < 1e-4);
        assert!((BoardGeometry::board_height_cm(19) - 48.1).abs() < 1e-4);
    }

    #[test]
    fn every_point_maps_back_to_itself() {
        for size in [2u8, 9, 13, 19, 25] {
            let g = BoardGeometry::fit_in(
                size,
                Rect {
                    x: 17.0,
                    y: 5.0,
                    w: 640.0,
                    h: 480.0,
                },
            );
            for x in 0..size {
                for y in 0..size {
                    let (px, py) = g.point_of(c(x, y));
                    assert_eq!(g.coord_at(px, py), Some(c(x, y)));
                    // A click a little off the intersection still finds it.
                    let off = (g.cell_width() * 0.4, g.cell_height() * -0.4);
                    assert_eq!(g.coord_at(px + off.0, py + off.1), Some(c(x, y)));
                }
            }
        }
    }

    #[test]
    fn clicks_outside_the_grid_find_nothing() {
        let g = BoardGeometry::fit(19, 500.0, 500.0);
        let b = g.board_rect();
        assert_eq!(g.coord_at(b.x + 1.0, b.y + 1.0), None);
        assert_eq!(g.coord_at(-10.0, 250.0), None);
        assert_eq!(g.coord_at(f32::NAN, 3.0), None);
        assert_eq!(BoardGeometry::fit(19, 0.0, 0.0).coord_at(0.0, 0.0), None);
    }

    #[test]
    fn star_points_as_on_real_boards() {
        let s19 = star_points(19);
        assert_eq!(s19.len(), 9);
        for p in [
            c(3, 3),
            c(9, 3),
            c(15, 3),
            c(3, 9),
            c(9, 9),
            c(15, 9),
            c(3, 15),
            c(9, 15),
            c(15, 15),
        ] {
            assert!(s19.contains(&p), "{p:?}");
        }
        assert_eq!(
            star_points(13),
            vec![c(3, 3), c(3, 9), c(6, 6), c(9, 3), c(9, 9)]
        );
        assert_eq!(
            star_points(9),
            vec![c(2, 2), c(2, 6), c(4, 4), c(6, 2), c(6, 6)]
        );
        assert_eq!(star_points(10).len(), 4);
        assert_eq!(star_points(5), vec![c(2, 2)]);
        assert!(star_points(2).is_empty());
        for size in 2..=25u8 {
            assert!(star_points(size).iter().all(|p| p.x < size && p.y < size));
        }
    }

    #[test]
    fn labels_skip_i_and_count_rows_from_the_bottom() {
        let l = LabelStyle::LettersAndNumbers;
        let cols: String = (0..19).map(|x| column_label(x, l)).collect();
        assert_eq!(cols, "ABCDEFGHJKLMNOPQRST");
        assert_eq!(column_label(24, l), "Z");
        assert_eq!(row_label(0, 19, l), "19");
        assert_eq!(row_label(18, 19, l), "1");
        let n = LabelStyle::NumbersOnly;
        assert_eq!(column_label(0, n), "1");
        assert_eq!(row_label(0, 19, n), "1");
    }

    #[test]
    fn margin_labels_clear_the_edge_stones() {
        let g = BoardGeometry::fit(19, 900.0, 900.0);
        let half_text = g.label_font_size() / 2.0;
        let [(_, top), _] = g.column_label_positions(0);
        let [(left, _), _] = g.row_label_positions(0);
        let (x0, y0) = g.point_of(Coord::new(0, 0));
        assert!(y0 - top - half_text > g.stone_radius());
        assert!(x0 - left - half_text > g.stone_radius());
        assert!(top - half_text >= g.board_rect().y);
    }

    #[test]
    fn real_size_mode_keeps_the_scale() {
        let area = Rect {
            x: 0.0,
            y: 0.0,
            w: 200.0,
            h: 200.0,
        };
        let g = BoardGeometry::real_size_in(19, 37.8, area);
        assert!((g.cell_width() - 2.3 * 37.8).abs() < 1e-3);
    }
}
