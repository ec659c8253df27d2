//! CPU time of one frame: layout, painting and tessellation, with no GPU (issue 5, item 6).
//!
//! - `board_361_stones`: the board view alone, every point covered (361 stones), every stone
//!   numbered, last-move mark, dead-stone crosses and territory squares, coordinates on;
//!   `board_361_stones_unnumbered`: the same without the move numbers.
//! - `window_200_moves`: the whole window (menus, clock faces, side panel, board) on a game of
//!   200 moves with move numbers and a running clock.

use criterion::{Criterion, criterion_group, criterion_main};
use eframe::egui;
use std::hint::black_box;
use tianyuan::app::board_view::{BoardScene, board_ui};
use tianyuan::app::{Command, TianyuanApp};
use tianyuan::audio::NullAnnouncer;
use tianyuan::clock::{Millis, TimeControl, Timestamp};
use tianyuan::i18n::Lang;
use tianyuan::rules::{Color, Coord};
use tianyuan::session::GameSetup;
use tianyuan::time::ManualTimeSource;

fn input(t: f64) -> egui::RawInput {
    egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1200.0, 900.0),
        )),
        time: Some(t),
        ..Default::default()
    }
}

fn full_scene() -> BoardScene {
    let mut stones = Vec::new();
    let mut numbers = Vec::new();
    for y in 0..19u8 {
        for x in 0..19u8 {
            let c = Coord::new(x, y);
            let color = if (x + y) % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            stones.push((c, color));
            numbers.push((c, usize::from(y) * 19 + usize::from(x) + 1));
        }
    }
    let dead: Vec<Coord> = (0..19).map(|i| Coord::new(i, i)).collect();
    let owned: Vec<(Coord, Color)> = (0..19)
        .map(|i| (Coord::new(i, 18 - i), Color::Black))
        .collect();
    BoardScene {
        size: 19,
        stones,
        numbers,
        dead,
        owned,
        last_move: Some(Coord::new(9, 9)),
        ghost: Some(Color::Black),
        refused: Some(Coord::new(3, 3)),
        description: "bench".into(),
        ..BoardScene::default()
    }
}

fn board_frame(c: &mut Criterion) {
    let ctx = egui::Context::default();
    tianyuan::app::fonts::install(&ctx);
    let numbered = full_scene();
    let plain = BoardScene {
        numbers: Vec::new(),
        ..full_scene()
    };
    for (name, scene) in [
        ("board_361_stones", numbered),
        ("board_361_stones_unnumbered", plain),
    ] {
        let mut t = 0.0;
        c.bench_function(name, |b| {
            b.iter(|| {
                t += 1.0;
                let mut out = ctx.run_ui(input(t), |ui| {
                    egui::CentralPanel::default().show(ui, |ui| {
                        let _ = board_ui(ui, &scene, Lang::ZhHans);
                    });
                });
                // No painter uploads textures here: drop the font atlas updates on purpose.
                out.textures_delta.clear();
                black_box(ctx.tessellate(out.shapes, out.pixels_per_point))
            })
        });
    }
}

fn window_frame(c: &mut Criterion) {
    let ctx = egui::Context::default();
    let time = ManualTimeSource::at(Timestamp(0));
    let mut app = TianyuanApp::for_tests(
        &ctx,
        Lang::ZhHans,
        Box::new(time),
        Box::new(NullAnnouncer::new()),
    );
    let setup = GameSetup {
        time_control: Some(TimeControl::Chinese {
            limit: Millis::from_mins(60),
            reserve: 5,
            period: Millis::from_secs(60),
        }),
        ..GameSetup::default()
    };
    app.apply_settled([Command::NewGame(Box::new(
        tianyuan::app::command::NewGameRequest { setup, pin: None },
    ))]);
    app.state.settings.show_move_numbers = true;
    // 200 legal moves in a fixed pseudo-random order.
    let mut k: u32 = 7;
    let mut played = 0;
    while played < 200 {
        k = k.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        let c = Coord::new(((k >> 8) % 19) as u8, ((k >> 16) % 19) as u8);
        if app.state.session().check_point(c).is_ok() {
            app.apply_settled([Command::ClickPoint(c)]);
            played += 1;
        }
    }
    let mut t = 0.0;
    c.bench_function("window_200_moves", |b| {
        b.iter(|| {
            t += 1.0;
            let mut out = ctx.run_ui(input(t), |ui| app.frame_ui(ui));
            out.textures_delta.clear();
            black_box(ctx.tessellate(out.shapes, out.pixels_per_point))
        })
    });
}

criterion_group!(benches, board_frame, window_frame);
criterion_main!(benches);
