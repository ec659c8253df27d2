//! The hall at the table, drawn (issue 18 item 6): the Hall section of the Settings tab, the
//! status light with the backlog beside the clocks (and the open-server warning), the players'
//! confirmation of a result, and the desk's rulings in the Arbiter tab. Reads the host; returns
//! commands.

use super::AppState;
use super::command::Command;
use super::host::hall::{HallCommand, short_id};
use super::theme;
use crate::hall::link::HallSetting;
use crate::hall::outbox::{LinkStatus, Problem};
use crate::hall::ruling::Signature;
use crate::i18n::Lang;
use crate::rules::Color;
use eframe::egui;

/// The status light in words and colour; `None` while the table is not linked.
pub fn light_text(state: &AppState) -> Option<(egui::Color32, String)> {
    let lang = state.lang;
    let hall = &state.hall;
    hall.running.as_ref()?;
    let prefix = lang.pick("赛场", "賽場", "Hall");
    if let Some(why) = &hall.refused {
        return Some((
            theme::HALL_OFFLINE,
            format!(
                "{prefix}: {} ({why})",
                lang.pick(
                    "设置有误，未连接",
                    "設定有誤，未連接",
                    "not linked: the setting is refused"
                )
            ),
        ));
    }
    let (Some(_), Some(light)) = (&hall.ready, &hall.light) else {
        return Some((
            theme::HALL_WAITING,
            format!("{prefix}: {}", lang.pick("连接中…", "連接中…", "starting…")),
        ));
    };
    let backlog = light.backlog;
    let waiting = lang.pick(
        format!("积压 {backlog} 条"),
        format!("積壓 {backlog} 條"),
        format!("backlog {backlog}"),
    );
    let (colour, what) = match &light.status {
        // The server is there, the desk is not (stopped, crashed, cut off): say who is missing.
        LinkStatus::Connected | LinkStatus::CatchingUp { .. } if light.desk_silent => (
            theme::HALL_OFFLINE,
            lang.pick(
                "裁判长台没有应答：记录留在本机，恢复后补发",
                "裁判長台沒有應答：記錄留在本機，恢復後補發",
                "the desk does not answer: entries wait on this board",
            )
            .to_owned(),
        ),
        LinkStatus::Connected if backlog == 0 => (
            theme::HALL_CONNECTED,
            lang.pick("已连接裁判长台", "已連接裁判長台", "connected to the desk")
                .to_owned(),
        ),
        LinkStatus::Connected | LinkStatus::CatchingUp { .. } => (
            theme::HALL_WAITING,
            lang.pick("同步中", "同步中", "catching up").to_owned(),
        ),
        LinkStatus::Offline { .. } => (
            theme::HALL_OFFLINE,
            lang.pick(
                "离线：记录留在本机，恢复后补发",
                "離線：記錄留在本機，恢復後補發",
                "offline: entries wait on this board",
            )
            .to_owned(),
        ),
        LinkStatus::Stopped(Problem::Refused(why)) => (
            theme::HALL_OFFLINE,
            format!("{}: {why}", lang.pick("未发布", "未發布", "not published")),
        ),
        LinkStatus::Stopped(Problem::Undeliverable(n, why)) => (
            theme::HALL_OFFLINE,
            lang.pick(
                format!("第{n}条记录无法送达裁判长台（{why}）：留在本机，请找裁判长"),
                format!("第{n}條記錄無法送達裁判長台（{why}）：留在本機，請找裁判長"),
                format!("entry {n} cannot reach the desk ({why}): it stays on this board; see the chief arbiter"),
            ),
        ),
        LinkStatus::Stopped(Problem::Conflict(n)) => (
            theme::HALL_OFFLINE,
            lang.pick(
                format!("裁判长台的第{n}条记录不同：请找裁判长"),
                format!("裁判長台的第{n}條記錄不同：請找裁判長"),
                format!("the desk holds a different entry {n}: see the chief arbiter"),
            ),
        ),
    };
    Some((colour, format!("{prefix}: {what} · {waiting}")))
}

/// "Anyone on this network can publish", when the link runs without credentials.
fn open_server_text(state: &AppState) -> Option<&'static str> {
    let open = state.hall.ready.as_ref().is_some_and(|r| r.open_server)
        || state.hall.light.as_ref().is_some_and(|l| l.open_server);
    open.then(|| {
        state.lang.pick(
            "无凭证：赛场服务器开放，本网络上任何人都能发布",
            "無憑證：賽場伺服器開放，本網路上任何人都能發布",
            "No credentials: the hall's server is open, anyone on this network can publish",
        )
    })
}

/// The light, the backlog and the open-server warning, on one wrapped line.
fn light_ui(ui: &mut egui::Ui, state: &AppState) {
    let Some((colour, text)) = light_text(state) else {
        return;
    };
    ui.horizontal_wrapped(|ui| {
        // The light itself: a dot in the light's colour (painted: no glyph needed).
        let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
        ui.painter().circle_filled(rect.center(), 5.0, colour);
        ui.colored_label(colour, text);
        if let Some(open) = open_server_text(state) {
            ui.colored_label(theme::HALL_WAITING, open);
        }
    });
}

