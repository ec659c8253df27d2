//! Voice packs: one clip per [`Phrase`], named by a RON manifest, decoded once at load.
//!
//! A pack is a folder with `manifest.ron` and the clips it names:
//!
//! ```ron
//! (
//!     name: "Our club's referee",
//!     language: "zh",
//!     clips: { "s30": "s30.ogg", "count_1": "count_1.wav", /* … every phrase … */ },
//! )
//! ```
//!
//! Loading validates the whole pack before the app relies on it: every phrase of
//! [`Phrase::all`] present, every clip decodable (OGG Vorbis or WAV), the second-by-second count
//! shorter than a second (Art. 12.2 counts one number per second), no unknown keys (a typo would
//! otherwise leave a phrase silently unsaid). Decoding happens here, once, so the audio thread
//! only copies samples at the due instant.

use crate::clock::Phrase;
use rodio::Source;
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::io::Cursor;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The manifest file every pack folder holds.
pub const MANIFEST_FILE: &str = "manifest.ron";

/// The longest a clip of the one-per-second count may last: it must end before the next second.
pub const COUNT_CLIP_MAX: Duration = Duration::from_millis(1000);

/// The manifest of a voice pack, as written in `manifest.ron`.
#[derive(Clone, Debug, PartialEq, serde::Deserialize, serde::Serialize)]
pub struct Manifest {
    /// The name shown when choosing a voice.
    pub name: String,
    /// The language of the words, e.g. `zh` or `en`.
    pub language: String,
    /// Phrase key (see [`Phrase::key`]) → clip file name, relative to the pack folder.
    pub clips: BTreeMap<String, String>,
}

/// One decoded clip: samples kept in memory, shared cheaply with the audio thread.
#[derive(Clone, Debug)]
pub struct Clip {
    // A fresh buffer at position 0; cloning shares the samples (an `Arc`), so playing a clip
    // copies nothing large.
    buffer: rodio::buffer::SamplesBuffer,
}

impl Clip {
    /// Decodes an OGG Vorbis or WAV file held in memory.
    pub fn decode(bytes: Vec<u8>) -> Result<Clip, String> {
        let decoder = rodio::Decoder::try_from(Cursor::new(bytes)).map_err(|e| e.to_string())?;
        let channels = decoder.channels();
        let sample_rate = decoder.sample_rate();
        let samples: Vec<f32> = decoder.collect();
        if samples.is_empty() {
            return Err("no audio in the file".into());
        }
        Ok(Clip {
            buffer: rodio::buffer::SamplesBuffer::new(channels, sample_rate, samples),
        })
    }

    /// A clip of samples made in memory (the synthesised sound effects).
    /// Zero channels or a zero rate count as one.
    pub fn from_samples(channels: u16, sample_rate: u32, samples: Vec<f32>) -> Clip {
        let channels = std::num::NonZeroU16::new(channels).unwrap_or(std::num::NonZeroU16::MIN);
        let rate = std::num::NonZeroU32::new(sample_rate).unwrap_or(std::num::NonZeroU32::MIN);
        Clip {
            buffer: rodio::buffer::SamplesBuffer::new(channels, rate, samples),
        }
    }

    /// How long the clip plays.
    pub fn duration(&self) -> Duration {
        self.buffer.total_duration().unwrap_or_default()
    }

    /// The number of channels.
    pub fn channels(&self) -> u16 {
        self.buffer.channels().get()
    }

    /// Samples per second.
    pub fn sample_rate(&self) -> u32 {
        self.buffer.sample_rate().get()
    }

    /// A rodio source playing the clip from its start.
    pub fn source(&self) -> rodio::buffer::SamplesBuffer {
        self.buffer.clone()
    }
}

/// Why a voice pack cannot be used.
#[derive(Debug)]
pub enum VoiceError {
    /// A file of the pack could not be read.
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// `manifest.ron` is not a valid manifest.
    Manifest {
        /// Where the manifest comes from.
        origin: String,
        /// The parser's message.
        message: String,
    },
    /// The manifest names no clip for a phrase the app needs.
    MissingPhrase(String),
    /// The manifest has a key that is no phrase (a typo would leave a call unsaid).
    UnknownKey(String),
    /// A clip file name leaves the pack folder (absolute or with `..`).
    BadFileName {
        /// The phrase key.
        key: String,
        /// The file name as written.
        file: String,
    },
    /// A clip is not decodable audio.
    Decode {
        /// The phrase key.
        key: String,
        /// The file name.
        file: String,
        /// The decoder's message.
        message: String,
    },
    /// A clip of the one-per-second count lasts a second or more.
    CountTooLong {
        /// The phrase key.
        key: String,
        /// Its length.
        duration: Duration,
    },
    /// A built-in pack name that does not exist.
    UnknownBuiltin(String),
}

