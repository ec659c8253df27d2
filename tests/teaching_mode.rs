//! Issue 11: a child's session in teaching mode, driven through the window as a child and a
//! teacher would (egui_kittest, injected time, a silent voice that records the sounds).

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use std::rc::Rc;
use tianyuan::ai::{CapturePlayer, Level};
use tianyuan::app::TianyuanApp;
use tianyuan::audio::{NullAnnouncer, Sound};
use tianyuan::clock::Timestamp;
use tianyuan::i18n::Lang;
use tianyuan::rules::{Color, Coord, Move};
use tianyuan::time::{ManualTimeSource, TimeSource};

#[path = "support/board_taps.rs"]
mod board_taps;
use board_taps::press_point;

struct SharedTime(Rc<ManualTimeSource>);

impl TimeSource for SharedTime {
    fn now(&self) -> Timestamp {
        self.0.now()
    }
}

type H = Harness<'static, TianyuanApp>;

fn rig(lang: Lang) -> (H, Rc<ManualTimeSource>, NullAnnouncer) {
    let time = Rc::new(ManualTimeSource::at(Timestamp(1_000)));
    let voice = NullAnnouncer::new();
    let (t, v) = (Rc::clone(&time), voice.clone());
    let mut h = Harness::builder()
        .with_size(egui::Vec2::new(1280.0, 900.0))
        .build_eframe(move |cc| {
            TianyuanApp::for_tests(&cc.egui_ctx, lang, Box::new(SharedTime(t)), Box::new(v))
        });
    h.run_steps(2);
    (h, time, voice)
}

fn enter_teaching_mode(h: &mut H) {
    h.get_by_label("View").click();
    h.run_steps(2);
    h.get_by_label("Teaching mode").click();
    h.run_steps(3);
    assert!(h.state().state.teaching);
}

fn board_label(h: &H) -> String {
    h.get_by_label_contains("Go board")
        .accesskit_node()
        .label()
        .unwrap_or_default()
}

/// Clicks intersection `c` of the teaching board.
fn click_point(h: &mut H, c: Coord) {
    click_point_of(h, "Go board", c);
}

/// Clicks intersection `c` of the board whose accessible name contains `board`.
fn click_point_of(h: &mut H, board: &str, c: Coord) {
    let size = h
        .state()
        .state
        .windows
        .teach
        .state()
        .map_or(9, |s| s.game().size());
    press_point(h, board, size, c);
}

/// Waits for the effects runner's threads (the teacher's PIN is derived and checked there,
/// Argon2id), then shows their answers.
fn settle(h: &mut H) {
    assert!(
        h.state_mut().settle(std::time::Duration::from_secs(20)),
        "the runner answered"
    );
    h.run_steps(2);
}

