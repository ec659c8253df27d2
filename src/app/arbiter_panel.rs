//! The arbiter's tab: the game's state and what was saved, play by keyboard, the end of play,
//! the count, the clock's controls, every ruling of Chapter 3 as one form, adjournment and the
//! sealed move, and the log. Draws the state; returns commands.

use super::arbiter_form::RulingForm;
use super::command::{ArbiterAct, Command, PlayerAction};
use super::side_panel::{colour_name, count_ui, status_text};
use super::{AppState, Notice};
use crate::clock::Timestamp;
use crate::i18n::{Lang, Msg};
use crate::rules::{Color, Coord};
use crate::session::Phase;
use crate::session::RulingKind;
use eframe::egui;

/// What the arbiter's tab keeps between frames (not part of the model).
#[derive(Clone, Debug, Default)]
pub struct ArbiterInput {
    /// The coordinate typed for a keyboard move or dead-stone toggle (e.g. `D4`).
    pub coordinate: String,
    /// The ruling being prepared.
    pub form: RulingForm,
    /// A game-ending ruling waits for its confirmation.
    pub confirm_ending: bool,
    /// The slip's point and nonce, to open a seal without the PIN.
    pub slip_point: String,
    /// The slip's nonce.
    pub slip_nonce: String,
    /// Another folder to go on in after a failed write.
    pub folder: String,
}

fn side_label(c: Color, lang: Lang) -> &'static str {
    colour_name(c, lang)
}

/// The saving state: the last entry saved, saving…, or NOT SAVED.
fn saved_ui(ui: &mut egui::Ui, state: &AppState, input: &mut ArbiterInput, out: &mut Vec<Command>) {
    let lang = state.lang;
    let store = &state.game;
    if let Some(why) = &store.not_saved {
        ui.colored_label(
            super::theme::ILLEGAL,
            format!(
                "{}: {}",
                lang.pick("未保存", "未儲存", "NOT SAVED"),
                why.text(lang)
            ),
        );
        ui.horizontal(|ui| {
            let label = ui.label(lang.pick("改存到文件夹", "改存到資料夾", "Save to folder"));
            ui.add(egui::TextEdit::singleline(&mut input.folder).desired_width(160.0))
                .labelled_by(label.id);
            if ui
                .button(lang.pick("继续保存", "繼續儲存", "Go on there"))
                .clicked()
                && !input.folder.trim().is_empty()
            {
                out.push(Command::MoveToFolder(input.folder.trim().into()));
            }
        });
        return;
    }
    let text = if store.busy() {
        lang.pick("保存中…", "儲存中…", "Saving…").to_owned()
    } else {
        match (&store.path, store.last_saved) {
            (Some(p), Some(n)) => lang.pick(
                format!("已保存第{n}条 · {}", p.display()),
                format!("已儲存第{n}條 · {}", p.display()),
                format!("Saved entry {n} · {}", p.display()),
            ),
            (Some(p), None) => format!("{}", p.display()),
            (None, _) => lang
                .pick(
                    "对局从第一手起保存",
                    "對局從第一手起儲存",
                    "The game is saved from its first entry",
                )
                .to_owned(),
        }
    };
    ui.small(text);
}

/// The arbiter's lock: closed, or open with its countdown and "Lock now".
fn lock_ui(ui: &mut egui::Ui, state: &AppState, out: &mut Vec<Command>, now: Timestamp) {
    let lang = state.lang;
    if !state.game.locked {
        ui.small(lang.pick(
            "本局没有裁判密码：不能裁决",
            "本局沒有裁判密碼：不能裁決",
            "This game has no arbiter PIN: no rulings",
        ));
        return;
    }
    ui.horizontal(|ui| match state.lock.seconds_left(now) {
        Some(left) => {
            ui.colored_label(
                super::theme::ILLEGAL,
                lang.pick(
                    format!("裁判锁已打开：{left} 秒后关闭"),
                    format!("裁判鎖已打開：{left} 秒後關閉"),
                    format!("Unlocked: locks again in {left} s"),
                ),
            );
            if ui
                .button(lang.pick("立即上锁 Lock now", "立即上鎖 Lock now", "Lock now"))
                .clicked()
            {
                out.push(Command::LockNow);
            }
        }
        None => {
            ui.small(lang.pick(
                "裁判锁已关闭：裁决时输入密码",
                "裁判鎖已關閉：裁決時輸入密碼",
                "Locked: rulings ask for the PIN",
            ));
        }
    });
}

