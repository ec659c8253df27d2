//! What the views ask for. Views never change the model: they return commands, and the app
//! applies them once per frame (STYLE.md §4), so every change has one place and one order.

use std::path::PathBuf;

use super::settings::Settings;
use crate::i18n::Lang;
use crate::rules::{Color, Coord};
use crate::session::GameSetup;

/// What a player does besides placing a stone; the command names the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerAction {
    /// Pass.
    Pass,
    /// Confirm the end of play (Art. 13.2).
    Confirm,
    /// Resign (asked to confirm first).
    Resign,
    /// Press the clock (clock-only mode).
    Press,
}

/// What the game is exported as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SessionExport {
    /// The arbiter's report, printable HTML.
    ReportHtml,
    /// The arbiter's report, plain text.
    ReportText,
    /// The game as SGF.
    Sgf,
}

/// An arbiter's action waiting for the PIN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pending {
    /// An action in the arbiter's shorthand, without its time (e.g. `warn B 17.2 "note"`).
    Action(String),
    /// Open the sealed-move screen for this side.
    Seal(Color),
}

/// A new game: its setup and the arbiter's PIN that locks its rulings.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGameRequest {
    /// The setup.
    pub setup: GameSetup,
    /// The arbiter's PIN (at least 6 characters), or none for a game without rulings.
    pub pin: Option<String>,
}

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
    /// A click on an intersection: a move by the side to move, a handicap stone, or a
    /// dead-stone toggle by phase.
    ClickPoint(Coord),
    /// A player's action, naming the player.
    Player(Color, PlayerAction),
    /// The answer to "resign?": yes resigns, no keeps playing.
    ConfirmResign(bool),
    /// The arbiter takes back the last turn (a revocation, Art. 25.1).
    Undo,
    /// Both sides agree the count.
    AcceptCount,
    /// Accept the dead-stone suggestion: its marks are logged as journal entries.
    AcceptSuggestion,
    /// Hide the dead-stone suggestion (`true`) or show it again (`false`).
    IgnoreSuggestion(bool),
    /// Life and death disputed: play resumes (Art. 21.3).
    ResumePlay,
    /// The start signal: the clock of the side to move starts.
    Start,
    /// Stop both clocks (Art. 14).
    Pause,
    /// Restart the clocks after a pause.
    Resume,
    /// An arbiter's action (needs the PIN of a locked session).
    Arbiter(Pending),
    /// The PIN typed in the prompt.
    SubmitPin(String),
    /// The PIN prompt was closed.
    CancelPin,
    /// Open the sealed-move screen for the side to move.
    OpenSeal(Color),
    /// Close the sealed-move screen without sealing.
    CloseSeal,
    /// Seal `vertex` for `by` under the arbiter's `pin` (from the sealed screen only).
    Seal {
        /// The sealer.
        by: Color,
        /// The point (GTP) or `pass`; never shown.
        vertex: String,
        /// The arbiter's PIN.
        pin: String,
    },
    /// The slip was copied: hide it.
    DismissSlip,
    /// Say the side to move's time left (Art. 16.1: in byo-yomi, the reserved minutes).
    TimeCheck,
    /// Export the game: the arbiter's report (HTML or text) or the SGF record.
    ExportSession(SessionExport),
    /// After a restart: charge the time away to the side to move (`true`) or not.
    Gap(bool),
    /// Resume an unfinished session found at start.
    ResumeSession(PathBuf),
    /// Start fresh instead of resuming.
    DismissResume,
    /// After a failed write: go on in a file in this folder.
    MoveToFolder(PathBuf),
    /// Open the new-game dialog.
    OpenNewGameDialog,
    /// Close the new-game dialog without starting.
    CloseNewGameDialog,
    /// Start a new game.
    NewGame(Box<NewGameRequest>),
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
    /// Enter or leave teaching mode (a child at the board: not an arbiter session).
    TeachingMode(bool),
    /// Show or hide the about window.
    ShowAbout(bool),
    /// Show or hide the tournament window.
    ShowTournament(bool),
    /// Show or hide the problems window.
    ShowProblems(bool),
    /// Replace the preferences.
    UpdateSettings(Box<Settings>),
    /// Close the window (asks first while a game is on).
    Quit,
    /// The answer to "quit while a game is on?".
    ConfirmQuit(bool),
}