/// Lets frames pass until the computer has answered (it thinks on the runner's thread).
fn wait_for_computer(h: &mut H) {
    for _ in 0..2_000 {
        h.run_steps(1);
        let s = h.state().state.windows.teach.state().expect("teaching");
        if !s.computer_thinking() {
            h.run_steps(1);
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    panic!("the computer did not answer");
}

#[test]
fn issue11_a_child_wins_the_capture_game_against_level_1_and_is_celebrated() {
    let (mut h, time, voice) = rig(Lang::En);
    enter_teaching_mode(&mut h);
    let s = h.state().state.windows.teach.state().expect("teaching");
    assert_eq!((s.game().size(), s.play().target()), (9, Some(1)));
    assert_eq!(s.computer_color(), Some(Color::White));
    // The child's moves are a strong player's (level 5): the weakest computer loses.
    let coach = CapturePlayer::new(Level::MAX, 11);
    for _ in 0..120 {
        let s = h.state().state.windows.teach.state().expect("teaching");
        if s.end.is_some() {
            break;
        }
        let mv = coach.choose_move(s.game(), Color::Black, 1);
        match mv {
            Move::Play(c) => click_point(&mut h, c),
            Move::Pass => {
                h.get_by_label("Pass").click();
                h.run_steps(2);
            }
        }
        wait_for_computer(&mut h);
    }
    let s = h.state().state.windows.teach.state().expect("teaching");
    assert_eq!(s.end.as_ref().and_then(|e| e.winner()), Some(Color::Black));
    h.run_steps(2);
    assert!(
        h.query_by_label("celebration").is_some(),
        "the celebration shows"
    );
    assert!(h.query_by_label_contains("You won").is_some());
    let sounds = voice.sounds();
    assert!(sounds.contains(&Sound::Stone) && sounds.contains(&Sound::Capture));
    assert_eq!(sounds.last(), Some(&Sound::Celebration));
    // After four seconds it is gone.
    time.advance(4_500);
    h.run_steps(2);
    assert!(h.query_by_label("celebration").is_none());
}

#[test]
fn issue11_overlays_toggle_and_an_illegal_move_is_explained() {
    let (mut h, _, _) = rig(Lang::En);
    enter_teaching_mode(&mut h);
    click_point(&mut h, Coord::new(4, 4));
    wait_for_computer(&mut h);
    assert!(
        board_label(&h).contains("liberties: "),
        "{}",
        board_label(&h)
    );
    // A stone on a stone is refused and explained, the stone pointed at.
    click_point(&mut h, Coord::new(4, 4));
    assert!(
        h.query_by_label_contains("There is already a stone here")
            .is_some(),
        "explained"
    );
    assert!(board_label(&h).contains("refused at E5, stones E5"));
    // The teacher switches the liberty counts off (no PIN set yet).
    h.get_by_label("Teacher").click();
    // The options window settles in place over a few frames.
    h.run_steps(10);
    h.get_by_label("Liberty counts").click();
    h.run_steps(2);
    h.get_by_label("Close").click();
    h.run_steps(3);
    assert!(
        !board_label(&h).contains("liberties: "),
        "{}",
        board_label(&h)
    );
    assert!(!h.state().state.settings.teach.show_liberties, "saved");
}

#[test]
fn issue11_take_back_in_teaching_mode_and_never_in_an_arbiter_game() {
    let (mut h, _, _) = rig(Lang::En);
    enter_teaching_mode(&mut h);
    click_point(&mut h, Coord::new(2, 2));
    wait_for_computer(&mut h);
    assert_eq!(
        h.state()
            .state
            .windows
            .teach
            .state()
            .map(|s| s.game().moves().len()),
        Some(2)
    );
    h.get_by_label("Take back").click();
    h.run_steps(3);
    assert_eq!(
        h.state()
            .state
            .windows
            .teach
            .state()
            .map(|s| s.game().moves().len()),
        Some(0)
    );
    h.get_by_label("Leave teaching mode").click();
    h.run_steps(3);
    assert!(!h.state().state.teaching);
    assert!(
        h.query_by_label("Take back").is_none(),
        "no take-back for players"
    );
}

#[test]
fn issue11_the_teachers_pin_guards_the_options_and_leaving() {
    let (mut h, _, _) = rig(Lang::En);
    enter_teaching_mode(&mut h);
    h.get_by_label("Teacher").click();
    h.run_steps(10);
    h.get_by_label("Set the teacher's PIN").focus();
    h.run_steps(1);
    h.get_by_label("Set the teacher's PIN")
        .type_text("panda-2026");
    h.run_steps(3);
    eprintln!(
        "ok {:?}",
        h.query_by_label("OK")
            .map(|n| (n.rect(), format!("{:?}", n.accesskit_node().is_disabled())))
    );
    h.get_by_label("OK").click();
    h.run_steps(3);
    settle(&mut h);
    assert!(
        h.state().state.settings.teach.teacher_pin.is_some(),
        "saved hashed: {:?}",
        h.state()
            .state
            .windows
            .teach
            .state()
            .map(|s| (&s.note, s.options_open))
    );
    let stored = format!("{:?}", h.state().state.settings.teach.teacher_pin);
    assert!(!stored.contains("panda"));
    h.get_by_label("Close").click();
    h.run_steps(3);
    // A child tries the options: the PIN is asked, a wrong one refused.
    h.get_by_label("Teacher").click();
    h.run_steps(4);
    assert!(h.query_by_label("Teaching options").is_none());
    h.get_by_label("Teacher's PIN").focus();
    h.run_steps(1);
    h.get_by_label("Teacher's PIN").type_text("1234567");
    h.run_steps(1);
    h.get_by_label("OK").click();
    h.run_steps(3);
    settle(&mut h);
    assert!(h.query_all_by_label("Wrong PIN").next().is_some());
    assert!(h.query_by_label("Teaching options").is_none());
    h.get_by_label("Cancel").click();
    h.run_steps(3);
    // Leaving asks too: the app's settings and arbiter games are behind it.
    h.get_by_label("Leave teaching mode").click();
    h.run_steps(4);
    assert!(h.state().state.teaching, "still teaching");
    h.get_by_label("Teacher's PIN").focus();
    h.run_steps(1);
    h.get_by_label("Teacher's PIN").type_text("panda-2026");
    h.run_steps(1);
    h.get_by_label("OK").click();
    h.run_steps(4);
    settle(&mut h);
    assert!(!h.state().state.teaching, "the teacher left");
}

#[test]
fn issue11_teaching_mode_speaks_chinese() {
    let (mut h, _, _) = rig(Lang::ZhHans);
    h.get_by_label("视图").click();
    h.run_steps(2);
    h.get_by_label("教学模式").click();
    h.run_steps(3);
    assert!(h.query_by_label("悔棋").is_some() && h.query_by_label("再下一盘").is_some());
    // The board's accessible name is Chinese too: the size, the liberty counts, a refusal.
    click_point_of(&mut h, "棋盘", Coord::new(4, 4));
    wait_for_computer(&mut h);
    click_point_of(&mut h, "棋盘", Coord::new(4, 4));
    let said = h
        .get_by_label_contains("棋盘")
        .accesskit_node()
        .label()
        .unwrap_or_default();
    assert!(said.contains("9路") && said.contains("气数："), "{said}");
    assert!(said.contains("不能下在 E5"), "{said}");
    assert!(
        !said.contains("liberties") && !said.contains("refused"),
        "no English: {said}"
    );
    h.get_by_label("老师").click();
    h.run_steps(10);
    h.get_by_label("大按钮（平板、投影）").click();
    h.run_steps(3);
    assert!(h.state().state.settings.teach.large_controls);
}
