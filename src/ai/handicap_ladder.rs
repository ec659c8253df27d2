//! The handicap ladder (升降级): after each game the computer gives or takes a handicap stone,
//! as igowin did, so a child keeps meeting an opponent of about their strength.
//!
//! The state is one rung: a level and a handicap. The handicap counts in stones from the
//! child's side: positive, the child receives stones; negative, the computer does. A win for
//! the child moves one step up (harder), a loss one step down, a draw stays. With the level
//! steps on (the default), a child who wins when the computer already takes the most stones
//! meets the next level at an even game, and a child who loses when receiving the most
//! stones meets the level below at an even game; without them the level never changes.
//!
//! What a handicap means at the board is [`Rung::go_setup`] for ordinary Go and
//! [`Rung::capture_setup`] for the capture game.

use super::level::Level;
use crate::rules::Color;

/// The result of a game for the child (the student), not for the computer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StudentResult {
    /// The child won.
    Won,
    /// The child lost.
    Lost,
    /// A draw (和棋): the ladder stays.
    Drawn,
}

/// One rung of the ladder: the computer's level and the handicap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rung {
    /// The computer's strength.
    pub level: Level,
    /// Stones for the child (positive) or for the computer (negative).
    pub handicap: i8,
}

/// How a game is set up at the board for one rung.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameSetup {
    /// The child's colour.
    pub student: Color,
    /// Black's handicap stones placed before White's first move (0: Black moves first).
    pub black_stones: u8,
    /// Komi in points (ordinary Go; 0 in the capture game).
    pub komi_points: f64,
}

impl Rung {
    /// Ordinary Go: two or more stones for the child means the child is Black with that many
    /// fixed handicap stones and no komi (Art. 11); one stone means Black without komi (让先);
    /// even is the child as Black with the usual 7.5 points; the computer's stones mirror this
    /// with the child as White.
    pub fn go_setup(self) -> GameSetup {
        let h = self.handicap;
        let stones = h.unsigned_abs();
        match h {
            0 => GameSetup {
                student: Color::Black,
                black_stones: 0,
                komi_points: 7.5,
            },
            1 | -1 => GameSetup {
                student: if h > 0 { Color::Black } else { Color::White },
                black_stones: 0,
                komi_points: 0.0,
            },
            _ => GameSetup {
                student: if h > 0 { Color::Black } else { Color::White },
                black_stones: stones,
                komi_points: 0.0,
            },
        }
    }

    /// The capture game has no komi, so moving first is the first step: +1 is the child as
    /// Black moving first, 0 the child as White (the computer moves first), +N the child as
    /// Black with N−1 stones placed before the computer's first move, −N the computer as Black
    /// with N stones placed before the child's first move.
    pub fn capture_setup(self) -> GameSetup {
        let h = self.handicap;
        if h >= 1 {
            GameSetup {
                student: Color::Black,
                black_stones: u8::try_from(h - 1).unwrap_or(0),
                komi_points: 0.0,
            }
        } else {
            GameSetup {
                student: Color::White,
                black_stones: h.unsigned_abs(),
                komi_points: 0.0,
            }
        }
    }
}

/// The ladder: the current rung, its bounds and whether levels change at the ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandicapLadder {
    rung: Rung,
    max_stones: i8,
    level_steps: bool,
}

impl HandicapLadder {
    /// A ladder starting at `start`, with at most `max_stones` handicap stones either way (9 on
    /// 9×9 and larger odd boards, 4 on even boards and 7×7: the fixed placement table), and
    /// level steps at the ends when `level_steps` is set. The start handicap is clamped.
    pub fn new(start: Rung, max_stones: u8, level_steps: bool) -> HandicapLadder {
        let max = i8::try_from(max_stones.min(9)).unwrap_or(9);
        HandicapLadder {
            rung: Rung {
                level: start.level,
                handicap: start.handicap.clamp(-max, max),
            },
            max_stones: max,
            level_steps,
        }
    }

    /// The most handicap stones on a board of `size` lines for ordinary Go (the GTP fixed
    /// placement table): 9 on odd sizes from 9, 4 on even sizes and 7×7, 0 below 7×7.
    pub fn max_stones_for(size: u8) -> u8 {
        match size {
            0..=6 => 0,
            7 => 4,
            s if s.is_multiple_of(2) => 4,
            _ => 9,
        }
    }

    /// The rung of the next game.
    pub fn rung(&self) -> Rung {
        self.rung
    }

