//! Teaching mode in the window: the state, the views around it, sounds and repaints. The app
//! shows it instead of the arbiter's board while the mode is on.

use super::board_view::{paint_celebration, teach_board_ui};
use super::celebration::{CELEBRATION_FPS, CELEBRATION_MS};
use super::panel::{apply_size, bar_ui, end_text, options_ui, pin_ui, side_ui};
use super::prefs::TeachPrefs;
use super::state::{TeachCommand, TeachState};
use crate::app::board_view::BoardLook;
use crate::app::theme;
use crate::audio::Announcer;
use crate::clock::Timestamp;
use crate::i18n::Lang;
use crate::seal::KdfParams;
use eframe::egui;
use std::sync::Arc;
use std::time::Duration;

/// What the app does after a teaching frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TeachOutcome {
    /// Leave teaching mode.
    pub leave: bool,
    /// Save these preferences into the settings.
    pub prefs: Option<TeachPrefs>,
}

/// Teaching mode's window state: the game (kept while the mode is off, so a child comes back
/// to it) and the text being typed.
#[derive(Default)]
pub struct TeachWindow {
    state: Option<TeachState>,
    draft: TeachPrefs,
    pin_input: String,
    new_pin: String,
    options_were_open: bool,
    error: Option<String>,
}

impl TeachWindow {
    /// The state, once the mode has been shown.
    pub fn state(&self) -> Option<&TeachState> {
        self.state.as_ref()
    }

    /// Applies a command as a view would (tests, scripted walks).
    pub fn apply(&mut self, cmd: TeachCommand, now: Timestamp) {
        if let Some(s) = &mut self.state {
            let _ = s.apply(cmd, now);
        }
    }

    /// One frame of teaching mode in `ui`; `prefs` are the saved ones (used when the mode
    /// starts), the voice plays the sounds.
    pub fn ui(
        &mut self,
        ui: &mut egui::Ui,
        now: Timestamp,
        prefs: &TeachPrefs,
        look: BoardLook,
        lang: Lang,
        announcer: &mut dyn Announcer,
    ) -> TeachOutcome {
        let ctx = ui.ctx().clone();
        let mut outcome = TeachOutcome::default();
        if self.state.is_none() && self.error.is_none() {
            let wake_ctx = ctx.clone();
            let wake = Arc::new(move || wake_ctx.request_repaint());
            match TeachState::new(prefs.clone(), wake, KdfParams::STANDARD) {
                Ok(s) => {
                    outcome.prefs = Some(s.prefs.clone());
                    self.state = Some(s);
                }
                Err(e) => self.error = Some(e),
            }
        }
        let Some(state) = &mut self.state else {
            let mut leave = false;
            egui::CentralPanel::default().show(ui, |ui| {
                ui.colored_label(theme::ILLEGAL, self.error.clone().unwrap_or_default());
                leave = ui
                    .button(crate::i18n::TeachText::Leave.text(lang))
                    .clicked();
            });
            outcome.leave = leave;
            return outcome;
        };
        let mut sounds = state.poll(now).sounds;
        apply_size(ui.style_mut(), state.prefs.large_controls);
        let mut cmds = Vec::new();
        egui::Panel::top("teach-bar").show(ui, |ui| {
            ui.add_space(4.0);
            cmds.extend(bar_ui(ui, state, lang));
            ui.add_space(4.0);
        });
        let side_width = if state.prefs.large_controls {
            420.0
        } else {
            300.0
        };
        egui::Panel::right("teach-side")
            .default_size(side_width)
            .show(ui, |ui| {
                cmds.extend(side_ui(ui, state, lang));
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
        if state.options_open && !self.options_were_open {
            self.draft = state.prefs.clone();
        }
        self.options_were_open = state.options_open;
        cmds.extend(pin_ui(&ctx, state, &mut self.pin_input, lang));
        cmds.extend(options_ui(
            &ctx,
            state,
            &mut self.draft,
            &mut self.new_pin,
            lang,
        ));
        let had = !cmds.is_empty();
        for cmd in cmds {
            let fx = state.apply(cmd, now);
            sounds.extend(fx.sounds);
            if fx.prefs_changed {
                outcome.prefs = Some(state.prefs.clone());
            }
            outcome.leave |= fx.leave;
        }
        if state.prefs.sounds {
            for s in sounds {
                announcer.play_sound(s);
            }
        }
        if had {
            ctx.request_repaint();
        }
        outcome
    }
}
