//! Every control of the window has a name (issue 29 item 5): the accessibility tree — the one
//! accesskit hands to AT-SPI, which screen readers and `tydrive.py` read — is walked over every
//! tab, sub-window and dialog, in English and in Chinese, and a test fails on an interactive
//! node without a name. A Chinese screen is also checked for English words in its names.

use std::rc::Rc;

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::NodeT;
use tianyuan::app::review_tools::ToolsAction;
use tianyuan::app::{Command, Tab, TianyuanApp, WindowId};
use tianyuan::audio::NullAnnouncer;
use tianyuan::clock::Timestamp;
use tianyuan::i18n::Lang;
use tianyuan::time::ManualTimeSource;

#[path = "support/app_rig.rs"]
mod app_rig;

type H = Harness<'static, TianyuanApp>;

/// The roles a user acts on: each needs a name.
fn interactive(role: egui::accesskit::Role) -> bool {
    use egui::accesskit::Role as R;
    matches!(
        role,
        R::Button
            | R::DefaultButton
            | R::CheckBox
            | R::RadioButton
            | R::Switch
            | R::TextInput
            | R::MultilineTextInput
            | R::SearchInput
            | R::PasswordInput
            | R::ComboBox
            | R::EditableComboBox
            | R::Slider
            | R::SpinButton
            | R::Link
            | R::MenuItem
            | R::MenuItemCheckBox
            | R::MenuItemRadio
            | R::Tab
            | R::ScrollBar
            | R::Splitter
    )
}

/// Whether a node is one a user acts on: an interactive role, or anything else that takes a
/// click (a window's drag bar, say) but text.
fn acts(n: &egui::accesskit::Node) -> bool {
    use egui::accesskit::Role as R;
    interactive(n.role())
        || (n.supports_action(egui::accesskit::Action::Click)
            && !matches!(n.role(), R::Label | R::TextRun | R::Image | R::Canvas))
}

/// The interactive nodes without a name, with where they are.
fn unnamed(h: &H) -> Vec<String> {
    h.root()
        .children_recursive()
        .filter_map(|node| {
            let n = node.accesskit_node();
            let name = n.label().unwrap_or_default();
            (acts(n.data()) && name.trim().is_empty()).then(|| {
                let r = node.rect();
                format!(
                    "{:?} at ({:.0}, {:.0}) {:.0}×{:.0}",
                    n.role(),
                    r.min.x,
                    r.min.y,
                    r.width(),
                    r.height()
                )
            })
        })
        .collect()
}

/// Names of interactive nodes that carry English words on a Chinese screen (beyond the
/// pinned names kept beside the Chinese ones, file names, coordinates and engine names).
fn english_on_chinese(h: &H) -> Vec<String> {
    const PINNED: [&str; 12] = [
        "Unlock",
        "Charge it",
        "Do not charge",
        "Save",
        "Discard",
        "Cancel",
        "Not now",
        "Lock now",
        "PIN",
        "unfinished",
        "nonce",
        "GNU Go",
    ];
    h.root()
        .children_recursive()
        .filter_map(|node| {
            let n = node.accesskit_node();
            let name = n.label().unwrap_or_default();
            let mut rest = name.clone();
            for p in PINNED {
                rest = rest.replace(p, "");
            }
            // A word of three letters or more, of the English alphabet, that is not a file's
            // name (players.csv) nor a language's own name (English).
            let english = rest
                .split_whitespace()
                .filter(|w| !w.contains('.') && *w != "English")
                .flat_map(|w| w.split(|c: char| !c.is_ascii_alphabetic()))
                .any(|w| w.len() >= 3 && !["SGF", "SVG", "HTML", "GTP", "CSV"].contains(&w));
            (acts(n.data()) && english).then_some(name)
        })
        .collect()
}

fn rig(lang: Lang) -> H {
    let time = Rc::new(ManualTimeSource::at(Timestamp(1_000)));
    let mut h = app_rig::app_harness(
        lang,
        egui::vec2(1200.0, 900.0),
        &time,
        &NullAnnouncer::new(),
    );
    h.run_steps(3);
    h
}

fn show(h: &mut H, cmds: Vec<Command>) {
    h.state_mut().apply(cmds);
    app_rig::settle_rounds(h, 1, 3);
}

/// Every screen a referee, a reviewer or a teacher goes through, with its unnamed controls.
fn walk(lang: Lang) -> Vec<(String, Vec<String>, Vec<String>)> {
    let mut h = rig(lang);
    let mut found = Vec::new();
    let mut look = |h: &H, screen: &str| {
        let english = if lang == Lang::En {
            Vec::new()
        } else {
            english_on_chinese(h)
        };
        found.push((screen.to_owned(), unnamed(h), english));
    };
    for tab in [Tab::Info, Tab::Arbiter, Tab::Review, Tab::Settings] {
        show(&mut h, vec![Command::SetTab(tab)]);
        look(&h, &format!("{tab:?} tab"));
    }
    show(
        &mut h,
        vec![Command::window(
            WindowId::ReviewTools,
            ToolsAction::EngineDialog(true),
        )],
    );
    look(&h, "engine review window");
    show(
        &mut h,
        vec![
            Command::window(WindowId::ReviewTools, ToolsAction::EngineDialog(false)),
            Command::open(WindowId::Problems),
        ],
    );
    look(&h, "problems window");
    show(
        &mut h,
        vec![
            Command::close(WindowId::Problems),
            Command::open(WindowId::Tournament),
        ],
    );
    look(&h, "tournament window");
    show(
        &mut h,
        vec![
            Command::close(WindowId::Tournament),
            Command::OpenNewGameDialog,
        ],
    );
    look(&h, "new game dialog");
    show(
        &mut h,
        vec![Command::CloseNewGameDialog, Command::TeachingMode(true)],
    );
    look(&h, "teaching mode");
    found
}

fn check(lang: Lang) {
    let found = walk(lang);
    let mut faults = Vec::new();
    for (screen, unnamed, english) in found {
        if !unnamed.is_empty() {
            faults.push(format!("{screen}: unnamed {unnamed:?}"));
        }
        if !english.is_empty() {
            faults.push(format!(
                "{screen}: English on a {lang:?} screen {english:?}"
            ));
        }
    }
    assert!(faults.is_empty(), "{lang:?}:\n{}", faults.join("\n"));
}

#[test]
fn issue29_every_control_has_a_name_in_english() {
    check(Lang::En);
}

#[test]
fn issue29_every_control_has_a_name_and_no_english_in_chinese() {
    check(Lang::ZhHans);
}

#[test]
#[ignore]
fn dump_tree() {
    let mut h = rig(Lang::En);
    show(&mut h, vec![Command::open(WindowId::Problems)]);
    show(
        &mut h,
        vec![Command::window(
            WindowId::ReviewTools,
            ToolsAction::EngineDialog(true),
        )],
    );
    for node in h.root().children_recursive() {
        let n = node.accesskit_node();
        eprintln!(
            "{:?} {:?} {:?} actions={:?}",
            n.role(),
            n.label(),
            n.data().bounds(),
            n.data().supports_action(egui::accesskit::Action::Click)
        );
    }
}
