//! The questions the app asks before something that cannot be taken back lightly: the
//! arbiter's PIN, resigning, quitting during a game, resuming an unfinished game; and the
//! sealed-move screen. Each is modal: Escape or Cancel closes it, clicks do not reach what is
//! behind.

use super::app_state::AppState;
use super::command::Command;
use super::side_panel::colour_name;
use crate::i18n::{Lang, Msg};
use eframe::egui;

/// What the modals keep while open (never part of the model, never logged).
#[derive(Default)]
pub struct ModalInput {
    /// The PIN being typed.
    pub pin: String,
    /// The sealed point being typed (masked).
    pub seal_point: String,
    /// The arbiter's PIN on the sealed screen (masked).
    pub seal_pin: String,
}

impl std::fmt::Debug for ModalInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ModalInput(…)")
    }
}

fn buttons(ui: &mut egui::Ui, yes: &str, lang: Lang) -> (bool, bool) {
    let mut answer = (false, false);
    ui.horizontal(|ui| {
        answer.0 = ui.button(yes).clicked();
        answer.1 = ui.button(lang.tr(Msg::Cancel)).clicked();
    });
    answer
}

/// The modal open now, if any; returns its commands.
pub fn modals_ui(ctx: &egui::Context, state: &AppState, input: &mut ModalInput) -> Vec<Command> {
    let lang = state.lang;
    let mut out = Vec::new();
    if state.pin_prompt.is_some() {
        let r = egui::Modal::new(egui::Id::unique("pin-prompt")).show(ctx, |ui| {
            ui.heading(lang.pick("裁判密码", "裁判密碼", "Arbiter PIN"));
            ui.label(lang.pick(
                "裁决、更正和开封需要本局的裁判密码。",
                "裁決、更正和開封需要本局的裁判密碼。",
                "Rulings, corrections and unsealing need this game's arbiter PIN.",
            ));
            let label = ui.label(lang.pick("密码", "密碼", "PIN"));
            let edit = ui
                .add(egui::TextEdit::singleline(&mut input.pin).password(true))
                .labelled_by(label.id);
            edit.request_focus();
            let entered = ui.input(|i| i.key_pressed(egui::Key::Enter));
            let (ok, cancel) = buttons(ui, lang.pick("确定", "確定", "Unlock"), lang);
            (ok || entered, cancel)
        });
        let (ok, cancel) = r.inner;
        if ok {
            out.push(Command::SubmitPin(std::mem::take(&mut input.pin)));
        } else if cancel || r.should_close() {
            input.pin.clear();
            out.push(Command::CancelPin);
        }
        return out;
    }
    if let Some(by) = state.sealing {
        let r = egui::Modal::new(egui::Id::unique("seal-screen")).show(ctx, |ui| {
            ui.heading(lang.pick("封棋", "封棋", "Sealed move"));
            ui.label(lang.pick(
                format!(
                    "{}：输入封棋的着点（如 D4，或 pass）。着点不会显示。",
                    colour_name(by, lang)
                ),
                format!(
                    "{}：輸入封棋的著點（如 D4，或 pass）。著點不會顯示。",
                    colour_name(by, lang)
                ),
                format!(
                    "{}: type the sealed point (e.g. D4, or pass). It is not shown.",
                    colour_name(by, lang)
                ),
            ));
            let l = ui.label(lang.pick("封棋着点", "封棋著點", "Sealed point"));
            ui.add(egui::TextEdit::singleline(&mut input.seal_point).password(true))
                .labelled_by(l.id);
            let l = ui.label(lang.pick("裁判密码", "裁判密碼", "Arbiter PIN"));
            ui.add(egui::TextEdit::singleline(&mut input.seal_pin).password(true))
                .labelled_by(l.id);
            buttons(ui, lang.pick("封棋", "封棋", "Seal"), lang)
        });
        let (ok, cancel) = r.inner;
        if ok && !input.seal_point.trim().is_empty() && !input.seal_pin.is_empty() {
            out.push(Command::Seal {
                by,
                vertex: std::mem::take(&mut input.seal_point).trim().to_owned(),
                pin: std::mem::take(&mut input.seal_pin),
            });
        } else if cancel || r.should_close() {
            input.seal_point.clear();
            input.seal_pin.clear();
            out.push(Command::CloseSeal);
        }
        return out;
    }
    if let Some(slip) = &state.slip {
        let r = egui::Modal::new(egui::Id::unique("seal-slip")).show(ctx, |ui| {
            ui.heading(lang.pick(
                "封棋单（放入信封）",
                "封棋單（放入信封）",
                "The slip for the envelope",
            ));
            ui.label(lang.pick(
                "封棋者在记录纸上写下封棋着点，并抄下以下两行，一起放入信封；忘记密码时凭此开封。",
                "封棋者在記錄紙上寫下封棋著點，並抄下以下兩行，一起放入信封；忘記密碼時憑此開封。",
                "The sealer writes the move on the record sheet with these two lines and puts it in the envelope: with it the seal opens if the PIN is lost.",
            ));
            ui.monospace(slip);
            ui.button(lang.tr(Msg::Close)).clicked()
        });
        if r.inner || r.should_close() {
            out.push(Command::DismissSlip);
        }
        return out;
    }
    if let Some(c) = state.confirm_resign {
        let r = egui::Modal::new(egui::Id::unique("resign")).show(ctx, |ui| {
            ui.heading(lang.tr(Msg::Resign));
            ui.label(lang.pick(
                format!(
                    "{}认输？对局将结束（裁判可撤销误操作）。",
                    colour_name(c, lang)
                ),
                format!(
                    "{}認輸？對局將結束（裁判可撤銷誤操作）。",
                    colour_name(c, lang)
                ),
                format!(
                    "{} resigns? The game ends (the arbiter can revoke a mistake).",
                    colour_name(c, lang)
                ),
            ));
            buttons(ui, lang.pick("认输", "認輸", "Resign"), lang)
        });
        let (ok, cancel) = r.inner;
        if ok {
            out.push(Command::ConfirmResign(true));
        } else if cancel || r.should_close() {
            out.push(Command::ConfirmResign(false));
        }
        return out;
    }
    if state.confirm_quit {
        let r = egui::Modal::new(egui::Id::unique("quit")).show(ctx, |ui| {
            ui.heading(lang.tr(Msg::Quit));
            ui.label(lang.pick(
                "对局进行中，已全部保存；下次启动可继续（钟停，由裁判决定中断时间是否计入）。退出？",
                "對局進行中，已全部儲存；下次啟動可繼續（鐘停，由裁判決定中斷時間是否計入）。退出？",
                "A game is on. Everything is saved; the next start offers it back (clocks stopped, the arbiter decides about the time away). Quit?",
            ));
            buttons(ui, lang.tr(Msg::Quit), lang)
        });
        let (ok, cancel) = r.inner;
        if ok {
            out.push(Command::ConfirmQuit(true));
        } else if cancel || r.should_close() {
            out.push(Command::ConfirmQuit(false));
        }
        return out;
    }
    if !state.resumable.is_empty() {
        let r = egui::Modal::new(egui::Id::unique("resume")).show(ctx, |ui| {
            ui.heading(lang.pick(
                "继续未完成的对局？",
                "繼續未完成的對局？",
                "Resume an unfinished game?",
            ));
            let mut picked = None;
            for game in state.resumable.iter().take(8) {
                let minutes = game.away.0 / 60_000;
                let text = lang.pick(
                    format!(
                        "{} – {} · 台{} · {}手 · {}分钟前",
                        game.players.0, game.players.1, game.table, game.moves, minutes
                    ),
                    format!(
                        "{} – {} · 台{} · {}手 · {}分鐘前",
                        game.players.0, game.players.1, game.table, game.moves, minutes
                    ),
                    format!(
                        "{} – {} · table {} · {} moves · {} min ago",
                        game.players.0, game.players.1, game.table, game.moves, minutes
                    ),
                );
                if ui.button(text).clicked() {
                    picked = Some(game.path.clone());
                }
            }
            let fresh = ui
                .button(lang.pick("不继续，新开一局", "不繼續，新開一局", "Not now"))
                .clicked();
            (picked, fresh)
        });
        let closing = r.should_close();
        let (picked, fresh) = r.inner;
        if let Some(path) = picked {
            out.push(Command::ResumeSession(path));
        } else if fresh || closing {
            out.push(Command::DismissResume);
        }
    }
    out
}
