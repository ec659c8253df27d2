//! Time-control SPEC strings and the phrases the schedules produce (issue 4, items 1, 2, 6, 8).

use tianyuan::clock::announce::{all_scheduled_phrases, period_calls};
use tianyuan::clock::simulate::simulate;
use tianyuan::clock::{
    AnnounceSettings, ControlError, EventKind, GameClock, Millis, Phrase, Side, TimeControl,
    Timestamp,
};

fn m(mins: i64) -> Millis {
    Millis::from_mins(mins)
}
fn s(secs: i64) -> Millis {
    Millis::from_secs(secs)
}

#[test]
fn specs_of_the_issue_parse_and_print_back() {
    let cases = [
        (
            "chinese:limit=60m,reserve=5",
            TimeControl::Chinese {
                limit: m(60),
                reserve: 5,
                period: s(60),
            },
        ),
        (
            "chinese:limit=10m,reserve=3,period=30s",
            TimeControl::Chinese {
                limit: m(10),
                reserve: 3,
                period: s(30),
            },
        ),
        (
            "japanese:main=30m,periods=3x30s",
            TimeControl::Japanese {
                main: m(30),
                periods: 3,
                period: s(30),
            },
        ),
        (
            "canadian:main=30m,stones=25/10m",
            TimeControl::Canadian {
                main: m(30),
                stones: 25,
                block: m(10),
            },
        ),
        (
            "fischer:main=10m,inc=10s",
            TimeControl::Fischer {
                main: m(10),
                increment: s(10),
            },
        ),
        ("sudden:main=30m", TimeControl::SuddenDeath { main: m(30) }),
    ];
    for (spec, want) in cases {
        let got: TimeControl = spec.parse().expect(spec);
        assert_eq!(got, want, "{spec}");
        assert_eq!(got.to_string(), spec);
    }
    assert_eq!(
        TimeControl::default().to_string(),
        "chinese:limit=60m,reserve=5"
    );
}

#[test]
fn specs_take_units_defaults_and_any_order() {
    let same = [
        ("chinese:limit=1h", "chinese:limit=60m,reserve=5"),
        (
            "chinese: reserve=1 , limit=3600",
            "chinese:limit=60m,reserve=1",
        ),
        (
            "CHINESE:limit=1h,reserve=5,period=1m",
            "chinese:limit=60m,reserve=5",
        ),
        ("japanese:periods=5x1m", "japanese:main=0s,periods=5x1m"),
        (
            "fischer:main=1.5m,increment=2.5",
            "fischer:main=90s,inc=2.5s",
        ),
        ("sudden:main=1h30m", "sudden:main=90m"),
        ("sudden-death:main=45m", "sudden:main=45m"),
    ];
    for (spec, canonical) in same {
        let got: TimeControl = spec.parse().expect(spec);
        assert_eq!(got.to_string(), canonical, "{spec}");
    }
}

#[test]
fn bad_specs_are_clear_errors() {
    type Check = fn(&ControlError) -> bool;
    let cases: [(&str, Check); 12] = [
        ("", |e| *e == ControlError::Empty),
        ("chess:main=5m", |e| {
            matches!(e, ControlError::UnknownSystem(_))
        }),
        ("chinese", |e| {
            matches!(e, ControlError::MissingKey { key: "limit", .. })
        }),
        ("chinese:reserve=5", |e| {
            matches!(e, ControlError::MissingKey { key: "limit", .. })
        }),
        ("chinese:limit=60m,reserve=x", |e| {
            matches!(e, ControlError::BadValue { .. })
        }),
        ("chinese:limit=60m,limit=30m", |e| {
            matches!(e, ControlError::DuplicateKey(_))
        }),
        ("chinese:limit=60m,byoyomi=5", |e| {
            matches!(e, ControlError::UnknownKey { .. })
        }),
        ("chinese:limit=4m,reserve=5", |e| {
            matches!(e, ControlError::Inconsistent(_))
        }),
        ("japanese:main=30m,periods=3", |e| {
            matches!(e, ControlError::BadValue { .. })
        }),
        ("canadian:main=30m,stones=0/10m", |e| {
            matches!(e, ControlError::Inconsistent(_))
        }),
        ("fischer:main=10m", |e| {
            matches!(e, ControlError::MissingKey { key: "inc", .. })
        }),
        ("sudden:main=0", |e| {
            matches!(e, ControlError::Inconsistent(_))
        }),
    ];
    for (spec, check) in cases {
        let err = spec.parse::<TimeControl>().expect_err(spec);
        assert!(check(&err), "{spec}: {err:?}");
        assert!(!err.to_string().is_empty());
    }
}

