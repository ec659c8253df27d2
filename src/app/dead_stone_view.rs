//! The dead-stone suggestion in the side panel during counting: what the estimator suggests,
//! the count it gives, each doubtful chain with its reason and a button to change it, and the
//! three choices — accept (logged), change chain by chain (clicks), or ignore.

use eframe::egui;

use super::AppState;
use super::command::Command;
use super::suggestion_marks::chain_line;
use super::theme;
use crate::analysis::Status;
use crate::session::Phase;

/// Draws the suggestion section while the live game is being counted; nothing otherwise.
pub fn suggestion_ui(ui: &mut egui::Ui, state: &AppState, out: &mut Vec<Command>) {
    let session = state.session();
    if session.phase() != &Phase::Counting || session.setup().mode != crate::session::Mode::Board {
        return;
    }
    let lang = state.lang;
    let help = &state.dead_help;
    ui.strong(lang.pick("死子建议", "死子建議", "Dead-stone suggestion"));
    let Some(s) = help.suggestion() else {
        if help.computing() {
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
    if help.ignored {
        ui.label(lang.pick(
            "已忽略建议：请在棋盘上逐块点死子。",
            "已忽略建議：請在棋盤上逐塊點死子。",
            "Suggestion ignored: click the dead chains on the board.",
        ));
        if ui
            .button(lang.pick("显示建议", "顯示建議", "Show the suggestion"))
            .clicked()
        {
            out.push(Command::IgnoreSuggestion(false));
        }
        return;
    }
    let size = session.game().size();
    let n_dead = s.chains.iter().filter(|c| c.status == Status::Dead).count();
    let n_uncertain = s
        .chains
        .iter()
        .filter(|c| c.status == Status::Uncertain)
        .count();
    let result = lang.pick(s.result.zh_hans(), s.result.zh_hant(), s.result.en());
    ui.label(lang.pick(
        format!("建议：{n_dead} 块死子，{n_uncertain} 块未定（按活棋计）。按此数子：{result}"),
        format!("建議：{n_dead} 塊死子，{n_uncertain} 塊未定（按活棋計）。按此數子：{result}"),
        format!(
            "Suggested: {n_dead} dead chain(s), {n_uncertain} uncertain (counted alive). Counted so: {result}"
        ),
    ));
    legend_ui(ui, state);
    let marked = session.dead_stones();
    let agrees = super::dead_stone_help::accept_events(s, session).is_empty();
    ui.horizontal_wrapped(|ui| {
        let accept = ui.add_enabled(
            !agrees,
            egui::Button::new(lang.pick("接受建议", "接受建議", "Accept the suggestion")),
        );
        if accept.clicked() {
            out.push(Command::AcceptSuggestion);
        }
        if ui
            .button(lang.pick("忽略建议", "忽略建議", "Ignore the suggestion"))
            .clicked()
        {
            out.push(Command::IgnoreSuggestion(true));
        }
    });
    if agrees {
        ui.label(lang.pick(
            "棋盘上的死子标记与建议一致。",
            "棋盤上的死子標記與建議一致。",
            "The marks on the board agree with the suggestion.",
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
    egui::CollapsingHeader::new(lang.pick(
        "逐块查看（原因）",
        "逐塊查看（原因）",
        "Chain by chain (why)",
    ))
    .default_open(true)
    .show(ui, |ui| {
        for chain in doubtful {
            let Some(&first) = chain.stones.first() else {
                continue;
            };
            let is_dead = chain.stones.iter().any(|c| marked.contains(c));
            ui.horizontal_wrapped(|ui| {
                let change = if is_dead {
                    lang.pick("改为活棋", "改為活棋", "Mark alive")
                } else {
                    lang.pick("标为死子", "標為死子", "Mark dead")
                };
                if ui
                    .small_button(format!("{change} {}", first.to_gtp(size)))
                    .clicked()
                {
                    out.push(Command::ClickPoint(first));
                }
                ui.label(chain_line(chain, size, lang));
            });
        }
    });
}

fn legend_ui(ui: &mut egui::Ui, state: &AppState) {
    let lang = state.lang;
    ui.horizontal_wrapped(|ui| {
        ui.colored_label(
            theme::SUGGESTED_DEAD,
            lang.pick("方框：建议死子", "方框：建議死子", "square: suggested dead"),
        );
        ui.colored_label(
            theme::SUGGESTED_UNCERTAIN,
            lang.pick("?：未定", "?：未定", "?: uncertain"),
        );
        ui.colored_label(
            theme::SUGGESTED_SEKI,
            lang.pick("圆圈：双活", "圓圈：雙活", "ring: seki"),
        );
        ui.colored_label(
            theme::SUGGESTED_DAME,
            lang.pick(
                "菱形：单官（各半）",
                "菱形：單官（各半）",
                "diamond: dame (half each)",
            ),
        );
        ui.colored_label(
            theme::DEAD_MARK,
            lang.pick("×：已标死子", "×：已標死子", "×: marked dead"),
        );
    });
}
