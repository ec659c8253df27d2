//! [`RodioAnnouncer`]: speaks the calls through the sound device, on its own thread.
//!
//! The thread owns the rodio sink (a cpal stream need not be movable between threads, and the
//! UI must never wait on it). The trait methods only send a message. The thread sleeps until
//! the next call is due, waking [`SPIN`] early and yielding the last stretch so that it starts
//! the clip on the millisecond; the clip's first sample taken by the device marks the instant
//! playback started, which goes to the timing log.

use super::announcer::{Announcer, clamp_volume};
use super::schedule::{Call, CallQueue};
use super::timing_log::LogLine;
use super::voice_pack::{Clip, VoicePack};
use crate::clock::{Phrase, Timestamp};
use crate::time::SystemTimeSource;
use std::fmt;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

/// The thread wakes this long before a call and yields until the instant itself.
pub const SPIN: Duration = Duration::from_millis(2);

/// How long opening the sound device may take before the app carries on without a voice.
const OPEN_TIMEOUT: Duration = Duration::from_secs(5);

/// The longest the thread sleeps with nothing due (it wakes at once on any request).
const IDLE_WAIT: Duration = Duration::from_secs(3600);

/// Why the voice cannot be heard.
#[derive(Debug)]
pub enum AudioError {
    /// No sound device could be opened (the clock runs on, silent).
    NoDevice(String),
    /// The timing log file could not be created.
    Log {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// The audio thread could not be started or stopped answering.
    Thread(String),
    /// The voice pack could not be loaded.
    Voice(String),
}

impl fmt::Display for AudioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AudioError::NoDevice(why) => write!(
                f,
                "no sound device ({why}): the clock runs normally but the calls are not spoken"
            ),
            AudioError::Log { path, source } => {
                write!(f, "cannot write the audio log {}: {source}", path.display())
            }
            AudioError::Thread(why) => write!(f, "the audio thread failed: {why}"),
            AudioError::Voice(why) => write!(f, "the voice cannot be loaded: {why}"),
        }
    }
}

impl std::error::Error for AudioError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            AudioError::Log { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// A message to the audio thread.
enum Command {
    Schedule(Vec<Call>),
    SayNow(Phrase),
    Cancel,
    Volume(f32),
    Muted(bool),
    Voice(Box<VoicePack>),
    /// A sound effect, now.
    Sound(super::effects::Sound),
    /// The device took the first sample of a clip (sent from the device's callback).
    Started {
        phrase: Phrase,
        due: Timestamp,
        on_request: bool,
        at_ms: f64,
    },
    /// Play what is still pending, let it finish, then stop.
    Finish,
    /// Stop at once (the announcer was dropped).
    Shutdown,
}

/// The referee's voice through rodio, on its own thread.
pub struct RodioAnnouncer {
    tx: Sender<Command>,
    thread: Option<JoinHandle<()>>,
}

impl RodioAnnouncer {
    /// Opens the default sound device on a new audio thread.
    ///
    /// `time` must be the source the caller's timestamps come from. With `log`, every call is
    /// written to that file (see [`super::timing_log`]). Waits only for the device to open (a
    /// one-time cost at start-up); an error means no sound, never a panic.
    pub fn open(
        pack: VoicePack,
        time: SystemTimeSource,
        log: Option<&Path>,
    ) -> Result<RodioAnnouncer, AudioError> {
        RodioAnnouncer::with_output(pack, time, log, RodioOutput::open)
    }

    /// Like [`RodioAnnouncer::open`], but the pack is loaded by `load` on the audio thread once
    /// the device is open: without a device nothing is decoded (the app's start on a machine
    /// with no sound card keeps the decoded clips, a few megabytes, out of memory), and the UI
    /// thread never waits for the decoding.
    pub fn open_loading<L>(
        load: L,
        time: SystemTimeSource,
        log: Option<&Path>,
    ) -> Result<RodioAnnouncer, AudioError>
    where
        L: FnOnce() -> Result<VoicePack, String> + Send + 'static,
    {
        RodioAnnouncer::spawn(load, time, log, RodioOutput::open)
    }

