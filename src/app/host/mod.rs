//! The one host of the window (STYLE.md §4, issue 17): every change the window can make is a
//! [`Command`], and [`Host::apply`] is the one place that changes the state. It draws nothing,
//! touches no file and starts no thread: it returns [`Effect`]s, which the effects runner
//! ([`crate::app::effects::Runner`]) carries out on its threads, feeding the answers back as
//! commands. So every promise that spans the window is kept here, once:
//!
//! - nothing is shown as saved that is not on disk: the live game changes only when the journal
//!   writer answers that an entry is synced ([`live_game`]);
//! - no I/O on the thread that draws: the host has none to do;
//! - the arbiter's lock ([`lock`]): every arbiter act waits for the PIN unless it was given
//!   within the lock's time;
//! - asking before work is lost ([`unsaved`]): every way out goes through one registry;
//! - messages stay typed until drawn ([`notice`]).
//!
//! Sub-windows (the review tab, problems, teaching mode, the tournament window) keep their own
//! egui-free state and are driven from here.

pub mod command;
pub mod effect;
mod game;
pub mod hall;
pub mod live_game;
pub mod lock;
pub mod notice;
mod resume;
pub mod unsaved;
mod windows;

use std::path::PathBuf;

pub use crate::app::protocol::{FileJob, WindowCmd, WindowId};
pub use command::{ArbiterAct, Command, Exit, Nav, NewGameRequest, PlayerAction, Tab};
pub use effect::Effect;
pub use live_game::LiveGame;
pub use notice::{NoVoice, Notice};

use crate::app::new_game::{NewGameAsk, NewGameDialog};
use crate::app::settings::Settings;
use crate::clock::Timestamp;
use crate::files::journal_writer::{GameId, Request, Secret};
use crate::i18n::Lang;
use crate::rules::Color;
use crate::seal::KdfParams;
use crate::session::{GameSetup, Session};

/// An open question of the window (one at a time; clicks do not reach what is behind).
#[derive(Debug)]
pub enum Question {
    /// "Resign?" for this side.
    Resign(Color),
    /// "Quit while a game is on?".
    Quit,
    /// Unsaved work would be lost by this exit: save, discard or cancel.
    Unsaved(unsaved::Asking),
    /// A live game would be replaced by this exit: keep it resumable or cancel.
    ReplaceGame(Exit),
    /// No file dialog can be shown: a path is asked for this file job.
    Path(WindowId, FileJob),
}

/// The window's host: the live game, the view's state, the sub-windows, the questions.
pub struct Host {
    /// The game at the board.
    pub game: LiveGame,
    /// Preferences (saved).
    pub settings: Settings,
    /// The interface language in use.
    pub lang: Lang,
    /// The side panel's tab.
    pub tab: Tab,
    /// `Some(n)`: the board shows the position after move n instead of the live game.
    pub view_move: Option<usize>,
    /// The last refusal or message.
    pub notice: Option<Notice>,
    /// The new-game dialog, while open (its fields are the shell's form).
    pub new_game: Option<NewGameAsk>,
    /// The new-game dialogs opened so far.
    new_game_seq: u64,
    /// The keyboard help window is open.
    pub show_help: bool,
    /// Teaching mode is on: the window is the teaching board.
    pub teaching: bool,
    /// The about window is open.
    pub show_about: bool,
    /// The open question, if any.
    pub question: Option<Question>,
    /// The arbiter's lock.
    pub lock: lock::ArbiterLock,
    /// The sealed-move screen is open for this side.
    pub sealing: Option<Color>,
    /// The slip of the last sealed move, shown on the sealed screen only.
    pub slip: Option<crate::files::journal::Slip>,
    /// Unfinished sessions found at start, offered to resume.
    pub resume: resume::ResumeOffer,
    /// Why there is no voice (no audio device …), shown for as long as it lasts.
    pub no_voice: Option<notice::NoVoice>,
    /// The monitor's size as the display server reports it, once known.
    pub screen: Option<crate::app::screen_size::ScreenSize>,
    /// Where new sessions are written (`None`: in memory only, as in tests).
    pub sessions_folder: Option<PathBuf>,
    /// The dead-stone suggestion while the game is being counted.
    pub dead_help: crate::app::dead_stone_help::DeadStoneHelp,
    /// The sub-windows (the review tab and its tools, problems, teaching mode, the
    /// tournament window, the class), driven through [`crate::app::subwindow::SubWindow`].
    pub windows: crate::app::windows::Windows,
    /// The window may close: everything was asked and answered.
    pub closing: bool,
    /// A new game's clock starts once the resume offer is answered (`--setup --start`).
    start_after_offer: bool,
    /// The way out of teaching mode waiting for the teacher's PIN.
    teach_exit: Option<Exit>,
    /// After "Save" in the unsaved-work question: the exit waits for these saves.
    after_save: Option<(Exit, Vec<WindowId>)>,
    /// File jobs whose path is to be asked (no dialog here), in turn.
    paths_waiting: std::collections::VecDeque<(WindowId, FileJob)>,
    /// The key derivation's cost of new games' PINs (tests use a cheap one).
    pub kdf: KdfParams,
    /// The arbiter's PIN from `TIANYUAN_ARBITER_PIN`: it gives each new game of the window its
    /// PIN when the dialog leaves the PIN empty, and never unlocks anything.
    pub env_pin: Option<String>,
    /// The hall link at this table (issue 18 item 6).
    pub hall: hall::HallState,
    next_game: GameId,
}

