//! The application shell driven like a user would, with injected time (egui_kittest, no display).

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use std::rc::Rc;
use tianyuan::app::WindowId;
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
    rig_sized(lang, egui::Vec2::new(1200.0, 900.0))
}

/// The app in a window of `size` points.
fn rig_sized(lang: Lang, size: egui::Vec2) -> Rig {
    let time = Rc::new(ManualTimeSource::at(Timestamp(1_000)));
    let voice = NullAnnouncer::new();
    let (t, v) = (Rc::clone(&time), voice.clone());
    let builder = Harness::builder().with_size(size);
    let harness = builder.build_eframe(move |cc| {
        TianyuanApp::for_tests(&cc.egui_ctx, lang, Box::new(SharedTime(t)), Box::new(v))
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
        self.settle();
    }

    fn click_label(&mut self, label: &str) {
        self.harness.get_by_label(label).click();
        self.harness.run_steps(2);
        self.settle();
    }

    /// Waits for the journal writer and the file jobs to answer, then shows their answers.
    fn settle(&mut self) {
        assert!(
            self.harness
                .state_mut()
                .settle(std::time::Duration::from_secs(20)),
            "the runner answered"
        );
        self.harness.run_steps(2);
    }

    fn stone(&self, c: Coord) -> Option<Color> {
        self.app().state.session().game().board().get(c)
    }
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
fn play_by_clicking_intersections_and_an_illegal_click_is_explained() {
    on_big_stack(play_by_clicking_intersections_and_an_illegal_click_is_explained_body);
}

fn play_by_clicking_intersections_and_an_illegal_click_is_explained_body() {
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
    on_big_stack(pass_from_the_arbiter_tab_and_two_confirmations_start_the_count_body);
}

fn pass_from_the_arbiter_tab_and_two_confirmations_start_the_count_body() {
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
    on_big_stack(the_clock_starts_when_the_arbiter_starts_it_and_moves_press_it_body);
}

fn the_clock_starts_when_the_arbiter_starts_it_and_moves_press_it_body() {
    let mut r = rig(Lang::En);
    let setup = GameSetup {
        size: 9,
        time_control: Some(TimeControl::SuddenDeath {
            main: Millis::from_mins(10),
        }),
        ..GameSetup::default()
    };
    assert!(
        r.harness
            .state_mut()
            .apply_settled([Command::NewGame(Box::new(NewGameRequest {
                setup,
                pin: None
            }))])
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
    on_big_stack(navigate_with_keys_and_buttons_body);
}

fn navigate_with_keys_and_buttons_body() {
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
    on_big_stack(switch_language_live_and_chinese_renders_body);
}

fn switch_language_live_and_chinese_renders_body() {
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
fn the_clock_only_view_is_a_journaled_clock_only_session() {
    on_big_stack(the_clock_only_view_is_a_journaled_clock_only_session_body);
}

fn the_clock_only_view_is_a_journaled_clock_only_session_body() {
    let mut r = rig(Lang::En);
    r.click_label("View");
    r.click_label("Clock only (for a physical board)");
    // The new-game dialog opens with the clock-only choice made: starting it gives a
    // clock-only session, journaled like every game (issue 17 item 3).
    r.click_label("Start the game");
    assert_eq!(
        r.app().state.session().setup().mode,
        tianyuan::session::Mode::ClockOnly
    );
    // The board is gone; the session's faces are there.
    assert!(r.harness.query_by_label_contains("Go board").is_none());
}

#[test]
fn the_new_game_dialog_starts_a_handicap_game() {
    on_big_stack(the_new_game_dialog_starts_a_handicap_game_body);
}

fn the_new_game_dialog_starts_a_handicap_game_body() {
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
    on_big_stack(a_record_opened_from_the_command_line_shows_in_the_review_tab_body);
}

fn a_record_opened_from_the_command_line_shows_in_the_review_tab_body() {
    let Some(dir) = support_corpus::corpus_dir() else {
        eprintln!("skipped: no corpus (set TIANYUAN_CORPUS)");
        return;
    };
    let mut r = rig(Lang::En);
    let missing = dir.join("no-such-file.sgf");
    r.harness.state_mut().open_file(&missing);
    r.settle();
    r.harness.get_by_label_contains("no-such-file.sgf");
    r.harness
        .state_mut()
        .open_file(&dir.join("minigo-example/example_game.sgf"));
    r.settle();
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
    on_big_stack(every_control_of_every_tab_and_the_dialog_has_an_accessible_name_body);
}

fn every_control_of_every_tab_and_the_dialog_has_an_accessible_name_body() {
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
        r.harness.state_mut().apply([Command::OpenNewGameDialog]);
        r.harness.run_steps(2);
        let (controls, missing) = unlabelled_controls(&r);
        eprintln!("{lang:?} new-game dialog: {controls} controls");
        assert!(missing.is_empty(), "{lang:?} new-game dialog: {missing:?}");
    }
}

#[test]
fn the_arbiter_plays_passes_and_counts_with_the_keyboard_alone() {
    on_big_stack(the_arbiter_plays_passes_and_counts_with_the_keyboard_alone_body);
}

fn the_arbiter_plays_passes_and_counts_with_the_keyboard_alone_body() {
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
        r.settle();
        assert!(r.stone(c).is_some(), "{text} was played");
        assert!(r.harness.get_by_label("Point").is_focused(), "after {text}");
    }
    // Leave the field (Escape), then P passes for Black, P again for White: both passed, and
    // two plain passes do not end an arbiter's game.
    r.harness.key_press(egui::Key::Escape);
    r.harness.run_steps(1);
    r.harness.key_press(egui::Key::P);
    r.harness.run_steps(1);
    r.settle();
    r.harness.key_press(egui::Key::P);
    r.harness.run_steps(2);
    r.settle();
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
        r.settle();
    }
    assert_eq!(
        r.app().state.session().phase(),
        &tianyuan::session::Phase::Counting
    );
    r.harness
        .key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Enter);
    r.harness.run_steps(2);
    r.settle();
    assert!(r.app().state.session().outcome().is_some());
}