    /// Like [`RodioAnnouncer::open`], with the output made by `make_output` on the audio
    /// thread: tests use a recorder, so the real thread is tested without a sound device.
    pub fn with_output<F>(
        pack: VoicePack,
        time: SystemTimeSource,
        log: Option<&Path>,
        make_output: F,
    ) -> Result<RodioAnnouncer, AudioError>
    where
        F: FnOnce() -> Result<Box<dyn AudioOutput>, String> + Send + 'static,
    {
        RodioAnnouncer::spawn(move || Ok(pack), time, log, make_output)
    }

    /// Starts the audio thread: it makes the output, then loads the pack, then serves.
    fn spawn<L, F>(
        load: L,
        time: SystemTimeSource,
        log: Option<&Path>,
        make_output: F,
    ) -> Result<RodioAnnouncer, AudioError>
    where
        L: FnOnce() -> Result<VoicePack, String> + Send + 'static,
        F: FnOnce() -> Result<Box<dyn AudioOutput>, String> + Send + 'static,
    {
        let log = match log {
            Some(path) => Some(BufWriter::new(File::create(path).map_err(|source| {
                AudioError::Log {
                    path: path.to_path_buf(),
                    source,
                }
            })?)),
            None => None,
        };
        let (tx, rx) = mpsc::channel();
        let (ready_tx, ready_rx) = mpsc::sync_channel(1);
        let thread_tx = tx.clone();
        let thread = std::thread::Builder::new()
            .name("tianyuan-audio".into())
            .spawn(move || {
                let output = match make_output() {
                    Ok(output) => output,
                    Err(why) => {
                        let _ = ready_tx.send(Err(AudioError::NoDevice(why)));
                        return;
                    }
                };
                let pack = match load() {
                    Ok(pack) => pack,
                    Err(why) => {
                        let _ = ready_tx.send(Err(AudioError::Voice(why)));
                        return;
                    }
                };
                let _ = ready_tx.send(Ok(()));
                AudioThread {
                    rx,
                    tx: thread_tx,
                    time,
                    pack,
                    output,
                    queue: CallQueue::new(),
                    volume: 1.0,
                    muted: false,
                    log,
                    finishing: false,
                }
                .run();
            })
            .map_err(|e| AudioError::Thread(e.to_string()))?;
        match ready_rx.recv_timeout(OPEN_TIMEOUT) {
            Ok(Ok(())) => Ok(RodioAnnouncer {
                tx,
                thread: Some(thread),
            }),
            Ok(Err(e)) => {
                let _ = thread.join();
                Err(e)
            }
            Err(_) => Err(AudioError::NoDevice(
                "the sound device did not answer".into(),
            )),
        }
    }

    /// Plays every call still pending, waits until the last clip has been played, then stops
    /// the thread (used by `tianyuan clock talk` so the final call is heard).
    pub fn finish(mut self) {
        let _ = self.tx.send(Command::Finish);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }

    fn send(&self, c: Command) {
        // A send fails only when the thread has ended; the clock does not depend on the voice.
        let _ = self.tx.send(c);
    }
}

impl Drop for RodioAnnouncer {
    fn drop(&mut self) {
        // The thread holds a sender of its own (for the device's start notices), so it is told
        // to stop; it is not joined, so that dropping never waits on the device.
        if self.thread.take().is_some() {
            let _ = self.tx.send(Command::Shutdown);
        }
    }
}

impl Announcer for RodioAnnouncer {
    fn schedule(&mut self, calls: &[Call]) {
        self.send(Command::Schedule(calls.to_vec()));
    }

    fn say_now(&mut self, phrase: Phrase) {
        self.send(Command::SayNow(phrase));
    }

    fn cancel(&mut self) {
        self.send(Command::Cancel);
    }

    fn set_volume(&mut self, volume: f32) {
        self.send(Command::Volume(clamp_volume(volume)));
    }

