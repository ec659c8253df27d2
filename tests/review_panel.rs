//! The review panel driven like a user would: buttons, keys, typing a comment, markup tools and
//! annotations, with clicks on board points (egui_kittest, no window).

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
    let mut panel = ReviewPanel::new();
    panel.open_bytes(None, GAME).expect("readable");
    let mut harness = Harness::builder()
        .with_size(egui::vec2(1000.0, 760.0))
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
                s.panel.poll(&ctx, s.lang);
                let mut commands = s.panel.keys(&ctx);
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
                    s.panel.apply(&ctx, c, s.lang);
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
