//! The comment of the current node: a box of its own height that scrolls inside, so a long
//! comment never pushes the rest of the panel away. The text is written into the record when
//! the box loses the keyboard (one edit for one piece of typing), or before anything else
//! happens to the record.

use eframe::egui;

use super::command::ReviewCommand;
use super::panel::ReviewPanel;
use crate::i18n::Lang;

/// Height of the comment box, in points: about six lines.
pub const COMMENT_HEIGHT: f32 = 110.0;

/// The comment box.
pub fn comment_ui(
    ui: &mut egui::Ui,
    panel: &mut ReviewPanel,
    lang: Lang,
    out: &mut Vec<ReviewCommand>,
) {
    let key = (panel.review().game_index(), panel.review().current());
    // A new node, or the record's comment changed under an untouched box (an undo): show the
    // record's text.
    if panel.comment_node != Some(key) || !panel.comment_edited {
        let text = panel.review().comment();
        if panel.comment_node != Some(key) || panel.comment != text {
            panel.comment = text;
            panel.comment_edited = false;
        }
        panel.comment_node = Some(key);
    }
    ui.label(lang.pick("评论：", "評論：", "Comment:"));
    let mut response = None;
    egui::ScrollArea::vertical()
        .id_salt("review-comment")
        .max_height(COMMENT_HEIGHT)
        .min_scrolled_height(COMMENT_HEIGHT)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            let r = ui.add(
                egui::TextEdit::multiline(&mut panel.comment)
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
                panel.comment_edited = true;
            }
            response = Some(r);
        });
    if let Some(r) = response
        && r.lost_focus()
        && panel.comment_edited
    {
        out.push(ReviewCommand::Comment(key.1, panel.comment.clone()));
        panel.comment_edited = false;
    }
}
