//! The voice packs (issue 4, item 3): every phrase in every built-in pack, decodable, the count
//! shorter than a second; a club's pack folder validated with clear errors.

use std::fs;
use std::path::{Path, PathBuf};
use tianyuan::audio::{BUILTIN_VOICES, MANIFEST_FILE, Manifest, VoiceError, VoicePack};
use tianyuan::clock::Phrase;
use tianyuan::clock::announce::all_scheduled_phrases;

fn assets(lang: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/voices")
        .join(lang)
}

/// A fresh folder for one test (no sleeping, no shared state between tests).
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tianyuan-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// A mono 16-bit WAV of `secs` seconds of a quiet tone.
fn wav(secs: f64) -> Vec<u8> {
    let rate = 22_050u32;
    let n = (secs * f64::from(rate)) as u32;
    let mut out = Vec::new();
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + n * 2).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&rate.to_le_bytes());
    out.extend_from_slice(&(rate * 2).to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&(n * 2).to_le_bytes());
    for i in 0..n {
        let s = (f64::from(i) * 440.0 * std::f64::consts::TAU / f64::from(rate)).sin() * 3000.0;
        out.extend_from_slice(&(s as i16).to_le_bytes());
    }
    out
}

/// A club pack of WAV tones for every phrase; `edit` changes the manifest before writing.
fn club_pack(name: &str, edit: impl FnOnce(&mut Manifest, &Path)) -> PathBuf {
    let dir = temp_dir(name);
    let mut manifest = Manifest {
        name: "Club".into(),
        language: "zh".into(),
        clips: Default::default(),
    };
    for p in Phrase::all() {
        let file = format!("{}.wav", p.key());
        fs::write(dir.join(&file), wav(0.3)).unwrap();
        manifest.clips.insert(p.key(), file);
    }
    edit(&mut manifest, &dir);
    let text = ron::ser::to_string_pretty(&manifest, Default::default()).unwrap();
    fs::write(dir.join(MANIFEST_FILE), text).unwrap();
    dir
}

#[test]
fn every_phrase_is_in_every_builtin_pack() {
    for lang in BUILTIN_VOICES {
        let pack = VoicePack::builtin(lang).unwrap_or_else(|e| panic!("{lang}: {e}"));
        for p in Phrase::all() {
            let clip = pack.clip(p).unwrap_or_else(|| panic!("{lang}: no {p}"));
            assert!(clip.duration().as_millis() > 100, "{lang}/{p} is too short");
        }
    }
}

#[test]
fn every_phrase_the_clock_can_schedule_is_a_pack_phrase() {
    let all = Phrase::all();
    for p in all_scheduled_phrases() {
        assert!(
            all.contains(&p),
            "{p} is scheduled but no pack must hold it"
        );
    }
}

