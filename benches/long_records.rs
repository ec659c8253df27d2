//! Issue 10: reading, checking, diagramming and printing a record must cost time linear in its
//! length. Each command's core runs on generated records of 1,000, 10,000 and 100,000 moves;
//! criterion reports moves per second, which stays flat when the cost is linear (it fell by
//! ten times per step when the diagram replayed the game per move).
//!
//! `cargo bench --bench long_records` (add `-- --quick` for one short pass).

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use tianyuan::cli::check::check_bytes;
use tianyuan::diagram::{SvgOptions, position_scene, record_html, to_svg};
use tianyuan::i18n::Lang;
use tianyuan::record;

#[path = "support/long_game.rs"]
mod long_game;

const LENGTHS: [usize; 3] = [1_000, 10_000, 100_000];

fn bench(c: &mut Criterion) {
    let records: Vec<(usize, String)> = LENGTHS
        .iter()
        .map(|&n| (n, long_game::long_game_sgf(n, 10)))
        .collect();
    let mut group = c.benchmark_group("long_records");
    group.sample_size(10);
    for (moves, text) in &records {
        let bytes = text.as_bytes();
        group.throughput(Throughput::Elements(*moves as u64));
        group.bench_with_input(BenchmarkId::new("check", moves), bytes, |b, bytes| {
            b.iter(|| black_box(check_bytes(black_box(bytes), false)))
        });
        group.bench_with_input(BenchmarkId::new("diagram", moves), bytes, |b, bytes| {
            b.iter(|| {
                let reading = record::read(black_box(bytes)).expect("reads");
                let tree = &reading.collection.trees[0];
                let scene = position_scene(tree, None, true).expect("replays");
                black_box(to_svg(&scene, &SvgOptions::default()))
            })
        });
        group.bench_with_input(BenchmarkId::new("record", moves), bytes, |b, bytes| {
            b.iter(|| {
                let reading = record::read(black_box(bytes)).expect("reads");
                let tree = &reading.collection.trees[0];
                black_box(record_html(tree, 100, Lang::ZhHans, None).expect("replays"))
            })
        });
        let (loaded, _) = record::load_game(bytes, None).expect("loads");
        group.bench_with_input(BenchmarkId::new("printsgf", moves), &loaded, |b, loaded| {
            b.iter(|| black_box(record::game_to_sgf(&loaded.game, &loaded.info)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
