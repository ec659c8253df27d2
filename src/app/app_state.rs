//! The app's state apart from egui, and the one place commands change it.
//!
//! [`AppState::apply`] takes a [`Command`] and the current instant and changes the session,
//! the view and the preferences; it draws nothing, so it is tested without a window.

use super::command::{Command, Nav, Tab};
use super::new_game_dialog::NewGameDialog;
use super::settings::Settings;
use crate::clock::Timestamp;
use crate::i18n::Lang;
use crate::rules::{Board, Coord, Game, IllegalMove, Move};
use crate::session::{Event, GameSetup, Phase, Session, SessionError, color_of};

/// Something to tell the user after a command, shown in their language.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// A move at this point was refused.
    Illegal(Coord, IllegalMove),
    /// Another refusal.
    Refused(SessionError),
    /// A plain message (already in words, e.g. a file error).
    Text(String),
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
        other => other.to_string(),
    }
}

/// Everything the running app holds that is not a preference.
pub struct AppState {
    /// The game at the board.
    pub session: Session,
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
    /// The about window is open.
    pub show_about: bool,
    /// The tournament window is open.
    pub show_tournament: bool,
    /// The window should close.
    pub quit: bool,
    /// The monitor's size as the display server reports it, once known.
    pub screen: Option<super::screen_size::ScreenSize>,
}

/// What applying a command changed, for the shell's follow-up (voice, repaint).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Applied {
    /// The clock's state changed: the voice must be rescheduled.
    pub clock_changed: bool,
}

impl AppState {
    /// A state with a game of `setup` started at `now`.
    pub fn new(
        settings: Settings,
        lang: Lang,
        setup: GameSetup,
        now: Timestamp,
    ) -> Result<AppState, SessionError> {
        Ok(AppState {
            session: Session::new(setup, now)?,
            settings,
            lang,
            tab: Tab::Info,
            view_move: None,
            notice: None,
            new_game: None,
            show_help: false,
            clock_only: false,
            show_about: false,
            show_tournament: false,
            quit: false,
            screen: None,
        })
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
        self.session.game().moves().len()
    }

