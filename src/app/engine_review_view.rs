//! The graph of an engine review (issue 11 item 7): Black's lead after each move, the moves
//! to look at marked, the cursor's move, and the progress while the engine works. A painter
//! given data; the review panel hooks it in and turns a click into "go to move N".

use eframe::egui::{self, Color32, Pos2, Rect, Sense, Stroke, Vec2};

use super::theme;
use crate::engine::{Progress, ReviewResults};
use crate::i18n::Lang;

/// The graph's height in points.
pub const GRAPH_HEIGHT: f32 = 90.0;

/// What the graph shows.
#[derive(Clone, Debug, Default)]
pub struct GraphData {
    /// `(move number, Black's lead)` per estimated position.
    pub series: Vec<(usize, f64)>,
    /// Move numbers of the moves to look at.
    pub swings: Vec<usize>,
    /// Moves on the line (the graph's width).
    pub moves: usize,
    /// The move at the cursor.
    pub cursor: Option<usize>,
    /// Positions estimated so far, while the job runs.
    pub progress: Option<Progress>,
}

impl GraphData {
    /// The graph of a review job's results (`running`: show its progress).
    pub fn from_results(results: &ReviewResults, swings: usize, running: bool) -> GraphData {
        GraphData {
            series: results.graph_series(),
            swings: results
                .swings(swings)
                .iter()
                .map(|s| s.move_number)
                .collect(),
            moves: results
                .points
                .iter()
                .map(|p| p.move_number)
                .max()
                .unwrap_or(0),
            cursor: None,
            progress: running.then_some(Progress {
                done: results.done,
                total: results.points.len(),
            }),
        }
    }
}

/// Where the series' points fall in `rect`: x by move number, y by lead (0 in the middle,
/// the largest lead at the edge); pure, so the mapping is tested without a window.
pub fn plot_points(data: &GraphData, rect: Rect) -> Vec<Pos2> {
    let scale = data
        .series
        .iter()
        .map(|(_, v)| v.abs())
        .fold(1.0_f64, f64::max);
    let width = data.moves.max(1) as f32;
    data.series
        .iter()
        .map(|&(m, v)| {
            let x = rect.left() + rect.width() * m as f32 / width;
            let y = rect.center().y - (v / scale) as f32 * rect.height() / 2.0;
            Pos2::new(x, y)
        })
        .collect()
}

/// The move number under x in `rect`.
pub fn move_at(data: &GraphData, rect: Rect, x: f32) -> usize {
    let t = ((x - rect.left()) / rect.width().max(1.0)).clamp(0.0, 1.0);
    (t * data.moves as f32).round() as usize
}

/// Paints the graph across the width of `ui`; returns the move number clicked, if any.
pub fn graph_ui(ui: &mut egui::Ui, data: &GraphData, lang: Lang) -> Option<usize> {
    let size = Vec2::new(ui.available_width(), GRAPH_HEIGHT);
    let (rect, response) = ui.allocate_exact_size(size, Sense::click());
    let label = lang.pick("引擎形势图", "引擎形勢圖", "Engine estimate graph");
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, label));
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 2.0, theme::WOOD);
    let mid = rect.center().y;
    painter.line_segment(
        [Pos2::new(rect.left(), mid), Pos2::new(rect.right(), mid)],
        Stroke::new(1.0, theme::LABEL),
    );
    let points = plot_points(data, rect);
    // Black's side of the line dark, White's light, so "who leads" reads at a glance.
    for pair in points.windows(2) {
        let fill = if (pair[0].y + pair[1].y) / 2.0 <= mid {
            theme::BLACK_STONE
        } else {
            theme::WHITE_STONE
        };
        for p in pair {
            painter.line_segment([*p, Pos2::new(p.x, mid)], Stroke::new(1.0, fill));
        }
    }
    if points.len() >= 2 {
        painter.add(egui::Shape::line(
            points.clone(),
            Stroke::new(1.5, theme::LINE),
        ));
    }
    for (p, (m, _)) in points.iter().zip(&data.series) {
        if data.swings.contains(m) {
            painter.circle_filled(*p, 3.5, theme::ILLEGAL);
        }
    }
    if let Some(m) = data.cursor {
        let x = rect.left() + rect.width() * m as f32 / data.moves.max(1) as f32;
        painter.line_segment(
            [Pos2::new(x, rect.top()), Pos2::new(x, rect.bottom())],
            Stroke::new(1.5, theme::LAST_MOVE),
        );
    }
    if let Some(p) = data.progress {
        let text = format!("{}/{}", p.done, p.total);
        painter.text(
            rect.right_top() + Vec2::new(-4.0, 2.0),
            egui::Align2::RIGHT_TOP,
            text,
            egui::FontId::proportional(12.0),
            Color32::from_gray(40),
        );
    }
    if response.clicked() {
        let pos = response.interact_pointer_pos()?;
        return Some(move_at(data, rect, pos.x));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leads_map_above_and_below_the_middle_and_clicks_map_back_to_moves() {
        let data = GraphData {
            series: vec![(0, -7.5), (1, 0.0), (2, 15.0)],
            moves: 2,
            ..GraphData::default()
        };
        let rect = Rect::from_min_size(Pos2::new(10.0, 0.0), Vec2::new(200.0, 100.0));
        let p = plot_points(&data, rect);
        assert_eq!(p[0], Pos2::new(10.0, 75.0)); // White leads by half the largest lead: below.
        assert_eq!(p[1], Pos2::new(110.0, 50.0));
        assert_eq!(p[2], Pos2::new(210.0, 0.0));
        assert_eq!(move_at(&data, rect, 112.0), 1);
        assert_eq!(move_at(&data, rect, -50.0), 0);
    }
}
