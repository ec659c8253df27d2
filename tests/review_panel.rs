//! The review panel driven like a user would: buttons, keys, typing a comment, markup tools and
//! annotations, with clicks on board points (egui_kittest, no window). The panel alone is
//! driven here as the host drives it; file actions, which pass the host's unsaved-work and
//! path questions and the effects runner, are driven through the whole window.

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use tianyuan::app::board_view::BoardLook;
use tianyuan::app::review::{ReviewPanel, review_board_ui};
use tianyuan::i18n::Lang;
use tianyuan::rules::{Color, Coord, Move};

struct State {
    panel: ReviewPanel,
    lang: Lang,
    fonts_installed: bool,
}

const GAME: &[u8] = b"(;GM[1]FF[4]SZ[9];B[ee];W[cc](;B[gg])(;B[cg]))";

fn harness(lang: Lang) -> Harness<'static, State> {
    harness_on(lang, GAME)
}

/// The panel beside its board on `record`, as the app lays them out.
fn harness_on(lang: Lang, record: &[u8]) -> Harness<'static, State> {
    harness_sized(lang, record, 760.0)
}

/// [`harness_on`] in a window `height` points tall (widgets scrolled out of the panel's view
/// have no accessible node, so a test of the lower controls needs the room).
fn harness_sized(lang: Lang, record: &[u8], height: f32) -> Harness<'static, State> {
    let mut panel = ReviewPanel::new();
    panel.open_bytes(None, record).expect("readable");
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1000.0, height))
        .build_ui_state(
            |ui, s: &mut State| {
                let ctx = ui.ctx().clone();
                // The harness panics on a missing glyph: the first frame only installs the CJK
                // font, which takes effect from the next frame.
                if !s.fonts_installed {
                    ctx.set_fonts(tianyuan::app::fonts::definitions());
                    s.fonts_installed = true;
                    return;
                }
                let mut commands = s.panel.window_ui(&ctx, s.lang);
                commands.extend(s.panel.keys(&ctx));
                ui.horizontal_top(|ui| {
                    ui.vertical(|ui| {
                        ui.set_width(330.0);
                        commands.extend(s.panel.ui(ui, s.lang));
                    });
                    commands.extend(review_board_ui(
                        ui,
                        &mut s.panel,
                        s.lang,
                        BoardLook::default(),
                    ));
                });
                for c in commands {
                    // No file is read or written in these walks: the jobs are not needed.
                    let _ = s.panel.apply(c, s.lang);
                }
            },
            State {
                panel,
                lang,
                fonts_installed: false,
            },
        );
    harness.run_steps(2);
    harness
}

/// Clicks the board point `c` (9×9) through the accessible board widget's rectangle.
fn click_point(h: &mut Harness<'static, State>, c: Coord) {
    let number = h.state().panel.review().move_number();
    let rect = h
        .get_by_label(&format!("Review board, move {number}"))
        .rect();
    let geo = BoardLook::default().geometry(9, rect);
    let (x, y) = geo.point_of(c);
    h.hover_at(egui::pos2(x, y));
    h.drag_at(egui::pos2(x, y));
    h.drop_at(egui::pos2(x, y));
    h.run_steps(2);
}

#[test]
fn navigate_with_buttons_and_keys() {
    let mut h = harness(Lang::En);
    h.get_by_label("Last move").click();
    h.run_steps(2);
    assert_eq!(h.state().panel.review().move_number(), 3);
    h.key_press(egui::Key::ArrowLeft);
    h.run_steps(2);
    assert_eq!(h.state().panel.review().move_number(), 2);
    h.key_press(egui::Key::Home);
    h.run_steps(2);
    assert_eq!(h.state().panel.review().move_number(), 0);
    h.key_press(egui::Key::End);
    h.run_steps(2);
    h.key_press(egui::Key::ArrowDown);
    h.run_steps(2);
    let current = h.state().panel.review().current_move();
    assert_eq!(
        current,
        Some((Color::Black, Move::Play(Coord::new(2, 6)))),
        "second variation"
    );
    h.get_by_label("Go to…").click();
    h.run_steps(2);
    assert!(h.query_by_label("Go to move").is_some() || h.query_by_label("Go").is_some());
}

