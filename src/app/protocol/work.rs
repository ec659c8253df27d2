//! The sub-windows' work for the effects runner's threads (issue 17 items 2 and 10): the
//! teaching computer's moves, the review tab's engine review, the dead-stone estimator, the
//! PINs (Argon2id) and the class files' jobs. A window asks with [`Work`], which the host
//! sends to the runner tagged with the asking window ([`super::WindowId`]); the runner answers with [`WorkDone`] inside
//! [`super::Answer::Work`], back to the same window. Plain values: a host test reads them
//! without a thread.
//!
//! Every answer names what it answers (a game, a question, a job, a position's key), so an
//! answer that comes too late — after a take-back, another record, another position — is
//! recognised by its window and skipped.

use std::sync::Arc;

use crate::analysis::Suggestion;
use crate::engine::{EngineError, EngineSpec, GtpEngine, ReviewPoint, ReviewResults};
use crate::files::journal_writer::Secret;
use crate::i18n::Lang;
use crate::rules::{Board, Color, Game, Move, Rules};
use crate::seal::KdfParams;
use crate::session::{Phase, Session};
use serde::{Deserialize, Serialize};

use super::class_job::{ClassAnswer, ClassJob};

/// Builds an engine on the job's thread (tests).
pub type EngineMaker =
    Arc<dyn Fn() -> Result<Box<dyn GtpEngine + Send>, EngineError> + Send + Sync>;

/// The computer across a teaching game.
#[derive(Clone, Debug, PartialEq)]
pub enum ComputerSpec {
    /// Our own player ([`crate::ai`]) at `level` 1–5 with `seed`: the capture game to
    /// `target` stones (`Some`) or small-board Go (`None`).
    Ours {
        /// The level, 1–5.
        level: u8,
        /// The seed of its random choices.
        seed: u64,
        /// The capture game's target, `None` in Go.
        target: Option<u32>,
    },
    /// An engine over GTP, at `level` (GNU Go's 0–10) when it has levels.
    Engine {
        /// How to start it.
        spec: EngineSpec,
        /// Its level, when given.
        level: Option<u8>,
    },
}

/// Which engine reviews a record.
#[derive(Clone)]
pub enum ReviewEngine {
    /// A GTP engine started as a child process.
    Spec(EngineSpec),
    /// An engine built by this function on the job's thread (tests: scripted engines).
    Made(EngineMaker),
}

impl std::fmt::Debug for ReviewEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReviewEngine::Spec(s) => write!(f, "Spec({})", s.command_line()),
            ReviewEngine::Made(_) => f.write_str("Made(…)"),
        }
    }
}

/// What the estimator is asked about: the position, the rules and the handicap.
#[derive(Clone, Debug)]
pub struct Question {
    /// The board at the end of play.
    pub board: Board,
    /// The rules (komi, ko).
    pub rules: Rules,
    /// Handicap stones (Black returns half a stone each when the rules say so).
    pub handicap: u8,
}

impl Question {
    /// The session's position when it is counting on the app's board, else `None` (a
    /// clock-only session's stones are on a physical board the app does not see).
    pub fn of_counting(session: &Session) -> Option<Question> {
        let on_board = session.setup().mode == crate::session::Mode::Board;
        (on_board && session.phase() == &Phase::Counting).then(|| Question {
            board: session.board(),
            rules: session.game().rules().clone(),
            handicap: session.setup().handicap.stones(),
        })
    }

    /// Identifies the question: the same position and komi get the same suggestion (the
    /// estimator is deterministic), so it is not asked twice.
    pub fn key(&self) -> u64 {
        self.board.hash()
            ^ u64::from(self.board.size()).rotate_left(56)
            ^ (self.rules.komi.0 as u64).rotate_left(40)
            ^ u64::from(self.handicap).rotate_left(32)
    }
}

/// What the computer answers.
#[derive(Clone, Debug, PartialEq)]
pub enum ComputerAnswer {
    /// Its move (a pass included).
    Move(Move),
    /// It resigns (engines only; ours never resigns).
    Resign,
    /// It failed: the engine is missing, refused or crashed.
    Failed(EngineError),
}

/// The teacher's PIN as stored: an Argon2id verifier (see [`crate::seal::PinRecord`]), hex.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredPin {
    /// The derivation's salt, hex.
    pub salt: String,
    /// Argon2id memory in KiB.
    pub m_kib: u32,
    /// Argon2id passes.
    pub t: u32,
    /// Argon2id lanes.
    pub p: u32,
    /// The check value, hex.
    pub check: String,
}

/// Why the teacher's PIN is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PinPurpose {
    /// To open the teaching options (and the settings in them).
    Options,
    /// To leave teaching mode (the rest of the app has the settings and arbiter games).
    Leave,
}