    /// The move shown on the board (the live position when not navigating).
    pub fn shown_move(&self) -> usize {
        self.view_move.unwrap_or_else(|| self.live_moves())
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
                match self.session.phase().clone() {
                    Phase::PlacingHandicap { .. } => {
                        let r = self.session.record(now, Event::HandicapStone(c));
                        applied.clock_changed = self.session.phase() == &Phase::Playing;
                        self.note(r, Some(c));
                    }
                    Phase::Playing => {
                        let Some(color) = self.session.to_move() else {
                            return applied;
                        };
                        let r = self.session.record(
                            now,
                            Event::Move {
                                color,
                                mv: Move::Play(c),
                            },
                        );
                        let ok = r.is_ok();
                        self.note(r, Some(c));
                        if ok && self.settings.placing_presses_clock {
                            applied.clock_changed |= self.press_clock_if_running(now, color);
                        }
                    }
                    Phase::Counting => {
                        let r = self.session.record(now, Event::ToggleDead(c));
                        self.note(r, None);
                    }
                    Phase::Finished(_) => {
                        self.notice = Some(Notice::Refused(SessionError::GameOver))
                    }
                }
            }
            Command::Pass => {
                if let Some(color) = self.session.to_move() {
                    let r = self.session.record(
                        now,
                        Event::Move {
                            color,
                            mv: Move::Pass,
                        },
                    );
                    let ok = r.is_ok();
                    self.note(r, None);
                    if ok && self.settings.placing_presses_clock {
                        applied.clock_changed |= self.press_clock_if_running(now, color);
                    }
                }
            }
            Command::ConfirmEnd => {
                if let Some(color) = self.session.to_move() {
                    let r = self.session.record(now, Event::ConfirmEnd(color));
                    let ok = r.is_ok();
                    self.note(r, None);
                    if ok {
                        applied.clock_changed |= self.press_clock_if_running(now, color);
                    }
                }
            }
            Command::Resign => {
                if let Some(color) = self.session.to_move() {
                    let r = self.session.record(now, Event::Resign(color));
                    self.note(r, None);
                    applied.clock_changed = true;
                }
            }
            Command::Undo => {
                let r = self.session.record(now, Event::Undo);
                self.note(r, None);
                self.view_move = None;
            }
            Command::AcceptCount => {
                let r = self.session.record(now, Event::AcceptCount);
                self.note(r, None);
                applied.clock_changed = true;
            }
            Command::ResumePlay => {
                let r = self.session.record(now, Event::ResumePlay);
                self.note(r, None);
            }
            Command::PressClock => {
                let r = self.session.record(now, Event::ClockPress);
                self.note(r, None);
                applied.clock_changed = true;
            }
            Command::Pause => {
                let r = self.session.record(now, Event::Pause);
                self.note(r, None);
                applied.clock_changed = true;
            }
            Command::Resume => {
                let r = self.session.record(now, Event::Resume);
                self.note(r, None);
                applied.clock_changed = true;
            }
            Command::OpenNewGameDialog => {
                self.new_game = Some(NewGameDialog::from_settings(&self.settings))
            }
            Command::CloseNewGameDialog => self.new_game = None,
            Command::NewGame(setup) => match Session::new((*setup).clone(), now) {
                Ok(s) => {
                    self.remember_new_game_choices(&setup);
                    self.session = s;
                    self.new_game = None;
                    self.view_move = None;
                    self.notice = None;
                    applied.clock_changed = true;
                }
                Err(e) => self.notice = Some(Notice::Refused(e)),
            },
            Command::SetLang(l) => {
                self.lang = l;
                self.settings.lang = Some(l);
            }
            Command::SetTab(t) => self.tab = t,
            Command::Navigate(nav) => self.navigate(nav),
            Command::ShowHelp(b) => self.show_help = b,
            Command::ClockOnlyMode(b) => self.clock_only = b,
            Command::ShowAbout(b) => self.show_about = b,
            Command::ShowTournament(b) => self.show_tournament = b,
            Command::UpdateSettings(s) => {
                if let Some(l) = s.lang {
                    self.lang = l;
                }
                self.settings = *s;
            }
            Command::Quit => self.quit = true,
        }
        applied
    }

    /// The next new-game dialog starts from these choices (players and handicap excepted).
    fn remember_new_game_choices(&mut self, setup: &GameSetup) {
        self.settings.new_size = setup.size;
        self.settings.new_komi_quarters = setup.rules.komi.0;
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

    /// Records a loss on time as soon as the clock shows it.
    pub fn check_clock(&mut self, now: Timestamp) -> Applied {
        if self.session.clock_ended(now) {
            let r = self.session.record(now, Event::ClockOutcome);
            self.note(r, None);
            return Applied {
                clock_changed: true,
            };
        }
        Applied::default()
    }

    fn press_clock_if_running(&mut self, now: Timestamp, mover: crate::rules::Color) -> bool {
        let running_for_mover = self
            .session
            .clock()
            .and_then(|k| k.to_move())
            .is_some_and(|s| color_of(s) == mover);
        let paused = self.session.clock().is_some_and(|k| k.paused().is_some());
        if running_for_mover && !paused {
            let r = self.session.record(now, Event::ClockPress);
            self.note(r, None);
            return true;
        }
        false
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

    fn note(&mut self, r: Result<(), SessionError>, at: Option<Coord>) {
        self.notice = match (r, at) {
            (Ok(()), _) => None,
            (Err(SessionError::Illegal(m)), Some(c)) => Some(Notice::Illegal(c, m)),
            (Err(e), _) => Some(Notice::Refused(e)),
        };
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
        assert_eq!(s.notice, None);
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
}
