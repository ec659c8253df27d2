//! The live game's commands: moves, the clock, the end of play, the arbiter's acts behind the
//! lock, sealing, the journal writer's answers, the voice's schedule, exports.

use super::command::{ArbiterAct, Command, Exit, Nav, NewGameRequest, PlayerAction, SessionExport};
use super::effect::Effect;
use super::lock::Waiting;
use super::notice::Notice;
use super::{Host, Question};
use crate::app::protocol::{FileJob, WindowId};
use crate::audio::Request as Voice;
use crate::clock::Timestamp;
use crate::files::journal::{JournalProblem, PinProblem};
use crate::files::journal_writer::{Reply, Request, Secret};
use crate::rules::Move;
use crate::session::shorthand::Action;
use crate::session::{Event, Phase, SessionError};

impl Host {
    /// The live game's commands (and every command the other handlers leave).
    pub(super) fn apply_game(&mut self, cmd: Command, now: Timestamp, fx: &mut Vec<Effect>) {
        // Until the arbiter decides about the time away, nothing but that decision (and looking
        // around) is accepted: no move, pass, press, pause or other ruling.
        if self.game.gap.is_some() && blocked_by_gap(&cmd) {
            self.notice = Some(Notice::DecideGapFirst);
            return;
        }
        match cmd {
            Command::ClickPoint(c) => self.click(c, now, fx),
            Command::Player(color, action) => {
                let event = match action {
                    PlayerAction::Pass => Event::Move {
                        color,
                        mv: Move::Pass,
                    },
                    PlayerAction::Confirm => Event::Confirm(color),
                    PlayerAction::Press => Event::Press(color),
                    PlayerAction::Resign => {
                        if self.session().outcome().is_none() {
                            self.question = Some(Question::Resign(color));
                        }
                        return;
                    }
                };
                self.play(now, event, fx);
            }
            Command::ConfirmResign(yes) => {
                if let Some(Question::Resign(color)) = self.question {
                    self.question = None;
                    if yes {
                        self.submit(now, Event::Resign(color), None, None, fx);
                    }
                }
            }
            Command::Undo => self.gate(Waiting::Undo, now, fx),
            Command::AcceptCount => self.submit(now, Event::Accept(None), None, None, fx),
            Command::AcceptCountResult(r) => {
                self.submit(now, Event::Accept(Some(r)), None, None, fx)
            }
            Command::AcceptSuggestion => {
                let events = match self.dead_help.shown() {
                    Some(s) => crate::app::dead_stone_help::accept_events(s, self.session()),
                    None => Vec::new(),
                };
                for (event, note) in events {
                    self.submit(now, event, None, Some(note), fx);
                }
            }
            Command::IgnoreSuggestion(b) => self.dead_help.ignored = b,
            Command::ResumePlay => self.submit(now, Event::Dispute, None, None, fx),
            Command::Start if !self.game.started() => {
                self.submit(now, Event::Start, None, None, fx)
            }
            // A finished game's clock stays as it ended.
            Command::Pause if self.session().outcome().is_none() => {
                self.submit(now, Event::Pause, None, None, fx)
            }
            Command::Resume if self.can_resume() => self.submit(now, Event::Resume, None, None, fx),
            Command::CapturePause(color) => {
                self.submit(now, Event::CapturePause(color), None, None, fx)
            }
            Command::Arbiter(act) => self.gate(Waiting::Act(act), now, fx),
            Command::SubmitPin(pin) => self.submit_pin(pin, now, fx),
            Command::CancelPin => self.lock.gate.cancel(),
            Command::LockNow => {
                self.lock.close();
                self.notice = Some(Notice::Locked);
            }
            Command::CloseSeal => self.sealing = None,
            Command::Seal { by, mv, pin } => {
                self.sealing = None;
                let req =
                    self.game
                        .append(now, Action::Seal { by, mv }, None, None, Some(Secret(pin)));
                fx.push(Effect::Journal(req));
            }
            Command::DismissSlip => self.slip = None,
            Command::TimeCheck => {
                let at = self.session_time(now);
                let session = self.session();
                if let (Some(clock), Some(c)) = (session.clock(), session.to_move()) {
                    for p in clock.time_check(at, crate::session::side_of(c)) {
                        fx.push(Effect::Voice(Voice::SayNow(p)));
                    }
                }
            }
            Command::ExportSession(kind) => self.export_session(kind, None, fx),
            Command::Gap(charged) => self.gate(Waiting::Gap(charged), now, fx),
            Command::ResumeSession(path) => self.resume_session(path, now, fx),
            Command::DismissResume => {
                self.resume.dismiss();
                self.offer_answered(now, fx);
            }
            Command::MoveToFolder(folder) => {
                self.game.sent();
                fx.push(Effect::Journal(Request::Relocate {
                    game: self.game.id,
                    folder,
                }));
            }
            Command::OpenNewGameDialog => self.leave(Exit::NewGameDialog, now, fx),
            Command::ClockOnlyMode => {
                self.leave(Exit::NewGameDialog, now, fx);
                if let Some(ask) = &mut self.new_game {
                    // The dialog opens for a clock-only session (with a clock).
                    ask.clock_only = true;
                }
            }
            Command::CloseNewGameDialog => self.new_game = None,
            Command::NewGame(request) => self.leave(Exit::NewGame(request), now, fx),
            Command::Navigate(nav) => self.navigate(nav),
            Command::Journal(reply) => self.journal_reply(reply, now, fx),
            // Every other command is handled by the host's other parts.
            _ => {}
        }
    }

