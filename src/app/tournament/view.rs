//! The tournament window's views over [`TournamentState`]: players, the next round's pairing
//! (click two players to swap them before publishing) with its explanation (issue 19), result
//! entry, standings with the tie-break chain, and the crosstable. Standings and crosstable go
//! through one table view ([`table_ui`]) over the one standings function. They draw and
//! return [`Action`]s and file requests; they change nothing themselves.

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
    /// The late-entry form's inputs: name, rank, club, first round (issue 28).
    pub late: (String, String, String, u32),
}

impl Default for NewEventForm {
    fn default() -> NewEventForm {
        NewEventForm {
            system: System::Swiss,
            rounds: 0,
            seed: 0,
            late: Default::default(),
        }
    }
}

const SYSTEMS: [&str; 16] = [
    "roundrobin",
    "double-roundrobin",
    "swiss",
    "mcmahon",
    "rank-exam",
    "knockout",
    "double-knockout",
    "triple-knockout",
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
    let area = egui::ScrollArea::vertical().show(ui, |ui| match s.view {
        View::Players => {
            players_ui(ui, t, lang);
            late_entry_ui(ui, s, form, lang, &mut actions);
        }
        View::Pairing => pairing_ui(ui, s, t, lang, &mut actions),
        View::Results => results_ui(ui, s, t, lang, &mut actions),
        View::Standings => standings_ui(ui, t, lang),
        View::Crosstable => crosstable_ui(ui, t),
    });
    crate::app::window_frame::name_scroll_bars(
        ui.ctx(),
        area.id,
        lang.pick("赛事", "賽事", "Tournament"),
        lang,
    );
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
        let label = ui.label(lang.pick("赛制", "賽制", "System"));
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
            })
            .response
            .labelled_by(label.id);
        ui.end_row();
        let label = ui.label(lang.pick(
            "轮数（0 = 按赛制）",
            "輪數（0 = 按賽制）",
            "Rounds (0 = as the system needs)",
        ));
        ui.add(egui::DragValue::new(&mut form.rounds).range(0..=99))
            .labelled_by(label.id);
        ui.end_row();
        let label = ui.label(lang.pick("抽签种子", "抽籤種子", "Seed of the lots"));
        ui.add(egui::DragValue::new(&mut form.seed))
            .labelled_by(label.id);
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

/// A late entry: name, rank, club and the first round (the next by default).
fn late_entry_ui(
    ui: &mut egui::Ui,
    s: &TournamentState,
    form: &mut NewEventForm,
    lang: Lang,
    actions: &mut Vec<Action>,
) {
    ui.separator();
    let (name, rank, club, from) = &mut form.late;
    if *from == 0 {
        *from = s.next_round();
    }
    ui.horizontal(|ui| {
        ui.label(lang.pick("晚报名", "晚報名", "Late entry"));
        ui.add(
            egui::TextEdit::singleline(name)
                .hint_text(lang.pick("姓名", "姓名", "Name"))
                .desired_width(120.0),
        );
        ui.add(
            egui::TextEdit::singleline(rank)
                .hint_text(lang.pick("段位", "段位", "Rank"))
                .desired_width(40.0),
        );
        ui.add(
            egui::TextEdit::singleline(club)
                .hint_text(lang.pick("单位", "單位", "Club"))
                .desired_width(80.0),
        );
        ui.label(lang.pick("自第几轮", "自第幾輪", "from round"));
        ui.add(egui::DragValue::new(from).range(1..=99));
        if ui.button(lang.pick("加入", "加入", "Add")).clicked() {
            actions.push(Action::AddLateEntry {
                name: name.clone(),
                rank: rank.clone(),
                club: club.clone(),
                from_round: *from,
            });
            name.clear();
            rank.clear();
            club.clear();
        }
    });
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
            explain_button(ui, t, lang, actions);
            explanation_ui(ui, s, t, lang);
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
        explain_button(ui, t, lang, actions);
    });
    explanation_ui(ui, s, t, lang);
}

