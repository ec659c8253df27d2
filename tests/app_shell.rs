//! The application shell driven like a user would, with injected time (egui_kittest, no display).

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::rc::Rc;
use tianyuan::app::board_view::BoardLook;
use tianyuan::app::command::NewGameRequest;
use tianyuan::app::{Command, TianyuanApp};
use tianyuan::audio::{NullAnnouncer, Request};
use tianyuan::clock::{Millis, Side, TimeControl, Timestamp};
use tianyuan::i18n::Lang;
use tianyuan::rules::{Color, Coord};
use tianyuan::session::GameSetup;
use tianyuan::time::{ManualTimeSource, TimeSource};

/// The test's hand on the clock, shared with the app.
struct SharedTime(Rc<ManualTimeSource>);

impl TimeSource for SharedTime {
    fn now(&self) -> Timestamp {
        self.0.now()
    }
}

struct Rig {
    harness: Harness<'static, TianyuanApp>,
    time: Rc<ManualTimeSource>,
    voice: NullAnnouncer,
}

/// The app on injected time and a silent voice. The harness panics on a missing glyph, so
/// every label rendered in these tests is covered by the bundled fonts.
fn rig(lang: Lang) -> Rig {
    let time = Rc::new(ManualTimeSource::at(Timestamp(1_000)));
    let voice = NullAnnouncer::new();
    let (t, v) = (Rc::clone(&time), voice.clone());
    let builder = Harness::builder().with_size(egui::Vec2::new(1200.0, 900.0));
    let harness = builder.build_eframe(move |cc| {
        TianyuanApp::for_tests(&cc.egui_ctx, lang, Box::new(SharedTime(t)), Box::new(v))
            .expect("default game")
    });
    let mut r = Rig {
        harness,
        time,
        voice,
    };
    r.harness.run_steps(2);
    r
}

impl Rig {
    fn app(&self) -> &TianyuanApp {
        self.harness.state()
    }

    /// Where intersection `c` is on screen, from the board widget's rectangle and the geometry.
    fn point(&self, c: Coord) -> egui::Pos2 {
        let rect = self.harness.get_by_label_contains("Go board").rect();
        let size = self.app().state.session().game().size();
        let geo = BoardLook::default().geometry(size, rect);
        let (x, y) = geo.point_of(c);
        egui::Pos2::new(x, y)
    }

    fn click_point(&mut self, c: Coord) {
        let p = self.point(c);
        self.harness.hover_at(p);
        self.harness.run_steps(1);
        self.harness.drag_at(p);
        self.harness.run_steps(1);
        self.harness.drop_at(p);
        self.harness.run_steps(2);
    }

    fn click_label(&mut self, label: &str) {
        self.harness.get_by_label(label).click();
        self.harness.run_steps(2);
    }

    fn stone(&self, c: Coord) -> Option<Color> {
        self.app().state.session().game().board().get(c)
    }
}

#[test]
fn play_by_clicking_intersections_and_an_illegal_click_is_explained() {
    let mut r = rig(Lang::En);
    r.click_point(Coord::new(3, 15));
    assert_eq!(r.stone(Coord::new(3, 15)), Some(Color::Black));
    r.click_point(Coord::new(15, 3));
    assert_eq!(r.stone(Coord::new(15, 3)), Some(Color::White));
    r.click_point(Coord::new(3, 15));
    assert_eq!(
        r.app().state.session().game().moves().len(),
        2,
        "the occupied point was refused"
    );
    r.harness.get_by_label_contains("D4: occupied point");
}

#[test]
fn pass_from_the_arbiter_tab_and_two_confirmations_start_the_count() {
    let mut r = rig(Lang::En);
    r.click_point(Coord::new(4, 4));
    r.click_label("Arbiter");
    r.click_label("Pass · White");
    assert_eq!(r.app().state.session().game().consecutive_passes(), 1);
    // After an ordinary pass Black's confirmation is only step 1 (Art. 13.2) …
    r.click_label("Black: confirm the end (step 1)");
    assert_eq!(
        r.app().state.session().phase(),
        &tianyuan::session::Phase::Playing
    );
    // … and White's ends play.
    r.click_label("White: confirm the end (step 2, ends play)");
    assert_eq!(
        r.app().state.session().phase(),
        &tianyuan::session::Phase::Counting
    );
    // The count is on screen with the baseline of a 19×19 board.
    r.harness.get_by_label_contains("180½");
    r.click_point(Coord::new(4, 4));
    assert_eq!(
        r.app().state.session().dead_stones(),
        vec![Coord::new(4, 4)]
    );
    r.click_label("Both agree: record the result");
    assert!(r.app().state.session().outcome().is_some());
}

