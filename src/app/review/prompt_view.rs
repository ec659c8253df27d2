//! The review tab's own questions, as modal windows (nothing behind them reacts until they are
//! answered): confirm a deletion, saying what goes; replace an existing file or not. Unsaved
//! edits and a path where no file dialog can be shown are the host's questions
//! ([`crate::app::modals`]), asked for every sub-window alike.

use eframe::egui;

use super::command::{Answer, ReviewCommand};
use super::state::{Prompt, ReviewState};
use super::texts;
use crate::i18n::{Lang, Msg};

/// Draws the question being asked, if any; returns the answer given this frame.
pub fn prompt_ui(ctx: &egui::Context, state: &ReviewState, lang: Lang) -> Vec<ReviewCommand> {
    let Some(prompt) = state.prompt().cloned() else {
        return Vec::new();
    };
    let mut answer = None;
    let modal = egui::Modal::new(egui::Id::unique("review-prompt")).show(ctx, |ui| {
        ui.set_max_width(420.0);
        match &prompt {
            Prompt::Delete(removed) => {
                let n = state.review().move_number();
                ui.heading(lang.pick(
                    format!("从第 {n} 手起删除"),
                    format!("從第 {n} 手起刪除"),
                    format!("Delete from move {n}"),
                ));
                ui.label(texts::delete_question(removed, lang));
                ui.weak(lang.pick(
                    "删除后可按 Ctrl+Z 撤销。",
                    "刪除後可按 Ctrl+Z 復原。",
                    "Ctrl+Z undoes the deletion.",
                ));
                ui.horizontal(|ui| {
                    if ui.button(lang.pick("删除", "刪除", "Delete")).clicked() {
                        answer = Some(Answer::Delete);
                    }
                    if ui.button(lang.tr(Msg::Cancel)).clicked() {
                        answer = Some(Answer::Cancel);
                    }
                });
            }
            Prompt::Replace(path) => {
                ui.heading(lang.pick("文件已存在", "檔案已存在", "The file exists"));
                ui.label(lang.pick(
                    format!("{} 已存在。要替换它吗？", path.display()),
                    format!("{} 已存在。要取代它嗎？", path.display()),
                    format!("{} already exists. Replace it?", path.display()),
                ));
                ui.horizontal(|ui| {
                    if ui.button(lang.pick("替换", "取代", "Replace")).clicked() {
                        answer = Some(Answer::Replace);
                    }
                    if ui.button(lang.tr(Msg::Cancel)).clicked() {
                        answer = Some(Answer::Cancel);
                    }
                });
            }
        }
    });
    if answer.is_none() && modal.should_close() {
        answer = Some(Answer::Cancel);
    }
    answer
        .map(|a| vec![ReviewCommand::Answer(a)])
        .unwrap_or_default()
}
