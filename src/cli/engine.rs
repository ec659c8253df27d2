//! `tianyuan engine review FILE.sgf` and `tianyuan engine match`: other GTP engines from the
//! command line — the engine's estimate after each move of a record with the moves to look
//! at, and a whole game between two engines written as SGF.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use crate::engine::{
    AnalysisLimits, EngineError, EnginePlayer, EngineSpec, JobState, MatchEnd, PlayerLimits,
    ReviewJob, ReviewResults, line_points, play_match,
};
use crate::gtp::vertex::format_move;
use crate::record::GameInfo;
use crate::rules::{Game, Komi, Rules};

/// `tianyuan engine …`.
#[derive(clap::Subcommand, Debug, Clone)]
pub enum EngineCommand {
    /// The engine's estimate after each move of a record's main line, and the moves to look at.
    Review(ReviewArgs),
    /// A whole game between two engines (or one engine against itself), written as SGF.
    Match(MatchArgs),
}

/// Arguments of `tianyuan engine review`.
#[derive(clap::Args, Debug, Clone)]
pub struct ReviewArgs {
    /// The SGF record.
    pub file: PathBuf,
    /// Game of the file, counted from 1, for files holding several.
    #[arg(long, default_value_t = 1)]
    pub game: usize,
    /// The engine: `gnugo` (the default), `tianyuan`, or a full command line such as
    /// "katago gtp -model m.bin.gz -config gtp.cfg".
    #[arg(long, default_value = "gnugo")]
    pub engine: String,
    /// GNU Go's level (0–10) when the engine is `gnugo`.
    #[arg(long, default_value_t = 8)]
    pub level: u8,
    /// How many moves to list as the ones to look at.
    #[arg(long, default_value_t = 5)]
    pub top: usize,
    /// Search time per position for KataGo and Leela Zero, in seconds.
    #[arg(long, default_value_t = 2.0)]
    pub budget: f64,
    /// A searching engine stops at this many visits of its best move.
    #[arg(long, default_value_t = 400)]
    pub visits: u32,
    /// Time-out of one estimate, in seconds.
    #[arg(long, default_value_t = 30.0)]
    pub timeout: f64,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `tianyuan engine match`.
#[derive(clap::Args, Debug, Clone)]
pub struct MatchArgs {
    /// Black's engine: `gnugo`, `tianyuan` or a command line.
    #[arg(long, default_value = "gnugo")]
    pub black: String,
    /// White's engine: `gnugo`, `tianyuan` or a command line.
    #[arg(long, default_value = "gnugo")]
    pub white: String,
    /// GNU Go's level (0–10) for either side that is `gnugo`.
    #[arg(long, default_value_t = 1)]
    pub level: u8,
    /// Board size.
    #[arg(long, default_value_t = 9, value_parser = clap::value_parser!(u8).range(2..=25))]
    pub size: u8,
    /// Komi in points (a multiple of 0.5).
    #[arg(long, default_value_t = 7.5)]
    pub komi: f64,
    /// Fixed handicap stones (2–9).
    #[arg(long, default_value_t = 0)]
    pub handicap: u8,
    /// The game stops here if the engines have not ended it.
    #[arg(long, default_value_t = 400)]
    pub max_moves: usize,
    /// Where to write the SGF (replaced atomically); standard output when absent.
    #[arg(short, long)]
    pub output: Option<PathBuf>,
}

/// Runs `tianyuan engine …`.
pub fn run(command: &EngineCommand) -> ExitCode {
    match command {
        EngineCommand::Review(args) => run_review(args),
        EngineCommand::Match(args) => run_match(args),
    }
}

/// An engine named on the command line: `gnugo` (at `level`), `tianyuan` (this program's own
/// `gtp`), or a command line.
pub fn engine_spec(word: &str, level: u8) -> Result<EngineSpec, String> {
    match word.trim() {
        "gnugo" => Ok(EngineSpec::gnugo(level)),
        "tianyuan" => {
            let me = std::env::current_exe()
                .map_err(|e| format!("cannot find this program to run its gtp: {e}"))?;
            Ok(EngineSpec {
                program: me.to_string_lossy().into_owned(),
                args: vec!["gtp".to_string()],
                startup: Duration::from_secs(10),
            })
        }
        line => EngineSpec::parse(line).ok_or_else(|| format!("not a command line: {line:?}")),
    }
}

fn seconds(s: f64) -> Duration {
    Duration::try_from_secs_f64(s.max(0.0)).unwrap_or(Duration::from_secs(3600))
}

fn run_review(args: &ReviewArgs) -> ExitCode {
    let name = args.file.display();
    let spec = match engine_spec(&args.engine, args.level) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let bytes = match crate::files::read_bounded(&args.file, crate::files::jobs::MAX_DOCUMENT_BYTES)
    {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: {name}: {e}");
            return ExitCode::from(1);
        }
    };
    let reading = match crate::record::read(&bytes) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {name}: {e}");
            return ExitCode::from(1);
        }
    };
    let Some(tree) = reading.collection.trees.get(args.game.saturating_sub(1)) else {
        eprintln!("error: {name}: no game {} in the file", args.game);
        return ExitCode::from(1);
    };
    let points = match line_points(tree, &tree.main_line()) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {name}: {e}");
            return ExitCode::from(1);
        }
    };
    let limits = AnalysisLimits {
        budget: seconds(args.budget),
        visits: args.visits,
        timeout: seconds(args.timeout),
    };
    let job = ReviewJob::start_engine(points, spec, limits, crate::engine::worker::no_waker());
    let tty = std::io::stderr().is_terminal();
    while !job.wait(Duration::from_millis(250)) {
        if tty {
            let p = job.progress();
            eprint!("\r{}/{} positions", p.done, p.total);
        }
    }
    if tty {
        eprintln!();
    }
    let results = job.results();
    if let JobState::Failed(e) = &results.state {
        eprintln!("error: {e}");
        if results.done == 0 {
            return ExitCode::from(1);
        }
    }
    let text = if args.json {
        review_json(&results, args.top)
    } else {
        review_text(&results, args.top)
    };
    print!("{text}");
    match results.state {
        JobState::Finished => ExitCode::SUCCESS,
        _ => ExitCode::from(1),
    }
}

