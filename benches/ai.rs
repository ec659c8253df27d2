//! Benchmarks of the computer players (issue 11): one capture-game move per level on a
//! middle-game 9×9 position, one tactical read of a ladder, one ordinary-Go move per level,
//! and the full level-against-level match (the CI test plays a short version of it).
//!
//! The match's win rates are printed once before it is timed; `tianyuan selfplay` prints the
//! same figures for any pairing.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tianyuan::ai::selfplay::capture_match;
use tianyuan::ai::tactics::{ReadLimits, Reader};
use tianyuan::ai::{CapturePlayer, GoPlayer, Level};
use tianyuan::rules::{Board, Color, Coord, Game, Move, Rules};
use tianyuan::teach::capture::{CaptureSettings, StartPosition};

fn level(n: u8) -> Level {
    match Level::new(n) {
        Some(l) => l,
        None => panic!("level {n}"),
    }
}

/// A 9×9 position from a level-4 self-play game, twenty moves in: several chains with two
/// and three liberties, so every level reads.
fn middle_game() -> Game {
    let moves = "E5 E4 D4 F5 F4 D5 C5 E6 D6 F6 C4 D3 E3 F3 C3 G4 D2 E2 C6 G5";
    let mut game = match Game::new(9, Rules::default()) {
        Ok(g) => g,
        Err(e) => panic!("{e}"),
    };
    let mut color = Color::Black;
    for m in moves.split_whitespace() {
        let Some(c) = Coord::from_gtp(m, 9) else {
            panic!("bad vertex {m}")
        };
        if game.play(color, Move::Play(c)).is_err() {
            break; // the rest of the line is not needed for a representative position
        }
        color = color.opponent();
    }
    game
}

fn bench_capture_moves(c: &mut Criterion) {
    let game = middle_game();
    let color = game.to_move();
    for n in 1..=5 {
        let player = CapturePlayer::new(level(n), 1);
        c.bench_function(&format!("capture_move_level_{n}_9x9"), |b| {
            b.iter(|| player.choose_move(black_box(&game), color, 1))
        });
    }
}

fn bench_ladder(c: &mut Criterion) {
    let board = match Board::from_diagram(
        ". . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . . . . . . . .
         . . X O . . . . .
         . . . X X . . . .
         . . . . . . . . .",
    ) {
        Ok(b) => b,
        Err(e) => panic!("{e}"),
    };
    let game = Game::from_board(board, Rules::default(), Color::Black);
    let target = Coord::new(3, 6);
    c.bench_function("read_ladder_9x9", |b| {
        b.iter(|| Reader::new(ReadLimits::default()).attack(black_box(&game), target))
    });
}

fn bench_go_moves(c: &mut Criterion) {
    let game = middle_game();
    let color = game.to_move();
    let mut group = c.benchmark_group("go_move_9x9");
    group.sample_size(10);
    for n in 1..=5 {
        let player = GoPlayer::new(level(n), 1);
        group.bench_function(format!("level_{n}"), |b| {
            b.iter(|| player.choose_move(black_box(&game), color))
        });
    }
    group.finish();
}

fn bench_full_match(c: &mut Criterion) {
    let settings = CaptureSettings {
        size: 9,
        target: 1,
        start: StartPosition::Empty,
        handicap: 0,
    };
    const GAMES: u32 = 100;
    for n in 2..=5 {
        let r = capture_match(level(n), level(n - 1), GAMES, settings, 1);
        println!(
            "capture game to 1, 9x9: level {n} vs level {}: {:.1} % of {GAMES} ({} won, {} lost, {} drawn)",
            n - 1,
            100.0 * r.a_rate(),
            r.a_wins,
            r.b_wins,
            r.draws
        );
    }
    let mut group = c.benchmark_group("capture_match");
    group.sample_size(10);
    group.bench_function("levels_5_vs_4_ten_games", |b| {
        b.iter(|| capture_match(level(5), level(4), 10, settings, black_box(7)))
    });
    group.finish();
}

criterion_group!(
    benches,
    bench_ladder,
    bench_capture_moves,
    bench_go_moves,
    bench_full_match
);
criterion_main!(benches);
