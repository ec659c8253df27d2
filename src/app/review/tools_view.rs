//! The board tools (play, setup stones, marks, labels, arrows, lines) and the move and
//! position annotations.

use eframe::egui;

use super::command::{ReviewCommand, Tool};
use super::state::ReviewState;
use crate::diagram::PointMark;
use crate::i18n::Lang;
use crate::review::{MoveAnnotation, PositionAnnotation, Review};
use crate::rules::Color;

/// The tool buttons.
pub fn tools_ui(ui: &mut egui::Ui, state: &ReviewState, lang: Lang, out: &mut Vec<ReviewCommand>) {
    let tools = [
        (Tool::Play, lang.pick("落子", "落子", "Play")),
        (
            Tool::Setup(Color::Black),
            lang.pick("摆黑子", "擺黑子", "Add black stones"),
        ),
        (
            Tool::Setup(Color::White),
            lang.pick("摆白子", "擺白子", "Add white stones"),
        ),
        (
            Tool::Mark(PointMark::Triangle),
            lang.pick("三角", "三角", "Triangle"),
        ),
        (
            Tool::Mark(PointMark::Square),
            lang.pick("方块", "方塊", "Square"),
        ),
        (
            Tool::Mark(PointMark::Circle),
            lang.pick("圆圈", "圓圈", "Circle"),
        ),
        (Tool::Mark(PointMark::Cross), lang.pick("叉", "叉", "Cross")),
        (Tool::Label, lang.pick("字母", "字母", "Label")),
        (Tool::Arrow, lang.pick("箭头", "箭頭", "Arrow")),
        (Tool::Line, lang.pick("连线", "連線", "Line")),
        (
            Tool::Clear,
            lang.pick("清除标记", "清除標記", "Clear marks"),
        ),
    ];
    ui.horizontal_wrapped(|ui| {
        for (tool, name) in tools {
            let response = ui.selectable_label(state.tool == tool, name);
            response.widget_info(|| {
                egui::WidgetInfo::selected(egui::Role::Button, true, state.tool == tool, name)
            });
            if response.clicked() {
                out.push(ReviewCommand::SetTool(tool));
            }
        }
        if ui
            .button(lang.pick("全部清除", "全部清除", "Clear all marks"))
            .on_hover_text(lang.pick(
                "清除这一手的全部标记（可撤销）",
                "清除這一手的全部標記（可復原）",
                "Removes every mark of this move (can be undone)",
            ))
            .clicked()
        {
            out.push(ReviewCommand::ClearAll);
        }
    });
}

/// The move and position annotations of the current node.
pub fn annotation_ui(ui: &mut egui::Ui, review: &Review, lang: Lang, out: &mut Vec<ReviewCommand>) {
    let current = review.move_annotation();
    ui.horizontal_wrapped(|ui| {
        for a in MoveAnnotation::ALL {
            let text = format!("{} {}", a.sign(), a.name(lang));
            if ui.selectable_label(current == Some(a), text).clicked() {
                out.push(ReviewCommand::MoveAnnotation(
                    (current != Some(a)).then_some(a),
                ));
            }
        }
    });
    let current = review.position_annotation();
    ui.horizontal_wrapped(|ui| {
        for a in PositionAnnotation::ALL {
            if ui
                .selectable_label(current == Some(a), a.name(lang))
                .clicked()
            {
                out.push(ReviewCommand::PositionAnnotation(
                    (current != Some(a)).then_some(a),
                ));
            }
        }
    });
}
