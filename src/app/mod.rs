//! The desktop application (eframe/egui, glow renderer): what people see.
//!
//! The shell is thin (STYLE.md §4). Views — the board, the clock faces, the side panel, the
//! menus, the dialogs — read the state and return [`Command`]s; [`TianyuanApp`] applies them
//! once per frame through [`AppState::apply`], which draws nothing and is tested without a
//! window. Time is injected: every frame reads one [`Timestamp`] from a [`TimeSource`].
//!
//! Idle cost: the app never repaints continuously. After each frame it asks egui for a repaint
//! exactly when the running clock's shown second changes ([`crate::clock::GameClock::next_change`]);
//! with no clock running it sleeps until the next input event.

pub mod app_state;
pub mod arbiter_form;
pub mod arbiter_panel;
pub mod board_view;
pub mod clock_faces;
pub mod command;
pub mod dead_stone_help;
pub mod dead_stone_view;
pub mod desk_view;
pub mod desk_window;
pub mod desktop_identity;
pub mod engine_review_view;
pub mod face_text;
pub mod fonts;
pub mod game_store;
pub mod menus;
pub mod modals;
pub mod new_game_dialog;
mod open_error;
pub mod problems;
pub mod resume;
pub mod review;
pub mod review_tools;
pub mod review_tools_view;
pub mod screen_size;
pub mod session_clock_view;
pub mod settings;
pub mod side_panel;
pub mod stone_sprite;
pub mod suggestion_marks;
pub mod talking_clock;
pub mod teach;
pub mod theme;
pub mod tournament;

pub use app_state::{AppState, Notice};
pub use command::{Command, Nav, Tab};
pub use open_error::OpenError;
pub use settings::Settings;

use crate::audio::{Announcer, NullAnnouncer};
use crate::clock::Timestamp;
use crate::i18n::{Lang, Msg};
use crate::rules::{Color, Coord, Move};
use crate::session::{GameSetup, Phase, owned_points};
use crate::time::{SystemTimeSource, TimeSource};
use arbiter_panel::ArbiterInput;
use board_view::{BoardLook, BoardScene};
use eframe::egui;
use modals::ModalInput;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How the app is started (from the command line).
#[derive(Clone, Debug, Default)]
pub struct AppOptions {
    /// An SGF file to show (`tianyuan FILE.sgf`).
    pub open: Option<PathBuf>,
    /// The interface language (`--lang zh-Hans|zh-Hant|en`); otherwise the saved choice, then
    /// the system locale.
    pub lang: Option<Lang>,
    /// Write the voice's timing log here (`--audio-log FILE`).
    pub audio_log: Option<PathBuf>,
    /// The locale string of the system (`LC_ALL`/`LC_MESSAGES`/`LANG`), read by `main`.
    pub system_locale: Option<String>,
    /// Open on a new game from this setup (`--setup 'SETUP'`, a tournament's shortcut).
    pub setup: Option<crate::session::GameSetup>,
    /// With `setup`: start its clock at once (`--start`).
    pub start: bool,
    /// With `setup`: the arbiter's PIN (`TIANYUAN_ARBITER_PIN`), or none.
    pub pin: Option<String>,
}

/// The application: the state, the time source, the voice, and view-local buffers.
pub struct TianyuanApp {
    /// Everything the commands change.
    pub state: AppState,
    time: Box<dyn TimeSource>,
    announcer: Box<dyn Announcer>,
    panel_input: ArbiterInput,
    modal_input: ModalInput,
    /// Exports of the game (report, SGF) running off the UI thread.
    exports: crate::files::jobs::FileJobs,
    /// The review tab: an SGF record under review (the review engineer's panel).
    pub review: review::ReviewPanel,
    /// The review tab's dead-stone suggestion and engine review.
    pub review_tools: review_tools::ReviewTools,
    /// The problems window (issue 11 item 6), shown while `state.show_problems`.
    pub problems: problems::ProblemsState,
    /// The last frame's repaint request, for measurements and tests.
    pub next_repaint: Option<Timestamp>,
    /// Print the time from start to the end of the first frame (`TIANYUAN_STARTUP_TIMING`).
    pub report_first_frame: bool,
    /// Print a line for every frame with its time and its next repaint (`TIANYUAN_FRAME_LOG`),
    /// to see why and how often an idle window repaints.
    pub log_frames: bool,
    frames: u64,
    /// The clock-only mode's talking clock while that mode is on; it borrows the voice.
    talking: Option<talking_clock::TalkingClock>,
    /// The search for unfinished sessions at start, until it answers.
    resume_query: Option<std::sync::mpsc::Receiver<Vec<resume::Resumable>>>,
    /// Quitting was asked for and confirmed: the window's own close request that follows is
    /// not asked about again.
    closing: bool,
    /// The tournament window (issue 12), shown while `state.show_tournament`.
    pub tournament: tournament::TournamentWindow,
    /// Teaching mode (issue 11), shown instead of the board while `state.teaching`.
    pub teach: teach::TeachWindow,
    /// The monitor-size query, until it answers.
    screen_query: Option<std::sync::mpsc::Receiver<Result<screen_size::ScreenSize, String>>>,
}

