//! The problems window drawn: the collection chooser, the progress, the question, the board,
//! the tree's answer with "try again" / "next", and the teacher's editor.

use eframe::egui;

use super::state::{EditTool, Mode, ProblemCommand, ProblemsState, Source};
use crate::app::board_view::{BoardLook, BoardScene, board_ui};
use crate::app::command::Command;
use crate::app::theme;
use crate::i18n::Lang;
use crate::problems::builtin::COLLECTIONS;
use crate::problems::{Answer, AttemptState, Verdict, to_play_text};
use crate::rules::Color;

/// The board's side in the window, in points.
const BOARD_SIDE: f32 = 400.0;

/// The board's side with large controls (a child at a tablet), in points.
const LARGE_BOARD_SIDE: f32 = 560.0;

/// Draws the window while `open`; returns the commands and whether it stays open. `large`:
/// the teacher's "Large controls" (issue 20 item 6: every window a child sees).
pub fn window_ui(
    ctx: &egui::Context,
    state: &ProblemsState,
    lang: Lang,
    look: BoardLook,
    large: bool,
) -> (Vec<ProblemCommand>, bool) {
    let mut out = Vec::new();
    // The text boxes edit a copy; a change comes back as a command at once (nothing typed
    // waits to be committed).
    let mut inputs = state.inputs.clone();
    let placement = crate::app::window_frame::Placement {
        pos: Some(egui::pos2(40.0, 40.0)),
        width: None,
    };
    let title = lang.pick("死活题", "死活題", "Problems");
    let (_, closed) =
        crate::app::window_frame::window_ui(ctx, "problems", title, lang, placement, true, |ui| {
            if large {
                crate::app::teach::panel::apply_size(ui.style_mut(), true);
            }
            chooser_ui(ui, state, lang, &mut out);
            ui.separator();
            match state.mode {
                Mode::Solve => solve_ui(ui, state, lang, look, &mut out),
                Mode::Edit => edit_ui(ui, state, &mut inputs, lang, look, &mut out),
            }
            if let Some(n) = &state.notice {
                ui.colored_label(theme::ILLEGAL, n);
            }
            if let Some(d) = &state.done {
                ui.colored_label(theme::NOTICE_DONE, d);
            }
        });
    (out, !closed)
}

fn chooser_ui(ui: &mut egui::Ui, state: &ProblemsState, lang: Lang, out: &mut Vec<ProblemCommand>) {
    ui.horizontal_wrapped(|ui| {
        ui.label(lang.pick("题集：", "題集：", "Set:"));
        for (i, c) in COLLECTIONS.iter().enumerate() {
            let on = state.source == Some(Source::Shipped(i)) && state.mode == Mode::Solve;
            if ui.selectable_label(on, c.goal.name(lang)).clicked() {
                out.push(ProblemCommand::OpenShipped(i));
            }
        }
        if ui
            .button(lang.pick("打开 SGF…", "開啟 SGF…", "Open SGF…"))
            .clicked()
        {
            out.push(ProblemCommand::OpenFile);
        }
        // A new problem on 9×9 (the button), or on 13×13 or 19×19 beside it (issue 20 item 3):
        // a corner or a side of a real game needs the real board.
        let write = lang.pick("出题（老师）", "出題（老師）", "Write a problem (teacher)");
        if ui.button(write).clicked() {
            out.push(ProblemCommand::NewProblem(9));
        }
        for size in [13u8, 19] {
            let words = crate::app::board_view::size_words(lang, size);
            let button = ui.button(&words);
            let name = format!("{write} {words}");
            button.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
            if button.on_hover_text(&name).clicked() {
                out.push(ProblemCommand::NewProblem(size));
            }
        }
    });
}

