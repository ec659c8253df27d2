//! The sub-windows driven through the host: the review tab (and its tools), the problems
//! window and its editor, teaching mode, the tournament window. Each keeps its egui-free
//! state; here their commands are applied, their file jobs sent to the effects runner as
//! [`Effect::File`] and the answers routed back ([`Command::FileDone`] → the owner's
//! `on_file`), their workers' jobs sent as [`Effect::Work`] and answered through
//! [`Command::WorkDone`], their unsaved work reported to the one registry
//! ([`super::unsaved`]), and the one path question asked where no file dialog can be shown.
//! No sub-window owns a thread or a file job of its own.
//!
//! [`Command::FileDone`]: super::Command::FileDone
//! [`Command::WorkDone`]: super::Command::WorkDone

use std::path::PathBuf;

use super::command::Exit;
use super::effect::{Effect, FileJob, FileOwner};
use super::unsaved::UnsavedItem;
use super::work::{SuggestFor, Work, WorkDone};
use super::{Host, Question};
use crate::app::problems::ProblemCommand;
use crate::app::review::{Nav, Pending, ReviewCommand};
use crate::app::review_tools::ToolsAction;
use crate::app::teach::state::TeachCommand;
use crate::app::tournament::TournamentCommand;
use crate::audio::Request as Voice;
use crate::clock::Timestamp;
use crate::files::jobs::FileEvent;

/// The file jobs of `owner` as effects.
fn files(owner: FileOwner, jobs: Vec<FileJob>, fx: &mut Vec<Effect>) {
    fx.extend(jobs.into_iter().map(|j| Effect::File(owner, j)));
}

/// Workers' jobs as effects.
fn work(jobs: impl IntoIterator<Item = Work>, fx: &mut Vec<Effect>) {
    fx.extend(jobs.into_iter().map(Effect::Work));
}

impl Host {
    // ----- the review tab -----

    /// A review command: opening a file, a recent file or a new record replaces the record,
    /// so it is a way out asked about first; anything else is applied.
    pub(super) fn apply_review(&mut self, c: ReviewCommand, now: Timestamp, fx: &mut Vec<Effect>) {
        let pending = match c {
            ReviewCommand::OpenDialog => Pending::OpenDialog,
            ReviewCommand::OpenPath(p) => Pending::OpenPath(p),
            ReviewCommand::NewRecord(size) => Pending::NewRecord(size),
            other => return self.review_command(other, fx),
        };
        self.leave(Exit::Review(pending), now, fx);
    }

    /// Applies a review command with nothing asked.
    pub(super) fn review_command(&mut self, c: ReviewCommand, fx: &mut Vec<Effect>) {
        let jobs = self.review.apply(c, self.lang);
        files(FileOwner::Review, jobs, fx);
        self.sync_review_tools(fx);
    }

    /// Replaces the record under review (everything asked).
    pub(super) fn review_replace(&mut self, pending: Pending, fx: &mut Vec<Effect>) {
        let jobs = self.review.run(pending, self.lang);
        files(FileOwner::Review, jobs, fx);
        self.sync_review_tools(fx);
    }

    /// The review tools follow the record shown: a review of another record is dropped, the
    /// suggestion asked for a new position.
    fn sync_review_tools(&mut self, fx: &mut Vec<Effect>) {
        let path = self.review.path().map(PathBuf::from);
        let jobs = self
            .review_tools
            .sync(self.review.review(), path.as_deref());
        work(jobs, fx);
    }

    pub(super) fn apply_review_tools(&mut self, a: ToolsAction, fx: &mut Vec<Effect>) {
        let path = self.review.path().map(PathBuf::from);
        let out = self.review_tools.apply(
            a,
            self.review.review(),
            path.as_deref(),
            &self.settings,
            self.lang,
        );
        work(out.work, fx);
        if let Some(settings) = out.settings {
            self.settings = settings;
        }
        if let Some(node) = out.goto {
            self.review_command(ReviewCommand::Nav(Nav::Node(node)), fx);
        }
    }

    pub(super) fn review_unsaved(&self) -> Option<UnsavedItem> {
        self.review.has_unsaved_edits().then(|| UnsavedItem {
            owner: FileOwner::Review,
            name: self.review.state().record_name(self.lang),
        })
    }

    // ----- the problems window -----

