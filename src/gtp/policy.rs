//! The move chooser behind `genmove`. **Not a player**: it exists so that GTP controllers and
//! tests get a legal, plausible move, not a good one.
//!
//! The policy, in order: a random capturing move; else a random move whose chain keeps at least
//! two liberties; else pass. It never fills its own one-point eye (an empty point whose
//! neighbours on the board are all its own stones) and never puts its own stones in atari without
//! capturing, so two copies of it finish a game on any board. Randomness comes from a SplitMix64
//! generator seeded from the position (stones, move number, colour), so the same position always
//! gets the same move.

use crate::rules::{Color, Coord, Game, Move};

/// The generator moved to [`crate::ai`] with the computer players; named here as before.
pub use crate::ai::SplitMix64;

/// The seed for `color` to move in this position.
fn seed(game: &Game, color: Color) -> u64 {
    let number = u64::try_from(game.move_number()).unwrap_or(u64::MAX);
    let colour_bits = match color {
        Color::Black => 0x0B1A_C0B1_A0C0_B1AC,
        Color::White => 0x0FFF_0F0F_F0FF_0F0F,
    };
    game.board().hash() ^ number.wrapping_mul(0x2545_F491_4F6C_DD1D) ^ colour_bits
}

/// True when `c` is an empty point all of whose neighbours on the board are `color`'s stones.
pub fn is_own_eye(game: &Game, c: Coord, color: Color) -> bool {
    let board = game.board();
    if board.get(c).is_some() {
        return false;
    }
    let size = board.size();
    let mut neighbours = Vec::with_capacity(4);
    if c.x > 0 {
        neighbours.push(Coord::new(c.x - 1, c.y));
    }
    if c.x + 1 < size {
        neighbours.push(Coord::new(c.x + 1, c.y));
    }
    if c.y > 0 {
        neighbours.push(Coord::new(c.x, c.y - 1));
    }
    if c.y + 1 < size {
        neighbours.push(Coord::new(c.x, c.y + 1));
    }
    neighbours.iter().all(|&n| board.get(n) == Some(color))
}

/// Chooses `color`'s move in `game` (see the module documentation). Does not change `game`.
pub fn choose_move(game: &Game, color: Color) -> Move {
    let mut rng = SplitMix64::new(seed(game, color));
    let mut trial = game.clone();
    let size = game.size();
    let mut captures = Vec::new();
    let mut safe = Vec::new();
    for y in 0..size {
        for x in 0..size {
            let c = Coord::new(x, y);
            if game.board().get(c).is_some() || is_own_eye(game, c, color) {
                continue;
            }
            let Ok(played) = trial.play(color, Move::Play(c)) else {
                continue;
            };
            if !played.captured.is_empty() {
                captures.push(c);
            } else if trial.board().liberties(c) >= 2 {
                safe.push(c);
            }
            trial.undo();
        }
    }
    let pool = if captures.is_empty() {
        &safe
    } else {
        &captures
    };
    if pool.is_empty() {
        return Move::Pass;
    }
    pool.get(rng.below(pool.len()))
        .copied()
        .map_or(Move::Pass, Move::Play)
}
