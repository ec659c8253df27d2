//! Nothing a user did is lost: one registry of unsaved work, asked by every way out.
//!
//! [`Host::unsaved_for`] lists what an [`Exit`] would drop: the record under review (a text
//! field being typed included), the problem being written and its collection, the tournament
//! window's edits. The ways out: Ctrl+Q, the menu and the window's close button
//! ([`Exit::Quit`]), New game, leaving teaching mode, the review tab's Open, recent files, new
//! record and files dropped or named on the command line ([`Exit::Review`]), the problems
//! window's "Write a problem", "Edit this problem", switching the set, opening a file and
//! closing it, the tournament window's Open and new event ([`Exit::OpenTournament`]) and
//! closing it. (A language switch rebuilds nothing: every sub-window keeps its state.) [`Host::leave`] asks "Save / Discard / Cancel" when the list is not empty,
//! asks "keep it resumable?" when a live game would be replaced, asks the teacher's PIN on the
//! way out of teaching mode — and only then carries the exit out. "Save" saves each item and
//! goes on when all are on disk; a save that fails or is cancelled stops the exit.

use super::command::{Exit, UnsavedAnswer};
use super::effect::{Effect, FileOwner};
use super::{Host, Question};
use crate::clock::Timestamp;
use crate::i18n::Lang;

/// One piece of unsaved work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnsavedItem {
    /// Whose it is (its save goes there).
    pub owner: FileOwner,
    /// What it is, in words for the question (the record's or the event's name).
    pub name: String,
}

impl UnsavedItem {
    /// The item as the question lists it.
    pub fn text(&self, lang: Lang) -> String {
        let what = match self.owner {
            FileOwner::Review => lang.pick("复盘棋谱", "覆盤棋譜", "The record under review"),
            FileOwner::Problems => lang.pick(
                "正在编写的题目",
                "正在編寫的題目",
                "The problem being written",
            ),
            FileOwner::Tournament => lang.pick("赛事", "賽事", "The tournament"),
            FileOwner::Class => lang.pick("班级", "班級", "The class"),
            FileOwner::Game => lang.pick("对局", "對局", "The game"),
        };
        if self.name.is_empty() {
            what.to_owned()
        } else {
            format!("{what}: {}", self.name)
        }
    }
}

/// The question "save, discard or cancel" for an exit.
#[derive(Clone, Debug, PartialEq)]
pub struct Asking {
    /// The way out that waits.
    pub exit: Exit,
    /// What it would drop.
    pub items: Vec<UnsavedItem>,
}

impl Host {
    /// Every piece of unsaved work in the window.
    pub fn unsaved(&self) -> Vec<UnsavedItem> {
        let mut out = Vec::new();
        if let Some(item) = self.review_unsaved() {
            out.push(item);
        }
        if let Some(item) = self.problems_unsaved() {
            out.push(item);
        }
        if let Some(item) = self.tournament_unsaved() {
            out.push(item);
        }
        if let Some(item) = self.class_unsaved() {
            out.push(item);
        }
        out
    }

    /// What `exit` would drop.
    pub fn unsaved_for(&self, exit: &Exit) -> Vec<UnsavedItem> {
        let all = self.unsaved();
        let keep = |owner: FileOwner| match exit {
            Exit::Quit => true,
            Exit::NewGame(_) | Exit::NewGameDialog | Exit::LeaveTeaching => false,
            Exit::WriteProblem(_)
            | Exit::EditProblem
            | Exit::SwitchProblemSet(_)
            | Exit::OpenProblemFile
            | Exit::EditDraft(_)
            | Exit::CloseProblems => owner == FileOwner::Problems,
            Exit::CloseTournament | Exit::OpenTournament(_) => owner == FileOwner::Tournament,
            Exit::Review(_) => owner == FileOwner::Review,
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
            Exit::NewGameDialog => {
                self.new_game = Some(crate::app::new_game_dialog::NewGameDialog::from_settings(
                    &self.settings,
                ));
            }
            Exit::LeaveTeaching => {
                self.teaching = false;
                self.settings.teaching_on = false;
                self.resume.held = false;
            }
            Exit::CloseProblems => {
                self.discard_problems();
                self.show_problems = false;
                self.classroom.come_back();
            }
            Exit::CloseTournament => {
                self.discard_tournament();
                self.show_tournament = false;
            }
            Exit::WriteProblem(size) => {
                self.discard_problems();
                self.problems_command(crate::app::problems::ProblemCommand::NewProblem(size), fx);
            }
            Exit::EditProblem => {
                self.discard_problems();
                self.problems_command(crate::app::problems::ProblemCommand::EditThis, fx);
            }
            Exit::SwitchProblemSet(i) => {
                self.discard_problems();
                self.problems_command(crate::app::problems::ProblemCommand::OpenShipped(i), fx);
            }
            Exit::OpenProblemFile => {
                self.discard_problems();
                self.problems_command(crate::app::problems::ProblemCommand::OpenFile, fx);
            }
            Exit::EditDraft(draft) => {
                self.discard_problems();
                let draft = *draft;
                self.problems
                    .open_draft(draft.origin, &draft.sgf, self.lang);
                self.show_problems = true;
                // The class window (a modal) stands aside while the draft is mended.
                self.classroom.stand_aside();
            }
            Exit::Review(pending) => self.review_replace(pending, fx),
            Exit::OpenTournament(c) => self.tournament_command(*c, fx),
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
                        if !replaced_on_arrival(&asking.exit, item.owner) {
                            self.discard(item.owner);
                        }
                    }
                    self.after_unsaved(asking.exit, now, fx);
                }
                UnsavedAnswer::Save => {
                    let owners: Vec<FileOwner> = asking.items.iter().map(|i| i.owner).collect();
                    for owner in &owners {
                        self.save_owner(*owner, fx);
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
        let still: Vec<FileOwner> = owners
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
}

/// Whether `exit` drops `owner`'s work only when what replaces it arrives (a file opened).
fn replaced_on_arrival(exit: &Exit, owner: FileOwner) -> bool {
    match exit {
        Exit::Review(
            crate::app::review::Pending::OpenDialog | crate::app::review::Pending::OpenPath(_),
        ) => owner == FileOwner::Review,
        Exit::OpenTournament(_) => owner == FileOwner::Tournament,
        _ => false,
    }
}
