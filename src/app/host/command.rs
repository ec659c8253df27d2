//! Everything the window can change, as one closed enum: the views emit [`Command`]s, the
//! effects runner feeds its threads' answers back as [`Command`]s, and
//! [`super::Host::apply`] is the one place that changes the state (STYLE.md §4).

use std::path::PathBuf;

use crate::app::settings::Settings;
use crate::files::journal_writer::Reply;
use crate::i18n::Lang;
use crate::rules::{Color, Coord, Move};
use crate::session::Event;

pub use crate::app::protocol::{SessionExport, WindowCmd, WindowId, WindowMsg};

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

/// An arbiter's act: it waits for the PIN unless the arbiter unlocked within the lock's time.
#[derive(Clone, Debug, PartialEq)]
pub enum ArbiterAct {
    /// A ruling, a correction, a revocation, an adjournment, the decision on a restart's time
    /// away …: a typed event with the article as given (`None`: the ruling's usual one).
    Ruling {
        /// The event.
        event: Event,
        /// The article as the arbiter gave it.
        article: Option<String>,
        /// The reason or outcome.
        note: Option<String>,
    },
    /// Open the sealed-move screen for this side (the sealer types the point and the arbiter
    /// the PIN there: the seal is encrypted under it).
    OpenSeal(Color),
    /// Open the sealed move on resumption: the PIN prompt asks for the PIN that decrypts it.
    Unseal,
    /// Open the sealed move with the paper slip (the PIN is lost).
    UnsealWithSlip {
        /// The point written on the slip.
        mv: Move,
        /// The slip's nonce.
        nonce: [u8; 32],
    },
}

pub use crate::app::new_game::NewGameRequest;

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

/// A way out of something that may hold unsaved work: each is asked about through the one
/// registry ([`super::unsaved`]) before it happens.
#[derive(Debug)]
pub enum Exit {
    /// Close the window (Ctrl+Q, the menu, the window's close button).
    Quit,
    /// Replace the live game with a new one.
    NewGame(Box<NewGameRequest>),
    /// Open the new-game dialog (the live game is asked about when it starts).
    NewGameDialog,
    /// Leave teaching mode (the teacher's PIN first).
    LeaveTeaching,
    /// A sub-window's way out (it says which of its commands are: opening another record,
    /// writing a new problem, closing the window …), carried out once asked.
    Window(WindowId, WindowCmd),
}

/// The answer to the unsaved-work question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnsavedAnswer {
    /// Save everything that can be saved, then go on.
    Save,
    /// Drop the unsaved work and go on (a live game stays resumable: it is all on disk).
    Discard,
    /// Do nothing.
    Cancel,
}

/// One change the user asked for, or an answer from the effects runner.
#[must_use]
#[derive(Debug)]
pub enum Command {
    // ----- the live game -----
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
    /// Both sides agree the count made on the physical board (a clock-only session): its
    /// result as the arbiter enters it.
    AcceptCountResult(crate::rules::GameResult),
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
    /// Stop the count of the player in byo-yomi who removes captured stones (Art. 23.4).
    CapturePause(Color),
    /// An arbiter's act (asks for the PIN when the lock is closed).
    Arbiter(ArbiterAct),
    /// The PIN typed in the prompt.
    SubmitPin(String),
    /// The PIN prompt was closed.
    CancelPin,
    /// Close the arbiter's lock now.
    LockNow,
    /// Close the sealed-move screen without sealing.
    CloseSeal,
    /// Seal `mv` for `by` under the arbiter's `pin` (from the sealed screen only).
    Seal {
        /// The sealer.
        by: Color,
        /// The sealed move; never shown.
        mv: Move,
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
    /// Not now: the offered sessions stay on disk for a later start.
    DismissResume,
    /// After a failed write: go on in a file in this folder.
    MoveToFolder(PathBuf),
    /// Open the new-game dialog (asks first about a live game when one starts).
    OpenNewGameDialog,
    /// Close the new-game dialog without starting.
    CloseNewGameDialog,
    /// Start a new game (asks first while a game is on).
    NewGame(Box<NewGameRequest>),
    /// Open the new-game dialog for a clock-only session (View → Clock only).
    ClockOnlyMode,
    // ----- the window -----
    /// Switch the interface language.
    SetLang(Lang),
    /// Show a tab of the side panel.
    SetTab(Tab),
    /// Move through the game's moves.
    Navigate(Nav),
    /// Show or hide the keyboard-shortcut help.
    ShowHelp(bool),
    /// Enter (`true`) or leave (`false`, asks the teacher's PIN) teaching mode.
    TeachingMode(bool),
    /// Show or hide the about window.
    ShowAbout(bool),
    /// Replace the preferences.
    UpdateSettings(Box<Settings>),
    /// Close the window (asks first about unsaved work and a game on).
    Quit,
    /// The window's own close button (the window manager asked to close).
    CloseRequested,
    /// The answer to "quit while a game is on?".
    ConfirmQuit(bool),
    /// A way out that may lose work: asked through the unsaved-work registry first.
    Leave(Exit),
    /// The answer to the unsaved-work question.
    Unsaved(UnsavedAnswer),
    /// A path typed where no file dialog can be shown (`None`: cancelled).
    PathTyped(Option<PathBuf>),
    // ----- sub-windows, driven through the host -----
    /// A command for a sub-window: open it, close it (asked about first when it holds unsaved
    /// work), or one of its own.
    Window(WindowId, WindowCmd),
    // ----- answers from the effects runner -----
    /// The journal writer answered.
    Journal(Reply),
    /// A window's file job or worker answered: it goes to the window that asked.
    Answer(WindowId, crate::app::protocol::Answer),
    /// No file dialog can be shown on this machine for this job: a path is asked instead.
    NoDialog(WindowId, crate::app::protocol::FileJob),
    /// The unfinished sessions found at start (with the instant they were looked for).
    ResumeFound(Vec<crate::app::resume::Resumable>),
    /// The monitor's size, once known.
    ScreenSize(Option<crate::app::screen_size::ScreenSize>),
    /// The voice could not start (no device …): the reason.
    NoVoice(super::notice::NoVoice),
    /// A file named on the command line to open in the review tab.
    OpenRecord(PathBuf),
    // ----- the hall (issue 18 item 6) -----
    /// The hall link at this table: the views' requests and the runner's answers.
    Hall(super::hall::HallCommand),
}

impl Command {
    /// One of window `id`'s own commands.
    pub fn window(id: WindowId, cmd: impl WindowMsg) -> Command {
        Command::Window(id, WindowCmd::of(cmd))
    }

    /// Shows window `id` (its menu row).
    pub fn open(id: WindowId) -> Command {
        Command::Window(id, WindowCmd::Open)
    }

    /// Closes window `id` (asked about first when it holds unsaved work).
    pub fn close(id: WindowId) -> Command {
        Command::Window(id, WindowCmd::Close)
    }
}