/// Clicks the review board's point `c`.
fn click_review_point(r: &mut Rig, c: Coord) {
    let rect = r.harness.get_by_label_contains("Review board").rect();
    let size = r.app().state.windows.review.review().size();
    let geo = BoardLook::default().geometry(size, rect);
    let (x, y) = geo.point_of(c);
    let p = egui::Pos2::new(x, y);
    r.harness.hover_at(p);
    r.harness.run_steps(1);
    r.harness.drag_at(p);
    r.harness.run_steps(1);
    r.harness.drop_at(p);
    r.harness.run_steps(2);
}

#[test]
fn issue_10_ctrl_z_in_the_review_tab_undoes_the_record_not_the_game() {
    on_big_stack(issue_10_ctrl_z_in_the_review_tab_undoes_the_record_not_the_game_body);
}

fn issue_10_ctrl_z_in_the_review_tab_undoes_the_record_not_the_game_body() {
    let mut r = rig(Lang::En);
    r.click_point(Coord::new(3, 15));
    assert_eq!(r.app().state.session().game().moves().len(), 1);
    r.harness.key_press(egui::Key::F4);
    r.harness.run_steps(2);
    click_review_point(&mut r, Coord::new(15, 3));
    assert_eq!(r.app().state.windows.review.review().move_number(), 1);
    r.harness
        .key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    r.harness.run_steps(2);
    assert_eq!(
        r.app().state.windows.review.review().move_number(),
        0,
        "the record's move"
    );
    assert!(!r.app().state.windows.review.review().is_dirty());
    assert_eq!(
        r.app().state.session().game().moves().len(),
        1,
        "the live game behind the tab is untouched"
    );
    r.harness.get_by_label_contains("Undone: move");
}

#[test]
fn issue_10_quitting_with_unsaved_review_edits_asks_to_save_discard_or_cancel() {
    on_big_stack(issue_10_quitting_with_unsaved_review_edits_asks_to_save_discard_or_cancel_body);
}

