//! Playing against an engine: given the game so far, the engine's move (`genmove`), its
//! resignations and passes, its strength, and its count at the end.

use std::time::Duration;

use super::error::EngineError;
use super::gtp_engine::GtpEngine;
use super::info::EngineInfo;
use super::process::ProcessEngine;
use super::setup::Sync;
use super::spec::EngineSpec;
use crate::gtp::vertex::parse_coord;
use crate::rules::{Color, Coord, Game, Move};

/// What the engine chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineMove {
    /// A stone on this point (legal under the game's rules: checked).
    Play(Coord),
    /// A pass.
    Pass,
    /// The engine resigns.
    Resign,
}

impl EngineMove {
    /// The move to play, `None` for a resignation.
    pub fn as_move(self) -> Option<Move> {
        match self {
            EngineMove::Play(c) => Some(Move::Play(c)),
            EngineMove::Pass => Some(Move::Pass),
            EngineMove::Resign => None,
        }
    }
}

/// Time-outs of a playing engine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayerLimits {
    /// Board set-up commands and the like.
    pub command: Duration,
    /// One `genmove`.
    pub genmove: Duration,
    /// `final_score` / `final_status_list` at the end of a game.
    pub count: Duration,
}

impl Default for PlayerLimits {
    fn default() -> PlayerLimits {
        PlayerLimits {
            command: Duration::from_secs(10),
            genmove: Duration::from_secs(120),
            count: Duration::from_secs(60),
        }
    }
}

/// An engine that plays one side of a game. It follows the game it is given each time
/// (sending only the new moves when it can), so the app's game stays the one truth.
pub struct EnginePlayer {
    engine: Box<dyn GtpEngine + Send>,
    info: EngineInfo,
    sync: Sync,
    limits: PlayerLimits,
}

impl std::fmt::Debug for EnginePlayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EnginePlayer")
            .field("info", &self.info)
            .field("limits", &self.limits)
            .finish()
    }
}

impl EnginePlayer {
    /// A player over a started engine; asks the engine what it is.
    pub fn new(
        mut engine: Box<dyn GtpEngine + Send>,
        limits: PlayerLimits,
    ) -> Result<EnginePlayer, EngineError> {
        let info = EngineInfo::probe(&mut *engine, limits.command)?;
        Ok(EnginePlayer {
            engine,
            info,
            sync: Sync::new(),
            limits,
        })
    }

    /// Starts the engine of `spec` and wraps it (blocks while the engine starts: call it on a
    /// worker thread, see [`super::Worker::start`]).
    pub fn start(spec: &EngineSpec, limits: PlayerLimits) -> Result<EnginePlayer, EngineError> {
        EnginePlayer::new(Box::new(ProcessEngine::start(spec)?), limits)
    }

    /// What the engine said it is.
    pub fn info(&self) -> &EngineInfo {
        &self.info
    }

    /// The engine itself, for other commands.
    pub fn engine_mut(&mut self) -> &mut dyn GtpEngine {
        self.sync.forget();
        &mut *self.engine
    }

    /// Sets GNU Go's strength (`level`, 0–10, clamped); engines without `level` refuse.
    pub fn set_level(&mut self, level: u8) -> Result<(), EngineError> {
        let level = level.min(*super::spec::GNUGO_LEVELS.end());
        if !self.info.knows("level") {
            return Err(EngineError::Refused {
                command: format!("level {level}"),
                message: format!("{} has no strength levels", self.info.title()),
            });
        }
        self.engine
            .command(&format!("level {level}"), self.limits.command)
            .map(|_| ())
    }

    /// The engine's move for the side to move in `game`. A move our rules forbid is an
    /// error ([`EngineError::IllegalReply`]), never played.
    pub fn genmove(&mut self, game: &Game) -> Result<EngineMove, EngineError> {
        let color = game.to_move();
        let result = self.genmove_unsynced(game, color);
        if result.is_err() {
            self.sync.forget();
        }
        result
    }

    fn genmove_unsynced(&mut self, game: &Game, color: Color) -> Result<EngineMove, EngineError> {
        self.sync
            .sync(&mut *self.engine, game, self.limits.command)?;
        let command = match color {
            Color::Black => "genmove b",
            Color::White => "genmove w",
        };
        let reply = self.engine.command(command, self.limits.genmove)?;
        let chosen = parse_genmove(&reply, game.size()).ok_or_else(|| EngineError::BadReply {
            command: command.to_string(),
            reply: reply.clone(),
        })?;
        if let EngineMove::Play(c) = chosen {
            game.check(color, Move::Play(c))
                .map_err(|why| EngineError::IllegalReply {
                    reply: reply.clone(),
                    reason: why.to_string(),
                })?;
        }
        if let Some(mv) = chosen.as_move() {
            self.sync.played(color, mv);
        }
        Ok(chosen)
    }

