//! The menu bar, the keyboard shortcuts and the help window that lists them.

use super::AppState;
use super::command::{Command, Nav, PlayerAction, Tab};
use crate::app::protocol::WindowId;
use crate::i18n::{Lang, Msg};
use eframe::egui::{self, Key, Modifiers};

/// Every shortcut: keys, modifiers, what it does (shown in the help window from this same table,
/// so the help never disagrees with the keys).
const SHORTCUTS: &[(&str, Modifiers, Key, Msg)] = &[
    ("Space", Modifiers::NONE, Key::Space, Msg::PressClock),
    ("P", Modifiers::NONE, Key::P, Msg::Pass),
    ("Ctrl+Z", Modifiers::COMMAND, Key::Z, Msg::Undo),
    ("Ctrl+N", Modifiers::COMMAND, Key::N, Msg::NewGame),
    ("Ctrl+E", Modifiers::COMMAND, Key::E, Msg::ConfirmEnd),
    (
        "Ctrl+Enter",
        Modifiers::COMMAND,
        Key::Enter,
        Msg::AcceptResult,
    ),
    ("Ctrl+P", Modifiers::COMMAND, Key::P, Msg::Pause),
    ("T", Modifiers::NONE, Key::T, Msg::TimeCheck),
    ("←", Modifiers::NONE, Key::ArrowLeft, Msg::Previous),
    ("→", Modifiers::NONE, Key::ArrowRight, Msg::Next),
    ("Home", Modifiers::NONE, Key::Home, Msg::First),
    ("End", Modifiers::NONE, Key::End, Msg::Last),
    ("F1", Modifiers::NONE, Key::F1, Msg::Shortcuts),
    ("F2", Modifiers::NONE, Key::F2, Msg::TabInfo),
    ("F3", Modifiers::NONE, Key::F3, Msg::TabArbiter),
    ("F4", Modifiers::NONE, Key::F4, Msg::TabReview),
    ("F5", Modifiers::NONE, Key::F5, Msg::TabSettings),
    ("Ctrl+Q", Modifiers::COMMAND, Key::Q, Msg::Quit),
];

/// Shortcuts that act on the live game on the board (never while the review tab shows
/// another record).
fn acts_on_live_game(msg: Msg) -> bool {
    matches!(
        msg,
        Msg::PressClock | Msg::Pass | Msg::ConfirmEnd | Msg::AcceptResult | Msg::TimeCheck
    )
}

fn command_for(msg: Msg, state: &AppState) -> Option<Command> {
    Some(match msg {
        Msg::PressClock => Command::Player(state.session().to_move()?, PlayerAction::Press),
        Msg::Pass => Command::Player(state.session().to_move()?, PlayerAction::Pass),
        Msg::Undo => Command::Undo,
        Msg::NewGame => Command::OpenNewGameDialog,
        Msg::ConfirmEnd => Command::Player(state.session().to_move()?, PlayerAction::Confirm),
        Msg::AcceptResult => Command::AcceptCount,
        Msg::Pause => {
            let paused = state
                .session()
                .clock()
                .is_some_and(|k| k.paused().is_some());
            if paused {
                // Nothing to resume where Resume cannot act.
                if !state.can_resume() {
                    return None;
                }
                Command::Resume
            } else {
                Command::Pause
            }
        }
        Msg::TimeCheck => Command::TimeCheck,
        Msg::Previous => Command::Navigate(Nav::Previous),
        Msg::Next => Command::Navigate(Nav::Next),
        Msg::First => Command::Navigate(Nav::First),
        Msg::Last => Command::Navigate(Nav::Last),
        Msg::Shortcuts => Command::ShowHelp(!state.show_help),
        Msg::TabInfo => Command::SetTab(Tab::Info),
        Msg::TabArbiter => Command::SetTab(Tab::Arbiter),
        Msg::TabReview => Command::SetTab(Tab::Review),
        Msg::TabSettings => Command::SetTab(Tab::Settings),
        Msg::Quit => Command::Quit,
        _ => return None,
    })
}

