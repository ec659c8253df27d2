//! The built-in voice packs (Mandarin, English), embedded in the binary from `assets/voices/`,
//! and the choice between them and a club's own pack folder.
//!
//! The clips are made by `scripts/make-voices.sh`. Embedding goes through the same manifest
//! and validation as a pack folder, so a built-in pack is exactly as checked as a club's.

use super::voice_pack::{VoiceError, VoicePack};
use std::path::Path;

/// Calls `$m!($lang; key, key, …)` with every phrase key: the one list of file names to embed.
/// `tests/audio_packs.rs` checks it against `Phrase::all()`, so a new phrase cannot be missed.
macro_rules! with_phrase_keys {
    ($m:ident, $lang:literal) => {
        $m!($lang;
            "byoyomi_start", "s30", "s40", "s50", "s55", "s58", "one_minute",
            "minutes_left_1", "minutes_left_2", "minutes_left_3", "minutes_left_4",
            "minutes_left_5", "minutes_left_6", "minutes_left_7", "minutes_left_8",
            "minutes_left_9", "minutes_left_10",
            "count_1", "count_2", "count_3", "count_4", "count_5", "count_6", "count_7",
            "count_8", "count_9", "count_10_timeout",
            "warning", "second_warning_loss", "move_void_pass", "pause", "resume")
    };
}

macro_rules! embedded_clips {
    ($lang:literal; $($key:literal),* $(,)?) => {
        &[$((
            concat!($key, ".ogg"),
            include_bytes!(concat!("../../assets/voices/", $lang, "/", $key, ".ogg")) as &[u8],
        )),*]
    };
}

/// A pack compiled into the binary.
struct Embedded {
    code: &'static str,
    manifest: &'static str,
    files: &'static [(&'static str, &'static [u8])],
}

const EMBEDDED: [Embedded; 2] = [
    Embedded {
        code: "zh",
        manifest: include_str!("../../assets/voices/zh/manifest.ron"),
        files: with_phrase_keys!(embedded_clips, "zh"),
    },
    Embedded {
        code: "en",
        manifest: include_str!("../../assets/voices/en/manifest.ron"),
        files: with_phrase_keys!(embedded_clips, "en"),
    },
];

/// The codes of the built-in packs, the default (Mandarin) first.
pub const BUILTIN_VOICES: [&str; 2] = ["zh", "en"];

/// The default voice: Mandarin, as a Chinese referee calls.
pub const DEFAULT_VOICE: &str = "zh";

impl VoicePack {
    /// A built-in pack by code (`zh` or `en`), decoded and validated.
    pub fn builtin(code: &str) -> Result<VoicePack, VoiceError> {
        let pack = EMBEDDED
            .iter()
            .find(|p| p.code == code)
            .ok_or_else(|| VoiceError::UnknownBuiltin(code.to_string()))?;
        let origin = format!("built-in voice {code}");
        VoicePack::from_parts(pack.manifest, &origin, |file| {
            pack.files
                .iter()
                .find(|(name, _)| *name == file)
                .map(|(_, bytes)| bytes.to_vec())
                .ok_or_else(|| VoiceError::Io {
                    path: file.into(),
                    source: std::io::Error::new(
                        std::io::ErrorKind::NotFound,
                        "not embedded in this build",
                    ),
                })
        })
    }

    /// The pack named by a user's choice: `zh` or `en` for a built-in pack, otherwise a folder
    /// holding `manifest.ron` (write `./zh` for a folder that happens to be called `zh`).
    pub fn choose(spec: &str) -> Result<VoicePack, VoiceError> {
        if BUILTIN_VOICES.contains(&spec) {
            VoicePack::builtin(spec)
        } else {
            VoicePack::from_dir(Path::new(spec))
        }
    }
}
