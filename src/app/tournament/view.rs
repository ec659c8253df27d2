//! The tournament window's views over [`TournamentState`]: players, the next round's pairing
//! (click two players to swap them before publishing), result entry, standings with the
//! tie-break chain, and the crosstable. They draw and return [`Action`]s and file requests;
//! they change nothing themselves.

use super::state::{Action, Slot, TournamentState, View};
use crate::i18n::Lang;
use crate::tournament::{Outcome, System, Tournament, export};
use eframe::egui;

/// What the window asks of the file jobs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileRequest {
    /// Open an event (RON or OpenGotha XML).
    OpenEvent,
    /// Start an event from players.csv.
    OpenPlayers,
    /// Save the event (RON).
    Save,
    /// Save under a new name.
    SaveAs,
    /// Export the printable standings and crosstable.
    ExportHtml,
}

/// The new-event form's choices (view-local, not saved).
#[derive(Clone, Debug)]
pub struct NewEventForm {
    /// The system.
    pub system: System,
    /// Rounds (0: what the system needs).
    pub rounds: u32,
    /// The seed of the lots.
    pub seed: u64,
}

impl Default for NewEventForm {
    fn default() -> NewEventForm {
        NewEventForm {
            system: System::Swiss,
            rounds: 0,
            seed: 0,
        }
    }
}

const SYSTEMS: [&str; 13] = [
    "roundrobin",
    "double-roundrobin",
    "swiss",
    "knockout",
    "double-knockout",
    "best-of-3",
    "best-of-5",
    "best-of-7",
    "ten-game",
    "team-roundrobin",
    "team-swiss",
    "team-allplay",
    "arena",
];

fn tab_name(v: View, lang: Lang) -> &'static str {
    match v {
        View::Players => lang.pick("棋手", "棋手", "Players"),
        View::Pairing => lang.pick("编排", "編排", "Pairing"),
        View::Results => lang.pick("成绩录入", "成績錄入", "Results"),
        View::Standings => lang.pick("名次", "名次", "Standings"),
        View::Crosstable => lang.pick("成绩总表", "成績總表", "Crosstable"),
    }
}

/// The window's contents.
pub fn tournament_ui(
    ui: &mut egui::Ui,
    s: &TournamentState,
    form: &mut NewEventForm,
    lang: Lang,
) -> (Vec<Action>, Vec<FileRequest>) {
    let mut actions = Vec::new();
    let mut files = Vec::new();
    ui.horizontal(|ui| {
        if ui
            .button(lang.pick("打开赛事…", "打開賽事…", "Open event…"))
            .clicked()
        {
            files.push(FileRequest::OpenEvent);
        }
        if s.event.is_some() {
            let save = lang.pick("保存", "儲存", "Save");
            if ui
                .button(if s.unsaved {
                    format!("{save} *")
                } else {
                    save.to_string()
                })
                .clicked()
            {
                files.push(if s.path.is_some() {
                    FileRequest::Save
                } else {
                    FileRequest::SaveAs
                });
            }
            if ui
                .button(lang.pick("打印成绩表…", "列印成績表…", "Print standings…"))
                .clicked()
            {
                files.push(FileRequest::ExportHtml);
            }
        }
    });
    ui.separator();
    let Some(t) = &s.event else {
        new_event_ui(ui, form, lang, &mut files);
        message_ui(ui, s);
        return (actions, files);
    };
    ui.horizontal(|ui| {
        for v in [
            View::Players,
            View::Pairing,
            View::Results,
            View::Standings,
            View::Crosstable,
        ] {
            if ui
                .selectable_label(s.view == v, tab_name(v, lang))
                .clicked()
            {
                actions.push(Action::Show(v));
            }
        }
    });
    ui.separator();
    egui::ScrollArea::vertical().show(ui, |ui| match s.view {
        View::Players => players_ui(ui, t, lang),
        View::Pairing => pairing_ui(ui, s, t, lang, &mut actions),
        View::Results => results_ui(ui, s, t, lang, &mut actions),
        View::Standings => standings_ui(ui, t, lang),
        View::Crosstable => crosstable_ui(ui, t),
    });
    message_ui(ui, s);
    (actions, files)
}

