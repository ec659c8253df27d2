//! The frame of every floating window of the app (issue 29 item 5): a heading and a close
//! button named in the reader's language, in place of egui's title bar — whose drag bar has
//! no name, and whose "Hide", "Close window" and "Resize window … edge" are English whatever
//! the language. The window is moved by dragging its background, and sized by its content.

use crate::i18n::Lang;
use eframe::egui;

/// How a floating window is placed.
#[derive(Clone, Copy, Debug, Default)]
pub struct Placement {
    /// Where it first appears (`None`: egui's choice).
    pub pos: Option<egui::Pos2>,
    /// Its width (`None`: its content's).
    pub width: Option<f32>,
}

/// Shows window `id` (the same in every language: it keeps its place across a language
/// switch) titled `title` with its content; returns the content's value and whether its close
/// button was pressed. `closable`: whether it has a close button.
pub fn window_ui<R>(
    ctx: &egui::Context,
    id: &str,
    title: &str,
    lang: Lang,
    placement: Placement,
    closable: bool,
    add_contents: impl FnOnce(&mut egui::Ui) -> R,
) -> (Option<R>, bool) {
    let mut closed = false;
    let mut window = egui::Window::new(title)
        .id(egui::Id::unique(("tianyuan-window", id)))
        .title_bar(false)
        .collapsible(false)
        .resizable(false);
    if let Some(pos) = placement.pos {
        window = window.default_pos(pos);
    }
    if let Some(width) = placement.width {
        window = window.default_width(width);
    }
    let shown = window.show(ctx, |ui| {
        ui.horizontal(|ui| {
            // The heading is painted, not a label: the window's own node already carries the
            // title as its name, and a second node of the same name would make "the window
            // named X" ambiguous to a screen reader and to tests.
            let font = egui::TextStyle::Heading.resolve(ui.style());
            let colour = ui.visuals().strong_text_color();
            let galley = ui.painter().layout_no_wrap(title.to_owned(), font, colour);
            let (rect, _) = ui.allocate_exact_size(galley.size(), egui::Sense::hover());
            ui.painter().galley(rect.min, galley, colour);
            if closable {
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    let name = close_name(lang);
                    let r = ui.button("×").on_hover_text(name);
                    r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Button, true, name));
                    closed = r.clicked();
                });
            }
        });
        ui.separator();
        add_contents(ui)
    });
    (shown.and_then(|r| r.inner), closed)
}

/// The close button's name: what egui's own title bar says in English, in every language.
pub fn close_name(lang: Lang) -> &'static str {
    lang.pick("关闭窗口", "關閉視窗", "Close window")
}

/// Names a scroll area's bars (egui leaves them nameless): `name` for what scrolls, with
/// "scroll bar" in the reader's language. Call it with the area's output id after `show`.
pub fn name_scroll_bars(ctx: &egui::Context, area: egui::Id, name: &str, lang: Lang) {
    let bar = lang.pick("滚动条", "捲軸", "scroll bar");
    let label = match lang {
        Lang::En => format!("{name} {bar}"),
        _ => format!("{name}{bar}"),
    };
    // egui's bars are `area.with(0)` (horizontal) and `area.with(1)` (vertical).
    for d in 0..2usize {
        ctx.accesskit_node_builder(area.with(d), |node| node.set_label(label.clone()));
    }
}