    pub(super) fn apply_problems(
        &mut self,
        c: ProblemCommand,
        now: Timestamp,
        fx: &mut Vec<Effect>,
    ) {
        // The commands that replace the draft or the set are ways out: asked first.
        let exit = match &c {
            ProblemCommand::NewProblem(size) => Some(Exit::WriteProblem(*size)),
            // Back from trying the draft out is no way out: the same draft is edited.
            ProblemCommand::EditThis if !self.problems.trying() => Some(Exit::EditProblem),
            ProblemCommand::OpenShipped(i) => Some(Exit::SwitchProblemSet(*i)),
            ProblemCommand::OpenFile => Some(Exit::OpenProblemFile),
            _ => None,
        };
        match (exit, c) {
            (Some(exit), _) => self.leave(exit, now, fx),
            (None, ProblemCommand::AssignDraft { whole_class }) => {
                self.assign_edited_draft(whole_class, now, fx)
            }
            (None, ProblemCommand::BackToClass) => self.classroom.come_back(),
            (None, c) => self.problems_command(c, fx),
        }
    }

    /// Applies a problems command with nothing asked.
    pub(super) fn problems_command(&mut self, c: ProblemCommand, fx: &mut Vec<Effect>) {
        let jobs = self.problems.apply(c, self.lang);
        files(FileOwner::Problems, jobs, fx);
        if self.problems.draft.is_none() {
            // No draft in the editor any more: the class window comes back.
            self.classroom.come_back();
        }
    }

    pub(super) fn problems_unsaved(&self) -> Option<UnsavedItem> {
        self.problems.editor.as_ref().filter(|e| e.is_dirty())?;
        let problem = self.problems.inputs.name.trim().to_owned();
        let collection = self.problems.collection_name(self.lang);
        let name = match (problem.is_empty(), collection.is_empty()) {
            (false, false) => format!("{problem} ({collection})"),
            (false, true) => problem,
            (true, _) => collection,
        };
        Some(UnsavedItem {
            owner: FileOwner::Problems,
            name,
        })
    }

    /// Drops the problem being written.
    pub(super) fn discard_problems(&mut self) {
        if let Some(e) = &mut self.problems.editor {
            e.mark_saved();
        }
    }

    // ----- the tournament window -----

    /// A tournament command: opening an event or starting one from players.csv replaces the
    /// event, so it is a way out asked about first.
    pub(super) fn apply_tournament(
        &mut self,
        c: TournamentCommand,
        now: Timestamp,
        fx: &mut Vec<Effect>,
    ) {
        match c {
            TournamentCommand::OpenEvent | TournamentCommand::NewFromPlayers { .. } => {
                self.leave(Exit::OpenTournament(Box::new(c)), now, fx)
            }
            other => self.tournament_command(other, fx),
        }
    }

    /// Applies a tournament command with nothing asked.
    pub(super) fn tournament_command(&mut self, c: TournamentCommand, fx: &mut Vec<Effect>) {
        let jobs = self.tournament.apply(c, self.lang);
        files(FileOwner::Tournament, jobs, fx);
    }

    pub(super) fn tournament_unsaved(&self) -> Option<UnsavedItem> {
        let s = &self.tournament.state;
        (s.unsaved && s.event.is_some()).then(|| UnsavedItem {
            owner: FileOwner::Tournament,
            name: s.event.as_ref().map(|t| t.name.clone()).unwrap_or_default(),
        })
    }

    /// Drops the tournament window's edits.
    pub(super) fn discard_tournament(&mut self) {
        self.tournament.state.unsaved = false;
    }

    // ----- teaching mode -----

    /// Starts teaching mode's game the first time the mode is on (its computer's thread is
    /// the runner's).
    pub(super) fn ensure_teaching(&mut self, fx: &mut Vec<Effect>) {
        if !self.teaching {
            return;
        }
        if let Some((prefs, jobs)) = self.teach.ensure_started(&self.settings.teach, self.kdf) {
            self.settings.teach = prefs;
            work(jobs, fx);
        }
    }

    pub(super) fn apply_teach(&mut self, c: TeachCommand, now: Timestamp, fx: &mut Vec<Effect>) {
        self.ensure_teaching(fx);
        let effects = self.teach.apply(c, now);
        self.teach_effects(effects, fx, now);
    }