/// Both players' warnings and admonitions (also shown beside the clocks).
pub fn warnings_text(state: &AppState) -> String {
    let s = state.session();
    let lang = state.lang;
    let (wb, ww) = (s.warnings(Color::Black), s.warnings(Color::White));
    let (ab, aw) = (s.admonitions(Color::Black), s.admonitions(Color::White));
    lang.pick(
        format!("警告 黑{wb} 白{ww} · 劝告 黑{ab} 白{aw}"),
        format!("警告 黑{wb} 白{ww} · 勸告 黑{ab} 白{aw}"),
        format!("Warnings B {wb} W {ww} · admonitions B {ab} W {aw}"),
    )
}

fn play_ui(ui: &mut egui::Ui, state: &AppState, input: &mut ArbiterInput, out: &mut Vec<Command>) {
    let lang = state.lang;
    let session = state.session();
    ui.horizontal(|ui| {
        let label = ui.label(lang.pick("坐标", "座標", "Point"));
        let edit = ui.add(
            egui::TextEdit::singleline(&mut input.coordinate)
                .desired_width(60.0)
                .hint_text("D4"),
        );
        let edit = edit.labelled_by(label.id);
        let entered = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let go = ui
            .button(lang.pick("落子／标记", "落子／標記", "Play / mark"))
            .clicked();
        if entered || go {
            match Coord::from_gtp(input.coordinate.trim(), session.game().size()) {
                Some(c) => {
                    out.push(Command::ClickPoint(c));
                    input.coordinate.clear();
                }
                None => input.coordinate = input.coordinate.trim().to_owned(),
            }
        }
        // The field keeps the keyboard after Enter, so an arbiter types move after move.
        if entered {
            edit.request_focus();
        }
    });
    let mover = session.to_move();
    let playing = session.phase() == &Phase::Playing;
    let over = session.outcome().is_some();
    // Fixed slots: the same buttons in the same places every frame, enabled or not, so nothing
    // moves under the pointer between two clicks; the revoking button sits apart, on its own
    // line, never where a frequent one was.
    ui.horizontal_wrapped(|ui| {
        let who = mover.map_or("", |m| side_label(m, lang));
        if ui
            .add_enabled(
                playing && mover.is_some(),
                egui::Button::new(format!("{} · {who}", lang.tr(Msg::Pass))),
            )
            .clicked()
            && let Some(m) = mover
        {
            out.push(Command::Player(m, PlayerAction::Pass));
        }
        let confirm_text = match mover {
            Some(m) if session.confirmed(m.opponent()) => lang.pick(
                format!("{}确认终局（第二步，终局）", side_label(m, lang)),
                format!("{}確認終局（第二步，終局）", side_label(m, lang)),
                format!(
                    "{}: confirm the end (step 2, ends play)",
                    side_label(m, lang)
                ),
            ),
            Some(m) => lang.pick(
                format!("{}确认终局（第一步）", side_label(m, lang)),
                format!("{}確認終局（第一步）", side_label(m, lang)),
                format!("{}: confirm the end (step 1)", side_label(m, lang)),
            ),
            None => lang
                .pick("确认终局", "確認終局", "Confirm the end")
                .to_owned(),
        };
        if ui
            .add_enabled(playing && mover.is_some(), egui::Button::new(confirm_text))
            .clicked()
            && let Some(m) = mover
        {
            out.push(Command::Player(m, PlayerAction::Confirm));
        }
    });
    if playing
        && let Some(m) = mover
        && (session.confirmed(m) || session.confirmed(m.opponent()))
    {
        ui.small(lang.pick(
            "一方已确认终局；落子即撤回确认（第21.1条）",
            "一方已確認終局；落子即撤回確認（第21.1條）",
            "A confirmation stands; a stone played retracts it (Art. 21.1)",
        ));
    }
    // Either side may resign at any time (not only the side to move).
    ui.horizontal_wrapped(|ui| {
        for c in [Color::Black, Color::White] {
            if ui
                .add_enabled(
                    !over,
                    egui::Button::new(format!(
                        "{} · {}",
                        lang.tr(Msg::Resign),
                        side_label(c, lang)
                    )),
                )
                .clicked()
            {
                out.push(Command::Player(c, PlayerAction::Resign));
            }
        }
    });
    ui.add_space(6.0);
    if ui
        .add_enabled(
            session.last_turn().is_some(),
            egui::Button::new(lang.pick(
                "撤销上一手（裁判）",
                "撤銷上一手（裁判）",
                "Take back the last turn (arbiter)",
            )),
        )
        .clicked()
    {
        out.push(Command::Undo);
    }
}