fn review_text(results: &ReviewResults, top: usize) -> String {
    let size = results.board_size;
    let method = results.method.map_or("?", |m| m.command_name());
    let mut out = format!(
        "engine: {} ({method})\nmove\tblack_lead\tblack_winrate\n",
        results.engine
    );
    for (p, e) in results.points.iter().zip(&results.estimates) {
        let lead = e
            .and_then(|e| e.black_lead)
            .map_or("-".to_string(), |v| format!("{v:.1}"));
        let rate = e
            .and_then(|e| e.black_winrate)
            .map_or("-".to_string(), |v| format!("{:.1}%", v * 100.0));
        out.push_str(&format!("{}\t{lead}\t{rate}\n", p.move_number));
    }
    if results.method.map(|m| m.tempo()) == Some(crate::engine::Tempo::Static) {
        out.push_str(
            "(a static estimate: each move's loss is measured against the line's typical move)\n",
        );
    }
    out.push_str("moves to look at:\n");
    for s in results.swings(top) {
        out.push_str(&format!(
            "  {} {} {}: {:.1} -> {:.1} (lost {:.1})\n",
            s.move_number,
            s.color.letter(),
            format_move(s.mv, size),
            s.before + 0.0,
            s.after + 0.0,
            s.loss
        ));
    }
    out
}

