//! Issue 17 (core): the one ruling catalogue, the typed ruling constructor, the rulings a
//! refused move offers under each ko rule, the log and the refusals in three languages.
//!
//! One test per row of the catalogue (ripgrep's `defs.rs` style): its names, what it needs,
//! its usual article and causes, whether it ends the game, and that the typed request it
//! builds is recorded by the session with the catalogue's kind and article and survives the
//! journal's text form unchanged.

use tianyuan::clock::{ClockError, ClockOutcome, ControlError, Millis, Side, Timestamp};
use tianyuan::i18n::Lang;
use tianyuan::rules::{Color, Coord, IllegalMove, RulesError};
use tianyuan::session::shorthand::{
    Action, format_event, parse_action_text, parse_line, parse_setup,
};
use tianyuan::session::{
    CATALOGUE, Change, Detail, Ends, Event, Need, Refusal, RulingError, RulingKind, RulingRequest,
    Session, SessionError, entry_text, event_text, log_line,
};

/// Runs a script of the shorthand through the pure session; panics on a refused line.
fn run(script: &str) -> Session {
    let mut lines = script.lines();
    let setup = parse_setup(lines.next().expect("setup")).expect("setup line");
    let size = setup.size;
    let mut s = Session::new(setup).expect("session");
    for text in lines {
        let Some(line) = parse_line(text, size).expect(text) else {
            continue;
        };
        let Action::Event(event) = line.action else {
            panic!("{text}: not an event")
        };
        let p = s
            .prepare_event(line.at, event, line.article, line.note)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        s.commit(p);
    }
    s
}

fn pt(gtp: &str, size: u8) -> Coord {
    Coord::from_gtp(gtp, size).expect("point")
}

/// What a row must say.
struct Row {
    kind: RulingKind,
    verb: &'static str,
    json: &'static str,
    en: &'static str,
    hans: &'static str,
    hant: &'static str,
    side: Need,
    point: Need,
    article: Need,
    detail: Detail,
    default_article: &'static str,
    causes: &'static [&'static str],
    ends: Ends,
    /// A session script the request is recorded after, the request, and the article the
    /// ruling must carry when none is given.
    script: &'static str,
    request: fn() -> RulingRequest,
    recorded_article: &'static str,
    ends_here: bool,
}

fn check_row(row: Row) {
    let spec = row.kind.spec();
    assert_eq!(spec.kind, row.kind);
    assert_eq!(row.kind.verb(), row.verb);
    assert_eq!(row.kind.name(), row.json);
    assert_eq!(RulingKind::from_verb(row.verb), Some(row.kind));
    assert_eq!(row.kind.label(Lang::En), row.en);
    assert_eq!(row.kind.label(Lang::ZhHans), row.hans);
    assert_eq!(row.kind.label(Lang::ZhHant), row.hant);
    let needs = row.kind.needs();
    assert_eq!(
        (needs.side, needs.point, needs.article, needs.detail),
        (row.side, row.point, row.article, row.detail),
        "{:?}: needs",
        row.kind
    );
    assert_eq!(row.kind.default_article(), row.default_article);
    assert_eq!(row.kind.causes(), row.causes);
    assert_eq!(row.kind.ends(), row.ends);
    assert_eq!(row.kind.always_ends_game(), row.ends == Ends::Always);
    assert!(
        row.kind
            .label_with_articles(Lang::En)
            .starts_with(&format!("{} (Art. ", row.en))
    );
    // The typed request is recorded with the catalogue's kind and usual article.
    let mut s = run(row.script);
    let request = (row.request)();
    let entry = request
        .entry()
        .unwrap_or_else(|e| panic!("{:?}: {e}", row.kind));
    assert!(entry.event.needs_arbiter(), "{:?}", row.kind);
    let at = s.last_at() + Millis::from_secs(10);
    let prepared = s
        .prepare_event(
            at,
            entry.event.clone(),
            entry.article.clone(),
            entry.note.clone(),
        )
        .unwrap_or_else(|e| panic!("{:?}: {e}", row.kind));
    assert_eq!(
        prepared.ends_game(),
        row.ends_here,
        "{:?}: ends the game",
        row.kind
    );
    let n = prepared.entry().n;
    s.commit(prepared);
    let ruling = s
        .rulings()
        .iter()
        .find(|r| r.n == n)
        .unwrap_or_else(|| panic!("{:?}: no ruling listed", row.kind));
    assert_eq!(ruling.kind, row.kind);
    assert_eq!(ruling.article, row.recorded_article, "{:?}", row.kind);
    assert_eq!(ruling.note, entry.note, "the note as the journal keeps it");
    // The journal's text form gives back the same event, article and note.
    let size = s.setup().size;
    let text = format_event(
        &entry.event,
        entry.article.as_deref(),
        entry.note.as_deref(),
        size,
    );
    let (action, article, note) = parse_action_text(&text, size).expect(&text);
    assert_eq!(action, Action::Event(entry.event.clone()), "{text}");
    assert_eq!(
        (article, note),
        (entry.article.clone(), entry.note.clone()),
        "{text}"
    );
    assert!(text.starts_with(row.verb), "{text}");
    // An article given is recorded as given where the kind takes one.
    if row.article != Need::No {
        let mut given = (row.request)();
        given.article = Some("99.9".to_owned());
        let e = given.entry().expect("given");
        assert_eq!(e.article.as_deref(), Some("99.9"));
    }
}