fn message_ui(ui: &mut egui::Ui, s: &TournamentState) {
    if let Some(m) = &s.message {
        ui.separator();
        ui.colored_label(crate::app::theme::ILLEGAL, m);
    }
}

fn new_event_ui(
    ui: &mut egui::Ui,
    form: &mut NewEventForm,
    lang: Lang,
    files: &mut Vec<FileRequest>,
) {
    ui.label(lang.pick("新赛事：选择赛制，然后打开 players.csv（name,rank,club,team,withdrawn_after_round）。", "新賽事：選擇賽制，然後打開 players.csv（name,rank,club,team,withdrawn_after_round）。", "New event: choose the system, then open players.csv (name,rank,club,team,withdrawn_after_round)."));
    egui::Grid::new("new-event").num_columns(2).show(ui, |ui| {
        ui.label(lang.pick("赛制", "賽制", "System"));
        egui::ComboBox::from_id_salt("system")
            .selected_text(form.system.name())
            .show_ui(ui, |ui| {
                for name in SYSTEMS {
                    if let Some(sys) = System::parse(name)
                        && ui.selectable_label(form.system == sys, name).clicked()
                    {
                        form.system = sys;
                    }
                }
            });
        ui.end_row();
        ui.label(lang.pick(
            "轮数（0 = 按赛制）",
            "輪數（0 = 按賽制）",
            "Rounds (0 = as the system needs)",
        ));
        ui.add(egui::DragValue::new(&mut form.rounds).range(0..=99));
        ui.end_row();
        ui.label(lang.pick("抽签种子", "抽籤種子", "Seed of the lots"));
        ui.add(egui::DragValue::new(&mut form.seed));
        ui.end_row();
    });
    if ui
        .button(lang.pick(
            "打开 players.csv…",
            "打開 players.csv…",
            "Open players.csv…",
        ))
        .clicked()
    {
        files.push(FileRequest::OpenPlayers);
    }
}

fn players_ui(ui: &mut egui::Ui, t: &Tournament, lang: Lang) {
    ui.label(format!(
        "{} · {} · {} {}",
        t.name,
        t.system.name(),
        t.rounds,
        lang.pick("轮", "輪", "rounds")
    ));
    egui::Grid::new("players")
        .striped(true)
        .num_columns(6)
        .show(ui, |ui| {
            for h in [
                lang.pick("序号", "序號", "No."),
                lang.pick("姓名", "姓名", "Name"),
                lang.pick("段位", "段位", "Rank"),
                lang.pick("单位", "單位", "Club"),
                lang.pick("队", "隊", "Team"),
                lang.pick("退出", "退出", "Withdrew"),
            ] {
                ui.strong(h);
            }
            ui.end_row();
            for p in &t.players {
                ui.label(p.lot.to_string());
                ui.label(&p.name);
                ui.label(p.rank.map_or(String::new(), |r| r.to_string()));
                ui.label(&p.club);
                ui.label(&p.team);
                ui.label(match p.withdrawn_after_round {
                    None => String::new(),
                    Some(0) => lang.pick("赛前", "賽前", "before the start").to_string(),
                    Some(w) => format!("{} {w}", lang.pick("第几轮后", "第幾輪後", "after round")),
                });
                ui.end_row();
            }
        });
}