fn explain_button(ui: &mut egui::Ui, t: &Tournament, lang: Lang, actions: &mut Vec<Action>) {
    if matches!(t.system, System::McMahon | System::RankExam)
        && ui
            .button(lang.pick("为何这样编排？", "為何這樣編排？", "Why this pairing?"))
            .clicked()
    {
        actions.push(Action::Explain);
    }
}

/// The pairing explanation view: each pair's criteria met and broken and what the best
/// pairing without it would cost, with the round's certificate when it has one.
pub fn explanation_ui(ui: &mut egui::Ui, s: &TournamentState, t: &Tournament, lang: Lang) {
    let Some(e) = &s.explanation else { return };
    ui.separator();
    ui.monospace(crate::tournament::mcmahon::explain_text(t, e, lang));
    if let Some(c) = t.round(e.round).and_then(|r| r.certificate.as_ref()) {
        ui.label(lang.pick("编排证书", "編排證書", "Pairing certificate"));
        ui.monospace(c.text());
    }
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

/// The one table view: a header row and rows of cells, striped.
pub fn table_ui(ui: &mut egui::Ui, id: &str, header: &[String], rows: &[Vec<String>]) {
    egui::Grid::new(id).striped(true).show(ui, |ui| {
        for h in header {
            ui.strong(h);
        }
        ui.end_row();
        for r in rows {
            for c in r {
                ui.label(c);
            }
            ui.end_row();
        }
    });
}

/// The standings as the table view shows them: place, name, score, every value of the chain
/// (in `lang`) and what decided the place — individual and team events alike.
pub fn standings_table(
    s: &crate::tournament::Standings,
    lang: Lang,
) -> (Vec<String>, Vec<Vec<String>>) {
    let keys: Vec<String> = s
        .rows
        .first()
        .map(|r| r.values.iter().map(|(k, _)| k.clone()).collect())
        .unwrap_or_default();
    let mut header = vec![
        lang.pick("名次", "名次", "Place").to_string(),
        lang.pick("姓名", "姓名", "Name").to_string(),
        lang.pick("积分", "積分", "Score").to_string(),
    ];
    header.extend(keys.iter().map(|k| export::criterion_label(k, lang)));
    header.push(lang.pick("区分依据", "區分依據", "Decided by").to_string());
    let rows = s
        .rows
        .iter()
        .map(|r| {
            let mut cells = vec![
                format!("{}{}", r.place, if r.shared { "=" } else { "" }),
                r.name.clone(),
                r.score.to_string(),
            ];
            cells.extend(
                keys.iter()
                    .map(|k| r.value(k).map_or(String::new(), |v| v.to_string())),
            );
            cells.push(if r.shared {
                lang.pick("名次并列", "名次並列", "shared").to_string()
            } else {
                r.decided_by
                    .as_deref()
                    .map_or(String::new(), |k| export::criterion_label(k, lang))
            });
            cells
        })
        .collect();
    (header, rows)
}

fn standings_ui(ui: &mut egui::Ui, t: &Tournament, lang: Lang) {
    let s = crate::tournament::standings(t);
    ui.label(format!(
        "{}: {}",
        lang.pick("名次决定", "名次決定", "Ranked by"),
        export::chain_label(t, &s, lang, " > ")
    ));
    let (header, rows) = standings_table(&s, lang);
    table_ui(ui, "standings", &header, &rows);
    for n in &s.notes {
        ui.label(n);
    }
}

fn crosstable_ui(ui: &mut egui::Ui, t: &Tournament) {
    let s = crate::tournament::standings(t);
    let csv = export::standings_csv(t, &s);
    let mut rows: Vec<Vec<String>> = crate::tournament::csv_text::read(&csv)
        .unwrap_or_default()
        .into_iter()
        .map(|r| r.fields)
        .collect();
    if rows.is_empty() {
        return;
    }
    let header = rows.remove(0);
    table_ui(ui, "crosstable", &header, &rows);
}