fn clock_ui(ui: &mut egui::Ui, state: &AppState, out: &mut Vec<Command>, now: Timestamp) {
    let lang = state.lang;
    let session = state.session();
    let Some(clock) = session.clock() else { return };
    ui.horizontal_wrapped(|ui| {
        if state.session().outcome().is_some() {
            // A finished game's clock stays as it ended: no pause, no resume.
        } else if !state.game.started() {
            if ui
                .button(lang.pick("开钟（开始对局）", "開鐘（開始對局）", "Start the clock"))
                .clicked()
            {
                out.push(Command::Start);
            }
        } else if clock.paused().is_some() {
            // Resume only where it acts (not while counting, nor before the seal is opened).
            if state.can_resume() && ui.button(lang.tr(Msg::Resume)).clicked() {
                out.push(Command::Resume);
            }
        } else if ui.button(lang.tr(Msg::Pause)).clicked() {
            out.push(Command::Pause);
        }
        let at = state.session_time(now);
        if let Some(side) = clock.to_move()
            && clock.paused().is_none()
            && clock.view(at).side(side).in_byoyomi
        {
            let c = crate::session::color_of(side);
            if ui
                .button(lang.pick(
                    "提子暂停（第23.4条）",
                    "提子暫停（第23.4條）",
                    "Capture removal pause (Art. 23.4)",
                ))
                .clicked()
            {
                out.push(Command::CapturePause(c));
            }
        }
    });
}

/// The rulings a refused move offers at once (Art. 19, 20.1, 20.3), and those a cycle under
/// simple ko offers while it stands (Art. 20.3).
fn offered_rulings(ui: &mut egui::Ui, state: &AppState, out: &mut Vec<Command>) {
    let lang = state.lang;
    let session = state.session();
    let mut offers = Vec::new();
    if let Some(rep) = session.pending_repetition() {
        ui.colored_label(super::theme::ILLEGAL, rep.text(lang, session.setup().size));
        offers.extend(super::offers::repetition_offers(session));
    }
    if let Some(Notice::Refusal(c, _)) = &state.notice
        && let Some(mover) = session.to_move()
    {
        offers.extend(super::offers::offers_for(session, mover, *c));
    }
    ui.horizontal_wrapped(|ui| {
        for offer in offers {
            if ui.button(offer.label(lang)).clicked() {
                out.push(Command::Arbiter(offer.act));
            }
        }
    });
}