    fn set_muted(&mut self, muted: bool) {
        self.send(Command::Muted(muted));
    }

    fn set_voice(&mut self, pack: VoicePack) {
        self.send(Command::Voice(Box::new(pack)));
    }

    fn play_sound(&mut self, sound: super::effects::Sound) {
        self.send(Command::Sound(sound));
    }
}

/// Where the audio thread sends its clips: the sound device, or a recorder in tests.
pub trait AudioOutput {
    /// Queues `clip` after whatever is playing; `on_start` is to be called when the device
    /// takes the clip's first sample.
    fn play(&mut self, clip: &Clip, on_start: Box<dyn FnOnce() + Send>);
    /// Stops the clip playing and drops the queued ones.
    fn stop(&mut self);
    /// Sets the volume, 0.0 … 1.0.
    fn set_volume(&mut self, volume: f32);
    /// Returns when every queued clip has been played.
    fn wait_until_idle(&mut self);
    /// Plays a sound effect at once at `volume`, over any clip playing (a click must not wait
    /// behind a spoken call). By default it is queued like a clip.
    fn play_effect(&mut self, clip: &Clip, volume: f32) {
        let _ = volume;
        self.play(clip, Box::new(|| {}));
    }
}

/// The default sound device through rodio.
struct RodioOutput {
    // Declared first so that it is dropped before the stream it plays into.
    player: rodio::Player,
    sink: rodio::MixerDeviceSink,
}

impl RodioOutput {
    fn open() -> Result<Box<dyn AudioOutput>, String> {
        let mut sink = rodio::DeviceSinkBuilder::open_default_sink().map_err(|e| {
            match std::error::Error::source(&e) {
                Some(cause) => format!("{e}: {cause}"),
                None => e.to_string(),
            }
        })?;
        sink.log_on_drop(false);
        let player = rodio::Player::connect_new(sink.mixer());
        Ok(Box::new(RodioOutput { player, sink }))
    }
}

impl AudioOutput for RodioOutput {
    fn play(&mut self, clip: &Clip, on_start: Box<dyn FnOnce() + Send>) {
        self.player.append(StartMark {
            inner: clip.source(),
            on_start: Some(on_start),
        });
    }

    fn stop(&mut self) {
        // `clear` pauses the player; it must keep playing what comes next.
        self.player.clear();
        self.player.play();
    }

    fn set_volume(&mut self, volume: f32) {
        self.player.set_volume(volume);
    }

    fn wait_until_idle(&mut self) {
        self.player.sleep_until_end();
    }

    fn play_effect(&mut self, clip: &Clip, volume: f32) {
        use rodio::Source;
        self.sink.mixer().add(clip.source().amplify(volume));
    }
}

/// The state owned by the audio thread.
struct AudioThread {
    rx: Receiver<Command>,
    tx: Sender<Command>,
    time: SystemTimeSource,
    pack: VoicePack,
    output: Box<dyn AudioOutput>,
    queue: CallQueue,
    volume: f32,
    muted: bool,
    log: Option<BufWriter<File>>,
    finishing: bool,
}

impl AudioThread {
    fn run(mut self) {
        loop {
            let wait = match self.queue.next_due() {
                Some(due) => self.until(due).saturating_sub(SPIN),
                None if self.finishing => break,
                None => IDLE_WAIT,
            };
            if !wait.is_zero() {
                match self.rx.recv_timeout(wait) {
                    Ok(Command::Shutdown) => return,
                    Ok(c) => self.handle(c),
                    Err(RecvTimeoutError::Timeout) => {}
                    Err(RecvTimeoutError::Disconnected) => return,
                }
                continue;
            }
            if let Some(due) = self.queue.next_due() {
                while !self.until(due).is_zero() {
                    std::thread::yield_now();
                }
            }
            self.play_due();
        }
        // Finishing: let the clips play out; the device's last notices still reach the log.
        self.output.wait_until_idle();
        while let Ok(c) = self.rx.recv_timeout(Duration::from_millis(50)) {
            if let Command::Started { .. } = c {
                self.handle(c);
            }
        }
    }