    /// The engine's count of a finished game (`final_score`: Black's lead in points). Refused
    /// before the game has ended with two passes: GNU Go can take minutes on an unfinished
    /// board (platform notes: 159 s on a nearly empty one). Bounded by the count time-out.
    pub fn final_score(&mut self, game: &Game) -> Result<f64, EngineError> {
        if game.consecutive_passes() < 2 {
            return Err(EngineError::GameNotFinished);
        }
        self.sync
            .sync(&mut *self.engine, game, self.limits.command)?;
        let reply = self.engine.command("final_score", self.limits.count)?;
        super::estimate::parse_score(&reply).ok_or(EngineError::BadReply {
            command: "final_score".to_string(),
            reply,
        })
    }

    /// The stones the engine calls dead at the end of a finished game
    /// (`final_status_list dead`), with the same guard as [`EnginePlayer::final_score`].
    pub fn dead_stones(&mut self, game: &Game) -> Result<Vec<Coord>, EngineError> {
        if game.consecutive_passes() < 2 {
            return Err(EngineError::GameNotFinished);
        }
        self.sync
            .sync(&mut *self.engine, game, self.limits.command)?;
        let command = "final_status_list dead";
        let reply = self.engine.command(command, self.limits.count)?;
        reply
            .split_whitespace()
            .map(|v| parse_coord(v, game.size()))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|_| EngineError::BadReply {
                command: command.to_string(),
                reply,
            })
    }
}

/// Reads a `genmove` answer: a vertex, `pass` or `resign` (any case).
pub fn parse_genmove(reply: &str, size: u8) -> Option<EngineMove> {
    let word = reply.split_whitespace().next()?;
    if word.eq_ignore_ascii_case("pass") {
        Some(EngineMove::Pass)
    } else if word.eq_ignore_ascii_case("resign") {
        Some(EngineMove::Resign)
    } else {
        Coord::from_gtp(word, size).map(EngineMove::Play)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::scripted::{InProcessEngine, ScriptedEngine};
    use crate::rules::Rules;

    /// A scripted engine that answers `genmove` with `answer` and everything else with "".
    fn answering(answer: &'static str) -> Box<dyn GtpEngine + Send> {
        Box::new(ScriptedEngine::new("script", move |c| {
            Ok(Ok(if c.starts_with("genmove") {
                answer.to_string()
            } else {
                String::new()
            }))
        }))
    }

    fn game9() -> Game {
        Game::new(9, Rules::default()).expect("9x9")
    }

    #[test]
    fn genmove_answers_read_in_any_case() {
        let cases: &[(&str, Option<EngineMove>)] = &[
            ("D4", Some(EngineMove::Play(Coord::new(3, 5)))),
            ("d4", Some(EngineMove::Play(Coord::new(3, 5)))),
            ("PASS", Some(EngineMove::Pass)),
            ("resign", Some(EngineMove::Resign)),
            ("Z99", None),
            ("", None),
        ];
        for (reply, want) in cases {
            assert_eq!(parse_genmove(reply, 9), *want, "{reply:?}");
        }
    }

    #[test]
    fn an_engine_move_on_a_stone_is_refused_as_illegal() {
        let mut game = game9();
        game.play(Color::Black, Move::Play(Coord::new(4, 4)))
            .expect("legal");
        let mut player =
            EnginePlayer::new(answering("E5"), PlayerLimits::default()).expect("player");
        let err = player.genmove(&game).expect_err("E5 is taken");
        assert!(matches!(err, EngineError::IllegalReply { .. }), "{err:?}");
    }

    #[test]
    fn garbage_answer_is_a_bad_reply() {
        let mut player =
            EnginePlayer::new(answering("?!"), PlayerLimits::default()).expect("player");
        let err = player.genmove(&game9()).expect_err("garbage");
        assert!(matches!(err, EngineError::BadReply { .. }), "{err:?}");
    }

    #[test]
    fn final_score_only_after_two_passes() {
        let engine = Box::new(InProcessEngine::new());
        let mut player = EnginePlayer::new(engine, PlayerLimits::default()).expect("player");
        let mut game = game9();
        game.play(Color::Black, Move::Play(Coord::new(4, 4)))
            .expect("legal");
        assert_eq!(player.final_score(&game), Err(EngineError::GameNotFinished));
        game.play(Color::White, Move::Pass).expect("pass");
        game.play(Color::Black, Move::Pass).expect("pass");
        // Black owns the whole board: 81 points less 7.5 komi.
        assert_eq!(player.final_score(&game), Ok(73.5));
        assert_eq!(player.dead_stones(&game), Ok(Vec::new()));
    }

    #[test]
    fn level_needs_an_engine_with_levels() {
        let mut player =
            EnginePlayer::new(Box::new(InProcessEngine::new()), PlayerLimits::default())
                .expect("player");
        assert!(matches!(
            player.set_level(3),
            Err(EngineError::Refused { .. })
        ));
    }

    #[test]
    fn in_process_engine_plays_a_legal_game_against_itself() {
        let mut player =
            EnginePlayer::new(Box::new(InProcessEngine::new()), PlayerLimits::default())
                .expect("player");
        let mut game = game9();
        for _ in 0..200 {
            if game.consecutive_passes() >= 2 {
                break;
            }
            let chosen = player.genmove(&game).expect("a move");
            let mv = chosen.as_move().expect("our engine never resigns");
            game.play(game.to_move(), mv).expect("checked legal");
        }
        assert!(game.move_number() > 20);
    }
}