impl TianyuanApp {
    /// An app over `time` and `announcer`, with the given preferences and language.
    pub fn new(
        ctx: &egui::Context,
        settings: Settings,
        lang: Lang,
        time: Box<dyn TimeSource>,
        announcer: Box<dyn Announcer>,
    ) -> Result<TianyuanApp, String> {
        fonts::install(ctx);
        // The first game is the user's usual one: the last new-game choices. Its clock does not
        // run until the arbiter starts it or the first move is played.
        let setup = new_game_dialog::NewGameDialog::from_settings(&settings)
            .setup(lang)
            .unwrap_or_default();
        let now = time.now();
        let mut state = AppState::new(settings.clone(), lang, setup, now)
            .or_else(|_| AppState::new(settings, lang, GameSetup::default(), now))?;
        let wake_ctx = ctx.clone();
        state
            .store
            .set_waker(Arc::new(move || wake_ctx.request_repaint()));
        let mut announcer = announcer;
        announcer.set_volume(state.settings.volume);
        announcer.set_muted(state.settings.muted);
        Ok(TianyuanApp {
            state,
            time,
            announcer,
            panel_input: ArbiterInput::default(),
            modal_input: ModalInput::default(),
            exports: crate::files::jobs::FileJobs::default(),
            review: review::ReviewPanel::new(),
            review_tools: review_tools::ReviewTools::default(),
            problems: problems::ProblemsState::default(),
            next_repaint: None,
            report_first_frame: false,
            log_frames: false,
            frames: 0,
            talking: None,
            resume_query: None,
            closing: false,
            tournament: tournament::TournamentWindow::default(),
            teach: teach::TeachWindow::default(),
            screen_query: None,
        })
    }

    /// An app for tests: a manual time source, a null voice, default settings.
    pub fn for_tests(
        ctx: &egui::Context,
        lang: Lang,
        time: Box<dyn TimeSource>,
        announcer: Box<dyn Announcer>,
    ) -> Result<TianyuanApp, String> {
        TianyuanApp::new(ctx, Settings::default(), lang, time, announcer)
    }

    /// Writes games into `folder` from their first entry (the sessions folder; tests leave
    /// games in memory), and looks there, off the UI thread, for unfinished games to offer.
    pub fn set_sessions_folder(&mut self, ctx: &egui::Context, folder: Option<PathBuf>) {
        self.state.sessions_folder = folder.clone();
        let Some(folder) = folder else { return };
        let (tx, rx) = std::sync::mpsc::channel();
        let ctx = ctx.clone();
        let spawned = std::thread::Builder::new()
            .name("tianyuan-resume".into())
            .spawn(move || {
                let found = resume::find_unfinished(&folder, crate::time::utc_now());
                let _ = tx.send(found);
                ctx.request_repaint();
            });
        if spawned.is_ok() {
            self.resume_query = Some(rx);
        }
    }

    /// Opens a record from `path` in the review tab. A file that cannot be read is named with
    /// the reason (line and column for bad SGF) at the top of the review tab, which is shown.
    pub fn open_file(&mut self, path: &Path) -> Result<(), OpenError> {
        self.state.tab = Tab::Review;
        let lang = self.state.lang;
        self.review.set_lang(lang);
        let bytes = crate::files::read_bounded(path, crate::files::jobs::MAX_DOCUMENT_BYTES)
            .map_err(|e| {
                let e = OpenError::Io(path.to_path_buf(), std::io::Error::other(e.to_string()));
                self.review.show_error(e.to_string());
                e
            })?;
        self.review
            .open_bytes(Some(path.to_path_buf()), &bytes)
            .map_err(|e| OpenError::Sgf(path.to_path_buf(), review::error_text(&e, lang)))?;
        Ok(())
    }

    /// A finished game posts its result and warnings into the open tournament's round (the
    /// session's round and names), and says so; without an open tournament nothing happens.
    fn post_to_tournament(&mut self) {
        let session = self.state.session();
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
        let lang = self.state.lang;
        if let Ok(()) = self.tournament.post(round, table, result, wb, ww) {
            self.state.notice = Some(Notice::Text(lang.pick(
                format!("结果已登入第{round}轮"),
                format!("結果已登入第{round}輪"),
                format!("The result is posted into round {round}"),
            )));
        }
    }

