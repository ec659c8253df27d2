//! `tianyuan clock simulate`: the pure clock on a manual time line, one JSON object a line.

use crate::clock::simulate::simulate;
use crate::clock::{AnnounceSettings, Millis, TimeControl, parse_seconds};
use std::process::ExitCode;

/// Runs the game clock on a manual time line (Black first, alternating) and prints its
/// events, one JSON object per line.
#[derive(clap::Args, Debug, Clone)]
#[command(after_help = SPEC_HELP)]
pub struct SimulateArgs {
    /// The time control, as a SPEC (see below), e.g. chinese:limit=60m,reserve=5.
    #[arg(long, value_name = "SPEC")]
    pub control: String,
    /// Seconds each move took, comma separated (Black first, alternating), e.g. 30,59.9,60.
    #[arg(long, value_name = "T1,T2,...", allow_hyphen_values = true)]
    pub moves: String,
    /// Also say 开始读秒 (byoyomi_start) when a side's free time runs out.
    #[arg(long)]
    pub say_byoyomi_start: bool,
    /// Also make the calls of main time (还剩N分钟 at N minutes left; the final count where
    /// running out of main time loses).
    #[arg(long)]
    pub main_time_calls: bool,
}

const SPEC_HELP: &str = "\
SPEC (durations take h, m, s, combined like 1h30m or with decimals; a plain number is seconds):
  chinese:limit=60m,reserve=5             Chinese byo-yomi (Art. 12.2): 60 minutes each, of which
                                          5 are reserved minutes (55 free); reserve defaults to 5
  chinese:limit=10m,reserve=3,period=30s  blitz counting: 3 reserved periods of 30 s
  japanese:main=30m,periods=3x30s         Japanese byo-yomi: 30 minutes, then 3 periods of 30 s
  canadian:main=30m,stones=25/10m         Canadian: 30 minutes, then 25 moves in every 10 minutes
  fischer:main=10m,inc=10s                Fischer: 10 minutes, 10 s added after each move
  sudden:main=30m                         sudden death

Output: one JSON object per line, in time order, t_ms since the start of the game:
  {\"t_ms\":..,\"side\":\"B\",\"event\":\"press\"|\"byoyomi_start\"|\"say\"|\"period_used\"|\"timeout\",
   \"phrase\":\"s30\",\"text\":\"三十秒\",\"main_ms\":..,\"periods\":..}
A move ending exactly on a call's instant ends before that call, except at a period's end (a
move of exactly 60.0 s uses the minute up, with its calls; in the last minute, the time-out)
and when the free time runs out (byoyomi_start, then the press). It stops after the last move
or at a time-out.";

/// Runs `tianyuan clock simulate`: prints the events, or a clear error and exit code 2.
pub fn run_simulate(args: &SimulateArgs) -> ExitCode {
    match simulate_lines(args) {
        Ok(lines) => {
            for line in lines {
                println!("{line}");
            }
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}

/// Parses `--control SPEC` and `--moves T1,T2,...` (seconds per move, decimals allowed), as
/// `clock simulate` and `clock talk` both take them; the error names the flag and the move.
pub fn parse_control_and_moves(
    control: &str,
    moves: &str,
) -> Result<(TimeControl, Vec<Millis>), String> {
    let parsed: TimeControl = control
        .parse()
        .map_err(|e| format!("--control {control:?}: {e}"))?;
    let times = if moves.trim().is_empty() {
        Vec::new()
    } else {
        moves
            .split(',')
            .enumerate()
            .map(|(i, t)| parse_seconds(t).map_err(|e| format!("--moves, move {}: {e}", i + 1)))
            .collect::<Result<Vec<_>, _>>()?
    };
    Ok((parsed, times))
}

/// The output lines of a simulation, or what is wrong with the arguments.
pub fn simulate_lines(args: &SimulateArgs) -> Result<Vec<String>, String> {
    let (control, moves) = parse_control_and_moves(&args.control, &args.moves)?;
    let settings = AnnounceSettings {
        byoyomi_start_call: args.say_byoyomi_start,
        main_time_calls: args.main_time_calls,
    };
    let events = simulate(&control, settings, &moves).map_err(|e| e.to_string())?;
    events
        .iter()
        .map(|e| serde_json::to_string(e).map_err(|e| e.to_string()))
        .collect()
}
