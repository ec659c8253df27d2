//! The comment of the current node: a box of its own height that scrolls inside, so a long
//! comment never pushes the rest of the panel away. The text is written into the record when
//! the box loses the keyboard (one edit for one piece of typing), or before anything else
//! happens to the record.

use eframe::egui;

use super::command::ReviewCommand;
use super::panel::ReviewForm;
use super::state::ReviewState;
use crate::i18n::Lang;

/// Height of the comment box, in points: about six lines.
pub const COMMENT_HEIGHT: f32 = 110.0;

/// The comment box.
pub fn comment_ui(
    ui: &mut egui::Ui,
    state: &ReviewState,
    form: &mut ReviewForm,
    lang: Lang,
    out: &mut Vec<ReviewCommand>,
) {
    let review = state.review();
    let key = (state.generation(), review.game_index(), review.current());
    // A new node, or the record's comment changed under an untouched box (an undo): show the
    // record's text — or the text typed on this node and not yet written into it.
    if form.comment_key != Some(key) || !form.comment_edited {
        let typed = state.typed_comment(key.2);
        let text = typed.map(str::to_owned).unwrap_or_else(|| review.comment());
        if form.comment_key != Some(key) || form.comment != text {
            form.comment = text;
            form.comment_edited = typed.is_some();
        }
        form.comment_key = Some(key);
    }
    ui.label(lang.pick("评论：", "評論：", "Comment:"));
    let mut response = None;
    let area = egui::ScrollArea::vertical()
        .id_salt("review-comment")
        .max_height(COMMENT_HEIGHT)
        .min_scrolled_height(COMMENT_HEIGHT)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            let r = ui.add(
                egui::TextEdit::multiline(&mut form.comment)
                    .desired_rows(5)
                    .desired_width(f32::INFINITY)
                    .hint_text(lang.pick("这一手的评论", "這一手的評論", "Comment on this move")),
            );
            r.widget_info(|| {
                egui::WidgetInfo::labeled(
                    egui::Role::MultilineTextInput,
                    true,
                    lang.pick("评论", "評論", "Comment"),
                )
            });
            if r.changed() {
                form.comment_edited = true;
                out.push(ReviewCommand::TypeComment(key.2, form.comment.clone()));
            }
            response = Some(r);
        });
    crate::app::window_frame::name_scroll_bars(
        ui.ctx(),
        area.id,
        lang.pick("评论", "評論", "Comment"),
        lang,
    );
    if let Some(r) = response
        && r.lost_focus()
        && form.comment_edited
    {
        out.push(ReviewCommand::Comment(key.2, form.comment.clone()));
        form.comment_edited = false;
    }
}
