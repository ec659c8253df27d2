//! The app's state apart from egui, and the one place commands change it.
//!
//! [`AppState::apply`] takes a [`Command`] and the current instant and changes the game, the
//! view and the preferences; it draws nothing, so it is tested without a window. It returns
//! what the shell must do next (speak, reschedule the voice, repaint). Every change to the game
//! goes through the [`GameStore`] and its journal; the writer's answers come back through
//! [`AppState::poll_store`].

use std::path::PathBuf;

use super::command::{Command, Nav, NewGameRequest, Pending, PlayerAction, Tab};
use super::game_store::{GameStore, StoreEvent};
use super::new_game_dialog::NewGameDialog;
use super::settings::Settings;
use crate::clock::{Phrase, Timestamp};
use crate::i18n::Lang;
use crate::rules::{Board, Color, Coord, Game, IllegalMove, Move};
use crate::session::shorthand::{self, Action};
use crate::session::{Event, GameSetup, Phase, Session, SessionError};

/// Something to tell the user after a command, shown in their language.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// A move at this point was refused.
    Illegal(Coord, IllegalMove),
    /// Another refusal.
    Refused(SessionError),
    /// A plain message (already in words, e.g. a file error or a refusal from the journal).
    Text(String),
    /// An entry was saved.
    Saved(u32),
}

impl Notice {
    /// The notice in `lang`.
    pub fn text(&self, lang: Lang, size: u8) -> String {
        match self {
            Notice::Illegal(c, why) => {
                let at = c.to_gtp(size);
                match lang {
                    Lang::ZhHans => format!("{at}：{}", why.zh_hans()),
                    Lang::ZhHant => format!("{at}：{}", why.zh_hant()),
                    Lang::En => format!("{at}: {why}"),
                }
            }
            Notice::Refused(e) => refusal_text(e, lang),
            Notice::Text(t) => t.clone(),
            Notice::Saved(n) => lang.pick(
                format!("已保存（第{n}条）"),
                format!("已儲存（第{n}條）"),
                format!("Saved (entry {n})"),
            ),
        }
    }
}

fn refusal_text(e: &SessionError, lang: Lang) -> String {
    match e {
        SessionError::Illegal(m) => lang.pick(m.zh_hans(), m.zh_hant(), m.to_string()),
        SessionError::NotYourTurn(_) => lang
            .pick("还没轮到这一方", "還沒輪到這一方", "Not this side's turn")
            .to_owned(),
        SessionError::WrongPhase => lang
            .pick(
                "当前阶段不能这样做",
                "目前階段不能這樣做",
                "Not possible at this stage of the game",
            )
            .to_owned(),
        SessionError::NothingToUndo => lang
            .pick(
                "没有可撤销的着手",
                "沒有可撤銷的著手",
                "No move to take back",
            )
            .to_owned(),
        SessionError::GameOver => lang
            .pick("对局已结束", "對局已結束", "The game is over")
            .to_owned(),
        SessionError::NoClock => lang
            .pick("本局不计时", "本局不計時", "This game has no clock")
            .to_owned(),
        SessionError::Adjourned => lang
            .pick(
                "封棋中：轮到的一方封棋，不在棋盘上落子",
                "封棋中：輪到的一方封棋，不在棋盤上落子",
                "Adjourned: the player to move seals the move instead",
            )
            .to_owned(),
        other => other.to_string(),
    }
}

/// A ruling waiting for the arbiter's PIN.
#[derive(Clone, Debug, PartialEq)]
pub struct PinPrompt {
    /// What to do once unlocked.
    pub then: Pending,
}

