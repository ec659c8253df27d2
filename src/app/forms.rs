//! The shell's forms (issue 29 item 3): what the views keep between frames — the text being
//! typed, a dialog's fields, a window's drafts — and nothing the host decides. The host holds
//! the egui-free states and knows a form only by the commands it sends; the views get `&mut`
//! only into these forms, never into the host.
//!
//! Text that is unsaved work (the review tab's comment and game information) is sent as a
//! command the moment it changes, and [`typing_first`] puts those commands before any other
//! command of the frame: the host's state — and its one registry of unsaved work — has the
//! text before a save, a way out or any other command is applied.

use crate::app::arbiter_panel::ArbiterInput;
use crate::app::classroom::view::ClassInputs;
use crate::app::host::{Command, Host};
use crate::app::modals::ModalInput;
use crate::app::new_game::NewGameDialog;
use crate::app::protocol::WindowId;
use crate::app::review::ReviewForm;
use crate::app::review_tools_view::EngineForm;
use crate::app::teach::TeachForm;
use crate::app::tournament::NewEventForm;

/// Every form of the window.
#[derive(Default)]
pub struct Forms {
    /// The arbiter tab's fields (a ruling's article and note, the count's result …).
    pub panel: ArbiterInput,
    /// The modal questions' fields (the PIN, the sealed move, a typed path).
    pub modal: ModalInput,
    /// The class screens' fields.
    pub class: ClassInputs,
    /// The review tab's text boxes, "go to move" and cached layouts.
    pub review: ReviewForm,
    /// The review tools' engine window.
    pub engine: EngineForm,
    /// Teaching mode's PIN boxes and options draft.
    pub teach: TeachForm,
    /// The tournament window's new-event choices.
    pub tournament: NewEventForm,
    /// The new-game dialog's fields while it is open, with the opening they belong to.
    new_game: Option<(u64, NewGameDialog)>,
}

impl Forms {
    /// The new-game dialog's fields while the host has the dialog open: filled from the saved
    /// choices when it opens (a clock-only session's with a clock), dropped when it closes.
    pub fn new_game(&mut self, host: &Host) -> Option<&mut NewGameDialog> {
        let Some(ask) = host.new_game else {
            self.new_game = None;
            return None;
        };
        if self
            .new_game
            .as_ref()
            .is_none_or(|(seq, _)| *seq != ask.seq)
        {
            self.new_game = Some((ask.seq, NewGameDialog::asked(&host.settings, ask)));
        }
        if let Some((_, d)) = &mut self.new_game {
            // View → Clock only on an open dialog turns it into a clock-only session's.
            if ask.clock_only && !d.clock_only {
                d.clock_only = true;
                if d.time_spec.trim().is_empty() {
                    d.time_spec = crate::app::new_game::CLOCK_ONLY_SPEC.to_owned();
                }
            }
        }
        self.new_game.as_mut().map(|(_, d)| d)
    }
}

/// Whether a command only carries text being typed.
pub fn is_typing(c: &Command) -> bool {
    match c {
        Command::Window(WindowId::Review, cmd) => cmd
            .peek::<crate::app::review::ReviewCommand>()
            .is_some_and(crate::app::review::is_typing),
        _ => false,
    }
}

/// Puts the commands carrying text being typed before the frame's other commands (each group
/// keeps its order).
pub fn typing_first(cmds: &mut [Command]) {
    cmds.sort_by_key(|c| !is_typing(c));
}