    /// Exports the game: the report or the SGF is built from the journal on disk (its
    /// wall-clock times and head hash) on a worker thread, then saved where the user says.
    fn export_session(&mut self, ctx: &egui::Context, kind: command::SessionExport) {
        use command::SessionExport;
        let lang = self.state.lang;
        let Some(path) = self.state.store.path.clone() else {
            self.state.notice = Some(Notice::Text(
                lang.pick(
                    "对局尚未开始保存：第一手之后即可导出",
                    "對局尚未開始儲存：第一手之後即可匯出",
                    "Nothing is saved yet: export after the first entry",
                )
                .to_owned(),
            ));
            return;
        };
        let stem = path
            .file_stem()
            .map_or_else(|| "game".to_owned(), |s| s.to_string_lossy().into_owned());
        let (title, name, filter): (&str, String, crate::files::dialogs::Filter) = match kind {
            SessionExport::ReportHtml => (
                lang.pick("导出对局报告", "匯出對局報告", "Export the game report"),
                format!("{stem}-report.html"),
                ("HTML", &["html"]),
            ),
            SessionExport::ReportText => (
                lang.pick(
                    "导出对局报告（文本）",
                    "匯出對局報告（文字）",
                    "Export the game report (text)",
                ),
                format!("{stem}-report.txt"),
                ("Text", &["txt"]),
            ),
            SessionExport::Sgf => (
                lang.pick("导出棋谱", "匯出棋譜", "Export the record"),
                format!("{stem}.sgf"),
                ("SGF", &["sgf"]),
            ),
        };
        let title = title.to_owned();
        let wake_ctx = ctx.clone();
        let wake: crate::files::jobs::Waker = Arc::new(move || wake_ctx.request_repaint());
        self.exports.spawn(&wake, move || {
            use crate::files::jobs::FileEvent;
            let built = crate::files::journal::read_journal(&path).and_then(|(_, reading)| {
                let session = crate::files::journal::fold_reading(&reading)?;
                Ok(match kind {
                    SessionExport::Sgf => crate::report::session_sgf(&session),
                    SessionExport::ReportHtml => {
                        crate::report::Report::new(&session, &reading).html()
                    }
                    SessionExport::ReportText => {
                        crate::report::Report::new(&session, &reading).text()
                    }
                })
            });
            let text = match built {
                Ok(t) => t,
                Err(e) => return FileEvent::Failed(path, e.to_string()),
            };
            match crate::files::dialogs::pick_save(&title, &name, filter) {
                Some(out) => match crate::files::write_atomically(&out, text.as_bytes()) {
                    Ok(()) => FileEvent::Exported(out),
                    Err(e) => FileEvent::Failed(out, e.to_string()),
                },
                None => FileEvent::Cancelled,
            }
        });
    }

    /// Begins a new game from `setup` as the New game dialog would (`--setup`), and with
    /// `start` starts its clock at once (`--start`).
    pub fn begin_game(
        &mut self,
        setup: crate::session::GameSetup,
        pin: Option<String>,
        start: bool,
    ) {
        let now = self.time.now();
        let mut cmds = vec![Command::NewGame(Box::new(command::NewGameRequest {
            setup,
            pin,
        }))];
        if start {
            cmds.push(Command::Start);
        }
        self.apply_all(cmds, now);
    }

    fn apply_all(&mut self, cmds: Vec<Command>, now: Timestamp) -> bool {
        let mut applied = self.state.poll_store();
        for event in self.exports.poll() {
            use crate::files::jobs::FileEvent;
            let lang = self.state.lang;
            self.state.notice = match event {
                FileEvent::Exported(p) | FileEvent::Saved(p) => Some(Notice::Text(format!(
                    "{} {}",
                    lang.pick("已导出", "已匯出", "Exported"),
                    p.display()
                ))),
                FileEvent::Failed(p, why) => Some(Notice::Text(format!("{}: {why}", p.display()))),
                FileEvent::AlreadyExists(p) => Some(Notice::Text(format!(
                    "{}: {}",
                    p.display(),
                    crate::i18n::file_already_there(lang)
                ))),
                FileEvent::Cancelled | FileEvent::Opened(..) => self.state.notice.take(),
            };
            applied.clock_changed = true;
        }
        let had = !cmds.is_empty() || applied.clock_changed;
        for cmd in cmds {
            let before = self.state.settings.clone();
            let a = self.state.apply(cmd, now);
            applied.clock_changed |= a.clock_changed;
            applied.speak.extend(a.speak);
            if self.state.settings.volume != before.volume
                || self.state.settings.muted != before.muted
            {
                self.announcer.set_volume(self.state.settings.volume);
                self.announcer.set_muted(self.state.settings.muted);
            }
        }
        let a = self.state.check_clock(now);
        applied.clock_changed |= a.clock_changed;
        applied.finished |= a.finished;
        applied.speak.extend(a.speak);
        if applied.finished {
            self.post_to_tournament();
        }
        for phrase in applied.speak {
            self.announcer.say_now(phrase);
        }
        if applied.clock_changed {
            self.reschedule_voice(now);
        }
        had || applied.clock_changed
    }

    /// Hands the clock's upcoming calls to the voice, replacing what was pending. The clock
    /// counts on the session's time line; the voice on the app's, `origin` apart.
    fn reschedule_voice(&mut self, now: Timestamp) {
        let session = self.state.session();
        let origin = self.state.store.origin;
        let calls = match session.clock() {
            Some(k) if session.outcome().is_none() && self.state.clock_live() => {
                let at = self.state.session_time(now);
                let mut calls = crate::audio::calls_of(k.upcoming(at));
                for c in &mut calls {
                    c.due = Timestamp(c.due.0.saturating_add(origin.0));
                }
                calls
            }
            _ => Vec::new(),
        };
        if calls.is_empty() {
            self.announcer.cancel();
        } else {
            self.announcer.schedule(&calls);
        }
    }

