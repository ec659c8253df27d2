use super::*;
use crate::class::library::Library;

fn t(s: &str) -> Time {
    DateTime::parse_from_rfc3339(s).expect("time")
}

pub(crate) fn sample() -> Class {
    let lib = Library::shipped();
    let at = t("2025-03-04T16:30:00+08:00");
    let mut class = Class::new("周二班", "王老师", at);
    class.pin = Some(TeacherPin::make("teacher-1", [9; 16], KdfParams::TEST_ONLY).expect("pin"));
    class.add_child("小明", None, at).expect("add");
    class
        .add_child("Lily", Avatar::parse("colour:green"), at)
        .expect("add");
    let ids: Vec<String> = lib.entries().iter().take(2).map(|e| e.id.clone()).collect();
    class
        .record_attempt(
            "小明",
            &lib,
            &ids[0],
            vec!["E4".into()],
            false,
            1,
            Some(40),
            at,
        )
        .expect("attempt");
    class
        .record_attempt("Lily", &lib, &ids[1], vec!["C3".into()], true, 0, None, at)
        .expect("attempt");
    class
        .record_game(
            "Lily",
            &lib,
            GameEntry {
                at,
                kind: GameKind::Capture { stones: 1 },
                opponent: "电脑 2级".into(),
                computer_level: Some(2),
                handicap: 1,
                color: Color::Black,
                result: GameResult::Won,
                sgf: "(;GM[1]SZ[9];B[ee])".into(),
            },
        )
        .expect("game");
    class.move_child("小明", 3, at).expect("move");
    class.children[0].note = "张小明".into();
    class
}

#[test]
fn a_class_round_trips_through_its_bytes() {
    let class = sample();
    let bytes = to_bytes(&class);
    let back = from_bytes(&bytes).expect("reads");
    assert_eq!(back, class);
    assert_eq!(to_bytes(&back), bytes, "stable bytes");
    let text = String::from_utf8(bytes).expect("utf-8");
    assert!(text.contains("\"format\": \"tianyuan-class\""));
    assert!(text.contains("\"version\": 2"));
    assert!(text.contains("\"time_zone\": \"+08:00\""));
    assert!(text.trim_end().ends_with('}'));
    let last_member = text.trim_end().trim_end_matches('}').trim_end();
    assert!(
        last_member
            .rsplit('\n')
            .next()
            .is_some_and(|l| l.trim_start().starts_with("\"checksum\": \"sha256:")),
        "the checksum is the last member"
    );
    assert!(
        !text.contains("teacher-1"),
        "the PIN itself is never written"
    );
}

