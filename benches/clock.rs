//! Benchmarks of the clock: what the app does every frame (`view` + `next_change`), what the
//! voice does after each press (`upcoming`), and a whole simulated game.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tianyuan::clock::simulate::simulate;
use tianyuan::clock::{AnnounceSettings, GameClock, Millis, Side, TimeControl, Timestamp};

fn control(spec: &str) -> TimeControl {
    match spec.parse() {
        Ok(c) => c,
        Err(e) => panic!("{spec}: {e}"),
    }
}

fn running_clock() -> GameClock {
    let mut clock = match GameClock::new(
        control("chinese:limit=60m,reserve=5"),
        AnnounceSettings::default(),
    ) {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    };
    if let Err(e) = clock.start(Timestamp(0), Side::Black) {
        panic!("{e}");
    }
    clock
}

fn bench_frame(c: &mut Criterion) {
    let clock = running_clock();
    // In byo-yomi, 40 s into a minute: the busiest face.
    let now = Timestamp(55 * 60_000 + 40_000);
    c.bench_function("clock_view_and_next_change", |b| {
        b.iter(|| {
            let v = clock.view(black_box(now));
            (v, clock.next_change(black_box(now)))
        })
    });
    c.bench_function("clock_upcoming_calls", |b| {
        b.iter(|| clock.upcoming(black_box(Timestamp(1000))))
    });
}

fn bench_simulate(c: &mut Criterion) {
    let control = control("chinese:limit=60m,reserve=5");
    // 300 moves of 1 … 59 s and some full minutes: a long game deep in byo-yomi.
    let moves: Vec<Millis> = (0..300)
        .map(|i| {
            Millis(if i % 13 == 0 {
                60_000
            } else {
                1000 + (i * 7919) % 58_000
            })
        })
        .collect();
    c.bench_function("clock_simulate_300_moves", |b| {
        b.iter(|| simulate(&control, AnnounceSettings::BYOYOMI_ONLY, black_box(&moves)))
    });
}

criterion_group!(benches, bench_frame, bench_simulate);
criterion_main!(benches);