#[test]
fn comment_triangle_annotation_and_a_new_variation() {
    let mut h = harness(Lang::En);
    h.get_by_label("Next move").click();
    h.run_steps(2);
    // Typing a comment: it is written when the field loses the focus.
    h.get_by_label("Comment").focus();
    h.run_steps(1);
    h.get_by_label("Comment").type_text("Nice opening");
    h.run_steps(1);
    h.get_by_label("Triangle").click();
    h.run_steps(2);
    assert_eq!(h.state().panel.review().comment(), "Nice opening");
    click_point(&mut h, Coord::new(4, 4));
    h.get_by_label("! Good move").click();
    h.run_steps(2);
    let sgf = h.state().panel.review().to_sgf();
    assert!(sgf.contains("TR[ee]"), "{sgf}");
    assert!(sgf.contains("TE[1]"), "{sgf}");
    assert!(sgf.contains("C[Nice opening]"), "{sgf}");
    // Back to playing: a click on an empty point adds a variation after move 1.
    h.get_by_label("Play").click();
    h.run_steps(2);
    click_point(&mut h, Coord::new(6, 2));
    let review = h.state().panel.review();
    assert_eq!(review.move_number(), 2);
    assert_eq!(
        review.current_move(),
        Some((Color::White, Move::Play(Coord::new(6, 2))))
    );
    assert!(review.is_dirty());
}

#[test]
fn chinese_labels_render() {
    let mut h = harness(Lang::ZhHans);
    h.get_by_label("下一手").click();
    h.run_steps(2);
    assert_eq!(h.state().panel.review().move_number(), 1);
    assert!(h.query_by_label("评论").is_some());
}

fn sgf(h: &Harness<'static, State>) -> String {
    h.state().panel.review().to_sgf()
}

#[test]
fn issue_10_delete_then_undo_restores_the_tree() {
    let mut h = harness(Lang::En);
    let before = sgf(&h);
    h.get_by_label("Next move").click();
    h.run_steps(4);
    h.get_by_label("Delete from here").click();
    h.run_steps(4);
    assert!(
        h.state().panel.state().prompt().is_some(),
        "asked: {:?}",
        h.state().panel.notice()
    );
    // More than one move would go: the question says what.
    assert!(
        h.query_by_label_contains(
            "Delete this move and everything after it: 4 moves and 1 variation"
        )
        .is_some()
    );
    h.get_by_role_and_label(egui::accesskit::Role::Button, "Delete")
        .click();
    h.run_steps(4);
    assert_eq!(h.state().panel.review().line_moves(), 0);
    assert!(
        h.query_by_label_contains("Deleted 4 moves and 1 variation")
            .is_some()
    );
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(4);
    assert_eq!(sgf(&h), before, "Ctrl+Z restores the tree");
    assert_eq!(h.state().panel.review().move_number(), 1);
    h.key_press_modifiers(
        egui::Modifiers::COMMAND | egui::Modifiers::SHIFT,
        egui::Key::Z,
    );
    h.run_steps(4);
    assert_eq!(
        h.state().panel.review().line_moves(),
        0,
        "Ctrl+Shift+Z deletes again"
    );
    h.get_by_label("Undo").click();
    h.run_steps(4);
    assert_eq!(sgf(&h), before, "and the Undo button restores it");
}

/// Clicks the review board's point `c` in the whole window.
fn click_window_point(h: &mut Harness<'static, tianyuan::app::TianyuanApp>, c: Coord) {
    let rect = h.get_by_label_contains("Review board").rect();
    let size = h.state().state.windows.review.review().size();
    let geo = BoardLook::default().geometry(size, rect);
    let (x, y) = geo.point_of(c);
    h.hover_at(egui::pos2(x, y));
    h.run_steps(1);
    h.drag_at(egui::pos2(x, y));
    h.run_steps(1);
    h.drop_at(egui::pos2(x, y));
    h.run_steps(2);
}

/// Waits for the runner's answers and shows them.
fn settle(h: &mut Harness<'static, tianyuan::app::TianyuanApp>) {
    assert!(
        h.state_mut().settle(std::time::Duration::from_secs(20)),
        "the runner answered"
    );
    h.run_steps(2);
}