fn pairing_ui(
    ui: &mut egui::Ui,
    s: &TournamentState,
    t: &Tournament,
    lang: Lang,
    actions: &mut Vec<Action>,
) {
    let Some(d) = &s.draft else {
        ui.horizontal(|ui| {
            if ui
                .button(format!(
                    "{} {}",
                    lang.pick("编排第", "編排第", "Pair round"),
                    s.next_round()
                ))
                .clicked()
            {
                actions.push(Action::DraftNext);
            }
        });
        if let Some(r) = t.played.last() {
            ui.label(format!(
                "{} {}",
                lang.pick("已公布：第", "已公佈：第", "Published: round"),
                r.number
            ));
            ui.monospace(export::pairing_text(t, r.number));
        }
        return;
    };
    ui.label(lang.pick(
        "点击两名棋手以交换（公布前）。",
        "點擊兩名棋手以交換（公佈前）。",
        "Click two players to swap them (before publishing).",
    ));
    let picked = s.picked;
    let mut slot = |ui: &mut egui::Ui, sl: Slot, name: &str| {
        if ui.selectable_label(picked == Some(sl), name).clicked() {
            actions.push(Action::Pick(sl));
        }
    };
    egui::Grid::new("draft")
        .striped(true)
        .num_columns(3)
        .show(ui, |ui| {
            ui.strong(lang.pick("台次", "台次", "Board"));
            ui.strong(lang.pick("黑方", "黑方", "Black"));
            ui.strong(lang.pick("白方", "白方", "White"));
            ui.end_row();
            for (i, g) in d.games.iter().enumerate() {
                ui.label(g.board.to_string());
                slot(ui, Slot::Black(i), t.name_of(g.black));
                slot(ui, Slot::White(i), t.name_of(g.white));
                ui.end_row();
            }
            for (i, &b) in d.byes.iter().enumerate() {
                ui.label(lang.pick("轮空", "輪空", "Bye"));
                slot(ui, Slot::Bye(i), t.name_of(b));
                ui.end_row();
            }
        });
    for w in s.draft_warnings() {
        ui.colored_label(crate::app::theme::ILLEGAL, w);
    }
    ui.horizontal(|ui| {
        if ui.button(lang.pick("公布", "公佈", "Publish")).clicked() {
            actions.push(Action::Publish);
        }
        if ui.button(lang.pick("放弃", "放棄", "Discard")).clicked() {
            actions.push(Action::Discard);
        }
    });
}

const RESULTS: [Option<Outcome>; 8] = [
    None,
    Some(Outcome::BlackWins),
    Some(Outcome::WhiteWins),
    Some(Outcome::Draw),
    Some(Outcome::BlackWinsByForfeit),
    Some(Outcome::WhiteWinsByForfeit),
    Some(Outcome::BothLose),
    Some(Outcome::NotPlayed),
];

fn result_text(o: Option<Outcome>, lang: Lang) -> &'static str {
    match o {
        None => lang.pick("进行中", "進行中", "playing"),
        Some(Outcome::BlackWins) => lang.pick("黑胜", "黑勝", "B"),
        Some(Outcome::WhiteWins) => lang.pick("白胜", "白勝", "W"),
        Some(Outcome::Draw) => lang.pick("和棋", "和棋", "D"),
        Some(Outcome::BlackWinsByForfeit) => lang.pick("黑不战胜", "黑不戰勝", "BF"),
        Some(Outcome::WhiteWinsByForfeit) => lang.pick("白不战胜", "白不戰勝", "WF"),
        Some(Outcome::BothLose) => lang.pick("双负", "雙負", "LL"),
        Some(Outcome::NotPlayed) => lang.pick("未赛", "未賽", "not played"),
    }
}

