//! The side panel: game information, the arbiter's tools, review navigation, settings.

use super::AppState;
use super::arbiter_panel::ArbiterInput;
use super::command::{Command, Nav, Tab};
use super::new_game_dialog::komi_text;
use super::settings::Settings;
use crate::clock::Timestamp;
use crate::geometry::LabelStyle;
use crate::i18n::{Lang, Msg};
use crate::rules::{AreaCount, Color, GameResult, KoRule};
use crate::session::Phase;
use eframe::egui;

/// Draws the panel; returns the commands its controls emitted.
pub fn side_panel_ui(
    ui: &mut egui::Ui,
    state: &AppState,
    input: &mut ArbiterInput,
    now: Timestamp,
) -> Vec<Command> {
    let lang = state.lang;
    let mut out = Vec::new();
    ui.horizontal_wrapped(|ui| {
        for (tab, msg) in [
            (Tab::Info, Msg::TabInfo),
            (Tab::Arbiter, Msg::TabArbiter),
            (Tab::Review, Msg::TabReview),
            (Tab::Settings, Msg::TabSettings),
        ] {
            if ui
                .selectable_label(state.tab == tab, lang.tr(msg))
                .clicked()
            {
                out.push(Command::SetTab(tab));
            }
        }
    });
    ui.separator();
    let area = egui::ScrollArea::vertical().show(ui, |ui| match state.tab {
        Tab::Info => {
            info_ui(ui, state);
            ui.separator();
            super::dead_stone_view::suggestion_ui(ui, state, &mut out);
            navigation_ui(ui, state, &mut out);
        }
        Tab::Arbiter => super::arbiter_panel::arbiter_ui(ui, state, input, &mut out, now),
        // The review panel itself is drawn by the shell under this tab's header.
        Tab::Review => {}
        Tab::Settings => settings_ui(ui, state, &mut out),
    });
    crate::app::window_frame::name_scroll_bars(
        ui.ctx(),
        area.id,
        lang.pick("侧栏", "側欄", "Side panel"),
        lang,
    );
    out
}

/// A colour's name in `lang`.
pub fn colour_name(c: Color, lang: Lang) -> &'static str {
    lang.tr(match c {
        Color::Black => Msg::Black,
        Color::White => Msg::White,
    })
}

/// The result or state of the game in words.
pub fn status_text(state: &AppState) -> String {
    let lang = state.lang;
    match state.session().phase() {
        Phase::Finished(o) => lang.pick(o.zh_hans(), o.zh_hant(), o.en()),
        Phase::Counting => lang.tr(Msg::CountArea).to_owned(),
        Phase::PlacingHandicap { remaining } => lang.pick(
            format!("黑方放置让子，还剩{remaining}子"),
            format!("黑方放置讓子，還剩{remaining}子"),
            format!("Black places handicap stones: {remaining} left"),
        ),
        Phase::Playing => {
            let c = state.session().side_to_move();
            let sep = if lang == Lang::En { ": " } else { "：" };
            format!("{}{sep}{}", lang.tr(Msg::ToMove), colour_name(c, lang))
        }
        Phase::Adjourned => lang.pick("封棋", "封棋", "Adjourned").to_owned(),
    }
}

fn info_ui(ui: &mut egui::Ui, state: &AppState) {
    let lang = state.lang;
    let setup = state.session().setup();
    let game = state.session().game();
    egui::Grid::new("info-grid")
        .num_columns(2)
        .striped(true)
        .show(ui, |ui| {
            for (msg, p) in [(Msg::Black, &setup.black), (Msg::White, &setup.white)] {
                ui.label(lang.tr(msg));
                ui.label(format!("{} {}", p.name, p.rank));
                ui.end_row();
            }
            ui.label(lang.tr(Msg::Rules));
            ui.label(lang.tr(Msg::ChineseRules));
            ui.end_row();
            ui.label(lang.tr(Msg::KoRule));
            ui.label(lang.tr(match game.rules().ko {
                KoRule::Positional => Msg::KoPositional,
                KoRule::Situational => Msg::KoSituational,
                KoRule::Simple => Msg::KoSimple,
            }));
            ui.end_row();
            ui.label(lang.tr(Msg::Komi));
            ui.label(komi_text(game.rules().komi, lang));
            ui.end_row();
            ui.label(lang.tr(Msg::Handicap));
            ui.label(setup.handicap.stones().to_string());
            ui.end_row();
            ui.label(lang.tr(Msg::TimeControl));
            ui.label(setup.time_control.as_ref().map_or_else(
                || lang.tr(Msg::NoClock).to_owned(),
                |t| crate::i18n::time_control_text(t, lang),
            ));
            ui.end_row();
            ui.label(lang.tr(Msg::MoveCount));
            ui.label(game.move_number().to_string());
            ui.end_row();
            for c in [Color::Black, Color::White] {
                ui.label(format!(
                    "{} · {}",
                    lang.tr(Msg::Captures),
                    colour_name(c, lang)
                ));
                ui.label(game.captures(c).to_string());
                ui.end_row();
            }
            ui.label(lang.tr(Msg::Result));
            // Only a finished game has a result; before that the row says the game goes on.
            let result = match state.session().phase() {
                Phase::Playing | Phase::PlacingHandicap { .. } | Phase::Adjourned => lang
                    .pick("对局进行中", "對局進行中", "Game in progress")
                    .to_owned(),
                Phase::Finished(_) | Phase::Counting => status_text(state),
            };
            ui.label(result);
            ui.end_row();
        });
}

