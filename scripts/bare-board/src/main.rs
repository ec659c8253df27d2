//! The memory baseline of issue 17 item 11: a bare eframe window (glow, 1200×900 like the app)
//! drawing an empty 19×19 board once a second — lines, star points and the coordinates on all
//! four sides, as the app's board shows them by default — with egui's default fonts only (no
//! CJK), and eframe built with the app's features (`Cargo.toml`).
//!
//! `scripts/measure-memory.sh` runs it beside the app and compares their resident memory.

use eframe::egui::{self, Align2, Color32, FontId, Pos2, Stroke};

/// The column letters of a 19-line board (no I).
const COLUMNS: &str = "ABCDEFGHJKLMNOPQRST";

/// Draws the board and asks for the next frame in one second, as a running clock does.
struct BareBoard;

impl eframe::App for BareBoard {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        egui::CentralPanel::default().show(ui, |ui| {
            let rect = ui.available_rect_before_wrap();
            let side = rect.width().min(rect.height()) - 20.0;
            let board = egui::Rect::from_center_size(rect.center(), egui::vec2(side, side));
            let painter = ui.painter();
            painter.rect_filled(board, 4.0, Color32::from_rgb(220, 179, 92));
            let step = side / 20.0;
            let line = Stroke::new(1.0, Color32::BLACK);
            let at = |i: usize| step * (i as f32 + 1.0);
            for i in 0..19 {
                let x = board.min.x + at(i);
                let y = board.min.y + at(i);
                painter.line_segment(
                    [
                        Pos2::new(board.min.x + at(0), y),
                        Pos2::new(board.min.x + at(18), y),
                    ],
                    line,
                );
                painter.line_segment(
                    [
                        Pos2::new(x, board.min.y + at(0)),
                        Pos2::new(x, board.min.y + at(18)),
                    ],
                    line,
                );
            }
            let font = FontId::proportional(step * 0.4);
            for (i, letter) in COLUMNS.chars().enumerate() {
                let x = board.min.x + at(i);
                let row = (19 - i).to_string();
                let y = board.min.y + at(i);
                for (pos, text) in [
                    (Pos2::new(x, board.min.y + step * 0.4), letter.to_string()),
                    (Pos2::new(x, board.max.y - step * 0.4), letter.to_string()),
                    (Pos2::new(board.min.x + step * 0.4, y), row.clone()),
                    (Pos2::new(board.max.x - step * 0.4, y), row.clone()),
                ] {
                    painter.text(
                        pos,
                        Align2::CENTER_CENTER,
                        text,
                        font.clone(),
                        Color32::BLACK,
                    );
                }
            }
            for &cx in &[3, 9, 15] {
                for &cy in &[3, 9, 15] {
                    let centre = Pos2::new(board.min.x + at(cx), board.min.y + at(cy));
                    painter.circle_filled(centre, step * 0.12, Color32::BLACK);
                }
            }
        });
        ui.ctx()
            .request_repaint_after(std::time::Duration::from_secs(1));
    }
}

fn main() -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_inner_size([1200.0, 900.0])
            .with_min_inner_size([480.0, 400.0])
            .with_title("bare board"),
        renderer: eframe::Renderer::Glow,
        ..Default::default()
    };
    eframe::run_native(
        "tianyuan-bare-board",
        options,
        Box::new(|_cc| Ok(Box::new(BareBoard))),
    )
}
