//! The random-playout workload of issue 21, shared by `benches/rules.rs` and
//! `examples/playout_speed.rs` so that both measure exactly the same thing: from the empty
//! 19×19 board under positional superko, [`Game::play_random`] for each side in turn (uniform
//! among the legal moves that do not fill the mover's own one-point eye) until two passes in
//! a row or 3 × 361 moves; the random numbers come from SplitMix64 by multiply-shift.

use tianyuan::rng::SplitMix64;
use tianyuan::rules::{Color, Game, KoRule, Move, Rules};

/// The move cap: 3 × 361.
pub const MOVE_CAP: usize = 3 * 361;

/// A 19×19 game under positional superko, ready for [`playout`].
pub fn playout_game() -> Game {
    let rules = Rules {
        ko: KoRule::Positional,
        ..Rules::default()
    };
    match Game::new(19, rules) {
        Ok(g) => g,
        Err(e) => panic!("19x19: {e}"),
    }
}

/// Plays one random game from the empty board; returns the number of moves and passes.
pub fn playout(game: &mut Game, rng: &mut SplitMix64) -> usize {
    game.clear();
    let mut passes = 0;
    let mut color = Color::Black;
    let mut below = |n: usize| rng.below_fast(n);
    while passes < 2 && game.move_number() < MOVE_CAP {
        if game.play_random(color, &mut below) == Move::Pass {
            passes += 1;
        } else {
            passes = 0;
        }
        color = color.opponent();
    }
    game.move_number()
}
