//! Tianyuan (天元): a Go (weiqi) board on the Chinese Weiqi Rules, for over-the-board referees,
//! club teachers of children and players reviewing games.
//!
//! The key design decision: a **pure core** — [`rules`], [`clock`], [`record`], [`session`],
//! [`review`], [`diagram`], [`problems`], [`geometry`], [`i18n`] — that touches no window, sound
//! device, file or wall clock, surrounded by thin edges ([`app`], [`audio`], [`gtp`], [`engine`],
//! [`cli`], [`time`]).
//! Time is injected as [`clock::Timestamp`]s, so every rule, clock and ruling is tested without
//! a display and without sleeping. See ARCHITECTURE.md for the code map and the invariants.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod ai;
pub mod analysis;
pub mod app;
pub mod audio;
pub mod camera;
pub mod class;
pub mod cli;
pub mod clock;
pub mod diagram;
pub mod engine;
pub mod entropy;
pub mod escape;
pub mod files;
pub mod geometry;
pub mod gtp;
pub mod hall;
pub mod i18n;
pub mod journal;
pub mod locale;
pub mod problems;
pub mod record;
pub mod report;
pub mod review;
pub mod rng;
pub mod rules;
pub mod seal;
pub mod session;
pub mod teach;
pub mod time;
pub mod tournament;
pub mod wake;