/// A file as version 1 wrote it (members empty left out, no checksum, no time zone) reads,
/// its time zone the offset it was made in, and is written as version 2.
#[test]
fn a_version_1_file_reads_and_is_written_as_version_2() {
    let v1 = r#"{
  "format": "tianyuan-class",
  "version": 1,
  "name": "A",
  "teacher": "B",
  "created": "2025-01-01T09:00:00+08:00",
  "most_captures_moves": 40,
  "children": [
    {
      "nick": "Mo",
      "avatar": "animal:panda",
      "joined": "2025-01-01T09:00:00+08:00",
      "step": 1,
      "steps": [],
      "capture_ladder": {"level": 1, "handicap": 1, "max_stones": 4, "level_steps": true},
      "go_ladder": {"level": 1, "handicap": 0, "max_stones": 9, "level_steps": true},
      "rating": {"rating": 1500.0, "rd": 350.0, "volatility": 0.06},
      "games": [{"at": "2025-01-02T09:00:00+08:00", "kind": "capture:1", "opponent": "Li",
                 "handicap": 0, "color": "black", "result": "won", "sgf": ""}],
      "attempts": [
        {"at": "2025-01-03T09:00:00+08:00", "problem": "capture-2", "answer": ["A1"], "right": true, "hints": 0, "rating_after": 1510.0},
        {"at": "2025-01-02T09:00:00+08:00", "problem": "capture-1", "answer": ["A1"], "right": false, "hints": 0, "seconds": 12, "rating_after": 1490.0}
      ],
      "schedule": {"capture-1": {"days": 1, "due": "2025-01-03T09:00:00+08:00"}},
      "assigned": []
    }
  ],
  "problem_ratings": {},
  "problems": []
}
"#;
    let class = from_bytes(v1.as_bytes()).expect("a version-1 file reads");
    assert_eq!(class.zone.code(), "+08:00");
    let mo = class.child("Mo").expect("Mo");
    assert_eq!(mo.note, "");
    assert_eq!(mo.games[0].computer_level, None);
    assert_eq!(
        mo.attempts
            .iter()
            .map(|a| a.problem.as_str())
            .collect::<Vec<_>>(),
        ["capture-1", "capture-2"],
        "attempts in the order they happened"
    );
    let again = to_bytes(&class);
    assert!(String::from_utf8_lossy(&again).contains("\"version\": 2"));
    assert_eq!(from_bytes(&again).expect("v2"), class);
    // Strict as version 2: a version-1 file missing a member it always had is refused, and
    // says which.
    let cut = v1.replace("      \"assigned\": []\n", "").replace(
        "\"schedule\": {\"capture-1\": {\"days\": 1, \"due\": \"2025-01-03T09:00:00+08:00\"}},",
        "\"schedule\": {\"capture-1\": {\"days\": 1, \"due\": \"2025-01-03T09:00:00+08:00\"}}",
    );
    match from_bytes(cut.as_bytes()) {
        Err(FormatError::Invalid {
            why: Damage::MissingMember(m),
            ..
        }) => assert_eq!(m, "assigned"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn every_truncation_is_a_clear_error_never_a_panic() {
    let bytes = to_bytes(&sample());
    let end = bytes
        .iter()
        .rposition(|b| !b.is_ascii_whitespace())
        .unwrap_or(0);
    for n in 0..=end {
        match from_bytes(&bytes[..n]) {
            Err(FormatError::Syntax {
                truncated: true, ..
            }) => {}
            other => panic!("cut at {n}: {other:?}"),
        }
    }
}

#[test]
fn damage_newer_versions_and_other_files_are_named() {
    let text = String::from_utf8(to_bytes(&sample())).expect("utf-8");
    let cases: &[(&str, String)] = &[
        (
            "newer",
            text.replacen("\"version\": 2", "\"version\": 7", 1),
        ),
        ("not a class", "{\"hello\": 1}".into()),
        (
            "bad time",
            text.replacen("2025-03-04T16:30:00+08:00", "yesterday", 1),
        ),
        ("bad step", text.replacen("\"step\": 3", "\"step\": 12", 1)),
        ("a flipped brace", text.replacen('}', "]", 1)),
    ];
    for (name, bad) in cases {
        let e = from_bytes(bad.as_bytes()).expect_err(name);
        match *name {
            "newer" => assert_eq!(e, FormatError::Newer(7)),
            "not a class" => assert_eq!(e, FormatError::NotAClass),
            _ => assert!(!e.to_string().is_empty(), "{name}"),
        }
    }
}

/// The damage issue 27 found: a member's name changed by one bit emptied the class. Now
/// the name is refused, and said with its place.
#[test]
fn a_damaged_member_name_is_refused_and_named_with_its_place() {
    let text = String::from_utf8(to_bytes(&sample())).expect("utf-8");
    let cases: &[(&str, &str, &str, Damage)] = &[
        (
            "\"children\":",
            "\"chilfren\":",
            "",
            Damage::UnknownMember("chilfren".into()),
        ),
        (
            "\"attempts\":",
            "\"attemptr\":",
            "children[0] \"小明\"",
            Damage::UnknownMember("attemptr".into()),
        ),
        (
            "\"hints\":",
            "\"hintr\":",
            "children[0] \"小明\" › attempts[0]",
            Damage::UnknownMember("hintr".into()),
        ),
        (
            "\"problem_ratings\":",
            "\"problem_ratingr\":",
            "",
            Damage::UnknownMember("problem_ratingr".into()),
        ),
    ];
    for (from, to, place, why) in cases {
        let bad = text.replacen(from, to, 1);
        assert_ne!(bad, text, "{from}");
        match from_bytes(bad.as_bytes()) {
            Err(FormatError::Invalid { place: p, why: w }) => {
                assert_eq!((&p as &str, &w), (*place, why), "{from}");
            }
            other => panic!("{from}: {other:?}"),
        }
    }
}

/// A value changed by one bit that still reads (a rating, a time, a nickname) is caught by
/// the checksum; a change of layout only is not damage; an edit by hand is taken only by
/// `accept-edits`.
#[test]
fn the_checksum_catches_a_changed_value_and_not_a_changed_layout() {
    let class = sample();
    let text = String::from_utf8(to_bytes(&class)).expect("utf-8");
    let changed = text.replacen("\"Lily\"", "\"Lilx\"", 1);
    assert_eq!(from_bytes(changed.as_bytes()), Err(FormatError::Checksum));
    let edited = from_bytes_accepting_edits(changed.as_bytes()).expect("an edit reads");
    assert!(edited.child("Lilx").is_ok());
    // The layout of an editor: other indentation, members reordered.
    let value: Value = serde_json::from_str(&text).expect("json");
    let compact = serde_json::to_vec(&value).expect("compact");
    assert_eq!(from_bytes(&compact).expect("same contents"), class);
}

/// Every bit of every byte of a real class file flipped in turn: each flip is refused, or —
/// where the flip cannot change what the file means — reads as the same class. Never a
/// different class, never a panic.
#[test]
fn every_flipped_bit_is_refused_or_changes_nothing() {
    let class = sample();
    let bytes = to_bytes(&class);
    let (mut refused, mut same) = (0usize, 0usize);
    for i in 0..bytes.len() {
        for bit in 0..8 {
            let mut b = bytes.clone();
            b[i] ^= 1 << bit;
            match from_bytes(&b) {
                Err(_) => refused += 1,
                Ok(c) => {
                    assert_eq!(c, class, "byte {i} bit {bit} read as another class");
                    same += 1;
                }
            }
        }
    }
    assert_eq!(refused + same, bytes.len() * 8);
    assert!(refused > same, "{refused} refused, {same} the same");
}
