//! Draws a scene's marks (shapes, labels, numbers, arrows, lines, dimming, the last move) over
//! a board the app has painted, with the same proportions as the SVG diagrams.

use eframe::egui::{self, Align2, Color32, Painter, Pos2, Shape, Stroke, Vec2};

use crate::app::theme;
use crate::diagram::{PointMark, Scene};
use crate::geometry::BoardGeometry;
use crate::rules::{Color, Coord};

/// Colour of arrows and lines, as in the SVG diagrams.
const ARROW: Color32 = Color32::from_rgb(200, 30, 30);
/// Tint of selected points (SL).
const SELECTED: Color32 = Color32::from_rgba_premultiplied(16, 33, 73, 90);

fn pos(geo: &BoardGeometry, c: Coord) -> Pos2 {
    let (x, y) = geo.point_of(c);
    Pos2::new(x, y)
}

/// Ink that shows on the point: white on a black stone, black elsewhere.
fn ink(scene: &Scene, c: Coord) -> Color32 {
    match scene.stone(c) {
        Some(Color::Black) => Color32::WHITE,
        _ => Color32::BLACK,
    }
}

/// Paints the marks of `scene` with `painter` over a board laid out by `geo`; `wood` is the
/// board colour, used to blank the grid behind labels on empty points.
pub fn paint_marks(painter: &Painter, geo: &BoardGeometry, scene: &Scene, wood: Color32) {
    let r = geo.stone_radius();
    let width = (r * 0.09).max(1.2);
    let marks = &scene.marks;
    for &c in &marks.dimmed {
        if scene.stone(c).is_some() {
            painter.circle_filled(pos(geo, c), r, wood.gamma_multiply(0.55));
        }
    }
    let mut seen: Vec<Coord> = Vec::new();
    for &(c, _) in marks.points.iter().rev() {
        if seen.contains(&c) {
            continue;
        }
        seen.push(c);
        let Some(mark) = marks.point_mark(c) else {
            continue;
        };
        let p = pos(geo, c);
        let stroke = Stroke::new(width, ink(scene, c));
        match mark {
            PointMark::Circle => {
                painter.circle_stroke(p, r * 0.5, stroke);
            }
            PointMark::Square => {
                let s = r * 0.45;
                let rect = egui::Rect::from_center_size(p, Vec2::splat(2.0 * s));
                painter.rect_stroke(rect, 0.0, stroke, egui::StrokeKind::Middle);
            }
            PointMark::Triangle => {
                let s = r * 0.6;
                let points = vec![
                    p + Vec2::new(0.0, -s),
                    p + Vec2::new(s * 0.866, s * 0.5),
                    p + Vec2::new(-s * 0.866, s * 0.5),
                ];
                painter.add(Shape::closed_line(points, stroke));
            }
            PointMark::Cross => {
                let d = r * 0.4;
                painter.line_segment([p + Vec2::new(-d, -d), p + Vec2::new(d, d)], stroke);
                painter.line_segment([p + Vec2::new(-d, d), p + Vec2::new(d, -d)], stroke);
            }
            PointMark::Selected => {
                let rect =
                    egui::Rect::from_center_size(p, Vec2::new(geo.cell_width(), geo.cell_height()));
                painter.rect_filled(rect, 0.0, SELECTED);
            }
        }
    }
    let mut written: Vec<Coord> = Vec::new();
    let texts = marks
        .labels
        .iter()
        .rev()
        .map(|(c, t)| (*c, t.clone()))
        .chain(marks.numbers.iter().rev().map(|(c, n)| (*c, n.to_string())));
    for (c, text) in texts {
        if written.contains(&c) {
            continue;
        }
        written.push(c);
        let p = pos(geo, c);
        if scene.stone(c).is_none() {
            painter.circle_filled(p, r * 0.8, wood);
        }
        let chars = text.chars().count().max(1) as f32;
        let size = if chars <= 2.0 {
            r * 0.95
        } else {
            r * 2.2 / chars.max(2.8)
        };
        painter.text(
            p,
            Align2::CENTER_CENTER,
            text,
            crate::app::board_view::board_font(size),
            ink(scene, c),
        );
    }
    for (list, head) in [(&marks.lines, false), (&marks.arrows, true)] {
        for &(a, b) in list {
            let (pa, pb) = (pos(geo, a), pos(geo, b));
            let stroke = Stroke::new(width * 1.3, ARROW);
            if head {
                painter.arrow(pa, pb - pa, stroke);
            } else {
                painter.line_segment([pa, pb], stroke);
            }
        }
    }
    if let Some(c) = marks.last_move
        && !marks.covers(c)
        && scene.stone(c).is_some()
    {
        painter.circle_stroke(
            pos(geo, c),
            r * 0.42,
            Stroke::new(width * 1.2, theme::LAST_MOVE),
        );
    }
}