fn rulings_ui(
    ui: &mut egui::Ui,
    state: &AppState,
    input: &mut ArbiterInput,
    out: &mut Vec<Command>,
    now: Timestamp,
) {
    use crate::session::catalogue::Detail;
    let lang = state.lang;
    let form = &mut input.form;
    let label = ui.label(lang.pick("裁决", "裁決", "Ruling"));
    egui::ComboBox::from_id_salt("ruling-kind")
        .selected_text(form.kind.label_with_articles(lang))
        .width(280.0)
        .show_ui(ui, |ui| {
            for kind in RulingKind::in_form() {
                if ui
                    .selectable_label(form.kind == kind, kind.label_with_articles(lang))
                    .clicked()
                {
                    form.select(kind);
                    input.confirm_ending = false;
                }
            }
        })
        .response
        .labelled_by(label.id);
    let kind = form.kind;
    if form.needs_side() {
        ui.horizontal(|ui| {
            for c in [Color::Black, Color::White] {
                ui.radio_value(&mut form.side, c, side_label(c, lang));
            }
        });
    }
    let field = |ui: &mut egui::Ui, label: &str, value: &mut String, hint: &str| {
        ui.horizontal(|ui| {
            let l = ui.label(label);
            ui.add(
                egui::TextEdit::singleline(value)
                    .desired_width(150.0)
                    .hint_text(hint),
            )
            .labelled_by(l.id);
        });
    };
    if kind.needs().point != crate::session::Need::No {
        field(
            ui,
            lang.pick("着点", "著點", "Point"),
            &mut form.point,
            "D4",
        );
    }
    match form.detail() {
        Detail::Changes => field(
            ui,
            lang.pick("改动", "改動", "Changes"),
            &mut form.changes,
            "+B D4 -E5",
        ),
        Detail::Lateness => {
            field(
                ui,
                lang.pick("迟到", "遲到", "Late by"),
                &mut form.duration,
                "10m",
            );
            field(
                ui,
                lang.pick("对方也迟到", "對方也遲到", "Opponent late by"),
                &mut form.other_late,
                "",
            );
        }
        Detail::Correction => {
            field(
                ui,
                lang.pick("时间±", "時間±", "Time ±"),
                &mut form.duration,
                "+30s",
            );
            field(
                ui,
                lang.pick("读秒次数±", "讀秒次數±", "Periods ±"),
                &mut form.periods,
                "+1",
            );
        }
        Detail::EntryNumber => field(
            ui,
            lang.pick("记录编号", "記錄編號", "Entry number"),
            &mut form.entry,
            "7",
        ),
        Detail::None | Detail::Charged => {}
    }
    if kind.takes_article() {
        field(
            ui,
            lang.pick("条款", "條款", "Article"),
            &mut form.article,
            kind.default_article(),
        );
    }
    let note_label = match kind {
        RulingKind::Other => lang.pick("裁决内容", "裁決內容", "Outcome"),
        RulingKind::Refer => lang.pick("情况", "情況", "Case"),
        _ => lang.pick("备注", "備註", "Note"),
    };
    field(ui, note_label, &mut form.note, "");
    let record = lang.pick("记录裁决", "記錄裁決", "Record the ruling");
    let session = state.session();
    match form.entry(session.setup().size, lang) {
        Ok(entry) => {
            // Whether this one ends the game: always for a loss, a draw …; for a warning, a
            // lateness or a correction by what it leads to (the second warning loses).
            let ends = session
                .prepare_event(
                    state.session_time(now),
                    entry.event.clone(),
                    entry.article.clone(),
                    entry.note.clone(),
                )
                .map(|p| p.ends_game())
                .unwrap_or(kind.always_ends_game());
            let act = Command::Arbiter(ArbiterAct::Ruling {
                event: entry.event,
                article: entry.article,
                note: entry.note,
            });
            if ends && !input.confirm_ending {
                if ui.button(record).clicked() {
                    input.confirm_ending = true;
                }
            } else if ends {
                ui.colored_label(
                    super::theme::ILLEGAL,
                    lang.pick(
                        "此裁决结束对局。确定？",
                        "此裁決結束對局。確定？",
                        "This ruling ends the game. Sure?",
                    ),
                );
                ui.horizontal(|ui| {
                    if ui
                        .button(lang.pick("确定", "確定", "Yes, record it"))
                        .clicked()
                    {
                        out.push(act);
                        input.confirm_ending = false;
                        input.form = RulingForm::default();
                    }
                    if ui.button(lang.tr(Msg::Cancel)).clicked() {
                        input.confirm_ending = false;
                    }
                });
            } else if ui.button(record).clicked() {
                out.push(act);
                let side = input.form.side;
                input.form = RulingForm::default();
                input.form.side = side;
            }
        }
        Err(missing) => {
            ui.add_enabled(false, egui::Button::new(record));
            ui.small(missing);
        }
    }
}