    fn teach_effects(
        &mut self,
        effects: Option<crate::app::teach::state::TeachEffects>,
        fx: &mut Vec<Effect>,
        now: Timestamp,
    ) {
        let Some(mut effects) = effects else { return };
        work(std::mem::take(&mut effects.work), fx);
        if let Some(game) = effects.finished.take() {
            // A child's game ended: kept in their profile (through the class file's job).
            let out = self.classroom.game_finished(game, now);
            self.class_out(out, now, fx);
        }
        if let Some(state) = self.teach.state() {
            if effects.prefs_changed {
                self.settings.teach = state.prefs.clone();
            }
            if state.prefs.sounds {
                for s in effects.sounds {
                    fx.push(Effect::Voice(Voice::Sound(s)));
                }
            }
        }
        if effects.leave {
            match self.teach_exit.take() {
                // Quitting from teaching mode: the mode stays on for the next start.
                Some(Exit::Quit) => self.leave_checked(Exit::Quit, now, fx),
                _ => self.carry_out(Exit::LeaveTeaching, now, fx),
            }
        }
    }

    /// Leaving teaching mode: the teacher's PIN first when one is set (teaching mode's own
    /// prompt), then out.
    pub(super) fn leave_teaching(&mut self, now: Timestamp, fx: &mut Vec<Effect>) {
        if self.teach.state().is_some() {
            self.apply_teach(TeachCommand::Leave, now, fx);
        } else {
            self.carry_out(Exit::LeaveTeaching, now, fx);
        }
    }

    // ----- the workers' answers -----

    /// A sub-window's worker answered: routed to its owner, which skips an answer that came
    /// too late.
    pub(super) fn work_done(&mut self, done: WorkDone, now: Timestamp, fx: &mut Vec<Effect>) {
        match done {
            WorkDone::ComputerMove { .. }
            | WorkDone::TeacherPinChecked { .. }
            | WorkDone::TeacherPinMade(_)
            | WorkDone::Suggestion {
                owner: SuggestFor::Teaching,
                ..
            } => {
                let effects = self.teach.on_work(done, now);
                self.teach_effects(effects, fx, now);
            }
            WorkDone::ClassPinChecked { ask, right } => {
                let out = self.classroom.on_pin(ask, right, now);
                self.class_out(out, now, fx);
            }
            WorkDone::Review { id, results } => {
                let _ = self.review_tools.on_results(id, *results);
            }
            WorkDone::Suggestion {
                owner: SuggestFor::Counting,
                key,
                suggestion,
            } => {
                let _ = self.dead_help.answer(key, suggestion);
            }
            WorkDone::Suggestion {
                owner: SuggestFor::Review,
                key,
                suggestion,
            } => {
                let _ = self.review_tools.on_suggestion(key, suggestion);
            }
            // Turned into `Review` by the runner.
            WorkDone::ReviewNews(_) => {}
        }
    }

    // ----- file jobs and the path question -----

    /// Saves one owner's unsaved work (the answer "Save" to the unsaved-work question): text
    /// being typed is written into the record first.
    pub(super) fn save_owner(&mut self, owner: FileOwner, fx: &mut Vec<Effect>) {
        match owner {
            FileOwner::Review => self.review_command(ReviewCommand::Save, fx),
            FileOwner::Problems => self.problems_command(ProblemCommand::Save, fx),
            FileOwner::Tournament => {
                let jobs = self.tournament.save(self.lang);
                files(FileOwner::Tournament, jobs, fx);
            }
            FileOwner::Class => {
                let out = self.classroom.retry();
                fx.extend(out.jobs.into_iter().map(Effect::Class));
            }
            FileOwner::Game => {}
        }
    }

    /// Whether a save of `owner` is still running (a path being asked included).
    pub(super) fn saving(&self, owner: FileOwner) -> bool {
        match owner {
            FileOwner::Review => self.review.state().busy(),
            FileOwner::Problems => self.problems.busy(),
            FileOwner::Tournament => self.tournament.busy(),
            FileOwner::Class => self.classroom.saving(),
            FileOwner::Game => false,
        }
    }

    /// Drops one owner's unsaved work (the answer "Discard").
    pub(super) fn discard(&mut self, owner: FileOwner) {
        match owner {
            FileOwner::Review => self.review.discard_edits(),
            FileOwner::Problems => self.discard_problems(),
            FileOwner::Tournament => self.discard_tournament(),
            FileOwner::Class => self.classroom.discard(),
            FileOwner::Game => {}
        }
    }