    /// The problems window: its file jobs' answers, the window, its commands.
    fn problems_ui(&mut self, ctx: &egui::Context) -> Option<Command> {
        let lang = self.state.lang;
        if self.problems.poll(lang) {
            ctx.request_repaint();
        }
        self.problems.ensure_open(lang);
        let look = BoardLook {
            real_size: None,
            ..self.state.board_look(ctx.pixels_per_point())
        };
        let (cmds, open) = problems::view::window_ui(ctx, &mut self.problems, lang, look);
        let wake_ctx = ctx.clone();
        let wake: crate::files::jobs::Waker = Arc::new(move || wake_ctx.request_repaint());
        for c in cmds {
            self.problems.apply(c, &wake, lang);
            ctx.request_repaint();
        }
        (!open).then_some(Command::ShowProblems(false))
    }

    /// Asks for the dead-stone suggestion when the game enters counting (on a worker thread;
    /// the frame goes on), and takes it when it is ready.
    fn sync_dead_stone_help(&mut self, ctx: &egui::Context) {
        let question = dead_stone_help::Question::of_counting(self.state.session());
        let wake_ctx = ctx.clone();
        let wake: dead_stone_help::Waker = Arc::new(move || wake_ctx.request_repaint());
        self.state.dead_help.sync(question, &wake);
        if self.state.dead_help.poll() {
            ctx.request_repaint();
        }
    }

    fn scene(&self, pixels_per_point: f32) -> BoardScene {
        let st = &self.state;
        let (game, shown) = (st.session().game(), st.shown_move());
        let live = st.view_move.is_none();
        let board = if live {
            st.session().board()
        } else {
            app_state::board_after(game, shown)
        };
        let moves = game.moves().get(..shown).unwrap_or(game.moves());
        let last_move = match moves.last() {
            Some((_, Move::Play(c))) if st.settings.show_last_move => Some(*c),
            _ => None,
        };
        let numbers = if st.settings.show_move_numbers {
            move_numbers(moves, &board)
        } else {
            Vec::new()
        };
        let counting = live && st.session().phase() == &Phase::Counting;
        let dead = if counting {
            st.session().dead_stones()
        } else {
            Vec::new()
        };
        let owned = if counting {
            owned_points(&board, &dead)
        } else {
            Vec::new()
        };
        let ghost = if live { st.session().to_move() } else { None };
        let refused = match &st.notice {
            Some(Notice::Illegal(c, _)) if live => Some(*c),
            _ => None,
        };
        let size = board.size();
        let suggestion = st
            .dead_help
            .shown()
            .filter(|_| counting)
            .map(|s| suggestion_marks::SuggestionMarks::of(s, &dead, size, st.lang));
        let description = describe(st, size, shown, last_move);
        BoardScene {
            size,
            stones: board.stones(),
            last_move,
            numbers,
            dead,
            owned,
            ghost,
            refused,
            look: st.board_look(pixels_per_point),
            description,
            suggestion,
        }
    }

    /// The clock-only mode (Art. 33.3–33.4): the window is the game clock and the byo-yomi
    /// caller beside a physical board. The voice moves to the talking clock while the mode is
    /// on and comes back when it ends. Returns whether this frame was the clock's.
    fn clock_only_ui(&mut self, ui: &mut egui::Ui, now: Timestamp) -> bool {
        let lang = self.state.lang;
        if !self.state.clock_only {
            if let Some(tc) = self.talking.take() {
                self.announcer = tc.into_announcer();
            }
            return false;
        }
        let talking = self.talking.get_or_insert_with(|| {
            let voice = std::mem::replace(&mut self.announcer, Box::new(NullAnnouncer::new()));
            talking_clock::TalkingClock::new(voice, lang)
        });
        talking.set_lang(lang);
        let mut leave = false;
        egui::Panel::top("clock-only-bar").show(ui, |ui| {
            ui.horizontal(|ui| {
                leave = ui.button(lang.tr(Msg::BackToBoard)).clicked();
                ui.label(lang.tr(Msg::ClockOnlyMode));
            });
        });
        let repaint_at = egui::CentralPanel::default()
            .show(ui, |ui| talking.ui(ui, now))
            .inner;
        if leave {
            let _ = self.state.apply(Command::ClockOnlyMode(false), now);
            ui.ctx().request_repaint();
        } else if let Some(at) = repaint_at {
            ui.ctx()
                .request_repaint_after(Duration::from_millis(at.0.saturating_sub(now.0)));
        }
        true
    }

    /// Teaching mode (issue 11): the window is the teaching board while it is on. Returns
    /// whether this frame was teaching mode's.
    fn teach_ui(&mut self, ui: &mut egui::Ui, now: Timestamp) -> bool {
        if !self.state.teaching {
            return false;
        }
        let lang = self.state.lang;
        let look = self.state.board_look(ui.ctx().pixels_per_point());
        let out = self.teach.ui(
            ui,
            now,
            &self.state.settings.teach,
            look,
            lang,
            self.announcer.as_mut(),
        );
        if let Some(prefs) = out.prefs {
            self.state.settings.teach = prefs;
        }
        if out.leave {
            let _ = self.state.apply(Command::TeachingMode(false), now);
            ui.ctx().request_repaint();
        }
        true
    }