#[test]
fn time_controls_serialise_for_settings() {
    let c: TimeControl = "canadian:main=30m,stones=25/10m".parse().expect("parses");
    let text = ron::to_string(&c).expect("serialises");
    let back: TimeControl = ron::from_str(&text).expect("deserialises");
    assert_eq!(back, c);
}

#[test]
fn proportional_schedule_of_other_period_lengths() {
    use Phrase::*;
    let at = |calls: Vec<(Millis, Phrase)>| -> Vec<(i64, Phrase)> {
        calls.into_iter().map(|(t, p)| (t.0 / 1000, p)).collect()
    };
    let counts = |from: i64| (1..=9u8).map(move |k| (from + i64::from(k), Count(k)));
    // A minute that is not the last: Art. 12.2.
    assert_eq!(
        at(period_calls(s(60), false)),
        vec![(30, S30), (40, S40), (50, S50), (55, S55), (58, S58)]
    );
    // The last minute: 30, 40, 50, then one to nine.
    let mut last: Vec<_> = vec![(30, S30), (40, S40), (50, S50)];
    last.extend(counts(50));
    assert_eq!(at(period_calls(s(60), true)), last);
    // 30 s periods, last or not: 一 … 九 at 21 … 29 s.
    assert_eq!(
        at(period_calls(s(30), false)),
        counts(20).collect::<Vec<_>>()
    );
    assert_eq!(
        at(period_calls(s(30), true)),
        counts(20).collect::<Vec<_>>()
    );
    // 40 s: 30 s is ten seconds before the end, so it is called.
    let mut forty = vec![(30, S30)];
    forty.extend(counts(30));
    assert_eq!(at(period_calls(s(40), false)), forty);
    // 2 minutes: every elapsed-second call, then the count at 111 … 119 s.
    let mut two = vec![(30, S30), (40, S40), (50, S50), (55, S55), (58, S58)];
    two.extend(counts(110));
    assert_eq!(at(period_calls(s(120), true)), two);
    // 5 s: only the counts that fall inside the period.
    assert_eq!(
        at(period_calls(s(5), true)),
        vec![(1, Count(6)), (2, Count(7)), (3, Count(8)), (4, Count(9))]
    );
}

#[test]
fn every_phrase_any_schedule_can_produce_is_in_every_voice_pack_list() {
    let all = Phrase::all();
    for p in all_scheduled_phrases() {
        assert!(all.contains(&p), "{p}");
    }
    let every_call = AnnounceSettings {
        byoyomi_start_call: true,
        main_time_calls: true,
    };
    let controls = [
        "chinese:limit=60m,reserve=5",
        "chinese:limit=20m,reserve=15",
        "chinese:limit=10m,reserve=3,period=30s",
        "chinese:limit=10m,reserve=0",
        "japanese:main=30m,periods=3x30s",
        "japanese:main=0,periods=12x1m",
        "japanese:main=0,periods=2x2m",
        "japanese:main=0,periods=3x5s",
        "canadian:main=30m,stones=25/10m",
        "canadian:main=0,stones=1/15m",
        "fischer:main=15m,inc=10s",
        "sudden:main=12m",
    ];
    let mut seen = std::collections::BTreeSet::new();
    for spec in controls {
        let control: TimeControl = spec.parse().expect(spec);
        let moves = [Millis(3_600_000 * 2)];
        for event in simulate(&control, every_call, &moves).expect("valid") {
            if let Some(key) = event.phrase {
                let phrase = Phrase::from_key(&key);
                assert!(phrase.is_some(), "{spec}: {key} is not a voice-pack phrase");
                seen.extend(phrase);
            }
        }
        let mut clock = GameClock::new(control, every_call).expect("valid");
        clock.start(Timestamp(0), Side::Black).expect("starts");
        for now in (0..7_200_000u64).step_by(7_000) {
            for p in clock.time_check(Timestamp(now), Side::Black) {
                assert!(all.contains(&p), "{spec}: time check {p}");
            }
        }
        for e in clock.turn_events() {
            if let EventKind::Say(p) = e.kind {
                assert!(all.contains(&p));
            }
        }
    }
    // The scenarios above reach every scheduled phrase.
    let expected: std::collections::BTreeSet<Phrase> =
        all_scheduled_phrases().into_iter().collect();
    assert_eq!(seen, expected);
}
