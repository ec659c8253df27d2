//! The two clock faces (Art. 33.3: two faces, two buttons, one runs while the other stops).

use super::command::Command;
use super::theme;
use crate::clock::{ClockView, Side, TimeControl};
use crate::i18n::{Lang, Msg};
use eframe::egui::{self, Align2, FontId, Sense, Stroke, Vec2};

/// Draws both faces (Black left, White right) and the clock buttons; returns a command for a
/// press (click on the running face, or the button) or a pause.
///
/// `can_resume`: whether Resume can act (the host's [`super::Host::can_resume`]); the button
/// is shown only then.
pub fn clock_faces_ui(
    ui: &mut egui::Ui,
    view: Option<&ClockView>,
    control: Option<&TimeControl>,
    names: [&str; 2],
    lang: Lang,
    can_resume: bool,
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
                // Resume is shown only where it can act (issue 29 item 7).
                if can_resume && ui.button(lang.tr(Msg::Resume)).clicked() {
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

/// The bottom row of the window: both faces with the players' names (and the event, round and
/// table), the warnings, the status and the last notice.
pub fn faces_row_ui(
    ui: &mut egui::Ui,
    state: &super::AppState,
    now: crate::clock::Timestamp,
) -> Vec<Command> {
    let mut out = Vec::new();
    let lang = state.lang;
    let session = state.session();
    let clock = session.clock();
    // Before the start, and while a restart's gap waits for the arbiter, the faces stand at
    // the last entry's instant.
    let live = state.clock_live();
    let at = if live {
        state.session_time(now)
    } else {
        session.last_at()
    };
    let view = clock.map(|k| {
        let mut v = k.view(at);
        if !live {
            v.black.running = false;
            v.white.running = false;
        }
        v
    });
    let setup = session.setup();
    let names = [setup.black.name.as_str(), setup.white.name.as_str()];
    let control = clock.map(|k| k.control());
    let can_resume = state.can_resume();
    if let Some(c) = clock_faces_ui(ui, view.as_ref(), control, names, lang, can_resume) {
        // A press on a face while the game is over or the gap waits does nothing.
        if session.outcome().is_none() {
            out.push(c);
        }
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(super::arbiter_panel::warnings_text(state));
        let event = event_line(setup, lang);
        if !event.is_empty() {
            ui.label(event);
        }
    });
    if let Some(why) = &state.no_voice {
        // Wrapped, and there for good: a referee must know the clock will not speak.
        ui.add(egui::Label::new(egui::RichText::new(why.text(lang)).color(theme::ILLEGAL)).wrap());
    }
    // Issue 18 item 6: the hall's light and backlog, and a result both players confirm.
    super::hall_view::table_line_ui(ui, state, &mut out);
    ui.horizontal_wrapped(|ui| {
        // The status speaks of what the board shows: the record under review, or the game.
        let status = if state.tab == super::Tab::Review {
            state.windows.review.status_line(lang)
        } else {
            super::side_panel::status_text(state)
        };
        ui.label(status);
        if let Some(n) = &state.notice {
            let text = n.text(lang, session.game().size());
            // "Saved" is good news; refusals and failures are in the warning colour.
            if n.is_fault() {
                ui.colored_label(theme::ILLEGAL, text);
            } else {
                ui.label(text);
            }
        }
    });
    out
}

/// The event, round and table of a game, e.g. "City Open · round 3 · table 7".
pub fn event_line(setup: &crate::session::GameSetup, lang: Lang) -> String {
    let mut parts = Vec::new();
    if !setup.event.trim().is_empty() {
        parts.push(setup.event.trim().to_owned());
    }
    if !setup.round.trim().is_empty() {
        let r = setup.round.trim();
        parts.push(lang.pick(format!("第{r}轮"), format!("第{r}輪"), format!("round {r}")));
    }
    if !setup.table.trim().is_empty() {
        let t = setup.table.trim();
        parts.push(lang.pick(format!("第{t}台"), format!("第{t}台"), format!("table {t}")));
    }
    parts.join(" · ")
}