fn issue_10_quitting_with_unsaved_review_edits_asks_to_save_discard_or_cancel_body() {
    let mut r = rig(Lang::En);
    r.harness.key_press(egui::Key::F4);
    r.harness.run_steps(2);
    click_review_point(&mut r, Coord::new(15, 3));
    // Back on another tab: the question still comes, whatever is shown.
    r.harness.key_press(egui::Key::F2);
    r.harness.run_steps(2);
    r.harness
        .key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Q);
    r.harness.run_steps(2);
    r.harness.get_by_label("Unsaved changes");
    let closes = |r: &Rig| {
        r.harness
            .output()
            .viewport_output
            .values()
            .any(|v| v.commands.contains(&egui::ViewportCommand::Close))
    };
    assert!(!closes(&r));
    r.harness.get_by_label("Cancel").click();
    r.harness.run_steps(2);
    assert!(r.harness.query_by_label("Unsaved changes").is_none());
    assert!(r.app().state.windows.review.has_unsaved_edits());
    r.harness
        .key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Q);
    r.harness.run_steps(2);
    r.harness.get_by_label("Discard").click();
    r.harness.step();
    assert!(closes(&r), "the window closes once the edits are discarded");
}

#[test]
fn issue_10_the_review_panel_at_1024x768_keeps_the_tree_in_sight() {
    on_big_stack(issue_10_the_review_panel_at_1024x768_keeps_the_tree_in_sight_body);
}

fn issue_10_the_review_panel_at_1024x768_keeps_the_tree_in_sight_body() {
    let mut r = rig_sized(Lang::En, egui::Vec2::new(1024.0, 768.0));
    // A long comment on the first move of a long game: the panel must still show the tree.
    let mut record = String::from("(;GM[1]FF[4]SZ[19];B[pd]C[");
    for i in 0..60 {
        record.push_str(&format!("Line {i} of a long comment.\n"));
    }
    record.push(']');
    for i in 0..120 {
        let (x, y) = (i % 19, (i / 19) % 19);
        let colour = if i % 2 == 0 { 'W' } else { 'B' };
        let point = |v: usize| (b'a' + v as u8) as char;
        if (x, y) != (15, 3) {
            record.push_str(&format!(";{colour}[{}{}]", point(x), point(y)));
        }
    }
    record.push(')');
    r.harness
        .state_mut()
        .state
        .windows
        .review
        .open_bytes(None, record.as_bytes(), Lang::En)
        .expect("readable");
    r.harness.state_mut().state.tab = tianyuan::app::Tab::Review;
    r.harness.run_steps(2);
    r.harness.key_press(egui::Key::ArrowRight);
    r.harness.run_steps(3);
    // The tree's rectangle is its whole content; what shows of it runs from its top to the
    // status bar at the bottom of the window.
    let tree = r.harness.get_by_label("Variation tree").rect();
    let status = r.harness.get_by_label_contains("Review new record").rect();
    assert!(
        tree.top() + tianyuan::app::review::TREE_MIN_HEIGHT <= status.top(),
        "tree {tree:?}, status {status:?}"
    );
    assert!(tree.width() > 200.0, "tree {tree:?}");
}

#[test]
fn issue_10_in_the_review_tab_p_passes_in_the_record_and_the_hidden_live_game_is_unchanged() {
    on_big_stack(issue_10_in_the_review_tab_p_passes_in_the_record_and_the_hidden_live_game_is_unchanged_body);
}

fn issue_10_in_the_review_tab_p_passes_in_the_record_and_the_hidden_live_game_is_unchanged_body() {
    let mut r = rig(Lang::En);
    r.click_point(Coord::new(3, 15));
    r.harness.key_press(egui::Key::F4);
    r.harness.run_steps(2);
    // P twice would pass twice; Space would press the clock; Ctrl+E would confirm the end.
    for _ in 0..2 {
        r.harness.key_press(egui::Key::P);
        r.harness.run_steps(1);
        r.harness.key_press(egui::Key::Space);
        r.harness.run_steps(1);
        r.harness
            .key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::E);
        r.harness.run_steps(1);
    }
    let session = r.app().state.session();
    assert_eq!(session.game().moves().len(), 1, "no pass was made");
    // P passed in the record shown instead.
    assert_eq!(
        r.app().state.windows.review.review().move_number(),
        2,
        "two passes in the record"
    );
    assert_eq!(session.game().consecutive_passes(), 0);
    assert_eq!(session.phase(), &tianyuan::session::Phase::Playing);
    // Back on the game's tab, P passes again.
    r.harness.key_press(egui::Key::F2);
    r.harness.run_steps(2);
    r.harness.key_press(egui::Key::P);
    r.harness.run_steps(2);
    r.settle();
    assert_eq!(r.app().state.session().game().consecutive_passes(), 1);
}

