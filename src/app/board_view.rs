//! The board on screen: painted to Art. 33 from [`crate::geometry`], clicks turned into commands.

use super::command::Command;
use super::stone_sprite::{StoneBatch, paint_ghost};
use super::theme;
use crate::geometry::{BoardGeometry, column_label, row_label, star_points};
use crate::i18n::{Lang, Msg};
use crate::rules::{Color, Coord};
use eframe::egui::{self, Align2, Color32, FontId, Painter, Pos2, Sense, Stroke, Vec2};

pub use super::theme::{BoardLook, TABLE_MARGIN};

/// What to draw: a position and its decorations, prepared by the shell.
#[derive(Clone, Debug, Default)]
pub struct BoardScene {
    /// Lines of the board (0 draws nothing).
    pub size: u8,
    /// The stones (any list: the painter does not need a legal position).
    pub stones: Vec<(Coord, Color)>,
    /// Mark on the last move.
    pub last_move: Option<Coord>,
    /// Numbers on stones (move numbers).
    pub numbers: Vec<(Coord, usize)>,
    /// Stones marked dead (crossed).
    pub dead: Vec<Coord>,
    /// Counting view: each owned point and its owner.
    pub owned: Vec<(Coord, Color)>,
    /// The colour of the ghost stone under the pointer, `None` for no ghost.
    pub ghost: Option<Color>,
    /// Where the last refused click was.
    pub refused: Option<Coord>,
    /// Labels and scale, from the preferences.
    pub look: BoardLook,
    /// Accessible description of the position (for screen readers and tests).
    pub description: String,
    /// The dead-stone suggestion at counting, shown until accepted or ignored.
    pub suggestion: Option<super::suggestion_marks::SuggestionMarks>,
}

/// Paints the board in all the space left in `ui`; returns a command for a click on a point.
pub fn board_ui(ui: &mut egui::Ui, scene: &BoardScene, lang: Lang) -> Option<Command> {
    let size = scene.size;
    if size == 0 {
        return None;
    }
    let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click());
    let geo = scene.look.geometry(size, response.rect);
    paint_table(&painter, response.rect, &geo);
    let label = format!("{}: {}", lang.tr(Msg::Board), scene.description);
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, &label));

    let at = StoneMap::new(scene);
    paint_board(&painter, &geo, scene, &at);

    let hovered = response.hover_pos().and_then(|p| geo.coord_at(p.x, p.y));
    if let (Some(c), Some(color)) = (hovered, scene.ghost)
        && at.get(c).is_none()
    {
        paint_ghost(&painter, pos(&geo, c), geo.stone_radius(), color);
    }
    if let Some(marks) = &scene.suggestion {
        super::suggestion_marks::paint(&painter, &geo, marks);
        if let Some(why) = hovered.and_then(|c| marks.reason_at(c)) {
            let why = why.to_owned();
            // A tooltip waits for the pointer to rest; with no repaint scheduled it would
            // only appear at the next input event.
            let delay = ui.style().interaction.tooltip_delay;
            ui.ctx()
                .request_repaint_after(std::time::Duration::from_secs_f32(delay + 0.05));
            response.clone().on_hover_text_at_pointer(why);
        }
    }
    if response.clicked() {
        let pos = response.interact_pointer_pos()?;
        return geo.coord_at(pos.x, pos.y).map(Command::ClickPoint);
    }
    None
}

/// The board's size in words for accessible names: "9路" in Chinese, "9×9" in English.
pub fn size_words(lang: Lang, size: u8) -> String {
    lang.pick(
        format!("{size}路"),
        format!("{size}路"),
        format!("{size}×{size}"),
    )
}

/// A font for text on the board, its size rounded to whole points: every distinct size puts
/// new glyphs in egui's font atlas, and a window being resized would otherwise leave a trail
/// of sizes behind (memory that is never given back).
pub fn board_font(size: f32) -> FontId {
    FontId::proportional(size.round().max(1.0))
}

/// Paints the table around the board: the part of `area` the wood does not cover, as up to
/// four strips, so no pixel is filled twice (under software GL fill is most of a frame's cost).
pub fn paint_table(painter: &Painter, area: egui::Rect, geo: &BoardGeometry) {
    let b = geo.board_rect();
    let wood = egui::Rect::from_min_size(Pos2::new(b.x, b.y), Vec2::new(b.w, b.h)).intersect(area);
    let strips = [
        egui::Rect::from_min_max(area.min, Pos2::new(area.max.x, wood.min.y)),
        egui::Rect::from_min_max(Pos2::new(area.min.x, wood.max.y), area.max),
        egui::Rect::from_min_max(
            Pos2::new(area.min.x, wood.min.y),
            Pos2::new(wood.min.x, wood.max.y),
        ),
        egui::Rect::from_min_max(
            Pos2::new(wood.max.x, wood.min.y),
            Pos2::new(area.max.x, wood.max.y),
        ),
    ];
    for strip in strips {
        if strip.is_positive() {
            painter.rect_filled(strip, 0.0, theme::TABLE);
        }
    }
}

fn pos(geo: &BoardGeometry, c: Coord) -> Pos2 {
    let (x, y) = geo.point_of(c);
    Pos2::new(x, y)
}

