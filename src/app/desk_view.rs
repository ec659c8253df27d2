//! The chief arbiter's desk as tiles: one per table, those needing the chief arbiter first
//! (red), each with the players, the move number, both clocks (读秒 and the reserved minutes),
//! warnings, the last ruling, the result, how the board is heard and its backlog, and the
//! chief arbiter's two actions — "seen" and a ruling sent to the board. Above the tiles a
//! banner says when the desk itself is cut off ("desk disconnected since 14:02:07": every
//! tile's state is then "unknown") and the desk's alerts. A thin view over the desk's
//! snapshot: it draws and returns commands, nothing else.

use std::collections::BTreeMap;

use eframe::egui::{self, RichText};

use crate::hall::desk::BoardSeen;
use crate::hall::desk::{Snapshot, Tile};
use crate::hall::desk_link::DeskCommand;
use crate::hall::page::face_text;
use crate::i18n::Lang;

use super::theme;

/// What the view keeps between frames: the ruling being typed for each table.
#[derive(Clone, Debug, Default)]
pub struct DeskViewState {
    /// The ruling text per table.
    pub drafts: BTreeMap<u32, String>,
}

fn tile_ui(ui: &mut egui::Ui, t: &Tile, draft: &mut String, lang: Lang) -> Option<DeskCommand> {
    let fill = if !t.attention.is_empty() {
        theme::TILE_ATTENTION
    } else if t.result.is_some() {
        theme::TILE_FINISHED
    } else {
        theme::TILE_PLAYING
    };
    let mut out = None;
    egui::Frame::new()
        .fill(fill)
        .inner_margin(8.0)
        .corner_radius(4.0)
        .show(ui, |ui| {
            ui.vertical(|ui| {
                ui.set_width(theme::TILE_WIDTH);
                // The colours as words: the UI font has no stone glyphs outside the monospace one.
                let (b, w) = (lang.pick("黑", "黑", "B"), lang.pick("白", "白", "W"));
                let table = lang.pick("台", "台", "Table");
                ui.label(
                    RichText::new(format!("{table} {}", t.table))
                        .strong()
                        .size(18.0),
                );
                ui.label(format!("{b} {}  ·  {w} {}", t.black, t.white));
                let moves = lang.pick("手数", "手數", "Move");
                ui.label(format!("{moves} {}  ·  {}", t.moves, t.phase));
                if let Some(c) = &t.clocks {
                    let face = |f: &crate::hall::desk::tile::ClockFace| {
                        let mark = if f.running { "▶" } else { " " };
                        format!("{mark}{}", face_text(f, lang))
                    };
                    ui.monospace(format!("● {}   ○ {}", face(&c[0]), face(&c[1])));
                }
                let warn = lang.pick("警告", "警告", "Warnings");
                ui.label(format!(
                    "{warn}: {b} {}  {w} {}",
                    t.warnings[0], t.warnings[1]
                ));
                if let Some(r) = &t.last_ruling {
                    ui.label(RichText::new(r).italics());
                }
                if let Some(r) = &t.result {
                    let result = lang.pick("结果", "結果", "Result");
                    ui.label(RichText::new(format!("{result}: {r}")).strong());
                }
                if !matches!(t.link, BoardSeen::Online | BoardSeen::Done) {
                    ui.label(RichText::new(t.link.text(lang)).strong());
                }
                if t.board_waiting > 0 {
                    let backlog = lang.pick("积压", "積壓", "backlog");
                    ui.label(format!("{backlog}: {}", t.board_waiting));
                }
                for n in &t.notes {
                    ui.label(RichText::new(n).color(egui::Color32::YELLOW));
                }
                if let Some(p) = &t.problem {
                    ui.label(RichText::new(p).color(egui::Color32::YELLOW));
                }
                if !t.attention.is_empty() {
                    let reasons: Vec<&str> = t.attention.iter().map(|r| r.text(lang)).collect();
                    ui.label(
                        RichText::new(reasons.join(" · "))
                            .strong()
                            .color(egui::Color32::WHITE),
                    );
                    if ui.button(lang.pick("已处理", "已處理", "Seen")).clicked() {
                        out = Some(DeskCommand::Seen(t.table));
                    }
                }
                if t.rulings_pending > 0 {
                    let sent = lang.pick(
                        "裁决待棋盘确认",
                        "裁決待棋盤確認",
                        "rulings awaiting the board",
                    );
                    ui.label(format!("{sent}: {}", t.rulings_pending));
                }
                ui.horizontal(|ui| {
                    let hint = lang.pick(
                        "裁决，如 loss W 25.2",
                        "裁決，如 loss W 25.2",
                        "ruling, e.g. loss W 25.2",
                    );
                    ui.add(
                        egui::TextEdit::singleline(draft)
                            .hint_text(hint)
                            .desired_width(170.0),
                    );
                    if ui.button(lang.pick("发送", "發送", "Send")).clicked()
                        && !draft.trim().is_empty()
                    {
                        out = Some(DeskCommand::Rule {
                            table: t.table,
                            act: std::mem::take(draft),
                        });
                    }
                });
            });
        });
    out
}