fn adjournment_ui(
    ui: &mut egui::Ui,
    state: &AppState,
    input: &mut ArbiterInput,
    out: &mut Vec<Command>,
) {
    let lang = state.lang;
    let session = state.session();
    match session.phase() {
        Phase::Playing
            if ui
                .button(lang.pick("封棋（第14条）", "封棋（第14條）", "Adjourn (Art. 14)"))
                .clicked() =>
        {
            out.push(Command::Arbiter(ArbiterAct::Ruling {
                event: crate::session::Event::Adjourn,
                article: None,
                note: None,
            }));
        }
        Phase::Adjourned => {
            if let Some(sealed) = session.sealed() {
                ui.label(lang.pick(
                    format!(
                        "{}已封棋。承诺值 {}",
                        side_label(sealed.by, lang),
                        crate::seal::hex::encode(&sealed.commitment)
                    ),
                    format!(
                        "{}已封棋。承諾值 {}",
                        side_label(sealed.by, lang),
                        crate::seal::hex::encode(&sealed.commitment)
                    ),
                    format!(
                        "{} has sealed. Commitment {}",
                        side_label(sealed.by, lang),
                        crate::seal::hex::encode(&sealed.commitment)
                    ),
                ));
                if ui
                    .button(lang.pick(
                        "续赛：开封（第14、22条）",
                        "續賽：開封（第14、22條）",
                        "Resume: open the sealed move (Art. 14, 22)",
                    ))
                    .clicked()
                {
                    out.push(Command::Arbiter(ArbiterAct::Unseal));
                }
                ui.collapsing(
                    lang.pick(
                        "用封棋单开封（忘记密码时）",
                        "用封棋單開封（忘記密碼時）",
                        "Open with the paper slip (PIN lost)",
                    ),
                    |ui| {
                        ui.horizontal(|ui| {
                            let l = ui.label(lang.pick("着点", "著點", "Point"));
                            ui.add(
                                egui::TextEdit::singleline(&mut input.slip_point)
                                    .desired_width(60.0),
                            )
                            .labelled_by(l.id);
                        });
                        ui.horizontal(|ui| {
                            // The slip's "开封码"; the English word stays beside it in the
                            // field's name, as the pinned names do.
                            let l = ui.label(lang.pick("开封码 nonce", "開封碼 nonce", "nonce"));
                            ui.add(
                                egui::TextEdit::singleline(&mut input.slip_nonce)
                                    .desired_width(200.0),
                            )
                            .labelled_by(l.id);
                        });
                        if ui.button(lang.pick("开封", "開封", "Open")).clicked() {
                            let size = session.setup().size;
                            let mv = if input.slip_point.trim().eq_ignore_ascii_case("pass") {
                                Some(crate::rules::Move::Pass)
                            } else {
                                Coord::from_gtp(input.slip_point.trim(), size)
                                    .map(crate::rules::Move::Play)
                            };
                            let digits: String = input
                                .slip_nonce
                                .chars()
                                .filter(|c| !c.is_whitespace())
                                .collect();
                            let nonce = crate::seal::hex::decode_array::<32>(&digits);
                            match (mv, nonce) {
                                (Some(mv), Some(nonce)) => {
                                    out.push(Command::Arbiter(ArbiterAct::UnsealWithSlip {
                                        mv,
                                        nonce,
                                    }));
                                }
                                _ => {
                                    ui.colored_label(
                                        super::theme::ILLEGAL,
                                        lang.pick(
                                            "着点或开封码不对（开封码为 64 位十六进制）",
                                            "著點或開封碼不對（開封碼為 64 位十六進位）",
                                            "The point or the nonce is not valid (the nonce has 64 hex digits)",
                                        ),
                                    );
                                }
                            }
                        }
                    },
                );
            } else if let Some(mover) = session.to_move() {
                ui.label(lang.pick(
                    format!("封棋中：{}思考后封棋", side_label(mover, lang)),
                    format!("封棋中：{}思考後封棋", side_label(mover, lang)),
                    format!("Adjourned: {} thinks, then seals", side_label(mover, lang)),
                ));
                if ui
                    .button(lang.pick(
                        "打开封棋屏幕",
                        "打開封棋螢幕",
                        "Open the sealed-move screen",
                    ))
                    .clicked()
                {
                    out.push(Command::Arbiter(ArbiterAct::OpenSeal(mover)));
                }
            }
        }
        _ => {}
    }
}

