//! Benchmarks of the rules core: random legal playouts on 19×19 under positional superko
//! (moves per second on one thread) and area counting of a full board.
//!
//! The playout policy is `Game::play_random`: uniform among the legal moves that do not fill
//! the mover's own one-point eyes; a playout ends at two passes or a move cap (the workload is
//! `support/random_playout.rs`, which `examples/playout_speed.rs` times against libEGo).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tianyuan::rng::SplitMix64;
use tianyuan::rules::{Board, Coord, area_count};

#[path = "support/random_playout.rs"]
mod random_playout;
use random_playout::{playout, playout_game};

fn bench_playouts(c: &mut Criterion) {
    let mut game = playout_game();
    // Measure the moves of a fixed batch of playouts so the throughput is exact.
    const PLAYOUTS: usize = 20;
    let mut probe = SplitMix64::new(0x7469_616e);
    let moves: usize = (0..PLAYOUTS).map(|_| playout(&mut game, &mut probe)).sum();
    let mut group = c.benchmark_group("playout_19x19_positional_superko");
    group.throughput(Throughput::Elements(moves as u64));
    group.bench_function("moves", |b| {
        b.iter(|| {
            let mut rng = SplitMix64::new(0x7469_616e);
            let mut total = 0;
            for _ in 0..PLAYOUTS {
                total += playout(&mut game, &mut rng);
            }
            black_box(total)
        })
    });
    group.finish();
}

fn full_board() -> Board {
    // A finished-looking 19×19 position: Black's wall on the left, White's on the right, dame
    // in between and a few dead stones each side.
    let mut rows = Vec::new();
    for y in 0..19 {
        let mut row = String::new();
        for x in 0..19 {
            row.push(match x {
                8 => 'X',
                9 => '.',
                10 => 'O',
                3 if y % 6 == 2 => 'O',
                15 if y % 5 == 1 => 'X',
                _ => '.',
            });
        }
        rows.push(row);
    }
    match Board::from_diagram(&rows.join("\n")) {
        Ok(b) => b,
        Err(e) => panic!("diagram: {e}"),
    }
}

fn bench_area_count(c: &mut Criterion) {
    let board = full_board();
    let dead: Vec<Coord> = board
        .stones()
        .into_iter()
        .filter(|(c, _)| c.x == 3 || c.x == 15)
        .map(|(c, _)| c)
        .collect();
    c.bench_function("area_count_19x19", |b| {
        b.iter(|| area_count(black_box(&board), black_box(&dead)))
    });
}

criterion_group!(benches, bench_playouts, bench_area_count);
criterion_main!(benches);
