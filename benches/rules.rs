//! Benchmarks of the rules core: random legal playouts on 19×19 under positional superko
//! (moves per second on one thread) and area counting of a full board.
//!
//! The playout policy is [`Game::play_random`]: uniform among the legal moves that do not fill
//! the mover's own one-point eyes; a playout ends at two passes or a move cap.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tianyuan::rules::{Board, Color, Coord, Game, KoRule, Move, Rules, area_count};

/// SplitMix64: small, fast and seeded, so runs are reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        // Multiply-shift: unbiased enough for a benchmark, and no division.
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

const MOVE_CAP: usize = 3 * 361;

/// Plays one random game from the empty board; returns the number of moves and passes.
fn playout(game: &mut Game, rng: &mut Rng) -> usize {
    game.clear();
    let mut passes = 0;
    let mut color = Color::Black;
    let mut below = |n: usize| rng.below(n);
    while passes < 2 && game.move_number() < MOVE_CAP {
        if game.play_random(color, &mut below) == Move::Pass {
            passes += 1;
        } else {
            passes = 0;
        }
        color = color.opponent();
    }
    game.move_number()
}

fn bench_playouts(c: &mut Criterion) {
    let rules = Rules {
        ko: KoRule::Positional,
        ..Rules::default()
    };
    let mut game = match Game::new(19, rules) {
        Ok(g) => g,
        Err(e) => panic!("19x19: {e}"),
    };
    let mut rng = Rng(0x7469_616e);
    // Measure the moves of a fixed batch of playouts so the throughput is exact.
    const PLAYOUTS: usize = 20;
    let mut probe = Rng(0x7469_616e);
    let moves: usize = (0..PLAYOUTS).map(|_| playout(&mut game, &mut probe)).sum();
    let mut group = c.benchmark_group("playout_19x19_positional_superko");
    group.throughput(Throughput::Elements(moves as u64));
    group.bench_function("moves", |b| {
        b.iter(|| {
            rng = Rng(0x7469_616e);
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