/// Everything the running app holds that is not a preference.
pub struct AppState {
    /// The game at the board and its journal.
    pub store: GameStore,
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
    /// The new-game dialog, while open.
    pub new_game: Option<NewGameDialog>,
    /// The keyboard help window is open.
    pub show_help: bool,
    /// The window shows only the talking clock, for a game on a physical board.
    pub clock_only: bool,
    /// Teaching mode is on: the window is the teaching board (`app::teach`).
    pub teaching: bool,
    /// The about window is open.
    pub show_about: bool,
    /// The tournament window is open.
    pub show_tournament: bool,
    /// The problems window is open.
    pub show_problems: bool,
    /// The window should close.
    pub quit: bool,
    /// Closing was asked for while a game is on: the app asks first.
    pub confirm_quit: bool,
    /// A resignation waiting for its confirmation.
    pub confirm_resign: Option<Color>,
    /// The arbiter's PIN is being asked for.
    pub pin_prompt: Option<PinPrompt>,
    /// The sealed-move screen is open for this side.
    pub sealing: Option<Color>,
    /// Unfinished sessions found at start, offered to resume.
    pub resumable: Vec<super::resume::Resumable>,
    /// The slip of the last sealed move, shown once for the envelope.
    pub slip: Option<String>,
    /// The monitor's size as the display server reports it, once known.
    pub screen: Option<super::screen_size::ScreenSize>,
    /// Where new sessions are written (`None`: in memory only, as in tests).
    pub sessions_folder: Option<PathBuf>,
    /// The dead-stone suggestion while the game is being counted.
    pub dead_help: super::dead_stone_help::DeadStoneHelp,
}

/// What applying a command changed, for the shell's follow-up (voice, repaint).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Applied {
    /// The clock's state changed: the voice must be rescheduled.
    pub clock_changed: bool,
    /// Say these now (a warning, a void, a pause …).
    pub speak: Vec<Phrase>,
    /// The game has just ended (its result goes to the open tournament).
    pub finished: bool,
}

impl Applied {
    fn merge(&mut self, other: Applied) {
        self.clock_changed |= other.clock_changed;
        self.speak.extend(other.speak);
        self.finished |= other.finished;
    }
}

impl AppState {
    /// A state with a game of `setup` kept in memory (tests, screenshots), begun at `now`.
    pub fn new(
        settings: Settings,
        lang: Lang,
        setup: GameSetup,
        now: Timestamp,
    ) -> Result<AppState, String> {
        Ok(AppState {
            store: GameStore::in_memory(setup, now)?,
            settings,
            lang,
            tab: Tab::Info,
            view_move: None,
            notice: None,
            new_game: None,
            show_help: false,
            clock_only: false,
            teaching: false,
            show_about: false,
            show_tournament: false,
            show_problems: false,
            quit: false,
            confirm_quit: false,
            confirm_resign: None,
            pin_prompt: None,
            sealing: None,
            resumable: Vec::new(),
            slip: None,
            screen: None,
            sessions_folder: None,
            dead_help: Default::default(),
        })
    }

    /// The game as saved.
    pub fn session(&self) -> &Session {
        &self.store.session
    }

    /// Screen points per centimetre from the monitor's reported size at `pixels_per_point`.
    pub fn screen_points_per_cm(&self, pixels_per_point: f32) -> Option<f32> {
        let px = self.screen.as_ref()?.pixels_per_cm()?;
        (pixels_per_point > 0.0).then(|| px / pixels_per_point)
    }

    /// How the board is drawn on a screen of `pixels_per_point`: the preferences, with the
    /// monitor's reported density for the real-size mode.
    pub fn board_look(&self, pixels_per_point: f32) -> super::board_view::BoardLook {
        self.settings
            .board_look(self.screen_points_per_cm(pixels_per_point))
    }

    /// The number of moves of the live game.
    pub fn live_moves(&self) -> usize {
        self.session().game().moves().len()
    }

    /// The move shown on the board (the live position when not navigating).
    pub fn shown_move(&self) -> usize {
        self.view_move.unwrap_or_else(|| self.live_moves())
    }

    /// The session's instant for the app's `now`.
    pub fn session_time(&self, now: Timestamp) -> Timestamp {
        self.store.time(now)
    }

    /// Whether a modal question or screen is open (keys and clicks go to it alone).
    pub fn modal_open(&self) -> bool {
        self.pin_prompt.is_some()
            || self.sealing.is_some()
            || self.slip.is_some()
            || self.confirm_resign.is_some()
            || self.confirm_quit
            || !self.resumable.is_empty()
            || self.new_game.is_some()
    }

    /// Whether a game is under way that quitting would leave: started and not finished.
    pub fn game_on(&self) -> bool {
        self.store.started() && self.session().outcome().is_none()
    }

