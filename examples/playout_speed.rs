//! Random playouts per second, as a whole program outside the crate (issue 21): the workload
//! of `benches/rules.rs` (`benches/support/random_playout.rs`: 19×19, positional superko
//! checked on every move, `Game::play_random` until two passes or 3 × 361 moves) timed for a
//! number of seconds, or for a fixed number of playouts.
//!
//! ```sh
//! cargo run --release --example playout_speed -- 3          # about 3 seconds
//! cargo run --release --example playout_speed -- --playouts 2000 --seed 7
//! ```
//!
//! It prints one line, e.g.
//! `tianyuan playouts 27000 moves 12290000 seconds 3.001 moves_per_s 4095000 cpu_seconds 2.990
//! moves_per_cpu_s 4110000`. The CPU figures (this thread's time on a processor, from Linux's
//! `/proc/thread-self/schedstat`; absent elsewhere) are the fairer ones on a busy machine.
//! `benches/libego-compare.sh` runs it side by side with libEGo's light playouts.

use std::process::ExitCode;

use tianyuan::clock::Timestamp;
use tianyuan::rng::SplitMix64;
use tianyuan::time::{SystemTimeSource, TimeSource};

#[path = "../benches/support/random_playout.rs"]
mod random_playout;
use random_playout::{playout, playout_game};

/// How long to run, or how much.
enum Budget {
    Seconds(f64),
    Playouts(u64),
}

fn usage() -> ExitCode {
    eprintln!("usage: playout_speed [SECONDS] [--playouts N] [--seed S]");
    ExitCode::from(2)
}

/// This thread's time on a processor in seconds, where Linux tells it.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

fn main() -> ExitCode {
    let mut budget = Budget::Seconds(3.0);
    let mut seed = 0x7469_616e_u64;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--playouts" => match args.next().and_then(|a| a.parse().ok()) {
                Some(n) => budget = Budget::Playouts(n),
                None => return usage(),
            },
            "--seed" => match args.next().and_then(|a| a.parse().ok()) {
                Some(s) => seed = s,
                None => return usage(),
            },
            other => match other.parse::<f64>() {
                Ok(s) if s > 0.0 && s.is_finite() => budget = Budget::Seconds(s),
                _ => return usage(),
            },
        }
    }
    let mut game = playout_game();
    let mut rng = SplitMix64::new(seed);
    let clock = SystemTimeSource::new();
    let start: Timestamp = clock.now();
    let cpu_start = cpu_seconds();
    let (mut playouts, mut moves) = (0u64, 0u64);
    let elapsed = |clock: &SystemTimeSource| (clock.now().0 - start.0) as f64 / 1000.0;
    loop {
        let done = match budget {
            Budget::Seconds(s) => elapsed(&clock) >= s,
            Budget::Playouts(n) => playouts >= n,
        };
        if done {
            break;
        }
        // Look at the clock every 50 playouts (about 20 ms) only.
        let batch = match budget {
            Budget::Seconds(_) => 50,
            Budget::Playouts(n) => (n - playouts).min(50),
        };
        for _ in 0..batch {
            moves += playout(&mut game, &mut rng) as u64;
        }
        playouts += batch;
    }
    let seconds = elapsed(&clock).max(1e-3);
    let mut line = format!(
        "tianyuan playouts {playouts} moves {moves} seconds {seconds:.3} moves_per_s {:.0}",
        moves as f64 / seconds
    );
    if let (Some(a), Some(b)) = (cpu_start, cpu_seconds()) {
        let cpu = (b - a).max(1e-6);
        line.push_str(&format!(
            " cpu_seconds {cpu:.3} moves_per_cpu_s {:.0}",
            moves as f64 / cpu
        ));
    }
    println!("{line}");
    ExitCode::SUCCESS
}
