//! Navigation: the move buttons, where the cursor is, pass, promote, delete (saying what it
//! removes), move numbers, and the "go to move" window.

use eframe::egui::{self, Key};

use super::command::{Nav, ReviewCommand};
use super::panel::ReviewForm;
use super::state::ReviewState;
use super::texts;
use crate::i18n::Lang;
use crate::rules::Move;

/// The navigation rows.
pub fn nav_ui(
    ui: &mut egui::Ui,
    state: &ReviewState,
    form: &mut ReviewForm,
    lang: Lang,
    out: &mut Vec<ReviewCommand>,
) {
    ui.horizontal(|ui| {
        let buttons = [
            ("|<", lang.pick("开始", "開始", "First move"), Nav::First),
            (
                "<",
                lang.pick("上一手", "上一手", "Previous move"),
                Nav::Prev,
            ),
            (">", lang.pick("下一手", "下一手", "Next move"), Nav::Next),
            (">|", lang.pick("最后", "最後", "Last move"), Nav::Last),
            (
                "^",
                lang.pick("上一变化", "上一變化", "Previous variation"),
                Nav::PrevVariation,
            ),
            (
                "v",
                lang.pick("下一变化", "下一變化", "Next variation"),
                Nav::NextVariation,
            ),
        ];
        for (icon, name, nav) in buttons {
            let response = ui.button(icon).on_hover_text(name);
            response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, name));
            if response.clicked() {
                out.push(ReviewCommand::Nav(nav));
            }
        }
    });
    let (siblings, index) = state.review().siblings();
    let number = state.review().move_number();
    let total = state.line_moves();
    ui.horizontal(|ui| {
        ui.label(match lang {
            Lang::En => format!("Move {number} / {total}"),
            _ => format!("第 {number} 手 / {total}"),
        });
        if siblings.len() > 1 {
            ui.label(match lang {
                Lang::En => format!("variation {} of {}", index + 1, siblings.len()),
                Lang::ZhHans => format!("变化 {}/{}", index + 1, siblings.len()),
                Lang::ZhHant => format!("變化 {}/{}", index + 1, siblings.len()),
            });
        }
        if ui.button(lang.pick("转到…", "轉到…", "Go to…")).clicked() {
            form.goto_value = number;
            form.goto_open = true;
        }
    });
    ui.horizontal_wrapped(|ui| {
        if ui.button(lang.pick("停一手", "停一手", "Pass")).clicked() {
            out.push(ReviewCommand::Play(Move::Pass));
        }
        if ui
            .button(lang.pick("设为主分支", "設為主分支", "Promote to main line"))
            .clicked()
        {
            out.push(ReviewCommand::Promote);
        }
        let review = state.review();
        let at_root = review.current_node().parent.is_none();
        // What a deletion would remove is counted only when asked (hovered): at the start of a
        // long record it is the whole tree.
        let hover = |ui: &mut egui::Ui| {
            let text = if at_root {
                lang.pick(
                    "第一个节点保存对局信息，不能删除",
                    "第一個節點保存對局資訊，不能刪除",
                    "The first node holds the game information and cannot be deleted",
                )
                .to_string()
            } else {
                let removal = texts::removed_text(&review.removal(review.current()), lang);
                lang.pick(
                    format!("删除：{removal}（可撤销）"),
                    format!("刪除：{removal}（可復原）"),
                    format!("Deletes {removal} (can be undone)"),
                )
            };
            ui.label(text);
        };
        if ui
            .add_enabled(
                !at_root,
                egui::Button::new(lang.pick("删除此后", "刪除此後", "Delete from here")),
            )
            .on_hover_ui(hover)
            .on_disabled_hover_ui(hover)
            .clicked()
        {
            out.push(ReviewCommand::DeleteNode);
        }
        let mut numbers = state.show_numbers();
        if ui
            .checkbox(&mut numbers, lang.pick("手数", "手數", "Move numbers"))
            .changed()
        {
            out.push(ReviewCommand::ShowNumbers(numbers));
        }
    });
    if let Some(irr) = state.review().irregularity() {
        let reason = match lang {
            Lang::ZhHans => irr.reason.zh_hans().to_string(),
            Lang::ZhHant => irr.reason.zh_hant().to_string(),
            Lang::En => irr.reason.to_string(),
        };
        ui.colored_label(crate::app::theme::ILLEGAL, reason);
    }
}

/// The "go to move" window, while open.
pub fn goto_ui(
    ui: &mut egui::Ui,
    state: &ReviewState,
    form: &mut ReviewForm,
    lang: Lang,
    out: &mut Vec<ReviewCommand>,
) {
    if !form.goto_open {
        return;
    }
    let total = state.line_moves();
    let mut done = false;
    let mut value = form.goto_value;
    let title = lang.pick("转到第几手", "轉到第幾手", "Go to move");
    let placement = crate::app::window_frame::Placement::default();
    let (_, closed) = crate::app::window_frame::window_ui(
        ui.ctx(),
        "goto-move",
        title,
        lang,
        placement,
        true,
        |ui| {
            ui.horizontal(|ui| {
                let response = ui.add(egui::DragValue::new(&mut value).range(0..=total));
                response.widget_info(|| {
                    egui::WidgetInfo::labeled(
                        egui::Role::SpinButton,
                        true,
                        lang.pick("手数", "手數", "Move number"),
                    )
                });
                ui.label(format!("/ {total}"));
            });
            if ui.button(lang.pick("转到", "轉到", "Go")).clicked()
                || ui.input(|i| i.key_pressed(Key::Enter))
            {
                out.push(ReviewCommand::Nav(Nav::Move(value.min(total))));
                done = true;
            }
        },
    );
    form.goto_value = value;
    form.goto_open = !closed && !done;
}
