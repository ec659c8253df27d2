//! A whole game between two engines (or an engine and itself): the engines' moves are checked
//! by our rules, the game ends with two passes, a resignation or a move limit.

use super::error::EngineError;
use super::player::{EngineMove, EnginePlayer};
use crate::rules::{Color, Game, GameResult, area_count, score};

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchEnd {
    /// Two passes in a row.
    TwoPasses,
    /// This side resigned.
    Resigned(Color),
    /// The move limit was reached first.
    MoveLimit,
}

/// A finished match.
#[derive(Clone, Debug)]
pub struct MatchOutcome {
    /// The game as played.
    pub game: Game,
    /// How it ended.
    pub end: MatchEnd,
}

impl MatchOutcome {
    /// The result by our rules: the resignation, or the area count of a game ended by passes
    /// with `dead` removed (Art. 9; komi and handicap return from the game's rules).
    pub fn result(&self, dead: &[crate::rules::Coord]) -> Option<GameResult> {
        match self.end {
            MatchEnd::TwoPasses => {
                let count = area_count(self.game.board(), dead);
                Some(score(&count, self.game.rules(), self.game.handicap()))
            }
            MatchEnd::Resigned(_) | MatchEnd::MoveLimit => None,
        }
    }

    /// The SGF `RE` value: `B+R` / `W+R` for a resignation, the count otherwise, `Void` at the
    /// move limit.
    pub fn result_text(&self, dead: &[crate::rules::Coord]) -> String {
        match self.end {
            MatchEnd::Resigned(who) => format!("{}+R", who.opponent().letter()),
            MatchEnd::MoveLimit => "Void".to_string(),
            MatchEnd::TwoPasses => self.result(dead).map_or_else(String::new, |r| r.to_sgf()),
        }
    }
}

/// Plays `game` on between `black` and `white` (the same player may hold both sides) until
/// two passes, a resignation or `max_moves` moves; `on_move` sees the game after each move.
pub fn play_match(
    black: &mut EnginePlayer,
    mut white: Option<&mut EnginePlayer>,
    mut game: Game,
    max_moves: usize,
    on_move: &mut dyn FnMut(&Game, EngineMove),
) -> Result<MatchOutcome, EngineError> {
    loop {
        if game.consecutive_passes() >= 2 {
            return Ok(MatchOutcome {
                game,
                end: MatchEnd::TwoPasses,
            });
        }
        if game.move_number() >= max_moves {
            return Ok(MatchOutcome {
                game,
                end: MatchEnd::MoveLimit,
            });
        }
        let color = game.to_move();
        let player = match (color, white.as_deref_mut()) {
            (Color::White, Some(w)) => w,
            _ => &mut *black,
        };
        let chosen = player.genmove(&game)?;
        let Some(mv) = chosen.as_move() else {
            return Ok(MatchOutcome {
                game,
                end: MatchEnd::Resigned(color),
            });
        };
        // Checked legal by the player; a refusal here would be a bug in that check.
        game.play(color, mv)
            .map_err(|why| EngineError::IllegalReply {
                reply: format!("{mv:?}"),
                reason: why.to_string(),
            })?;
        on_move(&game, chosen);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::player::PlayerLimits;
    use crate::engine::scripted::{InProcessEngine, ScriptedEngine};
    use crate::rules::Rules;

    #[test]
    fn our_engine_against_itself_ends_by_passes_and_counts() {
        let mut p = EnginePlayer::new(Box::new(InProcessEngine::new()), PlayerLimits::default())
            .expect("player");
        let game = Game::new(7, Rules::default()).expect("7x7");
        let mut moves = 0;
        let out = play_match(&mut p, None, game, 300, &mut |_, _| moves += 1).expect("match");
        assert_eq!(out.end, MatchEnd::TwoPasses);
        assert_eq!(moves, out.game.move_number());
        assert!(out.result(&[]).is_some());
    }

    #[test]
    fn a_resignation_ends_the_match_for_the_other_side() {
        let resigner = ScriptedEngine::new("r", |c| {
            Ok(Ok(if c.starts_with("genmove") {
                "resign".into()
            } else {
                String::new()
            }))
        });
        let mut p = EnginePlayer::new(Box::new(resigner), PlayerLimits::default()).expect("player");
        let game = Game::new(9, Rules::default()).expect("9x9");
        let out = play_match(&mut p, None, game, 10, &mut |_, _| {}).expect("match");
        assert_eq!(out.end, MatchEnd::Resigned(Color::Black));
        assert_eq!(out.result_text(&[]), "W+R");
    }
}
