//! The arbiter's tab driven like a referee would (issue 9 items 3, 6, 9): rulings from the
//! form in three languages, the second warning's loss spoken, and a sealed move that appears
//! nowhere on screen or in the accessibility tree before it is opened.

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use std::rc::Rc;
use tianyuan::app::command::NewGameRequest;
use tianyuan::app::{Command, TianyuanApp};
use tianyuan::audio::NullAnnouncer;
use tianyuan::clock::{Phrase, Timestamp};
use tianyuan::i18n::Lang;
use tianyuan::rules::{Color, Coord};
use tianyuan::session::{GameSetup, OutcomeKind, Phase};
use tianyuan::time::{ManualTimeSource, TimeSource};

struct SharedTime(Rc<ManualTimeSource>);

impl TimeSource for SharedTime {
    fn now(&self) -> Timestamp {
        self.0.now()
    }
}

fn rig(lang: Lang, pin: Option<&str>) -> (Harness<'static, TianyuanApp>, NullAnnouncer) {
    let time = Rc::new(ManualTimeSource::at(Timestamp(1_000)));
    let voice = NullAnnouncer::new();
    let (t, v) = (Rc::clone(&time), voice.clone());
    let mut harness = Harness::builder()
        .with_size(egui::Vec2::new(1200.0, 1000.0))
        .build_eframe(move |cc| {
            TianyuanApp::for_tests(&cc.egui_ctx, lang, Box::new(SharedTime(t)), Box::new(v))
        });
    let request = NewGameRequest {
        setup: GameSetup {
            size: 19,
            ..GameSetup::default()
        },
        pin: pin.map(str::to_owned),
    };
    harness
        .state_mut()
        .apply([Command::NewGame(Box::new(request))]);
    settle(&mut harness);
    harness.state_mut().state.tab = tianyuan::app::Tab::Arbiter;
    harness.run_steps(2);
    (harness, voice)
}

/// Waits for the journal writer's answers and shows them.
fn settle(h: &mut Harness<'static, TianyuanApp>) {
    assert!(h.state_mut().settle(std::time::Duration::from_secs(20)));
    h.run_steps(2);
}

fn play(h: &mut Harness<'static, TianyuanApp>, c: Coord) {
    h.state_mut().apply([Command::ClickPoint(c)]);
    settle(h);
}

/// Types the PIN into the prompt and unlocks.
fn unlock(h: &mut Harness<'static, TianyuanApp>, pin: &str) {
    h.run_steps(3);
    let field = match h.state().state.lang {
        Lang::En => "PIN",
        Lang::ZhHans => "密码 PIN",
        Lang::ZhHant => "密碼 PIN",
    };
    h.get_by_label(field).focus();
    h.run_steps(1);
    h.get_by_label(field).type_text(pin);
    h.run_steps(1);
    h.get_by_label_contains("Unlock").click();
    h.run_steps(2);
    settle(h);
}

/// Every label and value in the accessibility tree.
fn all_text(h: &Harness<'static, TianyuanApp>) -> String {
    h.root()
        .children_recursive()
        .map(|n| {
            let a = n.accesskit_node();
            format!(
                "{} {}\n",
                a.label().unwrap_or_default(),
                a.value().unwrap_or_default()
            )
        })
        .collect()
}

/// Runs a test on a thread with room for the whole window on its stack (the test thread's
/// 2 MiB is not enough for a release-built `TianyuanApp` with every sub-window).
fn on_big_stack(body: fn()) {
    let handle = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(body)
        .expect("test thread");
    if let Err(panic) = handle.join() {
        std::panic::resume_unwind(panic);
    }
}

#[test]
fn issue9_two_warnings_from_the_panel_lose_the_game_and_are_spoken() {
    on_big_stack(issue9_two_warnings_from_the_panel_lose_the_game_and_are_spoken_body);
}