fn banner(ui: &mut egui::Ui, text: &str) {
    egui::Frame::new()
        .fill(theme::TILE_ATTENTION)
        .inner_margin(6.0)
        .show(ui, |ui| {
            ui.label(
                RichText::new(text)
                    .strong()
                    .size(18.0)
                    .color(egui::Color32::WHITE),
            );
        });
}

/// Draws every tile; returns the chief arbiter's commands.
pub fn desk_ui(
    ui: &mut egui::Ui,
    snapshot: &Snapshot,
    state: &mut DeskViewState,
    lang: Lang,
) -> Vec<DeskCommand> {
    let mut commands = Vec::new();
    let need = snapshot
        .tiles
        .iter()
        .filter(|t| !t.attention.is_empty())
        .count();
    let done = snapshot.tiles.iter().filter(|t| t.result.is_some()).count();
    // The desk's own state first: a desk cut off cannot tell a board offline.
    if !snapshot.desk.connected {
        let text = format!(
            "{} {} {} — {}",
            lang.pick("裁判长台断线", "裁判長台斷線", "desk disconnected"),
            lang.pick("自", "自", "since"),
            snapshot.desk.since,
            lang.pick(
                "各台状态未知",
                "各台狀態未知",
                "every table's state is unknown"
            )
        );
        banner(ui, &text);
    }
    for a in &snapshot.desk.alerts {
        banner(ui, a);
    }
    if snapshot.desk.open_server {
        ui.label(lang.pick(
            "开放服务器（无凭据）：本网络上任何人都能发布",
            "開放伺服器（無憑據）：本網路上任何人都能發布",
            "open server (no credentials): anyone on this network can publish",
        ));
    }
    ui.heading(format!(
        "{} · {}: {}  ·  {}: {}  ·  {}: {}",
        snapshot.event,
        lang.pick("台数", "台數", "tables"),
        snapshot.tiles.len(),
        lang.pick("需处理", "需處理", "need you"),
        need,
        lang.pick("已结束", "已結束", "finished"),
        done
    ));
    // Rows of as many tiles as fit, in the snapshot's order (those needing the chief arbiter
    // first), each row as tall as its tallest tile.
    let spacing = ui.spacing().item_spacing.x;
    let outer = theme::TILE_WIDTH + 16.0 + spacing;
    let columns = (((ui.available_width() + spacing) / outer).floor() as usize).max(1);
    let area = egui::ScrollArea::vertical().show(ui, |ui| {
        for row in snapshot.tiles.chunks(columns) {
            ui.horizontal_top(|ui| {
                for t in row {
                    let draft = state.drafts.entry(t.table).or_default();
                    if let Some(c) = tile_ui(ui, t, draft, lang) {
                        commands.push(c);
                    }
                }
            });
        }
    });
    crate::app::window_frame::name_scroll_bars(
        ui.ctx(),
        area.id,
        lang.pick("各台", "各台", "Tables"),
        lang,
    );
    commands
}
