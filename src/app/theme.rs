//! Every colour and size of the interface in one place (design tokens, as rerun keeps them).

use crate::geometry::{BoardGeometry, LabelStyle, Rect as GRect};
use eframe::egui::{self, Color32, Stroke};

/// The board's wood: a light kaya-like yellow, as on tournament boards.
pub const WOOD: Color32 = Color32::from_rgb(222, 184, 118);
/// The board's lines and star points.
pub const LINE: Color32 = Color32::from_rgb(40, 28, 16);
/// The margin labels.
pub const LABEL: Color32 = Color32::from_rgb(70, 50, 30);
/// A black stone.
pub const BLACK_STONE: Color32 = Color32::from_rgb(22, 22, 24);
/// The rim of a black stone, to lift it off the lines.
pub const BLACK_RIM: Color32 = Color32::from_rgb(0, 0, 0);
/// A white stone.
pub const WHITE_STONE: Color32 = Color32::from_rgb(244, 242, 236);
/// The rim of a white stone.
pub const WHITE_RIM: Color32 = Color32::from_rgb(120, 115, 105);
/// The highlight on a stone's upper left (the light falls from there).
pub const STONE_SHINE_BLACK: Color32 = Color32::from_rgb(70, 70, 76);
/// The last-move mark.
pub const LAST_MOVE: Color32 = Color32::from_rgb(210, 40, 30);
/// Cross drawn on stones marked dead during counting.
pub const DEAD_MARK: Color32 = Color32::from_rgb(200, 30, 30);
/// The dead-stone suggestion, not yet accepted: a hollow square on a stone suggested dead.
pub const SUGGESTED_DEAD: Color32 = Color32::from_rgb(230, 110, 20);
/// The dead-stone suggestion: the question mark on a chain it cannot settle.
pub const SUGGESTED_UNCERTAIN: Color32 = Color32::from_rgb(40, 110, 230);
/// The dead-stone suggestion: the ring on a stone alive in seki.
pub const SUGGESTED_SEKI: Color32 = Color32::from_rgb(30, 150, 90);
/// The dead-stone suggestion: the diamond on a shared (dame) point.
pub const SUGGESTED_DAME: Color32 = Color32::from_rgb(120, 120, 120);
/// Territory squares in the counting view: Black's.
pub const AREA_BLACK: Color32 = Color32::from_rgba_premultiplied(0, 0, 0, 150);
/// Territory squares in the counting view: White's.
pub const AREA_WHITE: Color32 = Color32::from_rgba_premultiplied(250, 250, 250, 220);
/// The counting lesson's shading of Black's area, cell by cell (issue 20 item 2).
pub const COUNT_AREA_BLACK: Color32 = Color32::from_rgba_premultiplied(0, 0, 0, 90);
/// The counting lesson's shading of White's area.
pub const COUNT_AREA_WHITE: Color32 = Color32::from_rgba_premultiplied(140, 140, 140, 140);
/// Alpha of the ghost stone under the pointer.
pub const GHOST_ALPHA: f32 = 0.45;
/// Frame around the point where an illegal move was tried.
pub const ILLEGAL: Color32 = Color32::from_rgb(220, 30, 30);
/// Background of the window around the board.
pub const TABLE: Color32 = Color32::from_rgb(60, 66, 60);

/// Clock face background.
pub const CLOCK_FACE: Color32 = Color32::from_rgb(20, 20, 20);
/// Clock digits while the clock runs.
pub const CLOCK_RUNNING: Color32 = Color32::from_rgb(120, 255, 140);
/// Clock digits while stopped.
pub const CLOCK_IDLE: Color32 = Color32::from_rgb(190, 190, 190);
/// Clock digits in byo-yomi.
pub const CLOCK_BYOYOMI: Color32 = Color32::from_rgb(255, 200, 60);
/// Clock digits after a time-out.
pub const CLOCK_FLAGGED: Color32 = Color32::from_rgb(255, 70, 60);
/// Main digits of a clock face, in points.
pub const CLOCK_DIGITS: f32 = 38.0;
/// Height of the clock strip, in points.
pub const CLOCK_HEIGHT: f32 = 96.0;
/// Width of the side panel, in points.
pub const SIDE_PANEL_WIDTH: f32 = 320.0;

/// Frame of an error message at the top of the review panel.
pub const NOTICE_ERROR: Color32 = Color32::from_rgb(220, 60, 50);
/// Frame of a "done" message (saved, exported, deleted, undone) in the review panel.
pub const NOTICE_DONE: Color32 = Color32::from_rgb(70, 150, 90);
/// Frame of the repairs note of a file read with repairs.
pub const NOTICE_REPAIRS: Color32 = Color32::from_rgb(210, 160, 40);
/// Background of the variation tree: a mid-tone wood on which both black and white stones
/// show, in the light and the dark theme alike.
pub const TREE_BACKGROUND: Color32 = Color32::from_rgb(196, 160, 100);
/// The lines of the variation tree.
pub const TREE_LINE: Color32 = Color32::from_rgb(95, 70, 40);
/// The main line's connecting line in the variation tree (drawn thicker).
pub const TREE_MAIN_LINE: Color32 = Color32::from_rgb(60, 40, 20);
/// The line through the cursor in the variation tree.
pub const TREE_PATH: Color32 = Color32::from_rgb(30, 90, 200);
/// The ring around the current node in the variation tree.
pub const TREE_CURRENT: Color32 = Color32::from_rgb(215, 30, 30);
/// The dot on a node with a comment in the variation tree.
pub const TREE_COMMENT: Color32 = Color32::from_rgb(40, 110, 230);
/// Side of one cell of the variation tree, in points.
pub const TREE_CELL: f32 = 22.0;