fn issue9_two_warnings_from_the_panel_lose_the_game_and_are_spoken_body() {
    for (lang, record) in [
        (Lang::En, "Record the ruling"),
        (Lang::ZhHans, "记录裁决"),
        (Lang::ZhHant, "記錄裁決"),
    ] {
        let (mut h, voice) = rig(lang, Some("arbiter-77"));
        play(&mut h, Coord::new(3, 3));
        // Warning is the form's first ruling; White is chosen, the article suggested.
        let white = match lang {
            Lang::En => "White",
            _ => "白方",
        };
        h.get_by_label(white).click();
        h.run_steps(1);
        h.get_by_label(record).click();
        h.run_steps(2);
        // The lock is closed: the first ruling asks for the PIN …
        assert!(h.state().state.lock.gate.is_open(), "{lang:?}");
        unlock(&mut h, "arbiter-77");
        assert_eq!(
            h.state().state.session().warnings(Color::White),
            1,
            "{lang:?}"
        );
        // … and within the lock's time the next one does not; the second warning ends the
        // game, so the form asks to confirm first.
        h.get_by_label(white).click();
        h.run_steps(1);
        h.get_by_label(record).click();
        h.run_steps(2);
        let yes = match lang {
            Lang::En => "Yes, record it",
            _ => "確定",
        };
        let yes = if lang == Lang::ZhHans { "确定" } else { yes };
        h.get_by_label(yes).click();
        h.run_steps(2);
        settle(&mut h);
        let s = h.state().state.session();
        assert_eq!(
            s.outcome().map(|o| o.kind()),
            Some(OutcomeKind::RuledLoss),
            "{lang:?}: the second warning loses"
        );
        let said = voice.said_now();
        assert!(said.contains(&Phrase::Warning), "{said:?}");
        assert!(said.contains(&Phrase::SecondWarningLoss), "{said:?}");
    }
}

#[test]
fn issue9_a_locked_session_asks_for_the_pin_and_the_sealed_point_is_nowhere_on_screen() {
    on_big_stack(
        issue9_a_locked_session_asks_for_the_pin_and_the_sealed_point_is_nowhere_on_screen_body,
    );
}

fn issue9_a_locked_session_asks_for_the_pin_and_the_sealed_point_is_nowhere_on_screen_body() {
    let (mut h, _) = rig(Lang::En, Some("arbiter-77"));
    play(&mut h, Coord::new(3, 3));
    h.get_by_label("Adjournment").click();
    h.run_steps(1);
    h.get_by_label("Adjourn (Art. 14)").click();
    // A modal appears a frame after the click, and is laid out invisibly on its first frame.
    h.run_steps(4);
    assert!(
        h.state().state.lock.gate.is_open(),
        "the PIN is asked first"
    );
    unlock(&mut h, "arbiter-77");
    assert_eq!(h.state().state.session().phase(), &Phase::Adjourned);
    h.get_by_label("Open the sealed-move screen").click();
    h.run_steps(4);
    h.get_by_label("Sealed point").focus();
    h.run_steps(1);
    h.get_by_label("Sealed point").type_text("R13");
    h.run_steps(1);
    h.get_by_label("PIN").focus();
    h.run_steps(1);
    h.get_by_label("PIN").type_text("arbiter-77");
    h.run_steps(2);
    let typed = all_text(&h).to_ascii_uppercase();
    assert!(!typed.contains("R13"), "the typed point shows: {typed}");
    h.get_by_label("Seal").click();
    h.run_steps(2);
    settle(&mut h);
    let s = h.state().state.session();
    assert!(s.sealed().is_some(), "sealed: {:?}", h.state().state.notice);
    assert!(!s.board_rows().concat().contains('O'), "not on the board");
    let shown = all_text(&h).to_ascii_uppercase();
    assert!(
        !shown.contains("R13"),
        "the sealed point shows after sealing: {shown}"
    );
    assert!(
        shown.contains("NONCE"),
        "the slip for the envelope is shown"
    );
    // Nothing of the point in the log either.
    let log = format!("{:?}", s.log().last().map(|e| &e.event));
    assert!(!log.to_ascii_uppercase().contains("R13"));
}
