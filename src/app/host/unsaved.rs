//! Nothing a user did is lost: one registry of unsaved work, asked by every way out.
//!
//! [`Host::unsaved_for`] lists what an [`Exit`] would drop: each sub-window names its own
//! unsaved work (`SubWindow::unsaved`: the record under review with the text being typed, the
//! problem being written and its collection, the tournament window's edits, the class's
//! changes not yet on disk). The ways out: Ctrl+Q, the menu and the window's close button
//! ([`Exit::Quit`]), New game, leaving teaching mode, and every sub-window's own
//! ([`Exit::Window`]: the commands its `SubWindow::exit` names — the review tab's Open,
//! recent files, new record and files dropped or named on the command line, the problems
//! window's "Write a problem", "Edit this problem", switching the set, opening a file, a
//! class's draft and closing it, the tournament window's Open and new event and closing it).
//! (A language switch rebuilds nothing: every sub-window keeps its state.) [`Host::leave`]
//! asks "Save / Discard / Cancel" when the list is not empty, asks "keep it resumable?" when
//! a live game would be replaced, asks the teacher's PIN on the way out of teaching mode —
//! and only then carries the exit out. "Save" saves each item and goes on when all are on
//! disk; a save that fails or is cancelled stops the exit.

use super::command::{Exit, UnsavedAnswer};
use super::effect::Effect;
use super::{Host, Question};
use crate::app::protocol::WindowId;
use crate::app::subwindow::Leaving;
use crate::clock::Timestamp;
use crate::i18n::Lang;

/// One piece of unsaved work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnsavedItem {
    /// Whose it is (its save goes there).
    pub owner: WindowId,
    /// What it is, in words for the question (the record's or the event's name).
    pub name: String,
    /// What kind of work it is, in the interface language ("The record under review").
    pub what: String,
}

impl UnsavedItem {
    /// The item as the question lists it.
    pub fn text(&self, _lang: Lang) -> String {
        if self.name.is_empty() {
            self.what.clone()
        } else {
            format!("{}: {}", self.what, self.name)
        }
    }
}

/// The question "save, discard or cancel" for an exit.
#[derive(Debug)]
pub struct Asking {
    /// The way out that waits.
    pub exit: Exit,
    /// What it would drop.
    pub items: Vec<UnsavedItem>,
}

impl Host {
    /// Every piece of unsaved work in the window: each sub-window's, in the registry's order.
    pub fn unsaved(&self) -> Vec<UnsavedItem> {
        self.windows_unsaved()
    }

    /// What `exit` would drop.
    pub fn unsaved_for(&self, exit: &Exit) -> Vec<UnsavedItem> {
        let all = self.unsaved();
        let keep = |owner: WindowId| match exit {
            Exit::Quit => true,
            Exit::NewGame(_) | Exit::NewGameDialog | Exit::LeaveTeaching => false,
            Exit::Window(id, _) => owner == *id,
        };
        all.into_iter().filter(|i| keep(i.owner)).collect()
    }

    /// A way out: asked about first when it would drop unsaved work or a live game.
    pub(super) fn leave(&mut self, exit: Exit, now: Timestamp, fx: &mut Vec<Effect>) {
        if self.question.is_some() {
            // One question at a time: the one open is answered first.
            return;
        }
        if self.teaching && matches!(exit, Exit::LeaveTeaching | Exit::Quit) {
            // Every way out of teaching mode — the menu, Ctrl+Q, the window's close button —
            // goes through the teacher's PIN first.
            self.teach_exit = Some(exit);
            self.leave_teaching(now, fx);
            return;
        }
        self.leave_checked(exit, now, fx);
    }

    /// A way out, past the teacher's PIN: the unsaved work is asked about.
    pub(super) fn leave_checked(&mut self, exit: Exit, now: Timestamp, fx: &mut Vec<Effect>) {
        let items = self.unsaved_for(&exit);
        if !items.is_empty() {
            self.question = Some(Question::Unsaved(Asking { exit, items }));
            return;
        }
        self.after_unsaved(exit, now, fx);
    }

