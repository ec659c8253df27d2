//! `tianyuan selfplay`: the computer's levels against each other, the full match behind the
//! claim that every level beats the one below (the CI test plays a short version of it).
//! Prints one line per pairing with the win rate, the moves played and the time taken.

use std::process::ExitCode;

use crate::ai::Level;
use crate::ai::selfplay::{MatchResult, capture_match, go_match};
use crate::teach::capture::{CaptureSettings, StartPosition};
use crate::time::{SystemTimeSource, TimeSource};

/// Arguments of `tianyuan selfplay`.
#[derive(clap::Args, Debug, Clone)]
pub struct SelfplayArgs {
    /// The capture game to N stones (the default, N = 1); see --go for ordinary Go.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub capture: u32,
    /// Play ordinary Go (area counting, komi --komi) instead of the capture game.
    #[arg(long)]
    pub go: bool,
    /// Player A's level; with --b, one pairing. Without both, every level against the one below.
    #[arg(long, value_name = "L", requires = "b", value_parser = parse_level)]
    pub a: Option<Level>,
    /// Player B's level.
    #[arg(long, value_name = "L", requires = "a", value_parser = parse_level)]
    pub b: Option<Level>,
    /// Games per pairing (colours alternate).
    #[arg(long, default_value_t = 100)]
    pub games: u32,
    /// Board size.
    #[arg(long, default_value_t = 9)]
    pub size: u8,
    /// The capture game's start position: empty or crosscut.
    #[arg(long, default_value = "empty", value_parser = parse_start)]
    pub start: StartPosition,
    /// Komi in points for --go.
    #[arg(long, default_value_t = 7.5)]
    pub komi: f64,
    /// The match seed (each game derives its players' seeds from it).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

fn parse_level(s: &str) -> Result<Level, String> {
    s.parse()
}

fn parse_start(s: &str) -> Result<StartPosition, String> {
    StartPosition::from_name(s).ok_or_else(|| format!("unknown start position {s:?}"))
}

/// Runs `tianyuan selfplay`.
pub fn run_selfplay(args: &SelfplayArgs) -> ExitCode {
    let pairs: Vec<(Level, Level)> = match (args.a, args.b) {
        (Some(a), Some(b)) => vec![(a, b)],
        _ => Level::ALL
            .windows(2)
            .filter_map(|w| match w {
                [weak, strong] => Some((*strong, *weak)),
                _ => None,
            })
            .collect(),
    };
    if !(5..=19).contains(&args.size) {
        eprintln!("tianyuan selfplay: board size must be 5 to 19");
        return ExitCode::FAILURE;
    }
    let clock = SystemTimeSource::new();
    for (a, b) in pairs {
        let started = clock.now();
        let result = if args.go {
            go_match(a, b, args.games, args.size, args.komi, args.seed)
        } else {
            let settings = CaptureSettings {
                size: args.size,
                target: args.capture,
                start: args.start,
                handicap: 0,
            };
            capture_match(a, b, args.games, settings, args.seed)
        };
        let seconds = clock.now().since(started).0 as f64 / 1000.0;
        println!("{}", line(a, b, &result, seconds));
    }
    ExitCode::SUCCESS
}

fn line(a: Level, b: Level, r: &MatchResult, seconds: f64) -> String {
    format!(
        "level {a} vs level {b}: {} won, {} lost, {} drawn of {} ({:.1} %), {} moves, {:.1} s ({:.1} ms a move)",
        r.a_wins,
        r.b_wins,
        r.draws,
        r.games(),
        100.0 * r.a_rate(),
        r.moves,
        seconds,
        if r.moves > 0 {
            1000.0 * seconds / r.moves as f64
        } else {
            0.0
        }
    )
}
