//! The computer's side of a teaching game, off the UI thread: our own player (capture game or
//! small-board Go) or an engine over GTP. The UI asks once when it is the computer's turn and
//! polls each frame; the worker wakes the UI when the answer is there, so no search — level 5
//! reading ladders, GNU Go thinking — ever holds a frame.

use crate::ai::{CapturePlayer, GoPlayer, Level};
use crate::engine::{
    EngineError, EngineMove, EngineOpponent, EngineSpec, OpponentStatus, Pending, Waker, Worker,
};
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

    fn choose(&self, game: &Game, color: Color) -> Move {
        match self {
            OurPlayer::Capture(p, target) => p.choose_move(game, color, *target),
            OurPlayer::Go(p) => p.choose_move(game, color),
        }
    }
}

/// A question to our player and the position it was about.
#[derive(Debug)]
struct Question {
    answer: Pending<Move>,
    moves: usize,
    hash: u64,
}

/// What the computer answers when polled.
#[derive(Clone, Debug, PartialEq)]
pub enum ComputerAnswer {
    /// Its move (a pass included).
    Move(Move),
    /// It resigns (engines only; ours never resigns).
    Resign,
    /// It failed: the engine is missing, refused or crashed.
    Failed(EngineError),
}

enum Side {
    Ours {
        worker: Worker<OurPlayer>,
        question: Option<Question>,
    },
    Engine(Box<EngineOpponent>),
}

/// The computer player of a teaching game.
pub struct Computer {
    color: Color,
    side: Side,
}

impl std::fmt::Debug for Computer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Computer")
            .field("color", &self.color)
            .field("thinking", &self.thinking())
            .finish()
    }
}

impl Computer {
    /// Our own player for `color` on its own thread.
    pub fn ours(player: OurPlayer, color: Color, wake: Waker) -> Computer {
        Computer {
            color,
            side: Side::Ours {
                worker: Worker::start(move || Ok(player), wake),
                question: None,
            },
        }
    }

    /// An engine for `color` (started on its own thread; a missing program is reported by the
    /// first answer, not here).
    pub fn engine(spec: EngineSpec, color: Color, level: Option<u8>, wake: Waker) -> Computer {
        Computer {
            color,
            side: Side::Engine(Box::new(EngineOpponent::start(spec, color, level, wake))),
        }
    }

    /// The computer's colour.
    pub fn color(&self) -> Color {
        self.color
    }

    /// Whether a question is in flight.
    pub fn thinking(&self) -> bool {
        match &self.side {
            Side::Ours { question, .. } => question.is_some(),
            Side::Engine(o) => o.status() == &OpponentStatus::Thinking,
        }
    }

    /// Asks for a move in `game` if it is the computer's turn and nothing is asked yet.
    pub fn ask_if_its_turn(&mut self, game: &Game) {
        if game.to_move() != self.color {
            return;
        }
        match &mut self.side {
            Side::Ours { worker, question } => {
                if question.is_some() {
                    return;
                }
                let snapshot = game.clone();
                let color = self.color;
                let answer = worker.submit(move |p| Ok(p.choose(&snapshot, color)));
                *question = Some(Question {
                    answer,
                    moves: game.move_number(),
                    hash: game.board().hash(),
                });
            }
            Side::Engine(o) => {
                if o.should_think(game) {
                    o.think(game);
                }
            }
        }
    }

    /// The answer once it has come, for the position `game` (an answer about a position that
    /// has changed since — a take-back — is dropped). Never blocks.
    pub fn poll(&mut self, game: &Game) -> Option<ComputerAnswer> {
        match &mut self.side {
            Side::Ours { question, .. } => {
                let answer = question.as_ref()?.answer.poll()?;
                let q = question.take()?;
                if q.moves != game.move_number() || q.hash != game.board().hash() {
                    return None;
                }
                Some(match answer {
                    Ok(mv) => ComputerAnswer::Move(mv),
                    Err(e) => ComputerAnswer::Failed(e),
                })
            }
            Side::Engine(o) => match o.poll(game) {
                Some(EngineMove::Play(c)) => Some(ComputerAnswer::Move(Move::Play(c))),
                Some(EngineMove::Pass) => Some(ComputerAnswer::Move(Move::Pass)),
                Some(EngineMove::Resign) => Some(ComputerAnswer::Resign),
                None => match o.status() {
                    OpponentStatus::Failed(e) => Some(ComputerAnswer::Failed(e.clone())),
                    _ => None,
                },
            },
        }
    }

    /// After a failure: ask again at the next turn.
    pub fn retry(&mut self) {
        if let Side::Engine(o) = &mut self.side {
            o.retry();
        }
    }

    /// Forgets a question in flight (after a take-back its answer would be stale anyway).
    pub fn forget_question(&mut self) {
        if let Side::Ours { question, .. } = &mut self.side {
            *question = None;
        }
    }
}
