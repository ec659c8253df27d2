//! Short sound effects of the teaching board (a stone put down, stones captured, a win),
//! synthesised at start-up rather than shipped as files: a click and a chime are a few lines
//! of arithmetic, need no licence, and every voice pack (a club's own included) gets them
//! without new clips.

use super::voice_pack::Clip;

/// A sound effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sound {
    /// A stone put on the board: a short wooden click.
    Stone,
    /// Stones captured: two falling notes.
    Capture,
    /// A won game: a rising arpeggio.
    Celebration,
}

/// Samples per second of the effects.
const RATE: u32 = 22_050;

impl Sound {
    /// The effect as mono samples in −1 … 1 at [`Sound::sample_rate`].
    pub fn samples(self) -> Vec<f32> {
        match self {
            Sound::Stone => click(),
            Sound::Capture => notes(&[(880.0, 0.09), (660.0, 0.14)], 0.35),
            Sound::Celebration => notes(
                &[
                    (523.25, 0.11),
                    (659.25, 0.11),
                    (783.99, 0.11),
                    (1046.5, 0.35),
                ],
                0.3,
            ),
        }
    }

    /// The samples' rate.
    pub fn sample_rate(self) -> u32 {
        RATE
    }

    /// The effect as a clip the audio thread can play.
    pub fn clip(self) -> Clip {
        Clip::from_samples(1, RATE, self.samples())
    }
}

/// A wooden click: a decaying burst of a low and a high partial, 60 ms.
fn click() -> Vec<f32> {
    let n = (RATE as f32 * 0.06) as usize;
    (0..n)
        .map(|i| {
            let t = i as f32 / RATE as f32;
            let env = (-t * 90.0).exp();
            let tone = (t * 2.0 * std::f32::consts::PI * 1_200.0).sin() * 0.6
                + (t * 2.0 * std::f32::consts::PI * 2_900.0).sin() * 0.4;
            tone * env * 0.7
        })
        .collect()
}

/// Notes of `(frequency, seconds)` one after another, each with a soft attack and decay.
fn notes(notes: &[(f32, f32)], volume: f32) -> Vec<f32> {
    let mut out = Vec::new();
    for &(f, secs) in notes {
        let n = (RATE as f32 * secs) as usize;
        out.extend((0..n).map(|i| {
            let t = i as f32 / RATE as f32;
            let attack = (t / 0.008).min(1.0);
            let decay = (-t * 6.0).exp();
            (t * 2.0 * std::f32::consts::PI * f).sin() * attack * decay * volume
        }));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn effects_are_short_and_within_range() {
        for s in [Sound::Stone, Sound::Capture, Sound::Celebration] {
            let samples = s.samples();
            let secs = samples.len() as f32 / s.sample_rate() as f32;
            assert!(secs > 0.02 && secs < 1.5, "{s:?} lasts {secs} s");
            assert!(samples.iter().all(|x| x.abs() <= 1.0));
            assert!(samples.iter().any(|x| x.abs() > 0.05), "{s:?} is silent");
        }
    }
}
