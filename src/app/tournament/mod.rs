//! The tournament window (issue 12, item 6): players, the next round's pairing with swaps
//! before publishing, result entry, standings and the crosstable, over the pure
//! [`crate::tournament`] core. The window is driven through the host: its views return
//! [`TournamentCommand`]s, [`TournamentWindow::apply`] carries them out and returns the file
//! jobs they need (read and written off the UI thread by the effects runner, a path asked where
//! no dialog can be shown), and the answers come back through [`TournamentWindow::on_file`].
//! [`TournamentWindow::post`] is what a finished arbiter session calls.

pub mod state;
pub mod view;
pub mod window;

pub use state::{Action, Slot, TournamentState, View};
pub use view::NewEventForm;
pub use window::{TournamentCommand, TournamentWindow};

use crate::i18n::Lang;
use eframe::egui;
use view::FileRequest;

/// Shows the window over `window` with the shell's new-event `form`; returns what it asked
/// and whether it is still open. Nothing is changed here but the form's inputs: the host
/// applies the commands.
pub fn window_ui(
    ctx: &egui::Context,
    window: &TournamentWindow,
    form: &mut NewEventForm,
    lang: Lang,
) -> (Vec<TournamentCommand>, bool) {
    let mut out = (Vec::new(), Vec::new());
    let placement = crate::app::window_frame::Placement {
        pos: None,
        width: Some(640.0),
    };
    let title = lang.pick("赛事", "賽事", "Tournament");
    let (_, closed) = crate::app::window_frame::window_ui(
        ctx,
        "tournament",
        title,
        lang,
        placement,
        true,
        |ui| {
            // The window keeps to a screen: the event's tables scroll inside it.
            let area = egui::ScrollArea::both().max_height(480.0).show(ui, |ui| {
                out = view::tournament_ui(ui, &window.state, form, lang);
            });
            crate::app::window_frame::name_scroll_bars(ui.ctx(), area.id, title, lang);
        },
    );
    let open = !closed;
    let mut cmds: Vec<TournamentCommand> = out.0.into_iter().map(TournamentCommand::Act).collect();
    cmds.extend(out.1.into_iter().map(|f| match f {
        FileRequest::OpenEvent => TournamentCommand::OpenEvent,
        FileRequest::OpenPlayers => TournamentCommand::NewFromPlayers {
            system: form.system,
            rounds: (form.rounds > 0).then_some(form.rounds),
            seed: form.seed,
        },
        FileRequest::Save => TournamentCommand::Save,
        FileRequest::SaveAs => TournamentCommand::SaveAs,
        FileRequest::ExportHtml => TournamentCommand::ExportHtml,
    }));
    (cmds, open)
}
