//! Dead stones at the end of a game: the built-in estimator behind the counting phase and
//! `tianyuan dead-stones` (issue 11 item 5).
//!
//! The key design decision: a suggestion must be **exact where it can be, honest where it
//! cannot, and explainable** to players and an arbiter who confirm it (Art. 8: life and death
//! is agreed, never decided by the program). So it proves life first (Benson's pass-alive
//! chains, [`benson`]), then plays the position out at random many times with each side to move
//! first ([`playout_estimate`]) and calls a chain dead only where both agree; it recognises
//! seki ([`seki`]) and shows a chain it cannot settle as *uncertain* instead of guessing. Every
//! chain carries its reason ([`Reason`]). Pure: no I/O, no clock; the playouts are seeded
//! from the position, so the same position always gets the same suggestion.

mod benson;
mod cells;
mod local_reading;
mod playout_estimate;
mod rng;
mod seki;
mod suggestion;

pub use suggestion::{ChainReport, Reason, Settings, Shares, Status, Suggestion, suggest};