    /// The clock is shown and driven: started, and not waiting for the decision on a gap.
    pub fn clock_live(&self) -> bool {
        self.store.started() && self.store.gap.is_none()
    }

    /// Applies one command at `now`.
    pub fn apply(&mut self, cmd: Command, now: Timestamp) -> Applied {
        let mut applied = Applied::default();
        match cmd {
            Command::ClickPoint(c) => {
                if self.view_move.is_some() {
                    // A click while looking at an earlier move goes back to the live game
                    // rather than playing into the past.
                    self.view_move = None;
                    return applied;
                }
                let event = match self.session().phase() {
                    Phase::PlacingHandicap { .. } => Event::HandicapStone(c),
                    Phase::Playing | Phase::Adjourned => Event::Move {
                        color: self.session().side_to_move(),
                        mv: Move::Play(c),
                    },
                    Phase::Counting => Event::Dead(c),
                    Phase::Finished(_) => {
                        self.notice = Some(Notice::Refused(SessionError::GameOver));
                        return applied;
                    }
                };
                // A refusal is explained at once, before anything is written.
                if let Event::Move { .. } | Event::HandicapStone(_) = event
                    && let Err(e) = self.session().check_point(c)
                {
                    self.notice = Some(match e {
                        SessionError::Illegal(m) => Notice::Illegal(c, m),
                        e => Notice::Refused(e),
                    });
                    return applied;
                }
                applied.merge(self.play(now, event));
            }
            Command::Player(color, action) => {
                let event = match action {
                    PlayerAction::Pass => Event::Move {
                        color,
                        mv: Move::Pass,
                    },
                    PlayerAction::Confirm => Event::Confirm(color),
                    PlayerAction::Press => Event::Press(color),
                    PlayerAction::Resign => {
                        self.confirm_resign = Some(color);
                        return applied;
                    }
                };
                applied.merge(self.play(now, event));
            }
            Command::ConfirmResign(yes) => {
                if let Some(color) = self.confirm_resign.take()
                    && yes
                {
                    applied.merge(self.submit(now, Event::Resign(color), None, None));
                }
            }
            Command::Undo => match self.session().last_turn() {
                Some(n) => applied.merge(self.arbiter(now, Pending::Action(format!("revoke {n}")))),
                None => self.notice = Some(Notice::Refused(SessionError::NothingToUndo)),
            },
            Command::AcceptCount => {
                applied.merge(self.submit(now, Event::Accept(None), None, None))
            }
            Command::AcceptSuggestion => {
                let events = match self.dead_help.shown() {
                    Some(s) => super::dead_stone_help::accept_events(s, self.session()),
                    None => Vec::new(),
                };
                for (event, note) in events {
                    applied.merge(self.submit(now, event, None, Some(note)));
                }
            }
            Command::IgnoreSuggestion(b) => self.dead_help.ignored = b,
            Command::ResumePlay => applied.merge(self.submit(now, Event::Dispute, None, None)),
            Command::Start => applied.merge(self.submit(now, Event::Start, None, None)),
            Command::Pause => applied.merge(self.submit(now, Event::Pause, None, None)),
            Command::Resume => applied.merge(self.submit(now, Event::Resume, None, None)),
            Command::Arbiter(pending) => applied.merge(self.arbiter(now, pending)),
            Command::SubmitPin(pin) => {
                let Some(prompt) = self.pin_prompt.take() else {
                    return applied;
                };
                let events = self.store.unlock(pin.clone());
                self.absorb(events, &mut applied);
                // The action carries the PIN too: a wrong one refuses it with the reason.
                applied.merge(self.run_pending(now, prompt.then, Some(pin)));
            }
            Command::CancelPin => self.pin_prompt = None,
            Command::OpenSeal(color) => self.sealing = Some(color),
            Command::CloseSeal => self.sealing = None,
            Command::Seal { by, vertex, pin } => {
                self.sealing = None;
                let size = self.session().setup().size;
                match shorthand::parse_action_text(&format!("seal {} {vertex}", by.letter()), size)
                {
                    Ok((action, _, _)) => {
                        let events = self.store.submit(now, action, None, None, Some(pin));
                        self.absorb(events, &mut applied);
                    }
                    // The point is not echoed: a typing mistake is named without it.
                    Err(_) => {
                        self.notice = Some(Notice::Text(
                            self.lang
                                .pick(
                                    "封棋的着点无效（应为如 D4 的坐标，或 pass）",
                                    "封棋的著點無效（應為如 D4 的座標，或 pass）",
                                    "The sealed point is not valid (a point such as D4, or pass)",
                                )
                                .to_owned(),
                        ));
                        self.sealing = Some(by);
                    }
                }
            }
            Command::DismissSlip => self.slip = None,
            Command::TimeCheck => {
                let at = self.session_time(now);
                let session = self.session();
                if let (Some(clock), Some(c)) = (session.clock(), session.to_move()) {
                    applied.speak = clock.time_check(at, crate::session::side_of(c));
                }
            }
            // The shell runs exports (a dialog and a file job); nothing changes here.
            Command::ExportSession(_) => {}
            Command::Gap(charged) => {
                applied.merge(self.arbiter(
                    now,
                    Pending::Action(if charged { "gap charged" } else { "gap free" }.to_owned()),
                ));
            }
            Command::ResumeSession(path) => {
                let away = self
                    .resumable
                    .iter()
                    .find(|r| r.path == path)
                    .map_or(crate::clock::Millis::ZERO, |r| r.away);
                match GameStore::resume(&path, now, away) {
                    Ok(store) => {
                        self.store = store;
                        self.resumable.clear();
                        self.view_move = None;
                        self.tab = Tab::Arbiter;
                        applied.clock_changed = true;
                    }
                    Err(e) => self.notice = Some(Notice::Text(format!("{}: {e}", path.display()))),
                }
            }
            Command::DismissResume => self.resumable.clear(),
            Command::MoveToFolder(folder) => {
                let events = self.store.move_to_folder(folder);
                self.absorb(events, &mut applied);
            }
            Command::OpenNewGameDialog => {
                self.new_game = Some(NewGameDialog::from_settings(&self.settings))
            }
            Command::CloseNewGameDialog => self.new_game = None,
            Command::NewGame(request) => {
                let NewGameRequest { setup, pin } = *request;
                match GameStore::new_game(setup.clone(), pin, now, self.sessions_folder.clone()) {
                    Ok(store) => {
                        self.remember_new_game_choices(&setup);
                        self.store = store;
                        self.new_game = None;
                        self.view_move = None;
                        self.notice = None;
                        applied.clock_changed = true;
                    }
                    Err(e) => self.notice = Some(Notice::Text(e)),
                }
            }
            Command::SetLang(l) => {
                self.lang = l;
                self.settings.lang = Some(l);
            }
            Command::SetTab(t) => self.tab = t,
            Command::Navigate(nav) => self.navigate(nav),
            Command::ShowHelp(b) => self.show_help = b,
            Command::ClockOnlyMode(b) => self.clock_only = b,
            Command::TeachingMode(b) => self.teaching = b,
            Command::ShowAbout(b) => self.show_about = b,
            Command::ShowTournament(b) => self.show_tournament = b,
            Command::ShowProblems(b) => self.show_problems = b,
            Command::UpdateSettings(s) => {
                if let Some(l) = s.lang {
                    self.lang = l;
                }
                self.settings = *s;
            }
            Command::Quit => {
                if self.game_on() {
                    self.confirm_quit = true;
                } else {
                    self.quit = true;
                }
            }
            Command::ConfirmQuit(yes) => {
                self.confirm_quit = false;
                self.quit = yes;
            }
        }
        applied
    }