const PLAYING: &str = "setup size=9 time=chinese:limit=10m,reserve=3\n0:10 B E5";

#[test]
fn catalogue_lists_every_kind_once_in_the_forms_order() {
    let kinds: Vec<_> = CATALOGUE.iter().map(|r| r.kind).collect();
    assert_eq!(kinds, RulingKind::ALL);
    let labels: Vec<_> = RulingKind::in_form().map(|k| k.label(Lang::En)).collect();
    assert_eq!(
        &labels[..3],
        ["Warning", "Admonition", "Void: counts as one pass"]
    );
    assert!(!RulingKind::in_form().any(|k| k == RulingKind::Gap));
    for kind in RulingKind::ALL {
        for lang in Lang::ALL {
            assert!(!kind.label(lang).is_empty());
        }
        assert!(kind.causes().contains(&kind.default_article()), "{kind:?}");
    }
}

#[test]
fn catalogue_warn() {
    check_row(Row {
        kind: RulingKind::Warn,
        verb: "warn",
        json: "warn",
        en: "Warning",
        hans: "警告",
        hant: "警告",
        side: Need::Required,
        point: Need::No,
        article: Need::Optional,
        detail: Detail::None,
        default_article: "25.2",
        causes: &["17.2", "18", "23.4", "24", "25.2"],
        ends: Ends::May,
        script: PLAYING,
        request: || {
            RulingRequest::simple(
                RulingKind::Warn,
                Some(Color::White),
                None,
                None,
                Some("talked"),
            )
        },
        recorded_article: "25.2",
        ends_here: false,
    });
    // The second warning ends the game.
    let s = run(&format!("{PLAYING}\n0:20 warn W 24"));
    let e = RulingRequest::simple(RulingKind::Warn, Some(Color::White), None, Some("24"), None)
        .entry()
        .expect("warn");
    let p = s
        .prepare_event(Timestamp(30_000), e.event, e.article, e.note)
        .expect("second warning");
    assert!(p.ends_game());
}

#[test]
fn catalogue_admonish() {
    check_row(Row {
        kind: RulingKind::Admonish,
        verb: "admonish",
        json: "admonish",
        en: "Admonition",
        hans: "劝告",
        hant: "勸告",
        side: Need::Required,
        point: Need::No,
        article: Need::Optional,
        detail: Detail::None,
        default_article: "24",
        causes: &["23.4", "24"],
        ends: Ends::Never,
        script: PLAYING,
        request: || {
            RulingRequest::simple(RulingKind::Admonish, Some(Color::Black), None, None, None)
        },
        recorded_article: "24",
        ends_here: false,
    });
}

