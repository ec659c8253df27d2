//! The game clock (Art. 12, 14, 16.1, 23): time systems, the two-sided clock and the referee's calls.
//!
//! Everything here is pure. Time comes in as [`Timestamp`]s from the caller (the app's
//! `crate::time::SystemTimeSource`, or a manual source in tests and `tianyuan clock simulate`),
//! and every figure is computed from those absolute instants: a turn's counted time is the
//! difference of two timestamps, never a sum of frame deltas, so a stalled frame never gives
//! a player time back.
//!
//! - [`TimeControl`]: the systems (Chinese byo-yomi, Japanese, Canadian, Fischer, sudden
//!   death) and their `SPEC` strings (`chinese:limit=60m,reserve=5`).
//! - [`GameClock`]: the two clocks, with press, pause, capture-removal pause, late arrival,
//!   corrections and the approved absence; queried with [`GameClock::view`] and
//!   [`GameClock::next_change`].
//! - [`announce`]: what the referee says and when (Art. 12.2), as a schedule per turn.
//! - [`simulate`]: the pure simulation behind `tianyuan clock simulate`.

pub mod announce;
mod arbiter;
mod clock_types;
mod control;
mod event;
mod game_clock;
mod phrase;
mod side;
pub mod simulate;
mod spec;
mod state;
mod timestamp;
mod turn;
mod view;

pub use announce::AnnounceSettings;
pub use clock_types::{ClockError, ClockOutcome, LateArrival, PauseKind, Press};
pub use control::{ControlError, TimeControl};
pub use event::{Call, ClockEvent, EventKind};
pub use game_clock::GameClock;
pub use phrase::Phrase;
pub use side::Side;
pub use spec::parse_seconds;
pub use timestamp::{Millis, Timestamp};
pub use view::{ClockView, SideView};