    /// A player's action: before the first turn, the clock's start signal goes first (the
    /// clock starts when play starts, never at launch).
    fn play(&mut self, now: Timestamp, event: Event) -> Applied {
        let mut applied = Applied::default();
        if !self.store.started()
            && self.session().clock().is_some()
            && !matches!(event, Event::HandicapStone(_) | Event::Dead(_))
        {
            applied.merge(self.submit(now, Event::Start, None, None));
        }
        applied.merge(self.submit(now, event, None, None));
        applied
    }

    /// Sends an event without a secret to the journal.
    fn submit(
        &mut self,
        now: Timestamp,
        event: Event,
        article: Option<String>,
        note: Option<String>,
    ) -> Applied {
        let mut applied = Applied::default();
        let events = self
            .store
            .submit(now, Action::Event(event), article, note, None);
        self.absorb(events, &mut applied);
        applied
    }

    /// An arbiter's action (shorthand without T): asks for the PIN first when the session is
    /// locked and the PIN has not been given in this run.
    fn arbiter(&mut self, now: Timestamp, pending: Pending) -> Applied {
        if self.store.locked && !self.store.unlocked {
            self.pin_prompt = Some(PinPrompt { then: pending });
            return Applied::default();
        }
        self.run_pending(now, pending, None)
    }

