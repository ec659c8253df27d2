//! The review tab's helpers drawn: "Suggest dead stones" for the position shown, "Review with
//! engine…" (its window: GNU Go's level or a command line), the progress bar with Cancel, the
//! moves to look at, and the graph under the board. Views only read and return
//! [`ToolsAction`]s.

use eframe::egui;

use super::engine_review_view::{GraphData, graph_ui};
use super::review_tools::{EngineInput, ReviewTools, ToolsAction};
use super::suggestion_marks::chain_line;
use super::theme;
use crate::analysis::Status;
use crate::engine::JobState;
use crate::i18n::Lang;
use crate::rules::Move;

/// The section in the side panel, under the review panel. `finished`: the position shown is
/// the end of the game ([`super::review_tools::position_finished`]); only then is a result
/// counted from the suggestion.
pub fn side_ui(
    ui: &mut egui::Ui,
    tools: &ReviewTools,
    size: u8,
    finished: bool,
    lang: Lang,
) -> Vec<ToolsAction> {
    let mut out = Vec::new();
    ui.separator();
    ui.horizontal_wrapped(|ui| {
        let mut on = tools.dead_on;
        if ui
            .checkbox(
                &mut on,
                lang.pick("提示死子", "提示死子", "Suggest dead stones"),
            )
            .changed()
        {
            out.push(ToolsAction::SuggestDead(on));
        }
        let running = tools.engine.as_ref().is_some_and(|e| e.running());
        if ui
            .add_enabled(
                !running,
                egui::Button::new(lang.pick("引擎复盘…", "引擎覆盤…", "Review with engine…")),
            )
            .clicked()
        {
            out.push(ToolsAction::EngineDialog(true));
        }
    });
    if tools.dead_on {
        dead_ui(ui, tools, size, finished, lang);
    }
    engine_ui(ui, tools, lang, &mut out);
    out
}

fn dead_ui(ui: &mut egui::Ui, tools: &ReviewTools, size: u8, finished: bool, lang: Lang) {
    let Some(s) = tools.dead.suggestion() else {
        if tools.dead.computing() {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(lang.pick(
                    "正在判断死活……",
                    "正在判斷死活……",
                    "Looking for dead stones…",
                ));
            });
        }
        return;
    };
    if finished {
        let result = lang.pick(s.result.zh_hans(), s.result.zh_hant(), s.result.en());
        ui.label(lang.pick(
            format!("按建议去掉死子后数子：{result}"),
            format!("按建議去掉死子後數子：{result}"),
            format!("Counted with the suggested dead stones removed: {result}"),
        ));
    } else {
        // An unfinished game has no result to count: the marks are a guess at the position.
        ui.label(lang.pick(
            "对局尚未结束（没有双方连续停一手，也没有数子结果）：死子只是估计，不计算胜负。",
            "對局尚未結束（沒有雙方連續停一手，也沒有數子結果）：死子只是估計，不計算勝負。",
            "The game is not over (no two passes, no counted result): the dead stones are a guess, and no result is counted.",
        ));
    }
    let doubtful: Vec<_> = s
        .chains
        .iter()
        .filter(|c| c.status != Status::Alive)
        .collect();
    if doubtful.is_empty() {
        return;
    }
    // Closed by default: the review panel's own controls stay in view.
    egui::CollapsingHeader::new(lang.pick(
        format!("{} 块死子或未定（原因）", doubtful.len()),
        format!("{} 塊死子或未定（原因）", doubtful.len()),
        format!("{} chain(s) dead or uncertain (why)", doubtful.len()),
    ))
    .id_salt("review-dead-stones")
    .show(ui, |ui| {
        for chain in doubtful {
            ui.label(chain_line(chain, size, lang));
        }
    });
}

fn engine_ui(ui: &mut egui::Ui, tools: &ReviewTools, lang: Lang, out: &mut Vec<ToolsAction>) {
    if let Some(text) = tools.problem_text(lang) {
        ui.colored_label(theme::ILLEGAL, text);
    }
    let Some(e) = &tools.engine else {
        return;
    };
    let r = &e.results;
    ui.label(format!(
        "{}: {}",
        lang.pick("引擎", "引擎", "Engine"),
        if r.engine.is_empty() {
            &e.engine
        } else {
            &r.engine
        }
    ));
    if e.running() {
        ui.horizontal(|ui| {
            let total = r.points.len().max(1);
            let bar = egui::ProgressBar::new(r.done as f32 / total as f32)
                .text(format!("{}/{}", r.done, r.points.len()))
                .desired_width(180.0);
            ui.add(bar);
            if ui.button(lang.pick("取消", "取消", "Cancel")).clicked() {
                out.push(ToolsAction::Cancel);
            }
        });
    } else if r.state == JobState::Cancelled {
        ui.label(lang.pick(
            format!("已取消（已分析 {} 个局面）", r.done),
            format!("已取消（已分析 {} 個局面）", r.done),
            format!("Cancelled ({} positions estimated)", r.done),
        ));
    }
    let swings = tools.swings();
    if swings.is_empty() {
        return;
    }
    egui::CollapsingHeader::new(lang.pick("值得一看的手", "值得一看的手", "Moves to look at"))
        .id_salt("review-swings")
        .default_open(true)
        .show(ui, |ui| swings_ui(ui, &swings, r.board_size, lang, out));
}

