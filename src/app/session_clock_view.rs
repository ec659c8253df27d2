//! A clock-only session (a physical board beside the app, the referee's everyday case): the
//! session's two clocks drawn large in place of the board. Every press, pause and ruling goes
//! into the session's journal like a move does in board mode.

use super::AppState;
use super::command::{Command, PlayerAction};
use super::face_text::{FaceText, face_text};
use crate::clock::{Side, Timestamp};
use crate::session::color_of;
use eframe::egui;

/// The two faces, Black left; a click on the running face presses it. Returns the commands.
pub fn session_clock_ui(ui: &mut egui::Ui, state: &AppState, now: Timestamp) -> Vec<Command> {
    let mut out = Vec::new();
    let lang = state.lang;
    let session = state.session();
    let Some(clock) = session.clock() else {
        return out;
    };
    let live = state.clock_live();
    let at = if live {
        state.session_time(now)
    } else {
        session.last_at()
    };
    let view = clock.view(at);
    ui.add_space(12.0);
    ui.columns(2, |cols| {
        for (col, side) in cols.iter_mut().zip([Side::Black, Side::White]) {
            let face = view.side(side);
            let running = face.running && live;
            let width = col.available_width();
            let (rect, response) = col.allocate_exact_size(
                egui::vec2(width, width.clamp(160.0, 300.0)),
                egui::Sense::click(),
            );
            let name = match side {
                Side::Black => lang.pick("黑方", "黑方", "Black"),
                Side::White => lang.pick("白方", "白方", "White"),
            };
            let FaceText { big, status } = face_text(face, clock.control(), lang);
            let warnings = session.warnings(color_of(side));
            let warned = lang.pick(
                format!("警告{warnings}次"),
                format!("警告{warnings}次"),
                format!("{warnings} warning(s)"),
            );
            response.widget_info(|| {
                egui::WidgetInfo::labeled(
                    egui::accesskit::Role::Button,
                    true,
                    format!("{name} {big} {status} {warned}"),
                )
            });
            let visuals = col.visuals();
            let (fill, text) = if face.flagged {
                (egui::Color32::from_rgb(150, 30, 30), egui::Color32::WHITE)
            } else if running {
                (egui::Color32::from_rgb(30, 110, 60), egui::Color32::WHITE)
            } else {
                (visuals.extreme_bg_color, visuals.text_color())
            };
            let painter = col.painter();
            painter.rect_filled(rect, 12.0, fill);
            let h = rect.height();
            painter.text(
                rect.center_top() + egui::vec2(0.0, h * 0.12),
                egui::Align2::CENTER_CENTER,
                format!("{name} · {warned}"),
                egui::FontId::proportional(h * 0.1),
                text,
            );
            painter.text(
                rect.center(),
                egui::Align2::CENTER_CENTER,
                &big,
                egui::FontId::monospace(h * 0.34),
                text,
            );
            painter.text(
                rect.center_bottom() - egui::vec2(0.0, h * 0.14),
                egui::Align2::CENTER_CENTER,
                &status,
                egui::FontId::proportional(h * 0.09),
                text,
            );
            if response.clicked() && view.to_move == Some(side) {
                out.push(Command::Player(color_of(side), PlayerAction::Press));
            }
        }
    });
    ui.add_space(8.0);
    // The talking clock's own buttons, in fixed places: pause or resume (Art. 14), the capture
    // removal stop in byo-yomi (Art. 23.4), "how much time is left?" (Art. 16.1).
    let over = session.outcome().is_some();
    let paused = clock.paused().is_some();
    let mover = view.to_move;
    ui.horizontal_wrapped(|ui| {
        let (text, cmd) = if paused {
            (lang.pick("继续计时", "繼續計時", "Resume"), Command::Resume)
        } else {
            (lang.pick("暂停", "暫停", "Pause"), Command::Pause)
        };
        // Resume is shown only where it can act (issue 29 item 7); Pause stays in its place.
        let shown = !paused || state.can_resume();
        if shown
            && ui
                .add_enabled(!over && live, egui::Button::new(text))
                .clicked()
        {
            out.push(cmd);
        }
        let in_byoyomi = mover.is_some_and(|m| view.side(m).in_byoyomi);
        if ui
            .add_enabled(
                !over && live && !paused && in_byoyomi,
                egui::Button::new(lang.pick(
                    "提子暂停（第23.4条）",
                    "提子暫停（第23.4條）",
                    "Capture removal pause (Art. 23.4)",
                )),
            )
            .clicked()
            && let Some(m) = mover
        {
            out.push(Command::CapturePause(color_of(m)));
        }
        if ui
            .add_enabled(
                !over && mover.is_some(),
                egui::Button::new(lang.pick(
                    "报剩余时间（第16.1条）",
                    "報剩餘時間（第16.1條）",
                    "Say the time left (Art. 16.1)",
                )),
            )
            .clicked()
        {
            out.push(Command::TimeCheck);
        }
    });
    ui.label(lang.pick(
        "空格键：轮到的一方按钟。每次按钟、暂停和裁决都记入本局记录。",
        "空白鍵：輪到的一方按鐘。每次按鐘、暫停和裁決都記入本局記錄。",
        "Space: the side to move presses. Every press, pause and ruling goes into the game's record.",
    ));
    out
}