impl std::fmt::Debug for Host {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Host")
            .field("game", &self.game.id)
            .field("tab", &self.tab)
            .field("question", &self.question)
            .finish()
    }
}

impl Host {
    /// A host over `settings` in `lang`, with the game of the last new-game choices begun at
    /// `now`, written into `sessions_folder` from its first entry. Returns the effects that
    /// start it (the journal's new game; the search for unfinished sessions).
    pub fn new(
        settings: Settings,
        lang: Lang,
        sessions_folder: Option<PathBuf>,
        now: Timestamp,
    ) -> (Host, Vec<Effect>) {
        let setup = NewGameDialog::from_settings(&settings)
            .setup(lang)
            .unwrap_or_default();
        let setup = hall::table_setup(&settings.hall, setup);
        let session = Session::new(setup.clone())
            .or_else(|_| Session::new(GameSetup::default()))
            .unwrap_or_else(|_| unreachable_default_session());
        let setup = session.setup().clone();
        let teaching = settings.teaching_on;
        let mut host = Host {
            game: LiveGame::new(1, session, false, now),
            settings,
            lang,
            tab: Tab::Info,
            view_move: None,
            notice: None,
            new_game: None,
            new_game_seq: 0,
            show_help: false,
            teaching,
            show_about: false,
            question: None,
            lock: lock::ArbiterLock::default(),
            sealing: None,
            slip: None,
            resume: resume::ResumeOffer::default(),
            screen: None,
            no_voice: None,
            sessions_folder: sessions_folder.clone(),
            dead_help: Default::default(),
            windows: Default::default(),
            closing: false,
            start_after_offer: false,
            teach_exit: None,
            after_save: None,
            paths_waiting: Default::default(),
            kdf: KdfParams::STANDARD,
            env_pin: None,
            hall: Default::default(),
            next_game: 2,
        };
        let mut fx = vec![Effect::Journal(Request::New {
            game: 1,
            setup: Box::new(setup),
            pin: None,
            kdf: host.kdf,
            folder: sessions_folder.clone(),
        })];
        if let Some(folder) = sessions_folder {
            host.resume.searching = true;
            fx.push(Effect::FindUnfinished(folder));
        }
        fx.extend(host.voice_settings());
        // A table linked in an earlier run links again at start.
        if host.settings.hall.enabled {
            host.start_link(&mut fx);
        }
        (host, fx)
    }

    /// The game as saved.
    pub fn session(&self) -> &Session {
        &self.game.session
    }

    /// The session's instant for the app's `now`.
    pub fn session_time(&self, now: Timestamp) -> Timestamp {
        self.game.time(now)
    }

    /// Whether the clock runs on screen.
    pub fn clock_live(&self) -> bool {
        self.game.clock_live()
    }

    /// The number of moves of the live game.
    pub fn live_moves(&self) -> usize {
        self.session().game().moves().len()
    }

    /// The move shown on the board (the live position when not navigating).
    pub fn shown_move(&self) -> usize {
        self.view_move.unwrap_or_else(|| self.live_moves())
    }

