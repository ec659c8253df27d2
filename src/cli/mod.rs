//! The command line: `tianyuan [FILE]` opens the app; subcommands reach the core without it.
//!
//! Each subcommand lives in its own file with its clap arguments and a `run` function; this
//! module only defines the top level and dispatches. Reading and writing files happens here
//! and in those files, never in the pure core.

pub mod check;
pub mod clock;
pub mod clock_talk;
pub mod desk;
pub mod diagram;
pub mod engine;
pub mod hall;
pub mod problems;
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
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Speak GTP version 2 on stdin/stdout over the rules core (for other Go programs).
    Gtp,
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
    /// Tournaments (Art. 26–29): pairings, results, standings, OpenGotha/EGF/CSV/HTML files.
    #[command(subcommand)]
    Tournament(tournament::TournamentCommand),
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
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Gtp) => run_gtp(),
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
        None => run_app(cli.app),
    }
}

fn run_gtp() -> ExitCode {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    match crate::gtp::serve(stdin.lock(), stdout.lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tianyuan gtp: {e}");
            ExitCode::FAILURE
        }
    }
}

fn system_locale() -> Option<String> {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .find(|v| !v.is_empty())
}

fn run_app(args: AppArgs) -> ExitCode {
    let open = args.open.or(args.file);
    if let Some(out) = args.screenshot {
        let lang = args
            .lang
            .unwrap_or_else(|| Lang::from_env(|v| std::env::var(v).ok()));
        return match crate::app::screenshot_in(&out, open.as_deref(), args.move_no, args.size, lang)
        {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("tianyuan: screenshot failed: {e}");
                ExitCode::FAILURE
            }
        };
    }
    crate::app::run(crate::app::AppOptions {
        open,
        lang: args.lang,
        audio_log: args.audio_log,
        system_locale: system_locale(),
    })
}
