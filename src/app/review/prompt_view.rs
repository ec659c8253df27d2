//! The review tab's questions, as modal windows (nothing behind them reacts until they are
//! answered): save, discard or cancel before unsaved edits would be dropped; confirm a
//! deletion, saying what goes; a path field where no file dialog can be shown; replace an
//! existing file or not.

use eframe::egui;

use super::command::{Answer, PathPurpose, Pending, ReviewCommand};
use super::panel::ReviewPanel;
use super::state::Prompt;
use super::texts;
use crate::i18n::{Lang, Msg};

/// Draws the question being asked, if any; returns the answer given this frame.
pub fn prompt_ui(ctx: &egui::Context, panel: &mut ReviewPanel, lang: Lang) -> Vec<ReviewCommand> {
    let Some(prompt) = panel.state().prompt().cloned() else {
        panel.path_for = None;
        return Vec::new();
    };
    if let Prompt::Path(purpose) = &prompt
        && panel.path_for != Some(*purpose)
    {
        panel.path_text = suggested_path(panel, *purpose);
        panel.path_for = Some(*purpose);
        panel.path_focus = true;
    }
    let mut answer = None;
    let modal = egui::Modal::new(egui::Id::unique("review-prompt")).show(ctx, |ui| {
        ui.set_max_width(420.0);
        match &prompt {
            Prompt::Unsaved(pending) => unsaved_ui(ui, panel, pending, lang, &mut answer),
            Prompt::Delete(removed) => {
                let n = panel.review().move_number();
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
            Prompt::Path(purpose) => path_ui(ui, panel, *purpose, lang, &mut answer),
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

fn unsaved_ui(
    ui: &mut egui::Ui,
    panel: &ReviewPanel,
    pending: &Pending,
    lang: Lang,
    answer: &mut Option<Answer>,
) {
    let name = panel.state().record_name(lang);
    let before = match pending {
        Pending::OpenDialog => lang
            .pick("打开另一个文件", "打開另一個檔案", "opening another file")
            .to_string(),
        Pending::OpenPath(p) => {
            let file = p.file_name().map_or_else(
                || p.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            lang.pick(
                format!("打开 {file}"),
                format!("打開 {file}"),
                format!("opening {file}"),
            )
        }
        Pending::NewRecord(_) => lang
            .pick("新建棋谱", "新建棋譜", "starting a new record")
            .to_string(),
        Pending::Quit => lang.pick("退出", "退出", "quitting").to_string(),
    };
    ui.heading(lang.pick("未保存的修改", "未儲存的修改", "Unsaved changes"));
    ui.label(lang.pick(
        format!("棋谱 {name} 有未保存的修改。{before}之前要保存吗？"),
        format!("棋譜 {name} 有未儲存的修改。{before}之前要儲存嗎？"),
        format!("The record {name} has changes that are not saved. Save them before {before}?"),
    ));
    ui.horizontal(|ui| {
        if ui.button(lang.pick("保存", "儲存", "Save")).clicked() {
            *answer = Some(Answer::Save);
        }
        if ui
            .button(lang.pick("不保存", "不儲存", "Discard"))
            .on_hover_text(lang.pick("放弃这些修改", "放棄這些修改", "Drop the changes"))
            .clicked()
        {
            *answer = Some(Answer::Discard);
        }
        if ui.button(lang.tr(Msg::Cancel)).clicked() {
            *answer = Some(Answer::Cancel);
        }
    });
}

fn path_ui(
    ui: &mut egui::Ui,
    panel: &mut ReviewPanel,
    purpose: PathPurpose,
    lang: Lang,
    answer: &mut Option<Answer>,
) {
    let title = match purpose {
        PathPurpose::Open => lang.pick("打开棋谱", "打開棋譜", "Open record"),
        PathPurpose::SaveAs => lang.pick("保存棋谱", "儲存棋譜", "Save record"),
        PathPurpose::ExportDiagram => lang.pick("导出局面图", "匯出局面圖", "Export diagram"),
        PathPurpose::ExportRecord => lang.pick(
            "导出棋谱（打印）",
            "匯出棋譜（列印）",
            "Export printable record",
        ),
    };
    ui.heading(title);
    ui.label(lang.pick(
        "这台电脑无法显示文件对话框（没有运行桌面门户，也没有安装 zenity）。请输入文件的完整路径：",
        "這台電腦無法顯示檔案對話框（沒有執行桌面入口，也沒有安裝 zenity）。請輸入檔案的完整路徑：",
        "No file dialog can be shown on this computer (no desktop portal is running and zenity is not installed). Type the file's full path:",
    ));
    let field = ui.add(
        egui::TextEdit::singleline(&mut panel.path_text)
            .desired_width(f32::INFINITY)
            .hint_text("/home/…/game.sgf"),
    );
    field.widget_info(|| {
        egui::WidgetInfo::labeled(
            egui::Role::TextInput,
            true,
            lang.pick("文件路径", "檔案路徑", "File path"),
        )
    });
    // The keyboard goes to the field as the question opens, so the path can be typed at once.
    if std::mem::take(&mut panel.path_focus) {
        field.request_focus();
    }
    let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    ui.weak(lang.pick(
        "安装 zenity 后即可使用文件对话框。",
        "安裝 zenity 後即可使用檔案對話框。",
        "Install zenity to get a file dialog.",
    ));
    ui.horizontal(|ui| {
        let ok = match purpose {
            PathPurpose::Open => lang.pick("打开", "打開", "Open"),
            PathPurpose::SaveAs => lang.pick("保存", "儲存", "Save"),
            _ => lang.pick("导出", "匯出", "Export"),
        };
        let typed = panel.path_text.trim().to_string();
        if ui
            .add_enabled(!typed.is_empty(), egui::Button::new(ok))
            .clicked()
            || (enter && !typed.is_empty())
        {
            *answer = Some(Answer::Path(expand_home(&typed)));
        }
        if ui.button(lang.tr(Msg::Cancel)).clicked() {
            *answer = Some(Answer::Cancel);
        }
    });
}

/// A path to start from: beside the record for a save or an export, its folder to open.
fn suggested_path(panel: &ReviewPanel, purpose: PathPurpose) -> String {
    let folder = panel
        .path()
        .and_then(|p| p.parent())
        .filter(|d| !d.as_os_str().is_empty());
    let name = match purpose {
        PathPurpose::Open => String::new(),
        PathPurpose::SaveAs => panel.state().export_name("sgf"),
        PathPurpose::ExportDiagram => {
            let n = panel.review().move_number();
            panel.state().export_name(&format!("move{n}.svg"))
        }
        PathPurpose::ExportRecord => panel.state().export_name("html"),
    };
    match folder {
        Some(d) => d.join(name).display().to_string(),
        None => name,
    }
}

/// `~/x.sgf` as the shell would read it.
fn expand_home(typed: &str) -> std::path::PathBuf {
    if let Some(rest) = typed
        .strip_prefix("~/")
        .or_else(|| typed.strip_prefix("~\\").filter(|_| cfg!(windows)))
        && let Some(home) = dirs::home_dir()
    {
        return home.join(rest);
    }
    std::path::PathBuf::from(typed)
}
