//! The announcers (issue 4, items 3 and 4): the recording null announcer, and the real audio
//! thread driven through a recording output, so it is tested without a sound device.
//!
//! The thread tests wait a little (tens of milliseconds of real time): that is what they test.
//! Their lateness bound is loose so that a loaded machine does not make them flaky; the 50 ms
//! promise is measured in a real run (`tianyuan clock talk --audio-log`).

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use tianyuan::audio::timing_log::LogLine;
use tianyuan::audio::{
    Announcer, AudioOutput, Call, Clip, NullAnnouncer, Request, RodioAnnouncer, VoicePack,
};
use tianyuan::clock::{Millis, Phrase, Timestamp};
use tianyuan::time::{SystemTimeSource, TimeSource};

fn call(due: Timestamp, phrase: Phrase) -> Call {
    Call { due, phrase }
}

#[test]
fn the_null_announcer_records_what_it_was_asked() {
    let recorder = NullAnnouncer::new();
    let mut boxed: Box<dyn Announcer> = Box::new(recorder.clone());
    let first = [call(Timestamp(30_000), Phrase::S30)];
    let second = [
        call(Timestamp(90_000), Phrase::S30),
        call(Timestamp(100_000), Phrase::S40),
    ];
    boxed.schedule(&first);
    boxed.schedule(&second);
    boxed.say_now(Phrase::MinutesLeft(2));
    boxed.set_volume(1.7);
    boxed.set_muted(true);
    assert_eq!(recorder.pending(), second);
    assert_eq!(recorder.said_now(), [Phrase::MinutesLeft(2)]);
    assert_eq!(
        recorder.requests(),
        [
            Request::Schedule(first.to_vec()),
            Request::Schedule(second.to_vec()),
            Request::SayNow(Phrase::MinutesLeft(2)),
            Request::Volume(1.0),
            Request::Muted(true),
        ]
    );
    boxed.cancel();
    assert!(recorder.pending().is_empty());
}

/// An output that "plays" at once and records the volume it was given.
struct Recorder {
    volumes: Arc<Mutex<Vec<f32>>>,
}

impl AudioOutput for Recorder {
    fn play(&mut self, _clip: &Clip, on_start: Box<dyn FnOnce() + Send>) {
        on_start();
    }
    fn stop(&mut self) {}
    fn set_volume(&mut self, volume: f32) {
        self.volumes.lock().unwrap().push(volume);
    }
    fn wait_until_idle(&mut self) {}
}

struct Run {
    announcer: RodioAnnouncer,
    time: SystemTimeSource,
    log: PathBuf,
    volumes: Arc<Mutex<Vec<f32>>>,
}

fn start(name: &str) -> Run {
    let log = std::env::temp_dir().join(format!("tianyuan-{}-{name}.log", std::process::id()));
    let time = SystemTimeSource::new();
    let volumes = Arc::new(Mutex::new(Vec::new()));
    let v = volumes.clone();
    let pack = VoicePack::builtin("zh").unwrap();
    let announcer = RodioAnnouncer::with_output(pack, time, Some(&log), move || {
        Ok(Box::new(Recorder { volumes: v }) as Box<dyn AudioOutput>)
    })
    .unwrap();
    Run {
        announcer,
        time,
        log,
        volumes,
    }
}

