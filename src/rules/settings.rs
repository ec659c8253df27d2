//! The rule settings of a game: which repetition rule, komi, handicap komi return.

use super::komi::Komi;

/// Which repetitions are forbidden. "Same position" means:
/// - `Positional` (Art. 6, the default): the same stones on the same points, whoever is to move.
///   A move (never a pass) may not recreate any earlier arrangement of this game, the start
///   position (after handicap or setup) included.
/// - `Situational`: the same stones *and* the same side to move. The position after a move has
///   the mover's opponent to move; it may not equal an earlier position with that side to move
///   (positions after passes count, with the other side to move).
/// - `Simple` (Art. 20.1): only the immediate recapture of a ko is forbidden — the position after
///   a move may not equal the position before the opponent's last move (when that was not a
///   pass). Longer cycles (triple ko, eternal life, Art. 20.3) are allowed but reported through
///   [`super::Played::repeats_after_move`] so the arbiter can rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum KoRule {
    /// Positional superko: no whole-board arrangement may recur (Art. 6).
    #[default]
    Positional,
    /// Situational superko: no arrangement may recur with the same side to move.
    Situational,
    /// Simple ko: only the immediate recapture is forbidden; cycles are reported.
    Simple,
}

/// The rule settings of one game.
#[derive(Clone, Debug, PartialEq)]
pub struct Rules {
    /// The repetition rule.
    pub ko: KoRule,
    /// Komi in quarter-stones.
    pub komi: Komi,
    /// Whether Black returns half the number of handicap stones at the count (Art. 11).
    pub handicap_komi_return: bool,
}

impl Rules {
    /// The Chinese Weiqi Rules: positional superko, komi 3¾ stones, handicap komi return.
    pub const CHINESE: Rules = Rules {
        ko: KoRule::Positional,
        komi: Komi::CHINESE,
        handicap_komi_return: true,
    };
}

impl Default for Rules {
    /// [`Rules::CHINESE`].
    fn default() -> Rules {
        Rules::CHINESE
    }
}