fn board(
    ui: &mut egui::Ui,
    state: &ProblemsState,
    look: BoardLook,
    description: String,
    lang: Lang,
    ghost: Option<Color>,
    targets: &[crate::rules::Coord],
) -> Option<ProblemCommand> {
    let game = state.game()?;
    let scene = BoardScene {
        size: game.size(),
        stones: game.board().stones(),
        last_move: state.last_move,
        ghost,
        look,
        description,
        ..BoardScene::default()
    };
    let size = scene.size;
    let side = if ui.spacing().interact_size.y >= theme::LARGE_BUTTON {
        LARGE_BOARD_SIDE
    } else {
        BOARD_SIDE
    };
    let response = ui.allocate_ui(egui::vec2(side, side), |ui| {
        ui.set_min_size(egui::vec2(side, side));
        board_ui(ui, &scene, lang)
    });
    // The stones the question is about ("the marked stones"), triangled as in the file.
    let geo = look.geometry(size, response.response.rect);
    let r = geo.stone_radius();
    for &c in targets {
        if let Some(stone) = game.board().get(c) {
            let (x, y) = geo.point_of(c);
            let p = egui::pos2(x, y);
            let d = r * 0.5;
            let stroke = theme::mark_stroke((r * 0.12).max(1.5), stone == Color::Black);
            let corners = [
                p + egui::vec2(0.0, -d),
                p + egui::vec2(d * 0.87, d * 0.5),
                p + egui::vec2(-d * 0.87, d * 0.5),
            ];
            ui.painter()
                .add(egui::Shape::closed_line(corners.to_vec(), stroke));
        }
    }
    let inner = response.inner;
    match inner {
        Some(Command::ClickPoint(c)) => Some(ProblemCommand::Click(c)),
        _ => None,
    }
}

fn solve_ui(
    ui: &mut egui::Ui,
    state: &ProblemsState,
    lang: Lang,
    look: BoardLook,
    out: &mut Vec<ProblemCommand>,
) {
    let (Some(set), Some(attempt)) = (&state.set, &state.attempt) else {
        ui.label(lang.pick("请选择题集", "請選擇題集", "Choose a set"));
        return;
    };
    if let Some(p) = state.progress() {
        ui.strong(lang.pick(
            format!(
                "已解 {} / {} 题（一次答对 {}）",
                p.solved, p.total, p.first_try
            ),
            format!(
                "已解 {} / {} 題（一次答對 {}）",
                p.solved, p.total, p.first_try
            ),
            format!(
                "{} of {} solved ({} at the first try)",
                p.solved, p.total, p.first_try
            ),
        ));
    }
    ui.horizontal_wrapped(|ui| {
        for i in 0..set.len() {
            let mark = match set.outcome(i) {
                crate::problems::ProblemOutcome::Solved { .. } => " √",
                crate::problems::ProblemOutcome::Failed { .. } => " ×",
                crate::problems::ProblemOutcome::NotTried => "",
            };
            if ui
                .selectable_label(i == state.index, format!("{}{mark}", i + 1))
                .clicked()
            {
                out.push(ProblemCommand::Select(i));
            }
        }
    });
    let problem = attempt.problem();
    // The shipped problems speak both languages: the reader's only.
    let name = super::state::name_in_language(&problem.name().unwrap_or_default(), lang);
    ui.label(format!("{name} · {}", to_play_text(problem.player(), lang)));
    ui.label(super::state::in_language(&attempt.comment(), lang));
    let playing = attempt.state() == AttemptState::Playing;
    let description = lang.pick(
        format!("第 {} 题", state.index + 1),
        format!("第 {} 題", state.index + 1),
        format!("problem {}", state.index + 1),
    );
    let ghost = playing.then(|| problem.player());
    if let Some(c) = board(ui, state, look, description, lang, ghost, problem.targets()) {
        out.push(c);
    }
    if let Some(a) = &state.answer {
        let colour = match a {
            Answer::Right { .. } => theme::NOTICE_DONE,
            _ => theme::ILLEGAL,
        };
        ui.colored_label(colour, a.text(lang));
    }
    if let Some(h) = state.hint {
        ui.label(format!(
            "{} {}",
            lang.pick("提示：", "提示：", "Hint:"),
            h.to_gtp(problem.start().size())
        ));
    }
    ui.horizontal_wrapped(|ui| {
        match attempt.state() {
            AttemptState::Failed => {
                if ui
                    .button(lang.pick("再试一次", "再試一次", "Try again"))
                    .clicked()
                {
                    out.push(ProblemCommand::TryAgain);
                }
            }
            AttemptState::Solved => {
                if ui
                    .button(lang.pick("下一题", "下一題", "Next problem"))
                    .clicked()
                {
                    out.push(ProblemCommand::Next);
                }
            }
            AttemptState::Playing => {
                if ui.button(lang.pick("提示", "提示", "Hint")).clicked() {
                    out.push(ProblemCommand::Hint);
                }
            }
        }
        if ui
            .button(lang.pick("编辑此题", "編輯此題", "Edit this problem"))
            .clicked()
        {
            out.push(ProblemCommand::EditThis);
        }
    });
}

