//! Handicap stones (让子): the GTP 2 fixed placement table and free placement.

use std::collections::HashSet;

use super::coord::Coord;
use super::error::RulesError;
use super::game::Game;

/// The fixed handicap points for `n` stones on a board of `size` lines, in the order of the
/// GTP 2 specification (19×19: D4 Q16 D16 Q4, then K10 for odd counts, D10 Q10, K4 K16).
/// Stones go on the 3-3 points below 13×13 and the 4-4 points from 13×13; even sizes and 7×7
/// allow at most 4 stones, boards below 7×7 none. `None` when `n` is not possible there.
pub fn fixed_handicap_points(size: u8, n: u8) -> Option<Vec<Coord>> {
    if size < 7 || n < 2 {
        return None;
    }
    let max = if size.is_multiple_of(2) || size == 7 {
        4
    } else {
        9
    };
    if n > max {
        return None;
    }
    let d = if size < 13 { 2 } else { 3 };
    let (lo, hi, mid) = (d, size - 1 - d, size / 2);
    // (x, y) with y from the top: D4 is (lo, hi), Q16 is (hi, lo).
    let corners = [(lo, hi), (hi, lo), (lo, lo), (hi, hi)];
    let sides = [(lo, mid), (hi, mid)];
    let ends = [(mid, hi), (mid, lo)];
    let centre = (mid, mid);
    let mut points: Vec<(u8, u8)> = corners
        .iter()
        .copied()
        .take(usize::from(n.min(4)))
        .collect();
    if n >= 6 {
        points.extend(sides);
    }
    if n >= 8 {
        points.extend(ends);
    }
    if n % 2 == 1 && n >= 5 {
        points.push(centre);
    }
    Some(points.into_iter().map(|(x, y)| Coord::new(x, y)).collect())
}

impl Game {
    /// Places `n` handicap stones on the fixed points (see [`fixed_handicap_points`]); the
    /// board must be empty. White moves next; the position becomes the repetition baseline.
    pub fn place_fixed_handicap(&mut self, n: u8) -> Result<Vec<Coord>, RulesError> {
        if self.board().empty_count() != usize::from(self.size()) * usize::from(self.size()) {
            return Err(RulesError::NotEmpty);
        }
        let points = fixed_handicap_points(self.size(), n).ok_or(RulesError::BadHandicap(n))?;
        self.setup(&points, &[], &[])?;
        self.set_handicap(n);
        Ok(points)
    }

    /// Places handicap stones on the given points (at least 2, distinct, not the whole board);
    /// the board must be empty. White moves next; the position becomes the repetition baseline.
    pub fn place_free_handicap(&mut self, points: &[Coord]) -> Result<(), RulesError> {
        let size = self.size();
        let area = usize::from(size) * usize::from(size);
        if self.board().empty_count() != area {
            return Err(RulesError::NotEmpty);
        }
        let n = u8::try_from(points.len()).unwrap_or(u8::MAX);
        if points.len() < 2 || points.len() >= area {
            return Err(RulesError::BadHandicap(n));
        }
        let mut seen = HashSet::new();
        for &c in points {
            if !c.is_on(size) {
                return Err(RulesError::OffBoard);
            }
            if !seen.insert(c) {
                return Err(RulesError::DuplicatePoint(c));
            }
        }
        self.setup(points, &[], &[])?;
        self.set_handicap(n);
        Ok(())
    }
}