#[test]
fn catalogue_void() {
    check_row(Row {
        kind: RulingKind::Void,
        verb: "void",
        json: "void",
        en: "Void: counts as one pass",
        hans: "着手无效，弃权一次",
        hant: "著手無效，棄權一次",
        side: Need::Required,
        point: Need::Required,
        article: Need::Optional,
        detail: Detail::None,
        default_article: "19",
        causes: &["19", "20.1", "20.3", "22"],
        ends: Ends::Never,
        // White on E5 is occupied: Art. 22.
        script: PLAYING,
        request: || {
            RulingRequest::simple(
                RulingKind::Void,
                Some(Color::White),
                Some(pt("E5", 9)),
                None,
                None,
            )
        },
        recorded_article: "22",
        ends_here: false,
    });
    assert_eq!(
        RulingRequest::simple(RulingKind::Void, Some(Color::White), None, None, None).entry(),
        Err(RulingError::NeedsPoint)
    );
}

#[test]
fn catalogue_edit() {
    check_row(Row {
        kind: RulingKind::Edit,
        verb: "edit",
        json: "edit",
        en: "Accept moved stones",
        hans: "认可移动的棋子",
        hant: "認可移動的棋子",
        side: Need::No,
        point: Need::No,
        article: Need::Optional,
        detail: Detail::Changes,
        default_article: "17.3",
        causes: &["17.3", "17.4"],
        ends: Ends::Never,
        script: PLAYING,
        request: || RulingRequest {
            changes: vec![
                Change::Remove(pt("E5", 9)),
                Change::Put(Color::Black, pt("E6", 9)),
            ],
            ..RulingRequest::new(RulingKind::Edit)
        },
        recorded_article: "17.3",
        ends_here: false,
    });
    assert_eq!(
        RulingRequest::new(RulingKind::Edit).entry(),
        Err(RulingError::NeedsChanges)
    );
}

#[test]
fn catalogue_loss() {
    check_row(Row {
        kind: RulingKind::Loss,
        verb: "loss",
        json: "loss",
        en: "Loss by ruling",
        hans: "判负",
        hant: "判負",
        side: Need::Required,
        point: Need::No,
        article: Need::Optional,
        detail: Detail::None,
        default_article: "25.1",
        causes: &["17.1", "17.3", "17.4", "24", "25.1"],
        ends: Ends::Always,
        script: PLAYING,
        request: || RulingRequest::simple(RulingKind::Loss, Some(Color::Black), None, None, None),
        recorded_article: "25.1",
        ends_here: true,
    });
}

#[test]
fn catalogue_forfeit() {
    check_row(Row {
        kind: RulingKind::Forfeit,
        verb: "forfeit",
        json: "forfeit",
        en: "Forfeit",
        hans: "弃权",
        hant: "棄權",
        side: Need::Required,
        point: Need::No,
        article: Need::Optional,
        detail: Detail::None,
        default_article: "23.1",
        causes: &["15", "23.1", "25.1"],
        ends: Ends::Always,
        script: PLAYING,
        request: || {
            RulingRequest::simple(RulingKind::Forfeit, Some(Color::White), None, None, None)
        },
        recorded_article: "23.1",
        ends_here: true,
    });
}

#[test]
fn catalogue_draw() {
    check_row(Row {
        kind: RulingKind::Draw,
        verb: "draw",
        json: "draw",
        en: "Draw",
        hans: "判和",
        hant: "判和",
        side: Need::No,
        point: Need::No,
        article: Need::Optional,
        detail: Detail::None,
        default_article: "20.3",
        causes: &["17.3", "17.4", "20.3", "25.1"],
        ends: Ends::Always,
        script: PLAYING,
        request: || {
            RulingRequest::simple(
                RulingKind::Draw,
                Some(Color::White),
                None,
                Some("17.4"),
                None,
            )
        },
        recorded_article: "17.4",
        ends_here: true,
    });
}

#[test]
fn catalogue_replay() {
    check_row(Row {
        kind: RulingKind::Replay,
        verb: "replay",
        json: "replay",
        en: "Replay",
        hans: "重赛",
        hant: "重賽",
        side: Need::No,
        point: Need::No,
        article: Need::Optional,
        detail: Detail::None,
        default_article: "20.3",
        causes: &["17.3", "17.4", "20.3", "25.1"],
        ends: Ends::Always,
        script: PLAYING,
        request: || RulingRequest::new(RulingKind::Replay),
        recorded_article: "20.3",
        ends_here: true,
    });
}