#[test]
fn the_clock_starts_when_the_arbiter_starts_it_and_moves_press_it() {
    let mut r = rig(Lang::En);
    let setup = GameSetup {
        size: 9,
        time_control: Some(TimeControl::SuddenDeath {
            main: Millis::from_mins(10),
        }),
        ..GameSetup::default()
    };
    let now = r.time.now();
    let _ = r.harness.state_mut().state.apply(
        Command::NewGame(Box::new(NewGameRequest { setup, pin: None })),
        now,
    );
    r.harness.run_steps(2);
    r.harness.get_by_label_contains("Black: 10:00");
    // Nobody has started the clock: Black's time does not tick (issue 10).
    r.time.advance(30_000);
    r.harness.run_steps(1);
    r.harness.get_by_label_contains("Black: 10:00");
    assert_eq!(
        r.app().next_repaint,
        None,
        "an idle board asks for no repaint"
    );
    r.click_label("Arbiter");
    r.click_label("Start the clock");
    r.time.advance(61_500);
    r.harness.run_steps(1);
    r.harness.get_by_label_contains("Black: 8:59");
    // The app asks to be woken exactly when the shown second changes, not before.
    let next = r
        .app()
        .next_repaint
        .expect("a running clock asks for a repaint");
    assert_eq!(next, Timestamp(r.time.now().0 + 500));
    // In board mode a stone presses the mover's clock; Space alone presses nothing.
    r.harness.key_press(egui::Key::Space);
    r.harness.run_steps(2);
    let clock = r.app().state.session().clock().expect("clock");
    assert_eq!(clock.to_move(), Some(Side::Black));
    r.click_point(Coord::new(2, 2));
    assert_eq!(r.stone(Coord::new(2, 2)), Some(Color::Black));
    let clock = r.app().state.session().clock().expect("clock");
    assert_eq!(clock.to_move(), Some(Side::White));
    assert!(
        r.voice
            .requests()
            .iter()
            .any(|q| matches!(q, Request::Schedule(_) | Request::Cancel)),
        "the voice was told about the clock"
    );
}

#[test]
fn navigate_with_keys_and_buttons() {
    let mut r = rig(Lang::En);
    for x in [2u8, 4, 6, 8] {
        r.click_point(Coord::new(x, 10));
    }
    r.harness.key_press(egui::Key::Home);
    r.harness.run_steps(2);
    assert_eq!(r.app().state.shown_move(), 0);
    r.click_label("Next move");
    r.click_label("Next move");
    assert_eq!(r.app().state.shown_move(), 2);
    r.harness.get_by_label_contains("Move 2 of 4");
    r.harness.key_press(egui::Key::End);
    r.harness.run_steps(2);
    assert_eq!(r.app().state.view_move, None);
}

#[test]
fn switch_language_live_and_chinese_renders() {
    let mut r = rig(Lang::En);
    r.click_label("Language");
    r.click_label("简体中文");
    assert_eq!(r.app().state.lang, Lang::ZhHans);
    r.harness.get_by_label("对局信息");
    r.harness.get_by_label("裁判");
    r.click_label("语言");
    r.click_label("繁體中文");
    r.harness.get_by_label("對局資訊");
}

#[test]
fn the_clock_only_mode_takes_the_window_and_gives_it_back() {
    let mut r = rig(Lang::En);
    r.click_label("View");
    r.click_label("Clock only (for a physical board)");
    assert!(r.app().state.clock_only);
    // The board is gone; the talking clock's faces and the way back are there.
    assert!(r.harness.query_by_label_contains("Go board").is_none());
    r.click_label("Back to the board");
    assert!(!r.app().state.clock_only);
    r.harness.get_by_label_contains("Go board");
}

#[test]
fn the_new_game_dialog_starts_a_handicap_game() {
    let mut r = rig(Lang::En);
    r.harness
        .key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
    r.harness.run_steps(2);
    r.click_label("9×9");
    r.click_label("4");
    r.click_label("Start the game");
    let s = r.app().state.session();
    assert_eq!(s.game().size(), 9);
    assert_eq!(s.game().board().stones().len(), 4);
    assert_eq!(
        s.game().rules().komi.0,
        0,
        "handicap games have no komi (Art. 11)"
    );
}

/// The shared test corpus, if present.
#[path = "support/corpus.rs"]
mod support_corpus;