/// The commands of the shortcuts pressed this frame. Nothing while a text field has the
/// keyboard (typing "p" in a name must not pass), except function keys.
pub fn shortcut_commands(ctx: &egui::Context, state: &AppState) -> Vec<Command> {
    let typing = ctx.egui_wants_keyboard_input();
    let mut out = Vec::new();
    ctx.input_mut(|i| {
        for &(_, mods, key, msg) in SHORTCUTS {
            let function_key = matches!(key, Key::F1 | Key::F2 | Key::F3 | Key::F4 | Key::F5);
            // In the review tab the review panel owns the navigation keys, and Ctrl+Z acts on
            // the record shown, not on the game behind it.
            // The game's own keys (press, pass, confirm, accept, time check) never act on a
            // live game hidden behind the review tab: a key acts on what is shown.
            let review_key = matches!(
                key,
                Key::ArrowLeft | Key::ArrowRight | Key::Home | Key::End | Key::Z
            ) || acts_on_live_game(msg);
            if (typing && !function_key)
                || state.new_game.is_some()
                || state.modal_open()
                || (review_key && state.tab == Tab::Review)
                // A child solving problems in their window must not play in the game behind.
                || (state.windows.problems.shown && (acts_on_live_game(msg) || msg == Msg::Undo))
            {
                continue;
            }
            if i.consume_key(mods, key)
                && let Some(c) = command_for(msg, state)
            {
                out.push(c);
            }
        }
    });
    out
}

/// Ctrl+Q alone (teaching mode has no menu bar; leaving the app goes through the teacher's
/// PIN like every other way out).
pub fn quit_shortcut(ctx: &egui::Context) -> Vec<Command> {
    let mut out = Vec::new();
    if ctx.input_mut(|i| i.consume_key(Modifiers::COMMAND, Key::Q)) {
        out.push(Command::Quit);
    }
    out
}

/// The sub-windows of the Game menu, one row each: the window and its label in Simplified
/// Chinese, Traditional Chinese and English.
pub const WINDOW_ROWS: [(WindowId, [&str; 3]); 2] = [
    (WindowId::Tournament, ["赛事…", "賽事…", "Tournament…"]),
    (WindowId::Problems, ["死活题…", "死活題…", "Problems…"]),
];

/// The menu bar; returns the commands of the items clicked.
pub fn menu_bar_ui(ui: &mut egui::Ui, state: &AppState) -> Vec<Command> {
    let lang = state.lang;
    let mut out = Vec::new();
    egui::MenuBar::new().ui(ui, |ui| {
        ui.menu_button(lang.tr(Msg::MenuGame), |ui| {
            if ui.button(lang.tr(Msg::NewGame)).clicked() {
                out.push(Command::OpenNewGameDialog);
            }
            // The sub-windows the Game menu opens: one row each.
            for (id, [hans, hant, en]) in WINDOW_ROWS {
                if ui.button(lang.pick(hans, hant, en)).clicked() {
                    out.push(Command::open(id));
                }
            }
            ui.separator();
            if ui.button(lang.tr(Msg::Quit)).clicked() {
                out.push(Command::Quit);
            }
        });
        ui.menu_button(lang.tr(Msg::MenuView), |ui| {
            for (tab, msg) in [
                (Tab::Info, Msg::TabInfo),
                (Tab::Arbiter, Msg::TabArbiter),
                (Tab::Review, Msg::TabReview),
                (Tab::Settings, Msg::TabSettings),
            ] {
                if ui.button(lang.tr(msg)).clicked() {
                    out.push(Command::SetTab(tab));
                }
            }
            ui.separator();
            if ui.button(lang.tr(Msg::ClockOnlyMode)).clicked() {
                out.push(Command::ClockOnlyMode);
            }
            if ui
                .button(crate::i18n::TeachText::TeachingMode.text(lang))
                .clicked()
            {
                out.push(Command::TeachingMode(true));
            }
        });
        ui.menu_button(lang.tr(Msg::MenuLanguage), |ui| {
            for l in Lang::ALL {
                if ui.selectable_label(lang == l, l.native_name()).clicked() {
                    out.push(Command::SetLang(l));
                }
            }
        });
        ui.menu_button(lang.tr(Msg::MenuHelp), |ui| {
            if ui.button(lang.tr(Msg::Shortcuts)).clicked() {
                out.push(Command::ShowHelp(true));
            }
            if ui.button(lang.tr(Msg::About)).clicked() {
                out.push(Command::ShowAbout(true));
            }
        });
    });
    out
}

