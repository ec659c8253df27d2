//! The tournament window's state in the host (issue 12 item 6, issue 29 item 3): the event,
//! the arbiter's draft and the file jobs in flight, without egui. Its views
//! ([`super::view`]) return [`TournamentCommand`]s; [`TournamentWindow::apply`] carries them out
//! and returns the file jobs they need (read and written off the UI thread by the effects
//! runner, a path asked where no dialog can be shown), and the answers come back through
//! [`TournamentWindow::on_file`]. [`TournamentWindow::post`] is what a finished arbiter session
//! calls. The new-event form's inputs are the shell's.

use super::state::{Action, TournamentState};
use crate::app::protocol::{Answer, FileJob, WindowCmd, WindowId};
use crate::app::subwindow::{Cx, Leaving, Out, SubWindow};
use crate::files::jobs::FileEvent;
use crate::i18n::Lang;
use crate::tournament::System;
use crate::tournament::post::{PostedResult, Table};

const EVENT_FILTER: (&str, &[&str]) = ("Tournament", &["ron", "xml"]);
const CSV_FILTER: (&str, &[&str]) = ("CSV", &["csv"]);
const HTML_FILTER: (&str, &[&str]) = ("HTML", &["html"]);
const RON_FILTER: (&str, &[&str]) = ("RON", &["ron"]);

/// What the tournament window asks the host for.
#[derive(Clone, Debug, PartialEq)]
pub enum TournamentCommand {
    /// A change of the event or of the view (not a file's answer).
    Act(Action),
    /// Open an event file (replaces the event shown: asked about first when it has edits).
    OpenEvent,
    /// Start an event from players.csv with the new-event form's choices (replaces the event
    /// shown: asked about first when it has edits).
    NewFromPlayers {
        /// The system.
        system: System,
        /// Rounds (`None`: what the system needs).
        rounds: Option<u32>,
        /// The seed of the lots.
        seed: u64,
    },
    /// Save the event where it was saved, or ask where.
    Save,
    /// Ask where to save the event.
    SaveAs,
    /// Export the printable standings and crosstable.
    ExportHtml,
}

/// What a file being read is for.
#[derive(Clone, Debug, PartialEq)]
enum Reading {
    Event,
    Players {
        system: System,
        rounds: Option<u32>,
        seed: u64,
    },
}

/// The window: its state and the file jobs in flight.
#[derive(Debug, Default)]
pub struct TournamentWindow {
    /// The event and the arbiter's draft.
    pub state: TournamentState,
    /// The window is shown.
    pub shown: bool,
    /// What the file being read is for.
    reading: Option<Reading>,
    /// File jobs sent and not answered yet.
    running: usize,
    /// The fingerprint of the event as sent by the save in flight.
    sent: Option<u64>,
}

/// A fingerprint of a document's bytes (the save in flight is remembered by it).
fn fingerprint(bytes: &[u8]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut h);
    h.finish()
}

impl TournamentWindow {
    /// Carries out one command; returns the file jobs it needs. While a file job runs, another
    /// is refused with a message (the answers would cross).
    pub fn apply(&mut self, cmd: TournamentCommand, lang: Lang) -> Vec<FileJob> {
        if !matches!(cmd, TournamentCommand::Act(_)) && self.busy() {
            self.state.message = Some(
                lang.pick(
                    "请稍候：文件正在读写。",
                    "請稍候：檔案正在讀寫。",
                    "Wait: a file is being read or written.",
                )
                .to_owned(),
            );
            return Vec::new();
        }
        let jobs = match cmd {
            TournamentCommand::Act(action) => {
                self.state.apply(action);
                Vec::new()
            }
            TournamentCommand::OpenEvent => {
                self.reading = Some(Reading::Event);
                vec![FileJob::OpenDialog {
                    title: lang.pick("打开赛事", "打開賽事", "Open event").into(),
                    filter: EVENT_FILTER,
                }]
            }
            TournamentCommand::NewFromPlayers {
                system,
                rounds,
                seed,
            } => {
                self.reading = Some(Reading::Players {
                    system,
                    rounds,
                    seed,
                });
                vec![FileJob::OpenDialog {
                    title: "players.csv".into(),
                    filter: CSV_FILTER,
                }]
            }
            TournamentCommand::Save => self.save_jobs(lang),
            TournamentCommand::SaveAs => self.save_as_jobs(lang),
            TournamentCommand::ExportHtml => match &self.state.event {
                Some(t) => {
                    let html = crate::tournament::export::standings_html(
                        t,
                        &crate::tournament::standings(t),
                        lang,
                    );
                    vec![FileJob::SaveDialog {
                        title: lang
                            .pick("打印成绩表", "列印成績表", "Print standings")
                            .into(),
                        name: "standings.html".into(),
                        filter: HTML_FILTER,
                        bytes: html.into_bytes(),
                        export: true,
                    }]
                }
                None => Vec::new(),
            },
        };
        self.running += jobs.len();
        jobs
    }

    /// Saves the event where it was saved before (never over an imported OpenGotha file), or
    /// asks where: the unsaved-work question's "Save" and the Save button.
    pub fn save(&mut self, lang: Lang) -> Vec<FileJob> {
        self.apply(TournamentCommand::Save, lang)
    }