/// Why a new teacher's PIN was not set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PinProblem {
    /// Shorter than the arbiter's minimum of six characters.
    TooShort,
    /// The system's random generator failed (the system's words).
    NoRandom(String),
    /// The key derivation failed (the library's words).
    Derivation(String),
}

impl PinProblem {
    /// The reason in the interface language.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            PinProblem::TooShort => lang
                .pick(
                    "PIN 至少要 6 个字符。",
                    "PIN 至少要 6 個字元。",
                    "The PIN needs at least 6 characters.",
                )
                .to_owned(),
            PinProblem::NoRandom(why) => lang.pick(
                format!("无法取得随机数：{why}"),
                format!("無法取得亂數：{why}"),
                format!("No random numbers: {why}"),
            ),
            PinProblem::Derivation(why) => lang.pick(
                format!("无法保存 PIN：{why}"),
                format!("無法儲存 PIN：{why}"),
                format!("The PIN cannot be kept: {why}"),
            ),
        }
    }
}

/// One job for the runner's threads.
#[derive(Debug)]
pub enum Work {
    /// Start the teaching game `game`'s computer on a thread of its own, replacing any other;
    /// it lives until [`Work::StopComputer`] or the next start.
    StartComputer {
        /// The teaching game it plays in.
        game: u64,
        /// Which computer.
        spec: ComputerSpec,
    },
    /// Ask the computer of game `game` for its move as `color` in `position`.
    AskComputer {
        /// The teaching game.
        game: u64,
        /// The question's number (its answer carries it back).
        question: u64,
        /// The position (a copy).
        position: Box<Game>,
        /// The computer's colour.
        color: Color,
    },
    /// Stop the teaching computer (people play each other now).
    StopComputer,
    /// Review a record's line with an engine on its own thread, replacing any review running.
    StartReview {
        /// The review's number (its answers carry it back).
        id: u64,
        /// The positions of the line.
        points: Vec<ReviewPoint>,
        /// The engine.
        engine: ReviewEngine,
    },
    /// Ask review `id` to stop; the estimates so far stay.
    CancelReview {
        /// The review.
        id: u64,
    },
    /// Forget review `id` (another record is shown): it stops, its answers are not sent.
    DropReview {
        /// The review.
        id: u64,
    },
    /// The dead-stone estimator for a position.
    Suggest {
        /// The position's key (the answer carries it back).
        key: u64,
        /// The position.
        question: Box<Question>,
    },
    /// Check a teacher's PIN against its stored verifier.
    CheckTeacherPin {
        /// The verifier.
        stored: StoredPin,
        /// The PIN typed.
        pin: Secret,
        /// The check's number (its answer carries it back).
        ask: u64,
    },
    /// Check a PIN against a class's teacher's PIN (issue 20).
    CheckClassPin {
        /// The class's verifier.
        record: crate::class::model::TeacherPin,
        /// The PIN typed.
        pin: Secret,
        /// The question's number (its answer carries it back).
        ask: u64,
    },
    /// Make the verifier of a new teacher's PIN (a random salt, Argon2id at `kdf`).
    MakeTeacherPin {
        /// The new PIN.
        pin: Secret,
        /// The derivation's cost.
        kdf: KdfParams,
    },
    /// A job on the class files (issue 20): listing, opening, creating, importing, changing,
    /// reading a child's games for homework.
    Class(ClassJob),
}

/// One answer from the runner's threads.
#[derive(Debug)]
pub enum WorkDone {
    /// The teaching computer's move.
    ComputerMove {
        /// The teaching game.
        game: u64,
        /// The question answered.
        question: u64,
        /// The answer.
        answer: ComputerAnswer,
    },
    /// What review `id` has found so far.
    Review {
        /// The review.
        id: u64,
        /// Its results.
        results: Box<ReviewResults>,
    },
    /// Review `id` has news (the runner turns this into [`WorkDone::Review`]; the host never
    /// sees it).
    ReviewNews(u64),
    /// A dead-stone suggestion.
    Suggestion {
        /// The position's key.
        key: u64,
        /// The suggestion.
        suggestion: Arc<Suggestion>,
    },
    /// A teacher's PIN was checked.
    TeacherPinChecked {
        /// The check's number.
        ask: u64,
        /// Whether it was right.
        right: bool,
    },
    /// A new teacher's PIN: its verifier, or why not.
    TeacherPinMade(Result<StoredPin, PinProblem>),
    /// A class's PIN was checked.
    ClassPinChecked {
        /// The question.
        ask: u64,
        /// Whether it was right.
        right: bool,
    },
    /// A job on the class files finished.
    Class(ClassAnswer),
}