fn edit_ui(
    ui: &mut egui::Ui,
    state: &ProblemsState,
    inputs: &mut super::state::EditorInputs,
    lang: Lang,
    look: BoardLook,
    out: &mut Vec<ProblemCommand>,
) {
    let Some(editor) = &state.editor else { return };
    ui.strong(lang.pick("出题", "出題", "Writing a problem"));
    if let Some(draft) = &state.draft {
        draft_ui(ui, state, draft, lang, out);
    }
    inputs_ui(ui, inputs, lang, out);
    let tools = [
        (
            EditTool::Black,
            lang.pick("摆黑子", "擺黑子", "Black stones"),
        ),
        (
            EditTool::White,
            lang.pick("摆白子", "擺白子", "White stones"),
        ),
        (
            EditTool::Play,
            lang.pick("下一条变化", "下一條變化", "Play a line"),
        ),
        (
            EditTool::Target,
            lang.pick("标记目标子", "標記目標子", "Mark target stones"),
        ),
    ];
    for row in tools.chunks(2) {
        ui.horizontal(|ui| {
            for &(tool, label) in row {
                if ui.selectable_label(state.tool == tool, label).clicked() {
                    out.push(ProblemCommand::Tool(tool));
                }
            }
        });
    }
    ui.horizontal_wrapped(|ui| {
        let player = editor.player();
        for c in [Color::Black, Color::White] {
            if ui.radio(player == c, to_play_text(c, lang)).clicked() {
                out.push(ProblemCommand::SetPlayer(c));
            }
        }
    });
    let n = editor.review().move_number();
    let description = lang.pick(
        format!("出题棋盘，第 {n} 手"),
        format!("出題棋盤，第 {n} 手"),
        format!("problem editor, move {n}"),
    );
    let ghost = match state.tool {
        EditTool::Black => Some(Color::Black),
        EditTool::White => Some(Color::White),
        EditTool::Play => Some(editor.review().game().to_move()),
        EditTool::Target => None,
    };
    let targets = if editor.review().move_number() == 0 {
        state.inputs.targets.as_slice()
    } else {
        &[]
    };
    if let Some(c) = board(ui, state, look, description, lang, ghost, targets) {
        out.push(c);
    }
    let here = editor.mark_here();
    ui.label(match here {
        Some(Verdict::Right) => lang.pick("此变化：正解", "此變化：正解", "This line: RIGHT"),
        Some(Verdict::Wrong) => lang.pick("此变化：失败", "此變化：失敗", "This line: WRONG"),
        None => lang.pick("此变化：未标记", "此變化：未標記", "This line: not marked"),
    });
    ui.horizontal_wrapped(|ui| {
        if ui
            .button(lang.pick("标为正解", "標為正解", "Mark RIGHT"))
            .clicked()
        {
            out.push(ProblemCommand::Mark(Some(Verdict::Right)));
        }
        if ui
            .button(lang.pick("标为失败", "標為失敗", "Mark WRONG"))
            .clicked()
        {
            out.push(ProblemCommand::Mark(Some(Verdict::Wrong)));
        }
        if ui
            .button(lang.pick("取消标记", "取消標記", "Clear mark"))
            .clicked()
        {
            out.push(ProblemCommand::Mark(None));
        }
    });
    ui.horizontal_wrapped(|ui| {
        if ui
            .button(lang.pick("后退一手", "後退一手", "Back one move"))
            .clicked()
        {
            out.push(ProblemCommand::Back);
        }
        if ui
            .button(lang.pick("回到开始", "回到開始", "To the start"))
            .clicked()
        {
            out.push(ProblemCommand::ToStart);
        }
        if ui
            .button(lang.pick("删除此变化", "刪除此變化", "Delete this line"))
            .clicked()
        {
            out.push(ProblemCommand::DeleteLine);
        }
    });
    ui.horizontal_wrapped(|ui| {
        if ui.button(lang.pick("试做", "試做", "Try it")).clicked() {
            out.push(ProblemCommand::TryIt);
        }
        let save = ui.add_enabled(
            !state.busy(),
            egui::Button::new(lang.pick("保存 SGF…", "儲存 SGF…", "Save SGF…")),
        );
        if save.clicked() {
            out.push(ProblemCommand::Save);
        }
        if ui
            .button(lang.pick("返回做题", "返回做題", "Back to solving"))
            .clicked()
        {
            out.push(ProblemCommand::StopEditing);
        }
        if editor.is_dirty() {
            ui.label(lang.pick("（未保存）", "（未儲存）", "(unsaved)"));
        }
    });
}

