//! The sub-windows driven through the host (issue 29 item 2): one loop over
//! [`crate::app::windows::Windows`], every window through the one contract
//! [`SubWindow`]. A window's command is applied — or, when it is a way out of the window's
//! unsaved work, asked about first through the one registry ([`super::unsaved`]); its output
//! ([`Out`]) becomes effects tagged with its [`WindowId`] (file jobs, workers' jobs: their
//! answers come back to it as [`Command::Answer`]), sounds, the settings to keep and commands
//! for other windows; every frame each window's `tick` runs; and the one path question is
//! asked where no file dialog can be shown. No sub-window owns a thread or a file job, and
//! nothing here names a window's own type.
//!
//! [`Command::Answer`]: super::Command::Answer

use std::path::PathBuf;

use super::command::Exit;
use super::effect::Effect;
use super::notice::Notice;
use super::unsaved::UnsavedItem;
use super::{Host, Question};
use crate::app::protocol::{Answer, FileJob, WindowCmd, WindowId, Work, WorkDone};
use crate::app::subwindow::{Cx, Leaving, Out, SubWindow};
use crate::app::windows::Windows;
use crate::audio::Request as Voice;
use crate::clock::Timestamp;
use crate::files::jobs::FileEvent;

impl Host {
    /// Calls `f` on window `id` with the window's context (`None`: the live game's id).
    fn call(
        &mut self,
        id: WindowId,
        now: Timestamp,
        f: impl FnOnce(&mut dyn SubWindow, &Cx<'_>) -> Out,
    ) -> Option<Out> {
        let cx = Cx {
            now,
            lang: self.lang,
            settings: &self.settings,
            kdf: self.kdf,
            teaching: self.teaching,
            review: None,
        };
        self.windows.with(id, &cx, f)
    }

    /// A window's command: a way out of its unsaved work is asked about first; anything else
    /// is applied.
    pub(super) fn window_cmd(
        &mut self,
        id: WindowId,
        cmd: WindowCmd,
        now: Timestamp,
        fx: &mut Vec<Effect>,
    ) {
        if self.leaving(id, &cmd).is_some() {
            self.leave(Exit::Window(id, cmd), now, fx);
        } else {
            self.window_apply(id, cmd, now, fx);
        }
    }

    /// How `cmd` leaves window `id`'s unsaved work, if it is a way out.
    pub(super) fn leaving(&self, id: WindowId, cmd: &WindowCmd) -> Option<Leaving> {
        self.windows.get(id)?.exit(cmd)
    }

    /// Applies a window's command with nothing asked.
    pub(super) fn window_apply(
        &mut self,
        id: WindowId,
        cmd: WindowCmd,
        now: Timestamp,
        fx: &mut Vec<Effect>,
    ) {
        if let Some(out) = self.call(id, now, |w, cx| w.apply(cmd, cx)) {
            self.take_out(id, out, now, fx);
        }
        self.tick_windows(now, fx);
    }

    /// What a window asked for: its jobs as effects tagged with it, the settings it keeps,
    /// its sounds (when the teacher's preferences allow them), the way out it held, and its
    /// commands for other windows.
    fn take_out(&mut self, id: WindowId, out: Out, now: Timestamp, fx: &mut Vec<Effect>) {
        let Out {
            files,
            work,
            sounds,
            settings,
            then,
            unlocked,
        } = out;
        fx.extend(files.into_iter().map(|j| Effect::File(id, j)));
        fx.extend(work.into_iter().map(|w| Effect::Work(id, w)));
        if let Some(settings) = settings {
            self.settings = *settings;
        }
        if self.settings.teach.sounds {
            fx.extend(sounds.into_iter().map(|s| Effect::Voice(Voice::Sound(s))));
        }
        if unlocked {
            self.exit_unlocked(now, fx);
        }
        for (to, cmd) in then {
            self.window_cmd(to, cmd, now, fx);
        }
    }

    /// A window's PIN let its way out go on (teaching mode's teacher's PIN).
    fn exit_unlocked(&mut self, now: Timestamp, fx: &mut Vec<Effect>) {
        match self.teach_exit.take() {
            // Quitting from teaching mode: the mode stays on for the next start.
            Some(Exit::Quit) => self.leave_checked(Exit::Quit, now, fx),
            _ => self.carry_out(Exit::LeaveTeaching, now, fx),
        }
    }

    /// Leaving teaching mode: the teacher's PIN first when one is set (teaching mode's own
    /// prompt), then out.
    pub(super) fn leave_teaching(&mut self, now: Timestamp, fx: &mut Vec<Effect>) {
        let leave = WindowCmd::of(crate::app::teach::state::TeachCommand::Leave);
        self.window_apply(WindowId::Teach, leave, now, fx);
    }

    /// What every frame (and every window's change) checks: each window's `tick` (teaching
    /// mode's game started, the class opened, the problems set open, the review tools
    /// following the record), the live game's dead-stone suggestion asked for a new counting
    /// position, the next path question, and a save the unsaved-work question waits for.
    pub(super) fn tick_windows(&mut self, now: Timestamp, fx: &mut Vec<Effect>) {
        for id in Windows::ALL {
            if let Some(out) = self.call(id, now, |w, cx| w.tick(cx)) {
                self.take_out(id, out, now, fx);
            }
        }
        let question = crate::app::dead_stone_help::Question::of_counting(self.session());
        if let Some((key, q)) = self.dead_help.sync(question) {
            let ask = Work::Suggest {
                key,
                question: Box::new(q),
            };
            fx.push(Effect::Work(WindowId::Game, ask));
        }
        self.next_path_question();
        self.check_after_save(now, fx);
    }

    // ----- the answers -----

    /// A window's file job or worker answered: it goes to the window that asked, which skips
    /// an answer that came too late.
    pub(super) fn answer(
        &mut self,
        id: WindowId,
        answer: Answer,
        now: Timestamp,
        fx: &mut Vec<Effect>,
    ) {
        match (id, answer) {
            (WindowId::Game, answer) => self.game_answer(answer),
            (id, answer) => {
                if let Some(out) = self.call(id, now, |w, cx| w.on_answer(answer, cx)) {
                    self.take_out(id, out, now, fx);
                }
            }
        }
        self.tick_windows(now, fx);
    }

    /// The live game's own jobs answered: an export, the count's suggestion.
    fn game_answer(&mut self, answer: Answer) {
        match answer {
            Answer::File(event) => {
                self.notice = match event {
                    FileEvent::Exported(p) | FileEvent::Saved(p) => Some(Notice::Exported(p)),
                    FileEvent::Failed(p, why) => Some(Notice::FileFailed(p, why)),
                    FileEvent::AlreadyExists(p) => Some(Notice::FileExists(p)),
                    FileEvent::Cancelled | FileEvent::Opened(..) => self.notice.take(),
                };
            }
            Answer::Work(WorkDone::Suggestion {
                key, suggestion, ..
            }) => {
                let _ = self.dead_help.answer(key, suggestion);
            }
            Answer::Work(_) => {}
        }
    }

    // ----- the one registry's hooks -----

    /// Every window's unsaved work.
    pub(super) fn windows_unsaved(&self) -> Vec<UnsavedItem> {
        Windows::ALL
            .into_iter()
            .filter_map(|id| {
                let window = self.windows.get(id)?;
                let name = window.unsaved(self.lang)?;
                let what = window.work_name(self.lang).to_owned();
                Some(UnsavedItem {
                    owner: id,
                    name,
                    what,
                })
            })
            .collect()
    }

    /// Saves one window's unsaved work (the answer "Save" to the unsaved-work question): text
    /// being typed is written into the record first.
    pub(super) fn save_owner(&mut self, owner: WindowId, now: Timestamp, fx: &mut Vec<Effect>) {
        if let Some(out) = self.call(owner, now, |w, cx| w.save(cx)) {
            self.take_out(owner, out, now, fx);
        }
    }

    /// Whether a save of `owner` is still running (a path being asked included).
    pub(super) fn saving(&self, owner: WindowId) -> bool {
        self.windows.get(owner).is_some_and(|w| w.busy())
    }

    /// Drops one window's unsaved work (the answer "Discard").
    pub(super) fn discard(&mut self, owner: WindowId, now: Timestamp) {
        let _ = self.call(owner, now, |w, _| {
            w.discard();
            Out::default()
        });
    }

    // ----- file jobs and the path question -----

    /// No file dialog can be shown for `job`: the path is asked for instead (the one path
    /// question). Should another question be open (a second save of "Save all", say), the
    /// path waits its turn: its owner's job is still running until it is answered.
    pub(super) fn no_dialog(&mut self, owner: WindowId, job: FileJob) {
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
            self.answer(owner, Answer::File(FileEvent::Cancelled), now, fx);
            self.next_path_question();
            return;
        };
        fx.push(Effect::File(owner, job.at_path(path)));
        self.next_path_question();
    }
}
