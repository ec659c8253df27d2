//! The variation tree as a graph: one row per move, the main line down the left, each
//! variation in its own lane. Drawn on a mid-tone wood so black and white stones both show
//! in either theme; the main line is a thick line, the line through the cursor is blue, the
//! current node has a red ring, nodes with a comment a blue dot, and every stone carries its
//! move number. A click jumps to the node; hovering says which move it is.

use eframe::egui::{self, Align2, Color32, FontId, Pos2, Sense, Stroke, Vec2};

use super::command::{Nav, ReviewCommand};
use crate::app::theme;
use crate::i18n::Lang;
use crate::record::NodeId;
use crate::review::{Review, TreeCell};
use crate::rules::{Color, Move};

/// What the tree view draws: the laid-out cells, the cursor, and which nodes are on the
/// cursor's path (by depth and node, so the test is O(1)).
pub struct TreeView<'a> {
    /// The cells of [`crate::review::tree_cells`].
    pub cells: &'a [TreeCell],
    /// The node at the cursor.
    pub current: NodeId,
    /// Whether `(depth, node)` is on the path from the root to the cursor.
    pub on_path: &'a dyn Fn(usize, NodeId) -> bool,
    /// Bring the current node into view (after the cursor moved).
    pub scroll: bool,
}

const MARGIN: f32 = 6.0;

/// Draws the tree; returns a jump for a click on a node.
pub fn tree_ui(
    ui: &mut egui::Ui,
    view: &TreeView<'_>,
    review: &Review,
    lang: Lang,
) -> Option<ReviewCommand> {
    let cell = theme::TREE_CELL;
    let rows = view.cells.iter().map(|c| c.row).max().unwrap_or(0) + 1;
    let cols = view.cells.iter().map(|c| c.column).max().unwrap_or(0) + 1;
    let content = Vec2::new(
        cols as f32 * cell + 2.0 * MARGIN,
        rows as f32 * cell + 2.0 * MARGIN,
    );
    // At least the visible area, so the wood fills it and the accessible rectangle is the view.
    let size = content.max(ui.available_size());
    let (rect, response) = ui.allocate_exact_size(size, Sense::click());
    response.widget_info(|| {
        egui::WidgetInfo::labeled(
            egui::Role::Tree,
            true,
            lang.pick("变化图", "變化圖", "Variation tree"),
        )
    });
    let painter = ui.painter_at(rect);
    let clip = ui.clip_rect().intersect(rect);
    painter.rect_filled(clip, 4.0, theme::TREE_BACKGROUND);
    let origin = rect.min + Vec2::splat(MARGIN + cell / 2.0);
    let at = |row: usize, col: usize| origin + Vec2::new(col as f32 * cell, row as f32 * cell);
    let r = cell * 0.38;
    let visible = clip.expand(cell);
    // Lines first, stones over them.
    for c in view.cells {
        let Some((pr, pc)) = c.parent_at else {
            continue;
        };
        let (p, q) = (at(c.row, c.column), at(pr, pc));
        if !visible.contains(p) && !visible.contains(q) {
            continue;
        }
        let stroke = if (view.on_path)(c.row, c.node) {
            Stroke::new(3.0, theme::TREE_PATH)
        } else if c.column == 0 && pc == 0 {
            Stroke::new(3.0, theme::TREE_MAIN_LINE)
        } else {
            Stroke::new(1.5, theme::TREE_LINE)
        };
        if pc == c.column {
            painter.line_segment([q, p], stroke);
        } else {
            // A variation leaves its parent sideways, then runs down its own lane.
            let elbow = Pos2::new(p.x, q.y + cell * 0.5);
            painter.line_segment([q, elbow], stroke);
            painter.line_segment([elbow, p], stroke);
        }
    }
    let mut current_pos = None;
    for c in view.cells {
        let p = at(c.row, c.column);
        if c.node == view.current {
            current_pos = Some(p);
        }
        if !visible.contains(p) {
            continue;
        }
        node_ui(&painter, p, r, c);
        if c.node != view.current && (view.on_path)(c.row, c.node) {
            painter.circle_stroke(p, r + 2.0, Stroke::new(1.5, theme::TREE_PATH));
        }
    }
    if let Some(p) = current_pos {
        painter.circle_stroke(p, r + 3.0, Stroke::new(2.5, theme::TREE_CURRENT));
        if view.scroll {
            ui.scroll_to_rect(
                egui::Rect::from_center_size(p, Vec2::splat(cell * 4.0)),
                Some(egui::Align::Center),
            );
        }
    }
    let hit = |pos: Pos2| {
        let col = ((pos.x - origin.x) / cell).round();
        let row = ((pos.y - origin.y) / cell).round();
        if col < 0.0 || row < 0.0 {
            return None;
        }
        let (row, col) = (row as usize, col as usize);
        view.cells.iter().find(|c| c.row == row && c.column == col)
    };
    if let Some(c) = response.hover_pos().and_then(hit) {
        response
            .clone()
            .on_hover_cursor(egui::CursorIcon::PointingHand)
            .on_hover_text_at_pointer(describe(c, review, lang));
    }
    let click = response
        .interact_pointer_pos()
        .filter(|_| response.clicked())?;
    hit(click).map(|c| ReviewCommand::Nav(Nav::Node(c.node)))
}