    /// Records the child's result of the game just played and returns the next rung.
    pub fn record(&mut self, result: StudentResult) -> Rung {
        let Rung { level, handicap } = self.rung;
        let max = self.max_stones;
        self.rung = match result {
            StudentResult::Drawn => self.rung,
            StudentResult::Won if handicap > -max => Rung {
                level,
                handicap: handicap - 1,
            },
            StudentResult::Won => match level.stronger().filter(|_| self.level_steps) {
                Some(up) => Rung {
                    level: up,
                    handicap: 0,
                },
                None => self.rung,
            },
            StudentResult::Lost if handicap < max => Rung {
                level,
                handicap: handicap + 1,
            },
            StudentResult::Lost => match level.weaker().filter(|_| self.level_steps) {
                Some(down) => Rung {
                    level: down,
                    handicap: 0,
                },
                None => self.rung,
            },
        };
        self.rung
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use StudentResult::{Drawn, Lost, Won};

    fn rung(level: u8, handicap: i8) -> Rung {
        Rung {
            level: Level::new(level).expect("1 to 5"),
            handicap,
        }
    }

    /// (name, start, max stones, level steps, results, the rung after them).
    type LadderCase<'a> = (&'a str, Rung, u8, bool, &'a [StudentResult], Rung);

    #[test]
    fn ladder_moves_one_stone_per_game() {
        let cases: &[LadderCase] = &[
            (
                "a win takes a stone",
                rung(1, 3),
                9,
                true,
                &[Won],
                rung(1, 2),
            ),
            (
                "a loss gives a stone",
                rung(1, 3),
                9,
                true,
                &[Lost],
                rung(1, 4),
            ),
            ("a draw stays", rung(2, 0), 9, true, &[Drawn], rung(2, 0)),
            (
                "from even the computer takes stones",
                rung(2, 0),
                9,
                true,
                &[Won, Won],
                rung(2, -2),
            ),
            (
                "win at the computer's most stones: next level, even",
                rung(2, -4),
                4,
                true,
                &[Won],
                rung(3, 0),
            ),
            (
                "without level steps the top holds",
                rung(2, -4),
                4,
                false,
                &[Won],
                rung(2, -4),
            ),
            (
                "loss at the child's most stones: level below, even",
                rung(3, 4),
                4,
                true,
                &[Lost],
                rung(2, 0),
            ),
            (
                "level 1 at the most stones stays",
                rung(1, 9),
                9,
                true,
                &[Lost, Lost],
                rung(1, 9),
            ),
            (
                "level 5 at the computer's most stones stays",
                rung(5, -9),
                9,
                true,
                &[Won],
                rung(5, -9),
            ),
            (
                "up and down again",
                rung(1, 2),
                9,
                true,
                &[Won, Won, Lost, Lost, Lost],
                rung(1, 3),
            ),
            (
                "the start is clamped",
                rung(1, 12),
                9,
                true,
                &[],
                rung(1, 9),
            ),
        ];
        for (name, start, max, steps, results, want) in cases {
            let mut ladder = HandicapLadder::new(*start, *max, *steps);
            for &r in *results {
                ladder.record(r);
            }
            assert_eq!(ladder.rung(), *want, "{name}");
        }
    }

    #[test]
    fn handicap_at_the_board() {
        let go = |h| rung(1, h).go_setup();
        assert_eq!(
            (go(0).student, go(0).black_stones, go(0).komi_points),
            (Color::Black, 0, 7.5)
        );
        assert_eq!(
            (go(1).student, go(1).black_stones, go(1).komi_points),
            (Color::Black, 0, 0.0)
        );
        assert_eq!((go(3).student, go(3).black_stones), (Color::Black, 3));
        assert_eq!((go(-1).student, go(-1).black_stones), (Color::White, 0));
        assert_eq!((go(-2).student, go(-2).black_stones), (Color::White, 2));
        let cap = |h| rung(1, h).capture_setup();
        assert_eq!((cap(1).student, cap(1).black_stones), (Color::Black, 0));
        assert_eq!((cap(2).student, cap(2).black_stones), (Color::Black, 1));
        assert_eq!((cap(0).student, cap(0).black_stones), (Color::White, 0));
        assert_eq!((cap(-1).student, cap(-1).black_stones), (Color::White, 1));
        assert_eq!(HandicapLadder::max_stones_for(9), 9);
        assert_eq!(HandicapLadder::max_stones_for(8), 4);
        assert_eq!(HandicapLadder::max_stones_for(5), 0);
    }
}
