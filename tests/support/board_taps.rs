//! The board in kittest walks: its accessible name in each language, and a finger's press on
//! one of its intersections (hover, press, release, as egui sees a tap).

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use tianyuan::app::board_view::BoardLook;
use tianyuan::i18n::Lang;
use tianyuan::rules::Coord;

/// The start of every board's accessible name.
#[allow(dead_code)] // not every test file that includes this module reads the name
pub fn board_names(lang: Lang) -> &'static str {
    lang.pick("棋盘:", "棋盤:", "Go board:")
}

/// The accessible name of the board shown.
#[allow(dead_code)] // not every test file that includes this module reads the name
pub fn board_label<S>(h: &Harness<'_, S>, lang: Lang) -> String {
    h.get_by_label_contains(board_names(lang))
        .accesskit_node()
        .label()
        .unwrap_or_default()
}

/// Presses and releases at intersection `c` of the board (`size` lines) whose accessible name
/// contains `board`; the frame of the release is the last frame run.
pub fn press_point<S>(h: &mut Harness<'_, S>, board: &str, size: u8, c: Coord) {
    let rect = h.get_by_label_contains(board).rect();
    let (x, y) = BoardLook::default().geometry(size, rect).point_of(c);
    let p = egui::Pos2::new(x, y);
    h.hover_at(p);
    h.run_steps(1);
    h.drag_at(p);
    h.run_steps(1);
    h.drop_at(p);
    h.run_steps(2);
}