impl fmt::Display for VoiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VoiceError::Io { path, source } => {
                write!(f, "cannot read {}: {source}", path.display())
            }
            VoiceError::Manifest { origin, message } => {
                write!(f, "{origin}: not a valid voice manifest: {message}")
            }
            VoiceError::MissingPhrase(key) => {
                write!(f, "the voice pack has no clip for the phrase \"{key}\"")
            }
            VoiceError::UnknownKey(key) => write!(
                f,
                "the voice pack names \"{key}\", which is not a phrase (check the spelling)"
            ),
            VoiceError::BadFileName { key, file } => write!(
                f,
                "the clip \"{file}\" of \"{key}\" must be a file inside the pack folder"
            ),
            VoiceError::Decode { key, file, message } => {
                write!(
                    f,
                    "the clip \"{file}\" of \"{key}\" cannot be decoded: {message}"
                )
            }
            VoiceError::CountTooLong { key, duration } => write!(
                f,
                "the count clip \"{key}\" lasts {:.2} s; it must end before the next second",
                duration.as_secs_f64()
            ),
            VoiceError::UnknownBuiltin(name) => {
                write!(f, "no built-in voice \"{name}\" (built in: zh, en)")
            }
        }
    }
}

impl std::error::Error for VoiceError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            VoiceError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// A complete, validated, decoded voice pack.
#[derive(Clone, Debug)]
pub struct VoicePack {
    name: String,
    language: String,
    clips: HashMap<Phrase, Clip>,
}

impl VoicePack {
    /// Loads and validates a pack folder (a club's own recorded voice).
    pub fn from_dir(dir: &Path) -> Result<VoicePack, VoiceError> {
        let manifest_path = dir.join(MANIFEST_FILE);
        let text = std::fs::read_to_string(&manifest_path).map_err(|source| VoiceError::Io {
            path: manifest_path.clone(),
            source,
        })?;
        VoicePack::from_parts(&text, &manifest_path.display().to_string(), |file| {
            let path = dir.join(file);
            std::fs::read(&path).map_err(|source| VoiceError::Io { path, source })
        })
    }

    /// Builds a pack from a manifest text and a reader of the files it names.
    ///
    /// `origin` names the manifest in error messages.
    pub fn from_parts(
        manifest: &str,
        origin: &str,
        mut read: impl FnMut(&str) -> Result<Vec<u8>, VoiceError>,
    ) -> Result<VoicePack, VoiceError> {
        let manifest: Manifest = ron::from_str(manifest).map_err(|e| VoiceError::Manifest {
            origin: origin.to_string(),
            message: e.to_string(),
        })?;
        if let Some(unknown) = manifest
            .clips
            .keys()
            .find(|k| Phrase::from_key(k).is_none())
        {
            return Err(VoiceError::UnknownKey(unknown.clone()));
        }
        let mut clips = HashMap::new();
        for phrase in Phrase::all() {
            let key = phrase.key();
            let file = manifest
                .clips
                .get(&key)
                .ok_or_else(|| VoiceError::MissingPhrase(key.clone()))?;
            if !is_plain_relative(file) {
                return Err(VoiceError::BadFileName {
                    key,
                    file: file.clone(),
                });
            }
            let clip = Clip::decode(read(file)?).map_err(|message| VoiceError::Decode {
                key: key.clone(),
                file: file.clone(),
                message,
            })?;
            if matches!(phrase, Phrase::Count(_)) && clip.duration() >= COUNT_CLIP_MAX {
                return Err(VoiceError::CountTooLong {
                    key,
                    duration: clip.duration(),
                });
            }
            clips.insert(phrase, clip);
        }
        Ok(VoicePack {
            name: manifest.name,
            language: manifest.language,
            clips,
        })
    }

    /// The name shown when choosing a voice.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The language of the words.
    pub fn language(&self) -> &str {
        &self.language
    }

    /// The clip of a phrase (every phrase of [`Phrase::all`] has one in a loaded pack).
    pub fn clip(&self, phrase: Phrase) -> Option<&Clip> {
        self.clips.get(&phrase)
    }
}

/// A file name that stays inside the pack folder: relative, no `..`, not empty.
fn is_plain_relative(file: &str) -> bool {
    let path = Path::new(file);
    !file.is_empty()
        && path.is_relative()
        && path
            .components()
            .all(|c| matches!(c, std::path::Component::Normal(_)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_must_stay_inside_the_pack() {
        assert!(is_plain_relative("s30.ogg"));
        assert!(is_plain_relative("count/one.wav"));
        assert!(!is_plain_relative("../s30.ogg"));
        assert!(!is_plain_relative("/etc/passwd"));
        assert!(!is_plain_relative(""));
    }

    #[test]
    fn a_manifest_that_is_not_ron_is_a_clear_error() {
        let e = VoicePack::from_parts("not ron", "test", |_| Ok(vec![])).unwrap_err();
        assert!(matches!(e, VoiceError::Manifest { .. }), "{e}");
    }
}