    /// Opens the new-game dialog (everything asked); the shell's form starts from the saved
    /// choices.
    pub(super) fn open_new_game(&mut self, clock_only: bool) {
        self.new_game_seq += 1;
        self.new_game = Some(crate::app::new_game::NewGameAsk {
            seq: self.new_game_seq,
            clock_only,
        });
    }

    /// Starts the requested new game (after the live game was asked about).
    pub(super) fn start_new_game(
        &mut self,
        request: NewGameRequest,
        now: Timestamp,
        fx: &mut Vec<Effect>,
    ) {
        let NewGameRequest { setup, pin } = request;
        let pin = pin.or_else(|| self.env_pin.clone());
        self.remember_new_game_choices(&setup);
        self.new_game = None;
        self.begin_game(setup, pin, now, fx);
    }

    fn click(&mut self, c: crate::rules::Coord, now: Timestamp, fx: &mut Vec<Effect>) {
        if self.view_move.is_some() {
            // A click while looking at an earlier move goes back to the live game rather than
            // playing into the past.
            self.view_move = None;
            return;
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
                return;
            }
        };
        // A refusal is explained at once, before anything is written.
        if let Event::Move { .. } | Event::HandicapStone(_) = event
            && let Err(e) = self.session().check_point(c)
        {
            let mover = self.session().side_to_move();
            self.notice = Some(match e {
                SessionError::Illegal(m) => match self.session().refusal(mover, c) {
                    Some(
                        r @ (crate::session::Refusal::Forbidden
                        | crate::session::Refusal::KoRecapture { .. }
                        | crate::session::Refusal::Repetition { .. }),
                    ) => Notice::Refusal(c, r),
                    _ => Notice::Illegal(c, m),
                },
                e => Notice::Refused(e),
            });
            return;
        }
        self.play(now, event, fx);
    }

    /// A player's action: before the first turn, the clock's start signal goes first (the
    /// clock starts when play starts, never at launch).
    fn play(&mut self, now: Timestamp, event: Event, fx: &mut Vec<Effect>) {
        if !self.game.started()
            && self.session().clock().is_some()
            && !matches!(event, Event::HandicapStone(_) | Event::Dead(_))
        {
            // The start goes first only for a move the session takes: a refused first move
            // never starts the clock.
            let at = self.session_time(now);
            let mut after_start = self.session().clone();
            let refused = match after_start.record(at, Event::Start) {
                Ok(_) => after_start
                    .prepare_event(at, event.clone(), None, None)
                    .err(),
                Err(e) => Some(e),
            };
            if let Some(e) = refused {
                self.notice = Some(Notice::Refused(e));
                return;
            }
            self.submit(now, Event::Start, None, None, fx);
        }
        self.submit(now, event, None, None, fx);
    }

    /// Sends an event to the journal writer.
    pub(super) fn submit(
        &mut self,
        now: Timestamp,
        event: Event,
        article: Option<String>,
        note: Option<String>,
        fx: &mut Vec<Effect>,
    ) {
        let req = self
            .game
            .append(now, Action::Event(event), article, note, None);
        fx.push(Effect::Journal(req));
    }

    /// An arbiter's act: done at once while the lock is open (or in a game without one, where
    /// the journal refuses the rulings and says why), else the PIN is asked first.
    pub(super) fn gate(&mut self, waiting: Waiting, now: Timestamp, fx: &mut Vec<Effect>) {
        if let Waiting::Act(ArbiterAct::OpenSeal(by)) = waiting {
            // The sealed screen asks the PIN itself: the seal is encrypted under it.
            if self.session().phase() == &Phase::Adjourned {
                self.sealing = Some(by);
            }
            return;
        }
        if !self.game.locked {
            self.run_waiting(waiting, None, now, fx);
            return;
        }
        // Unsealing needs the PIN itself (it decrypts the move), open lock or not.
        let needs_secret = matches!(waiting, Waiting::Act(ArbiterAct::Unseal));
        if self.lock.is_open(now) && !needs_secret {
            self.run_waiting(waiting, None, now, fx);
        } else {
            self.lock.gate.ask(waiting);
        }
    }

    /// The PIN typed: unsealing takes it to the journal (which checks it and decrypts);
    /// anything else has it checked first (Argon2id on the writer thread).
    fn submit_pin(&mut self, pin: String, now: Timestamp, fx: &mut Vec<Effect>) {
        if pin.is_empty() {
            return;
        }
        if let Some(Waiting::Act(ArbiterAct::Unseal)) = self.lock.gate.waiting() {
            if let Some(waiting) = self.lock.gate.pass() {
                self.run_waiting(waiting, Some(Secret(pin)), now, fx);
            }
            return;
        }
        // No prompt open, or a check already running (a second Enter): nothing is sent.
        if self.lock.gate.submit().is_none() {
            return;
        }
        self.game.sent();
        fx.push(Effect::Journal(Request::CheckPin {
            game: self.game.id,
            pin: Secret(pin),
        }));
    }

    /// Carries out an arbiter's act the lock let through.
    fn run_waiting(
        &mut self,
        waiting: Waiting,
        secret: Option<Secret>,
        now: Timestamp,
        fx: &mut Vec<Effect>,
    ) {
        match waiting {
            Waiting::Undo => match self.session().last_turn() {
                Some(n) => self.submit(now, Event::Revoke(n), None, None, fx),
                None => self.notice = Some(Notice::Refused(SessionError::NothingToUndo)),
            },
            Waiting::Gap(charged) => {
                let Some(gap) = self.game.gap else { return };
                // The time line goes on from the instant the game was picked: the time spent
                // deciding is not charged to anybody.
                self.game.set_time(now, gap.resume_at);
                let req = self.game.append_at(
                    gap.resume_at,
                    Action::Event(Event::Gap { charged }),
                    None,
                    None,
                    None,
                );
                fx.push(Effect::Journal(req));
            }
            Waiting::Act(ArbiterAct::Ruling {
                event,
                article,
                note,
            }) => self.submit(now, event, article, note, fx),
            Waiting::Act(ArbiterAct::Unseal) => {
                let req = self
                    .game
                    .append(now, Action::Unseal { slip: None }, None, None, secret);
                fx.push(Effect::Journal(req));
            }
            Waiting::Act(ArbiterAct::UnsealWithSlip { mv, nonce }) => {
                let req = self.game.append(
                    now,
                    Action::Unseal {
                        slip: Some((mv, nonce)),
                    },
                    None,
                    None,
                    None,
                );
                fx.push(Effect::Journal(req));
            }
            Waiting::Act(ArbiterAct::OpenSeal(by)) => self.sealing = Some(by),
            // Issue 18 item 6: the desk's ruling, entered once (`host/hall.rs`).
            Waiting::DeskRuling(id) => self.enter_desk_ruling(&id, now, fx),
        }
    }

    /// Takes the journal writer's answer in.
    fn journal_reply(&mut self, reply: Reply, now: Timestamp, fx: &mut Vec<Effect>) {
        if let Reply::Opened { .. } | Reply::OpenFailed { .. } = reply {
            self.resume_opened(reply, now, fx);
            return;
        }
        if reply.game() != self.game.id {
            return;
        }
        match reply {
            Reply::Ready { .. } => {}
            Reply::Opened { .. } | Reply::OpenFailed { .. } => {}
            Reply::Appended {
                entry, path, slip, ..
            } => {
                self.game.answered();
                if let Some(p) = path {
                    self.game.path = Some(p);
                }
                let entry = *entry;
                let n = entry.n;
                let was_gap = matches!(entry.event, Event::Gap { .. });
                let applied = match self.game.session.prepare(entry) {
                    Ok(prepared) => self.game.session.commit(prepared),
                    Err(e) => {
                        // The writer and the host fold the same log; this cannot happen
                        // unless memory is corrupt. Say so rather than show a wrong state.
                        self.notice = Some(Notice::Refused(e));
                        return;
                    }
                };
                self.game.last_saved = Some(n);
                self.game.not_saved = None;
                if was_gap {
                    self.game.gap = None;
                }
                self.notice = Some(Notice::Saved(n));
                if let Some(slip) = slip {
                    // Shown on the sealed screen only, never written to a file: its nonce
                    // reveals the move to whoever reads it.
                    self.slip = Some(slip);
                }
                self.view_move = None;
                if applied.finished {
                    self.post_to_tournament();
                }
                // The schedule first: a finished game cancels the clock's calls, and that must
                // not cancel what the entry itself says (the second warning's loss is spoken).
                fx.extend(self.reschedule_voice(now));
                for p in applied.spoken {
                    fx.push(Effect::Voice(Voice::SayNow(p)));
                }
            }
            Reply::Refused { problem, .. } => {
                self.game.answered();
                self.notice = Some(match problem {
                    JournalProblem::Pin(PinProblem::Wrong) => Notice::WrongPin,
                    p => Notice::Journal(p),
                });
            }
            Reply::NotSaved { problem, .. } => {
                self.game.answered();
                self.game.not_saved = Some(problem.clone());
                self.notice = Some(Notice::NotSaved(problem));
            }
            Reply::PinChecked { ok, problem, .. } => {
                self.game.answered();
                if let Some(p) = problem {
                    self.lock.close();
                    self.notice = Some(Notice::Journal(p));
                    return;
                }
                if !ok {
                    let _ = self.lock.gate.answer_running(false);
                    self.notice = Some(Notice::WrongPin);
                    return;
                }
                let waiting = self.lock.gate.answer_running(true);
                self.lock.open(now, self.settings.unlock_seconds);
                if let Some(w) = waiting {
                    self.run_waiting(w, None, now, fx);
                }
            }
            Reply::Relocated { path, .. } => {
                self.game.answered();
                self.game.path = Some(path.clone());
                self.game.not_saved = None;
                self.notice = Some(Notice::Moved(path));
            }
        }
    }

    /// Stops the clocks as soon as the clock shows a time-out (Art. 23.5), so the journal holds
    /// the end of the game.
    pub(super) fn check_clock(&mut self, now: Timestamp, fx: &mut Vec<Effect>) {
        if !self.clock_live() || self.game.busy() || self.session().outcome().is_some() {
            return;
        }
        let at = self.session_time(now);
        if self.session().time_out_at(at).is_some() {
            self.submit(
                now,
                Event::Pause,
                None,
                Some(crate::session::TIME_OUT_NOTE.to_owned()),
                fx,
            );
        }
    }

    /// The clock's upcoming calls for the voice, replacing what was pending. The clock counts
    /// on the session's time line; the voice on the app's.
    pub(super) fn reschedule_voice(&self, now: Timestamp) -> Vec<Effect> {
        let session = self.session();
        let calls = match session.clock() {
            Some(k) if session.outcome().is_none() && self.clock_live() => {
                let at = self.session_time(now);
                let mut calls = crate::audio::calls_of(k.upcoming(at));
                for c in &mut calls {
                    c.due = self.game.app_time(c.due);
                }
                calls
            }
            _ => Vec::new(),
        };
        if calls.is_empty() {
            vec![Effect::Voice(Voice::Cancel)]
        } else {
            vec![Effect::Voice(Voice::Schedule(calls))]
        }
    }

    /// When the window must next repaint for the clocks (the shown second changes) or the
    /// lock's countdown, on the app's time line.
    pub fn next_repaint(&self, now: Timestamp) -> Option<Timestamp> {
        let clock = if self.session().outcome().is_none() && self.clock_live() {
            let at = self.session_time(now);
            self.session()
                .clock()
                .and_then(|k| k.next_change(at))
                .map(|t| self.game.app_time(t))
        } else {
            None
        };
        let lock = self.lock.next_change(now);
        match (clock, lock) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Exports the game: the report or the SGF is built from the journal on disk on a worker
    /// thread, then saved where the user says (or at `to`, typed where no dialog shows).
    pub(super) fn export_session(
        &mut self,
        kind: SessionExport,
        to: Option<std::path::PathBuf>,
        fx: &mut Vec<Effect>,
    ) {
        let lang = self.lang;
        let Some(path) = self.game.path.clone() else {
            self.notice = Some(Notice::NothingToExport);
            return;
        };
        let stem = path
            .file_stem()
            .map_or_else(|| "game".to_owned(), |s| s.to_string_lossy().into_owned());
        let (title, name) = match kind {
            SessionExport::ReportHtml => (
                lang.pick("导出对局报告", "匯出對局報告", "Export the game report"),
                format!("{stem}-report.html"),
            ),
            SessionExport::ReportText => (
                lang.pick(
                    "导出对局报告（文本）",
                    "匯出對局報告（文字）",
                    "Export the game report (text)",
                ),
                format!("{stem}-report.txt"),
            ),
            SessionExport::Sgf => (
                lang.pick("导出棋谱", "匯出棋譜", "Export the record"),
                format!("{stem}.sgf"),
            ),
        };
        fx.push(Effect::File(
            WindowId::Game,
            FileJob::ExportSession {
                journal: path,
                kind,
                title: title.to_owned(),
                name,
                to,
            },
        ));
    }

    /// A finished game posts its result and warnings into the open tournament's round (the
    /// session's round and names), and says so; without an open tournament nothing happens.
    fn post_to_tournament(&mut self) {
        let session = self.session();
        let Some(result) = session
            .outcome()
            .and_then(crate::tournament::post::PostedResult::from_session)
        else {
            return;
        };
        let setup = session.setup();
        let Ok(round) = setup.round.trim().parse::<u32>() else {
            return;
        };
        let (wb, ww) = (
            session.warnings(crate::rules::Color::Black),
            session.warnings(crate::rules::Color::White),
        );
        let (black, white) = (setup.black.name.clone(), setup.white.name.clone());
        let table = crate::tournament::post::Table::Names(&black, &white);
        if let Ok(()) = self.windows.tournament.post(round, table, result, wb, ww) {
            self.notice = Some(Notice::Posted(round));
        }
    }

    /// The next new-game dialog starts from these choices (players and handicap excepted).
    fn remember_new_game_choices(&mut self, setup: &crate::session::GameSetup) {
        self.settings.new_size = setup.size;
        if setup.handicap.stones() < 2 {
            self.settings.new_komi_quarters = setup.rules.komi.0;
        }
        self.settings.new_ko = match setup.rules.ko {
            crate::rules::KoRule::Positional => crate::app::settings::SavedKoRule::Positional,
            crate::rules::KoRule::Situational => crate::app::settings::SavedKoRule::Situational,
            crate::rules::KoRule::Simple => crate::app::settings::SavedKoRule::Simple,
        };
        self.settings.new_time_control = setup
            .time_control
            .as_ref()
            .map(|t| t.to_string())
            .unwrap_or_default();
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

/// Whether `cmd` changes the game while the time-away decision is open (refused then).
fn blocked_by_gap(cmd: &Command) -> bool {
    matches!(
        cmd,
        Command::ClickPoint(_)
            | Command::Player(..)
            | Command::ConfirmResign(true)
            | Command::Undo
            | Command::AcceptCount
            | Command::AcceptCountResult(_)
            | Command::AcceptSuggestion
            | Command::ResumePlay
            | Command::Start
            | Command::Pause
            | Command::Resume
            | Command::CapturePause(_)
            | Command::Arbiter(_)
            | Command::Seal { .. }
            | Command::MoveToFolder(_)
    )
}
