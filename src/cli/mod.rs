//! The command line: `tianyuan [FILE]` opens the app; subcommands reach the core without it.
//!
//! Each subcommand lives in its own file with its clap arguments and a `run` function; this
//! module only defines the top level and dispatches. Reading and writing files happens here
//! and in those files, never in the pure core.

pub mod check;
// Issue 20 (class core): `tianyuan class …`.
pub mod class;
pub mod clock;
pub mod clock_talk;
pub mod dead_stones;
pub mod desk;
pub mod diagram;
pub mod engine;
pub mod hall;
pub mod pipe;
pub mod problems;
pub mod selfplay;
pub mod session;
pub mod session_view;
pub mod sgf;
pub mod tournament;

use crate::i18n::Lang;
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// Tianyuan (天元): a Go board on the Chinese Weiqi Rules, with a game clock that speaks.
#[derive(Debug, Parser)]
#[command(
    name = "tianyuan",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// What to do instead of opening the app.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The options of the app itself.
    #[command(flatten)]
    pub app: AppArgs,
}

/// Options of `tianyuan [FILE]` (the window).
#[derive(Debug, clap::Args)]
pub struct AppArgs {
    /// An SGF file to open.
    pub file: Option<PathBuf>,
    /// Render one frame to this PNG file and exit (docs, worksheets, layout tests).
    #[arg(long, value_name = "OUT.png")]
    pub screenshot: Option<PathBuf>,
    /// With --screenshot: the SGF file to show (same as FILE).
    #[arg(long, value_name = "FILE.sgf")]
    pub open: Option<PathBuf>,
    /// With --screenshot: show the position after move N.
    #[arg(long = "move", value_name = "N")]
    pub move_no: Option<usize>,
    /// With --screenshot: the window size, e.g. 1200x900.
    #[arg(long, value_name = "WxH", value_parser = parse_size, default_value = "1200x900")]
    pub size: (u32, u32),
    /// Interface language: zh-Hans, zh-Hant or en (default: the saved choice, then the system locale).
    #[arg(long, value_name = "LANG", value_parser = parse_lang)]
    pub lang: Option<Lang>,
    /// Log each spoken call's due instant and the instant its playback started to FILE.
    #[arg(long, value_name = "FILE")]
    pub audio_log: Option<PathBuf>,
    /// Open on a new game from a setup line of the arbiter's shorthand, e.g.
    /// 'size=19 time=chinese:limit=60m,reserve=5 black="Li Wei" white=Wang table=7'
    /// (the arbiter's PIN, if any, from TIANYUAN_ARBITER_PIN).
    #[arg(long, value_name = "SETUP")]
    pub setup: Option<String>,
    /// With --setup: start the new game's clock at once.
    #[arg(long, requires = "setup")]
    pub start: bool,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Speak GTP version 2 on stdin/stdout over the rules core (for other Go programs).
    Gtp(GtpArgs),
    /// Read SGF files (or folders, recursively), replay them with the rules and report per game.
    Check(check::CheckArgs),
    /// SGF tools.
    Sgf(sgf::SgfArgs),
    /// The game clock without the board: simulate a game's calls, or run a talking clock.
    #[command(subcommand)]
    Clock(ClockCommand),
    /// Write a print-quality SVG diagram of a position.
    Diagram(diagram::DiagramArgs),
    /// Write the printable game record (棋谱) as HTML with numbered diagrams.
    Record(diagram::RecordArgs),
    /// The arbiter's session journal: new, append, show, verify, export.
    #[command(subcommand)]
    Session(session::SessionCommand),
    /// Other Go engines over GTP (GNU Go, KataGo …): review a record, play a match.
    #[command(subcommand)]
    Engine(engine::EngineCommand),
    /// Go problems: check problem files, list the shipped beginner problems.
    #[command(subcommand)]
    Problems(problems::ProblemsCommand),
    /// Hall mode: a board's link to the chief arbiter's desk, a simulated hall, accepting a ruling.
    #[command(subcommand)]
    Hall(hall::HallCommand),
    /// The chief arbiter's desk for EVENT; `desk state DIR`, `desk creds EVENT`.
    Desk(desk::DeskArgs),
    /// A class of children: profiles, problems that come back, homework, sheets, reports.
    #[command(subcommand)]
    Class(class::ClassCommand),
    /// Tournaments (Art. 26–29): pairings, results, standings, OpenGotha/EGF/CSV/HTML files.
    #[command(subcommand)]
    Tournament(tournament::TournamentCommand),
    /// Suggest the dead stones of a record's final position and count it with them removed.
    DeadStones(dead_stones::DeadStonesArgs),
    /// Play the computer's levels against each other and print the win rates.
    Selfplay(selfplay::SelfplayArgs),
}