/// One node: a stone with its move number, or a small square for the root and setup nodes.
fn node_ui(painter: &egui::Painter, p: Pos2, r: f32, c: &TreeCell) {
    let (fill, rim, ink) = match c.color {
        Some(Color::Black) => (theme::BLACK_STONE, Color32::BLACK, theme::WHITE_STONE),
        Some(Color::White) => (theme::WHITE_STONE, theme::WHITE_RIM, theme::BLACK_STONE),
        None => {
            let side = r * 1.4;
            painter.rect(
                egui::Rect::from_center_size(p, Vec2::splat(side)),
                2.0,
                theme::WOOD,
                Stroke::new(1.2, theme::TREE_MAIN_LINE),
                egui::StrokeKind::Middle,
            );
            if c.commented {
                painter.circle_filled(p + Vec2::new(r, -r), 3.0, theme::TREE_COMMENT);
            }
            return;
        }
    };
    painter.circle(p, r, fill, Stroke::new(1.0, rim));
    let digits = c.move_number.to_string();
    let size = match digits.len() {
        1 | 2 => r * 1.1,
        3 => r * 0.9,
        _ => r * 0.7,
    };
    painter.text(
        p,
        Align2::CENTER_CENTER,
        digits,
        FontId::proportional(size),
        ink,
    );
    if c.commented {
        painter.circle_filled(p + Vec2::new(r * 0.8, -r * 0.8), 3.0, theme::TREE_COMMENT);
    }
}

/// "Move 52: White Q16" (and the comment's first line), for the hover text.
fn describe(c: &TreeCell, review: &Review, lang: Lang) -> String {
    let size = review.size();
    let what = match review.move_of(c.node) {
        Some((color, mv)) => {
            let side = match (color, lang) {
                (Color::Black, Lang::En) => "Black",
                (Color::White, Lang::En) => "White",
                (Color::Black, _) => "黑",
                (Color::White, _) => "白",
            };
            let point = match mv {
                Move::Play(p) => p.to_gtp(size),
                Move::Pass => lang.pick("停一手", "停一手", "pass").to_string(),
            };
            lang.pick(
                format!("第 {} 手：{side} {point}", c.move_number),
                format!("第 {} 手：{side} {point}", c.move_number),
                format!("Move {}: {side} {point}", c.move_number),
            )
        }
        None if c.row == 0 => lang
            .pick(
                "开始（对局信息）",
                "開始（對局資訊）",
                "Start (game information)",
            )
            .to_string(),
        None => lang
            .pick("摆子或注释节点", "擺子或註釋節點", "Setup or comment node")
            .to_string(),
    };
    let comment = review
        .tree()
        .node(c.node)
        .and_then(|n| n.value("C"))
        .map(crate::record::properties::decode_text)
        .and_then(|t| t.lines().next().map(str::to_string))
        .filter(|l| !l.trim().is_empty());
    match comment {
        Some(line) => {
            let line: String = line.chars().take(80).collect();
            format!("{what}\n{line}")
        }
        None => what,
    }
}