    /// One frame of the whole window: menus, clock faces, side panel and board.
    pub fn frame_ui(&mut self, ui: &mut egui::Ui) {
        let now = self.time.now();
        let ctx = ui.ctx().clone();
        if let Some(rx) = &self.screen_query
            && let Ok(answer) = rx.try_recv()
        {
            self.state.screen = answer.ok();
            self.screen_query = None;
        }
        if let Some(rx) = &self.resume_query
            && let Ok(found) = rx.try_recv()
        {
            // A game already begun in this run is not interrupted by the offer.
            if !self.state.store.started() {
                self.state.resumable = found;
            }
            self.resume_query = None;
        }
        if self.clock_only_ui(ui, now) {
            return;
        }
        if self.teach_ui(ui, now) {
            return;
        }
        self.sync_dead_stone_help(&ctx);
        let mut cmds = menus::shortcut_commands(&ctx, &self.state);
        let lang = self.state.lang;

        // The window is cleared to the panels' colour, so the panels paint no background of
        // their own: under software GL every filled pixel costs, and an idle frame with a
        // running clock is mostly fill (see `clear_color` and `board_view::board_ui`).
        let bare = egui::Frame::side_top_panel(ui.style()).fill(egui::Color32::TRANSPARENT);
        egui::Panel::top("menu-bar").frame(bare).show(ui, |ui| {
            cmds.extend(menus::menu_bar_ui(ui, &self.state));
        });
        if self.state.show_tournament && !self.tournament.ui(&ctx, lang) {
            cmds.push(Command::ShowTournament(false));
        }
        if self.state.show_problems {
            cmds.extend(self.problems_ui(&ctx));
        }
        egui::Panel::bottom("clock-faces")
            .frame(bare)
            .show(ui, |ui| {
                ui.add_space(4.0);
                let clock = self.state.session().clock();
                // Before the start, and while a restart's gap waits for the arbiter, the faces
                // stand at the last entry's instant.
                let live = self.state.clock_live();
                let at = if live {
                    self.state.session_time(now)
                } else {
                    self.state.session().last_at()
                };
                let view = clock.map(|k| {
                    let mut v = k.view(at);
                    if !live {
                        v.black.running = false;
                        v.white.running = false;
                    }
                    v
                });
                let names = [
                    self.state.session().setup().black.name.as_str(),
                    self.state.session().setup().white.name.as_str(),
                ];
                if let Some(c) = clock_faces::clock_faces_ui(
                    ui,
                    view.as_ref(),
                    clock.map(|k| k.control()),
                    names,
                    lang,
                ) {
                    cmds.push(c);
                }
                ui.label(arbiter_panel::warnings_text(&self.state));
                ui.horizontal(|ui| {
                    // The status speaks of what the board shows: the record under review, or the game.
                    let status = if self.state.tab == Tab::Review {
                        self.review.status_text(lang)
                    } else {
                        side_panel::status_text(&self.state)
                    };
                    ui.label(status);
                    if let Some(n) = &self.state.notice {
                        let text = n.text(lang, self.state.session().game().size());
                        // "Saved" is good news; refusals and failures are in the warning colour.
                        if matches!(n, Notice::Saved(_)) {
                            ui.label(text);
                        } else {
                            ui.colored_label(theme::ILLEGAL, text);
                        }
                    }
                });
                ui.add_space(4.0);
            });
        let reviewing = self.state.tab == Tab::Review;
        let mut tool_actions = Vec::new();
        {
            let wake_ctx = ctx.clone();
            let wake: review_tools::Waker = Arc::new(move || wake_ctx.request_repaint());
            if self
                .review_tools
                .poll(self.review.review(), self.review.path(), &wake)
            {
                ctx.request_repaint();
            }
        }
        egui::Panel::right("side-panel")
            .frame(bare)
            .default_size(theme::SIDE_PANEL_WIDTH)
            .show(ui, |ui| {
                cmds.extend(side_panel::side_panel_ui(
                    ui,
                    &self.state,
                    &mut self.panel_input,
                    now,
                ));
                if reviewing {
                    let size = self.review.review().game().size();
                    tool_actions.extend(review_tools_view::side_ui(
                        ui,
                        &self.review_tools,
                        size,
                        lang,
                    ));
                    self.review.show(ui, lang);
                }
            });
        if reviewing {
            tool_actions.extend(review_tools_view::dialog_ui(
                &ctx,
                &mut self.review_tools,
                lang,
            ));
            if self.review_tools.engine.is_some() {
                let cursor = self.review.review().move_number();
                egui::Panel::bottom("engine-graph")
                    .frame(bare)
                    .show(ui, |ui| {
                        tool_actions.extend(review_tools_view::graph_under_board_ui(
                            ui,
                            &self.review_tools,
                            cursor,
                            lang,
                        ));
                    });
            }
            let look = self.state.board_look(ctx.pixels_per_point());
            let overlay = self
                .review_tools
                .dead_on
                .then(|| self.review_tools.dead.shown())
                .flatten()
                .map(|s| {
                    let size = self.review.review().game().size();
                    suggestion_marks::SuggestionMarks::of(s, &[], size, lang)
                });
            egui::CentralPanel::default()
                .frame(egui::Frame::new())
                .show(ui, |ui| {
                    for c in review::review_board_with_ui(
                        ui,
                        &mut self.review,
                        lang,
                        look,
                        overlay.as_ref(),
                    ) {
                        self.review.apply(&ctx, c, lang);
                    }
                });
        } else if self.state.session().setup().mode == crate::session::Mode::ClockOnly {
            egui::CentralPanel::default()
                .frame(egui::Frame::new())
                .show(ui, |ui| {
                    cmds.extend(session_clock_view::session_clock_ui(ui, &self.state, now));
                });
        } else {
            let scene = self.scene(ctx.pixels_per_point());
            egui::CentralPanel::default()
                .frame(egui::Frame::new())
                .show(ui, |ui| {
                    if let Some(c) = board_view::board_ui(ui, &scene, lang) {
                        cmds.push(c);
                    }
                });
        }

        if let Some(dialog) = self.state.new_game.as_mut() {
            // Modal: Escape and Cancel close it, and clicks do not reach the panel behind.
            let r = egui::Modal::new(egui::Id::unique("new-game")).show(&ctx, |ui| {
                ui.heading(lang.tr(Msg::NewGame));
                dialog.ui(ui, lang)
            });
            let closing = r.should_close();
            cmds.extend(r.inner);
            if closing {
                cmds.push(Command::CloseNewGameDialog);
            }
        }
        cmds.extend(modals::modals_ui(&ctx, &self.state, &mut self.modal_input));
        cmds.extend(menus::help_windows(&ctx, &self.state));

        for c in &cmds {
            if let Command::ExportSession(kind) = c {
                self.export_session(&ctx, *kind);
            }
        }
        for action in tool_actions {
            let settings = &self.state.settings;
            if let Some(keep) = review_tools_view::apply(
                &mut self.review_tools,
                &mut self.review,
                settings,
                &ctx,
                action,
                lang,
            ) {
                cmds.push(Command::UpdateSettings(Box::new(keep)));
            }
        }
        // The review tab's file jobs and questions, whichever tab is shown.
        self.review.window_ui(&ctx, lang);

        let had_commands = self.apply_all(cmds, now);
        self.close_if_allowed(&ctx);
        if had_commands {
            // The state changed after this frame was laid out: show the change at once.
            ctx.request_repaint();
        }
        self.request_next_repaint(&ctx, now);
        self.frames += 1;
        if self.log_frames {
            eprintln!(
                "tianyuan: frame {} at {} ms took {} ms, next repaint {:?}",
                self.frames,
                now.0,
                self.time.now().0.saturating_sub(now.0),
                self.next_repaint.map(|t| t.0)
            );
        }
        if self.report_first_frame {
            self.report_first_frame = false;
            eprintln!(
                "tianyuan: first frame laid out {} ms after start",
                self.time.now().0
            );
        }
    }

