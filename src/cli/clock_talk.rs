//! `tianyuan clock talk`: the real clock on the real monotonic time, spoken aloud, headless.
//!
//! Black moves first and the sides alternate, pressing when each move's time has passed, as a
//! player would; the voice schedules every call ahead and the audio thread starts each clip
//! at its instant. With `--audio-log FILE` each call's due instant and the instant its
//! playback started are logged (see `crate::audio::timing_log`), and the distribution of the
//! lateness is printed at the end: this is how the voice's timing is measured with no display.
//! Without a sound device the run goes on silent, after saying so once.

use crate::audio::timing_log::Lateness;
use crate::audio::{Announcer, DEFAULT_VOICE, NullAnnouncer, RodioAnnouncer, VoicePack, calls_of};
use crate::clock::{
    AnnounceSettings, ClockEvent, ClockOutcome, EventKind, GameClock, Millis, Side, TimeControl,
    Timestamp,
};
use crate::time::{SystemTimeSource, TimeSource};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `tianyuan clock talk`.
#[derive(clap::Args, Debug, Clone)]
pub struct TalkArgs {
    /// The time control, as for `clock simulate`, e.g. chinese:limit=2m,reserve=1.
    #[arg(long, value_name = "SPEC")]
    pub control: String,
    /// The voice: `zh` (Mandarin, the default), `en`, or a folder with a club's voice pack.
    #[arg(long, value_name = "zh|en|DIR", default_value = DEFAULT_VOICE)]
    pub voice: String,
    /// Write each call's due instant and the instant its playback started to FILE.
    #[arg(long, value_name = "FILE")]
    pub audio_log: Option<PathBuf>,
    /// Seconds each move takes, comma separated (Black first, alternating), e.g. 30,59.9,60.
    #[arg(long, value_name = "T1,T2,...", default_value = "")]
    pub moves: String,
    /// Volume from 0 (silent) to 1 (as recorded).
    #[arg(long, value_name = "V", default_value_t = 1.0)]
    pub volume: f32,
}

/// Runs `tianyuan clock talk`: exit code 0 after the last move or the time-out, 2 on bad
/// arguments.
pub fn run_talk(args: &TalkArgs) -> ExitCode {
    match talk(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

/// The parsed, checked arguments.
struct Plan {
    control: TimeControl,
    moves: Vec<Millis>,
    pack: VoicePack,
}

fn plan(args: &TalkArgs) -> Result<Plan, String> {
    let (control, moves) = super::clock::parse_control_and_moves(&args.control, &args.moves)?;
    if !(0.0..=1.0).contains(&args.volume) {
        return Err(format!(
            "--volume {}: give a number from 0 to 1",
            args.volume
        ));
    }
    let pack =
        VoicePack::choose(&args.voice).map_err(|e| format!("--voice {}: {e}", args.voice))?;
    Ok(Plan {
        control,
        moves,
        pack,
    })
}

fn talk(args: &TalkArgs) -> Result<(), String> {
    let Plan {
        control,
        moves,
        pack,
    } = plan(args)?;
    let mut clock =
        GameClock::new(control, AnnounceSettings::default()).map_err(|e| e.to_string())?;
    let time = SystemTimeSource::new();
    let mut voice = Voice::open(pack, time, args)?;
    voice.get().set_volume(args.volume);

    let start = time.now();
    clock.start(start, Side::Black).map_err(|e| e.to_string())?;
    voice.get().schedule(&calls_of(clock.upcoming(start)));
    let mut turn_start = start;
    for took in moves {
        let press_at = turn_start + Millis(took.0.max(0));
        if let Some(ClockOutcome::TimeOut { at, .. }) = clock.outcome_at(press_at) {
            wait_until(&time, at);
            print_events(&clock.events_until_press(at), start);
            break;
        }
        wait_until(&time, press_at);
        print_events(&clock.events_until_press(press_at), start);
        let press = clock.press(press_at).map_err(|e| e.to_string())?;
        println!(
            "{}",
            serde_json::json!({
                "t_ms": press_at.since(start).0,
                "side": press.side.letter().to_string(),
                "event": "press",
                "took_ms": press.took.0,
            })
        );
        voice.get().schedule(&calls_of(clock.upcoming(press_at)));
        turn_start = press_at;
    }
    if clock.outcome().is_none() && clock.outcome_at(time.now()).is_none() {
        // After the last move nobody is thinking: no more calls.
        voice.get().schedule(&[]);
    }
    voice.finish();
    if let Some(log) = &args.audio_log
        && let Ok(text) = std::fs::read_to_string(log)
    {
        match Lateness::of_log(&text) {
            Some(d) => eprintln!("audio timing: {d}"),
            None => eprintln!("audio timing: no call was played"),
        }
    }
    Ok(())
}

/// The rodio voice, or silence (said once) when there is no sound device.
enum Voice {
    Sound(RodioAnnouncer),
    Silent(NullAnnouncer),
}

impl Voice {
    fn open(pack: VoicePack, time: SystemTimeSource, args: &TalkArgs) -> Result<Voice, String> {
        match RodioAnnouncer::open(pack, time, args.audio_log.as_deref()) {
            Ok(a) => Ok(Voice::Sound(a)),
            Err(e @ crate::audio::AudioError::NoDevice(_)) => {
                eprintln!("tianyuan: {e}");
                Ok(Voice::Silent(NullAnnouncer::new()))
            }
            Err(e) => Err(e.to_string()),
        }
    }

    fn get(&mut self) -> &mut dyn Announcer {
        match self {
            Voice::Sound(a) => a,
            Voice::Silent(a) => a,
        }
    }

    fn finish(self) {
        if let Voice::Sound(a) = self {
            a.finish();
        }
    }
}

/// Sleeps until `t` on the real time line (a CLI run in real time; tests never do this).
fn wait_until(time: &SystemTimeSource, t: Timestamp) {
    loop {
        let now = time.now();
        if now >= t {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(t.0 - now.0));
    }
}

fn print_events(events: &[ClockEvent], start: Timestamp) {
    for e in events {
        let mut line = serde_json::json!({
            "t_ms": e.at.since(start).0,
            "side": e.side.letter().to_string(),
        });
        let event = match e.kind {
            EventKind::Say(p) => {
                line["phrase"] = p.key().into();
                line["text"] = p.text_zh_hans().into();
                "say"
            }
            EventKind::ByoyomiStart => "byoyomi_start",
            EventKind::PeriodUsed { periods_left } => {
                line["periods"] = periods_left.into();
                "period_used"
            }
            EventKind::Timeout => "timeout",
        };
        line["event"] = event.into();
        println!("{line}");
    }
}