/// Half-stones as text: `184½`.
fn halves(h: u32) -> String {
    if h.is_multiple_of(2) {
        (h / 2).to_string()
    } else {
        format!("{}½", h / 2)
    }
}

/// The count as the result sheet shows it (Art. 9, 11).
pub fn count_ui(ui: &mut egui::Ui, count: &AreaCount, result: &GameResult, state: &AppState) {
    let lang = state.lang;
    let komi = state.session().game().rules().komi;
    let points = u32::from(count.size) * u32::from(count.size);
    egui::Grid::new("count-grid")
        .num_columns(3)
        .striped(true)
        .show(ui, |ui| {
            ui.label("");
            ui.strong(lang.tr(Msg::Black));
            ui.strong(lang.tr(Msg::White));
            ui.end_row();
            ui.label(lang.tr(Msg::Stones));
            ui.label(count.black_stones.to_string());
            ui.label(count.white_stones.to_string());
            ui.end_row();
            ui.label(lang.tr(Msg::Territory));
            ui.label(count.black_territory.to_string());
            ui.label(count.white_territory.to_string());
            ui.end_row();
            ui.label(lang.tr(Msg::DeadStones));
            ui.label(count.black_dead.to_string());
            ui.label(count.white_dead.to_string());
            ui.end_row();
            ui.label(lang.tr(Msg::SharedPoints));
            ui.label(halves(count.shared));
            ui.label(halves(count.shared));
            ui.end_row();
            ui.label(lang.tr(Msg::Total));
            ui.strong(halves(count.black_halves()));
            ui.strong(halves(count.white_halves()));
            ui.end_row();
        });
    ui.label(format!("{}: {}", lang.tr(Msg::Baseline), halves(points)));
    ui.label(format!("{}: {}", lang.tr(Msg::Komi), komi_text(komi, lang)));
    ui.strong(format!(
        "{}: {} ({})",
        lang.tr(Msg::Margin),
        lang.pick(result.zh_hans(), result.zh_hant(), result.en()),
        lang.pick(
            format!("{} 目", result.margin_points()),
            format!("{} 目", result.margin_points()),
            format!("{} points", result.margin_points())
        )
    ));
}

fn navigation_ui(ui: &mut egui::Ui, state: &AppState, out: &mut Vec<Command>) {
    let lang = state.lang;
    let live = state.live_moves();
    let shown = state.shown_move();
    ui.label(lang.pick(
        format!("第 {shown} 手 / 共 {live} 手"),
        format!("第 {shown} 手 / 共 {live} 手"),
        format!("Move {shown} of {live}"),
    ));
    ui.horizontal_wrapped(|ui| {
        for (nav, msg) in [
            (Nav::First, Msg::First),
            (Nav::Previous, Msg::Previous),
            (Nav::Next, Msg::Next),
            (Nav::Last, Msg::Last),
        ] {
            if ui.button(lang.tr(msg)).clicked() {
                out.push(Command::Navigate(nav));
            }
        }
    });
    let mut target = shown;
    let label = ui.label(lang.pick("转到第几手", "轉到第幾手", "Go to move"));
    if ui
        .add(egui::Slider::new(&mut target, 0..=live))
        .labelled_by(label.id)
        .changed()
    {
        out.push(Command::Navigate(Nav::To(target)));
    }
    if state.view_move.is_some() && ui.button(lang.tr(Msg::BackToGame)).clicked() {
        out.push(Command::Navigate(Nav::Last));
    }
}