fn review_json(results: &ReviewResults, top: usize) -> String {
    let size = results.board_size;
    let series: Vec<serde_json::Value> = results
        .points
        .iter()
        .zip(&results.estimates)
        .map(|(p, e)| {
            serde_json::json!({
                "move": p.move_number,
                "black_lead": e.and_then(|e| e.black_lead),
                "black_winrate": e.and_then(|e| e.black_winrate),
            })
        })
        .collect();
    let swings: Vec<serde_json::Value> = results
        .swings(top)
        .iter()
        .map(|s| {
            serde_json::json!({
                "move": s.move_number,
                "color": s.color.letter().to_string(),
                "vertex": format_move(s.mv, size),
                "before": s.before,
                "after": s.after,
                "loss": s.loss,
            })
        })
        .collect();
    let state = match &results.state {
        JobState::Finished => "finished".to_string(),
        JobState::Cancelled => "cancelled".to_string(),
        JobState::Failed(e) => format!("failed: {e}"),
        JobState::Starting | JobState::Running => "running".to_string(),
    };
    let value = serde_json::json!({
        "engine": results.engine,
        "method": results.method.map(|m| m.command_name()),
        "state": state,
        "series": series,
        "swings": swings,
    });
    format!("{value}\n")
}

fn run_match(args: &MatchArgs) -> ExitCode {
    let Some(komi) = Komi::from_points(args.komi) else {
        eprintln!("error: komi {} is not a multiple of 0.5", args.komi);
        return ExitCode::from(2);
    };
    let specs = (
        engine_spec(&args.black, args.level),
        engine_spec(&args.white, args.level),
    );
    let (black_spec, white_spec) = match specs {
        (Ok(b), Ok(w)) => (b, w),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let rules = Rules {
        komi,
        ..Rules::default()
    };
    let mut game = match Game::new(args.size, rules) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if args.handicap >= 2
        && let Err(e) = game.place_fixed_handicap(args.handicap)
    {
        eprintln!("error: handicap {}: {e}", args.handicap);
        return ExitCode::from(2);
    }
    match play(&black_spec, &white_spec, game, args) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

fn play(
    black: &EngineSpec,
    white: &EngineSpec,
    game: Game,
    args: &MatchArgs,
) -> Result<ExitCode, EngineError> {
    let limits = PlayerLimits::default();
    let mut b = EnginePlayer::start(black, limits)?;
    let mut w = EnginePlayer::start(white, limits)?;
    let size = game.size();
    let outcome = play_match(&mut b, Some(&mut w), game, args.max_moves, &mut |g, _| {
        if let Some((color, mv)) = g.last_move() {
            eprintln!(
                "{} {} {}",
                g.move_number(),
                color.letter(),
                format_move(mv, size)
            );
        }
    })?;
    // Dead stones and the engines' own counts only now, at the end (GNU Go's can take minutes
    // on an unfinished board); a side that cannot say is skipped.
    let mut dead = Vec::new();
    if outcome.end == MatchEnd::TwoPasses {
        for player in [&mut b, &mut w] {
            match player.dead_stones(&outcome.game) {
                Ok(d) => {
                    dead = d;
                    break;
                }
                Err(e) => eprintln!("{}: no dead stones: {e}", player.info().title()),
            }
        }
        for player in [&mut b, &mut w] {
            if let Ok(lead) = player.final_score(&outcome.game) {
                eprintln!("{}'s count: {}", player.info().title(), lead_text(lead));
            }
        }
    }
    let result = outcome.result_text(&dead);
    eprintln!("result: {result}");
    let mut info = GameInfo {
        black: Some(b.info().title()),
        white: Some(w.info().title()),
        result_text: Some(result),
        ruleset: Some(crate::record::Ruleset::Chinese),
        ..GameInfo::default()
    };
    info.size = size;
    let sgf = crate::record::game_to_sgf(&outcome.game, &info);
    Ok(super::sgf::emit(args.output.as_ref(), &sgf))
}

fn lead_text(lead: f64) -> String {
    if lead > 0.0 {
        format!("B+{lead}")
    } else if lead < 0.0 {
        format!("W+{}", -lead)
    } else {
        "0".to_string()
    }
}