#[test]
fn issue_10_open_with_unsaved_edits_asks() {
    let dir = std::env::temp_dir().join(format!("tianyuan-panel-open-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let other = dir.join("other.sgf");
    std::fs::write(&other, "(;GM[1]SZ[13];B[gg])").expect("write");
    // The whole window: the unsaved-work question and the path question are the host's.
    let mut h = Harness::builder()
        .with_size(egui::vec2(1200.0, 900.0))
        .build_eframe(|cc| {
            tianyuan::app::TianyuanApp::for_tests(
                &cc.egui_ctx,
                Lang::En,
                Box::new(tianyuan::time::ManualTimeSource::at(
                    tianyuan::clock::Timestamp(0),
                )),
                Box::new(tianyuan::audio::NullAnnouncer::new()),
            )
        });
    h.run_steps(2);
    h.key_press(egui::Key::F4);
    h.run_steps(2);
    click_window_point(&mut h, Coord::new(6, 2));
    assert!(h.state().state.windows.review.has_unsaved_edits());
    h.get_by_label("Open…").click();
    h.run_steps(4);
    assert!(
        h.query_by_label("Unsaved changes").is_some(),
        "asked before opening"
    );
    h.get_by_label("Cancel").click();
    h.run_steps(4);
    assert!(h.query_by_label("Unsaved changes").is_none());
    assert!(
        h.state().state.windows.review.has_unsaved_edits(),
        "cancel keeps the edits"
    );
    // Discard, then (no file dialog here) the host's path question.
    h.get_by_label("Open…").click();
    h.run_steps(4);
    h.get_by_label("Discard").click();
    h.run_steps(2);
    settle(&mut h);
    assert!(
        h.query_by_label_contains("No file dialog can be shown")
            .is_some()
    );
    h.get_by_label("Path")
        .type_text(&other.display().to_string());
    h.run_steps(1);
    h.get_by_role_and_label(egui::accesskit::Role::Button, "OK")
        .click();
    h.run_steps(2);
    settle(&mut h);
    assert_eq!(
        h.state().state.windows.review.review().size(),
        13,
        "the file opened"
    );
    assert!(!h.state().state.windows.review.has_unsaved_edits());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn issue_10_the_wheel_over_the_board_steps_through_moves() {
    let mut h = harness(Lang::En);
    let rect = h.get_by_label("Review board, move 0").rect();
    h.hover_at(rect.center());
    h.run_steps(1);
    let wheel = |delta: f32, unit: egui::MouseWheelUnit| egui::Event::MouseWheel {
        unit,
        delta: egui::vec2(0.0, delta),
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Unknown,
        modifiers: egui::Modifiers::NONE,
    };
    // Two notches down: two moves forward.
    for _ in 0..2 {
        h.event(wheel(-1.0, egui::MouseWheelUnit::Line));
        h.run_steps(1);
    }
    assert_eq!(h.state().panel.review().move_number(), 2);
    // A synthetic click (X11 press and release: two events at once) is one move.
    h.event(wheel(-1.0, egui::MouseWheelUnit::Line));
    h.event(wheel(-1.0, egui::MouseWheelUnit::Line));
    h.run_steps(1);
    assert_eq!(h.state().panel.review().move_number(), 3);
    h.event(wheel(1.0, egui::MouseWheelUnit::Line));
    h.run_steps(1);
    // One notch up: back one.
    h.event(wheel(1.0, egui::MouseWheelUnit::Line));
    h.run_steps(4);
    assert_eq!(h.state().panel.review().move_number(), 1);
    // A touchpad's small steps add up to a move.
    for _ in 0..4 {
        h.event(wheel(-12.0, egui::MouseWheelUnit::Point));
        h.run_steps(1);
    }
    assert_eq!(h.state().panel.review().move_number(), 2);
}

#[test]
fn issue_10_game_information_is_shown_and_edited() {
    let mut h = harness_sized(
        Lang::En,
        b"(;GM[1]FF[4]SZ[9]PB[Ke Jie]BR[9p]PW[AlphaGo]RE[W+R]KM[7.5];B[ee])",
        1400.0,
    );
    assert!(
        h.query_by_label_contains("Black Ke Jie 9p vs White AlphaGo")
            .is_some()
    );
    h.get_by_label("Record information").click();
    h.run_steps(4);
    h.get_by_label("Event").focus();
    h.run_steps(1);
    h.get_by_label("Event").type_text("Future of Go");
    h.run_steps(1);
    h.key_press(egui::Key::Enter);
    h.run_steps(4);
    let review = h.state().panel.review();
    assert!(
        review.to_sgf().contains("EV[Future of Go]"),
        "{}",
        review.to_sgf()
    );
    assert!(review.is_dirty());
    // A komi the rules cannot take is refused, with the reason where the user looks.
    h.get_by_label("Komi (points)").focus();
    h.run_steps(1);
    h.get_by_label("Komi (points)").type_text("x");
    h.run_steps(1);
    h.key_press(egui::Key::Enter);
    h.run_steps(4);
    assert!(h.query_by_label_contains("komi must be a number").is_some());
    assert!(h.state().panel.review().to_sgf().contains("KM[7.5]"));
}
