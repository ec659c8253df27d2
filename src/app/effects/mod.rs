//! The one effects runner of the window: it owns every thread the window uses — the journal
//! writer, the file jobs, the voice, the search for unfinished sessions, and the sub-windows'
//! workers ([`workers`]: the teaching computer, the engine review, the dead-stone estimator,
//! the teacher's PIN) — carries out the
//! host's [`Effect`]s on them and hands their answers back as [`Command`]s. Nothing here
//! decides anything: the host does. The thread that draws never writes, syncs, reads a
//! document or waits on a device.

mod class_jobs;
pub mod hall;
mod workers;

use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, channel};

use crate::app::host::{Command, Effect};
use crate::app::protocol::{Answer, FileJob, WindowId, Work, WorkDone};
use crate::audio::Announcer;
use crate::audio::Request as Voice;
use crate::files::jobs::{self, FileEvent};
use crate::files::journal_writer::JournalWriter;
use crate::wake::Waker;

/// What the runner asks the window itself to do (the window manager's close).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WindowRequests {
    /// Close the window now.
    pub close: bool,
    /// Keep the window open: cancel the window manager's close request.
    pub cancel_close: bool,
}

/// The runner: threads, channels, the voice.
pub struct Runner {
    journal: Option<JournalWriter>,
    journal_error: Option<String>,
    answers: Sender<Command>,
    inbox: Receiver<Command>,
    wake: Waker,
    voice: Box<dyn Announcer>,
    dialogs: bool,
    running: usize,
    workers: workers::Workers,
    /// What the window must do after this batch of effects.
    pub window: WindowRequests,
    /// The hall link at this table (issue 18 item 6).
    hall: hall::HallRunner,
}

impl std::fmt::Debug for Runner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Runner")
            .field("journal", &self.journal)
            .field("running", &self.running)
            .finish()
    }
}

impl Runner {
    /// A runner that wakes the window with `wake` after every answer and speaks through `voice`.
    /// `dialogs`: whether native file dialogs can be shown here (else the host asks for paths).
    pub fn new(wake: Waker, voice: Box<dyn Announcer>, dialogs: bool) -> Runner {
        let (answers, inbox) = channel();
        let (journal, journal_error) = match JournalWriter::spawn(wake.clone()) {
            Ok(w) => (Some(w), None),
            Err(e) => (None, Some(e.to_string())),
        };
        let hall = hall::HallRunner::new(wake.clone());
        Runner {
            journal,
            journal_error,
            workers: workers::Workers::new(answers.clone(), wake.clone()),
            answers,
            inbox,
            wake,
            voice,
            dialogs,
            running: 0,
            window: WindowRequests::default(),
            hall,
        }
    }

    /// Carries out the host's effects.
    pub fn run(&mut self, effects: Vec<Effect>) {
        for effect in effects {
            match effect {
                Effect::Journal(request) => match &mut self.journal {
                    Some(w) => w.send(request),
                    None => {
                        // Without a writer thread nothing can be saved: every request says so.
                        let why = self.journal_error.clone().unwrap_or_default();
                        if let Some(game) = request_game(&request) {
                            let _ = self.answers.send(Command::Journal(
                                crate::files::journal_writer::Reply::NotSaved {
                                    game,
                                    problem: crate::files::journal::JournalProblem::Io {
                                        kind: std::io::ErrorKind::Other,
                                        text: why,
                                    },
                                },
                            ));
                        }
                    }
                },
                Effect::File(owner, job) => self.file(owner, job),
                Effect::Work(owner, Work::Class(job)) => self.spawn("tianyuan-class", move || {
                    let done = WorkDone::Class(class_jobs::run(job));
                    Command::Answer(owner, Answer::Work(done))
                }),
                Effect::Work(owner, work) => self.workers.run(owner, work),
                Effect::Voice(request) => self.voice(request),
                Effect::FindUnfinished(folder) => self.find_unfinished(folder),
                Effect::CloseWindow => self.window.close = true,
                Effect::CancelClose => self.window.cancel_close = true,
                Effect::Hall(request) => self.hall.run(request),
            }
        }
    }