/// The real-size scale: the monitor's reported size, or the user's ruler calibration.
fn real_size_ui(ui: &mut egui::Ui, state: &AppState, s: &mut Settings) {
    let lang = state.lang;
    let reported = state.screen_points_per_cm(ui.ctx().pixels_per_point());
    match (&state.screen, reported) {
        (Some(screen), Some(ppcm)) => {
            // The output's name is the display server's word (HDMI-1); nothing else in
            // English reaches a Chinese screen.
            let (w, h) = (screen.width_mm, screen.height_mm);
            let name = |open: &str, close: &str| {
                screen
                    .source
                    .as_ref()
                    .map(|s| format!("{open}{s}{close}"))
                    .unwrap_or_default()
            };
            ui.label(lang.pick(
                format!(
                    "显示器{}报告 {w}×{h} 毫米：每厘米 {ppcm:.1} 点",
                    name("（", "）")
                ),
                format!(
                    "螢幕{}回報 {w}×{h} 公釐：每公分 {ppcm:.1} 點",
                    name("（", "）")
                ),
                format!(
                    "The monitor{} reports {w}×{h} mm: {ppcm:.1} points per cm",
                    name(" (", ")")
                ),
            ));
            ui.radio_value(
                &mut s.points_per_cm_manual,
                false,
                lang.pick("按显示器尺寸", "依螢幕尺寸", "Use the monitor's size"),
            );
            ui.radio_value(
                &mut s.points_per_cm_manual,
                true,
                lang.pick("用尺子校准", "用尺校準", "Use my ruler calibration"),
            );
        }
        _ => {
            ui.label(lang.pick(
                "显示器没有报告可信的尺寸：请用尺子校准",
                "螢幕沒有回報可信的尺寸：請用尺校準",
                "The monitor reports no plausible size: calibrate with a ruler",
            ));
        }
    }
    ui.add_enabled_ui(s.points_per_cm_manual || reported.is_none(), |ui| {
        ui.horizontal(|ui| {
            let label = ui.label(lang.tr(Msg::PointsPerCm));
            ui.add(
                egui::DragValue::new(&mut s.points_per_cm)
                    .range(10.0..=200.0)
                    .speed(0.1),
            )
            .labelled_by(label.id);
        });
    });
}

fn settings_ui(ui: &mut egui::Ui, state: &AppState, out: &mut Vec<Command>) {
    let (settings, lang) = (&state.settings, state.lang);
    let mut s = settings.clone();
    ui.horizontal(|ui| {
        ui.label(lang.tr(Msg::MenuLanguage));
        for l in Lang::ALL {
            if ui.selectable_label(lang == l, l.native_name()).clicked() {
                out.push(Command::SetLang(l));
            }
        }
    });
    ui.checkbox(&mut s.show_coordinates, lang.tr(Msg::ShowCoordinates));
    ui.radio_value(
        &mut s.label_style,
        LabelStyle::LettersAndNumbers,
        lang.tr(Msg::CoordLetters),
    );
    ui.radio_value(
        &mut s.label_style,
        LabelStyle::NumbersOnly,
        lang.tr(Msg::CoordNumbers),
    );
    ui.checkbox(&mut s.show_move_numbers, lang.tr(Msg::ShowMoveNumbers));
    ui.checkbox(&mut s.show_last_move, lang.tr(Msg::ShowLastMove));
    ui.checkbox(
        &mut s.placing_presses_clock,
        lang.tr(Msg::PlacingPressesClock),
    );
    ui.checkbox(&mut s.real_size, lang.tr(Msg::RealSize));
    real_size_ui(ui, state, &mut s);
    ui.horizontal(|ui| {
        let label = ui.label(lang.tr(Msg::Volume));
        ui.add(egui::Slider::new(&mut s.volume, 0.0..=1.0))
            .labelled_by(label.id);
        ui.checkbox(&mut s.muted, lang.tr(Msg::Mute));
    });
    ui.horizontal(|ui| {
        let label = ui.label(lang.pick(
            "裁判锁：输入密码后保持打开（秒）",
            "裁判鎖：輸入密碼後保持打開（秒）",
            "Arbiter lock: stays open after the PIN (seconds)",
        ));
        ui.add(egui::Slider::new(
            &mut s.unlock_seconds,
            0..=super::host::lock::MAX_UNLOCK_SECONDS,
        ))
        .labelled_by(label.id);
    });
    // Issue 18 item 6: the Hall setting, Link / Unlink and the light.
    super::hall_view::settings_ui(ui, state, &mut s.hall, out);
    if &s != settings {
        out.push(Command::UpdateSettings(Box::new(s)));
    }
}
