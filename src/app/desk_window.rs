//! The desk's window (`tianyuan desk EVENT` without `--headless`): the tiles of
//! [`super::desk_view`] over the snapshot the desk's thread keeps, the chime when a table
//! newly needs the chief arbiter, and the chief arbiter's commands sent back to that thread.
//! It repaints twice a second (the clocks run) and whenever the desk reports.

use std::process::ExitCode;
use std::sync::mpsc::Receiver;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use eframe::egui;

use crate::audio::chime::Chime;
use crate::hall::desk::Snapshot;
use crate::hall::desk_link::DeskCommand;
use crate::i18n::Lang;

use super::desk_view::{DeskViewState, desk_ui};

struct DeskWindow {
    shared: Arc<Mutex<Snapshot>>,
    commands: tokio::sync::mpsc::UnboundedSender<DeskCommand>,
    attention: Receiver<()>,
    chime: Chime,
    view: DeskViewState,
    lang: Lang,
}

impl eframe::App for DeskWindow {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        if self.attention.try_iter().count() > 0 {
            self.chime.ring();
        }
        let snapshot = self.shared.lock().map(|s| s.clone()).ok();
        egui::CentralPanel::default().show(ui, |ui| {
            if let Some(s) = &snapshot {
                for c in desk_ui(ui, s, &mut self.view, self.lang) {
                    let _ = self.commands.send(c);
                }
            }
        });
        ui.ctx().request_repaint_after(Duration::from_millis(500));
    }
}

/// Runs the window until it is closed.
pub fn run(
    event: &str,
    shared: Arc<Mutex<Snapshot>>,
    commands: tokio::sync::mpsc::UnboundedSender<DeskCommand>,
    attention: Receiver<()>,
    lang: Lang,
) -> ExitCode {
    let title = format!(
        "{} · {event}",
        lang.pick("裁判长", "裁判長", "Chief arbiter")
    );
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_inner_size([1280.0, 900.0])
            .with_title(title),
        renderer: eframe::Renderer::Glow,
        // The desk's window geometry beside the app's settings (`files::folders`).
        persistence_path: crate::files::folders::data_folder().map(|d| d.join("desk.ron")),
        ..Default::default()
    };
    let result = eframe::run_native(
        "tianyuan-desk",
        options,
        Box::new(move |cc| {
            super::fonts::install(&cc.egui_ctx);
            Ok(Box::new(DeskWindow {
                shared,
                commands,
                attention,
                chime: Chime::start(),
                view: DeskViewState::default(),
                lang,
            }))
        }),
    );
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tianyuan desk: the window could not open: {e} (use --headless)");
            ExitCode::FAILURE
        }
    }
}