    fn handle(&mut self, c: Command) {
        match c {
            Command::Schedule(calls) => self.queue.replace(&calls),
            Command::SayNow(phrase) => {
                let due = Timestamp(self.now_ms() as u64);
                self.play(phrase, due, true);
            }
            Command::Cancel => {
                self.queue.clear();
                self.output.stop();
            }
            Command::Volume(v) => {
                self.volume = v;
                self.apply_volume();
            }
            Command::Muted(m) => {
                self.muted = m;
                self.apply_volume();
            }
            Command::Voice(pack) => self.pack = *pack,
            Command::Sound(sound) => {
                if !self.muted && self.volume > 0.0 {
                    self.output.play_effect(&sound.clip(), self.volume);
                }
            }
            Command::Started {
                phrase,
                due,
                on_request,
                at_ms,
            } => self.write_log(LogLine::played(phrase.key(), due.0, at_ms, on_request)),
            Command::Finish => self.finishing = true,
            Command::Shutdown => {}
        }
    }

    fn play_due(&mut self) {
        let now = Timestamp(self.now_ms() as u64);
        let due = self.queue.take_due(now);
        for call in due.play {
            self.play(call.phrase, call.due, false);
        }
        for call in due.dropped {
            let at = self.now_ms();
            self.write_log(LogLine::dropped(call.phrase.key(), call.due.0, at));
        }
    }

    fn play(&mut self, phrase: Phrase, due: Timestamp, on_request: bool) {
        let Some(clip) = self.pack.clip(phrase) else {
            return;
        };
        let tx = self.tx.clone();
        let time = self.time;
        self.output.play(
            clip,
            Box::new(move || {
                let at_ms = ms_since_origin(&time);
                let _ = tx.send(Command::Started {
                    phrase,
                    due,
                    on_request,
                    at_ms,
                });
            }),
        );
    }

    fn apply_volume(&mut self) {
        let volume = if self.muted { 0.0 } else { self.volume };
        self.output.set_volume(volume);
    }

    fn write_log(&mut self, line: LogLine) {
        if let Some(log) = &mut self.log {
            // Flushed per line so that a crash or a kill loses no measured call.
            let ok = writeln!(log, "{}", line.to_json()).and_then(|()| log.flush());
            if let Err(e) = ok {
                eprintln!("tianyuan: the audio log stopped: {e}");
                self.log = None;
            }
        }
    }

    /// Time from now until `due` (zero if it has come).
    fn until(&self, due: Timestamp) -> Duration {
        Duration::from_millis(due.0).saturating_sub(since_origin(&self.time))
    }

    fn now_ms(&self) -> f64 {
        ms_since_origin(&self.time)
    }
}

/// The precise time on the caller's time line: `TimeSource::now` gives whole milliseconds,
/// too coarse to measure a start against its due instant.
fn since_origin(time: &SystemTimeSource) -> Duration {
    time.instant_of(Timestamp::ZERO).elapsed()
}

fn ms_since_origin(time: &SystemTimeSource) -> f64 {
    since_origin(time).as_secs_f64() * 1000.0
}

/// A source that reports when the device takes its first sample.
struct StartMark<S> {
    inner: S,
    on_start: Option<Box<dyn FnOnce() + Send>>,
}

impl<S: rodio::Source> Iterator for StartMark<S> {
    type Item = rodio::Sample;

    fn next(&mut self) -> Option<rodio::Sample> {
        if let Some(f) = self.on_start.take() {
            f();
        }
        self.inner.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl<S: rodio::Source> rodio::Source for StartMark<S> {
    fn current_span_len(&self) -> Option<usize> {
        self.inner.current_span_len()
    }

    fn channels(&self) -> rodio::ChannelCount {
        self.inner.channels()
    }

    fn sample_rate(&self) -> rodio::SampleRate {
        self.inner.sample_rate()
    }

    fn total_duration(&self) -> Option<Duration> {
        self.inner.total_duration()
    }
}
