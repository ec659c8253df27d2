//! The message line at the top of the review panel, where the user is looking: why a file
//! could not be read (file, line, column), what a save, an export, a deletion or an undo did,
//! and the repairs made to a file that was read anyway.

use eframe::egui;

use super::command::ReviewCommand;
use super::state::{NoticeKind, ReviewState};
use crate::app::theme;
use crate::i18n::Lang;

/// How many repairs are listed before "and N more".
const REPAIRS_SHOWN: usize = 50;

/// The message, if any, and the repairs note.
pub fn notice_ui(ui: &mut egui::Ui, state: &ReviewState, lang: Lang, out: &mut Vec<ReviewCommand>) {
    if let Some(notice) = &state.notice {
        let colour = match notice.kind {
            NoticeKind::Error => theme::NOTICE_ERROR,
            NoticeKind::Done => theme::NOTICE_DONE,
        };
        framed(ui, colour, |ui| {
            ui.horizontal_top(|ui| {
                let close = ui.small_button("×").on_hover_text(lang.pick(
                    "关闭消息",
                    "關閉訊息",
                    "Dismiss",
                ));
                close.widget_info(|| {
                    egui::WidgetInfo::labeled(
                        egui::Role::Button,
                        true,
                        lang.pick("关闭消息", "關閉訊息", "Dismiss"),
                    )
                });
                if close.clicked() {
                    out.push(ReviewCommand::DismissNotice);
                }
                let text = egui::RichText::new(&notice.text);
                let text = if notice.kind == NoticeKind::Error {
                    text.color(colour).strong()
                } else {
                    text
                };
                ui.add(egui::Label::new(text).wrap());
            });
        });
    }
    if !state.repairs.is_empty() {
        framed(ui, theme::NOTICE_REPAIRS, |ui| {
            let n = state.repairs.len();
            let title = lang.pick(
                format!("读取时修复了 {n} 处问题"),
                format!("讀取時修復了 {n} 處問題"),
                if n == 1 {
                    "1 repair made while reading".to_string()
                } else {
                    format!("{n} repairs made while reading")
                },
            );
            // A few repairs are listed at once; a long list waits to be opened.
            egui::CollapsingHeader::new(title)
                .id_salt("review-repairs")
                .default_open(n <= 3)
                .show(ui, |ui| {
                    let area = egui::ScrollArea::vertical()
                        .id_salt("review-repairs-list")
                        .max_height(120.0)
                        .show(ui, |ui| {
                            for w in state.repairs.iter().take(REPAIRS_SHOWN) {
                                ui.add(egui::Label::new(w.as_str()).wrap());
                            }
                            if n > REPAIRS_SHOWN {
                                ui.weak(lang.pick(
                                    format!("……另有 {} 处", n - REPAIRS_SHOWN),
                                    format!("……另有 {} 處", n - REPAIRS_SHOWN),
                                    format!("… and {} more", n - REPAIRS_SHOWN),
                                ));
                            }
                        });
                    crate::app::window_frame::name_scroll_bars(
                        ui.ctx(),
                        area.id,
                        lang.pick("修复列表", "修復列表", "Repairs"),
                        lang,
                    );
                });
        });
    }
}

fn framed(ui: &mut egui::Ui, colour: egui::Color32, add: impl FnOnce(&mut egui::Ui)) {
    egui::Frame::new()
        .stroke(egui::Stroke::new(1.5, colour))
        .corner_radius(4.0)
        .inner_margin(egui::Margin::same(6))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            add(ui);
        });
}
