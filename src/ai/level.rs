//! Strength levels 1 (a beginner can win) to 5 (the strongest), the teacher's one knob.

use std::fmt;

/// A strength level from 1 to 5. What each level does is documented on the players
/// ([`super::capture_player`], [`super::go_player`]) and in `docs/decisions.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Level {
    /// The weakest level: a beginner can win.
    pub const MIN: Level = Level(1);
    /// The strongest level.
    pub const MAX: Level = Level(5);
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [Level(1), Level(2), Level(3), Level(4), Level(5)];

    /// The level `n`, if it is 1 to 5.
    pub fn new(n: u8) -> Option<Level> {
        (1..=5).contains(&n).then_some(Level(n))
    }

    /// The level as a number, 1 to 5.
    pub fn get(self) -> u8 {
        self.0
    }

    /// The next level up, if any.
    pub fn stronger(self) -> Option<Level> {
        Level::new(self.0 + 1)
    }

    /// The next level down, if any.
    pub fn weaker(self) -> Option<Level> {
        Level::new(self.0.wrapping_sub(1))
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::str::FromStr for Level {
    type Err = String;

    /// Reads "1" to "5".
    fn from_str(s: &str) -> Result<Level, String> {
        s.trim()
            .parse::<u8>()
            .ok()
            .and_then(Level::new)
            .ok_or_else(|| format!("level must be 1 (weakest) to 5 (strongest), not {s:?}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_one_to_five() {
        assert_eq!(Level::new(0), None);
        assert_eq!(Level::new(6), None);
        assert_eq!("3".parse::<Level>(), Ok(Level(3)));
        assert!("x".parse::<Level>().is_err());
        assert_eq!(Level::MIN.weaker(), None);
        assert_eq!(Level::MAX.stronger(), None);
        assert_eq!(Level::MIN.stronger(), Level::new(2));
    }
}