#[test]
fn catalogue_bothlose() {
    check_row(Row {
        kind: RulingKind::BothLose,
        verb: "bothlose",
        json: "bothlose",
        en: "Both lose",
        hans: "双方判负",
        hant: "雙方判負",
        side: Need::No,
        point: Need::No,
        article: Need::Optional,
        detail: Detail::None,
        default_article: "23.2",
        causes: &["23.2", "25.1"],
        ends: Ends::Always,
        script: PLAYING,
        request: || RulingRequest::new(RulingKind::BothLose),
        recorded_article: "23.2",
        ends_here: true,
    });
}

#[test]
fn catalogue_late() {
    check_row(Row {
        kind: RulingKind::Late,
        verb: "late",
        json: "late",
        en: "Late arrival",
        hans: "迟到",
        hant: "遲到",
        side: Need::Required,
        point: Need::No,
        article: Need::No,
        detail: Detail::Lateness,
        default_article: "23.3",
        causes: &["23.1", "23.2", "23.3"],
        ends: Ends::May,
        script: PLAYING,
        request: || RulingRequest {
            side: Some(Color::White),
            duration: Some(Millis::from_mins(5)),
            ..RulingRequest::new(RulingKind::Late)
        },
        recorded_article: "23.3",
        ends_here: false,
    });
    let both = RulingRequest {
        side: Some(Color::Black),
        duration: Some(Millis::from_mins(16)),
        other_duration: Some(Millis::from_mins(20)),
        ..RulingRequest::new(RulingKind::Late)
    }
    .entry()
    .expect("both late");
    assert_eq!(
        both.event,
        Event::Late(vec![
            (Color::Black, Millis::from_mins(16)),
            (Color::White, Millis::from_mins(20))
        ])
    );
    assert_eq!(
        RulingRequest::simple(RulingKind::Late, Some(Color::Black), None, None, None).entry(),
        Err(RulingError::NeedsLateness)
    );
}

#[test]
fn catalogue_correct() {
    check_row(Row {
        kind: RulingKind::Correct,
        verb: "correct",
        json: "correct",
        en: "Clock correction",
        hans: "更正钟时",
        hant: "更正鐘時",
        side: Need::Required,
        point: Need::No,
        article: Need::No,
        detail: Detail::Correction,
        default_article: "25.1",
        causes: &["25.1"],
        ends: Ends::May,
        script: PLAYING,
        request: || RulingRequest {
            side: Some(Color::White),
            duration: Some(Millis(-30_000)),
            periods: Some(1),
            note: Some("clock set wrong".to_owned()),
            ..RulingRequest::new(RulingKind::Correct)
        },
        recorded_article: "25.1",
        ends_here: false,
    });
    assert_eq!(
        RulingRequest::simple(RulingKind::Correct, Some(Color::Black), None, None, None).entry(),
        Err(RulingError::NeedsCorrection)
    );
}

#[test]
fn catalogue_absence() {
    check_row(Row {
        kind: RulingKind::Absence,
        verb: "absence",
        json: "absence",
        en: "Approved absence",
        hans: "批准离席一次",
        hant: "批准離席一次",
        side: Need::Required,
        point: Need::No,
        article: Need::No,
        detail: Detail::None,
        default_article: "23.6",
        causes: &["23.6"],
        ends: Ends::Never,
        // White is to move: Black asks on White's time.
        script: PLAYING,
        request: || {
            RulingRequest::simple(
                RulingKind::Absence,
                Some(Color::Black),
                None,
                Some("24"),
                None,
            )
        },
        recorded_article: "23.6",
        ends_here: false,
    });
}

#[test]
fn catalogue_other() {
    check_row(Row {
        kind: RulingKind::Other,
        verb: "rule",
        json: "other",
        en: "Other ruling",
        hans: "其他裁决",
        hant: "其他裁決",
        side: Need::Optional,
        point: Need::No,
        article: Need::Optional,
        detail: Detail::None,
        default_article: "25.1",
        causes: &["15", "16", "25.1"],
        ends: Ends::Never,
        script: PLAYING,
        request: || {
            RulingRequest::simple(
                RulingKind::Other,
                Some(Color::White),
                None,
                None,
                Some("phone rang"),
            )
        },
        recorded_article: "25.1",
        ends_here: false,
    });
    assert_eq!(
        RulingRequest::simple(RulingKind::Other, None, None, None, Some("  ")).entry(),
        Err(RulingError::NeedsNote)
    );
}