#[test]
fn a_record_opened_from_the_command_line_shows_in_the_review_tab() {
    let Some(dir) = support_corpus::corpus_dir() else {
        eprintln!("skipped: no corpus (set TIANYUAN_CORPUS)");
        return;
    };
    let mut r = rig(Lang::En);
    let missing = dir.join("no-such-file.sgf");
    assert!(r.harness.state_mut().open_file(&missing).is_err());
    r.harness
        .state_mut()
        .open_file(&dir.join("minigo-example/example_game.sgf"))
        .expect("a real record opens");
    r.harness.run_steps(2);
    assert_eq!(r.app().state.tab, tianyuan::app::Tab::Review);
    r.harness.get_by_label_contains("Review board");
    // The status line speaks of the record on the board, not of the live game behind it.
    r.harness
        .get_by_label_contains("Review example_game.sgf: move 0 of ");
    r.harness.key_press(egui::Key::ArrowRight);
    r.harness.run_steps(2);
    r.harness
        .get_by_label_contains("Review example_game.sgf: move 1 of ");
    r.harness.get_by_label_contains("White to play");
    r.click_label("Game information");
    assert!(
        r.harness
            .query_by_label_contains("Review example_game.sgf")
            .is_none()
    );
}

/// The interactive controls on screen (how many) and those with no accessible name, as
/// "role at (x, y)".
fn unlabelled_controls(r: &Rig) -> (usize, Vec<String>) {
    use egui::accesskit::Role;
    use egui_kittest::kittest::NodeT;
    let interactive = [
        Role::Button,
        Role::CheckBox,
        Role::RadioButton,
        Role::Slider,
        Role::SpinButton,
        Role::TextInput,
        Role::MultilineTextInput,
        Role::ComboBox,
        Role::Tab,
        Role::MenuItem,
        Role::Link,
    ];
    let controls: Vec<_> = r
        .harness
        .root()
        .children_recursive()
        .filter(|n| interactive.contains(&n.accesskit_node().role()))
        .collect();
    let missing = controls
        .iter()
        .filter(|n| {
            n.accesskit_node()
                .label()
                .is_none_or(|l| l.trim().is_empty())
        })
        .map(|n| format!("{:?} at {:?}", n.accesskit_node().role(), n.rect().min))
        .collect();
    (controls.len(), missing)
}

#[test]
fn every_control_of_every_tab_and_the_dialog_has_an_accessible_name() {
    for lang in [Lang::ZhHans, Lang::En] {
        let mut r = rig(lang);
        for tab in [
            tianyuan::app::Tab::Info,
            tianyuan::app::Tab::Arbiter,
            tianyuan::app::Tab::Review,
            tianyuan::app::Tab::Settings,
        ] {
            r.harness.state_mut().state.tab = tab;
            r.harness.run_steps(2);
            let (controls, missing) = unlabelled_controls(&r);
            assert!(
                controls >= 10,
                "{lang:?} {tab:?}: only {controls} controls found"
            );
            assert!(missing.is_empty(), "{lang:?} {tab:?}: {missing:?}");
        }
        let _ = r
            .harness
            .state_mut()
            .state
            .apply(Command::OpenNewGameDialog, Timestamp(1_000));
        r.harness.run_steps(2);
        let (controls, missing) = unlabelled_controls(&r);
        eprintln!("{lang:?} new-game dialog: {controls} controls");
        assert!(missing.is_empty(), "{lang:?} new-game dialog: {missing:?}");
    }
}

#[test]
fn the_arbiter_plays_passes_and_counts_with_the_keyboard_alone() {
    let mut r = rig(Lang::En);
    r.harness.key_press(egui::Key::F3);
    r.harness.run_steps(2);
    assert_eq!(r.app().state.tab, tianyuan::app::Tab::Arbiter);
    // Moves typed as coordinates; the field keeps the keyboard after each Enter.
    r.harness.get_by_label("Point").focus();
    r.harness.run_steps(1);
    for (text, c) in [("D4", Coord::new(3, 15)), ("q16", Coord::new(15, 3))] {
        r.harness.get_by_label("Point").type_text(text);
        r.harness.run_steps(1);
        r.harness.key_press(egui::Key::Enter);
        r.harness.run_steps(2);
        assert!(r.stone(c).is_some(), "{text} was played");
        assert!(r.harness.get_by_label("Point").is_focused(), "after {text}");
    }
    // Leave the field (Escape), then P passes for Black, P again for White: both passed, and
    // two plain passes do not end an arbiter's game.
    r.harness.key_press(egui::Key::Escape);
    r.harness.run_steps(1);
    r.harness.key_press(egui::Key::P);
    r.harness.run_steps(1);
    r.harness.key_press(egui::Key::P);
    r.harness.run_steps(2);
    assert_eq!(r.app().state.session().game().consecutive_passes(), 2);
    assert_eq!(
        r.app().state.session().phase(),
        &tianyuan::session::Phase::Playing
    );
    // Ctrl+E confirms the end for the side to move, twice (Art. 13.2), then Ctrl+Enter
    // records the count.
    for _ in 0..2 {
        r.harness
            .key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
        r.harness.run_steps(2);
    }
    assert_eq!(
        r.app().state.session().phase(),
        &tianyuan::session::Phase::Counting
    );
    r.harness
        .key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Enter);
    r.harness.run_steps(2);
    assert!(r.app().state.session().outcome().is_some());
}
