//! Tianyuan (天元): a Go (weiqi) board on the Chinese Weiqi Rules, for over-the-board referees,
//! club teachers of children and players reviewing games.
//!
//! The key design decision: a **pure core** — [`rules`], [`clock`], [`record`], [`session`],
//! [`review`], [`diagram`], [`geometry`], [`i18n`] — that touches no window, sound device, file
//! or wall clock, surrounded by thin edges ([`app`], [`audio`], [`gtp`], [`cli`], [`time`]).
//! Time is injected as [`clock::Timestamp`]s, so every rule, clock and ruling is tested without
//! a display and without sleeping. See ARCHITECTURE.md for the code map and the invariants.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod ai;
pub mod app;
pub mod audio;
pub mod cli;
pub mod clock;
pub mod diagram;
pub mod files;
pub mod geometry;
pub mod gtp;
pub mod i18n;
pub mod record;
pub mod review;
pub mod rules;
pub mod session;
pub mod teach;
pub mod time;