    fn run_pending(&mut self, now: Timestamp, pending: Pending, pin: Option<String>) -> Applied {
        let mut applied = Applied::default();
        match pending {
            Pending::Action(text) => {
                let size = self.session().setup().size;
                match shorthand::parse_action_text(&text, size) {
                    Ok((action, article, note)) => {
                        let events = self.store.submit(now, action, article, note, pin);
                        self.absorb(events, &mut applied);
                    }
                    Err(e) => self.notice = Some(Notice::Text(e)),
                }
            }
            Pending::Seal(color) => self.sealing = Some(color),
        }
        applied
    }

    /// Takes the store's answers into the state.
    fn absorb(&mut self, events: Vec<StoreEvent>, applied: &mut Applied) {
        for event in events {
            match event {
                StoreEvent::Saved {
                    n,
                    applied: a,
                    slip,
                } => {
                    applied.clock_changed = true;
                    applied.speak.extend(a.spoken);
                    self.notice = Some(Notice::Saved(n));
                    if let Some(slip) = slip {
                        // On screen the slip never shows the point (the opponent may be
                        // looking): the sealer writes the move on the record sheet by hand, as
                        // Art. 14 has it, beside this nonce and commitment.
                        self.slip = Some(format!(
                            "nonce: {}\ncommitment: {}",
                            slip.nonce, slip.commitment
                        ));
                    }
                    self.view_move = None;
                }
                StoreEvent::Unlocked => {}
                StoreEvent::Refused(e) => self.notice = Some(Notice::Text(e)),
                StoreEvent::NotSaved(e) => {
                    self.notice = Some(Notice::Text(format!(
                        "{}: {e}",
                        self.lang.pick("未保存", "未儲存", "NOT SAVED")
                    )))
                }
                StoreEvent::Moved(path) => {
                    self.notice = Some(Notice::Text(format!(
                        "{} {}",
                        self.lang.pick(
                            "对局继续保存于",
                            "對局繼續儲存於",
                            "The game is now saved in"
                        ),
                        path.display()
                    )))
                }
            }
        }
    }

    /// The writer's answers since the last frame.
    pub fn poll_store(&mut self) -> Applied {
        let events = self.store.poll();
        let mut applied = Applied::default();
        self.absorb(events, &mut applied);
        applied
    }

    /// The next new-game dialog starts from these choices (players and handicap excepted).
    fn remember_new_game_choices(&mut self, setup: &GameSetup) {
        self.settings.new_size = setup.size;
        if setup.handicap.stones() < 2 {
            self.settings.new_komi_quarters = setup.rules.komi.0;
        }
        self.settings.new_ko = match setup.rules.ko {
            crate::rules::KoRule::Positional => super::settings::SavedKoRule::Positional,
            crate::rules::KoRule::Situational => super::settings::SavedKoRule::Situational,
            crate::rules::KoRule::Simple => super::settings::SavedKoRule::Simple,
        };
        self.settings.new_time_control = setup
            .time_control
            .as_ref()
            .map(|t| t.to_string())
            .unwrap_or_default();
    }

    /// Stops the clocks as soon as the clock shows a time-out (Art. 23.5), so the journal holds
    /// the end of the game.
    pub fn check_clock(&mut self, now: Timestamp) -> Applied {
        if !self.clock_live() || self.store.busy() {
            return Applied::default();
        }
        let at = self.session_time(now);
        if self.session().time_out_at(at).is_some() {
            return self.submit(now, Event::Pause, None, Some("time-out".to_owned()));
        }
        Applied::default()
    }

