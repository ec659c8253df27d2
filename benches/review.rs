//! Reviewing long records (issue 10, item 10): opening and walking a record of N moves must
//! cost time linear in N. Records are random legal games on 19×19 (eye filling allowed, so
//! big captures keep the board turning over), written as SGF.
//!
//! - `review_open/N`: read the SGF, make the review, go to the end of the main line.
//! - `review_walk_back/N`: from the end back to the start, one move at a time (N steps).
//! - `review_walk_forward/N`: from the start to the end, one move at a time.
//! - `review_panel_frame/N`: one frame of the review panel and board at the end of the record
//!   (layout, painting, tessellation; no GPU), as the app draws it.
//!
//! Linear means the per-move figure (time / N) stays flat from 1,000 to 100,000 moves.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use eframe::egui;
use std::hint::black_box;
use std::time::Duration;
use tianyuan::app::board_view::BoardLook;
use tianyuan::app::review::{ReviewPanel, review_board_ui};
use tianyuan::gtp::policy::SplitMix64;
use tianyuan::i18n::Lang;
use tianyuan::record::GameInfo;
use tianyuan::review::Review;
use tianyuan::rules::{Color, Coord, Game, Move, Rules};

const SIZES: [usize; 4] = [1_000, 4_000, 16_000, 100_000];

/// A random legal game of `moves` moves and passes, as SGF.
fn long_record(moves: usize, seed: u64) -> Vec<u8> {
    let mut rng = SplitMix64::new(seed);
    let Ok(mut game) = Game::new(19, Rules::default()) else {
        panic!("19×19 is a board");
    };
    let mut color = Color::Black;
    for _ in 0..moves {
        let mut played = false;
        for _ in 0..40 {
            let c = Coord::new(rng.below(19) as u8, rng.below(19) as u8);
            if game.play(color, Move::Play(c)).is_ok() {
                played = true;
                break;
            }
        }
        if !played {
            let _ = game.play(color, Move::Pass);
        }
        color = color.opponent();
    }
    let info = GameInfo {
        size: 19,
        ..Default::default()
    };
    tianyuan::record::game_to_sgf(&game, &info).into_bytes()
}

fn open(bytes: &[u8]) -> Review {
    match Review::from_sgf(bytes, 0) {
        Ok((r, _)) => r,
        Err(e) => panic!("the generated record reads: {e}"),
    }
}

fn navigation(c: &mut Criterion) {
    let records: Vec<(usize, Vec<u8>)> = SIZES.iter().map(|&n| (n, long_record(n, 1))).collect();
    let mut group = c.benchmark_group("review");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for (n, bytes) in &records {
        group.throughput(Throughput::Elements(*n as u64));
        group.bench_with_input(BenchmarkId::new("open", n), bytes, |b, bytes| {
            b.iter(|| {
                let mut r = open(bytes);
                r.last();
                black_box(r.move_number())
            })
        });
        let mut at_end = open(bytes);
        at_end.last();
        group.bench_with_input(BenchmarkId::new("walk_back", n), &at_end, |b, r| {
            b.iter_batched(
                || r.clone(),
                |mut r| {
                    while r.back() {}
                    black_box(r.move_number())
                },
                criterion::BatchSize::LargeInput,
            )
        });
        let start = open(bytes);
        group.bench_with_input(BenchmarkId::new("walk_forward", n), &start, |b, r| {
            b.iter_batched(
                || r.clone(),
                |mut r| {
                    while r.forward() {}
                    black_box(r.move_number())
                },
                criterion::BatchSize::LargeInput,
            )
        });
    }
    group.finish();
}

fn panel_frame(c: &mut Criterion) {
    let mut group = c.benchmark_group("review_panel_frame");
    group.sample_size(20);
    for n in [1_000, 16_000] {
        let bytes = long_record(n, 2);
        let ctx = egui::Context::default();
        tianyuan::app::fonts::install(&ctx);
        let mut panel = ReviewPanel::new();
        if let Err(e) = panel.open_bytes(None, &bytes) {
            panic!("the generated record reads: {e}");
        }
        let _ = panel.apply(
            tianyuan::app::review::ReviewCommand::Nav(tianyuan::app::review::Nav::Last),
            Lang::ZhHans,
        );
        let mut t = 0.0;
        group.bench_function(BenchmarkId::from_parameter(n), |b| {
            b.iter(|| {
                t += 1.0;
                let input = egui::RawInput {
                    screen_rect: Some(egui::Rect::from_min_size(
                        egui::Pos2::ZERO,
                        egui::vec2(1200.0, 900.0),
                    )),
                    time: Some(t),
                    ..Default::default()
                };
                let mut out = ctx.run_ui(input, |ui| {
                    egui::Panel::right("side").show(ui, |ui| panel.show(ui, Lang::ZhHans));
                    egui::CentralPanel::default().show(ui, |ui| {
                        let _ = review_board_ui(ui, &mut panel, Lang::ZhHans, BoardLook::default());
                    });
                });
                out.textures_delta.clear();
                black_box(ctx.tessellate(out.shapes, out.pixels_per_point))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, navigation, panel_frame);
criterion_main!(benches);
