//! The review tab's keys in one table: the handler reads it and so can the help window, so
//! the two never disagree. The wheel over the board steps through moves too.

use eframe::egui::{Key, Modifiers};

use super::command::{Nav, ReviewCommand};
use crate::i18n::Lang;

/// What a review key does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewAction {
    /// Move the cursor.
    Nav(Nav),
    /// Take back the last edit of the record shown.
    Undo,
    /// Do the last undone edit again.
    Redo,
    /// Save the record.
    Save,
    /// Open another record.
    Open,
    /// Open the "go to move" window.
    GoTo,
    /// Pass in the record shown (a pass node at the cursor).
    Pass,
}

impl ReviewAction {
    /// The command it gives; `None` for [`ReviewAction::GoTo`], which opens a window of the
    /// panel's own.
    pub fn command(self) -> Option<ReviewCommand> {
        Some(match self {
            ReviewAction::Nav(nav) => ReviewCommand::Nav(nav),
            ReviewAction::Undo => ReviewCommand::Undo,
            ReviewAction::Redo => ReviewCommand::Redo,
            ReviewAction::Save => ReviewCommand::Save,
            ReviewAction::Open => ReviewCommand::OpenDialog,
            ReviewAction::GoTo => return None,
            ReviewAction::Pass => ReviewCommand::Play(crate::rules::Move::Pass),
        })
    }

    /// What it does, in `lang`, for the help window.
    pub fn describe(self, lang: Lang) -> &'static str {
        match self {
            ReviewAction::Nav(Nav::Next) => lang.pick("下一手", "下一手", "Next move"),
            ReviewAction::Nav(Nav::Prev) => lang.pick("上一手", "上一手", "Previous move"),
            ReviewAction::Nav(Nav::First) => lang.pick("开始", "開始", "First move"),
            ReviewAction::Nav(Nav::Last) => lang.pick("最后", "最後", "Last move"),
            ReviewAction::Nav(Nav::NextVariation) => {
                lang.pick("下一变化", "下一變化", "Next variation")
            }
            ReviewAction::Nav(Nav::PrevVariation) => {
                lang.pick("上一变化", "上一變化", "Previous variation")
            }
            ReviewAction::Nav(_) => lang.pick("转到", "轉到", "Go to"),
            ReviewAction::Undo => lang.pick(
                "撤销棋谱的修改",
                "復原棋譜的修改",
                "Undo an edit of the record",
            ),
            ReviewAction::Redo => lang.pick("重做", "重做", "Redo"),
            ReviewAction::Save => lang.pick("保存棋谱", "儲存棋譜", "Save the record"),
            ReviewAction::Open => lang.pick("打开棋谱", "打開棋譜", "Open a record"),
            ReviewAction::GoTo => lang.pick("转到第几手", "轉到第幾手", "Go to move"),
            ReviewAction::Pass => {
                lang.pick("在棋谱中停一手", "在棋譜中停一手", "Pass in the record")
            }
        }
    }
}

/// One key of the review tab.
#[derive(Clone, Copy, Debug)]
pub struct ReviewShortcut {
    /// As written in the help: "Ctrl+Shift+Z".
    pub keys: &'static str,
    /// The modifiers (matched logically: an extra Shift is ignored, so the longer
    /// combinations come first in the table).
    pub modifiers: Modifiers,
    /// The key.
    pub key: Key,
    /// What it does.
    pub action: ReviewAction,
}

const fn shortcut(
    keys: &'static str,
    modifiers: Modifiers,
    key: Key,
    action: ReviewAction,
) -> ReviewShortcut {
    ReviewShortcut {
        keys,
        modifiers,
        key,
        action,
    }
}

const COMMAND_SHIFT: Modifiers = Modifiers {
    alt: false,
    ctrl: false,
    shift: true,
    mac_cmd: false,
    command: true,
};

/// The review tab's keys, most specific first.
pub const REVIEW_SHORTCUTS: &[ReviewShortcut] = &[
    shortcut("Ctrl+Shift+Z", COMMAND_SHIFT, Key::Z, ReviewAction::Redo),
    shortcut("Ctrl+Z", Modifiers::COMMAND, Key::Z, ReviewAction::Undo),
    shortcut("Ctrl+Y", Modifiers::COMMAND, Key::Y, ReviewAction::Redo),
    shortcut("Ctrl+S", Modifiers::COMMAND, Key::S, ReviewAction::Save),
    shortcut("Ctrl+O", Modifiers::COMMAND, Key::O, ReviewAction::Open),
    shortcut("Ctrl+G", Modifiers::COMMAND, Key::G, ReviewAction::GoTo),
    shortcut("P", Modifiers::NONE, Key::P, ReviewAction::Pass),
    shortcut(
        "→",
        Modifiers::NONE,
        Key::ArrowRight,
        ReviewAction::Nav(Nav::Next),
    ),
    shortcut(
        "←",
        Modifiers::NONE,
        Key::ArrowLeft,
        ReviewAction::Nav(Nav::Prev),
    ),
    shortcut(
        "↓",
        Modifiers::NONE,
        Key::ArrowDown,
        ReviewAction::Nav(Nav::NextVariation),
    ),
    shortcut(
        "↑",
        Modifiers::NONE,
        Key::ArrowUp,
        ReviewAction::Nav(Nav::PrevVariation),
    ),
    shortcut(
        "Home",
        Modifiers::NONE,
        Key::Home,
        ReviewAction::Nav(Nav::First),
    ),
    shortcut(
        "End",
        Modifiers::NONE,
        Key::End,
        ReviewAction::Nav(Nav::Last),
    ),
];

/// The wheel's line in the help: "wheel over the board: moves".
pub fn wheel_help(lang: Lang) -> (&'static str, &'static str) {
    (
        lang.pick("滚轮", "滾輪", "Wheel"),
        lang.pick(
            "在棋盘上滚动：前后翻看着手",
            "在棋盤上滾動：前後翻看著手",
            "Over the board: steps through the moves",
        ),
    )
}