    /// The unsaved work is saved or dropped: the live game is asked about, then the exit done.
    fn after_unsaved(&mut self, exit: Exit, now: Timestamp, fx: &mut Vec<Effect>) {
        match &exit {
            Exit::Quit if self.game_on() => {
                self.question = Some(Question::Quit);
                return;
            }
            Exit::NewGame(_) if self.game_on() => {
                self.question = Some(Question::ReplaceGame(exit));
                return;
            }
            _ => {}
        }
        self.carry_out(exit, now, fx);
    }

    /// Does the exit, everything asked.
    pub(super) fn carry_out(&mut self, exit: Exit, now: Timestamp, fx: &mut Vec<Effect>) {
        match exit {
            Exit::Quit => self.close(fx),
            Exit::NewGame(request) => self.start_new_game(*request, now, fx),
            Exit::NewGameDialog => self.open_new_game(false),
            Exit::LeaveTeaching => {
                self.teaching = false;
                self.settings.teaching_on = false;
                self.resume.held = false;
            }
            Exit::Window(id, cmd) => {
                // A way out that replaces the work at once drops it now (nothing is left to
                // ask: it was saved or discarded); one that replaces it when a file arrives
                // leaves it until then.
                if self.leaving(id, &cmd) == Some(Leaving::Now) {
                    self.discard(id, now);
                }
                self.window_apply(id, cmd, now, fx);
            }
        }
    }

    /// The answer to "save, discard or cancel"; also "keep it resumable" for a live game.
    pub(super) fn answer_unsaved(
        &mut self,
        answer: UnsavedAnswer,
        now: Timestamp,
        fx: &mut Vec<Effect>,
    ) {
        match self.question.take() {
            Some(Question::Unsaved(asking)) => match answer {
                UnsavedAnswer::Cancel => {}
                UnsavedAnswer::Discard => {
                    for item in &asking.items {
                        // A record or an event replaced by a file opened is dropped when the
                        // file arrives: a dialog cancelled meanwhile leaves the work unsaved,
                        // never marked saved.
                        if !self.replaced_on_arrival(&asking.exit, item.owner) {
                            self.discard(item.owner, now);
                        }
                    }
                    self.after_unsaved(asking.exit, now, fx);
                }
                UnsavedAnswer::Save => {
                    let owners: Vec<WindowId> = asking.items.iter().map(|i| i.owner).collect();
                    for owner in &owners {
                        self.save_owner(*owner, now, fx);
                    }
                    self.after_save = Some((asking.exit, owners));
                    self.check_after_save(now, fx);
                }
            },
            Some(Question::ReplaceGame(exit)) => match answer {
                // The live game is all on disk: it is offered again at the next start.
                UnsavedAnswer::Save | UnsavedAnswer::Discard => self.carry_out(exit, now, fx),
                UnsavedAnswer::Cancel => {}
            },
            other => self.question = other,
        }
    }

    /// After "Save": goes on with the exit once every item is saved; stops it when a save
    /// failed or was cancelled (the item is still unsaved and no save is running).
    pub(super) fn check_after_save(&mut self, now: Timestamp, fx: &mut Vec<Effect>) {
        let Some((exit, owners)) = self.after_save.take() else {
            return;
        };
        let unsaved = self.unsaved();
        let still: Vec<WindowId> = owners
            .iter()
            .copied()
            .filter(|o| unsaved.iter().any(|i| i.owner == *o))
            .collect();
        if still.is_empty() {
            self.after_unsaved(exit, now, fx);
        } else if still.iter().any(|o| self.saving(*o)) {
            self.after_save = Some((exit, still));
        }
        // Otherwise a save failed or was cancelled: the exit is dropped, the work kept.
    }

    /// Whether `exit` drops `owner`'s work only when what replaces it arrives (a file opened).
    fn replaced_on_arrival(&self, exit: &Exit, owner: WindowId) -> bool {
        match exit {
            Exit::Window(id, cmd) if *id == owner => {
                self.leaving(*id, cmd) == Some(Leaving::OnArrival)
            }
            _ => false,
        }
    }
}
