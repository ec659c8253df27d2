//! Where the board is in the picture: the homography from the board's plane (centimetres of
//! Art. 33, origin at the top-left corner intersection, x right, y down) to pixels.

use super::homography::{Homography, PointPair};
use crate::geometry::{CELL_HEIGHT_CM, CELL_WIDTH_CM};
use crate::rules::Coord;

/// One table's calibration: the board's size and where its plane lies in the picture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Calibration {
    /// Lines of the board (9, 13 or 19).
    pub size: u8,
    /// Board plane (cm) → picture (pixels).
    pub plane_to_picture: Homography,
}

impl Calibration {
    /// The plane position (cm) of an intersection: column × 2.3 cm, row × 2.45 cm (Art. 33).
    pub fn plane_of(c: Coord) -> (f64, f64) {
        (
            f64::from(c.x) * f64::from(CELL_WIDTH_CM),
            f64::from(c.y) * f64::from(CELL_HEIGHT_CM),
        )
    }

    /// The plane positions (cm) of the four corner intersections, clockwise from the top left
    /// (A19, T19, T1, A1 on 19×19).
    pub fn plane_corners(size: u8) -> [(f64, f64); 4] {
        let last = size.saturating_sub(1);
        [
            Self::plane_of(Coord::new(0, 0)),
            Self::plane_of(Coord::new(last, 0)),
            Self::plane_of(Coord::new(last, last)),
            Self::plane_of(Coord::new(0, last)),
        ]
    }

    /// The calibration whose corner intersections are at `corners` (pixels, clockwise from the
    /// top left: the four-click fallback and `--corners`); `None` when they make no board.
    pub fn from_corners(size: u8, corners: [(f64, f64); 4]) -> Option<Calibration> {
        let plane = Self::plane_corners(size);
        let pairs: Vec<PointPair> = plane.into_iter().zip(corners).collect();
        let h = Homography::fit(&pairs)?;
        Some(Calibration {
            size,
            plane_to_picture: h,
        })
    }

    /// The pixel position of an intersection.
    pub fn pixel_of(&self, c: Coord) -> Option<(f64, f64)> {
        let (x, y) = Self::plane_of(c);
        self.plane_to_picture.apply(x, y)
    }

    /// The pixel positions of the four corner intersections, clockwise from the top left.
    pub fn corners(&self) -> Option<[(f64, f64); 4]> {
        let p = Self::plane_corners(self.size);
        Some([
            self.plane_to_picture.apply(p[0].0, p[0].1)?,
            self.plane_to_picture.apply(p[1].0, p[1].1)?,
            self.plane_to_picture.apply(p[2].0, p[2].1)?,
            self.plane_to_picture.apply(p[3].0, p[3].1)?,
        ])
    }
}
