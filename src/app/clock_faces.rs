//! The two clock faces (Art. 33.3: two faces, two buttons, one runs while the other stops).

use super::command::Command;
use super::theme;
use crate::clock::{ClockView, Millis, Side, SideView, TimeControl};
use crate::i18n::{Lang, Msg};
use eframe::egui::{self, Align2, FontId, Sense, Stroke, Vec2};

/// `h:mm:ss` or `m:ss` of a span, rounding partial seconds up, as a counting-down clock shows
/// them (a fresh hour shows 60:00, not 59:59).
pub fn countdown_text(t: Millis) -> String {
    let secs = (t.0.max(0) + 999) / 1000;
    clock_digits(secs)
}

/// `m:ss` of elapsed time, rounding down (the referee counts whole seconds gone).
pub fn elapsed_text(t: Millis) -> String {
    clock_digits(t.0.max(0) / 1000)
}

fn clock_digits(secs: i64) -> String {
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// The big digits and the status line of one face, in `lang`.
pub fn face_texts(view: &SideView, control: &TimeControl, lang: Lang) -> (String, String) {
    if view.flagged {
        return ("0:00".to_owned(), lang.tr(Msg::TimeOut).to_owned());
    }
    if !view.in_byoyomi {
        let status = match control {
            TimeControl::Chinese { reserve, .. }
            | TimeControl::Japanese {
                periods: reserve, ..
            } => lang.pick(
                format!("{} · {}×读秒", lang.tr(Msg::MainTime), reserve),
                format!("{} · {}×讀秒", lang.tr(Msg::MainTime), reserve),
                format!("{} · {} periods", lang.tr(Msg::MainTime), reserve),
            ),
            _ => lang.tr(Msg::MainTime).to_owned(),
        };
        return (countdown_text(view.main_left), status);
    }
    let big = match control {
        // The Chinese referee counts the seconds gone in the running minute (30, 40, 50 …).
        TimeControl::Chinese { .. } => elapsed_text(view.period_elapsed),
        _ => countdown_text(view.period_left),
    };
    let status = match (view.periods_left, view.stones_left) {
        (Some(n), _) => lang.pick(
            format!("读秒 · 还剩{n}次"),
            format!("讀秒 · 還剩{n}次"),
            format!("Byo-yomi · {n} left"),
        ),
        (None, Some(s)) => lang.pick(
            format!("读秒 · 还需{s}手"),
            format!("讀秒 · 還需{s}手"),
            format!("Byo-yomi · {s} stones"),
        ),
        (None, None) => lang.tr(Msg::Byoyomi).to_owned(),
    };
    (big, status)
}

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
            let (big, status) = face_texts(face, control, lang);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_count_down_with_whole_seconds_rounded_up() {
        assert_eq!(countdown_text(Millis::from_mins(60)), "1:00:00");
        assert_eq!(countdown_text(Millis(59_001)), "1:00");
        assert_eq!(countdown_text(Millis(59_000)), "0:59");
        assert_eq!(countdown_text(Millis(-5)), "0:00");
        assert_eq!(elapsed_text(Millis(37_900)), "0:37");
    }
}
