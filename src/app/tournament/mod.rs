//! The tournament window (issue 12, item 6): players, the next round's pairing with swaps
//! before publishing, result entry, standings and the crosstable, over the pure
//! [`crate::tournament`] core. Files are read and written by [`crate::files::jobs`] off the UI
//! thread. [`TournamentWindow::post`] is what a finished arbiter session calls.

pub mod state;
pub mod view;

pub use state::{Action, Slot, TournamentState, View};

use crate::files::jobs::{FileEvent, FileJobs, Waker};
use crate::i18n::Lang;
use crate::tournament::post::{PostedResult, Table};
use eframe::egui;
use view::{FileRequest, NewEventForm};

const EVENT_FILTER: (&str, &[&str]) = ("Tournament", &["ron", "xml"]);
const CSV_FILTER: (&str, &[&str]) = ("CSV", &["csv"]);
const HTML_FILTER: (&str, &[&str]) = ("HTML", &["html"]);

/// The window: its state, the new-event form and the file jobs.
#[derive(Debug, Default)]
pub struct TournamentWindow {
    /// The event and the arbiter's draft.
    pub state: TournamentState,
    form: NewEventForm,
    files: FileJobs,
    waiting: Option<FileRequest>,
}

fn waker(ctx: &egui::Context) -> Waker {
    let ctx = ctx.clone();
    std::sync::Arc::new(move || ctx.request_repaint())
}

impl TournamentWindow {
    /// Shows the window; returns whether it is still open.
    pub fn ui(&mut self, ctx: &egui::Context, lang: Lang) -> bool {
        self.poll_files(lang);
        let mut open = true;
        let mut out = (Vec::new(), Vec::new());
        egui::Window::new(lang.pick("赛事", "賽事", "Tournament"))
            .open(&mut open)
            .default_size([640.0, 480.0])
            .show(ctx, |ui| {
                out = view::tournament_ui(ui, &self.state, &mut self.form, lang);
            });
        for a in out.0 {
            self.state.apply(a);
        }
        for f in out.1 {
            self.request(ctx, f, lang);
        }
        open
    }

    fn request(&mut self, ctx: &egui::Context, f: FileRequest, lang: Lang) {
        if self.files.busy() {
            return;
        }
        let wake = waker(ctx);
        match f {
            FileRequest::OpenEvent => self.files.open_dialog(
                &wake,
                lang.pick("打开赛事", "打開賽事", "Open event").into(),
                EVENT_FILTER,
            ),
            FileRequest::OpenPlayers => {
                self.files
                    .open_dialog(&wake, "players.csv".into(), CSV_FILTER)
            }
            FileRequest::Save => match (&self.state.path, self.state.to_ron()) {
                (Some(p), Some(text)) => self.files.save(&wake, p.clone(), text.into_bytes()),
                _ => return,
            },
            FileRequest::SaveAs => match self.state.to_ron() {
                Some(text) => self.files.save_dialog(
                    &wake,
                    lang.pick("保存赛事", "儲存賽事", "Save event").into(),
                    "tournament.ron".into(),
                    ("RON", &["ron"]),
                    text.into_bytes(),
                ),
                None => return,
            },
            FileRequest::ExportHtml => match &self.state.event {
                Some(t) => {
                    let html = crate::tournament::export::standings_html(
                        t,
                        &crate::tournament::standings(t),
                        lang,
                    );
                    self.files.export_dialog(
                        &wake,
                        lang.pick("打印成绩表", "列印成績表", "Print standings")
                            .into(),
                        "standings.html".into(),
                        HTML_FILTER,
                        html.into_bytes(),
                    );
                }
                None => return,
            },
        }
        self.waiting = Some(f);
    }

    fn poll_files(&mut self, lang: Lang) {
        for e in self.files.poll() {
            let asked = self.waiting.take();
            match e {
                FileEvent::Opened(path, bytes) if asked == Some(FileRequest::OpenPlayers) => {
                    let csv = String::from_utf8_lossy(&bytes).into_owned();
                    let rounds = (self.form.rounds > 0).then_some(self.form.rounds);
                    let _ = path;
                    self.state.apply(Action::NewFromPlayers {
                        csv,
                        system: self.form.system,
                        rounds,
                        seed: self.form.seed,
                    });
                }
                FileEvent::Opened(path, bytes) => self.state.apply(Action::Loaded(path, bytes)),
                FileEvent::Saved(path) => self.state.apply(Action::Saved(path)),
                FileEvent::Exported(_) | FileEvent::Cancelled => {}
                FileEvent::Failed(path, why) => {
                    self.state.message = Some(format!("{}: {why}", path.display()))
                }
                FileEvent::AlreadyExists(path) => {
                    self.state.message = Some(format!(
                        "{}: {}",
                        path.display(),
                        crate::i18n::file_already_there(lang)
                    ))
                }
            }
        }
    }

    /// Saves the event where it was saved before, or asks where (the unsaved-work question's
    /// "Save"); `wake` repaints when the job ends.
    pub fn save(&mut self, wake: &Waker, lang: Lang) {
        if self.files.busy() {
            return;
        }
        let Some(text) = self.state.to_ron() else {
            return;
        };
        match &self.state.path {
            Some(p) if p.extension().is_none_or(|e| e != "xml") => {
                self.files.save(wake, p.clone(), text.into_bytes())
            }
            _ => self.files.save_dialog(
                wake,
                lang.pick("保存赛事", "儲存賽事", "Save event").into(),
                "tournament.ron".into(),
                ("RON", &["ron"]),
                text.into_bytes(),
            ),
        }
        self.waiting = Some(FileRequest::Save);
    }

    /// Whether a file job is running.
    pub fn busy(&self) -> bool {
        self.files.busy()
    }

    /// Takes in the file jobs that finished (the host polls once a frame).
    pub fn poll(&mut self, lang: Lang) {
        self.poll_files(lang);
    }

    /// A finished arbiter session posts its result and warnings into the open event: a ruled
    /// loss as a played win `B`/`W`, a forfeit as `BF`/`WF`, both lose as `LL`.
    pub fn post(
        &mut self,
        round: u32,
        table: Table<'_>,
        result: PostedResult,
        warnings_black: u32,
        warnings_white: u32,
    ) -> Result<(), crate::tournament::TournamentError> {
        self.state
            .post(round, table, result, warnings_black, warnings_white)
    }
}