fn log_ui(ui: &mut egui::Ui, state: &AppState) {
    let lang = state.lang;
    let session = state.session();
    let area = egui::ScrollArea::vertical()
        .id_salt("arbiter-log")
        .max_height(220.0)
        .stick_to_bottom(true)
        .show(ui, |ui| {
            for e in session.log() {
                ui.label(crate::session::log_line(session, e, lang));
            }
        });
    crate::app::window_frame::name_scroll_bars(
        ui.ctx(),
        area.id,
        lang.pick("裁判记录", "裁判記錄", "Arbiter log"),
        lang,
    );
}

/// The arbiter's tab.
pub fn arbiter_ui(
    ui: &mut egui::Ui,
    state: &AppState,
    input: &mut ArbiterInput,
    out: &mut Vec<Command>,
    now: Timestamp,
) {
    let lang = state.lang;
    let session = state.session();
    ui.strong(status_text(state));
    ui.label(warnings_text(state));
    saved_ui(ui, state, input, out);
    lock_ui(ui, state, out, now);
    if let Some(gap) = state.game.gap {
        ui.separator();
        // The time away as it was measured: "32 s", "2 min 5 s" (never "about 0 min").
        let away = crate::i18n::span_text(gap.away, lang);
        ui.colored_label(
            super::theme::ILLEGAL,
            lang.pick(
                format!("程序中断了{away}，钟已停。这段时间是否计入轮到的一方？"),
                format!("程式中斷了{away}，鐘已停。這段時間是否計入輪到的一方？"),
                format!("The app was away {away}; the clocks are stopped. Charge that time to the side to move?"),
            ),
        );
        ui.horizontal(|ui| {
            if ui
                .button(lang.pick("计入 Charge it", "計入 Charge it", "Charge it"))
                .clicked()
            {
                out.push(Command::Gap(true));
            }
            if ui
                .button(lang.pick(
                    "不计入 Do not charge",
                    "不計入 Do not charge",
                    "Do not charge",
                ))
                .clicked()
            {
                out.push(Command::Gap(false));
            }
        });
        return;
    }
    // Issue 18 item 6: the desk's rulings for this game, entered with the PIN in one click.
    super::hall_view::desk_rulings_ui(ui, state, out);
    ui.separator();
    play_ui(ui, state, input, out);
    offered_rulings(ui, state, out);
    clock_ui(ui, state, out, now);
    if let Some((count, result)) = session.count() {
        ui.separator();
        ui.heading(lang.tr(Msg::EndOfGame));
        ui.label(lang.tr(Msg::MarkDeadHint));
        super::dead_stone_view::suggestion_ui(ui, state, out);
        ui.separator();
        count_ui(ui, &count, &result, state);
        ui.horizontal_wrapped(|ui| {
            if ui.button(lang.tr(Msg::AcceptResult)).clicked() {
                out.push(Command::AcceptCount);
            }
            if ui.button(lang.tr(Msg::ResumePlay)).clicked() {
                out.push(Command::ResumePlay);
            }
        });
    }
    ui.separator();
    egui::CollapsingHeader::new(lang.pick("裁决", "裁決", "Rulings"))
        .default_open(true)
        .show(ui, |ui| rulings_ui(ui, state, input, out, now));
    egui::CollapsingHeader::new(lang.pick("封棋", "封棋", "Adjournment"))
        .default_open(session.phase() == &Phase::Adjourned)
        .show(ui, |ui| adjournment_ui(ui, state, input, out));
    egui::CollapsingHeader::new(lang.tr(Msg::EventLog))
        .default_open(true)
        .show(ui, |ui| log_ui(ui, state));
    ui.horizontal_wrapped(|ui| {
        use super::command::SessionExport;
        for (label, kind) in [
            (
                lang.pick(
                    "对局报告（打印）",
                    "對局報告（列印）",
                    "Game report (print)",
                ),
                SessionExport::ReportHtml,
            ),
            (
                lang.pick("对局报告（文本）", "對局報告（文字）", "Game report (text)"),
                SessionExport::ReportText,
            ),
            (
                lang.pick("导出棋谱 SGF", "匯出棋譜 SGF", "Export SGF"),
                SessionExport::Sgf,
            ),
        ] {
            if ui.button(label).clicked() {
                out.push(Command::ExportSession(kind));
            }
        }
    });
}
