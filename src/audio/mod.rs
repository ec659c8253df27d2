//! The referee's voice: voice packs, a scheduler of calls, and announcers that speak them.
//!
//! The clock (pure) says *what* to call and *when*; this module makes it heard. The key design
//! decision: the caller never waits for audio. [`RodioAnnouncer`] owns the sound device on its
//! own thread, which sleeps until each call's instant and starts the clip there (clips are
//! decoded once, when the pack loads). With no sound device the app uses [`NullAnnouncer`] and
//! says so once; the clock is unaffected, since it never depends on audio.

mod announcer;
mod builtin;
pub mod chime;
mod effects;
mod rodio_announcer;
mod schedule;
pub mod timing_log;
mod voice_pack;

pub use announcer::{Announcer, NullAnnouncer, Request};
pub use builtin::{BUILTIN_VOICES, DEFAULT_VOICE};
pub use effects::Sound;
pub use rodio_announcer::{AudioError, AudioOutput, RodioAnnouncer, SPIN};
pub use schedule::{Call, CallQueue, DueCalls, STALE_AFTER, calls_of};
pub use voice_pack::{COUNT_CLIP_MAX, Clip, MANIFEST_FILE, Manifest, VoiceError, VoicePack};
