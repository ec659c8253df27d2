//! The file rows: open, save, save as, undo and redo (saying what they act on), the exports
//! with their paper size, recent files, and the game of a file of several.

use eframe::egui;

use super::command::ReviewCommand;
use super::state::ReviewState;
use super::texts;
use crate::diagram::{Layout, Paper};
use crate::i18n::Lang;

/// The file rows.
pub fn files_ui(ui: &mut egui::Ui, state: &ReviewState, lang: Lang, out: &mut Vec<ReviewCommand>) {
    let review = state.review();
    ui.horizontal_wrapped(|ui| {
        if ui.button(lang.pick("打开…", "打開…", "Open…")).clicked() {
            out.push(ReviewCommand::OpenDialog);
        }
        let save = lang.pick("保存", "保存", "Save");
        let label = if review.is_dirty() {
            format!("{save} *")
        } else {
            save.to_string()
        };
        if ui.button(label).clicked() {
            out.push(ReviewCommand::Save);
        }
        if ui
            .button(lang.pick("另存为…", "另存為…", "Save as…"))
            .clicked()
        {
            out.push(ReviewCommand::SaveAsDialog);
        }
        if ui
            .button(lang.pick("新棋谱", "新棋譜", "New record"))
            .on_hover_text(lang.pick(
                "空白的 19 路棋谱",
                "空白的 19 路棋譜",
                "An empty 19×19 record",
            ))
            .clicked()
        {
            out.push(ReviewCommand::NewRecord(19));
        }
        if state.busy() {
            ui.spinner();
        }
    });
    ui.horizontal_wrapped(|ui| {
        let undo = lang.pick("撤销", "復原", "Undo");
        let undo_hover = match review.undo_kind() {
            Some(kind) => format!("{undo} (Ctrl+Z): {}", texts::edit_text(kind, lang)),
            None => texts::nothing_to_undo(lang).to_string(),
        };
        let response = ui
            .add_enabled(review.can_undo(), egui::Button::new(undo))
            .on_hover_text(undo_hover.clone())
            .on_disabled_hover_text(undo_hover);
        if response.clicked() {
            out.push(ReviewCommand::Undo);
        }
        let redo = lang.pick("重做", "重做", "Redo");
        let redo_hover = match review.redo_kind() {
            Some(kind) => format!("{redo} (Ctrl+Shift+Z): {}", texts::edit_text(kind, lang)),
            None => texts::nothing_to_redo(lang).to_string(),
        };
        let response = ui
            .add_enabled(review.can_redo(), egui::Button::new(redo))
            .on_hover_text(redo_hover.clone())
            .on_disabled_hover_text(redo_hover);
        if response.clicked() {
            out.push(ReviewCommand::Redo);
        }
    });
    exports_ui(ui, state, lang, out);
    if !state.recent.paths.is_empty() {
        egui::CollapsingHeader::new(lang.pick("最近的文件", "最近的檔案", "Recent files"))
            .id_salt("review-recent")
            .show(ui, |ui| {
                for p in &state.recent.paths {
                    let name = p.file_name().map_or_else(
                        || p.display().to_string(),
                        |n| n.to_string_lossy().into_owned(),
                    );
                    if ui
                        .button(name)
                        .on_hover_text(p.display().to_string())
                        .clicked()
                    {
                        out.push(ReviewCommand::OpenPath(p.clone()));
                    }
                }
            });
    }
    if let Some(p) = &state.path {
        ui.label(p.display().to_string());
    }
    game_choice_ui(ui, state, lang, out);
}

/// The export buttons and the paper they are sized for.
fn exports_ui(ui: &mut egui::Ui, state: &ReviewState, lang: Lang, out: &mut Vec<ReviewCommand>) {
    let layout = Layout::standard(state.review().size());
    let paper_text = state
        .paper
        .describe(layout.width(), layout.height(), 0.0, lang);
    let exports = [
        (
            lang.pick("导出局面图…", "匯出局面圖…", "Export diagram…"),
            lang.pick(
                format!("当前局面和标记，SVG。{paper_text}"),
                format!("目前局面和標記，SVG。{paper_text}"),
                format!("This position with its marks, as SVG. {paper_text}"),
            ),
            ReviewCommand::ExportDiagram,
        ),
        (
            lang.pick("打印棋谱…", "列印棋譜…", "Printable record…"),
            lang.pick(
                format!("主分支的棋谱（每图100手），HTML，用浏览器打印。纸张：{}", state.paper.name(lang)),
                format!("主分支的棋譜（每圖100手），HTML，用瀏覽器列印。紙張：{}", state.paper.name(lang)),
                format!(
                    "The main line, 100 moves a diagram, as HTML to print from a browser. Paper: {}",
                    state.paper.name(lang)
                ),
            ),
            ReviewCommand::ExportRecord,
        ),
    ];
    ui.horizontal_wrapped(|ui| {
        for (label, hover, command) in exports {
            if ui.button(label).on_hover_text(hover).clicked() {
                out.push(command);
            }
        }
        // The label and its choice stay on one line when the row wraps.
        ui.horizontal(|ui| {
            let label = ui.label(lang.pick("纸张", "紙張", "Paper"));
            egui::ComboBox::from_id_salt("review-paper")
                .selected_text(state.paper.name(lang))
                .width(90.0)
                .show_ui(ui, |ui| {
                    for paper in Paper::ALL {
                        if ui
                            .selectable_label(state.paper == paper, paper.name(lang))
                            .on_hover_text(paper.describe(
                                layout.width(),
                                layout.height(),
                                0.0,
                                lang,
                            ))
                            .clicked()
                            && paper != state.paper
                        {
                            out.push(ReviewCommand::SetPaper(paper));
                        }
                    }
                })
                .response
                .on_hover_text(paper_text)
                .labelled_by(label.id);
        });
    });
}

/// A file with several games: which one is under review.
fn game_choice_ui(
    ui: &mut egui::Ui,
    state: &ReviewState,
    lang: Lang,
    out: &mut Vec<ReviewCommand>,
) {
    let count = state.review().game_count();
    if count < 2 {
        return;
    }
    let current = state.review().game_index();
    let name = |i: usize| {
        let (n, total) = (i + 1, count);
        lang.pick(
            format!("第 {n} 局（共 {total} 局）"),
            format!("第 {n} 局（共 {total} 局）"),
            format!("Game {n} of {total}"),
        )
    };
    ui.horizontal(|ui| {
        let label = ui.label(lang.pick("对局", "對局", "Game"));
        egui::ComboBox::from_id_salt("review-game")
            .selected_text(name(current))
            .show_ui(ui, |ui| {
                for i in 0..count {
                    if ui.selectable_label(i == current, name(i)).clicked() && i != current {
                        out.push(ReviewCommand::SwitchGame(i));
                    }
                }
            })
            .response
            .labelled_by(label.id);
    });
}
