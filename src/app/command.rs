//! What the views ask for. Views never change the model: they return commands, and the app
//! applies them once per frame (STYLE.md §4), so every change has one place and one order.

use super::settings::Settings;
use crate::i18n::Lang;
use crate::rules::Coord;
use crate::session::GameSetup;

/// The side panel's tabs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tab {
    /// Players, rules, komi, captures, result.
    #[default]
    Info,
    /// The arbiter's tools: end confirmation, dead stones, count, pause, undo, log.
    Arbiter,
    /// Review: move navigation (and the review engineer's tools).
    Review,
    /// Preferences.
    Settings,
}

/// Where to move the view in the game's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nav {
    /// The empty board (or the handicap stones).
    First,
    /// One move back.
    Previous,
    /// One move forward.
    Next,
    /// The current position (live play).
    Last,
    /// After move N.
    To(usize),
}

/// One change the user asked for.
#[must_use]
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// A click on an intersection: a move, a handicap stone, or a dead-stone toggle by phase.
    ClickPoint(Coord),
    /// The side to move passes.
    Pass,
    /// The side to move resigns.
    Resign,
    /// The side to move confirms the end of the game (Art. 13.2).
    ConfirmEnd,
    /// Take back the last move (an event revoking it, Art. 17 corrections).
    Undo,
    /// Both sides agree the count.
    AcceptCount,
    /// Life and death disputed: play resumes (Art. 21.3).
    ResumePlay,
    /// The side to move presses its clock button.
    PressClock,
    /// Stop both clocks (Art. 14).
    Pause,
    /// Restart the clocks after a pause.
    Resume,
    /// Open the new-game dialog.
    OpenNewGameDialog,
    /// Close the new-game dialog without starting.
    CloseNewGameDialog,
    /// Start a new game.
    NewGame(Box<GameSetup>),
    /// Switch the interface language.
    SetLang(Lang),
    /// Show a tab of the side panel.
    SetTab(Tab),
    /// Move through the game's moves.
    Navigate(Nav),
    /// Show or hide the keyboard-shortcut help.
    ShowHelp(bool),
    /// Enter or leave the clock-only mode: the app as the game clock and byo-yomi caller beside
    /// a physical board (Art. 33.3–33.4).
    ClockOnlyMode(bool),
    /// Show or hide the about window.
    ShowAbout(bool),
    /// Show or hide the tournament window.
    ShowTournament(bool),
    /// Replace the preferences.
    UpdateSettings(Box<Settings>),
    /// Close the window.
    Quit,
}