/// Options of `tianyuan gtp`.
#[derive(Debug, clap::Args)]
pub struct GtpArgs {
    /// Play the capture game (吃子棋): the first to capture N stones wins (9×9 until `boardsize`).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub capture: Option<u32>,
    /// The computer player's level for genmove, 1 (weakest) to 5 (strongest). In the capture
    /// game the default is 3; without --capture it makes genmove play ordinary Go.
    #[arg(long, value_name = "L", value_parser = parse_level)]
    pub level: Option<crate::ai::Level>,
    /// The seed of the computer player's random choices (same seed, same moves).
    #[arg(long, value_name = "S", default_value_t = 0)]
    pub seed: u64,
    /// The capture game's start position: empty or crosscut (扭十字 in the centre).
    #[arg(long, value_name = "POS", value_parser = parse_start, default_value = "empty")]
    pub start: crate::teach::capture::StartPosition,
}

fn parse_level(s: &str) -> Result<crate::ai::Level, String> {
    s.parse()
}

fn parse_start(s: &str) -> Result<crate::teach::capture::StartPosition, String> {
    crate::teach::capture::StartPosition::from_name(s)
        .ok_or_else(|| format!("unknown start position {s:?}: use empty or crosscut"))
}

/// `tianyuan clock …`.
#[derive(Debug, Subcommand)]
pub enum ClockCommand {
    /// Run the pure clock on a manual time source and print its events as JSON lines.
    Simulate(clock::SimulateArgs),
    /// Run the real clock in real time with the voice, headless (e.g. to measure call timing).
    Talk(clock_talk::TalkArgs),
}

fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("expected WIDTHxHEIGHT, e.g. 1200x900, not {s:?}"))?;
    let w: u32 = w
        .trim()
        .parse()
        .map_err(|_| format!("bad width in {s:?}"))?;
    let h: u32 = h
        .trim()
        .parse()
        .map_err(|_| format!("bad height in {s:?}"))?;
    if !(100..=8192).contains(&w) || !(100..=8192).contains(&h) {
        return Err(format!(
            "size {s:?} out of range (100 to 8192 pixels each way)"
        ));
    }
    Ok((w, h))
}

/// A `--lang` value: zh-Hans, zh-Hant or en.
pub(crate) fn parse_lang(s: &str) -> Result<Lang, String> {
    Lang::from_code(s).ok_or_else(|| format!("unknown language {s:?}: use zh-Hans, zh-Hant or en"))
}

/// Parses the command line and runs what it asks for.
pub fn main() -> ExitCode {
    // Output piped into `head` and the like: a closed pipe ends the program quietly.
    pipe::install();
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Gtp(args)) => run_gtp(&args),
        Some(Command::Check(args)) => check::run(&args),
        Some(Command::Sgf(args)) => sgf::run(&args),
        Some(Command::Clock(ClockCommand::Simulate(args))) => clock::run_simulate(&args),
        Some(Command::Clock(ClockCommand::Talk(args))) => clock_talk::run_talk(&args),
        Some(Command::Diagram(args)) => diagram::run_diagram(&args),
        Some(Command::Record(args)) => diagram::run_record(&args),
        Some(Command::Session(cmd)) => session::run(&cmd),
        Some(Command::Engine(command)) => engine::run(&command),
        Some(Command::Problems(command)) => problems::run(&command),
        Some(Command::Hall(command)) => hall::run_hall(&command),
        Some(Command::Desk(args)) => desk::run(&args),
        Some(Command::Tournament(cmd)) => tournament::run(&cmd),
        Some(Command::Class(cmd)) => class::run(&cmd),
        Some(Command::DeadStones(args)) => dead_stones::run(&args),
        Some(Command::Selfplay(args)) => selfplay::run_selfplay(&args),
        None => run_app(cli.app),
    }
}

fn run_gtp(args: &GtpArgs) -> ExitCode {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let options = crate::gtp::EngineOptions {
        capture: args.capture,
        start: args.start,
        level: args.level,
        seed: args.seed,
    };
    match crate::gtp::serve_with(options, stdin.lock(), stdout.lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tianyuan gtp: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_app(args: AppArgs) -> ExitCode {
    let open = args.open.or(args.file);
    if let Some(out) = args.screenshot {
        let lang = args.lang.unwrap_or_else(crate::locale::system_lang);
        return match crate::app::screenshot_in(&out, open.as_deref(), args.move_no, args.size, lang)
        {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("tianyuan: screenshot failed: {e}");
                ExitCode::FAILURE
            }
        };
    }
    let setup = match args.setup.as_deref().map(setup_line) {
        None => None,
        Some(Ok(setup)) => Some(setup),
        Some(Err(e)) => {
            eprintln!("tianyuan: --setup: {e}");
            return ExitCode::from(2);
        }
    };
    let pin = std::env::var("TIANYUAN_ARBITER_PIN")
        .ok()
        .filter(|p| !p.is_empty());
    crate::app::run(crate::app::AppOptions {
        open,
        lang: args.lang,
        audio_log: args.audio_log,
        system_locale: crate::locale::system_locale(),
        setup,
        start: args.start,
        pin,
    })
}

/// The setup of `--setup`: the arbiter's shorthand setup line, with or without its leading
/// `setup` word.
pub fn setup_line(text: &str) -> Result<crate::session::GameSetup, String> {
    let trimmed = text.trim();
    let line = if trimmed == "setup" || trimmed.starts_with("setup ") {
        trimmed.to_owned()
    } else {
        format!("setup {trimmed}")
    };
    crate::session::shorthand::parse_setup(&line)
}