    /// Screen points per centimetre from the monitor's reported size at `pixels_per_point`.
    pub fn screen_points_per_cm(&self, pixels_per_point: f32) -> Option<f32> {
        let px = self.screen.as_ref()?.pixels_per_cm()?;
        (pixels_per_point > 0.0).then(|| px / pixels_per_point)
    }

    /// Whether a modal question or screen is open (keys and clicks go to it alone).
    pub fn modal_open(&self) -> bool {
        self.lock.gate.is_open()
            || self.sealing.is_some()
            || self.slip.is_some()
            || self.question.is_some()
            || self.resume.shown()
            || self.new_game.is_some()
    }

    /// Whether "Resume" can act now: the clock is paused in a game still being played — not
    /// finished (a result, a game-ending warning), not being counted, not waiting for its
    /// sealed move to be opened. Nowhere else is the button shown (issue 29 item 7).
    pub fn can_resume(&self) -> bool {
        let s = self.session();
        let paused = s.clock().is_some_and(|c| c.paused().is_some());
        let playing = match s.phase() {
            crate::session::Phase::Playing | crate::session::Phase::PlacingHandicap { .. } => true,
            crate::session::Phase::Adjourned => s.sealed().is_none(),
            crate::session::Phase::Counting | crate::session::Phase::Finished(_) => false,
        };
        paused && playing && s.outcome().is_none()
    }

    /// Whether a game is under way that quitting would leave: started and not finished.
    pub fn game_on(&self) -> bool {
        self.game.started() && self.session().outcome().is_none()
    }

    /// Applies one command at the app's instant `now`; returns what must happen outside.
    pub fn apply(&mut self, cmd: Command, now: Timestamp) -> Vec<Effect> {
        let mut fx = Vec::new();
        self.apply_into(cmd, now, &mut fx);
        fx
    }

    /// Applies commands in order.
    pub fn apply_all(
        &mut self,
        cmds: impl IntoIterator<Item = Command>,
        now: Timestamp,
    ) -> Vec<Effect> {
        let mut fx = Vec::new();
        for cmd in cmds {
            self.apply_into(cmd, now, &mut fx);
        }
        fx
    }

    /// What every frame checks: a time-out on the running clock is written at once, and the
    /// sub-windows' workers are heard.
    pub fn tick(&mut self, now: Timestamp) -> Vec<Effect> {
        let mut fx = Vec::new();
        self.tick_windows(now, &mut fx);
        self.check_clock(now, &mut fx);
        fx
    }

    fn apply_into(&mut self, cmd: Command, now: Timestamp, fx: &mut Vec<Effect>) {
        match cmd {
            Command::SetLang(l) => {
                self.lang = l;
                self.settings.lang = Some(l);
            }
            Command::SetTab(t) => self.tab = t,
            Command::ShowHelp(b) => self.show_help = b,
            Command::ShowAbout(b) => self.show_about = b,
            Command::UpdateSettings(s) => {
                if let Some(l) = s.lang {
                    self.lang = l;
                }
                let voice = (s.volume, s.muted) != (self.settings.volume, self.settings.muted);
                self.settings = *s;
                if voice {
                    fx.extend(self.voice_settings());
                }
            }
            Command::TeachingMode(true) => {
                self.teaching = true;
                self.settings.teaching_on = true;
                self.window_apply(WindowId::Teach, WindowCmd::Open, now, fx);
            }
            Command::TeachingMode(false) => self.leave(Exit::LeaveTeaching, now, fx),
            Command::Quit => self.leave(Exit::Quit, now, fx),
            Command::CloseRequested => {
                if !self.closing {
                    fx.push(Effect::CancelClose);
                    self.leave(Exit::Quit, now, fx);
                }
            }
            Command::ConfirmQuit(yes) => {
                if matches!(self.question, Some(Question::Quit)) {
                    self.question = None;
                    if yes {
                        self.close(fx);
                    }
                }
            }
            Command::Leave(exit) => self.leave(exit, now, fx),
            Command::Unsaved(answer) => self.answer_unsaved(answer, now, fx),
            Command::PathTyped(path) => self.path_typed(path, now, fx),
            Command::Window(id, c) => self.window_cmd(id, c, now, fx),
            Command::Answer(id, answer) => self.answer(id, answer, now, fx),
            Command::NoDialog(owner, job) => self.no_dialog(owner, job),
            Command::ResumeFound(found) => self.resume_found(found, now, fx),
            Command::ScreenSize(s) => self.screen = s,
            Command::NoVoice(why) => self.no_voice = Some(why),
            Command::OpenRecord(path) => self.open_record(path, now, fx),
            // The hall (issue 18 item 6): the link's commands, and the writer's lines to it.
            Command::Hall(c) => self.apply_hall(c, now, fx),
            Command::Journal(reply) => {
                self.hall_reply(&reply, fx);
                self.apply_game(Command::Journal(reply), now, fx);
                self.hall_after_reply();
            }
            other => self.apply_game(other, now, fx),
        }
    }

