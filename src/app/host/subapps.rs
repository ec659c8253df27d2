//! The sub-windows driven through the host: the review tab (and its tools), the problems
//! window and its editor, teaching mode, the tournament window. Each keeps its egui-free
//! state; here their commands are applied, their file jobs' answers routed, their unsaved
//! work reported to the one registry ([`super::unsaved`]), and the path question asked where
//! no file dialog can be shown.

use std::path::PathBuf;

use super::command::Exit;
use super::effect::{Effect, FileJob, FileOwner};
use super::notice::Notice;
use super::unsaved::UnsavedItem;
use super::{Host, Question};
use crate::app::problems::ProblemCommand;
use crate::app::review::ReviewCommand;
use crate::app::review_tools::ToolsAction;
use crate::app::teach::state::TeachCommand;
use crate::audio::Request as Voice;
use crate::clock::Timestamp;
use crate::files::jobs::FileEvent;

impl Host {
    // ----- the review tab -----

    pub(super) fn apply_review(&mut self, c: ReviewCommand, now: Timestamp, fx: &mut Vec<Effect>) {
        let lang = self.lang;
        let wake = self.wake.clone();
        self.review.apply_waking(c, lang, &wake);
        if self.review.take_quit() {
            self.close(fx);
        }
        let _ = now;
    }

    pub(super) fn apply_review_tools(&mut self, a: ToolsAction, fx: &mut Vec<Effect>) {
        let _ = fx;
        let lang = self.lang;
        let wake = self.wake.clone();
        if let Some(settings) = crate::app::review_tools_view::apply_action(
            &mut self.review_tools,
            &mut self.review,
            self.settings.clone(),
            &wake,
            a,
            lang,
        ) {
            self.settings = settings;
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
            ProblemCommand::EditThis => Some(Exit::EditProblem),
            ProblemCommand::OpenShipped(i) => Some(Exit::SwitchProblemSet(*i)),
            ProblemCommand::OpenFile => Some(Exit::OpenProblemFile),
            _ => None,
        };
        match exit {
            Some(exit) => self.leave(exit, now, fx),
            None => self.problems_command(c, fx),
        }
    }

    /// Applies a problems command with nothing asked.
    pub(super) fn problems_command(&mut self, c: ProblemCommand, fx: &mut Vec<Effect>) {
        let _ = fx;
        let lang = self.lang;
        let wake = self.wake.clone();
        self.problems.apply(c, &wake, lang);
    }

    pub(super) fn problems_unsaved(&self) -> Option<UnsavedItem> {
        self.problems
            .editor
            .as_ref()
            .filter(|e| e.is_dirty())
            .map(|_| UnsavedItem {
                owner: FileOwner::Problems,
                name: self.problems.inputs.name.clone(),
            })
    }

    /// Drops the problem being written.
    pub(super) fn discard_problems(&mut self) {
        if let Some(e) = &mut self.problems.editor {
            e.mark_saved();
        }
    }

    // ----- the tournament window -----

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

    pub(super) fn apply_teach(&mut self, c: TeachCommand, now: Timestamp, fx: &mut Vec<Effect>) {
        let effects = self.teach.apply(c, now);
        self.teach_effects(effects, fx, now);
    }

    fn teach_effects(
        &mut self,
        effects: Option<crate::app::teach::state::TeachEffects>,
        fx: &mut Vec<Effect>,
        now: Timestamp,
    ) {
        let Some(effects) = effects else { return };
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

    // ----- file jobs and the path question -----

    /// Saves one owner's unsaved work (the answer "Save" to the unsaved-work question).
    pub(super) fn save_owner(&mut self, owner: FileOwner, fx: &mut Vec<Effect>) {
        let lang = self.lang;
        let wake = self.wake.clone();
        match owner {
            FileOwner::Review => {
                self.review.apply_waking(ReviewCommand::Save, lang, &wake);
            }
            FileOwner::Problems => self.problems_command(ProblemCommand::Save, fx),
            FileOwner::Tournament => self.tournament.save(&wake, lang),
            FileOwner::Game => {}
        }
    }

    /// Whether a save of `owner` is still running.
    pub(super) fn saving(&self, owner: FileOwner) -> bool {
        match owner {
            FileOwner::Review => self.review.state().busy(),
            FileOwner::Problems => self.problems.busy(),
            FileOwner::Tournament => self.tournament.busy(),
            FileOwner::Game => false,
        }
    }

    /// Drops one owner's unsaved work (the answer "Discard").
    pub(super) fn discard(&mut self, owner: FileOwner) {
        match owner {
            FileOwner::Review => self.review.discard_edits(),
            FileOwner::Problems => self.discard_problems(),
            FileOwner::Tournament => self.discard_tournament(),
            FileOwner::Game => {}
        }
    }

    /// A file job of the runner finished.
    pub(super) fn file_done(
        &mut self,
        owner: FileOwner,
        event: FileEvent,
        now: Timestamp,
        fx: &mut Vec<Effect>,
    ) {
        match owner {
            FileOwner::Game => {
                self.notice = match event {
                    FileEvent::Exported(p) | FileEvent::Saved(p) => Some(Notice::Exported(p)),
                    FileEvent::Failed(p, why) => Some(Notice::FileFailed(p, why)),
                    FileEvent::AlreadyExists(p) => Some(Notice::FileExists(p)),
                    FileEvent::Cancelled | FileEvent::Opened(..) => self.notice.take(),
                };
            }
            FileOwner::Review => match event {
                FileEvent::Opened(path, bytes) => {
                    if let Err(e) = self.review.open_bytes(Some(path.clone()), &bytes) {
                        self.notice = Some(Notice::OpenFailed(format!(
                            "{}: {}",
                            path.display(),
                            crate::app::review::error_text(&e, self.lang)
                        )));
                    }
                }
                FileEvent::Failed(path, why) => {
                    self.review.show_error(format!("{}: {why}", path.display()));
                }
                _ => {}
            },
            FileOwner::Problems | FileOwner::Tournament => {}
        }
        self.check_after_save(now, fx);
    }

    /// Polls the sub-windows' own workers (until they move to the runner) and follows a save
    /// the unsaved-work question waits for.
    pub(super) fn poll_subapps(&mut self, now: Timestamp, fx: &mut Vec<Effect>) {
        let lang = self.lang;
        let wake = self.wake.clone();
        self.review.poll_waking(lang, &wake);
        if self.review.take_quit() {
            self.close(fx);
        }
        let path = self.review.path().map(PathBuf::from);
        let _ = self
            .review_tools
            .poll(self.review.review(), path.as_deref(), &wake);
        self.problems.poll(lang);
        self.tournament.poll(lang);
        if self.teaching {
            let effects = self.teach.poll(now);
            self.teach_effects(effects, fx, now);
        }
        let question = crate::app::dead_stone_help::Question::of_counting(self.session());
        self.dead_help.sync(question, &wake);
        self.dead_help.poll();
        self.check_after_save(now, fx);
    }

    /// No file dialog can be shown for `job`: the path is asked for instead.
    pub(super) fn no_dialog(&mut self, owner: FileOwner, job: FileJob) {
        if self.question.is_none() {
            self.question = Some(Question::Path(owner, job));
        }
    }

    /// The path typed for a file job that could not show its dialog.
    pub(super) fn path_typed(&mut self, path: Option<PathBuf>, fx: &mut Vec<Effect>) {
        let Some(Question::Path(owner, job)) = self.question.take() else {
            return;
        };
        let Some(path) = path.filter(|p| !p.as_os_str().is_empty()) else {
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
        };
        fx.push(Effect::File(owner, job));
    }
}
