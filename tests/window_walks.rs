//! Issue 17's walks through the window by accessible names, in the three languages (egui_kittest,
//! injected time, a real journal in a temporary sessions folder): a crash and a restart with the
//! time away charged, sealing and unsealing with the PIN, the void offered after a ko recapture,
//! quitting with unsaved review edits, and leaving teaching mode by every route.

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::Duration;
use tianyuan::app::board_view::BoardLook;
use tianyuan::app::command::NewGameRequest;
use tianyuan::app::{Command, Settings, TianyuanApp};
use tianyuan::audio::NullAnnouncer;
use tianyuan::clock::{Millis, Timestamp};
use tianyuan::i18n::Lang;
use tianyuan::rules::Coord;
use tianyuan::session::{Event, GameSetup};
use tianyuan::time::{ManualTimeSource, TimeSource};

const PIN: &str = "arbiter-77";
const LANGS: [Lang; 3] = [Lang::En, Lang::ZhHans, Lang::ZhHant];

struct SharedTime(Rc<ManualTimeSource>);

impl TimeSource for SharedTime {
    fn now(&self) -> Timestamp {
        self.0.now()
    }
}

type H = Harness<'static, TianyuanApp>;

/// The window over `folder` in `lang`, its clock at `start`.
fn window(lang: Lang, folder: &Path, start: u64) -> (H, Rc<ManualTimeSource>) {
    let time = Rc::new(ManualTimeSource::at(Timestamp(start)));
    let t = Rc::clone(&time);
    let folder = folder.to_path_buf();
    let mut h = Harness::builder()
        .with_size(egui::Vec2::new(1280.0, 1000.0))
        .build_eframe(move |cc| {
            let mut app = TianyuanApp::with_dialogs(
                &cc.egui_ctx,
                Settings::default(),
                lang,
                Box::new(SharedTime(t)),
                Box::new(NullAnnouncer::new()),
                Some(folder),
                false,
            );
            app.state.kdf = tianyuan::seal::KdfParams::TEST_ONLY;
            app
        });
    h.run_steps(2);
    settle(&mut h);
    (h, time)
}

fn settle(h: &mut H) {
    assert!(h.state_mut().settle(Duration::from_secs(20)), "settled");
    h.run_steps(3);
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ty-walk-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp folder");
    dir
}

/// A name in the three languages.
fn name(
    lang: Lang,
    zh_hans: &'static str,
    zh_hant: &'static str,
    en: &'static str,
) -> &'static str {
    lang.pick(zh_hans, zh_hant, en)
}

fn click(h: &mut H, label: &str) {
    h.get_by_label(label).click();
    h.run_steps(3);
    settle(h);
}

fn click_contains(h: &mut H, label: &str) {
    h.get_by_label_contains(label).click();
    h.run_steps(3);
    settle(h);
}

fn click_point(h: &mut H, c: Coord) {
    let rect = ["Go board", "棋盘", "棋盤"]
        .iter()
        .find_map(|l| h.query_by_label_contains(l))
        .expect("the board, in one of the three languages")
        .rect();
    let size = h.state().state.session().game().size();
    let (x, y) = BoardLook::default().geometry(size, rect).point_of(c);
    let p = egui::Pos2::new(x, y);
    h.hover_at(p);
    h.run_steps(1);
    h.drag_at(p);
    h.run_steps(1);
    h.drop_at(p);
    h.run_steps(2);
    settle(h);
}

/// The PIN field of the prompt, in `lang`.
fn pin_field(lang: Lang) -> &'static str {
    name(lang, "密码 PIN", "密碼 PIN", "PIN")
}

fn type_pin(h: &mut H, lang: Lang) {
    h.run_steps(3);
    h.get_by_label(pin_field(lang)).focus();
    h.run_steps(1);
    h.get_by_label(pin_field(lang)).type_text(PIN);
    h.run_steps(1);
    click_contains(h, "Unlock");
}

fn new_game(h: &mut H, setup: GameSetup) {
    assert!(
        h.state_mut()
            .apply_settled([Command::NewGame(Box::new(NewGameRequest {
                setup,
                pin: Some(PIN.to_owned()),
            }))])
    );
    h.run_steps(2);
}

/// Runs a walk on a thread with room for the whole window on its stack (the test thread's
/// 2 MiB is not enough for a release-built `TianyuanApp` frame in three languages).
fn on_big_stack(walk: fn()) {
    let handle = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(walk)
        .expect("walk thread");
    if let Err(panic) = handle.join() {
        std::panic::resume_unwind(panic);
    }
}

#[test]
fn issue17_walk_a_crash_and_a_restart_charged_in_three_languages() {
    on_big_stack(issue17_walk_a_crash_and_a_restart_charged_in_three_languages_walk);
}