/// The stroke of a mark drawn on a stone of `dark` colour (the mark contrasts with the stone).
pub fn mark_stroke(width: f32, on_black: bool) -> Stroke {
    Stroke::new(width, if on_black { WHITE_STONE } else { BLACK_STONE })
}

/// A desk tile that needs the chief arbiter.
pub const TILE_ATTENTION: Color32 = Color32::from_rgb(120, 30, 30);
/// A desk tile of a finished game.
pub const TILE_FINISHED: Color32 = Color32::from_rgb(45, 55, 70);
/// A desk tile of a game in play.
pub const TILE_PLAYING: Color32 = Color32::from_rgb(40, 62, 44);
/// The width of a desk tile in points.
pub const TILE_WIDTH: f32 = 270.0;
/// Teaching board: the ring around chains in atari.
pub const TEACH_ATARI: Color32 = Color32::from_rgb(235, 60, 40);
/// Teaching board: the stones a hovered move would capture, and the refused move's stones.
pub const TEACH_CAPTURE: Color32 = Color32::from_rgb(255, 140, 0);
/// Teaching board: where the last captured stones stood.
pub const TEACH_LAST_CAPTURE: Color32 = Color32::from_rgb(40, 120, 230);
/// Teaching board: the background of a liberty count on a stone.
pub const TEACH_LIBERTY_BADGE: Color32 = Color32::from_rgb(30, 110, 60);
/// The celebration's confetti colours.
pub const CONFETTI: [Color32; 6] = [
    Color32::from_rgb(230, 60, 60),
    Color32::from_rgb(250, 190, 40),
    Color32::from_rgb(60, 170, 80),
    Color32::from_rgb(50, 120, 230),
    Color32::from_rgb(170, 80, 210),
    Color32::from_rgb(255, 130, 180),
];
/// Teaching mode's text size with large controls, in points.
pub const LARGE_TEXT: f32 = 26.0;
/// Teaching mode's smallest button with large controls, in points.
pub const LARGE_BUTTON: f32 = 64.0;
/// Teaching mode's smallest button otherwise (still finger-sized), in points.
pub const TEACH_BUTTON: f32 = 40.0;
/// The hall's status light: connected, the desk holds everything.
pub const HALL_CONNECTED: Color32 = Color32::from_rgb(60, 170, 80);
/// The hall's status light: entries wait (catching up), or the link is starting.
pub const HALL_WAITING: Color32 = Color32::from_rgb(215, 160, 30);
/// The hall's status light: offline, stopped or refused.
pub const HALL_OFFLINE: Color32 = Color32::from_rgb(220, 60, 50);

/// Space between the wood and the edge of the board's area, in points.
pub const TABLE_MARGIN: f32 = 8.0;

/// How the board is drawn whatever the position: the preferences that shape it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardLook {
    /// Draw the margin labels.
    pub show_labels: bool,
    /// Their style.
    pub label_style: LabelStyle,
    /// `Some(points per cm)`: draw at real size.
    pub real_size: Option<f32>,
}

impl Default for BoardLook {
    fn default() -> Self {
        BoardLook {
            show_labels: true,
            label_style: LabelStyle::default(),
            real_size: None,
        }
    }
}

impl BoardLook {
    /// The geometry of a `size`-line board in a board widget filling `widget` with this look
    /// (the wood keeps [`TABLE_MARGIN`] from the widget's edges).
    pub fn geometry(&self, size: u8, widget: egui::Rect) -> BoardGeometry {
        let area = widget.shrink(TABLE_MARGIN);
        let garea = GRect {
            x: area.min.x,
            y: area.min.y,
            w: area.width(),
            h: area.height(),
        };
        match self.real_size {
            Some(ppcm) => BoardGeometry::real_size_in(size, ppcm, garea),
            None => BoardGeometry::fit_in(size, garea),
        }
    }
}

/// How `settings` draw the board. `screen_points_per_cm` is the density the display server
/// reports (see [`crate::app::screen_size`]); the real-size mode uses it unless the user
/// calibrated by hand or there is none.
pub fn board_look(
    settings: &crate::app::settings::Settings,
    screen_points_per_cm: Option<f32>,
) -> BoardLook {
    let ppcm = match screen_points_per_cm {
        Some(p) if !settings.points_per_cm_manual => p,
        _ => settings.points_per_cm,
    };
    BoardLook {
        show_labels: settings.show_coordinates,
        label_style: settings.label_style,
        real_size: settings.real_size.then_some(ppcm),
    }
}
