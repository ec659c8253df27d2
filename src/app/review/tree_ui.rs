//! The variation tree: a compact grid of small stones, one row per move, the main line on the
//! left; a click jumps to the node.

use eframe::egui::{self, Color32, Pos2, Sense, Stroke, Vec2};

use super::command::{Nav, ReviewCommand};
use crate::i18n::Lang;
use crate::record::NodeId;
use crate::review::TreeCell;
use crate::rules::Color;

/// Side of one cell of the grid, in points.
const CELL: f32 = 16.0;

/// Draws the tree; returns a jump for a click on a node. `scroll` brings the current node into
/// view (after navigation).
pub fn tree_ui(
    ui: &mut egui::Ui,
    cells: &[TreeCell],
    current: NodeId,
    path: &[NodeId],
    scroll: bool,
    lang: Lang,
) -> Option<ReviewCommand> {
    let rows = cells.iter().map(|c| c.row).max().unwrap_or(0) + 1;
    let cols = cells.iter().map(|c| c.column).max().unwrap_or(0) + 1;
    let size = Vec2::new(cols as f32 * CELL + 4.0, rows as f32 * CELL + 4.0);
    let (rect, response) = ui.allocate_exact_size(size, Sense::click());
    response.widget_info(|| {
        egui::WidgetInfo::labeled(
            egui::Role::Tree,
            true,
            lang.pick("变化图", "變化圖", "Variation tree"),
        )
    });
    let origin = rect.min + Vec2::splat(2.0 + CELL / 2.0);
    let at = |row: usize, col: usize| origin + Vec2::new(col as f32 * CELL, row as f32 * CELL);
    let painter = ui.painter_at(rect);
    let clip = ui.clip_rect();
    let line = Stroke::new(1.0, ui.visuals().weak_text_color());
    let mut current_pos: Option<Pos2> = None;
    for cell in cells {
        let p = at(cell.row, cell.column);
        if let Some((r, c)) = cell.parent_at {
            let q = at(r, c);
            if clip.expand(CELL * 4.0).contains(p) || clip.contains(q) {
                painter.line_segment([q, p], line);
            }
        }
        if cell.node == current {
            current_pos = Some(p);
        }
        if !clip.expand(CELL).contains(p) {
            continue;
        }
        let on_path = path.contains(&cell.node);
        let r = CELL * 0.36;
        let (fill, rim) = match cell.color {
            Some(Color::Black) => (Color32::from_gray(20), Color32::BLACK),
            Some(Color::White) => (Color32::from_gray(245), Color32::from_gray(90)),
            None => (Color32::from_rgb(200, 160, 90), Color32::from_gray(90)),
        };
        painter.circle(p, r, fill, Stroke::new(1.0, rim));
        if cell.commented {
            painter.circle_filled(p + Vec2::new(r, -r), 2.5, Color32::from_rgb(60, 120, 220));
        }
        if on_path && cell.node != current {
            painter.circle_stroke(
                p,
                r + 2.0,
                Stroke::new(1.0, Color32::from_rgb(60, 120, 220)),
            );
        }
    }
    if let Some(p) = current_pos {
        painter.circle_stroke(
            p,
            CELL * 0.5,
            Stroke::new(2.0, Color32::from_rgb(220, 50, 40)),
        );
        if scroll {
            ui.scroll_to_rect(
                egui::Rect::from_center_size(p, Vec2::splat(CELL * 3.0)),
                None,
            );
        }
    }
    let click = response
        .interact_pointer_pos()
        .filter(|_| response.clicked())?;
    let col = ((click.x - origin.x) / CELL).round();
    let row = ((click.y - origin.y) / CELL).round();
    if col < 0.0 || row < 0.0 {
        return None;
    }
    let (row, col) = (row as usize, col as usize);
    cells
        .iter()
        .find(|c| c.row == row && c.column == col)
        .map(|c| ReviewCommand::Nav(Nav::Node(c.node)))
}
