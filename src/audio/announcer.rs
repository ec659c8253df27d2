//! The [`Announcer`] trait: what the clock's owner asks of the voice, and a recording
//! [`NullAnnouncer`] for tests and machines without sound.
//!
//! Every method only hands a request over and returns at once: the real announcer does its
//! work on its own thread, so a UI frame never waits for audio.

use super::schedule::Call;
use super::voice_pack::VoicePack;
use crate::clock::Phrase;
use std::sync::{Arc, Mutex};

/// Speaks the referee's calls at their instants.
pub trait Announcer: Send {
    /// Replaces every pending call by `calls` (instants of the clock's time line; see
    /// [`super::calls_of`] for the clock's own calls).
    fn schedule(&mut self, calls: &[Call]);
    /// Says a phrase now (after any clip still playing), e.g. the minutes left on request.
    fn say_now(&mut self, phrase: Phrase);
    /// Drops every pending call and stops the clip playing.
    fn cancel(&mut self);
    /// Sets the volume, 0.0 (silent) … 1.0 (the clips as recorded); clamped to that range.
    fn set_volume(&mut self, volume: f32);
    /// Mutes or unmutes without forgetting the volume.
    fn set_muted(&mut self, muted: bool);
    /// Switches to another voice pack.
    fn set_voice(&mut self, pack: VoicePack);
    /// Plays a sound effect now (the teaching board's stones, captures and wins), mixed over
    /// whatever is playing.
    fn play_sound(&mut self, sound: super::effects::Sound);
}

/// One request an announcer received, as recorded by [`NullAnnouncer`].
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    /// [`Announcer::schedule`].
    Schedule(Vec<Call>),
    /// [`Announcer::say_now`].
    SayNow(Phrase),
    /// [`Announcer::cancel`].
    Cancel,
    /// [`Announcer::set_volume`], after clamping.
    Volume(f32),
    /// [`Announcer::set_muted`].
    Muted(bool),
    /// [`Announcer::set_voice`], with the pack's name.
    Voice(String),
    /// [`Announcer::play_sound`].
    Sound(super::effects::Sound),
}

/// An announcer that says nothing and records every request.
///
/// Clones share the record: box one for the code under test and read the other.
#[derive(Clone, Debug, Default)]
pub struct NullAnnouncer {
    requests: Arc<Mutex<Vec<Request>>>,
}

impl NullAnnouncer {
    /// A silent announcer with an empty record.
    pub fn new() -> Self {
        Self::default()
    }

    /// Every request so far, oldest first.
    pub fn requests(&self) -> Vec<Request> {
        self.lock().clone()
    }

    /// The calls pending now: the last schedule, minus what a later cancel dropped.
    pub fn pending(&self) -> Vec<Call> {
        let mut pending = Vec::new();
        for r in self.lock().iter() {
            match r {
                Request::Schedule(calls) => pending = calls.clone(),
                Request::Cancel => pending.clear(),
                _ => {}
            }
        }
        pending
    }

    /// The phrases asked to be said at once, oldest first.
    pub fn said_now(&self) -> Vec<Phrase> {
        self.lock()
            .iter()
            .filter_map(|r| match r {
                Request::SayNow(p) => Some(*p),
                _ => None,
            })
            .collect()
    }

    /// The sound effects asked for, oldest first.
    pub fn sounds(&self) -> Vec<super::effects::Sound> {
        self.lock()
            .iter()
            .filter_map(|r| match r {
                Request::Sound(s) => Some(*s),
                _ => None,
            })
            .collect()
    }

    /// Forgets the record.
    pub fn clear_record(&self) {
        self.lock().clear();
    }

    fn record(&self, r: Request) {
        self.lock().push(r);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<Request>> {
        // A panic while holding this lock can only come from a test that already failed;
        // the record stays usable.
        self.requests.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Announcer for NullAnnouncer {
    fn schedule(&mut self, calls: &[Call]) {
        self.record(Request::Schedule(calls.to_vec()));
    }

    fn say_now(&mut self, phrase: Phrase) {
        self.record(Request::SayNow(phrase));
    }

    fn cancel(&mut self) {
        self.record(Request::Cancel);
    }

    fn set_volume(&mut self, volume: f32) {
        self.record(Request::Volume(clamp_volume(volume)));
    }

    fn set_muted(&mut self, muted: bool) {
        self.record(Request::Muted(muted));
    }

    fn set_voice(&mut self, pack: VoicePack) {
        self.record(Request::Voice(pack.name().to_string()));
    }

    fn play_sound(&mut self, sound: super::effects::Sound) {
        self.record(Request::Sound(sound));
    }
}

/// A volume in 0.0 … 1.0; NaN counts as silent.
pub(crate) fn clamp_volume(volume: f32) -> f32 {
    if volume.is_nan() {
        0.0
    } else {
        volume.clamp(0.0, 1.0)
    }
}