    /// Closes the window when asked (Quit, or the window manager's close button), unless the
    /// record under review has unsaved edits: then the review tab asks to save, discard or
    /// cancel, and the window closes once that is answered.
    fn close_if_allowed(&mut self, ctx: &egui::Context) {
        let asked = std::mem::take(&mut self.state.quit);
        if asked {
            self.closing = true;
        }
        let by_window = ctx.input(|i| i.viewport().close_requested());
        if by_window && !self.closing && self.state.game_on() {
            // The window's close button mid-game asks as Ctrl+Q does (the game is journalled
            // either way, but a player's clock keeps running in the file's view of it).
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.state.confirm_quit = true;
            ctx.request_repaint();
            return;
        }
        if asked || by_window {
            if self.review.allow_close() {
                if asked {
                    ctx.send_viewport_cmd(egui::ViewportCommand::Close);
                }
            } else {
                if by_window {
                    ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
                }
                ctx.request_repaint();
            }
        }
        if self.review.take_quit() {
            self.closing = true;
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }

    /// Asks for a repaint exactly when the running clock's shown second changes.
    fn request_next_repaint(&mut self, ctx: &egui::Context, now: Timestamp) {
        let at = self.state.session_time(now);
        let origin = self.state.store.origin;
        self.next_repaint = self
            .state
            .session()
            .clock()
            .and_then(|k| k.next_change(at))
            .map(|t| Timestamp(t.0.saturating_add(origin.0)));
        if self.state.session().outcome().is_some() || !self.state.clock_live() {
            self.next_repaint = None;
        }
        if let Some(at) = self.next_repaint {
            ctx.request_repaint_after(Duration::from_millis(at.0.saturating_sub(now.0)));
        }
    }
}

/// Numbers for the stones still on `board` that the listed moves placed (the latest wins).
fn move_numbers(moves: &[(Color, Move)], board: &crate::rules::Board) -> Vec<(Coord, usize)> {
    let mut out: Vec<(Coord, usize)> = Vec::new();
    for (i, (color, mv)) in moves.iter().enumerate() {
        if let Move::Play(c) = mv
            && board.get(*c) == Some(*color)
        {
            out.retain(|(p, _)| p != c);
            out.push((*c, i + 1));
        }
    }
    out
}

fn describe(st: &AppState, size: u8, shown: usize, last: Option<Coord>) -> String {
    let lang = st.lang;
    let last = last
        .map(|c| c.to_gtp(size))
        .unwrap_or_else(|| "-".to_owned());
    lang.pick(
        format!("{size}路，第{shown}手，最后一手 {last}"),
        format!("{size}路，第{shown}手，最後一手 {last}"),
        format!("{size}×{size}, move {shown}, last move {last}"),
    )
}

impl eframe::App for TianyuanApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.frame_ui(ui);
    }

    /// The panels' colour: the panels themselves are left unfilled (one less layer of fill).
    fn clear_color(&self, visuals: &egui::Visuals) -> [f32; 4] {
        visuals.panel_fill.to_normalized_gamma_f32()
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        storage.set_string(settings::STORAGE_KEY, self.state.settings.to_ron());
    }
}

