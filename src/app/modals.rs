//! The questions the window asks before something that cannot be taken back lightly: the
//! arbiter's PIN, resigning, quitting during a game, replacing a live game, losing unsaved
//! work, a path where no file dialog can be shown, resuming an unfinished game; and the
//! sealed-move screen (with its slip). Each is modal: Escape or Cancel closes it, clicks do not
//! reach what is behind. The views read the host and return commands.

use super::AppState;
use super::command::{Command, UnsavedAnswer};
use super::host::Question;
use super::host::lock::Waiting;
use super::pin_prompt::{PinPromptAnswer, PinPromptText, pin_prompt_ui};
use super::side_panel::colour_name;
use crate::clock::Timestamp;
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
    /// The path typed where no dialog can be shown.
    pub path: String,
}

impl std::fmt::Debug for ModalInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ModalInput(…)")
    }
}

/// Two buttons in fixed places: the action and Cancel.
fn buttons(ui: &mut egui::Ui, yes: &str, lang: Lang) -> (bool, bool) {
    let mut answer = (false, false);
    ui.horizontal(|ui| {
        answer.0 = ui.button(yes).clicked();
        answer.1 = ui.button(lang.tr(Msg::Cancel)).clicked();
    });
    answer
}

/// What the PIN unlocks, in words.
fn waiting_text(w: &Waiting, lang: Lang) -> &'static str {
    match w {
        Waiting::Gap(_) => lang.pick(
            "决定中断时间是否计入需要裁判密码。",
            "決定中斷時間是否計入需要裁判密碼。",
            "The decision on the time away needs the arbiter PIN.",
        ),
        Waiting::Undo => lang.pick(
            "撤销一手需要裁判密码。",
            "撤銷一手需要裁判密碼。",
            "Taking back a turn needs the arbiter PIN.",
        ),
        Waiting::Act(super::command::ArbiterAct::Unseal) => lang.pick(
            "开封：输入封棋时的裁判密码。",
            "開封：輸入封棋時的裁判密碼。",
            "Opening the sealed move: type the arbiter PIN it was sealed under.",
        ),
        Waiting::DeskRuling(_) => lang.pick(
            "录入裁判长的裁决需要本局的裁判密码。",
            "錄入裁判長的裁決需要本局的裁判密碼。",
            "Entering the desk's ruling needs this game's arbiter PIN.",
        ),
        Waiting::Act(_) => lang.pick(
            "裁决、更正和封棋需要本局的裁判密码。",
            "裁決、更正和封棋需要本局的裁判密碼。",
            "Rulings, corrections and adjournment need this game's arbiter PIN.",
        ),
    }
}

