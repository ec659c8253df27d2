//! Writes a long generated record to standard output, for timing the record commands as whole
//! processes (issue 10: the cost of a record of N moves must grow linearly with N):
//!
//! ```sh
//! cargo run --release --example long_record -- 100000 > /tmp/long-100000.sgf
//! time target/release/tianyuan diagram /tmp/long-100000.sgf -o /tmp/long.svg
//! ```
//!
//! The game is a seeded random one on 19×19 (see `benches/support/long_game.rs`); the second
//! argument is the seed.

use std::io::Write;
use std::process::ExitCode;

#[path = "../benches/support/long_game.rs"]
mod long_game;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Some(Ok(moves)) = args.next().map(|a| a.parse::<usize>()) else {
        eprintln!("usage: long_record MOVES [SEED]");
        return ExitCode::from(2);
    };
    let seed = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    let text = long_game::long_game_sgf(moves, seed);
    if std::io::stdout().write_all(text.as_bytes()).is_err() {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