    fn save_jobs(&mut self, lang: Lang) -> Vec<FileJob> {
        let Some(text) = self.state.to_ron() else {
            return Vec::new();
        };
        match &self.state.path {
            Some(p) if p.extension().is_none_or(|e| e != "xml") => {
                let bytes = text.into_bytes();
                self.sent = Some(fingerprint(&bytes));
                vec![FileJob::Write {
                    path: p.clone(),
                    bytes,
                    export: false,
                    new_only: false,
                }]
            }
            _ => self.save_as_jobs(lang),
        }
    }

    fn save_as_jobs(&mut self, lang: Lang) -> Vec<FileJob> {
        let Some(text) = self.state.to_ron() else {
            return Vec::new();
        };
        let bytes = text.into_bytes();
        self.sent = Some(fingerprint(&bytes));
        vec![FileJob::SaveDialog {
            title: lang.pick("保存赛事", "儲存賽事", "Save event").into(),
            name: "tournament.ron".into(),
            filter: RON_FILTER,
            bytes,
            export: false,
        }]
    }

    /// A file job's answer: an event or players.csv read, the event saved (marked saved only
    /// if it is still what was sent), the standings exported, or why not.
    pub fn on_file(&mut self, event: FileEvent, lang: Lang) {
        self.running = self.running.saturating_sub(1);
        match event {
            FileEvent::Opened(path, bytes) => match self.reading.take() {
                Some(Reading::Players {
                    system,
                    rounds,
                    seed,
                }) => {
                    let csv = String::from_utf8_lossy(&bytes).into_owned();
                    self.state.apply(Action::NewFromPlayers {
                        csv,
                        system,
                        rounds,
                        seed,
                    });
                }
                _ => self.state.apply(Action::Loaded(path, bytes)),
            },
            FileEvent::Saved(path) => {
                let sent = self.sent.take();
                let now = self.state.to_ron().map(|t| fingerprint(t.as_bytes()));
                if sent.is_some() && sent == now {
                    self.state.apply(Action::Saved(path));
                } else {
                    // Edited while the save ran: the file holds the event as sent.
                    self.state.path = Some(path);
                }
            }
            FileEvent::Exported(path) => {
                self.state.message = Some(format!(
                    "{} {}",
                    lang.pick("已导出", "已匯出", "Exported"),
                    path.display()
                ));
            }
            FileEvent::Cancelled => {
                self.reading = None;
                self.sent = None;
            }
            FileEvent::Failed(path, why) => {
                self.reading = None;
                self.sent = None;
                self.state.message = Some(format!("{}: {why}", path.display()))
            }
            FileEvent::AlreadyExists(path) => {
                self.sent = None;
                self.state.message = Some(format!(
                    "{}: {}",
                    path.display(),
                    crate::i18n::file_already_there(lang)
                ))
            }
        }
    }

    /// Whether a file job is running.
    pub fn busy(&self) -> bool {
        self.running > 0
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

/// The tournament window as a sub-window: opening an event or starting one from players.csv
/// replaces the event shown when the file arrives, and closing the window drops its edits —
/// ways out, asked about first.
impl SubWindow for TournamentWindow {
    fn id(&self) -> WindowId {
        WindowId::Tournament
    }

    fn apply(&mut self, cmd: WindowCmd, cx: &Cx) -> Out {
        match cmd {
            WindowCmd::Open => {
                self.shown = true;
                Out::default()
            }
            WindowCmd::Close => {
                self.discard();
                self.shown = false;
                Out::default()
            }
            own => match own.own::<TournamentCommand>() {
                Ok(c) => Out::files(TournamentWindow::apply(self, c, cx.lang)),
                Err(_) => Out::default(),
            },
        }
    }

    fn on_answer(&mut self, answer: Answer, cx: &Cx) -> Out {
        if let Answer::File(event) = answer {
            self.on_file(event, cx.lang);
        }
        Out::default()
    }

    fn exit(&self, cmd: &WindowCmd) -> Option<Leaving> {
        if matches!(cmd, WindowCmd::Close) {
            return Some(Leaving::Now);
        }
        match cmd.peek::<TournamentCommand>()? {
            TournamentCommand::OpenEvent | TournamentCommand::NewFromPlayers { .. } => {
                Some(Leaving::OnArrival)
            }
            _ => None,
        }
    }

    fn unsaved(&self, _lang: Lang) -> Option<String> {
        let s = &self.state;
        (s.unsaved && s.event.is_some())
            .then(|| s.event.as_ref().map(|t| t.name.clone()).unwrap_or_default())
    }

    fn work_name(&self, lang: Lang) -> &'static str {
        lang.pick("赛事", "賽事", "The tournament")
    }

    fn save(&mut self, cx: &Cx) -> Out {
        Out::files(TournamentWindow::save(self, cx.lang))
    }

    fn discard(&mut self) {
        self.state.unsaved = false;
    }

    fn busy(&self) -> bool {
        TournamentWindow::busy(self)
    }

    fn shown(&self) -> bool {
        self.shown
    }
}
