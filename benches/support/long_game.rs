//! Long records for the linear-time benchmarks (issue 10): a seeded random game on 19×19 of any
//! length, written as SGF. Moves are legal under positional superko; eyes may be filled, so
//! groups keep dying and the board keeps changing however long the game runs, as a hostile or
//! generated record would.

use tianyuan::gtp::policy::SplitMix64;
use tianyuan::rules::{Color, Game, Move, Rules};

/// The SGF text of a random game of `moves` moves (passes included) from `seed`.
pub fn long_game_sgf(moves: usize, seed: u64) -> String {
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::new(19, Rules::default()).expect("19x19");
    let mut out = String::with_capacity(32 + moves * 6);
    out.push_str("(;FF[4]GM[1]CA[UTF-8]SZ[19]KM[7.5]RU[Chinese]");
    let mut color = Color::Black;
    for _ in 0..moves {
        let mut played = Move::Pass;
        let empties: Vec<_> = game.board().empty_points().collect();
        for _ in 0..16 {
            let Some(&c) = empties.get(rng.below(empties.len().max(1))) else {
                break;
            };
            if game.play(color, Move::Play(c)).is_ok() {
                played = Move::Play(c);
                break;
            }
        }
        if played == Move::Pass {
            let _ = game.play(color, Move::Pass);
        }
        out.push(';');
        out.push(color.letter());
        out.push('[');
        if let Move::Play(c) = played {
            out.push_str(&c.to_sgf());
        }
        out.push(']');
        color = color.opponent();
    }
    out.push_str(")\n");
    out
}
