//! The computer's side of a teaching game: our own player (capture game or small-board Go)
//! and what the computer answers. It thinks on a thread of the effects runner
//! ([`crate::app::protocol::Work::AskComputer`]), never on the thread that draws, so no
//! search — level 5 reading ladders, GNU Go thinking — ever holds a frame; the teaching
//! state ([`super::state::TeachState`]) asks once when it is the computer's turn and takes the
//! answer the host hands it, skipping one about a position that has changed since.

use crate::ai::{CapturePlayer, GoPlayer, Level};
pub use crate::app::protocol::ComputerAnswer;
use crate::rules::{Color, Game, Move};

/// Which of our players thinks, with the capture game's target.
#[derive(Debug)]
pub enum OurPlayer {
    /// The capture-game player and the number of stones to capture.
    Capture(CapturePlayer, u32),
    /// The small-board Go player.
    Go(GoPlayer),
}

impl OurPlayer {
    /// A player of `level` for the capture game to `target` (`Some`) or Go (`None`).
    pub fn new(level: Level, seed: u64, target: Option<u32>) -> OurPlayer {
        match target {
            Some(t) => OurPlayer::Capture(CapturePlayer::new(level, seed), t),
            None => OurPlayer::Go(GoPlayer::new(level, seed)),
        }
    }

    /// Its move as `color` in `game` (seconds at level 5 on 19×19: never on the UI thread).
    pub fn choose(&self, game: &Game, color: Color) -> Move {
        match self {
            OurPlayer::Capture(p, target) => p.choose_move(game, color, *target),
            OurPlayer::Go(p) => p.choose_move(game, color),
        }
    }
}
