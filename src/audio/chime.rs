//! The desk's chime: two short tones when a table newly needs the chief arbiter. Played on its
//! own thread, so the window never waits on the sound device; without a device it is silent.

use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::Duration;

use rodio::Source;

/// A handle that rings the chime.
#[derive(Clone, Debug)]
pub struct Chime {
    tx: Sender<()>,
}

impl Chime {
    /// Starts the chime's thread (it opens the default sound device on the first ring).
    pub fn start() -> Chime {
        let (tx, rx) = channel();
        let _ = std::thread::Builder::new()
            .name("tianyuan-chime".into())
            .spawn(move || ring_loop(rx));
        Chime { tx }
    }

    /// Rings once.
    pub fn ring(&self) {
        let _ = self.tx.send(());
    }
}

fn ring_loop(rx: Receiver<()>) {
    let mut output: Option<(rodio::MixerDeviceSink, rodio::Player)> = None;
    let mut tried = false;
    for () in rx {
        if !tried {
            tried = true;
            if let Ok(mut sink) = rodio::DeviceSinkBuilder::open_default_sink() {
                sink.log_on_drop(false);
                let player = rodio::Player::connect_new(sink.mixer());
                output = Some((sink, player));
            }
        }
        let Some((_, player)) = &output else { continue };
        for hz in [880.0, 660.0] {
            player.append(
                rodio::source::SineWave::new(hz)
                    .take_duration(Duration::from_millis(180))
                    .amplify(0.25),
            );
        }
    }
}