/// The nonce in groups of four, for copying by hand onto the envelope.
pub fn grouped(hex: &str) -> String {
    hex.as_bytes()
        .chunks(4)
        .map(|c| String::from_utf8_lossy(c).into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The sealed point typed: a point (e.g. D4) or `pass`.
fn seal_move(text: &str, size: u8) -> Option<crate::rules::Move> {
    if text.eq_ignore_ascii_case("pass") {
        return Some(crate::rules::Move::Pass);
    }
    crate::rules::Coord::from_gtp(text, size).map(crate::rules::Move::Play)
}

/// The modal open now, if any; returns its commands.
pub fn modals_ui(
    ctx: &egui::Context,
    state: &AppState,
    input: &mut ModalInput,
    now: Timestamp,
) -> Vec<Command> {
    let lang = state.lang;
    let mut out = Vec::new();
    let _ = now;
    if let Some(waiting) = state.lock.gate.waiting() {
        let text = PinPromptText {
            id: "pin-prompt",
            heading: lang.pick("裁判密码", "裁判密碼", "Arbiter PIN"),
            why: Some(waiting_text(waiting, lang)),
            field: lang.pick("密码 PIN", "密碼 PIN", "PIN"),
            wrong: lang.pick(
                "密码不对，请再输入。",
                "密碼不對，請再輸入。",
                "Wrong PIN: type it again.",
            ),
            checking: lang.pick("核对中…", "核對中…", "Checking…"),
            ok: lang.pick("解锁 Unlock", "解鎖 Unlock", "Unlock"),
            cancel: lang.tr(Msg::Cancel),
            teaching: None,
        };
        let (wrong, checking) = (state.lock.gate.wrong(), state.lock.gate.checking());
        match pin_prompt_ui(ctx, &text, wrong, checking, &mut input.pin) {
            Some(PinPromptAnswer::Submit(pin)) => out.push(Command::SubmitPin(pin)),
            Some(PinPromptAnswer::Cancel) => out.push(Command::CancelPin),
            None => {}
        }
        return out;
    }
    if let Some(slip) = &state.slip {
        // The slip is shown here only, never written to a file: its nonce reveals the move.
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
            let (nonce, commitment) = lang.pick(
                ("开封码 nonce", "承诺值 commitment"),
                ("開封碼 nonce", "承諾值 commitment"),
                ("nonce", "commitment"),
            );
            ui.monospace(format!("{nonce}:\n{}", grouped(&slip.nonce)));
            ui.monospace(format!("{commitment}:\n{}", grouped(&slip.commitment)));
            ui.button(lang.tr(Msg::Close)).clicked()
        });
        if r.inner || r.should_close() {
            out.push(Command::DismissSlip);
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
            let l = ui.label(lang.pick("裁判密码 PIN", "裁判密碼 PIN", "PIN"));
            ui.add(egui::TextEdit::singleline(&mut input.seal_pin).password(true))
                .labelled_by(l.id);
            buttons(ui, lang.pick("封棋", "封棋", "Seal"), lang)
        });
        let (ok, cancel) = r.inner;
        let size = state.session().setup().size;
        if ok && !input.seal_point.trim().is_empty() && !input.seal_pin.is_empty() {
            match seal_move(input.seal_point.trim(), size) {
                Some(mv) => {
                    input.seal_point.clear();
                    out.push(Command::Seal {
                        by,
                        mv,
                        pin: std::mem::take(&mut input.seal_pin),
                    });
                }
                // The point is not echoed: a typing mistake is named without it.
                None => input.seal_point.clear(),
            }
        } else if cancel || r.should_close() {
            input.seal_point.clear();
            input.seal_pin.clear();
            out.push(Command::CloseSeal);
        }
        return out;
    }
    match &state.question {
        Some(Question::Resign(c)) => {
            let r = egui::Modal::new(egui::Id::unique("resign")).show(ctx, |ui| {
                ui.heading(lang.tr(Msg::Resign));
                ui.label(lang.pick(
                    format!(
                        "{}认输？对局将结束（裁判可撤销误操作）。",
                        colour_name(*c, lang)
                    ),
                    format!(
                        "{}認輸？對局將結束（裁判可撤銷誤操作）。",
                        colour_name(*c, lang)
                    ),
                    format!(
                        "{} resigns? The game ends (the arbiter can revoke a mistake).",
                        colour_name(*c, lang)
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
        Some(Question::Quit) => {
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
        Some(Question::ReplaceGame(_)) => {
            let r = egui::Modal::new(egui::Id::unique("replace-game")).show(ctx, |ui| {
                ui.heading(lang.tr(Msg::NewGame));
                ui.label(lang.pick(
                    "当前对局尚未结束，已全部保存。开新局后，当前对局留待下次启动时继续。",
                    "當前對局尚未結束，已全部儲存。開新局後，當前對局留待下次啟動時繼續。",
                    "The game on the board is not finished; everything is saved. A new game keeps it resumable at the next start.",
                ));
                buttons(
                    ui,
                    lang.pick(
                        "保留可继续，开新局",
                        "保留可繼續，開新局",
                        "Keep it resumable",
                    ),
                    lang,
                )
            });
            let (ok, cancel) = r.inner;
            if ok {
                out.push(Command::Unsaved(UnsavedAnswer::Save));
            } else if cancel || r.should_close() {
                out.push(Command::Unsaved(UnsavedAnswer::Cancel));
            }
            return out;
        }
        Some(Question::Unsaved(asking)) => {
            let r = egui::Modal::new(egui::Id::unique("unsaved")).show(ctx, |ui| {
                ui.heading(lang.pick("尚未保存的修改", "尚未儲存的修改", "Unsaved changes"));
                ui.label(lang.pick(
                    "以下内容尚未保存：",
                    "以下內容尚未儲存：",
                    "These are not saved:",
                ));
                for item in &asking.items {
                    ui.label(format!("• {}", item.text(lang)));
                }
                let mut answer = None;
                ui.horizontal(|ui| {
                    if ui
                        .button(lang.pick("保存 Save", "儲存 Save", "Save"))
                        .clicked()
                    {
                        answer = Some(UnsavedAnswer::Save);
                    }
                    if ui
                        .button(lang.pick("不保存 Discard", "不儲存 Discard", "Discard"))
                        .clicked()
                    {
                        answer = Some(UnsavedAnswer::Discard);
                    }
                    if ui
                        .button(lang.pick("取消 Cancel", "取消 Cancel", "Cancel"))
                        .clicked()
                    {
                        answer = Some(UnsavedAnswer::Cancel);
                    }
                });
                answer
            });
            if let Some(a) = r.inner {
                out.push(Command::Unsaved(a));
            } else if r.should_close() {
                out.push(Command::Unsaved(UnsavedAnswer::Cancel));
            }
            return out;
        }
        Some(Question::Path(_, _)) => {
            let r = egui::Modal::new(egui::Id::unique("path-question")).show(ctx, |ui| {
                ui.heading(lang.pick("文件路径", "檔案路徑", "File path"));
                ui.label(lang.pick(
                    "此处无法显示文件对话框，请输入完整路径：",
                    "此處無法顯示檔案對話框，請輸入完整路徑：",
                    "No file dialog can be shown here: type the full path.",
                ));
                let l = ui.label(lang.pick("路径", "路徑", "Path"));
                let edit = ui
                    .add(egui::TextEdit::singleline(&mut input.path).desired_width(420.0))
                    .labelled_by(l.id);
                edit.request_focus();
                let entered = ui.input(|i| i.key_pressed(egui::Key::Enter));
                let (ok, cancel) = buttons(ui, lang.pick("确定", "確定", "OK"), lang);
                (ok || entered, cancel)
            });
            let (ok, cancel) = r.inner;
            if ok && !input.path.trim().is_empty() {
                let path = std::mem::take(&mut input.path);
                out.push(Command::PathTyped(Some(path.trim().into())));
            } else if cancel || r.should_close() {
                input.path.clear();
                out.push(Command::PathTyped(None));
            }
            return out;
        }
        None => {}
    }
    if state.resume.shown() {
        let r = egui::Modal::new(egui::Id::unique("resume")).show(ctx, |ui| {
            ui.heading(lang.pick(
                "继续未完成的对局？ (unfinished)",
                "繼續未完成的對局？ (unfinished)",
                "Resume an unfinished game?",
            ));
            let mut picked = None;
            for game in state.resume.found.iter().take(8) {
                let ago = super::face_text::ago_text(state.resume.away(game, now), lang);
                let table = game.table.trim();
                let table = if table.is_empty() {
                    String::new()
                } else {
                    lang.pick(
                        format!(" · 第{table}台"),
                        format!(" · 第{table}台"),
                        format!(" · table {table}"),
                    )
                };
                let (b, w, n) = (&game.players.0, &game.players.1, game.moves);
                let mut text = lang.pick(
                    format!("{b} – {w}{table} · {n}手 · {ago}"),
                    format!("{b} – {w}{table} · {n}手 · {ago}"),
                    if n == 1 {
                        format!("{b} – {w}{table} · 1 move · {ago}")
                    } else {
                        format!("{b} – {w}{table} · {n} moves · {ago}")
                    },
                );
                if game.confirming {
                    text.push_str(lang.pick(
                        " · 结果待双方确认",
                        " · 結果待雙方確認",
                        " · result awaiting the players' confirmation",
                    ));
                }
                if ui.button(text).clicked() {
                    picked = Some(game.path.clone());
                }
            }
            let fresh = ui
                .button(lang.pick("暂不继续 Not now", "暫不繼續 Not now", "Not now"))
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