    /// Every answer since the last call, as commands for the host.
    pub fn poll(&mut self) -> Vec<Command> {
        let mut out = Vec::new();
        if let Some(w) = &mut self.journal {
            out.extend(w.poll().into_iter().map(Command::Journal));
        }
        let answers: Vec<Command> = self.inbox.try_iter().collect();
        for a in &answers {
            if one_of_runners(a) {
                self.running = self.running.saturating_sub(1);
            }
        }
        out.extend(
            answers
                .into_iter()
                .filter_map(|a| self.workers.translate(a)),
        );
        out.extend(self.workers.poll());
        out.extend(self.hall.poll());
        out
    }

    /// Threads started for the sub-windows' work since the runner began (tests).
    pub fn worker_threads_started(&self) -> usize {
        self.workers.started
    }

    /// Whether any thread still owes an answer (tests wait on it).
    pub fn busy(&self) -> bool {
        self.running > 0
            || self.workers.busy()
            || self.journal.as_ref().is_some_and(JournalWriter::busy)
            || self.hall.busy()
    }

    /// Waits up to `timeout` for the journal writer's next answer (tests, and the last entries
    /// at close).
    pub fn wait_journal(&mut self, timeout: std::time::Duration) -> Option<Command> {
        self.journal
            .as_mut()
            .and_then(|w| w.wait(timeout))
            .map(Command::Journal)
    }

    /// Waits up to `timeout` for any other thread's answer (tests).
    pub fn wait_other(&mut self, timeout: std::time::Duration) -> Option<Command> {
        let c = self.inbox.recv_timeout(timeout).ok()?;
        if one_of_runners(&c) {
            self.running = self.running.saturating_sub(1);
        }
        self.workers.translate(c)
    }

    fn voice(&mut self, request: Voice) {
        match request {
            Voice::Schedule(calls) => self.voice.schedule(&calls),
            Voice::SayNow(p) => self.voice.say_now(p),
            Voice::Cancel => self.voice.cancel(),
            Voice::Volume(v) => self.voice.set_volume(v),
            Voice::Muted(m) => self.voice.set_muted(m),
            Voice::Sound(s) => self.voice.play_sound(s),
            // Packs are switched by their own effect elsewhere; the name alone loads nothing.
            Voice::Voice(_) => {}
        }
    }

    /// Spawns one worker for one answer.
    fn spawn(&mut self, name: &str, job: impl FnOnce() -> Command + Send + 'static) {
        let tx = self.answers.clone();
        let wake = self.wake.clone();
        self.running += 1;
        let spawned = std::thread::Builder::new()
            .name(name.to_owned())
            .spawn(move || {
                let _ = tx.send(job());
                wake();
            });
        if let Err(e) = spawned {
            self.running -= 1;
            let _ = self.answers.send(Command::Answer(
                WindowId::Game,
                Answer::File(FileEvent::Failed(PathBuf::new(), e.to_string())),
            ));
        }
    }

    fn find_unfinished(&mut self, folder: PathBuf) {
        self.spawn("tianyuan-resume", move || {
            Command::ResumeFound(crate::app::resume::find_unfinished(
                &folder,
                crate::time::utc_now(),
            ))
        });
    }

    fn file(&mut self, owner: WindowId, job: FileJob) {
        if job.needs_dialog() && !self.dialogs {
            // Nothing is ever a silent no-op: the host asks for a path instead.
            let _ = self.answers.send(Command::NoDialog(owner, job));
            (self.wake)();
            return;
        }
        self.spawn("tianyuan-file", move || {
            Command::Answer(owner, Answer::File(run_file_job(job)))
        });
    }
}

/// Whether an answer comes from one of the runner's own one-answer threads (a file job, the
/// search for unfinished sessions, a class file's job).
fn one_of_runners(c: &Command) -> bool {
    matches!(
        c,
        Command::Answer(_, Answer::File(_) | Answer::Work(WorkDone::Class(_)))
            | Command::ResumeFound(_)
    )
}