/// Picks the language: the command line, then the saved choice, then the system locale.
fn choose_lang(options: &AppOptions, saved: Option<Lang>) -> Lang {
    options.lang.or(saved).unwrap_or_else(|| {
        options
            .system_locale
            .as_deref()
            .map_or(Lang::En, Lang::from_locale)
    })
}

fn native_options(size: (f32, f32)) -> eframe::NativeOptions {
    let mut viewport = egui::ViewportBuilder::default()
        .with_inner_size([size.0, size.1])
        .with_min_inner_size([480.0, 400.0])
        .with_title("天元 Tianyuan")
        // The desktop entry's name: the dock matches the window to the menu entry by it.
        .with_app_id(desktop_identity::APP_ID);
    if let Some(icon) = desktop_identity::window_icon() {
        viewport = viewport.with_icon(Arc::new(icon));
    }
    eframe::NativeOptions {
        viewport,
        renderer: eframe::Renderer::Glow,
        ..Default::default()
    }
}

/// The voice: the Mandarin pack through rodio, or silence (and a notice) without a device.
/// The pack is decoded on the audio thread, and only once a device is open.
fn open_announcer(
    time: SystemTimeSource,
    log: Option<&Path>,
) -> (Box<dyn Announcer>, Option<String>) {
    let load = || crate::audio::VoicePack::builtin("zh").map_err(|e| e.to_string());
    match crate::audio::RodioAnnouncer::open_loading(load, time, log) {
        Ok(a) => (Box::new(a), None),
        Err(e) => (Box::new(NullAnnouncer::new()), Some(e.to_string())),
    }
}

/// Runs the application window until it is closed.
pub fn run(options: AppOptions) -> ExitCode {
    let time = SystemTimeSource::new();
    let report_timing = std::env::var_os("TIANYUAN_STARTUP_TIMING").is_some();
    let opts = options.clone();
    let result = eframe::run_native(
        desktop_identity::APP_ID,
        native_options((1200.0, 900.0)),
        Box::new(move |cc| {
            let saved = cc
                .storage
                .and_then(|s| s.get_string(settings::STORAGE_KEY))
                .map(|t| Settings::from_ron(&t))
                .unwrap_or_default();
            let lang = choose_lang(&opts, saved.lang);
            let (announcer, audio_note) = open_announcer(time, opts.audio_log.as_deref());
            let mut app = TianyuanApp::new(&cc.egui_ctx, saved, lang, Box::new(time), announcer)?;
            app.report_first_frame = report_timing;
            app.set_sessions_folder(&cc.egui_ctx, crate::files::journal::sessions_folder());
            app.log_frames = std::env::var_os("TIANYUAN_FRAME_LOG").is_some();
            let ctx = cc.egui_ctx.clone();
            app.screen_query = Some(screen_size::query_in_background(move || {
                ctx.request_repaint()
            }));
            if let Some(note) = audio_note {
                let what = lang.pick("无声音，不报时", "無聲音，不報時", "No voice");
                app.state.notice = Some(Notice::Text(format!("{what}: {note}")));
            }
            if let Some(path) = &opts.open
                && let Err(e) = app.open_file(path)
            {
                app.state.notice = Some(Notice::Text(e.to_string()));
            }
            if let Some(setup) = &opts.setup {
                app.begin_game(setup.clone(), opts.pin.clone(), opts.start);
            }
            Ok(Box::new(app))
        }),
    );
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tianyuan: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Why a screenshot could not be made.
#[derive(Debug)]
pub enum ScreenshotError {
    /// The record could not be read.
    Open(OpenError),
    /// The window could not be created (no display?).
    Window(String),
    /// `--move` is past the end of the record's main line.
    NoSuchMove {
        /// The move asked for.
        asked: usize,
        /// The moves of the main line.
        moves: usize,
    },
    /// No frame was captured.
    NoImage,
    /// Writing the PNG failed.
    Write(String),
}

impl std::fmt::Display for ScreenshotError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ScreenshotError::Open(e) => write!(f, "{e}"),
            ScreenshotError::Window(e) => write!(f, "cannot open a window: {e}"),
            ScreenshotError::NoSuchMove { asked, moves } => write!(
                f,
                "--move {asked} is past the end: the record's main line has {moves} moves"
            ),
            ScreenshotError::NoImage => f.write_str("no frame was captured"),
            ScreenshotError::Write(e) => write!(f, "cannot write the PNG: {e}"),
        }
    }
}