fn swings_ui(
    ui: &mut egui::Ui,
    swings: &[crate::engine::Swing],
    board_size: u8,
    lang: Lang,
    out: &mut Vec<ToolsAction>,
) {
    for s in swings {
        let at = match s.mv {
            Move::Play(c) => c.to_gtp(board_size),
            Move::Pass => "pass".to_owned(),
        };
        let who = super::side_panel::colour_name(s.color, lang);
        let text = lang.pick(
            format!("第 {} 手 {who} {at}：损失 {:.1}", s.move_number, s.loss),
            format!("第 {} 手 {who} {at}：損失 {:.1}", s.move_number, s.loss),
            format!("Move {} {who} {at}: loses {:.1}", s.move_number, s.loss),
        );
        if ui.link(text).clicked() {
            out.push(ToolsAction::Goto(s.node));
        }
    }
}

/// The "Review with engine…" window's fields (the shell's form): filled from the settings
/// each time the window opens.
#[derive(Debug, Default)]
pub struct EngineForm {
    /// The choices being made.
    pub input: EngineInput,
    was_open: bool,
}

/// The "Review with engine…" window; edits the form's inputs in place.
pub fn dialog_ui(
    ctx: &egui::Context,
    tools: &ReviewTools,
    form: &mut EngineForm,
    settings: &crate::app::settings::Settings,
    lang: Lang,
) -> Vec<ToolsAction> {
    let mut out = Vec::new();
    let opening = tools.dialog_open && !form.was_open;
    form.was_open = tools.dialog_open;
    if !tools.dialog_open {
        return out;
    }
    if opening {
        form.input = EngineInput::from_settings(settings);
    }
    let input = &mut form.input;
    let title = lang.pick("引擎复盘", "引擎覆盤", "Review with engine");
    let placement = crate::app::window_frame::Placement::default();
    let (_, closed) = crate::app::window_frame::window_ui(
        ctx,
        "engine-review",
        title,
        lang,
        placement,
        true,
        |ui| {
            ui.label(lang.pick(
                "引擎在后台逐手估计形势；可随时取消。",
                "引擎在背景逐手估計形勢；可隨時取消。",
                "The engine estimates the position after each move in the background; cancel at any time.",
            ));
            ui.radio_value(&mut input.use_command, false, "GNU Go");
            ui.add_enabled(
                !input.use_command,
                egui::Slider::new(&mut input.level, 0..=10)
                    .text(lang.pick("级别", "級別", "level")),
            );
            ui.radio_value(
                &mut input.use_command,
                true,
                lang.pick(
                    "其他 GTP 引擎（命令行）",
                    "其他 GTP 引擎（命令列）",
                    "Another GTP engine (command line)",
                ),
            );
            let name = lang.pick("引擎命令行", "引擎命令列", "Engine command line");
            ui.add_enabled(
                input.use_command,
                egui::TextEdit::singleline(&mut input.command)
                    .hint_text("katago gtp -model m.bin.gz -config gtp.cfg"),
            )
            .widget_info(|| {
                egui::WidgetInfo::labeled(egui::Role::TextInput, input.use_command, name)
            });
            ui.horizontal(|ui| {
                if ui.button(lang.pick("开始", "開始", "Start")).clicked() {
                    out.push(ToolsAction::Start(input.choice()));
                }
                if ui.button(lang.pick("关闭", "關閉", "Close")).clicked() {
                    out.push(ToolsAction::EngineDialog(false));
                }
            });
        },
    );
    if closed {
        out.push(ToolsAction::EngineDialog(false));
    }
    out
}

/// The graph under the board, while there is a review; a click goes to that move.
pub fn graph_under_board_ui(
    ui: &mut egui::Ui,
    tools: &ReviewTools,
    cursor_move: usize,
    lang: Lang,
) -> Option<ToolsAction> {
    let e = tools.engine.as_ref()?;
    let mut data =
        GraphData::from_results(&e.results, super::review_tools::SWINGS_LISTED, e.running());
    data.cursor = Some(cursor_move);
    let n = graph_ui(ui, &data, lang)?;
    tools.node_at_move(n).map(ToolsAction::Goto)
}
