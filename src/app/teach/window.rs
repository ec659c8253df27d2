//! Teaching mode in the window: the views around the state, sounds and repaints. The app
//! shows it instead of the arbiter's board while the mode is on. The host starts it
//! ([`super::mode::TeachMode`]) and applies its commands and its workers' answers; the views
//! only read it and return commands, and the shell's [`TeachForm`] keeps the text being typed.

use super::board_view::{paint_celebration, teach_board_ui};
use super::celebration::{CELEBRATION_FPS, CELEBRATION_MS};
use super::mode::TeachMode;
use super::panel::{apply_size, bar_ui, end_text, options_ui, pin_ui, side_ui};
use super::prefs::TeachPrefs;
use super::state::TeachCommand;
use crate::app::theme::{self, BoardLook};
use crate::clock::Timestamp;
use crate::i18n::Lang;
use eframe::egui;
use std::time::Duration;

/// Teaching mode's form in the shell: the text being typed (the teacher's PIN, a new PIN) and
/// the options' draft while they are open.
#[derive(Default)]
pub struct TeachForm {
    draft: TeachPrefs,
    pin_input: String,
    new_pin: String,
    options_were_open: bool,
}

impl TeachForm {
    /// One frame of teaching mode in `ui`: draws it and returns what its controls asked (the
    /// host applies them). `leave` is set when the mode could not start and the user leaves.
    /// `bar_start` draws at the start of the bar (the class's strip: the child and the
    /// teacher's "Class", on the same row to leave the board its height).
    #[allow(clippy::too_many_arguments)]
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        mode: &TeachMode,
        now: Timestamp,
        look: BoardLook,
        lang: Lang,
        leave: &mut bool,
        bar_start: &mut dyn FnMut(&mut egui::Ui),
    ) -> Vec<TeachCommand> {
        let ctx = ui.ctx().clone();
        let Some(state) = mode.state() else {
            egui::CentralPanel::default().show(ui, |ui| {
                let why = mode.error().map(|e| e.text(lang));
                ui.colored_label(theme::ILLEGAL, why.unwrap_or_default());
                *leave = ui
                    .button(crate::i18n::TeachText::Leave.text(lang))
                    .clicked();
            });
            return Vec::new();
        };
        apply_size(ui.style_mut(), state.prefs.large_controls);
        let mut cmds = Vec::new();
        egui::Panel::top("teach-bar").show(ui, |ui| {
            ui.add_space(4.0);
            ui.horizontal_wrapped(|ui| {
                bar_start(ui);
                cmds.extend(bar_ui(ui, state, lang));
            });
            ui.add_space(4.0);
        });
        let side_width = if state.prefs.large_controls {
            420.0
        } else {
            300.0
        };
        egui::Panel::right("teach-side")
            .resizable(false)
            .exact_size(side_width)
            .show(ui, |ui| {
                // The counting lesson's sentences can run below a tablet's screen.
                let area = egui::ScrollArea::vertical().show(ui, |ui| {
                    cmds.extend(side_ui(ui, state, lang));
                });
                crate::app::window_frame::name_scroll_bars(
                    ui.ctx(),
                    area.id,
                    lang.pick("教学侧栏", "教學側欄", "Teaching panel"),
                    lang,
                );
            });
        let mut board_rect = egui::Rect::NOTHING;
        egui::CentralPanel::default()
            .frame(egui::Frame::new())
            .show(ui, |ui| {
                let (c, rect) = teach_board_ui(ui, state, look, lang);
                cmds.extend(c);
                board_rect = rect;
            });
        if let Some(start) = state.celebration
            && state.celebrating(now)
        {
            let elapsed = now.0.saturating_sub(start.0);
            // Over the board only: the buttons stay readable while it plays.
            let painter = ctx
                .layer_painter(egui::LayerId::new(
                    egui::Order::Foreground,
                    egui::Id::unique("teach-celebration"),
                ))
                .with_clip_rect(board_rect);
            paint_celebration(&painter, board_rect, elapsed, start.0);
            let text = state
                .end
                .as_ref()
                .map(|e| end_text(state, e, lang))
                .unwrap_or_default();
            egui::Area::new(egui::Id::unique("teach-celebration-text"))
                .order(egui::Order::Foreground)
                .fixed_pos(board_rect.center() - egui::vec2(board_rect.width() * 0.3, 30.0))
                .interactable(false)
                .show(&ctx, |ui| {
                    egui::Frame::new()
                        .fill(egui::Color32::from_black_alpha(170))
                        .corner_radius(12.0)
                        .inner_margin(16.0)
                        .show(ui, |ui| {
                            let r = ui.label(
                                egui::RichText::new(text)
                                    .size(theme::LARGE_TEXT * 1.6)
                                    .color(egui::Color32::WHITE)
                                    .strong(),
                            );
                            r.widget_info(|| {
                                egui::WidgetInfo::labeled(egui::Role::Label, true, "celebration")
                            });
                        });
                });
            // Repaint on demand only while it plays, then once more to clear it.
            let left = CELEBRATION_MS.saturating_sub(elapsed);
            let frame = 1000 / CELEBRATION_FPS;
            ctx.request_repaint_after(Duration::from_millis(frame.min(left.max(1))));
        }
        cmds.extend(self.modals_ui(&ctx, mode, lang));
        cmds
    }

    /// The teacher's PIN prompt and options (modals), drawn over the board or over the class
    /// screens that cover it.
    pub fn modals_ui(
        &mut self,
        ctx: &egui::Context,
        mode: &TeachMode,
        lang: Lang,
    ) -> Vec<TeachCommand> {
        let Some(state) = mode.state() else {
            return Vec::new();
        };
        if state.options_open && !self.options_were_open {
            self.draft = state.prefs.clone();
        }
        self.options_were_open = state.options_open;
        let mut cmds = pin_ui(ctx, state, &mut self.pin_input, lang);
        cmds.extend(options_ui(
            ctx,
            state,
            &mut self.draft,
            &mut self.new_pin,
            lang,
        ));
        cmds
    }
}