    /// A file job of the runner finished: its answer goes to the owner.
    pub(super) fn file_done(
        &mut self,
        owner: FileOwner,
        event: FileEvent,
        now: Timestamp,
        fx: &mut Vec<Effect>,
    ) {
        let lang = self.lang;
        match owner {
            FileOwner::Game => {
                use super::notice::Notice;
                self.notice = match event {
                    FileEvent::Exported(p) | FileEvent::Saved(p) => Some(Notice::Exported(p)),
                    FileEvent::Failed(p, why) => Some(Notice::FileFailed(p, why)),
                    FileEvent::AlreadyExists(p) => Some(Notice::FileExists(p)),
                    FileEvent::Cancelled | FileEvent::Opened(..) => self.notice.take(),
                };
            }
            FileOwner::Review => {
                self.review.on_file(event, lang);
                self.sync_review_tools(fx);
            }
            FileOwner::Problems => self.problems.on_file(event, lang),
            FileOwner::Tournament => self.tournament.on_file(event, lang),
            FileOwner::Class => {
                let out = self.classroom.on_file(event);
                self.class_out(out, now, fx);
            }
        }
        self.check_after_save(now, fx);
    }

    /// What every frame checks for the sub-windows: teaching mode started when on, the
    /// problems window's set open, the dead-stone suggestion asked for a new counting
    /// position, the review tools following the record, and a save the unsaved-work question
    /// waits for.
    pub(super) fn poll_subapps(&mut self, now: Timestamp, fx: &mut Vec<Effect>) {
        self.ensure_teaching(fx);
        self.start_class(now, fx);
        if self.show_problems {
            self.problems.ensure_open(self.lang);
        }
        let question = crate::app::dead_stone_help::Question::of_counting(self.session());
        if let Some((key, q)) = self.dead_help.sync(question) {
            fx.push(Effect::Work(Work::Suggest {
                owner: SuggestFor::Counting,
                key,
                question: Box::new(q),
            }));
        }
        self.sync_review_tools(fx);
        self.next_path_question();
        self.check_after_save(now, fx);
    }

    /// No file dialog can be shown for `job`: the path is asked for instead (the one path
    /// question). Should another question be open (a second save of "Save all", say), the
    /// path waits its turn: its owner's job is still running until it is answered.
    pub(super) fn no_dialog(&mut self, owner: FileOwner, job: FileJob) {
        self.paths_waiting.push_back((owner, job));
        self.next_path_question();
    }

    /// Asks the next path waiting, when no other question is open.
    pub(super) fn next_path_question(&mut self) {
        if self.question.is_none()
            && let Some((owner, job)) = self.paths_waiting.pop_front()
        {
            self.question = Some(Question::Path(owner, job));
        }
    }

    /// The path typed for a file job that could not show its dialog (`None`: cancelled, and
    /// the owner is told so).
    pub(super) fn path_typed(
        &mut self,
        path: Option<PathBuf>,
        now: Timestamp,
        fx: &mut Vec<Effect>,
    ) {
        let Some(Question::Path(owner, job)) = self.question.take() else {
            return;
        };
        let Some(path) = path.filter(|p| !p.as_os_str().is_empty()) else {
            self.file_done(owner, FileEvent::Cancelled, now, fx);
            self.next_path_question();
            return;
        };
        let job = match job {
            FileJob::OpenDialog { .. } | FileJob::Read(_) => FileJob::Read(path),
            FileJob::SaveDialog { bytes, export, .. } => FileJob::Write {
                path,
                bytes,
                export,
                new_only: true,
            },
            FileJob::Write {
                bytes,
                export,
                new_only,
                ..
            } => FileJob::Write {
                path,
                bytes,
                export,
                new_only,
            },
            FileJob::ExportSession {
                journal,
                kind,
                title,
                name,
                ..
            } => FileJob::ExportSession {
                journal,
                kind,
                title,
                name,
                to: Some(path),
            },
            FileJob::ClassDocument {
                class_file,
                doc,
                lang,
                title,
                name,
                ..
            } => FileJob::ClassDocument {
                class_file,
                doc,
                lang,
                title,
                name,
                to: Some(path),
            },
        };
        fx.push(Effect::File(owner, job));
        self.next_path_question();
    }
}