    /// The voice's volume and muting, as the settings say.
    fn voice_settings(&self) -> Vec<Effect> {
        use crate::audio::Request as V;
        vec![
            Effect::Voice(V::Volume(self.settings.volume)),
            Effect::Voice(V::Muted(self.settings.muted)),
        ]
    }

    /// Closes the window: the live game's journal is closed (it stays resumable on disk).
    fn close(&mut self, fx: &mut Vec<Effect>) {
        self.closing = true;
        fx.push(Effect::Journal(Request::Close { game: self.game.id }));
        fx.push(Effect::CloseWindow);
    }

    /// Begins a new game of `setup` locked by `pin` at `now`: the journal writer makes it (the
    /// PIN's key derivation runs there); the previous game's journal is closed.
    fn begin_game(
        &mut self,
        setup: GameSetup,
        pin: Option<String>,
        now: Timestamp,
        fx: &mut Vec<Effect>,
    ) {
        // At a linked table: the table's number and both players' confirmation of the result.
        let setup = hall::table_setup(&self.settings.hall, setup);
        let session = match Session::new(setup.clone()) {
            Ok(s) => s,
            Err(e) => {
                self.notice = Some(Notice::Refused(e));
                return;
            }
        };
        let id = self.next_game;
        self.next_game += 1;
        self.game = LiveGame::new(id, session, pin.is_some(), now);
        self.lock.close();
        self.view_move = None;
        self.notice = None;
        self.sealing = None;
        self.slip = None;
        self.dead_help = Default::default();
        fx.push(Effect::Journal(Request::New {
            game: id,
            setup: Box::new(setup),
            pin: pin.map(Secret),
            kdf: self.kdf,
            folder: self.sessions_folder.clone(),
        }));
        fx.extend(self.reschedule_voice(now));
    }

    /// Opens the game of the command line's `--setup` (a tournament's shortcut), its clock
    /// started at once with `start` — after the resume offer is answered, if one is shown.
    pub fn setup_game(
        &mut self,
        setup: GameSetup,
        pin: Option<String>,
        start: bool,
        now: Timestamp,
    ) -> Vec<Effect> {
        let mut fx = Vec::new();
        self.begin_game(setup, pin, now, &mut fx);
        if start {
            if self.resume.pending() {
                self.start_after_offer = true;
            } else {
                self.apply_game(Command::Start, now, &mut fx);
            }
        }
        fx
    }

    /// The resume offer was answered: a `--setup --start` game's clock starts now.
    fn offer_answered(&mut self, now: Timestamp, fx: &mut Vec<Effect>) {
        if std::mem::take(&mut self.start_after_offer) && !self.game.resumed {
            self.apply_game(Command::Start, now, fx);
        }
    }

    /// Opens a record in the review tab (the live game is never touched); unsaved edits of
    /// the record shown are asked about first, as for any other way of opening one.
    fn open_record(&mut self, path: PathBuf, now: Timestamp, fx: &mut Vec<Effect>) {
        self.tab = Tab::Review;
        let open = crate::app::review::command::ReviewCommand::OpenPath(path);
        self.leave(Exit::Window(WindowId::Review, WindowCmd::of(open)), now, fx);
    }
}

/// A default session always exists (the default setup is valid); this is never reached.
fn unreachable_default_session() -> Session {
    let setup = GameSetup {
        size: 19,
        ..GameSetup::default()
    };
    match Session::new(setup) {
        Ok(s) => s,
        Err(e) => panic!("the default setup is invalid: {e}"),
    }
}