/// The keyboard help and about windows, when open.
pub fn help_windows(ctx: &egui::Context, state: &AppState) -> Vec<Command> {
    let lang = state.lang;
    let mut out = Vec::new();
    if state.show_help {
        let placement = crate::app::window_frame::Placement::default();
        let title = lang.tr(Msg::Shortcuts);
        let (_, closed) = crate::app::window_frame::window_ui(
            ctx,
            "shortcuts",
            title,
            lang,
            placement,
            true,
            |ui| {
                let area = egui::ScrollArea::vertical().max_height(620.0).show(ui, |ui| {
            // The game's keys and the review tab's side by side, so the list fits a 768-high
            // screen; it scrolls where even that does not fit.
            ui.horizontal_top(|ui| {
                egui::Grid::new("shortcut-grid").num_columns(2).striped(true).show(ui, |ui| {
                    for &(keys, _, _, msg) in SHORTCUTS {
                        ui.monospace(keys);
                        ui.label(lang.tr(msg));
                        ui.end_row();
                    }
                    ui.monospace(lang.pick("点击", "點擊", "Click"));
                    ui.label(lang.pick(
                        "落子；数子时标记死子；点击走动中的钟面即按钟",
                        "落子；數子時標記死子；點擊走動中的鐘面即按鐘",
                        "Play; mark dead stones while counting; a click on the running clock face presses it",
                    ));
                    ui.end_row();
                });
                ui.add_space(16.0);
                ui.vertical(|ui| {
                    ui.strong(lang.tr(Msg::TabReview));
                    egui::Grid::new("review-shortcut-grid").num_columns(2).striped(true).show(ui, |ui| {
                        for s in super::review::shortcuts::REVIEW_SHORTCUTS {
                            ui.monospace(s.keys);
                            ui.label(s.action.describe(lang));
                            ui.end_row();
                        }
                        let (wheel, what) = super::review::shortcuts::wheel_help(lang);
                        ui.monospace(wheel);
                        ui.label(what);
                        ui.end_row();
                    });
                });
            });
            ui.label(lang.pick(
                "裁判面板的“坐标”栏可用键盘输入着点（如 D4）。",
                "裁判面板的「座標」欄可用鍵盤輸入著點（如 D4）。",
                "The arbiter tab's Point field takes a move from the keyboard (e.g. D4).",
            ));
            if ui.button(lang.tr(Msg::Close)).clicked() {
                out.push(Command::ShowHelp(false));
            }
            });
                crate::app::window_frame::name_scroll_bars(
                    ui.ctx(),
                    area.id,
                    lang.tr(Msg::Shortcuts),
                    lang,
                );
            },
        );
        if closed {
            out.push(Command::ShowHelp(false));
        }
    }
    if state.show_about {
        let placement = crate::app::window_frame::Placement::default();
        let title = lang.tr(Msg::About);
        let (_, closed) =
            crate::app::window_frame::window_ui(ctx, "about", title, lang, placement, true, |ui| {
                ui.label(lang.tr(Msg::AboutText));
                ui.label(concat!("tianyuan ", env!("CARGO_PKG_VERSION")));
                if ui.button(lang.tr(Msg::Close)).clicked() {
                    out.push(Command::ShowAbout(false));
                }
            });
        if closed {
            out.push(Command::ShowAbout(false));
        }
    }
    out
}
