//! A board for the review tab on its own: the position at the cursor with its markup, clicks
//! routed through the panel's tool. The app may use its own board view instead and call
//! [`super::paint_marks`] and [`super::ReviewPanel::board_click`].

use eframe::egui::{self, Align2, FontId, Pos2, Sense, Stroke};

use super::command::ReviewCommand;
use super::marks_painter::paint_marks;
use super::panel::ReviewPanel;
use crate::app::theme;
use crate::geometry::{
    BoardGeometry, LabelStyle, Rect as GRect, column_label, row_label, star_points,
};
use crate::i18n::Lang;
use crate::rules::{Color, Coord};

/// Paints the review position in the space left in `ui`; a click becomes the tool's command.
pub fn review_board_ui(
    ui: &mut egui::Ui,
    panel: &mut ReviewPanel,
    lang: Lang,
) -> Vec<ReviewCommand> {
    let scene = panel.scene();
    let size = scene.size();
    let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click());
    let rect = response.rect;
    let geo = BoardGeometry::fit_in(
        size,
        GRect {
            x: rect.min.x,
            y: rect.min.y,
            w: rect.width(),
            h: rect.height(),
        },
    );
    let b = geo.board_rect();
    painter.rect_filled(
        egui::Rect::from_min_size(Pos2::new(b.x, b.y), egui::vec2(b.w, b.h)),
        0.0,
        theme::WOOD,
    );
    let pos = |c: Coord| {
        let (x, y) = geo.point_of(c);
        Pos2::new(x, y)
    };
    let last = size.saturating_sub(1);
    for i in 0..size {
        let w = if i == 0 || i == last {
            geo.outer_line_width()
        } else {
            geo.line_width()
        };
        let stroke = Stroke::new(w.max(1.0), theme::LINE);
        painter.line_segment([pos(Coord::new(i, 0)), pos(Coord::new(i, last))], stroke);
        painter.line_segment([pos(Coord::new(0, i)), pos(Coord::new(last, i))], stroke);
    }
    for s in star_points(size) {
        painter.circle_filled(pos(s), geo.star_radius().max(2.0), theme::LINE);
    }
    let font = FontId::proportional(geo.label_font_size().max(6.0));
    for i in 0..size {
        for (x, y) in geo.column_label_positions(i) {
            painter.text(
                Pos2::new(x, y),
                Align2::CENTER_CENTER,
                column_label(i, LabelStyle::default()),
                font.clone(),
                theme::LABEL,
            );
        }
        for (x, y) in geo.row_label_positions(i) {
            painter.text(
                Pos2::new(x, y),
                Align2::CENTER_CENTER,
                row_label(i, size, LabelStyle::default()),
                font.clone(),
                theme::LABEL,
            );
        }
    }
    let r = geo.stone_radius();
    for (c, color) in scene.stones() {
        let (fill, rim) = match color {
            Color::Black => (theme::BLACK_STONE, theme::BLACK_RIM),
            Color::White => (theme::WHITE_STONE, theme::WHITE_RIM),
        };
        painter.circle(
            pos(c),
            r * 0.98,
            fill,
            Stroke::new((r * 0.04).max(1.0), rim),
        );
    }
    paint_marks(&painter, &geo, &scene, theme::WOOD);
    if let Some(p) = panel.pending_point() {
        painter.circle_stroke(pos(p), r * 0.6, Stroke::new(2.0, theme::ILLEGAL));
    }
    let description = match lang {
        Lang::En => format!("Review board, move {}", panel.review().move_number()),
        _ => format!("复盘棋盘，第 {} 手", panel.review().move_number()),
    };
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &description));
    let mut out = Vec::new();
    if response.clicked()
        && let Some(p) = response.interact_pointer_pos()
        && let Some(c) = geo.coord_at(p.x, p.y)
    {
        let modifiers = ui.input(|i| i.modifiers);
        out.extend(panel.board_click(c, modifiers));
    }
    out
}
