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

pub mod arbiter_form;
pub mod arbiter_panel;
pub mod board_view;
pub mod classroom;
pub mod clock_faces;
pub mod dead_stone_help;
pub mod dead_stone_view;
pub mod desk_view;
pub mod desk_window;
pub mod desktop_identity;
pub mod effects;
pub mod engine_review_view;
pub mod face_text;
pub mod fonts;
pub mod forms;
pub mod hall_view;
pub mod host;
pub mod menus;
pub mod modals;
pub mod new_game;
pub mod new_game_dialog;
pub mod offers;
mod open_error;
pub mod pin_gate;
pub mod pin_prompt;
pub mod problems;
pub mod protocol;
pub mod resume;
pub mod review;
pub mod review_tools;
pub mod review_tools_view;
pub mod screen_size;
pub mod session_clock_view;
pub mod settings;
pub mod side_panel;
pub mod stone_sprite;
pub mod subwindow;
pub mod suggestion_marks;
pub mod teach;
pub mod theme;
pub mod tournament;
pub mod window_frame;
pub mod windows;

pub use host::command;
pub use host::{Command, Host, Nav, Notice, Tab};
pub use open_error::OpenError;
pub use protocol::WindowId;
pub use settings::Settings;

/// The views' name for the host's state (they read it and return commands).
pub type AppState = Host;

use crate::audio::{Announcer, NullAnnouncer};
use crate::clock::Timestamp;
use crate::i18n::{Lang, Msg};
use crate::rules::{Color, Coord, Move};
use crate::session::{Phase, owned_points};
use crate::time::{SystemTimeSource, TimeSource};
use board_view::{BoardLook, BoardScene};
use effects::Runner;
use eframe::egui;
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
    /// With `setup`: the arbiter's PIN (`TIANYUAN_ARBITER_PIN`), or none. It gives the game
    /// its PIN and never unlocks it.
    pub pin: Option<String>,
}

/// The application: the host, the effects runner, the time source and view-local buffers.
pub struct TianyuanApp {
    /// Everything the commands change.
    pub state: Host,
    /// The threads that carry out the host's effects.
    pub runner: Runner,
    time: Box<dyn TimeSource>,
    /// The views' forms: text being typed, dialogs' fields (the host holds none of them).
    pub forms: forms::Forms,
    /// The last frame's repaint request, for measurements and tests.
    pub next_repaint: Option<Timestamp>,
    /// Print the time from start to the end of the first frame (`TIANYUAN_STARTUP_TIMING`).
    pub report_first_frame: bool,
    /// Print a line for every frame with its time and its next repaint (`TIANYUAN_FRAME_LOG`),
    /// to see why and how often an idle window repaints.
    pub log_frames: bool,
    frames: u64,
    /// The monitor-size query, until it answers.
    screen_query: Option<std::sync::mpsc::Receiver<Result<screen_size::ScreenSize, String>>>,
    /// The settings as last handed to eframe's storage (saved again only when they change).
    saved_settings: Option<String>,
}

impl TianyuanApp {
    /// An app over `time` and `announcer`, with the given preferences and language; its games
    /// are journaled in `sessions_folder` (`None`: in memory, tests only), where unfinished
    /// sessions are looked for.
    pub fn new(
        ctx: &egui::Context,
        settings: Settings,
        lang: Lang,
        time: Box<dyn TimeSource>,
        announcer: Box<dyn Announcer>,
        sessions_folder: Option<PathBuf>,
    ) -> TianyuanApp {
        TianyuanApp::with_dialogs(
            ctx,
            settings,
            lang,
            time,
            announcer,
            sessions_folder,
            crate::files::dialogs::available(),
        )
    }