/// A class's homework draft opened from the class window (issue 20 item 4): where it came
/// from, and its way back — assigned to the child or the whole class, once the class's
/// checker proves it.
fn draft_ui(
    ui: &mut egui::Ui,
    state: &ProblemsState,
    draft: &super::state::DraftOrigin,
    lang: Lang,
    out: &mut Vec<ProblemCommand>,
) {
    use crate::app::classroom::text::desk as D;
    ui.label(D::editing_draft(&draft.id, &draft.child, lang));
    ui.horizontal_wrapped(|ui| {
        let enabled = !state.assigning();
        let to_child = D::assign_to(&draft.child, lang);
        for (text, whole_class) in [(to_child.as_str(), false), (D::assign_class(lang), true)] {
            let b = ui.add_enabled(
                enabled,
                egui::Button::new(text).min_size(ui.spacing().interact_size),
            );
            let name = D::edited(text, &draft.id, lang);
            b.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, enabled, &name));
            if b.clicked() {
                out.push(ProblemCommand::AssignDraft { whole_class });
            }
        }
        let back = D::back_to_class(lang);
        let b = ui.add(egui::Button::new(back).min_size(ui.spacing().interact_size));
        let name = D::on(back, &draft.id);
        b.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, &name));
        if b.clicked() {
            out.push(ProblemCommand::BackToClass);
        }
    });
    ui.separator();
}

fn inputs_ui(
    ui: &mut egui::Ui,
    inputs: &mut super::state::EditorInputs,
    lang: Lang,
    out: &mut Vec<ProblemCommand>,
) {
    egui::Grid::new("problem-text")
        .num_columns(2)
        .show(ui, |ui| {
            // Each field is named by its label, for screen readers.
            let label = ui.label(lang.pick("题名", "題名", "Name"));
            let name = ui
                .text_edit_singleline(&mut inputs.name)
                .labelled_by(label.id);
            ui.end_row();
            let label = ui.label(lang.pick("问题", "問題", "Question"));
            let question = ui.add(
                egui::TextEdit::multiline(&mut inputs.question)
                    .desired_rows(2)
                    .hint_text(lang.pick(
                        "黑先：吃掉三角子。",
                        "黑先：吃掉三角子。",
                        "Black to play: capture the marked stones.",
                    )),
            );
            let question = question.labelled_by(label.id);
            ui.end_row();
            if name.changed() || question.changed() {
                out.push(ProblemCommand::SetText(
                    inputs.name.clone(),
                    inputs.question.clone(),
                ));
            }
            let goal_label = lang.pick("目标", "目標", "Goal");
            ui.label(goal_label);
            let shown = inputs
                .goal
                .map_or(lang.pick("（无）", "（無）", "(none)"), |g| {
                    g.name(lang)
                });
            let combo = egui::ComboBox::from_id_salt("problem-goal")
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    if ui
                        .selectable_label(
                            inputs.goal.is_none(),
                            lang.pick("（无）", "（無）", "(none)"),
                        )
                        .clicked()
                    {
                        out.push(ProblemCommand::SetGoal(None));
                    }
                    for g in crate::problems::Goal::ALL {
                        if ui
                            .selectable_label(inputs.goal == Some(g), g.name(lang))
                            .clicked()
                        {
                            out.push(ProblemCommand::SetGoal(Some(g)));
                        }
                    }
                });
            combo
                .response
                .widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, true, goal_label));
            ui.end_row();
        });
}