fn results_ui(
    ui: &mut egui::Ui,
    s: &TournamentState,
    t: &Tournament,
    lang: Lang,
    actions: &mut Vec<Action>,
) {
    ui.horizontal(|ui| {
        for r in &t.played {
            if ui
                .selectable_label(
                    s.round == r.number,
                    format!("{} {}", lang.pick("第", "第", "R"), r.number),
                )
                .clicked()
            {
                actions.push(Action::ShowRound(r.number));
            }
        }
    });
    let Some(r) = t.round(s.round) else {
        ui.label(lang.pick("尚未编排", "尚未編排", "Not paired yet"));
        return;
    };
    egui::Grid::new("results")
        .striped(true)
        .num_columns(5)
        .show(ui, |ui| {
            for h in [
                lang.pick("台次", "台次", "Board"),
                lang.pick("黑方", "黑方", "Black"),
                lang.pick("白方", "白方", "White"),
                lang.pick("结果", "結果", "Result"),
                lang.pick("警告（黑/白）", "警告（黑/白）", "Warnings (B/W)"),
            ] {
                ui.strong(h);
            }
            ui.end_row();
            for g in &r.games {
                ui.label(g.board.to_string());
                ui.label(t.name_of(g.black));
                ui.label(t.name_of(g.white));
                egui::ComboBox::from_id_salt(("result", r.number, g.board))
                    .selected_text(result_text(g.outcome, lang))
                    .show_ui(ui, |ui| {
                        for o in RESULTS {
                            if ui
                                .selectable_label(g.outcome == o, result_text(o, lang))
                                .clicked()
                                && g.outcome != o
                            {
                                actions.push(Action::SetResult {
                                    round: r.number,
                                    board: g.board,
                                    outcome: o,
                                });
                            }
                        }
                    });
                ui.horizontal(|ui| {
                    let (mut b, mut w) = (g.black_warnings, g.white_warnings);
                    let changed = ui.add(egui::DragValue::new(&mut b).range(0..=9)).changed()
                        | ui.add(egui::DragValue::new(&mut w).range(0..=9)).changed();
                    if changed {
                        actions.push(Action::SetWarnings {
                            round: r.number,
                            board: g.board,
                            black: b,
                            white: w,
                        });
                    }
                });
                ui.end_row();
            }
            for &b in &r.byes {
                ui.label("–");
                ui.label(t.name_of(b));
                ui.label(lang.pick("轮空", "輪空", "bye"));
                ui.end_row();
            }
        });
}

fn standings_ui(ui: &mut egui::Ui, t: &Tournament, lang: Lang) {
    let s = crate::tournament::standings(t);
    ui.label(format!(
        "{}: {}",
        lang.pick("名次决定", "名次決定", "Ranked by"),
        export::chain_text(t, &s)
    ));
    let keys: Vec<String> = s
        .rows
        .first()
        .map(|r| r.values.iter().map(|(k, _)| k.clone()).collect())
        .unwrap_or_default();
    egui::Grid::new("standings").striped(true).show(ui, |ui| {
        ui.strong(lang.pick("名次", "名次", "Place"));
        ui.strong(lang.pick("姓名", "姓名", "Name"));
        ui.strong(lang.pick("积分", "積分", "Score"));
        for k in &keys {
            ui.strong(export::criterion_label(k, lang));
        }
        ui.strong(lang.pick("区分依据", "區分依據", "Decided by"));
        ui.end_row();
        for r in &s.rows {
            ui.label(format!("{}{}", r.place, if r.shared { "=" } else { "" }));
            ui.label(&r.name);
            ui.label(r.score.to_string());
            for k in &keys {
                ui.label(r.value(k).map_or(String::new(), |v| v.to_string()));
            }
            ui.label(if r.shared {
                lang.pick("名次并列", "名次並列", "shared").to_string()
            } else {
                r.decided_by.clone().unwrap_or_default()
            });
            ui.end_row();
        }
    });
    for n in &s.notes {
        ui.label(n);
    }
}

fn crosstable_ui(ui: &mut egui::Ui, t: &Tournament) {
    let s = crate::tournament::standings(t);
    let csv = export::standings_csv(t, &s);
    let rows = crate::tournament::csv_text::read(&csv).unwrap_or_default();
    egui::Grid::new("crosstable").striped(true).show(ui, |ui| {
        for r in rows {
            for f in r.fields {
                ui.label(f);
            }
            ui.end_row();
        }
    });
}