#[test]
fn catalogue_refer() {
    check_row(Row {
        kind: RulingKind::Refer,
        verb: "refer",
        json: "other",
        en: "Refer to the chief arbiter",
        hans: "提交总裁判长",
        hant: "提交總裁判長",
        side: Need::No,
        point: Need::No,
        article: Need::No,
        detail: Detail::None,
        default_article: "25.1",
        causes: &["25.1"],
        ends: Ends::Never,
        script: PLAYING,
        request: || {
            RulingRequest::simple(
                RulingKind::Refer,
                None,
                None,
                None,
                Some("appeal on 17.3\nsee sheet"),
            )
        },
        recorded_article: "25.1",
        ends_here: false,
    });
    // A journal line is one line: the note's line breaks become spaces.
    let e = RulingRequest::simple(RulingKind::Refer, None, None, None, Some(" a\nb "))
        .entry()
        .expect("refer");
    assert_eq!(e.note.as_deref(), Some("a b"));
}

#[test]
fn catalogue_revoke() {
    check_row(Row {
        kind: RulingKind::Revoke,
        verb: "revoke",
        json: "revoke",
        en: "Revoke an entry",
        hans: "撤销一条记录",
        hant: "撤銷一條記錄",
        side: Need::No,
        point: Need::No,
        article: Need::Optional,
        detail: Detail::EntryNumber,
        default_article: "25.1",
        causes: &["16.3", "25.1"],
        ends: Ends::May,
        script: "setup size=9\n0:10 B E5\n0:20 W resign",
        request: || RulingRequest {
            entry: Some(3),
            article: Some("16.3".to_owned()),
            ..RulingRequest::new(RulingKind::Revoke)
        },
        recorded_article: "16.3",
        ends_here: false,
    });
}

#[test]
fn catalogue_gap() {
    check_row(Row {
        kind: RulingKind::Gap,
        verb: "gap",
        json: "other",
        en: "Time away after a restart",
        hans: "中断时间的处理",
        hant: "中斷時間的處理",
        side: Need::No,
        point: Need::No,
        article: Need::No,
        detail: Detail::Charged,
        default_article: "25.1",
        causes: &["25.1"],
        ends: Ends::May,
        script: PLAYING,
        request: || RulingRequest {
            charged: Some(false),
            ..RulingRequest::new(RulingKind::Gap)
        },
        recorded_article: "25.1",
        ends_here: false,
    });
    assert_eq!(
        RulingRequest::new(RulingKind::Gap).entry(),
        Err(RulingError::NeedsDecision)
    );
}

#[test]
fn issue17_a_bad_article_or_a_missing_side_is_a_typed_error_in_three_languages() {
    let e = RulingRequest::simple(
        RulingKind::Warn,
        Some(Color::Black),
        None,
        Some("twenty"),
        None,
    )
    .entry()
    .expect_err("not a number");
    assert_eq!(e, RulingError::BadArticle("twenty".to_owned()));
    assert_eq!(
        RulingRequest::simple(RulingKind::Warn, None, None, None, None).entry(),
        Err(RulingError::NeedsSide)
    );
    for e in [
        RulingError::NeedsSide,
        RulingError::NeedsPoint,
        RulingError::BadArticle("x".into()),
        RulingError::NeedsNote,
        RulingError::NeedsChanges,
        RulingError::NeedsLateness,
        RulingError::NeedsCorrection,
        RulingError::NeedsEntry,
        RulingError::NeedsDecision,
    ] {
        three_languages(&format!("{e:?}"), |l| e.text(l));
    }
}

// ----- The rulings a refused move offers -----

/// A ko at E5/F5 on 9×9; White has just taken on E5.
const KO: &str =
    "0:01 B E6\n0:02 W F6\n0:03 B D5\n0:04 W G5\n0:05 B E4\n0:06 W F4\n0:07 B F5\n0:08 W E5";
