//! The two clock faces (Art. 33.3: two faces, two buttons, one runs while the other stops).

use super::command::Command;
use super::theme;
use crate::clock::{ClockView, Side, TimeControl};
use crate::i18n::{Lang, Msg};
use eframe::egui::{self, Align2, FontId, Sense, Stroke, Vec2};

/// Draws both faces (Black left, White right) and the clock buttons; returns a command for a
/// press (click on the running face, or the button) or a pause.
pub fn clock_faces_ui(
    ui: &mut egui::Ui,
    view: Option<&ClockView>,
    control: Option<&TimeControl>,
    names: [&str; 2],
    lang: Lang,
) -> Option<Command> {
    let mut cmd = None;
    let (Some(view), Some(control)) = (view, control) else {
        ui.label(lang.tr(Msg::NoClock));
        return None;
    };
    let width = ((ui.available_width() - 120.0) / 2.0).max(120.0);
    ui.horizontal(|ui| {
        for side in Side::BOTH {
            let face = view.side(side);
            let super::face_text::FaceText { big, status } =
                super::face_text::face_text(face, control, lang);
            let (rect, response) =
                ui.allocate_exact_size(Vec2::new(width, theme::CLOCK_HEIGHT), Sense::click());
            let colour_name = lang.tr(match side {
                Side::Black => Msg::Black,
                Side::White => Msg::White,
            });
            let name = if names[side_index(side)].is_empty() {
                colour_name.to_owned()
            } else {
                format!("{colour_name} {}", names[side_index(side)])
            };
            let label = format!("{name}: {big}, {status}");
            response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &label));
            let painter = ui.painter_at(rect);
            painter.rect_filled(rect, 10.0, theme::CLOCK_FACE);
            if face.running {
                painter.rect_stroke(
                    rect,
                    10.0,
                    Stroke::new(3.0, theme::CLOCK_RUNNING),
                    egui::StrokeKind::Inside,
                );
            }
            let digits = if face.flagged {
                theme::CLOCK_FLAGGED
            } else if face.in_byoyomi {
                theme::CLOCK_BYOYOMI
            } else if face.running {
                theme::CLOCK_RUNNING
            } else {
                theme::CLOCK_IDLE
            };
            painter.text(
                rect.left_top() + Vec2::new(10.0, 8.0),
                Align2::LEFT_TOP,
                name,
                FontId::proportional(14.0),
                theme::CLOCK_IDLE,
            );
            painter.text(
                rect.center() + Vec2::new(0.0, 4.0),
                Align2::CENTER_CENTER,
                &big,
                FontId::monospace(theme::CLOCK_DIGITS),
                digits,
            );
            painter.text(
                rect.center_bottom() - Vec2::new(0.0, 8.0),
                Align2::CENTER_BOTTOM,
                &status,
                FontId::proportional(13.0),
                theme::CLOCK_IDLE,
            );
            // On the board a move presses the mover's clock: the faces only show time (a
            // clock-only game has its own big faces with buttons).
            let _ = response;
        }
        ui.vertical(|ui| {
            if view.paused {
                if ui
                    .add_enabled(!view.over, egui::Button::new(lang.tr(Msg::Resume)))
                    .clicked()
                {
                    cmd = Some(Command::Resume);
                }
                ui.label(lang.tr(Msg::Paused));
            } else if ui
                .add_enabled(
                    view.to_move.is_some() && !view.over,
                    egui::Button::new(lang.tr(Msg::Pause)),
                )
                .clicked()
            {
                cmd = Some(Command::Pause);
            }
        });
    });
    cmd
}

fn side_index(s: Side) -> usize {
    match s {
        Side::Black => 0,
        Side::White => 1,
    }
}
