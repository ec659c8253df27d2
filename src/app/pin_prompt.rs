//! The one PIN prompt (issue 29 item 4): the modal the arbiter's lock, the teacher's PIN and
//! the class's PIN all ask through. What it says (its heading, what the PIN unlocks, the
//! buttons' words) is the caller's; how it behaves is here once: the field has focus and is
//! named by its label, Enter submits, a wrong PIN is said, the check's moment is shown and
//! the OK button waits for it, Escape or Cancel closes it.

use eframe::egui;

use crate::app::theme;

/// The words and size of one prompt.
pub struct PinPromptText<'a> {
    /// The modal's id (one per gate: two prompts never share their state).
    pub id: &'static str,
    /// The heading.
    pub heading: &'a str,
    /// What the PIN unlocks (`None`: the heading says it).
    pub why: Option<&'a str>,
    /// The field's label (its accessible name).
    pub field: &'a str,
    /// The words of a wrong PIN.
    pub wrong: &'a str,
    /// The words shown while the PIN is checked.
    pub checking: &'a str,
    /// The button that submits.
    pub ok: &'a str,
    /// The button that closes.
    pub cancel: &'a str,
    /// Teaching mode's sizes (`Some(large)`: its large controls or not), `None` for the
    /// arbiter's prompt in the usual sizes.
    pub teaching: Option<bool>,
}

/// What the user did in the prompt this frame.
#[derive(Debug, PartialEq, Eq)]
pub enum PinPromptAnswer {
    /// The PIN typed (taken out of the field).
    Submit(String),
    /// Closed without a PIN.
    Cancel,
}

/// Draws the prompt; `input` keeps what is typed between frames, `wrong` and `checking` come
/// from the gate.
pub fn pin_prompt_ui(
    ctx: &egui::Context,
    text: &PinPromptText<'_>,
    wrong: bool,
    checking: bool,
    input: &mut String,
) -> Option<PinPromptAnswer> {
    let r = egui::Modal::new(egui::Id::unique(text.id)).show(ctx, |ui| {
        if let Some(large) = text.teaching {
            crate::app::teach::panel::apply_size(ui.style_mut(), large);
        }
        ui.heading(text.heading);
        if let Some(why) = text.why {
            ui.label(why);
        }
        if wrong {
            ui.colored_label(theme::ILLEGAL, text.wrong);
        }
        let label = ui.label(text.field);
        let edit = ui
            .add(egui::TextEdit::singleline(input).password(true))
            .labelled_by(label.id);
        edit.request_focus();
        let entered = ui.input(|i| i.key_pressed(egui::Key::Enter));
        let mut ok = false;
        let mut cancel = false;
        ui.horizontal(|ui| {
            let min = ui.spacing().interact_size;
            ok = ui
                .add_enabled(!checking, egui::Button::new(text.ok).min_size(min))
                .clicked();
            cancel = ui
                .add(egui::Button::new(text.cancel).min_size(min))
                .clicked();
            if checking {
                ui.spinner();
                ui.label(text.checking);
            }
        });
        (ok || (entered && !checking), cancel)
    });
    let (ok, cancel) = r.inner;
    if ok {
        Some(PinPromptAnswer::Submit(std::mem::take(input)))
    } else if cancel || r.should_close() {
        input.clear();
        Some(PinPromptAnswer::Cancel)
    } else {
        None
    }
}