fn issue17_walk_a_crash_and_a_restart_charged_in_three_languages_walk() {
    for lang in LANGS {
        let dir = temp(&format!("crash-{lang:?}"));
        let (mut h, time) = window(lang, &dir, 1_000);
        new_game(
            &mut h,
            GameSetup {
                size: 9,
                time_control: "sudden:main=10m".parse().ok(),
                black: tianyuan::session::Player {
                    name: "Li".into(),
                    ..Default::default()
                },
                white: tianyuan::session::Player {
                    name: "Wang".into(),
                    ..Default::default()
                },
                ..GameSetup::default()
            },
        );
        click_point(&mut h, Coord::new(4, 4));
        time.advance(20_000);
        click_point(&mut h, Coord::new(2, 6));
        // The app dies here (nothing more is said to it).
        drop(h);
        let (mut h, _) = window(lang, &dir, 500);
        h.get_by_label_contains("unfinished");
        // Seconds pass while the offer is on screen, then the arbiter picks the game.
        h.state_mut().state.resume.found[0].away = Millis(120_000);
        click_contains(&mut h, "Li – Wang");
        h.get_by_label_contains("Charge it");
        // Black is to move: the time away is Black's. Before the decision the clock stands
        // where the journal left it.
        let before = {
            let s = h.state().state.session();
            s.clock().map(|k| k.view(s.last_at()).black.main_left)
        };
        click_contains(&mut h, "Charge it");
        // A locked game: the decision asks for the PIN.
        type_pin(&mut h, lang);
        let s = h.state().state.session();
        assert_eq!(
            s.log().last().map(|e| e.event.clone()),
            Some(Event::Gap { charged: true }),
            "{lang:?}"
        );
        let after = s
            .clock()
            .map(|k| k.view(s.last_at()).black.main_left)
            .expect("clock");
        assert_eq!(
            before.map(|b| b.0 - after.0),
            Some(120_000),
            "{lang:?}: exactly the time away"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn issue17_walk_sealing_and_unsealing_with_the_pin() {
    on_big_stack(issue17_walk_sealing_and_unsealing_with_the_pin_walk);
}

fn issue17_walk_sealing_and_unsealing_with_the_pin_walk() {
    for lang in LANGS {
        let dir = temp(&format!("seal-{lang:?}"));
        let (mut h, time) = window(lang, &dir, 1_000);
        new_game(
            &mut h,
            GameSetup {
                size: 9,
                ..GameSetup::default()
            },
        );
        click_point(&mut h, Coord::new(4, 4));
        click(&mut h, name(lang, "裁判", "裁判", "Arbiter"));
        click(&mut h, name(lang, "封棋", "封棋", "Adjournment"));
        click(
            &mut h,
            name(
                lang,
                "封棋（第14条）",
                "封棋（第14條）",
                "Adjourn (Art. 14)",
            ),
        );
        type_pin(&mut h, lang);
        click(
            &mut h,
            name(
                lang,
                "打开封棋屏幕",
                "打開封棋螢幕",
                "Open the sealed-move screen",
            ),
        );
        let point = name(lang, "封棋着点", "封棋著點", "Sealed point");
        h.get_by_label(point).focus();
        h.run_steps(1);
        h.get_by_label(point).type_text("C3");
        h.run_steps(1);
        let pin = name(lang, "裁判密码 PIN", "裁判密碼 PIN", "PIN");
        h.get_by_label(pin).focus();
        h.run_steps(1);
        h.get_by_label(pin).type_text(PIN);
        h.run_steps(1);
        h.get_by_role_and_label(
            egui::accesskit::Role::Button,
            name(lang, "封棋", "封棋", "Seal"),
        )
        .click();
        h.run_steps(3);
        settle(&mut h);
        assert!(h.state().state.session().sealed().is_some(), "{lang:?}");
        // The slip, on the sealed screen only, in groups of four.
        h.get_by_label_contains("nonce");
        click(&mut h, name(lang, "关闭", "關閉", "Close"));
        time.advance(3_600_000);
        click(
            &mut h,
            name(
                lang,
                "续赛：开封（第14、22条）",
                "續賽：開封（第14、22條）",
                "Resume: open the sealed move (Art. 14, 22)",
            ),
        );
        // Unsealing always asks the PIN: it decrypts the move.
        type_pin(&mut h, lang);
        let s = h.state().state.session();
        assert!(
            s.unsealed().is_some(),
            "{lang:?}: {:?}",
            h.state().state.notice
        );
        assert_eq!(s.board_rows().concat().matches('O').count(), 1, "{lang:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn issue17_walk_the_void_offer_after_a_ko_recapture() {
    on_big_stack(issue17_walk_the_void_offer_after_a_ko_recapture_walk);
}

fn issue17_walk_the_void_offer_after_a_ko_recapture_walk() {
    for lang in LANGS {
        let dir = temp(&format!("void-{lang:?}"));
        let (mut h, time) = window(lang, &dir, 1_000);
        new_game(
            &mut h,
            GameSetup {
                size: 9,
                ..GameSetup::default()
            },
        );
        for p in ["D6", "E6", "C5", "F5", "D4", "E4", "A1", "D5", "E5"] {
            time.advance(1_000);
            click_point(&mut h, Coord::from_gtp(p, 9).expect("point"));
        }
        click(&mut h, name(lang, "裁判", "裁判", "Arbiter"));
        time.advance(1_000);
        click_point(&mut h, Coord::from_gtp("D5", 9).expect("point"));
        let offer = name(
            lang,
            "着手无效，弃权一次（第20.1条）",
            "著手無效，棄權一次（第20.1條）",
            "Void: counts as one pass (Art. 20.1)",
        );
        click(&mut h, offer);
        type_pin(&mut h, lang);
        let ruling = h.state().state.session().rulings().last().cloned();
        assert_eq!(
            ruling.map(|r| r.article),
            Some("20.1".to_owned()),
            "{lang:?}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Whether the last frame asked the window to close.
fn closes(h: &H) -> bool {
    h.output()
        .viewport_output
        .values()
        .any(|v| v.commands.contains(&egui::ViewportCommand::Close))
}

#[test]
fn issue17_walk_quitting_with_unsaved_review_edits() {
    on_big_stack(issue17_walk_quitting_with_unsaved_review_edits_walk);
}

fn issue17_walk_quitting_with_unsaved_review_edits_walk() {
    for lang in LANGS {
        let dir = temp(&format!("quit-{lang:?}"));
        let (mut h, _) = window(lang, &dir, 1_000);
        h.key_press(egui::Key::F4);
        h.run_steps(2);
        let rect = h
            .get_by_label_contains(name(lang, "复盘棋盘", "覆盤棋盤", "Review board"))
            .rect();
        let (x, y) = BoardLook::default()
            .geometry(19, rect)
            .point_of(Coord::new(15, 3));
        let p = egui::Pos2::new(x, y);
        h.hover_at(p);
        h.run_steps(1);
        h.drag_at(p);
        h.run_steps(1);
        h.drop_at(p);
        h.run_steps(3);
        assert!(h.state().state.windows.review.has_unsaved_edits());
        // Ctrl+Q, then the window's close button: both ask, Cancel keeps everything.
        h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Q);
        h.run_steps(3);
        assert!(!closes(&h));
        click_contains(&mut h, "Cancel");
        assert!(
            h.state().state.windows.review.has_unsaved_edits(),
            "{lang:?}"
        );
        h.input_mut()
            .viewports
            .entry(egui::ViewportId::ROOT)
            .or_default()
            .events
            .push(egui::ViewportEvent::Close);
        h.run_steps(3);
        assert!(!closes(&h), "{lang:?}: the close button asks first");
        h.get_by_label_contains("Discard").click();
        h.step();
        assert!(closes(&h), "{lang:?}: discarding closes");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn issue17_walk_leaving_teaching_mode_by_every_route_asks_the_teachers_pin() {
    on_big_stack(issue17_walk_leaving_teaching_mode_by_every_route_asks_the_teachers_pin_walk);
}

fn issue17_walk_leaving_teaching_mode_by_every_route_asks_the_teachers_pin_walk() {
    let dir = temp("teach");
    for route in ["menu", "ctrl-q", "close"] {
        let (mut h, _) = window(Lang::En, &dir, 1_000);
        let stored = tianyuan::app::teach::teacher_pin::make(
            "panda-2026",
            [3; 16],
            tianyuan::seal::KdfParams::TEST_ONLY,
        )
        .expect("a PIN");
        let mut settings = h.state().state.settings.clone();
        settings.teach.teacher_pin = Some(stored);
        h.state_mut()
            .apply([Command::UpdateSettings(Box::new(settings))]);
        h.state_mut().apply([Command::TeachingMode(true)]);
        h.run_steps(4);
        settle(&mut h);
        assert!(h.state().state.teaching);
        match route {
            "menu" => click(&mut h, "Leave teaching mode"),
            "ctrl-q" => {
                h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Q);
                h.run_steps(4);
                settle(&mut h);
            }
            _ => {
                h.input_mut()
                    .viewports
                    .entry(egui::ViewportId::ROOT)
                    .or_default()
                    .events
                    .push(egui::ViewportEvent::Close);
                h.run_steps(4);
                settle(&mut h);
            }
        }
        assert!(h.state().state.teaching, "{route}: still teaching");
        assert!(!closes(&h), "{route}: not closed");
        h.get_by_label("Teacher's PIN").focus();
        h.run_steps(1);
        h.get_by_label("Teacher's PIN").type_text("panda-2026");
        h.run_steps(1);
        h.get_by_label("OK").click();
        h.run_steps(3);
        settle(&mut h);
        h.step();
        match route {
            "menu" => assert!(!h.state().state.teaching, "{route}: left"),
            _ => assert!(
                closes(&h) || h.state().state.closing,
                "{route}: the window closes after the PIN"
            ),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