/// Beside the clocks: the hall's light and backlog, and a finished game's confirmation by
/// both players.
pub fn table_line_ui(ui: &mut egui::Ui, state: &AppState, out: &mut Vec<Command>) {
    light_ui(ui, state);
    confirm_result_ui(ui, state, out);
}

/// A hall table's finished game: the result, and one button for each player to confirm it.
/// The desk posts it only after both (`sign B`, `sign W` in the journal).
pub fn confirm_result_ui(ui: &mut egui::Ui, state: &AppState, out: &mut Vec<Command>) {
    let lang = state.lang;
    let session = state.session();
    let Some(outcome) = session.outcome() else {
        return;
    };
    if !session.setup().players_sign {
        return;
    }
    let result = lang.pick(outcome.zh_hans(), outcome.zh_hant(), outcome.en());
    let both = session.signed(Color::Black) && session.signed(Color::White);
    ui.horizontal_wrapped(|ui| {
        if both {
            ui.colored_label(
                theme::HALL_CONNECTED,
                lang.pick(
                    format!("结果 {result}：双方已确认，送交裁判长台"),
                    format!("結果 {result}：雙方已確認，送交裁判長台"),
                    format!("Result {result}: confirmed by both players, sent to the desk"),
                ),
            );
            return;
        }
        ui.colored_label(
            theme::HALL_WAITING,
            lang.pick(
                format!("结果 {result}：请双方确认后送交裁判长台"),
                format!("結果 {result}：請雙方確認後送交裁判長台"),
                format!("Result {result}: both players confirm it before it goes to the desk"),
            ),
        );
        let setup = session.setup();
        for (c, name) in [
            (Color::Black, &setup.black.name),
            (Color::White, &setup.white.name),
        ] {
            let side = super::side_panel::colour_name(c, lang);
            let who = if name.trim().is_empty() {
                side.to_owned()
            } else {
                format!("{side} {}", name.trim())
            };
            if session.signed(c) {
                ui.label(lang.pick(
                    format!("{who} 已确认"),
                    format!("{who} 已確認"),
                    format!("{who} confirmed"),
                ));
            } else if ui
                .button(lang.pick(
                    format!("{who}：确认结果"),
                    format!("{who}：確認結果"),
                    format!("{who}: confirm the result"),
                ))
                .clicked()
            {
                out.push(Command::Hall(HallCommand::Sign(c)));
            }
        }
    });
}

fn field(ui: &mut egui::Ui, label: &str, value: &mut String, hint: &str, secret: bool) {
    ui.horizontal(|ui| {
        let l = ui.label(label);
        ui.add(
            egui::TextEdit::singleline(value)
                .desired_width(220.0)
                .hint_text(hint)
                .password(secret),
        )
        .labelled_by(l.id);
    });
}

/// The Hall section of the Settings tab: the setting (edited in `s`, the settings' copy the
/// tab saves), Link / Unlink, and the light.
pub fn settings_ui(
    ui: &mut egui::Ui,
    state: &AppState,
    s: &mut HallSetting,
    out: &mut Vec<Command>,
) {
    let lang = state.lang;
    ui.separator();
    ui.strong(lang.pick(
        "赛场（裁判长台）",
        "賽場（裁判長台）",
        "Hall (the chief arbiter's desk)",
    ));
    ui.small(lang.pick(
        "连接一次：本台的每局对局都自动送交裁判长台，裁判长的裁决出现在裁判页。",
        "連接一次：本台的每局對局都自動送交裁判長台，裁判長的裁決出現在裁判頁。",
        "Link once: every game at this table goes to the desk, and the desk's rulings appear in the Arbiter tab.",
    ));
    field(
        ui,
        lang.pick("服务器", "伺服器", "Server"),
        &mut s.server,
        "nats://192.168.1.10:4222",
        false,
    );
    field(
        ui,
        lang.pick("赛事代号", "賽事代號", "Event"),
        &mut s.event,
        "cityopen",
        false,
    );
    field(
        ui,
        lang.pick("台号", "台號", "Table"),
        &mut s.table,
        "7",
        false,
    );
    // A join code is a secret (the board's key): never shown once typed.
    let code = s.creds.trim_start().starts_with("ty1:");
    field(
        ui,
        lang.pick(
            "加入码或凭证文件",
            "加入碼或憑證檔案",
            "Join code or credentials file",
        ),
        &mut s.creds,
        "ty1:… / table-7.creds",
        code,
    );
    field(
        ui,
        lang.pick(
            "裁判长公钥（开放服务器用，可不填）",
            "裁判長公鑰（開放伺服器用，可不填）",
            "Desk key (open server only, optional)",
        ),
        &mut s.desk_key,
        "",
        false,
    );
    let running = state.hall.running.as_ref();
    ui.horizontal_wrapped(|ui| match running {
        None => {
            if ui
                .button(lang.pick("连接本台", "連接本台", "Link this table"))
                .clicked()
            {
                s.enabled = true;
                out.push(Command::Hall(HallCommand::Link));
            }
        }
        Some(r) => {
            let mut draft = s.clone();
            draft.enabled = r.enabled;
            if &draft != r
                && ui
                    .button(lang.pick(
                        "按新设置重新连接",
                        "按新設定重新連接",
                        "Link again with these settings",
                    ))
                    .clicked()
            {
                s.enabled = true;
                out.push(Command::Hall(HallCommand::Link));
            }
            if ui
                .button(lang.pick("断开本台", "斷開本台", "Unlink"))
                .clicked()
            {
                s.enabled = false;
                out.push(Command::Hall(HallCommand::Unlink));
            }
        }
    });
    light_ui(ui, state);
    if let Some(note) = state
        .hall
        .light
        .as_ref()
        .and_then(|l| l.note.as_deref())
        .filter(|n| *n != crate::hall::OPEN_SERVER_WARNING)
    {
        ui.small(format!("{}: {note}", lang.pick("连接", "連接", "Link")));
    }
    if running.is_some() {
        ui.small(lang.pick(
            format!("本局已送出 {} 条记录（含设置）", state.hall.lines_carried()),
            format!("本局已送出 {} 條記錄（含設定）", state.hall.lines_carried()),
            format!(
                "{} entries of this game carried (the setup included)",
                state.hall.lines_carried()
            ),
        ));
    }
}

