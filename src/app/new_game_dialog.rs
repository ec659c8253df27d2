//! The new-game dialog drawn: board size, ko rule, komi in stones, handicap, time control,
//! players. Its fields are [`NewGameDialog`] (egui-free, owned by the shell while it is open).

use super::command::Command;
use super::settings::SavedKoRule;
use crate::clock::TimeControl;
use crate::i18n::{Lang, Msg};
use crate::rules::{Komi, MAX_SIZE, MIN_SIZE};
use eframe::egui;

pub use super::new_game::{NewGameDialog, komi_text};

/// Time-control presets offered as buttons (SPEC strings of the clock module).
const TIME_PRESETS: [&str; 5] = [
    "chinese:limit=60m,reserve=5",
    "chinese:limit=10m,reserve=1",
    "japanese:main=30m,periods=3x30s",
    "fischer:main=10m,inc=10s",
    "sudden:main=30m",
];

impl NewGameDialog {
    /// Draws the dialog; returns the command to start or cancel.
    pub fn ui(&mut self, ui: &mut egui::Ui, lang: Lang) -> Option<Command> {
        let mut cmd = None;
        egui::Grid::new("new-game-grid")
            .num_columns(2)
            .spacing([12.0, 8.0])
            .show(ui, |ui| {
                ui.label(lang.tr(Msg::BoardSize));
                ui.horizontal(|ui| {
                    for n in [9u8, 13, 19] {
                        ui.selectable_value(&mut self.size, n, format!("{n}×{n}"));
                    }
                    ui.label(lang.tr(Msg::OtherSize));
                    ui.add(egui::DragValue::new(&mut self.size).range(MIN_SIZE..=MAX_SIZE))
                        .on_hover_text(lang.tr(Msg::BoardSize));
                });
                ui.end_row();

                ui.label(lang.tr(Msg::KoRule));
                ui.vertical(|ui| {
                    ui.radio_value(
                        &mut self.ko,
                        SavedKoRule::Positional,
                        lang.tr(Msg::KoPositional),
                    );
                    ui.radio_value(
                        &mut self.ko,
                        SavedKoRule::Situational,
                        lang.tr(Msg::KoSituational),
                    );
                    ui.radio_value(&mut self.ko, SavedKoRule::Simple, lang.tr(Msg::KoSimple));
                });
                ui.end_row();

                ui.label(lang.tr(Msg::Komi));
                ui.horizontal(|ui| {
                    for q in [15, 11, 0] {
                        ui.selectable_value(&mut self.komi_quarters, q, Komi(q).to_string());
                    }
                    if ui.button("−¼").clicked() {
                        self.komi_quarters = self.komi_quarters.saturating_sub(1).max(-400);
                    }
                    ui.label(komi_text(Komi(self.komi_quarters), lang));
                    if ui.button("+¼").clicked() {
                        self.komi_quarters = self.komi_quarters.saturating_add(1).min(400);
                    }
                });
                ui.end_row();

                ui.label(lang.tr(Msg::Handicap));
                ui.vertical(|ui| {
                    ui.horizontal_wrapped(|ui| {
                        if ui
                            .selectable_value(&mut self.handicap, 0, lang.tr(Msg::HandicapNone))
                            .clicked()
                        {
                            // Back to an even game: its komi again (Art. 11).
                            self.komi_quarters = self.even_komi_quarters;
                        }
                        for n in 2u8..=9 {
                            if ui
                                .selectable_value(&mut self.handicap, n, n.to_string())
                                .clicked()
                            {
                                // Art. 11: handicap games have no komi.
                                self.komi_quarters = 0;
                            }
                        }
                    });
                    if self.handicap >= 2 {
                        ui.horizontal(|ui| {
                            ui.radio_value(
                                &mut self.free_handicap,
                                false,
                                lang.tr(Msg::HandicapFixed),
                            );
                            ui.radio_value(
                                &mut self.free_handicap,
                                true,
                                lang.tr(Msg::HandicapFree),
                            );
                        });
                        if self.free_handicap {
                            ui.label(lang.tr(Msg::HandicapFreeHint));
                        }
                    }
                });
                ui.end_row();

                for (label, player) in
                    [(Msg::Black, &mut self.black), (Msg::White, &mut self.white)]
                {
                    ui.label(lang.tr(label));
                    ui.horizontal(|ui| {
                        let name = ui.label(lang.tr(Msg::Name));
                        ui.add(egui::TextEdit::singleline(&mut player.name).desired_width(120.0))
                            .labelled_by(name.id);
                        let rank = ui.label(lang.tr(Msg::Rank));
                        ui.add(egui::TextEdit::singleline(&mut player.rank).desired_width(60.0))
                            .labelled_by(rank.id);
                    });
                    ui.end_row();
                }

                ui.label(lang.tr(Msg::TimeControl));
                ui.vertical(|ui| {
                    ui.horizontal_wrapped(|ui| {
                        ui.selectable_value(
                            &mut self.time_spec,
                            String::new(),
                            lang.tr(Msg::NoClock),
                        );
                        for p in TIME_PRESETS {
                            // Presets in words in the interface language, not SPEC strings.
                            let words = p
                                .parse::<TimeControl>()
                                .map(|t| crate::i18n::time_control_text(&t, lang))
                                .unwrap_or_else(|_| p.to_owned());
                            ui.selectable_value(&mut self.time_spec, p.to_owned(), words);
                        }
                    });
                    let label = ui.label(lang.tr(Msg::ClockSpec));
                    ui.text_edit_singleline(&mut self.time_spec)
                        .labelled_by(label.id);
                });
                ui.end_row();
            });

        self.arbiter_ui(ui, lang);
        let parsed = self.request(lang);
        if let Err(why) = &parsed {
            ui.colored_label(ui.visuals().error_fg_color, why);
        }
        ui.separator();
        ui.horizontal(|ui| {
            if ui
                .add_enabled(parsed.is_ok(), egui::Button::new(lang.tr(Msg::Start)))
                .clicked()
                && let Ok(request) = parsed
            {
                cmd = Some(Command::NewGame(Box::new(request)));
            }
            if ui.button(lang.tr(Msg::Cancel)).clicked() {
                cmd = Some(Command::CloseNewGameDialog);
            }
        });
        cmd
    }
}