#[test]
fn every_clip_file_decodes_with_rodio() {
    for lang in BUILTIN_VOICES {
        for p in Phrase::all() {
            let path = assets(lang).join(format!("{}.ogg", p.key()));
            let file = fs::File::open(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
            let decoder =
                rodio::Decoder::try_from(file).unwrap_or_else(|e| panic!("{path:?}: {e}"));
            assert!(decoder.count() > 1000, "{path:?} holds almost no audio");
        }
    }
}

#[test]
fn the_manifests_on_disk_name_exactly_the_phrases() {
    let mut keys: Vec<String> = Phrase::all().iter().map(|p| p.key()).collect();
    keys.sort();
    for lang in BUILTIN_VOICES {
        let text = fs::read_to_string(assets(lang).join(MANIFEST_FILE)).unwrap();
        let manifest: Manifest = ron::from_str(&text).unwrap();
        let mut named: Vec<String> = manifest.clips.keys().cloned().collect();
        named.sort();
        assert_eq!(named, keys, "{lang}");
        assert_eq!(manifest.language, lang);
    }
}

#[test]
fn the_asset_folders_load_like_a_club_pack() {
    for lang in BUILTIN_VOICES {
        let pack = VoicePack::from_dir(&assets(lang)).unwrap_or_else(|e| panic!("{lang}: {e}"));
        assert_eq!(pack.language(), lang);
    }
}

#[test]
fn the_count_ends_before_the_next_second() {
    for lang in BUILTIN_VOICES {
        let pack = VoicePack::builtin(lang).unwrap();
        for n in 1..=9 {
            let d = pack.clip(Phrase::Count(n)).unwrap().duration();
            assert!(d.as_millis() < 1000, "{lang}/count_{n} lasts {d:?}");
        }
    }
}

#[test]
fn the_clips_are_small_ogg_vorbis() {
    for lang in BUILTIN_VOICES {
        for p in Phrase::all() {
            let path = assets(lang).join(format!("{}.ogg", p.key()));
            let bytes = fs::read(&path).unwrap();
            assert!(bytes.starts_with(b"OggS"), "{path:?} is not Ogg");
            assert!(bytes.len() < 20_000, "{path:?} is {} bytes", bytes.len());
        }
    }
}

#[test]
fn the_default_voice_is_mandarin() {
    let pack = VoicePack::choose(tianyuan::audio::DEFAULT_VOICE).unwrap();
    assert_eq!(pack.language(), "zh");
    assert_eq!(VoicePack::choose("en").unwrap().language(), "en");
}

#[test]
fn a_club_pack_of_wav_clips_loads() {
    let dir = club_pack("wav-ok", |_, _| {});
    let pack = VoicePack::choose(dir.to_str().unwrap()).unwrap();
    assert_eq!(pack.name(), "Club");
    assert_eq!(pack.clip(Phrase::S30).unwrap().sample_rate(), 22_050);
}

#[test]
fn a_club_pack_missing_a_phrase_is_refused() {
    let dir = club_pack("missing", |m, _| {
        m.clips.remove("count_7");
    });
    match VoicePack::from_dir(&dir) {
        Err(e @ VoiceError::MissingPhrase(_)) => assert!(e.to_string().contains("count_7"), "{e}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_club_pack_with_a_broken_clip_is_refused() {
    let dir = club_pack("broken", |_, dir| {
        fs::write(dir.join("s40.wav"), b"this is not audio").unwrap();
    });
    match VoicePack::from_dir(&dir) {
        Err(e @ VoiceError::Decode { .. }) => {
            let text = e.to_string();
            assert!(text.contains("s40.wav") && text.contains("s40"), "{text}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_club_pack_with_an_empty_clip_is_refused() {
    let dir = club_pack("empty", |_, dir| {
        fs::write(dir.join("pause.wav"), wav(0.0)).unwrap();
    });
    assert!(matches!(
        VoicePack::from_dir(&dir),
        Err(VoiceError::Decode { .. })
    ));
}

#[test]
fn a_club_pack_with_a_missing_file_is_refused() {
    let dir = club_pack("nofile", |_, dir| {
        fs::remove_file(dir.join("resume.wav")).unwrap();
    });
    match VoicePack::from_dir(&dir) {
        Err(e @ VoiceError::Io { .. }) => assert!(e.to_string().contains("resume.wav"), "{e}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_club_pack_with_a_long_count_is_refused() {
    let dir = club_pack("longcount", |_, dir| {
        fs::write(dir.join("count_3.wav"), wav(1.2)).unwrap();
    });
    assert!(matches!(
        VoicePack::from_dir(&dir),
        Err(VoiceError::CountTooLong { key, .. }) if key == "count_3"
    ));
}

#[test]
fn a_club_pack_with_a_misspelt_key_is_refused() {
    let dir = club_pack("typo", |m, _| {
        m.clips.insert("minutes_left_11".into(), "s30.wav".into());
    });
    assert!(matches!(
        VoicePack::from_dir(&dir),
        Err(VoiceError::UnknownKey(k)) if k == "minutes_left_11"
    ));
}

#[test]
fn a_club_pack_may_not_reach_outside_its_folder() {
    let dir = club_pack("escape", |m, _| {
        m.clips.insert("s30".into(), "../s30.wav".into());
    });
    assert!(matches!(
        VoicePack::from_dir(&dir),
        Err(VoiceError::BadFileName { .. })
    ));
}

#[test]
fn a_folder_without_a_manifest_is_a_clear_error() {
    let dir = temp_dir("nomanifest");
    let e = VoicePack::choose(dir.to_str().unwrap()).unwrap_err();
    assert!(e.to_string().contains(MANIFEST_FILE), "{e}");
}

#[test]
fn a_manifest_with_bad_syntax_is_a_clear_error() {
    let dir = temp_dir("badron");
    fs::write(dir.join(MANIFEST_FILE), "(name: \"x\", clips: {").unwrap();
    assert!(matches!(
        VoicePack::from_dir(&dir),
        Err(VoiceError::Manifest { .. })
    ));
}