    /// As [`TianyuanApp::new`], saying whether native file dialogs can be shown (tests: no).
    pub fn with_dialogs(
        ctx: &egui::Context,
        settings: Settings,
        lang: Lang,
        time: Box<dyn TimeSource>,
        announcer: Box<dyn Announcer>,
        sessions_folder: Option<PathBuf>,
        dialogs: bool,
    ) -> TianyuanApp {
        fonts::install(ctx);
        let wake_ctx = ctx.clone();
        let wake: crate::wake::Waker = Arc::new(move || wake_ctx.request_repaint());
        let mut runner = Runner::new(wake.clone(), announcer, dialogs);
        let now = time.now();
        let (mut state, fx) = Host::new(settings, lang, sessions_folder, now);
        // The class's times (due problems, games) follow the app's clock from the wall
        // clock's reading now; its files live in the data folder.
        state.windows.classroom.wall = Some(classroom::WallAnchor {
            at: now,
            wall: crate::time::local_now(),
        });
        state.windows.classroom.folder =
            crate::files::class_file::classes_folder(|k| std::env::var(k).ok());
        runner.run(fx);
        TianyuanApp {
            state,
            runner,
            time,
            forms: Default::default(),
            next_repaint: None,
            report_first_frame: false,
            log_frames: false,
            frames: 0,
            screen_query: None,
            saved_settings: None,
        }
    }

    /// An app for tests: default settings, no sessions folder (games stay in memory), no
    /// dialogs, and cheap PIN key derivation.
    pub fn for_tests(
        ctx: &egui::Context,
        lang: Lang,
        time: Box<dyn TimeSource>,
        announcer: Box<dyn Announcer>,
    ) -> TianyuanApp {
        let mut app =
            TianyuanApp::with_dialogs(ctx, Settings::default(), lang, time, announcer, None, false);
        app.state.kdf = crate::seal::KdfParams::TEST_ONLY;
        // A test never touches the user's classes: it names its own folder.
        app.state.windows.classroom.folder = None;
        app
    }

    /// Applies commands as the views would, and carries out their effects (tests, start-up).
    pub fn apply(&mut self, cmds: impl IntoIterator<Item = Command>) {
        let now = self.time.now();
        let fx = self.state.apply_all(cmds, now);
        self.runner.run(fx);
    }

    /// Applies each command and waits for its answers before the next, as a user who waits for
    /// "Saved" would (tests, scripted walks).
    pub fn apply_settled(&mut self, cmds: impl IntoIterator<Item = Command>) -> bool {
        let mut ok = true;
        for c in cmds {
            self.apply([c]);
            ok &= self.settle(Duration::from_secs(20));
        }
        ok
    }

    /// Waits until the journal writer has answered everything sent (tests), taking the
    /// answers in; returns whether it finished within `timeout`.
    #[allow(clippy::disallowed_methods)] // a test helper's own deadline, not game time
    pub fn settle(&mut self, timeout: Duration) -> bool {
        let deadline = std::time::Instant::now() + timeout;
        while self.runner.busy() {
            if std::time::Instant::now() > deadline {
                return false;
            }
            let mut got = self.runner.poll();
            if got.is_empty()
                && let Some(c) = self.runner.wait_journal(Duration::from_millis(20))
            {
                got.push(c);
            }
            self.apply(got);
        }
        let rest = self.runner.poll();
        self.apply(rest);
        true
    }

    /// Opens a record from `path` in the review tab (read on a worker thread).
    pub fn open_file(&mut self, path: &Path) {
        self.apply([Command::OpenRecord(path.to_path_buf())]);
    }

    /// Begins a new game from `setup` as the New game dialog would (`--setup`), and with
    /// `start` starts its clock at once (`--start`, after the resume offer is answered).
    pub fn begin_game(
        &mut self,
        setup: crate::session::GameSetup,
        pin: Option<String>,
        start: bool,
    ) {
        let now = self.time.now();
        let fx = self.state.setup_game(setup, pin, start, now);
        self.runner.run(fx);
    }

    /// The problems window: the window, its commands.
    fn problems_ui(&mut self, ctx: &egui::Context) -> Vec<Command> {
        let lang = self.state.lang;
        let look = BoardLook {
            real_size: None,
            ..board_look(&self.state, ctx.pixels_per_point())
        };
        let large = self.state.settings.teach.large_controls;
        let (cmds, open) =
            problems::view::window_ui(ctx, &self.state.windows.problems, lang, look, large);
        let mut out: Vec<Command> = cmds
            .into_iter()
            .map(|c| Command::window(WindowId::Problems, c))
            .collect();
        if !open {
            out.push(Command::close(WindowId::Problems));
        }
        out
    }