impl std::error::Error for ScreenshotError {}

/// Wraps the app for one frame: asks egui for a screenshot, hands the image out, closes.
struct ScreenshotApp {
    app: TianyuanApp,
    frames: u32,
    requested: bool,
    image: Arc<Mutex<Option<Arc<egui::ColorImage>>>>,
}

impl eframe::App for ScreenshotApp {
    fn clear_color(&self, visuals: &egui::Visuals) -> [f32; 4] {
        self.app.clear_color(visuals)
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.app.frame_ui(ui);
        let ctx = ui.ctx().clone();
        self.frames += 1;
        let got = self.image.lock().map(|g| g.is_some()).unwrap_or(true);
        if got {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        } else if self.frames >= 3 && !self.requested {
            // A few frames first, so fonts and layout have settled.
            self.requested = true;
            let slot = Arc::clone(&self.image);
            let c2 = ctx.clone();
            ctx.request_screenshot(move |img| {
                if let Ok(mut g) = slot.lock() {
                    *g = Some(img);
                }
                c2.request_repaint();
            });
        }
        if !got {
            ctx.request_repaint();
        }
    }
}

/// Renders one frame of the app at `size` pixels, with `open` shown at move `move_no`, to a PNG,
/// in the language of the system locale.
pub fn screenshot(
    out: &Path,
    open: Option<&Path>,
    move_no: Option<usize>,
    size: (u32, u32),
) -> Result<(), ScreenshotError> {
    screenshot_in(
        out,
        open,
        move_no,
        size,
        Lang::from_env(|v| std::env::var(v).ok()),
    )
}

/// [`screenshot`] in a given language (`--lang`).
pub fn screenshot_in(
    out: &Path,
    open: Option<&Path>,
    move_no: Option<usize>,
    size: (u32, u32),
    lang: Lang,
) -> Result<(), ScreenshotError> {
    // Read and check the record before opening a window, so a bad file is a clear error.
    let opened = match open {
        Some(p) => {
            let bytes = std::fs::read(p)
                .map_err(|e| ScreenshotError::Open(OpenError::Io(p.to_path_buf(), e)))?;
            let (record, warnings) = crate::review::Review::from_sgf(&bytes, 0).map_err(|e| {
                ScreenshotError::Open(OpenError::Sgf(
                    p.to_path_buf(),
                    review::error_text(&e, lang),
                ))
            })?;
            let moves = record.line_moves();
            if let Some(asked) = move_no.filter(|&n| n > moves) {
                return Err(ScreenshotError::NoSuchMove { asked, moves });
            }
            Some((p.to_path_buf(), record, warnings))
        }
        None => None,
    };
    let image: Arc<Mutex<Option<Arc<egui::ColorImage>>>> = Arc::new(Mutex::new(None));
    let slot = Arc::clone(&image);
    let time = SystemTimeSource::new();
    let mut options = native_options((size.0 as f32, size.1 as f32));
    options.persist_window = false;
    options.persistence_path = None;
    // eframe keeps its storage under the app id when there is one: without it the screenshot
    // uses its own name below and never touches the user's saved settings.
    options.viewport.app_id = None;
    eframe::run_native(
        "tianyuan-screenshot",
        options,
        Box::new(move |cc| {
            let mut app = TianyuanApp::new(
                &cc.egui_ctx,
                Settings::default(),
                lang,
                Box::new(time),
                Box::new(NullAnnouncer::new()),
            )?;
            // A screenshot shows the picture at 1 point = 1 pixel whatever the monitor.
            cc.egui_ctx.set_zoom_factor(1.0);
            // A record is shown as the review tab shows it: at move N of the main line, or at
            // its end.
            if let Some((path, record, warnings)) = opened {
                app.review.open_review(Some(path), record, &warnings);
                app.state.tab = Tab::Review;
                let nav = match move_no {
                    Some(n) => review::Nav::Move(n),
                    None => review::Nav::Last,
                };
                app.review
                    .apply(&cc.egui_ctx, review::ReviewCommand::Nav(nav), lang);
            }
            Ok(Box::new(ScreenshotApp {
                app,
                frames: 0,
                requested: false,
                image: slot,
            }))
        }),
    )
    .map_err(|e| ScreenshotError::Window(e.to_string()))?;
    let img = image
        .lock()
        .ok()
        .and_then(|g| g.clone())
        .ok_or(ScreenshotError::NoImage)?;
    write_png(out, &img).map_err(ScreenshotError::Write)
}

/// Writes an egui image as an 8-bit RGBA PNG.
pub fn write_png(path: &Path, img: &egui::ColorImage) -> Result<(), String> {
    let file = std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let [w, h] = img.size;
    let mut enc = png::Encoder::new(std::io::BufWriter::new(file), w as u32, h as u32);
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    let mut writer = enc.write_header().map_err(|e| e.to_string())?;
    let bytes: Vec<u8> = img.pixels.iter().flat_map(|p| p.to_array()).collect();
    writer.write_image_data(&bytes).map_err(|e| e.to_string())?;
    writer.finish().map_err(|e| e.to_string())
}
