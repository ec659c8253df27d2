//! Tolerant replay for game records (after KataGo's `makeBoardMoveTolerant`): a record with
//! an illegal move still loads, and the referee is told which move and why.

use super::color::Color;
use super::coord::Move;
use super::error::IllegalMove;
use super::game::Game;

/// An illegal move met while replaying a record.
#[derive(Clone, Debug, PartialEq)]
pub struct Irregularity {
    /// Its number: the 1-based count of moves and passes including this one.
    pub move_number: usize,
    /// Who played it.
    pub color: Color,
    /// The move as recorded.
    pub mv: Move,
    /// Why it is illegal.
    pub reason: IllegalMove,
    /// `true` when it could not be played (occupied or off the board) and became a pass;
    /// `false` when the stone was put down anyway (captures resolved, a suicided chain removed
    /// and counted as captured by the opponent, ko and superko ignored).
    pub played_as_pass: bool,
}

impl Game {
    /// Plays a recorded move whatever happens, so the record still loads: see
    /// [`Irregularity`]. Returns the irregularity, if the move was illegal.
    pub fn play_tolerant(&mut self, color: Color, mv: Move) -> Option<Irregularity> {
        let Move::Play(c) = mv else {
            self.apply(color, None);
            return None;
        };
        let reason = self.check(color, mv).err();
        let played_as_pass = matches!(reason, Some(IllegalMove::OffBoard | IllegalMove::Occupied));
        let cell = (!played_as_pass).then(|| self.board().cell(c));
        self.apply(color, cell);
        reason.map(|reason| Irregularity {
            move_number: self.move_number(),
            color,
            mv,
            reason,
            played_as_pass,
        })
    }
}
