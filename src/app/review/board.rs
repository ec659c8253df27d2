//! The review tab's board: the position at the cursor painted like the game board, its markup
//! on top, clicks routed through the panel's tool.

use eframe::egui::{self, Pos2, Sense, Stroke};

use super::command::{ReviewCommand, Tool};
use super::marks_painter::paint_marks;
use super::panel::{ReviewForm, ReviewPanel};
use super::state::ReviewState;
use crate::app::board_view::{BoardLook, BoardScene, StoneMap, paint_board, paint_table};
use crate::app::stone_sprite::paint_ghost;
use crate::app::theme;
use crate::i18n::Lang;
use crate::rules::Coord;

/// Paints the review position in the space left in `ui`; a click becomes the tool's command.
pub fn review_board_ui(
    ui: &mut egui::Ui,
    panel: &mut ReviewPanel,
    lang: Lang,
    look: BoardLook,
) -> Vec<ReviewCommand> {
    let (state, form) = panel.parts();
    review_board_with_ui(ui, state, form, lang, look, None)
}

/// [`review_board_ui`] with the dead-stone suggestion's marks on top (issue 11 item 5).
pub fn review_board_with_ui(
    ui: &mut egui::Ui,
    state: &ReviewState,
    form: &mut ReviewForm,
    lang: Lang,
    look: BoardLook,
    overlay: Option<&crate::app::suggestion_marks::SuggestionMarks>,
) -> Vec<ReviewCommand> {
    let scene = form.scene(state);
    let size = scene.size();
    let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click());
    let geo = look.geometry(size, response.rect);
    paint_table(&painter, response.rect, &geo);
    // The same wood, lines, labels and stones as the game board; the marks come on top.
    let base = BoardScene {
        size,
        stones: scene.stones(),
        look,
        ..BoardScene::default()
    };
    paint_board(&painter, &geo, &base, &StoneMap::new(&base));
    let r = geo.stone_radius();
    let pos = |c: Coord| {
        let (x, y) = geo.point_of(c);
        Pos2::new(x, y)
    };
    paint_marks(&painter, &geo, &scene, theme::WOOD);
    // The dead-stone suggestion for this position, when asked for, with reasons on hover.
    if let Some(marks) = overlay {
        crate::app::suggestion_marks::paint(&painter, &geo, marks);
        if let Some(why) = response
            .hover_pos()
            .and_then(|p| geo.coord_at(p.x, p.y))
            .and_then(|c| marks.reason_at(c))
        {
            // A tooltip waits for the pointer to rest; with no repaint scheduled it would
            // only appear at the next input event.
            let delay = ui.style().interaction.tooltip_delay;
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f32(delay + 0.05));
            response.clone().on_hover_text_at_pointer(why.to_owned());
        }
    }
    if let Some(p) = state.pending_point() {
        painter.circle_stroke(pos(p), r * 0.6, Stroke::new(2.0, theme::ILLEGAL));
    }
    // A ghost of the stone a click would put: the side to move, or the setup colour.
    let ghost = match state.tool() {
        Tool::Play => Some(state.review().game().to_move()),
        Tool::Setup(color) => Some(color),
        _ => None,
    };
    if let Some(color) = ghost
        && let Some(c) = response.hover_pos().and_then(|p| geo.coord_at(p.x, p.y))
        && scene.stone(c).is_none()
    {
        paint_ghost(&painter, pos(c), r, color);
    }
    let n = state.review().move_number();
    let description = lang.pick(
        format!("复盘棋盘，第 {n} 手"),
        format!("覆盤棋盤，第 {n} 手"),
        format!("Review board, move {n}"),
    );
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &description));
    let mut out = Vec::new();
    if response.hovered() {
        out.extend(wheel_steps(ui, form));
    }
    if response.clicked()
        && let Some(p) = response.interact_pointer_pos()
        && let Some(c) = geo.coord_at(p.x, p.y)
    {
        let shift = ui.input(|i| i.modifiers.shift);
        out.push(ReviewCommand::BoardClick(c, shift));
    }
    out
}

/// The mouse wheel over the board steps through the moves: one move a frame in which the wheel
/// turned (wheel down goes forward), or one move per [`super::panel::WHEEL_STEP`] points of
/// smooth scrolling (touchpads).
///
/// Why a frame and not a notch: X11 reports a synthetic wheel click (xdotool, remote desktops)
/// as a press and a release, which winit turns into two wheel events, so counting events would
/// step two moves for one click; a real wheel sends one event a notch, well under one a frame.
fn wheel_steps(ui: &egui::Ui, form: &mut ReviewForm) -> Vec<ReviewCommand> {
    let (lines, points) = ui.input(|i| {
        let mut lines = 0.0;
        let mut points = 0.0;
        for event in &i.raw.events {
            if let egui::Event::MouseWheel {
                unit,
                delta,
                modifiers,
                ..
            } = event
            {
                if modifiers.command {
                    continue;
                }
                // The larger of the two axes: some mice and touchpads report sideways wheels.
                let d = if delta.y.abs() >= delta.x.abs() {
                    delta.y
                } else {
                    delta.x
                };
                match unit {
                    egui::MouseWheelUnit::Point => points += d,
                    egui::MouseWheelUnit::Line | egui::MouseWheelUnit::Page => lines += d,
                }
            }
        }
        (lines, points)
    });
    if lines == 0.0 && points == 0.0 {
        return Vec::new();
    }
    let notches = if lines == 0.0 { 0.0 } else { lines.signum() };
    form.wheel(notches, points)
}
