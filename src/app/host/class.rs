//! The class in teaching mode driven through the host (issue 20): its commands applied to
//! [`crate::app::classroom::ClassRoom`], its jobs on the class files sent to the runner as
//! [`Effect::Class`] and answered through [`super::Command::ClassDone`], its export and import
//! as the class's file jobs, its PIN checked on the runner, a child's finished game handed to
//! the class, and its changes not yet on disk reported to the one registry of unsaved work.

use std::path::PathBuf;

use super::Host;
use super::command::Exit;
use super::effect::{Effect, FileOwner};
use super::unsaved::UnsavedItem;
use crate::app::classroom::state::ClassNotice;
use crate::app::classroom::{ClassCommand, ClassOut};
use crate::app::host::class_job::ClassAnswer;
use crate::audio::Request as Voice;
use crate::clock::Timestamp;

impl Host {
    /// A command of the class screens.
    pub(super) fn apply_class(&mut self, c: ClassCommand, now: Timestamp, fx: &mut Vec<Effect>) {
        self.classroom.lang = self.lang;
        let out = self.classroom.apply(c, now, self.kdf);
        self.class_out(out, now, fx);
    }

    /// What the class asked for: its jobs, sounds, the teaching board's commands and the
    /// class to open at the next start.
    pub(super) fn class_out(&mut self, out: ClassOut, now: Timestamp, fx: &mut Vec<Effect>) {
        fx.extend(out.jobs.into_iter().map(Effect::Class));
        fx.extend(
            out.files
                .into_iter()
                .map(|j| Effect::File(FileOwner::Class, j)),
        );
        fx.extend(out.work.into_iter().map(Effect::Work));
        if self.settings.teach.sounds {
            fx.extend(
                out.sounds
                    .into_iter()
                    .map(|s| Effect::Voice(Voice::Sound(s))),
            );
        }
        if let Some(remember) = out.remember {
            self.settings.class_file = remember.map(|p| p.to_string_lossy().into_owned());
        }
        for c in out.teach {
            self.apply_teach(c, now, fx);
        }
        for answer in out.edited {
            let said = match answer.result {
                Ok(nick) => Ok(ClassNotice::Assigned {
                    id: answer.origin.id.clone(),
                    nick,
                }
                .text(self.lang)),
                Err(t) => Err(t.text(self.lang)),
            };
            if said.is_ok() {
                // Assigned: the class window comes back, saying so.
                self.classroom.come_back();
            }
            self.problems
                .draft_answered(&answer.origin, &answer.sgf, said);
        }
        if let Some(draft) = out.edit_draft {
            let same = self.problems.draft.as_ref().is_some_and(|d| {
                d.class_file == draft.origin.class_file && d.id == draft.origin.id
            });
            if same && self.problems.editor.is_some() {
                // The draft is in the editor already (edited, perhaps): back to it.
                self.problems.back_to_editor();
                self.show_problems = true;
                self.classroom.stand_aside();
            } else {
                // The draft replaces the problem being written: asked first when that is
                // unsaved.
                self.leave(Exit::EditDraft(Box::new(draft)), now, fx);
            }
        }
    }

    /// The problems window asks to send its homework draft back to its class, assigned to
    /// the draft's child or the whole class: only to the class it came from, and only while
    /// the class window is open (or the class has no PIN); the class's checker proves it again
    /// on the runner and the answer comes back to the problems window.
    pub(super) fn assign_edited_draft(
        &mut self,
        whole_class: bool,
        now: Timestamp,
        fx: &mut Vec<Effect>,
    ) {
        let Some((origin, sgf)) = self.problems.draft_to_assign() else {
            return;
        };
        let nick = (!whole_class).then(|| origin.child.clone());
        self.classroom.lang = self.lang;
        match self.classroom.assign_edited(&origin, nick, sgf) {
            Ok(out) => self.class_out(out, now, fx),
            Err(refused) => self.problems.draft_not_sent(refused.text(self.lang)),
        }
    }

    /// The runner answered a job on the class files.
    pub(super) fn class_done(&mut self, answer: ClassAnswer, now: Timestamp, fx: &mut Vec<Effect>) {
        let out = self.classroom.on_answer(answer);
        self.class_out(out, now, fx);
        self.check_after_save(now, fx);
    }

    /// The first time teaching mode shows: the class of last time opens (or the folder is
    /// listed), on the runner.
    pub(super) fn start_class(&mut self, now: Timestamp, fx: &mut Vec<Effect>) {
        if !self.teaching {
            return;
        }
        let remembered = self.settings.class_file.clone().map(PathBuf::from);
        let out = self.classroom.start(remembered);
        self.class_out(out, now, fx);
    }

    pub(super) fn class_unsaved(&self) -> Option<UnsavedItem> {
        self.classroom.unsaved().then(|| UnsavedItem {
            owner: FileOwner::Class,
            name: self
                .classroom
                .class
                .as_ref()
                .map(|c| c.name.clone())
                .unwrap_or_default(),
        })
    }
}