/// White holds A2 and B1: A1 is a forbidden point for Black.
const FORBIDDEN: &str = "0:01 B E5\n0:02 W A2\n0:03 B E6\n0:04 W B1";
/// Three kos set up by an accepted edit on 19×19, and the first five moves of their cycle;
/// White's D4 would recreate the position after the edit.
const TRIPLE: &str = "0:30 edit +B C16 +B D17 +B D15 +W F16 +W E17 +W E15 +W D16 +B C10 +B D11 +B D9 +W F10 +W E11 +W E9 +B E10 +B C4 +B D5 +B D3 +W F4 +W E5 +W E3 +W D4\n1:01 B E16\n1:02 W D10\n1:03 B E4\n1:04 W D16\n1:05 B E10";

/// (ko rule, board size, moves, who, point, the refusal's kind and article, the offered
/// buttons in English).
type Case = (
    &'static str,
    u8,
    &'static str,
    Color,
    &'static str,
    Option<(&'static str, &'static [&'static str])>,
);

#[test]
fn issue17_a_refused_move_offers_exactly_the_right_ruling_under_each_ko_rule() {
    const VOID_19: &[&str] = &["Void: counts as one pass (Art. 19)"];
    const VOID_20_1: &[&str] = &["Void: counts as one pass (Art. 20.1)"];
    const DRAW_REPLAY: &[&str] = &["Draw (Art. 20.3)", "Replay (Art. 20.3)"];
    let retake_after_passes = "0:01 B E6\n0:02 W F6\n0:03 B D5\n0:04 W G5\n0:05 B E4\n0:06 W F4\n0:07 B F5\n0:08 W E5\n0:09 B pass\n0:10 W pass";
    let cases: &[Case] = &[
        (
            "positional",
            9,
            FORBIDDEN,
            Color::Black,
            "A1",
            Some(("forbidden", VOID_19)),
        ),
        (
            "situational",
            9,
            FORBIDDEN,
            Color::Black,
            "A1",
            Some(("forbidden", VOID_19)),
        ),
        (
            "simple",
            9,
            FORBIDDEN,
            Color::Black,
            "A1",
            Some(("forbidden", VOID_19)),
        ),
        (
            "positional",
            9,
            KO,
            Color::Black,
            "F5",
            Some(("ko", VOID_20_1)),
        ),
        (
            "situational",
            9,
            KO,
            Color::Black,
            "F5",
            Some(("ko", VOID_20_1)),
        ),
        ("simple", 9, KO, Color::Black, "F5", Some(("ko", VOID_20_1))),
        (
            "positional",
            9,
            retake_after_passes,
            Color::Black,
            "F5",
            Some(("repetition", DRAW_REPLAY)),
        ),
        (
            "situational",
            9,
            retake_after_passes,
            Color::Black,
            "F5",
            Some(("repetition", DRAW_REPLAY)),
        ),
        // Simple ko allows the retake after passes (its cycle is offered when played).
        ("simple", 9, retake_after_passes, Color::Black, "F5", None),
        (
            "positional",
            19,
            TRIPLE,
            Color::White,
            "D4",
            Some(("repetition", DRAW_REPLAY)),
        ),
        (
            "situational",
            19,
            TRIPLE,
            Color::White,
            "D4",
            Some(("repetition", DRAW_REPLAY)),
        ),
        ("simple", 19, TRIPLE, Color::White, "D4", None),
        // A legal move, an occupied point, the wrong side: nothing to rule.
        ("positional", 9, KO, Color::Black, "C3", None),
        ("positional", 9, KO, Color::Black, "E5", None),
        ("positional", 9, KO, Color::White, "F5", None),
    ];
    for &(ko, size, moves, color, point, expect) in cases {
        let s = run(&format!("setup size={size} ko={ko}\n{moves}"));
        let p = pt(point, size);
        let offer = s.offer_for_refusal(color, p);
        let got = offer.as_ref().map(|o| {
            let kind = match o.refusal {
                Refusal::Forbidden => "forbidden",
                Refusal::KoRecapture { .. } => "ko",
                Refusal::Repetition { .. } => "repetition",
                Refusal::Occupied | Refusal::OffBoard => "nothing",
            };
            let buttons: Vec<String> = o.rulings.iter().map(|r| r.button_text(Lang::En)).collect();
            (kind, buttons)
        });
        let want = expect.map(|(k, b)| (k, b.iter().map(|s| s.to_string()).collect::<Vec<_>>()));
        assert_eq!(got, want, "{ko} {point}\n{moves}");
        // The offered entry is accepted by the session as it stands, and ends the game only
        // for a draw or a replay.
        if let Some(o) = offer {
            for r in &o.rulings {
                let e = &r.entry;
                let prepared = s
                    .prepare_event(s.last_at(), e.event.clone(), e.article.clone(), None)
                    .unwrap_or_else(|err| panic!("{ko} {point}: {err}"));
                assert_eq!(prepared.ends_game(), r.kind != RulingKind::Void);
                assert_eq!(e.article.as_deref(), Some(r.article));
            }
        }
    }
}

#[test]
fn issue17_the_offer_reads_in_three_languages() {
    let s = run(&format!("setup size=9\n{KO}"));
    let offer = s.offer_for_refusal(Color::Black, pt("F5", 9)).expect("ko");
    let button = &offer.rulings[0];
    assert_eq!(
        button.button_text(Lang::En),
        "Void: counts as one pass (Art. 20.1)"
    );
    assert_eq!(
        button.button_text(Lang::ZhHans),
        "着手无效，弃权一次（第20.1条）"
    );
    assert_eq!(
        button.button_text(Lang::ZhHant),
        "著手無效，棄權一次（第20.1條）"
    );
    three_languages("ko offer", |l| offer.text(l));
    let Refusal::KoRecapture { repeats_after_move } = offer.refusal else {
        panic!("{:?}", offer.refusal)
    };
    assert_eq!(repeats_after_move, 7);
}

// ----- The log and the refusals in words -----

/// `f` gives a non-empty text in each language; the Chinese ones are Chinese.
fn three_languages(what: &str, f: impl Fn(Lang) -> String) {
    let en = f(Lang::En);
    assert!(!en.is_empty(), "{what}: English");
    for lang in [Lang::ZhHans, Lang::ZhHant] {
        let t = f(lang);
        assert!(
            t.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "{what}: {lang:?} is not Chinese: {t:?}"
        );
        assert_ne!(t, en, "{what}: {lang:?}");
    }
}

#[test]
fn issue17_every_log_line_is_translated() {
    let script = "setup size=9 time=chinese:limit=10m,reserve=3\n\
        0:05 start\n0:10 B E5\n0:20 W pass\n0:30 warn B 24 \"talked\"\n0:40 admonish W\n\
        0:50 pause\n1:00 resume\n1:10 B confirm\n1:20 W D5\n1:30 late W 1m\n\
        1:40 correct W +30s periods=+1\n1:50 absence W\n2:00 rule W 25.1 \"x\"\n2:10 refer \"y\"\n\
        2:20 revoke 5\n2:30 gap free\n2:40 gap charged\n2:50 edit +B C3 17.3\n\
        3:00 B confirm\n3:10 W confirm\n3:20 dead C3\n3:30 dispute";
    let s = run(script);
    assert!(s.log().len() > 20);
    for e in s.log() {
        three_languages(&format!("{:?}", e.event), |l| entry_text(&s, e, l));
        three_languages(&format!("{:?}", e.event), |l| event_text(&e.event, 9, l));
    }
    let warn = &s.log()[3];
    assert_eq!(
        entry_text(&s, warn, Lang::ZhHans),
        "警告：黑方 · 第24条 “talked”（已撤销）"
    );
    assert_eq!(
        entry_text(&s, warn, Lang::En),
        "Warning — Black · Art. 24 “talked” (revoked)"
    );
    let start = &s.log()[0];
    assert_eq!(
        log_line(&s, start, Lang::ZhHant),
        "#2 0:05.000  開始信號：開始計時"
    );
    let gap = &s.log()[15];
    assert_eq!(
        entry_text(&s, gap, Lang::ZhHans),
        "中断时间的处理：不计入 · 第25.1条"
    );
    // The rest of the events, each in three languages.
    for e in [
        Event::Resign(Color::Black),
        Event::Press(Color::White),
        Event::HandicapStone(pt("D4", 9)),
        Event::CapturePause(Color::Black),
        Event::Accept(None),
        Event::Loss(Color::Black),
        Event::Forfeit(Color::White),
        Event::Draw,
        Event::Replay,
        Event::BothLose,
        Event::Void(Color::White, pt("E5", 9)),
        Event::Adjourn,
    ] {
        three_languages(&format!("{e:?}"), |l| event_text(&e, 9, l));
    }
}

/// One of each refusal. The match below has no wildcard, so a new variant does not compile
/// until it is listed here (and so translated).
fn every_error() -> Vec<SessionError> {
    let c = Coord::new(3, 3);
    let all = vec![
        SessionError::Illegal(IllegalMove::Suicide),
        SessionError::NotYourTurn(Color::White),
        SessionError::WrongPhase,
        SessionError::Adjourned,
        SessionError::GameOver,
        SessionError::NoClock,
        SessionError::Clock(ClockError::AbsenceAlreadyUsed(Side::Black)),
        SessionError::Setup(RulesError::BadHandicap(12)),
        SessionError::TimeControl(ControlError::Empty),
        SessionError::TimeWentBack,
        SessionError::WrongMode,
        SessionError::NoStone(c),
        SessionError::Edit(RulesError::NoLiberties(c)),
        SessionError::NothingChanged,
        SessionError::NothingToUndo,
        SessionError::EntryNumber(9),
        SessionError::CannotRevoke(1),
        SessionError::RevokeBreaks {
            entry: 5,
            because: Box::new(SessionError::NotYourTurn(Color::Black)),
        },
        SessionError::NotSealed,
        SessionError::CannotSeal,
        SessionError::SealMismatch,
        SessionError::NotTheSealer(Color::Black),
        SessionError::CountResult,
        SessionError::NotVoid(c),
        SessionError::AbsenceOnOwnTime(Color::Black),
    ];
    for e in &all {
        match e {
            SessionError::Illegal(_)
            | SessionError::NotYourTurn(_)
            | SessionError::WrongPhase
            | SessionError::Adjourned
            | SessionError::GameOver
            | SessionError::NoClock
            | SessionError::Clock(_)
            | SessionError::Setup(_)
            | SessionError::TimeControl(_)
            | SessionError::TimeWentBack
            | SessionError::WrongMode
            | SessionError::NoStone(_)
            | SessionError::Edit(_)
            | SessionError::NothingChanged
            | SessionError::NothingToUndo
            | SessionError::EntryNumber(_)
            | SessionError::CannotRevoke(_)
            | SessionError::RevokeBreaks { .. }
            | SessionError::NotSealed
            | SessionError::CannotSeal
            | SessionError::SealMismatch
            | SessionError::NotTheSealer(_)
            | SessionError::CountResult
            | SessionError::NotVoid(_)
            | SessionError::AbsenceOnOwnTime(_) => {}
        }
    }
    all
}

#[test]
fn issue17_every_session_error_has_three_languages() {
    for e in every_error() {
        three_languages(&format!("{e:?}"), |l| e.text(l));
        assert_eq!(e.text(Lang::En), e.to_string());
    }
    // The clock's refusals and the time-control errors inside them too.
    for e in [
        ClockError::NotStarted,
        ClockError::AlreadyStarted,
        ClockError::GameOver(ClockOutcome::BothForfeit),
        ClockError::Paused,
        ClockError::AlreadyPaused,
        ClockError::NotPaused,
        ClockError::NotInByoyomi,
        ClockError::NotYourTurn(Side::White),
        ClockError::AbsenceAlreadyUsed(Side::White),
        ClockError::TimeWentBack,
    ] {
        three_languages(&format!("{e:?}"), |l| SessionError::Clock(e).text(l));
    }
    for e in [
        ControlError::Empty,
        ControlError::UnknownSystem("x".into()),
        ControlError::DuplicateKey("limit".into()),
        ControlError::Inconsistent("limit must be longer than 0".into()),
    ] {
        three_languages(&format!("{e:?}"), |l| {
            SessionError::TimeControl(e.clone()).text(l)
        });
    }
}
