//! Diagrams for print: an SVG picture of a position with markup and move numbers, and the printable
//! game record (棋谱) as HTML with one SVG board per hundred moves.
//!
//! Pure: the functions here build strings and never touch the file system, so the CLI and the
//! app decide where the bytes go. The geometry is that of the board on screen (Art. 33), so a
//! diagram printed at 100 % has the cells of a real board.

mod html;
mod kifu;
mod layout;
mod paper;
mod position;
mod record_sheet;
mod scene;
mod svg;
mod xml;

pub use html::{kifu_html, note_text};
pub use kifu::{KifuNote, KifuSheet, kifu_sheets};
pub use layout::Layout;
pub use paper::{PRINT_MARGIN_MM, Paper, RECORD_TEXT_MM};
pub use position::{PositionError, board_size, main_line_node, position_scene};
pub use record_sheet::record_html;
pub use scene::{Marks, PointMark, Scene};
pub use svg::{Background, SvgOptions, svg_body, to_svg};
pub use xml::escape;