/// The game a journal request is for (none for a close, which is not answered).
fn request_game(
    r: &crate::files::journal_writer::Request,
) -> Option<crate::files::journal_writer::GameId> {
    use crate::files::journal_writer::Request as R;
    match r {
        R::New { game, .. }
        | R::Open { game, .. }
        | R::Append { game, .. }
        | R::CheckPin { game, .. }
        | R::Relocate { game, .. } => Some(*game),
        R::Close { .. } => None,
    }
}

/// One file job, on a worker thread.
fn run_file_job(job: FileJob) -> FileEvent {
    use crate::files::dialogs;
    match job {
        FileJob::OpenDialog { title, filter } => match dialogs::pick_open(&title, filter) {
            Some(path) => jobs::read(path),
            None => FileEvent::Cancelled,
        },
        FileJob::Read(path) => jobs::read(path),
        FileJob::SaveDialog {
            title,
            name,
            filter,
            bytes,
            export,
        } => match dialogs::pick_save(&title, &name, filter) {
            Some(path) if export => jobs::exported(jobs::write(path, &bytes)),
            Some(path) => jobs::write(path, &bytes),
            None => FileEvent::Cancelled,
        },
        FileJob::Write {
            path,
            bytes,
            export,
            new_only,
        } => {
            let e = if new_only {
                jobs::write_new(path, &bytes)
            } else {
                jobs::write(path, &bytes)
            };
            if export { jobs::exported(e) } else { e }
        }
        FileJob::ExportSession {
            journal,
            kind,
            title,
            name,
            to,
        } => export_session(journal, kind, &title, &name, to),
        FileJob::ClassDocument {
            class_file,
            doc,
            lang,
            title,
            name,
            to,
        } => class_document(&class_file, &doc, lang, &title, &name, to),
    }
}

/// Builds a class's sheet or report from its file (read as the command line reads it), then
/// writes it where the dialog says, or to the typed path — never over a file there.
fn class_document(
    class_file: &std::path::Path,
    doc: &crate::app::protocol::class_job::ClassDoc,
    lang: crate::i18n::Lang,
    title: &str,
    name: &str,
    to: Option<PathBuf>,
) -> FileEvent {
    let built = crate::files::class_file::load(class_file)
        .map_err(|e| e.text(lang))
        .and_then(|class| doc.build(&class, lang).map_err(|e| e.text(lang)));
    let html = match built {
        Ok(h) => h,
        Err(why) => return FileEvent::Failed(class_file.to_path_buf(), why),
    };
    match to {
        Some(p) => jobs::exported(jobs::write_new(p, html.as_bytes())),
        None => match crate::files::dialogs::pick_save(title, name, ("HTML", &["html"])) {
            Some(p) => jobs::exported(jobs::write(p, html.as_bytes())),
            None => FileEvent::Cancelled,
        },
    }
}

/// Builds the live game's report or record from its journal on disk, then writes it.
fn export_session(
    journal: PathBuf,
    kind: crate::app::protocol::SessionExport,
    title: &str,
    name: &str,
    to: Option<PathBuf>,
) -> FileEvent {
    use crate::app::protocol::SessionExport;
    let built = crate::files::journal::read_journal(&journal).and_then(|(_, reading)| {
        let session = crate::files::journal::fold_reading(&reading)?;
        Ok(match kind {
            SessionExport::Sgf => crate::report::session_sgf(&session),
            SessionExport::ReportHtml => crate::report::Report::new(&session, &reading).html(),
            SessionExport::ReportText => crate::report::Report::new(&session, &reading).text(),
        })
    });
    let text = match built {
        Ok(t) => t,
        Err(e) => return FileEvent::Failed(journal, e.to_string()),
    };
    let filter: crate::files::dialogs::Filter = match kind {
        SessionExport::ReportHtml => ("HTML", &["html"]),
        SessionExport::ReportText => ("Text", &["txt"]),
        SessionExport::Sgf => ("SGF", &["sgf"]),
    };
    let out = match to {
        Some(p) => Some(p),
        None => crate::files::dialogs::pick_save(title, name, filter),
    };
    match out {
        Some(out) => jobs::exported(jobs::write(out, text.as_bytes())),
        None => FileEvent::Cancelled,
    }
}
