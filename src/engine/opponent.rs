//! Playing against an engine, without egui: the app owns the game (its session), this owns
//! the engine's side — when to ask, the question in flight, and answers that came too late.

use super::error::EngineError;
use super::player::{EngineMove, EnginePlayer, PlayerLimits};
use super::spec::EngineSpec;
use super::worker::{Pending, Waker, Worker};
use crate::rules::{Color, Game};

/// What the engine's side of the game is doing.
#[derive(Clone, Debug, PartialEq)]
pub enum OpponentStatus {
    /// Waiting for the other side's move.
    Waiting,
    /// Thinking about a move.
    Thinking,
    /// The last request failed; [`EngineOpponent::think`] asks again.
    Failed(EngineError),
}

/// The question in flight and the position it was asked about.
struct Question {
    answer: Pending<EngineMove>,
    moves: usize,
    hash: u64,
    to_move: Color,
}

/// The engine's side of a game against a person.
pub struct EngineOpponent {
    worker: Worker<EnginePlayer>,
    color: Color,
    question: Option<Question>,
    status: OpponentStatus,
}

impl std::fmt::Debug for EngineOpponent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EngineOpponent")
            .field("color", &self.color)
            .field("status", &self.status)
            .finish()
    }
}

impl EngineOpponent {
    /// Starts the engine of `spec` on its own thread to play `color`; `level` (GNU Go's 0–10)
    /// is set when given and the engine has levels.
    pub fn start(spec: EngineSpec, color: Color, level: Option<u8>, wake: Waker) -> EngineOpponent {
        let worker = Worker::start(
            move || {
                let mut player = EnginePlayer::start(&spec, PlayerLimits::default())?;
                if let Some(level) = level
                    && player.info().knows("level")
                {
                    player.set_level(level)?;
                }
                Ok(player)
            },
            wake,
        );
        EngineOpponent::with_worker(worker, color)
    }

    /// An opponent over a worker already holding a player (tests, other engines).
    pub fn with_worker(worker: Worker<EnginePlayer>, color: Color) -> EngineOpponent {
        EngineOpponent {
            worker,
            color,
            question: None,
            status: OpponentStatus::Waiting,
        }
    }

    /// The engine's colour.
    pub fn color(&self) -> Color {
        self.color
    }

    /// What it is doing.
    pub fn status(&self) -> &OpponentStatus {
        &self.status
    }

    /// Whether it is the engine's turn in `game` and nothing is asked yet (the app then
    /// calls [`EngineOpponent::think`]). After a failure it waits to be asked again.
    pub fn should_think(&self, game: &Game) -> bool {
        game.to_move() == self.color
            && self.question.is_none()
            && self.status == OpponentStatus::Waiting
    }

    /// Asks the engine for its move in `game` (a copy goes to the engine's thread).
    pub fn think(&mut self, game: &Game) {
        let snapshot = game.clone();
        let answer = self.worker.submit(move |player| player.genmove(&snapshot));
        self.question = Some(Question {
            answer,
            moves: game.move_number(),
            hash: game.board().hash(),
            to_move: game.to_move(),
        });
        self.status = OpponentStatus::Thinking;
    }

    /// Changes GNU Go's level for the next moves.
    pub fn set_level(&self, level: u8) -> Pending<()> {
        self.worker.submit(move |player| player.set_level(level))
    }

    /// The engine's move once it has come, for the app to play into `game` (the position
    /// the question was about; an answer to a position that has changed since, after a
    /// take-back, is dropped and `None` returned). Never blocks.
    pub fn poll(&mut self, game: &Game) -> Option<EngineMove> {
        let answer = self.question.as_ref()?.answer.poll()?;
        let q = self.question.take()?;
        let same = q.moves == game.move_number()
            && q.hash == game.board().hash()
            && q.to_move == game.to_move();
        match answer {
            Ok(chosen) if same => {
                self.status = OpponentStatus::Waiting;
                Some(chosen)
            }
            Ok(_) => {
                self.status = OpponentStatus::Waiting;
                None
            }
            Err(e) => {
                self.status = OpponentStatus::Failed(e);
                None
            }
        }
    }

    /// Clears a failure so that [`EngineOpponent::should_think`] asks again.
    pub fn retry(&mut self) {
        if matches!(self.status, OpponentStatus::Failed(_)) {
            self.status = OpponentStatus::Waiting;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::scripted::InProcessEngine;
    use crate::engine::worker::no_waker;
    use crate::rules::{Move, Rules};
    use std::time::Duration;

    fn opponent(color: Color) -> EngineOpponent {
        let worker = Worker::start(
            || EnginePlayer::new(Box::new(InProcessEngine::new()), PlayerLimits::default()),
            no_waker(),
        );
        EngineOpponent::with_worker(worker, color)
    }

    /// Polls until the answer comes (the in-process engine answers at once).
    fn answer(o: &mut EngineOpponent, game: &Game) -> Option<EngineMove> {
        for _ in 0..1000 {
            if let Some(m) = o.poll(game) {
                return Some(m);
            }
            if o.status() != &OpponentStatus::Thinking {
                return None;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        None
    }

    #[test]
    fn the_engine_answers_on_its_turn_only() {
        let mut game = Game::new(9, Rules::default()).expect("9x9");
        let mut white = opponent(Color::White);
        assert!(!white.should_think(&game));
        game.play(Color::Black, Move::Play(crate::rules::Coord::new(4, 4)))
            .expect("legal");
        assert!(white.should_think(&game));
        white.think(&game);
        assert!(!white.should_think(&game));
        let mv = answer(&mut white, &game).expect("a move");
        game.play(Color::White, mv.as_move().expect("no resign"))
            .expect("legal move");
        assert_eq!(white.status(), &OpponentStatus::Waiting);
    }

    #[test]
    fn an_answer_about_a_changed_position_is_dropped() {
        let mut game = Game::new(9, Rules::default()).expect("9x9");
        let mut black = opponent(Color::Black);
        black.think(&game);
        // The person changes the position meanwhile (a setup edit).
        game.setup(&[crate::rules::Coord::new(0, 0)], &[], &[])
            .expect("setup");
        assert_eq!(answer(&mut black, &game), None);
        assert!(black.should_think(&game));
    }
}
