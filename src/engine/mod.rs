//! Other Go engines over GTP: GNU Go, KataGo, Pachi, Leela Zero or any program that speaks
//! GTP, run as child processes to play games and to review records.
//!
//! An edge module (it starts processes and threads), in layers:
//! - [`GtpEngine`]: the small trait everything uses — one command, its answer or an
//!   [`EngineError`] that says what happened in words (missing program, refusal, crash with
//!   the engine's stderr, time-out). [`ProcessEngine`] runs a real engine (a reader thread per
//!   pipe, ids on commands so a late answer is never taken for the next one);
//!   [`ScriptedEngine`] and [`InProcessEngine`] stand in for tests.
//! - [`setup`]: a [`crate::rules::Game`] → `boardsize`, `komi` (points), handicap or setup
//!   stones, moves; only the new moves when the engine is already there.
//! - [`EnginePlayer`] (`genmove`, levels, `final_score` only once the game has ended) and
//!   [`EngineOpponent`], the egui-free state of a game against an engine.
//! - [`estimate`] (`estimate_score`, `kata-analyze`, `lz-analyze`, `final_score`),
//!   [`ReviewJob`] (a line of a record, in the background, with progress and cancellation)
//!   and [`swings`] (the moves to look at).
//!
//! The trait blocks: the UI never calls it directly but through [`Worker`] or [`ReviewJob`],
//! which run engines on their own threads and answer through channels.

pub mod error;
pub mod estimate;
pub mod gtp_engine;
pub mod info;
pub mod match_play;
pub mod opponent;
pub mod player;
pub mod process;
pub mod response;
pub mod review_job;
pub mod scripted;
pub mod setup;
pub mod spec;
pub mod swings;
pub mod worker;

pub use error::EngineError;
pub use estimate::{AnalysisLimits, Estimate, Method};
pub use gtp_engine::{Flow, GtpEngine};
pub use info::EngineInfo;
pub use match_play::{MatchEnd, MatchOutcome, play_match};
pub use opponent::{EngineOpponent, OpponentStatus};
pub use player::{EngineMove, EnginePlayer, PlayerLimits};
pub use process::ProcessEngine;
pub use review_job::{
    JobState, Progress, ReviewJob, ReviewPoint, ReviewResults, line_points, review_points,
};
pub use scripted::{InProcessEngine, ScriptedEngine};
pub use spec::EngineSpec;
pub use swings::{PointInfo, Swing, Tempo};
pub use worker::{Pending, Waker, Worker};