    fn navigate(&mut self, nav: Nav) {
        let live = self.live_moves();
        let current = self.shown_move();
        let target = match nav {
            Nav::First => 0,
            Nav::Previous => current.saturating_sub(1),
            Nav::Next => current.saturating_add(1),
            Nav::Last => live,
            Nav::To(n) => n,
        };
        self.view_move = (target < live).then_some(target);
    }
}

/// The position of `game` after its first `n` moves (handicap and setup stones included).
pub fn board_after(game: &Game, n: usize) -> Board {
    if n >= game.moves().len() {
        return game.board().clone();
    }
    let mut g = game.clone();
    while g.moves().len() > n && g.undo() {}
    g.board().clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state() -> AppState {
        AppState::new(
            Settings::default(),
            Lang::En,
            GameSetup::default(),
            Timestamp(0),
        )
        .expect("default setup")
    }

    #[test]
    fn clicks_play_alternately_and_illegal_clicks_are_explained() {
        let mut s = state();
        let _ = s.apply(Command::ClickPoint(Coord::new(3, 3)), Timestamp(1));
        let _ = s.apply(Command::ClickPoint(Coord::new(3, 3)), Timestamp(2));
        assert_eq!(
            s.notice,
            Some(Notice::Illegal(Coord::new(3, 3), IllegalMove::Occupied))
        );
        let text = s
            .notice
            .as_ref()
            .map(|n| n.text(Lang::ZhHans, 19))
            .unwrap_or_default();
        assert!(text.contains("D16") && text.contains("已有棋子"), "{text}");
        let _ = s.apply(Command::ClickPoint(Coord::new(15, 15)), Timestamp(3));
        assert_eq!(s.live_moves(), 2);
        assert_eq!(s.notice, Some(Notice::Saved(3)));
    }

    #[test]
    fn navigation_stops_at_both_ends_and_a_click_returns_to_the_game() {
        let mut s = state();
        for (i, x) in [2u8, 4, 6].iter().enumerate() {
            let _ = s.apply(Command::ClickPoint(Coord::new(*x, 0)), Timestamp(i as u64));
        }
        let _ = s.apply(Command::Navigate(Nav::Previous), Timestamp(9));
        assert_eq!(s.shown_move(), 2);
        let _ = s.apply(Command::Navigate(Nav::First), Timestamp(9));
        let _ = s.apply(Command::Navigate(Nav::Previous), Timestamp(9));
        assert_eq!(s.shown_move(), 0);
        let _ = s.apply(Command::Navigate(Nav::Last), Timestamp(9));
        assert_eq!(s.view_move, None);
        let _ = s.apply(Command::Navigate(Nav::To(1)), Timestamp(9));
        let _ = s.apply(Command::ClickPoint(Coord::new(9, 9)), Timestamp(9));
        assert_eq!(s.view_move, None);
        assert_eq!(
            s.live_moves(),
            3,
            "the click went back to the game, it did not play"
        );
    }

    #[test]
    fn language_switch_is_remembered() {
        let mut s = state();
        let _ = s.apply(Command::SetLang(Lang::ZhHant), Timestamp(0));
        assert_eq!(s.lang, Lang::ZhHant);
        assert_eq!(s.settings.lang, Some(Lang::ZhHant));
    }

    #[test]
    fn resigning_asks_first_and_quitting_a_game_asks_first() {
        let mut s = state();
        let _ = s.apply(Command::ClickPoint(Coord::new(3, 3)), Timestamp(1));
        let _ = s.apply(
            Command::Player(Color::White, PlayerAction::Resign),
            Timestamp(2),
        );
        assert!(s.session().outcome().is_none(), "one click does not resign");
        let _ = s.apply(Command::ConfirmResign(true), Timestamp(3));
        assert!(s.session().outcome().is_some());
        let mut s = state();
        let _ = s.apply(Command::ClickPoint(Coord::new(3, 3)), Timestamp(1));
        let _ = s.apply(Command::Quit, Timestamp(2));
        assert!(!s.quit && s.confirm_quit);
        let _ = s.apply(Command::ConfirmQuit(true), Timestamp(3));
        assert!(s.quit);
    }
}