fn finish(run: Run) -> Vec<LogLine> {
    run.announcer.finish();
    std::fs::read_to_string(&run.log)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn keys(lines: &[LogLine]) -> Vec<&str> {
    lines.iter().map(|l| l.phrase.as_str()).collect()
}

#[test]
fn the_thread_plays_in_due_order_never_early() {
    let mut run = start("order");
    let now = run.time.now();
    run.announcer.schedule(&[
        call(now + Millis(90), Phrase::S50),
        call(now + Millis(30), Phrase::S30),
        call(now + Millis(60), Phrase::S40),
    ]);
    let lines = finish(run);
    assert_eq!(keys(&lines), ["s30", "s40", "s50"]);
    for l in &lines {
        let late = l.late_ms.unwrap();
        assert!((0.0..250.0).contains(&late), "{l:?}");
    }
}

#[test]
fn a_replaced_schedule_is_not_played() {
    let mut run = start("replace");
    let now = run.time.now();
    run.announcer.schedule(&[
        call(now + Millis(20), Phrase::S30),
        call(now + Millis(40), Phrase::S40),
    ]);
    run.announcer
        .schedule(&[call(now + Millis(80), Phrase::MinutesLeft(3))]);
    assert_eq!(keys(&finish(run)), ["minutes_left_3"]);
}

#[test]
fn a_cancelled_schedule_is_not_played() {
    let mut run = start("cancel");
    let now = run.time.now();
    run.announcer
        .schedule(&[call(now + Millis(20), Phrase::S30)]);
    run.announcer.cancel();
    run.announcer.say_now(Phrase::Pause);
    let lines = finish(run);
    assert_eq!(keys(&lines), ["pause"]);
    assert!(lines[0].on_request);
}

#[test]
fn mute_silences_and_unmute_restores_the_volume() {
    let mut run = start("mute");
    run.announcer.set_volume(0.5);
    run.announcer.set_muted(true);
    run.announcer.set_muted(false);
    let volumes = run.volumes.clone();
    finish(run);
    assert_eq!(*volumes.lock().unwrap(), [0.5, 0.0, 0.5]);
}

/// An output that raises a flag when the audio thread drops it.
struct DropFlag(Arc<Mutex<bool>>);

impl AudioOutput for DropFlag {
    fn play(&mut self, _clip: &Clip, on_start: Box<dyn FnOnce() + Send>) {
        on_start();
    }
    fn stop(&mut self) {}
    fn set_volume(&mut self, _volume: f32) {}
    fn wait_until_idle(&mut self) {}
}

impl Drop for DropFlag {
    fn drop(&mut self) {
        *self.0.lock().unwrap() = true;
    }
}

#[test]
fn dropping_the_announcer_ends_its_thread_and_releases_the_device() {
    let dropped = Arc::new(Mutex::new(false));
    let flag = dropped.clone();
    let pack = VoicePack::builtin("en").unwrap();
    let announcer = RodioAnnouncer::with_output(pack, SystemTimeSource::new(), None, move || {
        Ok(Box::new(DropFlag(flag)) as Box<dyn AudioOutput>)
    })
    .unwrap();
    drop(announcer);
    let deadline = SystemTimeSource::new();
    while !*dropped.lock().unwrap() {
        assert!(
            deadline.now() < Timestamp(5_000),
            "the audio thread kept running"
        );
        std::thread::yield_now();
    }
}

#[test]
fn an_output_that_cannot_open_is_a_clear_no_device_error() {
    let pack = VoicePack::builtin("zh").unwrap();
    let e = RodioAnnouncer::with_output(pack, SystemTimeSource::new(), None, || {
        Err("no card".to_string())
    })
    .err()
    .unwrap();
    assert!(e.to_string().contains("no sound device (no card)"), "{e}");
}

/// An output that records the sound effects it was asked to play, with their volume.
struct EffectRecorder(Arc<Mutex<Vec<(f32, std::time::Duration)>>>);

impl AudioOutput for EffectRecorder {
    fn play(&mut self, _clip: &Clip, on_start: Box<dyn FnOnce() + Send>) {
        on_start();
    }
    fn stop(&mut self) {}
    fn set_volume(&mut self, _volume: f32) {}
    fn wait_until_idle(&mut self) {}
    fn play_effect(&mut self, clip: &Clip, volume: f32) {
        self.0.lock().unwrap().push((volume, clip.duration()));
    }
}

#[test]
fn issue11_sound_effects_play_at_once_at_the_volume_and_not_when_muted() {
    use tianyuan::audio::Sound;
    let played = Arc::new(Mutex::new(Vec::new()));
    let p = played.clone();
    let pack = VoicePack::builtin("en").unwrap();
    let mut announcer =
        RodioAnnouncer::with_output(pack, SystemTimeSource::new(), None, move || {
            Ok(Box::new(EffectRecorder(p)) as Box<dyn AudioOutput>)
        })
        .unwrap();
    announcer.set_volume(0.5);
    announcer.play_sound(Sound::Stone);
    announcer.set_muted(true);
    announcer.play_sound(Sound::Capture);
    announcer.set_muted(false);
    announcer.play_sound(Sound::Celebration);
    announcer.finish();
    let played = played.lock().unwrap().clone();
    assert_eq!(played.len(), 2, "{played:?}");
    assert!(played.iter().all(|(v, _)| *v == 0.5));
    assert!(
        played[0].1 < played[1].1,
        "a click is shorter than the fanfare"
    );
    let null = NullAnnouncer::new();
    let mut boxed: Box<dyn Announcer> = Box::new(null.clone());
    boxed.play_sound(Sound::Capture);
    assert_eq!(null.sounds(), [Sound::Capture]);
}