fn signature_text(s: Signature, lang: Lang) -> (egui::Color32, &'static str) {
    match s {
        Signature::Verified => (
            theme::HALL_CONNECTED,
            lang.pick("签名已验证", "簽名已驗證", "signature verified"),
        ),
        Signature::NoKey => (
            theme::HALL_WAITING,
            lang.pick(
                "无裁判长公钥：不能录入",
                "無裁判長公鑰：不能錄入",
                "no desk key: cannot be entered",
            ),
        ),
        Signature::Bad => (
            theme::HALL_OFFLINE,
            lang.pick("签名不对：拒绝", "簽名不對：拒絕", "bad signature: refused"),
        ),
    }
}

/// A ruling's action in words (the shorthand beside it).
fn act_text(act: &str, size: u8, lang: Lang) -> String {
    match crate::session::shorthand::parse_action_text(act, size) {
        Ok((crate::session::shorthand::Action::Event(e), _, note)) => {
            let words = crate::session::event_text(&e, size, lang);
            match note {
                Some(n) => format!("{words} · {n}"),
                None => words,
            }
        }
        _ => act.to_owned(),
    }
}

/// The Arbiter tab's section of the desk's rulings for the game at the board: id, action,
/// signature state, and "Enter" (the PIN, once) or the entry that entered it.
pub fn desk_rulings_ui(ui: &mut egui::Ui, state: &AppState, out: &mut Vec<Command>) {
    let lang = state.lang;
    if !state.hall_shown() && state.hall.rulings.is_empty() {
        return;
    }
    let (rows, earlier) = state.desk_rulings();
    let size = state.session().setup().size;
    egui::CollapsingHeader::new(lang.pick(
        "裁判长台的裁决",
        "裁判長台的裁決",
        "Rulings from the desk",
    ))
    .default_open(true)
    .show(ui, |ui| {
        light_ui(ui, state);
        if rows.is_empty() {
            ui.small(lang.pick(
                "本局没有裁判长的裁决",
                "本局沒有裁判長的裁決",
                "No ruling from the desk for this game",
            ));
        }
        for row in &rows {
            let r = &row.ruling;
            let short = short_id(&r.id);
            ui.horizontal_wrapped(|ui| {
                ui.strong(&short).on_hover_text(&r.id);
                ui.label(act_text(&r.act, size, lang));
                let (colour, sig) = signature_text(row.signature, lang);
                ui.colored_label(colour, sig);
            });
            if let Some(n) = row.entered {
                ui.label(lang.pick(
                    format!("已录入为第{n}条"),
                    format!("已錄入為第{n}條"),
                    format!("entered as entry {n}"),
                ));
            } else if row.entering {
                ui.label(lang.pick("录入中…", "錄入中…", "entering…"));
            } else {
                let name = r.id.split('-').next().unwrap_or(&r.id);
                if ui
                    .add_enabled(
                        row.signature == Signature::Verified,
                        egui::Button::new(lang.pick(
                            format!("录入裁决 {name}（裁判密码）"),
                            format!("錄入裁決 {name}（裁判密碼）"),
                            format!("Enter ruling {name} (PIN)"),
                        )),
                    )
                    .clicked()
                {
                    out.push(Command::Hall(HallCommand::Accept(r.id.clone())));
                }
            }
            ui.add_space(4.0);
        }
        if earlier > 0 {
            ui.small(lang.pick(
                format!("另有 {earlier} 条裁决属于本台以前的对局"),
                format!("另有 {earlier} 條裁決屬於本台以前的對局"),
                format!("{earlier} ruling(s) for earlier games at this table"),
            ));
        }
    });
}