    fn scene(&self, pixels_per_point: f32) -> BoardScene {
        let st = &self.state;
        let (game, shown) = (st.session().game(), st.shown_move());
        let live = st.view_move.is_none();
        let board = if live {
            st.session().board()
        } else {
            st.session().board_after(shown)
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
        let finished = live && matches!(st.session().phase(), Phase::Finished(_));
        // The dead stones stay marked after the result is recorded (the count was made so).
        let dead = if counting || finished {
            st.session().dead_stones()
        } else {
            Vec::new()
        };
        let owned = if counting || (finished && !dead.is_empty()) {
            owned_points(&board, &dead)
        } else {
            Vec::new()
        };
        let ghost = if live { st.session().to_move() } else { None };
        let refused = match &st.notice {
            Some(Notice::Illegal(c, _) | Notice::Refusal(c, _)) if live => Some(*c),
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
            look: board_look(st, pixels_per_point),
            description,
            suggestion,
        }
    }

    /// Teaching mode: the window is the teaching board while it is on. Returns the commands of
    /// this frame, or `None` when the mode is off. Never inlined: its frame (the class screens)
    /// is on the stack only while the mode is on.
    #[inline(never)]
    fn teach_ui(&mut self, ui: &mut egui::Ui, now: Timestamp) -> Option<Vec<Command>> {
        if !self.state.teaching {
            return None;
        }
        let lang = self.state.lang;
        let ctx = ui.ctx().clone();
        let look = board_look(&self.state, ctx.pixels_per_point());
        let large = self.state.settings.teach.large_controls;
        let mut leave = false;
        // The class (issue 20): the child's strip and the teacher's "Class" at the start of the
        // teaching bar, or above the class screens that cover the board.
        teach::panel::apply_size(ui.style_mut(), large);
        let mut out: Vec<Command> = Vec::new();
        if self.state.windows.classroom.covers_board() {
            egui::Panel::top("class-strip").show(ui, |ui| {
                ui.add_space(4.0);
                out.extend(
                    classroom::view::strip_ui(ui, &self.state.windows.classroom, lang, &mut leave)
                        .into_iter()
                        .map(|c| Command::window(WindowId::Class, c)),
                );
                ui.add_space(4.0);
            });
            let look = BoardLook {
                real_size: None,
                ..look
            };
            out.extend(
                classroom::view::screen_ui(ui, &self.state.windows.classroom, lang, look, now)
                    .into_iter()
                    .map(|c| Command::window(WindowId::Class, c)),
            );
            out.extend(
                self.forms
                    .teach
                    .modals_ui(&ctx, &self.state.windows.teach, lang)
                    .into_iter()
                    .map(|c| Command::window(WindowId::Teach, c)),
            );
        } else {
            let room = &self.state.windows.classroom;
            let mut strip: Vec<Command> = Vec::new();
            let mut strip_leave = false;
            let mut bar_start = |ui: &mut egui::Ui| {
                strip.extend(
                    classroom::view::strip_ui(ui, room, lang, &mut strip_leave)
                        .into_iter()
                        .map(|c| Command::window(WindowId::Class, c)),
                );
                ui.separator();
            };
            let teach_cmds = self.forms.teach.ui(
                ui,
                &self.state.windows.teach,
                now,
                look,
                lang,
                &mut leave,
                &mut bar_start,
            );
            out.extend(strip);
            leave |= strip_leave;
            out.extend(
                teach_cmds
                    .into_iter()
                    .map(|c| Command::window(WindowId::Teach, c)),
            );
        }
        if self.state.windows.problems.shown {
            // The problems window reaches teaching mode too: a homework draft is mended in
            // its editor (the class window stands aside meanwhile).
            out.extend(self.problems_ui(&ctx));
        }
        out.extend(
            classroom::view::modals_ui(
                &ctx,
                &self.state.windows.classroom,
                &mut self.forms.class,
                lang,
                large,
                now,
            )
            .into_iter()
            .map(|c| Command::window(WindowId::Class, c)),
        );
        if self.state.question.is_some() {
            // The window's questions reach teaching mode too, over everything: a path where
            // no file dialog can be shown (the class's export and import), unsaved work on
            // the way out.
            out.extend(modals::modals_ui(
                &ctx,
                &self.state,
                &mut self.forms.modal,
                now,
            ));
        }
        if leave {
            out.push(Command::TeachingMode(false));
        }
        out.extend(menus::quit_shortcut(&ctx));
        Some(out)
    }

    /// One frame of the whole window: menus, clock faces, side panel and board.
    pub fn frame_ui(&mut self, ui: &mut egui::Ui) {
        let now = self.time.now();
        let ctx = ui.ctx().clone();
        // The threads' answers first (the monitor's size among them), then what every frame
        // checks.
        let mut answers = self.runner.poll();
        if let Some(rx) = &self.screen_query
            && let Ok(answer) = rx.try_recv()
        {
            answers.push(Command::ScreenSize(answer.ok()));
            self.screen_query = None;
        }
        let had_answers = !answers.is_empty();
        let fx = self.state.apply_all(answers, now);
        self.runner.run(fx);
        let fx = self.state.tick(now);
        let ticked = !fx.is_empty();
        self.runner.run(fx);
        let mut cmds = match self.teach_ui(ui, now) {
            Some(cmds) => cmds,
            None => self.window_ui(ui, &ctx, now),
        };
        // The window manager's close button goes through the host like Ctrl+Q.
        if ctx.input(|i| i.viewport().close_requested()) {
            cmds.push(Command::CloseRequested);
        }
        // Text being typed reaches the host before anything else of this frame.
        forms::typing_first(&mut cmds);
        let had_commands = !cmds.is_empty();
        let fx = self.state.apply_all(cmds, now);
        self.runner.run(fx);
        if std::mem::take(&mut self.runner.window.cancel_close) {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
        }
        if std::mem::take(&mut self.runner.window.close) {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
        if had_commands || had_answers || ticked {
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

    /// The window outside teaching mode; returns the commands of its views.
    #[inline(never)]
    fn window_ui(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &egui::Context,
        now: Timestamp,
    ) -> Vec<Command> {
        let mut cmds = menus::shortcut_commands(ctx, &self.state);
        let lang = self.state.lang;

        // The window is cleared to the panels' colour, so the panels paint no background of
        // their own: under software GL every filled pixel costs, and an idle frame with a
        // running clock is mostly fill (see `clear_color` and `board_view::board_ui`).
        let bare = egui::Frame::side_top_panel(ui.style()).fill(egui::Color32::TRANSPARENT);
        egui::Panel::top("menu-bar").frame(bare).show(ui, |ui| {
            cmds.extend(menus::menu_bar_ui(ui, &self.state));
        });
        if self.state.windows.tournament.shown {
            let (asked, open) = tournament::window_ui(
                ctx,
                &self.state.windows.tournament,
                &mut self.forms.tournament,
                lang,
            );
            cmds.extend(
                asked
                    .into_iter()
                    .map(|c| Command::window(WindowId::Tournament, c)),
            );
            if !open {
                cmds.push(Command::close(WindowId::Tournament));
            }
        }
        if self.state.windows.problems.shown {
            cmds.extend(self.problems_ui(ctx));
        }
        egui::Panel::bottom("clock-faces")
            .frame(bare)
            .show(ui, |ui| {
                ui.add_space(4.0);
                cmds.extend(clock_faces::faces_row_ui(ui, &self.state, now));
                ui.add_space(4.0);
            });
        let reviewing = self.state.tab == Tab::Review;
        let mut tool_actions = Vec::new();
        // A fixed width: the tabs keep their places whatever a tab's content (a wider tab
        // once moved them under the pointer), and no English "Resize panel" handle is named.
        egui::Panel::right("side-panel")
            .frame(bare)
            .resizable(false)
            .exact_size(theme::SIDE_PANEL_WIDTH)
            .show(ui, |panel| {
                // The content is laid out in a child that never widens the panel: egui caps
                // a right panel wider than its size from its outer edge, so a row wider than
                // the panel moved the panel's inner edge — and with it the board's clickable
                // area — over the panel's own buttons (the review tab's "Open…" took no
                // click). A row too wide is clipped at the panel's edge instead.
                let rect = panel.max_rect();
                let mut content = panel.new_child(
                    egui::UiBuilder::new()
                        .id_salt("side-panel-content")
                        .max_rect(rect)
                        .layout(egui::Layout::top_down(egui::Align::Min)),
                );
                panel.expand_to_include_rect(rect);
                let ui = &mut content;
                cmds.extend(side_panel::side_panel_ui(
                    ui,
                    &self.state,
                    &mut self.forms.panel,
                    now,
                ));
                if reviewing {
                    let size = self.state.windows.review.review().game().size();
                    let finished =
                        review_tools::position_finished(self.state.windows.review.review());
                    tool_actions.extend(review_tools_view::side_ui(
                        ui,
                        &self.state.windows.review_tools,
                        size,
                        finished,
                        lang,
                    ));
                    cmds.extend(
                        self.forms
                            .review
                            .show(ui, &self.state.windows.review, lang)
                            .into_iter()
                            .map(|c| Command::window(WindowId::Review, c)),
                    );
                }
            });
        if reviewing {
            tool_actions.extend(review_tools_view::dialog_ui(
                ctx,
                &self.state.windows.review_tools,
                &mut self.forms.engine,
                &self.state.settings,
                lang,
            ));
            if self.state.windows.review_tools.engine.is_some() {
                let cursor = self.state.windows.review.review().move_number();
                egui::Panel::bottom("engine-graph")
                    .frame(bare)
                    .show(ui, |ui| {
                        tool_actions.extend(review_tools_view::graph_under_board_ui(
                            ui,
                            &self.state.windows.review_tools,
                            cursor,
                            lang,
                        ));
                    });
            }
            let look = board_look(&self.state, ctx.pixels_per_point());
            let overlay = self
                .state
                .windows
                .review_tools
                .dead_on
                .then(|| self.state.windows.review_tools.dead.shown())
                .flatten()
                .map(|s| {
                    let size = self.state.windows.review.review().game().size();
                    suggestion_marks::SuggestionMarks::of(s, &[], size, lang)
                });
            let problems_open = self.state.windows.problems.shown;
            egui::CentralPanel::default()
                .frame(egui::Frame::new())
                .show(ui, |ui| {
                    let board_cmds = review::review_board_with_ui(
                        ui,
                        &self.state.windows.review,
                        &mut self.forms.review,
                        lang,
                        look,
                        overlay.as_ref(),
                    );
                    if !problems_open {
                        cmds.extend(
                            board_cmds
                                .into_iter()
                                .map(|c| Command::window(WindowId::Review, c)),
                        );
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
            // While the problems window is open, clicks beside it never play in the live game.
            let problems_open = self.state.windows.problems.shown;
            egui::CentralPanel::default()
                .frame(egui::Frame::new())
                .show(ui, |ui| {
                    if let Some(c) = board_view::board_ui(ui, &scene, lang)
                        && !problems_open
                    {
                        cmds.push(c);
                    }
                });
        }

        if let Some(dialog) = self.forms.new_game(&self.state) {
            // Modal: Escape and Cancel close it, and clicks do not reach the panel behind.
            let r = egui::Modal::new(egui::Id::unique("new-game")).show(ctx, |ui| {
                ui.heading(lang.tr(Msg::NewGame));
                dialog.ui(ui, lang)
            });
            let closing = r.should_close();
            cmds.extend(r.inner);
            if closing {
                cmds.push(Command::CloseNewGameDialog);
            }
        }
        cmds.extend(modals::modals_ui(
            ctx,
            &self.state,
            &mut self.forms.modal,
            now,
        ));
        cmds.extend(menus::help_windows(ctx, &self.state));
        cmds.extend(
            tool_actions
                .into_iter()
                .map(|c| Command::window(WindowId::ReviewTools, c)),
        );
        // The review tab's own questions, whichever tab is shown.
        cmds.extend(
            self.forms
                .review
                .window_ui(ctx, &self.state.windows.review, lang)
                .into_iter()
                .map(|c| Command::window(WindowId::Review, c)),
        );
        cmds
    }

    /// Asks for a repaint exactly when the running clock's shown second changes (or the
    /// arbiter's lock counts down).
    fn request_next_repaint(&mut self, ctx: &egui::Context, now: Timestamp) {
        self.next_repaint = self.state.next_repaint(now);
        if let Some(at) = self.next_repaint {
            ctx.request_repaint_after(Duration::from_millis(at.0.saturating_sub(now.0)));
        }
    }
}

/// How the board is drawn on a screen of `pixels_per_point`: the settings' look at the
/// monitor's density.
fn board_look(st: &Host, pixels_per_point: f32) -> BoardLook {
    theme::board_look(&st.settings, st.screen_points_per_cm(pixels_per_point))
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

fn describe(st: &Host, size: u8, shown: usize, last: Option<Coord>) -> String {
    let lang = st.lang;
    let last = last
        .map(|c| c.to_gtp(size))
        .unwrap_or_else(|| "-".to_owned());
    let size_words = board_view::size_words(lang, size);
    lang.pick(
        format!("{size_words}，第{shown}手，最后一手 {last}"),
        format!("{size_words}，第{shown}手，最後一手 {last}"),
        format!("{size_words}, move {shown}, last move {last}"),
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

    /// The settings are saved as soon as they change (eframe writes on its own thread), so a
    /// kill never forgets them — teaching mode on, above all: the next start comes back to it.
    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        let ron = self.state.settings.to_ron();
        if self.saved_settings.as_deref() != Some(ron.as_str()) {
            storage.set_string(settings::STORAGE_KEY, ron.clone());
            self.saved_settings = Some(ron);
        }
    }

    fn auto_save_interval(&self) -> Duration {
        Duration::from_secs(1)
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
) -> (Box<dyn Announcer>, Option<host::NoVoice>) {
    let load = || crate::audio::VoicePack::builtin("zh").map_err(|e| e.to_string());
    match crate::audio::RodioAnnouncer::open_loading(load, time, log) {
        Ok(a) => (Box::new(a), None),
        Err(e) => (Box::new(NullAnnouncer::new()), Some(host::NoVoice::of(&e))),
    }
}

/// Runs the application window until it is closed.
pub fn run(options: AppOptions) -> ExitCode {
    let time = SystemTimeSource::new();
    let report_timing = std::env::var_os("TIANYUAN_STARTUP_TIMING").is_some();
    let opts = options.clone();
    let mut native = native_options((1200.0, 900.0));
    // The settings in the data folder beside the sessions (`files::folders`): eframe's own
    // choice on Linux, `%APPDATA%\Tianyuan\app.ron` rather than `…\tianyuan\data\` on Windows.
    native.persistence_path = crate::files::folders::settings_file();
    let result = eframe::run_native(
        desktop_identity::APP_ID,
        native,
        Box::new(move |cc| {
            let saved = cc
                .storage
                .and_then(|s| s.get_string(settings::STORAGE_KEY))
                .map(|t| Settings::from_ron(&t))
                .unwrap_or_default();
            let lang = choose_lang(&opts, saved.lang);
            let (announcer, audio_note) = open_announcer(time, opts.audio_log.as_deref());
            let mut app = TianyuanApp::new(
                &cc.egui_ctx,
                saved,
                lang,
                Box::new(time),
                announcer,
                crate::files::journal::sessions_folder(),
            );
            app.report_first_frame = report_timing;
            app.state.env_pin = opts.pin.clone();
            app.log_frames = std::env::var_os("TIANYUAN_FRAME_LOG").is_some();
            let ctx = cc.egui_ctx.clone();
            app.screen_query = Some(screen_size::query_in_background(move || {
                ctx.request_repaint()
            }));
            if let Some(note) = audio_note {
                app.apply([Command::NoVoice(note)]);
            }
            if let Some(path) = &opts.open {
                app.open_file(path);
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
    screenshot_in(out, open, move_no, size, crate::locale::system_lang())
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
    // A file of its own in the data folder: the screenshot never touches the user's saved
    // settings, and writes nowhere else (an uninstall finds nothing outside that folder).
    options.persistence_path =
        crate::files::folders::data_folder().map(|d| d.join("screenshot.ron"));
    options.viewport.app_id = None;
    eframe::run_native(
        "tianyuan-screenshot",
        options,
        Box::new(move |cc| {
            let mut app = TianyuanApp::with_dialogs(
                &cc.egui_ctx,
                Settings::default(),
                lang,
                Box::new(time),
                Box::new(NullAnnouncer::new()),
                None,
                false,
            );
            // A screenshot shows the picture at 1 point = 1 pixel whatever the monitor.
            cc.egui_ctx.set_zoom_factor(1.0);
            // A record is shown as the review tab shows it: at move N of the main line, or at
            // its end.
            if let Some((path, record, warnings)) = opened {
                app.state
                    .windows
                    .review
                    .open_review(Some(path), record, &warnings);
                app.state.tab = Tab::Review;
                let nav = match move_no {
                    Some(n) => review::Nav::Move(n),
                    None => review::Nav::Last,
                };
                app.apply([Command::window(
                    WindowId::Review,
                    review::ReviewCommand::Nav(nav),
                )]);
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