impl NewGameDialog {
    /// The arbiter's part: event, round, table, colours by lot, clock-only mode, the PIN.
    fn arbiter_ui(&mut self, ui: &mut egui::Ui, lang: Lang) {
        egui::CollapsingHeader::new(lang.pick("比赛与裁判", "比賽與裁判", "Event and arbiter"))
            .default_open(true)
            .show(ui, |ui| {
                egui::Grid::new("new-game-arbiter").num_columns(2).show(ui, |ui| {
                    for (label, value) in [
                        (lang.pick("比赛", "比賽", "Event"), &mut self.event),
                        (lang.pick("轮次", "輪次", "Round"), &mut self.round),
                        (lang.pick("台次", "台次", "Table"), &mut self.table),
                    ] {
                        let l = ui.label(label);
                        ui.add(egui::TextEdit::singleline(value).desired_width(160.0))
                            .labelled_by(l.id);
                        ui.end_row();
                    }
                    ui.label(lang.pick("执子", "執子", "Colours"));
                    ui.horizontal(|ui| {
                        if ui
                            .button(lang.pick("猜先（第10条）", "猜先（第10條）", "Nigiri (Art. 10)"))
                            .clicked()
                        {
                            // The lot: who takes Black is drawn from the system's generator,
                            // and the setup records that the colours were decided by nigiri.
                            if crate::entropy::bytes::<1>().is_ok_and(|b| b[0] & 1 == 1) {
                                std::mem::swap(&mut self.black, &mut self.white);
                            }
                            self.colours = crate::session::Colours::Nigiri;
                        }
                        ui.radio_value(
                            &mut self.colours,
                            crate::session::Colours::Draw,
                            lang.pick("抽签", "抽籤", "Organisers' draw"),
                        );
                        ui.radio_value(
                            &mut self.colours,
                            crate::session::Colours::Given,
                            lang.pick("按编排", "按編排", "As paired"),
                        );
                        if self.colours == crate::session::Colours::Nigiri {
                            ui.label(lang.pick("已猜先", "已猜先", "by nigiri"));
                        }
                    });
                    ui.end_row();
                    let l = ui.label(lang.pick("裁判密码", "裁判密碼", "Arbiter PIN"));
                    ui.add(
                        egui::TextEdit::singleline(&mut self.pin)
                            .password(true)
                            .desired_width(160.0)
                            .hint_text(lang.pick("裁决需要", "裁決需要", "needed for rulings")),
                    )
                    .labelled_by(l.id);
                    ui.end_row();
                });
                ui.checkbox(
                    &mut self.clock_only,
                    lang.pick(
                        "仅计时（实体棋盘，只记录按钟和裁决）",
                        "僅計時（實體棋盤，只記錄按鐘和裁決）",
                        "Clock only (physical board: presses and rulings are recorded)",
                    ),
                );
                if crate::seal::check_pin(&self.pin) == Ok(crate::seal::PinStrength::DigitsOnly) {
                    ui.small(lang.pick(
                        "纯数字密码可在数小时内被离线破解，建议8位以上并含字母",
                        "純數字密碼可在數小時內被離線破解，建議8位以上並含字母",
                        "A PIN of digits only falls to an offline search in hours: use 8+ characters with letters",
                    ));
                }
            });
    }
}