/// The colour at each point of a scene, for constant-time lookups while painting.
pub struct StoneMap {
    size: u8,
    cells: Vec<Option<Color>>,
}

impl StoneMap {
    /// The map of `scene`'s stones.
    pub fn new(scene: &BoardScene) -> StoneMap {
        let n = usize::from(scene.size);
        let mut cells = vec![None; n * n];
        for &(c, color) in &scene.stones {
            if c.x < scene.size
                && c.y < scene.size
                && let Some(cell) = cells.get_mut(usize::from(c.y) * n + usize::from(c.x))
            {
                *cell = Some(color);
            }
        }
        StoneMap {
            size: scene.size,
            cells,
        }
    }

    /// The stone at `c`.
    pub fn get(&self, c: Coord) -> Option<Color> {
        if c.x >= self.size || c.y >= self.size {
            return None;
        }
        let n = usize::from(self.size);
        self.cells
            .get(usize::from(c.y) * n + usize::from(c.x))
            .copied()
            .flatten()
    }
}

/// Paints wood, lines, stars, labels, stones and marks.
pub fn paint_board(painter: &Painter, geo: &BoardGeometry, scene: &BoardScene, at: &StoneMap) {
    let size = scene.size;
    let b = geo.board_rect();
    let wood = egui::Rect::from_min_size(Pos2::new(b.x, b.y), Vec2::new(b.w, b.h));
    painter.rect_filled(wood, 0.0, theme::WOOD);

    let last = size.saturating_sub(1);
    let line = Stroke::new(geo.line_width().max(1.0), theme::LINE);
    let outer = Stroke::new(geo.outer_line_width().max(1.5), theme::LINE);
    for i in 1..last {
        painter.line_segment(
            [pos(geo, Coord::new(i, 0)), pos(geo, Coord::new(i, last))],
            line,
        );
        painter.line_segment(
            [pos(geo, Coord::new(0, i)), pos(geo, Coord::new(last, i))],
            line,
        );
    }
    // The heavy edge as one closed rectangle, so its corners are mitred, not notched.
    let grid =
        egui::Rect::from_two_pos(pos(geo, Coord::new(0, 0)), pos(geo, Coord::new(last, last)));
    painter.rect_stroke(grid, 0.0, outer, egui::StrokeKind::Middle);
    for s in star_points(size) {
        painter.circle_filled(pos(geo, s), geo.star_radius().max(1.5), theme::LINE);
    }

    if scene.look.show_labels {
        let font = board_font(geo.label_font_size().max(6.0));
        for i in 0..size {
            let col = column_label(i, scene.look.label_style);
            for (x, y) in geo.column_label_positions(i) {
                painter.text(
                    Pos2::new(x, y),
                    Align2::CENTER_CENTER,
                    &col,
                    font.clone(),
                    theme::LABEL,
                );
            }
            let row = row_label(i, size, scene.look.label_style);
            for (x, y) in geo.row_label_positions(i) {
                painter.text(
                    Pos2::new(x, y),
                    Align2::CENTER_CENTER,
                    &row,
                    font.clone(),
                    theme::LABEL,
                );
            }
        }
    }

    let r = geo.stone_radius();
    let mut stones = StoneBatch::new(painter, r);
    for &(c, color) in &scene.stones {
        stones.add(pos(geo, c), color, Color32::WHITE);
    }
    stones.paint(painter);

    let font = board_font(r * 0.9);
    for &(c, n) in &scene.numbers {
        if let Some(color) = at.get(c) {
            let text_colour = if color == Color::Black {
                theme::WHITE_STONE
            } else {
                theme::BLACK_STONE
            };
            painter.text(
                pos(geo, c),
                Align2::CENTER_CENTER,
                n.to_string(),
                font.clone(),
                text_colour,
            );
        }
    }

    if let Some(c) = scene.last_move
        && at.get(c).is_some()
        && !scene.numbers.iter().any(|&(n, _)| n == c)
    {
        painter.circle_stroke(
            pos(geo, c),
            r * 0.45,
            Stroke::new((r * 0.14).max(1.5), theme::LAST_MOVE),
        );
    }

    for &(c, owner) in &scene.owned {
        let half = r * 0.32;
        let fill = match owner {
            Color::Black => theme::AREA_BLACK,
            Color::White => theme::AREA_WHITE,
        };
        painter.rect_filled(
            egui::Rect::from_center_size(pos(geo, c), Vec2::splat(half * 2.0)),
            0.0,
            fill,
        );
    }
    for &c in &scene.dead {
        let p = pos(geo, c);
        let d = r * 0.5;
        let stroke = Stroke::new((r * 0.15).max(1.5), theme::DEAD_MARK);
        painter.line_segment([p + Vec2::new(-d, -d), p + Vec2::new(d, d)], stroke);
        painter.line_segment([p + Vec2::new(-d, d), p + Vec2::new(d, -d)], stroke);
    }

    if let Some(c) = scene.refused {
        let p = pos(geo, c);
        let rect =
            egui::Rect::from_center_size(p, Vec2::new(geo.cell_width(), geo.cell_height()) * 0.9);
        painter.rect_stroke(
            rect,
            2.0,
            Stroke::new(2.0, theme::ILLEGAL),
            egui::StrokeKind::Inside,
        );
    }
}