/// Issue 10: `tianyuan --setup 'SETUP' --start` (a tournament's desktop shortcut) opens on a
/// new game from the arbiter's setup line with its clock running; without `--start` the clock
/// waits for the arbiter.
#[test]
fn issue_10_setup_from_the_command_line_opens_a_new_game_and_start_runs_its_clock() {
    on_big_stack(
        issue_10_setup_from_the_command_line_opens_a_new_game_and_start_runs_its_clock_body,
    );
}

fn issue_10_setup_from_the_command_line_opens_a_new_game_and_start_runs_its_clock_body() {
    for start in [false, true] {
        let mut r = rig(Lang::En);
        let setup = tianyuan::cli::setup_line(
            r#"size=13 time=chinese:limit=10m,reserve=3 black="Li Wei" white=Wang"#,
        )
        .expect("a valid setup line");
        r.harness.state_mut().begin_game(setup, None, start);
        r.settle();
        assert_eq!(r.app().state.session().game().size(), 13);
        r.harness
            .get_by_label_contains("Black Li Wei: 7:00, Main time");
        r.time.advance(5_000);
        r.harness.run_steps(2);
        let ticking = r
            .harness
            .query_by_label_contains("Black Li Wei: 6:55")
            .is_some();
        assert_eq!(ticking, start, "start={start}");
    }
    assert!(tianyuan::cli::setup_line("size=19 time=nonsense").is_err());
}

/// Issue 10 (the window is always current): the frame in which a clock runs out asks for
/// another at once, so the time-out shows without a click.
#[test]
fn issue_10_a_time_out_shows_at_once_without_a_click() {
    on_big_stack(issue_10_a_time_out_shows_at_once_without_a_click_body);
}

fn issue_10_a_time_out_shows_at_once_without_a_click_body() {
    let mut r = rig(Lang::En);
    let setup = GameSetup {
        size: 9,
        time_control: Some(TimeControl::SuddenDeath {
            main: Millis::from_mins(1),
        }),
        ..GameSetup::default()
    };
    r.harness.state_mut().begin_game(setup, None, true);
    r.settle();
    r.time.advance(61_000);
    r.harness.step();
    let shown = r.harness.query_by_label_contains("lost on time").is_some();
    assert!(
        shown || r.harness.ctx.has_requested_repaint(),
        "the time-out is shown or a repaint is asked for"
    );
    r.settle();
    r.harness.get_by_label_contains("lost on time");
    assert!(r.app().state.session().outcome().is_some());
    assert_eq!(
        r.app().next_repaint,
        None,
        "a finished game asks for no ticks"
    );
}

/// Keys act on what is shown: with the problems window open, P and Ctrl+Z do not touch the
/// game behind it.
#[test]
fn the_game_keys_do_nothing_behind_the_problems_window() {
    on_big_stack(the_game_keys_do_nothing_behind_the_problems_window_body);
}

fn the_game_keys_do_nothing_behind_the_problems_window_body() {
    let mut r = rig(Lang::En);
    r.click_point(Coord::new(3, 15));
    let now = r.time.now();
    let _ = r
        .harness
        .state_mut()
        .state
        .apply(Command::open(WindowId::Problems), now);
    r.harness.run_steps(3);
    r.harness.key_press(egui::Key::P);
    r.harness.run_steps(1);
    r.harness
        .key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    r.harness.run_steps(2);
    let game = r.app().state.session().game();
    assert_eq!(game.moves().len(), 1, "no pass, no take-back");
    assert_eq!(game.consecutive_passes(), 0);
}
