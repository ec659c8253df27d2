//! Komi (贴子) in quarter-stones: Chinese rules count in stones, 1 stone = 2 points.

use std::fmt;

/// Komi in quarter-stones: 3¾ stones = 15 = 7.5 points. Negative komi is given to Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Komi(pub i32);

impl Komi {
    /// The current national figure, 3¾ stones (7.5 points), Art. 11.
    pub const CHINESE: Komi = Komi(15);
    /// The 1988 text's 2¾ stones (5.5 points), Art. 11.
    pub const CHINESE_1988: Komi = Komi(11);
    /// No komi (handicap games, 让先).
    pub const ZERO: Komi = Komi(0);

    /// Komi from points (as GTP and SGF `KM` give it); `None` unless a finite multiple of 0.5.
    pub fn from_points(p: f64) -> Option<Komi> {
        let quarters = p * 2.0;
        if !quarters.is_finite() || quarters.fract() != 0.0 || quarters.abs() > 1.0e6 {
            return None;
        }
        Some(Komi(quarters as i32))
    }

    /// The komi in points (GTP, SGF `KM`).
    pub fn points(self) -> f64 {
        f64::from(self.0) / 2.0
    }

    /// The komi in stones.
    pub fn stones(self) -> f64 {
        f64::from(self.0) / 4.0
    }
}

/// Writes a count of quarter-stones with ¼ ½ ¾ glyphs: 15 → "3¾", 2 → "½", -6 → "-1½".
pub fn write_quarters(f: &mut impl fmt::Write, quarters: i64) -> fmt::Result {
    let sign = if quarters < 0 { "-" } else { "" };
    let q = quarters.unsigned_abs();
    let whole = q / 4;
    let frac = match q % 4 {
        1 => "¼",
        2 => "½",
        3 => "¾",
        _ => "",
    };
    if whole == 0 && !frac.is_empty() {
        write!(f, "{sign}{frac}")
    } else {
        write!(f, "{sign}{whole}{frac}")
    }
}

impl fmt::Display for Komi {
    /// In stones with quarter glyphs: "3¾", "2¾", "0", "-1½".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_quarters(f, i64::from(self.0))
    }
}
